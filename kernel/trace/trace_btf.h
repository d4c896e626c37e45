/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * BTF look-ups for probe events: a kernel function's prototype and its
 * parameters, and a struct or union member by name.  The BTF itself (its
 * parsing, its ids, its module copies) is the BPF core's.
 */
#ifndef _TRACE_BTF_H
#define _TRACE_BTF_H

#include <linux/btf.h>

const struct btf_type *trace_btf_func_proto(const char *name,
					    struct btf **btfp);
const struct btf_param *trace_btf_func_params(const struct btf_type *proto,
					      int *nr);
const struct btf_member *trace_btf_member(const struct btf *btf,
					  const struct btf_type *type,
					  const char *name, u32 *bitoffs,
					  u32 *bitsize);

#endif /* _TRACE_BTF_H */
