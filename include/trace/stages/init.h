/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Instantiation, before the stages: the system name string every class
 * of the header points to, and the TRACE_DEFINE_ENUM()/_SIZEOF() tables.
 *
 * Included by <trace/trace_events.h> once per event header.  Names are
 * built from TRACE_SYSTEM_VAR (TRACE_SYSTEM unless the header says
 * otherwise: a system name need not be a C identifier).
 */

#undef __TES_CAT
#undef __TES_CAT_
#define __TES_CAT_(a, b)	a##b
#define __TES_CAT(a, b)		__TES_CAT_(a, b)

/* The event system's name, as a string object of this translation unit. */
#undef TRACE_SYSTEM_STRING
#define TRACE_SYSTEM_STRING	__TES_CAT(__tes_system_, TRACE_SYSTEM_VAR)

static const char TRACE_SYSTEM_STRING[] __maybe_unused =
	__stringify(TRACE_SYSTEM);

/*
 * A symbol user space cannot evaluate (an enum constant, a sizeof) and
 * its value.  The linker gathers the pointers in _ftrace_eval_map
 * (modules: mod->trace_evals); the tables themselves are boot/init data.
 */
#undef __TES_EVAL_MAP
#define __TES_EVAL_MAP(id, str, val)					\
	static struct trace_eval_map __used __initdata			\
	__TES_CAT(id, TRACE_SYSTEM_VAR) = {				\
		.system		= TRACE_SYSTEM_STRING,			\
		.eval_string	= str,					\
		.eval_value	= val,					\
	};								\
	static struct trace_eval_map __used				\
	__section("_ftrace_eval_map")					\
	*__TES_CAT(id##_p_, TRACE_SYSTEM_VAR) =				\
	&__TES_CAT(id, TRACE_SYSTEM_VAR);

/* The symbol is pasted before it can expand: it may be a macro. */
#undef TRACE_DEFINE_ENUM
#define TRACE_DEFINE_ENUM(a)	__TES_EVAL_MAP(__tes_enum_##a##_, #a, a)

#undef TRACE_DEFINE_SIZEOF
#define TRACE_DEFINE_SIZEOF(a)						\
	__TES_EVAL_MAP(__tes_sizeof_##a##_, "sizeof(" #a ")", sizeof(a))
