// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Hist trigger handlers and actions:
 *
 *   onmax($var).save(field[,field...])    onmax($var).snapshot()
 *   onchange($var).save(field[,field...]) onchange($var).snapshot()
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
		ret = hist_parse_field(p, hf, strim(one), true);
		if (ret)
			return ret;
		if (hf->src == HIST_SRC_STACK) {
			hist_err(p, HIST_ERR_INVALID_PARAM, hf->name);
			return -EINVAL;
		}
	}
	return 0;
}

/* "<action>(<params>)" after a handler. */
static int parse_act(struct hist_parse *p, struct hist_def *def,
		     struct hist_action *a, char *str)
{
	char *params = strchr(str, '('), *close;

	if (!params) {
		hist_err(p, HIST_ERR_ACTION_NOT_FOUND, NULL);
		return -EINVAL;
	}
	*params++ = '\0';
	close = strrchr(params, ')');
	if (!close || close[1]) {
		hist_err(p, HIST_ERR_NO_CLOSING_PAREN, params);
		return -EINVAL;
	}
	*close = '\0';
	if (!strcmp(str, "save")) {
		a->act = HIST_ACT_SAVE;
		return parse_save(p, def, params);
	}
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

/* "onmatch(...)" is not written: say which part is refused. */
static int refuse_onmatch(struct hist_parse *p, char *rest)
{
	char *act = strchr(rest, ')');

	act = act && act[1] == '.' ? act + 1 : NULL;
	if (act && (str_has_prefix(act + 1, "save(") ||
		    str_has_prefix(act + 1, "snapshot("))) {
		hist_err(p, HIST_ERR_ACTION_MISMATCH, act + 1);
		return -EINVAL;
	}
	hist_err(p, HIST_ERR_SYNTH_EVENT_NOT_FOUND, NULL);
	return -EINVAL;
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
	if (!strcmp(tok, "onmatch"))
		return refuse_onmatch(p, arg);
	for (i = 0; i < ARRAY_SIZE(hist_handler_names); i++)
		if (!strcmp(tok, hist_handler_names[i]))
			break;
	if (i == ARRAY_SIZE(hist_handler_names) ||
	    def->n_actions == HIST_ACTIONS_MAX)
		return -EINVAL;
	a = &def->actions[def->n_actions];
	a->handler = i;
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
 * those set, the handlers' track slots, the saved fields.
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
 * @tr:   the event's instance
 * @rec:  the event's record
 * @key:  the hit's key
 * @elt:  its element, its variables set
 * @vars: the values the hit gave the variables
 *
 * Context: the event's probe, any context.
 */
void hist_run_actions(struct hist_trigger *ht, struct trace_array *tr,
		      void *rec, void *key, struct tracing_map_elt *elt,
		      const u64 *vars)
{
	const struct hist_def *def = ht->def;
	unsigned int i;

	for (i = 0; i < def->n_actions; i++) {
		const struct hist_action *a = &def->actions[i];
		u64 v = vars[a->var];

		if (!track(a->handler, hist_elt_track(def, elt, i), v))
			continue;
		if (a->act == HIST_ACT_SAVE)
			save_fields(def, tr, rec, elt);
		else
			take_snapshot(ht, tr, a, key, elt, v);
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

		seq_printf(m, ":%s($%s).", hist_handler_names[a->handler],
			   def->vars[a->var].name);
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

		if (a->act == HIST_ACT_SNAPSHOT)
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
