// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * KUnit suite "tracing_map": the hist triggers' hash map through its
 * API: insert and lookup, sums, a full map counting drops, the sorted
 * read-out by sums and by key fields, clearing, the element init hook,
 * and inserts from two CPUs at once (which must neither lose a key nor
 * make one twice).
 */
#include <kunit/test.h>
#include <linux/cpumask.h>
#include <linux/kthread.h>
#include <linux/completion.h>
#include <linux/sched.h>

#include "tracing_map.h"

struct tmt_key {
	u64	id;
	char	name[16];
};

static struct tracing_map *tmt_map(struct kunit *test, unsigned int bits,
				   const struct tracing_map_ops *ops,
				   unsigned int priv)
{
	struct tracing_map *map;
	int ret;

	map = tracing_map_create(bits, sizeof(struct tmt_key), ops);
	KUNIT_ASSERT_FALSE(test, IS_ERR(map));
	KUNIT_ASSERT_EQ(test, tracing_map_add_sum_field(map), 0);	/* hits */
	KUNIT_ASSERT_EQ(test, tracing_map_add_sum_field(map), 1);	/* val */
	ret = tracing_map_add_key_field(map, offsetof(struct tmt_key, id),
					tracing_map_cmp_u64);
	KUNIT_ASSERT_EQ(test, ret, 2);
	ret = tracing_map_add_key_field(map, offsetof(struct tmt_key, name),
					tracing_map_cmp_string);
	KUNIT_ASSERT_EQ(test, ret, 3);
	KUNIT_ASSERT_EQ(test, tracing_map_init(map, priv), 0);
	return map;
}

static struct tracing_map_elt *tmt_hit(struct tracing_map *map, u64 id,
				       const char *name, u64 val)
{
	struct tmt_key key = { .id = id };
	struct tracing_map_elt *elt;

	strscpy(key.name, name, sizeof(key.name));
	elt = tracing_map_insert(map, &key, NULL);
	if (elt) {
		tracing_map_update_sum(elt, 0, 1);
		tracing_map_update_sum(elt, 1, val);
	}
	return elt;
}

static void tm_create_checks_args(struct kunit *test)
{
	const unsigned int lo = TRACING_MAP_BITS_MIN, hi = TRACING_MAP_BITS_MAX;

	KUNIT_EXPECT_TRUE(test, IS_ERR(tracing_map_create(lo - 1, 8, NULL)));
	KUNIT_EXPECT_TRUE(test, IS_ERR(tracing_map_create(hi + 1, 8, NULL)));
	KUNIT_EXPECT_TRUE(test, IS_ERR(tracing_map_create(lo, 0, NULL)));
}

static void tm_insert_lookup(struct kunit *test)
{
	struct tracing_map *map = tmt_map(test, TRACING_MAP_BITS_MIN, NULL, 0);
	struct tracing_map_elt *a, *b, *c;
	struct tmt_key key = { .id = 7 };

	a = tmt_hit(map, 7, "seven", 10);
	b = tmt_hit(map, 7, "seven", 5);
	c = tmt_hit(map, 7, "other", 1);
	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_EXPECT_PTR_EQ(test, a, b);
	KUNIT_EXPECT_PTR_NE(test, a, c);
	KUNIT_EXPECT_EQ(test, tracing_map_read_sum(a, 0), 2ULL);
	KUNIT_EXPECT_EQ(test, tracing_map_read_sum(a, 1), 15ULL);
	strscpy(key.name, "seven", sizeof(key.name));
	KUNIT_EXPECT_PTR_EQ(test, tracing_map_lookup(map, &key), a);
	key.id = 8;
	KUNIT_EXPECT_NULL(test, tracing_map_lookup(map, &key));
	KUNIT_EXPECT_EQ(test, atomic64_read(&map->hits), 3LL);
	KUNIT_EXPECT_EQ(test, atomic64_read(&map->drops), 0LL);
	tracing_map_destroy(map);
}

static void tm_full_map_drops(struct kunit *test)
{
	struct tracing_map *map = tmt_map(test, TRACING_MAP_BITS_MIN, NULL, 0);
	unsigned int i, n = 1U << TRACING_MAP_BITS_MIN;
	struct tracing_map_sort_entry *entries;

	for (i = 0; i < n; i++)
		KUNIT_ASSERT_NOT_NULL(test, tmt_hit(map, i, "k", 1));
	/* Known keys still count; new ones are dropped. */
	KUNIT_EXPECT_NOT_NULL(test, tmt_hit(map, 3, "k", 1));
	for (i = 0; i < 10; i++)
		KUNIT_EXPECT_NULL(test, tmt_hit(map, n + i, "k", 1));
	KUNIT_EXPECT_EQ(test, atomic64_read(&map->drops), 10LL);
	KUNIT_EXPECT_EQ(test, atomic64_read(&map->hits), (s64)n + 11);
	KUNIT_EXPECT_EQ(test, tracing_map_sort_entries(map, NULL, 0, &entries),
			(int)n);
	tracing_map_destroy_sort_entries(entries, n);
	tracing_map_destroy(map);
}

static void tm_sort_by_sum_and_key(struct kunit *test)
{
	struct tracing_map *map = tmt_map(test, TRACING_MAP_BITS_MIN, NULL, 0);
	struct tracing_map_sort_key by_val_desc[] = { { 1, true } };
	struct tracing_map_sort_key by_name_id[] = { { 3, false }, { 2, true } };
	struct tracing_map_sort_key bad_key[] = { { 9, false } };
	struct tracing_map_sort_entry *e;
	struct tmt_key *k;
	int n;

	tmt_hit(map, 1, "b", 30);
	tmt_hit(map, 2, "a", 10);
	tmt_hit(map, 3, "b", 20);
	tmt_hit(map, 4, "a", 40);

	n = tracing_map_sort_entries(map, by_val_desc, 1, &e);
	KUNIT_ASSERT_EQ(test, n, 4);
	KUNIT_EXPECT_EQ(test, tracing_map_read_sum(e[0].elt, 1), 40ULL);
	KUNIT_EXPECT_EQ(test, tracing_map_read_sum(e[1].elt, 1), 30ULL);
	KUNIT_EXPECT_EQ(test, tracing_map_read_sum(e[2].elt, 1), 20ULL);
	KUNIT_EXPECT_EQ(test, tracing_map_read_sum(e[3].elt, 1), 10ULL);
	tracing_map_destroy_sort_entries(e, n);

	n = tracing_map_sort_entries(map, by_name_id, 2, &e);
	KUNIT_ASSERT_EQ(test, n, 4);
	k = e[0].key;
	KUNIT_EXPECT_EQ(test, k->id, 4ULL);
	k = e[1].key;
	KUNIT_EXPECT_EQ(test, k->id, 2ULL);
	k = e[2].key;
	KUNIT_EXPECT_EQ(test, k->id, 3ULL);
	k = e[3].key;
	KUNIT_EXPECT_EQ(test, k->id, 1ULL);
	tracing_map_destroy_sort_entries(e, n);

	n = tracing_map_sort_entries(map, bad_key, 1, &e);
	KUNIT_EXPECT_EQ(test, n, -EINVAL);
	tracing_map_destroy(map);
}

static void tm_clear(struct kunit *test)
{
	struct tracing_map *map = tmt_map(test, TRACING_MAP_BITS_MIN, NULL, 0);
	struct tracing_map_sort_entry *e;
	struct tracing_map_elt *elt;

	tmt_hit(map, 1, "x", 1);
	tmt_hit(map, 2, "y", 1);
	tracing_map_clear(map);
	KUNIT_EXPECT_EQ(test, tracing_map_sort_entries(map, NULL, 0, &e), 0);
	KUNIT_EXPECT_NULL(test, e);
	KUNIT_EXPECT_EQ(test, atomic64_read(&map->hits), 0LL);
	elt = tmt_hit(map, 2, "y", 5);
	KUNIT_ASSERT_NOT_NULL(test, elt);
	KUNIT_EXPECT_EQ(test, tracing_map_read_sum(elt, 1), 5ULL);
	tracing_map_destroy(map);
}

static void tmt_elt_init(struct tracing_map_elt *elt, void *ctx)
{
	*(u64 *)elt->priv = *(u64 *)ctx;
}

static const struct tracing_map_ops tmt_ops = {
	.elt_init = tmt_elt_init,
};

static void tm_elt_init_once(struct kunit *test)
{
	struct tracing_map *map = tmt_map(test, TRACING_MAP_BITS_MIN, &tmt_ops,
					  sizeof(u64));
	struct tmt_key key = { .id = 1 };
	struct tracing_map_elt *elt;
	u64 tag = 111;

	elt = tracing_map_insert(map, &key, &tag);
	KUNIT_ASSERT_NOT_NULL(test, elt);
	tag = 222;
	KUNIT_EXPECT_PTR_EQ(test, tracing_map_insert(map, &key, &tag), elt);
	KUNIT_EXPECT_EQ(test, *(u64 *)elt->priv, 111ULL);
	tracing_map_destroy(map);
}

/* Two threads insert the same keys; each key must get one element. */
struct tmt_race {
	struct tracing_map	*map;
	struct completion	go;
	struct completion	done;
};

#define TMT_RACE_KEYS	100
#define TMT_RACE_ROUNDS	50

static int tmt_racer(void *arg)
{
	struct tmt_race *r = arg;
	unsigned int i, j;

	wait_for_completion(&r->go);
	for (j = 0; j < TMT_RACE_ROUNDS; j++)
		for (i = 0; i < TMT_RACE_KEYS; i++) {
			/* As from an event probe: not preempted mid-insert. */
			preempt_disable();
			tmt_hit(r->map, i, "race", 1);
			preempt_enable();
		}
	complete(&r->done);
	return 0;
}

static void tm_concurrent_inserts(struct kunit *test)
{
	struct tmt_race r[2];
	struct tracing_map *map = tmt_map(test, TRACING_MAP_BITS_MIN, NULL, 0);
	struct tracing_map_sort_entry *e;
	struct task_struct *t;
	int i, n, cpu = 0;
	u64 total = 0;

	for (i = 0; i < 2; i++) {
		r[i].map = map;
		init_completion(&r[i].go);
		init_completion(&r[i].done);
		t = kthread_create(tmt_racer, &r[i], "tmt_racer/%d", i);
		KUNIT_ASSERT_FALSE(test, IS_ERR(t));
		cpu = cpumask_next(i ? cpu : -1, cpu_online_mask);
		if (cpu < nr_cpu_ids)
			kthread_bind(t, cpu);
		wake_up_process(t);
	}
	complete(&r[0].go);
	complete(&r[1].go);
	wait_for_completion(&r[0].done);
	wait_for_completion(&r[1].done);

	n = tracing_map_sort_entries(map, NULL, 0, &e);
	KUNIT_EXPECT_EQ(test, n, TMT_RACE_KEYS);
	for (i = 0; i < n; i++)
		total += tracing_map_read_sum(e[i].elt, 0);
	KUNIT_EXPECT_EQ(test, total + atomic64_read(&map->drops),
			(u64)2 * TMT_RACE_KEYS * TMT_RACE_ROUNDS);
	tracing_map_destroy_sort_entries(e, n);
	tracing_map_destroy(map);
}

static struct kunit_case tracing_map_cases[] = {
	KUNIT_CASE(tm_create_checks_args),
	KUNIT_CASE(tm_insert_lookup),
	KUNIT_CASE(tm_full_map_drops),
	KUNIT_CASE(tm_sort_by_sum_and_key),
	KUNIT_CASE(tm_clear),
	KUNIT_CASE(tm_elt_init_once),
	KUNIT_CASE(tm_concurrent_inserts),
	{}
};

static struct kunit_suite tracing_map_suite = {
	.name		= "tracing_map",
	.test_cases	= tracing_map_cases,
};

kunit_test_suite(tracing_map_suite);

MODULE_DESCRIPTION("KUnit tests for tracing_map");
MODULE_LICENSE("GPL");
