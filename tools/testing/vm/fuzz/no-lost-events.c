// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * no-lost-events - every record written is read back in order or counted
 * as lost (guest side of `make test`, stress/no-lost-events).
 *
 * Usage: no-lost-events [-n RECORDS_PER_CPU] [-K KERNEL_RECORDS] [-k BUFFER_KB]
 *
 * For each of overwrite on and off, with a reader on trace_pipe_raw
 * while the records are written and without one (the rings drained
 * afterwards), in a fresh instance of BUFFER_KB per CPU (small, so that
 * records are lost): one writer pinned to each CPU writes RECORDS
 * numbered trace_marker lines "acct <cpu> <seq>".  When trace_acct_test.ko
 * is loaded (its debugfs directory exists), the kernel writes at the same
 * time, on every CPU, KERNEL_RECORDS lines "kacct <ctx> <cpu> <seq>" from
 * each of hard interrupt, softirq, NMI and task context, and counts the
 * writes it tried and those refused.  Then, per CPU, over its sources
 * (the user writer and the kernel's contexts):
 *   - the records read are that CPU's, of each source in increasing
 *     order; a user record read was a write() the kernel accepted;
 *   - the records written and not read, summed over the sources, are
 *     exactly per_cpu/cpuN/stats' "overrun" plus "commit overrun" plus
 *     "dropped events" (for the user writer: the accepted records not
 *     read (L) plus the writes refused (F));
 *   - with overwrite on, every gap in a source's sequence (of records
 *     the kernel accepted) comes after a sub-buffer whose commit word
 *     carries the lost-events mark, read since that source's last
 *     record, and the counts stored with the marks add up to the
 *     overrun when every mark has its count;
 *   - every kernel source tried all of its records.
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

#define INST_NAME	"no-lost-events"
#define INST		"/sys/kernel/tracing/instances/" INST_NAME
#define KACCT		"/sys/kernel/debug/trace_acct_test"
#define MAX_CPUS	8
#define SUBBUF		4096

/* The record sources of a CPU: the user writer, then the kernel's. */
enum { SRC_USER, SRC_IRQ, SRC_SOFTIRQ, SRC_NMI, SRC_TASK, NR_SRC };

static const char *const src_name[NR_SRC] = {
	"user", "irq", "softirq", "nmi", "task"
};

/* One source of one CPU. */
struct src_log {
	unsigned long written;		/* writes tried */
	unsigned long refused;		/* writes the kernel refused */
	unsigned long read;		/* records read back */
	unsigned long marks_seen;	/* the CPU's marks at the last read */
	unsigned long unmarked;		/* kernel: records in unmarked gaps */
	long last;			/* last sequence number read, or -1 */
};

/* Per CPU, shared between the writer, the reader and the checker. */
struct cpu_log {
	struct src_log src[NR_SRC];
	unsigned long lost;		/* accepted user records never read */
	unsigned long marked;		/* counts stored with lost marks */
	unsigned long marks;		/* sub-buffers marked */
	unsigned long unstored;		/* marks without a count */
	unsigned long bad;		/* broken rules */
	int cpu;
	int overwrite;
};

static unsigned long nrec = 20000;
static unsigned long krec = 4000;	/* 0: no kernel sources */
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
			logs[cpu].src[SRC_USER].refused++;
		}
	}
	logs[cpu].src[SRC_USER].written = nrec;
	close(fd);
	_exit(0);
}

static void fail(struct cpu_log *l, const char *what, long seq)
{
	if (l->bad++ < 5)
		printf("NLE-FAIL overwrite=%d cpu%d: %s (seq %ld)\n",
		       l->overwrite, l->cpu, what, seq);
}

/* Accepted user records between @from and @to (exclusive) never read. */
static unsigned long gap(struct cpu_log *l, long from, long to)
{
	unsigned long n = 0;
	long s;

	for (s = from; s < to; s++)
		n += accepted[l->cpu * nrec + s];
	return n;
}

/*
 * The source and sequence number of a record; -1 if it is not ours.
 * sscanf() may read up to the NUL: trace_marker's records and
 * trace_array_printk()'s (both TRACE_PRINT) end their text with one.
 */
static int parse(const unsigned char *data, size_t len, int *cpu, long *seq)
{
	const unsigned char *p = memmem(data, len, "kacct ", 6);
	char ctx[16];
	int s;

	if (!p) {
		p = memmem(data, len, "acct ", 5);
		if (!p || sscanf((const char *)p, "acct %d %ld", cpu, seq) != 2)
			return -1;
		return SRC_USER;
	}
	if (sscanf((const char *)p, "kacct %15s %d %ld", ctx, cpu, seq) != 3)
		return -1;
	for (s = SRC_IRQ; s < NR_SRC; s++)
		if (!strcmp(ctx, src_name[s]))
			return s;
	return -1;
}

static void one_record(const unsigned char *data, size_t len, void *arg)
{
	struct cpu_log *l = arg;
	unsigned long lost = 0;
	struct src_log *s;
	long seq;
	int cpu, src;

	src = parse(data, len, &cpu, &seq);
	if (src < 0) {
		fail(l, "a record that is not ours", -1);
		return;
	}
	s = &l->src[src];
	if (cpu != l->cpu || seq <= s->last ||
	    seq >= (long)(src == SRC_USER ? nrec : krec)) {
		fail(l, cpu != l->cpu ? "record of another CPU" :
		     "record out of order", seq);
		return;
	}
	if (src == SRC_USER) {
		if (!accepted[cpu * nrec + seq])
			fail(l, "read a record whose write was refused", seq);
		lost = gap(l, s->last + 1, seq);
		l->lost += lost;
		if (lost && l->overwrite && l->marks == s->marks_seen)
			fail(l, "records lost without a lost-events mark", seq);
	} else if (l->marks == s->marks_seen) {
		/*
		 * Which of the kernel's writes were refused is not known,
		 * only how many: judge() compares.
		 */
		s->unmarked += seq - s->last - 1;
	}
	s->marks_seen = l->marks;
	s->last = seq;
	s->read++;
}

/* Reads what trace_pipe_raw of @cpu has now; returns sub-buffers read. */
static int drain(struct cpu_log *l, int fd)
{
	unsigned char page[SUBBUF];
	struct rb_page_info info;
	int pages = 0;
	ssize_t n;

	while ((n = read(fd, page, sizeof(page))) > 0) {
		if (rb_page_walk(page, n, &info, NULL, NULL) < 0) {
			fail(l, "sub-buffer does not parse", -1);
			continue;
		}
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

/* Starts the kernel sources into the instance: 0, or -1 with errno. */
static int kernel_start(void)
{
	char cmd[64];

	snprintf(cmd, sizeof(cmd), INST_NAME " %lu", krec);
	return write_str(KACCT "/start", cmd, 0);
}

/*
 * Waits until the kernel sources have tried all of their records and let
 * go of the instance (state idle: the counts are final), then takes the
 * counts of each: -1 if they cannot be read.
 */
static int kernel_wait(void)
{
	char line[128], ctx[16];
	unsigned long w, r;
	int cpu, s, idle = 0;
	FILE *f;

	while (!idle) {
		f = fopen(KACCT "/stats", "r");
		if (!f)
			return -1;
		idle = fgets(line, sizeof(line), f) &&
		       !strcmp(line, "state: idle\n");
		while (idle && fgets(line, sizeof(line), f)) {
			if (sscanf(line, "cpu%d %15[a-z]: written %lu refused %lu",
				   &cpu, ctx, &w, &r) != 4 ||
			    cpu < 0 || cpu >= ncpu)
				continue;
			for (s = SRC_IRQ; s < NR_SRC; s++) {
				if (strcmp(ctx, src_name[s]))
					continue;
				logs[cpu].src[s].written = w;
				logs[cpu].src[s].refused = r;
			}
		}
		fclose(f);
		if (!idle)
			usleep(10000);
	}
	return 0;
}

/* The kernel sources of @l: the rules they answer for; their unread. */
static unsigned long judge_kernel(struct cpu_log *l, unsigned long *tot)
{
	unsigned long unread = 0;
	struct src_log *k;
	int s;

	for (s = SRC_IRQ; s < NR_SRC && krec; s++) {
		k = &l->src[s];
		if (k->written != krec)
			fail(l, "a kernel source did not try all of its records",
			     k->written);
		if (k->read + k->refused > k->written)
			fail(l, "read more kernel records than were accepted",
			     k->read);
		if (l->overwrite && k->unmarked > k->refused)
			fail(l, "kernel records lost without a lost-events mark",
			     k->unmarked);
		unread += k->written - k->read;
		tot[3] += k->written;
	}
	return unread;
}

static void print_sources(struct cpu_log *l)
{
	int s;

	if (!krec) {
		putchar('\n');
		return;
	}
	printf("; written/refused/read:");
	for (s = 0; s < NR_SRC; s++)
		printf(" %s %lu/%lu/%lu", src_name[s], l->src[s].written,
		       l->src[s].refused, l->src[s].read);
	putchar('\n');
}

/* Per CPU: the rules of the header comment, then the figures. */
static unsigned long judge(int overwrite, int with_reader, unsigned long *tot)
{
	unsigned long bad = 0, overrun, commit, dropped, unread;
	unsigned long written, refused, read;
	struct src_log *u;
	struct cpu_log *l;
	int cpu, s;

	for (cpu = 0; cpu < ncpu; cpu++) {
		l = &logs[cpu];
		u = &l->src[SRC_USER];
		l->lost += gap(l, u->last + 1, nrec);
		overrun = stat_of(cpu, "overrun");
		commit = stat_of(cpu, "commit overrun");
		dropped = stat_of(cpu, "dropped events");
		unread = l->lost + u->refused + judge_kernel(l, tot);
		if (unread != overrun + commit + dropped)
			fail(l, "written - read != overrun + commit overrun + dropped events",
			     -1);
		if (overwrite && !l->unstored && l->marked != overrun)
			fail(l, "lost-events marks do not add up to the overrun", -1);
		written = 0;
		refused = 0;
		read = 0;
		for (s = 0; s < NR_SRC; s++) {
			written += l->src[s].written;
			refused += l->src[s].refused;
			read += l->src[s].read;
		}
		printf("no-lost-events: overwrite=%d reader=%d cpu%d:",
		       overwrite, with_reader, cpu);
		printf(" written %lu, refused %lu, read %lu, lost %lu,", written,
		       refused, read, unread - refused);
		printf(" overrun %lu, commit overrun %lu, dropped %lu,", overrun,
		       commit, dropped);
		printf(" marks %lu (counted %lu)", l->marks, l->marked);
		print_sources(l);
		tot[0] += written;
		tot[1] += read;
		tot[2] += overrun + commit + dropped;
		bad += l->bad;
	}
	return bad;
}

static unsigned long run(int overwrite, int with_reader, unsigned int kb,
			 unsigned long *tot)
{
	pid_t w[MAX_CPUS], r[MAX_CPUS];
	unsigned long bad = 0;
	int cpu, fd, s;

	if (setup(overwrite, kb)) {
		printf("NLE-FAIL cannot set up %s: %s\n", INST, strerror(errno));
		return 1;
	}
	for (cpu = 0; cpu < ncpu; cpu++) {
		logs[cpu].cpu = cpu;
		logs[cpu].overwrite = overwrite;
		for (s = 0; s < NR_SRC; s++)
			logs[cpu].src[s].last = -1;
		r[cpu] = with_reader ? spawn(reader, cpu) : -1;
	}
	if (krec && kernel_start()) {
		printf("NLE-FAIL cannot start the kernel sources: %s\n",
		       strerror(errno));
		bad++;
	}
	for (cpu = 0; cpu < ncpu; cpu++)
		w[cpu] = spawn(writer, cpu);
	for (cpu = 0; cpu < ncpu; cpu++)
		waitpid(w[cpu], NULL, 0);
	if (krec && kernel_wait()) {
		printf("NLE-FAIL cannot read %s/stats: %s\n", KACCT,
		       strerror(errno));
		bad++;
	}
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
	return bad + judge(overwrite, with_reader, tot);
}

int main(int argc, char **argv)
{
	unsigned long bad = 0, tot[4] = { 0 };
	unsigned int kb = 16;
	int c, ow, rd;
	void *shm;

	while ((c = getopt(argc, argv, "n:K:k:")) != -1) {
		if (c == 'n')
			nrec = strtoul(optarg, NULL, 0);
		else if (c == 'K')
			krec = strtoul(optarg, NULL, 0);
		else if (c == 'k')
			kb = strtoul(optarg, NULL, 0);
		else
			return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (access(KACCT "/start", W_OK))
		krec = 0;
	if (krec)
		printf("no-lost-events: kernel sources (trace_acct_test): %lu %s\n",
		       krec, "records per CPU and context");
	else
		printf("no-lost-events: no kernel sources (trace_acct_test not loaded)\n");
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
	if (bad) {
		printf("TEST-RESULT stress/no-lost-events FAIL %lu broken rules (NLE-FAIL lines)\n",
		       bad);
	} else {
		printf("TEST-RESULT stress/no-lost-events PASS %lu written (%lu by the kernel),",
		       tot[0], tot[3]);
		printf(" %lu read, %lu lost\n", tot[1], tot[2]);
	}
	return 0;
}
