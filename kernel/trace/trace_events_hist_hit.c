// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Hist triggers: the event path.  A hit makes its key of the record's
 * fields, reads the variables it refers to in other maps, finds or
 * claims its element in the map, sets its variables there and adds
 * its values to the element's sums.
 *
 * A probe builds the key in a per-CPU scratch area, one per level of
 * nesting (task, softirq, irq, NMI), so that nothing big lives on the
 * stack and nothing is allocated.
 */

#include <linux/kallsyms.h>
#include <linux/log2.h>
#include <linux/sched.h>
#include <linux/stacktrace.h>
#include <linux/unaligned.h>

#include "trace.h"
#include "trace_events_filter.h"
#include "trace_events_trigger.h"
#include "trace_events_hist.h"

#define HIST_NEST_MAX	4
/* Frames of tracing code a stack key may have to look through. */
#define HIST_STACK_SLACK	8

struct hist_pad {
	u64		key[HIST_KEY_SIZE_MAX / sizeof(u64)];
	u64		refs[HIST_REFS_MAX];
	u64		vars[HIST_VARS_MAX];
	unsigned long	stack[HIST_STACK_DEPTH + HIST_STACK_SLACK];
};

/* Key scratch per CPU and nesting level; the probe is not preempted. */
static DEFINE_PER_CPU(struct hist_pad[HIST_NEST_MAX], hist_pads);
static DEFINE_PER_CPU(int, hist_nest);

static u64 read_num(const struct ftrace_event_field *f, void *rec)
{
	void *p = rec + f->offset;

	switch (f->size) {
	case 1:
		return f->is_signed ? (u64)(s64)*(s8 *)p : *(u8 *)p;
	case 2:
		return f->is_signed ? (u64)(s64)get_unaligned((s16 *)p) :
				      get_unaligned((u16 *)p);
	case 4:
		return f->is_signed ? (u64)(s64)get_unaligned((s32 *)p) :
				      get_unaligned((u32 *)p);
	case 8:
		return get_unaligned((u64 *)p);
	}
	return 0;
}

/*
 * A string field of @rec into @dst (HIST_STR_SIZE bytes, zeroed by the
 * caller): at most HIST_STR_SIZE - 1 characters up to the first NUL,
 * so that equal strings make equal keys.
 */
void hist_read_str(const struct hist_field *hf, void *rec, char *dst)
{
	const struct ftrace_event_field *f = hf->field;
	unsigned int len = HIST_STR_SIZE - 1, loc;
	const char *src;

	switch (hf->src) {
	case HIST_SRC_STR:
		src = rec + f->offset;
		len = min_t(unsigned int, len, f->size);
		break;
	default:	/* HIST_SRC_DSTR, HIST_SRC_RSTR */
		loc = get_unaligned((u32 *)(rec + f->offset));
		src = rec + (loc & 0xffff);
		if (hf->src == HIST_SRC_RSTR)
			src += f->offset + sizeof(u32);
		len = min(len, loc >> 16);
		break;
	}
	memcpy(dst, src, strnlen(src, len));
}

/**
 * hist_field_value - the number a key, value or operand is in one hit
 * @hf:  the field (not a string or a stack)
 * @tr:  the event's instance
 * @rec: the event's record
 *
 * Context: the event's probe, any context.
 * Return: the value.
 */
u64 hist_field_value(const struct hist_field *hf, struct trace_array *tr,
		     void *rec)
{
	u64 v;

	switch (hf->src) {
	case HIST_SRC_TIMESTAMP:
		v = ring_buffer_time_stamp(tr->buffer);
		/* A counter or a cycle clock has no microseconds. */
		if ((hf->mods & HIST_MOD_USECS) && trace_clock_in_ns(tr))
			v = div_u64(v, NSEC_PER_USEC);
		return v;
	case HIST_SRC_CPU:
		return raw_smp_processor_id();
	case HIST_SRC_HITCOUNT:
		return 1;
	case HIST_SRC_NUM:
		v = read_num(hf->field, rec);
		break;
	default:
		return 0;
	}
	if (hf->mods & HIST_MOD_LOG2)
		v = v ? ilog2(roundup_pow_of_two(v)) : 0;
	else if (hf->mods & HIST_MOD_BUCKETS)
		v = div64_u64(v, hf->buckets) * hf->buckets;
	return v;
}

#ifdef CONFIG_STACKTRACE
/* Is @addr in the __traceiter_<name> of @call's tracepoint? */
static bool hist_in_iterator(const struct trace_event_call *call,
			     unsigned long addr)
{
	unsigned long off;

	if (!call || !(call->flags & TRACE_EVENT_FL_TRACEPOINT) ||
	    !call->tp->iterator)
		return false;
	return kallsyms_lookup_size_offset(addr, NULL, &off) &&
	       addr - off == (unsigned long)call->tp->iterator;
}

/*
 * common_stacktrace: the frames of the code that fired the event, as
 * upstream's start.  @ev->from is the return address into the event's
 * probe; the probe and, when the tracepoint calls several probes,
 * __traceiter_<name> are left out with everything below them.
 * Return: false if @ev->from is not among the frames.
 */
static noinline bool hist_read_event_stack(const struct hist_eval *ev,
					   unsigned long *dst)
{
	unsigned long *buf = ev->stack;
	unsigned int nr, i;

	nr = stack_trace_save(buf, HIST_STACK_DEPTH + HIST_STACK_SLACK, 0);
	for (i = 0; i < nr && buf[i] != ev->from; i++)
		;
	if (i == nr)
		return false;
	/* the probe's frame (or, a tail call, the iterator's); the iterator's */
	i++;
	if (i < nr && hist_in_iterator(ev->call, buf[i]))
		i++;
	memcpy(dst, buf + i,
	       min(nr - i, (unsigned int)HIST_STACK_DEPTH) * sizeof(*dst));
	return true;
}
#endif

/*
 * A stack key or variable into @dst (HIST_STACK_DEPTH frames, zeroed by
 * the caller): a stack field's frames (a synthetic event's
 * unsigned long[], __data_loc), or for common_stacktrace the frames of
 * the code that fired the event (without knowing where the probe is,
 * those above the trigger code).
 */
static __always_inline void hist_read_stack(const struct hist_field *hf,
					    const struct hist_eval *ev,
					    unsigned long *dst)
{
	unsigned int loc;

	if (hf->field) {
		loc = get_unaligned((u32 *)(ev->rec + hf->field->offset));
		memcpy(dst, ev->rec + (loc & 0xffff),
		       min_t(unsigned int, loc >> 16,
			     HIST_STACK_DEPTH * sizeof(unsigned long)));
		return;
	}
#ifdef CONFIG_STACKTRACE
	if (!ev->from || !hist_read_event_stack(ev, dst))
		stack_trace_save(dst, HIST_STACK_DEPTH, 5);
#endif
}

static void hist_make_key(const struct hist_eval *ev, void *key)
{
	const struct hist_def *def = ev->def;
	unsigned int i;

	memset(key, 0, def->key_size);
	for (i = 0; i < def->n_keys; i++) {
		const struct hist_field *hf = &def->keys[i];
		void *dst = key + hf->offset;

		if (hist_src_is_string(hf->src))
			hist_read_str(hf, ev->rec, dst);
		else if (hf->src == HIST_SRC_STACK)
			hist_read_stack(hf, ev, dst);
		else
			*(u64 *)dst = hist_field_value(hf, ev->tr, ev->rec);
	}
}

/*
 * A string or stack variable's value into its buffer @buf in the
 * element; the variable's u64 is the buffer's address.
 */
static __always_inline u64 fill_var_buf(const struct hist_var *var,
					const struct hist_eval *ev, void *buf)
{
	const struct hist_expr *e = var->expr;
	const void *src;

	memset(buf, 0, hist_var_buf_size(var));
	if (e->op == HIST_OP_REF) {
		/* Another element's buffer, of the same size. */
		src = (const void *)(unsigned long)hist_expr_eval(e, ev);
		if (src)
			memcpy(buf, src, hist_var_buf_size(var));
	} else if (var->is_stack) {
		hist_read_stack(&e->field, ev, buf);
	} else {
		hist_read_str(&e->field, ev->rec, buf);
	}
	return (unsigned long)buf;
}

/*
 * The hit's variables into @ev->own, then into @elt: each value before
 * its set bit (see trace_events_hist_vars.c).
 */
static void hist_set_vars(const struct hist_eval *ev, u64 *own,
			  struct tracing_map_elt *elt)
{
	const struct hist_def *def = ev->def;
	unsigned int i;

	for (i = 0; i < def->n_vars; i++) {
		const struct hist_var *var = &def->vars[i];

		if (var->is_str || var->is_stack)
			own[i] = fill_var_buf(var, ev, elt->priv + var->str_off);
		else
			own[i] = hist_expr_eval(var->expr, ev);
		WRITE_ONCE(hist_elt_vars(def, elt)[i], own[i]);
		/* Pairs with test_and_clear_bit() in hist_read_refs(). */
		smp_mb__before_atomic();
		set_bit(i, hist_elt_set(def, elt));
	}
}

/**
 * hist_hit - add one hit of an event to a hist trigger's map
 * @ht:   the trigger
 * @file: the event's file
 * @rec:  the event's record
 * @from: the return address into the event's probe (the trigger's
 *        caller), where common_stacktrace keys start; 0 if unknown
 *
 * Context: the event's probe, any context (NMI included); takes no
 * lock and allocates nothing.
 */
void hist_hit(struct hist_trigger *ht, struct trace_event_file *file,
	      void *rec, unsigned long from)
{
	const struct hist_def *def = ht->def;
	struct hist_eval ev = {
		.def = def, .tr = file->tr, .rec = rec,
		.call = file->event_call, .from = from,
	};
	struct tracing_map_elt *elt;
	char comm[TASK_COMM_LEN];
	struct hist_pad *pad;
	unsigned int i;
	int nest;
	u64 v;

	preempt_disable_notrace();
	nest = __this_cpu_inc_return(hist_nest);
	if (nest > HIST_NEST_MAX)
		goto out;
	pad = this_cpu_ptr(&hist_pads[nest - 1]);
	ev.stack = pad->stack;
	hist_make_key(&ev, pad->key);
	if (def->n_refs && !hist_read_refs(def, pad->key, pad->refs))
		goto out;
	ev.refs = pad->refs;
	ev.own = pad->vars;
	if (def->has_execname) {
		/*
		 * Without task_lock(): this may be an NMI.  A rename racing
		 * with us may show half of each name.
		 */
		if (current->pid)
			strscpy_pad(comm, current->comm, sizeof(comm));
		else
			strscpy(comm, "<idle>", sizeof(comm));
	}
	elt = tracing_map_insert(ht->hist->map, pad->key,
				 def->has_execname ? comm : NULL);
	if (!elt)
		goto out;
	hist_set_vars(&ev, pad->vars, elt);
	if (def->n_actions)
		hist_run_actions(ht, &ev, pad->key, elt);
	for (i = 0; i < def->n_vals; i++) {
		const struct hist_field *hf = &def->vals[i];

		v = hf->src == HIST_SRC_VAR ? pad->vars[hf->var] :
					      hist_field_value(hf, ev.tr, rec);
		tracing_map_update_sum(elt, hf->map_idx, v);
	}
out:
	__this_cpu_dec(hist_nest);
	preempt_enable_notrace();
}
