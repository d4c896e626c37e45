// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * fprobe: handlers on the entry and the return of kernel functions.
 *
 * The entry is an ftrace_ops callback with FTRACE_OPS_FL_SAVE_REGS, so
 * the handlers see a whole pt_regs.  When there is an exit handler, the
 * entry takes a node from the fprobe's rethook and hooks the function's
 * return with it; the node carries the entry's address and the per-call
 * data (entry_data_size bytes) to the exit handler.
 *
 * Locking: registration and unregistration are the caller's to
 * serialize for one fprobe.  The callbacks run in any context, take no
 * lock and allocate nothing; they are guarded against recursion with the
 * ftrace recursion bits.  unregister_fprobe() stops the rethook first
 * (a return still pending then calls no handler), then unregisters the
 * ops, which waits until no callback runs.
 */
#include <linux/err.h>
#include <linux/fprobe.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/rethook.h>
#include <linux/slab.h>
#include <linux/sort.h>

/* Functions an fprobe registered by filter is sized for. */
#define FPROBE_FILTER_FUNCS	16

/**
 * struct fprobe_node - one hooked return of an fprobe
 * @node: the rethook node; first
 * @entry_ip: the address the entry was caught at
 * @data: the per-call data, entry_data_size bytes
 */
struct fprobe_node {
	struct rethook_node	node;
	unsigned long		entry_ip;
	char			data[];
};

static void __kprobes fprobe_entry(unsigned long ip, unsigned long parent_ip,
				   struct ftrace_ops *ops,
				   struct ftrace_regs *fregs)
{
	struct fprobe *fp = container_of(ops, struct fprobe, ops);
	struct pt_regs *regs = ftrace_get_regs(fregs);
	struct rethook_node *rn = NULL;
	struct fprobe_node *fn = NULL;
	void *data = NULL;
	int bit, ret = 0;

	if (fprobe_disabled(fp) || !regs)
		return;
	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0) {
		fp->nmissed++;
		return;
	}
	/* A kprobe handler running here would see its own probes recurse. */
	if (fprobe_shared_with_kprobes(fp) && kprobe_running()) {
		fp->nmissed++;
		goto out;
	}
	if (fp->exit_handler) {
		rn = rethook_try_get(fp->rethook);
		if (!rn) {
			fp->nmissed++;
			goto out;
		}
		fn = container_of(rn, struct fprobe_node, node);
		fn->entry_ip = ip;
		if (fp->entry_data_size)
			data = fn->data;
	}
	if (fp->entry_handler)
		ret = fp->entry_handler(fp, ip, parent_ip, regs, data);
	if (rn) {
		if (ret)
			rethook_recycle(rn);
		else
			rethook_hook(rn, regs, true);
	}
out:
	ftrace_test_recursion_unlock(bit);
}

static void __kprobes fprobe_exit(struct rethook_node *rn, void *owner,
				  unsigned long ret_ip, struct pt_regs *regs)
{
	struct fprobe_node *fn = container_of(rn, struct fprobe_node, node);
	struct fprobe *fp = owner;
	int bit;

	if (!fp || fprobe_disabled(fp))
		return;
	bit = ftrace_test_recursion_trylock(fn->entry_ip, ret_ip);
	if (bit < 0) {
		fp->nmissed++;
		return;
	}
	fp->exit_handler(fp, fn->entry_ip, ret_ip, regs,
			 fp->entry_data_size ? fn->data : NULL);
	ftrace_test_recursion_unlock(bit);
}

static void fprobe_init(struct fprobe *fp)
{
	fp->nmissed = 0;
	fp->rethook = NULL;
	fp->ops.func = fprobe_entry;
	fp->ops.flags |= FTRACE_OPS_FL_SAVE_REGS;
}

/* Nodes for @nfuncs functions: each may be pending twice on each CPU. */
static int fprobe_init_rethook(struct fprobe *fp, int nfuncs)
{
	int nodes;

	if (!fp->exit_handler)
		return 0;
	if (fp->entry_data_size > PAGE_SIZE)
		return -E2BIG;
	nodes = fp->nr_maxactive ?: nfuncs * num_possible_cpus() * 2;
	if (nodes <= 0)
		return -EINVAL;
	fp->rethook = rethook_alloc(fp, fprobe_exit,
				    sizeof(struct fprobe_node) +
				    fp->entry_data_size, nodes);
	if (IS_ERR(fp->rethook)) {
		int ret = PTR_ERR(fp->rethook);

		fp->rethook = NULL;
		return ret;
	}
	return 0;
}

static void fprobe_release(struct fprobe *fp)
{
	if (fp->rethook) {
		rethook_stop(fp->rethook);
		rethook_free(fp->rethook);
		fp->rethook = NULL;
	}
	ftrace_free_filter(&fp->ops);
}

static int fprobe_start(struct fprobe *fp, int nfuncs)
{
	int ret = fprobe_init_rethook(fp, nfuncs);

	ret = ret ?: register_ftrace_function(&fp->ops);
	if (ret)
		fprobe_release(fp);
	return ret;
}

/**
 * register_fprobe() - probe the functions that match a filter
 * @fp: the fprobe, its handlers set
 * @filter: glob(s) of the functions, as set_ftrace_filter takes them
 * @notfilter: glob(s) of functions to leave out, or NULL
 *
 * Context: process context, may sleep.
 * Return: 0, or a -errno (-EINVAL for a bad argument or no match).
 */
int register_fprobe(struct fprobe *fp, const char *filter,
		    const char *notfilter)
{
	unsigned char *buf;
	int ret;

	if (!fp || !filter)
		return -EINVAL;
	fprobe_init(fp);
	buf = kstrdup(filter, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	ret = ftrace_set_filter(&fp->ops, buf, strlen(filter), 0);
	kfree(buf);
	if (!ret && notfilter) {
		buf = kstrdup(notfilter, GFP_KERNEL);
		ret = buf ? ftrace_set_notrace(&fp->ops, buf,
					       strlen(notfilter), 0) :
			    -ENOMEM;
		kfree(buf);
	}
	if (ret) {
		ftrace_free_filter(&fp->ops);
		return ret;
	}
	return fprobe_start(fp, FPROBE_FILTER_FUNCS);
}
EXPORT_SYMBOL_GPL(register_fprobe);

/**
 * register_fprobe_ips() - probe functions given by address
 * @fp: the fprobe, its handlers set
 * @addrs: the functions' addresses (their ftrace call sites will do)
 * @num: how many
 *
 * Context: process context, may sleep.
 * Return: 0, or a -errno (-EINVAL when an address is not traceable).
 */
int register_fprobe_ips(struct fprobe *fp, unsigned long *addrs, int num)
{
	int ret;

	if (!fp || !addrs || num <= 0)
		return -EINVAL;
	fprobe_init(fp);
	ret = ftrace_set_filter_ips(&fp->ops, addrs, num, 0, 1);
	if (ret) {
		ftrace_free_filter(&fp->ops);
		return ret;
	}
	return fprobe_start(fp, num);
}
EXPORT_SYMBOL_GPL(register_fprobe_ips);

static int fprobe_addr_cmp(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a;
	unsigned long y = *(const unsigned long *)b;

	return x < y ? -1 : x > y;
}

/**
 * register_fprobe_syms() - probe functions given by name
 * @fp: the fprobe, its handlers set
 * @syms: the functions' names
 * @num: how many
 *
 * Context: process context, may sleep.
 * Return: 0, or a -errno (-ENOENT when a name is not a symbol).
 */
int register_fprobe_syms(struct fprobe *fp, const char **syms, int num)
{
	unsigned long *addrs;
	int i, ret;

	if (!fp || !syms || num <= 0)
		return -EINVAL;
	addrs = kcalloc(num, sizeof(*addrs), GFP_KERNEL);
	if (!addrs)
		return -ENOMEM;
	for (i = 0; i < num; i++) {
		addrs[i] = kallsyms_lookup_name(syms[i]);
		if (!addrs[i]) {
			kfree(addrs);
			return -ENOENT;
		}
	}
	sort(addrs, num, sizeof(*addrs), fprobe_addr_cmp, NULL);
	ret = register_fprobe_ips(fp, addrs, num);
	kfree(addrs);
	return ret;
}
EXPORT_SYMBOL_GPL(register_fprobe_syms);

/**
 * fprobe_is_registered() - is @fp registered
 * @fp: the fprobe
 *
 * Return: true between a successful register_fprobe*() and
 * unregister_fprobe().
 */
bool fprobe_is_registered(struct fprobe *fp)
{
	return fp && fp->ops.func == fprobe_entry &&
	       (fp->ops.flags & FTRACE_OPS_FL_ENABLED);
}
EXPORT_SYMBOL_GPL(fprobe_is_registered);

/**
 * unregister_fprobe() - remove an fprobe
 * @fp: the fprobe
 *
 * When this returns no handler of @fp runs, and none will: a return
 * still hooked calls nothing when it comes.
 *
 * Context: process context, may sleep.
 * Return: 0, or -EINVAL when @fp is not registered.
 */
int unregister_fprobe(struct fprobe *fp)
{
	int ret;

	if (!fprobe_is_registered(fp))
		return -EINVAL;
	if (fp->rethook)
		rethook_stop(fp->rethook);
	ret = unregister_ftrace_function(&fp->ops);
	if (ret)
		return ret;
	fprobe_release(fp);
	return 0;
}
EXPORT_SYMBOL_GPL(unregister_fprobe);
