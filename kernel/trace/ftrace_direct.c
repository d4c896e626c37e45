// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Direct calls: an ops whose functions call a trampoline of its owner's
 * (a BPF trampoline, samples/ftrace/ftrace-direct*.c) instead of a
 * callback.  See Documentation/trace/ftrace-direct.rst.
 *
 * register_ftrace_direct() turns the ops into a DIRECT ops: SAVE_REGS,
 * ->direct_call the trampoline, ->func ftrace_direct_func().  How its
 * functions reach the trampoline (ftrace_update.c):
 *   - a function only it traces: the call site calls the trampoline
 *     itself (FTRACE_FL_DIRECT_EN);
 *   - a function other ops trace too: the site calls
 *     ftrace_regs_caller, whose callbacks include ftrace_direct_func(),
 *     which asks the architecture (arch_ftrace_set_direct_caller()) to
 *     go on to ->direct_call once the callbacks are done.
 * A function has at most one direct trampoline: a second DIRECT ops on
 * it, or an IPMODIFY ops (nor the other way round), gets -EBUSY.
 *
 * ftrace_direct_map (ftrace_direct_map.c, below the patching that reads
 * it) holds, for every function of a registered DIRECT ops, its
 * trampoline; this file builds each new map and publishes it.
 *
 * ftrace_direct_mutex serializes the direct API (register, modify,
 * unregister); it is taken before ftrace_lock.
 */

#include <linux/ftrace.h>
#include <linux/mutex.h>

#include "ftrace_internal.h"

static DEFINE_MUTEX(ftrace_direct_mutex);

/*
 * The flags a DIRECT ops has from registration to unregistration.  Its
 * callback only needs the ftrace_regs to name the trampoline: where the
 * architecture has WITH_ARGS but not WITH_REGS, the plain trampoline
 * gives that, and SAVE_REGS would refuse the registration; where every
 * site goes through ftrace_caller (ARCH_FTRACE_DIRECT_VIA_CALLER), that
 * one serves direct calls, and asking for regs would only cost time.
 */
#if defined(CONFIG_DYNAMIC_FTRACE_WITH_REGS) && \
	!defined(ARCH_FTRACE_DIRECT_VIA_CALLER)
#define FTRACE_DIRECT_FLAGS	(FTRACE_OPS_FL_DIRECT | FTRACE_OPS_FL_SAVE_REGS)
#else
#define FTRACE_DIRECT_FLAGS	FTRACE_OPS_FL_DIRECT
#endif

/*
 * The callback of every DIRECT ops, called from ftrace_regs_caller (by
 * the list function, or alone) for functions whose site is shared.
 */
static void notrace ftrace_direct_func(unsigned long ip,
				       unsigned long parent_ip,
				       struct ftrace_ops *op,
				       struct ftrace_regs *fregs)
{
	/*
	 * Changed by modify_ftrace_direct_nolock() (ftrace_lock) while this
	 * runs on any CPU: one load, so the caller goes to the old
	 * trampoline or the new one.  No barrier: both stay valid.
	 */
	unsigned long addr = READ_ONCE(op->direct_call);

	if (addr)
		arch_ftrace_set_direct_caller(fregs, addr);
}

static struct ftrace_hash *ftrace_direct_current(void)
{
	return rcu_dereference_protected(ftrace_direct_map,
				lockdep_is_held(&ftrace_direct_mutex));
}

static struct ftrace_hash *ftrace_direct_funcs(struct ftrace_ops *ops)
{
	return rcu_dereference_protected(ops->func_hash->filter_hash,
				lockdep_is_held(&ftrace_direct_mutex));
}

/*
 * A copy of the map, @extra entries larger, with every entry but those
 * of @skip (if not NULL).  ftrace_direct_mutex.
 */
static struct ftrace_hash *ftrace_direct_copy(unsigned long extra,
					      struct ftrace_hash *skip)
{
	struct ftrace_hash *map = ftrace_direct_current();
	struct ftrace_func_entry *e;
	struct ftrace_hash *copy;
	unsigned long ip;
	int b;

	copy = ftrace_hash_alloc(fls_long(map->count + extra));
	if (!copy || ftrace_hash_empty(map))
		return copy;
	for (b = 0; b < (1 << map->size_bits); b++) {
		hlist_for_each_entry(e, &map->buckets[b], hlist) {
			/*
			 * Under ftrace_direct_mutex only: a module unload may
			 * zero ->ip meanwhile (ftrace_direct_forget(),
			 * ftrace_lock).  One value; 0 is skipped.
			 */
			ip = READ_ONCE(e->ip);
			if (!ip || ftrace_hash_contains(skip, ip))
				continue;
			if (ftrace_hash_add_data(copy, ip, e->direct)) {
				ftrace_hash_free(copy);
				return NULL;
			}
		}
	}
	return copy;
}

/*
 * A new map: the current one with @funcs sent to @addr, or without
 * them for @addr 0.  ftrace_direct_mutex.
 */
static struct ftrace_hash *ftrace_direct_build(struct ftrace_hash *funcs,
					       unsigned long addr)
{
	struct ftrace_func_entry *e;
	struct ftrace_hash *map;
	unsigned long ip;
	int b;

	map = ftrace_direct_copy(addr ? funcs->count : 0, funcs);
	if (!map || !addr)
		return map;
	for (b = 0; b < (1 << funcs->size_bits); b++) {
		hlist_for_each_entry(e, &funcs->buckets[b], hlist) {
			/*
			 * The ops' filter hash: a module unload may zero ->ip
			 * under ftrace_lock, which we do not hold yet
			 * (ftrace_forget_ops_ips()).  One value; 0 is skipped.
			 */
			ip = READ_ONCE(e->ip);
			if (ip && ftrace_hash_add_data(map, ip, addr)) {
				ftrace_hash_free(map);
				return NULL;
			}
		}
	}
	return map;
}

/* Put @map in force.  ftrace_direct_mutex and ftrace_lock. */
static void ftrace_direct_publish(struct ftrace_hash *map)
{
	struct ftrace_hash *old = ftrace_direct_current();

	lockdep_assert_held(&ftrace_lock);
	rcu_assign_pointer(ftrace_direct_map, map);
	ftrace_hash_free_rcu(old);
}

/* Does a function of @funcs have a direct trampoline already? */
static bool ftrace_direct_taken(struct ftrace_hash *funcs)
{
	struct ftrace_hash *map = ftrace_direct_current();
	struct ftrace_func_entry *e;
	int b;

	for (b = 0; b < (1 << funcs->size_bits); b++)
		hlist_for_each_entry(e, &funcs->buckets[b], hlist)
			/* ->ip: see ftrace_direct_build() */
			if (ftrace_hash_contains(map, READ_ONCE(e->ip)))
				return true;
	return false;
}

static bool ftrace_direct_ops_ok(struct ftrace_ops *ops)
{
	return (ops->flags & FTRACE_OPS_FL_INITIALIZED) &&
	       (ops->flags & FTRACE_DIRECT_FLAGS) == FTRACE_DIRECT_FLAGS &&
	       (ops->flags & FTRACE_OPS_FL_ENABLED);
}

/**
 * register_ftrace_direct - send an ops' functions to a trampoline
 * @ops:  an ops with a filter (ftrace_set_filter_ip() and friends) and
 *        nothing else: no ->func, not registered
 * @addr: the trampoline; it is entered as the functions would have
 *        entered __fentry__ and must return to them the same way
 *        (x86: ENDBR first, CALL_DEPTH_ACCOUNT, ASM_RET)
 *
 * The trampoline and @ops must stay until unregister_ftrace_direct().
 *
 * Return: 0; -EINVAL if @ops has a callback, is registered, has no
 * filter, or @addr is 0; -EBUSY if one of its functions has a direct
 * trampoline already, or an IPMODIFY ops traces it; -ENOMEM; -ENODEV
 * when function tracing is dead.
 */
int register_ftrace_direct(struct ftrace_ops *ops, unsigned long addr)
{
	struct ftrace_hash *funcs, *map;
	int ret;

	if (ops->func || ops->trampoline || !addr)
		return -EINVAL;
	if (!(ops->flags & FTRACE_OPS_FL_INITIALIZED) ||
	    (ops->flags & FTRACE_OPS_FL_ENABLED))
		return -EINVAL;

	guard(mutex)(&ftrace_direct_mutex);
	funcs = ftrace_direct_funcs(ops);
	if (ftrace_hash_empty(funcs))
		return -EINVAL;
	if (ftrace_direct_taken(funcs))
		return -EBUSY;
	map = ftrace_direct_build(funcs, addr);
	if (!map)
		return -ENOMEM;
	scoped_guard(mutex, &ftrace_lock)
		ftrace_direct_publish(map);

	ops->func = ftrace_direct_func;
	ops->direct_call = addr;
	/* The trampoline may go once unregistered: wait as for a module's. */
	ops->flags |= FTRACE_DIRECT_FLAGS | FTRACE_OPS_FL_DYNAMIC;
	ret = register_ftrace_function(ops);
	if (!ret)
		return 0;

	ops->func = NULL;
	ops->direct_call = 0;
	ops->flags &= ~FTRACE_DIRECT_FLAGS;
	map = ftrace_direct_build(funcs, 0);
	if (map) {
		scoped_guard(mutex, &ftrace_lock)
			ftrace_direct_publish(map);
	}
	return ret;
}
EXPORT_SYMBOL_GPL(register_ftrace_direct);

/**
 * unregister_ftrace_direct - take a DIRECT ops' functions back
 * @ops:          an ops registered with register_ftrace_direct()
 * @addr:         its trampoline
 * @free_filters: also drop its filter (ftrace_free_filter())
 *
 * When this returns, no task is or will be in the trampoline through
 * @ops, which may then be freed; @ops may be registered again.
 *
 * Return: 0, or -EINVAL if @ops is not a registered DIRECT ops.
 */
int unregister_ftrace_direct(struct ftrace_ops *ops, unsigned long addr,
			     bool free_filters)
{
	struct ftrace_hash *map;
	int ret;

	if (!ftrace_direct_ops_ok(ops))
		return -EINVAL;

	scoped_guard(mutex, &ftrace_direct_mutex) {
		ret = unregister_ftrace_function(ops);
		/* On -ENOMEM the entries stay; they name no live call site. */
		map = ftrace_direct_build(ftrace_direct_funcs(ops), 0);
		if (map) {
			scoped_guard(mutex, &ftrace_lock)
				ftrace_direct_publish(map);
		}
	}
	ops->func = NULL;
	ops->direct_call = 0;
	ops->flags &= ~FTRACE_DIRECT_FLAGS;
	if (free_filters)
		ftrace_free_filter(ops);
	return ret;
}
EXPORT_SYMBOL_GPL(unregister_ftrace_direct);

/**
 * modify_ftrace_direct_nolock - move a DIRECT ops to another trampoline
 * @ops:  an ops registered with register_ftrace_direct()
 * @addr: the new trampoline
 *
 * For callers that hold the direct calls' lock already (an ops_func
 * called back by the core); others use modify_ftrace_direct().
 *
 * Each call site calling the old trampoline is rewritten into a call to
 * the new one in one step (text_poke_bp()), and sites shared with other
 * ops read ->direct_call once per call: a running caller enters one
 * trampoline or the other, never neither.  Callers already in the old
 * trampoline are not waited for: keep it until they must be gone (for
 * instance after synchronize_rcu_tasks()).
 *
 * Return: 0; -EINVAL if @ops is not a registered DIRECT ops or @addr is
 * 0; -ENOMEM; -ENODEV when function tracing is dead.
 */
int modify_ftrace_direct_nolock(struct ftrace_ops *ops, unsigned long addr)
{
	struct ftrace_hash *map;

	lockdep_assert_held(&ftrace_direct_mutex);
	if (!ftrace_direct_ops_ok(ops) || !addr)
		return -EINVAL;
	map = ftrace_direct_build(ftrace_direct_funcs(ops), addr);
	if (!map)
		return -ENOMEM;
	guard(mutex)(&ftrace_lock);
	ftrace_direct_publish(map);
	/*
	 * Read once per call by ftrace_direct_func() on any CPU; the new
	 * trampoline is live already, so no ordering is needed.
	 */
	WRITE_ONCE(ops->direct_call, addr);
	return ftrace_update_all();
}
EXPORT_SYMBOL_GPL(modify_ftrace_direct_nolock);

/**
 * modify_ftrace_direct - move a DIRECT ops to another trampoline
 * @ops:  an ops registered with register_ftrace_direct()
 * @addr: the new trampoline
 *
 * As modify_ftrace_direct_nolock(), taking the direct calls' lock.
 *
 * Return: as modify_ftrace_direct_nolock().
 */
int modify_ftrace_direct(struct ftrace_ops *ops, unsigned long addr)
{
	guard(mutex)(&ftrace_direct_mutex);
	return modify_ftrace_direct_nolock(ops, addr);
}
EXPORT_SYMBOL_GPL(modify_ftrace_direct);
