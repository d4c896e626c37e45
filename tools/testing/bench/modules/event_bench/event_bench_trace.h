/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The two trace events event_bench.c measures: a 4-byte and a 128-byte
 * payload.
 *
 * Copyright (C) 2026 The ftrace clean-room authors
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM event_bench

#if !defined(_EVENT_BENCH_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _EVENT_BENCH_TRACE_H

#include <linux/tracepoint.h>

TRACE_EVENT(event_bench_4,
	    TP_PROTO(u32 value),
	    TP_ARGS(value),
	    TP_STRUCT__entry(__field(u32, value)),
	    TP_fast_assign(__entry->value = value;),
	    TP_printk("value=%u", __entry->value)
);

TRACE_EVENT(event_bench_128,
	    TP_PROTO(const u8 *bytes),
	    TP_ARGS(bytes),
	    TP_STRUCT__entry(__array(u8, bytes, 128)),
	    TP_fast_assign(memcpy(__entry->bytes, bytes, 128);),
	    TP_printk("bytes=%*ph...", 16, __entry->bytes)
);

#endif /* _EVENT_BENCH_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE event_bench_trace
#include <trace/define_trace.h>
