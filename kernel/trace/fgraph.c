// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * fgraph: following traced functions to their return.
 *
 * Each user is a struct fgraph_ops; registering gives it one of
 * FGRAPH_MAX_OPS slots and registers its ftrace_ops, whose callback is
 * ftrace_graph_func().  That calls function_graph_enter_ops(): a frame
 * is pushed on the task's ret_stack (the real return address, where it
 * lives on the stack, the stack pointer after the return, the time, the
 * user's slot) and the user's entry callback decides whether it wants
 * the return.  If so the return address, where the architecture's
 * arch_ftrace_graph_ret() says it is, becomes the architecture's
 * return_to_handler, which calls ftrace_return_to_handler(): it pops the
 * frame, calls the
 * user's return callback and gives back the real return address.
 *
 * Two users that follow the same call each push a frame and hijack the
 * return in turn; the second one's "real" return address is then
 * return_to_handler itself, and the frames unwind in order.
 *
 * The ret_stack (struct fgraph_stack) of a task is allocated for every
 * task when the first user registers, and from then on at fork and for
 * each CPU's idle task; it is only freed with the task, since a frame
 * may be pending long after its user went away.
 *
 * A user may ask that the time a task spends scheduled out not count
 * (fgraph_set_sleep_time()): while one such user is registered, a
 * sched_switch probe notes when each task leaves the CPU and, when it
 * comes back, moves the calltime of that user's frames forward by the
 * time it was away.  Without such a user the probe is not registered.
 *
 * Locking: fgraph_lock (mutex) serializes registering and
 * unregistering and guards fgraph_array[] writers, fgraph_users,
 * fgraph_nosleep_slots and the sched_switch probe's registration.
 * fgraph_array[] is read locklessly: on entry under the ftrace_ops'
 * protection (unregister_ftrace_function() waits for its callbacks), on
 * return with preemption disabled (unregistering waits with
 * synchronize_rcu()).  A task's ret_stack is written only by the task
 * itself (and by interrupts on its CPU, which leave it as they found
 * it), and by the sched_switch probe while the task is being switched
 * in, not running; other tasks only read it (the unwinder).
 */

#include <linux/ftrace.h>
#include <linux/sched/clock.h>
#include <linux/sched/task.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <linux/percpu.h>
#include <linux/trace_clock.h>
#include <linux/tracepoint.h>
#include <trace/events/sched.h>

/**
 * struct fgraph_frame - one followed call on a task's ret_stack
 * @ret:      the real return address
 * @func:     the call site of the traced function
 * @retp:     where the return address lives on the stack
 * @sp:       the stack pointer after the return (what FP_TEST checks)
 * @calltime: trace_clock_local() at entry, moved forward by the time
 *            the task spent scheduled out if the user asked for that
 * @data:     the user's word for this call (fgraph_frame_data()), 0 at
 *            entry
 * @idx:      the fgraph_ops slot that pushed it
 * @gen:      that slot's registration (fgraph_slot_gen[]) at the push
 * @depth:    the call's nesting depth
 */
struct fgraph_frame {
	unsigned long		ret;
	unsigned long		func;
	unsigned long		*retp;
	unsigned long		sp;
	u64			calltime;
	u64			data;
	unsigned short		idx;
	unsigned short		gen;
	unsigned short		depth;
};

/**
 * struct fgraph_stack - a task's ret_stack (task_struct::ret_stack)
 * @task_var: a word per fgraph_ops slot for its own per-task state
 * @frames:   the followed calls, outermost first;
 *            task_struct::curr_ret_stack of them are in use
 *
 * task_struct::curr_ret_depth counts the distinct calls among them
 * (two users following one call share its depth).
 */
struct fgraph_stack {
	unsigned long		task_var[FGRAPH_MAX_OPS];
	struct fgraph_frame	frames[FTRACE_RETFUNC_DEPTH];
};

static DEFINE_MUTEX(fgraph_lock);
static struct fgraph_ops __rcu *fgraph_array[FGRAPH_MAX_OPS];
static int fgraph_users;		/* fgraph_lock */
/*
 * Bumped, under fgraph_lock, each time a slot is given to a user.  A
 * frame outlives its user (a task may sleep in a followed call across
 * unregistering and registering again); its gen tells the next user of
 * the slot that the frame is not its own, so the frame is popped
 * without a callback, and its data is nobody's.
 */
static unsigned short fgraph_slot_gen[FGRAPH_MAX_OPS];
/*
 * The slots of registered users with no_sleep_time: written under
 * fgraph_lock, read by the sched_switch probe, which is registered
 * while this is not 0.
 */
static unsigned long fgraph_nosleep_slots;
static bool fgraph_stacks_ready;	/* set once under fgraph_lock */
static DEFINE_PER_CPU(struct fgraph_stack *, idle_ret_stack);

DEFINE_STATIC_KEY_FALSE(kill_ftrace_graph);
EXPORT_SYMBOL_GPL(kill_ftrace_graph);

/*
 * ret_stack is published by fgraph_give_stack() (cmpxchg_release(), from
 * the registering task under fgraph_lock, or from fork and the fork probe
 * for the child) and
 * read here by the task itself, its interrupts, the sched_switch probe
 * and unwinders of other tasks.  READ_ONCE plus the address dependency
 * orders the reads of the (zeroed) stack after the release; the
 * curr_ret_stack/curr_ret_depth stores the release also covers only
 * re-store the 0 a task without a stack has.
 */
static inline struct fgraph_stack *task_fgraph_stack(struct task_struct *t)
{
	return (struct fgraph_stack *)READ_ONCE(t->ret_stack);
}

/**
 * ftrace_graph_stop - stop following calls for good
 *
 * Called when a ret_stack no longer matches its stack: pending returns
 * still find their frames, no new ones are pushed.
 */
void ftrace_graph_stop(void)
{
	static_branch_enable(&kill_ftrace_graph);
}

/* --- entry and return --------------------------------------------------- */

/*
 * trace_clock_local() for a caller that has preemption disabled: the
 * same reading (sched_clock_noinstr(), see trace_clock.c) without the
 * toggle around it.  calltime and rettime are trace_clock_local() times:
 * the ring buffer takes them as record stamps.
 */
static __always_inline u64 fgraph_clock(void)
{
	return sched_clock_noinstr();
}

/**
 * function_graph_enter_ops - push a frame for @gops and call its entry
 * @ret:           the traced function's return address
 * @func:          its call site
 * @frame_pointer: the stack pointer just after the return address
 * @retp:          where the return address lives
 * @gops:          the user
 *
 * Called from the function-entry callback, ftrace_graph_func(), under
 * ftrace_test_recursion_trylock(), which keeps preemption disabled.
 *
 * Return: 0 if the return is to be hijacked, -EBUSY if not.
 */
int notrace function_graph_enter_ops(unsigned long ret, unsigned long func,
				     unsigned long frame_pointer,
				     unsigned long *retp,
				     struct fgraph_ops *gops)
{
	struct task_struct *t = current;
	struct fgraph_stack *stk = task_fgraph_stack(t);
	/*
	 * Every field is set before the entry callback sees it (ent is
	 * packed: no padding of its own), so no automatic zeroing.
	 */
	struct fgraph_ent_call call __uninitialized;
	struct fgraph_frame *frame, *prev;
	int index = t->curr_ret_stack;
	/*
	 * One load: a task preempted in @gops' trampoline may get here
	 * while unregister_ftrace_graph() sets idx to -1 on another CPU
	 * (it does not wait for such tasks); a second load could see -1
	 * after the check and push a frame of no slot.
	 */
	int idx = READ_ONCE(gops->idx);
	bool new_call = true;

	/* idx is -1 (no slot) or below FGRAPH_MAX_OPS: one compare. */
	if (!stk || (unsigned int)idx >= FGRAPH_MAX_OPS)
		return -EBUSY;
	if (index >= FTRACE_RETFUNC_DEPTH) {
		atomic_inc(&t->trace_overrun);
		return -EBUSY;
	}
	prev = index ? &stk->frames[index - 1] : NULL;
	if (prev && prev->retp == retp && prev->func == func)
		new_call = false;

	/*
	 * Claim the frame before filling it: an interrupt from here on
	 * pushes above it, and leaves curr_ret_stack as it found it.  The
	 * other readers are unwinders on other CPUs (ftrace_graph_ret_addr())
	 * and the sched_switch probe, hence WRITE_ONCE; the compiler barrier
	 * is all an interrupt on this CPU needs, and unwinders of a running
	 * task get a best-effort answer, so no CPU barrier is paired.
	 */
	WRITE_ONCE(t->curr_ret_stack, index + 1);
	barrier();
	frame = &stk->frames[index];
	frame->ret = ret;
	frame->func = func;
	frame->retp = retp;
	frame->sp = frame_pointer;
	call.calltime = fgraph_clock();
	frame->calltime = call.calltime;
	frame->data = 0;
	frame->idx = idx;
	/*
	 * gen is bumped under fgraph_lock by register_ftrace_graph() before
	 * the slot is published and the ftrace_ops registered, whose
	 * callbacks (us) start after that: the value for @gops.
	 */
	frame->gen = READ_ONCE(fgraph_slot_gen[idx]);
	frame->depth = new_call ? t->curr_ret_depth : prev->depth;
	if (new_call)
		t->curr_ret_depth++;

	call.ent.func = func;
	call.ent.depth = frame->depth;
	if (gops->entryfunc(&call.ent, gops))
		return 0;

	if (new_call)
		t->curr_ret_depth--;
	/* give the frame back, after its last use: see the claim above */
	barrier();
	WRITE_ONCE(t->curr_ret_stack, index);
	return -EBUSY;
}

/**
 * ftrace_graph_func - the function-entry callback of every fgraph_ops
 * @ip:        the traced function's call site
 * @parent_ip: its return address
 * @op:        the ftrace_ops inside the fgraph_ops
 * @fregs:     the registers at entry
 *
 * The architecture's <asm/ftrace.h> says where the return address to
 * replace is (arch_ftrace_graph_ret(): the trampolines return through
 * it), where the traced function keeps it for the unwinders
 * (arch_ftrace_graph_retp()) and what return_to_handler will hand back
 * as the frame (arch_ftrace_graph_frame()).
 */
void notrace ftrace_graph_func(unsigned long ip, unsigned long parent_ip,
			       struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct fgraph_ops *gops = container_of(op, struct fgraph_ops, ops);
	unsigned long *ret = arch_ftrace_graph_ret(fregs);
	int bit;

	if (unlikely(ftrace_graph_is_dead()))
		return;
	if (unlikely(atomic_read(&current->tracing_graph_pause)))
		return;
	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;
	if (!function_graph_enter_ops(*ret, ip, arch_ftrace_graph_frame(fregs),
				      arch_ftrace_graph_retp(fregs), gops))
		*ret = (unsigned long)return_to_handler;
	ftrace_test_recursion_unlock(bit);
}

/*
 * Call @frame's user's return callback.  The caller has preemption
 * disabled, which pairs with synchronize_rcu() in
 * unregister_ftrace_graph().
 */
static void fgraph_call_retfunc(struct fgraph_frame *frame,
				struct ftrace_graph_ret *trace)
{
	struct fgraph_ops *gops;

	gops = rcu_dereference_raw(fgraph_array[frame->idx]);
	/*
	 * gen is bumped (WRITE_ONCE, fgraph_lock) by register_ftrace_graph()
	 * before the rcu_assign_pointer() of the slot's new user.  gen is
	 * not reached through @gops, so the address dependency does not
	 * order its load: this smp_rmb() does, pairing with that release.
	 * A reader that sees the new user sees the new gen, so a frame of
	 * the slot's previous user never meets the new user.
	 */
	smp_rmb();
	if (gops && gops->retfunc &&
	    frame->gen == READ_ONCE(fgraph_slot_gen[frame->idx]))
		gops->retfunc(trace, gops);
}

/**
 * ftrace_return_to_handler - pop a frame at a hijacked return
 * @sp:     the stack pointer at the return, to check against the frame
 * @retval: the traced function's return value
 *
 * Called by return_to_handler.
 *
 * Return: the real return address.
 */
unsigned long notrace ftrace_return_to_handler(unsigned long sp,
					       unsigned long retval)
{
	struct task_struct *t = current;
	struct fgraph_stack *stk = task_fgraph_stack(t);
	/*
	 * current's own index; interrupts on this CPU push and pop above it
	 * and restore it.  Written with WRITE_ONCE for the unwinders.
	 */
	int index = READ_ONCE(t->curr_ret_stack) - 1;
	/* every field is set below (packed: no padding); no zeroing */
	struct ftrace_graph_ret trace __uninitialized;
	struct fgraph_frame *frame;
	unsigned long ret;

	if (WARN_ON_ONCE(!stk || index < 0)) {
		ftrace_graph_stop();
		return (unsigned long)panic;
	}
	frame = &stk->frames[index];
	if (WARN_ON_ONCE(frame->sp != sp)) {
		/* The machine stack and the ret_stack disagree. */
		ftrace_graph_stop();
		return (unsigned long)panic;
	}

	trace.func = frame->func;
	trace.depth = frame->depth;
	trace.calltime = frame->calltime;
	trace.overrun = atomic_read(&t->trace_overrun);
#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
	trace.retval = retval;
#endif
	preempt_disable_notrace();
	trace.rettime = fgraph_clock();
	/* A sleep measured on another CPU's clock may overshoot a little. */
	if (unlikely(trace.calltime > trace.rettime))
		trace.calltime = trace.rettime;
	ret = frame->ret;
	fgraph_call_retfunc(frame, &trace);
	preempt_enable_notrace();

	if (!index || stk->frames[index - 1].retp != frame->retp ||
	    stk->frames[index - 1].func != frame->func)
		t->curr_ret_depth--;
	/*
	 * The frame is read (ret, retp) before it is given back; an
	 * interrupt after the store may reuse it.  Same CPU: barrier().
	 */
	barrier();
	WRITE_ONCE(t->curr_ret_stack, index);
	return ret;
}

/**
 * ftrace_graph_ret_addr - the real return address behind return_to_handler
 * @task: the task whose stack is unwound
 * @idx:  the unwinder's state, 0 at the start of an unwind
 * @ret:  the return address found on the stack
 * @retp: where it was found
 *
 * An unwinder goes from the innermost frame outwards, so each return it
 * asks about was hijacked below the one it asked about before: *@idx
 * keeps 1 + the ret_stack index of that one.  An index from the bottom,
 * because the unwinder's own traced calls push and pop frames above it
 * between two questions.
 *
 * Return: @ret, unless it is return_to_handler and a frame of @task's
 * ret_stack hijacked the return at @retp: then the real return address.
 */
unsigned long ftrace_graph_ret_addr(struct task_struct *task, int *idx,
				    unsigned long ret, unsigned long *retp)
{
	struct fgraph_stack *stk = task_fgraph_stack(task);
	unsigned long hooker = (unsigned long)return_to_handler;
	int i;

	if (ret != hooker || !stk)
		return ret;
	/*
	 * @task may be running on another CPU and pushing and popping
	 * frames (function_graph_enter_ops(), ftrace_return_to_handler()):
	 * one value of its depth, no barrier; an unwind of a running task
	 * is best effort.
	 */
	i = READ_ONCE(task->curr_ret_stack);
	if (idx && *idx > 0 && *idx - 1 < i)
		i = *idx - 1;
	for (i--; i >= 0; i--) {
		struct fgraph_frame *frame = &stk->frames[i];

		if (frame->retp != retp)
			continue;
		/* Several users hijacked this return: the oldest has it. */
		if (frame->ret == hooker)
			continue;
		if (idx)
			*idx = i + 1;
		return frame->ret;
	}
	return ret;
}

/**
 * fgraph_get_task_var - @gops' word of per-task state for current
 * @gops: a registered user
 *
 * Return: a pointer to it (zero when the user registered), or NULL when
 * current has no ret_stack.
 */
unsigned long *fgraph_get_task_var(struct fgraph_ops *gops)
{
	struct fgraph_stack *stk = task_fgraph_stack(current);
	int idx;

	/* trace_graph_task_var() (trace_graph.h) relies on it */
	BUILD_BUG_ON(offsetof(struct fgraph_stack, task_var) != 0);

	/* one load: see function_graph_enter_ops() */
	idx = READ_ONCE(gops->idx);
	if (!stk || idx < 0)
		return NULL;
	return &stk->task_var[idx];
}

/**
 * fgraph_frame_data - a word @gops keeps with one of the calls it follows
 * @gops: a registered user, in one of its callbacks
 * @up:   0: the call the callback is about; 1: the closest call of
 *        current's that encloses it and that @gops follows; and so on
 *
 * The word is 0 when the call is entered and is only touched by
 * current (and interrupts on its CPU, which nest).
 *
 * Return: a pointer to it, or NULL if there is no such call.
 */
u64 *fgraph_frame_data(struct fgraph_ops *gops, int up)
{
	struct fgraph_stack *stk = task_fgraph_stack(current);
	/* one load: see function_graph_enter_ops() */
	int idx = READ_ONCE(gops->idx);
	int i;

	if (!stk || idx < 0)
		return NULL;
	/*
	 * current's depth (interrupts restore it) and the slot's gen, bumped
	 * only when the slot is given to a user.  Should @gops have lost idx
	 * after the load above (its trampoline preempted across its
	 * unregistration), only frames of the slot's next user can match:
	 * a word of theirs, never one out of bounds.  READ_ONCE for the
	 * writers named in function_graph_enter_ops().
	 */
	for (i = READ_ONCE(current->curr_ret_stack) - 1; i >= 0; i--) {
		if (stk->frames[i].idx != idx ||
		    stk->frames[i].gen != READ_ONCE(fgraph_slot_gen[idx]))
			continue;
		if (!up--)
			return &stk->frames[i].data;
	}
	return NULL;
}

/* --- ret_stacks -------------------------------------------------------- */

static struct fgraph_stack *fgraph_stack_alloc(gfp_t gfp)
{
	return kzalloc(sizeof(struct fgraph_stack), gfp);
}

/*
 * Give @t @stk, empty, unless it has one: the walk of the task list and
 * the fork probe may both find a new child without one.  @t is not
 * pushing frames yet (it has none).  Returns whether @stk was taken.
 */
static bool fgraph_give_stack(struct task_struct *t, struct fgraph_stack *stk)
{
	t->curr_ret_stack = 0;
	t->curr_ret_depth = 0;
	atomic_set(&t->trace_overrun, 0);
	/*
	 * The indexes above and the zeroed stack are seen before the stack
	 * is: pairs with READ_ONCE and the dependency in
	 * task_fgraph_stack() (the task itself, on any CPU, and unwinders).
	 * A giver that loses the race rewrote the same zeroes.
	 */
	return !cmpxchg_release(&t->ret_stack, NULL, (unsigned long *)stk);
}

#define FGRAPH_ALLOC_BATCH	32

/*
 * Give every task without a ret_stack one.  Stacks are allocated in
 * batches outside the RCU walk of the task list, and the walk repeated
 * until no task lacks one.  fgraph_lock.
 */
static int fgraph_alloc_all_stacks(void)
{
	struct fgraph_stack *batch[FGRAPH_ALLOC_BATCH];
	struct task_struct *g, *t;
	int n, used, cpu, ret = 0;
	bool more;

	do {
		for (n = 0; n < FGRAPH_ALLOC_BATCH; n++) {
			batch[n] = fgraph_stack_alloc(GFP_KERNEL);
			if (!batch[n]) {
				ret = -ENOMEM;
				break;
			}
		}
		used = 0;
		more = false;
		rcu_read_lock();
		for_each_process_thread(g, t) {
			if (t->ret_stack)
				continue;
			if (used == n) {
				more = true;
				goto unlock;
			}
			if (fgraph_give_stack(t, batch[used]))
				used++;
		}
unlock:
		rcu_read_unlock();
		while (used < n)
			kfree(batch[used++]);
	} while (more && !ret);

	for_each_possible_cpu(cpu) {
		t = idle_task(cpu);
		if (!t || t->ret_stack)
			continue;
		if (!per_cpu(idle_ret_stack, cpu))
			per_cpu(idle_ret_stack, cpu) =
				fgraph_stack_alloc(GFP_KERNEL);
		if (!per_cpu(idle_ret_stack, cpu))
			return -ENOMEM;
		fgraph_give_stack(t, per_cpu(idle_ret_stack, cpu));
	}
	return ret;
}

/**
 * ftrace_graph_init_task - a new task's ret_stack
 * @t: the task being forked (a copy of its parent so far)
 */
void ftrace_graph_init_task(struct task_struct *t)
{
	struct fgraph_stack *stk = NULL;

	t->ret_stack = NULL;
	t->curr_ret_stack = 0;
	t->curr_ret_depth = 0;
	atomic_set(&t->tracing_graph_pause, 0);
	atomic_set(&t->trace_overrun, 0);
	t->ftrace_timestamp = 0;
	/*
	 * Set once by the first register_ftrace_graph(), which then gives a
	 * stack to every task on the task list.  A child that reads false
	 * here but joins the list only after that walk is given one by
	 * fgraph_fork_probe().
	 */
	if (!READ_ONCE(fgraph_stacks_ready))
		return;
	stk = fgraph_stack_alloc(GFP_KERNEL);
	if (stk && !fgraph_give_stack(t, stk))
		kfree(stk);
}

/*
 * sched_process_fork, registered while fgraph has users: the child is on
 * the task list and has not run yet.  A child whose fork read
 * fgraph_stacks_ready false, and that the walk of the list missed, gets
 * its stack here.  The probe is registered (and, the first time, a grace
 * period passes before the flag is set) before the list is walked, so
 * such a child, added to the list after the walk read it, calls a probe
 * it sees.  One that forks while fgraph has no user and joins the list
 * late gets its stack from the next start's walk.
 */
static void fgraph_fork_probe(void *data, struct task_struct *parent,
			      struct task_struct *child)
{
	struct fgraph_stack *stk;

	/* stored by fork or the walk (cmpxchg_release), or neither yet */
	if (READ_ONCE(child->ret_stack))
		return;
	stk = fgraph_stack_alloc(GFP_NOWAIT);
	if (stk && !fgraph_give_stack(child, stk))
		kfree(stk);
}

/*
 * Before each walk of the task list, when the first user registers:
 * see fgraph_fork_probe().  fgraph_lock.
 */
static int fgraph_stacks_start(void)
{
	int ret;

	ret = register_trace_sched_process_fork(fgraph_fork_probe, NULL);
	if (ret || fgraph_stacks_ready)
		return ret;
	synchronize_rcu();
	/* read by fork, see ftrace_graph_init_task() */
	WRITE_ONCE(fgraph_stacks_ready, true);
	return 0;
}

/*
 * The last user is gone: the scheduler's fork tracepoint goes back to
 * what it was.  fgraph_lock.
 */
static void fgraph_stacks_stop(void)
{
	unregister_trace_sched_process_fork(fgraph_fork_probe, NULL);
}

/**
 * ftrace_graph_exit_task - free a dead task's ret_stack
 * @t: the task
 */
void ftrace_graph_exit_task(struct task_struct *t)
{
	struct fgraph_stack *stk = task_fgraph_stack(t);

	t->ret_stack = NULL;
	/* Idle tasks keep their per-CPU stack. */
	if (stk && !is_idle_task(t))
		kfree(stk);
}

/**
 * ftrace_graph_init_idle_task - an idle task's ret_stack
 * @t:   the idle task, (re)initialized for @cpu
 * @cpu: its CPU
 */
void ftrace_graph_init_idle_task(struct task_struct *t, int cpu)
{
	struct fgraph_stack *stk;

	t->curr_ret_stack = 0;
	t->curr_ret_depth = 0;
	atomic_set(&t->trace_overrun, 0);
	atomic_set(&t->tracing_graph_pause, 0);
	/*
	 * A stack from fork_idle() stays: idle tasks are never freed.
	 * fgraph_stacks_ready: see ftrace_graph_init_task(); the walk in
	 * fgraph_alloc_all_stacks() covers idle tasks too.
	 */
	if (t->ret_stack || !READ_ONCE(fgraph_stacks_ready))
		return;
	stk = per_cpu(idle_ret_stack, cpu);
	if (!stk) {
		stk = fgraph_stack_alloc(GFP_KERNEL);
		per_cpu(idle_ret_stack, cpu) = stk;
	}
	if (stk)
		fgraph_give_stack(t, stk);
}

/* --- sleep time ------------------------------------------------------- */

/*
 * @prev leaves the CPU: note when.  @next comes back: move the calltime
 * of the frames whose user leaves sleep out forward by the time it was
 * away.  @next is not running, so nothing else writes its frames.
 * ftrace_timestamp is written only here (and cleared with the probe
 * unregistered), so a stamp is always from this registration.
 */
static void notrace fgraph_sched_switch(void *data, bool preempt,
					struct task_struct *prev,
					struct task_struct *next,
					unsigned int prev_state)
{
	/*
	 * Changed under fgraph_lock by fgraph_update_nosleep() while this
	 * probe runs on any CPU: one value per switch, no ordering needed
	 * (a frame whose slot just changed gets its sleep counted or not).
	 */
	unsigned long slots = READ_ONCE(fgraph_nosleep_slots);
	struct fgraph_stack *stk;
	u64 now = trace_clock_local();
	u64 away;
	int i;

	prev->ftrace_timestamp = now;
	if (!next->ftrace_timestamp)
		return;
	away = now - next->ftrace_timestamp;
	next->ftrace_timestamp = 0;
	stk = task_fgraph_stack(next);
	if (!stk || (s64)away <= 0)
		return;
	/*
	 * @next is not running, so nobody changes its depth: READ_ONCE is
	 * not needed for correctness, only consistent with its other
	 * lockless readers.
	 */
	for (i = 0; i < READ_ONCE(next->curr_ret_stack); i++) {
		if (slots & BIT(stk->frames[i].idx))
			stk->frames[i].calltime += away;
	}
}

/* Forget every task's stamp; the probe is not registered.  fgraph_lock. */
static void fgraph_clear_timestamps(void)
{
	struct task_struct *g, *t;
	int cpu;

	/*
	 * The probe, the only other writer, is unregistered and waited for
	 * (tracepoint_synchronize_unregister()); nobody reads the stamps
	 * until it is registered again, which orders these stores before
	 * it.  WRITE_ONCE is not needed.
	 */
	rcu_read_lock();
	for_each_process_thread(g, t)
		WRITE_ONCE(t->ftrace_timestamp, 0);
	rcu_read_unlock();
	for_each_possible_cpu(cpu) {
		t = idle_task(cpu);
		if (t)
			WRITE_ONCE(t->ftrace_timestamp, 0);	/* as above */
	}
}

/* Make @slot's frames leave sleep out, or count it.  fgraph_lock. */
static int fgraph_update_nosleep(int slot, bool nosleep)
{
	unsigned long old = fgraph_nosleep_slots;
	unsigned long slots = nosleep ? old | BIT(slot) : old & ~BIT(slot);
	int ret;

	if (slots && !old) {
		ret = register_trace_sched_switch(fgraph_sched_switch, NULL);
		if (ret)
			return ret;
	}
	/* read by fgraph_sched_switch() on any CPU; see there */
	WRITE_ONCE(fgraph_nosleep_slots, slots);
	if (!slots && old) {
		unregister_trace_sched_switch(fgraph_sched_switch, NULL);
		tracepoint_synchronize_unregister();
		fgraph_clear_timestamps();
	}
	return 0;
}

/**
 * fgraph_set_sleep_time - count the time scheduled out in @gops' durations
 * @gops:       a user, registered or not
 * @sleep_time: true (the default): a call's calltime is when it was
 *              entered; false: it moves forward by the time the task
 *              spends scheduled out inside the call
 *
 * Return: 0, or -ENOMEM when the sched_switch probe could not be
 * registered (nothing changed then).
 */
int fgraph_set_sleep_time(struct fgraph_ops *gops, bool sleep_time)
{
	int ret = 0;

	guard(mutex)(&fgraph_lock);
	if (gops->idx >= 0 && gops->idx < FGRAPH_MAX_OPS &&
	    rcu_access_pointer(fgraph_array[gops->idx]) == gops)
		ret = fgraph_update_nosleep(gops->idx, !sleep_time);
	if (!ret)
		gops->no_sleep_time = !sleep_time;
	return ret;
}

/* --- users ---------------------------------------------------------------- */

/**
 * register_ftrace_graph - start following calls for @gops
 * @gops: the user, with entryfunc, retfunc and (optionally) the filters
 *        of gops->ops set; it must stay in memory until unregistered
 *
 * Return: 0; -EBUSY if it is registered already, -ENOSPC when
 * FGRAPH_MAX_OPS users are registered, -ENOMEM, or what
 * register_ftrace_function() returned.
 */
int register_ftrace_graph(struct fgraph_ops *gops)
{
	int i, ret;

	guard(mutex)(&fgraph_lock);
	if (gops->ops.flags & FTRACE_OPS_FL_ENABLED)
		return -EBUSY;
	for (i = 0; i < FGRAPH_MAX_OPS; i++) {
		if (!rcu_access_pointer(fgraph_array[i]))
			break;
	}
	if (i == FGRAPH_MAX_OPS)
		return -ENOSPC;
	if (!fgraph_users) {
		ret = fgraph_stacks_start();
		if (ret)
			return ret;
		ret = fgraph_alloc_all_stacks();
		if (ret)
			goto stop;
	}
	if (gops->no_sleep_time) {
		ret = fgraph_update_nosleep(i, true);
		if (ret)
			goto stop;
	}
	/*
	 * Before the slot is published with rcu_assign_pointer() below
	 * (release): read by function_graph_enter_ops(),
	 * fgraph_call_retfunc() and fgraph_frame_data() on any CPU.
	 */
	WRITE_ONCE(fgraph_slot_gen[i], fgraph_slot_gen[i] + 1);
	WRITE_ONCE(gops->idx, i);	/* see function_graph_enter_ops() */
	gops->ops.func = ftrace_graph_func;
	gops->ops.flags |= FTRACE_OPS_FL_SAVE_ARGS;
	rcu_assign_pointer(fgraph_array[i], gops);
	ret = register_ftrace_function(&gops->ops);
	if (ret) {
		if (gops->no_sleep_time)
			fgraph_update_nosleep(i, false);
		RCU_INIT_POINTER(fgraph_array[i], NULL);
		WRITE_ONCE(gops->idx, -1);
		goto stop;
	}
	fgraph_users++;
	return 0;
stop:
	if (!fgraph_users)
		fgraph_stacks_stop();
	return ret;
}
EXPORT_SYMBOL_GPL(register_ftrace_graph);

/* Clear slot @idx's per-task word in every task. */
static void fgraph_clear_task_vars(int idx)
{
	struct task_struct *g, *t;
	struct fgraph_stack *stk;
	int cpu;

	/*
	 * Slot @idx has no user (callbacks waited for by the caller) and
	 * fgraph_lock keeps a new one out, so no task touches these words
	 * now: WRITE_ONCE is not needed.  The next user sees the zeroes
	 * through fgraph_lock and its own registration.
	 */
	rcu_read_lock();
	for_each_process_thread(g, t) {
		stk = task_fgraph_stack(t);
		if (stk)
			WRITE_ONCE(stk->task_var[idx], 0);
	}
	rcu_read_unlock();
	for_each_possible_cpu(cpu) {
		stk = per_cpu(idle_ret_stack, cpu);
		if (stk)
			WRITE_ONCE(stk->task_var[idx], 0);	/* as above */
	}
}

/**
 * unregister_ftrace_graph - stop following calls for @gops
 * @gops: a registered user
 *
 * When this returns, neither callback of @gops runs or will run; calls
 * still pending return normally without calling it.
 */
void unregister_ftrace_graph(struct fgraph_ops *gops)
{
	int idx;

	guard(mutex)(&fgraph_lock);
	idx = gops->idx;
	if (idx < 0 || idx >= FGRAPH_MAX_OPS ||
	    rcu_access_pointer(fgraph_array[idx]) != gops)
		return;
	unregister_ftrace_function(&gops->ops);
	RCU_INIT_POINTER(fgraph_array[idx], NULL);
	/*
	 * Return callbacks run with preemption disabled.  Expedited, as in
	 * unregister_ftrace_function(): the sites were just patched.
	 */
	synchronize_rcu_expedited();
	if (gops->no_sleep_time)
		fgraph_update_nosleep(idx, false);
	fgraph_clear_task_vars(idx);
	WRITE_ONCE(gops->idx, -1);	/* see function_graph_enter_ops() */
	if (!--fgraph_users)
		fgraph_stacks_stop();
}
EXPORT_SYMBOL_GPL(unregister_ftrace_graph);
