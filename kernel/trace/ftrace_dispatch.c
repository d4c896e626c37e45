// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The callbacks' path: what the trampolines (or the static _mcount)
 * call, the list of registered ops it walks, and the site map that
 * says which of them trace each call site.
 *
 * The trampolines call one function, ftrace_trace_function (patched into
 * ftrace_call and ftrace_regs_call), with function_trace_op as the ops:
 *   - no ops:       ftrace_stub;
 *   - one ops:      its own callback (the fast path), or
 *                   ftrace_ops_assist_func() for an ops that asked for
 *                   recursion or RCU protection; the call sites patched
 *                   are exactly the ones it traces;
 *   - several ops:  arch_ftrace_ops_list_func(), which calls the ones
 *                   that trace the function: those the site map names,
 *                   or without a map those whose hashes say so.
 * ftrace_update.c decides and patches, ftrace_ops.c registers; both sit
 * above this file, which only keeps the list and the map and calls
 * along them.
 *
 * The site map numbers the registered ops in list order (at most 64)
 * and holds, for each address in some ops' filter hash, the mask of the
 * ops whose filter has it and whose notrace hash has not: one table
 * lookup per call instead of two hash lookups per ops.  Ops with an
 * empty filter trace every site: they are in ->every, and in ->test too
 * if their notrace hash is not empty, which the call then checks.
 * Every change a map could miss drops it first (ftrace_site_map_drop():
 * a hash put in force, an ops added or removed, the addresses of text
 * going away); ftrace_update_all() builds the next one from what is then
 * in force.  The pointer is written under ftrace_lock and read by the
 * list function with preemption disabled; a dropped map is freed after
 * a grace period, like the hashes it was made from.
 */

#include <linux/hash.h>
#include <linux/log2.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>

#include "ftrace_internal.h"

struct ftrace_ops ftrace_list_end __read_mostly = {
	.func	= ftrace_stub,
	.flags	= FTRACE_OPS_FL_STUB,
};

struct ftrace_ops __rcu *ftrace_ops_list __read_mostly = &ftrace_list_end;

/* Read by the trampolines; written by ftrace_update.c under ftrace_lock. */
struct ftrace_ops *function_trace_op __read_mostly = &ftrace_list_end;

/* May @op's callback run now, its hashes aside? */
static __always_inline bool ftrace_op_runs(struct ftrace_ops *op,
					   unsigned long skip, bool enabled)
{
	if (op->flags & skip)
		return false;
	/* With ftrace_enabled off only permanent ops run. */
	if (unlikely(!enabled) && !(op->flags & FTRACE_OPS_FL_PERMANENT))
		return false;
	return !(op->flags & FTRACE_OPS_FL_RCU) || rcu_is_watching();
}

#ifdef CONFIG_DYNAMIC_FTRACE
/* Ops numbered in a map: one bit each in a u64. */
#define FTRACE_SITE_MAP_MAX_OPS		64
/*
 * Past this many filtered addresses the map is not worth building on
 * every change: the hashes are tested instead.
 */
#define FTRACE_SITE_MAP_MAX_SITES	BIT(14)

/**
 * struct ftrace_site - a call site some filtered ops traces
 * @ip:  the address; 0 in an empty slot
 * @ops: the ops tracing it, a bit per number in &struct ftrace_site_map
 */
struct ftrace_site {
	unsigned long	ip;
	u64		ops;
};

/**
 * struct ftrace_site_map - which ops trace which call site
 * @every: ops tracing every site (an empty filter hash)
 * @test:  those of @every whose notrace hash the call must check
 * @ops:   the registered ops by number, in list order
 * @bits:  log2 of the number of slots in @sites
 * @mask:  the number of slots less one
 * @rcu:   to free it after the list function's readers
 * @sites: open addressing, linear probing from hash_long(ip, @bits);
 *         at least half the slots are empty, so every probe ends
 */
struct ftrace_site_map {
	u64			every;
	u64			test;
	struct ftrace_ops	*ops[FTRACE_SITE_MAP_MAX_OPS];
	unsigned int		bits;
	unsigned long		mask;
	struct rcu_head		rcu;
	struct ftrace_site	sites[];
};

static struct ftrace_site_map __rcu *ftrace_site_map;

static struct ftrace_site_map *ftrace_site_map_locked(void)
{
	return rcu_dereference_protected(ftrace_site_map,
					 lockdep_is_held(&ftrace_lock));
}

/* The map in force, or NULL.  Preemption disabled. */
static __always_inline struct ftrace_site_map *ftrace_site_map_get(void)
{
	return rcu_dereference_raw(ftrace_site_map);
}

/* The ops of @map that trace @ip, as a mask (@ip is never 0). */
static __always_inline u64 ftrace_site_map_ops(struct ftrace_site_map *map,
					       unsigned long ip)
{
	struct ftrace_site *s;
	unsigned long i;

	for (i = hash_long(ip, map->bits);; i = (i + 1) & map->mask) {
		s = &map->sites[i];
		if (s->ip == ip)
			return s->ops;
		if (!s->ip)
			return 0;
	}
}

/**
 * ftrace_site_map_drop - stop the list function using the current map
 *
 * Called before a change to the ops list or to a hash in force becomes
 * visible.  ftrace_lock.
 */
void ftrace_site_map_drop(void)
{
	struct ftrace_site_map *map = ftrace_site_map_locked();

	if (!map)
		return;
	RCU_INIT_POINTER(ftrace_site_map, NULL);
	kvfree_rcu(map, rcu);
}

static void ftrace_site_map_add(struct ftrace_site_map *map,
				unsigned long ip, u64 bit)
{
	struct ftrace_site *s;
	unsigned long i;

	for (i = hash_long(ip, map->bits);; i = (i + 1) & map->mask) {
		s = &map->sites[i];
		if (!s->ip)
			s->ip = ip;
		if (s->ip == ip) {
			s->ops |= bit;
			return;
		}
	}
}

static struct ftrace_hash *ftrace_op_hash(struct ftrace_ops *op, bool filter)
{
	return rcu_dereference_protected(filter ? op->func_hash->filter_hash :
					 op->func_hash->notrace_hash,
					 lockdep_is_held(&ftrace_lock));
}

/* Enter what @op, number @i, traces. */
static void ftrace_site_map_add_ops(struct ftrace_site_map *map,
				    struct ftrace_ops *op, unsigned int i)
{
	struct ftrace_hash *filter = ftrace_op_hash(op, true);
	struct ftrace_hash *nohash = ftrace_op_hash(op, false);
	struct ftrace_func_entry *e;
	unsigned long b;

	map->ops[i] = op;
	if (ftrace_hash_empty(filter)) {
		map->every |= BIT_ULL(i);
		if (!ftrace_hash_empty(nohash))
			map->test |= BIT_ULL(i);
		return;
	}
	for (b = 0; b < (1UL << filter->size_bits); b++) {
		hlist_for_each_entry(e, &filter->buckets[b], hlist) {
			/* 0: forgotten with its module's text */
			if (e->ip && !ftrace_hash_contains(nohash, e->ip))
				ftrace_site_map_add(map, e->ip, BIT_ULL(i));
		}
	}
}

/**
 * ftrace_site_map_build - make the map of the ops and hashes in force
 *
 * Nothing to do while the current map is valid, or with fewer than two
 * ops (the list function then only runs while call sites change).  A
 * failed allocation leaves the list function testing hashes.
 * ftrace_lock.
 */
void ftrace_site_map_build(void)
{
	struct ftrace_site_map *map;
	unsigned long sites = 0;
	unsigned int n = 0, bits;
	struct ftrace_ops *op;

	lockdep_assert_held(&ftrace_lock);
	if (ftrace_site_map_locked())
		return;
	for_each_ftrace_op_locked(op) {
		if (++n > FTRACE_SITE_MAP_MAX_OPS)
			return;
		if (!ftrace_hash_empty(ftrace_op_hash(op, true)))
			sites += ftrace_op_hash(op, true)->count;
	}
	if (n < 2 || sites > FTRACE_SITE_MAP_MAX_SITES)
		return;

	bits = max(1, order_base_2(2 * sites));
	map = kvzalloc(struct_size(map, sites, 1UL << bits), GFP_KERNEL);
	if (!map)
		return;
	map->bits = bits;
	map->mask = (1UL << bits) - 1;
	n = 0;
	for_each_ftrace_op_locked(op)
		ftrace_site_map_add_ops(map, op, n++);
	rcu_assign_pointer(ftrace_site_map, map);
}

/*
 * Call the ops the site map says trace @ip, in list order.  Return:
 * false if there is no map, nothing called.
 */
static __always_inline bool ftrace_call_mapped(unsigned long ip,
					       unsigned long parent_ip,
					       struct ftrace_regs *fregs,
					       unsigned long skip, bool enabled)
{
	struct ftrace_site_map *map = ftrace_site_map_get();
	struct ftrace_ops *op;
	unsigned int i;
	u64 mask;

	if (!map)
		return false;
	mask = map->every | ftrace_site_map_ops(map, ip);
	while (mask) {
		i = __ffs64(mask);
		mask &= mask - 1;
		op = map->ops[i];
		if (!ftrace_op_runs(op, skip, enabled))
			continue;
		if ((map->test & BIT_ULL(i)) && !ftrace_ops_test(op, ip))
			continue;
		op->func(ip, parent_ip, op, fregs);
	}
	return true;
}
#else
/* The static tracer: no hashes, so no map. */
static __always_inline bool ftrace_call_mapped(unsigned long ip,
					       unsigned long parent_ip,
					       struct ftrace_regs *fregs,
					       unsigned long skip, bool enabled)
{
	return false;
}
#endif /* CONFIG_DYNAMIC_FTRACE */

/**
 * arch_ftrace_ops_list_func - call every ops that traces @ip
 * @ip:        the call site
 * @parent_ip: the traced function's return address
 * @op:        ignored: the list is walked instead
 * @fregs:     the registers
 *
 * The callback while several ops are registered (and while the call
 * sites change).  Guarded against recursion, so ops that asked for that
 * protection get it here too.  The site map, when there is one, says
 * which ops trace @ip; without it each ops' hashes are tested.
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
	/*
	 * Keeps the ops list, the hashes and the site map alive (see
	 * ftrace_internal.h and the top of this file).
	 */
	preempt_disable_notrace();
	if (!ftrace_call_mapped(ip, parent_ip, fregs, skip, enabled)) {
		for_each_ftrace_op_rcu(op) {
			if (ftrace_op_runs(op, skip, enabled) &&
			    ftrace_ops_test(op, ip))
				op->func(ip, parent_ip, op, fregs);
		}
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
