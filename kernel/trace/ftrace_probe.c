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
 * stacktrace (record the stack into the instance's buffer), snapshot
 * (swap the instance's buffer into its snapshot, which attaching
 * allocates; see tracing_snapshot_instance() for atomic context), dump
 * (print every CPU's buffer to the console, once: its count is always 1,
 * as upstream's) and cpudump (print this CPU's),
 * enable_event:<system>:<event> and disable_event:<system>:<event>
 * (soft-enable or soft-disable an event of the instance; a count is only
 * used up when the state changed).  Without a count a command is
 * unlimited; a count given when detaching is ignored.  set_ftrace_filter
 * lists them after the filter as "<function>:<command>:unlimited" or
 * "<function>:<command>:count=<left>" (the command with its event).
 *
 * Each (instance, command[, event]) has an ftrace_ops whose filter hash
 * is the functions it is attached to, each entry keeping the count left
 * (->direct; ~0UL for unlimited).  The ops is registered while the hash
 * is not empty; an empty filter would mean every function.  An event
 * command holds its event in soft mode (trace_event_switch_hold()) while
 * its hash is not empty.  Changes are made under ftrace_lock and take
 * effect at once, not when the file is closed.
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
 * @name:   what users write
 * @act:    do it for a hit of @ip in @tr; return whether it did something
 *          (a count is only used up then)
 * @prepare: get @tr ready before attaching (may sleep); or NULL
 * @arm:    taken while the command is attached to some function (a
 *          count the instance keeps: trace_snapshot_arm()); or NULL
 * @disarm: undo @arm
 * @event:  enable_event/disable_event: takes "<system>:<event>" and has
 *          no @act
 * @enable: enable_event
 * @once:   acts once per function, whatever count is given
 */
struct ftrace_probe_cmd {
	const char	*name;
	bool		(*act)(struct trace_array *tr, unsigned long ip);
	int		(*prepare)(struct trace_array *tr);
	int		(*arm)(struct trace_array *tr);
	void		(*disarm)(struct trace_array *tr);
	bool		event;
	bool		enable;
	bool		once;
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

#ifdef CONFIG_TRACER_SNAPSHOT
static bool probe_snapshot(struct trace_array *tr, unsigned long ip)
{
	tracing_snapshot_instance(tr);
	return true;
}
#endif

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
#ifdef CONFIG_TRACER_SNAPSHOT
	{ "snapshot",	probe_snapshot, tracing_alloc_snapshot_instance,
			trace_snapshot_arm, trace_snapshot_disarm },
#endif
	{ "dump",	probe_dump, .once = true },
	{ "cpudump",	probe_cpudump },
#ifdef CONFIG_EVENT_TRACING
	{ "enable_event",	.event = true, .enable = true },
	{ "disable_event",	.event = true },
#endif
};

/**
 * struct ftrace_probe - a command attached in an instance
 * @list: in ftrace_probes (ftrace_lock)
 * @tr:   the instance
 * @cmd:   the command
 * @event: the event an event command switches
 * @ops:   its ops; the filter hash holds the functions and their counts
 */
struct ftrace_probe {
	struct list_head		list;
	struct trace_array		*tr;
	const struct ftrace_probe_cmd	*cmd;
	struct trace_event_file		*event;
	struct ftrace_ops		ops;
};

static LIST_HEAD(ftrace_probes);	/* ftrace_lock */

/*
 * Serializes the editors of function commands, which register and
 * unregister the probes' ops (outside ftrace_lock).  Taken before
 * ftrace_lock.
 */
static DEFINE_MUTEX(ftrace_probe_mutex);

static bool notrace probe_act(struct ftrace_probe *p, unsigned long ip)
{
#ifdef CONFIG_EVENT_TRACING
	if (p->cmd->event)
		return trace_event_switch(p->event, p->cmd->enable);
#endif
	return p->cmd->act(p->tr, ip);
}

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
	/*
	 * ->direct is the uses left, shared by hits on every CPU: the
	 * try_cmpxchg() loops below decide, READ_ONCE gives their first
	 * guess.  probe_edit_one() stores it plainly, but only in a copy
	 * of the hash that is not published yet.
	 */
	left = READ_ONCE(e->direct);
	/* Take a use before acting: racing hits never act too often. */
	do {
		if (!left)
			return;
	} while (left != PROBE_UNLIMITED &&
		 !try_cmpxchg(&e->direct, &left, left - 1));
	if (probe_act(p, ip) || left == PROBE_UNLIMITED)
		return;
	/* It changed nothing: the use goes back (racing hits: see above). */
	left = READ_ONCE(e->direct);
	while (!try_cmpxchg(&e->direct, &left, left + 1))
		;
}

static struct ftrace_probe *ftrace_probe_get(struct trace_array *tr,
					     const struct ftrace_probe_cmd *cmd,
					     struct trace_event_file *event)
{
	struct ftrace_probe *p;

	list_for_each_entry(p, &ftrace_probes, list)
		if (p->tr == tr && p->cmd == cmd && p->event == event)
			return p;
	p = kzalloc(sizeof(*p), GFP_KERNEL);
	if (!p)
		return NULL;
	p->tr = tr;
	p->cmd = cmd;
	p->event = event;
	p->ops.func = ftrace_probe_call;
	p->ops.flags = FTRACE_OPS_FL_RECURSION;
	ftrace_ops_init(&p->ops);
	list_add_tail(&p->list, &ftrace_probes);
	return p;
}

struct probe_edit {
	struct ftrace_hash	*hash;
	unsigned long		count;
	unsigned long		added;
	bool			remove;
};

/*
 * A function that has the command already keeps it, count and all, as
 * upstream's: only the functions that did not have it are attached.
 */
static int probe_edit_one(unsigned long ip, void *data)
{
	struct probe_edit *pe = data;

	if (pe->remove) {
		ftrace_hash_remove(pe->hash, ip);
		return 0;
	}
	if (ftrace_hash_find(pe->hash, ip))
		return 0;
	pe->added++;
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

/*
 * The event an event command names ("<system>:<event>" at *@word, which
 * is advanced past it), held for the caller; NULL for other commands.
 */
static struct trace_event_file *
probe_event_hold(struct trace_array *tr, const struct ftrace_probe_cmd *cmd,
		 char **word)
{
#ifdef CONFIG_EVENT_TRACING
	struct trace_event_file *file;
	char *system, *event;
	int ret;

	if (!cmd->event)
		return NULL;
	system = strsep(word, ":");
	event = strsep(word, ":");
	if (!system || !event)
		return ERR_PTR(-EINVAL);
	guard(mutex)(&event_mutex);
	file = trace_event_switch_find(tr, system, event);
	if (!file)
		return ERR_PTR(-EINVAL);
	ret = trace_event_switch_hold(file);
	return ret ? ERR_PTR(ret) : file;
#else
	return NULL;
#endif
}

static void probe_disarm(struct trace_array *tr,
			 const struct ftrace_probe_cmd *cmd)
{
	if (cmd->disarm)
		cmd->disarm(tr);
}

static void probe_event_unhold(struct trace_event_file *file)
{
#ifdef CONFIG_EVENT_TRACING
	if (!file)
		return;
	guard(mutex)(&event_mutex);
	trace_event_switch_unhold(file);
#endif
}

static int probe_parse_count(const struct ftrace_probe_cmd *cmd, char *count,
			     struct probe_edit *pe)
{
	/* Detaching ignores the count ("!func:cmd:count=3" as listed). */
	if (pe->remove)
		return 0;
	if (cmd->once) {
		pe->count = 1;
		return 0;
	}
	if (!count)
		return 0;
	if (kstrtoul(count, 0, &pe->count) || pe->count == PROBE_UNLIMITED ||
	    !pe->count)
		return -EINVAL;
	return 0;
}

static const struct ftrace_probe_cmd *probe_find_cmd(const char *name)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(probe_cmds); i++)
		if (!strcmp(name, probe_cmds[i].name))
			return &probe_cmds[i];
	return NULL;
}

/*
 * Attach (or detach) @cmd on @event at the functions of @glob.
 * *@was_empty and *@now_empty tell how the probe's hash changed.
 */
static int probe_edit(struct trace_array *tr,
		      const struct ftrace_probe_cmd *cmd,
		      struct trace_event_file *event, const char *glob,
		      struct probe_edit *pe_in, bool *was_empty,
		      bool *now_empty)
{
	struct probe_edit pe = *pe_in;
	struct ftrace_hash *cur;
	struct ftrace_probe *p;
	int ret;

	*was_empty = *now_empty = true;
	mutex_lock(&ftrace_lock);
	ret = -ENODEV;
	if (ftrace_disabled)
		goto unlock;
	ret = -ENOMEM;
	p = ftrace_probe_get(tr, cmd, event);
	if (!p)
		goto unlock;
	cur = rcu_dereference_protected(p->ops.func_hash->filter_hash,
					lockdep_is_held(&ftrace_lock));
	*was_empty = *now_empty = ftrace_hash_empty(cur);
	pe.hash = ftrace_hash_copy(cur);
	if (!pe.hash)
		goto unlock;
	ret = ftrace_match_functions(glob, NULL, probe_edit_one, &pe);
	if (ret >= 0 && !pe.remove && !pe.added)
		ret = -EEXIST;
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
	*now_empty = ftrace_hash_empty(pe.hash);
	if (*now_empty && !*was_empty)
		unregister_ftrace_function(&p->ops);
	mutex_lock(&ftrace_lock);
	ret = ftrace_ops_set_hash(&p->ops, pe.hash, true);
	mutex_unlock(&ftrace_lock);
	if (!ret && *was_empty && !*now_empty)
		ret = register_ftrace_function(&p->ops);
	return ret;
unlock:
	mutex_unlock(&ftrace_lock);
	return ret;
}

/**
 * ftrace_probe_apply - attach or detach a function command
 * @tr:   the instance
 * @word: "[!]<glob>:<command>[:<system>:<event>][:<count>]" (modified)
 *
 * Return: 0; -EINVAL for an unknown command, a bad count, or a glob that
 * matches no function; -EEXIST when every function it matches has the
 * command already; -ENOMEM.  On error nothing changed.
 */
int ftrace_probe_apply(struct trace_array *tr, char *word)
{
	struct probe_edit pe = { .count = PROBE_UNLIMITED };
	const struct ftrace_probe_cmd *cmd;
	struct trace_event_file *event;
	bool was_empty, now_empty;
	char *glob, *name;
	int ret;

	if (*word == '!') {
		pe.remove = true;
		word++;
	}
	glob = strsep(&word, ":");
	name = strsep(&word, ":");
	if (!*glob || !name)
		return -EINVAL;
	cmd = probe_find_cmd(name);
	if (!cmd)
		return -EINVAL;
	if (!pe.remove && cmd->prepare) {
		ret = cmd->prepare(tr);
		if (ret)
			return ret;
	}

	guard(mutex)(&ftrace_probe_mutex);
	event = probe_event_hold(tr, cmd, &word);
	if (IS_ERR(event))
		return PTR_ERR(event);
	ret = probe_parse_count(cmd, word, &pe);
	if (ret)
		goto unhold;
	if (!pe.remove && cmd->arm) {
		ret = cmd->arm(tr);
		if (ret)
			goto unhold;
	}
	ret = probe_edit(tr, cmd, event, glob, &pe, &was_empty, &now_empty);
	/* The probe holds its event, and its arm, while its hash is not empty. */
	if (was_empty && !now_empty)
		return ret;
	if (!was_empty && now_empty) {
		probe_event_unhold(event);
		probe_disarm(tr, cmd);
	}
	if (!pe.remove)
		probe_disarm(tr, cmd);
unhold:
	probe_event_unhold(event);
	return ret;
}

/* ":<system>:<event>" of an event command, before its count. */
static void probe_show_event(struct seq_file *m, struct ftrace_probe *p)
{
	if (p->event)
		seq_printf(m, "%s:%s:", p->event->event_call->class->system,
			   trace_event_name(p->event->event_call));
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
				probe_show_event(m, p);
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
 *
 * Called before the instance's events go, since event commands hold
 * them, and again when it is freed.
 */
void ftrace_probe_release(struct trace_array *tr)
{
	struct ftrace_probe *p, *tmp;
	struct ftrace_hash *hash;
	LIST_HEAD(gone);

	guard(mutex)(&ftrace_probe_mutex);
	scoped_guard(mutex, &ftrace_lock) {
		list_for_each_entry_safe(p, tmp, &ftrace_probes, list)
			if (p->tr == tr)
				list_move(&p->list, &gone);
	}
	list_for_each_entry_safe(p, tmp, &gone, list) {
		/* Off the list: no editor reaches its hash any more. */
		hash = rcu_dereference_protected(p->ops.func_hash->filter_hash,
						 true);
		if (ftrace_ops_registered(&p->ops))
			unregister_ftrace_function(&p->ops);
		if (!ftrace_hash_empty(hash)) {
			probe_event_unhold(p->event);
			probe_disarm(p->tr, p->cmd);
		}
		ftrace_free_filter(&p->ops);
		kfree(p);
	}
}
