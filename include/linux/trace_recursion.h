/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Recursion protection for function-entry callbacks.  A callback that may
 * itself call traced code brackets its work with
 * ftrace_test_recursion_trylock() / ftrace_test_recursion_unlock(); the
 * lock is per task and per context (normal, softirq, irq, NMI), kept in
 * task_struct::trace_recursion.  It comes with the function tracer.
 */
#ifndef _LINUX_TRACE_RECURSION_H
#define _LINUX_TRACE_RECURSION_H

#include <linux/interrupt.h>
#include <linux/sched.h>

#endif /* _LINUX_TRACE_RECURSION_H */
