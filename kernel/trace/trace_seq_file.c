// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * seq_file helpers.  Files whose data changes under the reader
 * (saved_cmdlines, stack_trace, the profiler's trace_stat files) take a
 * copy at open, so that one read shows one consistent state however many
 * read() calls it takes, and free it at release.  Files over lists that
 * only walk forwards find their start by stepping.  Small files whose
 * text is made for each read go through a trace_seq.
 */

#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/fs.h>

#include "trace.h"

/**
 * tracing_seq_open_copy - seq_open() a file that shows a private copy
 * @filp: the file being opened
 * @ops:  its seq_file operations; they find @copy in seq_file::private
 * @copy: the copy, from kvmalloc(), or NULL if it could not be made;
 *        the file owns it from here on, failure included
 *
 * Return: 0, -ENOMEM for a NULL @copy, or seq_open()'s error.
 */
int tracing_seq_open_copy(struct file *filp, const struct seq_operations *ops,
			  void *copy)
{
	int ret;

	if (!copy)
		return -ENOMEM;
	ret = seq_open(filp, ops);
	if (ret) {
		kvfree(copy);
		return ret;
	}
	((struct seq_file *)filp->private_data)->private = copy;
	return 0;
}

/**
 * trace_seq_step_to - a seq_file's start: the entry at position @pos
 * @m:    the seq_file
 * @v:    where @next starts: NULL or a list head, whatever it takes
 * @pos:  the position wanted
 * @next: the seq_file's next method
 *
 * For seq_files that can only walk forwards: steps @next from the start
 * to @pos, with whatever lock the start method took.
 *
 * Return: the entry, or NULL past the end.
 */
void *trace_seq_step_to(struct seq_file *m, void *v, loff_t pos,
			void *(*next)(struct seq_file *m, void *v, loff_t *pos))
{
	loff_t i = 0;

	do {
		v = next(m, v, &i);
	} while (v && i <= pos);
	return v;
}

/**
 * tracing_read_seq - read a file whose text is made anew for each read
 * @ubuf: the reader's buffer
 * @cnt:  its size
 * @ppos: the file position
 * @show: writes the whole text into a trace_seq (at most a page)
 * @data: @show's argument
 *
 * Return: what simple_read_from_buffer() returns, or -ENOMEM.
 */
ssize_t tracing_read_seq(char __user *ubuf, size_t cnt, loff_t *ppos,
			 void (*show)(struct trace_seq *s, void *data),
			 void *data)
{
	struct trace_seq *s;
	ssize_t ret;

	s = kmalloc(sizeof(*s), GFP_KERNEL);
	if (!s)
		return -ENOMEM;
	trace_seq_init(s);
	show(s, data);
	ret = simple_read_from_buffer(ubuf, cnt, ppos, s->buffer,
				      trace_seq_used(s));
	kfree(s);
	return ret;
}

/**
 * tracing_seq_release_copy - release a file opened by tracing_seq_open_copy()
 * @inode: the inode
 * @filp:  the file
 *
 * Return: seq_release()'s result.
 */
int tracing_seq_release_copy(struct inode *inode, struct file *filp)
{
	kvfree(((struct seq_file *)filp->private_data)->private);
	return seq_release(inode, filp);
}
