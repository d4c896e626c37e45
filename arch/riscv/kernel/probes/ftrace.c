// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * riscv kprobes on ftrace: a kprobe on a function's first instruction,
 * which is its ftrace call site (-fpatchable-function-entry), is not a
 * breakpoint but a callback of kprobes' ftrace_ops (SAVE_REGS, so
 * ftrace_caller hands it a whole pt_regs: arch/riscv/kernel/ftrace.c).
 *
 * To the kprobe's handlers it looks like a breakpoint at the site: epc
 * is the site while the pre_handler runs, and the site + 8, as if the
 * site had been single-stepped, while the post_handler runs.  A
 * pre_handler that returns nonzero has set epc itself (an override),
 * and ftrace_caller goes on there.
 */

#include <linux/ftrace.h>
#include <linux/kprobes.h>

/**
 * kprobe_ftrace_handler - run the kprobe at @ip from ftrace_caller
 * @ip:        the call site, which is the probed address
 * @parent_ip: the traced function's return address
 * @ops:       kprobes' ftrace_ops
 * @fregs:     the registers ftrace_caller saved
 *
 * Any context ftrace_caller runs in, preemption allowed: the recursion
 * lock disables it for the handlers, as a breakpoint exception would.
 */
void kprobe_ftrace_handler(unsigned long ip, unsigned long parent_ip,
			   struct ftrace_ops *ops, struct ftrace_regs *fregs)
{
	struct kprobe_ctlblk *kcb;
	struct pt_regs *regs;
	struct kprobe *p;
	int bit;

	if (unlikely(kprobe_ftrace_disabled))
		return;
	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;

	/* NULL while ftrace_caller has not yet seen that regs are wanted. */
	regs = ftrace_get_regs(fregs);
	p = get_kprobe((kprobe_opcode_t *)ip);
	if (!regs || !p || kprobe_disabled(p))
		goto out;

	if (kprobe_running()) {
		kprobes_inc_nmissed_count(p);
		goto out;
	}

	kcb = get_kprobe_ctlblk();
	__this_cpu_write(current_kprobe, p);
	kcb->kprobe_status = KPROBE_HIT_ACTIVE;
	instruction_pointer_set(regs, ip);
	if (!p->pre_handler || !p->pre_handler(p, regs)) {
		instruction_pointer_set(regs, ip + MCOUNT_INSN_SIZE);
		if (p->post_handler) {
			kcb->kprobe_status = KPROBE_HIT_SSDONE;
			p->post_handler(p, regs, 0);
		}
	}
	__this_cpu_write(current_kprobe, NULL);
out:
	ftrace_test_recursion_unlock(bit);
}

NOKPROBE_SYMBOL(kprobe_ftrace_handler);

/**
 * arch_prepare_kprobe_ftrace - set up a kprobe that ftrace will run
 * @p: the kprobe, on an ftrace call site
 *
 * Nothing is copied or single-stepped: the site's instructions only
 * call ftrace_caller.
 *
 * Return: 0.
 */
int arch_prepare_kprobe_ftrace(struct kprobe *p)
{
	p->ainsn.api.insn = NULL;
	return 0;
}
