// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * riscv dynamic function tracing: patching the 8-byte call sites.
 *
 * A call site holds either two 4-byte NOPs or "auipc t0; jalr t0" to
 * ftrace_caller or to a direct trampoline (before ftrace_init(): the
 * NOPs gcc left, four c.nop with the C extension).  Each change first
 * reads the site and checks it holds what the records say it holds, so a
 * wrong record is reported (ftrace_bug()) and never written over.
 *
 * How the bytes are written:
 * - at boot, before the other harts are up, and for a module being
 *   loaded, nothing runs the text yet: written directly, the i-cache of
 *   every hart made coherent afterwards (flush_icache_range());
 * - afterwards, arch_ftrace_update_code() runs the whole update inside
 *   stop_machine(): one hart patches while the others spin with
 *   interrupts off, then every hart executes fence.i before it returns
 *   to the kernel text.  As the site is two instructions, a task must
 *   never be stopped between them: the kernel must not be preemptible
 *   (HAVE_FUNCTION_TRACER needs !PREEMPTION on riscv).
 *
 * The callback ftrace_caller calls is read from ftrace_call_dest, a
 * variable, so switching it patches no text.
 */

#include <linux/ftrace.h>
#include <linux/memory.h>
#include <linux/module.h>
#include <linux/stddef.h>
#include <linux/stop_machine.h>
#include <linux/uaccess.h>

#include <asm/cacheflush.h>
#include <asm/patch.h>

/* The callback ftrace_caller calls: written with all harts stopped. */
ftrace_func_t ftrace_call_dest = ftrace_stub;

/* Set while one hart patches inside stop_machine() (text_mutex held). */
static bool ftrace_patching_stopped;

void ftrace_arch_code_modify_prepare(void)
	__acquires(&text_mutex)
{
	mutex_lock(&text_mutex);
}

void ftrace_arch_code_modify_post_process(void)
	__releases(&text_mutex)
{
	mutex_unlock(&text_mutex);
}

/* The 8 bytes of "auipc t0; jalr t0" from @ip to @addr, in @insn. */
static int ftrace_gen_call(unsigned long ip, unsigned long addr, u32 insn[2])
{
	long off = (long)addr - (long)ip;
	/* jalr adds a sign-extended 12-bit immediate: auipc rounds for it. */
	long lo = ((off & 0xfff) ^ 0x800) - 0x800;
	long hi = off - lo;

	if (hi != (long)(s32)hi)
		return -ERANGE;
	insn[0] = RISCV_INSN_AUIPC_T0 | ((u32)hi & 0xfffff000U);
	insn[1] = RISCV_INSN_JALR_T0_T0 | (((u32)lo & 0xfffU) << 20);
	return 0;
}

static const u32 ftrace_nop_insn[2] = { RISCV_INSN_NOP4, RISCV_INSN_NOP4 };

/* What gcc leaves at a site: MCOUNT_INSN_SIZE bytes of its NOPs. */
static const u16 ftrace_cc_nop_insn[MCOUNT_INSN_SIZE / 2] = {
	RISCV_INSN_CNOP, RISCV_INSN_CNOP, RISCV_INSN_CNOP, RISCV_INSN_CNOP,
};

/*
 * Is the MCOUNT_INSN_SIZE bytes at @ip @old?  On a mismatch
 * ftrace_expected points at @old for ftrace_bug()'s report, so @old must
 * outlive the call: the callers pass static data or ftrace_old_insn.
 */
static int ftrace_check_site(unsigned long ip, const void *old)
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

/* The expected call of the last failed check; ftrace_lock serialises. */
static u32 ftrace_old_insn[2];

static int ftrace_write_site(unsigned long ip, const void *new)
{
	int ret;

	if (ftrace_patching_stopped)
		/* Other harts fence.i when stop_machine() releases them. */
		return patch_insn_write((void *)ip, new, MCOUNT_INSN_SIZE) ?
			-EPERM : 0;
	ret = patch_insn_write((void *)ip, new, MCOUNT_INSN_SIZE);
	if (ret)
		return -EPERM;
	flush_icache_range(ip, ip + MCOUNT_INSN_SIZE);
	return 0;
}

static int ftrace_check_call(unsigned long ip, unsigned long addr)
{
	if (ftrace_gen_call(ip, addr, ftrace_old_insn))
		return -EINVAL;
	return ftrace_check_site(ip, ftrace_old_insn);
}

/**
 * ftrace_make_nop - turn the call to @addr at @rec into NOPs
 * @mod:  the module being loaded, or NULL
 * @rec:  the record
 * @addr: what the site calls now
 *
 * Return: 0, -EFAULT, -EINVAL or -EPERM (see <linux/ftrace.h>).
 */
int ftrace_make_nop(struct module *mod, struct dyn_ftrace *rec,
		    unsigned long addr)
{
	unsigned long ip = ftrace_rec_ip(rec);
	int ret;

	ret = ftrace_check_call(ip, addr);
	if (ret)
		return ret;
	return ftrace_write_site(ip, ftrace_nop_insn);
}

/**
 * ftrace_make_call - turn the NOPs at @rec into a call to @addr
 * @rec:  the record
 * @addr: ftrace_caller or a direct trampoline, within 2 GiB of the site
 *
 * Return: 0, -EFAULT, -EINVAL or -EPERM.
 */
int ftrace_make_call(struct dyn_ftrace *rec, unsigned long addr)
{
	unsigned long ip = ftrace_rec_ip(rec);
	u32 call[2];
	int ret;

	ret = ftrace_check_site(ip, ftrace_nop_insn);
	if (ret)
		return ret;
	if (ftrace_gen_call(ip, addr, call))
		return -EINVAL;
	return ftrace_write_site(ip, call);
}

/**
 * ftrace_modify_call - turn the call to @old_addr at @rec into one to @addr
 * @rec:      the record
 * @old_addr: what it calls now
 * @addr:     what it is to call
 *
 * Return: 0, -EFAULT, -EINVAL or -EPERM.
 */
int ftrace_modify_call(struct dyn_ftrace *rec, unsigned long old_addr,
		       unsigned long addr)
{
	unsigned long ip = ftrace_rec_ip(rec);
	u32 call[2];
	int ret;

	ret = ftrace_check_call(ip, old_addr);
	if (ret)
		return ret;
	if (ftrace_gen_call(ip, addr, call))
		return -EINVAL;
	return ftrace_write_site(ip, call);
}

/**
 * ftrace_init_nop - turn gcc's NOPs at @rec into ours
 * @mod: the module being loaded, or NULL at boot
 * @rec: the record
 *
 * Runs before any hart can execute the site (boot, before the other harts
 * start; a module before it is live).
 *
 * Return: 0, -EFAULT, -EINVAL or -EPERM.
 */
int ftrace_init_nop(struct module *mod, struct dyn_ftrace *rec)
{
	unsigned long ip = ftrace_rec_ip(rec);
	int ret;

	ret = ftrace_check_site(ip, ftrace_cc_nop_insn);
	if (ret == -EINVAL && !ftrace_check_site(ip, ftrace_nop_insn))
		return 0;	/* without the C extension: already ours */
	if (ret)
		return ret;
	mutex_lock(&text_mutex);
	ret = ftrace_write_site(ip, ftrace_nop_insn);
	mutex_unlock(&text_mutex);
	return ret;
}

/* Patch one record as the core wants it.  Return: 0 or an error. */
static int ftrace_replace_rec(struct dyn_ftrace *rec, bool enable)
{
	unsigned long cur = 0;
	int ret;

	if (rec->flags & FTRACE_FL_ENABLED)
		cur = ftrace_get_addr_curr(rec);
	switch (ftrace_test_record(rec, enable)) {
	case FTRACE_UPDATE_MAKE_CALL:
		ftrace_bug_type = FTRACE_BUG_CALL;
		ret = ftrace_make_call(rec, ftrace_get_addr_new(rec));
		break;
	case FTRACE_UPDATE_MAKE_NOP:
		ftrace_bug_type = FTRACE_BUG_NOP;
		ret = ftrace_make_nop(NULL, rec, cur);
		break;
	case FTRACE_UPDATE_MODIFY_CALL:
		ftrace_bug_type = FTRACE_BUG_UPDATE;
		ret = ftrace_modify_call(rec, cur, ftrace_get_addr_new(rec));
		break;
	default:
		return 0;
	}
	if (!ret)
		ftrace_update_record(rec, enable);
	return ret;
}

/**
 * ftrace_replace_code - patch every live record as the core wants it
 * @enable: false to NOP them all
 *
 * Inside stop_machine() (arch_ftrace_update_code()): it must not sleep.
 * The first site that cannot be patched is reported and stops the loop.
 */
void ftrace_replace_code(int enable)
{
	struct ftrace_rec_iter *iter;
	struct dyn_ftrace *rec;
	int ret;

	for (iter = ftrace_rec_iter_start(); iter;
	     iter = ftrace_rec_iter_next(iter)) {
		rec = ftrace_rec_iter_record(iter);
		ret = ftrace_replace_rec(rec, enable);
		if (ret) {
			ftrace_bug(ret, rec);
			return;
		}
	}
}

/**
 * ftrace_update_ftrace_func - make ftrace_caller call @func
 * @func: the callback
 *
 * Inside stop_machine(): no hart is in ftrace_caller.
 *
 * Return: 0.
 */
int ftrace_update_ftrace_func(ftrace_func_t func)
{
	WRITE_ONCE(ftrace_call_dest, func);
	return 0;
}

struct ftrace_stop_args {
	int		command;
	atomic_t	arrived;
	atomic_t	done;
};

/*
 * Every online hart runs this with interrupts off.  The last to arrive
 * patches: until then another hart may still be on its way here through
 * multi_cpu_stop(), whose helpers are traced functions, and must not meet
 * a half-written site.  The others wait here, in untraced code, and then
 * discard what their instruction fetch may hold of the old text.
 */
static int ftrace_stop_machine_cb(void *data)
{
	struct ftrace_stop_args *args = data;

	if (atomic_inc_return(&args->arrived) == num_online_cpus()) {
		ftrace_patching_stopped = true;
		riscv_patch_in_stop_machine = true;
		ftrace_modify_all_code(args->command);
		riscv_patch_in_stop_machine = false;
		ftrace_patching_stopped = false;
		atomic_set_release(&args->done, 1);
	} else {
		while (!atomic_read_acquire(&args->done))
			cpu_relax();
	}
	local_flush_icache_all();
	return 0;
}

/**
 * arch_ftrace_update_code - apply an ftrace_modify_all_code() command
 * @command: FTRACE_* bits
 *
 * Under ftrace_lock; takes text_mutex around a stop_machine().
 */
void arch_ftrace_update_code(int command)
{
	struct ftrace_stop_args args = { .command = command };

	atomic_set(&args.arrived, 0);
	atomic_set(&args.done, 0);
	ftrace_arch_code_modify_prepare();
	stop_machine(ftrace_stop_machine_cb, &args, cpu_online_mask);
	ftrace_arch_code_modify_post_process();
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
 * Return: the call's destination, or 0 if the site holds no call.
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
 * @ops: a registered ops; it goes through ftrace_caller
 */
void arch_ftrace_update_trampoline(struct ftrace_ops *ops)
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

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/**
 * ftrace_graph_func - the function-entry callback of every fgraph_ops
 * @ip:        the traced function's call site
 * @parent_ip: its return address
 * @op:        the ftrace_ops inside the fgraph_ops
 * @fregs:     the registers at entry
 *
 * When the fgraph core takes the call (it pushed a ret_stack frame),
 * the saved ra becomes return_to_handler; ftrace_caller restores ra from
 * there.  The stack pointer at entry is the one return_to_handler sees
 * once the function has returned.
 */
void notrace ftrace_graph_func(unsigned long ip, unsigned long parent_ip,
			       struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct __arch_ftrace_regs *afregs = arch_ftrace_regs(fregs);
	struct fgraph_ops *gops = container_of(op, struct fgraph_ops, ops);
	/* Where the traced function's prologue saves ra (frame record). */
	unsigned long *retp = (unsigned long *)afregs->sp - 1;
	int bit;

	if (unlikely(ftrace_graph_is_dead()))
		return;
	if (unlikely(atomic_read(&current->tracing_graph_pause)))
		return;
	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;
	if (!function_graph_enter_ops(afregs->ra, ip, afregs->sp, retp, gops))
		afregs->ra = (unsigned long)return_to_handler;
	ftrace_test_recursion_unlock(bit);
}
#endif /* CONFIG_FUNCTION_GRAPH_TRACER */
