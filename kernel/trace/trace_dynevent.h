/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Dynamic events: the command files (dynamic_events and the per-kind
 * files such as kprobe_events) and the kinds of event they create.
 */
#ifndef _TRACE_DYNEVENT_H
#define _TRACE_DYNEVENT_H

#include <linux/fs.h>
#include <linux/trace_events.h>

/**
 * struct dyn_event_kind - one kind of dynamic event (kprobe, ...)
 * @create: create from a command's words; -ECANCELED when the command
 *	is not of this kind
 * @delete: remove [GRP/]EVENT (@group may be NULL), or every event of
 *	GRP when @event is ""; when the command has more words (@argc,
 *	@argv: "PLACE [ARG...]"), only the probe of the event they name;
 *	-ENOENT when none is of this kind, -EBUSY while in use
 * @delete_all: remove every event of this kind, or none (-EBUSY)
 * @show_all: print each event's definition, one a line
 * @show_after: print the definition of the event of this kind created
 *	first after creation number @seq (dyn_event_seq()), if @print;
 *	return its number, or 0 when there is none.
 *	dynamic_events lists all kinds in creation order with it, so that
 *	its lines can be written back in that order.
 * @list: on the list of kinds (dyn_event_mutex)
 *
 * The callbacks but @create are handed the kind, which the structure
 * holding it may extend (struct probe_events).
 */
struct dyn_event_kind {
	int	(*create)(int argc, char **argv);
	int	(*delete)(const struct dyn_event_kind *kind, const char *group,
			  const char *event, int argc, char **argv);
	int	(*delete_all)(const struct dyn_event_kind *kind);
	void	(*show_all)(const struct dyn_event_kind *kind,
			    struct seq_file *m);
	u64	(*show_after)(const struct dyn_event_kind *kind,
			      struct seq_file *m, u64 seq, bool print);
	struct list_head list;
};

int dyn_event_register(struct dyn_event_kind *kind);
u64 dyn_event_seq(void);
int dyn_event_open(struct inode *inode, struct file *file,
		   const struct dyn_event_kind *kind);
ssize_t dyn_event_write(struct file *file, const char __user *ubuf,
			size_t cnt, loff_t *ppos,
			const struct dyn_event_kind *kind);

int dyn_event_command(const char *cmd, const struct dyn_event_kind *kind);

/* The command builder of the in-kernel API (trace_dynevent_cmd.c). */
void dynevent_cmd_init(struct dynevent_cmd *cmd, char *buf, int maxlen,
		       enum dynevent_type type,
		       dynevent_create_fn_t run_command);
__printf(2, 3)
int dynevent_cmd_add(struct dynevent_cmd *cmd, const char *fmt, ...);

#endif /* _TRACE_DYNEVENT_H */
