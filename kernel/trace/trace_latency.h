/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * What the latency tracers (irqsoff, preemptoff, preemptirqsoff, wakeup,
 * wakeup_rt, wakeup_dl) share: the maximum latency seen so far, the
 * threshold, the swap of the trace into the snapshot buffer when a new
 * maximum is seen, and the context switch and wakeup records.
 *
 * The latency tracers run in the top-level instance only.  Their trace is
 * read from the snapshot buffer ("max buffer"): the "trace" file of a
 * tracer with print_max set shows it, in the latency format.
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

/**
 * struct trace_max_info - the latency the max buffer holds the trace of
 * @latency:        in nanoseconds
 * @time_start:     trace clock time the latency started at: earlier
 *                  records in the max buffer are left out of "trace"
 * @critical_start: where it started (irqsoff tracers), or 0
 * @critical_end:   where it ended
 * @cpu:            the CPU it was measured on
 * @comm:           the task it was measured in (for wakeup: woken up)
 * @pid:            its pid
 * @uid:            its uid
 * @nice:           its nice value
 * @policy:         its scheduling policy
 * @rt_priority:    its real-time priority
 */
struct trace_max_info {
	u64		latency;
	u64		time_start;
	unsigned long	critical_start;
	unsigned long	critical_end;
	int		cpu;
	char		comm[TASK_COMM_LEN];
	pid_t		pid;
	uid_t		uid;
	long		nice;
	unsigned int	policy;
	unsigned int	rt_priority;
};

#ifdef CONFIG_TRACER_MAX_TRACE
/*
 * trace_max_lock guards the maximum (tracing_max_latency and the info
 * the header shows) and the swap of rings into the snapshot buffer; the
 * snapshot pins (trace_snapshot_pin()) are counted under it too, so that
 * a latency tracer never swaps a ring a reader is walking.  Taken with
 * interrupts off from any context but NMI.
 */
extern raw_spinlock_t trace_max_lock;

/* tracing_thresh in nanoseconds: when set, every latency above it counts. */
extern u64 tracing_thresh;

u64 trace_latency_max(void);
void trace_latency_reset(void);
bool trace_latency_is_new_max(u64 delta);
u64 trace_latency_now(struct trace_array *tr);
void trace_latency_update(struct trace_array *tr, struct task_struct *tsk,
			  const struct trace_max_info *info, bool all_cpus);
void trace_latency_info(struct trace_max_info *info);
int trace_latency_tracer_start(struct trace_array *tr);
void trace_latency_function(struct trace_array *tr, unsigned long ip,
			    unsigned long parent_ip, unsigned int trace_ctx);
u64 trace_latency_time_start(void);
void trace_latency_graph_leaf(struct trace_array *tr, unsigned long ip);
#else
static inline void trace_latency_info(struct trace_max_info *info)
{
	memset(info, 0, sizeof(*info));
}

static inline u64 trace_latency_time_start(void)
{
	return 0;
}
#endif

#endif /* _KERNEL_TRACE_TRACE_LATENCY_H */
