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
 * on that CPU until the section closes gets one too.  With
 * options/display-graph those calls are followed through function_graph
 * instead (an entry and a return record each, drawn as a call graph),
 * and the places are drawn as calls that took no time.  When it closes and
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
#include "trace_graph.h"
#include "trace_latency.h"
#include "ftrace_internal.h"

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
 * them.  irqsoff_trace is the one instance the three tracers may run in
 * at a time (the sections are per CPU, not per instance): while it is
 * set, another instance asking for any of them gets -EBUSY.
 * irqsoff_graph: display-graph was on when the tracer started, so the
 * places are graph records.
 *
 * Lockless access: the hooks read irqsoff_mode, irqsoff_running and
 * irqsoff_graph on every CPU, in any context with interrupts off, and
 * only while irqsoff_tracer_key is on.  irqsoff_start() stores them
 * before static_branch_enable(), whose text patching syncs every CPU, so
 * that is the barrier a hook's loads pair with; irqsoff_reset() turns
 * the key off, then waits with synchronize_rcu() (hooks run with
 * interrupts off) before clearing the mode.  The _ONCE accesses keep
 * single loads and stores for the hooks in flight across a reset.
 */
static struct trace_array *irqsoff_trace;
static unsigned int irqsoff_mode;
static bool irqsoff_running;
static bool irqsoff_graph;

/* Record where a section starts or ends, as the layout wants it. */
static void irqsoff_place(struct trace_array *tr, unsigned long ip,
			  unsigned long parent_ip, unsigned int trace_ctx)
{
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	/* a hook on any CPU; irqsoff_start() wrote it before the key */
	if (READ_ONCE(irqsoff_graph)) {
		trace_latency_graph_leaf(tr, ip);
		return;
	}
#endif
	trace_latency_function(tr, ip, parent_ip, trace_ctx);
}

/* --- sections ------------------------------------------------------------- */

static void section_open(unsigned long ip, unsigned long parent_ip)
{
	struct trace_array *tr = irqsoff_trace;
	struct irqsoff_section *s;
	unsigned long flags;

	raw_local_irq_save(flags);
	s = this_cpu_ptr(&irqsoff_sections);
	/*
	 * running: cleared by irqsoff_reset() on another CPU while this
	 * hook may be in flight; see the variables' comment.  @s is this
	 * CPU's, touched with interrupts off only.
	 */
	if (s->open || s->busy || !READ_ONCE(irqsoff_running) ||
	    !tracer_tracing_is_on(tr))
		goto out;
	s->busy = true;
	s->start = trace_latency_now(tr);
	s->start_ip = ip;
	s->start_parent = parent_ip;
	irqsoff_place(tr, ip, parent_ip, tracing_gen_ctx_flags(flags));
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
	if (!trace_latency_is_new_max(tr, info.latency))
		return;
	trace_ctx = tracing_gen_ctx_flags(flags);
	irqsoff_place(tr, ip, parent_ip, trace_ctx);
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
	/* cleared by irqsoff_reset() on another CPU: as in section_open() */
	if (READ_ONCE(irqsoff_running))
		section_report(tr, s, ip, parent_ip, flags);
	s->busy = false;
out:
	raw_local_irq_restore(flags);
}

/* Is @kind still off here? */
static __always_inline bool sect_still_off(unsigned int kind)
{
	return kind == SECT_IRQS ? irqs_disabled() : preempt_count();
}

/* Does what the running tracer times hold on this CPU right now? */
static bool section_held(void)
{
	/* written by irqsoff_start()/irqsoff_reset(): see the variables */
	unsigned int mode = READ_ONCE(irqsoff_mode);

	return ((mode & SECT_IRQS) && sect_still_off(SECT_IRQS)) ||
	       ((mode & SECT_PREEMPT) && sect_still_off(SECT_PREEMPT));
}

/* --- the hooks' side ---------------------------------------------------------- */

/* @kind (SECT_IRQS or SECT_PREEMPT) went off: open a section if timed. */
static __always_inline void sect_off(unsigned int kind, unsigned long ip,
				     unsigned long parent_ip)
{
	/* the hooks' load of the mode; ordered by the static key (above) */
	if (READ_ONCE(irqsoff_mode) & kind)
		section_open(ip, parent_ip);
}

/*
 * @kind goes back on: close the section, unless the tracer times @other
 * too and that is still off (preemptirqsoff: the section goes on).
 */
static __always_inline void sect_on(unsigned int kind, unsigned int other,
				    unsigned long ip, unsigned long parent_ip)
{
	/* one load: both tests below use the same mode; see the variables */
	unsigned int mode = READ_ONCE(irqsoff_mode);

	if (!(mode & kind) || ((mode & other) && sect_still_off(other)))
		return;
	section_close(ip, parent_ip);
}

/**
 * tracer_hardirqs_off - interrupts went off at @ip
 * @ip:        where
 * @parent_ip: its caller, or 0
 */
void tracer_hardirqs_off(unsigned long ip, unsigned long parent_ip)
{
	sect_off(SECT_IRQS, ip, parent_ip);
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
	sect_on(SECT_IRQS, SECT_PREEMPT, ip, parent_ip);
}

/**
 * tracer_preempt_off - preemption went off at @ip
 * @ip:        where
 * @parent_ip: its caller, or 0
 */
void tracer_preempt_off(unsigned long ip, unsigned long parent_ip)
{
	sect_off(SECT_PREEMPT, ip, parent_ip);
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
	sect_on(SECT_PREEMPT, SECT_IRQS, ip, parent_ip);
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

/* --- options/function-trace and display-graph ------------------------------ */

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
#endif

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * display-graph: a call entered on a CPU inside its section is recorded
 * and followed to its return.  fgraph calls both with preemption off,
 * and an open section is only ever seen by its own CPU.
 */
static int notrace irqsoff_graph_entry(struct ftrace_graph_ent *trace,
				       struct fgraph_ops *gops)
{
	struct irqsoff_section *s = this_cpu_ptr(&irqsoff_sections);

	if (!s->open || s->busy)
		return 0;
	trace_graph_record_entry(gops->private, trace);
	return 1;
}

/* A return after its section closed is not part of the trace. */
static void notrace irqsoff_graph_return(struct ftrace_graph_ret *trace,
					 struct fgraph_ops *gops)
{
	struct irqsoff_section *s = this_cpu_ptr(&irqsoff_sections);

	if (s->open && !s->busy)
		trace_graph_record_return(gops->private, trace);
}

static struct fgraph_ops irqsoff_gops = {
	.entryfunc	= irqsoff_graph_entry,
	.retfunc	= irqsoff_graph_return,
	.idx		= -1,
};
#endif

#ifdef CONFIG_FUNCTION_TRACER
/* How the calls inside sections are followed. */
static struct trace_latency_calls irqsoff_calls = {
	.func	= irqsoff_function_call,
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	.gops	= &irqsoff_gops,
#endif
};

/*
 * Follow the calls inside sections (function-trace @on), through
 * function_graph when @graph.  trace_types_lock.
 */
static int irqsoff_calls_set(struct trace_array *tr, bool on, bool graph)
{
	return trace_latency_calls_set(tr, &irqsoff_calls, on, graph);
}
#else
static int irqsoff_calls_set(struct trace_array *tr, bool on, bool graph)
{
	return 0;
}
#endif

static bool irqsoff_flag(struct trace_array *tr, u64 opt)
{
	return tr->flags & opt;
}

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
static int irqsoff_start(struct trace_array *tr, unsigned int mode,
			 bool function, bool graph);
static void irqsoff_reset(struct trace_array *tr);

/* display-graph changes the records: start again with empty buffers. */
static int irqsoff_restart(struct trace_array *tr, bool graph)
{
	/*
	 * trace_types_lock serializes the writers (irqsoff_start(),
	 * irqsoff_reset()) with us: READ_ONCE is not needed here.
	 */
	unsigned int mode = READ_ONCE(irqsoff_mode);

	irqsoff_reset(tr);
	return irqsoff_start(tr, mode, irqsoff_flag(tr, TRACE_OPT(FUNCTION)),
			     graph);
}
#endif

/* Called before @bit of @tr changes to @on. */
static int irqsoff_flag_changed(struct trace_array *tr, int bit, bool on)
{
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	if (bit == TRACE_OPT_DISPLAY_GRAPH_BIT)
		return irqsoff_restart(tr, on);
#endif
	/* trace_types_lock, like its writer: READ_ONCE is not needed */
	if (bit == TRACE_OPT_FUNCTION_BIT)
		return irqsoff_calls_set(tr, on, READ_ONCE(irqsoff_graph));
	return 0;
}

static bool irqsoff_display_graph(struct trace_array *tr)
{
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	return irqsoff_flag(tr, TRACE_OPT(DISPLAY_GRAPH));
#else
	return false;
#endif
}

/* --- the tracers ------------------------------------------------------------ */

/*
 * Start timing sections of @mode, following the calls in them with
 * @function, through function_graph with @graph.  trace_types_lock.
 */
static int irqsoff_start(struct trace_array *tr, unsigned int mode,
			 bool function, bool graph)
{
	int cpu, ret;

	if (irqsoff_trace)
		return -EBUSY;
	ret = trace_latency_tracer_start(tr);
	if (ret)
		return ret;
	for_each_possible_cpu(cpu)
		memset(per_cpu_ptr(&irqsoff_sections, cpu), 0,
		       sizeof(struct irqsoff_section));
	irqsoff_trace = tr;
	/*
	 * For the hooks on every CPU, which see these once the key below is
	 * on (its patching orders them); with the key off, only a hook
	 * still in flight from an earlier run could look.
	 */
	WRITE_ONCE(irqsoff_mode, mode);
	WRITE_ONCE(irqsoff_graph, graph);
	trace_cmdline_start();
	ret = irqsoff_calls_set(tr, function, graph);
	if (ret) {
		WRITE_ONCE(irqsoff_mode, 0);	/* the key never went on */
		irqsoff_trace = NULL;
		trace_cmdline_stop();
		trace_latency_tracer_stop(tr);
		return ret;
	}
	/* before static_branch_enable(), which publishes it to the hooks */
	WRITE_ONCE(irqsoff_running, true);
	static_branch_enable(&irqsoff_tracer_key);
	return 0;
}

static void irqsoff_reset(struct trace_array *tr)
{
	static_branch_disable(&irqsoff_tracer_key);
	/* hooks still in flight on other CPUs stop opening and reporting */
	WRITE_ONCE(irqsoff_running, false);
	irqsoff_calls_set(tr, false, false);
	/* The hooks run with interrupts off: wait for those still inside. */
	synchronize_rcu();
	/* no hook runs now; the next start rewrites it before the key */
	WRITE_ONCE(irqsoff_mode, 0);
	/* not running after a restart by irqsoff_flag_changed() failed */
	if (irqsoff_trace)
		trace_cmdline_stop();
	irqsoff_trace = NULL;
	trace_latency_tracer_stop(tr);
}

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/* display-graph draws the trace as function_graph does. */
#define IRQSOFF_GRAPH_OUTPUT					\
	.print_line	= trace_graph_lat_print_line,		\
	.print_header	= trace_graph_lat_print_header,		\
	.open		= trace_graph_lat_open,			\
	.close		= trace_graph_close,
#else
#define IRQSOFF_GRAPH_OUTPUT
#endif

/* The three tracers differ only in their name and what they time. */
#define IRQSOFF_TRACER(_name, _init)				\
	.name		= _name,				\
	.init		= _init,				\
	.reset		= irqsoff_reset,			\
	.flag_changed	= irqsoff_flag_changed,			\
	.print_max	= true,					\
	.allow_instances	= true,				\
	IRQSOFF_GRAPH_OUTPUT

#ifdef CONFIG_IRQSOFF_TRACER
static int irqsoff_init(struct trace_array *tr)
{
	return irqsoff_start(tr, SECT_IRQS,
			     irqsoff_flag(tr, TRACE_OPT(FUNCTION)),
			     irqsoff_display_graph(tr));
}

static struct tracer irqsoff_tracer = {
	IRQSOFF_TRACER("irqsoff", irqsoff_init)
};
#endif

#ifdef CONFIG_PREEMPT_TRACER
static int preemptoff_init(struct trace_array *tr)
{
	return irqsoff_start(tr, SECT_PREEMPT,
			     irqsoff_flag(tr, TRACE_OPT(FUNCTION)),
			     irqsoff_display_graph(tr));
}

static struct tracer preemptoff_tracer = {
	IRQSOFF_TRACER("preemptoff", preemptoff_init)
};
#endif

#if defined(CONFIG_IRQSOFF_TRACER) && defined(CONFIG_PREEMPT_TRACER)
static int preemptirqsoff_init(struct trace_array *tr)
{
	return irqsoff_start(tr, SECT_IRQS | SECT_PREEMPT,
			     irqsoff_flag(tr, TRACE_OPT(FUNCTION)),
			     irqsoff_display_graph(tr));
}

static struct tracer preemptirqsoff_tracer = {
	IRQSOFF_TRACER("preemptirqsoff", preemptirqsoff_init)
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
