// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Boot options that start tracing before user space can:
 *
 *   ftrace=<tracer>             the top level's tracer, started as soon as
 *                               that tracer registers
 *   ftrace_filter=<f>[,<f>...]  the top level's set_ftrace_filter
 *   ftrace_notrace=<f>[,...]    the top level's set_ftrace_notrace
 *   ftrace_graph_filter=<f>[,...]
 *                               the top level's set_graph_function
 *   ftrace_graph_notrace=<f>[,...]
 *                               the top level's set_graph_notrace
 *   ftrace_graph_max_depth=<n>  the top level's max_graph_depth
 *   alloc_snapshot              allocate the top level's snapshot buffer
 *   ftrace_boot_snapshot[=<instance>]
 *                               at the end of boot (before init memory is
 *                               freed), swap the top level's buffer (or
 *                               that trace_instance='s) into its snapshot
 *
 * The values are read while the command line is parsed and used from
 * initcalls; none of them is written afterwards, so no lock guards them.
 */

#define pr_fmt(fmt) "tracing: " fmt

#include <linux/ftrace.h>
#include <linux/init.h>

#include <asm/setup.h>

#include "trace.h"
#include "trace_graph.h"

/*
 * Read by register_tracer(), which is not __init (the tracers are all
 * built in, but the linker cannot know that).
 */
static char boot_tracer[MAX_TRACER_SIZE];
static bool boot_tracer_started;

static int __init set_boot_tracer(char *str)
{
	strscpy(boot_tracer, str, sizeof(boot_tracer));
	trace_boot_expand_buffer();
	return 1;
}
__setup("ftrace=", set_boot_tracer);

/**
 * trace_boot_tracer_registered - start @t if ftrace= named it
 * @t: a tracer just registered
 *
 * trace_types_lock.
 */
void trace_boot_tracer_registered(struct tracer *t)
{
	int ret;

	lockdep_assert_held(&trace_types_lock);
	if (boot_tracer_started || strcmp(t->name, boot_tracer))
		return;
	boot_tracer_started = true;
	ret = tracing_set_tracer(&global_trace, t->name);
	if (ret)
		pr_warn("ftrace=%s: could not start it (%d)\n", t->name, ret);
	else
		pr_info("starting tracer '%s'\n", t->name);
}

static int __init boot_tracer_check(void)
{
	if (*boot_tracer && !boot_tracer_started)
		pr_warn("ftrace=%s: no such tracer\n", boot_tracer);
	return 0;
}
late_initcall_sync(boot_tracer_check);

#ifdef CONFIG_DYNAMIC_FTRACE
TRACE_BOOT_STRING(boot_filter, "ftrace_filter=");
TRACE_BOOT_STRING(boot_notrace, "ftrace_notrace=");

/* Add each comma-separated word of @list with @set. */
static void __init boot_set_list(char *list,
				 void (*set)(unsigned char *, int, int))
{
	char *word;

	while ((word = strsep(&list, ",")) != NULL)
		if (*word)
			set(word, strlen(word), 0);
}

/*
 * Before the tracers register (core_initcall), so that ftrace= starts
 * the function tracer with its filter in place.
 */
static int __init boot_filters_apply(void)
{
	boot_set_list(boot_filter_str, ftrace_set_global_filter);
	boot_set_list(boot_notrace_str, ftrace_set_global_notrace);
	return 0;
}
early_initcall(boot_filters_apply);
#endif

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
#ifdef CONFIG_DYNAMIC_FTRACE
TRACE_BOOT_STRING(boot_graph_filter, "ftrace_graph_filter=");
TRACE_BOOT_STRING(boot_graph_notrace, "ftrace_graph_notrace=");
#endif

static unsigned int boot_graph_max_depth __initdata;

static int __init set_boot_graph_max_depth(char *str)
{
	if (kstrtouint(str, 0, &boot_graph_max_depth) ||
	    boot_graph_max_depth > INT_MAX) {
		pr_warn("ftrace_graph_max_depth=%s: not a depth\n", str);
		boot_graph_max_depth = 0;
	}
	return 1;
}
__setup("ftrace_graph_max_depth=", set_boot_graph_max_depth);

/**
 * trace_boot_graph_setup - apply the ftrace_graph_* boot options
 * @g: the top level's function_graph state, before the tracer registers
 *     (ftrace=function_graph starts it then)
 */
void __init trace_boot_graph_setup(struct trace_graph *g)
{
	g->max_depth = boot_graph_max_depth;
#ifdef CONFIG_DYNAMIC_FTRACE
	trace_graph_boot_list(g, false, boot_graph_filter_str);
	trace_graph_boot_list(g, true, boot_graph_notrace_str);
#endif
}
#endif

#ifdef CONFIG_TRACER_SNAPSHOT
static bool boot_alloc_snapshot __initdata;
static bool boot_snapshot_top __initdata;
/* The instances of ftrace_boot_snapshot=<name>, each followed by a tab. */
static char boot_snapshot_names[COMMAND_LINE_SIZE] __initdata;

static int __init set_alloc_snapshot(char *str)
{
	boot_alloc_snapshot = true;
	trace_boot_expand_buffer();
	return 1;
}
__setup("alloc_snapshot", set_alloc_snapshot);

static int __init set_boot_snapshot(char *str)
{
	size_t used = strlen(boot_snapshot_names);

	if (!*str) {
		boot_snapshot_top = true;
		boot_alloc_snapshot = true;
		return 1;
	}
	if (*str != '=')
		return 0;
	if (snprintf(boot_snapshot_names + used,
		     sizeof(boot_snapshot_names) - used, "%s\t", str + 1) >=
	    sizeof(boot_snapshot_names) - used) {
		boot_snapshot_names[used] = '\0';
		pr_warn("too many ftrace_boot_snapshot= options\n");
	}
	return 1;
}
__setup("ftrace_boot_snapshot", set_boot_snapshot);

static int __init boot_snapshot_alloc(void)
{
	if (boot_alloc_snapshot && tracing_alloc_snapshot())
		pr_warn("alloc_snapshot: could not allocate the snapshot buffer\n");
	return 0;
}
core_initcall(boot_snapshot_alloc);

/* Snapshot the instance @name, made by trace_instance=. */
static void __init boot_snapshot_instance(const char *name)
{
	struct trace_array *tr;

	scoped_guard(mutex, &trace_types_lock) {
		tr = trace_array_find(name);
		if (tr)
			tr->ref++;
	}
	if (!tr) {
		pr_warn("ftrace_boot_snapshot=%s: no such instance\n", name);
		return;
	}
	if (tracing_alloc_snapshot_instance(tr))
		pr_warn("ftrace_boot_snapshot=%s: no memory\n", name);
	else
		tracing_snapshot_instance(tr);
	trace_array_put(tr);
}

/**
 * ftrace_boot_snapshot - take the snapshots ftrace_boot_snapshot asked for
 *
 * At the end of boot, from ftrace_free_init_mem().
 */
void __init ftrace_boot_snapshot(void)
{
	char *names = boot_snapshot_names, *name;

	if (boot_snapshot_top)
		tracing_snapshot_instance(&global_trace);
	while ((name = strsep(&names, "\t")) != NULL)
		if (*name)
			boot_snapshot_instance(name);
}
#else
void __init ftrace_boot_snapshot(void)
{
}
#endif
