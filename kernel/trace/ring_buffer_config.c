// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Modes, clocks, and recording on and off.
 */
#include "ring_buffer_internal.h"

/**
 * ring_buffer_change_overwrite - choose what happens when a ring is full
 * @buffer: the ring buffer
 * @val:    nonzero: overwrite the oldest events; zero: drop new events
 */
void ring_buffer_change_overwrite(struct trace_buffer *buffer, int val)
{
	unsigned int mode = val ? RB_FL_OVERWRITE : 0;

	guard(mutex)(&buffer->mutex);
	/*
	 * Read without the mutex, plainly, by rb_move_tail() (writers on
	 * every CPU): a writer in flight uses the old mode or the new one.
	 */
	WRITE_ONCE(buffer->flags, (buffer->flags & ~RB_FL_OVERWRITE) | mode);
}
EXPORT_SYMBOL_GPL(ring_buffer_change_overwrite);

/**
 * ring_buffer_set_clock - choose the clock that stamps events
 * @buffer: the ring buffer
 * @clock:  the clock; must be notrace and safe in any context
 *
 * Events already in the buffer were stamped by the previous clock; reset
 * the buffer after changing it.
 */
void ring_buffer_set_clock(struct trace_buffer *buffer, u64 (*clock)(void))
{
	/*
	 * Read plainly by rb_clock() in writers on every CPU, without a
	 * lock: a writer in flight uses either clock (the caller resets the
	 * buffer afterwards).  The store is not ordered with anything.
	 */
	WRITE_ONCE(buffer->clock, clock);
}
EXPORT_SYMBOL_GPL(ring_buffer_set_clock);

/**
 * ring_buffer_set_time_stamp_abs - stamp every event with absolute time
 * @buffer: the ring buffer
 * @abs:    true: each event is preceded by a TIME_STAMP record
 *
 * Absolute stamps cost 8 bytes per event and lower
 * ring_buffer_max_event_size() by as much.
 */
void ring_buffer_set_time_stamp_abs(struct trace_buffer *buffer, bool abs)
{
	mutex_lock(&buffer->mutex);
	/*
	 * Read plainly by writers (rb_reserve(), rb_move_tail()) on every
	 * CPU; a writer in flight may see either mode, and the caller
	 * resets the buffer afterwards.
	 */
	WRITE_ONCE(buffer->abs, abs);
	rb_set_order(buffer, buffer->order);
	mutex_unlock(&buffer->mutex);
}
EXPORT_SYMBOL_GPL(ring_buffer_set_time_stamp_abs);

/**
 * ring_buffer_time_stamp_abs - does the buffer stamp events absolutely?
 * @buffer: the ring buffer
 *
 * Return: true in absolute mode.
 */
bool ring_buffer_time_stamp_abs(struct trace_buffer *buffer)
{
	/* written under buffer->mutex by ring_buffer_set_time_stamp_abs() */
	return READ_ONCE(buffer->abs);
}
EXPORT_SYMBOL_GPL(ring_buffer_time_stamp_abs);

/**
 * ring_buffer_time_stamp - read the buffer's clock
 * @buffer: the ring buffer
 *
 * Return: the current time on the buffer's clock.
 */
u64 notrace ring_buffer_time_stamp(struct trace_buffer *buffer)
{
	u64 now;

	preempt_disable_notrace();
	now = rb_clock(buffer);
	preempt_enable_notrace();
	return now;
}
EXPORT_SYMBOL_GPL(ring_buffer_time_stamp);

/**
 * ring_buffer_normalize_time_stamp - convert a stamp to the clock's units
 * @buffer: the ring buffer
 * @cpu:    the CPU it was read from
 * @ts:     the stamp; unchanged, as events carry clock values unscaled
 */
void ring_buffer_normalize_time_stamp(struct trace_buffer *buffer,
				      int cpu, u64 *ts)
{
}
EXPORT_SYMBOL_GPL(ring_buffer_normalize_time_stamp);

/**
 * ring_buffer_record_disable - stop writes to the buffer, counted
 * @buffer: the ring buffer
 *
 * Nests with ring_buffer_record_enable().  Writers already past the check
 * finish their event; use synchronize_rcu() to wait for them.
 */
void ring_buffer_record_disable(struct trace_buffer *buffer)
{
	atomic_inc(&buffer->record_disabled);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_disable);

/**
 * ring_buffer_record_enable - undo one ring_buffer_record_disable()
 * @buffer: the ring buffer
 */
void ring_buffer_record_enable(struct trace_buffer *buffer)
{
	atomic_dec(&buffer->record_disabled);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_enable);

/**
 * ring_buffer_record_off - switch writing off until ring_buffer_record_on()
 * @buffer: the ring buffer
 *
 * Unlike ring_buffer_record_disable() this does not nest: it is the
 * switch behind tracing_on.
 */
void ring_buffer_record_off(struct trace_buffer *buffer)
{
	int old = atomic_read(&buffer->record_disabled);

	while (!atomic_try_cmpxchg(&buffer->record_disabled, &old,
				   old | RB_BUFFER_OFF))
		;
}
EXPORT_SYMBOL_GPL(ring_buffer_record_off);

/**
 * ring_buffer_record_on - switch writing back on
 * @buffer: the ring buffer
 *
 * Writes happen again once no ring_buffer_record_disable() is pending.
 */
void ring_buffer_record_on(struct trace_buffer *buffer)
{
	int old = atomic_read(&buffer->record_disabled);

	while (!atomic_try_cmpxchg(&buffer->record_disabled, &old,
				   old & ~RB_BUFFER_OFF))
		;
}
EXPORT_SYMBOL_GPL(ring_buffer_record_on);

/**
 * ring_buffer_record_is_on - would a write be recorded now?
 * @buffer: the ring buffer
 *
 * Return: true if neither switched off nor disabled.
 */
bool ring_buffer_record_is_on(struct trace_buffer *buffer)
{
	return !atomic_read(&buffer->record_disabled);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_is_on);

/**
 * ring_buffer_record_is_set_on - is the on/off switch on?
 * @buffer: the ring buffer
 *
 * A buffer may be switched on and still refuse writes while a
 * ring_buffer_record_disable() is pending.
 *
 * Return: true unless ring_buffer_record_off() is in effect.
 */
bool ring_buffer_record_is_set_on(struct trace_buffer *buffer)
{
	return !(atomic_read(&buffer->record_disabled) & RB_BUFFER_OFF);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_is_set_on);

/**
 * ring_buffer_record_disable_cpu - stop writes to one CPU's ring, counted
 * @buffer: the ring buffer
 * @cpu:    the CPU
 */
void ring_buffer_record_disable_cpu(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_of(buffer, cpu);

	if (cb)
		atomic_inc(&cb->record_disabled);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_disable_cpu);

/**
 * ring_buffer_record_enable_cpu - undo ring_buffer_record_disable_cpu()
 * @buffer: the ring buffer
 * @cpu:    the CPU
 */
void ring_buffer_record_enable_cpu(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_of(buffer, cpu);

	if (cb)
		atomic_dec(&cb->record_disabled);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_enable_cpu);

#ifdef CONFIG_RING_BUFFER_ALLOW_SWAP
/**
 * ring_buffer_swap_cpu - exchange one CPU's ring between two buffers
 * @buffer_a: one buffer
 * @buffer_b: the other
 * @cpu:      the CPU
 *
 * For snapshots.  Call it on @cpu with interrupts disabled (directly or
 * from an IPI): a writer it interrupted is seen by its nest count and the
 * swap refused; writers that start after it see the rings swapped.  A
 * buffer switched off with ring_buffer_record_off() may be swapped (its
 * on/off state stays with the buffer, not the ring); one disabled with
 * ring_buffer_record_disable(), or a ring disabled on its own, may not.
 *
 * Return: 0, -EINVAL if the buffers differ in size or sub-buffer order or
 * lack the CPU, -EAGAIN while recording is disabled, -EBUSY if a writer is
 * in flight or either ring is mapped to user space.
 */
int ring_buffer_swap_cpu(struct trace_buffer *buffer_a,
			 struct trace_buffer *buffer_b, int cpu)
{
	struct rb_cpu *ca = rb_cpu_of(buffer_a, cpu);
	struct rb_cpu *cb = rb_cpu_of(buffer_b, cpu);
	int ret = -EINVAL;

	if (!ca || !cb || ca->nr_pages != cb->nr_pages ||
	    buffer_a->order != buffer_b->order)
		return -EINVAL;
	/*
	 * A mapped ring stays where user space mapped it.  The tracing core
	 * keeps snapshots and mappings apart under trace_types_lock
	 * (trace_snapshot.c); this is the backstop, a racy peek at a
	 * pointer set under buffer->mutex.
	 */
	if (READ_ONCE(ca->meta) || READ_ONCE(cb->meta))
		return -EBUSY;
	if ((atomic_read(&buffer_a->record_disabled) & ~RB_BUFFER_OFF) ||
	    (atomic_read(&buffer_b->record_disabled) & ~RB_BUFFER_OFF) ||
	    atomic_read(&ca->record_disabled) ||
	    atomic_read(&cb->record_disabled))
		return -EAGAIN;

	atomic_inc(&ca->record_disabled);
	atomic_inc(&cb->record_disabled);
	/*
	 * record_disabled before nest is read.  The writer's side,
	 * rb_writer_enter(), raises nest and then reads record_disabled
	 * and buffers[cpu] with only a barrier(): enough because this runs
	 * on @cpu, the writer then being an interrupted context of this
	 * CPU.  From another CPU the pairing would be store-buffering
	 * against a barrier() and a writer in flight could be missed, so
	 * every caller runs here: the snapshot file by IPI, the latency
	 * tracers on their own CPU or by irq work (trace_latency_swap.c).
	 */
	smp_mb();
	ret = -EBUSY;
	if (!local_read(&ca->nest) && !local_read(&cb->nest)) {
		/*
		 * buffers[] is read plainly by ring_buffer_unlock_commit()
		 * and friends on @cpu; ->buffer by rb_writer_enter()
		 * (READ_ONCE).
		 */
		WRITE_ONCE(buffer_a->buffers[cpu], cb);
		WRITE_ONCE(buffer_b->buffers[cpu], ca);
		WRITE_ONCE(ca->buffer, buffer_b);
		WRITE_ONCE(cb->buffer, buffer_a);
		ret = 0;
	}
	atomic_dec(&ca->record_disabled);
	atomic_dec(&cb->record_disabled);
	return ret;
}
EXPORT_SYMBOL_GPL(ring_buffer_swap_cpu);
#endif
