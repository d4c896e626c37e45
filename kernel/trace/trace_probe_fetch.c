// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Probe events: running fetch programs at probe time.
 *
 * Everything here runs in probe context (any context, NMI included): it
 * reads memory only through the *_nofault helpers, allocates nothing,
 * takes no lock.  A record is written in two passes over the same
 * programs: the first sizes the strings, the second stores the values
 * and copies the strings into the space the first reserved, truncating
 * a string that grew in between.
 */
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/uaccess.h>

#include "trace_probe.h"

static nokprobe_inline unsigned long probe_load(unsigned long addr, bool user, bool *fault)
{
	unsigned long v = 0;
	long ret;

	if (user)
		ret = copy_from_user_nofault(&v, (void __user *)addr, sizeof(v));
	else
		ret = copy_from_kernel_nofault(&v, (void *)addr, sizeof(v));
	if (ret)
		*fault = true;
	return v;
}

/* The @n-th word above a user task's stack pointer. */
static nokprobe_inline unsigned long probe_user_stack(struct pt_regs *regs, long n, bool *fault)
{
	unsigned long addr = user_stack_pointer(regs) + n * sizeof(long);

	return probe_load(addr, true, fault);
}

/* An event field of the attached record (eprobes): a number or an address. */
static nokprobe_inline unsigned long probe_field(struct probe_insn *in, void *rec)
{
	void *p = rec + in->param;

	switch (in->fkind) {
	case PROBE_FIELD_DYNSTR:
		return (unsigned long)rec + (*(u32 *)p & 0xffff);
	case PROBE_FIELD_RDYNSTR:
		return (unsigned long)p + sizeof(u32) + (*(u32 *)p & 0xffff);
	case PROBE_FIELD_STATICSTR:
		return (unsigned long)p;
	}
	switch (in->fsize) {
	case 1:
		return in->fsigned ? (long)*(s8 *)p : *(u8 *)p;
	case 2:
		return in->fsigned ? (long)*(s16 *)p : *(u16 *)p;
	case 4:
		return in->fsigned ? (long)*(s32 *)p : *(u32 *)p;
	default:
		return *(unsigned long *)p;
	}
}

static nokprobe_inline unsigned long probe_step(struct probe_insn *in,
						const struct probe_fetch_ctx *ctx,
						unsigned long v, bool *fault)
{
	struct pt_regs *regs = ctx->regs;

	switch (in->op) {
	case PROBE_OP_REG:
		return regs_get_register(regs, in->param);
	case PROBE_OP_STACK:
		return regs_get_kernel_stack_nth(regs, in->param);
	case PROBE_OP_STACKP:
		return kernel_stack_pointer(regs);
	case PROBE_OP_USTACK:
		return probe_user_stack(regs, in->param, fault);
	case PROBE_OP_USTACKP:
		return user_stack_pointer(regs);
	case PROBE_OP_FOFFS:
		return ctx->fbase + in->param;
	case PROBE_OP_RETVAL:
		return regs_return_value(regs);
	case PROBE_OP_ARG:
		return regs_get_kernel_argument(regs, in->param);
	case PROBE_OP_EARG:
		return ctx->eargs ? ctx->eargs[in->param] : 0;
	case PROBE_OP_FIELD:
		return ctx->rec ? probe_field(in, ctx->rec) : 0;
	case PROBE_OP_IMM:
		return in->param;
	case PROBE_OP_DEREF:
	case PROBE_OP_UDEREF:
		return probe_load(v + in->param, in->op == PROBE_OP_UDEREF,
				  fault);
	default:
		return v;
	}
}

/*
 * Run @arg's program.  A last dereference or $comm is left to the caller
 * (*@last points at it): it loads the value's own size (numbers) or reads
 * a string there.  Otherwise *@last points at the END.
 */
static nokprobe_inline unsigned long probe_run(struct probe_arg *arg,
					       const struct probe_fetch_ctx *ctx,
					       struct probe_insn **last, bool *fault)
{
	struct probe_insn *in;
	unsigned long v = 0;

	for (in = arg->insns; in->op != PROBE_OP_END; in++) {
		if (in[1].op == PROBE_OP_END &&
		    (in->op == PROBE_OP_DEREF || in->op == PROBE_OP_UDEREF ||
		     in->op == PROBE_OP_COMM || in->op == PROBE_OP_IMMSTR))
			break;
		v = probe_step(in, ctx, v, fault);
	}
	*last = in;
	return v;
}

/*
 * The string's address: where the last dereference points, or comm.  Of
 * an array of strings, string @n: the last dereference points at the
 * array of pointers, read as that dereference reads (user or kernel).
 */
static nokprobe_inline const void *probe_string_addr(struct probe_arg *arg,
						     const struct probe_fetch_ctx *ctx,
						     unsigned int n, bool *fault)
{
	struct probe_insn *last;
	unsigned long v = probe_run(arg, ctx, &last, fault);

	if (last->op == PROBE_OP_COMM)
		return current->comm;
	if (last->op == PROBE_OP_IMMSTR)
		return (const void *)last->param;
	if (arg->count)
		return (const void *)probe_load(v + last->param +
						n * sizeof(long),
						last->op == PROBE_OP_UDEREF,
						fault);
	return (const void *)(v + last->param);
}

/* strnlen_user_nofault()'s counterpart: the length with the NUL, 0 on a fault. */
static nokprobe_inline long probe_strnlen_kernel(const char *addr)
{
	long len;
	char c;

	for (len = 1; len <= PROBE_STRING_MAX; len++, addr++) {
		if (get_kernel_nofault(c, addr))
			return 0;
		if (!c)
			return len;
	}
	return PROBE_STRING_MAX;
}

static nokprobe_inline long probe_strlen(struct probe_arg *arg, const void *addr)
{
	if (arg->user)
		return strnlen_user_nofault((const void __user *)addr,
					    PROBE_STRING_MAX);
	return probe_strnlen_kernel(addr);
}

/* Read @size bytes at @addr into @p; zeroes on a fault. */
static nokprobe_inline void probe_copy(void *p, unsigned long addr, bool user,
				       unsigned int size)
{
	long ret;

	if (user)
		ret = copy_from_user_nofault(p, (void __user *)addr, size);
	else
		ret = copy_from_kernel_nofault(p, (void *)addr, size);
	if (ret)
		memset(p, 0, size);
}

static nokprobe_inline u64 probe_value(struct probe_arg *arg,
				       const struct probe_fetch_ctx *ctx)
{
	struct probe_insn *last;
	bool fault = false;
	unsigned long v = probe_run(arg, ctx, &last, &fault);
	u64 val = 0;

	switch (last->op) {
	case PROBE_OP_DEREF:
	case PROBE_OP_UDEREF:
		/* symstr's 4 bytes are its __data_loc: it reads a word. */
		if (!fault)
			probe_copy(&val, v + last->param,
				   last->op == PROBE_OP_UDEREF,
				   arg->kind == PROBE_KIND_SYMSTR ?
				   sizeof(long) : arg->size);
		break;
	default:
		val = v;
		break;
	}
	if (arg->bf_width)
		val = (val >> arg->bf_shift) & GENMASK_ULL(arg->bf_width - 1, 0);
	return val;
}

static nokprobe_inline void probe_store_value(struct probe_arg *arg,
					      const struct probe_fetch_ctx *ctx, void *p)
{
	struct probe_insn *last;
	bool fault = false;
	unsigned long v;
	u64 val;

	if (!arg->count) {
		val = probe_value(arg, ctx);
		memcpy(p, &val, arg->size);
		return;
	}
	/* An array: @count values one after the other where the last step points. */
	v = probe_run(arg, ctx, &last, &fault);
	if (fault) {
		memset(p, 0, arg->size * arg->count);
		return;
	}
	probe_copy(p, v + last->param, last->op == PROBE_OP_UDEREF,
		   arg->size * arg->count);
}

/*
 * symstr: the value as "sym+off/size" (or its hex), into @dst when there
 * is one, at most @room bytes.  Return: its length with the NUL.
 */
static nokprobe_inline int probe_symstr(struct probe_arg *arg,
					const struct probe_fetch_ctx *ctx,
					char *dst, unsigned int room)
{
	char buf[KSYM_SYMBOL_LEN];
	int len = sprint_symbol(buf, probe_value(arg, ctx)) + 1;

	if (dst) {
		len = min_t(int, len, room);
		memcpy(dst, buf, len);
		if (len)
			dst[len - 1] = '\0';
	}
	return len;
}

static nokprobe_inline u32 probe_store_symstr(struct probe_arg *arg,
					      const struct probe_fetch_ctx *ctx,
					      void *rec, unsigned int *dyn,
					      unsigned int total)
{
	int len = probe_symstr(arg, ctx, rec + *dyn, total - *dyn);

	if (len <= 0)
		return *dyn;
	*dyn += len;
	return (len << 16) | (*dyn - len);
}

/**
 * probe_args_dyn_size() - bytes the strings of a record need
 * @args: the arguments
 * @nargs: how many
 * @ctx: the registers at the probe, and what else the programs read
 *
 * Context: probe context.
 * Return: the sum of the string lengths, their NULs included.
 */
int __kprobes probe_args_dyn_size(struct probe_arg *args, int nargs,
				  const struct probe_fetch_ctx *ctx)
{
	bool fault = false;
	int i, size = 0;
	long len;

	unsigned int n;

	for (i = 0; i < nargs; i++) {
		if (args[i].kind == PROBE_KIND_SYMSTR) {
			size += probe_symstr(&args[i], ctx, NULL, 0);
			continue;
		}
		if (args[i].kind != PROBE_KIND_STRING &&
		    args[i].kind != PROBE_KIND_USTRING)
			continue;
		for (n = 0; n < max(args[i].count, 1U); n++) {
			fault = false;
			len = probe_strlen(&args[i],
					   probe_string_addr(&args[i], ctx, n,
							     &fault));
			if (!fault && len > 0)
				size += len;
		}
	}
	return size;
}

static nokprobe_inline u32 probe_store_string(struct probe_arg *arg,
					      const struct probe_fetch_ctx *ctx,
					      unsigned int n, void *rec,
					      unsigned int *dyn, unsigned int total)
{
	bool fault = false;
	const void *addr = probe_string_addr(arg, ctx, n, &fault);
	unsigned int room = total - *dyn;
	long len;

	if (fault || !room)
		return *dyn;
	if (arg->user)
		len = strncpy_from_user_nofault(rec + *dyn,
						(const void __user *)addr, room);
	else
		len = strncpy_from_kernel_nofault(rec + *dyn, addr, room);
	if (len <= 0)
		return *dyn;
	/* Truncated strings still end with their NUL. */
	((char *)rec)[*dyn + len - 1] = '\0';
	*dyn += len;
	return (len << 16) | (*dyn - len);
}

/**
 * probe_args_store() - fetch the arguments into a reserved record
 * @args: the arguments
 * @nargs: how many
 * @ctx: the registers at the probe, and what else the programs read
 * @rec: the record
 * @fixed: the size of its fixed part, where the strings start
 * @total: its size
 *
 * Context: probe context.
 */
void __kprobes probe_args_store(struct probe_arg *args, int nargs,
				const struct probe_fetch_ctx *ctx, void *rec,
				unsigned int fixed, unsigned int total)
{
	unsigned int dyn = fixed, n;
	u32 *loc;
	int i;

	for (i = 0; i < nargs; i++) {
		loc = rec + args[i].offset;
		if (args[i].kind == PROBE_KIND_SYMSTR)
			*loc = probe_store_symstr(&args[i], ctx, rec, &dyn,
						  total);
		else if (args[i].kind == PROBE_KIND_STRING ||
			 args[i].kind == PROBE_KIND_USTRING)
			/* one __data_loc a string, of an array too */
			for (n = 0; n < max(args[i].count, 1U); n++)
				loc[n] = probe_store_string(&args[i], ctx, n,
							    rec, &dyn, total);
		else
			probe_store_value(&args[i], ctx, rec + args[i].offset);
	}
}

/**
 * probe_args_nr_eargs() - how many entry arguments return probes save
 * @args: the arguments
 * @nargs: how many
 *
 * Return: the highest N of the $argN the programs read at a return, or 0.
 */
int probe_args_nr_eargs(struct probe_arg *args, int nargs)
{
	struct probe_insn *in;
	int i, n = 0;

	for (i = 0; i < nargs; i++)
		for (in = args[i].insns; in->op != PROBE_OP_END; in++)
			if (in->op == PROBE_OP_EARG)
				n = max_t(int, n, in->param + 1);
	return n;
}

/**
 * probe_args_save_eargs() - save a function's arguments at its entry
 * @regs: the registers at the entry
 * @eargs: room for @n words
 * @n: how many, from probe_args_nr_eargs()
 *
 * Context: probe context.
 */
void __kprobes probe_args_save_eargs(struct pt_regs *regs, unsigned long *eargs,
				     int n)
{
	int i;

	for (i = 0; i < n; i++)
		eargs[i] = regs_get_kernel_argument(regs, i);
}
