/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Included at the end of every event header.  In the one .c file that
 * defines CREATE_TRACE_POINTS it instantiates the header's tracepoints
 * (and, with CONFIG_EVENT_TRACING, its events); everywhere else it does
 * nothing.
 *
 * The event header tells us where it lives:
 *   TRACE_SYSTEM        the event system, and by default the file name;
 *   TRACE_INCLUDE_FILE  the file name without ".h", when it differs;
 *   TRACE_INCLUDE_PATH  the directory, when it is not include/trace/events.
 *                       It is searched like a quoted #include from this
 *                       file, then along the include path: drivers write
 *                       "." and add -I$(src) for the object.
 *
 * How: the declaration macros (TRACE_EVENT() and friends) are given
 * instantiating meanings, the header is read once more with
 * TRACE_HEADER_MULTI_READ set (event headers guard their body with
 * "!defined(_TRACE_X_H) || defined(TRACE_HEADER_MULTI_READ)"), and the
 * macros are then dropped again.  The next <linux/tracepoint.h> include
 * gives them back their declaring meanings, so one .c file may
 * instantiate several event headers in a row.  CREATE_TRACE_POINTS is
 * off while we work (the header includes us again at its end) and on
 * again when we are done.
 */

#ifdef CREATE_TRACE_POINTS
#undef CREATE_TRACE_POINTS

#include <linux/stringify.h>

/* --- every tracepoint-declaring macro now defines the tracepoint ---- */

#undef DECLARE_TRACE
#define DECLARE_TRACE(name, proto, args)				\
	DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))

/* The condition lives in trace_<name>(), not in the definition. */
#undef DECLARE_TRACE_CONDITION
#define DECLARE_TRACE_CONDITION(name, proto, args, cond)		\
	DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))

#undef TRACE_EVENT
#define TRACE_EVENT(name, proto, args, tstruct, assign, print)		\
	DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))

#undef TRACE_EVENT_CONDITION
#define TRACE_EVENT_CONDITION(name, proto, args, cond, tstruct, assign, \
			      print)					\
	DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))

#undef TRACE_EVENT_FN
#define TRACE_EVENT_FN(name, proto, args, tstruct, assign, print,	\
		       reg, unreg)					\
	DEFINE_TRACE_FN(name, reg, unreg, PARAMS(proto), PARAMS(args))

#undef TRACE_EVENT_FN_COND
#define TRACE_EVENT_FN_COND(name, proto, args, cond, tstruct, assign,	\
			    print, reg, unreg)				\
	DEFINE_TRACE_FN(name, reg, unreg, PARAMS(proto), PARAMS(args))

#undef DEFINE_EVENT
#define DEFINE_EVENT(template, name, proto, args)			\
	DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))

#undef DEFINE_EVENT_FN
#define DEFINE_EVENT_FN(template, name, proto, args, reg, unreg)	\
	DEFINE_TRACE_FN(name, reg, unreg, PARAMS(proto), PARAMS(args))

#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(template, name, proto, args, print)		\
	DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))

#undef DEFINE_EVENT_CONDITION
#define DEFINE_EVENT_CONDITION(template, name, proto, args, cond)	\
	DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))

/* Compiled-out events are static inlines already: nothing to define. */
#undef TRACE_EVENT_NOP
#define TRACE_EVENT_NOP(name, proto, args, tstruct, assign, print)
#undef DEFINE_EVENT_NOP
#define DEFINE_EVENT_NOP(template, name, proto, args)

/* --- where the event header is ---------------------------------------- */

#include <trace/trace_include.h>

/* --- read it again ---------------------------------------------------- */

#define TRACE_HEADER_MULTI_READ
#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

/*
 * The event layer reads the header again for the events themselves.  A
 * bare DECLARE_TRACE() has no event, and its tracepoint now exists.
 */
#undef DECLARE_TRACE
#define DECLARE_TRACE(name, proto, args)
#undef DECLARE_TRACE_CONDITION
#define DECLARE_TRACE_CONDITION(name, proto, args, cond)

#if defined(CONFIG_EVENT_TRACING) && defined(TRACEPOINTS_ENABLED)
#include <trace/trace_events.h>
#endif

/* --- put everything back ---------------------------------------------- */

#undef DECLARE_TRACE
#undef DECLARE_TRACE_CONDITION
#undef TRACE_EVENT
#undef TRACE_EVENT_CONDITION
#undef TRACE_EVENT_FN
#undef TRACE_EVENT_FN_COND
#undef TRACE_EVENT_NOP
#undef DECLARE_EVENT_CLASS
#undef DEFINE_EVENT
#undef DEFINE_EVENT_FN
#undef DEFINE_EVENT_PRINT
#undef DEFINE_EVENT_CONDITION
#undef DEFINE_EVENT_NOP
#undef TRACE_HEADER_MULTI_READ

/* Only what we defined: the header may rely on its own definitions. */
#ifdef __TRACE_UNDEF_INCLUDE_FILE
#undef TRACE_INCLUDE_FILE
#undef __TRACE_UNDEF_INCLUDE_FILE
#endif

/* The next event header of this file is instantiated too. */
#define CREATE_TRACE_POINTS

#endif /* CREATE_TRACE_POINTS */
