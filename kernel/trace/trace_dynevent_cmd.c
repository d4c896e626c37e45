// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The command builder of the in-kernel dynamic event API: a struct
 * dynevent_cmd collects a definition, word by word, in a buffer its
 * caller owns, and dynevent_create() hands the finished line to the
 * kind that made the builder (synthetic or kprobe events), which runs
 * it as if it had been written to dynamic_events.
 *
 * A builder is its caller's alone: nothing here locks.  The invariant
 * is that cmd->seq holds a whole command at every step: an addition
 * that does not fit is taken back and reported, never left half done.
 */
#include <linux/errno.h>
#include <linux/seq_buf.h>
#include <linux/string.h>

#include "trace_dynevent.h"

/**
 * dynevent_cmd_init() - set up a builder over a caller's buffer
 * @cmd: the builder
 * @buf: where the command is built
 * @maxlen: the size of @buf
 * @type: the kind of event
 * @run_command: what dynevent_create() calls
 */
void dynevent_cmd_init(struct dynevent_cmd *cmd, char *buf, int maxlen,
		       enum dynevent_type type,
		       dynevent_create_fn_t run_command)
{
	memset(cmd, 0, sizeof(*cmd));
	seq_buf_init(&cmd->seq, buf, maxlen);
	seq_buf_str(&cmd->seq);
	cmd->type = type;
	cmd->run_command = run_command;
}

/**
 * dynevent_cmd_add() - append text to a command
 * @cmd: the builder
 * @fmt: printf() format of the text
 *
 * Return: 0, or -E2BIG when the text does not fit (the command is left
 * as it was).
 */
int dynevent_cmd_add(struct dynevent_cmd *cmd, const char *fmt, ...)
{
	size_t len = seq_buf_used(&cmd->seq);
	va_list args;

	va_start(args, fmt);
	seq_buf_vprintf(&cmd->seq, fmt, args);
	va_end(args);
	/* One byte stays free for the NUL that ends the command. */
	if (seq_buf_has_overflowed(&cmd->seq) ||
	    seq_buf_used(&cmd->seq) >= cmd->seq.size) {
		cmd->seq.len = len;
		seq_buf_str(&cmd->seq);
		return -E2BIG;
	}
	seq_buf_str(&cmd->seq);
	return 0;
}

/**
 * dynevent_create() - create the event a command defines
 * @cmd: a command built by the synth_event_* or kprobe_event_* functions
 *
 * Usually called as synth_event_gen_cmd_end(), kprobe_event_gen_cmd_end()
 * or kretprobe_event_gen_cmd_end().  The event appears under
 * events/<group>/ and in dynamic_events like one written there.
 *
 * Return: 0, or the -errno the command got (-EINVAL for a malformed
 * definition, with an error_log entry; -EEXIST for a name taken).
 */
int dynevent_create(struct dynevent_cmd *cmd)
{
	if (!cmd->run_command || !cmd->event_name)
		return -EINVAL;
	return cmd->run_command(cmd);
}
EXPORT_SYMBOL_GPL(dynevent_create);
