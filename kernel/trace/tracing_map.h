/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * tracing_map: a preallocated hash map that aggregates event hits.
 *
 * All memory is allocated when the map is created; inserting takes no
 * lock and allocates nothing, so it may run in any context, NMI
 * included.  When every element is in use an insert of a new key fails
 * and is counted in @drops.  Reading out (tracing_map_sort_entries())
 * runs in process context and may race with inserts: it sees each
 * element either not yet published or with its whole key.
 */
#ifndef _KERNEL_TRACE_TRACING_MAP_H
#define _KERNEL_TRACE_TRACING_MAP_H

#include <linux/atomic.h>
#include <linux/types.h>

#define TRACING_MAP_BITS_DEFAULT	11
#define TRACING_MAP_BITS_MAX		17
#define TRACING_MAP_BITS_MIN		7

#define TRACING_MAP_KEYS_MAX		3
#define TRACING_MAP_VALS_MAX		3
#define TRACING_MAP_FIELDS_MAX		(TRACING_MAP_KEYS_MAX + \
					 TRACING_MAP_VALS_MAX)
#define TRACING_MAP_SORT_KEYS_MAX	2

struct tracing_map;
struct tracing_map_elt;

/**
 * typedef tracing_map_cmp_fn_t - compare one key field of two keys
 * @a: the field in the first key
 * @b: the field in the second key
 *
 * Return: <0, 0 or >0 as @a sorts before, with or after @b.
 */
typedef int (*tracing_map_cmp_fn_t)(const void *a, const void *b);

/**
 * struct tracing_map_sort_key - one criterion of a read-out's order
 * @field_idx:  a field index from tracing_map_add_sum_field() or
 *              tracing_map_add_key_field()
 * @descending: largest first
 */
struct tracing_map_sort_key {
	unsigned int	field_idx;
	bool		descending;
};

/**
 * struct tracing_map_ops - what the map's user attaches to elements
 * @elt_init: called by the inserter that claims a fresh element, before
 *            it is published, in the inserter's context (any, NMI
 *            included); fills tracing_map_elt_priv().  May be NULL
 */
struct tracing_map_ops {
	void	(*elt_init)(struct tracing_map_elt *elt, void *ctx);
};

/**
 * struct tracing_map_elt - one aggregated key
 * @map:  the map it belongs to
 * @key:  the key, tracing_map::key_size bytes (immutable once published)
 * @sums: one running sum per sum field (atomic64_add from inserters)
 * @priv: the user's per-element data, tracing_map::priv_size bytes
 */
struct tracing_map_elt {
	struct tracing_map	*map;
	void			*key;
	atomic64_t		*sums;
	void			*priv;
};

/**
 * struct tracing_map_field - one field of the map, in index order
 * @is_key:  a key field (else a sum)
 * @offset:  a key field's offset in the key
 * @sum_idx: a sum field's index in tracing_map_elt::sums
 * @cmp:     a key field's comparison for sorting
 */
struct tracing_map_field {
	bool			is_key;
	unsigned int		offset;
	unsigned int		sum_idx;
	tracing_map_cmp_fn_t	cmp;
};

/*
 * struct tracing_map_slot - one bucket of the open-addressed table.
 * @hash is 0 while free and set once by the cmpxchg that claims it;
 * @elt is published (release) after the element's key is written.
 */
struct tracing_map_slot {
	u32			hash;
	struct tracing_map_elt	*elt;
};

/**
 * struct tracing_map - the map
 * @bits:       log2 of the element count
 * @key_size:   bytes in a key (compared with memcmp)
 * @priv_size:  bytes of user data per element
 * @n_fields:   fields added so far
 * @n_sums:     sum fields among them
 * @fields:     the fields, by index
 * @ops:        the user's callbacks, or NULL
 * @n_slots:    slots in @slots, twice the element count
 * @slots:      the table
 * @elts:       the preallocated elements
 * @next_elt:   how many elements have been handed out (may overshoot)
 * @hits:       inserts attempted
 * @drops:      inserts that found no free element or slot
 */
struct tracing_map {
	unsigned int			bits;
	unsigned int			key_size;
	unsigned int			priv_size;
	unsigned int			n_fields;
	unsigned int			n_sums;
	struct tracing_map_field	fields[TRACING_MAP_FIELDS_MAX];
	const struct tracing_map_ops	*ops;
	unsigned int			n_slots;
	struct tracing_map_slot		*slots;
	struct tracing_map_elt		*elts;
	atomic_t			next_elt;
	atomic64_t			hits;
	atomic64_t			drops;
	/* private: backing store of the elements' keys, sums and priv */
	void				*store;
};

/**
 * struct tracing_map_sort_entry - one element of a read-out
 * @key: its key
 * @elt: the element
 */
struct tracing_map_sort_entry {
	void			*key;
	struct tracing_map_elt	*elt;
};

struct tracing_map *tracing_map_create(unsigned int bits,
				       unsigned int key_size,
				       const struct tracing_map_ops *ops);
int tracing_map_add_sum_field(struct tracing_map *map);
int tracing_map_add_key_field(struct tracing_map *map, unsigned int offset,
			      tracing_map_cmp_fn_t cmp);
int tracing_map_init(struct tracing_map *map, unsigned int priv_size);
void tracing_map_destroy(struct tracing_map *map);
void tracing_map_clear(struct tracing_map *map);

struct tracing_map_elt *tracing_map_insert(struct tracing_map *map,
					   void *key, void *ctx);
struct tracing_map_elt *tracing_map_lookup(struct tracing_map *map,
					   void *key);
void tracing_map_update_sum(struct tracing_map_elt *elt, unsigned int i,
			    u64 n);
u64 tracing_map_read_sum(struct tracing_map_elt *elt, unsigned int i);

int tracing_map_sort_entries(struct tracing_map *map,
			     const struct tracing_map_sort_key *sort_keys,
			     unsigned int n_sort_keys,
			     struct tracing_map_sort_entry **sort_entries);
void tracing_map_destroy_sort_entries(struct tracing_map_sort_entry *entries,
				      unsigned int n_entries);

int tracing_map_cmp_u64(const void *a, const void *b);
int tracing_map_cmp_s64(const void *a, const void *b);
int tracing_map_cmp_string(const void *a, const void *b);

#endif /* _KERNEL_TRACE_TRACING_MAP_H */
