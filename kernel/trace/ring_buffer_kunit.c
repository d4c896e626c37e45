// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * KUnit suite "ring_buffer": the ring buffer through its public API, and
 * the sub-buffers it hands out through their binary (user space) layout.
 *
 * Events written by these tests carry a header { seq, len } and a payload
 * pattern derived from both, so a reader can tell an intact event from a
 * torn or misplaced one.  Tests pin themselves to a CPU while writing (the
 * ring buffer writes to the current CPU's ring) and make no assertion on
 * timing; the concurrent test asserts only what must hold under any
 * interleaving.
 */
#include <kunit/test.h>
#include <linux/completion.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/hrtimer.h>
#include <linux/irq_work.h>
#include <linux/kthread.h>
#include <linux/ring_buffer.h>
#include <linux/sched.h>
#include <linux/slab.h>

/*
 * Sub-buffer header as user space reads it (events/header_page): a u64
 * time stamp, then the commit word, a long (12 bytes on 32-bit machines).
 */
#define RBT_PAGE_HDR		(8 + sizeof(long))
#define RBT_MISSED_EVENTS	BIT(31)
#define RBT_MISSED_STORED	BIT(30)
#define RBT_PAGE_CAP		(PAGE_SIZE - RBT_PAGE_HDR)

struct rbt_event {
	u32	seq;
	u32	len;		/* payload bytes, this header included */
	u64	ts;		/* ring_buffer_event_time_stamp() at write */
	u8	pattern[];
};

static u8 rbt_byte(u32 seq, u32 i)
{
	return (u8)(seq * 31 + i * 7 + 1);
}

static void rbt_fill(void *data, u32 seq, u32 len)
{
	struct rbt_event *e = data;
	u32 i;

	e->seq = seq;
	e->len = len;
	e->ts = 0;
	for (i = 0; i < len - sizeof(*e); i++)
		e->pattern[i] = rbt_byte(seq, i);
}

/* Is @data an intact event?  Sets *@seq and, if @wts, *@wts. */
static bool rbt_intact(const void *data, unsigned int avail, u32 *seq,
		       u64 *wts)
{
	const struct rbt_event *e = data;
	u32 i;

	if (avail < sizeof(*e) || e->len < sizeof(*e) || e->len > avail)
		return false;
	for (i = 0; i < e->len - sizeof(*e); i++)
		if (e->pattern[i] != rbt_byte(e->seq, i))
			return false;
	*seq = e->seq;
	if (wts)
		*wts = e->ts;
	return true;
}

/* Fill a reserved event, with the stamp it must read back as. */
static void rbt_fill_event(struct trace_buffer *buffer,
			   struct ring_buffer_event *ev, u32 seq, u32 len)
{
	struct rbt_event *e = ring_buffer_event_data(ev);

	rbt_fill(e, seq, len);
	e->ts = ring_buffer_event_time_stamp(buffer, ev);
}

static int rbt_write(struct trace_buffer *buffer, u32 seq, u32 len)
{
	struct ring_buffer_event *ev;

	ev = ring_buffer_lock_reserve(buffer, len);
	if (!ev)
		return -EBUSY;
	rbt_fill_event(buffer, ev, seq, len);
	return ring_buffer_unlock_commit(buffer);
}

/* Payload sizes that cover the short and long record forms. */
static u32 rbt_len(u32 seq)
{
	return sizeof(struct rbt_event) + (seq * 13) % 160;
}

/*
 * Consume one event of @cpu and check it.  Returns false when empty;
 * *@seq gets its sequence number, *@lost the lost count it reports.
 */
static bool rbt_consume(struct kunit *test, struct trace_buffer *buffer,
			int cpu, u32 *seq, u64 *ts, unsigned long *lost)
{
	struct ring_buffer_event *ev;
	unsigned long l = 0;
	u64 t = 0, wts = 0;

	ev = ring_buffer_consume(buffer, cpu, &t, &l);
	if (!ev)
		return false;
	KUNIT_EXPECT_TRUE(test, rbt_intact(ring_buffer_event_data(ev),
					   ring_buffer_event_length(ev), seq, &wts));
	/* Every event reads back with the stamp its writer was given. */
	KUNIT_EXPECT_EQ_MSG(test, t, wts, "event %x", *seq);
	if (ts)
		*ts = t;
	if (lost)
		*lost = l;
	return true;
}

/*
 * A controllable clock for the tests that check time stamps exactly.
 * The test thread sets it (WRITE_ONCE) and then writes, so the reader of
 * rbt_now is the ring buffer's writer in that same thread; an interrupt
 * writing to another buffer with this clock is the only other party.
 * The _ONCE accesses keep the compiler from caching it; no barrier.
 */
static u64 rbt_now;

static u64 rbt_clock(void)
{
	return READ_ONCE(rbt_now);
}

/* --------------------------------------------------------------------- */
/* Sub-buffer parsing, the way trace-cmd reads trace_pipe_raw             */
/* --------------------------------------------------------------------- */

/*
 * Events of the concurrent test come in two streams, each numbered from 0:
 * the writer thread's, and (with RBT_IRQ set) those of a timer interrupt
 * on the same CPU.
 */
#define RBT_IRQ			BIT(31)

struct rbt_page_info {
	unsigned int	events;		/* data events */
	unsigned long	missed;		/* stored missed count */
	bool		missed_flag;
	bool		missed_stored;
	bool		bad;		/* malformed, torn or out of order */
	bool		ts_back;	/* a stamp went backwards */
	bool		ts_wrong;	/* an event decoded to another stamp */
	/* the first event with the wrong stamp, for the failure message */
	unsigned long	diag_pos, diag_size;
	unsigned int	diag_idx, diag_prev;
	u64		diag_dec, diag_wts, diag_page_ts;
	u32		diag_seq;
	bool		have[2];	/* per stream: */
	u32		first[2];	/*   first and last sequence number */
	u32		last[2];
	u64		first_ts;
	u64		last_ts;
	u64		ts[64];		/* stamps of the first events */
};

/*
 * Parse a sub-buffer the way user space does: header, then records up to
 * the commit.  Checks every event, and notes stamps that go backwards.
 */
static void rbt_parse_page(const void *page, struct rbt_page_info *pi)
{
	u64 ts = *(const u64 *)page;
	unsigned long commit = *(const unsigned long *)(page + 8);
	unsigned long size = commit & ~(RBT_MISSED_EVENTS | RBT_MISSED_STORED);
	const u8 *data = page + RBT_PAGE_HDR;
	unsigned long pos = 0;
	unsigned int prev_type = 99;

	memset(pi, 0, sizeof(*pi));
	pi->diag_page_ts = ts;
	pi->diag_size = size;
	pi->missed_flag = commit & RBT_MISSED_EVENTS;
	pi->missed_stored = commit & RBT_MISSED_STORED;
	if (size > RBT_PAGE_CAP) {
		pi->bad = true;
		return;
	}
	if (commit & RBT_MISSED_STORED)
		pi->missed = *(const unsigned long *)(data + size);

	while (pos < size) {
		const struct ring_buffer_event *ev = (const void *)(data + pos);
		unsigned int len, s;
		u64 wts;
		u32 seq;

		switch (ev->type_len) {
		case RINGBUF_TYPE_PADDING:
			if (!ev->time_delta) {
				pos = size;
				continue;
			}
			ts += ev->time_delta;
			len = 4 + ev->array[0];
			break;
		case RINGBUF_TYPE_TIME_EXTEND:
			ts += ((u64)ev->array[0] << 27) + ev->time_delta;
			len = 8;
			break;
		case RINGBUF_TYPE_TIME_STAMP: {
			/* 59 bits; the top ones follow the previous stamp */
			u64 low = ((u64)ev->array[0] << 27) | ev->time_delta;
			u64 abs = low | (ts & ~((1ULL << 59) - 1));

			if (abs + (1ULL << 58) <= ts)
				abs += 1ULL << 59;
			else if (abs >= ts + (1ULL << 58) && abs >= (1ULL << 59))
				abs -= 1ULL << 59;
			ts = abs;
			len = 8;
			break;
		}
		case 0:
			ts += ev->time_delta;
			len = 4 + ev->array[0];
			if (pos + len > size ||
			    !rbt_intact(&ev->array[1], ev->array[0] - 4, &seq, &wts))
				goto bad;
			goto data;
		default:
			ts += ev->time_delta;
			len = 4 + ev->type_len * 4;
			if (pos + len > size ||
			    !rbt_intact(&ev->array[0], ev->type_len * 4, &seq, &wts))
				goto bad;
data:
			if (wts != ts && !pi->ts_wrong) {
				pi->ts_wrong = true;
				pi->diag_pos = pos;
				pi->diag_idx = pi->events;
				pi->diag_dec = ts;
				pi->diag_wts = wts;
				pi->diag_seq = seq;
				pi->diag_prev = prev_type;
			}
			s = !!(seq & RBT_IRQ);
			seq &= ~RBT_IRQ;
			if (pi->have[s] && seq <= pi->last[s])
				goto bad;
			if (pi->events && ts < pi->last_ts)
				pi->ts_back = true;
			if (!pi->have[s])
				pi->first[s] = seq;
			if (!pi->events)
				pi->first_ts = ts;
			pi->have[s] = true;
			pi->last[s] = seq;
			pi->last_ts = ts;
			if (pi->events < ARRAY_SIZE(pi->ts))
				pi->ts[pi->events] = ts;
			pi->events++;
			break;
		}
		prev_type = ev->type_len;
		pos += len;
	}
	if (pos != size)
		goto bad;
	return;
bad:
	pi->bad = true;
}

/* --------------------------------------------------------------------- */
/* Test cases                                                            */
/* --------------------------------------------------------------------- */

static struct trace_buffer *rbt_alloc(struct kunit *test, unsigned long pages,
				      unsigned int flags)
{
	struct trace_buffer *buffer;

	buffer = ring_buffer_alloc(pages * RBT_PAGE_CAP, flags);
	KUNIT_ASSERT_NOT_NULL(test, buffer);
	return buffer;
}

static void rbt_reserve_commit_discard(struct kunit *test)
{
	static const u32 sizes[] = { 0, 1, 3, 4, 5, 8, 100, 111, 112, 113,
				     200, 1000 };
	struct trace_buffer *buffer = rbt_alloc(test, 16, RB_FL_OVERWRITE);
	struct ring_buffer_event *ev;
	unsigned long max = ring_buffer_max_event_size(buffer);
	unsigned long lost;
	unsigned int i;
	u64 ts, stamp;
	u32 seq;
	int cpu;

	KUNIT_EXPECT_TRUE(test, ring_buffer_empty(buffer));
	migrate_disable();
	cpu = smp_processor_id();

	/* Payload sizes from nothing to the largest allowed. */
	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		ev = ring_buffer_lock_reserve(buffer, sizes[i]);
		KUNIT_ASSERT_NOT_NULL(test, ev);
		KUNIT_EXPECT_GE(test, ring_buffer_event_length(ev), sizes[i]);
		/*
		 * An empty reserve still holds one byte, rounded up to the
		 * record alignment: 8 where 64-bit loads need 8-byte
		 * alignment (HAVE_64BIT_ALIGNED_ACCESS, riscv64).
		 */
		KUNIT_EXPECT_LT(test, ring_buffer_event_length(ev),
				max_t(u32, sizes[i], 1) + 8);
		memset(ring_buffer_event_data(ev), i, sizes[i]);
		ring_buffer_unlock_commit(buffer);
	}
	ev = ring_buffer_lock_reserve(buffer, max);
	KUNIT_ASSERT_NOT_NULL(test, ev);
	memset(ring_buffer_event_data(ev), 0xa5, max);
	ring_buffer_unlock_commit(buffer);
	KUNIT_EXPECT_NULL(test, ring_buffer_lock_reserve(buffer, max + 1));
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buffer, cpu),
			ARRAY_SIZE(sizes) + 1);

	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		u8 *p;
		u32 j;

		ev = ring_buffer_peek(buffer, cpu, NULL, NULL);
		KUNIT_ASSERT_NOT_NULL(test, ev);
		KUNIT_EXPECT_PTR_EQ(test, ev,
				    ring_buffer_consume(buffer, cpu, NULL, NULL));
		p = ring_buffer_event_data(ev);
		for (j = 0; j < sizes[i]; j++)
			if (p[j] != i)
				break;
		KUNIT_EXPECT_EQ(test, j, sizes[i]);
	}
	ev = ring_buffer_consume(buffer, cpu, NULL, NULL);
	KUNIT_ASSERT_NOT_NULL(test, ev);
	KUNIT_EXPECT_EQ(test, ring_buffer_event_length(ev), max);
	KUNIT_EXPECT_EQ(test, ((u8 *)ring_buffer_event_data(ev))[max - 1], 0xa5);
	KUNIT_EXPECT_NULL(test, ring_buffer_consume(buffer, cpu, NULL, NULL));
	KUNIT_EXPECT_TRUE(test, ring_buffer_empty_cpu(buffer, cpu));

	/* Discarding the last event gives its space back. */
	KUNIT_ASSERT_EQ(test, rbt_write(buffer, 1, 16), 0);
	ev = ring_buffer_lock_reserve(buffer, 64);
	KUNIT_ASSERT_NOT_NULL(test, ev);
	stamp = ring_buffer_event_time_stamp(buffer, ev);
	ring_buffer_discard_commit(buffer, ev);
	KUNIT_ASSERT_EQ(test, rbt_write(buffer, 2, 16), 0);
	ev = ring_buffer_lock_reserve(buffer, 24);
	KUNIT_ASSERT_NOT_NULL(test, ev);
	rbt_fill_event(buffer, ev, 3, 24);
	stamp = ring_buffer_event_time_stamp(buffer, ev);
	ring_buffer_unlock_commit(buffer);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buffer, cpu), 3);

	KUNIT_EXPECT_TRUE(test, rbt_consume(test, buffer, cpu, &seq, NULL, NULL));
	KUNIT_EXPECT_EQ(test, seq, 1);
	KUNIT_EXPECT_TRUE(test, rbt_consume(test, buffer, cpu, &seq, NULL, NULL));
	KUNIT_EXPECT_EQ(test, seq, 2);
	KUNIT_EXPECT_TRUE(test, rbt_consume(test, buffer, cpu, &seq, &ts, &lost));
	KUNIT_EXPECT_EQ(test, seq, 3);
	KUNIT_EXPECT_EQ(test, ts, stamp);
	KUNIT_EXPECT_EQ(test, lost, 0);
	KUNIT_EXPECT_FALSE(test, rbt_consume(test, buffer, cpu, &seq, NULL, NULL));
	KUNIT_EXPECT_EQ(test, ring_buffer_read_events_cpu(buffer, cpu),
			ARRAY_SIZE(sizes) + 4);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buffer, cpu), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_bytes_cpu(buffer, cpu), 0);

	/* Recording switches. */
	ring_buffer_record_off(buffer);
	KUNIT_EXPECT_FALSE(test, ring_buffer_record_is_on(buffer));
	KUNIT_EXPECT_FALSE(test, ring_buffer_record_is_set_on(buffer));
	KUNIT_EXPECT_EQ(test, rbt_write(buffer, 4, 16), -EBUSY);
	ring_buffer_record_on(buffer);
	ring_buffer_record_disable(buffer);
	KUNIT_EXPECT_TRUE(test, ring_buffer_record_is_set_on(buffer));
	KUNIT_EXPECT_EQ(test, rbt_write(buffer, 5, 16), -EBUSY);
	ring_buffer_record_enable(buffer);
	ring_buffer_record_disable_cpu(buffer, cpu);
	KUNIT_EXPECT_EQ(test, rbt_write(buffer, 6, 16), -EBUSY);
	ring_buffer_record_enable_cpu(buffer, cpu);
	KUNIT_EXPECT_EQ(test, rbt_write(buffer, 7, 16), 0);
	KUNIT_EXPECT_TRUE(test, rbt_consume(test, buffer, cpu, &seq, NULL, NULL));
	KUNIT_EXPECT_EQ(test, seq, 7);

	migrate_enable();
	ring_buffer_free(buffer);
}

/* Write @n events into a 3-page ring and check what is left. */
static void rbt_fill_past_capacity(struct kunit *test, bool overwrite)
{
	struct trace_buffer *buffer;
	unsigned long entries, overrun, dropped, lost, total_lost = 0;
	const u32 n = 2000;
	u32 seq, first = 0, prev = 0, count = 0;
	int cpu;

	buffer = rbt_alloc(test, 3, overwrite ? RB_FL_OVERWRITE : 0);
	migrate_disable();
	cpu = smp_processor_id();
	for (seq = 0; seq < n; seq++)
		rbt_write(buffer, seq, 64);
	migrate_enable();

	entries = ring_buffer_entries_cpu(buffer, cpu);
	overrun = ring_buffer_overrun_cpu(buffer, cpu);
	dropped = ring_buffer_dropped_events_cpu(buffer, cpu);
	KUNIT_EXPECT_GT(test, entries, 0);
	KUNIT_EXPECT_LT(test, entries, n);
	KUNIT_EXPECT_EQ(test, ring_buffer_commit_overrun_cpu(buffer, cpu), 0);
	if (overwrite) {
		KUNIT_EXPECT_EQ(test, dropped, 0);
		KUNIT_EXPECT_EQ(test, entries + overrun, n);
	} else {
		KUNIT_EXPECT_EQ(test, overrun, 0);
		KUNIT_EXPECT_EQ(test, entries + dropped, n);
	}

	while (rbt_consume(test, buffer, cpu, &seq, NULL, &lost)) {
		if (count)
			KUNIT_EXPECT_EQ(test, seq, prev + 1);
		else
			first = seq;
		total_lost += lost;
		prev = seq;
		count++;
	}
	KUNIT_EXPECT_EQ(test, count, entries);
	if (overwrite) {
		/* The oldest events went; the newest are all there. */
		KUNIT_EXPECT_EQ(test, first, overrun);
		KUNIT_EXPECT_EQ(test, prev, n - 1);
		KUNIT_EXPECT_EQ(test, total_lost, overrun);
	} else {
		/* The newest events went; the oldest are all there. */
		KUNIT_EXPECT_EQ(test, first, 0);
		KUNIT_EXPECT_EQ(test, prev, entries - 1);
		KUNIT_EXPECT_EQ(test, total_lost, 0);
	}
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buffer, cpu), 0);
	ring_buffer_free(buffer);
}

static void rbt_overwrite_mode(struct kunit *test)
{
	rbt_fill_past_capacity(test, true);
}

static void rbt_producer_consumer_mode(struct kunit *test)
{
	rbt_fill_past_capacity(test, false);
}

/* Read every page of @cpu with ring_buffer_read_page() and check them. */
static void rbt_read_pages(struct kunit *test, struct trace_buffer *buffer,
			   int cpu, u32 expect_first, u32 expect_last,
			   unsigned long expect_missed)
{
	struct buffer_data_read_page *rpage = NULL;
	struct rbt_page_info *pi;
	unsigned long events = 0, missed = 0;
	u32 next = expect_first;
	int pages = 0;

	pi = kunit_kzalloc(test, sizeof(*pi), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, pi);
	KUNIT_ASSERT_EQ(test, ring_buffer_alloc_read_page(buffer, cpu, &rpage), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_read_page_size(rpage), PAGE_SIZE);

	while (ring_buffer_read_page(buffer, rpage, PAGE_SIZE, cpu, 0) >= 0) {
		rbt_parse_page(ring_buffer_read_page_data(rpage), pi);
		KUNIT_EXPECT_FALSE(test, pi->bad);
		KUNIT_EXPECT_FALSE(test, pi->ts_wrong);
		if (pi->bad)
			break;
		if (pi->missed_flag) {
			/* Lost events are flagged on the first page after them. */
			KUNIT_EXPECT_EQ(test, pages, 0);
			KUNIT_EXPECT_TRUE(test, pi->missed_stored);
			KUNIT_EXPECT_EQ(test, pi->missed, expect_missed);
			missed += pi->missed;
		}
		if (pi->events) {
			KUNIT_EXPECT_EQ(test, pi->first[0], next);
			next = pi->last[0] + 1;
		}
		events += pi->events;
		pages++;
	}
	KUNIT_EXPECT_EQ(test, missed, expect_missed);
	KUNIT_EXPECT_EQ(test, next, expect_last + 1);
	KUNIT_EXPECT_EQ(test, events, expect_last - expect_first + 1);
	KUNIT_EXPECT_GT(test, pages, 1);
	ring_buffer_free_read_page(buffer, cpu, rpage);
}

static void rbt_read_page_lost_events(struct kunit *test)
{
	struct trace_buffer *buffer = rbt_alloc(test, 4, RB_FL_OVERWRITE);
	unsigned long overrun;
	const u32 n = 3000;
	u32 seq;
	int cpu;

	migrate_disable();
	cpu = smp_processor_id();
	/* 100-byte records: a full page keeps room for the lost count. */
	for (seq = 0; seq < n; seq++)
		rbt_write(buffer, seq, 96);
	migrate_enable();

	overrun = ring_buffer_overrun_cpu(buffer, cpu);
	KUNIT_EXPECT_GT(test, overrun, 0);
	rbt_read_pages(test, buffer, cpu, overrun, n - 1, overrun);
	KUNIT_EXPECT_TRUE(test, ring_buffer_empty_cpu(buffer, cpu));
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buffer, cpu), 0);

	/* Nothing lost this time: no flag. */
	ring_buffer_reset(buffer);
	migrate_disable();
	cpu = smp_processor_id();
	for (seq = 0; seq < 100; seq++)
		rbt_write(buffer, seq, rbt_len(seq));
	migrate_enable();
	rbt_read_pages(test, buffer, cpu, 0, 99, 0);
	ring_buffer_free(buffer);
}

static void rbt_time_extends(struct kunit *test)
{
	/* Gaps that fit 27 bits, just do not, need 32+ bits, and go back. */
	static const u64 steps[] = {
		0, 5, (1ULL << 27) - 1, 1ULL << 27, 3, (1ULL << 32) + 7, 1,
		(1ULL << 40) + 3, 0, 1ULL << 58, 11, (1ULL << 59) + 5, 2,
	};
	struct trace_buffer *buffer = rbt_alloc(test, 8, RB_FL_OVERWRITE);
	u64 expect[ARRAY_SIZE(steps) + 2];
	struct ring_buffer_iter *iter;
	struct ring_buffer_event *ev;
	struct rbt_page_info *pi;
	struct buffer_data_read_page *rpage = NULL;
	unsigned int i, n = 0;
	u64 now = 1000000, ts;
	u32 seq;
	int cpu, abs;

	pi = kunit_kzalloc(test, sizeof(*pi), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, pi);
	ring_buffer_set_clock(buffer, rbt_clock);

	for (abs = 0; abs < 2; abs++) {
		ring_buffer_set_time_stamp_abs(buffer, abs);
		ring_buffer_reset(buffer);
		n = 0;
		now = 1000000;
		migrate_disable();
		cpu = smp_processor_id();
		for (i = 0; i < ARRAY_SIZE(steps); i++) {
			now += steps[i];
			/* read by rbt_clock() in our own writes */
			WRITE_ONCE(rbt_now, now);
			KUNIT_ASSERT_EQ(test, rbt_write(buffer, n, rbt_len(n)), 0);
			expect[n++] = now;
		}
		/*
		 * A clock going backwards reads as the previous stamp.
		 * rbt_now: see rbt_clock().
		 */
		WRITE_ONCE(rbt_now, now - 100);
		KUNIT_ASSERT_EQ(test, rbt_write(buffer, n, rbt_len(n)), 0);
		expect[n++] = abs ? now - 100 : now;
		migrate_enable();

		/* Non-consuming first. */
		iter = ring_buffer_read_start(buffer, cpu, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, iter);
		for (i = 0; i < n; i++) {
			ev = ring_buffer_iter_peek(iter, &ts);
			KUNIT_ASSERT_NOT_NULL(test, ev);
			KUNIT_EXPECT_EQ_MSG(test, ts, expect[i], "event %u abs %d", i, abs);
			ring_buffer_iter_advance(iter);
		}
		KUNIT_EXPECT_TRUE(test, ring_buffer_iter_empty(iter));
		KUNIT_EXPECT_FALSE(test, ring_buffer_iter_dropped(iter));
		ring_buffer_read_finish(iter);

		/* The raw sub-buffers decode to the same stamps. */
		KUNIT_ASSERT_EQ(test, ring_buffer_alloc_read_page(buffer, cpu, &rpage), 0);
		i = 0;
		while (ring_buffer_read_page(buffer, rpage, PAGE_SIZE, cpu, 0) >= 0) {
			unsigned int k;

			rbt_parse_page(ring_buffer_read_page_data(rpage), pi);
			KUNIT_EXPECT_FALSE(test, pi->bad);
			KUNIT_EXPECT_FALSE(test, pi->ts_wrong);
			for (k = 0; k < pi->events && i < n; k++, i++)
				KUNIT_EXPECT_EQ_MSG(test, pi->ts[k], expect[i],
						    "raw event %u abs %d", i, abs);
		}
		KUNIT_EXPECT_EQ(test, i, n);
		ring_buffer_free_read_page(buffer, cpu, rpage);
		rpage = NULL;

		/* And consuming reads, after another round of writes. */
		ring_buffer_reset(buffer);
		migrate_disable();
		cpu = smp_processor_id();
		for (i = 0; i < n; i++) {
			/* read by rbt_clock() in our own writes */
			WRITE_ONCE(rbt_now, expect[i]);
			KUNIT_ASSERT_EQ(test, rbt_write(buffer, i, rbt_len(i)), 0);
		}
		migrate_enable();
		for (i = 0; i < n; i++) {
			KUNIT_ASSERT_TRUE(test, rbt_consume(test, buffer, cpu, &seq, &ts, NULL));
			KUNIT_EXPECT_EQ(test, seq, i);
			KUNIT_EXPECT_EQ_MSG(test, ts, expect[i],
					    "consumed %u abs %d", i, abs);
		}
	}
	ring_buffer_free(buffer);
}

/* Nested writes: an interrupt writes while the test holds a reservation. */
struct rbt_nest {
	struct irq_work		work;
	struct trace_buffer	*buffer;
	int			cpu;
	int			written;
	bool			done;
};

static void rbt_nest_irq(struct irq_work *work)
{
	struct rbt_nest *nest = container_of(work, struct rbt_nest, work);

	nest->cpu = smp_processor_id();
	if (!rbt_write(nest->buffer, 101, 40))
		nest->written++;
	if (!rbt_write(nest->buffer, 102, 200))
		nest->written++;
	/*
	 * Read by rbt_nest_round(), which this irq_work interrupted on the
	 * same CPU: a compiler matter, no barrier.
	 */
	WRITE_ONCE(nest->done, true);
}

/* Reserve an event, let an interrupt write two, then commit or discard. */
static bool rbt_nest_round(struct rbt_nest *nest, bool discard, bool *hidden)
{
	struct ring_buffer_event *ev;
	unsigned long spins = 0;
	u64 ts;

	nest->done = false;
	nest->written = 0;
	ev = ring_buffer_lock_reserve(nest->buffer, 64);
	if (!ev)
		return false;
	rbt_fill_event(nest->buffer, ev, 100, 64);
	irq_work_queue(&nest->work);
	/*
	 * Preemption is off: the irq_work runs in an interrupt on this CPU,
	 * and rbt_nest_irq() sets done there; READ_ONCE makes the loop
	 * re-load it.
	 */
	while (!READ_ONCE(nest->done) && spins++ < 1000000000UL)
		cpu_relax();
	/* Nothing new is readable until the outermost writer commits. */
	*hidden = !ring_buffer_peek(nest->buffer, smp_processor_id(), &ts, NULL);
	if (discard)
		ring_buffer_discard_commit(nest->buffer, ev);
	else
		ring_buffer_unlock_commit(nest->buffer);
	/* the irq_work may only now have run, on this CPU: as above */
	return READ_ONCE(nest->done);
}

static void rbt_nested_writes(struct kunit *test)
{
	struct rbt_nest *nest;
	unsigned int round;
	bool hidden;
	u64 ts[3];
	u32 seq;
	int cpu;

	nest = kunit_kzalloc(test, sizeof(*nest), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, nest);
	nest->buffer = rbt_alloc(test, 8, RB_FL_OVERWRITE);
	init_irq_work(&nest->work, rbt_nest_irq);

	migrate_disable();
	cpu = smp_processor_id();
	KUNIT_ASSERT_TRUE(test, rbt_nest_round(nest, false, &hidden));
	migrate_enable();
	KUNIT_EXPECT_TRUE(test, hidden);
	KUNIT_EXPECT_EQ(test, nest->cpu, cpu);
	KUNIT_EXPECT_EQ(test, nest->written, 2);

	/* The outer event was reserved first, so it comes first. */
	KUNIT_EXPECT_TRUE(test, rbt_consume(test, nest->buffer, cpu, &seq, &ts[0], NULL));
	KUNIT_EXPECT_EQ(test, seq, 100);
	KUNIT_EXPECT_TRUE(test, rbt_consume(test, nest->buffer, cpu, &seq, &ts[1], NULL));
	KUNIT_EXPECT_EQ(test, seq, 101);
	KUNIT_EXPECT_TRUE(test, rbt_consume(test, nest->buffer, cpu, &seq, &ts[2], NULL));
	KUNIT_EXPECT_EQ(test, seq, 102);
	KUNIT_EXPECT_FALSE(test, rbt_consume(test, nest->buffer, cpu, &seq, NULL, NULL));
	KUNIT_EXPECT_LE(test, ts[0], ts[1]);
	KUNIT_EXPECT_LE(test, ts[1], ts[2]);

	/* Discarding the outer event keeps the nested ones intact. */
	migrate_disable();
	cpu = smp_processor_id();
	KUNIT_ASSERT_TRUE(test, rbt_nest_round(nest, true, &hidden));
	migrate_enable();
	KUNIT_EXPECT_TRUE(test, hidden);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(nest->buffer, cpu), 2);
	KUNIT_EXPECT_TRUE(test, rbt_consume(test, nest->buffer, cpu, &seq, NULL, NULL));
	KUNIT_EXPECT_EQ(test, seq, 101);
	KUNIT_EXPECT_TRUE(test, rbt_consume(test, nest->buffer, cpu, &seq, NULL, NULL));
	KUNIT_EXPECT_EQ(test, seq, 102);
	KUNIT_EXPECT_FALSE(test, rbt_consume(test, nest->buffer, cpu, &seq, NULL, NULL));

	/* Many rounds, across sub-buffer boundaries. */
	migrate_disable();
	cpu = smp_processor_id();
	for (round = 0; round < 40; round++)
		KUNIT_ASSERT_TRUE(test, rbt_nest_round(nest, round & 1, &hidden));
	migrate_enable();
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(nest->buffer, cpu), 100);
	for (round = 0; round < 40; round++) {
		if (!(round & 1)) {
			KUNIT_EXPECT_TRUE(test, rbt_consume(test, nest->buffer, cpu,
							    &seq, NULL, NULL));
			KUNIT_EXPECT_EQ(test, seq, 100);
		}
		KUNIT_EXPECT_TRUE(test, rbt_consume(test, nest->buffer, cpu, &seq,
						    NULL, NULL));
		KUNIT_EXPECT_EQ(test, seq, 101);
		KUNIT_EXPECT_TRUE(test, rbt_consume(test, nest->buffer, cpu, &seq,
						    NULL, NULL));
		KUNIT_EXPECT_EQ(test, seq, 102);
	}
	KUNIT_EXPECT_FALSE(test, rbt_consume(test, nest->buffer, cpu, &seq, NULL, NULL));
	irq_work_sync(&nest->work);
	ring_buffer_free(nest->buffer);
}

/*
 * A writer thread on another CPU while the test reads, with a timer on
 * that CPU that writes from hard interrupt context in between (and in the
 * middle of) the thread's writes.
 */
struct rbt_writer {
	struct trace_buffer	*buffer;
	struct hrtimer		timer;
	u32			count;
	u32			written;
	u32			last;		/* last written sequence */
	u32			irq_count;
	u32			irq_written;
	bool			stop;
	struct completion	done;
};

static enum hrtimer_restart rbt_timer_fn(struct hrtimer *timer)
{
	struct rbt_writer *w = container_of(timer, struct rbt_writer, timer);
	unsigned int burst = 1 + w->irq_count % 16;

	/*
	 * Bursts that often fill a page while the thread is stopped
	 * somewhere in the middle of its own write.
	 */
	while (burst--) {
		u32 seq = w->irq_count++;

		if (!rbt_write(w->buffer, RBT_IRQ | seq, rbt_len(seq)))
			w->irq_written++;
	}
	/*
	 * Set by rbt_writer_fn() when its loop ends; this is the pinned
	 * hrtimer in hard interrupt context.  A late look only re-arms once
	 * more, and hrtimer_cancel() there waits for us anyway.
	 */
	if (READ_ONCE(w->stop))
		return HRTIMER_NORESTART;
	hrtimer_forward_now(timer, ns_to_ktime(50 * NSEC_PER_USEC));
	return HRTIMER_RESTART;
}

static int rbt_writer_fn(void *data)
{
	struct rbt_writer *w = data;
	u32 seq;

	hrtimer_init(&w->timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_PINNED_HARD);
	w->timer.function = rbt_timer_fn;
	hrtimer_start(&w->timer, ns_to_ktime(20 * NSEC_PER_USEC),
		      HRTIMER_MODE_REL_PINNED_HARD);
	for (seq = 0; seq < w->count; seq++) {
		if (!rbt_write(w->buffer, seq, rbt_len(seq))) {
			w->written++;
			w->last = seq;
		}
		if (!(seq & 1023))
			cond_resched();
	}
	/* read by rbt_timer_fn(); hrtimer_cancel() settles the race */
	WRITE_ONCE(w->stop, true);
	hrtimer_cancel(&w->timer);
	complete(&w->done);
	while (!kthread_should_stop())
		schedule_timeout_interruptible(1);
	return 0;
}

/* What the reader saw of the two streams. */
struct rbt_seen {
	bool		have[2];
	u32		last[2];
	u64		last_ts;
	u32		prev_raw;
	unsigned long	read, lost, reads;
};

static void rbt_see(struct kunit *test, struct rbt_seen *seen, u32 seq, u64 ts)
{
	unsigned int s = !!(seq & RBT_IRQ);

	if (seen->read && ts < seen->last_ts)
		kunit_info(test, "time went back: event %x at %llu after event %x at %llu (%lu read)\n",
			   seq, ts, seen->prev_raw, seen->last_ts, seen->read);
	seen->prev_raw = seq;
	seq &= ~RBT_IRQ;
	if (seen->have[s])
		KUNIT_EXPECT_GT(test, seq, seen->last[s]);
	if (seen->read)
		KUNIT_EXPECT_GE(test, ts, seen->last_ts);
	seen->have[s] = true;
	seen->last[s] = seq;
	seen->last_ts = ts;
	seen->read++;
}

/* Read what there is; return false if there was nothing. */
static bool rbt_read_some(struct kunit *test, struct rbt_writer *w, int cpu,
			  struct buffer_data_read_page *rpage,
			  struct rbt_page_info *pi, bool full,
			  struct rbt_seen *seen)
{
	unsigned long lost;
	bool got = false;
	unsigned int s;
	u32 seq;
	u64 ts;

	if (!rpage) {
		while (rbt_consume(test, w->buffer, cpu, &seq, &ts, &lost)) {
			rbt_see(test, seen, seq, ts);
			seen->lost += lost;
			got = true;
		}
		return got;
	}

	if (ring_buffer_read_page(w->buffer, rpage, PAGE_SIZE, cpu, full) < 0)
		return false;
	rbt_parse_page(ring_buffer_read_page_data(rpage), pi);
	KUNIT_EXPECT_FALSE(test, pi->bad);
	KUNIT_EXPECT_FALSE(test, pi->ts_back);
	KUNIT_EXPECT_FALSE(test, pi->ts_wrong);
	if (pi->ts_wrong)
		kunit_info(test, "wrong time: event %x (#%u at %lu of %lu, after type %u, page at %llu) read %llu, written %llu\n",
			   pi->diag_seq, pi->diag_idx, pi->diag_pos, pi->diag_size,
			   pi->diag_prev, pi->diag_page_ts, pi->diag_dec,
			   pi->diag_wts);
	if (pi->missed_stored)
		seen->lost += pi->missed;
	if (pi->events) {
		if (seen->read)
			KUNIT_EXPECT_GE(test, pi->first_ts, seen->last_ts);
		for (s = 0; s < 2; s++) {
			if (!pi->have[s])
				continue;
			if (seen->have[s])
				KUNIT_EXPECT_GT(test, pi->first[s], seen->last[s]);
			seen->have[s] = true;
			seen->last[s] = pi->last[s];
		}
		seen->last_ts = pi->last_ts;
		seen->read += pi->events;
	}
	return true;
}

static void rbt_concurrent(struct kunit *test, bool overwrite, bool pages)
{
	struct buffer_data_read_page *rpage = NULL;
	struct task_struct *task;
	struct rbt_page_info *pi;
	struct rbt_seen *seen;
	struct rbt_writer *w;
	unsigned long total, overrun, dropped;
	bool finished = false;
	int cpu, other;

	if (num_online_cpus() < 2)
		kunit_skip(test, "needs two CPUs");
	pi = kunit_kzalloc(test, sizeof(*pi), GFP_KERNEL);
	seen = kunit_kzalloc(test, sizeof(*seen), GFP_KERNEL);
	w = kunit_kzalloc(test, sizeof(*w), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, pi);
	KUNIT_ASSERT_NOT_NULL(test, seen);
	KUNIT_ASSERT_NOT_NULL(test, w);
	w->buffer = rbt_alloc(test, 8, overwrite ? RB_FL_OVERWRITE : 0);
	w->count = 100000;
	init_completion(&w->done);

	migrate_disable();
	cpu = smp_processor_id();
	other = cpumask_any_but(cpu_online_mask, cpu);
	task = kthread_create(rbt_writer_fn, w, "rbt_writer");
	KUNIT_ASSERT_FALSE(test, IS_ERR(task));
	kthread_bind(task, other);
	if (pages)
		KUNIT_ASSERT_EQ(test, ring_buffer_alloc_read_page(w->buffer, other,
								  &rpage), 0);
	wake_up_process(task);

	for (;;) {
		/* Whole sub-buffers only, until the writer is done. */
		if (rbt_read_some(test, w, other, rpage, pi, !finished, seen)) {
			seen->reads++;
			continue;
		}
		if (finished)
			break;
		if (completion_done(&w->done)) {
			finished = true;
			continue;
		}
		/* Let the writer get ahead, sometimes all the way round. */
		usleep_range(200, 2000);
	}
	migrate_enable();
	kthread_stop(task);

	total = (unsigned long)w->count + w->irq_count;
	overrun = ring_buffer_overrun_cpu(w->buffer, other);
	dropped = ring_buffer_dropped_events_cpu(w->buffer, other);
	/*
	 * An interrupt burst that goes round the whole ring while the
	 * thread holds an open reservation must drop events rather than
	 * overwrite an uncommitted one: "commit overrun".
	 */
	dropped += ring_buffer_commit_overrun_cpu(w->buffer, other);
	kunit_info(test, "%s: %u + %u irq events, read %lu overrun %lu dropped %lu lost %lu, %lu reads",
		   overwrite ? "overwrite" : "producer/consumer", w->written,
		   w->irq_written, seen->read, overrun, dropped, seen->lost,
		   seen->reads);
	KUNIT_EXPECT_TRUE(test, seen->have[0]);
	KUNIT_EXPECT_EQ(test, (unsigned long)w->written + w->irq_written + dropped,
			total);
	KUNIT_EXPECT_EQ(test, seen->read + overrun + dropped, total);
	if (overwrite) {
		KUNIT_EXPECT_EQ(test, ring_buffer_dropped_events_cpu(w->buffer, other), 0);
		KUNIT_EXPECT_EQ(test, seen->last[0], w->last);
		/*
		 * Consumers get every loss reported; a sub-buffer without
		 * room after its events only has the flag, not the count.
		 */
		if (pages)
			KUNIT_EXPECT_LE(test, seen->lost, overrun);
		else
			KUNIT_EXPECT_EQ(test, seen->lost, overrun);
	} else {
		KUNIT_EXPECT_EQ(test, overrun, 0);
		KUNIT_EXPECT_EQ(test, seen->lost, 0);
	}
	KUNIT_EXPECT_EQ(test, ring_buffer_read_events_cpu(w->buffer, other),
			seen->read);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(w->buffer, other), 0);
	if (rpage)
		ring_buffer_free_read_page(w->buffer, other, rpage);
	ring_buffer_free(w->buffer);
}

static void rbt_concurrent_consume(struct kunit *test)
{
	rbt_concurrent(test, true, false);
}

static void rbt_concurrent_read_page(struct kunit *test)
{
	rbt_concurrent(test, true, true);
}

static void rbt_concurrent_producer_consumer(struct kunit *test)
{
	rbt_concurrent(test, false, true);
}

static void rbt_resize(struct kunit *test)
{
	struct trace_buffer *buffer = rbt_alloc(test, 4, RB_FL_OVERWRITE);
	unsigned long lost, total_lost = 0;
	u32 seq, next = 0, w = 0, gaps = 0;
	int cpu;

	migrate_disable();
	cpu = smp_processor_id();

	/* Two pages of data, then grow. */
	while (ring_buffer_entries_cpu(buffer, cpu) < 80)
		rbt_write(buffer, w++, 100);
	KUNIT_ASSERT_EQ(test, ring_buffer_resize(buffer, 16 * RBT_PAGE_CAP, cpu), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_size(buffer, cpu), 16 * RBT_PAGE_CAP);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buffer, cpu), w);

	/* Read some: the reader now holds the writer's page. */
	while (rbt_consume(test, buffer, cpu, &seq, NULL, NULL)) {
		KUNIT_EXPECT_EQ(test, seq, next);
		next = seq + 1;
		if (next == w - 3)
			break;
	}
	KUNIT_ASSERT_EQ(test, ring_buffer_resize(buffer, 6 * RBT_PAGE_CAP, cpu), 0);
	while (ring_buffer_entries_cpu(buffer, cpu) < 150)
		rbt_write(buffer, w++, 100);
	KUNIT_ASSERT_EQ(test, ring_buffer_resize(buffer, 12 * RBT_PAGE_CAP,
						 RING_BUFFER_ALL_CPUS), 0);
	while (rbt_consume(test, buffer, cpu, &seq, NULL, NULL)) {
		KUNIT_EXPECT_EQ(test, seq, next);
		next = seq + 1;
	}
	KUNIT_EXPECT_EQ(test, next, w);

	/* Shrink below the data: the oldest go, counted as overrun. */
	while (ring_buffer_entries_cpu(buffer, cpu) < 300)
		rbt_write(buffer, w++, 100);
	KUNIT_ASSERT_EQ(test, ring_buffer_resize(buffer, 2 * RBT_PAGE_CAP, cpu), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_size(buffer, cpu), 2 * RBT_PAGE_CAP);
	KUNIT_EXPECT_GT(test, ring_buffer_overrun_cpu(buffer, cpu), 0);
	for (seq = 0; seq < 50; seq++)
		rbt_write(buffer, w++, 100);
	/*
	 * The reader's sub-buffer is not part of the ring and keeps its
	 * events; the gap after them is reported as lost, exactly.
	 */
	while (rbt_consume(test, buffer, cpu, &seq, NULL, &lost)) {
		if (seq != next) {
			KUNIT_EXPECT_GT(test, seq, next);
			KUNIT_EXPECT_EQ(test, lost, seq - next);
			gaps++;
		} else {
			KUNIT_EXPECT_EQ(test, lost, 0);
		}
		total_lost += lost;
		next = seq + 1;
	}
	migrate_enable();
	KUNIT_EXPECT_EQ(test, next, w);
	KUNIT_EXPECT_EQ(test, gaps, 1);
	KUNIT_EXPECT_EQ(test, total_lost, ring_buffer_overrun_cpu(buffer, cpu));
	KUNIT_EXPECT_EQ(test, ring_buffer_read_events_cpu(buffer, cpu) +
			ring_buffer_overrun_cpu(buffer, cpu), w);
	ring_buffer_free(buffer);
}

static void rbt_iterator(struct kunit *test)
{
	struct trace_buffer *buffer = rbt_alloc(test, 4, RB_FL_OVERWRITE);
	struct ring_buffer_iter *iter;
	struct ring_buffer_event *ev;
	u32 seq, w, first, expect;
	u64 ts, ts2;
	int cpu;

	/* Pinned throughout: later writes must reach the same ring. */
	migrate_disable();
	cpu = smp_processor_id();
	for (w = 0; w < 1000; w++)
		rbt_write(buffer, w, rbt_len(w));
	first = ring_buffer_overrun_cpu(buffer, cpu);

	iter = ring_buffer_read_start(buffer, cpu, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, iter);
	for (expect = first; (ev = ring_buffer_iter_peek(iter, &ts)); expect++) {
		KUNIT_ASSERT_TRUE(test, rbt_intact(ring_buffer_event_data(ev),
						   ring_buffer_event_length(ev), &seq, &ts2));
		KUNIT_EXPECT_EQ(test, seq, expect);
		KUNIT_EXPECT_EQ(test, ts, ts2);
		ring_buffer_iter_advance(iter);
	}
	KUNIT_EXPECT_EQ(test, expect, w);
	KUNIT_EXPECT_FALSE(test, ring_buffer_iter_dropped(iter));

	/* Iterating did not consume: a reset walk and a consumer agree. */
	ring_buffer_iter_reset(iter);
	ev = ring_buffer_iter_peek(iter, &ts);
	KUNIT_ASSERT_NOT_NULL(test, ev);
	KUNIT_EXPECT_TRUE(test, rbt_consume(test, buffer, cpu, &seq, &ts2, NULL));
	KUNIT_EXPECT_EQ(test, seq, first);
	KUNIT_EXPECT_EQ(test, ts, ts2);
	/* The consuming read restarted the walk. */
	ev = ring_buffer_iter_peek(iter, NULL);
	KUNIT_ASSERT_NOT_NULL(test, ev);
	KUNIT_EXPECT_TRUE(test, ring_buffer_iter_dropped(iter));
	KUNIT_ASSERT_TRUE(test, rbt_intact(ring_buffer_event_data(ev),
					   ring_buffer_event_length(ev), &seq, NULL));
	KUNIT_EXPECT_EQ(test, seq, first + 1);
	ring_buffer_read_finish(iter);

	/* Overwritten under the walk: reported, and the walk stays sane. */
	iter = ring_buffer_read_start(buffer, cpu, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, iter);
	KUNIT_ASSERT_NOT_NULL(test, ring_buffer_iter_peek(iter, NULL));
	ring_buffer_iter_advance(iter);
	KUNIT_ASSERT_NOT_NULL(test, ring_buffer_iter_peek(iter, NULL));
	for (; w < 3000; w++)
		rbt_write(buffer, w, rbt_len(w));
	expect = 0;
	while ((ev = ring_buffer_iter_peek(iter, NULL))) {
		KUNIT_ASSERT_TRUE(test, rbt_intact(ring_buffer_event_data(ev),
						   ring_buffer_event_length(ev), &seq, NULL));
		if (expect)
			KUNIT_EXPECT_GT(test, seq, expect);
		expect = seq;
		ring_buffer_iter_advance(iter);
	}
	KUNIT_EXPECT_EQ(test, expect, w - 1);
	ring_buffer_read_finish(iter);
	migrate_enable();
	ring_buffer_free(buffer);
}

static void rbt_swap_and_subbuf(struct kunit *test)
{
	struct trace_buffer *a = rbt_alloc(test, 4, RB_FL_OVERWRITE);
	struct trace_buffer *b = rbt_alloc(test, 4, RB_FL_OVERWRITE);
	struct ring_buffer_event *ev;
	unsigned long big;
	u32 seq;
	int cpu, ret;

	migrate_disable();
	cpu = smp_processor_id();
	KUNIT_ASSERT_EQ(test, rbt_write(a, 1, 32), 0);
	local_irq_disable();
	ret = ring_buffer_swap_cpu(a, b, cpu);
	local_irq_enable();
	KUNIT_EXPECT_EQ(test, ret, 0);
	KUNIT_ASSERT_EQ(test, rbt_write(a, 2, 32), 0);
	migrate_enable();
	KUNIT_EXPECT_TRUE(test, rbt_consume(test, b, cpu, &seq, NULL, NULL));
	KUNIT_EXPECT_EQ(test, seq, 1);
	KUNIT_EXPECT_TRUE(test, rbt_consume(test, a, cpu, &seq, NULL, NULL));
	KUNIT_EXPECT_EQ(test, seq, 2);
	ring_buffer_free(b);

	/* Two-page sub-buffers take events larger than a page. */
	KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_order_get(a), 0);
	KUNIT_ASSERT_EQ(test, ring_buffer_subbuf_order_set(a, 1), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_size_get(a), 2 * PAGE_SIZE);
	big = ring_buffer_max_event_size(a);
	KUNIT_EXPECT_GT(test, big, PAGE_SIZE);
	migrate_disable();
	cpu = smp_processor_id();
	KUNIT_ASSERT_EQ(test, rbt_write(a, 3, big), 0);
	KUNIT_ASSERT_EQ(test, rbt_write(a, 4, 100), 0);
	migrate_enable();
	ev = ring_buffer_consume(a, cpu, NULL, NULL);
	KUNIT_ASSERT_NOT_NULL(test, ev);
	KUNIT_EXPECT_TRUE(test, rbt_intact(ring_buffer_event_data(ev),
					   ring_buffer_event_length(ev), &seq, NULL));
	KUNIT_EXPECT_EQ(test, seq, 3);
	KUNIT_EXPECT_TRUE(test, rbt_consume(test, a, cpu, &seq, NULL, NULL));
	KUNIT_EXPECT_EQ(test, seq, 4);
	KUNIT_ASSERT_EQ(test, ring_buffer_subbuf_order_set(a, 0), 0);
	ring_buffer_free(a);
}

/* Waiters: data present returns at once; a wake up releases a sleeper. */
struct rbt_waiter {
	struct trace_buffer	*buffer;
	int			cpu;
	int			ret;
	bool			stop;
	struct completion	done;
};

static bool rbt_waiter_stop(void *data)
{
	struct rbt_waiter *wt = data;

	/*
	 * The condition ring_buffer_wait() checks in the waiter thread;
	 * rbt_wait() sets stop on another CPU and then wakes the waiters,
	 * whose wake-up orders the store before this re-check.
	 */
	return READ_ONCE(wt->stop);
}

static int rbt_waiter_fn(void *data)
{
	struct rbt_waiter *wt = data;

	wt->ret = ring_buffer_wait(wt->buffer, wt->cpu, 0, rbt_waiter_stop, wt);
	complete(&wt->done);
	while (!kthread_should_stop())
		schedule_timeout_interruptible(1);
	return 0;
}

static void rbt_wait(struct kunit *test)
{
	struct rbt_waiter *wt;
	struct task_struct *task;
	int cpu;

	wt = kunit_kzalloc(test, sizeof(*wt), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, wt);
	wt->buffer = rbt_alloc(test, 4, RB_FL_OVERWRITE);
	init_completion(&wt->done);

	migrate_disable();
	cpu = smp_processor_id();
	KUNIT_ASSERT_EQ(test, rbt_write(wt->buffer, 1, 32), 0);
	migrate_enable();
	KUNIT_EXPECT_EQ(test, ring_buffer_wait(wt->buffer, cpu, 0, NULL, NULL), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_wait(wt->buffer, RING_BUFFER_ALL_CPUS,
					       0, NULL, NULL), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_nr_dirty_pages(wt->buffer, cpu), 0);

	/* Empty ring: the waiter sleeps until it is woken. */
	ring_buffer_reset_cpu(wt->buffer, cpu);
	wt->cpu = cpu;
	task = kthread_run(rbt_waiter_fn, wt, "rbt_waiter");
	KUNIT_ASSERT_FALSE(test, IS_ERR(task));
	msleep(20);
	KUNIT_EXPECT_FALSE(test, completion_done(&wt->done));
	/* read by rbt_waiter_stop() in the waiter; the wake up orders it */
	WRITE_ONCE(wt->stop, true);
	ring_buffer_wake_waiters(wt->buffer, cpu);
	KUNIT_EXPECT_NE(test, wait_for_completion_timeout(&wt->done, 10 * HZ), 0);
	KUNIT_EXPECT_EQ(test, wt->ret, 0);
	kthread_stop(task);
	ring_buffer_free(wt->buffer);
}

static struct kunit_case ring_buffer_cases[] = {
	KUNIT_CASE(rbt_reserve_commit_discard),
	KUNIT_CASE(rbt_overwrite_mode),
	KUNIT_CASE(rbt_producer_consumer_mode),
	KUNIT_CASE(rbt_read_page_lost_events),
	KUNIT_CASE(rbt_time_extends),
	KUNIT_CASE(rbt_nested_writes),
	KUNIT_CASE(rbt_concurrent_consume),
	KUNIT_CASE(rbt_concurrent_read_page),
	KUNIT_CASE(rbt_concurrent_producer_consumer),
	KUNIT_CASE(rbt_resize),
	KUNIT_CASE(rbt_iterator),
	KUNIT_CASE(rbt_swap_and_subbuf),
	KUNIT_CASE(rbt_wait),
	{}
};

static struct kunit_suite ring_buffer_suite = {
	.name = "ring_buffer",
	.test_cases = ring_buffer_cases,
};

kunit_test_suite(ring_buffer_suite);

MODULE_DESCRIPTION("KUnit tests for the trace ring buffer");
MODULE_LICENSE("GPL");
