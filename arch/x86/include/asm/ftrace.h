/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * x86 function tracing: the __fentry__ call site gcc emits with -pg
 * -mfentry, and what the generic code needs to patch it.
 * Also read under __ASSEMBLY__ and by asm-offsets (COMPILE_OFFSETS).
 *
 * A traced function starts with "endbr64" (under IBT) and then the 5-byte
 * "call __fentry__"; __mcount_loc records the address of that call.  At
 * boot every call becomes a 5-byte NOP; tracing a function turns it into
 * "call ftrace_caller" or "call ftrace_regs_caller"
 * (arch/x86/kernel/ftrace_64.S, ftrace_32.S).  Both widths share this
 * header: the trampolines' contract (a struct pt_regs below the return
 * address, regs.sp pointing at parent_ip) is the same.
 */
#ifndef _ASM_X86_FTRACE_H
#define _ASM_X86_FTRACE_H

#include <asm/ptrace.h>
#include <asm/processor-flags.h>
#include <asm/segment.h>

#ifdef CONFIG_FUNCTION_TRACER
#ifndef CC_USING_FENTRY
# error "the function tracer needs gcc's -mfentry"
#endif

#define MCOUNT_ADDR		((unsigned long)(__fentry__))
/* A call rel32, and the NOP that replaces it, are 5 bytes. */
#define MCOUNT_INSN_SIZE	5

#include <asm/ibt.h>
/* The call follows the function's ENDBR, if it has one. */
#define FTRACE_MCOUNT_MAX_OFFSET	ENDBR_INSN_SIZE

/* The trampolines pass the ftrace_ops as the callback's third argument. */
#define ARCH_SUPPORTS_FTRACE_OPS	1

#ifndef __ASSEMBLY__

struct ftrace_ops;

static inline unsigned long ftrace_call_adjust(unsigned long addr)
{
	/* __mcount_loc holds the address of the call itself. */
	return addr;
}

/*
 * struct ftrace_regs is a struct pt_regs (<linux/ftrace_regs.h>).
 * ftrace_caller fills in the argument registers, ip, sp and bp and
 * leaves cs zero; ftrace_regs_caller fills in everything.  So a non-zero
 * cs tells that the pt_regs is complete.
 */
#include <linux/ftrace_regs.h>

static __always_inline struct pt_regs *
arch_ftrace_get_regs(struct ftrace_regs *fregs)
{
	if (!arch_ftrace_regs(fregs)->regs.cs)
		return NULL;
	return &arch_ftrace_regs(fregs)->regs;
}

#define arch_ftrace_get_regs arch_ftrace_get_regs

struct ftrace_regs;

/* Complete a partial pt_regs enough for perf and the unwinder. */
static __always_inline void arch_ftrace_partial_regs(struct pt_regs *regs)
{
	regs->flags |= X86_EFLAGS_FIXED;
	regs->cs = __KERNEL_CS;
}

#define arch_ftrace_partial_regs arch_ftrace_partial_regs

/* What perf needs of @fregs to unwind from it, in @regs. */
static __always_inline void arch_ftrace_fill_perf_regs(struct ftrace_regs *fregs,
						       struct pt_regs *regs)
{
	regs->ip = arch_ftrace_regs(fregs)->regs.ip;
	regs->sp = arch_ftrace_regs(fregs)->regs.sp;
	regs->cs = __KERNEL_CS;
	regs->flags = 0;
}

#define arch_ftrace_fill_perf_regs arch_ftrace_fill_perf_regs

/*
 * Both trampolines return to regs.ip, so a callback may redirect the
 * traced function (live patching) through this.
 */
static __always_inline void
ftrace_regs_set_instruction_pointer(struct ftrace_regs *fregs, unsigned long ip)
{
	arch_ftrace_regs(fregs)->regs.ip = ip;
}

#define ftrace_regs_set_instruction_pointer ftrace_regs_set_instruction_pointer

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
/*
 * Called by a direct ops' callback, which only runs from
 * ftrace_regs_caller (direct ops are SAVE_REGS): orig_ax, zeroed by the
 * trampoline on entry, names the direct trampoline the traced function's
 * call continues to once the callbacks are done.
 */
static __always_inline void
arch_ftrace_set_direct_caller(struct ftrace_regs *fregs, unsigned long addr)
{
	arch_ftrace_regs(fregs)->regs.orig_ax = addr;
}
#endif

#ifdef CONFIG_DYNAMIC_FTRACE
/*
 * ftrace_{64,32}.S: in ftrace_caller and ftrace_regs_caller, the load of
 * function_trace_op and the RET, where a per-ops trampoline departs
 * from its template.
 */
void ftrace_caller_op_ptr(void);
void ftrace_caller_end(void);
void ftrace_regs_caller_op_ptr(void);
void ftrace_regs_caller_end(void);

struct module;
struct dyn_ftrace;
int ftrace_init_nop(struct module *mod, struct dyn_ftrace *rec);
#define ftrace_init_nop ftrace_init_nop

struct dyn_arch_ftrace {
	/* x86 needs nothing beyond the call site's address. */
};

/*
 * A dyn_ftrace record keeps a call site's address in 32 bits.  x86-64
 * kernel text, the kernel image's and the modules', is linked and
 * loaded in the top 2 GiB of the address space (-mcmodel=kernel), so
 * the address is the sign extension of its low 32 bits.  On i386 the
 * address is 32 bits: packing and unpacking are the identity.
 */
static inline u32 ftrace_rec_ip_pack(unsigned long ip)
{
	return (u32)ip;
}

static inline unsigned long ftrace_rec_ip_unpack(u32 ip)
{
	return (unsigned long)(long)(s32)ip;
}

/* Can @ip be packed?  Only kernel text in the top 2 GiB can. */
static inline bool ftrace_rec_ip_packable(unsigned long ip)
{
	return ftrace_rec_ip_unpack(ftrace_rec_ip_pack(ip)) == ip;
}
#endif /* CONFIG_DYNAMIC_FTRACE */

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * The graph tracer hijacks a traced function's return from the
 * function-entry callback ftrace_graph_func(), an ftrace_ops callback
 * like any other.  It records where the return address lives (RET_ADDR_PTR,
 * for the unwinders) and the stack pointer just past it, which
 * return_to_handler must find again (FP_TEST: a mismatch means the
 * ret_stack no longer matches the machine stack).
 */
#define HAVE_FUNCTION_GRAPH_FP_TEST
#define HAVE_FUNCTION_GRAPH_RET_ADDR_PTR

void ftrace_graph_func(unsigned long ip, unsigned long parent_ip,
		       struct ftrace_ops *op, struct ftrace_regs *fregs);
#define ftrace_graph_func ftrace_graph_func

/*
 * For the core's ftrace_graph_func(): the traced function's return
 * address is on the stack at regs.sp (the trampolines leave that slot
 * alone, so a write there stands), which is also where the unwinders
 * find it; return_to_handler sees the stack pointer just past it.
 */
static __always_inline unsigned long *
arch_ftrace_graph_ret(struct ftrace_regs *fregs)
{
	return (unsigned long *)arch_ftrace_regs(fregs)->regs.sp;
}

static __always_inline unsigned long *
arch_ftrace_graph_retp(struct ftrace_regs *fregs)
{
	return arch_ftrace_graph_ret(fregs);
}

static __always_inline unsigned long
arch_ftrace_graph_frame(struct ftrace_regs *fregs)
{
	return arch_ftrace_regs(fregs)->regs.sp + sizeof(long);
}
#endif /* CONFIG_FUNCTION_GRAPH_TRACER */

#endif /* !__ASSEMBLY__ */
#endif /* CONFIG_FUNCTION_TRACER */

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

/*
 * Syscall events: the handler of a syscall is "__x64_sys_<name>" (or
 * "__ia32_sys_<name>", "__do_sys_<name>") where its SYSCALL_METADATA()
 * says "sys_<name>".  @name always starts with "sys".
 */
static inline bool arch_syscall_match_sym_name(const char *sym,
					       const char *name)
{
	static const char * const prefixes[] = {
		"__x64_sys", "__ia32_sys", "__do_sys", "sys", NULL,
	};
	const char * const *p;

	for (p = prefixes; *p; p++)
		if (!strncmp(sym, *p, strlen(*p)))
			return !strcmp(sym + strlen(*p), name + 3);
	return false;
}

#define arch_syscall_match_sym_name arch_syscall_match_sym_name

#if defined(CONFIG_FTRACE_SYSCALLS) && defined(CONFIG_IA32_EMULATION) && \
	!defined(COMPILE_OFFSETS)
#include <linux/compat.h>

/*
 * A 32-bit task's syscall numbers index the ia32 table, not the one the
 * syscall events are numbered by: such syscalls are not recorded as
 * syscall events (raw_syscalls records them, with their own numbers).
 */
#define ARCH_TRACE_IGNORE_COMPAT_SYSCALLS 1
static inline bool arch_trace_is_compat_syscall(struct pt_regs *regs)
{
	return in_32bit_syscall();
}
#endif

#endif /* !__ASSEMBLY__ */

#endif /* _ASM_X86_FTRACE_H */
