// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The per-CPU views of an instance's buffer that are not its records:
 * tracing_cpumask (which CPUs' rings record) and per_cpu/cpuN/stats (a
 * ring's counters: entries, overruns, bytes, dropped events ...).
 */

#include <linux/ring_buffer.h>
#include <linux/uaccess.h>
#include <linux/slab.h>
#include <linux/fs.h>

#include "trace.h"

static ssize_t tracing_cpumask_read(struct file *filp, char __user *ubuf,
				    size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	ssize_t ret;
	char *text;

	mutex_lock(&trace_types_lock);
	text = kasprintf(GFP_KERNEL, "%*pb\n",
			 cpumask_pr_args(tr->tracing_cpumask));
	mutex_unlock(&trace_types_lock);
	if (!text)
		return -ENOMEM;
	ret = simple_read_from_buffer(ubuf, cnt, ppos, text, strlen(text));
	kfree(text);
	return ret;
}

/*
 * A CPU leaving the mask has its ring's recording disabled; one joining
 * has it enabled again.  trace_types_lock.
 */
static void tracing_set_cpumask(struct trace_array *tr,
				const struct cpumask *mask)
{
	int cpu;

	lockdep_assert_held(&trace_types_lock);
	for_each_possible_cpu(cpu) {
		bool was = cpumask_test_cpu(cpu, tr->tracing_cpumask);
		bool now = cpumask_test_cpu(cpu, mask);

		if (was == now)
			continue;
		if (now)
			ring_buffer_record_enable_cpu(tr->buffer, cpu);
		else
			ring_buffer_record_disable_cpu(tr->buffer, cpu);
		/* Its rings may trade places with the main ones. */
		trace_snapshot_cpumask_update(tr, cpu, now);
	}
	cpumask_copy(tr->tracing_cpumask, mask);
}

static ssize_t tracing_cpumask_write(struct file *filp,
				     const char __user *ubuf,
				     size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	cpumask_var_t mask;
	int ret;

	if (!cnt || cnt > KMALLOC_MAX_SIZE)
		return -EINVAL;
	if (!zalloc_cpumask_var(&mask, GFP_KERNEL))
		return -ENOMEM;
	ret = cpumask_parse_user(ubuf, cnt, mask);
	if (!ret) {
		mutex_lock(&trace_types_lock);
		tracing_set_cpumask(tr, mask);
		mutex_unlock(&trace_types_lock);
	}
	free_cpumask_var(mask);
	return tracing_write_done(ret, cnt, ppos);
}

static const struct file_operations tracing_cpumask_fops =
	TRACING_TR_FOPS(tracing_cpumask_read, tracing_cpumask_write,
			generic_file_llseek);

/* A time stamp as seconds.microseconds, or the raw count of a non-time clock. */
static void stats_print_ts(struct trace_seq *s, struct trace_array *tr,
			   const char *what, u64 ts)
{
	u64 usecs;
	u32 rem;

	if (!trace_clock_in_ns(tr)) {
		trace_seq_printf(s, "%s: %llu\n", what, ts);
		return;
	}
	usecs = div_u64(ts, NSEC_PER_USEC);
	usecs = div_u64_rem(usecs, USEC_PER_SEC, &rem);
	trace_seq_printf(s, "%s: %5llu.%06u\n", what, usecs, rem);
}

static void stats_show(struct trace_seq *s, void *data)
{
	struct trace_cpu_file *cf = data;
	struct trace_buffer *buffer = cf->tr->buffer;
	int cpu = cf->cpu;

	trace_seq_printf(s, "entries: %lu\n",
			 ring_buffer_entries_cpu(buffer, cpu));
	trace_seq_printf(s, "overrun: %lu\n",
			 ring_buffer_overrun_cpu(buffer, cpu));
	trace_seq_printf(s, "commit overrun: %lu\n",
			 ring_buffer_commit_overrun_cpu(buffer, cpu));
	trace_seq_printf(s, "bytes: %lu\n", ring_buffer_bytes_cpu(buffer, cpu));
	stats_print_ts(s, cf->tr, "oldest event ts",
		       ring_buffer_oldest_event_ts(buffer, cpu));
	stats_print_ts(s, cf->tr, "now ts", ring_buffer_time_stamp(buffer));
	trace_seq_printf(s, "dropped events: %lu\n",
			 ring_buffer_dropped_events_cpu(buffer, cpu));
	trace_seq_printf(s, "read events: %lu\n",
			 ring_buffer_read_events_cpu(buffer, cpu));
}

static ssize_t stats_read(struct file *filp, char __user *ubuf,
			  size_t cnt, loff_t *ppos)
{
	return tracing_read_seq(ubuf, cnt, ppos, stats_show,
				filp->private_data);
}

static const struct file_operations stats_fops = {
	.open		= tracing_open_cpu_file,
	.read		= stats_read,
	.release	= tracing_release_cpu_file,
	.llseek		= default_llseek,
};

/**
 * trace_cpumask_create_file - create tracing_cpumask
 * @tr: the instance
 * @d:  its directory (NULL: the tracefs root)
 */
void trace_cpumask_create_file(struct trace_array *tr, struct dentry *d)
{
	trace_create_file("tracing_cpumask", TRACE_MODE_WRITE, d, tr,
			  &tracing_cpumask_fops);
}

/**
 * trace_cpu_stats_create_file - create per_cpu/cpuN/stats
 * @cf: the CPU's file data
 * @d:  the per_cpu/cpuN directory
 */
void trace_cpu_stats_create_file(struct trace_cpu_file *cf, struct dentry *d)
{
	trace_create_file("stats", TRACE_MODE_READ, d, cf, &stats_fops);
}
