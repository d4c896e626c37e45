// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The tracefs side of trace events, per instance:
 *
 *   available_events           every event a user can enable, "sys:event"
 *   set_event                  the enabled ones; writes enable ("sys:event",
 *                              "sys:*", ":event", "name") or disable ("!...")
 *                              them; opening with O_TRUNC disables all
 *   events/header_page         the sub-buffer header, for binary readers
 *   events/header_event        the record header, for binary readers
 *   events/enable              all events: 0, 1, or X when mixed
 *   events/<sys>/enable        the same for one system
 *   events/<sys>/<event>/      enable, id, format
 *   events/<sys>/filter, events/<sys>/<event>/filter: trace_events_filter.c
 *   events/<sys>/<event>/trigger: trace_events_trigger.c
 *   events/<sys>/<event>/hist: trace_events_hist_show.c
 *
 * events/ itself is an eventfs tree (below), its files made on lookup.
 *
 * The core's record types are in events/ftrace/ with id and format only.
 * All of it runs under event_mutex except the header files.
 */

#include <linux/seq_file.h>
#include <linux/uaccess.h>
#include <linux/slab.h>

#include "trace.h"

/* --- helpers ----------------------------------------------------------- */

/* Parse a user's "0" or "1" (trailing whitespace allowed). */
static int read_bool(const char __user *ubuf, size_t cnt, bool *val)
{
	unsigned long v;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &v);
	if (ret)
		return ret;
	if (v > 1)
		return -EINVAL;
	*val = v;
	return 0;
}

/*
 * The state of a set of events: '0' none enabled, '1' all, 'X' mixed,
 * '?' when the set is empty.
 */
static char events_state(struct trace_array *tr, const char *system)
{
	struct trace_event_file *file;
	bool any_on = false, any_off = false;

	list_for_each_entry(file, &tr->events.files, list) {
		struct trace_event_call *call = file->event_call;

		if (call->flags & TRACE_EVENT_FL_IGNORE_ENABLE)
			continue;
		if (system && strcmp(call->class->system, system))
			continue;
		if (file->flags & EVENT_FILE_FL_ENABLED)
			any_on = true;
		else
			any_off = true;
	}
	if (any_on && any_off)
		return 'X';
	return any_on ? '1' : '0';
}

/* --- events/enable and events/<system>/enable ---------------------------- */

static ssize_t tr_enable_read(struct file *filp, char __user *ubuf,
			      size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	char buf[2];

	scoped_guard(mutex, &event_mutex)
		buf[0] = events_state(tr, NULL);
	buf[1] = '\n';
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, sizeof(buf));
}

static ssize_t tr_enable_write(struct file *filp, const char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	bool val;
	int ret;

	ret = read_bool(ubuf, cnt, &val);
	if (ret)
		return ret;
	ret = tracing_update_buffers(tr);
	if (ret)
		return ret;
	scoped_guard(mutex, &event_mutex)
		ret = trace_event_set_clr(tr, NULL, NULL, NULL, val);
	return tracing_write_done(ret, cnt, ppos);
}

static const struct file_operations tr_enable_fops =
	TRACING_TR_FOPS(tr_enable_read, tr_enable_write, default_llseek);

static ssize_t system_enable_read(struct file *filp, char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	struct trace_subsystem_dir *dir = filp->private_data;
	char buf[2];

	scoped_guard(mutex, &event_mutex)
		buf[0] = dir->nr_events ? events_state(dir->tr, dir->name) : '0';
	buf[1] = '\n';
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, sizeof(buf));
}

static ssize_t system_enable_write(struct file *filp, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct trace_subsystem_dir *dir = filp->private_data;
	bool val;
	int ret;

	ret = read_bool(ubuf, cnt, &val);
	if (ret)
		return ret;
	ret = tracing_update_buffers(dir->tr);
	if (ret)
		return ret;
	scoped_guard(mutex, &event_mutex) {
		/* The system's events went away with their module. */
		if (!dir->nr_events)
			return -ENODEV;
		ret = trace_event_set_clr(dir->tr, NULL, dir->name, NULL, val);
	}
	return tracing_write_done(ret, cnt, ppos);
}

static const struct file_operations system_enable_fops = {
	.open		= trace_system_fops_open,
	.read		= system_enable_read,
	.write		= system_enable_write,
	.release	= trace_system_fops_release,
	.llseek		= default_llseek,
};

/* --- events/<system>/<event>/{enable,id,format} ----------------------- */

static ssize_t event_enable_read(struct file *filp, char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	struct trace_event_file *file = filp->private_data;
	/*
	 * event_mutex holders (enable, soft mode) flip the bits atomically;
	 * not taken for a read: one snapshot for the answer.
	 */
	unsigned long flags = READ_ONCE(file->flags);
	char buf[3];
	int len = 0;

	if (flags & EVENT_FILE_FL_FREED)
		return -ENODEV;
	/* "1" enabled, "0" not; a '*' in soft mode (triggers use it). */
	buf[len++] = (flags & EVENT_FILE_FL_ENABLED) &&
		     !(flags & EVENT_FILE_FL_SOFT_DISABLED) ? '1' : '0';
	if (flags & (EVENT_FILE_FL_SOFT_MODE | EVENT_FILE_FL_SOFT_DISABLED))
		buf[len++] = '*';
	buf[len++] = '\n';
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static ssize_t event_enable_write(struct file *filp, const char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	struct trace_event_file *file = filp->private_data;
	bool val;
	int ret;

	ret = read_bool(ubuf, cnt, &val);
	if (ret)
		return ret;
	ret = tracing_update_buffers(file->tr);
	if (ret)
		return ret;
	scoped_guard(mutex, &event_mutex) {
		if (file->flags & EVENT_FILE_FL_FREED)
			return -ENODEV;
		ret = trace_event_file_set(file, val);
	}
	return tracing_write_done(ret, cnt, ppos);
}

static const struct file_operations event_enable_fops = {
	.open		= trace_event_fops_open,
	.read		= event_enable_read,
	.write		= event_enable_write,
	.release	= trace_event_fops_release,
	.llseek		= default_llseek,
};

static ssize_t event_id_read(struct file *filp, char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	struct trace_event_file *file = filp->private_data;
	char buf[16];
	int len;

	/*
	 * FREED is set by event_file_remove() under event_mutex, which a
	 * read does not take; the file holds a reference, so the event is
	 * still there to print either way.
	 */
	if (READ_ONCE(file->flags) & EVENT_FILE_FL_FREED)
		return -ENODEV;
	len = scnprintf(buf, sizeof(buf), "%d\n", file->event_call->event.type);
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static const struct file_operations event_id_fops = {
	.open		= trace_event_fops_open,
	.read		= event_id_read,
	.release	= trace_event_fops_release,
	.llseek		= default_llseek,
};

/* One field line of a format file, as user-space parsers expect it. */
static void format_field(struct seq_file *m, struct ftrace_event_field *f)
{
	const char *bracket = strchr(f->type, '[');

	/*
	 * "type name;" -- or, for a fixed array "elem[N]", "elem name[N];"
	 * (N from @f->len, or from the type when that is 0)
	 */
	if (!bracket || str_has_prefix(f->type, "__data_loc"))
		seq_printf(m, "\tfield:%s %s;", f->type, f->name);
	else if (f->len)
		seq_printf(m, "\tfield:%.*s %s[%d];", (int)(bracket - f->type),
			   f->type, f->name, f->len);
	else
		seq_printf(m, "\tfield:%.*s %s%s;", (int)(bracket - f->type),
			   f->type, f->name, bracket);
	seq_printf(m, "\toffset:%u;\tsize:%u;\tsigned:%d;\n", f->offset,
		   f->size, !!f->is_signed);
}

static int event_format_show(struct seq_file *m, void *v)
{
	struct trace_event_file *file = m->private;
	struct trace_event_call *call = file->event_call;
	struct ftrace_event_field *f;

	guard(mutex)(&event_mutex);
	if (file->flags & EVENT_FILE_FL_FREED)
		return -ENODEV;
	seq_printf(m, "name: %s\n", trace_event_name(call));
	seq_printf(m, "ID: %d\n", call->event.type);
	seq_puts(m, "format:\n");
	list_for_each_entry(f, &ftrace_common_fields, link)
		format_field(m, f);
	seq_putc(m, '\n');
	list_for_each_entry(f, trace_get_fields(call), link)
		format_field(m, f);
	seq_printf(m, "\nprint fmt: %s\n", call->print_fmt);
	return 0;
}

static int event_format_open(struct inode *inode, struct file *filp)
{
	struct trace_event_file *file = trace_event_file_open(inode);
	int ret;

	if (IS_ERR(file))
		return PTR_ERR(file);
	ret = single_open(filp, event_format_show, file);
	if (ret)
		trace_event_file_close(file);
	return ret;
}

static int event_format_release(struct inode *inode, struct file *filp)
{
	struct trace_event_file *file =
		((struct seq_file *)filp->private_data)->private;

	single_release(inode, filp);
	trace_event_file_close(file);
	return 0;
}

static const struct file_operations event_format_fops = {
	.open		= event_format_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= event_format_release,
};

/* --- events/header_page and events/header_event ----------------------- */

static void header_page_show(struct trace_seq *s, void *data)
{
	struct trace_array *tr = data;

	if (tr->buffer)
		ring_buffer_print_page_header(tr->buffer, s);
}

static void header_event_show(struct trace_seq *s, void *data)
{
	ring_buffer_print_entry_header(s);
}

static ssize_t header_page_read(struct file *filp, char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	return tracing_read_seq(ubuf, cnt, ppos, header_page_show,
				filp->private_data);
}

static ssize_t header_event_read(struct file *filp, char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	return tracing_read_seq(ubuf, cnt, ppos, header_event_show, NULL);
}

static const struct file_operations header_page_fops =
	TRACING_TR_FOPS(header_page_read, NULL, default_llseek);

static const struct file_operations header_event_fops =
	TRACING_TR_FOPS(header_event_read, NULL, default_llseek);

/* --- available_events and set_event ------------------------------------- */

/*
 * Both list "system:event" lines, walking the instance's files under
 * event_mutex from start to stop; set_event only the enabled ones.
 */
static bool list_wants(struct seq_file *m, struct trace_event_file *file)
{
	if (!(file->event_call->flags & TRACE_EVENT_FL_IGNORE_ENABLE) &&
	    trace_event_name(file->event_call))
		return !m->file->f_op->write ||
		       (file->flags & EVENT_FILE_FL_ENABLED);
	return false;
}

static void *events_list_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct trace_array *tr = m->private;
	struct trace_event_file *file = v;

	(*pos)++;
	list_for_each_entry_continue(file, &tr->events.files, list)
		if (list_wants(m, file))
			return file;
	return NULL;
}

static void *events_list_start(struct seq_file *m, loff_t *pos)
{
	struct trace_array *tr = m->private;

	mutex_lock(&event_mutex);
	return trace_seq_step_to(m, list_entry(&tr->events.files,
					       struct trace_event_file, list),
				 *pos, events_list_next);
}

static void events_list_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&event_mutex);
}

static int events_list_show(struct seq_file *m, void *v)
{
	struct trace_event_file *file = v;
	struct trace_event_call *call = file->event_call;

	seq_printf(m, "%s:%s\n", call->class->system, trace_event_name(call));
	return 0;
}

static const struct seq_operations events_list_sops = {
	.start	= events_list_start,
	.next	= events_list_next,
	.stop	= events_list_stop,
	.show	= events_list_show,
};

/* Opening set_event with O_TRUNC disables every event first. */
static void events_list_clear(struct trace_array *tr, int unused)
{
	trace_event_set_clr(tr, NULL, NULL, NULL, 0);
}

static int events_list_open(struct inode *inode, struct file *filp)
{
	struct trace_array *tr = inode->i_private;
	int ret;

	ret = trace_event_open_list(tr, filp, events_list_clear, 0);
	if (ret)
		return ret;
	ret = seq_open(filp, &events_list_sops);
	if (ret) {
		trace_array_put(tr);
		return ret;
	}
	((struct seq_file *)filp->private_data)->private = tr;
	return 0;
}

static int events_list_release(struct inode *inode, struct file *filp)
{
	trace_array_put(inode->i_private);
	return seq_release(inode, filp);
}

/* The longest word set_event takes: "!system:event". */
#define SET_EVENT_WORD_MAX	256

/*
 * set_event: whitespace-separated words, each applied in turn.  A word
 * split across two write() calls is not supported: each write holds
 * whole words.
 */
static ssize_t set_event_write(struct file *filp, const char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	struct seq_file *m = filp->private_data;
	struct trace_array *tr = m->private;
	char *buf, *p, *word;
	int ret = 0;

	buf = tracing_copy_text(ubuf, cnt);
	if (IS_ERR_OR_NULL(buf))
		return PTR_ERR_OR_ZERO(buf);
	ret = tracing_update_buffers(tr);
	if (ret) {
		kfree(buf);
		return ret;
	}

	p = buf;
	while (!ret && (word = strsep(&p, " \t\n")) != NULL) {
		bool set;

		if (!*word)
			continue;
		set = event_word_enables(&word);
		if (strlen(word) > SET_EVENT_WORD_MAX)
			ret = -EINVAL;
		else
			ret = ftrace_set_clr_event(tr, word, set);
	}
	kfree(buf);
	return tracing_write_done(ret, cnt, ppos);
}

static const struct file_operations available_events_fops = {
	.open		= events_list_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= events_list_release,
};

static const struct file_operations set_event_fops = {
	.open		= events_list_open,
	.read		= seq_read,
	.write		= set_event_write,
	.llseek		= seq_lseek,
	.release	= events_list_release,
};

/* --- the events/ tree on eventfs ----------------------------------------- */

/*
 * events/ is an eventfs tree: a directory per system and per event is an
 * eventfs_inode, and its files are described by the tables below.  eventfs
 * makes a dentry and inode only when a path walk or a readdir reaches one,
 * and the dentry cache may reclaim them once unused, so an instance with
 * thousands of events costs one small object per directory until someone
 * looks.
 *
 * Each table's callback runs under eventfs's own mutex, which is taken
 * inside event_mutex (creation and removal below), so it must not take
 * event_mutex: it reads only what does not change while the directory
 * exists (the event's flags that choose its files, and its type).  The
 * directory's object -- the instance, the system, or the event file -- is
 * the @data eventfs hands it; eventfs calls no callback of a directory
 * after eventfs_remove_dir(), which runs before that object is freed.
 */

/**
 * struct events_dir_file - a file eventfs creates in an events/ directory
 * @name:   its name
 * @mode:   its mode
 * @fops:   its file operations; the inode's private data is the
 *          directory's object
 * @wanted: whether the directory's object has this file, or NULL: always
 */
struct events_dir_file {
	const char			*name;
	umode_t				mode;
	const struct file_operations	*fops;
	bool				(*wanted)(void *data);
};

/* Events whose records the user may switch on and off: not events/ftrace/. */
static bool event_switchable(void *data)
{
	struct trace_event_file *file = data;

	return !(file->event_call->flags & TRACE_EVENT_FL_IGNORE_ENABLE);
}

/* Those, and trace_marker's records: both run triggers. */
static bool event_triggerable(void *data)
{
	struct trace_event_file *file = data;

	return event_switchable(data) ||
	       file->event_call->event.type == TRACE_PRINT;
}

static const struct events_dir_file top_files[] = {
	{ "enable",	  TRACE_MODE_WRITE, &tr_enable_fops },
	{ "header_page",  TRACE_MODE_READ,  &header_page_fops },
	{ "header_event", TRACE_MODE_READ,  &header_event_fops },
};

static const struct events_dir_file system_files[] = {
	{ "enable", TRACE_MODE_WRITE, &system_enable_fops },
	{ "filter", TRACE_MODE_WRITE, &trace_system_filter_fops },
};

/*
 * hist lists the event's hist triggers: every event has one, events/ftrace/
 * included, where it stays empty but for trace_marker's print.
 */
static const struct events_dir_file event_files[] = {
	{ "enable",  TRACE_MODE_WRITE, &event_enable_fops, event_switchable },
	{ "filter",  TRACE_MODE_WRITE, &trace_event_filter_fops,
	  event_switchable },
	{ "trigger", TRACE_MODE_WRITE, &trace_event_trigger_fops,
	  event_triggerable },
#ifdef CONFIG_HIST_TRIGGERS
	{ "hist",    TRACE_MODE_READ,  &trace_event_hist_fops },
#endif
	{ "id",      TRACE_MODE_READ,  &event_id_fops },
	{ "format",  TRACE_MODE_READ,  &event_format_fops },
};

/* Answer eventfs for the file @name of one of the tables above. */
static int events_dir_pick(const struct events_dir_file *files, int nr,
			   const char *name, umode_t *mode, void **data,
			   const struct file_operations **fops)
{
	int i;

	for (i = 0; i < nr; i++) {
		if (strcmp(files[i].name, name))
			continue;
		if (files[i].wanted && !files[i].wanted(*data))
			return 0;
		*mode = files[i].mode;
		*fops = files[i].fops;
		return 1;
	}
	return 0;
}

static int top_callback(const char *name, umode_t *mode, void **data,
			const struct file_operations **fops)
{
	return events_dir_pick(top_files, ARRAY_SIZE(top_files), name, mode,
			       data, fops);
}

static int system_callback(const char *name, umode_t *mode, void **data,
			   const struct file_operations **fops)
{
	return events_dir_pick(system_files, ARRAY_SIZE(system_files), name,
			       mode, data, fops);
}

static int event_callback(const char *name, umode_t *mode, void **data,
			  const struct file_operations **fops)
{
	return events_dir_pick(event_files, ARRAY_SIZE(event_files), name,
			       mode, data, fops);
}

/* What eventfs_create_dir() takes: the names above, set at boot. */
static struct eventfs_entry
	top_entries[ARRAY_SIZE(top_files)] __ro_after_init;
static struct eventfs_entry
	system_entries[ARRAY_SIZE(system_files)] __ro_after_init;
static struct eventfs_entry
	event_entries[ARRAY_SIZE(event_files)] __ro_after_init;

static void __init entries_init(struct eventfs_entry *entries,
				const struct events_dir_file *files, int nr,
				eventfs_callback callback)
{
	int i;

	for (i = 0; i < nr; i++) {
		entries[i].name = files[i].name;
		entries[i].callback = callback;
	}
}

/**
 * trace_events_dir_init - fill the eventfs entry tables of events/
 *
 * Called once from trace_event_init(), before tracefs is up.
 */
void __init trace_events_dir_init(void)
{
	entries_init(top_entries, top_files, ARRAY_SIZE(top_files),
		     top_callback);
	entries_init(system_entries, system_files, ARRAY_SIZE(system_files),
		     system_callback);
	entries_init(event_entries, event_files, ARRAY_SIZE(event_files),
		     event_callback);
}

/* --- creating and removing ---------------------------------------------- */

/*
 * Everything here runs under event_mutex, which orders it against the
 * callbacks' objects going away (trace_events.c frees an event file or a
 * system only after removing its directory here).  A directory that could
 * not be created is left out with a warning; its object stays usable
 * through set_event.
 */

/**
 * trace_event_system_create_dir - create events/<system>/
 * @dir: the system, whose ei is set to the directory or NULL
 */
void trace_event_system_create_dir(struct trace_subsystem_dir *dir)
{
	/* The core's record types cannot be enabled or filtered. */
	bool core = !strcmp(dir->name, "ftrace");
	struct eventfs_inode *ei;

	ei = eventfs_create_dir(dir->name, dir->tr->events.ei, system_entries,
				core ? 0 : ARRAY_SIZE(system_entries), dir);
	if (IS_ERR(ei)) {
		pr_warn("Could not create tracefs '%s' directory\n", dir->name);
		ei = NULL;
	}
	dir->ei = ei;
}

/**
 * trace_event_system_remove_dir - remove events/<system>/
 * @dir: the system
 *
 * Files of it that are open keep working until closed, but find the
 * system gone (trace_system_fops_open() and its readers say -ENODEV).
 */
void trace_event_system_remove_dir(struct trace_subsystem_dir *dir)
{
	eventfs_remove_dir(dir->ei);
	dir->ei = NULL;
}

/**
 * trace_event_file_create_dir - create events/<system>/<event>/
 * @file: the event file, whose ei is set to the directory or NULL
 */
void trace_event_file_create_dir(struct trace_event_file *file)
{
	const char *name = trace_event_name(file->event_call);
	struct eventfs_inode *ei;

	if (!file->system->ei)
		return;
	ei = eventfs_create_dir(name, file->system->ei, event_entries,
				ARRAY_SIZE(event_entries), file);
	if (IS_ERR(ei)) {
		pr_warn("Could not create tracefs '%s' directory\n", name);
		ei = NULL;
	}
	file->ei = ei;
}

/**
 * trace_event_file_remove_dir - remove events/<system>/<event>/
 * @file: the event file
 *
 * Its files that are open find the event gone (EVENT_FILE_FL_FREED, or
 * not on a live list when opened: -ENODEV).
 */
void trace_event_file_remove_dir(struct trace_event_file *file)
{
	eventfs_remove_dir(file->ei);
	file->ei = NULL;
}

/**
 * trace_events_create_dir - create an instance's event files in tracefs
 * @tr:     the instance, whose event files exist
 * @parent: its directory
 *
 * Return: 0, or -ENOMEM if a file or directory of them could not be
 * created (the caller removes what was).
 */
int trace_events_create_dir(struct trace_array *tr, struct dentry *parent)
{
	unsigned int failures = trace_create_failures();
	struct trace_subsystem_dir *dir;
	struct trace_event_file *file;
	struct eventfs_inode *ei;
	bool missing = false;

	lockdep_assert_held(&event_mutex);
	trace_create_file("set_event", TRACE_MODE_WRITE, parent, tr,
			  &set_event_fops);
	trace_create_file("available_events", TRACE_MODE_READ, parent, tr,
			  &available_events_fops);
	trace_events_pid_create_files(tr, parent);

	ei = eventfs_create_events_dir("events", parent, top_entries,
				       ARRAY_SIZE(top_entries), tr);
	if (IS_ERR_OR_NULL(ei)) {
		pr_warn("Could not create tracefs 'events' directory\n");
		return -ENOMEM;
	}
	tr->events.ei = ei;
	list_for_each_entry(dir, &tr->events.systems, list) {
		trace_event_system_create_dir(dir);
		missing |= !dir->ei;
	}
	list_for_each_entry(file, &tr->events.files, list) {
		trace_event_file_create_dir(file);
		missing |= !file->ei;
	}
	if (missing || trace_create_failures() != failures)
		return -ENOMEM;
	return 0;
}

/**
 * trace_events_remove_dir - remove an instance's events/ directory
 * @tr: the instance
 *
 * events/ goes whole, with every directory below it: their pointers are
 * cleared so that no later removal touches them.  Its set_event,
 * available_events and pid files go with the instance's own directory.
 */
void trace_events_remove_dir(struct trace_array *tr)
{
	struct trace_subsystem_dir *dir;
	struct trace_event_file *file;

	lockdep_assert_held(&event_mutex);
	if (!tr->events.ei)
		return;
	eventfs_remove_events_dir(tr->events.ei);
	tr->events.ei = NULL;
	list_for_each_entry(dir, &tr->events.systems, list)
		dir->ei = NULL;
	list_for_each_entry(file, &tr->events.files, list)
		file->ei = NULL;
}
