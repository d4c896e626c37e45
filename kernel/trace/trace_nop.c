// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The "nop" tracer: what current_tracer says when no tracer runs.  It
 * records nothing itself; the buffer still takes trace_printk(),
 * trace_marker and, later, trace events.  Every instance starts with it,
 * and "echo nop > current_tracer" stops whichever tracer was running.
 *
 * Its two options exercise the tracer option interface, as upstream's
 * do: options/test_nop_accept can be set and cleared, options/
 * test_nop_refuse refuses every change with -EINVAL.
 */

#include <linux/printk.h>

#include "trace.h"

#define NOP_OPT_ACCEPT	BIT(0)
#define NOP_OPT_REFUSE	BIT(1)

static const struct tracer_opt nop_opts[] = {
	{ .name = "test_nop_accept", .bit = NOP_OPT_ACCEPT },
	{ .name = "test_nop_refuse", .bit = NOP_OPT_REFUSE },
	{ }
};

static int nop_set_opt(struct trace_array *tr, u32 bit, bool on)
{
	if (bit == NOP_OPT_REFUSE) {
		pr_debug("nop: test_nop_refuse: refusing to set it to %d\n", on);
		return -EINVAL;
	}
	pr_debug("nop: test_nop_accept: set to %d\n", on);
	return 0;
}

struct tracer nop_trace = {
	.name			= "nop",
	.allow_instances	= true,
	.opts			= nop_opts,
	.set_opt		= nop_set_opt,
};
