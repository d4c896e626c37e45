/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The tracing core's private interface, shared by the files of
 * kernel/trace/.  What the rest of the kernel may call is in
 * <linux/kernel.h>, <linux/trace.h>, <linux/trace_events.h> and
 * <linux/ftrace.h>.
 *
 * Locking, from outer to inner:
 *   trace_types_lock   (mutex, trace.c): the tracer list, each instance's
 *                      current tracer, options, clock, cpumask and buffer
 *                      size; the tracefs files of an instance.
 *   trace_array::consume_lock (mutex): consuming readers of one instance
 *                      (trace_pipe, per-CPU trace_pipe, trace_pipe_raw),
 *                      so that a record is peeked, printed and consumed
 *                      by one reader only.
 *   trace_iterator::mutex: the readers of one open file.
 *   trace_array::start_lock (raw spinlock): tracing_start()/stop() nesting.
 *   the cmdline lock (arch spinlock, trace_cmdline.c): the pid -> comm
 *                      cache; taken with trylock from the scheduler.
 * Writers (trace_printk(), trace_marker, tracers) take none of these: they
 * reserve and commit in the lockless ring buffer.
 */
#ifndef _KERNEL_TRACE_TRACE_H
#define _KERNEL_TRACE_TRACE_H

#include <linux/ring_buffer.h>
#include <linux/trace_events.h>
#include <linux/trace_clock.h>
#include <linux/trace_seq.h>
#include <linux/tracefs.h>
#include <linux/cpumask.h>
#include <linux/ftrace.h>
#include <linux/mutex.h>
#include <linux/trace.h>
#include <linux/list.h>
#include <linux/fs.h>

/* --- record types -------------------------------------------------------- */

/*
 * The record types written by the core.  User space learns the numbers
 * from events/ftrace/<name>/format; they are the ones upstream Linux uses,
 * so that tools with the numbers built in keep working.  Registered trace
 * events are numbered from TRACE_FIRST_DYNAMIC_TYPE up.
 */
enum trace_type {
	TRACE_FN			= 1,
	TRACE_STACK			= 4,
	TRACE_PRINT			= 5,
	TRACE_BPRINT			= 6,
	TRACE_BPUTS			= 14,
	TRACE_RAW_DATA			= 18,
	TRACE_FIRST_DYNAMIC_TYPE	= 20,
};

/* TRACE_FN: the function tracer: a traced function and its caller. */
struct ftrace_entry {
	struct trace_entry	ent;
	unsigned long		ip;
	unsigned long		parent_ip;
};

/* TRACE_PRINT: a formatted, NUL-terminated string (trace_marker, ...). */
struct print_entry {
	struct trace_entry	ent;
	unsigned long		ip;
	char			buf[];
};

/* TRACE_BPRINT: a constant format and its arguments as vbin_printf() packs them. */
struct bprint_entry {
	struct trace_entry	ent;
	unsigned long		ip;
	const char		*fmt;
	u32			buf[];
};

/* TRACE_BPUTS: a constant string, by address. */
struct bputs_entry {
	struct trace_entry	ent;
	unsigned long		ip;
	const char		*str;
};

/* TRACE_RAW_DATA: trace_marker_raw: a tag and opaque bytes. */
struct raw_data_entry {
	struct trace_entry	ent;
	unsigned int		id;
	char			buf[];
};

/* TRACE_STACK: @size return addresses, innermost first. */
struct stack_entry {
	struct trace_entry	ent;
	int			size;
	unsigned long		caller[];
};

/* The depth the format file advertises for TRACE_STACK records. */
#define FTRACE_STACK_ENTRIES	8
/* The deepest stack a TRACE_STACK record holds. */
#define TRACE_STACK_MAX		64

/* --- options ------------------------------------------------------------ */

/*
 * The options of trace_options and options/.  Only options that change
 * something exist.  The order is the order trace_options lists them in.
 */
enum trace_opt_bit {
	TRACE_OPT_SYM_OFFSET_BIT,	/* sym-offset: func+0x12/0x40 */
	TRACE_OPT_SYM_ADDR_BIT,		/* sym-addr: append <address> */
	TRACE_OPT_RAW_BIT,		/* raw: numbers, not text */
	TRACE_OPT_BLOCK_BIT,		/* block: poll never waits */
	TRACE_OPT_PRINTK_BIT,		/* trace_printk: record trace_printk() */
	TRACE_OPT_PRINTK_MSGONLY_BIT,	/* printk-msg-only */
	TRACE_OPT_CONTEXT_INFO_BIT,	/* context-info: task/CPU/time columns */
	TRACE_OPT_RECORD_CMD_BIT,	/* record-cmd: remember comms */
	TRACE_OPT_RECORD_TGID_BIT,	/* record-tgid: remember and show tgids */
	TRACE_OPT_OVERWRITE_BIT,	/* overwrite: drop oldest when full */
	TRACE_OPT_DISABLE_ON_FREE_BIT,	/* disable_on_free */
	TRACE_OPT_IRQ_INFO_BIT,		/* irq-info: the flags columns */
	TRACE_OPT_MARKERS_BIT,		/* markers: trace_marker accepts writes */
	TRACE_OPT_PAUSE_ON_TRACE_BIT,	/* pause-on-trace */
	TRACE_OPT_STACKTRACE_BIT,	/* stacktrace: a stack after trace_printk() */
	TRACE_OPT_FUNC_FORK_BIT,	/* function-fork: set_ftrace_pid follows forks */
	TRACE_OPT_FUNC_STACKTRACE_BIT,	/* func_stack_trace: a stack after each call */
	TRACE_OPT_NR_BITS,
};

#define TRACE_OPT(name)		BIT(TRACE_OPT_##name##_BIT)

/* The options print functions receive in their "flags" argument. */
#define TRACE_OPT_SYM_MASK	(TRACE_OPT(SYM_OFFSET) | TRACE_OPT(SYM_ADDR))

/* --- tracers -------------------------------------------------------------- */

/**
 * struct tracer - something that can be an instance's current_tracer
 * @name:  what available_tracers and current_tracer show
 * @init:  start tracing into @tr; 0 or a -errno that refuses the switch
 * @reset: stop tracing into @tr
 * @next:  link in the list of tracers, under trace_types_lock
 */
struct tracer {
	const char		*name;
	int			(*init)(struct trace_array *tr);
	void			(*reset)(struct trace_array *tr);
	struct tracer		*next;
};

extern struct tracer nop_trace;

int register_tracer(struct tracer *type);

/* --- trace instances ---------------------------------------------------- */

/**
 * struct trace_cpu_file - what a file that may show one CPU is about
 * @tr:  the instance
 * @cpu: the CPU, or RING_BUFFER_ALL_CPUS for the instance-wide file
 *
 * The inode's private data of trace, trace_pipe, buffer_size_kb and the
 * files under per_cpu/.
 */
struct trace_cpu_file {
	struct trace_array	*tr;
	int			cpu;
};

/**
 * struct trace_option_file - the inode's private data of options/<name>
 * @tr:  the instance
 * @bit: the TRACE_OPT_*_BIT the file shows
 */
struct trace_option_file {
	struct trace_array	*tr;
	int			bit;
};

/**
 * struct trace_array - a trace instance: a buffer and how it is fed and read
 * @name:              NULL for the top level (/sys/kernel/tracing)
 * @buffer:            the ring buffer, or NULL if it could not be allocated
 * @cpu_size:          per CPU, the size asked for through buffer_size_kb,
 *                     in bytes (trace_types_lock)
 * @flags:             TRACE_OPT() bits; changed under trace_types_lock,
 *                     read locklessly by writers and readers
 * @clock_id:          index in trace_clocks[] (trace_types_lock)
 * @buffer_percent:    how full a CPU's ring must be before a blocked
 *                     trace_pipe_raw splice is woken
 * @current_trace:     the tracer at work (trace_types_lock)
 * @tracing_cpumask:   CPUs whose records are kept (trace_types_lock)
 * @stop_count:        tracing_stop() nesting (@start_lock)
 * @start_lock:        protects @stop_count
 * @consume_lock:      consuming readers, see the top of this file
 * @ref:               open files and in-kernel users (trace_types_lock)
 * @all_cpus:          private data of the instance-wide files
 * @cpu_files:         private data of per_cpu/cpuN/ files, nr_cpu_ids long
 * @opt_files:         private data of options/ files
 * @dir:               the instance's tracefs directory (NULL: the root)
 * @options_dir:       its options/ directory
 * @percpu_dir:        its per_cpu/ directory
 * @err_log:           error_log entries (trace_errlog.c)
 * @n_err_log_entries: how many
 * @ops:               the function tracer's ftrace_ops (its filters are
 *                     the instance's set_ftrace_filter/notrace), or NULL
 * @function_pids:     set_ftrace_pid (RCU; ftrace_lock), NULL: all
 * @function_no_pids:  set_ftrace_notrace_pid (RCU; ftrace_lock)
 */
struct trace_array {
	const char			*name;
	struct trace_buffer		*buffer;
	unsigned long __percpu		*cpu_size;
	unsigned long			flags;
	int				clock_id;
	int				buffer_percent;
	struct tracer			*current_trace;
	cpumask_var_t			tracing_cpumask;
	int				stop_count;
	raw_spinlock_t			start_lock;
	struct mutex			consume_lock;	/* see the top */
	int				ref;
	struct trace_cpu_file		all_cpus;
	struct trace_cpu_file		*cpu_files;
	struct trace_option_file	opt_files[TRACE_OPT_NR_BITS];
	struct dentry			*dir;
	struct dentry			*options_dir;
	struct dentry			*percpu_dir;
	struct list_head		err_log;
	unsigned int			n_err_log_entries;
#ifdef CONFIG_FUNCTION_TRACER
	struct ftrace_ops		*ops;
	struct ftrace_pid_list __rcu	*function_pids;
	struct ftrace_pid_list __rcu	*function_no_pids;
#endif
};

/* The top-level instance, /sys/kernel/tracing. */
extern struct trace_array global_trace;

/* Set until the top-level buffer exists; nothing is recorded or read. */
extern int tracing_disabled;

extern struct mutex trace_types_lock;

int trace_array_get(struct trace_array *tr);
int tracing_check_open(struct trace_array *tr);
int tracing_open_file_tr(struct inode *inode, struct file *filp);
int tracing_release_file_tr(struct inode *inode, struct file *filp);

bool tracer_tracing_is_on(struct trace_array *tr);
void tracer_tracing_on(struct trace_array *tr);
void tracer_tracing_off(struct trace_array *tr);
void tracing_start_tr(struct trace_array *tr);
void tracing_stop_tr(struct trace_array *tr);
void tracing_reset_all_cpus(struct trace_array *tr);
void tracing_reset_cpu(struct trace_array *tr, int cpu);

/**
 * struct trace_clock_def - a clock trace_clock offers
 * @read:  returns the time; notrace and safe in any context
 * @name:  what trace_clock shows
 * @in_ns: the clock counts nanoseconds (else cycles or ticks)
 */
struct trace_clock_def {
	u64		(*read)(void);
	const char	*name;
	bool		in_ns;
};

bool trace_clock_in_ns(struct trace_array *tr);

/*
 * Writing a record: trace_buffer_reserve() returns a record whose
 * struct trace_entry header is filled in, or NULL when the buffer is off
 * or full; trace_buffer_commit() publishes it.  Between the two the
 * writer runs with preemption disabled.
 */
struct ring_buffer_event *trace_buffer_reserve(struct trace_buffer *buffer,
					       int type, unsigned long len,
					       unsigned int trace_ctx);
void trace_buffer_commit(struct trace_buffer *buffer);

/* Offer a committed record to the registered trace exports. */
void trace_exports_send(struct ring_buffer_event *event, int flag);

struct dentry *trace_create_file(const char *name, umode_t mode,
				 struct dentry *parent, void *data,
				 const struct file_operations *fops);

/* Mode of files a user writes to, and of read-only ones. */
#define TRACE_MODE_WRITE	0640
#define TRACE_MODE_READ		0440

/* --- reading (trace_read.c) --------------------------------------------- */

/* trace_iterator::iter_flags private to the readers. */
#define TRACE_FILE_PAUSED	BIT(8)	/* holds a tracing_stop_tr() */

extern const struct file_operations tracing_fops;
extern const struct file_operations tracing_pipe_fops;
extern const struct file_operations tracing_raw_fops;

void trace_panic_notifiers_init(void);

/* --- output (trace_output.c) -------------------------------------------- */

void trace_output_init(void);
struct trace_event *ftrace_find_event(int type);
enum print_line_t trace_print_line(struct trace_iterator *iter);
void trace_print_header(struct seq_file *m, struct trace_iterator *iter);
void seq_print_ip_sym(struct trace_seq *s, unsigned long ip,
		      unsigned long sym_flags);

/* --- trace_printk() & co (trace_printk.c) ------------------------------- */

/* The linker's tables of trace_printk() formats and tracepoint strings. */
extern const char *__start___trace_bprintk_fmt[];
extern const char *__stop___trace_bprintk_fmt[];
extern const char *__start___tracepoint_str[];
extern const char *__stop___tracepoint_str[];

int trace_printk_early_init(void);
void trace_printk_late_init(void);
void trace_printk_create_files(struct dentry *parent);
void trace_record_kernel_stack(struct trace_array *tr, unsigned int trace_ctx,
			       unsigned long from, int skip);
int trace_array_vprintk(struct trace_array *tr, unsigned long ip,
			const char *fmt, va_list args);

/* --- trace_marker (trace_marker.c) --------------------------------------- */

void trace_marker_create_files(struct trace_array *tr, struct dentry *parent);

/* --- saved comms and tgids (trace_cmdline.c) --------------------------- */

int trace_cmdline_init(void);
void trace_cmdline_create_files(struct dentry *parent);
void trace_cmdline_start(void);
void trace_save_current_taskinfo(void);
void trace_find_cmdline(int pid, char comm[]);
int trace_find_tgid(int pid);
void trace_cmdline_dumping(bool dumping);

DECLARE_PER_CPU(bool, trace_taskinfo_pending);

/*
 * A writer in any context notes that the current task's comm is worth
 * keeping; the scheduler hook saves it when the task is switched out.
 */
static __always_inline void trace_taskinfo_mark_pending(void)
{
	this_cpu_write(trace_taskinfo_pending, true);
}

/* --- error_log (trace_errlog.c) -------------------------------------- */

void trace_errlog_create_file(struct trace_array *tr, struct dentry *parent);
unsigned int err_pos(char *cmd, const char *str);
void tracing_log_err(struct trace_array *tr, const char *loc,
		     const char *cmd, const char **errs, u8 type, u16 pos);

/* --- the function tracer (ftrace_files.c, trace_functions.c) ------------ */

#ifdef CONFIG_FUNCTION_TRACER
/*
 * An instance's function tracer ops: the top level's is global_ops.  An
 * instance gets one with ftrace_allocate_ftrace_ops() and its
 * set_ftrace_filter, set_ftrace_notrace, set_ftrace_pid and
 * set_ftrace_notrace_pid with ftrace_create_filter_files();
 * ftrace_free_ftrace_ops() when the instance goes (its tracer is nop
 * by then).  trace_types_lock.
 */
struct ftrace_pid_list;
int ftrace_allocate_ftrace_ops(struct trace_array *tr);
void ftrace_free_ftrace_ops(struct trace_array *tr);
void ftrace_create_filter_files(struct trace_array *tr, struct dentry *parent);
void ftrace_create_pid_files(struct trace_array *tr, struct dentry *parent);
void ftrace_free_pid_lists(struct trace_array *tr);
bool ftrace_pid_traced(struct trace_array *tr);
int ftrace_pid_follow_fork(struct trace_array *tr, bool on);
#else
static inline int ftrace_allocate_ftrace_ops(struct trace_array *tr)
{
	return 0;
}

static inline void ftrace_free_ftrace_ops(struct trace_array *tr)
{
}

static inline void ftrace_create_filter_files(struct trace_array *tr,
					      struct dentry *parent)
{
}

static inline int ftrace_pid_follow_fork(struct trace_array *tr, bool on)
{
	return 0;
}
#endif

/* --- README (trace_readme.c) ------------------------------------------ */

void trace_readme_create_file(struct dentry *parent);

#endif /* _KERNEL_TRACE_TRACE_H */
