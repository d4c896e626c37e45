// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Snapshots (CONFIG_TRACER_SNAPSHOT): a second buffer per instance that
 * the main buffer's contents can be swapped into, to keep them while
 * tracing goes on.
 *
 *   echo 1 > snapshot   allocate the snapshot buffer if needed, then swap:
 *                       the snapshot gets what the main buffer held, the
 *                       main buffer gets the old snapshot's records
 *   echo 0 > snapshot   free it (not valid in per_cpu/cpuN/snapshot)
 *   echo 2 > snapshot   (any other number) empty it, keep it allocated
 *   cat snapshot        the snapshot, like trace; with help text when
 *                       empty
 * per_cpu/cpuN/snapshot does the same for one CPU, snapshot_raw reads its
 * sub-buffers like trace_pipe_raw.
 *
 * The swap exchanges each CPU's ring between the two buffers with
 * ring_buffer_swap_cpu(), on that CPU with interrupts off (an IPI), so
 * tr->buffer, which writers and readers hold, never changes.  Each ring
 * carries its own "CPU not in tracing_cpumask" disable count, so both
 * buffers' rings of a CPU are kept in the same state.
 *
 * A conditional snapshot (tracing_snapshot_cond_enable(), for hist
 * triggers' snapshot() action) gives one user of an instance a say in
 * each snapshot: its update() runs first and may refuse it, and keeps
 * what it wants to show about the snapshot taken.  While it is set,
 * writing 0 or 1 to the snapshot file gets -EBUSY.
 *
 * Locking: trace_types_lock protects tr->snapshot and tr->snapshot_pins.
 * tr->cond_snapshot is set and cleared under event_mutex (which nests
 * inside trace_types_lock) and read by probes under RCU.
 * A reader that walks rings in place (trace, snapshot, snapshot_raw)
 * pins the snapshot: while pinned, no swap moves a ring from under it and
 * the snapshot is not freed; such writes fail with -EBUSY.
 *
 * A ring mapped into user space (mmap() of trace_pipe_raw) must not be
 * swapped either, and its user cannot wait for a pin to go: so whatever
 * may take snapshots arms them (trace_snapshot_arm()) for as long as it
 * may, and arming and mapping exclude each other with -EBUSY, both ways
 * (tr->map_lock, a spinlock: mmap() comes with the mm's lock held).
 * The snapshot buffer may stay allocated meanwhile.
 */

#include <linux/ring_buffer.h>
#include <linux/kthread.h>
#include <linux/seq_file.h>
#include <linux/uaccess.h>
#include <linux/slab.h>
#include <linux/smp.h>

#include "trace.h"
#include "trace_latency.h"

/* tr->snapshot_queued: an atomic context's snapshot is asked for. */
#define TRACE_SNAPSHOT_QUEUED	0

/* How often a swap refused because a writer was in flight is retried. */
#define SNAPSHOT_SWAP_TRIES	100

/*
 * The latency tracers swap rings from atomic context under trace_max_lock
 * (trace_latency.c); the pins are counted under it too, so that no such
 * swap moves a ring a reader walks.
 */
#ifdef CONFIG_TRACER_MAX_TRACE
static void latency_pin_lock(void)
{
	raw_spin_lock_irq(&trace_max_lock);
}

static void latency_pin_unlock(void)
{
	raw_spin_unlock_irq(&trace_max_lock);
}
#else
static void latency_pin_lock(void) { }
static void latency_pin_unlock(void) { }
#endif

/**
 * trace_snapshot_pin - keep @tr's rings where they are
 * @tr: the instance; the caller holds trace_types_lock
 */
void trace_snapshot_pin(struct trace_array *tr)
{
	lockdep_assert_held(&trace_types_lock);
	latency_pin_lock();
	tr->snapshot_pins++;
	latency_pin_unlock();
}

/**
 * trace_snapshot_unpin - undo trace_snapshot_pin()
 * @tr: the instance; the caller holds trace_types_lock
 */
void trace_snapshot_unpin(struct trace_array *tr)
{
	lockdep_assert_held(&trace_types_lock);
	latency_pin_lock();
	WARN_ON_ONCE(--tr->snapshot_pins < 0);
	latency_pin_unlock();
}

/**
 * trace_snapshot_get_pinned - the snapshot buffer, pinned
 * @tr: the instance
 *
 * Return: the buffer, pinned until trace_snapshot_unpin(), or NULL when
 * the snapshot is not allocated.
 */
struct trace_buffer *trace_snapshot_get_pinned(struct trace_array *tr)
{
	guard(mutex)(&trace_types_lock);
	if (tr->snapshot)
		trace_snapshot_pin(tr);
	return tr->snapshot;
}

/**
 * trace_snapshot_arm - count a user that may take snapshots of @tr
 * @tr: the instance
 *
 * Any context but NMI.  Undo with trace_snapshot_disarm().
 *
 * Return: 0, or -EBUSY while a ring of @tr is mapped into user space.
 */
int trace_snapshot_arm(struct trace_array *tr)
{
	guard(spinlock_irqsave)(&tr->map_lock);
	if (tr->mapped)
		return -EBUSY;
	tr->snapshot_users++;
	return 0;
}

/**
 * trace_snapshot_disarm - undo trace_snapshot_arm()
 * @tr: the instance
 */
void trace_snapshot_disarm(struct trace_array *tr)
{
	guard(spinlock_irqsave)(&tr->map_lock);
	WARN_ON_ONCE(!tr->snapshot_users--);
}

/**
 * trace_snapshot_map_get - count a user mapping of one of @tr's rings
 * @tr: the instance
 *
 * Return: 0, or -EBUSY while something may take snapshots of @tr.
 */
int trace_snapshot_map_get(struct trace_array *tr)
{
	guard(spinlock_irqsave)(&tr->map_lock);
	if (tr->snapshot_users)
		return -EBUSY;
	tr->mapped++;
	return 0;
}

/**
 * trace_snapshot_map_dup - count one more part of a counted mapping
 * @tr: the instance
 *
 * For a mapping split in two, whose parts are unmapped in turn.
 */
void trace_snapshot_map_dup(struct trace_array *tr)
{
	guard(spinlock_irqsave)(&tr->map_lock);
	tr->mapped++;
}

/**
 * trace_snapshot_map_put - undo trace_snapshot_map_get() or _dup()
 * @tr: the instance
 */
void trace_snapshot_map_put(struct trace_array *tr)
{
	guard(spinlock_irqsave)(&tr->map_lock);
	WARN_ON_ONCE(!tr->mapped--);
}

/* --- the buffer ----------------------------------------------------------- */

/*
 * The thread that takes the snapshots asked for in atomic context, for
 * every instance.  Started with the first snapshot buffer (an atomic
 * request needs one) under trace_types_lock, then kept; requesters read
 * it locklessly and cope with NULL.  Not a workqueue: the trigger's own
 * event may be one that running a work item emits.
 */
static struct kthread_worker *snapshot_worker;

static int snapshot_worker_start(void)
{
	struct kthread_worker *worker;

	lockdep_assert_held(&trace_types_lock);
	if (snapshot_worker)
		return 0;
	worker = kthread_create_worker(0, "trace_snapshot");
	if (IS_ERR(worker))
		return PTR_ERR(worker);
	WRITE_ONCE(snapshot_worker, worker);
	return 0;
}

/* Allocate @tr's snapshot shaped like its main buffer.  trace_types_lock. */
static int snapshot_alloc(struct trace_array *tr)
{
	struct trace_buffer *snap;
	int cpu, order, ret;

	lockdep_assert_held(&trace_types_lock);
	if (tr->snapshot)
		return 0;
	if (!tr->buffer)
		return -ENODEV;
	ret = snapshot_worker_start();
	if (ret)
		return ret;

	snap = ring_buffer_alloc(0, 0);
	if (!snap)
		return -ENOMEM;
	order = ring_buffer_subbuf_order_get(tr->buffer);
	ret = ring_buffer_subbuf_order_set(snap, order);
	for_each_possible_cpu(cpu) {
		if (ret)
			break;
		ret = ring_buffer_resize(snap, ring_buffer_size(tr->buffer, cpu),
					 cpu);
		if (!cpumask_test_cpu(cpu, tr->tracing_cpumask))
			ring_buffer_record_disable_cpu(snap, cpu);
	}
	if (ret) {
		ring_buffer_free(snap);
		return ret < 0 ? ret : -ENOMEM;
	}
	ring_buffer_set_clock(snap, trace_clock_read_fn(tr));
	tr->snapshot = snap;
	return 0;
}

/**
 * trace_snapshot_free - free @tr's snapshot buffer
 * @tr: the instance; the caller holds trace_types_lock, or @tr is being
 *      freed; nothing pins the snapshot
 */
void trace_snapshot_free(struct trace_array *tr)
{
	struct trace_buffer *snap = tr->snapshot;

	if (!snap)
		return;
	tr->snapshot = NULL;
	/*
	 * A writer that picked a ring just before it was swapped away may
	 * still be looking at it; writers run with preemption disabled.
	 */
	synchronize_rcu();
	ring_buffer_free(snap);
}

/**
 * trace_snapshot_resize - resize the snapshot's rings with the main ones
 * @tr:   the instance; the caller holds trace_types_lock
 * @size: as for ring_buffer_resize()
 * @cpu:  the CPU, or RING_BUFFER_ALL_CPUS
 *
 * Return: 0 or ring_buffer_resize()'s error.
 */
int trace_snapshot_resize(struct trace_array *tr, unsigned long size, int cpu)
{
	lockdep_assert_held(&trace_types_lock);
	if (!tr->snapshot)
		return 0;
	return ring_buffer_resize(tr->snapshot, size, cpu);
}

/**
 * trace_snapshot_match_size - the snapshot's rings back to the main sizes
 * @tr:  the instance; the caller holds trace_types_lock
 * @cpu: the CPU, or RING_BUFFER_ALL_CPUS
 *
 * Undoes trace_snapshot_resize() when the main buffer then refused the
 * same resize, so that a refused buffer_size_kb write changes nothing.
 */
void trace_snapshot_match_size(struct trace_array *tr, int cpu)
{
	int c;

	lockdep_assert_held(&trace_types_lock);
	if (!tr->snapshot)
		return;
	for_each_possible_cpu(c)
		if (cpu == RING_BUFFER_ALL_CPUS || c == cpu)
			ring_buffer_resize(tr->snapshot,
					   ring_buffer_size(tr->buffer, c), c);
}

/**
 * trace_snapshot_set_subbuf_order - change the snapshot's sub-buffer size
 * @tr:    the instance; the caller holds trace_types_lock
 * @order: as for ring_buffer_subbuf_order_set()
 *
 * Return: 0 or the ring buffer's error.
 */
int trace_snapshot_set_subbuf_order(struct trace_array *tr, int order)
{
	lockdep_assert_held(&trace_types_lock);
	if (!tr->snapshot)
		return 0;
	return ring_buffer_subbuf_order_set(tr->snapshot, order);
}

/**
 * trace_snapshot_set_clock - follow a change of @tr's trace_clock
 * @tr: the instance; the caller holds trace_types_lock
 *
 * Records of two clocks do not compare: the snapshot is emptied.
 */
void trace_snapshot_set_clock(struct trace_array *tr)
{
	lockdep_assert_held(&trace_types_lock);
	if (!tr->snapshot)
		return;
	ring_buffer_set_clock(tr->snapshot, trace_clock_read_fn(tr));
	ring_buffer_reset(tr->snapshot);
}

/**
 * trace_snapshot_reset - empty @tr's snapshot, if it has one
 * @tr: the instance; the caller holds trace_types_lock
 */
void trace_snapshot_reset(struct trace_array *tr)
{
	lockdep_assert_held(&trace_types_lock);
	if (tr->snapshot)
		ring_buffer_reset(tr->snapshot);
}

/**
 * trace_snapshot_cpumask_update - a CPU joined or left tracing_cpumask
 * @tr:  the instance; the caller holds trace_types_lock
 * @cpu: the CPU
 * @on:  it joined
 */
void trace_snapshot_cpumask_update(struct trace_array *tr, int cpu, bool on)
{
	lockdep_assert_held(&trace_types_lock);
	if (!tr->snapshot)
		return;
	if (on)
		ring_buffer_record_enable_cpu(tr->snapshot, cpu);
	else
		ring_buffer_record_disable_cpu(tr->snapshot, cpu);
}

/* --- swapping ------------------------------------------------------------- */

struct snapshot_swap {
	struct trace_array	*tr;
	int			ret;
};

/* On the CPU whose rings are swapped, interrupts off (IPI). */
static void snapshot_swap_here(void *data)
{
	struct snapshot_swap *sw = data;
	struct trace_array *tr = sw->tr;
	int cpu = smp_processor_id();
	bool masked = !cpumask_test_cpu(cpu, tr->tracing_cpumask);

	/*
	 * A CPU outside tracing_cpumask has both rings disabled, which
	 * ring_buffer_swap_cpu() refuses.  Nothing else writes here while
	 * interrupts are off (an NMI writer's nest count makes it refuse),
	 * so lift the disable around the swap.
	 */
	if (masked) {
		ring_buffer_record_enable_cpu(tr->buffer, cpu);
		ring_buffer_record_enable_cpu(tr->snapshot, cpu);
	}
	sw->ret = ring_buffer_swap_cpu(tr->snapshot, tr->buffer, cpu);
	if (masked) {
		ring_buffer_record_disable_cpu(tr->buffer, cpu);
		ring_buffer_record_disable_cpu(tr->snapshot, cpu);
	}
}

/* Swap one CPU's rings, retrying while a writer is in the way. */
static int snapshot_swap_cpu(struct trace_array *tr, int cpu)
{
	struct snapshot_swap sw = { .tr = tr };
	int tries, ret;

	for (tries = 0; tries < SNAPSHOT_SWAP_TRIES; tries++) {
		/*
		 * Not a barrier: run the swap on @cpu with interrupts off,
		 * which ring_buffer_swap_cpu()'s check for a writer in flight
		 * needs (it pairs with a compiler barrier in that CPU's
		 * writer).  Waits for it; the IPI orders sw.ret for us.
		 */
		ret = smp_call_function_single(cpu, snapshot_swap_here, &sw, 1);
		if (ret)
			return ret;
		if (sw.ret != -EBUSY)
			break;
		cond_resched();
	}
	/* -EAGAIN: recording is held off (tracing_stop(), a reset). */
	return sw.ret == -EAGAIN ? -EBUSY : sw.ret;
}

/*
 * Swap @cpu's rings, or every online CPU's.  trace_types_lock; sleeps.
 * Return: 0, -EBUSY if the rings are pinned or recording is held off, or
 * the swap's error.
 */
static int snapshot_swap(struct trace_array *tr, int cpu)
{
	int c, ret = 0;

	lockdep_assert_held(&trace_types_lock);
	if (tr->snapshot_pins)
		return -EBUSY;
	if (cpu != RING_BUFFER_ALL_CPUS)
		return snapshot_swap_cpu(tr, cpu);

	cpus_read_lock();
	for_each_online_cpu(c) {
		ret = snapshot_swap_cpu(tr, c);
		if (ret)
			break;
	}
	cpus_read_unlock();
	return ret;
}

/* Take a snapshot, allocating the buffer first if needed.  trace_types_lock. */
static int snapshot_take(struct trace_array *tr, int cpu)
{
	int ret;

	lockdep_assert_held(&trace_types_lock);
	ret = snapshot_alloc(tr);
	return ret ? ret : snapshot_swap(tr, cpu);
}

/* --- the kernel API ------------------------------------------------------- */

/**
 * tracing_alloc_snapshot_instance - allocate @tr's snapshot buffer
 * @tr: the instance
 *
 * Sleeps.
 *
 * Return: 0 (also if it existed), -ENOMEM, -ENODEV without a main buffer.
 */
int tracing_alloc_snapshot_instance(struct trace_array *tr)
{
	guard(mutex)(&trace_types_lock);
	return snapshot_alloc(tr);
}

/**
 * trace_snapshot_alloc_locked - allocate @tr's snapshot buffer
 * @tr: the instance; the caller holds trace_types_lock
 *
 * Return: 0 (also if it existed), -ENOMEM, -ENODEV without a main buffer.
 */
int trace_snapshot_alloc_locked(struct trace_array *tr)
{
	lockdep_assert_held(&trace_types_lock);
	return snapshot_alloc(tr);
}

/*
 * Take the snapshot asked for by tracing_snapshot_instance(); sleeps.
 * Return: as snapshot_swap(); -ENODEV without a snapshot buffer.
 */
static int snapshot_take_now(struct trace_array *tr)
{
	guard(mutex)(&trace_types_lock);
	if (!tr->snapshot)
		return -ENODEV;
	return snapshot_swap(tr, RING_BUFFER_ALL_CPUS);
}

static void snapshot_work_fn(struct kthread_work *work)
{
	struct trace_array *tr = container_of(work, struct trace_array,
					      snapshot_work);
	int ret = snapshot_take_now(tr);

	/*
	 * Requests made up to here were served by this snapshot; the next
	 * one queues a new one.  Orders the swap before the bit's clearing,
	 * against the test_and_set_bit() of tracing_snapshot_instance().
	 */
	smp_mb__before_atomic();
	clear_bit(TRACE_SNAPSHOT_QUEUED, &tr->snapshot_queued);
	if (ret && ret != -ENODEV)
		trace_array_puts(tr, "*** SNAPSHOT FAILED: buffer busy ***\n");
}

/* Hard interrupt context, where the worker may be woken safely. */
static void snapshot_irq_work_fn(struct irq_work *work)
{
	struct trace_array *tr = container_of(work, struct trace_array,
					      snapshot_irq_work);
	struct kthread_worker *worker = READ_ONCE(snapshot_worker);

	if (worker)
		kthread_queue_work(worker, &tr->snapshot_work);
	else
		clear_bit(TRACE_SNAPSHOT_QUEUED, &tr->snapshot_queued);
}

/**
 * trace_snapshot_init - prepare @tr for snapshots asked in atomic context
 * @tr: the instance, before anything may ask for a snapshot of it
 */
void trace_snapshot_init(struct trace_array *tr)
{
	spin_lock_init(&tr->map_lock);
	init_irq_work(&tr->snapshot_irq_work, snapshot_irq_work_fn);
	kthread_init_work(&tr->snapshot_work, snapshot_work_fn);
}

/**
 * trace_snapshot_cancel - wait for or drop snapshots asked of @tr
 * @tr: the instance, going away: nothing may ask for a snapshot of it
 *      any more.  The caller must not hold trace_types_lock, which the
 *      worker takes.
 */
void trace_snapshot_cancel(struct trace_array *tr)
{
	irq_work_sync(&tr->snapshot_irq_work);
	kthread_cancel_work_sync(&tr->snapshot_work);
}

/*
 * Ask the worker for a snapshot of @tr.  One asked while another is
 * queued or being taken is served by that one (the worker's wakeup and
 * its being scheduled in), and the worker's own task context (its
 * scheduling out, the IPIs it sends) asks for none: so a trigger on an
 * event that taking a snapshot emits does not feed itself.
 */
static void snapshot_defer(struct trace_array *tr)
{
	struct kthread_worker *worker = READ_ONCE(snapshot_worker);

	if (worker && in_task() && current == worker->task)
		return;
	if (!test_and_set_bit(TRACE_SNAPSHOT_QUEUED, &tr->snapshot_queued))
		irq_work_queue(&tr->snapshot_irq_work);
}

/**
 * tracing_snapshot_instance - swap @tr's buffer into its snapshot
 * @tr: the instance
 *
 * Callable in any context.  Where it may sleep the snapshot is taken
 * before it returns; elsewhere (atomic context, interrupts, NMI) a worker
 * takes it shortly after, so the snapshot also holds the records written
 * in between; a request made while one is pending is served by that one.
 * If the snapshot is not allocated it says so in @tr's buffer and turns
 * @tr's tracing off at once, so that what led here is kept.
 */
void tracing_snapshot_instance(struct trace_array *tr)
{
	int ret;

	/*
	 * Only freed under trace_types_lock: a hint here, checked again.
	 * Set and cleared plainly by snapshot_alloc() and
	 * trace_snapshot_free() on another CPU while this runs anywhere.
	 */
	if (!READ_ONCE(tr->snapshot)) {
		trace_array_puts(tr, "*** SNAPSHOT NOT ALLOCATED ***\n");
		trace_array_puts(tr, "*** stopping trace here!   ***\n");
		tracer_tracing_off(tr);
		return;
	}
	if (!preemptible()) {
		snapshot_defer(tr);
		return;
	}
	ret = snapshot_take_now(tr);
	if (ret && ret != -ENODEV)
		trace_array_puts(tr, "*** SNAPSHOT FAILED: buffer busy ***\n");
}

/**
 * tracing_snapshot - take a snapshot of the top-level buffer
 *
 * Swaps the top-level buffer into the snapshot buffer, which must have
 * been allocated (tracing_alloc_snapshot(), or "echo 1 > snapshot").
 * Handy to keep the trace at the moment something went wrong while
 * tracing goes on.  Callable in any context: see
 * tracing_snapshot_instance().
 */
void tracing_snapshot(void)
{
	tracing_snapshot_instance(&global_trace);
}
EXPORT_SYMBOL_GPL(tracing_snapshot);

/* --- the conditional snapshot ------------------------------------------- */

/**
 * struct cond_snapshot - the owner of an instance's conditional snapshot
 * @cond_data: the owner's data, tracing_cond_snapshot_data()
 * @update:    asked before each snapshot of the instance
 * @rcu:       freed after the probes that may see it
 */
struct cond_snapshot {
	void			*cond_data;
	cond_update_fn_t	update;
	struct rcu_head		rcu;
};

/**
 * tracing_snapshot_cond - take a snapshot if the conditional one agrees
 * @tr:        the instance
 * @cond_data: passed to the update() of tracing_snapshot_cond_enable()
 *
 * Without a conditional snapshot this is tracing_snapshot_instance().
 * Callable in any context (see there).
 */
void tracing_snapshot_cond(struct trace_array *tr, void *cond_data)
{
	struct cond_snapshot *cs;
	bool take;

	rcu_read_lock_sched_notrace();
	cs = rcu_dereference_sched(tr->cond_snapshot);
	take = !cs || cs->update(tr, cond_data);
	rcu_read_unlock_sched_notrace();
	if (take)
		tracing_snapshot_instance(tr);
}

/**
 * tracing_cond_snapshot_data - the data of an instance's conditional
 *                              snapshot
 * @tr: the instance
 *
 * Context: event_mutex held.
 * Return: the cond_data of tracing_snapshot_cond_enable(), or NULL.
 */
void *tracing_cond_snapshot_data(struct trace_array *tr)
{
	struct cond_snapshot *cs;

	cs = rcu_dereference_protected(tr->cond_snapshot,
				       lockdep_is_held(&event_mutex));
	return cs ? cs->cond_data : NULL;
}

/**
 * tracing_snapshot_cond_enable - give an instance a conditional snapshot
 * @tr:        the instance; its snapshot buffer must be allocated
 *             (tracing_alloc_snapshot_instance(), before event_mutex)
 * @cond_data: the owner's data, kept until tracing_snapshot_cond_disable()
 * @update:    asked before each snapshot
 *
 * Context: event_mutex held.
 * Return: 0; -EBUSY if @tr has one already, a latency tracer uses its
 * snapshot buffer or a ring of @tr is mapped into user space; -ENOMEM
 * without a snapshot buffer or memory.
 */
int tracing_snapshot_cond_enable(struct trace_array *tr, void *cond_data,
				 cond_update_fn_t update)
{
	struct cond_snapshot *cs;

	lockdep_assert_held(&event_mutex);
	if (rcu_access_pointer(tr->cond_snapshot) ||
	    READ_ONCE(tr->current_trace)->print_max)
		return -EBUSY;
	/* Freed only under trace_types_lock and event_mutex both. */
	if (!READ_ONCE(tr->snapshot))
		return -ENOMEM;
	cs = kzalloc(sizeof(*cs), GFP_KERNEL);
	if (!cs)
		return -ENOMEM;
	if (trace_snapshot_arm(tr)) {
		kfree(cs);
		return -EBUSY;
	}
	cs->cond_data = cond_data;
	cs->update = update;
	rcu_assign_pointer(tr->cond_snapshot, cs);
	return 0;
}

/**
 * tracing_snapshot_cond_disable - take an instance's conditional snapshot
 *                                 away
 * @tr: the instance
 *
 * Probes may still be in update() for an RCU grace period: the owner
 * frees its cond_data after one.
 *
 * Context: event_mutex held.
 * Return: 0, or -EINVAL if @tr has none.
 */
int tracing_snapshot_cond_disable(struct trace_array *tr)
{
	struct cond_snapshot *cs;

	cs = rcu_dereference_protected(tr->cond_snapshot,
				       lockdep_is_held(&event_mutex));
	if (!cs)
		return -EINVAL;
	RCU_INIT_POINTER(tr->cond_snapshot, NULL);
	kfree_rcu(cs, rcu);
	trace_snapshot_disarm(tr);
	return 0;
}

/**
 * tracing_alloc_snapshot - allocate the top-level snapshot buffer
 *
 * So that tracing_snapshot() can later be called.  Sleeps.
 *
 * Return: 0 or -ENOMEM.
 */
int tracing_alloc_snapshot(void)
{
	return tracing_alloc_snapshot_instance(&global_trace);
}
EXPORT_SYMBOL_GPL(tracing_alloc_snapshot);

/**
 * tracing_snapshot_alloc - allocate the snapshot buffer and take a snapshot
 *
 * tracing_alloc_snapshot() then tracing_snapshot().  Sleeps.
 */
void tracing_snapshot_alloc(void)
{
	if (tracing_alloc_snapshot())
		return;
	tracing_snapshot();
}
EXPORT_SYMBOL_GPL(tracing_snapshot_alloc);

/* --- tracefs ------------------------------------------------------------- */

/**
 * trace_snapshot_print_help - the header of an empty snapshot file
 * @m:    the seq_file
 * @iter: its reader
 */
void trace_snapshot_print_help(struct seq_file *m, struct trace_iterator *iter)
{
	seq_puts(m, iter->tr->snapshot ? "#\n# * Snapshot is allocated *\n#\n" :
					 "#\n# * Snapshot is freed *\n#\n");
	seq_puts(m, "# Snapshot commands:\n");
	if (iter->cpu_file == RING_BUFFER_ALL_CPUS) {
		seq_puts(m, "# echo 0 > snapshot : Clears and frees snapshot buffer\n");
		seq_puts(m, "# echo 1 > snapshot : Allocates snapshot buffer, if not already allocated.\n");
		seq_puts(m, "#                      Takes a snapshot of the main buffer.\n");
		seq_puts(m, "# echo 2 > snapshot : Clears snapshot buffer (but does not allocate or free)\n");
	} else {
		seq_puts(m, "# echo 0 > snapshot : Invalid for per_cpu snapshot file.\n");
		seq_puts(m, "# echo 1 > snapshot : Allocates snapshot buffer, if not already allocated.\n");
		seq_puts(m, "#                      Takes a snapshot of the main buffer for this cpu.\n");
		seq_puts(m, "# echo 2 > snapshot : Clears this cpu's snapshot buffer (but does not allocate)\n");
	}
	seq_puts(m, "#                      (Doesn't have to be '2' works with any number that\n");
	seq_puts(m, "#                       is not a '0' or '1')\n");
}

static int snapshot_open(struct inode *inode, struct file *filp)
{
	struct trace_cpu_file *cf = inode->i_private;
	int ret;

	ret = tracing_check_open_cpu_file(cf);
	if (ret)
		return ret;
	if (filp->f_mode & FMODE_READ)
		ret = trace_open_reader(filp, cf, true);
	else
		filp->private_data = cf;
	if (ret)
		trace_array_put(cf->tr);
	return ret;
}

/* What "echo N > snapshot" does.  trace_types_lock. */
static int snapshot_command(struct trace_array *tr, int cpu, unsigned long val)
{
	int ret;

	lockdep_assert_held(&trace_types_lock);
	if (val <= 1) {
		guard(mutex)(&event_mutex);
		if (rcu_access_pointer(tr->cond_snapshot))
			return -EBUSY;
	}
	switch (val) {
	case 0:
		if (cpu != RING_BUFFER_ALL_CPUS)
			return -EINVAL;
		if (tr->snapshot_pins)
			return -EBUSY;
		trace_snapshot_free(tr);
		return 0;
	case 1:
		ret = trace_snapshot_arm(tr);
		if (ret)
			return ret;
		ret = snapshot_take(tr, cpu);
		trace_snapshot_disarm(tr);
		return ret;
	default:
		if (!tr->snapshot)
			return 0;
		if (cpu == RING_BUFFER_ALL_CPUS)
			ring_buffer_reset(tr->snapshot);
		else
			ring_buffer_reset_cpu(tr->snapshot, cpu);
		return 0;
	}
}

static int snapshot_set(void *data, unsigned long val)
{
	struct trace_cpu_file *cf = data;

	return tracing_update_buffers_locked(cf->tr) ?:
	       snapshot_command(cf->tr, cf->cpu, val);
}

/*
 * A snapshot file open for reading pins the snapshot itself, so writing
 * 0 or 1 to it then fails with -EBUSY: open it write-only.
 */
static ssize_t snapshot_write(struct file *filp, const char __user *ubuf,
			      size_t cnt, loff_t *ppos)
{
	return tracing_write_ulong(file_inode(filp)->i_private, ubuf, cnt,
				   ppos, snapshot_set, &trace_types_lock);
}

static loff_t snapshot_lseek(struct file *filp, loff_t offset, int whence)
{
	if (filp->f_mode & FMODE_READ)
		return seq_lseek(filp, offset, whence);
	filp->f_pos = 0;
	return 0;
}

static const struct file_operations snapshot_fops = {
	.open		= snapshot_open,
	.read		= seq_read,
	.write		= snapshot_write,
	.llseek		= snapshot_lseek,
	.release	= trace_release_reader,
};

/**
 * trace_snapshot_create_files - create an instance's snapshot file
 * @tr:     the instance
 * @parent: its directory
 */
void trace_snapshot_create_files(struct trace_array *tr, struct dentry *parent)
{
	trace_create_file("snapshot", TRACE_MODE_WRITE, parent, &tr->all_cpus,
			  &snapshot_fops);
}

/**
 * trace_snapshot_create_cpu_files - create per_cpu/cpuN/snapshot(_raw)
 * @cf:     the instance and CPU
 * @parent: the per_cpu/cpuN directory
 */
void trace_snapshot_create_cpu_files(struct trace_cpu_file *cf,
				     struct dentry *parent)
{
	trace_create_file("snapshot", TRACE_MODE_WRITE, parent, cf,
			  &snapshot_fops);
	trace_create_file("snapshot_raw", TRACE_MODE_READ, parent, cf,
			  &tracing_snapshot_raw_fops);
}
