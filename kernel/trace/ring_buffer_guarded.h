/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Ring buffer writes for tracers that hold ftrace's recursion guard
 * (ftrace_test_recursion_trylock()) around them: the function tracer and
 * the function graph entry.  The guard already refuses a second writer of
 * the same context and keeps preemption disabled, so these skip the ring
 * buffer's own recursion check and preemption toggle.  Their records are
 * of a size known at compile time, so the record's size and header are
 * computed here, by the compiler.  And writes of a time the writer has
 * read already (function_graph's call and return times), which need not
 * read the clock again.  Not exported.
 */
#ifndef _RING_BUFFER_GUARDED_H
#define _RING_BUFFER_GUARDED_H

#include <linux/align.h>
#include <linux/build_bug.h>
#include <linux/ring_buffer.h>
#include <linux/types.h>

struct trace_buffer;
struct ring_buffer_event;

/*
 * Architectures that cannot load 64-bit values from 4-byte aligned
 * addresses keep records 8-byte aligned, and then every data record
 * carries its length in array[0] so that its payload starts 8-aligned.
 */
#ifdef CONFIG_HAVE_64BIT_ALIGNED_ACCESS
#define RB_ALIGN		8U
#define RB_ALWAYS_LONG		true
#else
#define RB_ALIGN		4U
#define RB_ALWAYS_LONG		false
#endif

#define RB_HDR			4U	/* the type_len/time_delta word */
#define RB_SMALL_MAX		(RINGBUF_TYPE_DATA_TYPE_LEN_MAX * 4U)

/*
 * The largest payload of a write of a compile-time size (the guarded
 * ones, ring_buffer_lock_reserve_at()): any sub-buffer, a page at least,
 * holds it, so the reserve does not compare it with the buffer's limit
 * (ring_buffer_max_event_size()).
 */
#define RB_GUARDED_MAX		256U

/* Bytes a data record with @length bytes of payload takes. */
static __always_inline unsigned int rb_data_size(unsigned long length)
{
	if (!length)
		length = 1;		/* a type_len of 0 means "long form" */
	if (RB_ALWAYS_LONG || length > RB_SMALL_MAX)
		length += sizeof(u32);
	return ALIGN(length + RB_HDR, RB_ALIGN);
}

/*
 * The type_len of a data record of @size bytes: its payload in words, or
 * 0 for the long form (payload length in array[0]).
 */
static __always_inline unsigned int rb_data_type_len(unsigned int size)
{
	unsigned int payload = size - RB_HDR;

	if (!RB_ALWAYS_LONG && payload <= RB_SMALL_MAX)
		return payload / 4;
	return 0;
}

struct ring_buffer_event *
__ring_buffer_reserve_guarded(struct trace_buffer *buffer, unsigned int size,
			      unsigned int type_len);
struct ring_buffer_event *
__ring_buffer_reserve_guarded_at(struct trace_buffer *buffer,
				 unsigned int size, unsigned int type_len,
				 u64 now);

/**
 * ring_buffer_reserve_guarded - reserve for a writer with its own guard
 * @buffer: the ring buffer
 * @length: payload bytes, a compile-time constant of RB_GUARDED_MAX or less
 *
 * As ring_buffer_lock_reserve(), for a writer that already holds
 * ftrace_test_recursion_trylock() for its context, which also keeps
 * preemption disabled: the ring buffer's own recursion check and
 * preemption toggle are skipped.  Anything traced from inside the ring
 * buffer re-enters that writer's guard and stops there; an event fired
 * from inside is let through once, as if it were an interrupt, and its
 * own recursion is refused as usual.
 * Commit with ring_buffer_commit_guarded() before dropping the guard.
 *
 * Return: the event, or NULL as ring_buffer_lock_reserve().
 */
static __always_inline struct ring_buffer_event *
ring_buffer_reserve_guarded(struct trace_buffer *buffer, unsigned long length)
{
	unsigned int size = rb_data_size(length);

	BUILD_BUG_ON(!__builtin_constant_p(length) || length > RB_GUARDED_MAX);
	return __ring_buffer_reserve_guarded(buffer, size,
					     rb_data_type_len(size));
}

/**
 * ring_buffer_reserve_guarded_at - a guarded reserve of a time already read
 * @buffer: the ring buffer
 * @length: payload bytes, as ring_buffer_reserve_guarded()
 * @now:    trace_clock_local(), read by the caller for this event
 *
 * ring_buffer_reserve_guarded() with the time stamp of
 * ring_buffer_lock_reserve_at().
 *
 * Return: the event, or NULL as ring_buffer_lock_reserve().
 */
static __always_inline struct ring_buffer_event *
ring_buffer_reserve_guarded_at(struct trace_buffer *buffer,
			       unsigned long length, u64 now)
{
	unsigned int size = rb_data_size(length);

	BUILD_BUG_ON(!__builtin_constant_p(length) || length > RB_GUARDED_MAX);
	return __ring_buffer_reserve_guarded_at(buffer, size,
						rb_data_type_len(size), now);
}

void ring_buffer_commit_guarded(struct trace_buffer *buffer);

struct ring_buffer_event *
__ring_buffer_lock_reserve_at(struct trace_buffer *buffer, unsigned int size,
			      unsigned int type_len, u64 now);

/**
 * ring_buffer_lock_reserve_at - reserve an event of a time already read
 * @buffer: the ring buffer
 * @length: payload bytes, a compile-time constant of RB_GUARDED_MAX or less
 * @now:    trace_clock_local(), read by the caller for this event
 *
 * As ring_buffer_lock_reserve(), for a writer that has just read the time
 * the event is about (the return time of a function, for one): the record
 * gets @now as its time stamp if the buffer's clock is trace_clock_local()
 * and its stamps are relative, instead of a second reading of the clock.
 * A @now earlier than the record before it (an interrupt wrote in
 * between) is raised to that record's time.
 *
 * Return: the event, or NULL as ring_buffer_lock_reserve().
 */
static __always_inline struct ring_buffer_event *
ring_buffer_lock_reserve_at(struct trace_buffer *buffer, unsigned long length,
			    u64 now)
{
	unsigned int size = rb_data_size(length);

	BUILD_BUG_ON(!__builtin_constant_p(length) || length > RB_GUARDED_MAX);
	return __ring_buffer_lock_reserve_at(buffer, size,
					     rb_data_type_len(size), now);
}

#endif /* _RING_BUFFER_GUARDED_H */
