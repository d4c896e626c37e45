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
 * It saves a struct ftrace_regs (WITH_ARGS: epc, ra, sp, s0, t1, a0-a7;
 * the rest of its struct pt_regs too, WITH_REGS, while ftrace_regs_wanted
 * is set: see arch/riscv/kernel/ftrace.c),
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
#include <asm/csr.h>
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

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_REGS
	lw	t1, ftrace_regs_wanted
	bnez	t1, ftrace_regs_caller
	REG_S	zero, PT_STATUS(sp)
.Lcall:
#endif
	addi	a0, t0, -MCOUNT_INSN_SIZE
	mv	a1, ra
	REG_L	a2, function_trace_op
	mv	a3, sp
	REG_L	t1, ftrace_call_dest
	jalr	t1

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_REGS
	REG_L	t1, PT_STATUS(sp)
	bnez	t1, .Lrestore_regs
.Lrestore_args:
#endif
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

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_REGS
/*
 * The rest of the pt_regs, and a status that says it is all there and
 * of kernel mode.  t0 is the traced function's epc; t1 was free.
 */
SYM_INNER_LABEL(ftrace_regs_caller, SYM_L_GLOBAL)
	REG_S	gp, PT_GP(sp)
	REG_S	tp, PT_TP(sp)
	REG_S	t0, PT_T0(sp)
	REG_S	t2, PT_T2(sp)
	REG_S	s1, PT_S1(sp)
	REG_S	s2, PT_S2(sp)
	REG_S	s3, PT_S3(sp)
	REG_S	s4, PT_S4(sp)
	REG_S	s5, PT_S5(sp)
	REG_S	s6, PT_S6(sp)
	REG_S	s7, PT_S7(sp)
	REG_S	s8, PT_S8(sp)
	REG_S	s9, PT_S9(sp)
	REG_S	s10, PT_S10(sp)
	REG_S	s11, PT_S11(sp)
	REG_S	t3, PT_T3(sp)
	REG_S	t4, PT_T4(sp)
	REG_S	t5, PT_T5(sp)
	REG_S	t6, PT_T6(sp)
	REG_S	a0, PT_ORIG_A0(sp)
	REG_S	zero, PT_BADADDR(sp)
	REG_S	zero, PT_CAUSE(sp)
	csrr	t1, CSR_STATUS
	ori	t1, t1, SR_SPP
	REG_S	t1, PT_STATUS(sp)
	j	.Lcall

/* A callback may have changed any callee-saved register in the pt_regs. */
.Lrestore_regs:
	REG_L	s1, PT_S1(sp)
	REG_L	s2, PT_S2(sp)
	REG_L	s3, PT_S3(sp)
	REG_L	s4, PT_S4(sp)
	REG_L	s5, PT_S5(sp)
	REG_L	s6, PT_S6(sp)
	REG_L	s7, PT_S7(sp)
	REG_L	s8, PT_S8(sp)
	REG_L	s9, PT_S9(sp)
	REG_L	s10, PT_S10(sp)
	REG_L	s11, PT_S11(sp)
	j	.Lrestore_args
#endif
SYM_CODE_END(ftrace_caller)
/*
 * No kprobe inside: kprobes on ftrace run from here, and a breakpoint
 * here would be hit again by the handlers' own traced calls.
 */
ASM_NOKPROBE(ftrace_caller)
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_REGS
ASM_NOKPROBE(ftrace_regs_caller)
#endif
