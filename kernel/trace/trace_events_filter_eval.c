// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Event filters: the evaluator.  It runs in the event probes, in any
 * context, with preemption disabled: no locks, no allocation, and a
 * recursion no deeper than FILTER_MAX_DEPTH.
 */

#include <linux/uaccess.h>
#include <linux/glob.h>
#include <linux/sched.h>

#include "trace.h"
#include "trace_events_filter.h"

static notrace s64 read_signed(const void *p, unsigned int size)
{
	switch (size) {
	case 1:
		return *(const s8 *)p;
	case 2:
		return *(const s16 *)p;
	case 4:
		return *(const s32 *)p;
	default:
		return *(const s64 *)p;
	}
}

static notrace u64 read_unsigned(const void *p, unsigned int size)
{
	switch (size) {
	case 1:
		return *(const u8 *)p;
	case 2:
		return *(const u16 *)p;
	case 4:
		return *(const u32 *)p;
	default:
		return *(const u64 *)p;
	}
}

/* The comparison @op of @cmp (<0, 0, >0) and, for '&', of @band. */
static notrace bool op_result(u8 op, int cmp, bool band)
{
	switch (op) {
	case FILTER_OP_EQ:
		return cmp == 0;
	case FILTER_OP_NE:
		return cmp != 0;
	case FILTER_OP_LT:
		return cmp < 0;
	case FILTER_OP_LE:
		return cmp <= 0;
	case FILTER_OP_GT:
		return cmp > 0;
	case FILTER_OP_GE:
		return cmp >= 0;
	case FILTER_OP_BAND:
		return band;
	}
	return false;
}

static notrace bool match_signed(const struct filter_pred *pred, s64 v)
{
	s64 val = pred->val;

	return op_result(pred->op, v < val ? -1 : v > val, v & val);
}

static notrace bool match_unsigned(const struct filter_pred *pred, u64 v)
{
	u64 val = pred->val;

	return op_result(pred->op, v < val ? -1 : v > val, v & val);
}

static notrace bool match_num(const struct filter_pred *pred, void *rec)
{
	void *p = rec + pred->offset;

	if (pred->is_signed)
		return match_signed(pred, read_signed(p, pred->size));
	return match_unsigned(pred, read_unsigned(p, pred->size));
}

/* @s is @len bytes, not necessarily NUL-terminated. */
static notrace bool match_str(const struct filter_pred *pred, const char *s,
			      unsigned int len)
{
	char buf[MAX_FILTER_STR_VAL];
	bool same;

	len = strnlen(s, len);
	if (pred->op == FILTER_OP_GLOB) {
		len = min_t(unsigned int, len, sizeof(buf) - 1);
		memcpy(buf, s, len);
		buf[len] = '\0';
		return glob_match(pred->pattern, buf);
	}
	same = len == pred->pattern_len && !memcmp(s, pred->pattern, len);
	return pred->op == FILTER_OP_EQ ? same : !same;
}

/* A __data_loc (@rel false) or __rel_loc string field. */
static notrace bool match_loc(const struct filter_pred *pred, void *rec,
			      bool rel)
{
	u32 loc = *(u32 *)(rec + pred->offset);
	unsigned int off = loc & 0xffff, len = loc >> 16;
	void *base = rel ? rec + pred->offset + sizeof(u32) : rec;

	return match_str(pred, base + off, len);
}

static notrace bool match_ptr_str(const struct filter_pred *pred, void *rec)
{
	const char *ptr = *(const char **)(rec + pred->offset);
	char buf[MAX_FILTER_STR_VAL];
	long len;

	if (!ptr)
		return match_str(pred, EVENT_NULL_STR, sizeof(EVENT_NULL_STR));
	len = strncpy_from_kernel_nofault(buf, ptr, sizeof(buf));
	if (len < 0)
		return false;
	return match_str(pred, buf, len);
}

static notrace bool pred_match(const struct filter_pred *pred, void *rec)
{
	unsigned long addr;
	bool inside;

	switch (pred->kind) {
	case FILTER_PRED_NUM:
		return match_num(pred, rec);
	case FILTER_PRED_CPU:
		return match_signed(pred, raw_smp_processor_id());
	case FILTER_PRED_FUNC:
		addr = *(unsigned long *)(rec + pred->offset);
		inside = addr >= pred->val && addr < pred->val2;
		return pred->op == FILTER_OP_EQ ? inside : !inside;
	case FILTER_PRED_STR_FIXED:
		/* A flexible array (size 0) ends with a NUL. */
		return match_str(pred, rec + pred->offset,
				 pred->size ?: MAX_FILTER_STR_VAL);
	case FILTER_PRED_STR_DYN:
		return match_loc(pred, rec, false);
	case FILTER_PRED_STR_REL:
		return match_loc(pred, rec, true);
	case FILTER_PRED_STR_PTR:
		return match_ptr_str(pred, rec);
	case FILTER_PRED_COMM:
		return match_str(pred, current->comm, TASK_COMM_LEN);
	}
	return false;
}

/**
 * filter_node_match - evaluate a filter tree on a record
 * @node: the tree
 * @rec:  the record, laid out as the event's format says
 *
 * Return: true if the record passes.
 */
notrace bool filter_node_match(const struct filter_node *node, void *rec)
{
	/* && stops at the first false operand, || at the first true one. */
	bool go_on = node->type == FILTER_NODE_AND;
	unsigned int i;
	bool r = false;

	if (node->type == FILTER_NODE_PRED)
		return pred_match(node->pred, rec) ^ node->invert;
	for (i = 0; i < node->nr; i++) {
		r = filter_node_match(node->kids[i], rec);
		if (r != go_on)
			break;
	}
	return r ^ node->invert;
}

/**
 * filter_match_preds - does a record pass a filter?
 * @filter: the filter, or NULL for none
 * @rec:    the record
 *
 * Called by event probes and by perf's tracepoint PMU with preemption
 * disabled.
 *
 * Return: 1 if the record passes (or there is no filter), else 0.
 */
notrace int filter_match_preds(struct event_filter *filter, void *rec)
{
	struct filter_node *root;

	if (!filter)
		return 1;
	/*
	 * Not needed: root is set before the filter is published
	 * (filter_parse() and then rcu_replace_pointer() in
	 * trace_events_filter.c) and never changed after; the caller
	 * reached @filter with rcu_dereference, whose dependency orders
	 * this load.  No writer races with it.
	 */
	root = READ_ONCE(filter->root);
	if (!root)
		return 1;
	return filter_node_match(root, rec);
}
EXPORT_SYMBOL_GPL(filter_match_preds);
