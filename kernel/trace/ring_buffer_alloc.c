// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The rings of a trace_buffer: allocation, layout, reset, resize,
 * sub-buffer order, CPU hotplug.
 */
#include "ring_buffer_internal.h"

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
	/* The time at the tail stays what it was, in entry 0. */
	cb->times[0] = cb->times[rb_tail_ref(local64_read(&cb->tail))];
	local64_set(&cb->tail, rb_tail_make(tseq, writer->id, woff));
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
	 * The ring before the mask bit that announces it.  buffers[cpu] is
	 * NULL until set here (ring_buffer_swap_cpu() only exchanges two
	 * that are set): writers test it instead of the bit
	 * (rb_writer_enter()).  Neither rb_cpu_of() nor the writers
	 * issue an smp_rmb(): they rely on the CPU not being online (and
	 * nobody reading its ring) before this prepare step has finished.
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

void rb_set_order(struct trace_buffer *buffer, int order)
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
