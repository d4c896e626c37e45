// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * struct ftrace_ops: registering callbacks, the callbacks' path, and the
 * ftrace_enabled sysctl.  The filter API is ftrace_filter.c's.
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
 * ftrace_update.c decides and patches; this file keeps the list.
 */

#include <linux/sched/task.h>
#include <linux/rcupdate_wait.h>
#include <asm/sections.h>
#include <linux/sysctl.h>
#include <linux/string.h>
#include <linux/slab.h>

#include "ftrace_internal.h"

struct ftrace_ops ftrace_list_end __read_mostly = {
	.func	= ftrace_stub,
	.flags	= FTRACE_OPS_FL_STUB,
};

struct ftrace_ops __rcu *ftrace_ops_list __read_mostly = &ftrace_list_end;

/* Read by the trampolines; written by ftrace_update.c under ftrace_lock. */
struct ftrace_ops *function_trace_op __read_mostly = &ftrace_list_end;

/* /proc/sys/kernel/ftrace_enabled.  Written under ftrace_lock. */
int ftrace_enabled __read_mostly = 1;

/**
 * ftrace_ops_init - set up an ops on first use
 * @ops: the ops
 */
void ftrace_ops_init(struct ftrace_ops *ops)
{
	if (ops->flags & FTRACE_OPS_FL_INITIALIZED)
		return;
	ftrace_ops_init_hash(ops);
	ops->flags |= FTRACE_OPS_FL_INITIALIZED;
}

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

static bool ftrace_ops_in_kernel_data(struct ftrace_ops *ops)
{
	unsigned long addr = (unsigned long)ops;

	return is_kernel_core_data(addr) ||
	       (addr >= (unsigned long)__bss_start &&
		addr < (unsigned long)__bss_stop);
}

/**
 * register_ftrace_function - start calling an ops' callback
 * @ops: the ops, with ->func and the attribute flags set; it must stay
 *       in memory until unregistered
 *
 * The callback runs on entry to every function the ops' filters let
 * through, from any context; see Documentation/trace/ftrace-uses.rst.
 *
 * Return: 0; -EBUSY if it is registered already, or it is PERMANENT
 * while ftrace_enabled is 0, or IPMODIFY (or DIRECT) and another
 * IPMODIFY or DIRECT ops traces one of its functions; -EINVAL for
 * inconsistent flags; -ENODEV when function tracing is dead.
 */
int register_ftrace_function(struct ftrace_ops *ops)
{
	struct ftrace_ops *head;
	int ret;

	ftrace_ops_init(ops);
	guard(mutex)(&ftrace_lock);
	if (ftrace_disabled)
		return -ENODEV;
	if (ops->flags & FTRACE_OPS_FL_ENABLED)
		return -EBUSY;
	if (ops->flags & FTRACE_OPS_FL_DELETED)
		return -EINVAL;
	if (ops->flags & FTRACE_OPS_FL_SAVE_REGS_IF_SUPPORTED &&
	    IS_ENABLED(CONFIG_DYNAMIC_FTRACE_WITH_REGS))
		ops->flags |= FTRACE_OPS_FL_SAVE_REGS;
	if (ops->flags & FTRACE_OPS_FL_SAVE_REGS &&
	    !IS_ENABLED(CONFIG_DYNAMIC_FTRACE_WITH_REGS))
		return -EINVAL;
	if ((ops->flags & FTRACE_OPS_FL_IPMODIFY) &&
	    !(ops->flags & FTRACE_OPS_FL_SAVE_REGS))
		return -EINVAL;
	if ((ops->flags & FTRACE_OPS_FL_PERMANENT) && !ftrace_enabled)
		return -EBUSY;
	if (ftrace_ops_conflict(ops))
		return -EBUSY;

	/* Freed memory may hold it: unregistering must wait for every task. */
	if (!ftrace_ops_in_kernel_data(ops))
		ops->flags |= FTRACE_OPS_FL_DYNAMIC;
	ops->saved_func = ops->func;
	ftrace_tramp_get(ops);
	ops->flags |= FTRACE_OPS_FL_ENABLED | FTRACE_OPS_FL_ADDING;

	/* Published whole: ->next first, then the list head. */
	head = ftrace_ops_locked(&ftrace_ops_list);
	rcu_assign_pointer(ops->next, head);
	rcu_assign_pointer(ftrace_ops_list, ops);

	ret = ftrace_update_all();
	ops->flags &= ~FTRACE_OPS_FL_ADDING;
	return ret;
}
EXPORT_SYMBOL_GPL(register_ftrace_function);

/**
 * unregister_ftrace_function - stop calling an ops' callback
 * @ops: a registered ops
 *
 * When this returns, no CPU or task is or will be in the callback for
 * @ops, which may then be freed.
 *
 * Return: 0, or -EINVAL if @ops was not registered.
 */
int unregister_ftrace_function(struct ftrace_ops *ops)
{
	struct ftrace_ops __rcu **p;
	struct ftrace_ops *op;
	u64 token;

	scoped_guard(mutex, &ftrace_lock) {
		if (!(ops->flags & FTRACE_OPS_FL_ENABLED))
			return -EINVAL;
		for (p = &ftrace_ops_list;
		     (op = ftrace_ops_locked(p)) != &ftrace_list_end;
		     p = &op->next) {
			if (op == ops)
				break;
		}
		if (op != ops)
			return -EINVAL;
		/* Readers on @ops keep following its ->next, left intact. */
		rcu_assign_pointer(*p, ftrace_ops_locked(&ops->next));
		ops->flags &= ~FTRACE_OPS_FL_ENABLED;
		ops->flags |= FTRACE_OPS_FL_REMOVING;
		ftrace_update_all();
		ops->flags &= ~FTRACE_OPS_FL_REMOVING;
		ftrace_tramp_unlink(ops);
		token = ftrace_shared_token();
	}

	/*
	 * No call site reaches @ops' callback any more, directly, through
	 * its trampoline or through the list function.  Wait for the
	 * callers already inside: those with preemption disabled (the list
	 * function, and the readers of the trampoline list).
	 */
	if (!(ops->flags & FTRACE_OPS_FL_DYNAMIC)) {
		synchronize_rcu();
		return 0;
	}
	/*
	 * An ops that may be freed waits for more: CPUs in code where RCU
	 * does not watch, by making every CPU schedule (which also ends
	 * every section with preemption disabled, so no synchronize_rcu()
	 * is needed), and callers preempted in a trampoline or a callback.
	 * Then nobody is in its trampoline, nor in a shared one that no
	 * site called since @token.
	 */
	synchronize_rcu_tasks_rude();
	if (IS_ENABLED(CONFIG_PREEMPTION))
		synchronize_rcu_tasks();
	ftrace_tramp_free(ops);
	scoped_guard(mutex, &ftrace_lock)
		ftrace_shared_quiesced(token);
	return 0;
}
EXPORT_SYMBOL_GPL(unregister_ftrace_function);

/* --- ftrace_enabled -------------------------------------------------- */

static bool ftrace_permanent_registered(void)
{
	struct ftrace_ops *op;

	for_each_ftrace_op_locked(op)
		if (op->flags & FTRACE_OPS_FL_PERMANENT)
			return true;
	return false;
}

static int ftrace_enable_sysctl(const struct ctl_table *table, int write,
				void *buffer, size_t *lenp, loff_t *ppos)
{
	int val, ret;
	struct ctl_table t = *table;

	guard(mutex)(&ftrace_lock);
	if (ftrace_disabled)
		return -ENODEV;
	val = ftrace_enabled;
	t.data = &val;
	ret = proc_dointvec_minmax(&t, write, buffer, lenp, ppos);
	if (ret || !write || !!val == !!ftrace_enabled)
		return ret;
	if (!val && ftrace_permanent_registered())
		return -EBUSY;
	/* read by arch_ftrace_ops_list_func() on any CPU */
	WRITE_ONCE(ftrace_enabled, !!val);
	ftrace_update_all();
	return 0;
}

static struct ctl_table ftrace_sysctls[] = {
	{
		.procname	= "ftrace_enabled",
		.data		= &ftrace_enabled,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= ftrace_enable_sysctl,
		.extra1		= SYSCTL_ZERO,
		.extra2		= SYSCTL_ONE,
	},
};

static int __init ftrace_sysctl_init(void)
{
	register_sysctl_init("kernel", ftrace_sysctls);
	return 0;
}
late_initcall(ftrace_sysctl_init);

/* --- giving up ------------------------------------------------------- */

/**
 * ftrace_kill - stop all function tracing for good
 *
 * No call site is patched again and no ops can be registered.  Call
 * sites already calling a trampoline keep doing so, but reach only
 * ftrace_stub once the trampolines' callback is next patched.
 */
void ftrace_kill(void)
{
	/*
	 * Any context, without ftrace_lock (ftrace_bug() calls it).
	 * ftrace_disabled is read plainly under ftrace_lock by the update
	 * and registration paths, which see it at their next check;
	 * ftrace_enabled by arch_ftrace_ops_list_func().  No ordering
	 * between the two is needed.
	 */
	WRITE_ONCE(ftrace_disabled, true);
	WRITE_ONCE(ftrace_enabled, 0);
}
