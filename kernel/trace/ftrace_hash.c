// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Sets of functions (struct ftrace_hash), and the filter language that
 * fills them from what users write to set_ftrace_filter and friends or
 * pass to ftrace_set_filter():
 *
 *   <glob>             add the functions whose name matches; a glob has
 *                      '*', '?' and '[...]' (lib/glob.c's glob_match())
 *   !<glob>            remove them
 *   <glob>:mod:<mod>   only functions of module <mod>
 *
 * A pattern that matches no function is an error (-EINVAL).
 *
 * A hash in force is never changed (except for zeroing the addresses of
 * text going away, see ftrace_records.c): editors work on a copy and
 * swap it in.  Readers look entries up with preemption disabled; a
 * replaced hash is freed after an RCU grace period.  ftrace_ops_test()
 * is the readers' question: does an ops' pair of hashes let a function
 * through?
 */

#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/ctype.h>
#include <linux/hash.h>
#include <linux/glob.h>
#include <linux/slab.h>

#include "ftrace_internal.h"

/* Hashes never have more than 2^12 buckets. */
#define FTRACE_HASH_MAX_BITS	12
#define FTRACE_HASH_MIN_BITS	4

struct ftrace_hash ftrace_empty_hash;

/**
 * ftrace_hash_alloc - an empty hash
 * @size_bits: log2 of the number of buckets
 *
 * Return: the hash, or NULL.
 */
struct ftrace_hash *ftrace_hash_alloc(int size_bits)
{
	struct ftrace_hash *hash = kzalloc(sizeof(*hash), GFP_KERNEL);

	if (!hash)
		return NULL;
	size_bits = clamp(size_bits, FTRACE_HASH_MIN_BITS, FTRACE_HASH_MAX_BITS);
	hash->buckets = kcalloc(1 << size_bits, sizeof(*hash->buckets),
				GFP_KERNEL);
	if (!hash->buckets) {
		kfree(hash);
		return NULL;
	}
	hash->size_bits = size_bits;
	return hash;
}

/**
 * ftrace_hash_free - free a hash no reader can see
 * @hash: the hash; NULL and the empty hash are ignored
 */
void ftrace_hash_free(struct ftrace_hash *hash)
{
	struct ftrace_func_entry *e;
	struct hlist_node *tmp;
	int b;

	if (!hash || hash == EMPTY_HASH)
		return;
	for (b = 0; b < (1 << hash->size_bits); b++)
		hlist_for_each_entry_safe(e, tmp, &hash->buckets[b], hlist)
			kfree(e);
	kfree(hash->buckets);
	kfree(hash);
}

static void ftrace_hash_free_cb(struct rcu_head *rcu)
{
	ftrace_hash_free(container_of(rcu, struct ftrace_hash, rcu));
}

/**
 * ftrace_hash_free_rcu - free a hash once its readers are gone
 * @hash: the hash, no longer published
 */
void ftrace_hash_free_rcu(struct ftrace_hash *hash)
{
	if (!hash || hash == EMPTY_HASH)
		return;
	call_rcu(&hash->rcu, ftrace_hash_free_cb);
}

static struct hlist_head *ftrace_hash_bucket(struct ftrace_hash *hash,
					     unsigned long ip)
{
	return &hash->buckets[hash_long(ip, hash->size_bits)];
}

/**
 * ftrace_hash_find - the entry of @ip
 * @hash: the hash
 * @ip:   a call site address (never 0)
 *
 * Return: the entry, or NULL.
 */
struct ftrace_func_entry *ftrace_hash_find(struct ftrace_hash *hash,
					   unsigned long ip)
{
	struct ftrace_func_entry *e;

	if (ftrace_hash_empty(hash) || !ip)
		return NULL;
	/*
	 * Callbacks look up a live hash on any CPU while a module unload
	 * zeroes the ->ip of its functions under ftrace_lock
	 * (ftrace_forget_ops_ips(), ftrace_direct_forget()).
	 */
	hlist_for_each_entry_rcu_notrace(e, ftrace_hash_bucket(hash, ip), hlist)
		if (READ_ONCE(e->ip) == ip)
			return e;
	return NULL;
}

/**
 * ftrace_hash_contains - is @ip in @hash?
 * @hash: the hash
 * @ip:   an address
 *
 * Lockless, from any context with preemption disabled.
 *
 * Return: true if it is.
 */
bool notrace ftrace_hash_contains(struct ftrace_hash *hash, unsigned long ip)
{
	return !!ftrace_hash_find(hash, ip);
}

/**
 * ftrace_hash_add_data - put @ip in @hash, which no reader sees yet
 * @hash: the hash
 * @ip:   the address
 * @data: what the hash's owner keeps with it (in ->direct)
 *
 * An @ip already there keeps its data.
 *
 * Return: 0, or -ENOMEM.
 */
int ftrace_hash_add_data(struct ftrace_hash *hash, unsigned long ip,
			 unsigned long data)
{
	struct ftrace_func_entry *e;

	if (ftrace_hash_find(hash, ip))
		return 0;
	e = kmalloc(sizeof(*e), GFP_KERNEL);
	if (!e)
		return -ENOMEM;
	e->ip = ip;
	e->direct = data;
	hlist_add_head(&e->hlist, ftrace_hash_bucket(hash, ip));
	hash->count++;
	return 0;
}

/**
 * ftrace_hash_add - put @ip in @hash, which no reader sees yet
 * @hash: the hash
 * @ip:   the address
 *
 * Return: 0, or -ENOMEM.
 */
int ftrace_hash_add(struct ftrace_hash *hash, unsigned long ip)
{
	return ftrace_hash_add_data(hash, ip, 0);
}

/**
 * ftrace_hash_remove - take @ip out of @hash, which no reader sees yet
 * @hash: the hash
 * @ip:   the address
 */
void ftrace_hash_remove(struct ftrace_hash *hash, unsigned long ip)
{
	struct ftrace_func_entry *e = ftrace_hash_find(hash, ip);

	if (!e)
		return;
	hlist_del(&e->hlist);
	kfree(e);
	hash->count--;
}

/**
 * ftrace_hash_copy - a private copy of @src, sized for its entries
 * @src: the hash (NULL or the empty hash give an empty copy)
 *
 * Entries zeroed because their text went away are dropped; the others
 * keep their data.
 *
 * Return: the copy, or NULL.
 */
struct ftrace_hash *ftrace_hash_copy(struct ftrace_hash *src)
{
	unsigned long count = src ? src->count : 0;
	struct ftrace_func_entry *e;
	struct ftrace_hash *hash;
	int b;

	hash = ftrace_hash_alloc(fls_long(count));
	if (hash && src)
		hash->waits_mod = src->waits_mod;
	if (!hash || !count)
		return hash;
	for (b = 0; b < (1 << src->size_bits); b++) {
		hlist_for_each_entry(e, &src->buckets[b], hlist) {
			if (!e->ip)
				continue;
			if (ftrace_hash_add_data(hash, e->ip, e->direct)) {
				ftrace_hash_free(hash);
				return NULL;
			}
		}
	}
	return hash;
}

/* --- the filter language ---------------------------------------------- */

/**
 * struct ftrace_pattern - a parsed filter word
 * @glob:   the function name glob
 * @module: the module the functions must belong to, or NULL for any
 * @remove: "!": take the functions out
 */
struct ftrace_pattern {
	const char	*glob;
	const char	*module;
	bool		remove;
};

/* Split @word (modified) into a pattern.  Return: 0 or -EINVAL. */
static int ftrace_parse_pattern(char *word, struct ftrace_pattern *pat)
{
	char *cmd;

	memset(pat, 0, sizeof(*pat));
	if (*word == '!') {
		pat->remove = true;
		word++;
	}
	cmd = strchr(word, ':');
	if (cmd) {
		*cmd++ = '\0';
		/* The only command: <glob>:mod:<module>. */
		if (strncmp(cmd, "mod:", 4) || !cmd[4] || strchr(cmd + 4, ':'))
			return -EINVAL;
		pat->module = cmd + 4;
		/* "*:mod:m" and ":mod:m" both mean all of m's functions. */
		if (!*word)
			word = "*";
	}
	if (!*word)
		return -EINVAL;
	pat->glob = word;
	return 0;
}

/**
 * ftrace_match_functions - call @fn for each function a glob names
 * @glob:   the glob
 * @module: only functions of this module, or NULL
 * @fn:     called with each matching record's call site and @data;
 *          a non-zero return stops the walk and is returned
 * @data:   for @fn
 *
 * Under ftrace_lock, in process context: a glob over every function
 * resolves tens of thousands of names, so the walk may sleep between
 * records (the records cannot go while ftrace_lock is held).
 *
 * Return: the number of matches (> 0), -EINVAL if none, or what @fn
 * returned.
 */
int ftrace_match_functions(const char *glob, const char *module,
			   ftrace_match_fn fn, void *data)
{
	struct ftrace_rec_group *g;
	struct dyn_ftrace *rec;
	char name[KSYM_NAME_LEN];
	int found = 0, ret;

	lockdep_assert_held(&ftrace_lock);
	for_each_ftrace_group(g) {
		if (module && (!g->mod || strcmp(g->mod->name, module)))
			continue;
		for (rec = g->recs; rec < g->recs + g->count; rec++) {
			cond_resched();
			if (ftrace_group_rec_flags(g, rec) & FTRACE_FL_FREED)
				continue;
			if (ftrace_func_name(rec, name))
				continue;
			if (!glob_match(glob, name))
				continue;
			found++;
			ret = fn(ftrace_rec_ip(rec), data);
			if (ret)
				return ret;
		}
	}
	return found ? found : -EINVAL;
}

static int ftrace_pattern_add(unsigned long ip, void *hash)
{
	return ftrace_hash_add(hash, ip);
}

static int ftrace_pattern_remove(unsigned long ip, void *hash)
{
	ftrace_hash_remove(hash, ip);
	return 0;
}

/*
 * A word that starts with a digit is the line number of one function in
 * available_filter_functions (from 1): libtracefs sends those, cheaper
 * to match than names.  Return: 1, -EINVAL for no such line, -ENOMEM.
 */
static int ftrace_pattern_index(struct ftrace_hash *hash,
				struct ftrace_pattern *pat)
{
	struct dyn_ftrace *rec;
	unsigned long index;
	int ret;

	if (kstrtoul(pat->glob, 0, &index))
		return -EINVAL;
	rec = ftrace_rec_by_index(index);
	if (!rec)
		return -EINVAL;
	if (pat->remove)
		ret = ftrace_pattern_remove(ftrace_rec_ip(rec), hash);
	else
		ret = ftrace_pattern_add(ftrace_rec_ip(rec), hash);
	return ret ? ret : 1;
}

/**
 * ftrace_hash_apply_pattern - add or remove the functions one word names
 * @hash:    the hash being built (not published)
 * @pattern: the word (modified)
 *
 * The word is a glob, "!glob", "glob:mod:module", or the line number of a
 * function in available_filter_functions ("!" too; a module is ignored).
 * Under ftrace_lock.
 *
 * Return: how many functions the word named (> 0), -EINVAL if it named
 * none or is malformed, -ENOMEM.
 */
int ftrace_hash_apply_pattern(struct ftrace_hash *hash, char *pattern)
{
	struct ftrace_pattern pat;
	int ret;

	ret = ftrace_parse_pattern(pattern, &pat);
	if (ret)
		return ret;
	if (isdigit(*pat.glob))
		return ftrace_pattern_index(hash, &pat);
	return ftrace_match_functions(pat.glob, pat.module,
				     pat.remove ? ftrace_pattern_remove :
						  ftrace_pattern_add, hash);
}

/**
 * ftrace_hash_forget_range - forget the functions of text going away
 * @hash:  a hash in force, or NULL
 * @start: the text's first address
 * @end:   its last
 *
 * The entries are zeroed in place, not removed, so that a filter of only
 * such functions does not become empty, which would mean "every
 * function".  ftrace_lock serializes the writers; the readers are
 * lockless (ftrace_hash_find() from callbacks on any CPU, the direct
 * calls' map builders): one store each, they see the address or 0, and
 * no call can come from the old address any more.
 */
void ftrace_hash_forget_range(struct ftrace_hash *hash, unsigned long start,
			      unsigned long end)
{
	struct ftrace_func_entry *e;
	int b;

	lockdep_assert_held(&ftrace_lock);
	if (ftrace_hash_empty(hash))
		return;
	for (b = 0; b < (1 << hash->size_bits); b++)
		hlist_for_each_entry(e, &hash->buckets[b], hlist)
			if (e->ip >= start && e->ip <= end)
				WRITE_ONCE(e->ip, 0);
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
