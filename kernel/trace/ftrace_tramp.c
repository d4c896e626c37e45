// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Per-ops trampolines: the core's side.
 *
 * When first registered after boot, an ops that brings no trampoline
 * of its own gets one from the architecture
 * (arch_ftrace_update_trampoline() sets ->trampoline and ALLOC_TRAMP): a
 * copy of the shared trampoline that passes that ops and calls its
 * callback directly.  A call site traced by that ops alone calls it
 * (FTRACE_FL_TRAMP, ftrace_update.c), skipping the list function and
 * function_trace_op.
 *
 * Lifetime: the trampoline exists before the ops is counted on any site.
 * An ops in core kernel data is never freed, so neither is its
 * trampoline: registered again, the ops finds it and
 * ftrace_update_all() repoints its call.  For an ops that may be freed
 * (FTRACE_OPS_FL_DYNAMIC), unregister_ftrace_function() moves every
 * site off the trampoline, takes it off ftrace_tramp_list, waits until
 * no task can be in it (sched, rude and, with preemption, tasks RCU)
 * and only then frees it.
 *
 * ftrace_tramp_list holds the ops with a trampoline, for the unwinder
 * (ftrace_ops_trampoline(), any context), kernel_text_address()
 * (is_ftrace_trampoline()) and /proc/kallsyms, where each trampoline is
 * "ftrace_trampoline [__builtin__ftrace]".  Readers walk it under RCU
 * (sched); it changes under ftrace_lock.
 */

#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/string.h>

#include "ftrace_internal.h"

#define FTRACE_TRAMPOLINE_MOD	"__builtin__ftrace"
#define FTRACE_TRAMPOLINE_SYM	"ftrace_trampoline"

static LIST_HEAD(ftrace_tramp_list);

/**
 * ftrace_tramp_get - give an ops being registered its trampoline
 * @ops: the ops, not yet on the ops list
 *
 * Without one (allocation failed, or not wanted), @ops goes through the
 * shared trampolines.  ftrace_lock.
 */
void ftrace_tramp_get(struct ftrace_ops *ops)
{
	lockdep_assert_held(&ftrace_lock);
	/*
	 * Only once alternatives are applied is the template final; ops
	 * registered earlier keep the shared trampolines.  A DIRECT ops'
	 * sites call its direct trampoline, or the shared ones.
	 */
	if (ops->trampoline || system_state < SYSTEM_SCHEDULING ||
	    (ops->flags & FTRACE_OPS_FL_DIRECT))
		return;
	arch_ftrace_update_trampoline(ops, ftrace_ops_get_func(ops));
	if (ops->flags & FTRACE_OPS_FL_ALLOC_TRAMP)
		list_add_rcu(&ops->list, &ftrace_tramp_list);
}

/**
 * ftrace_tramp_unlink - hide the trampoline of an ops no site calls
 * @ops: the ops, unregistered and no longer on any site
 *
 * Only for an ops that may be freed: others keep their trampoline.
 * ftrace_lock.  Readers may see it until the next RCU grace period;
 * ftrace_tramp_free() comes after that.
 */
void ftrace_tramp_unlink(struct ftrace_ops *ops)
{
	lockdep_assert_held(&ftrace_lock);
	if ((ops->flags & FTRACE_OPS_FL_ALLOC_TRAMP) &&
	    (ops->flags & FTRACE_OPS_FL_DYNAMIC))
		list_del_rcu(&ops->list);
}

/**
 * ftrace_tramp_free - free the trampoline of an ops that may be freed
 * @ops: the ops, unlinked, with no task left in its trampoline
 */
void ftrace_tramp_free(struct ftrace_ops *ops)
{
	guard(mutex)(&ftrace_lock);
	arch_ftrace_trampoline_free(ops);
}

/**
 * ftrace_ops_trampoline - the ops whose trampoline holds an address
 * @addr: a text address
 *
 * For the ORC unwinder, which reads a trampoline with the ORC entries of
 * the code it copies.  Any context.
 *
 * Return: the ops, or NULL.
 */
struct ftrace_ops *ftrace_ops_trampoline(unsigned long addr)
{
	struct ftrace_ops *op, *found = NULL;

	preempt_disable_notrace();
	list_for_each_entry_rcu(op, &ftrace_tramp_list, list, true) {
		if (addr >= op->trampoline &&
		    addr < op->trampoline + op->trampoline_size) {
			found = op;
			break;
		}
	}
	preempt_enable_notrace();
	return found;
}

/**
 * is_ftrace_trampoline - is @addr in a per-ops trampoline?
 * @addr: a text address
 *
 * Return: true if it is (so it is kernel text).
 */
bool is_ftrace_trampoline(unsigned long addr)
{
	return ftrace_ops_trampoline(addr);
}

/**
 * ftrace_mod_get_kallsym - the @symnum-th trampoline, for /proc/kallsyms
 * @symnum:      which one, from 0
 * @value:       its address
 * @type:        't'
 * @name:        "ftrace_trampoline"
 * @module_name: "__builtin__ftrace"
 * @exported:    0
 *
 * Return: 0, or -ERANGE past the last one.
 */
int ftrace_mod_get_kallsym(unsigned int symnum, unsigned long *value,
			   char *type, char *name, char *module_name,
			   int *exported)
{
	struct ftrace_ops *op;
	int ret = -ERANGE;

	preempt_disable();
	list_for_each_entry_rcu(op, &ftrace_tramp_list, list, true) {
		if (symnum--)
			continue;
		*value = op->trampoline;
		*type = 't';
		strscpy(name, FTRACE_TRAMPOLINE_SYM, KSYM_NAME_LEN);
		strscpy(module_name, FTRACE_TRAMPOLINE_MOD, MODULE_NAME_LEN);
		*exported = 0;
		ret = 0;
		break;
	}
	preempt_enable();
	return ret;
}
