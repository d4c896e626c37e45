// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * no-lost-events - every record written is read back in order or counted
 * as lost (guest side of `make test`, stress/no-lost-events).
 *
 * Usage: no-lost-events [-n RECORDS_PER_CPU] [-k BUFFER_KB]
 *
 * For each of overwrite on and off, with a reader on trace_pipe_raw
 * while the records are written and without one (the rings drained
 * afterwards), in a fresh instance of BUFFER_KB per CPU (small, so that
 * records are lost): one writer pinned to each CPU writes RECORDS
 * numbered trace_marker lines "acct <cpu> <seq>".  Then, per CPU:
 *   - the records read are that CPU's, in increasing order, and each was
 *     a write() the kernel accepted;
 *   - the accepted records not read (L) plus the writes refused (F) are
 *     exactly per_cpu/cpuN/stats' "overrun" plus "dropped events";
 *   - with overwrite on, every gap starts a sub-buffer whose commit word
 *     carries the lost-events mark, and the counts stored with the marks
 *     add up to the overrun when every mark has its count.
 * Prints one "no-lost-events:" line per mode and CPU with the figures,
 * a NLE-FAIL line per broken rule, and finally
 *   TEST-RESULT stress/no-lost-events PASS|FAIL <totals>
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rb-pages.h"
#include "tracefs-io.h"

#define INST		"/sys/kernel/tracing/instances/no-lost-events"
#define MAX_CPUS	8
#define SUBBUF		4096

/* Per CPU, shared between the writer, the reader and the checker. */
struct cpu_log {
	unsigned long refused;		/* writes the kernel refused */
	unsigned long read;		/* records read back */
	unsigned long lost;		/* accepted records never read */
	unsigned long marked;		/* counts stored with lost marks */
	unsigned long marks;		/* sub-buffers marked */
	unsigned long unstored;		/* marks without a count */
	unsigned long bad;		/* broken rules */
	long last;			/* last sequence number read, or -1 */
	int page_missed;		/* the sub-buffer being walked is marked */
	int first_in_page;
	int cpu;
	int overwrite;
};

static unsigned long nrec = 20000;
static int ncpu;
static struct cpu_log *logs;
static unsigned char *accepted;	/* [cpu][seq]: the write() succeeded */
static int *writers_done;	/* set once the writers have exited */

static void pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	sched_setaffinity(0, sizeof(set), &set);
}

static void writer(int cpu)
{
	char line[64];
	unsigned long seq;
	int fd, n;

	pin(cpu);
	fd = open(INST "/trace_marker", O_WRONLY);
	if (fd < 0)
		_exit(1);
	for (seq = 0; seq < nrec; seq++) {
		n = snprintf(line, sizeof(line), "acct %d %lu\n", cpu, seq);
		/* Set first: the reader may see the record before write() returns. */
		accepted[cpu * nrec + seq] = 1;
		if (write(fd, line, n) != n) {
			accepted[cpu * nrec + seq] = 0;
			logs[cpu].refused++;
		}
	}
	close(fd);
	_exit(0);
}

static void fail(struct cpu_log *l, const char *what, long seq)
{
	if (l->bad++ < 5)
		printf("NLE-FAIL overwrite=%d cpu%d: %s (seq %ld)\n",
		       l->overwrite, l->cpu, what, seq);
}

/* Accepted records between @from and @to (exclusive) never read. */
static unsigned long gap(struct cpu_log *l, long from, long to)
{
	unsigned long n = 0;
	long s;

	for (s = from; s < to; s++)
		n += accepted[l->cpu * nrec + s];
	return n;
}

static void one_record(const unsigned char *data, size_t len, void *arg)
{
	struct cpu_log *l = arg;
	const unsigned char *p = memmem(data, len, "acct ", 5);
	unsigned long lost;
	long seq;
	int cpu;

	if (!p || sscanf((const char *)p, "acct %d %ld", &cpu, &seq) != 2) {
		fail(l, "a record that is not ours", -1);
		return;
	}
	if (cpu != l->cpu || seq <= l->last || seq >= (long)nrec) {
		fail(l, cpu != l->cpu ? "record of another CPU" :
		     "record out of order", seq);
		return;
	}
	if (!accepted[cpu * nrec + seq])
		fail(l, "read a record whose write was refused", seq);
	lost = gap(l, l->last + 1, seq);
	if (lost && l->overwrite && !(l->first_in_page && l->page_missed))
		fail(l, "records lost without a lost-events mark", seq);
	l->lost += lost;
	l->last = seq;
	l->read++;
	l->first_in_page = 0;
}

/* Reads what trace_pipe_raw of @cpu has now; returns sub-buffers read. */
static int drain(struct cpu_log *l, int fd)
{
	unsigned char page[SUBBUF];
	struct rb_page_info info;
	int pages = 0;
	ssize_t n;

	while ((n = read(fd, page, sizeof(page))) > 0) {
		l->first_in_page = 1;
		if (rb_page_walk(page, n, &info, NULL, NULL) < 0) {
			fail(l, "sub-buffer does not parse", -1);
			continue;
		}
		l->page_missed = info.missed;
		l->marks += info.missed;
		l->unstored += info.missed && !info.stored;
		l->marked += info.count;
		rb_page_walk(page, n, &info, one_record, l);
		pages++;
	}
	return pages;
}

static int open_raw(int cpu)
{
	char path[128];

	snprintf(path, sizeof(path), INST "/per_cpu/cpu%d/trace_pipe_raw", cpu);
	return open(path, O_RDONLY | O_NONBLOCK);
}

static void reader(int cpu)
{
	int fd, done;

	pin(cpu);
	fd = open_raw(cpu);
	if (fd < 0)
		_exit(1);
	do {
		done = __atomic_load_n(writers_done, __ATOMIC_ACQUIRE);
		if (!drain(&logs[cpu], fd))
			usleep(2000);
	} while (!done);
	drain(&logs[cpu], fd);
	close(fd);
	_exit(0);
}

static unsigned long stat_of(int cpu, const char *key)
{
	char path[128], line[128];
	unsigned long v = 0;
	size_t klen = strlen(key);
	FILE *f;

	snprintf(path, sizeof(path), INST "/per_cpu/cpu%d/stats", cpu);
	f = fopen(path, "r");
	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, key, klen) && line[klen] == ':')
			v = strtoul(line + klen + 1, NULL, 10);
	fclose(f);
	return v;
}

static pid_t spawn(void (*fn)(int), int cpu)
{
	pid_t pid = fork();

	if (!pid)
		fn(cpu);
	return pid;
}

static int setup(int overwrite, unsigned int kb)
{
	char v[32];

	rmdir(INST);
	if (mkdir(INST, 0755))
		return -1;
	snprintf(v, sizeof(v), "%u", kb);
	if (write_str(INST "/buffer_size_kb", v, O_TRUNC) ||
	    write_str(INST "/options/overwrite", overwrite ? "1" : "0",
		      O_TRUNC))
		return -1;
	memset(logs, 0, ncpu * sizeof(*logs));
	memset(accepted, 0, ncpu * nrec);
	*writers_done = 0;
	return 0;
}

/* Per CPU: the rules of the header comment, then the figures. */
static unsigned long judge(int overwrite, int with_reader, unsigned long *tot)
{
	unsigned long bad = 0, overrun, dropped;
	struct cpu_log *l;
	int cpu;

	for (cpu = 0; cpu < ncpu; cpu++) {
		l = &logs[cpu];
		l->lost += gap(l, l->last + 1, nrec);
		overrun = stat_of(cpu, "overrun");
		dropped = stat_of(cpu, "dropped events");
		if (l->lost + l->refused != overrun + dropped)
			fail(l, "lost + refused != overrun + dropped events", -1);
		if (overwrite && !l->unstored && l->marked != overrun)
			fail(l, "lost-events marks do not add up to the overrun", -1);
		printf("no-lost-events: overwrite=%d reader=%d cpu%d:",
		       overwrite, with_reader, cpu);
		printf(" written %lu, refused %lu, read %lu, lost %lu,", nrec,
		       l->refused, l->read, l->lost);
		printf(" overrun %lu, dropped %lu, marks %lu (counted %lu)\n",
		       overrun, dropped, l->marks, l->marked);
		tot[0] += nrec;
		tot[1] += l->read;
		tot[2] += overrun + dropped;
		bad += l->bad;
	}
	return bad;
}

static unsigned long run(int overwrite, int with_reader, unsigned int kb,
			 unsigned long *tot)
{
	pid_t w[MAX_CPUS], r[MAX_CPUS];
	int cpu, fd;

	if (setup(overwrite, kb)) {
		printf("NLE-FAIL cannot set up %s: %s\n", INST, strerror(errno));
		return 1;
	}
	for (cpu = 0; cpu < ncpu; cpu++) {
		logs[cpu].cpu = cpu;
		logs[cpu].overwrite = overwrite;
		logs[cpu].last = -1;
		r[cpu] = with_reader ? spawn(reader, cpu) : -1;
	}
	for (cpu = 0; cpu < ncpu; cpu++)
		w[cpu] = spawn(writer, cpu);
	for (cpu = 0; cpu < ncpu; cpu++)
		waitpid(w[cpu], NULL, 0);
	__atomic_store_n(writers_done, 1, __ATOMIC_RELEASE);
	for (cpu = 0; cpu < ncpu; cpu++) {
		if (with_reader) {
			waitpid(r[cpu], NULL, 0);
			continue;
		}
		fd = open_raw(cpu);
		if (fd >= 0) {
			drain(&logs[cpu], fd);
			close(fd);
		}
	}
	return judge(overwrite, with_reader, tot);
}

int main(int argc, char **argv)
{
	unsigned long bad = 0, tot[3] = { 0 };
	unsigned int kb = 16;
	int c, ow, rd;
	void *shm;

	while ((c = getopt(argc, argv, "n:k:")) != -1) {
		if (c == 'n')
			nrec = strtoul(optarg, NULL, 0);
		else if (c == 'k')
			kb = strtoul(optarg, NULL, 0);
		else
			return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	if (ncpu > MAX_CPUS)
		ncpu = MAX_CPUS;
	shm = mmap(NULL, MAX_CPUS * sizeof(*logs) + sizeof(int) +
		   MAX_CPUS * nrec, PROT_READ | PROT_WRITE,
		   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (shm == MAP_FAILED)
		return 2;
	logs = shm;
	writers_done = (int *)(logs + MAX_CPUS);
	accepted = (unsigned char *)(writers_done + 1);

	for (ow = 1; ow >= 0; ow--)
		for (rd = 1; rd >= 0; rd--)
			bad += run(ow, rd, kb, tot);
	rmdir(INST);
	if (bad)
		printf("TEST-RESULT stress/no-lost-events FAIL %lu broken rules (NLE-FAIL lines)\n",
		       bad);
	else
		printf("TEST-RESULT stress/no-lost-events PASS %lu written, %lu read, %lu lost\n",
		       tot[0], tot[1], tot[2]);
	return 0;
}
