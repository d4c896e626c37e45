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
 * trigger of each type (for enable/disable_event and enable/disable_hist:
 * per target event; for hist: per definition, see
 * event_trigger_kind::same).
 */
enum event_trigger_type {
	ETT_TRACE_ONOFF,
	ETT_SNAPSHOT,
	ETT_STACKTRACE,
	ETT_EVENT_ENABLE,
	ETT_HIST,
	ETT_HIST_ENABLE,
	ETT_NR,
};

/**
 * struct event_trigger_kind - a command the trigger file takes
 * @name:         the command ("traceon", ...), as the file lists it
 * @type:         ETT_*
 * @needs_target: takes "<system>:<event>" (enable_event, disable_event,
 *                enable_hist, disable_hist)
 * @enable:       for enable_event and enable_hist (else the disable_*)
 * @post:         fires after the record is committed, not before
 * @needs_rec:    @fire needs the record: the event file keeps
 *                EVENT_FILE_FL_TRIGGER_COND so that one is made
 * @trunc_clears: opening the trigger file with O_TRUNC removes the
 *                triggers of this kind
 * @fire:         do it; runs in the event's probe, in any context, for a
 *                trigger whose filter passed and whose count is not spent.
 *                It gets the record (NULL for post triggers, and for any
 *                trigger in the instant before a needs_rec trigger has
 *                set TRIGGER_COND) and a return address into the
 *                function that wrote the record (a post trigger's
 *                stack starts there), or 0
 * @prepare:      get @tr ready for the command @cmd adding a trigger of
 *                this kind, before event_mutex is taken (it may take
 *                trace_types_lock, which nests outside event_mutex); or
 *                NULL
 * @init:         prepare a new trigger, event_mutex held (and, when the
 *                trigger file is written, trace_types_lock); or NULL
 * @release:      undo what @init tied to other events, event_mutex
 *                held, once the trigger is unlinked; or NULL
 * @parse:        for kinds with their own parameter syntax: parse
 *                @param (what follows "<name>:" up to the first blank)
 *                into @t->data, event_mutex held; @cmd is the whole
 *                command, for error_log.  For a removal too.  Or NULL
 * @same:         for kinds an event may have several of: whether two
 *                triggers of the kind are the same one (a removal
 *                finds what to remove with it); or NULL
 * @merge:        adding @new where @old is the same trigger: 0 if
 *                @new's command was applied to @old (and @new is to be
 *                freed), or the -errno refusing it; or NULL (-EEXIST)
 * @show:         print the trigger's line in the trigger file (with
 *                '\n'); or NULL for the generic form
 * @free:         free @t->data, after an RCU grace period; or NULL
 * @busy:         whether @t is in use by other triggers, so that a
 *                removal ('!') gets -EBUSY, event_mutex held; or NULL
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
	bool		needs_rec;
	bool		trunc_clears;
	bool		(*fire)(struct event_trigger *t, void *rec,
				unsigned long ip);
	int		(*prepare)(struct trace_array *tr, const char *cmd);
	int		(*init)(struct event_trigger *t);
	void		(*release)(struct event_trigger *t);
	int		(*parse)(struct event_trigger *t, const char *cmd,
				 char *param, bool remove);
	bool		(*same)(struct event_trigger *a, struct event_trigger *b);
	int		(*merge)(struct event_trigger *old,
				 struct event_trigger *new);
	void		(*show)(struct seq_file *m, struct event_trigger *t);
	void		(*free)(struct event_trigger *t);
	bool		(*busy)(struct event_trigger *t);
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
 * @target:   the event file enable/disable_event and enable/disable_hist
 *            switch
 * @data:     the kind's own state (hist: its histogram), or the data
 *            of a @fire_rec kind's owner
 */
struct event_trigger {
	struct list_head		list;
	struct list_head		dead;
	const struct event_trigger_kind	*kind;
	struct trace_event_file		*file;
	long				count;
	struct event_filter		*filter;
	struct trace_event_file		*target;
	void				*data;
};

extern const struct event_trigger_kind *const event_trigger_kinds[];

#ifdef CONFIG_HIST_TRIGGERS
extern const struct event_trigger_kind hist_trigger_kind;
void hist_triggers_pause(struct trace_event_file *file, bool pause);
#endif

int trace_event_trigger_attach(struct event_trigger *t);
void trace_event_trigger_detach(struct trace_event_file *file,
				struct event_trigger *t);
int trace_event_trigger_run(struct trace_event_file *file, char *cmd);

#endif /* _KERNEL_TRACE_TRACE_EVENTS_TRIGGER_H */
