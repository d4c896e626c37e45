// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * trace_acct_test.ko: numbered records written from every context of
 * every CPU, for the record accounting test stress/no-lost-events
 * (tools/testing/vm/fuzz/no-lost-events.c).  Loading it does nothing
 * but make /sys/kernel/debug/trace_acct_test/.  Writing
 *
 *	<instance> <records>
 *
 * to its "start" file takes a reference on instances/<instance> (made if
 * there is none) and starts, on every online CPU, four sources that
 * each write <records> trace_array_printk() lines (TRACE_PRINT records)
 *
 *	kacct <ctx> <cpu> <seq>
 *
 * with seq 0, 1, ... <records> - 1:
 *
 *	irq      a pinned hrtimer expiring in hard interrupt context,
 *	softirq  a pinned hrtimer expiring in softirq context (HRTIMER_SOFTIRQ),
 *	         each writing ACCT_BATCH records per expiry;
 *	nmi      the NMI handler, ACCT_BATCH records per NMI the CPU sends
 *	         itself from a third pinned hard hrtimer (x86's local APIC);
 *	task     a kthread bound to the CPU.
 *
 * A record trace_array_printk() did not write (it returned 0: the ring
 * was full with overwrite off, or the writer was refused as recursing)
 * counts as refused; its number is not written again.  When every source
 * has written its records, the reference on the instance is dropped (so
 * that it can be removed) and the run is over.  A second start while one
 * runs is refused with EBUSY.  The read-only "stats" file shows
 *
 *	state: running|idle
 *	cpu<N> <ctx>: written <attempts> refused <refused>
 *
 * for each CPU of the last run and each context.
 */

#include <linux/cpu.h>
#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/hrtimer.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/seq_file.h>
#include <linux/trace.h>
#include <linux/uaccess.h>
#include <linux/workqueue.h>
#include <asm/apic.h>
#include <asm/nmi.h>

#define ACCT_BATCH		16	/* records per timer expiry */
#define ACCT_PERIOD_NS		(500 * NSEC_PER_USEC)
#define ACCT_MAX_RECORDS	10000000UL
#define ACCT_NAME_MAX		64

enum acct_ctx { ACCT_IRQ, ACCT_SOFTIRQ, ACCT_NMI, ACCT_TASK, ACCT_NR_CTX };

static const char * const acct_ctx_name[ACCT_NR_CTX] = {
	[ACCT_IRQ]	= "irq",
	[ACCT_SOFTIRQ]	= "softirq",
	[ACCT_NMI]	= "nmi",
	[ACCT_TASK]	= "task",
};

/*
 * One source.  @written and @refused are stored only by the source
 * itself (its timer callback or its kthread, on its CPU) and read by
 * "stats" without a lock; they are reset by acct_start() before the
 * source runs.
 */
struct acct_source {
	union {
		struct hrtimer		timer;	/* ACCT_IRQ, _SOFTIRQ, _NMI */
		struct task_struct	*task;	/* ACCT_TASK, under acct_lock */
	};
	unsigned long	written;	/* attempts, the next seq */
	unsigned long	refused;
	unsigned int	cpu;
	enum acct_ctx	ctx;
	/*
	 * ACCT_NMI: set by the source's timer before it sends its CPU an
	 * NMI, cleared by the NMI handler when it has written its batch.
	 * Only that CPU writes it while the source runs; acct_stop() reads
	 * it from another CPU after cancelling the timer.
	 */
	bool		nmi_pending;
};

struct acct_cpu {
	struct acct_source	src[ACCT_NR_CTX];
};

static DEFINE_PER_CPU(struct acct_cpu, acct_cpus);

/*
 * acct_lock serializes starting and stopping a run, and "stats".  It
 * protects acct_tr, acct_records, acct_mask and the kthreads.  The
 * sources read acct_tr and acct_records without it: both are set before
 * any source starts and change only after every source has stopped.
 */
static DEFINE_MUTEX(acct_lock);
static struct trace_array *acct_tr;	/* the run's instance; NULL: idle */
static unsigned long acct_records;	/* records per source */
static struct cpumask acct_mask;	/* the CPUs of the last run */

/* Sources of the run still writing; the last one queues acct_end_work. */
static atomic_t acct_left;

static struct dentry *acct_dir;

static void acct_write(struct acct_source *src)
{
	if (trace_array_printk(acct_tr, _THIS_IP_, "kacct %s %u %lu\n",
			       acct_ctx_name[src->ctx], src->cpu,
			       src->written) <= 0)
		WRITE_ONCE(src->refused, src->refused + 1);
	WRITE_ONCE(src->written, src->written + 1);
}

static void acct_end(struct work_struct *work);
static DECLARE_WORK(acct_end_work, acct_end);

static void acct_source_done(void)
{
	if (atomic_dec_and_test(&acct_left))
		queue_work(system_wq, &acct_end_work);
}

static enum hrtimer_restart acct_timer_fn(struct hrtimer *timer)
{
	struct acct_source *src = container_of(timer, struct acct_source,
					       timer);
	int i;

	for (i = 0; i < ACCT_BATCH && src->written < acct_records; i++)
		acct_write(src);
	if (src->written == acct_records) {
		acct_source_done();
		return HRTIMER_NORESTART;
	}
	hrtimer_forward_now(timer, ns_to_ktime(ACCT_PERIOD_NS));
	return HRTIMER_RESTART;
}

/*
 * The NMI source's timer: while records are left, asks for one more
 * batch by an NMI to this CPU.  The source ends here, not in the NMI
 * handler, which may not queue work.
 */
static enum hrtimer_restart acct_nmi_timer_fn(struct hrtimer *timer)
{
	struct acct_source *src = container_of(timer, struct acct_source,
					       timer);

	if (READ_ONCE(src->written) == acct_records) {
		acct_source_done();
		return HRTIMER_NORESTART;
	}
	if (!READ_ONCE(src->nmi_pending)) {
		WRITE_ONCE(src->nmi_pending, true);
		__apic_send_IPI_mask(cpumask_of(src->cpu), NMI_VECTOR);
	}
	hrtimer_forward_now(timer, ns_to_ktime(ACCT_PERIOD_NS));
	return HRTIMER_RESTART;
}

/* Called for every NMI: ours are those acct_nmi_timer_fn() sent. */
static int acct_nmi(unsigned int type, struct pt_regs *regs)
{
	struct acct_source *src = this_cpu_ptr(&acct_cpus.src[ACCT_NMI]);
	int i;

	if (!READ_ONCE(src->nmi_pending))
		return NMI_DONE;
	for (i = 0; i < ACCT_BATCH && src->written < acct_records; i++)
		acct_write(src);
	WRITE_ONCE(src->nmi_pending, false);
	return NMI_HANDLED;
}

/* Writes its records, then waits for acct_stop() to stop it. */
static int acct_task_fn(void *data)
{
	struct acct_source *src = data;

	while (!kthread_should_stop() && src->written < acct_records) {
		acct_write(src);
		if (src->written == acct_records)
			acct_source_done();
		cond_resched();
	}
	set_current_state(TASK_INTERRUPTIBLE);
	while (!kthread_should_stop()) {
		schedule();
		set_current_state(TASK_INTERRUPTIBLE);
	}
	__set_current_state(TASK_RUNNING);
	return 0;
}

/* Runs on each CPU of the run: pinned timers expire where they start. */
static void acct_arm(void *unused)
{
	struct acct_cpu *ac = this_cpu_ptr(&acct_cpus);
	ktime_t period = ns_to_ktime(ACCT_PERIOD_NS);

	hrtimer_start(&ac->src[ACCT_IRQ].timer, period,
		      HRTIMER_MODE_REL_PINNED_HARD);
	hrtimer_start(&ac->src[ACCT_SOFTIRQ].timer, period,
		      HRTIMER_MODE_REL_PINNED_SOFT);
	hrtimer_start(&ac->src[ACCT_NMI].timer, period,
		      HRTIMER_MODE_REL_PINNED_HARD);
}

/*
 * An NMI the source's timer sent before it was cancelled is still to
 * come: wait for it, as it writes to the instance about to be put.
 */
static void acct_nmi_drain(struct acct_source *src)
{
	while (READ_ONCE(src->nmi_pending))
		usleep_range(100, 200);
}

/* Stops every source and drops the instance.  Under acct_lock. */
static void acct_stop(void)
{
	struct acct_cpu *ac;
	int cpu;

	lockdep_assert_held(&acct_lock);
	if (!acct_tr)
		return;
	for_each_cpu(cpu, &acct_mask) {
		ac = per_cpu_ptr(&acct_cpus, cpu);
		hrtimer_cancel(&ac->src[ACCT_IRQ].timer);
		hrtimer_cancel(&ac->src[ACCT_SOFTIRQ].timer);
		hrtimer_cancel(&ac->src[ACCT_NMI].timer);
		acct_nmi_drain(&ac->src[ACCT_NMI]);
		if (ac->src[ACCT_TASK].task)
			kthread_stop(ac->src[ACCT_TASK].task);
		ac->src[ACCT_TASK].task = NULL;
	}
	trace_array_put(acct_tr);
	acct_tr = NULL;
}

static void acct_end(struct work_struct *work)
{
	guard(mutex)(&acct_lock);
	acct_stop();
}

static int acct_start_cpus(void)
{
	struct task_struct *task;
	struct acct_cpu *ac;
	int cpu, ctx;

	cpumask_copy(&acct_mask, cpu_online_mask);
	for_each_cpu(cpu, &acct_mask) {
		ac = per_cpu_ptr(&acct_cpus, cpu);
		for (ctx = 0; ctx < ACCT_NR_CTX; ctx++) {
			ac->src[ctx].written = 0;
			ac->src[ctx].refused = 0;
			ac->src[ctx].nmi_pending = false;
		}
		task = kthread_create_on_cpu(acct_task_fn,
					     &ac->src[ACCT_TASK], cpu,
					     "kacct/%u");
		if (IS_ERR(task))
			return PTR_ERR(task);
		ac->src[ACCT_TASK].task = task;
	}
	atomic_set(&acct_left, ACCT_NR_CTX * cpumask_weight(&acct_mask));
	for_each_cpu(cpu, &acct_mask)
		wake_up_process(per_cpu_ptr(&acct_cpus, cpu)->src[ACCT_TASK].task);
	on_each_cpu(acct_arm, NULL, 1);
	return 0;
}

static int acct_start(const char *name, unsigned long records)
{
	struct trace_array *tr;
	int ret;

	guard(mutex)(&acct_lock);
	if (acct_tr)
		return -EBUSY;
	tr = trace_array_get_by_name(name, NULL);
	if (!tr)
		return -EINVAL;
	ret = trace_array_init_printk(tr);
	if (ret) {
		trace_array_put(tr);
		return ret;
	}
	acct_tr = tr;
	acct_records = records;
	/* The online CPUs stay those of acct_mask while the sources start. */
	cpus_read_lock();
	ret = acct_start_cpus();
	if (ret)
		acct_stop();
	cpus_read_unlock();
	return ret;
}

static ssize_t acct_start_write(struct file *file, const char __user *ubuf,
				size_t count, loff_t *ppos)
{
	char buf[ACCT_NAME_MAX + 32], name[ACCT_NAME_MAX];
	unsigned long records;
	int ret;

	if (count >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	buf[count] = '\0';
	if (sscanf(buf, "%63s %lu", name, &records) != 2 || !records ||
	    records > ACCT_MAX_RECORDS)
		return -EINVAL;
	ret = acct_start(name, records);
	return ret ? ret : count;
}

static const struct file_operations acct_start_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.write	= acct_start_write,
	.llseek	= noop_llseek,
};

static int acct_stats_show(struct seq_file *m, void *unused)
{
	struct acct_source *src;
	int cpu, ctx;

	guard(mutex)(&acct_lock);
	seq_printf(m, "state: %s\n", acct_tr ? "running" : "idle");
	for_each_cpu(cpu, &acct_mask) {
		for (ctx = 0; ctx < ACCT_NR_CTX; ctx++) {
			src = &per_cpu_ptr(&acct_cpus, cpu)->src[ctx];
			seq_printf(m, "cpu%d %s: written %lu refused %lu\n",
				   cpu, acct_ctx_name[ctx],
				   READ_ONCE(src->written),
				   READ_ONCE(src->refused));
		}
	}
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(acct_stats);

static int __init trace_acct_test_init(void)
{
	struct acct_source *src;
	int cpu, ctx, ret;

	for_each_possible_cpu(cpu) {
		for (ctx = 0; ctx < ACCT_NR_CTX; ctx++) {
			src = &per_cpu_ptr(&acct_cpus, cpu)->src[ctx];
			src->cpu = cpu;
			src->ctx = ctx;
		}
		src = per_cpu_ptr(&acct_cpus, cpu)->src;
		hrtimer_init(&src[ACCT_IRQ].timer, CLOCK_MONOTONIC,
			     HRTIMER_MODE_REL_HARD);
		src[ACCT_IRQ].timer.function = acct_timer_fn;
		hrtimer_init(&src[ACCT_SOFTIRQ].timer, CLOCK_MONOTONIC,
			     HRTIMER_MODE_REL_SOFT);
		src[ACCT_SOFTIRQ].timer.function = acct_timer_fn;
		hrtimer_init(&src[ACCT_NMI].timer, CLOCK_MONOTONIC,
			     HRTIMER_MODE_REL_HARD);
		src[ACCT_NMI].timer.function = acct_nmi_timer_fn;
	}
	ret = register_nmi_handler(NMI_LOCAL, acct_nmi, 0, "trace_acct_test");
	if (ret)
		return ret;
	acct_dir = debugfs_create_dir("trace_acct_test", NULL);
	debugfs_create_file("start", 0200, acct_dir, NULL, &acct_start_fops);
	debugfs_create_file("stats", 0444, acct_dir, NULL, &acct_stats_fops);
	return 0;
}

static void __exit trace_acct_test_exit(void)
{
	/* No start or stats call runs after this. */
	debugfs_remove_recursive(acct_dir);
	mutex_lock(&acct_lock);
	acct_stop();
	mutex_unlock(&acct_lock);
	/* Queued by a source that ended before acct_stop(); it finds idle. */
	cancel_work_sync(&acct_end_work);
	unregister_nmi_handler(NMI_LOCAL, "trace_acct_test");
}

module_init(trace_acct_test_init);
module_exit(trace_acct_test_exit);

MODULE_DESCRIPTION("Numbered trace_array_printk() records from every context of every CPU, for stress/no-lost-events");
MODULE_LICENSE("GPL");
