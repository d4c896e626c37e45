// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The tracers: the list register_tracer() builds, switching an
 * instance's current tracer, and the files current_tracer and
 * available_tracers.  The list only grows (tracers are never
 * unregistered); it and every instance's current tracer are under
 * trace_types_lock.
 */

#include <linux/seq_file.h>
#include <linux/uaccess.h>
#include <linux/fs.h>

#include "trace.h"

struct tracer *trace_types;

/**
 * register_tracer - offer a tracer in available_tracers
 * @type: the tracer; must live as long as the kernel
 *
 * Return: 0, or -EINVAL for a nameless tracer, -EBUSY for a taken name.
 */
int register_tracer(struct tracer *type)
{
	struct tracer *t;

	if (!type->name || strlen(type->name) >= MAX_TRACER_SIZE)
		return -EINVAL;

	guard(mutex)(&trace_types_lock);
	for (t = trace_types; t; t = t->next)
		if (!strcmp(t->name, type->name))
			return -EBUSY;
	type->next = trace_types;
	trace_types = type;
	trace_boot_tracer_registered(type);
	return 0;
}

static struct tracer *tracer_lookup(const char *name)
{
	struct tracer *t;

	for (t = trace_types; t; t = t->next)
		if (!strcmp(t->name, name))
			return t;
	return NULL;
}

/**
 * tracing_set_tracer - switch @tr to the tracer called @name
 * @tr:   the instance
 * @name: the tracer's name
 *
 * The caller holds trace_types_lock.
 *
 * Return: 0, -EINVAL for a tracer that does not exist (or may not run in
 * an instance), -ENOMEM when the buffer cannot get its full size
 * (tracing_update_buffers()), or the tracer's init error; the old tracer
 * then runs on.
 */
int tracing_set_tracer(struct trace_array *tr, const char *name)
{
	struct tracer *t = tracer_lookup(name);
	struct tracer *old = tr->current_trace;
	unsigned long cookie;
	int ret;

	lockdep_assert_held(&trace_types_lock);
	/* Any write of current_tracer is a first use, as upstream. */
	ret = tracing_update_buffers_locked(tr);
	if (ret)
		return ret;
	if (!t || !tracer_allowed(tr, t))
		return -EINVAL;
	if (t == old)
		return 0;

	/*
	 * Every switch, to nop too, starts the new tracer on an empty
	 * buffer, as upstream: what the old one recorded is gone.  The
	 * writers are held off from before the old tracer's reset, so the
	 * grace period a function tracer's unregistering waits for also
	 * serves the buffer's reset.
	 */
	cookie = tracing_stop_writers(tr);
	if (old && old->reset)
		old->reset(tr);
	tr->current_trace = &nop_trace;
	tracing_reset_stopped(tr, cookie);
	if (t->init) {
		ret = t->init(tr);
		if (ret) {
			/* Leave things as they were. */
			if (old && old->init && old->init(tr) == 0)
				tr->current_trace = old;
			return ret;
		}
	}
	tr->current_trace = t;
	return 0;
}

static ssize_t current_tracer_read(struct file *filp, char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	char buf[MAX_TRACER_SIZE + 2];
	int len;

	mutex_lock(&trace_types_lock);
	len = scnprintf(buf, sizeof(buf), "%s\n", tr->current_trace->name);
	mutex_unlock(&trace_types_lock);
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static int current_tracer_set(struct trace_array *tr, char *name)
{
	return tracing_set_tracer(tr, name);
}

static ssize_t current_tracer_write(struct file *filp, const char __user *ubuf,
				    size_t cnt, loff_t *ppos)
{
	return tracing_write_word(filp->private_data, ubuf, cnt, ppos,
				  current_tracer_set);
}

static const struct file_operations current_tracer_fops =
	TRACING_TR_FOPS(current_tracer_read, current_tracer_write,
			generic_file_llseek);

static int available_tracers_show(struct seq_file *m, void *v)
{
	struct trace_array *tr = m->private;
	const char *sep = "";
	struct tracer *t;

	mutex_lock(&trace_types_lock);
	for (t = trace_types; t; t = t->next) {
		if (!tracer_allowed(tr, t))
			continue;
		seq_printf(m, "%s%s", sep, t->name);
		sep = " ";
	}
	seq_putc(m, '\n');
	mutex_unlock(&trace_types_lock);
	return 0;
}

static int available_tracers_open(struct inode *inode, struct file *filp)
{
	return tracing_single_open_tr(inode, filp, available_tracers_show);
}

static const struct file_operations available_tracers_fops = {
	.open		= available_tracers_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= tracing_single_release_tr,
};

/**
 * trace_tracers_create_files - create current_tracer and available_tracers
 * @tr: the instance
 * @d:  its directory (NULL: the tracefs root)
 */
void trace_tracers_create_files(struct trace_array *tr, struct dentry *d)
{
	trace_create_file("current_tracer", TRACE_MODE_WRITE, d, tr,
			  &current_tracer_fops);
	trace_create_file("available_tracers", TRACE_MODE_READ, d, tr,
			  &available_tracers_fops);
}
