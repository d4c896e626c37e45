// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Direct calls, counted: sends a function of this module to a trampoline
 * with register_ftrace_direct(), calls the function nr_calls times and
 * checks that the trampoline ran exactly as often, first alone (the call
 * site calls the trampoline), then with an ftrace_ops tracing the same
 * function (ftrace_regs_caller jumps to the trampoline), then after
 * modify_ftrace_direct() to a second trampoline; after unregistering,
 * that nothing runs any more.  On the way it checks the API's answers to
 * bad requests: -EINVAL for an ops without a filter, a zero address, an
 * ops registered twice, an ops not registered; -EBUSY for a second
 * direct ops on the function and for a filter change while registered.
 *
 * Loading prints "ftrace_direct_test: PASS" or "ftrace_direct_test:
 * FAIL ..." and then fails with -EAGAIN on purpose.
 */

#include <linux/ftrace.h>
#include <linux/module.h>
#include <linux/kernel.h>

#include <asm/ibt.h>
#include <asm/nospec-branch.h>

static unsigned int nr_calls = 1000;
module_param(nr_calls, uint, 0);
MODULE_PARM_DESC(nr_calls, "How many times to call the function");

static unsigned long tramp1_hits, tramp2_hits, ops_hits;

/*
 * Called from the trampolines below, in the test thread itself: only
 * direct_check_calls() calls the target.  No other CPU touches the
 * counters; the _ONCE accesses are for the compiler, which cannot see
 * the patched call (see direct_check_calls()).
 */
static __used void direct_check_count1(void)
{
	WRITE_ONCE(tramp1_hits, tramp1_hits + 1);
}

static __used void direct_check_count2(void)
{
	WRITE_ONCE(tramp2_hits, tramp2_hits + 1);
}

/*
 * Entered like __fentry__ (by the call site, or by ftrace_regs_caller's
 * jump: hence ENDBR); the traced function's argument registers are kept
 * (x86_64: rdi, the only one it has; i386: eax, edx and ecx, which carry
 * regparm arguments).
 */
#ifdef CONFIG_X86_64
#define DIRECT_TRAMP(n)							\
	".type direct_check_tramp" #n ", @function\n"			\
	"direct_check_tramp" #n ":\n"					\
	ASM_ENDBR							\
	CALL_DEPTH_ACCOUNT						\
	"	pushq %rdi\n"						\
	"	call direct_check_count" #n "\n"			\
	"	popq %rdi\n"						\
	ASM_RET								\
	".size direct_check_tramp" #n ", .-direct_check_tramp" #n "\n"

/* A trampoline's address, without a C declaration of asm code. */
#define TRAMP_ADDR(name) ({						\
	unsigned long __addr;						\
	asm ("leaq " #name "(%%rip), %0" : "=r" (__addr));		\
	__addr; })
#else
#define DIRECT_TRAMP(n)							\
	".type direct_check_tramp" #n ", @function\n"			\
	"direct_check_tramp" #n ":\n"					\
	"	pushl %eax\n"						\
	"	pushl %edx\n"						\
	"	pushl %ecx\n"						\
	"	call direct_check_count" #n "\n"			\
	"	popl %ecx\n"						\
	"	popl %edx\n"						\
	"	popl %eax\n"						\
	ASM_RET								\
	".size direct_check_tramp" #n ", .-direct_check_tramp" #n "\n"

#define TRAMP_ADDR(name) ({						\
	unsigned long __addr;						\
	asm ("movl $" #name ", %0" : "=r" (__addr));			\
	__addr; })
#endif

asm (".pushsection .text, \"ax\", @progbits\n"
	DIRECT_TRAMP(1)
	DIRECT_TRAMP(2)
	".popsection\n"
);

static noinline void direct_check_target(void)
{
	barrier();
}

static void direct_check_ops_func(unsigned long ip, unsigned long parent_ip,
				  struct ftrace_ops *op,
				  struct ftrace_regs *fregs)
{
	/* the test thread, via the patched call: direct_check_count1() */
	WRITE_ONCE(ops_hits, ops_hits + 1);
}

static struct ftrace_ops direct_ops, other_direct_ops;
static struct ftrace_ops plain_ops = {
	.func	= direct_check_ops_func,
};

#define TARGET	((unsigned long)direct_check_target)
#define TRAMP1	TRAMP_ADDR(direct_check_tramp1)
#define TRAMP2	TRAMP_ADDR(direct_check_tramp2)

static int direct_check_fails;

static void direct_check_expect(const char *what, long got, long want)
{
	if (got == want)
		return;
	pr_err("ftrace_direct_test: %s: %ld, expected %ld\n", what, got, want);
	direct_check_fails++;
}

/*
 * Call the target nr_calls times; check who saw the calls.  The counts
 * change behind the compiler's back (the target's __fentry__ call is
 * patched), hence the _ONCE accesses.  Same thread, so no barrier: the
 * trampolines and the ops callback run inside direct_check_target().
 */
static void direct_check_calls(const char *what, unsigned long want1,
			       unsigned long want2, unsigned long want_ops)
{
	unsigned long got1, got2, got_ops;
	unsigned int i;

	/*
	 * The trampolines and the ops' callback count from whatever CPU the
	 * target runs on; the calls below are this task's, so no barrier is
	 * needed, only whole loads and stores.
	 */
	WRITE_ONCE(tramp1_hits, 0);
	WRITE_ONCE(tramp2_hits, 0);
	WRITE_ONCE(ops_hits, 0);
	for (i = 0; i < nr_calls; i++)
		direct_check_target();
	got1 = READ_ONCE(tramp1_hits);
	got2 = READ_ONCE(tramp2_hits);
	got_ops = READ_ONCE(ops_hits);
	if (got1 == want1 && got2 == want2 && got_ops == want_ops) {
		pr_info("ftrace_direct_test: %s: calls seen as made\n", what);
		return;
	}
	pr_err("ftrace_direct_test: %s: tramp1 %lu, tramp2 %lu, ops %lu; expected %lu, %lu, %lu\n",
	       what, got1, got2, got_ops, want1, want2, want_ops);
	direct_check_fails++;
}

/* The trampoline of the target's call site, at or just after its entry. */
static unsigned long direct_check_find(void)
{
	unsigned long off, addr = 0;

	for (off = 0; !addr && off <= FTRACE_MCOUNT_MAX_OFFSET; off++)
		addr = ftrace_find_rec_direct(TARGET + off);
	return addr;
}

static void direct_check_bad_requests(void)
{
	/* An ops whose filter is empty. */
	direct_check_expect("filter",
			    ftrace_set_filter_ip(&direct_ops, TARGET, 0, 1), 0);
	direct_check_expect("empty the filter",
			    ftrace_set_filter_ip(&direct_ops, TARGET, 1, 0), 0);
	direct_check_expect("register without a filter",
			    register_ftrace_direct(&direct_ops, TRAMP1),
			    -EINVAL);
	direct_check_expect("filter again",
			    ftrace_set_filter_ip(&direct_ops, TARGET, 0, 1), 0);
	direct_check_expect("register to address 0",
			    register_ftrace_direct(&direct_ops, 0), -EINVAL);
	direct_check_expect("modify when not registered",
			    modify_ftrace_direct(&direct_ops, TRAMP2), -EINVAL);
	direct_check_expect("unregister when not registered",
			    unregister_ftrace_direct(&direct_ops, TRAMP1,
						     false),
			    -EINVAL);
}

static void direct_check_while_registered(void)
{
	direct_check_expect("register twice",
			    register_ftrace_direct(&direct_ops, TRAMP1),
			    -EINVAL);
	ftrace_set_filter_ip(&other_direct_ops, TARGET, 0, 1);
	direct_check_expect("second direct ops on the function",
			    register_ftrace_direct(&other_direct_ops, TRAMP2),
			    -EBUSY);
	ftrace_free_filter(&other_direct_ops);
	direct_check_expect("filter change while registered",
			    ftrace_set_filter_ip(&direct_ops, TARGET, 1, 0),
			    -EBUSY);
	direct_check_expect("modify to address 0",
			    modify_ftrace_direct(&direct_ops, 0), -EINVAL);
	direct_check_expect("ftrace_find_rec_direct",
			    direct_check_find(),
			    TRAMP1);
}

static void direct_check_shared(void)
{
	int ret;

	ret = ftrace_set_filter_ip(&plain_ops, TARGET, 0, 1);
	if (!ret)
		ret = register_ftrace_function(&plain_ops);
	direct_check_expect("register a plain ops too", ret, 0);
	if (ret)
		return;
	direct_check_calls("shared with an ops", nr_calls, 0, nr_calls);
	direct_check_expect("modify while shared",
			    modify_ftrace_direct(&direct_ops, TRAMP2), 0);
	direct_check_calls("shared, moved", 0, nr_calls, nr_calls);
	unregister_ftrace_function(&plain_ops);
	ftrace_free_filter(&plain_ops);
}

static int __init direct_check_init(void)
{
	int ret;

	direct_check_bad_requests();
	ret = register_ftrace_direct(&direct_ops, TRAMP1);
	direct_check_expect("register", ret, 0);
	if (!ret) {
		direct_check_while_registered();
		direct_check_calls("alone", nr_calls, 0, 0);
		direct_check_shared();
		direct_check_calls("alone again, moved", 0, nr_calls, 0);
		direct_check_expect("modify back",
				    modify_ftrace_direct(&direct_ops, TRAMP1),
				    0);
		direct_check_calls("alone, moved back", nr_calls, 0, 0);
		direct_check_expect("unregister",
				    unregister_ftrace_direct(&direct_ops,
							     TRAMP1, true),
				    0);
		direct_check_calls("unregistered", 0, 0, 0);
		direct_check_expect("ftrace_find_rec_direct after unregister",
				    direct_check_find(),
				    0);
	} else {
		ftrace_free_filter(&direct_ops);
	}
	if (direct_check_fails)
		pr_err("ftrace_direct_test: FAIL (%d checks)\n",
		       direct_check_fails);
	else
		pr_info("ftrace_direct_test: PASS\n");
	/* Nothing to keep loaded. */
	return -EAGAIN;
}
module_init(direct_check_init);

MODULE_DESCRIPTION("Counts direct trampoline calls and checks the direct call API's errors");
MODULE_LICENSE("GPL");
