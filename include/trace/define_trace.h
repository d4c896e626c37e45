/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Included at the end of every event header.  In the one .c file that
 * defines CREATE_TRACE_POINTS it instantiates the header's tracepoints
 * and events; everywhere else it does nothing.
 *
 * With tracepoints compiled out (!CONFIG_TRACEPOINTS) there is nothing to
 * instantiate: every trace_<name>() is already an empty inline.  The
 * instantiating side comes with tracepoint support.
 */
