/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Where an event header is, for <trace/define_trace.h> and
 * <trace/define_custom_trace.h>, which read it again:
 * TRACE_INCLUDE(TRACE_INCLUDE_FILE) names TRACE_INCLUDE_PATH/FILE.h, or
 * <trace/events/FILE.h> without a path; FILE defaults to TRACE_SYSTEM.
 * The includer undefines that default when done, if
 * __TRACE_UNDEF_INCLUDE_FILE says it was set here.
 */

#include <linux/stringify.h>

#ifndef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE TRACE_SYSTEM
#define __TRACE_UNDEF_INCLUDE_FILE
#endif

#undef TRACE_INCLUDE
#undef __TRACE_INCLUDE
#ifdef TRACE_INCLUDE_PATH
#define __TRACE_INCLUDE(file)	__stringify(TRACE_INCLUDE_PATH/file.h)
#else
#define __TRACE_INCLUDE(file)	<trace/events/file.h>
#endif
/* One more level, so that TRACE_INCLUDE_FILE is expanded first. */
#define TRACE_INCLUDE(file)	__TRACE_INCLUDE(file)
