// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * tbcount.c - a QEMU TCG plugin that counts how often each translation
 * block runs, for insn-profile.sh.
 *
 * Build: gcc -shared -fPIC -O2 -o tbcount.so tbcount.c
 * Use:   TBOUT=FILE qemu-system-... -plugin ./tbcount.so ...
 *
 * At exit it writes one line per block to TBOUT (default tbcount.out):
 * "<start address, 16 hex digits> <instructions> <executions>".  A block
 * translated again at the same address with the same length shares its
 * counter.  The counters are bumped inline by the translated code, so
 * run QEMU single-threaded (-accel tcg,thread=single), as the harness
 * does.
 *
 * Debian ships no qemu-plugin.h: qemu-plugin-api.h declares the few
 * calls of QEMU's plugin API (version 1, QEMU 7.2) used here.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "qemu-plugin-api.h"

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

struct block {
	uint64_t pc;
	uint64_t insns;
	uint64_t runs;
};

/* Open addressing; a kernel boot translates a few 100,000 blocks. */
#define NR_BLOCKS	0x400000u

static struct block *blocks;
static pthread_mutex_t blocks_lock = PTHREAD_MUTEX_INITIALIZER;

static struct block *block_of(uint64_t pc, uint64_t insns)
{
	uint64_t h = (pc * 0x9e3779b97f4a7c15ull + insns) >> 40;
	struct block *b;

	for (;; h++) {
		b = &blocks[h & (NR_BLOCKS - 1)];
		if (!b->pc) {
			b->pc = pc;
			b->insns = insns;
			return b;
		}
		if (b->pc == pc && b->insns == insns)
			return b;
	}
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	struct block *b;

	pthread_mutex_lock(&blocks_lock);
	b = block_of(qemu_plugin_tb_vaddr(tb), qemu_plugin_tb_n_insns(tb));
	pthread_mutex_unlock(&blocks_lock);
	qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64,
						 &b->runs, 1);
}

static void write_counts(qemu_plugin_id_t id, void *data)
{
	const char *path = getenv("TBOUT");
	FILE *f = fopen(path ? path : "tbcount.out", "w");
	uint32_t i;

	if (!f)
		return;
	for (i = 0; i < NR_BLOCKS; i++)
		if (blocks[i].runs)
			fprintf(f, "%016llx %llu %llu\n",
				(unsigned long long)blocks[i].pc,
				(unsigned long long)blocks[i].insns,
				(unsigned long long)blocks[i].runs);
	fclose(f);
}

__attribute__((visibility("default")))
int qemu_plugin_install(qemu_plugin_id_t id, const struct qemu_info_t *info,
			int argc, char **argv)
{
	blocks = calloc(NR_BLOCKS, sizeof(*blocks));
	if (!blocks)
		return -1;
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
	qemu_plugin_register_atexit_cb(id, write_counts, NULL);
	return 0;
}
