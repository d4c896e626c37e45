// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Reading a trace buffer:
 *   trace           a non-consuming, merged (by time stamp) view of every
 *                   CPU's ring, with a header; opening it with O_TRUNC
 *                   empties the buffer
 *   trace_pipe      the same records, consumed as they are read; blocks
 *                   while the buffer is empty
 *   trace_pipe_raw  whole sub-buffers in the ring buffer's binary format,
 *                   by read() or zero-copy splice(), or mapped read-only
 *                   into user space (mmap(), TRACE_MMAP_IOCTL_GET_READER)
 *   ftrace_dump()   the buffer printed on the console at an oops or on
 *                   sysrq-z, without sleeping or allocating
 * The per_cpu/cpuN/ versions show one CPU.  Records are formatted by
 * trace_output.c.
 */

#include <linux/ring_buffer.h>
#include <linux/seq_file.h>
#include <linux/notifier.h>
#include <linux/panic_notifier.h>
#include <linux/pipe_fs_i.h>
#include <linux/uaccess.h>
#include <linux/splice.h>
#include <linux/kdebug.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/nmi.h>
#include <linux/fs.h>

#include "trace.h"
#include "trace_latency.h"

/* --- walking the buffer ---------------------------------------------------- */

static bool trace_iter_has_cpu(struct trace_iterator *iter, int cpu)
{
	return iter->cpu_file == RING_BUFFER_ALL_CPUS || iter->cpu_file == cpu;
}

/* The next record of one CPU, without moving past it. */
static struct ring_buffer_event *trace_iter_peek(struct trace_iterator *iter,
						 int cpu, u64 *ts,
						 unsigned long *lost)
{
	*lost = 0;
	if (!iter->buffer_iter)
		return ring_buffer_peek(trace_iter_buffer(iter), cpu, ts, lost);
	if (!iter->buffer_iter[cpu] || !iter->walk_left[cpu])
		return NULL;
	return ring_buffer_iter_peek(iter->buffer_iter[cpu], ts);
}

/*
 * A non-consuming walk shows, per CPU, as many records as the ring held
 * when it began: writers that record faster than the reader prints
 * (function_graph of every function, the reader's own calls included)
 * cannot keep it going for ever.  Counting records rather than comparing
 * time stamps hides nothing recorded before the walk began, whatever
 * the clock (trace_clock local is not in step across CPUs).
 */
static void trace_iter_bound(struct trace_iterator *iter)
{
	struct trace_buffer *buffer = trace_iter_buffer(iter);
	int cpu;

	for_each_possible_cpu(cpu)
		iter->walk_left[cpu] = buffer && iter->buffer_iter[cpu] ?
			ring_buffer_entries_cpu(buffer, cpu) : 0;
}

/* Move a non-consuming walk past the record of @cpu it peeked. */
static void trace_iter_advance(struct trace_iterator *iter, int cpu)
{
	ring_buffer_iter_advance(iter->buffer_iter[cpu]);
	if (iter->walk_left[cpu])
		iter->walk_left[cpu]--;
}

/*
 * Keep a copy of @size bytes of @data in iter->temp; false if it does not
 * fit.  Readers run in process context and may grow iter->temp, the oops
 * dump has a fixed one.
 */
static bool trace_iter_copy(struct trace_iterator *iter, const void *data,
			    unsigned int size)
{
	if (size > iter->temp_size) {
		void *temp = NULL;

		if (!(iter->iter_flags & TRACE_FILE_DUMP))
			temp = krealloc(iter->temp, size, GFP_KERNEL);
		if (!temp)
			return false;
		iter->temp = temp;
		iter->temp_size = size;
	}
	memcpy(iter->temp, data, size);
	return true;
}

/*
 * A consuming reader sees only the oldest record of a CPU: to look past
 * iter->ent it takes the record out of the ring, keeping a copy that
 * stays current until trace_iter_consume() (iter->held).
 */
static struct ring_buffer_event *trace_iter_peek_past(struct trace_iterator *iter)
{
	struct trace_buffer *buffer = trace_iter_buffer(iter);
	struct ring_buffer_event *event;
	unsigned long lost;
	u64 ts;

	if (!iter->held) {
		if (!trace_iter_copy(iter, iter->ent, iter->ent_size))
			return NULL;
		iter->ent = iter->temp;
		ring_buffer_consume(buffer, iter->cpu, NULL, NULL);
		iter->held = true;
	}
	event = ring_buffer_peek(buffer, iter->cpu, &ts, &lost);
	return lost ? NULL : event;
}

/**
 * trace_iter_peek_cpu - the record after iter->ent on its CPU
 * @iter: a reader, positioned on a record
 *
 * For output that joins a record with the next one (function_graph's
 * leaves).  trace_iter_skip_cpu() then moves past it.
 *
 * Return: the record, or NULL.
 */
struct ring_buffer_event *trace_iter_peek_cpu(struct trace_iterator *iter)
{
	unsigned long lost;
	u64 ts;

	if (!iter->buffer_iter)
		return trace_iter_peek_past(iter);
	return trace_iter_peek(iter, iter->cpu, &ts, &lost);
}

/**
 * trace_iter_skip_cpu - move past the record trace_iter_peek_cpu() returned
 * @iter: the reader
 */
void trace_iter_skip_cpu(struct trace_iterator *iter)
{
	if (!iter->buffer_iter)
		ring_buffer_consume(trace_iter_buffer(iter), iter->cpu, NULL,
				    NULL);
	else
		trace_iter_advance(iter, iter->cpu);
}

/* The oldest record of the CPUs @iter covers, not moving past it. */
static struct ring_buffer_event *trace_iter_peek_oldest(struct trace_iterator *iter,
							int *best_cpu, u64 *best_ts,
							unsigned long *best_lost)
{
	struct ring_buffer_event *best = NULL;
	unsigned long lost;
	int cpu;
	u64 ts;

	for_each_possible_cpu(cpu) {
		struct ring_buffer_event *event;

		if (!trace_iter_has_cpu(iter, cpu))
			continue;
		event = trace_iter_peek(iter, cpu, &ts, &lost);
		if (event && (!best || ts < *best_ts)) {
			best = event;
			*best_ts = ts;
			*best_cpu = cpu;
			*best_lost = lost;
		}
	}
	return best;
}

/**
 * trace_iter_next_ts - the time stamp of the record after iter->ent
 * @iter: the reader, positioned on a record
 *
 * What the latency format measures the delay to.  A consuming reader
 * cannot look past the record it has not consumed yet: it gets the
 * record's own time stamp, as does the last record.
 *
 * Return: the time stamp.
 */
u64 trace_iter_next_ts(struct trace_iterator *iter)
{
	unsigned long lost;
	u64 ts = iter->ts;
	int cpu;

	if (!iter->buffer_iter || !trace_iter_peek_oldest(iter, &cpu, &ts, &lost))
		return iter->ts;
	return ts;
}

/*
 * Make iter->ent the oldest record of the CPUs @iter covers, and set
 * iter->cpu, ts, ent_size and lost_events for it.  A consuming reader
 * points into the ring (the record stays put until it is consumed, and
 * consumers are serialized by consume_lock); a non-consuming one copies
 * the record, because writers may overwrite it under the iterator, and
 * moves its iterator past it at once, so that trace_iter_next_ts() sees
 * the record after it.
 */
static struct trace_entry *trace_find_next(struct trace_iterator *iter)
{
	struct ring_buffer_event *best;
	unsigned long best_lost = 0;
	int best_cpu = 0;
	u64 best_ts = 0;
	unsigned int size;
	void *data;

	/* Taken out of the ring and not shown yet: it is still the oldest. */
	if (iter->held)
		return iter->ent;
	iter->ent = NULL;
	best = trace_iter_peek_oldest(iter, &best_cpu, &best_ts, &best_lost);
	if (!best)
		return NULL;

	size = ring_buffer_event_length(best);
	data = ring_buffer_event_data(best);
	if (iter->buffer_iter) {
		if (ring_buffer_iter_dropped(iter->buffer_iter[best_cpu]))
			best_lost = (unsigned long)-1;
		if (trace_iter_copy(iter, data, size))
			data = iter->temp;
		trace_iter_advance(iter, best_cpu);
	}

	iter->ent = data;
	iter->ent_size = size;
	iter->cpu = best_cpu;
	iter->ts = best_ts;
	iter->lost_events = best_lost;
	return iter->ent;
}

/* Move past iter->ent (a non-consuming reader already has). */
static void trace_iter_consume(struct trace_iterator *iter)
{
	if (iter->held)
		iter->held = false;
	else if (!iter->buffer_iter)
		ring_buffer_consume(trace_iter_buffer(iter), iter->cpu, NULL, NULL);
	iter->idx++;
}

/**
 * trace_iter_empty - does the buffer @iter reads hold no record?
 * @iter: the reader
 *
 * Return: true also when it reads a snapshot that is not allocated.
 */
bool trace_iter_empty(struct trace_iterator *iter)
{
	struct trace_buffer *buffer = trace_iter_buffer(iter);
	int cpu;

	if (!buffer)
		return true;
	if (iter->held)
		return false;
	for_each_possible_cpu(cpu) {
		if (trace_iter_has_cpu(iter, cpu) &&
		    !ring_buffer_empty_cpu(buffer, cpu))
			return false;
	}
	return true;
}

/* Give the reader's tracer its state for this reader, and take it back. */
static void trace_iter_open_tracer(struct trace_iterator *iter)
{
	iter->private = NULL;
	if (iter->trace->open)
		iter->trace->open(iter);
}

static void trace_iter_close_tracer(struct trace_iterator *iter)
{
	if (iter->trace->close)
		iter->trace->close(iter);
	iter->private = NULL;
}

static void trace_iter_free(struct trace_iterator *iter)
{
	int cpu;

	if (!iter)
		return;
	if (iter->trace)
		trace_iter_close_tracer(iter);
	if (iter->buffer_iter) {
		for_each_possible_cpu(cpu)
			if (iter->buffer_iter[cpu])
				ring_buffer_read_finish(iter->buffer_iter[cpu]);
		kfree(iter->buffer_iter);
	}
	kfree(iter->walk_left);
	free_cpumask_var(iter->started);
	kfree(iter->fmt);
	kfree(iter->temp);
	if (iter->iter_flags & TRACE_FILE_PINNED) {
		mutex_lock(&trace_types_lock);
		trace_snapshot_unpin(iter->tr);
		mutex_unlock(&trace_types_lock);
	}
	mutex_destroy(&iter->mutex);
	kfree(iter);
}

/*
 * A latency tracer's max buffer holds records from before the latency it
 * shows (rings of other CPUs, earlier sections): start after them, and
 * count them for the header (print_lat_header()).
 */
static void trace_iter_skip_stale(struct trace_iterator *iter)
{
	u64 start = trace_latency_time_start(iter->tr);
	u64 ts;
	int cpu;

	iter->stale = 0;
	iter->stale_overrun = 0;
	if (!iter->trace->print_max || !iter->buffer_iter)
		return;
	for_each_possible_cpu(cpu) {
		struct ring_buffer_iter *it = iter->buffer_iter[cpu];
		unsigned long n = 0;

		while (it && ring_buffer_iter_peek(it, &ts) && ts < start) {
			trace_iter_advance(iter, cpu);
			cpumask_set_cpu(cpu, iter->started);
			n++;
		}
		if (n) {
			iter->stale += n;
			iter->stale_overrun +=
				ring_buffer_overrun_cpu(trace_iter_buffer(iter),
							cpu);
		}
	}
}

/*
 * A reader of @tr for one CPU or all; @consume chooses trace_pipe's kind,
 * @snapshot reading the snapshot buffer.  A reader that walks the rings
 * in place pins the snapshot, so that no ring moves or goes under it.
 */
static struct trace_iterator *trace_iter_alloc(struct trace_array *tr,
					       int cpu_file, bool consume,
					       bool snapshot)
{
	struct trace_buffer *buffer;
	struct trace_iterator *iter;
	int cpu;

	iter = kzalloc(sizeof(*iter), GFP_KERNEL);
	if (!iter)
		return NULL;
	mutex_init(&iter->mutex);
	iter->tr = tr;
	iter->cpu_file = cpu_file;
	trace_seq_init(&iter->seq);
	trace_seq_init(&iter->tmp_seq);

	if (snapshot)
		iter->iter_flags |= TRACE_FILE_SNAPSHOT;
	if (trace_clock_in_ns(tr))
		iter->iter_flags |= TRACE_FILE_TIME_IN_NS;
	/* trace_set_opt() may flip it meanwhile: one value for this open */
	if (READ_ONCE(tr->flags) & TRACE_OPT(LATENCY_FMT))
		iter->iter_flags |= TRACE_FILE_LAT_FMT;

	mutex_lock(&trace_types_lock);
	iter->trace = tr->current_trace;
	if (!consume && iter->trace->print_max)
		iter->iter_flags |= TRACE_FILE_SNAPSHOT | TRACE_FILE_LAT_FMT;
	if (!consume) {
		trace_snapshot_pin(tr);
		iter->iter_flags |= TRACE_FILE_PINNED;
	}
	buffer = trace_iter_buffer(iter);
	mutex_unlock(&trace_types_lock);

	trace_iter_open_tracer(iter);
	if (consume)
		return iter;

	iter->buffer_iter = kcalloc(nr_cpu_ids, sizeof(*iter->buffer_iter),
				    GFP_KERNEL);
	iter->walk_left = kcalloc(nr_cpu_ids, sizeof(*iter->walk_left),
				  GFP_KERNEL);
	if (!iter->buffer_iter || !iter->walk_left ||
	    !zalloc_cpumask_var(&iter->started, GFP_KERNEL))
		goto fail;
	/* annotate: a ring that lost records starts later than the others. */
	if (buffer && ring_buffer_overruns(buffer))
		iter->iter_flags |= TRACE_FILE_ANNOTATE;
	for_each_possible_cpu(cpu) {
		if (buffer && trace_iter_has_cpu(iter, cpu))
			iter->buffer_iter[cpu] =
				ring_buffer_read_start(buffer, cpu, GFP_KERNEL);
	}
	trace_iter_bound(iter);
	trace_iter_skip_stale(iter);
	return iter;

fail:
	trace_iter_free(iter);
	return NULL;
}

/* Forget the text of a line that did not fit, back to @len bytes. */
static void trace_seq_truncate(struct trace_seq *s, unsigned int len)
{
	s->seq.len = len;
	s->full = 0;
}

/* --- trace -------------------------------------------------------------- */

/*
 * seq_file positions: 0 is the header, n > 0 the n-th record.  The
 * iterator sits on iter->pos; seq_file asks again for a position whose
 * text did not fit, so the current record is kept, with its formatted
 * text, until the reader moves on.
 */
static void trace_iter_rewind(struct trace_iterator *iter)
{
	int cpu;

	for_each_possible_cpu(cpu)
		if (iter->buffer_iter[cpu])
			ring_buffer_iter_reset(iter->buffer_iter[cpu]);
	trace_iter_bound(iter);
	trace_iter_skip_stale(iter);
	iter->pos = 0;
	iter->idx = 0;
	iter->ent = NULL;
	trace_seq_init(&iter->seq);
	/* What the tracer remembers of the lines shown goes too. */
	trace_iter_close_tracer(iter);
	trace_iter_open_tracer(iter);
}

static bool trace_iter_step(struct trace_iterator *iter)
{
	if (iter->pos > 0 && iter->ent)
		trace_iter_consume(iter);
	iter->pos++;
	trace_seq_init(&iter->seq);
	return trace_find_next(iter);
}

static void *trace_item(struct trace_iterator *iter)
{
	return iter->pos ? (void *)iter->ent : SEQ_START_TOKEN;
}

static void *s_start(struct seq_file *m, loff_t *pos)
{
	struct trace_iterator *iter = m->private;

	if (*pos < iter->pos)
		trace_iter_rewind(iter);
	while (iter->pos < *pos) {
		if (!trace_iter_step(iter))
			return NULL;
	}
	return trace_item(iter);
}

static void *s_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct trace_iterator *iter = m->private;

	trace_iter_step(iter);
	*pos = iter->pos;
	return iter->ent;
}

static void s_stop(struct seq_file *m, void *v)
{
}

static int s_show(struct seq_file *m, void *v)
{
	struct trace_iterator *iter = m->private;

	if (v == SEQ_START_TOKEN) {
		trace_print_header(m, iter);
		return 0;
	}
	/* Text left from an attempt that did not fit is shown as it was. */
	if (!trace_seq_used(&iter->seq))
		trace_print_line(iter);
	trace_print_seq(m, &iter->seq);
	return 0;
}

static const struct seq_operations trace_seq_ops = {
	.start	= s_start,
	.next	= s_next,
	.stop	= s_stop,
	.show	= s_show,
};

/**
 * trace_open_reader - give an opened trace or snapshot file its reader
 * @filp:     the file, opened for reading; the caller holds a reference
 *            on @cf's instance, which trace_release_reader() drops
 * @cf:       the instance and CPU the file shows
 * @snapshot: read the snapshot buffer instead of the main one
 *
 * Return: 0 or -ENOMEM.
 */
int trace_open_reader(struct file *filp, struct trace_cpu_file *cf,
		      bool snapshot)
{
	struct trace_array *tr = cf->tr;
	struct trace_iterator *iter;
	int ret;

	iter = trace_iter_alloc(tr, cf->cpu, false, snapshot);
	if (!iter)
		return -ENOMEM;
	ret = seq_open(filp, &trace_seq_ops);
	if (ret) {
		trace_iter_free(iter);
		return ret;
	}
	((struct seq_file *)filp->private_data)->private = iter;

	/* pause-on-trace: hold recording while the trace file is open. */
	if (!snapshot && (tr->flags & TRACE_OPT(PAUSE_ON_TRACE))) {
		tracing_stop_tr(tr);
		iter->iter_flags |= TRACE_FILE_PAUSED;
	}
	return 0;
}

/**
 * trace_release_reader - release a file trace_open_reader() may have set up
 * @inode: the inode; its private data is a struct trace_cpu_file
 * @filp:  the file
 *
 * Drops the reference taken at open.
 *
 * Return: 0.
 */
int trace_release_reader(struct inode *inode, struct file *filp)
{
	struct trace_cpu_file *cf = inode->i_private;
	struct trace_iterator *iter;
	struct seq_file *m;

	if (filp->f_mode & FMODE_READ) {
		m = filp->private_data;
		iter = m->private;
		if (iter->iter_flags & TRACE_FILE_PAUSED)
			tracing_start_tr(cf->tr);
		trace_iter_free(iter);
		seq_release(inode, filp);
	}
	trace_array_put(cf->tr);
	return 0;
}

static int tracing_open(struct inode *inode, struct file *filp)
{
	struct trace_cpu_file *cf = inode->i_private;
	int ret;

	ret = tracing_check_open_cpu_file(cf);
	if (ret)
		return ret;

	if (tracing_open_truncates(filp)) {
		if (cf->cpu == RING_BUFFER_ALL_CPUS)
			tracing_reset_all_cpus(cf->tr);
		else
			tracing_reset_cpu(cf->tr, cf->cpu);
	}

	if (filp->f_mode & FMODE_READ) {
		ret = trace_open_reader(filp, cf, false);
		if (ret)
			trace_array_put(cf->tr);
	}
	return ret;
}

/* Writing to trace does nothing; opening it with O_TRUNC empties it. */
static ssize_t tracing_write(struct file *filp, const char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	return cnt;
}

static loff_t tracing_lseek(struct file *filp, loff_t offset, int whence)
{
	if (filp->f_mode & FMODE_READ)
		return seq_lseek(filp, offset, whence);
	filp->f_pos = 0;
	return 0;
}

const struct file_operations tracing_fops = {
	.open		= tracing_open,
	.read		= seq_read,
	.write		= tracing_write,
	.llseek		= tracing_lseek,
	.release	= trace_release_reader,
};

/* --- trace_pipe ------------------------------------------------------------ */

static int tracing_pipe_open(struct inode *inode, struct file *filp)
{
	struct trace_cpu_file *cf = inode->i_private;
	int ret = tracing_check_open_cpu_file(cf);
	struct trace_iterator *iter;

	if (ret)
		return ret;
	iter = trace_iter_alloc(cf->tr, cf->cpu, true, false);
	if (!iter) {
		trace_array_put(cf->tr);
		return -ENOMEM;
	}
	filp->private_data = iter;
	return stream_open(inode, filp);
}

static int tracing_pipe_release(struct inode *inode, struct file *filp)
{
	struct trace_iterator *iter = filp->private_data;
	struct trace_array *tr = iter->tr;

	trace_iter_free(iter);
	trace_array_put(tr);
	return 0;
}

/*
 * Wait for records.  Returns 1 when there are some, 0 for end of file
 * (tracing was turned off after this reader got data), or -errno.
 * Called and returns with iter->mutex held; drops it while asleep.
 */
static int tracing_pipe_wait(struct trace_iterator *iter, struct file *filp)
{
	int ret;

	while (trace_iter_empty(iter)) {
		if (filp->f_flags & O_NONBLOCK)
			return -EAGAIN;
		if (iter->read_any && !tracer_tracing_is_on(iter->tr))
			return 0;

		mutex_unlock(&iter->mutex);
		ret = ring_buffer_wait(iter->tr->buffer, iter->cpu_file, 0,
				       NULL, NULL);
		mutex_lock(&iter->mutex);
		if (ret)
			return ret;
	}
	return 1;
}

/* Format and consume records into iter->seq until @cnt bytes are ready. */
static void tracing_pipe_fill(struct trace_iterator *iter, size_t cnt)
{
	struct trace_array *tr = iter->tr;

	mutex_lock(&tr->consume_lock);
	while (trace_find_next(iter)) {
		unsigned int before = trace_seq_used(&iter->seq);
		enum print_line_t ret = trace_print_line(iter);

		if (ret == TRACE_TYPE_PARTIAL_LINE ||
		    trace_seq_has_overflowed(&iter->seq)) {
			if (before) {
				/* The next read starts with this record. */
				trace_seq_truncate(&iter->seq, before);
				break;
			}
			/* Longer than the whole buffer: what fit must do. */
			trace_iter_consume(iter);
			break;
		}
		if (ret != TRACE_TYPE_NO_CONSUME)
			trace_iter_consume(iter);
		if (trace_seq_used(&iter->seq) >= cnt)
			break;
	}
	mutex_unlock(&tr->consume_lock);
}

static ssize_t tracing_pipe_read(struct file *filp, char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	struct trace_iterator *iter = filp->private_data;
	ssize_t ret;

	guard(mutex)(&iter->mutex);

	/* What did not fit into the previous read goes first. */
	ret = trace_seq_to_user(&iter->seq, ubuf, cnt);
	if (ret != -EBUSY)
		return ret;
	trace_seq_init(&iter->seq);

	if (cnt >= TRACE_SEQ_BUFFER_SIZE)
		cnt = TRACE_SEQ_BUFFER_SIZE - 1;

	for (;;) {
		ret = tracing_pipe_wait(iter, filp);
		if (ret <= 0)
			return ret;

		tracing_pipe_fill(iter, cnt);
		ret = trace_seq_to_user(&iter->seq, ubuf, cnt);
		if (iter->seq.readpos >= trace_seq_used(&iter->seq))
			trace_seq_init(&iter->seq);
		/* -EBUSY: the records printed nothing; wait for more. */
		if (ret != -EBUSY)
			break;
	}
	if (ret > 0)
		iter->read_any = true;
	return ret;
}

static __poll_t tracing_pipe_poll(struct file *filp, poll_table *pt)
{
	struct trace_iterator *iter = filp->private_data;

	/*
	 * The "block" option: always readable, readers block in read().
	 * trace_set_opt() flips it without the reader's lock.
	 */
	if (READ_ONCE(iter->tr->flags) & TRACE_OPT(BLOCK))
		return EPOLLIN | EPOLLRDNORM;
	return ring_buffer_poll_wait(iter->tr->buffer, iter->cpu_file, filp,
				     pt, 0);
}

const struct file_operations tracing_pipe_fops = {
	.open		= tracing_pipe_open,
	.read		= tracing_pipe_read,
	.poll		= tracing_pipe_poll,
	.release	= tracing_pipe_release,
};

/* --- trace_pipe_raw -------------------------------------------------------- */

/**
 * struct raw_reader - an open per_cpu/cpuN/trace_pipe_raw
 * @tr:     the instance
 * @buffer: the buffer read: @tr's main one, or its snapshot (pinned)
 * @pinned: @buffer is the snapshot, pinned until release
 * @cpu:    the CPU
 * @lock:   serializes read() and splice() of this file
 * @page: the sub-buffer read() hands out, from ring_buffer_read_page()
 * @read: bytes of @page already returned
 * @size: bytes of @page to return; 0 when there is none
 */
struct raw_reader {
	struct trace_array		*tr;
	struct trace_buffer		*buffer;
	bool				pinned;
	int				cpu;
	struct mutex			lock;	/* read() vs splice() */
	struct buffer_data_read_page	*page;
	unsigned int			read;
	unsigned int			size;
};

/*
 * Set up an opened trace_pipe_raw (or snapshot_raw: @snapshot, pinned
 * while open).  The caller holds a reference on @cf's instance, which the
 * release drops.  Return: 0, -ENOMEM, or -ENODEV for a snapshot that is
 * not allocated.
 */
static int trace_raw_open_buffer(struct file *filp, struct trace_cpu_file *cf,
				 bool snapshot)
{
	struct raw_reader *r;

	r = kzalloc(sizeof(*r), GFP_KERNEL);
	if (!r)
		return -ENOMEM;
	r->tr = cf->tr;
	r->cpu = cf->cpu;
	r->buffer = cf->tr->buffer;
	if (snapshot) {
		r->buffer = trace_snapshot_get_pinned(cf->tr);
		if (!r->buffer) {
			kfree(r);
			return -ENODEV;
		}
		r->pinned = true;
	}
	mutex_init(&r->lock);
	filp->private_data = r;
	return nonseekable_open(file_inode(filp), filp);
}

static int tracing_raw_open_common(struct inode *inode, struct file *filp,
				   bool snapshot)
{
	struct trace_cpu_file *cf = inode->i_private;
	int ret;

	ret = tracing_check_open_cpu_file(cf);
	if (ret)
		return ret;
	ret = trace_raw_open_buffer(filp, cf, snapshot);
	if (ret)
		trace_array_put(cf->tr);
	return ret;
}

static int tracing_raw_open(struct inode *inode, struct file *filp)
{
	return tracing_raw_open_common(inode, filp, false);
}

static int tracing_raw_release(struct inode *inode, struct file *filp)
{
	struct raw_reader *r = filp->private_data;
	struct trace_array *tr = r->tr;

	if (r->page)
		ring_buffer_free_read_page(r->buffer, r->cpu, r->page);
	if (r->pinned) {
		mutex_lock(&trace_types_lock);
		trace_snapshot_unpin(tr);
		mutex_unlock(&trace_types_lock);
	}
	mutex_destroy(&r->lock);
	kfree(r);
	trace_array_put(tr);
	return 0;
}

/* Take the oldest sub-buffer of the CPU into @page; @full: only a finished one. */
static int raw_take_page(struct raw_reader *r,
			 struct buffer_data_read_page *page, int full)
{
	int ret;

	mutex_lock(&r->tr->consume_lock);
	ret = ring_buffer_read_page(r->buffer, page,
				    ring_buffer_read_page_size(page), r->cpu,
				    full);
	mutex_unlock(&r->tr->consume_lock);
	return ret;
}

/*
 * read() returns a sub-buffer at a time, header and padding included,
 * possibly over several calls when @cnt is small.
 */
static ssize_t tracing_raw_read(struct file *filp, char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	struct raw_reader *r = filp->private_data;
	struct trace_buffer *buffer = r->buffer;
	int ret, tries = 0;
	size_t n;

	if (!cnt)
		return 0;

	guard(mutex)(&r->lock);
	if (r->read >= r->size) {
		r->read = 0;
		r->size = 0;
		ret = ring_buffer_alloc_read_page(buffer, r->cpu, &r->page);
		if (ret)
			return ret;
		while (raw_take_page(r, r->page, 0) < 0) {
			/* Records there, but none to take: another reader. */
			if (!ring_buffer_empty_cpu(buffer, r->cpu)) {
				if (++tries > 3)
					return -EBUSY;
				cond_resched();
				continue;
			}
			if (filp->f_flags & O_NONBLOCK)
				return -EAGAIN;
			mutex_unlock(&r->lock);
			ret = ring_buffer_wait(buffer, r->cpu, 0, NULL, NULL);
			mutex_lock(&r->lock);
			if (ret)
				return ret;
		}
		r->size = ring_buffer_read_page_size(r->page);
	}

	n = min_t(size_t, cnt, r->size - r->read);
	if (copy_to_user(ubuf, ring_buffer_read_page_data(r->page) + r->read, n))
		return -EFAULT;
	r->read += n;
	return n;
}

/*
 * splice() moves whole sub-buffers into the pipe without copying.  Each
 * pipe buffer holds a reference on its read page; the page goes back to
 * the allocator when the last reference is dropped.
 */
struct raw_page_ref {
	refcount_t			refcount;
	struct trace_buffer		*buffer;
	struct buffer_data_read_page	*page;
	int				cpu;
};

static void raw_page_ref_put(struct raw_page_ref *ref)
{
	if (!refcount_dec_and_test(&ref->refcount))
		return;
	ring_buffer_free_read_page(ref->buffer, ref->cpu, ref->page);
	kfree(ref);
}

static void raw_pipe_buf_release(struct pipe_inode_info *pipe,
				 struct pipe_buffer *buf)
{
	raw_page_ref_put((struct raw_page_ref *)buf->private);
	buf->private = 0;
}

static bool raw_pipe_buf_get(struct pipe_inode_info *pipe,
			     struct pipe_buffer *buf)
{
	struct raw_page_ref *ref = (struct raw_page_ref *)buf->private;

	return refcount_inc_not_zero(&ref->refcount);
}

static const struct pipe_buf_operations raw_pipe_buf_ops = {
	.release	= raw_pipe_buf_release,
	.get		= raw_pipe_buf_get,
};

static void raw_spd_release(struct splice_pipe_desc *spd, unsigned int i)
{
	raw_page_ref_put((struct raw_page_ref *)spd->partial[i].private);
}

/* Fill @spd with up to @len bytes of finished sub-buffers. */
static void raw_splice_fill(struct raw_reader *r, struct splice_pipe_desc *spd,
			    size_t len, size_t page_size, loff_t *ppos)
{
	struct trace_buffer *buffer = r->buffer;
	struct raw_page_ref *ref;
	int i;

	for (i = spd->nr_pages; i < spd->nr_pages_max && len >= page_size;
	     i++, len -= page_size) {
		ref = kzalloc(sizeof(*ref), GFP_KERNEL);
		if (!ref)
			break;
		refcount_set(&ref->refcount, 1);
		ref->buffer = buffer;
		ref->cpu = r->cpu;
		if (ring_buffer_alloc_read_page(buffer, r->cpu, &ref->page)) {
			kfree(ref);
			break;
		}
		if (ring_buffer_read_page_size(ref->page) != page_size ||
		    raw_take_page(r, ref->page, 1) < 0) {
			ring_buffer_free_read_page(buffer, r->cpu, ref->page);
			kfree(ref);
			break;
		}
		spd->pages[i] = virt_to_page(ring_buffer_read_page_data(ref->page));
		spd->partial[i].offset = 0;
		spd->partial[i].len = page_size;
		spd->partial[i].private = (unsigned long)ref;
		spd->nr_pages++;
		*ppos += page_size;
	}
}

static ssize_t tracing_raw_splice_read(struct file *filp, loff_t *ppos,
				       struct pipe_inode_info *pipe,
				       size_t len, unsigned int flags)
{
	struct raw_reader *r = filp->private_data;
	struct trace_array *tr = r->tr;
	struct partial_page partial_def[PIPE_DEF_BUFFERS];
	struct page *pages_def[PIPE_DEF_BUFFERS];
	struct splice_pipe_desc spd = {
		.pages		= pages_def,
		.partial	= partial_def,
		.nr_pages_max	= PIPE_DEF_BUFFERS,
		.ops		= &raw_pipe_buf_ops,
		.spd_release	= raw_spd_release,
	};
	size_t page_size = ring_buffer_subbuf_size_get(r->buffer);
	bool woken = false;
	ssize_t ret;

	if (*ppos & (page_size - 1))
		return -EINVAL;
	if (len < page_size)
		return -EINVAL;
	len = round_down(len, page_size);

	if (splice_grow_spd(pipe, &spd))
		return -ENOMEM;

	mutex_lock(&r->lock);
	for (;;) {
		raw_splice_fill(r, &spd, len, page_size, ppos);
		if (spd.nr_pages || woken)
			break;
		ret = -EAGAIN;
		if ((filp->f_flags & O_NONBLOCK) || (flags & SPLICE_F_NONBLOCK))
			goto out;
		mutex_unlock(&r->lock);
		/* buffer_percent_write() may store it (no lock) meanwhile */
		ret = ring_buffer_wait(r->buffer, r->cpu,
				       READ_ONCE(tr->buffer_percent), NULL, NULL);
		mutex_lock(&r->lock);
		if (ret)
			goto out;
		/* Take what the wake-up brought, then return even if nothing. */
		woken = true;
	}
	ret = spd.nr_pages ? splice_to_pipe(pipe, &spd) : 0;
out:
	mutex_unlock(&r->lock);
	splice_shrink_spd(&spd);
	return ret;
}

/*
 * ioctl(fd, 0) wakes the tasks blocked in read() or splice() of this
 * CPU's ring: a woken splice() returns what it has, 0 if nothing.  This
 * is how libtracefs stops a recorder before it reads the last, partial
 * sub-buffer with read(); without it trace-cmd signals the recorder,
 * whose restarted, now non-blocking splice() fails and skips that read.
 * TRACE_MMAP_IOCTL_GET_READER, on a mapped trace_pipe_raw, hands user
 * space the next sub-buffer (ring_buffer_map_get_reader()); without
 * O_NONBLOCK it first waits for buffer_percent, as a splice() does.
 */
static long tracing_raw_ioctl(struct file *filp, unsigned int cmd,
			      unsigned long arg)
{
	struct raw_reader *r = filp->private_data;
	int ret;

	if (cmd == TRACE_MMAP_IOCTL_GET_READER) {
		if (!(filp->f_flags & O_NONBLOCK)) {
			/* buffer_percent_write() stores it without our lock */
			ret = ring_buffer_wait(r->buffer, r->cpu,
					       READ_ONCE(r->tr->buffer_percent),
					       NULL, NULL);
			if (ret)
				return ret;
		}
		return ring_buffer_map_get_reader(r->buffer, r->cpu);
	}
	if (cmd)
		return -ENOTTY;
	ring_buffer_wake_waiters(r->buffer, r->cpu);
	return 0;
}

/*
 * A mapping of trace_pipe_raw (ring_buffer_map()): the meta page, then
 * the ring's sub-buffers, read-only.  A split mapping counts twice.
 */
static void tracing_raw_vm_open(struct vm_area_struct *vma)
{
	struct raw_reader *r = vma->vm_file->private_data;

	trace_snapshot_map_dup(r->tr);
	ring_buffer_map_dup(r->buffer, r->cpu);
}

static void tracing_raw_vm_close(struct vm_area_struct *vma)
{
	struct raw_reader *r = vma->vm_file->private_data;

	ring_buffer_unmap(r->buffer, r->cpu);
	trace_snapshot_map_put(r->tr);
}

static const struct vm_operations_struct tracing_raw_vm_ops = {
	.open		= tracing_raw_vm_open,
	.close		= tracing_raw_vm_close,
};

static int tracing_raw_mmap(struct file *filp, struct vm_area_struct *vma)
{
	struct raw_reader *r = filp->private_data;
	int ret;

	/* -EBUSY while something may take snapshots: trace_snapshot.c */
	ret = trace_snapshot_map_get(r->tr);
	if (ret)
		return ret;
	ret = ring_buffer_map(r->buffer, r->cpu, vma);
	if (ret) {
		trace_snapshot_map_put(r->tr);
		return ret;
	}
	vma->vm_ops = &tracing_raw_vm_ops;
	return 0;
}

static __poll_t tracing_raw_poll(struct file *filp, poll_table *pt)
{
	struct raw_reader *r = filp->private_data;
	struct trace_array *tr = r->tr;

	/*
	 * Both changed through their files without our lock:
	 * trace_set_opt() and buffer_percent_write().  One value each.
	 */
	if (READ_ONCE(tr->flags) & TRACE_OPT(BLOCK))
		return EPOLLIN | EPOLLRDNORM;
	return ring_buffer_poll_wait(r->buffer, r->cpu, filp, pt,
				     READ_ONCE(tr->buffer_percent));
}

const struct file_operations tracing_raw_fops = {
	.open		= tracing_raw_open,
	.read		= tracing_raw_read,
	.splice_read	= tracing_raw_splice_read,
	.unlocked_ioctl	= tracing_raw_ioctl,
	.poll		= tracing_raw_poll,
	.mmap		= tracing_raw_mmap,
	.release	= tracing_raw_release,
};

#ifdef CONFIG_TRACER_SNAPSHOT
static int tracing_snapshot_raw_open(struct inode *inode, struct file *filp)
{
	return tracing_raw_open_common(inode, filp, true);
}

/* per_cpu/cpuN/snapshot_raw: trace_pipe_raw of the snapshot buffer. */
const struct file_operations tracing_snapshot_raw_fops = {
	.open		= tracing_snapshot_raw_open,
	.read		= tracing_raw_read,
	.splice_read	= tracing_raw_splice_read,
	.unlocked_ioctl	= tracing_raw_ioctl,
	.poll		= tracing_raw_poll,
	.release	= tracing_raw_release,
};
#endif

/* --- ftrace_dump() ------------------------------------------------------- */

/* The dump's reader: static, so that an oops needs no memory. */
static struct trace_iterator dump_iter;
/* Where the dump keeps a record it looks past (function_graph leaves). */
static char dump_temp[128] __aligned(8);
static atomic_t dump_running;

/* Print the lines of @s on the console. */
static void trace_dump_seq(struct trace_seq *s)
{
	unsigned int len = trace_seq_used(s);
	const char *p = s->buffer;

	while (len) {
		const char *nl = memchr(p, '\n', len);
		unsigned int n = nl ? nl - p : len;

		pr_emerg("%.*s\n", n, p);
		if (!nl)
			break;
		len -= n + 1;
		p = nl + 1;
	}
}

/*
 * Print @tr's buffer on the console; see ftrace_dump().  A second
 * concurrent dump returns at once.
 */
static void trace_dump_tr(struct trace_array *tr,
			  enum ftrace_dump_mode oops_dump_mode)
{
	struct trace_iterator *iter = &dump_iter;
	unsigned long flags, count = 0;

	if (oops_dump_mode == DUMP_NONE || tracing_disabled || !tr->buffer)
		return;
	if (atomic_inc_return(&dump_running) != 1)
		goto out_dec;

	tracer_tracing_off(tr);
	local_irq_save(flags);
	/* Writers on other CPUs may still be at it: hold them off too. */
	ring_buffer_record_disable(tr->buffer);
	trace_cmdline_dumping(true);

	/* iter->private too: the tracer's open may allocate, so no state. */
	memset(iter, 0, offsetof(struct trace_iterator, seq));
	iter->tr = tr;
	/*
	 * An oops may hit while tracing_set_tracer() (trace_types_lock,
	 * which a dump cannot take) switches tracers on another CPU: one
	 * value, which is always a registered tracer (nop in between).
	 */
	iter->trace = READ_ONCE(tr->current_trace);
	iter->cpu_file = oops_dump_mode == DUMP_ORIG ?
			 raw_smp_processor_id() : RING_BUFFER_ALL_CPUS;
	iter->temp = dump_temp;
	iter->temp_size = sizeof(dump_temp);
	/* in the latency format, as upstream's dump */
	iter->iter_flags = TRACE_FILE_DUMP | TRACE_FILE_LAT_FMT;
	if (ring_buffer_overruns(tr->buffer))
		iter->iter_flags |= TRACE_FILE_ANNOTATE;
	iter->held = false;
	if (trace_clock_in_ns(tr))
		iter->iter_flags |= TRACE_FILE_TIME_IN_NS;

	if (tr->name)
		pr_emerg("Dumping ftrace instance %s buffer:\n", tr->name);
	else
		pr_emerg("Dumping ftrace buffer:\n");
	pr_emerg("---------------------------------\n");
	while (trace_find_next(iter)) {
		trace_seq_init(&iter->seq);
		trace_print_line(iter);
		trace_dump_seq(&iter->seq);
		trace_iter_consume(iter);
		count++;
		touch_nmi_watchdog();
	}
	if (!count)
		pr_emerg("   (ftrace buffer empty)\n");
	pr_emerg("---------------------------------\n");

	trace_cmdline_dumping(false);
	ring_buffer_record_enable(tr->buffer);
	local_irq_restore(flags);
out_dec:
	atomic_dec(&dump_running);
}

/**
 * ftrace_dump - print the top-level buffer on the console
 * @oops_dump_mode: DUMP_ALL for every CPU, DUMP_ORIG for the calling CPU
 *
 * For oopses, panics, RCU stalls and sysrq-z: runs in any context, takes
 * no sleeping lock and allocates nothing.  Tracing is turned off first,
 * so that the records leading to the failure are not overwritten, and
 * stays off.  The records printed are consumed.  A second concurrent
 * call returns at once.
 */
void ftrace_dump(enum ftrace_dump_mode oops_dump_mode)
{
	trace_dump_tr(&global_trace, oops_dump_mode);
}
EXPORT_SYMBOL_GPL(ftrace_dump);

static enum ftrace_dump_mode dump_mode_of(const char *word)
{
	if (!strcmp(word, "2") || !strcmp(word, "orig_cpu"))
		return DUMP_ORIG;
	return DUMP_ALL;
}

/*
 * Dump as ftrace_dump_on_oops says: a comma-separated list whose first
 * word may be "0" (nothing), "1" (the top level, every CPU) or "2" /
 * "orig_cpu" (the top level, the CPU that failed), followed by instance
 * names, each optionally "=2" or "=orig_cpu".
 */
static void ftrace_dump_by_param(void)
{
	char param[MAX_TRACER_SIZE];
	char *buf = param, *tok, *name;
	struct trace_array *tr;
	bool first = true;

	strscpy(param, ftrace_dump_on_oops, sizeof(param));
	while ((tok = strsep(&buf, ",")) != NULL) {
		if (first) {
			first = false;
			if (!strcmp(tok, "0"))
				continue;
			if (!strcmp(tok, "1") || !strcmp(tok, "2") ||
			    !strcmp(tok, "orig_cpu")) {
				trace_dump_tr(&global_trace, dump_mode_of(tok));
				continue;
			}
		}
		name = strsep(&tok, "=");
		tr = trace_array_find_dumping(name);
		if (tr)
			trace_dump_tr(tr, tok ? dump_mode_of(tok) : DUMP_ALL);
		else
			pr_emerg("ftrace_dump_on_oops: no trace instance '%s'\n",
				 name);
	}
}

static int trace_panic_handler(struct notifier_block *nb,
			       unsigned long event, void *unused)
{
	if (ftrace_dump_on_oops_enabled())
		ftrace_dump_by_param();
	return NOTIFY_OK;
}

static struct notifier_block trace_panic_notifier = {
	.notifier_call	= trace_panic_handler,
	.priority	= INT_MAX - 1,
};

static int trace_die_handler(struct notifier_block *nb, unsigned long val,
			     void *data)
{
	if (val == DIE_OOPS && ftrace_dump_on_oops_enabled())
		ftrace_dump_by_param();
	return NOTIFY_OK;
}

static struct notifier_block trace_die_notifier = {
	.notifier_call	= trace_die_handler,
	.priority	= INT_MAX - 1,
};

/**
 * trace_panic_notifiers_init - dump the buffer on panic and oops
 *
 * Only when ftrace_dump_on_oops asks for it.
 */
void __init trace_panic_notifiers_init(void)
{
	atomic_notifier_chain_register(&panic_notifier_list,
				       &trace_panic_notifier);
	register_die_notifier(&trace_die_notifier);
}
