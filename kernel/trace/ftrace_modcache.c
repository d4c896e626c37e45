// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Filters on modules that are not loaded yet.
 *
 *     echo '*:mod:trace_printk' > set_ftrace_filter
 *     modprobe trace-printk        the module's functions join the filter
 *
 * A "<glob>:mod:<module>" word written to set_ftrace_filter or
 * set_ftrace_notrace while <module> has no call sites waits in
 * ftrace_mod_pending, keyed by the ops and which of its hashes, and is
 * listed in the file as written.  When the module comes live,
 * ftrace_mod_pending_load() adds (or, for "!<glob>:mod:<module>",
 * removes) the functions the glob names to that hash and forgets the
 * word.  Rewriting the file with ">" forgets the waiting words too.
 * While words wait for a filter hash, the hash is marked waits_mod: it
 * lets through only the functions it holds, none if it is otherwise
 * empty, rather than every function, as upstream's.
 *
 * Writers collect their words in the open file (struct
 * ftrace_mod_words) and hand them over at close, with the hash, so that
 * a failed write changes neither.
 */

#include <linux/module.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "ftrace_internal.h"

/**
 * struct ftrace_mod_word - a word waiting for its module
 * @list:   in ftrace_mod_pending or a writer's ftrace_mod_words
 * @ops:    the ops whose hash it edits
 * @filter: the filter hash (true) or the notrace hash
 * @remove: "!": take the functions out
 * @glob:   the function glob
 * @module: the module's name (points into @glob's allocation)
 */
struct ftrace_mod_word {
	struct list_head	list;
	struct ftrace_ops	*ops;
	bool			filter;
	bool			remove;
	char			*glob;
	char			*module;
};

/* The waiting words, oldest first.  ftrace_lock. */
static LIST_HEAD(ftrace_mod_pending);

static void ftrace_mod_word_free(struct ftrace_mod_word *w)
{
	kfree(w->glob);
	kfree(w);
}

/* Has @name call sites now?  ftrace_lock. */
static bool ftrace_mod_present(const char *name)
{
	struct ftrace_rec_group *g;

	for_each_ftrace_group(g)
		if (g->mod && !strcmp(g->mod->name, name))
			return true;
	return false;
}

/* Split "[!]<glob>:mod:<module>"; NULL if @word is not of that form. */
static struct ftrace_mod_word *ftrace_mod_parse(const char *word)
{
	struct ftrace_mod_word *w;
	const char *sep = strstr(word, ":mod:");
	char *glob;

	if (!sep || !sep[5] || strchr(sep + 5, ':'))
		return NULL;
	w = kzalloc(sizeof(*w), GFP_KERNEL);
	if (!w)
		return ERR_PTR(-ENOMEM);
	if (*word == '!') {
		w->remove = true;
		word++;
	}
	/* "<glob>\0<module>\0"; an empty glob, listed as written, is "*" */
	glob = kasprintf(GFP_KERNEL, "%.*s%c%s", (int)(sep - word), word,
			 '\0', sep + 5);
	if (!glob) {
		kfree(w);
		return ERR_PTR(-ENOMEM);
	}
	w->glob = glob;
	w->module = glob + strlen(glob) + 1;
	return w;
}

/**
 * ftrace_mod_words_take - keep a word for a module not loaded yet
 * @words:  the writer's list
 * @ops:    the ops whose hash the writer edits
 * @filter: which hash
 * @word:   the word
 *
 * ftrace_lock.
 *
 * Return: 1 if the word names a module that has no call sites and was
 * kept, 0 if it is to be applied now, -ENOMEM.
 */
int ftrace_mod_words_take(struct list_head *words, struct ftrace_ops *ops,
			  bool filter, const char *word)
{
	struct ftrace_mod_word *w = ftrace_mod_parse(word);

	if (IS_ERR_OR_NULL(w))
		return PTR_ERR_OR_ZERO(w);
	if (ftrace_mod_present(w->module)) {
		ftrace_mod_word_free(w);
		return 0;
	}
	w->ops = ops;
	w->filter = filter;
	list_add_tail(&w->list, words);
	return 1;
}

/**
 * ftrace_mod_words_free - drop a writer's words
 * @words: the list
 */
void ftrace_mod_words_free(struct list_head *words)
{
	struct ftrace_mod_word *w, *n;

	list_for_each_entry_safe(w, n, words, list) {
		list_del(&w->list);
		ftrace_mod_word_free(w);
	}
}

static bool ftrace_mod_same(struct ftrace_mod_word *a,
			    struct ftrace_mod_word *b)
{
	return a->ops == b->ops && a->filter == b->filter &&
	       !strcmp(a->glob, b->glob) && !strcmp(a->module, b->module);
}

/* Forget the waiting words of @ops' hash (both if @both).  ftrace_lock. */
static void ftrace_mod_forget(struct ftrace_ops *ops, bool filter, bool both)
{
	struct ftrace_mod_word *w, *n;

	list_for_each_entry_safe(w, n, &ftrace_mod_pending, list) {
		if (w->ops != ops || (!both && w->filter != filter))
			continue;
		list_del(&w->list);
		ftrace_mod_word_free(w);
	}
}

/**
 * ftrace_mod_words_commit - put a writer's words in force
 * @words:  the writer's list, emptied
 * @ops:    its ops
 * @filter: which hash
 * @reset:  the file was opened with O_TRUNC: forget the older words
 *
 * A "!" word cancels the waiting word it repeats.  ftrace_lock.
 */
void ftrace_mod_words_commit(struct list_head *words, struct ftrace_ops *ops,
			     bool filter, bool reset)
{
	struct ftrace_mod_word *w, *n, *old, *tmp;

	lockdep_assert_held(&ftrace_lock);
	if (reset)
		ftrace_mod_forget(ops, filter, false);
	list_for_each_entry_safe(w, n, words, list) {
		list_del(&w->list);
		list_for_each_entry_safe(old, tmp, &ftrace_mod_pending, list) {
			if (!ftrace_mod_same(old, w))
				continue;
			list_del(&old->list);
			ftrace_mod_word_free(old);
		}
		if (w->remove)
			ftrace_mod_word_free(w);
		else
			list_add_tail(&w->list, &ftrace_mod_pending);
	}
}

/**
 * ftrace_mod_pending_show - list the words waiting for @ops' hash
 * @m:      the file
 * @ops:    the ops
 * @filter: which hash
 *
 * ftrace_lock.
 */
void ftrace_mod_pending_show(struct seq_file *m, struct ftrace_ops *ops,
			     bool filter)
{
	struct ftrace_mod_word *w;

	list_for_each_entry(w, &ftrace_mod_pending, list)
		if (w->ops == ops && w->filter == filter)
			seq_printf(m, "%s:mod:%s\n", w->glob, w->module);
}

/**
 * ftrace_mod_filter_waits - do words wait for @ops' filter hash?
 * @ops: the ops
 *
 * ftrace_lock.
 *
 * Return: true if a word adding functions waits for its module.
 */
bool ftrace_mod_filter_waits(struct ftrace_ops *ops)
{
	struct ftrace_mod_word *w;

	lockdep_assert_held(&ftrace_lock);
	list_for_each_entry(w, &ftrace_mod_pending, list)
		if (w->ops == ops && w->filter && !w->remove)
			return true;
	return false;
}

/**
 * ftrace_mod_pending_release - forget every word waiting for @ops
 * @ops: an ops about to be freed
 */
void ftrace_mod_pending_release(struct ftrace_ops *ops)
{
	guard(mutex)(&ftrace_lock);
	ftrace_mod_forget(ops, true, true);
}

static int ftrace_mod_add_ip(unsigned long ip, void *hash)
{
	return ftrace_hash_add(hash, ip);
}

static int ftrace_mod_remove_ip(unsigned long ip, void *hash)
{
	ftrace_hash_remove(hash, ip);
	return 0;
}

/* Apply @w to its ops' hash in force.  ftrace_lock. */
static void ftrace_mod_apply(struct ftrace_mod_word *w)
{
	struct ftrace_ops_hash *fh = w->ops->func_hash;
	struct ftrace_hash *hash;
	int ret;

	hash = ftrace_hash_copy(rcu_dereference_protected(w->filter ?
				fh->filter_hash : fh->notrace_hash,
				lockdep_is_held(&ftrace_lock)));

	if (!hash) {
		pr_warn("ftrace: no memory for %s:mod:%s\n", w->glob, w->module);
		return;
	}
	ret = ftrace_match_functions(*w->glob ? w->glob : "*", w->module,
				     w->remove ? ftrace_mod_remove_ip :
						 ftrace_mod_add_ip, hash);
	if (ret < 0) {
		ftrace_hash_free(hash);
		return;
	}
	/* @w is off the list: this is what still waits */
	hash->waits_mod = w->filter && ftrace_mod_filter_waits(w->ops);
	ftrace_ops_set_hash(w->ops, hash, w->filter);
}

/**
 * ftrace_mod_pending_load - apply the words waiting for a module
 * @name: the module's name; its call sites are recorded
 *
 * ftrace_lock.
 */
void ftrace_mod_pending_load(const char *name)
{
	struct ftrace_mod_word *w, *n;

	lockdep_assert_held(&ftrace_lock);
	list_for_each_entry_safe(w, n, &ftrace_mod_pending, list) {
		if (strcmp(w->module, name))
			continue;
		list_del(&w->list);
		ftrace_mod_apply(w);
		ftrace_mod_word_free(w);
	}
}
