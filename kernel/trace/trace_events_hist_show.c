// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Hist triggers: what they show.  The trigger file's line of a hist
 * trigger, and events/<system>/<event>/hist, in upstream Linux's shape:
 *
 *   # event histogram
 *   #
 *   # trigger info: hist:keys=common_pid:vals=hitcount:sort=hitcount:size=2048 [active]
 *   #
 *
 *   { common_pid:        123 } hitcount:          4
 *   ...
 *
 *   Totals:
 *       Hits: 4
 *       Entries: 1
 *       Dropped: 0
 *
 * one such table per hist trigger of the event, separated by a blank
 * line pair.  Both are read under event_mutex, which keeps the triggers
 * and their maps alive; the maps' contents change under the reader.
 */

#include <linux/seq_file.h>
#include <linux/slab.h>

#include "trace.h"
#include "trace_events_filter.h"
#include "trace_events_trigger.h"
#include "trace_events_hist.h"

/* "<name>[.<modifier>][=<buckets>]" */
static void print_field(struct seq_file *m, const struct hist_field *hf)
{
	const char *mod = hist_mod_name(hf->mods);

	if (hf->src == HIST_SRC_VAR)
		seq_putc(m, '$');
	seq_puts(m, hf->name);
	if (mod)
		seq_printf(m, ".%s", mod);
	if (hf->mods & HIST_MOD_BUCKETS)
		seq_printf(m, "=%lu", hf->buckets);
}

static const char hist_op_chars[] = {
	[HIST_OP_ADD] = '+', [HIST_OP_SUB] = '-',
	[HIST_OP_MUL] = '*', [HIST_OP_DIV] = '/',
};

/**
 * hist_print_expr - a variable's expression as a definition spells it
 * @m:   the file
 * @def: the definition it belongs to
 * @e:   the expression
 */
void hist_print_expr(struct seq_file *m, const struct hist_def *def,
		     const struct hist_expr *e)
{
	switch (e->op) {
	case HIST_OP_FIELD:
		print_field(m, &e->field);
		break;
	case HIST_OP_CONST:
		seq_printf(m, "%llu", e->constant);
		break;
	case HIST_OP_REF:
		seq_printf(m, "$%s", def->refs[e->ref].name);
		break;
	case HIST_OP_NEG:
		seq_puts(m, "-(");
		hist_print_expr(m, def, e->arg[0]);
		seq_putc(m, ')');
		break;
	default:
		hist_print_expr(m, def, e->arg[0]);
		seq_putc(m, hist_op_chars[e->op]);
		hist_print_expr(m, def, e->arg[1]);
	}
}

/* ":<name>=<expr>,..." */
static void print_vars(struct seq_file *m, const struct hist_def *def)
{
	unsigned int i;

	for (i = 0; i < def->n_vars; i++) {
		seq_printf(m, "%c%s=", i ? ',' : ':', def->vars[i].name);
		hist_print_expr(m, def, def->vars[i].expr);
	}
}

/* The map field index @idx as the definition names it. */
static void print_sort_field(struct seq_file *m, const struct hist_def *def,
			     unsigned int idx)
{
	if (idx < def->n_vals) {
		if (!idx)
			seq_puts(m, "hitcount");
		else
			print_field(m, &def->vals[idx]);
	} else {
		print_field(m, &def->keys[idx - def->n_vals]);
	}
}

/**
 * hist_trigger_print - a hist trigger's line in the trigger file
 * @m: the file
 * @t: the trigger
 */
void hist_trigger_print(struct seq_file *m, struct event_trigger *t)
{
	struct hist_trigger *ht = t->data;
	const struct hist_def *def = ht->def;
	bool first = true;
	unsigned int i;

	seq_puts(m, "hist:");
	if (def->name)
		seq_printf(m, "name=%s:", def->name);
	seq_puts(m, "keys=");
	for (i = 0; i < def->n_keys; i++) {
		if (i)
			seq_putc(m, ',');
		print_field(m, &def->keys[i]);
	}
	seq_puts(m, ":vals=");
	for (i = 0; i < def->n_vals; i++) {
		if (!i && def->nohitcount)
			continue;
		if (!first)
			seq_putc(m, ',');
		first = false;
		print_sort_field(m, def, i);
	}
	print_vars(m, def);
	seq_puts(m, ":sort=");
	for (i = 0; i < def->n_sort; i++) {
		if (i)
			seq_putc(m, ',');
		print_sort_field(m, def, def->sort[i].field_idx);
		if (def->sort[i].descending)
			seq_puts(m, ".descending");
	}
	seq_printf(m, ":size=%u", 1U << def->bits);
	if (def->uses_ts)
		seq_printf(m, ":clock=%s", trace_clock_name(def->clock));
	if (def->nohitcount)
		seq_puts(m, ":nohitcount");
	hist_print_actions_spec(m, def);
	if (t->filter)
		seq_printf(m, " if %s", t->filter->filter_string);
	/* hist_merge() may flip it meanwhile: either state is shown. */
	seq_puts(m, READ_ONCE(ht->paused) ? " [paused]\n" : " [active]\n");
}

/* --- the hist file ----------------------------------------------------- */

/*
 * A stack key: "common_stacktrace:" and a line per frame; a stack
 * field's name runs into its first frame, as upstream Linux prints it.
 */
static void print_stack(struct seq_file *m, const struct hist_field *hf,
			const unsigned long *stack)
{
	unsigned int i;

	if (hf->field)
		seq_printf(m, "%s.stacktrace", hf->name);
	else
		seq_puts(m, "common_stacktrace:\n");
	for (i = 0; i < HIST_STACK_DEPTH && stack[i]; i++)
		seq_printf(m, "%*c%pS\n", 9, ' ', (void *)stack[i]);
}

static void print_key_field(struct seq_file *m, const struct hist_field *hf,
			    void *key, struct tracing_map_elt *elt)
{
	const char *name = hf->name, *sc;
	u64 v = *(u64 *)(key + hf->offset);

	if (hist_src_is_string(hf->src)) {
		seq_printf(m, "%s: %-50s", name, (char *)(key + hf->offset));
		return;
	}
	switch (hf->mods) {
	case HIST_MOD_HEX:
		seq_printf(m, "%s: %llx", name, v);
		break;
	case HIST_MOD_SYM:
		seq_printf(m, "%s: [%llx] %-45ps", name, v,
			   (void *)(unsigned long)v);
		break;
	case HIST_MOD_SYM_OFFSET:
		seq_printf(m, "%s: [%llx] %-55pS", name, v,
			   (void *)(unsigned long)v);
		break;
	case HIST_MOD_EXECNAME:
		seq_printf(m, "%s: %-16s[%10llu]", name,
			   (char *)elt->priv, v);
		break;
	case HIST_MOD_SYSCALL:
		sc = trace_syscall_name(v);
		seq_printf(m, "%s: %-30s[%3llu]", name,
			   sc ? sc : "unknown_syscall", v);
		break;
	case HIST_MOD_LOG2:
		seq_printf(m, "%s: ~ 2^%-2llu", name, v);
		break;
	case HIST_MOD_BUCKETS:
		seq_printf(m, "%s: ~ %llu-%llu", name, v, v + hf->buckets - 1);
		break;
	default:
		seq_printf(m, "%s: %10llu", name, v);
	}
}

/**
 * hist_print_key - "{ key: value, ... }"
 * @m:   the file
 * @def: the definition
 * @key: the key
 * @elt: its element (for the comm of an execname key)
 */
void hist_print_key(struct seq_file *m, const struct hist_def *def,
		    void *key, struct tracing_map_elt *elt)
{
	bool multiline = false;
	unsigned int i;

	seq_puts(m, "{ ");
	for (i = 0; i < def->n_keys; i++) {
		const struct hist_field *hf = &def->keys[i];

		if (i)
			seq_puts(m, ", ");
		if (hf->src == HIST_SRC_STACK) {
			print_stack(m, hf, key + hf->offset);
			multiline = true;
		} else {
			print_key_field(m, hf, key, elt);
		}
	}
	seq_puts(m, multiline ? "}" : " }");
}

/* Per value: the sum over the entries and the largest, for % and bars. */
struct val_stat {
	u64	total;
	u64	max;
};

/* 10000 * @val / @total, or UINT_MAX when @total is 0 and @val is not. */
static unsigned int hundredths(u64 val, u64 total)
{
	if (!total)
		return val ? UINT_MAX : 0;
	if (val < div64_u64(U64_MAX, 10000))
		return div64_u64(val * 10000, total);
	total = div64_u64(total, 10000);
	return total ? div64_u64(val, total) : UINT_MAX;
}

static void print_val(struct seq_file *m, const struct hist_field *hf,
		      const struct val_stat *st, u64 v)
{
	unsigned int pc, n, i;
	char bar[21];

	if (hf->mods & HIST_MOD_PERCENT) {
		pc = hundredths(v, st->total);
		if (pc == UINT_MAX)
			seq_printf(m, " %s (%%):[ERROR]", hf->name);
		else
			seq_printf(m, " %s (%%): %3u.%02u", hf->name,
				   pc / 100, pc % 100);
	} else if (hf->mods & HIST_MOD_GRAPH) {
		pc = hundredths(v, st->max);
		if (pc == UINT_MAX) {
			strscpy(bar, "[ERROR]", sizeof(bar));
		} else {
			n = min(pc * 20 / 10000, 20U);
			for (i = 0; i < 20; i++)
				bar[i] = i < n ? '#' : ' ';
			bar[20] = '\0';
		}
		seq_printf(m, " %s: %20s", hf->name, bar);
	} else if (hf->mods & HIST_MOD_HEX) {
		seq_printf(m, " %s: %10llx", hf->name, v);
	} else {
		seq_printf(m, " %s: %10llu", hf->name, v);
	}
}

static void print_entry(struct seq_file *m, const struct hist_def *def,
			const struct val_stat *stats,
			struct tracing_map_sort_entry *e)
{
	unsigned int i;

	hist_print_key(m, def, e->key, e->elt);
	for (i = 0; i < def->n_vals; i++) {
		if (!i && def->nohitcount)
			continue;
		if (i)
			seq_putc(m, ' ');
		print_val(m, &def->vals[i], &stats[i],
			  tracing_map_read_sum(e->elt, def->vals[i].map_idx));
	}
	hist_print_actions(m, def, e->elt);
	seq_putc(m, '\n');
}

/* The entries of @t's map, sorted; returns how many, or -errno. */
static int print_entries(struct seq_file *m, struct event_trigger *t)
{
	struct hist_trigger *ht = t->data;
	const struct hist_def *def = ht->def;
	struct val_stat stats[TRACING_MAP_VALS_MAX] = {};
	struct tracing_map_sort_entry *e;
	unsigned int i, j;
	int n;

	n = tracing_map_sort_entries(ht->hist->map, def->sort, def->n_sort,
				     &e);
	if (n <= 0)
		return n;
	for (i = 0; i < n; i++) {
		for (j = 0; j < def->n_vals; j++) {
			u64 v = tracing_map_read_sum(e[i].elt,
						     def->vals[j].map_idx);

			stats[j].total += v;
			stats[j].max = max(stats[j].max, v);
		}
	}
	for (i = 0; i < n; i++)
		print_entry(m, def, stats, &e[i]);
	tracing_map_destroy_sort_entries(e, n);
	return n;
}

static void show_one(struct seq_file *m, struct event_trigger *t, int nth)
{
	struct tracing_map *map = ((struct hist_trigger *)t->data)->hist->map;
	int n;

	if (nth)
		seq_puts(m, "\n\n");
	seq_puts(m, "# event histogram\n#\n# trigger info: ");
	hist_trigger_print(m, t);
	seq_puts(m, "#\n\n");
	n = print_entries(m, t);
	hist_print_snapshot(m, t->data);
	seq_printf(m, "\nTotals:\n    Hits: %llu\n    Entries: %u\n    Dropped: %llu\n",
		   (u64)atomic64_read(&map->hits), max(n, 0),
		   (u64)atomic64_read(&map->drops));
}

static int hist_show(struct seq_file *m, void *v)
{
	struct trace_event_file *file = m->private;
	struct event_trigger *t;
	int nth = 0;

	guard(mutex)(&event_mutex);
	if (file->flags & EVENT_FILE_FL_FREED)
		return -ENODEV;
	list_for_each_entry(t, &file->triggers, list)
		if (t->kind == &hist_trigger_kind)
			show_one(m, t, nth++);
	return 0;
}

static int hist_open(struct inode *inode, struct file *filp)
{
	struct trace_event_file *file = trace_event_file_open(inode);
	int ret;

	if (IS_ERR(file))
		return PTR_ERR(file);
	ret = single_open(filp, hist_show, file);
	if (ret)
		trace_event_file_close(file);
	return ret;
}

static int hist_release_file(struct inode *inode, struct file *filp)
{
	struct trace_event_file *file = ((struct seq_file *)
					 filp->private_data)->private;

	single_release(inode, filp);
	trace_event_file_close(file);
	return 0;
}

/* events/<system>/<event>/hist, created on lookup (trace_events_fs.c). */
const struct file_operations trace_event_hist_fops = {
	.open		= hist_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= hist_release_file,
};
