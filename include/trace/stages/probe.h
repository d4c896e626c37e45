/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Stage "probe": trace_event_raw_event_<class>(file, args...), the
 * tracepoint probe that writes a record into the ring buffer of the
 * trace_event_file it was registered with.  It runs with preemption
 * disabled (the tracepoint's doing) and takes no lock.
 *
 * fbuffer is __uninitialized: trace_event_buffer_reserve() sets every
 * field before it returns a record, and nothing reads it otherwise; an
 * automatic zeroing (INIT_STACK_ALL_ZERO) would cost each event a
 * 48-byte store loop.
 */

#include <trace/stages/assign.h>

#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(call, proto, args, tstruct, assign, print)	\
	static notrace void						\
	trace_event_raw_event_##call(void *__data, proto)		\
	{								\
		struct trace_event_file *trace_file = __data;		\
		struct trace_event_data_offsets_##call			\
			__maybe_unused __data_offsets;			\
		struct trace_event_raw_##call *entry;			\
		struct trace_event_buffer fbuffer __uninitialized;	\
		int __data_size;					\
									\
		if (trace_trigger_soft_disabled(trace_file))		\
			return;						\
		__data_size = trace_event_get_offsets_##call(		\
					&__data_offsets, args);		\
		entry = trace_event_buffer_reserve(&fbuffer, trace_file, \
					sizeof(*entry) + __data_size);	\
		if (!entry)						\
			return;						\
		tstruct							\
		{ assign; }						\
		trace_event_buffer_commit(&fbuffer);			\
	}

/* The compiler checks that the class's probe fits the tracepoint. */
#undef DEFINE_EVENT
#define DEFINE_EVENT(template, name, proto, args)			\
	static inline void ftrace_test_probe_##name(void)		\
	{								\
		check_trace_callback_type_##name(			\
			trace_event_raw_event_##template);		\
	}

#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(template, name, proto, args, print)		\
	DEFINE_EVENT(template, name, PARAMS(proto), PARAMS(args))
