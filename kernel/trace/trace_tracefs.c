// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The layout of an instance's tracefs directory, the same at the top
 * level (the tracefs root) and in instances/<name>/: which file each
 * part of the core contributes, tracing_on (the one file no other part
 * owns), per_cpu/cpuN/, and the tracefs set-up at boot with the
 * /sys/kernel/debug/tracing automount.
 */

#define pr_fmt(fmt) "tracing: " fmt

#include <linux/debugfs.h>
#include <linux/uaccess.h>
#include <linux/mount.h>
#include <linux/init.h>
#include <linux/fs.h>

#include "trace.h"

static ssize_t tracing_on_read(struct file *filp, char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	char buf[4];
	int len;

	len = scnprintf(buf, sizeof(buf), "%d\n", tracer_tracing_is_on(tr));
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

/*
 * Called with trace_types_lock held.  Switching recording off wakes the
 * readers blocked on the instance's rings: no record will come to end
 * their wait, so a trace_pipe reader that got data sees end of file and
 * a splice of trace_pipe_raw returns what it has (how trace-cmd's
 * recorders stop).  The wake-up is queued after the switch, so a woken
 * reader sees recording off.  Writing the state the file already shows
 * changes nothing and wakes no one.
 */
static int tracing_on_set(void *data, unsigned long val)
{
	struct trace_array *tr = data;

	if (!val == !tracer_tracing_is_on(tr))
		return 0;
	if (val) {
		tracer_tracing_on(tr);
		return 0;
	}
	tracer_tracing_off(tr);
	ring_buffer_wake_waiters(tr->buffer, RING_BUFFER_ALL_CPUS);
	return 0;
}

static ssize_t tracing_on_write(struct file *filp, const char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	return tracing_write_ulong(filp->private_data, ubuf, cnt, ppos,
				   tracing_on_set, &trace_types_lock);
}

static const struct file_operations tracing_on_fops =
	TRACING_TR_FOPS(tracing_on_read, tracing_on_write, default_llseek);

static void trace_create_cpu_dir(struct trace_array *tr, int cpu)
{
	struct trace_cpu_file *cf = &tr->cpu_files[cpu];
	struct dentry *d;
	char name[16];

	snprintf(name, sizeof(name), "cpu%d", cpu);
	d = trace_create_dir(name, tr->percpu_dir);
	if (!d)
		return;
	trace_create_file("trace", TRACE_MODE_WRITE, d, cf, &tracing_fops);
	trace_create_file("trace_pipe", TRACE_MODE_READ, d, cf,
			  &tracing_pipe_fops);
	trace_create_file("trace_pipe_raw", TRACE_MODE_READ, d, cf,
			  &tracing_raw_fops);
	trace_buffers_create_cpu_file(cf, d);
	trace_cpu_stats_create_file(cf, d);
	trace_snapshot_create_cpu_files(cf, d);
}

/**
 * trace_create_instance_files - create the files every instance has
 * @tr: the instance; @tr->dir is its directory (NULL: the tracefs root)
 *
 * A file that cannot be created is warned about, counted against the
 * instance being made (trace_create_failures()) and left out.
 */
void trace_create_instance_files(struct trace_array *tr)
{
	struct dentry *d = tr->dir;
	int cpu;

	trace_create_file("tracing_on", TRACE_MODE_WRITE, d, tr,
			  &tracing_on_fops);
	trace_tracers_create_files(tr, d);
	trace_create_file("trace", TRACE_MODE_WRITE, d, &tr->all_cpus,
			  &tracing_fops);
	trace_create_file("trace_pipe", TRACE_MODE_READ, d, &tr->all_cpus,
			  &tracing_pipe_fops);
	trace_buffers_create_files(tr, d);
	trace_clock_create_files(tr, d);
	trace_cpumask_create_file(tr, d);
	trace_marker_create_files(tr, d);
	trace_errlog_create_file(tr, d);
	trace_snapshot_create_files(tr, d);
	trace_latency_create_files(tr, d);
	trace_options_create_files(tr, d);

	tr->percpu_dir = trace_create_dir("per_cpu", d);
	if (!tr->percpu_dir)
		return;
	for_each_possible_cpu(cpu)
		trace_create_cpu_dir(tr, cpu);
}

#ifdef CONFIG_DEBUG_FS
/* /sys/kernel/debug/tracing mounts tracefs when walked into. */
static struct vfsmount *trace_automount(struct dentry *mntpt, void *data)
{
	struct file_system_type *fs = get_fs_type("tracefs");
	struct vfsmount *mnt = NULL;

	if (fs) {
		mnt = vfs_submount(mntpt, fs, "tracefs", NULL);
		put_filesystem(fs);
		/* One reference for the mount tree, one for the caller. */
		mnt = IS_ERR(mnt) ? NULL : mntget(mnt);
	}
	return mnt;
}

static void __init trace_create_debugfs_link(void)
{
	debugfs_create_automount("tracing", NULL, trace_automount, NULL);
}
#else
static inline void trace_create_debugfs_link(void)
{
}
#endif

static int __init tracer_init_tracefs(void)
{
	struct trace_array *tr = &global_trace;

	if (tracing_disabled)
		return 0;
	if (!tracefs_initialized()) {
		pr_warn("tracefs is not available: no /sys/kernel/tracing\n");
		return 0;
	}

	/* The files of the top level live in the tracefs root. */
	tr->dir = NULL;
	trace_create_instance_files(tr);
	trace_readme_create_file(NULL);
	trace_printk_create_files(NULL);
	trace_cmdline_create_files(NULL);
	if (event_trace_add_tracer(NULL, tr))
		pr_warn("could not create the trace event files\n");
	trace_instances_create_dir();
	trace_create_debugfs_link();
	return 0;
}
fs_initcall(tracer_init_tracefs);
