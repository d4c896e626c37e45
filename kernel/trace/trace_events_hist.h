/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Hist triggers, between the definition and the event path
 * (trace_events_hist.c) and the text they show
 * (trace_events_hist_show.c).
 */
#ifndef _KERNEL_TRACE_TRACE_EVENTS_HIST_H
#define _KERNEL_TRACE_TRACE_EVENTS_HIST_H

#include "trace.h"
#include "tracing_map.h"

/* Frames of a common_stacktrace key, and bytes of a string key. */
#define HIST_STACK_DEPTH	16
#define HIST_STR_SIZE		MAX_FILTER_STR_VAL
#define HIST_KEY_SIZE_MAX	(TRACING_MAP_KEYS_MAX * HIST_STR_SIZE)

/* Where a key or value comes from. */
enum hist_src {
	HIST_SRC_NUM,		/* an integer field of the record */
	HIST_SRC_STR,		/* char[N] */
	HIST_SRC_DSTR,		/* __data_loc char[] */
	HIST_SRC_RSTR,		/* __rel_loc char[] */
	HIST_SRC_PSTR,		/* char * */
	HIST_SRC_HITCOUNT,
	HIST_SRC_TIMESTAMP,	/* common_timestamp: the instance's clock */
	HIST_SRC_CPU,		/* common_cpu */
	HIST_SRC_STACK,		/* common_stacktrace */
};

/* Modifiers: at most one per field, as upstream takes them. */
#define HIST_MOD_HEX		BIT(0)
#define HIST_MOD_SYM		BIT(1)
#define HIST_MOD_SYM_OFFSET	BIT(2)
#define HIST_MOD_EXECNAME	BIT(3)
#define HIST_MOD_SYSCALL	BIT(4)
#define HIST_MOD_LOG2		BIT(5)
#define HIST_MOD_BUCKETS	BIT(6)
#define HIST_MOD_USECS		BIT(7)
#define HIST_MOD_PERCENT	BIT(8)
#define HIST_MOD_GRAPH		BIT(9)

/**
 * struct hist_field - one key or value of a definition
 * @src:      where it comes from
 * @mods:     HIST_MOD_*
 * @field:    the record's field (NUM, *STR), else NULL
 * @name:     its name as the definition and the output spell it
 * @buckets:  the size of a .buckets=N group
 * @offset:   a key's offset in the compound key
 * @size:     a key's bytes in the compound key
 * @map_idx:  its field index in the tracing_map
 */
struct hist_field {
	enum hist_src			src;
	unsigned int			mods;
	const struct ftrace_event_field	*field;
	const char			*name;
	unsigned long			buckets;
	unsigned int			offset;
	unsigned int			size;
	unsigned int			map_idx;
};

/**
 * struct hist_def - a parsed hist trigger definition; immutable
 * @name:       the name= of a shared histogram, or NULL
 * @bits:       log2 of the map's size
 * @n_keys:     keys
 * @n_vals:     values, hitcount (vals[0]) included
 * @keys:       the keys, in order
 * @vals:       the values, in order
 * @n_sort:     sort criteria
 * @sort:       the sort criteria (tracing_map field indices)
 * @key_size:   bytes of the compound key
 * @pause:      :pause was given
 * @cont:       :cont or :continue was given
 * @clear:      :clear was given
 * @nohitcount: :nohitcount (or :NOHC) was given
 * @has_execname: a key is common_pid.execname (elements keep a comm)
 * @own_names:  the fields' names are allocated (a map's copy)
 */
struct hist_def {
	char			*name;
	unsigned int		bits;
	unsigned int		n_keys;
	unsigned int		n_vals;
	struct hist_field	keys[TRACING_MAP_KEYS_MAX];
	struct hist_field	vals[TRACING_MAP_VALS_MAX];
	unsigned int		n_sort;
	struct tracing_map_sort_key sort[TRACING_MAP_SORT_KEYS_MAX];
	unsigned int		key_size;
	bool			pause;
	bool			cont;
	bool			clear;
	bool			nohitcount;
	bool			has_execname;
	bool			own_names;
};

/**
 * struct hist_data - a histogram: the map hits go to
 * @map:   the map
 * @def:   the definition that made it (its layout)
 * @ref:   triggers using it (event_mutex)
 * @clearing: being emptied; probes stay out (read without locks)
 * @named: in the list of named histograms when it has a name
 *         (event_mutex)
 */
struct hist_data {
	struct tracing_map	*map;
	struct hist_def		*def;
	unsigned int		ref;
	bool			clearing;
	struct list_head	named;
};

/**
 * struct hist_trigger - event_trigger::data of a hist trigger
 * @def:      its definition, read from its own event's records
 * @hist:     the histogram it adds to, its own or a shared one
 * @paused:   hits are ignored (read by probes without locks)
 * @removing: parsed for a removal (same() then ignores filters)
 * @last:     it held the map's last reference when unlinked, and
 *            frees the map
 * @cmd:      the command it was parsed from, for error_log
 */
struct hist_trigger {
	struct hist_def		*def;
	struct hist_data	*hist;
	bool			paused;
	bool			removing;
	bool			last;
	char			*cmd;
};

static inline bool hist_src_is_string(enum hist_src src)
{
	return src >= HIST_SRC_STR && src <= HIST_SRC_PSTR;
}

void hist_trigger_print(struct seq_file *m, struct event_trigger *t);
void hist_def_free(struct hist_def *def);
const char *hist_mod_name(unsigned int mods);

#endif /* _KERNEL_TRACE_TRACE_EVENTS_HIST_H */
