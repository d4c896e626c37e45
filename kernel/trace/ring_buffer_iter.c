// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Iterators: reading a ring without consuming it.
 */
#include "ring_buffer_internal.h"

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
