// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The function tracer's global state, below every other file of it:
 * ftrace_lock, the two switches (ftrace_enabled, the sysctl; and
 * ftrace_disabled, set for good when patching failed) and ftrace_kill().
 */

#include <linux/mutex.h>

#include "ftrace_internal.h"

/* See ftrace_internal.h for what it protects. */
DEFINE_MUTEX(ftrace_lock);

/* Set for good by ftrace_kill(); read under ftrace_lock. */
bool ftrace_disabled;

/* /proc/sys/kernel/ftrace_enabled.  Written under ftrace_lock. */
int ftrace_enabled __read_mostly = 1;

/**
 * ftrace_kill - stop all function tracing for good
 *
 * No call site is patched again and no ops can be registered.  Call
 * sites already calling a trampoline keep doing so, but reach only
 * ftrace_stub once the trampolines' callback is next patched.
 */
void ftrace_kill(void)
{
	/*
	 * Any context, without ftrace_lock (ftrace_bug() calls it).
	 * ftrace_disabled is read plainly under ftrace_lock by the update
	 * and registration paths, which see it at their next check;
	 * ftrace_enabled by arch_ftrace_ops_list_func().  No ordering
	 * between the two is needed.
	 */
	WRITE_ONCE(ftrace_disabled, true);
	WRITE_ONCE(ftrace_enabled, 0);
}
