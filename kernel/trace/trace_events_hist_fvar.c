// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Field variables: a trace() parameter that names a field of another
 * event, the onmatch() event's ("prio", "sched.sched_waking.prio").
 *
 * The field's value must be kept when that event happens, until the
 * matching event reads it.  A hist trigger cannot change once added,
 * so the trigger naming the field adds one more to the other event,
 * with the keys and filter of a hist trigger already there:
 *
 *   hist:keys=comm:synthetic_prio=prio if comm=="ping"
 *
 * and reads its variable like any "$var" of another trigger.  That
 * trigger is an ordinary one of its event, listed in its trigger and
 * hist files; the variable reference makes it busy (not removable by
 * hand).  It goes when the trigger that added it goes.
 *
 * Locking: all of it runs under event_mutex, which protects
 * hist_trigger::fvars and hist_trigger::fv_owner.  The two triggers
 * point at each other; whichever is unlinked first clears the other's
 * pointer, so neither is reached once gone (an instance going away
 * unlinks the triggers of its files in any order).
 */

#include <linux/seq_buf.h>
#include <linux/slab.h>

#include "trace.h"
#include "trace_events_filter.h"
#include "trace_events_trigger.h"
#include "trace_events_hist.h"

/* Keys that make equal compound keys: a map can be read with the other's. */
static bool keys_compatible(const struct hist_def *a, const struct hist_def *b)
{
	unsigned int i;

	if (a->n_keys != b->n_keys || a->key_size != b->key_size)
		return false;
	for (i = 0; i < a->n_keys; i++)
		if (a->keys[i].size != b->keys[i].size ||
		    hist_src_is_string(a->keys[i].src) !=
		    hist_src_is_string(b->keys[i].src))
			return false;
	return true;
}

/**
 * hist_fvar_base - the hist trigger of @file a field variable copies
 * @file: the other event's file
 * @def:  the definition naming the field, its keys parsed
 *
 * Context: event_mutex held.
 * Return: the first hist trigger of @file keyed like @def, or NULL.
 */
struct event_trigger *hist_fvar_base(struct trace_event_file *file,
				     const struct hist_def *def)
{
	struct event_trigger *t;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(t, &file->triggers, list) {
		struct hist_trigger *ht = t->data;

		if (t->kind == &hist_trigger_kind && !ht->fv_owner &&
		    keys_compatible(ht->def, def))
			return t;
	}
	return NULL;
}

/* "<name>[.<modifier>][=<buckets>]" of a key, as a command spells it. */
static void spell_key(struct seq_buf *s, const struct hist_field *hf)
{
	const char *mod = hist_mod_name(hf->mods);

	seq_buf_puts(s, hf->name);
	if (mod)
		seq_buf_printf(s, ".%s", mod);
	if (hf->mods & HIST_MOD_BUCKETS)
		seq_buf_printf(s, "=%lu", hf->buckets);
}

/* "keys=<base's keys>:synthetic_<field>=<field>[ if <base's filter>]" */
static char *fvar_command(struct event_trigger *base, const char *field)
{
	const struct hist_def *def = ((struct hist_trigger *)base->data)->def;
	struct seq_buf s;
	unsigned int i;
	char *cmd;

	cmd = kzalloc(MAX_FILTER_STR_VAL, GFP_KERNEL);
	if (!cmd)
		return NULL;
	seq_buf_init(&s, cmd, MAX_FILTER_STR_VAL);
	seq_buf_puts(&s, "hist:keys=");
	for (i = 0; i < def->n_keys; i++) {
		if (i)
			seq_buf_putc(&s, ',');
		spell_key(&s, &def->keys[i]);
	}
	seq_buf_printf(&s, ":" HIST_FVAR_PREFIX "%s=%s", field, field);
	if (base->filter)
		seq_buf_printf(&s, " if %s", base->filter->filter_string);
	if (seq_buf_has_overflowed(&s)) {
		kfree(cmd);
		return NULL;
	}
	return cmd;
}

/* The variable called @name of @ht's definition, or -ENOENT. */
static int find_var(const struct hist_trigger *ht, const char *name)
{
	unsigned int i;

	for (i = 0; i < ht->def->n_vars; i++)
		if (!strcmp(ht->def->vars[i].name, name))
			return i;
	return -ENOENT;
}

/* The trigger on @file with @name that no other trigger owns, or NULL. */
static struct event_trigger *find_added(struct trace_event_file *file,
					const char *name)
{
	struct event_trigger *t;

	list_for_each_entry(t, &file->triggers, list) {
		struct hist_trigger *ht = t->data;

		if (t->kind == &hist_trigger_kind && !ht->fv_owner &&
		    find_var(ht, name) >= 0)
			return t;
	}
	return NULL;
}

/* Add the trigger keeping @field of @file for @t.  event_mutex. */
static struct event_trigger *fvar_add(struct event_trigger *t,
				      struct trace_event_file *file,
				      const char *field, const char *name)
{
	struct hist_trigger *ht = t->data;
	struct event_trigger *base, *added;
	char *cmd;
	int ret;

	if (ht->n_fvars == HIST_FVARS_MAX)
		return ERR_PTR(-E2BIG);
	base = hist_fvar_base(file, ht->def);
	if (!base)
		return ERR_PTR(-ENOENT);
	cmd = fvar_command(base, field);
	if (!cmd)
		return ERR_PTR(-ENOMEM);
	ret = trace_event_trigger_run(file, cmd);
	kfree(cmd);
	if (ret)
		return ERR_PTR(ret);
	/* Added just now, under the same hold of event_mutex. */
	added = find_added(file, name);
	if (!added)
		return ERR_PTR(-ENOENT);
	((struct hist_trigger *)added->data)->fv_owner = ht;
	ht->fvars[ht->n_fvars++] = added;
	return added;
}

/* The trigger @t added to @file for @name already, or NULL. */
static struct event_trigger *fvar_find(struct hist_trigger *ht,
				       struct trace_event_file *file,
				       const char *name)
{
	unsigned int i;

	for (i = 0; i < ht->n_fvars; i++)
		if (ht->fvars[i] && ht->fvars[i]->file == file &&
		    find_var(ht->fvars[i]->data, name) >= 0)
			return ht->fvars[i];
	return NULL;
}

/**
 * hist_fvar_ref - a reference of @t's definition to a field of @file
 * @t:     the trigger being added; its map made
 * @file:  the other event's file
 * @field: the field's name there
 *
 * Adds, or reuses, the trigger on @file keeping the field.
 *
 * Context: event_mutex held, from @t's init.
 * Return: the reference's index in @t's definition, or -errno (logged).
 */
int hist_fvar_ref(struct event_trigger *t, struct trace_event_file *file,
		  const char *field)
{
	struct hist_trigger *ht = t->data;
	struct hist_def *def = ht->def;
	struct event_trigger *added;
	char name[HIST_VAR_NAME_MAX];
	struct hist_ref *ref;
	int var;

	if (snprintf(name, sizeof(name), HIST_FVAR_PREFIX "%s", field) >=
	    sizeof(name) || def->n_refs == HIST_REFS_MAX)
		return -E2BIG;
	added = fvar_find(ht, file, name);
	if (!added)
		added = fvar_add(t, file, field, name);
	if (IS_ERR(added))
		return PTR_ERR(added);
	var = find_var(added->data, name);
	ref = &def->refs[def->n_refs];
	strscpy(ref->name, name, sizeof(ref->name));
	ref->hd = ((struct hist_trigger *)added->data)->hist;
	ref->var = var;
	return def->n_refs++;
}

/**
 * hist_fvars_attach - add what a new trigger's field variables need
 * @t: the trigger being added; its map made
 *
 * Context: event_mutex held, from @t's init.
 * Return: 0 or -errno; hist_fvars_detach() undoes what was added.
 */
int hist_fvars_attach(struct event_trigger *t)
{
	struct hist_def *def = ((struct hist_trigger *)t->data)->def;
	unsigned int i;
	int ret;

	for (i = 0; i < def->n_actions; i++) {
		if (!def->actions[i].trace)
			continue;
		ret = hist_trace_bind(t, def->actions[i].trace);
		if (ret)
			return ret;
	}
	return 0;
}

/**
 * hist_fvars_detach - remove the triggers added for @ht, or forget the
 *                     one that added @ht
 * @ht: a trigger being unlinked
 *
 * Context: event_mutex held.
 */
void hist_fvars_detach(struct hist_trigger *ht)
{
	struct hist_trigger *owner = ht->fv_owner, *added;
	unsigned int i;

	for (i = 0; owner && i < owner->n_fvars; i++)
		if (owner->fvars[i] && owner->fvars[i]->data == ht)
			owner->fvars[i] = NULL;
	ht->fv_owner = NULL;
	for (i = 0; i < ht->n_fvars; i++) {
		if (!ht->fvars[i])
			continue;
		added = ht->fvars[i]->data;
		added->fv_owner = NULL;
		trace_event_trigger_detach(ht->fvars[i]->file, ht->fvars[i]);
		ht->fvars[i] = NULL;
	}
}
