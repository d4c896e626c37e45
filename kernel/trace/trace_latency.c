// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The latency tracers' common part: tracing_max_latency, tracing_thresh,
 * and keeping the trace of the worst latency in the snapshot buffer.
 *
 * When a tracer measures a latency above the maximum (or above
 * tracing_thresh, when that is set), it calls trace_latency_update():
 * the rings holding the trace that led to it are exchanged with the
 * snapshot buffer's (trace_latency_swap.c: the current CPU's at once,
 * the others' by their own CPUs a little later); the main buffer then
 * goes on with the old snapshot rings.  Records older than
 * the start of the latency are left out when "trace" shows the snapshot
 * buffer (trace_read.c), which is how stale rings of other CPUs and the
 * sections that did not make a new maximum are hidden.
 */

#include <linux/cred.h>
#include <linux/uaccess.h>
#include <linux/kallsyms.h>

#include "trace_latency.h"
#include "trace_graph.h"
#include "ftrace_internal.h"

DEFINE_RAW_SPINLOCK(trace_max_lock);

u64 tracing_thresh;

/*
 * tracing_thresh=<usecs> on the command line, as a write of the file:
 * parsed before any tracer can read it, so no lock.
 */
static int __init set_tracing_thresh(char *str)
{
	u64 usecs;

	if (kstrtoull(str, 10, &usecs) || usecs > U64_MAX / NSEC_PER_USEC) {
		pr_warn("tracing_thresh=%s: not a number of microseconds\n",
			str);
		return 1;
	}
	tracing_thresh = usecs * NSEC_PER_USEC;
	return 1;
}
__setup("tracing_thresh=", set_tracing_thresh);

/*
 * Each instance has its own maximum: tr->max_latency is its
 * tracing_max_latency, the largest latency seen (ns); tr->max_info
 * describes the latency whose trace its max buffer holds, which is what
 * the header shows and what "trace" counts time from.  They differ when a
 * new maximum came while the rings could not be swapped (a reader had
 * them pinned).  Both are written under trace_max_lock.
 */

/**
 * trace_latency_max - the maximum latency of @tr, in nanoseconds
 * @tr: the instance
 *
 * Return: the value; read without the lock, it may be just stale.
 */
u64 trace_latency_max(struct trace_array *tr)
{
	/*
	 * Written under trace_max_lock by trace_latency_update() (a tracer's
	 * probe, any CPU, interrupts off), trace_latency_reset() and the
	 * tracing_max_latency file; read here by probes on other CPUs and
	 * by that file, without the lock.  One 64-bit load (untorn on the
	 * 64-bit targets); no ordering with anything else.
	 */
	return READ_ONCE(tr->max_latency);
}

/**
 * trace_latency_time_start - when the latency in @tr's max buffer started
 * @tr: the instance
 *
 * Return: its trace clock time.
 */
u64 trace_latency_time_start(struct trace_array *tr)
{
	/*
	 * Copied (plainly) under trace_max_lock by latency_set_info() when a
	 * new maximum is swapped in, possibly while a reader of "trace"
	 * formats lines; one value, which may belong to the latency after
	 * the one whose records it is printing.
	 */
	return READ_ONCE(tr->max_info.time_start);
}

/**
 * trace_latency_reset - forget @tr's maximum (a latency tracer starts)
 * @tr: the instance
 */
void trace_latency_reset(struct trace_array *tr)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&trace_max_lock, flags);
	memset(&tr->max_info, 0, sizeof(tr->max_info));
	/* read locklessly by trace_latency_max() */
	WRITE_ONCE(tr->max_latency, 0);
	raw_spin_unlock_irqrestore(&trace_max_lock, flags);
}

/**
 * trace_latency_is_new_max - is a latency of @delta ns worth reporting?
 * @tr:    the instance the latency tracer runs in
 * @delta: the latency
 *
 * Return: with tracing_thresh set, whether @delta reaches it; else
 * whether it is above @tr's maximum.
 */
bool trace_latency_is_new_max(struct trace_array *tr, u64 delta)
{
	/*
	 * Written under trace_max_lock by the tracing_thresh file
	 * (latency_usecs_write()) while probes call this on every CPU;
	 * one value for both uses below.
	 */
	u64 thresh = READ_ONCE(tracing_thresh);

	if (thresh)
		return delta >= thresh;
	return delta > trace_latency_max(tr);
}

/**
 * trace_latency_now - the trace clock of @tr
 * @tr: the instance
 *
 * Return: the time, comparable with the records' time stamps.
 */
u64 trace_latency_now(struct trace_array *tr)
{
	return trace_clock_read_fn(tr)();
}

/**
 * trace_latency_function - record a TRACE_FN line from a latency tracer
 * @tr:        the instance
 * @ip:        the function
 * @parent_ip: its caller
 * @trace_ctx: the writer's context
 */
void trace_latency_function(struct trace_array *tr, unsigned long ip,
			    unsigned long parent_ip, unsigned int trace_ctx)
{
	trace_function_record(tr, ip, parent_ip, trace_ctx, false);
}

#ifdef CONFIG_FUNCTION_TRACER
static void trace_latency_calls_stop(struct trace_array *tr,
				     struct trace_latency_calls *calls)
{
	if (calls->mode == TRACE_LATENCY_CALLS_FUNCTION) {
		unregister_ftrace_function(tr->ops);
		tr->ops->func = ftrace_stub;
	}
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	if (calls->mode == TRACE_LATENCY_CALLS_GRAPH)
		unregister_ftrace_graph(calls->gops);
#endif
	calls->mode = TRACE_LATENCY_CALLS_NONE;
}

static int trace_latency_calls_start(struct trace_array *tr,
				     struct trace_latency_calls *calls,
				     enum trace_latency_calls_mode mode)
{
	int ret;

	ret = ftrace_allocate_ftrace_ops(tr);
	if (ret)
		return ret;
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	if (mode == TRACE_LATENCY_CALLS_GRAPH) {
		/* set_ftrace_filter and set_ftrace_notrace apply */
		ftrace_ops_init(&calls->gops->ops);
		ftrace_ops_share_filter(&calls->gops->ops, tr->ops);
		calls->gops->ops.private = tr;
		calls->gops->private = tr;
		return register_ftrace_graph(calls->gops);
	}
#endif
	tr->ops->func = calls->func;
	tr->ops->private = tr;
	ret = register_ftrace_function(tr->ops);
	if (ret)
		tr->ops->func = ftrace_stub;
	return ret;
}

/**
 * trace_latency_calls_set - follow the calls a latency tracer measures
 * @tr:       the instance the tracer runs in
 * @calls:    the tracer's callbacks, and what is registered now
 * @function: options/function-trace: follow them
 * @graph:    options/display-graph: through function_graph (@calls->gops)
 *            rather than the function tracer (@calls->func)
 *
 * Registers @tr's ftrace_ops or @calls->gops as asked, after
 * unregistering the other; both find @tr in their ->private.
 * trace_types_lock.
 *
 * Return: 0, or the error of the registration (nothing registered then).
 */
int trace_latency_calls_set(struct trace_array *tr,
			    struct trace_latency_calls *calls,
			    bool function, bool graph)
{
	enum trace_latency_calls_mode want = TRACE_LATENCY_CALLS_NONE;
	int ret;

	if (function)
		want = graph ? TRACE_LATENCY_CALLS_GRAPH :
			       TRACE_LATENCY_CALLS_FUNCTION;
	if (want == calls->mode)
		return 0;
	trace_latency_calls_stop(tr, calls);
	if (want == TRACE_LATENCY_CALLS_NONE)
		return 0;
	ret = trace_latency_calls_start(tr, calls, want);
	if (!ret)
		calls->mode = want;
	return ret;
}
#endif

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/**
 * trace_latency_graph_leaf - a place in a latency tracer's graph
 * @tr: the instance
 * @ip: the place
 *
 * With display-graph, where a latency starts and ends is drawn as a call
 * of @ip at depth 0 that took no time ("ip();", 0.000 us): an entry and
 * a return record with the same time.
 */
void trace_latency_graph_leaf(struct trace_array *tr, unsigned long ip)
{
	struct ftrace_graph_ent ent = { .func = ip };
	struct ftrace_graph_ret ret = { .func = ip };

	ret.calltime = trace_clock_local();
	ret.rettime = ret.calltime;
	trace_graph_record_entry(tr, &ent);
	trace_graph_record_return(tr, &ret);
}
#endif

/* Describe the latency @info, seen in @tsk, as @tr's maximum. */
static void latency_set_info(struct trace_array *tr, struct task_struct *tsk,
			     const struct trace_max_info *info)
{
	struct trace_max_info *max = &tr->max_info;

	*max = *info;
	memcpy(max->comm, tsk->comm, TASK_COMM_LEN);
	max->pid = tsk->pid;
	max->uid = from_kuid_munged(&init_user_ns, task_uid(tsk));
	max->nice = task_nice(tsk);
	max->policy = tsk->policy;
	max->rt_priority = tsk->rt_priority;
}

/**
 * trace_latency_update - a new maximum: keep its trace
 * @tr:       the instance the latency tracer runs in
 * @tsk:      the task the latency was seen in
 * @info:     latency, time_start, critical_start/end and cpu filled in
 * @all_cpus: swap every CPU's ring, not only the current CPU's
 *
 * Called with interrupts off, from the tracer's probe, on the CPU that
 * saw the latency (@info->cpu).  A latency no
 * longer above @tr's maximum once the lock is held is dropped, as is one
 * seen while @tr's recording is switched off.  One whose
 * rings cannot be swapped (a reader has them pinned) only raises
 * tracing_max_latency: the header keeps describing the trace kept.
 */
void trace_latency_update(struct trace_array *tr, struct task_struct *tsk,
			  const struct trace_max_info *info, bool all_cpus)
{
	if (!tracing_thresh && info->latency <= tr->max_latency)
		return;
	/*
	 * With recording switched off (tracing_on 0, a traceoff trigger)
	 * the rings hold nothing of this latency: swapping them in would
	 * show a maximum with no trace.  Keep the one whose trace is kept.
	 */
	if (!tracer_tracing_is_on(tr))
		return;
	raw_spin_lock(&trace_max_lock);
	if (tracing_thresh || info->latency > tr->max_latency) {
		WRITE_ONCE(tr->max_latency, info->latency);
		if (trace_latency_swap(tr, all_cpus))
			latency_set_info(tr, tsk, info);
	}
	raw_spin_unlock(&trace_max_lock);
}

/**
 * trace_latency_info - a copy of the description of @tr's maximum
 * @tr:   the instance
 * @info: filled in
 */
void trace_latency_info(struct trace_array *tr, struct trace_max_info *info)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&trace_max_lock, flags);
	*info = tr->max_info;
	raw_spin_unlock_irqrestore(&trace_max_lock, flags);
}

/**
 * trace_latency_tracer_start - what a latency tracer's init does first
 * @tr: the instance; trace_types_lock held
 *
 * Allocates the snapshot buffer, empties the trace and forgets the
 * maximum.  The trace is emptied here too, not only by
 * tracing_set_tracer(): a tracer restarted by an option (display-graph)
 * starts on an empty buffer, as upstream's.  The tracer takes
 * snapshots until trace_latency_tracer_stop(): they are armed.
 *
 * Return: 0, -ENOMEM, or -EBUSY while a ring of @tr is mapped into user
 * space.
 */
int trace_latency_tracer_start(struct trace_array *tr)
{
	int ret = trace_snapshot_alloc_locked(tr);

	if (!ret && !tr->max_armed)
		ret = trace_snapshot_arm(tr);
	if (ret)
		return ret;
	tr->max_armed = true;
	tracing_reset_all_cpus(tr);
	trace_latency_reset(tr);
	return 0;
}

/**
 * trace_latency_tracer_stop - what a latency tracer's reset does last
 * @tr: the instance; trace_types_lock held; the tracer's probes are gone
 *
 * Frees the snapshot buffer trace_latency_tracer_start() allocated, as
 * upstream frees it when a tracer that used it leaves: otherwise it
 * would stay at the main buffer's size, and every buffer_size_kb write
 * would size both.  Kept while a reader pins it (an open snapshot file);
 * "echo 0 > snapshot" frees it then.
 */
void trace_latency_tracer_stop(struct trace_array *tr)
{
	if (tr->max_armed)
		trace_snapshot_disarm(tr);
	tr->max_armed = false;
	if (!tr->snapshot_pins)
		trace_snapshot_free(tr);
}

/* --- tracing_max_latency and tracing_thresh -------------------------------- */

static ssize_t latency_usecs_read(u64 ns, char __user *ubuf, size_t cnt,
				  loff_t *ppos)
{
	char buf[32];
	int len;

	len = scnprintf(buf, sizeof(buf), "%llu\n", div_u64(ns, NSEC_PER_USEC));
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

/* Store a user's microseconds in *@ns, in nanoseconds, under the lock. */
static ssize_t latency_usecs_write(u64 *ns, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	unsigned long flags;
	u64 usecs;
	int ret;

	ret = kstrtoull_from_user(ubuf, cnt, 10, &usecs);
	if (ret)
		return ret;
	if (usecs > U64_MAX / NSEC_PER_USEC)
		return -EINVAL;
	raw_spin_lock_irqsave(&trace_max_lock, flags);
	/*
	 * tracing_thresh or a max_latency: read without the lock by the
	 * latency probes (trace_latency_is_new_max(), trace_latency_max())
	 * and by fgraph's tracing_thresh check (trace_graph.h).
	 */
	WRITE_ONCE(*ns, usecs * NSEC_PER_USEC);
	raw_spin_unlock_irqrestore(&trace_max_lock, flags);
	*ppos += cnt;
	return cnt;
}

/* tracing_max_latency: the instance's own maximum; the file holds a ref. */
static ssize_t max_latency_read(struct file *filp, char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;

	return latency_usecs_read(trace_latency_max(tr), ubuf, cnt, ppos);
}

static ssize_t max_latency_write(struct file *filp, const char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;

	return latency_usecs_write(&tr->max_latency, ubuf, cnt, ppos);
}

static const struct file_operations max_latency_fops =
	TRACING_TR_FOPS(max_latency_read, max_latency_write,
			generic_file_llseek);

/* tracing_thresh: one for all instances, at the top level only. */
static ssize_t thresh_read(struct file *filp, char __user *ubuf, size_t cnt,
			   loff_t *ppos)
{
	/* written under trace_max_lock, not taken here: one value */
	return latency_usecs_read(READ_ONCE(tracing_thresh), ubuf, cnt, ppos);
}

static ssize_t thresh_write(struct file *filp, const char __user *ubuf,
			    size_t cnt, loff_t *ppos)
{
	return latency_usecs_write(&tracing_thresh, ubuf, cnt, ppos);
}

static int thresh_open(struct inode *inode, struct file *filp)
{
	return tracing_check_open(NULL);
}

static const struct file_operations thresh_fops = {
	.open		= thresh_open,
	.read		= thresh_read,
	.write		= thresh_write,
	.llseek		= generic_file_llseek,
};

/**
 * trace_latency_create_files - create tracing_max_latency in an instance
 * @tr:     the instance
 * @parent: its directory (NULL: the tracefs root)
 */
void trace_latency_create_files(struct trace_array *tr, struct dentry *parent)
{
	trace_create_file("tracing_max_latency", TRACE_MODE_WRITE, parent, tr,
			  &max_latency_fops);
}

static __init int trace_latency_init_tracefs(void)
{
	if (tracing_disabled)
		return 0;
	trace_create_file("tracing_thresh", TRACE_MODE_WRITE, NULL, NULL,
			  &thresh_fops);
	return 0;
}
late_initcall(trace_latency_init_tracefs);
