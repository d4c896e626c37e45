// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Synthetic events (trace_synth.h): their event callbacks, records and
 * output, creation and removal through synthetic_events and the "s:"
 * commands of dynamic_events.
 *
 * Locking: synth_mutex serializes creation and removal; it is taken
 * before trace_types_lock and event_mutex (trace_add_event_call()).
 * synth_list_mutex protects synth_events and each event's ->ref; it
 * nests inside event_mutex (hist triggers take references while they
 * are parsed) and is never held across the event core's calls.
 */
#include <linux/rculist.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace.h"
#include "trace_dynevent.h"
#include "trace_synth.h"

#define SYNTH_CMD_MAX	4096

static DEFINE_MUTEX(synth_mutex);
static DEFINE_MUTEX(synth_list_mutex);
static LIST_HEAD(synth_events);

/**
 * struct synth_file - an event file (instance) recording a synthetic event
 * @list: on the event's ->files (RCU; event_mutex)
 * @file: the file
 */
struct synth_file {
	struct list_head	list;
	struct trace_event_file	*file;
};

/* synth_list_mutex held. */
static struct synth_event *synth_find_locked(const char *name)
{
	struct synth_event *se;

	list_for_each_entry(se, &synth_events, list)
		if (!strcmp(se->call.name, name))
			return se;
	return NULL;
}

/**
 * synth_event_find() - look up a synthetic event by name
 * @name: its name
 *
 * Return: the event, or NULL.  It stays while the caller holds
 * synth_mutex, or a reference taken with synth_event_get().
 */
struct synth_event *synth_event_find(const char *name)
{
	guard(mutex)(&synth_list_mutex);
	return synth_find_locked(name);
}

/**
 * synth_event_get() - look up a synthetic event and hold it
 * @name: its name
 *
 * Return: the event, which cannot be removed until synth_event_put(),
 * or NULL.
 */
struct synth_event *synth_event_get(const char *name)
{
	struct synth_event *se;

	guard(mutex)(&synth_list_mutex);
	se = synth_find_locked(name);
	if (se)
		se->ref++;
	return se;
}

/**
 * synth_event_put() - drop a reference from synth_event_get()
 * @se: the event
 */
void synth_event_put(struct synth_event *se)
{
	guard(mutex)(&synth_list_mutex);
	se->ref--;
}

/* --- records ------------------------------------------------------------ */

/**
 * synth_dyn_len() - bytes a field's value takes after the fixed part
 * @f: the field
 * @v: its value
 *
 * Return: the length of a char[] or unsigned long[] field's data, else 0.
 */
unsigned int synth_dyn_len(const struct synth_field *f,
			   const union synth_val *v)
{
	unsigned int n;

	if (f->kind == SYNTH_DSTR)
		return v->str ? strnlen(v->str, SYNTH_STR_MAX - 1) + 1 : 1;
	if (f->kind != SYNTH_STACK || !v->stack)
		return 0;
	for (n = 0; n < SYNTH_STACK_MAX && v->stack[n]; n++)
		;
	return n * sizeof(long);
}

static void synth_store_num(void *slot, unsigned int size, u64 val)
{
	switch (size) {
	case 1:
		*(u8 *)slot = val;
		break;
	case 2:
		*(u16 *)slot = val;
		break;
	case 4:
		*(u32 *)slot = val;
		break;
	default:
		*(u64 *)slot = val;
	}
}

/**
 * synth_fill_field() - store one field's value in a record
 * @f: the field
 * @rec: the record, synth_dyn_len() bytes of room at @rec + *@data
 *	when @f is a char[] or unsigned long[]
 * @v: the value
 * @data: where the next dynamic data goes; advanced past @f's
 */
void synth_fill_field(const struct synth_field *f, void *rec,
		      const union synth_val *v, unsigned int *data)
{
	unsigned int len;

	switch (f->kind) {
	case SYNTH_NUM:
		synth_store_num(rec + f->offset, f->size, v->num);
		break;
	case SYNTH_STR:
		strscpy_pad(rec + f->offset, v->str ?: "", f->size);
		break;
	case SYNTH_DSTR:
	case SYNTH_STACK:
		len = synth_dyn_len(f, v);
		*(u32 *)(rec + f->offset) = len << 16 | *data;
		if (f->kind == SYNTH_DSTR)
			strscpy(rec + *data, v->str ?: "", len);
		else
			memcpy(rec + *data, v->stack, len);
		*data += len;
		break;
	}
}

/* Fill in @rec's fields; their dynamic data goes from @rec + @data on. */
static void synth_fill(const struct synth_event *se, void *rec,
		       const union synth_val *vals, unsigned int data)
{
	unsigned int i;

	for (i = 0; i < se->n_fields; i++)
		synth_fill_field(&se->fields[i], rec, &vals[i], &data);
}

/**
 * synth_event_emit() - write a record of @se into each file recording it
 * @se: the event, held by the caller
 * @vals: one value per field of @se, in order
 *
 * Context: any context the event's triggers may run in; takes no locks.
 */
void synth_event_emit(struct synth_event *se, const union synth_val *vals)
{
	/* trace_event_buffer_reserve() sets every field: no zeroing */
	struct trace_event_buffer fbuf __uninitialized;
	unsigned int i, dsize = 0;
	struct trace_buffer *buffer;
	struct synth_file *link;
	void *rec;

	for (i = 0; i < se->n_fields; i++)
		dsize += synth_dyn_len(&se->fields[i], &vals[i]);
	rcu_read_lock();
	list_for_each_entry_rcu(link, &se->files, list) {
		buffer = link->file->tr->buffer;
		if (trace_trigger_soft_disabled(link->file))
			continue;
		/* Emitted from another event's trigger, maybe mid-write. */
		ring_buffer_nest_start(buffer);
		rec = trace_event_buffer_reserve(&fbuf, link->file,
						 se->fixed + dsize);
		if (rec) {
			synth_fill(se, rec, vals, se->fixed);
			trace_event_buffer_commit(&fbuf);
		}
		ring_buffer_nest_end(buffer);
	}
	rcu_read_unlock();
}

/* --- the event ---------------------------------------------------------- */

static const char *synth_fmt(const struct synth_field *f)
{
	if (f->kind != SYNTH_NUM)
		return "%s";
	if (!strcmp(f->type, "gfp_t"))
		return "%x";
	switch (f->size) {
	case 8:
		if (!strcmp(f->type, "long"))
			return "%ld";
		if (!strcmp(f->type, "unsigned long"))
			return "%lu";
		return f->is_signed ? "%lld" : "%llu";
	default:
		return f->is_signed ? "%d" : "%u";
	}
}

static s64 synth_load_num(const struct synth_field *f, const void *slot)
{
	switch (f->size) {
	case 1:
		return f->is_signed ? *(s8 *)slot : *(u8 *)slot;
	case 2:
		return f->is_signed ? *(s16 *)slot : *(u16 *)slot;
	case 4:
		return f->is_signed ? *(s32 *)slot : *(u32 *)slot;
	default:
		return *(s64 *)slot;
	}
}

static void synth_print_field(struct trace_seq *s, const struct synth_field *f,
			      void *rec)
{
	u32 loc = *(u32 *)(rec + f->offset);
	const unsigned long *frame;
	unsigned int i;

	switch (f->kind) {
	case SYNTH_NUM:
		if (f->is_signed)
			trace_seq_printf(s, "%s=%lld", f->name,
					 synth_load_num(f, rec + f->offset));
		else
			trace_seq_printf(s, "%s=%llu", f->name,
					 (u64)synth_load_num(f, rec + f->offset));
		break;
	case SYNTH_STR:
		trace_seq_printf(s, "%s=%.*s", f->name, f->size,
				 (char *)rec + f->offset);
		break;
	case SYNTH_DSTR:
		trace_seq_printf(s, "%s=%s", f->name, (char *)rec + (loc & 0xffff));
		break;
	case SYNTH_STACK:
		trace_seq_printf(s, "%s=STACK:\n", f->name);
		frame = rec + (loc & 0xffff);
		for (i = 0; i < (loc >> 16) / sizeof(long); i++)
			trace_seq_printf(s, "=> %pS\n", (void *)frame[i]);
		break;
	}
}

static enum print_line_t synth_event_print(struct trace_iterator *iter,
					   int flags, struct trace_event *event)
{
	struct synth_event *se = container_of(event, struct synth_event,
					      call.event);
	struct trace_seq *s = &iter->seq;
	unsigned int i;

	trace_seq_printf(s, "%s: ", se->call.name);
	for (i = 0; i < se->n_fields; i++) {
		if (i)
			trace_seq_putc(s, ' ');
		synth_print_field(s, &se->fields[i], iter->ent);
	}
	if (!se->n_fields ||
	    se->fields[se->n_fields - 1].kind != SYNTH_STACK)
		trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

static struct trace_event_functions synth_event_funcs = {
	.trace = synth_event_print,
};

/**
 * synth_event_of() - the synthetic event behind an event
 * @call: any event
 *
 * Return: its synthetic event, or NULL when @call is not one.
 */
struct synth_event *synth_event_of(struct trace_event_call *call)
{
	if (call->event.funcs != &synth_event_funcs)
		return NULL;
	return call->data;
}

static int synth_define_fields(struct trace_event_call *call)
{
	struct synth_event *se = call->data;
	const struct synth_field *f;
	unsigned int i;
	int ret;

	/* The event's fields keep the type and name strings. */
	for (i = 0; i < se->n_fields; i++) {
		f = &se->fields[i];
		ret = trace_define_field(call, f->ftype ?: f->type, f->name,
					 f->offset, f->size, f->is_signed,
					 f->kind == SYNTH_STACK ?
					 FILTER_STACKTRACE : FILTER_OTHER);
		if (ret)
			return ret;
	}
	return 0;
}

static struct trace_event_fields synth_fields_array[] = {
	{ .type = TRACE_FUNCTION_TYPE, .define_fields = synth_define_fields },
	{}
};

/* "\"lat=%llu, name=%s\", REC->lat, __get_str(name)", kmalloc()ed. */
static char *synth_print_fmt(const struct synth_event *se)
{
	const struct synth_field *f;
	struct seq_buf sb;
	unsigned int i;
	char *buf;

	buf = kmalloc(PAGE_SIZE, GFP_KERNEL);
	if (!buf)
		return NULL;
	seq_buf_init(&sb, buf, PAGE_SIZE);
	seq_buf_putc(&sb, '"');
	for (i = 0; i < se->n_fields; i++)
		seq_buf_printf(&sb, "%s%s=%s", i ? ", " : "",
			       se->fields[i].name, synth_fmt(&se->fields[i]));
	seq_buf_putc(&sb, '"');
	for (i = 0; i < se->n_fields; i++) {
		f = &se->fields[i];
		if (f->kind == SYNTH_DSTR)
			seq_buf_printf(&sb, ", __get_str(%s)", f->name);
		else if (f->kind == SYNTH_STACK)
			seq_buf_printf(&sb, ", __get_stacktrace(%s)", f->name);
		else
			seq_buf_printf(&sb, ", REC->%s", f->name);
	}
	if (seq_buf_has_overflowed(&sb)) {
		kfree(buf);
		return NULL;
	}
	seq_buf_str(&sb);
	return buf;
}

/* Record into @file as well; called by the event core under event_mutex. */
static int synth_event_enable(struct synth_event *se,
			      struct trace_event_file *file)
{
	struct synth_file *link = kzalloc(sizeof(*link), GFP_KERNEL);

	if (!link)
		return -ENOMEM;
	link->file = file;
	list_add_tail_rcu(&link->list, &se->files);
	return 0;
}

static void synth_event_disable(struct synth_event *se,
				struct trace_event_file *file)
{
	struct synth_file *link;

	list_for_each_entry(link, &se->files, list) {
		if (link->file != file)
			continue;
		list_del_rcu(&link->list);
		/* synth_event_emit() may still be walking past @link. */
		synchronize_rcu();
		kfree(link);
		return;
	}
}

/* perf's registrations are refused: no perf side for synthetic events. */
static int synth_event_reg(struct trace_event_call *call,
			   enum trace_reg type, void *data)
{
	switch (type) {
	case TRACE_REG_REGISTER:
		return synth_event_enable(call->data, data);
	case TRACE_REG_UNREGISTER:
		synth_event_disable(call->data, data);
		return 0;
	default:
		return -EOPNOTSUPP;
	}
}

static int synth_event_raw_init(struct trace_event_call *call)
{
	return register_trace_event(&call->event) ? 0 : -ENODEV;
}

/* Register @se and list it.  synth_mutex held. */
static int synth_event_add(struct synth_event *se)
{
	int ret;

	se->call.print_fmt = synth_print_fmt(se);
	if (!se->call.print_fmt)
		return -ENOMEM;
	se->call.class = &se->class;
	se->call.event.funcs = &synth_event_funcs;
	se->call.flags = TRACE_EVENT_FL_DYNAMIC;
	se->call.data = se;
	se->class.system = SYNTH_SYSTEM;
	se->class.reg = synth_event_reg;
	se->class.raw_init = synth_event_raw_init;
	se->class.fields_array = synth_fields_array;
	INIT_LIST_HEAD(&se->class.fields);
	ret = trace_add_event_call(&se->call);
	if (ret)
		return ret;
	guard(mutex)(&synth_list_mutex);
	se->seq = dyn_event_seq();
	list_add_tail(&se->list, &synth_events);
	return 0;
}

/* Unlist, unregister and free @se, or -EBUSY while in use.  synth_mutex. */
static int synth_event_remove(struct synth_event *se)
{
	int ret;

	scoped_guard(mutex, &synth_list_mutex) {
		if (se->ref || !list_empty(&se->files) ||
		    trace_event_dyn_busy(&se->call))
			return -EBUSY;
		list_del(&se->list);
	}
	ret = trace_remove_event_call(&se->call);
	if (ret) {
		guard(mutex)(&synth_list_mutex);
		list_add_tail(&se->list, &synth_events);
		return ret;
	}
	synth_event_free(se);
	return 0;
}

/* Remove every synthetic event, or none while one is in use. */
static int synth_events_remove_all(void)
{
	struct synth_event *se, *next;
	int ret;

	guard(mutex)(&synth_mutex);
	scoped_guard(mutex, &synth_list_mutex) {
		list_for_each_entry(se, &synth_events, list)
			if (se->ref || !list_empty(&se->files) ||
			    trace_event_dyn_busy(&se->call))
				return -EBUSY;
	}
	list_for_each_entry_safe(se, next, &synth_events, list) {
		ret = synth_event_remove(se);
		if (ret)
			return ret;
	}
	return 0;
}

/**
 * synth_event_remove_name() - remove a synthetic event by name
 * @name: its name
 *
 * Return: 0, -ENOENT when there is none, -EBUSY while it is in use.
 */
int synth_event_remove_name(const char *name)
{
	struct synth_event *se;

	guard(mutex)(&synth_mutex);
	se = synth_event_find(name);
	return se ? synth_event_remove(se) : -ENOENT;
}

/**
 * synth_event_define() - create a synthetic event from its definition
 * @cmd: "name type field[; type field]..."
 * @dyn: @cmd is in dynamic_events' "s:[synthetic/]name ..." form
 *
 * Return: 0, or -EINVAL (malformed; an error_log entry says where),
 * -EEXIST (the name is taken), -ENOMEM.
 */
int synth_event_define(const char *cmd, bool dyn)
{
	struct synth_event *se;
	int ret;

	guard(mutex)(&synth_mutex);
	se = synth_parse(cmd, dyn);
	if (IS_ERR(se))
		return PTR_ERR(se);
	ret = synth_event_add(se);
	if (ret)
		synth_event_free(se);
	return ret;
}

static void synth_event_show(struct seq_file *m, struct synth_event *se)
{
	unsigned int i;

	seq_printf(m, "%s\t", se->call.name);
	for (i = 0; i < se->n_fields; i++)
		seq_printf(m, "%s%s %s", i ? "; " : "", se->fields[i].type,
			   se->fields[i].name);
	seq_putc(m, '\n');
}

/* Show every event, each line after @prefix. */
static void synth_events_show(struct seq_file *m, const char *prefix)
{
	struct synth_event *se;

	guard(mutex)(&synth_list_mutex);
	list_for_each_entry(se, &synth_events, list) {
		seq_puts(m, prefix);
		synth_event_show(m, se);
	}
}

/* --- dynamic_events ----------------------------------------------------- */

/* "s:[synthetic/]name field[;field] ...", its words joined again. */
static int synth_dyn_create(int argc, char **argv)
{
	char *cmd;
	int i, ret;

	if (strncmp(argv[0], "s:", 2))
		return -ECANCELED;
	cmd = kstrdup(argv[0], GFP_KERNEL);
	for (i = 1; cmd && i < argc; i++) {
		char *more = kasprintf(GFP_KERNEL, "%s %s", cmd, argv[i]);

		kfree(cmd);
		cmd = more;
	}
	if (!cmd)
		return -ENOMEM;
	ret = synth_event_define(cmd, true);
	kfree(cmd);
	return ret;
}

static int synth_dyn_delete(const struct dyn_event_kind *kind,
			    const char *group, const char *event, int argc,
			    char **argv)
{
	if (group && strcmp(group, SYNTH_SYSTEM))
		return -ENOENT;
	if (!*event)
		return synth_events_remove_all();
	return synth_event_remove_name(event);
}

static int synth_dyn_delete_all(const struct dyn_event_kind *kind)
{
	return synth_events_remove_all();
}

static void synth_dyn_show_all(const struct dyn_event_kind *kind,
			       struct seq_file *m)
{
	synth_events_show(m, "s:" SYNTH_SYSTEM "/");
}

static u64 synth_dyn_show_after(const struct dyn_event_kind *kind,
				struct seq_file *m, u64 seq, bool print)
{
	struct synth_event *se, *first = NULL;

	guard(mutex)(&synth_list_mutex);
	list_for_each_entry(se, &synth_events, list)
		if (se->seq > seq && (!first || se->seq < first->seq))
			first = se;
	if (!first)
		return 0;
	if (print) {
		seq_puts(m, "s:" SYNTH_SYSTEM "/");
		synth_event_show(m, first);
	}
	return first->seq;
}

static struct dyn_event_kind synth_dyn_kind = {
	.create		= synth_dyn_create,
	.delete		= synth_dyn_delete,
	.delete_all	= synth_dyn_delete_all,
	.show_all	= synth_dyn_show_all,
	.show_after	= synth_dyn_show_after,
};

/* --- synthetic_events --------------------------------------------------- */

/* One line: "name field;...", "!name [...]", or nothing. */
static int synth_run_line(char *line)
{
	char *hash = strchr(line, '#');

	if (hash)
		*hash = '\0';
	line = strim(line);
	if (!*line)
		return 0;
	if (*line == '!')
		return synth_event_remove_name(strsep(&line, " \t") + 1);
	return synth_event_define(line, false);
}

static ssize_t synth_events_write(struct file *file, const char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	char *buf, *line, *next;
	int ret = 0;

	if (cnt > SYNTH_CMD_MAX)
		return -E2BIG;
	buf = memdup_user_nul(ubuf, cnt);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	for (next = buf; (line = strsep(&next, "\n")) && !ret; )
		ret = synth_run_line(line);
	kfree(buf);
	return tracing_write_done(ret, cnt, ppos);
}

static int synth_events_seq_show(struct seq_file *m, void *v)
{
	synth_events_show(m, "");
	return 0;
}

static int synth_events_open(struct inode *inode, struct file *file)
{
	int ret = security_locked_down(LOCKDOWN_TRACEFS);

	if (ret)
		return ret;
	if (tracing_open_truncates(file)) {
		ret = synth_events_remove_all();
		if (ret)
			return ret;
	}
	return single_open(file, synth_events_seq_show, NULL);
}

static const struct file_operations synth_events_fops = {
	.open		= synth_events_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
	.write		= synth_events_write,
};

static __init int synth_events_init(void)
{
	int ret = dyn_event_register(&synth_dyn_kind);

	if (ret)
		return ret;
	trace_create_file("synthetic_events", TRACE_MODE_WRITE, NULL, NULL,
			  &synth_events_fops);
	return 0;
}
device_initcall(synth_events_init);
