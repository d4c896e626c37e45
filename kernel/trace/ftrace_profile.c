// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The function profiler: function_profile_enabled and
 * trace_stat/function<cpu>.
 *
 *     echo 1 > function_profile_enabled
 *     cat trace_stat/function0
 *
 * Writing 1 clears the counts and starts counting every traced call of
 * every function the top level's set_ftrace_filter and set_ftrace_notrace
 * let through, per CPU; writing 0 stops, leaving the counts to read.
 * Each CPU has an open-addressed table of records keyed by the
 * function's address, allocated on first use and kept: a record is
 * claimed by the first call of its function on that CPU and never moves,
 * so readers on other CPUs see torn counts at worst, never a wrong
 * function.  The table has room for twice the functions there were when
 * it was allocated; a call that finds no free slot near its home is not
 * counted.
 *
 * The CPU's own calls are the only writers of its table, in any context
 * and nested (an interrupt or NMI in the middle of a count), so slots are
 * claimed with cmpxchg_local() and figures added with local_t operations:
 * neither needs interrupts off, whose toggling costs more than the count
 * itself on some machines (a CSR write that ends a TCG translation block
 * on riscv).
 */

#include <linux/ftrace.h>
#include <linux/hash.h>
#include <linux/kallsyms.h>
#include <linux/log2.h>
#include <linux/mm.h>
#include <linux/seq_file.h>
#include <linux/sort.h>
#include <linux/tracefs.h>
#include <linux/vmalloc.h>

#include <asm/local.h>
#include <asm/local64.h>

#include "trace.h"
#include "ftrace_internal.h"
#include "ftrace_profile.h"

/* How far from its home slot a record may sit. */
#define PROFILE_MAX_PROBE	32
/* The functions a table is sized for without call site records. */
#define PROFILE_STATIC_FUNCS	32768

/**
 * struct profile_rec - one function's figures on one CPU
 * @ip:      the function's call site, 0 while the slot is free
 * @hits:    calls counted
 * @time:    sum of the durations reported, in ns
 * @time_sq: sum of their squares
 */
struct profile_rec {
	unsigned long	ip;
	local_t		hits;
	local64_t	time;
	local64_t	time_sq;
};

/**
 * struct profile_figures - a reader's copy of a record
 * @ip:      the function's call site
 * @hits:    calls counted
 * @time:    sum of the durations, in ns
 * @time_sq: sum of their squares
 */
struct profile_figures {
	unsigned long	ip;
	unsigned long	hits;
	u64		time;
	u64		time_sq;
};

/**
 * struct profile_table - one CPU's records
 * @recs: the slots; written only by their CPU (see the top of the file)
 * @bits: log2 of the number of slots
 */
struct profile_table {
	struct profile_rec	*recs;
	unsigned int		bits;
};

static DEFINE_PER_CPU(struct profile_table, profile_tables);

/*
 * Serializes function_profile_enabled writers, table allocation and
 * reset, and the readers' snapshots against a reset.
 */
static DEFINE_MUTEX(profile_lock);
/* Under profile_lock; read locklessly by the callbacks. */
static bool profile_enabled;
static const struct ftrace_profile_backend *profile_backend;
/* The backend of the current run: says whether it has times. */
static const struct ftrace_profile_backend *profile_used;

static struct profile_rec *notrace profile_find(struct profile_table *t,
					unsigned long ip)
{
	unsigned int mask = (1U << t->bits) - 1;
	unsigned int i = hash_long(ip, t->bits);
	unsigned int n;

	for (n = 0; n < PROFILE_MAX_PROBE; n++, i = (i + 1) & mask) {
		struct profile_rec *r = &t->recs[i];
		/*
		 * This CPU's table: the writers racing for the slot are
		 * interrupts on this CPU (cmpxchg_local() decides); the
		 * reader on another CPU is profile_snapshot(), which only
		 * loads it.
		 */
		unsigned long cur = READ_ONCE(r->ip);

		/* A nested count may claim the slot between read and claim. */
		if (!cur)
			cur = cmpxchg_local(&r->ip, 0, ip) ?: ip;
		if (cur == ip)
			return r;
	}
	return NULL;
}

static void notrace profile_add(struct profile_rec *r, unsigned long hits,
				u64 ns)
{
	if (hits)
		local_add(hits, &r->hits);
	if (ns) {
		local64_add(ns, &r->time);
		local64_add(ns * ns, &r->time_sq);
	}
}

/* Add @hits calls and @ns of time to the function at @ip. */
static void notrace profile_count(unsigned long ip, unsigned long hits, u64 ns)
{
	struct profile_table *t;
	struct profile_rec *r;

	/*
	 * Switched under profile_lock by profile_start()/profile_stop()
	 * while callbacks run on every CPU.  The tables are set up before
	 * the store to true and the callbacks registered after it (b->start()
	 * in profile_start()), which orders them for us; a callback that
	 * sees false late only drops a count.
	 */
	if (!READ_ONCE(profile_enabled))
		return;
	preempt_disable_notrace();
	t = this_cpu_ptr(&profile_tables);
	if (t->recs) {
		r = profile_find(t, ip);
		if (r)
			profile_add(r, hits, ns);
	}
	preempt_enable_notrace();
}

/**
 * ftrace_profile_hit - count a call for the function profiler
 * @ip: the function's call site
 *
 * Called by the profiler's backend, in any context.
 */
void notrace ftrace_profile_hit(unsigned long ip)
{
	profile_count(ip, 1, 0);
}

/**
 * ftrace_profile_time - add a call's duration for the function profiler
 * @ip: the function's call site
 * @ns: the duration, ns
 *
 * Called by a timed backend, in any context, when the call returns.
 */
void notrace ftrace_profile_time(unsigned long ip, u64 ns)
{
	profile_count(ip, 0, ns);
}

/* --- the default backend: every function's entry ----------------------- */

static void notrace profile_entry_call(unsigned long ip,
				       unsigned long parent_ip,
				       struct ftrace_ops *op,
				       struct ftrace_regs *fregs)
{
	ftrace_profile_hit(ip);
}

static struct ftrace_ops profile_entry_ops = {
	.func	= profile_entry_call,
	.flags	= FTRACE_OPS_FL_RECURSION,
};

/* The top level's set_ftrace_filter and set_ftrace_notrace, as upstream's. */
static int profile_entry_start(void)
{
	ftrace_ops_set_global_filter(&profile_entry_ops);
	return register_ftrace_function(&profile_entry_ops);
}

static void profile_entry_stop(void)
{
	unregister_ftrace_function(&profile_entry_ops);
}

static const struct ftrace_profile_backend profile_entry_backend = {
	.start	= profile_entry_start,
	.stop	= profile_entry_stop,
};

/**
 * ftrace_profile_set_backend - choose what feeds the function profiler
 * @backend: the backend, or NULL for the function entry backend
 *
 * Takes effect the next time function_profile_enabled goes to 1.
 */
void ftrace_profile_set_backend(const struct ftrace_profile_backend *backend)
{
	guard(mutex)(&profile_lock);
	profile_backend = backend;
}

/* --- starting and stopping ------------------------------------------- */

/* Give every CPU its table, once.  profile_lock. */
static int profile_alloc_tables(void)
{
	unsigned long funcs = IS_ENABLED(CONFIG_DYNAMIC_FTRACE) ?
			      ftrace_nr_records() : PROFILE_STATIC_FUNCS;
	unsigned int bits;
	int cpu;

	bits = ilog2(roundup_pow_of_two(max(2 * funcs, 1024UL)));
	for_each_possible_cpu(cpu) {
		struct profile_table *t = per_cpu_ptr(&profile_tables, cpu);

		if (t->recs)
			continue;
		t->recs = vzalloc(array_size(sizeof(*t->recs), 1UL << bits));
		if (!t->recs)
			return -ENOMEM;
		t->bits = bits;
	}
	return 0;
}

/* Clear the counts; nothing is counting.  profile_lock. */
static void profile_reset_tables(void)
{
	int cpu;

	for_each_possible_cpu(cpu) {
		struct profile_table *t = per_cpu_ptr(&profile_tables, cpu);

		memset(t->recs, 0, array_size(sizeof(*t->recs), 1UL << t->bits));
	}
}

static int profile_start(void)
{
	const struct ftrace_profile_backend *b =
		profile_backend ?: &profile_entry_backend;
	int ret;

	ret = profile_alloc_tables();
	if (ret)
		return ret;
	profile_reset_tables();
	/* read by profile_count() on any CPU; see there */
	WRITE_ONCE(profile_enabled, true);
	ret = b->start();
	if (ret) {
		WRITE_ONCE(profile_enabled, false);
		return ret;
	}
	profile_used = b;
	return 0;
}

static void profile_stop(void)
{
	profile_used->stop();
	/* after the callbacks are gone; graph returns still pending see it */
	WRITE_ONCE(profile_enabled, false);
}

static int profile_enable_open(struct inode *inode, struct file *filp)
{
	return tracing_check_open(NULL);
}

static ssize_t profile_enable_read(struct file *filp, char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	char buf[4];
	/* a racy report: profile_start()/profile_stop() under profile_lock */
	int len = scnprintf(buf, sizeof(buf), "%d\n", READ_ONCE(profile_enabled));

	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

/* Switch the profiler on or off.  profile_lock. */
static int profile_enable_set(void *data, unsigned long val)
{
	if (!!val == profile_enabled)
		return 0;
	if (val)
		return profile_start();
	profile_stop();
	return 0;
}

static ssize_t profile_enable_write(struct file *filp, const char __user *ubuf,
				    size_t cnt, loff_t *ppos)
{
	return tracing_write_ulong(NULL, ubuf, cnt, ppos, profile_enable_set,
				   &profile_lock);
}

static const struct file_operations profile_enable_fops = {
	.open		= profile_enable_open,
	.read		= profile_enable_read,
	.write		= profile_enable_write,
	.llseek		= default_llseek,
};

/* --- trace_stat/function<cpu> ------------------------------------------ */

/**
 * struct profile_snap - a reader's sorted copy of one CPU's records
 * @timed: the run had durations
 * @nr:    records
 * @recs:  the records, busiest first
 */
struct profile_snap {
	bool			timed;
	unsigned long		nr;
	struct profile_figures	recs[];
};

static int profile_cmp_hits(const void *a, const void *b)
{
	const struct profile_figures *x = a, *y = b;

	return x->hits < y->hits ? 1 : x->hits > y->hits ? -1 : 0;
}

static int profile_cmp_time(const void *a, const void *b)
{
	const struct profile_figures *x = a, *y = b;

	return x->time < y->time ? 1 : x->time > y->time ? -1 : 0;
}

static struct profile_snap *profile_snapshot(int cpu)
{
	struct profile_table *t = per_cpu_ptr(&profile_tables, cpu);
	struct profile_snap *s;
	unsigned long i, size;

	guard(mutex)(&profile_lock);
	size = t->recs ? 1UL << t->bits : 0;
	s = kvzalloc(struct_size(s, recs, size), GFP_KERNEL);
	if (!s)
		return NULL;
	s->timed = profile_used && profile_used->timed;
	for (i = 0; i < size; i++) {
		struct profile_rec *tr = &t->recs[i];
		struct profile_figures r = {
			/* @cpu's callbacks claim it meanwhile */
			.ip	 = READ_ONCE(tr->ip),
			.hits	 = local_read(&tr->hits),
			.time	 = local64_read(&tr->time),
			.time_sq = local64_read(&tr->time_sq),
		};

		if (r.ip && r.hits)
			s->recs[s->nr++] = r;
	}
	sort(s->recs, s->nr, sizeof(*s->recs),
	     s->timed ? profile_cmp_time : profile_cmp_hits, NULL);
	return s;
}

/*
 * A duration in microseconds with up to three decimals, at most seven
 * digits in all, then " us " and padding to line the columns up.
 */
static void profile_put_duration(struct seq_file *m, u64 ns)
{
	u32 rem_ns;
	u64 us = div_u64_rem(ns, NSEC_PER_USEC, &rem_ns);
	char digits[24], frac[4];
	int len = snprintf(digits, sizeof(digits), "%llu", us);

	seq_puts(m, digits);
	if (len < 7) {
		int nfrac = min(3, 7 - len);

		snprintf(frac, sizeof(frac), "%03u", rem_ns);
		frac[nfrac] = '\0';
		seq_printf(m, ".%s", frac);
		len += nfrac + 1;
	}
	seq_puts(m, " us ");
	for (; len < 8; len++)
		seq_putc(m, ' ');
}

static void profile_show_times(struct seq_file *m, struct profile_figures *r)
{
	u64 avg = div64_ul(r->time, r->hits);
	u64 var = 0;
	u64 denom = (u64)r->hits * (r->hits - 1) * 1000;

	/* s^2 = (n * sum(x^2) - sum(x)^2) / (n * (n - 1)), in us^2 */
	if (denom)
		var = div64_u64(r->hits * r->time_sq - r->time * r->time,
				denom);
	seq_puts(m, "    ");
	profile_put_duration(m, r->time);
	seq_puts(m, "    ");
	profile_put_duration(m, avg);
	seq_puts(m, "    ");
	profile_put_duration(m, var);
}

static void *profile_seq_start(struct seq_file *m, loff_t *pos)
{
	struct profile_snap *s = m->private;

	if (!*pos)
		return SEQ_START_TOKEN;
	return *pos <= s->nr ? &s->recs[*pos - 1] : NULL;
}

static void *profile_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return profile_seq_start(m, pos);
}

static void profile_seq_stop(struct seq_file *m, void *v)
{
}

static int profile_seq_show(struct seq_file *m, void *v)
{
	struct profile_snap *s = m->private;
	struct profile_figures *r = v;
	char name[KSYM_SYMBOL_LEN];

	if (v == SEQ_START_TOKEN) {
		if (s->timed)
			seq_puts(m, "  Function                               Hit    Time            Avg             s^2\n"
				    "  --------                               ---    ----            ---             ---\n");
		else
			seq_puts(m, "  Function                               Hit\n"
				    "  --------                               ---\n");
		return 0;
	}
	kallsyms_lookup(r->ip, NULL, NULL, NULL, name);
	seq_printf(m, "  %-30.30s  %10lu", name, r->hits);
	if (s->timed)
		profile_show_times(m, r);
	seq_putc(m, '\n');
	return 0;
}

static const struct seq_operations profile_seq_ops = {
	.start	= profile_seq_start,
	.next	= profile_seq_next,
	.stop	= profile_seq_stop,
	.show	= profile_seq_show,
};

static int profile_stat_open(struct inode *inode, struct file *file)
{
	int cpu = (long)inode->i_private;
	int ret;

	ret = tracing_check_open(NULL);
	if (ret)
		return ret;
	return tracing_seq_open_copy(file, &profile_seq_ops,
				     profile_snapshot(cpu));
}

static const struct file_operations profile_stat_fops = {
	.open		= profile_stat_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= tracing_seq_release_copy,
};

static __init int ftrace_profile_init_tracefs(void)
{
	struct dentry *dir;
	char name[24];
	long cpu;

	if (tracing_disabled || ftrace_disabled || !tracefs_initialized())
		return 0;
	trace_create_file("function_profile_enabled", TRACE_MODE_WRITE, NULL,
			  NULL, &profile_enable_fops);
	dir = tracefs_create_dir("trace_stat", NULL);
	if (IS_ERR_OR_NULL(dir)) {
		pr_warn("function profiler: could not create trace_stat\n");
		return 0;
	}
	for_each_possible_cpu(cpu) {
		snprintf(name, sizeof(name), "function%ld", cpu);
		/* TRACE_MODE_WRITE as upstream's stat files; writes fail */
		trace_create_file(name, TRACE_MODE_WRITE, dir, (void *)cpu,
				  &profile_stat_fops);
	}
	return 0;
}
fs_initcall(ftrace_profile_init_tracefs);
