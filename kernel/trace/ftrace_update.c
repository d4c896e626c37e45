// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Bringing the code in line with the registered ops.
 *
 * What every call site should call is a function of the registered ops
 * and their hashes alone: ftrace_update_all() recounts each record from
 * them (how many ops trace it, whether one wants pt_regs), chooses the
 * trampolines' callback, and has the architecture patch what differs.
 * Recounting from scratch, rather than adjusting counts as ops come and
 * go, costs a pass over the records on every change and keeps the
 * counts right by construction.
 *
 * What a site calls: nothing (a NOP); the direct trampoline of the one
 * ops that traces it, if that is a DIRECT ops (FTRACE_FL_DIRECT, see
 * ftrace_direct.c); the trampoline of the one ops that traces it, if
 * that ops has one (FTRACE_FL_TRAMP, see ftrace_tramp.c); else the
 * shared ftrace_caller, or ftrace_regs_caller if an ops tracing it wants
 * pt_regs.
 *
 * The shared trampolines call one callback with function_trace_op.  The
 * order of the patching keeps every callback seeing exactly the
 * functions it traces:
 *   1. the shared trampolines' callback becomes the list function, which
 *      checks each ops' hashes and so is right whatever the sites call;
 *   2. the call sites are patched;
 *   3. if one ops is left, function_trace_op is set to it, every task
 *      that may have loaded the old one in a shared trampoline is waited
 *      for, and the callback becomes that ops' own.
 * The wait of step 3 is skipped, and the lone callback goes in at step 1
 * after function_trace_op, when no task can hold an old op: no site
 * called the shared trampolines since the last grace period that waited
 * for every task (ftrace_shared_quiet).  That is the case when a tracer
 * starts with nothing else registered, whose ops has a trampoline.
 */

#include <linux/rcupdate_wait.h>

#include "ftrace_internal.h"

/*
 * An architecture whose sites reach a direct trampoline through the shared
 * ftrace_caller (riscv) defines this to 1: such a site uses the shared
 * trampoline too, for ftrace_shared_quiet's bookkeeping.
 */
#ifndef ARCH_FTRACE_DIRECT_VIA_CALLER
#define ARCH_FTRACE_DIRECT_VIA_CALLER	0
#endif

/* The callback chosen for the trampolines, and its op.  ftrace_lock. */
ftrace_func_t ftrace_trace_function __read_mostly = ftrace_stub;
static struct ftrace_ops *ftrace_chosen_op = &ftrace_list_end;

/* What ftrace_call and ftrace_regs_call call now.  ftrace_lock. */
static ftrace_func_t ftrace_patched_func = ftrace_stub;
/* What ftrace_run_update() patches them to.  ftrace_lock. */
static ftrace_func_t ftrace_func_target = ftrace_stub;

/*
 * Updates done, and the last one after which some site called the
 * shared trampolines.  ftrace_lock.
 */
static u64 ftrace_update_seq;
static u64 ftrace_shared_used_seq;
/*
 * No task can be in a shared trampoline with an op it loaded earlier:
 * no site has called them since a grace period that waited for every
 * task (ftrace_shared_quiesced()).  ftrace_lock.
 */
static bool ftrace_shared_quiet = true;

/**
 * ftrace_account_rec - recount a record from the registered ops
 * @g:   its group
 * @rec: a live record
 *
 * Sets the reference count, REGS, IPMODIFY and DIRECT as the ops say;
 * TOUCHED and MODIFIED accumulate; ENABLED, REGS_EN, TRAMP_EN and
 * DIRECT_EN (what the site calls now) are left to the patching.
 * ftrace_lock.
 *
 * Return: the record's new state.
 */
static u32 ftrace_account_rec(struct ftrace_rec_group *g,
			      struct dyn_ftrace *rec)
{
	unsigned long ip = ftrace_rec_ip(rec);
	u32 old = ftrace_group_rec_flags(g, rec);
	u32 flags = old & (FTRACE_FL_ENABLED | FTRACE_FL_REGS_EN |
			   FTRACE_FL_TRAMP_EN | FTRACE_FL_DIRECT_EN |
			   FTRACE_FL_TOUCHED | FTRACE_FL_MODIFIED |
			   FTRACE_FL_DISABLED | FTRACE_FL_FREED);
	struct ftrace_ops *op, *lone = NULL;
	u32 count = 0;

	for_each_ftrace_op_locked(op) {
		if (!ftrace_ops_counts(op) || !ftrace_ops_test(op, ip))
			continue;
		count++;
		lone = op;
		if (op->flags & FTRACE_OPS_FL_SAVE_REGS)
			flags |= FTRACE_FL_REGS;
		if (op->flags & FTRACE_OPS_FL_IPMODIFY)
			flags |= FTRACE_FL_IPMODIFY | FTRACE_FL_MODIFIED;
		if (op->flags & FTRACE_OPS_FL_DIRECT)
			flags |= FTRACE_FL_DIRECT | FTRACE_FL_MODIFIED;
	}
	if (count)
		flags |= FTRACE_FL_TOUCHED;
	if (count == 1 && (lone->flags & FTRACE_OPS_FL_ALLOC_TRAMP))
		flags |= FTRACE_FL_TRAMP;
	flags |= min(count, FTRACE_REF_MAX);
	if (flags != old)
		ftrace_group_set_flags(g, rec, flags);
	return flags;
}

/* Should a record of state @flags call a direct trampoline? */
static bool ftrace_flags_direct(u32 flags)
{
	return (flags & FTRACE_FL_DIRECT) &&
	       (flags & FTRACE_REF_MAX) == 1;
}

/**
 * ftrace_rec_tramp_ops - the ops whose trampoline a record should call
 * @rec: a record with FTRACE_FL_TRAMP
 *
 * ftrace_lock.
 *
 * Return: the one ops tracing @rec, or NULL if it has no trampoline.
 */
struct ftrace_ops *ftrace_rec_tramp_ops(struct dyn_ftrace *rec)
{
	unsigned long ip = ftrace_rec_ip(rec);
	struct ftrace_ops *op;

	for_each_ftrace_op_locked(op)
		if (ftrace_ops_counts(op) && ftrace_ops_test(op, ip))
			return (op->flags & FTRACE_OPS_FL_ALLOC_TRAMP) ? op :
									NULL;
	return NULL;
}

/* Make every registered ops' trampoline call its callback.  ftrace_lock. */
static void ftrace_tramp_sync_calls(void)
{
	struct ftrace_ops *op;

	for_each_ftrace_op_locked(op)
		if (op->flags & FTRACE_OPS_FL_ALLOC_TRAMP)
			arch_ftrace_update_trampoline(op,
						      ftrace_ops_get_func(op));
}

/**
 * ftrace_choose_trace_func - choose the trampolines' callback
 *
 * ftrace_lock.
 */
void ftrace_choose_trace_func(void)
{
	struct ftrace_ops *op, *lone = NULL;
	int n = 0;

	for_each_ftrace_op_locked(op) {
		if (ftrace_ops_counts(op)) {
			lone = op;
			n++;
		}
	}
	if (!n) {
		ftrace_trace_function = ftrace_stub;
		ftrace_chosen_op = &ftrace_list_end;
	} else if (n == 1) {
		ftrace_trace_function = ftrace_ops_get_func(lone);
		ftrace_chosen_op = lone;
	} else {
		ftrace_trace_function = arch_ftrace_ops_list_func;
		ftrace_chosen_op = &ftrace_list_end;
	}
}

static unsigned long ftrace_addr_new(struct dyn_ftrace *rec, u32 flags);
static unsigned long ftrace_addr_curr(struct dyn_ftrace *rec, u32 flags);

/*
 * What should be done to @rec's site, of state @flags, with what it
 * should call (0 for a NOP) in @want.
 */
static int ftrace_rec_action(struct dyn_ftrace *rec, u32 flags, bool enable,
			     unsigned long *want)
{
	*want = 0;
	if (enable && (flags & FTRACE_REF_MAX) &&
	    !(flags & FTRACE_FL_DISABLED))
		*want = ftrace_addr_new(rec, flags);
	if (!(flags & FTRACE_FL_ENABLED))
		return *want ? FTRACE_UPDATE_MAKE_CALL : FTRACE_UPDATE_IGNORE;
	if (!*want)
		return FTRACE_UPDATE_MAKE_NOP;
	if (*want != ftrace_addr_curr(rec, flags))
		return FTRACE_UPDATE_MODIFY_CALL;
	return FTRACE_UPDATE_IGNORE;
}

/**
 * ftrace_test_record - what should be done to a call site
 * @rec:    the record
 * @enable: false to NOP every site
 *
 * Return: FTRACE_UPDATE_IGNORE, _MAKE_CALL, _MAKE_NOP or _MODIFY_CALL.
 */
int ftrace_test_record(struct dyn_ftrace *rec, bool enable)
{
	unsigned long want;

	return ftrace_rec_action(rec, ftrace_rec_flags(rec), enable, &want);
}

/* @flags once the site was patched by @action. */
static u32 ftrace_flags_marked(u32 flags, int action)
{
	switch (action) {
	case FTRACE_UPDATE_MAKE_NOP:
		flags &= ~(FTRACE_FL_ENABLED | FTRACE_FL_REGS_EN |
			   FTRACE_FL_TRAMP_EN | FTRACE_FL_DIRECT_EN);
		break;
	case FTRACE_UPDATE_MAKE_CALL:
	case FTRACE_UPDATE_MODIFY_CALL:
		flags &= ~(FTRACE_FL_REGS_EN | FTRACE_FL_TRAMP_EN |
			   FTRACE_FL_DIRECT_EN);
		flags |= FTRACE_FL_ENABLED;
		if (ftrace_flags_direct(flags))
			flags |= FTRACE_FL_DIRECT_EN;
		else if (flags & FTRACE_FL_TRAMP)
			flags |= FTRACE_FL_TRAMP_EN;
		else if (flags & FTRACE_FL_REGS)
			flags |= FTRACE_FL_REGS_EN;
		break;
	}
	return flags;
}

/**
 * ftrace_update_record - note that a call site was patched as it should be
 * @rec:    the record
 * @enable: as for ftrace_test_record()
 *
 * Return: what ftrace_test_record() said had to be done.
 */
int ftrace_update_record(struct dyn_ftrace *rec, bool enable)
{
	u32 flags = ftrace_rec_flags(rec);
	unsigned long want;
	int ret = ftrace_rec_action(rec, flags, enable, &want);

	if (ret != FTRACE_UPDATE_IGNORE)
		ftrace_rec_set_flags(rec, ftrace_flags_marked(flags, ret));
	return ret;
}

/**
 * ftrace_get_addr_new - the trampoline a record should call
 * @rec: the record
 *
 * ftrace_lock.
 *
 * Return: the direct trampoline of the one DIRECT ops tracing it, else
 * the trampoline of the one ops tracing it if it has one, else
 * ftrace_regs_caller if an ops tracing it wants pt_regs, else
 * ftrace_caller.
 */
unsigned long ftrace_get_addr_new(struct dyn_ftrace *rec)
{
	return ftrace_addr_new(rec, ftrace_rec_flags(rec));
}

/* ftrace_get_addr_new() of a record of state @flags */
static unsigned long ftrace_addr_new(struct dyn_ftrace *rec, u32 flags)
{
	struct ftrace_ops *op;
	unsigned long addr;

	if (ftrace_flags_direct(flags)) {
		addr = ftrace_find_rec_direct(ftrace_rec_ip(rec));
		/* Without one, the DIRECT ops' callback finds it. */
		if (addr)
			return addr;
	}

	if (flags & FTRACE_FL_TRAMP) {
		op = ftrace_rec_tramp_ops(rec);
		if (!WARN_ON_ONCE(!op))
			return op->trampoline;
	}
	return (flags & FTRACE_FL_REGS) ? FTRACE_REGS_ADDR : FTRACE_ADDR;
}

/**
 * ftrace_get_addr_curr - the trampoline a record calls now
 * @rec: an ENABLED record
 *
 * A direct trampoline is read off the call site (while a DIRECT ops is
 * being moved, the site may still call the old one).  A per-ops
 * trampoline is read off the call site too, then checked to be one
 * still allocated; ftrace_lock keeps it so.
 *
 * Return: the trampoline's address.
 */
unsigned long ftrace_get_addr_curr(struct dyn_ftrace *rec)
{
	return ftrace_addr_curr(rec, ftrace_rec_flags(rec));
}

/* ftrace_get_addr_curr() of a record of state @flags */
static unsigned long ftrace_addr_curr(struct dyn_ftrace *rec, u32 flags)
{
	struct ftrace_ops *op;
	unsigned long addr;

	if (flags & FTRACE_FL_DIRECT_EN) {
		addr = arch_ftrace_call_target(ftrace_rec_ip(rec));
		if (!WARN_ON_ONCE(!addr))
			return addr;
	}

	if (flags & FTRACE_FL_TRAMP_EN) {
		addr = arch_ftrace_call_target(ftrace_rec_ip(rec));
		op = ftrace_ops_trampoline(addr);
		if (!WARN_ON_ONCE(!op || op->trampoline != addr))
			return addr;
	}
	return (flags & FTRACE_FL_REGS_EN) ? FTRACE_REGS_ADDR : FTRACE_ADDR;
}

/*
 * The update numbered ftrace_update_seq left some site calling the
 * shared trampolines (@used) or none.  ftrace_lock.
 */
static void ftrace_shared_note(bool used)
{
	ftrace_update_seq++;
	if (used) {
		ftrace_shared_used_seq = ftrace_update_seq;
		ftrace_shared_quiet = false;
	}
}

/**
 * ftrace_shared_token - where the updates are, for ftrace_shared_quiesced()
 *
 * ftrace_lock.
 *
 * Return: the number of the last update.
 */
u64 ftrace_shared_token(void)
{
	lockdep_assert_held(&ftrace_lock);
	return ftrace_update_seq;
}

/**
 * ftrace_shared_quiesced - a full grace period passed since @token
 * @token: ftrace_shared_token() taken before synchronize_rcu(),
 *         synchronize_rcu_tasks_rude() and (with preemption)
 *         synchronize_rcu_tasks()
 *
 * If no site called the shared trampolines after update @token, no task
 * can be in them any more.  ftrace_lock.
 */
void ftrace_shared_quiesced(u64 token)
{
	lockdep_assert_held(&ftrace_lock);
	if (ftrace_shared_used_seq < token ||
	    (ftrace_shared_used_seq == token && !token))
		ftrace_shared_quiet = true;
}

/*
 * Patch one record of @g as the core wants it.  Return: 0 or an error;
 * the record's state in @flagsp.
 */
static int ftrace_replace_rec(struct ftrace_rec_group *g,
			      struct dyn_ftrace *rec, bool enable, u32 *flagsp)
{
	u32 flags = ftrace_group_rec_flags(g, rec);
	unsigned long want;
	int action = ftrace_rec_action(rec, flags, enable, &want);
	int ret;

	switch (action) {
	case FTRACE_UPDATE_MAKE_CALL:
		ftrace_bug_type = FTRACE_BUG_CALL;
		ret = ftrace_make_call(rec, want);
		break;
	case FTRACE_UPDATE_MAKE_NOP:
		ftrace_bug_type = FTRACE_BUG_NOP;
		ret = ftrace_make_nop(NULL, rec, ftrace_addr_curr(rec, flags));
		break;
	case FTRACE_UPDATE_MODIFY_CALL:
		ftrace_bug_type = FTRACE_BUG_UPDATE;
		ret = ftrace_modify_call(rec, ftrace_addr_curr(rec, flags),
					 want);
		break;
	default:
		*flagsp = flags;
		return 0;
	}
	if (!ret) {
		flags = ftrace_flags_marked(flags, action);
		ftrace_group_set_flags(g, rec, flags);
	}
	*flagsp = flags;
	return ret;
}

/*
 * Patch every live record as the core wants it (@enable false: every
 * site off), between the architecture's prepare and post_process hooks.
 * The first site that cannot be patched is reported and ends the batch.
 * ftrace_lock; sleeps between sites.
 */
static void ftrace_replace_code(bool enable)
{
	const unsigned long regs_on = FTRACE_FL_ENABLED | FTRACE_FL_REGS_EN;
	struct ftrace_rec_iter *iter;
	struct dyn_ftrace *rec;
	unsigned int n = 0;
	bool regs = false;
	u32 flags;
	int ret;

	/*
	 * The callback and op set before this batch (ftrace_func_target
	 * through ftrace_update_ftrace_func(), function_trace_op) are
	 * stored before any site's new text: a CPU that runs a site
	 * switched on here loads them after fetching it.
	 *
	 * The other side has no barrier: the trampolines just load them.
	 * x86's text_poke_bp() serializes every CPU before a site changes;
	 * on riscv RVWMO does not order an instruction fetch with later
	 * loads, so this relies on the hart's fetch-then-execute order,
	 * and what the architecture guarantees comes from the remote
	 * fence.i of its post_process hook (flush_icache_all()).
	 */
	smp_wmb();
	for (iter = ftrace_rec_iter_start(); iter;
	     iter = ftrace_rec_iter_next(iter)) {
		rec = ftrace_rec_iter_record(iter);
		ret = ftrace_replace_rec(ftrace_rec_iter_group(iter), rec,
					 enable, &flags);
		if (ret) {
			ftrace_arch_replace_done(true);
			ftrace_bug(ret, rec);
			return;
		}
		if ((flags & regs_on) == regs_on)
			regs = true;
		/* Tens of thousands of sites: let others run (PREEMPT_NONE). */
		if (!(++n % 256))
			cond_resched();
	}
	ftrace_arch_replace_done(regs);
}

/*
 * Patch as @command says: FTRACE_UPDATE_TRACE_FUNC (the trampolines'
 * callback first), then FTRACE_UPDATE_CALLS or FTRACE_DISABLE_CALLS,
 * inside the architecture's prepare and post_process hooks.  ftrace_lock.
 */
static void ftrace_run_update(int command)
{
	int ret;

	ftrace_arch_code_modify_prepare();
	if ((command & FTRACE_UPDATE_TRACE_FUNC) &&
	    ftrace_patched_func != ftrace_func_target) {
		ret = ftrace_update_ftrace_func(ftrace_func_target);
		if (ret) {
			ftrace_bug_type = FTRACE_BUG_UPDATE;
			ftrace_bug(ret, NULL);
			goto out;
		}
		ftrace_patched_func = ftrace_func_target;
	}
	if (command & FTRACE_UPDATE_CALLS)
		ftrace_replace_code(true);
	else if (command & FTRACE_DISABLE_CALLS)
		ftrace_replace_code(false);
out:
	ftrace_arch_code_modify_post_process();
}

/**
 * ftrace_shared_tramp_func - what the shared trampolines call now
 *
 * ftrace_caller's (and ftrace_regs_caller's) callback, as patched:
 * enabled_functions shows it.  ftrace_lock.
 *
 * Return: the callback.
 */
ftrace_func_t ftrace_shared_tramp_func(void)
{
	lockdep_assert_held(&ftrace_lock);
	return ftrace_patched_func;
}

/**
 * ftrace_update_all - bring counts, call sites and callback in line
 *
 * ftrace_lock.  See the top of this file for the order.
 *
 * Return: 0, or -ENODEV if patching failed (function tracing is then
 * dead).
 */
int ftrace_update_all(void)
{
	struct ftrace_rec_group *g;
	struct dyn_ftrace *rec;
	bool lone, settled, shared = false;
	u32 flags;

	lockdep_assert_held(&ftrace_lock);
	ftrace_site_map_build();
	for_each_ftrace_group(g) {
		for (rec = g->recs; rec < g->recs + g->count; rec++) {
			if (ftrace_group_rec_flags(g, rec) & FTRACE_FL_DISABLED)
				continue;
			flags = ftrace_account_rec(g, rec);
			if ((flags & FTRACE_REF_MAX) &&
			    (ARCH_FTRACE_DIRECT_VIA_CALLER ||
			     !ftrace_flags_direct(flags)) &&
			    !(flags & FTRACE_FL_TRAMP))
				shared = true;
		}
	}
	ftrace_choose_trace_func();
	if (ftrace_disabled)
		return -ENODEV;
	ftrace_tramp_sync_calls();

	lone = ftrace_trace_function != ftrace_stub &&
	       ftrace_trace_function != arch_ftrace_ops_list_func;
	/*
	 * function_trace_op is written only here, under ftrace_lock, so
	 * this READ_ONCE (and the one in step 3) is not needed: the
	 * concurrent parties are the trampolines, which only load it.
	 */
	settled = ftrace_patched_func == ftrace_trace_function &&
		  (!lone || READ_ONCE(function_trace_op) == ftrace_chosen_op);
	if (lone && !settled && ftrace_shared_quiet) {
		/*
		 * Nobody holds an old op, and a task entering a shared
		 * trampoline once the sites are patched (text_poke_bp()
		 * syncs every CPU) loads this one.  The trampolines load it
		 * on any CPU (ftrace_caller, ftrace_regs_caller): one store.
		 */
		WRITE_ONCE(function_trace_op, ftrace_chosen_op);
		settled = true;
	}

	/*
	 * 1 and 2.  ftrace_stub and the list function are right whatever
	 * the sites call; a new lone callback waits for step 3.
	 */
	ftrace_func_target = settled || !lone ? ftrace_trace_function :
					       arch_ftrace_ops_list_func;
	ftrace_run_update(FTRACE_UPDATE_CALLS | FTRACE_UPDATE_TRACE_FUNC);
	ftrace_shared_note(shared);
	if (ftrace_disabled)
		return -ENODEV;
	if (settled || !lone)
		return 0;

	/* 3: the lone ops' own callback, which trusts its op argument. */
	if (READ_ONCE(function_trace_op) != ftrace_chosen_op) {
		/* loaded by the trampolines on any CPU; see step 2 */
		WRITE_ONCE(function_trace_op, ftrace_chosen_op);
		/*
		 * A task preempted in a trampoline after loading the old op
		 * must not reach the new callback with it: wait until every
		 * task has been off the CPU voluntarily (or in user mode)
		 * since the store.  This also orders the store before the
		 * patching below.
		 */
		if (IS_ENABLED(CONFIG_PREEMPTION))
			synchronize_rcu_tasks();
		else
			synchronize_rcu();
	}
	ftrace_func_target = ftrace_trace_function;
	ftrace_run_update(FTRACE_UPDATE_TRACE_FUNC);
	return ftrace_disabled ? -ENODEV : 0;
}
