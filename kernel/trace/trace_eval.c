// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * TRACE_DEFINE_ENUM() and TRACE_DEFINE_SIZEOF(): an event's "print fmt"
 * and array field types name enum constants and sizeof()s, which user
 * space (trace-cmd, perf) cannot evaluate.  The event headers record each
 * with its value (struct trace_eval_map, section _ftrace_eval_map of
 * vmlinux or a module); here the names are replaced by the numbers in
 * the strings the format files show, once, when the events are
 * registered: at boot for vmlinux, when a module comes for its events.
 *
 * A string is rewritten only outside quotes, only where a whole
 * identifier matches (not a part of one, not a structure member after
 * "." or "->"), and only with the maps of the event's own system.
 *
 * Rewritten strings of a module's events are kept on eval_strings and
 * freed when the module goes; those of vmlinux live until reboot.
 * eval_strings is protected by event_mutex, which also orders the
 * rewrite against the format files that print the strings.
 */

#include <linux/ctype.h>
#include <linux/module.h>
#include <linux/slab.h>

#include "trace.h"

/* A rewritten string owned by a module's event. */
struct eval_string {
	struct list_head	list;
	struct module		*mod;
	char			str[];
};

static LIST_HEAD(eval_strings);

static bool ident_char(char c)
{
	return isalnum(c) || c == '_';
}

/* Does @s start with @map's symbol as a whole identifier? */
static bool eval_matches(const char *s, const struct trace_eval_map *map)
{
	size_t len = strlen(map->eval_string);

	return !strncmp(s, map->eval_string, len) && !ident_char(s[len]);
}

/* Is @p, inside @start, right after "." or "->" (a member name)? */
static bool after_member_op(const char *start, const char *p)
{
	if (p > start && p[-1] == '.')
		return true;
	return p - start >= 2 && p[-1] == '>' && p[-2] == '-';
}

/* Length of the quoted text at @s (its quotes included). */
static size_t quoted_len(const char *s)
{
	const char *p = s + 1;

	while (*p && *p != *s) {
		if (*p == '\\' && p[1])
			p++;
		p++;
	}
	return p - s + (*p ? 1 : 0);
}

/*
 * Write @src with the symbols of @maps[0..@n) replaced into @dst, which
 * may be NULL to measure.  Return: the length of the result.
 */
static size_t eval_rewrite(const char *src, struct trace_eval_map **maps,
			   unsigned int n, char *dst)
{
	const char *p = src;
	size_t out = 0, len;
	unsigned int i;
	char num[24];

	while (*p) {
		if (*p == '"' || *p == '\'') {
			len = quoted_len(p);
		} else if (ident_char(*p) && !isdigit(*p) &&
			   (p == src || !ident_char(p[-1])) &&
			   !after_member_op(src, p)) {
			for (i = 0; i < n && !eval_matches(p, maps[i]); i++)
				;
			if (i < n) {
				len = snprintf(num, sizeof(num), "%ld",
					       (long)maps[i]->eval_value);
				if (dst)
					memcpy(dst + out, num, len);
				out += len;
				p += strlen(maps[i]->eval_string);
				continue;
			}
			for (len = 1; ident_char(p[len]); len++)
				;
		} else {
			len = 1;
		}
		if (dst)
			memcpy(dst + out, p, len);
		out += len;
		p += len;
	}
	if (dst)
		dst[out] = '\0';
	return out;
}

/* Does any map of @maps[0..@n) occur in @s where it would be replaced? */
static bool eval_needed(const char *s, struct trace_eval_map **maps,
			unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (strstr(s, maps[i]->eval_string))
			return true;
	return false;
}

/*
 * @s rewritten with @maps, or NULL when nothing changes or there is no
 * memory (the symbol then stays, as before).  event_mutex.
 */
static const char *eval_string_new(const char *s, struct trace_eval_map **maps,
				   unsigned int n, struct module *mod)
{
	struct eval_string *es;
	size_t len;

	if (!s || !eval_needed(s, maps, n))
		return NULL;
	len = eval_rewrite(s, maps, n, NULL);
	es = kmalloc(struct_size(es, str, len + 1), GFP_KERNEL);
	if (!es)
		return NULL;
	eval_rewrite(s, maps, n, es->str);
	if (!strcmp(es->str, s)) {
		kfree(es);
		return NULL;
	}
	es->mod = mod;
	if (mod)
		list_add(&es->list, &eval_strings);
	else
		INIT_LIST_HEAD(&es->list);
	return es->str;
}

/* Gather into @out the maps of @system; return how many. */
static unsigned int eval_maps_of(const char *system,
				 struct trace_eval_map **maps, unsigned int n,
				 struct trace_eval_map **out)
{
	unsigned int i, k = 0;

	for (i = 0; i < n; i++)
		if (maps[i] && maps[i]->system && !strcmp(maps[i]->system, system))
			out[k++] = maps[i];
	return k;
}

/* Rewrite @call's print fmt and array field types.  event_mutex. */
static void eval_update_call(struct trace_event_call *call,
			     struct trace_eval_map **maps, unsigned int n,
			     struct module *mod)
{
	struct ftrace_event_field *field;
	const char *s;

	s = eval_string_new(call->print_fmt, maps, n, mod);
	if (s)
		call->print_fmt = (char *)s;
	list_for_each_entry(field, trace_get_fields(call), link) {
		if (!strchr(field->type, '['))
			continue;
		s = eval_string_new(field->type, maps, n, mod);
		if (s)
			field->type = s;
	}
}

/* Apply @maps[0..@n) to the events of @mod (NULL: vmlinux).  event_mutex. */
static void eval_update(struct trace_eval_map **maps, unsigned int n,
			struct module *mod)
{
	struct trace_event_call *call;
	struct trace_eval_map **mine;
	unsigned int k;

	lockdep_assert_held(&event_mutex);
	if (!n)
		return;
	mine = kmalloc_array(n, sizeof(*mine), GFP_KERNEL);
	if (!mine)
		return;
	list_for_each_entry(call, &ftrace_events, list) {
		if (call->module != mod || !call->class || !call->class->system)
			continue;
		k = eval_maps_of(call->class->system, maps, n, mine);
		if (k)
			eval_update_call(call, mine, k, mod);
	}
	kfree(mine);
}

/**
 * trace_eval_init - put the values of vmlinux's maps into its events
 *
 * After the events of vmlinux are registered, before init memory (where
 * the maps live) is freed.  event_mutex.
 */
void __init trace_eval_init(void)
{
	eval_update(__start_ftrace_eval_maps,
		    __stop_ftrace_eval_maps - __start_ftrace_eval_maps, NULL);
}

#ifdef CONFIG_MODULES
/**
 * trace_eval_module_add - put the values of @mod's maps into its events
 * @mod: a module coming, its events registered
 *
 * event_mutex.
 */
void trace_eval_module_add(struct module *mod)
{
	eval_update(mod->trace_evals, mod->num_trace_evals, mod);
}

/**
 * trace_eval_module_remove - free the strings rewritten for @mod
 * @mod: a module going, its events unregistered
 *
 * event_mutex.
 */
void trace_eval_module_remove(struct module *mod)
{
	struct eval_string *es, *next;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry_safe(es, next, &eval_strings, list) {
		if (es->mod != mod)
			continue;
		list_del(&es->list);
		kfree(es);
	}
}
#endif
