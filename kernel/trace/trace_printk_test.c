// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * trace_printk_test.ko: writes one record of each trace_printk() kind,
 * from task context and from a hard interrupt (irq_work), and a kernel
 * stack, then stays loaded so that printk_formats lists its formats.
 * The ftracetest case core/trace_printk.tc loads it and reads the
 * records back; every message names the path it should take:
 *
 *   trace_printk("...")            constant, no arguments  -> trace_bputs
 *   trace_printk(variable)         not constant, no args   -> trace_puts
 *   trace_printk("%s", ...)        constant format          -> trace_bprintk
 *   trace_printk(variable, ...)    format not constant      -> trace_printk
 *   trace_dump_stack(0)                                     -> a stack
 */

#include <linux/irq_work.h>
#include <linux/module.h>
#include <linux/kernel.h>

/* Not static and not const: the compiler must not see them as constants. */
char *trace_printk_test_str = "task: a dynamic string via trace_puts\n";
char *trace_printk_test_str_irq = "irq: a dynamic string via trace_puts\n";
char *trace_printk_test_fmt = "%s: a %s via trace_printk\n";

static struct irq_work trace_printk_test_work;

static void trace_printk_test_all(const char *where, const char *dyn)
{
	if (!strcmp(where, "irq"))
		trace_printk("irq: a static string via trace_bputs\n");
	else
		trace_printk("task: a static string via trace_bputs\n");
	trace_printk(dyn);
	trace_printk("%s: a %s via trace_bprintk, %d%c\n", where,
		     "formatted string", 42, '!');
	trace_printk(trace_printk_test_fmt, where, "dynamic format");
}

static void trace_printk_test_irq(struct irq_work *work)
{
	trace_printk_test_all("irq", trace_printk_test_str_irq);
}

/* The first frame of the recorded stack; barrier() keeps it a real frame. */
static noinline void trace_printk_test_stack(void)
{
	trace_dump_stack(0);
	barrier();
}

static int __init trace_printk_test_init(void)
{
	trace_printk_test_all("task", trace_printk_test_str);

	init_irq_work(&trace_printk_test_work, trace_printk_test_irq);
	irq_work_queue(&trace_printk_test_work);
	irq_work_sync(&trace_printk_test_work);

	trace_printk_test_stack();
	return 0;
}

static void __exit trace_printk_test_exit(void)
{
	irq_work_sync(&trace_printk_test_work);
}

module_init(trace_printk_test_init);
module_exit(trace_printk_test_exit);

MODULE_DESCRIPTION("Writes trace_printk() records of every kind, for ftracetest");
MODULE_LICENSE("GPL");
