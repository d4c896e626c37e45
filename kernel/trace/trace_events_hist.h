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
	HIST_SRC_HITCOUNT,
	HIST_SRC_TIMESTAMP,	/* common_timestamp: the instance's clock */
	HIST_SRC_CPU,		/* common_cpu */
	HIST_SRC_STACK,		/* common_stacktrace, or (field set) a stack */
	HIST_SRC_VAR,		/* a value: this trigger's variable */
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
#define HIST_MOD_STACKTRACE	BIT(10)	/* a stack field, as a key */

/**
 * struct hist_field - one key or value of a definition
 * @src:      where it comes from
 * @mods:     HIST_MOD_*
 * @field:    the record's field (NUM, *STR, a stack field), else NULL
 * @name:     its name as the definition and the output spell it
 * @buckets:  the size of a .buckets=N group
 * @offset:   a key's offset in the compound key
 * @size:     a key's bytes in the compound key
 * @map_idx:  its field index in the tracing_map
 * @var:      a HIST_SRC_VAR value's variable (index in hist_def::vars)
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
	unsigned int			var;
};

/* Variables and the references to them (trace_events_hist_vars.c). */
#define HIST_VARS_MAX		16
#define HIST_REFS_MAX		16
#define HIST_VAR_NAME_MAX	64
#define HIST_SUBEXPR_MAX	3

/* What a node of a variable's expression computes. */
enum hist_op {
	HIST_OP_FIELD,		/* a field of the record (hist_expr::field) */
	HIST_OP_CONST,		/* a numeric literal, or constants folded */
	HIST_OP_REF,		/* $var: hist_def::refs[hist_expr::ref] */
	HIST_OP_ADD,
	HIST_OP_SUB,
	HIST_OP_MUL,
	HIST_OP_DIV,
	HIST_OP_NEG,		/* -(arg[0]) */
};

/* The unit of a timestamp an expression yields, to refuse mixing them. */
enum hist_ts_unit {
	HIST_TS_NONE,
	HIST_TS_NSECS,
	HIST_TS_USECS,
};

/**
 * struct hist_expr - a node of a variable's expression; immutable
 * @op:       what it computes
 * @unit:     the timestamp unit of its result
 * @field:    HIST_OP_FIELD: the field
 * @constant: HIST_OP_CONST: the value
 * @ref:      HIST_OP_REF: the index in hist_def::refs
 * @arg:      the operands of an operator
 */
struct hist_expr {
	enum hist_op		op;
	enum hist_ts_unit	unit;
	struct hist_field	field;
	u64			constant;
	unsigned int		ref;
	struct hist_expr	*arg[2];
};

/**
 * struct hist_var - a variable, "<name>=<expr>": one u64 per map element
 * @name:    its name
 * @expr:    what a hit sets it to; NULL in a map's copy of the definition
 * @is_str:  @expr is a string field, or a reference to a string
 *           variable: each element keeps the string in a HIST_STR_SIZE
 *           buffer of its priv data and the u64 points to it
 * @is_stack: the same for a stack trace (common_stacktrace, or a
 *           reference to such a variable): HIST_STACK_DEPTH frames,
 *           ended by a 0 when fewer
 * @str_off: a string or stack variable: where its buffer is in the
 *           priv data
 */
struct hist_var {
	char			name[HIST_VAR_NAME_MAX];
	struct hist_expr	*expr;
	bool			is_str;
	bool			is_stack;
	unsigned int		str_off;
};

/* Bytes of a string or stack variable's buffer in an element. */
static inline unsigned int hist_var_buf_size(const struct hist_var *var)
{
	return var->is_stack ? HIST_STACK_DEPTH * sizeof(unsigned long) :
			       HIST_STR_SIZE;
}

struct hist_data;

/**
 * struct hist_ref - a "$name" an expression reads
 * @name:    the variable's name
 * @hd:      the map whose elements hold it, NULL for one of the same
 *           definition's own variables (then read from this hit)
 * @var:     its index in @hd's (or the own) definition's variables
 * @last:    the referring trigger held @hd's last reference when it
 *           was unlinked, and frees it
 */
struct hist_ref {
	char			name[HIST_VAR_NAME_MAX];
	struct hist_data	*hd;
	unsigned int		var;
	bool			last;
};

/* Field variables: hidden triggers on other events (trace_events_hist_fvar.c). */
#define HIST_FVARS_MAX		8
#define HIST_FVAR_PREFIX	"synthetic_"

/* Handlers and actions (trace_events_hist_actions.c). */
#define HIST_ACTIONS_MAX	8
#define HIST_SAVE_MAX		8

enum hist_handler {
	HIST_ONMAX,
	HIST_ONCHANGE,
	HIST_ONMATCH,
};

enum hist_act {
	HIST_ACT_SAVE,
	HIST_ACT_SNAPSHOT,
	HIST_ACT_TRACE,
};

struct hist_trace;

/**
 * struct hist_action - "<handler>(<arg>).<action>(...)"
 * @handler: onmax(), onchange() or onmatch()
 * @act:     save() (of hist_def::save), snapshot() or trace()
 * @var:     onmax(), onchange(): the variable it watches (index in
 *           hist_def::vars)
 * @trace:   trace(), and onmatch()'s event: owned by the definition
 */
struct hist_action {
	enum hist_handler	handler;
	enum hist_act		act;
	unsigned int		var;
	struct hist_trace	*trace;
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
 * @uses_ts:    a key, value, variable or action reads common_timestamp
 * @clock:      then the clock the instance is switched to (clock=,
 *              "global" by default), an index in trace_clock's list
 * @has_execname: a key is common_pid.execname (elements keep a comm)
 * @own_names:  the fields' names are allocated (a map's copy)
 * @n_vars:     variables
 * @vars:       the variables, in the order they are computed
 * @n_refs:     references to variables
 * @refs:       the references, resolved when parsed (event_mutex)
 * @vars_off:   where an element's variables start in its priv data,
 *              after the comm of an execname key; a bitmap of the ones
 *              set follows them
 * @n_actions:  handlers
 * @actions:    the handlers and their actions, in order
 * @n_save:     fields save() keeps (one save() per definition)
 * @save:       those fields; offset: where in the element's priv data
 * @has_snapshot: an action is snapshot()
 * @acts_off:   where the handlers' track slots start in priv data
 * @priv_size:  bytes of an element's priv data (hist_layout_priv())
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
	bool			uses_ts;
	int			clock;
	bool			has_execname;
	bool			own_names;
	unsigned int		n_vars;
	struct hist_var		vars[HIST_VARS_MAX];
	unsigned int		n_refs;
	struct hist_ref		refs[HIST_REFS_MAX];
	unsigned int		vars_off;
	unsigned int		n_actions;
	struct hist_action	actions[HIST_ACTIONS_MAX];
	unsigned int		n_save;
	struct hist_field	save[HIST_SAVE_MAX];
	bool			has_snapshot;
	unsigned int		acts_off;
	unsigned int		priv_size;
};

/**
 * struct hist_snap - what a trigger's last snapshot() was taken for
 * @lock:    protects the rest; probes only try to take it
 * @def:     the trigger's definition
 * @action:  the action that took it
 * @updated: a snapshot was taken
 * @val:     the watched variable's value then
 * @key:     the key of the hit
 * @comm:    the element's comm, for an execname key
 */
struct hist_snap {
	raw_spinlock_t		lock;
	const struct hist_def	*def;
	const struct hist_action *action;
	bool			updated;
	u64			val;
	u64			key[HIST_KEY_SIZE_MAX / sizeof(u64)];
	char			comm[TASK_COMM_LEN];
};

/**
 * struct hist_data - a histogram: the map hits go to
 * @map:   the map
 * @def:   the definition that made it (its layout)
 * @ref:   triggers using it (event_mutex)
 * @clearing: being emptied; probes stay out (read without locks)
 * @named: in the list of named histograms when it has a name
 *         (event_mutex)
 * @var_users: references other triggers hold to its variables
 *             (event_mutex); its trigger cannot be removed meanwhile
 */
struct hist_data {
	struct tracing_map	*map;
	struct hist_def		*def;
	unsigned int		ref;
	unsigned int		var_users;
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
 * @snap:     its instance's conditional snapshot data, when it has a
 *            snapshot() action and owns that (event_mutex)
 * @n_fvars:  triggers it added to other events for its field variables
 * @fvars:    those triggers; an entry is NULL once that trigger went
 *            with its event (event_mutex)
 * @fv_owner: for such a trigger: the one that added it, until either
 *            goes (event_mutex)
 */
struct hist_trigger {
	struct hist_def		*def;
	struct hist_data	*hist;
	bool			paused;
	bool			removing;
	bool			last;
	char			*cmd;
	struct hist_snap	*snap;
	unsigned int		n_fvars;
	struct event_trigger	*fvars[HIST_FVARS_MAX];
	struct hist_trigger	*fv_owner;
};

static inline bool hist_src_is_string(enum hist_src src)
{
	return src >= HIST_SRC_STR && src <= HIST_SRC_RSTR;
}

/*
 * What an error is logged against: the command as written and
 * "hist:<system>:<event>"; and whether a field parsed so far was
 * common_timestamp.  Only valid while one command is parsed, under
 * event_mutex.
 */
struct hist_parse {
	struct trace_event_file	*file;
	char			*cmd;
	char			loc[MAX_FILTER_STR_VAL];
	bool			uses_ts;
};

/* error_log reasons, with upstream Linux's wording (hist_errs[]). */
enum {
	HIST_ERR_TRIGGER_EEXIST,
	HIST_ERR_TRIGGER_ENOENT_CLEAR,
	HIST_ERR_BAD_FIELD_MODIFIER,
	HIST_ERR_NAMED_MISMATCH,
	HIST_ERR_FIELD_NOT_FOUND,
	HIST_ERR_EMPTY_ASSIGNMENT,
	HIST_ERR_INVALID_SORT_MODIFIER,
	HIST_ERR_EMPTY_SORT_FIELD,
	HIST_ERR_TOO_MANY_SORT_FIELDS,
	HIST_ERR_INVALID_SORT_FIELD,
	HIST_ERR_NEED_NOHC_VAL,
	HIST_ERR_DUPLICATE_VAR,
	HIST_ERR_VAR_NOT_UNIQUE,
	HIST_ERR_TOO_MANY_VARS,
	HIST_ERR_MALFORMED_ASSIGNMENT,
	HIST_ERR_TOO_MANY_SUBEXPR,
	HIST_ERR_TIMESTAMP_MISMATCH,
	HIST_ERR_VAR_NOT_FOUND,
	HIST_ERR_INVALID_STR_OPERAND,
	HIST_ERR_EXPECT_NUMBER,
	HIST_ERR_UNARY_MINUS_SUBEXPR,
	HIST_ERR_DIVISION_BY_ZERO,
	HIST_ERR_ONX_NOT_VAR,
	HIST_ERR_ONX_VAR_NOT_FOUND,
	HIST_ERR_TOO_MANY_PARAMS,
	HIST_ERR_INVALID_PARAM,
	HIST_ERR_ACTION_NOT_FOUND,
	HIST_ERR_NO_SAVE_PARAMS,
	HIST_ERR_TOO_MANY_SAVE_ACTIONS,
	HIST_ERR_ACTION_MISMATCH,
	HIST_ERR_NO_CLOSING_PAREN,
	HIST_ERR_SYNTH_EVENT_NOT_FOUND,
	HIST_ERR_SYNTH_TYPE_MISMATCH,
	HIST_ERR_SYNTH_COUNT_MISMATCH,
	HIST_ERR_PARAM_NOT_FOUND,
	HIST_ERR_SUBSYS_NOT_FOUND,
	HIST_ERR_INVALID_SUBSYS_EVENT,
	HIST_ERR_EVENT_FILE_NOT_FOUND,
	HIST_ERR_TOO_MANY_FIELD_VARS,
	HIST_ERR_HIST_NOT_FOUND,
	HIST_ERR_HIST_CREATE_FAIL,
	HIST_ERR_SET_CLOCK_FAIL,
};

void hist_err(struct hist_parse *p, int err, const char *at);
/* What a field is parsed for: what it may be. */
enum hist_use {
	HIST_USE_VAL,		/* a number */
	HIST_USE_KEY,		/* a number, a string or a stack */
	HIST_USE_VAR,		/* a variable's operand: a number, a string, a stack */
};

int hist_parse_field(struct hist_parse *p, struct hist_field *hf, char *str,
		     enum hist_use use);
bool hist_has_field(struct trace_event_call *call, const char *name);
u64 hist_field_value(const struct hist_field *hf, struct trace_array *tr,
		     void *rec);
void hist_hit(struct hist_trigger *ht, struct trace_event_file *file,
	      void *rec, unsigned long from);
void hist_read_str(const struct hist_field *hf, void *rec, char *dst);
void hist_print_key(struct seq_file *m, const struct hist_def *def,
		    void *key, struct tracing_map_elt *elt);

int hist_parse_action(struct hist_parse *p, struct hist_def *def, char *tok);
void hist_layout_priv(struct hist_def *def);
struct hist_eval;
void hist_run_actions(struct hist_trigger *ht, const struct hist_eval *ev,
		      void *key, struct tracing_map_elt *elt);
void hist_print_actions_spec(struct seq_file *m, const struct hist_def *def);
void hist_print_actions(struct seq_file *m, const struct hist_def *def,
			struct tracing_map_elt *elt);
int hist_prepare(struct trace_array *tr, const char *cmd);
#ifdef CONFIG_TRACER_SNAPSHOT
int hist_snap_enable(struct hist_trigger *ht, struct trace_array *tr);
void hist_snap_disable(struct hist_trigger *ht, struct trace_array *tr);
void hist_print_snapshot(struct seq_file *m, struct hist_trigger *ht);
#else
static inline int hist_snap_enable(struct hist_trigger *ht,
				   struct trace_array *tr)
{
	return 0;
}

static inline void hist_snap_disable(struct hist_trigger *ht,
				     struct trace_array *tr)
{
}

static inline void hist_print_snapshot(struct seq_file *m,
				       struct hist_trigger *ht)
{
}
#endif

int hist_parse_var(struct hist_parse *p, struct hist_def *def, char *tok);
int hist_parse_ref(struct hist_parse *p, struct hist_def *def,
		   const char *name);

/* trace() actions and onmatch() (trace_events_hist_trace.c). */
int hist_parse_trace(struct hist_parse *p, struct hist_def *def,
		     struct hist_action *a, char *synth, char *params,
		     bool legacy);
int hist_parse_onmatch(struct hist_parse *p, struct hist_action *a, char *arg);
void hist_trace_free(struct hist_trace *t);
int hist_trace_bind(struct event_trigger *t, struct hist_trace *trace);

/* Field variables (trace_events_hist_fvar.c). */
struct event_trigger *hist_fvar_base(struct trace_event_file *file,
				     const struct hist_def *def);
int hist_fvar_ref(struct event_trigger *t, struct trace_event_file *file,
		  const char *field);
int hist_fvars_attach(struct event_trigger *t);
void hist_fvars_detach(struct hist_trigger *ht);
void hist_trace_fire(const struct hist_trace *t, const struct hist_eval *ev);
void hist_print_trace(struct seq_file *m, const struct hist_action *a);
bool hist_traces_equal(const struct hist_trace *a, const struct hist_trace *b);
void hist_expr_free(struct hist_expr *e);
/**
 * struct hist_eval - what a hit's expressions read
 * @def:  the definition they belong to
 * @tr:   the event's instance
 * @rec:  the event's record
 * @refs: the values of @def's references to other maps' variables
 * @own:  @def's own variables computed so far in this hit
 * @call: the event
 * @from: the return address into its probe, or 0 (see hist_hit())
 * @stack: scratch for common_stacktrace, this CPU's and nesting level's
 */
struct hist_eval {
	const struct hist_def		*def;
	struct trace_array		*tr;
	void				*rec;
	const u64			*refs;
	const u64			*own;
	const struct trace_event_call	*call;
	unsigned long			from;
	unsigned long			*stack;
};

u64 hist_expr_eval(const struct hist_expr *e, const struct hist_eval *ev);
bool hist_read_refs(const struct hist_def *def, void *key, u64 *refs);

/* The variable @ref of @def names. */
static inline const struct hist_var *hist_ref_var(const struct hist_def *def,
						  const struct hist_ref *ref)
{
	const struct hist_def *owner = ref->hd ? ref->hd->def : def;

	return &owner->vars[ref->var];
}

void hist_print_expr(struct seq_file *m, const struct hist_def *def,
		     const struct hist_expr *e);

/* An element's variables and the bitmap of those set. */
static inline u64 *hist_elt_vars(const struct hist_def *def,
				 struct tracing_map_elt *elt)
{
	return elt->priv + def->vars_off;
}

static inline unsigned long *hist_elt_set(const struct hist_def *def,
					  struct tracing_map_elt *elt)
{
	return (unsigned long *)(hist_elt_vars(def, elt) + def->n_vars);
}

/* The track slot of an element for handler @i. */
static inline u64 *hist_elt_track(const struct hist_def *def,
				  struct tracing_map_elt *elt, unsigned int i)
{
	return (u64 *)(elt->priv + def->acts_off) + i;
}

void hist_trigger_print(struct seq_file *m, struct event_trigger *t);
void hist_def_free(struct hist_def *def);
const char *hist_mod_name(unsigned int mods);

#endif /* _KERNEL_TRACE_TRACE_EVENTS_HIST_H */
