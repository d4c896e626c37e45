/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * ftrace_caller: the trampoline a traced function's call site reaches
 * (see <asm/ftrace.h>) with
 *   t0  the call site + 8, where the traced function goes on
 *   ra  the traced function's return address (parent_ip)
 *   sp  the traced function's stack pointer; a0-a7 its arguments
 *
 * It saves a struct ftrace_regs (WITH_ARGS: epc, ra, sp, s0, t1, a0-a7),
 * calls ftrace_call_dest(ip, parent_ip, function_trace_op, fregs), and
 * restores from the ftrace_regs what a callback may have changed: the
 * arguments, ra (the graph tracer's return_to_handler) and epc (live
 * patching, or ra to skip the function).  If a direct ops' callback left
 * a trampoline in t1 (arch_ftrace_set_direct_caller()), it jumps there
 * with t0 and ra as a call site calling it directly would leave them;
 * else it jumps to epc.
 *
 * Above the ftrace_regs it builds two frame records, so that a frame
 * pointer unwind from a callback reads: ftrace_caller, the traced
 * function (at t0), its caller (at ra), and on as before.
 */

#include <linux/linkage.h>
#include <linux/export.h>
#include <asm/asm.h>
#include <asm/asm-offsets.h>
#include <asm/ftrace.h>

/* ftrace_regs, then the record of ftrace_caller, then the traced function's. */
#define REC_CALLER	FREGS_SIZE_ON_STACK
#define REC_TRACED	(FREGS_SIZE_ON_STACK + 2 * SZREG)
#define FRAME_SIZE	(FREGS_SIZE_ON_STACK + 4 * SZREG)

	.text

SYM_CODE_START(ftrace_caller)
	addi	sp, sp, -FRAME_SIZE
	REG_S	t0, FREGS_EPC(sp)
	REG_S	ra, FREGS_RA(sp)
	REG_S	s0, FREGS_S0(sp)
	REG_S	zero, FREGS_T1(sp)
	REG_S	a0, FREGS_A0(sp)
	REG_S	a1, FREGS_A1(sp)
	REG_S	a2, FREGS_A2(sp)
	REG_S	a3, FREGS_A3(sp)
	REG_S	a4, FREGS_A4(sp)
	REG_S	a5, FREGS_A5(sp)
	REG_S	a6, FREGS_A6(sp)
	REG_S	a7, FREGS_A7(sp)
	addi	t1, sp, FRAME_SIZE
	REG_S	t1, FREGS_SP(sp)

	/* The traced function's record: it was called from ra. */
	REG_S	s0, REC_TRACED(sp)
	REG_S	ra, REC_TRACED + SZREG(sp)
	/* ftrace_caller's record: called from the traced function at t0. */
	REG_S	t1, REC_CALLER(sp)
	REG_S	t0, REC_CALLER + SZREG(sp)
	addi	s0, sp, REC_TRACED

	addi	a0, t0, -MCOUNT_INSN_SIZE
	mv	a1, ra
	la	a2, function_trace_op
	REG_L	a2, 0(a2)
	mv	a3, sp
	la	t1, ftrace_call_dest
	REG_L	t1, 0(t1)
	jalr	t1

	REG_L	a0, FREGS_A0(sp)
	REG_L	a1, FREGS_A1(sp)
	REG_L	a2, FREGS_A2(sp)
	REG_L	a3, FREGS_A3(sp)
	REG_L	a4, FREGS_A4(sp)
	REG_L	a5, FREGS_A5(sp)
	REG_L	a6, FREGS_A6(sp)
	REG_L	a7, FREGS_A7(sp)
	REG_L	t0, FREGS_EPC(sp)
	REG_L	ra, FREGS_RA(sp)
	REG_L	s0, FREGS_S0(sp)
	REG_L	t1, FREGS_T1(sp)
	addi	sp, sp, FRAME_SIZE
	bnez	t1, 1f
	jr	t0
1:
	jr	t1
SYM_CODE_END(ftrace_caller)
