/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Trace event instantiation.  <trace/define_trace.h> includes this file
 * in the one .c file that defines an event header's tracepoints (the one
 * with CREATE_TRACE_POINTS), after the tracepoints themselves.
 *
 * Every event-declaring form is first reduced to a class
 * (DECLARE_EVENT_CLASS) and its events (DEFINE_EVENT, DEFINE_EVENT_PRINT).
 * Then each stage gives those macros, the field macros of TP_STRUCT__entry()
 * and the helpers of TP_fast_assign() and TP_printk() one meaning, and
 * reads the event header again (TRACE_HEADER_MULTI_READ is set):
 *
 *   record   struct trace_event_raw_<class>: the record layout
 *   offsets  struct trace_event_data_offsets_<class>: where the
 *            variable-length data of one record go
 *   output   trace_raw_output_<class>(): the record as text
 *   fields   trace_event_fields_<class>[]: the fields for the format file
 *   sizes    trace_event_get_offsets_<class>(): fills the offsets
 *   probe    trace_event_raw_event_<class>(): records into the ring buffer
 *   perf     perf_trace_<class>(): records for perf (<trace/perf.h>)
 *   class    the class and event objects, in section _ftrace_events
 *
 * The order matters only in that each stage uses what earlier ones made.
 * Conditions (_CONDITION) live in the tracepoint, and _FN register hooks
 * in the tracepoint definition: here those forms are plain events.
 */

#include <linux/trace_events.h>

#ifndef TRACE_SYSTEM_VAR
#define TRACE_SYSTEM_VAR TRACE_SYSTEM
#endif

#include <trace/stages/init.h>

#undef TRACE_EVENT
#define TRACE_EVENT(name, proto, args, tstruct, assign, print)		\
	DECLARE_EVENT_CLASS(name, PARAMS(proto), PARAMS(args),		\
			    PARAMS(tstruct), PARAMS(assign), PARAMS(print)) \
	DEFINE_EVENT(name, name, PARAMS(proto), PARAMS(args))

#undef TRACE_EVENT_CONDITION
#define TRACE_EVENT_CONDITION(name, proto, args, cond, tstruct, assign,	\
			      print)					\
	TRACE_EVENT(name, PARAMS(proto), PARAMS(args), PARAMS(tstruct),	\
		    PARAMS(assign), PARAMS(print))

#undef TRACE_EVENT_FN
#define TRACE_EVENT_FN(name, proto, args, tstruct, assign, print,	\
		       reg, unreg)					\
	TRACE_EVENT(name, PARAMS(proto), PARAMS(args), PARAMS(tstruct),	\
		    PARAMS(assign), PARAMS(print))

#undef TRACE_EVENT_FN_COND
#define TRACE_EVENT_FN_COND(name, proto, args, cond, tstruct, assign,	\
			    print, reg, unreg)				\
	TRACE_EVENT(name, PARAMS(proto), PARAMS(args), PARAMS(tstruct),	\
		    PARAMS(assign), PARAMS(print))

#undef DEFINE_EVENT_FN
#define DEFINE_EVENT_FN(template, name, proto, args, reg, unreg)	\
	DEFINE_EVENT(template, name, PARAMS(proto), PARAMS(args))

#undef DEFINE_EVENT_CONDITION
#define DEFINE_EVENT_CONDITION(template, name, proto, args, cond)	\
	DEFINE_EVENT(template, name, PARAMS(proto), PARAMS(args))

#undef TRACE_EVENT_NOP
#define TRACE_EVENT_NOP(name, proto, args, tstruct, assign, print)
#undef DEFINE_EVENT_NOP
#define DEFINE_EVENT_NOP(template, name, proto, args)
#undef DECLARE_EVENT_CLASS_NOP
#define DECLARE_EVENT_CLASS_NOP(name, proto, args, tstruct, assign, print)

#include <trace/stages/entry.h>

/* The header's TRACE_DEFINE_ENUM()s are instantiated while reading it
 * for the records, and are nothing afterwards. */
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

#include <trace/perf.h>

#include <trace/stages/class.h>
#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

/*
 * Give back what <linux/tracepoint.h> defines once only, and drop what
 * it defines again on its next inclusion, so that another event header
 * can follow in this file.
 */
#undef TRACE_DEFINE_ENUM
#define TRACE_DEFINE_ENUM(x)
#undef TRACE_DEFINE_SIZEOF
#define TRACE_DEFINE_SIZEOF(x)
#undef TRACE_EVENT_FLAGS
#undef TRACE_EVENT_PERF_PERM
#undef DECLARE_EVENT_CLASS_NOP
#undef TRACE_SYSTEM_VAR
