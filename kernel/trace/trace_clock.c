// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The generic trace clocks.
 *
 * Tracers stamp every event, so a clock read must be cheap and must work
 * from any context, NMI included, without taking locks and without being
 * traced itself (everything here is notrace, and kernel/trace/ is built
 * without function-tracer instrumentation).  The clocks trade cost against
 * how comparable their values are between CPUs:
 *
 *   trace_clock_local()    sched_clock(): the cheapest; monotonic on one
 *                          CPU, but two CPUs may disagree a little.
 *   trace_clock()          local_clock(): sched_clock() with the per-CPU
 *                          drift corrected where the platform needs it.
 *   trace_clock_global()   never goes backwards across CPUs: one shared
 *                          high-water mark, advanced with cmpxchg.
 *   trace_clock_counter()  not a time at all: a global event counter, for
 *                          ordering events across CPUs exactly.
 *   trace_clock_jiffies()  jiffies since boot, in USER_HZ ticks.
 */
#include <linux/atomic.h>
#include <linux/export.h>
#include <linux/jiffies.h>
#include <linux/preempt.h>
#include <linux/sched/clock.h>
#include <linux/trace_clock.h>

/*
 * The largest value trace_clock_global() has handed out.  Every caller
 * moves it forward to its own local reading or, if another CPU is already
 * ahead, returns that CPU's value instead; the cmpxchg is the only
 * synchronisation, so the clock works in NMI and never spins on a lock
 * holder.
 */
static atomic64_t trace_clock_global_mark;

/* The value behind trace_clock_counter(). */
static atomic64_t trace_clock_events;

/**
 * trace_clock_local - the fastest trace clock, local to one CPU
 *
 * Reads sched_clock() with preemption disabled, so the value belongs to
 * the CPU the caller runs on.  Values from different CPUs need not be
 * comparable.
 *
 * Return: nanoseconds since boot as this CPU counts them.
 */
u64 notrace trace_clock_local(void)
{
	/*
	 * sched_clock() is sched_clock_noinstr() with preemption disabled
	 * (x86, the generic sched_clock; elsewhere the header makes
	 * sched_clock_noinstr() sched_clock() itself): disabled here once.
	 */
	guard(preempt_notrace)();
	return sched_clock_noinstr();
}
EXPORT_SYMBOL_GPL(trace_clock_local);

/**
 * trace_clock_global - a trace clock that is monotonic across CPUs
 *
 * Takes the local clock and merges it into a global high-water mark.  A
 * value returned on any CPU is never smaller than one returned earlier on
 * any other CPU.  When CPUs' local clocks disagree, the ones behind see the
 * clock stand still until they catch up.  Lockless and NMI safe.
 *
 * Return: nanoseconds since boot, non-decreasing system wide.
 */
u64 notrace trace_clock_global(void)
{
	s64 mark = atomic64_read(&trace_clock_global_mark);
	s64 now = (s64)trace_clock_local();

	do {
		/* Someone already stamped a later time: time cannot go back. */
		if (now <= mark)
			return mark;
	} while (!atomic64_try_cmpxchg(&trace_clock_global_mark, &mark, now));

	return now;
}
EXPORT_SYMBOL_GPL(trace_clock_global);

/**
 * trace_clock - the default trace clock
 *
 * local_clock() is sched_clock() corrected, where the platform needs it,
 * so that CPUs stay within a small bound of each other.  Safe in any
 * context.
 *
 * Return: nanoseconds since boot.
 */
u64 notrace trace_clock(void)
{
	return local_clock();
}
EXPORT_SYMBOL_GPL(trace_clock);

/**
 * trace_clock_counter - a trace "clock" that counts calls
 *
 * Each call returns the next value of one global 64-bit counter, so the
 * order of events on different CPUs is exact; the values say nothing
 * about time.
 *
 * Return: a number larger than any returned before.
 */
u64 notrace trace_clock_counter(void)
{
	return atomic64_inc_return(&trace_clock_events);
}
EXPORT_SYMBOL_GPL(trace_clock_counter);

/**
 * trace_clock_jiffies - a trace clock that counts scheduler ticks
 *
 * Return: jiffies since boot, converted to USER_HZ clock ticks.
 */
u64 notrace trace_clock_jiffies(void)
{
	u64 ticks = get_jiffies_64() - INITIAL_JIFFIES;

	return jiffies_64_to_clock_t(ticks);
}
EXPORT_SYMBOL_GPL(trace_clock_jiffies);
