// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Event probes: the "e" command of dynamic_events,
 *
 *   e[:[GRP/][EVENT]] SYSTEM.EVENT [ARGS] [if FILTER]   (or SYSTEM/EVENT)
 *
 * a new event made of the fields of an existing one: "$FIELD" fetches a
 * field of the attached event's record, which the fetch language can
 * then follow (+0($filename):ustring).  With "if FILTER" only the
 * attached records the filter passes make an eprobe record.
 *
 * While an eprobe is enabled in an instance, a trigger sits on the
 * attached event's file of that instance (trace_event_trigger_attach());
 * the attached event is soft-enabled like for any trigger.  The trigger
 * is called with the attached event's record, between its reserve and
 * its commit, and writes the eprobe's record as a nested write.
 *
 * Locking: eprobe_mutex protects eprobe_list and each eprobe's creation
 * and removal.  ->links changes under event_mutex (the event core calls
 * ->reg with it held); the trigger reads its link, and the eprobe, in
 * the attached event's probe (preemption off), and a link is freed only
 * after an RCU grace period.  The attached event is pinned with
 * trace_event_try_get_ref() for the eprobe's life.
 */
#include <linux/ring_buffer.h>
#include <linux/rculist.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

#include "trace_dynevent.h"
#include "trace_events_filter.h"
#include "trace_probe.h"
/* After trace.h (through trace_probe.h), which it needs. */
#include "trace_events_trigger.h"

#define EPROBE_GROUP	"eprobes"

struct eprobe_rec {
	struct trace_entry	ent;
};

struct trace_eprobe;

/**
 * struct eprobe_link - an instance where the eprobe is enabled
 * @list: on the eprobe's ->links (RCU; event_mutex)
 * @ep: the eprobe
 * @file: the eprobe's event file there
 * @attached: the attached event's file there
 * @trig: the trigger on @attached; owned by the trigger code once
 *	attached
 */
struct eprobe_link {
	struct list_head	list;
	struct trace_eprobe	*ep;
	struct trace_event_file	*file;
	struct trace_event_file	*attached;
	struct event_trigger	*trig;
};

/**
 * struct trace_eprobe - an event probe
 * @list: on eprobe_list (eprobe_mutex)
 * @group: the event's system
 * @links: the instances it is enabled in
 * @class: its event class
 * @call: its event
 * @ev_call: the attached event (pinned)
 * @filter: "if FILTER" on the attached event's fields, or NULL
 * @fixed: the size of its records' fixed part
 * @nargs: how many arguments
 * @args: its arguments
 */
struct trace_eprobe {
	struct list_head	list;
	char			*group;
	struct list_head	links;
	struct trace_event_class class;
	struct trace_event_call	call;
	struct trace_event_call	*ev_call;
	char			*filter;
	unsigned int		fixed;
	int			nargs;
	struct probe_arg	args[] __counted_by(nargs);
};

static DEFINE_MUTEX(eprobe_mutex);
static LIST_HEAD(eprobe_list);

/* --- probe context ----------------------------------------------------------- */

/* The attached event's record @rec is reserved, not committed yet. */
static void eprobe_fire(struct event_trigger *t, void *rec)
{
	struct eprobe_link *link = t->data;
	struct trace_eprobe *ep = link->ep;
	struct probe_fetch_ctx ctx = { .rec = rec };
	struct trace_buffer *buffer;
	struct trace_event_buffer fbuf;
	unsigned int dsize;
	void *entry;

	if (trace_trigger_soft_disabled(link->file))
		return;
	/*
	 * The instance's buffer may be swapped with its snapshot
	 * (trace_snapshot.c) on another CPU: use one of the two, whole.
	 */
	buffer = READ_ONCE(link->file->tr->buffer);
	if (!buffer)
		return;
	dsize = probe_args_dyn_size(ep->args, ep->nargs, &ctx);
	/* A second writer in this context: the ring buffer must know. */
	ring_buffer_nest_start(buffer);
	entry = trace_event_buffer_reserve(&fbuf, link->file,
					   ep->fixed + dsize);
	if (entry) {
		probe_args_store(ep->args, ep->nargs, &ctx, entry, ep->fixed,
				 ep->fixed + dsize);
		trace_event_buffer_commit(&fbuf);
	}
	ring_buffer_nest_end(buffer);
}

static const struct event_trigger_kind eprobe_trigger_kind = {
	.name		= "eprobe",
	.type		= ETT_NR,
	.fire_rec	= eprobe_fire,
};

/* --- the event ----------------------------------------------------------- */

static enum print_line_t eprobe_event_print(struct trace_iterator *iter,
					    int flags, struct trace_event *event)
{
	struct trace_eprobe *ep = container_of(event, struct trace_eprobe,
					       call.event);
	struct trace_seq *s = &iter->seq;

	trace_seq_printf(s, "%s: (%s.%s)", ep->call.name,
			 ep->ev_call->class->system,
			 trace_event_name(ep->ev_call));
	probe_print_args(s, ep->args, ep->nargs, iter->ent);
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

static struct trace_event_functions eprobe_event_funcs = {
	.trace = eprobe_event_print,
};

static int eprobe_event_fields(struct trace_event_call *call)
{
	struct trace_eprobe *ep = call->data;

	return probe_define_fields(call, ep->args, ep->nargs);
}

static struct trace_event_fields eprobe_fields_array[] = {
	{ .type = TRACE_FUNCTION_TYPE, .define_fields = eprobe_event_fields },
	{}
};

/* The attached event's file in @tr.  event_mutex. */
static struct trace_event_file *eprobe_attached_file(struct trace_eprobe *ep,
						     struct trace_array *tr)
{
	struct trace_event_file *file;

	list_for_each_entry(file, &tr->events.files, list)
		if (file->event_call == ep->ev_call)
			return file;
	return NULL;
}

static int eprobe_event_enable(struct trace_eprobe *ep,
			       struct trace_event_file *file)
{
	struct filter_parse_error pe;
	struct eprobe_link *link;
	int ret;

	link = kzalloc(sizeof(*link), GFP_KERNEL);
	if (!link)
		return -ENOMEM;
	link->trig = kzalloc(sizeof(*link->trig), GFP_KERNEL);
	link->attached = eprobe_attached_file(ep, file->tr);
	if (!link->trig || !link->attached) {
		ret = link->trig ? -ENODEV : -ENOMEM;
		goto fail;
	}
	link->ep = ep;
	link->file = file;
	link->trig->kind = &eprobe_trigger_kind;
	link->trig->file = link->attached;
	link->trig->count = -1;
	link->trig->data = link;
	if (ep->filter) {
		/* Checked when the eprobe was made: the fields do not change. */
		link->trig->filter = filter_parse(ep->ev_call, ep->filter, &pe);
		if (IS_ERR(link->trig->filter)) {
			ret = PTR_ERR(link->trig->filter);
			link->trig->filter = NULL;
			goto fail;
		}
	}
	list_add_tail_rcu(&link->list, &ep->links);
	ret = trace_event_trigger_attach(link->trig);
	if (!ret)
		return 0;
	list_del_rcu(&link->list);
	synchronize_rcu();
fail:
	if (link->trig)
		filter_free(link->trig->filter);
	kfree(link->trig);
	kfree(link);
	return ret;
}

static void eprobe_event_disable(struct trace_eprobe *ep,
				 struct trace_event_file *file)
{
	struct eprobe_link *link;

	list_for_each_entry(link, &ep->links, list)
		if (link->file == file)
			break;
	if (list_entry_is_head(link, &ep->links, list))
		return;
	list_del_rcu(&link->list);
	trace_event_trigger_detach(link->attached, link->trig);
	/* The trigger may still be running with @link. */
	synchronize_rcu();
	kfree(link);
}

static int eprobe_event_reg(struct trace_event_call *call,
			    enum trace_reg type, void *data)
{
	struct trace_eprobe *ep = call->data;

	switch (type) {
	case TRACE_REG_REGISTER:
		return eprobe_event_enable(ep, data);
	case TRACE_REG_UNREGISTER:
		eprobe_event_disable(ep, data);
		return 0;
	default:
		return -EOPNOTSUPP;
	}
}

static int eprobe_event_raw_init(struct trace_event_call *call)
{
	return register_trace_event(&call->event) ? 0 : -ENODEV;
}

/* --- creation and removal --------------------------------------------------- */

static void trace_eprobe_free(struct trace_eprobe *ep)
{
	int i;

	if (ep->ev_call)
		trace_event_put_ref(ep->ev_call);
	for (i = 0; i < ep->nargs; i++)
		probe_arg_free(&ep->args[i]);
	kfree(ep->call.print_fmt);
	kfree(ep->call.name);
	kfree(ep->group);
	kfree(ep->filter);
	kfree(ep);
}

static struct trace_eprobe *trace_eprobe_find(const char *group,
					      const char *event)
{
	struct trace_eprobe *ep;

	list_for_each_entry(ep, &eprobe_list, list)
		if (!strcmp(ep->call.name, event) &&
		    (!group || !strcmp(ep->group, group)))
			return ep;
	return NULL;
}

/* The event SYSTEM/EVENT, pinned; NULL when there is none. */
static struct trace_event_call *eprobe_find_event(const char *system,
						  const char *event)
{
	struct trace_event_call *call;
	const char *name;

	guard(mutex)(&event_mutex);
	list_for_each_entry(call, &ftrace_events, list) {
		name = trace_event_name(call);
		if (!name || !call->class->system ||
		    strcmp(name, event) || strcmp(call->class->system, system))
			continue;
		/* The core's record types are not events to attach to. */
		if (call->flags & TRACE_EVENT_FL_IGNORE_ENABLE)
			return NULL;
		return trace_event_try_get_ref(call) ? call : NULL;
	}
	return NULL;
}

/* "SYSTEM.EVENT" or "SYSTEM/EVENT": the attached event, pinned in @ep. */
static int eprobe_parse_attached(struct trace_eprobe *ep, char *place,
				 struct probe_log *log)
{
	char *sep = strpbrk(place, "./");

	if (!sep || sep == place || !sep[1])
		return probe_log_err(log, 0, PROBE_ERR_NO_EVENT_INFO);
	*sep = '\0';
	ep->ev_call = eprobe_find_event(place, sep + 1);
	*sep = '.';
	if (!ep->ev_call)
		return probe_log_err(log, 0, PROBE_ERR_BAD_ATTACH_EVENT);
	return 0;
}

/* A bare field name FIELD is "FIELD=$FIELD". */
static int eprobe_parse_arg(struct trace_eprobe *ep, int i, const char *arg,
			    struct list_head *fields, struct probe_log *log)
{
	char *def;
	int ret;

	if (strchr(arg, '=') || !probe_name_valid(arg))
		return probe_arg_parse_event(ep->args, i, arg, fields, log);
	if (!probe_field_find(fields, arg))
		return probe_log_err(log, 0, PROBE_ERR_BAD_ATTACH_ARG);
	def = kasprintf(GFP_KERNEL, "%s=$%s", arg, arg);
	if (!def)
		return -ENOMEM;
	ret = probe_arg_parse_event(ep->args, i, def, fields, log);
	kfree(def);
	return ret;
}

/*
 * "if FILTER" (argv[0] is "if"): a filter on the attached event's
 * fields, checked now and kept as text for each instance's trigger.
 */
static int eprobe_parse_filter(struct trace_eprobe *ep, int argc,
			       char **argv, struct probe_log *log)
{
	struct filter_parse_error pe;
	struct event_filter *f;
	size_t len = 0;
	char *p;
	int i;

	if (argc < 2) {
		/* The caret goes where the filter should have been. */
		log->index = log->argc;
		return probe_log_err(log, 1, PROBE_ERR_NO_EP_FILTER);
	}
	for (i = 1; i < argc; i++)
		len += strlen(argv[i]) + 1;
	ep->filter = kmalloc(len, GFP_KERNEL);
	if (!ep->filter)
		return -ENOMEM;
	p = ep->filter;
	for (i = 1; i < argc; i++)
		p += sprintf(p, "%s%s", i > 1 ? " " : "", argv[i]);
	f = filter_parse(ep->ev_call, ep->filter, &pe);
	if (IS_ERR(f)) {
		if (pe.err != FILT_ERR_NONE)
			tracing_log_err(NULL, "event filter parse error",
					ep->filter, filter_errs, pe.err,
					pe.pos);
		return PTR_ERR(f);
	}
	filter_free(f);
	return 0;
}

static int trace_eprobe_add(struct trace_eprobe *ep, struct probe_log *log,
			    int name_offs)
{
	int ret;

	guard(mutex)(&eprobe_mutex);
	if (trace_eprobe_find(ep->group, ep->call.name) ||
	    probe_event_exists(ep->group, ep->call.name)) {
		log->index = 0;
		return probe_log_err(log, name_offs, PROBE_ERR_EVENT_EXIST);
	}
	ep->call.class = &ep->class;
	ep->call.event.funcs = &eprobe_event_funcs;
	ep->call.flags = TRACE_EVENT_FL_EPROBE | TRACE_EVENT_FL_DYNAMIC;
	ep->call.data = ep;
	ep->class.system = ep->group;
	ep->class.reg = eprobe_event_reg;
	ep->class.raw_init = eprobe_event_raw_init;
	ep->class.fields_array = eprobe_fields_array;
	INIT_LIST_HEAD(&ep->class.fields);
	ret = trace_add_event_call(&ep->call);
	if (ret)
		return ret;
	list_add_tail(&ep->list, &eprobe_list);
	return 0;
}

/*
 * argv[0] is "e[:[GRP/][EVENT]]", argv[1] the attached event, then the
 * fetch arguments.  A bad definition is explained in error_log, with a
 * caret under the part at fault.
 */
static int trace_eprobe_create(int argc, char **argv)
{
	char *head = argv[0], *event = NULL, *group = NULL;
	struct trace_eprobe *ep;
	struct probe_log log;
	int i, nargs, ret = 0;

	if (argc < 2 || head[0] != 'e' || (head[1] && head[1] != ':'))
		return -ECANCELED;
	if (argc - 2 > PROBE_MAX_ARGS)
		return -E2BIG;
	probe_log_init(&log, "event_probe", argc, argv);
	ep = kzalloc(struct_size(ep, args, argc - 2), GFP_KERNEL);
	if (!ep) {
		probe_log_free(&log);
		return -ENOMEM;
	}
	INIT_LIST_HEAD(&ep->links);
	if (head[1] == ':')
		ret = probe_parse_event_name(head + 2, 2, &group, &event, &log);
	log.index = 1;
	ret = ret ?: eprobe_parse_attached(ep, argv[1], &log);
	if (ret)
		goto fail;
	ep->group = group ?: kstrdup(EPROBE_GROUP, GFP_KERNEL);
	ep->call.name = event ?: kstrdup(trace_event_name(ep->ev_call),
					 GFP_KERNEL);
	group = NULL;
	event = NULL;
	if (!ep->group || !ep->call.name) {
		ret = -ENOMEM;
		goto fail;
	}
	/* ARGS end where "if FILTER" starts. */
	for (nargs = 0; nargs < argc - 2; nargs++)
		if (!strcmp(argv[nargs + 2], "if"))
			break;
	for (i = 0; i < nargs; i++, ep->nargs++) {
		log.index = i + 2;
		ret = eprobe_parse_arg(ep, i, argv[i + 2],
				       trace_get_fields(ep->ev_call), &log);
		if (ret)
			goto fail;
	}
	if (nargs < argc - 2) {
		log.index = nargs + 2;
		ret = eprobe_parse_filter(ep, argc - 2 - nargs,
					  argv + 2 + nargs, &log);
		if (ret)
			goto fail;
	}
	ep->fixed = probe_args_layout(ep->args, ep->nargs,
				      sizeof(struct eprobe_rec));
	ep->call.print_fmt = probe_print_fmt_event(ep->args, ep->nargs);
	ret = ep->call.print_fmt ? trace_eprobe_add(ep, &log, 2) : -ENOMEM;
	if (!ret) {
		probe_log_free(&log);
		return 0;
	}
fail:
	probe_log_free(&log);
	kfree(group);
	kfree(event);
	trace_eprobe_free(ep);
	return ret;
}

static int trace_eprobe_remove(struct trace_eprobe *ep)
{
	int ret;

	if (!list_empty(&ep->links) || trace_event_dyn_busy(&ep->call))
		return -EBUSY;
	ret = trace_remove_event_call(&ep->call);
	if (ret)
		return ret;
	list_del(&ep->list);
	trace_eprobe_free(ep);
	return 0;
}

/* Does "SYSTEM.EVENT|SYSTEM/EVENT [ARG...]" of a removal name @ep? */
static bool trace_eprobe_match(struct trace_eprobe *ep, int argc, char **argv)
{
	const char *system = ep->ev_call->class->system;
	size_t len = strlen(system);
	struct probe_arg *a;
	int i;

	if (strncmp(argv[0], system, len) ||
	    (argv[0][len] != '.' && argv[0][len] != '/') ||
	    strcmp(argv[0] + len + 1, trace_event_name(ep->ev_call)) ||
	    argc - 1 > ep->nargs)
		return false;
	for (i = 1; i < argc; i++) {
		a = &ep->args[i - 1];
		if (strcmp(argv[i], a->comm) &&
		    !(str_has_prefix(argv[i], a->name) &&
		      argv[i][strlen(a->name)] == '=' &&
		      !strcmp(argv[i] + strlen(a->name) + 1, a->comm)))
			return false;
	}
	return true;
}

/* "-:[GRP/]EVENT [SYSTEM.EVENT [ARG...]]", or "-:GRP/" for the group. */
static int trace_eprobe_delete(const struct dyn_event_kind *kind,
			       const char *group, const char *event, int argc,
			       char **argv)
{
	struct trace_eprobe *ep, *next;
	int ret = -ENOENT;

	guard(mutex)(&eprobe_mutex);
	if (*event) {
		ep = trace_eprobe_find(group, event);
		if (!ep || (argc && !trace_eprobe_match(ep, argc, argv)))
			return -ENOENT;
		return trace_eprobe_remove(ep);
	}
	if (!group || argc)
		return -EINVAL;
	list_for_each_entry_safe(ep, next, &eprobe_list, list) {
		if (strcmp(ep->group, group))
			continue;
		ret = trace_eprobe_remove(ep);
		if (ret)
			return ret;
	}
	return ret;
}

static int trace_eprobe_delete_all(const struct dyn_event_kind *kind)
{
	struct trace_eprobe *ep, *next;

	guard(mutex)(&eprobe_mutex);
	list_for_each_entry(ep, &eprobe_list, list)
		if (!list_empty(&ep->links) || trace_event_dyn_busy(&ep->call))
			return -EBUSY;
	list_for_each_entry_safe(ep, next, &eprobe_list, list)
		if (trace_eprobe_remove(ep))
			return -EBUSY;
	return 0;
}

static void trace_eprobe_show_all(const struct dyn_event_kind *kind,
				  struct seq_file *m)
{
	struct trace_eprobe *ep;
	int i;

	guard(mutex)(&eprobe_mutex);
	list_for_each_entry(ep, &eprobe_list, list) {
		seq_printf(m, "e:%s/%s %s.%s", ep->group, ep->call.name,
			   ep->ev_call->class->system,
			   trace_event_name(ep->ev_call));
		for (i = 0; i < ep->nargs; i++)
			seq_printf(m, " %s=%s", ep->args[i].name,
				   ep->args[i].comm);
		if (ep->filter)
			seq_printf(m, " if %s", ep->filter);
		seq_putc(m, '\n');
	}
}

static struct dyn_event_kind eprobe_kind = {
	.create = trace_eprobe_create,
	.delete = trace_eprobe_delete,
	.delete_all = trace_eprobe_delete_all,
	.show_all = trace_eprobe_show_all,
};

static __init int eprobe_events_init(void)
{
	return dyn_event_register(&eprobe_kind);
}
device_initcall(eprobe_events_init);
