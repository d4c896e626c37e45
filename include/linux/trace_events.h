/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Trace events: the objects TRACE_EVENT() instantiates (event classes,
 * calls and per-instance files), the record header every event starts
 * with, and the glue perf and BPF use to attach to events.
 *
 * Event tracing itself arrives with CONFIG_EVENT_TRACING; what is here now
 * is the interface perf core and BPF compile against whether or not
 * events exist.
 */
#ifndef _LINUX_TRACE_EVENT_H
#define _LINUX_TRACE_EVENT_H

#include <linux/ring_buffer.h>
#include <linux/trace_seq.h>
#include <linux/percpu.h>
#include <linux/hardirq.h>
#include <linux/perf_event.h>
#include <linux/tracepoint.h>

struct trace_event_call;
struct trace_array;
struct tracer;
struct bpf_prog;
struct bpf_raw_tp_link;
union bpf_attr;

/* The longest string an event filter compares against. */
#define MAX_FILTER_STR_VAL	256U

/**
 * struct trace_entry - the header every record in a trace buffer starts with
 * @type:          what follows: one of the core record types or the id of
 *                 a registered struct trace_event
 * @flags:         TRACE_FLAG_* bits describing the context of the writer
 * @preempt_count: preemption depth in bits 0-3, migrate-disable depth in
 *                 bits 4-7, each saturating at 15
 * @pid:           the writer's pid
 *
 * User space (trace-cmd, perf) decodes this layout from trace_pipe_raw
 * as the "common_" fields of every event format: it is ABI.
 */
struct trace_entry {
	unsigned short		type;
	unsigned char		flags;
	unsigned char		preempt_count;
	int			pid;
};

/* The largest record type number struct trace_entry can hold. */
#define TRACE_EVENT_TYPE_MAX						\
	((1 << (sizeof(((struct trace_entry *)0)->type) * 8)) - 1)

/* struct trace_entry::flags; the values are ABI. */
enum trace_flag_type {
	TRACE_FLAG_IRQS_OFF		= 0x01,
	TRACE_FLAG_IRQS_NOSUPPORT	= 0x02,
	TRACE_FLAG_NEED_RESCHED		= 0x04,
	TRACE_FLAG_HARDIRQ		= 0x08,
	TRACE_FLAG_SOFTIRQ		= 0x10,
	TRACE_FLAG_PREEMPT_RESCHED	= 0x20,
	TRACE_FLAG_NMI			= 0x40,
	TRACE_FLAG_BH_OFF		= 0x80,
};

/*
 * A "trace context" word describes the writer once, before it reserves a
 * record: the struct trace_entry flags in bits 16-23 and its preempt_count
 * byte in bits 0-7.  tracing_generic_entry_update() unpacks it.
 */
#define TRACE_CTX_FLAGS_SHIFT	16

#ifdef CONFIG_TRACING
unsigned int tracing_gen_ctx_irq_test(unsigned int irqs_status);
#else
static inline unsigned int tracing_gen_ctx_irq_test(unsigned int irqs_status)
{
	return 0;
}
#endif

#ifdef CONFIG_TRACE_IRQFLAGS_SUPPORT
/* The context of a writer whose interrupt state was saved in @irqflags. */
static inline unsigned int tracing_gen_ctx_flags(unsigned long irqflags)
{
	return tracing_gen_ctx_irq_test(irqs_disabled_flags(irqflags) ?
					TRACE_FLAG_IRQS_OFF : 0);
}

/* The context of the current writer. */
static inline unsigned int tracing_gen_ctx(void)
{
	unsigned long irqflags;

	local_save_flags(irqflags);
	return tracing_gen_ctx_flags(irqflags);
}
#else
static inline unsigned int tracing_gen_ctx_flags(unsigned long irqflags)
{
	return tracing_gen_ctx_irq_test(TRACE_FLAG_IRQS_NOSUPPORT);
}

static inline unsigned int tracing_gen_ctx(void)
{
	return tracing_gen_ctx_irq_test(TRACE_FLAG_IRQS_NOSUPPORT);
}
#endif

/*
 * As tracing_gen_ctx(), for a writer that runs with preemption disabled
 * only because it is writing a record (a tracepoint probe): that one
 * level is not the traced code's, so it is not reported.
 */
static inline unsigned int tracing_gen_ctx_dec(void)
{
	unsigned int trace_ctx = tracing_gen_ctx();

	if (IS_ENABLED(CONFIG_PREEMPTION) && (trace_ctx & 0xf))
		trace_ctx--;
	return trace_ctx;
}

/* Fill in the header of a record reserved by the current task. */
static inline void tracing_generic_entry_update(struct trace_entry *entry,
						unsigned short type,
						unsigned int trace_ctx)
{
	entry->type = type;
	entry->flags = trace_ctx >> TRACE_CTX_FLAGS_SHIFT;
	entry->preempt_count = trace_ctx & 0xff;
	entry->pid = current->pid;
}

/**
 * struct trace_iterator - a reader's position in a trace buffer
 * @tr:          the trace instance being read
 * @trace:       the tracer that was current when the file was opened
 * @cpu_file:    the CPU the file shows, or RING_BUFFER_ALL_CPUS
 * @iter_flags:  TRACE_FILE_* bits
 * @mutex:       serializes the readers of one open file
 * @buffer_iter: one non-consuming ring buffer iterator per CPU ("trace"),
 *               or NULL for a consuming reader ("trace_pipe")
 * @temp:        a copy of the current record for non-consuming readers
 * @temp_size:   its allocated size
 * @tmp_seq:     scratch sequence for print helpers (__print_flags() ...)
 * @closed:      the file is being released; waiters must leave
 * @seq:         the text of the current line(s), not yet copied out
 * @ent:         the current record
 * @lost_events: records lost on @cpu just before @ent ((unsigned long)-1
 *               when the number is unknown)
 * @ent_size:    the size of @ent in bytes
 * @cpu:         the CPU @ent was recorded on
 * @ts:          its time stamp, in trace clock units
 * @pos:         seq_file position of @ent (0 is the header)
 * @idx:         number of records passed so far
 * @read_any:    a consuming reader has returned data at least once
 *
 * Print functions of struct trace_event format @ent into @seq.
 */
struct trace_iterator {
	struct trace_array	*tr;
	struct tracer		*trace;
	int			cpu_file;
	unsigned long		iter_flags;
	struct mutex		mutex;
	struct ring_buffer_iter	**buffer_iter;
	void			*temp;
	unsigned int		temp_size;
	struct trace_seq	tmp_seq;
	bool			closed;

	struct trace_seq	seq;
	struct trace_entry	*ent;
	unsigned long		lost_events;
	int			ent_size;
	int			cpu;
	u64			ts;
	loff_t			pos;
	long			idx;
	bool			read_any;
};

/* struct trace_iterator::iter_flags */
enum trace_iter_flags {
	TRACE_FILE_LAT_FMT	= 1,	/* latency output format */
	TRACE_FILE_ANNOTATE	= 2,	/* mark where a CPU's records start */
	TRACE_FILE_TIME_IN_NS	= 4,	/* the clock counts nanoseconds */
};

/* What a print function did with the record it was given. */
enum print_line_t {
	TRACE_TYPE_PARTIAL_LINE	= 0,	/* the line did not fit: retry */
	TRACE_TYPE_HANDLED	= 1,
	TRACE_TYPE_UNHANDLED	= 2,	/* not this function's business */
	TRACE_TYPE_NO_CONSUME	= 3,	/* printed, but keep the record */
};

struct trace_event;

typedef enum print_line_t (*trace_print_func)(struct trace_iterator *iter,
					      int flags,
					      struct trace_event *event);

/**
 * struct trace_event_functions - how a record type is shown
 * @trace:  the default text output (after the context columns)
 * @raw:    the "raw" option's output
 * @hex:    the "hex" option's output
 * @binary: the "bin" option's output
 *
 * Any of them may be NULL; the output falls back to a generic line.
 */
struct trace_event_functions {
	trace_print_func	trace;
	trace_print_func	raw;
	trace_print_func	hex;
	trace_print_func	binary;
};

/**
 * struct trace_event - a record type the trace output knows how to print
 * @node:  link in the table of types (owned by the tracing core)
 * @type:  the record type; 0 asks register_trace_event() for a free one
 * @funcs: the print functions
 */
struct trace_event {
	struct hlist_node		node;
	int				type;
	struct trace_event_functions	*funcs;
};

#ifdef CONFIG_TRACING
int register_trace_event(struct trace_event *event);
int unregister_trace_event(struct trace_event *event);
enum print_line_t trace_handle_return(struct trace_seq *s);
#endif

/*
 * BPF programs on trace events come with CONFIG_BPF_EVENTS, which we do
 * not offer: every attach is refused and a BPF test on an event passes the
 * event through.
 */
static inline unsigned int trace_call_bpf(struct trace_event_call *call,
					  void *ctx)
{
	return 1;
}

static inline int perf_event_attach_bpf_prog(struct perf_event *event,
					     struct bpf_prog *prog,
					     u64 bpf_cookie)
{
	return -EOPNOTSUPP;
}

static inline void perf_event_detach_bpf_prog(struct perf_event *event)
{
}

static inline int perf_event_query_prog_array(struct perf_event *event,
					      void __user *info)
{
	return -EOPNOTSUPP;
}

static inline int bpf_probe_register(struct bpf_raw_event_map *btp,
				     struct bpf_raw_tp_link *link)
{
	return -EOPNOTSUPP;
}

static inline int bpf_probe_unregister(struct bpf_raw_event_map *btp,
				       struct bpf_raw_tp_link *link)
{
	return -EOPNOTSUPP;
}

static inline struct bpf_raw_event_map *bpf_get_raw_tracepoint(const char *name)
{
	return NULL;
}

static inline void bpf_put_raw_tracepoint(struct bpf_raw_event_map *btp)
{
}

static inline int bpf_get_perf_event_info(const struct perf_event *event,
					  u32 *prog_id, u32 *fd_type,
					  const char **buf, u64 *probe_offset,
					  u64 *probe_addr,
					  unsigned long *missed)
{
	return -EOPNOTSUPP;
}

static inline int bpf_kprobe_multi_link_attach(const union bpf_attr *attr,
					       struct bpf_prog *prog)
{
	return -EOPNOTSUPP;
}

static inline int bpf_uprobe_multi_link_attach(const union bpf_attr *attr,
					       struct bpf_prog *prog)
{
	return -EOPNOTSUPP;
}

#ifdef CONFIG_PERF_EVENTS
/* Defined by perf core (kernel/events/core.c). */
int perf_event_set_bpf_prog(struct perf_event *event, struct bpf_prog *prog,
			    u64 bpf_cookie);
void perf_event_free_bpf_prog(struct perf_event *event);
#endif

#endif /* _LINUX_TRACE_EVENT_H */
