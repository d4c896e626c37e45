// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The tracing core every other file of kernel/trace builds on: the top
 * level's trace_array, the list of live instances and their references,
 * the writer's context and record reservation, recording on and off (the
 * <linux/kernel.h> API), the clocks, and the helpers that open and
 * create an instance's tracefs files.
 *
 * This file calls nothing above it: only the ring buffer and the clocks.
 * The files that build the rest of the instance sit on top of it:
 * trace_tracers.c (current_tracer), trace_buffers.c (allocation and
 * buffer sizes), trace_options.c, trace_clock_files.c,
 * trace_cpu_files.c, trace_tracefs.c (the layout of an instance's
 * directory) and trace_init.c (boot parameters and set-up).  Reading the
 * buffer is trace_read.c; formatting records is trace_output.c; the
 * writers are trace_printk.c and trace_marker.c.
 */

#define pr_fmt(fmt) "tracing: " fmt

#include <linux/ring_buffer.h>
#include <linux/seq_file.h>
#include <linux/security.h>
#include <linux/uaccess.h>
#include <linux/tracefs.h>
#include <linux/slab.h>
#include <linux/fs.h>

#include "trace.h"

/* The default size of each CPU's buffer: trace_buf_size= overrides it. */
#define TRACE_BUF_SIZE_DEFAULT	1441792UL

/* The tracer list and each instance's settings: see trace.h. */
DEFINE_MUTEX(trace_types_lock);

/* trace_printk() writes into the top level until an instance asks. */
struct trace_array global_trace = {
	.flags		= TRACE_DEFAULT_FLAGS | TRACE_OPT(TRACE_PRINTK_DEST),
	.buffer_percent	= 50,
	.start_lock	= __RAW_SPIN_LOCK_UNLOCKED(global_trace.start_lock),
	.consume_lock	= __MUTEX_INITIALIZER(global_trace.consume_lock),
	.err_log	= LIST_HEAD_INIT(global_trace.err_log),
};

int tracing_disabled = 1;

unsigned long trace_buf_size = TRACE_BUF_SIZE_DEFAULT;

/* Every live instance, the top level first: see trace_instances.c. */
LIST_HEAD(trace_arrays);

/* --- the writer's context ------------------------------------------------ */

/**
 * tracing_gen_ctx_irq_test - describe the context of the current writer
 * @irqs_status: TRACE_FLAG_IRQS_OFF or TRACE_FLAG_IRQS_NOSUPPORT, if so
 *
 * Return: a trace context word for tracing_generic_entry_update(): the
 * TRACE_FLAG_* bits in bits 16-23, the migrate-disable depth in bits 4-7
 * and the preemption depth in bits 0-3.
 */
unsigned int notrace tracing_gen_ctx_irq_test(unsigned int irqs_status)
{
	return trace_ctx_irq_test(irqs_status);
}

/* --- on and off ---------------------------------------------------------- */

/**
 * tracer_tracing_is_on - does @tr record?
 * @tr: the instance
 *
 * Return: the state tracing_on shows, whatever tracing_stop() did.
 */
bool tracer_tracing_is_on(struct trace_array *tr)
{
	return tr->buffer && ring_buffer_record_is_set_on(tr->buffer);
}

/**
 * tracer_tracing_on - let @tr record (tracing_on = 1)
 * @tr: the instance
 */
void tracer_tracing_on(struct trace_array *tr)
{
	if (tr->buffer)
		ring_buffer_record_on(tr->buffer);
}

/**
 * tracer_tracing_off - stop @tr from recording (tracing_on = 0)
 * @tr: the instance
 *
 * Cheap and callable in any context; records already written stay.
 */
void tracer_tracing_off(struct trace_array *tr)
{
	if (tr->buffer)
		ring_buffer_record_off(tr->buffer);
}

/**
 * tracing_on - start recording into the top-level buffer
 *
 * The kernel-side twin of "echo 1 > tracing_on".
 */
void tracing_on(void)
{
	tracer_tracing_on(&global_trace);
}
EXPORT_SYMBOL_GPL(tracing_on);

/**
 * tracing_off - stop recording into the top-level buffer
 *
 * The kernel-side twin of "echo 0 > tracing_on": put it right after the
 * event of interest, and the buffer keeps what led up to it.  Callable in
 * any context.
 */
void tracing_off(void)
{
	tracer_tracing_off(&global_trace);
}
EXPORT_SYMBOL_GPL(tracing_off);

/**
 * tracing_is_on - is the top-level buffer recording?
 *
 * Return: 1 if tracing_on is set, else 0.
 */
int tracing_is_on(void)
{
	return tracer_tracing_is_on(&global_trace);
}
EXPORT_SYMBOL_GPL(tracing_is_on);

/**
 * tracing_stop_tr - suspend recording into @tr, nesting
 * @tr: the instance
 *
 * Unlike tracing_off() this nests and does not change what tracing_on
 * shows: each call must be paired with tracing_start_tr().
 */
void tracing_stop_tr(struct trace_array *tr)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&tr->start_lock, flags);
	if (tr->stop_count++ == 0 && tr->buffer)
		ring_buffer_record_disable(tr->buffer);
	raw_spin_unlock_irqrestore(&tr->start_lock, flags);
}

/**
 * tracing_start_tr - undo one tracing_stop_tr()
 * @tr: the instance
 */
void tracing_start_tr(struct trace_array *tr)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&tr->start_lock, flags);
	if (WARN_ON_ONCE(tr->stop_count <= 0))
		tr->stop_count = 0;
	else if (--tr->stop_count == 0 && tr->buffer)
		ring_buffer_record_enable(tr->buffer);
	raw_spin_unlock_irqrestore(&tr->start_lock, flags);
}

/**
 * tracing_stop - suspend recording into the top-level buffer, nesting
 *
 * For code that must not be traced for a while (suspend, hibernation);
 * pair each call with tracing_start().
 */
void tracing_stop(void)
{
	tracing_stop_tr(&global_trace);
}

/**
 * tracing_start - undo one tracing_stop()
 */
void tracing_start(void)
{
	tracing_start_tr(&global_trace);
}

#ifndef CONFIG_TRACER_SNAPSHOT
/**
 * tracing_snapshot - take a snapshot of the top-level buffer
 *
 * This kernel is built without snapshots (CONFIG_TRACER_SNAPSHOT): the
 * call only says so, once.
 */
void tracing_snapshot(void)
{
	pr_warn_once("%s() called, but this kernel has no snapshot buffer\n",
		     __func__);
}
EXPORT_SYMBOL_GPL(tracing_snapshot);

/**
 * tracing_snapshot_alloc - allocate a snapshot buffer and take a snapshot
 *
 * As tracing_snapshot(): there is no snapshot buffer to allocate.
 */
void tracing_snapshot_alloc(void)
{
	tracing_snapshot();
}
EXPORT_SYMBOL_GPL(tracing_snapshot_alloc);
#endif

/**
 * tracing_reset_all_cpus - empty every CPU's buffer of @tr
 * @tr: the instance
 *
 * ring_buffer_reset() holds the writers off and waits for those in
 * flight.  Sleeps.
 */
void tracing_reset_all_cpus(struct trace_array *tr)
{
	if (!tr->buffer)
		return;
	ring_buffer_reset(tr->buffer);
	/* Read unlocked by the latency-format output (trace_output.c). */
	WRITE_ONCE(tr->time_start, ring_buffer_time_stamp(tr->buffer));
}

/**
 * tracing_stop_writers - hold every writer of @tr's buffer off
 * @tr: the instance
 *
 * Until tracing_reset_stopped().  The caller may sleep in between; a grace
 * period it waits for meanwhile spares the reset its own.
 *
 * Return: the cookie for tracing_reset_stopped().
 */
unsigned long tracing_stop_writers(struct trace_array *tr)
{
	if (tr->buffer)
		ring_buffer_record_disable(tr->buffer);
	return get_state_synchronize_rcu();
}

/**
 * tracing_reset_stopped - empty @tr's buffer and let the writers back in
 * @tr:     the instance, after tracing_stop_writers()
 * @cookie: what tracing_stop_writers() returned
 *
 * Sleeps, for a grace period only if none passed since @cookie.
 */
void tracing_reset_stopped(struct trace_array *tr, unsigned long cookie)
{
	if (!tr->buffer)
		return;
	ring_buffer_reset_since(tr->buffer, cookie);
	WRITE_ONCE(tr->time_start, ring_buffer_time_stamp(tr->buffer));
	ring_buffer_record_enable(tr->buffer);
}

/**
 * tracing_reset_cpu - empty one CPU's buffer of @tr
 * @tr:  the instance
 * @cpu: the CPU
 *
 * Sleeps.
 */
void tracing_reset_cpu(struct trace_array *tr, int cpu)
{
	if (tr->buffer)
		ring_buffer_reset_cpu(tr->buffer, cpu);
}

/* --- clocks -------------------------------------------------------------- */

static const struct trace_clock_def trace_clocks[] = {
	{ .read = trace_clock_local,	   .name = "local",    .in_ns = true },
	{ .read = trace_clock_global,	   .name = "global",   .in_ns = true },
	{ .read = trace_clock_counter,	   .name = "counter",  .in_ns = false },
	{ .read = trace_clock_jiffies,	   .name = "uptime",   .in_ns = false },
	{ .read = trace_clock,		   .name = "perf",     .in_ns = true },
	{ .read = ktime_get_mono_fast_ns,  .name = "mono",     .in_ns = true },
	{ .read = ktime_get_raw_fast_ns,   .name = "mono_raw", .in_ns = true },
	{ .read = ktime_get_boot_fast_ns,  .name = "boot",     .in_ns = true },
	{ .read = ktime_get_tai_fast_ns,   .name = "tai",      .in_ns = true },
	ARCH_TRACE_CLOCKS
};

/**
 * trace_clock_in_ns - does @tr's clock count nanoseconds?
 * @tr: the instance
 *
 * Return: true for the time clocks, false for counters and cycle clocks,
 * whose values are printed as plain numbers.
 */
bool trace_clock_in_ns(struct trace_array *tr)
{
	/* tracing_set_clock() may change it meanwhile: either is valid. */
	return trace_clocks[READ_ONCE(tr->clock_id)].in_ns;
}

/**
 * trace_clock_lookup - the index of a clock in trace_clock's list
 * @name: the clock's name
 *
 * Return: the index, or -EINVAL.
 */
int trace_clock_lookup(const char *name)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(trace_clocks); i++)
		if (!strcmp(trace_clocks[i].name, name))
			return i;
	return -EINVAL;
}

/**
 * trace_clock_name - the name of clock @id, as trace_clock lists it
 * @id: an index in trace_clock's list
 *
 * Return: the name, or NULL past the end of the list.
 */
const char *trace_clock_name(int id)
{
	return id >= 0 && id < ARRAY_SIZE(trace_clocks) ?
	       trace_clocks[id].name : NULL;
}

/**
 * trace_clock_read_fn - the function that reads @tr's clock
 * @tr: the instance
 *
 * Return: what ring_buffer_set_clock() takes.
 */
u64 (*trace_clock_read_fn(struct trace_array *tr))(void)
{
	/* As trace_clock_in_ns(): either the old or the new clock. */
	return trace_clocks[READ_ONCE(tr->clock_id)].read;
}

/* --- references ---------------------------------------------------------- */

/**
 * trace_array_get - take a reference on an instance
 * @tr: the instance
 *
 * @tr is only compared with the live instances, never dereferenced before
 * it is known to be one, so a stale pointer is safe to pass.
 *
 * Return: 0, or -ENODEV if @tr is not a live instance.
 */
int trace_array_get(struct trace_array *tr)
{
	struct trace_array *t;

	guard(mutex)(&trace_types_lock);
	list_for_each_entry(t, &trace_arrays, list) {
		if (t == tr) {
			tr->ref++;
			return 0;
		}
	}
	return -ENODEV;
}

/**
 * trace_array_put - drop a reference on an instance
 * @tr: the instance, or NULL
 */
void trace_array_put(struct trace_array *tr)
{
	if (!tr)
		return;
	guard(mutex)(&trace_types_lock);
	if (!WARN_ON_ONCE(tr->ref <= 0))
		tr->ref--;
}
EXPORT_SYMBOL_GPL(trace_array_put);

/* Does the object at @data lie in [@base, @base + @size)? */
static bool data_within(const void *data, const void *base, size_t size)
{
	return base && data >= base && data < base + size;
}

/**
 * trace_array_of_data - the live instance a tracefs file's data belongs to
 * @data: an inode's private data: a trace_array, or one of its
 *        trace_cpu_file or trace_option_file entries
 *
 * The caller holds no reference: @data may belong to an instance being
 * removed, so it is only compared by address.
 *
 * Return: the instance, or NULL if it is gone.  The result is a hint for
 * tracing_check_open(), which takes the reference.
 */
struct trace_array *trace_array_of_data(const void *data)
{
	struct trace_array *tr;

	guard(mutex)(&trace_types_lock);
	list_for_each_entry(tr, &trace_arrays, list) {
		if (data_within(data, tr, sizeof(*tr)) ||
		    data_within(data, tr->cpu_files,
				nr_cpu_ids * sizeof(*tr->cpu_files)))
			return tr;
	}
	return NULL;
}

/**
 * tracing_check_open_cpu_file - tracing_check_open() for a per-CPU file
 * @cf: the inode's private data
 *
 * Return: 0 with a reference on @cf's instance, or as tracing_check_open().
 */
int tracing_check_open_cpu_file(struct trace_cpu_file *cf)
{
	struct trace_array *tr = trace_array_of_data(cf);

	return tr ? tracing_check_open(tr) : -ENODEV;
}

/* --- opening the files of an instance ---------------------------------- */

/**
 * tracing_check_open - may a tracefs file of @tr be opened?
 * @tr: the instance, or NULL for a file that belongs to none
 *
 * Takes a reference on @tr when it returns 0.
 *
 * Return: 0, -EPERM under lockdown, or -ENODEV when tracing is unusable.
 */
int tracing_check_open(struct trace_array *tr)
{
	int ret;

	ret = security_locked_down(LOCKDOWN_TRACEFS);
	if (ret)
		return ret;
	if (tracing_disabled)
		return -ENODEV;
	return tr ? trace_array_get(tr) : 0;
}

/**
 * tracing_open_file_tr - open a file whose inode belongs to an instance
 * @inode: the inode; its private data is the trace_array
 * @filp:  the file; gets the trace_array as private data
 *
 * Return: 0 or a -errno from tracing_check_open().
 */
int tracing_open_file_tr(struct inode *inode, struct file *filp)
{
	struct trace_array *tr = inode->i_private;
	int ret;

	ret = tracing_check_open(tr);
	if (ret)
		return ret;
	filp->private_data = tr;
	return 0;
}

/**
 * tracing_release_file_tr - release a file opened by tracing_open_file_tr()
 * @inode: the inode
 * @filp:  the file
 *
 * Return: 0.
 */
int tracing_release_file_tr(struct inode *inode, struct file *filp)
{
	trace_array_put(inode->i_private);
	return 0;
}

/**
 * tracing_single_open_tr - single_open() a file of an instance
 * @inode: the inode; its private data is the trace_array
 * @filp:  the file
 * @show:  the seq_file show method; it finds the trace_array in
 *         seq_file::private
 *
 * Return: 0 with a reference on the instance, or a -errno.
 */
int tracing_single_open_tr(struct inode *inode, struct file *filp,
			   int (*show)(struct seq_file *, void *))
{
	struct trace_array *tr = inode->i_private;
	int ret;

	ret = tracing_check_open(tr);
	if (ret)
		return ret;
	ret = single_open(filp, show, tr);
	if (ret)
		trace_array_put(tr);
	return ret;
}

/**
 * tracing_single_release_tr - release a file tracing_single_open_tr() opened
 * @inode: the inode
 * @filp:  the file
 *
 * Return: single_release()'s result.
 */
int tracing_single_release_tr(struct inode *inode, struct file *filp)
{
	trace_array_put(inode->i_private);
	return single_release(inode, filp);
}

/**
 * tracing_open_cpu_file - open a file of one CPU (or all) of an instance
 * @inode: the inode; its private data is a struct trace_cpu_file
 * @filp:  the file; gets the trace_cpu_file as private data
 *
 * Return: 0 with a reference on the instance, or a -errno.
 */
int tracing_open_cpu_file(struct inode *inode, struct file *filp)
{
	struct trace_cpu_file *cf = inode->i_private;
	int ret;

	ret = tracing_check_open_cpu_file(cf);
	if (ret)
		return ret;
	filp->private_data = cf;
	return 0;
}

/**
 * tracing_release_cpu_file - release a file tracing_open_cpu_file() opened
 * @inode: the inode
 * @filp:  the file
 *
 * Return: 0.
 */
int tracing_release_cpu_file(struct inode *inode, struct file *filp)
{
	struct trace_cpu_file *cf = inode->i_private;

	trace_array_put(cf->tr);
	return 0;
}

/**
 * tracing_write_ulong - a decimal write to a file, applied
 * @data: what @set changes: the file's private data
 * @ubuf: the user's data
 * @cnt:  its length
 * @ppos: the file position
 * @set:  checks and applies the value; 0 or a -errno
 * @lock: held around @set (trace_types_lock for an instance's files), or
 *        NULL if @set takes what it needs itself
 *
 * Return: @cnt, or -EINVAL for a value that is not a number, or @set's
 * error.
 */
ssize_t tracing_write_ulong(void *data, const char __user *ubuf, size_t cnt,
			    loff_t *ppos,
			    int (*set)(void *data, unsigned long val),
			    struct mutex *lock)
{
	unsigned long val;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &val);
	if (ret)
		return ret;

	if (lock)
		mutex_lock(lock);
	ret = set(data, val);
	if (lock)
		mutex_unlock(lock);
	return tracing_write_done(ret, cnt, ppos);
}

/**
 * trace_create_file - create a tracefs file, warning on failure
 * @name:   the file name
 * @mode:   its mode, TRACE_MODE_READ or TRACE_MODE_WRITE
 * @parent: its directory, NULL for the tracefs root
 * @data:   the inode's private data
 * @fops:   its file operations
 *
 * A failure is counted against the instance the caller is making
 * (trace_create_failed()).
 *
 * Return: the dentry, or NULL.
 */
struct dentry *trace_create_file(const char *name, umode_t mode,
				 struct dentry *parent, void *data,
				 const struct file_operations *fops)
{
	struct dentry *d = tracefs_create_file(name, mode, parent, data, fops);

	if (IS_ERR_OR_NULL(d)) {
		trace_create_failed();
		pr_warn("could not create tracefs file '%s'\n", name);
		return NULL;
	}
	return d;
}

/**
 * trace_create_dir - create a tracefs directory, warning on failure
 * @name:   the directory name
 * @parent: its parent, NULL for the tracefs root
 *
 * A failure is counted against the instance the caller is making
 * (trace_create_failed()).
 *
 * Return: the dentry, or NULL.
 */
struct dentry *trace_create_dir(const char *name, struct dentry *parent)
{
	struct dentry *d = tracefs_create_dir(name, parent);

	if (IS_ERR_OR_NULL(d)) {
		trace_create_failed();
		pr_warn("could not create tracefs directory '%s'\n", name);
		return NULL;
	}
	return d;
}

/**
 * tracing_copy_word - copy a short user write, trailing spaces cut
 * @buf:  where to put it, as a string
 * @size: the size of @buf
 * @ubuf: the user's data
 * @cnt:  its length
 *
 * Return: the length of the word, -EINVAL if it does not fit or -EFAULT.
 */
ssize_t tracing_copy_word(char *buf, size_t size, const char __user *ubuf,
			  size_t cnt)
{
	if (cnt >= size)
		return -EINVAL;
	if (copy_from_user(buf, ubuf, cnt))
		return -EFAULT;
	buf[cnt] = '\0';
	return strlen(strstrip(buf));
}

/* The longest word tracing_write_word() takes: a tracer's name. */
#define TRACING_WORD_MAX	(MAX_TRACER_SIZE + 1)

/**
 * tracing_copy_text - copy a write of less than a page, as a string
 * @ubuf: the user's data
 * @cnt:  its length
 *
 * Return: the string, to kfree(); NULL for an empty write, which is
 * taken as is; ERR_PTR(-EINVAL) for a page or more, or
 * memdup_user_nul()'s error.
 */
char *tracing_copy_text(const char __user *ubuf, size_t cnt)
{
	if (!cnt)
		return NULL;
	if (cnt >= PAGE_SIZE)
		return ERR_PTR(-EINVAL);
	return memdup_user_nul(ubuf, cnt);
}

/**
 * tracing_write_word - a one-word write to a file of @tr, applied
 * @tr:   the instance
 * @ubuf: the user's data
 * @cnt:  its length
 * @ppos: the file position
 * @set:  applies the word (stripped of spaces) to @tr, under
 *        trace_types_lock; 0 or a -errno
 *
 * Return: @cnt, or -EINVAL for a word too long, -EFAULT, or @set's error.
 */
ssize_t tracing_write_word(struct trace_array *tr, const char __user *ubuf,
			   size_t cnt, loff_t *ppos,
			   int (*set)(struct trace_array *tr, char *word))
{
	char buf[TRACING_WORD_MAX];
	ssize_t ret;

	ret = tracing_copy_word(buf, sizeof(buf), ubuf, cnt);
	if (ret < 0)
		return ret;

	mutex_lock(&trace_types_lock);
	ret = set(tr, strstrip(buf));
	mutex_unlock(&trace_types_lock);
	return tracing_write_done(ret, cnt, ppos);
}
