/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Event triggers, between the trigger files and the calls from the
 * event path (trace_events_trigger.c) and the kinds of trigger
 * (trace_events_trigger_cmds.c).
 */
#ifndef _KERNEL_TRACE_TRACE_EVENTS_TRIGGER_H
#define _KERNEL_TRACE_TRACE_EVENTS_TRIGGER_H

struct event_trigger;

/*
 * Kinds that exclude each other on one event: an event has at most one
 * trigger of each type (for enable/disable_event: per target event).
 */
enum event_trigger_type {
	ETT_TRACE_ONOFF,
	ETT_SNAPSHOT,
	ETT_STACKTRACE,
	ETT_EVENT_ENABLE,
	ETT_NR,
};

/**
 * struct event_trigger_kind - a command the trigger file takes
 * @name:         the command ("traceon", ...), as the file lists it
 * @type:         ETT_*
 * @needs_target: takes "<system>:<event>" (enable_event, disable_event)
 * @enable:       for enable_event (else disable_event)
 * @post:         fires after the record is committed, not before
 * @fire:         do it; runs in the event's probe, in any context, for a
 *                trigger whose filter passed and whose count is not spent.
 *                Its second argument is a return address into the
 *                function that wrote the record (a post trigger's
 *                stack starts there), or 0
 * @prepare:      get @tr ready for a trigger of this kind, before
 *                event_mutex is taken (it may take trace_types_lock,
 *                which nests outside event_mutex); or NULL
 * @init:         prepare a new trigger, event_mutex held; or NULL
 * @release:      undo what @init tied to other events, event_mutex
 *                held, once the trigger is unlinked; or NULL
 * @fire_rec:     for a kind other tracing code attaches
 *                (trace_event_trigger_attach(), not in the trigger file):
 *                called with the event's record between its reserve and
 *                its commit, in place of @fire; the trigger file does not
 *                list it
 */
struct event_trigger_kind {
	const char	*name;
	enum event_trigger_type type;
	bool		needs_target;
	bool		enable;
	bool		post;
	bool		(*fire)(struct event_trigger *t, unsigned long ip);
	int		(*prepare)(struct trace_array *tr);
	int		(*init)(struct event_trigger *t);
	void		(*release)(struct event_trigger *t);
	void		(*fire_rec)(struct event_trigger *t, void *rec);
};

/**
 * struct event_trigger - one trigger of an event file
 * @list:     in trace_event_file::triggers (RCU and trigger_srcu;
 *            event_mutex)
 * @dead:     in dead_triggers once unlinked (event_mutex)
 * @kind:     what it does
 * @file:     the event file it is on
 * @count:    how many more times it may fire; -1 for ever.  A probe
 *            takes a use with a cmpxchg before firing and gives it back
 *            if the trigger changed nothing, so racing probes never fire
 *            more often than the count
 * @filter:   fires only for records this passes; NULL for all
 * @target:   the event file enable/disable_event switch
 * @private:  the data of a @fire_rec kind's owner
 */
struct event_trigger {
	struct list_head		list;
	struct list_head		dead;
	const struct event_trigger_kind	*kind;
	struct trace_event_file		*file;
	long				count;
	struct event_filter		*filter;
	struct trace_event_file		*target;
	void				*private;
};

extern const struct event_trigger_kind *const event_trigger_kinds[];

int trace_event_trigger_attach(struct event_trigger *t);
void trace_event_trigger_detach(struct trace_event_file *file,
				struct event_trigger *t);

#endif /* _KERNEL_TRACE_TRACE_EVENTS_TRIGGER_H */
