// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * ftrace_ops call counting: registers an ftrace_ops filtered on one
 * function of this module, calls that function nr_calls times and checks
 * that the callback ran exactly nr_calls times, each time with an ip at
 * the function's entry; unregisters, calls it again and checks
 * that the callback does not run any more.  It does this once with a
 * plain ops (the trampoline calls the callback directly), once with
 * FTRACE_OPS_FL_SAVE_REGS (ftrace_regs_caller, complete pt_regs), once
 * while a second ops traces another function (the list function), and
 * once beside an ops that traces every function but the counted one
 * (no filter, the counted function in its notrace hash).
 *
 * Loading prints "ftrace-ops-count: PASS" or "ftrace-ops-count: FAIL ..."
 * and then fails with -EAGAIN on purpose, so it need not be unloaded.
 */

#include <linux/ftrace.h>
#include <linux/module.h>
#include <linux/kernel.h>

static unsigned int nr_calls = 1000;
module_param(nr_calls, uint, 0);
MODULE_PARM_DESC(nr_calls, "How many times to call the traced function");

static unsigned long hits, bad_ip, regs_missing;
static unsigned long other_hits;
static unsigned long every_tracee_hits, every_other_hits;

/* The traced function: not inlined, and kept from being optimized out. */
static noinline void ftrace_count_tracee(void)
{
	barrier();
}

static noinline void ftrace_count_other(void)
{
	barrier();
}

static void ftrace_count_func(unsigned long ip, unsigned long parent_ip,
			      struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	unsigned long func = (unsigned long)ftrace_count_tracee;

	WRITE_ONCE(hits, hits + 1);
	/* The call site is at the entry, after the ENDBR if there is one. */
	if (ip < func || ip - func > FTRACE_MCOUNT_MAX_OFFSET)
		WRITE_ONCE(bad_ip, bad_ip + 1);
	if ((op->flags & FTRACE_OPS_FL_SAVE_REGS) && !ftrace_get_regs(fregs))
		WRITE_ONCE(regs_missing, regs_missing + 1);
}

static void ftrace_count_other_func(unsigned long ip, unsigned long parent_ip,
				    struct ftrace_ops *op,
				    struct ftrace_regs *fregs)
{
	WRITE_ONCE(other_hits, other_hits + 1);
}

/* Is @ip the call site of @func? */
static __always_inline bool ftrace_count_at(unsigned long ip,
					    void (*func)(void))
{
	return ip - (unsigned long)func <= FTRACE_MCOUNT_MAX_OFFSET;
}

/*
 * Called for every function of the kernel, alone for a while, so with no
 * recursion guard: notrace, and it calls nothing.
 */
static notrace void ftrace_count_every_func(unsigned long ip,
					    unsigned long parent_ip,
					    struct ftrace_ops *op,
					    struct ftrace_regs *fregs)
{
	if (ftrace_count_at(ip, ftrace_count_tracee))
		WRITE_ONCE(every_tracee_hits, every_tracee_hits + 1);
	else if (ftrace_count_at(ip, ftrace_count_other))
		WRITE_ONCE(every_other_hits, every_other_hits + 1);
}

static struct ftrace_ops count_ops = {
	.func	= ftrace_count_func,
};

static struct ftrace_ops other_ops = {
	.func	= ftrace_count_other_func,
};

static struct ftrace_ops every_ops = {
	.func	= ftrace_count_every_func,
};

static int ftrace_count_run(const char *what, unsigned long flags,
			    bool with_other)
{
	unsigned int i;
	int ret;

	count_ops.flags = flags;
	hits = 0;
	bad_ip = 0;
	regs_missing = 0;
	other_hits = 0;

	ret = ftrace_set_filter_ip(&count_ops,
				   (unsigned long)ftrace_count_tracee, 0, 1);
	if (ret) {
		pr_err("ftrace-ops-count: %s: ftrace_set_filter_ip: %d\n",
		       what, ret);
		return ret;
	}
	if (with_other) {
		ret = ftrace_set_filter_ip(&other_ops,
					   (unsigned long)ftrace_count_other,
					   0, 1);
		if (!ret)
			ret = register_ftrace_function(&other_ops);
		if (ret) {
			pr_err("ftrace-ops-count: %s: second ops: %d\n",
			       what, ret);
			goto out_filter;
		}
	}
	ret = register_ftrace_function(&count_ops);
	if (ret) {
		pr_err("ftrace-ops-count: %s: register: %d\n", what, ret);
		goto out_other;
	}

	for (i = 0; i < nr_calls; i++)
		ftrace_count_tracee();
	if (with_other)
		ftrace_count_other();

	ret = unregister_ftrace_function(&count_ops);
	if (ret)
		pr_err("ftrace-ops-count: %s: unregister: %d\n", what, ret);

	if (hits != nr_calls || bad_ip || regs_missing) {
		pr_err("ftrace-ops-count: %s: %lu calls seen, %u made; %lu with a wrong ip, %lu without pt_regs\n",
		       what, hits, nr_calls, bad_ip, regs_missing);
		ret = -EINVAL;
	}
	if (with_other && other_hits != 1) {
		pr_err("ftrace-ops-count: %s: second ops saw %lu calls, not 1\n",
		       what, other_hits);
		ret = -EINVAL;
	}

	/* Unregistered: no more calls. */
	hits = 0;
	for (i = 0; i < nr_calls; i++)
		ftrace_count_tracee();
	if (hits) {
		pr_err("ftrace-ops-count: %s: %lu calls after unregistering\n",
		       what, hits);
		ret = -EINVAL;
	}
out_other:
	if (with_other) {
		unregister_ftrace_function(&other_ops);
		ftrace_free_filter(&other_ops);
	}
out_filter:
	ftrace_free_filter(&count_ops);
	if (!ret)
		pr_info("ftrace-ops-count: %s: %u calls seen, as made\n",
			what, nr_calls);
	return ret;
}

/*
 * count_ops on the tracee beside every_ops, which traces every function
 * but the tracee: the tracee's calls reach count_ops alone, and
 * every_ops still sees the other function.
 */
static int ftrace_count_every_run(void)
{
	static const char name[] = "ftrace_count_tracee";
	unsigned int i;
	int ret;

	count_ops.flags = 0;
	hits = 0;
	every_tracee_hits = 0;
	every_other_hits = 0;
	ret = ftrace_set_filter_ip(&count_ops,
				   (unsigned long)ftrace_count_tracee, 0, 1);
	if (!ret)
		ret = ftrace_set_notrace(&every_ops, (unsigned char *)name,
					 sizeof(name) - 1, 1);
	if (!ret)
		ret = register_ftrace_function(&every_ops);
	if (ret) {
		pr_err("ftrace-ops-count: every: setting up: %d\n", ret);
		goto out;
	}
	ret = register_ftrace_function(&count_ops);
	if (!ret) {
		for (i = 0; i < nr_calls; i++)
			ftrace_count_tracee();
		ftrace_count_other();
		ret = unregister_ftrace_function(&count_ops);
	}
	unregister_ftrace_function(&every_ops);
	if (ret) {
		pr_err("ftrace-ops-count: every: register: %d\n", ret);
	} else if (hits != nr_calls || every_tracee_hits || !every_other_hits) {
		pr_err("ftrace-ops-count: every: %lu calls seen, %u made; the notrace ops saw %lu of them and %lu of the other function\n",
		       hits, nr_calls, every_tracee_hits, every_other_hits);
		ret = -EINVAL;
	}
out:
	ftrace_free_filter(&every_ops);
	ftrace_free_filter(&count_ops);
	if (!ret)
		pr_info("ftrace-ops-count: every: %u calls seen, as made\n",
			nr_calls);
	return ret;
}

static int __init ftrace_count_init(void)
{
	int ret;

	ret = ftrace_count_run("plain", 0, false);
	/* Without WITH_REGS (riscv) registering SAVE_REGS is refused. */
	if (!ret && IS_ENABLED(CONFIG_DYNAMIC_FTRACE_WITH_REGS))
		ret = ftrace_count_run("save_regs", FTRACE_OPS_FL_SAVE_REGS,
				       false);
	else if (!ret)
		pr_info("ftrace-ops-count: save_regs: no DYNAMIC_FTRACE_WITH_REGS, skipped\n");
	if (!ret)
		ret = ftrace_count_run("recursion", FTRACE_OPS_FL_RECURSION,
				       false);
	if (!ret)
		ret = ftrace_count_run("list", 0, true);
	if (!ret)
		ret = ftrace_count_every_run();
	if (ret)
		pr_err("ftrace-ops-count: FAIL\n");
	else
		pr_info("ftrace-ops-count: PASS\n");
	/* Nothing to keep loaded. */
	return -EAGAIN;
}
module_init(ftrace_count_init);

MODULE_DESCRIPTION("Counts ftrace_ops callback calls against the calls made");
MODULE_LICENSE("GPL");
