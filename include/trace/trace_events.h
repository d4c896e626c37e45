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

#undef TP_STRUCT__entry
#define TP_STRUCT__entry(args...)	args

/*
 * Every field kind of TP_STRUCT__entry() is one of four shapes, and each
 * stage only says what a shape becomes there:
 *
 *   __TES_FIXED(type, item, tstr, filter, sign)   a scalar or structure
 *   __TES_ARRAY(type, item, tstr, len)            a fixed-size array
 *   __TES_LOC(rel, item, tstr, sign, bytes)   variable-length data of
 *                                             @bytes, described as @tstr
 *   __TES_STR(rel, item, src, len)            a string copied from @src:
 *                                             @len bytes, or all of it
 *                                             when @len is negative
 *
 * @tstr is the type as the format file names it, made where the event
 * header wrote it; @rel is 0 for a __data_loc word, 1 for a __rel_loc
 * word; @sign says whether the format file calls the field signed.
 */
#undef __TES_LOCNAME_0
#define __TES_LOCNAME_0(item)		__data_loc_##item
#undef __TES_LOCNAME_1
#define __TES_LOCNAME_1(item)		__rel_loc_##item
#undef __TES_LOCNAME
#define __TES_LOCNAME(rel, item)	__TES_CAT(__TES_LOCNAME_, rel)(item)
#undef __TES_LOCKIND_0
#define __TES_LOCKIND_0			"__data_loc "
#undef __TES_LOCKIND_1
#define __TES_LOCKIND_1			"__rel_loc "
#undef __TES_LOCTYPE
#define __TES_LOCTYPE(rel, tstr)	__TES_CAT(__TES_LOCKIND_, rel) tstr
#undef __TES_MASK_BYTES
#define __TES_MASK_BYTES(nr_bits)	(BITS_TO_LONGS(nr_bits) * sizeof(long))

#undef __field
#define __field(type, item)						\
	__TES_FIXED(type, item, #type, FILTER_OTHER, is_signed_type(type))
#undef __field_ext
#define __field_ext(type, item, filter)					\
	__TES_FIXED(type, item, #type, filter, is_signed_type(type))
#undef __field_struct
#define __field_struct(type, item)					\
	__TES_FIXED(type, item, #type, FILTER_OTHER, 0)
#undef __field_struct_ext
#define __field_struct_ext(type, item, filter)				\
	__TES_FIXED(type, item, #type, filter, 0)
#undef __array
#define __array(type, item, len)					\
	__TES_ARRAY(type, item, #type "[" __stringify(len) "]", len)

#undef __dynamic_array
#define __dynamic_array(type, item, len)				\
	__TES_LOC(0, item, __TES_LOCTYPE(0, #type "[]"),		\
		  is_signed_type(type), (len) * sizeof(type))
#undef __rel_dynamic_array
#define __rel_dynamic_array(type, item, len)				\
	__TES_LOC(1, item, __TES_LOCTYPE(1, #type "[]"),		\
		  is_signed_type(type), (len) * sizeof(type))
#undef __string
#define __string(item, src)		__TES_STR(0, item, src, -1)
#undef __string_len
#define __string_len(item, src, len)	__TES_STR(0, item, src, len)
#undef __rel_string
#define __rel_string(item, src)		__TES_STR(1, item, src, -1)
#undef __rel_string_len
#define __rel_string_len(item, src, len) __TES_STR(1, item, src, len)
#undef __vstring
#define __vstring(item, fmt, ap)					\
	__TES_LOC(0, item, __TES_LOCTYPE(0, "char[]"),			\
		  is_signed_type(char), __trace_event_vstr_len(fmt, ap))
#undef __bitmask
#define __bitmask(item, nr_bits)					\
	__TES_LOC(0, item, __TES_LOCTYPE(0, "unsigned long[]"), 0,	\
		  __TES_MASK_BYTES(nr_bits))
#undef __rel_bitmask
#define __rel_bitmask(item, nr_bits)					\
	__TES_LOC(1, item, __TES_LOCTYPE(1, "unsigned long[]"), 0,	\
		  __TES_MASK_BYTES(nr_bits))
#undef __cpumask
#define __cpumask(item)							\
	__TES_LOC(0, item, __TES_LOCTYPE(0, "cpumask_t"), 0,		\
		  __TES_MASK_BYTES(nr_cpumask_bits))
#undef __rel_cpumask
#define __rel_cpumask(item)						\
	__TES_LOC(1, item, __TES_LOCTYPE(1, "cpumask_t"), 0,		\
		  __TES_MASK_BYTES(nr_cpumask_bits))
#undef __sockaddr
#define __sockaddr(item, len)						\
	__TES_LOC(0, item, __TES_LOCTYPE(0, "u8[]"), 0, len)
#undef __rel_sockaddr
#define __rel_sockaddr(item, len)					\
	__TES_LOC(1, item, __TES_LOCTYPE(1, "u8[]"), 0, len)

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
