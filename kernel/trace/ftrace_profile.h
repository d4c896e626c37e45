/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The function profiler's interface to what feeds it.
 *
 * The profiler (ftrace_profile.c) keeps, per CPU, a hit count and the
 * sum and sum of squares of the durations of every function it saw.  A
 * backend feeds it: by default an ftrace_ops on every function's entry,
 * which counts hits only.  A backend that also sees returns
 * (ftrace_profile_graph.c, on fgraph, when the function graph tracer is
 * built in) registers itself with ftrace_profile_set_backend() and
 * reports each call's duration; then trace_stat/functionN shows the
 * Time, Avg and s^2 columns too.
 */
#ifndef _KERNEL_TRACE_FTRACE_PROFILE_H
#define _KERNEL_TRACE_FTRACE_PROFILE_H

#include <linux/types.h>

/**
 * struct ftrace_profile_backend - what feeds the function profiler
 * @start: begin calling ftrace_profile_hit() (and
 *         ftrace_profile_time() if @timed); 0 or -errno
 * @stop:  stop; no CPU is in a call into the profiler when it returns
 * @timed: the backend reports durations
 */
struct ftrace_profile_backend {
	int	(*start)(void);
	void	(*stop)(void);
	bool	timed;
};

/*
 * Use @backend from the next time the profiler is enabled.  @backend
 * must stay valid for good.
 */
void ftrace_profile_set_backend(const struct ftrace_profile_backend *backend);

/* Count one call of the function at @ip.  Any context. */
void ftrace_profile_hit(unsigned long ip);

/* Add @ns to the time of the function at @ip.  Any context. */
void ftrace_profile_time(unsigned long ip, u64 ns);

#if defined(CONFIG_FUNCTION_PROFILER) && defined(CONFIG_FUNCTION_GRAPH_TRACER)
/*
 * The top level's sleep-time option for the profiler's times: false
 * leaves out the time a task spends scheduled out.  0 or -ENOMEM.
 */
int ftrace_profile_sleep_time(bool on);
#else
static inline int ftrace_profile_sleep_time(bool on)
{
	return 0;
}
#endif

#endif /* _KERNEL_TRACE_FTRACE_PROFILE_H */
