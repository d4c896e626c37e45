// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Probe events: parsing the fetch-argument language into fetch programs,
 * laying the arguments out in the record, and the format a probe's event
 * shows (its fields, its print fmt and its text output).
 *
 * Parsing runs in process context under the caller's probe list mutex;
 * what it builds is immutable once the probe is registered, so probe
 * context reads it without locks.
 */
#include <linux/ctype.h>
#include <linux/kallsyms.h>
#include <linux/ptrace.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace_probe.h"

struct probe_type_info {
	const char	*name;
	enum probe_kind	kind;
	unsigned int	size;
};

static const struct probe_type_info probe_types[] = {
	{ "u8", PROBE_KIND_UNSIGNED, 1 }, { "u16", PROBE_KIND_UNSIGNED, 2 },
	{ "u32", PROBE_KIND_UNSIGNED, 4 }, { "u64", PROBE_KIND_UNSIGNED, 8 },
	{ "s8", PROBE_KIND_SIGNED, 1 }, { "s16", PROBE_KIND_SIGNED, 2 },
	{ "s32", PROBE_KIND_SIGNED, 4 }, { "s64", PROBE_KIND_SIGNED, 8 },
	{ "x8", PROBE_KIND_HEX, 1 }, { "x16", PROBE_KIND_HEX, 2 },
	{ "x32", PROBE_KIND_HEX, 4 }, { "x64", PROBE_KIND_HEX, 8 },
	{ "string", PROBE_KIND_STRING, 4 },
	{ "ustring", PROBE_KIND_USTRING, 4 },
	{ "symbol", PROBE_KIND_SYMBOL, sizeof(long) },
};

static const struct probe_type_info *probe_type_find(const char *name)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(probe_types); i++)
		if (!strcmp(probe_types[i].name, name))
			return &probe_types[i];
	return NULL;
}

static bool probe_kind_is_string(enum probe_kind kind)
{
	return kind == PROBE_KIND_STRING || kind == PROBE_KIND_USTRING;
}

/**
 * probe_name_valid() - is @name a C identifier, usable as event or field
 * @name: the name
 *
 * Return: true when it is.
 */
bool probe_name_valid(const char *name)
{
	if (!*name || (!isalpha(*name) && *name != '_'))
		return false;
	for (name++; *name; name++)
		if (!isalnum(*name) && *name != '_')
			return false;
	return true;
}

/* Append one instruction; the program keeps room for its END. */
static int probe_emit(struct probe_insn **pos, struct probe_insn *end,
		      enum probe_op op, long param)
{
	if (*pos >= end)
		return -E2BIG;
	(*pos)->op = op;
	(*pos)->param = param;
	(*pos)++;
	return 0;
}

static int probe_parse_var(const char *var, struct probe_insn **pos,
			   struct probe_insn *end, unsigned int flags)
{
	unsigned long n;

	if (!strcmp(var, "retval")) {
		if (!(flags & PROBE_CTX_RETURN))
			return -EINVAL;
		return probe_emit(pos, end, PROBE_OP_RETVAL, 0);
	}
	if (!strcmp(var, "comm"))
		return probe_emit(pos, end, PROBE_OP_COMM, 0);
	if (!strcmp(var, "stack"))
		return probe_emit(pos, end, PROBE_OP_STACKP, 0);
	if (str_has_prefix(var, "stack")) {
		if (kstrtoul(var + 5, 10, &n) || n > PAGE_SIZE / sizeof(long))
			return -EINVAL;
		return probe_emit(pos, end, PROBE_OP_STACK, n);
	}
	if (str_has_prefix(var, "arg")) {
		if (flags & PROBE_CTX_RETURN)
			return -EINVAL;
		if (kstrtoul(var + 3, 10, &n) || !n || n > PROBE_MAX_ARGS)
			return -EINVAL;
		return probe_emit(pos, end, PROBE_OP_ARG, n - 1);
	}
	return -EINVAL;
}

/* @SYM[+|-off] or @ADDR: the word stored there. */
static int probe_parse_mem(char *body, struct probe_insn **pos,
			   struct probe_insn *end)
{
	unsigned long addr;
	long off = 0;
	char *sign;
	int ret;

	if (!kstrtoul(body, 0, &addr))
		goto emit;
	sign = strpbrk(body, "+-");
	if (sign) {
		ret = kstrtol(sign, 0, &off);
		if (ret)
			return ret;
		*sign = '\0';
	}
	addr = kallsyms_lookup_name(body);
	if (!addr)
		return -EINVAL;
	addr += off;
emit:
	ret = probe_emit(pos, end, PROBE_OP_IMM, addr);
	return ret ?: probe_emit(pos, end, PROBE_OP_DEREF, 0);
}

/* [+|-]off[u](inner): the word at inner's value + off. */
static int probe_parse_body(char *body, struct probe_insn **pos,
			    struct probe_insn *end, unsigned int flags);

static int probe_parse_deref(char *body, struct probe_insn **pos,
			     struct probe_insn *end, unsigned int flags)
{
	char *open = strchr(body, '('), *close;
	enum probe_op op = PROBE_OP_DEREF;
	long off;
	int ret;

	close = body + strlen(body) - 1;
	if (!open || *close != ')')
		return -EINVAL;
	*open = '\0';
	*close = '\0';
	/* "+u8(...)": the sign, then 'u' for user memory, then the offset. */
	if (body[1] == 'u') {
		op = PROBE_OP_UDEREF;
		body[1] = body[0];
		body++;
	}
	ret = kstrtol(body, 0, &off);
	if (ret)
		return ret;
	ret = probe_parse_body(open + 1, pos, end, flags);
	return ret ?: probe_emit(pos, end, op, off);
}

static int probe_parse_body(char *body, struct probe_insn **pos,
			    struct probe_insn *end, unsigned int flags)
{
	int off;

	switch (body[0]) {
	case '%':
		off = regs_query_register_offset(body + 1);
		if (off < 0)
			return -EINVAL;
		return probe_emit(pos, end, PROBE_OP_REG, off);
	case '$':
		return probe_parse_var(body + 1, pos, end, flags);
	case '@':
		return probe_parse_mem(body + 1, pos, end);
	case '+':
	case '-':
		return probe_parse_deref(body, pos, end, flags);
	default:
		return -EINVAL;
	}
}

/*
 * A string is read where the program's last step points: a last
 * dereference gives its address instead of loading from it.
 */
static int probe_check_string(struct probe_arg *arg, struct probe_insn *last)
{
	switch (last->op) {
	case PROBE_OP_COMM:
		return 0;
	case PROBE_OP_UDEREF:
		arg->user = true;
		return 0;
	case PROBE_OP_DEREF:
		arg->user = arg->kind == PROBE_KIND_USTRING;
		return 0;
	default:
		return -EINVAL;
	}
}

/**
 * probe_arg_parse() - compile one fetch argument
 * @arg: zeroed; filled on success
 * @def: "[NAME=]FETCHARG[:TYPE]"
 * @index: its position, 0-based (names it "arg<index+1>" by default)
 * @flags: PROBE_CTX_*
 *
 * Return: 0, or -EINVAL for a bad definition, -ENOMEM.
 */
int probe_arg_parse(struct probe_arg *arg, const char *def, int index,
		    unsigned int flags)
{
	struct probe_insn *pos = arg->insns, *in;
	const struct probe_type_info *type;
	char *buf, *body, *eq, *colon;
	int ret = -EINVAL;

	buf = kstrdup(def, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	body = buf;
	eq = strchr(buf, '=');
	if (eq) {
		*eq = '\0';
		if (!probe_name_valid(buf))
			goto out;
		arg->name = kstrdup(buf, GFP_KERNEL);
		body = eq + 1;
	} else {
		arg->name = kasprintf(GFP_KERNEL, "arg%d", index + 1);
	}
	arg->comm = kstrdup(body, GFP_KERNEL);
	if (!arg->name || !arg->comm) {
		ret = -ENOMEM;
		goto out;
	}

	colon = strrchr(body, ':');
	if (colon)
		*colon = '\0';
	type = probe_type_find(colon ? colon + 1 :
			       strcmp(body, "$comm") ? "x64" : "string");
	if (!type)
		goto out;
	arg->type = type->name;
	arg->kind = type->kind;
	arg->size = type->size;

	ret = probe_parse_body(body, &pos, arg->insns + PROBE_MAX_INSNS - 1,
			       flags);
	if (ret)
		goto out;
	pos->op = PROBE_OP_END;
	/* $comm is a whole fetch argument: it cannot be dereferenced. */
	for (in = arg->insns; in < pos - 1; in++)
		if (in->op == PROBE_OP_COMM)
			ret = -EINVAL;
	if (ret)
		goto out;
	if (probe_kind_is_string(arg->kind))
		ret = probe_check_string(arg, pos - 1);
	else if (pos[-1].op == PROBE_OP_COMM)
		ret = -EINVAL;
out:
	kfree(buf);
	if (ret)
		probe_arg_free(arg);
	return ret;
}

/**
 * probe_arg_free() - free what probe_arg_parse() allocated
 * @arg: the argument
 */
void probe_arg_free(struct probe_arg *arg)
{
	kfree(arg->name);
	kfree(arg->comm);
	arg->name = NULL;
	arg->comm = NULL;
}

/**
 * probe_args_layout() - place the arguments in the record
 * @args: the arguments
 * @nargs: how many
 * @base: the offset just past the probe's own fields
 *
 * Return: the size of the record's fixed part.
 */
int probe_args_layout(struct probe_arg *args, int nargs, unsigned int base)
{
	int i;

	for (i = 0; i < nargs; i++) {
		base = ALIGN(base, args[i].size);
		args[i].offset = base;
		base += args[i].size;
	}
	return base;
}

static const char *probe_fmt(const struct probe_arg *arg)
{
	static const char * const hex[] = { "0x%x", "0x%x", "0x%x", "0x%llx" };
	static const char * const uns[] = { "%u", "%u", "%u", "%llu" };
	static const char * const sig[] = { "%d", "%d", "%d", "%lld" };
	int i = ilog2(arg->size);

	switch (arg->kind) {
	case PROBE_KIND_STRING:
	case PROBE_KIND_USTRING:
		return "\\\"%s\\\"";
	case PROBE_KIND_SYMBOL:
		return "%pS";
	case PROBE_KIND_SIGNED:
		return sig[i];
	case PROBE_KIND_UNSIGNED:
		return uns[i];
	default:
		return hex[i];
	}
}

/**
 * probe_print_fmt() - the "print fmt" of a probe's event
 * @args: its arguments
 * @nargs: how many
 * @is_return: a return probe (prints "(ret <- func)")
 *
 * Return: a kmalloc()ed string, or NULL.
 */
char *probe_print_fmt(struct probe_arg *args, int nargs, bool is_return)
{
	struct seq_buf sb;
	char *buf;
	int i;

	buf = kmalloc(PAGE_SIZE, GFP_KERNEL);
	if (!buf)
		return NULL;
	seq_buf_init(&sb, buf, PAGE_SIZE);
	seq_buf_puts(&sb, is_return ? "\"(%lx <- %lx)" : "\"(%lx)");
	for (i = 0; i < nargs; i++)
		seq_buf_printf(&sb, " %s=%s", args[i].name, probe_fmt(&args[i]));
	seq_buf_puts(&sb, is_return ?
		     "\", REC->__probe_func, REC->__probe_ret_ip" :
		     "\", REC->__probe_ip");
	for (i = 0; i < nargs; i++)
		seq_buf_printf(&sb, probe_kind_is_string(args[i].kind) ?
			       ", __get_str(%s)" : ", REC->%s", args[i].name);
	if (seq_buf_has_overflowed(&sb)) {
		kfree(buf);
		return NULL;
	}
	seq_buf_str(&sb);
	return buf;
}

/**
 * probe_define_fields() - define the argument fields of a probe's event
 * @call: the event
 * @args: its arguments, laid out
 * @nargs: how many
 *
 * Return: 0 or a -errno.
 */
int probe_define_fields(struct trace_event_call *call, struct probe_arg *args,
			int nargs)
{
	struct probe_arg *a;
	int i, ret;

	for (i = 0; i < nargs; i++) {
		a = &args[i];
		if (probe_kind_is_string(a->kind))
			ret = trace_define_field(call, "__data_loc char[]",
						 a->name, a->offset, 4, 0,
						 FILTER_OTHER);
		else
			ret = trace_define_field(call, a->type, a->name,
						 a->offset, a->size,
						 a->kind == PROBE_KIND_SIGNED,
						 FILTER_OTHER);
		if (ret)
			return ret;
	}
	return 0;
}

static void probe_print_value(struct trace_seq *s, struct probe_arg *a,
			      void *rec)
{
	void *p = rec + a->offset;
	u64 v;
	u32 loc;

	if (probe_kind_is_string(a->kind)) {
		loc = *(u32 *)p;
		if (!(loc >> 16))
			trace_seq_puts(s, "(fault)");
		else
			trace_seq_printf(s, "\"%s\"", (char *)rec + (loc & 0xffff));
		return;
	}
	switch (a->size) {
	case 1:
		v = *(u8 *)p;
		break;
	case 2:
		v = *(u16 *)p;
		break;
	case 4:
		v = *(u32 *)p;
		break;
	default:
		v = *(u64 *)p;
	}
	switch (a->kind) {
	case PROBE_KIND_SYMBOL:
		trace_seq_printf(s, "%pS", (void *)(unsigned long)v);
		break;
	case PROBE_KIND_SIGNED:
		trace_seq_printf(s, "%lld", (long long)sign_extend64(v, a->size * 8 - 1));
		break;
	case PROBE_KIND_UNSIGNED:
		trace_seq_printf(s, "%llu", v);
		break;
	default:
		trace_seq_printf(s, "0x%llx", v);
	}
}

/**
 * probe_print_args() - print " name=value" for each argument of a record
 * @s: the output
 * @args: the arguments
 * @nargs: how many
 * @rec: the record
 */
void probe_print_args(struct trace_seq *s, struct probe_arg *args, int nargs,
		      void *rec)
{
	int i;

	for (i = 0; i < nargs; i++) {
		trace_seq_printf(s, " %s=", args[i].name);
		probe_print_value(s, &args[i], rec);
	}
}
