// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Event filters: the parser.  A filter is
 *
 *   expr   := and { "||" and }
 *   and    := unary { "&&" unary }
 *   unary  := "!" unary | "(" expr ")" | field [".function"] op value
 *   op     := "==" | "!=" | "<" | "<=" | ">" | ">=" | "&" | "~"
 *   value  := integer | 'string' | "string" | symbol (with .function)
 *
 * parsed by recursive descent into a tree of struct filter_node, where
 * runs of one operator become one n-ary node and '!' becomes a flag on
 * the node it applies to.  A refused filter yields the FILT_ERR_* reason
 * and the caret position error_log shows; those positions are upstream
 * Linux's (a term's position counts from one past its first character),
 * since scripts check them.
 */

#include <linux/kallsyms.h>
#include <linux/ctype.h>
#include <linux/slab.h>

#include "trace.h"
#include "trace_events_filter.h"

/* The reasons, as upstream Linux words them: error_log shows them. */
const char *filter_errs[] = {
	[FILT_ERR_NONE]			= "No error",
	[FILT_ERR_INVALID_OP]		= "Invalid operator",
	[FILT_ERR_TOO_MANY_OPEN]	= "Too many '('",
	[FILT_ERR_TOO_MANY_CLOSE]	= "Too few '('",
	[FILT_ERR_MISSING_QUOTE]	= "Missing matching quote",
	[FILT_ERR_MISSING_BRACE_OPEN]	= "Missing '{'",
	[FILT_ERR_MISSING_BRACE_CLOSE]	= "Missing '}'",
	[FILT_ERR_OPERAND_TOO_LONG]	= "Operand too long",
	[FILT_ERR_EXPECT_STRING]	= "Expecting string field",
	[FILT_ERR_EXPECT_DIGIT]		= "Expecting numeric field",
	[FILT_ERR_ILLEGAL_FIELD_OP]	= "Illegal operation for field type",
	[FILT_ERR_FIELD_NOT_FOUND]	= "Field not found",
	[FILT_ERR_ILLEGAL_INTVAL]	= "Illegal integer value",
	[FILT_ERR_BAD_SUBSYS_FILTER]	=
		"Couldn't find or set field in one of a subsystem's events",
	[FILT_ERR_TOO_MANY_PREDS]	= "Too many terms in predicate expression",
	[FILT_ERR_INVALID_FILTER]	= "Meaningless filter expression",
	[FILT_ERR_INVALID_CPULIST]	= "Invalid cpulist",
	[FILT_ERR_IP_FIELD_ONLY]	=
		"Only 'ip' field is supported for function trace",
	[FILT_ERR_INVALID_VALUE]	= "Invalid value (did you forget quotes)?",
	[FILT_ERR_NO_FUNCTION]		= "Function not found",
	[FILT_ERR_ERRNO]		= "Error",
	[FILT_ERR_NO_FILTER]		= "No filter found",
	NULL
};

/* Longest integer operand: "0xfeedfacedeadbeef" and a sign. */
#define FILTER_NUM_MAX	24

/**
 * struct filter_parser - the state of one parse
 * @call:  the event whose fields the terms name
 * @str:   the filter text
 * @pos:   the next character to read
 * @depth: the current '(' nesting
 * @preds: terms parsed so far
 * @pe:    the first error, if any
 */
struct filter_parser {
	struct trace_event_call		*call;
	const char			*str;
	unsigned int			pos;
	unsigned int			depth;
	unsigned int			preds;
	struct filter_parse_error	*pe;
};

static int perr(struct filter_parser *p, enum filter_err err,
		unsigned int pos)
{
	if (p->pe->err == FILT_ERR_NONE) {
		p->pe->err = err;
		p->pe->pos = pos;
	}
	return -EINVAL;
}

static void skip_space(struct filter_parser *p)
{
	while (isspace(p->str[p->pos]))
		p->pos++;
}

/* --- fields -------------------------------------------------------------- */

/* Fields every event has that are not in the record. */
static struct ftrace_event_field generic_fields[] = {
	{ .name = "CPU", .type = "int", .filter_type = FILTER_CPU,
	  .size = sizeof(int), .is_signed = 1 },
	{ .name = "cpu", .type = "int", .filter_type = FILTER_CPU,
	  .size = sizeof(int), .is_signed = 1 },
	{ .name = "common_cpu", .type = "int", .filter_type = FILTER_CPU,
	  .size = sizeof(int), .is_signed = 1 },
	{ .name = "COMM", .type = "char *", .filter_type = FILTER_COMM,
	  .size = TASK_COMM_LEN },
	{ .name = "comm", .type = "char *", .filter_type = FILTER_COMM,
	  .size = TASK_COMM_LEN },
};

static struct ftrace_event_field *
find_in(struct list_head *head, const char *name, unsigned int len)
{
	struct ftrace_event_field *f;

	list_for_each_entry(f, head, link)
		if (strlen(f->name) == len && !strncmp(f->name, name, len))
			return f;
	return NULL;
}

/* The event's own fields win over the generic ones, then common_*. */
static struct ftrace_event_field *
find_field(struct trace_event_call *call, const char *name, unsigned int len)
{
	struct ftrace_event_field *f;
	int i;

	f = find_in(trace_get_fields(call), name, len);
	if (f)
		return f;
	for (i = 0; i < ARRAY_SIZE(generic_fields); i++)
		if (strlen(generic_fields[i].name) == len &&
		    !strncmp(generic_fields[i].name, name, len))
			return &generic_fields[i];
	return find_in(&ftrace_common_fields, name, len);
}

/* How a field is compared, from its filter type or else its C type. */
static int field_kind(const struct ftrace_event_field *f)
{
	switch (f->filter_type) {
	case FILTER_CPU:
		return FILTER_PRED_CPU;
	case FILTER_COMM:
		return FILTER_PRED_COMM;
	case FILTER_STATIC_STRING:
		return FILTER_PRED_STR_FIXED;
	case FILTER_DYN_STRING:
		return FILTER_PRED_STR_DYN;
	case FILTER_RDYN_STRING:
		return FILTER_PRED_STR_REL;
	case FILTER_PTR_STRING:
		return FILTER_PRED_STR_PTR;
	}
	if (strstr(f->type, "__data_loc") && strstr(f->type, "char"))
		return FILTER_PRED_STR_DYN;
	if (strstr(f->type, "__rel_loc") && strstr(f->type, "char"))
		return FILTER_PRED_STR_REL;
	if (strchr(f->type, '[') && strstr(f->type, "char"))
		return FILTER_PRED_STR_FIXED;
	if (!strcmp(f->type, "char *") || !strcmp(f->type, "const char *"))
		return FILTER_PRED_STR_PTR;
	return FILTER_PRED_NUM;
}

static bool kind_is_string(int kind)
{
	return kind >= FILTER_PRED_STR_FIXED;
}

/* --- terms --------------------------------------------------------------- */

static const struct {
	const char	*text;
	enum filter_op	op;
} filter_ops[] = {
	/* Two-character operators first: "<=" is not "<" then "=". */
	{ "==", FILTER_OP_EQ }, { "!=", FILTER_OP_NE },
	{ "<=", FILTER_OP_LE }, { ">=", FILTER_OP_GE },
	{ "<", FILTER_OP_LT }, { ">", FILTER_OP_GT },
	{ "&", FILTER_OP_BAND }, { "~", FILTER_OP_GLOB },
};

static int parse_op(const char *s, enum filter_op *op)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(filter_ops); i++) {
		int len = strlen(filter_ops[i].text);

		if (!strncmp(s, filter_ops[i].text, len)) {
			*op = filter_ops[i].op;
			return len;
		}
	}
	return 0;
}

/* Length of an integer or symbol operand at @s: up to space or ')'. */
static unsigned int operand_len(const char *s, bool symbol)
{
	unsigned int n = 0;

	if (!symbol && s[n] == '-')
		n++;
	while (s[n] && (symbol ? !isspace(s[n]) && s[n] != ')' :
				 isalnum(s[n])))
		n++;
	return n;
}

/*
 * "field.function == name|address": true for addresses inside that
 * function.  @base is added to caret positions (see parse_pred()).
 */
static int parse_function(struct filter_parser *p, struct filter_pred *pred,
			  const struct ftrace_event_field *f, unsigned int base)
{
	const char *s = p->str + p->pos;
	unsigned long addr, size, offset;
	char buf[KSYM_NAME_LEN];
	unsigned int len;

	if (f->size != sizeof(long))
		return perr(p, FILT_ERR_ILLEGAL_FIELD_OP, base + p->pos);
	if (pred->op != FILTER_OP_EQ && pred->op != FILTER_OP_NE)
		return perr(p, FILT_ERR_INVALID_OP, base + p->pos);

	len = operand_len(s, !isdigit(*s));
	p->pos += len;
	if (len >= sizeof(buf))
		return perr(p, FILT_ERR_OPERAND_TOO_LONG, base + p->pos);
	memcpy(buf, s, len);
	buf[len] = '\0';
	if (isdigit(*s)) {
		if (len >= FILTER_NUM_MAX)
			return perr(p, FILT_ERR_OPERAND_TOO_LONG, base + p->pos);
		if (kstrtoul(buf, 0, &addr))
			return perr(p, FILT_ERR_INVALID_VALUE, base + p->pos);
	} else {
		addr = kallsyms_lookup_name(buf);
	}
	if (!addr || !kallsyms_lookup_size_offset(addr, &size, &offset))
		return perr(p, FILT_ERR_NO_FUNCTION, base + p->pos);
	pred->kind = FILTER_PRED_FUNC;
	pred->val = addr - offset;
	pred->val2 = pred->val + size;
	return 0;
}

static int parse_string(struct filter_parser *p, struct filter_pred *pred,
			int kind, unsigned int base)
{
	const char *s = p->str + p->pos;
	const char *end = strchr(s + 1, *s);
	unsigned int len;

	if (pred->op != FILTER_OP_EQ && pred->op != FILTER_OP_NE &&
	    pred->op != FILTER_OP_GLOB)
		return perr(p, FILT_ERR_ILLEGAL_FIELD_OP, base + p->pos);
	if (!kind_is_string(kind))
		return perr(p, FILT_ERR_EXPECT_DIGIT, base + p->pos);
	if (!end)
		return perr(p, FILT_ERR_MISSING_QUOTE,
			    base + p->pos + strlen(s));
	len = end - s - 1;
	p->pos += len + 2;
	if (len >= MAX_FILTER_STR_VAL)
		return perr(p, FILT_ERR_OPERAND_TOO_LONG, base + p->pos - 1);
	pred->pattern = kmemdup_nul(s + 1, len, GFP_KERNEL);
	if (!pred->pattern)
		return -ENOMEM;
	pred->pattern_len = len;
	pred->kind = kind;
	return 0;
}

static int parse_number(struct filter_parser *p, struct filter_pred *pred,
			int kind, unsigned int base)
{
	unsigned int start = p->pos, len;
	char buf[FILTER_NUM_MAX];
	int ret;

	if (kind_is_string(kind))
		return perr(p, FILT_ERR_EXPECT_STRING, base + p->pos);
	if (pred->op == FILTER_OP_GLOB)
		return perr(p, FILT_ERR_ILLEGAL_FIELD_OP, base + p->pos);
	len = operand_len(p->str + start, false);
	p->pos += len;
	if (len >= sizeof(buf))
		return perr(p, FILT_ERR_OPERAND_TOO_LONG, base + p->pos);
	memcpy(buf, p->str + start, len);
	buf[len] = '\0';
	if (pred->is_signed)
		ret = kstrtoll(buf, 0, (s64 *)&pred->val);
	else
		ret = kstrtoull(buf, 0, &pred->val);
	if (ret)
		return perr(p, FILT_ERR_ILLEGAL_INTVAL, base + start);
	pred->kind = kind;
	return 0;
}

static struct filter_node *new_pred_node(struct filter_pred *pred)
{
	struct filter_node *node = kzalloc(sizeof(*node), GFP_KERNEL);

	if (node) {
		node->type = FILTER_NODE_PRED;
		node->pred = pred;
	}
	return node;
}

static void pred_free(struct filter_pred *pred)
{
	if (pred)
		kfree(pred->pattern);
	kfree(pred);
}

/* field [.function] op value, at p->pos (not a space). */
static struct filter_node *parse_pred(struct filter_parser *p)
{
	const struct ftrace_event_field *f;
	unsigned int start = p->pos, base = 1, len;
	struct filter_pred *pred;
	struct filter_node *node;
	bool function = false;
	enum filter_op op;
	int kind, ret;

	/*
	 * Carets of a term's errors are one column right of the spot, as
	 * upstream's are: @base is added to every position below.
	 */
	while (isalnum(p->str[p->pos]) || p->str[p->pos] == '_')
		p->pos++;
	len = p->pos - start;
	if (!len) {
		perr(p, p->preds ? FILT_ERR_INVALID_FILTER : FILT_ERR_NO_FILTER,
		     p->pos);
		return ERR_PTR(-EINVAL);
	}
	f = find_field(p->call, p->str + start, len);
	if (!f) {
		perr(p, FILT_ERR_FIELD_NOT_FOUND, base + p->pos);
		return ERR_PTR(-EINVAL);
	}
	if (str_has_prefix(p->str + p->pos, ".function")) {
		function = true;
		p->pos += strlen(".function");
	}
	skip_space(p);
	len = parse_op(p->str + p->pos, &op);
	if (!len) {
		perr(p, FILT_ERR_INVALID_OP, base + p->pos);
		return ERR_PTR(-EINVAL);
	}
	p->pos += len;
	skip_space(p);

	pred = kzalloc(sizeof(*pred), GFP_KERNEL);
	if (!pred)
		return ERR_PTR(-ENOMEM);
	pred->op = op;
	pred->offset = f->offset;
	pred->size = f->size;
	pred->is_signed = f->is_signed;
	kind = field_kind(f);
	if (function)
		ret = parse_function(p, pred, f, base);
	else if (p->str[p->pos] == '\'' || p->str[p->pos] == '"')
		ret = parse_string(p, pred, kind, base);
	else if (isdigit(p->str[p->pos]) || p->str[p->pos] == '-')
		ret = parse_number(p, pred, kind, base);
	else
		ret = perr(p, FILT_ERR_INVALID_VALUE, base + p->pos);
	if (!ret && kind == FILTER_PRED_CPU && pred->kind != FILTER_PRED_CPU)
		ret = perr(p, FILT_ERR_ILLEGAL_FIELD_OP, base + p->pos);
	if (ret) {
		pred_free(pred);
		return ERR_PTR(ret);
	}
	node = new_pred_node(pred);
	if (!node) {
		pred_free(pred);
		return ERR_PTR(-ENOMEM);
	}
	p->preds++;
	return node;
}

/* --- expressions ------------------------------------------------------- */

static void node_free(struct filter_node *node)
{
	unsigned int i;

	if (!node)
		return;
	if (node->type == FILTER_NODE_PRED) {
		pred_free(node->pred);
	} else {
		for (i = 0; i < node->nr; i++)
			node_free(node->kids[i]);
		kfree(node->kids);
	}
	kfree(node);
}

static struct filter_node *parse_or(struct filter_parser *p);

/* Is the '!' at p->pos a "not" (and not the start of "!=")? */
static bool at_not(struct filter_parser *p)
{
	return p->str[p->pos] == '!' && p->str[p->pos + 1] != '=';
}

static struct filter_node *parse_unary(struct filter_parser *p)
{
	struct filter_node *node;
	bool invert = false;

	for (;;) {
		skip_space(p);
		if (!at_not(p))
			break;
		invert = !invert;
		p->pos++;
	}
	if (!p->str[p->pos]) {
		perr(p, p->preds ? FILT_ERR_INVALID_FILTER : FILT_ERR_NO_FILTER,
		     p->pos);
		return ERR_PTR(-EINVAL);
	}
	if (p->str[p->pos] != '(') {
		node = parse_pred(p);
	} else {
		if (++p->depth > FILTER_MAX_DEPTH) {
			perr(p, FILT_ERR_TOO_MANY_OPEN, p->pos);
			return ERR_PTR(-EINVAL);
		}
		p->pos++;
		node = parse_or(p);
		if (IS_ERR(node))
			return node;
		skip_space(p);
		if (p->str[p->pos] != ')') {
			node_free(node);
			perr(p, FILT_ERR_TOO_MANY_OPEN, p->pos);
			return ERR_PTR(-EINVAL);
		}
		p->pos++;
		p->depth--;
	}
	if (!IS_ERR(node))
		node->invert ^= invert;
	return node;
}

static int node_add_kid(struct filter_node *node, struct filter_node *kid)
{
	struct filter_node **kids;

	kids = krealloc_array(node->kids, node->nr + 1, sizeof(*kids),
			      GFP_KERNEL);
	if (!kids)
		return -ENOMEM;
	kids[node->nr++] = kid;
	node->kids = kids;
	return 0;
}

/*
 * One operand, or a run of them joined by @op ("&&" or "||"), parsed by
 * @next.  A run becomes one node of @type.
 */
static struct filter_node *
parse_run(struct filter_parser *p, const char *op, enum filter_node_type type,
	  struct filter_node *(*next)(struct filter_parser *p))
{
	struct filter_node *first, *kid, *run = NULL;
	int ret;

	first = next(p);
	if (IS_ERR(first))
		return first;
	for (;;) {
		skip_space(p);
		if (strncmp(p->str + p->pos, op, 2))
			return run ?: first;
		p->pos += 2;
		if (!run) {
			run = kzalloc(sizeof(*run), GFP_KERNEL);
			if (!run || node_add_kid(run, first)) {
				kfree(run);
				node_free(first);
				return ERR_PTR(-ENOMEM);
			}
			run->type = type;
		}
		kid = next(p);
		if (IS_ERR(kid)) {
			node_free(run);
			return kid;
		}
		ret = node_add_kid(run, kid);
		if (ret) {
			node_free(kid);
			node_free(run);
			return ERR_PTR(ret);
		}
	}
}

static struct filter_node *parse_and(struct filter_parser *p)
{
	return parse_run(p, "&&", FILTER_NODE_AND, parse_unary);
}

static struct filter_node *parse_or(struct filter_parser *p)
{
	return parse_run(p, "||", FILTER_NODE_OR, parse_and);
}

/*
 * Quotes and parentheses are checked over the whole text first, so that
 * their errors point where the imbalance is: an unclosed '(' error at
 * the innermost '(' left open.  opened_at[d]: where the '(' that last
 * opened depth d is; deeper than FILTER_MAX_DEPTH, the parse refuses
 * the text anyway, at the first '(' too deep.
 */
static int check_balance(struct filter_parser *p)
{
	unsigned int opened_at[FILTER_MAX_DEPTH + 1];
	unsigned int i, open = 0, too_deep = 0;
	const char *s = p->str;

	for (i = 0; s[i]; i++) {
		if (s[i] == '\'' || s[i] == '"') {
			const char *end = strchr(s + i + 1, s[i]);

			if (!end)
				return perr(p, FILT_ERR_MISSING_QUOTE, i);
			i = end - s;
		} else if (s[i] == '(') {
			if (++open <= FILTER_MAX_DEPTH)
				opened_at[open] = i;
			else if (!too_deep)
				too_deep = i;
		} else if (s[i] == ')') {
			if (!open)
				return perr(p, FILT_ERR_TOO_MANY_CLOSE, i);
			open--;
		}
	}
	if (open)
		return perr(p, FILT_ERR_TOO_MANY_OPEN,
			    open <= FILTER_MAX_DEPTH ? opened_at[open] : too_deep);
	return 0;
}

/**
 * filter_free - free a filter
 * @filter: the filter, or NULL
 *
 * No probe may be evaluating it any more.
 */
void filter_free(struct event_filter *filter)
{
	if (!filter)
		return;
	node_free(filter->root);
	kfree(filter->filter_string);
	kfree(filter);
}

static void filter_free_rcu_cb(struct rcu_head *rcu)
{
	filter_free(container_of(rcu, struct event_filter, rcu));
}

/**
 * filter_free_rcu - free a filter once no probe can be evaluating it
 * @filter: the filter, or NULL
 *
 * Probes evaluate filters with preemption disabled, which an RCU grace
 * period waits for.
 */
void filter_free_rcu(struct event_filter *filter)
{
	if (filter)
		call_rcu(&filter->rcu, filter_free_rcu_cb);
}

/**
 * filter_parse - parse a filter against an event's fields
 * @call: the event
 * @str:  the filter text, without a trailing newline
 * @pe:   filled in with the reason and position when it is refused
 *
 * Return: the filter, ERR_PTR(-EINVAL) with @pe set, or ERR_PTR(-ENOMEM).
 */
struct event_filter *filter_parse(struct trace_event_call *call,
				  const char *str,
				  struct filter_parse_error *pe)
{
	struct filter_parser p = { .call = call, .str = str, .pe = pe };
	struct event_filter *filter;
	struct filter_node *root;

	pe->err = FILT_ERR_NONE;
	pe->pos = 0;
	if (check_balance(&p))
		return ERR_PTR(-EINVAL);
	root = parse_or(&p);
	if (IS_ERR(root))
		return ERR_CAST(root);
	skip_space(&p);
	if (p.str[p.pos]) {
		node_free(root);
		perr(&p, FILT_ERR_TOO_MANY_PREDS, p.pos);
		return ERR_PTR(-EINVAL);
	}
	filter = kzalloc(sizeof(*filter), GFP_KERNEL);
	if (filter)
		filter->filter_string = kstrdup(str, GFP_KERNEL);
	if (!filter || !filter->filter_string) {
		kfree(filter);
		node_free(root);
		return ERR_PTR(-ENOMEM);
	}
	filter->root = root;
	return filter;
}
