// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The in-kernel API that creates and removes synthetic events: the
 * definition is built in a struct dynevent_cmd as synthetic_events'
 * "name type field; type field..." and created by the same parser, so
 * an event made here is in every way one written from user space
 * (events/synthetic/<name>/, synthetic_events, dynamic_events' "s:").
 *
 * The module a caller names owns nothing of the event (its records
 * and output are ours); it must remove its events with
 * synth_event_delete() before it goes, and that fails with -EBUSY
 * while the event is enabled, referenced by trace_get_event_file() or
 * named by a hist trigger.  Locking is synth_mutex's, taken by
 * synth_event_define() and synth_event_remove_name().
 */
#include <linux/export.h>
#include <linux/slab.h>

#include "trace_dynevent.h"
#include "trace_synth.h"

static int synth_cmd_run(struct dynevent_cmd *cmd)
{
	return synth_event_define(cmd->seq.buffer, false);
}

/**
 * synth_event_cmd_init() - set up a builder for a synthetic event
 * @cmd: the builder
 * @buf: where the definition is built (MAX_DYNEVENT_CMD_LEN is enough)
 * @maxlen: the size of @buf
 *
 * Start the definition with synth_event_gen_cmd_start() or
 * synth_event_gen_cmd_array_start().
 */
void synth_event_cmd_init(struct dynevent_cmd *cmd, char *buf, int maxlen)
{
	dynevent_cmd_init(cmd, buf, maxlen, DYNEVENT_TYPE_SYNTH, synth_cmd_run);
}
EXPORT_SYMBOL_GPL(synth_event_cmd_init);

/* Append @text, the whole of one field ("type name"). */
static int synth_cmd_add(struct dynevent_cmd *cmd, const char *text)
{
	int ret;

	if (cmd->type != DYNEVENT_TYPE_SYNTH || !cmd->event_name)
		return -EINVAL;
	if (cmd->n_fields >= SYNTH_FIELDS_MAX)
		return -EINVAL;
	ret = dynevent_cmd_add(cmd, "%s%s", cmd->n_fields ? "; " : " ", text);
	if (!ret)
		cmd->n_fields++;
	return ret;
}

/* Name the event: the first word of its definition. */
static int synth_cmd_name(struct dynevent_cmd *cmd, const char *name,
			  struct module *mod)
{
	int ret;

	if (cmd->type != DYNEVENT_TYPE_SYNTH || !name || !*name ||
	    cmd->event_name)
		return -EINVAL;
	ret = dynevent_cmd_add(cmd, "%s", name);
	if (ret)
		return ret;
	cmd->event_name = name;
	cmd->private_data = mod;
	return 0;
}

/**
 * synth_event_add_field() - add a field to a synthetic event's definition
 * @cmd: the builder, started
 * @type: the field's type ("u64", "pid_t", "char[16]", "char[]", ...)
 * @name: the field's name
 *
 * The type is checked when the event is created.
 *
 * Return: 0, -EINVAL for a missing type or name, a builder not started
 * or more than 64 fields, -E2BIG when the buffer is full.
 */
int synth_event_add_field(struct dynevent_cmd *cmd, const char *type,
			  const char *name)
{
	char field[MAX_FILTER_STR_VAL];

	if (!type || !name || !*type || !*name)
		return -EINVAL;
	if (snprintf(field, sizeof(field), "%s %s", type, name) >=
	    sizeof(field))
		return -E2BIG;
	return synth_cmd_add(cmd, field);
}
EXPORT_SYMBOL_GPL(synth_event_add_field);

/**
 * synth_event_add_field_str() - add a field given as "type name"
 * @cmd: the builder, started
 * @type_name: the field, as one string ("int my_int")
 *
 * Return: 0, -EINVAL for a missing field or a builder not started,
 * -E2BIG when the buffer is full.
 */
int synth_event_add_field_str(struct dynevent_cmd *cmd, const char *type_name)
{
	if (!type_name || !*type_name)
		return -EINVAL;
	return synth_cmd_add(cmd, type_name);
}
EXPORT_SYMBOL_GPL(synth_event_add_field_str);

/**
 * synth_event_add_fields() - add fields from an array
 * @cmd: the builder, started
 * @fields: the fields
 * @n_fields: how many
 *
 * Return: 0, or the error of the first field that could not be added
 * (those before it were).
 */
int synth_event_add_fields(struct dynevent_cmd *cmd,
			   struct synth_field_desc *fields,
			   unsigned int n_fields)
{
	unsigned int i;
	int ret;

	for (i = 0; i < n_fields; i++) {
		ret = synth_event_add_field(cmd, fields[i].type,
					    fields[i].name);
		if (ret)
			return ret;
	}
	return 0;
}
EXPORT_SYMBOL_GPL(synth_event_add_fields);

/**
 * __synth_event_gen_cmd_start() - start a synthetic event's definition
 * @cmd: the builder, from synth_event_cmd_init()
 * @name: the event's name
 * @mod: the module creating it, or NULL
 * @...: fields, as a type string and a name string each, ended by NULL
 *
 * Called as synth_event_gen_cmd_start(), which adds the NULL.  More
 * fields may follow with synth_event_add_field() & co; then
 * synth_event_gen_cmd_end() creates the event.
 *
 * Return: 0, -EINVAL for a missing name, a type without a name or a
 * builder of another kind, -E2BIG when the buffer is full.
 */
int __synth_event_gen_cmd_start(struct dynevent_cmd *cmd, const char *name,
				struct module *mod, ...)
{
	const char *type, *field;
	va_list args;
	int ret;

	ret = synth_cmd_name(cmd, name, mod);
	va_start(args, mod);
	while (!ret && (type = va_arg(args, const char *))) {
		field = va_arg(args, const char *);
		ret = field ? synth_event_add_field(cmd, type, field) : -EINVAL;
	}
	va_end(args);
	return ret;
}
EXPORT_SYMBOL_GPL(__synth_event_gen_cmd_start);

/**
 * synth_event_gen_cmd_array_start() - start a definition with an array
 * @cmd: the builder, from synth_event_cmd_init()
 * @name: the event's name
 * @mod: the module creating it, or NULL
 * @fields: its first fields
 * @n_fields: how many
 *
 * Return: 0, or -EINVAL/-E2BIG as synth_event_add_field().
 */
int synth_event_gen_cmd_array_start(struct dynevent_cmd *cmd, const char *name,
				    struct module *mod,
				    struct synth_field_desc *fields,
				    unsigned int n_fields)
{
	int ret = synth_cmd_name(cmd, name, mod);

	return ret ?: synth_event_add_fields(cmd, fields, n_fields);
}
EXPORT_SYMBOL_GPL(synth_event_gen_cmd_array_start);

/**
 * synth_event_create() - create a synthetic event in one call
 * @name: its name
 * @fields: its fields
 * @n_fields: how many (at least one)
 * @mod: the module creating it, or NULL
 *
 * Return: 0, -EINVAL for a malformed definition (an invalid type: an
 * error_log entry says which), -EEXIST when the name is taken,
 * -E2BIG or -ENOMEM.
 */
int synth_event_create(const char *name, struct synth_field_desc *fields,
		       unsigned int n_fields, struct module *mod)
{
	struct dynevent_cmd cmd;
	char *buf;
	int ret;

	buf = kzalloc(MAX_DYNEVENT_CMD_LEN, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	synth_event_cmd_init(&cmd, buf, MAX_DYNEVENT_CMD_LEN);
	ret = synth_event_gen_cmd_array_start(&cmd, name, mod, fields,
					      n_fields);
	ret = ret ?: synth_event_gen_cmd_end(&cmd);
	kfree(buf);
	return ret;
}
EXPORT_SYMBOL_GPL(synth_event_create);

/**
 * synth_event_delete() - remove a synthetic event
 * @name: its name
 *
 * Return: 0, -ENOENT when there is none, -EBUSY while it is in use.
 */
int synth_event_delete(const char *name)
{
	if (!name)
		return -EINVAL;
	return synth_event_remove_name(name);
}
EXPORT_SYMBOL_GPL(synth_event_delete);
