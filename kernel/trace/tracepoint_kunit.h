/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Tracepoints of the "tracepoint" KUnit suite (tracepoint_kunit.c, which
 * instantiates them).  One of each declaration form an event header may
 * use, so the suite also exercises <trace/define_trace.h>.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tracepoint_kunit

#if !defined(_TRACEPOINT_KUNIT_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TRACEPOINT_KUNIT_H

#include <linux/tracepoint.h>

/* regfunc/unregfunc of tp_kunit_fn, in tracepoint_kunit.c */
int tp_kunit_regfunc(void);
void tp_kunit_unregfunc(void);

/* Bare tracepoints: no event, only the tracepoint. */
DECLARE_TRACE(tp_kunit_plain,
	TP_PROTO(int v, long w),
	TP_ARGS(v, w));

DECLARE_TRACE_CONDITION(tp_kunit_cond,
	TP_PROTO(int v, long w),
	TP_ARGS(v, w),
	TP_CONDITION(v > 0));

/* Events: the tracepoint side of each form. */
TRACE_EVENT(tp_kunit_event,
	TP_PROTO(int v, long w),
	TP_ARGS(v, w),
	TP_STRUCT__entry(
		__field(int, v)
		__field(long, w)
	),
	TP_fast_assign(
		__entry->v = v;
		__entry->w = w;
	),
	TP_printk("v=%d w=%ld", __entry->v, __entry->w)
);

TRACE_EVENT_CONDITION(tp_kunit_event_cond,
	TP_PROTO(int v, long w),
	TP_ARGS(v, w),
	TP_CONDITION(v & 1),
	TP_STRUCT__entry(
		__field(int, v)
	),
	TP_fast_assign(
		__entry->v = v;
	),
	TP_printk("v=%d", __entry->v)
);

TRACE_EVENT_FN(tp_kunit_fn,
	TP_PROTO(int v, long w),
	TP_ARGS(v, w),
	TP_STRUCT__entry(
		__field(int, v)
	),
	TP_fast_assign(
		__entry->v = v;
	),
	TP_printk("v=%d", __entry->v),
	tp_kunit_regfunc, tp_kunit_unregfunc
);

/* The class keeps its fields the other way round, w first. */
DECLARE_EVENT_CLASS(tp_kunit_class,
	TP_PROTO(int v, long w),
	TP_ARGS(v, w),
	TP_STRUCT__entry(
		__field(long, w)
		__field(int, v)
	),
	TP_fast_assign(
		__entry->w = w;
		__entry->v = v;
	),
	TP_printk("w=%ld v=%d", __entry->w, __entry->v)
);

DEFINE_EVENT(tp_kunit_class, tp_kunit_class_a,
	TP_PROTO(int v, long w),
	TP_ARGS(v, w));

DEFINE_EVENT_CONDITION(tp_kunit_class, tp_kunit_class_cond,
	TP_PROTO(int v, long w),
	TP_ARGS(v, w),
	TP_CONDITION(w != 0));

#endif /* _TRACEPOINT_KUNIT_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE tracepoint_kunit
#include <trace/define_trace.h>
