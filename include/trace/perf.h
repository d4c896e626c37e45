/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Stage "perf": perf_trace_<class>(call, args...), the tracepoint probe
 * that hands a record to the perf events open on the event (perf stat/
 * record -e <system>:<event>).  Registered through trace_event_reg()
 * with TRACE_REG_PERF_REGISTER, with the trace_event_call as data.
 *
 * The record is built, with the same layout as in the ring buffer, in
 * the scratch buffer perf_trace_event_begin() hands out, and
 * perf_trace_event_end() gives it to perf (kernel/trace/trace_event_perf.c).
 *
 * Included by <trace/trace_events.h> while it instantiates an event
 * header, after the "sizes" stage.
 */

#ifdef CONFIG_PERF_EVENTS

#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(call, proto, args, tstruct, assign, print)	\
	static notrace void						\
	perf_trace_##call(void *__data, proto)				\
	{								\
		struct trace_event_call *event_call = __data;		\
		struct trace_event_data_offsets_##call			\
			__maybe_unused __data_offsets;			\
		struct trace_event_raw_##call *entry;			\
		struct task_struct *__task = NULL;			\
		struct pt_regs *__regs;					\
		u64 __count = 1;					\
		int __size, rctx;					\
									\
		__size = trace_event_get_offsets_##call(&__data_offsets, \
							args);		\
		__size += sizeof(*entry);				\
		entry = perf_trace_event_begin(event_call, __task,	\
					       &__size, &__regs, &rctx); \
		if (!entry)						\
			return;						\
		perf_fetch_caller_regs(__regs);				\
		tstruct							\
		{ assign; }						\
		perf_trace_event_end(entry, __size, rctx, event_call,	\
				     __count, __regs, __task);		\
	}

#undef DEFINE_EVENT
#define DEFINE_EVENT(template, name, proto, args)			\
	static inline void perf_test_probe_##name(void)			\
	{								\
		check_trace_callback_type_##name(perf_trace_##template); \
	}

#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(template, name, proto, args, print)		\
	DEFINE_EVENT(template, name, PARAMS(proto), PARAMS(args))

/*
 * The fields and helpers as the ring buffer probe sees them, except that
 * arguments marked __perf_count() and __perf_task() set the sample's
 * count and task.
 */
#include <trace/stages/assign.h>
#undef __perf_task
#define __perf_task(t)		(__task = (t))
#undef __perf_count
#define __perf_count(c)		(__count = (c))

#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

#endif /* CONFIG_PERF_EVENTS */
