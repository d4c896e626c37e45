// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Which functions an ftrace_ops traces: its filter and notrace hashes,
 * and the API that sets them (ftrace_set_filter() and friends).  Only
 * the dynamic tracer has them: the static one calls every ops for every
 * function.
 */

#include <linux/rcupdate_wait.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "ftrace_internal.h"

/* The top-level function tracer's ops; ftrace_set_global_*() edit it. */
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
 * ftrace_ops_init_hash - give an ops its own (empty) hashes
 * @ops: an ops not initialized yet
 */
void ftrace_ops_init_hash(struct ftrace_ops *ops)
{
	mutex_init(&ops->local_hash.regex_lock);
	INIT_LIST_HEAD(&ops->subop_list);
	ops->func_hash = &ops->local_hash;
}

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
			if (!(ftrace_group_rec_flags(g, rec) &
			      (FTRACE_FL_IPMODIFY | FTRACE_FL_DIRECT)))
				continue;
			ip = ftrace_rec_ip(rec);
			if (!(ftrace_hash_empty(filter) ||
			      ftrace_hash_contains(filter, ip)) ||
			    ftrace_hash_contains(nohash, ip))
				continue;
			for_each_ftrace_op_locked(op) {
				if (op != ops &&
				    (op->flags & FTRACE_OPS_EXCLUSIVE) &&
				    ftrace_ops_test(op, ip))
					return true;
			}
		}
	}
	return false;
}

/**
 * ftrace_ops_hash - one of @ops' hashes, for their updaters
 * @ops:    the ops
 * @filter: its filter hash, else its notrace hash
 *
 * ftrace_lock.
 *
 * Return: the hash (EMPTY_HASH or NULL when it has none).
 */
struct ftrace_hash *ftrace_ops_hash(struct ftrace_ops *ops, bool filter)
{
	return rcu_dereference_protected(filter ?
					 ops->func_hash->filter_hash :
					 ops->func_hash->notrace_hash,
					 lockdep_is_held(&ftrace_lock));
}

/**
 * ftrace_ops_conflict - may @ops not be registered beside the others?
 * @ops: an IPMODIFY or DIRECT ops about to be registered (others pass)
 *
 * ftrace_lock.
 *
 * Return: true if another IPMODIFY or DIRECT ops traces one of the
 * functions @ops would.
 */
bool ftrace_ops_conflict(struct ftrace_ops *ops)
{
	return (ops->flags & FTRACE_OPS_EXCLUSIVE) &&
	       ftrace_ipmodify_conflict(ops, ftrace_ops_hash(ops, true),
					ftrace_ops_hash(ops, false));
}

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
	ftrace_site_map_drop();
	if (filter)
		rcu_assign_pointer(fh->filter_hash, hash);
	else
		rcu_assign_pointer(fh->notrace_hash, hash);
	/* Other ops may share @fh: recount whatever is registered. */
	if (ftrace_ops_locked(&ftrace_ops_list) != &ftrace_list_end)
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
