/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * struct ftrace_regs: the register state a function-entry trampoline hands
 * to its callbacks.  An architecture with its own layout defines
 * HAVE_ARCH_FTRACE_REGS and the accessors; everyone else gets a full
 * struct pt_regs behind the opaque type and the accessors below map onto
 * the pt_regs helpers of <asm/ptrace.h>.
 */
#ifndef _LINUX_FTRACE_REGS_H
#define _LINUX_FTRACE_REGS_H

#ifndef HAVE_ARCH_FTRACE_REGS

struct __arch_ftrace_regs {
	struct pt_regs regs;
};

/* Callers only ever see the opaque struct ftrace_regs. */
struct ftrace_regs;

#define arch_ftrace_regs(fregs)	((struct __arch_ftrace_regs *)(fregs))
#define __ftrace_pt_regs(fregs)	(&arch_ftrace_regs(fregs)->regs)

#define ftrace_regs_get_instruction_pointer(fregs) \
	instruction_pointer(__ftrace_pt_regs(fregs))
#define ftrace_regs_get_stack_pointer(fregs) \
	kernel_stack_pointer(__ftrace_pt_regs(fregs))
#define ftrace_regs_get_frame_pointer(fregs) \
	frame_pointer(__ftrace_pt_regs(fregs))
#define ftrace_regs_get_argument(fregs, n) \
	regs_get_kernel_argument(__ftrace_pt_regs(fregs), n)
#define ftrace_regs_get_return_value(fregs) \
	regs_return_value(__ftrace_pt_regs(fregs))
#define ftrace_regs_set_return_value(fregs, ret) \
	regs_set_return_value(__ftrace_pt_regs(fregs), ret)
#define ftrace_override_function_with_return(fregs) \
	override_function_with_return(__ftrace_pt_regs(fregs))
#define ftrace_regs_query_register_offset(name) \
	regs_query_register_offset(name)

#endif /* !HAVE_ARCH_FTRACE_REGS */

#endif /* _LINUX_FTRACE_REGS_H */
