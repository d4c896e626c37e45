// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * rethook: the generic half of function-return hooking (the arch half is
 * arch/<arch>/kernel/rethook.c).
 *
 * Lifetime: a rethook owns an objpool holding every node it will ever
 * have.  The pool holds one reference per node plus one of its own; a node
 * given back while the rethook is live goes back into the pool, a node
 * given back after rethook_stop() is dropped.  rethook_free() drops the
 * free nodes and the pool's own reference after an RCU grace period, so
 * the last node to come home (possibly from a task that returns much
 * later) frees the rethook.
 *
 * Per task: current->rethooks is a stack (newest first) of the nodes
 * hooked by that task.  Only the task itself pushes and pops it, with
 * preemption off in the trampoline, so it needs no lock; at exit
 * rethook_flush_task() empties it.
 *
 * rethook_try_get(), rethook_hook(), rethook_recycle() and the trampoline
 * handler run in probe context (any context, NMI included): they neither
 * allocate nor sleep nor lock.
 */
#include <linux/kprobes.h>
#include <linux/preempt.h>
#include <linux/rethook.h>
#include <linux/sched.h>
#include <linux/slab.h>

static void rethook_free_rcu(struct rcu_head *head)
{
	struct rethook *rh = container_of(head, struct rethook, rcu);

	objpool_fini(&rh->pool);
}

static int rethook_pool_released(struct objpool_head *head, void *context)
{
	kfree(context);
	return 0;
}

static int rethook_node_init(void *obj, void *context)
{
	struct rethook_node *node = obj;

	node->rethook = context;
	return 0;
}

/**
 * rethook_alloc() - allocate a rethook with a pool of nodes
 * @data: the user's data, handed to @handler
 * @handler: called at each hooked return; must not be NULL
 * @size: the size of one node, at least sizeof(struct rethook_node); the
 *	user embeds struct rethook_node at offset 0 of a bigger object
 * @num: the number of nodes, i.e. of returns hooked at once
 *
 * Context: process context, may sleep.
 * Return: the rethook, or an ERR_PTR().
 */
struct rethook *rethook_alloc(void *data, rethook_handler_t handler, int size,
			      int num)
{
	struct rethook *rh;
	int ret;

	if (!handler || num <= 0 || size < (int)sizeof(struct rethook_node))
		return ERR_PTR(-EINVAL);

	rh = kzalloc(sizeof(*rh), GFP_KERNEL);
	if (!rh)
		return ERR_PTR(-ENOMEM);

	rh->data = data;
	rcu_assign_pointer(rh->handler, handler);
	ret = objpool_init(&rh->pool, num, size, GFP_KERNEL, rh,
			   rethook_node_init, rethook_pool_released);
	if (ret) {
		kfree(rh);
		return ERR_PTR(ret);
	}
	return rh;
}
EXPORT_SYMBOL_GPL(rethook_alloc);

/**
 * rethook_stop() - stop calling the handler
 * @rh: the rethook
 *
 * Hooks already set still return through the trampoline but their handler
 * is no longer called, and no new node can be taken.  The caller waits for
 * an RCU grace period before it frees what the handler uses.
 */
void rethook_stop(struct rethook *rh)
{
	rcu_assign_pointer(rh->handler, NULL);
}
EXPORT_SYMBOL_GPL(rethook_stop);

/**
 * rethook_free() - stop a rethook and free it once its nodes are home
 * @rh: the rethook
 *
 * The rethook itself is freed when the last hooked node returns, which may
 * be after this returns.
 */
void rethook_free(struct rethook *rh)
{
	rethook_stop(rh);
	call_rcu(&rh->rcu, rethook_free_rcu);
}
EXPORT_SYMBOL_GPL(rethook_free);

/**
 * rethook_try_get() - take a free node
 * @rh: the rethook
 *
 * Context: probe context, any, with RCU watching.
 * Return: a node, or NULL when the rethook is stopped or all nodes are in
 * use (the caller counts a miss).
 */
struct rethook_node *rethook_try_get(struct rethook *rh)
{
	/* A stopped rethook's pool may be going away after a grace period. */
	if (unlikely(!rcu_is_watching()))
		return NULL;
	if (unlikely(!rcu_access_pointer(rh->handler)))
		return NULL;
	return objpool_pop(&rh->pool);
}
EXPORT_SYMBOL_GPL(rethook_try_get);
NOKPROBE_SYMBOL(rethook_try_get);

static void rethook_node_free_rcu(struct rcu_head *head)
{
	struct rethook_node *node = container_of(head, struct rethook_node, rcu);

	objpool_drop(node, &node->rethook->pool);
}

/**
 * rethook_recycle() - give a node back
 * @node: a node taken by rethook_try_get() and not hooked, or just
 *	unhooked
 *
 * Context: probe context, any.
 */
void rethook_recycle(struct rethook_node *node)
{
	if (likely(rcu_access_pointer(node->rethook->handler)))
		objpool_push(node, &node->rethook->pool);
	else
		call_rcu(&node->rcu, rethook_node_free_rcu);
}
EXPORT_SYMBOL_GPL(rethook_recycle);
NOKPROBE_SYMBOL(rethook_recycle);

/**
 * rethook_hook() - hook the return of the function being entered
 * @node: a node from rethook_try_get()
 * @regs: the registers at the function's entry
 * @mcount: true when called from the function entry hook (ftrace),
 *	false from a breakpoint at the first instruction (kprobe)
 *
 * Context: probe context, any; on the current task.
 */
void rethook_hook(struct rethook_node *node, struct pt_regs *regs, bool mcount)
{
	arch_rethook_prepare(node, regs, mcount);
	__llist_add(&node->llist, &current->rethooks);
}
EXPORT_SYMBOL_GPL(rethook_hook);
NOKPROBE_SYMBOL(rethook_hook);

/*
 * The node after @pos (the task's newest when @pos is NULL) that holds a
 * real return address, i.e. the first hook set on its frame.  Later hooks
 * on the same frame saved the trampoline's address.
 */
static nokprobe_inline struct llist_node *rethook_next_real(struct task_struct *tsk,
							    struct llist_node *pos)
{
	struct rethook_node *node;

	pos = pos ? pos->next : tsk->rethooks.first;
	for (; pos; pos = pos->next) {
		node = container_of(pos, struct rethook_node, llist);
		if (!is_rethook_trampoline(node->ret_addr))
			return pos;
	}
	return NULL;
}

/**
 * rethook_find_ret_addr() - the real return address of a hooked frame
 * @tsk: the task; current, or a task that is not running
 * @frame: the frame whose return address the unwinder found replaced
 * @cur: iterator: NULL at first, then what the previous call left
 *
 * Unwinders call this when they meet arch_rethook_trampoline on a stack.
 *
 * Return: the original return address, or 0 when @frame is not hooked.
 */
unsigned long rethook_find_ret_addr(struct task_struct *tsk, unsigned long frame,
				    struct llist_node **cur)
{
	struct rethook_node *node;
	struct llist_node *pos;

	if (WARN_ON_ONCE(!cur))
		return 0;
	if (tsk != current && task_is_running(tsk))
		return 0;

	for (pos = rethook_next_real(tsk, *cur); pos;
	     pos = rethook_next_real(tsk, pos)) {
		node = container_of(pos, struct rethook_node, llist);
		*cur = pos;
		if (node->frame == frame)
			return node->ret_addr;
	}
	return 0;
}
EXPORT_SYMBOL_GPL(rethook_find_ret_addr);
NOKPROBE_SYMBOL(rethook_find_ret_addr);

/**
 * arch_rethook_fixup_return - put the real return address where unwinders look
 * @regs:            the registers the return trampoline saved
 * @correct_ret_addr: where the hooked function really returns to
 *
 * An architecture whose trampoline leaves its own address in a frame that
 * a stack trace from a handler would read overrides this; by default the
 * registers are left as they are.
 */
void __weak arch_rethook_fixup_return(struct pt_regs *regs,
				      unsigned long correct_ret_addr)
{
}
NOKPROBE_SYMBOL(arch_rethook_fixup_return);

/**
 * rethook_trampoline_handler() - run the handlers of a returning frame
 * @regs: the registers at the return, as the arch trampoline saved them
 * @frame: the returning frame, as arch_rethook_prepare() recorded it
 *
 * Pops every node hooked on @frame off current->rethooks (they are the
 * newest), calls their handlers with the real return address, puts that
 * address back where the arch expects it and recycles the nodes.
 *
 * Context: the arch trampoline, on the current task, any context.
 * Return: the real return address.
 */
unsigned long __kprobes rethook_trampoline_handler(struct pt_regs *regs,
						   unsigned long frame)
{
	struct llist_node *first, *last, *pos;
	rethook_handler_t handler;
	struct rethook_node *node;
	unsigned long ret_addr;

	last = rethook_next_real(current, NULL);
	/*
	 * The trampoline ran, so a hook with the real address exists; without
	 * it there is nowhere to return to.
	 */
	if (!last)
		panic("rethook: the return address of frame %lx is lost\n", frame);
	ret_addr = container_of(last, struct rethook_node, llist)->ret_addr;

	/* Handlers see the return site, as after a plain return. */
	instruction_pointer_set(regs, ret_addr);

	preempt_disable_notrace();
	first = current->rethooks.first;
	for (pos = first; pos; pos = pos->next) {
		node = container_of(pos, struct rethook_node, llist);
		if (WARN_ON_ONCE(node->frame != frame))
			break;
		handler = rcu_dereference_raw(node->rethook->handler);
		if (handler)
			handler(node, node->rethook->data, ret_addr, regs);
		if (pos == last)
			break;
	}

	arch_rethook_fixup_return(regs, ret_addr);

	current->rethooks.first = last->next;
	last->next = NULL;
	while (first) {
		node = container_of(first, struct rethook_node, llist);
		first = first->next;
		rethook_recycle(node);
	}
	preempt_enable_notrace();

	return ret_addr;
}

/**
 * rethook_flush_task() - give back the nodes of an exiting task
 * @tk: the task, which will not run a hooked return again
 */
void __kprobes rethook_flush_task(struct task_struct *tk)
{
	struct llist_node *pos = __llist_del_all(&tk->rethooks);
	struct rethook_node *node;

	while (pos) {
		node = container_of(pos, struct rethook_node, llist);
		pos = pos->next;
		preempt_disable();
		rethook_recycle(node);
		preempt_enable();
	}
}
