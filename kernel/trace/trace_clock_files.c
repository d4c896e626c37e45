// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * An instance's clock: trace_clock (list the clocks, pick one) and
 * timestamp_mode.  The clocks themselves are trace_clock.c's; their list
 * is trace.c's.
 */

#include <linux/ring_buffer.h>
#include <linux/seq_file.h>
#include <linux/fs.h>

#include "trace.h"

/**
 * trace_clock_set - switch an instance to another clock
 * @tr: the instance
 * @id: the clock, an index in trace_clock's list (trace_clock_lookup())
 *
 * Records stamped by two clocks do not compare: a new clock starts with
 * an empty buffer.  Setting the clock there is changes nothing.
 *
 * Context: trace_types_lock held.
 */
void trace_clock_set(struct trace_array *tr, int id)
{
	lockdep_assert_held(&trace_types_lock);
	if (id == tr->clock_id)
		return;
	/* Read unlocked by trace_clock_in_ns() and trace_clock_read_fn(). */
	WRITE_ONCE(tr->clock_id, id);
	if (tr->buffer) {
		ring_buffer_set_clock(tr->buffer, trace_clock_read_fn(tr));
		tracing_reset_all_cpus(tr);
	}
	trace_snapshot_set_clock(tr);
}

/* What a write to trace_clock does.  trace_types_lock. */
static int tracing_set_clock(struct trace_array *tr, char *name)
{
	int id = trace_clock_lookup(name);

	if (id < 0)
		return id;
	trace_clock_set(tr, id);
	return 0;
}

static int trace_clock_show(struct seq_file *m, void *v)
{
	struct trace_array *tr = m->private;
	/* Unlocked: tracing_set_clock() may change it; either is shown. */
	int i, cur = READ_ONCE(tr->clock_id);
	const char *name;

	for (i = 0; (name = trace_clock_name(i)); i++)
		seq_printf(m, i == cur ? "%s[%s]" : "%s%s", i ? " " : "", name);
	seq_putc(m, '\n');
	return 0;
}

static int trace_clock_open(struct inode *inode, struct file *filp)
{
	return tracing_single_open_tr(inode, filp, trace_clock_show);
}

static ssize_t trace_clock_write(struct file *filp, const char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	struct seq_file *m = filp->private_data;

	return tracing_write_word(m->private, ubuf, cnt, ppos,
				  tracing_set_clock);
}

static const struct file_operations trace_clock_fops = {
	.open		= trace_clock_open,
	.read		= seq_read,
	.write		= trace_clock_write,
	.llseek		= seq_lseek,
	.release	= tracing_single_release_tr,
};

static int timestamp_mode_show(struct seq_file *m, void *v)
{
	struct trace_array *tr = m->private;

	if (ring_buffer_time_stamp_abs(tr->buffer))
		seq_puts(m, "delta [absolute]\n");
	else
		seq_puts(m, "[delta] absolute\n");
	return 0;
}

static int timestamp_mode_open(struct inode *inode, struct file *filp)
{
	return tracing_single_open_tr(inode, filp, timestamp_mode_show);
}

static const struct file_operations timestamp_mode_fops = {
	.open		= timestamp_mode_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= tracing_single_release_tr,
};

/**
 * trace_clock_create_files - create trace_clock and timestamp_mode
 * @tr: the instance
 * @d:  its directory (NULL: the tracefs root)
 */
void trace_clock_create_files(struct trace_array *tr, struct dentry *d)
{
	trace_create_file("trace_clock", TRACE_MODE_WRITE, d, tr,
			  &trace_clock_fops);
	trace_create_file("timestamp_mode", TRACE_MODE_READ, d, tr,
			  &timestamp_mode_fops);
}
