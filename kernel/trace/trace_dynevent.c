// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Dynamic events: the command language of dynamic_events and of the
 * per-kind files (kprobe_events, ...).  Each line of a write is one
 * command: a definition the kinds try in turn, "-:[GRP/]EVENT" or the
 * definition after a '!' to remove one, "#" starts a comment.  Opening
 * a file for writing with O_TRUNC removes every event it lists, or none
 * when one is in use.
 *
 * Locking: dyn_event_mutex protects the list of kinds, which only grows,
 * at boot; each kind locks its own events.
 */
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace.h"
#include "trace_dynevent.h"

#define DYN_EVENT_CMD_MAX	4096

static DEFINE_MUTEX(dyn_event_mutex);
static LIST_HEAD(dyn_event_kinds);

/**
 * dyn_event_register() - add a kind of dynamic event
 * @kind: the kind; lives forever
 *
 * Return: 0.
 */
int dyn_event_register(struct dyn_event_kind *kind)
{
	guard(mutex)(&dyn_event_mutex);
	list_add_tail(&kind->list, &dyn_event_kinds);
	return 0;
}

/**
 * dyn_event_seq() - the creation number of a new dynamic event
 *
 * Return: a number larger than those of every event made before, never 0.
 */
u64 dyn_event_seq(void)
{
	static atomic64_t last;

	return atomic64_inc_return(&last);
}

/*
 * dynamic_events: every kind's events in the order they were created, as
 * upstream's single list has them, so that a definition always comes
 * after those it depends on (an eprobe after the kprobe event it is
 * attached to).  Each line costs a walk of every kind's events: the
 * lists are short, and this is not a hot path.
 */
static void dyn_event_show_in_order(struct seq_file *m)
{
	struct dyn_event_kind *kind, *first;
	u64 seq = 0, best, n;

	lockdep_assert_held(&dyn_event_mutex);
	for (;;) {
		first = NULL;
		best = U64_MAX;
		list_for_each_entry(kind, &dyn_event_kinds, list) {
			n = kind->show_after(kind, m, seq, false);
			if (n && n < best) {
				best = n;
				first = kind;
			}
		}
		/* what it prints now, should the kind have changed since */
		if (!first)
			return;
		seq = first->show_after(first, m, seq, true);
		if (!seq)
			return;
	}
}

static int dyn_event_show(struct seq_file *m, void *v)
{
	const struct dyn_event_kind *only = m->private;

	if (only) {
		only->show_all(only, m);
		return 0;
	}
	guard(mutex)(&dyn_event_mutex);
	dyn_event_show_in_order(m);
	return 0;
}

static int dyn_event_delete_all(const struct dyn_event_kind *only)
{
	struct dyn_event_kind *kind;
	int ret;

	if (only)
		return only->delete_all(only);
	guard(mutex)(&dyn_event_mutex);
	list_for_each_entry(kind, &dyn_event_kinds, list) {
		ret = kind->delete_all(kind);
		if (ret)
			return ret;
	}
	return 0;
}

/**
 * dyn_event_open() - open a command file
 * @inode: its inode
 * @file: the file
 * @kind: the kind it lists, or NULL for all kinds (dynamic_events)
 *
 * Return: 0 or a -errno (-EBUSY when truncating and an event is in use).
 */
int dyn_event_open(struct inode *inode, struct file *file,
		   const struct dyn_event_kind *kind)
{
	int ret = security_locked_down(LOCKDOWN_TRACEFS);

	if (ret)
		return ret;
	if (tracing_open_truncates(file)) {
		ret = dyn_event_delete_all(kind);
		if (ret)
			return ret;
	}
	return single_open(file, dyn_event_show, (void *)kind);
}

/*
 * "-[...]:[GRP/]EVENT [...]" or "![...]:[GRP/]EVENT [...]": remove it
 * from whichever kind has it; the words after the first (@argc of
 * @argv) narrow down what goes.
 */
static int dyn_event_remove(char *spec, int argc, char **argv,
			    const struct dyn_event_kind *only)
{
	struct dyn_event_kind *kind;
	char *slash, *group = NULL;
	int ret;

	/* Whatever follows '-' up to the ':' is ignored ("-10:" of "r10:"). */
	spec = strchr(spec, ':');
	if (!spec || !spec[1] || spec[1] == '/')
		return -EINVAL;
	spec++;
	slash = strchr(spec, '/');
	if (slash) {
		*slash = '\0';
		group = spec;
		spec = slash + 1;
	}
	if (only)
		return only->delete(only, group, spec, argc, argv);
	guard(mutex)(&dyn_event_mutex);
	list_for_each_entry(kind, &dyn_event_kinds, list) {
		ret = kind->delete(kind, group, spec, argc, argv);
		if (ret != -ENOENT)
			return ret;
	}
	return -ENOENT;
}

static int dyn_event_create(int argc, char **argv,
			    const struct dyn_event_kind *only)
{
	struct dyn_event_kind *kind;
	int ret;

	if (only) {
		ret = only->create(argc, argv);
		return ret == -ECANCELED ? -EINVAL : ret;
	}
	guard(mutex)(&dyn_event_mutex);
	list_for_each_entry(kind, &dyn_event_kinds, list) {
		ret = kind->create(argc, argv);
		if (ret != -ECANCELED)
			return ret;
	}
	return -EINVAL;
}

static int dyn_event_run(char *line, const struct dyn_event_kind *kind)
{
	char *hash = strchr(line, '#');
	char **argv;
	int argc, ret;

	if (hash)
		*hash = '\0';
	argv = argv_split(GFP_KERNEL, line, &argc);
	if (!argv)
		return -ENOMEM;
	if (!argc)
		ret = 0;
	else if (argv[0][0] == '-' || argv[0][0] == '!')
		ret = dyn_event_remove(argv[0], argc - 1, argv + 1, kind);
	else
		ret = dyn_event_create(argc, argv, kind);
	argv_free(argv);
	return ret;
}

/**
 * dyn_event_command() - run one command on behalf of the kernel
 * @cmd: the command, as a line of a command file
 * @kind: the only kind it may create or remove, or NULL for any
 *
 * The in-kernel API (dynevent_create(), kprobe_event_delete(), ...)
 * runs the commands it builds here, so that they behave as if written
 * to dynamic_events.
 *
 * Return: 0, or the command's -errno.
 */
int dyn_event_command(const char *cmd, const struct dyn_event_kind *kind)
{
	char *line = kstrdup(cmd, GFP_KERNEL);
	int ret;

	if (!line)
		return -ENOMEM;
	ret = dyn_event_run(line, kind);
	kfree(line);
	return ret;
}

/**
 * dyn_event_write() - run the commands written to a command file
 * @file: the file
 * @ubuf: the commands, one a line
 * @cnt: their size
 * @ppos: the file position
 * @kind: the kind the file creates, or NULL for all kinds
 *
 * Return: @cnt, or the -errno of the first command that failed (the
 * commands before it took effect).
 */
ssize_t dyn_event_write(struct file *file, const char __user *ubuf,
			size_t cnt, loff_t *ppos,
			const struct dyn_event_kind *kind)
{
	char *buf, *line, *next;
	int ret = 0;

	if (cnt > DYN_EVENT_CMD_MAX)
		return -E2BIG;
	buf = memdup_user_nul(ubuf, cnt);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	for (next = buf; (line = strsep(&next, "\n")) && !ret; )
		ret = dyn_event_run(line, kind);
	kfree(buf);
	return tracing_write_done(ret, cnt, ppos);
}

static int dynamic_events_open(struct inode *inode, struct file *file)
{
	return dyn_event_open(inode, file, NULL);
}

static ssize_t dynamic_events_write(struct file *file, const char __user *ubuf,
				    size_t cnt, loff_t *ppos)
{
	return dyn_event_write(file, ubuf, cnt, ppos, NULL);
}

static const struct file_operations dynamic_events_fops = {
	.open		= dynamic_events_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
	.write		= dynamic_events_write,
};

static __init int dynamic_events_init(void)
{
	trace_create_file("dynamic_events", TRACE_MODE_WRITE, NULL, NULL,
			  &dynamic_events_fops);
	return 0;
}
device_initcall(dynamic_events_init);
