// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * x86 dynamic function tracing: patching the 5-byte call sites.
 *
 * A call site holds either a 5-byte NOP or "call ftrace_caller" /
 * "call ftrace_regs_caller" (before ftrace_init(): "call __fentry__").
 * Each change first reads the site and checks it holds what the records
 * say it holds, so a wrong record can never make us write into the
 * middle of an instruction.
 *
 * How the bytes are written:
 * - at boot and for a module being loaded, nothing else can run the
 *   text yet and it is still writable: text_poke_early();
 * - afterwards, between ftrace_arch_code_modify_prepare() and
 *   ftrace_arch_code_modify_post_process(), with text_mutex held: the
 *   sites are queued with text_poke_queue() and written in batches by
 *   the int3 protocol of text_poke_bp (an int3 on the first byte, sync
 *   every CPU, the last four bytes, sync, the first byte, sync), which
 *   keeps any CPU from executing a half-written instruction; a CPU that
 *   hits the int3 meanwhile emulates the new instruction.
 * The trampolines' own call (ftrace_call, ftrace_regs_call) is patched
 * with text_poke_bp() directly, after the queue is flushed.
 *
 * A call site may also call a trampoline made for the one ops that
 * traces it (see "per-ops trampolines" below); ftrace_get_addr_new()
 * and ftrace_get_addr_curr() say which trampoline, and the patching
 * treats it like the shared ones.
 */

#include <linux/ftrace.h>
#include <linux/memory.h>
#include <linux/uaccess.h>
#include <linux/string.h>
#include <linux/module.h>
#include <linux/execmem.h>
#include <linux/set_memory.h>
#include <linux/unaligned.h>

#include <asm/text-patching.h>
#include <asm/sections.h>
#include <asm/nops.h>
#include <asm/nospec-branch.h>

/*
 * Set between prepare and post_process (text_mutex held): sites are
 * queued for text_poke_bp instead of written directly.
 */
static bool ftrace_poke_late;

void ftrace_arch_code_modify_prepare(void)
	__acquires(&text_mutex)
{
	mutex_lock(&text_mutex);
	ftrace_poke_late = true;
}

void ftrace_arch_code_modify_post_process(void)
	__releases(&text_mutex)
{
	text_poke_finish();
	ftrace_poke_late = false;
	mutex_unlock(&text_mutex);
}

static const u8 *ftrace_nop_insn(void)
{
	return x86_nops[MCOUNT_INSN_SIZE];
}

static const u8 *ftrace_call_insn(unsigned long ip, unsigned long addr)
{
	return text_gen_insn(CALL_INSN_OPCODE, (void *)ip, (void *)addr);
}

/*
 * What the last failed check expected at its site, for the core's
 * ftrace_bug() report.  ftrace_lock.
 */
const void *ftrace_expected;

/*
 * Replace the MCOUNT_INSN_SIZE bytes at @ip, which must be @old, by
 * @new.  Both may point at static buffers of text_gen_insn(): @old is
 * checked before @new is generated, see the callers.
 */
static int ftrace_check_site(unsigned long ip, const u8 *old)
{
	u8 cur[MCOUNT_INSN_SIZE];

	if (copy_from_kernel_nofault(cur, (void *)ip, MCOUNT_INSN_SIZE))
		return -EFAULT;
	if (memcmp(cur, old, MCOUNT_INSN_SIZE)) {
		ftrace_expected = old;
		return -EINVAL;
	}
	return 0;
}

static void ftrace_write_site(unsigned long ip, const u8 *new)
{
	if (ftrace_poke_late)
		text_poke_queue((void *)ip, new, MCOUNT_INSN_SIZE, NULL);
	else
		text_poke_early((void *)ip, new, MCOUNT_INSN_SIZE);
}

/**
 * ftrace_make_nop - turn the call to @addr at @rec into a NOP
 * @mod:  the module being loaded, or NULL
 * @rec:  the record
 * @addr: what the site calls now
 *
 * Return: 0, -EFAULT or -EINVAL (see <linux/ftrace.h>).
 */
int ftrace_make_nop(struct module *mod, struct dyn_ftrace *rec,
		    unsigned long addr)
{
	unsigned long ip = ftrace_rec_ip(rec);
	int ret;

	ret = ftrace_check_site(ip, ftrace_call_insn(ip, addr));
	if (ret)
		return ret;
	ftrace_write_site(ip, ftrace_nop_insn());
	return 0;
}

/*
 * Is @ip text that ftrace_init_nop() may read and write directly: the
 * kernel image's own text at boot, or the text of @mod while it is
 * being loaded?
 */
static bool ftrace_init_site_direct(struct module *mod, unsigned long ip)
{
	unsigned long end = ip + MCOUNT_INSN_SIZE - 1;

	if (!mod)
		return system_state == SYSTEM_BOOTING &&
		       ((__is_kernel_text(ip) && __is_kernel_text(end)) ||
			(is_kernel_inittext(ip) && is_kernel_inittext(end)));
	return (within_module_mem_type(ip, mod, MOD_TEXT) &&
		within_module_mem_type(end, mod, MOD_TEXT)) ||
	       (within_module_mem_type(ip, mod, MOD_INIT_TEXT) &&
		within_module_mem_type(end, mod, MOD_INIT_TEXT));
}

/**
 * ftrace_init_nop - turn the compiler's "call __fentry__" at @rec into a NOP
 * @mod: the module being loaded, or NULL at boot
 * @rec: the record
 *
 * Runs for every call site of vmlinux in ftrace_init() (one CPU,
 * interrupts off, text still writable) and of a module before it is
 * live: nothing else executes the site, and a site is text of the image
 * being set up, so it is compared and written with plain accesses
 * (what text_poke_early() does for module text): no fault handling and
 * no serializing per site.  No other CPU has run this text, and this
 * one reaches a site only by a call after the store, which is all x86
 * asks of code that modifies its own text.  Anything but the expected
 * call goes through ftrace_make_nop(), which reports what it found.
 *
 * Return: 0, -EFAULT or -EINVAL.
 */
int ftrace_init_nop(struct module *mod, struct dyn_ftrace *rec)
{
	unsigned long ip = ftrace_rec_ip(rec);
	const u8 *call, *nop = ftrace_nop_insn();
	u8 *site = (u8 *)ip;

	/* The opcode byte and a 32-bit operand, compared and copied whole. */
	BUILD_BUG_ON(MCOUNT_INSN_SIZE != 1 + sizeof(u32));
	if (!ftrace_init_site_direct(mod, ip))
		return ftrace_make_nop(mod, rec, MCOUNT_ADDR);
	call = ftrace_call_insn(ip, MCOUNT_ADDR);
	if (site[0] != call[0] ||
	    get_unaligned((u32 *)(site + 1)) != get_unaligned((u32 *)(call + 1)))
		return ftrace_make_nop(mod, rec, MCOUNT_ADDR);
	site[0] = nop[0];
	put_unaligned(get_unaligned((const u32 *)(nop + 1)), (u32 *)(site + 1));
	return 0;
}

/**
 * ftrace_make_call - turn the NOP at @rec into a call to @addr
 * @rec:  the record
 * @addr: the trampoline
 *
 * Return: 0, -EFAULT or -EINVAL.
 */
int ftrace_make_call(struct dyn_ftrace *rec, unsigned long addr)
{
	unsigned long ip = ftrace_rec_ip(rec);
	int ret;

	ret = ftrace_check_site(ip, ftrace_nop_insn());
	if (ret)
		return ret;
	ftrace_write_site(ip, ftrace_call_insn(ip, addr));
	return 0;
}

/**
 * ftrace_modify_call - turn the call to @old_addr at @rec into one to @addr
 * @rec:      the record
 * @old_addr: the trampoline it calls now
 * @addr:     the new trampoline
 *
 * Return: 0, -EFAULT or -EINVAL.
 */
int ftrace_modify_call(struct dyn_ftrace *rec, unsigned long old_addr,
		       unsigned long addr)
{
	unsigned long ip = ftrace_rec_ip(rec);
	int ret;

	ret = ftrace_check_site(ip, ftrace_call_insn(ip, old_addr));
	if (ret)
		return ret;
	ftrace_write_site(ip, ftrace_call_insn(ip, addr));
	return 0;
}

/**
 * ftrace_arch_replace_done - the core patched every site it wanted to
 * @regs_wanted: some site still calls ftrace_regs_caller (unused here)
 *
 * Also called before the core reports a site it could not patch.
 * Flushes the queue, so the sites are final.
 */
void ftrace_arch_replace_done(bool regs_wanted)
{
	text_poke_finish();
}

/**
 * ftrace_update_ftrace_func - make both trampolines call @func
 * @func: the callback
 *
 * Between prepare and post_process; the site queue is empty.
 *
 * Return: 0.
 */
int ftrace_update_ftrace_func(ftrace_func_t func)
{
	unsigned long ip;

	ip = (unsigned long)ftrace_call;
	text_poke_bp((void *)ip, ftrace_call_insn(ip, (unsigned long)func),
		     MCOUNT_INSN_SIZE, NULL);
	ip = (unsigned long)ftrace_regs_call;
	text_poke_bp((void *)ip, ftrace_call_insn(ip, (unsigned long)func),
		     MCOUNT_INSN_SIZE, NULL);
	return 0;
}

/**
 * ftrace_dyn_arch_init - nothing to set up on x86
 *
 * Return: 0.
 */
int __init ftrace_dyn_arch_init(void)
{
	return 0;
}

/* --- per-ops trampolines ------------------------------------------------ */

/*
 * A per-ops trampoline is a copy of ftrace_caller (or of
 * ftrace_regs_caller for a SAVE_REGS ops) up to the RET, followed by
 *
 *   a return of its own (JMP32 to the return thunk, or RET; INT3),
 *   INT3 padding to a long,
 *   the ops pointer, which the copied op load now reads,
 *
 * and its call at the template's ftrace_call goes straight to the ops'
 * callback.  The copy keeps the template's layout byte for byte: the
 * ORC unwinder (x86-64) finds the template's entries at the same
 * offsets.  The text is made read-only and executable before any site
 * calls it; only the call is changed afterwards, by text_poke_bp().
 */

/*
 * The template's load of function_trace_op, and the operand that makes
 * the copy at @t load the pointer at @t + @slot instead.
 */
#ifdef CONFIG_X86_64
/* "movq disp32(%rip), %rdx": relative to the end of the instruction. */
#define FTRACE_OP_LOAD_SIZE	7
static const u8 ftrace_op_load_opcode[] = { 0x48, 0x8b, 0x15 };

static u32 ftrace_op_load_operand(u8 *t, unsigned long op_load,
				  unsigned long slot)
{
	return slot - (op_load + FTRACE_OP_LOAD_SIZE);
}
#else
/* "movl disp32, %ecx": an absolute address. */
static const u8 ftrace_op_load_opcode[] = { 0x8b, 0x0d };

static u32 ftrace_op_load_operand(u8 *t, unsigned long op_load,
				  unsigned long slot)
{
	return (unsigned long)(t + slot);
}
#endif

/* Offsets of the template's pieces in it, and the template itself. */
struct ftrace_tramp_layout {
	unsigned long	start;
	unsigned long	op_load;
	unsigned long	call;
	unsigned long	end;
};

static void ftrace_tramp_layout(const struct ftrace_ops *ops,
				struct ftrace_tramp_layout *l)
{
	if (ops->flags & FTRACE_OPS_FL_SAVE_REGS) {
		l->start = (unsigned long)ftrace_regs_caller;
		l->op_load = (unsigned long)ftrace_regs_caller_op_ptr;
		l->call = (unsigned long)ftrace_regs_call;
		l->end = (unsigned long)ftrace_regs_caller_end;
	} else {
		l->start = (unsigned long)ftrace_caller;
		l->op_load = (unsigned long)ftrace_caller_op_ptr;
		l->call = (unsigned long)ftrace_call;
		l->end = (unsigned long)ftrace_caller_end;
	}
	l->op_load -= l->start;
	l->call -= l->start;
	l->end -= l->start;
}

/* Where the op pointer sits in a trampoline whose body is @end bytes. */
static unsigned long ftrace_tramp_op_slot(unsigned long end)
{
	return ALIGN(end + JMP32_INSN_SIZE, sizeof(long));
}

/* Write the trampoline's own return at @ip, padded with INT3 to @slot. */
static void ftrace_tramp_write_return(u8 *ip, u8 *slot)
{
	memset(ip, INT3_INSN_OPCODE, slot - ip);
	if (cpu_feature_enabled(X86_FEATURE_RETHUNK))
		memcpy(ip, text_gen_insn(JMP32_INSN_OPCODE, ip,
					 (void *)x86_return_thunk),
		       JMP32_INSN_SIZE);
	else
		*ip = RET_INSN_OPCODE;
}

/* Build @ops' trampoline; return its address and size, or 0. */
static unsigned long ftrace_tramp_create(struct ftrace_ops *ops,
					 ftrace_func_t func,
					 unsigned long *sizep)
{
	struct ftrace_tramp_layout l;
	unsigned long slot, size;
	u32 operand;
	u8 *t;

	ftrace_tramp_layout(ops, &l);
	slot = ftrace_tramp_op_slot(l.end);
	size = slot + sizeof(long);
	t = execmem_alloc(EXECMEM_FTRACE, size);
	if (!t)
		return 0;
	/* ftrace_lock keeps ftrace_update_ftrace_func() off the template. */
	memcpy(t, (void *)l.start, l.end);
	if (memcmp(t + l.op_load, ftrace_op_load_opcode,
		   sizeof(ftrace_op_load_opcode))) {
		execmem_free(t);
		return 0;
	}
	/* Relative operands and branches out of the copy keep targets. */
	text_poke_apply_relocation(t, t, l.end, (u8 *)l.start, l.end);
	ftrace_tramp_write_return(t + l.end, t + slot);
	*(struct ftrace_ops **)(t + slot) = ops;
	operand = ftrace_op_load_operand(t, l.op_load, slot);
	memcpy(t + l.op_load + sizeof(ftrace_op_load_opcode), &operand,
	       sizeof(operand));
	/* Direct: the template accounts the call depth itself. */
	memcpy(t + l.call, text_gen_insn(CALL_INSN_OPCODE, t + l.call, func),
	       CALL_INSN_SIZE);
	if (set_memory_rox((unsigned long)t, DIV_ROUND_UP(size, PAGE_SIZE))) {
		execmem_free(t);
		return 0;
	}
	*sizep = size;
	return (unsigned long)t;
}

/**
 * arch_ftrace_call_target - what the call at a call site calls
 * @ip: the call site, known to hold a call
 *
 * Return: the call's destination, or 0 if the site holds no call.
 */
unsigned long arch_ftrace_call_target(unsigned long ip)
{
	u8 insn[CALL_INSN_SIZE];
	s32 rel;

	if (copy_from_kernel_nofault(insn, (void *)ip, sizeof(insn)) ||
	    insn[0] != CALL_INSN_OPCODE)
		return 0;
	memcpy(&rel, insn + 1, sizeof(rel));
	return ip + CALL_INSN_SIZE + rel;
}

/**
 * arch_ftrace_update_trampoline - give @ops its trampoline, or repoint it
 * @ops:  a registered ops
 * @func: what the trampoline is to call
 *
 * Without a trampoline, tries to build one (leaving ->trampoline 0 on
 * failure: the ops then goes through the shared ones).  With one the
 * core allocated, makes its call go to @func.  ftrace_lock.
 */
void arch_ftrace_update_trampoline(struct ftrace_ops *ops, ftrace_func_t func)
{
	struct ftrace_tramp_layout l;
	unsigned long size, ip;

	if (!ops->trampoline) {
		ops->trampoline = ftrace_tramp_create(ops, func, &size);
		if (ops->trampoline) {
			ops->trampoline_size = size;
			ops->flags |= FTRACE_OPS_FL_ALLOC_TRAMP;
		}
		return;
	}
	if (!(ops->flags & FTRACE_OPS_FL_ALLOC_TRAMP))
		return;
	ftrace_tramp_layout(ops, &l);
	ip = ops->trampoline + l.call;
	if (arch_ftrace_call_target(ip) == (unsigned long)func)
		return;
	mutex_lock(&text_mutex);
	text_poke_bp((void *)ip, ftrace_call_insn(ip, (unsigned long)func),
		     CALL_INSN_SIZE, NULL);
	mutex_unlock(&text_mutex);
}

/**
 * arch_ftrace_trampoline_free - free @ops' trampoline
 * @ops: an ops no call site reaches and no task is in any more
 */
void arch_ftrace_trampoline_free(struct ftrace_ops *ops)
{
	if (!ops->trampoline || !(ops->flags & FTRACE_OPS_FL_ALLOC_TRAMP))
		return;
	execmem_free((void *)ops->trampoline);
	ops->trampoline = 0;
	ops->trampoline_size = 0;
	ops->flags &= ~FTRACE_OPS_FL_ALLOC_TRAMP;
}
