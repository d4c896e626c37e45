// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The payloads of fuzz-tracefs: words of the tracefs
 * grammars put together wrongly, numbers at and past every boundary,
 * binary bytes, nesting deep enough to hurt a recursive parser, and
 * payloads longer than a page.  Everything follows from the generator's
 * state, so a seed gives the same corpus on every run.
 */
#include <stdio.h>
#include <string.h>

#include "fuzz.h"

void rng_seed(struct fuzz_rng *r, unsigned long long seed)
{
	r->s = seed * 0x9e3779b97f4a7c15ULL + 0x2545f4914f6cdd1dULL;
	if (!r->s)
		r->s = 1;
}

unsigned long long rng_next(struct fuzz_rng *r)
{
	r->s ^= r->s >> 12;
	r->s ^= r->s << 25;
	r->s ^= r->s >> 27;
	return r->s * 0x2545f4914f6cdd1dULL;
}

unsigned int rng_below(struct fuzz_rng *r, unsigned int n)
{
	return n ? (unsigned int)(rng_next(r) % n) : 0;
}

/* Words every grammar of tracefs knows, and some it should refuse. */
static const char * const words[] = {
	"nop", "function", "function_graph", "wakeup", "wakeup_rt",
	"wakeup_dl", "irqsoff", "preemptoff", "preemptirqsoff", "blk",
	"local", "global", "counter", "uptime", "perf", "mono", "boot",
	"x86-tsc", "tai", "[local]",
	"traceon", "traceoff", "snapshot", "stacktrace", "dump", "cpudump",
	"enable_event", "disable_event", "enable_hist", "disable_hist",
	"hist", "keys=", "vals=", "sort=", "size=", "name=", "clock=",
	"pause", "cont", "clear", "nohitcount", "onmax(", "onchange(",
	"onmatch(", "save(", "trace(", "if", "unlimited",
	"common_pid", "common_timestamp", "common_timestamp.usecs",
	"common_cpu", "common_stacktrace", "pid", "prev_pid", "next_pid",
	"prev_comm", "next_comm", "buf", "ip", "comm", ".hex", ".sym",
	".sym-offset", ".execname", ".syscall", ".log2", ".buckets=",
	".usecs", ".percent", ".graph", ".ascending", ".descending",
	"==", "!=", "<", "<=", ">", ">=", "&", "~", "&&", "||", "!", "(",
	")", "\"", "'", "*", "?", "[", "]", "\\", ",", ":", ";", "=", "$",
	"p:", "r:", "r10:", "f:", "t:", "e:", "s:", "-:", "u:",
	"kprobes/", "sched/sched_switch", "sched.sched_switch",
	"ftrace/print", "vfs_read", "vfs_write", "schedule", "kfree",
	"do_sys_openat2", "__fentry__", "ftrace_caller", "%ax", "%di",
	"%sp", "$arg1", "$arg9", "$retval", "$stack", "$stack3", "$comm",
	"+0(%di):u32", "+8($stack):string", "@jiffies", "@+0x10", ":u8",
	":s64", ":x32", ":string", ":ustring", ":symbol", ":symstr",
	"b4@2/8", ":u16[4]", "%return", ":mod:", ":mod:ext4", "*:mod:*",
	"sched:*", "*:*", "irq:*", "!sched:*", "*sched*", "vfs_*",
	"*", "!*", ">>", "print-parent", "noprint-parent", "sym-offset",
	"nosym-offset", "stacktrace", "nostacktrace", "markers",
	"nomarkers", "overwrite", "nooverwrite", "record-cmd", "irq-info",
	"event-fork", "function-fork", "funcgraph-proc", "0", "1", "2",
	"-1", "0x", "0x10", "0b", "1k", "4096", "65536", "0*", "1*",
};

static const char * const numbers[] = {
	"0", "1", "-1", "-0", "+1", "2", "7", "100", "1408", "4096",
	"65535", "65536", "2147483647", "2147483648", "-2147483648",
	"4294967295", "4294967296", "9223372036854775807",
	"9223372036854775808", "18446744073709551615",
	"18446744073709551616", "99999999999999999999999", "0x10",
	"0xffffffff", "0xffffffffffffffff", "010", "08", "1e3", "1k",
	"1K", "1M", "1.5", "1000000", " 1", "1 ", "1\n", "1\n2", "\n", " ", "",
	"0 0", "1,2", "3-1", "f", "ff", "3", ",", "-", "1-", "0-1",
};

static size_t put(char *buf, size_t len, const char *s)
{
	size_t n = strlen(s);

	if (len + n > FUZZ_MAX_PAYLOAD)
		n = FUZZ_MAX_PAYLOAD - len;
	memcpy(buf + len, s, n);
	return len + n;
}

static const char *pick(struct fuzz_rng *r, const char * const *v,
			unsigned int n)
{
	return v[rng_below(r, n)];
}

static const char * const seps[] = { " ", " ", "", ":", "\n", "\t", ";" };

/* One to ten words joined by separators: almost-sentences. */
static size_t make_words(struct fuzz_rng *r, char *buf)
{
	unsigned int i, n = 1 + rng_below(r, 10);
	size_t len = 0;

	for (i = 0; i < n; i++) {
		if (i)
			len = put(buf, len, pick(r, seps, ARRAY_SIZE(seps)));
		len = put(buf, len, pick(r, words, ARRAY_SIZE(words)));
	}
	if (rng_below(r, 2))
		len = put(buf, len, "\n");
	return len;
}

static size_t make_number(struct fuzz_rng *r, char *buf)
{
	char tmp[32];

	if (rng_below(r, 3))
		return put(buf, 0, pick(r, numbers, ARRAY_SIZE(numbers)));
	snprintf(tmp, sizeof(tmp), "%llu\n",
		 (unsigned long long)(rng_next(r) >> rng_below(r, 64)));
	return put(buf, 0, tmp);
}

/* Any bytes at all, NUL and the top half included. */
static size_t make_binary(struct fuzz_rng *r, char *buf)
{
	size_t i, n = 1 + rng_below(r, 64);

	for (i = 0; i < n; i++)
		buf[i] = (char)rng_below(r, 256);
	return n;
}

/* Longer than a page: one word over and over, or random text. */
static size_t make_oversize(struct fuzz_rng *r, char *buf)
{
	size_t n = 4097 + rng_below(r, 2 * 4096);
	const char *w = pick(r, words, ARRAY_SIZE(words));
	size_t len = 0, i;

	if (rng_below(r, 2)) {
		while (len < n && len < FUZZ_MAX_PAYLOAD - 1)
			len = put(buf, len, w);
		return len;
	}
	for (i = 0; i < n; i++)
		buf[i] = (char)(' ' + rng_below(r, 95));
	return n;
}

/* Deep nesting and long chains: recursion and fixed-size tables. */
static size_t make_deep(struct fuzz_rng *r, char *buf)
{
	unsigned int i, depth = 1 + rng_below(r, 600);
	size_t len = 0;

	switch (rng_below(r, 4)) {
	case 0:
		for (i = 0; i < depth; i++)
			len = put(buf, len, "(");
		len = put(buf, len, "common_pid == 1");
		for (i = 0; i < depth; i++)
			len = put(buf, len, ")");
		break;
	case 1:
		len = put(buf, len, "common_pid == 1");
		for (i = 0; i < depth; i++)
			len = put(buf, len, rng_below(r, 2) ?
				  " && common_pid != 2" : " || pid > 3");
		break;
	case 2:
		len = put(buf, len, "hist:keys=common_pid");
		for (i = 0; i < depth % 40; i++)
			len = put(buf, len, rng_below(r, 2) ? ",pid" : ",common_cpu");
		len = put(buf, len, ":vals=hitcount");
		break;
	default:
		for (i = 0; i < depth; i++)
			len = put(buf, len, "!");
		len = put(buf, len, pick(r, words, ARRAY_SIZE(words)));
		break;
	}
	return len;
}

/* What a file of this name takes, most of the time. */
static size_t make_for_file(struct fuzz_rng *r, const char *name, char *buf)
{
	if (!strcmp(name, "filter") || !strcmp(name, "trigger") ||
	    strstr(name, "_events"))
		return rng_below(r, 3) ? make_words(r, buf) : make_deep(r, buf);
	if (!strcmp(name, "enable") || strstr(name, "size") ||
	    strstr(name, "percent") || strstr(name, "thresh") ||
	    strstr(name, "depth") || strstr(name, "cpumask") ||
	    strstr(name, "tracing_on") || strstr(name, "_pid"))
		return make_number(r, buf);
	return make_words(r, buf);
}

size_t corpus_make(struct fuzz_rng *r, const char *name, char *buf)
{
	switch (rng_below(r, 10)) {
	case 0:
		return make_binary(r, buf);
	case 1:
		return make_oversize(r, buf);
	case 2:
		return make_deep(r, buf);
	case 3:
		return make_number(r, buf);
	case 4:
		return make_words(r, buf);
	default:
		return make_for_file(r, name, buf);
	}
}
