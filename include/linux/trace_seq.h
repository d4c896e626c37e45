/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * struct trace_seq: a fixed-size text buffer that tracers and event print
 * functions format one trace line into.  It wraps a seq_buf; once a write
 * does not fit, the sequence is marked full and later writes are dropped,
 * so a line is either complete or visibly overflowed, never cut silently.
 * Event print helpers receive it as the implicit variable "p".
 */
#ifndef _LINUX_TRACE_SEQ_H
#define _LINUX_TRACE_SEQ_H

#include <linux/seq_buf.h>

#include <asm/page.h>

struct seq_file;
struct path;

/* The whole structure is 8 KiB: room for the longest event line. */
#define TRACE_SEQ_SIZE		8192
#define TRACE_SEQ_BUFFER_SIZE	(TRACE_SEQ_SIZE - \
				 sizeof(struct seq_buf) - sizeof(size_t) - \
				 sizeof(int))

/**
 * struct trace_seq - a line being formatted
 * @seq:     the seq_buf over @buffer
 * @readpos: how much of the text trace_seq_to_user() already copied out
 * @full:    set when a write did not fit
 * @buffer:  the text
 */
struct trace_seq {
	struct seq_buf	seq;
	size_t		readpos;
	int		full;
	char		buffer[TRACE_SEQ_BUFFER_SIZE];
};

static inline void trace_seq_init(struct trace_seq *s)
{
	seq_buf_init(&s->seq, s->buffer, TRACE_SEQ_BUFFER_SIZE);
	s->readpos = 0;
	s->full = 0;
}

/**
 * trace_seq_used - bytes of text in the sequence
 * @s: the sequence
 *
 * Return: the length of the text, never more than the buffer holds.
 */
static inline int trace_seq_used(struct trace_seq *s)
{
	return seq_buf_used(&s->seq);
}

/**
 * trace_seq_buffer_ptr - where the next write to the sequence goes
 * @s: the sequence
 *
 * Print helpers that build text in place write here and then report what
 * they wrote through trace_seq_putc() or the like.
 *
 * Return: a pointer just past the current text.
 */
static inline char *trace_seq_buffer_ptr(struct trace_seq *s)
{
	return s->buffer + trace_seq_used(s);
}

/**
 * trace_seq_has_overflowed - did a write not fit?
 * @s: the sequence
 *
 * Return: true once any write to @s was dropped for lack of room.
 */
static inline bool trace_seq_has_overflowed(struct trace_seq *s)
{
	return s->full || seq_buf_has_overflowed(&s->seq);
}

#ifdef CONFIG_TRACING
__printf(2, 3)
void trace_seq_printf(struct trace_seq *s, const char *fmt, ...);
__printf(2, 0)
void trace_seq_vprintf(struct trace_seq *s, const char *fmt, va_list args);
__printf(2, 0)
void trace_seq_bprintf(struct trace_seq *s, const char *fmt, const u32 *binary);
void trace_seq_puts(struct trace_seq *s, const char *str);
void trace_seq_putc(struct trace_seq *s, unsigned char c);
void trace_seq_putmem(struct trace_seq *s, const void *mem, unsigned int len);
void trace_seq_putmem_hex(struct trace_seq *s, const void *mem,
			  unsigned int len);
int trace_seq_path(struct trace_seq *s, const struct path *path);
void trace_seq_bitmask(struct trace_seq *s, const unsigned long *maskp,
		       int nmaskbits);
int trace_seq_hex_dump(struct trace_seq *s, const char *prefix_str,
		       int prefix_type, int rowsize, int groupsize,
		       const void *buf, size_t len, bool ascii);
char *trace_seq_acquire(struct trace_seq *s, unsigned int len);
int trace_print_seq(struct seq_file *m, struct trace_seq *s);
int trace_seq_to_user(struct trace_seq *s, char __user *ubuf, int cnt);

#else /* !CONFIG_TRACING */

/*
 * Tracing compiled out: nothing formats trace lines, and a driver's print
 * helper that is still compiled writes nowhere.
 */
static inline __printf(2, 3)
void trace_seq_printf(struct trace_seq *s, const char *fmt, ...)
{
}

static inline __printf(2, 0)
void trace_seq_bprintf(struct trace_seq *s, const char *fmt, const u32 *binary)
{
}

static inline void trace_seq_puts(struct trace_seq *s, const char *str)
{
}

static inline void trace_seq_putc(struct trace_seq *s, unsigned char c)
{
}

static inline void trace_seq_putmem(struct trace_seq *s, const void *mem,
				    unsigned int len)
{
}

static inline void trace_seq_putmem_hex(struct trace_seq *s, const void *mem,
					unsigned int len)
{
}

static inline void trace_seq_bitmask(struct trace_seq *s,
				     const unsigned long *maskp, int nmaskbits)
{
}

static inline int trace_seq_path(struct trace_seq *s, const struct path *path)
{
	return 0;
}

static inline char *trace_seq_acquire(struct trace_seq *s, unsigned int len)
{
	return NULL;
}

static inline int trace_print_seq(struct seq_file *m, struct trace_seq *s)
{
	return 0;
}

static inline int trace_seq_to_user(struct trace_seq *s, char __user *ubuf,
				    int cnt)
{
	return 0;
}
#endif /* CONFIG_TRACING */

#endif /* _LINUX_TRACE_SEQ_H */
