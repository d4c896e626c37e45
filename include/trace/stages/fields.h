/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Stage "fields": trace_event_fields_<class>[], the description of a
 * class's record that its format file shows.  Offsets are not stored:
 * registration lays the fields out after struct trace_entry by size and
 * alignment, as the compiler laid out struct trace_event_raw_<class>.
 *
 * Type strings are ABI (trace-cmd and perf parse them): a fixed array is
 * "<type>[<len>]", a variable-length field "__data_loc <type>[]" or
 * "__rel_loc <type>[]", a cpumask "__data_loc cpumask_t".
 */

/* The alignment the type has as a structure member. */
#undef __TES_FIELD_ALIGN
#define __TES_FIELD_ALIGN(type)	((int)__alignof__(struct { type __m; }))

#undef __TES_FIXED
#define __TES_FIXED(_type, item, tstr, filter, sign) {			\
		.type = tstr, .name = #item, .filter_type = filter,	\
		.size = sizeof(_type), .align = __TES_FIELD_ALIGN(_type), \
		.is_signed = sign },
#undef __TES_ARRAY
#define __TES_ARRAY(_type, item, tstr, _len) {				\
		.type = tstr, .name = #item, .len = _len,		\
		.size = sizeof(_type[_len]),				\
		.align = __TES_FIELD_ALIGN(_type),			\
		.is_signed = is_signed_type(_type),			\
		.filter_type = FILTER_OTHER },
/* Every __data_loc and __rel_loc word is a u32. */
#undef __TES_LOC
#define __TES_LOC(rel, item, tstr, sign, bytes) {			\
		.type = tstr, .name = #item, .filter_type = FILTER_OTHER, \
		.size = sizeof(u32), .align = __alignof__(u32),		\
		.is_signed = sign },
#undef __TES_STR
#define __TES_STR(rel, item, src, len)					\
	__TES_LOC(rel, item, __TES_LOCTYPE(rel, "char[]"),		\
		  is_signed_type(char), 0)

#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(call, proto, args, tstruct, assign, print)	\
	static struct trace_event_fields trace_event_fields_##call[] = {	\
		tstruct							\
		{}							\
	};

#undef DEFINE_EVENT
#define DEFINE_EVENT(template, name, proto, args)

#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(template, name, proto, args, print)
