// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * fuzz-tracefs - hostile writes to every writable tracefs file (guest
 * side of `make test`, stress/fuzz-tracefs).
 *
 * Usage: fuzz-tracefs [-s SEED] [-n WRITES] [-r RACE_WRITES] [-t SECONDS]
 *        fuzz-tracefs -w FILE HEX   (one payload of a FUZZ-FAIL line)
 *
 * Makes instances/fuzz, lists the writable files (fuzz-files.c) and
 * writes the corpus of fuzz-corpus.c drawn from SEED:
 *   1. one process, WRITES payloads, each whole, cut short or split in
 *      pieces of a few bytes over several write() calls; when a single
 *      write() to a file that holds one value is refused, the file must
 *      read back what it read before;
 *   2. two processes at once, RACE_WRITES each, on the same 32 files;
 * then puts the state back (what the value files read at the start, no
 * events, no triggers or filter on ftrace/print) and checks that every
 * file reads without error, that a trace_marker line reaches "trace" in
 * the top level and the instance, that the instance can be removed and
 * that the kernel log gained no splat.  Prints one line
 *   TEST-RESULT stress/fuzz-tracefs PASS|FAIL <figures>
 * and before it a FUZZ-FAIL line per failure: the seed, the writer and
 * the index of the write (rerun with the same seed to reproduce), the
 * file and the payload in hex.  A writer the kernel killed (an oops in
 * its write) is reported with the write it was doing.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "fuzz.h"
#include "fuzz-files.h"
#include "tracefs-io.h"

#define TOP		"/sys/kernel/tracing"
#define INST		TOP "/instances/fuzz"
#define VALUE_MAX	1024
#define RACE_FILES	32
#define MAX_REPORTS	40
#define CALM_EVERY	512

/* What a writer is doing, kept where its parent can read it if it dies. */
struct writer_state {
	unsigned long index;	/* of the write in progress */
	unsigned long done;	/* writes finished */
	unsigned long failures;
	unsigned long refused;	/* single write() calls the kernel refused */
	unsigned long checked;	/* of those, to value files, read back */
	char file[FUZZ_PATH_MAX];
	size_t len;
	char payload[FUZZ_MAX_PAYLOAD];
};

static struct fuzz_files files;
static unsigned long long seed = 1;
static time_t deadline;
static unsigned long reports;

static void print_hex(const char *p, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		printf("%02x", (unsigned char)p[i]);
	if (!len)
		printf("-");
}

static void report(int writer, unsigned long index, const char *file,
		   const char *why, const char *p, size_t len)
{
	if (reports++ >= MAX_REPORTS)
		return;
	printf("FUZZ-FAIL seed=%llu writer=%d write=%lu file=%s %s payload=",
	       seed, writer, index, file, why);
	print_hex(p, len);
	printf("\n");
	fflush(stdout);
}

static ssize_t read_file(const char *path, char *buf, size_t size)
{
	ssize_t n, len = 0;
	int fd = open(path, O_RDONLY | O_NONBLOCK);

	if (fd < 0)
		return -1;
	while ((size_t)len < size - 1) {
		n = read(fd, buf + len, size - 1 - len);
		if (n < 0) {
			len = -1;
			break;
		}
		if (!n)
			break;
		len += n;
	}
	close(fd);
	if (len >= 0)
		buf[len] = '\0';
	return len;
}

/*
 * One payload to one file: whole, cut short, or in pieces.  Returns 1
 * when a single write() was refused (the case the value check covers).
 */
static int do_write(struct fuzz_rng *r, const struct fuzz_file *f,
		    const char *p, size_t len)
{
	int fd, how = rng_below(r, 8), refused = 0;
	size_t off = 0, piece;

	fd = open(f->path, O_WRONLY | (rng_below(r, 2) ? O_TRUNC : O_APPEND));
	if (fd < 0)
		return 0;
	if (how == 0 && len > 1) {
		refused = write(fd, p, len - 1 - rng_below(r, len - 1)) < 0;
	} else if (how == 1) {
		while (off < len) {
			piece = 1 + rng_below(r, 7);
			if (piece > len - off)
				piece = len - off;
			if (write(fd, p + off, piece) < 0 && errno != EINTR)
				break;
			off += piece;
		}
		refused = -1;
	} else {
		refused = write(fd, p, len) < 0;
	}
	close(fd);
	return refused;
}

/* Back to a state that does not slow the guest down for good. */
static void calm(void)
{
	write_str(TOP "/current_tracer", "nop", O_TRUNC);
	write_str(INST "/current_tracer", "nop", O_TRUNC);
	write_str(TOP "/set_event", "", O_TRUNC);
	write_str(INST "/set_event", "", O_TRUNC);
	write_str(TOP "/function_profile_enabled", "0", O_TRUNC);
	write_str(TOP "/options/stacktrace", "0", O_TRUNC);
	write_str(INST "/options/stacktrace", "0", O_TRUNC);
}

static void check_value(int writer, struct writer_state *ws,
			const struct fuzz_file *f, const char *before)
{
	char after[VALUE_MAX];

	if (read_file(f->path, after, sizeof(after)) < 0) {
		report(writer, ws->index, f->path, "unreadable-after-refused-write",
		       ws->payload, ws->len);
		ws->failures++;
	} else if (strcmp(before, after)) {
		report(writer, ws->index, f->path, "changed-by-refused-write",
		       ws->payload, ws->len);
		ws->failures++;
	}
}

/*
 * A writer: @count writes to files drawn from @pick (n of them) with the
 * generator seeded by @wseed; value checks when @check.
 */
static void writer(int id, struct writer_state *ws, unsigned long long wseed,
		   const struct fuzz_file **pick, size_t n, unsigned long count,
		   int check)
{
	char before[VALUE_MAX];
	const struct fuzz_file *f;
	struct fuzz_rng r;
	int refused, have_before;

	rng_seed(&r, wseed);
	for (ws->index = 0; ws->index < count; ws->index++) {
		if (ws->index % CALM_EVERY == 0) {
			if (time(NULL) >= deadline)
				break;
			calm();
		}
		f = pick[rng_below(&r, n)];
		ws->len = corpus_make(&r, f->path + f->base, ws->payload);
		snprintf(ws->file, sizeof(ws->file), "%s", f->path);
		have_before = check && f->value &&
			read_file(f->path, before, sizeof(before)) >= 0;
		refused = do_write(&r, f, ws->payload, ws->len);
		ws->refused += refused == 1;
		if (have_before && refused == 1) {
			check_value(id, ws, f, before);
			ws->checked++;
		}
		ws->done++;
	}
}

/* Runs writer() in a child; reports the write it died in, if it died. */
static pid_t spawn(int id, struct writer_state *ws, unsigned long long wseed,
		   const struct fuzz_file **pick, size_t n, unsigned long count,
		   int check)
{
	pid_t pid = fork();

	if (pid == 0) {
		writer(id, ws, wseed, pick, n, count, check);
		fflush(stdout);
		_exit(0);
	}
	return pid;
}

static unsigned long reap(pid_t pid, int id, struct writer_state *ws)
{
	int status;

	if (pid < 0 || waitpid(pid, &status, 0) < 0)
		return 1;
	if (WIFEXITED(status) && !WEXITSTATUS(status))
		return ws->failures;
	report(id, ws->index, ws->file, "writer-died", ws->payload, ws->len);
	return ws->failures + 1;
}

/* Writable files the two racers share, drawn from the seed. */
static size_t race_set(const struct fuzz_file **pick)
{
	struct fuzz_rng r;
	size_t i;

	rng_seed(&r, seed ^ 0x5eed);
	for (i = 0; i < RACE_FILES; i++)
		pick[i] = &files.v[rng_below(&r, files.n)];
	return RACE_FILES;
}

/* The value files as they read at the start, to put back at the end. */
static char (*saved)[VALUE_MAX];

static void save_values(void)
{
	size_t i;

	saved = calloc(files.n, sizeof(*saved));
	if (!saved)
		exit(2);
	for (i = 0; i < files.n; i++)
		if (files.v[i].value)
			read_file(files.v[i].path, saved[i], VALUE_MAX);
}

/* "[local] global" -> "local"; "7 (expanded: 1408)" -> "1408". */
static void value_to_write(const char *s, char *out, size_t size)
{
	const char *p = strchr(s, '[');
	size_t n;

	if (!p)
		p = strstr(s, "expanded: ");
	if (p)
		p += *p == '[' ? 1 : strlen("expanded: ");
	else
		p = s;
	n = strcspn(p, " ]\n)");
	if (n >= size)
		n = size - 1;
	memcpy(out, p, n);
	out[n] = '\0';
}

static void restore(void)
{
	char v[VALUE_MAX];
	size_t i;

	calm();
	for (i = 0; i < files.n; i++) {
		if (!files.v[i].value || !saved[i][0])
			continue;
		value_to_write(saved[i], v, sizeof(v));
		write_str(files.v[i].path, v, O_TRUNC);
	}
	write_str(TOP "/tracing_on", "1", O_TRUNC);
	write_str(INST "/tracing_on", "1", O_TRUNC);
}

/* The triggers of @path removed, each by "!" and what it reads. */
static void clear_triggers(const char *path)
{
	char buf[8192], cmd[1024], *line, *save;
	size_t n;

	if (read_file(path, buf, sizeof(buf)) < 0)
		return;
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (line[0] == '#')
			continue;
		n = strcspn(line, " [");
		snprintf(cmd, sizeof(cmd), "!%.*s", (int)n, line);
		write_str(path, cmd, O_APPEND);
	}
}

/* "func:cmd[:arg:arg][:count]" -> "!func:cmd[:arg:arg]", as ftracetest. */
static void clear_probes(const char *path)
{
	char buf[1 << 16], cmd[512], *line, *save, *c;
	int fields;

	if (read_file(path, buf, sizeof(buf)) < 0)
		return;
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		c = strchr(line, ':');
		if (line[0] == '#' || !c)
			continue;
		fields = strncmp(c + 1, "enable_event", 12) &&
			 strncmp(c + 1, "disable_event", 13) ? 2 : 4;
		for (c = line; *c && fields; c++)
			if (*c == ':' && !--fields)
				break;
		*c = '\0';
		snprintf(cmd, sizeof(cmd), "!%s", line);
		write_str(path, cmd, O_APPEND);
	}
}

static void reset_root(const char *root)
{
	static const char * const emptied[] = {
		"set_event_pid", "set_event_notrace_pid", "set_ftrace_pid",
		"set_ftrace_notrace_pid", "set_ftrace_notrace",
		"set_graph_function", "set_graph_notrace", "trace",
	};
	char path[FUZZ_PATH_MAX];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(emptied); i++) {
		snprintf(path, sizeof(path), "%s/%s", root, emptied[i]);
		write_str(path, "", O_TRUNC);
	}
	snprintf(path, sizeof(path), "%s/set_ftrace_filter", root);
	write_str(path, "", O_TRUNC);
	clear_probes(path);
	snprintf(path, sizeof(path), "%s/tracing_on", root);
	write_str(path, "1", O_TRUNC);
}

/* No event left with a trigger or a filter, no probe event left. */
static void reset_events(void)
{
	size_t i;

	for (i = 0; i < files.n; i++) {
		const struct fuzz_file *f = &files.v[i];

		if (!strcmp(f->path + f->base, "trigger")) {
			clear_triggers(f->path);
			clear_triggers(f->path);
		} else if (!strcmp(f->path + f->base, "filter")) {
			write_str(f->path, "0", O_TRUNC);
		}
	}
	write_str(TOP "/dynamic_events", "", O_TRUNC);
}

static unsigned long check_reads(void)
{
	static char buf[1 << 16];
	unsigned long bad = 0;
	size_t i;

	for (i = 0; i < files.n; i++) {
		const struct fuzz_file *f = &files.v[i];
		struct stat st;

		if (stat(f->path, &st) || !(st.st_mode & 0444) ||
		    strstr(f->path, "trace_pipe"))
			continue;
		if (read_file(f->path, buf, sizeof(buf)) < 0) {
			printf("FUZZ-FAIL seed=%llu after file=%s read: %s\n",
			       seed, f->path, strerror(errno));
			bad++;
		}
	}
	return bad;
}

/* What could keep a marker out of the trace, for the log. */
static void show_state(const char *root)
{
	static const char * const shown[] = {
		"tracing_on", "tracing_cpumask", "options/markers",
		"buffer_size_kb", "current_tracer",
		"events/ftrace/print/trigger", "set_ftrace_filter",
	};
	char path[FUZZ_PATH_MAX], v[VALUE_MAX];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(shown); i++) {
		snprintf(path, sizeof(path), "%s/%s", root, shown[i]);
		if (read_file(path, v, sizeof(v)) >= 0)
			printf("  %s: %.200s\n", shown[i], v);
	}
}

static unsigned long check_marker(const char *root)
{
	static char buf[1 << 20];
	char path[FUZZ_PATH_MAX], mark[64];

	snprintf(mark, sizeof(mark), "fuzz-tracefs-marker-%llu", seed);
	snprintf(path, sizeof(path), "%s/trace_marker", root);
	if (write_str(path, mark, 0) < 0) {
		printf("FUZZ-FAIL seed=%llu after file=%s write: %s\n", seed,
		       path, strerror(errno));
		show_state(root);
		return 1;
	}
	snprintf(path, sizeof(path), "%s/trace", root);
	if (read_file(path, buf, sizeof(buf)) < 0 || !strstr(buf, mark)) {
		printf("FUZZ-FAIL seed=%llu after file=%s marker not in trace\n",
		       seed, path);
		return 1;
	}
	return 0;
}

/* Kernel log lines that are splats, counted. */
static unsigned long splats(void)
{
	static const char * const pat[] = {
		"WARNING:", "BUG:", "Oops", "KASAN", "UBSAN", "kernel BUG",
		"possible circular", "lockdep", "stall", "hung_task",
		"soft lockup", "general protection",
	};
	static char log[1 << 20];
	unsigned long n = 0;
	int len = klogctl(3, log, sizeof(log) - 1);
	size_t i;
	char *p;

	if (len < 0)
		return 0;
	log[len] = '\0';
	for (i = 0; i < ARRAY_SIZE(pat); i++)
		for (p = log; (p = strstr(p, pat[i])); p++)
			n++;
	return n;
}

static unsigned long after_checks(unsigned long splats_before)
{
	unsigned long bad;

	restore();
	reset_events();
	reset_root(TOP);
	reset_root(INST);
	bad = check_reads() + check_marker(TOP) + check_marker(INST);
	if (rmdir(INST)) {
		printf("FUZZ-FAIL seed=%llu after rmdir %s: %s\n", seed, INST,
		       strerror(errno));
		bad++;
	}
	if (splats() != splats_before) {
		printf("FUZZ-FAIL seed=%llu after: splat in the kernel log\n",
		       seed);
		bad++;
	}
	return bad;
}

/* -w FILE HEX: one write() of the payload @hex, and what it returned. */
static int write_hex(const char *path, const char *hex)
{
	static char p[FUZZ_MAX_PAYLOAD];
	size_t len = 0;
	unsigned int b;
	ssize_t n;
	int fd;

	while (len < sizeof(p) && sscanf(hex + 2 * len, "%2x", &b) == 1)
		p[len++] = (char)b;
	fd = open(path, O_WRONLY | O_TRUNC);
	if (fd < 0) {
		perror(path);
		return 1;
	}
	n = write(fd, p, len);
	printf("write(%s, %zu bytes) = %zd%s%s\n", path, len, n,
	       n < 0 ? " " : "", n < 0 ? strerror(errno) : "");
	close(fd);
	return 0;
}

static void usage(void)
{
	fprintf(stderr, "fuzz-tracefs [-s SEED] [-n WRITES] [-r RACE_WRITES] [-t SECONDS]\n");
	fprintf(stderr, "fuzz-tracefs -w FILE HEX\n");
	exit(2);
}

int main(int argc, char **argv)
{
	unsigned long writes = 70000, race = 15000, fails, total, before;
	const struct fuzz_file **all, *shared[RACE_FILES];
	struct writer_state *ws;
	long seconds = 200;
	time_t start;
	pid_t a, b;
	size_t i;
	int c;

	while ((c = getopt(argc, argv, "s:n:r:t:w:")) != -1) {
		switch (c) {
		case 'w':
			if (optind >= argc)
				usage();
			return write_hex(optarg, argv[optind]);
		case 's':
			seed = strtoull(optarg, NULL, 0);
			break;
		case 'n':
			writes = strtoul(optarg, NULL, 0);
			break;
		case 'r':
			race = strtoul(optarg, NULL, 0);
			break;
		case 't':
			seconds = strtol(optarg, NULL, 0);
			break;
		default:
			usage();
		}
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (mkdir(INST, 0755) && errno != EEXIST) {
		printf("TEST-RESULT stress/fuzz-tracefs FAIL mkdir %s: %s\n",
		       INST, strerror(errno));
		return 0;
	}
	files_collect(&files, TOP, INST);
	all = calloc(files.n, sizeof(*all));
	ws = mmap(NULL, 3 * sizeof(*ws), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (!files.n || !all || ws == MAP_FAILED)
		return 2;
	for (i = 0; i < files.n; i++)
		all[i] = &files.v[i];
	save_values();
	before = splats();
	start = time(NULL);
	deadline = start + seconds;

	fails = reap(spawn(0, &ws[0], seed, all, files.n, writes, 1), 0, &ws[0]);
	race_set(shared);
	a = spawn(1, &ws[1], seed * 2 + 1, shared, RACE_FILES, race, 0);
	b = spawn(2, &ws[2], seed * 2 + 2, shared, RACE_FILES, race, 0);
	fails += reap(a, 1, &ws[1]) + reap(b, 2, &ws[2]);
	total = ws[0].done + ws[1].done + ws[2].done;
	fails += after_checks(before);

	printf("fuzz-tracefs: seed %llu, %zu files, %lu writes", seed, files.n,
	       total);
	printf(" (%lu alone, %lu + %lu racing) in %ld s;", ws[0].done,
	       ws[1].done, ws[2].done, (long)(time(NULL) - start));
	printf(" refused %lu, %lu of them read back; %lu failures\n",
	       ws[0].refused, ws[0].checked, fails);
	if (total < writes + 2 * race)
		printf("TEST-RESULT stress/fuzz-tracefs FAIL only %lu of %lu writes in %ld s\n",
		       total, writes + 2 * race, seconds);
	else if (fails)
		printf("TEST-RESULT stress/fuzz-tracefs FAIL seed %llu: %lu failures\n",
		       seed, fails);
	else
		printf("TEST-RESULT stress/fuzz-tracefs PASS %lu writes to %zu files, seed %llu\n",
		       total, files.n, seed);
	return 0;
}
