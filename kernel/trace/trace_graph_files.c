// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * function_graph's tracefs files, in every instance: max_graph_depth
 * (follow calls only this deep, 0: any depth) here, and with dynamic
 * ftrace set_graph_function and set_graph_notrace (trace_graph_filter.c).
 */

#include <linux/seq_file.h>
#include <linux/fs.h>
#include <linux/uaccess.h>
#include <linux/ctype.h>
#include <linux/slab.h>

#include "trace.h"
#include "trace_graph.h"
#include "ftrace_internal.h"

/* --- max_graph_depth ------------------------------------------------------ */

static int max_depth_get(void *data, u64 *val)
{
	struct trace_graph *g = data;

	/* max_depth_set() may run meanwhile from another open file */
	*val = READ_ONCE(g->max_depth);
	return 0;
}

static int max_depth_set(void *data, u64 val)
{
	struct trace_graph *g = data;

	if (val > INT_MAX)
		return -EINVAL;
	/*
	 * No lock: read by trace_graph_entry() on every CPU, which applies
	 * the new depth from its next call on; one store.
	 */
	WRITE_ONCE(g->max_depth, val);
	return 0;
}

/* A simple_attr file that holds its instance while open. */
static int max_depth_open(struct inode *inode, struct file *filp)
{
	struct trace_graph *g = inode->i_private;
	int ret;

	ret = tracing_check_open(g->tr);
	if (ret)
		return ret;
	ret = simple_attr_open(inode, filp, max_depth_get, max_depth_set,
			       "%llu\n");
	if (ret)
		trace_array_put(g->tr);
	return ret;
}

static int max_depth_release(struct inode *inode, struct file *filp)
{
	struct trace_graph *g = inode->i_private;

	simple_attr_release(inode, filp);
	trace_array_put(g->tr);
	return 0;
}

static const struct file_operations max_depth_fops = {
	.owner		= THIS_MODULE,
	.open		= max_depth_open,
	.release	= max_depth_release,
	.read		= simple_attr_read,
	.write		= simple_attr_write,
	.llseek		= generic_file_llseek,
};

/**
 * trace_graph_create_files - set_graph_function & co of one instance
 * @g:      the instance's state
 * @parent: its directory (NULL: the tracefs root)
 */
void trace_graph_create_files(struct trace_graph *g, struct dentry *parent)
{
	trace_graph_create_filter_files(g, parent);
	trace_create_file("max_graph_depth", TRACE_MODE_WRITE, parent, g,
			  &max_depth_fops);
}

/**
 * trace_graph_free_hashes - free an instance's function sets
 * @g: the instance's state; its fgraph_ops is not registered
 */
void trace_graph_free_hashes(struct trace_graph *g)
{
	ftrace_hash_free(rcu_dereference_raw(g->filter_hash));
	ftrace_hash_free(rcu_dereference_raw(g->notrace_hash));
}
