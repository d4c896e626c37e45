/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The clocks that stamp trace events.  trace_clock_local() is the fast
 * per-CPU clock (not comparable across CPUs), trace_clock_global() is
 * monotonic across CPUs, trace_clock_counter() is an atomic counter and
 * trace_clock_jiffies() counts jiffies.  trace_clock() is the default.
 * All of them are notrace: they run inside the tracers.
 */
#ifndef _LINUX_TRACE_CLOCK_H
#define _LINUX_TRACE_CLOCK_H

#include <linux/compiler.h>
#include <linux/types.h>

#include <asm/trace_clock.h>

u64 notrace trace_clock(void);
u64 notrace trace_clock_local(void);
u64 notrace trace_clock_global(void);
u64 notrace trace_clock_counter(void);
u64 notrace trace_clock_jiffies(void);

#endif /* _LINUX_TRACE_CLOCK_H */
