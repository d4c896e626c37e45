// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * trace_array_test.ko: a module that traces into an instance of its own
 * through the trace_array API, as samples/ftrace/sample-trace-array.c
 * does.  Loading it makes (or finds) instances/trace_array_test, writes
 * one trace_array_printk() and one trace_array_puts() line into it and
 * keeps a reference, so the instance cannot be removed while the module
 * is loaded; unloading drops the reference and destroys the instance.
 * The ftracetest case core/trace_array_api.tc drives it.  Loading fails
 * if the API does not behave as documented.
 */

#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/trace.h>

#define TEST_INSTANCE	"trace_array_test"

static struct trace_array *test_tr;

/* The calls that must be refused, and how. */
static int __init trace_array_test_refusals(void)
{
	if (trace_array_init_printk(NULL) != -ENOENT) {
		pr_err("trace_array_init_printk(NULL) was not -ENOENT\n");
		return -EINVAL;
	}
	if (trace_array_printk(NULL, _THIS_IP_, "nothing\n") != -ENOENT) {
		pr_err("trace_array_printk(NULL) was not -ENOENT\n");
		return -EINVAL;
	}
	if (trace_array_destroy(NULL) != -EINVAL) {
		pr_err("trace_array_destroy(NULL) was not -EINVAL\n");
		return -EINVAL;
	}
	/* Referenced: the instance must not go. */
	if (trace_array_destroy(test_tr) != -EBUSY) {
		pr_err("trace_array_destroy() of a referenced instance was not -EBUSY\n");
		return -EINVAL;
	}
	return 0;
}

static int __init trace_array_test_init(void)
{
	int ret;

	test_tr = trace_array_get_by_name(TEST_INSTANCE, NULL);
	if (!test_tr)
		return -ENOMEM;

	ret = trace_array_init_printk(test_tr);
	if (!ret)
		ret = trace_array_test_refusals();
	if (ret) {
		trace_array_put(test_tr);
		trace_array_destroy(test_tr);
		return ret;
	}

	trace_array_printk(test_tr, _THIS_IP_,
			   "trace_array_test: printk into %s, %d\n",
			   TEST_INSTANCE, 42);
	trace_array_puts(test_tr, "trace_array_test: puts\n");
	return 0;
}

static void __exit trace_array_test_exit(void)
{
	trace_array_put(test_tr);
	if (trace_array_destroy(test_tr))
		pr_err("could not destroy instance " TEST_INSTANCE "\n");
}

module_init(trace_array_test_init);
module_exit(trace_array_test_exit);

MODULE_DESCRIPTION("Traces into an instance of its own through the trace_array API, for ftracetest");
MODULE_LICENSE("GPL");
