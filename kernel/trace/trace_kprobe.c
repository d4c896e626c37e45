// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * kprobe and kretprobe events: kprobe_events, kprobe_profile and the
 * "p"/"r" commands of dynamic_events, on top of kernel/kprobes.c.
 *
 * An event may have several probes (points): a definition naming an
 * existing kprobe event, with the same kind and the same arguments, adds
 * its place to that event ("-:EVENT PLACE" removes just that one).
 *
 * Locking: kprobe_event_mutex protects kprobe_event_list and every event's
 * and point's creation and removal.  A point's kprobe is registered
 * disabled and armed while at least one event file (instance) has the
 * event enabled; the list of those files (->files) and the list of points
 * (->points) change under event_mutex (the event core calls ->reg with it
 * held), and the handlers read the files under RCU.  Everything else the
 * handlers read is immutable while the point is registered.
 */
#include <linux/ctype.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/rculist.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

#include "trace_dynevent.h"
#include "trace_probe.h"

#define KRETPROBE_MAXACTIVE_MAX	4096

struct kprobe_rec {
	struct trace_entry	ent;
	unsigned long		ip;
};

struct kretprobe_rec {
	struct trace_entry	ent;
	unsigned long		func;
	unsigned long		ret_ip;
};

/* An event file (instance) the probe records into. */
struct kprobe_file_link {
	struct list_head	list;
	struct trace_event_file	*file;
};

struct trace_kprobe;

/**
 * struct kprobe_point - one probed place of a kprobe event
 * @list: on its event's ->points
 * @tk: its event
 * @rp: the kretprobe; its kprobe (rp.kp) for an entry probe
 * @nhit: per CPU hits
 * @symbol: the probed symbol ("[mod:]sym"), NULL for an address
 * @registered: @rp is registered; a point on a module that is not
 *	loaded is registered when the module comes
 */
struct kprobe_point {
	struct list_head	list;
	struct trace_kprobe	*tk;
	struct kretprobe	rp;
	unsigned long __percpu	*nhit;
	char			*symbol;
	bool			registered;
};

/**
 * struct trace_kprobe - a kprobe or kretprobe event
 * @list: on kprobe_event_list (kprobe_event_mutex)
 * @points: its probed places, at least one
 * @group: the event's system
 * @files: the files recording it (RCU; written under event_mutex)
 * @class: its event class
 * @call: its event
 * @fixed: the size of its records' fixed part
 * @is_return: a kretprobe
 * @nr_eargs: entry arguments a kretprobe saves for its $argN
 * @nargs: how many arguments
 * @args: its arguments
 */
struct trace_kprobe {
	struct list_head	list;
	struct list_head	points;
	char			*group;
	struct list_head	files;
	struct trace_event_class class;
	struct trace_event_call	call;
	unsigned int		fixed;
	bool			is_return;
	int			nr_eargs;
	int			nargs;
	struct probe_arg	args[] __counted_by(nargs);
};

static DEFINE_MUTEX(kprobe_event_mutex);
static LIST_HEAD(kprobe_event_list);

/* --- probe context ----------------------------------------------------------- */

static nokprobe_inline void kprobe_record(struct trace_kprobe *tk, struct pt_regs *regs,
					  unsigned long ip, unsigned long ret_ip,
					  unsigned long *eargs)
{
	struct probe_fetch_ctx ctx = { .regs = regs, .eargs = eargs };
	struct kprobe_file_link *link;
	struct trace_event_buffer fbuf;
	unsigned int dsize;
	unsigned long *rec;

	list_for_each_entry_rcu(link, &tk->files, list) {
		if (trace_trigger_soft_disabled(link->file))
			continue;
		dsize = probe_args_dyn_size(tk->args, tk->nargs, &ctx);
		rec = trace_event_buffer_reserve(&fbuf, link->file,
						 tk->fixed + dsize);
		if (!rec)
			continue;
		fbuf.regs = regs;
		if (tk->is_return) {
			((struct kretprobe_rec *)rec)->func = ip;
			((struct kretprobe_rec *)rec)->ret_ip = ret_ip;
		} else {
			((struct kprobe_rec *)rec)->ip = ip;
		}
		probe_args_store(tk->args, tk->nargs, &ctx, rec, tk->fixed,
				 tk->fixed + dsize);
		trace_event_buffer_commit(&fbuf);
	}
}

static int __kprobes kprobe_event_hit(struct kprobe *kp, struct pt_regs *regs)
{
	struct kprobe_point *pt = container_of(kp, struct kprobe_point, rp.kp);

	this_cpu_inc(*pt->nhit);
	kprobe_record(pt->tk, regs, (unsigned long)kp->addr, 0, NULL);
	return 0;
}

static int __kprobes kretprobe_event_hit(struct kretprobe_instance *ri,
					 struct pt_regs *regs)
{
	struct kretprobe *rp = get_kretprobe(ri);
	struct kprobe_point *pt = container_of(rp, struct kprobe_point, rp);

	this_cpu_inc(*pt->nhit);
	kprobe_record(pt->tk, regs, (unsigned long)rp->kp.addr,
		      get_kretprobe_retaddr(ri),
		      pt->tk->nr_eargs ? (unsigned long *)ri->data : NULL);
	return 0;
}

/* A kretprobe whose arguments read $argN saves them at the entry. */
static int __kprobes kretprobe_event_entry(struct kretprobe_instance *ri,
					   struct pt_regs *regs)
{
	struct kretprobe *rp = get_kretprobe(ri);
	struct kprobe_point *pt = container_of(rp, struct kprobe_point, rp);

	probe_args_save_eargs(regs, (unsigned long *)ri->data,
			      pt->tk->nr_eargs);
	return 0;
}

/* --- the event ----------------------------------------------------------- */

static enum print_line_t kprobe_event_print(struct trace_iterator *iter,
					    int flags, struct trace_event *event)
{
	struct trace_kprobe *tk = container_of(event, struct trace_kprobe,
					       call.event);
	struct trace_seq *s = &iter->seq;
	void *rec = iter->ent;

	trace_seq_printf(s, "%s: (", tk->call.name);
	if (tk->is_return) {
		seq_print_ip_sym(s, ((struct kretprobe_rec *)rec)->ret_ip,
				 TRACE_OPT(SYM_OFFSET));
		trace_seq_puts(s, " <- ");
		seq_print_ip_sym(s, ((struct kretprobe_rec *)rec)->func, 0);
	} else {
		seq_print_ip_sym(s, ((struct kprobe_rec *)rec)->ip,
				 TRACE_OPT(SYM_OFFSET));
	}
	trace_seq_putc(s, ')');
	probe_print_args(s, tk->args, tk->nargs, rec);
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

static struct trace_event_functions kprobe_event_funcs = {
	.trace = kprobe_event_print,
};

static int kprobe_event_fields(struct trace_event_call *call)
{
	struct trace_kprobe *tk = call->data;
	int ret;

	if (tk->is_return) {
		ret = trace_define_field(call, "unsigned long", "__probe_func",
					 offsetof(struct kretprobe_rec, func),
					 sizeof(long), 0, FILTER_OTHER);
		ret = ret ?: trace_define_field(call, "unsigned long",
					"__probe_ret_ip",
					offsetof(struct kretprobe_rec, ret_ip),
					sizeof(long), 0, FILTER_OTHER);
	} else {
		ret = trace_define_field(call, "unsigned long", "__probe_ip",
					 offsetof(struct kprobe_rec, ip),
					 sizeof(long), 0, FILTER_OTHER);
	}
	return ret ?: probe_define_fields(call, tk->args, tk->nargs);
}

static struct trace_event_fields kprobe_fields_array[] = {
	{ .type = TRACE_FUNCTION_TYPE, .define_fields = kprobe_event_fields },
	{}
};

/*
 * A point whose module is not loaded (not registered yet, or gone with
 * the module) is armed when the module comes back.
 */
static bool kprobe_point_live(struct kprobe_point *pt)
{
	return pt->registered && !kprobe_gone(&pt->rp.kp);
}

static int kprobe_point_arm(struct kprobe_point *pt)
{
	if (!kprobe_point_live(pt))
		return 0;
	return pt->tk->is_return ? enable_kretprobe(&pt->rp) :
				   enable_kprobe(&pt->rp.kp);
}

static void kprobe_point_disarm(struct kprobe_point *pt)
{
	if (!kprobe_point_live(pt))
		return;
	if (pt->tk->is_return)
		disable_kretprobe(&pt->rp);
	else
		disable_kprobe(&pt->rp.kp);
}

/* Arm every point of @tk, or none. */
static int kprobe_points_arm(struct trace_kprobe *tk)
{
	struct kprobe_point *pt;
	int ret;

	list_for_each_entry(pt, &tk->points, list) {
		ret = kprobe_point_arm(pt);
		if (!ret)
			continue;
		list_for_each_entry_continue_reverse(pt, &tk->points, list)
			kprobe_point_disarm(pt);
		return ret;
	}
	return 0;
}

/* Arm the probe for @file; called by the event core under event_mutex. */
static int kprobe_event_enable(struct trace_kprobe *tk,
			       struct trace_event_file *file)
{
	struct kprobe_file_link *link;
	bool first = list_empty(&tk->files);
	int ret;

	link = kzalloc(sizeof(*link), GFP_KERNEL);
	if (!link)
		return -ENOMEM;
	link->file = file;
	list_add_tail_rcu(&link->list, &tk->files);
	if (!first)
		return 0;
	ret = kprobe_points_arm(tk);
	if (ret) {
		list_del_rcu(&link->list);
		synchronize_rcu();
		kfree(link);
	}
	return ret;
}

static void kprobe_event_disable(struct trace_kprobe *tk,
				 struct trace_event_file *file)
{
	struct kprobe_file_link *link;
	struct kprobe_point *pt;

	list_for_each_entry(link, &tk->files, list)
		if (link->file == file)
			break;
	if (list_entry_is_head(link, &tk->files, list))
		return;
	list_del_rcu(&link->list);
	if (list_empty(&tk->files))
		list_for_each_entry(pt, &tk->points, list)
			kprobe_point_disarm(pt);
	/* The handlers may still be walking past @link. */
	synchronize_rcu();
	kfree(link);
}

static int kprobe_event_reg(struct trace_event_call *call,
			    enum trace_reg type, void *data)
{
	struct trace_kprobe *tk = call->data;

	switch (type) {
	case TRACE_REG_REGISTER:
		return kprobe_event_enable(tk, data);
	case TRACE_REG_UNREGISTER:
		kprobe_event_disable(tk, data);
		return 0;
	default:
		return -EOPNOTSUPP;
	}
}

static int kprobe_event_raw_init(struct trace_event_call *call)
{
	return register_trace_event(&call->event) ? 0 : -ENODEV;
}

/* --- creation and removal --------------------------------------------------- */

static void kprobe_point_free(struct kprobe_point *pt)
{
	kfree(pt->symbol);
	free_percpu(pt->nhit);
	kfree(pt);
}

/* Frees @tk and its points, none of them registered. */
static void trace_kprobe_free(struct trace_kprobe *tk)
{
	struct kprobe_point *pt, *next;
	int i;

	list_for_each_entry_safe(pt, next, &tk->points, list)
		kprobe_point_free(pt);
	for (i = 0; i < tk->nargs; i++)
		probe_arg_free(&tk->args[i]);
	kfree(tk->call.print_fmt);
	kfree(tk->call.name);
	kfree(tk->group);
	kfree(tk);
}

/* The module of a "MOD:SYM" point, in @buf; false for vmlinux. */
static bool kprobe_point_module(struct kprobe_point *pt, char *buf,
				size_t size)
{
	const char *colon = pt->symbol ? strchr(pt->symbol, ':') : NULL;

	if (!colon)
		return false;
	strscpy(buf, pt->symbol, min_t(size_t, colon - pt->symbol + 1, size));
	return true;
}

static bool kprobe_module_loaded(const char *name)
{
	bool loaded;

	/* find_module() wants module_mutex or preemption off. */
	preempt_disable();
	loaded = find_module(name);
	preempt_enable();
	return loaded;
}

/*
 * Register @pt disabled.  A point on a module that is not loaded waits
 * for it: that is no error.
 */
static int kprobe_point_register(struct kprobe_point *pt)
{
	char mod[MODULE_NAME_LEN];
	int ret;

	/* Registering again after the module went: start afresh. */
	if (pt->symbol)
		pt->rp.kp.addr = NULL;
	pt->rp.kp.flags = KPROBE_FLAG_DISABLED;
	if (pt->tk->is_return)
		ret = register_kretprobe(&pt->rp);
	else
		ret = register_kprobe(&pt->rp.kp);
	if (!ret)
		pt->registered = true;
	else if (ret == -ENOENT && kprobe_point_module(pt, mod, sizeof(mod)) &&
		 !kprobe_module_loaded(mod))
		ret = 0;
	return ret;
}

static void kprobe_point_unregister(struct kprobe_point *pt)
{
	if (!pt->registered)
		return;
	if (pt->tk->is_return)
		unregister_kretprobe(&pt->rp);
	else
		unregister_kprobe(&pt->rp.kp);
	pt->registered = false;
}

/* "SYM", "SYM+OFFS" or "0xADDR": the place as kprobe_events shows it. */
static void kprobe_point_place(struct kprobe_point *pt, char *buf,
			       size_t size)
{
	if (!pt->symbol)
		snprintf(buf, size, "0x%lx", (unsigned long)pt->rp.kp.addr);
	else if (pt->rp.kp.offset)
		snprintf(buf, size, "%s+%u", pt->symbol, pt->rp.kp.offset);
	else
		snprintf(buf, size, "%s", pt->symbol);
}

static struct trace_kprobe *trace_kprobe_find(const char *group,
					      const char *event)
{
	struct trace_kprobe *tk;

	list_for_each_entry(tk, &kprobe_event_list, list)
		if (!strcmp(tk->call.name, event) &&
		    (!group || !strcmp(tk->group, group)))
			return tk;
	return NULL;
}

/* Register a new event and its one point. */
static int trace_kprobe_register(struct trace_kprobe *tk)
{
	struct kprobe_point *pt = list_first_entry(&tk->points,
						   struct kprobe_point, list);
	int ret;

	ret = kprobe_point_register(pt);
	if (ret)
		return ret;

	tk->call.class = &tk->class;
	tk->call.event.funcs = &kprobe_event_funcs;
	tk->call.flags = TRACE_EVENT_FL_KPROBE | TRACE_EVENT_FL_DYNAMIC;
	tk->call.data = tk;
	tk->class.system = tk->group;
	tk->class.reg = kprobe_event_reg;
	tk->class.raw_init = kprobe_event_raw_init;
	tk->class.fields_array = kprobe_fields_array;
	INIT_LIST_HEAD(&tk->class.fields);
	ret = trace_add_event_call(&tk->call);
	if (ret)
		kprobe_point_unregister(pt);
	return ret;
}

static int trace_kprobe_unregister(struct trace_kprobe *tk)
{
	struct kprobe_point *pt;
	int ret;

	if (!list_empty(&tk->files) || trace_event_dyn_busy(&tk->call))
		return -EBUSY;
	ret = trace_remove_event_call(&tk->call);
	if (ret)
		return ret;
	list_for_each_entry(pt, &tk->points, list)
		kprobe_point_unregister(pt);
	return 0;
}

/* Say why registering a parsed probe, or its point, failed. */
static void kprobe_log_add_err(int err, int name_offs, struct probe_log *log)
{
	switch (err) {
	case -ENOMEM:
		return;
	case -EEXIST:
		log->index = 0;
		probe_log_err(log, name_offs, PROBE_ERR_EVENT_EXIST);
		return;
	case -ENOENT:
		log->index = 1;
		probe_log_err(log, 0, PROBE_ERR_BAD_PROBE_ADDR);
		return;
	case -EILSEQ:
		log->index = 1;
		probe_log_err(log, 0, PROBE_ERR_BAD_INSN_BNDRY);
		return;
	default:
		log->index = 1;
		probe_log_err(log, 0, PROBE_ERR_FAIL_REG_PROBE);
	}
}

static bool kprobe_point_same(struct kprobe_point *a, struct kprobe_point *b)
{
	if (!a->symbol || !b->symbol)
		return !a->symbol && !b->symbol && a->rp.kp.addr == b->rp.kp.addr;
	return !strcmp(a->symbol, b->symbol) &&
	       a->rp.kp.offset == b->rp.kp.offset;
}

/*
 * Add the one point of the parsed @tk to the existing event @old, which
 * must be of the same kind with the same arguments, and not probe that
 * place yet.  On success @tk is left without points.
 */
static int trace_kprobe_append(struct trace_kprobe *old,
			       struct trace_kprobe *tk, struct probe_log *log)
{
	struct kprobe_point *pt = list_first_entry(&tk->points,
						   struct kprobe_point, list);
	struct kprobe_point *p;
	int i, ret;

	log->index = 0;
	if (old->is_return != tk->is_return) {
		probe_log_err(log, 0, PROBE_ERR_DIFF_PROBE_TYPE);
		return -EEXIST;
	}
	for (i = 0; i < old->nargs || i < tk->nargs; i++) {
		if (i < old->nargs && i < tk->nargs &&
		    !strcmp(old->args[i].name, tk->args[i].name) &&
		    !strcmp(old->args[i].comm, tk->args[i].comm))
			continue;
		log->index = i + 2;
		probe_log_err(log, 0, PROBE_ERR_DIFF_ARG_TYPE);
		return -EEXIST;
	}
	list_for_each_entry(p, &old->points, list) {
		if (kprobe_point_same(p, pt)) {
			probe_log_err(log, 0, PROBE_ERR_SAME_PROBE);
			return -EEXIST;
		}
	}

	pt->tk = old;
	ret = kprobe_point_register(pt);
	if (ret) {
		pt->tk = tk;
		kprobe_log_add_err(ret, 0, log);
		return ret;
	}
	mutex_lock(&event_mutex);
	ret = list_empty(&old->files) ? 0 : kprobe_point_arm(pt);
	if (!ret)
		list_move_tail(&pt->list, &old->points);
	mutex_unlock(&event_mutex);
	if (ret) {
		kprobe_point_unregister(pt);
		pt->tk = tk;
		kprobe_log_add_err(ret, 0, log);
	}
	return ret;
}

/*
 * Register @tk as a new event, or add its point to the kprobe event of
 * that name.  Return: 0 when @tk was registered, 1 when its point went
 * to an existing event (@tk is left to free), or a -errno.
 */
static int trace_kprobe_add(struct trace_kprobe *tk, struct probe_log *log,
			    int name_offs)
{
	struct trace_kprobe *old;
	int ret;

	guard(mutex)(&kprobe_event_mutex);
	old = trace_kprobe_find(tk->group, tk->call.name);
	if (old) {
		ret = trace_kprobe_append(old, tk, log);
		return ret ?: 1;
	}
	if (probe_event_exists(tk->group, tk->call.name)) {
		kprobe_log_add_err(-EEXIST, name_offs, log);
		return -EEXIST;
	}
	ret = trace_kprobe_register(tk);
	if (ret) {
		kprobe_log_add_err(ret, name_offs, log);
		return ret;
	}
	list_add_tail(&tk->list, &kprobe_event_list);
	return 0;
}

static int kprobe_count_one(void *data, unsigned long addr)
{
	(*(unsigned int *)data)++;
	return 0;
}

static unsigned int kprobe_symbol_count(const char *name)
{
	unsigned int count = 0;

	kallsyms_on_each_match_symbol(kprobe_count_one, name, &count);
	return count;
}

/* "[MOD:]SYM[+offs][%return]" or "MEMADDR": fill the kprobe's place. */
static int kprobe_parse_place(struct trace_kprobe *tk,
			      struct kprobe_point *pt, char *place,
			      struct probe_log *log)
{
	char *suffix = strchr(place, '%');
	unsigned long addr, off = 0;
	char *plus;

	if (suffix) {
		if (strcmp(suffix, "%return"))
			return probe_log_err(log, suffix - place,
					     PROBE_ERR_BAD_ADDR_SUFFIX);
		*suffix = '\0';
		tk->is_return = true;
	}
	if (!kstrtoul(place, 0, &addr)) {
		pt->rp.kp.addr = (void *)addr;
		return 0;
	}
	plus = strchr(place, '+');
	if (plus) {
		if (kstrtoul(plus + 1, 0, &off))
			return probe_log_err(log, 0, PROBE_ERR_BAD_PROBE_ADDR);
		*plus = '\0';
	}
	/* A return probe sits on a function's entry. */
	if (tk->is_return && off)
		return probe_log_err(log, 0, PROBE_ERR_BAD_RETPROBE);
	/* A name that several (static) functions share is ambiguous. */
	if (!strchr(place, ':') && kprobe_symbol_count(place) > 1) {
		probe_log_err(log, 0, PROBE_ERR_NON_UNIQ_SYMBOL);
		return -EADDRNOTAVAIL;
	}
	pt->symbol = kstrdup(place, GFP_KERNEL);
	if (!pt->symbol)
		return -ENOMEM;
	pt->rp.kp.symbol_name = pt->symbol;
	pt->rp.kp.offset = off;
	return 0;
}

static char *kprobe_default_name(struct trace_kprobe *tk,
				 struct kprobe_point *pt)
{
	char c = tk->is_return ? 'r' : 'p';
	char *name, *p;

	if (!pt->symbol)
		return kasprintf(GFP_KERNEL, "%c_0x%lx", c,
				 (unsigned long)pt->rp.kp.addr);
	name = kasprintf(GFP_KERNEL, "%c_%s_%u", c, pt->symbol,
			 pt->rp.kp.offset);
	/* "mod:sym" gives "p_mod_sym_0". */
	for (p = name; p && *p; p++)
		if (!isalnum(*p) && *p != '_')
			*p = '_';
	return name;
}

/* "p" or "rMAXACTIVE" (the first word up to its ':'): the maxactive. */
static int kprobe_parse_maxactive(const char *head, unsigned long *maxactive,
				  struct probe_log *log)
{
	if (!head[1])
		return 0;
	if (head[0] != 'r')
		return probe_log_err(log, 1, PROBE_ERR_BAD_MAXACT_TYPE);
	if (kstrtoul(head + 1, 0, maxactive) || !*maxactive)
		return probe_log_err(log, 1, PROBE_ERR_BAD_MAXACT);
	if (*maxactive > KRETPROBE_MAXACTIVE_MAX)
		return probe_log_err(log, 1, PROBE_ERR_MAXACT_TOO_BIG);
	return 0;
}

/*
 * argv[0] is "p[:[GRP/]EVENT]" or "r[MAXACTIVE][:[GRP/]EVENT]", argv[1]
 * the place, then the fetch arguments.  A bad definition is explained in
 * error_log, with a caret under the part at fault.
 */
static int trace_kprobe_create(int argc, char **argv)
{
	char *head = argv[0], *colon, *event = NULL, *group = NULL;
	unsigned long maxactive = 0;
	struct kprobe_point *pt;
	struct trace_kprobe *tk;
	struct probe_log log;
	int i, ret, name_offs = 0;

	if (argc < 2 || (head[0] != 'p' && head[0] != 'r'))
		return -ECANCELED;
	/* "PATH:OFFSET" is a uprobe's place: another kind's definition. */
	if (strchr(argv[1], '/') && strchr(argv[1], ':'))
		return -ECANCELED;
	if (argc - 2 > PROBE_MAX_ARGS)
		return -E2BIG;
	probe_log_init(&log, "trace_kprobe", argc, argv);
	colon = strchr(head, ':');
	if (colon) {
		*colon = '\0';
		name_offs = colon + 1 - head;
	}
	ret = kprobe_parse_maxactive(head, &maxactive, &log);
	if (ret) {
		probe_log_free(&log);
		return ret;
	}

	tk = kzalloc(struct_size(tk, args, argc - 2), GFP_KERNEL);
	if (!tk) {
		probe_log_free(&log);
		return -ENOMEM;
	}
	INIT_LIST_HEAD(&tk->files);
	INIT_LIST_HEAD(&tk->points);
	pt = kzalloc(sizeof(*pt), GFP_KERNEL);
	if (pt) {
		pt->tk = tk;
		list_add(&pt->list, &tk->points);
		pt->nhit = alloc_percpu(unsigned long);
	}
	ret = pt && pt->nhit ? 0 : -ENOMEM;
	tk->is_return = head[0] == 'r';
	if (!ret && colon)
		ret = probe_parse_event_name(colon + 1, name_offs, &group,
					     &event, &log);
	log.index = 1;
	ret = ret ?: kprobe_parse_place(tk, pt, argv[1], &log);
	if (ret)
		goto fail;
	pt->rp.maxactive = maxactive;
	/* register_kretprobe() installs its own pre_handler. */
	pt->rp.kp.pre_handler = kprobe_event_hit;
	pt->rp.handler = kretprobe_event_hit;
	tk->group = group ?: kstrdup(PROBE_DEFAULT_GROUP, GFP_KERNEL);
	tk->call.name = event ?: kprobe_default_name(tk, pt);
	group = NULL;
	event = NULL;
	if (!tk->group || !tk->call.name) {
		ret = -ENOMEM;
		goto fail;
	}

	for (i = 0; i < argc - 2; i++, tk->nargs++) {
		log.index = i + 2;
		ret = probe_arg_parse(tk->args, i, argv[i + 2],
				      tk->is_return ? PROBE_CTX_RETURN : 0,
				      &log);
		if (ret)
			goto fail;
	}
	tk->nr_eargs = probe_args_nr_eargs(tk->args, tk->nargs);
	if (tk->nr_eargs) {
		pt->rp.entry_handler = kretprobe_event_entry;
		pt->rp.data_size = tk->nr_eargs * sizeof(long);
	}
	tk->fixed = probe_args_layout(tk->args, tk->nargs, tk->is_return ?
				      sizeof(struct kretprobe_rec) :
				      sizeof(struct kprobe_rec));
	tk->call.print_fmt = probe_print_fmt(tk->args, tk->nargs,
					     tk->is_return);
	if (!tk->call.print_fmt) {
		ret = -ENOMEM;
		goto fail;
	}

	ret = trace_kprobe_add(tk, &log, name_offs);
	if (ret >= 0) {
		probe_log_free(&log);
		if (ret)
			trace_kprobe_free(tk);
		return 0;
	}
fail:
	probe_log_free(&log);
	kfree(group);
	kfree(event);
	trace_kprobe_free(tk);
	return ret;
}

static int trace_kprobe_remove(struct trace_kprobe *tk)
{
	int ret = trace_kprobe_unregister(tk);

	if (ret)
		return ret;
	list_del(&tk->list);
	trace_kprobe_free(tk);
	return 0;
}

/* Does "PLACE [ARG...]" of a removal name @pt of @tk? */
static bool kprobe_point_match(struct trace_kprobe *tk,
			       struct kprobe_point *pt, int argc, char **argv)
{
	char place[KSYM_NAME_LEN + 16];
	struct probe_arg *a;
	int i;

	kprobe_point_place(pt, place, sizeof(place));
	if (strcmp(argv[0], place) || argc - 1 > tk->nargs)
		return false;
	for (i = 1; i < argc; i++) {
		a = &tk->args[i - 1];
		if (strcmp(argv[i], a->comm) &&
		    !(str_has_prefix(argv[i], a->name) &&
		      argv[i][strlen(a->name)] == '=' &&
		      !strcmp(argv[i] + strlen(a->name) + 1, a->comm)))
			return false;
	}
	return true;
}

/* Remove the point of @tk that "PLACE [ARG...]" names. */
static int trace_kprobe_remove_point(struct trace_kprobe *tk, int argc,
				     char **argv)
{
	struct kprobe_point *pt;

	list_for_each_entry(pt, &tk->points, list)
		if (kprobe_point_match(tk, pt, argc, argv))
			break;
	if (list_entry_is_head(pt, &tk->points, list))
		return -ENOENT;
	if (list_is_singular(&tk->points))
		return trace_kprobe_remove(tk);
	if (!list_empty(&tk->files) || trace_event_dyn_busy(&tk->call))
		return -EBUSY;
	mutex_lock(&event_mutex);
	list_del(&pt->list);
	mutex_unlock(&event_mutex);
	kprobe_point_unregister(pt);
	kprobe_point_free(pt);
	return 0;
}

/*
 * "-:[GRP/]EVENT [PLACE [ARG...]]": the event, or only its point at
 * PLACE; "-:GRP/" (an empty @event) removes every event of the group.
 */
static int trace_kprobe_delete(const char *group, const char *event,
			       int argc, char **argv)
{
	struct trace_kprobe *tk, *next;
	int ret = -ENOENT;

	guard(mutex)(&kprobe_event_mutex);
	if (*event) {
		tk = trace_kprobe_find(group, event);
		if (!tk)
			return -ENOENT;
		return argc ? trace_kprobe_remove_point(tk, argc, argv) :
			      trace_kprobe_remove(tk);
	}
	if (!group || argc)
		return -EINVAL;
	list_for_each_entry_safe(tk, next, &kprobe_event_list, list) {
		if (strcmp(tk->group, group))
			continue;
		ret = trace_kprobe_remove(tk);
		if (ret)
			return ret;
	}
	return ret;
}

static int trace_kprobe_delete_all(void)
{
	struct trace_kprobe *tk, *next;

	guard(mutex)(&kprobe_event_mutex);
	list_for_each_entry(tk, &kprobe_event_list, list)
		if (!list_empty(&tk->files) || trace_event_dyn_busy(&tk->call))
			return -EBUSY;
	list_for_each_entry_safe(tk, next, &kprobe_event_list, list)
		if (trace_kprobe_remove(tk))
			return -EBUSY;
	return 0;
}

/* One line per point: its definition. */
static void trace_kprobe_show(struct seq_file *m, struct trace_kprobe *tk)
{
	char place[KSYM_NAME_LEN + 16];
	struct kprobe_point *pt;
	int i;

	list_for_each_entry(pt, &tk->points, list) {
		seq_putc(m, tk->is_return ? 'r' : 'p');
		if (tk->is_return && pt->rp.maxactive)
			seq_printf(m, "%d", pt->rp.maxactive);
		kprobe_point_place(pt, place, sizeof(place));
		seq_printf(m, ":%s/%s %s", tk->group, tk->call.name, place);
		for (i = 0; i < tk->nargs; i++)
			seq_printf(m, " %s=%s", tk->args[i].name,
				   tk->args[i].comm);
		seq_putc(m, '\n');
	}
}

static void trace_kprobe_show_all(struct seq_file *m)
{
	struct trace_kprobe *tk;

	guard(mutex)(&kprobe_event_mutex);
	list_for_each_entry(tk, &kprobe_event_list, list)
		trace_kprobe_show(m, tk);
}

static struct dyn_event_kind kprobe_kind = {
	.create = trace_kprobe_create,
	.delete = trace_kprobe_delete,
	.delete_all = trace_kprobe_delete_all,
	.show_all = trace_kprobe_show_all,
};

/* --- kprobe_events and kprobe_profile ----------------------------------------- */

static int kprobe_events_open(struct inode *inode, struct file *file)
{
	return dyn_event_open(inode, file, &kprobe_kind);
}

static ssize_t kprobe_events_write(struct file *file, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	return dyn_event_write(file, ubuf, cnt, ppos, &kprobe_kind);
}

static const struct file_operations kprobe_events_fops = {
	.open		= kprobe_events_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
	.write		= kprobe_events_write,
};

/* One line per point: its event's name, its hits and its misses. */
static int kprobe_profile_show(struct seq_file *m, void *v)
{
	unsigned long hits, missed;
	struct kprobe_point *pt;
	struct trace_kprobe *tk;
	int cpu;

	guard(mutex)(&kprobe_event_mutex);
	list_for_each_entry(tk, &kprobe_event_list, list) {
		list_for_each_entry(pt, &tk->points, list) {
			hits = 0;
			for_each_possible_cpu(cpu)
				hits += *per_cpu_ptr(pt->nhit, cpu);
			missed = pt->rp.kp.nmissed;
			if (tk->is_return)
				missed += pt->rp.nmissed;
			seq_printf(m, "  %-44s %15lu %15lu\n", tk->call.name,
				   hits, missed);
		}
	}
	return 0;
}

static int kprobe_profile_open(struct inode *inode, struct file *file)
{
	int ret = security_locked_down(LOCKDOWN_TRACEFS);

	return ret ?: single_open(file, kprobe_profile_show, NULL);
}

static const struct file_operations kprobe_profile_fops = {
	.open		= kprobe_profile_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
};

#ifdef CONFIG_PERF_EVENTS
/*
 * The "kprobe" PMU (perf_event_open() of a kprobe without kprobe_events)
 * is not offered yet: opening one fails, so perf_kprobe_destroy() is
 * never reached.  perf record -e kprobes:EVENT is not offered either
 * (kprobe_event_reg() refuses the perf registrations).
 */
int perf_kprobe_init(struct perf_event *event, bool is_retprobe)
{
	return -EOPNOTSUPP;
}

void perf_kprobe_destroy(struct perf_event *event)
{
}
#endif

#ifdef CONFIG_MODULES
/*
 * A module comes: register the points waiting for it, and register again
 * those whose kprobe went with its previous load; arm them when their
 * event is enabled.
 */
static int kprobe_module_notify(struct notifier_block *nb, unsigned long val,
				void *data)
{
	char name[MODULE_NAME_LEN];
	struct module *mod = data;
	struct kprobe_point *pt;
	struct trace_kprobe *tk;
	int ret;

	if (val != MODULE_STATE_COMING)
		return NOTIFY_DONE;
	guard(mutex)(&kprobe_event_mutex);
	list_for_each_entry(tk, &kprobe_event_list, list) {
		list_for_each_entry(pt, &tk->points, list) {
			if (!kprobe_point_module(pt, name, sizeof(name)) ||
			    strcmp(name, mod->name) || kprobe_point_live(pt))
				continue;
			kprobe_point_unregister(pt);
			ret = kprobe_point_register(pt);
			if (!ret) {
				mutex_lock(&event_mutex);
				if (!list_empty(&tk->files))
					ret = kprobe_point_arm(pt);
				mutex_unlock(&event_mutex);
			}
			if (ret)
				pr_warn("kprobe event %s/%s: %s: cannot probe (%d)\n",
					tk->group, tk->call.name, pt->symbol,
					ret);
		}
	}
	return NOTIFY_DONE;
}

static struct notifier_block kprobe_module_nb = {
	.notifier_call	= kprobe_module_notify,
	/* After kprobes' own callback (priority 0) reads its blacklist. */
	.priority	= -1,
};

static int __init kprobe_module_init(void)
{
	return register_module_notifier(&kprobe_module_nb);
}
#else
static int __init kprobe_module_init(void)
{
	return 0;
}
#endif

static __init int kprobe_events_init(void)
{
	int ret = dyn_event_register(&kprobe_kind);

	if (ret)
		return ret;
	ret = kprobe_module_init();
	if (ret)
		return ret;
	trace_create_file("kprobe_events", TRACE_MODE_WRITE, NULL, NULL,
			  &kprobe_events_fops);
	trace_create_file("kprobe_profile", TRACE_MODE_READ, NULL, NULL,
			  &kprobe_profile_fops);
	return 0;
}
device_initcall(kprobe_events_init);
