// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * trace_marker and trace_marker_raw: user space writes into the trace.
 *
 * A write to trace_marker becomes one TRACE_PRINT record, shown as
 *
 *        <comm>-<pid> [cpu] ..... <time>: tracing_mark_write: <text>
 *
 * (the function name is the record's ip: this file's write handler).  A
 * newline is added unless the text ends with one.  A write longer than a
 * record can hold is cut where the record is full and the write returns
 * the bytes taken, so a writer that retries the rest gets it recorded as
 * the following records.  trace_marker_raw records binary data after a
 * 4-byte tag (TRACE_RAW_DATA); it is all or nothing.
 *
 * The copy from user space is attempted inside the ring buffer
 * reservation, without faulting.  If the user's memory is not resident
 * the reservation is given back, the data is copied the slow way, and
 * the record reserved again.
 */

#include <linux/uaccess.h>
#include <linux/slab.h>

#include "trace.h"

/* The largest trace_marker write taken at once. */
#define TRACE_MARKER_MAX_SIZE	4096

/* Written instead of data that could not be read from user space. */
#define FAULTED_STR		"<faulted>"
#define FAULTED_SIZE		(sizeof(FAULTED_STR) - 1)

/* How much of a @cnt-byte write one record of @buffer takes. */
static size_t marker_fit(struct trace_buffer *buffer, size_t cnt)
{
	/* Header, added newline, NUL. */
	size_t meta = sizeof(struct print_entry) + 2;
	size_t max = ring_buffer_max_event_size(buffer);

	if (max <= meta + FAULTED_SIZE)
		return 0;
	return min(cnt, max - meta);
}

/*
 * Fire the triggers of @tr's events/ftrace/print on the record @entry,
 * before it is committed.  Return: the ones to fire after the commit.
 */
static unsigned long marker_triggers_call(struct trace_array *tr,
					  struct print_entry *entry)
{
#ifdef CONFIG_EVENT_TRACING
	/*
	 * marker is set and cleared under event_mutex by trace_events.c
	 * (event_file_add(), event_file_remove()) while trace_marker is
	 * written on any CPU.  The flags are reached through the pointer
	 * (address dependency), which pairs with the smp_store_release()
	 * in event_file_add(), and flipped atomically by event_mutex
	 * holders.
	 */
	struct trace_event_file *file = READ_ONCE(tr->events.marker);

	if (file && (READ_ONCE(file->flags) & EVENT_FILE_FL_TRIGGER_MODE))
		return trace_event_triggers_call(file, entry, 0);
#endif
	return 0;
}

/* Fire what marker_triggers_call() left for after the commit. */
static void marker_triggers_post_call(struct trace_array *tr,
				      unsigned long post)
{
#ifdef CONFIG_EVENT_TRACING
	trace_event_triggers_post_call_sleepable(tr->events.marker, post,
						 _RET_IP_);
#endif
}

/*
 * Write one TRACE_PRINT record of @cnt bytes.  @data, if not NULL, is a
 * kernel copy of the text; otherwise it is read from @ubuf without
 * faulting.  Return: 0, -EFAULT when @ubuf could not be read without
 * faulting (nothing was recorded), or -EBADF when the buffer takes no
 * records.
 */
static int marker_record(struct trace_array *tr, const char __user *ubuf,
			 const char *data, size_t cnt, unsigned long ip)
{
	struct trace_buffer *buffer = tr->buffer;
	struct ring_buffer_event *event;
	struct print_entry *entry;
	unsigned long post;
	size_t size;

	size = sizeof(*entry) + max(cnt, FAULTED_SIZE) + 2;
	event = trace_buffer_reserve(buffer, TRACE_PRINT, size,
				     tracing_gen_ctx());
	if (!event)
		return -EBADF;

	entry = ring_buffer_event_data(event);
	entry->ip = ip;
	if (data) {
		memcpy(entry->buf, data, cnt);
	} else if (copy_from_user_nofault(entry->buf, ubuf, cnt)) {
		ring_buffer_discard_commit(buffer, event);
		return -EFAULT;
	}
	/*
	 * Triggers (their filters: buf == "start") see the text as it was
	 * written; the newline the trace shows is added after them.
	 */
	entry->buf[cnt] = '\0';
	post = marker_triggers_call(tr, entry);
	if (!cnt || entry->buf[cnt - 1] != '\n')
		entry->buf[cnt++] = '\n';
	entry->buf[cnt] = '\0';

	trace_exports_send(event, TRACE_EXPORT_MARKER);
	trace_buffer_commit(buffer);
	if (post)
		marker_triggers_post_call(tr, post);
	return 0;
}

/* The record of a write whose data cannot be read at all. */
static void marker_record_faulted(struct trace_array *tr, unsigned long ip)
{
	marker_record(tr, NULL, FAULTED_STR, FAULTED_SIZE, ip);
}

static ssize_t tracing_mark_write(struct file *filp, const char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	unsigned long ip = _THIS_IP_;
	char *copy;
	int ret;

	if (tracing_disabled || !tr->buffer)
		return -EINVAL;
	/* option bits: trace_set_opt() flips them under trace_types_lock */
	if (!(READ_ONCE(tr->flags) & TRACE_OPT(MARKERS)))
		return -EINVAL;
	if ((ssize_t)cnt < 0)
		return -EINVAL;

	cnt = marker_fit(tr->buffer, min_t(size_t, cnt, TRACE_MARKER_MAX_SIZE));
	if (!cnt)
		return -EINVAL;

	ret = marker_record(tr, ubuf, NULL, cnt, ip);
	if (ret == -EFAULT) {
		/* Not resident: fault it in outside the reservation. */
		copy = memdup_user(ubuf, cnt);
		if (IS_ERR(copy)) {
			marker_record_faulted(tr, ip);
			return PTR_ERR(copy);
		}
		ret = marker_record(tr, NULL, copy, cnt, ip);
		kfree(copy);
	}
	if (ret)
		return ret;

	trace_save_current_taskinfo();
	return cnt;
}

static ssize_t tracing_mark_raw_write(struct file *filp,
				      const char __user *ubuf,
				      size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	struct trace_buffer *buffer = tr->buffer;
	struct ring_buffer_event *event;
	struct raw_data_entry *entry;
	void *copy = NULL;
	size_t size;

	if (tracing_disabled || !buffer)
		return -EINVAL;
	/* as in tracing_mark_write() */
	if (!(READ_ONCE(tr->flags) & TRACE_OPT(MARKERS)))
		return -EINVAL;
	/* At least the tag. */
	if (cnt < sizeof(entry->id))
		return -EINVAL;
	size = offsetof(struct raw_data_entry, id) +
	       max(cnt, sizeof(entry->id) + FAULTED_SIZE);
	if (size > ring_buffer_max_event_size(buffer))
		return -EINVAL;

again:
	event = trace_buffer_reserve(buffer, TRACE_RAW_DATA, size,
				     tracing_gen_ctx());
	if (!event) {
		kfree(copy);
		return -EBADF;
	}
	entry = ring_buffer_event_data(event);
	if (copy) {
		memcpy(&entry->id, copy, cnt);
		kfree(copy);
	} else if (copy_from_user_nofault(&entry->id, ubuf, cnt)) {
		ring_buffer_discard_commit(buffer, event);
		copy = memdup_user(ubuf, cnt);
		if (!IS_ERR(copy))
			goto again;
		/* Unreadable: record the tag -1 and the faulted mark. */
		event = trace_buffer_reserve(buffer, TRACE_RAW_DATA, size,
					     tracing_gen_ctx());
		if (event) {
			entry = ring_buffer_event_data(event);
			entry->id = -1;
			memcpy(entry->buf, FAULTED_STR, FAULTED_SIZE);
			trace_buffer_commit(buffer);
		}
		return PTR_ERR(copy);
	}
	trace_buffer_commit(buffer);

	trace_save_current_taskinfo();
	return cnt;
}

static const struct file_operations tracing_mark_fops = {
	.open		= tracing_open_file_tr,
	.write		= tracing_mark_write,
	.release	= tracing_release_file_tr,
	.llseek		= generic_file_llseek,
};

static const struct file_operations tracing_mark_raw_fops = {
	.open		= tracing_open_file_tr,
	.write		= tracing_mark_raw_write,
	.release	= tracing_release_file_tr,
	.llseek		= generic_file_llseek,
};

/**
 * trace_marker_create_files - create trace_marker and trace_marker_raw
 * @tr:     the instance
 * @parent: its directory
 */
void trace_marker_create_files(struct trace_array *tr, struct dentry *parent)
{
	/* Anyone in the group may annotate the trace. */
	trace_create_file("trace_marker", 0220, parent, tr, &tracing_mark_fops);
	trace_create_file("trace_marker_raw", 0220, parent, tr,
			  &tracing_mark_raw_fops);
}
