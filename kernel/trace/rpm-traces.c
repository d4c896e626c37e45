// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The runtime PM tracepoints (<trace/events/rpm.h>), called from
 * drivers/base/power/runtime.c and exported for drivers that report
 * their own runtime PM transitions.
 */
#include <linux/device.h>
#include <linux/export.h>

#define CREATE_TRACE_POINTS
#include <trace/events/rpm.h>

EXPORT_TRACEPOINT_SYMBOL_GPL(rpm_idle);
EXPORT_TRACEPOINT_SYMBOL_GPL(rpm_suspend);
EXPORT_TRACEPOINT_SYMBOL_GPL(rpm_resume);
EXPORT_TRACEPOINT_SYMBOL_GPL(rpm_return_int);
