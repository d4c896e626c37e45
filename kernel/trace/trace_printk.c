// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The debugging API of <linux/kernel.h>: trace_printk(), trace_puts(),
 * ftrace_vprintk() and trace_dump_stack() write into the top-level
 * buffer; trace_array_printk() into an instance.  Also the registry of
 * trace_printk() formats and tracepoint_string()s behind printk_formats.
 *
 * trace_printk() with a constant format records only the format's
 * address and the arguments packed by vbin_printf() (TRACE_BPRINT); the
 * text is made when the buffer is read.  A format that is not constant
 * is printed at once (TRACE_PRINT).  Either way the writer needs scratch
 * space: each CPU has one buffer per context (task, softirq, hardirq,
 * NMI), so that a writer interrupted by another never shares one.  A
 * writer that finds its context's buffer busy (trace_printk() called from
 * inside trace_printk()) drops its record instead of recursing.
 *
 * Writers take no locks and may run in any context, NMI included.
 */

#define pr_fmt(fmt) "tracing: " fmt

#include <linux/seq_file.h>
#include <linux/stacktrace.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/slab.h>

#include "trace.h"

/* --- per-context scratch buffers --------------------------------------------- */

#define TRACE_SCRATCH_SIZE	1024
#define TRACE_SCRATCH_WORDS	(TRACE_SCRATCH_SIZE / sizeof(u32))
#define TRACE_CTX_LEVELS	4	/* task, softirq, hardirq, NMI */

/*
 * @busy[level] is only touched by its own CPU, in its own context level,
 * with preemption disabled: a context that interrupts the owner runs at a
 * higher level and uses another buffer.  barrier() keeps the compiler
 * from moving buffer accesses across the flag.
 */
struct trace_scratch {
	bool		busy[TRACE_CTX_LEVELS];
	union {
		char		text[TRACE_SCRATCH_SIZE];
		u32		words[TRACE_SCRATCH_WORDS];
		unsigned long	stack[TRACE_SCRATCH_SIZE / sizeof(long)];
	} buf[TRACE_CTX_LEVELS];
};

static struct trace_scratch __percpu *trace_scratch;

/* The calling context's buffer, or NULL if it is in use.  Preemption off. */
static __always_inline void *scratch_get(unsigned int *level)
{
	struct trace_scratch *sc;

	if (unlikely(!trace_scratch))
		return NULL;
	sc = this_cpu_ptr(trace_scratch);
	*level = interrupt_context_level();
	if (sc->busy[*level])
		return NULL;
	sc->busy[*level] = true;
	barrier();
	return &sc->buf[*level];
}

static __always_inline void scratch_put(unsigned int level)
{
	barrier();
	this_cpu_ptr(trace_scratch)->busy[level] = false;
}

/* --- where trace_printk() writes -------------------------------------------- */

/*
 * The instance with options/trace_printk_dest set, which trace_printk(),
 * trace_puts() and trace_dump_stack() write into.  Changed under
 * trace_types_lock; writers read it with preemption disabled, and an
 * instance is freed only a grace period after trace_printk_dest_release().
 */
static struct trace_array *trace_printk_dest = &global_trace;

/* Preemption disabled. */
static __always_inline struct trace_array *printk_dest(void)
{
	/*
	 * printk_dest_move() (trace_types_lock) may switch it while
	 * trace_printk() runs on any CPU: one load, and the instance is
	 * reached through it (dependency).  An instance only becomes the
	 * destination long after it was set up, so no release is paired.
	 */
	return READ_ONCE(trace_printk_dest);
}

/* Make @tr the destination, its option set, the previous one's clear. */
static void printk_dest_move(struct trace_array *tr)
{
	struct trace_array *old = trace_printk_dest;

	if (old == tr)
		return;
	/*
	 * trace_types_lock, like trace_set_opt(), the flags' other writer;
	 * lockless readers are the writers and readers of every instance
	 * (trace_printk_on(), the output code) and printk_dest().  Separate
	 * stores: a trace_printk() at the switch may write into the old
	 * destination or the new one, never elsewhere.
	 */
	WRITE_ONCE(old->flags, old->flags & ~TRACE_OPT(TRACE_PRINTK_DEST));
	WRITE_ONCE(tr->flags, tr->flags | TRACE_OPT(TRACE_PRINTK_DEST));
	WRITE_ONCE(trace_printk_dest, tr);
}

/**
 * trace_printk_dest_set - options/trace_printk_dest of @tr is written
 * @tr: the instance
 * @on: set: @tr becomes the destination and the previous one's option
 *      clears; clear: the top level becomes it again
 *
 * trace_types_lock.
 *
 * Return: 0, or -EINVAL when the top level's option is cleared while it
 * is the destination: there must always be one.
 */
int trace_printk_dest_set(struct trace_array *tr, bool on)
{
	lockdep_assert_held(&trace_types_lock);
	if (on) {
		printk_dest_move(tr);
		return 0;
	}
	if (trace_printk_dest != tr)
		return 0;
	if (tr == &global_trace)
		return -EINVAL;
	printk_dest_move(&global_trace);
	return 0;
}

/**
 * trace_printk_dest_release - an instance is going away
 * @tr: the instance
 *
 * If it was the destination, the top level is again.  trace_types_lock.
 */
void trace_printk_dest_release(struct trace_array *tr)
{
	lockdep_assert_held(&trace_types_lock);
	if (trace_printk_dest == tr)
		printk_dest_move(&global_trace);
}

/* --- kernel stacks ------------------------------------------------------------ */

/**
 * trace_record_kernel_stack - record the current kernel stack
 * @tr:        the instance
 * @trace_ctx: the writer's context, from tracing_gen_ctx()
 * @from:      a return address in the frame to start with (the caller of
 *             the API function), or 0 to start with the caller
 * @skip:      frames to leave out after that
 *
 * Writes a TRACE_STACK record.  Starting from a return address rather
 * than counting frames keeps the result right whatever the compiler
 * inlined or turned into tail calls.  Any context.
 */
noinline void notrace trace_record_kernel_stack(struct trace_array *tr,
						unsigned int trace_ctx,
						unsigned long from, int skip)
{
#ifdef CONFIG_STACKTRACE
	struct trace_buffer *buffer = tr->buffer;
	struct ring_buffer_event *event;
	struct stack_entry *entry;
	unsigned int level, nr, first, i;
	unsigned long *stack;

	if (unlikely(tracing_disabled || !buffer))
		return;

	guard(preempt_notrace)();
	stack = scratch_get(&level);
	if (!stack)
		return;
	/* stack[0] is in this function, stack[1] in its caller. */
	nr = stack_trace_save(stack, TRACE_STACK_MAX, 0);
	first = 1;
	for (i = 0; from && i < nr; i++) {
		if (stack[i] == from) {
			first = i;
			break;
		}
	}
	first = min(first + skip, nr);
	nr -= first;

	event = trace_buffer_reserve(buffer, TRACE_STACK,
				     struct_size(entry, caller, nr), trace_ctx);
	if (event) {
		entry = ring_buffer_event_data(event);
		entry->size = nr;
		memcpy(entry->caller, stack + first, nr * sizeof(*stack));
		trace_buffer_commit(buffer);
		trace_taskinfo_mark_pending();
	}
	scratch_put(level);
#endif
}

/**
 * trace_dump_stack - record the current kernel stack in the trace buffer
 * @skip: frames to leave out above the caller
 *
 * The trace shows it as "<stack trace>" followed by one " => function"
 * line a frame, starting with the caller of trace_dump_stack().
 */
void notrace trace_dump_stack(int skip)
{
	unsigned int trace_ctx = tracing_gen_ctx();

	guard(preempt_notrace)();
	trace_record_kernel_stack(printk_dest(), trace_ctx, _RET_IP_, skip);
}
EXPORT_SYMBOL_GPL(trace_dump_stack);

/* The "stacktrace" option: a stack after each trace_printk() record. */
static __always_inline void trace_printk_stack(struct trace_array *tr,
					       unsigned int trace_ctx,
					       unsigned long from)
{
	/* any CPU, any context; trace_set_opt() flips the bit */
	if (IS_ENABLED(CONFIG_STACKTRACE) &&
	    (READ_ONCE(tr->flags) & TRACE_OPT(STACKTRACE)))
		trace_record_kernel_stack(tr, trace_ctx, from, 0);
}

/* --- writers ------------------------------------------------------------------- */

static __always_inline bool trace_printk_on(struct trace_array *tr)
{
	/* option bits: trace_set_opt() flips them while any CPU prints */
	return !unlikely(tracing_disabled) && tr->buffer &&
	       (READ_ONCE(tr->flags) & TRACE_OPT(PRINTK));
}

/* A TRACE_BPRINT record: @fmt by address, the arguments packed. */
static int notrace bprint_record(struct trace_buffer *buffer, u32 *words,
				 unsigned int trace_ctx, unsigned long ip,
				 const char *fmt, va_list args)
{
	struct ring_buffer_event *event;
	struct bprint_entry *entry;
	int len;

	len = vbin_printf(words, TRACE_SCRATCH_WORDS, fmt, args);
	if (len < 0 || len > TRACE_SCRATCH_WORDS)
		return 0;
	event = trace_buffer_reserve(buffer, TRACE_BPRINT,
				     struct_size(entry, buf, len), trace_ctx);
	if (!event)
		return 0;
	entry = ring_buffer_event_data(event);
	entry->ip = ip;
	entry->fmt = fmt;
	memcpy(entry->buf, words, len * sizeof(u32));
	trace_buffer_commit(buffer);
	return len;
}

/* A TRACE_PRINT record: @fmt printed now. */
static int notrace print_record(struct trace_buffer *buffer, char *text,
				unsigned int trace_ctx, unsigned long ip,
				const char *fmt, va_list args)
{
	struct ring_buffer_event *event;
	struct print_entry *entry;
	int len;

	len = vscnprintf(text, TRACE_SCRATCH_SIZE, fmt, args);
	event = trace_buffer_reserve(buffer, TRACE_PRINT,
				     struct_size(entry, buf, len + 1),
				     trace_ctx);
	if (!event)
		return 0;
	entry = ring_buffer_event_data(event);
	entry->ip = ip;
	memcpy(entry->buf, text, len);
	entry->buf[len] = '\0';
	trace_buffer_commit(buffer);
	return len;
}

/*
 * A trace_printk() record into @tr, or with @tr NULL into the
 * trace_printk() destination: a TRACE_BPRINT one if @binary, else a
 * TRACE_PRINT one, formatted in this context's scratch buffer.
 */
static noinline int notrace trace_printk_record(struct trace_array *tr,
						bool binary, unsigned long ip,
						const char *fmt, va_list args,
						unsigned long ret_ip)
{
	unsigned int trace_ctx, level;
	void *scratch;
	int len;

	trace_ctx = tracing_gen_ctx();
	guard(preempt_notrace)();
	tr = tr ?: printk_dest();
	if (!trace_printk_on(tr))
		return 0;
	scratch = scratch_get(&level);
	if (!scratch)
		return 0;

	if (binary)
		len = bprint_record(tr->buffer, scratch, trace_ctx, ip, fmt,
				    args);
	else
		len = print_record(tr->buffer, scratch, trace_ctx, ip, fmt,
				   args);
	scratch_put(level);
	if (len) {
		trace_taskinfo_mark_pending();
		trace_printk_stack(tr, trace_ctx, ret_ip);
	}
	return len;
}

/**
 * __trace_bprintk - trace_printk() with a constant format
 * @ip:  the caller
 * @fmt: the format; it must stay valid as long as the record may be read
 *
 * Return: the size of the packed arguments in words, 0 if nothing was
 * recorded.
 */
int __trace_bprintk(unsigned long ip, const char *fmt, ...)
{
	va_list args;
	int ret;

	if (unlikely(!fmt))
		return 0;
	va_start(args, fmt);
	ret = trace_printk_record(NULL, true, ip, fmt, args, _RET_IP_);
	va_end(args);
	return ret;
}
EXPORT_SYMBOL_GPL(__trace_bprintk);

/**
 * __ftrace_vbprintk - ftrace_vprintk() with a constant format
 * @ip:   the caller
 * @fmt:  the format
 * @args: its arguments
 *
 * Return: as __trace_bprintk().
 */
int __ftrace_vbprintk(unsigned long ip, const char *fmt, va_list args)
{
	if (unlikely(!fmt))
		return 0;
	return trace_printk_record(NULL, true, ip, fmt, args, _RET_IP_);
}
EXPORT_SYMBOL_GPL(__ftrace_vbprintk);

/**
 * __trace_printk - trace_printk() with a format that is not constant
 * @ip:  the caller
 * @fmt: the format
 *
 * Return: the length of the recorded text, 0 if nothing was recorded.
 */
int __trace_printk(unsigned long ip, const char *fmt, ...)
{
	va_list args;
	int ret;

	va_start(args, fmt);
	ret = trace_printk_record(NULL, false, ip, fmt, args, _RET_IP_);
	va_end(args);
	return ret;
}
EXPORT_SYMBOL_GPL(__trace_printk);

/**
 * __ftrace_vprintk - ftrace_vprintk() with a format that is not constant
 * @ip:   the caller
 * @fmt:  the format
 * @args: its arguments
 *
 * Return: as __trace_printk().
 */
int __ftrace_vprintk(unsigned long ip, const char *fmt, va_list args)
{
	return trace_printk_record(NULL, false, ip, fmt, args, _RET_IP_);
}
EXPORT_SYMBOL_GPL(__ftrace_vprintk);

/*
 * A TRACE_PRINT record of @size bytes of @str into @tr, or with @tr NULL
 * into the trace_printk() destination; @ret_ip is the caller of the API.
 */
static int notrace trace_puts_tr(struct trace_array *tr, unsigned long ip,
				 const char *str, int size,
				 unsigned long ret_ip)
{
	struct ring_buffer_event *event;
	struct trace_buffer *buffer;
	struct print_entry *entry;
	unsigned int trace_ctx;

	if (size < 0)
		return 0;
	trace_ctx = tracing_gen_ctx();
	guard(preempt_notrace)();
	tr = tr ?: printk_dest();
	if (!trace_printk_on(tr))
		return 0;
	buffer = tr->buffer;
	/* Room for an added newline and the NUL. */
	event = trace_buffer_reserve(buffer, TRACE_PRINT,
				     struct_size(entry, buf, size + 2),
				     trace_ctx);
	if (!event)
		return 0;
	entry = ring_buffer_event_data(event);
	entry->ip = ip;
	memcpy(entry->buf, str, size);
	if (!size || str[size - 1] != '\n')
		entry->buf[size++] = '\n';
	entry->buf[size] = '\0';
	trace_buffer_commit(buffer);
	trace_taskinfo_mark_pending();
	trace_printk_stack(tr, trace_ctx, ret_ip);
	return size;
}

/**
 * __trace_array_puts - record a string in an instance
 * @tr:   the instance
 * @ip:   the caller
 * @str:  the string; need not be NUL-terminated
 * @size: its length
 *
 * A newline is appended unless the string ends with one.
 *
 * Return: @size, or 0 if nothing was recorded.
 */
int notrace __trace_array_puts(struct trace_array *tr, unsigned long ip,
			       const char *str, int size)
{
	return trace_puts_tr(tr, ip, str, size, _RET_IP_);
}
EXPORT_SYMBOL_GPL(__trace_array_puts);

/**
 * __trace_puts - trace_puts() of a string that is not constant
 * @ip:   the caller
 * @str:  the string
 * @size: its length
 *
 * Return: as __trace_array_puts().
 */
int __trace_puts(unsigned long ip, const char *str, int size)
{
	return trace_puts_tr(NULL, ip, str, size, _RET_IP_);
}
EXPORT_SYMBOL_GPL(__trace_puts);

/**
 * __trace_bputs - trace_puts() of a constant string
 * @ip:  the caller
 * @str: the string; it must stay valid as long as the record may be read
 *
 * Only the string's address is recorded.
 *
 * Return: 1, or 0 if nothing was recorded.
 */
int notrace __trace_bputs(unsigned long ip, const char *str)
{
	struct ring_buffer_event *event;
	struct trace_buffer *buffer;
	struct bputs_entry *entry;
	unsigned int trace_ctx;
	struct trace_array *tr;

	trace_ctx = tracing_gen_ctx();
	guard(preempt_notrace)();
	tr = printk_dest();
	if (!trace_printk_on(tr))
		return 0;
	buffer = tr->buffer;
	event = trace_buffer_reserve(buffer, TRACE_BPUTS, sizeof(*entry),
				     trace_ctx);
	if (!event)
		return 0;
	entry = ring_buffer_event_data(event);
	entry->ip = ip;
	entry->str = str;
	trace_buffer_commit(buffer);
	trace_taskinfo_mark_pending();
	trace_printk_stack(tr, trace_ctx, _RET_IP_);
	return 1;
}
EXPORT_SYMBOL_GPL(__trace_bputs);

/**
 * trace_array_vprintk - printf into an instance
 * @tr:   the instance
 * @ip:   the caller
 * @fmt:  the format
 * @args: its arguments
 *
 * Return: the length of the recorded text, 0 if nothing was recorded.
 */
int trace_array_vprintk(struct trace_array *tr, unsigned long ip,
			const char *fmt, va_list args)
{
	return trace_printk_record(tr, false, ip, fmt, args, _RET_IP_);
}

/**
 * trace_array_printk - printf into an instance a module created
 * @tr:  the instance, from trace_array_get_by_name()
 * @ip:  the caller, usually _THIS_IP_
 * @fmt: the format
 *
 * The top-level buffer is reserved for trace_printk(): writing to it
 * through this function is refused.
 *
 * Return: the length of the recorded text; 0 if nothing was recorded;
 * -ENOENT without an instance.
 */
int trace_array_printk(struct trace_array *tr, unsigned long ip,
		       const char *fmt, ...)
{
	va_list args;
	int ret;

	if (!tr)
		return -ENOENT;
	if (tr == &global_trace)
		return 0;

	va_start(args, fmt);
	ret = trace_array_vprintk(tr, ip, fmt, args);
	va_end(args);
	return ret;
}
EXPORT_SYMBOL_GPL(trace_array_printk);

/**
 * trace_printk_init_buffers - get ready for trace_printk() from a module
 *
 * The scratch buffers always exist; what is started here is the saving
 * of the writers' command names, which the trace shows, and the top
 * level's buffer gets its full size (tracing_update_buffers()).  Sleeps.
 */
void trace_printk_init_buffers(void)
{
	trace_cmdline_start();
	tracing_update_buffers(&global_trace);
}
EXPORT_SYMBOL_GPL(trace_printk_init_buffers);

/* --- formats: printk_formats --------------------------------------------------- */

/*
 * A module's trace_printk() formats are copied here when it loads, and
 * its pointers redirected to the copies, so that records keep a valid
 * format after the module is gone.  Copies are shared by equal strings
 * and never freed.  module_fmts_lock protects the list.
 */
struct module_fmt {
	struct list_head	list;
	const char		*fmt;
	char			text[];
};

static LIST_HEAD(module_fmts);
static DEFINE_MUTEX(module_fmts_lock);

static size_t kernel_fmt_count(void)
{
	return __stop___trace_bprintk_fmt - __start___trace_bprintk_fmt;
}

#ifdef CONFIG_MODULES
/* The kept copy of @fmt.  module_fmts_lock. */
static const char *module_fmt_hold(const char *fmt)
{
	size_t len = strlen(fmt) + 1;
	struct module_fmt *mf;

	list_for_each_entry(mf, &module_fmts, list) {
		if (!strcmp(mf->fmt, fmt))
			return mf->fmt;
	}
	mf = kmalloc(struct_size(mf, text, len), GFP_KERNEL);
	if (!mf)
		return NULL;
	memcpy(mf->text, fmt, len);
	mf->fmt = mf->text;
	list_add_tail(&mf->list, &module_fmts);
	return mf->fmt;
}

static int trace_printk_module_notify(struct notifier_block *nb,
				      unsigned long state, void *data)
{
	struct module *mod = data;
	unsigned int i;

	if (state != MODULE_STATE_COMING || !mod->num_trace_bprintk_fmt)
		return NOTIFY_OK;

	mutex_lock(&module_fmts_lock);
	for (i = 0; i < mod->num_trace_bprintk_fmt; i++) {
		const char **slot = &mod->trace_bprintk_fmt_start[i];
		const char *copy;

		/* NULL: a trace_printk() whose format is not constant. */
		if (!*slot)
			continue;
		copy = module_fmt_hold(*slot);
		/* Without a copy the module's own string serves while loaded. */
		if (copy)
			*slot = copy;
	}
	mutex_unlock(&module_fmts_lock);

	trace_printk_init_buffers();
	return NOTIFY_OK;
}

static struct notifier_block trace_printk_module_nb = {
	.notifier_call	= trace_printk_module_notify,
};

static void __init trace_printk_module_init(void)
{
	register_module_notifier(&trace_printk_module_nb);
}
#else
static inline void trace_printk_module_init(void)
{
}
#endif

/*
 * printk_formats lists the kernel's formats, then the modules', then the
 * tracepoint strings.  Positions index that concatenation; each item is
 * the address of a format pointer.  module_fmts_lock is held from start
 * to stop.
 */
static const char **fmt_at(loff_t pos)
{
	size_t n = kernel_fmt_count();
	struct module_fmt *mf;

	if (pos < n)
		return &__start___trace_bprintk_fmt[pos];
	pos -= n;
	list_for_each_entry(mf, &module_fmts, list) {
		if (!pos--)
			return &mf->fmt;
	}
	if (pos < __stop___tracepoint_str - __start___tracepoint_str)
		return &__start___tracepoint_str[pos];
	return NULL;
}

static void *fmt_start(struct seq_file *m, loff_t *pos)
{
	mutex_lock(&module_fmts_lock);
	return fmt_at(*pos);
}

static void *fmt_next(struct seq_file *m, void *v, loff_t *pos)
{
	return fmt_at(++*pos);
}

static void fmt_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&module_fmts_lock);
}

/* 0x<address> : "<format>", newlines, tabs and quotes escaped */
static int fmt_show(struct seq_file *m, void *v)
{
	const char *fmt = *(const char **)v;
	const char *p;

	if (!fmt)
		return 0;
	seq_printf(m, "0x%lx : \"", (unsigned long)fmt);
	for (p = fmt; *p; p++) {
		switch (*p) {
		case '\n':
			seq_puts(m, "\\n");
			break;
		case '\t':
			seq_puts(m, "\\t");
			break;
		case '"':
			seq_puts(m, "\\\"");
			break;
		default:
			seq_putc(m, *p);
		}
	}
	seq_puts(m, "\"\n");
	return 0;
}

static const struct seq_operations fmt_seq_ops = {
	.start	= fmt_start,
	.next	= fmt_next,
	.stop	= fmt_stop,
	.show	= fmt_show,
};

static int printk_formats_open(struct inode *inode, struct file *filp)
{
	int ret = tracing_check_open(NULL);

	return ret ? ret : seq_open(filp, &fmt_seq_ops);
}

static const struct file_operations printk_formats_fops = {
	.open		= printk_formats_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
};

/**
 * trace_printk_create_files - create printk_formats
 * @parent: the tracefs directory
 */
void __init trace_printk_create_files(struct dentry *parent)
{
	trace_create_file("printk_formats", TRACE_MODE_READ, parent, NULL,
			  &printk_formats_fops);
}

/**
 * trace_printk_early_init - allocate the writers' scratch buffers
 *
 * Return: 0 or -ENOMEM.
 */
int __init trace_printk_early_init(void)
{
	trace_scratch = alloc_percpu(struct trace_scratch);
	if (!trace_scratch)
		return -ENOMEM;
	if (kernel_fmt_count())
		pr_warn("this kernel calls trace_printk(), a debugging aid: not for production use\n");
	return 0;
}

/**
 * trace_printk_in_kernel - does the kernel itself call trace_printk()?
 *
 * Return: whether it has trace_printk() formats of its own.
 */
bool __init trace_printk_in_kernel(void)
{
	return kernel_fmt_count();
}

/**
 * trace_printk_late_init - start what trace_printk() users need
 *
 * Saves the command names of writers when the kernel itself calls
 * trace_printk(), and watches for modules that do.  Sleeps.
 */
void __init trace_printk_late_init(void)
{
	if (kernel_fmt_count())
		trace_cmdline_start();
	trace_printk_module_init();
}
