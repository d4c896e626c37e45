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

#ifndef FTRACE_MCOUNT_MAX_OFFSET
/*
 * How far past a function's address its call site may be (x86: after
 * an ENDBR).  0 where the site is the function's first instruction.
 */
#define FTRACE_MCOUNT_MAX_OFFSET	0
#endif

struct module;
struct ftrace_ops;
struct ftrace_regs;
struct ftrace_hash;
struct dyn_ftrace;
struct ctl_table;

/* --- boot ------------------------------------------------------------ */

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

#ifdef CONFIG_TRACING
void ftrace_boot_snapshot(void);
#else
static inline void ftrace_boot_snapshot(void)
{
}
#endif

#ifdef CONFIG_FUNCTION_TRACER

#include <linux/ftrace_regs.h>

/* --- struct ftrace_regs --------------------------------------------------- */

/*
 * The register state a function-entry trampoline hands its callbacks.
 * Opaque: read it only through the ftrace_regs_*() accessors, whose
 * meaning is the architecture's (<asm/ftrace.h>, <linux/ftrace_regs.h>).
 */
struct ftrace_regs {
	/* nothing to see: use the accessors */
};

#define ftrace_regs_size()	sizeof(struct __arch_ftrace_regs)

#if !defined(CONFIG_HAVE_DYNAMIC_FTRACE_WITH_ARGS) && !defined(arch_ftrace_get_regs)
/*
 * Without WITH_ARGS every trampoline saves a complete pt_regs, unless
 * the architecture tells a partial one apart itself (x86: i386 shares
 * x86_64's trampolines and their partial pt_regs) and defines both.
 */
static inline struct pt_regs *arch_ftrace_get_regs(struct ftrace_regs *fregs)
{
	return &arch_ftrace_regs(fregs)->regs;
}

/* Where it cannot, the return ip cannot be changed. */
static inline void ftrace_regs_set_instruction_pointer(struct ftrace_regs *fregs,
						       unsigned long ip)
{
}
#endif

/**
 * ftrace_get_regs - the complete pt_regs behind @fregs, if there is one
 * @fregs: what the trampoline passed, or NULL
 *
 * Return: a struct pt_regs with every register, or NULL when the
 * callback was not registered with FTRACE_OPS_FL_SAVE_REGS.
 */
static __always_inline struct pt_regs *ftrace_get_regs(struct ftrace_regs *fregs)
{
	if (!fregs)
		return NULL;
	return arch_ftrace_get_regs(fregs);
}

#ifndef arch_ftrace_partial_regs
static __always_inline void arch_ftrace_partial_regs(struct pt_regs *regs)
{
}
#endif

#ifndef ftrace_partial_regs
/*
 * A pt_regs good enough for perf and unwinding from a possibly partial
 * @fregs: the generic layout embeds one, so @regs is not used.  An
 * architecture with a layout of its own (HAVE_ARCH_FTRACE_REGS) defines
 * ftrace_partial_regs() to fill @regs instead.
 */
static __always_inline struct pt_regs *
ftrace_partial_regs(struct ftrace_regs *fregs, struct pt_regs *regs)
{
	regs = &arch_ftrace_regs(fregs)->regs;
	arch_ftrace_partial_regs(regs);
	return regs;
}
#endif

#ifndef arch_ftrace_fill_perf_regs
static __always_inline void arch_ftrace_fill_perf_regs(struct ftrace_regs *fregs,
						       struct pt_regs *regs)
{
}
#endif

/* Fill @regs for perf_callchain()-style use from @fregs. */
static __always_inline struct pt_regs *
ftrace_fill_perf_regs(struct ftrace_regs *fregs, struct pt_regs *regs)
{
	arch_ftrace_fill_perf_regs(fregs, regs);
	return regs;
}

/* May the ftrace_regs_get_*() accessors be used on @fregs? */
static __always_inline bool ftrace_regs_has_args(struct ftrace_regs *fregs)
{
	if (IS_ENABLED(CONFIG_HAVE_DYNAMIC_FTRACE_WITH_ARGS))
		return true;
	return !!ftrace_get_regs(fregs);
}

/* --- struct ftrace_ops ---------------------------------------------------- */

/**
 * typedef ftrace_func_t - a function-entry callback
 * @ip:        the address of the traced function's call site
 * @parent_ip: the traced function's return address
 * @op:        the ftrace_ops the callback was registered with
 * @fregs:     the registers at entry (see ftrace_regs_*()), never NULL
 */
typedef void (*ftrace_func_t)(unsigned long ip, unsigned long parent_ip,
			      struct ftrace_ops *op, struct ftrace_regs *fregs);

/*
 * FTRACE_OPS_FL_* - struct ftrace_ops::flags
 *
 * Set by the owner before registering (they must not change while the
 * ops is registered):
 * SAVE_REGS              the callback needs a complete pt_regs
 *                        (ftrace_get_regs() not NULL); registering
 *                        fails where the architecture cannot give one.
 * SAVE_REGS_IF_SUPPORTED as SAVE_REGS where supported, else no failure.
 * RECURSION              the core guards the callback against recursion
 *                        (else the callback must, with
 *                        ftrace_test_recursion_trylock()).
 * STUB                   a placeholder; never called.
 * IPMODIFY               the callback may change the return ip (needs
 *                        SAVE_REGS); at most one such ops per function.
 * PID                    obeys set_ftrace_pid of its trace_array.
 * RCU                    call only where RCU is watching.
 * TRACE_ARRAY            ->private is a struct trace_array.
 * PERMANENT              keeps working with ftrace_enabled = 0, which
 *                        then cannot be set while it is registered.
 * DIRECT                 set by register_ftrace_direct(): the ops sends
 *                        its functions to ->direct_call.
 * SUBOP                  reserved: sub-ops (not built).
 * Kept by the core:
 * ENABLED                registered.
 * DYNAMIC                not in core kernel data (module or heap):
 *                        unregistering waits for every task to leave it.
 * INITIALIZED            func_hash and its lock are set up.
 * DELETED                may not be registered again.
 * ADDING, REMOVING, MODIFYING  an update of the call sites is under way.
 * ALLOC_TRAMP            the core allocated ->trampoline.
 */
enum {
	FTRACE_OPS_FL_ENABLED			= BIT(0),
	FTRACE_OPS_FL_DYNAMIC			= BIT(1),
	FTRACE_OPS_FL_SAVE_REGS			= BIT(2),
	FTRACE_OPS_FL_SAVE_REGS_IF_SUPPORTED	= BIT(3),
	FTRACE_OPS_FL_RECURSION			= BIT(4),
	FTRACE_OPS_FL_STUB			= BIT(5),
	FTRACE_OPS_FL_INITIALIZED		= BIT(6),
	FTRACE_OPS_FL_DELETED			= BIT(7),
	FTRACE_OPS_FL_ADDING			= BIT(8),
	FTRACE_OPS_FL_REMOVING			= BIT(9),
	FTRACE_OPS_FL_MODIFYING			= BIT(10),
	FTRACE_OPS_FL_ALLOC_TRAMP		= BIT(11),
	FTRACE_OPS_FL_IPMODIFY			= BIT(12),
	FTRACE_OPS_FL_PID			= BIT(13),
	FTRACE_OPS_FL_RCU			= BIT(14),
	FTRACE_OPS_FL_TRACE_ARRAY		= BIT(15),
	FTRACE_OPS_FL_PERMANENT			= BIT(16),
	FTRACE_OPS_FL_DIRECT			= BIT(17),
	FTRACE_OPS_FL_SUBOP			= BIT(18),
};

/*
 * What an ops asks for to get a struct ftrace_regs: nothing where every
 * call comes with one (WITH_ARGS, and the static tracer's _mcount, which
 * fills in what the graph tracer needs), else pt_regs.
 */
#if defined(CONFIG_DYNAMIC_FTRACE_WITH_ARGS) || !defined(CONFIG_DYNAMIC_FTRACE)
#define FTRACE_OPS_FL_SAVE_ARGS		0
#else
#define FTRACE_OPS_FL_SAVE_ARGS		FTRACE_OPS_FL_SAVE_REGS
#endif

/* Requests the core may make of an ops through ->ops_func (unused yet). */
enum ftrace_ops_cmd {
	FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_SELF,
	FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_PEER,
	FTRACE_OPS_CMD_DISABLE_SHARE_IPMODIFY_PEER,
};

typedef int (*ftrace_ops_func_t)(struct ftrace_ops *op, enum ftrace_ops_cmd cmd);

/**
 * struct ftrace_ops_hash - which functions an ops traces
 * @notrace_hash: functions it never traces
 * @filter_hash:  functions it traces; empty means all
 * @regex_lock:   serializes the editors of both (tracefs files, the
 *                ftrace_set_*() API); taken before ftrace_lock
 *
 * The hashes are replaced whole, never edited in place, under
 * @regex_lock and ftrace_lock; the callbacks' path reads them under
 * preempt_disable() and the old ones are freed after an RCU grace
 * period.
 */
struct ftrace_ops_hash {
	struct ftrace_hash __rcu	*notrace_hash;
	struct ftrace_hash __rcu	*filter_hash;
	struct mutex			regex_lock;	/* see above */
};

/**
 * struct ftrace_ops - a function-entry callback and what it traces
 * @func:            the callback
 * @next:            the registered ops list (RCU, ftrace_lock)
 * @flags:           FTRACE_OPS_FL_*
 * @private:         the owner's
 * @saved_func:      @func as registered (the core may wrap @func)
 * @local_hash:      the filters, unless @func_hash points elsewhere
 * @func_hash:       the filters in use (another ops' to share them)
 * @old_hash:        used by the core while the filters change
 * @trampoline:      a trampoline of the ops' own, or 0
 * @trampoline_size: its size
 * @list:            the core's list of ops with trampolines
 * @subop_list:      reserved (sub-ops)
 * @ops_func:        reserved (ftrace_ops_cmd requests)
 * @managed:         reserved (sub-ops)
 * @direct_call:     the direct trampoline of a DIRECT ops
 */
struct ftrace_ops {
	ftrace_func_t			func;
	struct ftrace_ops __rcu		*next;
	unsigned long			flags;
	void				*private;
	ftrace_func_t			saved_func;
#ifdef CONFIG_DYNAMIC_FTRACE
	struct ftrace_ops_hash		local_hash;
	struct ftrace_ops_hash		*func_hash;
	struct ftrace_ops_hash		old_hash;
	unsigned long			trampoline;
	unsigned long			trampoline_size;
	struct list_head		list;
	struct list_head		subop_list;
	ftrace_ops_func_t		ops_func;
	struct ftrace_ops		*managed;
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
	unsigned long			direct_call;
#endif
#endif
};

/* /proc/sys/kernel/ftrace_enabled: 0 stops every non-PERMANENT ops. */
extern int ftrace_enabled;

/* A hash entry: one function's call site address. */
struct ftrace_func_entry {
	struct hlist_node	hlist;
	unsigned long		ip;
	unsigned long		direct;	/* direct calls: the trampoline */
};

int register_ftrace_function(struct ftrace_ops *ops);
int unregister_ftrace_function(struct ftrace_ops *ops);

/* What a trampoline should call for @ops alone. */
ftrace_func_t ftrace_ops_get_func(struct ftrace_ops *ops);

/* The callback that does nothing (arch asm). */
void ftrace_stub(unsigned long a0, unsigned long a1, struct ftrace_ops *op,
		 struct ftrace_regs *fregs);

/*
 * The callback the trampolines call when several ops are registered:
 * calls each ops that traces @ip.  The linker script names it
 * ftrace_ops_list_func too.
 */
void arch_ftrace_ops_list_func(unsigned long ip, unsigned long parent_ip,
			       struct ftrace_ops *op, struct ftrace_regs *fregs);

/* Read by the trampolines: the op passed to a lone callback. */
extern struct ftrace_ops *function_trace_op;

/* Stop all function tracing for good, e.g. after a patching failure. */
void ftrace_kill(void);

static inline void tracer_disable(void)
{
	ftrace_enabled = 0;
}

/*
 * kexec and other stop-the-world paths turn function tracing off around
 * their critical section.
 */
static inline int __ftrace_enabled_save(void)
{
	int saved = ftrace_enabled;

	ftrace_enabled = 0;
	return saved;
}

static inline void __ftrace_enabled_restore(int enabled)
{
	ftrace_enabled = enabled;
}

#else /* !CONFIG_FUNCTION_TRACER */

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

static inline void ftrace_kill(void)
{
}

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

#endif /* CONFIG_FUNCTION_TRACER */

#ifdef CONFIG_DYNAMIC_FTRACE

/*
 * struct dyn_ftrace - one call site: a function the tracer can patch
 *
 * 4 bytes: the call's address packed by the architecture
 * (ftrace_rec_ip_pack()).  Its state, ftrace_rec_flags(), is kept by
 * its group, out of the record: the number of registered ops that trace
 * it (bits 0..FTRACE_REF_MAX_SHIFT-1) and the FTRACE_FL_* bits.
 * Written under ftrace_lock.
 */
struct dyn_ftrace {
	u32			ip32;
	struct dyn_arch_ftrace	arch;
};

u32 ftrace_rec_flags(const struct dyn_ftrace *rec);

/* The call site's address. */
static inline unsigned long ftrace_rec_ip(const struct dyn_ftrace *rec)
{
	return ftrace_rec_ip_unpack(rec->ip32);
}

/*
 * FTRACE_FL_* - ftrace_rec_flags() above the reference count
 * ENABLED   the site calls a trampoline
 * REGS      an ops that traces it wants a complete pt_regs
 * REGS_EN   the site calls ftrace_regs_caller
 * TRAMP     one ops traces it, and that ops has a trampoline of its own
 * TRAMP_EN  the site calls such a trampoline
 * IPMODIFY  an IPMODIFY ops traces it
 * DISABLED  not to be patched (module not live yet, text freed)
 * DIRECT    a DIRECT ops traces it
 * DIRECT_EN the site calls that ops' direct trampoline
 * TOUCHED   some ops traced it since boot
 * MODIFIED  an IPMODIFY ops traced it since boot
 */
enum {
	FTRACE_FL_ENABLED	= (1U << 31),
	FTRACE_FL_REGS		= (1U << 30),
	FTRACE_FL_REGS_EN	= (1U << 29),
	FTRACE_FL_TRAMP		= (1U << 28),
	FTRACE_FL_TRAMP_EN	= (1U << 27),
	FTRACE_FL_IPMODIFY	= (1U << 26),
	FTRACE_FL_DISABLED	= (1U << 25),
	FTRACE_FL_DIRECT	= (1U << 24),
	FTRACE_FL_DIRECT_EN	= (1U << 23),
	FTRACE_FL_TOUCHED	= (1U << 20),
	FTRACE_FL_MODIFIED	= (1U << 19),
};

#define FTRACE_REF_MAX_SHIFT	19
#define FTRACE_REF_MAX		((1U << FTRACE_REF_MAX_SHIFT) - 1)

#define ftrace_rec_count(rec)	(ftrace_rec_flags(rec) & FTRACE_REF_MAX)

/* What ftrace_update_record() and ftrace_test_record() ask of the arch. */
enum {
	FTRACE_UPDATE_IGNORE,
	FTRACE_UPDATE_MAKE_CALL,
	FTRACE_UPDATE_MODIFY_CALL,
	FTRACE_UPDATE_MAKE_NOP,
};

/* The core's update commands (kernel/trace/ftrace_update.c). */
enum {
	FTRACE_UPDATE_CALLS		= (1 << 0),
	FTRACE_DISABLE_CALLS		= (1 << 1),
	FTRACE_UPDATE_TRACE_FUNC	= (1 << 2),
	FTRACE_START_FUNC_RET		= (1 << 3),
	FTRACE_STOP_FUNC_RET		= (1 << 4),
	FTRACE_MAY_SLEEP		= (1 << 5),
};

int ftrace_set_filter_ip(struct ftrace_ops *ops, unsigned long ip,
			 int remove, int reset);
int ftrace_set_filter_ips(struct ftrace_ops *ops, unsigned long *ips,
			  unsigned int cnt, int remove, int reset);
int ftrace_set_filter(struct ftrace_ops *ops, unsigned char *buf,
		      int len, int reset);
int ftrace_set_notrace(struct ftrace_ops *ops, unsigned char *buf,
		       int len, int reset);
void ftrace_set_global_filter(unsigned char *buf, int len, int reset);
void ftrace_set_global_notrace(unsigned char *buf, int len, int reset);
void ftrace_free_filter(struct ftrace_ops *ops);
void ftrace_ops_set_global_filter(struct ftrace_ops *ops);

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
/*
 * Direct calls (Documentation/trace/ftrace-direct.rst): the functions in
 * an ops' filter call a trampoline of the caller's own.
 */
unsigned long ftrace_find_rec_direct(unsigned long ip);
int register_ftrace_direct(struct ftrace_ops *ops, unsigned long addr);
int unregister_ftrace_direct(struct ftrace_ops *ops, unsigned long addr,
			     bool free_filters);
int modify_ftrace_direct(struct ftrace_ops *ops, unsigned long addr);
int modify_ftrace_direct_nolock(struct ftrace_ops *ops, unsigned long addr);
#endif

/* --- what the architecture provides ------------------------------------ */

int ftrace_dyn_arch_init(void);
void ftrace_caller(void);
void ftrace_regs_caller(void);
void ftrace_call(void);
void ftrace_regs_call(void);

/*
 * Per-ops trampolines.  arch_ftrace_update_trampoline() builds @ops' own
 * trampoline (setting ->trampoline, ->trampoline_size and
 * FTRACE_OPS_FL_ALLOC_TRAMP) calling @func, or, if it has one, makes it
 * call @func (the core passes ftrace_ops_get_func(@ops));
 * arch_ftrace_trampoline_free() frees it.
 * arch_ftrace_call_target() reads what the call at a site calls (0 for
 * no call).  All under ftrace_lock.
 */
void arch_ftrace_update_trampoline(struct ftrace_ops *ops, ftrace_func_t func);
void arch_ftrace_trampoline_free(struct ftrace_ops *ops);
unsigned long arch_ftrace_call_target(unsigned long ip);

#ifndef FTRACE_ADDR
#define FTRACE_ADDR ((unsigned long)ftrace_caller)
#endif

#ifndef FTRACE_REGS_ADDR
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_REGS
#define FTRACE_REGS_ADDR ((unsigned long)ftrace_regs_caller)
#else
#define FTRACE_REGS_ADDR FTRACE_ADDR
#endif
#endif

/*
 * ftrace_make_nop - turn the call to @addr at @rec into a NOP
 * ftrace_make_call - turn the NOP at @rec into a call to @addr
 * ftrace_modify_call - turn the call to @old_addr at @rec into one to @addr
 *
 * Each first checks that the site holds what it should.  @mod is set
 * when called for a module being loaded (its text still writable).
 * Return: 0; -EFAULT if the site cannot be read, -EINVAL if it does not
 * hold what it should, -EPERM if it cannot be written.
 */
int ftrace_make_nop(struct module *mod, struct dyn_ftrace *rec,
		    unsigned long addr);
int ftrace_make_call(struct dyn_ftrace *rec, unsigned long addr);
int ftrace_modify_call(struct dyn_ftrace *rec, unsigned long old_addr,
		       unsigned long addr);

/* Does the compiler leave the call sites as NOPs already? */
#ifndef ftrace_need_init_nop
#define ftrace_need_init_nop() (!__is_defined(CC_USING_NOP_MCOUNT))
#endif

#ifndef ftrace_init_nop
/* Turn a call site as the compiler left it into a NOP (boot, module load). */
static inline int ftrace_init_nop(struct module *mod, struct dyn_ftrace *rec)
{
	return ftrace_make_nop(mod, rec, MCOUNT_ADDR);
}
#endif

/* Patch the callback the trampolines call. */
int ftrace_update_ftrace_func(ftrace_func_t func);

/*
 * The core patches its sites between these two (the architecture takes
 * text_mutex and whatever else its patching needs), calling
 * ftrace_make_call(), ftrace_make_nop() and ftrace_modify_call() per
 * site, then ftrace_arch_replace_done() once for the batch (and before
 * reporting a site it could not patch): @regs_wanted says whether some
 * switched-on site still calls FTRACE_REGS_ADDR.
 */
void ftrace_arch_code_modify_prepare(void);
void ftrace_arch_code_modify_post_process(void);
void ftrace_arch_replace_done(bool regs_wanted);

/* --- what the core offers the architecture ------------------------------ */

int ftrace_update_record(struct dyn_ftrace *rec, bool enable);
int ftrace_test_record(struct dyn_ftrace *rec, bool enable);
unsigned long ftrace_get_addr_new(struct dyn_ftrace *rec);
unsigned long ftrace_get_addr_curr(struct dyn_ftrace *rec);

struct ftrace_rec_iter;
struct ftrace_rec_iter *ftrace_rec_iter_start(void);
struct ftrace_rec_iter *ftrace_rec_iter_next(struct ftrace_rec_iter *iter);
struct dyn_ftrace *ftrace_rec_iter_record(struct ftrace_rec_iter *iter);

enum ftrace_bug_type {
	FTRACE_BUG_UNKNOWN,
	FTRACE_BUG_INIT,
	FTRACE_BUG_NOP,
	FTRACE_BUG_CALL,
	FTRACE_BUG_UPDATE,
};

extern enum ftrace_bug_type ftrace_bug_type;
/*
 * What the architecture expected at the site, for ftrace_bug()'s report;
 * the architecture's patcher defines and sets it.
 */
extern const void *ftrace_expected;
/* A call site could not be patched: report it and stop function tracing. */
void ftrace_bug(int err, struct dyn_ftrace *rec);

/* --- call sites, modules ---------------------------------------------- */

unsigned long ftrace_location(unsigned long ip);
unsigned long ftrace_location_range(unsigned long start, unsigned long end);
int ftrace_text_reserved(const void *start, const void *end);
struct ftrace_ops *ftrace_ops_trampoline(unsigned long addr);
bool is_ftrace_trampoline(unsigned long addr);

void ftrace_module_init(struct module *mod);
void ftrace_module_enable(struct module *mod);
void ftrace_release_mod(struct module *mod);
void ftrace_free_init_mem(void);
void ftrace_free_mem(struct module *mod, void *start, void *end);

#else /* !CONFIG_DYNAMIC_FTRACE */

static inline void ftrace_module_init(struct module *mod)
{
}

static inline void ftrace_module_enable(struct module *mod)
{
}

static inline void ftrace_release_mod(struct module *mod)
{
}

static inline void ftrace_free_init_mem(void)
{
	ftrace_boot_snapshot();
}

static inline void ftrace_free_mem(struct module *mod, void *start, void *end)
{
}

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

#endif /* CONFIG_DYNAMIC_FTRACE */

#ifndef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
static inline unsigned long ftrace_find_rec_direct(unsigned long ip)
{
	return 0;
}

static inline int register_ftrace_direct(struct ftrace_ops *ops,
					 unsigned long addr)
{
	return -ENODEV;
}

static inline int unregister_ftrace_direct(struct ftrace_ops *ops,
					   unsigned long addr,
					   bool free_filters)
{
	return -ENODEV;
}

static inline int modify_ftrace_direct(struct ftrace_ops *ops,
				       unsigned long addr)
{
	return -ENODEV;
}

static inline int modify_ftrace_direct_nolock(struct ftrace_ops *ops,
					      unsigned long addr)
{
	return -ENODEV;
}

/*
 * With direct calls, an ops callback run from the shared trampoline
 * tells it to go on to a direct trampoline (the architecture's
 * <asm/ftrace.h>); without them there is nothing to tell.
 */
static inline void arch_ftrace_set_direct_caller(struct ftrace_regs *fregs,
						 unsigned long addr)
{
}
#endif /* !CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS */

#ifdef CONFIG_FTRACE_MCOUNT_RECORD
/* At boot: record every call site of vmlinux and turn it into a NOP. */
void ftrace_init(void);
#ifdef CC_USING_PATCHABLE_FUNCTION_ENTRY
#define FTRACE_CALLSITE_SECTION	"__patchable_function_entries"
#else
#define FTRACE_CALLSITE_SECTION	"__mcount_loc"
#endif
#else
static inline void ftrace_init(void)
{
}
#endif

/*
 * kallsyms lookups of freed module init text: this implementation keeps
 * no names of freed text, so there is nothing to find.  As upstream, a
 * per-ops trampoline is listed by /proc/kallsyms (ftrace_mod_get_kallsym())
 * but an address in it is not resolved to a name (%pS prints it raw).
 */
static inline int ftrace_mod_address_lookup(unsigned long addr,
					    unsigned long *size,
					    unsigned long *off, char **modname,
					    const unsigned char **modbuildid,
					    char *sym)
{
	return 0;
}

#ifdef CONFIG_DYNAMIC_FTRACE
/* The per-ops trampolines, as "ftrace_trampoline [__builtin__ftrace]". */
int ftrace_mod_get_kallsym(unsigned int symnum, unsigned long *value,
			   char *type, char *name, char *module_name,
			   int *exported);
#else
static inline int ftrace_mod_get_kallsym(unsigned int symnum,
					 unsigned long *value, char *type,
					 char *name, char *module_name,
					 int *exported)
{
	return -1;
}
#endif

static inline int ftrace_lookup_symbols(const char **sorted_syms, size_t cnt,
					unsigned long *addrs)
{
	return -EOPNOTSUPP;
}

/* --- the stack tracer ------------------------------------------------- */

#ifdef CONFIG_STACK_TRACER

/* /proc/sys/kernel/stack_tracer_enabled and its handler. */
extern int stack_tracer_enabled;
struct ctl_table;
int stack_trace_sysctl(const struct ctl_table *table, int write, void *buffer,
		       size_t *lenp, loff_t *ppos);

/* Non-zero: the stack tracer does nothing on this CPU.  Use the helpers. */
DECLARE_PER_CPU(int, disable_stack_tracer);

/**
 * stack_tracer_disable - keep the stack tracer off this CPU for a while
 *
 * For code the stack tracer must not run in.  Call with preemption or
 * interrupts disabled, and call stack_tracer_enable() before enabling
 * them again.
 */
static inline void stack_tracer_disable(void)
{
	this_cpu_inc(disable_stack_tracer);
}

/**
 * stack_tracer_enable - undo stack_tracer_disable()
 */
static inline void stack_tracer_enable(void)
{
	this_cpu_dec(disable_stack_tracer);
}

#else

static inline void stack_tracer_disable(void)
{
}

static inline void stack_tracer_enable(void)
{
}

#endif /* CONFIG_STACK_TRACER */

/* --- function graph ----------------------------------------------------- */

/**
 * struct ftrace_graph_ent - what an fgraph entry callback is told
 * @func:  the traced function's call site
 * @depth: its nesting depth in the task's traced calls, from 0
 *
 * Packed: the function_graph tracer records it as is
 * (events/ftrace/funcgraph_entry).
 */
struct ftrace_graph_ent {
	unsigned long	func;
	int		depth;
} __packed;

/*
 * struct fgraph_ent_call - the entry as function_graph_enter_ops() hands
 * it to the entry callbacks: @ent, which is all they are given, and the
 * call time it stored in the frame, trace_clock_local() on entry, for a
 * callback that records it (fgraph_ent_calltime()).
 */
struct fgraph_ent_call {
	struct ftrace_graph_ent	ent;
	u64			calltime;
};

/* The call time of an entry from function_graph_enter_ops() only. */
static inline u64 fgraph_ent_calltime(const struct ftrace_graph_ent *trace)
{
	return container_of(trace, const struct fgraph_ent_call, ent)->calltime;
}

/**
 * struct ftrace_graph_ret - what an fgraph return callback is told
 * @func:     the traced function's call site
 * @retval:   the value it returned (CONFIG_FUNCTION_GRAPH_RETVAL)
 * @depth:    its nesting depth, as on entry
 * @overrun:  calls of the task not followed for want of ret_stack room
 * @calltime: trace_clock_local() on entry
 * @rettime:  trace_clock_local() on return
 *
 * Packed: recorded as is (events/ftrace/funcgraph_exit).
 */
struct ftrace_graph_ret {
	unsigned long	func;
#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
	unsigned long	retval;
#endif
	int		depth;
	unsigned int	overrun;
	unsigned long long calltime;
	unsigned long long rettime;
} __packed;

struct fgraph_ops;

typedef void (*trace_func_graph_ret_t)(struct ftrace_graph_ret *trace,
				       struct fgraph_ops *gops);
typedef int (*trace_func_graph_ent_t)(struct ftrace_graph_ent *trace,
				      struct fgraph_ops *gops);

#ifdef CONFIG_FUNCTION_GRAPH_TRACER

/**
 * struct fgraph_ops - a user of function entry and return
 * @entryfunc: called on entry; return non-zero to be called on return
 * @retfunc:   called on return of the functions @entryfunc accepted
 * @ops:       the ftrace_ops whose filters choose the functions; its
 *             func_hash may point to another ops' to share its filters
 * @private:   the owner's
 * @saved_func: unused, for source compatibility
 * @idx:       the slot the core gave it (registered: 0..FGRAPH_MAX_OPS-1)
 * @no_sleep_time: the calltime the callbacks see leaves out the time the
 *             task spent scheduled out; set with fgraph_set_sleep_time()
 */
struct fgraph_ops {
	trace_func_graph_ent_t		entryfunc;
	trace_func_graph_ret_t		retfunc;
	struct ftrace_ops		ops;
	void				*private;
	trace_func_graph_ent_t		saved_func;
	int				idx;
	bool				no_sleep_time;
};

/* How many fgraph_ops may be registered at once. */
#define FGRAPH_MAX_OPS		16
/* The deepest nesting of followed calls per task. */
#define FTRACE_RETFUNC_DEPTH	64

/* Defined in assembly: where a hijacked return lands. */
void return_to_handler(void);
/* Called by return_to_handler: the real return address. */
unsigned long ftrace_return_to_handler(unsigned long sp, unsigned long retval);

int function_graph_enter_ops(unsigned long ret, unsigned long func,
			     unsigned long frame_pointer, unsigned long *retp,
			     struct fgraph_ops *gops);
unsigned long ftrace_graph_ret_addr(struct task_struct *task, int *idx,
				    unsigned long ret, unsigned long *retp);
unsigned long *fgraph_get_task_var(struct fgraph_ops *gops);
u64 *fgraph_frame_data(struct fgraph_ops *gops, int up);
int fgraph_set_sleep_time(struct fgraph_ops *gops, bool sleep_time);

int register_ftrace_graph(struct fgraph_ops *gops);
void unregister_ftrace_graph(struct fgraph_ops *gops);

DECLARE_STATIC_KEY_FALSE(kill_ftrace_graph);

/* Has fgraph met a corrupt ret_stack and stopped for good? */
static inline bool ftrace_graph_is_dead(void)
{
	return static_branch_unlikely(&kill_ftrace_graph);
}

void ftrace_graph_stop(void);

void ftrace_graph_init_task(struct task_struct *t);
void ftrace_graph_exit_task(struct task_struct *t);
void ftrace_graph_init_idle_task(struct task_struct *t, int cpu);

/* Functions marked so are not followed by the graph tracer. */
#define __notrace_funcgraph		notrace

/* Stop following the current task's calls (nests). */
static inline void pause_graph_tracing(void)
{
	atomic_inc(&current->tracing_graph_pause);
}

static inline void unpause_graph_tracing(void)
{
	atomic_dec(&current->tracing_graph_pause);
}

#else /* !CONFIG_FUNCTION_GRAPH_TRACER */

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

#endif /* CONFIG_FUNCTION_GRAPH_TRACER */

/* --- return addresses ------------------------------------------------- */

#ifndef ftrace_return_address0
#define ftrace_return_address0 __builtin_return_address(0)
#endif

/* Beyond the caller, return addresses are only reliable with frame pointers. */
#ifndef ftrace_return_address
#ifdef CONFIG_FRAME_POINTER
#define ftrace_return_address(n) __builtin_return_address(n)
#else
#define ftrace_return_address(n) ((void)(n), 0UL)
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

/*
 * Preemption-toggle hooks, for the preemptoff tracer and preemptirq
 * events: called by preempt_count_add()/sub() when preemption is first
 * disabled and last enabled (kernel/trace/trace_preemptirq.c).
 */
#ifdef CONFIG_TRACE_PREEMPT_TOGGLE
void trace_preempt_on(unsigned long a0, unsigned long a1);
void trace_preempt_off(unsigned long a0, unsigned long a1);
#else
static inline void trace_preempt_on(unsigned long a0, unsigned long a1) { }
static inline void trace_preempt_off(unsigned long a0, unsigned long a1) { }
#endif

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

#ifdef CONFIG_FTRACE_SYSCALLS
/* The handler of syscall @nr (kernel/trace/trace_syscalls.c). */
unsigned long arch_syscall_addr(int nr);
#endif

#endif /* _LINUX_FTRACE_H */
