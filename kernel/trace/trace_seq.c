// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * struct trace_seq: the line buffer print functions write into.  Every
 * write is all or nothing: a write that does not fit leaves the text as
 * it was and marks the sequence full, after which all writes are dropped
 * until the sequence is initialized again.  So a reader either gets whole
 * lines or knows (trace_seq_has_overflowed()) that the last one is
 * incomplete and can retry it with an empty sequence.
 *
 * A zeroed struct trace_seq is valid: it is initialized on first use.
 * A sequence belongs to one writer at a time; nothing here locks.
 */

#include <linux/seq_file.h>
#include <linux/trace_seq.h>
#include <linux/uaccess.h>
#include <linux/export.h>

/* Initialize a sequence someone only zeroed. */
static void trace_seq_ready(struct trace_seq *s)
{
	if (unlikely(!s->seq.size))
		trace_seq_init(s);
}

/*
 * Start a write: false if the sequence already overflowed.  @len gets the
 * length to go back to if this write does not fit.
 */
static bool trace_seq_begin(struct trace_seq *s, size_t *len)
{
	trace_seq_ready(s);
	if (s->full)
		return false;
	*len = s->seq.len;
	return true;
}

/* Finish a write: undo it and mark the sequence full if it did not fit. */
static void trace_seq_end(struct trace_seq *s, size_t len)
{
	if (unlikely(seq_buf_has_overflowed(&s->seq))) {
		s->seq.len = len;
		s->full = 1;
	}
}

static unsigned int trace_seq_room(struct trace_seq *s)
{
	return seq_buf_buffer_left(&s->seq);
}

/**
 * trace_seq_printf - append formatted text
 * @s:   the sequence
 * @fmt: printf format
 */
void trace_seq_printf(struct trace_seq *s, const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	trace_seq_vprintf(s, fmt, args);
	va_end(args);
}
EXPORT_SYMBOL_GPL(trace_seq_printf);

/**
 * trace_seq_vprintf - append formatted text, va_list version
 * @s:    the sequence
 * @fmt:  printf format
 * @args: its arguments
 */
void trace_seq_vprintf(struct trace_seq *s, const char *fmt, va_list args)
{
	size_t len;

	if (!trace_seq_begin(s, &len))
		return;
	seq_buf_vprintf(&s->seq, fmt, args);
	trace_seq_end(s, len);
}
EXPORT_SYMBOL_GPL(trace_seq_vprintf);

/**
 * trace_seq_bprintf - append text from a format and packed arguments
 * @s:      the sequence
 * @fmt:    the format the arguments were packed for
 * @binary: the arguments as vbin_printf() packed them
 *
 * The output side of trace_printk() with a constant format.
 */
void trace_seq_bprintf(struct trace_seq *s, const char *fmt, const u32 *binary)
{
	size_t len;

	if (!trace_seq_begin(s, &len))
		return;
	seq_buf_bprintf(&s->seq, fmt, binary);
	trace_seq_end(s, len);
}
EXPORT_SYMBOL_GPL(trace_seq_bprintf);

/**
 * trace_seq_bitmask - append a bitmask in the "%*pb" hex form
 * @s:         the sequence
 * @maskp:     the bits
 * @nmaskbits: how many of them
 */
void trace_seq_bitmask(struct trace_seq *s, const unsigned long *maskp,
		       int nmaskbits)
{
	trace_seq_printf(s, "%*pb", nmaskbits, maskp);
}
EXPORT_SYMBOL_GPL(trace_seq_bitmask);

/**
 * trace_seq_puts - append a string
 * @s:   the sequence
 * @str: the string
 */
void trace_seq_puts(struct trace_seq *s, const char *str)
{
	trace_seq_putmem(s, str, strlen(str));
}
EXPORT_SYMBOL_GPL(trace_seq_puts);

/**
 * trace_seq_putc - append a character
 * @s: the sequence
 * @c: the character
 */
void trace_seq_putc(struct trace_seq *s, unsigned char c)
{
	trace_seq_putmem(s, &c, 1);
}
EXPORT_SYMBOL_GPL(trace_seq_putc);

/**
 * trace_seq_putmem - append raw bytes
 * @s:   the sequence
 * @mem: the bytes
 * @len: how many
 */
void trace_seq_putmem(struct trace_seq *s, const void *mem, unsigned int len)
{
	trace_seq_ready(s);
	if (s->full)
		return;
	if (len > trace_seq_room(s)) {
		s->full = 1;
		return;
	}
	seq_buf_putmem(&s->seq, mem, len);
}
EXPORT_SYMBOL_GPL(trace_seq_putmem);

/**
 * trace_seq_putmem_hex - append bytes as hex digits
 * @s:   the sequence
 * @mem: the bytes
 * @len: how many
 *
 * The bytes are written as seq_buf_putmem_hex() does: in groups of up
 * to a word, each group as one number.
 */
void trace_seq_putmem_hex(struct trace_seq *s, const void *mem,
			  unsigned int len)
{
	size_t before;

	if (!trace_seq_begin(s, &before))
		return;
	/* Two digits a byte, at least; spare seq_buf a doomed attempt. */
	if (len * 2 > trace_seq_room(s)) {
		s->full = 1;
		return;
	}
	seq_buf_putmem_hex(&s->seq, mem, len);
	trace_seq_end(s, before);
}
EXPORT_SYMBOL_GPL(trace_seq_putmem_hex);

/**
 * trace_seq_path - append a path name
 * @s:    the sequence
 * @path: the path
 *
 * Newlines in the name are escaped.
 *
 * Return: 1 if the name was appended, 0 if it did not fit.
 */
int trace_seq_path(struct trace_seq *s, const struct path *path)
{
	size_t len;

	if (!trace_seq_begin(s, &len))
		return 0;
	seq_buf_path(&s->seq, path, "\n");
	trace_seq_end(s, len);
	return !s->full;
}
EXPORT_SYMBOL_GPL(trace_seq_path);

/**
 * trace_seq_hex_dump - append a hex dump, as print_hex_dump() formats it
 * @s:           the sequence
 * @prefix_str:  text that starts each line
 * @prefix_type: DUMP_PREFIX_NONE, _ADDRESS or _OFFSET
 * @rowsize:     bytes a line, 16 or 32
 * @groupsize:   bytes a group, 1, 2, 4 or 8
 * @buf:         the data
 * @len:         its size
 * @ascii:       append the printable characters to each line
 *
 * Return: 1 if the dump was appended, 0 if it did not fit.
 */
int trace_seq_hex_dump(struct trace_seq *s, const char *prefix_str,
		       int prefix_type, int rowsize, int groupsize,
		       const void *buf, size_t len, bool ascii)
{
	size_t before;

	if (!trace_seq_begin(s, &before))
		return 0;
	seq_buf_hex_dump(&s->seq, prefix_str, prefix_type, rowsize, groupsize,
			 buf, len, ascii);
	trace_seq_end(s, before);
	return !s->full;
}
EXPORT_SYMBOL(trace_seq_hex_dump);

/**
 * trace_seq_acquire - reserve room to write into directly
 * @s:   the sequence
 * @len: bytes wanted
 *
 * The caller writes exactly @len bytes at the returned address, which
 * then count as text.  When there is not enough room left the sequence
 * is marked full (the line will be retried) and scratch space at the
 * start of the buffer is returned instead, so the caller's writes stay
 * inside the buffer.
 *
 * Return: where to write, or NULL if @len exceeds the whole buffer.
 */
char *trace_seq_acquire(struct trace_seq *s, unsigned int len)
{
	char *p;

	trace_seq_ready(s);
	if (WARN_ON_ONCE(len > TRACE_SEQ_BUFFER_SIZE))
		return NULL;
	if (s->full || len > trace_seq_room(s)) {
		s->full = 1;
		return s->buffer;
	}
	p = trace_seq_buffer_ptr(s);
	seq_buf_commit(&s->seq, len);
	return p;
}
EXPORT_SYMBOL(trace_seq_acquire);

/**
 * trace_print_seq - move the text of a sequence to a seq_file
 * @m: the seq_file
 * @s: the sequence
 *
 * On success the sequence is emptied.  If the seq_file had no room the
 * text stays, so that it can be written again.
 *
 * Return: 0, or -1 if the seq_file overflowed.
 */
int trace_print_seq(struct seq_file *m, struct trace_seq *s)
{
	int ret;

	trace_seq_ready(s);
	ret = seq_buf_print_seq(m, &s->seq);
	if (!ret)
		trace_seq_init(s);
	return ret;
}
EXPORT_SYMBOL_GPL(trace_print_seq);

/**
 * trace_seq_to_user - copy text not yet read to user space
 * @s:    the sequence
 * @ubuf: the user buffer
 * @cnt:  its size
 *
 * Copying starts where the previous copy stopped (@s->readpos).
 *
 * Return: bytes copied, -EBUSY when everything was already copied (or
 * there is no text), or -EFAULT.
 */
int trace_seq_to_user(struct trace_seq *s, char __user *ubuf, int cnt)
{
	int ret;

	trace_seq_ready(s);
	ret = seq_buf_to_user(&s->seq, ubuf, s->readpos, cnt);
	if (ret > 0)
		s->readpos += ret;
	return ret;
}
EXPORT_SYMBOL_GPL(trace_seq_to_user);
