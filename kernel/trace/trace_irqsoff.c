// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The critical-section latency tracers:
 *
 *   irqsoff         how long interrupts stay disabled
 *   preemptoff      how long preemption stays disabled
 *   preemptirqsoff  how long either stays disabled: a section opens when
 *                   the first of the two goes off and closes when both
 *                   are back on
 *
 * The toggle hooks (trace_preemptirq.c) call tracer_hardirqs_*() and
 * tracer_preempt_*() while one of these is the current tracer.  When a
 * section opens on a CPU, the tracer notes the time and writes a TRACE_FN
 * line for the place; with options/function-trace every function called
 * on that CPU until the section closes gets one too.  When it closes and
 * lasted longer than tracing_max_latency (or at least tracing_thresh,
 * when that is set), the tracer writes the closing place and the stack,
 * and trace_latency_update() swaps the CPU's ring into the max buffer,
 * where "trace" shows it under the latency header.
 *
 * stop_critical_timings() and start_critical_timings() close and reopen
 * the section around code that waits with interrupts off on purpose
 * (the idle loop, console drivers).
 *
 * Each CPU's section state (struct irqsoff_section) is only touched by
 * its CPU, with interrupts off; @busy keeps the tracer's own interrupt
 * and preemption toggles (the ring buffer, trace_max_lock) out of it.
 * Sections in NMI are not timed (the hooks leave NMI alone).
 */

#include <linux/ftrace.h>
#include <linux/irqflags.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/percpu.h>

#include "trace_irqsoff.h"
#include "trace_latency.h"

/* What the running tracer times. */
#define SECT_IRQS	BIT(0)
#define SECT_PREEMPT	BIT(1)

/**
 * struct irqsoff_section - the section open on one CPU
 * @start:        trace clock time it opened at
 * @start_ip:     where it opened
 * @start_parent: that place's caller, or 0
 * @open:         a section is being timed
 * @busy:         the tracer itself runs on this CPU
 */
struct irqsoff_section {
	u64		start;
	unsigned long	start_ip;
	unsigned long	start_parent;
	bool		open;
	bool		busy;
};

static DEFINE_PER_CPU(struct irqsoff_section, irqsoff_sections);

DEFINE_STATIC_KEY_FALSE(irqsoff_tracer_key);

/*
 * The running tracer: set by its init and cleared by its reset, both
 * under trace_types_lock, with irqsoff_tracer_key off; the hooks read
 * them.  irqsoff_function_on: the function-trace ops are registered.
 */
static struct trace_array *irqsoff_trace;
static unsigned int irqsoff_mode;
static bool irqsoff_running;
static bool irqsoff_function_on;

/* --- sections ------------------------------------------------------------- */

static void section_open(unsigned long ip, unsigned long parent_ip)
{
	struct trace_array *tr = irqsoff_trace;
	struct irqsoff_section *s;
	unsigned long flags;

	raw_local_irq_save(flags);
	s = this_cpu_ptr(&irqsoff_sections);
	if (s->open || s->busy || !READ_ONCE(irqsoff_running) ||
	    !tracer_tracing_is_on(tr))
		goto out;
	s->busy = true;
	s->start = trace_latency_now(tr);
	s->start_ip = ip;
	s->start_parent = parent_ip;
	trace_latency_function(tr, ip, parent_ip, tracing_gen_ctx_flags(flags));
	s->open = true;
	s->busy = false;
out:
	raw_local_irq_restore(flags);
}

/* A section of @s closed at @ip: keep its trace if it is a new maximum. */
static void section_report(struct trace_array *tr, struct irqsoff_section *s,
			   unsigned long ip, unsigned long parent_ip,
			   unsigned long flags)
{
	struct trace_max_info info = {};
	unsigned int trace_ctx;

	info.latency = trace_latency_now(tr) - s->start;
	if (!trace_latency_is_new_max(info.latency))
		return;
	trace_ctx = tracing_gen_ctx_flags(flags);
	trace_latency_function(tr, ip, parent_ip, trace_ctx);
	trace_record_kernel_stack(tr, trace_ctx, ip, 0);
	info.time_start = s->start;
	info.critical_start = s->start_parent ?: s->start_ip;
	info.critical_end = parent_ip ?: ip;
	info.cpu = smp_processor_id();
	trace_latency_update(tr, current, &info, false);
}

static void section_close(unsigned long ip, unsigned long parent_ip)
{
	struct trace_array *tr = irqsoff_trace;
	struct irqsoff_section *s;
	unsigned long flags;

	raw_local_irq_save(flags);
	s = this_cpu_ptr(&irqsoff_sections);
	if (!s->open || s->busy)
		goto out;
	/* Closed first: what reporting calls is not part of the section. */
	s->open = false;
	s->busy = true;
	if (READ_ONCE(irqsoff_running))
		section_report(tr, s, ip, parent_ip, flags);
	s->busy = false;
out:
	raw_local_irq_restore(flags);
}

/* Does what the running tracer times hold on this CPU right now? */
static bool section_held(void)
{
	unsigned int mode = READ_ONCE(irqsoff_mode);

	return ((mode & SECT_IRQS) && irqs_disabled()) ||
	       ((mode & SECT_PREEMPT) && preempt_count());
}

/* --- the hooks' side ---------------------------------------------------------- */

/**
 * tracer_hardirqs_off - interrupts went off at @ip
 * @ip:        where
 * @parent_ip: its caller, or 0
 */
void tracer_hardirqs_off(unsigned long ip, unsigned long parent_ip)
{
	if (READ_ONCE(irqsoff_mode) & SECT_IRQS)
		section_open(ip, parent_ip);
}

/**
 * tracer_hardirqs_on - interrupts are going back on at @ip
 * @ip:        where
 * @parent_ip: its caller, or 0
 *
 * Under preemptirqsoff a section with preemption still off goes on.
 */
void tracer_hardirqs_on(unsigned long ip, unsigned long parent_ip)
{
	unsigned int mode = READ_ONCE(irqsoff_mode);

	if (!(mode & SECT_IRQS) || ((mode & SECT_PREEMPT) && preempt_count()))
		return;
	section_close(ip, parent_ip);
}

/**
 * tracer_preempt_off - preemption went off at @ip
 * @ip:        where
 * @parent_ip: its caller, or 0
 */
void tracer_preempt_off(unsigned long ip, unsigned long parent_ip)
{
	if (READ_ONCE(irqsoff_mode) & SECT_PREEMPT)
		section_open(ip, parent_ip);
}

/**
 * tracer_preempt_on - preemption is going back on at @ip
 * @ip:        where
 * @parent_ip: its caller, or 0
 *
 * Under preemptirqsoff a section with interrupts still off goes on.
 */
void tracer_preempt_on(unsigned long ip, unsigned long parent_ip)
{
	unsigned int mode = READ_ONCE(irqsoff_mode);

	if (!(mode & SECT_PREEMPT) || ((mode & SECT_IRQS) && irqs_disabled()))
		return;
	section_close(ip, parent_ip);
}

/**
 * stop_critical_timings - end the section here, on purpose
 *
 * For code that waits with interrupts or preemption off on purpose (the
 * idle loop, console output): the section so far is timed, and the wait
 * is not.  start_critical_timings() opens a new one after it.
 */
void stop_critical_timings(void)
{
	if (irqsoff_tracer_active())
		section_close(CALLER_ADDR0, CALLER_ADDR1);
}
EXPORT_SYMBOL_GPL(stop_critical_timings);
NOKPROBE_SYMBOL(stop_critical_timings);

/**
 * start_critical_timings - time the section from here again
 *
 * Pairs with stop_critical_timings().
 */
void start_critical_timings(void)
{
	if (irqsoff_tracer_active() && section_held())
		section_open(CALLER_ADDR0, CALLER_ADDR1);
}
EXPORT_SYMBOL_GPL(start_critical_timings);
NOKPROBE_SYMBOL(start_critical_timings);

/* --- options/function-trace ------------------------------------------------ */

#ifdef CONFIG_FUNCTION_TRACER
/* Every traced function called on a CPU inside its section. */
static void irqsoff_function_call(unsigned long ip, unsigned long parent_ip,
				  struct ftrace_ops *op,
				  struct ftrace_regs *fregs)
{
	struct trace_array *tr = op->private;
	struct irqsoff_section *s;
	int bit;

	/* Racy on a preemptible CPU, which has no section open anyway. */
	if (!this_cpu_read(irqsoff_sections.open))
		return;
	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;
	s = this_cpu_ptr(&irqsoff_sections);
	if (s->open && !s->busy)
		trace_latency_function(tr, ip, parent_ip, tracing_gen_ctx_dec());
	ftrace_test_recursion_unlock(bit);
}

/* Start or stop function-trace.  trace_types_lock. */
static int irqsoff_function_set(struct trace_array *tr, bool on)
{
	int ret;

	if (on == irqsoff_function_on)
		return 0;
	if (!on) {
		unregister_ftrace_function(tr->ops);
		tr->ops->func = ftrace_stub;
		irqsoff_function_on = false;
		return 0;
	}
	ret = ftrace_allocate_ftrace_ops(tr);
	if (ret)
		return ret;
	tr->ops->func = irqsoff_function_call;
	tr->ops->private = tr;
	ret = register_ftrace_function(tr->ops);
	if (ret) {
		tr->ops->func = ftrace_stub;
		return ret;
	}
	irqsoff_function_on = true;
	return 0;
}
#else
static int irqsoff_function_set(struct trace_array *tr, bool on)
{
	return 0;
}
#endif

static int irqsoff_flag_changed(struct trace_array *tr, int bit, bool on)
{
#ifdef CONFIG_FUNCTION_TRACER
	if (bit == TRACE_OPT_FUNCTION_BIT)
		return irqsoff_function_set(tr, on);
#endif
	return 0;
}

/* --- the tracers ------------------------------------------------------------ */

static int irqsoff_start(struct trace_array *tr, unsigned int mode)
{
	int cpu, ret;

	ret = trace_latency_tracer_start(tr);
	if (ret)
		return ret;
	for_each_possible_cpu(cpu)
		memset(per_cpu_ptr(&irqsoff_sections, cpu), 0,
		       sizeof(struct irqsoff_section));
	irqsoff_trace = tr;
	WRITE_ONCE(irqsoff_mode, mode);
	trace_cmdline_start();
	if (IS_ENABLED(CONFIG_FUNCTION_TRACER) &&
	    (tr->flags & TRACE_OPT(FUNCTION))) {
		ret = irqsoff_function_set(tr, true);
		if (ret)
			return ret;
	}
	WRITE_ONCE(irqsoff_running, true);
	static_branch_enable(&irqsoff_tracer_key);
	return 0;
}

static void irqsoff_reset(struct trace_array *tr)
{
	static_branch_disable(&irqsoff_tracer_key);
	WRITE_ONCE(irqsoff_running, false);
	irqsoff_function_set(tr, false);
	/* The hooks run with interrupts off: wait for those still inside. */
	synchronize_rcu();
	WRITE_ONCE(irqsoff_mode, 0);
}

#ifdef CONFIG_IRQSOFF_TRACER
static int irqsoff_init(struct trace_array *tr)
{
	return irqsoff_start(tr, SECT_IRQS);
}

static struct tracer irqsoff_tracer = {
	.name		= "irqsoff",
	.init		= irqsoff_init,
	.reset		= irqsoff_reset,
	.flag_changed	= irqsoff_flag_changed,
	.print_max	= true,
};
#endif

#ifdef CONFIG_PREEMPT_TRACER
static int preemptoff_init(struct trace_array *tr)
{
	return irqsoff_start(tr, SECT_PREEMPT);
}

static struct tracer preemptoff_tracer = {
	.name		= "preemptoff",
	.init		= preemptoff_init,
	.reset		= irqsoff_reset,
	.flag_changed	= irqsoff_flag_changed,
	.print_max	= true,
};
#endif

#if defined(CONFIG_IRQSOFF_TRACER) && defined(CONFIG_PREEMPT_TRACER)
static int preemptirqsoff_init(struct trace_array *tr)
{
	return irqsoff_start(tr, SECT_IRQS | SECT_PREEMPT);
}

static struct tracer preemptirqsoff_tracer = {
	.name		= "preemptirqsoff",
	.init		= preemptirqsoff_init,
	.reset		= irqsoff_reset,
	.flag_changed	= irqsoff_flag_changed,
	.print_max	= true,
};
#endif

static __init int init_irqsoff_tracer(void)
{
	int ret = 0;

	if (tracing_disabled)
		return 0;
#ifdef CONFIG_IRQSOFF_TRACER
	ret = register_tracer(&irqsoff_tracer);
#endif
#ifdef CONFIG_PREEMPT_TRACER
	ret = ret ?: register_tracer(&preemptoff_tracer);
#endif
#if defined(CONFIG_IRQSOFF_TRACER) && defined(CONFIG_PREEMPT_TRACER)
	ret = ret ?: register_tracer(&preemptirqsoff_tracer);
#endif
	return ret;
}
core_initcall(init_irqsoff_tracer);
