// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Event triggers: events/<system>/<event>/trigger, and running them.
 *
 * A write adds a trigger or, with '!', removes one:
 *
 *   <kind>[:<count>] [if <filter>]
 *   enable_event|disable_event:<system>:<event>[:<count>] [if <filter>]
 *   enable_hist|disable_hist:<system>:<event>[:<count>] [if <filter>]
 *
 * An event has at most one trigger of a kind (traceon and traceoff
 * count as one kind, and so do enable_event and disable_event on one
 * target, and enable_hist and disable_hist), except hist triggers, one per definition
 * (trace_events_hist.c, which parses its own parameter).  Reading
 * lists them, newest first, as upstream Linux does
 * ("traceon:unlimited", "traceoff:count=2 if prev_pid == 0"), or, with
 * none, the kinds there are.
 *
 * An event with triggers is soft-enabled (its probe runs even if the
 * event is not enabled) and has EVENT_FILE_FL_TRIGGER_MODE.  Triggers
 * without filters fire from trace_trigger_soft_disabled(), before a
 * record is made; when one has a filter or must follow the record
 * (stacktrace, snapshot), the file also has EVENT_FILE_FL_TRIGGER_COND
 * and they all fire from the commit of the record, which is then
 * dropped if the event is soft-disabled.  A record the pid filters
 * refuse fires none.
 *
 * Locking: a write to a trigger file holds trace_types_lock around
 * event_mutex (the order they nest in everywhere), so that a trigger
 * may change its instance (a hist trigger's clock).
 * trace_event_file::triggers is changed under event_mutex and
 * walked by the probes under RCU (they run with preemption disabled)
 * and by trace_marker's post call under trigger_srcu; a removed trigger
 * waits on dead_triggers and is freed after
 * synchronize_rcu(), outside event_mutex since freeing may wait for a
 * deferred snapshot.
 */

#include <linux/seq_file.h>
#include <linux/uaccess.h>
#include <linux/srcu.h>
#include <linux/slab.h>

#include "trace.h"
#include "trace_events_filter.h"
#include "trace_events_trigger.h"

/* --- firing ----------------------------------------------------------- */

/* Readers of trace_event_file::triggers that may sleep (trace_marker). */
DEFINE_STATIC_SRCU(trigger_srcu);

static void trigger_fire(struct event_trigger *t, void *rec,
			 unsigned long ip)
{
	/*
	 * Probes of the event on every CPU race for the uses; the
	 * try_cmpxchg() below decides, READ_ONCE only gives its first guess.
	 */
	long count = READ_ONCE(t->count);

	/* Take a use before firing: racing probes never fire too often. */
	do {
		if (!count)
			return;
	} while (count > 0 && !try_cmpxchg(&t->count, &count, count - 1));
	if (t->kind->fire(t, rec, ip) || count < 0)
		return;
	/* It changed nothing: the use goes back (racing probes: above). */
	count = READ_ONCE(t->count);
	while (!try_cmpxchg(&t->count, &count, count + 1))
		;
}

/**
 * trace_event_triggers_call - fire an event's triggers
 * @file: the event file
 * @rec:  the record, or NULL when there is none (no trigger has a filter)
 * @ip:   the return address into the event's probe, or 0: where a hist
 *        trigger's common_stacktrace starts
 *
 * Triggers whose filter refuses @rec are skipped.  Those that must come
 * after the record is committed are not fired but returned.
 *
 * Return: a mask of BIT(ETT_*) for trace_event_triggers_post_call().
 */
unsigned long trace_event_triggers_call(struct trace_event_file *file,
					void *rec, unsigned long ip)
{
	struct event_trigger *t;
	unsigned long post = 0;

	list_for_each_entry_rcu(t, &file->triggers, list) {
		if (rec && t->filter && !filter_match_preds(t->filter, rec))
			continue;
		if (t->kind->fire_rec) {
			if (rec)
				t->kind->fire_rec(t, rec);
			continue;
		}
		if (t->kind->post)
			post |= BIT(t->kind->type);
		else
			trigger_fire(t, rec, ip);
	}
	return post;
}

/**
 * trace_event_triggers_post_call - fire the triggers deferred by the call
 * @file: the event file
 * @post: what trace_event_triggers_call() returned
 * @ip:   a return address into the function that wrote the record
 */
void trace_event_triggers_post_call(struct trace_event_file *file,
				    unsigned long post, unsigned long ip)
{
	struct event_trigger *t;

	list_for_each_entry_rcu(t, &file->triggers, list)
		if (post & BIT(t->kind->type))
			trigger_fire(t, NULL, ip);
}

/**
 * trace_event_triggers_post_call_sleepable - the post call, preemptible
 * @file: the event file
 * @post: what trace_event_triggers_call() returned
 * @ip:   a return address into the function that wrote the record
 *
 * For writers that committed their record in process context, so that a
 * snapshot trigger swaps the buffer at once (trace_marker).
 */
void trace_event_triggers_post_call_sleepable(struct trace_event_file *file,
					      unsigned long post,
					      unsigned long ip)
{
	struct event_trigger *t;
	int idx;

	might_sleep();
	idx = srcu_read_lock(&trigger_srcu);
	list_for_each_entry_srcu(t, &file->triggers, list,
				 srcu_read_lock_held(&trigger_srcu))
		if (post & BIT(t->kind->type))
			trigger_fire(t, NULL, ip);
	srcu_read_unlock(&trigger_srcu, idx);
}

/**
 * trace_event_triggers_fire - fire an event's unconditional triggers
 * @file: the event file, in trigger mode without conditions
 */
void trace_event_triggers_fire(struct trace_event_file *file)
{
	unsigned long post = trace_event_triggers_call(file, NULL, 0);

	if (post)
		trace_event_triggers_post_call(file, post, 0);
}

/* --- adding and removing ------------------------------------------------ */

/*
 * TRIGGER_COND: some trigger needs the record, for its filter or to
 * come after it (a stack trace follows the event, as upstream's does,
 * and neither fires for a task the pid filters refuse).  event_mutex.
 */
static void update_cond(struct trace_event_file *file)
{
	struct event_trigger *t;

	list_for_each_entry(t, &file->triggers, list) {
		if (t->filter || t->kind->post || t->kind->needs_rec ||
		    t->kind->fire_rec) {
			set_bit(EVENT_FILE_FL_TRIGGER_COND_BIT, &file->flags);
			return;
		}
	}
	clear_bit(EVENT_FILE_FL_TRIGGER_COND_BIT, &file->flags);
}

static void trigger_free(struct event_trigger *t)
{
	if (t->kind && t->kind->free)
		t->kind->free(t);
	filter_free(t->filter);
	kfree(t);
}

/*
 * Unlinked triggers wait here (event_mutex) until
 * trace_event_triggers_reap() frees them outside the lock.
 */
static LIST_HEAD(dead_triggers);

/**
 * trace_event_triggers_reap - free the triggers that were removed
 *
 * Called without event_mutex: freeing may wait for a deferred snapshot,
 * which takes trace_types_lock.
 */
void trace_event_triggers_reap(void)
{
	struct event_trigger *t, *next;
	LIST_HEAD(list);

	scoped_guard(mutex, &event_mutex)
		list_splice_init(&dead_triggers, &list);
	if (list_empty(&list))
		return;
	synchronize_rcu();
	synchronize_srcu(&trigger_srcu);
	list_for_each_entry_safe(t, next, &list, dead)
		trigger_free(t);
}

/* Can @file be soft-enabled (the core's record types cannot)? */
static bool has_soft_mode(struct trace_event_file *file)
{
	return !(file->event_call->flags & TRACE_EVENT_FL_IGNORE_ENABLE);
}

/* Unlink @t from its file onto dead_triggers.  event_mutex. */
static void trigger_unlink(struct event_trigger *t)
{
	struct trace_event_file *file = t->file;

	list_del_rcu(&t->list);
	if (t->kind->release)
		t->kind->release(t);
	update_cond(file);
	if (list_empty(&file->triggers)) {
		clear_bit(EVENT_FILE_FL_TRIGGER_MODE_BIT, &file->flags);
		if (has_soft_mode(file))
			trace_event_file_soft_mode(file, false);
	}
	list_add_tail(&t->dead, &dead_triggers);
}

static bool same_slot(struct event_trigger *a, struct event_trigger *b)
{
	/* Attached triggers (eprobes) are each their own. */
	if (a->kind->fire_rec || b->kind->fire_rec)
		return a == b;
	if (a->kind->type != b->kind->type)
		return false;
	if (a->kind->same)
		return a->kind->same(a, b);
	return !a->kind->needs_target || a->target == b->target;
}

/*
 * Add @new to its file.  Return: 0 when added, 1 when its command went
 * to the same trigger there was (hist's pause, cont, clear: the caller
 * frees @new), or -errno.  event_mutex.
 */
static int trigger_add(struct event_trigger *new)
{
	struct trace_event_file *file = new->file;
	struct event_trigger *t;
	int ret;

	list_for_each_entry(t, &file->triggers, list) {
		if (!same_slot(t, new))
			continue;
		/* 0: @new's command was applied to @t; the caller frees @new. */
		ret = new->kind->merge ? new->kind->merge(t, new) : -EEXIST;
		return ret ? ret : 1;
	}
	if (new->kind->init) {
		ret = new->kind->init(new);
		if (ret)
			return ret;
	}
	if (list_empty(&file->triggers) && has_soft_mode(file)) {
		ret = trace_event_file_soft_mode(file, true);
		if (ret) {
			if (new->kind->release)
				new->kind->release(new);
			return ret;
		}
	}
	set_bit(EVENT_FILE_FL_TRIGGER_MODE_BIT, &file->flags);
	/*
	 * As upstream: the newest trigger first, but hist triggers after
	 * the others, in the order they came; that is the order they fire
	 * in and the trigger file lists them in.
	 */
	if (new->kind->type == ETT_HIST)
		list_add_tail_rcu(&new->list, &file->triggers);
	else
		list_add_rcu(&new->list, &file->triggers);
	update_cond(file);
	return 0;
}

/*
 * Remove the trigger in @key's slot, if any; filters and counts aside.
 * Return: 0, or -EBUSY when other triggers use it.
 */
static int trigger_remove(struct event_trigger *key)
{
	struct event_trigger *t;

	list_for_each_entry(t, &key->file->triggers, list) {
		if (!same_slot(t, key))
			continue;
		if (t->kind->busy && t->kind->busy(t))
			return -EBUSY;
		trigger_unlink(t);
		return 0;
	}
	return 0;
}

/**
 * trace_event_file_triggers_clear - remove the triggers of an event file
 * @file: the event file, going away
 *
 * Called with event_mutex held; trace_event_triggers_reap() frees them.
 */
void trace_event_file_triggers_clear(struct trace_event_file *file)
{
	struct event_trigger *t, *next;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry_safe(t, next, &file->triggers, list)
		trigger_unlink(t);
}

/**
 * trace_event_trigger_attach - add a trigger other tracing code owns
 * @t: the trigger, kzalloc()ed, with @t->kind (a @fire_rec kind),
 *     @t->file, @t->count (-1) and @t->data set
 *
 * The event file is soft-enabled like for any trigger.  Once attached,
 * @t belongs to the trigger code: it is freed after it is detached, or
 * when its event file goes (which detaches it).
 *
 * Context: event_mutex held.
 * Return: 0 or a -errno (then @t is the caller's to free).
 */
int trace_event_trigger_attach(struct event_trigger *t)
{
	lockdep_assert_held(&event_mutex);
	return trigger_add(t);
}

/**
 * trace_event_trigger_detach - remove what trace_event_trigger_attach() added
 * @file: the event file it was attached to
 * @t: the trigger; it may be gone already with @file's triggers (when
 *     @file's instance goes, before @file itself): only its address is
 *     compared then
 *
 * Context: event_mutex held.  @t is freed later, after an RCU grace
 * period, by trace_event_triggers_reap().
 */
void trace_event_trigger_detach(struct trace_event_file *file,
				struct event_trigger *t)
{
	struct event_trigger *cur;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(cur, &file->triggers, list) {
		if (cur == t) {
			trigger_unlink(t);
			return;
		}
	}
}

/* --- parsing ------------------------------------------------------------- */

static const struct event_trigger_kind *find_kind(const char *name)
{
	int i;

	for (i = 0; event_trigger_kinds[i]; i++)
		if (!strcmp(event_trigger_kinds[i]->name, name))
			return event_trigger_kinds[i];
	return NULL;
}

static int parse_count(char *s, struct event_trigger *t)
{
	unsigned long count;

	if (!s)
		return 0;
	if (!*s || kstrtoul(s, 0, &count) || count > LONG_MAX)
		return -EINVAL;
	t->count = count;
	return 0;
}

/* "sys:event[:count]" into @t; the count only when @adding. */
static int parse_target(char *param, struct event_trigger *t, bool adding)
{
	char *system, *event;

	if (!param)
		return -EINVAL;
	system = strsep(&param, ":");
	event = strsep(&param, ":");
	if (!event)
		return -EINVAL;
	t->target = trace_event_switch_find(t->file->tr, system, event);
	if (!t->target)
		return -EINVAL;
	return adding ? parse_count(param, t) : 0;
}

/* "if <filter>" (or nothing) into @t->filter. */
static int parse_filter(char *s, struct event_trigger *t)
{
	struct filter_parse_error pe;
	struct event_filter *f;

	if (!s)
		return 0;
	if (!str_has_prefix(s, "if") || (s[2] && !isspace(s[2])))
		return -EINVAL;
	s = skip_spaces(s + 2);
	f = filter_parse(t->file->event_call, s, &pe);
	if (IS_ERR(f)) {
		if (pe.err != FILT_ERR_NONE)
			tracing_log_err(t->file->tr, "event filter parse error",
					s, filter_errs, pe.err, pe.pos);
		return PTR_ERR(f);
	}
	t->filter = f;
	return 0;
}

/*
 * One command, already stripped, into a new trigger of @file: added, or
 * with '!' removed.  event_mutex.
 */
static int trigger_command(struct trace_event_file *file, char *cmd)
{
	bool remove = *cmd == '!';
	struct event_trigger *t;
	char *name, *rest, *param = NULL, *full = NULL;
	int ret;

	if (remove)
		cmd++;
	rest = skip_spaces(cmd);
	/* The command as written, for error_log: parsing cuts it up. */
	full = kstrdup(rest, GFP_KERNEL);
	if (!full)
		return -ENOMEM;
	name = strsep(&rest, ": \t");
	if (rest) {
		rest = skip_spaces(rest);
		if (!*rest)
			rest = NULL;
	}

	t = kzalloc(sizeof(*t), GFP_KERNEL);
	if (!t) {
		kfree(full);
		return -ENOMEM;
	}
	t->kind = find_kind(name);
	t->file = file;
	t->count = -1;
	ret = -EINVAL;
	if (!t->kind)
		goto out_free;

	/* A parameter is the target, or a count; what follows is a filter. */
	if (rest && (t->kind->needs_target || t->kind->parse ||
		     isdigit(*rest))) {
		param = strsep(&rest, " \t");
		if (rest)
			rest = skip_spaces(rest);
		if (rest && !*rest)
			rest = NULL;
	}
	if (t->kind->parse)
		ret = t->kind->parse(t, full, param, remove);
	else if (t->kind->needs_target)
		ret = parse_target(param, t, !remove);
	else
		ret = remove ? 0 : parse_count(param, t);
	if (ret)
		goto out_free;
	if (remove) {
		ret = trigger_remove(t);
		goto out_free;
	}
	ret = parse_filter(rest, t);
	if (!ret)
		ret = trigger_add(t);
	if (!ret) {
		kfree(full);
		return 0;
	}
	if (ret > 0)	/* merged into the trigger there was */
		ret = 0;
out_free:
	kfree(full);
	trigger_free(t);
	return ret;
}

/**
 * trace_event_trigger_run - run a trigger command as if written to a file
 * @file: the event file whose trigger file it is written to
 * @cmd:  the command, as the trigger file takes it; cut up by the parse
 *
 * For tracing code that adds triggers on the user's behalf (a hist
 * trigger's field variables).  The trigger is an ordinary one of
 * @file, listed and removable like any other.
 *
 * Context: event_mutex held.
 * Return: 0 or the -errno the trigger file would have returned.
 */
int trace_event_trigger_run(struct trace_event_file *file, char *cmd)
{
	lockdep_assert_held(&event_mutex);
	return trigger_command(file, strim(cmd));
}

/* --- the trigger file -------------------------------------------------- */

/* The one element shown when there are no triggers. */
#define SHOW_KINDS	((void *)1)

static void *trigger_start(struct seq_file *m, loff_t *pos)
{
	struct trace_event_file *file = m->private;

	mutex_lock(&event_mutex);
	if (file->flags & EVENT_FILE_FL_FREED)
		return NULL;
	if (list_empty(&file->triggers))
		return *pos ? NULL : SHOW_KINDS;
	return seq_list_start(&file->triggers, *pos);
}

static void *trigger_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct trace_event_file *file = m->private;

	if (v == SHOW_KINDS) {
		(*pos)++;
		return NULL;
	}
	return seq_list_next(v, &file->triggers, pos);
}

static void trigger_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&event_mutex);
}

static void show_kinds(struct seq_file *m)
{
	int i;

	seq_puts(m, "# Available triggers:\n#");
	for (i = 0; event_trigger_kinds[i]; i++)
		seq_printf(m, " %s", event_trigger_kinds[i]->name);
	seq_putc(m, '\n');
}

static int trigger_show(struct seq_file *m, void *v)
{
	struct event_trigger *t = list_entry(v, struct event_trigger, list);

	if (v == SHOW_KINDS) {
		show_kinds(m);
		return 0;
	}
	/* Attached by other tracing code: not the file's to show. */
	if (t->kind->fire_rec)
		return 0;
	if (t->kind->show) {
		t->kind->show(m, t);
		return 0;
	}
	seq_puts(m, t->kind->name);
	if (t->target)
		seq_printf(m, ":%s:%s", t->target->event_call->class->system,
			   trace_event_name(t->target->event_call));
	if (t->count == -1)
		seq_puts(m, ":unlimited");
	else
		seq_printf(m, ":count=%ld", t->count);
	if (t->filter)
		seq_printf(m, " if %s", t->filter->filter_string);
	seq_putc(m, '\n');
	return 0;
}

static const struct seq_operations trigger_sops = {
	.start	= trigger_start,
	.next	= trigger_next,
	.stop	= trigger_stop,
	.show	= trigger_show,
};

/*
 * Opening the file for writing with O_TRUNC ('>' in a shell) removes the
 * triggers of the kinds that ask for it (hist, enable_hist, disable_hist),
 * as upstream Linux does.
 */
static void trigger_truncate(struct trace_event_file *file)
{
	struct event_trigger *t, *next;

	scoped_guard(mutex, &event_mutex) {
		if (file->flags & EVENT_FILE_FL_FREED)
			return;
		list_for_each_entry_safe(t, next, &file->triggers, list)
			if (t->kind->trunc_clears)
				trigger_unlink(t);
	}
	trace_event_triggers_reap();
}

static int trigger_open(struct inode *inode, struct file *filp)
{
	struct trace_event_file *file = trace_event_file_open(inode);
	int ret;

	if (IS_ERR(file))
		return PTR_ERR(file);
	if ((filp->f_mode & FMODE_WRITE) && (filp->f_flags & O_TRUNC))
		trigger_truncate(file);
	if (!(filp->f_mode & FMODE_READ)) {
		filp->private_data = file;
		return 0;
	}
	ret = seq_open(filp, &trigger_sops);
	if (ret) {
		trace_event_file_close(file);
		return ret;
	}
	((struct seq_file *)filp->private_data)->private = file;
	return 0;
}

static struct trace_event_file *trigger_filp_file(struct file *filp)
{
	if (filp->f_mode & FMODE_READ)
		return ((struct seq_file *)filp->private_data)->private;
	return filp->private_data;
}

static int trigger_release(struct inode *inode, struct file *filp)
{
	struct trace_event_file *file = trigger_filp_file(filp);

	if (filp->f_mode & FMODE_READ)
		seq_release(inode, filp);
	trace_event_file_close(file);
	return 0;
}

/*
 * Let the kind a command adds prepare the instance, before event_mutex
 * is taken.  Return: 0, or the -errno that refuses the command.
 */
static int trigger_prepare(struct trace_event_file *file, const char *cmd)
{
	const struct event_trigger_kind *kind;
	char name[16];

	if (*cmd == '!')
		return 0;
	strscpy(name, cmd, min_t(size_t, sizeof(name),
				 strcspn(cmd, ": \t") + 1));
	kind = find_kind(name);
	if (!kind || !kind->prepare)
		return 0;
	return kind->prepare(file->tr, cmd);
}

static ssize_t trigger_write(struct file *filp, const char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	struct trace_event_file *file = trigger_filp_file(filp);
	char *buf;
	int ret;

	buf = tracing_copy_text(ubuf, cnt);
	if (IS_ERR_OR_NULL(buf))
		return PTR_ERR_OR_ZERO(buf);
	ret = trigger_prepare(file, strim(buf));
	if (ret)
		goto out;
	/* A hist trigger may switch the instance's clock (hist_init()). */
	scoped_guard(mutex, &trace_types_lock) {
		guard(mutex)(&event_mutex);
		if (file->flags & EVENT_FILE_FL_FREED)
			ret = -ENODEV;
		else
			ret = trigger_command(file, strim(buf));
	}
out:
	kfree(buf);
	trace_event_triggers_reap();
	return tracing_write_done(ret, cnt, ppos);
}

static loff_t trigger_lseek(struct file *filp, loff_t offset, int whence)
{
	if (filp->f_mode & FMODE_READ)
		return seq_lseek(filp, offset, whence);
	filp->f_pos = 0;
	return 0;
}

/* events/<system>/<event>/trigger, created on lookup (trace_events_fs.c). */
const struct file_operations trace_event_trigger_fops = {
	.open		= trigger_open,
	.read		= seq_read,
	.write		= trigger_write,
	.llseek		= trigger_lseek,
	.release	= trigger_release,
};
