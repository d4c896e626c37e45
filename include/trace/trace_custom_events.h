/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Custom event instantiation, for <trace/define_custom_trace.h>.
 *
 * A custom event records a layout of its own choosing (TP_STRUCT__entry,
 * TP_fast_assign, TP_printk as in TRACE_EVENT()) whenever an existing
 * tracepoint fires; TP_PROTO/TP_ARGS are that tracepoint's.  Every custom
 * event is in the system "custom", under the tracepoint's name.
 *
 * The records, offsets, output, fields, sizes and probe are made by the
 * stages of <trace/trace_events.h>, with each custom form reduced to a
 * class and its events as there; the probe stage also checks that the
 * probe fits the tracepoint, whose header the .c file includes.  There is
 * no perf stage: perf cannot open custom events.  The objects differ: the
 * kernel's tracepoints are not exported, so an event starts unattached
 * (TRACE_EVENT_FL_CUSTOM, known by ->name; enabling it fails with
 * -ENODEV), and trace_custom_event_<name>_update(tp), which the module
 * calls for each tracepoint (for_each_kernel_tracepoint()) from its init,
 * attaches it to the tracepoint of its name: ->tp, TRACE_EVENT_FL_TRACEPOINT.
 * The module's events are registered as it loads, before its init runs.
 */

#include <linux/string.h>
#include <linux/trace_events.h>

#undef TRACE_SYSTEM
#define TRACE_SYSTEM custom
#undef TRACE_SYSTEM_VAR
#define TRACE_SYSTEM_VAR custom

#include <trace/stages/init.h>

#undef TRACE_CUSTOM_EVENT
#define TRACE_CUSTOM_EVENT(name, proto, args, tstruct, assign, print)	\
	DECLARE_EVENT_CLASS(name, PARAMS(proto), PARAMS(args),		\
			    PARAMS(tstruct), PARAMS(assign), PARAMS(print)) \
	DEFINE_EVENT(name, name, PARAMS(proto), PARAMS(args))

#undef DECLARE_CUSTOM_EVENT_CLASS
#define DECLARE_CUSTOM_EVENT_CLASS(name, proto, args, tstruct, assign,	\
				   print)				\
	DECLARE_EVENT_CLASS(name, PARAMS(proto), PARAMS(args),		\
			    PARAMS(tstruct), PARAMS(assign), PARAMS(print))

#undef DEFINE_CUSTOM_EVENT
#define DEFINE_CUSTOM_EVENT(template, name, proto, args)		\
	DEFINE_EVENT(template, name, PARAMS(proto), PARAMS(args))

#include <trace/stages/entry.h>

#include <trace/stages/record.h>
#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

#include <trace/stages/offsets.h>
#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

#include <trace/stages/output.h>
#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

#include <trace/stages/fields.h>
#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

#include <trace/stages/sizes.h>
#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

#include <trace/stages/probe.h>
#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

/*
 * The class stage, with no perf probe in the class and events of our
 * own (below).
 */
#include <trace/stages/class.h>

#undef __TES_PERF_PROBE
#define __TES_PERF_PROBE(call)

/*
 * The update runs in the module's init, after the event's files appear
 * in tracefs: an enable racing with it finds the event unattached or
 * attached, as flags (written last, one word) says.
 */
#undef DEFINE_EVENT
#define DEFINE_EVENT(template, call, proto, args)			\
	static struct trace_event_call __used event_##call = {		\
		.class		= &event_class_##template,		\
		.name		= #call,				\
		.event.funcs	= &trace_event_type_funcs_##template,	\
		.print_fmt	= print_fmt_##template,			\
		.flags		= TRACE_EVENT_FL_CUSTOM,		\
	};								\
	static inline int						\
	trace_custom_event_##call##_update(struct tracepoint *tp)	\
	{								\
		if (!tp->name || strcmp(tp->name, #call))		\
			return 0;					\
		event_##call.tp = tp;					\
		WRITE_ONCE(event_##call.flags, TRACE_EVENT_FL_TRACEPOINT); \
		return 1;						\
	}								\
	static struct trace_event_call __used				\
	__section("_ftrace_events") *__event_##call = &event_##call;

#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

#undef TRACE_SYSTEM_VAR
