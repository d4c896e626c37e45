// SPDX-License-Identifier: GPL-2.0
/*
 * rb_bench - ring buffer throughput for `make bench`.
 *
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Uses only the public ring_buffer API (<linux/ring_buffer.h>), so the
 * same source builds out of tree against our kernel and upstream's.
 *
 * Loading it runs one measurement and fails the load with -EAGAIN on
 * purpose (nothing stays loaded):  a writer thread on CPU 0 reserves,
 * fills and commits @payload-byte events into its own overwriting ring
 * buffer for @duration_ms; with reader=1 a second thread on CPU 1
 * consumes the writer's CPU buffer at the same time.  It prints
 *
 *   rb_bench: reader=R payload=P ns=T written=W read=N failed=F \
 *	       writer_eps=X reader_eps=Y
 *
 * where *_eps are events per second of the kernel's clock (guest time).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/completion.h>
#include <linux/cpumask.h>
#include <linux/err.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/ring_buffer.h>
#include <linux/sched.h>

static unsigned int duration_ms = 200;
module_param(duration_ms, uint, 0444);
MODULE_PARM_DESC(duration_ms, "How long the writer writes (ms)");

static bool reader;
module_param(reader, bool, 0444);
MODULE_PARM_DESC(reader, "Consume concurrently from CPU 1");

static unsigned int payload = 16;
module_param(payload, uint, 0444);
MODULE_PARM_DESC(payload, "Bytes of payload per event (8..256)");

static unsigned int buffer_kb = 1024;
module_param(buffer_kb, uint, 0444);
MODULE_PARM_DESC(buffer_kb, "Size of each per-CPU buffer (KiB)");

#define WRITER_CPU	0
#define READER_CPU	1
/* Events written between two looks at the clock. */
#define BATCH		256

static struct trace_buffer *bench_buffer;
static atomic_t writer_done;
static DECLARE_COMPLETION(writer_exit);
static DECLARE_COMPLETION(reader_exit);

static u64 nr_written, nr_failed, nr_read, elapsed_ns;

static int bench_writer(void *unused)
{
	u64 deadline = (u64)duration_ms * NSEC_PER_MSEC;
	struct ring_buffer_event *event;
	u64 start, now, n = 0, failed = 0;
	u64 *data;
	int i;

	start = ktime_get_ns();
	do {
		for (i = 0; i < BATCH; i++) {
			event = ring_buffer_lock_reserve(bench_buffer, payload);
			if (!event) {
				failed++;
				continue;
			}
			data = ring_buffer_event_data(event);
			data[0] = n;
			ring_buffer_unlock_commit(bench_buffer);
			n++;
		}
		now = ktime_get_ns();
		cond_resched();
	} while (now - start < deadline);

	nr_written = n;
	nr_failed = failed;
	elapsed_ns = now - start;
	atomic_set(&writer_done, 1);
	kthread_complete_and_exit(&writer_exit, 0);
}

static int bench_reader(void *unused)
{
	unsigned long lost;
	u64 n = 0, ts;

	while (!atomic_read(&writer_done)) {
		if (ring_buffer_consume(bench_buffer, WRITER_CPU, &ts, &lost))
			n++;
		else
			cond_resched();
	}
	nr_read = n;
	kthread_complete_and_exit(&reader_exit, 0);
}

static struct task_struct *start_on(int (*fn)(void *), int cpu,
				    const char *name)
{
	struct task_struct *t;

	t = kthread_create(fn, NULL, "%s", name);
	if (IS_ERR(t))
		return t;
	kthread_bind(t, cpu);
	wake_up_process(t);
	return t;
}

static int __init rb_bench_init(void)
{
	struct task_struct *w, *r = NULL;
	u64 writer_eps, reader_eps;

	if (payload < sizeof(u64) || payload > 256)
		return -EINVAL;
	if (!cpu_online(WRITER_CPU) || (reader && !cpu_online(READER_CPU)))
		return -ENODEV;

	bench_buffer = ring_buffer_alloc((unsigned long)buffer_kb * 1024,
					 RB_FL_OVERWRITE);
	if (!bench_buffer)
		return -ENOMEM;

	atomic_set(&writer_done, 0);
	if (reader) {
		r = start_on(bench_reader, READER_CPU, "rb_bench_reader");
		if (IS_ERR(r)) {
			ring_buffer_free(bench_buffer);
			return PTR_ERR(r);
		}
	}
	w = start_on(bench_writer, WRITER_CPU, "rb_bench_writer");
	if (IS_ERR(w)) {
		atomic_set(&writer_done, 1);
		if (r)
			wait_for_completion(&reader_exit);
		ring_buffer_free(bench_buffer);
		return PTR_ERR(w);
	}
	wait_for_completion(&writer_exit);
	if (r)
		wait_for_completion(&reader_exit);
	ring_buffer_free(bench_buffer);

	writer_eps = div64_u64(nr_written * NSEC_PER_SEC, elapsed_ns ?: 1);
	reader_eps = div64_u64(nr_read * NSEC_PER_SEC, elapsed_ns ?: 1);
	pr_info("reader=%d payload=%u ns=%llu written=%llu read=%llu failed=%llu writer_eps=%llu reader_eps=%llu\n",
		reader, payload, elapsed_ns, nr_written, nr_read, nr_failed,
		writer_eps, reader_eps);

	/* The measurement is done: nothing to keep loaded. */
	return -EAGAIN;
}
module_init(rb_bench_init);

MODULE_DESCRIPTION("Ring buffer throughput through the public ring_buffer API");
MODULE_LICENSE("GPL");
