// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The function profiler's timed backend: an fgraph user that counts each
 * call at its entry and adds its duration at its return, so that
 * trace_stat/function<cpu> shows times.
 *
 * The top level's options shape the times:
 *   sleep-time  off: the time a task spends scheduled out inside a call
 *               is left out (fgraph moves the call's calltime forward);
 *   graph-time  off: a call's time leaves out the time of the calls it
 *               made that the profiler followed, so a function is
 *               charged only for its own code.
 * For graph-time each followed call keeps, in its fgraph frame word
 * (fgraph_frame_data()), the sum of its children's durations; a return
 * adds its own duration to its parent's word.  Both words belong to
 * current, so no lock is needed.
 */

#include <linux/ftrace.h>
#include <linux/init.h>

#include "trace.h"
#include "ftrace_internal.h"
#include "ftrace_profile.h"

static int notrace profile_graph_entry(struct ftrace_graph_ent *trace,
				       struct fgraph_ops *gops)
{
	ftrace_profile_hit(trace->func);
	return 1;
}

/* The time of the call alone: @ns less the time of its children. */
static u64 notrace profile_graph_self_time(struct fgraph_ops *gops, u64 ns)
{
	u64 *children = fgraph_frame_data(gops, 0);
	u64 *parent = fgraph_frame_data(gops, 1);

	if (parent)
		*parent += ns;
	if (!children)
		return ns;
	return *children < ns ? ns - *children : 0;
}

static void notrace profile_graph_return(struct ftrace_graph_ret *trace,
					 struct fgraph_ops *gops)
{
	u64 ns = trace->rettime - trace->calltime;

	/*
	 * Option bits are flipped by trace_set_opt() (trace_types_lock)
	 * while returns run on any CPU: one value per return, no ordering.
	 */
	if (!(READ_ONCE(global_trace.flags) & TRACE_OPT(GRAPH_TIME)))
		ns = profile_graph_self_time(gops, ns);
	ftrace_profile_time(trace->func, ns);
}

/* no_sleep_time follows the top level's sleep-time (fgraph_lock). */
static struct fgraph_ops profile_gops = {
	.entryfunc	= profile_graph_entry,
	.retfunc	= profile_graph_return,
	.idx		= -1,
};

/* The top level's set_ftrace_filter and set_ftrace_notrace, as upstream's. */
static int profile_graph_start(void)
{
	ftrace_ops_set_global_filter(&profile_gops.ops);
	return register_ftrace_graph(&profile_gops);
}

static void profile_graph_stop(void)
{
	unregister_ftrace_graph(&profile_gops);
}

static const struct ftrace_profile_backend profile_graph_backend = {
	.start	= profile_graph_start,
	.stop	= profile_graph_stop,
	.timed	= true,
};

/**
 * ftrace_profile_sleep_time - the top level's sleep-time, for the profiler
 * @on: count the time a task spends scheduled out in the calls' times
 *
 * Return: 0, or -ENOMEM if the sched_switch probe this needs could not
 * be registered.
 */
int ftrace_profile_sleep_time(bool on)
{
	return fgraph_set_sleep_time(&profile_gops, on);
}

static __init int ftrace_profile_graph_init(void)
{
	ftrace_profile_set_backend(&profile_graph_backend);
	return 0;
}
core_initcall(ftrace_profile_graph_init);
