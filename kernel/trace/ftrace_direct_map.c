// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The direct calls' map: for every function of a registered DIRECT ops,
 * its trampoline (the entries' ->direct).  ftrace_find_rec_direct() and
 * the patching (ftrace_update.c) read it; ftrace_direct.c, above them,
 * builds and publishes it.  It is replaced whole under
 * ftrace_direct_mutex and ftrace_lock and read under either of them or
 * with preemption disabled; a replaced map is freed after an RCU grace
 * period.  The one change in place: under ftrace_lock, the entries of
 * text going away get address 0 (ftrace_direct_forget()), as in the ops'
 * hashes; readers see the old address or 0.
 */

#include <linux/ftrace.h>

#include "ftrace_internal.h"

struct ftrace_hash __rcu *ftrace_direct_map = EMPTY_HASH;

/**
 * ftrace_find_rec_direct - the direct trampoline of a function
 * @ip: the function's call site
 *
 * Any context.
 *
 * Return: the trampoline, or 0 if no DIRECT ops traces @ip.
 */
unsigned long ftrace_find_rec_direct(unsigned long ip)
{
	struct ftrace_func_entry *e;
	unsigned long addr = 0;

	preempt_disable_notrace();
	e = ftrace_hash_find(rcu_dereference_sched(ftrace_direct_map), ip);
	/*
	 * ->direct is set before the map is published and never changed in
	 * a published map (a new map replaces it, ftrace_direct_publish()):
	 * the rcu_dereference_sched() above orders it, READ_ONCE is only
	 * for symmetry with the ->ip stores of ftrace_direct_forget().
	 */
	if (e)
		addr = READ_ONCE(e->direct);
	preempt_enable_notrace();
	return addr;
}
EXPORT_SYMBOL_GPL(ftrace_find_rec_direct);

/**
 * ftrace_direct_forget - forget the direct trampolines of text going away
 * @start: the text's first address
 * @end:   its last
 *
 * ftrace_lock.
 */
void ftrace_direct_forget(unsigned long start, unsigned long end)
{
	/*
	 * Besides ftrace_find_rec_direct() in any context, the map's
	 * lockless readers include ftrace_direct_copy(), under
	 * ftrace_direct_mutex only.
	 */
	struct ftrace_hash *map = rcu_dereference_protected(ftrace_direct_map,
					lockdep_is_held(&ftrace_lock));

	ftrace_hash_forget_range(map, start, end);
}
