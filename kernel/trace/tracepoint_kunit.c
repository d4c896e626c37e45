// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * KUnit suite "tracepoint": the registration side (kernel/tracepoint.c)
 * and the call side (<linux/tracepoint.h>) against tracepoints of our
 * own, declared in tracepoint_kunit.h and instantiated here through
 * <trace/define_trace.h>.
 *
 * Every probe records into a struct tp_rec passed as its data.  A record
 * may name the probe it belongs to (owner); a call that brings a probe
 * another probe's data is counted in tp_wrong_data.  That is how the
 * stress case sees the static call pairing a probe with stale data.
 */
#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/completion.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/sched/task.h>
#include <linux/static_call.h>
#include <linux/string.h>
#include <linux/tracepoint.h>

#define CREATE_TRACE_POINTS
#include "tracepoint_kunit.h"

struct tp_rec {
	void		*owner;		/* probe this data belongs to, or NULL */
	int		id;		/* written to tp_log on each call */
	atomic_t	calls;
	int		last_v;
	long		last_w;
	void		*last_data;
};

#define TP_NR_RECS	6
static struct tp_rec tp_recs[TP_NR_RECS];

/* Order of calls, by record id (single-threaded cases only). */
#define TP_LOG_LEN	16
static int tp_log[TP_LOG_LEN];
static int tp_log_len;

static atomic_t tp_wrong_data;		/* probe got another probe's data */
static atomic_t tp_preemptible_calls;	/* probe ran preemptible */

/* tp_kunit_fn's hooks: how often, and what they saw. */
static int tp_reg_calls;
static int tp_unreg_calls;
static int tp_reg_error;
static bool tp_reg_saw_enabled;
static bool tp_unreg_saw_enabled;

int tp_kunit_regfunc(void)
{
	tp_reg_calls++;
	tp_reg_saw_enabled |= static_key_enabled(&__tracepoint_tp_kunit_fn.key);
	return tp_reg_error;
}

void tp_kunit_unregfunc(void)
{
	tp_unreg_calls++;
	tp_unreg_saw_enabled |=
		static_key_enabled(&__tracepoint_tp_kunit_fn.key);
}

static void tp_record(void *self, void *data, int v, long w)
{
	struct tp_rec *r = data;

	if (r->owner && r->owner != self)
		atomic_inc(&tp_wrong_data);
	if (preemptible())
		atomic_inc(&tp_preemptible_calls);
	atomic_inc(&r->calls);
	r->last_v = v;
	r->last_w = w;
	r->last_data = data;
	if (tp_log_len < TP_LOG_LEN)
		tp_log[tp_log_len++] = r->id;
}

static void tp_probe_a(void *data, int v, long w)
{
	tp_record(tp_probe_a, data, v, w);
}

static void tp_probe_b(void *data, int v, long w)
{
	tp_record(tp_probe_b, data, v, w);
}

static int tp_calls(int i)
{
	return atomic_read(&tp_recs[i].calls);
}

static int tp_total_calls(void)
{
	int i, n = 0;

	for (i = 0; i < TP_NR_RECS; i++)
		n += tp_calls(i);
	return n;
}

/* tp_kunit_plain through its generated register/unregister calls. */
static int tp_reg(void (*probe)(void *, int, long), int rec, int prio)
{
	return register_trace_prio_tp_kunit_plain(probe, &tp_recs[rec], prio);
}

static int tp_reg_default(void (*probe)(void *, int, long), int rec)
{
	return register_trace_tp_kunit_plain(probe, &tp_recs[rec]);
}

static int tp_unreg(void (*probe)(void *, int, long), int rec)
{
	return unregister_trace_tp_kunit_plain(probe, &tp_recs[rec]);
}

static struct tracepoint *const tp_all[] = {
	&__tracepoint_tp_kunit_plain,
	&__tracepoint_tp_kunit_cond,
	&__tracepoint_tp_kunit_event,
	&__tracepoint_tp_kunit_event_cond,
	&__tracepoint_tp_kunit_fn,
	&__tracepoint_tp_kunit_class_a,
	&__tracepoint_tp_kunit_class_cond,
};

static int tp_test_init(struct kunit *test)
{
	int i;

	memset(tp_recs, 0, sizeof(tp_recs));
	for (i = 0; i < TP_NR_RECS; i++)
		tp_recs[i].id = i;
	tp_log_len = 0;
	atomic_set(&tp_wrong_data, 0);
	atomic_set(&tp_preemptible_calls, 0);
	tp_reg_calls = 0;
	tp_unreg_calls = 0;
	tp_reg_error = 0;
	tp_reg_saw_enabled = false;
	tp_unreg_saw_enabled = false;
	return 0;
}

/* Whatever a failed case left attached goes; -ENOENT is expected. */
static void tp_test_exit(struct kunit *test)
{
	void *probes[] = { tp_probe_a, tp_probe_b };
	int t, p, r;

	for (t = 0; t < ARRAY_SIZE(tp_all); t++)
		for (p = 0; p < ARRAY_SIZE(probes); p++)
			for (r = 0; r < TP_NR_RECS; r++)
				tracepoint_probe_unregister(tp_all[t], probes[p],
							    &tp_recs[r]);
	tracepoint_synchronize_unregister();
}

static void tp_test_off_before_register(struct kunit *test)
{
	int t;

	for (t = 0; t < ARRAY_SIZE(tp_all); t++) {
		KUNIT_EXPECT_FALSE(test, static_key_enabled(&tp_all[t]->key));
		KUNIT_EXPECT_NULL(test, rcu_access_pointer(tp_all[t]->funcs));
	}
	KUNIT_EXPECT_FALSE(test, trace_tp_kunit_plain_enabled());
	KUNIT_EXPECT_STREQ(test, __tracepoint_tp_kunit_plain.name,
			   "tp_kunit_plain");
	KUNIT_EXPECT_PTR_EQ(test, __tracepoint_tp_kunit_plain.iterator,
			    (void *)__traceiter_tp_kunit_plain);
	KUNIT_EXPECT_PTR_EQ(test, __tracepoint_tp_kunit_plain.probestub,
			    (void *)__probestub_tp_kunit_plain);

	trace_tp_kunit_plain(1, 2);
	KUNIT_EXPECT_EQ(test, tp_total_calls(), 0);
}

static void tp_test_one_probe(struct kunit *test)
{
	struct tp_rec *r = &tp_recs[0];

	KUNIT_ASSERT_EQ(test, register_trace_tp_kunit_plain(tp_probe_a, r), 0);
	KUNIT_EXPECT_TRUE(test, trace_tp_kunit_plain_enabled());

	trace_tp_kunit_plain(7, -8L);
	KUNIT_EXPECT_EQ(test, tp_calls(0), 1);
	KUNIT_EXPECT_EQ(test, r->last_v, 7);
	KUNIT_EXPECT_EQ(test, r->last_w, -8L);
	KUNIT_EXPECT_PTR_EQ(test, r->last_data, (void *)r);
	KUNIT_EXPECT_EQ(test, atomic_read(&tp_preemptible_calls), 0);

	KUNIT_EXPECT_EQ(test, unregister_trace_tp_kunit_plain(tp_probe_a, r),
			0);
	KUNIT_EXPECT_FALSE(test, trace_tp_kunit_plain_enabled());
	KUNIT_EXPECT_NULL(test,
			  rcu_access_pointer(__tracepoint_tp_kunit_plain.funcs));
}

static void tp_test_priority_order(struct kunit *test)
{
	static const int want[] = { 1, 2, 3, 4, 0 };
	int i;

	/* Higher first; equal priorities in attach order. */
	KUNIT_ASSERT_EQ(test, tp_reg(tp_probe_a, 0, 5), 0);
	KUNIT_ASSERT_EQ(test, tp_reg(tp_probe_a, 1, 20), 0);
	KUNIT_ASSERT_EQ(test, tp_reg(tp_probe_a, 2, 10), 0);
	KUNIT_ASSERT_EQ(test, tp_reg(tp_probe_b, 3, 10), 0);
	/* Default priority is 10: after the two already at 10. */
	KUNIT_ASSERT_EQ(test, tp_reg_default(tp_probe_a, 4), 0);

	trace_tp_kunit_plain(3, 4);
	KUNIT_ASSERT_EQ(test, tp_log_len, ARRAY_SIZE(want));
	for (i = 0; i < ARRAY_SIZE(want); i++)
		KUNIT_EXPECT_EQ_MSG(test, tp_log[i], want[i], "call %d", i);
	for (i = 0; i < 5; i++)
		KUNIT_EXPECT_EQ(test, tp_recs[i].last_v, 3);
}

static void tp_test_duplicate(struct kunit *test)
{
	struct tracepoint *tp = &__tracepoint_tp_kunit_plain;
	int ret;

	KUNIT_ASSERT_EQ(test, tp_reg_default(tp_probe_a, 0), 0);
	/*
	 * The same (probe, data) again.  The plain register calls warn on
	 * it (a caller bug); the _may_exist ones return the same error
	 * quietly, which keeps this boot log clean.
	 */
	ret = tracepoint_probe_register_may_exist(tp, tp_probe_a, &tp_recs[0]);
	KUNIT_EXPECT_EQ(test, ret, -EEXIST);
	ret = tracepoint_probe_register_prio_may_exist(tp, tp_probe_a,
						       &tp_recs[0], 99);
	KUNIT_EXPECT_EQ(test, ret, -EEXIST);
	/* Other data, or another function, is another registration. */
	KUNIT_EXPECT_EQ(test, tp_reg_default(tp_probe_a, 1), 0);
	KUNIT_EXPECT_EQ(test, tp_reg_default(tp_probe_b, 0), 0);

	trace_tp_kunit_plain(1, 1);
	KUNIT_EXPECT_EQ(test, tp_calls(0), 2);
	KUNIT_EXPECT_EQ(test, tp_calls(1), 1);
	KUNIT_EXPECT_EQ(test, tp_log_len, 3);
}

static void tp_test_unregister_unknown(struct kunit *test)
{
	/* Nothing attached at all. */
	KUNIT_EXPECT_EQ(test, tp_unreg(tp_probe_a, 0), -ENOENT);

	KUNIT_ASSERT_EQ(test, tp_reg_default(tp_probe_a, 0), 0);
	/* Wrong data, wrong function. */
	KUNIT_EXPECT_EQ(test, tp_unreg(tp_probe_a, 1), -ENOENT);
	KUNIT_EXPECT_EQ(test, tp_unreg(tp_probe_b, 0), -ENOENT);
	/* The real one is untouched. */
	trace_tp_kunit_plain(1, 1);
	KUNIT_EXPECT_EQ(test, tp_calls(0), 1);

	KUNIT_EXPECT_EQ(test, tp_unreg(tp_probe_a, 0), 0);
	KUNIT_EXPECT_EQ(test, tp_unreg(tp_probe_a, 0), -ENOENT);
}

static void tp_test_unregister_stops_calls(struct kunit *test)
{
	KUNIT_ASSERT_EQ(test, tp_reg_default(tp_probe_a, 0), 0);
	KUNIT_ASSERT_EQ(test, tp_reg_default(tp_probe_b, 1), 0);
	trace_tp_kunit_plain(1, 1);

	KUNIT_EXPECT_EQ(test, tp_unreg(tp_probe_a, 0), 0);
	tracepoint_synchronize_unregister();
	trace_tp_kunit_plain(2, 2);
	KUNIT_EXPECT_EQ(test, tp_calls(0), 1);
	KUNIT_EXPECT_EQ(test, tp_calls(1), 2);

	KUNIT_EXPECT_EQ(test, tp_unreg(tp_probe_b, 1), 0);
	tracepoint_synchronize_unregister();
	trace_tp_kunit_plain(3, 3);
	KUNIT_EXPECT_EQ(test, tp_calls(0), 1);
	KUNIT_EXPECT_EQ(test, tp_calls(1), 2);
	KUNIT_EXPECT_FALSE(test, trace_tp_kunit_plain_enabled());
}

/* Where tp_func_tp_kunit_plain points, when the arch has static calls. */
#define TP_EXPECT_CALL(test, fn)					\
	do {								\
		if (IS_ENABLED(CONFIG_HAVE_STATIC_CALL))		\
			KUNIT_EXPECT_PTR_EQ(test,			\
				static_call_query(tp_func_tp_kunit_plain), \
				(void *)(fn));				\
	} while (0)

static void tp_test_static_call_paths(struct kunit *test)
{
	void *iter = __traceiter_tp_kunit_plain;

	/* One probe: the static call goes straight to it. */
	KUNIT_ASSERT_EQ(test, tp_reg_default(tp_probe_a, 0), 0);
	TP_EXPECT_CALL(test, tp_probe_a);
	trace_tp_kunit_plain(1, 10);
	KUNIT_EXPECT_EQ(test, tp_calls(0), 1);
	KUNIT_EXPECT_PTR_EQ(test, tp_recs[0].last_data, (void *)&tp_recs[0]);

	/* Two: the iterator, which gives each probe its own data. */
	KUNIT_ASSERT_EQ(test, tp_reg(tp_probe_b, 1, 20), 0);
	TP_EXPECT_CALL(test, iter);
	trace_tp_kunit_plain(2, 20);
	KUNIT_EXPECT_EQ(test, tp_calls(0), 2);
	KUNIT_EXPECT_EQ(test, tp_calls(1), 1);
	KUNIT_EXPECT_EQ(test, tp_recs[1].last_w, 20L);

	/* Back to one, the former second. */
	KUNIT_EXPECT_EQ(test, tp_unreg(tp_probe_b, 1), 0);
	TP_EXPECT_CALL(test, tp_probe_a);
	trace_tp_kunit_plain(3, 30);
	KUNIT_EXPECT_EQ(test, tp_calls(0), 3);
	KUNIT_EXPECT_EQ(test, tp_calls(1), 1);

	/* Back to one, the former first: the survivor brings its data. */
	KUNIT_ASSERT_EQ(test, tp_reg(tp_probe_b, 1, 5), 0);
	TP_EXPECT_CALL(test, iter);
	KUNIT_EXPECT_EQ(test, tp_unreg(tp_probe_a, 0), 0);
	TP_EXPECT_CALL(test, tp_probe_b);
	trace_tp_kunit_plain(4, 40);
	KUNIT_EXPECT_EQ(test, tp_calls(0), 3);
	KUNIT_EXPECT_EQ(test, tp_calls(1), 2);
	KUNIT_EXPECT_PTR_EQ(test, tp_recs[1].last_data, (void *)&tp_recs[1]);
	KUNIT_EXPECT_EQ(test, tp_recs[1].last_v, 4);

	/* None: parked on the iterator again. */
	KUNIT_EXPECT_EQ(test, tp_unreg(tp_probe_b, 1), 0);
	TP_EXPECT_CALL(test, iter);
	KUNIT_EXPECT_EQ(test, atomic_read(&tp_wrong_data), 0);
}

struct tp_find {
	const char		*name;
	struct tracepoint	*found;
	int			total;
};

static void tp_find_one(struct tracepoint *tp, void *priv)
{
	struct tp_find *f = priv;

	f->total++;
	if (!strcmp(tp->name, f->name))
		f->found = tp;
}

static void tp_test_walk_kernel_tracepoints(struct kunit *test)
{
	struct tp_find f = { .name = "tp_kunit_plain" };
	int t;

	for_each_kernel_tracepoint(tp_find_one, &f);
	KUNIT_EXPECT_PTR_EQ(test, f.found, &__tracepoint_tp_kunit_plain);
	KUNIT_EXPECT_GT(test, f.total, (int)ARRAY_SIZE(tp_all));

	/* Every one of ours, once each. */
	for (t = 0; t < ARRAY_SIZE(tp_all); t++) {
		f.name = tp_all[t]->name;
		f.found = NULL;
		for_each_kernel_tracepoint(tp_find_one, &f);
		KUNIT_EXPECT_PTR_EQ_MSG(test, f.found, tp_all[t], "%s",
					tp_all[t]->name);
	}

	/* A core one, instantiated by kernel/sched/core.c. */
	f.name = "sched_switch";
	f.found = NULL;
	for_each_kernel_tracepoint(tp_find_one, &f);
	KUNIT_ASSERT_NOT_NULL(test, f.found);
	KUNIT_EXPECT_STREQ(test, f.found->name, "sched_switch");
}

static void tp_test_regfunc(struct kunit *test)
{
	KUNIT_ASSERT_EQ(test, register_trace_tp_kunit_fn(tp_probe_a,
							 &tp_recs[0]), 0);
	KUNIT_EXPECT_EQ(test, tp_reg_calls, 1);
	KUNIT_EXPECT_FALSE(test, tp_reg_saw_enabled);
	KUNIT_ASSERT_EQ(test, register_trace_tp_kunit_fn(tp_probe_b,
							 &tp_recs[1]), 0);
	KUNIT_EXPECT_EQ(test, tp_reg_calls, 1);

	trace_tp_kunit_fn(5, 6);
	KUNIT_EXPECT_EQ(test, tp_total_calls(), 2);

	KUNIT_EXPECT_EQ(test, unregister_trace_tp_kunit_fn(tp_probe_a,
							   &tp_recs[0]), 0);
	KUNIT_EXPECT_EQ(test, tp_unreg_calls, 0);
	KUNIT_EXPECT_EQ(test, unregister_trace_tp_kunit_fn(tp_probe_b,
							   &tp_recs[1]), 0);
	KUNIT_EXPECT_EQ(test, tp_unreg_calls, 1);
	KUNIT_EXPECT_FALSE(test, tp_unreg_saw_enabled);
	KUNIT_EXPECT_EQ(test, tp_reg_calls, 1);

	/* A failing regfunc fails the registration and changes nothing. */
	tp_reg_error = -EBUSY;
	KUNIT_EXPECT_EQ(test, register_trace_tp_kunit_fn(tp_probe_a,
							 &tp_recs[0]), -EBUSY);
	KUNIT_EXPECT_EQ(test, tp_reg_calls, 2);
	KUNIT_EXPECT_EQ(test, tp_unreg_calls, 1);
	KUNIT_EXPECT_FALSE(test, trace_tp_kunit_fn_enabled());
	KUNIT_EXPECT_NULL(test,
			  rcu_access_pointer(__tracepoint_tp_kunit_fn.funcs));
	KUNIT_EXPECT_EQ(test, unregister_trace_tp_kunit_fn(tp_probe_a,
							   &tp_recs[0]), -ENOENT);
}

static void tp_test_condition(struct kunit *test)
{
	int ret;

	/* DECLARE_TRACE_CONDITION: v > 0 */
	KUNIT_ASSERT_EQ(test, register_trace_tp_kunit_cond(tp_probe_a,
							   &tp_recs[0]), 0);
	trace_tp_kunit_cond(0, 1);
	trace_tp_kunit_cond(-3, 1);
	KUNIT_EXPECT_EQ(test, tp_calls(0), 0);
	trace_tp_kunit_cond(5, 1);
	KUNIT_EXPECT_EQ(test, tp_calls(0), 1);
	KUNIT_EXPECT_EQ(test, tp_recs[0].last_v, 5);

	/* TRACE_EVENT_CONDITION: v & 1 */
	ret = register_trace_tp_kunit_event_cond(tp_probe_a, &tp_recs[1]);
	KUNIT_ASSERT_EQ(test, ret, 0);
	trace_tp_kunit_event_cond(2, 0);
	KUNIT_EXPECT_EQ(test, tp_calls(1), 0);
	trace_tp_kunit_event_cond(3, 0);
	KUNIT_EXPECT_EQ(test, tp_calls(1), 1);

	/* DEFINE_EVENT_CONDITION: w != 0 */
	ret = register_trace_tp_kunit_class_cond(tp_probe_a, &tp_recs[2]);
	KUNIT_ASSERT_EQ(test, ret, 0);
	trace_tp_kunit_class_cond(1, 0);
	KUNIT_EXPECT_EQ(test, tp_calls(2), 0);
	trace_tp_kunit_class_cond(1, 9);
	KUNIT_EXPECT_EQ(test, tp_calls(2), 1);
	KUNIT_EXPECT_EQ(test, tp_recs[2].last_w, 9L);
}

static void tp_test_event_forms(struct kunit *test)
{
	KUNIT_ASSERT_EQ(test, register_trace_tp_kunit_event(tp_probe_a,
							    &tp_recs[0]), 0);
	KUNIT_ASSERT_EQ(test, register_trace_tp_kunit_class_a(tp_probe_b,
							      &tp_recs[1]), 0);
	check_trace_callback_type_tp_kunit_event(tp_probe_a);

	trace_tp_kunit_event(11, 12);
	trace_tp_kunit_class_a(13, 14);
	KUNIT_EXPECT_EQ(test, tp_calls(0), 1);
	KUNIT_EXPECT_EQ(test, tp_recs[0].last_v, 11);
	KUNIT_EXPECT_EQ(test, tp_calls(1), 1);
	KUNIT_EXPECT_EQ(test, tp_recs[1].last_w, 14L);
	/* Separate tracepoints: neither saw the other's call. */
	KUNIT_EXPECT_EQ(test, tp_total_calls(), 2);
}

static atomic_t tp_fired;

static int tp_fire_loop(void *unused)
{
	while (!kthread_should_stop()) {
		trace_tp_kunit_plain(1, 2);
		atomic_inc(&tp_fired);
		cond_resched();
	}
	return 0;
}

/*
 * Sleep until the firing thread has run probe @rec once, or a second has
 * passed.  On a preemptible kernel cond_resched() does not yield: if the
 * firing thread was woken on this CPU, it runs only while we sleep.
 */
static void tp_wait_for_call(int rec)
{
	unsigned long end = jiffies + HZ;

	while (!tp_calls(rec) && time_before(jiffies, end))
		schedule_timeout_uninterruptible(1);
}

/*
 * Attach and detach probes, changing which one is first, while another
 * thread keeps calling the tracepoint.  No call may bring a probe the
 * other probe's data, whatever the static call pointed at.
 */
static void tp_test_churn_while_firing(struct kunit *test)
{
	struct task_struct *firer;
	int i;

	tp_recs[0].owner = tp_probe_a;
	tp_recs[1].owner = tp_probe_b;
	atomic_set(&tp_fired, 0);
	tp_log_len = TP_LOG_LEN;	/* keep the log out of the race */

	firer = kthread_run(tp_fire_loop, NULL, "tp_kunit_fire");
	KUNIT_ASSERT_FALSE(test, IS_ERR(firer));
	/*
	 * Without preemption (riscv64's PREEMPT_NONE) nothing makes the
	 * new thread run before the loop below is over: wait for it.
	 */
	while (!atomic_read(&tp_fired))
		schedule_timeout_uninterruptible(1);

	for (i = 0; i < 25; i++) {
		/* 0 -> 1 (a) -> 2 (b first) -> 1 (a) */
		KUNIT_ASSERT_EQ(test, tp_reg_default(tp_probe_a, 0), 0);
		tp_wait_for_call(0);
		KUNIT_ASSERT_EQ(test, tp_reg(tp_probe_b, 1, 20), 0);
		tp_wait_for_call(1);
		KUNIT_ASSERT_EQ(test, tp_unreg(tp_probe_b, 1), 0);
		/* 1 (a) -> 2 (a first) -> 1 (b) -> 0 */
		KUNIT_ASSERT_EQ(test, tp_reg(tp_probe_b, 1, 5), 0);
		KUNIT_ASSERT_EQ(test, tp_unreg(tp_probe_a, 0), 0);
		KUNIT_ASSERT_EQ(test, tp_unreg(tp_probe_b, 1), 0);
		/* 0 -> 1 (b) -> 0, and the next round starts with 0 -> 1 (a) */
		KUNIT_ASSERT_EQ(test, tp_reg_default(tp_probe_b, 1), 0);
		KUNIT_ASSERT_EQ(test, tp_unreg(tp_probe_b, 1), 0);
		cond_resched();
	}

	kthread_stop(firer);
	tracepoint_synchronize_unregister();
	KUNIT_EXPECT_GT(test, atomic_read(&tp_fired), 0);
	KUNIT_EXPECT_GT(test, tp_calls(0) + tp_calls(1), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&tp_wrong_data), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&tp_preemptible_calls), 0);
	kunit_info(test, "%d calls, %d probe runs\n", atomic_read(&tp_fired),
		   tp_calls(0) + tp_calls(1));
}

/*
 * The grace-period rule, made deterministic.  This thread plays a
 * caller that has read the probe array and is about to call the static
 * call: it keeps preemption disabled on one CPU while a writer on
 * another CPU changes the probes so that a single probe with other data
 * remains.  The writer must publish its array but not point the static
 * call at that probe until our "caller" is done.
 */
struct tp_writer {
	int			(*op)(void);
	int			ret;
	struct completion	done;
};

static int tp_writer_fn(void *arg)
{
	struct tp_writer *w = arg;

	w->ret = w->op();
	complete(&w->done);
	set_current_state(TASK_INTERRUPTIBLE);
	while (!kthread_should_stop()) {
		schedule();
		set_current_state(TASK_INTERRUPTIBLE);
	}
	__set_current_state(TASK_RUNNING);
	return 0;
}

/* 2 -> 1: [a, b] loses a; b is left with its own data. */
static int tp_op_drop_first(void)
{
	return tp_unreg(tp_probe_a, 0);
}

/* 1 -> 0 -> 1: a goes, then b comes with other data. */
static int tp_op_replace(void)
{
	int ret = tp_unreg(tp_probe_a, 0);

	return ret ?: tp_reg_default(tp_probe_b, 1);
}

static void tp_run_held_caller(struct kunit *test, int (*op)(void))
{
	struct tracepoint *tp = &__tracepoint_tp_kunit_plain;
	void *iter = __traceiter_tp_kunit_plain;
	struct tracepoint_func *held;
	struct tp_writer w = { .op = op };
	struct task_struct *writer;
	bool published = false, call_moved;
	int my_cpu, other_cpu, i;

	if (!IS_ENABLED(CONFIG_HAVE_STATIC_CALL))
		kunit_skip(test, "no static calls on this architecture");
	if (num_online_cpus() < 2)
		kunit_skip(test, "needs two online CPUs");

	init_completion(&w.done);
	my_cpu = cpumask_first(cpu_online_mask);
	other_cpu = cpumask_next(my_cpu, cpu_online_mask);
	KUNIT_ASSERT_EQ(test, set_cpus_allowed_ptr(current,
						   cpumask_of(my_cpu)), 0);
	writer = kthread_create(tp_writer_fn, &w, "tp_kunit_writer");
	KUNIT_ASSERT_FALSE(test, IS_ERR(writer));
	get_task_struct(writer);
	kthread_bind(writer, other_cpu);

	preempt_disable();
	held = rcu_dereference_sched(tp->funcs);
	wake_up_process(writer);
	/* Up to 5 s for the writer to publish its first change. */
	for (i = 0; i < 5000 && !published; i++) {
		mdelay(1);
		published = rcu_access_pointer(tp->funcs) != held;
	}
	/* ... and some more for it to get as far as it can. */
	mdelay(50);
	call_moved = static_call_query(tp_func_tp_kunit_plain) != iter;
	preempt_enable();

	wait_for_completion(&w.done);
	kthread_stop(writer);
	put_task_struct(writer);
	set_cpus_allowed_ptr(current, cpu_possible_mask);

	KUNIT_EXPECT_EQ(test, w.ret, 0);
	KUNIT_EXPECT_TRUE_MSG(test, published,
			      "the writer never published its array");
	KUNIT_EXPECT_FALSE_MSG(test, call_moved,
			       "static call left the iterator under a caller");
	/* Once the caller is gone, the survivor gets the call. */
	KUNIT_EXPECT_PTR_EQ(test, static_call_query(tp_func_tp_kunit_plain),
			    (void *)tp_probe_b);
	trace_tp_kunit_plain(6, 7);
	KUNIT_EXPECT_PTR_EQ(test, tp_recs[1].last_data, (void *)&tp_recs[1]);
	KUNIT_EXPECT_EQ(test, tp_recs[1].last_v, 6);
}

static void tp_test_held_caller_drop_first(struct kunit *test)
{
	KUNIT_ASSERT_EQ(test, tp_reg(tp_probe_a, 0, 20), 0);
	KUNIT_ASSERT_EQ(test, tp_reg(tp_probe_b, 1, 10), 0);
	tp_run_held_caller(test, tp_op_drop_first);
}

static void tp_test_held_caller_replace(struct kunit *test)
{
	KUNIT_ASSERT_EQ(test, tp_reg_default(tp_probe_a, 0), 0);
	tp_run_held_caller(test, tp_op_replace);
}

static struct kunit_case tp_test_cases[] = {
	KUNIT_CASE(tp_test_off_before_register),
	KUNIT_CASE(tp_test_one_probe),
	KUNIT_CASE(tp_test_priority_order),
	KUNIT_CASE(tp_test_duplicate),
	KUNIT_CASE(tp_test_unregister_unknown),
	KUNIT_CASE(tp_test_unregister_stops_calls),
	KUNIT_CASE(tp_test_static_call_paths),
	KUNIT_CASE(tp_test_walk_kernel_tracepoints),
	KUNIT_CASE(tp_test_regfunc),
	KUNIT_CASE(tp_test_condition),
	KUNIT_CASE(tp_test_event_forms),
	KUNIT_CASE(tp_test_held_caller_drop_first),
	KUNIT_CASE(tp_test_held_caller_replace),
	KUNIT_CASE_SLOW(tp_test_churn_while_firing),
	{}
};

static struct kunit_suite tp_test_suite = {
	.name		= "tracepoint",
	.init		= tp_test_init,
	.exit		= tp_test_exit,
	.test_cases	= tp_test_cases,
};

kunit_test_suite(tp_test_suite);

MODULE_DESCRIPTION("KUnit tests for tracepoints");
MODULE_LICENSE("GPL");
