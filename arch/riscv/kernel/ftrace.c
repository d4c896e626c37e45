// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * riscv dynamic function tracing: switching the 8-byte call sites.
 * (The static tracer, DYNAMIC_FTRACE=n, has only the graph hook at the
 * end of this file; its entry is _mcount, in mcount.S.)
 *
 * After ftrace_init_nop() every call site calls ftrace_caller for good:
 *
 *	auipc	t0, hi20(ftrace_caller - site)
 *	jalr	t0, lo12(ftrace_caller - site)(t0)
 *
 * and it is switched off by replacing its first instruction piece with a
 * jump over the site:
 *
 *	with the C extension:	c.j +8, in the first 16-bit parcel
 *				(auipc's low half); bytes 2-7 stay
 *	without it:		j +8, in the first 32-bit word (auipc);
 *				bytes 4-7 stay
 *
 * Switching is one naturally aligned store of that piece (2 bytes: with
 * the C extension a function, so a site, may start on any 2-byte
 * boundary; 4 bytes without it), so a site is never half written: a hart
 * fetches either piece (instruction fetch of a naturally aligned parcel
 * or word is single-copy atomic, Ziccif), and the bytes after it are the
 * same for both.  A task interrupted or preempted between auipc and jalr
 * resumes at the jalr with the t0 its auipc computed, whatever the first
 * piece holds by then, and calls ftrace_caller once more: as a task
 * preempted at ftrace_caller's first instruction would, and the core's
 * synchronize_rcu_tasks() waits for it the same way (it is preempted in
 * kernel text, not in a voluntary switch).  The callbacks it then meets
 * are what the core chose for the shared trampoline at that time.
 * Hence no stop_machine(): a kernel with preemption can trace.
 *
 * Direct calls: a site owned by one DIRECT ops alone still calls
 * ftrace_caller.  The trampolines' callback (the DIRECT ops' own, or the
 * list function) runs ftrace_direct_func(), which leaves the trampoline
 * in the saved t1, and ftrace_caller jumps there (mcount-dyn.S).  So
 * "make a call to a direct trampoline" and "move a call from one
 * trampoline to another" switch the site on, or leave it as it is.
 *
 * Every change first reads the whole site and checks it holds what the
 * records say, so a wrong record is reported (ftrace_bug()) and never
 * written over.  Writes go through a writable alias of the text page at
 * FIX_TEXT_POKE0 (patch.c's slot) under text_mutex, mapped once per page
 * for a whole batch of updates; ftrace_arch_code_modify_post_process()
 * then unmaps it and makes every hart's instruction fetch coherent once
 * for the batch (flush_icache_all(): fence.i here, remote fence.i on the
 * others) before the core goes on to its grace periods and frees.
 *
 * The callback ftrace_caller calls is read from ftrace_call_dest, a
 * variable, so switching it patches no text.
 *
 * pt_regs (WITH_REGS, for kprobes on ftrace): the core asks for a site
 * to call FTRACE_REGS_ADDR when an ops tracing it wants pt_regs.  Every
 * site calls ftrace_caller, so instead ftrace_caller saves the whole
 * pt_regs, for every traced function, while ftrace_regs_wanted is set:
 * from the first request for a regs call until a batch of updates ends
 * with no site that wants them.  A hart that reads the flag stale meets
 * an ops wanting regs with none saved, which the ops must tolerate
 * anyway (ftrace_get_regs() returns NULL), as when a site is half-way
 * between trampolines on other architectures.
 */

#include <linux/ftrace.h>
#include <linux/memory.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/stddef.h>
#include <linux/uaccess.h>
#include <linux/unaligned.h>
#include <linux/vmalloc.h>

#include <asm/cacheflush.h>
#include <asm/fixmap.h>
#include <asm/patch.h>

#ifdef CONFIG_DYNAMIC_FTRACE
/*
 * The callback ftrace_caller calls, loaded once per call.  Written with a
 * single store under ftrace_lock; the core orders it against
 * function_trace_op (see kernel/trace/ftrace_update.c).
 */
ftrace_func_t ftrace_call_dest = ftrace_stub;

/* The piece of a site that switches it: first parcel or first word. */
#ifdef CONFIG_RISCV_ISA_C
#define FTRACE_SWITCH_SIZE	2
#define FTRACE_SKIP_SITE	RISCV_INSN_CJ_8
#else
#define FTRACE_SWITCH_SIZE	4
#define FTRACE_SKIP_SITE	RISCV_INSN_J_8
#endif

/* A whole site, as bytes in memory (little-endian). */
struct ftrace_site {
	u8 b[MCOUNT_INSN_SIZE];
} __aligned(4);

/* What gcc leaves at a site (-fpatchable-function-entry). */
static const struct ftrace_site ftrace_gcc_nops = {
#ifdef CONFIG_RISCV_ISA_C
	/* Four c.nop (0x0001). */
	.b = { 0x01, 0x00, 0x01, 0x00, 0x01, 0x00, 0x01, 0x00 },
#else
	/* Two nop (0x00000013). */
	.b = { 0x13, 0x00, 0x00, 0x00, 0x13, 0x00, 0x00, 0x00 },
#endif
};

/*
 * The expected site of the last failed check, for ftrace_bug()'s report
 * (ftrace_expected points here).  Written only by ftrace_make_call(),
 * ftrace_make_nop() and ftrace_modify_call(), under ftrace_lock.
 */
static struct ftrace_site ftrace_expected_site;

/* What the last failed check expected, for ftrace_bug().  ftrace_lock. */
const void *ftrace_expected;

/*
 * Set when a batch wrote text, so ftrace_arch_code_modify_post_process()
 * knows it must make the harts' instruction fetch coherent.  text_mutex.
 */
static bool ftrace_text_written;

/*
 * Nonzero while some site wants pt_regs (see the top of this file).
 * Written under text_mutex; read by ftrace_caller on every traced call.
 */
unsigned int ftrace_regs_wanted;

/* A call to @addr wants pt_regs: have ftrace_caller save them from now. */
static void ftrace_want_regs(unsigned long addr)
{
	/*
	 * text_mutex; loaded by ftrace_caller on every hart on every call.
	 * Set before the site is patched to call (the smp_wmb() in
	 * ftrace_replace_code()), so a hart that runs the new site mostly
	 * sees it; one that does not gets no pt_regs, which the ops must
	 * tolerate (top of this file).
	 */
	if (IS_ENABLED(CONFIG_DYNAMIC_FTRACE_WITH_REGS) &&
	    addr == FTRACE_REGS_ADDR)
		WRITE_ONCE(ftrace_regs_wanted, 1);
}

/*
 * The text page mapped writable at FIX_TEXT_POKE0 for this batch of
 * updates, and the hart that mapped it: __set_fixmap() flushes the
 * mapping from that hart's TLB only, so another hart maps again.  The
 * core updates sites in address order, so a batch maps each text page
 * once rather than once a site.  text_mutex, which every user of
 * FIX_TEXT_POKE0 holds (patch.c); unmapped by post_process.
 */
static unsigned long ftrace_poke_page;
static int ftrace_poke_cpu = -1;

/*
 * The physical page of the text at @ip, or 0 for text that is neither
 * the kernel's nor mapped in the vmalloc or module area.
 */
static phys_addr_t ftrace_text_page_phys(unsigned long ip)
{
	struct page *pg;

	if (core_kernel_text(ip))
		return __pa_symbol(ip) & PAGE_MASK;
	if (!is_vmalloc_or_module_addr((void *)ip))
		return 0;
	pg = vmalloc_to_page((void *)ip);
	return pg ? page_to_phys(pg) : 0;
}

/* A writable alias of @ip, or NULL (see above).  Preemption disabled. */
static void *ftrace_poke_addr(unsigned long ip)
{
	unsigned long page = ip & PAGE_MASK;
	int cpu = smp_processor_id();
	phys_addr_t phys;

	if (page != ftrace_poke_page || cpu != ftrace_poke_cpu) {
		phys = ftrace_text_page_phys(ip);
		if (!phys)
			return NULL;
		set_fixmap_offset(FIX_TEXT_POKE0, phys);
		ftrace_poke_page = page;
		ftrace_poke_cpu = cpu;
	}
	return (void *)fix_to_virt(FIX_TEXT_POKE0) + offset_in_page(ip);
}

/* Drop the batch's mapping (or forget it: patch.c cleared the slot). */
static void ftrace_poke_done(bool unmap)
{
	if (unmap && ftrace_poke_page)
		clear_fixmap(FIX_TEXT_POKE0);
	ftrace_poke_page = 0;
	ftrace_poke_cpu = -1;
}

void ftrace_arch_code_modify_prepare(void)
	__acquires(&text_mutex)
{
	mutex_lock(&text_mutex);
}

/*
 * When the batch wrote text, flush_icache_all() makes every hart fetch
 * it (fence.i here, remote fence.i elsewhere) before the core goes on,
 * so the core's grace periods that follow cover the old text too.  No
 * other hart is stopped: each site is switched by one store (see the
 * top of this file).
 */
void ftrace_arch_code_modify_post_process(void)
	__releases(&text_mutex)
{
	ftrace_poke_done(true);
	if (ftrace_text_written)
		flush_icache_all();
	ftrace_text_written = false;
	mutex_unlock(&text_mutex);
}

/*
 * The site at @ip as it is on (@on) or off, in @site.  It always encodes
 * the call to ftrace_caller.  Return: 0, or -ERANGE if ftrace_caller is
 * out of auipc + jalr's reach (±2 GiB).
 */
static int ftrace_site_image(unsigned long ip, bool on,
			     struct ftrace_site *site)
{
	long off = (long)FTRACE_ADDR - (long)ip;
	/* jalr adds a sign-extended 12-bit immediate: auipc rounds for it. */
	long lo = ((off & 0xfff) ^ 0x800) - 0x800;
	long hi = off - lo;
	u32 insn[2];

	if (hi != (long)(s32)hi)
		return -ERANGE;
	insn[0] = RISCV_INSN_AUIPC_T0 | ((u32)hi & 0xfffff000U);
	insn[1] = RISCV_INSN_JALR_T0_T0 | (((u32)lo & 0xfffU) << 20);
	memcpy(site->b, insn, sizeof(insn));
	if (!on) {
		/* Little-endian: the low FTRACE_SWITCH_SIZE bytes of it. */
		u32 skip = FTRACE_SKIP_SITE;

		memcpy(site->b, &skip, FTRACE_SWITCH_SIZE);
	}
	return 0;
}

/*
 * Is the site at @ip @old?  On a mismatch ftrace_expected points at @old
 * for ftrace_bug()'s report, so @old must outlive the call: the callers
 * pass static data.
 */
static int ftrace_check_site(unsigned long ip, const struct ftrace_site *old)
{
	struct ftrace_site cur;

	if (copy_from_kernel_nofault(&cur, (void *)ip, MCOUNT_INSN_SIZE))
		return -EFAULT;
	if (memcmp(&cur, old, MCOUNT_INSN_SIZE)) {
		ftrace_expected = old;
		return -EINVAL;
	}
	return 0;
}

/*
 * Does the text at @ip hold @want?  Plain loads: a record's site is
 * kernel or module text for as long as the record is live, and it was
 * read through copy_from_kernel_nofault() once, by ftrace_init_nop().
 */
static bool ftrace_site_holds(unsigned long ip, const struct ftrace_site *want)
{
	const u32 *w = (const u32 *)want->b;
	const u32 *site = (const u32 *)ip;

	BUILD_BUG_ON(MCOUNT_INSN_SIZE != 2 * sizeof(u32));
	return get_unaligned(site) == w[0] && get_unaligned(site + 1) == w[1];
}

/*
 * Check that the site at @ip is switched as the records say (on if @on)
 * and give the first piece it takes when switched the other way, in
 * @piece.  On a mismatch ftrace_expected points at the expected image,
 * in ftrace_expected_site.  ftrace_lock.
 */
static int ftrace_check_switch(unsigned long ip, bool on, u32 *piece)
{
	struct ftrace_site *want = &ftrace_expected_site;
	u32 on_piece = 0, skip = FTRACE_SKIP_SITE;

	if (ftrace_site_image(ip, true, want))
		return -EINVAL;
	/* Little-endian: the first piece is the low bytes of a u32. */
	memcpy(&on_piece, want->b, FTRACE_SWITCH_SIZE);
	if (!on)
		memcpy(want->b, &skip, FTRACE_SWITCH_SIZE);
	if (!ftrace_site_holds(ip, want)) {
		ftrace_expected = want;
		return -EINVAL;
	}
	*piece = on ? skip : on_piece;
	return 0;
}

/*
 * Switch the site at @ip by writing @piece over its first piece: one
 * naturally aligned sh or sw, through the batch's mapping of the page.
 * text_mutex; the caller makes instruction fetch coherent afterwards
 * (the post_process hook).
 */
static int ftrace_switch_site(unsigned long ip, u32 piece)
{
	void *waddr;

	lockdep_assert_held(&text_mutex);
	ftrace_text_written = true;
	/* Not a latency worth tracing: the notrace pair, not preempt_disable(). */
	preempt_disable_notrace();
	waddr = ftrace_poke_addr(ip);
	if (waddr && FTRACE_SWITCH_SIZE == 2)
		WRITE_ONCE(*(u16 *)waddr, (u16)piece);
	else if (waddr)
		WRITE_ONCE(*(u32 *)waddr, piece);
	preempt_enable_notrace();
	if (waddr)
		return 0;
	ftrace_poke_done(false);
	return patch_insn_write((void *)ip, &piece, FTRACE_SWITCH_SIZE) ?
	       -EPERM : 0;
}

/**
 * ftrace_make_nop - switch the site of @rec off
 * @mod:  the module being loaded, or NULL
 * @rec:  the record
 * @addr: what the core thinks the site calls: ftrace_caller or a direct
 *        trampoline, both reached through ftrace_caller here
 *
 * text_mutex (between the core's prepare and post_process calls).
 *
 * Return: 0, -EFAULT, -EINVAL or -EPERM (see <linux/ftrace.h>).
 */
int ftrace_make_nop(struct module *mod, struct dyn_ftrace *rec,
		    unsigned long addr)
{
	unsigned long ip = ftrace_rec_ip(rec);
	u32 piece;
	int ret;

	ret = ftrace_check_switch(ip, true, &piece);
	if (ret)
		return ret;
	return ftrace_switch_site(ip, piece);
}

/**
 * ftrace_make_call - switch the site of @rec on
 * @rec:  the record
 * @addr: ftrace_caller, or a direct trampoline that ftrace_caller goes on
 *        to (see the top of this file)
 *
 * text_mutex (between the core's prepare and post_process calls).
 *
 * Return: 0, -EFAULT, -EINVAL or -EPERM.
 */
int ftrace_make_call(struct dyn_ftrace *rec, unsigned long addr)
{
	unsigned long ip = ftrace_rec_ip(rec);
	u32 piece;
	int ret;

	ret = ftrace_check_switch(ip, false, &piece);
	if (ret)
		return ret;
	ftrace_want_regs(addr);
	return ftrace_switch_site(ip, piece);
}

/**
 * ftrace_modify_call - move @rec's call from @old_addr to @addr
 * @rec:      the record
 * @old_addr: what the core thinks it calls now
 * @addr:     what it is to call
 *
 * Both are ftrace_caller (FTRACE_REGS_ADDR too) or direct trampolines
 * reached through it, so the site, which calls ftrace_caller, stays as
 * it is: only checked.
 *
 * Return: 0, -EFAULT or -EINVAL.
 */
int ftrace_modify_call(struct dyn_ftrace *rec, unsigned long old_addr,
		       unsigned long addr)
{
	u32 piece;
	int ret;

	ret = ftrace_check_switch(ftrace_rec_ip(rec), true, &piece);
	if (!ret)
		ftrace_want_regs(addr);
	return ret;
}

/**
 * ftrace_init_nop - turn gcc's NOPs at @rec into a switched-off call
 * @mod: the module being loaded, or NULL at boot
 * @rec: the record
 *
 * The only time all 8 bytes are written: before any hart can execute the
 * site (at boot before the other harts start, with interrupts off; a
 * module before it is live).
 *
 * Return: 0, -EFAULT, -EINVAL or -EPERM.
 */
int ftrace_init_nop(struct module *mod, struct dyn_ftrace *rec)
{
	unsigned long ip = ftrace_rec_ip(rec);
	struct ftrace_site img;
	int ret;

	ret = ftrace_check_site(ip, &ftrace_gcc_nops);
	if (ret)
		return ret;
	if (ftrace_site_image(ip, false, &img))
		return -EINVAL;
	mutex_lock(&text_mutex);
	ret = patch_insn_write((void *)ip, img.b, MCOUNT_INSN_SIZE);
	mutex_unlock(&text_mutex);
	if (ret)
		return -EPERM;
	flush_icache_range(ip, ip + MCOUNT_INSN_SIZE);
	return 0;
}

/**
 * ftrace_arch_replace_done - the core patched every site it wanted to
 * @regs_wanted: some switched-on site wants pt_regs
 *
 * ftrace_lock and text_mutex.  A site switched to want pt_regs set
 * ftrace_regs_wanted at once (ftrace_want_regs()); only now, with every
 * site done, can it be cleared.  Also called, with @regs_wanted true,
 * before the core reports a site it could not patch.
 */
void ftrace_arch_replace_done(bool regs_wanted)
{
	/*
	 * Loaded by ftrace_caller on every hart; a hart that still sees 1
	 * only saves pt_regs in vain, one that sees 0 early meets an ops
	 * without regs (tolerated, see the top of this file).
	 */
	if (IS_ENABLED(CONFIG_DYNAMIC_FTRACE_WITH_REGS))
		WRITE_ONCE(ftrace_regs_wanted, regs_wanted);
}

/**
 * ftrace_update_ftrace_func - make ftrace_caller call @func
 * @func: the callback
 *
 * ftrace_lock.  A single store: a hart in ftrace_caller calls the old
 * callback or the new one.
 *
 * Return: 0.
 */
int ftrace_update_ftrace_func(ftrace_func_t func)
{
	/*
	 * Loaded by ftrace_caller on every hart on every call: one store,
	 * old callback or new.  Ordered before the next site text by the
	 * smp_wmb() in the core's ftrace_replace_code() (ftrace_update.c).
	 */
	WRITE_ONCE(ftrace_call_dest, func);
	return 0;
}

/**
 * ftrace_dyn_arch_init - nothing to set up on riscv
 *
 * Return: 0.
 */
int __init ftrace_dyn_arch_init(void)
{
	return 0;
}

/**
 * arch_ftrace_call_target - what the call at @ip calls
 * @ip: a call site
 *
 * Return: the call's destination (ftrace_caller once ftrace_init_nop()
 * ran), or 0 if the site is switched off or holds no call.
 */
unsigned long arch_ftrace_call_target(unsigned long ip)
{
	u32 insn[2];
	long hi, lo;

	if (copy_from_kernel_nofault(insn, (void *)ip, sizeof(insn)))
		return 0;
	if ((insn[0] & 0xfffU) != RISCV_INSN_AUIPC_T0 ||
	    (insn[1] & 0xfffffU) != RISCV_INSN_JALR_T0_T0)
		return 0;
	hi = (s32)(insn[0] & 0xfffff000U);
	lo = (s32)insn[1] >> 20;
	return ip + hi + lo;
}

/**
 * arch_ftrace_update_trampoline - riscv builds no per-ops trampolines
 * @ops:  a registered ops; it goes through ftrace_caller
 * @func: what its trampoline would call
 */
void arch_ftrace_update_trampoline(struct ftrace_ops *ops, ftrace_func_t func)
{
}

/**
 * arch_ftrace_trampoline_free - nothing to free
 * @ops: an ops
 */
void arch_ftrace_trampoline_free(struct ftrace_ops *ops)
{
}

/**
 * ftrace_regs_query_register_offset - where a register lives in ftrace_regs
 * @name: a register name as probe events write it ("a0", "ra", ...)
 *
 * Return: its offset in struct __arch_ftrace_regs, or -EINVAL if
 * ftrace_caller does not save it.
 */
int ftrace_regs_query_register_offset(const char *name)
{
	static const struct {
		const char	*name;
		int		offset;
	} regs[] = {
#define FREG(r) { #r, offsetof(struct __arch_ftrace_regs, r) }
		FREG(epc), FREG(ra), FREG(sp), FREG(s0), FREG(t1),
		FREG(a0), FREG(a1), FREG(a2), FREG(a3),
		FREG(a4), FREG(a5), FREG(a6), FREG(a7),
#undef FREG
	};
	int i;

	for (i = 0; i < ARRAY_SIZE(regs); i++)
		if (!strcmp(regs[i].name, name))
			return regs[i].offset;
	return -EINVAL;
}
#endif /* CONFIG_DYNAMIC_FTRACE */
