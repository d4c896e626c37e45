// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Trace events: registration and enabling.
 *
 * Every event (struct trace_event_call, made by TRACE_EVENT() in the
 * _ftrace_events section of vmlinux or of a module, or by trace_entries.c
 * for the core's record types) is on the list ftrace_events.  Every
 * instance that has events (the top level, and instances made by
 * instances/) has one struct trace_event_file per event, in its
 * trace_array_events::files.  Enabling a file attaches the event's probe
 * to its tracepoint with the file as data; the probe then writes into the
 * file's instance.
 *
 * Locking: event_mutex guards ftrace_events, the instances' file and
 * system lists and each file's ENABLED bit.  The probes take no lock:
 * they read file->flags once, and a file is freed only after
 * tracepoint_synchronize_unregister() saw its probe go.
 */

#include <linux/module.h>
#include <linux/slab.h>
#include <linux/ctype.h>
#include <linux/tracepoint.h>

#include <asm/setup.h>

#include "trace.h"
#include "trace_events_trigger.h"

/* See the top of this file. */
struct mutex event_mutex = __MUTEX_INITIALIZER(event_mutex);
EXPORT_SYMBOL_GPL(event_mutex);

LIST_HEAD(ftrace_events);
LIST_HEAD(ftrace_common_fields);

/* Instances that have events: trace_array_events::node (event_mutex). */
static LIST_HEAD(event_instances);

static struct trace_array *events_tr(struct trace_array_events *ev)
{
	return container_of(ev, struct trace_array, events);
}

/* --- fields ---------------------------------------------------------------- */

static int add_field(struct list_head *head, const char *type,
		     const char *name, int offset, int size, int is_signed,
		     int filter_type, int len)
{
	struct ftrace_event_field *f = kmalloc(sizeof(*f), GFP_KERNEL);

	if (!f)
		return -ENOMEM;
	*f = (struct ftrace_event_field) {
		.name = name, .type = type, .len = len,
		.offset = offset, .size = size,
		.is_signed = is_signed, .filter_type = filter_type,
	};
	list_add_tail(&f->link, head);
	return 0;
}

/**
 * trace_define_field - describe a field of an event's record
 * @call:        the event
 * @type:        the C type, as the format file shows it
 * @name:        the field's name
 * @offset:      its offset in the record
 * @size:        its size
 * @is_signed:   nonzero for a signed integer
 * @filter_type: FILTER_*
 *
 * For events that describe their records themselves.  The strings must
 * live as long as the event.  Fields appear in the format file in the
 * order they are defined.
 *
 * Return: 0 or -ENOMEM.
 */
int trace_define_field(struct trace_event_call *call, const char *type,
		       const char *name, int offset, int size, int is_signed,
		       int filter_type)
{
	if (WARN_ON(!call->class))
		return 0;
	return add_field(trace_get_fields(call), type, name, offset, size,
			 is_signed, filter_type, 0);
}
EXPORT_SYMBOL_GPL(trace_define_field);

static void free_fields(struct list_head *head)
{
	struct ftrace_event_field *field, *next;

	list_for_each_entry_safe(field, next, head, link) {
		list_del(&field->link);
		kfree(field);
	}
}

/*
 * Build the field list of @call's class from its fields_array, once per
 * class.  Fields are laid out after struct trace_entry as the compiler
 * lays out a structure: each at the next multiple of its alignment.
 */
static int define_fields(struct trace_event_call *call)
{
	struct trace_event_fields *f = call->class->fields_array;
	struct list_head *head = trace_get_fields(call);
	int offset = sizeof(struct trace_entry);
	int ret = 0;

	if (!f || !list_empty(head))
		return 0;
	for (; f->type; f++) {
		if (f->type == TRACE_FUNCTION_TYPE) {
			ret = f->define_fields(call);
		} else {
			offset = ALIGN(offset, f->align);
			ret = add_field(head, f->type, f->name, offset, f->size,
					f->is_signed, f->filter_type, f->len);
			offset += f->size;
		}
		if (ret)
			break;
	}
	if (ret)
		free_fields(head);
	return ret;
}

static int __init define_common_fields(void)
{
	struct list_head *h = &ftrace_common_fields;
	int ret;

	ret = add_field(h, "unsigned short", "common_type",
			offsetof(struct trace_entry, type),
			sizeof_field(struct trace_entry, type), 0,
			FILTER_OTHER, 0);
	ret = ret ?: add_field(h, "unsigned char", "common_flags",
			       offsetof(struct trace_entry, flags),
			       sizeof_field(struct trace_entry, flags), 0,
			       FILTER_OTHER, 0);
	ret = ret ?: add_field(h, "unsigned char", "common_preempt_count",
			       offsetof(struct trace_entry, preempt_count),
			       sizeof_field(struct trace_entry, preempt_count),
			       0, FILTER_OTHER, 0);
	ret = ret ?: add_field(h, "int", "common_pid",
			       offsetof(struct trace_entry, pid),
			       sizeof_field(struct trace_entry, pid), 1,
			       FILTER_OTHER, 0);
	return ret;
}

/**
 * trace_event_get_offsets - size of an event's fixed record part
 * @call: the event
 *
 * Return: the offset just past its last fixed field.
 */
int trace_event_get_offsets(struct trace_event_call *call)
{
	struct ftrace_event_field *field;
	int end = sizeof(struct trace_entry);

	list_for_each_entry(field, trace_get_fields(call), link)
		end = max(end, field->offset + field->size);
	return end;
}

/* --- what TRACE_EVENT() classes point to ---------------------------------- */

/**
 * trace_event_raw_init - give a TRACE_EVENT() event its record type
 * @call: the event
 *
 * Return: 0, or -ENODEV when no record type is free.
 */
int trace_event_raw_init(struct trace_event_call *call)
{
	return register_trace_event(&call->event) ? 0 : -ENODEV;
}
EXPORT_SYMBOL_GPL(trace_event_raw_init);

/**
 * trace_event_reg - attach or detach a TRACE_EVENT() event's probes
 * @call: the event
 * @type: TRACE_REG_*
 * @data: the trace_event_file (REGISTER, UNREGISTER)
 *
 * Return: 0; -ENODEV for a custom event not attached to a tracepoint;
 * -EOPNOTSUPP for perf on a custom event; or a -errno from the tracepoint.
 */
int trace_event_reg(struct trace_event_call *call, enum trace_reg type,
		    void *data)
{
	struct tracepoint *tp;

	/* A custom event not attached to its tracepoint (yet): no probe. */
	if (!(READ_ONCE(call->flags) & TRACE_EVENT_FL_TRACEPOINT))
		return -ENODEV;
	tp = call->tp;
	switch (type) {
	case TRACE_REG_REGISTER:
		return tracepoint_probe_register(tp, call->class->probe, data);
	case TRACE_REG_UNREGISTER:
		tracepoint_probe_unregister(tp, call->class->probe, data);
		return 0;
#ifdef CONFIG_PERF_EVENTS
	case TRACE_REG_PERF_REGISTER:
		/* Custom events have no perf probe. */
		if (!call->class->perf_probe)
			return -EOPNOTSUPP;
		return tracepoint_probe_register(tp, call->class->perf_probe,
						 call);
	case TRACE_REG_PERF_UNREGISTER:
		tracepoint_probe_unregister(tp, call->class->perf_probe, call);
		return 0;
	case TRACE_REG_PERF_OPEN:
	case TRACE_REG_PERF_CLOSE:
	case TRACE_REG_PERF_ADD:
	case TRACE_REG_PERF_DEL:
		return 0;
#endif
	}
	return 0;
}
EXPORT_SYMBOL_GPL(trace_event_reg);

/* --- writing a record ----------------------------------------------------- */

/**
 * __trace_trigger_soft_disabled - the slow part of trace_trigger_soft_disabled()
 * @file: the event file whose probe runs
 *
 * Return: true if the record is not to be written.
 */
bool __trace_trigger_soft_disabled(struct trace_event_file *file)
{
	/*
	 * The probe's one snapshot of the flags, which event_mutex holders
	 * change with atomic bitops (event_file_attach(), the soft mode,
	 * filters, triggers) while probes run on every CPU.  No ordering
	 * beyond that: a record made at a switch follows the old or the
	 * new flags.
	 */
	unsigned long eflags = READ_ONCE(file->flags);

	if (eflags & EVENT_FILE_FL_TRIGGER_MODE)
		trace_event_triggers_fire(file);
	if (eflags & EVENT_FILE_FL_SOFT_DISABLED)
		return true;
	if (eflags & EVENT_FILE_FL_PID_FILTER)
		return trace_event_ignore_this_pid(file);
	return false;
}
EXPORT_SYMBOL_GPL(__trace_trigger_soft_disabled);

/* trace_event_buffer_lock_reserve(), inline for the event probes' path. */
static __always_inline struct ring_buffer_event *
event_file_reserve(struct trace_buffer **current_buffer,
		   struct trace_event_file *trace_file, int type,
		   unsigned long len, unsigned int trace_ctx)
{
	/*
	 * Only trace_array_free_buffers() changes it (to NULL), once the
	 * instance's probes are gone; READ_ONCE takes one value for the
	 * test and the use.
	 */
	struct trace_buffer *buffer = READ_ONCE(trace_file->tr->buffer);

	*current_buffer = buffer;
	if (unlikely(!buffer || tracing_disabled))
		return NULL;
	return trace_buffer_reserve(buffer, type, len, trace_ctx);
}

/**
 * trace_event_buffer_lock_reserve - reserve a record for an event file
 * @current_buffer: gets the ring buffer the record is in
 * @trace_file:     the event file
 * @type:           the record type
 * @len:            the record's size
 * @trace_ctx:      the writer's context
 *
 * Return: the reserved event, or NULL.
 */
struct ring_buffer_event *
trace_event_buffer_lock_reserve(struct trace_buffer **current_buffer,
				struct trace_event_file *trace_file,
				int type, unsigned long len,
				unsigned int trace_ctx)
{
	return event_file_reserve(current_buffer, trace_file, type, len,
				  trace_ctx);
}
EXPORT_SYMBOL_GPL(trace_event_buffer_lock_reserve);

/**
 * trace_event_buffer_reserve - reserve the record of an event probe
 * @fbuffer:    the probe's state; every field is set when a record is
 *              returned (the probes leave it uninitialized)
 * @trace_file: the event file the probe runs for
 * @len:        the record's size
 *
 * The probe runs inside the tracepoint's preemption-disabled section,
 * which the record's preempt count does not show.
 *
 * Return: the record, or NULL when none is to be written.
 */
void *trace_event_buffer_reserve(struct trace_event_buffer *fbuffer,
				 struct trace_event_file *trace_file,
				 unsigned long len)
{
	struct trace_event_call *call = trace_file->event_call;
	/* as in event_file_reserve() */
	struct trace_buffer *buffer = READ_ONCE(trace_file->tr->buffer);
	unsigned int trace_ctx = trace_ctx_now_dec();
	struct ring_buffer_event *event;
	struct trace_entry *entry;

	fbuffer->trace_file = trace_file;
	fbuffer->trace_ctx = trace_ctx;
	fbuffer->regs = NULL;
	fbuffer->buffer = buffer;
	if (unlikely(!buffer || tracing_disabled))
		return NULL;
	/* trace_buffer_reserve(), with the payload found once */
	event = ring_buffer_lock_reserve(buffer, len);
	fbuffer->event = event;
	if (!event)
		return NULL;
	entry = trace_reserved_payload(event, len);
	tracing_generic_entry_update(entry, call->event.type, trace_ctx);
	fbuffer->entry = entry;
	return entry;
}
EXPORT_SYMBOL_GPL(trace_event_buffer_reserve);

/*
 * tp_printk: the record, formatted as the trace file shows it, also goes
 * to the console.  One iterator serves every CPU, under the lock.
 */
static DEFINE_RAW_SPINLOCK(tp_printk_lock);
static struct trace_iterator tp_printk_iter;

static void event_printk(struct trace_event_buffer *fbuffer)
{
	struct trace_event_call *call = fbuffer->trace_file->event_call;
	struct trace_iterator *iter = &tp_printk_iter;
	struct trace_event *event;
	unsigned long flags;

	event = &call->event;
	if (!event->funcs || !event->funcs->trace)
		return;
	raw_spin_lock_irqsave(&tp_printk_lock, flags);
	trace_seq_init(&iter->seq);
	iter->ent = fbuffer->entry;
	iter->ent_size = ring_buffer_event_length(fbuffer->event);
	event->funcs->trace(iter, 0, event);
	trace_seq_putc(&iter->seq, 0);
	/*
	 * Upstream prints at the default message level, which is warning
	 * unless the kernel was configured otherwise: a console that shows
	 * warnings shows the events (pr_info() kept them off loglevel=5).
	 */
	pr_warn("%s", iter->seq.buffer);
	raw_spin_unlock_irqrestore(&tp_printk_lock, flags);
}

/*
 * With conditional triggers the probe made the record whatever the
 * event's state: unless the pid filters refuse the task (then nothing
 * fires, as for an enabled event), fire them on it, then say whether the
 * record is to be dropped after all.  *@post gets the triggers that
 * follow the commit.
 */
static bool event_triggers_discard(struct trace_event_file *file, void *entry,
				   unsigned long *post, unsigned long caller)
{
	/* one snapshot: see __trace_trigger_soft_disabled() */
	unsigned long eflags = READ_ONCE(file->flags);

	if ((eflags & EVENT_FILE_FL_PID_FILTER) &&
	    trace_event_ignore_this_pid(file))
		return true;
	*post = trace_event_triggers_call(file, entry, caller);
	return eflags & EVENT_FILE_FL_SOFT_DISABLED;
}

/* Record options that make a commit record a stack as well. */
#define EVENT_COMMIT_STACK_OPTS	(TRACE_OPT(STACKTRACE) | TRACE_OPT(USERSTACKTRACE))

/*
 * trace_event_buffer_commit() for a record that is filtered, triggers,
 * goes to the console or the exports, or takes a stack: everything but
 * the plain commit.  Out of line, so that the plain commit saves no
 * registers.
 */
static noinline void event_commit_slow(struct trace_event_buffer *fbuffer,
				       unsigned long caller)
{
	struct trace_event_file *file = fbuffer->trace_file;
	struct trace_array *tr = file->tr;
	unsigned long post = 0;
	u64 opts;

	if (unlikely(READ_ONCE(file->flags) & EVENT_FILE_FL_TRIGGER_COND) &&
	    event_triggers_discard(file, fbuffer->entry, &post, caller)) {
		ring_buffer_discard_commit(fbuffer->buffer, fbuffer->event);
		goto out;
	}
	if (trace_event_filtered_out(file, fbuffer->entry)) {
		ring_buffer_discard_commit(fbuffer->buffer, fbuffer->event);
		goto out;
	}
	if (READ_ONCE(tracepoint_printk))
		event_printk(fbuffer);
	trace_exports_send(fbuffer->event, TRACE_EXPORT_EVENT);
	trace_taskinfo_mark_pending();
	trace_buffer_commit(fbuffer->buffer);
	opts = READ_ONCE(tr->flags);
	if (opts & EVENT_COMMIT_STACK_OPTS) {
		if (IS_ENABLED(CONFIG_STACKTRACE) &&
		    (opts & TRACE_OPT(STACKTRACE)))
			trace_record_kernel_stack(tr, fbuffer->trace_ctx,
						  caller, 0);
		trace_record_user_stack(tr, fbuffer->trace_ctx);
	}
out:
	if (post)
		trace_event_triggers_post_call(file, post, caller);
}

/**
 * trace_event_buffer_commit - publish the record of an event probe
 * @fbuffer: the state trace_event_buffer_reserve() filled in
 *
 * The record is dropped instead when the event's filter refuses it, or
 * when conditional triggers had it made for them only.
 */
void trace_event_buffer_commit(struct trace_event_buffer *fbuffer)
{
	struct trace_event_file *file = fbuffer->trace_file;

	/*
	 * One load of each word the slow path depends on.  file->flags:
	 * event_mutex holders flip bits atomically while this runs on any
	 * CPU; tracepoint_printk: its sysctl (trace_init.c) and boot code;
	 * tr->flags: trace_set_opt().  A change seen late affects the
	 * records made at the switch only.
	 */
	if (unlikely((READ_ONCE(file->flags) &
		      (EVENT_FILE_FL_TRIGGER_COND | EVENT_FILE_FL_FILTERED)) ||
		     READ_ONCE(tracepoint_printk) ||
		     static_branch_unlikely(&trace_exports_enabled) ||
		     (READ_ONCE(file->tr->flags) & EVENT_COMMIT_STACK_OPTS))) {
		event_commit_slow(fbuffer, _RET_IP_);
		return;
	}
	/* a per-CPU hint for the scheduler hook: order does not matter */
	trace_taskinfo_mark_pending();
	trace_buffer_commit(fbuffer->buffer);
}
EXPORT_SYMBOL_GPL(trace_event_buffer_commit);

/* --- enabling ---------------------------------------------------------------- */

/* Detach @file's probe.  event_mutex. */
static void event_file_detach(struct trace_event_file *file)
{
	struct trace_event_call *call = file->event_call;

	if (!test_bit(EVENT_FILE_FL_ENABLED_BIT, &file->flags))
		return;
	clear_bit(EVENT_FILE_FL_ENABLED_BIT, &file->flags);
	call->class->reg(call, TRACE_REG_UNREGISTER, file);
	/* the reference event_file_attach() took */
	trace_cmdline_stop();
}

/* Attach @file's probe.  event_mutex. */
static int event_file_attach(struct trace_event_file *file)
{
	struct trace_event_call *call = file->event_call;
	int ret;

	if (test_bit(EVENT_FILE_FL_ENABLED_BIT, &file->flags))
		return 0;

	/*
	 * Whatever record-cmd says now: the probes test the options as
	 * they run, so that the options may flip while events are on.
	 */
	trace_cmdline_start();
	ret = call->class->reg(call, TRACE_REG_REGISTER, file);
	if (ret) {
		trace_cmdline_stop();
		pr_info("event trace: Could not enable event %s\n",
			trace_event_name(call));
		return ret;
	}
	set_bit(EVENT_FILE_FL_ENABLED_BIT, &file->flags);
	set_bit(EVENT_FILE_FL_WAS_ENABLED_BIT, &file->flags);
	return 0;
}

/**
 * trace_event_file_set - enable or disable one event in one instance
 * @file:   the event file
 * @enable: the new state
 *
 * In soft mode (trace_event_file_soft_mode()) the probe stays attached
 * and disabling only soft-disables the event.  Called with event_mutex
 * held.
 *
 * Return: 0, or the -errno of attaching the probe.
 */
int trace_event_file_set(struct trace_event_file *file, bool enable)
{
	lockdep_assert_held(&event_mutex);
	if (enable) {
		clear_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &file->flags);
		return event_file_attach(file);
	}
	if (test_bit(EVENT_FILE_FL_SOFT_MODE_BIT, &file->flags))
		set_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &file->flags);
	else
		event_file_detach(file);
	return 0;
}

/**
 * trace_event_file_soft_mode - take or drop a soft-mode reference
 * @file: the event file
 * @on:   take (true) or drop one
 *
 * While an event file has soft-mode references (its own triggers, or
 * enable_event/disable_event triggers that switch it) its probe stays
 * attached; if the user had not enabled it, it is soft-disabled: the
 * probe runs its triggers but writes nothing.  The enable file shows
 * soft mode with a '*'.  Called with event_mutex held.
 *
 * Return: 0, or the -errno of attaching the probe.
 */
int trace_event_file_soft_mode(struct trace_event_file *file, bool on)
{
	int ret;

	lockdep_assert_held(&event_mutex);
	if (on) {
		if (atomic_inc_return(&file->sm_ref) > 1)
			return 0;
		set_bit(EVENT_FILE_FL_SOFT_MODE_BIT, &file->flags);
		if (test_bit(EVENT_FILE_FL_ENABLED_BIT, &file->flags))
			return 0;
		set_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &file->flags);
		ret = event_file_attach(file);
		if (ret) {
			clear_bit(EVENT_FILE_FL_SOFT_MODE_BIT, &file->flags);
			clear_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &file->flags);
			atomic_dec(&file->sm_ref);
		}
		return ret;
	}
	if (WARN_ON_ONCE(atomic_read(&file->sm_ref) <= 0) ||
	    atomic_dec_return(&file->sm_ref) > 0)
		return 0;
	clear_bit(EVENT_FILE_FL_SOFT_MODE_BIT, &file->flags);
	if (test_and_clear_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &file->flags))
		event_file_detach(file);
	return 0;
}

/* Can the user enable @call (the core's record types cannot)? */
static bool event_enableable(struct trace_event_call *call)
{
	return call->class && call->class->reg && trace_event_name(call) &&
	       !(call->flags & TRACE_EVENT_FL_IGNORE_ENABLE);
}

/**
 * trace_event_set_clr - enable or disable the events that match
 * @tr:    the instance
 * @match: an event or system name, or NULL
 * @sub:   a system name, or NULL for any
 * @event: an event name, or NULL for any
 * @set:   1 to enable, 0 to disable
 *
 * Called with event_mutex held.
 *
 * Return: 0 if an event matched (and the last error of those that
 * failed to enable, if any), else -EINVAL.
 */
int trace_event_set_clr(struct trace_array *tr, const char *match,
			const char *sub, const char *event, int set)
{
	struct trace_event_file *file;
	int ret = -EINVAL, err;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(file, &tr->events.files, list) {
		struct trace_event_call *call = file->event_call;
		const char *name = trace_event_name(call);

		if (!event_enableable(call))
			continue;
		if (match && strcmp(match, name) &&
		    strcmp(match, call->class->system))
			continue;
		if (sub && strcmp(sub, call->class->system))
			continue;
		if (event && strcmp(event, name))
			continue;
		err = trace_event_file_set(file, set);
		if (ret == -EINVAL || err)
			ret = err;
	}
	return ret;
}

/**
 * ftrace_set_clr_event - enable or disable events by a set_event word
 * @tr:  the instance
 * @buf: "<system>:<event>", "<system>:" or "<system>:*" (all of a
 *       system), ":<event>" or "*:<event>" (an event of any system),
 *       or "<name>" (a system or an event called so); modified
 * @set: 1 to enable, 0 to disable
 *
 * Return: 0, or -EINVAL if nothing matched.
 */
int ftrace_set_clr_event(struct trace_array *tr, char *buf, int set)
{
	char *sub = NULL, *event = NULL, *match;

	match = strsep(&buf, ":");
	if (buf) {
		sub = match;
		event = buf;
		match = NULL;
		if (!*sub || !strcmp(sub, "*"))
			sub = NULL;
		if (!*event || !strcmp(event, "*"))
			event = NULL;
	}

	guard(mutex)(&event_mutex);
	return trace_event_set_clr(tr, match, sub, event, set);
}

/**
 * trace_set_clr_event - enable or disable events in the top level
 * @system: the system, or NULL for any
 * @event:  the event, or NULL for all of @system
 * @set:    1 to enable, 0 to disable
 *
 * Return: 0, or -EINVAL if nothing matched, -ENODEV without tracing.
 */
int trace_set_clr_event(const char *system, const char *event, int set)
{
	if (tracing_disabled)
		return -ENODEV;
	guard(mutex)(&event_mutex);
	return trace_event_set_clr(&global_trace, NULL, system, event, set);
}
EXPORT_SYMBOL_GPL(trace_set_clr_event);

/**
 * trace_array_set_clr_event - enable or disable events in an instance
 * @tr:     the instance (from trace_array_get_by_name())
 * @system: the system, or NULL for any
 * @event:  the event, or NULL for all of @system
 * @enable: the new state
 *
 * Return: 0, -ENOENT without @tr, or -EINVAL if nothing matched.
 */
int trace_array_set_clr_event(struct trace_array *tr, const char *system,
			      const char *event, bool enable)
{
	if (!tr)
		return -ENOENT;
	guard(mutex)(&event_mutex);
	return trace_event_set_clr(tr, NULL, system, event, enable);
}
EXPORT_SYMBOL_GPL(trace_array_set_clr_event);

/**
 * trace_event_open_list() - the common part of opening an events' list file
 * @tr: the instance whose list it is (set_event, set_event_pid, ...)
 * @filp: the file being opened
 * @clear: empties the list when the open truncates it ("echo > file");
 *	called with event_mutex held
 * @which: handed to @clear
 *
 * Return: 0 with a reference on @tr, which the caller drops if its own
 * open fails and at release; or -errno.
 */
int trace_event_open_list(struct trace_array *tr, struct file *filp,
			  void (*clear)(struct trace_array *tr, int which),
			  int which)
{
	int ret = tracing_check_open(tr);

	if (ret || !tracing_open_truncates(filp))
		return ret;
	guard(mutex)(&event_mutex);
	clear(tr, which);
	return 0;
}

/* --- event files --------------------------------------------------------- */

/*
 * Open files hold a reference on what their inode points to.  An inode
 * may outlive the object (the event's module went away while a path walk
 * held it), so the pointer is only dereferenced after it is found on a
 * live list, under event_mutex.
 */
static bool file_is_live(struct trace_event_file *file)
{
	struct trace_array_events *ev;
	struct trace_event_file *f;

	list_for_each_entry(ev, &event_instances, node)
		list_for_each_entry(f, &ev->files, list)
			if (f == file)
				return true;
	return false;
}

/**
 * trace_event_file_get - the event file of an inode, referenced
 * @inode: a file under events/<system>/<event>/
 *
 * Return: the file, or NULL if it is gone (the caller says -ENODEV).
 */
static struct trace_event_file *trace_event_file_get(struct inode *inode)
{
	struct trace_event_file *file;

	guard(mutex)(&event_mutex);
	file = inode->i_private;
	if (!file || !file_is_live(file))
		return NULL;
	refcount_inc(&file->ref);
	return file;
}

static void event_file_free(struct trace_event_file *file)
{
	trace_event_filter_free(file);
	kfree(file);
}

/**
 * trace_event_file_put - drop a reference from trace_event_file_get()
 * @file: the file
 */
void trace_event_file_put(struct trace_event_file *file)
{
	if (refcount_dec_and_test(&file->ref))
		event_file_free(file);
}

/**
 * trace_event_file_open - the event file of an inode being opened
 * @inode: a file under events/<system>/<event>/
 *
 * Takes a reference on the event file and on its instance; an opener
 * that fails later, and the release, drop both with
 * trace_event_file_close().
 *
 * Return: the file, or ERR_PTR(-ENODEV) if it is gone, or the error of
 * tracing_check_open().
 */
struct trace_event_file *trace_event_file_open(struct inode *inode)
{
	struct trace_event_file *file = trace_event_file_get(inode);
	int ret;

	if (!file)
		return ERR_PTR(-ENODEV);
	ret = tracing_check_open(file->tr);
	if (ret) {
		trace_event_file_put(file);
		return ERR_PTR(ret);
	}
	return file;
}

/**
 * trace_event_file_close - drop what trace_event_file_open() took
 * @file: the file
 */
void trace_event_file_close(struct trace_event_file *file)
{
	struct trace_array *tr = file->tr;

	trace_event_file_put(file);
	trace_array_put(tr);
}

/**
 * trace_event_fops_open - .open of a plain events/<system>/<event> file
 * @inode: the inode
 * @filp:  the file; its private data becomes the event file
 *
 * Return: 0 or -errno.
 */
int trace_event_fops_open(struct inode *inode, struct file *filp)
{
	struct trace_event_file *file = trace_event_file_open(inode);

	if (IS_ERR(file))
		return PTR_ERR(file);
	filp->private_data = file;
	return 0;
}

/**
 * trace_event_fops_release - .release matching trace_event_fops_open()
 * @inode: the inode
 * @filp:  the file
 *
 * Return: 0.
 */
int trace_event_fops_release(struct inode *inode, struct file *filp)
{
	trace_event_file_close(filp->private_data);
	return 0;
}

static bool system_is_live(struct trace_subsystem_dir *dir)
{
	struct trace_array_events *ev;
	struct trace_subsystem_dir *d;

	list_for_each_entry(ev, &event_instances, node)
		list_for_each_entry(d, &ev->systems, list)
			if (d == dir)
				return true;
	return false;
}

/**
 * trace_event_system_get - the system directory of an inode, referenced
 * @inode: events/<system>/enable
 *
 * Return: the directory, or NULL if it is gone.
 */
static struct trace_subsystem_dir *trace_event_system_get(struct inode *inode)
{
	struct trace_subsystem_dir *dir;

	guard(mutex)(&event_mutex);
	dir = inode->i_private;
	if (!dir || !system_is_live(dir))
		return NULL;
	dir->ref++;
	return dir;
}

static void system_put_locked(struct trace_subsystem_dir *dir)
{
	lockdep_assert_held(&event_mutex);
	if (--dir->ref)
		return;
	kfree(dir);
}

/**
 * trace_event_system_put - drop a reference from trace_event_system_get()
 * @dir: the directory
 */
static void trace_event_system_put(struct trace_subsystem_dir *dir)
{
	guard(mutex)(&event_mutex);
	system_put_locked(dir);
}

/**
 * trace_system_fops_open - .open of an events/<system>/ file
 * @inode: the inode
 * @filp:  the file; its private data becomes the system directory
 *
 * Takes a reference on the directory and on its instance, which
 * trace_system_fops_release() drops.
 *
 * Return: 0, -ENODEV if the system is gone, or the error of
 * tracing_check_open().
 */
int trace_system_fops_open(struct inode *inode, struct file *filp)
{
	struct trace_subsystem_dir *dir = trace_event_system_get(inode);
	int ret;

	if (!dir)
		return -ENODEV;
	ret = tracing_check_open(dir->tr);
	if (ret) {
		trace_event_system_put(dir);
		return ret;
	}
	filp->private_data = dir;
	return 0;
}

/**
 * trace_system_fops_release - .release matching trace_system_fops_open()
 * @inode: the inode
 * @filp:  the file
 *
 * Return: 0.
 */
int trace_system_fops_release(struct inode *inode, struct file *filp)
{
	struct trace_subsystem_dir *dir = filp->private_data;
	struct trace_array *tr = dir->tr;

	trace_event_system_put(dir);
	trace_array_put(tr);
	return 0;
}

static struct trace_subsystem_dir *
system_dir_get_or_add(struct trace_array *tr, const char *name)
{
	struct trace_subsystem_dir *dir;

	list_for_each_entry(dir, &tr->events.systems, list)
		if (!strcmp(dir->name, name))
			return dir;

	dir = kzalloc(sizeof(*dir), GFP_KERNEL);
	if (!dir)
		return NULL;
	dir->name = name;
	dir->tr = tr;
	dir->ref = 1;
	if (tr->events.ei)
		trace_event_system_create_dir(dir);
	list_add_tail(&dir->list, &tr->events.systems);
	return dir;
}

static void system_dir_drop_event(struct trace_subsystem_dir *dir)
{
	if (--dir->nr_events)
		return;
	list_del(&dir->list);
	trace_event_system_remove_dir(dir);
	system_put_locked(dir);
}

/* Is @system one of the comma-separated @systems (NULL: all of them)? */
static bool event_system_wanted(const char *systems, const char *system)
{
	size_t len = strlen(system);
	const char *p;

	if (!systems)
		return true;
	for (p = strstr(systems, system); p; p = strstr(p + len, system)) {
		bool starts = p == systems || p[-1] == ',' || isspace(p[-1]);
		char end = p[len];

		if (starts && (!end || end == ',' || isspace(end)))
			return true;
	}
	return false;
}

/*
 * Give @tr a file for @call, unless @tr was made for other systems (no
 * file then, and no error).  event_mutex.
 */
static int event_file_add(struct trace_array *tr, struct trace_event_call *call)
{
	struct trace_subsystem_dir *dir;
	struct trace_event_file *file;

	if (!event_system_wanted(tr->system_names, call->class->system))
		return 0;
	dir = system_dir_get_or_add(tr, call->class->system);
	if (!dir)
		return -ENOMEM;
	file = kzalloc(sizeof(*file), GFP_KERNEL);
	if (!file) {
		dir->nr_events++;
		system_dir_drop_event(dir);
		return -ENOMEM;
	}
	file->event_call = call;
	file->tr = tr;
	file->system = dir;
	INIT_LIST_HEAD(&file->triggers);
	refcount_set(&file->ref, 1);
	if (rcu_access_pointer(tr->events.pids[0]) ||
	    rcu_access_pointer(tr->events.pids[1]))
		file->flags |= EVENT_FILE_FL_PID_FILTER;
	dir->nr_events++;
	list_add_tail(&file->list, &tr->events.files);
	if (call->event.type == TRACE_PRINT &&
	    (call->flags & TRACE_EVENT_FL_IGNORE_ENABLE)) {
		/*
		 * Read without event_mutex by marker_triggers_call()
		 * (trace_marker.c), on writes to trace_marker from any CPU,
		 * which then loads file->flags through the pointer.  The
		 * release orders the file's set-up before it; the reader's
		 * READ_ONCE and address dependency are the other half.
		 */
		smp_store_release(&tr->events.marker, file);
	}
	if (tr->events.ei)
		trace_event_file_create_dir(file);
	return 0;
}

/*
 * Take @file out of its instance: disabled, its directory removed, its
 * instance's reference dropped.  The caller waits for the probes with
 * tracepoint_synchronize_unregister() before the memory can go, which is
 * why the last put is left to it (@later).
 */
static void event_file_remove(struct trace_event_file *file,
			      struct list_head *later)
{
	/*
	 * trace_marker writers on other CPUs may still hold the file; the
	 * caller's tracepoint_synchronize_unregister() before the last put
	 * is what waits for them.
	 */
	if (file->tr->events.marker == file)
		WRITE_ONCE(file->tr->events.marker, NULL);
	trace_event_file_triggers_clear(file);
	trace_event_file_set(file, false);
	trace_event_file_remove_dir(file);
	list_del(&file->list);
	set_bit(EVENT_FILE_FL_FREED_BIT, &file->flags);
	system_dir_drop_event(file->system);
	file->system = NULL;
	list_add_tail(&file->list, later);
}

static void event_files_put(struct list_head *later)
{
	struct trace_event_file *file, *next;

	trace_event_triggers_reap();
	list_for_each_entry_safe(file, next, later, list) {
		list_del_init(&file->list);
		trace_event_file_put(file);
	}
}

/* --- registering events --------------------------------------------------- */

/* Register @call, from @mod or built in.  event_mutex. */
static int event_register(struct trace_event_call *call, struct module *mod)
{
	struct trace_array_events *ev;
	const char *name = trace_event_name(call);
	int ret;

	if (!name || !call->class || !call->class->system)
		return -EINVAL;
	if (call->class->raw_init) {
		ret = call->class->raw_init(call);
		if (ret) {
			/* -ENOENT: an event this kernel has no use for. */
			if (ret != -ENOENT)
				pr_warn("Could not initialize trace events/%s\n",
					name);
			return ret;
		}
	}
	ret = define_fields(call);
	if (ret) {
		if (call->class->raw_init)
			unregister_trace_event(&call->event);
		return ret;
	}
	call->module = mod;
	list_add_tail(&call->list, &ftrace_events);
	list_for_each_entry(ev, &event_instances, node) {
		if (event_file_add(events_tr(ev), call))
			pr_warn("Could not create event file for %s\n", name);
	}
	return 0;
}

/**
 * trace_event_register_core - register one of the core's record types
 * @call: its event (trace_entries.c), for events/ftrace/
 *
 * Called with event_mutex held, at boot.
 *
 * Return: 0 or a -errno.
 */
int __init trace_event_register_core(struct trace_event_call *call)
{
	lockdep_assert_held(&event_mutex);
	return event_register(call, NULL);
}

/* Is @class used by an event other than @call?  event_mutex. */
static bool class_shared(struct trace_event_call *call)
{
	struct trace_event_call *c;

	list_for_each_entry(c, &ftrace_events, list)
		if (c != call && c->class == call->class)
			return true;
	return false;
}

/*
 * Take @call away from every instance; one where it was ever enabled may
 * hold records of it: marked stale, for events_reset_stale().
 * event_mutex.
 */
static void event_unregister(struct trace_event_call *call,
			     struct list_head *later)
{
	struct trace_array_events *ev;
	struct trace_event_file *file, *next;

	list_for_each_entry(ev, &event_instances, node) {
		list_for_each_entry_safe(file, next, &ev->files, list) {
			if (file->event_call != call)
				continue;
			if (test_bit(EVENT_FILE_FL_WAS_ENABLED_BIT,
				     &file->flags))
				ev->stale = true;
			event_file_remove(file, later);
		}
	}
	list_del(&call->list);
	/* Readers of the fields (options/fields) are gone after this. */
	if (call->class->raw_init)
		unregister_trace_event(&call->event);
	if (!class_shared(call))
		free_fields(&call->class->fields);
}

/*
 * Empty the buffers and snapshots of the instances that hold records of
 * an event gone since: they could not be printed, and its type number
 * may go to a new event, which would read them with its own layout.
 * After tracepoint_synchronize_unregister(), so that no probe of the
 * event is still writing one.
 */
static void events_reset_stale(void)
{
	struct trace_array_events *ev;

	guard(mutex)(&trace_types_lock);
	guard(mutex)(&event_mutex);
	list_for_each_entry(ev, &event_instances, node) {
		if (!ev->stale)
			continue;
		ev->stale = false;
		tracing_reset_all_cpus(events_tr(ev));
		trace_snapshot_reset(events_tr(ev));
	}
}

/*
 * Has every instance @call's file, and its directory where the instance
 * has events/?  event_mutex.
 */
static bool event_everywhere(struct trace_event_call *call)
{
	struct trace_array_events *ev;
	struct trace_event_file *file;
	bool found;

	list_for_each_entry(ev, &event_instances, node) {
		found = false;
		list_for_each_entry(file, &ev->files, list) {
			if (file->event_call == call) {
				found = file->ei || !ev->ei;
				break;
			}
		}
		if (!found)
			return false;
	}
	return true;
}

/**
 * trace_add_event_call - register an event made at run time
 * @call: the event
 *
 * An event that some instance could not get its files for is taken
 * back: the caller sees -ENOMEM, not an event missing from tracefs.
 *
 * Return: 0 or a -errno.
 */
int trace_add_event_call(struct trace_event_call *call)
{
	LIST_HEAD(later);
	int ret;

	scoped_guard(mutex, &trace_types_lock) {
		guard(mutex)(&event_mutex);
		ret = event_register(call, NULL);
		if (ret || event_everywhere(call))
			return ret;
		event_unregister(call, &later);
	}
	tracepoint_synchronize_unregister();
	event_files_put(&later);
	return -ENOMEM;
}
EXPORT_SYMBOL_GPL(trace_add_event_call);

/**
 * trace_remove_event_call - unregister an event from trace_add_event_call()
 * @call: the event
 *
 * Return: 0, or -EBUSY while the event is enabled somewhere.
 */
int trace_remove_event_call(struct trace_event_call *call)
{
	struct trace_array_events *ev;
	struct trace_event_file *file;
	LIST_HEAD(later);

	scoped_guard(mutex, &event_mutex) {
		list_for_each_entry(ev, &event_instances, node)
			list_for_each_entry(file, &ev->files, list)
				if (file->event_call == call &&
				    (file->flags & EVENT_FILE_FL_ENABLED))
					return -EBUSY;
		event_unregister(call, &later);
	}
	tracepoint_synchronize_unregister();
	event_files_put(&later);
	events_reset_stale();
	return 0;
}
EXPORT_SYMBOL_GPL(trace_remove_event_call);

#ifdef CONFIG_MODULES
static void module_add_events(struct module *mod)
{
	unsigned int i;

	if (!mod->num_trace_events)
		return;
	guard(mutex)(&event_mutex);
	for (i = 0; i < mod->num_trace_events; i++)
		event_register(mod->trace_events[i], mod);
	trace_eval_module_add(mod);
}

static void module_remove_events(struct module *mod)
{
	struct trace_event_call *call, *next;
	LIST_HEAD(later);

	scoped_guard(mutex, &event_mutex) {
		list_for_each_entry_safe(call, next, &ftrace_events, list)
			if (call->module == mod)
				event_unregister(call, &later);
	}
	tracepoint_synchronize_unregister();
	event_files_put(&later);
	events_reset_stale();

	guard(mutex)(&event_mutex);
	trace_eval_module_remove(mod);
}

static int events_module_notify(struct notifier_block *nb,
				unsigned long val, void *data)
{
	struct module *mod = data;

	if (val == MODULE_STATE_COMING)
		module_add_events(mod);
	else if (val == MODULE_STATE_GOING)
		module_remove_events(mod);
	return NOTIFY_OK;
}

static struct notifier_block events_module_nb = {
	.notifier_call	= events_module_notify,
	.priority	= 1,	/* after the tracepoints are in */
};
#endif

/* --- instances ------------------------------------------------------------ */

/* Give @tr its event files, once.  event_mutex. */
static int events_attach(struct trace_array *tr)
{
	struct trace_event_call *call;
	int ret;

	if (tr->events.node.next)
		return 0;
	INIT_LIST_HEAD(&tr->events.files);
	INIT_LIST_HEAD(&tr->events.systems);
	list_add_tail(&tr->events.node, &event_instances);
	list_for_each_entry(call, &ftrace_events, list) {
		ret = event_file_add(tr, call);
		if (ret)
			return ret;
	}
	return 0;
}

/**
 * event_trace_attach - give an instance its event state, before tracefs
 * @tr: an instance made at boot (trace_instance=)
 *
 * Its events can be enabled from here on; event_trace_add_tracer() makes
 * events/ once tracefs is up.
 *
 * Return: 0 or -ENOMEM; on error the caller calls event_trace_del_tracer().
 */
int event_trace_attach(struct trace_array *tr)
{
	guard(mutex)(&event_mutex);
	return events_attach(tr);
}

/**
 * event_trace_add_tracer - give an instance its events
 * @parent: the instance's tracefs directory
 * @tr:     the instance
 *
 * Creates events/, set_event, available_events, set_event_pid and
 * set_event_notrace_pid under @parent, with one event file per event.
 *
 * Return: 0 or a -errno; on error the caller calls
 * event_trace_del_tracer().
 */
int event_trace_add_tracer(struct dentry *parent, struct trace_array *tr)
{
	int ret;

	guard(mutex)(&event_mutex);
	ret = events_attach(tr);
	if (ret)
		return ret;
	return trace_events_create_dir(tr, parent);
}

/**
 * event_trace_del_tracer - take an instance's events away
 * @tr: the instance
 *
 * Return: 0, or -EBUSY while one of its event files is open.
 */
int event_trace_del_tracer(struct trace_array *tr)
{
	struct trace_subsystem_dir *dir;
	struct trace_event_file *file, *next;
	LIST_HEAD(later);

	scoped_guard(mutex, &event_mutex) {
		if (!tr->events.node.next)
			return 0;
		list_for_each_entry(file, &tr->events.files, list)
			if (refcount_read(&file->ref) > 1)
				return -EBUSY;
		list_for_each_entry(dir, &tr->events.systems, list)
			if (dir->ref > 1)
				return -EBUSY;
		/* Triggers may hold soft mode on other files: they go first. */
		list_for_each_entry(file, &tr->events.files, list)
			trace_event_file_triggers_clear(file);
		/* events/ goes whole; the files below need no removal. */
		trace_events_remove_dir(tr);
		list_for_each_entry_safe(file, next, &tr->events.files, list)
			event_file_remove(file, &later);
		list_del(&tr->events.node);
		tr->events.node.next = NULL;
		trace_events_pid_free(tr);
	}
	tracepoint_synchronize_unregister();
	event_files_put(&later);
	return 0;
}

/* --- boot ----------------------------------------------------------------- */

/* trace_event=: events to enable at boot, as set_event takes them. */
static char boot_events[COMMAND_LINE_SIZE] __initdata;

static int __init set_boot_events(char *str)
{
	strscpy(boot_events, str, sizeof(boot_events));
	trace_boot_expand_buffer();
	return 1;
}
__setup("trace_event=", set_boot_events);

/*
 * trace_trigger=: <event>.<trigger>[,...], each trigger as the event's
 * trigger file takes it, on the top level's event of that name (in
 * whatever system).
 */
static char boot_triggers[COMMAND_LINE_SIZE] __initdata;

static int __init set_boot_triggers(char *str)
{
	strscpy(boot_triggers, str, sizeof(boot_triggers));
	trace_boot_expand_buffer();
	return 1;
}
__setup("trace_trigger=", set_boot_triggers);

static bool tp_printk_stop_on_boot __initdata;

static int __init set_tp_printk(char *str)
{
	/* __setup() matches prefixes: leave tp_printk_stop_on_boot alone. */
	if (*str == '_')
		return 0;
	/* "tp_printk" alone, or "tp_printk=1"/"=on". */
	if (!*str || !strcmp(str, "=1") || !strcmp(str, "=on")) {
		tracepoint_printk = 1;
		tracepoint_printk_booted = true;
	}
	return 1;
}
__setup("tp_printk", set_tp_printk);

static int __init set_tp_printk_stop_on_boot(char *str)
{
	tp_printk_stop_on_boot = true;
	return 1;
}
__setup("tp_printk_stop_on_boot", set_tp_printk_stop_on_boot);

/* The top level's file of the event called @name.  event_mutex. */
static struct trace_event_file *__init boot_event_file(const char *name)
{
	struct trace_event_file *file;

	list_for_each_entry(file, &global_trace.events.files, list)
		if (!strcmp(trace_event_name(file->event_call), name))
			return file;
	return NULL;
}

/* Add the triggers of trace_trigger=. */
static void __init trace_trigger_boot_add(void)
{
	char *buf = boot_triggers, *trigger, *event;
	struct trace_event_file *file;
	int ret;

	guard(mutex)(&event_mutex);
	while ((trigger = strsep(&buf, ",")) != NULL) {
		event = strsep(&trigger, ".");
		if (!*event)
			continue;
		file = boot_event_file(event);
		if (!file || !trigger)
			ret = -EINVAL;
		else
			ret = trace_event_trigger_run(file, trigger);
		if (ret)
			pr_warn("trace_trigger: the trigger on %s refused (%d)\n",
				event, ret);
	}
}

/*
 * Apply each word of trace_event= to the top level: enable it, or with
 * a leading '!' disable it, as set_event takes it, naming the words no
 * event matches.
 */
static void __init trace_event_boot_walk(void)
{
	char *buf = boot_events, *word;

	while ((word = strsep(&buf, ",")) != NULL) {
		bool set;

		if (!*word)
			continue;
		set = event_word_enables(&word);
		if (ftrace_set_clr_event(&global_trace, word, set))
			pr_warn("Failed to enable trace event: %s\n", word);
	}
}

/*
 * From trace_init(), as soon as the events exist (before interrupts are
 * on): add the triggers of trace_trigger=, enable the events of
 * trace_event=.
 */
static void __init trace_event_boot_early(void)
{
	if (tracing_disabled)
		return;
	trace_trigger_boot_add();
	trace_event_boot_walk();
}

static int __init tp_printk_boot_done(void)
{
	if (tp_printk_stop_on_boot)
		tracepoint_printk = 0;
	return 0;
}
late_initcall_sync(tp_printk_boot_done);

/**
 * trace_event_init - register the built-in events
 *
 * Called from trace_init(): the top-level instance gets its event files
 * here, its tracefs files later (tracer_init_tracefs()).
 */
void __init trace_event_init(void)
{
	struct trace_event_call **iter;
	int ret;

	trace_events_dir_init();
	mutex_lock(&event_mutex);
	ret = define_common_fields();
	ret = ret ?: trace_export_register();
	for (iter = __start_ftrace_events;
	     !ret && iter < __stop_ftrace_events; iter++)
		event_register(*iter, NULL);
	if (!ret)
		trace_eval_init();
	ret = ret ?: events_attach(&global_trace);
	mutex_unlock(&event_mutex);
	if (ret) {
		pr_err("trace events: out of memory\n");
		return;
	}
#ifdef CONFIG_MODULES
	register_module_notifier(&events_module_nb);
#endif
	trace_event_boot_early();
}
