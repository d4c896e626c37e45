// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Statistics: the counters of the rings.
 */
#include "ring_buffer_internal.h"

/**
 * ring_buffer_size - the size of a CPU's ring
 * @buffer: the ring buffer
 * @cpu:    the CPU
 *
 * Return: bytes of event space, 0 for a CPU without a ring.
 */
unsigned long ring_buffer_size(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_of(buffer, cpu);

	return cb ? (unsigned long)cb->nr_pages * buffer->capacity : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_size);

/**
 * ring_buffer_max_event_size - the largest payload an event can have
 * @buffer: the ring buffer
 *
 * Return: bytes.
 */
unsigned long ring_buffer_max_event_size(struct trace_buffer *buffer)
{
	return buffer->max_data;
}
EXPORT_SYMBOL_GPL(ring_buffer_max_event_size);

static unsigned long rb_unread(struct rb_cpu *cb)
{
	/*
	 * rs.read is the reader's, bumped plainly under reader_lock, which
	 * statistics do not take: one untorn value, maybe a moment old.
	 */
	return local_read(&cb->ws.entries) -
	       (local_read(&cb->ws.overrun) + READ_ONCE(cb->rs.read));
}

/**
 * ring_buffer_entries_cpu - events waiting to be read on a CPU
 * @buffer: the ring buffer
 * @cpu:    the CPU
 *
 * Return: committed events, minus those read and those overwritten.
 */
unsigned long ring_buffer_entries_cpu(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_of(buffer, cpu);

	return cb ? rb_unread(cb) : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_entries_cpu);

/**
 * ring_buffer_entries - events waiting to be read on all CPUs
 * @buffer: the ring buffer
 *
 * Return: the sum of ring_buffer_entries_cpu().
 */
unsigned long ring_buffer_entries(struct trace_buffer *buffer)
{
	unsigned long sum = 0;
	int cpu;

	for_each_cpu(cpu, buffer->cpumask)
		sum += rb_unread(buffer->buffers[cpu]);
	return sum;
}
EXPORT_SYMBOL_GPL(ring_buffer_entries);

/**
 * ring_buffer_overrun_cpu - events a CPU's writer overwrote unread
 * @buffer: the ring buffer
 * @cpu:    the CPU
 *
 * Return: the count.
 */
unsigned long ring_buffer_overrun_cpu(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_of(buffer, cpu);

	return cb ? local_read(&cb->ws.overrun) : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_overrun_cpu);

/**
 * ring_buffer_overruns - events overwritten unread on all CPUs
 * @buffer: the ring buffer
 *
 * Return: the count.
 */
unsigned long ring_buffer_overruns(struct trace_buffer *buffer)
{
	unsigned long sum = 0;
	int cpu;

	for_each_cpu(cpu, buffer->cpumask)
		sum += local_read(&buffer->buffers[cpu]->ws.overrun);
	return sum;
}
EXPORT_SYMBOL_GPL(ring_buffer_overruns);

/**
 * ring_buffer_commit_overrun_cpu - events dropped because writers nested
 *	inside a pending commit filled the whole ring
 * @buffer: the ring buffer
 * @cpu:    the CPU
 *
 * Return: the count.
 */
unsigned long ring_buffer_commit_overrun_cpu(struct trace_buffer *buffer,
					     int cpu)
{
	struct rb_cpu *cb = rb_cpu_of(buffer, cpu);

	return cb ? local_read(&cb->ws.commit_overrun) : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_commit_overrun_cpu);

/**
 * ring_buffer_dropped_events_cpu - events dropped because the ring was
 *	full in producer/consumer mode
 * @buffer: the ring buffer
 * @cpu:    the CPU
 *
 * Return: the count.
 */
unsigned long ring_buffer_dropped_events_cpu(struct trace_buffer *buffer,
					     int cpu)
{
	struct rb_cpu *cb = rb_cpu_of(buffer, cpu);

	return cb ? local_read(&cb->ws.dropped) : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_dropped_events_cpu);

/**
 * ring_buffer_read_events_cpu - events consumed from a CPU's ring
 * @buffer: the ring buffer
 * @cpu:    the CPU
 *
 * Return: the count.
 */
unsigned long ring_buffer_read_events_cpu(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_of(buffer, cpu);

	/* bumped under reader_lock, not taken here: see rb_unread() */
	return cb ? READ_ONCE(cb->rs.read) : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_read_events_cpu);

/**
 * ring_buffer_bytes_cpu - bytes of records waiting to be read on a CPU
 * @buffer: the ring buffer
 * @cpu:    the CPU
 *
 * Return: record bytes written, minus those read and overwritten.
 */
unsigned long ring_buffer_bytes_cpu(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_of(buffer, cpu);

	if (!cb)
		return 0;
	/*
	 * Written: the pages the tail left and the tail's own, read apart,
	 * so a page move in between may miscount this once.  read_bytes:
	 * the reader's, under reader_lock; see rb_unread().
	 */
	return local_read(&cb->ws.left_bytes) +
	       rb_tail_off(local64_read(&cb->tail)) -
	       (local_read(&cb->ws.lost_bytes) + READ_ONCE(cb->rs.read_bytes));
}
EXPORT_SYMBOL_GPL(ring_buffer_bytes_cpu);

/**
 * ring_buffer_nr_dirty_pages - sub-buffers filled and not yet read
 * @buffer: the ring buffer
 * @cpu:    the CPU
 *
 * Counts the sub-buffers the writer has left that no reader has taken;
 * the one being written is not counted.
 *
 * Return: the count.
 */
size_t ring_buffer_nr_dirty_pages(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_of(buffer, cpu);
	unsigned long flags;
	size_t dirty;

	if (!cb)
		return 0;
	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	dirty = rb_dirty_pages(cb);
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	return dirty;
}
EXPORT_SYMBOL_GPL(ring_buffer_nr_dirty_pages);
