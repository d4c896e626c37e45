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
 * tracing, the events).
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
struct notifier_block;

/* TRACE_DEFINE_ENUM() entries: a symbolic value user space cannot see. */
struct trace_eval_map {
	const char		*system;
	const char		*eval_string;
	unsigned long		eval_value;
};

#define TRACEPOINT_DEFAULT_PRIO	10

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

/*
 * Wait until no probe removed before this call can still be running.
 * With tracepoints compiled out no probe ever runs.
 */
static inline void tracepoint_synchronize_unregister(void)
{
}

#ifndef PARAMS
#define PARAMS(args...) args
#endif

/* Outside <trace/define_trace.h> these record nothing. */
#define TRACE_DEFINE_ENUM(x)
#define TRACE_DEFINE_SIZEOF(x)

#endif /* _LINUX_TRACEPOINT_H */

#ifndef DECLARE_TRACE

#define TP_PROTO(args...)	args
#define TP_ARGS(args...)	args
#define TP_CONDITION(args...)	args

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

/*
 * tracepoint_string() marks a constant string that events record by
 * address; with tracing it is listed in printk_formats so readers of
 * binary traces can map the address back.
 */
#define tracepoint_string(str)	(str)
#define __tracepoint_string

#define DECLARE_TRACE(name, proto, args)				\
	__DECLARE_TRACE(name, PARAMS(proto), PARAMS(args), 1,		\
			PARAMS(void *__data, proto))

#define DECLARE_TRACE_CONDITION(name, proto, args, cond)		\
	__DECLARE_TRACE(name, PARAMS(proto), PARAMS(args), PARAMS(cond), \
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
