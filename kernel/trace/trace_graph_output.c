// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The text of a function_graph trace: one line per record, as a C-like
 * call graph,
 *
 *  CPU) [TASK-PID |] DURATION    |  FUNCTION CALLS
 *   1)               |  schedule() {
 *   1)   0.321 us    |    rcu_note_context_switch();
 *   1) + 12.345 us   |  }
 *
 * A function entered and left with nothing recorded in between on its
 * CPU is a "leaf" and takes one line; otherwise its entry opens a brace
 * that its return closes.  The duration is marked by its size (with
 * funcgraph-overhead): '+' above 10 us, '!' 100 us, '#' 1 ms, '*' 10 ms,
 * '@' 100 ms, '$' 1 s.  Interrupt handlers are framed by "==>" lines,
 * other records (trace_printk(), trace_marker, events) are shown as
 * comments.  The funcgraph-* options choose the columns.
 *
 * A return whose entry line this reader did not show (tracing_thresh
 * records no entries; the entry may have been overwritten or read by
 * someone else) names its function after its brace, as funcgraph-tail
 * does for all.  When the task on a CPU changes between two of its
 * records, a block of dashes framing "prev-pid => next-pid" says so.
 * Both need what the reader showed before: struct graph_reader, the
 * tracer's iter->private.
 *
 * Leaves are found by looking at the next record of the CPU, which a
 * non-consuming reader (trace) can; a consuming reader (trace_pipe)
 * prints every function as a brace pair.
 */

#include <linux/ring_buffer.h>
#include <linux/seq_file.h>
#include <linux/kallsyms.h>
#include <linux/percpu.h>
#include <linux/slab.h>
#include <asm/sections.h>

#include "trace.h"
#include "trace_graph.h"
#include "trace_latency.h"

/* Width of the number in the duration column, "12345.678". */
#define DURATION_WIDTH		8
/* Width of the task-pid column. */
#define PROC_WIDTH		14
/* Spaces per nesting level. */
#define INDENT			2
/* Characters of a task's name shown, as upstream. */
#define COMM_SHOWN		7

/**
 * struct graph_cpu_state - what a reader last showed of one CPU's records
 * @last_pid: the task of the last record shown; -1 before the first
 * @depth:    the depth of the function the last line left open: a
 *            comment is indented under it; -1 for none
 * @entered:  per depth, the function whose entry line ("func() {") was
 *            shown and whose return was not yet; 0 if none
 */
struct graph_cpu_state {
	pid_t		last_pid;
	int		depth;
	unsigned long	entered[FTRACE_RETFUNC_DEPTH];
};

/**
 * struct graph_reader - function_graph's state for one reader
 * @cpus: per CPU
 *
 * The iter->private of a trace, trace_pipe or snapshot reader, used
 * under the reader's own serialization (seq_file's lock, the pipe's
 * iter->mutex).  Updated only once a line is printed whole, so that a
 * line printed again after it did not fit comes out the same.
 */
struct graph_reader {
	struct graph_cpu_state __percpu	*cpus;
};

/**
 * struct graph_line - what one output line is about
 * @flags:    the instance's options
 * @ctx:      context-info: without it, no column but the calls
 * @rel_time: a latency tracer's trace (display-graph): the time since
 *            the latency started comes first
 * @irq_info: the latency format: the irq-info columns follow the task
 * @depth:    the nesting depth
 * @duration: ns, for a leaf or a return
 * @func:     the function
 * @state:    the reader's state of the record's CPU; NULL if it has none
 * @track:    the line opens or closes @depth: @state's slot of it changes
 * @entered:  what that slot becomes
 * @open:     the depth left open after the line (graph_cpu_state.depth)
 */
struct graph_line {
	u64			flags;
	bool			ctx;
	bool			rel_time;
	bool			irq_info;
	int			depth;
	u64			duration;
	unsigned long		func;
	struct graph_cpu_state	*state;
	bool			track;
	unsigned long		entered;
	int			open;
};

static bool graph_opt(const struct graph_line *l, u64 opt)
{
	return l->flags & opt;
}

static bool graph_is_irq_entry(unsigned long func)
{
	return func >= (unsigned long)__irqentry_text_start &&
	       func < (unsigned long)__irqentry_text_end;
}

/* The size mark of a duration (funcgraph-overhead). */
static char graph_duration_mark(u64 ns)
{
	static const struct {
		u64	above;
		char	mark;
	} marks[] = {
		{ 1000000000ULL, '$' }, { 100000000ULL, '@' },
		{ 10000000ULL, '*' }, { 1000000ULL, '#' },
		{ 100000ULL, '!' }, { 10000ULL, '+' },
	};
	int i;

	for (i = 0; i < ARRAY_SIZE(marks); i++) {
		if (ns > marks[i].above)
			return marks[i].mark;
	}
	return ' ';
}

/*
 * The columns below are put together with trace_seq_blanks() and
 * trace_format_u64(), not printf: five or six vsnprintf() calls a line
 * were 40% of the cost of reading a function_graph trace.
 */

/* The digits of the highest CPU number: the width of the CPU column. */
static int graph_cpu_width(void)
{
	unsigned int max = nr_cpu_ids - 1;
	int width = 1;

	while (max >= 10) {
		max /= 10;
		width++;
	}
	return width;
}

static void graph_print_cpu(struct trace_seq *s, int cpu)
{
	trace_seq_putc(s, ' ');
	trace_seq_u64(s, cpu, graph_cpu_width());
	trace_seq_puts(s, ") ");
}

/* "comm-pid", the name cut short, centred in the task column. */
static void graph_print_task(struct trace_seq *s, pid_t pid)
{
	char comm[TASK_COMM_LEN];
	char buf[TASK_COMM_LEN + 12];
	int len, pad;

	trace_find_cmdline(pid, comm);
	comm[COMM_SHOWN] = '\0';
	len = strlen(comm);
	memcpy(buf, comm, len);
	buf[len++] = '-';
	if (pid < 0)
		buf[len++] = '-';
	len += trace_format_u64(buf + len, abs(pid), 0);
	pad = max(PROC_WIDTH - len, 0);
	trace_seq_blanks(s, pad / 2);
	trace_seq_putmem(s, buf, len);
	trace_seq_blanks(s, pad - pad / 2);
}

/*
 * The columns of a latency trace before the CPU's: microseconds since
 * the latency started.
 */
static void graph_print_rel_time(struct trace_iterator *iter)
{
	u64 since = iter->ts - trace_latency_time_start(iter->tr);

	trace_seq_printf(&iter->seq, "%9llu us |  ",
			 div_u64(since, NSEC_PER_USEC));
}

/*
 * The columns before the duration: absolute or relative time, CPU, task,
 * irq-info.  None without context-info.
 */
static void graph_print_prefix(struct trace_iterator *iter,
			       const struct graph_line *l)
{
	struct trace_seq *s = &iter->seq;

	if (!l->ctx)
		return;
	if (graph_opt(l, TRACE_OPT(FUNCGRAPH_ABSTIME))) {
		u64 ts = iter->ts;
		unsigned long usecs = do_div(ts, NSEC_PER_SEC) / NSEC_PER_USEC;
		char num[20];

		trace_seq_u64(s, ts, 5);
		num[0] = '.';
		trace_seq_putmem(s, num, 1 + trace_format_u64(num + 1, usecs, 6));
		trace_seq_puts(s, " |  ");
	}
	if (l->rel_time)
		graph_print_rel_time(iter);
	if (graph_opt(l, TRACE_OPT(FUNCGRAPH_CPU)))
		graph_print_cpu(s, iter->cpu);
	if (graph_opt(l, TRACE_OPT(FUNCGRAPH_PROC))) {
		graph_print_task(s, iter->ent->pid);
		trace_seq_puts(s, " | ");
	}
	if (l->irq_info) {
		trace_seq_putc(s, ' ');
		trace_print_irq_info(s, iter->ent);
		trace_seq_puts(s, " | ");
	}
}

static bool graph_shows_duration(const struct graph_line *l)
{
	return l->ctx && graph_opt(l, TRACE_OPT(FUNCGRAPH_DURATION));
}

/*
 * A block that says the task on the CPU changed since the reader's last
 * record of it:
 *  ------------------------------------------
 *   1)     sh-123     =>   kworker-45
 *  ------------------------------------------
 */
static void graph_print_switch(struct trace_iterator *iter,
			       const struct graph_line *l)
{
	struct trace_seq *s = &iter->seq;
	pid_t prev;

	if (!l->state)
		return;
	prev = l->state->last_pid;
	if (prev < 0 || prev == iter->ent->pid)
		return;
	trace_seq_puts(s, " ------------------------------------------\n");
	graph_print_cpu(s, iter->cpu);
	graph_print_task(s, prev);
	trace_seq_puts(s, " => ");
	graph_print_task(s, iter->ent->pid);
	trace_seq_puts(s, "\n ------------------------------------------\n\n");
}

/* The duration column: a time, or blanks (@ns == 0) where it has none. */
static void graph_print_duration(struct trace_seq *s,
				 const struct graph_line *l, u64 ns, bool have)
{
	char num[28];
	u64 us = ns;
	unsigned long rem;
	int len;

	if (!graph_shows_duration(l))
		return;
	if (!have) {
		trace_seq_blanks(s, 2 + DURATION_WIDTH + 4);
		trace_seq_puts(s, "|  ");
		return;
	}
	rem = do_div(us, NSEC_PER_USEC);
	num[0] = graph_opt(l, TRACE_OPT(FUNCGRAPH_OVERHEAD)) ?
		 graph_duration_mark(ns) : ' ';
	num[1] = ' ';
	len = trace_format_u64(num + 2, us, 0);
	/* Keep the number within the column: fewer decimals when long. */
	if (len < DURATION_WIDTH - 1) {
		int decimals = min(3, DURATION_WIDTH - 1 - len);

		num[2 + len++] = '.';
		len += trace_format_u64(num + 2 + len,
					rem / (decimals == 3 ? 1 : decimals == 2 ? 10 : 100),
					decimals);
	}
	memcpy(num + 2 + len, " us", 3);
	len += 3;
	trace_seq_putmem(s, num, 2 + len);
	trace_seq_blanks(s, DURATION_WIDTH + 3 - len);
	trace_seq_puts(s, " |  ");
}

/* The comment naming the function after a return's brace. */
static void graph_print_func_comment(struct trace_seq *s, unsigned long func)
{
	trace_seq_puts(s, " /* ");
	trace_seq_sym(s, func);
	trace_seq_puts(s, " */");
}

static void graph_print_indent(struct trace_seq *s, int depth)
{
	trace_seq_blanks(s, depth * INDENT);
}

/* "==========>" before an interrupt handler, "<==========" after it. */
static void graph_print_irq_mark(struct trace_iterator *iter,
				 const struct graph_line *l, bool entry)
{
	if (!graph_opt(l, TRACE_OPT(FUNCGRAPH_IRQS)) ||
	    !graph_is_irq_entry(l->func))
		return;
	graph_print_prefix(iter, l);
	trace_seq_printf(&iter->seq,
			 graph_shows_duration(l) ? "  %s |\n" : "%s\n",
			 entry ? "==========>" : "<==========");
}

#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
/*
 * The return value as a comment: "= -5" after a leaf, "func = -5" after
 * a return.  An error code (-MAX_ERRNO..-1; on 64-bit also as an int,
 * the upper half clear) in decimal, anything else in hex; always in hex
 * with funcgraph-retval-hex.
 */
static void graph_print_retval(struct trace_seq *s, const struct graph_line *l,
			       unsigned long retval, bool leaf)
{
	long err = (long)retval;

	if (!graph_opt(l, TRACE_OPT(FUNCGRAPH_RETVAL)))
		return;
	if (!leaf)
		trace_seq_printf(s, " /* %ps", (void *)l->func);
	else
		trace_seq_puts(s, " /*");
	if (IS_ENABLED(CONFIG_64BIT) && !upper_32_bits(retval) &&
	    (retval & BIT(31)))
		err = (int)retval;
	if (!graph_opt(l, TRACE_OPT(FUNCGRAPH_RETVAL_HEX)) &&
	    IS_ERR_VALUE(err))
		trace_seq_printf(s, " = %ld */", err);
	else
		trace_seq_printf(s, " = 0x%lx */", retval);
}

static bool graph_shows_retval(const struct graph_line *l)
{
	return graph_opt(l, TRACE_OPT(FUNCGRAPH_RETVAL));
}
#else
static void graph_print_retval(struct trace_seq *s, const struct graph_line *l,
			       unsigned long retval, bool leaf)
{
}

static bool graph_shows_retval(const struct graph_line *l)
{
	return false;
}
#endif

static unsigned long graph_retval(struct ftrace_graph_ret *ret)
{
#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
	return ret->retval;
#else
	return 0;
#endif
}

static bool graph_depth_tracked(int depth)
{
	return depth >= 0 && depth < FTRACE_RETFUNC_DEPTH;
}

/*
 * Did this reader show the entry line of the call that @l returns from?
 * Without state (the oops dump) the best guess: not under tracing_thresh,
 * which records no entries.
 */
static bool graph_entry_shown(const struct graph_line *l)
{
	if (!l->state)
		return !trace_graph_thresh();
	if (!graph_depth_tracked(l->depth))
		return true;
	return l->state->entered[l->depth] == l->func;
}

/* Remember what the line of iter->ent showed, once it is shown whole. */
static void graph_remember(struct trace_iterator *iter,
			   const struct graph_line *l, enum print_line_t ret)
{
	if (!l->state || ret != TRACE_TYPE_HANDLED ||
	    trace_seq_has_overflowed(&iter->seq))
		return;
	l->state->last_pid = iter->ent->pid;
	if (!l->track)
		return;
	l->state->depth = l->open;
	if (graph_depth_tracked(l->depth))
		l->state->entered[l->depth] = l->entered;
}

/*
 * The return that follows @ent on its CPU if nothing came in between:
 * then @ent is a leaf.
 */
static struct ftrace_graph_ret_entry *
graph_find_leaf_return(struct trace_iterator *iter,
		       struct ftrace_graph_ent_entry *ent)
{
	struct ring_buffer_event *event;
	struct ftrace_graph_ret_entry *next;

	event = trace_iter_peek_cpu(iter);
	if (!event)
		return NULL;
	next = ring_buffer_event_data(event);
	if (next->ent.type != TRACE_GRAPH_RET || next->ent.pid != ent->ent.pid ||
	    next->ret.func != ent->graph_ent.func ||
	    next->ret.depth != ent->graph_ent.depth)
		return NULL;
	return next;
}

static enum print_line_t graph_print_entry(struct trace_iterator *iter,
					   struct graph_line *l)
{
	struct ftrace_graph_ent_entry *ent = (void *)iter->ent;
	struct ftrace_graph_ret_entry *leaf;
	struct trace_seq *s = &iter->seq;

	l->func = ent->graph_ent.func;
	l->depth = ent->graph_ent.depth;
	leaf = graph_find_leaf_return(iter, ent);
	/* A leaf leaves nothing open at its depth. */
	l->track = true;
	l->entered = leaf ? 0 : l->func;
	l->open = leaf ? l->depth - 1 : l->depth;

	graph_print_switch(iter, l);
	graph_print_irq_mark(iter, l, true);
	graph_print_prefix(iter, l);
	if (leaf) {
		l->duration = leaf->ret.rettime - leaf->ret.calltime;
		graph_print_duration(s, l, l->duration, true);
		graph_print_indent(s, l->depth);
		trace_seq_sym(s, l->func);
		trace_seq_puts(s, "();");
		graph_print_retval(s, l, graph_retval(&leaf->ret), true);
	} else {
		graph_print_duration(s, l, 0, false);
		graph_print_indent(s, l->depth);
		trace_seq_sym(s, l->func);
		trace_seq_puts(s, "() {");
	}
	trace_seq_putc(s, '\n');
	if (leaf)
		graph_print_irq_mark(iter, l, false);
	if (trace_seq_has_overflowed(s))
		return TRACE_TYPE_PARTIAL_LINE;
	/* The return is shown: step over it. */
	if (leaf)
		trace_iter_skip_cpu(iter);
	return TRACE_TYPE_HANDLED;
}

static enum print_line_t graph_print_return(struct trace_iterator *iter,
					    struct graph_line *l)
{
	struct ftrace_graph_ret_entry *ret = (void *)iter->ent;
	struct trace_seq *s = &iter->seq;

	l->func = ret->ret.func;
	l->depth = ret->ret.depth;
	l->duration = ret->ret.rettime - ret->ret.calltime;
	l->track = true;
	l->entered = 0;
	l->open = l->depth - 1;
	graph_print_switch(iter, l);
	graph_print_prefix(iter, l);
	graph_print_duration(s, l, l->duration, true);
	graph_print_indent(s, l->depth);
	trace_seq_putc(s, '}');
	if (graph_shows_retval(l))
		graph_print_retval(s, l, graph_retval(&ret->ret), false);
	else if (graph_opt(l, TRACE_OPT(FUNCGRAPH_TAIL)) ||
		 !graph_entry_shown(l))
		graph_print_func_comment(s, l->func);
	trace_seq_putc(s, '\n');
	/* on a line of its own, as upstream */
	if (graph_opt(l, TRACE_OPT(FUNCGRAPH_OVERRUN)))
		trace_seq_printf(s, " (Overruns: %u)\n", ret->ret.overrun);
	graph_print_irq_mark(iter, l, false);
	return trace_handle_return(s);
}

/*
 * Another record while function_graph is current: a comment, indented
 * under the function open on its CPU.  trace_printk() and trace_marker
 * records show their text only.
 */
static enum print_line_t graph_print_comment(struct trace_iterator *iter,
					     struct graph_line *l)
{
	struct trace_seq *s = &iter->seq;
	struct trace_event *event = NULL;
	enum print_line_t ret;
	int open = l->state ? l->state->depth : 0;

	if (!trace_is_printk_type(iter->ent->type)) {
		event = ftrace_find_event(iter->ent->type);
		if (!event || !event->funcs->trace)
			return TRACE_TYPE_UNHANDLED;
	}
	graph_print_switch(iter, l);
	graph_print_prefix(iter, l);
	graph_print_duration(s, l, 0, false);
	if (open > 0)
		graph_print_indent(s, open + 1);
	trace_seq_puts(s, "/* ");
	if (!event)
		ret = trace_print_msg_only(iter);
	else
		ret = event->funcs->trace(iter, l->flags & TRACE_OPT_SYM_MASK,
					  event);
	if (ret != TRACE_TYPE_HANDLED)
		return ret;
	/* The record's text ends its line; the comment closes it. */
	if (s->seq.len && s->buffer[s->seq.len - 1] == '\n')
		s->seq.len--;
	trace_seq_puts(s, " */\n");
	return trace_handle_return(s);
}

/*
 * The line of iter->ent in the columns @flags choose; @lat: a latency
 * tracer's (display-graph).
 */
static enum print_line_t graph_print_line(struct trace_iterator *iter,
					  u64 flags, bool lat)
{
	struct graph_reader *reader = iter->private;
	struct graph_line l = {
		.flags = flags,
		/* option bits: trace_set_opt() may flip them meanwhile */
		.ctx = READ_ONCE(iter->tr->flags) & TRACE_OPT(CONTEXT_INFO),
		.rel_time = lat,
		/* the option, not the reader's flag: a dump sets that */
		.irq_info = lat ||
			    (READ_ONCE(iter->tr->flags) & TRACE_OPT(LATENCY_FMT)),
		.state = reader ? per_cpu_ptr(reader->cpus, iter->cpu) : NULL,
	};
	enum print_line_t ret;
	int idx;

	/* a comment line is another event's print function: may sleep */
	idx = trace_event_print_lock();
	switch (iter->ent->type) {
	case TRACE_GRAPH_ENT:
		ret = graph_print_entry(iter, &l);
		break;
	case TRACE_GRAPH_RET:
		ret = graph_print_return(iter, &l);
		break;
	default:
		ret = graph_print_comment(iter, &l);
		break;
	}
	trace_event_print_unlock(idx);
	graph_remember(iter, &l, ret);
	return ret;
}

/**
 * trace_graph_print_line - function_graph's text of iter->ent
 * @iter: the reader
 *
 * Return: TRACE_TYPE_HANDLED, or TRACE_TYPE_PARTIAL_LINE when the line
 * did not fit (it is printed again, whole).
 */
enum print_line_t trace_graph_print_line(struct trace_iterator *iter)
{
	/* one snapshot of the option bits, flipped by trace_set_opt() */
	return graph_print_line(iter, READ_ONCE(iter->tr->flags), false);
}

/**
 * trace_graph_open - set up function_graph's state for a reader
 * @iter: the reader; iter->private is set, or left NULL without memory
 *        (the output then has no task-switch blocks and names a
 *        return's function only under tracing_thresh)
 */
void trace_graph_open(struct trace_iterator *iter)
{
	struct graph_reader *reader;
	int cpu;

	reader = kzalloc(sizeof(*reader), GFP_KERNEL);
	if (!reader)
		return;
	reader->cpus = alloc_percpu(struct graph_cpu_state);
	if (!reader->cpus) {
		kfree(reader);
		return;
	}
	for_each_possible_cpu(cpu) {
		per_cpu_ptr(reader->cpus, cpu)->last_pid = -1;
		per_cpu_ptr(reader->cpus, cpu)->depth = -1;
	}
	iter->private = reader;
}

/**
 * trace_graph_close - free what trace_graph_open() set up
 * @iter: the reader
 */
void trace_graph_close(struct trace_iterator *iter)
{
	struct graph_reader *reader = iter->private;

	if (!reader)
		return;
	free_percpu(reader->cpus);
	kfree(reader);
}

/* The legend of the irq-info columns, arrows pointing at "||||". */
static const char * const graph_irq_legend[] = {
	"  _-----=> irqs-off        ",
	" / _----=> need-resched    ",
	"| / _---=> hardirq/softirq ",
	"|| / _--=> preempt-depth   ",
	"||| /                      ",
};

/*
 * The column titles for the columns @flags choose; @rel_time and
 * @irq_info as struct graph_line.
 */
static void graph_print_titles(struct seq_file *m, u64 flags, bool rel_time,
			       bool irq_info)
{
	bool abs = flags & TRACE_OPT(FUNCGRAPH_ABSTIME);
	bool cpu = flags & TRACE_OPT(FUNCGRAPH_CPU);
	bool proc = flags & TRACE_OPT(FUNCGRAPH_PROC);
	bool dur = flags & TRACE_OPT(FUNCGRAPH_DURATION);
	int i;

	for (i = 0; irq_info && i < ARRAY_SIZE(graph_irq_legend); i++)
		seq_printf(m, "#%*s%s\n",
			   (abs + rel_time) * 16 + cpu * 4 + proc * 17, "",
			   graph_irq_legend[i]);
	seq_printf(m, "#%s%s%s%s%s%s               FUNCTION CALLS\n",
		   abs ? "     TIME       " : "",
		   rel_time ? "   REL TIME     " : "", cpu ? " CPU" : "",
		   proc ? "  TASK/PID       " : "", irq_info ? "||||   " : "",
		   dur ? "  DURATION   " : "");
	seq_printf(m, "#%s%s%s%s%s%s               |   |   |   |\n",
		   abs ? "      |         " : "",
		   rel_time ? "      |         " : "", cpu ? " |  " : "",
		   proc ? "   |    |        " : "", irq_info ? "||||   " : "",
		   dur ? "   |   |      " : "");
}

/**
 * trace_graph_print_header - the column titles of a function_graph trace
 * @m:    the trace file
 * @iter: its reader
 *
 * Under latency-format, the latency header and the irq-info columns'
 * legend first (nothing for an empty buffer).  Without context-info,
 * only the tracer's name.
 */
void trace_graph_print_header(struct seq_file *m, struct trace_iterator *iter)
{
	/* one snapshot of the option bits, flipped by trace_set_opt() */
	u64 flags = READ_ONCE(iter->tr->flags);
	bool lat = iter->iter_flags & TRACE_FILE_LAT_FMT;

	if (lat) {
		if (!trace_print_lat_header(m, iter))
			return;
	} else {
		seq_printf(m, "# tracer: %s\n#\n", iter->trace->name);
		if (!(flags & TRACE_OPT(CONTEXT_INFO)))
			return;
	}
	graph_print_titles(m, flags, false, lat);
}

/* --- the records as events of any tracer ----------------------------------- */

static enum print_line_t graph_event_trace(struct trace_iterator *iter,
					   int flags, struct trace_event *event)
{
	struct trace_seq *s = &iter->seq;

	if (iter->ent->type == TRACE_GRAPH_ENT) {
		struct ftrace_graph_ent_entry *e = (void *)iter->ent;

		trace_seq_printf(s, "%*s%ps() {\n", e->graph_ent.depth * INDENT,
				 "", (void *)e->graph_ent.func);
	} else {
		struct ftrace_graph_ret_entry *r = (void *)iter->ent;

		trace_seq_printf(s, "%*s} /* %ps */\n", r->ret.depth * INDENT,
				 "", (void *)r->ret.func);
	}
	return trace_handle_return(s);
}

static enum print_line_t graph_event_raw(struct trace_iterator *iter,
					 int flags, struct trace_event *event)
{
	struct trace_seq *s = &iter->seq;

	if (iter->ent->type == TRACE_GRAPH_ENT) {
		struct ftrace_graph_ent_entry *e = (void *)iter->ent;

		trace_seq_printf(s, "%lx %d\n", e->graph_ent.func,
				 e->graph_ent.depth);
	} else {
		struct ftrace_graph_ret_entry *r = (void *)iter->ent;

		trace_seq_printf(s, "%lx %lx %d %u %llu %llu\n", r->ret.func,
				 graph_retval(&r->ret), r->ret.depth,
				 r->ret.overrun, r->ret.calltime,
				 r->ret.rettime);
	}
	return trace_handle_return(s);
}

static struct trace_event_functions graph_event_funcs = {
	.trace	= graph_event_trace,
	.raw	= graph_event_raw,
};

static struct trace_event graph_ent_event = {
	.type	= TRACE_GRAPH_ENT,
	.funcs	= &graph_event_funcs,
};

static struct trace_event graph_ret_event = {
	.type	= TRACE_GRAPH_RET,
	.funcs	= &graph_event_funcs,
};

/**
 * trace_graph_output_init - register the graph record types' output
 *
 * Return: 0, or -EBUSY if a type was taken.
 */
int __init trace_graph_output_init(void)
{
	if (!register_trace_event(&graph_ent_event) ||
	    !register_trace_event(&graph_ret_event))
		return -EBUSY;
	return 0;
}

/* --- display-graph: the latency tracers' traces as call graphs ------------- */

/*
 * The columns of a latency tracer's graph, whatever the funcgraph-*
 * options say: CPU, task and duration with its size mark, as upstream.
 */
#define GRAPH_LAT_FLAGS							\
	(TRACE_OPT(FUNCGRAPH_CPU) | TRACE_OPT(FUNCGRAPH_PROC) |		\
	 TRACE_OPT(FUNCGRAPH_DURATION) | TRACE_OPT(FUNCGRAPH_OVERHEAD))

static bool graph_lat_shown(struct trace_iterator *iter)
{
	/* option bits: trace_set_opt() may flip them while we print */
	return READ_ONCE(iter->tr->flags) & TRACE_OPT(DISPLAY_GRAPH);
}

/**
 * trace_graph_lat_print_line - a latency tracer's print_line
 * @iter: the reader
 *
 * With display-graph, graph records and the tracer's own records (as
 * comments) are drawn in the graph's columns; stack traces and
 * function records are left to the latency format, as upstream does.
 *
 * Return: as trace_graph_print_line(), or TRACE_TYPE_UNHANDLED.
 */
enum print_line_t trace_graph_lat_print_line(struct trace_iterator *iter)
{
	switch (iter->ent->type) {
	case TRACE_FN:
	case TRACE_STACK:
	case TRACE_USER_STACK:
		return TRACE_TYPE_UNHANDLED;
	}
	if (!graph_lat_shown(iter))
		return TRACE_TYPE_UNHANDLED;
	return graph_print_line(iter, GRAPH_LAT_FLAGS, true);
}

/**
 * trace_graph_lat_print_header - a latency tracer's print_header
 * @m:    the trace file
 * @iter: its reader
 *
 * The latency header, then the graph's column titles with
 * display-graph, or the core's header without.
 */
void trace_graph_lat_print_header(struct seq_file *m,
				  struct trace_iterator *iter)
{
	if (!graph_lat_shown(iter)) {
		trace_default_header(m, iter);
		return;
	}
	if (!trace_print_lat_header(m, iter))
		return;
	graph_print_titles(m, GRAPH_LAT_FLAGS, true, true);
}

/**
 * trace_graph_lat_open - a latency tracer's open
 * @iter: the reader
 *
 * Sets up the graph reader's state with display-graph on; the output
 * copes without it when the option is turned on later.
 */
void trace_graph_lat_open(struct trace_iterator *iter)
{
	if (graph_lat_shown(iter))
		trace_graph_open(iter);
}
