// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * options/fields: a record shown as its event's fields rather than its
 * print format, after the context columns:
 *
 *	sched_wakeup: comm=sh pid=0x93 (147) prio=0x78 (120) target_cpu=0x1 (1)
 *
 * Strings print as text, function addresses as symbols, dynamic arrays as
 * comma-separated hex bytes and integers as hex with the decimal value in
 * parentheses (a printable byte also as a character), as upstream Linux
 * prints them.
 *
 * The fields of an event are read under trace_event_print_lock(), as its
 * print functions are: an event's fields are freed only after
 * unregister_trace_event() has waited for such readers.
 */

#include <linux/ctype.h>
#include <linux/uaccess.h>

#include "trace.h"

/* How much of a string a FILTER_PTR_STRING field points to is shown. */
#define FIELD_PTR_STRING_MAX	128

/*
 * A __data_loc or __rel_loc word: the data's length and its offset from
 * the record's start (__data_loc) or from the end of the word (__rel_loc).
 * NULL when the data would lie outside the record.
 */
static void *field_dyn_data(struct trace_iterator *iter,
			    struct ftrace_event_field *f, void *pos,
			    bool rel, int *len)
{
	u32 loc = *(u32 *)pos;
	int offset = loc & 0xffff;

	*len = loc >> 16;
	if (rel)
		offset += f->offset + sizeof(u32);
	if (offset + *len > iter->ent_size)
		return NULL;
	return (void *)iter->ent + offset;
}

/* A dynamic array as "xx,xx,...". */
static void print_field_array(struct trace_iterator *iter,
			      struct ftrace_event_field *f, void *pos, bool rel)
{
	unsigned char *data;
	int i, len;

	data = field_dyn_data(iter, f, pos, rel, &len);
	if (!data) {
		trace_seq_puts(&iter->seq, "<OVERFLOW>");
		return;
	}
	for (i = 0; i < len; i++)
		trace_seq_printf(&iter->seq, i ? ",%02x" : "%02x", data[i]);
}

/*
 * A string a kernel pointer points to: "(0x<ptr>:<text>)", or "(0x<ptr>)"
 * when it cannot be read; the pointer in full, 16 digits on 64-bit.
 */
static void print_field_ptr_string(struct trace_seq *s, void *pos)
{
	char buf[FIELD_PTR_STRING_MAX];
	unsigned long str = *(unsigned long *)pos;
	int width = 2 * sizeof(long);

	if (strncpy_from_kernel_nofault(buf, (void *)str, sizeof(buf)) < 0)
		trace_seq_printf(s, "(0x%0*lx)", width, str);
	else
		trace_seq_printf(s, "(0x%0*lx:%s)", width, str, buf);
}

/* An integer field (FILTER_OTHER, FILTER_CPU) by its size. */
static void print_field_int(struct trace_iterator *iter,
			    struct ftrace_event_field *f, void *pos)
{
	struct trace_seq *s = &iter->seq;

	switch (f->size) {
	case 1:
		if (isprint(*(char *)pos))
			trace_seq_printf(s, "'%c'", *(unsigned char *)pos);
		trace_seq_printf(s, "(%d)", *(unsigned char *)pos);
		break;
	case 2:
		trace_seq_printf(s, "0x%x (%d)", *(u16 *)pos, *(u16 *)pos);
		break;
	case 4:
		if (strstr(f->type, "__data_loc"))
			print_field_array(iter, f, pos, false);
		else if (strstr(f->type, "__rel_loc"))
			print_field_array(iter, f, pos, true);
		else
			trace_seq_printf(s, "0x%x (%d)", *(u32 *)pos,
					 *(int *)pos);
		break;
	case 8:
		trace_seq_printf(s, "0x%llx (%lld)", *(u64 *)pos, *(s64 *)pos);
		break;
	default:
		trace_seq_puts(s, "<INVALID-SIZE>");
	}
}

/*
 * How a field prints: its filter type, or for FILTER_OTHER the kind its
 * C type names (strings, dynamic arrays), as upstream assigns it.
 */
static int field_print_type(const struct ftrace_event_field *f)
{
	bool is_char = strstr(f->type, "char");

	if (f->filter_type != FILTER_OTHER)
		return f->filter_type;
	if (strstr(f->type, "__data_loc")) {
		if (is_char)
			return FILTER_DYN_STRING;
		if (strstr(f->type, "cpumask_t"))
			return FILTER_CPUMASK;
	}
	if (strstr(f->type, "__rel_loc") && is_char)
		return FILTER_RDYN_STRING;
	if (strchr(f->type, ']') && is_char)
		return FILTER_STATIC_STRING;
	if (!strcmp(f->type, "char *") || !strcmp(f->type, "const char *"))
		return FILTER_PTR_STRING;
	return FILTER_OTHER;
}

static void print_field(struct trace_iterator *iter,
			struct ftrace_event_field *f)
{
	int type = field_print_type(f);
	struct trace_seq *s = &iter->seq;
	void *pos = (void *)iter->ent + f->offset;
	char *str;
	int len;

	trace_seq_printf(s, " %s=", f->name);
	if (f->offset + f->size > iter->ent_size) {
		trace_seq_puts(s, "<OVERFLOW>");
		return;
	}
	switch (type) {
	case FILTER_COMM:
	case FILTER_STATIC_STRING:
		trace_seq_printf(s, "%.*s", f->size, (char *)pos);
		break;
	case FILTER_DYN_STRING:
	case FILTER_RDYN_STRING:
		str = field_dyn_data(iter, f, pos, type == FILTER_RDYN_STRING,
				     &len);
		if (str)
			trace_seq_printf(s, "%.*s", len, str);
		else
			trace_seq_puts(s, "<OVERFLOW>");
		break;
	case FILTER_PTR_STRING:
		print_field_ptr_string(s, pos);
		break;
	case FILTER_TRACE_FN:
		trace_seq_printf(s, "%pS", *(void **)pos);
		break;
	case FILTER_CPU:
	case FILTER_OTHER:
		print_field_int(iter, f, pos);
		break;
	default:
		trace_seq_puts(s, "<INVALID-TYPE>");
	}
}

/**
 * trace_print_event_fields - print iter->ent as "<event>: name=value ..."
 * @iter:  the reader, positioned on a record
 * @event: the print functions of the record's type
 *
 * Under trace_event_print_lock(), as print functions are called.
 *
 * Return: TRACE_TYPE_HANDLED, or TRACE_TYPE_PARTIAL_LINE if the text did
 * not fit.
 */
enum print_line_t trace_print_event_fields(struct trace_iterator *iter,
					   struct trace_event *event)
{
	struct trace_seq *s = &iter->seq;
	struct ftrace_event_field *f;
	struct trace_event_call *call;
	struct list_head *head;

	if (event->type < TRACE_FIRST_DYNAMIC_TYPE)
		call = trace_export_find_call(event->type);
	else
		call = container_of(event, struct trace_event_call, event);
	if (!call) {
		trace_seq_printf(s, "UNKNOWN TYPE %d\n", event->type);
		return trace_handle_return(s);
	}

	trace_seq_printf(s, "%s:", trace_event_name(call));
	head = trace_get_fields(call);
	if (list_empty(head)) {
		trace_seq_puts(s, "No fields found\n");
		return trace_handle_return(s);
	}
	list_for_each_entry(f, head, link)
		print_field(iter, f);
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}
