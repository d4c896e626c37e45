/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The lockless per-CPU ring buffer that holds trace events.  Its API
 * arrives with the ring buffer itself (CONFIG_RING_BUFFER); until then
 * only the types that other tracing headers name exist.
 */
#ifndef _LINUX_RING_BUFFER_H
#define _LINUX_RING_BUFFER_H

#include <linux/mm.h>
#include <linux/poll.h>
#include <linux/seq_file.h>

#include <uapi/linux/trace_mmap.h>

struct trace_buffer;
struct ring_buffer_event;
struct ring_buffer_iter;

#endif /* _LINUX_RING_BUFFER_H */
