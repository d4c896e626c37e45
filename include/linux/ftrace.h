/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * ftrace: the function tracer's in-kernel interface.  Callbacks
 * registered through struct ftrace_ops run on entry to the functions they
 * filter; fgraph users also see the return.  See
 * Documentation/trace/ftrace-uses.rst.
 *
 * What is here now is what the rest of the kernel calls whether or not
 * the function tracer is built: the boot and module hooks, the return
 * address helpers, and the compiled-out forms of the registration API.
 * The function tracer proper fills in the CONFIG_FUNCTION_TRACER side.
 */
#ifndef _LINUX_FTRACE_H
#define _LINUX_FTRACE_H

#include <linux/trace_recursion.h>
#include <linux/trace_clock.h>
#include <linux/jump_label.h>
#include <linux/kallsyms.h>
#include <linux/linkage.h>
#include <linux/bitops.h>
#include <linux/ptrace.h>
#include <linux/ktime.h>
#include <linux/sched.h>
#include <linux/types.h>
#include <linux/init.h>
#include <linux/fs.h>

#include <asm/ftrace.h>

struct module;
struct ftrace_ops;
struct ftrace_regs;
struct ftrace_hash;
struct dyn_ftrace;
struct ctl_table;

/* --- boot ------------------------------------------------------------ */

/*
 * start_kernel() calls ftrace_init() (patch every call site to a NOP),
 * early_trace_init() (buffers for trace_printk) and trace_init() (events),
 * in that order.
 */
static inline void ftrace_init(void)
{
}

#ifdef CONFIG_TRACING
void early_trace_init(void);
void trace_init(void);
#else
static inline void early_trace_init(void)
{
}

static inline void trace_init(void)
{
}
#endif

static inline void ftrace_boot_snapshot(void)
{
}

/* Drop records of .init.text before it is freed. */
static inline void ftrace_free_init_mem(void)
{
}

static inline void ftrace_free_mem(struct module *mod, void *start, void *end)
{
}

/* Stop all function tracing for good, e.g. after a patching failure. */
static inline void ftrace_kill(void)
{
}

/* --- modules --------------------------------------------------------- */

/*
 * The module loader calls ftrace_module_init() while the module's text is
 * still writable, ftrace_module_enable() once it is read-only and
 * executable, and ftrace_release_mod() when it goes away.
 */
static inline void ftrace_module_init(struct module *mod)
{
}

static inline void ftrace_module_enable(struct module *mod)
{
}

static inline void ftrace_release_mod(struct module *mod)
{
}

/* --- call sites and trampolines ---------------------------------------- */

/* Return the call site inside the function at @ip, or 0 if it has none. */
static inline unsigned long ftrace_location(unsigned long ip)
{
	return 0;
}

/* Does [start, end] hold a call site (so kprobes must not patch it)? */
static inline int ftrace_text_reserved(const void *start, const void *end)
{
	return 0;
}

static inline bool is_ftrace_trampoline(unsigned long addr)
{
	return false;
}

/* kallsyms lookups for trampolines and freed module init text. */
static inline int ftrace_mod_address_lookup(unsigned long addr,
					    unsigned long *size,
					    unsigned long *off, char **modname,
					    const unsigned char **modbuildid,
					    char *sym)
{
	return 0;
}

static inline int ftrace_mod_get_kallsym(unsigned int symnum,
					 unsigned long *value, char *type,
					 char *name, char *module_name,
					 int *exported)
{
	return -1;
}

static inline int ftrace_lookup_symbols(const char **sorted_syms, size_t cnt,
					unsigned long *addrs)
{
	return -EOPNOTSUPP;
}

/* --- ftrace_ops registration, compiled out ------------------------------ */

/*
 * Without the function tracer an ops can be "registered" (it will simply
 * never be called), but it cannot be given a filter.
 */
static inline int register_ftrace_function(struct ftrace_ops *ops)
{
	return 0;
}

static inline int unregister_ftrace_function(struct ftrace_ops *ops)
{
	return 0;
}

static inline int ftrace_set_filter(struct ftrace_ops *ops, unsigned char *buf,
				    int len, int reset)
{
	return -ENODEV;
}

static inline int ftrace_set_notrace(struct ftrace_ops *ops, unsigned char *buf,
				     int len, int reset)
{
	return -ENODEV;
}

static inline int ftrace_set_filter_ip(struct ftrace_ops *ops, unsigned long ip,
				       int remove, int reset)
{
	return -ENODEV;
}

static inline int ftrace_set_filter_ips(struct ftrace_ops *ops,
					unsigned long *ips, unsigned int cnt,
					int remove, int reset)
{
	return -ENODEV;
}

static inline void ftrace_free_filter(struct ftrace_ops *ops)
{
}

static inline void ftrace_ops_set_global_filter(struct ftrace_ops *ops)
{
}

/*
 * kexec and other stop-the-world paths turn function tracing off around
 * their critical section; with no function tracer there is nothing to
 * save.
 */
static inline int __ftrace_enabled_save(void)
{
	return 0;
}

static inline void __ftrace_enabled_restore(int enabled)
{
}

static inline void tracer_disable(void)
{
}

/* --- the stack tracer ------------------------------------------------- */

static inline void stack_tracer_disable(void)
{
}

static inline void stack_tracer_enable(void)
{
}

/* --- function graph, compiled out ---------------------------------------- */

#define __notrace_funcgraph

static inline void ftrace_graph_init_task(struct task_struct *t)
{
}

static inline void ftrace_graph_exit_task(struct task_struct *t)
{
}

static inline void ftrace_graph_init_idle_task(struct task_struct *t, int cpu)
{
}

struct fgraph_ops;

static inline int register_ftrace_graph(struct fgraph_ops *gops)
{
	return -1;
}

static inline void unregister_ftrace_graph(struct fgraph_ops *gops)
{
}

/*
 * An unwinder that meets return_to_handler on the stack asks for the
 * real return address; without the graph tracer no return is hijacked.
 */
static inline unsigned long ftrace_graph_ret_addr(struct task_struct *task,
						  int *idx, unsigned long ret,
						  unsigned long *retp)
{
	return ret;
}

static inline void pause_graph_tracing(void)
{
}

static inline void unpause_graph_tracing(void)
{
}

/* --- return addresses ------------------------------------------------- */

#ifndef ftrace_return_address0
#define ftrace_return_address0 __builtin_return_address(0)
#endif

/* Beyond the caller, return addresses are only reliable with frame pointers. */
#ifndef ftrace_return_address
#ifdef CONFIG_FRAME_POINTER
#define ftrace_return_address(n) __builtin_return_address(n)
#else
#define ftrace_return_address(n) 0UL
#endif
#endif

#define CALLER_ADDR0 ((unsigned long)ftrace_return_address0)
#define CALLER_ADDR1 ((unsigned long)ftrace_return_address(1))
#define CALLER_ADDR2 ((unsigned long)ftrace_return_address(2))
#define CALLER_ADDR3 ((unsigned long)ftrace_return_address(3))
#define CALLER_ADDR4 ((unsigned long)ftrace_return_address(4))
#define CALLER_ADDR5 ((unsigned long)ftrace_return_address(5))
#define CALLER_ADDR6 ((unsigned long)ftrace_return_address(6))

/**
 * get_lock_parent_ip - the first caller outside the locking functions
 *
 * Preemption and irq-state tracing report who disabled preemption; when
 * that was spin_lock() and friends, the interesting address is their
 * caller.  Looks at most two frames up.
 *
 * Return: a return address that is not inside a lock function, or the
 * second-level caller.
 */
static __always_inline unsigned long get_lock_parent_ip(void)
{
	unsigned long addr = CALLER_ADDR0;

	if (in_lock_functions(addr)) {
		addr = CALLER_ADDR1;
		if (in_lock_functions(addr))
			addr = CALLER_ADDR2;
	}
	return addr;
}

/* Preemption-toggle hooks, for the preemptoff tracer and preemptirq events. */
#define trace_preempt_on(a0, a1)	do { } while (0)
#define trace_preempt_off(a0, a1)	do { } while (0)

/* --- warnings, oops dumps and sysctls ------------------------------------ */

#ifdef CONFIG_TRACING
/* Room for a tracer or instance name, and the ftrace_dump_on_oops string. */
#define MAX_TRACER_SIZE		100

/*
 * /proc/sys/kernel/ftrace_dump_on_oops: "0" (off), "1" (every CPU's
 * buffer), "2" or "orig_cpu" (only the CPU that oopsed).
 */
extern char ftrace_dump_on_oops[];
int ftrace_dump_on_oops_enabled(void);

/* /proc/sys/kernel/tracepoint_printk: also send trace events to printk. */
extern int tracepoint_printk;
int tracepoint_printk_sysctl(const struct ctl_table *table, int write,
			     void *buffer, size_t *lenp, loff_t *ppos);

/* /proc/sys/kernel/traceoff_on_warning: stop tracing at the first WARN(). */
extern int __disable_trace_on_warning;
void disable_trace_on_warning(void);
#else
static inline void disable_trace_on_warning(void)
{
}
#endif

#endif /* _LINUX_FTRACE_H */
