// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The lockless per-CPU ring buffer for trace events.
 *
 * Documentation/trace/ring-buffer.rst describes the design for readers of
 * this file; the comments here give the rules at the places they apply.
 * The drawings sit by the code that relies on them: the sub-buffer at
 * struct rb_data_page, the packed tail and slot words after it, slots,
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
 *             The tail's top bits name an entry of times[] that holds
 *             the time of the record ending at the tail, so the
 *             position and that time change together in the cmpxchg.
 *             Each event's delta is taken against that time.  A writer
 *             stores its own time in an entry of its nesting level that
 *             the tail does not name, before its cmpxchg names it: an
 *             interrupt before the cmpxchg reads the entry the old tail
 *             names, one after it reads ours.  So every event's decoded
 *             time is exactly the clock value its writer read, and a
 *             writer that finds the tail at offset 0 needs no time at
 *             all.  A page move names a time only once the page is set
 *             up; until then interrupts start yet another page.
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
#include "ring_buffer_internal.h"

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
 * __ring_buffer_event_data - ring_buffer_event_data() of any record
 * @event: an event returned by the ring buffer, possibly behind its time
 *         stamp prefix
 *
 * Return: a pointer to the first payload byte.
 */
void *notrace __ring_buffer_event_data(struct ring_buffer_event *event)
{
	event = rb_skip_prefix(event);
	WARN_ON_ONCE(event->type_len > RINGBUF_TYPE_DATA_TYPE_LEN_MAX);
	return event->type_len ? (void *)&event->array[0] :
				 (void *)&event->array[1];
}
EXPORT_SYMBOL_GPL(__ring_buffer_event_data);

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
static notrace u64 rb_publish(struct rb_cpu *cb)
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
	return tail;
}

/*
 * rb_publish()'s usual case, inline: the tail is on the commit page.
 * Barriers as in rb_publish().  An interrupt that moves the tail after
 * it was read here is nested and publishes nothing; rb_end_write() then
 * finds the tail past the one published and publishes again.
 *
 * Return: the tail published up to.
 */
static __always_inline u64 rb_publish_fast(struct rb_cpu *cb)
{
	u64 tail = local64_read(&cb->tail);
	struct rb_page *page = cb->pages[rb_tail_id(tail)];

	if (likely(cb->commit_page == page)) {
		/* records before commit: as in rb_publish() */
		smp_wmb();
		local_set(&page->data->commit, rb_tail_off(tail));
		barrier();
		return tail;
	}
	return rb_publish(cb);
}

/*
 * rb_end_write - the end of a writer's turn (commit, discard or failure)
 *
 * The outermost writer publishes.  After it leaves (nest 0) an interrupt
 * may have reserved and committed under it between its publish and its
 * decrement; then it publishes again.  An interrupt that comes after the
 * decrement is outermost itself and publishes on its own.  nest is this
 * CPU's: no interrupt changes it under us.
 */
static __always_inline void rb_end_write(struct rb_cpu *cb)
{
	u64 done;

	while (local_read(&cb->nest) == 1) {
		done = rb_publish_fast(cb);
		local_dec(&cb->nest);
		barrier();
		if (likely(local64_read(&cb->tail) == done))
			return;
		local_inc(&cb->nest);
		barrier();
	}
	local_dec(&cb->nest);
}

/*
 * The end of a writer that reserved nothing: leave the ring @cb it was
 * admitted to (if any), and give preemption back unless @guarded (see
 * rb_writer_reserve()).  Out of line, it is rare; callers tail-call it,
 * so that the reserve keeps nothing live across a call but the clock's.
 *
 * Return: NULL, the failed reserve's result.
 */
static noinline notrace struct ring_buffer_event *
rb_writer_fail(struct rb_cpu *cb, bool guarded)
{
	if (cb)
		rb_end_write(cb);
	if (!guarded)
		preempt_enable_notrace();
	return NULL;
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
	unsigned int ref = rb_tail_ref_for(old, level);
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
	WRITE_ONCE(cb->times[ref], RB_TIME_UNKNOWN);
	/* seq and commit before the tail: pairs with rb_ring_range() */
	smp_wmb();

	new = rb_tail_with_ref(rb_tail_make(want, page->id, need), ref);
	if (!local64_try_cmpxchg(&cb->tail, (s64 *)&old, new))
		return ERR_PTR(-EAGAIN);

	/*
	 * The tail is on @page and names no time yet: until it does, any
	 * interrupting writer starts yet another page and leaves this
	 * state alone.
	 */
	cur->end = rb_tail_off(old);
	cur->next = page;
	local_set(&page->entries, 1);
	page->data->time_stamp = ts;
	/* no discard gives back space in @cur now: the tail left it */
	local_add(cur->end, &cb->ws.left_bytes);

	rsv->start = new - need;
	rsv->end = new;
	rsv->prev_ts = ts;
	barrier();
	WRITE_ONCE(cb->times[ref], ts);

	ev = (void *)page->data->data;
	if (buffer->abs) {
		rb_write_wide(ev, RINGBUF_TYPE_TIME_STAMP, ts);
		ev = (void *)ev + RB_LEN_EXT;
	}
	rb_write_data_header(ev, size, rb_data_type_len(size), 0);
	return ev;
}

/*
 * rb_claim - take @len bytes at the tail @old for a writer at @ref's level
 * @rsv:  the writer's reservation record, filled on success
 * @ref:  rb_tail_ref_for() of @old and the writer's level
 * @ts:   the record's time; @prev: the time of the record ending at @old
 *
 * Stores @ts in the writer's entry of times[], then moves the tail and
 * names that entry in one cmpxchg.
 *
 * Return: true, or false when the tail is no longer @old.
 */
static __always_inline bool rb_claim(struct rb_cpu *cb, struct rb_rsv *rsv,
				     u64 old, unsigned int len,
				     unsigned long ref, u64 ts, u64 prev)
{
	u64 end;

	/* Our time, in our entry, before the tail names it. */
	WRITE_ONCE(cb->times[ref], ts);
	barrier();
	/*
	 * The position moves by @len within the page, so no carry reaches
	 * the ref bits, which become @ref.
	 */
	end = old + len + ((u64)(ref - rb_tail_ref(old)) << RB_REF_SHIFT);
	if (unlikely(rb_tail_cmpxchg(&cb->tail, old, end) != old))
		return false;
	rsv->start = old;
	rsv->end = end;
	rsv->prev_ts = prev;
	return true;
}

/* What one attempt to reserve found. */
enum rb_at {
	RB_AT_DONE,
	RB_AT_RACE,
	RB_AT_MOVE,
};

/*
 * rb_reserve_at - one attempt to reserve @size bytes at the tail @old
 * @type_len: rb_data_type_len(@size)
 * @clock: the writer's time for the record
 * @evp:   gets the data record
 *
 * Return: RB_AT_DONE with the record in @evp; RB_AT_RACE when the tail
 * moved under us (an interrupt wrote): try again from the new tail;
 * RB_AT_MOVE when the record does not fit behind @old: the page must be
 * left (or the time at @old is not known yet, or, absolute stamps, too
 * far).  See rb_reserve() for the stamp rule.
 */
static __always_inline enum rb_at
rb_reserve_at(struct trace_buffer *buffer, struct rb_cpu *cb,
	      unsigned int size, unsigned int type_len, u64 clock,
	      unsigned long level, u64 old, struct ring_buffer_event **evp)
{
	struct rb_rsv *rsv = &cb->rsv[level];
	unsigned int off = rb_tail_off(old);
	unsigned long ref = rb_tail_ref_for(old, level);
	struct ring_buffer_event *ev;
	unsigned int ext = 0;
	struct rb_page *page;
	u64 prev, ts, delta = 0;

	/*
	 * The time of the record that ends at @old.  times[] is stored
	 * (plainly) by writers on this CPU only, an outer one we
	 * interrupted included: READ_ONCE takes one value of it.  An entry
	 * that changes after we read @old belongs to a writer that has
	 * moved the tail, and our cmpxchg below then fails.  Same CPU: no
	 * barrier.
	 */
	prev = READ_ONCE(cb->times[rb_tail_ref(old)]);
	ts = clock;

	if (unlikely(buffer->abs)) {
		ext = RB_LEN_EXT;
		if (off && !rb_abs_near(ts, prev))
			goto move;
	} else if (likely(off)) {
		/* A clock that went backwards gets the previous stamp. */
		if (unlikely((s64)(ts - prev) < 0)) {
			if (prev == RB_TIME_UNKNOWN)
				goto move;
			ts = prev;
		}
		delta = ts - prev;
		if (unlikely(delta > RB_DELTA_MAX)) {
			if (delta >> RB_EXT_BITS)
				goto move;
			ext = RB_LEN_EXT;
		}
	}
	if (unlikely(off + ext + size > buffer->capacity))
		goto move;

	if (unlikely(!rb_claim(cb, rsv, old, ext + size, ref, ts, prev)))
		return RB_AT_RACE;

	/* Reserved [off, off + ext + size) of the tail page. */
	page = cb->pages[rb_tail_id(old)];
	if (!off)
		page->data->time_stamp = ts;
	local_inc(&page->entries);

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
	*evp = ev;
	return RB_AT_DONE;

move:
	return RB_AT_MOVE;
}

/*
 * rb_reserve_fast - rb_reserve_at()'s usual case, and only that
 *
 * Relative stamps, the tail inside a page (offset > 0) with its time
 * known, a delta that fits the record's header, room in the page, and
 * no interrupt taking the tail from under us.  Anything else is left to
 * rb_reserve_slow(), which starts over with rb_reserve_at().  Fewer
 * cases, fewer registers: the writer's usual path saves less.
 *
 * Return: true with the data record in @evp, or false.
 */
static __always_inline bool
rb_reserve_fast(struct trace_buffer *buffer, struct rb_cpu *cb,
		unsigned int size, unsigned int type_len, u64 clock,
		unsigned long level, struct ring_buffer_event **evp)
{
	u64 old = local64_read(&cb->tail);
	unsigned int off = rb_tail_off(old);
	unsigned long ref = rb_tail_ref_for(old, level);
	struct rb_rsv *rsv = &cb->rsv[level];
	struct ring_buffer_event *ev;
	struct rb_page *page;
	u64 prev, delta;

	/* READ_ONCE: as in rb_reserve_at() */
	prev = READ_ONCE(cb->times[rb_tail_ref(old)]);
	/* a clock that went backwards, or RB_TIME_UNKNOWN, wraps: too big */
	delta = clock - prev;
	if (unlikely(buffer->abs || !off || delta > RB_DELTA_MAX ||
		     off + size > buffer->capacity))
		return false;

	if (unlikely(!rb_claim(cb, rsv, old, size, ref, clock, prev)))
		return false;

	page = cb->pages[rb_tail_id(old)];
	local_inc(&page->entries);
	ev = (void *)page->data->data + off;
	rb_write_data_header(ev, size, type_len, delta);
	*evp = ev;
	return true;
}

/*
 * rb_reserve() after its first attempt failed: retry from the current
 * tail, moving to the next page when the record does not fit.  Out of
 * line, so that the usual case keeps no loop state in registers.  Lost
 * cmpxchg races are retried without bound, as each one means an
 * interrupt on this CPU made progress; failed page moves are bounded.
 * Each attempt reads the clock again.  A writer that gets no record
 * leaves (rb_writer_fail()).
 */
static noinline notrace struct ring_buffer_event *
rb_reserve_slow(struct trace_buffer *buffer, struct rb_cpu *cb,
		unsigned int size, u64 now, unsigned long level, bool guarded)
{
	struct ring_buffer_event *ev;
	unsigned int tries = 0;
	enum rb_at at;
	u64 old;

	for (;;) {
		/* as in rb_reserve(): the clock before the tail */
		u64 clock = rb_writer_clock(buffer, now);

		old = local64_read(&cb->tail);
		at = rb_reserve_at(buffer, cb, size, rb_data_type_len(size),
				   clock, level, old, &ev);
		if (at == RB_AT_DONE)
			return ev;
		if (at == RB_AT_RACE)
			continue;
		ev = rb_move_tail(buffer, cb, old, size,
				  rb_writer_clock(buffer, now), level);
		if (!IS_ERR_OR_NULL(ev))
			return ev;
		if (!ev || WARN_ON_ONCE(++tries > 1000))
			return rb_writer_fail(cb, guarded);
	}
}

/*
 * rb_reserve - reserve a data record of @size bytes (rb_data_size())
 * @type_len: rb_data_type_len(@size)
 *
 * The caller holds a nest count; @level is the nesting level it took
 * (nest - 1).  @clock: rb_writer_clock(), read by the caller before it
 * took the nest count.  A writer that gets no record leaves, as
 * rb_writer_fail() says for @guarded.  See the file header for the stamp
 * rule.
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
	   unsigned int type_len, u64 now, u64 clock, unsigned long level,
	   bool guarded)
{
	struct ring_buffer_event *ev;

	if (likely(rb_reserve_fast(buffer, cb, size, type_len, clock, level,
				   &ev)))
		return ev;
	return rb_reserve_slow(buffer, cb, size, now, level, guarded);
}

static notrace void rb_wake_check(struct trace_buffer *buffer,
				  struct rb_cpu *cb);

static __always_inline bool rb_wake_wanted(struct trace_buffer *buffer,
					   struct rb_cpu *cb)
{
	/*
	 * want, full and all are set by waiters on any CPU in
	 * rb_announce() (all on every ring, for a waiter on the whole
	 * buffer) and cleared by writers in rb_wake_check() (full also by
	 * rb_wake_func()): a racy peek.  rb_announce()'s smp_mb() orders
	 * the waiter's side; a writer that misses the flag leaves the wake
	 * up to its next event.
	 */
	return READ_ONCE(cb->waiters.any);
}

/*
 * rb_writer_enter - admit a writer to the current CPU's ring
 *
 * Checks that the CPU has a ring and the writer is not recursing, then
 * takes a nest count.  The per-CPU disable flag is checked after nest is
 * raised: ring_buffer_swap_cpu() relies on that order.  Preemption is
 * disabled by the caller, who has checked that the payload fits.  A
 * @guarded writer holds a recursion guard of its own for this context
 * (see ring_buffer_reserve_guarded()): it is not checked, and leaves a
 * context no other writer matches.
 *
 * Return: true, with the ring in @cbp and the nesting level taken in
 * @level, or false if the writer may not write: then @cbp is the ring
 * whose nest count it must give back, or NULL.  (A bool, not the ring
 * or NULL: the success path then tests no pointer.)
 */
static __always_inline bool
rb_writer_enter(struct trace_buffer *buffer, bool guarded,
		struct rb_cpu **cbp, unsigned long *level)
{
	int cpu = raw_smp_processor_id();
	unsigned int ctx = RB_CTX_GUARDED;
	struct rb_cpu *cb;
	long n;

	*cbp = NULL;
	/* NULL for a CPU not in buffer->cpumask: see trace_rb_cpu_prepare() */
	cb = buffer->buffers[cpu];
	if (unlikely(!cb))
		return false;
	n = local_read(&cb->nest);
	if (unlikely(n >= RB_MAX_NEST))
		return false;
	if (!guarded) {
		ctx = rb_ctx_now(cb);
		if (rb_ctx_recursing(cb, n, ctx))
			return false;
	}
	*cbp = cb;
	local_inc(&cb->nest);
	barrier();
	/* after nest: see rb_ctx_recursing() */
	WRITE_ONCE(cb->ctx[n], ctx);
	/*
	 * cb->buffer is rewritten by ring_buffer_swap_cpu() (WRITE_ONCE),
	 * with buffers[cpu], while it holds record_disabled raised, on this
	 * CPU with interrupts off: nest was raised before these loads
	 * (barrier() above), so the swap sees us or we see its
	 * record_disabled or that the ring went to the other buffer.  That
	 * holds only for a swap run on this CPU; see ring_buffer_swap_cpu().
	 */
	if (likely(!atomic_read(&cb->record_disabled) &&
		   (!IS_ENABLED(CONFIG_RING_BUFFER_ALLOW_SWAP) ||
		    READ_ONCE(cb->buffer) == buffer))) {
		*level = n;
		return true;
	}
	return false;
}

/*
 * Admit a writer (rb_writer_enter()) and reserve, or leave.  @size and
 * @type_len: as rb_reserve(), for a payload that fits the buffer.  @now:
 * the writer's trace_clock_local() reading if rb_now_usable(), else 0:
 * then the clock is read.  Preemption is disabled by the caller; a
 * writer that gets no record enables it again, unless @guarded (its
 * caller's guard keeps it).
 */
static __always_inline struct ring_buffer_event *
rb_writer_reserve(struct trace_buffer *buffer, unsigned int size,
		  unsigned int type_len, bool guarded, u64 now)
{
	unsigned long level;
	struct rb_cpu *cb;
	u64 clock;

	if (unlikely(atomic_read(&buffer->record_disabled)))
		return rb_writer_fail(NULL, guarded);
	/*
	 * The clock before the admission, so that only the arguments are
	 * live across its call (see rb_reserve() for the time it gives).
	 * With @now there is no call: nothing is kept at all.
	 */
	clock = now ?: rb_clock(buffer);
	if (unlikely(!rb_writer_enter(buffer, guarded, &cb, &level)))
		return rb_writer_fail(cb, guarded);
	return rb_reserve(buffer, cb, size, type_len, now, clock, level,
			  guarded);
}

/*
 * ring_buffer_lock_reserve()'s reserve for a record of @size bytes,
 * @type_len: for the callers that read the clock here.
 */
static noinline notrace struct ring_buffer_event *
rb_lock_reserve_sized(struct trace_buffer *buffer, unsigned int size,
		      unsigned int type_len)
{
	preempt_disable_notrace();
	return rb_writer_reserve(buffer, size, type_len, false, 0);
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
	unsigned long words = DIV_ROUND_UP(length, 4);
	unsigned int size, type_len;

	/*
	 * A short payload, 1 to RB_SMALL_MAX bytes: its words are type_len,
	 * and any sub-buffer holds it.
	 */
	if (likely(!RB_ALWAYS_LONG &&
		   words - 1 < RINGBUF_TYPE_DATA_TYPE_LEN_MAX)) {
		size = RB_HDR + words * 4;
		type_len = words;
	} else {
		if (unlikely(length > buffer->max_data))
			return NULL;
		size = rb_data_size(length);
		type_len = rb_data_type_len(size);
	}
	preempt_disable_notrace();
	return rb_writer_reserve(buffer, size, type_len, false, 0);
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
	/* a tail call, so that the usual case calls nothing */
	if (unlikely(!rb_now_usable(buffer, now)))
		return rb_lock_reserve_sized(buffer, size, type_len);
	preempt_disable_notrace();
	return rb_writer_reserve(buffer, size, type_len, false, now);
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
	return rb_writer_reserve(buffer, size, type_len, true, 0);
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
	/* a tail call, so that the usual case calls nothing */
	if (unlikely(!rb_now_usable(buffer, now)))
		return __ring_buffer_reserve_guarded(buffer, size, type_len);
	return rb_writer_reserve(buffer, size, type_len, true, now);
}

/*
 * The end of a commit out of line: rb_end_write() if the writer still
 * holds its nest count (@held), the wake up of readers that asked, and
 * preemption given back unless @guarded.  rb_commit() tail-calls it, so
 * that its own usual case calls nothing and saves no registers.
 *
 * Return: 0, ring_buffer_unlock_commit()'s.
 */
static noinline notrace int rb_commit_finish(struct trace_buffer *buffer,
					     struct rb_cpu *cb, bool held,
					     bool guarded)
{
	if (held)
		rb_end_write(cb);
	if (rb_wake_wanted(buffer, cb))
		rb_wake_check(buffer, cb);
	if (!guarded)
		preempt_enable_notrace();
	return 0;
}

/*
 * The commit of the current CPU's innermost writer: count the event,
 * publish if outermost, wake readers that asked, and give preemption
 * back unless @guarded.  The outermost writer's usual case is
 * rb_end_write()'s first round with rb_publish_fast() inline: the tail
 * on the commit page and still there after nest is dropped.
 *
 * Return: 0.
 */
static __always_inline int rb_commit(struct trace_buffer *buffer,
				     bool guarded)
{
	struct rb_cpu *cb = buffer->buffers[raw_smp_processor_id()];
	struct rb_page *page;
	u64 tail;

	local_inc(&cb->ws.entries);
	if (local_read(&cb->nest) != 1) {
		/* nested: the outermost writer publishes our record */
		local_dec(&cb->nest);
	} else {
		tail = local64_read(&cb->tail);
		page = cb->pages[rb_tail_id(tail)];
		if (unlikely(cb->commit_page != page))
			return rb_commit_finish(buffer, cb, true, guarded);
		/* records before commit: as in rb_publish() */
		smp_wmb();
		local_set(&page->data->commit, rb_tail_off(tail));
		barrier();
		local_dec(&cb->nest);
		barrier();
		if (unlikely(local64_read(&cb->tail) != tail)) {
			local_inc(&cb->nest);
			barrier();
			return rb_commit_finish(buffer, cb, true, guarded);
		}
	}
	if (unlikely(rb_wake_wanted(buffer, cb)))
		return rb_commit_finish(buffer, cb, false, guarded);
	if (!guarded)
		preempt_enable_notrace();
	return 0;
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
	return rb_commit(buffer, false);
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
	rb_commit(buffer, true);
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
	u64 start = rsv->start;

	event = rb_skip_prefix(event);
	local_dec(&page->entries);
	/*
	 * Give the space back if nothing was reserved after it: the tail
	 * returns to @start, naming the time of the record before ours in
	 * the other entry of our level (at offset 0 none is needed).  That
	 * entry is not named by the tail now, and if it was named by
	 * @start it already holds that time.
	 */
	if (rb_tail_off(start)) {
		unsigned int ref = rb_tail_ref(rsv->end) ^ 1;

		WRITE_ONCE(cb->times[ref], rsv->prev_ts);
		barrier();
		start = rb_tail_with_ref(start, ref);
	}
	if ((u64)local64_cmpxchg(&cb->tail, rsv->end, start) != rsv->end)
		rb_discard_in_place(cb, rsv, event);
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
	/* Our entry: only we store it until our commit. */
	return cb->times[rb_tail_ref(cb->rsv[nest - 1].end)];
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

void rb_waiters_init(struct rb_waiters *w)
{
	init_irq_work(&w->work, rb_wake_func);
	init_waitqueue_head(&w->wq);
	init_waitqueue_head(&w->full_wq);
	atomic_set(&w->seq, 0);
	w->any = 0;
}

/* Sub-buffers the writer has filled and left that no reader took yet. */
notrace size_t rb_dirty_pages(struct rb_cpu *cb)
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
notrace bool rb_watermark(struct rb_cpu *cb, int full)
{
	return (rb_dirty_pages(cb) + 1) * 100 >= (size_t)full * cb->nr_pages;
}

static noinline notrace void rb_wake_check(struct trace_buffer *buffer,
					   struct rb_cpu *cb)
{
	int full;

	/*
	 * want/full/all: set by waiters in rb_announce() on any CPU,
	 * cleared by writers here and by rb_wake_func().  The buffer's want
	 * is cleared by the first writer of any CPU that finds its ring's
	 * all; the others then only clear their all.  Two writers may both
	 * see a flag and queue the irq_work twice, which is harmless; see
	 * rb_wake_wanted() for a missed flag.
	 */
	if (READ_ONCE(cb->waiters.all)) {
		WRITE_ONCE(cb->waiters.all, 0);
		if (READ_ONCE(buffer->waiters.want)) {
			WRITE_ONCE(buffer->waiters.want, false);
			irq_work_queue(&buffer->waiters.work);
		}
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

/* Have the writer and the commit left the reader's page?  reader_lock */
bool rb_reader_done(struct rb_cpu *cb)
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
unsigned long rb_ring_range(struct rb_cpu *cb, unsigned long *last)
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
struct ring_buffer_event *rb_reader_record(struct rb_cpu *cb)
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
unsigned int rb_fit(struct ring_buffer_event *ev, unsigned int pos,
		    unsigned int commit)
{
	unsigned int size;

	if (commit - pos < RB_LEN_EXT)
		return 0;
	size = rb_record_size(ev);
	return size <= commit - pos ? size : 0;
}

/* Move the running time stamp *@ts over the valid record @ev. */
void rb_stamp_step(struct ring_buffer_event *ev, u64 *ts)
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
void rb_reader_skip_rest(struct rb_cpu *cb, struct ring_buffer_event *ev,
			 unsigned int commit)
{
	WARN_ON_ONCE(commit - cb->rpos >= RB_LEN_EXT &&
		     !(ev->type_len == RINGBUF_TYPE_PADDING && !ev->time_delta));
	cb->rpos = commit;
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
bool rb_has_data(struct rb_cpu *cb)
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

struct rb_data_page *rb_alloc_data(int node, int order)
{
	struct page *page;

	page = alloc_pages_node(node, GFP_KERNEL | __GFP_RETRY_MAYFAIL |
				__GFP_COMP | __GFP_ZERO, order);
	return page ? page_address(page) : NULL;
}

void rb_free_data(struct rb_data_page *data, int order)
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
