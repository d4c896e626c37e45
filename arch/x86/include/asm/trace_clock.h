/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * x86 trace clocks: "x86-tsc" reads the time stamp counter directly, so
 * its values are cycles, not nanoseconds.
 */
#ifndef _ASM_X86_TRACE_CLOCK_H
#define _ASM_X86_TRACE_CLOCK_H

#include <linux/compiler.h>
#include <linux/types.h>

#ifdef CONFIG_X86_TSC
u64 notrace trace_clock_x86_tsc(void);

/* Entries for the trace_clock table: { read, name, counts nanoseconds? } */
#define ARCH_TRACE_CLOCKS \
	{ .read = trace_clock_x86_tsc, .name = "x86-tsc", .in_ns = false },
#else
#define ARCH_TRACE_CLOCKS
#endif

#endif /* _ASM_X86_TRACE_CLOCK_H */
