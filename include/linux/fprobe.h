/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * fprobe: a handler on the entry and/or the return of a set of kernel
 * functions, built on an ftrace_ops (the entry) and a rethook (the
 * return).  kernel/trace/fprobe.c implements it.
 */
#ifndef _LINUX_FPROBE_H
#define _LINUX_FPROBE_H

#include <linux/compiler.h>
#include <linux/ftrace.h>
#include <linux/rethook.h>

struct fprobe;

/*
 * Entry: @entry_ip is the probed function's call site of the tracer,
 * @ret_ip where it returns to; @entry_data is @fp->entry_data_size bytes
 * handed to the exit handler of the same call.  A non-zero return skips
 * the exit handler for this call.
 */
typedef int (*fprobe_entry_cb)(struct fprobe *fp, unsigned long entry_ip,
			       unsigned long ret_ip, struct pt_regs *regs,
			       void *entry_data);

/* Exit: the same @entry_ip and @entry_data as the call's entry saw. */
typedef void (*fprobe_exit_cb)(struct fprobe *fp, unsigned long entry_ip,
			       unsigned long ret_ip, struct pt_regs *regs,
			       void *entry_data);

/**
 * struct fprobe - probe on the entry and return of kernel functions
 * @ops: the ftrace_ops that catches the entries (internal)
 * @nmissed: calls not handled (recursion, no free return node, kprobe
 *	running when shared with kprobes)
 * @flags: FPROBE_FL_*
 * @rethook: the return hook and its nodes (internal)
 * @entry_data_size: bytes of per-call data between entry and exit
 * @nr_maxactive: returns hooked at once at most; 0 picks a default
 * @entry_handler: called at each entry, may be NULL
 * @exit_handler: called at each return, may be NULL
 */
struct fprobe {
#ifdef CONFIG_FUNCTION_TRACER
	/* Without the function tracer users may still embed the struct. */
	struct ftrace_ops	ops;
#endif
	unsigned long		nmissed;
	unsigned int		flags;
	struct rethook		*rethook;
	size_t			entry_data_size;
	int			nr_maxactive;

	fprobe_entry_cb entry_handler;
	fprobe_exit_cb  exit_handler;
};

/* Soft-disabled: the functions stay hooked, the handlers are not called. */
#define FPROBE_FL_DISABLED	1

/* Shares functions with kprobes: skip a call made while a kprobe runs. */
#define FPROBE_FL_KPROBE_SHARED	2

static inline bool fprobe_disabled(struct fprobe *fp)
{
	return fp ? fp->flags & FPROBE_FL_DISABLED : false;
}

static inline bool fprobe_shared_with_kprobes(struct fprobe *fp)
{
	return fp ? fp->flags & FPROBE_FL_KPROBE_SHARED : false;
}

#ifdef CONFIG_FPROBE
int register_fprobe(struct fprobe *fp, const char *filter,
		    const char *notfilter);
int register_fprobe_ips(struct fprobe *fp, unsigned long *addrs, int num);
int register_fprobe_syms(struct fprobe *fp, const char **syms, int num);
int unregister_fprobe(struct fprobe *fp);
bool fprobe_is_registered(struct fprobe *fp);
#else
static inline int register_fprobe(struct fprobe *fp, const char *filter,
				  const char *notfilter)
{
	return -EOPNOTSUPP;
}

static inline int register_fprobe_ips(struct fprobe *fp, unsigned long *addrs,
				      int num)
{
	return -EOPNOTSUPP;
}

static inline int register_fprobe_syms(struct fprobe *fp, const char **syms,
				       int num)
{
	return -EOPNOTSUPP;
}

static inline int unregister_fprobe(struct fprobe *fp)
{
	return -EOPNOTSUPP;
}

static inline bool fprobe_is_registered(struct fprobe *fp)
{
	return false;
}
#endif

/**
 * disable_fprobe() - stop calling @fp's handlers
 * @fp: the fprobe
 *
 * The functions stay hooked; enable_fprobe() resumes.
 */
static inline void disable_fprobe(struct fprobe *fp)
{
	if (fp)
		fp->flags |= FPROBE_FL_DISABLED;
}

/**
 * enable_fprobe() - call @fp's handlers again
 * @fp: the fprobe
 */
static inline void enable_fprobe(struct fprobe *fp)
{
	if (fp)
		fp->flags &= ~FPROBE_FL_DISABLED;
}

#endif /* _LINUX_FPROBE_H */
