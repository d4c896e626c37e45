/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * TP_STRUCT__entry() for every stage: each field kind reduced to one of
 * four shapes, which each stage then defines.  Included by
 * <trace/trace_events.h> and <trace/trace_custom_events.h> before their
 * stages.
 */

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
