// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Trace instances: "mkdir /sys/kernel/tracing/instances/foo" makes a
 * trace_array of its own (its own ring buffer, tracing_on, tracer,
 * options, clock, cpumask, trace_marker, error_log, snapshot ...), with
 * the same files as the top level; rmdir removes it.  Modules get the same
 * through trace_array_get_by_name() and trace_array_destroy().
 *
 * Lifetime: every live instance is on trace_arrays, under
 * trace_types_lock.  An open file of an instance and a module's handle
 * each hold a reference (trace_array::ref); an instance with references
 * is not removed (-EBUSY).  Opening a file looks its instance up on the
 * list by address before touching it, so an open racing with rmdir finds
 * the instance gone (-ENODEV) rather than freed memory.
 *
 * The event code is told of each instance (event_trace_add_tracer(),
 * event_trace_del_tracer()) without trace_types_lock held, so that it may
 * take its own locks in any order.  Meanwhile the instance holds a
 * reference of its own (creation) or is off the list (removal), so no
 * open gets in the way.  instance_lock is held across the whole of each
 * creation and removal, so a mkdir or rmdir racing with another of the
 * same name waits for it to finish rather than seeing it half done.
 * Lock order: instance_lock, then the event code's locks, then
 * trace_types_lock.
 */

#define pr_fmt(fmt) "tracing: " fmt

#include <linux/tracefs.h>
#include <linux/init.h>
#include <linux/slab.h>

#include <asm/setup.h>

#include "trace.h"

/* instances/: the directory mkdir and rmdir work in. */
static struct dentry *trace_instance_dir;

/* Serializes instance creation and removal from start to end. */
static DEFINE_MUTEX(instance_lock);

/*
 * The task making an instance, set and cleared by trace_array_new()
 * under instance_lock, and the tracefs entries that task could not make
 * since.  Only the task itself counts its failures (trace_create_failed()),
 * so creating_failures is written and read by that task alone; any other
 * task only finds creating_task != current.
 */
static struct task_struct *creating_task;
static unsigned int creating_failures;

/**
 * trace_create_failed - count a tracefs entry that could not be made
 *
 * Counted only when the caller is making an instance, which then fails
 * (trace_create_failures()); a failure anywhere else at the same moment
 * is not that instance's.
 */
void trace_create_failed(void)
{
	if (READ_ONCE(creating_task) == current)
		creating_failures++;
}

/**
 * trace_create_failures - the tracefs entries the caller could not make
 *
 * Return: how many tracefs files and directories the calling task could
 * not make since it started making an instance; 0 for any other task.
 */
unsigned int trace_create_failures(void)
{
	return READ_ONCE(creating_task) == current ? creating_failures : 0;
}

/**
 * trace_array_find_dumping - the instance called @name, for an oops dump
 * @name: the instance's name
 *
 * Walks the instances without trace_types_lock, which an oops may hold or
 * cannot sleep for: only for ftrace_dump_on_oops, when the kernel is
 * going down anyway.
 *
 * Return: the instance, or NULL.
 */
struct trace_array *trace_array_find_dumping(const char *name)
{
	struct trace_array *tr;

	list_for_each_entry(tr, &trace_arrays, list) {
		if (tr->name && !strcmp(tr->name, name))
			return tr;
	}
	return NULL;
}

/* --- creation and removal ------------------------------------------------ */

/**
 * trace_array_find - the live instance called @name
 * @name: its directory name under instances/
 *
 * trace_types_lock; take a reference before dropping it.
 *
 * Return: the instance or NULL.
 */
struct trace_array *trace_array_find(const char *name)
{
	struct trace_array *tr;

	lockdep_assert_held(&trace_types_lock);
	list_for_each_entry(tr, &trace_arrays, list) {
		if (tr->name && !strcmp(tr->name, name))
			return tr;
	}
	return NULL;
}

/* Free an instance no one can reach any more. */
static void trace_array_free(struct trace_array *tr)
{
	trace_graph_free_instance(tr);
	ftrace_free_ftrace_ops(tr);
	trace_array_free_buffers(tr);
	trace_errlog_free(tr);
	mutex_destroy(&tr->consume_lock);
	kfree_const(tr->system_names);
	kfree(tr->name);
	kfree(tr);
}

/*
 * The tracefs directory of @tr under instances/ and its files, the event
 * code's aside.  trace_types_lock; on error the caller removes tr->dir.
 */
static int trace_array_create_files(struct trace_array *tr)
{
	unsigned int failures;

	lockdep_assert_held(&trace_types_lock);
	tr->dir = tracefs_create_dir(tr->name, trace_instance_dir);
	if (IS_ERR_OR_NULL(tr->dir)) {
		tr->dir = NULL;
		return -ENOMEM;
	}
	failures = trace_create_failures();
	trace_create_instance_files(tr);
	ftrace_create_filter_files(tr, tr->dir);
	trace_graph_create_instance_files(tr, tr->dir);
	/* A file left out: no instance rather than a partial one. */
	return trace_create_failures() != failures ? -ENOMEM : 0;
}

/*
 * Make the instance @name and put it on the list, holding one reference;
 * with its tracefs directory and files once instances/ exists, without
 * them before (trace_instance=: trace_instances_create_dir() adds them).
 * trace_types_lock.
 */
static struct trace_array *trace_array_create(const char *name,
					      const char *systems)
{
	struct trace_array *tr;

	lockdep_assert_held(&trace_types_lock);
	if (trace_array_find(name))
		return ERR_PTR(-EEXIST);

	tr = kzalloc(sizeof(*tr), GFP_KERNEL);
	if (!tr)
		return ERR_PTR(-ENOMEM);
	tr->name = kstrdup(name, GFP_KERNEL);
	if (systems)
		tr->system_names = kstrdup_const(systems, GFP_KERNEL);
	if (!tr->name || (systems && !tr->system_names)) {
		kfree_const(tr->system_names);
		kfree(tr->name);
		kfree(tr);
		return ERR_PTR(-ENOMEM);
	}
	/* Set before the buffer is made: it takes the overwrite mode. */
	tr->flags = (global_trace.flags & ~TRACE_OWN_FLAGS) |
		    (TRACE_DEFAULT_FLAGS & TRACE_OWN_FLAGS);
	tr->buffer_percent = 50;
	raw_spin_lock_init(&tr->start_lock);
	mutex_init(&tr->consume_lock);
	INIT_LIST_HEAD(&tr->err_log);
	tr->current_trace = &nop_trace;

	if (trace_array_alloc_buffers(tr, trace_buf_size) ||
	    ftrace_allocate_ftrace_ops(tr) || trace_graph_create_instance(tr))
		goto fail;
	/* An instance is for tracing: it starts at full size. */
	tr->buffer_expanded = true;
	if (trace_instance_dir && trace_array_create_files(tr))
		goto fail;

	tr->ref = 1;
	list_add_tail(&tr->list, &trace_arrays);
	return tr;

fail:
	/* Not on the list: its files have no reader (trace_array_get()). */
	tracefs_remove(tr->dir);
	trace_array_free(tr);
	return ERR_PTR(-ENOMEM);
}

/* Take @tr off the list and free it.  trace_types_lock; no references. */
static void trace_array_remove(struct trace_array *tr)
{
	lockdep_assert_held(&trace_types_lock);
	tracing_set_tracer(tr, nop_trace.name);
	tracer_tracing_off(tr);
	list_del_init(&tr->list);
	tracefs_remove(tr->dir);
	trace_printk_dest_release(tr);
	/* Writers that found the instance before are done with it. */
	synchronize_rcu();
	trace_array_free(tr);
}

/*
 * Create the instance @name and tell the event code.  On success the
 * caller gets the instance with one reference.  instance_lock.
 */
static struct trace_array *trace_array_make(const char *name,
					    const char *systems)
{
	struct trace_array *tr;
	int ret;

	lockdep_assert_held(&instance_lock);
	mutex_lock(&trace_types_lock);
	tr = trace_array_create(name, systems);
	mutex_unlock(&trace_types_lock);
	if (IS_ERR(tr))
		return tr;

	/* Made before tracefs: events/ comes with the other files. */
	if (tr->dir)
		ret = event_trace_add_tracer(tr->dir, tr);
	else
		ret = event_trace_attach(tr);
	if (!ret)
		return tr;

	/*
	 * Take back what the event code did set up.  If one of the new event
	 * files is open already (-EBUSY), the instance stays, with the
	 * caller's reference dropped: rmdir removes it once it is closed.
	 */
	if (event_trace_del_tracer(tr)) {
		mutex_lock(&trace_types_lock);
		tr->ref--;
		mutex_unlock(&trace_types_lock);
		return ERR_PTR(ret);
	}
	mutex_lock(&trace_types_lock);
	tr->ref = 0;
	trace_array_remove(tr);
	mutex_unlock(&trace_types_lock);
	return ERR_PTR(ret);
}

/* trace_array_make(), counting the tracefs entries it fails to make. */
static struct trace_array *trace_array_new(const char *name,
					   const char *systems)
{
	struct trace_array *tr;

	lockdep_assert_held(&instance_lock);
	creating_failures = 0;
	WRITE_ONCE(creating_task, current);
	tr = trace_array_make(name, systems);
	WRITE_ONCE(creating_task, NULL);
	return tr;
}

/*
 * Remove @tr, which the caller found on the list under trace_types_lock
 * (held on entry, released on return).  -EBUSY while it has references.
 * instance_lock.
 */
static int trace_array_delete(struct trace_array *tr)
	__releases(&trace_types_lock)
{
	int ret;

	lockdep_assert_held(&instance_lock);
	lockdep_assert_held(&trace_types_lock);
	if (tr->ref) {
		mutex_unlock(&trace_types_lock);
		return -EBUSY;
	}
	/* Off the list: no open, lookup or rmdir reaches it meanwhile. */
	list_del_init(&tr->list);
	mutex_unlock(&trace_types_lock);

	ftrace_probe_release(tr);
	ret = event_trace_del_tracer(tr);
	/* No trigger or function command is left to ask for a snapshot. */
	trace_snapshot_cancel(tr);

	mutex_lock(&trace_types_lock);
	if (ret)
		list_add_tail(&tr->list, &trace_arrays);
	else
		trace_array_remove(tr);
	mutex_unlock(&trace_types_lock);
	return ret;
}

static int instance_mkdir(const char *name)
{
	struct trace_array *tr;

	guard(mutex)(&instance_lock);
	tr = trace_array_new(name, NULL);
	if (IS_ERR(tr))
		return PTR_ERR(tr);
	trace_array_put(tr);
	return 0;
}

static int instance_rmdir(const char *name)
{
	struct trace_array *tr;

	guard(mutex)(&instance_lock);
	mutex_lock(&trace_types_lock);
	tr = trace_array_find(name);
	if (!tr) {
		mutex_unlock(&trace_types_lock);
		return -ENODEV;
	}
	return trace_array_delete(tr);
}

/*
 * Give @tr, made before tracefs, its directory, files and events/.  On
 * failure it goes, unless someone holds it (a module's handle): then it
 * stays as it is.  instance_lock.
 */
static void __init trace_array_add_files(struct trace_array *tr)
{
	int ret;

	lockdep_assert_held(&instance_lock);
	mutex_lock(&trace_types_lock);
	ret = trace_array_create_files(tr);
	mutex_unlock(&trace_types_lock);
	if (!ret)
		ret = event_trace_add_tracer(tr->dir, tr);
	if (!ret)
		return;
	pr_warn("instance %s: no tracefs directory (%d)\n", tr->name, ret);
	mutex_lock(&trace_types_lock);
	trace_array_delete(tr);
}

/**
 * trace_instances_create_dir - create instances/ in the tracefs root
 *
 * With a directory for each instance made before (trace_instance=, or
 * trace_array_get_by_name() from built-in code).
 */
void __init trace_instances_create_dir(void)
{
	struct trace_array *tr, *next;

	trace_instance_dir = tracefs_create_instance_dir("instances", NULL,
							 instance_mkdir,
							 instance_rmdir);
	if (IS_ERR_OR_NULL(trace_instance_dir)) {
		pr_warn("could not create tracefs directory instances\n");
		trace_instance_dir = NULL;
		return;
	}
	/* The list changes only under instance_lock. */
	guard(mutex)(&instance_lock);
	list_for_each_entry_safe(tr, next, &trace_arrays, list) {
		if (tr->name && !tr->dir)
			trace_array_add_files(tr);
	}
}

/* --- trace_instance= ------------------------------------------------------ */

/* The trace_instance= values, each followed by a tab. */
static char boot_instances[COMMAND_LINE_SIZE] __initdata;
static size_t boot_instances_len __initdata;

/* trace_instance=<name>[^traceoff][^traceprintk]: make an instance at boot. */
static int __init set_trace_instance(char *str)
{
	size_t left = sizeof(boot_instances) - boot_instances_len;
	int n = snprintf(boot_instances + boot_instances_len, left, "%s\t", str);

	if (n >= left) {
		boot_instances[boot_instances_len] = '\0';
		pr_warn("too many trace_instance= options: '%s' ignored\n", str);
		return 1;
	}
	boot_instances_len += n;
	return 1;
}
__setup("trace_instance=", set_trace_instance);

/* Enable the events listed after the name: "sched:sched_switch,irq,..." */
static void __init boot_instance_events(struct trace_array *tr, char *list)
{
	char *word, *colon;

	while (list && (word = strsep(&list, ",")) != NULL) {
		colon = strchr(word, ':');
		if (!*word || !ftrace_set_clr_event(tr, word, 1))
			continue;
		if (colon)
			*colon = ':';
		pr_warn("trace_instance=%s: no event '%s'\n", tr->name, word);
	}
}

/* "^printk", "^traceprintk", "^trace_printk": trace_printk_dest. */
static bool __init boot_instance_printk_flag(const char *flag)
{
	return !strcmp(flag, "printk") || !strcmp(flag, "traceprintk") ||
	       !strcmp(flag, "trace_printk");
}

/* One trace_instance= value: "<name>[^<flag>...][@<memory>][,<event>...]". */
static void __init boot_instance_create(char *spec)
{
	char *name = strsep(&spec, ",");
	char *flags = name;
	struct trace_array *tr;
	bool off = false, printk = false;
	char *flag;

	name = strsep(&flags, "^@");
	while ((flag = strsep(&flags, "^@")) != NULL) {
		if (!strcmp(flag, "traceoff"))
			off = true;
		else if (boot_instance_printk_flag(flag))
			printk = true;
		else if (*flag)
			pr_warn("trace_instance=%s: '%s' not supported, ignored\n",
				name, flag);
	}
	if (!*name)
		return;

	mutex_lock(&instance_lock);
	tr = trace_array_new(name, NULL);
	mutex_unlock(&instance_lock);
	if (IS_ERR(tr)) {
		pr_warn("trace_instance=%s: could not create it (%ld)\n", name,
			PTR_ERR(tr));
		return;
	}
	if (off)
		tracer_tracing_off(tr);
	if (printk) {
		mutex_lock(&trace_types_lock);
		trace_printk_dest_set(tr, true);
		mutex_unlock(&trace_types_lock);
	}
	boot_instance_events(tr, spec);
	trace_array_put(tr);
}

/**
 * trace_instances_boot - make the instances of trace_instance=
 *
 * From trace_init(), once the events exist: the instances record from
 * start_kernel() on, their directories come with instances/.
 */
void __init trace_instances_boot(void)
{
	char *buf = boot_instances, *spec;

	while ((spec = strsep(&buf, "\t")) != NULL) {
		if (*spec)
			boot_instance_create(spec);
	}
}

/* --- the module API ------------------------------------------------------ */

/**
 * trace_array_get_by_name - find or create the instance called @name
 * @name:    the instance's directory name under instances/
 * @systems: the event systems a new instance gets, comma-separated
 *           ("sched,timer"); NULL: every system.  An instance found
 *           keeps the systems it was made with.
 *
 * The instance appears in tracefs like one made with mkdir.  The caller
 * gets a reference: drop it with trace_array_put() before
 * trace_array_destroy().  Sleeps.
 *
 * Return: the instance, or NULL if it could not be made.
 */
struct trace_array *trace_array_get_by_name(const char *name,
					    const char *systems)
{
	struct trace_array *tr;

	if (!name || !*name || strchr(name, '/') || tracing_disabled ||
	    !trace_instance_dir)
		return NULL;

	guard(mutex)(&instance_lock);
	mutex_lock(&trace_types_lock);
	tr = trace_array_find(name);
	if (tr)
		tr->ref++;
	mutex_unlock(&trace_types_lock);
	if (tr)
		return tr;

	tr = trace_array_new(name, systems);
	return IS_ERR(tr) ? NULL : tr;
}
EXPORT_SYMBOL_GPL(trace_array_get_by_name);

/**
 * trace_array_destroy - remove an instance
 * @tr: the instance, e.g. from trace_array_get_by_name(), with every
 *      reference dropped
 *
 * Sleeps.
 *
 * Return: 0; -EINVAL for NULL or the top level; -ENODEV if @tr is not a
 * live instance; -EBUSY while a file of it is open or a reference is
 * held; or the event code's error.
 */
int trace_array_destroy(struct trace_array *tr)
{
	struct trace_array *t;

	if (!tr || tr == &global_trace)
		return -EINVAL;

	guard(mutex)(&instance_lock);
	mutex_lock(&trace_types_lock);
	list_for_each_entry(t, &trace_arrays, list) {
		if (t == tr)
			return trace_array_delete(tr);
	}
	mutex_unlock(&trace_types_lock);
	return -ENODEV;
}
EXPORT_SYMBOL_GPL(trace_array_destroy);

/**
 * trace_array_init_printk - prepare @tr for trace_array_printk()
 * @tr: an instance from trace_array_get_by_name()
 *
 * trace_array_printk() writes only into instances, never into the top
 * level, which belongs to trace_printk().
 *
 * Return: 0, -ENOENT without an instance, -EINVAL for the top level.
 */
int trace_array_init_printk(struct trace_array *tr)
{
	if (!tr)
		return -ENOENT;
	if (tr == &global_trace)
		return -EINVAL;
	/* The writers' names; the top level's buffer is not used. */
	trace_cmdline_start();
	return 0;
}
EXPORT_SYMBOL_GPL(trace_array_init_printk);
