/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Stage "class": the objects.  For each class, print_fmt_<class> (the
 * "print fmt:" line of the format file) and event_class_<class>; for each
 * event, event_<name> and a pointer to it in the _ftrace_events section,
 * which is how the tracing core (and the module loader, for modules)
 * finds every event.
 *
 * The print fmt is TP_printk() as text: the format string, then the
 * arguments with __entry spelled REC and the print helpers left as
 * written, which is what user-space parsers (libtraceevent) expect.
 */

#undef __entry
#define __entry REC

/*
 * The helpers print as written: they must not expand here.  (An earlier
 * header of the same file may have left them defined.)
 */
#undef __get_str
#undef __get_rel_str
#undef __get_buf
#undef __get_bitmask
#undef __get_rel_bitmask
#undef __get_cpumask
#undef __get_rel_cpumask
#undef __get_sockaddr
#undef __get_rel_sockaddr
#undef __print_hex_dump
#undef __get_dynamic_array
#undef __get_rel_dynamic_array
#undef __print_dynamic_array
#undef __get_dynamic_array_len
#undef __get_rel_dynamic_array_len
#undef __print_array
#undef __print_symbolic
#undef __print_hex_str
#undef __print_flags
#undef __print_hex

/* The 64-bit forms print as the plain ones where a long has 64 bits. */
#undef __print_flags_u64
#undef __print_symbolic_u64
#if BITS_PER_LONG == 64
#define __print_flags_u64(flag, delim, flag_array...)			\
	__print_flags(flag, delim, flag_array)
#define __print_symbolic_u64(value, symbol_array...)			\
	__print_symbolic(value, symbol_array)
#endif

#undef __print_ns_to_secs
#define __print_ns_to_secs(val)		(val) / 1000000000UL
#undef __print_ns_without_secs
#define __print_ns_without_secs(val)	(val) % 1000000000UL

#undef TP_printk
#define TP_printk(fmt, args...)	"\"" fmt "\", " __stringify(args)

#undef __TES_PERF_PROBE
#ifdef CONFIG_PERF_EVENTS
#define __TES_PERF_PROBE(call)	.perf_probe = perf_trace_##call,
#else
#define __TES_PERF_PROBE(call)
#endif

#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(call, proto, args, tstruct, assign, print)	\
	static char print_fmt_##call[] = print;				\
	static struct trace_event_class __used event_class_##call = {	\
		.reg		= trace_event_reg,			\
		.probe		= trace_event_raw_event_##call,		\
		__TES_PERF_PROBE(call)					\
		.raw_init	= trace_event_raw_init,			\
		.fields_array	= trace_event_fields_##call,		\
		.fields		= LIST_HEAD_INIT(event_class_##call.fields), \
		.system		= TRACE_SYSTEM_STRING,			\
	};

#undef __TES_DEFINE_CALL
#define __TES_DEFINE_CALL(template, name, _funcs, _fmt)		\
	static struct trace_event_call __used event_##name = {		\
		.class		= &event_class_##template,		\
		.tp		= &__tracepoint_##name,			\
		.event.funcs	= &_funcs,				\
		.print_fmt	= _fmt,					\
		.flags		= TRACE_EVENT_FL_TRACEPOINT,		\
	};								\
	static struct trace_event_call __used				\
	__section("_ftrace_events") *__event_##name = &event_##name;

#undef DEFINE_EVENT
#define DEFINE_EVENT(template, name, proto, args)			\
	__TES_DEFINE_CALL(template, name,				\
			  trace_event_type_funcs_##template,		\
			  print_fmt_##template)

#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(template, name, proto, args, print)		\
	static char print_fmt_##name[] = print;				\
	__TES_DEFINE_CALL(template, name, trace_event_type_funcs_##name, \
			  print_fmt_##name)

#undef TRACE_EVENT_FLAGS
#define TRACE_EVENT_FLAGS(event, flag)	__TRACE_EVENT_FLAGS(event, flag)
#undef TRACE_EVENT_PERF_PERM
#define TRACE_EVENT_PERF_PERM(event, expr...)				\
	__TRACE_EVENT_PERF_PERM(event, expr)
