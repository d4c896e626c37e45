// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Event triggers: what each kind does when its event fires.
 *
 *   traceon, traceoff           turn the instance's recording on or off
 *                               (a count is spent only when it changed)
 *   snapshot                    swap the instance's buffer into its
 *                               snapshot (allocated when the trigger is
 *                               set); from an atomic context a worker
 *                               takes it (tracing_snapshot_instance())
 *   stacktrace                  record the kernel stack
 *   enable_event, disable_event soft-enable or soft-disable another event
 *                               of the instance (a count is spent only
 *                               when it changed)
 *   enable_hist, disable_hist   resume or pause the hist triggers of
 *                               another event of the instance (a count
 *                               is spent on every hit)
 */

#include <linux/module.h>

#include "trace.h"
#include "trace_events_trigger.h"

static bool traceon_fire(struct event_trigger *t, void *rec,
			 unsigned long ip)
{
	struct trace_array *tr = t->file->tr;

	if (tracer_tracing_is_on(tr))
		return false;
	tracer_tracing_on(tr);
	return true;
}

static bool traceoff_fire(struct event_trigger *t, void *rec,
			  unsigned long ip)
{
	struct trace_array *tr = t->file->tr;

	if (!tracer_tracing_is_on(tr))
		return false;
	tracer_tracing_off(tr);
	return true;
}

static const struct event_trigger_kind traceon_kind = {
	.name	= "traceon",
	.type	= ETT_TRACE_ONOFF,
	.fire	= traceon_fire,
};

static const struct event_trigger_kind traceoff_kind = {
	.name	= "traceoff",
	.type	= ETT_TRACE_ONOFF,
	.fire	= traceoff_fire,
};

#ifdef CONFIG_TRACER_SNAPSHOT
static bool snapshot_fire(struct event_trigger *t, void *rec,
			  unsigned long ip)
{
	tracing_snapshot_instance(t->file->tr);
	return true;
}

static int snapshot_prepare(struct trace_array *tr, const char *cmd)
{
	return tracing_alloc_snapshot_instance(tr);
}

/* A snapshot trigger arms its instance's snapshots while it is set. */
static int snapshot_init(struct event_trigger *t)
{
	return trace_snapshot_arm(t->file->tr);
}

static void snapshot_release(struct event_trigger *t)
{
	trace_snapshot_disarm(t->file->tr);
}

static const struct event_trigger_kind snapshot_kind = {
	.name	= "snapshot",
	.type	= ETT_SNAPSHOT,
	.post	= true,
	.fire	= snapshot_fire,
	.prepare	= snapshot_prepare,
	.init	= snapshot_init,
	.release	= snapshot_release,
};
#endif

#ifdef CONFIG_STACKTRACE
static bool stacktrace_fire(struct event_trigger *t, void *rec,
			    unsigned long ip)
{
	trace_record_kernel_stack(t->file->tr, tracing_gen_ctx(), ip, 0);
	return true;
}

static const struct event_trigger_kind stacktrace_kind = {
	.name	= "stacktrace",
	.type	= ETT_STACKTRACE,
	.post	= true,
	.fire	= stacktrace_fire,
};
#endif

/**
 * trace_event_switch - soft-enable or soft-disable an event
 * @file:   the event file, in soft mode
 * @enable: the state to set
 *
 * What enable_event and disable_event do, as triggers and as function
 * commands; callable in any context.
 *
 * Return: true if the state changed.
 */
bool trace_event_switch(struct trace_event_file *file, bool enable)
{
	bool off = test_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &file->flags);

	if (enable != off)
		return false;
	if (enable)
		clear_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &file->flags);
	else
		set_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &file->flags);
	return true;
}

/**
 * trace_event_switch_find - the event file enable/disable_event names
 * @tr:     the instance
 * @system: the event's system
 * @event:  the event's name
 *
 * Called with event_mutex held.
 *
 * Return: the file, or NULL (no such event, or one that cannot be
 * enabled).
 */
struct trace_event_file *trace_event_switch_find(struct trace_array *tr,
						 const char *system,
						 const char *event)
{
	struct trace_event_file *file;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(file, &tr->events.files, list) {
		struct trace_event_call *call = file->event_call;

		if (!(call->flags & TRACE_EVENT_FL_IGNORE_ENABLE) &&
		    !strcmp(call->class->system, system) &&
		    !strcmp(trace_event_name(call), event))
			return file;
	}
	return NULL;
}

/**
 * trace_event_switch_hold - keep an event switchable
 * @file: the event file
 *
 * Puts it in soft mode and pins its module, for as long as a trigger or
 * function command may switch it.  Called with event_mutex held.
 *
 * Return: 0, or -EBUSY (its module is going), or the -errno of
 * attaching its probe.
 */
int trace_event_switch_hold(struct trace_event_file *file)
{
	int ret;

	lockdep_assert_held(&event_mutex);
	if (!trace_event_try_get_ref(file->event_call))
		return -EBUSY;
	ret = trace_event_file_soft_mode(file, true);
	if (ret)
		trace_event_put_ref(file->event_call);
	return ret;
}

/**
 * trace_event_switch_unhold - undo trace_event_switch_hold()
 * @file: the event file
 *
 * Called with event_mutex held.
 */
void trace_event_switch_unhold(struct trace_event_file *file)
{
	lockdep_assert_held(&event_mutex);
	trace_event_file_soft_mode(file, false);
	trace_event_put_ref(file->event_call);
}

static bool event_switch_fire(struct event_trigger *t, void *rec,
			      unsigned long ip)
{
	return trace_event_switch(t->target, t->kind->enable);
}

/* The target stays in soft mode, its module loaded, while we exist. */
static int event_switch_init(struct event_trigger *t)
{
	return trace_event_switch_hold(t->target);
}

static void event_switch_release(struct event_trigger *t)
{
	trace_event_switch_unhold(t->target);
}

/* enable_event and disable_event differ only in the state they set. */
#define EVENT_SWITCH_KIND(_name, _enable) {				\
	.name = _name, .type = ETT_EVENT_ENABLE, .needs_target = true,	\
	.enable = _enable, .fire = event_switch_fire,			\
	.init = event_switch_init, .release = event_switch_release }

static const struct event_trigger_kind enable_event_kind =
	EVENT_SWITCH_KIND("enable_event", true);
static const struct event_trigger_kind disable_event_kind =
	EVENT_SWITCH_KIND("disable_event", false);

#ifdef CONFIG_HIST_TRIGGERS
/*
 * enable_hist and disable_hist resume or pause the target's hist
 * triggers.  Like upstream Linux's, a count is spent on every hit,
 * whether or not a trigger changed state.
 */
static bool hist_switch_fire(struct event_trigger *t, void *rec,
			     unsigned long ip)
{
	hist_triggers_pause(t->target, !t->kind->enable);
	return true;
}

/* The target is held like enable_event's: soft mode, module pinned. */
#define HIST_SWITCH_KIND(_name, _enable) {				\
	.name = _name, .type = ETT_HIST_ENABLE, .needs_target = true,	\
	.enable = _enable, .trunc_clears = true,			\
	.fire = hist_switch_fire,					\
	.init = event_switch_init, .release = event_switch_release }

static const struct event_trigger_kind enable_hist_kind =
	HIST_SWITCH_KIND("enable_hist", true);
static const struct event_trigger_kind disable_hist_kind =
	HIST_SWITCH_KIND("disable_hist", false);
#endif

/* The kinds, in the order the trigger file lists them; NULL-terminated. */
const struct event_trigger_kind *const event_trigger_kinds[] = {
	&traceon_kind,
	&traceoff_kind,
#ifdef CONFIG_TRACER_SNAPSHOT
	&snapshot_kind,
#endif
#ifdef CONFIG_STACKTRACE
	&stacktrace_kind,
#endif
	&enable_event_kind,
	&disable_event_kind,
#ifdef CONFIG_HIST_TRIGGERS
	&enable_hist_kind,
	&disable_hist_kind,
	&hist_trigger_kind,
#endif
	NULL
};
