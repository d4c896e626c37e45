// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The interrupt and preemption toggle hooks.
 *
 * With CONFIG_TRACE_IRQFLAGS, local_irq_disable() and friends call
 * trace_hardirqs_off() after interrupts went off and trace_hardirqs_on()
 * before they come back on; the entry code calls the noinstr halves
 * trace_hardirqs_off_finish() and trace_hardirqs_on_prepare() and does
 * lockdep's part itself.  With CONFIG_TRACE_PREEMPT_TOGGLE,
 * preempt_count_add() and preempt_count_sub() call trace_preempt_off()
 * and trace_preempt_on() when preemption is first disabled and last
 * enabled.  Each hook
 *
 *   - fires the preemptirq event (events/preemptirq/irq_disable,
 *     irq_enable, preempt_disable, preempt_enable), and
 *   - tells the irqsoff/preemptoff tracers, when one runs (a static
 *     branch, so that the hooks cost a per-CPU flag and two patched-out
 *     jumps otherwise);
 *   - the interrupt hooks also call lockdep_hardirqs_*().
 *
 * irq_disabled_seen (per CPU) makes each interrupts-off section report
 * one irq_disable and one irq_enable however many nested or raw toggles
 * the section holds.  It is only touched with interrupts off, by its CPU.
 *
 * NMI: the NMI entry code calls the noinstr halves too.  A section of
 * the interrupted code must not be cut in two by it, and without lockdep
 * the NMI exit does not call trace_hardirqs_on_prepare(), so in NMI the
 * hooks do lockdep's part only: no events, no state change, no tracer.
 *
 * Idle and early boot: on architectures with ARCH_WANTS_NO_INSTR the
 * hooks are only called where RCU watches, and call the events
 * directly; elsewhere they use the _rcuidle variants.  Before the
 * tracers and events are up the static branches are off.
 */

#include <linux/irqflags.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/ftrace.h>
#include <linux/percpu.h>

#define CREATE_TRACE_POINTS
#include <trace/events/preemptirq.h>

#include "trace_irqsoff.h"

#ifdef CONFIG_ARCH_WANTS_NO_INSTR
#define preemptirq_event(name, ip, pip)	trace_##name(ip, pip)
#else
#define preemptirq_event(name, ip, pip)	trace_##name##_rcuidle(ip, pip)
#endif

#ifdef CONFIG_TRACE_IRQFLAGS

static DEFINE_PER_CPU(int, irq_disabled_seen);

/*
 * The events and the tracers for "interrupts are going back on": only
 * once per section, and not in NMI.
 */
static __always_inline void irqs_on_report(unsigned long ip,
					   unsigned long pip)
{
	if (in_nmi() || !this_cpu_read(irq_disabled_seen))
		return;
	instrumentation_begin();
	preemptirq_event(irq_enable, ip, pip);
	if (irqsoff_tracer_active())
		tracer_hardirqs_on(ip, pip);
	instrumentation_end();
	this_cpu_write(irq_disabled_seen, 0);
}

/* And for "interrupts went off". */
static __always_inline void irqs_off_report(unsigned long ip,
					    unsigned long pip)
{
	if (in_nmi() || this_cpu_read(irq_disabled_seen))
		return;
	this_cpu_write(irq_disabled_seen, 1);
	instrumentation_begin();
	if (irqsoff_tracer_active())
		tracer_hardirqs_off(ip, pip);
	preemptirq_event(irq_disable, ip, pip);
	instrumentation_end();
}

/**
 * trace_hardirqs_on_prepare - interrupts are about to be enabled
 *
 * The tracing half of trace_hardirqs_on(), for entry code that calls
 * lockdep itself.  Interrupts are off.
 */
noinstr void trace_hardirqs_on_prepare(void)
{
	irqs_on_report(CALLER_ADDR0, CALLER_ADDR1);
}
EXPORT_SYMBOL(trace_hardirqs_on_prepare);

/**
 * trace_hardirqs_on - interrupts are about to be enabled
 *
 * Called by local_irq_enable() and local_irq_restore() with interrupts
 * still off.
 */
void trace_hardirqs_on(void)
{
	irqs_on_report(CALLER_ADDR0, CALLER_ADDR1);
	lockdep_hardirqs_on_prepare();
	lockdep_hardirqs_on(CALLER_ADDR0);
}
EXPORT_SYMBOL(trace_hardirqs_on);
NOKPROBE_SYMBOL(trace_hardirqs_on);

/**
 * trace_hardirqs_off_finish - interrupts were disabled
 *
 * The tracing half of trace_hardirqs_off(), for entry code that calls
 * lockdep itself.
 */
noinstr void trace_hardirqs_off_finish(void)
{
	irqs_off_report(CALLER_ADDR0, CALLER_ADDR1);
}
EXPORT_SYMBOL(trace_hardirqs_off_finish);

/**
 * trace_hardirqs_off - interrupts were disabled
 *
 * Called by local_irq_disable() and local_irq_save() with interrupts
 * off, when they were on before.
 */
void trace_hardirqs_off(void)
{
	lockdep_hardirqs_off(CALLER_ADDR0);
	irqs_off_report(CALLER_ADDR0, CALLER_ADDR1);
}
EXPORT_SYMBOL(trace_hardirqs_off);
NOKPROBE_SYMBOL(trace_hardirqs_off);

#endif /* CONFIG_TRACE_IRQFLAGS */

#ifdef CONFIG_TRACE_PREEMPT_TOGGLE

/**
 * trace_preempt_on - preemption is about to be enabled again
 * @a0: where
 * @a1: its caller
 *
 * Called by preempt_count_sub() when the count is about to drop to zero.
 */
void trace_preempt_on(unsigned long a0, unsigned long a1)
{
	if (in_nmi())
		return;
	preemptirq_event(preempt_enable, a0, a1);
	if (irqsoff_tracer_active())
		tracer_preempt_on(a0, a1);
}

/**
 * trace_preempt_off - preemption was disabled
 * @a0: where
 * @a1: its caller
 *
 * Called by preempt_count_add() when the count left zero.
 */
void trace_preempt_off(unsigned long a0, unsigned long a1)
{
	if (in_nmi())
		return;
	if (irqsoff_tracer_active())
		tracer_preempt_off(a0, a1);
	preemptirq_event(preempt_disable, a0, a1);
}

#endif /* CONFIG_TRACE_PREEMPT_TOGGLE */
