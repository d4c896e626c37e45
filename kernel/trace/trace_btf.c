// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * BTF look-ups for probe events (see trace_btf.h).  The types returned
 * live as long as the struct btf they came from; the caller holds a
 * reference on it (trace_btf_func_proto() takes one) and drops it with
 * btf_put().  Process context: the first look-up parses vmlinux's BTF.
 */
#include <linux/err.h>
#include <linux/string.h>

#include "trace_btf.h"

/**
 * trace_btf_func_proto() - the prototype of a kernel function
 * @name: the function, in vmlinux or a loaded module
 * @btfp: set to the BTF holding it, with a reference the caller drops
 *	with btf_put()
 *
 * Return: its BTF_KIND_FUNC_PROTO type, or NULL (no BTF, no such
 * function).
 */
const struct btf_type *trace_btf_func_proto(const char *name,
					    struct btf **btfp)
{
	const struct btf_type *t;
	struct btf *btf = NULL;
	s32 id;

	id = bpf_find_btf_id(name, BTF_KIND_FUNC, &btf);
	if (id <= 0 || !btf)
		return NULL;
	t = btf_type_by_id(btf, id);
	if (t)
		t = btf_type_by_id(btf, t->type);
	if (!t || !btf_type_is_func_proto(t)) {
		btf_put(btf);
		return NULL;
	}
	*btfp = btf;
	return t;
}

/**
 * trace_btf_func_params() - the parameters of a function prototype
 * @proto: the BTF_KIND_FUNC_PROTO type
 * @nr: set to how many; a "(void)" function has none, and the trailing
 *	"..." of a variadic one is not counted
 *
 * Return: the first parameter, or NULL when there is none.
 */
const struct btf_param *trace_btf_func_params(const struct btf_type *proto,
					      int *nr)
{
	const struct btf_param *p = btf_params(proto);
	int n = btf_type_vlen(proto);

	/* "..." is a last parameter with neither name nor type. */
	if (n && !p[n - 1].type && !p[n - 1].name_off)
		n--;
	*nr = n;
	return n ? p : NULL;
}

/*
 * Members of anonymous structs and unions are found as if they were
 * the outer type's own; @depth bounds the descent.
 */
static const struct btf_member *
btf_member_walk(const struct btf *btf, const struct btf_type *type,
		const char *name, u32 *bitoffs, u32 *bitsize, int depth)
{
	const struct btf_member *m = btf_members(type);
	const struct btf_member *found;
	const struct btf_type *mt;
	const char *mname;
	int i;

	for (i = 0; i < btf_type_vlen(type); i++, m++) {
		mname = btf_name_by_offset(btf, m->name_off);
		if (mname && *mname) {
			if (strcmp(mname, name))
				continue;
			*bitoffs = __btf_member_bit_offset(type, m);
			*bitsize = __btf_member_bitfield_size(type, m);
			return m;
		}
		mt = btf_type_skip_modifiers(btf, m->type, NULL);
		if (!mt || !__btf_type_is_struct(mt) || depth <= 0)
			continue;
		found = btf_member_walk(btf, mt, name, bitoffs, bitsize,
					depth - 1);
		if (found) {
			*bitoffs += __btf_member_bit_offset(type, m);
			return found;
		}
	}
	return NULL;
}

/**
 * trace_btf_member() - a member of a struct or union by name
 * @btf: the BTF holding @type
 * @type: the struct or union (BTF_KIND_STRUCT or BTF_KIND_UNION)
 * @name: the member's name; members of anonymous structs and unions
 *	inside @type count as @type's own
 * @bitoffs: set to its offset in bits from the start of @type
 * @bitsize: set to its width in bits when it is a bitfield, else 0
 *
 * Return: the member (its ->type is its type), or NULL if none.
 */
const struct btf_member *trace_btf_member(const struct btf *btf,
					  const struct btf_type *type,
					  const char *name, u32 *bitoffs,
					  u32 *bitsize)
{
	if (!__btf_type_is_struct(type))
		return NULL;
	return btf_member_walk(btf, type, name, bitoffs, bitsize, 8);
}
