// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Waiting for data: ring_buffer_wait(), poll and wake-ups.
 */
#include "ring_buffer_internal.h"

static struct rb_waiters *rb_waiters_of(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb;

	if (cpu == RING_BUFFER_ALL_CPUS)
		return &buffer->waiters;
	cb = rb_cpu_of(buffer, cpu);
	return cb ? &cb->waiters : NULL;
}

/* Is what the waiter waits for there?  @full is 0 for any data. */
static bool rb_ready(struct trace_buffer *buffer, int cpu, int full)
{
	struct rb_cpu *cb;
	unsigned long flags;
	bool ready;

	if (cpu == RING_BUFFER_ALL_CPUS)
		return !ring_buffer_empty(buffer);
	cb = buffer->buffers[cpu];
	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	ready = rb_has_data(cb) && (!full || (rb_reader_done(cb) &&
					      rb_watermark(cb, full)));
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	return ready;
}

/* Announce a waiter to the writers; then the caller checks again. */
static void rb_announce(struct trace_buffer *buffer, struct rb_waiters *w,
			int full)
{
	/*
	 * Waiters on any CPU announce themselves here; writers read and
	 * clear the flags in rb_wake_check(), rb_wake_func() clears full.
	 * Two waiters racing on full may leave the larger percentage: the
	 * smaller one is woken later than it asked, never lost, as every
	 * wake up makes waiters re-announce.
	 */
	if (full) {
		int cur = READ_ONCE(w->full);

		/* full is a u8: a percentage past 100 is never reached anyway */
		if (full < 0 || full > U8_MAX)
			full = U8_MAX;

		if (!cur || full < cur)
			WRITE_ONCE(w->full, full);
	} else {
		WRITE_ONCE(w->want, true);
	}
	/* The buffer's waiter: every ring's writers look at it. */
	if (w == &buffer->waiters) {
		int cpu;

		for_each_cpu(cpu, buffer->cpumask)
			WRITE_ONCE(buffer->buffers[cpu]->waiters.all, 1);
	}
	/*
	 * The announcement before the re-check of the data (rb_ready()).
	 * The writer's side pairs only loosely: ring_buffer_unlock_commit()
	 * publishes (smp_wmb()/release) and then reads the flags in
	 * rb_wake_wanted() with no full barrier, so a waiter may sleep
	 * until the next event wakes it.
	 */
	smp_mb();
}

struct rb_wait_once {
	struct rb_waiters	*w;
	int			seq;
};

static bool rb_woken_once(void *data)
{
	struct rb_wait_once *once = data;

	return atomic_read_acquire(&once->w->seq) != once->seq;
}

static bool rb_wait_cond(struct trace_buffer *buffer, int cpu, int full,
			 struct rb_waiters *w, ring_buffer_cond_fn cond,
			 void *data)
{
	if (rb_ready(buffer, cpu, full) || cond(data))
		return true;
	rb_announce(buffer, w, full);
	return rb_ready(buffer, cpu, full);
}

/**
 * ring_buffer_wait - sleep until there is data to read
 * @buffer: the ring buffer
 * @cpu:    the CPU, or RING_BUFFER_ALL_CPUS for any
 * @full:   for one CPU: wait until this percentage of its ring is filled
 *          (0: any data)
 * @cond:   extra condition to stop waiting, or NULL to return after the
 *          first wake up
 * @data:   argument of @cond
 *
 * Return: 0, -ENODEV for a CPU without a ring, or -ERESTARTSYS when
 * interrupted by a signal.
 */
int ring_buffer_wait(struct trace_buffer *buffer, int cpu, int full,
		     ring_buffer_cond_fn cond, void *data)
{
	struct rb_waiters *w = rb_waiters_of(buffer, cpu);
	struct rb_wait_once once;
	wait_queue_head_t *wq;

	if (!w)
		return -ENODEV;
	if (cpu == RING_BUFFER_ALL_CPUS)
		full = 0;
	if (!cond) {
		once.w = w;
		once.seq = atomic_read_acquire(&w->seq);
		cond = rb_woken_once;
		data = &once;
	}
	wq = full ? &w->full_wq : &w->wq;
	return wait_event_interruptible(*wq,
			rb_wait_cond(buffer, cpu, full, w, cond, data));
}
EXPORT_SYMBOL_GPL(ring_buffer_wait);

/**
 * ring_buffer_poll_wait - poll for data to read
 * @buffer:     the ring buffer
 * @cpu:        the CPU, or RING_BUFFER_ALL_CPUS for any
 * @filp:       the file being polled
 * @poll_table: the poll table
 * @full:       as for ring_buffer_wait()
 *
 * Return: EPOLLIN | EPOLLRDNORM if there is data, EPOLLERR for a CPU
 * without a ring, else 0.
 */
__poll_t ring_buffer_poll_wait(struct trace_buffer *buffer, int cpu,
			       struct file *filp, poll_table *poll_table,
			       int full)
{
	struct rb_waiters *w = rb_waiters_of(buffer, cpu);

	if (!w)
		return EPOLLERR;
	if (cpu == RING_BUFFER_ALL_CPUS)
		full = 0;
	poll_wait(filp, full ? &w->full_wq : &w->wq, poll_table);
	if (rb_ready(buffer, cpu, full))
		return EPOLLIN | EPOLLRDNORM;
	rb_announce(buffer, w, full);
	return rb_ready(buffer, cpu, full) ? EPOLLIN | EPOLLRDNORM : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_poll_wait);

/**
 * ring_buffer_wake_waiters - wake every task waiting on a ring
 * @buffer: the ring buffer
 * @cpu:    the CPU, or RING_BUFFER_ALL_CPUS for all of them
 *
 * For a reader that is going away.  Safe in any context.
 */
void ring_buffer_wake_waiters(struct trace_buffer *buffer, int cpu)
{
	struct rb_waiters *w;

	if (!buffer)
		return;
	if (cpu == RING_BUFFER_ALL_CPUS) {
		int c;

		for_each_cpu(c, buffer->cpumask)
			irq_work_queue(&buffer->buffers[c]->waiters.work);
	}
	w = rb_waiters_of(buffer, cpu);
	if (w)
		irq_work_queue(&w->work);
}
EXPORT_SYMBOL_GPL(ring_buffer_wake_waiters);
