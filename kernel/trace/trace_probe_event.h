/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The event object every probe kind (kprobe, uprobe, eprobe, fprobe and
 * tracepoint probe) embeds: its group, name, class and call, its
 * arguments, the event files recording it, and the list of a kind's
 * events behind dynamic_events and the kind's own <kind>_events file.
 * A kind adds only how its probe attaches (struct probe_event_ops) and
 * how its definitions read (struct probe_def_ops).
 *
 * Locking: a kind's ->mutex protects its ->list and each of its events'
 * creation and removal.  An event's ->files changes under event_mutex
 * (the event core calls ->reg with it held); the probe handlers read it
 * under RCU.  Everything else the handlers read is immutable while the
 * event is registered.
 */
#ifndef _TRACE_PROBE_EVENT_H
#define _TRACE_PROBE_EVENT_H

#include <linux/mutex.h>
#include <linux/seq_file.h>

#include "trace_dynevent.h"
#include "trace_probe.h"

/* The fixed head of an entry probe's record. */
struct probe_ip_rec {
	struct trace_entry	ent;
	unsigned long		ip;
};

/* The fixed head of a return probe's record. */
struct probe_ret_rec {
	struct trace_entry	ent;
	unsigned long		func;
	unsigned long		ret_ip;
};

/**
 * struct probe_file_link - an event file (instance) the event records into
 * @list: on the event's ->files (RCU; event_mutex)
 * @file: the file
 *
 * A kind whose probe is per file (eprobes) embeds it first in a larger
 * link (struct probe_event_ops.link_size).
 */
struct probe_file_link {
	struct list_head	list;
	struct trace_event_file	*file;
};

/* What a probe's record holds before its arguments, and how it prints. */
enum probe_head {
	PROBE_HEAD_SYM,		/* the ip(s), printed as symbols */
	PROBE_HEAD_HEX,		/* the ip(s), printed in hex (user space) */
	PROBE_HEAD_NONE,	/* nothing: ->print_place prints the place */
};

struct probe_event;

/**
 * struct probe_event_ops - how a probe kind's events attach and record
 * @flags: the event's TRACE_EVENT_FL_<KIND>
 * @head: its records' fixed head
 * @link_size: the size of its per-file link, 0 for a bare
 *	struct probe_file_link
 * @arm: attach the probe as the first file enables the event
 * @disarm: detach it as the last one disables it
 * @attach: instead of @arm, attach the probe for one more file
 * @detach: instead of @disarm, detach it for one file
 * @install: with the event's registration, before the event appears
 *	(optional)
 * @uninstall: with its removal, after it disappeared (optional)
 * @print_place: PROBE_HEAD_NONE: what the event is on, in the trace
 */
struct probe_event_ops {
	unsigned int	flags;
	enum probe_head	head;
	size_t		link_size;
	int	(*arm)(struct probe_event *ev);
	void	(*disarm)(struct probe_event *ev);
	int	(*attach)(struct probe_event *ev, struct probe_file_link *link);
	void	(*detach)(struct probe_event *ev, struct probe_file_link *link);
	int	(*install)(struct probe_event *ev);
	void	(*uninstall)(struct probe_event *ev);
	void	(*print_place)(struct trace_seq *s, struct probe_event *ev);
};

/**
 * struct probe_def_ops - how a probe kind's definitions read
 * @default_name: the event's name when the definition gives none
 * @conflict: may @ev be added next to @old (another name)?  -errno if
 *	not (optional)
 * @same_name: @ev is named as its kind's @old: append it (return 1) or
 *	say in @log why not (-errno; the event name is at @name_offs in
 *	the first word); NULL: the name is taken
 * @delete_place: "-:EVENT PLACE [ARG...]": remove what @argv names of
 *	@ev (probe_event_remove() for the whole event), -ENOENT if none
 * @show: print @ev's definition(s), one a line
 * @profile: print @ev's line(s) of <kind>_profile (optional)
 * @free: free the kind's part and the object embedding @ev, which
 *	probe_event_destroy() has emptied
 */
struct probe_def_ops {
	char	*(*default_name)(struct probe_event *ev);
	int	(*conflict)(struct probe_event *old, struct probe_event *ev);
	int	(*same_name)(struct probe_event *old, struct probe_event *ev,
			     struct probe_log *log, int name_offs);
	int	(*delete_place)(struct probe_event *ev, int argc, char **argv);
	void	(*show)(struct seq_file *m, struct probe_event *ev);
	void	(*profile)(struct seq_file *m, struct probe_event *ev);
	void	(*free)(struct probe_event *ev);
};

/**
 * struct probe_events - the events of one probe kind
 * @ops: how its events attach and record
 * @def: how its definitions read
 * @mutex: protects @list and each event's creation and removal
 * @list: its events
 * @dyn: its commands in dynamic_events; the kind sets ->create
 *
 * probe_events_init() sets up the rest.
 */
struct probe_events {
	const struct probe_event_ops	*ops;
	const struct probe_def_ops	*def;
	struct mutex			mutex;	/* @list, creation, removal */
	struct list_head		list;
	struct dyn_event_kind		dyn;
};

/**
 * struct probe_event - the event of a probe
 * @list: on its kind's ->list (->mutex)
 * @evs: its kind
 * @group: the event's system
 * @files: the files recording it, struct probe_file_link (RCU; written
 *	under event_mutex)
 * @perf_users: how many perf events record it (event_mutex; read
 *	locklessly by the handlers, which then look at the CPU's perf list)
 * @class: its event class
 * @call: its event
 * @fixed: the size of its records' fixed part
 * @is_return: a return probe
 * @nargs: how many arguments are parsed
 * @args: its arguments
 */
struct probe_event {
	struct list_head	list;
	u64			seq;
	struct probe_events	*evs;
	char			*group;
	struct list_head	files;
	unsigned int		perf_users;
	struct trace_event_class class;
	struct trace_event_call	call;
	unsigned int		fixed;
	bool			is_return;
	int			nargs;
	struct probe_arg	*args;
};

/* Is @ev's probe armed: does a file or a perf event use it?  event_mutex. */
static inline bool probe_event_in_use(struct probe_event *ev)
{
	return !list_empty(&ev->files) || ev->perf_users;
}

int probe_events_init(struct probe_events *evs, const char *events_file,
		      const char *profile_file);

int probe_event_init(struct probe_event *ev, struct probe_events *evs,
		     int maxargs);
void probe_event_destroy(struct probe_event *ev);
int probe_event_set_name(struct probe_event *ev, char *group, char *event,
			 const char *default_group);
int probe_event_parse_args(struct probe_event *ev, int argc, char **argv,
			   unsigned int flags, const char *func,
			   struct probe_log *log);
int probe_event_layout(struct probe_event *ev);
int probe_event_add(struct probe_event *ev, struct probe_log *log,
		    int name_offs);
void probe_event_log_add_err(int err, int name_offs, struct probe_log *log);
bool probe_event_busy(struct probe_event *ev);
int probe_event_remove(struct probe_event *ev);
int probe_args_differ(struct probe_event *a, struct probe_event *b,
		      bool by_type);
bool probe_args_match(struct probe_event *ev, int argc, char **argv);
void probe_event_show_args(struct seq_file *m, struct probe_event *ev);

#ifdef CONFIG_PERF_EVENTS
int probe_event_perf_open(struct probe_event *ev, struct perf_event *p_event,
			  const char *group);
void probe_event_perf_close(struct perf_event *p_event);
#endif

void probe_event_record(struct probe_event *ev,
			const struct probe_fetch_ctx *ctx,
			struct pt_regs *regs, unsigned long ip,
			unsigned long ret_ip);

/* trace_kprobe.c: a kprobe_events command from the in-kernel API. */
int trace_kprobe_command(const char *cmd);

#endif /* _TRACE_PROBE_EVENT_H */
