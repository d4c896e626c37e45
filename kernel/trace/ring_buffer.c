// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The lockless per-CPU ring buffer for trace events.
 *
 * Documentation/trace/ring-buffer.rst describes the design for readers of
 * this file; the comments here give the rules at the places they apply.
 * The drawings sit by the code that relies on them: the sub-buffer at
 * struct rb_data_page, the packed tail/stamp/slot words after it, slots,
 * laps and the writer/reader race above rb_move_tail(), nested writers
 * and the commit chain above rb_publish(), the reader's page swap at
 * rb_take_page().
 *
 * Shape
 * -----
 * A trace_buffer has one struct rb_cpu per CPU.  An rb_cpu owns nr_pages + 1
 * sub-buffers ("pages", struct rb_page, each with a data page in the ABI
 * layout of struct rb_data_page).  nr_pages of them sit in a fixed array of
 * ring slots; the remaining one belongs to the reader.  Pages are numbered
 * by a sequence number that grows by one each time the writer enters the
 * next slot, so page sequence s lives in slot s % nr_pages.
 *
 * A slot is one 64-bit word holding the page's id and a tag: the sequence
 * number the slot's content is for.  Every change of a slot is a cmpxchg
 * of that word, so ownership of a page is decided in one atomic step:
 *
 *  - the writer entering sequence s finds the slot tagged s (a fresh page:
 *    never used, or put there by the reader), or tagged s - nr_pages (the
 *    page still holds unread events of the previous lap).  In overwrite
 *    mode it retags the slot to s and reuses the page, counting its events
 *    as overrun; otherwise it drops the event.
 *  - the reader taking sequence h swaps its spare page into the slot,
 *    tagged h + nr_pages, and keeps the page it took.
 *
 * The writer
 * ----------
 * Only writers on the buffer's own CPU write it, nested at most a few deep
 * (task, softirq, irq, NMI, and ring_buffer_nest_start()).  An inner writer
 * runs to completion inside any instruction of an outer one, so each step
 * of the writer either happens in one local cmpxchg or is made harmless to
 * the writers that can interrupt it.  The state is:
 *
 *  tail       the reservation cursor: page id, write offset and the low bits
 *             of the page's sequence in one local64 word.  A reservation
 *             is a local cmpxchg of the tail; moving to the next page is a
 *             cmpxchg of the tail to offset 0 of that page (the event that
 *             moves it is reserved in the same step).
 *  stamp      one local64 word: a tail value and the nesting level of the
 *             writer that produced it; that writer's time stamp is in its
 *             per-level record rsv[level].ts.  Each event's delta is taken
 *             against that time, and only when the stamp's tail equals the
 *             tail read before reading the clock.  A writer fills rsv and
 *             then stores the stamp right after its cmpxchg; a writer that
 *             interrupts that window sees a stamp for another tail and,
 *             instead of guessing, starts a new page, whose header carries
 *             an absolute time stamp.  So every event's decoded time is
 *             exactly the clock value its writer read, and a writer that
 *             finds the tail at offset 0 needs no stamp at all.  The stamp
 *             is one word, and the time it names sits in a slot no other
 *             writer fills while the stamp can still match the tail (a
 *             writer at that level must first move the tail): a late store
 *             by an interrupted writer can only make the stamp stale,
 *             never pair a tail with the wrong time.
 *  nest       how many writers are between reserve and commit.  Only the
 *             outermost one publishes the commit (the page's ABI commit
 *             field and commit_seq); events of inner writers are published
 *             with it, because they sit after its event in the page.
 *
 * The reader
 * ----------
 * Readers serialise on the per-CPU reader_lock and take a whole page out
 * of the ring at a time with the slot cmpxchg above, so they never block
 * or slow the writer.  The page the writer is on may be taken too: the
 * writer keeps filling it, and the reader reads it up to its commit.  The
 * reader puts its previous page back into the ring only when the commit
 * has left that page, so the writer's commit chain (rb_page.next) never
 * points at a page the reader is about to recycle.
 *
 * Locks
 * -----
 *  trace_buffer.mutex   configuration: resize, reset, sub-buffer order,
 *                       overwrite mode, per-CPU allocation.  Sleeps.
 *  rb_cpu.reader_lock   the reader state of one CPU (reader page, read
 *                       position, counters the reader owns, iterators).
 *                       Raw spinlock, taken with interrupts disabled; in
 *                       NMI only tried.
 *  Writers take no lock.  Reset and resize stop the writers of a CPU with
 *  record_disabled and wait for those in flight with synchronize_rcu()
 *  (writers run with preemption disabled), then hold reader_lock.
 */
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
 * Tail word: | seq low bits : 23 | page id : RB_ID_BITS | offset : 21 |.
 * The offset field holds up to the largest sub-buffer (1 MiB) exactly.
 * The sequence bits only make tail values of different laps differ.
 *
 * The three packed words of a ring, most significant bit first:
 *
 *        63           41 40          21 20            0
 *  tail  | seq (low 23) |   page id    |    offset     |
 *  stamp | lvl | seq(20)|   page id    |    offset     |  lvl: 3 bits
 *  slot  |      tag: the sequence (44) |   page id    |
 *        63                          20 19            0
 *
 * A stamp is a tail value whose top RB_LVL_BITS name the rsv[] level that
 * holds its time; rb_stamp_at() compares the other 61 bits with the tail.
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
	u64	prev_ts;	/* the stamp's time before it */
	u64	ts;		/* the event's time stamp */
};

/* Tasks waiting for data, and the irq_work a writer uses to wake them. */
struct rb_waiters {
	struct irq_work		work;
	wait_queue_head_t	wq;		/* any data */
	wait_queue_head_t	full_wq;	/* a fill percentage */
	atomic_t		seq;		/* bumped by every wake up */
	/* @any: both flags, for the writer's one-load peek */
	union {
		struct {
			u8	want;		/* someone sleeps on @wq */
			u8	full;		/* least percentage waited for */
		};
		u16		any;
	};
};

/* Counters the writer keeps; reset clears them all at once. */
struct rb_wstats {
	local_t		entries;	/* events committed */
	local_t		overrun;	/* events overwritten unread */
	local_t		commit_overrun;	/* dropped: commit still pending */
	local_t		dropped;	/* dropped: full, no overwrite */
	local_t		written_bytes;
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
	local64_t		stamp;
	local_t			nest;
	unsigned int		ctx_group;	/* ring_buffer_nest_start() */
	struct rb_page		*commit_page;
	unsigned long		commit_seq;	/* read by readers (acquire) */
	u64			published;
	struct rb_rsv		rsv[RB_MAX_NEST];	/* 32 bytes: a shift */
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
	return ((u64)seq << (RB_OFF_BITS + RB_ID_BITS)) |
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
 * Stamp word: a tail value with its top RB_LVL_BITS sequence bits replaced
 * by the nesting level whose rsv[] holds the time of the record ending
 * there.
 */
#define RB_LVL_SHIFT		(64 - RB_LVL_BITS)
#define RB_POS_MASK		((1ULL << RB_LVL_SHIFT) - 1)
#define RB_NO_STAMP		(~0ULL)		/* matches no tail */

static __always_inline u64 rb_stamp_make(u64 tail, unsigned long level)
{
	return (tail & RB_POS_MASK) | ((u64)level << RB_LVL_SHIFT);
}

static __always_inline bool rb_stamp_at(u64 stamp, u64 tail)
{
	return !((stamp ^ tail) & RB_POS_MASK);
}

static __always_inline unsigned int rb_stamp_level(u64 stamp)
{
	return stamp >> RB_LVL_SHIFT;
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
static u64 rb_abs_value(struct ring_buffer_event *ev, u64 before)
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
 * The time of a writer's record: @now, when the writer read
 * trace_clock_local() for it just before and that is the buffer's clock
 * (relative stamps only); else a reading of the buffer's clock.
 */
static __always_inline u64 rb_writer_clock(struct trace_buffer *buffer,
					   u64 now)
{
	if (now && likely(buffer->clock == trace_clock_local && !buffer->abs))
		return now;
	return rb_clock(buffer);
}

/* ------------------------------------------------------------------ */
/* Event accessors                                                    */
/* ------------------------------------------------------------------ */

static __always_inline struct ring_buffer_event *
rb_skip_prefix(struct ring_buffer_event *ev)
{
	if (ev->type_len == RINGBUF_TYPE_TIME_EXTEND ||
	    ev->type_len == RINGBUF_TYPE_TIME_STAMP)
		return (void *)ev + RB_LEN_EXT;
	return ev;
}

/*
 * Bytes taken by the record at @ev, or 0 for the null padding that ends a
 * sub-buffer.
 */
static notrace unsigned int rb_record_size(struct ring_buffer_event *ev)
{
	switch (ev->type_len) {
	case RINGBUF_TYPE_PADDING:
		return ev->time_delta ? ev->array[0] + RB_HDR : 0;
	case RINGBUF_TYPE_TIME_EXTEND:
	case RINGBUF_TYPE_TIME_STAMP:
		return RB_LEN_EXT;
	case 0:
		return ev->array[0] + RB_HDR;
	default:
		return ev->type_len * 4 + RB_HDR;
	}
}

/**
 * ring_buffer_event_length - the payload length of an event
 * @event: an event returned by the ring buffer
 *
 * A time extend or absolute stamp in front of the event is skipped.  For
 * a data event the result is the payload size rounded up to the record
 * alignment, which may exceed what the writer asked for; for any other
 * record it is the size of the record.
 *
 * Return: the length in bytes.
 */
unsigned int notrace ring_buffer_event_length(struct ring_buffer_event *event)
{
	event = rb_skip_prefix(event);

	if (event->type_len > RINGBUF_TYPE_DATA_TYPE_LEN_MAX)
		return rb_record_size(event);
	if (event->type_len)
		return event->type_len * 4;
	return event->array[0] - sizeof(u32);
}
EXPORT_SYMBOL_GPL(ring_buffer_event_length);

/**
 * ring_buffer_event_data - the payload of an event
 * @event: an event returned by the ring buffer
 *
 * Return: a pointer to the first payload byte.
 */
void *notrace ring_buffer_event_data(struct ring_buffer_event *event)
{
	event = rb_skip_prefix(event);
	WARN_ON_ONCE(event->type_len > RINGBUF_TYPE_DATA_TYPE_LEN_MAX);
	return event->type_len ? (void *)&event->array[0] :
				 (void *)&event->array[1];
}
EXPORT_SYMBOL_GPL(ring_buffer_event_data);

/* ------------------------------------------------------------------ */
/* The write side                                                     */
/* ------------------------------------------------------------------ */

/*
 * Recursion guard.  A writer at nesting level n > 0 has the writer of
 * level n - 1 under it, which it interrupted, or which called it: the
 * ring buffer ran something traced.  Each writer leaves its context in
 * ctx[n]: the NMI, hardirq and softirq-serving bits of
 * preempt_count(), plus ctx_group, which ring_buffer_nest_start() bumps
 * for a nested write the caller means.  A writer whose context is that of
 * the writer under it is recursing, or is an interrupt that arrived
 * before preempt_count() showed it; one such level is let through, a
 * second refused.  RB_MAX_NEST bounds what is left.
 *
 * nest, ctx_group and ctx[] are this CPU's only: the concurrent
 * parties are interrupts and NMIs on this CPU, which leave nest and
 * ctx_group as they found them.  READ_ONCE/WRITE_ONCE only keep the
 * compiler from tearing or re-reading; no CPU barrier is needed.  An
 * interrupt between the raise of nest and the store of ctx[n] reads
 * the context a writer of level n left before: it can only take a real
 * interrupt for a recursion if that value and the writer of level n - 1
 * both match it, which an interrupt's context, higher than theirs,
 * cannot.
 *
 * Return: true if a writer of context @ctx at level @n must not write.
 */
static __always_inline bool rb_ctx_recursing(struct rb_cpu *cb, long n,
					     unsigned int ctx)
{
	return n && unlikely(READ_ONCE(cb->ctx[n - 1]) == ctx) &&
	       n > 1 && READ_ONCE(cb->ctx[n - 2]) == ctx;
}

/* The context word of the current writer, for rb_ctx_recursing(). */
static __always_inline unsigned int rb_ctx_now(struct rb_cpu *cb)
{
	return (preempt_count() & RB_CTX_MASK) | READ_ONCE(cb->ctx_group);
}

/*
 * rb_publish - make everything reserved so far visible to readers
 *
 * Called by the outermost writer only, when every reservation on this CPU
 * is complete.  Walks the commit from the page it is on to the tail page
 * along the rb_page.next chain the writers left, finalising each page's
 * ABI commit field, then sets the tail page's commit to the tail offset.
 * Interrupts may add events meanwhile (they do not publish, nest > 1), so
 * repeat until the tail holds still.
 *
 * Nested writers, one page: task writer A reserved [a, b), an irq
 * writer B interrupted it and reserved [b, c), and committed.  B's
 * nest was 2, so B published nothing; A's commit (nest 1) publishes both:
 *
 *   data[]  | ...published... |  A's event  |  B's event  |    free    |
 *                             ^             ^             ^
 *                  commit, before A      rsv[0].end     tail
 *                                      = rsv[1].start   = commit, after A
 *
 * Across pages (the writers moved the tail twice while A was out):
 *
 *   commit_page        ->next            ->next
 *   +-----------+     +-----------+     +-----------+
 *   | seq k     | --> | seq k + 1 | --> | seq k + 2 | <- tail's page
 *   | commit    |     | commit 0, |     | commit 0  |
 *   | < end     |     | end set   |     |           |
 *   +-----------+     +-----------+     +-----------+
 *   commit_seq = k
 *
 *   rb_publish(): for k and k + 1: commit := end, commit_page := next,
 *   commit_seq++ (release); then k + 2: commit := rb_tail_off(tail).
 *
 * Barriers: the smp_wmb() before each commit store pairs with the
 * smp_rmb() readers issue after loading a commit and before loading the
 * records (rb_reader_record(), rb_iter_fill()); the release of commit_seq
 * pairs with the acquire in rb_reader_done() and rb_iter_fill(), so a
 * reader that sees the commit beyond a page sees that page's final
 * commit.  commit_page and the plain increment of commit_seq need no
 * marking: only the outermost writer on this CPU gets here.
 */
static notrace void rb_publish(struct rb_cpu *cb)
{
	struct rb_page *page;
	u64 tail;

	do {
		tail = local64_read(&cb->tail);
		page = cb->pages[rb_tail_id(tail)];
		while (cb->commit_page != page) {
			struct rb_page *done = cb->commit_page;

			/* records before commit: as below */
			smp_wmb();
			local_set(&done->data->commit, done->end);
			cb->commit_page = done->next;
			/*
			 * final commit before commit_seq: pairs with the
			 * acquire in rb_reader_done() and rb_iter_fill()
			 * (readers on any CPU, under reader_lock)
			 */
			smp_store_release(&cb->commit_seq, cb->commit_seq + 1);
		}
		/*
		 * records before commit: pairs with the smp_rmb() in
		 * rb_reader_record() and rb_iter_fill()
		 */
		smp_wmb();
		local_set(&page->data->commit, rb_tail_off(tail));
		barrier();
	} while (local64_read(&cb->tail) != tail);
	cb->published = tail;
}

/*
 * rb_end_write - the end of a writer's turn (commit, discard or failure)
 *
 * The outermost writer publishes.  After it leaves (nest 0) an interrupt
 * may have reserved and committed under it between its publish and its
 * decrement; then it publishes again.  An interrupt that comes after the
 * decrement is outermost itself and publishes on its own.
 */
/*
 * rb_publish()'s usual case, inline: the tail is on the commit page and
 * stays where it is.  Barriers as in rb_publish().
 */
static __always_inline void rb_publish_fast(struct rb_cpu *cb)
{
	u64 tail = local64_read(&cb->tail);
	struct rb_page *page = cb->pages[rb_tail_id(tail)];

	if (likely(cb->commit_page == page)) {
		/* records before commit: as in rb_publish() */
		smp_wmb();
		local_set(&page->data->commit, rb_tail_off(tail));
		barrier();
		if (likely(local64_read(&cb->tail) == tail)) {
			cb->published = tail;
			return;
		}
	}
	rb_publish(cb);
}

static __always_inline void rb_end_write(struct rb_cpu *cb)
{
	for (;;) {
		if (local_read(&cb->nest) == 1)
			rb_publish_fast(cb);
		/* nest is this CPU's: no interrupt changes it under us */
		if (likely(!local_dec_and_test(&cb->nest)))
			return;
		barrier();
		if (likely(local64_read(&cb->tail) == cb->published))
			return;
		local_inc(&cb->nest);
		barrier();
	}
}

/* The end of a writer that reserved nothing: out of line, it is rare. */
static noinline notrace void rb_writer_leave(struct rb_cpu *cb)
{
	rb_end_write(cb);
}

/*
 * Slots, sequences and laps.  Sequence s lives in slot s % nr_pages; s and
 * s + nr_pages are the same slot one lap apart, and the slot's tag says
 * which lap its page is for.  Example, nr_pages = 4, writer in 9, reader
 * holding 6 (it put its old page, id 4, where 6 was, tagged 6 + 4):
 *
 *   slot            0          1          2          3
 *              +--------+ +--------+ +--------+ +--------+
 *   tag        |   8    | |   9    | |   10   | |   7    |
 *   page id    |   2    | |   0    | |   4    | |   3    |
 *              +--------+ +--------+ +--------+ +--------+
 *               unread    tail is    fresh for   unread,
 *                         here       the next    rnext = 7
 *                                    lap
 *   rpage = page 1, rseq = 6, rpos: how far the reader got in it
 *
 * The writer leaving 9 for 10 reads slot 2:
 *
 *   tag 10 (s)        fresh page: enter it
 *   tag 6 (s - nr)    page of the previous lap, never taken by the reader:
 *                     overwrite mode retags it {10, same page} and counts
 *                     its entries as overrun; otherwise drop the event
 *   anything else     @old is stale (an interrupt moved on): -EAGAIN
 *
 * The overwrite race.  The writer entering s and the reader taking
 * h = s - nr both want the page P in slot n; each cmpxchg()es the slot
 * word it read, and only the first one succeeds:
 *
 *   writer, rb_move_tail()                reader, rb_take_page()
 *   w = slots[n]         {s - nr, P}      w = slots[n]          {h, P}
 *   cmpxchg(w -> {s, P})                  cmpxchg(w -> {h + nr, R})
 *
 *   writer first: P is the writer's     reader then sees tag h + nr:
 *   page for s, its old events overrun  rnext = h + 1, it tries h + 1
 *   reader first: the writer's cmpxchg  the reader reads P; its spare
 *   fails, -EAGAIN, and the retry finds R page R is fresh in slot n for
 *   tagged s: fresh                     the writer (tag h + nr == s)
 *
 * A writer never takes back a page whose commit is still pending
 * (commit_seq not past it): interrupts that went round the whole ring
 * under an outer writer drop their events (commit_overrun) instead.
 */

/*
 * rb_move_tail - reserve @size bytes at the start of the next page
 * @old: the tail this writer read
 * @ts:  the writer's clock reading
 *
 * Return: the data record on success; NULL when the event must be dropped
 * (no free page, or the page is still being committed by an interrupted
 * writer); ERR_PTR(-EAGAIN) when the state changed under us and the
 * caller should start over from the current tail.
 */
static noinline notrace struct ring_buffer_event *
rb_move_tail(struct trace_buffer *buffer, struct rb_cpu *cb, u64 old,
	     unsigned int size, u64 ts, unsigned int level)
{
	struct rb_rsv *rsv = &cb->rsv[level];
	struct rb_page *cur = cb->pages[rb_tail_id(old)];
	unsigned int nr = cb->nr_pages;
	unsigned int n = cur->slot + 1 == nr ? 0 : cur->slot + 1;
	unsigned long want = cur->seq + 1;
	unsigned int need = size + (buffer->abs ? RB_LEN_EXT : 0);
	unsigned long lost, lost_bytes;
	struct ring_buffer_event *ev;
	struct rb_page *page;
	u64 w, new;

	/* Only if the mode changed under the writer: it will not fit. */
	if (unlikely(need > buffer->capacity))
		return NULL;

	w = atomic64_read(&cb->slots[n]);
	page = cb->pages[w & RB_ID_MASK];

	if (!rb_slot_is(w, want)) {
		if (!rb_slot_is(w, want - nr))
			return ERR_PTR(-EAGAIN);	/* stale @old */
		/*
		 * The page still holds the unread events of sequence
		 * want - nr.  If their commit is still pending, writers that
		 * interrupted an outer writer went all the way round the
		 * ring: drop rather than overwrite uncommitted data.
		 */
		/*
		 * commit_seq is stored by rb_publish() of the outer writer on
		 * this CPU, which we may have interrupted: READ_ONCE for that
		 * store; no barrier, it is the same CPU.
		 */
		if (!rb_seq_after(READ_ONCE(cb->commit_seq), want - nr)) {
			local_inc(&cb->ws.commit_overrun);
			return NULL;
		}
		if (!(buffer->flags & RB_FL_OVERWRITE)) {
			local_inc(&cb->ws.dropped);
			return NULL;
		}
		/*
		 * What the page loses: read before taking it, while its old
		 * lap is complete and nobody writes it.  Once the slot is
		 * ours, interrupts may enter the page and count their own
		 * events in it.
		 */
		lost = local_read(&page->entries);
		lost_bytes = page->end;
		/*
		 * Take the page from the reader: whoever changes the slot
		 * word first owns the page.  Fully ordered, so a reader or
		 * iterator that still sees the old tag has not seen any of
		 * the writes below.
		 */
		if (atomic64_cmpxchg(&cb->slots[n], w, rb_slot_make(want, page->id)) != w)
			return ERR_PTR(-EAGAIN);
		local_add(lost, &cb->ws.overrun);
		local_add(lost_bytes, &cb->ws.lost_bytes);
	}

	/*
	 * Any writer moving to @want gets this same page, so these stores
	 * are idempotent, and a late one from an interrupted writer is
	 * harmless: commit 0 is what the page has until the next publish.
	 * The smp_wmb() pairs with the smp_rmb() in rb_ring_range(): a
	 * reader that sees the tail on @page sees its sequence and its
	 * emptied commit.
	 */
	page->seq = want;
	page->slot = n;
	local_set(&page->data->commit, 0);
	/* seq and commit before the tail: pairs with rb_ring_range() */
	smp_wmb();

	new = rb_tail_make(want, page->id, need);
	if (!local64_try_cmpxchg(&cb->tail, (s64 *)&old, new))
		return ERR_PTR(-EAGAIN);

	/*
	 * The tail is on @page and the stamp is not: until the stamp is
	 * stored, any interrupting writer starts yet another page and leaves
	 * this state alone.
	 */
	cur->end = rb_tail_off(old);
	cur->next = page;
	local_set(&page->entries, 1);
	page->data->time_stamp = ts;
	local_add(need, &cb->ws.written_bytes);

	rsv->start = new - need;
	rsv->end = new;
	rsv->prev_ts = ts;
	rsv->ts = ts;
	barrier();
	local64_set(&cb->stamp, rb_stamp_make(new, level));

	ev = (void *)page->data->data;
	if (buffer->abs) {
		rb_write_wide(ev, RINGBUF_TYPE_TIME_STAMP, ts);
		ev = (void *)ev + RB_LEN_EXT;
	}
	rb_write_data_header(ev, size, rb_data_type_len(size), 0);
	return ev;
}

/*
 * rb_reserve_at - one attempt to reserve @size bytes at the tail @old
 * @type_len: rb_data_type_len(@size)
 * @clock: the writer's time for the record
 * @move:  set when the record does not fit behind @old: the page must
 *         be left (or, absolute stamps, a stamp is missing or too far)
 *
 * Return: the data record, or NULL when @move is set or the tail moved
 * under us (an interrupt wrote): then try again from the new tail.
 * See rb_reserve() for the stamp rule.
 */
static __always_inline struct ring_buffer_event *
rb_reserve_at(struct trace_buffer *buffer, struct rb_cpu *cb,
	      unsigned int size, unsigned int type_len, u64 clock,
	      unsigned long level, u64 old, bool *move)
{
	struct rb_rsv *rsv = &cb->rsv[level];
	unsigned int off = rb_tail_off(old);
	struct ring_buffer_event *ev;
	unsigned int ext = 0;
	struct rb_page *page;
	u64 stamp, prev, ts, end, delta = 0;
	bool known;

	*move = false;
	/*
	 * The time of the record that ends at @old, if the stamp is for
	 * @old.  Nothing can change the slot it names without moving the
	 * tail first, which fails the cmpxchg below.
	 */
	stamp = local64_read(&cb->stamp);
	known = rb_stamp_at(stamp, old);
	/*
	 * rsv[].ts is stored (plainly) by writers on this CPU only, an
	 * outer one we interrupted included: READ_ONCE takes one value of
	 * it.  A value torn by such a store cannot be used, since that
	 * writer has moved the tail or will, and our cmpxchg below then
	 * fails.  Same CPU: no barrier.
	 */
	prev = READ_ONCE(cb->rsv[rb_stamp_level(stamp)].ts);
	ts = clock;

	if (unlikely(buffer->abs)) {
		ext = RB_LEN_EXT;
		if (off && (!known || !rb_abs_near(ts, prev)))
			goto move;
	} else if (likely(off)) {
		if (unlikely(!known))
			goto move;
		/* A clock that went backwards gets the previous stamp. */
		if (unlikely((s64)(ts - prev) < 0))
			ts = prev;
		delta = ts - prev;
		if (unlikely(delta > RB_DELTA_MAX)) {
			if (delta >> RB_EXT_BITS)
				goto move;
			ext = RB_LEN_EXT;
		}
	}
	if (unlikely(off + ext + size > buffer->capacity))
		goto move;

	end = old + ext + size;
	if (unlikely(local64_cmpxchg(&cb->tail, old, end) != old))
		return NULL;

	/* Reserved [off, off + ext + size) of the tail page. */
	rsv->start = old;
	rsv->end = end;
	rsv->prev_ts = prev;
	rsv->ts = ts;
	barrier();
	local64_set(&cb->stamp, rb_stamp_make(end, level));

	page = cb->pages[rb_tail_id(old)];
	if (!off)
		page->data->time_stamp = ts;
	local_inc(&page->entries);
	local_add(ext + size, &cb->ws.written_bytes);

	ev = (void *)page->data->data + off;
	if (ext) {
		if (buffer->abs)
			rb_write_wide(ev, RINGBUF_TYPE_TIME_STAMP, ts);
		else
			rb_write_wide(ev, RINGBUF_TYPE_TIME_EXTEND, delta);
		ev = (void *)ev + RB_LEN_EXT;
		delta = 0;
	}
	rb_write_data_header(ev, size, type_len, delta);
	return ev;

move:
	*move = true;
	return NULL;
}

/*
 * rb_reserve() after its first attempt failed: retry from the current
 * tail, moving to the next page when the record does not fit.  Out of
 * line, so that the usual case keeps no loop state in registers.  Lost
 * cmpxchg races are retried without bound, as each one means an
 * interrupt on this CPU made progress; failed page moves are bounded.
 */
static noinline notrace struct ring_buffer_event *
rb_reserve_slow(struct trace_buffer *buffer, struct rb_cpu *cb,
		unsigned int size, u64 now, u64 clock, unsigned long level)
{
	struct ring_buffer_event *ev;
	unsigned int tries = 0;
	bool move;
	u64 old;

	for (;;) {
		old = local64_read(&cb->tail);
		ev = rb_reserve_at(buffer, cb, size, rb_data_type_len(size),
				   clock, level, old, &move);
		if (ev)
			return ev;
		if (!move)
			continue;
		ev = rb_move_tail(buffer, cb, old, size,
				  rb_writer_clock(buffer, now), level);
		if (!IS_ERR(ev))
			return ev;
		if (WARN_ON_ONCE(++tries > 1000))
			return NULL;
	}
}

/*
 * rb_reserve - reserve a data record of @size bytes (rb_data_size())
 * @type_len: rb_data_type_len(@size)
 *
 * The caller holds a nest count; @level is the nesting level it took
 * (nest - 1).  See the file header for the stamp rule.
 * Relative stamps: the clock is read once, before the tail is loaded, so
 * that no value the reservation needs is live across the call.  An
 * interrupt that writes in between leaves a record later than that time;
 * our time is then raised to that record's (prev), as a clock that went
 * backwards is.  So is a time @now the writer read before (see
 * rb_writer_clock()).  Absolute stamps record the clock as it read,
 * backwards or not, so an interrupt's record just before ours may carry
 * a later time.  A move to the next page reads the clock again, after
 * the tail, so a page's stamp is no earlier than the records of the page
 * before it; a writer with @now takes @now for it, unraised, as before.
 */
static __always_inline struct ring_buffer_event *
rb_reserve(struct trace_buffer *buffer, struct rb_cpu *cb, unsigned int size,
	   unsigned int type_len, u64 now, unsigned long level)
{
	u64 clock = rb_writer_clock(buffer, now);
	struct ring_buffer_event *ev;
	bool move;

	ev = rb_reserve_at(buffer, cb, size, type_len, clock, level,
			   local64_read(&cb->tail), &move);
	if (likely(ev))
		return ev;
	return rb_reserve_slow(buffer, cb, size, now, clock, level);
}

static notrace void rb_wake_check(struct trace_buffer *buffer,
				  struct rb_cpu *cb);

static __always_inline bool rb_wake_wanted(struct trace_buffer *buffer,
					   struct rb_cpu *cb)
{
	/*
	 * want and full are set by waiters on any CPU in rb_announce() and
	 * cleared by writers in rb_wake_check() (full also by
	 * rb_wake_func()): a racy peek.  rb_announce()'s smp_mb() orders
	 * the waiter's side; a writer that misses the flag leaves the wake
	 * up to its next event.
	 */
	return READ_ONCE(cb->waiters.any) || READ_ONCE(buffer->waiters.want);
}

/*
 * rb_writer_enter - admit a writer to the current CPU's ring
 *
 * Checks that recording is on, the payload fits, the CPU has a ring and
 * the writer is not recursing, then takes a nest count.  The per-CPU
 * disable flag is checked after nest is raised: ring_buffer_swap_cpu()
 * relies on that order.  Preemption is disabled by the caller.  A
 * @guarded writer holds a recursion guard of its own for this context
 * (see ring_buffer_reserve_guarded()): it is not checked, and leaves a
 * context no other writer matches.  @length is the payload to check
 * against the buffer's limit: 0 for a payload of a size known at compile
 * time (RB_GUARDED_MAX or less), which any sub-buffer holds.
 *
 * Return: true, with the ring in @cbp and the nesting level taken in
 * @level, or false if the writer may not write.  (A bool, not the ring
 * or NULL: the success path then tests no pointer.)
 */
static __always_inline bool
rb_writer_enter(struct trace_buffer *buffer, unsigned long length,
		bool guarded, struct rb_cpu **cbp, unsigned long *level)
{
	int cpu = raw_smp_processor_id();
	unsigned int ctx = RB_CTX_GUARDED;
	struct rb_cpu *cb;
	long n;

	if (unlikely(atomic_read(&buffer->record_disabled) ||
		     length > buffer->max_data ||
		     !cpumask_test_cpu(cpu, buffer->cpumask)))
		return false;
	cb = buffer->buffers[cpu];
	n = local_read(&cb->nest);
	if (unlikely(n >= RB_MAX_NEST))
		return false;
	if (!guarded) {
		ctx = rb_ctx_now(cb);
		if (rb_ctx_recursing(cb, n, ctx))
			return false;
	}
	local_inc(&cb->nest);
	barrier();
	/* after nest: see rb_ctx_recursing() */
	WRITE_ONCE(cb->ctx[n], ctx);
	/*
	 * buffers[cpu] is rewritten by ring_buffer_swap_cpu() (WRITE_ONCE)
	 * while it holds record_disabled raised, on this CPU with interrupts
	 * off: nest was raised before these loads (barrier() above), so the
	 * swap sees us or we see its record_disabled or the new ring.  That
	 * holds only for a swap run on this CPU; see ring_buffer_swap_cpu().
	 */
	if (likely(!atomic_read(&cb->record_disabled) &&
		   (!IS_ENABLED(CONFIG_RING_BUFFER_ALLOW_SWAP) ||
		    READ_ONCE(buffer->buffers[cpu]) == cb))) {
		*cbp = cb;
		*level = n;
		return true;
	}
	rb_writer_leave(cb);
	return false;
}

/*
 * Reserve for a writer admitted by rb_writer_enter(), or leave.  @size
 * and @type_len: as rb_reserve(), for a payload of @length bytes (0: see
 * rb_writer_enter()).  @now: the writer's trace_clock_local() reading,
 * or 0 (rb_writer_clock()).
 */
static __always_inline struct ring_buffer_event *
rb_writer_reserve(struct trace_buffer *buffer, unsigned long length,
		  unsigned int size, unsigned int type_len, bool guarded,
		  u64 now)
{
	struct ring_buffer_event *ev;
	unsigned long level;
	struct rb_cpu *cb;

	if (unlikely(!rb_writer_enter(buffer, length, guarded, &cb, &level)))
		return NULL;
	ev = rb_reserve(buffer, cb, size, type_len, now, level);
	if (unlikely(!ev))
		rb_writer_leave(cb);
	return ev;
}

/**
 * ring_buffer_lock_reserve - reserve space for an event
 * @buffer: the ring buffer
 * @length: payload bytes
 *
 * Reserves a record on the ring of the current CPU and returns it with
 * preemption disabled.  Fill the payload through ring_buffer_event_data(),
 * then call ring_buffer_unlock_commit() (or ring_buffer_discard_commit())
 * from the same context.  Writers in interrupts and NMIs may reserve and
 * commit in between; only the outermost commit makes events readable.
 * Takes no lock.
 *
 * Return: the event, or NULL when recording is off, the payload is larger
 * than ring_buffer_max_event_size(), the ring is full in producer/consumer
 * mode, or the call recursed from the ring buffer itself.
 */
struct ring_buffer_event *notrace
ring_buffer_lock_reserve(struct trace_buffer *buffer, unsigned long length)
{
	struct ring_buffer_event *ev;

	preempt_disable_notrace();
	ev = rb_writer_reserve(buffer, length, rb_data_size(length),
			       rb_data_type_len(rb_data_size(length)), false, 0);
	if (unlikely(!ev))
		preempt_enable_notrace();
	return ev;
}
EXPORT_SYMBOL_GPL(ring_buffer_lock_reserve);

/**
 * __ring_buffer_lock_reserve_at - ring_buffer_lock_reserve_at()'s reserve
 * @buffer:   the ring buffer
 * @size:     rb_data_size() of the payload
 * @type_len: rb_data_type_len(@size)
 * @now:      trace_clock_local(), read by the caller for this event
 *
 * Return: the event, or NULL as ring_buffer_lock_reserve().
 */
struct ring_buffer_event *notrace
__ring_buffer_lock_reserve_at(struct trace_buffer *buffer, unsigned int size,
			      unsigned int type_len, u64 now)
{
	struct ring_buffer_event *ev;

	preempt_disable_notrace();
	ev = rb_writer_reserve(buffer, 0, size, type_len, false, now);
	if (unlikely(!ev))
		preempt_enable_notrace();
	return ev;
}

/**
 * __ring_buffer_reserve_guarded - ring_buffer_reserve_guarded()'s reserve
 * @buffer:   the ring buffer
 * @size:     rb_data_size() of the payload
 * @type_len: rb_data_type_len(@size)
 *
 * Return: the event, or NULL as ring_buffer_lock_reserve().
 */
struct ring_buffer_event *notrace
__ring_buffer_reserve_guarded(struct trace_buffer *buffer, unsigned int size,
			      unsigned int type_len)
{
	return rb_writer_reserve(buffer, 0, size, type_len, true, 0);
}

/**
 * __ring_buffer_reserve_guarded_at - ring_buffer_reserve_guarded_at()'s
 * @buffer:   the ring buffer
 * @size:     rb_data_size() of the payload
 * @type_len: rb_data_type_len(@size)
 * @now:      trace_clock_local(), read by the caller for this event
 *
 * A function of its own, so that the function tracer's reserve keeps its
 * registers.
 *
 * Return: the event, or NULL as ring_buffer_lock_reserve().
 */
struct ring_buffer_event *notrace
__ring_buffer_reserve_guarded_at(struct trace_buffer *buffer,
				 unsigned int size, unsigned int type_len,
				 u64 now)
{
	return rb_writer_reserve(buffer, 0, size, type_len, true, now);
}

/*
 * The commit of the current CPU's innermost writer: count the event,
 * publish if outermost, wake readers that asked.
 */
static __always_inline void rb_commit(struct trace_buffer *buffer)
{
	struct rb_cpu *cb = buffer->buffers[raw_smp_processor_id()];

	local_inc(&cb->ws.entries);
	rb_end_write(cb);
	if (unlikely(rb_wake_wanted(buffer, cb)))
		rb_wake_check(buffer, cb);
}

/**
 * ring_buffer_unlock_commit - commit a reserved event
 * @buffer: the buffer the event was reserved on
 *
 * Ends the reservation made by the last ring_buffer_lock_reserve() of
 * this context and enables preemption again.  If this is the outermost
 * writer on the CPU, the event and all events nested inside it become
 * visible to readers.  Takes no lock.
 *
 * Return: 0.
 */
int notrace ring_buffer_unlock_commit(struct trace_buffer *buffer)
{
	rb_commit(buffer);
	preempt_enable_notrace();
	return 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_unlock_commit);

/**
 * ring_buffer_commit_guarded - commit an event of ring_buffer_reserve_guarded()
 * @buffer: the buffer the event was reserved on
 *
 * As ring_buffer_unlock_commit(); preemption stays disabled, as the
 * caller's recursion guard keeps it.
 */
void notrace ring_buffer_commit_guarded(struct trace_buffer *buffer)
{
	rb_commit(buffer);
}

/*
 * Turn the reserved data record @ev into padding that readers skip.  Its
 * delta must stay, since readers add it; but a padding record with delta
 * 0 means "end of page", so a delta of 0 becomes 1, and the nanosecond is
 * taken back from a neighbour when there is one that can give it: the
 * time extend or absolute stamp in front of @ev, the page's stamp if @ev
 * starts the page, or the record after @ev.  (Only a next record with
 * delta 0 itself cannot, and then later stamps in the page read 1 ns
 * late.)  The records after @ev are complete and, like @ev, not yet
 * published: this writer holds the commit.
 */
static notrace void rb_discard_in_place(struct rb_cpu *cb, struct rb_rsv *rsv,
					struct ring_buffer_event *ev)
{
	struct rb_page *page = cb->pages[rb_tail_id(rsv->start)];
	unsigned int start = rb_tail_off(rsv->start);
	unsigned int end = rb_tail_off(rsv->end);
	struct ring_buffer_event *first = (void *)page->data->data + start;
	u64 tail = local64_read(&cb->tail);
	unsigned int used;
	unsigned int size = rb_record_size(ev);

	if (!ev->time_delta) {
		if (first != ev) {
			rb_write_wide(first, first->type_len, rb_wide_value(first) - 1);
		} else if (!start) {
			page->data->time_stamp--;
		} else {
			used = rb_tail_id(tail) == page->id ? rb_tail_off(tail) : page->end;
			if (used > end) {
				struct ring_buffer_event *next = (void *)page->data->data + end;

				if (next->type_len == RINGBUF_TYPE_TIME_EXTEND)
					rb_write_wide(next, next->type_len,
						      rb_wide_value(next) - 1);
				else if (next->type_len != RINGBUF_TYPE_TIME_STAMP &&
					 next->time_delta)
					next->time_delta--;
			}
		}
	}
	rb_set_header(ev, RINGBUF_TYPE_PADDING, ev->time_delta ?: 1);
	ev->array[0] = size - RB_HDR;
}

/**
 * ring_buffer_discard_commit - drop a reserved event instead of committing
 * @buffer: the buffer the event was reserved on
 * @event:  the event ring_buffer_lock_reserve() returned
 *
 * If nothing was reserved after @event, its space is given back.
 * Otherwise (an interrupt wrote after it) it becomes padding.  Either way
 * it is not counted as an entry.  Ends the reservation like
 * ring_buffer_unlock_commit().  Takes no lock.
 */
void notrace ring_buffer_discard_commit(struct trace_buffer *buffer,
					struct ring_buffer_event *event)
{
	struct rb_cpu *cb = buffer->buffers[raw_smp_processor_id()];
	unsigned int level = local_read(&cb->nest) - 1;
	struct rb_rsv *rsv = &cb->rsv[level];
	struct rb_page *page = cb->pages[rb_tail_id(rsv->start)];

	event = rb_skip_prefix(event);
	local_dec(&page->entries);
	if ((u64)local64_cmpxchg(&cb->tail, rsv->end, rsv->start) == rsv->end) {
		local_sub(rsv->end - rsv->start, &cb->ws.written_bytes);
		/*
		 * Restore the stamp of the record before ours, in our own
		 * slot.  At offset 0 none is needed.  Until the stamp is
		 * stored it names another tail, which only makes an
		 * interrupting writer start a page.
		 */
		if (rb_tail_off(rsv->start)) {
			rsv->ts = rsv->prev_ts;
			barrier();
			local64_set(&cb->stamp, rb_stamp_make(rsv->start, level));
		}
	} else {
		rb_discard_in_place(cb, rsv, event);
	}
	rb_end_write(cb);
	preempt_enable_notrace();
}
EXPORT_SYMBOL_GPL(ring_buffer_discard_commit);

/**
 * ring_buffer_write - write a whole event
 * @buffer: the ring buffer
 * @length: payload bytes
 * @data:   the payload
 *
 * Reserve, copy and commit in one call.  Takes no lock.
 *
 * Return: 0 on success, -EBUSY if the event could not be reserved.
 */
int notrace ring_buffer_write(struct trace_buffer *buffer,
			      unsigned long length, void *data)
{
	struct ring_buffer_event *ev;

	ev = ring_buffer_lock_reserve(buffer, length);
	if (!ev)
		return -EBUSY;
	memcpy(ring_buffer_event_data(ev), data, length);
	return ring_buffer_unlock_commit(buffer);
}
EXPORT_SYMBOL_GPL(ring_buffer_write);

/**
 * ring_buffer_event_time_stamp - the time stamp of an event being written
 * @buffer: the buffer the event is reserved on
 * @event:  the reserved, not yet committed event
 *
 * Must be called between reserve and commit, in the reserving context.
 *
 * Return: the time stamp the event will be read back with.
 */
u64 notrace ring_buffer_event_time_stamp(struct trace_buffer *buffer,
					 struct ring_buffer_event *event)
{
	struct rb_cpu *cb = buffer->buffers[raw_smp_processor_id()];
	long nest = local_read(&cb->nest);

	if (WARN_ON_ONCE(nest < 1))
		return ring_buffer_time_stamp(buffer);
	return cb->rsv[nest - 1].ts;
}
EXPORT_SYMBOL_GPL(ring_buffer_event_time_stamp);

/**
 * ring_buffer_nest_start - allow a nested write from the same context
 * @buffer: the ring buffer
 *
 * The recursion guard refuses a second writer in the same context.  A
 * caller that writes one event while composing another (for instance a
 * trace_printk() inside an event handler) brackets the inner write with
 * ring_buffer_nest_start() and ring_buffer_nest_end().  Disables
 * preemption until ring_buffer_nest_end().
 */
void notrace ring_buffer_nest_start(struct trace_buffer *buffer)
{
	struct rb_cpu *cb;

	preempt_disable_notrace();
	cb = buffer->buffers[raw_smp_processor_id()];
	/* read by rb_ctx_now() in interrupts of this CPU; no barrier */
	WRITE_ONCE(cb->ctx_group, cb->ctx_group + 1);
}
EXPORT_SYMBOL_GPL(ring_buffer_nest_start);

/**
 * ring_buffer_nest_end - end a ring_buffer_nest_start() section
 * @buffer: the ring buffer
 */
void notrace ring_buffer_nest_end(struct trace_buffer *buffer)
{
	struct rb_cpu *cb = buffer->buffers[raw_smp_processor_id()];

	/* as in ring_buffer_nest_start() */
	WRITE_ONCE(cb->ctx_group, cb->ctx_group - 1);
	preempt_enable_notrace();
}
EXPORT_SYMBOL_GPL(ring_buffer_nest_end);

/* ------------------------------------------------------------------ */
/* Waiting for data                                                   */
/* ------------------------------------------------------------------ */

/*
 * The writer cannot call wake_up() (it may run in NMI or with a wait
 * queue lock held), so it queues an irq_work when a waiter asked for it.
 * Waiters announce themselves with @want (any data) or @full (a fill
 * percentage, the smallest asked for), then check the condition; the
 * irq_work bumps @seq and wakes everyone, who re-check and re-announce.
 * The announcement is a plain store read racily by writers: a writer that
 * misses it leaves the wake up to the next event.
 */
static void rb_wake_func(struct irq_work *work)
{
	struct rb_waiters *w = container_of(work, struct rb_waiters, work);

	/*
	 * The release pairs with atomic_read_acquire() in rb_woken_once() of
	 * the waiters.  full is also written by rb_announce() (waiters, any
	 * CPU) and read and cleared by writers in rb_wake_check(): a waiter
	 * whose value we clear here re-announces after its wake up.
	 */
	atomic_inc_return_release(&w->seq);
	WRITE_ONCE(w->full, 0);
	wake_up_all(&w->wq);
	wake_up_all(&w->full_wq);
}

static void rb_waiters_init(struct rb_waiters *w)
{
	init_irq_work(&w->work, rb_wake_func);
	init_waitqueue_head(&w->wq);
	init_waitqueue_head(&w->full_wq);
	atomic_set(&w->seq, 0);
	w->want = false;
	w->full = 0;
}

/* Sub-buffers the writer has filled and left that no reader took yet. */
static notrace size_t rb_dirty_pages(struct rb_cpu *cb)
{
	u64 tail = local64_read(&cb->tail);
	/*
	 * Called by writers (rb_wake_check(), this CPU) and by
	 * ring_buffer_nr_dirty_pages() under reader_lock on any CPU.  seq is
	 * stored by rb_move_tail() on the ring's CPU; rnext by the reader
	 * under reader_lock, which a writer does not take.  No smp_rmb()
	 * between tail and seq as rb_ring_range() has: the count is a
	 * watermark estimate and may be a page off.
	 */
	unsigned long t = READ_ONCE(cb->pages[rb_tail_id(tail)]->seq);
	unsigned long h = READ_ONCE(cb->rnext);
	unsigned long oldest = t - (cb->nr_pages - 1);

	if (rb_seq_after(oldest, h))
		h = oldest;
	return rb_seq_after(t, h) ? t - h : 0;
}

/*
 * Is the ring @full percent filled?  The page being written counts as
 * filled, so that 100 is reachable: at most nr_pages - 1 pages can be
 * complete and unread at once.
 */
static notrace bool rb_watermark(struct rb_cpu *cb, int full)
{
	return (rb_dirty_pages(cb) + 1) * 100 >= (size_t)full * cb->nr_pages;
}

static noinline notrace void rb_wake_check(struct trace_buffer *buffer,
					   struct rb_cpu *cb)
{
	int full;

	/*
	 * want/full: set by waiters in rb_announce() on any CPU, cleared by
	 * writers of every CPU here and by rb_wake_func().  Two writers may
	 * both see a flag and queue the irq_work twice, which is harmless;
	 * see rb_wake_wanted() for a missed flag.
	 */
	if (READ_ONCE(buffer->waiters.want)) {
		WRITE_ONCE(buffer->waiters.want, false);
		irq_work_queue(&buffer->waiters.work);
	}
	if (READ_ONCE(cb->waiters.want)) {
		WRITE_ONCE(cb->waiters.want, false);
		irq_work_queue(&cb->waiters.work);
	}
	full = READ_ONCE(cb->waiters.full);
	if (full && rb_watermark(cb, full)) {
		WRITE_ONCE(cb->waiters.full, 0);
		irq_work_queue(&cb->waiters.work);
	}
}

/* ------------------------------------------------------------------ */
/* The read side: taking pages                                        */
/* ------------------------------------------------------------------ */

static __always_inline bool rb_reader_trylock(struct rb_cpu *cb,
					      unsigned long *flags)
{
	/* An NMI may have interrupted the holder: never spin there. */
	if (in_nmi())
		return raw_spin_trylock_irqsave(&cb->reader_lock, *flags);
	raw_spin_lock_irqsave(&cb->reader_lock, *flags);
	return true;
}

static __always_inline void rb_reader_unlock(struct rb_cpu *cb,
					     unsigned long flags)
{
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
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

/* Have the writer and the commit left the reader's page?  reader_lock */
static bool rb_reader_done(struct rb_cpu *cb)
{
	/*
	 * acquire: pairs with the smp_store_release() of commit_seq in
	 * rb_publish() (the outermost writer on the ring's CPU)
	 */
	return rb_seq_after(smp_load_acquire(&cb->commit_seq), cb->rseq);
}

/*
 * The ring sequences that may hold unread events: from the returned one
 * to *@last, the writer's page, inclusive (none if the first is after
 * *@last).  reader_lock.
 */
static unsigned long rb_ring_range(struct rb_cpu *cb, unsigned long *last)
{
	u64 tail = local64_read(&cb->tail);
	unsigned long t, h, oldest;

	/*
	 * The tail before the seq of its page: pairs with the smp_wmb()
	 * in rb_move_tail(), which the writer on the ring's CPU issues
	 * after storing seq and before its tail cmpxchg.  READ_ONCE: that
	 * writer may be storing seq of the next page now.
	 */
	smp_rmb();
	t = READ_ONCE(cb->pages[rb_tail_id(tail)]->seq);
	oldest = t - (cb->nr_pages - 1);
	h = cb->rnext;
	if (rb_seq_after(oldest, h))
		h = oldest;
	*last = t;
	return h;
}

static unsigned int rb_slot_index(struct rb_cpu *cb, unsigned long seq)
{
	return seq % cb->nr_pages;
}

/*
 * rb_take_page - swap the reader's page for the oldest unread ring page
 *
 * Only when the reader's page is done: the writer's commit chain may point
 * at it until then.  The page the writer is on may be taken once it holds
 * a committed event; the writer goes on filling it.
 *
 *   before                                after
 *   rpage = R, rseq done                  rpage = P, rseq = h, rpos = 0
 *   (commit_seq > rseq)
 *   slots[h % nr] = {tag h, P}            slots[h % nr] = {tag h + nr, R}
 *   rnext <= h                            rnext = h + 1
 *
 *   R, handed back, is what the writer finds when it reaches sequence
 *   h + nr: a fresh page.  If instead the writer got to P first (slot
 *   tagged h + nr, page P, see above rb_move_tail()), h was overrun and
 *   the reader moves on to h + 1.
 *
 * Return: true if the reader has a new page.  reader_lock.
 */
static bool rb_take_page(struct rb_cpu *cb)
{
	unsigned int nr = cb->nr_pages;
	unsigned long h, t, overrun;
	struct rb_page *page;
	unsigned int idx;
	u64 w;

	if (!rb_reader_done(cb))
		return false;

	for (;;) {
		h = rb_ring_range(cb, &t);
		if (rb_seq_after(h, t))
			return false;
		idx = rb_slot_index(cb, h);
		w = atomic64_read(&cb->slots[idx]);
		if (!rb_slot_is(w, h)) {
			/* The writer went past h: its events were overrun. */
			if (rb_slot_is(w, h + nr))
				cb->rnext = h + 1;
			cpu_relax();
			continue;
		}
		page = cb->pages[w & RB_ID_MASK];
		if (h == t && !rb_commit_of(page->data))
			return false;
		/*
		 * The slot word is the only thing the reader and the writer
		 * (rb_move_tail(), on the ring's CPU) both change; the fully
		 * ordered cmpxchg pairs with the writer's retag cmpxchg
		 * there: one of them wins, see the race drawn above
		 * rb_move_tail().
		 */
		if (atomic64_cmpxchg(&cb->slots[idx], w,
				     rb_slot_make(h + nr, cb->rpage->id)) != w)
			continue;
		break;
	}

	cb->rpage->slot = idx;
	cb->rpage = page;
	cb->rseq = h;
	cb->rpos = 0;
	cb->rnext = h + 1;
	overrun = local_read(&cb->ws.overrun);
	cb->rs.lost += overrun - cb->rs.overrun_seen;
	cb->rs.overrun_seen = overrun;
	cb->gen++;
	return true;
}

/*
 * rb_reader_record - the record at the reader's position
 *
 * Takes the next page when the reader's page is used up.  Sets rstamp to
 * the page's stamp when at its start.
 *
 * Return: the record, or NULL if nothing is committed.  reader_lock.
 */
static struct ring_buffer_event *rb_reader_record(struct rb_cpu *cb)
{
	for (;;) {
		bool done = rb_reader_done(cb);
		struct rb_data_page *data = cb->rpage->data;
		unsigned long commit = rb_commit_of(data);

		/*
		 * The commit before the records under it: pairs with the
		 * smp_wmb() before each commit store in rb_publish() (the
		 * outermost writer on the ring's CPU).
		 */
		smp_rmb();
		if (cb->rpos < commit) {
			if (!cb->rpos)
				cb->rstamp = data->time_stamp;
			return (void *)data->data + cb->rpos;
		}
		if (!done || !rb_take_page(cb))
			return NULL;
	}
}

/*
 * rb_fit - the size of the record @ev at @pos of a page whose records end
 * at @commit, or 0 if it ends the page (null padding) or does not fit.
 */
static unsigned int rb_fit(struct ring_buffer_event *ev, unsigned int pos,
			   unsigned int commit)
{
	unsigned int size;

	if (commit - pos < RB_LEN_EXT)
		return 0;
	size = rb_record_size(ev);
	return size <= commit - pos ? size : 0;
}

/* Move the running time stamp *@ts over the valid record @ev. */
static void rb_stamp_step(struct ring_buffer_event *ev, u64 *ts)
{
	switch (ev->type_len) {
	case RINGBUF_TYPE_TIME_EXTEND:
		*ts += rb_wide_value(ev);
		break;
	case RINGBUF_TYPE_TIME_STAMP:
		*ts = rb_abs_value(ev, *ts);
		break;
	default:
		*ts += ev->time_delta;
		break;
	}
}

/*
 * The reader's record at rpos does not fit its page: the rest of the page
 * is unused (null padding) or, if anything else, corrupt.  Skip it.
 */
static void rb_reader_skip_rest(struct rb_cpu *cb, struct ring_buffer_event *ev,
				unsigned int commit)
{
	WARN_ON_ONCE(commit - cb->rpos >= RB_LEN_EXT &&
		     !(ev->type_len == RINGBUF_TYPE_PADDING && !ev->time_delta));
	cb->rpos = commit;
}

static __always_inline bool rb_is_data(struct ring_buffer_event *ev)
{
	return ev->type_len <= RINGBUF_TYPE_DATA_TYPE_LEN_MAX;
}

/*
 * rb_reader_next - the next data event for the reader
 * @consume: consume it too
 *
 * Internal records before it are consumed either way.  reader_lock.
 */
static struct ring_buffer_event *
rb_reader_next(struct rb_cpu *cb, bool consume, u64 *ts,
	       unsigned long *lost)
{
	struct ring_buffer_event *ev;

	while ((ev = rb_reader_record(cb))) {
		struct rb_data_page *data = cb->rpage->data;
		unsigned int commit = rb_commit_of(data);
		u64 stamp = cb->rstamp;
		unsigned int size;

		size = rb_fit(ev, cb->rpos, commit);
		if (!size) {
			rb_reader_skip_rest(cb, ev, commit);
			continue;
		}
		rb_stamp_step(ev, &stamp);
		if (rb_is_data(ev)) {
			if (ts)
				*ts = stamp;
			if (lost)
				*lost = cb->rs.lost;
			if (consume) {
				cb->rpos += size;
				cb->rstamp = stamp;
				cb->rs.read++;
				cb->rs.read_bytes += size;
				cb->rs.lost = 0;
				cb->gen++;
			}
			return ev;
		}
		cb->rpos += size;
		cb->rstamp = stamp;
		cb->rs.read_bytes += size;
	}
	return NULL;
}

/* The next event of @cpu under its reader lock; NULL if busy or none. */
static struct ring_buffer_event *
rb_read_locked(struct trace_buffer *buffer, int cpu, bool consume, u64 *ts,
	       unsigned long *lost_events)
{
	struct rb_cpu *cb = rb_cpu_of(buffer, cpu);
	struct ring_buffer_event *ev;
	unsigned long flags;

	if (!cb || !rb_reader_trylock(cb, &flags))
		return NULL;
	ev = rb_reader_next(cb, consume, ts, lost_events);
	rb_reader_unlock(cb, flags);
	return ev;
}

/**
 * ring_buffer_peek - look at the next event of a CPU without consuming it
 * @buffer:      the ring buffer
 * @cpu:         the CPU whose ring to read
 * @ts:          if not NULL, gets the event's time stamp
 * @lost_events: if not NULL, gets the number of events lost before it
 *
 * Return: the event, valid until the next consuming read of this CPU, or
 * NULL if there is none.
 */
struct ring_buffer_event *
ring_buffer_peek(struct trace_buffer *buffer, int cpu, u64 *ts,
		 unsigned long *lost_events)
{
	return rb_read_locked(buffer, cpu, false, ts, lost_events);
}
EXPORT_SYMBOL_GPL(ring_buffer_peek);

/**
 * ring_buffer_consume - read and consume the next event of a CPU
 * @buffer:      the ring buffer
 * @cpu:         the CPU whose ring to read
 * @ts:          if not NULL, gets the event's time stamp
 * @lost_events: if not NULL, gets the number of events lost (overwritten)
 *               since the previous consumed event
 *
 * Return: the event, valid until the next consuming read of this CPU, or
 * NULL if there is none.
 */
struct ring_buffer_event *
ring_buffer_consume(struct trace_buffer *buffer, int cpu, u64 *ts,
		    unsigned long *lost_events)
{
	return rb_read_locked(buffer, cpu, true, ts, lost_events);
}
EXPORT_SYMBOL_GPL(ring_buffer_consume);

/*
 * Is there a committed, unread record?  Looks without taking pages.
 * reader_lock.
 */
static bool rb_has_data(struct rb_cpu *cb)
{
	unsigned long h, t;

	if (cb->rpos < rb_commit_of(cb->rpage->data))
		return true;
	if (!rb_reader_done(cb))
		return false;
	for (h = rb_ring_range(cb, &t); !rb_seq_after(h, t); h++) {
		u64 w = atomic64_read(&cb->slots[rb_slot_index(cb, h)]);

		if (rb_slot_is(w, h) &&
		    rb_commit_of(cb->pages[w & RB_ID_MASK]->data))
			return true;
	}
	return false;
}

/**
 * ring_buffer_empty_cpu - is a CPU's ring empty?
 * @buffer: the ring buffer
 * @cpu:    the CPU
 *
 * Return: true if no committed event is waiting to be read on @cpu.
 */
bool ring_buffer_empty_cpu(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_of(buffer, cpu);
	unsigned long flags;
	bool data;

	if (!cb || !rb_reader_trylock(cb, &flags))
		return true;
	data = rb_has_data(cb);
	rb_reader_unlock(cb, flags);
	return !data;
}
EXPORT_SYMBOL_GPL(ring_buffer_empty_cpu);

/**
 * ring_buffer_empty - is the whole buffer empty?
 * @buffer: the ring buffer
 *
 * Return: true if no CPU has an event waiting to be read.
 */
bool ring_buffer_empty(struct trace_buffer *buffer)
{
	int cpu;

	for_each_cpu(cpu, buffer->cpumask)
		if (!ring_buffer_empty_cpu(buffer, cpu))
			return false;
	return true;
}
EXPORT_SYMBOL_GPL(ring_buffer_empty);

/**
 * ring_buffer_oldest_event_ts - time stamp of the oldest unread event
 * @buffer: the ring buffer
 * @cpu:    the CPU
 *
 * May move a sub-buffer from the ring to the reader, as a read would.
 *
 * Return: the time stamp, or 0 if the ring is empty.
 */
u64 ring_buffer_oldest_event_ts(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_of(buffer, cpu);
	unsigned long flags;
	u64 ts = 0;

	if (!cb || !rb_reader_trylock(cb, &flags))
		return 0;
	if (!rb_reader_next(cb, false, &ts, NULL))
		ts = 0;
	rb_reader_unlock(cb, flags);
	return ts;
}
EXPORT_SYMBOL_GPL(ring_buffer_oldest_event_ts);

/* ------------------------------------------------------------------ */
/* Whole sub-buffers for user space                                   */
/* ------------------------------------------------------------------ */

static struct rb_data_page *rb_alloc_data(int node, int order)
{
	struct page *page;

	page = alloc_pages_node(node, GFP_KERNEL | __GFP_RETRY_MAYFAIL |
				__GFP_COMP | __GFP_ZERO, order);
	return page ? page_address(page) : NULL;
}

static void rb_free_data(struct rb_data_page *data, int order)
{
	if (data)
		free_pages((unsigned long)data, order);
}

/**
 * ring_buffer_alloc_read_page - get a sub-buffer to read into
 * @buffer: the ring buffer
 * @cpu:    the CPU the page will be used for
 * @rpage:  in: a page from an earlier call, or NULL; out: the page
 *
 * The page is handed to ring_buffer_read_page(), which may swap it into
 * the ring and give back a full sub-buffer instead.  A page passed in is
 * kept if its size matches the buffer's sub-buffer size and reallocated
 * otherwise.  May sleep.
 *
 * Return: 0, -ENODEV for a CPU without a ring, -EINVAL without @rpage, or
 * -ENOMEM.
 */
int ring_buffer_alloc_read_page(struct trace_buffer *buffer, int cpu,
				struct buffer_data_read_page **rpage)
{
	struct buffer_data_read_page *rp;
	/*
	 * order changes under buffer->mutex (rb_set_order()), which we do
	 * not take: a reader racing ring_buffer_subbuf_order_set() gets a
	 * page of either size, and ring_buffer_read_page() refuses one of
	 * the wrong order.  The store in rb_set_order() is plain.
	 */
	int order = READ_ONCE(buffer->order);

	if (!rb_cpu_of(buffer, cpu))
		return -ENODEV;
	if (!rpage)
		return -EINVAL;

	rp = *rpage;
	if (rp && rp->order == order)
		return 0;
	if (!rp) {
		rp = kzalloc(sizeof(*rp), GFP_KERNEL);
		if (!rp)
			return -ENOMEM;
	} else {
		rb_free_data(rp->data, rp->order);
	}
	rp->order = order;
	rp->data = rb_alloc_data(cpu_to_node(cpu), order);
	if (!rp->data) {
		kfree(rp);
		*rpage = NULL;
		return -ENOMEM;
	}
	*rpage = rp;
	return 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_alloc_read_page);

/**
 * ring_buffer_free_read_page - free a page from ring_buffer_alloc_read_page()
 * @buffer: the ring buffer
 * @cpu:    the CPU it was allocated for
 * @rpage:  the page
 */
void ring_buffer_free_read_page(struct trace_buffer *buffer, int cpu,
				struct buffer_data_read_page *rpage)
{
	if (!rpage)
		return;
	rb_free_data(rpage->data, rpage->order);
	kfree(rpage);
}
EXPORT_SYMBOL_GPL(ring_buffer_free_read_page);

/**
 * ring_buffer_read_page_data - the sub-buffer inside a read page
 * @rpage: a page from ring_buffer_alloc_read_page()
 *
 * Return: the start of the sub-buffer (its time stamp field).
 */
void *ring_buffer_read_page_data(struct buffer_data_read_page *rpage)
{
	return rpage->data;
}
EXPORT_SYMBOL_GPL(ring_buffer_read_page_data);

/**
 * ring_buffer_read_page_size - the size of a read page
 * @rpage: a page from ring_buffer_alloc_read_page()
 *
 * Return: its size in bytes, header included.
 */
unsigned int ring_buffer_read_page_size(struct buffer_data_read_page *rpage)
{
	return PAGE_SIZE << rpage->order;
}
EXPORT_SYMBOL_GPL(ring_buffer_read_page_size);

/*
 * Copy whole records from the reader's page to @dst, at most @room bytes.
 * Return: bytes copied.  reader_lock.
 */
static unsigned int rb_copy_records(struct rb_cpu *cb, struct rb_data_page *dst,
				    unsigned int room, unsigned int commit)
{
	struct rb_data_page *src = cb->rpage->data;
	unsigned int copied = 0;

	dst->time_stamp = cb->rstamp;
	while (cb->rpos < commit) {
		struct ring_buffer_event *ev = (void *)src->data + cb->rpos;
		unsigned int size = rb_fit(ev, cb->rpos, commit);

		if (!size) {
			rb_reader_skip_rest(cb, ev, commit);
			break;
		}
		if (copied + size > room)
			break;
		memcpy(dst->data + copied, ev, size);
		copied += size;
		cb->rpos += size;
		rb_stamp_step(ev, &cb->rstamp);
		cb->rs.read_bytes += size;
		if (rb_is_data(ev))
			cb->rs.read++;
	}
	return copied;
}

/**
 * ring_buffer_read_page - take a sub-buffer of events out of a CPU's ring
 * @buffer:    the ring buffer
 * @data_page: a page from ring_buffer_alloc_read_page()
 * @len:       bytes the caller can take, header included
 * @cpu:       the CPU whose ring to read
 * @full:      only succeed with a sub-buffer the writer has left
 *
 * When the reader's sub-buffer is unread, complete and fits @len, it is
 * exchanged for @data_page's memory without copying (not while the ring
 * is mapped to user space: ring_buffer_map()).  Otherwise the
 * unread records are copied into @data_page, as many whole records as fit.
 * The result is a sub-buffer in the ABI layout: time stamp of the first
 * record, commit, records.  If events were lost since the previous read,
 * RB_MISSED_EVENTS (bit 31) is set in the commit word and, when there is
 * room, their count is stored as an unsigned long right after the records
 * with RB_MISSED_STORED (bit 30).  The rest of the page is zeroed.
 *
 * Return: 0 (the offset of the data) if events were read, a negative value
 * if not.
 */
int ring_buffer_read_page(struct trace_buffer *buffer,
			  struct buffer_data_read_page *data_page,
			  size_t len, int cpu, int full)
{
	struct rb_cpu *cb = rb_cpu_of(buffer, cpu);
	struct rb_data_page *out;
	unsigned long flags, bits = 0;
	unsigned int commit, used;
	int ret = -1;

	if (!cb || !data_page || !data_page->data ||
	    data_page->order != buffer->order || len <= RB_PAGE_HDR)
		return -1;
	len = min_t(size_t, len - RB_PAGE_HDR, buffer->capacity);

	if (!rb_reader_trylock(cb, &flags))
		return -1;
	if (!rb_reader_record(cb))
		goto out;
	if (full && !rb_reader_done(cb))
		goto out;

	commit = rb_commit_of(cb->rpage->data);
	if (!cb->rpos && rb_reader_done(cb) && commit <= len && !cb->meta) {
		/* The whole sub-buffer: trade pages. */
		out = cb->rpage->data;
		cb->rpage->data = data_page->data;
		data_page->data = out;
		cb->rpage->data->time_stamp = 0;
		local_set(&cb->rpage->data->commit, commit);
		cb->rpos = commit;
		cb->rs.read += local_read(&cb->rpage->entries);
		cb->rs.read_bytes += commit;
		used = commit;
	} else {
		out = data_page->data;
		used = rb_copy_records(cb, out, len, commit);
		if (!used)
			goto out;
		commit = used;
	}

	if (cb->rs.lost) {
		bits = RB_MISSED_EVENTS;
		if (used + sizeof(long) <= buffer->capacity) {
			memcpy(out->data + used, &cb->rs.lost, sizeof(long));
			used += sizeof(long);
			bits |= RB_MISSED_STORED;
		}
		cb->rs.lost = 0;
	}
	local_set(&out->commit, commit | bits);
	memset(out->data + used, 0, buffer->capacity - used);
	cb->gen++;
	ret = 0;
out:
	rb_reader_unlock(cb, flags);
	return ret;
}
EXPORT_SYMBOL_GPL(ring_buffer_read_page);

/* ------------------------------------------------------------------ */
/* Mapping a ring to user space                                       */
/* ------------------------------------------------------------------ */

/*
 * The layout of a mapping, in pages from offset 0 of the file:
 *
 *   0                1                 1 + 2^order       1 + (nr + 1) 2^order
 *   +----------------+-----------------+-----  ...  -----+
 *   | meta page      | sub-buffer 0    | sub-buffer 1 ...  sub-buffer nr |
 *   +----------------+-----------------+-----  ...  -----+
 *
 * struct trace_buffer_meta (uapi/linux/trace_mmap.h) in the meta page
 * tells the sub-buffer size and count, and which sub-buffer is the
 * reader's (reader.id) and how much of it the kernel consumed
 * (reader.read).  Sub-buffer ids are given when the ring is first
 * mapped: 0 to the reader's page, 1 to nr_pages to the ring's pages in
 * the order the reader will take them, and stay with the pages (struct
 * rb_page.map_id) for as long as the ring is mapped, as the pages stay
 * with the ring.  User space reads the reader's sub-buffer in place, up
 * to its commit, and asks for the next one with
 * TRACE_MMAP_IOCTL_GET_READER (ring_buffer_map_get_reader()).
 */

/* Publish the reader's state in the meta page.  reader_lock. */
static void rb_map_update(struct rb_cpu *cb)
{
	struct trace_buffer_meta *meta = cb->meta;

	meta->reader.lost_events = cb->map_lost;
	meta->reader.id = cb->rpage->map_id;
	meta->reader.read = cb->rpos;
	meta->entries = local_read(&cb->ws.entries);
	meta->overrun = local_read(&cb->ws.overrun);
	meta->read = cb->rs.read;
	/* for architectures whose data cache does not see user mappings */
	flush_dcache_page(virt_to_page(meta));
	flush_dcache_folio(virt_to_folio(cb->rpage->data));
}

/*
 * The reader took a page after events were lost: say so in the page's
 * commit word (RB_MISSED_EVENTS; with RB_MISSED_STORED, the count right
 * after the records), as ring_buffer_read_page() does, once the writer
 * has left the page and its commit is final.  reader_lock.
 */
static void rb_map_mark_lost(struct rb_cpu *cb)
{
	struct rb_data_page *data = cb->rpage->data;
	unsigned long lost = cb->rs.lost, bits = RB_MISSED_EVENTS;
	unsigned int commit;

	cb->map_lost = lost;
	if (!lost || !rb_reader_done(cb))
		return;
	commit = rb_commit_of(data);
	if (cb->buffer->capacity - commit >= sizeof(lost)) {
		memcpy(data->data + commit, &lost, sizeof(lost));
		bits |= RB_MISSED_STORED;
	}
	/* off the ring and final: no writer stores it any more */
	local_set(&data->commit, commit | bits);
}

/*
 * Consume what the reader's page holds up to its commit, as user space
 * reads it through the mapping; take the next page first if this one is
 * used up.  reader_lock.
 */
static void rb_map_consume(struct rb_cpu *cb)
{
	struct rb_page *before = cb->rpage;
	struct rb_data_page *data;
	unsigned int commit;

	if (!rb_reader_record(cb))
		return;
	if (cb->rpage != before)
		rb_map_mark_lost(cb);
	data = cb->rpage->data;
	commit = rb_commit_of(data);
	while (cb->rpos < commit) {
		struct ring_buffer_event *ev = (void *)data->data + cb->rpos;
		unsigned int size = rb_fit(ev, cb->rpos, commit);

		if (!size) {
			rb_reader_skip_rest(cb, ev, commit);
			break;
		}
		cb->rpos += size;
		rb_stamp_step(ev, &cb->rstamp);
		cb->rs.read_bytes += size;
		if (rb_is_data(ev))
			cb->rs.read++;
	}
	cb->rs.lost = 0;
	cb->gen++;
}

/* Give the pages their ids and publish the meta page.  buffer->mutex. */
static int rb_map_setup(struct rb_cpu *cb)
{
	unsigned int nr = cb->nr_pages, i;
	struct trace_buffer_meta *meta;
	struct rb_data_page **data;
	unsigned long flags, h, t;

	meta = (void *)get_zeroed_page(GFP_KERNEL);
	data = kcalloc(nr + 1, sizeof(*data), GFP_KERNEL);
	if (!meta || !data) {
		free_page((unsigned long)meta);
		kfree(data);
		return -ENOMEM;
	}
	meta->meta_page_size = PAGE_SIZE;
	meta->meta_struct_len = sizeof(*meta);
	meta->subbuf_size = PAGE_SIZE << cb->buffer->order;
	meta->nr_subbufs = nr + 1;

	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	cb->rpage->map_id = 0;
	data[0] = cb->rpage->data;
	/*
	 * The slots' page ids change only under reader_lock (rb_take_page());
	 * the writer retags a slot but keeps its page.
	 */
	h = rb_ring_range(cb, &t);
	for (i = 0; i < nr; i++) {
		u64 w = atomic64_read(&cb->slots[rb_slot_index(cb, h + i)]);
		struct rb_page *page = cb->pages[w & RB_ID_MASK];

		page->map_id = i + 1;
		data[i + 1] = page->data;
	}
	cb->map_data = data;
	cb->meta = meta;
	cb->map_lost = 0;
	rb_map_update(cb);
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	return 0;
}

/* The last mapping is gone.  buffer->mutex. */
static void rb_map_teardown(struct rb_cpu *cb)
{
	struct trace_buffer_meta *meta = cb->meta;
	struct rb_data_page **data = cb->map_data;
	unsigned long flags;

	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	cb->meta = NULL;
	cb->map_data = NULL;
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	free_page((unsigned long)meta);
	kfree(data);
}

/* Insert the pages @vma covers.  buffer->mutex, the ring set up. */
static int rb_map_insert(struct rb_cpu *cb, struct vm_area_struct *vma)
{
	unsigned int order = cb->buffer->order;
	unsigned long total = 1 + ((unsigned long)(cb->nr_pages + 1) << order);
	unsigned long first = vma->vm_pgoff, n = vma_pages(vma), i;
	struct page **pages;
	int err;

	if (first >= total || n > total - first)
		return -EINVAL;
	pages = kcalloc(n, sizeof(*pages), GFP_KERNEL);
	if (!pages)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		unsigned long p = first + i - 1;

		if (!(first + i))
			pages[i] = virt_to_page(cb->meta);
		else
			pages[i] = virt_to_page(cb->map_data[p >> order]) +
				   (p & ((1UL << order) - 1));
	}
	err = vm_insert_pages(vma, vma->vm_start, pages, &n);
	kfree(pages);
	return err;
}

/**
 * ring_buffer_map - map a CPU's ring into user space
 * @buffer: the ring buffer
 * @cpu:    the CPU
 * @vma:    the mapping, read-only and shared; its offset and length pick
 *          the pages (see the layout above)
 *
 * The first mapping of a ring gives its sub-buffers their ids and fills
 * the meta page; until the last one goes (ring_buffer_unmap()) the ring
 * cannot be resized, change its sub-buffer size or be swapped.
 *
 * Return: 0, -EINVAL for a CPU without a ring or a range past the end,
 * -EPERM for a writable, executable or private mapping, -ENOMEM.
 */
int ring_buffer_map(struct trace_buffer *buffer, int cpu,
		    struct vm_area_struct *vma)
{
	struct rb_cpu *cb = rb_cpu_of(buffer, cpu);
	int err;

	if (!cb)
		return -EINVAL;
	if ((vma->vm_flags & (VM_WRITE | VM_EXEC)) ||
	    !(vma->vm_flags & VM_MAYSHARE))
		return -EPERM;

	guard(mutex)(&buffer->mutex);
	if (!cb->mapped) {
		err = rb_map_setup(cb);
		if (err)
			return err;
	}
	vm_flags_mod(vma, VM_DONTCOPY | VM_DONTDUMP | VM_DONTEXPAND, VM_MAYWRITE);
	err = rb_map_insert(cb, vma);
	if (err) {
		if (!cb->mapped)
			rb_map_teardown(cb);
		return err;
	}
	cb->mapped++;
	return 0;
}

/**
 * ring_buffer_map_dup - count one more mapping of a mapped ring
 * @buffer: the ring buffer
 * @cpu:    the CPU
 *
 * For a mapping split in two: both halves are unmapped in turn.
 */
void ring_buffer_map_dup(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_of(buffer, cpu);

	if (!cb)
		return;
	guard(mutex)(&buffer->mutex);
	if (!WARN_ON_ONCE(!cb->mapped))
		cb->mapped++;
}

/**
 * ring_buffer_unmap - one mapping of a CPU's ring is gone
 * @buffer: the ring buffer
 * @cpu:    the CPU
 *
 * Return: 0, or -ENODEV if the ring was not mapped.
 */
int ring_buffer_unmap(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_of(buffer, cpu);

	if (!cb)
		return -ENODEV;
	guard(mutex)(&buffer->mutex);
	if (WARN_ON_ONCE(!cb->mapped))
		return -ENODEV;
	if (!--cb->mapped)
		rb_map_teardown(cb);
	return 0;
}

/**
 * ring_buffer_map_get_reader - hand user space the next sub-buffer to read
 * @buffer: the ring buffer
 * @cpu:    the CPU, whose ring is mapped
 *
 * What the reader's sub-buffer holds up to its commit counts as read; if
 * it held nothing new, the next sub-buffer with events becomes the
 * reader's, and its events count as read.  The meta page then tells the
 * reader's sub-buffer (reader.id), how far the kernel consumed it
 * (reader.read) and the ring's counters.  Any context but NMI.
 *
 * Return: 0, or -ENODEV if the ring is not mapped.
 */
int ring_buffer_map_get_reader(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_of(buffer, cpu);
	unsigned long flags;
	int ret = 0;

	if (!cb)
		return -ENODEV;
	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	if (cb->meta) {
		rb_map_consume(cb);
		rb_map_update(cb);
	} else {
		ret = -ENODEV;
	}
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	return ret;
}

/* ------------------------------------------------------------------ */
/* Iterators: reading without consuming                               */
/* ------------------------------------------------------------------ */

/**
 * struct ring_buffer_iter - a non-consuming walk over one CPU's ring
 * @cb:        the ring
 * @on_reader: walking the reader's page (else ring sequence @seq)
 * @seq:       the ring page being walked
 * @pos:       byte offset of the next record in it
 * @stamp:     time stamp before that record
 * @gen:       rb_cpu.gen when positioned: a consuming read resets the walk
 * @dropped:   events were overwritten under the walk
 * @have:      @event holds the data event at @pos
 * @ev_size:   its record size
 * @ev_ts:     its time stamp
 * @room:      bytes at @event
 * @event:     copy of the current event: ring pages may be overwritten
 *             while the caller looks at it
 *
 * Every operation runs under the ring's reader_lock.  Pages of the ring
 * are read in place; after copying a record the walk re-reads the page's
 * slot, and a changed slot means the writer took the page (the writer
 * changes the slot before writing, with a full barrier).
 */
struct ring_buffer_iter {
	struct rb_cpu			*cb;
	bool				on_reader;
	unsigned long			seq;
	unsigned int			pos;
	u64				stamp;
	unsigned long			gen;
	bool				dropped;
	bool				have;
	unsigned int			ev_size;
	u64				ev_ts;
	unsigned int			room;
	struct ring_buffer_event	*event;
};

static void rb_iter_start(struct ring_buffer_iter *it)
{
	struct rb_cpu *cb = it->cb;

	it->on_reader = true;
	it->pos = cb->rpos;
	it->stamp = cb->rstamp;
	it->gen = cb->gen;
	it->have = false;
}

/* Fill @it->event with the next data event.  reader_lock. */
static bool rb_iter_fill(struct ring_buffer_iter *it)
{
	struct rb_cpu *cb = it->cb;

	if (it->gen != cb->gen) {
		rb_iter_start(it);
		it->dropped = true;
	}
	if (it->have)
		return true;

	for (;;) {
		struct rb_data_page *data;
		struct ring_buffer_event *ev;
		unsigned int commit, size;
		unsigned long t;
		bool done;
		u64 w = 0, stamp;

		if (it->on_reader) {
			done = rb_reader_done(cb);
			data = cb->rpage->data;
		} else {
			unsigned long first = rb_ring_range(cb, &t);

			if (rb_seq_after(it->seq, t))
				return false;
			if (rb_seq_after(first, it->seq)) {
				/* the writer overwrote where we were */
				it->seq = first;
				it->pos = 0;
				it->dropped = true;
				continue;
			}
			w = atomic64_read(&cb->slots[rb_slot_index(cb, it->seq)]);
			if (!rb_slot_is(w, it->seq)) {
				it->seq++;
				it->pos = 0;
				it->dropped = true;
				continue;
			}
			/*
			 * acquire: pairs with the smp_store_release() of
			 * commit_seq in rb_publish(), as rb_reader_done()
			 */
			done = rb_seq_after(smp_load_acquire(&cb->commit_seq),
					    it->seq);
			data = cb->pages[w & RB_ID_MASK]->data;
		}
		commit = rb_commit_of(data);
		/* commit, then records: pairs with smp_wmb() in rb_publish() */
		smp_rmb();
		if (!it->pos)
			it->stamp = data->time_stamp;

		if (it->pos >= commit) {
			if (!done)
				return false;
			if (it->on_reader) {
				it->on_reader = false;
				it->seq = rb_ring_range(cb, &t);
			} else {
				it->seq++;
			}
			it->pos = 0;
			continue;
		}

		/*
		 * Copy the header first and size the record from the copy,
		 * so that a record changing under us cannot make us copy
		 * more than it claims.
		 */
		ev = (void *)data->data + it->pos;
		size = 0;
		if (commit - it->pos >= RB_LEN_EXT) {
			memcpy(it->event, ev, RB_LEN_EXT);
			size = rb_fit(it->event, it->pos, commit);
			if (size > it->room)
				size = 0;
			if (size > RB_LEN_EXT)
				memcpy((void *)it->event + RB_LEN_EXT,
				       (void *)ev + RB_LEN_EXT, size - RB_LEN_EXT);
		}
		if (!it->on_reader) {
			/*
			 * The copy before the slot re-check: pairs with the
			 * fully ordered retag cmpxchg in rb_move_tail(),
			 * which the writer does before it writes the page.
			 */
			smp_rmb();
			if (atomic64_read(&cb->slots[rb_slot_index(cb, it->seq)]) != w) {
				it->pos = 0;
				it->dropped = true;
				continue;
			}
		}
		if (!size) {
			/* the rest of the page is unused */
			it->pos = commit;
			continue;
		}
		stamp = it->stamp;
		rb_stamp_step(it->event, &stamp);
		if (rb_is_data(it->event)) {
			it->have = true;
			it->ev_size = size;
			it->ev_ts = stamp;
			return true;
		}
		it->pos += size;
		it->stamp = stamp;
	}
}

/**
 * ring_buffer_read_start - start a non-consuming walk over a CPU's ring
 * @buffer: the ring buffer
 * @cpu:    the CPU
 * @flags:  gfp flags for the iterator
 *
 * The walk starts at the oldest unread event and may run while writers
 * write: events overwritten under it are skipped and reported by
 * ring_buffer_iter_dropped().  A consuming read of the CPU restarts it.
 * Release it with ring_buffer_read_finish().
 *
 * Return: the iterator, or NULL.
 */
struct ring_buffer_iter *
ring_buffer_read_start(struct trace_buffer *buffer, int cpu, gfp_t flags)
{
	struct rb_cpu *cb = rb_cpu_of(buffer, cpu);
	struct ring_buffer_iter *it;
	unsigned long irqflags;

	if (!cb)
		return NULL;
	it = kzalloc(sizeof(*it), flags);
	if (!it)
		return NULL;
	it->room = buffer->capacity;
	it->event = kmalloc(it->room, flags);
	if (!it->event) {
		kfree(it);
		return NULL;
	}
	it->cb = cb;
	atomic_inc(&buffer->iterators);
	raw_spin_lock_irqsave(&cb->reader_lock, irqflags);
	rb_iter_start(it);
	raw_spin_unlock_irqrestore(&cb->reader_lock, irqflags);
	return it;
}
EXPORT_SYMBOL_GPL(ring_buffer_read_start);

/**
 * ring_buffer_read_finish - end a walk started by ring_buffer_read_start()
 * @iter: the iterator; freed
 */
void ring_buffer_read_finish(struct ring_buffer_iter *iter)
{
	atomic_dec(&iter->cb->buffer->iterators);
	kfree(iter->event);
	kfree(iter);
}
EXPORT_SYMBOL_GPL(ring_buffer_read_finish);

/**
 * ring_buffer_iter_peek - the event at the iterator
 * @iter: the iterator
 * @ts:   if not NULL, gets the event's time stamp
 *
 * Return: a copy of the event, valid until the iterator moves, or NULL at
 * the end of the committed events.
 */
struct ring_buffer_event *
ring_buffer_iter_peek(struct ring_buffer_iter *iter, u64 *ts)
{
	struct rb_cpu *cb = iter->cb;
	unsigned long flags;
	bool have;

	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	have = rb_iter_fill(iter);
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	if (!have)
		return NULL;
	if (ts)
		*ts = iter->ev_ts;
	return iter->event;
}
EXPORT_SYMBOL_GPL(ring_buffer_iter_peek);

/**
 * ring_buffer_iter_advance - move the iterator past its current event
 * @iter: the iterator
 */
void ring_buffer_iter_advance(struct ring_buffer_iter *iter)
{
	struct rb_cpu *cb = iter->cb;
	unsigned long flags;

	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	if (rb_iter_fill(iter)) {
		iter->pos += iter->ev_size;
		iter->stamp = iter->ev_ts;
		iter->have = false;
	}
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
}
EXPORT_SYMBOL_GPL(ring_buffer_iter_advance);

/**
 * ring_buffer_iter_reset - move the iterator back to the oldest unread event
 * @iter: the iterator
 */
void ring_buffer_iter_reset(struct ring_buffer_iter *iter)
{
	struct rb_cpu *cb = iter->cb;
	unsigned long flags;

	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	rb_iter_start(iter);
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
}
EXPORT_SYMBOL_GPL(ring_buffer_iter_reset);

/**
 * ring_buffer_iter_empty - has the iterator reached the end?
 * @iter: the iterator
 *
 * Return: 1 if no committed event is left after the iterator, else 0.
 */
int ring_buffer_iter_empty(struct ring_buffer_iter *iter)
{
	return !ring_buffer_iter_peek(iter, NULL);
}
EXPORT_SYMBOL_GPL(ring_buffer_iter_empty);

/**
 * ring_buffer_iter_dropped - were events lost under the iterator?
 * @iter: the iterator
 *
 * Reports (and forgets) that the writer overwrote events the walk had not
 * reached, or that a consuming read restarted it.
 *
 * Return: true if so since the last call.
 */
bool ring_buffer_iter_dropped(struct ring_buffer_iter *iter)
{
	bool dropped = iter->dropped;

	iter->dropped = false;
	return dropped;
}
EXPORT_SYMBOL_GPL(ring_buffer_iter_dropped);

/* ------------------------------------------------------------------ */
/* Per-CPU rings: allocation, layout, reset, resize                   */
/* ------------------------------------------------------------------ */

static void rb_page_free(struct rb_page *page, int order)
{
	if (!page)
		return;
	rb_free_data(page->data, order);
	kfree(page);
}

static struct rb_page *rb_page_alloc(int node, int order)
{
	struct rb_page *page;

	page = kzalloc_node(sizeof(*page), GFP_KERNEL, node);
	if (!page)
		return NULL;
	page->data = rb_alloc_data(node, order);
	if (!page->data) {
		kfree(page);
		return NULL;
	}
	return page;
}

/* Allocate @n pages onto the list @list (linked through ->next). */
static int rb_pages_alloc(struct rb_page **list, unsigned long n, int node,
			  int order)
{
	while (n--) {
		struct rb_page *page = rb_page_alloc(node, order);

		if (!page)
			return -ENOMEM;
		page->next = *list;
		*list = page;
	}
	return 0;
}

static void rb_pages_free(struct rb_page *list, int order)
{
	while (list) {
		struct rb_page *next = list->next;

		rb_page_free(list, order);
		list = next;
	}
}

static struct rb_page *rb_pages_pop(struct rb_page **list)
{
	struct rb_page *page = *list;

	*list = page->next;
	return page;
}

/* Clear a page for reuse as an empty page. */
static void rb_page_clear(struct rb_page *page)
{
	page->next = NULL;
	page->end = 0;
	local_set(&page->entries, 0);
	page->data->time_stamp = 0;
	local_set(&page->data->commit, 0);
}

/*
 * rb_layout - lay out a quiescent ring afresh
 * @keep:  ring pages holding unread events, oldest first, the writer's
 *         page last; @nkeep of them, at least one unless the writer is on
 *         the reader's page.  @nkeep <= @nr.
 * @woff:  the writer's offset in its page
 * @spare: empty pages for the other slots
 *
 * New sequence numbers start at @nr.  The reader keeps its page and
 * position; when the writer is on it, the ring holds only fresh pages.
 * Writers are stopped and reader_lock is held.
 */
static void rb_layout(struct rb_cpu *cb, unsigned int nr,
		      atomic64_t *slots, struct rb_page **pages,
		      struct rb_page **keep, unsigned int nkeep,
		      unsigned int woff, struct rb_page **spare)
{
	unsigned long base = nr;
	struct rb_page *writer;
	unsigned long tseq;
	unsigned int i;
	bool known;
	u64 stamp;

	for (i = 0; i < nr; i++) {
		struct rb_page *page = i < nkeep ? keep[i] : rb_pages_pop(spare);

		if (i >= nkeep)
			rb_page_clear(page);
		page->id = i;
		page->slot = i;
		page->seq = base + i;
		pages[i] = page;
		atomic64_set(&slots[i], rb_slot_make(base + i, i));
	}
	cb->rpage->id = nr;
	pages[nr] = cb->rpage;

	if (nkeep) {
		writer = keep[nkeep - 1];
		tseq = base + nkeep - 1;
		cb->rseq = base - 1;		/* done: the commit is past it */
	} else {
		/* The writer is on the reader's page, just before slot 0. */
		writer = cb->rpage;
		writer->slot = nr - 1;
		tseq = base - 1;
		writer->seq = tseq;
		cb->rseq = tseq;
	}
	cb->nr_pages = nr;
	cb->slots = slots;
	cb->pages = pages;
	cb->rnext = base;
	cb->commit_page = writer;
	cb->commit_seq = tseq;
	/* The time at the tail stays what it was: carry the stamp over. */
	stamp = local64_read(&cb->stamp);
	known = rb_stamp_at(stamp, local64_read(&cb->tail));
	cb->rsv[0].ts = cb->rsv[rb_stamp_level(stamp)].ts;
	local64_set(&cb->tail, rb_tail_make(tseq, writer->id, woff));
	local64_set(&cb->stamp, known ? rb_stamp_make(local64_read(&cb->tail), 0) :
				 RB_NO_STAMP);
	cb->published = local64_read(&cb->tail);
	cb->gen++;
}

static void rb_reset_quiet(struct rb_cpu *cb)
{
	struct rb_page *spare = NULL, *first = NULL;
	unsigned int i;

	for (i = 0; i <= cb->nr_pages; i++) {
		struct rb_page *page = cb->pages[i];

		if (page == cb->rpage)
			continue;
		rb_page_clear(page);
		if (!first) {
			first = page;	/* the writer's, at offset 0 */
			continue;
		}
		page->next = spare;
		spare = page;
	}
	rb_page_clear(cb->rpage);
	cb->rpos = 0;
	cb->rstamp = 0;
	local64_set(&cb->stamp, RB_NO_STAMP);
	rb_layout(cb, cb->nr_pages, cb->slots, cb->pages, &first, 1, 0, &spare);
	/* The ring is quiescent: plain stores clear the counters. */
	memset(&cb->ws, 0, sizeof(cb->ws));
	memset(&cb->rs, 0, sizeof(cb->rs));
}

/* The arrays and pages of a ring of @nr slots, before they are laid out. */
struct rb_ring_mem {
	unsigned long		nr;
	struct rb_page		**pages;	/* nr + 1 */
	atomic64_t		*slots;
};

static void rb_ring_mem_free(struct rb_ring_mem *mem, int order)
{
	unsigned long i;

	if (mem->pages)
		for (i = 0; i <= mem->nr; i++)
			rb_page_free(mem->pages[i], order);
	kvfree(mem->pages);
	kvfree(mem->slots);
	mem->pages = NULL;
	mem->slots = NULL;
}

static int rb_ring_mem_alloc(struct rb_ring_mem *mem, unsigned long nr,
			     int node, int order)
{
	unsigned long i;

	mem->nr = nr;
	mem->pages = kvcalloc_node(nr + 1, sizeof(*mem->pages), GFP_KERNEL, node);
	mem->slots = kvcalloc_node(nr, sizeof(*mem->slots), GFP_KERNEL, node);
	if (!mem->pages || !mem->slots)
		goto fail;
	for (i = 0; i <= nr; i++) {
		mem->pages[i] = rb_page_alloc(node, order);
		if (!mem->pages[i])
			goto fail;
	}
	return 0;
fail:
	rb_ring_mem_free(mem, order);
	return -ENOMEM;
}

/*
 * Give a quiescent ring (or a new one) the memory in @mem and empty it;
 * @mem gets the ring's previous memory.  reader_lock held if the ring is
 * in use.
 */
static void rb_ring_mem_swap(struct rb_cpu *cb, struct rb_ring_mem *mem)
{
	struct rb_ring_mem old = {
		.nr = cb->nr_pages, .pages = cb->pages, .slots = cb->slots,
	};

	cb->nr_pages = mem->nr;
	cb->pages = mem->pages;
	cb->slots = mem->slots;
	cb->rpage = mem->pages[mem->nr];
	rb_reset_quiet(cb);
	*mem = old;
}

static void rb_cpu_free(struct rb_cpu *cb, int order)
{
	struct rb_ring_mem mem;

	if (!cb)
		return;
	irq_work_sync(&cb->waiters.work);
	mem.nr = cb->nr_pages;
	mem.pages = cb->pages;
	mem.slots = cb->slots;
	rb_ring_mem_free(&mem, order);
	kfree(cb);
}

static struct rb_cpu *rb_cpu_alloc(struct trace_buffer *buffer, int cpu,
				   unsigned long nr)
{
	int node = cpu_to_node(cpu);
	struct rb_ring_mem mem;
	struct rb_cpu *cb;

	cb = kzalloc_node(sizeof(*cb), GFP_KERNEL, node);
	if (!cb)
		return NULL;
	if (rb_ring_mem_alloc(&mem, nr, node, buffer->order)) {
		kfree(cb);
		return NULL;
	}
	cb->buffer = buffer;
	cb->cpu = cpu;
	raw_spin_lock_init(&cb->reader_lock);
	lockdep_set_class(&cb->reader_lock, buffer->reader_key);
	rb_waiters_init(&cb->waiters);
	rb_ring_mem_swap(cb, &mem);	/* mem gets nothing back */
	return cb;
}

/* Stop the writers of @cb and wait for those in flight. */
static void rb_cpu_quiesce(struct rb_cpu *cb)
{
	atomic_inc(&cb->record_disabled);
	synchronize_rcu();
}

static void rb_cpu_resume(struct rb_cpu *cb)
{
	atomic_dec(&cb->record_disabled);
}

/*
 * rb_cpu_resize - give a ring @nr pages, keeping its newest unread events
 *
 * Allocation happens first; the ring is changed with its writers stopped
 * and reader_lock held.  When shrinking below the unread data, the oldest
 * pages are dropped and counted as overrun.
 */
static int rb_cpu_resize(struct trace_buffer *buffer, struct rb_cpu *cb,
			 unsigned long nr)
{
	int node = cpu_to_node(cb->cpu);
	struct rb_page *spare = NULL, **keep = NULL, **pages, **old_pages;
	atomic64_t *slots, *old_slots;
	unsigned int nkeep = 0, i, woff;
	unsigned long flags, h, t;
	int err = -ENOMEM;

	if (nr == cb->nr_pages)
		return 0;

	pages = kvcalloc_node(nr + 1, sizeof(*pages), GFP_KERNEL, node);
	slots = kvcalloc_node(nr, sizeof(*slots), GFP_KERNEL, node);
	keep = kvcalloc(max_t(unsigned long, nr, cb->nr_pages), sizeof(*keep),
			GFP_KERNEL);
	if (!pages || !slots || !keep)
		goto fail;
	if (nr > cb->nr_pages &&
	    rb_pages_alloc(&spare, nr - cb->nr_pages, node, buffer->order))
		goto fail;

	rb_cpu_quiesce(cb);
	raw_spin_lock_irqsave(&cb->reader_lock, flags);

	/* The unread ring pages, oldest first. */
	woff = rb_tail_off(local64_read(&cb->tail));
	for (i = 0; i <= cb->nr_pages; i++)
		cb->pages[i]->kept = false;
	if (cb->pages[rb_tail_id(local64_read(&cb->tail))] != cb->rpage) {
		for (h = rb_ring_range(cb, &t); !rb_seq_after(h, t); h++) {
			u64 w = atomic64_read(&cb->slots[rb_slot_index(cb, h)]);

			if (rb_slot_is(w, h)) {
				keep[nkeep] = cb->pages[w & RB_ID_MASK];
				keep[nkeep++]->kept = true;
			}
		}
	}
	/* Every other page but the reader's is spare. */
	for (i = 0; i <= cb->nr_pages; i++) {
		struct rb_page *page = cb->pages[i];

		if (page != cb->rpage && !page->kept) {
			page->next = spare;
			spare = page;
		}
	}
	/* Too much data for the new size: lose the oldest pages. */
	i = 0;
	while (nkeep - i > nr) {
		struct rb_page *page = keep[i++];

		local_add(local_read(&page->entries), &cb->ws.overrun);
		local_add(page->end, &cb->ws.lost_bytes);
		page->next = spare;
		spare = page;
	}

	old_pages = cb->pages;
	old_slots = cb->slots;
	rb_layout(cb, nr, slots, pages, keep + i, nkeep - i, woff, &spare);

	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	rb_cpu_resume(cb);

	kvfree(old_pages);
	kvfree(old_slots);
	err = 0;
	pages = NULL;
	slots = NULL;
fail:
	rb_pages_free(spare, buffer->order);
	kvfree(keep);
	kvfree(pages);
	kvfree(slots);
	return err;
}

static unsigned long rb_nr_pages_cap(unsigned int capacity, unsigned long size)
{
	unsigned long nr = DIV_ROUND_UP(size, capacity);

	return clamp_t(unsigned long, nr, 2, RB_MAX_PAGES);
}

static unsigned long rb_nr_pages_for(struct trace_buffer *buffer,
				     unsigned long size)
{
	return rb_nr_pages_cap(buffer->capacity, size);
}

/*
 * -ENOMEM when @grow more sub-buffers are obviously not there: a size
 * written to buffer_size_kb is refused at once rather than taking every
 * free page (and the OOM killer's attention) on the way to failing.
 */
static int rb_mem_short(struct trace_buffer *buffer, unsigned long grow)
{
	if (!grow)
		return 0;
	if (grow > RB_MAX_PAGES * num_possible_cpus() ||
	    (grow << buffer->order) > si_mem_available())
		return -ENOMEM;
	return 0;
}

/*
 * Every ring of @buffer to @nr pages, or none: when one cannot grow, those
 * already resized get their old size back (shrinking back only frees, but
 * for the small page arrays).  buffer->mutex and cpus_read_lock() held.
 */
/* Is any ring of @buffer mapped to user space?  buffer->mutex. */
static bool rb_mapped_any(struct trace_buffer *buffer)
{
	int cpu;

	for_each_cpu(cpu, buffer->cpumask)
		if (buffer->buffers[cpu]->mapped)
			return true;
	return false;
}

static int rb_resize_all(struct trace_buffer *buffer, unsigned long nr)
{
	unsigned long grow = 0, *old;
	int c, d, err = 0;

	old = kcalloc(nr_cpu_ids, sizeof(*old), GFP_KERNEL);
	if (!old)
		return -ENOMEM;
	for_each_cpu(c, buffer->cpumask) {
		old[c] = buffer->buffers[c]->nr_pages;
		if (nr > old[c])
			grow += nr - old[c];
	}
	err = rb_mem_short(buffer, grow);
	for_each_cpu(c, buffer->cpumask) {
		if (err)
			break;
		err = rb_cpu_resize(buffer, buffer->buffers[c], nr);
		if (!err)
			continue;
		for_each_cpu(d, buffer->cpumask) {
			if (d == c)
				break;
			rb_cpu_resize(buffer, buffer->buffers[d], old[d]);
		}
	}
	if (!err)
		buffer->nr_pages = nr;
	kfree(old);
	return err;
}

/**
 * trace_rb_cpu_prepare - give a CPU coming online its ring
 * @cpu:  the CPU
 * @node: the buffer's CPUHP_TRACE_RB_PREPARE instance
 *
 * CPU hotplug prepare callback: buffers have rings for the CPUs that were
 * ever online.  The ring buffer sets the state up itself on its first
 * allocation.
 *
 * Return: 0 or -ENOMEM.
 */
int trace_rb_cpu_prepare(unsigned int cpu, struct hlist_node *node)
{
	struct trace_buffer *buffer = hlist_entry(node, struct trace_buffer, node);
	struct rb_cpu *cb;

	if (cpumask_test_cpu(cpu, buffer->cpumask))
		return 0;
	cb = rb_cpu_alloc(buffer, cpu, buffer->nr_pages);
	if (!cb)
		return -ENOMEM;
	buffer->buffers[cpu] = cb;
	/*
	 * The ring before the mask bit that announces it.  The readers of
	 * the bit, rb_cpu_of() and rb_writer_enter(), issue no smp_rmb():
	 * they rely on the CPU not being online (and nobody reading its
	 * ring) before this prepare step has finished.
	 */
	smp_wmb();
	cpumask_set_cpu(cpu, buffer->cpumask);
	return 0;
}

static DEFINE_MUTEX(rb_cpuhp_mutex);
static bool rb_cpuhp_ready;

static int rb_cpuhp_setup(void)
{
	int ret = 0;

	mutex_lock(&rb_cpuhp_mutex);
	if (!rb_cpuhp_ready) {
		ret = cpuhp_setup_state_multi(CPUHP_TRACE_RB_PREPARE,
					      "trace/RB:prepare",
					      trace_rb_cpu_prepare, NULL);
		/* -EBUSY: someone set our callback up already. */
		if (ret == -EBUSY)
			ret = 0;
		rb_cpuhp_ready = !ret;
	}
	mutex_unlock(&rb_cpuhp_mutex);
	return ret;
}

static void rb_buffer_free_cpus(struct trace_buffer *buffer)
{
	int cpu;

	for_each_cpu(cpu, buffer->cpumask)
		rb_cpu_free(buffer->buffers[cpu], buffer->order);
}

static void rb_set_order(struct trace_buffer *buffer, int order)
{
	buffer->order = order;
	buffer->capacity = (PAGE_SIZE << order) - RB_PAGE_HDR;
	/* Room for a data record with its length word. */
	buffer->max_data = buffer->capacity - RB_HDR - sizeof(u32);
	if (buffer->abs)
		buffer->max_data -= RB_LEN_EXT;
}

/**
 * __ring_buffer_alloc - allocate a ring buffer
 * @size:  bytes of events per CPU (rounded up to whole sub-buffers, at
 *         least two)
 * @flags: RB_FL_OVERWRITE to overwrite the oldest events when full;
 *         without it, new events are dropped
 * @key:   lock class of the reader locks (see ring_buffer_alloc())
 *
 * Each CPU that is or comes online gets a ring.  May sleep.
 *
 * Return: the buffer, or NULL.
 */
struct trace_buffer *__ring_buffer_alloc(unsigned long size, unsigned int flags,
					 struct lock_class_key *key)
{
	struct trace_buffer *buffer;

	if (rb_cpuhp_setup())
		return NULL;

	buffer = kzalloc(sizeof(*buffer), GFP_KERNEL);
	if (!buffer)
		return NULL;
	if (!zalloc_cpumask_var(&buffer->cpumask, GFP_KERNEL))
		goto fail_buffer;
	buffer->buffers = kcalloc(nr_cpu_ids, sizeof(*buffer->buffers),
				  GFP_KERNEL);
	if (!buffer->buffers)
		goto fail_mask;

	buffer->flags = flags;
	buffer->clock = trace_clock_local;
	buffer->reader_key = key;
	mutex_init(&buffer->mutex);
	rb_waiters_init(&buffer->waiters);
	rb_set_order(buffer, 0);
	buffer->nr_pages = rb_nr_pages_for(buffer, size);

	/* Calls trace_rb_cpu_prepare() for every CPU already up. */
	if (cpuhp_state_add_instance(CPUHP_TRACE_RB_PREPARE, &buffer->node))
		goto fail_cpus;
	return buffer;

fail_cpus:
	rb_buffer_free_cpus(buffer);
	kfree(buffer->buffers);
fail_mask:
	free_cpumask_var(buffer->cpumask);
fail_buffer:
	kfree(buffer);
	return NULL;
}
EXPORT_SYMBOL_GPL(__ring_buffer_alloc);

/**
 * ring_buffer_free - free a ring buffer
 * @buffer: the buffer; no writer or reader may use it any more
 */
void ring_buffer_free(struct trace_buffer *buffer)
{
	if (!buffer)
		return;
	cpuhp_state_remove_instance(CPUHP_TRACE_RB_PREPARE, &buffer->node);
	irq_work_sync(&buffer->waiters.work);
	rb_buffer_free_cpus(buffer);
	kfree(buffer->buffers);
	free_cpumask_var(buffer->cpumask);
	kfree(buffer);
}
EXPORT_SYMBOL_GPL(ring_buffer_free);

/**
 * ring_buffer_resize - change the size of the rings
 * @buffer: the ring buffer
 * @size:   new size in bytes per CPU (at least two sub-buffers)
 * @cpu:    the CPU, or RING_BUFFER_ALL_CPUS
 *
 * Unread events are kept, the newest first when they no longer fit (the
 * dropped ones count as overrun).  Writers of a CPU being resized drop
 * their events for the moment it takes.  May sleep.
 *
 * Return: 0, -ENODEV for a CPU without a ring, -EBUSY while a ring to
 * resize is mapped to user space (ring_buffer_map()), or -ENOMEM.
 */
int ring_buffer_resize(struct trace_buffer *buffer, unsigned long size,
		       int cpu)
{
	unsigned long nr;
	int err = 0;

	if (!buffer)
		return 0;
	nr = rb_nr_pages_for(buffer, size);

	cpus_read_lock();
	mutex_lock(&buffer->mutex);
	if (cpu == RING_BUFFER_ALL_CPUS) {
		err = rb_mapped_any(buffer) ? -EBUSY : rb_resize_all(buffer, nr);
	} else if (rb_cpu_of(buffer, cpu)) {
		struct rb_cpu *cb = buffer->buffers[cpu];

		err = cb->mapped ? -EBUSY :
		      rb_mem_short(buffer, nr > cb->nr_pages ?
				   nr - cb->nr_pages : 0);
		if (!err)
			err = rb_cpu_resize(buffer, cb, nr);
	} else {
		err = -ENODEV;
	}
	mutex_unlock(&buffer->mutex);
	cpus_read_unlock();
	return err;
}
EXPORT_SYMBOL_GPL(ring_buffer_resize);

/*
 * Empty the rings of @mask, with one wait for their writers.  buffer->mutex.
 * With @cookie, the caller has held every writer of the buffer off since
 * it took *@cookie (get_state_synchronize_rcu()), so a grace period that
 * has already passed since then is enough.
 */
static void rb_reset_cpus_locked(struct trace_buffer *buffer,
				 const struct cpumask *mask,
				 const unsigned long *cookie)
{
	unsigned long flags;
	int cpu;

	for_each_cpu_and(cpu, buffer->cpumask, mask)
		atomic_inc(&buffer->buffers[cpu]->record_disabled);
	/*
	 * Writers run with preemption disabled: wait for those in flight.
	 * The cookie path is a tracer switch, a command someone waits for:
	 * an expedited grace period (IPIs rather than ticks) if one is
	 * still needed.
	 */
	if (cookie)
		cond_synchronize_rcu_expedited(*cookie);
	else
		synchronize_rcu();
	for_each_cpu_and(cpu, buffer->cpumask, mask) {
		struct rb_cpu *cb = buffer->buffers[cpu];

		raw_spin_lock_irqsave(&cb->reader_lock, flags);
		rb_reset_quiet(cb);
		if (cb->meta) {
			cb->map_lost = 0;
			rb_map_update(cb);
		}
		raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
		rb_cpu_resume(cb);
	}
}

/**
 * ring_buffer_reset_cpu - empty one CPU's ring
 * @buffer: the ring buffer
 * @cpu:    the CPU
 *
 * Drops every event and zeroes the CPU's statistics.  May sleep.
 */
void ring_buffer_reset_cpu(struct trace_buffer *buffer, int cpu)
{
	if (!rb_cpu_of(buffer, cpu))
		return;
	mutex_lock(&buffer->mutex);
	rb_reset_cpus_locked(buffer, cpumask_of(cpu), NULL);
	mutex_unlock(&buffer->mutex);
}
EXPORT_SYMBOL_GPL(ring_buffer_reset_cpu);

/**
 * ring_buffer_reset_online_cpus - empty the rings of the online CPUs
 * @buffer: the ring buffer
 *
 * Waits for the writers once, however many CPUs there are.  May sleep.
 */
void ring_buffer_reset_online_cpus(struct trace_buffer *buffer)
{
	mutex_lock(&buffer->mutex);
	rb_reset_cpus_locked(buffer, cpu_online_mask, NULL);
	mutex_unlock(&buffer->mutex);
}
EXPORT_SYMBOL_GPL(ring_buffer_reset_online_cpus);

/**
 * ring_buffer_reset - empty every ring of the buffer
 * @buffer: the ring buffer
 *
 * Waits for the writers once, however many CPUs there are.  May sleep.
 */
void ring_buffer_reset(struct trace_buffer *buffer)
{
	mutex_lock(&buffer->mutex);
	rb_reset_cpus_locked(buffer, cpu_possible_mask, NULL);
	mutex_unlock(&buffer->mutex);
}
EXPORT_SYMBOL_GPL(ring_buffer_reset);

/**
 * ring_buffer_reset_since - empty every ring of a buffer held off
 * @buffer: the ring buffer, under a ring_buffer_record_disable()
 * @cookie: get_state_synchronize_rcu(), taken after that disable
 *
 * As ring_buffer_reset(), but the wait for the writers in flight is
 * skipped when a grace period has passed since @cookie: a writer tests
 * the disable with preemption off, so none that missed it is left.
 * May sleep.
 */
void ring_buffer_reset_since(struct trace_buffer *buffer, unsigned long cookie)
{
	mutex_lock(&buffer->mutex);
	rb_reset_cpus_locked(buffer, cpu_possible_mask, &cookie);
	mutex_unlock(&buffer->mutex);
}

/**
 * ring_buffer_subbuf_order_get - the sub-buffer size as a page order
 * @buffer: the ring buffer
 *
 * Return: the order (sub-buffers are PAGE_SIZE << order bytes), or
 * -EINVAL without a buffer.
 */
int ring_buffer_subbuf_order_get(struct trace_buffer *buffer)
{
	if (!buffer)
		return -EINVAL;
	return buffer->order;
}
EXPORT_SYMBOL_GPL(ring_buffer_subbuf_order_get);

/**
 * ring_buffer_subbuf_size_get - the sub-buffer size in bytes
 * @buffer: the ring buffer
 *
 * Return: bytes per sub-buffer, header included.
 */
int ring_buffer_subbuf_size_get(struct trace_buffer *buffer)
{
	return PAGE_SIZE << buffer->order;
}
EXPORT_SYMBOL_GPL(ring_buffer_subbuf_size_get);

/**
 * ring_buffer_subbuf_order_set - change the sub-buffer size
 * @buffer: the ring buffer
 * @order:  new size as a page order
 *
 * Every ring gets new sub-buffers, as many as keep its size in bytes (at
 * least two); the events in the buffer are dropped and the statistics
 * zeroed.  May sleep.
 *
 * Return: 0, -EINVAL for an order the format cannot address, -EBUSY while
 * iterators exist or a ring is mapped to user space, or -ENOMEM (the
 * buffer is then unchanged).
 */
int ring_buffer_subbuf_order_set(struct trace_buffer *buffer, int order)
{
	unsigned int new_cap = (PAGE_SIZE << order) - RB_PAGE_HDR;
	struct rb_ring_mem *mem;
	int cpu, old, err = 0;

	if (!buffer || order < 0 || order > RB_MAX_ORDER)
		return -EINVAL;

	cpus_read_lock();
	mutex_lock(&buffer->mutex);
	old = buffer->order;
	if (order == old)
		goto out;
	err = -EBUSY;
	if (atomic_read(&buffer->iterators) || rb_mapped_any(buffer))
		goto out;
	err = -ENOMEM;
	mem = kcalloc(nr_cpu_ids, sizeof(*mem), GFP_KERNEL);
	if (!mem)
		goto out;
	for_each_cpu(cpu, buffer->cpumask) {
		unsigned long bytes = buffer->buffers[cpu]->nr_pages *
				      (unsigned long)buffer->capacity;

		if (rb_ring_mem_alloc(&mem[cpu], rb_nr_pages_cap(new_cap, bytes),
				      cpu_to_node(cpu), order))
			goto undo;
	}

	/*
	 * Every writer reads the sub-buffer size, so stop them all while
	 * the rings and the size change.
	 */
	atomic_inc(&buffer->record_disabled);
	synchronize_rcu();
	for_each_cpu(cpu, buffer->cpumask) {
		struct rb_cpu *cb = buffer->buffers[cpu];

		raw_spin_lock_irq(&cb->reader_lock);
		rb_ring_mem_swap(cb, &mem[cpu]);
		raw_spin_unlock_irq(&cb->reader_lock);
	}
	buffer->nr_pages = rb_nr_pages_cap(new_cap,
					   buffer->nr_pages * (unsigned long)buffer->capacity);
	rb_set_order(buffer, order);
	atomic_dec(&buffer->record_disabled);
	for_each_cpu(cpu, buffer->cpumask)
		rb_ring_mem_free(&mem[cpu], old);
	kfree(mem);
	err = 0;
	goto out;

undo:
	for_each_cpu(cpu, buffer->cpumask)
		rb_ring_mem_free(&mem[cpu], order);
	kfree(mem);
out:
	mutex_unlock(&buffer->mutex);
	cpus_read_unlock();
	return err;
}
EXPORT_SYMBOL_GPL(ring_buffer_subbuf_order_set);

/* ------------------------------------------------------------------ */
/* Modes, clocks, recording on/off                                    */
/* ------------------------------------------------------------------ */

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
		 * Read by rb_writer_enter() (READ_ONCE) and, plainly, by
		 * ring_buffer_unlock_commit() and friends on @cpu
		 */
		WRITE_ONCE(buffer_a->buffers[cpu], cb);
		WRITE_ONCE(buffer_b->buffers[cpu], ca);
		ca->buffer = buffer_b;
		cb->buffer = buffer_a;
		ret = 0;
	}
	atomic_dec(&ca->record_disabled);
	atomic_dec(&cb->record_disabled);
	return ret;
}
EXPORT_SYMBOL_GPL(ring_buffer_swap_cpu);
#endif

/* ------------------------------------------------------------------ */
/* Statistics                                                         */
/* ------------------------------------------------------------------ */

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
	/* read_bytes: the reader's, under reader_lock; see rb_unread() */
	return local_read(&cb->ws.written_bytes) -
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

/* ------------------------------------------------------------------ */
/* Waiting                                                            */
/* ------------------------------------------------------------------ */

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
static void rb_announce(struct rb_waiters *w, int full)
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
	rb_announce(w, full);
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
	rb_announce(w, full);
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

/* ------------------------------------------------------------------ */
/* Format descriptions (events/header_page, events/header_event)       */
/* ------------------------------------------------------------------ */

/**
 * ring_buffer_print_entry_header - describe the record header format
 * @s: where to print
 *
 * Prints the text of events/header_event that user space parses.
 *
 * Return: nonzero if it all fitted.
 */
int ring_buffer_print_entry_header(struct trace_seq *s)
{
	trace_seq_printf(s,
			 "# compressed entry header\n"
			 "\ttype_len    :    5 bits\n"
			 "\ttime_delta  :   27 bits\n"
			 "\tarray       :   32 bits\n"
			 "\n"
			 "\tpadding     : type == %d\n"
			 "\ttime_extend : type == %d\n"
			 "\ttime_stamp : type == %d\n"
			 "\tdata max type_len  == %d\n",
			 RINGBUF_TYPE_PADDING, RINGBUF_TYPE_TIME_EXTEND,
			 RINGBUF_TYPE_TIME_STAMP,
			 RINGBUF_TYPE_DATA_TYPE_LEN_MAX);
	return !trace_seq_has_overflowed(s);
}
EXPORT_SYMBOL_GPL(ring_buffer_print_entry_header);

/**
 * ring_buffer_print_page_header - describe the sub-buffer header format
 * @buffer: the ring buffer
 * @s:      where to print
 *
 * Prints the text of events/header_page that user space parses.  The
 * "overwrite" line is historical: it names the commit word's top byte.
 *
 * Return: nonzero if it all fitted.
 */
int ring_buffer_print_page_header(struct trace_buffer *buffer,
				  struct trace_seq *s)
{
	static const char line[] = "\tfield: %s;\toffset:%u;\tsize:%u;\tsigned:%u;\n";
	const unsigned int commit_at = offsetof(struct rb_data_page, commit);

	trace_seq_printf(s, line, "u64 timestamp",
			 (unsigned int)offsetof(struct rb_data_page, time_stamp),
			 (unsigned int)sizeof(u64),
			 (unsigned int)is_signed_type(u64));
	trace_seq_printf(s, line, "local_t commit", commit_at,
			 (unsigned int)sizeof(local_t),
			 (unsigned int)is_signed_type(long));
	trace_seq_printf(s, line, "int overwrite", commit_at, 1U,
			 (unsigned int)is_signed_type(long));
	trace_seq_printf(s, line, "char data", (unsigned int)RB_PAGE_HDR,
			 buffer->capacity, (unsigned int)is_signed_type(char));
	return !trace_seq_has_overflowed(s);
}
EXPORT_SYMBOL_GPL(ring_buffer_print_page_header);
