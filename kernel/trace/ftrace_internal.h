/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The dynamic function tracer's private interface, shared by
 *   ftrace_records.c  the call site records (dyn_ftrace) of vmlinux and
 *                     of each module, ftrace_init(), the module hooks;
 *   ftrace_hash.c     sets of functions, and the filter language that
 *                     fills them;
 *   ftrace_ops.c      registering ops, the callbacks' fast path,
 *                     ftrace_enabled;
 *   ftrace_filter.c   each ops' filter and notrace hashes, the
 *                     ftrace_set_*() API;
 *   ftrace_update.c   deciding what each call site should call, and
 *                     driving the architecture's patching;
 *   ftrace_tramp.c    per-ops trampolines: which ops get one, their
 *                     lifetime, the unwinder's and kallsyms' view;
 *   ftrace_direct.c   direct calls: ops whose functions call a
 *                     trampoline of their owner's;
 *   ftrace_files.c    the tracefs files.
 * Without DYNAMIC_FTRACE (the static tracer, every function calling the
 * arch's _mcount) only ftrace_ops.c is built, with ftrace_static.c for
 * what it needs of the others: no records, hashes or trampolines, and
 * every ops traces every function.
 *
 * Locking, outer to inner:
 *   ftrace_ops_hash::regex_lock  the editors of one ops' filters.
 *   ftrace_lock (mutex)  the registered ops list, every ops' filters in
 *                        force, the record groups list and every record's
 *                        flags, ftrace_enabled, the patching itself.
 *   text_mutex           taken by the architecture while it patches.
 * The callbacks' path takes no lock: it walks the ops list and reads
 * hashes under preempt_disable(); lists and hashes are published with
 * rcu_assign_pointer() and freed after a grace period.
 */
#ifndef _KERNEL_TRACE_FTRACE_INTERNAL_H
#define _KERNEL_TRACE_FTRACE_INTERNAL_H

#include <linux/ftrace.h>
#include <linux/mutex.h>
#include <linux/rculist.h>

extern struct mutex ftrace_lock;

/* Records of freed text: out of every lookup and update for good. */
#define FTRACE_FL_FREED		BIT(21)

/*
 * The registered ops, newest first, ending in ftrace_list_end (never
 * NULL).  RCU; changed under ftrace_lock.  An ops that leaves is not
 * freed until every CPU and task is out of the callbacks.
 */
extern struct ftrace_ops __rcu *ftrace_ops_list;
extern struct ftrace_ops ftrace_list_end;

/* The ops a link of the list points to, for its updaters: ftrace_lock. */
static inline struct ftrace_ops *
ftrace_ops_locked(struct ftrace_ops __rcu *const *link)
{
	return rcu_dereference_protected(*link, lockdep_is_held(&ftrace_lock));
}

/* Every registered ops, for code holding ftrace_lock. */
#define for_each_ftrace_op_locked(op)					\
	for (op = ftrace_ops_locked(&ftrace_ops_list);			\
	     op != &ftrace_list_end; op = ftrace_ops_locked(&op->next))

/*
 * Every registered ops, for the callers of the callbacks: preemption is
 * disabled, which unregister_ftrace_function() waits out (with
 * synchronize_rcu_tasks_rude() where RCU may not be watching, as in the
 * idle loop, so no lockdep condition holds there).
 */
#define for_each_ftrace_op_rcu(op)					\
	for (op = rcu_dereference_raw(ftrace_ops_list);			\
	     op != &ftrace_list_end; op = rcu_dereference_raw(op->next))

/* Set for good when patching failed: function tracing stays off. */
extern bool ftrace_disabled;

/* --- records (ftrace_records.c) ------------------------------------------ */

#ifdef CONFIG_DYNAMIC_FTRACE
/**
 * struct ftrace_rec_group - the call sites of vmlinux or of one module
 * @list:  in ftrace_rec_groups (RCU; changed under ftrace_lock)
 * @mod:   the module, NULL for vmlinux
 * @start: the lowest call site address
 * @end:   the highest call site address
 * @count: number of records
 * @state: the records' states (ftrace_rec_flags()), by index; NULL while
 *         every record's is @base.  Allocated when an ops is registered
 *         (ftrace_rec_states_get()), kept while the group lives.
 * @base:  every record's state while @state is NULL: 0, or DISABLED for
 *         a module not live yet
 * @retired_start, @retired_end: while @state is NULL, records in
 *         [@retired_start, @retired_end) are of freed text, FREED and
 *         DISABLED for good (ftrace_retire_range())
 * @recs:  the records, sorted by address
 *
 * All but @list, @start, @end, @count and @recs change under
 * ftrace_lock only.
 */
struct ftrace_rec_group {
	struct list_head	list;
	struct module		*mod;
	unsigned long		start;
	unsigned long		end;
	unsigned int		count;
	u32			*state;
	u32			base;
	unsigned long		retired_start;
	unsigned long		retired_end;
	struct dyn_ftrace	recs[];
};

/* Is @rec in @g's freed range? */
static __always_inline bool ftrace_rec_retired(const struct ftrace_rec_group *g,
					       const struct dyn_ftrace *rec)
{
	unsigned long ip = ftrace_rec_ip(rec);
	/* pairs with the release in ftrace_retire_range() */
	unsigned long end = smp_load_acquire(&g->retired_end);

	return ip < end && ip >= READ_ONCE(g->retired_start);
}

/**
 * ftrace_group_rec_flags - the state of a record of a known group
 * @g:   the group
 * @rec: one of its records
 *
 * ftrace_lock, or RCU for a racy look.  The state array, once there,
 * holds everything (the freed range folded in when it was made).
 *
 * Return: the reference count and FTRACE_FL_* bits.
 */
static __always_inline u32 ftrace_group_rec_flags(const struct ftrace_rec_group *g,
						  const struct dyn_ftrace *rec)
{
	/* filled before published: ftrace_rec_states_get() */
	const u32 *state = READ_ONCE(g->state);

	if (likely(state))
		return READ_ONCE(state[rec - g->recs]);
	if (unlikely(ftrace_rec_retired(g, rec)))
		return READ_ONCE(g->base) | FTRACE_FL_DISABLED |
		       FTRACE_FL_FREED;
	return READ_ONCE(g->base);
}

/**
 * ftrace_group_set_flags - set the state of a record of a known group
 * @g:     the group
 * @rec:   one of its records
 * @flags: as ftrace_rec_set_flags()
 *
 * Inline: the patch loop and the recount call it for every site.
 */
static __always_inline void ftrace_group_set_flags(struct ftrace_rec_group *g,
						   struct dyn_ftrace *rec,
						   u32 flags)
{
	lockdep_assert_held(&ftrace_lock);
	if (likely(g->state))
		/* racy readers: ftrace_group_rec_flags() under RCU */
		WRITE_ONCE(g->state[rec - g->recs], flags);
	else
		WARN_ON_ONCE(flags != ftrace_group_rec_flags(g, rec));
}

void ftrace_rec_set_flags(struct dyn_ftrace *rec, u32 flags);
int ftrace_rec_states_get(struct ftrace_rec_group *g);
int ftrace_rec_states_get_all(void);
unsigned long ftrace_rec_state_bytes(void);

extern struct list_head ftrace_rec_groups;

/* vmlinux's call sites (the linker script's MCOUNT_REC()). */
extern unsigned long __start_mcount_loc[];
extern unsigned long __stop_mcount_loc[];

/* Walk the groups; ftrace_lock or RCU. */
#define for_each_ftrace_group(g) \
	list_for_each_entry_rcu(g, &ftrace_rec_groups, list, \
				lockdep_is_held(&ftrace_lock))

struct ftrace_rec_group *ftrace_mod_group(struct module *mod);
void ftrace_del_group(struct ftrace_rec_group *g);
void ftrace_free_group(struct ftrace_rec_group *g);
void ftrace_group_set_live(struct ftrace_rec_group *g);
struct ftrace_rec_group *ftrace_rec_iter_group(struct ftrace_rec_iter *iter);
void ftrace_retire_range(unsigned long start, unsigned long end);
#endif /* CONFIG_DYNAMIC_FTRACE */

struct dyn_ftrace *ftrace_lookup_rec(unsigned long ip);
struct module *ftrace_rec_module(struct dyn_ftrace *rec);
unsigned long ftrace_nr_records(void);
unsigned long ftrace_nr_groups(void);
u64 ftrace_init_usecs(void);
u64 ftrace_init_cycle_count(void);

/* --- hashes (ftrace_hash.c) --------------------------------------------- */

/**
 * struct ftrace_hash - a set of call site addresses
 * @size_bits: log2 of the number of buckets
 * @buckets:   the buckets
 * @count:     number of entries
 * @rcu:       to free it after readers are gone
 */
/*
 * @waits_mod: a filter hash with "<glob>:mod:<module>" words waiting for
 * their module (ftrace_modcache.c): it is not empty, even with no
 * function in it yet, so that it lets through only what it holds, as
 * upstream's FTRACE_HASH_FL_MOD.  Set by whoever puts the hash in force.
 */
struct ftrace_hash {
	unsigned long		size_bits;
	struct hlist_head	*buckets;
	unsigned long		count;
	bool			waits_mod;
	struct rcu_head		rcu;
};

/* Empty: a filter hash that lets everything through. */
static inline bool ftrace_hash_empty(struct ftrace_hash *hash)
{
	return !hash || !(hash->count || hash->waits_mod);
}

#ifdef CONFIG_DYNAMIC_FTRACE
/* The shared empty hash: never freed, never written. */
extern struct ftrace_hash ftrace_empty_hash;
#define EMPTY_HASH	(&ftrace_empty_hash)

struct ftrace_hash *ftrace_hash_alloc(int size_bits);
struct ftrace_hash *ftrace_hash_copy(struct ftrace_hash *src);
void ftrace_hash_free(struct ftrace_hash *hash);
void ftrace_hash_free_rcu(struct ftrace_hash *hash);
struct ftrace_func_entry *ftrace_hash_find(struct ftrace_hash *hash,
					   unsigned long ip);
int ftrace_hash_add(struct ftrace_hash *hash, unsigned long ip);
int ftrace_hash_add_data(struct ftrace_hash *hash, unsigned long ip,
			 unsigned long data);
void ftrace_hash_remove(struct ftrace_hash *hash, unsigned long ip);
void ftrace_hash_forget_range(struct ftrace_hash *hash, unsigned long start,
			      unsigned long end);

/* Is @ip in @hash?  Lockless for readers with preemption disabled. */
bool ftrace_hash_contains(struct ftrace_hash *hash, unsigned long ip);

int ftrace_hash_apply_pattern(struct ftrace_hash *hash, char *pattern);
/* Called for each match; a non-zero return stops the walk. */
typedef int (*ftrace_match_fn)(unsigned long ip, void *data);
int ftrace_match_functions(const char *glob, const char *module,
			   ftrace_match_fn fn, void *data);
int ftrace_func_name(struct dyn_ftrace *rec, char *buf);
struct dyn_ftrace *ftrace_rec_by_index(unsigned long index);
#else
/*
 * The static tracer has no call site records to make sets of, so every
 * set is empty: what the tracers read of one, for their filters.
 */
#define EMPTY_HASH	NULL

static inline bool ftrace_hash_contains(struct ftrace_hash *hash,
					unsigned long ip)
{
	return false;
}

static inline void ftrace_hash_free(struct ftrace_hash *hash)
{
}
#endif /* CONFIG_DYNAMIC_FTRACE */

/* --- ops (ftrace_ops.c) ------------------------------------------------- */

/* Have @ops trace the functions @from traces, sharing its hashes. */
static inline void ftrace_ops_share_filter(struct ftrace_ops *ops,
					   struct ftrace_ops *from)
{
#ifdef CONFIG_DYNAMIC_FTRACE
	ops->func_hash = from->func_hash;
#endif
}

/* The ops of the top-level function tracer, also ftrace_set_global_*(). */
extern struct ftrace_ops global_ops;

bool ftrace_ops_registered(struct ftrace_ops *ops);

/* Does @ops count in what the call sites call now?  ftrace_lock. */
static inline bool ftrace_ops_counts(struct ftrace_ops *ops)
{
	if (ops->flags & FTRACE_OPS_FL_STUB)
		return false;
	return ftrace_enabled || (ops->flags & FTRACE_OPS_FL_PERMANENT);
}

/* --- filters (ftrace_filter.c) ----------------------------------------- */

#ifdef CONFIG_DYNAMIC_FTRACE
/* Does @ops trace @ip now?  Lockless, with preemption disabled. */
bool ftrace_ops_test(struct ftrace_ops *ops, unsigned long ip);
void ftrace_ops_init_hash(struct ftrace_ops *ops);
void ftrace_ops_init(struct ftrace_ops *ops);
struct ftrace_hash *ftrace_ops_hash(struct ftrace_ops *ops, bool filter);
/* Would IPMODIFY/DIRECT @ops share a function with another?  ftrace_lock. */
bool ftrace_ops_conflict(struct ftrace_ops *ops);

/*
 * Replace @ops' filter (@filter true) or notrace hash by @hash, which the
 * call takes over, and update the call sites.  ftrace_lock.
 */
int ftrace_ops_set_hash(struct ftrace_ops *ops, struct ftrace_hash *hash,
			bool filter);
#else
/* The static tracer: every ops traces every function. */
static inline bool ftrace_ops_test(struct ftrace_ops *ops, unsigned long ip)
{
	return true;
}

static inline void ftrace_ops_init_hash(struct ftrace_ops *ops)
{
}

static inline void ftrace_ops_init(struct ftrace_ops *ops)
{
	ops->flags |= FTRACE_OPS_FL_INITIALIZED;
}

/* Nothing to conflict: IPMODIFY needs pt_regs, DIRECT call sites. */
static inline bool ftrace_ops_conflict(struct ftrace_ops *ops)
{
	return false;
}
#endif

/* --- the site map (ftrace_dispatch.c) ---------------------------------- */

#ifdef CONFIG_DYNAMIC_FTRACE
/* Before the ops list or a hash in force changes.  ftrace_lock. */
void ftrace_site_map_drop(void);
/* Once the ops and hashes are in force.  ftrace_lock. */
void ftrace_site_map_build(void);
#else
static inline void ftrace_site_map_drop(void)
{
}
#endif

/* --- tracefs (ftrace_files.c) ------------------------------------------ */

struct dentry;
struct seq_file;
#ifdef CONFIG_DYNAMIC_FTRACE
void ftrace_create_ops_filter_file(const char *name, struct dentry *parent,
				   struct ftrace_ops *ops);
#else
static inline void ftrace_create_ops_filter_file(const char *name,
						 struct dentry *parent,
						 struct ftrace_ops *ops)
{
}
#endif

/* --- filters on modules not loaded yet (ftrace_modcache.c) ----------- */

int ftrace_mod_words_take(struct list_head *words, struct ftrace_ops *ops,
			  bool filter, const char *word);
void ftrace_mod_words_free(struct list_head *words);
void ftrace_mod_words_commit(struct list_head *words, struct ftrace_ops *ops,
			     bool filter, bool reset);
void ftrace_mod_pending_show(struct seq_file *m, struct ftrace_ops *ops,
			     bool filter);
bool ftrace_mod_filter_waits(struct ftrace_ops *ops);
#ifdef CONFIG_DYNAMIC_FTRACE
void ftrace_mod_pending_release(struct ftrace_ops *ops);
#else
static inline void ftrace_mod_pending_release(struct ftrace_ops *ops)
{
}
#endif
void ftrace_mod_pending_load(const char *name);

/* --- function commands (ftrace_probe.c) -------------------------------- */

struct trace_array;
struct seq_file;
bool ftrace_probe_is_command(const char *word);
int ftrace_probe_apply(struct trace_array *tr, char *word);
void ftrace_probe_show(struct trace_array *tr, struct seq_file *m);
void ftrace_probe_release(struct trace_array *tr);

/* --- updates (ftrace_update.c) ------------------------------------------ */

/*
 * Recount every record's ops and bring the call sites and the
 * trampolines' callback in line (static tracer: only the callback).
 * ftrace_lock.
 */
int ftrace_update_all(void);
extern ftrace_func_t ftrace_trace_function;
#ifdef CONFIG_DYNAMIC_FTRACE
/* The callback the trampolines should call now.  ftrace_lock. */
void ftrace_choose_trace_func(void);
struct ftrace_ops *ftrace_rec_tramp_ops(struct dyn_ftrace *rec);
ftrace_func_t ftrace_shared_tramp_func(void);
u64 ftrace_shared_token(void);
void ftrace_shared_quiesced(u64 token);
#else
/* No trampolines but _mcount, which holds no op. */
static inline u64 ftrace_shared_token(void)
{
	return 0;
}

static inline void ftrace_shared_quiesced(u64 token)
{
}
#endif

/* --- direct calls (ftrace_direct_map.c, ftrace_direct.c) --------------- */

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
/* Each direct function's trampoline: see ftrace_direct_map.c. */
extern struct ftrace_hash __rcu *ftrace_direct_map;
void ftrace_direct_forget(unsigned long start, unsigned long end);
#else
static inline void ftrace_direct_forget(unsigned long start,
					unsigned long end)
{
}
#endif

/* --- per-ops trampolines (ftrace_tramp.c) ------------------------------ */

#ifdef CONFIG_DYNAMIC_FTRACE
void ftrace_tramp_get(struct ftrace_ops *ops);
void ftrace_tramp_unlink(struct ftrace_ops *ops);
void ftrace_tramp_free(struct ftrace_ops *ops);
#else
static inline void ftrace_tramp_get(struct ftrace_ops *ops)
{
}

static inline void ftrace_tramp_unlink(struct ftrace_ops *ops)
{
}

static inline void ftrace_tramp_free(struct ftrace_ops *ops)
{
}
#endif

#endif /* _KERNEL_TRACE_FTRACE_INTERNAL_H */
