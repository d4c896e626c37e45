// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * fprobe and tracepoint-probe events: the "f" and "t" commands of
 * dynamic_events, on top of fprobe (kernel/trace/fprobe.c).
 *
 *   f[:[GRP/][EVENT]] FUNC[%return] [ARGS]   a function's entry or return
 *   t[:[GRP/][EVENT]] TRACEPOINT [ARGS]      a tracepoint's arguments
 *
 * A tracepoint probe attaches the tracepoint's do-nothing stub
 * (__probestub_<name>) to the tracepoint, with the event as the stub's
 * data, and puts an fprobe on the stub's entry: $argN is the tracepoint's
 * N-th argument.  A tracepoint of a module that is not loaded is found
 * when the module comes, and let go when it goes.
 *
 * The event object is the probe event base's (trace_probe_event.c);
 * this file attaches it with an fprobe (and a tracepoint's stub).
 *
 * Locking: the kind's mutex (fprobe_events.mutex) protects the events'
 * list and each event's creation and removal.  The probe is registered
 * while at least one event file (instance) has the event enabled;
 * ->armed, ->tpoint and ->tp_mod change under event_mutex, as the files
 * do.  Lock order: the tracepoint module mutex, fprobe_events.mutex,
 * event_mutex.  The handlers read the files under RCU (the fprobe
 * callbacks run with preemption off); the rest they read is immutable
 * while the probe is registered.
 */
#include <linux/fprobe.h>
#include <linux/ctype.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/rculist.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/tracepoint.h>

#include "trace_probe_event.h"

#define FPROBE_MAXACTIVE_MAX	4096

/**
 * struct trace_fprobe - an fprobe or tracepoint-probe event
 * @ev: the event
 * @fp: the fprobe, registered while @armed
 * @symbol: the function's or the tracepoint's name
 * @addr: the function's address (fprobe events)
 * @tpoint: the tracepoint, NULL while its module is not loaded
 * @tp_mod: the module @tpoint is in, NULL for vmlinux
 * @armed: @fp is registered (and the stub attached to @tpoint)
 * @is_tracepoint: a tracepoint probe
 * @nr_eargs: entry arguments a return probe saves for its $argN
 */
struct trace_fprobe {
	struct probe_event	ev;
	struct fprobe		fp;
	char			*symbol;
	unsigned long		addr;
	struct tracepoint	*tpoint;
	struct module		*tp_mod;
	bool			armed;
	bool			is_tracepoint;
	int			nr_eargs;
};

static const struct probe_event_ops fprobe_ops;
static const struct probe_def_ops fprobe_def;
static int trace_fprobe_create(int argc, char **argv);
static struct probe_events fprobe_events = {
	.ops	= &fprobe_ops,
	.def	= &fprobe_def,
	.dyn	= { .create = trace_fprobe_create },
};

static struct trace_fprobe *to_fprobe(struct probe_event *ev)
{
	return container_of(ev, struct trace_fprobe, ev);
}

/* --- probe context ----------------------------------------------------------- */

static nokprobe_inline void fprobe_record(struct trace_fprobe *tf,
					  struct pt_regs *regs,
					  unsigned long ip, unsigned long ret_ip,
					  unsigned long *eargs)
{
	struct probe_fetch_ctx ctx = { .regs = regs, .eargs = eargs };

	probe_event_record(&tf->ev, &ctx, regs, ip, ret_ip);
}

static int __kprobes fprobe_event_entry(struct fprobe *fp,
					unsigned long entry_ip,
					unsigned long ret_ip,
					struct pt_regs *regs, void *data)
{
	struct trace_fprobe *tf = container_of(fp, struct trace_fprobe, fp);

	/* The stub runs for every tracepoint probe on it: ours has us as data. */
	if (tf->is_tracepoint &&
	    regs_get_kernel_argument(regs, 0) != (unsigned long)tf)
		return 0;
	if (tf->ev.is_return) {
		probe_args_save_eargs(regs, data, tf->nr_eargs);
		return 0;
	}
	/* A tracepoint probe is reported at its tracepoint's stub. */
	fprobe_record(tf, regs, entry_ip, 0, NULL);
	return 0;
}

static void __kprobes fprobe_event_exit(struct fprobe *fp,
					unsigned long entry_ip,
					unsigned long ret_ip,
					struct pt_regs *regs, void *data)
{
	struct trace_fprobe *tf = container_of(fp, struct trace_fprobe, fp);

	fprobe_record(tf, regs, entry_ip, ret_ip, data);
}

/* --- the event ----------------------------------------------------------- */

/*
 * Register the probe; called under event_mutex.  A tracepoint of a
 * module that is not loaded is armed when the module comes.
 */
static int trace_fprobe_arm(struct trace_fprobe *tf)
{
	unsigned long addr = tf->addr;
	int ret;

	lockdep_assert_held(&event_mutex);
	if (tf->armed)
		return 0;
	if (tf->is_tracepoint) {
		if (!tf->tpoint)
			return 0;
		addr = (unsigned long)tf->tpoint->probestub;
		ret = tracepoint_probe_register(tf->tpoint,
						tf->tpoint->probestub, tf);
		if (ret)
			return ret;
	}
	ret = register_fprobe_ips(&tf->fp, &addr, 1);
	if (ret) {
		if (tf->is_tracepoint)
			tracepoint_probe_unregister(tf->tpoint,
						    tf->tpoint->probestub, tf);
		return ret;
	}
	tf->armed = true;
	return 0;
}

/* Unregister the probe; called under event_mutex. */
static void trace_fprobe_disarm(struct trace_fprobe *tf)
{
	lockdep_assert_held(&event_mutex);
	if (!tf->armed)
		return;
	unregister_fprobe(&tf->fp);
	if (tf->is_tracepoint) {
		tracepoint_probe_unregister(tf->tpoint, tf->tpoint->probestub,
					    tf);
		/* The stub may still be running with @tf as its data. */
		tracepoint_synchronize_unregister();
	}
	tf->armed = false;
}

static int fprobe_event_arm(struct probe_event *ev)
{
	return trace_fprobe_arm(to_fprobe(ev));
}

static void fprobe_event_disarm(struct probe_event *ev)
{
	trace_fprobe_disarm(to_fprobe(ev));
}

static const struct probe_event_ops fprobe_ops = {
	.flags		= TRACE_EVENT_FL_FPROBE,
	.head		= PROBE_HEAD_SYM,
	/* The fprobe is registered while a file records the event. */
	.arm		= fprobe_event_arm,
	.disarm		= fprobe_event_disarm,
};

/* --- creation and removal --------------------------------------------------- */

static void trace_fprobe_free(struct probe_event *ev)
{
	struct trace_fprobe *tf = to_fprobe(ev);

	kfree(tf->symbol);
	kfree(tf);
}

/*
 * ->same_name: a definition naming an existing fprobe event: say how it
 * differs, as the kprobe events' append does.  Adding a second place to
 * an event is not written: one that would be appended is EVENT_EXIST.
 */
static int trace_fprobe_refuse_append(struct probe_event *old,
				      struct probe_event *ev,
				      struct probe_log *log, int name_offs)
{
	struct trace_fprobe *of = to_fprobe(old), *tf = to_fprobe(ev);
	int i;

	log->index = 0;
	if (old->is_return != ev->is_return ||
	    of->is_tracepoint != tf->is_tracepoint)
		return probe_log_err(log, 0, PROBE_ERR_DIFF_PROBE_TYPE);
	i = probe_args_differ(old, ev, false);
	if (i >= 0) {
		log->index = i + 2;
		return probe_log_err(log, 0, PROBE_ERR_DIFF_ARG_TYPE);
	}
	if (!strcmp(of->symbol, tf->symbol))
		return probe_log_err(log, 0, PROBE_ERR_SAME_PROBE);
	return probe_log_err(log, name_offs, PROBE_ERR_EVENT_EXIST);
}

struct tpoint_lookup {
	const char		*name;
	struct tracepoint	*tp;
	struct module		*mod;
};

static void tpoint_match_kernel(struct tracepoint *tp, void *priv)
{
	struct tpoint_lookup *l = priv;

	if (!l->tp && !strcmp(tp->name, l->name))
		l->tp = tp;
}

/* Called with the tracepoint module mutex: @mod cannot go meanwhile. */
static void tpoint_match_module(struct tracepoint *tp, struct module *mod,
				void *priv)
{
	struct tpoint_lookup *l = priv;

	if (l->tp || strcmp(tp->name, l->name) || !try_module_get(mod))
		return;
	l->tp = tp;
	l->mod = mod;
}

/*
 * Find the tracepoint @l->name in vmlinux or a loaded module; a module's
 * is returned with a reference on the module.
 */
static void tpoint_lookup(struct tpoint_lookup *l)
{
	for_each_kernel_tracepoint(tpoint_match_kernel, l);
	if (!l->tp)
		for_each_module_tracepoint(tpoint_match_module, l);
}

/* "FUNC[%return]": the function; fills ->addr and ->symbol. */
static int fprobe_parse_func(struct trace_fprobe *tf, char *place,
			     struct probe_log *log)
{
	char *suffix = strchr(place, '%');

	if (suffix) {
		if (strcmp(suffix, "%return"))
			return probe_log_err(log, suffix - place,
					     PROBE_ERR_BAD_ADDR_SUFFIX);
		*suffix = '\0';
		tf->ev.is_return = true;
	}
	tf->addr = kallsyms_lookup_name(place);
	if (!tf->addr || !ftrace_location(tf->addr))
		return probe_log_err(log, 0, PROBE_ERR_BAD_PROBE_ADDR);
	tf->symbol = kstrdup(place, GFP_KERNEL);
	return tf->symbol ? 0 : -ENOMEM;
}

/*
 * "TRACEPOINT": fills ->tpoint (NULL when no loaded code has it: a
 * module may bring it later) and ->symbol.  A module's tracepoint comes
 * with a reference on the module, which the caller drops.
 */
static int fprobe_parse_tpoint(struct trace_fprobe *tf, char *place,
			       struct probe_log *log)
{
	struct tpoint_lookup l = { .name = place };

	if (!probe_name_valid(place))
		return probe_log_err(log, 0, PROBE_ERR_BAD_TP_NAME);
	tf->symbol = kstrdup(place, GFP_KERNEL);
	if (!tf->symbol)
		return -ENOMEM;
	tpoint_lookup(&l);
	if (l.tp && !l.tp->probestub) {
		module_put(l.mod);
		return probe_log_err(log, 0, PROBE_ERR_NO_TRACEPOINT);
	}
	tf->tpoint = l.tp;
	tf->tp_mod = l.mod;
	return 0;
}

/* "f[MAXACTIVE]" or "t": the maxactive, only for a function's return. */
static int fprobe_parse_maxactive(const char *head, int *maxactive,
				  struct probe_log *log)
{
	unsigned long n;

	if (!head[1])
		return 0;
	if (head[0] == 't')
		return probe_log_err(log, 1, PROBE_ERR_BAD_MAXACT_TYPE);
	if (kstrtoul(head + 1, 0, &n) || !n)
		return probe_log_err(log, 1, PROBE_ERR_BAD_MAXACT);
	if (n > FPROBE_MAXACTIVE_MAX)
		return probe_log_err(log, 1, PROBE_ERR_MAXACT_TOO_BIG);
	*maxactive = n;
	return 0;
}

static char *fprobe_default_name(struct probe_event *ev)
{
	struct trace_fprobe *tf = to_fprobe(ev);

	if (tf->is_tracepoint)
		return kstrdup(tf->symbol, GFP_KERNEL);
	return kasprintf(GFP_KERNEL, "%s__%s", tf->symbol,
			 ev->is_return ? "exit" : "entry");
}

/*
 * The arguments name the function's parameters, or the tracepoint's:
 * its stub's, after the stub's data.
 */
static int trace_fprobe_parse_args(struct trace_fprobe *tf, int argc,
				   char **argv, struct probe_log *log)
{
	unsigned int flags = PROBE_CTX_NOREG;
	char *func = NULL;
	int ret;

	flags |= tf->ev.is_return ? PROBE_CTX_RETURN : PROBE_CTX_FENTRY;
	if (tf->is_tracepoint) {
		flags |= PROBE_CTX_TPOINT;
		func = kasprintf(GFP_KERNEL, "__probestub_%s", tf->symbol);
		if (!func)
			return -ENOMEM;
	}
	ret = probe_event_parse_args(&tf->ev, argc, argv, flags,
				     func ?: tf->symbol, log);
	tf->nr_eargs = probe_args_nr_eargs(tf->ev.args, tf->ev.nargs);
	kfree(func);
	return ret;
}

/* The fprobe's handlers and its per-call data. */
static void trace_fprobe_init_fp(struct trace_fprobe *tf, int maxactive)
{
	if (tf->ev.is_return) {
		tf->fp.exit_handler = fprobe_event_exit;
		tf->fp.nr_maxactive = maxactive;
		if (tf->nr_eargs) {
			tf->fp.entry_handler = fprobe_event_entry;
			tf->fp.entry_data_size = tf->nr_eargs * sizeof(long);
		}
	} else {
		tf->fp.entry_handler = fprobe_event_entry;
	}
}

/*
 * Does a fetch argument read $retval?  Then a function's probe is its
 * return probe, "%return" or not, as upstream's.  (On a tracepoint the
 * argument parser refuses $retval.)
 */
static bool fprobe_args_read_retval(int argc, char **argv)
{
	const char *v;
	int i;

	for (i = 0; i < argc; i++) {
		v = strstr(argv[i], "$retval");
		if (v && !isalnum(v[7]) && v[7] != '_')
			return true;
	}
	return false;
}

/*
 * "FUNC[%return]" or "TRACEPOINT", then "f" with MAXACTIVE on a return.
 * @argc and @argv: the fetch arguments.
 */
static int trace_fprobe_parse_place(struct trace_fprobe *tf, char *place,
				    int maxactive, int argc, char **argv,
				    struct probe_log *log)
{
	int ret;

	log->index = 1;
	if (tf->is_tracepoint) {
		ret = fprobe_parse_tpoint(tf, place, log);
	} else {
		ret = fprobe_parse_func(tf, place, log);
		if (fprobe_args_read_retval(argc, argv))
			tf->ev.is_return = true;
	}
	if (!ret && maxactive && !tf->ev.is_return) {
		log->index = 0;
		ret = probe_log_err(log, 1, PROBE_ERR_BAD_MAXACT_TYPE);
	}
	return ret;
}

/*
 * argv[0] is "f[MAXACTIVE][:[GRP/][EVENT]]" or "t[:[GRP/][EVENT]]",
 * argv[1] the function or the tracepoint, then the fetch arguments.  A
 * bad definition is explained in error_log, with a caret under the part
 * at fault.
 */
static int trace_fprobe_create(int argc, char **argv)
{
	char *head = argv[0], *colon, *event = NULL, *group = NULL;
	struct module *tp_mod = NULL;
	struct trace_fprobe *tf;
	struct probe_log log;
	int ret, maxactive = 0, name_offs = 0;

	if (argc < 2 || (head[0] != 'f' && head[0] != 't'))
		return -ECANCELED;
	if (argc - 2 > PROBE_MAX_ARGS)
		return -E2BIG;
	probe_log_init(&log, "trace_fprobe", argc, argv);
	colon = strchr(head, ':');
	if (colon) {
		*colon = '\0';
		name_offs = colon + 1 - head;
	}
	ret = fprobe_parse_maxactive(head, &maxactive, &log);
	tf = ret ? NULL : kzalloc(sizeof(*tf), GFP_KERNEL);
	if (!tf) {
		probe_log_free(&log);
		return ret ?: -ENOMEM;
	}
	tf->is_tracepoint = head[0] == 't';
	ret = probe_event_init(&tf->ev, &fprobe_events, argc - 2);
	if (!ret && colon)
		ret = probe_parse_event_name(colon + 1, name_offs, &group,
					     &event, &log);
	ret = ret ?: trace_fprobe_parse_place(tf, argv[1], maxactive, argc - 2,
					      argv + 2, &log);
	/* The module notifier may change ->tp_mod once @tf is listed. */
	tp_mod = tf->tp_mod;
	if (ret) {
		kfree(group);
		kfree(event);
		goto out;
	}
	ret = probe_event_set_name(&tf->ev, group, event, tf->is_tracepoint ?
				   PROBE_TPOINT_GROUP : PROBE_FPROBE_GROUP);
	ret = ret ?: trace_fprobe_parse_args(tf, argc - 2, argv + 2, &log);
	if (ret)
		goto out;
	trace_fprobe_init_fp(tf, maxactive);
	ret = probe_event_add(&tf->ev, &log, name_offs);
out:
	/* Once listed, the module notifier keeps ->tpoint right. */
	module_put(tp_mod);
	probe_log_free(&log);
	if (ret)
		probe_event_destroy(&tf->ev);
	return ret;
}

/* ->delete_place: "PLACE [ARG...]" must name the probe's place. */
static int trace_fprobe_delete_place(struct probe_event *ev, int argc,
				     char **argv)
{
	if (strcmp(argv[0], to_fprobe(ev)->symbol))
		return -ENOENT;
	return probe_event_remove(ev);
}

static void trace_fprobe_show(struct seq_file *m, struct probe_event *ev)
{
	struct trace_fprobe *tf = to_fprobe(ev);

	seq_putc(m, tf->is_tracepoint ? 't' : 'f');
	if (ev->is_return && tf->fp.nr_maxactive)
		seq_printf(m, "%d", tf->fp.nr_maxactive);
	seq_printf(m, ":%s/%s %s%s", ev->group, ev->call.name, tf->symbol,
		   ev->is_return ? "%return" : "");
	probe_event_show_args(m, ev);
	seq_putc(m, '\n');
}

static const struct probe_def_ops fprobe_def = {
	/* Definitions: one probe an event. */
	.default_name	= fprobe_default_name,
	.same_name	= trace_fprobe_refuse_append,
	.delete_place	= trace_fprobe_delete_place,
	.show		= trace_fprobe_show,
	.free		= trace_fprobe_free,
};

#ifdef CONFIG_MODULES
/* A module's tracepoint came: the probes waiting for it take it. */
static void tpoint_module_coming(struct tracepoint *tp, struct module *mod,
				 void *priv)
{
	struct trace_fprobe *tf;
	int ret;

	list_for_each_entry(tf, &fprobe_events.list, ev.list) {
		if (!tf->is_tracepoint || tf->tpoint ||
		    strcmp(tf->symbol, tp->name))
			continue;
		tf->tpoint = tp;
		tf->tp_mod = mod;
		if (!probe_event_in_use(&tf->ev))
			continue;
		ret = trace_fprobe_arm(tf);
		if (ret)
			pr_warn("tracepoint probe %s/%s: cannot attach to %s (%d)\n",
				tf->ev.group, tf->ev.call.name, tp->name, ret);
	}
}

/*
 * Called with the tracepoint module mutex held, as the module comes or
 * goes: probes on a going module's tracepoints let them go before the
 * module's text and its tracepoints are freed.
 */
static int tpoint_module_notify(struct notifier_block *nb, unsigned long val,
				void *data)
{
	struct tp_module *tp_mod = data;
	struct trace_fprobe *tf;

	guard(mutex)(&fprobe_events.mutex);
	guard(mutex)(&event_mutex);
	if (val == MODULE_STATE_COMING) {
		for_each_tracepoint_in_module(tp_mod->mod, tpoint_module_coming,
					      NULL);
	} else if (val == MODULE_STATE_GOING) {
		list_for_each_entry(tf, &fprobe_events.list, ev.list) {
			if (!tf->is_tracepoint || tf->tp_mod != tp_mod->mod)
				continue;
			trace_fprobe_disarm(tf);
			tf->tpoint = NULL;
			tf->tp_mod = NULL;
		}
	}
	return NOTIFY_DONE;
}

static struct notifier_block tpoint_module_nb = {
	.notifier_call = tpoint_module_notify,
};

static int __init tpoint_module_init(void)
{
	return register_tracepoint_module_notifier(&tpoint_module_nb);
}
#else
static int __init tpoint_module_init(void)
{
	return 0;
}
#endif

static __init int fprobe_events_init(void)
{
	int ret = probe_events_init(&fprobe_events, NULL, NULL);

	return ret ?: tpoint_module_init();
}
device_initcall(fprobe_events_init);
