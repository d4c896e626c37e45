// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The in-kernel API that writes synthetic event records: all values at
 * once (synth_event_trace(), synth_event_trace_array()) or one by one
 * into a record reserved beforehand (synth_event_trace_start(),
 * synth_event_add_next_val()/synth_event_add_val(),
 * synth_event_trace_end()).  The record goes to the event file the
 * caller holds (trace_get_event_file()), that is to one instance, and
 * only while that file is enabled and not soft-disabled, as a
 * tracepoint's record would; a disabled file takes the values and
 * drops them.
 *
 * Nothing here allocates or locks: the record is reserved in the ring
 * buffer with preemption off, which stays off from
 * synth_event_trace_start() to synth_event_trace_end().  A value for a
 * string field is a pointer to the string, cast to u64; for an
 * unsigned long[] field, a pointer to the frames, ended by a 0.
 */
#include <linux/export.h>
#include <linux/preempt.h>
#include <linux/string.h>

#include "trace.h"
#include "trace_synth.h"

static union synth_val synth_api_val(const struct synth_field *f, u64 val)
{
	union synth_val v;

	if (f->kind == SYNTH_NUM)
		v.num = val;
	else if (f->kind == SYNTH_STACK)
		v.stack = (const unsigned long *)(uintptr_t)val;
	else
		v.str = (const char *)(uintptr_t)val;
	return v;
}

/*
 * The synthetic event of @file, if it records now.
 * Return: 0 (*@se set), 1 when the file does not record (the values
 * are to be dropped), -EINVAL when @file is no synthetic event's.
 */
static int synth_api_event(struct trace_event_file *file,
			   struct synth_event **se)
{
	if (!file)
		return -EINVAL;
	*se = synth_event_of(file->event_call);
	if (!*se)
		return -EINVAL;
	if (!(file->flags & EVENT_FILE_FL_ENABLED) ||
	    trace_trigger_soft_disabled(file))
		return 1;
	return 0;
}

/*
 * Reserve a record of @se with @dsize bytes of dynamic data in @file's
 * buffer.  On success preemption and ring buffer nesting are on until
 * synth_api_commit().
 */
static void *synth_api_reserve(struct trace_event_file *file,
			       struct synth_event *se, unsigned int dsize,
			       struct trace_event_buffer *fbuf)
{
	struct trace_buffer *buffer = file->tr->buffer;
	void *rec;

	/* trace_event_buffer_reserve() discounts a probe's preempt_disable. */
	preempt_disable_notrace();
	/* The caller may itself be inside another event's probe. */
	ring_buffer_nest_start(buffer);
	rec = trace_event_buffer_reserve(fbuf, file, se->fixed + dsize);
	if (!rec) {
		ring_buffer_nest_end(buffer);
		preempt_enable_notrace();
	}
	return rec;
}

static void synth_api_commit(struct trace_event_file *file,
			     struct trace_event_buffer *fbuf)
{
	trace_event_buffer_commit(fbuf);
	ring_buffer_nest_end(file->tr->buffer);
	preempt_enable_notrace();
}

/* Write one record; @vals or else @args gives the values in order. */
static int synth_api_write(struct trace_event_file *file,
			   struct synth_event *se, const u64 *vals,
			   va_list *args)
{
	unsigned int i, dsize = 0, data = se->fixed;
	struct trace_event_buffer fbuf;
	const struct synth_field *f;
	union synth_val v;
	va_list again;
	void *rec;

	if (args)
		va_copy(again, *args);
	for (i = 0; i < se->n_fields; i++) {
		f = &se->fields[i];
		v = synth_api_val(f, vals ? vals[i] : va_arg(again, u64));
		dsize += synth_dyn_len(f, &v);
	}
	if (args)
		va_end(again);
	rec = synth_api_reserve(file, se, dsize, &fbuf);
	if (!rec)
		return -EINVAL;
	for (i = 0; i < se->n_fields; i++) {
		f = &se->fields[i];
		v = synth_api_val(f, vals ? vals[i] : va_arg(*args, u64));
		synth_fill_field(f, rec, &v, &data);
	}
	synth_api_commit(file, &fbuf);
	return 0;
}

/**
 * synth_event_trace() - write a synthetic event record
 * @file: the event file (from trace_get_event_file())
 * @n_vals: how many values follow: one per field of the event
 * @...: the values, each a u64, in the order of the fields
 *
 * Return: 0 (also when @file does not record now), -EINVAL when @file
 * is not a synthetic event's, @n_vals is not its field count or no
 * record could be reserved.
 */
int synth_event_trace(struct trace_event_file *file, unsigned int n_vals, ...)
{
	struct synth_event *se;
	va_list args;
	int ret;

	ret = synth_api_event(file, &se);
	if (ret)
		return ret > 0 ? 0 : ret;
	if (n_vals != se->n_fields)
		return -EINVAL;
	va_start(args, n_vals);
	ret = synth_api_write(file, se, NULL, &args);
	va_end(args);
	return ret;
}
EXPORT_SYMBOL_GPL(synth_event_trace);

/**
 * synth_event_trace_array() - write a synthetic event record from an array
 * @file: the event file (from trace_get_event_file())
 * @vals: one value per field of the event, in order
 * @n_vals: how many
 *
 * Return: as synth_event_trace().
 */
int synth_event_trace_array(struct trace_event_file *file, u64 *vals,
			    unsigned int n_vals)
{
	struct synth_event *se;
	int ret;

	ret = synth_api_event(file, &se);
	if (ret)
		return ret > 0 ? 0 : ret;
	if (!vals || n_vals != se->n_fields)
		return -EINVAL;
	return synth_api_write(file, se, vals, NULL);
}
EXPORT_SYMBOL_GPL(synth_event_trace_array);

/**
 * synth_event_trace_start() - reserve a record to fill in piecewise
 * @file: the event file (from trace_get_event_file())
 * @trace_state: the state of the record, for the calls that follow
 *
 * Set the values with synth_event_add_next_val() (in field order) or
 * synth_event_add_val() (by name), not both; fields left out are 0.
 * Preemption is off until synth_event_trace_end(), which must follow
 * whatever the additions returned.
 *
 * Return: 0 (also when @file does not record now: the values are then
 * dropped), -EINVAL when @file is not a synthetic event's or no record
 * could be reserved, -ENOTSUPP when the event has a char[] or
 * unsigned long[] field, whose size the record cannot know in advance.
 */
int synth_event_trace_start(struct trace_event_file *file,
			    struct synth_event_trace_state *trace_state)
{
	struct synth_event *se;
	unsigned int i;
	int ret;
	void *rec;

	if (!trace_state)
		return -EINVAL;
	memset(trace_state, 0, sizeof(*trace_state));
	ret = synth_api_event(file, &se);
	if (ret < 0)
		return ret;
	if (ret) {
		trace_state->disabled = true;
		return 0;
	}
	for (i = 0; i < se->n_fields; i++)
		if (se->fields[i].kind == SYNTH_DSTR ||
		    se->fields[i].kind == SYNTH_STACK)
			return -ENOTSUPP;
	rec = synth_api_reserve(file, se, 0, &trace_state->fbuffer);
	if (!rec)
		return -EINVAL;
	memset(rec + sizeof(struct trace_entry), 0,
	       se->fixed - sizeof(struct trace_entry));
	trace_state->entry = rec;
	trace_state->buffer = file->tr->buffer;
	trace_state->event = se;
	return 0;
}
EXPORT_SYMBOL_GPL(synth_event_trace_start);

/* The field @field_name names, or the next one; NULL when none. */
static const struct synth_field *
synth_api_field(struct synth_event_trace_state *ts, const char *field_name)
{
	struct synth_event *se = ts->event;
	unsigned int i;

	if (!field_name)
		return ts->cur_field < se->n_fields ?
			&se->fields[ts->cur_field++] : NULL;
	for (i = 0; i < se->n_fields; i++)
		if (!strcmp(se->fields[i].name, field_name))
			return &se->fields[i];
	return NULL;
}

static int synth_api_add(const char *field_name, u64 val,
			 struct synth_event_trace_state *ts)
{
	const struct synth_field *f;
	union synth_val v;
	unsigned int data;

	if (!ts)
		return -EINVAL;
	/* One record is set in order or by name, never both. */
	if (field_name ? ts->add_next : ts->add_name)
		return -EINVAL;
	if (field_name)
		ts->add_name = true;
	else
		ts->add_next = true;
	if (ts->disabled)
		return 0;
	f = synth_api_field(ts, field_name);
	if (!f)
		return -EINVAL;
	v = synth_api_val(f, val);
	if (f->kind == SYNTH_STR && !v.str)
		return -EINVAL;
	data = ts->event->fixed;
	synth_fill_field(f, ts->entry, &v, &data);
	return 0;
}

/**
 * synth_event_add_next_val() - set the next field of a started record
 * @val: the value (a string field's: a pointer to the string)
 * @trace_state: the state from synth_event_trace_start()
 *
 * Return: 0, -EINVAL when every field is set already, the record is
 * being set by name, or a string value is NULL.
 */
int synth_event_add_next_val(u64 val,
			     struct synth_event_trace_state *trace_state)
{
	return synth_api_add(NULL, val, trace_state);
}
EXPORT_SYMBOL_GPL(synth_event_add_next_val);

/**
 * synth_event_add_val() - set a field of a started record by name
 * @field_name: the field
 * @val: the value (a string field's: a pointer to the string)
 * @trace_state: the state from synth_event_trace_start()
 *
 * Return: 0, -EINVAL when the event has no such field, the record is
 * being set in order, or a string value is NULL.
 */
int synth_event_add_val(const char *field_name, u64 val,
			struct synth_event_trace_state *trace_state)
{
	if (!field_name)
		return -EINVAL;
	return synth_api_add(field_name, val, trace_state);
}
EXPORT_SYMBOL_GPL(synth_event_add_val);

/**
 * synth_event_trace_end() - commit a started record
 * @trace_state: the state from synth_event_trace_start()
 *
 * Return: 0, or -EINVAL without a state.
 */
int synth_event_trace_end(struct synth_event_trace_state *trace_state)
{
	if (!trace_state)
		return -EINVAL;
	if (trace_state->disabled || !trace_state->entry)
		return 0;
	synth_api_commit(trace_state->fbuffer.trace_file,
			 &trace_state->fbuffer);
	trace_state->entry = NULL;
	return 0;
}
EXPORT_SYMBOL_GPL(synth_event_trace_end);
