// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The function tracer's tracefs files.
 *
 * Top level only:
 *   available_filter_functions        every traceable function, one a
 *                                     line ("name" or "name [module]")
 *   available_filter_functions_addrs  the same, each after its call
 *                                     site's address
 *   enabled_functions                 the functions traced now, with the
 *                                     number of ops tracing each and
 *                                     R (pt_regs), I (IPMODIFY),
 *                                     D (direct call), M (was IPMODIFY-
 *                                     or direct-traced), and the
 *                                     direct trampoline ("direct-->")
 *   touched_functions                 the same for every function some
 *                                     ops traced since boot
 *   dyn_ftrace_total_info             records, bytes per record, memory,
 *                                     ftrace_init()'s time
 * Per instance (ftrace_create_filter_files()):
 *   set_ftrace_filter, set_ftrace_notrace  the instance's function
 *                                     tracer filters (ftrace_hash.c has
 *                                     the language)
 *   set_ftrace_pid, set_ftrace_notrace_pid  its tasks (ftrace_pid.c)
 * set_ftrace_filter also takes and lists function commands
 * (ftrace_probe.c).
 *
 * A filter file opened for writing edits a private copy of the hash in
 * force (or an empty one when opened with O_TRUNC), word by word as they
 * arrive; the copy is put in force when the file is closed.  A word that
 * names no function fails its write with -EINVAL, logged in the
 * instance's error_log, and the close then changes nothing.
 */

#include <linux/kallsyms.h>
#include <linux/seq_file.h>
#include <linux/uaccess.h>
#include <linux/module.h>
#include <linux/ctype.h>
#include <linux/slab.h>
#include <linux/sort.h>

#include "trace.h"
#include "ftrace_internal.h"

/* --- available_filter_functions, enabled_functions, ... ------------------ */

enum ftrace_list_kind {
	FTRACE_LIST_AVAILABLE,
	FTRACE_LIST_ADDRS,
	FTRACE_LIST_ENABLED,
	FTRACE_LIST_TOUCHED,
};

/* The record at position @pos (counting every record).  ftrace_lock. */
static struct dyn_ftrace *ftrace_rec_at(loff_t pos)
{
	struct ftrace_rec_group *g;

	for_each_ftrace_group(g) {
		if (pos < g->count)
			return &g->recs[pos];
		pos -= g->count;
	}
	return NULL;
}

static void *ftrace_list_start(struct seq_file *m, loff_t *pos)
{
	mutex_lock(&ftrace_lock);
	return ftrace_rec_at(*pos);
}

static void *ftrace_list_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return ftrace_rec_at(*pos);
}

static void ftrace_list_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&ftrace_lock);
}

/*
 * "tramp: <addr> (<callback>)" for a site on a per-ops trampoline (the
 * address printed raw, as kallsyms does not resolve it); then, as
 * upstream, " -><function>": what the trampoline calls (on a shared
 * one, the list function or the lone user's callback).  Nothing for a
 * site calling a direct trampoline, which "direct-->" names.
 * ftrace_lock.
 */
static void ftrace_show_tramp(struct seq_file *m, struct dyn_ftrace *rec,
			      u32 flags)
{
	struct ftrace_ops *op = NULL;
	ftrace_func_t func;

	if (flags & FTRACE_FL_DIRECT_EN)
		return;
	if (flags & FTRACE_FL_TRAMP_EN)
		op = ftrace_ops_trampoline(ftrace_get_addr_curr(rec));
	if (op) {
		seq_printf(m, "\ttramp: %pS (%pS)", (void *)op->trampoline,
			   (void *)op->func);
		func = ftrace_ops_get_func(op);
	} else {
		func = ftrace_shared_tramp_func();
	}
	seq_printf(m, " ->%pS", (void *)func);
}

/* "\n\tdirect--><trampoline>" for a function a DIRECT ops traces. */
static void ftrace_show_direct(struct seq_file *m, struct dyn_ftrace *rec,
			       u32 flags)
{
	unsigned long addr;

	if (!(flags & FTRACE_FL_DIRECT))
		return;
	addr = ftrace_find_rec_direct(ftrace_rec_ip(rec));
	if (addr)
		seq_printf(m, "\n\tdirect-->%pS", (void *)addr);
}

static int ftrace_list_show(struct seq_file *m, void *v)
{
	enum ftrace_list_kind kind = (uintptr_t)m->private;
	struct dyn_ftrace *rec = v;
	u32 flags = ftrace_rec_flags(rec);
	char name[KSYM_NAME_LEN];
	struct module *mod;

	if (flags & FTRACE_FL_FREED || ftrace_func_name(rec, name))
		return SEQ_SKIP;
	if (kind == FTRACE_LIST_ENABLED && !(flags & FTRACE_FL_ENABLED))
		return SEQ_SKIP;
	if (kind == FTRACE_LIST_TOUCHED && !(flags & FTRACE_FL_TOUCHED))
		return SEQ_SKIP;

	if (kind == FTRACE_LIST_ADDRS)
		seq_printf(m, "%lx ", ftrace_rec_ip(rec));
	seq_puts(m, name);
	mod = ftrace_rec_module(rec);
	if (mod)
		seq_printf(m, " [%s]", mod->name);
	if (kind == FTRACE_LIST_ENABLED || kind == FTRACE_LIST_TOUCHED) {
		/* Upstream's columns: O (call ops) is never set here. */
		seq_printf(m, " (%u)%s%s%s%s%s", flags & FTRACE_REF_MAX,
			   flags & FTRACE_FL_REGS ? " R" : "  ",
			   flags & FTRACE_FL_IPMODIFY ? " I" : "  ",
			   flags & FTRACE_FL_DIRECT ? " D" : "  ",
			   "  ",
			   flags & FTRACE_FL_MODIFIED ? " M " : "   ");
		ftrace_show_tramp(m, rec, flags);
		ftrace_show_direct(m, rec, flags);
	}
	seq_putc(m, '\n');
	return 0;
}

static const struct seq_operations ftrace_list_sops = {
	.start	= ftrace_list_start,
	.next	= ftrace_list_next,
	.stop	= ftrace_list_stop,
	.show	= ftrace_list_show,
};

static int ftrace_list_open(struct inode *inode, struct file *file)
{
	struct seq_file *m;
	int ret;

	ret = tracing_check_open(NULL);
	if (ret)
		return ret;
	ret = seq_open(file, &ftrace_list_sops);
	if (ret)
		return ret;
	m = file->private_data;
	m->private = inode->i_private;
	return 0;
}

static const struct file_operations ftrace_list_fops = {
	.open		= ftrace_list_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
};

static int ftrace_total_show(struct seq_file *m, void *v)
{
	unsigned long n;

	guard(mutex)(&ftrace_lock);
	n = ftrace_nr_records();
	/* upstream's line first, for the scripts that read it */
	seq_printf(m, "%lu pages:%lu groups: %lu\n", n,
		   (unsigned long)DIV_ROUND_UP(n * sizeof(struct dyn_ftrace),
					       PAGE_SIZE),
		   ftrace_nr_groups());
	/* KiB: the records and the state arrays of the groups that have one */
	seq_printf(m, "%lu records of %zu bytes: %lu KiB in %lu groups, %lu KiB of it state\n",
		   n, sizeof(struct dyn_ftrace),
		   (unsigned long)DIV_ROUND_UP(n * sizeof(struct dyn_ftrace) +
					       ftrace_rec_state_bytes(), 1024),
		   ftrace_nr_groups(),
		   (unsigned long)DIV_ROUND_UP(ftrace_rec_state_bytes(), 1024));
	seq_printf(m, "ftrace_init: %llu us, %llu cycles\n",
		   ftrace_init_usecs(), ftrace_init_cycle_count());
	return 0;
}

static int ftrace_total_open(struct inode *inode, struct file *file)
{
	int ret = tracing_check_open(NULL);

	return ret ? ret : single_open(file, ftrace_total_show, NULL);
}

static const struct file_operations ftrace_total_fops = {
	.open		= ftrace_total_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
};

/* --- set_ftrace_filter, set_ftrace_notrace ----------------------------- */

/**
 * struct ftrace_filter_file - an open set_ftrace_filter or _notrace
 * @tr:     the instance (a reference is held while open)
 * @ops:    the ops whose hash it edits
 * @filter: the filter hash (true) or the notrace hash
 * @hash:   the private copy being edited (writers)
 * @failed: a write failed: the close changes nothing
 * @word:   a word not finished by white space yet
 * @len:    its length
 * @ips:    the functions shown (readers), sorted
 * @nr_ips: how many
 * @mod_words: words for modules not loaded yet (writers)
 * @reset:  opened with O_TRUNC
 * @all:    the hash shown is empty (readers)
 */
struct ftrace_filter_file {
	struct trace_array	*tr;
	struct ftrace_ops	*ops;
	const char		*name;
	bool			filter;
	struct ftrace_hash	*hash;
	bool			failed;
	char			word[KSYM_NAME_LEN + MODULE_NAME_LEN + 8];
	unsigned int		len;
	unsigned long		*ips;
	unsigned int		nr_ips;
	struct list_head	mod_words;
	bool			reset;
	bool			all;
};

static int ftrace_ulong_cmp(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a;
	unsigned long y = *(const unsigned long *)b;

	return x < y ? -1 : x > y;
}

/* Snapshot the functions of @hash for reading.  ftrace_lock. */
static int ftrace_filter_snapshot(struct ftrace_filter_file *ff,
				  struct ftrace_hash *hash)
{
	struct ftrace_func_entry *e;
	int b;

	ff->all = ftrace_hash_empty(hash);
	if (ff->all)
		return 0;
	ff->ips = kvcalloc(hash->count, sizeof(*ff->ips), GFP_KERNEL);
	if (!ff->ips)
		return -ENOMEM;
	for (b = 0; b < (1 << hash->size_bits); b++)
		hlist_for_each_entry(e, &hash->buckets[b], hlist)
			if (e->ip && ff->nr_ips < hash->count)
				ff->ips[ff->nr_ips++] = e->ip;
	sort(ff->ips, ff->nr_ips, sizeof(*ff->ips), ftrace_ulong_cmp, NULL);
	return 0;
}

/*
 * After the functions come the words waiting for their modules and, in
 * set_ftrace_filter, the function commands.
 */
#define FTRACE_PROBES_TOKEN	((void *)2)

static void *ftrace_filter_start(struct seq_file *m, loff_t *pos)
{
	struct ftrace_filter_file *ff = m->private;
	/*
	 * An empty hash shows one line saying so (tools read it: trace-cmd
	 * complains of an empty set_ftrace_notrace); a filter of only
	 * unloaded modules' functions, none.
	 */
	loff_t n = ff->all ? 1 : ff->nr_ips;

	if (*pos < n)
		return ff->nr_ips ? &ff->ips[*pos] : SEQ_START_TOKEN;
	if (*pos == n)
		return FTRACE_PROBES_TOKEN;
	return NULL;
}

static void *ftrace_filter_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return ftrace_filter_start(m, pos);
}

static void ftrace_filter_stop(struct seq_file *m, void *v)
{
}

static int ftrace_filter_show(struct seq_file *m, void *v)
{
	struct ftrace_filter_file *ff = m->private;

	if (v == SEQ_START_TOKEN) {
		seq_puts(m, ff->filter ? "#### all functions enabled ####\n" :
					 "#### no functions disabled ####\n");
		return 0;
	}
	if (v == FTRACE_PROBES_TOKEN) {
		guard(mutex)(&ftrace_lock);
		ftrace_mod_pending_show(m, ff->ops, ff->filter);
		if (ff->tr && ff->filter)
			ftrace_probe_show(ff->tr, m);
		return 0;
	}
	seq_printf(m, "%ps\n", (void *)*(unsigned long *)v);
	return 0;
}

static const struct seq_operations ftrace_filter_sops = {
	.start	= ftrace_filter_start,
	.next	= ftrace_filter_next,
	.stop	= ftrace_filter_stop,
	.show	= ftrace_filter_show,
};

static void ftrace_filter_file_free(struct ftrace_filter_file *ff)
{
	trace_array_put(ff->tr);
	ftrace_mod_words_free(&ff->mod_words);
	ftrace_hash_free(ff->hash);
	kvfree(ff->ips);
	kfree(ff);
}

static struct ftrace_hash *ftrace_cur_hash(struct ftrace_filter_file *ff)
{
	struct ftrace_ops_hash *fh = ff->ops->func_hash;

	return rcu_dereference_protected(ff->filter ? fh->filter_hash :
					 fh->notrace_hash,
					 lockdep_is_held(&ftrace_lock));
}

/*
 * Open a filter file of @ops, or, when @tr is not NULL, of @tr's
 * function tracer ops (which also takes function commands).
 */
static int ftrace_filter_open(struct file *file, struct trace_array *tr,
			      struct ftrace_ops *ops, bool filter)
{
	struct ftrace_filter_file *ff;
	int ret;

	ff = kzalloc(sizeof(*ff), GFP_KERNEL);
	if (!ff)
		return -ENOMEM;
	INIT_LIST_HEAD(&ff->mod_words);
	ret = tracing_check_open(tr);
	if (ret) {
		kfree(ff);
		return ret;
	}
	ff->tr = tr;
	ff->ops = tr ? tr->ops : ops;
	if (!ff->ops) {
		ftrace_filter_file_free(ff);
		return -ENODEV;
	}
	ff->filter = filter;
	/* The dentry outlives the open file. */
	ff->name = file_dentry(file)->d_name.name;

	mutex_lock(&ftrace_lock);
	if (file->f_mode & FMODE_WRITE) {
		ff->reset = file->f_flags & O_TRUNC;
		ff->hash = ff->reset ? ftrace_hash_alloc(0) :
			   ftrace_hash_copy(ftrace_cur_hash(ff));
		ret = ff->hash ? 0 : -ENOMEM;
	}
	if (!ret && (file->f_mode & FMODE_READ))
		ret = ftrace_filter_snapshot(ff, ftrace_cur_hash(ff));
	mutex_unlock(&ftrace_lock);

	if (!ret && (file->f_mode & FMODE_READ)) {
		ret = seq_open(file, &ftrace_filter_sops);
		if (!ret)
			((struct seq_file *)file->private_data)->private = ff;
	} else if (!ret) {
		file->private_data = ff;
	}
	if (ret)
		ftrace_filter_file_free(ff);
	return ret;
}

static int ftrace_filter_open_filter(struct inode *inode, struct file *file)
{
	return ftrace_filter_open(file, inode->i_private, NULL, true);
}

static int ftrace_filter_open_notrace(struct inode *inode, struct file *file)
{
	return ftrace_filter_open(file, inode->i_private, NULL, false);
}

static int ftrace_filter_open_ops(struct inode *inode, struct file *file)
{
	return ftrace_filter_open(file, NULL, inode->i_private, true);
}

static struct ftrace_filter_file *ftrace_filter_file(struct file *file)
{
	if (file->f_mode & FMODE_READ)
		return ((struct seq_file *)file->private_data)->private;
	return file->private_data;
}

/* Why a word was refused, for error_log; in the order of enum filter_err. */
static const char * const ftrace_filter_errs[] = {
	"No function matches",
	"Bad command, count or event",
	"Word too long",
	"Command already on every function matched",
};

enum filter_err { FILTER_ERR_NO_MATCH, FILTER_ERR_COMMAND,
		  FILTER_ERR_TOO_LONG, FILTER_ERR_ATTACHED };

/* Log a refused @word (error_log of the file's instance, or the top's). */
static void ftrace_filter_log_err(struct ftrace_filter_file *ff,
				  const char *word, enum filter_err err)
{
	tracing_log_err(ff->tr, ff->name, word, ftrace_filter_errs, err, 0);
}

/*
 * Apply the word collected so far: a function command at once, anything
 * else to the private hash.  Returns -EINVAL, logged, for a word refused.
 */
static int ftrace_filter_apply_word(struct ftrace_filter_file *ff)
{
	enum filter_err err = FILTER_ERR_NO_MATCH;
	char *copy;
	int ret;

	if (!ff->len)
		return 0;
	ff->word[ff->len] = '\0';
	ff->len = 0;
	/* The appliers cut the word up; error_log wants it whole. */
	copy = kstrdup(ff->word, GFP_KERNEL);
	if (ff->tr && ff->filter && ftrace_probe_is_command(ff->word)) {
		ret = ftrace_probe_apply(ff->tr, ff->word);
		err = FILTER_ERR_COMMAND;
		/* upstream's errno for it */
		if (ret == -EEXIST) {
			ret = -EINVAL;
			err = FILTER_ERR_ATTACHED;
		}
	} else {
		mutex_lock(&ftrace_lock);
		ret = ftrace_mod_words_take(&ff->mod_words, ff->ops,
					    ff->filter, ff->word);
		if (!ret)
			ret = ftrace_hash_apply_pattern(ff->hash, ff->word);
		mutex_unlock(&ftrace_lock);
	}
	if (ret == -EINVAL && copy)
		ftrace_filter_log_err(ff, copy, err);
	kfree(copy);
	return ret < 0 ? ret : 0;
}

static ssize_t ftrace_filter_write(struct file *file, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct ftrace_filter_file *ff = ftrace_filter_file(file);
	size_t i;
	char c;
	int ret;

	if (!ff->hash)
		return -EBADF;
	for (i = 0; i < cnt; i++) {
		if (get_user(c, ubuf + i))
			return -EFAULT;
		if (!isspace(c) && c) {
			if (ff->len >= sizeof(ff->word) - 1) {
				ff->word[ff->len] = '\0';
				ftrace_filter_log_err(ff, ff->word,
						      FILTER_ERR_TOO_LONG);
				ret = -EINVAL;
				goto fail;
			}
			ff->word[ff->len++] = c;
			continue;
		}
		ret = ftrace_filter_apply_word(ff);
		if (ret)
			goto fail;
	}
	*ppos += cnt;
	return cnt;
fail:
	ff->failed = true;
	ff->len = 0;
	return ret;
}

static int ftrace_filter_release(struct inode *inode, struct file *file)
{
	struct ftrace_filter_file *ff = ftrace_filter_file(file);
	struct ftrace_ops *ops = ff->ops;

	if (ff->hash && !ff->failed && !ftrace_filter_apply_word(ff)) {
		mutex_lock(&ops->func_hash->regex_lock);
		mutex_lock(&ftrace_lock);
		ftrace_mod_words_commit(&ff->mod_words, ops, ff->filter,
					ff->reset);
		ff->hash->waits_mod = ff->filter && ftrace_mod_filter_waits(ops);
		/* The hash goes to the ops, whatever the result. */
		ftrace_ops_set_hash(ops, ff->hash, ff->filter);
		ff->hash = NULL;
		mutex_unlock(&ftrace_lock);
		mutex_unlock(&ops->func_hash->regex_lock);
	}
	if (file->f_mode & FMODE_READ)
		seq_release(inode, file);
	ftrace_filter_file_free(ff);
	return 0;
}

static loff_t ftrace_filter_lseek(struct file *file, loff_t offset, int whence)
{
	if (file->f_mode & FMODE_READ)
		return seq_lseek(file, offset, whence);
	/* A writer's position means nothing. */
	file->f_pos = 0;
	return 0;
}

/* set_ftrace_filter and set_ftrace_notrace differ only in how they open. */
#define FTRACE_FILTER_FOPS(open_fn) {		\
	.open		= open_fn,		\
	.read		= seq_read,		\
	.write		= ftrace_filter_write,	\
	.llseek		= ftrace_filter_lseek,	\
	.release	= ftrace_filter_release,	\
}

static const struct file_operations ftrace_filter_fops =
	FTRACE_FILTER_FOPS(ftrace_filter_open_filter);
static const struct file_operations ftrace_notrace_fops =
	FTRACE_FILTER_FOPS(ftrace_filter_open_notrace);
static const struct file_operations ftrace_ops_filter_fops =
	FTRACE_FILTER_FOPS(ftrace_filter_open_ops);

/**
 * ftrace_create_ops_filter_file - a set_ftrace_filter-like file for an ops
 * @name:   the file's name
 * @parent: its tracefs directory, NULL for the top
 * @ops:    a static ops whose filter the file edits (no commands)
 */
void ftrace_create_ops_filter_file(const char *name, struct dentry *parent,
				   struct ftrace_ops *ops)
{
	ftrace_ops_init(ops);
	trace_create_file(name, TRACE_MODE_WRITE, parent, ops,
			  &ftrace_ops_filter_fops);
}

/**
 * ftrace_create_filter_files - create an instance's function tracer files
 * @tr:     the instance (its ops from ftrace_allocate_ftrace_ops())
 * @parent: its tracefs directory
 *
 * set_ftrace_filter, set_ftrace_notrace, set_ftrace_pid and
 * set_ftrace_notrace_pid.
 */
void ftrace_create_filter_files(struct trace_array *tr, struct dentry *parent)
{
	trace_create_file("set_ftrace_filter", TRACE_MODE_WRITE, parent, tr,
			  &ftrace_filter_fops);
	trace_create_file("set_ftrace_notrace", TRACE_MODE_WRITE, parent, tr,
			  &ftrace_notrace_fops);
	ftrace_create_pid_files(tr, parent);
}

static __init int ftrace_init_tracefs(void)
{
	if (tracing_disabled || ftrace_disabled || !tracefs_initialized())
		return 0;
	trace_create_file("available_filter_functions", TRACE_MODE_READ, NULL,
			  (void *)FTRACE_LIST_AVAILABLE, &ftrace_list_fops);
	trace_create_file("available_filter_functions_addrs", TRACE_MODE_READ,
			  NULL, (void *)FTRACE_LIST_ADDRS, &ftrace_list_fops);
	trace_create_file("enabled_functions", TRACE_MODE_READ, NULL,
			  (void *)FTRACE_LIST_ENABLED, &ftrace_list_fops);
	trace_create_file("touched_functions", TRACE_MODE_READ, NULL,
			  (void *)FTRACE_LIST_TOUCHED, &ftrace_list_fops);
	trace_create_file("dyn_ftrace_total_info", TRACE_MODE_READ, NULL,
			  NULL, &ftrace_total_fops);
	if (global_trace.ops)
		ftrace_create_filter_files(&global_trace, NULL);
	return 0;
}
fs_initcall(ftrace_init_tracefs);
