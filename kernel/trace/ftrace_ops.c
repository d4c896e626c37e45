// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * struct ftrace_ops: registering and unregistering callbacks, and the
 * ftrace_enabled sysctl.  The list they go on and the path that calls
 * them are ftrace_dispatch.c's; the filter API is ftrace_filter.c's;
 * ftrace_update.c brings the call sites in line after each change.
 */

#include <linux/sched/task.h>
#include <linux/rcupdate_wait.h>
#include <asm/sections.h>
#include <linux/sysctl.h>
#include <linux/string.h>
#include <linux/slab.h>

#include "ftrace_internal.h"

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
 * inconsistent flags; -ENOMEM without memory for the call sites'
 * states; -ENODEV when function tracing is dead.
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
	/* The records' states, where they can be refused yet */
	ret = ftrace_rec_states_get_all();
	if (ret)
		return ret;

	/* Freed memory may hold it: unregistering must wait for every task. */
	if (!ftrace_ops_in_kernel_data(ops))
		ops->flags |= FTRACE_OPS_FL_DYNAMIC;
	ops->saved_func = ops->func;
	ftrace_tramp_get(ops);
	ops->flags |= FTRACE_OPS_FL_ENABLED | FTRACE_OPS_FL_ADDING;

	/* Published whole: ->next first, then the list head. */
	ftrace_site_map_drop();
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
		ftrace_site_map_drop();
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
	 * function, and the readers of the trampoline list).  Expedited:
	 * a tracer switch waits for it, and when the update switched sites
	 * off the patcher's syncs have just interrupted every CPU anyway;
	 * a normal grace period would add some ticks to the switch.
	 */
	if (!(ops->flags & FTRACE_OPS_FL_DYNAMIC)) {
		synchronize_rcu_expedited();
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
