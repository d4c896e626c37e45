// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * An instance's options: the core's (trace.h's enum trace_opt_bit) and
 * the tracers' own (struct tracer::opts), set by name through
 * trace_options and trace_options=, or one by one through the files of
 * options/.  Options change under trace_types_lock; writers and readers
 * test trace_array::flags without it.
 */

#define pr_fmt(fmt) "tracing: " fmt

#include <linux/ring_buffer.h>
#include <linux/seq_file.h>
#include <linux/uaccess.h>
#include <linux/fs.h>

#include "trace.h"

static_assert(TRACE_OPT_NR_BITS <= 64, "trace_array.flags is a u64");

static const char * const trace_opt_names[TRACE_OPT_NR_BITS] = {
	[TRACE_OPT_PRINT_PARENT_BIT]	= "print-parent",
	[TRACE_OPT_SYM_OFFSET_BIT]	= "sym-offset",
	[TRACE_OPT_SYM_ADDR_BIT]	= "sym-addr",
	[TRACE_OPT_VERBOSE_BIT]		= "verbose",
	[TRACE_OPT_RAW_BIT]		= "raw",
	[TRACE_OPT_HEX_BIT]		= "hex",
	[TRACE_OPT_BIN_BIT]		= "bin",
	[TRACE_OPT_BLOCK_BIT]		= "block",
#ifdef CONFIG_EVENT_TRACING
	[TRACE_OPT_FIELDS_BIT]		= "fields",
#endif
	[TRACE_OPT_PRINTK_BIT]		= "trace_printk",
	[TRACE_OPT_ANNOTATE_BIT]	= "annotate",
	[TRACE_OPT_USERSTACKTRACE_BIT]	= "userstacktrace",
	[TRACE_OPT_SYM_USEROBJ_BIT]	= "sym-userobj",
	[TRACE_OPT_PRINTK_MSGONLY_BIT]	= "printk-msg-only",
	[TRACE_OPT_CONTEXT_INFO_BIT]	= "context-info",
	[TRACE_OPT_LATENCY_FMT_BIT]	= "latency-format",
	[TRACE_OPT_RECORD_CMD_BIT]	= "record-cmd",
	[TRACE_OPT_RECORD_TGID_BIT]	= "record-tgid",
	[TRACE_OPT_OVERWRITE_BIT]	= "overwrite",
	[TRACE_OPT_DISABLE_ON_FREE_BIT]	= "disable_on_free",
	[TRACE_OPT_IRQ_INFO_BIT]	= "irq-info",
	[TRACE_OPT_MARKERS_BIT]		= "markers",
#ifdef CONFIG_EVENT_TRACING
	[TRACE_OPT_EVENT_FORK_BIT]	= "event-fork",
#endif
	[TRACE_OPT_TRACE_PRINTK_DEST_BIT] = "trace_printk_dest",
	[TRACE_OPT_PAUSE_ON_TRACE_BIT]	= "pause-on-trace",
	[TRACE_OPT_HASH_PTR_BIT]	= "hash-ptr",
	[TRACE_OPT_FUNCTION_BIT]	= "function-trace",
	[TRACE_OPT_FUNC_FORK_BIT]	= "function-fork",
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	[TRACE_OPT_DISPLAY_GRAPH_BIT]	= "display-graph",
#endif
	[TRACE_OPT_STACKTRACE_BIT]	= "stacktrace",
	[TRACE_OPT_FUNC_STACKTRACE_BIT]	= "func_stack_trace",
	[TRACE_OPT_FUNC_NO_REPEATS_BIT]	= "func-no-repeats",
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	[TRACE_OPT_FUNCGRAPH_OVERRUN_BIT]	= "funcgraph-overrun",
	[TRACE_OPT_FUNCGRAPH_CPU_BIT]		= "funcgraph-cpu",
	[TRACE_OPT_FUNCGRAPH_OVERHEAD_BIT]	= "funcgraph-overhead",
	[TRACE_OPT_FUNCGRAPH_PROC_BIT]		= "funcgraph-proc",
	[TRACE_OPT_FUNCGRAPH_DURATION_BIT]	= "funcgraph-duration",
	[TRACE_OPT_FUNCGRAPH_ABSTIME_BIT]	= "funcgraph-abstime",
	[TRACE_OPT_FUNCGRAPH_IRQS_BIT]		= "funcgraph-irqs",
	[TRACE_OPT_FUNCGRAPH_TAIL_BIT]		= "funcgraph-tail",
#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
	[TRACE_OPT_FUNCGRAPH_RETVAL_BIT]	= "funcgraph-retval",
	[TRACE_OPT_FUNCGRAPH_RETVAL_HEX_BIT]	= "funcgraph-retval-hex",
#endif
	[TRACE_OPT_SLEEP_TIME_BIT]		= "sleep-time",
#ifdef CONFIG_FUNCTION_PROFILER
	[TRACE_OPT_GRAPH_TIME_BIT]		= "graph-time",
#endif
#endif
};

/* Is the option built into this kernel? */
static bool trace_opt_present(int bit)
{
	if (bit == TRACE_OPT_STACKTRACE_BIT)
		return IS_ENABLED(CONFIG_STACKTRACE);
	if (bit == TRACE_OPT_USERSTACKTRACE_BIT ||
	    bit == TRACE_OPT_SYM_USEROBJ_BIT)
		return IS_ENABLED(CONFIG_STACKTRACE) &&
		       IS_ENABLED(CONFIG_USER_STACKTRACE_SUPPORT);
	if (bit == TRACE_OPT_FUNC_FORK_BIT ||
	    bit == TRACE_OPT_FUNCTION_BIT ||
	    bit == TRACE_OPT_FUNC_NO_REPEATS_BIT)
		return IS_ENABLED(CONFIG_FUNCTION_TRACER);
	if (bit == TRACE_OPT_FUNC_STACKTRACE_BIT)
		return IS_ENABLED(CONFIG_FUNCTION_TRACER) &&
		       IS_ENABLED(CONFIG_STACKTRACE);
	return true;
}

/*
 * The tracer an option belongs to, or NULL for one of every tracer.  As
 * upstream, trace_options lists a tracer's options, and takes them, only
 * while that tracer is the current one.
 */
static const char *trace_opt_tracer(int bit)
{
	if (bit == TRACE_OPT_FUNC_STACKTRACE_BIT ||
	    bit == TRACE_OPT_FUNC_NO_REPEATS_BIT)
		return "function";
	if (bit > TRACE_OPT_FUNC_NO_REPEATS_BIT)
		return "function_graph";
	return NULL;
}

/* May trace_options show and set option @bit of @tr now? */
static bool trace_opt_listed(struct trace_array *tr, int bit)
{
	const char *owner = trace_opt_tracer(bit);

	if (!trace_opt_present(bit))
		return false;
	return !owner || !strcmp(owner, tr->current_trace->name);
}

/* Set or clear one option of @tr.  trace_types_lock. */
static int trace_set_opt(struct trace_array *tr, int bit, bool on)
{
	u64 mask = BIT_ULL(bit);

	lockdep_assert_held(&trace_types_lock);
	if (!!(tr->flags & mask) == on)
		return 0;
	if (tr->current_trace && tr->current_trace->flag_changed) {
		int ret = tr->current_trace->flag_changed(tr, bit, on);

		if (ret)
			return ret;
	}

	switch (bit) {
	case TRACE_OPT_OVERWRITE_BIT:
		if (tr->buffer)
			ring_buffer_change_overwrite(tr->buffer, on);
		break;
	case TRACE_OPT_TRACE_PRINTK_DEST_BIT: {
		int ret = trace_printk_dest_set(tr, on);

		if (ret)
			return ret;
		break;
	}
	case TRACE_OPT_FUNC_FORK_BIT: {
		int ret = ftrace_pid_follow_fork(tr, on);

		if (ret)
			return ret;
		break;
	}
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	case TRACE_OPT_SLEEP_TIME_BIT: {
		int ret = trace_graph_sleep_time_changed(tr, on);

		if (ret)
			return ret;
		break;
	}
#endif
	}

	/*
	 * Writers and readers test the flags without trace_types_lock.  A
	 * 32-bit machine may store the two halves separately, but one call
	 * changes one bit, so every bit reads either before or after.
	 */
	if (on)
		WRITE_ONCE(tr->flags, tr->flags | mask);
	else
		WRITE_ONCE(tr->flags, tr->flags & ~mask);
	return 0;
}

/*
 * Set or clear option @opt of tracer @t, asking the tracer first; @t's
 * options are the same in every instance, @tr is the one asking.
 * trace_types_lock.
 */
static int tracer_set_opt(struct trace_array *tr, struct tracer *t,
			  const struct tracer_opt *opt, bool on)
{
	int ret;

	lockdep_assert_held(&trace_types_lock);
	ret = t->set_opt ? t->set_opt(tr, opt->bit, on) : 0;
	if (ret)
		return ret;
	/* option_file_read() and the tracers read it without the lock. */
	if (on)
		WRITE_ONCE(t->opt_val, t->opt_val | opt->bit);
	else
		WRITE_ONCE(t->opt_val, t->opt_val & ~opt->bit);
	return 0;
}

/*
 * An option of the current tracer of @tr, by name.  The tracer is asked
 * even when the option already has the value, as upstream does for
 * trace_options.  trace_types_lock.
 */
static int tracer_set_opt_string(struct trace_array *tr, const char *name,
				 bool on)
{
	struct tracer *t = tr->current_trace;
	const struct tracer_opt *opt;

	for (opt = t->opts; opt && opt->name; opt++)
		if (!strcmp(name, opt->name))
			return tracer_set_opt(tr, t, opt, on);
	return -EINVAL;
}

/*
 * "name" or "noname", as trace_options (@any false) and trace_options=
 * (@any true: whichever tracer boots, all its options apply) take it.
 */
int trace_set_option_string(struct trace_array *tr, char *option, bool any)
{
	bool on = true;
	int bit;

	option = strstrip(option);
	if (str_has_prefix(option, "no")) {
		on = false;
		option += 2;
	}
	for (bit = 0; bit < TRACE_OPT_NR_BITS; bit++) {
		if (strcmp(option, trace_opt_names[bit]))
			continue;
		if (any ? trace_opt_present(bit) : trace_opt_listed(tr, bit))
			return trace_set_opt(tr, bit, on);
	}
	return tracer_set_opt_string(tr, option, on);
}

static int trace_options_show(struct seq_file *m, void *v)
{
	struct trace_array *tr = m->private;
	const struct tracer_opt *opt;
	struct tracer *t;
	int bit;

	mutex_lock(&trace_types_lock);
	t = tr->current_trace;
	for (bit = 0; bit < TRACE_OPT_NR_BITS; bit++) {
		if (!trace_opt_listed(tr, bit))
			continue;
		seq_printf(m, "%s%s\n", tr->flags & BIT_ULL(bit) ? "" : "no",
			   trace_opt_names[bit]);
	}
	for (opt = t->opts; opt && opt->name; opt++)
		seq_printf(m, "%s%s\n", t->opt_val & opt->bit ? "" : "no",
			   opt->name);
	mutex_unlock(&trace_types_lock);
	return 0;
}

static int trace_options_open(struct inode *inode, struct file *filp)
{
	return tracing_single_open_tr(inode, filp, trace_options_show);
}

static int trace_options_set(struct trace_array *tr, char *option)
{
	return trace_set_option_string(tr, option, false);
}

static ssize_t trace_options_write(struct file *filp, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct seq_file *m = filp->private_data;

	return tracing_write_word(m->private, ubuf, cnt, ppos,
				  trace_options_set);
}

static const struct file_operations trace_options_fops = {
	.open		= trace_options_open,
	.read		= seq_read,
	.write		= trace_options_write,
	.llseek		= seq_lseek,
	.release	= tracing_single_release_tr,
};

static int option_file_open(struct inode *inode, struct file *filp)
{
	/* @of lives in its instance: find that alive before using it. */
	struct trace_option_file *of = inode->i_private;
	struct trace_array *tr = trace_array_of_data(of);
	int ret = tr ? tracing_check_open(tr) : -ENODEV;

	if (ret)
		return ret;
	filp->private_data = of;
	return 0;
}

static int option_file_release(struct inode *inode, struct file *filp)
{
	struct trace_option_file *of = inode->i_private;

	trace_array_put(of->tr);
	return 0;
}

static ssize_t option_file_read(struct file *filp, char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	struct trace_option_file *of = filp->private_data;
	char buf[4];
	int len;

	/* Unlocked: the writers are tracer_set_opt() and trace_set_opt(). */
	if (of->tracer)
		len = scnprintf(buf, sizeof(buf), "%d\n",
				!!(READ_ONCE(of->tracer->opt_val) & of->opt->bit));
	else
		len = scnprintf(buf, sizeof(buf), "%d\n",
				!!(READ_ONCE(of->tr->flags) & BIT_ULL(of->bit)));
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static int option_file_set(void *data, unsigned long val)
{
	struct trace_option_file *of = data;

	if (val > 1)
		return -EINVAL;
	if (!of->tracer)
		return trace_set_opt(of->tr, of->bit, val);
	if (!!(of->tracer->opt_val & of->opt->bit) != val)
		return tracer_set_opt(of->tr, of->tracer, of->opt, val);
	return 0;
}

static ssize_t option_file_write(struct file *filp, const char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	return tracing_write_ulong(filp->private_data, ubuf, cnt, ppos,
				   option_file_set, &trace_types_lock);
}

static const struct file_operations option_file_fops = {
	.open		= option_file_open,
	.read		= option_file_read,
	.write		= option_file_write,
	.release	= option_file_release,
	.llseek		= generic_file_llseek,
};

/*
 * options/ files of the registered tracers' own options.  Tracers are
 * never unregistered; an instance is made under trace_types_lock, the top
 * level at boot, where initcalls register tracers one at a time.
 */
static void trace_create_tracer_option_files(struct trace_array *tr)
{
	struct trace_option_file *of = &tr->opt_files[TRACE_OPT_NR_BITS];
	struct trace_option_file *end = of + TRACE_TRACER_OPT_FILES;
	const struct tracer_opt *opt;
	struct tracer *t;

	for (t = trace_types; t; t = t->next) {
		if (!tracer_allowed(tr, t))
			continue;
		for (opt = t->opts; opt && opt->name; opt++, of++) {
			if (WARN_ON_ONCE(of == end))
				return;
			of->tr = tr;
			of->tracer = t;
			of->opt = opt;
			trace_create_file(opt->name, TRACE_MODE_WRITE,
					  tr->options_dir, of,
					  &option_file_fops);
		}
	}
}

/*
 * Options whose file only the top level has, as upstream: what
 * trace_printk() does and whether comms are saved are the top level's
 * business.  trace_options still takes them in an instance.
 */
#define TRACE_OPT_TOP_LEVEL_FILES					\
	(TRACE_OPT(PRINTK) | TRACE_OPT(PRINTK_MSGONLY) | TRACE_OPT(RECORD_CMD))

/**
 * trace_options_create_files - create trace_options and options/
 * @tr: the instance
 * @d:  its directory (NULL: the tracefs root)
 */
void trace_options_create_files(struct trace_array *tr, struct dentry *d)
{
	int bit;

	trace_create_file("trace_options", TRACE_MODE_WRITE, d, tr,
			  &trace_options_fops);
	tr->options_dir = trace_create_dir("options", d);
	if (!tr->options_dir)
		return;
	for (bit = 0; bit < TRACE_OPT_NR_BITS; bit++) {
		if (!trace_opt_present(bit) ||
		    (d && (BIT_ULL(bit) & TRACE_OPT_TOP_LEVEL_FILES)))
			continue;
		tr->opt_files[bit].tr = tr;
		tr->opt_files[bit].bit = bit;
		trace_create_file(trace_opt_names[bit], TRACE_MODE_WRITE,
				  tr->options_dir, &tr->opt_files[bit],
				  &option_file_fops);
	}
	trace_create_tracer_option_files(tr);
}
