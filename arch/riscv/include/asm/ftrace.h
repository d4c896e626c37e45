/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * riscv function tracing: the call site gcc leaves with
 * -fpatchable-function-entry, and what the generic code needs to patch it.
 * Also read under __ASSEMBLY__ and by asm-offsets (COMPILE_OFFSETS).
 *
 * Every traceable function starts with MCOUNT_INSN_SIZE bytes of NOPs
 * (four c.nop with the C extension, two nop without), and
 * __patchable_function_entries holds the function's address.  At boot
 * (or module load) they become, for good,
 *
 *	auipc	t0, hi20(ftrace_caller - site)
 *	jalr	t0, lo12(ftrace_caller - site)(t0)
 *
 * which reaches ftrace_caller (arch/riscv/kernel/mcount-dyn.S) with
 * t0 = site + 8 (where the function goes on) and ra still the function's
 * own return address.  Only the first piece changes afterwards: a jump
 * over the site (c.j +8 in the first parcel with the C extension, j +8
 * in the first word without) switches it off, auipc's own bits back on.
 * That is one aligned store, so tasks may be preempted anywhere: see
 * arch/riscv/kernel/ftrace.c and Documentation/trace/riscv64.rst.
 */
#ifndef _ASM_RISCV_FTRACE_H
#define _ASM_RISCV_FTRACE_H

#ifdef CONFIG_FUNCTION_TRACER

/* The trampolines pass the ftrace_ops as the callback's third argument. */
#define ARCH_SUPPORTS_FTRACE_OPS	1

/* A call site: auipc + jalr, or the two NOPs that replace them. */
#define MCOUNT_INSN_SIZE		8

#define MCOUNT_ADDR			((unsigned long)_mcount)

/* Instruction encodings the call-site patcher writes and checks. */
#define RISCV_INSN_AUIPC_T0		0x00000297U	/* auipc t0, 0 */
#define RISCV_INSN_JALR_T0_T0		0x000282e7U	/* jalr t0, 0(t0) */
#define RISCV_INSN_CJ_8			0xa021U		/* c.j .+8 */
#define RISCV_INSN_J_8			0x0080006fU	/* jal x0, .+8 */

/*
 * A site a DIRECT ops alone traces calls ftrace_caller too, which goes on
 * to the trampoline (arch_ftrace_set_direct_caller()): the core must count
 * it as a user of the shared trampoline (kernel/trace/ftrace_update.c).
 */
#define ARCH_FTRACE_DIRECT_VIA_CALLER	1

#ifndef __ASSEMBLY__

#include <linux/build_bug.h>
#include <linux/types.h>
#include <linux/string.h>
#include <asm/ptrace.h>

void _mcount(void);

static inline unsigned long ftrace_call_adjust(unsigned long addr)
{
	/* The section holds the function's address, which is the site. */
	return addr;
}

struct dyn_arch_ftrace {
	/* riscv needs nothing beyond the call site's address. */
};

/*
 * A dyn_ftrace record keeps a call site's address in 32 bits.  riscv64
 * links the kernel at the top 2 GiB of the address space and loads
 * modules in the 2 GiB below the kernel's end, so every call site lies
 * in the top 4 GiB and is its low 32 bits with the high ones set.
 */
static inline u32 ftrace_rec_ip_pack(unsigned long ip)
{
	return (u32)ip;
}

static inline unsigned long ftrace_rec_ip_unpack(u32 ip)
{
	return 0xffffffff00000000UL | ip;
}

/* Can @ip be packed?  Only text in the top 4 GiB can. */
static inline bool ftrace_rec_ip_packable(unsigned long ip)
{
	return ftrace_rec_ip_unpack(ftrace_rec_ip_pack(ip)) == ip;
}

struct module;
struct dyn_ftrace;
int ftrace_init_nop(struct module *mod, struct dyn_ftrace *rec);
#define ftrace_init_nop ftrace_init_nop

/*
 * struct ftrace_regs: a struct pt_regs that ftrace_caller fills in part
 * (WITH_ARGS), or whole when a site wants pt_regs (WITH_REGS: kprobes
 * on ftrace).  Its named fields are pt_regs' own, at pt_regs' offsets;
 * asm-offsets.c names them for mcount-dyn.S.
 *   epc  where the traced function goes on (call site + 8); a callback
 *        may change it (live patching, ftrace_override_function_with_return,
 *        a kprobe's pre_handler)
 *   ra   the traced function's return address; the graph tracer and
 *        rethook replace it with their return trampolines
 *   sp   the stack pointer at the call site
 *   s0   the caller's frame pointer
 *   t1   0, or the direct trampoline to go on to after the callbacks
 *   a0-a7 the arguments, restored from here afterwards
 * regs.status is 0 when only these were saved, else sstatus with SPP set
 * (the registers of a kernel-mode context) and every register is there.
 */
#define HAVE_ARCH_FTRACE_REGS

struct __arch_ftrace_regs {
	union {
		struct pt_regs regs;
		struct {
			unsigned long epc;
			unsigned long ra;
			unsigned long sp;
			unsigned long gp;
			unsigned long tp;
			unsigned long t0;
			unsigned long t1;
			unsigned long t2;
			unsigned long s0;
			unsigned long s1;
			union {
				unsigned long args[8];
				struct {
					unsigned long a0;
					unsigned long a1;
					unsigned long a2;
					unsigned long a3;
					unsigned long a4;
					unsigned long a5;
					unsigned long a6;
					unsigned long a7;
				};
			};
		};
	};
};

static_assert(offsetof(struct __arch_ftrace_regs, epc) ==
	      offsetof(struct pt_regs, epc));
static_assert(offsetof(struct __arch_ftrace_regs, s0) ==
	      offsetof(struct pt_regs, s0));
static_assert(offsetof(struct __arch_ftrace_regs, a7) ==
	      offsetof(struct pt_regs, a7));

struct ftrace_regs;
struct ftrace_ops;

#define arch_ftrace_regs(fregs)	((struct __arch_ftrace_regs *)(fregs))

/* The whole pt_regs, if ftrace_caller saved it (see above), else NULL. */
static __always_inline struct pt_regs *
arch_ftrace_get_regs(struct ftrace_regs *fregs)
{
	struct __arch_ftrace_regs *afregs = arch_ftrace_regs(fregs);

	if (!IS_ENABLED(CONFIG_DYNAMIC_FTRACE_WITH_REGS) || !afregs->regs.status)
		return NULL;
	return &afregs->regs;
}

static __always_inline unsigned long
ftrace_regs_get_instruction_pointer(struct ftrace_regs *fregs)
{
	return arch_ftrace_regs(fregs)->epc;
}

static __always_inline void
ftrace_regs_set_instruction_pointer(struct ftrace_regs *fregs, unsigned long pc)
{
	arch_ftrace_regs(fregs)->epc = pc;
}

static __always_inline unsigned long
ftrace_regs_get_stack_pointer(struct ftrace_regs *fregs)
{
	return arch_ftrace_regs(fregs)->sp;
}

static __always_inline unsigned long
ftrace_regs_get_frame_pointer(struct ftrace_regs *fregs)
{
	return arch_ftrace_regs(fregs)->s0;
}

static __always_inline unsigned long
ftrace_regs_get_argument(struct ftrace_regs *fregs, unsigned int n)
{
	return n < 8 ? arch_ftrace_regs(fregs)->args[n] : 0;
}

static __always_inline unsigned long
ftrace_regs_get_return_value(struct ftrace_regs *fregs)
{
	return arch_ftrace_regs(fregs)->a0;
}

static __always_inline void
ftrace_regs_set_return_value(struct ftrace_regs *fregs, unsigned long ret)
{
	arch_ftrace_regs(fregs)->a0 = ret;
}

/* Return to the caller at once: skip the traced function's body. */
static __always_inline void
ftrace_override_function_with_return(struct ftrace_regs *fregs)
{
	arch_ftrace_regs(fregs)->epc = arch_ftrace_regs(fregs)->ra;
}

int ftrace_regs_query_register_offset(const char *name);

/*
 * A pt_regs for perf and the unwinder, from what ftrace_caller saved;
 * the registers it did not save are left as the caller had them.
 */
static __always_inline struct pt_regs *
ftrace_partial_regs(struct ftrace_regs *fregs, struct pt_regs *regs)
{
	struct __arch_ftrace_regs *afregs = arch_ftrace_regs(fregs);

	memcpy(&regs->a0, afregs->args, sizeof(afregs->args));
	regs->epc = afregs->epc;
	regs->ra = afregs->ra;
	regs->sp = afregs->sp;
	regs->s0 = afregs->s0;
	regs->t1 = afregs->t1;
	return regs;
}

#define ftrace_partial_regs ftrace_partial_regs

/* What perf needs of @fregs to unwind from it, in @regs. */
static __always_inline void arch_ftrace_fill_perf_regs(struct ftrace_regs *fregs,
						       struct pt_regs *regs)
{
	regs->epc = arch_ftrace_regs(fregs)->epc;
	regs->ra = arch_ftrace_regs(fregs)->ra;
	regs->sp = arch_ftrace_regs(fregs)->sp;
	regs->s0 = arch_ftrace_regs(fregs)->s0;
}

#define arch_ftrace_fill_perf_regs arch_ftrace_fill_perf_regs

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
/*
 * Called by a direct ops' callback in ftrace_caller: once the callbacks
 * are done, ftrace_caller jumps to @addr instead of back into the traced
 * function, with t0 and ra as the call site left them.
 */
static __always_inline void
arch_ftrace_set_direct_caller(struct ftrace_regs *fregs, unsigned long addr)
{
	arch_ftrace_regs(fregs)->t1 = addr;
}
#endif

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * The graph tracer hijacks a traced function's return from the
 * function-entry callback ftrace_graph_func(), by replacing the saved ra.
 * As the unwinder's retp it records where the function's prologue will
 * store ra (just below the stack pointer at entry, frame pointer ABI),
 * and as frame pointer the stack pointer at entry, which return_to_handler
 * finds again after the function returned (FP_TEST).
 */
#define HAVE_FUNCTION_GRAPH_FP_TEST
#define HAVE_FUNCTION_GRAPH_RET_ADDR_PTR

void ftrace_graph_func(unsigned long ip, unsigned long parent_ip,
		       struct ftrace_ops *op, struct ftrace_regs *fregs);
#define ftrace_graph_func ftrace_graph_func

/*
 * For the core's ftrace_graph_func(): the return address to replace is
 * the saved ra, which ftrace_caller restores ra from (the static _mcount
 * stores it back into the traced function's frame record, the same slot
 * as the retp below).  The stack pointer at entry is what
 * return_to_handler sees once the function returned; the static
 * tracer's check is the caller's frame pointer instead (mcount.S: a
 * variadic function's frame pointer is not its entry stack pointer).
 */
static __always_inline unsigned long *
arch_ftrace_graph_ret(struct ftrace_regs *fregs)
{
	return &arch_ftrace_regs(fregs)->ra;
}

/* Where the traced function's prologue saves ra (its frame record). */
static __always_inline unsigned long *
arch_ftrace_graph_retp(struct ftrace_regs *fregs)
{
	return (unsigned long *)arch_ftrace_regs(fregs)->sp - 1;
}

static __always_inline unsigned long
arch_ftrace_graph_frame(struct ftrace_regs *fregs)
{
	if (IS_ENABLED(CONFIG_DYNAMIC_FTRACE))
		return arch_ftrace_regs(fregs)->sp;
	return arch_ftrace_regs(fregs)->s0;
}
#endif /* CONFIG_FUNCTION_GRAPH_TRACER */

#endif /* !__ASSEMBLY__ */
#endif /* CONFIG_FUNCTION_TRACER */

#ifndef __ASSEMBLY__

void *return_address(unsigned int level);
#define ftrace_return_address(n) return_address(n)

/* Re-protect boot-time trampolines when rodata becomes read-only. */
static inline void set_ftrace_ops_ro(void)
{
}

/*
 * Syscall events: the handler of a syscall is "__riscv_sys_<name>" where
 * its SYSCALL_METADATA() says "sys_<name>"; compat syscalls are not
 * recorded as syscall events.
 */
static inline bool arch_syscall_match_sym_name(const char *sym,
					       const char *name)
{
	static const char prefix[] = "__riscv_";

	if (!strncmp(sym, prefix, sizeof(prefix) - 1))
		sym += sizeof(prefix) - 1;
	return !strcmp(sym, name);
}

#define arch_syscall_match_sym_name arch_syscall_match_sym_name

#if defined(CONFIG_FTRACE_SYSCALLS) && defined(CONFIG_COMPAT)
#define ARCH_TRACE_IGNORE_COMPAT_SYSCALLS 1
static inline bool arch_trace_is_compat_syscall(struct pt_regs *regs)
{
	return is_compat_task();
}
#endif

#endif /* !__ASSEMBLY__ */

#endif /* _ASM_RISCV_FTRACE_H */
