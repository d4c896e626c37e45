/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Stage "sizes": trace_event_get_offsets_<class>(offsets, args...) fills
 * struct trace_event_data_offsets_<class> from the tracepoint's arguments
 * and returns how many bytes of variable-length data the record needs
 * after its fixed part.  The data go in declaration order, unpadded,
 * starting at __data.  Lengths fit the 16 bits they are given: a record
 * never exceeds a sub-buffer.
 */

/*
 * Place @bytes of data for @item: the low half of its word is where
 * they start, from the record (__data_loc) or from just past the word
 * (__rel_loc: @base), the high half how many there are.
 */
#undef __TES_PLACE
#define __TES_PLACE(item, bytes, base)					\
	{								\
		u32 __tes_len = (bytes);				\
		u32 __tes_at = offsetof(typeof(*entry), __data) +	\
			       __data_size - (base);			\
									\
		__data_offsets->item = __tes_len << 16 | __tes_at;	\
		__data_size += __tes_len;				\
	}
#undef __TES_BASE_0
#define __TES_BASE_0(item)	0
#undef __TES_BASE_1
#define __TES_BASE_1(item)						\
	(offsetof(typeof(*entry), __rel_loc_##item) + sizeof(u32))
#undef __TES_BASE
#define __TES_BASE(rel, item)	__TES_CAT(__TES_BASE_, rel)(item)

#undef __TES_FIXED
#define __TES_FIXED(type, item, tstr, filter, sign)
#undef __TES_ARRAY
#define __TES_ARRAY(type, item, tstr, len)
#undef __TES_LOC
#define __TES_LOC(rel, item, tstr, sign, bytes)				\
	__TES_PLACE(item, bytes, __TES_BASE(rel, item))
#undef __TES_STR
#define __TES_STR(rel, item, src, len)					\
	__data_offsets->item##_src_ = (src);				\
	__TES_PLACE(item,						\
		    trace_event_str_size(__data_offsets->item##_src_, len), \
		    __TES_BASE(rel, item))

#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(call, proto, args, tstruct, assign, print)	\
	static inline notrace int trace_event_get_offsets_##call(	\
		struct trace_event_data_offsets_##call *__data_offsets,	\
		proto)							\
	{								\
		struct trace_event_raw_##call __maybe_unused *entry;	\
		int __data_size = 0;					\
									\
		tstruct							\
		return __data_size;					\
	}

#undef DEFINE_EVENT
#define DEFINE_EVENT(template, name, proto, args)

#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(template, name, proto, args, print)
