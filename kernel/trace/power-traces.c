// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The power tracepoints (<trace/events/power.h>): the idle loop, suspend
 * and resume, cpufreq, PM QoS, clocks and power domains all call them,
 * so they live here rather than with any one caller.  Those that modular
 * drivers call are exported.
 */
#include <linux/export.h>

#define CREATE_TRACE_POINTS
#include <trace/events/power.h>

EXPORT_TRACEPOINT_SYMBOL_GPL(cpu_idle);
EXPORT_TRACEPOINT_SYMBOL_GPL(cpu_frequency);
EXPORT_TRACEPOINT_SYMBOL_GPL(powernv_throttle);
EXPORT_TRACEPOINT_SYMBOL_GPL(suspend_resume);
