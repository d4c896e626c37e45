/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Recursion protection for function-entry callbacks.  A callback that may
 * itself call traced code brackets its work with
 * ftrace_test_recursion_trylock() / ftrace_test_recursion_unlock(); the
 * lock is per task and per context (normal, softirq, irq, NMI), kept in
 * task_struct::trace_recursion, which only the task itself touches (an
 * interrupt that nests on it restores what it changed before returning).
 *
 * Bit layout of trace_recursion: a group of TRACE_CTX_BITS bits per user
 * (the ftrace core's list function, the callbacks), one bit per context
 * in each group, plus one "transition" bit per group.  The transition
 * bit covers the window in which an interrupt has started but
 * preempt_count() does not say so yet: the interrupted context's bit is
 * already set, so the first nesting in the same apparent context is let
 * through once on the transition bit.  A second one is real recursion.
 */
#ifndef _LINUX_TRACE_RECURSION_H
#define _LINUX_TRACE_RECURSION_H

#include <linux/interrupt.h>
#include <linux/sched.h>

#ifdef CONFIG_TRACING

enum {
	/* contexts, as interrupt_context_level() numbers them */
	TRACE_CTX_NORMAL,
	TRACE_CTX_SOFTIRQ,
	TRACE_CTX_IRQ,
	TRACE_CTX_NMI,
	TRACE_CTX_TRANSITION,
	TRACE_CTX_BITS,
};

/* The groups: where each user's bits start. */
enum {
	TRACE_FTRACE_START	= 0,			/* callbacks */
	TRACE_LIST_START	= TRACE_CTX_BITS,	/* the list function */
	TRACE_RECURSION_GROUPS_END = 2 * TRACE_CTX_BITS,
};

#define trace_recursion_test(bit)	((current)->trace_recursion & BIT(bit))

/*
 * Claim @bit (of @start's group) in the recursion word @val, read from
 * current->trace_recursion.  Return: the bit claimed, or -1.
 */
static __always_inline int trace_recursion_claim(unsigned long val, int bit,
						 int start)
{
	if (unlikely(val & BIT(bit))) {
		bit = start + TRACE_CTX_TRANSITION;
		if (val & BIT(bit))
			return -1;
	} else {
		/* A clean entry ends any transition. */
		val &= ~BIT(start + TRACE_CTX_TRANSITION);
	}
	WRITE_ONCE(current->trace_recursion, val | BIT(bit));
	/* The bit is set before anything the caller does may recurse. */
	barrier();
	return bit;
}

/*
 * trace_test_and_set_recursion - claim @start's bit of the current context
 *
 * Task context, the usual one, is told by one test of the preempt count
 * and claims a constant bit; the others count their level.
 *
 * Return: the bit to hand to trace_clear_recursion(), or -1 if the
 * caller is already running in this context (recursion).
 */
static __always_inline int trace_test_and_set_recursion(unsigned long ip,
							unsigned long pip,
							int start)
{
	unsigned long val = READ_ONCE(current->trace_recursion);

	if (likely(!(preempt_count() &
		     (NMI_MASK | HARDIRQ_MASK | SOFTIRQ_OFFSET))))
		return trace_recursion_claim(val, start + TRACE_CTX_NORMAL,
					     start);
	return trace_recursion_claim(val, start + interrupt_context_level(),
				     start);
}

static __always_inline void trace_clear_recursion(int bit)
{
	barrier();
	WRITE_ONCE(current->trace_recursion,
		   current->trace_recursion & ~BIT(bit));
}

/**
 * ftrace_test_recursion_trylock - protect a callback against recursion
 * @ip:        the traced function's call site
 * @parent_ip: its return address
 *
 * Disables preemption when it succeeds.
 *
 * Return: a bit to pass to ftrace_test_recursion_unlock(), or a negative
 * number if the callback is already running in this context.
 */
static __always_inline int ftrace_test_recursion_trylock(unsigned long ip,
							 unsigned long parent_ip)
{
	int bit = trace_test_and_set_recursion(ip, parent_ip,
					       TRACE_FTRACE_START);

	if (bit >= 0)
		preempt_disable_notrace();
	return bit;
}

/**
 * ftrace_test_recursion_unlock - leave what ftrace_test_recursion_trylock() took
 * @bit: its return value (not negative)
 */
static __always_inline void ftrace_test_recursion_unlock(int bit)
{
	preempt_enable_notrace();
	trace_clear_recursion(bit);
}

#endif /* CONFIG_TRACING */

#endif /* _LINUX_TRACE_RECURSION_H */
