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
#define PROBE_ARG_NAME_LEN	32
#define PROBE_ARG_BODY_LEN	63
#define PROBE_STRING_MAX	4096
#define PROBE_DEFAULT_GROUP	"kprobes"
#define PROBE_FPROBE_GROUP	"fprobes"
#define PROBE_TPOINT_GROUP	"tracepoints"

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
	PROBE_OP_USTACK,	/* value = the @param-th user stack word */
	PROBE_OP_USTACKP,	/* value = the user stack pointer */
	PROBE_OP_FOFFS,		/* value = the address of file offset @param */
	PROBE_OP_EARG,		/* value = entry argument @param, saved at entry */
	PROBE_OP_FIELD,		/* value = the event field at offset @param */
	PROBE_OP_IMMSTR,	/* the string at @param (strings only) */
};

/* How PROBE_OP_FIELD reads an event's field (eprobes). */
enum probe_field_kind {
	PROBE_FIELD_NUM,	/* a number of @fsize bytes */
	PROBE_FIELD_DYNSTR,	/* __data_loc: the string's address */
	PROBE_FIELD_RDYNSTR,	/* __rel_loc: the string's address */
	PROBE_FIELD_STATICSTR,	/* char[N]: the field's address */
};

/**
 * struct probe_insn - one step of a fetch program
 * @op: what it does
 * @fsize: PROBE_OP_FIELD: the field's size
 * @fkind: PROBE_OP_FIELD: enum probe_field_kind
 * @fsigned: PROBE_OP_FIELD: a signed number
 * @param: the operand
 */
struct probe_insn {
	enum probe_op	op;
	u16		fsize;
	u8		fkind;
	u8		fsigned;
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
	PROBE_KIND_CHAR,	/* a byte printed as a character */
	PROBE_KIND_SYMSTR,	/* an address stored as "sym+off/size" */
};

/* Elements of an array argument ("u8[N]") at most. */
#define PROBE_ARRAY_MAX		64

/**
 * struct probe_arg - one fetch argument of a probe
 * @name: its field name
 * @comm: its definition as the user wrote it
 * @type: its type name ("u32", "string", ...)
 * @kind: how it is stored and printed
 * @size: bytes in the record's fixed part (4 for a string's data_loc);
 *	an array's element size
 * @count: an array's elements ("TYPE[N]"), 0 for a single value
 * @ftype: the field type of an array ("u8[4]"), kmalloc()ed
 * @immstr: the string of an immediate string (\"...\"), kmalloc()ed
 * @offset: offset of its field in the record
 * @user: the last dereference reads user memory
 * @bf_width: a bitfield's width in bits, 0 for a whole value
 * @bf_shift: a bitfield's lowest bit in its container
 * @insns: the fetch program, ended by PROBE_OP_END
 */
struct probe_arg {
	char			*name;
	char			*comm;
	const char		*type;
	enum probe_kind		kind;
	unsigned int		size;
	unsigned int		count;
	char			*ftype;
	char			*immstr;
	unsigned int		offset;
	bool			user;
	u8			bf_width;
	u8			bf_shift;
	struct probe_insn	insns[PROBE_MAX_INSNS];
};

/*
 * What a fetch program may read: a function's entry or its return, in
 * the kernel or (PROBE_CTX_USER, uprobes) in a user task, where every
 * dereference reads user memory and "@+OFFS" names a file offset.
 */
#define PROBE_CTX_RETURN	BIT(0)
#define PROBE_CTX_USER		BIT(1)
/* fprobe and tracepoint probes: no "%REG" (BAD_VAR). */
#define PROBE_CTX_NOREG		BIT(2)
/* A tracepoint's stub: its first argument is the probe data, skipped. */
#define PROBE_CTX_TPOINT	BIT(3)
/* eprobes: "$FIELD" is a field of the attached event's record. */
#define PROBE_CTX_EVENT		BIT(4)
/*
 * A kernel function's entry: a kprobe at its entry, an fprobe's entry, a
 * tracepoint probe (its stub's entry).  With PROBE_CTX_RETURN, the two
 * places where a parameter has a name.
 */
#define PROBE_CTX_FENTRY	BIT(5)

/**
 * struct probe_fetch_ctx - what a fetch program runs on
 * @regs: the registers at the probe
 * @fbase: for uprobes, the address the probed file's offset 0 is mapped
 *	at in the current task ("@+OFFS" reads @fbase + OFFS)
 * @eargs: for return probes, the function's arguments saved at its entry
 *	(probe_args_save_eargs()); $argN reads @eargs[N - 1]
 * @rec: for eprobes, the attached event's record ($FIELD reads it)
 */
struct probe_fetch_ctx {
	struct pt_regs	*regs;
	unsigned long	fbase;
	unsigned long	*eargs;
	void		*rec;
};

/*
 * Why a probe definition was refused: the reasons error_log shows, with
 * a caret under the word (or the part of it) at fault.
 */
enum probe_err {
	PROBE_ERR_BAD_MAXACT_TYPE,
	PROBE_ERR_BAD_MAXACT,
	PROBE_ERR_MAXACT_TOO_BIG,
	PROBE_ERR_BAD_PROBE_ADDR,
	PROBE_ERR_NON_UNIQ_SYMBOL,
	PROBE_ERR_BAD_RETPROBE,
	PROBE_ERR_BAD_ADDR_SUFFIX,
	PROBE_ERR_NO_GROUP_NAME,
	PROBE_ERR_GROUP_TOO_LONG,
	PROBE_ERR_BAD_GROUP_NAME,
	PROBE_ERR_NO_EVENT_NAME,
	PROBE_ERR_EVENT_TOO_LONG,
	PROBE_ERR_BAD_EVENT_NAME,
	PROBE_ERR_EVENT_EXIST,
	PROBE_ERR_RETVAL_ON_PROBE,
	PROBE_ERR_BAD_STACK_NUM,
	PROBE_ERR_BAD_ARG_NUM,
	PROBE_ERR_BAD_VAR,
	PROBE_ERR_BAD_REG_NAME,
	PROBE_ERR_BAD_MEM_ADDR,
	PROBE_ERR_FILE_ON_KPROBE,
	PROBE_ERR_TOO_MANY_OPS,
	PROBE_ERR_DEREF_NEED_BRACE,
	PROBE_ERR_BAD_DEREF_OFFS,
	PROBE_ERR_DEREF_OPEN_BRACE,
	PROBE_ERR_COMM_CANT_DEREF,
	PROBE_ERR_BAD_FETCH_ARG,
	PROBE_ERR_BAD_TYPE,
	PROBE_ERR_BAD_STRING,
	PROBE_ERR_BAD_BITFIELD,
	PROBE_ERR_ARG_NAME_TOO_LONG,
	PROBE_ERR_NO_ARG_NAME,
	PROBE_ERR_BAD_ARG_NAME,
	PROBE_ERR_USED_ARG_NAME,
	PROBE_ERR_ARG_TOO_LONG,
	PROBE_ERR_NO_ARG_BODY,
	PROBE_ERR_BAD_INSN_BNDRY,
	PROBE_ERR_FAIL_REG_PROBE,
	PROBE_ERR_DIFF_PROBE_TYPE,
	PROBE_ERR_DIFF_ARG_TYPE,
	PROBE_ERR_SAME_PROBE,
	PROBE_ERR_NOSUP_BTFARG,
	PROBE_ERR_NO_BTFARG,
	PROBE_ERR_NO_BTF_ENTRY,
	PROBE_ERR_DOUBLE_ARGS,
	PROBE_ERR_NO_RETVAL,
	PROBE_ERR_NO_PTR_STRCT,
	PROBE_ERR_NOSUP_DAT_ARG,
	PROBE_ERR_BAD_HYPHEN,
	PROBE_ERR_NO_BTF_FIELD,
	PROBE_ERR_BAD_BTF_TID,
	PROBE_ERR_BAD_TYPE4STR,
	PROBE_ERR_NEED_STRING_TYPE,
	PROBE_ERR_FILE_NOT_FOUND,
	PROBE_ERR_NO_REGULAR_FILE,
	PROBE_ERR_BAD_REFCNT,
	PROBE_ERR_REFCNT_OPEN_BRACE,
	PROBE_ERR_BAD_REFCNT_SUFFIX,
	PROBE_ERR_BAD_UPROBE_OFFS,
	PROBE_ERR_BAD_FILE_OFFS,
	PROBE_ERR_SYM_ON_UPROBE,
	PROBE_ERR_NOFENTRY_ARGS,
	PROBE_ERR_NO_TRACEPOINT,
	PROBE_ERR_BAD_TP_NAME,
	PROBE_ERR_NO_EVENT_INFO,
	PROBE_ERR_BAD_ATTACH_EVENT,
	PROBE_ERR_BAD_ATTACH_ARG,
	PROBE_ERR_NO_EP_FILTER,
	PROBE_ERR_ARRAY_NO_CLOSE,
	PROBE_ERR_BAD_ARRAY_SUFFIX,
	PROBE_ERR_BAD_ARRAY_NUM,
	PROBE_ERR_ARRAY_TOO_BIG,
	PROBE_ERR_BAD_IMM,
	PROBE_ERR_IMMSTR_NO_CLOSE,
	PROBE_ERR_MAX
};

/**
 * struct probe_log - where a definition's errors go
 * @loc: the location error_log names ("trace_kprobe")
 * @cmd: the definition's words joined by single spaces, or NULL
 * @argc: how many words
 * @argv: the words as the parser sees them (it may cut them up)
 * @index: the word being parsed
 */
struct probe_log {
	const char	*loc;
	char		*cmd;
	int		argc;
	char		**argv;
	int		index;
};

void probe_log_init(struct probe_log *log, const char *loc, int argc,
		    char **argv);
void probe_log_free(struct probe_log *log);
int probe_log_err(struct probe_log *log, int offset, enum probe_err err);

struct btf;
struct btf_type;
struct btf_param;

/**
 * struct probe_btf - what BTF tells of one definition's probe point
 * @func: the function whose parameters the arguments name (a tracepoint
 *	probe's stub), or NULL
 * @flags: the definition's PROBE_CTX_*
 * @queried: @func was looked up (once, by the first argument needing it)
 * @btf: the BTF holding @proto, referenced (probe_btf_release()), or NULL
 * @proto: @func's prototype
 * @params: its parameters, less a tracepoint stub's first (its data)
 * @nr_params: how many
 * @type: the BTF type of the value the argument being parsed reads, or
 *	NULL when BTF does not know it
 * @bitoffs: a bitfield's lowest bit in the value loaded
 * @bitsize: its width, 0 for a whole value
 * @offs: where the argument's last named part starts in its word
 *
 * Lives for one definition's parse, on the parser's stack.
 */
struct probe_btf {
	const char		*func;
	unsigned int		flags;
	bool			queried;
	struct btf		*btf;
	const struct btf_type	*proto;
	const struct btf_param	*params;
	int			nr_params;
	const struct btf_type	*type;
	u32			bitoffs;
	u32			bitsize;
	int			offs;
};

/**
 * struct probe_btf_ref - a parameter or a return value and the members
 *	followed from it, as BTF resolved them
 * @op: PROBE_OP_ARG, PROBE_OP_EARG or PROBE_OP_RETVAL
 * @param: its operand
 * @nderefs: how many dereferences follow
 * @deref: each one's byte offset
 */
struct probe_btf_ref {
	enum probe_op	op;
	long		param;
	int		nderefs;
	long		deref[PROBE_MAX_INSNS];
};

#ifdef CONFIG_PROBE_EVENTS_BTF_ARGS
void probe_btf_release(struct probe_btf *pb);
int probe_btf_expand(struct probe_btf *pb, int argc, char **argv,
		     int *new_argc, char ***new_argv, struct probe_log *log);
void probe_btf_free_argv(char **argv, int argc);
int probe_btf_parse(struct probe_btf *pb, char *body, int offs,
		    struct probe_btf_ref *ref, struct probe_log *log);
const char *probe_btf_type_name(struct probe_btf *pb);
int probe_btf_string(struct probe_btf *pb, struct probe_log *log);
#else
static inline void probe_btf_release(struct probe_btf *pb) { }

static inline int probe_btf_expand(struct probe_btf *pb, int argc,
				   char **argv, int *new_argc,
				   char ***new_argv, struct probe_log *log)
{
	*new_argv = NULL;
	return 0;
}

static inline void probe_btf_free_argv(char **argv, int argc) { }

static inline int probe_btf_parse(struct probe_btf *pb, char *body, int offs,
				  struct probe_btf_ref *ref,
				  struct probe_log *log)
{
	return probe_log_err(log, offs, PROBE_ERR_NOSUP_BTFARG);
}

static inline const char *probe_btf_type_name(struct probe_btf *pb)
{
	return NULL;
}

static inline int probe_btf_string(struct probe_btf *pb, struct probe_log *log)
{
	return 0;
}
#endif

int probe_arg_parse(struct probe_arg *args, int index, const char *def,
		    unsigned int flags, struct probe_btf *pb,
		    struct probe_log *log);
int probe_arg_parse_event(struct probe_arg *args, int index, const char *def,
			  struct list_head *fields, struct probe_log *log);
struct ftrace_event_field *probe_field_find(struct list_head *fields,
					    const char *name);
void probe_arg_free(struct probe_arg *arg);
int probe_args_layout(struct probe_arg *args, int nargs, unsigned int base);
char *probe_print_fmt(struct probe_arg *args, int nargs, bool is_return);
char *probe_print_fmt_event(struct probe_arg *args, int nargs);
int probe_define_fields(struct trace_event_call *call, struct probe_arg *args,
			int nargs);
void probe_print_args(struct trace_seq *s, struct probe_arg *args, int nargs,
		      void *rec);
bool probe_name_valid(const char *name);
bool probe_event_exists(const char *system, const char *name);
int probe_parse_event_name(const char *spec, int offs, char **group,
			   char **event, struct probe_log *log);

/* trace_probe_fetch.c: probe context, no allocation, no locks. */
int probe_args_dyn_size(struct probe_arg *args, int nargs,
			const struct probe_fetch_ctx *ctx);
void probe_args_store(struct probe_arg *args, int nargs,
		      const struct probe_fetch_ctx *ctx, void *rec,
		      unsigned int fixed, unsigned int total);
int probe_args_nr_eargs(struct probe_arg *args, int nargs);
void probe_args_save_eargs(struct pt_regs *regs, unsigned long *eargs, int n);

#endif /* _TRACE_PROBE_H */
