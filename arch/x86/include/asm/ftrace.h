/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * x86 function tracing: the __fentry__ call site gcc emits with -pg
 * -mfentry.
 * Also read under __ASSEMBLY__ and by asm-offsets (COMPILE_OFFSETS).
 */
#ifndef _ASM_X86_FTRACE_H
#define _ASM_X86_FTRACE_H

#include <asm/ptrace.h>

#ifndef __ASSEMBLY__

/*
 * Every module references __fentry__, so it is exported and its
 * prototype is visible to genksyms through <asm/asm-prototypes.h>.
 */
void __fentry__(void);

/* Re-protect boot-time trampolines when rodata becomes read-only. */
static inline void set_ftrace_ops_ro(void)
{
}

#endif /* !__ASSEMBLY__ */

#endif /* _ASM_X86_FTRACE_H */
