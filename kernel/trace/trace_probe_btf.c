// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Probe events: fetch arguments named after the probed function's
 * parameters, resolved through the kernel's BTF.
 *
 *   $arg*                    every parameter, each by its name
 *   $argN[:TYPE]             the N-th parameter, by its name
 *   NAME[->F[.G]...]         a parameter, and members of what it points to
 *   $retval[->F[.G]...]      the return value, the same way
 *
 * Each is typed from BTF unless ":TYPE" says otherwise.  Only a kernel
 * function's entry (a kprobe there, an fprobe, a tracepoint probe's stub)
 * and its return have named parameters.  The prototype is looked up once
 * per definition, by the first argument that needs it.
 *
 * Runs in process context under the probe kind's mutex, as the rest of
 * the parser; struct probe_btf holds a reference on the BTF it looked
 * into until probe_btf_release().
 */
#include <linux/ctype.h>
#include <linux/log2.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace_btf.h"
#include "trace_probe.h"

/* Look @pb->func up, the first time only.  0 when its prototype is known. */
static int probe_btf_query(struct probe_btf *pb)
{
	const struct btf_param *p;
	int n;

	if (pb->queried)
		return pb->proto ? 0 : -ENOENT;
	pb->queried = true;
	if (!pb->func)
		return -ENOENT;
	pb->proto = trace_btf_func_proto(pb->func, &pb->btf);
	if (!pb->proto)
		return -ENOENT;
	p = trace_btf_func_params(pb->proto, &n);
	/* A tracepoint stub's first parameter is the probe's own data. */
	if (p && (pb->flags & PROBE_CTX_TPOINT)) {
		p++;
		n--;
	}
	pb->params = n > 0 ? p : NULL;
	pb->nr_params = max(n, 0);
	return 0;
}

/**
 * probe_btf_release() - drop what a definition's parse looked up
 * @pb: the parse's BTF context
 */
void probe_btf_release(struct probe_btf *pb)
{
	if (pb->btf)
		btf_put(pb->btf);
	pb->btf = NULL;
	pb->proto = NULL;
	pb->params = NULL;
	pb->nr_params = 0;
}

/**
 * probe_btf_free_argv() - free what probe_btf_expand() made
 * @argv: its new argument words, or NULL
 * @argc: how many
 */
void probe_btf_free_argv(char **argv, int argc)
{
	int i;

	if (!argv)
		return;
	for (i = 0; i < argc; i++)
		kfree(argv[i]);
	kfree(argv);
}

/* The name of parameter @i, or NULL if BTF has none. */
static const char *probe_btf_param_name(struct probe_btf *pb, int i)
{
	const char *name = btf_name_by_offset(pb->btf, pb->params[i].name_off);

	return name && *name ? name : NULL;
}

/*
 * "$argN[:TYPE]" as "NAME[:TYPE]".  @word is the argument's whole word
 * (errors point at its start).
 */
static char *probe_btf_nth(struct probe_btf *pb, const char *word,
			   struct probe_log *log, int *err)
{
	const char *digits = word + 4, *rest;
	size_t len = strspn(digits, "0123456789");
	char num[10];
	unsigned int n;

	rest = digits + len;
	*err = -EINVAL;
	if (*rest && *rest != ':') {
		probe_log_err(log, 0, PROBE_ERR_BAD_VAR);
		return NULL;
	}
	/* More digits than any prototype has parameters. */
	if (len >= sizeof(num)) {
		probe_log_err(log, 0, PROBE_ERR_NO_BTFARG);
		return NULL;
	}
	memcpy(num, digits, len);
	num[len] = '\0';
	if (kstrtouint(num, 10, &n) || !n) {
		probe_log_err(log, 0, PROBE_ERR_BAD_ARG_NUM);
		return NULL;
	}
	if (n > pb->nr_params) {
		probe_log_err(log, 0, PROBE_ERR_NO_BTFARG);
		return NULL;
	}
	if (!probe_btf_param_name(pb, n - 1)) {
		probe_log_err(log, 0, PROBE_ERR_NO_BTF_ENTRY);
		return NULL;
	}
	*err = -ENOMEM;
	return kasprintf(GFP_KERNEL, "%s%s", probe_btf_param_name(pb, n - 1),
			 rest);
}

/*
 * Which words are "$arg..." ones: 1 if any, 0 if none, or -EINVAL (logged)
 * for one where parameters have no names or a bad or second "$arg*".
 * *@star is the "$arg*" word's index, or -1.
 */
static int probe_btf_find_args(struct probe_btf *pb, int argc, char **argv,
			       int *star, struct probe_log *log)
{
	bool any = false;
	int i;

	*star = -1;
	for (i = 0; i < argc; i++) {
		if (!str_has_prefix(argv[i], "$arg"))
			continue;
		log->index = i + 2;
		if (!(pb->flags & (PROBE_CTX_FENTRY | PROBE_CTX_RETURN)))
			return probe_log_err(log, 0, PROBE_ERR_NOFENTRY_ARGS);
		any = true;
		if (isdigit(argv[i][4]))
			continue;
		if (argv[i][4] != '*')
			return probe_log_err(log, 0, PROBE_ERR_BAD_VAR);
		if (*star >= 0)
			return probe_log_err(log, 0, PROBE_ERR_DOUBLE_ARGS);
		*star = i;
	}
	return any;
}

/**
 * probe_btf_expand() - name a definition's "$arg*" and "$argN" arguments
 * @pb: the parse's BTF context (->func, ->flags set)
 * @argc: how many argument words
 * @argv: the words, the definition's third on
 * @new_argc: set to how many words *@new_argv has
 * @new_argv: set to the words with "$arg*" replaced by every parameter's
 *	name and "$argN[:TYPE]" by "NAME[:TYPE]", kmalloc()ed (free with
 *	probe_btf_free_argv()); NULL when nothing changes
 * @log: where errors go
 *
 * Without BTF for the function, "$argN" stays a register argument and
 * "$arg*" is refused.
 *
 * Return: 0, or -EINVAL (logged), -ENOMEM.
 */
int probe_btf_expand(struct probe_btf *pb, int argc, char **argv,
		     int *new_argc, char ***new_argv, struct probe_log *log)
{
	int i, j, k, n, star, err;
	char **out;

	*new_argv = NULL;
	*new_argc = argc;
	err = probe_btf_find_args(pb, argc, argv, &star, log);
	if (err <= 0)
		return err;
	if (probe_btf_query(pb) || !pb->nr_params) {
		if (star < 0)
			return 0;
		log->index = star + 2;
		return probe_log_err(log, 0, PROBE_ERR_NOSUP_BTFARG);
	}
	n = argc + (star >= 0 ? pb->nr_params - 1 : 0);
	out = kcalloc(n, sizeof(*out), GFP_KERNEL);
	if (!out)
		return -ENOMEM;
	for (i = 0, j = 0; i < argc; i++) {
		log->index = i + 2;
		err = -ENOMEM;
		if (i == star) {
			for (k = 0; k < pb->nr_params; k++) {
				if (!probe_btf_param_name(pb, k)) {
					err = probe_log_err(log, 0,
							    PROBE_ERR_NO_BTF_ENTRY);
					goto fail;
				}
				out[j] = kstrdup(probe_btf_param_name(pb, k),
						 GFP_KERNEL);
				if (!out[j++])
					goto fail;
			}
			continue;
		}
		if (str_has_prefix(argv[i], "$arg"))
			out[j] = probe_btf_nth(pb, argv[i], log, &err);
		else
			out[j] = kstrdup(argv[i], GFP_KERNEL);
		if (!out[j++])
			goto fail;
	}
	*new_argv = out;
	*new_argc = n;
	return 0;
fail:
	probe_btf_free_argv(out, n);
	return err;
}

/*
 * Cut @name at its first "->" or ".": *@next is what follows, or NULL.
 * Return: 1 after "->", 0 otherwise, -EINVAL (logged) for a lone '-'.
 */
static int probe_btf_split(char *name, char **next, int offs,
			   struct probe_log *log)
{
	char *sep = strpbrk(name, ".-");

	*next = NULL;
	if (!sep)
		return 0;
	if (sep[0] == '.') {
		*sep = '\0';
		*next = sep + 1;
		return 0;
	}
	if (sep[1] != '>')
		return probe_log_err(log, offs + (sep - name),
				     PROBE_ERR_BAD_HYPHEN);
	*sep = '\0';
	*next = sep + 2;
	return 1;
}

static const struct btf_type *probe_btf_resolve(struct probe_btf *pb, u32 id)
{
	return btf_type_skip_modifiers(pb->btf, id, NULL);
}

/*
 * "F[.G...]" after a "->": @pb->type must point to a struct or union.
 * Each "->" is one dereference of the pointer, at the byte offset of the
 * members named after it.
 */
static int probe_btf_fields(struct probe_btf *pb, char *name, int offs,
			    struct probe_btf_ref *ref, struct probe_log *log)
{
	const struct btf_member *m;
	const struct btf_type *t;
	u32 bitoffs, off, bits;
	int arrow;
	char *next;

	while (name) {
		t = pb->type;
		if (!btf_type_is_ptr(t))
			return probe_log_err(log, offs, PROBE_ERR_NO_PTR_STRCT);
		t = probe_btf_resolve(pb, t->type);
		if (!t)
			return probe_log_err(log, offs, PROBE_ERR_BAD_BTF_TID);
		if (!__btf_type_is_struct(t))
			return probe_log_err(log, offs, PROBE_ERR_NO_PTR_STRCT);
		bitoffs = 0;
		do {
			arrow = probe_btf_split(name, &next, offs, log);
			if (arrow < 0)
				return arrow;
			pb->offs = offs;
			m = trace_btf_member(pb->btf, t, name, &off, &bits);
			if (!m)
				return probe_log_err(log, offs,
						     PROBE_ERR_NO_BTF_FIELD);
			bitoffs += off;
			pb->bitsize = bits;
			t = probe_btf_resolve(pb, m->type);
			if (!t)
				return probe_log_err(log, offs,
						     PROBE_ERR_BAD_BTF_TID);
			if (next)
				offs += next - name;
			name = next;
		} while (name && !arrow);
		if (ref->nderefs >= ARRAY_SIZE(ref->deref))
			return probe_log_err(log, offs, PROBE_ERR_TOO_MANY_OPS);
		ref->deref[ref->nderefs++] = bitoffs / 8;
		pb->bitoffs = bitoffs % 8;
		pb->type = t;
	}
	return 0;
}

/* A parameter by name: its fetch, and its BTF type id in *@tid. */
static int probe_btf_param(struct probe_btf *pb, const char *name, int offs,
			   struct probe_btf_ref *ref, u32 *tid,
			   struct probe_log *log)
{
	const char *pname;
	int i;

	if (probe_btf_query(pb) || !pb->nr_params)
		return probe_log_err(log, offs, PROBE_ERR_NO_BTF_ENTRY);
	for (i = 0; i < pb->nr_params; i++) {
		pname = probe_btf_param_name(pb, i);
		if (pname && !strcmp(pname, name))
			break;
	}
	if (i == pb->nr_params)
		return probe_log_err(log, offs, PROBE_ERR_NO_BTFARG);
	/* At a return: the parameter as the entry saw it. */
	if (pb->flags & PROBE_CTX_RETURN) {
		ref->op = PROBE_OP_EARG;
		ref->param = i;
	} else {
		ref->op = PROBE_OP_ARG;
		ref->param = pb->flags & PROBE_CTX_TPOINT ? i + 1 : i;
	}
	*tid = pb->params[i].type;
	return 0;
}

/**
 * probe_btf_parse() - resolve a parameter name or $retval, and members
 * @pb: the parse's BTF context; its ->type and bitfield say what the
 *	argument reads, for probe_btf_type_name() and probe_btf_string()
 * @body: "NAME[->F[.G]...]" or "$retval[->F[.G]...]", without a type;
 *	cut up while parsed.  NAME only at a function's entry or return,
 *	$retval only at its return.
 * @offs: where @body starts in its word
 * @ref: set to what to fetch: the value, then dereferences
 * @log: where errors go
 *
 * Return: 0, or -EINVAL (logged).
 */
int probe_btf_parse(struct probe_btf *pb, char *body, int offs,
		    struct probe_btf_ref *ref, struct probe_log *log)
{
	const struct btf_type *t;
	char *field;
	int arrow;
	u32 tid;
	int ret;

	pb->type = NULL;
	pb->bitoffs = 0;
	pb->bitsize = 0;
	pb->offs = offs;
	ref->nderefs = 0;
	arrow = probe_btf_split(body, &field, offs, log);
	if (arrow < 0)
		return arrow;
	/* A parameter is a struct's address, never a struct. */
	if (field && !arrow)
		return probe_log_err(log, offs + (field - body),
				     PROBE_ERR_NOSUP_DAT_ARG);
	if (body[0] == '$') {
		if (strcmp(body, "$retval"))
			return probe_log_err(log, offs, PROBE_ERR_BAD_VAR);
		ref->op = PROBE_OP_RETVAL;
		ref->param = 0;
		/* Without BTF $retval is a plain word. */
		if (probe_btf_query(pb))
			return field ? probe_log_err(log, offs + (field - body),
						     PROBE_ERR_NO_BTF_ENTRY) : 0;
		if (!pb->proto->type)
			return probe_log_err(log, offs, PROBE_ERR_NO_RETVAL);
		tid = pb->proto->type;
	} else {
		ret = probe_btf_param(pb, body, offs, ref, &tid, log);
		if (ret)
			return ret;
	}
	t = probe_btf_resolve(pb, tid);
	if (!t)
		return probe_log_err(log, offs, PROBE_ERR_BAD_BTF_TID);
	pb->type = t;
	if (!field)
		return 0;
	return probe_btf_fields(pb, field, offs + (field - body), ref, log);
}

static const char *probe_btf_int_name(bool sign, u32 bytes)
{
	static const char * const uns[] = { "u8", "u16", "u32", "u64" };
	static const char * const sig[] = { "s8", "s16", "s32", "s64" };

	return sign ? sig[ilog2(bytes)] : uns[ilog2(bytes)];
}

/* An unsigned container for a bitfield of @pb->bitsize bits at ->bitoffs. */
static const char *probe_btf_bitfield(struct probe_btf *pb)
{
	u32 end = pb->bitoffs + pb->bitsize;

	if (end > 64)
		return NULL;
	if (!pb->bitoffs && is_power_of_2(pb->bitsize) && pb->bitsize >= 8) {
		end = pb->bitsize;
		pb->bitsize = 0;
	}
	return probe_btf_int_name(false, roundup_pow_of_two(max(end, 8U)) / 8);
}

/**
 * probe_btf_type_name() - the type an argument gets from BTF
 * @pb: the parse's BTF context, after probe_btf_parse()
 *
 * Integers and enums by their size and sign, pointers in hex.  A
 * bitfield is read from the unsigned container named: @pb->bitsize is
 * then its width (else 0) and @pb->bitoffs its lowest bit.
 *
 * Return: the type name, or NULL when BTF says nothing usable.
 */
const char *probe_btf_type_name(struct probe_btf *pb)
{
	const struct btf_type *t = pb->type;
	u32 bits;

	if (!t)
		return NULL;
	if (pb->bitsize)
		return probe_btf_bitfield(pb);
	switch (BTF_INFO_KIND(t->info)) {
	case BTF_KIND_PTR:
		return IS_ENABLED(CONFIG_64BIT) ? "x64" : "x32";
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		if (t->size != 1 && t->size != 2 && t->size != 4 && t->size != 8)
			return NULL;
		return probe_btf_int_name(true, t->size);
	case BTF_KIND_INT:
		bits = btf_int_bits(t);
		/* An int type of its own bit width: a bitfield. */
		if (btf_int_offset(t) || !is_power_of_2(bits) || bits < 8 ||
		    bits > 64) {
			pb->bitsize = bits;
			pb->bitoffs += btf_int_offset(t);
			return probe_btf_bitfield(pb);
		}
		return probe_btf_int_name(btf_int_encoding(t) & BTF_INT_SIGNED,
					  bits / 8);
	default:
		return NULL;
	}
}

/* Is @id a byte-sized integer (char, u8, ...)? */
static bool probe_btf_is_char(struct probe_btf *pb, u32 id)
{
	const struct btf_type *t = probe_btf_resolve(pb, id);

	return t && btf_type_is_int(t) && btf_int_bits(t) == 8;
}

/**
 * probe_btf_string() - may the argument be read as a string
 * @pb: the parse's BTF context, after probe_btf_parse()
 * @log: where an error goes
 *
 * A char array is read where it lies; a char pointer where it points.
 *
 * Return: 1 when the value read is the string's address (one more
 * dereference reaches the characters), 0 when the value is where the
 * characters are or BTF does not know the type, -EINVAL (logged) for any
 * other type.
 */
int probe_btf_string(struct probe_btf *pb, struct probe_log *log)
{
	const struct btf_type *t = pb->type;

	if (!t)
		return 0;
	if (btf_type_is_array(t) && probe_btf_is_char(pb, btf_array(t)->type))
		return 0;
	if (btf_type_is_ptr(t) && probe_btf_is_char(pb, t->type))
		return 1;
	return probe_log_err(log, pb->offs, PROBE_ERR_BAD_TYPE4STR);
}
