// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * set_ftrace_pid and set_ftrace_notrace_pid: the tasks an instance's
 * function tracer records.
 *
 * Each file holds a set of pids: set_ftrace_pid, when not empty, is the
 * only tasks traced; set_ftrace_notrace_pid the tasks never traced.
 * Writing takes pids separated by white space ('>' replaces the set,
 * '>>' adds to it, an empty write clears it); reading lists them one a
 * line, or "no pid".  A word that is not a pid fails the write with
 * -EINVAL, and none of that write's pids count; the close applies the
 * others, so that '>' with only bad words leaves the set empty, as
 * upstream's open, which empties it at once.
 *
 * With the function-fork option, a task forked by a task of a set joins
 * it, and a task of a set leaves it when it exits (an emptied
 * set_ftrace_pid stays in force and then lets no task through).
 *
 * A set is a sorted array, replaced whole under ftrace_pid_lock (a raw
 * spinlock: the fork and exit hooks run in atomic context) and freed
 * after an RCU grace period; the function tracer's callback searches it
 * with preemption disabled.
 */

#include <linux/seq_file.h>
#include <linux/uaccess.h>
#include <linux/bsearch.h>
#include <linux/ctype.h>
#include <linux/slab.h>
#include <linux/sort.h>

#include <trace/events/sched.h>

#include "trace.h"
#include "ftrace_internal.h"

/* Serializes the replacement of every instance's pid sets. */
static DEFINE_RAW_SPINLOCK(ftrace_pid_lock);

/**
 * struct ftrace_pid_list - a set of pids
 * @rcu:  to free it after readers are gone
 * @nr:   how many
 * @pids: the pids, sorted
 */
struct ftrace_pid_list {
	struct rcu_head	rcu;
	unsigned int	nr;
	pid_t		pids[];
};

static int ftrace_pid_cmp(const void *a, const void *b)
{
	pid_t x = *(const pid_t *)a, y = *(const pid_t *)b;

	return x < y ? -1 : x > y;
}

static bool notrace ftrace_pid_in(struct ftrace_pid_list *list, pid_t pid)
{
	return bsearch(&pid, list->pids, list->nr, sizeof(pid_t),
		       ftrace_pid_cmp) != NULL;
}

/**
 * __ftrace_pid_traced - may @tr's function tracer record the current task?
 * @tr: the instance
 *
 * Called with preemption disabled.
 *
 * Return: false if set_ftrace_pid excludes the task or
 * set_ftrace_notrace_pid names it.
 */
bool notrace __ftrace_pid_traced(struct trace_array *tr)
{
	struct ftrace_pid_list *list;
	pid_t pid = current->pid;

	list = rcu_dereference_sched(tr->function_no_pids);
	if (list && ftrace_pid_in(list, pid))
		return false;
	list = rcu_dereference_sched(tr->function_pids);
	return !list || ftrace_pid_in(list, pid);
}

/**
 * struct ftrace_pid_file - an open set_ftrace_pid or set_ftrace_notrace_pid
 * @tr:     the instance (a reference is held while open)
 * @exclude: set_ftrace_notrace_pid
 * @pids:   the set being edited (writers), or shown (readers)
 * @nr:     how many
 * @size:   room in @pids
 * @word:   a pid not finished by white space yet
 * @len:    its length
 */
struct ftrace_pid_file {
	struct trace_array	*tr;
	bool			exclude;
	pid_t			*pids;
	unsigned int		nr;
	unsigned int		size;
	char			word[16];
	unsigned int		len;
};

static struct ftrace_pid_list __rcu **ftrace_pid_slot(struct ftrace_pid_file *pf)
{
	return pf->exclude ? &pf->tr->function_no_pids : &pf->tr->function_pids;
}

static int ftrace_pid_file_add(struct ftrace_pid_file *pf, pid_t pid)
{
	pid_t *bigger;
	unsigned int i;

	for (i = 0; i < pf->nr; i++)
		if (pf->pids[i] == pid)
			return 0;
	if (pf->nr == pf->size) {
		bigger = krealloc_array(pf->pids, pf->size * 2 + 8,
					sizeof(pid_t), GFP_KERNEL);
		if (!bigger)
			return -ENOMEM;
		pf->pids = bigger;
		pf->size = pf->size * 2 + 8;
	}
	pf->pids[pf->nr++] = pid;
	return 0;
}

static int ftrace_pid_show(struct seq_file *m, void *v)
{
	struct ftrace_pid_file *pf = m->private;
	unsigned int i;

	if (!pf->nr)
		seq_puts(m, "no pid\n");
	for (i = 0; i < pf->nr; i++)
		seq_printf(m, "%d\n", pf->pids[i]);
	return 0;
}

static void ftrace_pid_file_free(struct ftrace_pid_file *pf)
{
	trace_array_put(pf->tr);
	kfree(pf->pids);
	kfree(pf);
}

static int ftrace_pid_open(struct inode *inode, struct file *file,
			   bool exclude)
{
	struct trace_array *tr = inode->i_private;
	struct ftrace_pid_list *list;
	struct ftrace_pid_file *pf;
	unsigned int i;
	int ret;

	pf = kzalloc(sizeof(*pf), GFP_KERNEL);
	if (!pf)
		return -ENOMEM;
	ret = tracing_check_open(tr);
	if (ret) {
		kfree(pf);
		return ret;
	}
	pf->tr = tr;
	pf->exclude = exclude;

	/* Start from the set in force, except for a truncating writer. */
	if (!tracing_open_truncates(file)) {
		rcu_read_lock();
		list = rcu_dereference(*ftrace_pid_slot(pf));
		if (list && list->nr) {
			pf->pids = kmalloc_array(list->nr, sizeof(pid_t),
						 GFP_ATOMIC);
			if (pf->pids) {
				pf->size = list->nr;
				for (i = 0; i < list->nr; i++)
					pf->pids[pf->nr++] = list->pids[i];
			} else {
				ret = -ENOMEM;
			}
		}
		rcu_read_unlock();
	}

	if (!ret && (file->f_mode & FMODE_READ))
		ret = single_open(file, ftrace_pid_show, pf);
	else if (!ret)
		file->private_data = pf;
	if (ret)
		ftrace_pid_file_free(pf);
	return ret;
}

static int ftrace_pid_open_pid(struct inode *inode, struct file *file)
{
	return ftrace_pid_open(inode, file, false);
}

static int ftrace_pid_open_notrace(struct inode *inode, struct file *file)
{
	return ftrace_pid_open(inode, file, true);
}

static struct ftrace_pid_file *ftrace_pid_file(struct file *file)
{
	if (file->f_mode & FMODE_READ)
		return ((struct seq_file *)file->private_data)->private;
	return file->private_data;
}

static int ftrace_pid_apply_word(struct ftrace_pid_file *pf)
{
	int pid, ret;

	if (!pf->len)
		return 0;
	pf->word[pf->len] = '\0';
	pf->len = 0;
	ret = kstrtoint(pf->word, 10, &pid);
	/* 0 is every CPU's idle task, as upstream's */
	if (ret || pid < 0 || pid > PID_MAX_LIMIT)
		return -EINVAL;
	return ftrace_pid_file_add(pf, pid);
}

static ssize_t ftrace_pid_write(struct file *file, const char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	struct ftrace_pid_file *pf = ftrace_pid_file(file);
	unsigned int nr = pf->nr;
	size_t i;
	char c;
	int ret;

	for (i = 0; i < cnt; i++) {
		if (get_user(c, ubuf + i))
			return -EFAULT;
		if (c && !isspace(c)) {
			if (pf->len >= sizeof(pf->word) - 1) {
				ret = -EINVAL;
				goto fail;
			}
			pf->word[pf->len++] = c;
			continue;
		}
		ret = ftrace_pid_apply_word(pf);
		if (ret)
			goto fail;
	}
	*ppos += cnt;
	return cnt;
fail:
	/* none of this write's pids */
	pf->nr = nr;
	pf->len = 0;
	return ret;
}

static int ftrace_pid_release(struct inode *inode, struct file *file)
{
	struct ftrace_pid_file *pf = ftrace_pid_file(file);
	struct ftrace_pid_list *list = NULL, *old;

	if (!(file->f_mode & FMODE_WRITE))
		goto out;
	/* A last word that is no pid counts for nothing, as a bad write. */
	ftrace_pid_apply_word(pf);
	if (pf->nr) {
		list = kmalloc(struct_size(list, pids, pf->nr), GFP_KERNEL);
		if (!list)
			goto out;
		list->nr = pf->nr;
		memcpy(list->pids, pf->pids, pf->nr * sizeof(pid_t));
		sort(list->pids, list->nr, sizeof(pid_t), ftrace_pid_cmp, NULL);
	}
	raw_spin_lock_irq(&ftrace_pid_lock);
	old = rcu_replace_pointer(*ftrace_pid_slot(pf), list,
				  lockdep_is_held(&ftrace_pid_lock));
	raw_spin_unlock_irq(&ftrace_pid_lock);
	if (old)
		kfree_rcu(old, rcu);
out:
	if (file->f_mode & FMODE_READ)
		single_release(inode, file);
	ftrace_pid_file_free(pf);
	return 0;
}

static loff_t ftrace_pid_lseek(struct file *file, loff_t offset, int whence)
{
	if (file->f_mode & FMODE_READ)
		return seq_lseek(file, offset, whence);
	file->f_pos = 0;
	return 0;
}

/* The two files differ only in how they open. */
#define FTRACE_PID_FOPS(open_fn) {		\
	.open		= open_fn,		\
	.read		= seq_read,		\
	.write		= ftrace_pid_write,	\
	.llseek		= ftrace_pid_lseek,	\
	.release	= ftrace_pid_release,	\
}

static const struct file_operations ftrace_pid_fops =
	FTRACE_PID_FOPS(ftrace_pid_open_pid);
static const struct file_operations ftrace_notrace_pid_fops =
	FTRACE_PID_FOPS(ftrace_pid_open_notrace);

/**
 * ftrace_create_pid_files - create set_ftrace_pid and set_ftrace_notrace_pid
 * @tr:     the instance
 * @parent: its tracefs directory
 */
void ftrace_create_pid_files(struct trace_array *tr, struct dentry *parent)
{
	trace_create_file("set_ftrace_pid", TRACE_MODE_WRITE, parent, tr,
			  &ftrace_pid_fops);
	trace_create_file("set_ftrace_notrace_pid", TRACE_MODE_WRITE, parent,
			  tr, &ftrace_notrace_pid_fops);
}

/**
 * ftrace_free_pid_lists - drop an instance's pid sets (it is going away)
 * @tr: the instance
 */
void ftrace_free_pid_lists(struct trace_array *tr)
{
	struct ftrace_pid_list *a, *b;

	ftrace_pid_follow_fork(tr, false);
	raw_spin_lock_irq(&ftrace_pid_lock);
	a = rcu_replace_pointer(tr->function_pids, NULL,
				lockdep_is_held(&ftrace_pid_lock));
	b = rcu_replace_pointer(tr->function_no_pids, NULL,
				lockdep_is_held(&ftrace_pid_lock));
	raw_spin_unlock_irq(&ftrace_pid_lock);
	if (a)
		kfree_rcu(a, rcu);
	if (b)
		kfree_rcu(b, rcu);
}

/* --- function-fork --------------------------------------------------- */

/*
 * Put @pid in (@add) or take it out of the set at @slot, if the set
 * exists (and, for adding, holds @parent).  Atomic context.
 */
static void ftrace_pid_change(struct ftrace_pid_list __rcu **slot,
			      pid_t parent, pid_t pid, bool add)
{
	struct ftrace_pid_list *list, *new;
	unsigned int i, j;
	unsigned long flags;

	raw_spin_lock_irqsave(&ftrace_pid_lock, flags);
	list = rcu_dereference_protected(*slot,
					 lockdep_is_held(&ftrace_pid_lock));
	if (!list || ftrace_pid_in(list, pid) != !add ||
	    (add && !ftrace_pid_in(list, parent)))
		goto unlock;
	new = kmalloc(struct_size(new, pids, list->nr + 1), GFP_ATOMIC);
	if (!new)
		goto unlock;
	/* Copy in order, inserting or skipping @pid. */
	for (i = 0, j = 0; i < list->nr; i++) {
		if (add && j == i && list->pids[i] > pid)
			new->pids[j++] = pid;
		if (!add && list->pids[i] == pid)
			continue;
		new->pids[j++] = list->pids[i];
	}
	if (add && j == list->nr)
		new->pids[j++] = pid;
	new->nr = j;
	rcu_assign_pointer(*slot, new);
	kfree_rcu(list, rcu);
unlock:
	raw_spin_unlock_irqrestore(&ftrace_pid_lock, flags);
}

static void ftrace_pid_fork_probe(void *data, struct task_struct *self,
				  struct task_struct *task)
{
	struct trace_array *tr = data;

	ftrace_pid_change(&tr->function_pids, self->pid, task->pid, true);
	ftrace_pid_change(&tr->function_no_pids, self->pid, task->pid, true);
}

static void ftrace_pid_exit_probe(void *data, struct task_struct *task)
{
	struct trace_array *tr = data;

	ftrace_pid_change(&tr->function_pids, 0, task->pid, false);
	ftrace_pid_change(&tr->function_no_pids, 0, task->pid, false);
}

/**
 * ftrace_pid_follow_fork - the function-fork option
 * @tr: the instance
 * @on: follow forks and exits, or stop
 *
 * Called when the option changes (trace_types_lock).
 *
 * Return: 0, or the error of registering the sched hooks.
 */
int ftrace_pid_follow_fork(struct trace_array *tr, bool on)
{
	int ret;

	if (!on) {
		unregister_trace_sched_process_fork(ftrace_pid_fork_probe, tr);
		unregister_trace_sched_process_exit(ftrace_pid_exit_probe, tr);
		return 0;
	}
	ret = register_trace_sched_process_fork(ftrace_pid_fork_probe, tr);
	if (ret)
		return ret;
	ret = register_trace_sched_process_exit(ftrace_pid_exit_probe, tr);
	if (ret)
		unregister_trace_sched_process_fork(ftrace_pid_fork_probe, tr);
	return ret;
}
