// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * What the block layer's trace events need from the tracing subsystem:
 * the "rwbs" string that names a request's operation and flags.  The
 * blktrace ioctl interface (CONFIG_BLK_DEV_IO_TRACE) is not offered.
 */

#include <linux/blktrace_api.h>
#include <linux/blk_types.h>
#include <linux/export.h>

/**
 * blk_fill_rwbs - describe a request's operation and flags in letters
 * @rwbs: at least RWBS_LEN bytes; gets the text
 * @opf:  the request's operation and flags
 *
 * An optional F (preflush), the operation (R read, W write, D discard,
 * DE secure erase, F flush, N anything else), then F (FUA), A
 * (read-ahead), S (sync) and M (metadata) for the flags that are set.
 */
void blk_fill_rwbs(char *rwbs, blk_opf_t opf)
{
	static const struct {
		blk_opf_t	flag;
		char		letter;
	} flags[] = {
		{ REQ_FUA,	'F' },
		{ REQ_RAHEAD,	'A' },
		{ REQ_SYNC,	'S' },
		{ REQ_META,	'M' },
	};
	const char *op;
	int i, n = 0;

	if (opf & REQ_PREFLUSH)
		rwbs[n++] = 'F';

	switch (opf & REQ_OP_MASK) {
	case REQ_OP_READ:
		op = "R";
		break;
	case REQ_OP_WRITE:
		op = "W";
		break;
	case REQ_OP_DISCARD:
		op = "D";
		break;
	case REQ_OP_SECURE_ERASE:
		op = "DE";
		break;
	case REQ_OP_FLUSH:
		op = "F";
		break;
	default:
		op = "N";
	}
	while (*op)
		rwbs[n++] = *op++;

	for (i = 0; i < ARRAY_SIZE(flags); i++)
		if (opf & flags[i].flag)
			rwbs[n++] = flags[i].letter;
	rwbs[n] = '\0';
}
EXPORT_SYMBOL_GPL(blk_fill_rwbs);
