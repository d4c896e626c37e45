/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Trace clocks of an architecture that has none of its own: the
 * trace_clock table (kernel/trace/trace.c) gets no extra entries.
 */
#ifndef _ASM_GENERIC_TRACE_CLOCK_H
#define _ASM_GENERIC_TRACE_CLOCK_H

/* Entries for the trace_clock table: { read, name, counts nanoseconds? } */
#ifndef ARCH_TRACE_CLOCKS
#define ARCH_TRACE_CLOCKS
#endif

#endif /* _ASM_GENERIC_TRACE_CLOCK_H */
