// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The call site records.
 *
 * The compiler (or objtool) lists the address of every "call __fentry__"
 * in a __mcount_loc table: vmlinux's is read by ftrace_init() at boot,
 * each module's by ftrace_module_init() when it is loaded.  Each table
 * becomes one struct ftrace_rec_group: an array of 4-byte struct
 * dyn_ftrace sorted by address, so that finding the record of an address
 * is a binary search within the group whose range holds it.  The call
 * sites are turned into NOPs as their records are made, while the text
 * is still writable.
 *
 * A record's state (ftrace_rec_flags()) is kept by its group: one
 * value for every record (ftrace_rec_group.base) until an ops is
 * registered, then an array of them, allocated at that point where
 * failing is still an error to return (ftrace_rec_states_get_all()).
 * A kernel that traces nothing spends 4 bytes a call site.
 *
 * A module's records stay DISABLED, out of every update, until
 * ftrace_module_enable(), when its text is final; they go with
 * ftrace_release_mod() (both ftrace_modules.c's).  Records of init text
 * that is freed are FREED and DISABLED for good: a range of the group,
 * or, for a second range, marks in the state array.
 *
 * A site that cannot be patched is reported here too (ftrace_bug()).
 * This file calls nothing of the core above it: only the architecture's
 * patcher and ftrace_state.c.
 */

#include <linux/kallsyms.h>
#include <linux/bsearch.h>
#include <linux/module.h>
#include <linux/sched/clock.h>
#include <linux/timex.h>
#include <linux/sort.h>
#include <linux/slab.h>
#include <linux/mm.h>
#include <asm/sections.h>

#include "ftrace_internal.h"

/* Record groups, vmlinux's first.  RCU; changed under ftrace_lock. */
LIST_HEAD(ftrace_rec_groups);

static unsigned long ftrace_records_total;	/* ftrace_lock */
static unsigned long ftrace_groups_total;	/* ftrace_lock */
static unsigned long ftrace_state_total;	/* bytes; ftrace_lock */
/*
 * Moves whenever the lines of available_filter_functions may have changed
 * (a group added or removed, records freed), which makes the index cursor
 * below stale.  ftrace_lock.
 */
static unsigned long ftrace_rec_gen;

/**
 * struct ftrace_index_cursor - where the last lookup by index ended
 * @gen:   ftrace_rec_gen when it was taken
 * @group: the group of the record found
 * @off:   its offset in @group
 * @index: its line number in available_filter_functions
 *
 * Writers of indexes (libtracefs) send them one by one in ascending
 * order: going on from the last one makes all of them one walk.
 * ftrace_lock.
 */
static struct ftrace_index_cursor {
	unsigned long		gen;
	struct ftrace_rec_group	*group;
	unsigned int		off;
	unsigned long		index;
} ftrace_index_cursor;
/*
 * How long ftrace_init() took.  The scheduler clock may not run yet that
 * early in boot (it reads 0 then), so the CPU's cycle counter is kept too.
 */
static u64 ftrace_init_ns;
static u64 ftrace_init_cycles;

static int ftrace_rec_cmp(const void *a, const void *b)
{
	const struct dyn_ftrace *x = a, *y = b;
	unsigned long ix = ftrace_rec_ip(x), iy = ftrace_rec_ip(y);

	if (ix < iy)
		return -1;
	return ix > iy;
}

/*
 * Make the records of one __mcount_loc table, NOP their call sites, and
 * return the group (not yet listed), or NULL.  A module's records start
 * DISABLED.
 */
static struct ftrace_rec_group *ftrace_make_group(struct module *mod,
						  unsigned long *start,
						  unsigned long *end)
{
	struct ftrace_rec_group *g;
	unsigned long *p, ip;
	unsigned int n = 0;
	bool sorted = true;
	int ret;

	if (end <= start)
		return NULL;
	g = kvzalloc(struct_size(g, recs, end - start), GFP_KERNEL);
	if (!g)
		return NULL;
	g->mod = mod;
	g->base = mod ? FTRACE_FL_DISABLED : 0;

	for (p = start; p < end; p++) {
		/* Entries of discarded sections are zero. */
		if (!*p)
			continue;
		ip = ftrace_call_adjust(*p);
		if (WARN_ONCE(!ftrace_rec_ip_packable(ip),
			      "ftrace: call site %pS out of range\n", (void *)ip))
			continue;
		g->recs[n].ip32 = ftrace_rec_ip_pack(ip);
		if (n && ftrace_rec_ip(&g->recs[n - 1]) > ip)
			sorted = false;
		n++;
	}
	g->count = n;
	if (!n) {
		kvfree(g);
		return NULL;
	}
	/* scripts/sorttable sorted vmlinux's table; modules' are not. */
	if (!sorted)
		sort(g->recs, n, sizeof(g->recs[0]), ftrace_rec_cmp, NULL);
	g->start = ftrace_rec_ip(&g->recs[0]);
	g->end = ftrace_rec_ip(&g->recs[n - 1]);

	if (!ftrace_need_init_nop())
		return g;
	for (n = 0; n < g->count; n++) {
		ret = ftrace_init_nop(mod, &g->recs[n]);
		if (ret) {
			ftrace_bug_type = FTRACE_BUG_INIT;
			ftrace_bug(ret, &g->recs[n]);
			kvfree(g);
			return NULL;
		}
	}
	return g;
}

static void ftrace_add_group(struct ftrace_rec_group *g)
{
	list_add_tail_rcu(&g->list, &ftrace_rec_groups);
	ftrace_rec_gen++;
	ftrace_records_total += g->count;
	ftrace_groups_total++;
}

/**
 * ftrace_init - record vmlinux's call sites and turn them into NOPs
 *
 * Called once by start_kernel() on the boot CPU with interrupts off,
 * before any other CPU or task runs: no lock is needed, and the kernel
 * text is still writable.
 */
void __init ftrace_init(void)
{
	struct ftrace_rec_group *g;
	cycles_t c0 = get_cycles();
	u64 t0 = sched_clock();

	if (ftrace_dyn_arch_init()) {
		ftrace_disabled = true;
		return;
	}
	g = ftrace_make_group(NULL, __start_mcount_loc, __stop_mcount_loc);
	if (!g) {
		pr_warn("ftrace: no call sites recorded: function tracing off\n");
		ftrace_disabled = true;
		return;
	}
	ftrace_add_group(g);
	ftrace_init_ns = sched_clock() - t0;
	ftrace_init_cycles = get_cycles() - c0;
	pr_info("ftrace: %u call sites of vmlinux turned into NOPs in %llu us, %llu cycles; %zu bytes per record, %lu KiB\n",
		g->count, div_u64(ftrace_init_ns, NSEC_PER_USEC),
		ftrace_init_cycles, sizeof(struct dyn_ftrace),
		(unsigned long)(struct_size(g, recs, g->count) >> 10));
}

/**
 * ftrace_module_init - record a module's call sites and NOP them
 * @mod: the module, its text still writable
 */
void ftrace_module_init(struct module *mod)
{
	struct ftrace_rec_group *g;

	if (ftrace_disabled || !mod->num_ftrace_callsites)
		return;
	g = ftrace_make_group(mod, mod->ftrace_callsites,
			      mod->ftrace_callsites + mod->num_ftrace_callsites);
	if (!g)
		return;
	guard(mutex)(&ftrace_lock);
	ftrace_add_group(g);
}

/**
 * ftrace_mod_group - the record group of a module
 * @mod: the module
 *
 * ftrace_lock.
 *
 * Return: the group, or NULL if @mod has no records.
 */
struct ftrace_rec_group *ftrace_mod_group(struct module *mod)
{
	struct ftrace_rec_group *g;

	lockdep_assert_held(&ftrace_lock);
	for_each_ftrace_group(g)
		if (g->mod == mod)
			return g;
	return NULL;
}

/**
 * ftrace_del_group - unlist a module's group of records
 * @g: the group
 *
 * ftrace_lock.  Lookups may still walk it until an RCU grace period has
 * passed; the caller frees it after one.
 */
void ftrace_del_group(struct ftrace_rec_group *g)
{
	lockdep_assert_held(&ftrace_lock);
	list_del_rcu(&g->list);
	ftrace_rec_gen++;
	ftrace_records_total -= g->count;
	ftrace_groups_total--;
	if (g->state)
		ftrace_state_total -= array_size(g->count, sizeof(u32));
}

/**
 * ftrace_free_group - free an unlisted group
 * @g: the group, after ftrace_del_group() and an RCU grace period
 */
void ftrace_free_group(struct ftrace_rec_group *g)
{
	kvfree(g->state);
	kvfree(g);
}

/* The listed group that holds @rec.  ftrace_lock or RCU. */
static struct ftrace_rec_group *ftrace_rec_group_of(const struct dyn_ftrace *rec)
{
	struct ftrace_rec_group *g;

	for_each_ftrace_group(g)
		if (rec >= g->recs && rec < g->recs + g->count)
			return g;
	return NULL;
}

/**
 * ftrace_rec_flags - a record's state
 * @rec: a record of a listed group
 *
 * ftrace_lock, or RCU for a racy look.
 *
 * Return: the number of registered ops that trace it (up to
 * FTRACE_REF_MAX) and its FTRACE_FL_* bits.
 */
u32 ftrace_rec_flags(const struct dyn_ftrace *rec)
{
	struct ftrace_rec_group *g = ftrace_rec_group_of(rec);

	return g ? ftrace_group_rec_flags(g, rec) : 0;
}

/**
 * ftrace_rec_set_flags - set a record's state
 * @rec:   a record of a listed group
 * @flags: the new state, without the FREED range's bits
 *
 * The group has its state array whenever @flags can differ from what
 * the record has: from the registration of the first ops on
 * (ftrace_rec_states_get_all()).  ftrace_lock.
 */
void ftrace_rec_set_flags(struct dyn_ftrace *rec, u32 flags)
{
	struct ftrace_rec_group *g = ftrace_rec_group_of(rec);

	if (!WARN_ON_ONCE(!g))
		ftrace_group_set_flags(g, rec, flags);
}

/**
 * ftrace_rec_states_get - give a group its state array
 * @g: the group
 *
 * ftrace_lock.
 *
 * Return: 0, or -ENOMEM.
 */
int ftrace_rec_states_get(struct ftrace_rec_group *g)
{
	u32 *state;
	unsigned int i;

	lockdep_assert_held(&ftrace_lock);
	if (g->state)
		return 0;
	state = kvmalloc_array(g->count, sizeof(u32), GFP_KERNEL);
	if (!state)
		return -ENOMEM;
	/* the freed range folded in: with the array, it is all there is */
	for (i = 0; i < g->count; i++)
		state[i] = ftrace_group_rec_flags(g, &g->recs[i]);
	/* filled before readers under RCU find it */
	smp_store_release(&g->state, state);
	ftrace_state_total += array_size(g->count, sizeof(u32));
	return 0;
}

/**
 * ftrace_rec_states_get_all - give every group its state array
 *
 * Called before an ops is registered, while failing changes nothing.
 * ftrace_lock.
 *
 * Return: 0, or -ENOMEM.
 */
int ftrace_rec_states_get_all(void)
{
	struct ftrace_rec_group *g;
	int ret;

	for_each_ftrace_group(g) {
		ret = ftrace_rec_states_get(g);
		if (ret)
			return ret;
	}
	return 0;
}

/**
 * ftrace_group_set_live - take a module's records out of DISABLED
 * @g: the group, its text final
 *
 * Records of freed text stay DISABLED.  ftrace_lock.
 */
void ftrace_group_set_live(struct ftrace_rec_group *g)
{
	unsigned int i;

	lockdep_assert_held(&ftrace_lock);
	WRITE_ONCE(g->base, g->base & ~FTRACE_FL_DISABLED);
	if (!g->state)
		return;
	for (i = 0; i < g->count; i++)
		if (!(g->state[i] & FTRACE_FL_FREED))
			WRITE_ONCE(g->state[i],
				   g->state[i] & ~FTRACE_FL_DISABLED);
}

/* Bytes of state arrays.  ftrace_lock. */
unsigned long ftrace_rec_state_bytes(void)
{
	return ftrace_state_total;
}

/*
 * Mark @g's records in [@start, @end) FREED and DISABLED in its state
 * array, which a group with one, or a second freed range, needs.  Text
 * goes whether or not the array can be had: without it, the range is
 * widened over both, live records in between included (they are then
 * never traced).
 */
static void ftrace_retire_marks(struct ftrace_rec_group *g,
				unsigned long start, unsigned long end)
{
	struct dyn_ftrace *rec;
	unsigned long ip;

	if (ftrace_rec_states_get(g)) {
		pr_warn("ftrace: no memory for the state of %s's call sites: some are retired early\n",
			g->mod ? g->mod->name : "vmlinux");
		/* racy readers see the old range, the new, or a mix */
		WRITE_ONCE(g->retired_start, min(g->retired_start, start));
		WRITE_ONCE(g->retired_end, max(g->retired_end, end));
		return;
	}
	for (rec = g->recs; rec < g->recs + g->count; rec++) {
		ip = ftrace_rec_ip(rec);
		if (ip >= start && ip < end)
			WRITE_ONCE(g->state[rec - g->recs],
				   FTRACE_FL_DISABLED | FTRACE_FL_FREED);
	}
}

/**
 * ftrace_retire_range - retire the records of text that is freed
 * @start: the text's start
 * @end:   its end (excluded)
 *
 * The records stay, FREED and DISABLED for good: marks in the group's
 * state array if it has one, else its freed range if it has none yet,
 * else marks in a state array allocated now.  ftrace_lock.
 */
void ftrace_retire_range(unsigned long start, unsigned long end)
{
	struct ftrace_rec_group *g;

	lockdep_assert_held(&ftrace_lock);
	for_each_ftrace_group(g) {
		if (g->end < start || g->start >= end)
			continue;
		if (!g->state && g->retired_end == g->retired_start) {
			g->retired_start = start;
			/* after start: a racy reader sees no range or all */
			smp_store_release(&g->retired_end, end);
		} else {
			ftrace_retire_marks(g, start, end);
		}
	}
	ftrace_rec_gen++;
}

static int ftrace_ip_cmp(const void *key, const void *elt)
{
	unsigned long ip = *(const unsigned long *)key;
	unsigned long rip = ftrace_rec_ip(elt);

	if (ip < rip)
		return -1;
	return ip > rip;
}

/**
 * ftrace_lookup_rec - the record of the call site at @ip
 * @ip: an address
 *
 * Under ftrace_lock or rcu_read_lock().
 *
 * Return: the live record, or NULL.
 */
struct dyn_ftrace *ftrace_lookup_rec(unsigned long ip)
{
	struct ftrace_rec_group *g;
	struct dyn_ftrace *rec;

	for_each_ftrace_group(g) {
		if (ip < g->start || ip > g->end)
			continue;
		rec = bsearch(&ip, g->recs, g->count, sizeof(*rec),
			      ftrace_ip_cmp);
		if (rec && !(ftrace_group_rec_flags(g, rec) & FTRACE_FL_FREED))
			return rec;
	}
	return NULL;
}

/*
 * The first live call site whose MCOUNT_INSN_SIZE bytes overlap
 * [start, end], or 0.  RCU or ftrace_lock.
 */
static unsigned long ftrace_first_in_range(unsigned long start,
					   unsigned long end)
{
	/* A site starting this low still reaches start. */
	unsigned long low = start - min(start, MCOUNT_INSN_SIZE - 1UL);
	struct ftrace_rec_group *g;
	struct dyn_ftrace *rec;
	unsigned int lo, hi, mid;

	for_each_ftrace_group(g) {
		if (end < g->start || low > g->end)
			continue;
		/* The first record at or above low. */
		lo = 0;
		hi = g->count;
		while (lo < hi) {
			mid = lo + (hi - lo) / 2;
			if (ftrace_rec_ip(&g->recs[mid]) < low)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (rec = g->recs + lo; rec < g->recs + g->count; rec++) {
			if (ftrace_rec_ip(rec) > end)
				break;
			if (!(ftrace_group_rec_flags(g, rec) & FTRACE_FL_FREED))
				return ftrace_rec_ip(rec);
		}
	}
	return 0;
}

/**
 * ftrace_location_range - a call site overlapping [start, end]
 * @start: first address
 * @end:   last address
 *
 * Return: the address (first byte) of a call site that has a byte in
 * the range, or 0.
 */
unsigned long ftrace_location_range(unsigned long start, unsigned long end)
{
	guard(rcu)();
	return ftrace_first_in_range(start, end);
}

/**
 * ftrace_location - the call site of the function at @ip
 * @ip: an address in a call site, or the address of a function
 *
 * Return: the call site that holds @ip; the call site of the function
 * that starts at @ip; otherwise 0.
 */
unsigned long ftrace_location(unsigned long ip)
{
	unsigned long size, offset, loc;

	loc = ftrace_location_range(ip, ip);
	if (loc)
		return loc;
	if (!kallsyms_lookup_size_offset(ip, &size, &offset) || offset)
		return 0;
	loc = ftrace_location_range(ip, ip + size - 1);
	/* Only the call at the entry (after an ENDBR) counts. */
	if (loc - ip > FTRACE_MCOUNT_MAX_OFFSET)
		return 0;
	return loc;
}

/**
 * ftrace_text_reserved - does [start, end] hold a byte of a call site?
 * @start: first byte
 * @end:   last byte
 *
 * Return: 1 if it does (others must not patch there), else 0.
 */
int ftrace_text_reserved(const void *start, const void *end)
{
	return !!ftrace_location_range((unsigned long)start,
				       (unsigned long)end);
}

/**
 * ftrace_rec_module - the module a record belongs to
 * @rec: a record
 *
 * Return: the module, or NULL for vmlinux.  Under ftrace_lock or RCU.
 */
struct module *ftrace_rec_module(struct dyn_ftrace *rec)
{
	struct ftrace_rec_group *g;

	for_each_ftrace_group(g)
		if (rec >= g->recs && rec < g->recs + g->count)
			return g->mod;
	return NULL;
}

unsigned long ftrace_nr_records(void)
{
	return ftrace_records_total;
}

unsigned long ftrace_nr_groups(void)
{
	return ftrace_groups_total;
}

/* ftrace_init()'s time in microseconds, and in CPU cycles. */
u64 ftrace_init_usecs(void)
{
	return div_u64(ftrace_init_ns, NSEC_PER_USEC);
}

u64 ftrace_init_cycle_count(void)
{
	return ftrace_init_cycles;
}

/*
 * The record iterator the architecture walks while patching, under
 * ftrace_lock: ftrace_rec_iter_start(), then ftrace_rec_iter_next()
 * until NULL.  It steps over DISABLED records.
 */
struct ftrace_rec_iter {
	struct ftrace_rec_group	*group;
	unsigned int		idx;
};

static struct ftrace_rec_iter ftrace_the_iter;	/* ftrace_lock */

static struct ftrace_rec_iter *ftrace_rec_iter_settle(struct ftrace_rec_iter *it)
{
	struct ftrace_rec_group *g = it->group;

	list_for_each_entry_from(g, &ftrace_rec_groups, list) {
		for (; it->idx < g->count; it->idx++)
			if (!(ftrace_group_rec_flags(g, &g->recs[it->idx]) &
			      FTRACE_FL_DISABLED)) {
				it->group = g;
				return it;
			}
		it->idx = 0;
	}
	return NULL;
}

/**
 * ftrace_rec_iter_start - the first live record, for for_ftrace_rec_iter()
 *
 * Return: an iterator, or NULL if there is no record.  ftrace_lock.
 */
struct ftrace_rec_iter *ftrace_rec_iter_start(void)
{
	lockdep_assert_held(&ftrace_lock);
	if (list_empty(&ftrace_rec_groups))
		return NULL;
	ftrace_the_iter.group = list_first_entry(&ftrace_rec_groups,
						 struct ftrace_rec_group, list);
	ftrace_the_iter.idx = 0;
	return ftrace_rec_iter_settle(&ftrace_the_iter);
}

/**
 * ftrace_rec_iter_next - the next live record
 * @iter: the iterator
 *
 * Return: @iter, or NULL at the end.
 */
struct ftrace_rec_iter *ftrace_rec_iter_next(struct ftrace_rec_iter *iter)
{
	iter->idx++;
	return ftrace_rec_iter_settle(iter);
}

/**
 * ftrace_rec_iter_record - the record @iter is at
 * @iter: the iterator
 *
 * Return: the record.
 */
struct dyn_ftrace *ftrace_rec_iter_record(struct ftrace_rec_iter *iter)
{
	return &iter->group->recs[iter->idx];
}

/**
 * ftrace_rec_iter_group - the group of the record @iter is at
 * @iter: the iterator
 *
 * Return: the group, for ftrace_group_rec_flags().
 */
struct ftrace_rec_group *ftrace_rec_iter_group(struct ftrace_rec_iter *iter)
{
	return iter->group;
}

/**
 * ftrace_func_name - the name of the function a record is in
 * @rec: the record
 * @buf: KSYM_NAME_LEN bytes
 *
 * Return: 0, or -ENOENT when the call site is not at the entry of a
 * known function (an overridden __weak function's leftover, say): such
 * records are neither listed nor matched.
 */
int ftrace_func_name(struct dyn_ftrace *rec, char *buf)
{
	unsigned long size, offset;

	if (!kallsyms_lookup(ftrace_rec_ip(rec), &size, &offset, NULL, buf))
		return -ENOENT;
	if (offset > FTRACE_MCOUNT_MAX_OFFSET)
		return -ENOENT;
	return 0;
}

/*
 * Is @rec a line of available_filter_functions?  The test of
 * ftrace_func_name() without copying the name.
 */
static bool ftrace_rec_listed(struct ftrace_rec_group *g,
			      struct dyn_ftrace *rec)
{
	unsigned long size, offset;

	if (ftrace_group_rec_flags(g, rec) & FTRACE_FL_FREED)
		return false;
	if (!kallsyms_lookup_size_offset(ftrace_rec_ip(rec), &size, &offset))
		return false;
	return offset <= FTRACE_MCOUNT_MAX_OFFSET;
}

/**
 * ftrace_rec_by_index - the record on a line of available_filter_functions
 * @index: the line number, from 1
 *
 * Under ftrace_lock.
 *
 * Return: the record, or NULL when there is no such line.
 */
struct dyn_ftrace *ftrace_rec_by_index(unsigned long index)
{
	struct ftrace_index_cursor *cur = &ftrace_index_cursor;
	struct ftrace_rec_group *g;
	unsigned long line = 0;
	unsigned int off = 0;

	lockdep_assert_held(&ftrace_lock);
	if (!index)
		return NULL;
	g = list_first_entry(&ftrace_rec_groups, struct ftrace_rec_group, list);
	if (cur->group && cur->gen == ftrace_rec_gen && cur->index <= index) {
		/* Count the cursor's record again: it is line cur->index. */
		g = cur->group;
		off = cur->off;
		line = cur->index - 1;
	}
	list_for_each_entry_from(g, &ftrace_rec_groups, list) {
		for (; off < g->count; off++) {
			if (!ftrace_rec_listed(g, &g->recs[off]) || ++line < index)
				continue;
			*cur = (struct ftrace_index_cursor){
				.gen = ftrace_rec_gen, .group = g,
				.off = off, .index = line,
			};
			return &g->recs[off];
		}
		off = 0;
	}
	return NULL;
}

/* --- giving up ----------------------------------------------------------- */

enum ftrace_bug_type ftrace_bug_type;

/**
 * ftrace_bug - a call site could not be patched
 * @err: what the architecture returned
 * @rec: the record
 *
 * Reports the site and what was found there, then calls ftrace_kill().
 */
void ftrace_bug(int err, struct dyn_ftrace *rec)
{
	unsigned long ip = rec ? ftrace_rec_ip(rec) : 0;
	static const char * const what[] = {
		[FTRACE_BUG_UNKNOWN]	= "",
		[FTRACE_BUG_INIT]	= " (initializing)",
		[FTRACE_BUG_NOP]	= " (making a NOP)",
		[FTRACE_BUG_CALL]	= " (making a call)",
		[FTRACE_BUG_UPDATE]	= " (changing a call)",
	};
	u8 found[MCOUNT_INSN_SIZE];

	ftrace_kill();
	switch (err) {
	case -EFAULT:
		pr_err("ftrace: cannot read call site %pS%s\n",
		       (void *)ip, what[ftrace_bug_type]);
		break;
	case -EPERM:
		pr_err("ftrace: cannot write call site %pS%s\n",
		       (void *)ip, what[ftrace_bug_type]);
		break;
	default:
		pr_err("ftrace: unexpected code at %pS%s: error %d\n",
		       (void *)ip, what[ftrace_bug_type], err);
		if (ip && !copy_from_kernel_nofault(found, (void *)ip,
						    sizeof(found)))
			pr_err("ftrace: found %*ph\n", (int)sizeof(found), found);
		if (ftrace_expected)
			pr_err("ftrace: expected %*ph\n", MCOUNT_INSN_SIZE,
			       ftrace_expected);
		break;
	}
	WARN_ONCE(1, "ftrace: function tracing disabled\n");
}
