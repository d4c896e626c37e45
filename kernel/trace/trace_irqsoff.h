/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The link between the interrupt and preemption toggle hooks
 * (trace_preemptirq.c) and the critical-section latency tracers
 * (trace_irqsoff.c).  The hooks run on every local_irq_disable() and
 * every first preempt_disable(), so they reach the tracers only through
 * a static branch that is off unless one of the tracers runs.
 */
#ifndef _KERNEL_TRACE_TRACE_IRQSOFF_H
#define _KERNEL_TRACE_TRACE_IRQSOFF_H

#include <linux/jump_label.h>

#if defined(CONFIG_IRQSOFF_TRACER) || defined(CONFIG_PREEMPT_TRACER)
/* On while irqsoff, preemptoff or preemptirqsoff is the current tracer. */
DECLARE_STATIC_KEY_FALSE(irqsoff_tracer_key);

/*
 * The tracers' side of the hooks: @ip is where interrupts or preemption
 * were switched, @parent_ip its caller (0 when unknown).  Called with the
 * hooks' own state updated, in any context; they do nothing in NMI.
 */
void tracer_hardirqs_on(unsigned long ip, unsigned long parent_ip);
void tracer_hardirqs_off(unsigned long ip, unsigned long parent_ip);
void tracer_preempt_on(unsigned long ip, unsigned long parent_ip);
void tracer_preempt_off(unsigned long ip, unsigned long parent_ip);

static __always_inline bool irqsoff_tracer_active(void)
{
	return static_branch_unlikely(&irqsoff_tracer_key);
}
#else
static inline void tracer_hardirqs_on(unsigned long ip, unsigned long pip) { }
static inline void tracer_hardirqs_off(unsigned long ip, unsigned long pip) { }
static inline void tracer_preempt_on(unsigned long ip, unsigned long pip) { }
static inline void tracer_preempt_off(unsigned long ip, unsigned long pip) { }

static __always_inline bool irqsoff_tracer_active(void)
{
	return false;
}
#endif

#endif /* _KERNEL_TRACE_TRACE_IRQSOFF_H */
