// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The callbacks' path: what the trampolines (or the static _mcount)
 * call, and the list of registered ops it walks.
 *
 * The trampolines call one function, ftrace_trace_function (patched into
 * ftrace_call and ftrace_regs_call), with function_trace_op as the ops:
 *   - no ops:       ftrace_stub;
 *   - one ops:      its own callback (the fast path), or
 *                   ftrace_ops_assist_func() for an ops that asked for
 *                   recursion or RCU protection; the call sites patched
 *                   are exactly the ones it traces;
 *   - several ops:  arch_ftrace_ops_list_func(), which tests each ops'
 *                   hashes and calls the ones that trace the function.
 * ftrace_update.c decides and patches, ftrace_ops.c registers; both sit
 * above this file, which only keeps the list and calls along it.
 */

#include <linux/rcupdate.h>

#include "ftrace_internal.h"

struct ftrace_ops ftrace_list_end __read_mostly = {
	.func	= ftrace_stub,
	.flags	= FTRACE_OPS_FL_STUB,
};

struct ftrace_ops __rcu *ftrace_ops_list __read_mostly = &ftrace_list_end;

/* Read by the trampolines; written by ftrace_update.c under ftrace_lock. */
struct ftrace_ops *function_trace_op __read_mostly = &ftrace_list_end;

/**
 * arch_ftrace_ops_list_func - call every ops that traces @ip
 * @ip:        the call site
 * @parent_ip: the traced function's return address
 * @op:        ignored: the list is walked instead
 * @fregs:     the registers
 *
 * The callback while several ops are registered (and while the call
 * sites change).  Guarded against recursion, so ops that asked for that
 * protection get it here too.
 */
void notrace arch_ftrace_ops_list_func(unsigned long ip,
				       unsigned long parent_ip,
				       struct ftrace_ops *op,
				       struct ftrace_regs *fregs)
{
	unsigned long skip = FTRACE_OPS_FL_STUB;
	/*
	 * Written under ftrace_lock by ftrace_enable_sysctl() and, from any
	 * context, by ftrace_kill(); this runs in any context on any CPU.
	 * One value per call; the sites themselves follow with the
	 * ftrace_update_all() after the store.
	 */
	bool enabled = READ_ONCE(ftrace_enabled);
	int bit;

	/*
	 * A site still calling ftrace_caller while an ops that needs
	 * pt_regs is being added: that ops misses the call.
	 */
	if (!ftrace_get_regs(fregs))
		skip |= FTRACE_OPS_FL_SAVE_REGS;
	bit = trace_test_and_set_recursion(ip, parent_ip, TRACE_LIST_START);
	if (bit < 0)
		return;
	/* Keeps the ops list and the hashes alive (see ftrace_internal.h). */
	preempt_disable_notrace();
	for_each_ftrace_op_rcu(op) {
		if (op->flags & skip)
			continue;
		/* With ftrace_enabled off only permanent ops run. */
		if (unlikely(!enabled) && !(op->flags & FTRACE_OPS_FL_PERMANENT))
			continue;
		if ((op->flags & FTRACE_OPS_FL_RCU) && !rcu_is_watching())
			continue;
		if (ftrace_ops_test(op, ip))
			op->func(ip, parent_ip, op, fregs);
	}
	preempt_enable_notrace();
	trace_clear_recursion(bit);
}

/*
 * The lone callback for an ops that asked the core for recursion
 * (FTRACE_OPS_FL_RECURSION) or RCU (FTRACE_OPS_FL_RCU) protection.
 */
static void notrace ftrace_ops_assist_func(unsigned long ip,
					   unsigned long parent_ip,
					   struct ftrace_ops *op,
					   struct ftrace_regs *fregs)
{
	int bit;

	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;
	if (!(op->flags & FTRACE_OPS_FL_RCU) || rcu_is_watching())
		op->func(ip, parent_ip, op, fregs);
	ftrace_test_recursion_unlock(bit);
}

/**
 * ftrace_ops_get_func - the function the trampoline calls for @ops alone
 * @ops: the ops
 *
 * Return: @ops' callback, or a wrapper that gives it the protection it
 * asked for.
 */
ftrace_func_t ftrace_ops_get_func(struct ftrace_ops *ops)
{
	if (ops->flags & (FTRACE_OPS_FL_RECURSION | FTRACE_OPS_FL_RCU))
		return ftrace_ops_assist_func;
	return ops->func;
}

bool ftrace_ops_registered(struct ftrace_ops *ops)
{
	return ops->flags & FTRACE_OPS_FL_ENABLED;
}
