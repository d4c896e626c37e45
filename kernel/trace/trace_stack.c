// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The stack tracer: the deepest kernel stack seen since it was last
 * reset, and the call chain that got there.
 *
 *     echo 1 > /proc/sys/kernel/stack_tracer_enabled   (or boot with
 *                                                      "stacktrace")
 *     cat stack_max_size stack_trace
 *     echo 0 > stack_max_size                          start over
 *     echo 'vfs_*' > stack_trace_filter                check only these
 *
 * An ftrace_ops on every function (or those of stack_trace_filter)
 * measures how much of the task's stack is in use at the function's
 * entry.  When that beats the maximum, it records the call chain and,
 * for each return address in it, how deep in the stack it sits: the
 * "Depth" column; "Size" is the difference to the next one, the frame
 * of that function.  Interrupt stacks are not measured.
 */

#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/sched/task_stack.h>
#include <linux/seq_file.h>
#include <linux/stacktrace.h>
#include <linux/sysctl.h>
#include <linux/tracefs.h>
#include <linux/init.h>
#include <asm/setup.h>

#include "trace.h"
#include "ftrace_internal.h"

#define STACK_TRACE_ENTRIES	500

/*
 * The deepest stack: its size, its return addresses (the traced function
 * first) and each one's depth.  Written under stack_max_lock with
 * interrupts off and this CPU's disable_stack_tracer raised, so that the
 * tracer cannot recurse into the lock.
 */
static unsigned long stack_max_size;
/*
 * Bytes of the tracer's own frames (trampoline, callback) above the
 * traced function's: learned from the first maximum, then left alone.
 * stack_max_size is the traced function's depth, as stack_trace's first
 * entry shows it, so a new stack's size is compared less these.
 * Written under stack_max_lock, read without it by the callbacks.
 */
static unsigned long stack_tracer_frame;
static unsigned long stack_entries[STACK_TRACE_ENTRIES];
static unsigned int stack_depths[STACK_TRACE_ENTRIES];
static unsigned int stack_nr_entries;
static arch_spinlock_t stack_max_lock =
	(arch_spinlock_t)__ARCH_SPIN_LOCK_UNLOCKED;

/* Non-zero: the stack tracer does nothing on this CPU. */
DEFINE_PER_CPU(int, disable_stack_tracer);

/* /proc/sys/kernel/stack_tracer_enabled; written under stack_sysctl_mutex. */
int stack_tracer_enabled;
static DEFINE_MUTEX(stack_sysctl_mutex);

/* Where in [@from, @top) the word @val first is, or NULL. */
static unsigned long *stack_find_word(unsigned long *from, unsigned long *top,
				      unsigned long val)
{
	/*
	 * current's own stack, above our frame: nothing writes it
	 * concurrently.  _NOCHECK because the scan crosses other frames'
	 * KASAN redzones, not for a race.
	 */
	for (; from < top; from++)
		if (READ_ONCE_NOCHECK(*from) == val)
			return from;
	return NULL;
}

/*
 * Drop the tracer's own frames: the chain starts at the return address
 * into the traced function (its __fentry__ call's: func+0x9 with IBT, as
 * upstream shows it).  Returns false if that address is not in the chain.
 */
static bool stack_trim_tracer(unsigned long ip)
{
	unsigned int i;

	for (i = 0; i < stack_nr_entries; i++)
		if (stack_entries[i] == ip + MCOUNT_INSN_SIZE)
			break;
	if (i == stack_nr_entries)
		return false;
	stack_nr_entries -= i;
	memmove(stack_entries, stack_entries + i,
		stack_nr_entries * sizeof(*stack_entries));
	return true;
}

/* Each entry's depth below the top of the stack [@sp, @top). */
static void stack_measure(unsigned long ip, unsigned long *sp,
			  unsigned long *top)
{
	unsigned int depth = stack_max_size;
	unsigned long *p = sp, *at;
	unsigned int i;

	for (i = 0; i < stack_nr_entries; i++) {
		at = stack_find_word(p, top, i ? stack_entries[i] :
						 ip + MCOUNT_INSN_SIZE);
		if (at) {
			depth = (top - at) * sizeof(*at);
			p = at + 1;
		}
		stack_depths[i] = depth;
	}
}

/* Is a stack of @size bytes, the tracer's frames included, a new maximum? */
static bool stack_is_new_max(unsigned long size)
{
	unsigned long frame = READ_ONCE(stack_tracer_frame);

	return size > frame && size - frame > READ_ONCE(stack_max_size);
}

/*
 * A new maximum of @size bytes (up to a local of the callback, at @sp)
 * at @ip?  Record it.
 */
static void stack_check(unsigned long ip, unsigned long *sp,
			unsigned long size)
{
	unsigned long *top = (unsigned long *)(task_stack_page(current) +
					       THREAD_SIZE);
	unsigned long flags;

	local_irq_save(flags);
	arch_spin_lock(&stack_max_lock);
	if (!stack_is_new_max(size))
		goto out;
	stack_max_size = size - stack_tracer_frame;
	stack_nr_entries = stack_trace_save(stack_entries,
					    ARRAY_SIZE(stack_entries), 0);
	if (!stack_trim_tracer(ip)) {
		stack_nr_entries = 0;
		goto out;
	}
	stack_measure(ip, sp, top);
	if (!stack_tracer_frame && size > stack_depths[0])
		WRITE_ONCE(stack_tracer_frame, size - stack_depths[0]);
	stack_max_size = stack_depths[0];
out:
	arch_spin_unlock(&stack_max_lock);
	local_irq_restore(flags);
}

static void notrace stack_trace_call(unsigned long ip, unsigned long parent_ip,
				     struct ftrace_ops *op,
				     struct ftrace_regs *fregs)
{
	unsigned long here = 0;
	unsigned long size;

	preempt_disable_notrace();
	if (__this_cpu_inc_return(disable_stack_tracer) != 1 ||
	    !rcu_is_watching() || !object_is_on_stack(&here))
		goto out;
	size = THREAD_SIZE - ((unsigned long)&here & (THREAD_SIZE - 1));
	/*
	 * A quick test without stack_max_lock, redone under it in
	 * stack_check(); the callbacks on other CPUs and the stack_max_size
	 * file store it (plainly) under the lock.
	 */
	if (stack_is_new_max(size))
		stack_check(ip, &here, size);
out:
	__this_cpu_dec(disable_stack_tracer);
	preempt_enable_notrace();
}

static struct ftrace_ops stack_trace_ops = {
	.func	= stack_trace_call,
};

/* Run @fn with the maximum locked against this CPU's tracer. */
static void stack_max_locked(void (*fn)(void *), void *arg)
{
	unsigned long flags;

	local_irq_save(flags);
	__this_cpu_inc(disable_stack_tracer);
	arch_spin_lock(&stack_max_lock);
	fn(arg);
	arch_spin_unlock(&stack_max_lock);
	__this_cpu_dec(disable_stack_tracer);
	local_irq_restore(flags);
}

/* --- stack_max_size ------------------------------------------------------ */

static void stack_max_get(void *arg)
{
	*(unsigned long *)arg = stack_max_size;
}

static void stack_max_set(void *arg)
{
	stack_max_size = *(unsigned long *)arg;
}

static int stack_max_open(struct inode *inode, struct file *filp)
{
	return tracing_check_open(NULL);
}

static ssize_t stack_max_read(struct file *filp, char __user *ubuf,
			      size_t cnt, loff_t *ppos)
{
	unsigned long val;
	char buf[24];
	int len;

	stack_max_locked(stack_max_get, &val);
	len = scnprintf(buf, sizeof(buf), "%lu\n", val);
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static int stack_max_write_set(void *data, unsigned long val)
{
	stack_max_locked(stack_max_set, &val);
	return 0;
}

static ssize_t stack_max_write(struct file *filp, const char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	return tracing_write_ulong(NULL, ubuf, cnt, ppos, stack_max_write_set,
				   NULL);
}

static const struct file_operations stack_max_fops = {
	.open		= stack_max_open,
	.read		= stack_max_read,
	.write		= stack_max_write,
	.llseek		= default_llseek,
};

/* --- stack_trace --------------------------------------------------------- */

/**
 * struct stack_snap - a reader's copy of the deepest stack
 * @max:     its size
 * @nr:      entries
 * @entries: return addresses, the traced function first
 * @depths:  each one's depth
 */
struct stack_snap {
	unsigned long	max;
	unsigned int	nr;
	unsigned long	entries[STACK_TRACE_ENTRIES];
	unsigned int	depths[STACK_TRACE_ENTRIES];
};

static void stack_copy(void *arg)
{
	struct stack_snap *s = arg;

	s->max = stack_max_size;
	s->nr = stack_nr_entries;
	memcpy(s->entries, stack_entries, s->nr * sizeof(*s->entries));
	memcpy(s->depths, stack_depths, s->nr * sizeof(*s->depths));
}

static void *stack_seq_start(struct seq_file *m, loff_t *pos)
{
	struct stack_snap *s = m->private;

	if (!*pos)
		return SEQ_START_TOKEN;
	return *pos <= s->nr ? &s->entries[*pos - 1] : NULL;
}

static void *stack_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return stack_seq_start(m, pos);
}

static void stack_seq_stop(struct seq_file *m, void *v)
{
}

static void stack_show_header(struct seq_file *m, struct stack_snap *s)
{
	seq_printf(m, "        Depth    Size   Location    (%u entries)\n"
		      "        -----    ----   --------\n", s->nr);
	/*
	 * The sysctl (stack_trace_sysctl(), stack_sysctl_mutex) may flip it
	 * while the file is read: only the header's wording depends on it.
	 */
	if (READ_ONCE(stack_tracer_enabled) || s->max)
		return;
	seq_puts(m, "#\n"
		    "#  Stack tracer disabled\n"
		    "#\n"
		    "# To enable the stack tracer, either add 'stacktrace' to the\n"
		    "# kernel command line\n"
		    "# or 'echo 1 > /proc/sys/kernel/stack_tracer_enabled'\n"
		    "#\n");
}

static int stack_seq_show(struct seq_file *m, void *v)
{
	struct stack_snap *s = m->private;
	unsigned int i, size;

	if (v == SEQ_START_TOKEN) {
		stack_show_header(m, s);
		return 0;
	}
	i = (unsigned long *)v - s->entries;
	size = i + 1 < s->nr ? s->depths[i] - s->depths[i + 1] : s->depths[i];
	seq_printf(m, "%3u) %8u   %5u   %pS\n", i, s->depths[i], size,
		   (void *)s->entries[i]);
	return 0;
}

static const struct seq_operations stack_seq_ops = {
	.start	= stack_seq_start,
	.next	= stack_seq_next,
	.stop	= stack_seq_stop,
	.show	= stack_seq_show,
};

static int stack_trace_open(struct inode *inode, struct file *file)
{
	struct stack_snap *s;
	int ret;

	ret = tracing_check_open(NULL);
	if (ret)
		return ret;
	s = kvzalloc(sizeof(*s), GFP_KERNEL);
	if (!s)
		return -ENOMEM;
	stack_max_locked(stack_copy, s);
	return tracing_seq_open_copy(file, &stack_seq_ops, s);
}

static const struct file_operations stack_trace_fops = {
	.open		= stack_trace_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= tracing_seq_release_copy,
};

/* --- /proc/sys/kernel/stack_tracer_enabled ------------------------------- */

/**
 * stack_trace_sysctl - the stack_tracer_enabled sysctl's handler
 * @table:  the sysctl entry
 * @write:  a write?
 * @buffer: the user's data
 * @lenp:   its length
 * @ppos:   the file position
 *
 * Starts or stops the stack tracer when the value changes.
 *
 * Return: 0 or -errno.
 */
int stack_trace_sysctl(const struct ctl_table *table, int write, void *buffer,
		       size_t *lenp, loff_t *ppos)
{
	int was, ret;

	guard(mutex)(&stack_sysctl_mutex);
	was = !!stack_tracer_enabled;
	ret = proc_dointvec(table, write, buffer, lenp, ppos);
	if (ret || !write || was == !!stack_tracer_enabled)
		return ret;
	if (stack_tracer_enabled)
		ret = register_ftrace_function(&stack_trace_ops);
	else
		ret = unregister_ftrace_function(&stack_trace_ops);
	if (ret)
		stack_tracer_enabled = was;
	return ret;
}

/* --- boot: stacktrace, stacktrace_filter=<functions> --------------------- */

static char stack_boot_filter[COMMAND_LINE_SIZE] __initdata;

static __init int stack_trace_setup(char *str)
{
	if (str_has_prefix(str, "_filter="))
		strscpy(stack_boot_filter, str + strlen("_filter="),
			sizeof(stack_boot_filter));
	else if (*str)
		return 0;
	stack_tracer_enabled = 1;
	return 1;
}
__setup("stacktrace", stack_trace_setup);

static __init int stack_trace_init(void)
{
	if (tracing_disabled || ftrace_disabled || !tracefs_initialized())
		return 0;
	ftrace_ops_init(&stack_trace_ops);
	trace_create_file("stack_max_size", TRACE_MODE_WRITE, NULL, NULL,
			  &stack_max_fops);
	trace_create_file("stack_trace", TRACE_MODE_READ, NULL, NULL,
			  &stack_trace_fops);
	ftrace_create_ops_filter_file("stack_trace_filter", NULL,
				      &stack_trace_ops);
	if (stack_boot_filter[0] &&
	    ftrace_set_filter(&stack_trace_ops,
			      (unsigned char *)stack_boot_filter,
			      strlen(stack_boot_filter), 1))
		pr_warn("stack tracer: bad stacktrace_filter=%s\n",
			stack_boot_filter);
	guard(mutex)(&stack_sysctl_mutex);
	if (stack_tracer_enabled && register_ftrace_function(&stack_trace_ops))
		stack_tracer_enabled = 0;
	return 0;
}
device_initcall(stack_trace_init);
