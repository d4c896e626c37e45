// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Moving the trace of a new maximum latency into the snapshot buffer.
 *
 * ring_buffer_swap_cpu() is safe only on the ring's own CPU with
 * interrupts off: its test for a writer in flight pairs with nothing
 * stronger than a compiler barrier in the writer.  The CPU that sees the
 * maximum swaps its own ring at once.  The wakeup tracers want every
 * CPU's ring (the wakeup is recorded on the waker's CPU), so the other
 * CPUs' rings are frozen at that moment and swapped a little later by
 * the CPUs themselves:
 *
 *   CPU that sees the max          CPU c
 *   ---------------------          -----
 *   swap own ring
 *   record_disabled++ on c's ring  (writers already in stay in that ring;
 *   ->tr = tr, IPI c               new ones are refused)
 *                                  irq work: record_disabled--, swap;
 *                                  a writer it interrupted: freeze again,
 *                                  retry at the next tick
 *
 * The freeze keeps c's ring holding what it held when the maximum was
 * seen.  A writer the IPI interrupts entered before it saw the freeze;
 * writers stop entering once they see it, so the retry a tick later
 * finds the ring idle.
 *
 * Locking: trace_max_lock guards every CPU's latency_remote.tr, the
 * freeze it stands for (one record_disabled count on tr->buffer's ring
 * of that CPU) and the swaps.
 */

#include <linux/irq_work.h>

#include "trace_latency.h"

static void latency_remote_swap(struct irq_work *work);

/*
 * @now:   sent from the CPU that saw the maximum
 * @retry: lazy, at this CPU's next tick, after a writer was in the way
 * @tr:    the instance whose ring here is frozen, or NULL
 */
struct latency_remote {
	struct irq_work		now;
	struct irq_work		retry;
	struct trace_array	*tr;
};

static DEFINE_PER_CPU(struct latency_remote, latency_remote) = {
	.now	= IRQ_WORK_INIT_HARD(latency_remote_swap),
	.retry	= IRQ_WORK_INIT_LAZY(latency_remote_swap),
};

/*
 * Swap @cpu's frozen ring of @tr into the snapshot, on @cpu with
 * interrupts off.  Returns -EBUSY, the ring frozen again, if a writer was
 * in it; any other result ends the freeze (swapped or not).
 */
static int latency_swap_frozen(struct trace_array *tr, int cpu)
{
	int ret = -EAGAIN;

	ring_buffer_record_enable_cpu(tr->buffer, cpu);
	if (tr->snapshot && !tr->snapshot_pins)
		ret = ring_buffer_swap_cpu(tr->snapshot, tr->buffer, cpu);
	if (ret == -EBUSY)
		ring_buffer_record_disable_cpu(tr->buffer, cpu);
	return ret;
}

/*
 * Swap @cpu's ring of @tr, on @cpu with interrupts off.  A ring frozen
 * by an earlier maximum and not swapped yet holds the trace up to the
 * freeze, which is all this CPU recorded since: one swap serves both.
 */
static int latency_swap_here(struct trace_array *tr, int cpu)
{
	struct latency_remote *lr = per_cpu_ptr(&latency_remote, cpu);
	int ret;

	if (lr->tr != tr)
		return ring_buffer_swap_cpu(tr->snapshot, tr->buffer, cpu);
	ret = latency_swap_frozen(tr, cpu);
	if (ret != -EBUSY)
		lr->tr = NULL;
	return ret;
}

/* Either irq work of this CPU: swap its frozen ring, if any. */
static void latency_remote_swap(struct irq_work *work)
{
	struct trace_array *tr;
	unsigned long flags;
	int cpu;

	raw_spin_lock_irqsave(&trace_max_lock, flags);
	cpu = smp_processor_id();
	tr = per_cpu(latency_remote.tr, cpu);
	if (tr && latency_swap_here(tr, cpu) == -EBUSY)
		irq_work_queue(this_cpu_ptr(&latency_remote.retry));
	raw_spin_unlock_irqrestore(&trace_max_lock, flags);
}

/* Freeze @cpu's ring of @tr and have @cpu swap it; trace_max_lock held. */
static void latency_freeze(struct trace_array *tr, int cpu)
{
	struct latency_remote *lr = per_cpu_ptr(&latency_remote, cpu);

	/* frozen already by an earlier maximum: that swap serves this one */
	if (lr->tr)
		return;
	ring_buffer_record_disable_cpu(tr->buffer, cpu);
	lr->tr = tr;
	irq_work_queue_on(&lr->now, cpu);
}

/**
 * trace_latency_swap - move the trace of a new maximum into the snapshot
 * @tr:       the instance
 * @all_cpus: every CPU's ring, not only the current CPU's
 *
 * Called with trace_max_lock held and interrupts off, on the CPU that saw
 * the maximum.  The other CPUs' rings (@all_cpus) follow asynchronously;
 * until they do they record nothing.
 *
 * Return: whether the current CPU's ring was swapped.
 */
bool trace_latency_swap(struct trace_array *tr, bool all_cpus)
{
	int here = smp_processor_id();
	int cpu;

	lockdep_assert_held(&trace_max_lock);
	if (!tr->snapshot || tr->snapshot_pins)
		return false;
	if (latency_swap_here(tr, here))
		return false;
	if (!all_cpus)
		return true;
	/* interrupts are off: no CPU leaves the online mask meanwhile */
	for_each_cpu_and(cpu, tr->tracing_cpumask, cpu_online_mask)
		if (cpu != here)
			latency_freeze(tr, cpu);
	return true;
}

/**
 * trace_latency_swap_stop - end the freezes of @tr's rings
 * @tr: the instance whose latency tracer stops
 *
 * The swaps not done yet are dropped: once this returns no irq work
 * looks at @tr.
 */
void trace_latency_swap_stop(struct trace_array *tr)
{
	struct latency_remote *lr;
	unsigned long flags;
	int cpu;

	for_each_possible_cpu(cpu) {
		lr = per_cpu_ptr(&latency_remote, cpu);
		raw_spin_lock_irqsave(&trace_max_lock, flags);
		if (lr->tr == tr) {
			ring_buffer_record_enable_cpu(tr->buffer, cpu);
			lr->tr = NULL;
		}
		raw_spin_unlock_irqrestore(&trace_max_lock, flags);
	}
}
