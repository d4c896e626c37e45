// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Hist triggers: the "hist" kind of event trigger.
 *
 *   hist:keys=<field>[,<field>...][:vals=<field>[,...]][:sort=<f>[,<f>]]
 *        [:size=<n>][:name=<name>][:clock=<clock>][:nohitcount]
 *        [:pause|:cont|:clear] [if <filter>]
 *
 * Each hit of the event makes a key of the named fields of its record
 * and adds 1 to the key's hitcount and each value field to its sum, in
 * a tracing_map.  events/<system>/<event>/hist shows the map
 * (trace_events_hist_show.c).  Hist triggers with the same name= share
 * one map, across events too, if their keys and values agree.
 *
 * Lifetimes and locks: a definition (struct hist_def) is parsed into a
 * fresh object and never changes.  The map (struct hist_data) is made
 * by the trigger's init and counted by the triggers using it, under
 * event_mutex, as is the list of named maps.  Probes reach a map only
 * through a trigger on the file's list (RCU), so a map whose last
 * trigger was unlinked is freed by the trigger's free hook, which the
 * trigger code calls after a grace period.  :pause and :cont flip
 * hist_trigger::paused, read by probes without a lock (a hit racing
 * the flip may land either way).  :clear pauses the trigger, waits
 * for a grace period so that no probe is inside the map, empties it and
 * restores the state.
 *
 * Variables and expressions: trace_events_hist_vars.c; what a hit does:
 * trace_events_hist_hit.c.
 */

#include <linux/log2.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "trace.h"
#include "trace_events_filter.h"
#include "trace_events_trigger.h"
#include "trace_events_hist.h"

static const char * const hist_errs[] = {
	[HIST_ERR_TRIGGER_EEXIST]	= "Hist trigger already exists",
	[HIST_ERR_TRIGGER_ENOENT_CLEAR]	=
		"Can't clear or continue a nonexistent hist trigger",
	[HIST_ERR_BAD_FIELD_MODIFIER]	= "Invalid field modifier",
	[HIST_ERR_NAMED_MISMATCH]	=
		"Named hist trigger doesn't match existing named trigger (includes variables)",
	[HIST_ERR_FIELD_NOT_FOUND]	= "Couldn't find field",
	[HIST_ERR_EMPTY_ASSIGNMENT]	= "Empty assignment",
	[HIST_ERR_INVALID_SORT_MODIFIER] = "Invalid sort modifier",
	[HIST_ERR_EMPTY_SORT_FIELD]	= "Empty sort field",
	[HIST_ERR_TOO_MANY_SORT_FIELDS]	= "Too many sort fields (Max = 2)",
	[HIST_ERR_INVALID_SORT_FIELD]	= "Sort field must be a key or a val",
	[HIST_ERR_NEED_NOHC_VAL]	=
		"Non-hitcount value is required for 'nohitcount'",
	[HIST_ERR_DUPLICATE_VAR]	= "Variable already defined",
	[HIST_ERR_VAR_NOT_UNIQUE]	=
		"Variable name not unique, need to use fully qualified name (subsys.event.var) for variable",
	[HIST_ERR_TOO_MANY_VARS]	= "Too many variables defined",
	[HIST_ERR_MALFORMED_ASSIGNMENT]	= "Malformed assignment",
	[HIST_ERR_TOO_MANY_SUBEXPR]	= "Too many subexpressions (3 max)",
	[HIST_ERR_TIMESTAMP_MISMATCH]	=
		"Timestamp units in expression don't match",
	[HIST_ERR_VAR_NOT_FOUND]	= "Couldn't find variable",
	[HIST_ERR_INVALID_STR_OPERAND]	=
		"String type can not be an operand in expression",
	[HIST_ERR_EXPECT_NUMBER]	= "Expecting numeric literal",
	[HIST_ERR_UNARY_MINUS_SUBEXPR]	=
		"Unary minus not supported in sub-expressions",
	[HIST_ERR_DIVISION_BY_ZERO]	= "Division by zero",
	[HIST_ERR_ONX_NOT_VAR]		=
		"For onmax(x) or onchange(x), x must be a variable",
	[HIST_ERR_ONX_VAR_NOT_FOUND]	=
		"Couldn't find onmax or onchange variable",
	[HIST_ERR_TOO_MANY_PARAMS]	= "Too many action params",
	[HIST_ERR_INVALID_PARAM]	= "Invalid action param",
	[HIST_ERR_ACTION_NOT_FOUND]	= "No action found",
	[HIST_ERR_NO_SAVE_PARAMS]	= "No params found for save()",
	[HIST_ERR_TOO_MANY_SAVE_ACTIONS] =
		"Can't have more than one save() action per hist",
	[HIST_ERR_ACTION_MISMATCH]	= "Handler doesn't support action",
	[HIST_ERR_NO_CLOSING_PAREN]	= "No closing paren found",
	[HIST_ERR_SYNTH_EVENT_NOT_FOUND] = "Couldn't find synthetic event",
	[HIST_ERR_SYNTH_TYPE_MISMATCH]	=
		"Param type doesn't match synthetic event field type",
	[HIST_ERR_SYNTH_COUNT_MISMATCH]	=
		"Param count doesn't match synthetic event field count",
	[HIST_ERR_PARAM_NOT_FOUND]	= "Couldn't find param",
	[HIST_ERR_SUBSYS_NOT_FOUND]	= "Missing subsystem",
	[HIST_ERR_INVALID_SUBSYS_EVENT]	= "Invalid subsystem or event name",
	[HIST_ERR_EVENT_FILE_NOT_FOUND]	= "Event file not found",
	[HIST_ERR_TOO_MANY_FIELD_VARS]	= "Too many field variables defined",
	[HIST_ERR_HIST_NOT_FOUND]	= "Matching event histogram not found",
	[HIST_ERR_HIST_CREATE_FAIL]	= "Couldn't create histogram for field",
	[HIST_ERR_SET_CLOCK_FAIL]	= "Couldn't set trace_clock",
};

/**
 * hist_err - log a parse error of a hist command
 * @p:   the command being parsed
 * @err: HIST_ERR_*
 * @at:  where in the command the caret goes, or NULL for its start
 */
void hist_err(struct hist_parse *p, int err, const char *at)
{
	unsigned int pos = at && *p->cmd ? err_pos(p->cmd, at) : 0;

	tracing_log_err(p->file->tr, p->loc, p->cmd, hist_errs, err, pos);
}

/* Maps with a name (struct hist_data::named); event_mutex. */
static LIST_HEAD(hist_named);

/* --- fields ------------------------------------------------------------ */

static const struct {
	const char	*name;
	unsigned int	mod;
} hist_mods[] = {
	{ "hex",	HIST_MOD_HEX },
	{ "sym",	HIST_MOD_SYM },
	{ "sym-offset",	HIST_MOD_SYM_OFFSET },
	{ "execname",	HIST_MOD_EXECNAME },
	{ "syscall",	HIST_MOD_SYSCALL },
	{ "log2",	HIST_MOD_LOG2 },
	{ "usecs",	HIST_MOD_USECS },
	{ "percent",	HIST_MOD_PERCENT },
	{ "graph",	HIST_MOD_GRAPH },
	{ "stacktrace",	HIST_MOD_STACKTRACE },
};

/**
 * hist_mod_name - the spelling of a modifier
 * @mods: HIST_MOD_* (one bit)
 *
 * Return: its name ("hex", ...), "buckets", or NULL.
 */
const char *hist_mod_name(unsigned int mods)
{
	int i;

	if (mods & HIST_MOD_BUCKETS)
		return "buckets";
	for (i = 0; i < ARRAY_SIZE(hist_mods); i++)
		if (mods & hist_mods[i].mod)
			return hist_mods[i].name;
	return NULL;
}

/* The record field @name of @call: its own fields, then common_*. */
static const struct ftrace_event_field *
hist_find_field(struct trace_event_call *call, const char *name)
{
	struct ftrace_event_field *f;

	list_for_each_entry(f, trace_get_fields(call), link)
		if (!strcmp(f->name, name))
			return f;
	list_for_each_entry(f, &ftrace_common_fields, link)
		if (!strcmp(f->name, name))
			return f;
	return NULL;
}

/**
 * hist_has_field - can a definition on @call name @name as a field?
 * @call: the event
 * @name: the name, without a modifier
 *
 * Return: true for its record's fields and the common_* ones.
 */
bool hist_has_field(struct trace_event_call *call, const char *name)
{
	return hist_find_field(call, name) ||
	       !strcmp(name, "common_timestamp") ||
	       !strcmp(name, "common_cpu");
}

/*
 * How a record field is read: a number or one of the string kinds.  A
 * "char *" is a pointer, maybe to user memory, and is used as the
 * number it is, as upstream Linux does (syscalls' filename=).
 */
static enum hist_src field_src(const struct ftrace_event_field *f)
{
	switch (f->filter_type) {
	case FILTER_STATIC_STRING:
	case FILTER_COMM:
		return HIST_SRC_STR;
	case FILTER_DYN_STRING:
		return HIST_SRC_DSTR;
	case FILTER_RDYN_STRING:
		return HIST_SRC_RSTR;
	case FILTER_PTR_STRING:
		return HIST_SRC_NUM;
	}
	if (strstr(f->type, "char")) {
		if (strstr(f->type, "__data_loc"))
			return HIST_SRC_DSTR;
		if (strstr(f->type, "__rel_loc"))
			return HIST_SRC_RSTR;
		if (strchr(f->type, '['))
			return HIST_SRC_STR;
	}
	return HIST_SRC_NUM;
}

/* Does @s start with a modifier's name followed by '.' or nothing? */
static bool is_modifier(const char *s)
{
	size_t n = strcspn(s, ".");
	int i;

	if (!strncmp(s, "bucket", 6))
		return true;
	for (i = 0; i < ARRAY_SIZE(hist_mods); i++)
		if (strlen(hist_mods[i].name) == n &&
		    !strncmp(s, hist_mods[i].name, n))
			return true;
	return false;
}

/* "<mod>" after a field's '.' into @hf->mods.  0 or -EINVAL. */
static int parse_modifier(struct hist_field *hf, const char *mod,
			  bool is_key)
{
	unsigned long n;
	const char *s;
	int i;

	for (i = 0; i < ARRAY_SIZE(hist_mods); i++) {
		if (strcmp(mod, hist_mods[i].name))
			continue;
		hf->mods = hist_mods[i].mod;
		if (is_key && (hf->mods & (HIST_MOD_PERCENT | HIST_MOD_GRAPH)))
			return -EINVAL;
		return 0;
	}
	/* .buckets=N (or .bucket=N): groups of N */
	if (strncmp(mod, "bucket", 6))
		return -EINVAL;
	s = mod + 6;
	if (*s == 's')
		s++;
	if (*s++ != '=' || kstrtoul(s, 0, &n) || !n)
		return -EINVAL;
	hf->mods = HIST_MOD_BUCKETS;
	hf->buckets = n;
	return 0;
}

/**
 * hist_parse_field - parse one key, value or operand
 * @p:      the command being parsed, for error_log
 * @hf:     what it becomes
 * @str:    "<name>[.<modifier>]", cut up by the parse
 * @use:    what it is for: a key (strings and stacks allowed, hitcount
 *          not), a value, or an operand of a variable (strings allowed)
 *
 * Return: 0 or -EINVAL, logged where upstream Linux logs it.
 */
int hist_parse_field(struct hist_parse *p, struct hist_field *hf, char *str,
		     enum hist_use use)
{
	bool is_key = use == HIST_USE_KEY;
	struct trace_event_call *call = p->file->event_call;
	const struct ftrace_event_field *f;
	char *name = strsep(&str, ".");

	if (str && parse_modifier(hf, str, is_key)) {
		hist_err(p, HIST_ERR_BAD_FIELD_MODIFIER, str);
		return -EINVAL;
	}
	f = hist_find_field(call, name);
	if (f && f->filter_type == FILTER_STACKTRACE) {
		/* A synthetic event's unsigned long[]: .stacktrace or not */
		hf->field = f;
		hf->name = f->name;
		hf->src = HIST_SRC_STACK;
		hf->mods = HIST_MOD_STACKTRACE;
	} else if (hf->mods & HIST_MOD_STACKTRACE) {
		hist_err(p, HIST_ERR_BAD_FIELD_MODIFIER, name);
		return -EINVAL;
	} else if (f && f->size) {
		hf->field = f;
		hf->name = f->name;
		hf->src = field_src(f);
		/* A number is 1, 2, 4 or 8 bytes; other arrays are not keys. */
		if (hf->src == HIST_SRC_NUM && f->size != 1 && f->size != 2 &&
		    f->size != 4 && f->size != 8)
			return -EINVAL;
	} else if (!strcmp(name, "common_timestamp")) {
		hf->src = HIST_SRC_TIMESTAMP;
		hf->name = "common_timestamp";
		p->uses_ts = true;
	} else if (!strcmp(name, "common_cpu") || !strcmp(name, "cpu") ||
		   !strcmp(name, "CPU")) {
		hf->src = HIST_SRC_CPU;
		hf->name = "common_cpu";
	} else if (IS_ENABLED(CONFIG_STACKTRACE) &&
		   (!strcmp(name, "common_stacktrace") ||
		    !strcmp(name, "stacktrace") ||
		    !strcmp(name, "STACKTRACE"))) {
		hf->src = HIST_SRC_STACK;
		hf->name = "common_stacktrace";
	} else if (!strcmp(name, "hitcount")) {
		hf->src = HIST_SRC_HITCOUNT;
		hf->name = "hitcount";
	} else {
		hist_err(p, HIST_ERR_FIELD_NOT_FOUND, name);
		return -EINVAL;
	}
	if ((hf->mods & HIST_MOD_EXECNAME) &&
	    strcmp(hf->name, "common_pid")) {
		hist_err(p, HIST_ERR_BAD_FIELD_MODIFIER, "execname");
		return -EINVAL;
	}
	/* Strings and stacks are keys or variables; the hitcount no key. */
	if (is_key ? hf->src == HIST_SRC_HITCOUNT :
		     (hist_src_is_string(hf->src) ||
		      hf->src == HIST_SRC_STACK) && use != HIST_USE_VAR)
		return -EINVAL;
	if (!is_key)
		return 0;
	if (hist_src_is_string(hf->src))
		hf->size = HIST_STR_SIZE;
	else if (hf->src == HIST_SRC_STACK)
		hf->size = HIST_STACK_DEPTH * sizeof(unsigned long);
	else
		hf->size = sizeof(u64);
	return 0;
}

static int parse_keys(struct hist_parse *p, struct hist_def *def, char *s)
{
	char *one;
	int ret;

	while ((one = strsep(&s, ","))) {
		struct hist_field *hf;

		if (def->n_keys == TRACING_MAP_KEYS_MAX)
			return -EINVAL;
		hf = &def->keys[def->n_keys++];
		ret = hist_parse_field(p, hf, one, HIST_USE_KEY);
		if (ret)
			return ret;
		hf->offset = def->key_size;
		def->key_size += hf->size;
		if (hf->mods & HIST_MOD_EXECNAME)
			def->has_execname = true;
	}
	if (!def->n_keys)
		return -EINVAL;
	return 0;
}

/* A value "$name": the sum of what hits set this variable to. */
static int parse_var_val(struct hist_parse *p, struct hist_def *def,
			 struct hist_field *hf, const char *str)
{
	unsigned int i;

	for (i = 0; i < def->n_vars; i++) {
		if (!strcmp(def->vars[i].name, str + 1)) {
			/* A string or a stack is not summed. */
			if (def->vars[i].is_str || def->vars[i].is_stack)
				return -EINVAL;
			hf->src = HIST_SRC_VAR;
			hf->var = i;
			hf->name = def->vars[i].name;
			return 0;
		}
	}
	hist_err(p, HIST_ERR_VAR_NOT_FOUND, str + 1);
	return -EINVAL;
}

static int parse_vals(struct hist_parse *p, struct hist_def *def, char *s)
{
	bool hitcount_seen = false;
	char *one;
	int ret;

	def->vals[0].src = HIST_SRC_HITCOUNT;
	def->vals[0].name = "hitcount";
	def->n_vals = 1;
	while (s && (one = strsep(&s, ","))) {
		/* The hitcount is always there; naming it once is no value. */
		if (!strcmp(one, "hitcount") && !hitcount_seen) {
			hitcount_seen = true;
			continue;
		}
		if (def->n_vals == TRACING_MAP_VALS_MAX)
			return -EINVAL;
		ret = *one == '$' ?
			parse_var_val(p, def, &def->vals[def->n_vals++], one) :
			hist_parse_field(p, &def->vals[def->n_vals++], one,
					 HIST_USE_VAL);
		if (ret)
			return ret;
	}
	if (def->nohitcount && def->n_vals == 1) {
		hist_err(p, HIST_ERR_NEED_NOHC_VAL, NULL);
		return -ENOENT;
	}
	return 0;
}

/* ".descending" and ".ascending", or nothing.  1, 0 or -EINVAL. */
static int parse_direction(struct hist_parse *p, const char *dir)
{
	if (!dir || !strcmp(dir, "ascending"))
		return 0;
	if (!strcmp(dir, "descending"))
		return 1;
	hist_err(p, HIST_ERR_INVALID_SORT_MODIFIER, dir);
	return -EINVAL;
}

/* The map index of the key or value called @name, or -1. */
static int find_sort_field(struct hist_def *def, const char *name)
{
	unsigned int i;

	for (i = 1; i < def->n_vals; i++)
		if (!strcmp(def->vals[i].name, name))
			return def->vals[i].map_idx;
	for (i = 0; i < def->n_keys; i++)
		if (!strcmp(def->keys[i].name, name))
			return def->keys[i].map_idx;
	return -1;
}

static int parse_sort(struct hist_parse *p, struct hist_def *def, char *s)
{
	char *one, *name;
	int idx, desc;

	def->n_sort = 1;		/* hitcount, ascending, by default */
	if (!s)
		return 0;
	def->n_sort = 0;
	while ((one = strsep(&s, ","))) {
		if (!*one) {
			hist_err(p, HIST_ERR_EMPTY_SORT_FIELD, "sort=");
			return -EINVAL;
		}
		if (def->n_sort == TRACING_MAP_SORT_KEYS_MAX - 1 && s) {
			hist_err(p, HIST_ERR_TOO_MANY_SORT_FIELDS, "sort=");
			return -EINVAL;
		}
		name = strsep(&one, ".");
		if (!*name) {
			hist_err(p, HIST_ERR_EMPTY_SORT_FIELD, "sort=");
			return -EINVAL;
		}
		/* The trigger file shows a field's modifier here too. */
		if (one && is_modifier(one))
			strsep(&one, ".");
		idx = strcmp(name, "hitcount") ? find_sort_field(def, name) : 0;
		if (idx < 0) {
			hist_err(p, HIST_ERR_INVALID_SORT_FIELD, name);
			return -EINVAL;
		}
		desc = parse_direction(p, one);
		if (desc < 0)
			return desc;
		def->sort[def->n_sort].field_idx = idx;
		def->sort[def->n_sort].descending = desc;
		def->n_sort++;
	}
	return 0;
}

/* size=<n>: n entries, rounded up to a power of two.  bits or -EINVAL. */
static int parse_size(const char *s)
{
	unsigned long n;
	unsigned int bits;

	if (kstrtoul(s, 0, &n) || !n || n > (1UL << TRACING_MAP_BITS_MAX))
		return -EINVAL;
	bits = ilog2(roundup_pow_of_two(n));
	if (bits < TRACING_MAP_BITS_MIN || bits > TRACING_MAP_BITS_MAX)
		return -EINVAL;
	return bits;
}

/**
 * hist_def_free - free a definition
 * @def: the definition, or NULL
 */
void hist_def_free(struct hist_def *def)
{
	unsigned int i;

	if (!def)
		return;
	for (i = 0; i < def->n_vars; i++)
		hist_expr_free(def->vars[i].expr);
	for (i = 0; i < def->n_actions; i++)
		hist_trace_free(def->actions[i].trace);
	if (def->own_names) {
		for (i = 0; i < def->n_keys; i++)
			kfree(def->keys[i].name);
		for (i = 0; i < def->n_vals; i++)
			kfree(def->vals[i].name);
	}
	kfree(def->name);
	kfree(def);
}

/*
 * A definition that reads common_timestamp switches its instance to the
 * clock= it names, "global" by default, when it is added (hist_init()),
 * as upstream Linux does; one that does not ignores clock=.
 */
static int parse_clock(struct hist_parse *p, struct hist_def *def,
		       const char *clock)
{
	def->uses_ts = p->uses_ts;
	if (!def->uses_ts)
		return 0;
	def->clock = trace_clock_lookup(clock ? clock : "global");
	if (def->clock < 0) {
		hist_err(p, HIST_ERR_SET_CLOCK_FAIL, clock);
		return -EINVAL;
	}
	return 0;
}

/* The "k=v:..." part of a hist command into a new definition. */
static struct hist_def *parse_def(struct hist_parse *p, char *param)
{
	char *keys = NULL, *vals = NULL, *sort = NULL, *clock = NULL;
	char *tok, *rhs;
	char *vars[HIST_VARS_MAX + 1], *acts[HIST_ACTIONS_MAX + 1];
	unsigned int i, n_vars = 0, n_acts = 0;
	struct hist_def *def;
	int ret = -EINVAL;

	def = kzalloc(sizeof(*def), GFP_KERNEL);
	if (!def)
		return ERR_PTR(-ENOMEM);
	def->bits = TRACING_MAP_BITS_DEFAULT;
	while (param) {
		tok = strsep(&param, ":");
		rhs = strchr(tok, '=');
		if (rhs) {
			if (!*++rhs) {
				hist_err(p, HIST_ERR_EMPTY_ASSIGNMENT, tok);
				goto err;
			}
			if (str_has_prefix(tok, "keys=") ||
			    str_has_prefix(tok, "key=")) {
				keys = rhs;
			} else if (str_has_prefix(tok, "vals=") ||
				   str_has_prefix(tok, "val=") ||
				   str_has_prefix(tok, "values=")) {
				vals = rhs;
			} else if (str_has_prefix(tok, "sort=")) {
				sort = rhs;
			} else if (str_has_prefix(tok, "clock=")) {
				clock = rhs;
			} else if (str_has_prefix(tok, "name=")) {
				kfree(def->name);
				def->name = kstrdup(rhs, GFP_KERNEL);
				if (!def->name) {
					ret = -ENOMEM;
					goto err;
				}
			} else if (str_has_prefix(tok, "size=")) {
				ret = parse_size(rhs);
				if (ret < 0)
					goto err;
				def->bits = ret;
				ret = -EINVAL;
			} else if (n_vars < ARRAY_SIZE(vars)) {
				/* <name>=<expr>, parsed once the keys are */
				vars[n_vars++] = tok;
			} else {
				hist_err(p, HIST_ERR_TOO_MANY_VARS, tok);
				goto err;
			}
		} else if (!strcmp(tok, "pause")) {
			def->pause = true;
		} else if (!strcmp(tok, "cont") || !strcmp(tok, "continue")) {
			def->cont = true;
		} else if (!strcmp(tok, "clear")) {
			def->clear = true;
		} else if (!strcmp(tok, "nohitcount") || !strcmp(tok, "NOHC")) {
			def->nohitcount = true;
		} else if (str_has_prefix(tok, "on") && strchr(tok, '(') &&
			   n_acts < ARRAY_SIZE(acts)) {
			/* <handler>(...).<action>(...), once the vars are */
			acts[n_acts++] = tok;
		} else {
			goto err;
		}
	}
	if (!keys)
		goto err;
	ret = parse_keys(p, def, keys);
	if (ret)
		goto err;
	def->key_size = ALIGN(def->key_size, sizeof(u64));
	/*
	 * Variables see the keys (a reference needs equal ones).  One
	 * token may set several: "a=x,b=y".
	 */
	for (i = 0; i < n_vars; i++) {
		while ((tok = strsep(&vars[i], ","))) {
			ret = hist_parse_var(p, def, tok);
			if (ret)
				goto err;
		}
	}
	for (i = 0; i < n_acts; i++) {
		ret = hist_parse_action(p, def, acts[i]);
		if (ret)
			goto err;
	}
	/* Values first in the map (hitcount is field 0), then the keys. */
	ret = parse_vals(p, def, vals);
	if (ret)
		goto err;
	for (i = 0; i < def->n_vals; i++)
		def->vals[i].map_idx = i;
	for (i = 0; i < def->n_keys; i++)
		def->keys[i].map_idx = def->n_vals + i;
	hist_layout_priv(def);
	ret = parse_sort(p, def, sort);
	if (ret)
		goto err;
	ret = parse_clock(p, def, clock);
	if (ret)
		goto err;
	return def;
err:
	hist_def_free(def);
	return ERR_PTR(ret);
}

/* --- the map -------------------------------------------------------- */

/* Elements of a map with an execname key keep the task's comm. */
static void hist_elt_init(struct tracing_map_elt *elt, void *ctx)
{
	if (elt->priv && ctx)
		memcpy(elt->priv, ctx, TASK_COMM_LEN);
}

static const struct tracing_map_ops hist_map_ops = {
	.elt_init	= hist_elt_init,
};

static tracing_map_cmp_fn_t key_cmp(const struct hist_field *hf)
{
	if (hist_src_is_string(hf->src))
		return tracing_map_cmp_string;
	if (hf->src == HIST_SRC_NUM && hf->field->is_signed &&
	    !(hf->mods & (HIST_MOD_LOG2 | HIST_MOD_BUCKETS)))
		return tracing_map_cmp_s64;
	return tracing_map_cmp_u64;
}

static void hist_data_free(struct hist_data *hd)
{
	if (!hd)
		return;
	tracing_map_destroy(hd->map);
	hist_def_free(hd->def);
	kfree(hd);
}

/*
 * A map's copy of the definition that made it, for comparing with the
 * triggers that come to share it.  It outlives that trigger, maybe its
 * event (a module's): it holds names, never the event's fields.
 */
static struct hist_def *def_dup(const struct hist_def *def)
{
	struct hist_def *d = kmemdup(def, sizeof(*def), GFP_KERNEL);
	unsigned int i;
	bool ok = true;

	if (!d)
		return NULL;
	/* Nothing borrowed from @def may be freed with @d. */
	d->own_names = true;
	d->name = NULL;
	/* The copy keeps the variables' names and layout, not their use. */
	for (i = 0; i < d->n_vars; i++)
		d->vars[i].expr = NULL;
	d->n_refs = 0;
	d->n_actions = 0;
	d->n_save = 0;
	d->has_snapshot = false;
	for (i = 0; i < d->n_keys; i++) {
		d->keys[i].field = NULL;
		d->keys[i].name = NULL;
	}
	for (i = 0; i < d->n_vals; i++) {
		d->vals[i].field = NULL;
		d->vals[i].name = NULL;
	}
	for (i = 0; i < d->n_keys; i++) {
		d->keys[i].name = kstrdup(def->keys[i].name, GFP_KERNEL);
		ok &= !!d->keys[i].name;
	}
	for (i = 0; i < d->n_vals; i++) {
		d->vals[i].name = kstrdup(def->vals[i].name, GFP_KERNEL);
		ok &= !!d->vals[i].name;
	}
	d->name = def->name ? kstrdup(def->name, GFP_KERNEL) : NULL;
	ok &= !def->name || d->name;
	if (!ok) {
		hist_def_free(d);
		return NULL;
	}
	return d;
}

static struct hist_data *hist_data_create(const struct hist_def *def)
{
	struct hist_data *hd;
	unsigned int i;
	int ret = -ENOMEM;

	hd = kzalloc(sizeof(*hd), GFP_KERNEL);
	if (!hd)
		return ERR_PTR(-ENOMEM);
	INIT_LIST_HEAD(&hd->named);
	hd->def = def_dup(def);
	if (!hd->def)
		goto err;
	hd->map = tracing_map_create(def->bits, def->key_size, &hist_map_ops);
	if (IS_ERR(hd->map)) {
		ret = PTR_ERR(hd->map);
		hd->map = NULL;
		goto err;
	}
	for (i = 0; i < def->n_vals; i++)
		tracing_map_add_sum_field(hd->map);
	for (i = 0; i < def->n_keys; i++)
		tracing_map_add_key_field(hd->map, def->keys[i].offset,
					  key_cmp(&def->keys[i]));
	ret = tracing_map_init(hd->map, def->priv_size);
	if (ret)
		goto err;
	hd->ref = 1;
	return hd;
err:
	hist_data_free(hd);
	return ERR_PTR(ret);
}

static bool fields_equal(const struct hist_field *a, const struct hist_field *b)
{
	return a->src == b->src && a->mods == b->mods &&
	       a->buckets == b->buckets && !strcmp(a->name, b->name);
}

static bool vars_equal(const struct hist_def *a, const struct hist_def *b)
{
	unsigned int i;

	if (a->n_vars != b->n_vars)
		return false;
	for (i = 0; i < a->n_vars; i++)
		if (strcmp(a->vars[i].name, b->vars[i].name))
			return false;
	return true;
}

static bool actions_equal(const struct hist_def *a, const struct hist_def *b)
{
	unsigned int i;

	if (a->n_actions != b->n_actions || a->n_save != b->n_save)
		return false;
	for (i = 0; i < a->n_actions; i++)
		if (a->actions[i].handler != b->actions[i].handler ||
		    a->actions[i].act != b->actions[i].act ||
		    a->actions[i].var != b->actions[i].var ||
		    !hist_traces_equal(a->actions[i].trace,
				       b->actions[i].trace))
			return false;
	for (i = 0; i < a->n_save; i++)
		if (!fields_equal(&a->save[i], &b->save[i]))
			return false;
	return true;
}

/* Same keys, values and sort; with @layout, what the map holds only. */
static bool defs_equal(const struct hist_def *a, const struct hist_def *b,
		       bool layout)
{
	unsigned int i;

	if (a->n_keys != b->n_keys || a->n_vals != b->n_vals ||
	    a->key_size != b->key_size || a->priv_size != b->priv_size ||
	    !vars_equal(a, b))
		return false;
	for (i = 0; i < a->n_keys; i++)
		if (!fields_equal(&a->keys[i], &b->keys[i]) ||
		    a->keys[i].size != b->keys[i].size)
			return false;
	for (i = 0; i < a->n_vals; i++)
		if (!fields_equal(&a->vals[i], &b->vals[i]))
			return false;
	if (layout)
		return true;
	if (a->n_sort != b->n_sort || a->nohitcount != b->nohitcount ||
	    !actions_equal(a, b))
		return false;
	for (i = 0; i < a->n_sort; i++)
		if (a->sort[i].field_idx != b->sort[i].field_idx ||
		    a->sort[i].descending != b->sort[i].descending)
			return false;
	if (!a->name != !b->name || (a->name && strcmp(a->name, b->name)))
		return false;
	return true;
}

/* --- the event path ---------------------------------------------------- */

static bool hist_fire(struct event_trigger *t, void *rec, unsigned long ip)
{
	struct hist_trigger *ht = t->data;

	/* No record: TRIGGER_COND is not set yet (see needs_rec). */
	if (!rec || READ_ONCE(ht->paused) || READ_ONCE(ht->hist->clearing))
		return false;
	hist_hit(ht, t->file, rec, ip);
	return true;
}

/**
 * hist_triggers_pause - pause or resume every hist trigger of an event
 * @file:  the event file
 * @pause: true to pause them (:pause), false to resume them (:cont)
 *
 * What the enable_hist and disable_hist triggers do.  Runs in the probe
 * of their own event, in any context: @file's triggers are walked
 * under RCU (trace_events_trigger.c frees a removed one after a grace
 * period), and hist_trigger::paused is written as :pause writes it.
 */
void hist_triggers_pause(struct trace_event_file *file, bool pause)
{
	struct event_trigger *t;

	list_for_each_entry_rcu(t, &file->triggers, list) {
		struct hist_trigger *ht = t->data;

		if (t->kind == &hist_trigger_kind)
			WRITE_ONCE(ht->paused, pause);
	}
}

/* --- the trigger kind ------------------------------------------------- */

static int hist_parse(struct event_trigger *t, const char *cmd, char *param,
		      bool remove)
{
	struct trace_event_call *call = t->file->event_call;
	struct hist_parse *p;
	struct hist_trigger *ht;
	struct hist_def *def;
	int ret = 0;

	lockdep_assert_held(&event_mutex);
	p = kzalloc(sizeof(*p), GFP_KERNEL);
	if (!p)
		return -ENOMEM;
	p->file = t->file;
	p->cmd = kstrdup(cmd, GFP_KERNEL);
	if (!p->cmd) {
		ret = -ENOMEM;
		goto out;
	}
	snprintf(p->loc, sizeof(p->loc), "hist:%s:%s", call->class->system,
		 trace_event_name(call));
	if (!param) {
		ret = -EINVAL;
		goto out;
	}
	def = parse_def(p, param);
	if (IS_ERR(def)) {
		ret = PTR_ERR(def);
		goto out;
	}
	ht = kzalloc(sizeof(*ht), GFP_KERNEL);
	if (!ht) {
		hist_def_free(def);
		ret = -ENOMEM;
		goto out;
	}
	ht->def = def;
	ht->removing = remove;
	ht->cmd = p->cmd;
	p->cmd = NULL;
	t->data = ht;
out:
	if (p)
		kfree(p->cmd);
	kfree(p);
	return ret;
}

/* Log @err against the command @t was parsed from, for init and merge. */
static void hist_err_late(struct event_trigger *t, int err)
{
	struct trace_event_call *call = t->file->event_call;
	struct hist_trigger *ht = t->data;
	char loc[MAX_FILTER_STR_VAL];

	snprintf(loc, sizeof(loc), "hist:%s:%s", call->class->system,
		 trace_event_name(call));
	tracing_log_err(t->file->tr, loc, ht->cmd, hist_errs, err, 0);
}

static struct hist_data *find_named(const char *name)
{
	struct hist_data *hd;

	list_for_each_entry(hd, &hist_named, named)
		if (!strcmp(hd->def->name, name))
			return hd;
	return NULL;
}

/*
 * The maps whose variables @def reads stay until it lets go of them,
 * and their triggers cannot be removed meanwhile.  event_mutex.
 */
static void hist_get_refs(struct hist_def *def)
{
	unsigned int i;

	for (i = 0; i < def->n_refs; i++) {
		if (!def->refs[i].hd)
			continue;
		def->refs[i].hd->ref++;
		def->refs[i].hd->var_users++;
	}
}

static void hist_put_refs(struct hist_def *def)
{
	struct hist_data *hd;
	unsigned int i;

	for (i = 0; i < def->n_refs; i++) {
		hd = def->refs[i].hd;
		if (!hd)
			continue;
		hd->var_users--;
		def->refs[i].last = !--hd->ref;
		if (def->refs[i].last)
			list_del_init(&hd->named);
	}
}

/* Let go of the map; the last user frees it in hist_free().  event_mutex. */
static void hist_put_data(struct hist_trigger *ht)
{
	struct hist_data *hd = ht->hist;

	ht->last = !--hd->ref;
	if (ht->last)
		list_del_init(&hd->named);
}

/* A new trigger: its map, or a share of the named one.  event_mutex. */
static int hist_init(struct event_trigger *t)
{
	struct hist_trigger *ht = t->data;
	struct hist_def *def = ht->def;
	struct hist_data *hd;
	int ret;

	if (def->cont || def->clear) {
		hist_err_late(t, HIST_ERR_TRIGGER_ENOENT_CLEAR);
		return -ENOENT;
	}
	hd = def->name ? find_named(def->name) : NULL;
	if (hd && !defs_equal(hd->def, def, true)) {
		hist_err_late(t, HIST_ERR_NAMED_MISMATCH);
		return -EINVAL;
	}
	ret = hist_snap_enable(ht, t->file->tr);
	if (ret)
		return ret;
	if (hd) {
		hd->ref++;
	} else {
		hd = hist_data_create(def);
		if (IS_ERR(hd)) {
			hist_snap_disable(ht, t->file->tr);
			return PTR_ERR(hd);
		}
		if (def->name)
			list_add(&hd->named, &hist_named);
	}
	ht->hist = hd;
	ht->paused = def->pause;
	ret = hist_fvars_attach(t);
	if (ret) {
		hist_fvars_detach(ht);
		hist_put_data(ht);
		hist_snap_disable(ht, t->file->tr);
		return ret;
	}
	hist_get_refs(def);
	/* Timestamps of one clock only (see trace_events_trigger.c's lock). */
	if (def->uses_ts)
		trace_clock_set(t->file->tr, def->clock);
	return 0;
}

/* Unlinked: let go of the map and of the triggers it added. */
static void hist_release(struct event_trigger *t)
{
	struct hist_trigger *ht = t->data;

	/* Probes may still be in hist_fire(): ht->hist stays valid. */
	hist_put_data(ht);
	hist_put_refs(ht->def);
	hist_fvars_detach(ht);
	hist_snap_disable(ht, t->file->tr);
}

/* Its variables are read by other triggers: it cannot be removed. */
static bool hist_busy(struct event_trigger *t)
{
	struct hist_trigger *ht = t->data;

	return ht->hist->var_users > 0;
}

static void hist_free(struct event_trigger *t)
{
	struct hist_trigger *ht = t->data;
	unsigned int i;

	if (!ht)
		return;
	if (ht->last)
		hist_data_free(ht->hist);
	for (i = 0; i < ht->def->n_refs; i++)
		if (ht->def->refs[i].last)
			hist_data_free(ht->def->refs[i].hd);
	hist_def_free(ht->def);
	kfree(ht->cmd);
	kfree(ht->snap);
	kfree(ht);
	t->data = NULL;
}

static bool filters_equal(struct event_trigger *a, struct event_trigger *b)
{
	if (!a->filter || !b->filter)
		return !a->filter && !b->filter;
	return !strcmp(a->filter->filter_string, b->filter->filter_string);
}

/* @b is the new one: a removal ignores filters, an addition does not. */
static bool hist_same(struct event_trigger *a, struct event_trigger *b)
{
	struct hist_trigger *ha = a->data, *hb = b->data;

	if (!defs_equal(ha->def, hb->def, false))
		return false;
	return hb->removing || filters_equal(a, b);
}

/* The same trigger again: :pause, :cont or :clear it, or refuse. */
static int hist_merge(struct event_trigger *old, struct event_trigger *new)
{
	struct hist_trigger *ho = old->data, *hn = new->data;
	struct hist_data *hd = ho->hist;

	/* Probes test paused without a lock (see the top of this file). */
	if (hn->def->pause) {
		WRITE_ONCE(ho->paused, true);
	} else if (hn->def->cont) {
		WRITE_ONCE(ho->paused, false);
	} else if (hn->def->clear) {
		/*
		 * No probe of any trigger sharing the map may be inside it
		 * while it is emptied: they all test @clearing first.
		 */
		WRITE_ONCE(hd->clearing, true);
		synchronize_rcu();
		tracing_map_clear(hd->map);
		WRITE_ONCE(hd->clearing, false);
	} else {
		hist_err_late(new, HIST_ERR_TRIGGER_EEXIST);
		return -EEXIST;
	}
	return 0;
}

/*
 * The kind: it parses its own "k=v:..." parameter, needs the record,
 * and an event may have several hist triggers (one per definition).
 */
const struct event_trigger_kind hist_trigger_kind = {
	.name = "hist", .type = ETT_HIST, .needs_rec = true,
	.trunc_clears = true,
	/* adding, merging into an existing one, removing */
	.parse = hist_parse, .same = hist_same, .merge = hist_merge,
	.init = hist_init, .release = hist_release, .free = hist_free,
	.busy = hist_busy, .prepare = hist_prepare,
	/* hits and the trigger file's line */
	.fire = hist_fire, .show = hist_trigger_print,
};
