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
 * "  + [cpu]"), the waker's stack and the time.  On the sched_switch that
 * runs that task it records the switch ("==> [cpu]") and its stack, and
 * if the wait is a new maximum (trace_latency.c) keeps the trace in the
 * max buffer.
 *
 * With options/function-trace (on by default) every traced function
 * called on the CPU the task was woken on, while it waits, gets a
 * function line too.  With options/display-graph as well those calls are
 * followed through function_graph instead, and the trace is drawn as a
 * call graph with the wakeup and the switch as comments.  Without
 * function-trace the trace holds the wakeup and the switch with their
 * stacks only.
 *
 * wakeup_lock (raw, interrupts off) guards the watched task and its
 * wakeup time; the probes test wakeup_task without it first, which is
 * enough to leave early, and re-test it under it.
 */

#include <linux/mm.h>
#include <linux/sched/deadline.h>
#include <linux/sched/rt.h>
#include <trace/events/sched.h>

#include "trace_graph.h"
#include "trace_latency.h"
#include "ftrace_internal.h"

/*
 * The one instance the three tracers may run in at a time (they share the
 * probes and the watched task): set by their init and cleared by their
 * reset, under trace_types_lock; while it is set another instance asking
 * for any of them gets -EBUSY.
 */
static struct trace_array *wakeup_trace;
static DEFINE_RAW_SPINLOCK(wakeup_lock);

/* The watched task (a reference held), where and when it was woken. */
static struct task_struct *wakeup_task;
static int wakeup_cpu;
/* function-trace: the calls on wakeup_cpu are recorded (wakeup_lock). */
static bool wakeup_following;
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

/*
 * The prev state of a wakeup record is not the waker's: raw and hex show
 * '+' in its place, as upstream.
 */
static char ctxwake_prev_state(const struct ctx_switch_entry *f)
{
	return f->ent.type == TRACE_WAKE ? '+' :
					   task_index_to_char(f->prev_state);
}

/* raw: "<prev_pid> <prev_prio> <S> <cpu> <next_pid> <next_prio> <T>" */
static enum print_line_t ctxwake_raw(struct trace_iterator *iter, int flags,
				     struct trace_event *event)
{
	struct ctx_switch_entry *f = (struct ctx_switch_entry *)iter->ent;

	trace_seq_printf(&iter->seq, "%d %d %c %d %d %d %c\n",
			 f->prev_pid, f->prev_prio,
			 ctxwake_prev_state(f), f->next_cpu,
			 f->next_pid, f->next_prio,
			 task_index_to_char(f->next_state));
	return trace_handle_return(&iter->seq);
}

/* hex: the same seven values, each as hex digits of its size */
static enum print_line_t ctxwake_hex(struct trace_iterator *iter, int flags,
				     struct trace_event *event)
{
	struct ctx_switch_entry *f = (struct ctx_switch_entry *)iter->ent;
	struct trace_seq *s = &iter->seq;
	char prev_state = ctxwake_prev_state(f);
	int next_state = task_index_to_char(f->next_state);

	trace_seq_putmem_hex(s, &f->prev_pid, sizeof(f->prev_pid));
	trace_seq_putmem_hex(s, &f->prev_prio, sizeof(f->prev_prio));
	trace_seq_putmem_hex(s, &prev_state, sizeof(prev_state));
	trace_seq_putmem_hex(s, &f->next_cpu, sizeof(f->next_cpu));
	trace_seq_putmem_hex(s, &f->next_pid, sizeof(f->next_pid));
	trace_seq_putmem_hex(s, &f->next_prio, sizeof(f->next_prio));
	trace_seq_putmem_hex(s, &next_state, sizeof(next_state));
	return trace_handle_return(s);
}

/* bin: the record's fields as they are in memory, the CPU before next */
static enum print_line_t ctxwake_bin(struct trace_iterator *iter, int flags,
				     struct trace_event *event)
{
	struct ctx_switch_entry *f = (struct ctx_switch_entry *)iter->ent;
	struct trace_seq *s = &iter->seq;

	trace_seq_putmem(s, &f->prev_pid, sizeof(f->prev_pid));
	trace_seq_putmem(s, &f->prev_prio, sizeof(f->prev_prio));
	trace_seq_putmem(s, &f->prev_state, sizeof(f->prev_state));
	trace_seq_putmem(s, &f->next_cpu, sizeof(f->next_cpu));
	trace_seq_putmem(s, &f->next_pid, sizeof(f->next_pid));
	trace_seq_putmem(s, &f->next_prio, sizeof(f->next_prio));
	trace_seq_putmem(s, &f->next_state, sizeof(f->next_state));
	return trace_handle_return(s);
}

/* The two record types differ in their arrow and S column only. */
static struct trace_event_functions ctx_funcs = {
	.trace = print_ctx, .raw = ctxwake_raw, .hex = ctxwake_hex,
	.binary = ctxwake_bin,
};

static struct trace_event_functions wake_funcs = {
	.trace = print_wake, .raw = ctxwake_raw, .hex = ctxwake_hex,
	.binary = ctxwake_bin,
};

static struct trace_event ctx_event = { .type = TRACE_CTX, .funcs = &ctx_funcs };
static struct trace_event wake_event = { .type = TRACE_WAKE, .funcs = &wake_funcs };

/* --- watching ------------------------------------------------------------------ */

/* Stop watching.  wakeup_lock. */
static void wakeup_forget(void)
{
	struct task_struct *t = wakeup_task;

	/*
	 * Under wakeup_lock; read without it by the graph callbacks on
	 * every CPU (wakeup_cpu_watched()) and by probe_switch()'s first
	 * test.  Single stores, no ordering: those readers re-test under
	 * the lock or tolerate a stale answer.
	 */
	WRITE_ONCE(wakeup_following, false);
	WRITE_ONCE(wakeup_task, NULL);
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

/*
 * Set while a probe walks the stack on this CPU, with interrupts off:
 * the function and graph callbacks leave the walk's own calls out of
 * the trace (wakeup_cpu_watched()).
 */
static DEFINE_PER_CPU(bool, wakeup_walking);

/* The stack of the probe that calls this, the probe first. */
static noinline void wakeup_record_stack(struct trace_array *tr,
					 unsigned int trace_ctx)
{
	__this_cpu_write(wakeup_walking, true);
	trace_record_kernel_stack(tr, trace_ctx, _RET_IP_, 0);
	__this_cpu_write(wakeup_walking, false);
}

static void probe_wakeup(void *ignore, struct task_struct *p)
{
	struct trace_array *tr = wakeup_trace;
	unsigned long flags;

	/*
	 * A quick test without wakeup_lock, redone under it below:
	 * tracer_enabled is flipped by wakeup_tracer_start()/wakeup_reset()
	 * (trace_types_lock), wakeup_prio stored (plainly) under
	 * wakeup_lock by this probe and wakeup_forget() on other CPUs.
	 */
	if (!READ_ONCE(tracer_enabled) || !wakeup_wanted(p) ||
	    p->prio >= READ_ONCE(wakeup_prio) || p->prio >= current->prio)
		return;
	raw_spin_lock_irqsave(&wakeup_lock, flags);
	if (tracer_enabled && p->prio < wakeup_prio) {
		wakeup_forget();
		get_task_struct(p);
		/*
		 * Read locklessly by wakeup_cpu_watched() (graph callbacks,
		 * any CPU) and probe_switch().  No smp_wmb() orders cpu
		 * before following, and the reader has no smp_rmb(): on a
		 * weakly ordered CPU a call on the previous wakeup_cpu may
		 * slip in as this watch starts.
		 */
		WRITE_ONCE(wakeup_cpu, task_cpu(p));
		WRITE_ONCE(wakeup_task, p);
		WRITE_ONCE(wakeup_following, true);
		wakeup_prio = p->prio;
		wakeup_start = trace_latency_now(tr);
		ctx_record(tr, TRACE_WAKE, current, p, task_state_index(current),
			   task_cpu(p), tracing_gen_ctx_flags(flags));
		/* who woke it, as upstream */
		wakeup_record_stack(tr, tracing_gen_ctx_flags(flags));
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

	/*
	 * Set and cleared under wakeup_lock by probe_wakeup() and
	 * wakeup_forget() on other CPUs; only compared here, then re-tested
	 * under the lock.
	 */
	if (READ_ONCE(wakeup_task) != next)
		return;
	raw_spin_lock_irqsave(&wakeup_lock, flags);
	if (!tracer_enabled || wakeup_task != next)
		goto out;
	/*
	 * The calls the switch makes from here on are not part of it.
	 * Read by wakeup_cpu_watched() on every CPU without the lock.
	 */
	WRITE_ONCE(wakeup_following, false);
	ctx_record(tr, TRACE_CTX, prev, next,
		   __task_state_index(prev_state, prev->exit_state),
		   smp_processor_id(), tracing_gen_ctx_flags(flags));
	wakeup_record_stack(tr, tracing_gen_ctx_flags(flags));
	/* And the woken task's, when it is. */
	trace_taskinfo_mark_pending();
	now = trace_latency_now(tr);
	info.latency = now - wakeup_start;
	if (trace_latency_is_new_max(tr, info.latency)) {
		info.time_start = wakeup_start;
		info.cpu = smp_processor_id();
		trace_latency_update(tr, next, &info, true);
	}
	wakeup_forget();
out:
	raw_spin_unlock_irqrestore(&wakeup_lock, flags);
}

/* --- options/function-trace and display-graph ------------------------------------ */

#ifdef CONFIG_FUNCTION_TRACER
/*
 * Is the watched task waiting, and this CPU the one it was woken on?
 * Read without wakeup_lock: a call seen just as watching starts or
 * stops is recorded or not, which does not matter.  Preemption off.
 */
static bool notrace wakeup_cpu_watched(void)
{
	/*
	 * following and cpu: written under wakeup_lock by probe_wakeup(),
	 * probe_switch() and wakeup_forget(); see probe_wakeup() for the
	 * missing order.  wakeup_walking is this CPU's, set by a probe that
	 * this callback interrupted no other way than by being called.
	 */
	return READ_ONCE(wakeup_following) &&
	       smp_processor_id() == READ_ONCE(wakeup_cpu) &&
	       !__this_cpu_read(wakeup_walking);
}

/* function-trace: every traced function called there while it waits. */
static void wakeup_function_call(unsigned long ip, unsigned long parent_ip,
				 struct ftrace_ops *op,
				 struct ftrace_regs *fregs)
{
	int bit;

	/* Cheap and racy: nothing is watched most of the time. */
	if (!READ_ONCE(wakeup_following))
		return;
	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;
	if (wakeup_cpu_watched())
		trace_latency_function(op->private, ip, parent_ip,
				       tracing_gen_ctx_dec());
	ftrace_test_recursion_unlock(bit);
}
#endif

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * display-graph: the same calls, followed to their returns.  fgraph
 * calls both with preemption off.
 */
static int notrace wakeup_graph_entry(struct ftrace_graph_ent *trace,
				      struct fgraph_ops *gops)
{
	if (!wakeup_cpu_watched())
		return 0;
	trace_graph_record_entry(gops->private, trace);
	return 1;
}

static void notrace wakeup_graph_return(struct ftrace_graph_ret *trace,
					struct fgraph_ops *gops)
{
	if (wakeup_cpu_watched())
		trace_graph_record_return(gops->private, trace);
}

static struct fgraph_ops wakeup_gops = {
	.entryfunc	= wakeup_graph_entry,
	.retfunc	= wakeup_graph_return,
	.idx		= -1,
};

static bool wakeup_display_graph(struct trace_array *tr)
{
	return tr->flags & TRACE_OPT(DISPLAY_GRAPH);
}
#else
static bool wakeup_display_graph(struct trace_array *tr)
{
	return false;
}
#endif

#ifdef CONFIG_FUNCTION_TRACER
/* How the calls on the woken task's CPU are followed. */
static struct trace_latency_calls wakeup_calls = {
	.func	= wakeup_function_call,
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	.gops	= &wakeup_gops,
#endif
};

/*
 * Follow the calls on the woken task's CPU while it waits (function-trace
 * @function), through function_graph when @graph.  trace_types_lock.
 */
static int wakeup_calls_set(struct trace_array *tr, bool function, bool graph)
{
	return trace_latency_calls_set(tr, &wakeup_calls, function, graph);
}
#else
static int wakeup_calls_set(struct trace_array *tr, bool function, bool graph)
{
	return 0;
}
#endif

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

/*
 * Start watching wakeups of @kind; with @function, follow the calls on
 * the woken task's CPU, through function_graph with @graph.
 * trace_types_lock.
 */
static int wakeup_tracer_start(struct trace_array *tr, enum wakeup_kind kind,
			       bool function, bool graph)
{
	int ret;

	if (wakeup_trace)
		return -EBUSY;
	ret = trace_latency_tracer_start(tr);
	if (ret)
		return ret;
	trace_cmdline_start();
	wakeup_kind = kind;
	ret = wakeup_calls_set(tr, function, graph);
	if (ret)
		goto fail;
	wakeup_trace = tr;
	ret = wakeup_start_probes();
	if (ret) {
		wakeup_trace = NULL;
		wakeup_calls_set(tr, false, false);
		goto fail;
	}
	/*
	 * Read by the probes on every CPU (probe_wakeup(), and under
	 * wakeup_lock by both); wakeup_trace and the probes are in place
	 * before it, the probe registration publishing them.
	 */
	WRITE_ONCE(tracer_enabled, true);
	return 0;
fail:
	trace_cmdline_stop();
	trace_latency_tracer_stop(tr);
	return ret;
}

static bool wakeup_function_trace(struct trace_array *tr)
{
	return tr->flags & TRACE_OPT(FUNCTION);
}

static int wakeup_init(struct trace_array *tr, enum wakeup_kind kind)
{
	return wakeup_tracer_start(tr, kind, wakeup_function_trace(tr),
				   wakeup_display_graph(tr));
}

static void wakeup_reset(struct trace_array *tr)
{
	unsigned long flags;

	/* probes in flight on other CPUs stop watching new wakeups */
	WRITE_ONCE(tracer_enabled, false);
	wakeup_stop_probes();
	wakeup_calls_set(tr, false, false);
	raw_spin_lock_irqsave(&wakeup_lock, flags);
	wakeup_forget();
	raw_spin_unlock_irqrestore(&wakeup_lock, flags);
	trace_latency_swap_stop(tr);
	/* not running after a restart by wakeup_flag_changed() failed */
	if (wakeup_trace)
		trace_cmdline_stop();
	wakeup_trace = NULL;
	trace_latency_tracer_stop(tr);
}

/*
 * Called before @bit of @tr changes to @on.  display-graph changes the
 * records, so the tracer starts again with empty buffers, as upstream.
 */
static int wakeup_flag_changed(struct trace_array *tr, int bit, bool on)
{
	if (bit == TRACE_OPT_FUNCTION_BIT)
		return wakeup_calls_set(tr, on, wakeup_display_graph(tr));
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	if (bit == TRACE_OPT_DISPLAY_GRAPH_BIT) {
		wakeup_reset(tr);
		return wakeup_tracer_start(tr, wakeup_kind,
					   wakeup_function_trace(tr), on);
	}
#endif
	return 0;
}

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/* display-graph draws the trace as function_graph does. */
#define WAKEUP_GRAPH_OUTPUT					\
	.print_line	= trace_graph_lat_print_line,		\
	.print_header	= trace_graph_lat_print_header,		\
	.open		= trace_graph_lat_open,			\
	.close		= trace_graph_close,
#else
#define WAKEUP_GRAPH_OUTPUT
#endif

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
	.flag_changed	= wakeup_flag_changed,
	.print_max	= true,
	.allow_instances	= true,
	WAKEUP_GRAPH_OUTPUT
};

static struct tracer wakeup_rt_tracer = {
	.name		= "wakeup_rt",
	.init		= wakeup_rt_init,
	.reset		= wakeup_reset,
	.flag_changed	= wakeup_flag_changed,
	.print_max	= true,
	.allow_instances	= true,
	WAKEUP_GRAPH_OUTPUT
};

static struct tracer wakeup_dl_tracer = {
	.name		= "wakeup_dl",
	.init		= wakeup_dl_init,
	.reset		= wakeup_reset,
	.flag_changed	= wakeup_flag_changed,
	.print_max	= true,
	.allow_instances	= true,
	WAKEUP_GRAPH_OUTPUT
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
