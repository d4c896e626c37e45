// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The "nop" tracer: what current_tracer says when no tracer runs.  It
 * records nothing itself; the buffer still takes trace_printk(),
 * trace_marker and, later, trace events.  Every instance starts with it,
 * and "echo nop > current_tracer" stops whichever tracer was running.
 */

#include "trace.h"

struct tracer nop_trace = {
	.name			= "nop",
	.allow_instances	= true,
};
