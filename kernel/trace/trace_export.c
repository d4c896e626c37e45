// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Trace exports (<linux/trace.h>): a module registers a struct
 * trace_export, and every function, event or trace_marker record written
 * into the top level is also handed to its write callback, in the
 * writer's context (stm_ftrace sends them to System Trace Module
 * hardware this way).
 */

#include <linux/static_key.h>
#include <linux/rcupdate.h>
#include <linux/mutex.h>

#include "trace.h"

/* Registered exports, newest first; RCU readers, updates under the mutex. */
static struct trace_export __rcu *trace_exports_list;
static DEFINE_MUTEX(trace_exports_lock);
DEFINE_STATIC_KEY_FALSE(trace_exports_enabled);

/* The export a link of the list points to, for its updaters. */
static struct trace_export *export_locked(struct trace_export __rcu *const *link)
{
	return rcu_dereference_protected(*link,
					 lockdep_is_held(&trace_exports_lock));
}

/* Walk the list's links (@link) and exports (@e); trace_exports_lock. */
#define for_each_export_link(link, e)					\
	for (link = &trace_exports_list; (e = export_locked(link));	\
	     link = &e->next)

/**
 * __trace_exports_send - give a record to the exports that want its kind
 * @event: the record, reserved and not yet committed
 * @flag:  TRACE_EXPORT_FUNCTION, _EVENT or _MARKER
 *
 * Called through trace_exports_send() by writers with preemption disabled
 * (between reserve and commit) while an export is registered; the RCU
 * read side pairs with the synchronize_rcu() in unregister_ftrace_export().
 */
void notrace __trace_exports_send(struct ring_buffer_event *event, int flag)
{
	struct trace_export *export;

	rcu_read_lock();
	for (export = rcu_dereference(trace_exports_list); export;
	     export = rcu_dereference(export->next)) {
		if (export->flags & flag)
			export->write(export, ring_buffer_event_data(event),
				      ring_buffer_event_length(event));
	}
	rcu_read_unlock();
}

/**
 * register_ftrace_export - send a copy of trace records to @export
 * @export: the export; @export->write and @export->flags must be set
 *
 * Records of the kinds in @export->flags are passed to @export->write as
 * they are written, in the writer's context (any context, preemption
 * disabled).
 *
 * Return: 0, or -EINVAL without a write callback.
 */
int register_ftrace_export(struct trace_export *export)
{
	if (WARN_ON_ONCE(!export->write))
		return -EINVAL;

	guard(mutex)(&trace_exports_lock);
	rcu_assign_pointer(export->next, export_locked(&trace_exports_list));
	rcu_assign_pointer(trace_exports_list, export);
	static_branch_inc(&trace_exports_enabled);
	return 0;
}
EXPORT_SYMBOL_GPL(register_ftrace_export);

/**
 * unregister_ftrace_export - stop sending records to @export
 * @export: an export given to register_ftrace_export()
 *
 * Waits until no writer can still be calling it.
 *
 * Return: 0, or -EINVAL if @export was not registered.
 */
int unregister_ftrace_export(struct trace_export *export)
{
	struct trace_export __rcu **link;
	struct trace_export *e;

	mutex_lock(&trace_exports_lock);
	for_each_export_link(link, e) {
		if (e == export)
			break;
	}
	if (!e) {
		mutex_unlock(&trace_exports_lock);
		return -EINVAL;
	}
	rcu_assign_pointer(*link, export_locked(&export->next));
	static_branch_dec(&trace_exports_enabled);
	mutex_unlock(&trace_exports_lock);

	synchronize_rcu();
	return 0;
}
EXPORT_SYMBOL_GPL(unregister_ftrace_export);

