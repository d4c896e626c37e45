/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The x86-64 function tracing entry points.
 *
 * __fentry__:  what gcc's "call __fentry__" reaches before ftrace_init()
 *              has turned the calls into NOPs (and in any object that is
 *              never patched): it returns at once.
 * ftrace_caller, ftrace_regs_caller:  the trampolines a traced function's
 *              patched call enters.  Both build a struct pt_regs (which
 *              is struct ftrace_regs on x86) below the return address and
 *              call the callback as
 *
 *                func(ip, parent_ip, op, fregs)
 *
 *              with ip the address of the patched call, parent_ip the
 *              traced function's return address, op function_trace_op.
 *              ftrace_caller saves what a callback may read of a function
 *              entry (the argument registers, rax, ip, sp, bp) and leaves
 *              cs zero; ftrace_regs_caller saves every register, flags and
 *              the segment selectors, and reloads all general registers
 *              afterwards, for FTRACE_OPS_FL_SAVE_REGS callbacks.  Both
 *              return to regs->ip, which a callback may have changed.
 * ftrace_call, ftrace_regs_call:  the "call" in each trampoline that
 *              ftrace_update_ftrace_func() patches to the callback in
 *              force (ftrace_stub when none).
 * ftrace_stub: a callback that does nothing.
 * ftrace_caller_op_ptr, ftrace_regs_caller_op_ptr:  the load of
 *              function_trace_op in each trampoline;
 * ftrace_caller_end, ftrace_regs_caller_end:  the RET ending each.
 *              A per-ops trampoline (arch_ftrace_update_trampoline(),
 *              arch/x86/kernel/ftrace.c) is a copy of ftrace_caller or
 *              ftrace_regs_caller up to the RET, with the op loaded from
 *              its own tail, the call going to the ops' callback and a
 *              return of its own; the ORC unwinder reads it with the
 *              original's ORC entries, so the layout must stay byte for
 *              byte the same.
 * return_to_handler:  where a return hijacked by the graph tracer lands
 *              (CONFIG_FUNCTION_GRAPH_TRACER): it hands the return value
 *              and the stack pointer to ftrace_return_to_handler(), which
 *              gives back the real return address, and returns there.
 *
 * Direct calls (CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS): a site traced
 *              only by a direct ops calls the direct trampoline itself;
 *              a site shared with other ops calls ftrace_regs_caller,
 *              which after the callbacks jumps to the trampoline a direct
 *              ops' callback left in regs->orig_ax.
 *
 * Mitigations: the trampolines return through RET (the return thunk);
 * they make no indirect calls, and their one indirect jump, to a direct
 * trampoline (which starts with ENDBR), goes through JMP_NOSPEC.  With
 * call depth tracking, neither the patched call into a trampoline nor
 * the patched call out of it goes through a call thunk, so each accounts
 * for itself with CALL_DEPTH_ACCOUNT before the RET that will pop it.  A
 * direct trampoline accounts for the site's call again (it cannot tell
 * how it was reached), so the count errs on the deep side by one, which
 * only makes the next underflow refill come later.
 */

#include <linux/export.h>
#include <linux/linkage.h>
#include <linux/cfi_types.h>
#include <linux/objtool.h>
#include <asm/ptrace.h>
#include <asm/segment.h>
#include <asm/ftrace.h>
#include <asm/nospec-branch.h>

/*
 * On entry to a trampoline:
 *   0(%rsp)  return address into the traced function (its call site + 5)
 *   8(%rsp)  the traced function's own return address (parent_ip)
 * The trampolines put a struct pt_regs of FRAME_SIZE bytes below that,
 * so the two sit at FRAME_SIZE(%rsp) and FRAME_SIZE+8(%rsp).
 */
#define RET_ADDR	FRAME_SIZE
#define PARENT_ADDR	(FRAME_SIZE + 8)

	.code64
	.section .text, "ax"

SYM_FUNC_START(__fentry__)
	CALL_DEPTH_ACCOUNT
	RET
SYM_FUNC_END(__fentry__)
EXPORT_SYMBOL(__fentry__)

SYM_TYPED_FUNC_START(ftrace_stub)
	RET
SYM_FUNC_END(ftrace_stub)

/*
 * Save what every callback may need: the six argument registers, rax
 * (the vector count of a varargs call) and bp; regs->ip is the return
 * address into the traced function and regs->sp its stack pointer at
 * entry.  The other caller-saved registers, r10 and r11, carry nothing
 * into a function.  Leaves regs->ip in rdi and &parent_ip in rsi for
 * ftrace_load_callback_args.
 */
.macro ftrace_save_args
	subq	$FRAME_SIZE, %rsp
	movq	%rax, RAX(%rsp)
	movq	%rcx, RCX(%rsp)
	movq	%rdx, RDX(%rsp)
	movq	%rsi, RSI(%rsp)
	movq	%rdi, RDI(%rsp)
	movq	%r8, R8(%rsp)
	movq	%r9, R9(%rsp)
	movq	%rbp, RBP(%rsp)
	movq	RET_ADDR(%rsp), %rdi
	movq	%rdi, RIP(%rsp)
	leaq	PARENT_ADDR(%rsp), %rsi
	movq	%rsi, RSP(%rsp)
.endm

/*
 * The callback's arguments, from rdi and rsi as ftrace_save_args left
 * them; clobbers rdi, rsi, rdx, rcx.  \op_label marks the load of the
 * op, which a per-ops trampoline redirects to its own pointer.
 */
.macro ftrace_load_callback_args op_label
	subq	$MCOUNT_INSN_SIZE, %rdi
	movq	(%rsi), %rsi
SYM_INNER_LABEL(\op_label, SYM_L_GLOBAL)
	ANNOTATE_NOENDBR
	movq	function_trace_op(%rip), %rdx
	movq	%rsp, %rcx
.endm

/*
 * With frame pointers the unwinder follows the bp chain, and a traced
 * function has not pushed its frame yet when its call site enters a
 * trampoline: two frames pushed below the pt_regs, the first returning
 * into the traced function, the second into its parent and chained to
 * the bp it had, let a stack trace taken in a callback (the stack
 * tracer, func_stack_trace, lockdep's and KASAN's records) show both.
 * 32 bytes keep the stack 16-byte aligned for the call; bp comes back
 * from the pt_regs on the way out.  Popping them, bp first takes the
 * value the traced function was entered with (the first frame's): an
 * interrupt taken after the pop writes where the frames were, and an
 * unwinder starting from its regs must not follow a bp into that.
 */
#ifdef CONFIG_FRAME_POINTER
.macro ftrace_push_frames
	pushq	PARENT_ADDR(%rsp)
	pushq	%rbp
	movq	%rsp, %rbp
	pushq	RET_ADDR+16(%rsp)
	pushq	%rbp
	movq	%rsp, %rbp
.endm

.macro ftrace_pop_frames
	movq	16(%rsp), %rbp
	addq	$32, %rsp
.endm
#else
.macro ftrace_push_frames
.endm

.macro ftrace_pop_frames
.endm
#endif

/*
 * Reload the argument registers, rax and bp and put regs->ip where the
 * return address was.  r11 is free: the traced function has not run
 * yet and r11 carries nothing into a function.
 */
.macro ftrace_restore_args
	movq	RBP(%rsp), %rbp
	movq	R9(%rsp), %r9
	movq	R8(%rsp), %r8
	movq	RDI(%rsp), %rdi
	movq	RSI(%rsp), %rsi
	movq	RDX(%rsp), %rdx
	movq	RCX(%rsp), %rcx
	movq	RAX(%rsp), %rax
	movq	RIP(%rsp), %r11
	movq	%r11, RET_ADDR(%rsp)
.endm

/*
 * Restore, pop the frame and return.  \end_label marks the RET: a
 * per-ops trampoline copies the code before it and writes its own
 * return there.
 */
.macro ftrace_restore_args_and_return end_label
	ftrace_restore_args
	addq	$FRAME_SIZE, %rsp
SYM_INNER_LABEL(\end_label, SYM_L_GLOBAL)
	ANNOTATE_NOENDBR
	RET
.endm

SYM_FUNC_START(ftrace_caller)
	CALL_DEPTH_ACCOUNT
	ftrace_save_args
	/* Not a complete pt_regs: arch_ftrace_get_regs() tests cs. */
	movq	$0, CS(%rsp)
	ftrace_load_callback_args ftrace_caller_op_ptr
	ftrace_push_frames
	CALL_DEPTH_ACCOUNT
SYM_INNER_LABEL(ftrace_call, SYM_L_GLOBAL)
	ANNOTATE_NOENDBR
	call	ftrace_stub
	ftrace_pop_frames
	ftrace_restore_args_and_return ftrace_caller_end
SYM_FUNC_END(ftrace_caller)
STACK_FRAME_NON_STANDARD_FP ftrace_caller

SYM_FUNC_START(ftrace_regs_caller)
	CALL_DEPTH_ACCOUNT
	ftrace_save_args
	/* A direct ops' callback leaves its trampoline here (see below). */
	movq	$0, ORIG_RAX(%rsp)
	movq	%rbx, RBX(%rsp)
	movq	%r10, R10(%rsp)
	movq	%r11, R11(%rsp)
	movq	%r12, R12(%rsp)
	movq	%r13, R13(%rsp)
	movq	%r14, R14(%rsp)
	movq	%r15, R15(%rsp)
	pushfq
	popq	%rax
	movq	%rax, EFLAGS(%rsp)
	movq	$__KERNEL_CS, CS(%rsp)
	movq	$__KERNEL_DS, SS(%rsp)
	ftrace_load_callback_args ftrace_regs_caller_op_ptr
	ftrace_push_frames
	CALL_DEPTH_ACCOUNT
SYM_INNER_LABEL(ftrace_regs_call, SYM_L_GLOBAL)
	ANNOTATE_NOENDBR
	call	ftrace_stub
	ftrace_pop_frames
	/* A SAVE_REGS callback may have changed any register. */
	movq	R15(%rsp), %r15
	movq	R14(%rsp), %r14
	movq	R13(%rsp), %r13
	movq	R12(%rsp), %r12
	movq	R10(%rsp), %r10
	movq	RBX(%rsp), %rbx
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
	/*
	 * A direct ops' callback put its trampoline in orig_ax
	 * (arch_ftrace_set_direct_caller()): leave with the stack as the
	 * traced function's call made it and jump there, as if the call
	 * site had called it.  The jump keeps the return stack buffer
	 * balanced: the direct trampoline's RET pairs with the site's
	 * CALL.  It is inside the code a per-ops trampoline copies, whose
	 * own callback never sets orig_ax.
	 */
	cmpq	$0, ORIG_RAX(%rsp)
	jz	.Lregs_caller_return
	ftrace_restore_args
	movq	ORIG_RAX(%rsp), %r11
	addq	$FRAME_SIZE, %rsp
	JMP_NOSPEC r11
.Lregs_caller_return:
#endif
	ftrace_restore_args_and_return ftrace_regs_caller_end
SYM_FUNC_END(ftrace_regs_caller)
STACK_FRAME_NON_STANDARD_FP ftrace_regs_caller

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * Reached by the RET of a function whose return address
 * ftrace_graph_func() replaced, so the stack pointer is the one the
 * function's caller sees after the call, 16-byte aligned; rax and rdx hold
 * the return value and every other caller-saved register is dead.  Not a
 * call target: no ENDBR.
 *
 * The final RET goes to the real return address without the return
 * thunk: it pairs with no CALL (the traced function's RET consumed the
 * call's prediction), so it is left out of call depth accounting, like
 * the thunk-less returns of the entry code.
 */
SYM_CODE_START(return_to_handler)
	UNWIND_HINT_UNDEFINED
	ANNOTATE_NOENDBR
	/*
	 * The slot the traced function's RET popped still holds our own
	 * address: step back over it and look like a function entry, so
	 * that the unwinder finds return_to_handler there and asks
	 * ftrace_graph_ret_addr() for the real return address.
	 */
	subq	$8, %rsp
	UNWIND_HINT_FUNC
	subq	$16, %rsp
	movq	%rax, 0(%rsp)
	movq	%rdx, 8(%rsp)
	/* The stack pointer at the return, as ftrace_graph_func() saw it. */
	leaq	24(%rsp), %rdi
	movq	%rax, %rsi
	call	ftrace_return_to_handler
	movq	%rax, 16(%rsp)
	movq	8(%rsp), %rdx
	movq	0(%rsp), %rax
	addq	$16, %rsp
	ANNOTATE_UNRET_SAFE
	ret
	int3
SYM_CODE_END(return_to_handler)
#endif /* CONFIG_FUNCTION_GRAPH_TRACER */
