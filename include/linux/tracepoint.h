/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Tracepoints: static instrumentation points that cost a patched-out jump
 * while nobody listens.  An event header declares them with TRACE_EVENT()
 * and friends; including it gives every user trace_<name>(),
 * trace_<name>_enabled(), register_trace_<name>() and
 * unregister_trace_<name>().  One .c file per header defines
 * CREATE_TRACE_POINTS before including it, and <trace/define_trace.h> at
 * the header's end then instantiates the tracepoints (and, with event
 * tracing, the events).  Documentation/trace/tracepoints.rst tells the
 * whole story; kernel/tracepoint.c holds the registration side.
 *
 * The first part of this file is include-guarded.  The declaration
 * macros after the guard are only defined when nobody defined them first,
 * which lets <trace/define_trace.h> give them other meanings and re-read
 * an event header (TRACE_HEADER_MULTI_READ).
 */
#ifndef _LINUX_TRACEPOINT_H
#define _LINUX_TRACEPOINT_H

#include <linux/smp.h>
#include <linux/srcu.h>
#include <linux/errno.h>
#include <linux/types.h>
#include <linux/rcupdate.h>
#include <linux/tracepoint-defs.h>
#include <linux/static_call.h>

struct module;
struct tracepoint;
struct notifier_block;

/* TRACE_DEFINE_ENUM() entries: a symbolic value user space cannot see. */
struct trace_eval_map {
	const char		*system;
	const char		*eval_string;
	unsigned long		eval_value;
};

/* Probes run in decreasing priority; equal priorities in attach order. */
#define TRACEPOINT_DEFAULT_PRIO	10

#ifdef CONFIG_TRACEPOINTS

/*
 * Readers that cannot use sched-RCU (the _rcuidle variants, where the
 * architecture allows them) hold this SRCU domain around their probes.
 */
extern struct srcu_struct tracepoint_srcu;

int tracepoint_probe_register(struct tracepoint *tp, void *probe, void *data);
int tracepoint_probe_register_prio(struct tracepoint *tp, void *probe,
				   void *data, int prio);
int tracepoint_probe_register_prio_may_exist(struct tracepoint *tp,
					     void *probe, void *data,
					     int prio);
int tracepoint_probe_unregister(struct tracepoint *tp, void *probe,
				void *data);

/* As tracepoint_probe_register(), but an existing probe is no error. */
static inline int tracepoint_probe_register_may_exist(struct tracepoint *tp,
						      void *probe, void *data)
{
	return tracepoint_probe_register_prio_may_exist(tp, probe, data,
						TRACEPOINT_DEFAULT_PRIO);
}

void for_each_kernel_tracepoint(void (*fct)(struct tracepoint *tp,
					    void *priv),
				void *priv);

/*
 * Wait until no probe removed before this call can still be running:
 * one SRCU grace period for the _rcuidle callers, one RCU grace period
 * for everybody else (who runs probes with preemption disabled).  Call
 * it after the last unregister_trace_<name>() and before freeing what
 * the probes use, or before a module that owns probes goes away.
 */
static inline void tracepoint_synchronize_unregister(void)
{
	synchronize_srcu(&tracepoint_srcu);
	synchronize_rcu();
}

#else /* !CONFIG_TRACEPOINTS */

/* With tracepoints compiled out no probe ever runs. */
static inline void tracepoint_synchronize_unregister(void)
{
}

#endif /* CONFIG_TRACEPOINTS */

#if defined(CONFIG_TRACEPOINTS) && defined(CONFIG_MODULES)

/*
 * A loaded module that has tracepoints, as handed to the notifiers
 * registered with register_tracepoint_module_notifier().
 */
struct tp_module {
	struct list_head	list;
	struct module		*mod;
};

bool trace_module_has_bad_taint(struct module *mod);
int register_tracepoint_module_notifier(struct notifier_block *nb);
int unregister_tracepoint_module_notifier(struct notifier_block *nb);
void for_each_module_tracepoint(void (*fct)(struct tracepoint *tp,
					    struct module *mod, void *priv),
				void *priv);
void for_each_tracepoint_in_module(struct module *mod,
				   void (*fct)(struct tracepoint *tp,
					       struct module *mod,
					       void *priv),
				   void *priv);

#else

static inline bool trace_module_has_bad_taint(struct module *mod)
{
	return false;
}

static inline int register_tracepoint_module_notifier(struct notifier_block *nb)
{
	return 0;
}

static inline int unregister_tracepoint_module_notifier(struct notifier_block *nb)
{
	return 0;
}

static inline void
for_each_module_tracepoint(void (*fct)(struct tracepoint *tp,
				       struct module *mod, void *priv),
			   void *priv)
{
}

static inline void
for_each_tracepoint_in_module(struct module *mod,
			      void (*fct)(struct tracepoint *tp,
					  struct module *mod, void *priv),
			      void *priv)
{
}

#endif /* CONFIG_TRACEPOINTS && CONFIG_MODULES */

#ifdef CONFIG_HAVE_SYSCALL_TRACEPOINTS
/* regfunc/unregfunc of sys_enter and sys_exit (kernel/tracepoint.c). */
int syscall_regfunc(void);
void syscall_unregfunc(void);
#endif

#ifndef PARAMS
#define PARAMS(args...) args
#endif

/* Outside <trace/define_trace.h> these record nothing. */
#define TRACE_DEFINE_ENUM(x)
#define TRACE_DEFINE_SIZEOF(x)

/*
 * Each tracepoint puts one tracepoint_ptr_t in __tracepoints_ptrs; the
 * linker collects them between __start___tracepoints_ptrs and
 * __stop___tracepoints_ptrs (modules: mod->tracepoints_ptrs).  The
 * structures themselves cannot be walked as an array: the compiler and
 * the linker are free to pad between them.
 */
#ifdef CONFIG_HAVE_ARCH_PREL32_RELOCATIONS
/* A 32-bit offset from the entry to its tracepoint: half the size. */
static inline struct tracepoint *tracepoint_ptr_deref(tracepoint_ptr_t *p)
{
	return offset_to_ptr(p);
}

#define __TRACEPOINT_ENTRY(name)					\
	asm(".pushsection \"__tracepoints_ptrs\", \"a\"\n"		\
	    ".balign 4\n"						\
	    ".long __tracepoint_" #name " - .\n"			\
	    ".popsection\n")
#else
static inline struct tracepoint *tracepoint_ptr_deref(tracepoint_ptr_t *p)
{
	return *p;
}

#define __TRACEPOINT_ENTRY(name)					\
	static tracepoint_ptr_t __tracepoint_ptr_##name			\
		__used __section("__tracepoints_ptrs") = &__tracepoint_##name
#endif

/*
 * tracepoint_string() marks a constant string that events record by
 * address.  With tracing the address is also kept in __tracepoint_str,
 * which the tracer lists in printk_formats so readers of binary traces
 * can map it back to the text.  The string must outlive every trace that
 * may hold its address (a module's strings are fine: its events go with
 * it).  Without tracing nobody records it and the string is just itself.
 */
#ifdef CONFIG_TRACING
#define __tracepoint_string	__used __section("__tracepoint_str")
#define tracepoint_string(str)						\
	({								\
		static const char *__tp_str_ref __tracepoint_string = (str); \
		__tp_str_ref;						\
	})
#else
#define __tracepoint_string
#define tracepoint_string(str)	(str)
#endif

#endif /* _LINUX_TRACEPOINT_H */

#ifndef DECLARE_TRACE

#define TP_PROTO(args...)	args
#define TP_ARGS(args...)	args
#define TP_CONDITION(args...)	args

/*
 * A file that wants its tracepoint calls compiled out even in a kernel
 * with tracepoints defines NOTRACE before including the event headers.
 */
#if defined(CONFIG_TRACEPOINTS) && !defined(NOTRACE)
#define TRACEPOINTS_ENABLED
#endif

#ifdef TRACEPOINTS_ENABLED

/*
 * The call side.  While no probe is attached the static key keeps
 * trace_<name>() down to a NOP.  Enabled, it runs the probes with
 * preemption disabled: that is the RCU read side the probe array is
 * freed against (see kernel/tracepoint.c).
 *
 * Where the architecture has static calls, tp_func_<name> is kept
 * pointing at the only probe while exactly one is attached, and at
 * __traceiter_<name> otherwise.  The caller passes the data of the first
 * entry of the probe array it read: the single probe needs exactly that,
 * the iterator ignores it and reads each entry's own data.
 * kernel/tracepoint.c orders its updates so that a caller never pairs
 * one probe with another probe's data.  Elsewhere the iterator is called
 * directly, which saves an indirect call.
 */
#ifdef CONFIG_HAVE_STATIC_CALL
#define __TP_DISPATCH(name, args)					\
	do {								\
		struct tracepoint_func *__tp_head;			\
									\
		__tp_head = rcu_dereference_raw(__tracepoint_##name.funcs); \
		if (__tp_head)						\
			static_call(tp_func_##name)(__tp_head->data, args); \
	} while (0)
#else
#define __TP_DISPATCH(name, args)	__traceiter_##name(NULL, args)
#endif

#define __TP_RUN_PROBES(name, args)					\
	do {								\
		preempt_disable_notrace();				\
		__TP_DISPATCH(name, PARAMS(args));			\
		preempt_enable_notrace();				\
	} while (0)

/*
 * trace_<name>_rcuidle(): for the few callers that may run where RCU is
 * not watching.  Architectures with ARCH_WANTS_NO_INSTR keep all such
 * code noinstr, so there a call is a bug and runs nothing.  Elsewhere the
 * probes run inside tracepoint_srcu, with RCU told to watch for their
 * duration; SRCU readers cannot nest in NMI, so NMI callers are refused.
 * Modules never get this variant.
 */
#ifdef CONFIG_ARCH_WANTS_NO_INSTR
#define __TP_RUN_PROBES_RCUIDLE(name, args)				\
	WARN_ONCE(1, "tracepoint %s: _rcuidle call on an ARCH_WANTS_NO_INSTR architecture\n", \
		  #name)
#else
#define __TP_RUN_PROBES_RCUIDLE(name, args)				\
	do {								\
		int __tp_srcu_idx;					\
									\
		if (WARN_ONCE(in_nmi(),					\
			      "tracepoint %s: _rcuidle call from NMI\n", \
			      #name))					\
			break;						\
		preempt_disable_notrace();				\
		__tp_srcu_idx = srcu_read_lock_notrace(&tracepoint_srcu); \
		ct_irq_enter_irqson();					\
		__TP_DISPATCH(name, PARAMS(args));			\
		ct_irq_exit_irqson();					\
		srcu_read_unlock_notrace(&tracepoint_srcu, __tp_srcu_idx); \
		preempt_enable_notrace();				\
	} while (0)
#endif

#ifdef MODULE
#define __DECLARE_TRACE_RCUIDLE(name, proto, args, cond)
#else
#define __DECLARE_TRACE_RCUIDLE(name, proto, args, cond)		\
	static inline void trace_##name##_rcuidle(proto)		\
	{								\
		if (static_key_false(&__tracepoint_##name.key) && (cond)) \
			__TP_RUN_PROBES_RCUIDLE(name, PARAMS(args));	\
	}
#endif

/*
 * Declare a tracepoint.  @cond is evaluated only once the tracepoint is
 * enabled, so it may be costly.  With lockdep the caller is checked for
 * a watching RCU whether or not the tracepoint is on: a site that calls
 * it from the wrong place is found before somebody enables it.
 */
#define __DECLARE_TRACE(name, proto, args, cond, data_proto)		\
	extern struct tracepoint __tracepoint_##name;			\
	int __traceiter_##name(data_proto);				\
	DECLARE_STATIC_CALL(tp_func_##name, __traceiter_##name);	\
	static inline bool trace_##name##_enabled(void)			\
	{								\
		return static_key_false(&__tracepoint_##name.key);	\
	}								\
	static inline void trace_##name(proto)				\
	{								\
		if (static_key_false(&__tracepoint_##name.key) && (cond)) \
			__TP_RUN_PROBES(name, PARAMS(args));		\
		if (IS_ENABLED(CONFIG_LOCKDEP) && (cond))		\
			WARN_ONCE(!rcu_is_watching(),			\
				  "tracepoint %s: RCU is not watching\n", \
				  #name);				\
	}								\
	__DECLARE_TRACE_RCUIDLE(name, PARAMS(proto), PARAMS(args),	\
				PARAMS(cond))				\
	static inline int						\
	register_trace_prio_##name(void (*probe)(data_proto), void *data, \
				   int prio)				\
	{								\
		return tracepoint_probe_register_prio(&__tracepoint_##name, \
						      (void *)probe, data, \
						      prio);		\
	}								\
	static inline int						\
	register_trace_##name(void (*probe)(data_proto), void *data)	\
	{								\
		return register_trace_prio_##name(probe, data,		\
						  TRACEPOINT_DEFAULT_PRIO); \
	}								\
	static inline int						\
	unregister_trace_##name(void (*probe)(data_proto), void *data)	\
	{								\
		return tracepoint_probe_unregister(&__tracepoint_##name, \
						   (void *)probe, data); \
	}								\
	static inline void						\
	check_trace_callback_type_##name(void (*cb)(data_proto))	\
	{								\
	}

/*
 * Instantiate a tracepoint, in exactly one object file: the iterator
 * __traceiter_<name> that walks the probe array, the do-nothing probe
 * __probestub_<name> (a type-correct attach point for tools), the static
 * call tp_func_<name>, struct tracepoint __tracepoint_<name> in
 * __tracepoints with its name in __tracepoints_strings, and its entry in
 * __tracepoints_ptrs.  @_reg runs before the first probe is attached,
 * @_unreg after the last one is gone.  The expansion ends its own last
 * declaration: event headers do not all put a ';' after each event.
 */
#define DEFINE_TRACE_FN(_name, _reg, _unreg, proto, args)		\
	int __traceiter_##_name(void *__data, proto);			\
	void __probestub_##_name(void *__data, proto);			\
	DEFINE_STATIC_CALL(tp_func_##_name, __traceiter_##_name);	\
	static const char __tpstrtab_##_name[]				\
		__section("__tracepoints_strings") = #_name;		\
	struct tracepoint __tracepoint_##_name				\
		__used __section("__tracepoints") = {			\
		.name = __tpstrtab_##_name,				\
		.key = STATIC_KEY_INIT_FALSE,				\
		.static_call_key = &STATIC_CALL_KEY(tp_func_##_name),	\
		.static_call_tramp = STATIC_CALL_TRAMP_ADDR(tp_func_##_name), \
		.iterator = &__traceiter_##_name,			\
		.probestub = &__probestub_##_name,			\
		.regfunc = _reg,					\
		.unregfunc = _unreg,					\
	};								\
	int __traceiter_##_name(void *__data, proto)			\
	{								\
		struct tracepoint_func *__tp_it;			\
		void *__tp_fn;						\
									\
		__tp_it = rcu_dereference_raw(__tracepoint_##_name.funcs); \
		if (!__tp_it)						\
			return 0;					\
		while ((__tp_fn = __tp_it->func)) {			\
			((void (*)(void *, proto))__tp_fn)(__tp_it->data, \
							    args);	\
			__tp_it++;					\
		}							\
		return 0;						\
	}								\
	void __probestub_##_name(void *__data, proto)			\
	{								\
	}								\
	__TRACEPOINT_ENTRY(_name);

#define DEFINE_TRACE(name, proto, args)					\
	DEFINE_TRACE_FN(name, NULL, NULL, PARAMS(proto), PARAMS(args))

/*
 * What a module needs to call, or attach to, a tracepoint defined
 * elsewhere: the structure, the iterator and the static call.
 */
#define EXPORT_TRACEPOINT_SYMBOL_GPL(name)				\
	EXPORT_SYMBOL_GPL(__tracepoint_##name);				\
	EXPORT_SYMBOL_GPL(__traceiter_##name);				\
	EXPORT_STATIC_CALL_GPL(tp_func_##name)
#define EXPORT_TRACEPOINT_SYMBOL(name)					\
	EXPORT_SYMBOL(__tracepoint_##name);				\
	EXPORT_SYMBOL(__traceiter_##name);				\
	EXPORT_STATIC_CALL(tp_func_##name)

#else /* !TRACEPOINTS_ENABLED */

/*
 * Tracepoints compiled out: every generated function is an empty inline
 * the compiler drops, and attaching a probe reports -ENOSYS.
 */
#define __DECLARE_TRACE(name, proto, args, cond, data_proto)		\
	static inline void trace_##name(proto)				\
	{								\
	}								\
	static inline void trace_##name##_rcuidle(proto)		\
	{								\
	}								\
	static inline bool trace_##name##_enabled(void)			\
	{								\
		return false;						\
	}								\
	static inline int register_trace_##name(void (*probe)(data_proto), \
						void *data)		\
	{								\
		return -ENOSYS;						\
	}								\
	static inline int						\
	unregister_trace_##name(void (*probe)(data_proto), void *data)	\
	{								\
		return -ENOSYS;						\
	}								\
	static inline void						\
	check_trace_callback_type_##name(void (*cb)(data_proto))	\
	{								\
	}

#define DEFINE_TRACE_FN(name, reg, unreg, proto, args)
#define DEFINE_TRACE(name, proto, args)
#define EXPORT_TRACEPOINT_SYMBOL_GPL(name)
#define EXPORT_TRACEPOINT_SYMBOL(name)

#endif /* TRACEPOINTS_ENABLED */

/*
 * A tracepoint only fires on an online CPU: a CPU on its way up or down
 * is in no state to run probes.  The _CONDITION form adds the caller's
 * own test.
 */
#define DECLARE_TRACE(name, proto, args)				\
	__DECLARE_TRACE(name, PARAMS(proto), PARAMS(args),		\
			cpu_online(raw_smp_processor_id()),		\
			PARAMS(void *__data, proto))

#define DECLARE_TRACE_CONDITION(name, proto, args, cond)		\
	__DECLARE_TRACE(name, PARAMS(proto), PARAMS(args),		\
			cpu_online(raw_smp_processor_id()) && (PARAMS(cond)), \
			PARAMS(void *__data, proto))

#endif /* DECLARE_TRACE */

#ifndef TRACE_EVENT
/*
 * Outside <trace/define_trace.h> an event is just its tracepoint: the
 * record layout, assignment and print format are ignored here.  See
 * Documentation/trace/tracepoints.rst for how an event header is written.
 */
#define DECLARE_EVENT_CLASS(name, proto, args, tstruct, assign, print)
#define DEFINE_EVENT(template, name, proto, args)			\
	DECLARE_TRACE(name, PARAMS(proto), PARAMS(args))
#define DEFINE_EVENT_FN(template, name, proto, args, reg, unreg)	\
	DECLARE_TRACE(name, PARAMS(proto), PARAMS(args))
#define DEFINE_EVENT_PRINT(template, name, proto, args, print)		\
	DECLARE_TRACE(name, PARAMS(proto), PARAMS(args))
#define DEFINE_EVENT_CONDITION(template, name, proto, args, cond)	\
	DECLARE_TRACE_CONDITION(name, PARAMS(proto), PARAMS(args),	\
				PARAMS(cond))

#define TRACE_EVENT(name, proto, args, tstruct, assign, print)		\
	DECLARE_TRACE(name, PARAMS(proto), PARAMS(args))
#define TRACE_EVENT_FN(name, proto, args, tstruct, assign, print,	\
		       reg, unreg)					\
	DECLARE_TRACE(name, PARAMS(proto), PARAMS(args))
#define TRACE_EVENT_FN_COND(name, proto, args, cond, tstruct, assign,	\
			    print, reg, unreg)				\
	DECLARE_TRACE_CONDITION(name, PARAMS(proto), PARAMS(args),	\
				PARAMS(cond))
#define TRACE_EVENT_CONDITION(name, proto, args, cond, tstruct, assign, \
			      print)					\
	DECLARE_TRACE_CONDITION(name, PARAMS(proto), PARAMS(args),	\
				PARAMS(cond))

#define TRACE_EVENT_FLAGS(event, flag)
#define TRACE_EVENT_PERF_PERM(event, expr...)

/* Events compiled out on purpose: only trace_<name>() remains. */
#define DECLARE_EVENT_NOP(name, proto, args)				\
	static inline void trace_##name(proto)				\
	{								\
	}								\
	static inline bool trace_##name##_enabled(void)			\
	{								\
		return false;						\
	}
#define TRACE_EVENT_NOP(name, proto, args, tstruct, assign, print)	\
	DECLARE_EVENT_NOP(name, PARAMS(proto), PARAMS(args))
#define DECLARE_EVENT_CLASS_NOP(name, proto, args, tstruct, assign, print)
#define DEFINE_EVENT_NOP(template, name, proto, args)			\
	DECLARE_EVENT_NOP(name, PARAMS(proto), PARAMS(args))

#endif /* TRACE_EVENT */
