// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Syscall events: events/syscalls/sys_enter_<name> and sys_exit_<name>.
 *
 * SYSCALL_DEFINEx() (<linux/syscalls.h>) emits, per system call, a
 * struct syscall_metadata (argument names and types) and two events of
 * the classes defined here.  The events do not have tracepoints of their
 * own: all of them hang off the two raw_syscalls tracepoints, sys_enter
 * and sys_exit, which the syscall entry code fires for tasks with
 * SYSCALL_WORK_SYSCALL_TRACEPOINT set.  The probe looks the syscall number
 * up in a table built at boot from the syscall table and kallsyms, and
 * records for the event file enabled for that number, if any.
 *
 * Locking: syscall_trace_lock guards the per-instance tables (their
 * allocation, their slots and counts) and the perf bitmaps.  The probes
 * read the slots under the tracepoint's sched-RCU read side; a table is
 * freed only after its probe is unregistered and
 * tracepoint_synchronize_unregister() has returned.
 */

#include <linux/syscalls.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/perf_event.h>
#include <trace/syscall.h>
#include <trace/events/syscalls.h>
#include <asm/syscall.h>

#include "trace.h"

/* The record of sys_enter_<name>: its arguments, one word each. */
struct syscall_trace_enter {
	struct trace_entry	ent;
	int			nr;
	unsigned long		args[];
};

/* The record of sys_exit_<name>: its return value. */
struct syscall_trace_exit {
	struct trace_entry	ent;
	int			nr;
	long			ret;
};

/* Syscall number -> metadata; written once at boot, then read-only. */
static struct syscall_metadata **syscall_meta;

/**
 * struct syscall_tr_files - the syscall event files enabled in one instance
 * @list:     in syscall_instances
 * @tr:       the instance
 * @nr_enter: sys_enter_* events enabled
 * @nr_exit:  sys_exit_* events enabled
 * @enter:    per syscall number, the enabled sys_enter file or NULL
 * @exit:     per syscall number, the enabled sys_exit file or NULL
 *
 * All fields are written under syscall_trace_lock; @enter and @exit are
 * read by the probes under sched-RCU.
 */
struct syscall_tr_files {
	struct list_head			list;
	struct trace_array			*tr;
	int					nr_enter;
	int					nr_exit;
	struct trace_event_file __rcu		*enter[NR_syscalls];
	struct trace_event_file __rcu		*exit[NR_syscalls];
};

static DEFINE_MUTEX(syscall_trace_lock);
static LIST_HEAD(syscall_instances);

static struct syscall_metadata *syscall_nr_to_meta(int nr)
{
	if (!syscall_meta || nr < 0 || nr >= NR_syscalls)
		return NULL;
	return syscall_meta[nr];
}

/**
 * trace_syscall_name - the name of a system call (hist's .syscall)
 * @nr: its number
 *
 * Return: "sys_<name>", or NULL when @nr names none.
 */
const char *trace_syscall_name(int nr)
{
	struct syscall_metadata *meta = syscall_nr_to_meta(nr);

	return meta ? meta->name : NULL;
}

/*
 * The number of the syscall @regs belongs to, or -1 when it is not one
 * the events describe (a 32-bit syscall numbered in another table).
 */
static int syscall_nr_of(struct pt_regs *regs)
{
#ifdef ARCH_TRACE_IGNORE_COMPAT_SYSCALLS
	if (arch_trace_is_compat_syscall(regs))
		return -1;
#endif
	return syscall_get_nr(current, regs);
}

/* --- boot: syscall numbers ------------------------------------------------- */

/**
 * arch_syscall_addr - the address of the handler of syscall @nr
 * @nr: the syscall number
 *
 * Architectures whose syscall table is not sys_call_table override it.
 *
 * Return: the handler's address.
 */
unsigned long __weak arch_syscall_addr(int nr)
{
	return (unsigned long)sys_call_table[nr];
}

#ifndef arch_syscall_match_sym_name
static inline bool arch_syscall_match_sym_name(const char *sym,
					       const char *name)
{
	/* "sys_foo" matches "sys_foo"; "SyS_foo" aliases too. */
	return !strcmp(sym + 3, name + 3);
}
#endif

static struct syscall_metadata *syscall_meta_of_sym(const char *sym)
{
	struct syscall_metadata **m;

	for (m = __start_syscalls_metadata; m < __stop_syscalls_metadata; m++)
		if ((*m)->name && arch_syscall_match_sym_name(sym, (*m)->name))
			return *m;
	return NULL;
}

/* Build syscall_meta[]; once, with event_mutex held at boot. */
static int syscall_meta_init(void)
{
	char sym[KSYM_SYMBOL_LEN];
	struct syscall_metadata *meta;
	int nr;

	if (syscall_meta)
		return 0;
	syscall_meta = kcalloc(NR_syscalls, sizeof(*syscall_meta), GFP_KERNEL);
	if (!syscall_meta)
		return -ENOMEM;
	for (nr = 0; nr < NR_syscalls; nr++) {
		if (!kallsyms_lookup(arch_syscall_addr(nr), NULL, NULL, NULL,
				     sym))
			continue;
		/*
		 * The numbers without a syscall share sys_ni_syscall(): as
		 * upstream, it gets no events.
		 */
		if (arch_syscall_match_sym_name(sym, "sys_ni_syscall"))
			continue;
		meta = syscall_meta_of_sym(sym);
		if (!meta)
			continue;
		syscall_meta[nr] = meta;
		meta->syscall_nr = nr;
	}
	return 0;
}

/* --- the event classes ------------------------------------------------------ */

/*
 * "fd: 0x%08lx, buf: 0x%08lx", ((unsigned long)(REC->fd)), ... as
 * upstream prints it, so that tools parse the same format.
 */
static int syscall_enter_fmt(struct syscall_metadata *meta, char *buf,
			     int len)
{
	int pos = 0;
	int i;

	pos += snprintf(buf, len, "\"");
	for (i = 0; i < meta->nb_args; i++)
		pos += snprintf(buf + pos, max(len - pos, 0),
				"%s%s: 0x%%0%zulx", i ? ", " : "",
				meta->args[i], sizeof(unsigned long));
	pos += snprintf(buf + pos, max(len - pos, 0), "\"");
	for (i = 0; i < meta->nb_args; i++)
		pos += snprintf(buf + pos, max(len - pos, 0),
				", ((unsigned long)(REC->%s))", meta->args[i]);
	return pos;
}

static int syscall_set_print_fmt(struct trace_event_call *call)
{
	struct syscall_metadata *meta = call->data;
	int len;

	if (call != meta->enter_event) {
		call->print_fmt = "\"0x%lx\", REC->ret";
		return 0;
	}
	len = syscall_enter_fmt(meta, NULL, 0) + 1;
	call->print_fmt = kmalloc(len, GFP_KERNEL);
	if (!call->print_fmt)
		return -ENOMEM;
	syscall_enter_fmt(meta, call->print_fmt, len);
	return 0;
}

/*
 * An event is registered only if its syscall has a number; the others
 * (not in this architecture's table) are left out with -ENOENT.
 */
static int syscall_event_raw_init(struct trace_event_call *call)
{
	struct syscall_metadata *meta = call->data;
	int ret;

	ret = syscall_meta_init();
	if (ret)
		return ret;
	if (meta->syscall_nr < 0 || meta->syscall_nr >= NR_syscalls ||
	    syscall_meta[meta->syscall_nr] != meta)
		return -ENOENT;
	ret = syscall_set_print_fmt(call);
	if (ret)
		return ret;
	if (!register_trace_event(&call->event)) {
		if (call == meta->enter_event)
			kfree(call->print_fmt);
		call->print_fmt = NULL;
		return -ENODEV;
	}
	return 0;
}

/* The argument fields of sys_enter_<name>: one unsigned long each. */
static int syscall_enter_define_fields(struct trace_event_call *call)
{
	struct syscall_metadata *meta = call->data;
	int off = offsetof(struct syscall_trace_enter, args);
	int ret = 0;
	int i;

	for (i = 0; i < meta->nb_args && !ret; i++)
		ret = trace_define_field(call, meta->types[i], meta->args[i],
					 off + i * sizeof(unsigned long),
					 sizeof(unsigned long), 0,
					 FILTER_OTHER);
	return ret;
}

/* Each sys_enter event has fields of its own, kept in its metadata. */
static struct list_head *syscall_enter_get_fields(struct trace_event_call *call)
{
	struct syscall_metadata *meta = call->data;

	return &meta->enter_fields;
}

static struct trace_event_fields syscall_enter_fields[] = {
	{ .type = "int", .name = "__syscall_nr", .size = sizeof(int),
	  .align = __alignof__(int), .is_signed = 1,
	  .filter_type = FILTER_OTHER },
	{ .type = TRACE_FUNCTION_TYPE,
	  .define_fields = syscall_enter_define_fields },
	{}
};

static struct trace_event_fields syscall_exit_fields[] = {
	{ .type = "int", .name = "__syscall_nr", .size = sizeof(int),
	  .align = __alignof__(int), .is_signed = 1,
	  .filter_type = FILTER_OTHER },
	{ .type = "long", .name = "ret", .size = sizeof(long),
	  .align = __alignof__(long), .is_signed = 1,
	  .filter_type = FILTER_OTHER },
	{}
};

/* --- the trace output --------------------------------------------------------- */

/* sys_read(fd: 3, buf: 7ffd6a2c, count: 340) */
static enum print_line_t syscall_enter_print(struct trace_iterator *iter,
					     int flags,
					     struct trace_event *event)
{
	struct syscall_trace_enter *rec = (void *)iter->ent;
	struct syscall_metadata *meta = syscall_nr_to_meta(rec->nr);
	bool verbose = iter->tr && (iter->tr->flags & TRACE_OPT(VERBOSE));
	struct trace_seq *s = &iter->seq;
	int i;

	if (meta && meta->enter_event->event.type == iter->ent->type) {
		trace_seq_printf(s, "%s(", meta->name);
		for (i = 0; i < meta->nb_args; i++)
			trace_seq_printf(s, "%s%s%s%s: %lx", i ? ", " : "",
					 verbose ? meta->types[i] : "",
					 verbose ? " " : "",
					 meta->args[i], rec->args[i]);
		trace_seq_putc(s, ')');
	}
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

/* sys_read -> 0x154 */
static enum print_line_t syscall_exit_print(struct trace_iterator *iter,
					    int flags,
					    struct trace_event *event)
{
	struct syscall_trace_exit *rec = (void *)iter->ent;
	struct syscall_metadata *meta = syscall_nr_to_meta(rec->nr);
	struct trace_seq *s = &iter->seq;

	if (meta && meta->exit_event->event.type == iter->ent->type)
		trace_seq_printf(s, "%s -> 0x%lx", meta->name, rec->ret);
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

struct trace_event_functions enter_syscall_print_funcs = {
	.trace	= syscall_enter_print,
};

struct trace_event_functions exit_syscall_print_funcs = {
	.trace	= syscall_exit_print,
};

/* --- recording into trace instances ------------------------------------------ */

static void syscall_enter_probe(void *data, struct pt_regs *regs, long id)
{
	struct syscall_tr_files *st = data;
	struct syscall_trace_enter *rec;
	struct syscall_metadata *meta;
	/* trace_event_buffer_reserve() sets every field: no zeroing */
	struct trace_event_buffer fbuf __uninitialized;
	struct trace_event_file *file;
	unsigned long args[6];
	int nr = syscall_nr_of(regs);

	meta = syscall_nr_to_meta(nr);
	if (!meta)
		return;
	file = rcu_dereference_sched(st->enter[nr]);
	if (!file || trace_trigger_soft_disabled(file))
		return;
	rec = trace_event_buffer_reserve(&fbuf, file, sizeof(*rec) +
					 meta->nb_args * sizeof(unsigned long));
	if (!rec)
		return;
	rec->nr = nr;
	syscall_get_arguments(current, regs, args);
	memcpy(rec->args, args, meta->nb_args * sizeof(unsigned long));
	trace_event_buffer_commit(&fbuf);
}

static void syscall_exit_probe(void *data, struct pt_regs *regs, long ret)
{
	struct syscall_tr_files *st = data;
	struct syscall_trace_exit *rec;
	/* trace_event_buffer_reserve() sets every field: no zeroing */
	struct trace_event_buffer fbuf __uninitialized;
	struct trace_event_file *file;
	int nr = syscall_nr_of(regs);

	if (!syscall_nr_to_meta(nr))
		return;
	file = rcu_dereference_sched(st->exit[nr]);
	if (!file || trace_trigger_soft_disabled(file))
		return;
	rec = trace_event_buffer_reserve(&fbuf, file, sizeof(*rec));
	if (!rec)
		return;
	rec->nr = nr;
	rec->ret = syscall_get_return_value(current, regs);
	trace_event_buffer_commit(&fbuf);
}

/* The table of @tr, made if @make and missing.  syscall_trace_lock. */
static struct syscall_tr_files *syscall_tr_get(struct trace_array *tr,
					       bool make)
{
	struct syscall_tr_files *st;

	list_for_each_entry(st, &syscall_instances, list)
		if (st->tr == tr)
			return st;
	if (!make)
		return NULL;
	st = kzalloc(sizeof(*st), GFP_KERNEL);
	if (!st)
		return NULL;
	st->tr = tr;
	list_add(&st->list, &syscall_instances);
	return st;
}

/* Free @st once neither probe uses it.  syscall_trace_lock. */
static void syscall_tr_put(struct syscall_tr_files *st)
{
	if (st->nr_enter || st->nr_exit)
		return;
	list_del(&st->list);
	tracepoint_synchronize_unregister();
	kfree(st);
}

static int syscall_file_enable(struct trace_event_file *file, bool enter)
{
	struct syscall_metadata *meta = file->event_call->data;
	int nr = meta->syscall_nr;
	struct syscall_tr_files *st;
	int ret = 0;

	guard(mutex)(&syscall_trace_lock);
	st = syscall_tr_get(file->tr, true);
	if (!st)
		return -ENOMEM;
	if (enter && !st->nr_enter)
		ret = register_trace_sys_enter(syscall_enter_probe, st);
	else if (!enter && !st->nr_exit)
		ret = register_trace_sys_exit(syscall_exit_probe, st);
	if (ret) {
		syscall_tr_put(st);
		return ret;
	}
	if (enter) {
		rcu_assign_pointer(st->enter[nr], file);
		st->nr_enter++;
	} else {
		rcu_assign_pointer(st->exit[nr], file);
		st->nr_exit++;
	}
	return 0;
}

static void syscall_file_disable(struct trace_event_file *file, bool enter)
{
	struct syscall_metadata *meta = file->event_call->data;
	int nr = meta->syscall_nr;
	struct syscall_tr_files *st;

	guard(mutex)(&syscall_trace_lock);
	st = syscall_tr_get(file->tr, false);
	if (!st)
		return;
	if (enter) {
		RCU_INIT_POINTER(st->enter[nr], NULL);
		if (!--st->nr_enter)
			unregister_trace_sys_enter(syscall_enter_probe, st);
	} else {
		RCU_INIT_POINTER(st->exit[nr], NULL);
		if (!--st->nr_exit)
			unregister_trace_sys_exit(syscall_exit_probe, st);
	}
	syscall_tr_put(st);
}

/* --- feeding perf ---------------------------------------------------------- */

#ifdef CONFIG_PERF_EVENTS
/*
 * Syscall numbers whose sys_enter/sys_exit event has a perf user, and how
 * many there are: the perf probes are attached while a count is non-zero.
 * Written under syscall_trace_lock, read by the probes.
 */
static DECLARE_BITMAP(perf_enter_on, NR_syscalls);
static DECLARE_BITMAP(perf_exit_on, NR_syscalls);
static int perf_enter_users;
static int perf_exit_users;

/*
 * Hand the record @rec of @size bytes (perf_trace_buf_alloc()) to the perf
 * events of @call on this CPU.
 */
static void syscall_perf_submit(void *rec, int size, int rctx,
				struct trace_event_call *call,
				struct pt_regs *regs)
{
	perf_trace_buf_update(rec, call->event.type);
	perf_trace_buf_submit(rec, size, rctx, call->event.type, 1, regs,
			      this_cpu_ptr(call->perf_events), NULL);
}

/* The size of a perf record of @len bytes, with perf's u32 header. */
static int syscall_perf_size(int len)
{
	return ALIGN(len + sizeof(u32), sizeof(u64)) - sizeof(u32);
}

static void syscall_perf_enter(void *data, struct pt_regs *regs, long id)
{
	struct syscall_trace_enter *rec;
	struct syscall_metadata *meta;
	unsigned long args[6];
	int nr = syscall_nr_of(regs);
	int size, rctx;

	meta = syscall_nr_to_meta(nr);
	if (!meta || !test_bit(nr, perf_enter_on))
		return;
	if (hlist_empty(this_cpu_ptr(meta->enter_event->perf_events)))
		return;
	size = syscall_perf_size(sizeof(*rec) +
				 meta->nb_args * sizeof(unsigned long));
	rec = perf_trace_buf_alloc(size, NULL, &rctx);
	if (!rec)
		return;
	rec->nr = nr;
	syscall_get_arguments(current, regs, args);
	memcpy(rec->args, args, meta->nb_args * sizeof(unsigned long));
	syscall_perf_submit(rec, size, rctx, meta->enter_event, regs);
}

static void syscall_perf_exit(void *data, struct pt_regs *regs, long ret)
{
	struct syscall_trace_exit *rec;
	struct syscall_metadata *meta;
	int nr = syscall_nr_of(regs);
	int size, rctx;

	meta = syscall_nr_to_meta(nr);
	if (!meta || !test_bit(nr, perf_exit_on))
		return;
	if (hlist_empty(this_cpu_ptr(meta->exit_event->perf_events)))
		return;
	size = syscall_perf_size(sizeof(*rec));
	rec = perf_trace_buf_alloc(size, NULL, &rctx);
	if (!rec)
		return;
	rec->nr = nr;
	rec->ret = syscall_get_return_value(current, regs);
	syscall_perf_submit(rec, size, rctx, meta->exit_event, regs);
}

static int syscall_perf_enable(struct trace_event_call *call, bool enter)
{
	struct syscall_metadata *meta = call->data;
	int ret = 0;

	guard(mutex)(&syscall_trace_lock);
	if (enter) {
		if (!perf_enter_users)
			ret = register_trace_sys_enter(syscall_perf_enter, NULL);
		if (!ret) {
			set_bit(meta->syscall_nr, perf_enter_on);
			perf_enter_users++;
		}
	} else {
		if (!perf_exit_users)
			ret = register_trace_sys_exit(syscall_perf_exit, NULL);
		if (!ret) {
			set_bit(meta->syscall_nr, perf_exit_on);
			perf_exit_users++;
		}
	}
	return ret;
}

static void syscall_perf_disable(struct trace_event_call *call, bool enter)
{
	struct syscall_metadata *meta = call->data;

	guard(mutex)(&syscall_trace_lock);
	if (enter) {
		clear_bit(meta->syscall_nr, perf_enter_on);
		if (!--perf_enter_users)
			unregister_trace_sys_enter(syscall_perf_enter, NULL);
	} else {
		clear_bit(meta->syscall_nr, perf_exit_on);
		if (!--perf_exit_users)
			unregister_trace_sys_exit(syscall_perf_exit, NULL);
	}
}
#endif /* CONFIG_PERF_EVENTS */

/* trace_event_class::reg of both classes. */
static int syscall_event_reg(struct trace_event_call *call,
			     enum trace_reg type, void *data)
{
	struct syscall_metadata *meta = call->data;
	bool enter = call == meta->enter_event;

	switch (type) {
	case TRACE_REG_REGISTER:
		return syscall_file_enable(data, enter);
	case TRACE_REG_UNREGISTER:
		syscall_file_disable(data, enter);
		return 0;
#ifdef CONFIG_PERF_EVENTS
	case TRACE_REG_PERF_REGISTER:
		return syscall_perf_enable(call, enter);
	case TRACE_REG_PERF_UNREGISTER:
		syscall_perf_disable(call, enter);
		return 0;
#endif
	default:
		/* Opening and scheduling perf events need nothing more. */
		return 0;
	}
}

struct trace_event_class event_class_syscall_enter = {
	.system		= "syscalls",
	.reg		= syscall_event_reg,
	.fields_array	= syscall_enter_fields,
	.get_fields	= syscall_enter_get_fields,
	.raw_init	= syscall_event_raw_init,
};

struct trace_event_class event_class_syscall_exit = {
	.system		= "syscalls",
	.reg		= syscall_event_reg,
	.fields_array	= syscall_exit_fields,
	.fields		= LIST_HEAD_INIT(event_class_syscall_exit.fields),
	.raw_init	= syscall_event_raw_init,
};
