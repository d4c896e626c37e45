// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The wakeup latency tracers: how long a woken task waits before it runs.
 *
 *   wakeup     the highest-priority task woken, whatever its class
 *   wakeup_rt  real-time and deadline tasks only
 *   wakeup_dl  deadline tasks only
 *
 * On sched_waking of a task the tracer cares about and that has a higher
 * priority than the one it watches already (and than the waker), the
 * tracer starts watching it: it records the wakeup (a TRACE_WAKE line,
 * "  + [cpu]") and the time.  On the sched_switch that runs that task it
 * records the switch ("==> [cpu]"), and if the wait is a new maximum
 * (trace_latency.c) keeps the trace in the max buffer.
 *
 * wakeup_lock (raw, interrupts off) guards the watched task and its
 * wakeup time; the probes test wakeup_task without it first, which is
 * enough to leave early, and re-test it under it.
 */

#include <linux/mm.h>
#include <linux/sched/deadline.h>
#include <linux/sched/rt.h>
#include <trace/events/sched.h>

#include "trace_latency.h"

static struct trace_array *wakeup_trace;
static DEFINE_RAW_SPINLOCK(wakeup_lock);

/* The watched task (a reference held), where and when it was woken. */
static struct task_struct *wakeup_task;
static int wakeup_prio = MAX_PRIO;
static u64 wakeup_start;
static bool tracer_enabled;

/* Which tasks the running tracer watches. */
enum wakeup_kind { WAKEUP_ANY, WAKEUP_RT, WAKEUP_DL };
static enum wakeup_kind wakeup_kind;

/* --- records ---------------------------------------------------------------- */

static void ctx_record(struct trace_array *tr, int type,
		       struct task_struct *prev, struct task_struct *next,
		       unsigned int prev_state, int next_cpu,
		       unsigned int trace_ctx)
{
	struct ring_buffer_event *event;
	struct ctx_switch_entry *entry;

	event = trace_buffer_reserve(tr->buffer, type, sizeof(*entry),
				     trace_ctx);
	if (!event)
		return;
	entry = ring_buffer_event_data(event);
	entry->prev_pid = prev->pid;
	entry->prev_prio = prev->prio;
	entry->prev_state = prev_state;
	entry->next_pid = next->pid;
	entry->next_prio = next->prio;
	entry->next_state = task_state_index(next);
	entry->next_cpu = next_cpu;
	trace_buffer_commit(tr->buffer);
	trace_record_user_stack(tr, trace_ctx);
}

/*
 * "  <pid>:<prio>:<state>   + [<cpu>]  <pid>:<prio>:<state> <comm>" for a
 * wakeup, "==>" instead of "  +" for a switch.
 */
static enum print_line_t ctxwake_print(struct trace_iterator *iter,
				       const char *delim)
{
	struct ctx_switch_entry *f = (struct ctx_switch_entry *)iter->ent;
	char comm[TASK_COMM_LEN];

	trace_find_cmdline(f->next_pid, comm);
	trace_seq_printf(&iter->seq, "%5d:%3d:%c %s [%03u] %5d:%3d:%c %s\n",
			 f->prev_pid, f->prev_prio,
			 task_index_to_char(f->prev_state), delim, f->next_cpu,
			 f->next_pid, f->next_prio,
			 task_index_to_char(f->next_state), comm);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t print_ctx(struct trace_iterator *iter, int flags,
				   struct trace_event *event)
{
	return ctxwake_print(iter, "==>");
}

static enum print_line_t print_wake(struct trace_iterator *iter, int flags,
				    struct trace_event *event)
{
	return ctxwake_print(iter, "  +");
}

static struct trace_event_functions ctx_funcs = { .trace = print_ctx };
static struct trace_event_functions wake_funcs = { .trace = print_wake };
static struct trace_event ctx_event = { .type = TRACE_CTX, .funcs = &ctx_funcs };
static struct trace_event wake_event = { .type = TRACE_WAKE, .funcs = &wake_funcs };

/* --- watching ------------------------------------------------------------------ */

/* Stop watching.  wakeup_lock. */
static void wakeup_forget(void)
{
	struct task_struct *t = wakeup_task;

	wakeup_task = NULL;
	wakeup_prio = MAX_PRIO;
	if (t)
		put_task_struct(t);
}

static bool wakeup_wanted(struct task_struct *p)
{
	switch (wakeup_kind) {
	case WAKEUP_DL:
		return dl_task(p);
	case WAKEUP_RT:
		return dl_task(p) || rt_task(p);
	default:
		return true;
	}
}

static void probe_wakeup(void *ignore, struct task_struct *p)
{
	struct trace_array *tr = wakeup_trace;
	unsigned long flags;

	if (!READ_ONCE(tracer_enabled) || !wakeup_wanted(p) ||
	    p->prio >= READ_ONCE(wakeup_prio) || p->prio >= current->prio)
		return;
	raw_spin_lock_irqsave(&wakeup_lock, flags);
	if (tracer_enabled && p->prio < wakeup_prio) {
		wakeup_forget();
		get_task_struct(p);
		wakeup_task = p;
		wakeup_prio = p->prio;
		wakeup_start = trace_latency_now(tr);
		ctx_record(tr, TRACE_WAKE, current, p, task_state_index(current),
			   task_cpu(p), tracing_gen_ctx_flags(flags));
		/* The waker's comm is saved when it is switched out. */
		trace_taskinfo_mark_pending();
	}
	raw_spin_unlock_irqrestore(&wakeup_lock, flags);
}

static void probe_switch(void *ignore, bool preempt, struct task_struct *prev,
			 struct task_struct *next, unsigned int prev_state)
{
	struct trace_array *tr = wakeup_trace;
	struct trace_max_info info = {};
	unsigned long flags;
	u64 now;

	if (READ_ONCE(wakeup_task) != next)
		return;
	raw_spin_lock_irqsave(&wakeup_lock, flags);
	if (!tracer_enabled || wakeup_task != next)
		goto out;
	ctx_record(tr, TRACE_CTX, prev, next,
		   __task_state_index(prev_state, prev->exit_state),
		   smp_processor_id(), tracing_gen_ctx_flags(flags));
	/* And the woken task's, when it is. */
	trace_taskinfo_mark_pending();
	now = trace_latency_now(tr);
	info.latency = now - wakeup_start;
	if (trace_latency_is_new_max(info.latency)) {
		info.time_start = wakeup_start;
		info.cpu = smp_processor_id();
		trace_latency_update(tr, next, &info, true);
	}
	wakeup_forget();
out:
	raw_spin_unlock_irqrestore(&wakeup_lock, flags);
}

/* --- the tracers --------------------------------------------------------------- */

/* Detach the probes; one that is not attached is skipped (-ENOENT). */
static void wakeup_stop_probes(void)
{
	unregister_trace_sched_switch(probe_switch, NULL);
	unregister_trace_sched_wakeup_new(probe_wakeup, NULL);
	unregister_trace_sched_waking(probe_wakeup, NULL);
	tracepoint_synchronize_unregister();
}

static int wakeup_start_probes(void)
{
	int ret;

	ret = register_trace_sched_waking(probe_wakeup, NULL);
	ret = ret ?: register_trace_sched_wakeup_new(probe_wakeup, NULL);
	ret = ret ?: register_trace_sched_switch(probe_switch, NULL);
	if (ret)
		wakeup_stop_probes();
	return ret;
}

static int wakeup_init(struct trace_array *tr, enum wakeup_kind kind)
{
	int ret = trace_latency_tracer_start(tr);

	if (ret)
		return ret;
	trace_cmdline_start();
	wakeup_trace = tr;
	wakeup_kind = kind;
	ret = wakeup_start_probes();
	if (ret)
		return ret;
	WRITE_ONCE(tracer_enabled, true);
	return 0;
}

static void wakeup_reset(struct trace_array *tr)
{
	unsigned long flags;

	WRITE_ONCE(tracer_enabled, false);
	wakeup_stop_probes();
	raw_spin_lock_irqsave(&wakeup_lock, flags);
	wakeup_forget();
	raw_spin_unlock_irqrestore(&wakeup_lock, flags);
}

static int wakeup_any_init(struct trace_array *tr)
{
	return wakeup_init(tr, WAKEUP_ANY);
}

static int wakeup_rt_init(struct trace_array *tr)
{
	return wakeup_init(tr, WAKEUP_RT);
}

static int wakeup_dl_init(struct trace_array *tr)
{
	return wakeup_init(tr, WAKEUP_DL);
}

static struct tracer wakeup_tracer = {
	.name		= "wakeup",
	.init		= wakeup_any_init,
	.reset		= wakeup_reset,
	.print_max	= true,
};

static struct tracer wakeup_rt_tracer = {
	.name		= "wakeup_rt",
	.init		= wakeup_rt_init,
	.reset		= wakeup_reset,
	.print_max	= true,
};

static struct tracer wakeup_dl_tracer = {
	.name		= "wakeup_dl",
	.init		= wakeup_dl_init,
	.reset		= wakeup_reset,
	.print_max	= true,
};

static __init int init_wakeup_tracer(void)
{
	int ret;

	if (tracing_disabled)
		return 0;
	if (!register_trace_event(&ctx_event) ||
	    !register_trace_event(&wake_event))
		pr_warn("wakeup tracer: could not register its output\n");
	ret = register_tracer(&wakeup_tracer);
	ret = ret ?: register_tracer(&wakeup_rt_tracer);
	return ret ?: register_tracer(&wakeup_dl_tracer);
}
core_initcall(init_wakeup_tracer);
