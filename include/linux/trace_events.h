/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Trace events: the objects TRACE_EVENT() instantiates (event classes,
 * calls and per-instance files), the record header every event starts
 * with, and the glue perf and BPF use to attach to events.
 *
 * The structures here are shared with code we do not own (event headers
 * expanded by <trace/trace_events.h>, modules, perf core), so their
 * layouts and the names of the functions they call are upstream Linux's.
 */
#ifndef _LINUX_TRACE_EVENT_H
#define _LINUX_TRACE_EVENT_H

#include <linux/ring_buffer.h>
#include <linux/refcount.h>
#include <linux/trace_seq.h>
#include <linux/percpu.h>
#include <linux/hardirq.h>
#include <linux/perf_event.h>
#include <linux/tracepoint.h>

struct trace_event_call;
struct trace_event_file;
struct trace_array;
struct tracer;
struct dentry;
struct bpf_prog;
struct bpf_raw_tp_link;
union bpf_attr;

/* The longest string an event filter compares against. */
#define MAX_FILTER_STR_VAL	256U

/* What a NULL string argument of an event is recorded as. */
#define EVENT_NULL_STR		"(null)"

/* The longest __vstring() an event records, its NUL included. */
#define TRACE_EVENT_STR_MAX	512

/* The largest record perf takes from a trace event. */
#define PERF_MAX_TRACE_SIZE	8192

/*
 * The length __vstring() reserves for @fmt and the arguments *@va: what
 * vsnprintf() would write, NUL included, at most TRACE_EVENT_STR_MAX.
 */
#define __trace_event_vstr_len(fmt, va)					\
({									\
	va_list __tev_ap;						\
	int __tev_len;							\
									\
	va_copy(__tev_ap, *(va));					\
	__tev_len = vsnprintf(NULL, 0, fmt, __tev_ap) + 1;		\
	va_end(__tev_ap);						\
	min(__tev_len, TRACE_EVENT_STR_MAX);				\
})

/*
 * The room a string field takes: @len bytes of @s (all of it when @len
 * is negative) and a NUL; EVENT_NULL_STR's when @s is NULL.
 */
static inline u32 trace_event_str_size(const char *s, long len)
{
	if (!s)
		return sizeof(EVENT_NULL_STR);
	return (len < 0 ? strlen(s) : len) + 1;
}

/**
 * struct trace_dynamic_info - a __data_loc/__rel_loc word, split
 * @offset: where the data starts (from the record, or for __rel_loc from
 *          the end of the word itself)
 * @len:    its length in bytes
 */
struct trace_dynamic_info {
#ifdef CONFIG_CPU_BIG_ENDIAN
	u16	len;
	u16	offset;
#else
	u16	offset;
	u16	len;
#endif
} __packed;

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
 * @walk_left:   per CPU, how many more records a non-consuming walk
 *               shows: those there when the walk began
 * @held:        a consuming reader took @ent out of the ring to look at
 *               the record after it; @ent is a copy in @temp, shown again
 *               until trace_iter_consume() passes it
 *
 * Print functions of struct trace_event format @ent into @seq.
 */
struct trace_iterator {
	struct trace_array	*tr;
	struct tracer		*trace;
	/*
	 * @trace's state for this reader (struct tracer open/close); NULL
	 * when it keeps none, or in the oops dump, which cannot allocate.
	 */
	void			*private;
	int			cpu_file;
	unsigned long		iter_flags;
	/* Serializes the readers of one open trace_pipe (trace_read.c). */
	struct mutex		mutex;
	struct ring_buffer_iter	**buffer_iter;
	void			*temp;
	unsigned int		temp_size;
	struct trace_seq	tmp_seq;
	bool			closed;
	/*
	 * With TRACE_FILE_ANNOTATE: the CPUs whose first record the reader
	 * has shown, or whose first records a latency trace left out.
	 */
	cpumask_var_t		started;
	/* hash-ptr off: an event's format with %p made %px (fmt_size bytes). */
	char			*fmt;
	unsigned int		fmt_size;

	struct trace_seq	seq;
	struct trace_entry	*ent;
	unsigned long		lost_events;
	int			ent_size;
	int			cpu;
	u64			ts;
	loff_t			pos;
	long			idx;
	bool			read_any;
	unsigned long		*walk_left;
	bool			held;
	/*
	 * A latency trace: the records its rings hold from before the
	 * latency, left out, and the overruns of the rings that had some.
	 */
	unsigned long		stale;
	unsigned long		stale_overrun;
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

/* --- print helpers of TP_printk() (trace_events_print.c) -------------- */

const char *trace_print_flags_seq(struct trace_seq *p, const char *delim,
				  unsigned long flags,
				  const struct trace_print_flags *flag_array);
const char *trace_print_symbols_seq(struct trace_seq *p, unsigned long val,
				    const struct trace_print_flags *symbol_array);
#if BITS_PER_LONG == 32
const char *trace_print_flags_seq_u64(struct trace_seq *p, const char *delim,
				      unsigned long long flags,
				      const struct trace_print_flags_u64 *flag_array);
const char *trace_print_symbols_seq_u64(struct trace_seq *p,
					unsigned long long val,
					const struct trace_print_flags_u64 *symbol_array);
#endif
const char *trace_print_bitmask_seq(struct trace_seq *p, void *bitmask_ptr,
				    unsigned int bitmask_size);
const char *trace_print_hex_seq(struct trace_seq *p,
				const unsigned char *buf, int len,
				bool concatenate);
const char *trace_print_array_seq(struct trace_seq *p, const void *buf,
				  int count, size_t el_size);
const char *trace_print_hex_dump_seq(struct trace_seq *p,
				     const char *prefix_str, int prefix_type,
				     int rowsize, int groupsize,
				     const void *buf, size_t len, bool ascii);

int trace_raw_output_prep(struct trace_iterator *iter,
			  struct trace_event *event);
__printf(2, 3)
void trace_event_printf(struct trace_iterator *iter, const char *fmt, ...);
__printf(3, 4)
int trace_output_call(struct trace_iterator *iter, char *name, char *fmt, ...);

/* --- trace events -------------------------------------------------------- */

/* What trace_event_class::reg is asked to do. */
enum trace_reg {
	TRACE_REG_REGISTER,
	TRACE_REG_UNREGISTER,
#ifdef CONFIG_PERF_EVENTS
	TRACE_REG_PERF_REGISTER,
	TRACE_REG_PERF_UNREGISTER,
	TRACE_REG_PERF_OPEN,
	TRACE_REG_PERF_CLOSE,
	/* ADD and DEL return 1 when they did the job themselves. */
	TRACE_REG_PERF_ADD,
	TRACE_REG_PERF_DEL,
#endif
};

/* trace_event_fields::type of an entry that is a function, not a field. */
#define TRACE_FUNCTION_TYPE ((const char *)~0UL)

/* How the filter treats a field (trace_define_field()'s @filter_type). */
enum {
	FILTER_OTHER = 0,
	FILTER_STATIC_STRING,
	FILTER_DYN_STRING,
	FILTER_RDYN_STRING,
	FILTER_PTR_STRING,
	FILTER_TRACE_FN,
	FILTER_CPUMASK,
	FILTER_COMM,
	FILTER_CPU,
	FILTER_STACKTRACE,
};

/**
 * struct trace_event_fields - one field of an event record, as declared
 * @type:          the C type as the format file shows it, or
 *                 TRACE_FUNCTION_TYPE for @define_fields; NULL ends a table
 * @name:          the field name
 * @size:          its size in bytes
 * @align:         its alignment; the offset is computed from it
 * @is_signed:     a signed integer type
 * @needs_test:    unused here (filter string checks)
 * @filter_type:   FILTER_*
 * @len:           element count of a fixed array, else 0
 * @define_fields: with TRACE_FUNCTION_TYPE: defines the fields itself
 */
struct trace_event_fields {
	const char *type;
	union {
		struct {
			const char *name;
			const int  size;
			const int  align;
			const unsigned int is_signed:1;
			unsigned int needs_test:1;
			const int  filter_type;
			const int  len;
		};
		int (*define_fields)(struct trace_event_call *call);
	};
};

/**
 * struct trace_event_class - what the events of one class share
 * @system:       the event system (directory under events/)
 * @probe:        the tracepoint probe that records into a trace_event_file
 * @perf_probe:   the tracepoint probe that feeds perf
 * @reg:          attach/detach the probes (TRACE_REG_*)
 * @fields_array: the record's fields, ended by an entry with NULL type
 * @get_fields:   returns the field list, when not @fields
 * @fields:       the fields, struct ftrace_event_field, built at
 *                registration from @fields_array
 * @raw_init:     run when an event of the class is registered
 */
struct trace_event_class {
	const char		*system;
	void			*probe;
#ifdef CONFIG_PERF_EVENTS
	void			*perf_probe;
#endif
	int			(*reg)(struct trace_event_call *event,
				       enum trace_reg type, void *data);
	struct trace_event_fields *fields_array;
	struct list_head	*(*get_fields)(struct trace_event_call *call);
	struct list_head	fields;
	int			(*raw_init)(struct trace_event_call *call);
};

int trace_event_reg(struct trace_event_call *event, enum trace_reg type,
		    void *data);

/**
 * struct trace_event_buffer - a record being written by an event probe
 * @buffer:     the ring buffer it is reserved in
 * @event:      the reserved ring buffer event
 * @trace_file: the event file it is recorded for
 * @entry:      the record
 * @trace_ctx:  the writer's context (tracing_gen_ctx())
 * @regs:       registers, for the stack trace option (may be NULL)
 */
struct trace_event_buffer {
	struct trace_buffer		*buffer;
	struct ring_buffer_event	*event;
	struct trace_event_file		*trace_file;
	void				*entry;
	unsigned int			trace_ctx;
	struct pt_regs			*regs;
};

void *trace_event_buffer_reserve(struct trace_event_buffer *fbuffer,
				 struct trace_event_file *trace_file,
				 unsigned long len);
void trace_event_buffer_commit(struct trace_event_buffer *fbuffer);

struct ring_buffer_event *
trace_event_buffer_lock_reserve(struct trace_buffer **current_buffer,
				struct trace_event_file *trace_file,
				int type, unsigned long len,
				unsigned int trace_ctx);

/* trace_event_call::flags */
enum {
	TRACE_EVENT_FL_CAP_ANY_BIT,
	TRACE_EVENT_FL_NO_SET_FILTER_BIT,
	TRACE_EVENT_FL_IGNORE_ENABLE_BIT,
	TRACE_EVENT_FL_TRACEPOINT_BIT,
	TRACE_EVENT_FL_DYNAMIC_BIT,
	TRACE_EVENT_FL_KPROBE_BIT,
	TRACE_EVENT_FL_UPROBE_BIT,
	TRACE_EVENT_FL_EPROBE_BIT,
	TRACE_EVENT_FL_FPROBE_BIT,
	TRACE_EVENT_FL_CUSTOM_BIT,
	TRACE_EVENT_FL_TEST_STR_BIT,
};

/*
 * CAP_ANY:       any user may open it in perf
 * IGNORE_ENABLE: a core record type: no enable file
 * TRACEPOINT:    trace_event_call::tp is valid (else ::name)
 * DYNAMIC:       created at run time, counted by ::refcnt
 * the others:    kinds of dynamic events this kernel does not create
 */
enum {
	TRACE_EVENT_FL_CAP_ANY		= BIT(TRACE_EVENT_FL_CAP_ANY_BIT),
	TRACE_EVENT_FL_NO_SET_FILTER	= BIT(TRACE_EVENT_FL_NO_SET_FILTER_BIT),
	TRACE_EVENT_FL_IGNORE_ENABLE	= BIT(TRACE_EVENT_FL_IGNORE_ENABLE_BIT),
	TRACE_EVENT_FL_TRACEPOINT	= BIT(TRACE_EVENT_FL_TRACEPOINT_BIT),
	TRACE_EVENT_FL_DYNAMIC		= BIT(TRACE_EVENT_FL_DYNAMIC_BIT),
	TRACE_EVENT_FL_KPROBE		= BIT(TRACE_EVENT_FL_KPROBE_BIT),
	TRACE_EVENT_FL_UPROBE		= BIT(TRACE_EVENT_FL_UPROBE_BIT),
	TRACE_EVENT_FL_EPROBE		= BIT(TRACE_EVENT_FL_EPROBE_BIT),
	TRACE_EVENT_FL_FPROBE		= BIT(TRACE_EVENT_FL_FPROBE_BIT),
	TRACE_EVENT_FL_CUSTOM		= BIT(TRACE_EVENT_FL_CUSTOM_BIT),
	TRACE_EVENT_FL_TEST_STR		= BIT(TRACE_EVENT_FL_TEST_STR_BIT),
};

#define TRACE_EVENT_FL_UKPROBE (TRACE_EVENT_FL_KPROBE | TRACE_EVENT_FL_UPROBE)

/**
 * struct trace_event_call - one event
 * @list:          link in the list of all events (event_mutex)
 * @class:         its class
 * @name:          its name, unless TRACE_EVENT_FL_TRACEPOINT
 * @tp:            its tracepoint, with TRACE_EVENT_FL_TRACEPOINT
 * @event:         its record type and print functions
 * @print_fmt:     the "print fmt" line of its format file
 * @module:        the module that defines it (static events)
 * @refcnt:        references (dynamic events)
 * @data:          private data of the event's creator
 * @flags:         TRACE_EVENT_FL_*
 * @perf_refcount: perf events open on it (event_mutex)
 * @perf_events:   per CPU, the perf events to feed
 * @prog_array:    BPF programs (not offered here: always NULL)
 * @perf_perm:     extra permission check for perf
 */
struct trace_event_call {
	struct list_head	list;
	struct trace_event_class *class;
	union {
		const char		*name;
		struct tracepoint	*tp;
	};
	struct trace_event	event;
	char			*print_fmt;
	union {
		void			*module;
		atomic_t		refcnt;
	};
	void			*data;
	int			flags;
#ifdef CONFIG_PERF_EVENTS
	int				perf_refcount;
	struct hlist_head __percpu	*perf_events;
	struct bpf_prog_array __rcu	*prog_array;
	int	(*perf_perm)(struct trace_event_call *tp_event,
			     struct perf_event *p_event);
#endif
};

/*
 * A dynamic event (TRACE_EVENT_FL_DYNAMIC) counts in ::refcnt the users
 * that must keep it alive (triggers naming it, perf); it cannot be
 * removed while the count is not zero.
 */
static inline bool trace_event_dyn_try_get_ref(struct trace_event_call *call)
{
	atomic_inc(&call->refcnt);
	return true;
}

static inline void trace_event_dyn_put_ref(struct trace_event_call *call)
{
	atomic_dec(&call->refcnt);
}

static inline bool trace_event_dyn_busy(struct trace_event_call *call)
{
	return atomic_read(&call->refcnt) != 0;
}

/* Pin what defines @call (its module) while it is in use. */
static inline bool trace_event_try_get_ref(struct trace_event_call *call)
{
	if (call->flags & TRACE_EVENT_FL_DYNAMIC)
		return trace_event_dyn_try_get_ref(call);
	return try_module_get(call->module);
}

static inline void trace_event_put_ref(struct trace_event_call *call)
{
	if (call->flags & TRACE_EVENT_FL_DYNAMIC)
		trace_event_dyn_put_ref(call);
	else
		module_put(call->module);
}

#ifdef CONFIG_PERF_EVENTS
/* BPF programs are never attached here (no CONFIG_BPF_EVENTS). */
static inline bool bpf_prog_array_valid(struct trace_event_call *call)
{
	return !!READ_ONCE(call->prog_array);
}
#endif

/* The event's name, whichever way it is stored. */
static inline const char *trace_event_name(struct trace_event_call *call)
{
	if (call->flags & TRACE_EVENT_FL_CUSTOM)
		return call->name;
	if (call->flags & TRACE_EVENT_FL_TRACEPOINT)
		return call->tp ? call->tp->name : NULL;
	return call->name;
}

/* The list of struct ftrace_event_field of @event_call. */
static inline struct list_head *
trace_get_fields(struct trace_event_call *event_call)
{
	if (!event_call->class->get_fields)
		return &event_call->class->fields;
	return event_call->class->get_fields(event_call);
}

struct trace_subsystem_dir;
struct eventfs_inode;
struct event_filter;

/* trace_event_file::flags */
enum {
	EVENT_FILE_FL_ENABLED_BIT,
	EVENT_FILE_FL_RECORDED_CMD_BIT,
	EVENT_FILE_FL_RECORDED_TGID_BIT,
	EVENT_FILE_FL_FILTERED_BIT,
	EVENT_FILE_FL_NO_SET_FILTER_BIT,
	EVENT_FILE_FL_SOFT_MODE_BIT,
	EVENT_FILE_FL_SOFT_DISABLED_BIT,
	EVENT_FILE_FL_TRIGGER_MODE_BIT,
	EVENT_FILE_FL_TRIGGER_COND_BIT,
	EVENT_FILE_FL_PID_FILTER_BIT,
	EVENT_FILE_FL_WAS_ENABLED_BIT,
	EVENT_FILE_FL_FREED_BIT,
};

enum {
	EVENT_FILE_FL_ENABLED		= BIT(EVENT_FILE_FL_ENABLED_BIT),
	EVENT_FILE_FL_RECORDED_CMD	= BIT(EVENT_FILE_FL_RECORDED_CMD_BIT),
	EVENT_FILE_FL_RECORDED_TGID	= BIT(EVENT_FILE_FL_RECORDED_TGID_BIT),
	EVENT_FILE_FL_FILTERED		= BIT(EVENT_FILE_FL_FILTERED_BIT),
	EVENT_FILE_FL_NO_SET_FILTER	= BIT(EVENT_FILE_FL_NO_SET_FILTER_BIT),
	EVENT_FILE_FL_SOFT_MODE		= BIT(EVENT_FILE_FL_SOFT_MODE_BIT),
	EVENT_FILE_FL_SOFT_DISABLED	= BIT(EVENT_FILE_FL_SOFT_DISABLED_BIT),
	EVENT_FILE_FL_TRIGGER_MODE	= BIT(EVENT_FILE_FL_TRIGGER_MODE_BIT),
	EVENT_FILE_FL_TRIGGER_COND	= BIT(EVENT_FILE_FL_TRIGGER_COND_BIT),
	EVENT_FILE_FL_PID_FILTER	= BIT(EVENT_FILE_FL_PID_FILTER_BIT),
	EVENT_FILE_FL_WAS_ENABLED	= BIT(EVENT_FILE_FL_WAS_ENABLED_BIT),
	EVENT_FILE_FL_FREED		= BIT(EVENT_FILE_FL_FREED_BIT),
};

/**
 * struct trace_event_file - an event in one trace instance
 * @list:       link in the instance's list of event files (event_mutex)
 * @event_call: the event
 * @filter:     its event filter (RCU; event_mutex), with
 *              EVENT_FILE_FL_FILTERED set while there is one
 * @ei:         its events/<system>/<event>/ directory on eventfs, or
 *              NULL (event_mutex)
 * @tr:         the instance
 * @system:     its events/<system>/ directory
 * @triggers:   unused here (triggers come later): empty
 * @flags:      EVENT_FILE_FL_*; changed under event_mutex, read by the
 *              probe without locks
 * @ref:        open files and users of this file, one for the instance
 * @sm_ref:     soft-mode references
 * @tm_ref:     trigger-mode references
 */
struct trace_event_file {
	struct list_head		list;
	struct trace_event_call		*event_call;
	struct event_filter __rcu	*filter;
	struct eventfs_inode		*ei;
	struct trace_array		*tr;
	struct trace_subsystem_dir	*system;
	struct list_head		triggers;
	unsigned long			flags;
	refcount_t			ref;
	atomic_t			sm_ref;
	atomic_t			tm_ref;
};

/* TRACE_EVENT_FLAGS(): set flags of event_<name> before it registers. */
#define __TRACE_EVENT_FLAGS(name, value)				\
	static int __init trace_init_flags_##name(void)			\
	{								\
		event_##name.flags |= value;				\
		return 0;						\
	}								\
	early_initcall(trace_init_flags_##name);

/* TRACE_EVENT_PERF_PERM(): a perf permission check for event_<name>. */
#define __TRACE_EVENT_PERF_PERM(name, expr...)				\
	static int perf_perm_##name(struct trace_event_call *tp_event,	\
				    struct perf_event *p_event)		\
	{								\
		return ({ expr; });					\
	}								\
	static int __init trace_init_perf_perm_##name(void)		\
	{								\
		event_##name.perf_perm = &perf_perm_##name;		\
		return 0;						\
	}								\
	early_initcall(trace_init_perf_perm_##name);

#ifdef CONFIG_EVENT_TRACING
int filter_match_preds(struct event_filter *filter, void *rec);
#else
static inline int filter_match_preds(struct event_filter *filter, void *rec)
{
	return 1;
}
#endif

bool trace_event_ignore_this_pid(struct trace_event_file *trace_file);
bool __trace_trigger_soft_disabled(struct trace_event_file *file);

/*
 * Called first by every event probe: true when the record is not to be
 * written (the event is soft-disabled, or the pid filter refuses the
 * current task).  The common case costs one load.
 */
static __always_inline bool
trace_trigger_soft_disabled(struct trace_event_file *file)
{
	unsigned long eflags = READ_ONCE(file->flags);

	if (likely(!(eflags & (EVENT_FILE_FL_TRIGGER_MODE |
			       EVENT_FILE_FL_SOFT_DISABLED |
			       EVENT_FILE_FL_PID_FILTER))))
		return false;
	if (likely(eflags & EVENT_FILE_FL_TRIGGER_COND))
		return false;
	return __trace_trigger_soft_disabled(file);
}

int trace_event_raw_init(struct trace_event_call *call);
int trace_define_field(struct trace_event_call *call, const char *type,
		       const char *name, int offset, int size, int is_signed,
		       int filter_type);
int trace_add_event_call(struct trace_event_call *call);
int trace_remove_event_call(struct trace_event_call *call);
int trace_event_get_offsets(struct trace_event_call *call);

int ftrace_set_clr_event(struct trace_array *tr, char *buf, int set);
int trace_set_clr_event(const char *system, const char *event, int set);
int trace_array_set_clr_event(struct trace_array *tr, const char *system,
			      const char *event, bool enable);

struct trace_event_file *trace_get_event_file(const char *instance,
					      const char *system,
					      const char *event);
void trace_put_event_file(struct trace_event_file *file);

/*
 * The in-kernel dynamic event API: a module builds a synthetic or
 * kprobe event's definition in a struct dynevent_cmd, in the words
 * user space would write to dynamic_events, and runs it with
 * dynevent_create() (synth_event_gen_cmd_end(), kprobe_event_gen_cmd_end()).
 * See Documentation/trace/events.rst, "In-kernel trace event API".
 */
/* A buffer of this size holds any command the API builds. */
#define MAX_DYNEVENT_CMD_LEN	(2048)

enum dynevent_type {
	DYNEVENT_TYPE_SYNTH = 1,
	DYNEVENT_TYPE_KPROBE,
	DYNEVENT_TYPE_NONE,
};

struct dynevent_cmd;

typedef int (*dynevent_create_fn_t)(struct dynevent_cmd *cmd);

/**
 * struct dynevent_cmd - a dynamic event's definition being built
 * @seq:          the command, in the caller's buffer
 * @event_name:   the event's name, once the command has one
 * @n_fields:     fields or arguments added so far
 * @type:         the kind of event
 * @run_command:  creates the event the command defines
 * @private_data: the kind's (the owning module of a synthetic event)
 */
struct dynevent_cmd {
	struct seq_buf		seq;
	const char		*event_name;
	unsigned int		n_fields;
	enum dynevent_type	type;
	dynevent_create_fn_t	run_command;
	void			*private_data;
};

int dynevent_create(struct dynevent_cmd *cmd);

int synth_event_delete(const char *name);
void synth_event_cmd_init(struct dynevent_cmd *cmd, char *buf, int maxlen);
int __synth_event_gen_cmd_start(struct dynevent_cmd *cmd, const char *name,
				struct module *mod, ...);

/* The fields follow @mod as "type", "name" pairs. */
#define synth_event_gen_cmd_start(cmd, name, mod, ...)	\
	__synth_event_gen_cmd_start(cmd, name, mod, ## __VA_ARGS__, NULL)

/**
 * struct synth_field_desc - one field of a synthetic event
 * @type: its type ("u64", "char[16]", "char[]", "unsigned long[]")
 * @name: its name
 */
struct synth_field_desc {
	const char *type;
	const char *name;
};

int synth_event_gen_cmd_array_start(struct dynevent_cmd *cmd, const char *name,
				    struct module *mod,
				    struct synth_field_desc *fields,
				    unsigned int n_fields);
int synth_event_create(const char *name, struct synth_field_desc *fields,
		       unsigned int n_fields, struct module *mod);
int synth_event_add_field(struct dynevent_cmd *cmd, const char *type,
			  const char *name);
int synth_event_add_field_str(struct dynevent_cmd *cmd, const char *type_name);
int synth_event_add_fields(struct dynevent_cmd *cmd,
			   struct synth_field_desc *fields,
			   unsigned int n_fields);

#define synth_event_gen_cmd_end(cmd)	\
	dynevent_create(cmd)

struct synth_event;
struct synth_trace_event;

/**
 * struct synth_event_trace_state - a synthetic record written piecewise
 * @fbuffer:   the reserved record
 * @entry:     the record
 * @buffer:    the ring buffer it is reserved in
 * @event:     its event
 * @cur_field: the field synth_event_add_next_val() sets next
 * @n_u64:     not used by this implementation; kept for the layout
 * @disabled:  the event file was not recording at the start: the
 *             values are taken and dropped
 * @add_next:  values are being set in order
 * @add_name:  values are being set by field name
 */
struct synth_event_trace_state {
	struct trace_event_buffer fbuffer;
	struct synth_trace_event *entry;
	struct trace_buffer *buffer;
	struct synth_event *event;
	unsigned int cur_field;
	unsigned int n_u64;
	bool disabled;
	bool add_next;
	bool add_name;
};

int synth_event_trace(struct trace_event_file *file, unsigned int n_vals, ...);
int synth_event_trace_array(struct trace_event_file *file, u64 *vals,
			    unsigned int n_vals);
int synth_event_trace_start(struct trace_event_file *file,
			    struct synth_event_trace_state *trace_state);
int synth_event_add_next_val(u64 val,
			     struct synth_event_trace_state *trace_state);
int synth_event_add_val(const char *field_name, u64 val,
			struct synth_event_trace_state *trace_state);
int synth_event_trace_end(struct synth_event_trace_state *trace_state);

int kprobe_event_delete(const char *name);
void kprobe_event_cmd_init(struct dynevent_cmd *cmd, char *buf, int maxlen);

#define kprobe_event_gen_cmd_start(cmd, name, loc, ...)			\
	__kprobe_event_gen_cmd_start(cmd, false, name, loc, ## __VA_ARGS__, NULL)

#define kretprobe_event_gen_cmd_start(cmd, name, loc, ...)		\
	__kprobe_event_gen_cmd_start(cmd, true, name, loc, ## __VA_ARGS__, NULL)

int __kprobe_event_gen_cmd_start(struct dynevent_cmd *cmd, bool kretprobe,
				 const char *name, const char *loc, ...);

#define kprobe_event_add_fields(cmd, ...)	\
	__kprobe_event_add_fields(cmd, ## __VA_ARGS__, NULL)

#define kprobe_event_add_field(cmd, field)	\
	__kprobe_event_add_fields(cmd, field, NULL)

int __kprobe_event_add_fields(struct dynevent_cmd *cmd, ...);

#define kprobe_event_gen_cmd_end(cmd)		\
	dynevent_create(cmd)

#define kretprobe_event_gen_cmd_end(cmd)	\
	dynevent_create(cmd)

#ifdef CONFIG_PERF_EVENTS
struct perf_event;

int perf_trace_init(struct perf_event *event);
void perf_trace_destroy(struct perf_event *event);
int perf_trace_add(struct perf_event *event, int flags);
void perf_trace_del(struct perf_event *event, int flags);
int ftrace_profile_set_filter(struct perf_event *event, int event_id,
			      char *filter_str);
void ftrace_profile_free_filter(struct perf_event *event);
void perf_trace_buf_update(void *record, u16 type);
void *perf_trace_buf_alloc(int size, struct pt_regs **regs, int *rctxp);

#ifdef CONFIG_KPROBE_EVENTS
/* The "kprobe" PMU of kernel/events/core.c (trace_kprobe.c). */
int perf_kprobe_init(struct perf_event *event, bool is_retprobe);
void perf_kprobe_destroy(struct perf_event *event);
#endif
#ifdef CONFIG_UPROBE_EVENTS
/* The "uprobe" PMU of kernel/events/core.c (trace_uprobe.c). */
int perf_uprobe_init(struct perf_event *event, unsigned long ref_ctr_offset,
		     bool is_retprobe);
void perf_uprobe_destroy(struct perf_event *event);
#endif

void *perf_trace_event_begin(struct trace_event_call *call,
			     struct task_struct *task, int *size,
			     struct pt_regs **regs, int *rctx);
void perf_trace_event_end(void *record, int size, int rctx,
			  struct trace_event_call *call, u64 count,
			  struct pt_regs *regs, struct task_struct *task);

void perf_trace_run_bpf_submit(void *raw_data, int size, int rctx,
			       struct trace_event_call *call, u64 count,
			       struct pt_regs *regs, struct hlist_head *head,
			       struct task_struct *task);

static inline void
perf_trace_buf_submit(void *raw_data, int size, int rctx, u16 type,
		      u64 count, struct pt_regs *regs, void *head,
		      struct task_struct *task)
{
	perf_tp_event(type, count, raw_data, size, regs, head, rctx, task);
}
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

/*
 * A custom event header (<trace/define_custom_trace.h>) read outside the
 * .c file that makes its events declares nothing.  Outside the include
 * guard: the file making the events defines these before including the
 * header again.
 */
#ifndef TRACE_CUSTOM_EVENT
#define DECLARE_CUSTOM_EVENT_CLASS(name, proto, args, tstruct, assign, print)
#define DEFINE_CUSTOM_EVENT(template, name, proto, args)
#define TRACE_CUSTOM_EVENT(name, proto, args, struct, assign, print)
#endif
