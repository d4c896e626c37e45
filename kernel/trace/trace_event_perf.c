// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Trace events as perf events (perf stat/record -e <system>:<event>):
 * what perf core's "tracepoint" PMU calls.
 *
 * perf_trace_init() finds the event by the id in attr.config and, for its
 * first perf user, attaches the event's perf probe (TRACE_REG_PERF_REGISTER)
 * and gives it a per-CPU list of the perf events to feed.  add/del put a
 * perf event on and off the list of the CPU it is scheduled on.  The probe
 * builds its record in a per-CPU scratch buffer, one per context (task,
 * softirq, irq, NMI) so that nesting contexts do not overwrite each other,
 * and hands it to perf_tp_event().
 *
 * event_mutex guards the reference counts and the allocation of the lists
 * and buffers; the probe reads them under sched-RCU (it runs with
 * preemption disabled) and perf core guards the per-CPU lists.
 */

#include <linux/module.h>
#include <linux/kprobes.h>

#include "trace.h"
#include "trace_events_filter.h"

/* A scratch buffer: the largest record perf takes. */
struct perf_trace_buf {
	unsigned long	data[PERF_MAX_TRACE_SIZE / sizeof(unsigned long)];
};

/* The scratch buffers, one per recursion context; while any user exists. */
static struct perf_trace_buf __percpu *perf_trace_buf[PERF_NR_CONTEXTS];
static int total_ref_count;

/* Registers for the perf sample, one set per context. */
static DEFINE_PER_CPU(struct pt_regs, perf_trace_regs_ctx[PERF_NR_CONTEXTS]);

static int perf_trace_event_perm(struct trace_event_call *tp_event,
				 struct perf_event *p_event)
{
	int ret;

	if (tp_event->perf_perm) {
		ret = tp_event->perf_perm(tp_event, p_event);
		if (ret)
			return ret;
	}
	/* An inherited event was checked when its parent was made. */
	if (p_event->parent)
		return 0;
	/* Counting alone shows no data of other tasks. */
	if (!(p_event->attr.sample_type & PERF_SAMPLE_RAW))
		return 0;
	if ((p_event->attach_state & PERF_ATTACH_TASK) &&
	    (tp_event->flags & TRACE_EVENT_FL_CAP_ANY))
		return 0;
	return perf_allow_tracepoint();
}

static void perf_buffers_free(void)
{
	int i;

	for (i = 0; i < PERF_NR_CONTEXTS; i++) {
		free_percpu(perf_trace_buf[i]);
		perf_trace_buf[i] = NULL;
	}
}

/* A perf user more on @tp_event.  event_mutex. */
static int perf_trace_event_reg(struct trace_event_call *tp_event)
{
	struct hlist_head __percpu *list;
	int cpu, i, ret;

	if (tp_event->perf_refcount++ > 0)
		return 0;

	ret = -ENOMEM;
	list = alloc_percpu(struct hlist_head);
	if (!list)
		goto fail;
	for_each_possible_cpu(cpu)
		INIT_HLIST_HEAD(per_cpu_ptr(list, cpu));
	tp_event->perf_events = list;

	if (!total_ref_count) {
		for (i = 0; i < PERF_NR_CONTEXTS; i++) {
			perf_trace_buf[i] = alloc_percpu(struct perf_trace_buf);
			if (!perf_trace_buf[i]) {
				perf_buffers_free();
				goto fail;
			}
		}
	}

	ret = tp_event->class->reg(tp_event, TRACE_REG_PERF_REGISTER, NULL);
	if (ret) {
		if (!total_ref_count)
			perf_buffers_free();
		goto fail;
	}
	total_ref_count++;
	return 0;

fail:
	free_percpu(tp_event->perf_events);
	tp_event->perf_events = NULL;
	tp_event->perf_refcount--;
	return ret;
}

/* A perf user less on @tp_event.  event_mutex. */
static void perf_trace_event_unreg(struct perf_event *p_event)
{
	struct trace_event_call *tp_event = p_event->tp_event;

	if (--tp_event->perf_refcount > 0)
		return;
	tp_event->class->reg(tp_event, TRACE_REG_PERF_UNREGISTER, NULL);
	/* No probe may still use the list or the buffers. */
	tracepoint_synchronize_unregister();
	free_percpu(tp_event->perf_events);
	tp_event->perf_events = NULL;
	if (!--total_ref_count)
		perf_buffers_free();
}

/*
 * Make @p_event a perf user of @tp_event: check that it may be, attach
 * the event's perf probe for the first user, then open.  event_mutex.
 */
static int perf_trace_event_attach(struct trace_event_call *tp_event,
				   struct perf_event *p_event)
{
	int ret = perf_trace_event_perm(tp_event, p_event);

	if (ret)
		return ret;
	p_event->tp_event = tp_event;
	ret = perf_trace_event_reg(tp_event);
	if (!ret) {
		ret = tp_event->class->reg(tp_event, TRACE_REG_PERF_OPEN,
					   p_event);
		if (ret)
			perf_trace_event_unreg(p_event);
	}
	/* A local @tp_event is freed when this fails. */
	if (ret)
		p_event->tp_event = NULL;
	return ret;
}

/* Undo perf_trace_event_attach().  event_mutex. */
static void perf_trace_event_detach(struct perf_event *p_event)
{
	struct trace_event_call *tp_event = p_event->tp_event;

	tp_event->class->reg(tp_event, TRACE_REG_PERF_CLOSE, p_event);
	perf_trace_event_unreg(p_event);
}

/**
 * perf_trace_init - bind a perf event to the trace event attr.config names
 * @p_event: the perf event (PERF_TYPE_TRACEPOINT)
 *
 * Return: 0, -ENOENT for an unknown id, -EPERM/-EACCES when not allowed,
 * -ENOMEM, or the probe's -errno.
 */
int perf_trace_init(struct perf_event *p_event)
{
	struct trace_event_call *tp_event;
	u64 id = p_event->attr.config;
	int ret;

	guard(mutex)(&event_mutex);
	list_for_each_entry(tp_event, &ftrace_events, list) {
		if (tp_event->event.type != id || !tp_event->class ||
		    !tp_event->class->reg)
			continue;
		if (!trace_event_try_get_ref(tp_event))
			return -ENOENT;
		ret = perf_trace_event_attach(tp_event, p_event);
		if (ret)
			trace_event_put_ref(tp_event);
		return ret;
	}
	return -ENOENT;
}

/**
 * perf_trace_destroy - undo perf_trace_init()
 * @p_event: the perf event
 */
void perf_trace_destroy(struct perf_event *p_event)
{
	struct trace_event_call *tp_event = p_event->tp_event;

	guard(mutex)(&event_mutex);
	perf_trace_event_detach(p_event);
	trace_event_put_ref(tp_event);
}

/**
 * perf_trace_local_init - bind a perf event to a trace event of its own
 * @p_event: the perf event (the kprobe or uprobe PMU's)
 * @call: the event, made for @p_event alone: in no list, no tracefs
 *	file, no other perf event uses it
 *
 * Return: 0, -EPERM/-EACCES when not allowed, -ENOMEM, or the probe's
 * -errno.
 */
int perf_trace_local_init(struct perf_event *p_event,
			  struct trace_event_call *call)
{
	guard(mutex)(&event_mutex);
	return perf_trace_event_attach(call, p_event);
}

/**
 * perf_trace_local_destroy - undo perf_trace_local_init()
 * @p_event: the perf event; its ->tp_event may be freed afterwards
 */
void perf_trace_local_destroy(struct perf_event *p_event)
{
	guard(mutex)(&event_mutex);
	perf_trace_event_detach(p_event);
}

/**
 * perf_trace_add - the perf event is scheduled in on this CPU
 * @p_event: the perf event
 * @flags:   PERF_EF_*
 *
 * Return: 0.
 */
int perf_trace_add(struct perf_event *p_event, int flags)
{
	struct trace_event_call *tp_event = p_event->tp_event;

	if (!(flags & PERF_EF_START))
		p_event->hw.state = PERF_HES_STOPPED;
	if (!tp_event->class->reg(tp_event, TRACE_REG_PERF_ADD, p_event))
		hlist_add_head_rcu(&p_event->hlist_entry,
				   this_cpu_ptr(tp_event->perf_events));
	return 0;
}

/**
 * perf_trace_del - the perf event is scheduled out
 * @p_event: the perf event
 * @flags:   PERF_EF_*
 */
void perf_trace_del(struct perf_event *p_event, int flags)
{
	struct trace_event_call *tp_event = p_event->tp_event;

	if (!tp_event->class->reg(tp_event, TRACE_REG_PERF_DEL, p_event))
		hlist_del_rcu(&p_event->hlist_entry);
}

/**
 * perf_trace_buf_alloc - the scratch buffer for a record of @size bytes
 * @size:  the record's size, at most PERF_MAX_TRACE_SIZE
 * @regs:  gets registers to fill for the sample, if not NULL
 * @rctxp: gets the recursion context, for perf_trace_buf_submit()
 *
 * The last u64 of the record is zeroed: it may hold alignment padding
 * nobody writes.
 *
 * Return: the buffer, or NULL (too big, or the context is already busy).
 */
void *perf_trace_buf_alloc(int size, struct pt_regs **regs, int *rctxp)
{
	int ctx = perf_swevent_get_recursion_context();
	unsigned long *tail;
	char *buf;

	*rctxp = ctx;
	if (ctx < 0)
		return NULL;
	if (WARN_ONCE(size > PERF_MAX_TRACE_SIZE,
		      "perf: a %d-byte trace record does not fit %d bytes",
		      size, PERF_MAX_TRACE_SIZE)) {
		perf_swevent_put_recursion_context(ctx);
		return NULL;
	}

	buf = (char *)this_cpu_ptr(perf_trace_buf[ctx]);
	tail = (unsigned long *)(buf + round_down(max(size, 8) - 1, 8));
	*tail = 0;
	if (regs)
		*regs = this_cpu_ptr(&perf_trace_regs_ctx[ctx]);
	return buf;
}
EXPORT_SYMBOL_GPL(perf_trace_buf_alloc);
NOKPROBE_SYMBOL(perf_trace_buf_alloc);

/**
 * perf_trace_event_begin - start the perf record of a trace event
 * @call:  the event
 * @task:  the task the sample is for (__perf_task()), or NULL
 * @size:  the record's size; rounded so that perf's u32 size word and
 *         the record end on a u64 boundary
 * @regs:  gets the registers to fill in
 * @rctx:  gets the recursion context
 *
 * Called by the perf probes of <trace/perf.h>.
 *
 * Return: the record to fill in, or NULL when no perf event wants it.
 */
void *perf_trace_event_begin(struct trace_event_call *call,
			     struct task_struct *task, int *size,
			     struct pt_regs **regs, int *rctx)
{
	if (!task && hlist_empty(this_cpu_ptr(call->perf_events)))
		return NULL;
	*size = round_up(*size + sizeof(u32), sizeof(u64)) - sizeof(u32);
	return perf_trace_buf_alloc(*size, regs, rctx);
}
EXPORT_SYMBOL_GPL(perf_trace_event_begin);

/**
 * perf_trace_event_end - give a record from perf_trace_event_begin() to perf
 * @record: the record
 * @size:   its size, as perf_trace_event_begin() rounded it
 * @rctx:   the recursion context
 * @call:   the event
 * @count:  the sample's count (__perf_count(), else 1)
 * @regs:   the registers
 * @task:   the task the sample is for, or NULL
 */
void perf_trace_event_end(void *record, int size, int rctx,
			  struct trace_event_call *call, u64 count,
			  struct pt_regs *regs, struct task_struct *task)
{
	perf_trace_run_bpf_submit(record, size, rctx, call, count, regs,
				  this_cpu_ptr(call->perf_events), task);
}
EXPORT_SYMBOL_GPL(perf_trace_event_end);

/**
 * perf_trace_buf_update - fill in the struct trace_entry of a perf record
 * @record: the record
 * @type:   its event id
 */
void perf_trace_buf_update(void *record, u16 type)
{
	tracing_generic_entry_update(record, type, tracing_gen_ctx());
}

NOKPROBE_SYMBOL(perf_trace_buf_update);

/**
 * ftrace_profile_set_filter - set a perf event's filter
 * @event:      the perf event, of a trace event
 * @event_id:   its trace event id
 * @filter_str: the filter, in the language of events/.../filter
 *
 * perf core calls it (PERF_EVENT_IOC_SET_FILTER) before the event runs;
 * its samples are then only the records the filter passes.
 *
 * Return: 0, -EINVAL for a filter that does not parse, -EEXIST if the
 * event has a filter already, -ENOMEM.
 */
int ftrace_profile_set_filter(struct perf_event *event, int event_id,
			      char *filter_str)
{
	struct trace_event_call *call = event->tp_event;
	struct filter_parse_error pe;
	struct event_filter *filter;

	if (!call || call->event.type != event_id)
		return -EINVAL;
	guard(mutex)(&event_mutex);
	if (event->filter)
		return -EEXIST;
	filter = filter_parse(call, strim(filter_str), &pe);
	if (IS_ERR(filter))
		return PTR_ERR(filter);
	event->filter = filter;
	return 0;
}

/**
 * ftrace_profile_free_filter - free a perf event's filter
 * @event: the perf event, no longer running
 */
void ftrace_profile_free_filter(struct perf_event *event)
{
	filter_free(event->filter);
	event->filter = NULL;
}
