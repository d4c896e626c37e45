/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * riscv function tracer pieces every configuration needs:
 *
 * _mcount:     with DYNAMIC_FTRACE, MCOUNT_ADDR: gcc's
 *              -fpatchable-function-entry leaves NOPs, not a call, so
 *              nothing calls it and it only returns.  Without it (the
 *              static tracer, -pg) every traced function calls it after
 *              its prologue; it calls ftrace_trace_function (below).
 * ftrace_stub: a callback that does nothing (ftrace_caller's callback when
 *              no ops is registered).
 * return_to_handler: where a return hijacked by the graph tracer lands
 *              (CONFIG_FUNCTION_GRAPH_TRACER).  It hands the stack pointer
 *              and the return value to ftrace_return_to_handler(), which
 *              gives back the real return address, and returns there with
 *              a0 and a1 (the return value) as the traced function left
 *              them.
 */

#include <linux/linkage.h>
#include <linux/export.h>
#include <asm/asm.h>
#include <asm/asm-offsets.h>
#include <asm/ftrace.h>

	.text

#ifdef CONFIG_DYNAMIC_FTRACE
SYM_FUNC_START(_mcount)
	ret
SYM_FUNC_END(_mcount)
#else
/*
 * The static tracer's hook.  gcc -pg calls it once the traced function's
 * prologue has run, with a0 = the function's return address (its
 * caller), s0 = its frame pointer, which is its stack pointer at entry,
 * and that return address also saved at -SZREG(s0), where the function
 * reloads it to return.  The function expects what any call clobbers to
 * be clobbered, so only ra and the stack need care here.
 *
 * ftrace_trace_function is called with a struct ftrace_regs, laid out as
 * pt_regs (asm/ftrace.h), holding: the instruction pointer (inside the
 * function, after its prologue), ra = its return address, sp = its frame
 * pointer (its stack pointer at entry, but for a variadic function's
 * register save area; its saved ra is always at sp - SZREG), s0 = its
 * caller's frame pointer.  The argument
 * registers were clobbered by the function's own call here and are not
 * saved.  A callback may change ra (the graph tracer does): that is
 * stored back into the function's saved return address.
 *
 * Frame: the ftrace_regs, then _mcount's own frame record, so stack
 * traces from a callback walk through the traced function.
 */
#define MCOUNT_REC	PT_SIZE_ON_STACK
#define MCOUNT_FRAME	(PT_SIZE_ON_STACK + 2 * SZREG)

/*
 * ftrace_stub's link-time address, as ftrace_trace_function holds it:
 * early boot code runs _mcount with the MMU off, where "la" would give
 * the physical address and never match.
 */
	.pushsection .rodata
	.balign	SZREG
mcount_stub_addr:
	RISCV_PTR ftrace_stub
	.popsection

SYM_FUNC_START(_mcount)
	la	t0, ftrace_trace_function
	REG_L	t0, 0(t0)
	la	t1, mcount_stub_addr
	REG_L	t1, 0(t1)
	bne	t0, t1, 1f
	ret
1:
	addi	sp, sp, -MCOUNT_FRAME
	REG_S	s0, MCOUNT_REC(sp)
	REG_S	ra, MCOUNT_REC + SZREG(sp)
	addi	t1, ra, -MCOUNT_INSN_SIZE
	REG_S	t1, PT_EPC(sp)
	REG_S	a0, PT_RA(sp)
	REG_S	s0, PT_SP(sp)
	REG_L	t1, -2 * SZREG(s0)
	REG_S	t1, PT_S0(sp)
	REG_S	zero, PT_STATUS(sp)
	addi	s0, sp, MCOUNT_FRAME

	REG_L	a0, PT_EPC(sp)
	REG_L	a1, PT_RA(sp)
	la	a2, function_trace_op
	REG_L	a2, 0(a2)
	mv	a3, sp
	jalr	t0

	REG_L	t0, PT_RA(sp)
	REG_L	ra, MCOUNT_REC + SZREG(sp)
	REG_L	s0, MCOUNT_REC(sp)
	REG_S	t0, -SZREG(s0)
	addi	sp, sp, MCOUNT_FRAME
	ret
SYM_FUNC_END(_mcount)
/* Every traced function calls it: a probe inside would recurse. */
ASM_NOKPROBE(_mcount)
#endif /* CONFIG_DYNAMIC_FTRACE */
EXPORT_SYMBOL(_mcount)

SYM_FUNC_START(ftrace_stub)
	ret
SYM_FUNC_END(ftrace_stub)

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * On entry sp is what it was when the traced function was called, and
 * s0 is the caller's frame pointer again.  ftrace_return_to_handler()
 * checks the one ftrace_graph_func() recorded: the stack pointer, or
 * for the static tracer the caller's frame pointer (_mcount runs after
 * the prologue, and a variadic function's frame pointer is not its
 * stack pointer at entry).
 */
SYM_CODE_START(return_to_handler)
	addi	sp, sp, -4 * SZREG
	REG_S	a0, 0 * SZREG(sp)
	REG_S	a1, 1 * SZREG(sp)
	REG_S	s0, 2 * SZREG(sp)
	REG_S	ra, 3 * SZREG(sp)
	mv	a1, a0
#ifdef CONFIG_DYNAMIC_FTRACE
	addi	a0, sp, 4 * SZREG
#else
	mv	a0, s0
#endif
	addi	s0, sp, 4 * SZREG
	call	ftrace_return_to_handler
	mv	ra, a0
	REG_L	a0, 0 * SZREG(sp)
	REG_L	a1, 1 * SZREG(sp)
	REG_L	s0, 2 * SZREG(sp)
	addi	sp, sp, 4 * SZREG
	ret
SYM_CODE_END(return_to_handler)
/* Runs between a traced function and its caller: no kprobe inside. */
ASM_NOKPROBE(return_to_handler)
#endif /* CONFIG_FUNCTION_GRAPH_TRACER */
