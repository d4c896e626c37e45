/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * NMI entry and exit hooks for tracers that measure time spent in NMIs
 * (the hardware-latency and osnoise tracers).  Called from nmi_enter() and
 * nmi_exit() on every NMI.  We offer neither tracer, so both hooks compile
 * to nothing.
 */
#ifndef _LINUX_FTRACE_IRQ_H
#define _LINUX_FTRACE_IRQ_H

static inline void ftrace_nmi_enter(void)
{
}

static inline void ftrace_nmi_exit(void)
{
}

#endif /* _LINUX_FTRACE_IRQ_H */
