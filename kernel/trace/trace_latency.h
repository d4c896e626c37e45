/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * What the latency tracers (irqsoff, preemptoff, preemptirqsoff, wakeup,
 * wakeup_rt, wakeup_dl) share: the maximum latency seen so far, the
 * threshold, the swap of the trace into the snapshot buffer when a new
 * maximum is seen, and the context switch and wakeup records.
 *
 * A latency tracer runs in one instance at a time, the top level or any
 * other (a second one asking gets -EBUSY); each instance has its own
 * maximum (tracing_max_latency) and snapshot.  Their trace is read from
 * the snapshot buffer ("max buffer"): the "trace" file of a tracer with
 * print_max set shows it, in the latency format.
 */
#ifndef _KERNEL_TRACE_TRACE_LATENCY_H
#define _KERNEL_TRACE_TRACE_LATENCY_H

#include <linux/sched.h>
#include <linux/seq_file.h>

#include "trace.h"

/*
 * TRACE_CTX: a context switch, prev -> next; TRACE_WAKE: the current
 * task (prev_*) woke next_* up on next_cpu.  Priorities are the kernel's
 * (0-139), states task_state_index().
 */
struct ctx_switch_entry {
	struct trace_entry	ent;
	unsigned int		prev_pid;
	unsigned int		next_pid;
	unsigned int		next_cpu;
	unsigned char		prev_prio;
	unsigned char		prev_state;
	unsigned char		next_prio;
	unsigned char		next_state;
};

#ifdef CONFIG_FUNCTION_TRACER
enum trace_latency_calls_mode {
	TRACE_LATENCY_CALLS_NONE,
	TRACE_LATENCY_CALLS_FUNCTION,	/* the instance's ftrace_ops */
	TRACE_LATENCY_CALLS_GRAPH,	/* the tracer's fgraph_ops */
};

/**
 * struct trace_latency_calls - how a latency tracer follows calls
 * @func: options/function-trace's callback
 * @gops: options/display-graph's fgraph_ops (unused without
 *        CONFIG_FUNCTION_GRAPH_TRACER)
 * @mode: what is registered now (trace_types_lock)
 */
struct trace_latency_calls {
	ftrace_func_t			func;
	struct fgraph_ops		*gops;
	enum trace_latency_calls_mode	mode;
};

int trace_latency_calls_set(struct trace_array *tr,
			    struct trace_latency_calls *calls,
			    bool function, bool graph);
#endif

#ifdef CONFIG_TRACER_MAX_TRACE
/*
 * trace_max_lock guards every instance's maximum (tr->max_latency and
 * tr->max_info, which the header shows) and the swap of rings into its
 * snapshot buffer; the
 * snapshot pins (trace_snapshot_pin()) are counted under it too, so that
 * a latency tracer never swaps a ring a reader is walking.  Taken with
 * interrupts off from any context but NMI.
 */
extern raw_spinlock_t trace_max_lock;

/* tracing_thresh in nanoseconds: when set, every latency above it counts. */
extern u64 tracing_thresh;

u64 trace_latency_max(struct trace_array *tr);
void trace_latency_reset(struct trace_array *tr);
bool trace_latency_is_new_max(struct trace_array *tr, u64 delta);
u64 trace_latency_now(struct trace_array *tr);
void trace_latency_update(struct trace_array *tr, struct task_struct *tsk,
			  const struct trace_max_info *info, bool all_cpus);
void trace_latency_info(struct trace_array *tr, struct trace_max_info *info);
bool trace_latency_swap(struct trace_array *tr, bool all_cpus);
void trace_latency_swap_stop(struct trace_array *tr);
int trace_latency_tracer_start(struct trace_array *tr);
void trace_latency_tracer_stop(struct trace_array *tr);
void trace_latency_function(struct trace_array *tr, unsigned long ip,
			    unsigned long parent_ip, unsigned int trace_ctx);
u64 trace_latency_time_start(struct trace_array *tr);
void trace_latency_graph_leaf(struct trace_array *tr, unsigned long ip);
#else
static inline void trace_latency_info(struct trace_array *tr,
				      struct trace_max_info *info)
{
	memset(info, 0, sizeof(*info));
}

static inline u64 trace_latency_time_start(struct trace_array *tr)
{
	return 0;
}
#endif

#endif /* _KERNEL_TRACE_TRACE_LATENCY_H */
