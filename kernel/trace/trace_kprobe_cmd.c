// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The in-kernel API that creates and removes kprobe and kretprobe
 * events: the definition is built in a struct dynevent_cmd as
 * kprobe_events' "p:kprobes/NAME PLACE [ARG...]" ("r:" for a return
 * probe) and run as if written there, so the event is in every way one
 * made from user space (events/kprobes/NAME/, kprobe_events,
 * dynamic_events, kprobe_profile), malformed arguments get the same
 * -EINVAL and error_log entry, and kprobe_event_delete() gets -EBUSY
 * while the event is enabled or held.  The kprobe events' own mutex
 * serializes the commands.
 */
#include <linux/export.h>

#include "trace_probe_event.h"

static int kprobe_cmd_run(struct dynevent_cmd *cmd)
{
	return trace_kprobe_command(cmd->seq.buffer);
}

/**
 * kprobe_event_cmd_init() - set up a builder for a kprobe event
 * @cmd: the builder
 * @buf: where the definition is built (MAX_DYNEVENT_CMD_LEN is enough)
 * @maxlen: the size of @buf
 *
 * Start the definition with kprobe_event_gen_cmd_start() or
 * kretprobe_event_gen_cmd_start().
 */
void kprobe_event_cmd_init(struct dynevent_cmd *cmd, char *buf, int maxlen)
{
	dynevent_cmd_init(cmd, buf, maxlen, DYNEVENT_TYPE_KPROBE,
			  kprobe_cmd_run);
}
EXPORT_SYMBOL_GPL(kprobe_event_cmd_init);

/* Append the fetch arguments of @args, up to a NULL. */
static int kprobe_cmd_add_args(struct dynevent_cmd *cmd, va_list args)
{
	const char *arg;
	int ret;

	while ((arg = va_arg(args, const char *))) {
		if (!*arg || cmd->n_fields >= PROBE_MAX_ARGS)
			return -EINVAL;
		ret = dynevent_cmd_add(cmd, " %s", arg);
		if (ret)
			return ret;
		cmd->n_fields++;
	}
	return 0;
}

/**
 * __kprobe_event_gen_cmd_start() - start a kprobe event's definition
 * @cmd: the builder, from kprobe_event_cmd_init()
 * @kretprobe: a return probe ("r"), else an entry probe ("p")
 * @name: the event's name; its group is "kprobes"
 * @loc: where it probes: "SYM[+OFFS]", "MOD:SYM" or an address
 * @...: fetch arguments ("dfd=$arg1", "ret=$retval", ...), ended by NULL
 *
 * Called as kprobe_event_gen_cmd_start() or
 * kretprobe_event_gen_cmd_start(), which add the NULL.  More arguments
 * may follow with kprobe_event_add_fields(); then
 * kprobe_event_gen_cmd_end() creates the event.
 *
 * Return: 0, -EINVAL for a missing name or place, an empty argument,
 * too many arguments or a builder of another kind, -E2BIG when the
 * buffer is full.
 */
int __kprobe_event_gen_cmd_start(struct dynevent_cmd *cmd, bool kretprobe,
				 const char *name, const char *loc, ...)
{
	va_list args;
	int ret;

	if (cmd->type != DYNEVENT_TYPE_KPROBE || cmd->event_name ||
	    !name || !*name || !loc || !*loc)
		return -EINVAL;
	ret = dynevent_cmd_add(cmd, "%c:%s/%s %s", kretprobe ? 'r' : 'p',
			       PROBE_DEFAULT_GROUP, name, loc);
	if (ret)
		return ret;
	cmd->event_name = name;
	va_start(args, loc);
	ret = kprobe_cmd_add_args(cmd, args);
	va_end(args);
	return ret;
}
EXPORT_SYMBOL_GPL(__kprobe_event_gen_cmd_start);

/**
 * __kprobe_event_add_fields() - add fetch arguments to a definition
 * @cmd: the builder, started
 * @...: the arguments, ended by NULL
 *
 * Called as kprobe_event_add_fields() or kprobe_event_add_field(),
 * which add the NULL.
 *
 * Return: 0, -EINVAL for a builder not started, an empty argument or
 * too many, -E2BIG when the buffer is full.
 */
int __kprobe_event_add_fields(struct dynevent_cmd *cmd, ...)
{
	va_list args;
	int ret;

	if (cmd->type != DYNEVENT_TYPE_KPROBE || !cmd->event_name)
		return -EINVAL;
	va_start(args, cmd);
	ret = kprobe_cmd_add_args(cmd, args);
	va_end(args);
	return ret;
}
EXPORT_SYMBOL_GPL(__kprobe_event_add_fields);

/**
 * kprobe_event_delete() - remove a kprobe or kretprobe event
 * @name: its name ("NAME" or "GROUP/NAME")
 *
 * Return: 0, -ENOENT when there is none, -EBUSY while it is enabled
 * or held (trace_get_event_file()).
 */
int kprobe_event_delete(const char *name)
{
	char cmd[MAX_FILTER_STR_VAL];

	if (!name || !*name)
		return -EINVAL;
	if (snprintf(cmd, sizeof(cmd), "-:%s", name) >= sizeof(cmd))
		return -EINVAL;
	return trace_kprobe_command(cmd);
}
EXPORT_SYMBOL_GPL(kprobe_event_delete);
