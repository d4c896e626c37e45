// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Setting the tracing core up at boot: the command-line parameters of
 * the top level (trace_buf_size=, trace_clock=, trace_options=,
 * traceoff_on_warning, ftrace_dump_on_oops) and the sysctls that share
 * their values, then early_trace_init() and trace_init(), which
 * start_kernel() calls.  The tracer and snapshot options (ftrace=,
 * alloc_snapshot ...) are trace_boot.c's.
 */

#define pr_fmt(fmt) "tracing: " fmt

#include <linux/sysctl.h>
#include <linux/init.h>

#include <asm/setup.h>

#include "trace.h"

/*
 * What each CPU's ring of the top level holds until tracing is first
 * used: the ring buffer makes it its smallest, two sub-buffers.
 */
#define TRACE_BUF_SIZE_UNEXPANDED	1UL

/* --- boot options ------------------------------------------------------ */

static char trace_boot_clock[16] __initdata;
static char trace_boot_options[256] __initdata;

/* trace_buf_size=nn[KMG]: the size of each CPU's buffer. */
static int __init set_trace_buf_size(char *str)
{
	unsigned long size;

	if (!str)
		return 0;
	size = memparse(str, &str);
	if (!size)
		return 0;
	trace_buf_size = size;
	return 1;
}
__setup("trace_buf_size=", set_trace_buf_size);

/* trace_clock=name: the clock the top-level buffer starts with. */
static int __init set_trace_boot_clock(char *str)
{
	strscpy(trace_boot_clock, str, sizeof(trace_boot_clock));
	return 1;
}
__setup("trace_clock=", set_trace_boot_clock);

/* trace_options=opt[,opt...]: as if written to trace_options. */
static int __init set_trace_boot_options(char *str)
{
	strscpy(trace_boot_options, str, sizeof(trace_boot_options));
	return 1;
}
__setup("trace_options=", set_trace_boot_options);

int __disable_trace_on_warning;

/* traceoff_on_warning[=0|=off]: stop tracing at the first WARN(). */
static int __init set_traceoff_on_warning(char *str)
{
	if (strcmp(str, "=0") && strcmp(str, "=off"))
		__disable_trace_on_warning = 1;
	return 1;
}
__setup("traceoff_on_warning", set_traceoff_on_warning);

char ftrace_dump_on_oops[MAX_TRACER_SIZE] = "0";

/*
 * ftrace_dump_on_oops[=1|=2|=orig_cpu][,<instance>[=2|=orig_cpu]...]:
 * print the buffers on the console when the kernel oopses or panics.  A
 * bare option means every CPU of the top level.
 */
static int __init set_ftrace_dump_on_oops(char *str)
{
	if (!*str || !strcmp(str, "="))
		strscpy(ftrace_dump_on_oops, "1", MAX_TRACER_SIZE);
	else if (*str == '=')
		strscpy(ftrace_dump_on_oops, str + 1, MAX_TRACER_SIZE);
	else if (*str == ',')
		snprintf(ftrace_dump_on_oops, MAX_TRACER_SIZE, "1%s", str);
	else
		return 0;
	return 1;
}
__setup("ftrace_dump_on_oops", set_ftrace_dump_on_oops);

/**
 * ftrace_dump_on_oops_enabled - is the buffer printed on an oops?
 *
 * Return: non-zero unless ftrace_dump_on_oops is "0".
 */
int ftrace_dump_on_oops_enabled(void)
{
	return ftrace_dump_on_oops[0] && strcmp(ftrace_dump_on_oops, "0");
}

/*
 * tracepoint_printk mirrors trace events to printk.  Only trace events
 * produce anything for it; the value is kept here so that the sysctl
 * exists and the event code finds it set.  Set from boot on only.
 */
int tracepoint_printk;
bool tracepoint_printk_booted;

/**
 * tracepoint_printk_sysctl - handler of /proc/sys/kernel/tracepoint_printk
 * @table:  the sysctl entry
 * @write:  a write, not a read
 * @buffer: the user's data
 * @lenp:   its length
 * @ppos:   the file position
 *
 * Accepts 0 and 1; anything else is stored as 1.  As upstream (and
 * admin-guide/sysctl/kernel.rst), it switches printing only in a kernel
 * booted with tp_printk: elsewhere it stays 0, for a console flooded at
 * run time with every event could stop the machine.
 *
 * Return: 0 or a -errno from proc_dointvec().
 */
int tracepoint_printk_sysctl(const struct ctl_table *table, int write,
			     void *buffer, size_t *lenp, loff_t *ppos)
{
	int ret;

	mutex_lock(&trace_types_lock);
	ret = proc_dointvec(table, write, buffer, lenp, ppos);
	if (!ret && write)
		tracepoint_printk = tracepoint_printk_booted && tracepoint_printk;
	mutex_unlock(&trace_types_lock);
	return ret;
}

/**
 * disable_trace_on_warning - WARN() hook: stop tracing if asked to
 *
 * With traceoff_on_warning set, leaves a note in the top-level buffer and
 * turns it off, so that the records before the warning survive.
 */
void disable_trace_on_warning(void)
{
	static const char note[] = "Disabling tracing due to warning\n";

	if (!__disable_trace_on_warning)
		return;
	if (tracer_tracing_is_on(&global_trace))
		__trace_array_puts(&global_trace, _THIS_IP_, note,
				   sizeof(note) - 1);
	tracing_off();
}

/* --- boot ---------------------------------------------------------------- */

static void __init trace_apply_boot_options(struct trace_array *tr)
{
	char *buf = trace_boot_options;
	char *opt;

	mutex_lock(&trace_types_lock);
	while ((opt = strsep(&buf, ",")) != NULL) {
		if (*opt && trace_set_option_string(tr, opt, true))
			pr_warn("unknown trace option '%s'\n", opt);
	}
	mutex_unlock(&trace_types_lock);
}

/**
 * early_trace_init - allocate the top-level buffer
 *
 * Called by start_kernel() before the scheduler starts, so that
 * trace_printk() works from here on.
 */
void __init early_trace_init(void)
{
	struct trace_array *tr = &global_trace;

	if (*trace_boot_clock) {
		int id = trace_clock_lookup(trace_boot_clock);

		if (id < 0)
			pr_warn("unknown trace_clock '%s'\n", trace_boot_clock);
		else
			tr->clock_id = id;
	}

	/* trace_printk() in the kernel itself is a use from boot on. */
	if (trace_printk_in_kernel())
		tr->buffer_expanded = true;
	if (trace_array_alloc_buffers(tr, tr->buffer_expanded ?
				      trace_buf_size : TRACE_BUF_SIZE_UNEXPANDED))
		goto fail;
	if (trace_printk_early_init() || trace_cmdline_init()) {
		trace_array_free_buffers(tr);
		goto fail;
	}
	trace_output_init();
	trace_user_stack_init();

	register_tracer(&nop_trace);
	tr->current_trace = &nop_trace;
	list_add(&tr->list, &trace_arrays);
	trace_apply_boot_options(tr);

	tracing_disabled = 0;
	return;

fail:
	pr_err("could not allocate the trace buffer: tracing disabled\n");
}

/**
 * trace_init - finish setting up tracing once RCU and workqueues exist
 *
 * The oops and panic hooks, the hooks that need tracepoint registration
 * (which needs RCU), and the instances of trace_instance=.
 */
void __init trace_init(void)
{
	if (tracing_disabled)
		return;
	trace_panic_notifiers_init();
	trace_printk_late_init();
	trace_event_init();
	trace_instances_boot();
}
