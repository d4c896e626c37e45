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
 * The event object is the probe event base's (trace_probe_event.c);
 * this file attaches it with kprobes.
 *
 * Locking: the kind's mutex (kprobe_events.mutex) protects the events'
 * list and every event's and point's creation and removal.  A point's
 * kprobe is registered disabled and armed while at least one event file
 * (instance) has the event enabled; the list of points (->points)
 * changes under event_mutex too, as the files do.  Everything else the
 * handlers read is immutable while the point is registered.
 *
 * kprobe_event=<def>[;<def>...] on the command line defines events at
 * boot, each definition as written to kprobe_events with commas for its
 * spaces, and enables them in the top level.
 */
#include <linux/ctype.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/rculist.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <asm/setup.h>

#include "trace_probe_event.h"

#define KRETPROBE_MAXACTIVE_MAX	4096

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
 * @ev: the event
 * @points: its probed places, at least one
 * @nr_eargs: entry arguments a kretprobe saves for its $argN
 */
struct trace_kprobe {
	struct probe_event	ev;
	struct list_head	points;
	int			nr_eargs;
};

static const struct probe_event_ops kprobe_ops;
static const struct probe_def_ops kprobe_def;
static int trace_kprobe_create(int argc, char **argv);
static struct probe_events kprobe_events = {
	.ops	= &kprobe_ops,
	.def	= &kprobe_def,
	.dyn	= { .create = trace_kprobe_create },
};

static struct trace_kprobe *to_kprobe(struct probe_event *ev)
{
	return container_of(ev, struct trace_kprobe, ev);
}

/* --- probe context ----------------------------------------------------------- */

static int __kprobes kprobe_event_hit(struct kprobe *kp, struct pt_regs *regs)
{
	struct kprobe_point *pt = container_of(kp, struct kprobe_point, rp.kp);
	struct probe_fetch_ctx ctx = { .regs = regs };

	this_cpu_inc(*pt->nhit);
	probe_event_record(&pt->tk->ev, &ctx, regs, (unsigned long)kp->addr, 0);
	return 0;
}

static int __kprobes kretprobe_event_hit(struct kretprobe_instance *ri,
					 struct pt_regs *regs)
{
	struct kretprobe *rp = get_kretprobe(ri);
	struct kprobe_point *pt = container_of(rp, struct kprobe_point, rp);
	struct probe_fetch_ctx ctx = {
		.regs	= regs,
		.eargs	= pt->tk->nr_eargs ? (unsigned long *)ri->data : NULL,
	};

	this_cpu_inc(*pt->nhit);
	probe_event_record(&pt->tk->ev, &ctx, regs, (unsigned long)rp->kp.addr,
			   get_kretprobe_retaddr(ri));
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
	return pt->tk->ev.is_return ? enable_kretprobe(&pt->rp) :
				      enable_kprobe(&pt->rp.kp);
}

static void kprobe_point_disarm(struct kprobe_point *pt)
{
	if (!kprobe_point_live(pt))
		return;
	if (pt->tk->ev.is_return)
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

static int kprobe_event_arm(struct probe_event *ev)
{
	return kprobe_points_arm(to_kprobe(ev));
}

static void kprobe_event_disarm(struct probe_event *ev)
{
	struct kprobe_point *pt;

	list_for_each_entry(pt, &to_kprobe(ev)->points, list)
		kprobe_point_disarm(pt);
}

/* --- creation and removal --------------------------------------------------- */

static void kprobe_point_free(struct kprobe_point *pt)
{
	kfree(pt->symbol);
	free_percpu(pt->nhit);
	kfree(pt);
}

/* Frees @tk's points, none of them registered, and @tk. */
static void trace_kprobe_free(struct probe_event *ev)
{
	struct trace_kprobe *tk = to_kprobe(ev);
	struct kprobe_point *pt, *next;

	list_for_each_entry_safe(pt, next, &tk->points, list)
		kprobe_point_free(pt);
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
	if (pt->tk->ev.is_return)
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
	if (pt->tk->ev.is_return)
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

/* Register a new event's one point, before the event appears. */
static int kprobe_event_install(struct probe_event *ev)
{
	return kprobe_point_register(list_first_entry(&to_kprobe(ev)->points,
						      struct kprobe_point,
						      list));
}

static void kprobe_event_uninstall(struct probe_event *ev)
{
	struct kprobe_point *pt;

	list_for_each_entry(pt, &to_kprobe(ev)->points, list)
		kprobe_point_unregister(pt);
}

static const struct probe_event_ops kprobe_ops = {
	.flags		= TRACE_EVENT_FL_KPROBE,
	.head		= PROBE_HEAD_SYM,
	/* Points are registered with the event, enabled with its files. */
	.install	= kprobe_event_install,
	.uninstall	= kprobe_event_uninstall,
	.arm		= kprobe_event_arm,
	.disarm		= kprobe_event_disarm,
};

static bool kprobe_point_same(struct kprobe_point *a, struct kprobe_point *b)
{
	if (!a->symbol || !b->symbol)
		return !a->symbol && !b->symbol && a->rp.kp.addr == b->rp.kp.addr;
	return !strcmp(a->symbol, b->symbol) &&
	       a->rp.kp.offset == b->rp.kp.offset;
}

/*
 * ->same_name: add the one point of the parsed @ev to the existing event
 * @old, which must be of the same kind with the same arguments, and not
 * probe that place yet.  On success @ev is left without points.
 */
static int trace_kprobe_append(struct probe_event *old, struct probe_event *ev,
			       struct probe_log *log, int name_offs)
{
	struct trace_kprobe *ok = to_kprobe(old), *tk = to_kprobe(ev);
	struct kprobe_point *pt = list_first_entry(&tk->points,
						   struct kprobe_point, list);
	struct kprobe_point *p;
	int i, ret;

	log->index = 0;
	if (old->is_return != ev->is_return) {
		probe_log_err(log, 0, PROBE_ERR_DIFF_PROBE_TYPE);
		return -EEXIST;
	}
	i = probe_args_differ(old, ev, false);
	if (i >= 0) {
		log->index = i + 2;
		probe_log_err(log, 0, PROBE_ERR_DIFF_ARG_TYPE);
		return -EEXIST;
	}
	list_for_each_entry(p, &ok->points, list) {
		if (kprobe_point_same(p, pt)) {
			probe_log_err(log, 0, PROBE_ERR_SAME_PROBE);
			return -EEXIST;
		}
	}

	pt->tk = ok;
	ret = kprobe_point_register(pt);
	if (ret) {
		pt->tk = tk;
		probe_event_log_add_err(ret, 0, log);
		return ret;
	}
	mutex_lock(&event_mutex);
	ret = probe_event_in_use(old) ? kprobe_point_arm(pt) : 0;
	if (!ret)
		list_move_tail(&pt->list, &ok->points);
	mutex_unlock(&event_mutex);
	if (ret) {
		kprobe_point_unregister(pt);
		pt->tk = tk;
		probe_event_log_add_err(ret, 0, log);
	}
	return ret ?: 1;
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

/*
 * Probe @pt at @name+@off: -EINVAL for a return probe off a function's
 * entry (@name+@off may be any symbol's offset that lands on one, as
 * perf's "_text+OFFSET" does; a module not loaded yet is checked when
 * it is registered), -ENOENT for a name the kernel does not have, -EADDRNOTAVAIL for
 * a name that several (static) functions share, which would be
 * ambiguous.  A module's "MOD:SYM" is looked up when it is registered.
 */
static int kprobe_point_set_symbol(struct kprobe_point *pt, const char *name,
				   unsigned long off)
{
	unsigned int n;

	if (pt->tk->ev.is_return && off &&
	    kprobe_on_func_entry(NULL, name, off) == -EINVAL)
		return -EINVAL;
	if (!strchr(name, ':')) {
		n = kprobe_symbol_count(name);
		if (!n)
			return -ENOENT;
		if (n > 1)
			return -EADDRNOTAVAIL;
	}
	pt->symbol = kstrdup(name, GFP_KERNEL);
	if (!pt->symbol)
		return -ENOMEM;
	pt->rp.kp.symbol_name = pt->symbol;
	pt->rp.kp.offset = off;
	return 0;
}

/* "[MOD:]SYM[+offs][%return]" or "MEMADDR": fill the kprobe's place. */
static int kprobe_parse_place(struct probe_event *ev,
			      struct kprobe_point *pt, char *place,
			      struct probe_log *log)
{
	char *suffix = strchr(place, '%');
	unsigned long addr, off = 0;
	char *plus;
	int ret;

	if (suffix) {
		if (strcmp(suffix, "%return"))
			return probe_log_err(log, suffix - place,
					     PROBE_ERR_BAD_ADDR_SUFFIX);
		*suffix = '\0';
		ev->is_return = true;
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
	ret = kprobe_point_set_symbol(pt, place, off);
	if (ret == -EINVAL)
		return probe_log_err(log, 0, PROBE_ERR_BAD_RETPROBE);
	/* An unknown symbol is a bad definition: -EINVAL, as upstream. */
	if (ret == -ENOENT)
		return probe_log_err(log, 0, PROBE_ERR_BAD_PROBE_ADDR);
	if (ret == -EADDRNOTAVAIL)
		probe_log_err(log, 0, PROBE_ERR_NON_UNIQ_SYMBOL);
	return ret;
}

/*
 * A return, or a function's entry (where its parameters have names): a
 * symbol's entry, or the symbol of a module not loaded yet.
 */
static unsigned int kprobe_parse_flags(struct trace_kprobe *tk,
				       struct kprobe_point *pt)
{
	int ret;

	if (tk->ev.is_return)
		return PROBE_CTX_RETURN;
	if (!pt->symbol)
		return 0;
	ret = kprobe_on_func_entry(NULL, pt->symbol, pt->rp.kp.offset);
	if (!ret || (ret == -ENOENT && !pt->rp.kp.offset))
		return PROBE_CTX_FENTRY;
	return 0;
}

/* The function whose parameters a probe's arguments may name. */
static const char *kprobe_func(struct kprobe_point *pt)
{
	const char *colon;

	if (!pt->symbol)
		return NULL;
	/* "MOD:SYM" */
	colon = strchr(pt->symbol, ':');
	return colon ? colon + 1 : pt->symbol;
}

static char *kprobe_default_name(struct probe_event *ev)
{
	struct kprobe_point *pt = list_first_entry(&to_kprobe(ev)->points,
						   struct kprobe_point, list);
	char c = ev->is_return ? 'r' : 'p';
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

/* A new event with its one point, not named yet. */
static struct trace_kprobe *trace_kprobe_alloc(int nargs, bool is_return,
					       unsigned long maxactive)
{
	struct trace_kprobe *tk = kzalloc(sizeof(*tk), GFP_KERNEL);
	struct kprobe_point *pt;

	if (!tk)
		return NULL;
	INIT_LIST_HEAD(&tk->points);
	tk->ev.is_return = is_return;
	pt = kzalloc(sizeof(*pt), GFP_KERNEL);
	if (pt) {
		pt->tk = tk;
		list_add(&pt->list, &tk->points);
		pt->nhit = alloc_percpu(unsigned long);
		pt->rp.maxactive = maxactive;
		/* register_kretprobe() installs its own pre_handler. */
		pt->rp.kp.pre_handler = kprobe_event_hit;
		pt->rp.handler = kretprobe_event_hit;
	}
	if (probe_event_init(&tk->ev, &kprobe_events, nargs) || !pt ||
	    !pt->nhit) {
		probe_event_destroy(&tk->ev);
		return NULL;
	}
	return tk;
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
	int ret, name_offs = 0;

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
	tk = ret ? NULL : trace_kprobe_alloc(argc - 2, head[0] == 'r',
					     maxactive);
	if (!tk) {
		probe_log_free(&log);
		return ret ?: -ENOMEM;
	}
	pt = list_first_entry(&tk->points, struct kprobe_point, list);
	if (colon)
		ret = probe_parse_event_name(colon + 1, name_offs, &group,
					     &event, &log);
	log.index = 1;
	ret = ret ?: kprobe_parse_place(&tk->ev, pt, argv[1], &log);
	if (ret) {
		kfree(group);
		kfree(event);
		goto out;
	}
	ret = probe_event_set_name(&tk->ev, group, event, PROBE_DEFAULT_GROUP);
	ret = ret ?: probe_event_parse_args(&tk->ev, argc - 2, argv + 2,
					    kprobe_parse_flags(tk, pt),
					    kprobe_func(pt), &log);
	if (ret)
		goto out;
	tk->nr_eargs = probe_args_nr_eargs(tk->ev.args, tk->ev.nargs);
	if (tk->nr_eargs) {
		pt->rp.entry_handler = kretprobe_event_entry;
		pt->rp.data_size = tk->nr_eargs * sizeof(long);
	}
	ret = probe_event_add(&tk->ev, &log, name_offs);
	if (!ret) {
		probe_log_free(&log);
		return 0;
	}
	/* Appended to an existing event: @tk is left without its point. */
	if (ret > 0)
		ret = 0;
out:
	probe_log_free(&log);
	probe_event_destroy(&tk->ev);
	return ret;
}

/* Does "PLACE [ARG...]" of a removal name @pt of @tk? */
static bool kprobe_point_match(struct trace_kprobe *tk,
			       struct kprobe_point *pt, int argc, char **argv)
{
	char place[KSYM_NAME_LEN + 16];

	kprobe_point_place(pt, place, sizeof(place));
	return !strcmp(argv[0], place) &&
	       probe_args_match(&tk->ev, argc - 1, argv + 1);
}

/* ->delete_place: remove the point of @ev that "PLACE [ARG...]" names. */
static int trace_kprobe_remove_point(struct probe_event *ev, int argc,
				     char **argv)
{
	struct trace_kprobe *tk = to_kprobe(ev);
	struct kprobe_point *pt;

	list_for_each_entry(pt, &tk->points, list)
		if (kprobe_point_match(tk, pt, argc, argv))
			break;
	if (list_entry_is_head(pt, &tk->points, list))
		return -ENOENT;
	if (list_is_singular(&tk->points))
		return probe_event_remove(ev);
	if (probe_event_busy(ev))
		return -EBUSY;
	mutex_lock(&event_mutex);
	list_del(&pt->list);
	mutex_unlock(&event_mutex);
	kprobe_point_unregister(pt);
	kprobe_point_free(pt);
	return 0;
}

/* One line per point: its definition. */
static void trace_kprobe_show(struct seq_file *m, struct probe_event *ev)
{
	char place[KSYM_NAME_LEN + 16];
	struct kprobe_point *pt;

	list_for_each_entry(pt, &to_kprobe(ev)->points, list) {
		seq_putc(m, ev->is_return ? 'r' : 'p');
		if (ev->is_return && pt->rp.maxactive)
			seq_printf(m, "%d", pt->rp.maxactive);
		kprobe_point_place(pt, place, sizeof(place));
		seq_printf(m, ":%s/%s %s", ev->group, ev->call.name, place);
		probe_event_show_args(m, ev);
		seq_putc(m, '\n');
	}
}

/* kprobe_profile: one line per point: its event's name, hits, misses. */
static void trace_kprobe_profile(struct seq_file *m, struct probe_event *ev)
{
	unsigned long hits, missed;
	struct kprobe_point *pt;
	int cpu;

	list_for_each_entry(pt, &to_kprobe(ev)->points, list) {
		hits = 0;
		for_each_possible_cpu(cpu)
			hits += *per_cpu_ptr(pt->nhit, cpu);
		missed = pt->rp.kp.nmissed;
		if (ev->is_return)
			missed += pt->rp.nmissed;
		seq_printf(m, "  %-44s %15lu %15lu\n", ev->call.name, hits,
			   missed);
	}
}

static const struct probe_def_ops kprobe_def = {
	/* Definitions, and points added to and taken from an event. */
	.default_name	= kprobe_default_name,
	.same_name	= trace_kprobe_append,
	.delete_place	= trace_kprobe_remove_point,
	.show		= trace_kprobe_show,
	.profile	= trace_kprobe_profile,
	.free		= trace_kprobe_free,
};

#ifdef CONFIG_PERF_EVENTS
/*
 * The place of a kprobe PMU event: attr.kprobe_func, a user pointer to
 * "[MOD:]SYM", and attr.probe_offset into it; or, when kprobe_func is 0,
 * the address attr.kprobe_addr.
 */
static int kprobe_perf_place(struct kprobe_point *pt,
			     const struct perf_event_attr *attr)
{
	char mod[MODULE_NAME_LEN];
	char *func;
	int ret;

	if (!attr->kprobe_func) {
		pt->rp.kp.addr = (void *)(unsigned long)attr->kprobe_addr;
		return 0;
	}
	if (attr->probe_offset > UINT_MAX)
		return -EINVAL;
	func = strndup_user(u64_to_user_ptr(attr->kprobe_func),
			    KSYM_NAME_LEN);
	/* strndup_user() says -EINVAL for a string without its NUL. */
	if (IS_ERR(func))
		return PTR_ERR(func) == -EINVAL ? -E2BIG : PTR_ERR(func);
	ret = func[0] ? kprobe_point_set_symbol(pt, func, attr->probe_offset) :
			-EINVAL;
	kfree(func);
	/* A perf event does not wait for its module to come. */
	if (!ret && kprobe_point_module(pt, mod, sizeof(mod)) &&
	    !kprobe_module_loaded(mod))
		ret = -ENOENT;
	return ret;
}

/**
 * perf_kprobe_init() - open a kprobe PMU event: a kprobe of its own
 * @event: the perf event, whose attr names the place: kprobe_func (a
 *	user pointer to "[MOD:]SYM") and probe_offset, or kprobe_addr
 * @is_retprobe: probe the function's return (a kretprobe)
 *
 * The event's kprobe event has no arguments and is in neither
 * kprobe_events nor dynamic_events; it counts and samples like the
 * events perf opens by name, and perf_kprobe_destroy() frees it.
 *
 * Return: 0; -EINVAL for an empty name or an offset a return probe or
 * the kprobe cannot take, -E2BIG for a name of KSYM_NAME_LEN bytes or
 * more, -EFAULT, -ENOENT for an unknown symbol, -EADDRNOTAVAIL for a
 * name several functions share, -ENOMEM, or register_kprobe()'s -errno.
 */
int perf_kprobe_init(struct perf_event *event, bool is_retprobe)
{
	struct trace_kprobe *tk = trace_kprobe_alloc(0, is_retprobe, 0);
	int ret;

	if (!tk)
		return -ENOMEM;
	ret = kprobe_perf_place(list_first_entry(&tk->points,
						 struct kprobe_point, list),
				&event->attr);
	if (ret) {
		probe_event_destroy(&tk->ev);
		return ret;
	}
	return probe_event_perf_open(&tk->ev, event, PROBE_DEFAULT_GROUP);
}

/**
 * perf_kprobe_destroy() - close a kprobe PMU event
 * @event: the perf event perf_kprobe_init() opened, being freed
 */
void perf_kprobe_destroy(struct perf_event *event)
{
	probe_event_perf_close(event);
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
	guard(mutex)(&kprobe_events.mutex);
	list_for_each_entry(tk, &kprobe_events.list, ev.list) {
		list_for_each_entry(pt, &tk->points, list) {
			if (!kprobe_point_module(pt, name, sizeof(name)) ||
			    strcmp(name, mod->name) || kprobe_point_live(pt))
				continue;
			kprobe_point_unregister(pt);
			ret = kprobe_point_register(pt);
			if (!ret) {
				mutex_lock(&event_mutex);
				if (probe_event_in_use(&tk->ev))
					ret = kprobe_point_arm(pt);
				mutex_unlock(&event_mutex);
			}
			if (ret)
				pr_warn("kprobe event %s/%s: %s: cannot probe (%d)\n",
					tk->ev.group, tk->ev.call.name,
					pt->symbol, ret);
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

/**
 * trace_kprobe_command() - run a command as if written to kprobe_events
 * @cmd: the command ("p:kprobes/NAME PLACE ARGS...", "-:NAME", ...)
 *
 * Return: 0 or the command's -errno.
 */
int trace_kprobe_command(const char *cmd)
{
	return dyn_event_command(cmd, &kprobe_events.dyn);
}

TRACE_BOOT_STRING(kprobe_boot_defs, "kprobe_event=");

/* Define one kprobe_event= event and enable it in the top level. */
static __init void kprobe_boot_event(char *def)
{
	char group[PROBE_NAME_LEN], name[PROBE_NAME_LEN];
	struct probe_event *ev;
	int ret;

	strreplace(def, ',', ' ');
	ret = trace_kprobe_command(def);
	if (ret) {
		pr_warn("kprobe_event: '%s' refused (%d)\n", def, ret);
		return;
	}
	/*
	 * A definition adds its event at the list's tail, or a place to an
	 * event there already (the same name): enabling that is harmless.
	 * The names are copied out so that enabling (event_mutex) is not
	 * done under the kind's mutex.
	 */
	scoped_guard(mutex, &kprobe_events.mutex) {
		if (list_empty(&kprobe_events.list))
			return;
		ev = list_last_entry(&kprobe_events.list, struct probe_event,
				     list);
		strscpy(group, ev->group, sizeof(group));
		strscpy(name, trace_event_name(&ev->call), sizeof(name));
	}
	ret = trace_array_set_clr_event(&global_trace, group, name, true);
	if (ret)
		pr_warn("kprobe_event: could not enable %s/%s (%d)\n", group,
			name, ret);
}

static __init void kprobe_boot_events(void)
{
	char *list = kprobe_boot_defs_str, *def;

	while ((def = strsep(&list, ";")) != NULL)
		if (*def)
			kprobe_boot_event(def);
}

static __init int kprobe_events_init(void)
{
	int ret = probe_events_init(&kprobe_events, "kprobe_events",
				    "kprobe_profile");

	if (!ret)
		kprobe_boot_events();
	return ret ?: kprobe_module_init();
}
device_initcall(kprobe_events_init);
