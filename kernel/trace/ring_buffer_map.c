// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * A CPU's ring mapped into user space (mmap() of trace_pipe_raw).
 */
#include "ring_buffer_internal.h"

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
void rb_map_update(struct rb_cpu *cb)
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
