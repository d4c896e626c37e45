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

#include <linux/stringify.h>

#ifndef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE TRACE_SYSTEM
#define __TCE_UNDEF_INCLUDE_FILE
#endif

#undef TRACE_INCLUDE
#undef __TRACE_INCLUDE
#ifdef TRACE_INCLUDE_PATH
#define __TRACE_INCLUDE(file)	__stringify(TRACE_INCLUDE_PATH/file.h)
#else
#define __TRACE_INCLUDE(file)	<trace/events/file.h>
#endif
#define TRACE_INCLUDE(file)	__TRACE_INCLUDE(file)

/* The header's own include guard lets it be read again from here. */
#define TRACE_CUSTOM_MULTI_READ

#if defined(CONFIG_EVENT_TRACING) && defined(TRACEPOINTS_ENABLED)
#include <trace/trace_custom_events.h>
#endif

#undef TRACE_CUSTOM_EVENT
#undef DECLARE_CUSTOM_EVENT_CLASS
#undef DEFINE_CUSTOM_EVENT
#undef TRACE_CUSTOM_MULTI_READ

#ifdef __TCE_UNDEF_INCLUDE_FILE
#undef TRACE_INCLUDE_FILE
#undef __TCE_UNDEF_INCLUDE_FILE
#endif

/* Another custom event header may follow in the same file. */
#define CREATE_CUSTOM_TRACE_EVENTS

#endif /* CREATE_CUSTOM_TRACE_EVENTS */
