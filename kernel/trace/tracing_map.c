// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * tracing_map: the preallocated, lock-free hash map behind hist triggers.
 *
 * The table is open-addressed with linear probing and has twice as many
 * slots as there are elements, so a probe sequence stays short even when
 * every element is in use.  Slots and elements are never freed one at a
 * time: the map only grows until tracing_map_clear() empties it whole.
 *
 * Inserting (any context, NMI included; no locks, no allocation):
 *
 *  1. hash the key (0 is reserved for "free", so a zero hash becomes 1);
 *  2. walk the slots from hash & mask; a slot whose hash is ours and
 *     whose published element has our key is the answer;
 *  3. a free slot is claimed with cmpxchg(hash, 0, ours): the winner
 *     takes the next element from the preallocated array (an atomic
 *     counter), copies the key into it, runs ops->elt_init, and
 *     publishes it with a release store of slot->elt.  A loser re-reads
 *     the same slot, which may now hold its key.
 *
 * A slot whose hash is claimed but whose element is not published yet
 * belongs to an inserter that is between steps 3a and 3b, on another
 * CPU or interrupted below us on this one; a reader cannot wait for it
 * (it may be the context we interrupted), so after a bounded number of
 * re-reads the hit is dropped.  A claimed slot that got no element (the
 * array ran out) holds TRACING_MAP_NO_ELT for ever: it matches no key.
 *
 * Readers of the whole map (sorting) take the published elements only,
 * with acquire loads; the keys they see are complete.  Sums are
 * atomic64_t and read with atomic64_read, so a read-out may be a hit
 * behind, never torn.  tracing_map_clear() must not race with inserts:
 * its caller stops them first (see its comment).
 */

#include <linux/jhash.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

#include "tracing_map.h"

#define TRACING_MAP_NO_ELT	((struct tracing_map_elt *)1UL)

/* Re-reads of a claimed slot whose element is not published yet. */
#define TRACING_MAP_SPIN	64

/**
 * tracing_map_create - allocate a map without its fields
 * @bits:     log2 of the number of elements,
 *            TRACING_MAP_BITS_MIN..TRACING_MAP_BITS_MAX
 * @key_size: bytes per key, 1..PAGE_SIZE
 * @ops:      callbacks, or NULL
 *
 * Add the fields with tracing_map_add_sum_field() and
 * tracing_map_add_key_field(), then call tracing_map_init().
 *
 * Context: process context, may sleep.
 * Return: the map or an ERR_PTR().
 */
struct tracing_map *tracing_map_create(unsigned int bits,
				       unsigned int key_size,
				       const struct tracing_map_ops *ops)
{
	struct tracing_map *map;

	if (bits < TRACING_MAP_BITS_MIN || bits > TRACING_MAP_BITS_MAX ||
	    !key_size || key_size > PAGE_SIZE)
		return ERR_PTR(-EINVAL);
	map = kzalloc(sizeof(*map), GFP_KERNEL);
	if (!map)
		return ERR_PTR(-ENOMEM);
	map->bits = bits;
	map->key_size = key_size;
	map->ops = ops;
	return map;
}

/**
 * tracing_map_add_sum_field - add a running sum to every element
 * @map: a map not initialized yet
 *
 * Return: the field's index, or -EINVAL when there are too many fields.
 */
int tracing_map_add_sum_field(struct tracing_map *map)
{
	struct tracing_map_field *f;

	if (map->n_fields >= TRACING_MAP_FIELDS_MAX || map->elts)
		return -EINVAL;
	f = &map->fields[map->n_fields];
	f->is_key = false;
	f->sum_idx = map->n_sums++;
	return map->n_fields++;
}

/**
 * tracing_map_add_key_field - describe a part of the key, for sorting
 * @map:    a map not initialized yet
 * @offset: where the part starts in the key
 * @cmp:    how two such parts compare
 *
 * Return: the field's index, or -EINVAL.
 */
int tracing_map_add_key_field(struct tracing_map *map, unsigned int offset,
			      tracing_map_cmp_fn_t cmp)
{
	struct tracing_map_field *f;

	if (map->n_fields >= TRACING_MAP_FIELDS_MAX || map->elts ||
	    offset >= map->key_size || !cmp)
		return -EINVAL;
	f = &map->fields[map->n_fields];
	f->is_key = true;
	f->offset = offset;
	f->cmp = cmp;
	return map->n_fields++;
}

static unsigned int map_max_elts(const struct tracing_map *map)
{
	return 1U << map->bits;
}

/* Bytes of one element's key, sums and priv in the backing store. */
static size_t elt_stride(const struct tracing_map *map)
{
	return ALIGN(map->key_size, 8) + map->n_sums * sizeof(atomic64_t) +
	       ALIGN(map->priv_size, 8);
}

/**
 * tracing_map_init - allocate the table and every element
 * @map:       the map, its fields added
 * @priv_size: bytes of user data per element (tracing_map_elt::priv)
 *
 * Context: process context, may sleep.
 * Return: 0 or -ENOMEM.
 */
int tracing_map_init(struct tracing_map *map, unsigned int priv_size)
{
	unsigned int i, n = map_max_elts(map);
	size_t stride;
	void *p;

	if (map->elts)
		return -EINVAL;
	map->priv_size = priv_size;
	map->n_slots = 2 * n;
	map->slots = vcalloc(map->n_slots, sizeof(*map->slots));
	map->elts = vcalloc(n, sizeof(*map->elts));
	stride = elt_stride(map);
	map->store = vcalloc(n, stride);
	if (!map->slots || !map->elts || !map->store) {
		vfree(map->slots);
		vfree(map->elts);
		vfree(map->store);
		map->slots = NULL;
		map->elts = NULL;
		map->store = NULL;
		return -ENOMEM;
	}
	for (i = 0, p = map->store; i < n; i++, p += stride) {
		struct tracing_map_elt *elt = &map->elts[i];

		elt->map = map;
		elt->key = p;
		elt->sums = p + ALIGN(map->key_size, 8);
		elt->priv = map->priv_size ?
			    (void *)(elt->sums + map->n_sums) : NULL;
	}
	return 0;
}

/**
 * tracing_map_destroy - free a map
 * @map: the map, or NULL; nobody may insert any more
 */
void tracing_map_destroy(struct tracing_map *map)
{
	if (!map)
		return;
	vfree(map->slots);
	vfree(map->elts);
	vfree(map->store);
	kfree(map);
}

/**
 * tracing_map_clear - empty the map
 * @map: the map
 *
 * Every element goes back to the free array and the counters to 0.
 * The caller guarantees that no insert runs meanwhile (for hist
 * triggers: the trigger is paused and an RCU grace period has passed)
 * and that no reader holds sort entries.
 */
void tracing_map_clear(struct tracing_map *map)
{
	unsigned int n = map_max_elts(map);

	memset(map->slots, 0, map->n_slots * sizeof(*map->slots));
	memset(map->store, 0, n * elt_stride(map));
	atomic_set(&map->next_elt, 0);
	atomic64_set(&map->hits, 0);
	atomic64_set(&map->drops, 0);
}

static u32 key_hash(const struct tracing_map *map, const void *key)
{
	u32 h = jhash(key, map->key_size, 0);

	return h ? h : 1;
}

/* A fresh element for @key, or NULL when all are taken. */
static struct tracing_map_elt *elt_get(struct tracing_map *map,
				       const void *key, void *ctx)
{
	int i = atomic_fetch_inc(&map->next_elt);
	struct tracing_map_elt *elt;

	if (i >= map_max_elts(map)) {
		/* Keep the counter from wrapping on a map hit forever. */
		atomic_set(&map->next_elt, map_max_elts(map));
		return NULL;
	}
	elt = &map->elts[i];
	memcpy(elt->key, key, map->key_size);
	if (map->ops && map->ops->elt_init)
		map->ops->elt_init(elt, ctx);
	return elt;
}

/*
 * The element of @slot once its inserter published it; NULL if that
 * does not happen within TRACING_MAP_SPIN re-reads.
 */
static struct tracing_map_elt *slot_elt(struct tracing_map_slot *slot)
{
	struct tracing_map_elt *elt;
	int spin;

	for (spin = 0; spin < TRACING_MAP_SPIN; spin++) {
		/* Pairs with the release in map_find(): the key is whole. */
		elt = smp_load_acquire(&slot->elt);
		if (elt)
			return elt;
		cpu_relax();
	}
	return NULL;
}

static struct tracing_map_elt *map_find(struct tracing_map *map, void *key,
					bool insert, void *ctx)
{
	u32 h = key_hash(map, key), mask = map->n_slots - 1;
	struct tracing_map_elt *elt;
	unsigned int probe;

	for (probe = 0; probe < map->n_slots; probe++) {
		struct tracing_map_slot *slot = &map->slots[(h + probe) & mask];
		/*
		 * Inserters on other CPUs (any context) claim free slots with
		 * the cmpxchg() below; a slot's hash never changes once set.
		 */
		u32 cur = READ_ONCE(slot->hash);

		if (!cur) {
			if (!insert)
				return NULL;
			cur = cmpxchg(&slot->hash, 0, h);
			if (!cur) {
				elt = elt_get(map, key, ctx);
				/* Publish the key and priv before the element. */
				smp_store_release(&slot->elt,
						  elt ? elt : TRACING_MAP_NO_ELT);
				if (!elt)
					atomic64_inc(&map->drops);
				return elt;
			}
			/* Lost the race: look at what the winner put here. */
		}
		if (cur != h)
			continue;
		elt = slot_elt(slot);
		if (!elt) {
			if (insert)
				atomic64_inc(&map->drops);
			return NULL;
		}
		if (elt != TRACING_MAP_NO_ELT &&
		    !memcmp(elt->key, key, map->key_size))
			return elt;
	}
	if (insert)
		atomic64_inc(&map->drops);
	return NULL;
}

/**
 * tracing_map_insert - find or add the element of a key
 * @map: the map
 * @key: tracing_map::key_size bytes
 * @ctx: passed to ops->elt_init if a new element is made
 *
 * Counts a hit; a key that finds no room counts a drop.
 *
 * Context: any, NMI included; lock-free, allocates nothing.
 * Return: the element, or NULL when it was dropped.
 */
struct tracing_map_elt *tracing_map_insert(struct tracing_map *map,
					   void *key, void *ctx)
{
	atomic64_inc(&map->hits);
	return map_find(map, key, true, ctx);
}

/**
 * tracing_map_lookup - find the element of a key
 * @map: the map
 * @key: tracing_map::key_size bytes
 *
 * Context: any.
 * Return: the element, or NULL if @key has none.
 */
struct tracing_map_elt *tracing_map_lookup(struct tracing_map *map,
					   void *key)
{
	return map_find(map, key, false, NULL);
}

/**
 * tracing_map_update_sum - add to a sum of an element
 * @elt: the element
 * @i:   a sum field's index
 * @n:   what to add
 *
 * Context: any.
 */
void tracing_map_update_sum(struct tracing_map_elt *elt, unsigned int i,
			    u64 n)
{
	atomic64_add(n, &elt->sums[elt->map->fields[i].sum_idx]);
}

/**
 * tracing_map_read_sum - read a sum of an element
 * @elt: the element
 * @i:   a sum field's index
 *
 * Return: the sum.
 */
u64 tracing_map_read_sum(struct tracing_map_elt *elt, unsigned int i)
{
	return (u64)atomic64_read(&elt->sums[elt->map->fields[i].sum_idx]);
}

/* --- reading out ------------------------------------------------------ */

struct sort_ctx {
	const struct tracing_map		*map;
	const struct tracing_map_sort_key	*keys;
	unsigned int				n_keys;
};

static int cmp_one(const struct tracing_map *map,
		   const struct tracing_map_sort_key *sk,
		   const struct tracing_map_sort_entry *a,
		   const struct tracing_map_sort_entry *b)
{
	const struct tracing_map_field *f = &map->fields[sk->field_idx];
	int ret;

	if (f->is_key) {
		ret = f->cmp(a->key + f->offset, b->key + f->offset);
	} else {
		u64 va = tracing_map_read_sum(a->elt, sk->field_idx);
		u64 vb = tracing_map_read_sum(b->elt, sk->field_idx);

		ret = va < vb ? -1 : va > vb;
	}
	return sk->descending ? -ret : ret;
}

static int cmp_entries(const void *pa, const void *pb, const void *priv)
{
	const struct sort_ctx *ctx = priv;
	unsigned int i;
	int ret;

	for (i = 0; i < ctx->n_keys; i++) {
		ret = cmp_one(ctx->map, &ctx->keys[i], pa, pb);
		if (ret)
			return ret;
	}
	return 0;
}

/**
 * tracing_map_sort_entries - the map's elements, in order
 * @map:          the map
 * @sort_keys:    the criteria, most significant first
 * @n_sort_keys:  how many, 1..TRACING_MAP_SORT_KEYS_MAX
 * @sort_entries: gets the array; free it with
 *                tracing_map_destroy_sort_entries()
 *
 * Elements inserted while this runs may or may not be included.
 *
 * Context: process context, may sleep.
 * Return: the number of entries (0 leaves *@sort_entries NULL), or
 * -errno.
 */
int tracing_map_sort_entries(struct tracing_map *map,
			     const struct tracing_map_sort_key *sort_keys,
			     unsigned int n_sort_keys,
			     struct tracing_map_sort_entry **sort_entries)
{
	struct sort_ctx ctx = { map, sort_keys, n_sort_keys };
	struct tracing_map_sort_entry *entries;
	unsigned int i, n = 0;

	*sort_entries = NULL;
	if (n_sort_keys > TRACING_MAP_SORT_KEYS_MAX)
		return -EINVAL;
	for (i = 0; i < n_sort_keys; i++)
		if (sort_keys[i].field_idx >= map->n_fields)
			return -EINVAL;
	entries = vmalloc_array(map_max_elts(map), sizeof(*entries));
	if (!entries)
		return -ENOMEM;
	for (i = 0; i < map->n_slots; i++) {
		struct tracing_map_elt *elt;

		/* Pairs with the release in map_find(). */
		elt = smp_load_acquire(&map->slots[i].elt);
		if (!elt || elt == TRACING_MAP_NO_ELT)
			continue;
		if (WARN_ON_ONCE(n >= map_max_elts(map)))
			break;
		entries[n].key = elt->key;
		entries[n].elt = elt;
		n++;
	}
	if (!n) {
		vfree(entries);
		return 0;
	}
	if (n_sort_keys)
		sort_r(entries, n, sizeof(*entries), cmp_entries, NULL, &ctx);
	*sort_entries = entries;
	return n;
}

/**
 * tracing_map_destroy_sort_entries - free a read-out
 * @entries:   what tracing_map_sort_entries() returned, or NULL
 * @n_entries: its count
 */
void tracing_map_destroy_sort_entries(struct tracing_map_sort_entry *entries,
				      unsigned int n_entries)
{
	vfree(entries);
}

/* --- key comparisons ---------------------------------------------------- */

/** tracing_map_cmp_u64 - compare two u64 key fields. @a: one. @b: other. */
int tracing_map_cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

/** tracing_map_cmp_s64 - compare two s64 key fields. @a: one. @b: other. */
int tracing_map_cmp_s64(const void *a, const void *b)
{
	s64 x = *(const s64 *)a, y = *(const s64 *)b;

	return x < y ? -1 : x > y;
}

/**
 * tracing_map_cmp_string - compare two NUL-padded string key fields
 * @a: one
 * @b: the other
 */
int tracing_map_cmp_string(const void *a, const void *b)
{
	return strcmp(a, b);
}
