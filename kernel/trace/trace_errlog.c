// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * error_log: the last few commands a tracefs file refused, with why and
 * where.  A command parser that rejects a write calls tracing_log_err();
 * the file then shows
 *
 *   [  123.456789] <location>: error: <reason>
 *     Command: <the command>
 *                   ^
 *
 * with the caret under the offending part.  Opening the file with
 * O_TRUNC for writing ("echo > error_log") empties it.
 */

#include <linux/seq_file.h>
#include <linux/sched/clock.h>
#include <linux/slab.h>

#include "trace.h"

/* An instance keeps this many errors; a new one replaces the oldest. */
#define TRACING_LOG_ERRS_MAX	8
#define TRACING_LOG_LOC_MAX	128

#define CMD_PREFIX		"  Command: "

/**
 * struct tracing_log_err - one logged error
 * @list: in trace_array::err_log, oldest first
 * @errs: the caller's table of reasons
 * @type: the index of the reason in @errs
 * @pos:  the caret's offset in @cmd
 * @ts:   when, in local_clock() nanoseconds
 * @loc:  "<location>: error: "
 * @cmd:  the refused command
 */
struct tracing_log_err {
	struct list_head	list;
	const char * const	*errs;
	u8			type;
	u16			pos;
	u64			ts;
	char			loc[TRACING_LOG_LOC_MAX];
	char			*cmd;
};

/* Protects every instance's err_log and n_err_log_entries. */
static DEFINE_MUTEX(err_log_lock);

/**
 * err_pos - where @str starts in @cmd, to place the caret
 * @cmd: the command
 * @str: the part of it the error is about
 *
 * Return: the offset of the first @str in @cmd, or 0.
 */
unsigned int err_pos(char *cmd, const char *str)
{
	char *found;

	if (WARN_ON(!*cmd))
		return 0;
	found = strstr(cmd, str);
	return found ? found - cmd : 0;
}

/**
 * tracing_log_err - add an error to an instance's error_log
 * @tr:   the instance, NULL for the top level
 * @loc:  where the error happened, e.g. "hist:sched:sched_switch"
 * @cmd:  the command that was refused
 * @errs: the caller's static table of reasons; kept by reference
 * @type: the index of the reason in @errs
 * @pos:  the offset in @cmd to put the caret under
 *
 * The log keeps the last TRACING_LOG_ERRS_MAX errors.  May sleep; an
 * error that cannot be allocated is not logged.
 */
void tracing_log_err(struct trace_array *tr, const char *loc,
		     const char *cmd, const char * const *errs, u8 type,
		     u16 pos)
{
	struct tracing_log_err *err = NULL;
	char *text;

	if (!tr)
		tr = &global_trace;

	text = kstrdup(cmd, GFP_KERNEL);
	if (!text)
		return;

	guard(mutex)(&err_log_lock);
	if (tr->n_err_log_entries >= TRACING_LOG_ERRS_MAX) {
		err = list_first_entry(&tr->err_log, struct tracing_log_err,
				       list);
		list_del(&err->list);
		kfree(err->cmd);
	} else {
		err = kzalloc(sizeof(*err), GFP_KERNEL);
		if (!err) {
			kfree(text);
			return;
		}
		tr->n_err_log_entries++;
	}

	snprintf(err->loc, sizeof(err->loc), "%s: error: ", loc);
	err->cmd = text;
	err->errs = errs;
	err->type = type;
	err->pos = pos;
	err->ts = local_clock();
	list_add_tail(&err->list, &tr->err_log);
}

/**
 * trace_errlog_free - drop every error_log entry of @tr
 * @tr: the instance
 *
 * What writing error_log with O_TRUNC does; also the last step of
 * removing an instance.
 */
void trace_errlog_free(struct trace_array *tr)
{
	struct tracing_log_err *err, *tmp;

	guard(mutex)(&err_log_lock);
	list_for_each_entry_safe(err, tmp, &tr->err_log, list) {
		list_del(&err->list);
		kfree(err->cmd);
		kfree(err);
	}
	tr->n_err_log_entries = 0;
}

static void *err_log_start(struct seq_file *m, loff_t *pos)
{
	struct trace_array *tr = m->private;

	mutex_lock(&err_log_lock);
	return seq_list_start(&tr->err_log, *pos);
}

static void *err_log_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct trace_array *tr = m->private;

	return seq_list_next(v, &tr->err_log, pos);
}

static void err_log_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&err_log_lock);
}

static int err_log_show(struct seq_file *m, void *v)
{
	struct tracing_log_err *err = list_entry(v, struct tracing_log_err,
						 list);
	u32 nsec;
	u64 sec;

	sec = div_u64_rem(err->ts, NSEC_PER_SEC, &nsec);
	seq_printf(m, "[%5llu.%06u] %s%s\n" CMD_PREFIX "%s\n", sec,
		   (u32)(nsec / NSEC_PER_USEC), err->loc, err->errs[err->type],
		   err->cmd);
	seq_printf(m, "%*s^\n", (int)(sizeof(CMD_PREFIX) - 1) + err->pos, "");
	return 0;
}

static const struct seq_operations err_log_seq_ops = {
	.start	= err_log_start,
	.next	= err_log_next,
	.stop	= err_log_stop,
	.show	= err_log_show,
};

static int err_log_open(struct inode *inode, struct file *filp)
{
	struct trace_array *tr = inode->i_private;
	int ret;

	ret = tracing_check_open(tr);
	if (ret)
		return ret;

	if (tracing_open_truncates(filp))
		trace_errlog_free(tr);

	if (filp->f_mode & FMODE_READ) {
		ret = seq_open(filp, &err_log_seq_ops);
		if (ret) {
			trace_array_put(tr);
			return ret;
		}
		((struct seq_file *)filp->private_data)->private = tr;
	}
	return 0;
}

static ssize_t err_log_write(struct file *filp, const char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	return cnt;
}

static int err_log_release(struct inode *inode, struct file *filp)
{
	if (filp->f_mode & FMODE_READ)
		seq_release(inode, filp);
	trace_array_put(inode->i_private);
	return 0;
}

static loff_t err_log_lseek(struct file *filp, loff_t offset, int whence)
{
	if (filp->f_mode & FMODE_READ)
		return seq_lseek(filp, offset, whence);
	filp->f_pos = 0;
	return 0;
}

static const struct file_operations err_log_fops = {
	.open		= err_log_open,
	.read		= seq_read,
	.write		= err_log_write,
	.llseek		= err_log_lseek,
	.release	= err_log_release,
};

/**
 * trace_errlog_create_file - create an instance's error_log
 * @tr:     the instance
 * @parent: its directory
 */
void trace_errlog_create_file(struct trace_array *tr, struct dentry *parent)
{
	trace_create_file("error_log", TRACE_MODE_WRITE, parent, tr,
			  &err_log_fops);
}
