// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The records of one trace_pipe_raw sub-buffer (see
 * rb-pages.h and events/header_page, events/header_event).
 */
#include <string.h>

#include "rb-pages.h"

#define PAGE_HDR	16	/* time_stamp (u64) and commit (local_t) */
#define BIT(n)		(1UL << (n))
#define MISSED_EVENTS	BIT(31)
#define MISSED_STORED	BIT(30)
#define TYPE_PADDING	29
#define TYPE_EXTEND	30
#define TYPE_STAMP	31

static unsigned int word(const unsigned char *p)
{
	unsigned int v;

	memcpy(&v, p, sizeof(v));
	return v;
}

/* Bytes of the record at @p, its payload in *@data and *@len (0: none). */
static size_t record(const unsigned char *p, const unsigned char **data,
		     size_t *len)
{
	unsigned int hdr = word(p), type = hdr & 0x1f, delta = hdr >> 5;

	*len = 0;
	switch (type) {
	case TYPE_PADDING:
		return delta ? word(p + 4) + 4 : 0;
	case TYPE_EXTEND:
	case TYPE_STAMP:
		return 8;
	case 0:
		*data = p + 8;
		*len = word(p + 4) - 4;
		return word(p + 4) + 4;
	default:
		*data = p + 4;
		*len = type * 4;
		return type * 4 + 4;
	}
}

int rb_page_walk(const unsigned char *page, size_t size,
		 struct rb_page_info *info,
		 void (*fn)(const unsigned char *data, size_t len, void *arg),
		 void *arg)
{
	unsigned long long commit;
	size_t off = 0, n, len;
	const unsigned char *data;
	int records = 0;

	if (size < PAGE_HDR)
		return -1;
	memcpy(&commit, page + 8, sizeof(commit));
	info->missed = !!(commit & MISSED_EVENTS);
	info->stored = !!(commit & MISSED_STORED);
	commit &= ~(MISSED_EVENTS | MISSED_STORED);
	if (commit > size - PAGE_HDR)
		return -1;
	info->count = 0;
	if (info->stored && PAGE_HDR + commit + sizeof(long) <= size)
		memcpy(&info->count, page + PAGE_HDR + commit, sizeof(long));
	page += PAGE_HDR;
	while (off + 4 <= commit) {
		n = record(page + off, &data, &len);
		if (!n)
			break;
		if (off + n > commit)
			return -1;
		if (len && fn)
			fn(data, len, arg);
		records += !!len;
		off += n;
	}
	return records;
}
