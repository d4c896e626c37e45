/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The lockless per-CPU ring buffer that holds trace events.
 *
 * A buffer has one ring of sub-buffers ("pages") per CPU.  A writer only
 * ever writes to the ring of the CPU it runs on, without locks, and may be
 * interrupted by further writers (softirq, irq, NMI) on the same CPU.  Any
 * CPU may read any ring.  Sub-buffers and the events in them use the binary
 * layout that user space (trace-cmd, perf) parses from trace_pipe_raw, as
 * described by events/header_page and events/header_event.
 *
 * kernel/trace/ring_buffer.c and Documentation/trace/ring-buffer.rst
 * describe the design.
 */
#ifndef _LINUX_RING_BUFFER_H
#define _LINUX_RING_BUFFER_H

#include <linux/mm.h>
#include <linux/poll.h>
#include <linux/seq_file.h>

#include <uapi/linux/trace_mmap.h>

struct trace_buffer;
struct ring_buffer_iter;
struct trace_seq;

/*
 * struct ring_buffer_event - the header of one record in a sub-buffer
 * @type_len:   what the record is, see enum ring_buffer_type; for a data
 *              record of up to RINGBUF_TYPE_DATA_TYPE_LEN_MAX words, its
 *              payload length in 32-bit words
 * @time_delta: nanoseconds (clock units) since the previous record of the
 *              sub-buffer, or since the sub-buffer's time stamp for the
 *              first one
 * @array:      payload, or for type_len == 0 the total length in array[0]
 *              followed by the payload
 *
 * This is ABI: user space decodes it.  Use the accessors below.
 */
struct ring_buffer_event {
	u32		type_len:5, time_delta:27;

	u32		array[];
};

/**
 * enum ring_buffer_type - the record kinds of a sub-buffer
 * @RINGBUF_TYPE_DATA_TYPE_LEN_MAX: largest type_len of a data record whose
 *	length is type_len * 4 bytes of payload.  A data record with type_len
 *	0 keeps its length (payload plus the length word itself) in array[0]
 *	and its payload from array[1].
 * @RINGBUF_TYPE_PADDING: space that holds no event.  With time_delta 0 it
 *	fills the rest of the sub-buffer; otherwise it is a discarded record
 *	whose array[0] gives the bytes after the 4-byte header, and whose
 *	time_delta still counts.
 * @RINGBUF_TYPE_TIME_EXTEND: an 8-byte record that adds a delta too large
 *	for 27 bits: time_delta holds bits 0-26, array[0] bits 27-58.
 * @RINGBUF_TYPE_TIME_STAMP: an 8-byte record that sets the absolute time
 *	stamp of the records that follow: time_delta holds bits 0-26,
 *	array[0] bits 27-58; the top bits are those of the sub-buffer's stamp.
 */
enum ring_buffer_type {
	RINGBUF_TYPE_DATA_TYPE_LEN_MAX = 28,
	RINGBUF_TYPE_PADDING,
	RINGBUF_TYPE_TIME_EXTEND,
	RINGBUF_TYPE_TIME_STAMP,
};

unsigned int ring_buffer_event_length(struct ring_buffer_event *event);
void *__ring_buffer_event_data(struct ring_buffer_event *event);

/**
 * ring_buffer_event_data - the payload of an event
 * @event: an event returned by the ring buffer
 *
 * Inline for a data record of up to RINGBUF_TYPE_DATA_TYPE_LEN_MAX
 * words, the usual case; a longer one (its length in array[0]), a record
 * behind a time stamp prefix, or anything but data, goes to
 * __ring_buffer_event_data().
 *
 * Return: a pointer to the first payload byte.
 */
static inline void *ring_buffer_event_data(struct ring_buffer_event *event)
{
	/* type_len 1..RINGBUF_TYPE_DATA_TYPE_LEN_MAX: one compare, as u8 */
	if (likely((u8)(event->type_len - 1) < RINGBUF_TYPE_DATA_TYPE_LEN_MAX))
		return &event->array[0];
	return __ring_buffer_event_data(event);
}

u64 ring_buffer_event_time_stamp(struct trace_buffer *buffer,
				 struct ring_buffer_event *event);

/*
 * ring_buffer_discard_commit() drops an event that was reserved and not
 * yet committed; call it instead of ring_buffer_unlock_commit():
 *
 *	if (unwanted)
 *		ring_buffer_discard_commit(buffer, event);
 *	else
 *		ring_buffer_unlock_commit(buffer);
 *
 * The space is given back when nothing was reserved after the event;
 * otherwise the event becomes padding that readers skip.
 */
void ring_buffer_discard_commit(struct trace_buffer *buffer,
				struct ring_buffer_event *event);

/* @size is in bytes, per CPU. */
struct trace_buffer *
__ring_buffer_alloc(unsigned long size, unsigned int flags,
		    struct lock_class_key *key);

/*
 * Each call site gets its own lock class for the buffer's reader locks, so
 * that lockdep does not mistake a buffer used inside another buffer's
 * reader for recursion.
 */
#define ring_buffer_alloc(size, flags)			\
({							\
	static struct lock_class_key __key;		\
	__ring_buffer_alloc((size), (flags), &__key);	\
})

typedef bool (*ring_buffer_cond_fn)(void *data);
int ring_buffer_wait(struct trace_buffer *buffer, int cpu, int full,
		     ring_buffer_cond_fn cond, void *data);
__poll_t ring_buffer_poll_wait(struct trace_buffer *buffer, int cpu,
			       struct file *filp, poll_table *poll_table,
			       int full);
void ring_buffer_wake_waiters(struct trace_buffer *buffer, int cpu);

#define RING_BUFFER_ALL_CPUS -1

void ring_buffer_free(struct trace_buffer *buffer);

int ring_buffer_resize(struct trace_buffer *buffer, unsigned long size,
		       int cpu);

void ring_buffer_change_overwrite(struct trace_buffer *buffer, int val);

struct ring_buffer_event *ring_buffer_lock_reserve(struct trace_buffer *buffer,
						   unsigned long length);
int ring_buffer_unlock_commit(struct trace_buffer *buffer);
int ring_buffer_write(struct trace_buffer *buffer,
		      unsigned long length, void *data);

void ring_buffer_nest_start(struct trace_buffer *buffer);
void ring_buffer_nest_end(struct trace_buffer *buffer);

struct ring_buffer_event *
ring_buffer_peek(struct trace_buffer *buffer, int cpu, u64 *ts,
		 unsigned long *lost_events);
struct ring_buffer_event *
ring_buffer_consume(struct trace_buffer *buffer, int cpu, u64 *ts,
		    unsigned long *lost_events);

struct ring_buffer_iter *
ring_buffer_read_start(struct trace_buffer *buffer, int cpu, gfp_t flags);
void ring_buffer_read_finish(struct ring_buffer_iter *iter);

struct ring_buffer_event *
ring_buffer_iter_peek(struct ring_buffer_iter *iter, u64 *ts);
void ring_buffer_iter_advance(struct ring_buffer_iter *iter);
void ring_buffer_iter_reset(struct ring_buffer_iter *iter);
int ring_buffer_iter_empty(struct ring_buffer_iter *iter);
bool ring_buffer_iter_dropped(struct ring_buffer_iter *iter);

unsigned long ring_buffer_size(struct trace_buffer *buffer, int cpu);
unsigned long ring_buffer_max_event_size(struct trace_buffer *buffer);

void ring_buffer_reset_cpu(struct trace_buffer *buffer, int cpu);
void ring_buffer_reset_online_cpus(struct trace_buffer *buffer);
void ring_buffer_reset(struct trace_buffer *buffer);
void ring_buffer_reset_since(struct trace_buffer *buffer, unsigned long cookie);

#ifdef CONFIG_RING_BUFFER_ALLOW_SWAP
int ring_buffer_swap_cpu(struct trace_buffer *buffer_a,
			 struct trace_buffer *buffer_b, int cpu);
#else
static inline int
ring_buffer_swap_cpu(struct trace_buffer *buffer_a,
		     struct trace_buffer *buffer_b, int cpu)
{
	return -ENODEV;
}
#endif

bool ring_buffer_empty(struct trace_buffer *buffer);
bool ring_buffer_empty_cpu(struct trace_buffer *buffer, int cpu);

void ring_buffer_record_disable(struct trace_buffer *buffer);
void ring_buffer_record_enable(struct trace_buffer *buffer);
void ring_buffer_record_off(struct trace_buffer *buffer);
void ring_buffer_record_on(struct trace_buffer *buffer);
bool ring_buffer_record_is_on(struct trace_buffer *buffer);
bool ring_buffer_record_is_set_on(struct trace_buffer *buffer);
void ring_buffer_record_disable_cpu(struct trace_buffer *buffer, int cpu);
void ring_buffer_record_enable_cpu(struct trace_buffer *buffer, int cpu);

u64 ring_buffer_oldest_event_ts(struct trace_buffer *buffer, int cpu);
unsigned long ring_buffer_bytes_cpu(struct trace_buffer *buffer, int cpu);
unsigned long ring_buffer_entries(struct trace_buffer *buffer);
unsigned long ring_buffer_overruns(struct trace_buffer *buffer);
unsigned long ring_buffer_entries_cpu(struct trace_buffer *buffer, int cpu);
unsigned long ring_buffer_overrun_cpu(struct trace_buffer *buffer, int cpu);
unsigned long ring_buffer_commit_overrun_cpu(struct trace_buffer *buffer,
					     int cpu);
unsigned long ring_buffer_dropped_events_cpu(struct trace_buffer *buffer,
					     int cpu);
unsigned long ring_buffer_read_events_cpu(struct trace_buffer *buffer, int cpu);

u64 ring_buffer_time_stamp(struct trace_buffer *buffer);
void ring_buffer_normalize_time_stamp(struct trace_buffer *buffer,
				      int cpu, u64 *ts);
void ring_buffer_set_clock(struct trace_buffer *buffer,
			   u64 (*clock)(void));
void ring_buffer_set_time_stamp_abs(struct trace_buffer *buffer, bool abs);
bool ring_buffer_time_stamp_abs(struct trace_buffer *buffer);

size_t ring_buffer_nr_dirty_pages(struct trace_buffer *buffer, int cpu);

struct buffer_data_read_page;
int ring_buffer_alloc_read_page(struct trace_buffer *buffer, int cpu,
				struct buffer_data_read_page **rpage);
void ring_buffer_free_read_page(struct trace_buffer *buffer, int cpu,
				struct buffer_data_read_page *page);
int ring_buffer_read_page(struct trace_buffer *buffer,
			  struct buffer_data_read_page *data_page,
			  size_t len, int cpu, int full);
void *ring_buffer_read_page_data(struct buffer_data_read_page *page);
unsigned int ring_buffer_read_page_size(struct buffer_data_read_page *rpage);

struct vm_area_struct;
int ring_buffer_map(struct trace_buffer *buffer, int cpu,
		    struct vm_area_struct *vma);
void ring_buffer_map_dup(struct trace_buffer *buffer, int cpu);
int ring_buffer_unmap(struct trace_buffer *buffer, int cpu);
int ring_buffer_map_get_reader(struct trace_buffer *buffer, int cpu);

int ring_buffer_print_entry_header(struct trace_seq *s);
int ring_buffer_print_page_header(struct trace_buffer *buffer,
				  struct trace_seq *s);

int ring_buffer_subbuf_order_get(struct trace_buffer *buffer);
int ring_buffer_subbuf_order_set(struct trace_buffer *buffer, int order);
int ring_buffer_subbuf_size_get(struct trace_buffer *buffer);

enum ring_buffer_flags {
	RB_FL_OVERWRITE		= 1 << 0,
};

#ifdef CONFIG_RING_BUFFER
int trace_rb_cpu_prepare(unsigned int cpu, struct hlist_node *node);
#else
#define trace_rb_cpu_prepare	NULL
#endif

#endif /* _LINUX_RING_BUFFER_H */
