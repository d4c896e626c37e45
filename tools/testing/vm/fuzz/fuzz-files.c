// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The tracefs files fuzz-tracefs writes: every writable
 * file of the top level and of one instance, their options/ and
 * events/<system>/<event>/{filter,trigger,enable}, in a sorted order so
 * that a seed picks the same files on every boot of the same kernel.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"
#include "fuzz-files.h"

/* Files a write to which would end the run rather than test it. */
static const char * const skipped[] = {
	"free_buffer",
};

/* Files that hold one value: a refused write must leave it as it was. */
static const char * const value_files[] = {
	"current_tracer", "buffer_size_kb", "buffer_percent",
	"tracing_thresh", "max_graph_depth", "trace_clock",
	"saved_cmdlines_size", "tracing_cpumask",
};

static int in_list(const char *name, const char * const *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(name, v[i]))
			return 1;
	return 0;
}

static void add(struct fuzz_files *f, const char *path, int value)
{
	struct fuzz_file *e;

	if (f->n == f->cap) {
		f->cap = f->cap ? 2 * f->cap : 256;
		f->v = realloc(f->v, f->cap * sizeof(*f->v));
		if (!f->v) {
			perror("realloc");
			exit(2);
		}
	}
	e = &f->v[f->n++];
	snprintf(e->path, sizeof(e->path), "%s", path);
	e->base = strrchr(e->path, '/') + 1 - e->path;
	e->value = value;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

/*
 * Each entry of @dir, sorted, for which @fn is called with its path
 * and whether it is a directory.
 */
static void walk(const char *dir, void (*fn)(const char *path, int isdir,
					     void *arg), void *arg)
{
	struct dirent **ents;
	char path[FUZZ_PATH_MAX];
	struct stat st;
	int i, n;

	n = scandir(dir, &ents, NULL, by_name);
	for (i = 0; i < n; i++) {
		if (ents[i]->d_name[0] != '.' &&
		    snprintf(path, sizeof(path), "%s/%s", dir,
			     ents[i]->d_name) < (int)sizeof(path) &&
		    !stat(path, &st))
			fn(path, S_ISDIR(st.st_mode), arg);
		free(ents[i]);
	}
	if (n >= 0)
		free(ents);
}

static int writable(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISREG(st.st_mode) &&
	       (st.st_mode & 0222);
}

struct walk_ctx {
	struct fuzz_files *f;
	int options;
};

static void top_file(const char *path, int isdir, void *arg)
{
	struct walk_ctx *c = arg;
	const char *base = strrchr(path, '/') + 1;

	if (isdir || !writable(path) ||
	    in_list(base, skipped, ARRAY_SIZE(skipped)))
		return;
	add(c->f, path, c->options ||
	    in_list(base, value_files, ARRAY_SIZE(value_files)));
}

static void event_file(const char *path, int isdir, void *arg)
{
	const char *base = strrchr(path, '/') + 1;

	if (!isdir && (!strcmp(base, "filter") || !strcmp(base, "trigger") ||
		       !strcmp(base, "enable")) && writable(path))
		add(arg, path, 0);
}

static void event_dir(const char *path, int isdir, void *arg)
{
	if (isdir)
		walk(path, event_file, arg);
}

static void system_dir(const char *path, int isdir, void *arg)
{
	if (isdir)
		walk(path, event_dir, arg);
}

static void add_tree(struct fuzz_files *f, const char *root)
{
	struct walk_ctx c = { .f = f };
	char path[FUZZ_PATH_MAX];

	walk(root, top_file, &c);
	snprintf(path, sizeof(path), "%s/options", root);
	c.options = 1;
	walk(path, top_file, &c);
	snprintf(path, sizeof(path), "%s/events", root);
	walk(path, system_dir, f);
}

void files_collect(struct fuzz_files *f, const char *top, const char *inst)
{
	add_tree(f, top);
	add_tree(f, inst);
}
