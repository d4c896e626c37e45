// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The "function_graph" tracer: a TRACE_GRAPH_ENT record when a traced
 * function is entered and a TRACE_GRAPH_RET record when it returns,
 * with both times and its return value; trace_graph_output.c draws them
 * as a call graph.
 *
 * Each instance has its own struct trace_graph and fgraph_ops.  Which
 * functions are entered at all is the instance's set_ftrace_filter and
 * set_ftrace_notrace (the fgraph_ops' ftrace_ops shares their hashes);
 * the entry callback then applies set_ftrace_pid, set_graph_function,
 * set_graph_notrace, max_graph_depth and funcgraph-irqs.  Unlike
 * upstream Linux, where the last three exist only at the top level,
 * every instance has its own.
 *
 * With tracing_thresh set, entries are not recorded, and a return only
 * when its call took at least that long; both callbacks read it each
 * time, so a change takes effect at once, as upstream's re-start of the
 * tracer on a write of tracing_thresh does.  With sleep-time off, fgraph
 * moves calltime forward by the time the task spends scheduled out.
 *
 * Per task, the callbacks keep one word (fgraph_get_task_var(), inline
 * as trace_graph_task_var()): whether the task is inside a
 * set_graph_function function, or inside a set_graph_notrace one, and at
 * which depth that call is, so the state ends with that call's return.
 */

#include <linux/ftrace.h>
#include <linux/slab.h>

#include "trace.h"
#include "trace_graph.h"
#include "ftrace_internal.h"
#include "ftrace_profile.h"

/* Bits of the per-task word. */
#define TG_IN_FILTER		BIT(0)	/* inside a set_graph_function call */
#define TG_IN_NOTRACE		BIT(1)	/* inside a set_graph_notrace call */
#define TG_FILTER_SHIFT		8	/* ... at this depth (8 bits) */
#define TG_NOTRACE_SHIFT	16	/* ... and this one */
#define TG_DEPTH_MASK		0xffUL

static inline int tg_depth(unsigned long var, int shift)
{
	return (var >> shift) & TG_DEPTH_MASK;
}

/*
 * A TRACE_GRAPH_ENT record of @trace into @tr, from the callback's context;
 * @guarded and @now (its time, or 0) as __trace_buffer_reserve_at().
 */
static __always_inline void graph_record_entry(struct trace_array *tr,
					       struct ftrace_graph_ent *trace,
					       bool guarded, u64 now)
{
	struct ftrace_graph_ent_entry *entry;
	struct ring_buffer_event *event;

	event = __trace_buffer_reserve_at(tr->buffer, TRACE_GRAPH_ENT,
					  sizeof(*entry), trace_ctx_now(),
					  guarded, now);
	if (!event)
		return;
	entry = trace_reserved_payload(event, sizeof(*entry));
	entry->graph_ent = *trace;
	__trace_buffer_commit(tr->buffer, guarded);
	trace_taskinfo_mark_pending();
}

/* A TRACE_GRAPH_ENT record of @trace into @tr, from any context. */
void notrace trace_graph_record_entry(struct trace_array *tr,
				      struct ftrace_graph_ent *trace)
{
	graph_record_entry(tr, trace, false, 0);
}

/*
 * A TRACE_GRAPH_RET record of @trace into @tr, from the callback's
 * context, at @trace's return time.
 */
void notrace trace_graph_record_return(struct trace_array *tr,
				       struct ftrace_graph_ret *trace)
{
	struct ftrace_graph_ret_entry *entry;
	struct ring_buffer_event *event;

	event = __trace_buffer_reserve_at(tr->buffer, TRACE_GRAPH_RET,
					  sizeof(*entry), trace_ctx_now(),
					  false, trace->rettime);
	if (!event)
		return;
	entry = trace_reserved_payload(event, sizeof(*entry));
	entry->ret = *trace;
	trace_buffer_commit(tr->buffer);
}

/*
 * set_graph_function: outside such a call, only its functions start a
 * graph.  Return: false to skip @trace.
 */
static bool notrace trace_graph_filter_enter(struct trace_graph *g,
					     struct ftrace_graph_ent *trace,
					     unsigned long *var)
{
	struct ftrace_hash *hash = rcu_dereference_raw(g->filter_hash);

	if (ftrace_hash_empty(hash) || (*var & TG_IN_FILTER))
		return true;
	if (!ftrace_hash_contains(hash, trace->func))
		return false;
	*var |= TG_IN_FILTER |
		((unsigned long)trace->depth << TG_FILTER_SHIFT);
	return true;
}

static int notrace trace_graph_entry(struct ftrace_graph_ent *trace,
				     struct fgraph_ops *gops)
{
	struct trace_graph *g = container_of(gops, struct trace_graph, gops);
	unsigned long *var = trace_graph_task_var(gops);
	struct trace_array *tr = g->tr;
	struct ftrace_hash *notrace_hash;
	/* set by the max_graph_depth file (max_depth_set()), any time */
	int max_depth = READ_ONCE(g->max_depth);

	if (!var || (*var & TG_IN_NOTRACE) || !tr->buffer)
		return 0;
	if (trace->depth > TG_DEPTH_MASK)
		return 0;
	/* Followed to its return, only to end the notrace state there. */
	notrace_hash = rcu_dereference_raw(g->notrace_hash);
	if (unlikely(!ftrace_hash_empty(notrace_hash)) &&
	    ftrace_hash_contains(notrace_hash, trace->func)) {
		*var |= TG_IN_NOTRACE |
			((unsigned long)trace->depth << TG_NOTRACE_SHIFT);
		return 1;
	}
	if (!ftrace_pid_traced(tr))
		return 0;
	if (max_depth && trace->depth >= max_depth)
		return 0;
	/* option bits: trace_set_opt() flips them under trace_types_lock */
	if (!(READ_ONCE(tr->flags) & TRACE_OPT(FUNCGRAPH_IRQS)) &&
	    in_hardirq())
		return 0;
	if (!trace_graph_filter_enter(g, trace, var))
		return 0;
	/*
	 * Only returns are recorded under tracing_thresh.  Entry callbacks
	 * run under ftrace_graph_func()'s ftrace_test_recursion_trylock().
	 */
	if (!trace_graph_thresh())
		graph_record_entry(tr, trace, true,
				   fgraph_ent_calltime(trace));
	return 1;
}

static void notrace trace_graph_return(struct ftrace_graph_ret *trace,
				       struct fgraph_ops *gops)
{
	struct trace_graph *g = container_of(gops, struct trace_graph, gops);
	unsigned long *var = trace_graph_task_var(gops);
	u64 thresh;

	if (!var)
		return;
	if (*var & TG_IN_NOTRACE) {
		if (tg_depth(*var, TG_NOTRACE_SHIFT) == trace->depth)
			*var &= ~(TG_IN_NOTRACE |
				  (TG_DEPTH_MASK << TG_NOTRACE_SHIFT));
		return;
	}
	thresh = trace_graph_thresh();
	if (!thresh || trace->rettime - trace->calltime >= thresh)
		trace_graph_record_return(g->tr, trace);
	if ((*var & TG_IN_FILTER) &&
	    tg_depth(*var, TG_FILTER_SHIFT) == trace->depth)
		*var &= ~(TG_IN_FILTER | (TG_DEPTH_MASK << TG_FILTER_SHIFT));
}

/*
 * The top level's state lives in kernel data, so that unregistering its
 * ftrace_ops needs no wait for tasks preempted in its callback (only
 * freeable ops need that); instances allocate theirs.
 */
static struct trace_graph global_graph;

/* @tr's function_graph state, without its files; @tr's ftrace ops exists. */
static int trace_graph_init_state(struct trace_array *tr)
{
	struct trace_graph *g;

	if (tr->graph)
		return 0;
	g = tr == &global_trace ? &global_graph : kzalloc(sizeof(*g), GFP_KERNEL);
	if (!g)
		return -ENOMEM;
	g->tr = tr;
	g->filter_hash = EMPTY_HASH;
	g->notrace_hash = EMPTY_HASH;
	g->gops.entryfunc = trace_graph_entry;
	g->gops.retfunc = trace_graph_return;
	g->gops.idx = -1;
	g->gops.private = tr;
	/* Enter what the instance's set_ftrace_filter/notrace say. */
	ftrace_ops_init(&g->gops.ops);
	ftrace_ops_share_filter(&g->gops.ops, tr->ops);
	g->gops.ops.private = tr;
	tr->graph = g;
	return 0;
}

/**
 * trace_graph_create_instance - give an instance its function_graph state
 * @tr: the instance, whose ftrace ops exists
 *
 * Return: 0 or -ENOMEM.
 */
int trace_graph_create_instance(struct trace_array *tr)
{
	return trace_graph_init_state(tr);
}

/**
 * trace_graph_create_instance_files - an instance's function_graph files
 * @tr:     the instance, whose state exists (trace_graph_create_instance())
 * @parent: its directory (NULL: the tracefs root)
 */
void trace_graph_create_instance_files(struct trace_array *tr,
				       struct dentry *parent)
{
	trace_graph_create_files(tr->graph, parent);
}

/**
 * trace_graph_free_instance - drop an instance's function_graph state
 * @tr: the instance, whose tracer is no longer function_graph
 */
void trace_graph_free_instance(struct trace_array *tr)
{
	struct trace_graph *g = tr->graph;

	if (!g)
		return;
	tr->graph = NULL;
	trace_graph_free_hashes(g);
	if (g != &global_graph)
		kfree(g);
}

static int graph_trace_init(struct trace_array *tr)
{
	int ret;

	if (!tr->graph)
		return -ENODEV;
	ret = fgraph_set_sleep_time(&tr->graph->gops,
				    tr->flags & TRACE_OPT(SLEEP_TIME));
	if (ret)
		return ret;
	/* The trace shows the tasks' names, not <...>. */
	trace_cmdline_start();
	ret = register_ftrace_graph(&tr->graph->gops);
	if (ret)
		trace_cmdline_stop();
	return ret;
}

static void graph_trace_reset(struct trace_array *tr)
{
	unregister_ftrace_graph(&tr->graph->gops);
	trace_cmdline_stop();
}

/**
 * trace_graph_sleep_time_changed - apply an instance's sleep-time option
 * @tr: the instance
 * @on: its new value
 *
 * The instance's function_graph durations follow it from now on (calls
 * in progress included); the top level's also governs the function
 * profiler's times.  trace_types_lock.
 *
 * Return: 0, or -ENOMEM if the sched_switch probe could not be
 * registered.
 */
int trace_graph_sleep_time_changed(struct trace_array *tr, bool on)
{
	int ret = 0;

	lockdep_assert_held(&trace_types_lock);
	if (tr->graph)
		ret = fgraph_set_sleep_time(&tr->graph->gops, on);
	if (!ret && tr == &global_trace)
		ret = ftrace_profile_sleep_time(on);
	if (ret && tr->graph)
		fgraph_set_sleep_time(&tr->graph->gops, !on);
	return ret;
}

static struct tracer graph_trace = {
	.name			= "function_graph",
	.init			= graph_trace_init,
	.reset			= graph_trace_reset,
	.allow_instances	= true,
	.print_line		= trace_graph_print_line,
	.print_header		= trace_graph_print_header,
	/* Each reader's memory of the lines it showed. */
	.open = trace_graph_open, .close = trace_graph_close,
};

/*
 * The top level's state before the tracer registers, so that ftrace=
 * can start it then, with the ftrace_graph_* boot options applied; its
 * files come with tracefs.
 */
static __init void init_graph_top_state(void)
{
	int ret;

	if (ftrace_disabled)
		return;
	ret = ftrace_allocate_ftrace_ops(&global_trace);
	if (!ret) {
		guard(mutex)(&trace_types_lock);
		ret = trace_graph_init_state(&global_trace);
	}
	if (ret)
		pr_warn("function_graph: no state for the top level (%d)\n",
			ret);
	else
		trace_boot_graph_setup(global_trace.graph);
}

static __init int init_graph_trace(void)
{
	if (tracing_disabled)
		return 0;
	if (trace_graph_output_init())
		pr_warn("function_graph: could not register its output\n");
	init_graph_top_state();
	return register_tracer(&graph_trace);
}
core_initcall(init_graph_trace);

/* The top level's files (and its state, if that failed before). */
static __init int init_graph_trace_tracefs(void)
{
	int ret;

	if (tracing_disabled || ftrace_disabled || !tracefs_initialized())
		return 0;
	ret = ftrace_allocate_ftrace_ops(&global_trace);
	if (ret)
		return ret;
	mutex_lock(&trace_types_lock);
	ret = trace_graph_create_instance(&global_trace);
	if (!ret)
		trace_graph_create_instance_files(&global_trace, NULL);
	mutex_unlock(&trace_types_lock);
	return ret;
}
fs_initcall(init_graph_trace_tracefs);
