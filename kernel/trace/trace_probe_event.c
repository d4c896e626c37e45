// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The probe event base: what kprobe, uprobe, eprobe, fprobe and
 * tracepoint-probe events have in common (trace_probe_event.h says
 * what and how it is locked): their records, their event's callbacks,
 * enabling per event file, creation, lookup and removal in a kind's
 * list, and the <kind>_events and <kind>_profile files.
 */
#include <linux/kprobes.h>
#include <linux/rculist.h>
#include <linux/security.h>
#include <linux/slab.h>

#include "trace_probe_event.h"

/* --- probe context ----------------------------------------------------------- */

/* Write @ev's record into @rec: its head, then @dsize bytes of strings. */
static void __kprobes probe_event_fill(struct probe_event *ev,
				       const struct probe_fetch_ctx *ctx,
				       void *rec, unsigned int dsize,
				       unsigned long ip, unsigned long ret_ip)
{
	if (ev->is_return) {
		((struct probe_ret_rec *)rec)->func = ip;
		((struct probe_ret_rec *)rec)->ret_ip = ret_ip;
	} else {
		((struct probe_ip_rec *)rec)->ip = ip;
	}
	probe_args_store(ev->args, ev->nargs, ctx, rec, ev->fixed,
			 ev->fixed + dsize);
}

#ifdef CONFIG_PERF_EVENTS
/*
 * Hand a record of @ev to its perf events on this CPU.  Without @regs
 * (uprobes: user registers, which the triggers' kernel stack traces
 * cannot use) perf samples the caller's kernel registers.
 */
static void __kprobes probe_event_perf(struct probe_event *ev,
				       const struct probe_fetch_ctx *ctx,
				       struct pt_regs *regs, unsigned long ip,
				       unsigned long ret_ip)
{
	struct trace_event_call *call = &ev->call;
	struct hlist_head *head;
	struct pt_regs *scratch;
	unsigned int dsize;
	int size, rctx;
	void *rec;

	/* perf's per-CPU buffers and recursion context. */
	preempt_disable_notrace();
	head = this_cpu_ptr(call->perf_events);
	if (hlist_empty(head))
		goto out;
	dsize = probe_args_dyn_size(ev->args, ev->nargs, ctx);
	size = ALIGN(ev->fixed + dsize + sizeof(u32), sizeof(u64)) - sizeof(u32);
	rec = perf_trace_buf_alloc(size, &scratch, &rctx);
	if (!rec)
		goto out;
	probe_event_fill(ev, ctx, rec, dsize, ip, ret_ip);
	if (!regs) {
		perf_fetch_caller_regs(scratch);
		regs = scratch;
	}
	perf_trace_buf_update(rec, call->event.type);
	perf_trace_buf_submit(rec, size, rctx, call->event.type, 1, regs,
			      head, NULL);
out:
	preempt_enable_notrace();
}
#else
static inline void probe_event_perf(struct probe_event *ev,
				    const struct probe_fetch_ctx *ctx,
				    struct pt_regs *regs, unsigned long ip,
				    unsigned long ret_ip)
{
}
#endif

/**
 * probe_event_record() - write a record of @ev into each file recording it
 * @ev: the event
 * @ctx: what the arguments' fetch programs read
 * @regs: the registers the event's triggers see (stack traces), or NULL
 * @ip: the probed address (the function's, for a return probe)
 * @ret_ip: a return probe's return address
 *
 * Context: probe context, in an RCU read-side section (->files).
 */
void __kprobes probe_event_record(struct probe_event *ev,
				  const struct probe_fetch_ctx *ctx,
				  struct pt_regs *regs, unsigned long ip,
				  unsigned long ret_ip)
{
	struct probe_file_link *link;
	/* trace_event_buffer_reserve() sets every field: no zeroing */
	struct trace_event_buffer fbuf __uninitialized;
	unsigned int dsize;
	void *rec;

	list_for_each_entry_rcu(link, &ev->files, list) {
		if (trace_trigger_soft_disabled(link->file))
			continue;
		dsize = probe_args_dyn_size(ev->args, ev->nargs, ctx);
		rec = trace_event_buffer_reserve(&fbuf, link->file,
						 ev->fixed + dsize);
		if (!rec)
			continue;
		fbuf.regs = regs;
		probe_event_fill(ev, ctx, rec, dsize, ip, ret_ip);
		trace_event_buffer_commit(&fbuf);
	}
	if (IS_ENABLED(CONFIG_PERF_EVENTS) && READ_ONCE(ev->perf_users))
		probe_event_perf(ev, ctx, regs, ip, ret_ip);
}

/* --- the event ----------------------------------------------------------- */

static void probe_print_head(struct trace_seq *s, struct probe_event *ev,
			     void *rec)
{
	struct probe_ret_rec *ret = rec;

	if (ev->evs->ops->head == PROBE_HEAD_HEX) {
		if (ev->is_return)
			trace_seq_printf(s, "0x%lx <- 0x%lx", ret->ret_ip,
					 ret->func);
		else
			trace_seq_printf(s, "0x%lx",
					 ((struct probe_ip_rec *)rec)->ip);
		return;
	}
	if (ev->is_return) {
		seq_print_ip_sym(s, ret->ret_ip, TRACE_OPT(SYM_OFFSET));
		trace_seq_puts(s, " <- ");
		seq_print_ip_sym(s, ret->func, 0);
	} else {
		seq_print_ip_sym(s, ((struct probe_ip_rec *)rec)->ip,
				 TRACE_OPT(SYM_OFFSET));
	}
}

static enum print_line_t probe_event_print(struct trace_iterator *iter,
					   int flags, struct trace_event *event)
{
	struct probe_event *ev = container_of(event, struct probe_event,
					      call.event);
	struct trace_seq *s = &iter->seq;

	trace_seq_printf(s, "%s: (", ev->call.name);
	if (ev->evs->ops->head == PROBE_HEAD_NONE)
		ev->evs->ops->print_place(s, ev);
	else
		probe_print_head(s, ev, iter->ent);
	trace_seq_putc(s, ')');
	probe_print_args(s, ev->args, ev->nargs, iter->ent);
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

static struct trace_event_functions probe_event_funcs = {
	.trace = probe_event_print,
};

static int probe_define_ulong(struct trace_event_call *call, const char *name,
			      int offset)
{
	return trace_define_field(call, "unsigned long", name, offset,
				  sizeof(long), 0, FILTER_OTHER);
}

/* The fields of the ip head: the probed place, and where it returns to. */
static int probe_define_head(struct trace_event_call *call, bool is_return)
{
	if (!is_return)
		return probe_define_ulong(call, "__probe_ip",
					  offsetof(struct probe_ip_rec, ip));
	return probe_define_ulong(call, "__probe_func",
				  offsetof(struct probe_ret_rec, func)) ?:
	       probe_define_ulong(call, "__probe_ret_ip",
				  offsetof(struct probe_ret_rec, ret_ip));
}

static int probe_event_fields(struct trace_event_call *call)
{
	struct probe_event *ev = call->data;
	int ret = 0;

	if (ev->evs->ops->head != PROBE_HEAD_NONE)
		ret = probe_define_head(call, ev->is_return);
	return ret ?: probe_define_fields(call, ev->args, ev->nargs);
}

static struct trace_event_fields probe_fields_array[] = {
	{ .type = TRACE_FUNCTION_TYPE, .define_fields = probe_event_fields },
	{}
};

/* Record into @file as well; called by the event core under event_mutex. */
static int probe_event_enable(struct probe_event *ev,
			      struct trace_event_file *file)
{
	const struct probe_event_ops *ops = ev->evs->ops;
	bool first = !probe_event_in_use(ev);
	struct probe_file_link *link;
	int ret = 0;

	link = kzalloc(ops->link_size ?: sizeof(*link), GFP_KERNEL);
	if (!link)
		return -ENOMEM;
	link->file = file;
	list_add_tail_rcu(&link->list, &ev->files);
	if (ops->attach)
		ret = ops->attach(ev, link);
	else if (first)
		ret = ops->arm(ev);
	if (ret) {
		list_del_rcu(&link->list);
		synchronize_rcu();
		kfree(link);
	}
	return ret;
}

static void probe_event_disable(struct probe_event *ev,
				struct trace_event_file *file)
{
	const struct probe_event_ops *ops = ev->evs->ops;
	struct probe_file_link *link;

	list_for_each_entry(link, &ev->files, list)
		if (link->file == file)
			break;
	if (list_entry_is_head(link, &ev->files, list))
		return;
	list_del_rcu(&link->list);
	if (ops->detach)
		ops->detach(ev, link);
	else if (!probe_event_in_use(ev))
		ops->disarm(ev);
	/* The handlers may still be walking past @link. */
	synchronize_rcu();
	kfree(link);
}

#ifdef CONFIG_PERF_EVENTS
/*
 * perf record -e <group>:<event>: the probe is armed while an event file
 * or a perf event uses it.  Kinds that attach per file (eprobes: their
 * records come from the other event's triggers) have no perf side.
 * event_mutex.
 */
static int probe_event_perf_reg(struct probe_event *ev, bool on)
{
	const struct probe_event_ops *ops = ev->evs->ops;
	int ret = 0;

	if (ops->attach)
		return -EOPNOTSUPP;
	if (on) {
		if (!probe_event_in_use(ev))
			ret = ops->arm(ev);
		if (!ret)
			WRITE_ONCE(ev->perf_users, ev->perf_users + 1);
		return ret;
	}
	WRITE_ONCE(ev->perf_users, ev->perf_users - 1);
	if (!probe_event_in_use(ev))
		ops->disarm(ev);
	return 0;
}

/* The event core keeps perf's per-CPU lists: open, close, add, del. */
static int probe_event_perf_op(struct probe_event *ev, enum trace_reg type)
{
	if (type == TRACE_REG_PERF_REGISTER)
		return probe_event_perf_reg(ev, true);
	if (type == TRACE_REG_PERF_UNREGISTER)
		return probe_event_perf_reg(ev, false);
	return 0;
}
#else
static int probe_event_perf_op(struct probe_event *ev, enum trace_reg type)
{
	return -EOPNOTSUPP;
}
#endif

static int probe_event_reg(struct trace_event_call *call,
			   enum trace_reg type, void *data)
{
	struct probe_event *ev = call->data;

	if (type == TRACE_REG_REGISTER)
		return probe_event_enable(ev, data);
	if (type != TRACE_REG_UNREGISTER)
		return probe_event_perf_op(ev, type);
	probe_event_disable(ev, data);
	return 0;
}

static int probe_event_raw_init(struct trace_event_call *call)
{
	return register_trace_event(&call->event) ? 0 : -ENODEV;
}

/* Make @ev's event and class point at it and at the base's callbacks. */
static void probe_event_init_call(struct probe_event *ev)
{
	ev->call.class = &ev->class;
	ev->call.event.funcs = &probe_event_funcs;
	ev->call.flags = ev->evs->ops->flags | TRACE_EVENT_FL_DYNAMIC;
	ev->call.data = ev;
	ev->class.system = ev->group;
	ev->class.reg = probe_event_reg;
	ev->class.raw_init = probe_event_raw_init;
	ev->class.fields_array = probe_fields_array;
	INIT_LIST_HEAD(&ev->class.fields);
}

/* Install the probe if its kind does it now, and make the event appear. */
static int probe_event_register(struct probe_event *ev)
{
	const struct probe_event_ops *ops = ev->evs->ops;
	int ret = ops->install ? ops->install(ev) : 0;

	if (ret)
		return ret;
	probe_event_init_call(ev);
	ret = trace_add_event_call(&ev->call);
	if (ret && ops->uninstall)
		ops->uninstall(ev);
	return ret;
}

#ifdef CONFIG_PERF_EVENTS
/**
 * probe_event_perf_open() - make a new event a perf event's own
 * @ev: the event, with what it probes and no arguments; it stays out of
 *	its kind's list, tracefs and dynamic_events, and has no event id
 *	(its records' common_type is 0)
 * @p_event: the perf event (the kprobe or uprobe PMU's)
 * @group: the event's group
 *
 * Names and lays out @ev, installs its probe and binds @p_event to it,
 * which arms the probe.  probe_event_perf_close() undoes it as
 * @p_event is freed.
 *
 * Return: 0, or -errno with @ev destroyed.
 */
int probe_event_perf_open(struct probe_event *ev, struct perf_event *p_event,
			  const char *group)
{
	const struct probe_event_ops *ops = ev->evs->ops;
	int ret = -EOPNOTSUPP;

	/* Kinds that attach per file (eprobes) have no perf side. */
	if (ops->attach)
		goto fail;
	ret = probe_event_set_name(ev, NULL, NULL, group) ?:
	      probe_event_layout(ev);
	if (ret)
		goto fail;
	probe_event_init_call(ev);
	ret = ops->install ? ops->install(ev) : 0;
	if (ret)
		goto fail;
	ret = perf_trace_local_init(p_event, &ev->call);
	if (!ret)
		return 0;
	if (ops->uninstall)
		ops->uninstall(ev);
fail:
	probe_event_destroy(ev);
	return ret;
}

/**
 * probe_event_perf_close() - free a perf event's own event
 * @p_event: the perf event probe_event_perf_open() bound, being freed
 */
void probe_event_perf_close(struct perf_event *p_event)
{
	struct probe_event *ev = p_event->tp_event->data;
	const struct probe_event_ops *ops = ev->evs->ops;

	/*
	 * Disarms the probe and waits out the handlers that read the perf
	 * list (tracepoint_synchronize_unregister()).
	 */
	perf_trace_local_destroy(p_event);
	if (ops->uninstall)
		ops->uninstall(ev);
	probe_event_destroy(ev);
}
#endif

/* --- creation ----------------------------------------------------------- */

/**
 * probe_event_init() - start a new event of @evs
 * @ev: the event, zeroed
 * @evs: its kind
 * @maxargs: how many arguments it may have
 *
 * Return: 0, or -ENOMEM.  Either way, probe_event_destroy() frees it.
 */
int probe_event_init(struct probe_event *ev, struct probe_events *evs,
		     int maxargs)
{
	ev->evs = evs;
	INIT_LIST_HEAD(&ev->files);
	ev->args = kcalloc(maxargs, sizeof(*ev->args), GFP_KERNEL);
	return maxargs && !ev->args ? -ENOMEM : 0;
}

/**
 * probe_event_destroy() - free an event that is not registered
 * @ev: the event; the kind's ->free frees the object embedding it
 */
void probe_event_destroy(struct probe_event *ev)
{
	int i;

	for (i = 0; i < ev->nargs; i++)
		probe_arg_free(&ev->args[i]);
	kfree(ev->args);
	kfree(ev->call.print_fmt);
	kfree(ev->call.name);
	kfree(ev->group);
	ev->evs->def->free(ev);
}

/**
 * probe_event_set_name() - name a new event
 * @ev: the event
 * @group: its group, kmalloc()ed, or NULL for @default_group
 * @event: its name, kmalloc()ed, or NULL for the kind's default name
 * @default_group: the kind's group
 *
 * @ev takes @group and @event, even on failure.
 *
 * Return: 0, or -ENOMEM.
 */
int probe_event_set_name(struct probe_event *ev, char *group, char *event,
			 const char *default_group)
{
	ev->group = group ?: kstrdup(default_group, GFP_KERNEL);
	ev->call.name = event ?: ev->evs->def->default_name(ev);
	return ev->group && ev->call.name ? 0 : -ENOMEM;
}

/* Room for @n arguments in a new event, whose @ev->args hold none yet. */
static int probe_event_resize_args(struct probe_event *ev, int n)
{
	struct probe_arg *args = kcalloc(n, sizeof(*args), GFP_KERNEL);

	if (!args)
		return -ENOMEM;
	kfree(ev->args);
	ev->args = args;
	return 0;
}

/**
 * probe_event_parse_args() - parse a new event's arguments, lay it out
 * @ev: the event
 * @argc: how many arguments, at most the init's @maxargs
 * @argv: the arguments, the definition's third word on
 * @flags: PROBE_CTX_* for probe_arg_parse()
 * @func: for a kernel probe, the function whose parameters the arguments
 *	may name (a tracepoint's stub), or NULL
 * @log: where the errors go
 *
 * A kernel probe's "$arg*" and "$argN" are named after the parameters
 * first, where BTF knows them (probe_btf_expand()).
 *
 * Return: 0, or -errno with the error in @log.
 */
int probe_event_parse_args(struct probe_event *ev, int argc, char **argv,
			   unsigned int flags, const char *func,
			   struct probe_log *log)
{
	struct probe_btf btf = { .func = func, .flags = flags };
	struct probe_btf *pb = NULL;
	char **new_argv = NULL;
	int new_argc = argc;
	int ret = 0;

	if (IS_ENABLED(CONFIG_PROBE_EVENTS_BTF_ARGS) &&
	    !(flags & PROBE_CTX_USER)) {
		pb = &btf;
		ret = probe_btf_expand(pb, argc, argv, &new_argc, &new_argv,
				       log);
	}
	if (!ret && new_argv) {
		ret = new_argc > PROBE_MAX_ARGS ? -E2BIG :
		      probe_event_resize_args(ev, new_argc);
		argc = new_argc;
		argv = new_argv;
	}
	for (; !ret && ev->nargs < argc; ev->nargs++) {
		log->index = ev->nargs + 2;
		ret = probe_arg_parse(ev->args, ev->nargs, argv[ev->nargs],
				      flags, pb, log);
		if (ret)
			break;
	}
	probe_btf_free_argv(new_argv, new_argc);
	probe_btf_release(&btf);
	return ret ?: probe_event_layout(ev);
}

/**
 * probe_event_layout() - lay out a new event's records and print format
 * @ev: the event, with its arguments parsed
 *
 * Return: 0, or -ENOMEM.
 */
int probe_event_layout(struct probe_event *ev)
{
	unsigned int head = sizeof(struct trace_entry);

	if (ev->evs->ops->head == PROBE_HEAD_NONE) {
		ev->call.print_fmt = probe_print_fmt_event(ev->args, ev->nargs);
	} else {
		head = ev->is_return ? sizeof(struct probe_ret_rec) :
				       sizeof(struct probe_ip_rec);
		ev->call.print_fmt = probe_print_fmt(ev->args, ev->nargs,
						     ev->is_return);
	}
	ev->fixed = probe_args_layout(ev->args, ev->nargs, head);
	return ev->call.print_fmt ? 0 : -ENOMEM;
}

/**
 * probe_event_log_add_err() - say why adding a parsed probe failed
 * @err: the -errno
 * @name_offs: where the event name starts in the definition's first word
 * @log: where the error goes
 */
void probe_event_log_add_err(int err, int name_offs, struct probe_log *log)
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

static struct probe_event *probe_event_find(struct probe_events *evs,
					    const char *group,
					    const char *event)
{
	struct probe_event *ev;

	list_for_each_entry(ev, &evs->list, list)
		if (!strcmp(ev->call.name, event) &&
		    (!group || !strcmp(ev->group, group)))
			return ev;
	return NULL;
}

/**
 * probe_event_add() - register a new event, or hand it to its namesake
 * @ev: the event, parsed and laid out
 * @log: where the errors go
 * @name_offs: where the event name starts in the definition's first word
 *
 * Return: 0 when @ev is registered and listed, 1 when its kind's
 * ->same_name took what it probes into an event of that name (@ev is
 * left to probe_event_destroy()), or -errno with the error in @log.
 */
int probe_event_add(struct probe_event *ev, struct probe_log *log,
		    int name_offs)
{
	struct probe_events *evs = ev->evs;
	struct probe_event *old;
	int ret;

	guard(mutex)(&evs->mutex);
	list_for_each_entry(old, &evs->list, list) {
		ret = evs->def->conflict ? evs->def->conflict(old, ev) : 0;
		if (ret)
			return ret;
	}
	old = probe_event_find(evs, ev->group, ev->call.name);
	if (old && evs->def->same_name)
		return evs->def->same_name(old, ev, log, name_offs);
	ret = old || probe_event_exists(ev->group, ev->call.name) ?
	      -EEXIST : probe_event_register(ev);
	if (ret) {
		probe_event_log_add_err(ret, name_offs, log);
		return ret;
	}
	ev->seq = dyn_event_seq();
	list_add_tail(&ev->list, &evs->list);
	return 0;
}

/**
 * probe_args_differ() - the first argument two events do not share
 * @a: one event
 * @b: the other
 * @by_type: compare the arguments' names and types; else their names
 *	and definitions
 *
 * Return: its index, or -1 when the arguments are alike.
 */
int probe_args_differ(struct probe_event *a, struct probe_event *b,
		      bool by_type)
{
	struct probe_arg *x, *y;
	int i;

	for (i = 0; i < a->nargs || i < b->nargs; i++) {
		if (i >= a->nargs || i >= b->nargs)
			return i;
		x = &a->args[i];
		y = &b->args[i];
		if (strcmp(x->name, y->name) ||
		    strcmp(by_type ? x->type : x->comm,
			   by_type ? y->type : y->comm))
			return i;
	}
	return -1;
}

/* --- removal and listing ----------------------------------------------------- */

/**
 * probe_event_busy() - is @ev enabled, or in use?
 * @ev: the event
 *
 * Return: true when it may not be removed.
 */
bool probe_event_busy(struct probe_event *ev)
{
	return !list_empty(&ev->files) || trace_event_dyn_busy(&ev->call);
}

/**
 * probe_event_remove() - remove and free an event
 * @ev: the event
 *
 * Context: its kind's ->mutex held.
 * Return: 0, or -EBUSY while it is in use.
 */
int probe_event_remove(struct probe_event *ev)
{
	const struct probe_event_ops *ops = ev->evs->ops;
	int ret;

	if (probe_event_busy(ev))
		return -EBUSY;
	ret = trace_remove_event_call(&ev->call);
	if (ret)
		return ret;
	if (ops->uninstall)
		ops->uninstall(ev);
	list_del(&ev->list);
	probe_event_destroy(ev);
	return 0;
}

/**
 * probe_args_match() - do a removal's arguments describe @ev's?
 * @ev: the event
 * @argc: how many, at most @ev's
 * @argv: each "DEF" or "NAME=DEF" of one of @ev's arguments, in order
 *
 * Return: true when they all do.
 */
bool probe_args_match(struct probe_event *ev, int argc, char **argv)
{
	struct probe_arg *a;
	size_t len;
	int i;

	if (argc > ev->nargs)
		return false;
	for (i = 0; i < argc; i++) {
		a = &ev->args[i];
		len = strlen(a->name);
		if (strcmp(argv[i], a->comm) &&
		    !(!strncmp(argv[i], a->name, len) && argv[i][len] == '=' &&
		      !strcmp(argv[i] + len + 1, a->comm)))
			return false;
	}
	return true;
}

static struct probe_events *to_probe_events(const struct dyn_event_kind *kind)
{
	return container_of(kind, struct probe_events, dyn);
}

/*
 * dynamic_events' ->delete: "-:[GRP/]EVENT [PLACE [ARG...]]" for a kind
 * @kind: the kind
 * @group: GRP, or NULL
 * @event: EVENT, or "" for every event of @group
 * @argc: how many words follow
 * @argv: "PLACE [ARG...]": only what they name (->delete_place)
 *
 * Return: 0, -ENOENT when the kind has none, -EBUSY while in use.
 */
static int probe_events_delete(const struct dyn_event_kind *kind,
			       const char *group, const char *event, int argc,
			       char **argv)
{
	struct probe_events *evs = to_probe_events(kind);
	struct probe_event *ev, *next;
	int ret = -ENOENT;

	guard(mutex)(&evs->mutex);
	if (*event) {
		ev = probe_event_find(evs, group, event);
		if (!ev)
			return -ENOENT;
		return argc ? evs->def->delete_place(ev, argc, argv) :
			      probe_event_remove(ev);
	}
	if (!group || argc)
		return -EINVAL;
	list_for_each_entry_safe(ev, next, &evs->list, list) {
		if (strcmp(ev->group, group))
			continue;
		ret = probe_event_remove(ev);
		if (ret)
			return ret;
	}
	return ret;
}

/* dynamic_events' ->delete_all: every event of a kind, or none (-EBUSY). */
static int probe_events_delete_all(const struct dyn_event_kind *kind)
{
	struct probe_events *evs = to_probe_events(kind);
	struct probe_event *ev, *next;

	guard(mutex)(&evs->mutex);
	list_for_each_entry(ev, &evs->list, list)
		if (probe_event_busy(ev))
			return -EBUSY;
	list_for_each_entry_safe(ev, next, &evs->list, list)
		if (probe_event_remove(ev))
			return -EBUSY;
	return 0;
}

/**
 * probe_event_show_args() - an event's arguments as its definition has them
 * @m: where to
 * @ev: the event
 */
void probe_event_show_args(struct seq_file *m, struct probe_event *ev)
{
	int i;

	for (i = 0; i < ev->nargs; i++)
		seq_printf(m, " %s=%s", ev->args[i].name, ev->args[i].comm);
}

/* dynamic_events' ->show_all: the definitions of a kind's events. */
static void probe_events_show_all(const struct dyn_event_kind *kind,
				  struct seq_file *m)
{
	struct probe_events *evs = to_probe_events(kind);
	struct probe_event *ev;

	guard(mutex)(&evs->mutex);
	list_for_each_entry(ev, &evs->list, list)
		evs->def->show(m, ev);
}

/* dynamic_events' ->show_after: see struct dyn_event_kind. */
static u64 probe_events_show_after(const struct dyn_event_kind *kind,
				   struct seq_file *m, u64 seq, bool print)
{
	struct probe_events *evs = to_probe_events(kind);
	struct probe_event *ev, *first = NULL;

	guard(mutex)(&evs->mutex);
	list_for_each_entry(ev, &evs->list, list)
		if (ev->seq > seq && (!first || ev->seq < first->seq))
			first = ev;
	if (!first)
		return 0;
	if (print)
		evs->def->show(m, first);
	return first->seq;
}

/* --- <kind>_events and <kind>_profile --------------------------------------- */

static int probe_events_open(struct inode *inode, struct file *file)
{
	struct probe_events *evs = inode->i_private;

	return dyn_event_open(inode, file, &evs->dyn);
}

static ssize_t probe_events_write(struct file *file, const char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	struct probe_events *evs = file_inode(file)->i_private;

	return dyn_event_write(file, ubuf, cnt, ppos, &evs->dyn);
}

static const struct file_operations probe_events_fops = {
	.open		= probe_events_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
	.write		= probe_events_write,
};

static int probe_profile_show(struct seq_file *m, void *v)
{
	struct probe_events *evs = m->private;
	struct probe_event *ev;

	guard(mutex)(&evs->mutex);
	list_for_each_entry(ev, &evs->list, list)
		evs->def->profile(m, ev);
	return 0;
}

static int probe_profile_open(struct inode *inode, struct file *file)
{
	int ret = security_locked_down(LOCKDOWN_TRACEFS);

	return ret ?: single_open(file, probe_profile_show, inode->i_private);
}

static const struct file_operations probe_profile_fops = {
	.open		= probe_profile_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
};

/**
 * probe_events_init() - offer a kind's commands and files
 * @evs: the kind
 * @events_file: its tracefs file of definitions ("kprobe_events"), or
 *	NULL for dynamic_events only
 * @profile_file: its tracefs file of hit counts, or NULL
 *
 * Return: 0, or -errno.
 */
int probe_events_init(struct probe_events *evs, const char *events_file,
		      const char *profile_file)
{
	int ret;

	mutex_init(&evs->mutex);
	INIT_LIST_HEAD(&evs->list);
	evs->dyn.delete = probe_events_delete;
	evs->dyn.delete_all = probe_events_delete_all;
	evs->dyn.show_all = probe_events_show_all;
	evs->dyn.show_after = probe_events_show_after;
	ret = dyn_event_register(&evs->dyn);
	if (ret)
		return ret;
	if (events_file)
		trace_create_file(events_file, TRACE_MODE_WRITE, NULL, evs,
				  &probe_events_fops);
	if (profile_file)
		trace_create_file(profile_file, TRACE_MODE_READ, NULL, evs,
				  &probe_profile_fops);
	return 0;
}
