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
 * The event object is the probe event base's (trace_probe_event.c);
 * this file attaches it with a trigger per instance.
 *
 * Locking: the kind's mutex (eprobe_events.mutex) protects the eprobes'
 * list and each eprobe's creation and removal.  The links (the event's
 * files) change under event_mutex (the event core calls ->reg with it
 * held); the trigger reads its link, and the eprobe, in the attached
 * event's probe (preemption off), and a link is freed only after an RCU
 * grace period.  The attached event is pinned with
 * trace_event_try_get_ref() for the eprobe's life.
 */
#include <linux/ring_buffer.h>
#include <linux/rculist.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

#include "trace_events_filter.h"
#include "trace_probe_event.h"
/* After trace.h (through trace_probe.h), which it needs. */
#include "trace_events_trigger.h"

#define EPROBE_GROUP	"eprobes"

struct trace_eprobe;

/**
 * struct eprobe_link - an instance where the eprobe is enabled
 * @base: the eprobe's event file there, on its files
 * @ep: the eprobe
 * @attached: the attached event's file there
 * @trig: the trigger on @attached; owned by the trigger code once
 *	attached
 */
struct eprobe_link {
	struct probe_file_link	base;
	struct trace_eprobe	*ep;
	struct trace_event_file	*attached;
	struct event_trigger	*trig;
};

/**
 * struct trace_eprobe - an event probe
 * @ev: the event
 * @ev_call: the attached event (pinned)
 * @filter: "if FILTER" on the attached event's fields, or NULL
 */
struct trace_eprobe {
	struct probe_event	ev;
	struct trace_event_call	*ev_call;
	char			*filter;
};

static const struct probe_event_ops eprobe_ops;
static const struct probe_def_ops eprobe_def;
static int trace_eprobe_create(int argc, char **argv);
static struct probe_events eprobe_events = {
	.ops	= &eprobe_ops,
	.def	= &eprobe_def,
	.dyn	= { .create = trace_eprobe_create },
};

static struct trace_eprobe *to_eprobe(struct probe_event *ev)
{
	return container_of(ev, struct trace_eprobe, ev);
}

/* --- probe context ----------------------------------------------------------- */

/* The attached event's record @rec is reserved, not committed yet. */
static void eprobe_fire(struct event_trigger *t, void *rec)
{
	struct eprobe_link *link = t->data;
	struct probe_event *ev = &link->ep->ev;
	struct trace_event_file *file = link->base.file;
	struct probe_fetch_ctx ctx = { .rec = rec };
	struct trace_buffer *buffer;
	/* trace_event_buffer_reserve() sets every field: no zeroing */
	struct trace_event_buffer fbuf __uninitialized;
	unsigned int dsize;
	void *entry;

	if (trace_trigger_soft_disabled(file))
		return;
	/*
	 * The instance's buffer may be swapped with its snapshot
	 * (trace_snapshot.c) on another CPU: use one of the two, whole.
	 */
	buffer = READ_ONCE(file->tr->buffer);
	if (!buffer)
		return;
	dsize = probe_args_dyn_size(ev->args, ev->nargs, &ctx);
	/* A second writer in this context: the ring buffer must know. */
	ring_buffer_nest_start(buffer);
	entry = trace_event_buffer_reserve(&fbuf, file, ev->fixed + dsize);
	if (entry) {
		probe_args_store(ev->args, ev->nargs, &ctx, entry, ev->fixed,
				 ev->fixed + dsize);
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

/* In the trace: "(SYSTEM.EVENT)". */
static void eprobe_print_place(struct trace_seq *s, struct probe_event *ev)
{
	struct trace_event_call *call = to_eprobe(ev)->ev_call;

	trace_seq_printf(s, "%s.%s", call->class->system,
			 trace_event_name(call));
}

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

/* ->attach: put a trigger on the attached event's file of the instance. */
static int eprobe_event_attach(struct probe_event *ev,
			       struct probe_file_link *base)
{
	struct eprobe_link *link = container_of(base, struct eprobe_link, base);
	struct trace_eprobe *ep = to_eprobe(ev);
	struct filter_parse_error pe;
	int ret;

	link->trig = kzalloc(sizeof(*link->trig), GFP_KERNEL);
	link->attached = eprobe_attached_file(ep, base->file->tr);
	if (!link->trig || !link->attached) {
		ret = link->trig ? -ENODEV : -ENOMEM;
		goto fail;
	}
	link->ep = ep;
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
	ret = trace_event_trigger_attach(link->trig);
	if (!ret)
		return 0;
fail:
	if (link->trig)
		filter_free(link->trig->filter);
	kfree(link->trig);
	return ret;
}

/* ->detach: the base frees @base after a grace period. */
static void eprobe_event_detach(struct probe_event *ev,
				struct probe_file_link *base)
{
	struct eprobe_link *link = container_of(base, struct eprobe_link, base);

	trace_event_trigger_detach(link->attached, link->trig);
}

static const struct probe_event_ops eprobe_ops = {
	.flags		= TRACE_EVENT_FL_EPROBE,
	.head		= PROBE_HEAD_NONE,
	/* A trigger per instance the eprobe is enabled in. */
	.link_size	= sizeof(struct eprobe_link),
	.attach		= eprobe_event_attach,
	.detach		= eprobe_event_detach,
	.print_place	= eprobe_print_place,
};

/* --- creation and removal --------------------------------------------------- */

static void trace_eprobe_free(struct probe_event *ev)
{
	struct trace_eprobe *ep = to_eprobe(ev);

	if (ep->ev_call)
		trace_event_put_ref(ep->ev_call);
	kfree(ep->filter);
	kfree(ep);
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
	/* No such event: -ENODEV, as upstream. */
	if (!ep->ev_call) {
		probe_log_err(log, 0, PROBE_ERR_BAD_ATTACH_EVENT);
		return -ENODEV;
	}
	return 0;
}

/* A bare field name FIELD is "FIELD=$FIELD". */
static int eprobe_parse_arg(struct trace_eprobe *ep, int i, const char *arg,
			    struct list_head *fields, struct probe_log *log)
{
	char *def;
	int ret;

	if (strchr(arg, '=') || !probe_name_valid(arg))
		return probe_arg_parse_event(ep->ev.args, i, arg, fields, log);
	if (!probe_field_find(fields, arg))
		return probe_log_err(log, 0, PROBE_ERR_BAD_ATTACH_ARG);
	def = kasprintf(GFP_KERNEL, "%s=$%s", arg, arg);
	if (!def)
		return -ENOMEM;
	ret = probe_arg_parse_event(ep->ev.args, i, def, fields, log);
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

static char *eprobe_default_name(struct probe_event *ev)
{
	return kstrdup(trace_event_name(to_eprobe(ev)->ev_call), GFP_KERNEL);
}

/* ARGS, up to "if FILTER", and the filter. */
static int eprobe_parse_args(struct trace_eprobe *ep, int argc, char **argv,
			     struct probe_log *log)
{
	struct list_head *fields = trace_get_fields(ep->ev_call);
	int nargs, ret;

	/* ARGS end where "if FILTER" starts. */
	for (nargs = 0; nargs < argc; nargs++)
		if (!strcmp(argv[nargs], "if"))
			break;
	for (; ep->ev.nargs < nargs; ep->ev.nargs++) {
		log->index = ep->ev.nargs + 2;
		ret = eprobe_parse_arg(ep, ep->ev.nargs, argv[ep->ev.nargs],
				       fields, log);
		if (ret)
			return ret;
	}
	if (nargs == argc)
		return 0;
	log->index = nargs + 2;
	return eprobe_parse_filter(ep, argc - nargs, argv + nargs, log);
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
	int ret = 0;

	if (argc < 2 || head[0] != 'e' || (head[1] && head[1] != ':'))
		return -ECANCELED;
	if (argc - 2 > PROBE_MAX_ARGS)
		return -E2BIG;
	ep = kzalloc(sizeof(*ep), GFP_KERNEL);
	if (!ep)
		return -ENOMEM;
	if (probe_event_init(&ep->ev, &eprobe_events, argc - 2)) {
		probe_event_destroy(&ep->ev);
		return -ENOMEM;
	}
	probe_log_init(&log, "event_probe", argc, argv);
	if (head[1] == ':')
		ret = probe_parse_event_name(head + 2, 2, &group, &event, &log);
	log.index = 1;
	ret = ret ?: eprobe_parse_attached(ep, argv[1], &log);
	if (ret) {
		kfree(group);
		kfree(event);
		goto out;
	}
	ret = probe_event_set_name(&ep->ev, group, event, EPROBE_GROUP);
	ret = ret ?: eprobe_parse_args(ep, argc - 2, argv + 2, &log);
	ret = ret ?: probe_event_layout(&ep->ev);
	ret = ret ?: probe_event_add(&ep->ev, &log, 2);
	if (!ret) {
		probe_log_free(&log);
		return 0;
	}
out:
	probe_log_free(&log);
	probe_event_destroy(&ep->ev);
	return ret;
}

/*
 * ->delete_place: "SYSTEM.EVENT|SYSTEM/EVENT [ARG...]" removes the eprobe
 * if they describe it.
 */
static int trace_eprobe_delete_place(struct probe_event *ev, int argc,
				     char **argv)
{
	struct trace_event_call *call = to_eprobe(ev)->ev_call;
	const char *system = call->class->system;
	size_t len = strlen(system);

	if (strncmp(argv[0], system, len) ||
	    (argv[0][len] != '.' && argv[0][len] != '/') ||
	    strcmp(argv[0] + len + 1, trace_event_name(call)) ||
	    !probe_args_match(ev, argc - 1, argv + 1))
		return -ENOENT;
	return probe_event_remove(ev);
}

static void trace_eprobe_show(struct seq_file *m, struct probe_event *ev)
{
	struct trace_eprobe *ep = to_eprobe(ev);

	seq_printf(m, "e:%s/%s %s.%s", ev->group, ev->call.name,
		   ep->ev_call->class->system, trace_event_name(ep->ev_call));
	probe_event_show_args(m, ev);
	if (ep->filter)
		seq_printf(m, " if %s", ep->filter);
	seq_putc(m, '\n');
}

static const struct probe_def_ops eprobe_def = {
	/* Definitions: one attached event an eprobe. */
	.default_name	= eprobe_default_name,
	.delete_place	= trace_eprobe_delete_place,
	.show		= trace_eprobe_show,
	.free		= trace_eprobe_free,
};

static __init int eprobe_events_init(void)
{
	return probe_events_init(&eprobe_events, NULL, NULL);
}
device_initcall(eprobe_events_init);
