/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Walking the sub-buffers trace_pipe_raw hands out, as
 * events/header_page and events/header_event describe them (64-bit
 * kernel: an 8-byte timestamp, an 8-byte commit word, then the records).
 */
#ifndef RB_PAGES_H
#define RB_PAGES_H

#include <stddef.h>
#include <stdint.h>

#include "fuzz.h"

/* What one sub-buffer says about records lost before it. */
struct rb_page_info {
	int missed;		/* RB_MISSED_EVENTS: records were lost */
	int stored;		/* RB_MISSED_STORED: and how many is known */
	unsigned long count;	/* that number, when stored */
};

/*
 * rb_page_walk - calls @fn (if not NULL) with the payload of each data record of the
 * sub-buffer @page (@size bytes), in order; fills @info.  Returns the
 * number of records, or -1 if the page does not parse.
 */
int rb_page_walk(const unsigned char *page, size_t size,
		 struct rb_page_info *info,
		 void (*fn)(const unsigned char *data, size_t len, void *arg),
		 void *arg);

#endif
