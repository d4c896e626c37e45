// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Hist trigger handlers and actions:
 *
 *   onmax($var).save(field[,field...])    onmax($var).snapshot()
 *   onchange($var).save(field[,field...]) onchange($var).snapshot()
 *   onmax($var).trace(synth,param...)     onchange($var).trace(...)
 *   onmatch(subsys.event).trace(synth,param...)  (trace_events_hist_trace.c)
 *
 * A handler watches one of its trigger's variables, per map element:
 * onmax() fires when a hit sets it above the largest value it had,
 * onchange() when a hit sets it to another value than the last one.
 * The element keeps that value (its "track" slot).  save() copies the
 * named fields of the hit's record into the element; the hist file
 * shows them under the entry.  snapshot() swaps the instance's buffer
 * into its snapshot buffer, through the conditional snapshot, which
 * keeps the value and the key that took it for the hist file.
 *
 * Track slots are updated by probes without locks, with a cmpxchg loop,
 * so that of racing hits only those that really raise (or change) the
 * value fire.  Saved fields are plain stores: two hits racing on one
 * element may leave a mix of both.  The snapshot's details are written
 * under hist_snap::lock, which a probe only tries to take (it may be an
 * NMI); a probe that finds it taken takes no snapshot.
 */

#include <linux/seq_file.h>
#include <linux/slab.h>

#include "trace.h"
#include "trace_events_filter.h"
#include "trace_events_trigger.h"
#include "trace_events_hist.h"

static const char *const hist_handler_names[] = {
	[HIST_ONMAX]	= "onmax",
	[HIST_ONCHANGE]	= "onchange",
	[HIST_ONMATCH]	= "onmatch",
};

/* "save(...)"'s fields into @def->save.  0 or -errno, logged. */
static int parse_save(struct hist_parse *p, struct hist_def *def,
		      char *params)
{
	char *one;
	int ret;

	if (!*params) {
		hist_err(p, HIST_ERR_NO_SAVE_PARAMS, NULL);
		return -EINVAL;
	}
	if (def->n_save) {
		hist_err(p, HIST_ERR_TOO_MANY_SAVE_ACTIONS, NULL);
		return -EINVAL;
	}
	while ((one = strsep(&params, ","))) {
		struct hist_field *hf;

		if (def->n_save == HIST_SAVE_MAX) {
			hist_err(p, HIST_ERR_TOO_MANY_PARAMS, NULL);
			return -EINVAL;
		}
		hf = &def->save[def->n_save++];
		ret = hist_parse_field(p, hf, strim(one), HIST_USE_KEY);
		if (ret)
			return ret;
		if (hf->src == HIST_SRC_STACK) {
			hist_err(p, HIST_ERR_INVALID_PARAM, hf->name);
			return -EINVAL;
		}
	}
	return 0;
}

/* Cut "<action>(<params>)" at its parens; NULL params if malformed. */
static char *act_params(struct hist_parse *p, char *str)
{
	char *params = strchr(str, '('), *close;

	if (!params) {
		hist_err(p, HIST_ERR_ACTION_NOT_FOUND, NULL);
		return NULL;
	}
	*params++ = '\0';
	close = strrchr(params, ')');
	if (!close || close[1]) {
		hist_err(p, HIST_ERR_NO_CLOSING_PAREN, params);
		return NULL;
	}
	*close = '\0';
	return params;
}

/* "trace(<synth>,<params>)": the synthetic event's name first. */
static int parse_trace_act(struct hist_parse *p, struct hist_def *def,
			   struct hist_action *a, char *params)
{
	char *synth = strsep(&params, ",");

	a->act = HIST_ACT_TRACE;
	return hist_parse_trace(p, def, a, strim(synth), params, false);
}

/* "<action>(<params>)" after onmax() or onchange(). */
static int parse_act(struct hist_parse *p, struct hist_def *def,
		     struct hist_action *a, char *str)
{
	char *params = act_params(p, str);

	if (!params)
		return -EINVAL;
	if (!strcmp(str, "save")) {
		a->act = HIST_ACT_SAVE;
		return parse_save(p, def, params);
	}
	if (!strcmp(str, "trace"))
		return parse_trace_act(p, def, a, params);
	if (!IS_ENABLED(CONFIG_TRACER_SNAPSHOT) || strcmp(str, "snapshot")) {
		hist_err(p, HIST_ERR_ACTION_NOT_FOUND, NULL);
		return -EINVAL;
	}
	if (*params || def->has_snapshot) {
		hist_err(p, HIST_ERR_INVALID_PARAM, str);
		return -EINVAL;
	}
	a->act = HIST_ACT_SNAPSHOT;
	def->has_snapshot = true;
	return 0;
}

/*
 * "onmatch(<subsys>.<event>).<action>(<params>)": trace(<synth>,...)
 * or the legacy <synth>(...); save() and snapshot() are refused.
 */
static int parse_onmatch(struct hist_parse *p, struct hist_def *def,
			 struct hist_action *a, char *arg)
{
	char *close = strchr(arg, ')'), *act, *params;
	int ret;

	if (!close) {
		hist_err(p, HIST_ERR_NO_CLOSING_PAREN, arg);
		return -EINVAL;
	}
	*close = '\0';
	act = close + 1;
	if (*act != '.') {
		hist_err(p, HIST_ERR_ACTION_NOT_FOUND, NULL);
		return -EINVAL;
	}
	act++;
	if (str_has_prefix(act, "save(") || str_has_prefix(act, "snapshot(")) {
		hist_err(p, HIST_ERR_ACTION_MISMATCH, act);
		return -EINVAL;
	}
	ret = hist_parse_onmatch(p, a, arg);
	if (ret)
		return ret;
	params = act_params(p, act);
	if (!params)
		return -EINVAL;
	if (!strcmp(act, "trace"))
		return parse_trace_act(p, def, a, params);
	a->act = HIST_ACT_TRACE;
	return hist_parse_trace(p, def, a, act, params, true);
}

/**
 * hist_parse_action - parse "<handler>(<arg>).<action>(<params>)"
 * @p:   the command being parsed, for error_log
 * @def: the definition, its variables parsed; the action is added
 * @tok: the token, cut up by the parse
 *
 * Return: 0 or -errno, logged where upstream Linux logs it.
 */
int hist_parse_action(struct hist_parse *p, struct hist_def *def, char *tok)
{
	char *arg = strchr(tok, '('), *close;
	struct hist_action *a;
	unsigned int i;

	if (!arg)
		return -EINVAL;
	*arg++ = '\0';
	for (i = 0; i < ARRAY_SIZE(hist_handler_names); i++)
		if (!strcmp(tok, hist_handler_names[i]))
			break;
	if (i == ARRAY_SIZE(hist_handler_names) ||
	    def->n_actions == HIST_ACTIONS_MAX)
		return -EINVAL;
	a = &def->actions[def->n_actions];
	a->handler = i;
	if (i == HIST_ONMATCH) {
		/* Counted now: the definition frees what it parsed. */
		def->n_actions++;
		return parse_onmatch(p, def, a, arg);
	}
	close = strchr(arg, ')');
	if (!close) {
		hist_err(p, HIST_ERR_NO_CLOSING_PAREN, arg);
		return -EINVAL;
	}
	*close = '\0';
	if (*arg != '$') {
		hist_err(p, HIST_ERR_ONX_NOT_VAR, arg);
		return -EINVAL;
	}
	for (i = 0; i < def->n_vars; i++)
		if (!strcmp(def->vars[i].name, arg + 1))
			break;
	if (i == def->n_vars) {
		hist_err(p, HIST_ERR_ONX_VAR_NOT_FOUND, arg);
		return -EINVAL;
	}
	a->var = i;
	if (close[1] != '.') {
		hist_err(p, HIST_ERR_ACTION_NOT_FOUND, NULL);
		return -EINVAL;
	}
	def->n_actions++;
	return parse_act(p, def, a, close + 2);
}

/**
 * hist_layout_priv - place an element's private data
 * @def: the definition, parsed
 *
 * After the comm of an execname key: the variables, the bitmap of
 * those set, the handlers' track slots, the saved fields, the buffers
 * of string and stack variables.
 */
void hist_layout_priv(struct hist_def *def)
{
	unsigned int i, off;

	def->vars_off = def->has_execname ? ALIGN(TASK_COMM_LEN, 8) : 0;
	if (!def->n_vars && !def->n_actions) {
		def->priv_size = def->has_execname ? TASK_COMM_LEN : 0;
		return;
	}
	off = def->vars_off + def->n_vars * sizeof(u64) +
	      sizeof(unsigned long);
	def->acts_off = off;
	off += def->n_actions * sizeof(u64);
	for (i = 0; i < def->n_save; i++) {
		def->save[i].offset = off;
		off += ALIGN(def->save[i].size, sizeof(u64));
	}
	for (i = 0; i < def->n_vars; i++) {
		if (!def->vars[i].is_str && !def->vars[i].is_stack)
			continue;
		def->vars[i].str_off = off;
		off += hist_var_buf_size(&def->vars[i]);
	}
	def->priv_size = off;
}

/* @v is a new maximum, or a change, for the slot: claim it. */
static bool track(enum hist_handler h, u64 *slot, u64 v)
{
	/* probes of other CPUs race here (the cmpxchg); the hist file reads */
	u64 old = READ_ONCE(*slot);

	do {
		if (h == HIST_ONMAX ? v <= old : v == old)
			return false;
	} while (!try_cmpxchg64(slot, &old, v));
	return true;
}

static void save_fields(const struct hist_def *def, struct trace_array *tr,
			void *rec, struct tracing_map_elt *elt)
{
	unsigned int i;

	for (i = 0; i < def->n_save; i++) {
		const struct hist_field *hf = &def->save[i];
		void *dst = elt->priv + hf->offset;

		if (hist_src_is_string(hf->src)) {
			memset(dst, 0, hf->size);
			hist_read_str(hf, rec, dst);
		} else {
			/* read locklessly by hist_print_actions(): one word */
			WRITE_ONCE(*(u64 *)dst, hist_field_value(hf, tr, rec));
		}
	}
}

#ifdef CONFIG_TRACER_SNAPSHOT
/* What a probe passes to tracing_snapshot_cond(). */
struct hist_snap_hit {
	struct hist_snap		*snap;
	const struct hist_action	*action;
	struct tracing_map_elt		*elt;
	void				*key;
	u64				val;
};

/* The conditional snapshot's update(): keep the details, or refuse. */
static bool snap_update(struct trace_array *tr, void *cond_data)
{
	struct hist_snap_hit *hit = cond_data;
	struct hist_snap *snap = hit->snap;
	const struct hist_def *def = snap->def;

	if (!raw_spin_trylock(&snap->lock))
		return false;
	snap->val = hit->val;
	snap->action = hit->action;
	memcpy(snap->key, hit->key, def->key_size);
	if (def->has_execname)
		memcpy(snap->comm, hit->elt->priv, TASK_COMM_LEN);
	/* tested without the lock by hist_print_snapshot(), then re-read under it */
	WRITE_ONCE(snap->updated, true);
	raw_spin_unlock(&snap->lock);
	return true;
}

static void take_snapshot(struct hist_trigger *ht, struct trace_array *tr,
			  const struct hist_action *a, void *key,
			  struct tracing_map_elt *elt, u64 v)
{
	struct hist_snap_hit hit = {
		.snap = ht->snap, .action = a, .elt = elt, .key = key,
		.val = v,
	};

	if (ht->snap)
		tracing_snapshot_cond(tr, &hit);
}

/**
 * hist_snap_enable - make a trigger with snapshot() the instance's
 *                    conditional snapshot
 * @ht: the trigger
 * @tr: its instance, whose snapshot buffer hist_prepare() allocated
 *
 * Context: event_mutex held.
 * Return: 0, -ENOMEM, or -EBUSY when the instance has one already.
 */
int hist_snap_enable(struct hist_trigger *ht, struct trace_array *tr)
{
	struct hist_snap *snap;
	int ret;

	if (!ht->def->has_snapshot)
		return 0;
	snap = kzalloc(sizeof(*snap), GFP_KERNEL);
	if (!snap)
		return -ENOMEM;
	raw_spin_lock_init(&snap->lock);
	snap->def = ht->def;
	ret = tracing_snapshot_cond_enable(tr, snap, snap_update);
	if (ret) {
		kfree(snap);
		return ret;
	}
	ht->snap = snap;
	return 0;
}

/**
 * hist_snap_disable - let go of the conditional snapshot
 * @ht: the trigger, unlinked; its hist_snap is freed with it
 * @tr: its instance
 *
 * Context: event_mutex held.
 */
void hist_snap_disable(struct hist_trigger *ht, struct trace_array *tr)
{
	if (ht->snap)
		tracing_snapshot_cond_disable(tr);
}

/**
 * hist_print_snapshot - the details of the last snapshot a trigger took
 * @m:  the hist file
 * @ht: the trigger
 *
 * Context: event_mutex held.
 */
void hist_print_snapshot(struct seq_file *m, struct hist_trigger *ht)
{
	struct hist_snap *snap = ht->snap;
	struct tracing_map_elt elt = {};
	const struct hist_action *a;
	char comm[TASK_COMM_LEN];
	unsigned long flags;
	void *key;
	u64 val;

	/* set under snap->lock by a probe (see above); only a hint here */
	if (!snap || !READ_ONCE(snap->updated))
		return;
	key = kmalloc(ht->def->key_size, GFP_KERNEL);
	if (!key)
		return;
	raw_spin_lock_irqsave(&snap->lock, flags);
	val = snap->val;
	a = snap->action;
	memcpy(key, snap->key, ht->def->key_size);
	memcpy(comm, snap->comm, sizeof(comm));
	raw_spin_unlock_irqrestore(&snap->lock, flags);
	elt.priv = comm;
	seq_puts(m, "\nSnapshot taken (see tracing/snapshot).  Details:\n");
	seq_printf(m, "\ttriggering value { %s($%s) }: %10llu",
		   hist_handler_names[a->handler],
		   ht->def->vars[a->var].name, val);
	seq_puts(m, "\ttriggered by event with key: ");
	hist_print_key(m, ht->def, key, &elt);
	seq_putc(m, '\n');
	kfree(key);
}
#else
static void take_snapshot(struct hist_trigger *ht, struct trace_array *tr,
			  const struct hist_action *a, void *key,
			  struct tracing_map_elt *elt, u64 v)
{
}
#endif

/**
 * hist_run_actions - run a hit's handlers and their actions
 * @ht:   the trigger
 * @ev:   the hit: its record, its variables' values and references
 * @key:  the hit's key
 * @elt:  its element, its variables set
 *
 * Context: the event's probe, any context.
 */
void hist_run_actions(struct hist_trigger *ht, const struct hist_eval *ev,
		      void *key, struct tracing_map_elt *elt)
{
	const struct hist_def *def = ht->def;
	unsigned int i;
	u64 v = 0;

	for (i = 0; i < def->n_actions; i++) {
		const struct hist_action *a = &def->actions[i];

		/* onmatch(): every hit whose references were all set */
		if (a->handler != HIST_ONMATCH) {
			v = ev->own[a->var];
			if (!track(a->handler, hist_elt_track(def, elt, i), v))
				continue;
		}
		if (a->act == HIST_ACT_SAVE)
			save_fields(def, ev->tr, ev->rec, elt);
		else if (a->act == HIST_ACT_TRACE)
			hist_trace_fire(a->trace, ev);
		else
			take_snapshot(ht, ev->tr, a, key, elt, v);
	}
}

/**
 * hist_print_actions_spec - the handlers as the trigger file shows them
 * @m:   the file
 * @def: the definition
 */
void hist_print_actions_spec(struct seq_file *m, const struct hist_def *def)
{
	unsigned int i, j;

	for (i = 0; i < def->n_actions; i++) {
		const struct hist_action *a = &def->actions[i];

		if (a->handler == HIST_ONMATCH) {
			hist_print_trace(m, a);
			continue;
		}
		seq_printf(m, ":%s($%s).", hist_handler_names[a->handler],
			   def->vars[a->var].name);
		if (a->act == HIST_ACT_TRACE) {
			hist_print_trace(m, a);
			continue;
		}
		if (a->act == HIST_ACT_SNAPSHOT) {
			seq_puts(m, "snapshot()");
			continue;
		}
		seq_puts(m, "save(");
		for (j = 0; j < def->n_save; j++)
			seq_printf(m, "%s%s", j ? "," : "", def->save[j].name);
		seq_putc(m, ')');
	}
}

/**
 * hist_print_actions - an entry's handler values and saved fields
 * @m:   the hist file
 * @def: the definition
 * @elt: the entry
 */
void hist_print_actions(struct seq_file *m, const struct hist_def *def,
			struct tracing_map_elt *elt)
{
	unsigned int i, j;

	for (i = 0; i < def->n_actions; i++) {
		const struct hist_action *a = &def->actions[i];

		if (a->act != HIST_ACT_SAVE)
			continue;
		/* track() and save_fields() store these from probes, unlocked */
		seq_printf(m, "\n\t%s: %10llu",
			   a->handler == HIST_ONMAX ? "max" : "changed",
			   READ_ONCE(*hist_elt_track(def, elt, i)));
		for (j = 0; j < def->n_save; j++) {
			const struct hist_field *hf = &def->save[j];
			void *v = elt->priv + hf->offset;

			if (hist_src_is_string(hf->src))
				seq_printf(m, "  %s: %-32s", hf->name,
					   (char *)v);
			else
				seq_printf(m, "  %s: %10llu", hf->name,
					   READ_ONCE(*(u64 *)v));
		}
	}
}

/**
 * hist_prepare - allocate the snapshot buffer a command's snapshot() needs
 * @tr:  the instance
 * @cmd: the command
 *
 * Before event_mutex is taken: the allocation takes trace_types_lock.
 *
 * Return: 0 or -errno.
 */
int hist_prepare(struct trace_array *tr, const char *cmd)
{
#ifdef CONFIG_TRACER_SNAPSHOT
	if (strstr(cmd, ".snapshot()"))
		return tracing_alloc_snapshot_instance(tr);
#endif
	return 0;
}
