// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Turning records into text: the table of record types and their print
 * functions (struct trace_event), the header of the trace file, the
 * context columns that start each line, and the print functions of the
 * core's own record types (trace_printk(), trace_marker, stacks).
 *
 * The format is ABI: tools and scripts parse it.  A default line reads
 *
 *        <comm>-<pid>     [<cpu>] <flags> <secs>.<usecs>: <record>
 *
 * with the flags columns only when the irq-info option is set.  The
 * latency-format option gives the older, denser layout
 *
 *    <comm>-<pid>  <cpu><flags> <usecs>us<mark>: <record>
 *
 * and raw, hex and bin print numbers and bytes instead of text.
 */

#include <linux/kallsyms.h>
#include <linux/seq_file.h>
#include <linux/utsname.h>
#include <linux/preempt.h>
#include <linux/rculist.h>
#include <linux/srcu.h>
#include <linux/hashtable.h>
#include <linux/idr.h>

#include "trace.h"
#include "trace_latency.h"

/* --- the table of record types ------------------------------------------ */

/*
 * Registered types by number.  Readers look them up, and call their print
 * functions, under trace_event_srcu (trace_event_print_lock()): a print
 * function may sleep (a user stack's file names take the mmap lock), so
 * SRCU rather than RCU; the NMI-safe flavour, for ftrace_dump_on_oops.
 * Registration is serialized by trace_event_mutex; unregister_trace_event()
 * waits for the readers.
 */
#define TRACE_EVENT_HASH_BITS	7
static DEFINE_HASHTABLE(trace_event_table, TRACE_EVENT_HASH_BITS);
static DEFINE_MUTEX(trace_event_mutex);
static DEFINE_IDA(trace_event_ida);
DEFINE_STATIC_SRCU(trace_event_srcu);

/**
 * trace_event_print_lock - start using registered events and their fields
 *
 * Until trace_event_print_unlock(); the caller may sleep meanwhile.
 *
 * Return: the cookie for trace_event_print_unlock().
 */
int trace_event_print_lock(void)
{
	return srcu_read_lock_nmisafe(&trace_event_srcu);
}

/**
 * trace_event_print_unlock - end what trace_event_print_lock() started
 * @idx: its cookie
 */
void trace_event_print_unlock(int idx)
{
	srcu_read_unlock_nmisafe(&trace_event_srcu, idx);
}

/**
 * ftrace_find_event - the print functions of a record type
 * @type: the record type
 *
 * The caller is inside trace_event_print_lock() (or rcu_read_lock())
 * while it uses the result.
 *
 * Return: the registered trace_event, or NULL.
 */
struct trace_event *ftrace_find_event(int type)
{
	struct trace_event *event;

	hash_for_each_possible_rcu(trace_event_table, event, node, type,
				   lockdep_is_held(&trace_event_mutex) ||
				   srcu_read_lock_held(&trace_event_srcu)) {
		if (event->type == type)
			return event;
	}
	return NULL;
}

/**
 * register_trace_event - teach the trace output a record type
 * @event: the type and its print functions; @event->type 0 asks for a
 *         free number, which is stored in @event->type
 *
 * Return: the record type, or 0 if it is taken or none is free.
 */
int register_trace_event(struct trace_event *event)
{
	int type;

	if (WARN_ON_ONCE(!event || !event->funcs))
		return 0;

	guard(mutex)(&trace_event_mutex);
	type = event->type;
	if (!type) {
		type = ida_alloc_range(&trace_event_ida,
				       TRACE_FIRST_DYNAMIC_TYPE,
				       TRACE_EVENT_TYPE_MAX, GFP_KERNEL);
		if (type < 0)
			return 0;
	} else if (type >= TRACE_FIRST_DYNAMIC_TYPE) {
		if (type > TRACE_EVENT_TYPE_MAX ||
		    ida_alloc_range(&trace_event_ida, type, type,
				    GFP_KERNEL) < 0)
			return 0;
	} else if (ftrace_find_event(type)) {
		return 0;
	}

	event->type = type;
	hash_add_rcu(trace_event_table, &event->node, type);
	return type;
}
EXPORT_SYMBOL_GPL(register_trace_event);

/**
 * unregister_trace_event - forget a record type
 * @event: an event given to register_trace_event()
 *
 * Records of the type still in a buffer print as unknown afterwards.
 * Waits until no reader can still be using @event.
 *
 * Return: 0.
 */
int unregister_trace_event(struct trace_event *event)
{
	mutex_lock(&trace_event_mutex);
	hash_del_rcu(&event->node);
	if (event->type >= TRACE_FIRST_DYNAMIC_TYPE)
		ida_free(&trace_event_ida, event->type);
	mutex_unlock(&trace_event_mutex);
	synchronize_rcu();
	synchronize_srcu(&trace_event_srcu);
	return 0;
}
EXPORT_SYMBOL_GPL(unregister_trace_event);

/**
 * trace_handle_return - the result of a print function that wrote to @s
 * @s: the sequence it wrote to
 *
 * Return: TRACE_TYPE_PARTIAL_LINE if a write did not fit, else
 * TRACE_TYPE_HANDLED.
 */
enum print_line_t trace_handle_return(struct trace_seq *s)
{
	return trace_seq_has_overflowed(s) ? TRACE_TYPE_PARTIAL_LINE :
					     TRACE_TYPE_HANDLED;
}
EXPORT_SYMBOL_GPL(trace_handle_return);

/* --- pieces of a line ----------------------------------------------------- */

/*
 * Numbers and padding put together by hand, for the columns every line
 * has: vsnprintf() parses its format on every call, and was 40% of the
 * cost of reading a function or function_graph trace.
 */

/**
 * trace_seq_blanks - append blanks
 * @s: the sequence
 * @n: how many; none if @n <= 0
 */
void trace_seq_blanks(struct trace_seq *s, int n)
{
	static const char blanks[] = "                                ";
	int chunk;

	for (; n > 0; n -= chunk) {
		chunk = min_t(int, n, sizeof(blanks) - 1);
		trace_seq_putmem(s, blanks, chunk);
	}
}

/**
 * trace_format_u64 - write a number in decimal
 * @buf:   where to: 20 characters, or @zeros if more
 * @v:     the number
 * @zeros: the least number of digits, zero-padded ("%0*llu")
 *
 * Return: the number of characters written (no NUL).
 */
int trace_format_u64(char *buf, u64 v, int zeros)
{
	char digits[20];
	int n = 0, len = 0;

	do {
		digits[n++] = '0' + do_div(v, 10);
	} while (v);
	while (len < zeros - n)
		buf[len++] = '0';
	while (n)
		buf[len++] = digits[--n];
	return len;
}

/**
 * trace_seq_u64 - append a number right-aligned ("%*llu")
 * @s:     the sequence
 * @v:     the number
 * @width: the least number of columns, blank-padded on the left
 */
void trace_seq_u64(struct trace_seq *s, u64 v, int width)
{
	char num[20];
	int len = trace_format_u64(num, v, 0);

	trace_seq_blanks(s, width - len);
	trace_seq_putmem(s, num, len);
}

/* "func+off/size [module]": sprint_symbol() prints hex without a symbol. */
static noinline void seq_print_sym_offset(struct trace_seq *s, unsigned long ip)
{
	char name[KSYM_SYMBOL_LEN];

	sprint_symbol(name, ip);
	trace_seq_puts(s, name);
}

/**
 * seq_print_ip_sym - print a code address as its symbol
 * @s:         the sequence
 * @ip:        the address
 * @sym_flags: TRACE_OPT(SYM_OFFSET) adds "+off/size [module]",
 *             TRACE_OPT(SYM_ADDR) appends " <address>"
 *
 * An address without a symbol prints as hex, a zero address as "0".
 */
void seq_print_ip_sym(struct trace_seq *s, unsigned long ip,
		      unsigned long sym_flags)
{
	if (!ip) {
		trace_seq_putc(s, '0');
		return;
	}

	if (sym_flags & TRACE_OPT(SYM_OFFSET))
		seq_print_sym_offset(s, ip);
	else if (!trace_seq_sym_name(s, ip))
		trace_seq_printf(s, "0x%08lx", ip);

	if (sym_flags & TRACE_OPT(SYM_ADDR))
		trace_seq_printf(s, " <%0*lx>", 2 * (int)sizeof(long), ip);
}

/*
 * The five flag columns of irq-info: interrupts, resched request, interrupt
 * context, then preemption and migrate-disable depth in hex ('.' for 0).
 */
static char irq_state_char(unsigned char flags)
{
	bool irqs_off = flags & TRACE_FLAG_IRQS_OFF;
	bool bh_off = flags & TRACE_FLAG_BH_OFF;

	if (irqs_off)
		return bh_off ? 'D' : 'd';
	if (bh_off)
		return 'b';
	return flags & TRACE_FLAG_IRQS_NOSUPPORT ? 'X' : '.';
}

static char resched_char(unsigned char flags)
{
	static const char chars[4] = { '.', 'n', 'p', 'N' };
	int idx = (flags & TRACE_FLAG_NEED_RESCHED ? 1 : 0) |
		  (flags & TRACE_FLAG_PREEMPT_RESCHED ? 2 : 0);

	return chars[idx];
}

static char irq_context_char(unsigned char flags)
{
	bool nmi = flags & TRACE_FLAG_NMI;
	bool hard = flags & TRACE_FLAG_HARDIRQ;
	bool soft = flags & TRACE_FLAG_SOFTIRQ;

	if (nmi)
		return hard ? 'Z' : 'z';
	if (hard)
		return soft ? 'H' : 'h';
	return soft ? 's' : '.';
}

static char depth_char(unsigned int depth)
{
	return depth ? hex_asc_lo(depth) : '.';
}

/* The five irq-info columns of @entry at @buf. */
static void format_irq_info(char *buf, const struct trace_entry *entry)
{
	buf[0] = irq_state_char(entry->flags);
	buf[1] = resched_char(entry->flags);
	buf[2] = irq_context_char(entry->flags);
	buf[3] = depth_char(entry->preempt_count & 0xf);
	buf[4] = depth_char(entry->preempt_count >> 4);
}

/**
 * trace_print_irq_info - the five irq-info columns of @entry, "dNh1."
 * @s:     where to
 * @entry: the record
 */
void trace_print_irq_info(struct trace_seq *s, struct trace_entry *entry)
{
	char cols[5];

	format_irq_info(cols, entry);
	trace_seq_putmem(s, cols, sizeof(cols));
}

/* "%*llu" at @buf: @v right-aligned in @width columns; the length. */
static int format_u64_right(char *buf, u64 v, int width)
{
	char num[20];
	int len = trace_format_u64(num, v, 0);
	int pad = max(width - len, 0);

	memset(buf, ' ', pad);
	memcpy(buf + pad, num, len);
	return pad + len;
}

/*
 * " <secs>.<usecs>" for a time clock, " <count>" otherwise, at @buf (28
 * characters); the length.
 */
static int format_timestamp(char *buf, struct trace_iterator *iter)
{
	u64 usecs;
	u32 rem;
	int n;

	buf[0] = ' ';
	if (!(iter->iter_flags & TRACE_FILE_TIME_IN_NS))
		return 1 + format_u64_right(buf + 1, iter->ts, 12);
	usecs = div_u64(iter->ts, NSEC_PER_USEC);
	usecs = div_u64_rem(usecs, USEC_PER_SEC, &rem);
	n = 1 + format_u64_right(buf + 1, usecs, 5);
	buf[n++] = '.';
	return n + trace_format_u64(buf + n, rem, 6);
}

/* "%16s-%-7d " at @buf (30 characters); the length. */
static int format_comm_pid(char *buf, const char *comm, int pid)
{
	int len = strlen(comm);
	int n = max(16 - len, 0), start;

	if (pid < 0)
		return scnprintf(buf, 30, "%16s-%-7d ", comm, pid);
	memset(buf, ' ', n);
	memcpy(buf + n, comm, len);
	n += len;
	buf[n++] = '-';
	start = n;
	n += trace_format_u64(buf + n, pid, 0);
	while (n - start < 7)
		buf[n++] = ' ';
	buf[n++] = ' ';
	return n;
}

/* "[%03d] " at @buf (24 characters); the length. */
static int format_cpu(char *buf, int cpu)
{
	int n;

	buf[0] = '[';
	n = 1 + trace_format_u64(buf + 1, cpu, 3);
	buf[n++] = ']';
	buf[n++] = ' ';
	return n;
}

/*
 * "  <comm>-<pid>  [(<tgid>)] [<cpu>] [<flags>] <time>: ", put together
 * in one buffer and appended at once.
 */
static void print_context(struct trace_iterator *iter, u64 flags)
{
	struct trace_seq *s = &iter->seq;
	struct trace_entry *entry = iter->ent;
	char comm[TASK_COMM_LEN];
	char line[96];
	int n;

	trace_find_cmdline(entry->pid, comm);
	n = format_comm_pid(line, comm, entry->pid);
	if (flags & TRACE_OPT(RECORD_TGID)) {
		int tgid = trace_find_tgid(entry->pid);

		trace_seq_putmem(s, line, n);
		n = 0;
		if (tgid)
			trace_seq_printf(s, "(%7d) ", tgid);
		else
			trace_seq_puts(s, "(-------) ");
	}
	n += format_cpu(line + n, iter->cpu);
	if (flags & TRACE_OPT(IRQ_INFO)) {
		format_irq_info(line + n, entry);
		n += 5;
	}
	n += format_timestamp(line + n, iter);
	line[n++] = ':';
	line[n++] = ' ';
	trace_seq_putmem(s, line, n);
}

/* --- the latency format ---------------------------------------------------- */

/*
 * The mark after a latency-format time stamp says how long it was until
 * the next record: '$' over 1 s, '@' 100 ms, '*' 10 ms, '#' 1 ms,
 * '!' 100 us, '+' 10 us, ' ' less.
 */
static char delay_mark(u64 delay_ns)
{
	static const struct {
		u64	ns;
		char	mark;
	} marks[] = {
		{ NSEC_PER_SEC, '$' }, { 100 * NSEC_PER_MSEC, '@' },
		{ 10 * NSEC_PER_MSEC, '*' }, { NSEC_PER_MSEC, '#' },
		{ 100 * NSEC_PER_USEC, '!' }, { 10 * NSEC_PER_USEC, '+' },
	};
	int i;

	for (i = 0; i < ARRAY_SIZE(marks); i++)
		if (delay_ns > marks[i].ns)
			return marks[i].mark;
	return ' ';
}

/*
 * The time of a latency-format line, since the buffer was last emptied,
 * and the delay to the next record:
 *   " <usecs>us<mark>: "                    time clocks
 *   " <count>: "                            counters
 * and with verbose
 *   "[<abs usecs hex>] <ms>.<us>ms (+<ms>.<us>ms): "
 *   "[<count hex>] <count> (+<delta>): "
 */
static void print_lat_time(struct trace_iterator *iter, bool verbose)
{
	struct trace_seq *s = &iter->seq;
	/*
	 * time_start: tracing_reset_all_cpus() may store it (WRITE_ONCE)
	 * while we print; one value for the line.
	 */
	u64 since = iter->ts - (iter->trace && iter->trace->print_max ?
				trace_latency_time_start(iter->tr) :
				READ_ONCE(iter->tr->time_start));
	u64 delay = trace_iter_next_ts(iter) - iter->ts;
	u32 since_rem, delay_rem;

	if (!(iter->iter_flags & TRACE_FILE_TIME_IN_NS)) {
		if (verbose)
			trace_seq_printf(s, "[%016llx] %lld (+%lld): ", iter->ts,
					 since, delay);
		else
			trace_seq_printf(s, " %4lld: ", since);
		return;
	}

	if (!verbose) {
		trace_seq_printf(s, " %4lluus%c: ", div_u64(since, NSEC_PER_USEC),
				 delay_mark(delay));
		return;
	}
	since = div_u64_rem(div_u64(since, NSEC_PER_USEC), USEC_PER_MSEC,
			    &since_rem);
	delay = div_u64_rem(div_u64(delay, NSEC_PER_USEC), USEC_PER_MSEC,
			    &delay_rem);
	trace_seq_printf(s, "[%08llx] %llu.%03ums (+%llu.%03ums): ",
			 div_u64(iter->ts, NSEC_PER_USEC), since, since_rem,
			 delay, delay_rem);
}

/*
 * "<comm>-<pid> <cpu><flags> <time>: ", or with verbose
 * "<comm> <pid> <cpu> <flags hex> <preempt> <index> <time>: ".
 */
static void print_lat_context(struct trace_iterator *iter, u64 flags)
{
	struct trace_seq *s = &iter->seq;
	struct trace_entry *entry = iter->ent;
	bool verbose = flags & TRACE_OPT(VERBOSE);
	char comm[TASK_COMM_LEN];

	trace_find_cmdline(entry->pid, comm);
	if (verbose) {
		trace_seq_printf(s, "%16s %7d %3d %d %08x %08lx ", comm,
				 entry->pid, iter->cpu, entry->flags,
				 entry->preempt_count & 0xf, iter->idx);
	} else {
		trace_seq_printf(s, "%8.8s-%-7d %3d", comm, entry->pid,
				 iter->cpu);
		trace_print_irq_info(s, entry);
	}
	print_lat_time(iter, verbose);
}

/* --- whole lines ------------------------------------------------------------ */

/* A record type without a print function for the chosen format. */
static enum print_line_t print_type_only(struct trace_iterator *iter)
{
	trace_seq_printf(&iter->seq, "type: %d\n", iter->ent->type);
	return trace_handle_return(&iter->seq);
}

/**
 * trace_is_printk_type - is @type a trace_printk() or trace_marker record
 * @type: a record type
 *
 * Return: true for TRACE_PRINT, TRACE_BPRINT and TRACE_BPUTS.
 */
bool trace_is_printk_type(int type)
{
	return type == TRACE_PRINT || type == TRACE_BPRINT ||
	       type == TRACE_BPUTS;
}

/**
 * trace_print_msg_only - the text of a trace_printk() record, nothing else
 * @iter: the reader, on a record of a trace_is_printk_type() type
 *
 * What printk-msg-only shows, and function_graph's comments.
 *
 * Return: TRACE_TYPE_HANDLED, or TRACE_TYPE_PARTIAL_LINE.
 */
enum print_line_t trace_print_msg_only(struct trace_iterator *iter)
{
	struct trace_seq *s = &iter->seq;
	struct trace_entry *entry = iter->ent;

	switch (entry->type) {
	case TRACE_PRINT:
		trace_seq_puts(s, ((struct print_entry *)entry)->buf);
		break;
	case TRACE_BPRINT: {
		struct bprint_entry *field = (struct bprint_entry *)entry;

		trace_seq_bprintf(s, field->fmt, field->buf);
		break;
	}
	case TRACE_BPUTS:
		trace_seq_puts(s, ((struct bputs_entry *)entry)->str);
		break;
	}
	return trace_handle_return(s);
}

static enum print_line_t print_raw_line(struct trace_iterator *iter,
					struct trace_event *event,
					u64 flags)
{
	struct trace_seq *s = &iter->seq;
	struct trace_entry *entry = iter->ent;

	if (flags & TRACE_OPT(CONTEXT_INFO))
		trace_seq_printf(s, "%d %d %llu ", entry->pid, iter->cpu,
				 iter->ts);
	if (!event) {
		trace_seq_printf(s, "%d ?\n", entry->type);
		return trace_handle_return(s);
	}
	if (!event->funcs->raw)
		return print_type_only(iter);
	return event->funcs->raw(iter, 0, event);
}

/* hex: the pid, CPU and time stamp as hex bytes, then the record. */
static enum print_line_t print_hex_line(struct trace_iterator *iter,
					struct trace_event *event,
					u64 flags)
{
	struct trace_seq *s = &iter->seq;
	enum print_line_t ret;

	if (flags & TRACE_OPT(CONTEXT_INFO)) {
		trace_seq_putmem_hex(s, &iter->ent->pid, sizeof(iter->ent->pid));
		trace_seq_putmem_hex(s, &iter->cpu, sizeof(iter->cpu));
		trace_seq_putmem_hex(s, &iter->ts, sizeof(iter->ts));
		if (trace_seq_has_overflowed(s))
			return TRACE_TYPE_PARTIAL_LINE;
	}
	if (event) {
		ret = event->funcs->hex ? event->funcs->hex(iter, 0, event) :
					  print_type_only(iter);
		if (ret != TRACE_TYPE_HANDLED)
			return ret;
	}
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

/* bin: the pid, CPU and time stamp as they are in memory, then the record. */
static enum print_line_t print_bin_line(struct trace_iterator *iter,
					struct trace_event *event,
					u64 flags)
{
	struct trace_seq *s = &iter->seq;

	if (flags & TRACE_OPT(CONTEXT_INFO)) {
		trace_seq_putmem(s, &iter->ent->pid, sizeof(iter->ent->pid));
		trace_seq_putmem(s, &iter->cpu, sizeof(iter->cpu));
		trace_seq_putmem(s, &iter->ts, sizeof(iter->ts));
		if (trace_seq_has_overflowed(s))
			return TRACE_TYPE_PARTIAL_LINE;
	}
	if (!event)
		return TRACE_TYPE_HANDLED;
	return event->funcs->binary ? event->funcs->binary(iter, 0, event) :
				      print_type_only(iter);
}

/*
 * annotate: "##### CPU <n> buffer started ####" before the first record
 * of a CPU, when rings lost records (TRACE_FILE_ANNOTATE) and so may start
 * at different times.  Not before the first two records of the trace,
 * nor for a CPU whose first records a latency trace left out.
 */
static void print_cpu_started(struct trace_iterator *iter, u64 flags)
{
	if (!(flags & TRACE_OPT(ANNOTATE)) ||
	    !(iter->iter_flags & TRACE_FILE_ANNOTATE) ||
	    !cpumask_available(iter->started) ||
	    cpumask_test_and_set_cpu(iter->cpu, iter->started))
		return;
	if (iter->idx > 1)
		trace_seq_printf(&iter->seq, "##### CPU %u buffer started ####\n",
				 iter->cpu);
}

static enum print_line_t print_text_line(struct trace_iterator *iter,
					 struct trace_event *event,
					 u64 flags)
{
	struct trace_seq *s = &iter->seq;

	print_cpu_started(iter, flags);
	if (flags & TRACE_OPT(CONTEXT_INFO)) {
		if (iter->iter_flags & TRACE_FILE_LAT_FMT)
			print_lat_context(iter, flags);
		else
			print_context(iter, flags);
	}
	if (!event || !event->funcs->trace) {
		trace_seq_printf(s, "Unknown type %d\n", iter->ent->type);
		return trace_handle_return(s);
	}
#ifdef CONFIG_EVENT_TRACING
	if (flags & TRACE_OPT(FIELDS))
		return trace_print_event_fields(iter, event);
#endif
	return event->funcs->trace(iter, flags & TRACE_OPT_SYM_MASK, event);
}

/**
 * trace_print_line - format iter->ent into iter->seq
 * @iter: the reader, positioned on a record
 *
 * Prints a "CPU:n [LOST m EVENTS]" line first when records were lost
 * before this one, then the record as the options ask.
 *
 * Return: what the record's print function returned;
 * TRACE_TYPE_PARTIAL_LINE if the text did not fit.
 */
enum print_line_t trace_print_line(struct trace_iterator *iter)
{
	/*
	 * One snapshot of the option bits per line: trace_set_opt()
	 * (trace_types_lock, not held by readers) may flip them meanwhile.
	 */
	u64 flags = READ_ONCE(iter->tr->flags);
	struct trace_seq *s = &iter->seq;
	struct trace_event *event;
	enum print_line_t ret;
	int idx;

	if (iter->lost_events == (unsigned long)-1)
		trace_seq_printf(s, "CPU:%d [LOST EVENTS]\n", iter->cpu);
	else if (iter->lost_events)
		trace_seq_printf(s, "CPU:%d [LOST %lu EVENTS]\n", iter->cpu,
				 iter->lost_events);
	if (trace_seq_has_overflowed(s))
		return TRACE_TYPE_PARTIAL_LINE;

	/* The tracer's own layout, whatever the format options say. */
	if (iter->trace && iter->trace->print_line) {
		ret = iter->trace->print_line(iter);
		if (ret != TRACE_TYPE_UNHANDLED)
			return ret;
	}

	if ((flags & TRACE_OPT(PRINTK_MSGONLY)) &&
	    trace_is_printk_type(iter->ent->type))
		return trace_print_msg_only(iter);

	idx = trace_event_print_lock();
	event = ftrace_find_event(iter->ent->type);
	if (flags & TRACE_OPT(BIN))
		ret = print_bin_line(iter, event, flags);
	else if (flags & TRACE_OPT(HEX))
		ret = print_hex_line(iter, event, flags);
	else if (flags & TRACE_OPT(RAW))
		ret = print_raw_line(iter, event, flags);
	else
		ret = print_text_line(iter, event, flags);
	trace_event_print_unlock(idx);
	return ret;
}

/* --- the header of the trace file ------------------------------------------ */

/* The legend of the irq-info columns, arrows pointing at "|||||". */
static const char * const irq_info_legend[] = {
	"  _-----=> irqs-off/BH-disabled",
	" / _----=> need-resched",
	"| / _---=> hardirq/softirq",
	"|| / _--=> preempt-depth",
	"||| / _-=> migrate-disable",
	"|||| /     delay",
};

/* Records in the buffer, and records written (including overwritten ones). */
static void print_entry_counts(struct seq_file *m, struct trace_buffer *buffer)
{
	unsigned long entries = 0, written = 0;
	int cpu;

	for_each_possible_cpu(cpu) {
		unsigned long n = ring_buffer_entries_cpu(buffer, cpu);

		entries += n;
		written += n + ring_buffer_overrun_cpu(buffer, cpu);
	}
	seq_printf(m, "# entries-in-buffer/entries-written: %lu/%lu   #P:%d\n#\n",
		   entries, written, num_online_cpus());
}

/* The legend of the latency format's columns. */
static const char * const lat_legend[] = {
	"#                    _------=> CPU#            ",
	"#                   / _-----=> irqs-off/BH-disabled",
	"#                  | / _----=> need-resched    ",
	"#                  || / _---=> hardirq/softirq ",
	"#                  ||| / _--=> preempt-depth   ",
	"#                  |||| / _-=> migrate-disable ",
	"#                  ||||| /     delay           ",
	"#  cmd     pid     |||||| time  |   caller     ",
	"#     \\   /        ||||||  \\    |    /       ",
};

static const char *preempt_model_name(void)
{
	if (preempt_model_none())
		return "server";
	if (preempt_model_voluntary())
		return "desktop";
	if (preempt_model_full())
		return "preempt";
	if (preempt_model_rt())
		return "preempt_rt";
	return "unknown";
}

/* "#  => started at: <sym>" and "ended at", when a tracer set them. */
static void print_lat_section(struct seq_file *m, struct trace_iterator *iter,
			      const struct trace_max_info *info)
{
	/* option bits: trace_set_opt() may flip them while we print */
	unsigned long sym_flags = READ_ONCE(iter->tr->flags) &
				  TRACE_OPT_SYM_MASK;

	if (!info->critical_start)
		return;
	trace_seq_init(&iter->seq);
	trace_seq_puts(&iter->seq, "#  => started at: ");
	seq_print_ip_sym(&iter->seq, info->critical_start, sym_flags);
	trace_seq_puts(&iter->seq, "\n#  => ended at:   ");
	seq_print_ip_sym(&iter->seq, info->critical_end, sym_flags);
	trace_seq_puts(&iter->seq, "\n#\n");
	seq_write(m, iter->seq.buffer, trace_seq_used(&iter->seq));
	trace_seq_init(&iter->seq);
}

/*
 * The latency format's header: the maximum latency and the task that
 * had it (zero and nobody but under a latency tracer).
 */
static void print_lat_header(struct seq_file *m, struct trace_iterator *iter)
{
	struct trace_buffer *buffer = trace_iter_buffer(iter);
	unsigned long entries = 0, written = 0;
	struct trace_max_info info = {};
	int cpu;

	if (iter->trace->print_max)
		trace_latency_info(iter->tr, &info);
	for_each_possible_cpu(cpu) {
		unsigned long n = ring_buffer_entries_cpu(buffer, cpu);

		entries += n;
		written += n + ring_buffer_overrun_cpu(buffer, cpu);
	}
	/* Only the latency's own records, as upstream counts them. */
	entries -= min(entries, iter->stale);
	written -= min(written, iter->stale + iter->stale_overrun);
	seq_printf(m, "# %s latency trace v1.1.5 on %s\n", iter->trace->name,
		   init_utsname()->release);
	seq_puts(m, "# --------------------------------------------------------------------\n");
	seq_printf(m, "# latency: %llu us, #%lu/%lu, CPU#%d | (M:%s VP:0, KP:0, SP:0 HP:0",
		   div_u64(info.latency, NSEC_PER_USEC), entries, written,
		   info.cpu, preempt_model_name());
	if (IS_ENABLED(CONFIG_SMP))
		seq_printf(m, " #P:%d)\n", num_online_cpus());
	else
		seq_puts(m, ")\n");
	seq_puts(m, "#    -----------------\n");
	seq_printf(m, "#    | task: %.16s-%d (uid:%u nice:%ld policy:%u rt_prio:%u)\n",
		   info.comm, info.pid, info.uid, info.nice, info.policy,
		   info.rt_priority);
	seq_puts(m, "#    -----------------\n");
	print_lat_section(m, iter, &info);
	seq_puts(m, "#\n");
}

/**
 * trace_print_lat_header - the tracer's name and the latency header
 * @m:    the seq_file
 * @iter: a reader of a latency-format trace
 *
 * For a tracer that draws its own column titles under the latency
 * header.  Like the core's latency format, an empty buffer and
 * context-info off show only the tracer's name.
 *
 * Return: whether the latency header was printed.
 */
bool trace_print_lat_header(struct seq_file *m, struct trace_iterator *iter)
{
	seq_printf(m, "# tracer: %s\n#\n", iter->trace->name);
	/* option bits: trace_set_opt() may flip them while we print */
	if (!(READ_ONCE(iter->tr->flags) & TRACE_OPT(CONTEXT_INFO)) ||
	    trace_iter_empty(iter))
		return false;
	print_lat_header(m, iter);
	return true;
}

/**
 * trace_print_header - the comment lines at the top of the trace file
 * @m:    the seq_file
 * @iter: the reader
 *
 * The tracer's own (@print_header), or trace_default_header().  A
 * snapshot is the core's, except for a tracer whose trace is the
 * snapshot (@print_max).
 */
void trace_print_header(struct seq_file *m, struct trace_iterator *iter)
{
	if (iter->trace->print_header &&
	    (iter->trace->print_max ||
	     !(iter->iter_flags & TRACE_FILE_SNAPSHOT))) {
		iter->trace->print_header(m, iter);
		return;
	}
	trace_default_header(m, iter);
}

/**
 * trace_default_header - the core's comment lines atop the trace file
 * @m:    the seq_file
 * @iter: the reader
 *
 * The tracer's name, then (with context-info) the record counts and the
 * column titles matching the options.  An empty snapshot shows how to
 * use the snapshot file instead.
 */
void trace_default_header(struct seq_file *m, struct trace_iterator *iter)
{
	/* one snapshot of the option bits, flipped by trace_set_opt() */
	u64 flags = READ_ONCE(iter->tr->flags);
	bool tgid = flags & TRACE_OPT(RECORD_TGID);
	bool irq = flags & TRACE_OPT(IRQ_INFO);
	int i;

	seq_printf(m, "# tracer: %s\n#\n", iter->trace->name);
	if (IS_ENABLED(CONFIG_TRACER_SNAPSHOT) &&
	    (iter->iter_flags & TRACE_FILE_SNAPSHOT) &&
	    !iter->trace->print_max && trace_iter_empty(iter)) {
		trace_snapshot_print_help(m, iter);
		return;
	}
	if (!(flags & TRACE_OPT(CONTEXT_INFO)))
		return;

	if (iter->iter_flags & TRACE_FILE_LAT_FMT) {
		/* Nothing at all for an empty buffer. */
		if (trace_iter_empty(iter))
			return;
		print_lat_header(m, iter);
		if (!(flags & TRACE_OPT(VERBOSE))) {
			for (i = 0; i < ARRAY_SIZE(lat_legend); i++)
				seq_printf(m, "%s\n", lat_legend[i]);
		}
		return;
	}
	/* verbose leaves the column titles out. */
	if (flags & TRACE_OPT(VERBOSE))
		return;

	print_entry_counts(m, trace_iter_buffer(iter));
	if (irq) {
		for (i = 0; i < ARRAY_SIZE(irq_info_legend); i++)
			seq_printf(m, "#%*s%s\n", tgid ? 40 : 30, "",
				   irq_info_legend[i]);
	}
	seq_printf(m, "#           TASK-PID    %s CPU#%s  TIMESTAMP  FUNCTION\n",
		   tgid ? "   TGID   " : "", irq ? "  |||||" : "   ");
	seq_printf(m, "#              | |      %s   |%s     |         |\n",
		   tgid ? "     |    " : "", irq ? "   |||||" : "    ");
}

/* --- the core's record types ------------------------------------------------ */

/* TRACE_PRINT: "<caller>: <text>" */
static enum print_line_t print_print(struct trace_iterator *iter, int flags,
				     struct trace_event *event)
{
	struct print_entry *field = (struct print_entry *)iter->ent;

	seq_print_ip_sym(&iter->seq, field->ip, flags);
	trace_seq_printf(&iter->seq, ": %s", field->buf);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t print_print_raw(struct trace_iterator *iter,
					 int flags, struct trace_event *event)
{
	struct print_entry *field = (struct print_entry *)iter->ent;

	trace_seq_printf(&iter->seq, "# %lx %s", field->ip, field->buf);
	return trace_handle_return(&iter->seq);
}

static struct trace_event_functions print_funcs = {
	.trace	= print_print,
	.raw	= print_print_raw,
};

/* TRACE_BPRINT: "<caller>: <format applied to the packed arguments>" */
static enum print_line_t print_bprint(struct trace_iterator *iter, int flags,
				      struct trace_event *event)
{
	struct bprint_entry *field = (struct bprint_entry *)iter->ent;

	seq_print_ip_sym(&iter->seq, field->ip, flags);
	trace_seq_puts(&iter->seq, ": ");
	trace_seq_bprintf(&iter->seq, field->fmt, field->buf);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t print_bprint_raw(struct trace_iterator *iter,
					  int flags, struct trace_event *event)
{
	struct bprint_entry *field = (struct bprint_entry *)iter->ent;

	trace_seq_printf(&iter->seq, ": %lx : ", field->ip);
	trace_seq_bprintf(&iter->seq, field->fmt, field->buf);
	return trace_handle_return(&iter->seq);
}

static struct trace_event_functions bprint_funcs = {
	.trace	= print_bprint,
	.raw	= print_bprint_raw,
};

/* TRACE_BPUTS: "<caller>: <string>" */
static enum print_line_t print_bputs(struct trace_iterator *iter, int flags,
				     struct trace_event *event)
{
	struct bputs_entry *field = (struct bputs_entry *)iter->ent;

	seq_print_ip_sym(&iter->seq, field->ip, flags);
	trace_seq_puts(&iter->seq, ": ");
	trace_seq_puts(&iter->seq, field->str);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t print_bputs_raw(struct trace_iterator *iter,
					 int flags, struct trace_event *event)
{
	struct bputs_entry *field = (struct bputs_entry *)iter->ent;

	trace_seq_printf(&iter->seq, ": %lx : ", field->ip);
	trace_seq_puts(&iter->seq, field->str);
	return trace_handle_return(&iter->seq);
}

static struct trace_event_functions bputs_funcs = {
	.trace	= print_bputs,
	.raw	= print_bputs_raw,
};

/* TRACE_RAW_DATA: "# <id> buf: <bytes in hex>" */
static enum print_line_t print_raw_data(struct trace_iterator *iter, int flags,
					struct trace_event *event)
{
	struct raw_data_entry *field = (struct raw_data_entry *)iter->ent;
	int i, len = iter->ent_size - (int)offsetof(struct raw_data_entry, buf);

	trace_seq_printf(&iter->seq, "# %x buf:", field->id);
	for (i = 0; i < len; i++)
		trace_seq_printf(&iter->seq, " %02x",
				 (unsigned char)field->buf[i]);
	trace_seq_putc(&iter->seq, '\n');
	return trace_handle_return(&iter->seq);
}

static struct trace_event_functions raw_data_funcs = {
	.trace	= print_raw_data,
	.raw	= print_raw_data,
};

/* TRACE_STACK: "<stack trace>" and one " => <function>" line a frame */
static enum print_line_t print_stack(struct trace_iterator *iter, int flags,
				     struct trace_event *event)
{
	struct stack_entry *field = (struct stack_entry *)iter->ent;
	int room = (iter->ent_size - (int)offsetof(struct stack_entry, caller)) /
		   (int)sizeof(long);
	int i, n = min(field->size, room);

	trace_seq_puts(&iter->seq, "<stack trace>\n");
	for (i = 0; i < n && field->caller[i] != ULONG_MAX; i++) {
		trace_seq_puts(&iter->seq, " => ");
		seq_print_ip_sym(&iter->seq, field->caller[i], flags);
		trace_seq_putc(&iter->seq, '\n');
		if (trace_seq_has_overflowed(&iter->seq))
			break;
	}
	return trace_handle_return(&iter->seq);
}

static struct trace_event_functions stack_funcs = {
	.trace	= print_stack,
};

static struct trace_event core_events[] = {
	{ .type = TRACE_PRINT,		.funcs = &print_funcs },
	{ .type = TRACE_BPRINT,		.funcs = &bprint_funcs },
	{ .type = TRACE_BPUTS,		.funcs = &bputs_funcs },
	{ .type = TRACE_RAW_DATA,	.funcs = &raw_data_funcs },
	{ .type = TRACE_STACK,		.funcs = &stack_funcs },
};

/**
 * trace_output_init - register the print functions of the core's records
 */
void __init trace_output_init(void)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(core_events); i++)
		WARN_ON(!register_trace_event(&core_events[i]));
}
