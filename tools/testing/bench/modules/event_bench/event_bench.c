// SPDX-License-Identifier: GPL-2.0
/*
 * event_bench - cost of one trace event for `make bench`.
 *
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Two TRACE_EVENTs of our own (event_bench_trace.h): event_bench_4 with a
 * 4-byte payload and event_bench_128 with a 128-byte one.  Enable them in
 * tracefs (events/event_bench/enable), then write the payload size to
 * /sys/module/event_bench/parameters/run: the write fires that event
 * @loops times and prints
 *
 *   event_bench: size=S events=N ns=T
 *
 * T being the kernel clock's nanoseconds for the N events (guest time).
 * Writing "printk" instead calls trace_printk() with one argument @loops
 * times, and prints the same line with size=printk.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/string.h>

#define CREATE_TRACE_POINTS
#include "event_bench_trace.h"

static unsigned int loops = 100000;
module_param(loops, uint, 0644);
MODULE_PARM_DESC(loops, "How many events one run fires");

static u8 bench_bytes[128];

static int run_printk(void)
{
	unsigned int i;
	u64 start, end;

	start = ktime_get_ns();
	for (i = 0; i < loops; i++)
		trace_printk("event_bench %u\n", i);
	end = ktime_get_ns();

	pr_info("size=printk events=%u ns=%llu\n", loops, end - start);
	return 0;
}

static int run_set(const char *val, const struct kernel_param *kp)
{
	unsigned int size, i;
	u64 start, end;
	int ret;

	if (sysfs_streq(val, "printk"))
		return run_printk();
	ret = kstrtouint(val, 0, &size);
	if (ret)
		return ret;
	if (size != 4 && size != 128)
		return -EINVAL;

	start = ktime_get_ns();
	if (size == 4) {
		for (i = 0; i < loops; i++)
			trace_event_bench_4(i);
	} else {
		for (i = 0; i < loops; i++) {
			bench_bytes[0] = i;
			trace_event_bench_128(bench_bytes);
		}
	}
	end = ktime_get_ns();

	pr_info("size=%u events=%u ns=%llu\n", size, loops, end - start);
	return 0;
}

static const struct kernel_param_ops run_ops = {
	.set = run_set,
};
module_param_cb(run, &run_ops, NULL, 0200);
MODULE_PARM_DESC(run, "Write 4 or 128: fire that event @loops times; printk: call trace_printk()");

static int __init event_bench_init(void)
{
	memset(bench_bytes, 0xa5, sizeof(bench_bytes));
	return 0;
}
module_init(event_bench_init);

static void __exit event_bench_exit(void)
{
}
module_exit(event_bench_exit);

MODULE_DESCRIPTION("Cost of a 4-byte and a 128-byte trace event");
MODULE_LICENSE("GPL");
