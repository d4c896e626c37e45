/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Stage "output": the text of a record, for the trace and trace_pipe
 * files.  For each class
 *
 *	trace_raw_output_<class>(iter, flags, event)
 *
 * prints "<event name>: " and then TP_printk()'s format with its
 * arguments, __entry being the record; and trace_event_type_funcs_<class>
 * points to it.  A DEFINE_EVENT_PRINT() event gets a function of its own.
 *
 * The print helpers (__print_flags() ...) write into "p", the reader's
 * scratch sequence (iter->tmp_seq), and return the text they wrote there.
 */

#undef __entry
#define __entry field

#include <trace/stages/access.h>

#undef TP_printk
#define TP_printk(fmt, args...)	fmt "\n", ##args

/* Masks print as hexadecimal words (trace_seq_bitmask()). */
#undef __TES_MASK_TEXT
#define __TES_MASK_TEXT(bits, bytes)	trace_print_bitmask_seq(p, bits, bytes)
#undef __get_bitmask
#define __get_bitmask(field)						\
	__TES_MASK_TEXT(__get_dynamic_array(field),			\
			__get_dynamic_array_len(field))
#undef __get_rel_bitmask
#define __get_rel_bitmask(field)					\
	__TES_MASK_TEXT(__get_rel_dynamic_array(field),			\
			__get_rel_dynamic_array_len(field))
#undef __get_cpumask
#define __get_cpumask(field)		__get_bitmask(field)
#undef __get_rel_cpumask
#define __get_rel_cpumask(field)	__get_rel_bitmask(field)

/* A name table as the print helpers take it, ended by a NULL name. */
#undef __TES_NAMES
#define __TES_NAMES(type, entries...)	((const type[]){ entries, { -1, NULL } })

#undef __print_flags
#define __print_flags(flag, delim, flag_array...)			\
	trace_print_flags_seq(p, delim, flag,				\
		__TES_NAMES(struct trace_print_flags, flag_array))
#undef __print_symbolic
#define __print_symbolic(value, symbol_array...)			\
	trace_print_symbols_seq(p, value,				\
		__TES_NAMES(struct trace_print_flags, symbol_array))

#undef __print_flags_u64
#undef __print_symbolic_u64
#if BITS_PER_LONG == 64
#define __print_flags_u64(flag, delim, flag_array...)			\
	__print_flags(flag, delim, flag_array)
#define __print_symbolic_u64(value, symbol_array...)			\
	__print_symbolic(value, symbol_array)
#else
#define __print_flags_u64(flag, delim, flag_array...)			\
	trace_print_flags_seq_u64(p, delim, flag,			\
		__TES_NAMES(struct trace_print_flags_u64, flag_array))
#define __print_symbolic_u64(value, symbol_array...)			\
	trace_print_symbols_seq_u64(p, value,				\
		__TES_NAMES(struct trace_print_flags_u64, symbol_array))
#endif

#undef __print_hex
#define __print_hex(buf, buf_len)	trace_print_hex_seq(p, buf, buf_len, false)
#undef __print_hex_str
#define __print_hex_str(buf, buf_len)	trace_print_hex_seq(p, buf, buf_len, true)
#undef __print_hex_dump
#define __print_hex_dump(prefix_str, prefix_type, rowsize, groupsize,	\
			 buf, len, ascii)				\
	trace_print_hex_dump_seq(p, prefix_str, prefix_type, rowsize,	\
				 groupsize, buf, len, ascii)

/* Array elements of 1, 2, 4 or 8 bytes; anything else does not build. */
#undef __TES_ELEM
#define __TES_ELEM(size)						\
	((size) + BUILD_BUG_ON_ZERO((size) != 1 && (size) != 2 &&	\
				    (size) != 4 && (size) != 8))
#undef __print_array
#define __print_array(array, count, el_size)				\
	trace_print_array_seq(p, array, count, __TES_ELEM(el_size))
#undef __print_dynamic_array
#define __print_dynamic_array(array, el_size)				\
	trace_print_array_seq(p, __get_dynamic_array(array),		\
			      __get_dynamic_array_len(array) / (el_size), \
			      __TES_ELEM(el_size))

/* A nanosecond count as seconds, and what is left of it. */
#undef __print_ns_to_secs
#define __print_ns_to_secs(value)	div_u64((u64)(value), NSEC_PER_SEC)
#undef __print_ns_without_secs
#define __print_ns_without_secs(value)					\
	({								\
		u32 __tes_ns;						\
									\
		div_u64_rem((u64)(value), NSEC_PER_SEC, &__tes_ns);	\
		__tes_ns;						\
	})

#undef __get_buf
#define __get_buf(len)		trace_seq_acquire(p, (len))

#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(call, proto, args, tstruct, assign, print)	\
	static notrace enum print_line_t				\
	trace_raw_output_##call(struct trace_iterator *iter, int flags,	\
				struct trace_event *trace_event)	\
	{								\
		struct trace_event_raw_##call __maybe_unused *field =			\
			(struct trace_event_raw_##call *)iter->ent;	\
		struct trace_seq __maybe_unused *p = &iter->tmp_seq;	\
		int ret;						\
									\
		ret = trace_raw_output_prep(iter, trace_event);		\
		if (ret != TRACE_TYPE_HANDLED)				\
			return ret;					\
		trace_event_printf(iter, print);			\
		return trace_handle_return(&iter->seq);			\
	}								\
	static struct trace_event_functions trace_event_type_funcs_##call = { \
		.trace = trace_raw_output_##call,			\
	};

#undef DEFINE_EVENT
#define DEFINE_EVENT(template, name, proto, args)

#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(template, name, proto, args, print)		\
	static notrace enum print_line_t				\
	trace_raw_output_##name(struct trace_iterator *iter, int flags,	\
				struct trace_event *trace_event)	\
	{								\
		struct trace_event_raw_##template __maybe_unused *field =		\
			(struct trace_event_raw_##template *)iter->ent;	\
		struct trace_seq __maybe_unused *p = &iter->tmp_seq;	\
		int ret;						\
									\
		ret = trace_raw_output_prep(iter, trace_event);		\
		if (ret != TRACE_TYPE_HANDLED)				\
			return ret;					\
		trace_event_printf(iter, print);			\
		return trace_handle_return(&iter->seq);			\
	}								\
	static struct trace_event_functions trace_event_type_funcs_##name = { \
		.trace = trace_raw_output_##name,			\
	};
