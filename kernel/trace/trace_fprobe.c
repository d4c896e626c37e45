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
 * Locking: fprobe_event_mutex protects fprobe_event_list and each event's
 * creation and removal.  The probe is registered while at least one event
 * file (instance) has the event enabled; ->files, ->armed, ->tpoint and
 * ->tp_mod change under event_mutex (the event core calls ->reg with it
 * held).  Lock order: the tracepoint module mutex, fprobe_event_mutex,
 * event_mutex.  The handlers read ->files under RCU (the fprobe callbacks
 * run with preemption off); the rest they read is immutable while the
 * probe is registered.
 */
#include <linux/fprobe.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/rculist.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/tracepoint.h>

#include "trace_dynevent.h"
#include "trace_probe.h"

#define FPROBE_MAXACTIVE_MAX	4096

struct fentry_rec {
	struct trace_entry	ent;
	unsigned long		ip;
};

struct fexit_rec {
	struct trace_entry	ent;
	unsigned long		func;
	unsigned long		ret_ip;
};

/* An event file (instance) the probe records into. */
struct fprobe_file_link {
	struct list_head	list;
	struct trace_event_file	*file;
};

/**
 * struct trace_fprobe - an fprobe or tracepoint-probe event
 * @list: on fprobe_event_list (fprobe_event_mutex)
 * @group: the event's system
 * @files: the files recording it (RCU; written under event_mutex)
 * @class: its event class
 * @call: its event
 * @fp: the fprobe, registered while @armed
 * @symbol: the function's or the tracepoint's name
 * @addr: the function's address (fprobe events)
 * @tpoint: the tracepoint, NULL while its module is not loaded
 * @tp_mod: the module @tpoint is in, NULL for vmlinux
 * @armed: @fp is registered (and the stub attached to @tpoint)
 * @is_return: on the function's return
 * @is_tracepoint: a tracepoint probe
 * @fixed: the size of its records' fixed part
 * @nr_eargs: entry arguments a return probe saves for its $argN
 * @nargs: how many arguments
 * @args: its arguments
 */
struct trace_fprobe {
	struct list_head	list;
	char			*group;
	struct list_head	files;
	struct trace_event_class class;
	struct trace_event_call	call;
	struct fprobe		fp;
	char			*symbol;
	unsigned long		addr;
	struct tracepoint	*tpoint;
	struct module		*tp_mod;
	bool			armed;
	bool			is_return;
	bool			is_tracepoint;
	unsigned int		fixed;
	int			nr_eargs;
	int			nargs;
	struct probe_arg	args[] __counted_by(nargs);
};

static DEFINE_MUTEX(fprobe_event_mutex);
static LIST_HEAD(fprobe_event_list);

/* --- probe context ----------------------------------------------------------- */

static nokprobe_inline void fprobe_record(struct trace_fprobe *tf,
					  struct pt_regs *regs,
					  unsigned long ip, unsigned long ret_ip,
					  unsigned long *eargs)
{
	struct probe_fetch_ctx ctx = { .regs = regs, .eargs = eargs };
	struct fprobe_file_link *link;
	struct trace_event_buffer fbuf;
	unsigned int dsize;
	void *rec;

	list_for_each_entry_rcu(link, &tf->files, list) {
		if (trace_trigger_soft_disabled(link->file))
			continue;
		dsize = probe_args_dyn_size(tf->args, tf->nargs, &ctx);
		rec = trace_event_buffer_reserve(&fbuf, link->file,
						 tf->fixed + dsize);
		if (!rec)
			continue;
		fbuf.regs = regs;
		if (tf->is_return) {
			((struct fexit_rec *)rec)->func = ip;
			((struct fexit_rec *)rec)->ret_ip = ret_ip;
		} else {
			((struct fentry_rec *)rec)->ip = ip;
		}
		probe_args_store(tf->args, tf->nargs, &ctx, rec, tf->fixed,
				 tf->fixed + dsize);
		trace_event_buffer_commit(&fbuf);
	}
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
	if (tf->is_return) {
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

static enum print_line_t fprobe_event_print(struct trace_iterator *iter,
					    int flags, struct trace_event *event)
{
	struct trace_fprobe *tf = container_of(event, struct trace_fprobe,
					       call.event);
	struct trace_seq *s = &iter->seq;
	void *rec = iter->ent;

	trace_seq_printf(s, "%s: (", tf->call.name);
	if (tf->is_return) {
		seq_print_ip_sym(s, ((struct fexit_rec *)rec)->ret_ip,
				 TRACE_OPT(SYM_OFFSET));
		trace_seq_puts(s, " <- ");
		seq_print_ip_sym(s, ((struct fexit_rec *)rec)->func, 0);
	} else {
		seq_print_ip_sym(s, ((struct fentry_rec *)rec)->ip,
				 TRACE_OPT(SYM_OFFSET));
	}
	trace_seq_putc(s, ')');
	probe_print_args(s, tf->args, tf->nargs, rec);
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

static struct trace_event_functions fprobe_event_funcs = {
	.trace = fprobe_event_print,
};

static int fprobe_event_fields(struct trace_event_call *call)
{
	struct trace_fprobe *tf = call->data;
	int ret;

	if (tf->is_return) {
		ret = trace_define_field(call, "unsigned long", "__probe_func",
					 offsetof(struct fexit_rec, func),
					 sizeof(long), 0, FILTER_OTHER);
		ret = ret ?: trace_define_field(call, "unsigned long",
					"__probe_ret_ip",
					offsetof(struct fexit_rec, ret_ip),
					sizeof(long), 0, FILTER_OTHER);
	} else {
		ret = trace_define_field(call, "unsigned long", "__probe_ip",
					 offsetof(struct fentry_rec, ip),
					 sizeof(long), 0, FILTER_OTHER);
	}
	return ret ?: probe_define_fields(call, tf->args, tf->nargs);
}

static struct trace_event_fields fprobe_fields_array[] = {
	{ .type = TRACE_FUNCTION_TYPE, .define_fields = fprobe_event_fields },
	{}
};

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

static int fprobe_event_enable(struct trace_fprobe *tf,
			       struct trace_event_file *file)
{
	struct fprobe_file_link *link;
	int ret;

	link = kzalloc(sizeof(*link), GFP_KERNEL);
	if (!link)
		return -ENOMEM;
	link->file = file;
	list_add_tail_rcu(&link->list, &tf->files);
	ret = trace_fprobe_arm(tf);
	if (ret) {
		list_del_rcu(&link->list);
		synchronize_rcu();
		kfree(link);
	}
	return ret;
}

static void fprobe_event_disable(struct trace_fprobe *tf,
				 struct trace_event_file *file)
{
	struct fprobe_file_link *link;

	list_for_each_entry(link, &tf->files, list)
		if (link->file == file)
			break;
	if (list_entry_is_head(link, &tf->files, list))
		return;
	list_del_rcu(&link->list);
	if (list_empty(&tf->files))
		trace_fprobe_disarm(tf);
	/* The handlers may still be walking past @link. */
	synchronize_rcu();
	kfree(link);
}

static int fprobe_event_reg(struct trace_event_call *call,
			    enum trace_reg type, void *data)
{
	struct trace_fprobe *tf = call->data;

	switch (type) {
	case TRACE_REG_REGISTER:
		return fprobe_event_enable(tf, data);
	case TRACE_REG_UNREGISTER:
		fprobe_event_disable(tf, data);
		return 0;
	default:
		return -EOPNOTSUPP;
	}
}

static int fprobe_event_raw_init(struct trace_event_call *call)
{
	return register_trace_event(&call->event) ? 0 : -ENODEV;
}

/* --- creation and removal --------------------------------------------------- */

static void trace_fprobe_free(struct trace_fprobe *tf)
{
	int i;

	for (i = 0; i < tf->nargs; i++)
		probe_arg_free(&tf->args[i]);
	kfree(tf->call.print_fmt);
	kfree(tf->call.name);
	kfree(tf->group);
	kfree(tf->symbol);
	kfree(tf);
}

static struct trace_fprobe *trace_fprobe_find(const char *group,
					      const char *event)
{
	struct trace_fprobe *tf;

	list_for_each_entry(tf, &fprobe_event_list, list)
		if (!strcmp(tf->call.name, event) &&
		    (!group || !strcmp(tf->group, group)))
			return tf;
	return NULL;
}

static int trace_fprobe_register(struct trace_fprobe *tf)
{
	tf->call.class = &tf->class;
	tf->call.event.funcs = &fprobe_event_funcs;
	tf->call.flags = TRACE_EVENT_FL_FPROBE | TRACE_EVENT_FL_DYNAMIC;
	tf->call.data = tf;
	tf->class.system = tf->group;
	tf->class.reg = fprobe_event_reg;
	tf->class.raw_init = fprobe_event_raw_init;
	tf->class.fields_array = fprobe_fields_array;
	INIT_LIST_HEAD(&tf->class.fields);
	return trace_add_event_call(&tf->call);
}

/*
 * A definition naming an existing fprobe event: say how it differs, as
 * the kprobe events' append does.  Adding a second place to an event is
 * not written: one that would be appended is EVENT_EXIST.
 */
static int trace_fprobe_refuse_append(struct trace_fprobe *old,
				      struct trace_fprobe *tf,
				      struct probe_log *log, int name_offs)
{
	int i;

	log->index = 0;
	if (old->is_return != tf->is_return ||
	    old->is_tracepoint != tf->is_tracepoint)
		return probe_log_err(log, 0, PROBE_ERR_DIFF_PROBE_TYPE);
	for (i = 0; i < old->nargs || i < tf->nargs; i++) {
		if (i < old->nargs && i < tf->nargs &&
		    !strcmp(old->args[i].name, tf->args[i].name) &&
		    !strcmp(old->args[i].comm, tf->args[i].comm))
			continue;
		log->index = i + 2;
		return probe_log_err(log, 0, PROBE_ERR_DIFF_ARG_TYPE);
	}
	if (!strcmp(old->symbol, tf->symbol))
		return probe_log_err(log, 0, PROBE_ERR_SAME_PROBE);
	return probe_log_err(log, name_offs, PROBE_ERR_EVENT_EXIST);
}

/* Add the parsed @tf; on success it is on the list. */
static int trace_fprobe_add(struct trace_fprobe *tf, struct probe_log *log,
			    int name_offs)
{
	struct trace_fprobe *old;
	int ret;

	guard(mutex)(&fprobe_event_mutex);
	old = trace_fprobe_find(tf->group, tf->call.name);
	if (old)
		return trace_fprobe_refuse_append(old, tf, log, name_offs);
	if (probe_event_exists(tf->group, tf->call.name)) {
		log->index = 0;
		return probe_log_err(log, name_offs, PROBE_ERR_EVENT_EXIST);
	}
	ret = trace_fprobe_register(tf);
	if (ret) {
		log->index = 1;
		probe_log_err(log, 0, PROBE_ERR_FAIL_REG_PROBE);
		return ret;
	}
	list_add_tail(&tf->list, &fprobe_event_list);
	return 0;
}

static int trace_fprobe_remove(struct trace_fprobe *tf)
{
	int ret;

	if (!list_empty(&tf->files) || trace_event_dyn_busy(&tf->call))
		return -EBUSY;
	ret = trace_remove_event_call(&tf->call);
	if (ret)
		return ret;
	list_del(&tf->list);
	trace_fprobe_free(tf);
	return 0;
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
		tf->is_return = true;
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

static char *fprobe_default_name(struct trace_fprobe *tf)
{
	if (tf->is_tracepoint)
		return kstrdup(tf->symbol, GFP_KERNEL);
	return kasprintf(GFP_KERNEL, "%s__%s", tf->symbol,
			 tf->is_return ? "exit" : "entry");
}

static int trace_fprobe_parse_args(struct trace_fprobe *tf, int argc,
				   char **argv, struct probe_log *log)
{
	unsigned int flags = PROBE_CTX_NOREG;
	int i, ret;

	if (tf->is_return)
		flags |= PROBE_CTX_RETURN;
	if (tf->is_tracepoint)
		flags |= PROBE_CTX_TPOINT;
	for (i = 0; i < argc; i++, tf->nargs++) {
		log->index = i + 2;
		ret = probe_arg_parse(tf->args, i, argv[i], flags, log);
		if (ret)
			return ret;
	}
	tf->nr_eargs = probe_args_nr_eargs(tf->args, tf->nargs);
	tf->fixed = probe_args_layout(tf->args, tf->nargs, tf->is_return ?
				      sizeof(struct fexit_rec) :
				      sizeof(struct fentry_rec));
	tf->call.print_fmt = probe_print_fmt(tf->args, tf->nargs,
					     tf->is_return);
	return tf->call.print_fmt ? 0 : -ENOMEM;
}

/* The fprobe's handlers and its per-call data. */
static void trace_fprobe_init_fp(struct trace_fprobe *tf, int maxactive)
{
	if (tf->is_return) {
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
	if (ret) {
		probe_log_free(&log);
		return ret;
	}

	tf = kzalloc(struct_size(tf, args, argc - 2), GFP_KERNEL);
	if (!tf) {
		probe_log_free(&log);
		return -ENOMEM;
	}
	INIT_LIST_HEAD(&tf->files);
	tf->is_tracepoint = head[0] == 't';
	if (colon)
		ret = probe_parse_event_name(colon + 1, name_offs, &group,
					     &event, &log);
	log.index = 1;
	if (!ret && tf->is_tracepoint) {
		ret = fprobe_parse_tpoint(tf, argv[1], &log);
		tp_mod = tf->tp_mod;
	} else if (!ret) {
		ret = fprobe_parse_func(tf, argv[1], &log);
	}
	if (!ret && maxactive && !tf->is_return) {
		log.index = 0;
		ret = probe_log_err(&log, 1, PROBE_ERR_BAD_MAXACT_TYPE);
	}
	if (ret)
		goto fail;
	tf->group = group ?: kstrdup(tf->is_tracepoint ? PROBE_TPOINT_GROUP :
				     PROBE_FPROBE_GROUP, GFP_KERNEL);
	tf->call.name = event ?: fprobe_default_name(tf);
	group = NULL;
	event = NULL;
	if (!tf->group || !tf->call.name) {
		ret = -ENOMEM;
		goto fail;
	}
	ret = trace_fprobe_parse_args(tf, argc - 2, argv + 2, &log);
	if (ret)
		goto fail;
	trace_fprobe_init_fp(tf, maxactive);

	ret = trace_fprobe_add(tf, &log, name_offs);
	/* Once listed, the module notifier keeps ->tpoint right. */
	module_put(tp_mod);
	probe_log_free(&log);
	if (ret)
		trace_fprobe_free(tf);
	return ret;
fail:
	module_put(tp_mod);
	probe_log_free(&log);
	kfree(group);
	kfree(event);
	trace_fprobe_free(tf);
	return ret;
}

/* "-:[GRP/]EVENT", or "-:GRP/" (an empty @event) for the whole group. */
static int trace_fprobe_delete(const struct dyn_event_kind *kind,
			       const char *group, const char *event, int argc,
			       char **argv)
{
	struct trace_fprobe *tf, *next;
	int ret = -ENOENT;

	guard(mutex)(&fprobe_event_mutex);
	if (*event) {
		tf = trace_fprobe_find(group, event);
		if (!tf)
			return -ENOENT;
		/* "PLACE [ARG...]" must name the probe's place. */
		if (argc && strcmp(argv[0], tf->symbol))
			return -ENOENT;
		return trace_fprobe_remove(tf);
	}
	if (!group || argc)
		return -EINVAL;
	list_for_each_entry_safe(tf, next, &fprobe_event_list, list) {
		if (strcmp(tf->group, group))
			continue;
		ret = trace_fprobe_remove(tf);
		if (ret)
			return ret;
	}
	return ret;
}

static int trace_fprobe_delete_all(const struct dyn_event_kind *kind)
{
	struct trace_fprobe *tf, *next;

	guard(mutex)(&fprobe_event_mutex);
	list_for_each_entry(tf, &fprobe_event_list, list)
		if (!list_empty(&tf->files) || trace_event_dyn_busy(&tf->call))
			return -EBUSY;
	list_for_each_entry_safe(tf, next, &fprobe_event_list, list)
		if (trace_fprobe_remove(tf))
			return -EBUSY;
	return 0;
}

static void trace_fprobe_show_all(const struct dyn_event_kind *kind,
				  struct seq_file *m)
{
	struct trace_fprobe *tf;
	int i;

	guard(mutex)(&fprobe_event_mutex);
	list_for_each_entry(tf, &fprobe_event_list, list) {
		seq_putc(m, tf->is_tracepoint ? 't' : 'f');
		if (tf->is_return && tf->fp.nr_maxactive)
			seq_printf(m, "%d", tf->fp.nr_maxactive);
		seq_printf(m, ":%s/%s %s%s", tf->group, tf->call.name,
			   tf->symbol, tf->is_return ? "%return" : "");
		for (i = 0; i < tf->nargs; i++)
			seq_printf(m, " %s=%s", tf->args[i].name,
				   tf->args[i].comm);
		seq_putc(m, '\n');
	}
}

static struct dyn_event_kind fprobe_kind = {
	.create = trace_fprobe_create,
	.delete = trace_fprobe_delete,
	.delete_all = trace_fprobe_delete_all,
	.show_all = trace_fprobe_show_all,
};

#ifdef CONFIG_MODULES
/* A module's tracepoint came: the probes waiting for it take it. */
static void tpoint_module_coming(struct tracepoint *tp, struct module *mod,
				 void *priv)
{
	struct trace_fprobe *tf;
	int ret;

	list_for_each_entry(tf, &fprobe_event_list, list) {
		if (!tf->is_tracepoint || tf->tpoint ||
		    strcmp(tf->symbol, tp->name))
			continue;
		tf->tpoint = tp;
		tf->tp_mod = mod;
		if (list_empty(&tf->files))
			continue;
		ret = trace_fprobe_arm(tf);
		if (ret)
			pr_warn("tracepoint probe %s/%s: cannot attach to %s (%d)\n",
				tf->group, tf->call.name, tp->name, ret);
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

	guard(mutex)(&fprobe_event_mutex);
	guard(mutex)(&event_mutex);
	if (val == MODULE_STATE_COMING) {
		for_each_tracepoint_in_module(tp_mod->mod, tpoint_module_coming,
					      NULL);
	} else if (val == MODULE_STATE_GOING) {
		list_for_each_entry(tf, &fprobe_event_list, list) {
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
	int ret = dyn_event_register(&fprobe_kind);

	return ret ?: tpoint_module_init();
}
device_initcall(fprobe_events_init);
