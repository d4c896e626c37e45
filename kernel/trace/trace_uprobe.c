// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * uprobe and uretprobe events: uprobe_events, uprobe_profile and the
 * "p"/"r" commands of dynamic_events whose place is "PATH:OFFSET", on
 * top of kernel/events/uprobes.c.
 *
 * Locking: uprobe_event_mutex protects uprobe_event_list and every
 * event's creation and removal.  An event's uprobe is registered while
 * at least one event file (instance) has the event enabled: the list of
 * those files (->files) and ->uprobe change under event_mutex (the event
 * core calls ->reg with it held).  The handlers run in the probed task,
 * preemptible; they read ->files under RCU with preemption off, and
 * everything else they read is immutable while the uprobe is registered.
 * uprobe_unregister_sync() returns once no handler runs any more.
 */
#include <linux/ctype.h>
#include <linux/namei.h>
#include <linux/percpu.h>
#include <linux/rculist.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uprobes.h>

#include "trace_dynevent.h"
#include "trace_probe.h"

#define UPROBE_DEFAULT_GROUP	"uprobes"

struct uprobe_rec {
	struct trace_entry	ent;
	unsigned long		ip;
};

struct uretprobe_rec {
	struct trace_entry	ent;
	unsigned long		func;
	unsigned long		ret_ip;
};

/* An event file (instance) the probe records into. */
struct uprobe_file_link {
	struct list_head	list;
	struct trace_event_file	*file;
};

/**
 * struct trace_uprobe - a uprobe or uretprobe event
 * @list: on uprobe_event_list (uprobe_event_mutex)
 * @consumer: what kernel/events/uprobes.c calls
 * @uprobe: the registered uprobe, NULL while no file records the event
 *	(event_mutex)
 * @path: the probed file, held while the event exists
 * @filename: the file's name as the definition gave it
 * @offset: the probed offset in the file
 * @ref_ctr_offset: the file offset of the semaphore (reference counter)
 *	the uprobe increments while it is registered, 0 for none
 * @nhit: per CPU hits
 * @group: the event's system
 * @files: the files recording it (RCU; written under event_mutex)
 * @class: its event class
 * @call: its event
 * @fixed: the size of its records' fixed part
 * @is_return: a uretprobe
 * @nargs: how many arguments
 * @args: its arguments
 */
struct trace_uprobe {
	struct list_head	list;
	struct uprobe_consumer	consumer;
	struct uprobe		*uprobe;
	struct path		path;
	char			*filename;
	unsigned long		offset;
	unsigned long		ref_ctr_offset;
	unsigned long __percpu	*nhit;
	char			*group;
	struct list_head	files;
	struct trace_event_class class;
	struct trace_event_call	call;
	unsigned int		fixed;
	bool			is_return;
	int			nargs;
	struct probe_arg	args[] __counted_by(nargs);
};

static DEFINE_MUTEX(uprobe_event_mutex);
static LIST_HEAD(uprobe_event_list);

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
	struct uprobe_file_link *link;
	struct trace_event_buffer fbuf;
	unsigned int dsize;
	void *rec;

	/* As a tracepoint's caller: the record shows the task's own depth. */
	preempt_disable_notrace();
	rcu_read_lock();
	list_for_each_entry_rcu(link, &tu->files, list) {
		if (trace_trigger_soft_disabled(link->file))
			continue;
		dsize = probe_args_dyn_size(tu->args, tu->nargs, &ctx);
		rec = trace_event_buffer_reserve(&fbuf, link->file,
						 tu->fixed + dsize);
		if (!rec)
			continue;
		if (tu->is_return) {
			((struct uretprobe_rec *)rec)->func = ip;
			((struct uretprobe_rec *)rec)->ret_ip = ret_ip;
		} else {
			((struct uprobe_rec *)rec)->ip = ip;
		}
		probe_args_store(tu->args, tu->nargs, &ctx, rec, tu->fixed,
				 tu->fixed + dsize);
		trace_event_buffer_commit(&fbuf);
	}
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

static enum print_line_t uprobe_event_print(struct trace_iterator *iter,
					    int flags, struct trace_event *event)
{
	struct trace_uprobe *tu = container_of(event, struct trace_uprobe,
					       call.event);
	struct trace_seq *s = &iter->seq;
	void *rec = iter->ent;

	if (tu->is_return)
		trace_seq_printf(s, "%s: (0x%lx <- 0x%lx)", tu->call.name,
				 ((struct uretprobe_rec *)rec)->ret_ip,
				 ((struct uretprobe_rec *)rec)->func);
	else
		trace_seq_printf(s, "%s: (0x%lx)", tu->call.name,
				 ((struct uprobe_rec *)rec)->ip);
	probe_print_args(s, tu->args, tu->nargs, rec);
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

static struct trace_event_functions uprobe_event_funcs = {
	.trace = uprobe_event_print,
};

static int uprobe_event_fields(struct trace_event_call *call)
{
	struct trace_uprobe *tu = call->data;
	int ret;

	if (tu->is_return) {
		ret = trace_define_field(call, "unsigned long", "__probe_func",
					 offsetof(struct uretprobe_rec, func),
					 sizeof(long), 0, FILTER_OTHER);
		ret = ret ?: trace_define_field(call, "unsigned long",
					"__probe_ret_ip",
					offsetof(struct uretprobe_rec, ret_ip),
					sizeof(long), 0, FILTER_OTHER);
	} else {
		ret = trace_define_field(call, "unsigned long", "__probe_ip",
					 offsetof(struct uprobe_rec, ip),
					 sizeof(long), 0, FILTER_OTHER);
	}
	return ret ?: probe_define_fields(call, tu->args, tu->nargs);
}

static struct trace_event_fields uprobe_fields_array[] = {
	{ .type = TRACE_FUNCTION_TYPE, .define_fields = uprobe_event_fields },
	{}
};

/* Record for @file; called by the event core under event_mutex. */
static int uprobe_event_enable(struct trace_uprobe *tu,
			       struct trace_event_file *file)
{
	struct uprobe_file_link *link;
	struct uprobe *uprobe;

	link = kzalloc(sizeof(*link), GFP_KERNEL);
	if (!link)
		return -ENOMEM;
	link->file = file;
	list_add_tail_rcu(&link->list, &tu->files);
	if (tu->uprobe)
		return 0;
	uprobe = uprobe_register(d_real_inode(tu->path.dentry), tu->offset,
				 tu->ref_ctr_offset, &tu->consumer);
	if (IS_ERR(uprobe)) {
		list_del_rcu(&link->list);
		synchronize_rcu();
		kfree(link);
		return PTR_ERR(uprobe);
	}
	tu->uprobe = uprobe;
	return 0;
}

static void uprobe_event_disable(struct trace_uprobe *tu,
				 struct trace_event_file *file)
{
	struct uprobe_file_link *link;

	list_for_each_entry(link, &tu->files, list)
		if (link->file == file)
			break;
	if (list_entry_is_head(link, &tu->files, list))
		return;
	list_del_rcu(&link->list);
	if (list_empty(&tu->files) && tu->uprobe) {
		uprobe_unregister_nosync(tu->uprobe, &tu->consumer);
		uprobe_unregister_sync();
		tu->uprobe = NULL;
	}
	/* The handlers of other files' hits may still be walking past @link. */
	synchronize_rcu();
	kfree(link);
}

static int uprobe_event_reg(struct trace_event_call *call,
			    enum trace_reg type, void *data)
{
	struct trace_uprobe *tu = call->data;

	switch (type) {
	case TRACE_REG_REGISTER:
		return uprobe_event_enable(tu, data);
	case TRACE_REG_UNREGISTER:
		uprobe_event_disable(tu, data);
		return 0;
	default:
		return -EOPNOTSUPP;
	}
}

static int uprobe_event_raw_init(struct trace_event_call *call)
{
	return register_trace_event(&call->event) ? 0 : -ENODEV;
}

/* --- creation and removal --------------------------------------------------- */

/* Frees @tu, whose event is not registered. */
static void trace_uprobe_free(struct trace_uprobe *tu)
{
	int i;

	for (i = 0; i < tu->nargs; i++)
		probe_arg_free(&tu->args[i]);
	if (tu->path.dentry)
		path_put(&tu->path);
	free_percpu(tu->nhit);
	kfree(tu->filename);
	kfree(tu->call.print_fmt);
	kfree(tu->call.name);
	kfree(tu->group);
	kfree(tu);
}

static struct trace_uprobe *trace_uprobe_find(const char *group,
					      const char *event)
{
	struct trace_uprobe *tu;

	list_for_each_entry(tu, &uprobe_event_list, list)
		if (!strcmp(tu->call.name, event) &&
		    (!group || !strcmp(tu->group, group)))
			return tu;
	return NULL;
}

/* Do @a and @b probe the same instruction of the same file? */
static bool trace_uprobe_same_place(struct trace_uprobe *a,
				    struct trace_uprobe *b)
{
	return d_real_inode(a->path.dentry) == d_real_inode(b->path.dentry) &&
	       a->offset == b->offset;
}

/*
 * A definition named as the uprobe event @old: say why it is refused.
 * Several probes under one uprobe event name are not supported, so even
 * one of the same kind and arguments at another place is.
 */
static int trace_uprobe_refuse_same_name(struct trace_uprobe *old,
					 struct trace_uprobe *tu,
					 struct probe_log *log)
{
	enum probe_err err = PROBE_ERR_EVENT_EXIST;
	int i;

	log->index = 0;
	for (i = 0; i < old->nargs || i < tu->nargs; i++) {
		if (i < old->nargs && i < tu->nargs &&
		    !strcmp(old->args[i].name, tu->args[i].name) &&
		    !strcmp(old->args[i].type, tu->args[i].type))
			continue;
		log->index = i + 2;
		err = PROBE_ERR_DIFF_ARG_TYPE;
		break;
	}
	if (old->is_return != tu->is_return) {
		log->index = 0;
		err = PROBE_ERR_DIFF_PROBE_TYPE;
	} else if (err == PROBE_ERR_EVENT_EXIST &&
		   trace_uprobe_same_place(old, tu)) {
		err = PROBE_ERR_SAME_PROBE;
	}
	probe_log_err(log, 0, err);
	return -EEXIST;
}

/*
 * Register @tu's event; its uprobe is registered when the event is
 * enabled.  kernel/events/uprobes.c takes one reference counter per
 * probed instruction, so a second one is refused here.
 */
static int trace_uprobe_add(struct trace_uprobe *tu, struct probe_log *log)
{
	struct trace_uprobe *old;
	int ret;

	guard(mutex)(&uprobe_event_mutex);
	list_for_each_entry(old, &uprobe_event_list, list) {
		if (trace_uprobe_same_place(old, tu) &&
		    old->ref_ctr_offset != tu->ref_ctr_offset) {
			pr_warn("trace_uprobe: reference counter offset mismatch\n");
			return -EINVAL;
		}
	}
	old = trace_uprobe_find(tu->group, tu->call.name);
	if (old)
		return trace_uprobe_refuse_same_name(old, tu, log);
	if (probe_event_exists(tu->group, tu->call.name)) {
		log->index = 0;
		probe_log_err(log, 0, PROBE_ERR_EVENT_EXIST);
		return -EEXIST;
	}
	tu->call.class = &tu->class;
	tu->call.event.funcs = &uprobe_event_funcs;
	tu->call.flags = TRACE_EVENT_FL_UPROBE | TRACE_EVENT_FL_DYNAMIC;
	tu->call.data = tu;
	tu->class.system = tu->group;
	tu->class.reg = uprobe_event_reg;
	tu->class.raw_init = uprobe_event_raw_init;
	tu->class.fields_array = uprobe_fields_array;
	INIT_LIST_HEAD(&tu->class.fields);
	ret = trace_add_event_call(&tu->call);
	if (ret)
		return ret;
	list_add_tail(&tu->list, &uprobe_event_list);
	return 0;
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
		tu->is_return = true;
	}
	if (kstrtoul(place, 0, &tu->offset))
		return probe_log_err(log, place - word,
				     PROBE_ERR_BAD_UPROBE_OFFS);
	return 0;
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
	ret = kern_path(word, LOOKUP_FOLLOW, &tu->path);
	if (ret) {
		probe_log_err(log, 0, PROBE_ERR_FILE_NOT_FOUND);
		goto out;
	}
	if (!d_is_reg(tu->path.dentry)) {
		ret = probe_log_err(log, 0, PROBE_ERR_NO_REGULAR_FILE);
		goto out;
	}
	tu->filename = kstrdup(word, GFP_KERNEL);
	ret = tu->filename ? uprobe_parse_offset(tu, word, colon + 1, log) :
			     -ENOMEM;
out:
	kfree(word);
	return ret;
}

/* "p_<file name up to its first '.', '-' or '_'>_0x<offset>". */
static char *uprobe_default_name(struct trace_uprobe *tu)
{
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
	int i, ret;

	if (!uprobe_is_definition(argc, argv))
		return -ECANCELED;
	if (argc - 2 > PROBE_MAX_ARGS)
		return -E2BIG;
	tu = kzalloc(struct_size(tu, args, argc - 2), GFP_KERNEL);
	if (!tu)
		return -ENOMEM;
	INIT_LIST_HEAD(&tu->files);
	tu->is_return = head[0] == 'r';
	tu->nhit = alloc_percpu(unsigned long);
	if (!tu->nhit) {
		kfree(tu);
		return -ENOMEM;
	}
	probe_log_init(&log, "trace_uprobe", argc, argv);

	log.index = 1;
	ret = uprobe_parse_place(tu, argv[1], &log);
	log.index = 0;
	/* "p:NAME"; there is no maxactive: "r10:NAME" is "r" unnamed. */
	if (!ret && head[1] == ':')
		ret = probe_parse_event_name(head + 2, 2, &group, &event, &log);
	if (ret)
		goto fail;
	tu->consumer.handler = tu->is_return ? NULL : uprobe_event_hit;
	tu->consumer.ret_handler = tu->is_return ? uretprobe_event_hit : NULL;
	tu->group = group ?: kstrdup(UPROBE_DEFAULT_GROUP, GFP_KERNEL);
	tu->call.name = event ?: uprobe_default_name(tu);
	group = NULL;
	event = NULL;
	if (!tu->group || !tu->call.name) {
		ret = -ENOMEM;
		goto fail;
	}

	flags = PROBE_CTX_USER | (tu->is_return ? PROBE_CTX_RETURN : 0);
	for (i = 0; i < argc - 2; i++, tu->nargs++) {
		log.index = i + 2;
		ret = probe_arg_parse(tu->args, i, argv[i + 2], flags, &log);
		if (ret)
			goto fail;
	}
	tu->fixed = probe_args_layout(tu->args, tu->nargs, tu->is_return ?
				      sizeof(struct uretprobe_rec) :
				      sizeof(struct uprobe_rec));
	tu->call.print_fmt = probe_print_fmt(tu->args, tu->nargs,
					     tu->is_return);
	if (!tu->call.print_fmt) {
		ret = -ENOMEM;
		goto fail;
	}

	ret = trace_uprobe_add(tu, &log);
	if (!ret) {
		probe_log_free(&log);
		return 0;
	}
fail:
	probe_log_free(&log);
	kfree(group);
	kfree(event);
	trace_uprobe_free(tu);
	return ret;
}

static int trace_uprobe_remove(struct trace_uprobe *tu)
{
	int ret;

	if (!list_empty(&tu->files) || trace_event_dyn_busy(&tu->call))
		return -EBUSY;
	ret = trace_remove_event_call(&tu->call);
	if (ret)
		return ret;
	list_del(&tu->list);
	trace_uprobe_free(tu);
	return 0;
}

/* "PATH:0x<offset, zero-padded>[(0x<ref_ctr_offset>)]": the place shown. */
static void uprobe_place(struct trace_uprobe *tu, char *buf, size_t size)
{
	int n = snprintf(buf, size, "%s:0x%0*lx", tu->filename,
			 (int)(sizeof(void *) * 2), tu->offset);

	if (tu->ref_ctr_offset && n < size)
		snprintf(buf + n, size - n, "(0x%lx)", tu->ref_ctr_offset);
}

/* Does "PLACE [ARG...]" of a removal describe @tu? */
static bool trace_uprobe_match(struct trace_uprobe *tu, int argc, char **argv)
{
	struct probe_arg *a;
	size_t len;
	char *place;
	bool match;
	int i;

	len = strlen(tu->filename) + 64;
	place = kmalloc(len, GFP_KERNEL);
	if (!place)
		return false;
	uprobe_place(tu, place, len);
	match = !strcmp(argv[0], place) && argc - 1 <= tu->nargs;
	kfree(place);
	for (i = 1; match && i < argc; i++) {
		a = &tu->args[i - 1];
		match = !strcmp(argv[i], a->comm) ||
			(str_has_prefix(argv[i], a->name) &&
			 argv[i][strlen(a->name)] == '=' &&
			 !strcmp(argv[i] + strlen(a->name) + 1, a->comm));
	}
	return match;
}

/*
 * "-:[GRP/]EVENT [PLACE [ARG...]]": the event, if PLACE and the
 * arguments (when given) describe it; "-:GRP/" (an empty @event) removes
 * every event of the group.
 */
static int trace_uprobe_delete(const struct dyn_event_kind *kind,
			       const char *group, const char *event, int argc,
			       char **argv)
{
	struct trace_uprobe *tu, *next;
	int ret = -ENOENT;

	guard(mutex)(&uprobe_event_mutex);
	if (*event) {
		tu = trace_uprobe_find(group, event);
		if (!tu || (argc && !trace_uprobe_match(tu, argc, argv)))
			return -ENOENT;
		return trace_uprobe_remove(tu);
	}
	if (!group || argc)
		return -EINVAL;
	list_for_each_entry_safe(tu, next, &uprobe_event_list, list) {
		if (strcmp(tu->group, group))
			continue;
		ret = trace_uprobe_remove(tu);
		if (ret)
			return ret;
	}
	return ret;
}

static int trace_uprobe_delete_all(const struct dyn_event_kind *kind)
{
	struct trace_uprobe *tu, *next;

	guard(mutex)(&uprobe_event_mutex);
	list_for_each_entry(tu, &uprobe_event_list, list)
		if (!list_empty(&tu->files) || trace_event_dyn_busy(&tu->call))
			return -EBUSY;
	list_for_each_entry_safe(tu, next, &uprobe_event_list, list)
		if (trace_uprobe_remove(tu))
			return -EBUSY;
	return 0;
}

static void trace_uprobe_show(struct seq_file *m, struct trace_uprobe *tu)
{
	int i;

	seq_printf(m, "%c:%s/%s %s:0x%0*lx", tu->is_return ? 'r' : 'p',
		   tu->group, tu->call.name, tu->filename,
		   (int)(sizeof(void *) * 2), tu->offset);
	if (tu->ref_ctr_offset)
		seq_printf(m, "(0x%lx)", tu->ref_ctr_offset);
	for (i = 0; i < tu->nargs; i++)
		seq_printf(m, " %s=%s", tu->args[i].name, tu->args[i].comm);
	seq_putc(m, '\n');
}

static void trace_uprobe_show_all(const struct dyn_event_kind *kind,
				  struct seq_file *m)
{
	struct trace_uprobe *tu;

	guard(mutex)(&uprobe_event_mutex);
	list_for_each_entry(tu, &uprobe_event_list, list)
		trace_uprobe_show(m, tu);
}

static struct dyn_event_kind uprobe_kind = {
	.create = trace_uprobe_create,
	.delete = trace_uprobe_delete,
	.delete_all = trace_uprobe_delete_all,
	.show_all = trace_uprobe_show_all,
};

/* --- uprobe_events and uprobe_profile ----------------------------------------- */

static int uprobe_events_open(struct inode *inode, struct file *file)
{
	return dyn_event_open(inode, file, &uprobe_kind);
}

static ssize_t uprobe_events_write(struct file *file, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	return dyn_event_write(file, ubuf, cnt, ppos, &uprobe_kind);
}

static const struct file_operations uprobe_events_fops = {
	.open		= uprobe_events_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
	.write		= uprobe_events_write,
};

/* One line per event: its file, its name and its hits. */
static int uprobe_profile_show(struct seq_file *m, void *v)
{
	struct trace_uprobe *tu;
	unsigned long hits;
	int cpu;

	guard(mutex)(&uprobe_event_mutex);
	list_for_each_entry(tu, &uprobe_event_list, list) {
		hits = 0;
		for_each_possible_cpu(cpu)
			hits += *per_cpu_ptr(tu->nhit, cpu);
		seq_printf(m, "  %s %-44s %15lu\n", tu->filename,
			   tu->call.name, hits);
	}
	return 0;
}

static int uprobe_profile_open(struct inode *inode, struct file *file)
{
	int ret = security_locked_down(LOCKDOWN_TRACEFS);

	return ret ?: single_open(file, uprobe_profile_show, NULL);
}

static const struct file_operations uprobe_profile_fops = {
	.open		= uprobe_profile_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
};

#ifdef CONFIG_PERF_EVENTS
/*
 * The "uprobe" PMU (perf_event_open() of a uprobe without uprobe_events)
 * is not offered yet: opening one fails, so perf_uprobe_destroy() is
 * never reached.  perf record -e uprobes:EVENT is not offered either
 * (uprobe_event_reg() refuses the perf registrations).
 */
int perf_uprobe_init(struct perf_event *event, unsigned long ref_ctr_offset,
		     bool is_retprobe)
{
	return -EOPNOTSUPP;
}

void perf_uprobe_destroy(struct perf_event *event)
{
}
#endif

static __init int uprobe_events_init(void)
{
	int ret = dyn_event_register(&uprobe_kind);

	if (ret)
		return ret;
	trace_create_file("uprobe_events", TRACE_MODE_WRITE, NULL, NULL,
			  &uprobe_events_fops);
	trace_create_file("uprobe_profile", TRACE_MODE_READ, NULL, NULL,
			  &uprobe_profile_fops);
	return 0;
}
device_initcall(uprobe_events_init);
