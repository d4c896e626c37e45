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
#include <linux/dcache.h>
#include <linux/fs.h>
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
	{ "char", PROBE_KIND_CHAR, 1 },
	{ "symstr", PROBE_KIND_SYMSTR, 4 },
};

static const struct probe_type_info *probe_type_find(const char *name)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(probe_types); i++)
		if (!strcmp(probe_types[i].name, name))
			return &probe_types[i];
	return NULL;
}

/*
 * "b<width>@<offset>/<container bits>": @width bits from bit @offset of
 * an unsigned container of 8, 16, 32 or 64 bits, stored and printed as
 * that container type.
 */
static const struct probe_type_info *
probe_bitfield_parse(struct probe_arg *arg, const char *tname)
{
	unsigned int width, shift, bits;
	char name[8];
	char rest;

	if (tname[0] != 'b' ||
	    sscanf(tname + 1, "%u@%u/%u%c", &width, &shift, &bits, &rest) != 3)
		return NULL;
	if (bits != 8 && bits != 16 && bits != 32 && bits != 64)
		return NULL;
	if (!width || width + shift > bits || !isdigit(tname[1]))
		return NULL;
	arg->bf_width = width;
	arg->bf_shift = shift;
	snprintf(name, sizeof(name), "u%u", bits);
	return probe_type_find(name);
}

/* Stored as a __data_loc string. */
static bool probe_kind_is_string(enum probe_kind kind)
{
	return kind == PROBE_KIND_STRING || kind == PROBE_KIND_USTRING ||
	       kind == PROBE_KIND_SYMSTR;
}

/* Read as a string in memory (not made from a value, as symstr is). */
static bool probe_kind_reads_string(enum probe_kind kind)
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

/**
 * probe_event_exists() - does any event, of any kind, have this name
 * @system: its system (group)
 * @name: its name
 *
 * Context: process context; takes event_mutex.
 * Return: true when one has.
 */
bool probe_event_exists(const char *system, const char *name)
{
	struct trace_event_call *call;
	const char *cname;

	guard(mutex)(&event_mutex);
	list_for_each_entry(call, &ftrace_events, list) {
		cname = trace_event_name(call);
		if (cname && !strcmp(cname, name) && call->class->system &&
		    !strcmp(call->class->system, system))
			return true;
	}
	return false;
}

/**
 * probe_parse_event_name() - parse the "[GRP/]EVENT" of "p:[GRP/]EVENT"
 * @spec: what follows the ':'
 * @offs: where @spec starts in the definition's first word
 * @group: set to a kmalloc()ed GRP when @spec names one
 * @event: set to a kmalloc()ed EVENT when @spec names one ("GRP/" alone
 *	leaves the default name to the caller)
 * @log: where errors go; @log->index names the first word
 *
 * The caller frees *@group and *@event, whatever the result.
 *
 * Return: 0, or -EINVAL for a bad name (logged), -ENOMEM.
 */
int probe_parse_event_name(const char *spec, int offs, char **group,
			   char **event, struct probe_log *log)
{
	const char *slash = strchr(spec, '/'), *name = spec;

	if (!*spec)
		return probe_log_err(log, offs, PROBE_ERR_NO_EVENT_NAME);
	if (slash) {
		if (slash == spec)
			return probe_log_err(log, offs, PROBE_ERR_NO_GROUP_NAME);
		if (slash - spec >= PROBE_NAME_LEN)
			return probe_log_err(log, offs, PROBE_ERR_GROUP_TOO_LONG);
		*group = kstrndup(spec, slash - spec, GFP_KERNEL);
		if (!*group)
			return -ENOMEM;
		if (!probe_name_valid(*group))
			return probe_log_err(log, offs, PROBE_ERR_BAD_GROUP_NAME);
		name = slash + 1;
		offs += name - spec;
	}
	if (!*name)
		return 0;
	if (strlen(name) >= PROBE_NAME_LEN)
		return probe_log_err(log, offs, PROBE_ERR_EVENT_TOO_LONG);
	if (!probe_name_valid(name))
		return probe_log_err(log, offs, PROBE_ERR_BAD_EVENT_NAME);
	*event = kstrdup(name, GFP_KERNEL);
	return *event ? 0 : -ENOMEM;
}

static const char * const probe_err_text[PROBE_ERR_MAX] = {
	[PROBE_ERR_BAD_MAXACT_TYPE]	= "Maxactive is only for function exit",
	[PROBE_ERR_BAD_MAXACT]		= "Invalid maxactive number",
	[PROBE_ERR_MAXACT_TOO_BIG]	= "Maxactive is too big",
	[PROBE_ERR_BAD_PROBE_ADDR]	= "Invalid probed address or symbol",
	[PROBE_ERR_NON_UNIQ_SYMBOL]	= "The symbol is not unique",
	[PROBE_ERR_BAD_RETPROBE]	= "Retprobe address must be an function entry",
	[PROBE_ERR_BAD_ADDR_SUFFIX]	= "Invalid probed address suffix",
	[PROBE_ERR_NO_GROUP_NAME]	= "Group name is not specified",
	[PROBE_ERR_GROUP_TOO_LONG]	= "Group name is too long",
	[PROBE_ERR_BAD_GROUP_NAME]	=
		"Group name must follow the same rules as C identifiers",
	[PROBE_ERR_NO_EVENT_NAME]	= "Event name is not specified",
	[PROBE_ERR_EVENT_TOO_LONG]	= "Event name is too long",
	[PROBE_ERR_BAD_EVENT_NAME]	=
		"Event name must follow the same rules as C identifiers",
	[PROBE_ERR_EVENT_EXIST]		=
		"Given group/event name is already used by another event",
	[PROBE_ERR_RETVAL_ON_PROBE]	= "$retval is not available on probe",
	[PROBE_ERR_BAD_STACK_NUM]	= "Invalid stack number",
	[PROBE_ERR_BAD_ARG_NUM]		= "Invalid argument number",
	[PROBE_ERR_BAD_VAR]		= "Invalid $-variable specified",
	[PROBE_ERR_BAD_REG_NAME]	= "Invalid register name",
	[PROBE_ERR_BAD_MEM_ADDR]	= "Invalid memory address",
	[PROBE_ERR_FILE_ON_KPROBE]	= "File offset is not available with kprobe",
	[PROBE_ERR_TOO_MANY_OPS]	= "Dereference is too much nested",
	[PROBE_ERR_DEREF_NEED_BRACE]	= "Dereference needs a brace",
	[PROBE_ERR_BAD_DEREF_OFFS]	= "Invalid dereference offset",
	[PROBE_ERR_DEREF_OPEN_BRACE]	= "Dereference brace is not closed",
	[PROBE_ERR_COMM_CANT_DEREF]	= "$comm can not be dereferenced",
	[PROBE_ERR_BAD_FETCH_ARG]	= "Invalid fetch argument",
	[PROBE_ERR_BAD_TYPE]		= "Unknown type is specified",
	[PROBE_ERR_BAD_STRING]		= "String accepts only memory argument",
	[PROBE_ERR_BAD_BITFIELD]	= "Invalid bitfield",
	[PROBE_ERR_ARG_NAME_TOO_LONG]	= "Argument name is too long",
	[PROBE_ERR_NO_ARG_NAME]		= "Argument name is not specified",
	[PROBE_ERR_BAD_ARG_NAME]	=
		"Argument name must follow the same rules as C identifiers",
	[PROBE_ERR_USED_ARG_NAME]	= "This argument name is already used",
	[PROBE_ERR_ARG_TOO_LONG]	= "Argument expression is too long",
	[PROBE_ERR_NO_ARG_BODY]		= "No argument expression",
	[PROBE_ERR_BAD_INSN_BNDRY]	= "Probe point is not an instruction boundary",
	[PROBE_ERR_FAIL_REG_PROBE]	= "Failed to register probe event",
	[PROBE_ERR_DIFF_PROBE_TYPE]	=
		"Probe type is different from existing probe",
	[PROBE_ERR_DIFF_ARG_TYPE]	=
		"Argument type or name is different from existing probe",
	[PROBE_ERR_SAME_PROBE]		=
		"There is already the exact same probe event",
	[PROBE_ERR_NOSUP_BTFARG]	= "BTF is not available or not supported",
	[PROBE_ERR_NO_BTFARG]		=
		"This variable is not found at this probe point",
	[PROBE_ERR_NO_BTF_ENTRY]	= "No BTF entry for this probe point",
	[PROBE_ERR_DOUBLE_ARGS]		=
		"$arg* can be used only once in the parameters",
	[PROBE_ERR_NO_RETVAL]		= "This function returns 'void' type",
	[PROBE_ERR_NO_PTR_STRCT]	=
		"This is not a pointer to union/structure.",
	[PROBE_ERR_NOSUP_DAT_ARG]	=
		"Non pointer structure/union argument is not supported.",
	[PROBE_ERR_BAD_HYPHEN]		=
		"Failed to parse single hyphen. Forgot '>'?",
	[PROBE_ERR_NO_BTF_FIELD]	= "This field is not found.",
	[PROBE_ERR_BAD_BTF_TID]		= "Failed to get BTF type info.",
	[PROBE_ERR_BAD_TYPE4STR]	= "This type does not fit for string.",
	[PROBE_ERR_NEED_STRING_TYPE]	=
		"$comm and immediate-string only accepts string type",
	[PROBE_ERR_FILE_NOT_FOUND]	= "Failed to find the given file",
	[PROBE_ERR_NO_REGULAR_FILE]	= "Not a regular file",
	[PROBE_ERR_BAD_REFCNT]		= "Invalid reference counter offset",
	[PROBE_ERR_REFCNT_OPEN_BRACE]	= "Reference counter brace is not closed",
	[PROBE_ERR_BAD_REFCNT_SUFFIX]	= "Reference counter has wrong suffix",
	[PROBE_ERR_BAD_UPROBE_OFFS]	= "Invalid uprobe offset",
	[PROBE_ERR_BAD_FILE_OFFS]	= "Invalid file offset value",
	[PROBE_ERR_SYM_ON_UPROBE]	= "Symbol is not available with uprobe",
	[PROBE_ERR_NOFENTRY_ARGS]	=
		"$arg* can be used only on function entry or exit",
	[PROBE_ERR_NO_TRACEPOINT]	= "Tracepoint is not found",
	[PROBE_ERR_BAD_TP_NAME]		= "Invalid character in tracepoint name",
	[PROBE_ERR_NO_EVENT_INFO]	=
		"This requires both group and event name to attach",
	[PROBE_ERR_BAD_ATTACH_EVENT]	= "Attached event does not exist",
	[PROBE_ERR_BAD_ATTACH_ARG]	= "Attached event does not have this field",
	[PROBE_ERR_NO_EP_FILTER]	= "No filter rule after 'if'",
	[PROBE_ERR_ARRAY_NO_CLOSE]	= "Array is not closed",
	[PROBE_ERR_BAD_ARRAY_SUFFIX]	= "Array has wrong suffix",
	[PROBE_ERR_BAD_ARRAY_NUM]	= "Invalid array size",
	[PROBE_ERR_ARRAY_TOO_BIG]	= "Array number is too big",
	[PROBE_ERR_BAD_IMM]		= "Invalid immediate value",
	[PROBE_ERR_IMMSTR_NO_CLOSE]	= "String is not closed with '\"'",
};

/**
 * probe_log_init() - start the error log context of one definition
 * @log: the context
 * @loc: the location error_log names
 * @argc: how many words the definition has
 * @argv: its words
 *
 * Keeps a copy of the words joined by single spaces, so that errors can
 * show the definition as written even after the parser cut @argv up.
 * Without memory errors are not logged; parsing goes on.
 */
void probe_log_init(struct probe_log *log, const char *loc, int argc,
		    char **argv)
{
	size_t len = 1;
	char *p;
	int i;

	log->loc = loc;
	log->argc = argc;
	log->argv = argv;
	log->index = 0;
	for (i = 0; i < argc; i++)
		len += strlen(argv[i]) + 1;
	log->cmd = kmalloc(len, GFP_KERNEL);
	if (!log->cmd)
		return;
	p = log->cmd;
	*p = '\0';
	for (i = 0; i < argc; i++)
		p += sprintf(p, "%s%s", i ? " " : "", argv[i]);
}

/**
 * probe_log_free() - end what probe_log_init() started
 * @log: the context
 */
void probe_log_free(struct probe_log *log)
{
	kfree(log->cmd);
	log->cmd = NULL;
}

/**
 * probe_log_err() - log an error of the word being parsed
 * @log: the context; @log->index names the word
 * @offset: where in that word the caret goes
 * @err: the reason
 *
 * Return: -EINVAL, for the caller to return.
 */
int probe_log_err(struct probe_log *log, int offset, enum probe_err err)
{
	const char *word;
	int i;

	if (!log || !log->cmd)
		return -EINVAL;
	/* The words are joined by single spaces and hold none. */
	word = log->cmd;
	for (i = 0; i < log->index && word; i++) {
		word = strchr(word, ' ');
		if (word)
			word++;
	}
	if (!word)
		word = log->cmd + strlen(log->cmd);
	tracing_log_err(NULL, log->loc, log->cmd, probe_err_text, err,
			word - log->cmd + offset);
	return -EINVAL;
}

/* Compiling one fetch argument; offsets are in the word being parsed. */
struct probe_parse {
	struct probe_log	*log;
	unsigned int		flags;
	struct probe_insn	*pos;
	struct probe_insn	*end;
	struct list_head	*fields;
	struct probe_arg	*arg;
	struct probe_btf	*btf;
};

static int probe_fail(struct probe_parse *pp, int offs, enum probe_err err)
{
	return probe_log_err(pp->log, offs, err);
}

/* Append one instruction; the program keeps room for its END. */
static int probe_emit(struct probe_parse *pp, int offs, enum probe_op op,
		      long param)
{
	if (pp->pos >= pp->end)
		return probe_fail(pp, offs, PROBE_ERR_TOO_MANY_OPS);
	pp->pos->op = op;
	pp->pos->param = param;
	pp->pos++;
	return 0;
}

/**
 * probe_field_find() - an event's field by name
 * @fields: the event's fields (trace_get_fields())
 * @name: the name
 *
 * Return: the field, or NULL.
 */
struct ftrace_event_field *probe_field_find(struct list_head *fields,
					    const char *name)
{
	struct ftrace_event_field *f;

	list_for_each_entry(f, fields, link)
		if (!strcmp(f->name, name))
			return f;
	return NULL;
}

static enum probe_field_kind probe_field_kind(struct ftrace_event_field *f)
{
	switch (f->filter_type) {
	case FILTER_DYN_STRING:
		return PROBE_FIELD_DYNSTR;
	case FILTER_RDYN_STRING:
		return PROBE_FIELD_RDYNSTR;
	case FILTER_STATIC_STRING:
		return PROBE_FIELD_STATICSTR;
	default:
		return PROBE_FIELD_NUM;
	}
}

/* $FIELD of an eprobe: the attached event's field, or $comm. */
static int probe_parse_field(struct probe_parse *pp, const char *var, int offs)
{
	struct ftrace_event_field *f;
	int ret;

	if (!strcmp(var, "comm"))
		return probe_emit(pp, offs, PROBE_OP_COMM, 0);
	f = probe_field_find(pp->fields, var);
	/* upstream's message for it: an unknown $-variable */
	if (!f)
		return probe_fail(pp, offs, PROBE_ERR_BAD_VAR);
	ret = probe_emit(pp, offs, PROBE_OP_FIELD, f->offset);
	if (ret)
		return ret;
	pp->pos[-1].fsize = f->size;
	pp->pos[-1].fkind = probe_field_kind(f);
	pp->pos[-1].fsigned = f->is_signed;
	return 0;
}

/*
 * A parameter by its name, or $retval, and the members followed from it
 * (trace_probe_btf.c); only at a kernel function's entry or return.
 */
static int probe_parse_btf(struct probe_parse *pp, char *body, int offs)
{
	struct probe_btf_ref ref;
	int i, ret;

	if (!pp->btf ||
	    !(pp->flags & (PROBE_CTX_FENTRY | PROBE_CTX_RETURN)))
		return probe_fail(pp, offs, PROBE_ERR_NOSUP_BTFARG);
	ret = probe_btf_parse(pp->btf, body, offs, &ref, pp->log);
	ret = ret ?: probe_emit(pp, offs, ref.op, ref.param);
	for (i = 0; !ret && i < ref.nderefs; i++)
		ret = probe_emit(pp, offs, PROBE_OP_DEREF, ref.deref[i]);
	return ret;
}

/* $VAR: @var is what follows the '$', which is at @offs. */
static int probe_parse_var(struct probe_parse *pp, char *var, int offs)
{
	bool user = pp->flags & PROBE_CTX_USER;
	unsigned long n;

	if (pp->fields)
		return probe_parse_field(pp, var, offs);

	if (str_has_prefix(var, "retval")) {
		if (!(pp->flags & PROBE_CTX_RETURN))
			return probe_fail(pp, offs, PROBE_ERR_RETVAL_ON_PROBE);
		/* Typed by the prototype, members followed ("->F"). */
		if (pp->btf)
			return probe_parse_btf(pp, var - 1, offs);
		if (strcmp(var, "retval"))
			return probe_fail(pp, offs, PROBE_ERR_BAD_VAR);
		return probe_emit(pp, offs, PROBE_OP_RETVAL, 0);
	}
	if (!strcmp(var, "comm"))
		return probe_emit(pp, offs, PROBE_OP_COMM, 0);
	if (!strcmp(var, "stack"))
		return probe_emit(pp, offs, user ? PROBE_OP_USTACKP :
				  PROBE_OP_STACKP, 0);
	if (str_has_prefix(var, "stack")) {
		if (kstrtoul(var + 5, 10, &n))
			return probe_fail(pp, offs, PROBE_ERR_BAD_VAR);
		/* A user stack has no kernel stack's bound. */
		if (user)
			return probe_emit(pp, offs, PROBE_OP_USTACK, n);
		if (n > PAGE_SIZE / sizeof(long))
			return probe_fail(pp, offs, PROBE_ERR_BAD_STACK_NUM);
		return probe_emit(pp, offs, PROBE_OP_STACK, n);
	}
	/*
	 * $arg* (all arguments, by their BTF names) needs BTF, and is a
	 * whole argument of its own: probe_btf_expand() replaced it.
	 */
	if (!strcmp(var, "arg*"))
		return probe_fail(pp, offs,
				  IS_ENABLED(CONFIG_PROBE_EVENTS_BTF_ARGS) ?
				  PROBE_ERR_BAD_VAR : PROBE_ERR_NOSUP_BTFARG);
	if (str_has_prefix(var, "arg")) {
		if (user) {
			if (kstrtoul(var + 3, 10, &n))
				return probe_fail(pp, offs, PROBE_ERR_BAD_VAR);
			if (!n || n > PROBE_MAX_ARGS)
				return probe_fail(pp, offs, PROBE_ERR_BAD_ARG_NUM);
			/* A user function's arguments are not known. */
			return probe_fail(pp, offs, PROBE_ERR_NOFENTRY_ARGS);
		}
		if (kstrtoul(var + 3, 10, &n) || !n || n > PROBE_MAX_ARGS)
			return probe_fail(pp, offs, PROBE_ERR_BAD_ARG_NUM);
		/* At a return: the argument as the entry saw it. */
		if (pp->flags & PROBE_CTX_RETURN)
			return probe_emit(pp, offs, PROBE_OP_EARG, n - 1);
		/* A tracepoint stub's first argument is its probe data. */
		if (pp->flags & PROBE_CTX_TPOINT)
			return probe_emit(pp, offs, PROBE_OP_ARG, n);
		return probe_emit(pp, offs, PROBE_OP_ARG, n - 1);
	}
	return probe_fail(pp, offs, PROBE_ERR_BAD_VAR);
}

/* Dereferences read user memory in a user task's probe. */
static enum probe_op probe_deref_op(struct probe_parse *pp)
{
	return pp->flags & PROBE_CTX_USER ? PROBE_OP_UDEREF : PROBE_OP_DEREF;
}

/* "@+OFFS" (uprobes): the word at file offset OFFS of the probed file. */
static int probe_parse_foffs(struct probe_parse *pp, char *body, int offs)
{
	long off;
	int ret;

	if (!(pp->flags & PROBE_CTX_USER))
		return probe_fail(pp, offs, PROBE_ERR_FILE_ON_KPROBE);
	if (kstrtol(body + 1, 0, &off))
		return probe_fail(pp, offs, PROBE_ERR_BAD_FILE_OFFS);
	ret = probe_emit(pp, offs, PROBE_OP_FOFFS, off);
	return ret ?: probe_emit(pp, offs, PROBE_OP_UDEREF, 0);
}

/*
 * @SYM[+|-off], @ADDR or @+OFFS: the word stored there.  The '@' is at
 * @offs.
 */
static int probe_parse_mem(struct probe_parse *pp, char *body, int offs)
{
	unsigned long addr;
	long off = 0;
	char *sign;
	int ret;

	if (*body == '+')
		return probe_parse_foffs(pp, body, offs);
	if (isdigit(*body)) {
		if (kstrtoul(body, 0, &addr))
			return probe_fail(pp, offs, PROBE_ERR_BAD_MEM_ADDR);
		goto emit;
	}
	/* A user task's addresses have no kernel symbols. */
	if (pp->flags & PROBE_CTX_USER)
		return probe_fail(pp, offs, PROBE_ERR_SYM_ON_UPROBE);
	sign = strpbrk(body, "+-");
	if (sign) {
		if (kstrtol(sign, 0, &off))
			return probe_fail(pp, offs, PROBE_ERR_BAD_MEM_ADDR);
		*sign = '\0';
	}
	addr = kallsyms_lookup_name(body);
	if (!addr)
		return probe_fail(pp, offs, PROBE_ERR_BAD_MEM_ADDR);
	addr += off;
emit:
	ret = probe_emit(pp, offs, PROBE_OP_IMM, addr);
	return ret ?: probe_emit(pp, offs, probe_deref_op(pp), 0);
}

static int probe_parse_body(struct probe_parse *pp, char *body, int offs);

/* [+|-]off[u](inner): the word at inner's value + off. */
static int probe_parse_deref(struct probe_parse *pp, char *body, int offs)
{
	char *open = strchr(body, '('), *close, *inner;
	enum probe_op op = probe_deref_op(pp);
	size_t len = strlen(body);
	int inner_offs, ret;
	long off;

	if (!open)
		return probe_fail(pp, offs, PROBE_ERR_DEREF_NEED_BRACE);
	close = body + len - 1;
	if (*close != ')')
		return probe_fail(pp, offs + len, PROBE_ERR_DEREF_OPEN_BRACE);
	inner = open + 1;
	inner_offs = offs + (inner - body);
	*open = '\0';
	*close = '\0';
	/* "+u8(...)": the sign, then 'u' for user memory, then the offset. */
	if (body[1] == 'u') {
		op = PROBE_OP_UDEREF;
		body[1] = body[0];
		body++;
	}
	if (kstrtol(body, 0, &off))
		return probe_fail(pp, offs, PROBE_ERR_BAD_DEREF_OFFS);
	/* $comm is a whole fetch argument: it has no address. */
	if (!strcmp(inner, "$comm"))
		return probe_fail(pp, inner_offs, PROBE_ERR_COMM_CANT_DEREF);
	ret = probe_parse_body(pp, inner, inner_offs);
	/* What the dereference reads has no BTF type. */
	if (pp->btf)
		pp->btf->type = NULL;
	return ret ?: probe_emit(pp, offs, op, off);
}

/* "\\VALUE" (a number) or "\\\"STRING\"" (a string); the '\\' is at @offs. */
static int probe_parse_imm(struct probe_parse *pp, char *body, int offs)
{
	size_t len = strlen(body);
	unsigned long v;
	long sv;

	if (body[1] == '"') {
		if (len < 3 || body[len - 1] != '"')
			return probe_fail(pp, offs + len,
					  PROBE_ERR_IMMSTR_NO_CLOSE);
		if (pp->arg->immstr)
			return probe_fail(pp, offs, PROBE_ERR_BAD_IMM);
		pp->arg->immstr = kstrndup(body + 2, len - 3, GFP_KERNEL);
		if (!pp->arg->immstr)
			return -ENOMEM;
		return probe_emit(pp, offs, PROBE_OP_IMMSTR,
				  (long)pp->arg->immstr);
	}
	if (body[1] == '-') {
		if (kstrtol(body + 1, 0, &sv))
			return probe_fail(pp, offs + 1, PROBE_ERR_BAD_IMM);
		v = sv;
	} else if (kstrtoul(body + 1, 0, &v)) {
		return probe_fail(pp, offs + 1, PROBE_ERR_BAD_IMM);
	}
	return probe_emit(pp, offs, PROBE_OP_IMM, v);
}

static int probe_parse_body(struct probe_parse *pp, char *body, int offs)
{
	int off;

	switch (body[0]) {
	case '%':
		/* fprobes and tracepoint probes name no registers. */
		if (pp->flags & PROBE_CTX_NOREG)
			return probe_fail(pp, offs, PROBE_ERR_BAD_VAR);
		off = regs_query_register_offset(body + 1);
		if (off < 0)
			return probe_fail(pp, offs, PROBE_ERR_BAD_REG_NAME);
		return probe_emit(pp, offs, PROBE_OP_REG, off);
	case '$':
		return probe_parse_var(pp, body + 1, offs);
	case '@':
		return probe_parse_mem(pp, body + 1, offs);
	case '+':
	case '-':
		return probe_parse_deref(pp, body, offs);
	case '\\':
		return probe_parse_imm(pp, body, offs);
	default:
		if (isalpha(body[0]) || body[0] == '_')
			return probe_parse_btf(pp, body, offs);
		return probe_fail(pp, offs, PROBE_ERR_BAD_FETCH_ARG);
	}
}

/*
 * "%pd" (a struct dentry *) and "%pD" (a struct file *): the name of the
 * dentry, read as a string.  The value is followed to the name's
 * characters: file->f_path.dentry, then dentry->d_name.name, then a last
 * dereference that points at the string.
 */
static int probe_emit_vfs_name(struct probe_parse *pp, bool file, int offs)
{
	int ret = 0;

	if (file)
		ret = probe_emit(pp, offs, PROBE_OP_DEREF,
				 offsetof(struct file, f_path.dentry));
	ret = ret ?: probe_emit(pp, offs, PROBE_OP_DEREF,
				offsetof(struct dentry, d_name.name));
	return ret ?: probe_emit(pp, offs, PROBE_OP_DEREF, 0);
}

/*
 * A string is read where the program's last step points: a last
 * dereference gives its address instead of loading from it.
 */
static bool probe_check_string(struct probe_arg *arg, struct probe_insn *last)
{
	switch (last->op) {
	case PROBE_OP_COMM:
	case PROBE_OP_IMMSTR:
		return true;
	case PROBE_OP_UDEREF:
		arg->user = true;
		return true;
	case PROBE_OP_DEREF:
		arg->user = arg->kind == PROBE_KIND_USTRING;
		return true;
	default:
		return false;
	}
}

/*
 * "TYPE[N]": an array of N values of TYPE, read one after the other from
 * memory.  Cuts @tname at its '['; @toff is where @tname starts in the
 * word being parsed.
 */
static int probe_parse_array(struct probe_arg *arg, char *tname, int toff,
			     struct probe_log *log)
{
	char *open = strchr(tname, '['), *close;
	unsigned int n;

	if (!open)
		return 0;
	close = strchr(open, ']');
	if (!close)
		return probe_log_err(log, toff + strlen(tname),
				     PROBE_ERR_ARRAY_NO_CLOSE);
	if (close[1])
		return probe_log_err(log, toff + (close + 1 - tname),
				     PROBE_ERR_BAD_ARRAY_SUFFIX);
	*close = '\0';
	if (kstrtouint(open + 1, 0, &n) || !n)
		return probe_log_err(log, toff + (open + 1 - tname),
				     PROBE_ERR_BAD_ARRAY_NUM);
	if (n > PROBE_ARRAY_MAX)
		return probe_log_err(log, toff + (open + 1 - tname),
				     PROBE_ERR_ARRAY_TOO_BIG);
	*open = '\0';
	arg->count = n;
	return 0;
}

/*
 * The field type of an array argument: "u8[4]", "char[4]", ...; for an
 * array of strings "__data_loc char[][4]", upstream's.
 */
static int probe_array_ftype(struct probe_arg *arg)
{
	static const char * const uns[] = { "u8", "u16", "u32", "u64" };
	const char *elem = arg->type;

	if (probe_kind_reads_string(arg->kind)) {
		arg->ftype = kasprintf(GFP_KERNEL, "__data_loc char[][%u]",
				       arg->count);
		return arg->ftype ? 0 : -ENOMEM;
	}
	/* Hex numbers and symbols are unsigned words to a reader. */
	if (arg->kind == PROBE_KIND_HEX || arg->kind == PROBE_KIND_SYMBOL)
		elem = uns[ilog2(arg->size)];
	arg->ftype = kasprintf(GFP_KERNEL, "%s[%u]", elem, arg->count);
	return arg->ftype ? 0 : -ENOMEM;
}

/* "NAME=": a C identifier no other argument of the probe has. */
static int probe_arg_name(struct probe_arg *args, int index, const char *name,
			  struct probe_log *log)
{
	int i;

	if (!*name)
		return probe_log_err(log, 0, PROBE_ERR_NO_ARG_NAME);
	if (strlen(name) > PROBE_ARG_NAME_LEN)
		return probe_log_err(log, 0, PROBE_ERR_ARG_NAME_TOO_LONG);
	if (!probe_name_valid(name))
		return probe_log_err(log, 0, PROBE_ERR_BAD_ARG_NAME);
	for (i = 0; i < index; i++)
		if (!strcmp(args[i].name, name))
			return probe_log_err(log, 0, PROBE_ERR_USED_ARG_NAME);
	return 0;
}

/* The type a "$FIELD" without ":TYPE" gets: the field's own. */
static const char *probe_field_type(struct probe_parse *pp, const char *body)
{
	static const char * const uns[] = { "u8", "u16", "u32", "u64" };
	static const char * const sig[] = { "s8", "s16", "s32", "s64" };
	struct ftrace_event_field *f;

	if (!pp->fields || body[0] != '$')
		return NULL;
	f = probe_field_find(pp->fields, body + 1);
	if (!f)
		return NULL;
	if (probe_field_kind(f) != PROBE_FIELD_NUM ||
	    f->filter_type == FILTER_PTR_STRING)
		return "string";
	if (f->size != 1 && f->size != 2 && f->size != 4 && f->size != 8)
		return "x64";
	return f->is_signed ? sig[ilog2(f->size)] : uns[ilog2(f->size)];
}

/*
 * An argument without "NAME=": with BTF, named after what it reads when
 * that is a C identifier ("file", not "file->f_flags"); else "argN".
 */
static char *probe_arg_default_name(const char *body, int index)
{
	size_t len = strcspn(body, ":");
	char *name;

	if (IS_ENABLED(CONFIG_PROBE_EVENTS_BTF_ARGS) &&
	    len <= PROBE_ARG_NAME_LEN) {
		name = kstrndup(body, len, GFP_KERNEL);
		if (!name || probe_name_valid(name))
			return name;
		kfree(name);
	}
	return kasprintf(GFP_KERNEL, "arg%d", index + 1);
}

/*
 * Without ":TYPE", an argument BTF knows the type of gets that type
 * (a bitfield: its container and its bits).
 */
static const struct probe_type_info *
probe_btf_type(struct probe_parse *pp, const struct probe_type_info *type)
{
	const struct probe_type_info *btype;
	struct probe_btf *pb = pp->btf;

	if (!pb || !pb->type)
		return type;
	btype = probe_type_find(probe_btf_type_name(pb) ?: "");
	if (!btype)
		return type;
	pp->arg->bf_width = pb->bitsize;
	pp->arg->bf_shift = pb->bitsize ? pb->bitoffs : 0;
	return btype;
}

static int probe_arg_compile(struct probe_arg *args, int index,
			     const char *def, unsigned int flags,
			     struct list_head *fields, struct probe_btf *pb,
			     struct probe_log *log)
{
	struct probe_arg *arg = &args[index];
	struct probe_parse pp = {
		.log	= log,
		.flags	= flags,
		.pos	= arg->insns,
		/* Room for the END, and for a string's closing step. */
		.end	= arg->insns + PROBE_MAX_INSNS - 2,
		.fields	= fields,
		.arg	= arg,
		.btf	= pb,
	};
	const struct probe_type_info *type;
	char *buf, *body, *eq, *colon;
	const char *tname;
	int boff = 0, toff;
	bool vfs_name;
	int ret;

	buf = kstrdup(def, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	body = buf;
	eq = strchr(buf, '=');
	if (eq) {
		*eq = '\0';
		body = eq + 1;
		boff = body - buf;
		ret = probe_arg_name(args, index, buf, log);
		if (ret)
			goto out;
		arg->name = kstrdup(buf, GFP_KERNEL);
	} else {
		arg->name = probe_arg_default_name(body, index);
		if (arg->name) {
			ret = probe_arg_name(args, index, arg->name, log);
			if (ret)
				goto out;
		}
	}
	ret = -EINVAL;
	if (!*body) {
		probe_log_err(log, boff, PROBE_ERR_NO_ARG_BODY);
		goto out;
	}
	if (strlen(body) > PROBE_ARG_BODY_LEN) {
		probe_log_err(log, boff, PROBE_ERR_ARG_TOO_LONG);
		goto out;
	}
	arg->comm = kstrdup(body, GFP_KERNEL);
	if (!arg->name || !arg->comm) {
		ret = -ENOMEM;
		goto out;
	}

	/* An immediate string's type follows its closing quote. */
	if (body[0] == '\\' && body[1] == '"')
		colon = strrchr(body, '"') > body + 1 ?
			strchr(strrchr(body, '"'), ':') : NULL;
	else
		colon = strrchr(body, ':');
	if (colon) {
		*colon = '\0';
		tname = colon + 1;
		toff = tname - buf;
	} else {
		tname = probe_field_type(&pp, body) ?:
			(strcmp(body, "$comm") && strncmp(body, "\\\"", 2) ?
			 "x64" : "string");
		toff = boff;
	}
	ret = probe_parse_array(arg, (char *)tname, toff, log);
	if (ret)
		goto out;
	ret = -EINVAL;
	vfs_name = !strcmp(tname, "%pd") || !strcmp(tname, "%pD");
	type = probe_type_find(vfs_name ? "string" : tname);
	if (!type && tname[0] == 'b' && isdigit(tname[1])) {
		type = probe_bitfield_parse(arg, tname);
		if (!type) {
			probe_log_err(log, toff, PROBE_ERR_BAD_BITFIELD);
			goto out;
		}
	}
	/* A user address has no kernel symbol to print. */
	if (!type || ((type->kind == PROBE_KIND_SYMBOL ||
		       type->kind == PROBE_KIND_SYMSTR || vfs_name) &&
		      (flags & PROBE_CTX_USER))) {
		probe_log_err(log, toff, PROBE_ERR_BAD_TYPE);
		goto out;
	}
	arg->type = type->name;
	arg->kind = type->kind;
	arg->size = type->size;
	/*
	 * Arrays are of numbers, or of strings (string, ustring: pointers to
	 * them), read from memory.
	 */
	if (arg->count && ((probe_kind_is_string(arg->kind) &&
			    !probe_kind_reads_string(arg->kind)) ||
			   vfs_name || arg->bf_width)) {
		probe_log_err(log, toff, PROBE_ERR_BAD_TYPE);
		goto out;
	}

	if (pb)
		pb->type = NULL;
	ret = probe_parse_body(&pp, body, boff);
	if (!ret && !colon) {
		type = probe_btf_type(&pp, type);
		arg->type = type->name;
		arg->kind = type->kind;
		arg->size = type->size;
	}
	/* A char pointer is read where it points. */
	if (!ret && colon && pb && !vfs_name && !arg->count &&
	    probe_kind_reads_string(arg->kind)) {
		ret = probe_btf_string(pb, log);
		if (ret > 0)
			ret = probe_emit(&pp, toff, PROBE_OP_DEREF, 0);
	}
	if (!ret && vfs_name)
		ret = probe_emit_vfs_name(&pp, tname[2] == 'D', toff);
	/* A string field is read where the field points. */
	if (!ret && pp.pos[-1].op == PROBE_OP_FIELD &&
	    probe_kind_reads_string(arg->kind))
		ret = probe_emit(&pp, toff, PROBE_OP_DEREF, 0);
	if (ret)
		goto out;
	pp.pos->op = PROBE_OP_END;
	/* upstream's message for an array of anything not in memory */
	if (arg->count) {
		if (pp.pos[-1].op != PROBE_OP_DEREF &&
		    pp.pos[-1].op != PROBE_OP_UDEREF)
			ret = probe_log_err(log, toff, PROBE_ERR_BAD_STRING);
		else if (probe_kind_reads_string(arg->kind) &&
			 !probe_check_string(arg, pp.pos - 1))
			ret = probe_log_err(log, toff, PROBE_ERR_BAD_STRING);
		else
			ret = probe_array_ftype(arg);
	} else if (probe_kind_reads_string(arg->kind)) {
		if (!probe_check_string(arg, pp.pos - 1))
			ret = probe_log_err(log, toff, PROBE_ERR_BAD_STRING);
	} else if (pp.pos[-1].op == PROBE_OP_COMM ||
		   pp.pos[-1].op == PROBE_OP_IMMSTR) {
		ret = probe_log_err(log, toff, PROBE_ERR_NEED_STRING_TYPE);
	}
out:
	kfree(buf);
	if (ret)
		probe_arg_free(arg);
	return ret;
}

/**
 * probe_arg_parse() - compile one fetch argument
 * @args: the probe's arguments; those before @index are parsed
 * @index: the one to parse, 0-based (named "arg<index+1>" by default);
 *	zeroed, filled on success
 * @def: "[NAME=]FETCHARG[:TYPE]"
 * @flags: PROBE_CTX_*
 * @pb: the definition's BTF context (kernel functions' entries and
 *	returns), or NULL
 * @log: where errors go; @log->index names @def's word
 *
 * Return: 0, or -EINVAL for a bad definition (logged), -ENOMEM.
 */
int probe_arg_parse(struct probe_arg *args, int index, const char *def,
		    unsigned int flags, struct probe_btf *pb,
		    struct probe_log *log)
{
	return probe_arg_compile(args, index, def, flags, NULL, pb, log);
}

/**
 * probe_arg_parse_event() - compile one fetch argument of an eprobe
 * @args: the probe's arguments; those before @index are parsed
 * @index: the one to parse, as for probe_arg_parse()
 * @def: "[NAME=]FETCHARG[:TYPE]", where "$FIELD" names a field of the
 *	attached event; without a TYPE a field keeps its own (a number of
 *	its size and sign, or a string)
 * @fields: the attached event's fields
 * @log: where errors go
 *
 * Return: 0, or -EINVAL for a bad definition (logged), -ENOMEM.
 */
int probe_arg_parse_event(struct probe_arg *args, int index, const char *def,
			  struct list_head *fields, struct probe_log *log)
{
	return probe_arg_compile(args, index, def,
				 PROBE_CTX_NOREG | PROBE_CTX_EVENT, fields, NULL,
				 log);
}

/**
 * probe_arg_free() - free what probe_arg_parse() allocated
 * @arg: the argument
 */
void probe_arg_free(struct probe_arg *arg)
{
	kfree(arg->name);
	kfree(arg->comm);
	kfree(arg->ftype);
	kfree(arg->immstr);
	arg->name = NULL;
	arg->comm = NULL;
	arg->ftype = NULL;
	arg->immstr = NULL;
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
		base += args[i].size * max(args[i].count, 1U);
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
	case PROBE_KIND_SYMSTR:
		return "\\\"%s\\\"";
	case PROBE_KIND_SYMBOL:
		return "%pS";
	case PROBE_KIND_CHAR:
		return "'%c'";
	case PROBE_KIND_SIGNED:
		return sig[i];
	case PROBE_KIND_UNSIGNED:
		return uns[i];
	default:
		return hex[i];
	}
}

/* "\"HEAD name=fmt...\"TAIL, REC->name...": a probe event's print fmt. */
static char *probe_make_fmt(struct probe_arg *args, int nargs,
			    const char *head, const char *tail)
{
	struct seq_buf sb;
	char *buf;
	int i, j;

	buf = kmalloc(PAGE_SIZE, GFP_KERNEL);
	if (!buf)
		return NULL;
	seq_buf_init(&sb, buf, PAGE_SIZE);
	seq_buf_printf(&sb, "\"%s", head);
	for (i = 0; i < nargs; i++) {
		seq_buf_printf(&sb, " %s=", args[i].name);
		if (!args[i].count) {
			seq_buf_puts(&sb, probe_fmt(&args[i]));
			continue;
		}
		seq_buf_putc(&sb, '{');
		for (j = 0; j < args[i].count; j++)
			seq_buf_printf(&sb, "%s%s", j ? "," : "",
				       probe_fmt(&args[i]));
		seq_buf_putc(&sb, '}');
	}
	seq_buf_printf(&sb, "\"%s", tail);
	for (i = 0; i < nargs; i++) {
		if (!args[i].count)
			seq_buf_printf(&sb, probe_kind_is_string(args[i].kind) ?
				       ", __get_str(%s)" : ", REC->%s",
				       args[i].name);
		for (j = 0; j < args[i].count; j++)
			seq_buf_printf(&sb, probe_kind_is_string(args[i].kind) ?
				       ", __get_str(%s[%d])" : ", REC->%s[%d]",
				       args[i].name, j);
	}
	if (seq_buf_has_overflowed(&sb)) {
		kfree(buf);
		return NULL;
	}
	seq_buf_str(&sb);
	return buf;
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
	return probe_make_fmt(args, nargs,
			      is_return ? "(%lx <- %lx)" : "(%lx)",
			      is_return ?
			      ", REC->__probe_func, REC->__probe_ret_ip" :
			      ", REC->__probe_ip");
}

/**
 * probe_print_fmt_event() - the "print fmt" of an eprobe's event
 * @args: its arguments
 * @nargs: how many
 *
 * Return: a kmalloc()ed string, or NULL.
 */
char *probe_print_fmt_event(struct probe_arg *args, int nargs)
{
	return probe_make_fmt(args, nargs, "", "");
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
	static const char * const uns[] = { "u8", "u16", "u32", "u64" };
	struct probe_arg *a;
	const char *type;
	int i, ret;

	for (i = 0; i < nargs; i++) {
		a = &args[i];
		/* Hex numbers and symbols are unsigned words to a reader. */
		type = a->kind == PROBE_KIND_HEX || a->kind == PROBE_KIND_SYMBOL ?
		       uns[ilog2(a->size)] : a->type;
		if (a->count)
			type = a->ftype;
		/* A string is of (signed) chars. */
		if (probe_kind_is_string(a->kind))
			ret = trace_define_field(call, a->count ? a->ftype :
						 "__data_loc char[]", a->name,
						 a->offset, 4 * max(a->count, 1U),
						 1, FILTER_OTHER);
		else
			ret = trace_define_field(call, type, a->name,
						 a->offset,
						 a->size * max(a->count, 1U),
						 a->kind == PROBE_KIND_SIGNED ||
						 a->kind == PROBE_KIND_CHAR,
						 FILTER_OTHER);
		if (ret)
			return ret;
	}
	return 0;
}

static void probe_print_value(struct trace_seq *s, struct probe_arg *a,
			      void *rec, void *p)
{
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
	case PROBE_KIND_CHAR:
		trace_seq_printf(s, "'%c'", (char)v);
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
	struct probe_arg *a;
	int i, j;

	for (i = 0; i < nargs; i++) {
		a = &args[i];
		trace_seq_printf(s, " %s=", a->name);
		if (!a->count) {
			probe_print_value(s, a, rec, rec + a->offset);
			continue;
		}
		trace_seq_putc(s, '{');
		for (j = 0; j < a->count; j++) {
			if (j)
				trace_seq_putc(s, ',');
			probe_print_value(s, a, rec,
					  rec + a->offset + j * a->size);
		}
		trace_seq_putc(s, '}');
	}
}
