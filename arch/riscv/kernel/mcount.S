/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * riscv function tracer pieces every configuration needs:
 *
 * _mcount:     MCOUNT_ADDR.  gcc's -fpatchable-function-entry leaves NOPs,
 *              not a call, and this tracer has no static (DYNAMIC_FTRACE=n)
 *              mode, so nothing calls it; it only returns.
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

	.text

SYM_FUNC_START(_mcount)
	ret
SYM_FUNC_END(_mcount)
EXPORT_SYMBOL(_mcount)

SYM_FUNC_START(ftrace_stub)
	ret
SYM_FUNC_END(ftrace_stub)

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * On entry sp is what it was when the traced function was called: the
 * value ftrace_graph_func() recorded, which ftrace_return_to_handler()
 * checks.  s0 is the caller's frame pointer again.
 */
SYM_CODE_START(return_to_handler)
	addi	sp, sp, -4 * SZREG
	REG_S	a0, 0 * SZREG(sp)
	REG_S	a1, 1 * SZREG(sp)
	REG_S	s0, 2 * SZREG(sp)
	REG_S	ra, 3 * SZREG(sp)
	addi	s0, sp, 4 * SZREG
	mv	a1, a0
	mv	a0, s0
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
