// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * uprobe and uretprobe events: uprobe_events, uprobe_profile and the
 * "p"/"r" commands of dynamic_events whose place is "PATH:OFFSET", on
 * top of kernel/events/uprobes.c.
 *
 * The event object is the probe event base's (trace_probe_event.c);
 * this file attaches it with a uprobe consumer.
 *
 * Locking: the kind's mutex (uprobe_events.mutex) protects the events'
 * list and every event's creation and removal.  An event's uprobe is
 * registered while at least one event file (instance) has the event
 * enabled: ->uprobe changes under event_mutex, as the files do.  The
 * handlers run in the probed task, preemptible; they read the files
 * under RCU with preemption off, and everything else they read is
 * immutable while the uprobe is registered.  uprobe_unregister_sync()
 * returns once no handler runs any more.
 */
#include <linux/ctype.h>
#include <linux/namei.h>
#include <linux/percpu.h>
#include <linux/rculist.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uprobes.h>

#include "trace_probe_event.h"

#define UPROBE_DEFAULT_GROUP	"uprobes"

/**
 * struct trace_uprobe - a uprobe or uretprobe event
 * @ev: the event
 * @consumer: what kernel/events/uprobes.c calls
 * @uprobe: the registered uprobe, NULL while no file records the event
 *	(event_mutex)
 * @path: the probed file, held while the event exists
 * @filename: the file's name as the definition gave it
 * @offset: the probed offset in the file
 * @ref_ctr_offset: the file offset of the semaphore (reference counter)
 *	the uprobe increments while it is registered, 0 for none
 * @nhit: per CPU hits
 */
struct trace_uprobe {
	struct probe_event	ev;
	struct uprobe_consumer	consumer;
	struct uprobe		*uprobe;
	struct path		path;
	char			*filename;
	unsigned long		offset;
	unsigned long		ref_ctr_offset;
	unsigned long __percpu	*nhit;
};

static const struct probe_event_ops uprobe_ops;
static const struct probe_def_ops uprobe_def;
static int trace_uprobe_create(int argc, char **argv);
static struct probe_events uprobe_events = {
	.ops	= &uprobe_ops,
	.def	= &uprobe_def,
	.dyn	= { .create = trace_uprobe_create },
};

static struct trace_uprobe *to_uprobe(struct probe_event *ev)
{
	return container_of(ev, struct trace_uprobe, ev);
}

/* --- probe context (the probed task) -------------------------------------- */

/*
 * @ip is the probed instruction's address (the function's, for a return
 * probe); @ret_ip where a function returns to.  The file's offset 0 is
 * mapped @tu->offset bytes below @ip.
 */
static void uprobe_record(struct trace_uprobe *tu, struct pt_regs *regs,
			  unsigned long ip, unsigned long ret_ip)
{
	struct probe_fetch_ctx ctx = {
		.regs	= regs,
		.fbase	= ip - tu->offset,
	};

	/* As a tracepoint's caller: the record shows the task's own depth. */
	preempt_disable_notrace();
	rcu_read_lock();
	probe_event_record(&tu->ev, &ctx, NULL, ip, ret_ip);
	rcu_read_unlock();
	preempt_enable_notrace();
}

static int uprobe_event_hit(struct uprobe_consumer *uc, struct pt_regs *regs)
{
	struct trace_uprobe *tu = container_of(uc, struct trace_uprobe,
					       consumer);

	this_cpu_inc(*tu->nhit);
	uprobe_record(tu, regs, instruction_pointer(regs), 0);
	return 0;
}

static int uretprobe_event_hit(struct uprobe_consumer *uc, unsigned long func,
			       struct pt_regs *regs)
{
	struct trace_uprobe *tu = container_of(uc, struct trace_uprobe,
					       consumer);

	this_cpu_inc(*tu->nhit);
	uprobe_record(tu, regs, func, instruction_pointer(regs));
	return 0;
}

/* --- the event -------------------------------------------------------------- */

/* The first file enables the event: register the uprobe. */
static int uprobe_event_arm(struct probe_event *ev)
{
	struct trace_uprobe *tu = to_uprobe(ev);
	struct uprobe *uprobe;

	uprobe = uprobe_register(d_real_inode(tu->path.dentry), tu->offset,
				 tu->ref_ctr_offset, &tu->consumer);
	if (IS_ERR(uprobe))
		return PTR_ERR(uprobe);
	tu->uprobe = uprobe;
	return 0;
}

static void uprobe_event_disarm(struct probe_event *ev)
{
	struct trace_uprobe *tu = to_uprobe(ev);

	uprobe_unregister_nosync(tu->uprobe, &tu->consumer);
	uprobe_unregister_sync();
	tu->uprobe = NULL;
}

static const struct probe_event_ops uprobe_ops = {
	.flags		= TRACE_EVENT_FL_UPROBE,
	.head		= PROBE_HEAD_HEX,
	/* The uprobe is registered while a file records the event. */
	.arm		= uprobe_event_arm,
	.disarm		= uprobe_event_disarm,
};

/* --- creation and removal --------------------------------------------------- */

/* Frees @tu, whose event is not registered. */
static void trace_uprobe_free(struct probe_event *ev)
{
	struct trace_uprobe *tu = to_uprobe(ev);

	if (tu->path.dentry)
		path_put(&tu->path);
	free_percpu(tu->nhit);
	kfree(tu->filename);
	kfree(tu);
}

/* Do @a and @b probe the same instruction of the same file? */
static bool trace_uprobe_same_place(struct trace_uprobe *a,
				    struct trace_uprobe *b)
{
	return d_real_inode(a->path.dentry) == d_real_inode(b->path.dentry) &&
	       a->offset == b->offset;
}

/*
 * ->same_name: a definition named as the uprobe event @old: say why it is
 * refused.  Several probes under one uprobe event name are not
 * supported, so even one of the same kind and arguments at another
 * place is.
 */
static int trace_uprobe_refuse_same_name(struct probe_event *old,
					 struct probe_event *ev,
					 struct probe_log *log, int name_offs)
{
	enum probe_err err = PROBE_ERR_EVENT_EXIST;
	int i = probe_args_differ(old, ev, true);

	log->index = 0;
	if (i >= 0) {
		log->index = i + 2;
		err = PROBE_ERR_DIFF_ARG_TYPE;
	}
	if (old->is_return != ev->is_return) {
		log->index = 0;
		err = PROBE_ERR_DIFF_PROBE_TYPE;
	} else if (err == PROBE_ERR_EVENT_EXIST &&
		   trace_uprobe_same_place(to_uprobe(old), to_uprobe(ev))) {
		err = PROBE_ERR_SAME_PROBE;
	}
	probe_log_err(log, 0, err);
	return -EEXIST;
}

/*
 * ->conflict: kernel/events/uprobes.c takes one reference counter per
 * probed instruction, so a second one is refused.
 */
static int trace_uprobe_conflict(struct probe_event *old,
				 struct probe_event *ev)
{
	struct trace_uprobe *a = to_uprobe(old), *b = to_uprobe(ev);

	if (!trace_uprobe_same_place(a, b) ||
	    a->ref_ctr_offset == b->ref_ctr_offset)
		return 0;
	pr_warn("trace_uprobe: reference counter offset mismatch\n");
	return -EINVAL;
}

/*
 * The part of "PATH:OFFSET[%return][(REF_CTR_OFFSET)]" after the ':',
 * at @place, in the copy @word of the definition's second word.
 */
static int uprobe_parse_offset(struct trace_uprobe *tu, char *word,
			       char *place, struct probe_log *log)
{
	char *open = strchr(place, '('), *close, *suffix;

	if (open) {
		close = strchr(open, ')');
		if (!close)
			return probe_log_err(log, open + strlen(open) - word,
					     PROBE_ERR_REFCNT_OPEN_BRACE);
		if (close[1])
			return probe_log_err(log, close + 1 - word,
					     PROBE_ERR_BAD_REFCNT_SUFFIX);
		*open = '\0';
		*close = '\0';
		if (kstrtoul(open + 1, 0, &tu->ref_ctr_offset))
			return probe_log_err(log, open + 1 - word,
					     PROBE_ERR_BAD_REFCNT);
	}
	suffix = strchr(place, '%');
	if (suffix) {
		if (strcmp(suffix, "%return"))
			return probe_log_err(log, suffix - word,
					     PROBE_ERR_BAD_ADDR_SUFFIX);
		*suffix = '\0';
		tu->ev.is_return = true;
	}
	if (kstrtoul(place, 0, &tu->offset))
		return probe_log_err(log, place - word,
				     PROBE_ERR_BAD_UPROBE_OFFS);
	return 0;
}

/*
 * Probe the file @name: kern_path()'s -errno when there is none (@tu's
 * ->path stays empty), -EINVAL when it is not a regular file.
 */
static int trace_uprobe_set_file(struct trace_uprobe *tu, const char *name)
{
	int ret = kern_path(name, LOOKUP_FOLLOW, &tu->path);

	if (ret)
		return ret;
	if (!d_is_reg(tu->path.dentry))
		return -EINVAL;
	tu->filename = kstrdup(name, GFP_KERNEL);
	return tu->filename ? 0 : -ENOMEM;
}

/* "PATH:OFFSET...": the probed file and the place in it. */
static int uprobe_parse_place(struct trace_uprobe *tu, const char *arg,
			      struct probe_log *log)
{
	char *word, *colon;
	int ret;

	word = kstrdup(arg, GFP_KERNEL);
	if (!word)
		return -ENOMEM;
	/* The last ':' ends the path, which may hold some. */
	colon = strrchr(word, ':');
	*colon = '\0';
	ret = trace_uprobe_set_file(tu, word);
	if (!ret)
		ret = uprobe_parse_offset(tu, word, colon + 1, log);
	else if (!tu->path.dentry)
		probe_log_err(log, 0, PROBE_ERR_FILE_NOT_FOUND);
	else if (ret == -EINVAL)
		probe_log_err(log, 0, PROBE_ERR_NO_REGULAR_FILE);
	kfree(word);
	return ret;
}

/* "p_<file name up to its first '.', '-' or '_'>_0x<offset>". */
static char *uprobe_default_name(struct probe_event *ev)
{
	struct trace_uprobe *tu = to_uprobe(ev);
	const char *base = kbasename(tu->filename);

	return kasprintf(GFP_KERNEL, "p_%.*s_0x%lx",
			 (int)strcspn(base, ".-_"), base, tu->offset);
}

/* Is this definition a uprobe's: "p|r[:...] PATH:OFFSET..."? */
static bool uprobe_is_definition(int argc, char **argv)
{
	const char *colon;

	if (argc < 2 || (argv[0][0] != 'p' && argv[0][0] != 'r'))
		return false;
	colon = strrchr(argv[1], ':');
	return strchr(argv[1], '/') && colon && isdigit(colon[1]);
}

/* The handler of @tu's kind, once its place says which. */
static void trace_uprobe_set_consumer(struct trace_uprobe *tu)
{
	tu->consumer.handler = tu->ev.is_return ? NULL : uprobe_event_hit;
	tu->consumer.ret_handler = tu->ev.is_return ? uretprobe_event_hit :
						      NULL;
}

static struct trace_uprobe *trace_uprobe_alloc(int nargs, bool is_return)
{
	struct trace_uprobe *tu = kzalloc(sizeof(*tu), GFP_KERNEL);

	if (!tu)
		return NULL;
	tu->ev.is_return = is_return;
	tu->nhit = alloc_percpu(unsigned long);
	if (probe_event_init(&tu->ev, &uprobe_events, nargs) || !tu->nhit) {
		probe_event_destroy(&tu->ev);
		return NULL;
	}
	return tu;
}

/*
 * argv[0] is "p[:[GRP/]EVENT]" or "r[:[GRP/]EVENT]", argv[1] the place,
 * then the fetch arguments.  A bad definition is explained in error_log,
 * with a caret under the part at fault.
 */
static int trace_uprobe_create(int argc, char **argv)
{
	char *head = argv[0], *event = NULL, *group = NULL;
	struct trace_uprobe *tu;
	struct probe_log log;
	unsigned int flags;
	int ret;

	if (!uprobe_is_definition(argc, argv))
		return -ECANCELED;
	if (argc - 2 > PROBE_MAX_ARGS)
		return -E2BIG;
	tu = trace_uprobe_alloc(argc - 2, head[0] == 'r');
	if (!tu)
		return -ENOMEM;
	probe_log_init(&log, "trace_uprobe", argc, argv);

	log.index = 1;
	ret = uprobe_parse_place(tu, argv[1], &log);
	log.index = 0;
	/* "p:NAME"; there is no maxactive: "r10:NAME" is "r" unnamed. */
	if (!ret && head[1] == ':')
		ret = probe_parse_event_name(head + 2, 2, &group, &event, &log);
	if (ret) {
		kfree(group);
		kfree(event);
		goto fail;
	}
	trace_uprobe_set_consumer(tu);
	flags = PROBE_CTX_USER | (tu->ev.is_return ? PROBE_CTX_RETURN : 0);
	ret = probe_event_set_name(&tu->ev, group, event, UPROBE_DEFAULT_GROUP);
	ret = ret ?: probe_event_parse_args(&tu->ev, argc - 2, argv + 2, flags,
					    NULL, &log);
	/* uprobes name no event in the error_log's EVENT_EXIST caret. */
	ret = ret ?: probe_event_add(&tu->ev, &log, 0);
	if (!ret) {
		probe_log_free(&log);
		return 0;
	}
fail:
	probe_log_free(&log);
	probe_event_destroy(&tu->ev);
	return ret;
}

/* "PATH:0x<offset, zero-padded>[(0x<ref_ctr_offset>)]": the place shown. */
static void uprobe_place(struct trace_uprobe *tu, char *buf, size_t size)
{
	int n = snprintf(buf, size, "%s:0x%0*lx", tu->filename,
			 (int)(sizeof(void *) * 2), tu->offset);

	if (tu->ref_ctr_offset && n < size)
		snprintf(buf + n, size - n, "(0x%lx)", tu->ref_ctr_offset);
}

/*
 * ->delete_place: "PLACE [ARG...]" removes the event if they describe
 * it.
 */
static int trace_uprobe_delete_place(struct probe_event *ev, int argc,
				     char **argv)
{
	struct trace_uprobe *tu = to_uprobe(ev);
	size_t len = strlen(tu->filename) + 64;
	char *place = kmalloc(len, GFP_KERNEL);
	bool match;

	if (!place)
		return -ENOENT;
	uprobe_place(tu, place, len);
	match = !strcmp(argv[0], place) &&
		probe_args_match(ev, argc - 1, argv + 1);
	kfree(place);
	return match ? probe_event_remove(ev) : -ENOENT;
}

static void trace_uprobe_show(struct seq_file *m, struct probe_event *ev)
{
	struct trace_uprobe *tu = to_uprobe(ev);

	seq_printf(m, "%c:%s/%s %s:0x%0*lx", ev->is_return ? 'r' : 'p',
		   ev->group, ev->call.name, tu->filename,
		   (int)(sizeof(void *) * 2), tu->offset);
	if (tu->ref_ctr_offset)
		seq_printf(m, "(0x%lx)", tu->ref_ctr_offset);
	probe_event_show_args(m, ev);
	seq_putc(m, '\n');
}

/* uprobe_profile: one line per event: its file, its name and its hits. */
static void trace_uprobe_profile(struct seq_file *m, struct probe_event *ev)
{
	struct trace_uprobe *tu = to_uprobe(ev);
	unsigned long hits = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		hits += *per_cpu_ptr(tu->nhit, cpu);
	seq_printf(m, "  %s %-44s %15lu\n", tu->filename, ev->call.name, hits);
}

static const struct probe_def_ops uprobe_def = {
	/* Definitions: one probe an event, one reference counter a place. */
	.default_name	= uprobe_default_name,
	.conflict	= trace_uprobe_conflict,
	.same_name	= trace_uprobe_refuse_same_name,
	.delete_place	= trace_uprobe_delete_place,
	.show		= trace_uprobe_show,
	.profile	= trace_uprobe_profile,
	.free		= trace_uprobe_free,
};

#ifdef CONFIG_PERF_EVENTS
/*
 * The place of a uprobe PMU event: attr.uprobe_path, a user pointer to
 * the file's path, and attr.probe_offset in the file.
 */
static int uprobe_perf_place(struct trace_uprobe *tu,
			     const struct perf_event_attr *attr)
{
	char *name;
	int ret;

	if (!attr->uprobe_path)
		return -EINVAL;
	name = strndup_user(u64_to_user_ptr(attr->uprobe_path), PATH_MAX);
	/* strndup_user() says -EINVAL for a string without its NUL. */
	if (IS_ERR(name))
		return PTR_ERR(name) == -EINVAL ? -E2BIG : PTR_ERR(name);
	ret = name[0] ? trace_uprobe_set_file(tu, name) : -EINVAL;
	kfree(name);
	tu->offset = attr->probe_offset;
	return ret;
}

/**
 * perf_uprobe_init() - open a uprobe PMU event: a uprobe of its own
 * @event: the perf event, whose attr names the place: uprobe_path (a
 *	user pointer to the file's path) and probe_offset
 * @ref_ctr_offset: the file offset of the probe's reference counter
 *	(semaphore), 0 for none
 * @is_retprobe: probe the function's return (a uretprobe)
 *
 * The event's uprobe event has no arguments and is in neither
 * uprobe_events nor dynamic_events; it counts and samples like the
 * events perf opens by name, and perf_uprobe_destroy() frees it.
 *
 * Return: 0; -EINVAL for no or an empty path, or one of no regular file;
 * -E2BIG for a path of PATH_MAX bytes or more, -EFAULT, kern_path()'s
 * -errno (-ENOENT: no such file), -ENOMEM, or uprobe_register()'s -errno.
 */
int perf_uprobe_init(struct perf_event *event, unsigned long ref_ctr_offset,
		     bool is_retprobe)
{
	struct trace_uprobe *tu = trace_uprobe_alloc(0, is_retprobe);
	int ret;

	if (!tu)
		return -ENOMEM;
	tu->ref_ctr_offset = ref_ctr_offset;
	trace_uprobe_set_consumer(tu);
	ret = uprobe_perf_place(tu, &event->attr);
	if (ret) {
		probe_event_destroy(&tu->ev);
		return ret;
	}
	return probe_event_perf_open(&tu->ev, event, UPROBE_DEFAULT_GROUP);
}

/**
 * perf_uprobe_destroy() - close a uprobe PMU event
 * @event: the perf event perf_uprobe_init() opened, being freed
 */
void perf_uprobe_destroy(struct perf_event *event)
{
	probe_event_perf_close(event);
}
#endif

static __init int uprobe_events_init(void)
{
	return probe_events_init(&uprobe_events, "uprobe_events",
				 "uprobe_profile");
}
device_initcall(uprobe_events_init);
