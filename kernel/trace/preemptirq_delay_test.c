// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * preemptirq_delay_test.ko: sections of a known length with interrupts
 * or preemption off, for trying the irqsoff, preemptoff and
 * preemptirqsoff tracers (ftracetest's preemptirq/irqsoff_tracer.tc).
 *
 *   modprobe preemptirq_delay_test test_mode=irq delay=500000
 *
 * Loading runs one burst of sections in a kernel thread and returns
 * when it is over; writing anything to
 * /sys/kernel/preemptirq_delay_test/trigger runs another.
 */

#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/interrupt.h>
#include <linux/kobject.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/string.h>
#include <linux/sysfs.h>
#include <linux/trace_clock.h>

/* The longest section: longer ones would set off the lockup detectors. */
#define DELAY_MAX_US	(5 * USEC_PER_SEC)
#define BURST_MAX	10

static ulong delay = 100;
static char test_mode[12] = "irq";
static uint burst_size = 1;
static int cpu_affinity = -1;

module_param(delay, ulong, 0444);
module_param_string(test_mode, test_mode, sizeof(test_mode), 0444);
module_param(burst_size, uint, 0444);
module_param(cpu_affinity, int, 0444);
MODULE_PARM_DESC(delay, "Length of each section in microseconds (default 100, at most 5000000)");
MODULE_PARM_DESC(test_mode, "irq, preempt or alternate (default irq)");
MODULE_PARM_DESC(burst_size, "Sections per run, 1-10 (default 1)");
MODULE_PARM_DESC(cpu_affinity, "CPU to run on (default: any)");

enum section_kind { SECTION_IRQ, SECTION_PREEMPT, SECTION_ALTERNATE };

/* Serializes runs: the module's load and the trigger file. */
static DEFINE_MUTEX(run_lock);
static enum section_kind run_kind;
static DECLARE_COMPLETION(run_done);

/*
 * The tracers' default clock: it keeps counting with interrupts off,
 * where local_clock() may stop at the next tick when sched_clock is
 * unstable (a TCG guest whose TSC the clocksource watchdog rejected).
 */
static void spin_for(ulong usecs)
{
	u64 end = trace_clock_local() + (u64)usecs * NSEC_PER_USEC;

	while (trace_clock_local() < end)
		cpu_relax();
}

static noinline void irqs_off_section(void)
{
	unsigned long flags;

	local_irq_save(flags);
	spin_for(delay);
	local_irq_restore(flags);
}

static noinline void preempt_off_section(void)
{
	preempt_disable();
	spin_for(delay);
	preempt_enable();
}

static int sections_thread(void *unused)
{
	uint i;

	for (i = 0; i < burst_size; i++) {
		if (run_kind == SECTION_IRQ ||
		    (run_kind == SECTION_ALTERNATE && !(i & 1)))
			irqs_off_section();
		else
			preempt_off_section();
	}
	complete(&run_done);
	while (!kthread_should_stop()) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (!kthread_should_stop())
			schedule();
		__set_current_state(TASK_RUNNING);
	}
	return 0;
}

/* One burst of sections, in a thread on cpu_affinity if given. */
static int sections_run(void)
{
	struct task_struct *task;

	mutex_lock(&run_lock);
	reinit_completion(&run_done);
	task = kthread_create(sections_thread, NULL, "preemptirq_delay_test");
	if (IS_ERR(task)) {
		mutex_unlock(&run_lock);
		return PTR_ERR(task);
	}
	if (cpu_affinity >= 0)
		kthread_bind(task, cpu_affinity);
	wake_up_process(task);
	wait_for_completion(&run_done);
	kthread_stop(task);
	mutex_unlock(&run_lock);
	return 0;
}

static ssize_t trigger_store(struct kobject *kobj, struct kobj_attribute *attr,
			     const char *buf, size_t count)
{
	int ret = sections_run();

	return ret ? ret : count;
}

static struct kobj_attribute trigger_attr = __ATTR(trigger, 0200, NULL,
						   trigger_store);

static struct kobject *delay_kobj;

static int __init params_check(void)
{
	if (sysfs_streq(test_mode, "irq"))
		run_kind = SECTION_IRQ;
	else if (sysfs_streq(test_mode, "preempt"))
		run_kind = SECTION_PREEMPT;
	else if (sysfs_streq(test_mode, "alternate"))
		run_kind = SECTION_ALTERNATE;
	else
		return -EINVAL;
	if (delay > DELAY_MAX_US || !burst_size || burst_size > BURST_MAX)
		return -EINVAL;
	if (cpu_affinity >= 0 &&
	    (cpu_affinity >= nr_cpu_ids || !cpu_online(cpu_affinity)))
		return -EINVAL;
	if (cpu_affinity < -1)
		return -EINVAL;
	return 0;
}

/* /sys/kernel/preemptirq_delay_test/trigger */
static int __init trigger_file_add(void)
{
	int ret;

	delay_kobj = kobject_create_and_add("preemptirq_delay_test",
					    kernel_kobj);
	if (!delay_kobj)
		return -ENOMEM;
	ret = sysfs_create_file(delay_kobj, &trigger_attr.attr);
	if (ret) {
		kobject_put(delay_kobj);
		delay_kobj = NULL;
	}
	return ret;
}

static int __init preemptirq_delay_init(void)
{
	int ret = params_check();

	ret = ret ?: sections_run();
	return ret ?: trigger_file_add();
}

static void __exit preemptirq_delay_exit(void)
{
	kobject_put(delay_kobj);
}

module_init(preemptirq_delay_init);
module_exit(preemptirq_delay_exit);
MODULE_DESCRIPTION("Sections with interrupts or preemption off, for the latency tracers");
MODULE_LICENSE("GPL");
