/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The i386 function tracing entry points: what ftrace_64.S is for
 * x86-64, with the 32-bit struct pt_regs and the kernel's regparm(3)
 * calling convention (the first three arguments in eax, edx, ecx, the
 * rest on the stack; eax, ecx, edx caller-saved; the return value in
 * eax, or edx:eax).
 *
 * __fentry__:  the target of gcc's "call __fentry__" before ftrace_init()
 *              has turned the calls into NOPs: it returns at once.  On
 *              i386 the function tracer is always dynamic (the x86
 *              Kconfig's FORCE_DYNAMIC_FTRACE), so no static tracer
 *              calls out of here.
 * ftrace_caller, ftrace_regs_caller:  the trampolines a traced function's
 *              patched call enters.  Both build a struct pt_regs (struct
 *              ftrace_regs on x86) below the return address and call
 *
 *                func(ip, parent_ip, op, fregs)
 *
 *              ip, parent_ip and op in eax, edx and ecx, fregs on the
 *              stack.  ftrace_caller saves the argument registers (eax,
 *              edx, ecx), bp, ip and sp and leaves cs zero (a partial
 *              pt_regs, see arch_ftrace_get_regs()); ftrace_regs_caller
 *              saves every register, the flags and the segment
 *              selectors and reloads every general register afterwards.
 *              Both return to regs->ip, which a callback may change.
 * ftrace_call, ftrace_regs_call, ftrace_stub, *_op_ptr, *_end:  as in
 *              ftrace_64.S: the patched callback call, the do-nothing
 *              callback, the load of function_trace_op and the RET that a
 *              per-ops trampoline (arch/x86/kernel/ftrace.c) copies up
 *              to.  The op load is "movl function_trace_op, %ecx", an
 *              absolute address, which a per-ops trampoline points at
 *              its own slot.
 * return_to_handler:  where a return hijacked by the graph tracer lands;
 *              it keeps eax and edx (the return value) across
 *              ftrace_return_to_handler() and returns to the real
 *              return address.
 *
 * Direct calls: a site shared by a direct ops and others calls
 *              ftrace_regs_caller, which after the callbacks continues to
 *              the direct trampoline left in regs->orig_ax, with the
 *              stack as the site's call made it.  No register is free at
 *              that point (eax, edx, ecx carry the traced function's
 *              arguments), so the jump is a RET to the address put just
 *              below the return address.
 */

#include <linux/export.h>
#include <linux/linkage.h>
#include <linux/cfi_types.h>
#include <asm/asm-offsets.h>
#include <asm/segment.h>
#include <asm/ftrace.h>
#include <asm/nospec-branch.h>

/*
 * On entry to a trampoline:
 *   0(%esp)  return address into the traced function (its call site + 5)
 *   4(%esp)  the traced function's own return address (parent_ip)
 * The trampolines put a struct pt_regs of PTREGS_SIZE bytes below that.
 */
#define RET_ADDR	PTREGS_SIZE
#define PARENT_ADDR	(PTREGS_SIZE + 4)
/* The pt_regs' last word, just below RET_ADDR: a direct call's target. */
#define DIRECT_ADDR	(PTREGS_SIZE - 4)

	.section .text, "ax"

SYM_FUNC_START(__fentry__)
	RET
SYM_FUNC_END(__fentry__)
EXPORT_SYMBOL(__fentry__)

SYM_TYPED_FUNC_START(ftrace_stub)
	RET
SYM_FUNC_END(ftrace_stub)

/*
 * Save what every callback may need: the three argument registers and
 * bp; regs->ip is the return address into the traced function and
 * regs->sp its stack pointer at entry (pointing at parent_ip).  Leaves
 * regs->ip in eax.
 */
.macro ftrace_save_args
	subl	$PTREGS_SIZE, %esp
	movl	%eax, PT_EAX(%esp)
	movl	%ecx, PT_ECX(%esp)
	movl	%edx, PT_EDX(%esp)
	movl	%ebp, PT_EBP(%esp)
	leal	PARENT_ADDR(%esp), %eax
	movl	%eax, PT_OLDESP(%esp)
	movl	$0, PT_ORIG_EAX(%esp)
	movl	RET_ADDR(%esp), %eax
	movl	%eax, PT_EIP(%esp)
.endm

/*
 * With frame pointers the unwinder follows the bp chain, and a traced
 * function has not pushed its frame yet when its call site enters a
 * trampoline: two frames pushed below the pt_regs, the first returning
 * into the traced function, the second into its parent and chained to
 * the bp it had, let a stack trace taken in a callback (the stack
 * tracer, func_stack_trace) show both.  bp comes back from the
 * pt_regs on the way out.  ftrace_pop_frames drops them with the
 * callback's pt_regs pointer argument, bp first taking the value the
 * traced function was entered with (the first frame's): an interrupt
 * taken after the pop writes where the frames were, and an unwinder
 * starting from its regs must not follow a bp into that.
 */
#ifdef CONFIG_FRAME_POINTER
#define FRAMES_SIZE	16
.macro ftrace_push_frames
	pushl	PARENT_ADDR(%esp)
	pushl	%ebp
	movl	%esp, %ebp
	pushl	RET_ADDR+8(%esp)
	pushl	%ebp
	movl	%esp, %ebp
.endm

.macro ftrace_pop_frames
	movl	12(%esp), %ebp
	addl	$(4 + FRAMES_SIZE), %esp
.endm
#else
#define FRAMES_SIZE	0
.macro ftrace_push_frames
.endm

.macro ftrace_pop_frames
	addl	$4, %esp
.endm
#endif

/*
 * The callback's arguments, from regs->ip in eax: ip, parent_ip, op and,
 * pushed, the pt_regs' address (PUSH stores the stack pointer it had
 * before, the frames are below the pt_regs).  \op_label marks the load
 * of the op, which a per-ops trampoline redirects to its own pointer.
 * The caller drops the pushed address and the frames after the call.
 */
.macro ftrace_load_callback_args op_label
	ftrace_push_frames
	subl	$MCOUNT_INSN_SIZE, %eax
	movl	PARENT_ADDR+FRAMES_SIZE(%esp), %edx
SYM_INNER_LABEL(\op_label, SYM_L_GLOBAL)
	movl	function_trace_op, %ecx
	pushl	%esp
	addl	$FRAMES_SIZE, (%esp)
.endm

/* Put regs->ip where the return address was and reload the arguments. */
.macro ftrace_restore_args
	movl	PT_EIP(%esp), %eax
	movl	%eax, RET_ADDR(%esp)
	movl	PT_EBP(%esp), %ebp
	movl	PT_EDX(%esp), %edx
	movl	PT_ECX(%esp), %ecx
	movl	PT_EAX(%esp), %eax
.endm

/*
 * Restore, pop the frame and return.  \end_label marks the RET: a
 * per-ops trampoline copies the code before it and writes its own
 * return there.
 */
.macro ftrace_restore_args_and_return end_label
	ftrace_restore_args
	addl	$PTREGS_SIZE, %esp
SYM_INNER_LABEL(\end_label, SYM_L_GLOBAL)
	RET
.endm

SYM_FUNC_START(ftrace_caller)
	ftrace_save_args
	/* Not a complete pt_regs: arch_ftrace_get_regs() tests cs. */
	movl	$0, PT_CS(%esp)
	ftrace_load_callback_args ftrace_caller_op_ptr
SYM_INNER_LABEL(ftrace_call, SYM_L_GLOBAL)
	call	ftrace_stub
	ftrace_pop_frames
	ftrace_restore_args_and_return ftrace_caller_end
SYM_FUNC_END(ftrace_caller)

SYM_FUNC_START(ftrace_regs_caller)
	ftrace_save_args
	movl	%ebx, PT_EBX(%esp)
	movl	%esi, PT_ESI(%esp)
	movl	%edi, PT_EDI(%esp)
	/* A selector moved to a 32-bit register is zero-extended. */
	movl	%ds, %ebx
	movl	%ebx, PT_DS(%esp)
	movl	%es, %ebx
	movl	%ebx, PT_ES(%esp)
	movl	%fs, %ebx
	movl	%ebx, PT_FS(%esp)
	movl	%gs, %ebx
	movl	%ebx, PT_GS(%esp)
	pushfl
	popl	%ebx
	movl	%ebx, PT_EFLAGS(%esp)
	movl	$__KERNEL_CS, PT_CS(%esp)
	movl	$__KERNEL_DS, PT_OLDSS(%esp)
	movl	PT_EBX(%esp), %ebx
	ftrace_load_callback_args ftrace_regs_caller_op_ptr
SYM_INNER_LABEL(ftrace_regs_call, SYM_L_GLOBAL)
	call	ftrace_stub
	ftrace_pop_frames
	/* A SAVE_REGS callback may have changed any register. */
	movl	PT_EDI(%esp), %edi
	movl	PT_ESI(%esp), %esi
	movl	PT_EBX(%esp), %ebx
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
	/*
	 * A direct ops' callback put its trampoline in orig_ax
	 * (arch_ftrace_set_direct_caller()): leave with the stack as the
	 * traced function's call made it and go there, as if the call
	 * site had called it.  The target goes in the pt_regs' last word,
	 * which the RET pops.  It is inside the code a per-ops trampoline
	 * copies, whose own callback never sets orig_ax.
	 */
	cmpl	$0, PT_ORIG_EAX(%esp)
	jz	.Lregs_caller_return
	movl	PT_ORIG_EAX(%esp), %eax
	movl	%eax, DIRECT_ADDR(%esp)
	ftrace_restore_args
	addl	$DIRECT_ADDR, %esp
	RET
.Lregs_caller_return:
#endif
	ftrace_restore_args_and_return ftrace_regs_caller_end
SYM_FUNC_END(ftrace_regs_caller)

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * Reached by the RET of a function whose return address
 * ftrace_graph_func() replaced: eax and edx hold the return value and
 * ecx is dead.  The slot that RET popped is taken back and receives the
 * real return address, which the final RET pops.
 */
SYM_CODE_START(return_to_handler)
	subl	$4, %esp
	pushl	%eax
	pushl	%edx
	/* The stack pointer at the return, as ftrace_graph_func() saw it. */
	movl	%eax, %edx
	leal	12(%esp), %eax
	call	ftrace_return_to_handler
	movl	%eax, 8(%esp)
	popl	%edx
	popl	%eax
	RET
SYM_CODE_END(return_to_handler)
#endif /* CONFIG_FUNCTION_GRAPH_TRACER */
