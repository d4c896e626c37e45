// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Synthetic event definitions: "name type field[; type field] ..." as
 * written to synthetic_events, or after "s:[synthetic/]" in
 * dynamic_events, parsed into a struct synth_event that is laid out
 * but not registered.  A rejected definition gets an error_log entry
 * with the caret under the offending word.
 *
 * For compatibility with the first version of the syntax, several
 * fields may share one ';'-separated part: "u64 lat pid_t pid".
 */
#include <linux/ctype.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace.h"
#include "trace_synth.h"

/* error_log reasons, with upstream Linux's wording. */
enum {
	SYNTH_ERR_BAD_NAME,
	SYNTH_ERR_INVALID_CMD,
	SYNTH_ERR_INVALID_DYN_CMD,
	SYNTH_ERR_EVENT_EXISTS,
	SYNTH_ERR_TOO_MANY_FIELDS,
	SYNTH_ERR_INCOMPLETE_TYPE,
	SYNTH_ERR_INVALID_TYPE,
	SYNTH_ERR_INVALID_FIELD,
	SYNTH_ERR_INVALID_ARRAY_SPEC,
};

static const char * const synth_errs[] = {
	[SYNTH_ERR_BAD_NAME]		= "Illegal name",
	[SYNTH_ERR_INVALID_CMD]		= "Command must be of the form: <name> field[;field] ...",
	[SYNTH_ERR_INVALID_DYN_CMD]	= "Command must be of the form: s or -:[synthetic/]<name> field[;field] ...",
	[SYNTH_ERR_EVENT_EXISTS]	= "Event already exists",
	[SYNTH_ERR_TOO_MANY_FIELDS]	= "Too many fields",
	[SYNTH_ERR_INCOMPLETE_TYPE]	= "Incomplete type",
	[SYNTH_ERR_INVALID_TYPE]	= "Invalid type",
	[SYNTH_ERR_INVALID_FIELD]	= "Invalid field",
	[SYNTH_ERR_INVALID_ARRAY_SPEC]	= "Invalid array specification",
};

/*
 * One definition being parsed: @cmd as written (logged), @buf a copy
 * the words are cut out of, so that a word's offset in @buf is its
 * offset in @cmd.
 */
struct synth_parser {
	const char		*cmd;
	char			*buf;
	struct synth_event	*se;
};

static int synth_err(struct synth_parser *p, int err, const char *at)
{
	tracing_log_err(NULL, "synthetic_events", p->cmd, synth_errs, err,
			at ? at - p->buf : 0);
	return err == SYNTH_ERR_EVENT_EXISTS ? -EEXIST : -EINVAL;
}

static const struct {
	const char	*type;
	unsigned int	size;
	bool		is_signed;
} synth_num_types[] = {
	{ "s64", 8, true },	{ "u64", 8, false },
	{ "s32", 4, true },	{ "u32", 4, false },
	{ "s16", 2, true },	{ "u16", 2, false },
	{ "s8", 1, true },	{ "u8", 1, false },
	{ "char", 1, true },	{ "unsigned char", 1, false },
	{ "int", 4, true },	{ "unsigned int", 4, false },
	{ "long", sizeof(long), true },
	{ "unsigned long", sizeof(long), false },
	{ "bool", sizeof(bool), false },
	{ "pid_t", sizeof(pid_t), true },
	{ "gfp_t", sizeof(gfp_t), false },
};

static bool synth_good_name(const char *name)
{
	if (!isalpha(*name) && *name != '_')
		return false;
	while (*++name)
		if (!isalnum(*name) && *name != '_')
			return false;
	return true;
}

/*
 * The size of "char[N]" from @spec, its "[N]": 0 for "[]", -EINVAL for
 * anything but one to three digits of at most SYNTH_STR_MAX.
 */
static int synth_str_size(const char *spec)
{
	size_t len = strlen(spec);
	char digits[4];
	unsigned int n;

	if (len < 2 || spec[len - 1] != ']' || len - 2 > 3)
		return -EINVAL;
	if (len == 2)
		return 0;
	memcpy(digits, spec + 1, len - 2);
	digits[len - 2] = '\0';
	if (!isdigit(digits[0]) || kstrtouint(digits, 10, &n) || !n ||
	    n > SYNTH_STR_MAX)
		return -EINVAL;
	return n;
}

/*
 * Fill in @f's kind and size from its @base type and @array ("[...]"
 * or NULL); the words the errors point at are @type_at and @array_at.
 */
static int synth_field_type(struct synth_parser *p, struct synth_field *f,
			    const char *base, const char *array,
			    const char *type_at, const char *array_at)
{
	int i, n;

	if (!array) {
		for (i = 0; i < ARRAY_SIZE(synth_num_types); i++) {
			if (strcmp(base, synth_num_types[i].type))
				continue;
			f->kind = SYNTH_NUM;
			f->size = synth_num_types[i].size;
			f->is_signed = synth_num_types[i].is_signed;
			return 0;
		}
		return synth_err(p, SYNTH_ERR_INVALID_TYPE, type_at);
	}
	if (!strcmp(base, "char")) {
		n = synth_str_size(array);
		if (n < 0)
			return synth_err(p, SYNTH_ERR_INVALID_ARRAY_SPEC,
					 array_at);
		f->kind = n ? SYNTH_STR : SYNTH_DSTR;
		f->size = n ?: sizeof(u32);
		f->is_signed = true;
		return 0;
	}
	if ((!strcmp(base, "long") || !strcmp(base, "unsigned long")) &&
	    !strcmp(array, "[]")) {
		f->kind = SYNTH_STACK;
		f->size = sizeof(u32);
		return 0;
	}
	return synth_err(p, SYNTH_ERR_INVALID_TYPE, type_at);
}

/*
 * Parse one field from @words (@n of them) into @f; set *@used to the
 * number of words it took.  The array part may follow the type
 * ("char[] name") or the name ("char name[]").
 */
static int synth_parse_field(struct synth_parser *p, struct synth_field *f,
			     char **words, int n, int *used)
{
	bool is_unsigned = !strcmp(words[0], "unsigned");
	char *type, *name, *array, *tarray, *base;
	int ret;

	if (is_unsigned && n < 3)
		return synth_err(p, SYNTH_ERR_INCOMPLETE_TYPE, words[0]);
	*used = is_unsigned ? 3 : 2;
	if (n < *used)
		return synth_err(p, SYNTH_ERR_INVALID_FIELD, words[0]);
	type = words[*used - 2];
	name = words[*used - 1];
	array = strchr(name, '[');
	tarray = strchr(type, '[');
	f->name = kstrndup(name, array ? array - name : strlen(name),
			   GFP_KERNEL);
	base = kasprintf(GFP_KERNEL, "%s%.*s", is_unsigned ? "unsigned " : "",
			 (int)(tarray ? tarray - type : strlen(type)), type);
	if (!f->name || !base) {
		kfree(base);
		return -ENOMEM;
	}
	if (!synth_good_name(f->name)) {
		ret = synth_err(p, SYNTH_ERR_BAD_NAME, name);
	} else if (array && tarray) {
		ret = synth_err(p, SYNTH_ERR_INVALID_ARRAY_SPEC, name);
	} else {
		ret = synth_field_type(p, f, base, array ?: tarray, type,
				       array ? name : type);
		f->type = ret ? NULL : kasprintf(GFP_KERNEL, "%s%s", base,
						  array ?: tarray ?: "");
		if (!ret && !f->type)
			ret = -ENOMEM;
		if (!ret && (f->kind == SYNTH_DSTR || f->kind == SYNTH_STACK)) {
			f->ftype = kasprintf(GFP_KERNEL, "__data_loc %s",
					     f->type);
			if (!f->ftype)
				ret = -ENOMEM;
		}
	}
	kfree(base);
	return ret;
}

/* Split @part at blanks into at most @max words; -E2BIG if more. */
static int synth_words(char *part, char **words, int max)
{
	int n = 0;
	char *w;

	while ((w = strsep(&part, " \t"))) {
		if (!*w)
			continue;
		if (n == max)
			return -E2BIG;
		words[n++] = w;
	}
	return n;
}

/* The fields of the definition, @fields on (';'-separated parts). */
static int synth_parse_fields(struct synth_parser *p, char *fields)
{
	struct synth_event *se = p->se;
	char *words[3 * SYNTH_FIELDS_MAX + 1];
	char *part;
	int n, i, used, ret;

	while ((part = strsep(&fields, ";"))) {
		n = synth_words(part, words, ARRAY_SIZE(words));
		if (n < 0)
			return synth_err(p, SYNTH_ERR_TOO_MANY_FIELDS, NULL);
		for (i = 0; i < n; i += used) {
			if (se->n_fields == SYNTH_FIELDS_MAX)
				return synth_err(p, SYNTH_ERR_TOO_MANY_FIELDS,
						 NULL);
			ret = synth_parse_field(p, &se->fields[se->n_fields++],
						words + i, n - i, &used);
			if (ret)
				return ret;
		}
	}
	return se->n_fields ? 0 : synth_err(p, SYNTH_ERR_INVALID_CMD, NULL);
}

/* The first ';'-part of @def must hold a name, a type and a field name. */
static bool synth_def_complete(const char *def)
{
	size_t len = strcspn(def, ";");
	int words = 0;
	bool blank = true;

	for (; len; len--, def++) {
		if (*def == ' ' || *def == '\t') {
			blank = true;
		} else if (blank) {
			blank = false;
			words++;
		}
	}
	return words >= 3;
}

/* Lay out the records: one 8-byte aligned slot per field. */
static void synth_layout(struct synth_event *se)
{
	unsigned int off = sizeof(struct trace_entry);
	unsigned int i;

	for (i = 0; i < se->n_fields; i++) {
		off = ALIGN(off, sizeof(u64));
		se->fields[i].offset = off;
		off += se->fields[i].size;
	}
	se->fixed = ALIGN(off, sizeof(u64));
}

/*
 * Parse @p's definition, which starts @skip bytes into the command
 * ("s:synthetic/" of dynamic_events).
 */
static int synth_parse_def(struct synth_parser *p, size_t skip)
{
	char *def = skip_spaces(p->buf + skip);
	char *name = strsep(&def, " \t");
	struct synth_event *se;

	if (!synth_good_name(name))
		return synth_err(p, SYNTH_ERR_BAD_NAME, name);
	if (synth_event_find(name))
		return synth_err(p, SYNTH_ERR_EVENT_EXISTS, name);
	se = kzalloc(sizeof(*se), GFP_KERNEL);
	if (!se)
		return -ENOMEM;
	p->se = se;
	INIT_LIST_HEAD(&se->files);
	se->fields = kcalloc(SYNTH_FIELDS_MAX, sizeof(*se->fields),
			     GFP_KERNEL);
	se->call.name = kstrdup(name, GFP_KERNEL);
	if (!se->fields || !se->call.name)
		return -ENOMEM;
	return synth_parse_fields(p, def);
}

/**
 * synth_parse() - parse a synthetic event definition
 * @cmd: the command as written, logged with an error
 * @dyn: @cmd is dynamic_events' "s:[synthetic/]name field;..."; else
 *	synthetic_events' "name field;..."
 *
 * Context: event_mutex held (the name must be free).
 * Return: the event, laid out and not registered, or an ERR_PTR():
 * -EINVAL or -EEXIST with an error_log entry, or -ENOMEM.
 */
struct synth_event *synth_parse(const char *cmd, bool dyn)
{
	struct synth_parser p = { .cmd = cmd };
	size_t skip = 0;
	int ret;

	p.buf = kstrdup(cmd, GFP_KERNEL);
	if (!p.buf)
		return ERR_PTR(-ENOMEM);
	if (dyn) {
		skip = strcspn(cmd, " \t/");
		if (cmd[skip] == '/') {
			if (strncmp(cmd + 2, SYNTH_SYSTEM "/", skip - 1)) {
				ret = synth_err(&p, SYNTH_ERR_INVALID_DYN_CMD,
						NULL);
				goto out;
			}
			skip++;
		} else {
			skip = 2;
		}
	}
	if (!synth_def_complete(p.buf + skip))
		ret = synth_err(&p, SYNTH_ERR_INVALID_CMD, NULL);
	else
		ret = synth_parse_def(&p, skip);
	if (!ret)
		synth_layout(p.se);
out:
	kfree(p.buf);
	if (!ret)
		return p.se;
	if (p.se)
		synth_event_free(p.se);
	return ERR_PTR(ret);
}

/**
 * synth_event_free() - free an event that is not registered
 * @se: the event
 */
void synth_event_free(struct synth_event *se)
{
	unsigned int i;

	for (i = 0; se->fields && i < SYNTH_FIELDS_MAX; i++) {
		kfree(se->fields[i].name);
		kfree(se->fields[i].type);
		kfree(se->fields[i].ftype);
	}
	kfree(se->fields);
	kfree(se->call.print_fmt);
	kfree(se->call.name);
	kfree(se);
}
