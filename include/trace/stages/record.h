/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Stage "record": the layout of a class's records in the ring buffer,
 *
 *	struct trace_event_raw_<class> {
 *		struct trace_entry ent;
 *		<fixed fields, in declaration order>
 *		char __data[];
 *	};
 *
 * and forward declarations of the class and event objects (the last stage
 * defines them; TRACE_EVENT_FLAGS() needs the names earlier).
 *
 * A variable-length field is a 32-bit word in the fixed part: for __data_loc
 * (__dynamic_array, __string, __bitmask ...) its low 16 bits are the data's
 * offset from the start of the record, for __rel_loc (the __rel_ forms)
 * from the end of the word itself; the high 16 bits are the data's length.
 * The data follow __data, in declaration order, unpadded.
 */

#undef __TES_FIXED
#define __TES_FIXED(type, item, tstr, filter, sign)	type item;
#undef __TES_ARRAY
#define __TES_ARRAY(type, item, tstr, len)		type item[len];
#undef __TES_LOC
#define __TES_LOC(rel, item, tstr, sign, bytes)	u32 __TES_LOCNAME(rel, item);
#undef __TES_STR
#define __TES_STR(rel, item, src, len)		u32 __TES_LOCNAME(rel, item);

#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(call, proto, args, tstruct, assign, print)	\
	struct trace_event_raw_##call {					\
		struct trace_entry	ent;				\
		tstruct							\
		char			__data[];			\
	};								\
	static struct trace_event_class event_class_##call;

#undef DEFINE_EVENT
#define DEFINE_EVENT(template, name, proto, args)			\
	static struct trace_event_call __used event_##name;

#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(template, name, proto, args, print)		\
	DEFINE_EVENT(template, name, PARAMS(proto), PARAMS(args))

#undef TRACE_EVENT_FLAGS
#define TRACE_EVENT_FLAGS(event, flag)
#undef TRACE_EVENT_PERF_PERM
#define TRACE_EVENT_PERF_PERM(event, expr...)
