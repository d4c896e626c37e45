// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The error report tracepoint (<trace/events/error_report.h>): KASAN,
 * KFENCE and other detectors announce a finished report through it, and
 * test modules listen.
 */
#include <linux/export.h>

#define CREATE_TRACE_POINTS
#include <trace/events/error_report.h>

EXPORT_TRACEPOINT_SYMBOL_GPL(error_report_end);
