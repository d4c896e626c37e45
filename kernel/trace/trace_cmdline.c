// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Records carry only the writer's pid; the trace shows its command name
 * (and, with record-tgid, its thread group) from this cache, read back
 * as saved_cmdlines and saved_tgids.
 *
 * The cache holds the last saved_cmdlines_size tasks saved: a ring of
 * slots, recycled oldest first, and an index from pid to slot.  A task
 * is saved:
 *   - by the trace_marker writers, after their record is committed;
 *   - when a task that wrote a record (any context: the writer only sets
 *     a per-CPU flag) is switched out, by a probe on sched_switch;
 *   - when such a task exits, by a probe on sched_process_exit: its last
 *     switch-out may come after its parent, woken by its exit, has
 *     already read the trace.
 * The probes are attached while something needs them: a tracer running,
 * an event enabled, or for good, once a kernel or module calls
 * trace_printk() or trace_array_printk().  When the last user stops they
 * are detached, so that the scheduler's tracepoints are off again (and a
 * single user, perf say, is called directly, not through the
 * tracepoint's iterator).  The sched_switch probe and the
 * marker writers use trylock and give up when the lock is busy: the
 * probe runs in the scheduler and must never wait.  The exit probe and
 * readers take the lock.
 */

#define pr_fmt(fmt) "tracing: " fmt

#include <linux/seq_file.h>
#include <linux/uaccess.h>
#include <linux/threads.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/mm.h>

#include <trace/events/sched.h>

#include "trace.h"

/*
 * Upstream's default cache holds 6552 tasks on 4K pages (its buffer of
 * 128 entries is rounded up to the pages its pid map already needs);
 * with fewer, a busy machine's traces soon show "<...>" for the tasks
 * trace-cmd and perf report.  At 24 bytes a slot plus the u16 index this
 * is 221K against upstream's 256K.
 */
#define SAVED_CMDLINES_DEFAULT	6552
/* The pid index has one entry per pid modulo this. */
#define CMDLINE_INDEX_SIZE	PID_MAX_DEFAULT

struct cmdline_slot {
	int	pid;
	int	tgid;
	char	comm[TASK_COMM_LEN];
};

/**
 * struct cmdline_cache - the pid -> comm/tgid cache
 * @nr:    number of slots
 * @next:  the slot recycled next
 * @index: by pid % CMDLINE_INDEX_SIZE, the slot number plus one (0: none);
 *         a hit is confirmed by the slot's pid
 * @slots: the slots
 */
struct cmdline_cache {
	unsigned int		nr;
	unsigned int		next;
	u16			*index;
	struct cmdline_slot	slots[];
};

/*
 * cmdline_lock protects the cache the pointer designates and the pointer
 * itself; it is taken with interrupts disabled.
 */
static arch_spinlock_t cmdline_lock = __ARCH_SPIN_LOCK_UNLOCKED;
static struct cmdline_cache *cmdlines;
/* Serializes resizing and attaching the probes; protects cmdline_users. */
static DEFINE_MUTEX(cmdline_mutex);
/* trace_cmdline_start() calls not yet matched by trace_cmdline_stop() */
static unsigned int cmdline_users;
/* Set while ftrace_dump() runs: lookups must not wait for the lock. */
static bool cmdline_dumping;

DEFINE_PER_CPU(bool, trace_taskinfo_pending);

static struct cmdline_cache *cmdline_cache_alloc(unsigned int nr)
{
	struct cmdline_cache *c;

	c = kvzalloc(struct_size(c, slots, nr), GFP_KERNEL);
	if (!c)
		return NULL;
	c->index = kvcalloc(CMDLINE_INDEX_SIZE, sizeof(*c->index), GFP_KERNEL);
	if (!c->index) {
		kvfree(c);
		return NULL;
	}
	c->nr = nr;
	return c;
}

static void cmdline_cache_free(struct cmdline_cache *c)
{
	if (!c)
		return;
	kvfree(c->index);
	kvfree(c);
}

static unsigned int cmdline_index(int pid)
{
	return (unsigned int)pid % CMDLINE_INDEX_SIZE;
}

static struct cmdline_slot *cmdline_lookup(struct cmdline_cache *c, int pid)
{
	unsigned int slot = c->index[cmdline_index(pid)];

	if (slot && c->slots[slot - 1].pid == pid)
		return &c->slots[slot - 1];
	return NULL;
}

/* Save @tsk in the cache.  cmdline_lock held. */
static void cmdline_save(struct task_struct *tsk)
{
	struct cmdline_cache *c = cmdlines;
	struct cmdline_slot *s;

	if (!c || !tsk->pid)
		return;

	s = cmdline_lookup(c, tsk->pid);
	if (!s) {
		s = &c->slots[c->next];
		/* The slot's previous owner loses its index entry. */
		if (s->pid && c->index[cmdline_index(s->pid)] == c->next + 1)
			c->index[cmdline_index(s->pid)] = 0;
		c->index[cmdline_index(tsk->pid)] = c->next + 1;
		s->pid = tsk->pid;
		c->next = (c->next + 1) % c->nr;
	}
	/* comm may be changing under us: copy it whole and terminate it. */
	memcpy(s->comm, tsk->comm, TASK_COMM_LEN);
	s->comm[TASK_COMM_LEN - 1] = '\0';
	s->tgid = tsk->tgid;
}

static bool cmdline_wanted(void)
{
	/* option bits: trace_set_opt() (trace_types_lock), any time */
	return READ_ONCE(global_trace.flags) &
	       (TRACE_OPT(RECORD_CMD) | TRACE_OPT(RECORD_TGID));
}

/* Save @tsk if the lock is free.  Interrupts disabled. */
static bool cmdline_try_save(struct task_struct *tsk)
{
	if (!arch_spin_trylock(&cmdline_lock))
		return false;
	cmdline_save(tsk);
	arch_spin_unlock(&cmdline_lock);
	return true;
}

/**
 * trace_save_current_taskinfo - save the current task's comm and tgid
 *
 * For writers in task context, after they committed a record.
 */
void trace_save_current_taskinfo(void)
{
	unsigned long flags;

	if (!cmdline_wanted())
		return;
	local_irq_save(flags);
	cmdline_try_save(current);
	local_irq_restore(flags);
}

/* Called with interrupts disabled by the scheduler. */
static void notrace probe_sched_switch(void *data, bool preempt,
				       struct task_struct *prev,
				       struct task_struct *next,
				       unsigned int prev_state)
{
	if (!this_cpu_read(trace_taskinfo_pending) || !cmdline_wanted())
		return;
	if (cmdline_try_save(prev))
		this_cpu_write(trace_taskinfo_pending, false);
}

/*
 * In do_exit(), preemption disabled by the tracepoint: the exiting task
 * is current, and the pending flag was last set by it or by interrupts
 * on this CPU.  It may wait for the lock: no scheduler lock is held, and
 * no holder of cmdline_lock waits for anything.
 */
static void notrace probe_sched_process_exit(void *data,
					     struct task_struct *p)
{
	unsigned long flags;

	if (!this_cpu_read(trace_taskinfo_pending) || !cmdline_wanted())
		return;
	local_irq_save(flags);
	arch_spin_lock(&cmdline_lock);
	cmdline_save(p);
	arch_spin_unlock(&cmdline_lock);
	local_irq_restore(flags);
}

/**
 * trace_cmdline_start - save the comms of tasks that write records
 *
 * Attaches the sched_switch and sched_process_exit probes if no one else
 * holds them.  Each call is matched by trace_cmdline_stop(), but for the
 * trace_printk() users', which last.  Sleeps.
 */
void trace_cmdline_start(void)
{
	int ret;

	guard(mutex)(&cmdline_mutex);
	if (cmdline_users++)
		return;
	ret = register_trace_sched_switch(probe_sched_switch, NULL);
	if (ret)
		pr_warn("cannot hook sched_switch (%d): trace_printk() records may show <...> for the task\n",
			ret);
	ret = register_trace_sched_process_exit(probe_sched_process_exit, NULL);
	if (ret)
		pr_warn("cannot hook sched_process_exit (%d): records of a task that just exited may show <...>\n",
			ret);
}

/**
 * trace_cmdline_stop - a trace_cmdline_start() user is done
 *
 * The last one detaches the probes.  Tasks that wrote records and are
 * not switched out yet keep their pending mark, and are saved when the
 * probes come back or by a later record of theirs.  Sleeps.
 */
void trace_cmdline_stop(void)
{
	guard(mutex)(&cmdline_mutex);
	if (WARN_ON_ONCE(!cmdline_users) || --cmdline_users)
		return;
	/*
	 * The probes are built in and take no data: calls still in flight
	 * on other CPUs need no wait.  Unregistering a probe that failed to
	 * register returns -ENOENT, nothing else.
	 */
	unregister_trace_sched_switch(probe_sched_switch, NULL);
	unregister_trace_sched_process_exit(probe_sched_process_exit, NULL);
}

/**
 * trace_cmdline_dumping - ftrace_dump() starts or ends
 * @dumping: true while it runs
 */
void trace_cmdline_dumping(bool dumping)
{
	/*
	 * ftrace_dump(), from an oops or sysrq on one CPU, while readers
	 * on any CPU test it in cmdline_read_lock().  No ordering: a reader
	 * that misses it spins on cmdline_lock as usual, which the dumping
	 * CPU does not hold across the dump.
	 */
	WRITE_ONCE(cmdline_dumping, dumping);
}

/* Lock for a reader; false if ftrace_dump() must go without. */
static bool cmdline_read_lock(unsigned long *flags)
{
	local_irq_save(*flags);
	/* set by trace_cmdline_dumping() on the dumping CPU; see there */
	if (READ_ONCE(cmdline_dumping)) {
		if (arch_spin_trylock(&cmdline_lock))
			return true;
		local_irq_restore(*flags);
		return false;
	}
	arch_spin_lock(&cmdline_lock);
	return true;
}

static void cmdline_read_unlock(unsigned long flags)
{
	arch_spin_unlock(&cmdline_lock);
	local_irq_restore(flags);
}

/**
 * trace_find_cmdline - the command name of a pid, for the trace output
 * @pid:  the pid a record carries
 * @comm: TASK_COMM_LEN bytes for the name
 *
 * "<idle>" for pid 0, "<...>" for a pid not in the cache.
 */
void trace_find_cmdline(int pid, char comm[])
{
	struct cmdline_slot *s;
	unsigned long flags;

	if (!pid) {
		strscpy(comm, "<idle>", TASK_COMM_LEN);
		return;
	}
	strscpy(comm, "<...>", TASK_COMM_LEN);
	if (pid < 0 || !cmdline_read_lock(&flags))
		return;
	if (cmdlines) {
		s = cmdline_lookup(cmdlines, pid);
		if (s)
			strscpy(comm, s->comm, TASK_COMM_LEN);
	}
	cmdline_read_unlock(flags);
}

/**
 * trace_find_tgid - the thread group of a pid, for the trace output
 * @pid: the pid a record carries
 *
 * Return: the tgid, or 0 if unknown.
 */
int trace_find_tgid(int pid)
{
	struct cmdline_slot *s;
	unsigned long flags;
	int tgid = 0;

	if (pid <= 0 || !cmdline_read_lock(&flags))
		return 0;
	if (cmdlines) {
		s = cmdline_lookup(cmdlines, pid);
		if (s)
			tgid = s->tgid;
	}
	cmdline_read_unlock(flags);
	return tgid;
}

/* --- saved_cmdlines and saved_tgids ---------------------------------------- */

/*
 * The files show a copy taken at open, so that printing them never holds
 * the lock the scheduler's probe wants.
 */
struct cmdline_snapshot {
	bool			tgids;	/* saved_tgids, not saved_cmdlines */
	unsigned int		nr;
	struct cmdline_slot	slots[];
};

static int cmdline_slot_cmp_pid(const void *a, const void *b)
{
	const struct cmdline_slot *x = a, *y = b;

	return x->pid - y->pid;
}

/*
 * A copy of the cache; saved_tgids' sorted by pid, as upstream's (which
 * keeps tgids in a table indexed by pid).
 */
static struct cmdline_snapshot *cmdline_snapshot_take(bool tgids)
{
	struct cmdline_snapshot *snap;
	unsigned long flags;
	unsigned int nr, i;

	mutex_lock(&cmdline_mutex);
	nr = cmdlines ? cmdlines->nr : 0;
	snap = kvmalloc(struct_size(snap, slots, nr), GFP_KERNEL);
	if (snap) {
		snap->tgids = tgids;
		snap->nr = 0;
		local_irq_save(flags);
		arch_spin_lock(&cmdline_lock);
		for (i = 0; i < nr; i++) {
			struct cmdline_slot *s = &cmdlines->slots[i];

			if (s->pid && (!tgids || s->tgid))
				snap->slots[snap->nr++] = *s;
		}
		arch_spin_unlock(&cmdline_lock);
		local_irq_restore(flags);
	}
	mutex_unlock(&cmdline_mutex);
	if (snap && tgids)
		sort(snap->slots, snap->nr, sizeof(snap->slots[0]),
		     cmdline_slot_cmp_pid, NULL);
	return snap;
}

static void *snap_start(struct seq_file *m, loff_t *pos)
{
	struct cmdline_snapshot *snap = m->private;

	return *pos < snap->nr ? &snap->slots[*pos] : NULL;
}

static void *snap_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return snap_start(m, pos);
}

static void snap_stop(struct seq_file *m, void *v)
{
}

/* saved_cmdlines: "<pid> <comm>"; saved_tgids: "<pid> <tgid>". */
static int snap_show(struct seq_file *m, void *v)
{
	struct cmdline_snapshot *snap = m->private;
	struct cmdline_slot *s = v;

	if (snap->tgids)
		seq_printf(m, "%d %d\n", s->pid, s->tgid);
	else
		seq_printf(m, "%d %s\n", s->pid, s->comm);
	return 0;
}

static const struct seq_operations cmdline_snap_seq_ops = {
	.start	= snap_start,
	.next	= snap_next,
	.stop	= snap_stop,
	.show	= snap_show,
};

/* Open saved_cmdlines, or saved_tgids when the inode data says so. */
static int cmdline_snap_open(struct inode *inode, struct file *filp)
{
	struct cmdline_snapshot *snap;
	int ret;

	ret = tracing_check_open(NULL);
	if (ret)
		return ret;
	snap = cmdline_snapshot_take(!!inode->i_private);
	return tracing_seq_open_copy(filp, &cmdline_snap_seq_ops, snap);
}

static const struct file_operations cmdline_snap_fops = {
	.open		= cmdline_snap_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= tracing_seq_release_copy,
};

static ssize_t saved_cmdlines_size_read(struct file *filp, char __user *ubuf,
					size_t cnt, loff_t *ppos)
{
	char buf[16];
	int len;

	mutex_lock(&cmdline_mutex);
	len = scnprintf(buf, sizeof(buf), "%u\n", cmdlines ? cmdlines->nr : 0);
	mutex_unlock(&cmdline_mutex);
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

/* A new size starts an empty cache; the old one is freed. */
static ssize_t saved_cmdlines_size_write(struct file *filp,
					 const char __user *ubuf,
					 size_t cnt, loff_t *ppos)
{
	struct cmdline_cache *c, *old;
	unsigned long val, flags;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &val);
	if (ret)
		return ret;
	if (!val || val > PID_MAX_DEFAULT)
		return -EINVAL;

	c = cmdline_cache_alloc(val);
	if (!c)
		return -ENOMEM;

	mutex_lock(&cmdline_mutex);
	local_irq_save(flags);
	arch_spin_lock(&cmdline_lock);
	old = cmdlines;
	cmdlines = c;
	arch_spin_unlock(&cmdline_lock);
	local_irq_restore(flags);
	mutex_unlock(&cmdline_mutex);

	cmdline_cache_free(old);
	*ppos += cnt;
	return cnt;
}

static const struct file_operations saved_cmdlines_size_fops =
	TRACING_TR_FOPS(saved_cmdlines_size_read, saved_cmdlines_size_write,
			generic_file_llseek);

/**
 * trace_cmdline_create_files - saved_cmdlines, saved_cmdlines_size, saved_tgids
 * @parent: the tracefs directory
 */
void __init trace_cmdline_create_files(struct dentry *parent)
{
	/* The inode data only tells the two snapshot files apart. */
	trace_create_file("saved_cmdlines", TRACE_MODE_READ, parent, NULL,
			  &cmdline_snap_fops);
	trace_create_file("saved_cmdlines_size", TRACE_MODE_WRITE, parent,
			  &global_trace, &saved_cmdlines_size_fops);
	trace_create_file("saved_tgids", TRACE_MODE_READ, parent, &global_trace,
			  &cmdline_snap_fops);
}

/**
 * trace_cmdline_init - allocate the cache
 *
 * Return: 0 or -ENOMEM.
 */
int __init trace_cmdline_init(void)
{
	cmdlines = cmdline_cache_alloc(SAVED_CMDLINES_DEFAULT);
	return cmdlines ? 0 : -ENOMEM;
}
