/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The function_graph tracer's private interface, shared by
 *   trace_functions_graph.c  the tracer: its fgraph_ops callbacks, which
 *                            write TRACE_GRAPH_ENT/RET records;
 *   trace_graph_files.c      set_graph_function, set_graph_notrace and
 *                            max_graph_depth, per instance;
 *   trace_graph_output.c     the text of the trace file.
 */
#ifndef _KERNEL_TRACE_TRACE_GRAPH_H
#define _KERNEL_TRACE_TRACE_GRAPH_H

#include <linux/ftrace.h>
#include "trace.h"
#include "trace_latency.h"

struct ftrace_hash;

/**
 * struct trace_graph - an instance's function_graph state
 * @gops:         the fgraph_ops; its ftrace_ops shares the instance's
 *                set_ftrace_filter/notrace (the instance's ops' hashes)
 * @tr:           the instance
 * @filter_hash:  set_graph_function: follow only these and what they
 *                call; empty: everything
 * @notrace_hash: set_graph_notrace: neither these nor what they call
 * @max_depth:    max_graph_depth; 0: no limit
 *
 * The hashes are replaced whole under ftrace_lock and read by the
 * callbacks with preemption disabled; @max_depth is a plain word.
 */
struct trace_graph {
	struct fgraph_ops		gops;
	struct trace_array		*tr;
	struct ftrace_hash __rcu	*filter_hash;
	struct ftrace_hash __rcu	*notrace_hash;
	int				max_depth;
};

/*
 * fgraph_get_task_var(), inline for the tracer's callbacks, which run
 * for current on every traced call: the words start current's ret_stack
 * (fgraph.c asserts that of its struct fgraph_stack), which only current
 * and the registering code publish (READ_ONCE: see task_fgraph_stack()).
 */
static __always_inline unsigned long *
trace_graph_task_var(struct fgraph_ops *gops)
{
	unsigned long *vars = READ_ONCE(current->ret_stack);
	/* one load: see function_graph_enter_ops() (fgraph.c) */
	int idx = READ_ONCE(gops->idx);

	if (!vars || idx < 0)
		return NULL;
	return &vars[idx];
}

/*
 * tracing_thresh in ns (it comes with the latency tracers): when set,
 * function_graph records only the returns of calls that took at least
 * that long, and no entries.
 */
static inline u64 trace_graph_thresh(void)
{
#ifdef CONFIG_TRACER_MAX_TRACE
	/*
	 * Written under trace_max_lock by the tracing_thresh file
	 * (trace_latency.c: latency_usecs_write()); read here by graph
	 * callbacks on every CPU.  One value per call, no ordering.
	 */
	return READ_ONCE(tracing_thresh);
#else
	return 0;
#endif
}

/* The tracefs files of @g in @parent. */
void trace_graph_create_files(struct trace_graph *g, struct dentry *parent);
#ifdef CONFIG_DYNAMIC_FTRACE
void trace_graph_create_filter_files(struct trace_graph *g,
				     struct dentry *parent);
void trace_graph_boot_list(struct trace_graph *g, bool exclude, char *list);
#else
/* No call site records to make function sets of. */
static inline void trace_graph_create_filter_files(struct trace_graph *g,
						   struct dentry *parent)
{
}
#endif
void trace_graph_free_hashes(struct trace_graph *g);
/* trace_boot.c: the ftrace_graph_* boot options, into the top level's */
void trace_boot_graph_setup(struct trace_graph *g);

/* trace_graph_output.c */
enum print_line_t trace_graph_print_line(struct trace_iterator *iter);
void trace_graph_print_header(struct seq_file *m, struct trace_iterator *iter);
void trace_graph_open(struct trace_iterator *iter);
void trace_graph_close(struct trace_iterator *iter);
int trace_graph_output_init(void);
enum print_line_t trace_graph_lat_print_line(struct trace_iterator *iter);
void trace_graph_lat_print_header(struct seq_file *m,
				  struct trace_iterator *iter);
void trace_graph_lat_open(struct trace_iterator *iter);

/* trace_functions_graph.c: the records, for the latency tracers too */
void trace_graph_record_entry(struct trace_array *tr,
			      struct ftrace_graph_ent *trace);
void trace_graph_record_return(struct trace_array *tr,
			       struct ftrace_graph_ret *trace);

#endif /* _KERNEL_TRACE_TRACE_GRAPH_H */
