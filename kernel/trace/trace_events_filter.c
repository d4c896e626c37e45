// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Event filters: the filter files and where filters live.
 *
 *   events/<system>/<event>/filter   the event's filter: writing one
 *                                    replaces it, "0" removes it; reading
 *                                    shows its text or "none"
 *   events/<system>/filter           writing sets the filter of every
 *                                    event of the system it applies to;
 *                                    reading shows the last one written
 *                                    or, with none, a "### global
 *                                    filter ###" comment
 *
 * A refused filter, as upstream's: the write fails with -EINVAL,
 * error_log says why and where, and the event is left unfiltered with
 * the error in its filter file, to be read back:
 *
 *   prev_pid ==
 *              ^
 *   parse_error: Invalid value (did you forget quotes)?
 *
 * A system's filter that some of its events cannot take gives those
 * events such an error (and an error_log entry each) and the others the
 * filter; the write fails only when none could take it.
 *
 * Locking: trace_event_file::filter and trace_subsystem_dir::filter are
 * written under event_mutex.  The event probes read file->flags and, with
 * EVENT_FILE_FL_FILTERED set, file->filter under sched-RCU (they run with
 * preemption disabled); a replaced filter is freed after a grace period.
 * The pointer is published before the flag is set and the flag cleared
 * before the pointer, so a probe that sees the flag finds a filter or
 * NULL, and NULL passes everything.
 */

#include <linux/uaccess.h>
#include <linux/slab.h>

#include "trace.h"
#include "trace_events_filter.h"

/* The longest filter a write takes. */
#define FILTER_TEXT_MAX	PAGE_SIZE

static void log_filter_err(struct trace_array *tr, const char *str,
			   const struct filter_parse_error *pe)
{
	tracing_log_err(tr, "event filter parse error", str, filter_errs,
			pe->err, pe->pos);
}

/*
 * Replace @file's filter by @filter (NULL: none; a text-only filter, no
 * tree: none, with that text to show).  event_mutex.
 */
static void file_set_filter(struct trace_event_file *file,
			    struct event_filter *filter)
{
	bool on = filter && filter->root;
	struct event_filter *old;

	lockdep_assert_held(&event_mutex);
	if (!on)
		clear_bit(EVENT_FILE_FL_FILTERED_BIT, &file->flags);
	old = rcu_replace_pointer(file->filter, filter,
				  lockdep_is_held(&event_mutex));
	if (on)
		set_bit(EVENT_FILE_FL_FILTERED_BIT, &file->flags);
	filter_free_rcu(old);
}

/*
 * A filter that filters nothing and reads back as @text refused: the
 * text, a caret under the error (within the text), the reason.
 * NULL without memory.
 */
static struct event_filter *filter_refused(const char *text,
					   const struct filter_parse_error *pe)
{
	struct event_filter *f = kzalloc(sizeof(*f), GFP_KERNEL);
	unsigned int pos = min_t(unsigned int, pe->pos, strlen(text));

	if (!f)
		return NULL;
	f->filter_string = kasprintf(GFP_KERNEL, "%s\n%*s\nparse_error: %s\n",
				     text, pos + 1, "^", filter_errs[pe->err]);
	if (!f->filter_string) {
		kfree(f);
		return NULL;
	}
	return f;
}

/*
 * @file refused @text: log why, and leave the event unfiltered with the
 * error to read back (or, without memory for it, with no filter).
 */
static void file_refuse_filter(struct trace_event_file *file,
			       const char *text,
			       const struct filter_parse_error *pe)
{
	log_filter_err(file->tr, text, pe);
	file_set_filter(file, filter_refused(text, pe));
}

/**
 * trace_event_filter_free - free an event file's filter with the file
 * @file: the event file, whose probe is detached for good
 *
 * Called for the last reference: nobody else can reach @file->filter.
 */
void trace_event_filter_free(struct trace_event_file *file)
{
	filter_free_rcu(rcu_dereference_protected(file->filter,
						  !refcount_read(&file->ref)));
	RCU_INIT_POINTER(file->filter, NULL);
}

/* Read the user's filter text, without surrounding whitespace. */
static char *filter_text_from_user(const char __user *ubuf, size_t cnt)
{
	char *buf, *text;

	if (cnt >= FILTER_TEXT_MAX)
		return ERR_PTR(-EINVAL);
	buf = memdup_user_nul(ubuf, cnt);
	if (IS_ERR(buf))
		return buf;
	text = strim(buf);
	memmove(buf, text, strlen(text) + 1);
	return buf;
}

static ssize_t read_text(char *text, char __user *ubuf, size_t cnt,
			 loff_t *ppos)
{
	ssize_t ret;

	if (!text)
		return -ENOMEM;
	ret = simple_read_from_buffer(ubuf, cnt, ppos, text, strlen(text));
	kfree(text);
	return ret;
}

/* --- events/<system>/<event>/filter -------------------------------------- */

static ssize_t event_filter_read(struct file *filp, char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	struct trace_event_file *file = filp->private_data;
	struct event_filter *f;
	char *text;

	scoped_guard(mutex, &event_mutex) {
		if (file->flags & EVENT_FILE_FL_FREED)
			return -ENODEV;
		f = rcu_dereference_protected(file->filter,
					      lockdep_is_held(&event_mutex));
		text = kasprintf(GFP_KERNEL, "%s\n",
				 f ? f->filter_string : "none");
	}
	return read_text(text, ubuf, cnt, ppos);
}

static int event_filter_apply(struct trace_event_file *file, const char *text)
{
	struct filter_parse_error pe;
	struct event_filter *filter;

	lockdep_assert_held(&event_mutex);
	if (file->flags & EVENT_FILE_FL_FREED)
		return -ENODEV;
	if (!strcmp(text, "0")) {
		file_set_filter(file, NULL);
		return 0;
	}
	filter = filter_parse(file->event_call, text, &pe);
	if (IS_ERR(filter)) {
		if (pe.err != FILT_ERR_NONE)
			file_refuse_filter(file, text, &pe);
		return PTR_ERR(filter);
	}
	file_set_filter(file, filter);
	return 0;
}

static ssize_t event_filter_write(struct file *filp, const char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	struct trace_event_file *file = filp->private_data;
	char *text;
	int ret;

	text = filter_text_from_user(ubuf, cnt);
	if (IS_ERR(text))
		return PTR_ERR(text);
	scoped_guard(mutex, &event_mutex)
		ret = event_filter_apply(file, text);
	kfree(text);
	return tracing_write_done(ret, cnt, ppos);
}

/* events/<system>/<event>/filter, created on lookup (trace_events_fs.c). */
const struct file_operations trace_event_filter_fops = {
	.open		= trace_event_fops_open,
	.read		= event_filter_read,
	.write		= event_filter_write,
	.release	= trace_event_fops_release,
	.llseek		= default_llseek,
};

/* --- events/<system>/filter ------------------------------------------- */

/*
 * What events/<system>/filter reads, whatever was written: upstream's
 * text.  The events' own filter files show what each event took.
 */
#define SYSTEM_FILTER_TEXT						\
	"### global filter ###\n"					\
	"# Use this to set filters for multiple events.\n"		\
	"# Only events with the given fields will be affected.\n"	\
	"# If no events are modified, an error message will be displayed here\n"

static ssize_t system_filter_read(struct file *filp, char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	return simple_read_from_buffer(ubuf, cnt, ppos, SYSTEM_FILTER_TEXT,
				       sizeof(SYSTEM_FILTER_TEXT) - 1);
}

/*
 * Parse @text for each event of @dir.  Events it applies to get it, the
 * others an error to read back in their filter file.  Accepted even when
 * it applies to none, as upstream's is: the errors say so.
 */
static int system_filter_apply(struct trace_subsystem_dir *dir,
			       const char *text)
{
	struct trace_array *tr = dir->tr;
	struct trace_event_file *file;
	struct filter_parse_error pe;
	struct event_filter **new;
	struct event_filter *f;
	int nr = 0, i = 0;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(file, &tr->events.files, list)
		nr += file->system == dir;
	new = kcalloc(nr, sizeof(*new), GFP_KERNEL);
	if (!new)
		return -ENOMEM;
	list_for_each_entry(file, &tr->events.files, list) {
		if (file->system != dir)
			continue;
		f = filter_parse(file->event_call, text, &pe);
		if (PTR_ERR_OR_ZERO(f) == -ENOMEM)
			goto nomem;
		new[i++] = IS_ERR(f) ? NULL : f;
	}
	pe.err = FILT_ERR_BAD_SUBSYS_FILTER;
	pe.pos = 0;
	i = 0;
	list_for_each_entry(file, &tr->events.files, list) {
		if (file->system != dir)
			continue;
		if (new[i])
			file_set_filter(file, new[i]);
		else
			file_refuse_filter(file, text, &pe);
		i++;
	}
	kfree(new);
	return 0;
nomem:
	while (i--)
		filter_free(new[i]);
	kfree(new);
	return -ENOMEM;
}

static int system_filter_clear(struct trace_subsystem_dir *dir)
{
	struct trace_event_file *file;

	list_for_each_entry(file, &dir->tr->events.files, list)
		if (file->system == dir)
			file_set_filter(file, NULL);
	return 0;
}

static ssize_t system_filter_write(struct file *filp, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct trace_subsystem_dir *dir = filp->private_data;
	char *text;
	int ret;

	text = filter_text_from_user(ubuf, cnt);
	if (IS_ERR(text))
		return PTR_ERR(text);
	scoped_guard(mutex, &event_mutex) {
		if (!dir->nr_events)
			ret = -ENODEV;
		else if (!strcmp(text, "0"))
			ret = system_filter_clear(dir);
		else
			ret = system_filter_apply(dir, text);
	}
	kfree(text);
	return tracing_write_done(ret, cnt, ppos);
}

/* events/<system>/filter, created on lookup (trace_events_fs.c). */
const struct file_operations trace_system_filter_fops = {
	.open		= trace_system_fops_open,
	.read		= system_filter_read,
	.write		= system_filter_write,
	.release	= trace_system_fops_release,
	.llseek		= default_llseek,
};
