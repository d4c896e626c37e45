// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Event pid filters: set_event_pid (only these tasks record events) and
 * set_event_notrace_pid (these tasks record none), one pid a line.
 * Opening a file with O_TRUNC empties its list; a write adds the pids it
 * holds.  With the event-fork option, children of listed tasks are added
 * when they fork; exiting tasks leave the lists.
 *
 * A list is a bitmap, replaced whole under event_mutex and read under
 * sched-RCU by the event probes (which run with preemption disabled).
 * The fork and exit hooks set and clear bits in the current bitmap in
 * place, atomically.
 *
 * An event is the current task's, except the scheduler's events about a
 * second task: sched_switch is kept when the task switched to is listed,
 * sched_waking, sched_wakeup and sched_wakeup_new when the task woken
 * is.  Probes on those tracepoints, registered before and after every
 * event probe, name that task in pid_filter_other on the CPU for the
 * time its event probes run (interrupts are off in the scheduler there).
 */

#include <linux/seq_file.h>
#include <linux/uaccess.h>
#include <linux/slab.h>
#include <linux/sched.h>

#include <trace/events/sched.h>

#include "trace.h"

/**
 * struct trace_pid_list - a set of pids
 * @rcu:     frees the list after readers are done
 * @nr_bits: pids below this can be in the set
 * @bits:    the set
 */
struct trace_pid_list {
	struct rcu_head	rcu;
	unsigned int	nr_bits;
	unsigned long	bits[];
};

enum { PIDS_TRACE, PIDS_NOTRACE };

/* What an open file is about: which list of which instance. */
struct pid_file {
	struct trace_array	*tr;
	int			which;
};

static bool pid_in(struct trace_pid_list *list, pid_t pid)
{
	return pid >= 0 && pid < list->nr_bits && test_bit(pid, list->bits);
}

/*
 * The pid of the second task of the scheduler event whose probes run on
 * this CPU, -1 outside such an event.
 */
static DEFINE_PER_CPU(pid_t, pid_filter_other) = -1;

/* Do @tr's lists refuse @pid's events?  Under sched-RCU. */
static bool pid_ignored(struct trace_array *tr, pid_t pid)
{
	struct trace_pid_list *list;

	list = rcu_dereference_sched(tr->events.pids[PIDS_TRACE]);
	if (list && !pid_in(list, pid))
		return true;
	list = rcu_dereference_sched(tr->events.pids[PIDS_NOTRACE]);
	return list && pid_in(list, pid);
}

/**
 * trace_event_ignore_this_pid - do the pid filters refuse the current task?
 * @trace_file: the event file whose probe runs
 *
 * Called by probes, with preemption disabled.
 *
 * Return: true if the current task's events are not to be recorded.
 */
bool trace_event_ignore_this_pid(struct trace_event_file *trace_file)
{
	struct trace_array *tr = trace_file->tr;
	pid_t other;

	if (!pid_ignored(tr, current->pid))
		return false;
	other = this_cpu_read(pid_filter_other);
	return other < 0 || pid_ignored(tr, other);
}
EXPORT_SYMBOL_GPL(trace_event_ignore_this_pid);

/* --- the scheduler's events about a second task ---------------------------- */

static void pids_other_set(struct task_struct *task)
{
	this_cpu_write(pid_filter_other, task->pid);
}

static void pids_other_clear(void)
{
	this_cpu_write(pid_filter_other, -1);
}

static void pids_switch_pre(void *data, bool preempt, struct task_struct *prev,
			    struct task_struct *next, unsigned int prev_state)
{
	pids_other_set(next);
}

static void pids_switch_post(void *data, bool preempt, struct task_struct *prev,
			     struct task_struct *next, unsigned int prev_state)
{
	pids_other_clear();
}

static void pids_wake_pre(void *data, struct task_struct *task)
{
	pids_other_set(task);
}

static void pids_wake_post(void *data, struct task_struct *task)
{
	pids_other_clear();
}

/*
 * The probes are global: each instance's filter reads the same task.
 * Registered while any instance has a list (pids_users, event_mutex).
 * Each tracepoint's probe array is replaced whole, and a CPU runs one
 * array from start to end: registering the clearing probe first and
 * removing it last, no array has the setting probe without it.
 */
static unsigned int pids_users;

static void pids_other_register(void)
{
	if (pids_users++)
		return;
	register_trace_prio_sched_switch(pids_switch_post, NULL, INT_MIN);
	register_trace_prio_sched_switch(pids_switch_pre, NULL, INT_MAX);
	register_trace_prio_sched_waking(pids_wake_post, NULL, INT_MIN);
	register_trace_prio_sched_waking(pids_wake_pre, NULL, INT_MAX);
	register_trace_prio_sched_wakeup(pids_wake_post, NULL, INT_MIN);
	register_trace_prio_sched_wakeup(pids_wake_pre, NULL, INT_MAX);
	register_trace_prio_sched_wakeup_new(pids_wake_post, NULL, INT_MIN);
	register_trace_prio_sched_wakeup_new(pids_wake_pre, NULL, INT_MAX);
}

static void pids_other_unregister(void)
{
	if (--pids_users)
		return;
	unregister_trace_sched_switch(pids_switch_pre, NULL);
	unregister_trace_sched_switch(pids_switch_post, NULL);
	unregister_trace_sched_waking(pids_wake_pre, NULL);
	unregister_trace_sched_waking(pids_wake_post, NULL);
	unregister_trace_sched_wakeup(pids_wake_pre, NULL);
	unregister_trace_sched_wakeup(pids_wake_post, NULL);
	unregister_trace_sched_wakeup_new(pids_wake_pre, NULL);
	unregister_trace_sched_wakeup_new(pids_wake_post, NULL);
}

/* --- following forks and exits --------------------------------------------- */

static void pids_fork(void *data, struct task_struct *parent,
		      struct task_struct *child)
{
	struct trace_array *tr = data;
	struct trace_pid_list *list;
	int i;

	/* sched_process_fork on any CPU; trace_set_opt() flips the bit */
	if (!(READ_ONCE(tr->flags) & TRACE_OPT(EVENT_FORK)))
		return;
	for (i = 0; i < ARRAY_SIZE(tr->events.pids); i++) {
		list = rcu_dereference_sched(tr->events.pids[i]);
		if (list && pid_in(list, parent->pid) &&
		    child->pid < list->nr_bits)
			set_bit(child->pid, list->bits);
	}
}

static void pids_exit(void *data, struct task_struct *task)
{
	struct trace_array *tr = data;
	struct trace_pid_list *list;
	int i;

	for (i = 0; i < ARRAY_SIZE(tr->events.pids); i++) {
		list = rcu_dereference_sched(tr->events.pids[i]);
		if (list && pid_in(list, task->pid))
			clear_bit(task->pid, list->bits);
	}
}

static bool pids_any(struct trace_array *tr)
{
	return rcu_access_pointer(tr->events.pids[PIDS_TRACE]) ||
	       rcu_access_pointer(tr->events.pids[PIDS_NOTRACE]);
}

/*
 * Install @list as list @which of @tr and set the event files' filter
 * flag to match.  event_mutex.
 */
static void pids_install(struct trace_array *tr, int which,
			 struct trace_pid_list *list)
{
	struct trace_pid_list *old;
	struct trace_event_file *file;
	bool had = pids_any(tr);

	lockdep_assert_held(&event_mutex);
	old = rcu_replace_pointer(tr->events.pids[which], list,
				  lockdep_is_held(&event_mutex));
	if (pids_any(tr) && !had) {
		register_trace_prio_sched_process_fork(pids_fork, tr, INT_MIN);
		register_trace_prio_sched_process_free(pids_exit, tr, INT_MIN);
		pids_other_register();
	} else if (!pids_any(tr) && had) {
		unregister_trace_sched_process_fork(pids_fork, tr);
		unregister_trace_sched_process_free(pids_exit, tr);
		pids_other_unregister();
	}
	list_for_each_entry(file, &tr->events.files, list) {
		if (pids_any(tr))
			set_bit(EVENT_FILE_FL_PID_FILTER_BIT, &file->flags);
		else
			clear_bit(EVENT_FILE_FL_PID_FILTER_BIT, &file->flags);
	}
	if (old)
		kvfree_rcu(old, rcu);
}

/**
 * trace_events_pid_free - empty an instance's pid lists
 * @tr: the instance, going away
 */
void trace_events_pid_free(struct trace_array *tr)
{
	pids_install(tr, PIDS_TRACE, NULL);
	pids_install(tr, PIDS_NOTRACE, NULL);
}

/* --- the files ---------------------------------------------------------------- */

static void *pids_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct pid_file *pf = m->private;
	struct trace_pid_list *list;
	unsigned long pid = (unsigned long)v;

	list = rcu_dereference_protected(pf->tr->events.pids[pf->which],
					 lockdep_is_held(&event_mutex));
	(*pos)++;
	if (!list)
		return NULL;
	/* v is pid + 1, so that pid 0 is not NULL. */
	pid = find_next_bit(list->bits, list->nr_bits, pid);
	return pid < list->nr_bits ? (void *)(pid + 1) : NULL;
}

static void *pids_start(struct seq_file *m, loff_t *pos)
{
	mutex_lock(&event_mutex);
	return trace_seq_step_to(m, NULL, *pos, pids_next);
}

static void pids_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&event_mutex);
}

static int pids_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%lu\n", (unsigned long)v - 1);
	return 0;
}

static const struct seq_operations pids_sops = {
	.start	= pids_start,
	.next	= pids_next,
	.stop	= pids_stop,
	.show	= pids_show,
};

/* Opening a pid list with O_TRUNC empties it first. */
static void pids_clear(struct trace_array *tr, int which)
{
	pids_install(tr, which, NULL);
}

static int pids_open(struct inode *inode, struct file *filp, int which)
{
	struct trace_array *tr = inode->i_private;
	struct pid_file *pf;
	int ret;

	ret = trace_event_open_list(tr, filp, pids_clear, which);
	if (ret)
		return ret;
	pf = __seq_open_private(filp, &pids_sops, sizeof(*pf));
	if (!pf) {
		trace_array_put(tr);
		return -ENOMEM;
	}
	pf->tr = tr;
	pf->which = which;
	return 0;
}

static int pids_trace_open(struct inode *inode, struct file *filp)
{
	return pids_open(inode, filp, PIDS_TRACE);
}

static int pids_notrace_open(struct inode *inode, struct file *filp)
{
	return pids_open(inode, filp, PIDS_NOTRACE);
}

static int pids_release(struct inode *inode, struct file *filp)
{
	trace_array_put(inode->i_private);
	return seq_release_private(inode, filp);
}

/* A new list holding @old (may be NULL) and room for pids below @nr_bits. */
static struct trace_pid_list *pids_copy(struct trace_pid_list *old,
					unsigned int nr_bits)
{
	struct trace_pid_list *list;

	if (old)
		nr_bits = max(nr_bits, old->nr_bits);
	nr_bits = round_up(nr_bits, BITS_PER_LONG);
	list = kvzalloc(struct_size(list, bits, BITS_TO_LONGS(nr_bits)),
			GFP_KERNEL);
	if (!list)
		return NULL;
	list->nr_bits = nr_bits;
	if (old)
		bitmap_copy(list->bits, old->bits, old->nr_bits);
	return list;
}

static ssize_t pids_write(struct file *filp, const char __user *ubuf,
			  size_t cnt, loff_t *ppos)
{
	struct seq_file *m = filp->private_data;
	struct pid_file *pf = m->private;
	struct trace_pid_list *list, *old;
	unsigned int max_pid = 0, nr = 0;
	char *buf, *p, *word;
	pid_t *pids;
	int ret = 0, i;

	buf = tracing_copy_text(ubuf, cnt);
	if (IS_ERR_OR_NULL(buf))
		return PTR_ERR_OR_ZERO(buf);
	ret = tracing_update_buffers(pf->tr);
	if (ret) {
		kfree(buf);
		return ret;
	}
	pids = kmalloc_array(cnt / 2 + 1, sizeof(*pids), GFP_KERNEL);
	if (!pids) {
		kfree(buf);
		return -ENOMEM;
	}

	/* Parse everything first: on a bad word nothing changes. */
	p = buf;
	while ((word = strsep(&p, " \t\n")) != NULL) {
		unsigned int pid;

		if (!*word)
			continue;
		ret = kstrtouint(word, 10, &pid);
		if (ret || pid >= PID_MAX_LIMIT) {
			ret = -EINVAL;
			goto out;
		}
		pids[nr++] = pid;
		max_pid = max(max_pid, pid);
	}
	if (!nr)
		goto out;

	mutex_lock(&event_mutex);
	old = rcu_dereference_protected(pf->tr->events.pids[pf->which],
					lockdep_is_held(&event_mutex));
	list = pids_copy(old, max(max_pid + 1, (unsigned int)pid_max));
	if (list) {
		for (i = 0; i < nr; i++)
			set_bit(pids[i], list->bits);
		pids_install(pf->tr, pf->which, list);
	} else {
		ret = -ENOMEM;
	}
	mutex_unlock(&event_mutex);
out:
	kfree(pids);
	kfree(buf);
	return tracing_write_done(ret, cnt, ppos);
}

/* The two files differ only in the list they open. */
#define PIDS_FOPS(opener) {						\
	.open = opener, .release = pids_release, .write = pids_write,	\
	.read = seq_read, .llseek = seq_lseek,				\
}

static const struct file_operations pids_fops[] = {
	[PIDS_TRACE]	= PIDS_FOPS(pids_trace_open),
	[PIDS_NOTRACE]	= PIDS_FOPS(pids_notrace_open),
};

/**
 * trace_events_pid_create_files - create set_event_pid and set_event_notrace_pid
 * @tr:     the instance
 * @parent: its directory
 */
void trace_events_pid_create_files(struct trace_array *tr,
				   struct dentry *parent)
{
	trace_create_file("set_event_pid", TRACE_MODE_WRITE, parent, tr,
			  &pids_fops[PIDS_TRACE]);
	trace_create_file("set_event_notrace_pid", TRACE_MODE_WRITE, parent,
			  tr, &pids_fops[PIDS_NOTRACE]);
}
