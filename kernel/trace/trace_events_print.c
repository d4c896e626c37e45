// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * What TRACE_EVENT() print functions call: the start of an event's line
 * and the helpers of TP_printk() (__print_flags(), __print_symbolic(),
 * __get_bitmask() ...).
 *
 * A helper writes its text into the scratch sequence @p (the reader's
 * tmp_seq, emptied before each record), ends it with a NUL and returns
 * where it starts, so that the text can be a "%s" argument of the
 * event's format.  The text is what upstream Linux prints, as scripts
 * parse it.
 */

#include <linux/trace_events.h>
#include <linux/kernel.h>
#include <linux/ctype.h>
#include <linux/slab.h>

#include "trace.h"

/* Where the next helper's text starts. */
static const char *helper_start(struct trace_seq *p)
{
	return trace_seq_buffer_ptr(p);
}

static const char *helper_end(struct trace_seq *p, const char *start)
{
	trace_seq_putc(p, 0);
	return start;
}

/*
 * One mask of a flags value: if wholly set in *@rest, put @name (after
 * @delim, unless it is the first) and take the mask out of *@rest.
 */
static void print_flag(struct trace_seq *p, const char *delim, bool *first,
		       unsigned long long *rest, unsigned long long mask,
		       const char *name)
{
	if ((*rest & mask) != mask)
		return;
	*rest &= ~mask;
	if (!*first && delim)
		trace_seq_puts(p, delim);
	*first = false;
	trace_seq_puts(p, name);
}

/* The bits no mask covered, in hexadecimal, then the text's end. */
static const char *print_flags_end(struct trace_seq *p, const char *start,
				   const char *delim, bool first,
				   unsigned long long rest)
{
	if (rest) {
		if (!first && delim)
			trace_seq_puts(p, delim);
		trace_seq_printf(p, "0x%llx", rest);
	}
	return helper_end(p, start);
}

/* A value's text: its @name, or the value in hexadecimal if it has none. */
static const char *print_symbol(struct trace_seq *p, const char *name,
				unsigned long long val)
{
	const char *start = helper_start(p);

	if (name)
		trace_seq_puts(p, name);
	else
		trace_seq_printf(p, "0x%llx", val);
	return helper_end(p, start);
}

/*
 * The bodies of trace_print_flags_seq() and trace_print_symbols_seq(),
 * shared with their _u64 twins, whose arrays differ only in the width of
 * the masks.
 */
#define PRINT_FLAGS(p, delim, flags, flag_array)			\
({									\
	typeof(flag_array) __fa = (flag_array);				\
	struct trace_seq *__p = (p);					\
	const char *__start = helper_start(__p), *__d = (delim);	\
	unsigned long long __rest = (flags);				\
	bool __first = true;						\
	int __i;							\
									\
	for (__i = 0; __fa[__i].name && __rest; __i++)			\
		print_flag(__p, __d, &__first, &__rest, __fa[__i].mask,	\
			   __fa[__i].name);				\
	print_flags_end(__p, __start, __d, __first, __rest);		\
})

#define PRINT_SYMBOL(p, val, symbol_array)				\
({									\
	typeof(symbol_array) __sa = (symbol_array);			\
	unsigned long long __v = (val);					\
	int __i;							\
									\
	for (__i = 0; __sa[__i].name; __i++)				\
		if (__sa[__i].mask == __v)				\
			break;						\
	print_symbol(p, __sa[__i].name, __v);				\
})

/**
 * trace_print_flags_seq - name the bits set in @flags
 * @p:          the scratch sequence
 * @delim:      what goes between names
 * @flags:      the value
 * @flag_array: masks and names, ended by a NULL name
 *
 * Each mask wholly set in @flags is named once and taken out; bits no
 * mask covers are printed as one hexadecimal number at the end.
 *
 * Return: the text.
 */
const char *trace_print_flags_seq(struct trace_seq *p, const char *delim,
				  unsigned long flags,
				  const struct trace_print_flags *flag_array)
{
	return PRINT_FLAGS(p, delim, flags, flag_array);
}
EXPORT_SYMBOL(trace_print_flags_seq);

/**
 * trace_print_symbols_seq - name a value
 * @p:            the scratch sequence
 * @val:          the value
 * @symbol_array: values and names, ended by a NULL name
 *
 * Return: the text: the name of @val, or @val in hexadecimal.
 */
const char *trace_print_symbols_seq(struct trace_seq *p, unsigned long val,
				    const struct trace_print_flags *symbol_array)
{
	return PRINT_SYMBOL(p, val, symbol_array);
}
EXPORT_SYMBOL(trace_print_symbols_seq);

#if BITS_PER_LONG == 32
/**
 * trace_print_flags_seq_u64 - trace_print_flags_seq() for 64-bit values
 * @p:          the scratch sequence
 * @delim:      what goes between names
 * @flags:      the value
 * @flag_array: masks and names, ended by a NULL name
 *
 * Return: the text.
 */
const char *trace_print_flags_seq_u64(struct trace_seq *p, const char *delim,
				      unsigned long long flags,
				      const struct trace_print_flags_u64 *flag_array)
{
	return PRINT_FLAGS(p, delim, flags, flag_array);
}
EXPORT_SYMBOL(trace_print_flags_seq_u64);

/**
 * trace_print_symbols_seq_u64 - trace_print_symbols_seq() for 64-bit values
 * @p:            the scratch sequence
 * @val:          the value
 * @symbol_array: values and names, ended by a NULL name
 *
 * Return: the text.
 */
const char *trace_print_symbols_seq_u64(struct trace_seq *p,
					unsigned long long val,
					const struct trace_print_flags_u64 *symbol_array)
{
	return PRINT_SYMBOL(p, val, symbol_array);
}
EXPORT_SYMBOL(trace_print_symbols_seq_u64);
#endif

/**
 * trace_print_bitmask_seq - a bitmask in hexadecimal words
 * @p:            the scratch sequence
 * @bitmask_ptr:  the bits
 * @bitmask_size: their size in bytes
 *
 * Return: the text.
 */
const char *trace_print_bitmask_seq(struct trace_seq *p, void *bitmask_ptr,
				    unsigned int bitmask_size)
{
	const char *start = helper_start(p);

	trace_seq_bitmask(p, bitmask_ptr, bitmask_size * 8);
	return helper_end(p, start);
}
EXPORT_SYMBOL_GPL(trace_print_bitmask_seq);

/**
 * trace_print_hex_seq - bytes in hexadecimal
 * @p:           the scratch sequence
 * @buf:         the bytes
 * @buf_len:     how many
 * @concatenate: no space between bytes
 *
 * Return: the text.
 */
const char *trace_print_hex_seq(struct trace_seq *p, const unsigned char *buf,
				int buf_len, bool concatenate)
{
	const char *start = helper_start(p);
	int i;

	for (i = 0; i < buf_len; i++)
		trace_seq_printf(p, "%s%2.2x", concatenate || !i ? "" : " ",
				 buf[i]);
	return helper_end(p, start);
}
EXPORT_SYMBOL(trace_print_hex_seq);

/**
 * trace_print_array_seq - an array of integers, "{0x1,0x2}"
 * @p:       the scratch sequence
 * @buf:     the array
 * @count:   its elements
 * @el_size: the size of one: 1, 2, 4 or 8
 *
 * Return: the text.
 */
const char *trace_print_array_seq(struct trace_seq *p, const void *buf,
				  int count, size_t el_size)
{
	const char *start = helper_start(p);
	const char *sep = "";
	int i;

	trace_seq_putc(p, '{');
	for (i = 0; i < count; i++, sep = ",") {
		switch (el_size) {
		case 1:
			trace_seq_printf(p, "%s0x%x", sep, ((const u8 *)buf)[i]);
			break;
		case 2:
			trace_seq_printf(p, "%s0x%x", sep, ((const u16 *)buf)[i]);
			break;
		case 4:
			trace_seq_printf(p, "%s0x%x", sep, ((const u32 *)buf)[i]);
			break;
		case 8:
			trace_seq_printf(p, "%s0x%llx", sep,
					 ((const u64 *)buf)[i]);
			break;
		default:
			trace_seq_printf(p, "BAD SIZE:%zu 0x%x", el_size,
					 ((const u8 *)buf)[i]);
		}
	}
	trace_seq_putc(p, '}');
	return helper_end(p, start);
}
EXPORT_SYMBOL(trace_print_array_seq);

/**
 * trace_print_hex_dump_seq - a hex dump, on lines of its own
 * @p:          the scratch sequence
 * @prefix_str: what starts each line
 * @prefix_type: DUMP_PREFIX_*
 * @rowsize:    bytes a line
 * @groupsize:  bytes a group
 * @buf:        the bytes
 * @len:        how many
 * @ascii:      add the ASCII column
 *
 * Return: the text.
 */
const char *trace_print_hex_dump_seq(struct trace_seq *p,
				     const char *prefix_str, int prefix_type,
				     int rowsize, int groupsize,
				     const void *buf, size_t len, bool ascii)
{
	const char *start = helper_start(p);

	trace_seq_putc(p, '\n');
	trace_seq_hex_dump(p, prefix_str, prefix_type, rowsize, groupsize,
			   buf, len, ascii);
	return helper_end(p, start);
}
EXPORT_SYMBOL(trace_print_hex_dump_seq);

/**
 * trace_raw_output_prep - start the line of an event's record
 * @iter:  the reader, on a record of @event
 * @event: the event's trace_event
 *
 * Prints "<event name>: " and empties the scratch sequence.
 *
 * Return: TRACE_TYPE_HANDLED, TRACE_TYPE_UNHANDLED when the record is
 * not @event's, or TRACE_TYPE_PARTIAL_LINE.
 */
int trace_raw_output_prep(struct trace_iterator *iter,
			  struct trace_event *event)
{
	struct trace_event_call *call =
		container_of(event, struct trace_event_call, event);

	if (WARN_ON_ONCE(iter->ent->type != event->type))
		return TRACE_TYPE_UNHANDLED;
	trace_seq_init(&iter->tmp_seq);
	trace_seq_printf(&iter->seq, "%s: ", trace_event_name(call));
	return trace_handle_return(&iter->seq);
}
EXPORT_SYMBOL(trace_raw_output_prep);

/* Room for @len bytes in iter->fmt; the oops dump never allocates. */
static bool event_fmt_room(struct trace_iterator *iter, size_t len)
{
	char *fmt;

	if (len <= iter->fmt_size)
		return true;
	if (iter->iter_flags & TRACE_FILE_DUMP)
		return false;
	/* Print functions may run under rcu_read_lock(). */
	fmt = krealloc(iter->fmt, len, GFP_NOWAIT | __GFP_NOWARN);
	if (!fmt)
		return false;
	iter->fmt = fmt;
	iter->fmt_size = len;
	return true;
}

/*
 * An event's format as the reader's instance shows it: with hash-ptr off
 * every "%p" not followed by a letter or digit becomes "%px", so pointers
 * print unhashed.  Where there is no room the format is kept as it is.
 */
static const char *event_fmt(struct trace_iterator *iter, const char *fmt)
{
	const char *p;
	char *q;

	/* option bits: trace_set_opt() may flip them while we print */
	if (!iter->tr || (READ_ONCE(iter->tr->flags) & TRACE_OPT(HASH_PTR)))
		return fmt;
	/* At worst every other character is a "%p" that grows by one. */
	if (!event_fmt_room(iter, strlen(fmt) * 3 / 2 + 1))
		return fmt;
	for (p = fmt, q = iter->fmt; *p; ) {
		*q++ = *p++;
		if (p[-1] != '%')
			continue;
		if (*p == '%') {
			*q++ = *p++;
		} else if (*p == 'p' && !isalnum(p[1])) {
			*q++ = *p++;
			*q++ = 'x';
		}
	}
	*q = '\0';
	return iter->fmt;
}

/**
 * trace_event_printf - the rest of an event's line
 * @iter: the reader
 * @fmt:  TP_printk()'s format, with a newline
 *
 * Pointers printed with %p are hashed unless the instance has hash-ptr
 * off.
 */
void trace_event_printf(struct trace_iterator *iter, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	trace_seq_vprintf(&iter->seq, event_fmt(iter, fmt), ap);
	va_end(ap);
}
EXPORT_SYMBOL(trace_event_printf);

/**
 * trace_output_call - print a whole event line
 * @iter: the reader
 * @name: the event's name
 * @fmt:  the format of the rest, with a newline
 *
 * Return: TRACE_TYPE_HANDLED or TRACE_TYPE_PARTIAL_LINE.
 */
int trace_output_call(struct trace_iterator *iter, char *name, char *fmt, ...)
{
	va_list ap;

	trace_seq_printf(&iter->seq, "%s: ", name);
	va_start(ap, fmt);
	trace_seq_vprintf(&iter->seq, event_fmt(iter, fmt), ap);
	va_end(ap);
	return trace_handle_return(&iter->seq);
}
EXPORT_SYMBOL_GPL(trace_output_call);
