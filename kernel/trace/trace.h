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
 *   trace_types_lock   (mutex, trace.c): the tracer list, the list of
 *                      instances and their reference counts, each
 *                      instance's current tracer, options, clock, cpumask,
 *                      buffer size and snapshot buffer; the tracefs files
 *                      of an instance.
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
#include <linux/irq_work.h>
#include <linux/workqueue.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/trace.h>
#include <linux/list.h>
#include <linux/fs.h>
#include <linux/jump_label.h>

#include "ring_buffer_guarded.h"

/* --- record types -------------------------------------------------------- */

/*
 * The record types written by the core.  User space learns the numbers
 * from events/ftrace/<name>/format; they are the ones upstream Linux uses,
 * so that tools with the numbers built in keep working.  Registered trace
 * events are numbered from TRACE_FIRST_DYNAMIC_TYPE up.
 */
enum trace_type {
	TRACE_FN			= 1,
	TRACE_CTX			= 2,
	TRACE_WAKE			= 3,
	TRACE_STACK			= 4,
	TRACE_PRINT			= 5,
	TRACE_BPRINT			= 6,
	TRACE_MMIO_RW			= 7,
	TRACE_MMIO_MAP			= 8,
	TRACE_BRANCH			= 9,
	TRACE_GRAPH_RET			= 10,
	TRACE_GRAPH_ENT			= 11,
	TRACE_USER_STACK		= 12,
	TRACE_BPUTS			= 14,
	TRACE_HWLAT			= 15,
	TRACE_OSNOISE			= 16,
	TRACE_TIMERLAT			= 17,
	TRACE_RAW_DATA			= 18,
	TRACE_FUNC_REPEATS		= 19,
	TRACE_FIRST_DYNAMIC_TYPE	= 20,
};

/*
 * TRACE_MMIO_RW, TRACE_MMIO_MAP, TRACE_BRANCH, TRACE_HWLAT, TRACE_OSNOISE
 * and TRACE_TIMERLAT belong to tracers not written here: nothing writes
 * them, but events/ftrace/ describes them, as upstream's does whichever
 * tracers are built (trace_entries.c).
 */

/* TRACE_FN: the function tracer: a traced function and its caller. */
struct ftrace_entry {
	struct trace_entry	ent;
	unsigned long		ip;
	unsigned long		parent_ip;
};

/* TRACE_GRAPH_ENT: function_graph: a followed function was entered. */
struct ftrace_graph_ent_entry {
	struct trace_entry	ent;
	struct ftrace_graph_ent	graph_ent;
} __packed;

/* TRACE_GRAPH_RET: function_graph: a followed function returned. */
struct ftrace_graph_ret_entry {
	struct trace_entry	ent;
	struct ftrace_graph_ret	ret;
} __packed;

/*
 * TRACE_FUNC_REPEATS: options/func-no-repeats: the call before this record
 * was repeated @count more times, the last one @top_delta_ts << 32 |
 * @bottom_delta_ts ns before this record's time stamp.
 */
struct func_repeats_entry {
	struct trace_entry	ent;
	unsigned long		ip;
	unsigned long		parent_ip;
	u16			count;
	u16			top_delta_ts;
	u32			bottom_delta_ts;
};

/* The time from the last repeat to the record of @e, in clock units. */
static inline u64 func_repeats_delta(const struct func_repeats_entry *e)
{
	return (u64)e->top_delta_ts << 32 | e->bottom_delta_ts;
}

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

/*
 * TRACE_USER_STACK: the user-space return addresses of thread group
 * @tgid, innermost first, ended by a 0 when fewer than
 * FTRACE_STACK_ENTRIES (options/userstacktrace).
 */
struct userstack_entry {
	struct trace_entry	ent;
	unsigned int		tgid;
	unsigned long		caller[FTRACE_STACK_ENTRIES];
};

/* The deepest stack a TRACE_STACK record holds. */
#define TRACE_STACK_MAX		64

/* --- options ------------------------------------------------------------ */

/*
 * The options of trace_options and options/.  Only options that change
 * something exist.  The order is the order trace_options lists them in.
 */
enum trace_opt_bit {
	TRACE_OPT_PRINT_PARENT_BIT,	/* print-parent: " <-caller" of functions */
	TRACE_OPT_SYM_OFFSET_BIT,	/* sym-offset: func+0x12/0x40 */
	TRACE_OPT_SYM_ADDR_BIT,		/* sym-addr: append <address> */
	TRACE_OPT_VERBOSE_BIT,		/* verbose: latency lines in full */
	TRACE_OPT_RAW_BIT,		/* raw: numbers, not text */
	TRACE_OPT_HEX_BIT,		/* hex: the record header in hex */
	TRACE_OPT_BIN_BIT,		/* bin: the record header in binary */
	TRACE_OPT_BLOCK_BIT,		/* block: poll never waits */
#ifdef CONFIG_EVENT_TRACING
	TRACE_OPT_FIELDS_BIT,		/* fields: records as their fields */
#endif
	TRACE_OPT_PRINTK_BIT,		/* trace_printk: record trace_printk() */
	TRACE_OPT_ANNOTATE_BIT,		/* annotate: where a CPU's records start */
	TRACE_OPT_USERSTACKTRACE_BIT,	/* userstacktrace: user stacks after events */
	TRACE_OPT_SYM_USEROBJ_BIT,	/* sym-userobj: user addresses as file+offset */
	TRACE_OPT_PRINTK_MSGONLY_BIT,	/* printk-msg-only */
	TRACE_OPT_CONTEXT_INFO_BIT,	/* context-info: task/CPU/time columns */
	TRACE_OPT_LATENCY_FMT_BIT,	/* latency-format: the latency layout */
	TRACE_OPT_RECORD_CMD_BIT,	/* record-cmd: remember comms */
	TRACE_OPT_RECORD_TGID_BIT,	/* record-tgid: remember and show tgids */
	TRACE_OPT_OVERWRITE_BIT,	/* overwrite: drop oldest when full */
	TRACE_OPT_DISABLE_ON_FREE_BIT,	/* disable_on_free */
	TRACE_OPT_IRQ_INFO_BIT,		/* irq-info: the flags columns */
	TRACE_OPT_MARKERS_BIT,		/* markers: trace_marker accepts writes */
#ifdef CONFIG_EVENT_TRACING
	TRACE_OPT_EVENT_FORK_BIT,	/* event-fork: set_event_pid follows forks */
#endif
	TRACE_OPT_TRACE_PRINTK_DEST_BIT, /* trace_printk_dest: gets trace_printk() */
	TRACE_OPT_PAUSE_ON_TRACE_BIT,	/* pause-on-trace */
	TRACE_OPT_HASH_PTR_BIT,		/* hash-ptr: %p in events hashed */
	TRACE_OPT_FUNCTION_BIT,		/* function-trace: latency tracers trace calls */
	TRACE_OPT_FUNC_FORK_BIT,	/* function-fork: set_ftrace_pid follows forks */
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	TRACE_OPT_DISPLAY_GRAPH_BIT,	/* display-graph: latency tracers as graphs */
#endif
	TRACE_OPT_STACKTRACE_BIT,	/* stacktrace: a stack after trace_printk() */
	/*
	 * The options below belong to one tracer each (trace_opt_tracer()):
	 * trace_options shows and takes them only while it is the current
	 * tracer; their options/ files work always.
	 */
	TRACE_OPT_FUNC_STACKTRACE_BIT,	/* func_stack_trace: a stack after each call */
	TRACE_OPT_FUNC_NO_REPEATS_BIT,	/* func-no-repeats: count repeated calls */
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	/* function_graph's output (trace_graph_output.c) and recording */
	TRACE_OPT_FUNCGRAPH_OVERRUN_BIT,	/* funcgraph-overrun */
	TRACE_OPT_FUNCGRAPH_CPU_BIT,		/* funcgraph-cpu */
	TRACE_OPT_FUNCGRAPH_OVERHEAD_BIT,	/* funcgraph-overhead */
	TRACE_OPT_FUNCGRAPH_PROC_BIT,		/* funcgraph-proc */
	TRACE_OPT_FUNCGRAPH_DURATION_BIT,	/* funcgraph-duration */
	TRACE_OPT_FUNCGRAPH_ABSTIME_BIT,	/* funcgraph-abstime */
	TRACE_OPT_FUNCGRAPH_IRQS_BIT,		/* funcgraph-irqs */
	TRACE_OPT_FUNCGRAPH_TAIL_BIT,		/* funcgraph-tail */
#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
	TRACE_OPT_FUNCGRAPH_RETVAL_BIT,		/* funcgraph-retval */
	TRACE_OPT_FUNCGRAPH_RETVAL_HEX_BIT,	/* funcgraph-retval-hex */
#endif
	TRACE_OPT_SLEEP_TIME_BIT,	/* sleep-time: durations count sleep */
#ifdef CONFIG_FUNCTION_PROFILER
	TRACE_OPT_GRAPH_TIME_BIT,	/* graph-time: profiler counts children */
#endif
#endif
	TRACE_OPT_NR_BITS,
};

/* More than 32 options: the bits are a u64 on every machine. */
#define TRACE_OPT(name)		BIT_ULL(TRACE_OPT_##name##_BIT)

#ifdef CONFIG_FUNCTION_PROFILER
#define TRACE_GRAPH_TIME_DEFAULT	TRACE_OPT(GRAPH_TIME)
#else
#define TRACE_GRAPH_TIME_DEFAULT	0
#endif

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
#define TRACE_GRAPH_DEFAULT_FLAGS					\
	(TRACE_OPT(FUNCGRAPH_CPU) | TRACE_OPT(FUNCGRAPH_OVERHEAD) |	\
	 TRACE_OPT(FUNCGRAPH_DURATION) | TRACE_OPT(FUNCGRAPH_IRQS) |	\
	 TRACE_OPT(SLEEP_TIME) | TRACE_GRAPH_TIME_DEFAULT)
#else
#define TRACE_GRAPH_DEFAULT_FLAGS	0
#endif

/* Options set on a new instance. */
#define TRACE_DEFAULT_FLAGS						\
	(TRACE_OPT(PRINT_PARENT) | TRACE_OPT(PRINTK) |			\
	 TRACE_OPT(ANNOTATE) | TRACE_OPT(CONTEXT_INFO) |		\
	 TRACE_OPT(HASH_PTR) |						\
	 TRACE_OPT(RECORD_CMD) | TRACE_OPT(OVERWRITE) |			\
	 TRACE_OPT(IRQ_INFO) | TRACE_OPT(MARKERS) | TRACE_OPT(FUNCTION) |	\
	 TRACE_GRAPH_DEFAULT_FLAGS)

/*
 * Options a new instance does not copy from the top level, as upstream:
 * following forks, and receiving or recording trace_printk(); it starts
 * with them as TRACE_DEFAULT_FLAGS has them, and with the top level's
 * value of every other option.
 */
#define TRACE_OWN_FLAGS							\
	(TRACE_OPT(EVENT_FORK) | TRACE_OPT(FUNC_FORK) |			\
	 TRACE_OPT(TRACE_PRINTK_DEST) | TRACE_OPT(PRINTK))

/* The options print functions receive in their "flags" argument. */
#define TRACE_OPT_SYM_MASK						\
	(TRACE_OPT(PRINT_PARENT) | TRACE_OPT(SYM_OFFSET) | TRACE_OPT(SYM_ADDR))

/* --- tracers -------------------------------------------------------------- */

/**
 * struct tracer_opt - an option of one tracer's own
 * @name: its file in options/ and its word in trace_options
 * @bit:  its bit in the tracer's @opt_val
 */
struct tracer_opt {
	const char	*name;
	u32		bit;
};

/**
 * struct tracer - something that can be an instance's current_tracer
 * @name:            what available_tracers and current_tracer show
 * @init:            start tracing into @tr; 0 or a -errno that refuses
 *                   the switch
 * @reset:           stop tracing into @tr
 * @flag_changed:    an option of @tr is about to change to @on while
 *                   this tracer runs in it (trace_types_lock); 0 or a
 *                   -errno that refuses the change
 * @next:            link in the list of tracers, under trace_types_lock
 * @allow_instances: the tracer may run in instances/ too, not only at the
 *                   top level; available_tracers of an instance lists
 *                   only these
 * @print_line:      optional: the text of a record in the tracer's own
 *                   layout; TRACE_TYPE_UNHANDLED leaves it to the core
 * @print_header:    optional: the comment lines atop the trace file
 * @open:            optional: set up iter->private, the tracer's state
 *                   for one reader of trace, trace_pipe or snapshot; it
 *                   may leave it NULL (no memory), and the print
 *                   functions must cope, as in the oops dump, which
 *                   calls neither hook.  Called again, after @close,
 *                   when a trace reader starts over
 * @close:           optional: free what @open set up
 * @print_max:       a latency tracer: "trace" shows the snapshot buffer,
 *                   where the trace of the maximum latency is kept, in
 *                   the latency format (trace_latency.h)
 * @opts:            optional: the tracer's own options, ended by an empty
 *                   entry.  Each is a file in options/ of every instance
 *                   the tracer may run in, and trace_options lists them
 *                   after the core's while the tracer is current.  Only a
 *                   tracer registered before tracefs is set up gets the
 *                   files (TRACE_TRACER_OPT_FILES of them in all)
 * @opt_val:         the values of @opts, one set for all instances
 *                   (trace_types_lock)
 * @set_opt:         with @opts: option @bit is about to change to @on in
 *                   @tr (trace_types_lock); 0 or a -errno that refuses
 *                   the change
 */
struct tracer {
	const char		*name;
	int			(*init)(struct trace_array *tr);
	void			(*reset)(struct trace_array *tr);
	int			(*flag_changed)(struct trace_array *tr,
						int bit, bool on);
	struct tracer		*next;
	bool			allow_instances;
	enum print_line_t	(*print_line)(struct trace_iterator *iter);
	void			(*print_header)(struct seq_file *m,
						struct trace_iterator *iter);
	void			(*open)(struct trace_iterator *iter);
	void			(*close)(struct trace_iterator *iter);
	bool			print_max;
	const struct tracer_opt	*opts;
	u32			opt_val;
	int			(*set_opt)(struct trace_array *tr, u32 bit,
					   bool on);
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
 * @tr:     the instance
 * @bit:    the TRACE_OPT_*_BIT the file shows, when @tracer is NULL
 * @tracer: the tracer whose option @opt the file shows, or NULL
 * @opt:    that option
 */
struct trace_option_file {
	struct trace_array	*tr;
	int			bit;
	struct tracer		*tracer;
	const struct tracer_opt	*opt;
};

/* How many tracers' own options an instance has files for: nop's two. */
#define TRACE_TRACER_OPT_FILES	2

struct trace_pid_list;

/**
 * struct trace_array_events - an instance's trace events (trace_events.c)
 * @node:     link in the list of instances that have events (event_mutex)
 * @files:    its struct trace_event_file, one per event (event_mutex)
 * @systems:  its struct trace_subsystem_dir, one per system (event_mutex)
 * @ei:       its events/ directory on eventfs, or NULL before tracefs
 *            is up; created and removed under event_mutex
 * @pids:     set_event_pid and set_event_notrace_pid (trace_events_pid.c):
 *            written under event_mutex, read under sched-RCU by probes
 * @marker:   its ftrace/print file, whose triggers trace_marker runs;
 *            set once when the instance gets its files, cleared
 *            (event_mutex) before they go
 */
struct trace_array_events {
	struct list_head		node;
	struct list_head		files;
	struct list_head		systems;
	struct eventfs_inode		*ei;
	struct trace_pid_list __rcu	*pids[2];
	struct trace_event_file		*marker;
	/* Holds records of an event gone since (event_mutex). */
	bool				stale;
};

/**
 * struct trace_max_info - the latency the max buffer holds the trace of
 * @latency:        in nanoseconds
 * @time_start:     trace clock time the latency started at: earlier
 *                  records in the max buffer are left out of "trace"
 * @critical_start: where it started (irqsoff tracers), or 0
 * @critical_end:   where it ended
 * @cpu:            the CPU it was measured on
 * @comm:           the task it was measured in (for wakeup: woken up)
 * @pid:            its pid
 * @uid:            its uid
 * @nice:           its nice value
 * @policy:         its scheduling policy
 * @rt_priority:    its real-time priority
 */
struct trace_max_info {
	u64		latency;
	u64		time_start;
	unsigned long	critical_start;
	unsigned long	critical_end;
	int		cpu;
	char		comm[TASK_COMM_LEN];
	pid_t		pid;
	uid_t		uid;
	long		nice;
	unsigned int	policy;
	unsigned int	rt_priority;
};

/**
 * struct trace_array - a trace instance: a buffer and how it is fed and read
 * @list:              link in the list of live instances (trace_types_lock)
 * @name:              NULL for the top level (/sys/kernel/tracing), else
 *                     the directory name under instances/
 * @buffer:            the ring buffer, or NULL if it could not be allocated
 * @snapshot:          the snapshot buffer, NULL while not allocated
 *                     (trace_types_lock); its rings are exchanged with
 *                     @buffer's one CPU at a time, @buffer itself never
 *                     changes
 * @snapshot_pins:     open readers that walk a ring in place (trace,
 *                     snapshot, snapshot_raw); while any exists the
 *                     snapshot is neither taken nor freed, so no ring is
 *                     moved or freed under them (trace_types_lock)
 * @snapshot_irq_work: a snapshot asked for where none can be taken
 *                     (atomic context, NMI) leaves that context ...
 * @snapshot_work:     ... for a worker, which takes it
 * @snapshot_queued:   TRACE_SNAPSHOT_QUEUED while such a snapshot is
 *                     asked for and not yet taken (trace_snapshot.c)
 * @cond_snapshot:     the conditional snapshot's owner, or NULL (set and
 *                     cleared under event_mutex, read by probes under
 *                     RCU; trace_snapshot.c)
 * @map_lock:          protects @snapshot_users and @mapped, which keep
 *                     snapshots and user mappings of the rings apart
 * @snapshot_users:    what may take a snapshot now (trace_snapshot_arm():
 *                     snapshot triggers and function commands, latency
 *                     tracers, a conditional snapshot, a write of 1 to
 *                     the snapshot file)
 * @mapped:            mappings of a trace_pipe_raw (trace_snapshot_map_get())
 * @flags:             TRACE_OPT() bits; changed under trace_types_lock,
 *                     read locklessly by writers and readers
 * @clock_id:          index in trace_clocks[] (trace_types_lock)
 * @buffer_percent:    how full a CPU's ring must be before a blocked
 *                     trace_pipe_raw splice is woken
 * @current_trace:     the tracer at work (trace_types_lock)
 * @tracing_cpumask:   CPUs whose records are kept (trace_types_lock)
 * @time_start:        the buffer's time stamp when it was last emptied,
 *                     what latency-format times count from
 * @stop_count:        tracing_stop() nesting (@start_lock)
 * @start_lock:        protects @stop_count
 * @consume_lock:      consuming readers, see the top of this file
 * @ref:               open files and in-kernel users (trace_types_lock);
 *                     an instance is removed only when it is 0
 * @all_cpus:          private data of the instance-wide files
 * @cpu_files:         private data of per_cpu/cpuN/ files, nr_cpu_ids long
 * @opt_files:         private data of options/ files: the core's by
 *                     TRACE_OPT_*_BIT, then the tracers' own
 * @dir:               the instance's tracefs directory (NULL: the root)
 * @options_dir:       its options/ directory
 * @percpu_dir:        its per_cpu/ directory
 * @err_log:           error_log entries (trace_errlog.c)
 * @n_err_log_entries: how many
 * @events:            its trace events (CONFIG_EVENT_TRACING)
 * @ops:               the function tracer's ftrace_ops (its filters are
 *                     the instance's set_ftrace_filter/notrace), or NULL
 * @function_pids:     set_ftrace_pid (RCU; ftrace_lock), NULL: all
 * @function_no_pids:  set_ftrace_notrace_pid (RCU; ftrace_lock)
 * @func_repeats:      per CPU, the last call the function tracer wrote
 *                     and how often it repeated since (func-no-repeats)
 * @graph:             function_graph's state: its fgraph_ops,
 *                     set_graph_function, set_graph_notrace and
 *                     max_graph_depth (trace_functions_graph.c)
 * @buffer_expanded:   @buffer has its full size: trace_buf_size, or the
 *                     size last written to buffer_size_kb.  Until then
 *                     (the top level only, see tracing_update_buffers())
 *                     its rings are the smallest (trace_types_lock)
 * @max_latency:       its tracing_max_latency, in ns: the largest latency
 *                     a latency tracer measured in it (trace_max_lock)
 * @max_armed:         a latency tracer armed its snapshots
 *                     (trace_latency_tracer_start(); trace_types_lock)
 * @max_info:          the latency whose trace its snapshot buffer holds
 *                     (trace_max_lock; trace_latency.c)
 */
struct trace_array {
	struct list_head		list;
	const char			*name;
	/* The event systems it has (trace_array_get_by_name()); NULL: all. */
	const char			*system_names;
	struct trace_buffer		*buffer;
#ifdef CONFIG_TRACER_SNAPSHOT
	struct trace_buffer		*snapshot;
	int				snapshot_pins;
	struct irq_work			snapshot_irq_work;
	struct kthread_work		snapshot_work;
	unsigned long			snapshot_queued;
	struct cond_snapshot __rcu	*cond_snapshot;
	spinlock_t			map_lock;	/* see above */
	unsigned int			snapshot_users;
	unsigned int			mapped;
#endif
	u64				flags;
	int				clock_id;
	int				buffer_percent;
	struct tracer			*current_trace;
	cpumask_var_t			tracing_cpumask;
	u64				time_start;
	int				stop_count;
	raw_spinlock_t			start_lock;
	struct mutex			consume_lock;	/* see the top */
	int				ref;
	struct trace_cpu_file		all_cpus;
	struct trace_cpu_file		*cpu_files;
	struct trace_option_file	opt_files[TRACE_OPT_NR_BITS +
						  TRACE_TRACER_OPT_FILES];
	struct dentry			*dir;
	struct dentry			*options_dir;
	struct dentry			*percpu_dir;
	struct list_head		err_log;
	unsigned int			n_err_log_entries;
#ifdef CONFIG_EVENT_TRACING
	struct trace_array_events	events;
#endif
#ifdef CONFIG_FUNCTION_TRACER
	struct ftrace_ops		*ops;
	struct ftrace_pid_list __rcu	*function_pids;
	struct ftrace_pid_list __rcu	*function_no_pids;
	struct trace_func_repeats __percpu *func_repeats;
	/* The function tracer records (not while its sites are patched). */
	bool				function_enabled;
#endif
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	struct trace_graph		*graph;
#endif
	bool				buffer_expanded;
#ifdef CONFIG_TRACER_MAX_TRACE
	u64				max_latency;
	bool				max_armed;
	struct trace_max_info		max_info;
#endif
};

/* --- the core (trace.c) ------------------------------------------------- */

/* The top-level instance, /sys/kernel/tracing. */
extern struct trace_array global_trace;

/* Set until the top-level buffer exists; nothing is recorded or read. */
extern int tracing_disabled;

extern struct mutex trace_types_lock;

/* The size of each CPU's ring of a new instance (trace_buf_size=). */
extern unsigned long trace_buf_size;

/* Every live instance, the top level first.  trace_types_lock. */
extern struct list_head trace_arrays;

/* Booted with tp_printk: only then may the sysctl turn it on. */
extern bool tracepoint_printk_booted;

/*
 * What a tracefs write returns: @ret if it failed, else all @cnt bytes
 * taken and the file position moved past them.
 */
static inline ssize_t tracing_write_done(int ret, size_t cnt, loff_t *ppos)
{
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

/* Is this open for writing with O_TRUNC ("echo > file")? */
static inline bool tracing_open_truncates(struct file *filp)
{
	return (filp->f_mode & FMODE_WRITE) && (filp->f_flags & O_TRUNC);
}

/*
 * The file operations of a file whose inode data is its instance's
 * trace_array: each open holds a reference on the instance.
 */
#define TRACING_TR_FOPS(_read, _write, _llseek) {			\
	.open		= tracing_open_file_tr,				\
	.read		= _read,					\
	.write		= _write,					\
	.release	= tracing_release_file_tr,			\
	.llseek		= _llseek,					\
}

int trace_array_get(struct trace_array *tr);
struct trace_array *trace_array_of_data(const void *data);
int tracing_check_open(struct trace_array *tr);
int tracing_check_open_cpu_file(struct trace_cpu_file *cf);
int tracing_open_file_tr(struct inode *inode, struct file *filp);
int tracing_release_file_tr(struct inode *inode, struct file *filp);
int tracing_single_open_tr(struct inode *inode, struct file *filp,
			   int (*show)(struct seq_file *m, void *v));
int tracing_single_release_tr(struct inode *inode, struct file *filp);
int tracing_open_cpu_file(struct inode *inode, struct file *filp);
int tracing_release_cpu_file(struct inode *inode, struct file *filp);
ssize_t tracing_copy_word(char *buf, size_t size, const char __user *ubuf,
			  size_t cnt);
char *tracing_copy_text(const char __user *ubuf, size_t cnt);
ssize_t tracing_write_word(struct trace_array *tr, const char __user *ubuf,
			   size_t cnt, loff_t *ppos,
			   int (*set)(struct trace_array *tr, char *word));
ssize_t tracing_write_ulong(void *data, const char __user *ubuf, size_t cnt,
			    loff_t *ppos, int (*set)(void *data,
						     unsigned long val),
			    struct mutex *lock /* held around @set */);
int trace_clock_lookup(const char *name);
const char *trace_clock_name(int id);
u64 (*trace_clock_read_fn(struct trace_array *tr))(void);

/* --- seq_file helpers (trace_seq_file.c) ------------------------------ */

int tracing_seq_open_copy(struct file *filp, const struct seq_operations *ops,
			  void *copy);
int tracing_seq_release_copy(struct inode *inode, struct file *filp);
ssize_t tracing_read_seq(char __user *ubuf, size_t cnt, loff_t *ppos,
			 void (*show)(struct trace_seq *s, void *data),
			 void *data);
void *trace_seq_step_to(struct seq_file *m, void *v, loff_t pos,
			void *(*next)(struct seq_file *m, void *v, loff_t *pos));

/* --- the tracers (trace_tracers.c) -------------------------------------- */

/* The tracers, newest first (trace_types_lock); nop is the last. */
extern struct tracer *trace_types;

/* May @t be the current tracer of @tr? */
static inline bool tracer_allowed(struct trace_array *tr, struct tracer *t)
{
	return tr == &global_trace || t->allow_instances;
}

int tracing_set_tracer(struct trace_array *tr, const char *name);
void trace_tracers_create_files(struct trace_array *tr, struct dentry *d);

/* --- buffers and their sizes (trace_buffers.c) -------------------------- */

int trace_array_alloc_buffers(struct trace_array *tr, unsigned long size);
void trace_array_free_buffers(struct trace_array *tr);
int tracing_update_buffers(struct trace_array *tr);
int tracing_update_buffers_locked(struct trace_array *tr);
void trace_boot_expand_buffer(void);

/*
 * TRACE_BOOT_STRING(name, option) - keep the value of the boot option
 * @option (say "ftrace_filter=") in the __initdata string name_str, for
 * an initcall to use.  The user includes <asm/setup.h>.
 */
#define TRACE_BOOT_STRING(name, option)				\
static char name##_str[COMMAND_LINE_SIZE] __initdata;		\
static int __init name##_set(char *str)				\
{								\
	strscpy(name##_str, str, sizeof(name##_str));		\
	return 1;						\
}								\
__setup(option, name##_set)
void trace_buffers_create_files(struct trace_array *tr, struct dentry *d);
void trace_buffers_create_cpu_file(struct trace_cpu_file *cf,
				   struct dentry *d);

/* --- options, clocks, cpumask, per-CPU stats ---------------------------- */

int trace_set_option_string(struct trace_array *tr, char *option, bool any);
void trace_options_create_files(struct trace_array *tr, struct dentry *d);
void trace_clock_create_files(struct trace_array *tr, struct dentry *d);
void trace_clock_set(struct trace_array *tr, int id);
void trace_cpumask_create_file(struct trace_array *tr, struct dentry *d);
void trace_cpu_stats_create_file(struct trace_cpu_file *cf, struct dentry *d);

/* --- an instance's directory (trace_tracefs.c) -------------------------- */

void trace_create_instance_files(struct trace_array *tr);

/* --- instances (trace_instances.c) -------------------------------------- */

struct trace_array *trace_array_find_dumping(const char *name);
struct trace_array *trace_array_find(const char *name);
void trace_boot_tracer_registered(struct tracer *t);
void trace_instances_create_dir(void);
void trace_instances_boot(void);

/*
 * The event code's part of an instance (events/ and the event state):
 * added once the instance's files exist, deleted before it is torn down;
 * a deletion error fails the rmdir.  An instance made before tracefs
 * (trace_instance=) gets its event state alone first (event_trace_attach())
 * and events/ with the rest of its files.  Called without trace_types_lock.
 */
#ifdef CONFIG_EVENT_TRACING
int event_trace_attach(struct trace_array *tr);
int event_trace_add_tracer(struct dentry *parent, struct trace_array *tr);
int event_trace_del_tracer(struct trace_array *tr);
#else
static inline int event_trace_attach(struct trace_array *tr) { return 0; }
static inline int event_trace_add_tracer(struct dentry *parent,
					 struct trace_array *tr) { return 0; }
static inline int event_trace_del_tracer(struct trace_array *tr) { return 0; }
#endif

/* --- snapshot (trace_snapshot.c) ---------------------------------------- */

/* Only called for a TRACE_FILE_SNAPSHOT reader, so only with snapshots. */
void trace_snapshot_print_help(struct seq_file *m, struct trace_iterator *iter);

/**
 * typedef cond_update_fn_t - whether a conditional snapshot is taken
 * @tr:        the instance
 * @cond_data: what the caller of tracing_snapshot_cond() passed
 *
 * Called in the caller's context (any, NMI included).
 * Return: true to take the snapshot.
 */
typedef bool (*cond_update_fn_t)(struct trace_array *tr, void *cond_data);

#ifdef CONFIG_TRACER_SNAPSHOT
void tracing_snapshot_cond(struct trace_array *tr, void *cond_data);
void *tracing_cond_snapshot_data(struct trace_array *tr);
int tracing_snapshot_cond_enable(struct trace_array *tr, void *cond_data,
				 cond_update_fn_t update);
int tracing_snapshot_cond_disable(struct trace_array *tr);
int tracing_alloc_snapshot_instance(struct trace_array *tr);
int trace_snapshot_alloc_locked(struct trace_array *tr);
void tracing_snapshot_instance(struct trace_array *tr);
int tracing_alloc_snapshot(void);
void trace_snapshot_create_files(struct trace_array *tr, struct dentry *parent);
void trace_snapshot_create_cpu_files(struct trace_cpu_file *cf,
				     struct dentry *parent);
void trace_snapshot_free(struct trace_array *tr);
void trace_snapshot_init(struct trace_array *tr);
void trace_snapshot_cancel(struct trace_array *tr);
int trace_snapshot_resize(struct trace_array *tr, unsigned long size, int cpu);
void trace_snapshot_match_size(struct trace_array *tr, int cpu);
int trace_snapshot_set_subbuf_order(struct trace_array *tr, int order);
void trace_snapshot_set_clock(struct trace_array *tr);
void trace_snapshot_reset(struct trace_array *tr);
void trace_snapshot_cpumask_update(struct trace_array *tr, int cpu, bool on);
void trace_snapshot_pin(struct trace_array *tr);
void trace_snapshot_unpin(struct trace_array *tr);
struct trace_buffer *trace_snapshot_get_pinned(struct trace_array *tr);
int trace_snapshot_arm(struct trace_array *tr);
void trace_snapshot_disarm(struct trace_array *tr);
int trace_snapshot_map_get(struct trace_array *tr);
void trace_snapshot_map_dup(struct trace_array *tr);
void trace_snapshot_map_put(struct trace_array *tr);
#else
static inline void trace_snapshot_create_files(struct trace_array *tr,
					       struct dentry *parent) { }
static inline void trace_snapshot_create_cpu_files(struct trace_cpu_file *cf,
						   struct dentry *parent) { }
static inline void trace_snapshot_free(struct trace_array *tr) { }
static inline void trace_snapshot_init(struct trace_array *tr) { }
static inline void trace_snapshot_cancel(struct trace_array *tr) { }
static inline int trace_snapshot_resize(struct trace_array *tr,
					unsigned long size, int cpu)
{
	return 0;
}

static inline void trace_snapshot_match_size(struct trace_array *tr,
					     int cpu) { }

static inline int trace_snapshot_set_subbuf_order(struct trace_array *tr,
						  int order)
{
	return 0;
}

static inline void trace_snapshot_set_clock(struct trace_array *tr) { }
static inline void trace_snapshot_reset(struct trace_array *tr) { }
static inline void trace_snapshot_cpumask_update(struct trace_array *tr,
						 int cpu, bool on) { }
static inline void trace_snapshot_pin(struct trace_array *tr) { }
static inline int trace_snapshot_map_get(struct trace_array *tr)
{
	return 0;
}

static inline void trace_snapshot_map_dup(struct trace_array *tr) { }
static inline void trace_snapshot_map_put(struct trace_array *tr) { }
static inline void trace_snapshot_unpin(struct trace_array *tr) { }
static inline struct trace_buffer *
trace_snapshot_get_pinned(struct trace_array *tr)
{
	return NULL;
}
#endif

/* tracing_max_latency of an instance (trace_latency.c). */
#ifdef CONFIG_TRACER_MAX_TRACE
void trace_latency_create_files(struct trace_array *tr, struct dentry *parent);
#else
static inline void trace_latency_create_files(struct trace_array *tr,
					      struct dentry *parent) { }
#endif

bool tracer_tracing_is_on(struct trace_array *tr);
void tracer_tracing_on(struct trace_array *tr);
void tracer_tracing_off(struct trace_array *tr);
void tracing_start_tr(struct trace_array *tr);
void tracing_stop_tr(struct trace_array *tr);
unsigned long tracing_stop_writers(struct trace_array *tr);
void tracing_reset_stopped(struct trace_array *tr, unsigned long cookie);
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
 * The payload of a record ring_buffer_lock_reserve() just returned for
 * @len bytes.  The reserve hands out the data record itself, past any
 * time extend or absolute stamp it wrote in front, so unlike
 * ring_buffer_event_data() nothing is skipped: the payload follows the
 * header, or the length word when type_len is 0.  The ring buffer keeps
 * the length in type_len for payloads of up to
 * RINGBUF_TYPE_DATA_TYPE_LEN_MAX words, unless its records are all
 * 8-byte aligned (CONFIG_HAVE_64BIT_ALIGNED_ACCESS): then every record
 * has the length word (RB_ALWAYS_LONG in ring_buffer_guarded.h) and any
 * @len decides at compile time; otherwise a constant one does.
 */
static __always_inline void *
trace_reserved_payload(struct ring_buffer_event *event, unsigned long len)
{
	if (IS_ENABLED(CONFIG_HAVE_64BIT_ALIGNED_ACCESS))
		return &event->array[1];
	if (__builtin_constant_p(len) &&
	    len <= RINGBUF_TYPE_DATA_TYPE_LEN_MAX * 4)
		return &event->array[0];
	return event->type_len ? (void *)&event->array[0] :
				 (void *)&event->array[1];
}

/*
 * Offer a reserved record to the registered trace exports
 * (trace_export.c); a patched-out branch while none is registered.
 */
DECLARE_STATIC_KEY_FALSE(trace_exports_enabled);
void __trace_exports_send(struct ring_buffer_event *event, int flag);

static __always_inline void trace_exports_send(struct ring_buffer_event *event,
					       int flag)
{
	if (static_branch_unlikely(&trace_exports_enabled))
		__trace_exports_send(event, flag);
}

/*
 * The TRACE_FLAG_* bits of the interrupt contexts in preempt count @pc.
 * SOFTIRQ_OFFSET is "serving"; higher multiples are "disabled".
 */
static __always_inline unsigned int trace_ctx_irq_bits(unsigned int pc)
{
	unsigned int flags = 0;

	if (pc & NMI_MASK)
		flags |= TRACE_FLAG_NMI;
	if (pc & HARDIRQ_MASK)
		flags |= TRACE_FLAG_HARDIRQ;
	if (pc & SOFTIRQ_OFFSET)
		flags |= TRACE_FLAG_SOFTIRQ;
	if (pc & SOFTIRQ_MASK & ~SOFTIRQ_OFFSET)
		flags |= TRACE_FLAG_BH_OFF;
	return flags;
}

/*
 * The trace context word of the current writer, from its preempt count
 * @pc: @flags (TRACE_FLAG_IRQS_*) and the context bits in bits 16-23,
 * the migrate-disable depth in bits 4-7 and @depth, the preemption depth
 * to show, in bits 0-3 (both capped at 15).  Task context, the usual
 * one, takes a single test for the four interrupt context bits.
 */
static __always_inline unsigned int trace_ctx_make(unsigned int flags,
						   unsigned int pc,
						   unsigned int depth)
{
	unsigned int migrate = 0;

	if (unlikely(pc & (NMI_MASK | HARDIRQ_MASK | SOFTIRQ_MASK)))
		flags |= trace_ctx_irq_bits(pc);
	if (tif_need_resched())
		flags |= TRACE_FLAG_NEED_RESCHED;
	if (test_preempt_need_resched())
		flags |= TRACE_FLAG_PREEMPT_RESCHED;
#ifdef CONFIG_SMP
	migrate = min_t(unsigned int, current->migration_disabled, 15);
#endif
	return flags << TRACE_CTX_FLAGS_SHIFT | migrate << 4 |
	       min_t(unsigned int, depth, 15);
}

/*
 * tracing_gen_ctx_irq_test(), inline for the hot paths of the tracers
 * here: the trace context word of the current writer, with
 * @irqs_status's TRACE_FLAG_IRQS_* bit.
 */
static __always_inline unsigned int trace_ctx_irq_test(unsigned int irqs_status)
{
	unsigned int pc = preempt_count();

	return trace_ctx_make(irqs_status, pc, pc & PREEMPT_MASK);
}

/* The TRACE_FLAG_IRQS_* bit of the current CPU's interrupt state. */
static __always_inline unsigned int trace_ctx_irqs_bit(void)
{
#ifdef CONFIG_TRACE_IRQFLAGS_SUPPORT
	unsigned long irqflags;

	local_save_flags(irqflags);
	return irqs_disabled_flags(irqflags) ? TRACE_FLAG_IRQS_OFF : 0;
#else
	return TRACE_FLAG_IRQS_NOSUPPORT;
#endif
}

/* tracing_gen_ctx(), inline: the context word of the current writer. */
static __always_inline unsigned int trace_ctx_now(void)
{
	return trace_ctx_irq_test(trace_ctx_irqs_bit());
}

/*
 * tracing_gen_ctx_dec(), inline: for a writer that disabled preemption
 * itself, one level of the preemption depth is its own, not shown.
 */
static __always_inline unsigned int trace_ctx_now_dec(void)
{
	unsigned int pc = preempt_count();
	unsigned int depth = pc & PREEMPT_MASK;

	if (IS_ENABLED(CONFIG_PREEMPTION))
		depth -= depth != 0;
	return trace_ctx_make(trace_ctx_irqs_bit(), pc, depth);
}

/*
 * Writing a record: trace_buffer_reserve() returns a record whose
 * struct trace_entry header is filled in, or NULL when the buffer is off
 * or full; trace_buffer_commit() publishes it.  Between the two the
 * writer runs with preemption disabled.  Lockless, any context.  Inline:
 * every tracer's hot path goes through them.  A @guarded writer holds
 * ftrace_test_recursion_trylock() from before the reserve until after
 * the commit (ring_buffer_guarded.h).  @now: 0, or the record's time,
 * read by the writer from trace_clock_local() (ring_buffer_lock_reserve_at()).
 */
static __always_inline struct ring_buffer_event *
__trace_buffer_reserve_at(struct trace_buffer *buffer, int type,
			  unsigned long len, unsigned int trace_ctx,
			  bool guarded, u64 now)
{
	struct ring_buffer_event *event;

	if (guarded && now)
		event = ring_buffer_reserve_guarded_at(buffer, len, now);
	else if (guarded)
		event = ring_buffer_reserve_guarded(buffer, len);
	else if (now)
		event = ring_buffer_lock_reserve_at(buffer, len, now);
	else
		event = ring_buffer_lock_reserve(buffer, len);
	if (event)
		tracing_generic_entry_update(trace_reserved_payload(event, len),
					     type, trace_ctx);
	return event;
}

static __always_inline struct ring_buffer_event *
__trace_buffer_reserve(struct trace_buffer *buffer, int type,
		       unsigned long len, unsigned int trace_ctx, bool guarded)
{
	return __trace_buffer_reserve_at(buffer, type, len, trace_ctx,
					 guarded, 0);
}

static __always_inline void __trace_buffer_commit(struct trace_buffer *buffer,
						  bool guarded)
{
	if (guarded)
		ring_buffer_commit_guarded(buffer);
	else
		ring_buffer_unlock_commit(buffer);
}

static __always_inline struct ring_buffer_event *
trace_buffer_reserve(struct trace_buffer *buffer, int type, unsigned long len,
		     unsigned int trace_ctx)
{
	return __trace_buffer_reserve(buffer, type, len, trace_ctx, false);
}

static __always_inline void trace_buffer_commit(struct trace_buffer *buffer)
{
	__trace_buffer_commit(buffer, false);
}

/*
 * Write a TRACE_FN record (a call of @ip from @parent_ip) into @tr.  Any
 * context, preemption off; @guarded as __trace_buffer_reserve().
 * Return: false if the buffer took none.
 */
static __always_inline bool trace_function_record(struct trace_array *tr,
						  unsigned long ip,
						  unsigned long parent_ip,
						  unsigned int trace_ctx,
						  bool guarded)
{
	struct trace_buffer *buffer = tr->buffer;
	struct ring_buffer_event *event;
	struct ftrace_entry *entry;

	event = __trace_buffer_reserve(buffer, TRACE_FN, sizeof(*entry),
				       trace_ctx, guarded);
	if (!event)
		return false;
	entry = trace_reserved_payload(event, sizeof(*entry));
	entry->ip = ip;
	entry->parent_ip = parent_ip;
	trace_exports_send(event, TRACE_EXPORT_FUNCTION);
	__trace_buffer_commit(buffer, guarded);
	return true;
}

struct dentry *trace_create_file(const char *name, umode_t mode,
				 struct dentry *parent, void *data,
				 const struct file_operations *fops);
struct dentry *trace_create_dir(const char *name, struct dentry *parent);
void trace_create_failed(void);
unsigned int trace_create_failures(void);

/* Mode of files a user writes to, and of read-only ones. */
#define TRACE_MODE_WRITE	0640
#define TRACE_MODE_READ		0440

/* --- reading (trace_read.c) --------------------------------------------- */

/* trace_iterator::iter_flags private to the readers. */
#define TRACE_FILE_PAUSED	BIT(8)	/* holds a tracing_stop_tr() */
#define TRACE_FILE_SNAPSHOT	BIT(9)	/* reads tr->snapshot, not tr->buffer */
#define TRACE_FILE_PINNED	BIT(10)	/* holds a trace_snapshot_pin() */
#define TRACE_FILE_DUMP		BIT(11)	/* the oops dump: never allocates */

/* The buffer @iter reads. */
static inline struct trace_buffer *trace_iter_buffer(struct trace_iterator *iter)
{
#ifdef CONFIG_TRACER_SNAPSHOT
	if (iter->iter_flags & TRACE_FILE_SNAPSHOT)
		return iter->tr->snapshot;
#endif
	return iter->tr->buffer;
}

extern const struct file_operations tracing_fops;
extern const struct file_operations tracing_pipe_fops;
extern const struct file_operations tracing_raw_fops;

int trace_open_reader(struct file *filp, struct trace_cpu_file *cf,
		      bool snapshot);
int trace_release_reader(struct inode *inode, struct file *filp);
bool trace_iter_empty(struct trace_iterator *iter);
u64 trace_iter_next_ts(struct trace_iterator *iter);
struct ring_buffer_event *trace_iter_peek_cpu(struct trace_iterator *iter);
void trace_iter_skip_cpu(struct trace_iterator *iter);
extern const struct file_operations tracing_snapshot_raw_fops;

void trace_panic_notifiers_init(void);

/* --- output (trace_output.c) -------------------------------------------- */

void trace_output_init(void);

/* --- user stacks (trace_userstack.c) ----------------------------------- */

#if defined(CONFIG_STACKTRACE) && defined(CONFIG_USER_STACKTRACE_SUPPORT)
void trace_record_user_stack(struct trace_array *tr, unsigned int trace_ctx);
void trace_user_stack_init(void);
#else
static inline void trace_record_user_stack(struct trace_array *tr,
					   unsigned int trace_ctx)
{
}

static inline void trace_user_stack_init(void)
{
}
#endif
int trace_event_print_lock(void);
void trace_event_print_unlock(int idx);
struct trace_event *ftrace_find_event(int type);
enum print_line_t trace_print_line(struct trace_iterator *iter);
void trace_print_header(struct seq_file *m, struct trace_iterator *iter);
void trace_default_header(struct seq_file *m, struct trace_iterator *iter);
bool trace_print_lat_header(struct seq_file *m, struct trace_iterator *iter);
void trace_print_irq_info(struct trace_seq *s, struct trace_entry *entry);
bool trace_is_printk_type(int type);
enum print_line_t trace_print_msg_only(struct trace_iterator *iter);
void seq_print_ip_sym(struct trace_seq *s, unsigned long ip,
		      unsigned long sym_flags);
void trace_seq_blanks(struct trace_seq *s, int n);
int trace_format_u64(char *buf, u64 v, int zeros);
void trace_seq_u64(struct trace_seq *s, u64 v, int width);

/* --- function names for the output (trace_sym.c) ------------------------ */

bool trace_seq_sym_name(struct trace_seq *s, unsigned long ip);
void trace_seq_sym(struct trace_seq *s, unsigned long ip);

/* --- trace_printk() & co (trace_printk.c) ------------------------------- */

/* The linker's tables of trace_printk() formats and tracepoint strings. */
extern const char *__start___trace_bprintk_fmt[];
extern const char *__stop___trace_bprintk_fmt[];
extern const char *__start___tracepoint_str[];
extern const char *__stop___tracepoint_str[];

int trace_printk_early_init(void);
bool trace_printk_in_kernel(void);
void trace_printk_late_init(void);
void trace_printk_create_files(struct dentry *parent);
void trace_record_kernel_stack(struct trace_array *tr, unsigned int trace_ctx,
			       unsigned long from, int skip);
int trace_printk_dest_set(struct trace_array *tr, bool on);
void trace_printk_dest_release(struct trace_array *tr);
int trace_array_vprintk(struct trace_array *tr, unsigned long ip,
			const char *fmt, va_list args);

/* --- trace_marker (trace_marker.c) --------------------------------------- */

void trace_marker_create_files(struct trace_array *tr, struct dentry *parent);

/* --- saved comms and tgids (trace_cmdline.c) --------------------------- */

int trace_cmdline_init(void);
void trace_cmdline_create_files(struct dentry *parent);
void trace_cmdline_start(void);
void trace_cmdline_stop(void);
void trace_save_current_taskinfo(void);
void trace_find_cmdline(int pid, char comm[]);
int trace_find_tgid(int pid);
void trace_cmdline_dumping(bool dumping);

DECLARE_PER_CPU(bool, trace_taskinfo_pending);

/*
 * A writer in any context notes that the current task's comm is worth
 * keeping; the scheduler hook saves it when the task is switched out.
 * A plain store of true (this_cpu_write() would disable interrupts
 * around it on riscv; no read-modify-write needs that).  Most writers
 * run with preemption off here; one migrated between the address and
 * the store marks its old CPU, where some other task's comm is saved,
 * and its own only after a later record of its own.
 */
static __always_inline void trace_taskinfo_mark_pending(void)
{
	raw_cpu_write(trace_taskinfo_pending, true);
}

/* --- error_log (trace_errlog.c) -------------------------------------- */

void trace_errlog_create_file(struct trace_array *tr, struct dentry *parent);
void trace_errlog_free(struct trace_array *tr);
unsigned int err_pos(char *cmd, const char *str);
void tracing_log_err(struct trace_array *tr, const char *loc,
		     const char *cmd, const char * const *errs, u8 type,
		     u16 pos);

/* --- trace events (trace_events*.c, trace_entries.c) -------------------- */

#ifdef CONFIG_EVENT_TRACING
/*
 * event_mutex (trace_events.c) guards the list of events and each
 * instance's event files, subsystem directories and pid lists.  It nests
 * inside trace_types_lock.
 */
extern struct mutex event_mutex;
extern struct list_head ftrace_events;

/* A word of set_event or trace_event=: a leading '!' disables the event. */
static inline bool event_word_enables(char **word)
{
	if (**word != '!')
		return true;
	(*word)++;
	return false;
}

/* The linker's tables of built-in events and their TRACE_DEFINE_ENUM()s. */
extern struct trace_event_call *__start_ftrace_events[];
extern struct trace_event_call *__stop_ftrace_events[];
extern struct trace_eval_map *__start_ftrace_eval_maps[];
extern struct trace_eval_map *__stop_ftrace_eval_maps[];

/**
 * struct ftrace_event_field - a field of an event's record
 * @link:        in the class's field list, or the common fields
 * @name:        its name
 * @type:        its type as the format file shows it
 * @filter_type: FILTER_*
 * @offset:      its offset in the record
 * @size:        its size
 * @is_signed:   a signed integer
 * @len:         element count of a fixed array, else 0
 */
struct ftrace_event_field {
	struct list_head	link;
	const char		*name;
	const char		*type;
	int			filter_type;
	int			offset;
	int			size;
	int			is_signed;
	int			len;
};

/**
 * struct trace_subsystem_dir - events/<system>/ of one instance
 * @list:      in the instance's trace_array_events::systems
 * @name:      the system's name (owned by an event of the system)
 * @tr:        the instance
 * @ei:        the directory on eventfs, or NULL (event_mutex)
 * @nr_events: events of @tr in the system
 * @ref:       one for the directory, one per open enable or filter file
 * @filter:    the text last written to its filter file (event_mutex)
 */
struct trace_subsystem_dir {
	struct list_head	list;
	const char		*name;
	struct trace_array	*tr;
	struct eventfs_inode	*ei;
	int			nr_events;
	int			ref;
};

extern struct list_head ftrace_common_fields;

void trace_event_init(void);
int trace_event_register_core(struct trace_event_call *call);

int trace_event_file_set(struct trace_event_file *file, bool enable);
int trace_event_file_soft_mode(struct trace_event_file *file, bool on);
int trace_event_set_clr(struct trace_array *tr, const char *match,
			const char *sub, const char *event, int set);
int trace_event_open_list(struct trace_array *tr, struct file *filp,
			  void (*clear)(struct trace_array *tr, int which),
			  int which);
void trace_event_file_put(struct trace_event_file *file);
struct trace_event_file *trace_event_file_open(struct inode *inode);
void trace_event_file_close(struct trace_event_file *file);
int trace_event_fops_open(struct inode *inode, struct file *filp);
int trace_event_fops_release(struct inode *inode, struct file *filp);
int trace_system_fops_open(struct inode *inode, struct file *filp);
int trace_system_fops_release(struct inode *inode, struct file *filp);

/* trace_events_fs.c: the tracefs side.  event_mutex held. */
void __init trace_events_dir_init(void);
int trace_events_create_dir(struct trace_array *tr, struct dentry *parent);
void trace_events_remove_dir(struct trace_array *tr);
void trace_event_file_create_dir(struct trace_event_file *file);
void trace_event_file_remove_dir(struct trace_event_file *file);
void trace_event_system_create_dir(struct trace_subsystem_dir *dir);
void trace_event_system_remove_dir(struct trace_subsystem_dir *dir);

/* trace_events_filter.c: the filter files.  event_mutex held. */
extern const struct file_operations trace_event_filter_fops;
extern const struct file_operations trace_system_filter_fops;
void trace_event_filter_free(struct trace_event_file *file);

/*
 * Does @file's filter refuse the record @entry?  Called by the probe
 * between reserve and commit; without a filter it is one flag test.
 */
static __always_inline bool
trace_event_filtered_out(struct trace_event_file *file, void *entry)
{
	/*
	 * FILTERED is set and cleared with atomic bitops under event_mutex
	 * (trace_events_filter.c) after the filter is published with
	 * rcu_replace_pointer() and before it is removed.  A probe that sees
	 * the bit late merely skips a new filter; one that sees it set with
	 * the filter gone finds NULL, which filter_match_preds() takes as
	 * "no filter".
	 */
	if (likely(!(READ_ONCE(file->flags) & EVENT_FILE_FL_FILTERED)))
		return false;
	return !filter_match_preds(rcu_dereference_sched(file->filter), entry);
}

/* trace_syscalls.c: a syscall's name, for hist triggers' .syscall. */
#ifdef CONFIG_FTRACE_SYSCALLS
const char *trace_syscall_name(int nr);
#else
static inline const char *trace_syscall_name(int nr) { return NULL; }
#endif

/* trace_events_trigger.c: the trigger files and running triggers. */
extern const struct file_operations trace_event_trigger_fops;
/* trace_events_hist_show.c, with CONFIG_HIST_TRIGGERS: the hist file. */
extern const struct file_operations trace_event_hist_fops;
unsigned long trace_event_triggers_call(struct trace_event_file *file,
					void *rec, unsigned long ip);
void trace_event_triggers_post_call(struct trace_event_file *file,
				    unsigned long post, unsigned long ip);
void trace_event_triggers_post_call_sleepable(struct trace_event_file *file,
					      unsigned long post,
					      unsigned long ip);
void trace_event_triggers_fire(struct trace_event_file *file);
void trace_event_file_triggers_clear(struct trace_event_file *file);
void trace_event_triggers_reap(void);

/* trace_events_trigger_cmds.c: enable_event and disable_event. */
bool trace_event_switch(struct trace_event_file *file, bool enable);
struct trace_event_file *trace_event_switch_find(struct trace_array *tr,
						 const char *system,
						 const char *event);
int trace_event_switch_hold(struct trace_event_file *file);
void trace_event_switch_unhold(struct trace_event_file *file);

/* trace_events_pid.c: set_event_pid and set_event_notrace_pid. */
void trace_events_pid_create_files(struct trace_array *tr,
				   struct dentry *parent);
void trace_events_pid_free(struct trace_array *tr);

/* trace_entries.c: the core's record types under events/ftrace/. */
int trace_export_register(void);
struct trace_event_call *trace_export_find_call(int type);
enum print_line_t trace_print_event_fields(struct trace_iterator *iter,
					   struct trace_event *event);

/* trace_eval.c: TRACE_DEFINE_ENUM() values into format strings. */
void trace_eval_init(void);
void trace_eval_module_add(struct module *mod);
void trace_eval_module_remove(struct module *mod);

/* trace_event_perf.c: a perf event with a trace event of its own. */
#ifdef CONFIG_PERF_EVENTS
int perf_trace_local_init(struct perf_event *p_event,
			  struct trace_event_call *call);
void perf_trace_local_destroy(struct perf_event *p_event);
#endif
#else
static inline void trace_event_init(void) { }
#endif

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
void ftrace_create_pid_files(struct trace_array *tr, struct dentry *parent);
#ifdef CONFIG_DYNAMIC_FTRACE
void ftrace_create_filter_files(struct trace_array *tr, struct dentry *parent);
#else
/* The static tracer has no set_ftrace_filter: the pid files only. */
static inline void ftrace_create_filter_files(struct trace_array *tr,
					      struct dentry *parent)
{
	ftrace_create_pid_files(tr, parent);
}
#endif
void ftrace_free_pid_lists(struct trace_array *tr);
bool __ftrace_pid_traced(struct trace_array *tr);

/*
 * May @tr's function tracer record the current task?  Preemption off.
 * Without set_ftrace_pid and set_ftrace_notrace_pid (the usual case) the
 * answer needs no list: one load of each pointer, like the callback's
 * other switches; a set written meanwhile applies from the next call.
 */
static __always_inline bool ftrace_pid_traced(struct trace_array *tr)
{
	if (likely(!rcu_access_pointer(tr->function_pids) &&
		   !rcu_access_pointer(tr->function_no_pids)))
		return true;
	return __ftrace_pid_traced(tr);
}

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

/* --- function_graph (trace_functions_graph.c, trace_graph_*.c) ---------- */

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * An instance's function_graph state, made with the instance (after its
 * ftrace ops) and freed with it, and its set_graph_function,
 * set_graph_notrace and max_graph_depth files, made with its directory.
 * trace_types_lock.
 */
int trace_graph_create_instance(struct trace_array *tr);
void trace_graph_create_instance_files(struct trace_array *tr,
				       struct dentry *parent);
void trace_graph_free_instance(struct trace_array *tr);
/*
 * @tr's sleep-time option is about to become @on: 0, or a -errno that
 * refuses the change.  trace_types_lock.
 */
int trace_graph_sleep_time_changed(struct trace_array *tr, bool on);
#else
static inline int trace_graph_create_instance(struct trace_array *tr)
{
	return 0;
}

static inline void trace_graph_create_instance_files(struct trace_array *tr,
						     struct dentry *parent)
{
}

static inline void trace_graph_free_instance(struct trace_array *tr)
{
}
#endif

/*
 * Detach an instance's function commands (ftrace_probe.c); before its
 * events go, as enable_event/disable_event commands hold them.
 */
#ifdef CONFIG_DYNAMIC_FTRACE
void ftrace_probe_release(struct trace_array *tr);
#else
static inline void ftrace_probe_release(struct trace_array *tr)
{
}
#endif

/* --- README (trace_readme.c) ------------------------------------------ */

void trace_readme_create_file(struct dentry *parent);

#endif /* _KERNEL_TRACE_TRACE_H */
