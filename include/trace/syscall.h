/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * System call metadata.  SYSCALL_METADATA() in <linux/syscalls.h> builds
 * one struct syscall_metadata per system call when syscall events are
 * configured; the syscall tracer reads the names, argument types and
 * argument names from it to build events/syscalls/sys_{enter,exit}_*.
 */
#ifndef _TRACE_SYSCALL_H
#define _TRACE_SYSCALL_H

#include <linux/tracepoint.h>
#include <linux/unistd.h>
#include <linux/trace_events.h>
#include <linux/thread_info.h>

#include <asm/ptrace.h>

/**
 * struct syscall_metadata - what the syscall tracer knows of one syscall
 * @name:         "sys_openat", ...
 * @syscall_nr:   its number, filled in at boot (-1 until then)
 * @nb_args:      number of arguments
 * @types:        argument type names
 * @args:         argument names
 * @enter_fields: the sys_enter event's fields
 * @enter_event:  events/syscalls/sys_enter_<name>
 * @exit_event:   events/syscalls/sys_exit_<name>
 */
struct syscall_metadata {
	const char		*name;
	int			syscall_nr;
	int			nb_args;
	const char		**types;
	const char		**args;
	struct list_head	enter_fields;

	struct trace_event_call	*enter_event;
	struct trace_event_call	*exit_event;
};

/* Linker table of every struct syscall_metadata (SYSCALL_METADATA()). */
extern struct syscall_metadata *__start_syscalls_metadata[];
extern struct syscall_metadata *__stop_syscalls_metadata[];

/*
 * Called from fork with tasklist_lock held: the child of a task with the
 * syscall tracepoints on gets them too.  syscall_regfunc() and
 * syscall_unregfunc() (kernel/tracepoint.c) mark and unmark every thread
 * under tasklist_lock, so copying the parent's mark here loses no update.
 */
#if defined(CONFIG_TRACEPOINTS) && defined(CONFIG_HAVE_SYSCALL_TRACEPOINTS)
static inline void syscall_tracepoint_update(struct task_struct *p)
{
	if (test_syscall_work(SYSCALL_TRACEPOINT))
		set_task_syscall_work(p, SYSCALL_TRACEPOINT);
	else
		clear_task_syscall_work(p, SYSCALL_TRACEPOINT);
}
#else
static inline void syscall_tracepoint_update(struct task_struct *p)
{
}
#endif

#endif /* _TRACE_SYSCALL_H */
