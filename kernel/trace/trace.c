// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The trace instance: the top-level trace_array, its ring buffer and the
 * tracefs files that control it (tracing_on, current_tracer, the buffer
 * sizes, trace_clock, tracing_cpumask, trace_options and options/), the
 * <linux/kernel.h> on/off API, the tracer list, trace exports, boot
 * options, the warning and sysctl hooks, and boot-time set-up.
 *
 * Reading the buffer is trace_read.c; formatting records is
 * trace_output.c; the writers are trace_printk.c and trace_marker.c.
 */

#define pr_fmt(fmt) "tracing: " fmt

#include <linux/ring_buffer.h>
#include <linux/seq_file.h>
#include <linux/security.h>
#include <linux/uaccess.h>
#include <linux/debugfs.h>
#include <linux/sysctl.h>
#include <linux/ctype.h>
#include <linux/mount.h>
#include <linux/slab.h>
#include <linux/init.h>
#include <linux/fs.h>

#include <asm/setup.h>

#include "trace.h"

/* The default size of each CPU's buffer: trace_buf_size= overrides it. */
#define TRACE_BUF_SIZE_DEFAULT	1441792UL

/*
 * What each CPU's ring of the top level holds until tracing is first
 * used: the ring buffer makes it its smallest, two sub-buffers.
 */
#define TRACE_BUF_SIZE_UNEXPANDED	1UL

/* The largest sub-buffer buffer_subbuf_size_kb accepts: 128 pages. */
#define TRACE_SUBBUF_MAX_ORDER	7

/* The tracer list and each instance's settings: see trace.h. */
DEFINE_MUTEX(trace_types_lock);

/* The tracers, newest first; nop is registered first and so listed last. */
static struct tracer *trace_types;

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

/* --- boot options ------------------------------------------------------ */

static char trace_boot_clock[16] __initdata;
static char trace_boot_options[256] __initdata;

/* trace_buf_size=nn[KMG]: the size of each CPU's buffer. */
static int __init set_trace_buf_size(char *str)
{
	unsigned long size;

	if (!str)
		return 0;
	size = memparse(str, &str);
	if (!size)
		return 0;
	trace_buf_size = size;
	return 1;
}
__setup("trace_buf_size=", set_trace_buf_size);

/* trace_clock=name: the clock the top-level buffer starts with. */
static int __init set_trace_boot_clock(char *str)
{
	strscpy(trace_boot_clock, str, sizeof(trace_boot_clock));
	return 1;
}
__setup("trace_clock=", set_trace_boot_clock);

/* trace_options=opt[,opt...]: as if written to trace_options. */
static int __init set_trace_boot_options(char *str)
{
	strscpy(trace_boot_options, str, sizeof(trace_boot_options));
	return 1;
}
__setup("trace_options=", set_trace_boot_options);

int __disable_trace_on_warning;

/* traceoff_on_warning[=0|=off]: stop tracing at the first WARN(). */
static int __init set_traceoff_on_warning(char *str)
{
	if (strcmp(str, "=0") && strcmp(str, "=off"))
		__disable_trace_on_warning = 1;
	return 1;
}
__setup("traceoff_on_warning", set_traceoff_on_warning);

char ftrace_dump_on_oops[MAX_TRACER_SIZE] = "0";

/*
 * ftrace_dump_on_oops[=1|=2|=orig_cpu][,<instance>[=2|=orig_cpu]...]:
 * print the buffers on the console when the kernel oopses or panics.  A
 * bare option means every CPU of the top level.
 */
static int __init set_ftrace_dump_on_oops(char *str)
{
	if (!*str || !strcmp(str, "="))
		strscpy(ftrace_dump_on_oops, "1", MAX_TRACER_SIZE);
	else if (*str == '=')
		strscpy(ftrace_dump_on_oops, str + 1, MAX_TRACER_SIZE);
	else if (*str == ',')
		snprintf(ftrace_dump_on_oops, MAX_TRACER_SIZE, "1%s", str);
	else
		return 0;
	return 1;
}
__setup("ftrace_dump_on_oops", set_ftrace_dump_on_oops);

/**
 * ftrace_dump_on_oops_enabled - is the buffer printed on an oops?
 *
 * Return: non-zero unless ftrace_dump_on_oops is "0".
 */
int ftrace_dump_on_oops_enabled(void)
{
	return ftrace_dump_on_oops[0] && strcmp(ftrace_dump_on_oops, "0");
}

/*
 * tracepoint_printk mirrors trace events to printk.  Only trace events
 * produce anything for it; the value is kept here so that the sysctl
 * exists and the event code finds it set.
 */
int tracepoint_printk;

/**
 * tracepoint_printk_sysctl - handler of /proc/sys/kernel/tracepoint_printk
 * @table:  the sysctl entry
 * @write:  a write, not a read
 * @buffer: the user's data
 * @lenp:   its length
 * @ppos:   the file position
 *
 * Accepts 0 and 1; anything else is stored as 1.
 *
 * Return: 0 or a -errno from proc_dointvec().
 */
int tracepoint_printk_sysctl(const struct ctl_table *table, int write,
			     void *buffer, size_t *lenp, loff_t *ppos)
{
	int ret;

	mutex_lock(&trace_types_lock);
	ret = proc_dointvec(table, write, buffer, lenp, ppos);
	if (!ret && write)
		tracepoint_printk = !!tracepoint_printk;
	mutex_unlock(&trace_types_lock);
	return ret;
}

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
	unsigned int pc = preempt_count();
	unsigned int flags = irqs_status;
	unsigned int migrate = 0;

	if (pc & NMI_MASK)
		flags |= TRACE_FLAG_NMI;
	if (pc & HARDIRQ_MASK)
		flags |= TRACE_FLAG_HARDIRQ;
	/* SOFTIRQ_OFFSET is "serving"; higher multiples are "disabled". */
	if (pc & SOFTIRQ_OFFSET)
		flags |= TRACE_FLAG_SOFTIRQ;
	if (pc & SOFTIRQ_MASK & ~SOFTIRQ_OFFSET)
		flags |= TRACE_FLAG_BH_OFF;
	if (tif_need_resched())
		flags |= TRACE_FLAG_NEED_RESCHED;
	if (test_preempt_need_resched())
		flags |= TRACE_FLAG_PREEMPT_RESCHED;
#ifdef CONFIG_SMP
	migrate = min_t(unsigned int, current->migration_disabled, 15);
#endif
	return flags << TRACE_CTX_FLAGS_SHIFT | migrate << 4 |
	       min_t(unsigned int, pc & PREEMPT_MASK, 15);
}

/**
 * trace_buffer_reserve - reserve a record and fill in its header
 * @buffer:    the ring buffer
 * @type:      the record type
 * @len:       the record's size, struct trace_entry included
 * @trace_ctx: the writer's context, from tracing_gen_ctx()
 *
 * Lockless; callable in any context.  Preemption stays disabled until
 * trace_buffer_commit().
 *
 * Return: the reserved event, or NULL if the buffer takes no record now.
 */
struct ring_buffer_event * notrace
trace_buffer_reserve(struct trace_buffer *buffer, int type, unsigned long len,
		     unsigned int trace_ctx)
{
	struct ring_buffer_event *event;

	event = ring_buffer_lock_reserve(buffer, len);
	if (event)
		tracing_generic_entry_update(ring_buffer_event_data(event),
					     type, trace_ctx);
	return event;
}

/**
 * trace_buffer_commit - publish a record from trace_buffer_reserve()
 * @buffer: the ring buffer
 */
void notrace trace_buffer_commit(struct trace_buffer *buffer)
{
	ring_buffer_unlock_commit(buffer);
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
 * disable_trace_on_warning - WARN() hook: stop tracing if asked to
 *
 * With traceoff_on_warning set, leaves a note in the top-level buffer and
 * turns it off, so that the records before the warning survive.
 */
void disable_trace_on_warning(void)
{
	static const char note[] = "Disabling tracing due to warning\n";

	if (!__disable_trace_on_warning)
		return;
	if (tracer_tracing_is_on(&global_trace))
		__trace_array_puts(&global_trace, _THIS_IP_, note,
				   sizeof(note) - 1);
	tracing_off();
}

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
	WRITE_ONCE(tr->time_start, ring_buffer_time_stamp(tr->buffer));
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

/*
 * Records stamped by two clocks do not compare: a new clock starts with
 * an empty buffer.  trace_types_lock.
 */
static int tracing_set_clock(struct trace_array *tr, const char *name)
{
	int id = trace_clock_lookup(name);

	if (id < 0)
		return id;
	lockdep_assert_held(&trace_types_lock);
	if (id == tr->clock_id)
		return 0;
	WRITE_ONCE(tr->clock_id, id);
	if (tr->buffer) {
		ring_buffer_set_clock(tr->buffer, trace_clocks[id].read);
		tracing_reset_all_cpus(tr);
	}
	trace_snapshot_set_clock(tr);
	return 0;
}

/**
 * trace_clock_read_fn - the function that reads @tr's clock
 * @tr: the instance
 *
 * Return: what ring_buffer_set_clock() takes.
 */
u64 (*trace_clock_read_fn(struct trace_array *tr))(void)
{
	return trace_clocks[READ_ONCE(tr->clock_id)].read;
}

/* --- tracers ------------------------------------------------------------ */

/**
 * register_tracer - offer a tracer in available_tracers
 * @type: the tracer; must live as long as the kernel
 *
 * Return: 0, or -EINVAL for a nameless tracer, -EBUSY for a taken name.
 */
int register_tracer(struct tracer *type)
{
	struct tracer *t;

	if (!type->name || strlen(type->name) >= MAX_TRACER_SIZE)
		return -EINVAL;

	guard(mutex)(&trace_types_lock);
	for (t = trace_types; t; t = t->next)
		if (!strcmp(t->name, type->name))
			return -EBUSY;
	type->next = trace_types;
	trace_types = type;
	trace_boot_tracer_registered(type);
	return 0;
}

static struct tracer *tracer_lookup(const char *name)
{
	struct tracer *t;

	for (t = trace_types; t; t = t->next)
		if (!strcmp(t->name, name))
			return t;
	return NULL;
}

/* May @t be the current tracer of @tr? */
static bool tracer_allowed(struct trace_array *tr, struct tracer *t)
{
	return tr == &global_trace || t->allow_instances;
}

/**
 * tracing_set_tracer - switch @tr to the tracer called @name
 * @tr:   the instance
 * @name: the tracer's name
 *
 * The caller holds trace_types_lock.
 *
 * Return: 0, -EINVAL for a tracer that does not exist (or may not run in
 * an instance), -ENOMEM when the buffer cannot get its full size
 * (tracing_update_buffers()), or the tracer's init error; the old tracer
 * then runs on.
 */
int tracing_set_tracer(struct trace_array *tr, const char *name)
{
	struct tracer *t = tracer_lookup(name);
	struct tracer *old = tr->current_trace;
	int ret;

	lockdep_assert_held(&trace_types_lock);
	/* Any write of current_tracer is a first use, as upstream. */
	ret = tracing_update_buffers_locked(tr);
	if (ret)
		return ret;
	if (!t || !tracer_allowed(tr, t))
		return -EINVAL;
	if (t == old)
		return 0;

	if (old && old->reset)
		old->reset(tr);
	tr->current_trace = &nop_trace;
	/*
	 * Every switch, to nop too, starts the new tracer on an empty
	 * buffer, as upstream: what the old one recorded is gone.
	 */
	tracing_reset_all_cpus(tr);
	if (t->init) {
		ret = t->init(tr);
		if (ret) {
			/* Leave things as they were. */
			if (old && old->init && old->init(tr) == 0)
				tr->current_trace = old;
			return ret;
		}
	}
	tr->current_trace = t;
	return 0;
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

/* single_open() a file whose inode data is the trace_array, with a ref. */
static int tracing_single_open_tr(struct inode *inode, struct file *filp,
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

static int tracing_single_release_tr(struct inode *inode, struct file *filp)
{
	trace_array_put(inode->i_private);
	return single_release(inode, filp);
}

/* The same for files whose inode data is a struct trace_cpu_file. */
static int tracing_open_cpu_file(struct inode *inode, struct file *filp)
{
	struct trace_cpu_file *cf = inode->i_private;
	int ret;

	ret = tracing_check_open_cpu_file(cf);
	if (ret)
		return ret;
	filp->private_data = cf;
	return 0;
}

static int tracing_release_cpu_file(struct inode *inode, struct file *filp)
{
	struct trace_cpu_file *cf = inode->i_private;

	trace_array_put(cf->tr);
	return 0;
}

/**
 * trace_create_file - create a tracefs file, warning on failure
 * @name:   the file name
 * @mode:   its mode, TRACE_MODE_READ or TRACE_MODE_WRITE
 * @parent: its directory, NULL for the tracefs root
 * @data:   the inode's private data
 * @fops:   its file operations
 *
 * Return: the dentry, or NULL.
 */
struct dentry *trace_create_file(const char *name, umode_t mode,
				 struct dentry *parent, void *data,
				 const struct file_operations *fops)
{
	struct dentry *d = tracefs_create_file(name, mode, parent, data, fops);

	if (IS_ERR_OR_NULL(d)) {
		pr_warn("could not create tracefs file '%s'\n", name);
		return NULL;
	}
	return d;
}

/* Copy a short user write into @buf as a string, without trailing spaces. */
static ssize_t tracing_copy_word(char *buf, size_t size,
				 const char __user *ubuf, size_t cnt)
{
	if (cnt >= size)
		return -EINVAL;
	if (copy_from_user(buf, ubuf, cnt))
		return -EFAULT;
	buf[cnt] = '\0';
	return strlen(strstrip(buf));
}

/* --- tracing_on ----------------------------------------------------------- */

static ssize_t tracing_on_read(struct file *filp, char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	char buf[4];
	int len;

	len = scnprintf(buf, sizeof(buf), "%d\n", tracer_tracing_is_on(tr));
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static ssize_t tracing_on_write(struct file *filp, const char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	unsigned long val;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &val);
	if (ret)
		return ret;

	mutex_lock(&trace_types_lock);
	if (val)
		tracer_tracing_on(tr);
	else
		tracer_tracing_off(tr);
	mutex_unlock(&trace_types_lock);

	*ppos += cnt;
	return cnt;
}

static const struct file_operations tracing_on_fops = {
	.open		= tracing_open_file_tr,
	.read		= tracing_on_read,
	.write		= tracing_on_write,
	.release	= tracing_release_file_tr,
	.llseek		= default_llseek,
};

/* --- current_tracer and available_tracers ------------------------------- */

static ssize_t current_tracer_read(struct file *filp, char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	char buf[MAX_TRACER_SIZE + 2];
	int len;

	mutex_lock(&trace_types_lock);
	len = scnprintf(buf, sizeof(buf), "%s\n", tr->current_trace->name);
	mutex_unlock(&trace_types_lock);
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static ssize_t current_tracer_write(struct file *filp, const char __user *ubuf,
				    size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	char buf[MAX_TRACER_SIZE + 1];
	ssize_t ret;

	/* Longer than any tracer name: it cannot be one. */
	if (cnt > MAX_TRACER_SIZE)
		cnt = MAX_TRACER_SIZE;
	ret = tracing_copy_word(buf, sizeof(buf), ubuf, cnt);
	if (ret < 0)
		return ret;

	mutex_lock(&trace_types_lock);
	ret = tracing_set_tracer(tr, strstrip(buf));
	mutex_unlock(&trace_types_lock);
	if (ret)
		return ret;

	*ppos += cnt;
	return cnt;
}

static const struct file_operations current_tracer_fops = {
	.open		= tracing_open_file_tr,
	.read		= current_tracer_read,
	.write		= current_tracer_write,
	.release	= tracing_release_file_tr,
	.llseek		= generic_file_llseek,
};

static int available_tracers_show(struct seq_file *m, void *v)
{
	struct trace_array *tr = m->private;
	const char *sep = "";
	struct tracer *t;

	mutex_lock(&trace_types_lock);
	for (t = trace_types; t; t = t->next) {
		if (!tracer_allowed(tr, t))
			continue;
		seq_printf(m, "%s%s", sep, t->name);
		sep = " ";
	}
	seq_putc(m, '\n');
	mutex_unlock(&trace_types_lock);
	return 0;
}

static int available_tracers_open(struct inode *inode, struct file *filp)
{
	return tracing_single_open_tr(inode, filp, available_tracers_show);
}

static const struct file_operations available_tracers_fops = {
	.open		= available_tracers_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= tracing_single_release_tr,
};

/* --- buffer sizes ----------------------------------------------------- */

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
	if (ret < 0)
		return ret;
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

static ssize_t buffer_size_write(struct file *filp, const char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	struct trace_cpu_file *cf = filp->private_data;
	unsigned long kb;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &kb);
	if (ret)
		return ret;
	if (!kb || kb > ULONG_MAX >> 10)
		return -EINVAL;

	mutex_lock(&trace_types_lock);
	ret = tracing_resize(cf->tr, kb << 10, cf->cpu);
	mutex_unlock(&trace_types_lock);
	if (ret)
		return ret;

	*ppos += cnt;
	return cnt;
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

static const struct file_operations buffer_total_size_fops = {
	.open		= tracing_open_file_tr,
	.read		= buffer_total_size_read,
	.release	= tracing_release_file_tr,
	.llseek		= default_llseek,
};

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
static ssize_t subbuf_size_write(struct file *filp, const char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	unsigned long kb;
	int order, ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &kb);
	if (ret)
		return ret;
	if (!kb || kb > (PAGE_SIZE << TRACE_SUBBUF_MAX_ORDER) / 1024)
		return -EINVAL;
	order = get_order(kb * 1024);

	mutex_lock(&trace_types_lock);
	if (order != ring_buffer_subbuf_order_get(tr->buffer)) {
		tracing_stop_tr(tr);
		mutex_lock(&tr->consume_lock);
		ret = trace_snapshot_set_subbuf_order(tr, order);
		if (!ret)
			ret = ring_buffer_subbuf_order_set(tr->buffer, order);
		mutex_unlock(&tr->consume_lock);
		tracing_start_tr(tr);
	}
	mutex_unlock(&trace_types_lock);
	if (ret)
		return ret;

	*ppos += cnt;
	return cnt;
}

static const struct file_operations subbuf_size_fops = {
	.open		= tracing_open_file_tr,
	.read		= subbuf_size_read,
	.write		= subbuf_size_write,
	.release	= tracing_release_file_tr,
	.llseek		= default_llseek,
};

static ssize_t buffer_percent_read(struct file *filp, char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	char buf[16];
	int len;

	len = scnprintf(buf, sizeof(buf), "%d\n", READ_ONCE(tr->buffer_percent));
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static ssize_t buffer_percent_write(struct file *filp, const char __user *ubuf,
				    size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	unsigned long val;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &val);
	if (ret)
		return ret;
	if (val > 100)
		return -EINVAL;
	WRITE_ONCE(tr->buffer_percent, val);

	*ppos += cnt;
	return cnt;
}

static const struct file_operations buffer_percent_fops = {
	.open		= tracing_open_file_tr,
	.read		= buffer_percent_read,
	.write		= buffer_percent_write,
	.release	= tracing_release_file_tr,
	.llseek		= default_llseek,
};

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

/* --- trace_clock and timestamp_mode ------------------------------------- */

static int trace_clock_show(struct seq_file *m, void *v)
{
	struct trace_array *tr = m->private;
	int i, cur = READ_ONCE(tr->clock_id);

	for (i = 0; i < ARRAY_SIZE(trace_clocks); i++)
		seq_printf(m, i == cur ? "%s[%s]" : "%s%s", i ? " " : "",
			   trace_clocks[i].name);
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
	struct trace_array *tr = m->private;
	char buf[64];
	ssize_t ret;

	ret = tracing_copy_word(buf, sizeof(buf), ubuf, cnt);
	if (ret < 0)
		return ret;

	mutex_lock(&trace_types_lock);
	ret = tracing_set_clock(tr, strstrip(buf));
	mutex_unlock(&trace_types_lock);
	if (ret)
		return ret;

	*ppos += cnt;
	return cnt;
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

/* --- tracing_cpumask ---------------------------------------------------- */

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
	if (ret)
		return ret;

	*ppos += cnt;
	return cnt;
}

static const struct file_operations tracing_cpumask_fops = {
	.open		= tracing_open_file_tr,
	.read		= tracing_cpumask_read,
	.write		= tracing_cpumask_write,
	.release	= tracing_release_file_tr,
	.llseek		= generic_file_llseek,
};

/* --- options ------------------------------------------------------------- */

static const char * const trace_opt_names[TRACE_OPT_NR_BITS] = {
	[TRACE_OPT_PRINT_PARENT_BIT]	= "print-parent",
	[TRACE_OPT_SYM_OFFSET_BIT]	= "sym-offset",
	[TRACE_OPT_SYM_ADDR_BIT]	= "sym-addr",
	[TRACE_OPT_VERBOSE_BIT]		= "verbose",
	[TRACE_OPT_RAW_BIT]		= "raw",
	[TRACE_OPT_HEX_BIT]		= "hex",
	[TRACE_OPT_BIN_BIT]		= "bin",
	[TRACE_OPT_BLOCK_BIT]		= "block",
#ifdef CONFIG_EVENT_TRACING
	[TRACE_OPT_FIELDS_BIT]		= "fields",
#endif
	[TRACE_OPT_PRINTK_BIT]		= "trace_printk",
	[TRACE_OPT_ANNOTATE_BIT]	= "annotate",
	[TRACE_OPT_USERSTACKTRACE_BIT]	= "userstacktrace",
	[TRACE_OPT_SYM_USEROBJ_BIT]	= "sym-userobj",
	[TRACE_OPT_PRINTK_MSGONLY_BIT]	= "printk-msg-only",
	[TRACE_OPT_CONTEXT_INFO_BIT]	= "context-info",
	[TRACE_OPT_LATENCY_FMT_BIT]	= "latency-format",
	[TRACE_OPT_RECORD_CMD_BIT]	= "record-cmd",
	[TRACE_OPT_RECORD_TGID_BIT]	= "record-tgid",
	[TRACE_OPT_OVERWRITE_BIT]	= "overwrite",
	[TRACE_OPT_DISABLE_ON_FREE_BIT]	= "disable_on_free",
	[TRACE_OPT_IRQ_INFO_BIT]	= "irq-info",
	[TRACE_OPT_MARKERS_BIT]		= "markers",
#ifdef CONFIG_EVENT_TRACING
	[TRACE_OPT_EVENT_FORK_BIT]	= "event-fork",
#endif
	[TRACE_OPT_TRACE_PRINTK_DEST_BIT] = "trace_printk_dest",
	[TRACE_OPT_PAUSE_ON_TRACE_BIT]	= "pause-on-trace",
	[TRACE_OPT_HASH_PTR_BIT]	= "hash-ptr",
	[TRACE_OPT_FUNCTION_BIT]	= "function-trace",
	[TRACE_OPT_FUNC_FORK_BIT]	= "function-fork",
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	[TRACE_OPT_DISPLAY_GRAPH_BIT]	= "display-graph",
#endif
	[TRACE_OPT_STACKTRACE_BIT]	= "stacktrace",
	[TRACE_OPT_FUNC_STACKTRACE_BIT]	= "func_stack_trace",
	[TRACE_OPT_FUNC_NO_REPEATS_BIT]	= "func-no-repeats",
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	[TRACE_OPT_FUNCGRAPH_OVERRUN_BIT]	= "funcgraph-overrun",
	[TRACE_OPT_FUNCGRAPH_CPU_BIT]		= "funcgraph-cpu",
	[TRACE_OPT_FUNCGRAPH_OVERHEAD_BIT]	= "funcgraph-overhead",
	[TRACE_OPT_FUNCGRAPH_PROC_BIT]		= "funcgraph-proc",
	[TRACE_OPT_FUNCGRAPH_DURATION_BIT]	= "funcgraph-duration",
	[TRACE_OPT_FUNCGRAPH_ABSTIME_BIT]	= "funcgraph-abstime",
	[TRACE_OPT_FUNCGRAPH_IRQS_BIT]		= "funcgraph-irqs",
	[TRACE_OPT_FUNCGRAPH_TAIL_BIT]		= "funcgraph-tail",
#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
	[TRACE_OPT_FUNCGRAPH_RETVAL_BIT]	= "funcgraph-retval",
	[TRACE_OPT_FUNCGRAPH_RETVAL_HEX_BIT]	= "funcgraph-retval-hex",
#endif
	[TRACE_OPT_SLEEP_TIME_BIT]		= "sleep-time",
#ifdef CONFIG_FUNCTION_PROFILER
	[TRACE_OPT_GRAPH_TIME_BIT]		= "graph-time",
#endif
#endif
};

/* Is the option built into this kernel? */
static bool trace_opt_present(int bit)
{
	if (bit == TRACE_OPT_STACKTRACE_BIT)
		return IS_ENABLED(CONFIG_STACKTRACE);
	if (bit == TRACE_OPT_USERSTACKTRACE_BIT ||
	    bit == TRACE_OPT_SYM_USEROBJ_BIT)
		return IS_ENABLED(CONFIG_STACKTRACE) &&
		       IS_ENABLED(CONFIG_USER_STACKTRACE_SUPPORT);
	if (bit == TRACE_OPT_FUNC_FORK_BIT ||
	    bit == TRACE_OPT_FUNCTION_BIT ||
	    bit == TRACE_OPT_FUNC_NO_REPEATS_BIT)
		return IS_ENABLED(CONFIG_FUNCTION_TRACER);
	if (bit == TRACE_OPT_FUNC_STACKTRACE_BIT)
		return IS_ENABLED(CONFIG_FUNCTION_TRACER) &&
		       IS_ENABLED(CONFIG_STACKTRACE);
	return true;
}

/*
 * The tracer an option belongs to, or NULL for one of every tracer.  As
 * upstream, trace_options lists a tracer's options, and takes them, only
 * while that tracer is the current one.
 */
static const char *trace_opt_tracer(int bit)
{
	if (bit == TRACE_OPT_FUNC_STACKTRACE_BIT ||
	    bit == TRACE_OPT_FUNC_NO_REPEATS_BIT)
		return "function";
	if (bit > TRACE_OPT_FUNC_NO_REPEATS_BIT)
		return "function_graph";
	return NULL;
}

/* May trace_options show and set option @bit of @tr now? */
static bool trace_opt_listed(struct trace_array *tr, int bit)
{
	const char *owner = trace_opt_tracer(bit);

	if (!trace_opt_present(bit))
		return false;
	return !owner || !strcmp(owner, tr->current_trace->name);
}

/* Set or clear one option of @tr.  trace_types_lock. */
static int trace_set_opt(struct trace_array *tr, int bit, bool on)
{
	unsigned long mask = BIT(bit);

	lockdep_assert_held(&trace_types_lock);
	if (!!(tr->flags & mask) == on)
		return 0;
	if (tr->current_trace && tr->current_trace->flag_changed) {
		int ret = tr->current_trace->flag_changed(tr, bit, on);

		if (ret)
			return ret;
	}

	switch (bit) {
	case TRACE_OPT_OVERWRITE_BIT:
		if (tr->buffer)
			ring_buffer_change_overwrite(tr->buffer, on);
		break;
	case TRACE_OPT_RECORD_CMD_BIT:
	case TRACE_OPT_RECORD_TGID_BIT:
		if (on)
			trace_cmdline_start();
		break;
	case TRACE_OPT_TRACE_PRINTK_DEST_BIT: {
		int ret = trace_printk_dest_set(tr, on);

		if (ret)
			return ret;
		break;
	}
	case TRACE_OPT_FUNC_FORK_BIT: {
		int ret = ftrace_pid_follow_fork(tr, on);

		if (ret)
			return ret;
		break;
	}
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	case TRACE_OPT_SLEEP_TIME_BIT: {
		int ret = trace_graph_sleep_time_changed(tr, on);

		if (ret)
			return ret;
		break;
	}
#endif
	}

	if (on)
		WRITE_ONCE(tr->flags, tr->flags | mask);
	else
		WRITE_ONCE(tr->flags, tr->flags & ~mask);
	return 0;
}

/*
 * Set or clear option @opt of tracer @t, asking the tracer first; @t's
 * options are the same in every instance, @tr is the one asking.
 * trace_types_lock.
 */
static int tracer_set_opt(struct trace_array *tr, struct tracer *t,
			  const struct tracer_opt *opt, bool on)
{
	int ret;

	lockdep_assert_held(&trace_types_lock);
	ret = t->set_opt ? t->set_opt(tr, opt->bit, on) : 0;
	if (ret)
		return ret;
	if (on)
		t->opt_val |= opt->bit;
	else
		t->opt_val &= ~opt->bit;
	return 0;
}

/*
 * An option of the current tracer of @tr, by name.  The tracer is asked
 * even when the option already has the value, as upstream does for
 * trace_options.  trace_types_lock.
 */
static int tracer_set_opt_string(struct trace_array *tr, const char *name,
				 bool on)
{
	struct tracer *t = tr->current_trace;
	const struct tracer_opt *opt;

	for (opt = t->opts; opt && opt->name; opt++)
		if (!strcmp(name, opt->name))
			return tracer_set_opt(tr, t, opt, on);
	return -EINVAL;
}

/*
 * "name" or "noname", as trace_options (@any false) and trace_options=
 * (@any true: whichever tracer boots, all its options apply) take it.
 */
static int trace_set_option_string(struct trace_array *tr, char *option,
				   bool any)
{
	bool on = true;
	int bit;

	option = strstrip(option);
	if (str_has_prefix(option, "no")) {
		on = false;
		option += 2;
	}
	for (bit = 0; bit < TRACE_OPT_NR_BITS; bit++) {
		if (strcmp(option, trace_opt_names[bit]))
			continue;
		if (any ? trace_opt_present(bit) : trace_opt_listed(tr, bit))
			return trace_set_opt(tr, bit, on);
	}
	return tracer_set_opt_string(tr, option, on);
}

static int trace_options_show(struct seq_file *m, void *v)
{
	struct trace_array *tr = m->private;
	const struct tracer_opt *opt;
	struct tracer *t;
	int bit;

	mutex_lock(&trace_types_lock);
	t = tr->current_trace;
	for (bit = 0; bit < TRACE_OPT_NR_BITS; bit++) {
		if (!trace_opt_listed(tr, bit))
			continue;
		seq_printf(m, "%s%s\n", tr->flags & BIT(bit) ? "" : "no",
			   trace_opt_names[bit]);
	}
	for (opt = t->opts; opt && opt->name; opt++)
		seq_printf(m, "%s%s\n", t->opt_val & opt->bit ? "" : "no",
			   opt->name);
	mutex_unlock(&trace_types_lock);
	return 0;
}

static int trace_options_open(struct inode *inode, struct file *filp)
{
	return tracing_single_open_tr(inode, filp, trace_options_show);
}

static ssize_t trace_options_write(struct file *filp, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct seq_file *m = filp->private_data;
	struct trace_array *tr = m->private;
	char buf[64];
	ssize_t ret;

	ret = tracing_copy_word(buf, sizeof(buf), ubuf, cnt);
	if (ret < 0)
		return ret;

	mutex_lock(&trace_types_lock);
	ret = trace_set_option_string(tr, buf, false);
	mutex_unlock(&trace_types_lock);
	if (ret)
		return ret;

	*ppos += cnt;
	return cnt;
}

static const struct file_operations trace_options_fops = {
	.open		= trace_options_open,
	.read		= seq_read,
	.write		= trace_options_write,
	.llseek		= seq_lseek,
	.release	= tracing_single_release_tr,
};

static int option_file_open(struct inode *inode, struct file *filp)
{
	/* @of lives in its instance: find that alive before using it. */
	struct trace_option_file *of = inode->i_private;
	struct trace_array *tr = trace_array_of_data(of);
	int ret = tr ? tracing_check_open(tr) : -ENODEV;

	if (ret)
		return ret;
	filp->private_data = of;
	return 0;
}

static int option_file_release(struct inode *inode, struct file *filp)
{
	struct trace_option_file *of = inode->i_private;

	trace_array_put(of->tr);
	return 0;
}

static ssize_t option_file_read(struct file *filp, char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	struct trace_option_file *of = filp->private_data;
	char buf[4];
	int len;

	if (of->tracer)
		len = scnprintf(buf, sizeof(buf), "%d\n",
				!!(READ_ONCE(of->tracer->opt_val) & of->opt->bit));
	else
		len = scnprintf(buf, sizeof(buf), "%d\n",
				!!(READ_ONCE(of->tr->flags) & BIT(of->bit)));
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static ssize_t option_file_write(struct file *filp, const char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	struct trace_option_file *of = filp->private_data;
	unsigned long val;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &val);
	if (ret)
		return ret;
	if (val > 1)
		return -EINVAL;

	mutex_lock(&trace_types_lock);
	if (!of->tracer)
		ret = trace_set_opt(of->tr, of->bit, val);
	else if (!!(of->tracer->opt_val & of->opt->bit) != val)
		ret = tracer_set_opt(of->tr, of->tracer, of->opt, val);
	mutex_unlock(&trace_types_lock);
	if (ret)
		return ret;

	*ppos += cnt;
	return cnt;
}

static const struct file_operations option_file_fops = {
	.open		= option_file_open,
	.read		= option_file_read,
	.write		= option_file_write,
	.release	= option_file_release,
	.llseek		= generic_file_llseek,
};

/* --- per-CPU statistics -------------------------------------------------- */

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

static ssize_t stats_read(struct file *filp, char __user *ubuf,
			  size_t cnt, loff_t *ppos)
{
	struct trace_cpu_file *cf = filp->private_data;
	struct trace_buffer *buffer = cf->tr->buffer;
	int cpu = cf->cpu;
	struct trace_seq *s;
	ssize_t ret;

	s = kmalloc(sizeof(*s), GFP_KERNEL);
	if (!s)
		return -ENOMEM;
	trace_seq_init(s);

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

	ret = simple_read_from_buffer(ubuf, cnt, ppos, s->buffer,
				      trace_seq_used(s));
	kfree(s);
	return ret;
}

static const struct file_operations stats_fops = {
	.open		= tracing_open_cpu_file,
	.read		= stats_read,
	.release	= tracing_release_cpu_file,
	.llseek		= default_llseek,
};

/* --- trace exports ------------------------------------------------------- */

/* Registered exports, newest first; RCU readers, updates under the mutex. */
static struct trace_export __rcu *trace_exports_list;
static DEFINE_MUTEX(trace_exports_lock);
static DEFINE_STATIC_KEY_FALSE(trace_exports_enabled);

/**
 * trace_exports_send - give a record to the exports that want its kind
 * @event: the record, reserved and not yet committed
 * @flag:  TRACE_EXPORT_FUNCTION, _EVENT or _MARKER
 *
 * Called by writers with preemption disabled (between reserve and
 * commit); the RCU read side pairs with the synchronize_rcu() in
 * unregister_ftrace_export().
 */
void notrace trace_exports_send(struct ring_buffer_event *event, int flag)
{
	struct trace_export *export;

	if (!static_branch_unlikely(&trace_exports_enabled))
		return;

	rcu_read_lock();
	for (export = rcu_dereference(trace_exports_list); export;
	     export = rcu_dereference(export->next)) {
		if (export->flags & flag)
			export->write(export, ring_buffer_event_data(event),
				      ring_buffer_event_length(event));
	}
	rcu_read_unlock();
}

/**
 * register_ftrace_export - send a copy of trace records to @export
 * @export: the export; @export->write and @export->flags must be set
 *
 * Records of the kinds in @export->flags are passed to @export->write as
 * they are written, in the writer's context (any context, preemption
 * disabled).
 *
 * Return: 0, or -EINVAL without a write callback.
 */
int register_ftrace_export(struct trace_export *export)
{
	if (WARN_ON_ONCE(!export->write))
		return -EINVAL;

	guard(mutex)(&trace_exports_lock);
	rcu_assign_pointer(export->next,
			   rcu_dereference_protected(trace_exports_list, 1));
	rcu_assign_pointer(trace_exports_list, export);
	static_branch_inc(&trace_exports_enabled);
	return 0;
}
EXPORT_SYMBOL_GPL(register_ftrace_export);

/**
 * unregister_ftrace_export - stop sending records to @export
 * @export: an export given to register_ftrace_export()
 *
 * Waits until no writer can still be calling it.
 *
 * Return: 0, or -EINVAL if @export was not registered.
 */
int unregister_ftrace_export(struct trace_export *export)
{
	struct trace_export __rcu **link;
	struct trace_export *e;

	mutex_lock(&trace_exports_lock);
	for (link = &trace_exports_list;
	     (e = rcu_dereference_protected(*link, 1)); link = &e->next) {
		if (e == export)
			break;
	}
	if (!e) {
		mutex_unlock(&trace_exports_lock);
		return -EINVAL;
	}
	rcu_assign_pointer(*link, rcu_dereference_protected(export->next, 1));
	static_branch_dec(&trace_exports_enabled);
	mutex_unlock(&trace_exports_lock);

	synchronize_rcu();
	return 0;
}
EXPORT_SYMBOL_GPL(unregister_ftrace_export);

/* --- tracefs layout ------------------------------------------------------ */

static void trace_create_cpu_dir(struct trace_array *tr, int cpu)
{
	struct trace_cpu_file *cf = &tr->cpu_files[cpu];
	struct dentry *d;
	char name[16];

	snprintf(name, sizeof(name), "cpu%d", cpu);
	d = tracefs_create_dir(name, tr->percpu_dir);
	if (IS_ERR_OR_NULL(d)) {
		pr_warn("could not create tracefs directory per_cpu/%s\n", name);
		return;
	}
	trace_create_file("trace", TRACE_MODE_WRITE, d, cf, &tracing_fops);
	trace_create_file("trace_pipe", TRACE_MODE_READ, d, cf,
			  &tracing_pipe_fops);
	trace_create_file("trace_pipe_raw", TRACE_MODE_READ, d, cf,
			  &tracing_raw_fops);
	trace_create_file("buffer_size_kb", TRACE_MODE_WRITE, d, cf,
			  &buffer_size_fops);
	trace_create_file("stats", TRACE_MODE_READ, d, cf, &stats_fops);
	trace_snapshot_create_cpu_files(cf, d);
}

/*
 * options/ files of the registered tracers' own options.  Tracers are
 * never unregistered; an instance is made under trace_types_lock, the top
 * level at boot, where initcalls register tracers one at a time.
 */
static void trace_create_tracer_option_files(struct trace_array *tr)
{
	struct trace_option_file *of = &tr->opt_files[TRACE_OPT_NR_BITS];
	struct trace_option_file *end = of + TRACE_TRACER_OPT_FILES;
	const struct tracer_opt *opt;
	struct tracer *t;

	for (t = trace_types; t; t = t->next) {
		if (!tracer_allowed(tr, t))
			continue;
		for (opt = t->opts; opt && opt->name; opt++, of++) {
			if (WARN_ON_ONCE(of == end))
				return;
			of->tr = tr;
			of->tracer = t;
			of->opt = opt;
			trace_create_file(opt->name, TRACE_MODE_WRITE,
					  tr->options_dir, of,
					  &option_file_fops);
		}
	}
}

static void trace_create_option_files(struct trace_array *tr)
{
	int bit;

	tr->options_dir = tracefs_create_dir("options", tr->dir);
	if (IS_ERR_OR_NULL(tr->options_dir)) {
		pr_warn("could not create tracefs directory options\n");
		tr->options_dir = NULL;
		return;
	}
	for (bit = 0; bit < TRACE_OPT_NR_BITS; bit++) {
		if (!trace_opt_present(bit))
			continue;
		tr->opt_files[bit].tr = tr;
		tr->opt_files[bit].bit = bit;
		trace_create_file(trace_opt_names[bit], TRACE_MODE_WRITE,
				  tr->options_dir, &tr->opt_files[bit],
				  &option_file_fops);
	}
	trace_create_tracer_option_files(tr);
}

/**
 * trace_create_instance_files - create the files every instance has
 * @tr: the instance; @tr->dir is its directory (NULL: the tracefs root)
 *
 * A file that cannot be created is warned about and left out.
 */
void trace_create_instance_files(struct trace_array *tr)
{
	struct dentry *d = tr->dir;
	int cpu;

	trace_create_file("tracing_on", TRACE_MODE_WRITE, d, tr,
			  &tracing_on_fops);
	trace_create_file("current_tracer", TRACE_MODE_WRITE, d, tr,
			  &current_tracer_fops);
	trace_create_file("available_tracers", TRACE_MODE_READ, d, tr,
			  &available_tracers_fops);
	trace_create_file("trace", TRACE_MODE_WRITE, d, &tr->all_cpus,
			  &tracing_fops);
	trace_create_file("trace_pipe", TRACE_MODE_READ, d, &tr->all_cpus,
			  &tracing_pipe_fops);
	trace_create_file("buffer_size_kb", TRACE_MODE_WRITE, d, &tr->all_cpus,
			  &buffer_size_fops);
	trace_create_file("buffer_total_size_kb", TRACE_MODE_READ, d, tr,
			  &buffer_total_size_fops);
	trace_create_file("buffer_subbuf_size_kb", TRACE_MODE_WRITE, d, tr,
			  &subbuf_size_fops);
	trace_create_file("buffer_percent", TRACE_MODE_WRITE, d, tr,
			  &buffer_percent_fops);
	trace_create_file("free_buffer", 0200, d, tr, &free_buffer_fops);
	trace_create_file("trace_clock", TRACE_MODE_WRITE, d, tr,
			  &trace_clock_fops);
	trace_create_file("timestamp_mode", TRACE_MODE_READ, d, tr,
			  &timestamp_mode_fops);
	trace_create_file("tracing_cpumask", TRACE_MODE_WRITE, d, tr,
			  &tracing_cpumask_fops);
	trace_create_file("trace_options", TRACE_MODE_WRITE, d, tr,
			  &trace_options_fops);
	trace_marker_create_files(tr, d);
	trace_errlog_create_file(tr, d);
	trace_snapshot_create_files(tr, d);
	trace_latency_create_files(tr, d);
	trace_create_option_files(tr);

	tr->percpu_dir = tracefs_create_dir("per_cpu", d);
	if (IS_ERR_OR_NULL(tr->percpu_dir)) {
		pr_warn("could not create tracefs directory per_cpu\n");
		tr->percpu_dir = NULL;
		return;
	}
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

/* --- boot ---------------------------------------------------------------- */

static void __init trace_apply_boot_options(struct trace_array *tr)
{
	char *buf = trace_boot_options;
	char *opt;

	mutex_lock(&trace_types_lock);
	while ((opt = strsep(&buf, ",")) != NULL) {
		if (*opt && trace_set_option_string(tr, opt, true))
			pr_warn("unknown trace option '%s'\n", opt);
	}
	mutex_unlock(&trace_types_lock);
}

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
	ring_buffer_set_clock(tr->buffer, trace_clocks[tr->clock_id].read);
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

/**
 * early_trace_init - allocate the top-level buffer
 *
 * Called by start_kernel() before the scheduler starts, so that
 * trace_printk() works from here on.
 */
void __init early_trace_init(void)
{
	struct trace_array *tr = &global_trace;

	if (*trace_boot_clock) {
		int id = trace_clock_lookup(trace_boot_clock);

		if (id < 0)
			pr_warn("unknown trace_clock '%s'\n", trace_boot_clock);
		else
			tr->clock_id = id;
	}

	/* trace_printk() in the kernel itself is a use from boot on. */
	if (trace_printk_in_kernel())
		tr->buffer_expanded = true;
	if (trace_array_alloc_buffers(tr, tr->buffer_expanded ?
				      trace_buf_size : TRACE_BUF_SIZE_UNEXPANDED))
		goto fail;
	if (trace_printk_early_init() || trace_cmdline_init()) {
		trace_array_free_buffers(tr);
		goto fail;
	}
	trace_output_init();
	trace_user_stack_init();

	register_tracer(&nop_trace);
	tr->current_trace = &nop_trace;
	list_add(&tr->list, &trace_arrays);
	trace_apply_boot_options(tr);

	tracing_disabled = 0;
	return;

fail:
	pr_err("could not allocate the trace buffer: tracing disabled\n");
}

/**
 * trace_init - finish setting up tracing once RCU and workqueues exist
 *
 * The oops and panic hooks, and the hooks that need tracepoint
 * registration (which needs RCU).
 */
void __init trace_init(void)
{
	if (tracing_disabled)
		return;
	trace_panic_notifiers_init();
	trace_printk_late_init();
	trace_event_init();
}
