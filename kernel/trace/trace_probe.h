/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Probe events: the fetch-argument language shared by the probe kinds
 * (trace_probe.c parses it, trace_probe_fetch.c runs it) and the event
 * each probe owns.
 */
#ifndef _TRACE_PROBE_H
#define _TRACE_PROBE_H

#include <linux/trace_events.h>
#include <linux/types.h>

#include "trace.h"

#define PROBE_MAX_ARGS		128
#define PROBE_MAX_INSNS		16
#define PROBE_NAME_LEN		64
#define PROBE_STRING_MAX	4096
#define PROBE_DEFAULT_GROUP	"kprobes"

/* One step of a fetch program; programs end with PROBE_OP_END. */
enum probe_op {
	PROBE_OP_END,
	PROBE_OP_REG,		/* value = the pt_regs word at @param */
	PROBE_OP_STACK,		/* value = the @param-th stack word */
	PROBE_OP_STACKP,	/* value = the stack pointer */
	PROBE_OP_RETVAL,	/* value = the return value */
	PROBE_OP_ARG,		/* value = function argument @param (0-based) */
	PROBE_OP_COMM,		/* value = current->comm (strings only) */
	PROBE_OP_IMM,		/* value = @param */
	PROBE_OP_DEREF,		/* value = the word at value + @param */
	PROBE_OP_UDEREF,	/* the same, from user memory */
};

struct probe_insn {
	enum probe_op	op;
	long		param;
};

/* How a fetched value is stored in the record and printed. */
enum probe_kind {
	PROBE_KIND_UNSIGNED,
	PROBE_KIND_SIGNED,
	PROBE_KIND_HEX,
	PROBE_KIND_STRING,	/* kernel string; __data_loc char[] */
	PROBE_KIND_USTRING,	/* user string; __data_loc char[] */
	PROBE_KIND_SYMBOL,	/* an address printed as sym+off */
};

/**
 * struct probe_arg - one fetch argument of a probe
 * @name: its field name
 * @comm: its definition as the user wrote it
 * @type: its type name ("u32", "string", ...)
 * @kind: how it is stored and printed
 * @size: bytes in the record's fixed part (4 for a string's data_loc)
 * @offset: offset of its field in the record
 * @user: the last dereference reads user memory
 * @insns: the fetch program, ended by PROBE_OP_END
 */
struct probe_arg {
	char			*name;
	char			*comm;
	const char		*type;
	enum probe_kind		kind;
	unsigned int		size;
	unsigned int		offset;
	bool			user;
	struct probe_insn	insns[PROBE_MAX_INSNS];
};

/* What a fetch program may read: kprobe entry or kretprobe return. */
#define PROBE_CTX_RETURN	BIT(0)

int probe_arg_parse(struct probe_arg *arg, const char *def, int index,
		    unsigned int flags);
void probe_arg_free(struct probe_arg *arg);
int probe_args_layout(struct probe_arg *args, int nargs, unsigned int base);
char *probe_print_fmt(struct probe_arg *args, int nargs, bool is_return);
int probe_define_fields(struct trace_event_call *call, struct probe_arg *args,
			int nargs);
void probe_print_args(struct trace_seq *s, struct probe_arg *args, int nargs,
		      void *rec);
bool probe_name_valid(const char *name);

/* trace_probe_fetch.c: probe context, no allocation, no locks. */
int probe_args_dyn_size(struct probe_arg *args, int nargs,
			struct pt_regs *regs);
void probe_args_store(struct probe_arg *args, int nargs, struct pt_regs *regs,
		      void *rec, unsigned int fixed, unsigned int total);

#endif /* _TRACE_PROBE_H */
