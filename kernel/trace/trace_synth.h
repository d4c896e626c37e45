/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Synthetic events: events with no probe of their own, defined by the
 * user ("name type field; ...") and emitted by hist trigger actions.
 * Their records hold one slot per field after the common header; a
 * char[] or unsigned long[] field's slot is a __data_loc (u32) and
 * its data follows the fixed part.
 *
 * Locking: event_mutex protects the list of synthetic events, each
 * event's creation, removal and ->ref.  An event's ->files changes
 * under event_mutex (the event core calls ->reg with it held) and is
 * read under RCU by synth_event_emit().  Everything else is immutable
 * while the event is registered.
 */
#ifndef _KERNEL_TRACE_TRACE_SYNTH_H
#define _KERNEL_TRACE_TRACE_SYNTH_H

#include <linux/trace_events.h>

#define SYNTH_SYSTEM		"synthetic"
#define SYNTH_FIELDS_MAX	64
#define SYNTH_STR_MAX		MAX_FILTER_STR_VAL
#define SYNTH_STACK_MAX		16

/* What a field holds. */
enum synth_kind {
	SYNTH_NUM,		/* an integer of ->size bytes */
	SYNTH_STR,		/* char[N]: N bytes in the slot */
	SYNTH_DSTR,		/* char[]: a __data_loc string */
	SYNTH_STACK,		/* unsigned long[]: a __data_loc stack trace */
};

/**
 * struct synth_field - one field of a synthetic event
 * @type:      its type as the definition spells it ("char[16]")
 * @ftype:     its type as the format file shows it ("__data_loc char[]"),
 *             the event's field keeps it
 * @name:      its name
 * @kind:      what it holds
 * @size:      bytes of its slot's value (4 for a __data_loc)
 * @offset:    where its slot starts in the record
 * @is_signed: a signed integer
 */
struct synth_field {
	char		*type;
	char		*ftype;
	char		*name;
	enum synth_kind	kind;
	unsigned int	size;
	unsigned int	offset;
	bool		is_signed;
};

/**
 * struct synth_event - a synthetic event
 * @list:     on the list of synthetic events (event_mutex)
 * @ref:      hist actions that emit it (event_mutex); it stays while
 *            any does
 * @files:    the files recording it, struct synth_file (RCU; written
 *            under event_mutex)
 * @n_fields: its fields
 * @fields:   the fields, in order
 * @fixed:    bytes of the records' fixed part
 * @class:    its event class
 * @call:     its event
 */
struct synth_event {
	struct list_head	list;
	u64			seq;
	unsigned int		ref;
	struct list_head	files;
	unsigned int		n_fields;
	struct synth_field	*fields;
	unsigned int		fixed;
	struct trace_event_class class;
	struct trace_event_call	call;
};

/**
 * union synth_val - the value of one field as an action hands it over
 * @num:   SYNTH_NUM: the integer
 * @str:   SYNTH_STR, SYNTH_DSTR: the NUL-terminated string
 * @stack: SYNTH_STACK: the frames, ended by a 0 or SYNTH_STACK_MAX
 */
union synth_val {
	u64			num;
	const char		*str;
	const unsigned long	*stack;
};

/* Parsing a definition (trace_events_synth_parse.c). */
struct synth_event *synth_parse(const char *cmd, bool dyn);
void synth_event_free(struct synth_event *se);

/* The events (trace_events_synth.c). */
struct synth_event *synth_event_find(const char *name);
struct synth_event *synth_event_get(const char *name);
void synth_event_put(struct synth_event *se);
void synth_event_emit(struct synth_event *se, const union synth_val *vals);
struct synth_event *synth_event_of(struct trace_event_call *call);
int synth_event_define(const char *cmd, bool dyn);
int synth_event_remove_name(const char *name);
unsigned int synth_dyn_len(const struct synth_field *f,
			   const union synth_val *v);
void synth_fill_field(const struct synth_field *f, void *rec,
		      const union synth_val *v, unsigned int *data);

#endif /* _KERNEL_TRACE_TRACE_SYNTH_H */
