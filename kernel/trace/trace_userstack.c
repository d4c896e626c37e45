// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * User stacks (options/userstacktrace): after each trace event record,
 * and each record of the wakeup tracers, a TRACE_USER_STACK record holds
 * the user-space return addresses of the task that wrote it.  The trace
 * shows it as
 *
 *	<user stack trace>
 *	 =>  <00007f0123456789>
 *
 * one line an address, or with options/sym-userobj as the file mapped
 * there and the offset into its mapping: " => /usr/bin/bash[+0x2a1f0]".
 */

#include <linux/mm.h>
#include <linux/percpu.h>
#include <linux/pid.h>
#include <linux/sched/mm.h>
#include <linux/stacktrace.h>

#include "trace.h"

/*
 * Set while this CPU saves a user stack: reading user memory may fault,
 * and an event traced on the way must not record a stack of its own.
 * Only its CPU touches it, with preemption disabled.
 */
static DEFINE_PER_CPU(bool, user_stack_busy);

/**
 * trace_record_user_stack - record the user stack of the current task
 * @tr:        the instance whose record was just written
 * @trace_ctx: that record's context, from tracing_gen_ctx()
 *
 * Writes a TRACE_USER_STACK record when @tr has options/userstacktrace
 * set.  Nothing is recorded in NMI context, where a fault on user memory
 * cannot be handled.
 */
void trace_record_user_stack(struct trace_array *tr, unsigned int trace_ctx)
{
	struct trace_buffer *buffer = tr->buffer;
	struct ring_buffer_event *event;
	struct userstack_entry *entry;

	/* event probes on any CPU; trace_set_opt() flips the bit */
	if (!(READ_ONCE(tr->flags) & TRACE_OPT(USERSTACKTRACE)))
		return;
	if (unlikely(in_nmi() || tracing_disabled || !buffer))
		return;

	guard(preempt_notrace)();
	if (__this_cpu_read(user_stack_busy))
		return;
	__this_cpu_write(user_stack_busy, true);

	event = trace_buffer_reserve(buffer, TRACE_USER_STACK, sizeof(*entry),
				     trace_ctx);
	if (event) {
		entry = ring_buffer_event_data(event);
		entry->tgid = current->tgid;
		memset(entry->caller, 0, sizeof(entry->caller));
		stack_trace_save_user(entry->caller, FTRACE_STACK_ENTRIES);
		trace_buffer_commit(buffer);
	}
	__this_cpu_write(user_stack_busy, false);
}

/*
 * The address space of thread group @tgid, as the reader sees pids, with
 * a reference; NULL if the group is gone.
 */
static struct mm_struct *user_stack_mm(unsigned int tgid)
{
	struct task_struct *task;
	struct mm_struct *mm = NULL;

	rcu_read_lock();
	task = find_task_by_vpid(tgid);
	if (task)
		mm = get_task_mm(task);
	rcu_read_unlock();
	return mm;
}

/*
 * One address: "<path>[+0x<offset>]" when @mm is known and a file is
 * mapped there, followed by " <address>" when it is not or with sym-addr.
 */
static void print_user_ip(struct trace_seq *s, struct mm_struct *mm,
			  unsigned long ip, int flags)
{
	struct vm_area_struct *vma;
	bool named = false;

	if (mm) {
		mmap_read_lock(mm);
		vma = find_vma(mm, ip);
		if (vma && vma->vm_file) {
			named = true;
			if (!trace_seq_path(s, file_user_path(vma->vm_file))) {
				mmap_read_unlock(mm);
				return;
			}
			trace_seq_printf(s, "[+0x%lx]", ip - vma->vm_start);
		}
		mmap_read_unlock(mm);
	}
	if (!named || (flags & TRACE_OPT(SYM_ADDR)))
		trace_seq_printf(s, " <%0*lx>", 2 * (int)sizeof(long), ip);
}

/* TRACE_USER_STACK: "<user stack trace>" and one " => " line an address */
static enum print_line_t print_user_stack(struct trace_iterator *iter,
					  int flags, struct trace_event *event)
{
	struct userstack_entry *field = (struct userstack_entry *)iter->ent;
	struct trace_seq *s = &iter->seq;
	struct mm_struct *mm = NULL;
	int i;

	trace_seq_puts(s, "<user stack trace>\n");
	/* option bits: trace_set_opt() may flip them while we print */
	if (iter->tr && (READ_ONCE(iter->tr->flags) & TRACE_OPT(SYM_USEROBJ)))
		mm = user_stack_mm(field->tgid);
	for (i = 0; i < FTRACE_STACK_ENTRIES && field->caller[i]; i++) {
		if (trace_seq_has_overflowed(s))
			break;
		trace_seq_puts(s, " => ");
		print_user_ip(s, mm, field->caller[i], flags);
		trace_seq_putc(s, '\n');
	}
	if (mm)
		mmput(mm);
	return trace_handle_return(s);
}

static struct trace_event_functions user_stack_funcs = {
	.trace	= print_user_stack,
};

static struct trace_event user_stack_event = {
	.type	= TRACE_USER_STACK,
	.funcs	= &user_stack_funcs,
};

/**
 * trace_user_stack_init - register the print function of user stacks
 */
void __init trace_user_stack_init(void)
{
	WARN_ON(!register_trace_event(&user_stack_event));
}
