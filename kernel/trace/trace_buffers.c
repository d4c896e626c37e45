// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Each instance's ring buffer: its allocation and its sizes, and the
 * files that show and change them: buffer_size_kb (all CPUs and
 * per_cpu/cpuN/), buffer_total_size_kb, buffer_subbuf_size_kb,
 * buffer_percent and free_buffer.  Sizes change under trace_types_lock;
 * the snapshot's rings follow the main ones.
 */

#include <linux/ring_buffer.h>
#include <linux/uaccess.h>
#include <linux/slab.h>
#include <linux/fs.h>

#include "trace.h"

/* The largest sub-buffer buffer_subbuf_size_kb accepts: 128 pages. */
#define TRACE_SUBBUF_MAX_ORDER	7

/**
 * trace_array_alloc_buffers - give @tr its ring buffer and per-CPU data
 * @tr:   the instance; @tr->flags and @tr->clock_id are set
 * @size: the size of each CPU's ring, in bytes
 *
 * Return: 0, or -ENOMEM with nothing allocated.
 */
int trace_array_alloc_buffers(struct trace_array *tr, unsigned long size)
{
	int cpu;

	tr->cpu_files = kcalloc(nr_cpu_ids, sizeof(*tr->cpu_files), GFP_KERNEL);
	if (!tr->cpu_files ||
	    !zalloc_cpumask_var(&tr->tracing_cpumask, GFP_KERNEL))
		goto fail;
	cpumask_copy(tr->tracing_cpumask, cpu_possible_mask);

	trace_snapshot_init(tr);
	tr->all_cpus.tr = tr;
	tr->all_cpus.cpu = RING_BUFFER_ALL_CPUS;
	for_each_possible_cpu(cpu) {
		tr->cpu_files[cpu].tr = tr;
		tr->cpu_files[cpu].cpu = cpu;
	}

	tr->buffer = ring_buffer_alloc(size, tr->flags & TRACE_OPT(OVERWRITE) ?
				       RB_FL_OVERWRITE : 0);
	if (!tr->buffer)
		goto fail;
	ring_buffer_set_clock(tr->buffer, trace_clock_read_fn(tr));
	tr->time_start = ring_buffer_time_stamp(tr->buffer);
	return 0;

fail:
	trace_array_free_buffers(tr);
	return -ENOMEM;
}

/**
 * trace_array_free_buffers - undo trace_array_alloc_buffers()
 * @tr: the instance; no writer or reader may use it any more
 */
void trace_array_free_buffers(struct trace_array *tr)
{
	trace_snapshot_free(tr);
	if (tr->buffer)
		ring_buffer_free(tr->buffer);
	tr->buffer = NULL;
	free_cpumask_var(tr->tracing_cpumask);
	kfree(tr->cpu_files);
	tr->cpu_files = NULL;
}

/*
 * Resize one CPU's ring or all of them.  A size set by hand is the one
 * kept: the buffer counts as expanded from then on, as upstream.
 * trace_types_lock.
 */
static int tracing_resize(struct trace_array *tr, unsigned long size, int cpu)
{
	int ret;

	lockdep_assert_held(&trace_types_lock);
	if (!tr->buffer)
		return -ENODEV;
	/* The snapshot's rings must stay the size of the main ones. */
	ret = trace_snapshot_resize(tr, size, cpu);
	if (ret < 0)
		return ret;
	ret = ring_buffer_resize(tr->buffer, size, cpu);
	if (ret < 0) {
		/* Refused: nothing changes, the snapshot included. */
		trace_snapshot_match_size(tr, cpu);
		return ret;
	}
	tr->buffer_expanded = true;
	return 0;
}

/**
 * tracing_update_buffers_locked - tracing_update_buffers(), lock held
 * @tr: the instance
 *
 * Return: 0, or the -errno of the resize (-ENOMEM); the buffer then
 * keeps its size and a later use tries again.
 */
int tracing_update_buffers_locked(struct trace_array *tr)
{
	lockdep_assert_held(&trace_types_lock);
	if (tr->buffer_expanded)
		return 0;
	return tracing_resize(tr, trace_buf_size, RING_BUFFER_ALL_CPUS);
}

/**
 * tracing_update_buffers - give @tr's buffer its full size on first use
 * @tr: the instance
 *
 * The top level boots with the smallest rings, so that a kernel that
 * never traces spends little memory on it, unless a boot option traces
 * from boot (trace_boot_expand_buffer()).  What starts tracing calls
 * this first: a current_tracer write, enabling an event, set_event,
 * set_event_pid, a snapshot write, a trace_printk() user.  Instances
 * are made at full size.  Takes trace_types_lock.
 *
 * Return: 0, or the -errno of the resize (-ENOMEM).
 */
int tracing_update_buffers(struct trace_array *tr)
{
	guard(mutex)(&trace_types_lock);
	return tracing_update_buffers_locked(tr);
}

/**
 * trace_boot_expand_buffer - a boot option traces from boot on
 *
 * Called by the options' __setup() handlers, before early_trace_init()
 * allocates the top level's buffer: it gets its full size at once.
 */
void __init trace_boot_expand_buffer(void)
{
	global_trace.buffer_expanded = true;
}

/*
 * The bytes of events one CPU's ring holds, as buffer_size_kb shows them:
 * whole sub-buffers, each less its header (upstream shows 1027 after
 * "echo 1024 > buffer_size_kb").  trace_types_lock.
 */
static unsigned long tracing_cpu_size(struct trace_array *tr, int cpu)
{
	return tr->buffer ? ring_buffer_size(tr->buffer, cpu) : 0;
}

static ssize_t buffer_size_read(struct file *filp, char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	struct trace_cpu_file *cf = filp->private_data;
	struct trace_array *tr = cf->tr;
	unsigned long size = 0;
	bool same = true, expanded;
	char buf[64];
	int len, cpu;

	mutex_lock(&trace_types_lock);
	expanded = tr->buffer_expanded;
	if (cf->cpu != RING_BUFFER_ALL_CPUS) {
		size = tracing_cpu_size(tr, cf->cpu);
	} else {
		for_each_possible_cpu(cpu) {
			unsigned long s = tracing_cpu_size(tr, cpu);

			if (size && s != size)
				same = false;
			size = s;
		}
	}
	mutex_unlock(&trace_types_lock);

	if (!same)
		len = scnprintf(buf, sizeof(buf), "X\n");
	else if (cf->cpu == RING_BUFFER_ALL_CPUS && !expanded)
		len = scnprintf(buf, sizeof(buf), "%lu (expanded: %lu)\n",
				size >> 10, trace_buf_size >> 10);
	else
		len = scnprintf(buf, sizeof(buf), "%lu\n", size >> 10);
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static int buffer_size_set(void *data, unsigned long kb)
{
	struct trace_cpu_file *cf = data;

	if (!kb || kb > ULONG_MAX >> 10)
		return -EINVAL;
	return tracing_resize(cf->tr, kb << 10, cf->cpu);
}

static ssize_t buffer_size_write(struct file *filp, const char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	return tracing_write_ulong(filp->private_data, ubuf, cnt, ppos,
				   buffer_size_set, &trace_types_lock);
}

static const struct file_operations buffer_size_fops = {
	.open		= tracing_open_cpu_file,
	.read		= buffer_size_read,
	.write		= buffer_size_write,
	.release	= tracing_release_cpu_file,
	.llseek		= default_llseek,
};

static ssize_t buffer_total_size_read(struct file *filp, char __user *ubuf,
				      size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	unsigned long kb = 0;
	bool expanded;
	char buf[64];
	int len, cpu;

	mutex_lock(&trace_types_lock);
	for_each_possible_cpu(cpu)
		kb += tracing_cpu_size(tr, cpu) >> 10;
	expanded = tr->buffer_expanded;
	mutex_unlock(&trace_types_lock);

	if (expanded)
		len = scnprintf(buf, sizeof(buf), "%lu\n", kb);
	else
		len = scnprintf(buf, sizeof(buf), "%lu (expanded: %lu)\n", kb,
				num_possible_cpus() * (trace_buf_size >> 10));
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static const struct file_operations buffer_total_size_fops =
	TRACING_TR_FOPS(buffer_total_size_read, NULL, default_llseek);

static ssize_t subbuf_size_read(struct file *filp, char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	char buf[32];
	int len;

	len = scnprintf(buf, sizeof(buf), "%d\n",
			ring_buffer_subbuf_size_get(tr->buffer) / 1024);
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

/*
 * The size is rounded up to a power-of-two number of pages.  Changing it
 * drops every record, so recording is stopped and consuming readers are
 * held off meanwhile.
 */
static int subbuf_size_set(void *data, unsigned long kb)
{
	struct trace_array *tr = data;
	int order, ret;

	if (!kb || kb > (PAGE_SIZE << TRACE_SUBBUF_MAX_ORDER) / 1024)
		return -EINVAL;
	order = get_order(kb * 1024);
	if (order == ring_buffer_subbuf_order_get(tr->buffer))
		return 0;

	tracing_stop_tr(tr);
	mutex_lock(&tr->consume_lock);
	ret = trace_snapshot_set_subbuf_order(tr, order);
	if (!ret)
		ret = ring_buffer_subbuf_order_set(tr->buffer, order);
	mutex_unlock(&tr->consume_lock);
	tracing_start_tr(tr);
	return ret;
}

static ssize_t subbuf_size_write(struct file *filp, const char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	return tracing_write_ulong(filp->private_data, ubuf, cnt, ppos,
				   subbuf_size_set, &trace_types_lock);
}

static const struct file_operations subbuf_size_fops =
	TRACING_TR_FOPS(subbuf_size_read, subbuf_size_write, default_llseek);

static ssize_t buffer_percent_read(struct file *filp, char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	char buf[16];
	int len;

	/* Written by buffer_percent_set(), without a lock held here. */
	len = scnprintf(buf, sizeof(buf), "%d\n", READ_ONCE(tr->buffer_percent));
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static int buffer_percent_set(void *data, unsigned long val)
{
	struct trace_array *tr = data;

	if (val > 100)
		return -EINVAL;
	/* Read unlocked by trace_pipe_raw's waiters (trace_read.c). */
	WRITE_ONCE(tr->buffer_percent, val);
	return 0;
}

static ssize_t buffer_percent_write(struct file *filp, const char __user *ubuf,
				    size_t cnt, loff_t *ppos)
{
	return tracing_write_ulong(filp->private_data, ubuf, cnt, ppos,
				   buffer_percent_set, &trace_types_lock);
}

static const struct file_operations buffer_percent_fops =
	TRACING_TR_FOPS(buffer_percent_read, buffer_percent_write,
			default_llseek);

/* free_buffer: closing it shrinks the buffer to its minimum. */
static ssize_t free_buffer_write(struct file *filp, const char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	*ppos += cnt;
	return cnt;
}

static int free_buffer_release(struct inode *inode, struct file *filp)
{
	struct trace_array *tr = inode->i_private;

	mutex_lock(&trace_types_lock);
	if (tr->flags & TRACE_OPT(DISABLE_ON_FREE))
		tracer_tracing_off(tr);
	tracing_resize(tr, 0, RING_BUFFER_ALL_CPUS);
	mutex_unlock(&trace_types_lock);

	return tracing_release_file_tr(inode, filp);
}

static const struct file_operations free_buffer_fops = {
	.open		= tracing_open_file_tr,
	.write		= free_buffer_write,
	.release	= free_buffer_release,
};

/**
 * trace_buffers_create_files - create an instance's buffer files
 * @tr: the instance
 * @d:  its directory (NULL: the tracefs root)
 */
void trace_buffers_create_files(struct trace_array *tr, struct dentry *d)
{
	trace_create_file("buffer_size_kb", TRACE_MODE_WRITE, d, &tr->all_cpus,
			  &buffer_size_fops);
	trace_create_file("buffer_total_size_kb", TRACE_MODE_READ, d, tr,
			  &buffer_total_size_fops);
	trace_create_file("buffer_subbuf_size_kb", TRACE_MODE_WRITE, d, tr,
			  &subbuf_size_fops);
	trace_create_file("buffer_percent", TRACE_MODE_WRITE, d, tr,
			  &buffer_percent_fops);
	trace_create_file("free_buffer", 0200, d, tr, &free_buffer_fops);
}

/**
 * trace_buffers_create_cpu_file - create per_cpu/cpuN/buffer_size_kb
 * @cf: the CPU's file data
 * @d:  the per_cpu/cpuN directory
 */
void trace_buffers_create_cpu_file(struct trace_cpu_file *cf, struct dentry *d)
{
	trace_create_file("buffer_size_kb", TRACE_MODE_WRITE, d, cf,
			  &buffer_size_fops);
}
