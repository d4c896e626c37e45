/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Stage "assign": the field macros and helpers as TP_fast_assign() sees
 * them in a probe.  __entry is the reserved record; its __data_loc and
 * __rel_loc words are set from __data_offsets (stages/sizes.h) before
 * the event's own assignments run, so __get_str() and friends already
 * point at the right place.
 */

#undef __entry
#define __entry entry

#include <trace/stages/access.h>

/* The words of the variable-length fields, as sized for this record. */
#undef __TES_FIXED
#define __TES_FIXED(type, item, tstr, filter, sign)
#undef __TES_ARRAY
#define __TES_ARRAY(type, item, tstr, len)
#undef __TES_LOC
#define __TES_LOC(rel, item, tstr, sign, bytes)				\
	__entry->__TES_LOCNAME(rel, item) = __data_offsets.item;
#undef __TES_STR
#define __TES_STR(rel, item, src, len)					\
	__TES_LOC(rel, item, , 0, 0)

/* Bitmasks and cpumasks as memory to copy into. */
#undef __get_bitmask
#define __get_bitmask(field)		__get_dynamic_array(field)
#undef __get_cpumask
#define __get_cpumask(field)		__get_dynamic_array(field)
#undef __get_rel_bitmask
#define __get_rel_bitmask(field)	__get_rel_dynamic_array(field)
#undef __get_rel_cpumask
#define __get_rel_cpumask(field)	__get_rel_dynamic_array(field)

/*
 * Copy a string into the room sized for it: its recorded length less
 * the NUL, from the source __string() saw (EVENT_NULL_STR for NULL).
 */
#undef __TES_COPY_STR
#define __TES_COPY_STR(dst, src, room)					\
	do {								\
		const char *__tes_src = (src) ? (src) : EVENT_NULL_STR;	\
		char *__tes_dst = (dst);				\
		u32 __tes_room = (room);				\
									\
		memcpy(__tes_dst, __tes_src, __tes_room - 1);		\
		__tes_dst[__tes_room - 1] = '\0';			\
	} while (0)

#undef __assign_str
#define __assign_str(dst)						\
	__TES_COPY_STR(__get_str(dst), __data_offsets.dst##_src_,	\
		       __get_dynamic_array_len(dst))
#undef __assign_rel_str
#define __assign_rel_str(dst)						\
	__TES_COPY_STR(__get_rel_str(dst), __data_offsets.dst##_src_,	\
		       __get_rel_dynamic_array_len(dst))

#undef __assign_vstr
#define __assign_vstr(dst, fmt, va)					\
	do {								\
		va_list __tes_va;					\
									\
		va_copy(__tes_va, *(va));				\
		vsnprintf(__get_str(dst), __get_dynamic_array_len(dst),	\
			  fmt, __tes_va);				\
		va_end(__tes_va);					\
	} while (0)

#undef __assign_bitmask
#define __assign_bitmask(dst, src, nr_bits)				\
	memcpy(__get_bitmask(dst), (src), __get_dynamic_array_len(dst))
#undef __assign_cpumask
#define __assign_cpumask(dst, src)					\
	memcpy(__get_cpumask(dst), (src), __get_dynamic_array_len(dst))
#undef __assign_sockaddr
#define __assign_sockaddr(dst, src, len)				\
	memcpy(__get_dynamic_array(dst), (src), (len))

#undef __assign_rel_bitmask
#define __assign_rel_bitmask(dst, src, nr_bits)				\
	memcpy(__get_rel_bitmask(dst), (src),				\
	       __get_rel_dynamic_array_len(dst))
#undef __assign_rel_cpumask
#define __assign_rel_cpumask(dst, src)					\
	memcpy(__get_rel_cpumask(dst), (src),				\
	       __get_rel_dynamic_array_len(dst))
#undef __assign_rel_sockaddr
#define __assign_rel_sockaddr(dst, src, len)				\
	memcpy(__get_rel_dynamic_array(dst), (src), (len))

#undef TP_fast_assign
#define TP_fast_assign(args...)	args

/* For the trace buffer, the perf-only argument markers are plain values. */
#undef __perf_count
#define __perf_count(c)		(c)
#undef __perf_task
#define __perf_task(t)		(t)
