// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * function_graph's function sets, in every instance (dynamic ftrace: the
 * sets are made of call site records):
 *   set_graph_function  follow only these functions and what they call
 *   set_graph_notrace   never follow these nor what they call
 *
 * They take the words of set_ftrace_filter (globs, "!" to remove,
 * ":mod:"); a file opened for writing edits a private copy of the set in
 * force (an empty one with O_TRUNC), and the copy is put in force when
 * the file is closed, unless a word named no function (that write fails
 * with -EINVAL).
 */

#include <linux/seq_file.h>
#include <linux/fs.h>
#include <linux/uaccess.h>
#include <linux/ctype.h>
#include <linux/slab.h>

#include "trace.h"
#include "trace_graph.h"
#include "ftrace_internal.h"

/* Buckets of a hash a user builds. */
#define GRAPH_HASH_BITS		7

/**
 * struct graph_hash_edit - a set_graph_* file open for writing
 * @g:       the instance's state
 * @exclude: set_graph_notrace (else set_graph_function)
 * @hash:    the copy being edited
 * @failed:  a word named nothing: the close leaves the set alone
 */
struct graph_hash_edit {
	struct trace_graph	*g;
	bool			exclude;
	struct ftrace_hash	*hash;
	bool			failed;
};

static struct ftrace_hash __rcu **graph_hash_slot(struct trace_graph *g,
						  bool exclude)
{
	return exclude ? &g->notrace_hash : &g->filter_hash;
}

/* The file's inode data: the trace_graph, with bit 0 set for set_graph_notrace. */
static struct trace_graph *graph_file_data(struct inode *inode, bool *exclude)
{
	unsigned long data = (unsigned long)inode->i_private;

	*exclude = data & 1;
	return (struct trace_graph *)(data & ~1UL);
}

static int graph_hash_show(struct seq_file *m, void *v)
{
	struct graph_hash_edit *ed = m->private;
	struct ftrace_hash *hash;
	struct ftrace_func_entry *e;
	int b;

	mutex_lock(&ftrace_lock);
	hash = rcu_dereference_protected(*graph_hash_slot(ed->g, ed->exclude),
					 lockdep_is_held(&ftrace_lock));
	if (ftrace_hash_empty(hash)) {
		seq_puts(m, ed->exclude ? "#### no functions disabled ####\n" :
			 "#### all functions enabled ####\n");
	} else {
		for (b = 0; b < (1 << hash->size_bits); b++)
			hlist_for_each_entry(e, &hash->buckets[b], hlist)
				seq_printf(m, "%ps\n", (void *)e->ip);
	}
	mutex_unlock(&ftrace_lock);
	return 0;
}

static int graph_hash_open(struct inode *inode, struct file *filp)
{
	struct graph_hash_edit *ed;
	struct ftrace_hash *cur;
	struct trace_graph *g;
	bool exclude;
	int ret;

	g = graph_file_data(inode, &exclude);
	/* The instance, and @g with it, stays until the file is closed. */
	ret = tracing_check_open(g->tr);
	if (ret)
		return ret;
	ed = kzalloc(sizeof(*ed), GFP_KERNEL);
	if (!ed)
		goto nomem;
	ed->g = g;
	ed->exclude = exclude;

	if (!(filp->f_mode & FMODE_WRITE)) {
		ret = single_open(filp, graph_hash_show, ed);
		if (ret) {
			kfree(ed);
			trace_array_put(g->tr);
		}
		return ret;
	}
	mutex_lock(&ftrace_lock);
	cur = rcu_dereference_protected(*graph_hash_slot(ed->g, ed->exclude),
					lockdep_is_held(&ftrace_lock));
	if ((filp->f_flags & O_TRUNC) || ftrace_hash_empty(cur))
		ed->hash = ftrace_hash_alloc(GRAPH_HASH_BITS);
	else
		ed->hash = ftrace_hash_copy(cur);
	mutex_unlock(&ftrace_lock);
	if (!ed->hash) {
		kfree(ed);
		goto nomem;
	}
	filp->private_data = ed;
	return 0;

nomem:
	trace_array_put(g->tr);
	return -ENOMEM;
}

/* Apply each whitespace-separated word of @buf to @ed's copy. */
static int graph_hash_apply(struct graph_hash_edit *ed, char *buf)
{
	char *word;
	int ret = 0;

	guard(mutex)(&ftrace_lock);
	while ((word = strsep(&buf, " \t\n")) != NULL) {
		if (!*word)
			continue;
		ret = ftrace_hash_apply_pattern(ed->hash, word);
		if (ret < 0)
			return ret;
	}
	return 0;
}

static ssize_t graph_hash_write(struct file *filp, const char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	struct graph_hash_edit *ed = filp->private_data;
	char *buf;
	int ret;

	buf = tracing_copy_text(ubuf, cnt);
	if (IS_ERR_OR_NULL(buf))
		return PTR_ERR_OR_ZERO(buf);
	ret = graph_hash_apply(ed, buf);
	kfree(buf);
	if (ret < 0) {
		ed->failed = true;
		return ret;
	}
	*ppos += cnt;
	return cnt;
}

static int graph_hash_release(struct inode *inode, struct file *filp)
{
	struct graph_hash_edit *ed;
	struct ftrace_hash __rcu **slot;
	struct ftrace_hash *old;

	if (!(filp->f_mode & FMODE_WRITE)) {
		ed = ((struct seq_file *)filp->private_data)->private;
		trace_array_put(ed->g->tr);
		kfree(ed);
		return single_release(inode, filp);
	}
	ed = filp->private_data;
	trace_array_put(ed->g->tr);
	if (ed->failed) {
		ftrace_hash_free(ed->hash);
		kfree(ed);
		return 0;
	}
	slot = graph_hash_slot(ed->g, ed->exclude);
	mutex_lock(&ftrace_lock);
	old = rcu_dereference_protected(*slot, lockdep_is_held(&ftrace_lock));
	if (ftrace_hash_empty(ed->hash)) {
		ftrace_hash_free(ed->hash);
		rcu_assign_pointer(*slot, EMPTY_HASH);
	} else {
		rcu_assign_pointer(*slot, ed->hash);
	}
	mutex_unlock(&ftrace_lock);
	/* The callbacks read the sets with preemption disabled. */
	ftrace_hash_free_rcu(old);
	kfree(ed);
	return 0;
}

static ssize_t graph_hash_read(struct file *filp, char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	if (filp->f_mode & FMODE_WRITE)
		return -EINVAL;
	return seq_read(filp, ubuf, cnt, ppos);
}

static const struct file_operations graph_hash_fops = {
	.open		= graph_hash_open,
	.read		= graph_hash_read,
	.write		= graph_hash_write,
	.llseek		= noop_llseek,
	.release	= graph_hash_release,
};

/**
 * trace_graph_boot_list - set_graph_function or _notrace from the command line
 * @g:       the top level's state
 * @exclude: set_graph_notrace (else set_graph_function)
 * @list:    comma-separated words of the file (modified)
 *
 * Before the tracer registers, at boot.  A word that names no function
 * is reported and skipped; the others are in force if any.
 */
void __init trace_graph_boot_list(struct trace_graph *g, bool exclude,
				  char *list)
{
	struct ftrace_hash __rcu **slot = graph_hash_slot(g, exclude);
	struct ftrace_hash *hash, *old;
	char *word;

	if (!*list)
		return;
	hash = ftrace_hash_alloc(GRAPH_HASH_BITS);
	if (!hash) {
		pr_warn("%s: no memory\n", exclude ? "ftrace_graph_notrace" :
			"ftrace_graph_filter");
		return;
	}
	guard(mutex)(&ftrace_lock);
	while ((word = strsep(&list, ",")) != NULL)
		if (*word && ftrace_hash_apply_pattern(hash, word) < 0)
			pr_warn("%s: no function matches '%s'\n",
				exclude ? "ftrace_graph_notrace" :
				"ftrace_graph_filter", word);
	if (ftrace_hash_empty(hash)) {
		ftrace_hash_free(hash);
		return;
	}
	old = rcu_dereference_protected(*slot, lockdep_is_held(&ftrace_lock));
	rcu_assign_pointer(*slot, hash);
	ftrace_hash_free_rcu(old);
}

/**
 * trace_graph_create_filter_files - set_graph_function and set_graph_notrace
 * @g:      the instance's state
 * @parent: its directory (NULL: the tracefs root)
 */
void trace_graph_create_filter_files(struct trace_graph *g,
				     struct dentry *parent)
{
	trace_create_file("set_graph_function", TRACE_MODE_WRITE, parent, g,
			  &graph_hash_fops);
	trace_create_file("set_graph_notrace", TRACE_MODE_WRITE, parent,
			  (void *)((unsigned long)g | 1), &graph_hash_fops);
}
