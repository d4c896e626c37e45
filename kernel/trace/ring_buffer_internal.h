/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * What the files of the ring buffer share (ring_buffer.c: the writer and
 * the reader; ring_buffer_alloc.c, _map.c, _iter.c, _config.c,
 * _stats.c, _wait.c): the binary format, the in-memory structures and
 * the small helpers.  Not for use outside kernel/trace/ring_buffer*.c.
 */
#ifndef _RING_BUFFER_INTERNAL_H
#define _RING_BUFFER_INTERNAL_H

#include <linux/atomic.h>
#include <linux/cpu.h>
#include <linux/cpuhotplug.h>
#include <linux/export.h>
#include <linux/hardirq.h>
#include <linux/irq_work.h>
#include <linux/kernel.h>
#include <linux/highmem.h>
#include <linux/mm.h>
#include <linux/mutex.h>
#include <linux/poll.h>
#include <linux/preempt.h>
#include <linux/ring_buffer.h>
#include <linux/sched.h>
#include <linux/sched/clock.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/trace_clock.h>
#include <linux/trace_seq.h>
#include <linux/wait.h>

#include <asm/local.h>
#include <asm/local64.h>

#include "ring_buffer_guarded.h"

/* ------------------------------------------------------------------ */
/* The binary format (ABI: trace_pipe_raw, events/header_page)        */
/* ------------------------------------------------------------------ */

/* RB_ALIGN, RB_HDR, rb_data_size(): in ring_buffer_guarded.h. */

/*
 * One sub-buffer as user space sees it.
 *
 *  0           8             RB_PAGE_HDR                   PAGE_SIZE << order
 *  +-----------+-------------+------------------------------------------+
 *  | time_stamp|   commit    | data[]: records, back to back            |
 *  +-----------+-------------+------------------------------------------+
 *                            |<------------ capacity ------------------>|
 *
 *  data[] of the page the writer is on (all offsets from data[0]):
 *
 *  +-----+-----+-----+-----+---------------------+-----------------------+
 *  | rec | rec | rec | rec | reserved, being     |  free                 |
 *  +-----+-----+-----+-----+ filled (nest > 0)   +-----------------------+
 *                          ^                     ^                       ^
 *                       commit        rb_tail_off(tail)           capacity
 *
 *  Readers look at [0, commit) only.  The writer moves commit up to the
 *  tail in rb_publish(); once it has left the page, the next publish sets
 *  commit to rb_page.end (where its last record ends), final until the
 *  page is reused a lap later.
 *  time_stamp is the clock of the first record, the deltas of the
 *  records that follow add up from it.  A record is a 4-byte header
 *  (type_len:5, time_delta:27) and array[]:
 *
 *    type_len 1..28   data, payload of type_len * 4 bytes in array[0..]
 *    type_len 0       data, payload length in array[0], payload after it
 *    PADDING          discarded record (array[0] = length - 4), or with
 *                     time_delta 0: nothing more in this page
 *    TIME_EXTEND      8 bytes: a delta too wide for 27 bits
 *    TIME_STAMP       8 bytes: an absolute time (the abs mode)
 */
struct rb_data_page {
	u64		time_stamp;	/* absolute time of the first record */
	local_t		commit;		/* bytes of records, plus RB_MISSED_* */
	unsigned char	data[] __aligned(RB_ALIGN);
};

#define RB_PAGE_HDR		offsetof(struct rb_data_page, data)
#define RB_LEN_EXT		8U	/* TIME_EXTEND and TIME_STAMP records */
#define RB_TYPE_BITS		5	/* type_len */
#define RB_DELTA_BITS		27	/* time_delta */
#define RB_DELTA_MAX		((1ULL << RB_DELTA_BITS) - 1)
#define RB_EXT_BITS		59	/* what a TIME_EXTEND can carry */

/*
 * Flags a reader sets in the commit word of a page it hands out: events
 * were lost before this page, and (STORED) their number is the unsigned
 * long right after the records.
 */
#define RB_MISSED_EVENTS	BIT(31)
#define RB_MISSED_STORED	BIT(30)
#define RB_MISSED_FLAGS		(RB_MISSED_EVENTS | RB_MISSED_STORED)

/* ------------------------------------------------------------------ */
/* In-memory structures                                               */
/* ------------------------------------------------------------------ */

/*
 * Tail word: | ref : 4 | seq low bits : 19 | page id : RB_ID_BITS |
 * offset : 21 |.  The offset field holds up to the largest sub-buffer
 * (1 MiB) exactly.  The sequence bits only make tail values of different
 * laps differ.  ref names the entry of rb_cpu.times[] that holds the time
 * of the record ending at the tail (see there).
 *
 * The two packed words of a ring, most significant bit first:
 *
 *        63  60 59        41 40          21 20            0
 *  tail  | ref | seq (19)   |   page id    |    offset     |
 *  slot  |      tag: the sequence (44) |   page id    |
 *        63                          20 19            0
 */
#define RB_OFF_BITS		21
#define RB_ID_BITS		20
#define RB_OFF_MASK		((1ULL << RB_OFF_BITS) - 1)
#define RB_ID_MASK		((1ULL << RB_ID_BITS) - 1)
#define RB_MAX_PAGES		(RB_ID_MASK - 1)	/* ids 0..nr_pages */
#define RB_MAX_ORDER		(RB_OFF_BITS - 1 - PAGE_SHIFT)

/* Writers of one CPU that may be between reserve and commit at once. */
#define RB_LVL_BITS		3
#define RB_MAX_NEST		BIT(RB_LVL_BITS)

/*
 * The tail's ref: rb_cpu.times[ref] is the time of the record that ends
 * at the tail.  A writer at nesting level L keeps its time in entry
 * 2 L or 2 L + 1, whichever the tail it read does not name
 * (rb_tail_ref_for()).
 */
#define RB_REF_SHIFT		(64 - RB_LVL_BITS - 1)
#define RB_POS_MASK		((1ULL << RB_REF_SHIFT) - 1)
#define RB_NR_TIMES		(2 * RB_MAX_NEST)
/*
 * A time no clock reads: rb_cpu.times[] of a page move not finished yet
 * (rb_move_tail()).  Later than any clock reading, it looks to the
 * writer that reads it like a clock that went backwards, and it is far
 * from any absolute stamp.
 */
#define RB_TIME_UNKNOWN		((u64)S64_MAX)

/* The preempt_count() bits that tell a writer's context apart. */
#define RB_CTX_MASK		(NMI_MASK | HARDIRQ_MASK | SOFTIRQ_OFFSET)
/* rb_cpu.ctx[] of a guarded writer (ring_buffer_reserve_guarded()). */
#define RB_CTX_GUARDED		(~0U)

#define RB_BUFFER_OFF		BIT(20)

struct buffer_data_read_page {
	unsigned int		order;
	struct rb_data_page	*data;
};

/**
 * struct rb_page - one sub-buffer of a CPU's ring
 * @data:    the data page; the reader may exchange it for a caller's page
 *           while the page is off the ring and complete
 * @seq:     the sequence number the page holds; set by the writer entering
 *           it (before the tail points at it)
 * @next:    the page the writer went to from this one (commit chain)
 * @entries: data events reserved in the page and not discarded
 * @end:     bytes of records once the writer has left the page
 * @slot:    the ring slot the page is in, or came from
 * @id:      index in rb_cpu.pages
 * @map_id:  index of @data in a user mapping of the ring (ring_buffer_map())
 * @kept:    marks the pages a resize keeps
 */
struct rb_page {
	struct rb_data_page	*data;
	unsigned long		seq;
	struct rb_page		*next;
	local_t			entries;
	unsigned int		end;
	unsigned int		slot;
	unsigned int		id;
	unsigned int		map_id;
	bool			kept;	/* rb_cpu_resize() bookkeeping */
};

/* What a writer remembers about its reservation, per nesting level. */
struct rb_rsv {
	u64	start;		/* tail before the reservation */
	u64	end;		/* tail after it */
	u64	prev_ts;	/* the time of the record before it */
};

/* Tasks waiting for data, and the irq_work a writer uses to wake them. */
struct rb_waiters {
	struct irq_work		work;
	wait_queue_head_t	wq;		/* any data */
	wait_queue_head_t	full_wq;	/* a fill percentage */
	atomic_t		seq;		/* bumped by every wake up */
	/* @any: all flags, for the writer's one-load peek */
	union {
		struct {
			u8	want;		/* someone sleeps on @wq */
			u8	full;		/* least percentage waited for */
			/* a ring's: look at the buffer's @want */
			u8	all;
		};
		u32		any;
	};
};

/* Counters the writer keeps; reset clears them all at once. */
struct rb_wstats {
	local_t		entries;	/* events committed */
	local_t		overrun;	/* events overwritten unread */
	local_t		commit_overrun;	/* dropped: commit still pending */
	local_t		dropped;	/* dropped: full, no overwrite */
	local_t		left_bytes;	/* in pages the tail left */
	local_t		lost_bytes;
};

/* Counters the reader keeps, under reader_lock. */
struct rb_rstats {
	unsigned long	lost;		/* overwritten, not yet reported */
	unsigned long	overrun_seen;	/* ws.overrun when last looked at */
	unsigned long	read;		/* events consumed */
	unsigned long	read_bytes;
};

/**
 * struct rb_cpu - the ring of one CPU
 *
 * Fields are grouped by who writes them.  "Writer" fields are written only
 * by writers on @cpu (and by reset/resize with the writers stopped); the
 * reader reads some of them as noted.
 */
struct rb_cpu {
	/* writer */
	local64_t		tail;
	local_t			nest;
	unsigned int		ctx_group;	/* ring_buffer_nest_start() */
	struct rb_page		*commit_page;
	unsigned long		commit_seq;	/* read by readers (acquire) */
	/*
	 * times[rb_tail_ref(tail)] is the time of the record that ends at
	 * the tail (the page's time stamp, if it is the first), unless the
	 * tail is at offset 0 or the entry is RB_TIME_UNKNOWN.  A writer
	 * at level L stores its time in the entry of its level the tail
	 * does not name, then names it in the cmpxchg that reserves: the
	 * tail and its time change in one step.  Entries of level L are
	 * stored only by the writer at level L, and only that writer makes
	 * the tail name one of them (reserving or discarding): so no entry
	 * changes while the tail names it, and a writer that read a tail
	 * and its entry can only find them disagree after the tail moved,
	 * when its cmpxchg fails.
	 */
	u64			times[RB_NR_TIMES];
	struct rb_rsv		rsv[RB_MAX_NEST];
	unsigned int		ctx[RB_MAX_NEST];	/* rb_ctx_recursing() */
	struct rb_wstats	ws;

	/* fixed between reset/resize */
	struct trace_buffer	*buffer;
	int			cpu;
	unsigned int		nr_pages;
	atomic64_t		*slots;		/* nr_pages words */
	struct rb_page		**pages;	/* nr_pages + 1, by id */
	atomic_t		record_disabled;

	/* reader: under reader_lock */
	raw_spinlock_t		reader_lock;
	struct rb_page		*rpage;		/* the reader's page */
	unsigned long		rseq;		/* its sequence in the ring */
	unsigned int		rpos;		/* bytes consumed in it */
	u64			rstamp;		/* time stamp at rpos */
	unsigned long		rnext;		/* next sequence to take */
	struct rb_rstats	rs;
	unsigned long		gen;		/* bumped by consuming reads */

	/*
	 * user space mapping (ring_buffer_map()): @mapped under
	 * buffer->mutex; @meta and @map_data set and cleared under both
	 * buffer->mutex and reader_lock; @map_lost under reader_lock.
	 * While @meta is set no sub-buffer leaves the ring: no resize, no
	 * page trade in ring_buffer_read_page(), no swap with a snapshot.
	 */
	unsigned int		mapped;		/* vmas mapping the ring */
	struct trace_buffer_meta *meta;
	struct rb_data_page	**map_data;	/* by rb_page.map_id */
	unsigned long		map_lost;	/* lost before the reader page */

	struct rb_waiters	waiters;
};

/**
 * struct trace_buffer - a ring buffer: one ring per CPU
 *
 * The first group is what every writer reads; it changes only under
 * @mutex (clock, abs: the caller resets the buffer afterwards).
 */
struct trace_buffer {
	atomic_t		record_disabled;
	unsigned int		flags;
	bool			abs;
	unsigned int		capacity;	/* data bytes per sub-buffer */
	unsigned int		max_data;	/* largest payload */
	u64			(*clock)(void);
	struct rb_cpu		**buffers;
	cpumask_var_t		cpumask;

	int			order;		/* sub-buffer is PAGE_SIZE << order */
	unsigned long		nr_pages;	/* for CPUs that come online */
	struct mutex		mutex;
	atomic_t		iterators;
	struct lock_class_key	*reader_key;
	struct hlist_node	node;		/* CPUHP_TRACE_RB_PREPARE */
	struct rb_waiters	waiters;	/* RING_BUFFER_ALL_CPUS */
};

/* ------------------------------------------------------------------ */
/* Small helpers                                                      */
/* ------------------------------------------------------------------ */

static __always_inline unsigned int rb_tail_off(u64 t)
{
	return t & RB_OFF_MASK;
}

static __always_inline unsigned int rb_tail_id(u64 t)
{
	return (t >> RB_OFF_BITS) & RB_ID_MASK;
}

static __always_inline u64 rb_tail_make(unsigned long seq, unsigned int id,
					unsigned int off)
{
	return (((u64)seq << (RB_OFF_BITS + RB_ID_BITS)) & RB_POS_MASK) |
	       ((u64)id << RB_OFF_BITS) | off;
}

static __always_inline u64 rb_slot_make(unsigned long seq, unsigned int id)
{
	return ((u64)seq << RB_ID_BITS) | id;
}

/* Is slot word @w tagged for sequence @seq? */
static __always_inline bool rb_slot_is(u64 w, unsigned long seq)
{
	return ((w ^ ((u64)seq << RB_ID_BITS)) >> RB_ID_BITS) == 0;
}

/*
 * local64_cmpxchg() of the tail, inline even in a kernel built for size
 * (riscv's defconfig), where the compiler calls the generic header's
 * plain inline out of line.  64-bit: local64_t is a local_t there.
 */
static __always_inline u64 rb_tail_cmpxchg(local64_t *tail, u64 old, u64 new)
{
#if BITS_PER_LONG == 64
	return local_cmpxchg(&tail->a, old, new);
#else
	return local64_cmpxchg(tail, old, new);
#endif
}

static __always_inline unsigned long rb_tail_ref(u64 t)
{
	return t >> RB_REF_SHIFT;
}

static __always_inline u64 rb_tail_with_ref(u64 t, unsigned int ref)
{
	return (t & RB_POS_MASK) | ((u64)ref << RB_REF_SHIFT);
}

/* The times[] entry of a writer at @level that reserves after tail @t. */
static __always_inline unsigned long rb_tail_ref_for(u64 t,
						     unsigned long level)
{
	return 2 * level + ((rb_tail_ref(t) & 1) ^ 1);
}

static __always_inline bool rb_seq_after(unsigned long a, unsigned long b)
{
	return (long)(a - b) > 0;
}

static __always_inline struct rb_cpu *rb_cpu_of(struct trace_buffer *buffer,
						int cpu)
{
	if (cpu < 0 || cpu >= nr_cpu_ids ||
	    !cpumask_test_cpu(cpu, buffer->cpumask))
		return NULL;
	return buffer->buffers[cpu];
}

/*
 * The header word, built in a register and stored once: a struct
 * ring_buffer_event built on the stack costs a read-modify-write of each
 * bit-field and, for its flexible array, a stack canary.  The bit-fields'
 * order in the word follows the compiler's bit-field endianness.
 */
static __always_inline void rb_set_header(struct ring_buffer_event *ev,
					  unsigned int type_len, u32 delta)
{
	u32 word;

#ifdef __LITTLE_ENDIAN_BITFIELD
	word = (u32)(delta & RB_DELTA_MAX) << RB_TYPE_BITS | type_len;
#else
	word = (u32)type_len << RB_DELTA_BITS | (delta & RB_DELTA_MAX);
#endif
	*(u32 *)ev = word;
}

/*
 * Write the header of a data record of @size bytes, @type_len its
 * rb_data_type_len().
 */
static __always_inline void rb_write_data_header(struct ring_buffer_event *ev,
						 unsigned int size,
						 unsigned int type_len,
						 u32 delta)
{
	rb_set_header(ev, type_len, delta);
	if (!type_len)
		ev->array[0] = size - RB_HDR;
}

/* An 8-byte record carrying @val in 27 + 32 bits. */
static __always_inline void rb_write_wide(struct ring_buffer_event *ev,
					  unsigned int type, u64 val)
{
	rb_set_header(ev, type, val & RB_DELTA_MAX);
	ev->array[0] = val >> RB_DELTA_BITS;
}

static __always_inline u64 rb_wide_value(struct ring_buffer_event *ev)
{
	return ((u64)ev->array[0] << RB_DELTA_BITS) | ev->time_delta;
}

/*
 * An absolute stamp keeps 59 bits.  The top bits are those of the stamp
 * before it (the sub-buffer's, for the first record), adjusted when the
 * 59 bits wrapped between the two: writers start a new sub-buffer rather
 * than write a stamp half the range or more away from the previous one.
 */
static inline u64 rb_abs_value(struct ring_buffer_event *ev, u64 before)
{
	const u64 block = 1ULL << RB_EXT_BITS;
	u64 ts = rb_wide_value(ev) | (before & ~(block - 1));

	if (ts + block / 2 <= before)
		ts += block;
	else if (ts >= before + block / 2 && ts >= block)
		ts -= block;
	return ts;
}

/*
 * Can an absolute stamp @ts follow the stamp @prev?  Only if they are
 * less than half the 59-bit range apart, for rb_abs_value().
 */
static __always_inline bool rb_abs_near(u64 ts, u64 prev)
{
	return (ts - prev + (1ULL << (RB_EXT_BITS - 1))) >> RB_EXT_BITS == 0;
}

static __always_inline u64 rb_clock(struct trace_buffer *buffer)
{
	/*
	 * A direct call for the usual clock: no retpoline on the hot path.
	 * trace_clock_local() is sched_clock() read with preemption off, and
	 * sched_clock() is sched_clock_noinstr() read with preemption off
	 * (x86, the generic sched_clock of riscv; elsewhere the header's
	 * sched_clock_noinstr() is sched_clock() itself).  Every caller has
	 * preemption off already, so both wrappers are skipped.
	 */
	if (likely(buffer->clock == trace_clock_local))
		return sched_clock_noinstr();
	return buffer->clock();
}

/*
 * Can @now, a writer's trace_clock_local() reading of just before, be
 * its record's time?  When that is the buffer's clock and stamps are
 * relative.
 */
static __always_inline bool rb_now_usable(struct trace_buffer *buffer,
					  u64 now)
{
	return now && likely(buffer->clock == trace_clock_local &&
			     !buffer->abs);
}

/* The time of a writer's record: @now if usable, else the clock's. */
static __always_inline u64 rb_writer_clock(struct trace_buffer *buffer,
					   u64 now)
{
	if (rb_now_usable(buffer, now))
		return now;
	return rb_clock(buffer);
}

/*
 * Bytes of records in @data.  The reader of a mapped ring marks lost
 * events in the commit word of the page it hands to user space
 * (rb_map_mark_lost()); readers in the kernel look past those flags.
 */
static __always_inline unsigned int rb_commit_of(struct rb_data_page *data)
{
	return local_read(&data->commit) & ~RB_MISSED_FLAGS;
}

static __always_inline bool rb_is_data(struct ring_buffer_event *ev)
{
	return ev->type_len <= RINGBUF_TYPE_DATA_TYPE_LEN_MAX;
}

static inline unsigned int rb_slot_index(struct rb_cpu *cb, unsigned long seq)
{
	return seq % cb->nr_pages;
}

/* ring_buffer.c: the reader's steps, for the mapping and the iterators */
bool rb_reader_done(struct rb_cpu *cb);
struct ring_buffer_event *rb_reader_record(struct rb_cpu *cb);
void rb_reader_skip_rest(struct rb_cpu *cb, struct ring_buffer_event *ev,
			 unsigned int commit);
void rb_stamp_step(struct ring_buffer_event *ev, u64 *ts);
unsigned int rb_fit(struct ring_buffer_event *ev, unsigned int pos,
		    unsigned int commit);
unsigned long rb_ring_range(struct rb_cpu *cb, unsigned long *last);

/* ring_buffer.c: fill levels and wake-ups, for waiting and statistics */
size_t rb_dirty_pages(struct rb_cpu *cb);
bool rb_has_data(struct rb_cpu *cb);
bool rb_watermark(struct rb_cpu *cb, int full);
void rb_waiters_init(struct rb_waiters *w);

/* ring_buffer.c: sub-buffer memory */
struct rb_data_page *rb_alloc_data(int node, int order);
void rb_free_data(struct rb_data_page *data, int order);

/* ring_buffer_alloc.c */
void rb_set_order(struct trace_buffer *buffer, int order);

/* ring_buffer_map.c */
void rb_map_update(struct rb_cpu *cb);

#endif /* _RING_BUFFER_INTERNAL_H */
