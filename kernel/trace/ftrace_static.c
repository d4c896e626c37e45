// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The static function tracer (CONFIG_DYNAMIC_FTRACE=n): every traced
 * function calls the architecture's _mcount on entry, always, and
 * _mcount calls ftrace_trace_function unless that is ftrace_stub.
 * Nothing is patched and there are no call site records, so no filters:
 * every registered ops sees every function.
 *
 * ftrace_trace_function is ftrace_stub while no ops counts, else the
 * list function, which walks the ops list and ignores the op _mcount
 * passes.  It is never an ops' own callback: with nothing patched a
 * lone callback could be reached with a stale op by a task that loaded
 * the pointers just before the switch, and the static tracer is not
 * where that saving is worth a grace period per change.
 */

#include <linux/tracefs.h>

#include "trace.h"
#include "ftrace_internal.h"

/* Read by _mcount on every call; written under ftrace_lock. */
ftrace_func_t ftrace_trace_function __read_mostly = ftrace_stub;

/* The top-level function tracer's ops. */
struct ftrace_ops global_ops = {
	.func	= ftrace_stub,
	.flags	= FTRACE_OPS_FL_INITIALIZED,
};

/**
 * ftrace_update_all - point _mcount at what the registered ops need
 *
 * ftrace_lock.  An ops added is called from the next traced function on;
 * unregister_ftrace_function() waits for the callers of one removed.
 *
 * Return: 0, or -ENODEV when function tracing is dead.
 */
int ftrace_update_all(void)
{
	ftrace_func_t func = ftrace_stub;
	struct ftrace_ops *op;

	lockdep_assert_held(&ftrace_lock);
	for_each_ftrace_op_locked(op) {
		if (ftrace_ops_counts(op))
			func = arch_ftrace_ops_list_func;
	}
	if (ftrace_disabled)
		func = ftrace_stub;
	/*
	 * _mcount loads it on every traced call, on any CPU: one store, a
	 * caller runs the old function or the new one.  An ops removed is
	 * waited for by unregister_ftrace_function(), not ordered here.
	 */
	WRITE_ONCE(ftrace_trace_function, func);
	return ftrace_disabled ? -ENODEV : 0;
}

/* The top level's set_ftrace_pid and set_ftrace_notrace_pid. */
static __init int ftrace_static_init_tracefs(void)
{
	if (tracing_disabled || ftrace_disabled || !tracefs_initialized())
		return 0;
	if (global_trace.ops)
		ftrace_create_filter_files(&global_trace, NULL);
	return 0;
}
fs_initcall(ftrace_static_init_tracefs);
