// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The "function" tracer: one TRACE_FN record per call of a traced
 * function, shown as
 *
 *     <task>-<pid> [cpu] flags <time>: <function> <-<caller>
 *
 * Each instance traces through its own ftrace_ops (trace_array::ops),
 * whose filters are that instance's set_ftrace_filter and
 * set_ftrace_notrace; the callback finds the instance in ops->private
 * and records only the tasks its set_ftrace_pid and
 * set_ftrace_notrace_pid let through.  With the func_stack_trace option
 * each record is followed by the stack (a TRACE_STACK record).
 *
 * With func-no-repeats, a call of the same function from the same place
 * as the call just written on this CPU is only counted; the count and
 * the time of the last repeat go out in a TRACE_FUNC_REPEATS record
 * before the next different call:
 *
 *     <function> <-<caller> (repeats: <n>, last_ts: <time>)
 */

#include <linux/ftrace.h>
#include <linux/slab.h>

#include "trace.h"
#include "ftrace_internal.h"

/*
 * Write one TRACE_FN record into @tr.  Any context, under the caller's
 * ftrace_test_recursion_trylock().
 */
static void notrace trace_function(struct trace_array *tr, unsigned long ip,
				   unsigned long parent_ip,
				   unsigned int trace_ctx)
{
	if (trace_function_record(tr, ip, parent_ip, trace_ctx, true))
		trace_taskinfo_mark_pending();
}

/**
 * struct trace_func_repeats - the last call written on one CPU
 * @ip:           its function
 * @parent_ip:    its caller
 * @count:        repeats since, not written yet
 * @ts_last_call: the time of the last repeat, on the buffer's clock
 *
 * Only touched by its CPU in the callback, which runs with preemption
 * off; an interrupting call on the same CPU may make a count or time
 * stamp stale, never a record wrong in type.
 */
struct trace_func_repeats {
	unsigned long	ip;
	unsigned long	parent_ip;
	unsigned long	count;
	u64		ts_last_call;
};

/* Write the repeats of @last's call into @tr. */
static void notrace func_repeats_write(struct trace_array *tr,
				       struct trace_func_repeats *last,
				       unsigned int trace_ctx)
{
	struct trace_buffer *buffer = tr->buffer;
	struct ring_buffer_event *event;
	struct func_repeats_entry *entry;
	u64 delta;

	event = trace_buffer_reserve(buffer, TRACE_FUNC_REPEATS, sizeof(*entry),
				     trace_ctx);
	if (!event)
		return;
	delta = ring_buffer_event_time_stamp(buffer, event) -
		last->ts_last_call;
	entry = trace_reserved_payload(event, sizeof(*entry));
	entry->ip = last->ip;
	entry->parent_ip = last->parent_ip;
	entry->count = last->count;
	entry->top_delta_ts = delta >> 32;
	entry->bottom_delta_ts = (u32)delta;
	trace_buffer_commit(buffer);
}

/*
 * func-no-repeats: is this call a repeat of the last one written on this
 * CPU?  Then count it.  If not, write out the last one's repeats and make
 * this call the last one.
 */
static bool notrace func_repeats_filter(struct trace_array *tr,
					unsigned long ip,
					unsigned long parent_ip,
					unsigned int trace_ctx)
{
	struct trace_func_repeats *last = this_cpu_ptr(tr->func_repeats);

	if (last->ip == ip && last->parent_ip == parent_ip &&
	    last->count < U16_MAX) {
		last->ts_last_call = ring_buffer_time_stamp(tr->buffer);
		last->count++;
		return true;
	}
	if (last->count)
		func_repeats_write(tr, last, trace_ctx);
	last->ip = ip;
	last->parent_ip = parent_ip;
	last->count = 0;
	return false;
}

static void notrace function_trace_call(unsigned long ip,
					unsigned long parent_ip,
					struct ftrace_ops *op,
					struct ftrace_regs *fregs)
{
	struct trace_array *tr = op->private;
	/*
	 * Read before the guard disables preemption: the depth to show is
	 * the caller's, as tracing_gen_ctx_dec() computes it after.
	 */
	unsigned int pc = preempt_count();
	int bit;

	/* The ring buffer and what it calls may be traced themselves. */
	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;
	/*
	 * function_enabled is set by function_trace_init() once the ops is
	 * registered and cleared by function_trace_reset() before it is
	 * unregistered (trace_types_lock); this callback runs on every CPU
	 * meanwhile.  Option bits are flipped by trace_set_opt().  One load
	 * each, no ordering: a call seen at a switch is recorded or not.
	 */
	if (likely(tr->buffer) && READ_ONCE(tr->function_enabled) &&
	    ftrace_pid_traced(tr)) {
		unsigned int trace_ctx = trace_ctx_make(trace_ctx_irqs_bit(), pc,
							pc & PREEMPT_MASK);
		u64 flags = READ_ONCE(tr->flags);

		if ((flags & TRACE_OPT(FUNC_NO_REPEATS)) && tr->func_repeats &&
		    func_repeats_filter(tr, ip, parent_ip, trace_ctx))
			goto out;
		trace_function(tr, ip, parent_ip, trace_ctx);
		/* func_stack_trace: the stack, from the traced function up. */
		if (flags & TRACE_OPT(FUNC_STACKTRACE))
			trace_record_kernel_stack(tr, trace_ctx,
						  ip + MCOUNT_INSN_SIZE, 0);
	}
out:
	ftrace_test_recursion_unlock(bit);
}

/**
 * ftrace_allocate_ftrace_ops - give an instance its function tracer ops
 * @tr: the instance
 *
 * Return: 0 or -ENOMEM.
 */
int ftrace_allocate_ftrace_ops(struct trace_array *tr)
{
	struct ftrace_ops *ops;

	if (tr->ops)
		return 0;
	if (tr == &global_trace) {
		tr->ops = &global_ops;
		global_ops.private = tr;
		return 0;
	}
	ops = kzalloc(sizeof(*ops), GFP_KERNEL);
	if (!ops)
		return -ENOMEM;
	ops->func = ftrace_stub;
	ops->private = tr;
	ftrace_ops_init(ops);
	tr->ops = ops;
	return 0;
}

/**
 * ftrace_free_ftrace_ops - drop an instance's ops (unregistered by now)
 * @tr: the instance
 */
void ftrace_free_ftrace_ops(struct trace_array *tr)
{
	ftrace_free_pid_lists(tr);
	ftrace_probe_release(tr);
	free_percpu(tr->func_repeats);
	tr->func_repeats = NULL;
	if (!tr->ops || tr->ops == &global_ops)
		return;
	ftrace_mod_pending_release(tr->ops);
	ftrace_free_filter(tr->ops);
	kfree(tr->ops);
	tr->ops = NULL;
}

/* Start func-no-repeats afresh on every CPU. */
static int func_repeats_reset(struct trace_array *tr)
{
	int cpu;

	if (!tr->func_repeats)
		tr->func_repeats = alloc_percpu(struct trace_func_repeats);
	if (!tr->func_repeats)
		return -ENOMEM;
	for_each_possible_cpu(cpu)
		memset(per_cpu_ptr(tr->func_repeats, cpu), 0,
		       sizeof(struct trace_func_repeats));
	return 0;
}

static int function_trace_init(struct trace_array *tr)
{
	int ret;

	ret = ftrace_allocate_ftrace_ops(tr);
	if (ret)
		return ret;
	ret = func_repeats_reset(tr);
	if (ret)
		return ret;
	tr->ops->func = function_trace_call;
	tr->ops->private = tr;
	/* The trace shows the tasks' names, not <...>. */
	trace_cmdline_start();
	/*
	 * As upstream, nothing is recorded while the sites are patched: the
	 * patching's own functions would fill the buffer and slow it down.
	 */
	ret = register_ftrace_function(tr->ops);
	/* read by function_trace_call() on every CPU */
	WRITE_ONCE(tr->function_enabled, !ret);
	if (ret)
		trace_cmdline_stop();
	return ret;
}

static void function_trace_reset(struct trace_array *tr)
{
	/* callbacks in flight stop recording; unregister waits for them */
	WRITE_ONCE(tr->function_enabled, false);
	unregister_ftrace_function(tr->ops);
	tr->ops->func = ftrace_stub;
	trace_cmdline_stop();
}

static struct tracer function_trace = {
	.name			= "function",
	.init			= function_trace_init,
	.reset			= function_trace_reset,
	.allow_instances	= true,
};

/*
 * "<function> <-<caller>"; print-parent off, or a caller that is not
 * known (0), leaves out " <-<caller>".
 */
static void print_fn_call(struct trace_seq *s, unsigned long ip,
			  unsigned long parent_ip, int flags)
{
	seq_print_ip_sym(s, ip, flags);
	if (!(flags & TRACE_OPT(PRINT_PARENT)) || !parent_ip)
		return;
	trace_seq_puts(s, " <-");
	seq_print_ip_sym(s, parent_ip, flags);
}

/* TRACE_FN: "<function> <-<caller>" */
static enum print_line_t print_fn(struct trace_iterator *iter, int flags,
				  struct trace_event *event)
{
	struct ftrace_entry *field = (struct ftrace_entry *)iter->ent;

	print_fn_call(&iter->seq, field->ip, field->parent_ip, flags);
	trace_seq_putc(&iter->seq, '\n');
	return trace_handle_return(&iter->seq);
}

static enum print_line_t print_fn_raw(struct trace_iterator *iter, int flags,
				      struct trace_event *event)
{
	struct ftrace_entry *field = (struct ftrace_entry *)iter->ent;

	trace_seq_printf(&iter->seq, "%lx %lx\n", field->ip, field->parent_ip);
	return trace_handle_return(&iter->seq);
}

/*
 * The two addresses through @put: hex (each as one hex number and a
 * space) or bin (as they are in memory).
 */
static enum print_line_t print_fn_words(struct trace_iterator *iter,
					void (*put)(struct trace_seq *s,
						    const void *mem,
						    unsigned int len))
{
	struct ftrace_entry *field = (struct ftrace_entry *)iter->ent;

	put(&iter->seq, &field->ip, sizeof(field->ip));
	put(&iter->seq, &field->parent_ip, sizeof(field->parent_ip));
	return trace_handle_return(&iter->seq);
}

static enum print_line_t print_fn_hex(struct trace_iterator *iter, int flags,
				      struct trace_event *event)
{
	return print_fn_words(iter, trace_seq_putmem_hex);
}

static enum print_line_t print_fn_bin(struct trace_iterator *iter, int flags,
				      struct trace_event *event)
{
	return print_fn_words(iter, trace_seq_putmem);
}

static struct trace_event_functions fn_funcs = {
	.trace	= print_fn,
	.raw	= print_fn_raw,
	.hex	= print_fn_hex,
	.binary	= print_fn_bin,
};

static struct trace_event fn_event = {
	.type	= TRACE_FN,
	.funcs	= &fn_funcs,
};

/* The time @ts as the context columns show time stamps. */
static void print_repeat_time(struct trace_iterator *iter, u64 ts)
{
	u32 rem;

	if (!(iter->iter_flags & TRACE_FILE_TIME_IN_NS)) {
		trace_seq_printf(&iter->seq, " %12llu", ts);
		return;
	}
	ts = div_u64(ts, NSEC_PER_USEC);
	ts = div_u64_rem(ts, USEC_PER_SEC, &rem);
	trace_seq_printf(&iter->seq, " %5llu.%06u", ts, rem);
}

/* TRACE_FUNC_REPEATS: "<function> <-<caller> (repeats: <n>, last_ts: <t>)" */
static enum print_line_t print_repeats(struct trace_iterator *iter, int flags,
				       struct trace_event *event)
{
	struct func_repeats_entry *field = (void *)iter->ent;

	print_fn_call(&iter->seq, field->ip, field->parent_ip, flags);
	trace_seq_printf(&iter->seq, " (repeats: %u, last_ts:", field->count);
	print_repeat_time(iter, iter->ts - func_repeats_delta(field));
	trace_seq_puts(&iter->seq, ")\n");
	return trace_handle_return(&iter->seq);
}

static enum print_line_t print_repeats_raw(struct trace_iterator *iter,
					   int flags, struct trace_event *event)
{
	struct func_repeats_entry *field = (void *)iter->ent;

	trace_seq_printf(&iter->seq, "%lu %lu %u %llu\n", field->ip,
			 field->parent_ip, field->count,
			 func_repeats_delta(field));
	return trace_handle_return(&iter->seq);
}

static struct trace_event_functions repeats_funcs = {
	.trace	= print_repeats,
	.raw	= print_repeats_raw,
};

static struct trace_event repeats_event = {
	.type	= TRACE_FUNC_REPEATS,
	.funcs	= &repeats_funcs,
};

static __init int init_function_trace(void)
{
	if (tracing_disabled)
		return 0;
	if (ftrace_allocate_ftrace_ops(&global_trace))
		return -ENOMEM;
	if (!register_trace_event(&fn_event) ||
	    !register_trace_event(&repeats_event))
		pr_warn("function tracer: could not register its output\n");
	return register_tracer(&function_trace);
}
core_initcall(init_function_trace);
