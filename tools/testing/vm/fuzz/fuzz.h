/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The pieces of fuzz-tracefs shared between its files.
 */
#ifndef FUZZ_H
#define FUZZ_H

#include <stddef.h>
#include <stdint.h>

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* A payload never exceeds three pages plus a little. */
#define FUZZ_MAX_PAYLOAD	(3 * 4096 + 64)

/* xorshift64*: the whole corpus follows from the seed. */
struct fuzz_rng {
	unsigned long long s;
};

void rng_seed(struct fuzz_rng *r, unsigned long long seed);
unsigned long long rng_next(struct fuzz_rng *r);
/* A number in [0, n). */
unsigned int rng_below(struct fuzz_rng *r, unsigned int n);

/*
 * corpus_make - the next payload for a file called @name.
 * Fills @buf (FUZZ_MAX_PAYLOAD bytes) and returns its length.
 */
size_t corpus_make(struct fuzz_rng *r, const char *name, char *buf);

#endif
