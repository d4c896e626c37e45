/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * rethook: generic function-return hooking for kprobes and fprobe.  We do
 * not offer it yet (CONFIG_RETHOOK is not a choice in our Kconfig), so
 * only the task-exit hook that kernel/exit.c calls exists, as a no-op.
 */
#ifndef _LINUX_RETHOOK_H
#define _LINUX_RETHOOK_H

#include <linux/compiler.h>

struct task_struct;

#define rethook_flush_task(tsk)	((void)(tsk))

#endif /* _LINUX_RETHOOK_H */
