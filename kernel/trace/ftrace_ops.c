// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * struct ftrace_ops: registering callbacks, the callbacks' path, the
 * filter API, and the ftrace_enabled sysctl.
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

/* The top-level function tracer's ops; ftrace_set_global_*() edit it. */
struct ftrace_ops global_ops = {
	.func		= ftrace_stub,
	.local_hash.regex_lock =
		__MUTEX_INITIALIZER(global_ops.local_hash.regex_lock),
	.func_hash	= &global_ops.local_hash,
	.flags		= FTRACE_OPS_FL_INITIALIZED,
	.subop_list	= LIST_HEAD_INIT(global_ops.subop_list),
};

/**
 * ftrace_ops_init - set up an ops' filters on first use
 * @ops: the ops
 */
void ftrace_ops_init(struct ftrace_ops *ops)
{
	if (ops->flags & FTRACE_OPS_FL_INITIALIZED)
		return;
	mutex_init(&ops->local_hash.regex_lock);
	INIT_LIST_HEAD(&ops->subop_list);
	ops->func_hash = &ops->local_hash;
	ops->flags |= FTRACE_OPS_FL_INITIALIZED;
}

/**
 * ftrace_ops_test - does @ops trace the function at @ip now?
 * @ops: a registered ops
 * @ip:  a call site
 *
 * Lockless; the caller has preemption disabled (or holds ftrace_lock).
 *
 * Return: true if @ip passes @ops' filter and not its notrace hash.
 */
bool notrace ftrace_ops_test(struct ftrace_ops *ops, unsigned long ip)
{
	struct ftrace_hash *filter, *nohash;

	filter = rcu_dereference_raw(ops->func_hash->filter_hash);
	nohash = rcu_dereference_raw(ops->func_hash->notrace_hash);
	return (ftrace_hash_empty(filter) || ftrace_hash_contains(filter, ip)) &&
	       !ftrace_hash_contains(nohash, ip);
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
	for (op = rcu_dereference_raw(ftrace_ops_list); op != &ftrace_list_end;
	     op = rcu_dereference_raw(op->next)) {
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

/*
 * The ops that change where a function goes: at most one of them may
 * trace a function (a DIRECT ops sends it to its trampoline, an IPMODIFY
 * one may change the return ip).
 */
#define FTRACE_OPS_EXCLUSIVE	(FTRACE_OPS_FL_IPMODIFY | FTRACE_OPS_FL_DIRECT)

/*
 * Does any enabled IPMODIFY or DIRECT ops other than @ops trace a
 * function that @filter/@nohash would have @ops trace?  ftrace_lock.
 */
static bool ftrace_ipmodify_conflict(struct ftrace_ops *ops,
				     struct ftrace_hash *filter,
				     struct ftrace_hash *nohash)
{
	struct ftrace_rec_group *g;
	struct dyn_ftrace *rec;
	struct ftrace_ops *op;
	unsigned long ip;

	for_each_ftrace_group(g) {
		for (rec = g->recs; rec < g->recs + g->count; rec++) {
			if (!(rec->flags & (FTRACE_FL_IPMODIFY |
					    FTRACE_FL_DIRECT)))
				continue;
			ip = ftrace_rec_ip(rec);
			if (!(ftrace_hash_empty(filter) ||
			      ftrace_hash_contains(filter, ip)) ||
			    ftrace_hash_contains(nohash, ip))
				continue;
			for (op = rcu_dereference_protected(ftrace_ops_list, 1);
			     op != &ftrace_list_end;
			     op = rcu_dereference_protected(op->next, 1)) {
				if (op != ops &&
				    (op->flags & FTRACE_OPS_EXCLUSIVE) &&
				    ftrace_ops_test(op, ip))
					return true;
			}
		}
	}
	return false;
}

/* Is @ops in vmlinux's data or bss, which is never freed? */
static bool ftrace_ops_in_kernel_data(struct ftrace_ops *ops)
{
	unsigned long addr = (unsigned long)ops;

	return is_kernel_core_data(addr) ||
	       (addr >= (unsigned long)__bss_start &&
		addr < (unsigned long)__bss_stop);
}

static struct ftrace_hash *ftrace_ops_hash(struct ftrace_ops *ops, bool filter)
{
	return rcu_dereference_protected(filter ?
					 ops->func_hash->filter_hash :
					 ops->func_hash->notrace_hash,
					 lockdep_is_held(&ftrace_lock));
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
	if ((ops->flags & FTRACE_OPS_EXCLUSIVE) &&
	    ftrace_ipmodify_conflict(ops, ftrace_ops_hash(ops, true),
				     ftrace_ops_hash(ops, false)))
		return -EBUSY;

	/* Freed memory may hold it: unregistering must wait for every task. */
	if (!ftrace_ops_in_kernel_data(ops))
		ops->flags |= FTRACE_OPS_FL_DYNAMIC;
	ops->saved_func = ops->func;
	ftrace_tramp_get(ops);
	ops->flags |= FTRACE_OPS_FL_ENABLED | FTRACE_OPS_FL_ADDING;

	/* Published whole: ->next first, then the list head. */
	head = rcu_dereference_protected(ftrace_ops_list,
					 lockdep_is_held(&ftrace_lock));
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
		     (op = rcu_dereference_protected(*p, 1)) != &ftrace_list_end;
		     p = &op->next) {
			if (op == ops)
				break;
		}
		if (op != ops)
			return -EINVAL;
		/* Readers on @ops keep following its ->next, left intact. */
		rcu_assign_pointer(*p, rcu_dereference_protected(ops->next, 1));
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

/**
 * ftrace_ops_set_hash - put a new filter or notrace hash in force
 * @ops:    the ops
 * @hash:   the new hash, which the call takes over
 * @filter: the filter hash (true) or the notrace hash
 *
 * ftrace_lock and @ops' regex_lock.
 *
 * Return: 0, or -EBUSY if an IPMODIFY ops would share a function with
 * another, or @ops is a registered DIRECT ops, whose functions are
 * fixed until it is unregistered (nothing then changed).
 */
int ftrace_ops_set_hash(struct ftrace_ops *ops, struct ftrace_hash *hash,
			bool filter)
{
	struct ftrace_ops_hash *fh = ops->func_hash;
	struct ftrace_hash *old = ftrace_ops_hash(ops, filter);

	lockdep_assert_held(&ftrace_lock);
	if ((ops->flags & FTRACE_OPS_FL_DIRECT) &&
	    (ops->flags & FTRACE_OPS_FL_ENABLED)) {
		ftrace_hash_free(hash);
		return -EBUSY;
	}
	if ((ops->flags & FTRACE_OPS_EXCLUSIVE) &&
	    (ops->flags & FTRACE_OPS_FL_ENABLED) &&
	    ftrace_ipmodify_conflict(ops,
				     filter ? hash : ftrace_ops_hash(ops, true),
				     filter ? ftrace_ops_hash(ops, false) : hash)) {
		ftrace_hash_free(hash);
		return -EBUSY;
	}
	if (filter)
		rcu_assign_pointer(fh->filter_hash, hash);
	else
		rcu_assign_pointer(fh->notrace_hash, hash);
	/* Other ops may share @fh: recount whatever is registered. */
	if (rcu_dereference_protected(ftrace_ops_list, 1) != &ftrace_list_end)
		ftrace_update_all();
	ftrace_hash_free_rcu(old);
	return 0;
}

/*
 * Edit @ops' filter or notrace hash: start from it (or from nothing if
 * @reset) and apply each whitespace-separated word of @buf, then put the
 * result in force.  On any error nothing changes.
 */
static int ftrace_set_regex(struct ftrace_ops *ops, unsigned char *buf,
			    int len, int reset, bool filter)
{
	struct ftrace_hash *hash;
	char *copy = NULL, *p, *word;
	int ret = 0;

	if (buf) {
		copy = kmemdup_nul(buf, len, GFP_KERNEL);
		if (!copy)
			return -ENOMEM;
	}
	ftrace_ops_init(ops);
	mutex_lock(&ops->func_hash->regex_lock);
	mutex_lock(&ftrace_lock);
	if (ftrace_disabled) {
		ret = -ENODEV;
		goto out;
	}
	hash = reset ? ftrace_hash_alloc(0) :
		       ftrace_hash_copy(ftrace_ops_hash(ops, filter));
	if (!hash) {
		ret = -ENOMEM;
		goto out;
	}
	p = copy;
	while (p && (word = strsep(&p, " \t\n")) != NULL) {
		if (!*word)
			continue;
		ret = ftrace_hash_apply_pattern(hash, word);
		if (ret < 0) {
			ftrace_hash_free(hash);
			goto out;
		}
	}
	ret = ftrace_ops_set_hash(ops, hash, filter);
out:
	mutex_unlock(&ftrace_lock);
	mutex_unlock(&ops->func_hash->regex_lock);
	kfree(copy);
	return ret;
}

/**
 * ftrace_set_filter - choose the functions an ops traces, by name
 * @ops:   the ops
 * @buf:   function name globs ('*', '?', '[...]'; "!glob" removes;
 *         "glob:mod:module"), separated by white space; NULL for none
 * @len:   length of @buf
 * @reset: start from an empty filter (which means every function)
 *
 * Return: 0; -EINVAL if a glob matches no function (the filter is then
 * unchanged); -ENOMEM; -EBUSY (IPMODIFY conflict).
 */
int ftrace_set_filter(struct ftrace_ops *ops, unsigned char *buf,
		      int len, int reset)
{
	return ftrace_set_regex(ops, buf, len, reset, true);
}
EXPORT_SYMBOL_GPL(ftrace_set_filter);

/**
 * ftrace_set_notrace - choose the functions an ops never traces, by name
 * @ops:   the ops
 * @buf:   globs, as for ftrace_set_filter(); NULL for none
 * @len:   length of @buf
 * @reset: start from an empty notrace hash
 *
 * Return: as ftrace_set_filter().
 */
int ftrace_set_notrace(struct ftrace_ops *ops, unsigned char *buf,
		       int len, int reset)
{
	return ftrace_set_regex(ops, buf, len, reset, false);
}
EXPORT_SYMBOL_GPL(ftrace_set_notrace);

/**
 * ftrace_set_filter_ips - add or remove functions of an ops' filter, by address
 * @ops:    the ops
 * @ips:    function addresses (or call sites)
 * @cnt:    how many
 * @remove: take them out instead of adding them
 * @reset:  start from an empty filter
 *
 * Return: 0; -EINVAL if an address is not a traceable function (the
 * filter is then unchanged); -ENOMEM; -EBUSY.
 */
int ftrace_set_filter_ips(struct ftrace_ops *ops, unsigned long *ips,
			  unsigned int cnt, int remove, int reset)
{
	struct ftrace_hash *hash;
	unsigned long ip;
	unsigned int i;
	int ret;

	ftrace_ops_init(ops);
	mutex_lock(&ops->func_hash->regex_lock);
	mutex_lock(&ftrace_lock);
	ret = -ENODEV;
	if (ftrace_disabled)
		goto out;
	ret = -ENOMEM;
	hash = reset ? ftrace_hash_alloc(0) :
		       ftrace_hash_copy(ftrace_ops_hash(ops, true));
	if (!hash)
		goto out;
	for (i = 0; i < cnt; i++) {
		ip = ftrace_location(ips[i]);
		ret = -EINVAL;
		if (!ip)
			goto out_free;
		if (remove) {
			ftrace_hash_remove(hash, ip);
			continue;
		}
		ret = ftrace_hash_add(hash, ip);
		if (ret)
			goto out_free;
	}
	ret = ftrace_ops_set_hash(ops, hash, true);
	goto out;
out_free:
	ftrace_hash_free(hash);
out:
	mutex_unlock(&ftrace_lock);
	mutex_unlock(&ops->func_hash->regex_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(ftrace_set_filter_ips);

/**
 * ftrace_set_filter_ip - add or remove one function of an ops' filter
 * @ops:    the ops
 * @ip:     the function's address (or its call site)
 * @remove: take it out instead of adding it
 * @reset:  start from an empty filter
 *
 * Return: as ftrace_set_filter_ips().
 */
int ftrace_set_filter_ip(struct ftrace_ops *ops, unsigned long ip,
			 int remove, int reset)
{
	return ftrace_set_filter_ips(ops, &ip, 1, remove, reset);
}
EXPORT_SYMBOL_GPL(ftrace_set_filter_ip);

/**
 * ftrace_free_filter - drop an unregistered ops' filter and notrace hashes
 * @ops: the ops
 */
void ftrace_free_filter(struct ftrace_ops *ops)
{
	struct ftrace_hash *f, *n;

	ftrace_ops_init(ops);
	if (WARN_ON(ops->flags & FTRACE_OPS_FL_ENABLED))
		return;
	mutex_lock(&ops->func_hash->regex_lock);
	scoped_guard(mutex, &ftrace_lock) {
		f = ftrace_ops_hash(ops, true);
		n = ftrace_ops_hash(ops, false);
		RCU_INIT_POINTER(ops->func_hash->filter_hash, NULL);
		RCU_INIT_POINTER(ops->func_hash->notrace_hash, NULL);
	}
	mutex_unlock(&ops->func_hash->regex_lock);
	ftrace_hash_free_rcu(f);
	ftrace_hash_free_rcu(n);
}
EXPORT_SYMBOL_GPL(ftrace_free_filter);

/**
 * ftrace_set_global_filter - set the top-level function tracer's filter
 * @buf:   globs, as for ftrace_set_filter()
 * @len:   length of @buf
 * @reset: start from an empty filter
 *
 * What set_ftrace_filter of the top level shows.  Errors leave it as it
 * was.
 */
void ftrace_set_global_filter(unsigned char *buf, int len, int reset)
{
	ftrace_set_regex(&global_ops, buf, len, reset, true);
}
EXPORT_SYMBOL_GPL(ftrace_set_global_filter);

/**
 * ftrace_set_global_notrace - set the top-level function tracer's notrace
 * @buf:   globs, as for ftrace_set_filter()
 * @len:   length of @buf
 * @reset: start from an empty notrace hash
 */
void ftrace_set_global_notrace(unsigned char *buf, int len, int reset)
{
	ftrace_set_regex(&global_ops, buf, len, reset, false);
}
EXPORT_SYMBOL_GPL(ftrace_set_global_notrace);

/**
 * ftrace_ops_set_global_filter - make an ops use the top-level filters
 * @ops: an ops never registered nor given filters of its own
 *
 * The ops then traces what set_ftrace_filter and set_ftrace_notrace of
 * the top level say.
 */
void ftrace_ops_set_global_filter(struct ftrace_ops *ops)
{
	if (ops->flags & FTRACE_OPS_FL_INITIALIZED)
		return;
	ftrace_ops_init(ops);
	ops->func_hash = &global_ops.local_hash;
}
EXPORT_SYMBOL_GPL(ftrace_ops_set_global_filter);

/* --- ftrace_enabled -------------------------------------------------- */

static bool ftrace_permanent_registered(void)
{
	struct ftrace_ops *op;

	for (op = rcu_dereference_protected(ftrace_ops_list, 1);
	     op != &ftrace_list_end; op = rcu_dereference_protected(op->next, 1))
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

enum ftrace_bug_type ftrace_bug_type;
const void *ftrace_expected;

/**
 * ftrace_kill - stop all function tracing for good
 *
 * No call site is patched again and no ops can be registered.  Call
 * sites already calling a trampoline keep doing so, but reach only
 * ftrace_stub once the trampolines' callback is next patched.
 */
void ftrace_kill(void)
{
	WRITE_ONCE(ftrace_disabled, true);
	WRITE_ONCE(ftrace_enabled, 0);
}

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
