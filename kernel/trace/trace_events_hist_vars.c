// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Hist trigger variables and expressions.
 *
 *   hist:keys=pid:ts0=common_timestamp.usecs
 *   hist:keys=next_pid:lat=common_timestamp.usecs-$ts0:vals=$lat
 *
 * A variable "<name>=<expr>" is one u64 per element of its trigger's
 * map, set by every hit of the element's key.  A variable that is a
 * string field alone ("file=filename"), or a reference alone to a string
 * variable, keeps the string, at most HIST_STR_SIZE - 1 characters, in
 * a buffer of the element; its u64 points there.  So does one that is
 * common_stacktrace ("st=common_stacktrace", or the legacy
 * "st=stacktrace"), or a reference to one, with HIST_STACK_DEPTH
 * frames.  A string or a stack is no operand of arithmetic.  <expr> is a field, a
 * numeric literal, a "$name" reference or an arithmetic expression of
 * them with + - * / and -(...), evaluated left to right, * and / before
 * + and -, at most HIST_SUBEXPR_MAX operators deep.  Operators whose
 * operands are all constants are folded when parsed.
 *
 * A reference to a variable of another hist trigger of the same
 * instance reads the variable of the element with this hit's key (its
 * leading part, as long as that map's keys) in that trigger's map,
 * and consumes it: until that trigger's event sets
 * it again, it is unset, and a hit that reads an unset variable is
 * dropped.  This is how one event's timestamp meets the next event of
 * the same key.  A reference to a variable of the same definition reads
 * the value this hit gave it.
 *
 * Element variables are written by probes without locks: the value is
 * stored before its bit in the element's set-bitmap is set
 * (smp_mb__before_atomic() in hist_set_vars()), and a reader takes the
 * bit with test_and_clear_bit() (fully ordered) before loading the
 * value.  Two hits racing on one element may interleave their values;
 * a string is copied in place, so a reader racing with a hit of the
 * same key may see a mix of the old and the new string.
 */

#include <linux/ctype.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

#include "trace.h"
#include "trace_events_filter.h"
#include "trace_events_trigger.h"
#include "trace_events_hist.h"

/**
 * hist_expr_free - free an expression
 * @e: the expression, or NULL
 */
void hist_expr_free(struct hist_expr *e)
{
	if (!e)
		return;
	hist_expr_free(e->arg[0]);
	hist_expr_free(e->arg[1]);
	kfree(e);
}

static struct hist_expr *expr_new(enum hist_op op)
{
	struct hist_expr *e = kzalloc(sizeof(*e), GFP_KERNEL);

	if (!e)
		return ERR_PTR(-ENOMEM);
	e->op = op;
	return e;
}

/* The map of the one hist trigger of @tr defining @name; else NULL. */
static struct hist_data *find_var_owner(struct hist_parse *p,
					const char *name, unsigned int *var)
{
	struct trace_array *tr = p->file->tr;
	struct hist_data *found = NULL;
	struct trace_event_file *file;
	struct event_trigger *t;
	unsigned int i;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(file, &tr->events.files, list) {
		list_for_each_entry(t, &file->triggers, list) {
			struct hist_data *hd;

			if (t->kind != &hist_trigger_kind)
				continue;
			hd = ((struct hist_trigger *)t->data)->hist;
			for (i = 0; i < hd->def->n_vars; i++) {
				if (strcmp(hd->def->vars[i].name, name))
					continue;
				if (found && found != hd)
					return ERR_PTR(-EEXIST);
				found = hd;
				*var = i;
			}
		}
	}
	return found;
}

/**
 * hist_parse_ref - resolve a "$name" of a definition
 * @p:    the command being parsed, for error_log
 * @def:  the definition, its own variables parsed so far
 * @name: the variable's name, without the '$'
 *
 * Context: event_mutex held.
 * Return: its index in @def->refs, new or the same name's, or -errno
 * (logged).
 */
int hist_parse_ref(struct hist_parse *p, struct hist_def *def,
		   const char *name)
{
	struct hist_data *hd = NULL;
	struct hist_ref *ref;
	unsigned int i, var;

	for (i = 0; i < def->n_refs; i++)
		if (!strcmp(def->refs[i].name, name))
			return i;
	for (var = 0; var < def->n_vars; var++)
		if (!strcmp(def->vars[var].name, name))
			break;
	if (var == def->n_vars) {
		hd = find_var_owner(p, name, &var);
		if (IS_ERR(hd)) {
			hist_err(p, HIST_ERR_VAR_NOT_UNIQUE, name);
			return -EINVAL;
		}
		/*
		 * Its elements are found with the first bytes of this
		 * definition's key: its leading keys (pid of "pid,lat").
		 */
		if (!hd || hd->def->key_size > def->key_size) {
			hist_err(p, HIST_ERR_VAR_NOT_FOUND, name);
			return -EINVAL;
		}
	}
	if (def->n_refs == HIST_REFS_MAX || strlen(name) >= HIST_VAR_NAME_MAX)
		return -EINVAL;
	ref = &def->refs[def->n_refs];
	strscpy(ref->name, name, sizeof(ref->name));
	ref->hd = hd;
	ref->var = var;
	return def->n_refs++;
}

/* A field, a numeric literal or a "$name". */
static struct hist_expr *parse_atom(struct hist_parse *p, struct hist_def *def,
				    char *str)
{
	struct hist_expr *e;
	int ret;

	if (*str == '$') {
		ret = hist_parse_ref(p, def, str + 1);
		if (ret < 0)
			return ERR_PTR(ret);
		e = expr_new(HIST_OP_REF);
		if (IS_ERR(e))
			return e;
		e->ref = ret;
		/* A timestamp's unit is not known through a reference. */
		return e;
	}
	if (isdigit(*str)) {
		e = expr_new(HIST_OP_CONST);
		if (IS_ERR(e))
			return e;
		if (kstrtoull(str, 0, &e->constant)) {
			hist_err(p, HIST_ERR_EXPECT_NUMBER, str);
			kfree(e);
			return ERR_PTR(-EINVAL);
		}
		return e;
	}
	e = expr_new(HIST_OP_FIELD);
	if (IS_ERR(e))
		return e;
	ret = hist_parse_field(p, &e->field, str, HIST_USE_VAR);
	if (ret) {
		kfree(e);
		return ERR_PTR(ret);
	}
	if (e->field.src == HIST_SRC_TIMESTAMP)
		e->unit = e->field.mods & HIST_MOD_USECS ? HIST_TS_USECS :
							   HIST_TS_NSECS;
	return e;
}

/*
 * The root operator of @str: the rightmost of the lowest precedence, so
 * that equal ones apply left to right.  A '-' that is the rightmost one
 * and leads @str is a unary minus.
 */
static enum hist_op find_operator(char *str, char **at)
{
	char *minus = strrchr(str, '-'), *plus = strrchr(str, '+');
	char *div, *mul;

	if (minus == str) {
		*at = minus;
		return HIST_OP_NEG;
	}
	if (minus || plus) {
		*at = plus > minus ? plus : minus;
		return plus > minus ? HIST_OP_ADD : HIST_OP_SUB;
	}
	div = strrchr(str, '/');
	mul = strrchr(str, '*');
	if (div || mul) {
		*at = mul > div ? mul : div;
		return mul > div ? HIST_OP_MUL : HIST_OP_DIV;
	}
	*at = NULL;
	return HIST_OP_FIELD;
}

static u64 apply_op(enum hist_op op, u64 a, u64 b)
{
	switch (op) {
	case HIST_OP_ADD:
		return a + b;
	case HIST_OP_SUB:
		return a - b;
	case HIST_OP_MUL:
		return a * b;
	case HIST_OP_DIV:
		/* Only a variable can be 0 here: constants were refused. */
		return b ? div64_u64(a, b) : (u64)-1;
	case HIST_OP_NEG:
		return -a;
	default:
		return 0;
	}
}

/* Both operands constant: the node becomes their result. */
static void fold(struct hist_expr *e)
{
	if (e->arg[0]->op != HIST_OP_CONST ||
	    (e->arg[1] && e->arg[1]->op != HIST_OP_CONST))
		return;
	e->constant = apply_op(e->op, e->arg[0]->constant,
			       e->arg[1] ? e->arg[1]->constant : 0);
	e->op = HIST_OP_CONST;
	hist_expr_free(e->arg[0]);
	hist_expr_free(e->arg[1]);
	e->arg[0] = NULL;
	e->arg[1] = NULL;
}

static struct hist_expr *parse_expr(struct hist_parse *p, struct hist_def *def,
				    char *str, unsigned int *depth);

/* Does @e yield a string: a string field, or a string variable's value? */
static bool expr_is_str(const struct hist_def *def, const struct hist_expr *e)
{
	if (e->op == HIST_OP_REF)
		return hist_ref_var(def, &def->refs[e->ref])->is_str;
	return e->op == HIST_OP_FIELD && hist_src_is_string(e->field.src);
}

/* Does @e yield a stack trace, the same way? */
static bool expr_is_stack(const struct hist_def *def,
			  const struct hist_expr *e)
{
	if (e->op == HIST_OP_REF)
		return hist_ref_var(def, &def->refs[e->ref])->is_stack;
	return e->op == HIST_OP_FIELD && e->field.src == HIST_SRC_STACK;
}

/* No string or stack is an operand of arithmetic.  0 or -EINVAL, logged. */
static int check_operand(struct hist_parse *p, const struct hist_def *def,
			 const struct hist_expr *e, const char *at)
{
	if (expr_is_str(def, e)) {
		hist_err(p, HIST_ERR_INVALID_STR_OPERAND, at);
		return -EINVAL;
	}
	return expr_is_stack(def, e) ? -EINVAL : 0;
}

/* "-(<expr>)"; @str points at the '-'. */
static struct hist_expr *parse_neg(struct hist_parse *p, struct hist_def *def,
				   char *str, unsigned int *depth)
{
	struct hist_expr *e, *arg;
	char *close;

	if (++*depth > HIST_SUBEXPR_MAX) {
		hist_err(p, HIST_ERR_TOO_MANY_SUBEXPR, str);
		return ERR_PTR(-EINVAL);
	}
	if (str[1] != '(')
		return ERR_PTR(-EINVAL);
	str += 2;
	close = strrchr(str, ')');
	if (!close)
		return ERR_PTR(-EINVAL);
	if (close[1]) {
		hist_err(p, HIST_ERR_UNARY_MINUS_SUBEXPR, str);
		return ERR_PTR(-EINVAL);
	}
	*close = '\0';
	arg = parse_expr(p, def, str, depth);
	if (IS_ERR(arg))
		return arg;
	if (check_operand(p, def, arg, str)) {
		hist_expr_free(arg);
		return ERR_PTR(-EINVAL);
	}
	e = expr_new(HIST_OP_NEG);
	if (IS_ERR(e)) {
		hist_expr_free(arg);
		return e;
	}
	e->arg[0] = arg;
	e->unit = arg->unit;
	fold(e);
	return e;
}

/* Whether @l <op> @r may be computed: 0, or -errno logged. */
static int check_operands(struct hist_parse *p, const struct hist_def *def,
			  enum hist_op op, const struct hist_expr *l,
			  const struct hist_expr *r, const char *rhs)
{
	if (check_operand(p, def, l, NULL) || check_operand(p, def, r, rhs))
		return -EINVAL;
	if (l->unit && r->unit && l->unit != r->unit) {
		hist_err(p, HIST_ERR_TIMESTAMP_MISMATCH, NULL);
		return -EINVAL;
	}
	if (op == HIST_OP_DIV && r->op == HIST_OP_CONST && !r->constant) {
		hist_err(p, HIST_ERR_DIVISION_BY_ZERO, rhs);
		return -EDOM;
	}
	return 0;
}

static struct hist_expr *parse_expr(struct hist_parse *p, struct hist_def *def,
				    char *str, unsigned int *depth)
{
	struct hist_expr *e, *l, *r;
	enum hist_op op;
	char *at, *rhs;
	int ret;

	if (*depth > HIST_SUBEXPR_MAX) {
		hist_err(p, HIST_ERR_TOO_MANY_SUBEXPR, str);
		return ERR_PTR(-EINVAL);
	}
	op = find_operator(str, &at);
	if (op == HIST_OP_FIELD)
		return parse_atom(p, def, str);
	if (op == HIST_OP_NEG)
		return parse_neg(p, def, str, depth);
	++*depth;
	*at = '\0';
	rhs = at + 1;
	if (!*str || !*rhs)
		return ERR_PTR(-EINVAL);
	l = parse_expr(p, def, str, depth);
	if (IS_ERR(l))
		return l;
	r = parse_expr(p, def, rhs, depth);
	if (IS_ERR(r)) {
		hist_expr_free(l);
		return r;
	}
	ret = check_operands(p, def, op, l, r, rhs);
	e = ret ? ERR_PTR(ret) : expr_new(op);
	if (IS_ERR(e)) {
		hist_expr_free(l);
		hist_expr_free(r);
		return e;
	}
	e->arg[0] = l;
	e->arg[1] = r;
	e->unit = l->unit ? l->unit : r->unit;
	fold(e);
	return e;
}

static bool valid_var_name(const char *name)
{
	if (!*name || strlen(name) >= HIST_VAR_NAME_MAX)
		return false;
	for (; *name; name++)
		if (!isalnum(*name) && *name != '_')
			return false;
	return true;
}

/**
 * hist_parse_var - parse a "<name>=<expr>" of a hist definition
 * @p:   the command being parsed, for error_log
 * @def: the definition, its keys parsed; the variable is added to it
 * @tok: the token, cut up by the parse
 *
 * Context: event_mutex held (references are resolved against the
 * instance's hist triggers).
 * Return: 0 or -errno, logged where upstream Linux logs it.
 */
int hist_parse_var(struct hist_parse *p, struct hist_def *def, char *tok)
{
	char *name = strsep(&tok, "=");
	unsigned int depth = 0, i;
	struct hist_expr *e;

	if (!valid_var_name(name) || !tok || !*tok) {
		hist_err(p, HIST_ERR_MALFORMED_ASSIGNMENT, name);
		return -EINVAL;
	}
	for (i = 0; i < def->n_vars; i++) {
		if (!strcmp(def->vars[i].name, name)) {
			hist_err(p, HIST_ERR_DUPLICATE_VAR, name);
			return -EINVAL;
		}
	}
	if (def->n_vars == HIST_VARS_MAX) {
		hist_err(p, HIST_ERR_TOO_MANY_VARS, name);
		return -EINVAL;
	}
	e = parse_expr(p, def, tok, &depth);
	if (IS_ERR(e))
		return PTR_ERR(e);
	strscpy(def->vars[def->n_vars].name, name, HIST_VAR_NAME_MAX);
	def->vars[def->n_vars].is_str = expr_is_str(def, e);
	def->vars[def->n_vars].is_stack = expr_is_stack(def, e);
	def->vars[def->n_vars++].expr = e;
	return 0;
}

/**
 * hist_expr_eval - the value of an expression in one hit
 * @e:  the expression
 * @ev: the hit
 *
 * Context: the event's probe, any context.
 * Return: the value.
 */
u64 hist_expr_eval(const struct hist_expr *e, const struct hist_eval *ev)
{
	const struct hist_ref *ref;

	switch (e->op) {
	case HIST_OP_FIELD:
		return hist_field_value(&e->field, ev->tr, ev->rec);
	case HIST_OP_CONST:
		return e->constant;
	case HIST_OP_REF:
		ref = &ev->def->refs[e->ref];
		return ref->hd ? ev->refs[e->ref] : ev->own[ref->var];
	case HIST_OP_NEG:
		return apply_op(e->op, hist_expr_eval(e->arg[0], ev), 0);
	default:
		return apply_op(e->op, hist_expr_eval(e->arg[0], ev),
				hist_expr_eval(e->arg[1], ev));
	}
}

/**
 * hist_read_refs - take the variables a hit refers to in other maps
 * @def:  the hit's definition
 * @key:  the hit's key
 * @refs: where the values go, by reference index
 *
 * Each is taken (left unset) as it is read.
 *
 * Context: the event's probe, any context.
 * Return: false if one of them is not set for @key (the hit is dropped).
 */
bool hist_read_refs(const struct hist_def *def, void *key, u64 *refs)
{
	struct tracing_map_elt *elt;
	const struct hist_ref *ref;
	unsigned int i;

	for (i = 0; i < def->n_refs; i++) {
		ref = &def->refs[i];
		if (!ref->hd)
			continue;
		elt = tracing_map_lookup(ref->hd->map, key);
		if (!elt ||
		    !test_and_clear_bit(ref->var, hist_elt_set(ref->hd->def, elt)))
			return false;
		refs[i] = READ_ONCE(hist_elt_vars(ref->hd->def, elt)[ref->var]);
	}
	return true;
}
