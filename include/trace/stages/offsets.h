/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Stage "offsets": struct trace_event_data_offsets_<class>, what the
 * probe computes before it reserves a record: the __data_loc/__rel_loc
 * word of each variable-length field, and for strings the source pointer
 * that __assign_str() copies from (it takes only the field's name).
 */

#undef __TES_FIXED
#define __TES_FIXED(type, item, tstr, filter, sign)
#undef __TES_ARRAY
#define __TES_ARRAY(type, item, tstr, len)
#undef __TES_LOC
#define __TES_LOC(rel, item, tstr, sign, bytes)	u32 item;
#undef __TES_STR
#define __TES_STR(rel, item, src, len)		u32 item; const char *item##_src_;

#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(call, proto, args, tstruct, assign, print)	\
	struct trace_event_data_offsets_##call {			\
		tstruct							\
	};

#undef DEFINE_EVENT
#define DEFINE_EVENT(template, name, proto, args)

#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(template, name, proto, args, print)

#undef TRACE_DEFINE_ENUM
#define TRACE_DEFINE_ENUM(a)
#undef TRACE_DEFINE_SIZEOF
#define TRACE_DEFINE_SIZEOF(a)
