/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Where a variable-length field's data are, given __entry (the record
 * being written or printed): the stages that touch records include this
 * after giving __entry its meaning.  See stages/record.h for the
 * __data_loc and __rel_loc words.
 */

#undef __get_dynamic_array
#define __get_dynamic_array(field)					\
	((void *)__entry + (__entry->__data_loc_##field & 0xffff))
#undef __get_dynamic_array_len
#define __get_dynamic_array_len(field)					\
	((__entry->__data_loc_##field >> 16) & 0xffff)
#undef __get_str
#define __get_str(field)	((char *)__get_dynamic_array(field))
#undef __get_sockaddr
#define __get_sockaddr(field)	((struct sockaddr *)__get_dynamic_array(field))

#undef __get_rel_dynamic_array
#define __get_rel_dynamic_array(field)					\
	((void *)&__entry->__rel_loc_##field + sizeof(u32) +		\
	 (__entry->__rel_loc_##field & 0xffff))
#undef __get_rel_dynamic_array_len
#define __get_rel_dynamic_array_len(field)				\
	((__entry->__rel_loc_##field >> 16) & 0xffff)
#undef __get_rel_str
#define __get_rel_str(field)	((char *)__get_rel_dynamic_array(field))
#undef __get_rel_sockaddr
#define __get_rel_sockaddr(field)					\
	((struct sockaddr *)__get_rel_dynamic_array(field))
