/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Event filters, between the parser (trace_events_filter_parse.c), the
 * evaluator (trace_events_filter_eval.c) and the tracefs files
 * (trace_events_filter.c).
 *
 * A filter is parsed once into a tree of struct filter_node and never
 * changed after: writers swap whole filters under event_mutex and free
 * the old one after an RCU grace period, while probes evaluate the tree
 * with preemption disabled and no lock.
 */
#ifndef _KERNEL_TRACE_TRACE_EVENTS_FILTER_H
#define _KERNEL_TRACE_TRACE_EVENTS_FILTER_H

#include <linux/rcupdate.h>
#include <linux/types.h>

struct trace_event_call;
struct trace_array;

/* What error_log says about a refused filter; the index into filter_errs. */
enum filter_err {
	FILT_ERR_NONE,
	FILT_ERR_INVALID_OP,
	FILT_ERR_TOO_MANY_OPEN,
	FILT_ERR_TOO_MANY_CLOSE,
	FILT_ERR_MISSING_QUOTE,
	FILT_ERR_MISSING_BRACE_OPEN,
	FILT_ERR_MISSING_BRACE_CLOSE,
	FILT_ERR_OPERAND_TOO_LONG,
	FILT_ERR_EXPECT_STRING,
	FILT_ERR_EXPECT_DIGIT,
	FILT_ERR_ILLEGAL_FIELD_OP,
	FILT_ERR_FIELD_NOT_FOUND,
	FILT_ERR_ILLEGAL_INTVAL,
	FILT_ERR_BAD_SUBSYS_FILTER,
	FILT_ERR_TOO_MANY_PREDS,
	FILT_ERR_INVALID_FILTER,
	FILT_ERR_INVALID_CPULIST,
	FILT_ERR_IP_FIELD_ONLY,
	FILT_ERR_INVALID_VALUE,
	FILT_ERR_NO_FUNCTION,
	FILT_ERR_ERRNO,
	FILT_ERR_NO_FILTER,
};

extern const char *filter_errs[];

/**
 * struct filter_parse_error - why and where a filter was refused
 * @err: FILT_ERR_*
 * @pos: the offset in the filter text error_log puts its caret under
 */
struct filter_parse_error {
	enum filter_err	err;
	unsigned int	pos;
};

/* The comparison of a predicate. */
enum filter_op {
	FILTER_OP_EQ,
	FILTER_OP_NE,
	FILTER_OP_LT,
	FILTER_OP_LE,
	FILTER_OP_GT,
	FILTER_OP_GE,
	FILTER_OP_BAND,		/* field & value is not zero */
	FILTER_OP_GLOB,		/* string matches a glob */
};

/* What a predicate reads. */
enum filter_pred_kind {
	FILTER_PRED_NUM,	/* an integer field of the record */
	FILTER_PRED_CPU,	/* the CPU the record is written on */
	FILTER_PRED_FUNC,	/* an address field, inside a function */
	FILTER_PRED_STR_FIXED,	/* a char array in the record */
	FILTER_PRED_STR_DYN,	/* a __data_loc string */
	FILTER_PRED_STR_REL,	/* a __rel_loc string */
	FILTER_PRED_STR_PTR,	/* a pointer to a kernel string */
	FILTER_PRED_COMM,	/* the writer's comm */
};

/**
 * struct filter_pred - one "field op value" term
 * @kind:        FILTER_PRED_*
 * @op:          FILTER_OP_*
 * @size:        the field's size in bytes (FILTER_PRED_NUM, _STR_FIXED)
 * @is_signed:   compare as signed integers
 * @offset:      the field's offset in the record
 * @val:         the value (integers), or the function's start
 * @val2:        the function's end (FILTER_PRED_FUNC)
 * @pattern:     the string or glob, NUL-terminated
 * @pattern_len: its length
 */
struct filter_pred {
	u8		kind;
	u8		op;
	u8		size;
	bool		is_signed;
	unsigned int	offset;
	u64		val;
	u64		val2;
	char		*pattern;
	unsigned int	pattern_len;
};

/* A tree node: a term, or the && or || of its children. */
enum filter_node_type {
	FILTER_NODE_PRED,
	FILTER_NODE_AND,
	FILTER_NODE_OR,
};

/**
 * struct filter_node - a node of a parsed filter
 * @type:   FILTER_NODE_*
 * @invert: the node's result is negated ('!')
 * @nr:     number of @kids (AND, OR)
 * @pred:   the term (PRED)
 * @kids:   the operands, evaluated in order with short-circuit (AND, OR)
 */
struct filter_node {
	u8			type;
	bool			invert;
	unsigned int		nr;
	union {
		struct filter_pred	*pred;
		struct filter_node	**kids;
	};
};

/**
 * struct event_filter - a parsed filter and the text it came from
 * @filter_string: what the filter file shows
 * @root:          the tree; NULL in a filter that only carries text
 * @rcu:           frees it after the probes that may see it are done
 */
struct event_filter {
	char			*filter_string;
	struct filter_node	*root;
	struct rcu_head		rcu;
};

/* Nesting of '(' a filter may have: bounds the evaluator's recursion. */
#define FILTER_MAX_DEPTH	32

struct event_filter *filter_parse(struct trace_event_call *call,
				  const char *str,
				  struct filter_parse_error *pe);
void filter_free(struct event_filter *filter);
void filter_free_rcu(struct event_filter *filter);

bool filter_node_match(const struct filter_node *node, void *rec);

#endif /* _KERNEL_TRACE_TRACE_EVENTS_FILTER_H */
