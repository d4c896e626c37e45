/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Ring buffer writes for tracers that hold ftrace's recursion guard
 * (ftrace_test_recursion_trylock()) around them: the function tracer and
 * the function graph entry.  The guard already refuses a second writer of
 * the same context and keeps preemption disabled, so these skip the ring
 * buffer's own recursion check and preemption toggle.  And writes of a
 * time the writer has read already (function_graph's call and return
 * times), which need not read the clock again.  Not exported.
 */
#ifndef _RING_BUFFER_GUARDED_H
#define _RING_BUFFER_GUARDED_H

#include <linux/types.h>

struct trace_buffer;
struct ring_buffer_event;

struct ring_buffer_event *
ring_buffer_reserve_guarded(struct trace_buffer *buffer, unsigned long length);
struct ring_buffer_event *
ring_buffer_reserve_guarded_at(struct trace_buffer *buffer,
			       unsigned long length, u64 now);
void ring_buffer_commit_guarded(struct trace_buffer *buffer);
struct ring_buffer_event *
ring_buffer_lock_reserve_at(struct trace_buffer *buffer, unsigned long length,
			    u64 now);

#endif /* _RING_BUFFER_GUARDED_H */
