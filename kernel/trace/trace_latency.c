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
 * snapshot buffer's, from the tracer's atomic context, with
 * ring_buffer_swap_cpu(), which refuses a ring a writer is in; the main
 * buffer then goes on with the old snapshot rings.  Records older than
 * the start of the latency are left out when "trace" shows the snapshot
 * buffer (trace_read.c), which is how stale rings of other CPUs and the
 * sections that did not make a new maximum are hidden.
 */

#include <linux/cred.h>
#include <linux/uaccess.h>
#include <linux/kallsyms.h>

#include "trace_latency.h"
#include "trace_graph.h"

DEFINE_RAW_SPINLOCK(trace_max_lock);

u64 tracing_thresh;

/*
 * max_latency is tracing_max_latency: the largest latency seen (ns);
 * max_info describes the latency whose trace the max buffer holds, which
 * is what the header shows and what "trace" counts time from.  They
 * differ when a new maximum came while the rings could not be swapped
 * (a reader had them pinned).  Both are written under trace_max_lock.
 */
static u64 max_latency;
static struct trace_max_info max_info;

/**
 * trace_latency_max - the maximum latency, in nanoseconds
 *
 * Return: the value; read without the lock, it may be just stale.
 */
u64 trace_latency_max(void)
{
	return READ_ONCE(max_latency);
}

/**
 * trace_latency_time_start - when the latency in the max buffer started
 *
 * Return: its trace clock time.
 */
u64 trace_latency_time_start(void)
{
	return READ_ONCE(max_info.time_start);
}

/**
 * trace_latency_reset - forget the maximum (a latency tracer starts)
 */
void trace_latency_reset(void)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&trace_max_lock, flags);
	memset(&max_info, 0, sizeof(max_info));
	WRITE_ONCE(max_latency, 0);
	raw_spin_unlock_irqrestore(&trace_max_lock, flags);
}

/**
 * trace_latency_is_new_max - is a latency of @delta ns worth reporting?
 * @delta: the latency
 *
 * Return: with tracing_thresh set, whether @delta reaches it; else
 * whether it is above the maximum.
 */
bool trace_latency_is_new_max(u64 delta)
{
	u64 thresh = READ_ONCE(tracing_thresh);

	if (thresh)
		return delta >= thresh;
	return delta > trace_latency_max();
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
	struct ring_buffer_event *event;
	struct ftrace_entry *entry;

	event = trace_buffer_reserve(tr->buffer, TRACE_FN, sizeof(*entry),
				     trace_ctx);
	if (!event)
		return;
	entry = ring_buffer_event_data(event);
	entry->ip = ip;
	entry->parent_ip = parent_ip;
	trace_buffer_commit(tr->buffer);
}

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

/*
 * Swap the rings of @cpu (or every online CPU) into the snapshot.
 * Returns whether the snapshot now holds the new trace.
 */
static bool latency_swap(struct trace_array *tr, int cpu, bool all_cpus)
{
	int c;

	if (!tr->snapshot || tr->snapshot_pins)
		return false;
	if (!all_cpus)
		return !ring_buffer_swap_cpu(tr->snapshot, tr->buffer, cpu);
	for_each_online_cpu(c)
		ring_buffer_swap_cpu(tr->snapshot, tr->buffer, c);
	return true;
}

/**
 * trace_latency_update - a new maximum: keep its trace
 * @tr:       the instance (the top level)
 * @tsk:      the task the latency was seen in
 * @info:     latency, time_start, critical_start/end and cpu filled in
 * @all_cpus: swap every CPU's ring, not only @info->cpu's
 *
 * Called with interrupts off, from the tracer's probe.  A latency no
 * longer above the maximum once the lock is held is dropped.  One whose
 * rings cannot be swapped (a reader has them pinned) only raises
 * tracing_max_latency: the header keeps describing the trace kept.
 */
void trace_latency_update(struct trace_array *tr, struct task_struct *tsk,
			  const struct trace_max_info *info, bool all_cpus)
{
	if (!tracing_thresh && info->latency <= max_latency)
		return;
	raw_spin_lock(&trace_max_lock);
	if (tracing_thresh || info->latency > max_latency) {
		WRITE_ONCE(max_latency, info->latency);
		if (!latency_swap(tr, info->cpu, all_cpus))
			goto out;
		max_info = *info;
		memcpy(max_info.comm, tsk->comm, TASK_COMM_LEN);
		max_info.pid = tsk->pid;
		max_info.uid = from_kuid_munged(&init_user_ns, task_uid(tsk));
		max_info.nice = task_nice(tsk);
		max_info.policy = tsk->policy;
		max_info.rt_priority = tsk->rt_priority;
	}
out:
	raw_spin_unlock(&trace_max_lock);
}

/**
 * trace_latency_info - a copy of the maximum's description
 * @info: filled in
 */
void trace_latency_info(struct trace_max_info *info)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&trace_max_lock, flags);
	*info = max_info;
	raw_spin_unlock_irqrestore(&trace_max_lock, flags);
}

/**
 * trace_latency_tracer_start - what a latency tracer's init does first
 * @tr: the instance; trace_types_lock held
 *
 * Allocates the snapshot buffer, empties the trace and forgets the
 * maximum.  The trace is emptied here too, not only by
 * tracing_set_tracer(): a tracer restarted by an option (display-graph)
 * starts on an empty buffer, as upstream's.
 *
 * Return: 0, or -ENOMEM.
 */
int trace_latency_tracer_start(struct trace_array *tr)
{
	int ret = trace_snapshot_alloc_locked(tr);

	if (ret)
		return ret;
	tracing_reset_all_cpus(tr);
	trace_latency_reset();
	return 0;
}

/* --- tracing_max_latency and tracing_thresh -------------------------------- */

static ssize_t latency_usecs_read(struct file *filp, char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	u64 *val = filp->private_data;
	char buf[32];
	int len;

	len = scnprintf(buf, sizeof(buf), "%llu\n",
			div_u64(READ_ONCE(*val), NSEC_PER_USEC));
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static ssize_t latency_usecs_write(struct file *filp, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	u64 *val = filp->private_data;
	unsigned long flags;
	u64 usecs;
	int ret;

	ret = kstrtoull_from_user(ubuf, cnt, 10, &usecs);
	if (ret)
		return ret;
	if (usecs > U64_MAX / NSEC_PER_USEC)
		return -EINVAL;
	raw_spin_lock_irqsave(&trace_max_lock, flags);
	WRITE_ONCE(*val, usecs * NSEC_PER_USEC);
	raw_spin_unlock_irqrestore(&trace_max_lock, flags);
	*ppos += cnt;
	return cnt;
}

static int latency_usecs_open(struct inode *inode, struct file *filp)
{
	int ret = tracing_check_open(NULL);

	if (ret)
		return ret;
	filp->private_data = inode->i_private;
	return 0;
}

static const struct file_operations latency_usecs_fops = {
	.open		= latency_usecs_open,
	.read		= latency_usecs_read,
	.write		= latency_usecs_write,
	.llseek		= generic_file_llseek,
};

static __init int trace_latency_init_tracefs(void)
{
	if (tracing_disabled)
		return 0;
	trace_create_file("tracing_max_latency", TRACE_MODE_WRITE, NULL,
			  &max_latency, &latency_usecs_fops);
	trace_create_file("tracing_thresh", TRACE_MODE_WRITE, NULL,
			  &tracing_thresh, &latency_usecs_fops);
	return 0;
}
late_initcall(trace_latency_init_tracefs);
