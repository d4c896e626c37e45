// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Function commands of set_ftrace_filter: something done when a function
 * is hit, whatever the current tracer.
 *
 *   <glob>:<command>[:<count>]    attach to the matching functions
 *   !<glob>:<command>[:<count>]   detach
 *
 * Commands: traceoff and traceon (stop or restart the instance's
 * recording; a count is only used up when the state changed),
 * stacktrace (record the stack into the instance's buffer), dump and
 * cpudump (print every CPU's buffer, or this CPU's, to the console).
 * Without a count a command is unlimited.  set_ftrace_filter lists them
 * after the filter as "<function>:<command>:unlimited" or
 * "<function>:<command>:count=<left>".
 *
 * Each (instance, command) pair has an ftrace_ops whose filter hash is
 * the functions it is attached to, each entry keeping the count left
 * (->direct; ~0UL for unlimited).  The ops is registered while the hash
 * is not empty; an empty filter would mean every function.  Changes are
 * made under ftrace_lock and take effect at once, not when the file is
 * closed.
 */

#include <linux/kallsyms.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <linux/slab.h>

#include "trace.h"
#include "ftrace_internal.h"

#define PROBE_UNLIMITED	(~0UL)

/**
 * struct ftrace_probe_cmd - a function command
 * @name: what users write
 * @act:  do it for a hit of @ip in @tr; return whether it did something
 *        (a count is only used up then)
 */
struct ftrace_probe_cmd {
	const char	*name;
	bool		(*act)(struct trace_array *tr, unsigned long ip);
};

static bool probe_traceoff(struct trace_array *tr, unsigned long ip)
{
	if (!tracer_tracing_is_on(tr))
		return false;
	tracer_tracing_off(tr);
	return true;
}

static bool probe_traceon(struct trace_array *tr, unsigned long ip)
{
	if (tracer_tracing_is_on(tr))
		return false;
	tracer_tracing_on(tr);
	return true;
}

static bool probe_stacktrace(struct trace_array *tr, unsigned long ip)
{
	/* Start the stack at the traced function. */
	trace_record_kernel_stack(tr, tracing_gen_ctx_dec(),
				  ip + MCOUNT_INSN_SIZE, 0);
	return true;
}

static bool probe_dump(struct trace_array *tr, unsigned long ip)
{
	ftrace_dump(DUMP_ALL);
	return true;
}

static bool probe_cpudump(struct trace_array *tr, unsigned long ip)
{
	ftrace_dump(DUMP_ORIG);
	return true;
}

static const struct ftrace_probe_cmd probe_cmds[] = {
	{ "traceoff",	probe_traceoff },
	{ "traceon",	probe_traceon },
	{ "stacktrace",	probe_stacktrace },
	{ "dump",	probe_dump },
	{ "cpudump",	probe_cpudump },
};

/**
 * struct ftrace_probe - a command attached in an instance
 * @list: in ftrace_probes (ftrace_lock)
 * @tr:   the instance
 * @cmd:  the command
 * @ops:  its ops; the filter hash holds the functions and their counts
 */
struct ftrace_probe {
	struct list_head		list;
	struct trace_array		*tr;
	const struct ftrace_probe_cmd	*cmd;
	struct ftrace_ops		ops;
};

static LIST_HEAD(ftrace_probes);	/* ftrace_lock */

/*
 * Serializes the editors of function commands, which register and
 * unregister the probes' ops (outside ftrace_lock).  Taken before
 * ftrace_lock.
 */
static DEFINE_MUTEX(ftrace_probe_mutex);

static void notrace ftrace_probe_call(unsigned long ip, unsigned long parent_ip,
				      struct ftrace_ops *op,
				      struct ftrace_regs *fregs)
{
	struct ftrace_probe *p = container_of(op, struct ftrace_probe, ops);
	struct ftrace_func_entry *e;
	unsigned long left;

	/* FTRACE_OPS_FL_RECURSION: preemption is off, the hash stays. */
	e = ftrace_hash_find(rcu_dereference_raw(op->func_hash->filter_hash),
			     ip);
	if (!e)
		return;
	left = READ_ONCE(e->direct);
	if (!left)
		return;
	if (!p->cmd->act(p->tr, ip) || left == PROBE_UNLIMITED)
		return;
	/* Racing hits use the count up once each. */
	while (left && left != PROBE_UNLIMITED &&
	       !try_cmpxchg(&e->direct, &left, left - 1))
		;
}

static struct ftrace_probe *ftrace_probe_get(struct trace_array *tr,
					     const struct ftrace_probe_cmd *cmd)
{
	struct ftrace_probe *p;

	list_for_each_entry(p, &ftrace_probes, list)
		if (p->tr == tr && p->cmd == cmd)
			return p;
	p = kzalloc(sizeof(*p), GFP_KERNEL);
	if (!p)
		return NULL;
	p->tr = tr;
	p->cmd = cmd;
	p->ops.func = ftrace_probe_call;
	p->ops.flags = FTRACE_OPS_FL_RECURSION;
	ftrace_ops_init(&p->ops);
	list_add_tail(&p->list, &ftrace_probes);
	return p;
}

struct probe_edit {
	struct ftrace_hash	*hash;
	unsigned long		count;
	bool			remove;
};

static int probe_edit_one(unsigned long ip, void *data)
{
	struct probe_edit *pe = data;
	struct ftrace_func_entry *e;

	if (pe->remove) {
		ftrace_hash_remove(pe->hash, ip);
		return 0;
	}
	/* Attaching again resets the count. */
	e = ftrace_hash_find(pe->hash, ip);
	if (e) {
		e->direct = pe->count;
		return 0;
	}
	return ftrace_hash_add_data(pe->hash, ip, pe->count);
}

/**
 * ftrace_probe_is_command - is a set_ftrace_filter word a function command?
 * @word: the word
 *
 * Return: true for "<glob>:<something>" other than "<glob>:mod:<module>".
 */
bool ftrace_probe_is_command(const char *word)
{
	const char *colon = strchr(word, ':');

	return colon && strncmp(colon + 1, "mod:", 4);
}

/**
 * ftrace_probe_apply - attach or detach a function command
 * @tr:   the instance
 * @word: "[!]<glob>:<command>[:<count>]" (modified)
 *
 * Return: 0; -EINVAL for an unknown command, a bad count, or a glob that
 * matches no function; -ENOMEM.  On error nothing changed.
 */
int ftrace_probe_apply(struct trace_array *tr, char *word)
{
	const struct ftrace_probe_cmd *cmd = NULL;
	struct probe_edit pe = { .count = PROBE_UNLIMITED };
	struct ftrace_hash *cur;
	struct ftrace_probe *p;
	char *glob, *name, *count;
	bool was_empty;
	int i, ret;

	if (*word == '!') {
		pe.remove = true;
		word++;
	}
	glob = strsep(&word, ":");
	name = strsep(&word, ":");
	count = word;
	if (!*glob || !name)
		return -EINVAL;
	for (i = 0; i < ARRAY_SIZE(probe_cmds); i++)
		if (!strcmp(name, probe_cmds[i].name))
			cmd = &probe_cmds[i];
	if (!cmd)
		return -EINVAL;
	if (count && (kstrtoul(count, 0, &pe.count) ||
		      pe.count == PROBE_UNLIMITED))
		return -EINVAL;
	/* "!func:cmd:0" removes a counted command, like "!func:cmd". */
	if (count && !pe.count && !pe.remove)
		return -EINVAL;

	guard(mutex)(&ftrace_probe_mutex);
	mutex_lock(&ftrace_lock);
	ret = -ENODEV;
	if (ftrace_disabled)
		goto unlock;
	ret = -ENOMEM;
	p = ftrace_probe_get(tr, cmd);
	if (!p)
		goto unlock;
	cur = rcu_dereference_protected(p->ops.func_hash->filter_hash,
					lockdep_is_held(&ftrace_lock));
	was_empty = ftrace_hash_empty(cur);
	pe.hash = ftrace_hash_copy(cur);
	if (!pe.hash)
		goto unlock;
	ret = ftrace_match_functions(glob, NULL, probe_edit_one, &pe);
	if (ret < 0) {
		ftrace_hash_free(pe.hash);
		goto unlock;
	}
	mutex_unlock(&ftrace_lock);

	/*
	 * The ops must not be registered with an empty hash, which would
	 * mean every function: unregister before emptying it, register
	 * after filling it.
	 */
	if (ftrace_hash_empty(pe.hash) && !was_empty)
		unregister_ftrace_function(&p->ops);
	mutex_lock(&ftrace_lock);
	ret = ftrace_ops_set_hash(&p->ops, pe.hash, true);
	mutex_unlock(&ftrace_lock);
	if (!ret && was_empty && !ftrace_hash_empty(pe.hash))
		ret = register_ftrace_function(&p->ops);
	return ret;
unlock:
	mutex_unlock(&ftrace_lock);
	return ret;
}

/**
 * ftrace_probe_show - list an instance's function commands
 * @tr: the instance
 * @m:  the seq_file of set_ftrace_filter
 *
 * Under ftrace_lock.
 */
void ftrace_probe_show(struct trace_array *tr, struct seq_file *m)
{
	struct ftrace_func_entry *e;
	struct ftrace_hash *hash;
	struct ftrace_probe *p;
	int b;

	list_for_each_entry(p, &ftrace_probes, list) {
		if (p->tr != tr)
			continue;
		hash = rcu_dereference_protected(p->ops.func_hash->filter_hash,
						 lockdep_is_held(&ftrace_lock));
		if (ftrace_hash_empty(hash))
			continue;
		for (b = 0; b < (1 << hash->size_bits); b++) {
			hlist_for_each_entry(e, &hash->buckets[b], hlist) {
				if (!e->ip)
					continue;
				seq_printf(m, "%ps:%s:", (void *)e->ip,
					   p->cmd->name);
				if (e->direct == PROBE_UNLIMITED)
					seq_puts(m, "unlimited\n");
				else
					seq_printf(m, "count=%lu\n", e->direct);
			}
		}
	}
}

/**
 * ftrace_probe_release - detach every function command of an instance
 * @tr: the instance, going away
 */
void ftrace_probe_release(struct trace_array *tr)
{
	struct ftrace_probe *p, *tmp;
	LIST_HEAD(gone);

	guard(mutex)(&ftrace_probe_mutex);
	scoped_guard(mutex, &ftrace_lock) {
		list_for_each_entry_safe(p, tmp, &ftrace_probes, list)
			if (p->tr == tr)
				list_move(&p->list, &gone);
	}
	list_for_each_entry_safe(p, tmp, &gone, list) {
		if (ftrace_ops_registered(&p->ops))
			unregister_ftrace_function(&p->ops);
		ftrace_free_filter(&p->ops);
		kfree(p);
	}
}
