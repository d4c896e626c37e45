/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The list of tracefs files fuzz-tracefs writes.
 */
#ifndef FUZZ_FILES_H
#define FUZZ_FILES_H

#include <stddef.h>

#define FUZZ_PATH_MAX	256

struct fuzz_file {
	char path[FUZZ_PATH_MAX];
	size_t base;		/* offset of the last component in path */
	int value;		/* holds one value: refused writes change nothing */
};

struct fuzz_files {
	struct fuzz_file *v;
	size_t n, cap;
};

/* Every writable file under the top level @top and the instance @inst. */
void files_collect(struct fuzz_files *f, const char *top, const char *inst);

#endif
