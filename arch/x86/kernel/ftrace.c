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
 */

#include <linux/ftrace.h>
#include <linux/memory.h>
#include <linux/uaccess.h>
#include <linux/string.h>
#include <linux/module.h>

#include <asm/text-patching.h>
#include <asm/nops.h>

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
 * Between ftrace_arch_code_modify_prepare() and _post_process().  The
 * queue is flushed before returning, so the sites are final.
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
			text_poke_finish();
			ftrace_bug(ret, rec);
			return;
		}
		cond_resched();
	}
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
 * arch_ftrace_update_code - apply an ftrace_modify_all_code() command
 * @command: FTRACE_* bits
 */
void arch_ftrace_update_code(int command)
{
	ftrace_arch_code_modify_prepare();
	ftrace_modify_all_code(command);
	ftrace_arch_code_modify_post_process();
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

/* No trampolines of our own yet: nothing is one. */
struct ftrace_ops *ftrace_ops_trampoline(unsigned long addr)
{
	return NULL;
}

bool is_ftrace_trampoline(unsigned long addr)
{
	return false;
}

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/**
 * ftrace_graph_func - the function-entry callback of every fgraph_ops
 * @ip:        the traced function's call site
 * @parent_ip: its return address
 * @op:        the ftrace_ops inside the fgraph_ops
 * @fregs:     the registers at entry; regs.sp points at the return
 *             address
 *
 * When the fgraph core takes the call (it pushed a ret_stack frame),
 * the return address on the stack becomes return_to_handler.  The
 * trampoline leaves that stack slot alone, so the write stands.
 */
void notrace ftrace_graph_func(unsigned long ip, unsigned long parent_ip,
			       struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	unsigned long *retp = (unsigned long *)arch_ftrace_regs(fregs)->regs.sp;
	struct fgraph_ops *gops = container_of(op, struct fgraph_ops, ops);
	int bit;

	if (unlikely(ftrace_graph_is_dead()))
		return;
	if (unlikely(atomic_read(&current->tracing_graph_pause)))
		return;
	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;
	/* The stack pointer after the return is what return_to_handler sees. */
	if (!function_graph_enter_ops(*retp, ip, (unsigned long)(retp + 1),
				      retp, gops))
		*retp = (unsigned long)return_to_handler;
	ftrace_test_recursion_unlock(bit);
}
#endif /* CONFIG_FUNCTION_GRAPH_TRACER */
