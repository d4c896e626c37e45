// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The trace() action of hist triggers, and the onmatch() handler:
 *
 *   onmatch(subsys.event).trace(synth,param[,param...])
 *   onmatch(subsys.event).synth(param[,param...])       (legacy form)
 *   onmax($var).trace(synth,...)   onchange($var).trace(synth,...)
 *
 * trace() emits the synthetic event "synth" with one parameter per
 * field: a "$var" (a variable of this trigger or, keyed alike, of
 * another one of the instance; "subsys.event.$var" names it fully) or
 * a field of this trigger's event or, if it has none of that name, of
 * onmatch()'s event ("subsys.event.field" names it fully): a field
 * variable (trace_events_hist_fvar.c).  onmatch() runs its action on every
 * hit whose references to other triggers' variables were all set: the
 * hit that matches an earlier hit of subsys.event with the same key.
 *
 * A definition holds a reference to its synthetic event (which cannot
 * be removed meanwhile) from its parse to its free.  A hit builds the
 * event's values in a per-CPU scratch area, one per level of nesting:
 * a synthetic event's own triggers may trace another from inside.
 */

#include <linux/seq_file.h>
#include <linux/slab.h>

#include "trace.h"
#include "trace_events_filter.h"
#include "trace_events_trigger.h"
#include "trace_events_hist.h"
#include "trace_synth.h"

#define HIST_TRACE_STRS		4
#define HIST_TRACE_NEST_MAX	4

/* Where a parameter's value comes from. */
enum hist_param_src {
	HIST_PARAM_REF,		/* a "$var": hist_def::refs[ref] */
	HIST_PARAM_FIELD,	/* a field of the event */
	HIST_PARAM_FVAR,	/* a field of another event: a field variable */
};

/**
 * struct hist_param - one parameter of trace()
 * @text:  as written, for the trigger file
 * @src:   where its value comes from
 * @ref:   HIST_PARAM_REF, and HIST_PARAM_FVAR once its trigger is
 *         added: the index in hist_def::refs
 * @field: HIST_PARAM_FIELD: the field; HIST_PARAM_FVAR: what it is
 *         on the other event (its kind only is used once parsed)
 * @fv_file: HIST_PARAM_FVAR: the other event's file, valid until the
 *         trigger is added (the same hold of event_mutex)
 * @fv_name: HIST_PARAM_FVAR: the field's name there
 * @str:   a string field: its scratch buffer
 * @is_str: a string variable's reference
 * @is_stack: a stack variable's reference
 */
struct hist_param {
	char			*text;
	enum hist_param_src	src;
	unsigned int		ref;
	struct hist_field	field;
	struct trace_event_file	*fv_file;
	char			*fv_name;
	unsigned int		str;
	bool			is_str;
	bool			is_stack;
};

/**
 * struct hist_trace - a trace() action; immutable once parsed
 * @se:       the synthetic event, held
 * @name:     its name, as written
 * @match:    onmatch()'s "subsys.event", else NULL
 * @legacy:   written "<synth>(...)" rather than "trace(<synth>,...)"
 * @n_strs:   parameters that are strings
 * @n_params: parameters
 * @params:   the parameters, one per field of @se
 */
struct hist_trace {
	struct synth_event	*se;
	char			*name;
	char			*match;
	bool			legacy;
	unsigned int		n_strs;
	unsigned int		n_params;
	struct hist_param	params[SYNTH_FIELDS_MAX];
};

struct hist_trace_pad {
	union synth_val	vals[SYNTH_FIELDS_MAX];
	char		strs[HIST_TRACE_STRS][HIST_STR_SIZE];
};

/* Scratch per CPU and nesting level; the probe is not preempted. */
static DEFINE_PER_CPU(struct hist_trace_pad[HIST_TRACE_NEST_MAX],
		      hist_trace_pads);
static DEFINE_PER_CPU(int, hist_trace_nest);

/**
 * hist_trace_free - free a trace() action and let go of its event
 * @t: the action, or NULL
 *
 * Context: may take synth_list_mutex (inside event_mutex).
 */
void hist_trace_free(struct hist_trace *t)
{
	unsigned int i;

	if (!t)
		return;
	if (t->se)
		synth_event_put(t->se);
	for (i = 0; i < t->n_params; i++) {
		kfree(t->params[i].text);
		kfree(t->params[i].fv_name);
	}
	kfree(t->name);
	kfree(t->match);
	kfree(t);
}

static struct hist_trace *trace_of(struct hist_action *a)
{
	if (!a->trace)
		a->trace = kzalloc(sizeof(*a->trace), GFP_KERNEL);
	return a->trace;
}

/* The event file of "subsys.event" in the trigger's instance, or NULL. */
static struct trace_event_file *event_file(struct trace_array *tr,
					   const char *system,
					   const char *event)
{
	struct trace_event_file *file;

	list_for_each_entry(file, &tr->events.files, list)
		if (!strcmp(file->event_call->class->system, system) &&
		    !strcmp(trace_event_name(file->event_call), event))
			return file;
	return NULL;
}

/**
 * hist_parse_onmatch - parse onmatch()'s "subsys.event"
 * @p:   the command being parsed, for error_log
 * @a:   the action, counted in its definition
 * @arg: "subsys.event"
 *
 * Context: event_mutex held.
 * Return: 0 or -errno, logged.
 */
int hist_parse_onmatch(struct hist_parse *p, struct hist_action *a, char *arg)
{
	struct hist_trace *t = trace_of(a);
	char *dot = strchr(arg, '.');

	if (!t)
		return -ENOMEM;
	if (!dot) {
		hist_err(p, HIST_ERR_SUBSYS_NOT_FOUND, arg);
		return -EINVAL;
	}
	*dot = '\0';
	if (!event_file(p->file->tr, arg, dot + 1)) {
		*dot = '.';
		/* the caret under the event's name, as upstream's */
		hist_err(p, HIST_ERR_INVALID_SUBSYS_EVENT, dot + 1);
		return -EINVAL;
	}
	*dot = '.';
	t->match = kstrdup(arg, GFP_KERNEL);
	return t->match ? 0 : -ENOMEM;
}

/*
 * @field of "subsys.event" (@sys, @event): a field variable.  Its
 * trigger is added with the definition's (hist_trace_bind()).
 */
static int parse_fvar(struct hist_parse *p, const struct hist_def *def,
		      struct hist_param *hp, const char *sys,
		      const char *event, char *field)
{
	struct hist_parse other = *p;
	int ret;

	other.file = event_file(p->file->tr, sys, event);
	if (!other.file) {
		hist_err(p, HIST_ERR_EVENT_FILE_NOT_FOUND, field);
		return -EINVAL;
	}
	if (!hist_fvar_base(other.file, def)) {
		hist_err(p, HIST_ERR_HIST_NOT_FOUND, field);
		return -EINVAL;
	}
	hp->fv_name = kstrdup(field, GFP_KERNEL);
	if (!hp->fv_name)
		return -ENOMEM;
	ret = hist_parse_field(&other, &hp->field, field, HIST_USE_KEY);
	if (ret) {
		hist_err(p, HIST_ERR_HIST_CREATE_FAIL, hp->fv_name);
		return ret;
	}
	hp->src = HIST_PARAM_FVAR;
	hp->fv_file = other.file;
	return 0;
}

/* Is "subsys.event" (@sys, @event) the event @p's trigger is on? */
static bool own_event(struct hist_parse *p, const char *sys,
		      const char *event)
{
	struct trace_event_call *call = p->file->event_call;

	return !strcmp(call->class->system, sys) &&
	       !strcmp(trace_event_name(call), event);
}

/*
 * "[subsys.event.]$var", or "[subsys.event.]field": a field of this
 * event, else of onmatch()'s (or the named) one.
 */
static int parse_param(struct hist_parse *p, struct hist_def *def,
		       struct hist_trace *t, struct hist_param *hp, char *str)
{
	char *dollar = strchr(str, '$'), *sys = NULL, *event = NULL;
	char *field = str, *match;
	int ret;

	hp->text = kstrdup(str, GFP_KERNEL);
	if (!hp->text)
		return -ENOMEM;
	if (dollar) {
		ret = hist_parse_ref(p, def, dollar + 1);
		if (ret < 0)
			return ret;
		hp->src = HIST_PARAM_REF;
		hp->ref = ret;
		return 0;
	}
	if (strchr(str, '.') && strchr(strchr(str, '.') + 1, '.')) {
		sys = strsep(&field, ".");
		event = strsep(&field, ".");
	}
	hp->src = HIST_PARAM_FIELD;
	if (sys ? own_event(p, sys, event) :
		  hist_has_field(p->file->event_call, field) || !t->match)
		return hist_parse_field(p, &hp->field, field, HIST_USE_KEY);
	if (sys)
		return parse_fvar(p, def, hp, sys, event, field);
	/* onmatch()'s "subsys.event", checked when it was parsed */
	match = kstrdup(t->match, GFP_KERNEL);
	if (!match)
		return -ENOMEM;
	event = match;
	sys = strsep(&event, ".");
	ret = parse_fvar(p, def, hp, sys, event, field);
	kfree(match);
	return ret;
}

/* What a parameter or a field of a synthetic event holds. */
static enum synth_kind param_kind(const struct hist_def *def,
				  const struct hist_param *hp)
{
	const struct hist_var *var;

	if (hp->src == HIST_PARAM_REF) {
		var = hist_ref_var(def, &def->refs[hp->ref]);
		return var->is_stack ? SYNTH_STACK :
		       var->is_str ? SYNTH_DSTR : SYNTH_NUM;
	}
	if (hist_src_is_string(hp->field.src))
		return SYNTH_DSTR;
	return hp->field.src == HIST_SRC_STACK ? SYNTH_STACK : SYNTH_NUM;
}

/* Does @hp fit field @f of the synthetic event?  0 or -EINVAL, logged. */
static int check_param(struct hist_parse *p, const struct hist_def *def,
		       struct hist_trace *t, struct hist_param *hp,
		       const struct synth_field *f)
{
	enum synth_kind kind = param_kind(def, hp);
	enum synth_kind want = f->kind == SYNTH_STR ? SYNTH_DSTR : f->kind;

	/* A stack comes from a variable, kept when its event happened. */
	if (kind != want ||
	    (kind == SYNTH_STACK && hp->src != HIST_PARAM_REF)) {
		hist_err(p, HIST_ERR_SYNTH_TYPE_MISMATCH, hp->text);
		return -EINVAL;
	}
	/* A field variable is read as a reference once its trigger is added. */
	if (hp->src != HIST_PARAM_FIELD) {
		hp->is_str = kind == SYNTH_DSTR;
		hp->is_stack = kind == SYNTH_STACK;
		return 0;
	}
	if (kind != SYNTH_DSTR)
		return 0;
	if (t->n_strs == HIST_TRACE_STRS) {
		hist_err(p, HIST_ERR_TOO_MANY_PARAMS, hp->text);
		return -EINVAL;
	}
	hp->str = t->n_strs++;
	return 0;
}

/**
 * hist_parse_trace - parse a trace() action's synthetic event and params
 * @p:      the command being parsed, for error_log
 * @def:    the definition, its variables parsed
 * @a:      the action
 * @synth:  the synthetic event's name
 * @params: the comma-separated parameters, or NULL
 * @legacy: written "<synth>(<params>)"
 *
 * Context: event_mutex held.
 * Return: 0 or -errno, logged.
 */
int hist_parse_trace(struct hist_parse *p, struct hist_def *def,
		     struct hist_action *a, char *synth, char *params,
		     bool legacy)
{
	struct hist_trace *t = trace_of(a);
	struct hist_param *hp;
	char *one;
	int ret;

	if (!t)
		return -ENOMEM;
	t->legacy = legacy;
	t->name = kstrdup(synth, GFP_KERNEL);
	if (!t->name)
		return -ENOMEM;
	t->se = synth_event_get(synth);
	if (!t->se) {
		hist_err(p, HIST_ERR_SYNTH_EVENT_NOT_FOUND, synth);
		return -EINVAL;
	}
	while (params && (one = strsep(&params, ","))) {
		if (t->n_params == t->se->n_fields) {
			hist_err(p, HIST_ERR_SYNTH_COUNT_MISMATCH, NULL);
			return -EINVAL;
		}
		hp = &t->params[t->n_params++];
		ret = parse_param(p, def, t, hp, strim(one));
		if (ret)
			return ret;
		ret = check_param(p, def, t, hp,
				  &t->se->fields[t->n_params - 1]);
		if (ret)
			return ret;
	}
	if (t->n_params != t->se->n_fields) {
		hist_err(p, HIST_ERR_SYNTH_COUNT_MISMATCH, NULL);
		return -EINVAL;
	}
	return 0;
}

/**
 * hist_trace_bind - add the triggers a trace() action's field variables need
 * @t:     the trigger being added, its map made
 * @trace: one of its trace() actions
 *
 * Context: event_mutex held, the same hold the definition was parsed in.
 * Return: 0 or -errno.
 */
int hist_trace_bind(struct event_trigger *t, struct hist_trace *trace)
{
	struct hist_param *hp;
	unsigned int i;
	int ret;

	for (i = 0; i < trace->n_params; i++) {
		hp = &trace->params[i];
		if (hp->src != HIST_PARAM_FVAR)
			continue;
		ret = hist_fvar_ref(t, hp->fv_file, hp->fv_name);
		if (ret < 0)
			return ret;
		hp->ref = ret;
		hp->fv_file = NULL;
	}
	return 0;
}

/**
 * hist_trace_fire - emit a trace() action's synthetic event
 * @t:  the action
 * @ev: the hit
 *
 * Context: the event's probe, any context; takes no lock.
 */
void hist_trace_fire(const struct hist_trace *t, const struct hist_eval *ev)
{
	const struct hist_param *hp;
	struct hist_trace_pad *pad;
	unsigned int i;
	int nest;

	preempt_disable_notrace();
	nest = __this_cpu_inc_return(hist_trace_nest);
	if (nest > HIST_TRACE_NEST_MAX)
		goto out;
	pad = this_cpu_ptr(&hist_trace_pads[nest - 1]);
	for (i = 0; i < t->n_params; i++) {
		hp = &t->params[i];
		if (hp->src != HIST_PARAM_FIELD) {
			const struct hist_ref *ref = &ev->def->refs[hp->ref];

			u64 v = ref->hd ? ev->refs[hp->ref] :
					  ev->own[ref->var];

			/* A string or stack variable's value points to its buffer. */
			if (hp->is_str)
				pad->vals[i].str = (const char *)(unsigned long)v;
			else if (hp->is_stack)
				pad->vals[i].stack = (const unsigned long *)(unsigned long)v;
			else
				pad->vals[i].num = v;
		} else if (hist_src_is_string(hp->field.src)) {
			memset(pad->strs[hp->str], 0, HIST_STR_SIZE);
			hist_read_str(&hp->field, ev->rec, pad->strs[hp->str]);
			pad->vals[i].str = pad->strs[hp->str];
		} else {
			pad->vals[i].num = hist_field_value(&hp->field, ev->tr,
							    ev->rec);
		}
	}
	synth_event_emit(t->se, pad->vals);
out:
	__this_cpu_dec(hist_trace_nest);
	preempt_enable_notrace();
}

/**
 * hist_print_trace - a trace() action, or onmatch() and its action, as
 *                    the trigger file shows them
 * @m: the file
 * @a: the action
 */
void hist_print_trace(struct seq_file *m, const struct hist_action *a)
{
	const struct hist_trace *t = a->trace;
	unsigned int i;

	if (t->match)
		seq_printf(m, ":onmatch(%s).", t->match);
	if (t->legacy)
		seq_printf(m, "%s(", t->name);
	else
		seq_printf(m, "trace(%s%s", t->name, t->n_params ? "," : "");
	for (i = 0; i < t->n_params; i++)
		seq_printf(m, "%s%s", i ? "," : "", t->params[i].text);
	seq_putc(m, ')');
}

/**
 * hist_traces_equal - do two actions trace the same way?
 * @a: one action's trace(), or NULL
 * @b: the other's
 *
 * Return: true if both are NULL or alike.
 */
bool hist_traces_equal(const struct hist_trace *a, const struct hist_trace *b)
{
	unsigned int i;

	if (!a || !b)
		return a == b;
	if (a->se != b->se || a->legacy != b->legacy ||
	    a->n_params != b->n_params || !a->match != !b->match ||
	    (a->match && strcmp(a->match, b->match)))
		return false;
	for (i = 0; i < a->n_params; i++)
		if (strcmp(a->params[i].text, b->params[i].text))
			return false;
	return true;
}
