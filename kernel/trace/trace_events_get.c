// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Event files held by kernel code: trace_get_event_file() finds the
 * file of one event in one instance and pins both, so that the module
 * holding it may enable the event (trace_array_set_clr_event()) and
 * write records into it (synth_event_trace() & co) until
 * trace_put_event_file().  While it is held the instance cannot be
 * removed (its ->ref) nor the event (a dynamic event's ->refcnt, a
 * module event's module reference): both refuse with -EBUSY.
 *
 * Locking: trace_types_lock (the instances, their ->ref), then
 * event_mutex (the instance's files, the events' references).
 */
#include <linux/err.h>
#include <linux/export.h>
#include <linux/mutex.h>
#include <linux/string.h>

#include "trace.h"

/* event_mutex held. */
static struct trace_event_file *event_file_find(struct trace_array *tr,
						const char *system,
						const char *event)
{
	struct trace_event_file *file;
	struct trace_event_call *call;

	list_for_each_entry(file, &tr->events.files, list) {
		call = file->event_call;
		if (!strcmp(call->class->system, system) &&
		    !strcmp(trace_event_name(call), event))
			return file;
	}
	return NULL;
}

/**
 * trace_get_event_file() - find an event's file in an instance and hold it
 * @instance: the instance's name, or NULL for the top level
 * @system: the event's system ("synthetic", "kprobes", "sched", ...)
 * @event: the event's name
 *
 * Return: the file, to be given back with trace_put_event_file(), or
 * ERR_PTR(-ENOENT) when there is no such instance, -EINVAL when the
 * instance has no such event, -EBUSY when the event is going away,
 * -ENODEV when tracing is disabled.
 */
struct trace_event_file *trace_get_event_file(const char *instance,
					      const char *system,
					      const char *event)
{
	struct trace_event_file *file;
	struct trace_array *tr;

	if (!system || !event)
		return ERR_PTR(-EINVAL);
	if (tracing_disabled)
		return ERR_PTR(-ENODEV);
	guard(mutex)(&trace_types_lock);
	tr = instance ? trace_array_find(instance) : &global_trace;
	if (!tr)
		return ERR_PTR(-ENOENT);
	guard(mutex)(&event_mutex);
	file = event_file_find(tr, system, event);
	if (!file)
		return ERR_PTR(-EINVAL);
	if (!trace_event_try_get_ref(file->event_call))
		return ERR_PTR(-EBUSY);
	tr->ref++;
	return file;
}
EXPORT_SYMBOL_GPL(trace_get_event_file);

/**
 * trace_put_event_file() - give back a file from trace_get_event_file()
 * @file: the file
 *
 * Disable the event first if the holder enabled it.
 */
void trace_put_event_file(struct trace_event_file *file)
{
	struct trace_array *tr = file->tr;

	scoped_guard(mutex, &event_mutex)
		trace_event_put_ref(file->event_call);
	trace_array_put(tr);
}
EXPORT_SYMBOL_GPL(trace_put_event_file);
