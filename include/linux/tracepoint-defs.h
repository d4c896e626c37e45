/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The tracepoint types, for headers that must stay light: <asm/msr.h>,
 * <asm-generic/io.h> and <linux/module.h> include this file, so it pulls
 * in nothing beyond atomics and static keys.
 */
#ifndef TRACEPOINT_DEFS_H
#define TRACEPOINT_DEFS_H 1

#include <linux/atomic.h>
#include <linux/static_key.h>

struct static_call_key;

/* A value and its name, for __print_flags() and %pGp-style tables. */
struct trace_print_flags {
	unsigned long		mask;
	const char		*name;
};

struct trace_print_flags_u64 {
	unsigned long long	mask;
	const char		*name;
};

/* One attached probe; a tracepoint's probes form a NULL-ended array. */
struct tracepoint_func {
	void			*func;
	void			*data;
	int			prio;
};

/**
 * struct tracepoint - a static instrumentation point
 * @name:              "sched_switch", ...
 * @key:               enabled while at least one probe is attached
 * @static_call_key:   static call that dispatches to the probes
 * @static_call_tramp: its trampoline
 * @iterator:          __traceiter_<name>, which calls every probe in turn
 * @probestub:         __probestub_<name>, a probe that does nothing
 * @regfunc:           called before the first probe is attached
 * @unregfunc:         called after the last probe is removed
 * @funcs:             the attached probes (RCU; updated under
 *                     tracepoints_mutex)
 */
struct tracepoint {
	const char			*name;
	struct static_key		key;
	struct static_call_key		*static_call_key;
	void				*static_call_tramp;
	void				*iterator;
	void				*probestub;
	int				(*regfunc)(void);
	void				(*unregfunc)(void);
	struct tracepoint_func __rcu	*funcs;
};

/*
 * The __tracepoints_ptrs section holds one tracepoint_ptr_t per
 * tracepoint: a 32-bit self-relative offset where the architecture has
 * PREL32 relocations, a plain pointer otherwise.
 */
#ifdef CONFIG_HAVE_ARCH_PREL32_RELOCATIONS
typedef const int tracepoint_ptr_t;
#else
typedef struct tracepoint * const tracepoint_ptr_t;
#endif

/* BPF raw tracepoint binding (only with BPF_EVENTS). */
struct bpf_raw_event_map {
	struct tracepoint	*tp;
	void			*bpf_func;
	u32			num_args;
	u32			writable_size;
} __aligned(32);

/*
 * DECLARE_TRACEPOINT() and tracepoint_enabled() let a header test a
 * tracepoint without including the event header that defines it.
 */
#define DECLARE_TRACEPOINT(tp) \
	extern struct tracepoint __tracepoint_##tp

#ifdef CONFIG_TRACEPOINTS
#define tracepoint_enabled(tp) static_key_false(&(__tracepoint_##tp).key)
#else
#define tracepoint_enabled(tp) false
#endif

#endif /* TRACEPOINT_DEFS_H */
