// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Tracepoint probe registration.
 *
 * A tracepoint (struct tracepoint, made by DEFINE_TRACE_FN() in
 * <linux/tracepoint.h>) owns a NULL-terminated array of probes sorted by
 * decreasing priority.  Callers of trace_<name>() read the array with
 * preemption disabled (or, for _rcuidle callers, inside tracepoint_srcu)
 * and never lock anything.  So an array is never changed once published:
 * every registration builds a new array, publishes it with
 * rcu_assign_pointer(), and hands the old one to call_rcu(), whose
 * callback hands it to call_srcu(); it is freed once both grace periods
 * have passed.  The chain also keeps the boot path simple: RCU
 * callbacks first run once interrupts are on, long after srcu_init(),
 * so a probe registered at trace_init() time may retire arrays freely.
 *
 * Besides the array, a tracepoint has a static key (enabled while there
 * is at least one probe) and a static call tp_func_<name> (the only
 * probe while there is exactly one, __traceiter_<name> otherwise).  The
 * caller passes the data of the first entry of the array it read to
 * whatever the static call points at.  The iterator ignores it, but a
 * single probe takes it as its own, so a caller must never pair probe P
 * with data from an array whose first entry is not P's.  Two rules keep
 * that true:
 *
 *  - the static call leaves a single probe for the iterator before an
 *    array with a second probe is published;
 *  - it is pointed at a single probe only after every caller that might
 *    still hold an array with a different first entry is gone.  Each
 *    retired array whose first entry differs from its successor's is
 *    noted with a grace-period cookie (tp_stale); before the static call
 *    goes to a single probe we wait for the newest cookie.  Most changes
 *    of a quiet tracepoint find the grace period long over and do not
 *    wait at all.
 *
 * Without static calls the caller always runs the iterator, and neither
 * rule costs anything.
 *
 * Locking, outermost first:
 *   tp_module_mutex     the list of modules with tracepoints, and the
 *                       calls of the tracepoint module notifiers (which
 *                       may register probes);
 *   tracepoints_mutex   every probe array, static key and static call
 *                       update of every tracepoint, the regfunc and
 *                       unregfunc calls, tp_stale and the syscall
 *                       tracepoint count;
 *   then, inside static_key_enable() and __static_call_update():
 *   cpus_read_lock -> jump_label_mutex / static_call_mutex -> text_mutex.
 * Nothing here may be called with any of the inner locks held, nor from
 * a probe.
 */
#include <linux/cleanup.h>
#include <linux/err.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/notifier.h>
#include <linux/overflow.h>
#include <linux/rcupdate.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <linux/srcu.h>
#include <linux/static_call.h>
#include <linux/static_key.h>
#include <linux/tracepoint.h>

/* Bounds of the built-in tracepoints' entries (vmlinux.lds.h RO_DATA). */
extern tracepoint_ptr_t __start___tracepoints_ptrs[];
extern tracepoint_ptr_t __stop___tracepoints_ptrs[];

DEFINE_SRCU(tracepoint_srcu);
EXPORT_SYMBOL_GPL(tracepoint_srcu);

/* See the locking notes at the top of the file. */
static DEFINE_MUTEX(tracepoints_mutex);

/* A probe array as allocated: the rcu_head retires it. */
struct tp_probe_array {
	struct rcu_head		rcu;
	struct tracepoint_func	probes[];
};

static struct tp_probe_array *tp_array_of(struct tracepoint_func *probes)
{
	return container_of(probes, struct tp_probe_array, probes[0]);
}

/* An array with room for @n probes and the terminating entry. */
static struct tracepoint_func *tp_array_alloc(int n, gfp_t gfp)
{
	struct tp_probe_array *a;

	a = kmalloc(struct_size(a, probes, n + 1), gfp);
	if (!a)
		return NULL;
	a->probes[n].func = NULL;
	a->probes[n].data = NULL;
	a->probes[n].prio = 0;
	return a->probes;
}

static int tp_array_len(const struct tracepoint_func *probes)
{
	int n = 0;

	if (probes)
		while (probes[n].func)
			n++;
	return n;
}

/* One registration is one (function, data) pair. */
static bool tp_same_probe(const struct tracepoint_func *a,
			  const struct tracepoint_func *b)
{
	return a->func == b->func && a->data == b->data;
}

static void tp_array_free_srcu(struct rcu_head *head)
{
	kfree(container_of(head, struct tp_probe_array, rcu));
}

static void tp_array_free_rcu(struct rcu_head *head)
{
	call_srcu(&tracepoint_srcu, head, tp_array_free_srcu);
}

/* Free an unpublished array once no caller can be reading it. */
static void tp_array_retire(struct tracepoint_func *probes)
{
	if (probes)
		call_rcu(&tp_array_of(probes)->rcu, tp_array_free_rcu);
}

/*
 * The copy of @old with @probe added, or ERR_PTR(-EEXIST / -ENOMEM).
 * The newcomer goes after every probe of its priority or higher.
 */
static struct tracepoint_func *
tp_array_with(struct tracepoint_func *old, const struct tracepoint_func *probe)
{
	int n = tp_array_len(old);
	struct tracepoint_func *new;
	int i, j = 0;

	for (i = 0; i < n; i++)
		if (tp_same_probe(&old[i], probe))
			return ERR_PTR(-EEXIST);

	new = tp_array_alloc(n + 1, GFP_KERNEL);
	if (!new)
		return ERR_PTR(-ENOMEM);
	for (i = 0; i < n && old[i].prio >= probe->prio; i++)
		new[j++] = old[i];
	new[j++] = *probe;
	while (i < n)
		new[j++] = old[i++];
	return new;
}

/*
 * The copy of @old without @probe: NULL when it was the last one,
 * ERR_PTR(-ENOENT) when it is not there.  Removing cannot fail otherwise:
 * callers unregister on teardown paths with no way back, and the array
 * of a tracepoint is a few dozen bytes.
 */
static struct tracepoint_func *
tp_array_without(struct tracepoint_func *old,
		 const struct tracepoint_func *probe)
{
	int n = tp_array_len(old);
	struct tracepoint_func *new;
	int i, j = 0, victim = -1;

	for (i = 0; i < n; i++) {
		if (tp_same_probe(&old[i], probe)) {
			victim = i;
			break;
		}
	}
	if (victim < 0)
		return ERR_PTR(-ENOENT);
	if (n == 1)
		return NULL;

	new = tp_array_alloc(n - 1, GFP_KERNEL | __GFP_NOFAIL);
	for (i = 0; i < n; i++)
		if (i != victim)
			new[j++] = old[i];
	return new;
}

/*
 * tp_stale: the grace periods (RCU and tracepoint_srcu) after which no
 * caller holds an array retired with a different first entry than its
 * successor.  Protected by tracepoints_mutex.  The wait is expedited:
 * it sits in a tracer switch or an event enable that a user is waiting
 * on, typically right after the last probe went (a tracer that stops
 * detaches its sched_switch probes, the next one attaches them again).
 */
static struct {
	unsigned long	rcu;
	unsigned long	srcu;
	bool		pending;
} tp_stale;

static void tp_stale_note(void)
{
	if (!IS_ENABLED(CONFIG_HAVE_STATIC_CALL))
		return;
	tp_stale.rcu = get_state_synchronize_rcu();
	tp_stale.srcu = start_poll_synchronize_srcu(&tracepoint_srcu);
	tp_stale.pending = true;
}

static void tp_stale_wait(void)
{
	if (!tp_stale.pending)
		return;
	cond_synchronize_rcu_expedited(tp_stale.rcu);
	if (!poll_state_synchronize_srcu(&tracepoint_srcu, tp_stale.srcu))
		synchronize_srcu_expedited(&tracepoint_srcu);
	tp_stale.pending = false;
}

/* Point tp_func_<name> at @func (tracepoints made at run time have none). */
static void tp_set_static_call(struct tracepoint *tp, void *func)
{
	if (tp->static_call_key)
		__static_call_update(tp->static_call_key, tp->static_call_tramp,
				     func);
}

/* Publish @new, which has one probe more than @old. */
static void tp_publish_grown(struct tracepoint *tp,
			     struct tracepoint_func *old,
			     struct tracepoint_func *new)
{
	switch (tp_array_len(new)) {
	case 1:
		/*
		 * The first probe.  The static call goes straight to it
		 * before callers can see it, and no caller may still pass
		 * the data of an earlier array.
		 */
		tp_stale_wait();
		tp_set_static_call(tp, new[0].func);
		rcu_assign_pointer(tp->funcs, new);
		static_key_enable(&tp->key);
		return;
	case 2:
		/* Back to the iterator before the second probe shows. */
		tp_set_static_call(tp, tp->iterator);
		fallthrough;
	default:
		rcu_assign_pointer(tp->funcs, new);
		if (!tp_same_probe(&old[0], &new[0]))
			tp_stale_note();
		return;
	}
}

/* Publish @new (NULL for none), which has one probe less than @old. */
static void tp_publish_shrunk(struct tracepoint *tp,
			      struct tracepoint_func *old,
			      struct tracepoint_func *new)
{
	if (!new) {
		/* The last probe is gone: switch off, then tell the owner. */
		static_key_disable(&tp->key);
		rcu_assign_pointer(tp->funcs, NULL);
		tp_set_static_call(tp, tp->iterator);
		tp_stale_note();
		if (tp->unregfunc)
			tp->unregfunc();
		return;
	}

	rcu_assign_pointer(tp->funcs, new);
	if (!tp_same_probe(&old[0], &new[0]))
		tp_stale_note();
	if (tp_array_len(new) == 1) {
		/*
		 * Callers that read a longer array pass its first entry's
		 * data; once they are gone the survivor gets the call.
		 */
		tp_stale_wait();
		tp_set_static_call(tp, new[0].func);
	}
}

static int tp_add_probe(struct tracepoint *tp, void *func, void *data,
			int prio, bool warn_if_exists)
{
	struct tracepoint_func probe = {
		.func = func,
		.data = data,
		.prio = prio,
	};
	struct tracepoint_func *old, *new;
	int ret;

	if (WARN_ON_ONCE(!func))
		return -EINVAL;

	guard(mutex)(&tracepoints_mutex);

	old = rcu_dereference_protected(tp->funcs,
					lockdep_is_held(&tracepoints_mutex));
	new = tp_array_with(old, &probe);
	if (IS_ERR(new)) {
		WARN_ON_ONCE(warn_if_exists && PTR_ERR(new) == -EEXIST);
		return PTR_ERR(new);
	}

	if (!old && tp->regfunc) {
		ret = tp->regfunc();
		if (ret < 0) {
			kfree(tp_array_of(new));
			return ret;
		}
	}

	tp_publish_grown(tp, old, new);
	tp_array_retire(old);
	return 0;
}

/**
 * tracepoint_probe_register_prio_may_exist - attach a probe, if not yet
 * @tp:    the tracepoint
 * @probe: the probe, void (*)(void *data, <the tracepoint's arguments>)
 * @data:  passed to @probe as its first argument
 * @prio:  higher runs earlier; equal priorities run in attach order
 *
 * As tracepoint_probe_register_prio(), for callers to whom an existing
 * (@probe, @data) registration is expected: -EEXIST comes back without
 * a warning.
 *
 * Context: process context; takes tracepoints_mutex and patches code.
 * Return: 0, -EEXIST, -ENOMEM, or the error of the tracepoint's regfunc.
 */
int tracepoint_probe_register_prio_may_exist(struct tracepoint *tp,
					     void *probe, void *data, int prio)
{
	return tp_add_probe(tp, probe, data, prio, false);
}
EXPORT_SYMBOL_GPL(tracepoint_probe_register_prio_may_exist);

/**
 * tracepoint_probe_register_prio - attach a probe with a priority
 * @tp:    the tracepoint
 * @probe: the probe, void (*)(void *data, <the tracepoint's arguments>)
 * @data:  passed to @probe as its first argument
 * @prio:  higher runs earlier; equal priorities run in attach order
 *
 * From return on, every trace_<name>() call runs @probe.  The first probe
 * of a tracepoint enables it (and runs its regfunc first).  A probe on a
 * module's tracepoint must be detached before the module goes: from the
 * prober's module exit, or from a tracepoint module notifier.
 *
 * Context: process context; takes tracepoints_mutex and patches code.
 * Return: 0; -EEXIST (with a warning) when (@probe, @data) is attached
 * already; -ENOMEM; or the error of the tracepoint's regfunc.
 */
int tracepoint_probe_register_prio(struct tracepoint *tp, void *probe,
				   void *data, int prio)
{
	return tp_add_probe(tp, probe, data, prio, true);
}
EXPORT_SYMBOL_GPL(tracepoint_probe_register_prio);

/**
 * tracepoint_probe_register - attach a probe at the default priority
 * @tp:    the tracepoint
 * @probe: the probe, void (*)(void *data, <the tracepoint's arguments>)
 * @data:  passed to @probe as its first argument
 *
 * tracepoint_probe_register_prio() with TRACEPOINT_DEFAULT_PRIO.
 *
 * Context: process context; takes tracepoints_mutex and patches code.
 * Return: 0 or a negative errno, as tracepoint_probe_register_prio().
 */
int tracepoint_probe_register(struct tracepoint *tp, void *probe, void *data)
{
	return tp_add_probe(tp, probe, data, TRACEPOINT_DEFAULT_PRIO, true);
}
EXPORT_SYMBOL_GPL(tracepoint_probe_register);

/**
 * tracepoint_probe_unregister - detach a probe
 * @tp:    the tracepoint
 * @probe: the probe as registered
 * @data:  the data as registered
 *
 * New trace_<name>() calls no longer run @probe once this returns, but
 * calls already under way may; tracepoint_synchronize_unregister() waits
 * for them.  Removing the last probe disables the tracepoint, then runs
 * its unregfunc.
 *
 * Context: process context; takes tracepoints_mutex and patches code.
 * Return: 0, or -ENOENT when (@probe, @data) is not attached.
 */
int tracepoint_probe_unregister(struct tracepoint *tp, void *probe,
				void *data)
{
	struct tracepoint_func gone = { .func = probe, .data = data };
	struct tracepoint_func *old, *new;

	guard(mutex)(&tracepoints_mutex);

	old = rcu_dereference_protected(tp->funcs,
					lockdep_is_held(&tracepoints_mutex));
	new = tp_array_without(old, &gone);
	if (IS_ERR(new))
		return PTR_ERR(new);

	tp_publish_shrunk(tp, old, new);
	tp_array_retire(old);
	return 0;
}
EXPORT_SYMBOL_GPL(tracepoint_probe_unregister);

/**
 * for_each_kernel_tracepoint - visit every built-in tracepoint
 * @fct:  called with each tracepoint and @priv
 * @priv: passed through to @fct
 *
 * Walks vmlinux's __tracepoints_ptrs; module tracepoints are reached
 * with for_each_module_tracepoint().  The set never changes, so no lock
 * is taken and @fct may sleep or register probes.
 */
void for_each_kernel_tracepoint(void (*fct)(struct tracepoint *tp,
					    void *priv),
				void *priv)
{
	tracepoint_ptr_t *p;

	for (p = __start___tracepoints_ptrs; p < __stop___tracepoints_ptrs; p++)
		fct(tracepoint_ptr_deref(p), priv);
}
EXPORT_SYMBOL_GPL(for_each_kernel_tracepoint);

#ifdef CONFIG_MODULES

/* See the locking notes at the top of the file. */
static DEFINE_MUTEX(tp_module_mutex);
/* struct tp_module of every live module with usable tracepoints. */
static LIST_HEAD(tp_module_list);
/* Told MODULE_STATE_COMING / _GOING with a struct tp_module. */
static BLOCKING_NOTIFIER_HEAD(tp_module_notifiers);

/* Taints that say nothing about the module's binary layout. */
#define TP_MODULE_HARMLESS_TAINTS					\
	(BIT(TAINT_OOT_MODULE) | BIT(TAINT_CRAP) |			\
	 BIT(TAINT_UNSIGNED_MODULE) | BIT(TAINT_TEST) | BIT(TAINT_LIVEPATCH))

/**
 * trace_module_has_bad_taint - may @mod's tracepoints not be trusted?
 * @mod: the module
 *
 * A module loaded by force (or otherwise tainted in a way that questions
 * its layout) may disagree with us on struct tracepoint; its tracepoints
 * are left alone.  Out-of-tree, staging, unsigned, test and livepatch
 * modules are fine.
 *
 * Return: true when @mod carries any other taint.
 */
bool trace_module_has_bad_taint(struct module *mod)
{
	return (mod->taints & ~TP_MODULE_HARMLESS_TAINTS) != 0;
}

/**
 * register_tracepoint_module_notifier - hear of modules with tracepoints
 * @nb: notifier; its callback gets MODULE_STATE_COMING or
 *      MODULE_STATE_GOING and a struct tp_module *
 *
 * @nb is first told COMING for every module already loaded, then for
 * each module that arrives, and GOING for each that leaves (before its
 * tracepoints are checked to have no probes left).  Callbacks run under
 * tp_module_mutex and may call for_each_tracepoint_in_module() and
 * register or unregister probes.
 *
 * Context: process context.
 * Return: 0 or the notifier chain's error.
 */
int register_tracepoint_module_notifier(struct notifier_block *nb)
{
	struct tp_module *tp_mod;
	int ret;

	guard(mutex)(&tp_module_mutex);
	ret = blocking_notifier_chain_register(&tp_module_notifiers, nb);
	if (ret)
		return ret;
	list_for_each_entry(tp_mod, &tp_module_list, list)
		nb->notifier_call(nb, MODULE_STATE_COMING, tp_mod);
	return 0;
}
EXPORT_SYMBOL_GPL(register_tracepoint_module_notifier);

/**
 * unregister_tracepoint_module_notifier - stop hearing of modules
 * @nb: a notifier given to register_tracepoint_module_notifier()
 *
 * @nb is told GOING for every module still loaded, so it can drop what
 * it attached, and is then forgotten.
 *
 * Context: process context.
 * Return: 0, or -ENOENT when @nb was not registered.
 */
int unregister_tracepoint_module_notifier(struct notifier_block *nb)
{
	struct tp_module *tp_mod;
	int ret;

	guard(mutex)(&tp_module_mutex);
	ret = blocking_notifier_chain_unregister(&tp_module_notifiers, nb);
	if (ret)
		return ret;
	list_for_each_entry(tp_mod, &tp_module_list, list)
		nb->notifier_call(nb, MODULE_STATE_GOING, tp_mod);
	return 0;
}
EXPORT_SYMBOL_GPL(unregister_tracepoint_module_notifier);

/**
 * for_each_tracepoint_in_module - visit the tracepoints of one module
 * @mod:  the module (NULL: nothing)
 * @fct:  called with each tracepoint, @mod and @priv
 * @priv: passed through to @fct
 *
 * Context: with tp_module_mutex held, that is from a tracepoint module
 * notifier or from for_each_module_tracepoint(): that keeps @mod here.
 */
void for_each_tracepoint_in_module(struct module *mod,
				   void (*fct)(struct tracepoint *tp,
					       struct module *mod, void *priv),
				   void *priv)
{
	unsigned int i;

	lockdep_assert_held(&tp_module_mutex);
	if (!mod)
		return;
	for (i = 0; i < mod->num_tracepoints; i++)
		fct(tracepoint_ptr_deref(&mod->tracepoints_ptrs[i]), mod, priv);
}
EXPORT_SYMBOL_GPL(for_each_tracepoint_in_module);

/**
 * for_each_module_tracepoint - visit the tracepoints of every module
 * @fct:  called with each tracepoint, its module and @priv
 * @priv: passed through to @fct
 *
 * Modules with a bad taint (trace_module_has_bad_taint()) are skipped.
 *
 * Context: process context; takes tp_module_mutex.
 */
void for_each_module_tracepoint(void (*fct)(struct tracepoint *tp,
					    struct module *mod, void *priv),
				void *priv)
{
	struct tp_module *tp_mod;

	guard(mutex)(&tp_module_mutex);
	list_for_each_entry(tp_mod, &tp_module_list, list)
		for_each_tracepoint_in_module(tp_mod->mod, fct, priv);
}
EXPORT_SYMBOL_GPL(for_each_module_tracepoint);

static void tp_module_check_detached(struct tracepoint *tp,
				     struct module *mod, void *priv)
{
	WARN_ONCE(rcu_access_pointer(tp->funcs),
		  "tracepoint %s of module %s still has probes\n",
		  tp->name, mod->name);
}

static int tp_module_coming(struct module *mod)
{
	struct tp_module *tp_mod;

	if (!mod->num_tracepoints || trace_module_has_bad_taint(mod))
		return 0;

	tp_mod = kmalloc(sizeof(*tp_mod), GFP_KERNEL);
	if (!tp_mod)
		return -ENOMEM;
	tp_mod->mod = mod;

	guard(mutex)(&tp_module_mutex);
	list_add_tail(&tp_mod->list, &tp_module_list);
	blocking_notifier_call_chain(&tp_module_notifiers, MODULE_STATE_COMING,
				     tp_mod);
	return 0;
}

/*
 * Looked up by module rather than by taint: a module may taint the
 * kernel after it came, and one refused at coming is simply not found.
 */
static void tp_module_going(struct module *mod)
{
	struct tp_module *tp_mod;

	if (!mod->num_tracepoints)
		return;

	guard(mutex)(&tp_module_mutex);
	list_for_each_entry(tp_mod, &tp_module_list, list) {
		if (tp_mod->mod != mod)
			continue;
		blocking_notifier_call_chain(&tp_module_notifiers,
					     MODULE_STATE_GOING, tp_mod);
		list_del(&tp_mod->list);
		kfree(tp_mod);
		for_each_tracepoint_in_module(mod, tp_module_check_detached,
					      NULL);
		return;
	}
}

static int tp_module_notify(struct notifier_block *nb, unsigned long state,
			    void *data)
{
	struct module *mod = data;
	int ret = 0;

	if (state == MODULE_STATE_COMING)
		ret = tp_module_coming(mod);
	else if (state == MODULE_STATE_GOING)
		tp_module_going(mod);
	return notifier_from_errno(ret);
}

static struct notifier_block tp_module_nb = {
	.notifier_call	= tp_module_notify,
};

static int __init tp_modules_init(void)
{
	int ret = register_module_notifier(&tp_module_nb);

	if (ret)
		pr_warn("tracepoint: module tracepoints unavailable (%d)\n",
			ret);
	return ret;
}
core_initcall(tp_modules_init);

#endif /* CONFIG_MODULES */

#ifdef CONFIG_HAVE_SYSCALL_TRACEPOINTS

/*
 * How many of sys_enter and sys_exit have probes.  Only touched from
 * their regfunc/unregfunc, so under tracepoints_mutex.
 */
static int tp_syscall_users;

/*
 * Set or clear SYSCALL_TRACEPOINT work on every thread of the system, and
 * on init_task: it is on no task list, but a syscall event enabled from
 * start_kernel() (trace_event=, trace_instance=) must reach pid 1 and
 * kthreadd, which copy its mark when they are forked.
 */
static void tp_syscall_work_all(bool on)
{
	struct task_struct *g, *t;

	read_lock(&tasklist_lock);
	for_each_process_thread(g, t) {
		if (on)
			set_task_syscall_work(t, SYSCALL_TRACEPOINT);
		else
			clear_task_syscall_work(t, SYSCALL_TRACEPOINT);
	}
	read_unlock(&tasklist_lock);
	if (on)
		set_task_syscall_work(&init_task, SYSCALL_TRACEPOINT);
	else
		clear_task_syscall_work(&init_task, SYSCALL_TRACEPOINT);
}

/**
 * syscall_regfunc - route system calls through the syscall tracepoints
 *
 * The regfunc of sys_enter and sys_exit.  The first of them to get a
 * probe marks every thread for syscall tracepoint work; fork copies the
 * mark (syscall_tracepoint_update()).
 *
 * Context: tracepoints_mutex held (as for every regfunc).
 * Return: 0.
 */
int syscall_regfunc(void)
{
	lockdep_assert_held(&tracepoints_mutex);
	if (tp_syscall_users++ == 0)
		tp_syscall_work_all(true);
	return 0;
}

/**
 * syscall_unregfunc - undo syscall_regfunc()
 *
 * When neither sys_enter nor sys_exit has probes left, clear the mark
 * from every thread.
 *
 * Context: tracepoints_mutex held (as for every unregfunc).
 */
void syscall_unregfunc(void)
{
	lockdep_assert_held(&tracepoints_mutex);
	if (--tp_syscall_users == 0)
		tp_syscall_work_all(false);
}

#endif /* CONFIG_HAVE_SYSCALL_TRACEPOINTS */
