/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * rethook: hook a function's return for kretprobes (and later fprobe).
 *
 * A user allocates a struct rethook with a pool of nodes.  At a function's
 * entry it takes a node (rethook_try_get()) and hooks the return
 * (rethook_hook()): the arch code saves the real return address in the
 * node and replaces it with arch_rethook_trampoline; the node goes on the
 * current task's rethooks list.  When the function returns, the
 * trampoline calls rethook_trampoline_handler(), which runs the handlers
 * of the nodes hooked on that frame and gives the nodes back to their
 * pools.
 */
#ifndef _LINUX_RETHOOK_H
#define _LINUX_RETHOOK_H

#include <linux/compiler.h>
#include <linux/objpool.h>
#include <linux/kallsyms.h>
#include <linux/llist.h>
#include <linux/rcupdate.h>

struct pt_regs;
struct task_struct;
struct rethook_node;

/* Called at the hooked function's return: node, rethook::data, ret, regs. */
typedef void (*rethook_handler_t)(struct rethook_node *, void *, unsigned long,
				  struct pt_regs *);

/**
 * struct rethook - a return hook and its pool of nodes
 * @data: the user's data, passed to @handler; never changes after alloc
 * @handler: the handler, NULL once rethook_stop() ran; read under RCU
 *	(a raw pointer with __rcu; it has the type rethook_handler_t)
 * @pool: the free nodes
 * @rcu: frees the pool after a grace period
 */
struct rethook {
	void			*data;
	void (__rcu *handler)(struct rethook_node *, void *, unsigned long,
			      struct pt_regs *);
	struct objpool_head	pool;
	struct rcu_head		rcu;
};

/**
 * struct rethook_node - one hooked return
 * @rcu: frees a node of a stopped rethook
 * @llist: on the hooking task's rethooks list while hooked
 * @rethook: the owner
 * @ret_addr: the return address the trampoline replaced
 * @frame: the stack frame (arch-defined) the hook was set on
 */
struct rethook_node {
	struct rcu_head		rcu;
	struct llist_node	llist;
	struct rethook		*rethook;
	unsigned long		ret_addr;
	unsigned long		frame;
};

struct rethook *rethook_alloc(void *data, rethook_handler_t handler, int size,
			      int num);
void rethook_stop(struct rethook *rh);
void rethook_free(struct rethook *rh);
struct rethook_node *rethook_try_get(struct rethook *rh);
void rethook_recycle(struct rethook_node *node);
void rethook_hook(struct rethook_node *node, struct pt_regs *regs, bool mcount);
unsigned long rethook_find_ret_addr(struct task_struct *tsk, unsigned long frame,
				    struct llist_node **cur);

/* What an architecture with HAVE_RETHOOK provides. */
void arch_rethook_prepare(struct rethook_node *node, struct pt_regs *regs,
			  bool mcount);
void arch_rethook_trampoline(void);
void arch_rethook_fixup_return(struct pt_regs *regs,
			       unsigned long correct_ret_addr);

static inline bool is_rethook_trampoline(unsigned long addr)
{
	return addr == (unsigned long)dereference_symbol_descriptor(arch_rethook_trampoline);
}

unsigned long rethook_trampoline_handler(struct pt_regs *regs,
					 unsigned long frame);

#ifdef CONFIG_RETHOOK
void rethook_flush_task(struct task_struct *tk);
#else
#define rethook_flush_task(tsk)	((void)(tsk))
#endif

#endif /* _LINUX_RETHOOK_H */
