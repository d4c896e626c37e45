/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Included at the end of a custom event header (the TRACE_CUSTOM_EVENT()s
 * of samples/trace_events/trace_custom_sched.h): in the one .c file that
 * defines CREATE_CUSTOM_TRACE_EVENTS before including that header, it
 * makes the events (<trace/trace_custom_events.h>); elsewhere it does
 * nothing.  The header is found as the tracepoint headers are:
 * TRACE_INCLUDE_PATH/TRACE_INCLUDE_FILE.h, TRACE_INCLUDE_FILE defaulting
 * to TRACE_SYSTEM.
 */

#ifdef CREATE_CUSTOM_TRACE_EVENTS
#undef CREATE_CUSTOM_TRACE_EVENTS

#include <trace/trace_include.h>

/* The header's own include guard lets it be read again from here. */
#define TRACE_CUSTOM_MULTI_READ

#if defined(CONFIG_EVENT_TRACING) && defined(TRACEPOINTS_ENABLED)
#include <trace/trace_custom_events.h>
#endif

#undef TRACE_CUSTOM_EVENT
#undef DECLARE_CUSTOM_EVENT_CLASS
#undef DEFINE_CUSTOM_EVENT
#undef TRACE_CUSTOM_MULTI_READ

#ifdef __TRACE_UNDEF_INCLUDE_FILE
#undef TRACE_INCLUDE_FILE
#undef __TRACE_UNDEF_INCLUDE_FILE
#endif

/* Another custom event header may follow in the same file. */
#define CREATE_CUSTOM_TRACE_EVENTS

#endif /* CREATE_CUSTOM_TRACE_EVENTS */
