// SPDX-License-Identifier: GPL-2.0
/*
 * benchtool - the guest side's timer for `make bench`.
 *
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Built static on the host and copied into the bench guest.
 *
 *   benchtool loop N
 *	calls getppid() N/10 times to warm up, then N times between two
 *	clock_gettime(CLOCK_MONOTONIC) reads, and prints the nanoseconds
 *	per call (one decimal).
 *   benchtool write FILE STRING
 *	opens FILE, times one write() of STRING (a newline is added), and
 *	prints the milliseconds the write took (three decimals).  Exits 1
 *	if the write fails.
 *   benchtool writes FILE N
 *	opens FILE (trace_marker), writes a 30-byte line N/10 times to
 *	warm up, then N times between two clock reads, and prints the
 *	nanoseconds per write (one decimal).  Exits 1 if a write fails.
 *   benchtool splice MARKER RAW N
 *	on CPU 0, writes a 30-byte line N times to MARKER (trace_marker),
 *	then times splicing RAW (per_cpu/cpu0/trace_pipe_raw) through a
 *	pipe into /dev/null until no whole page is left, and prints the
 *	nanoseconds per 4 KiB page spliced (one decimal).  Exits 1 if
 *	nothing could be spliced.
 *   benchtool read FILE
 *	times reading FILE (trace) to its end in 64 KiB read()s, as cat
 *	does, and prints the nanoseconds per line read (one decimal).
 *	Exits 1 if FILE holds no line.
 *
 * Under QEMU's -icount shift=0,sleep=off the guest's clocks advance one
 * nanosecond per executed instruction, so both figures are instruction
 * counts.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static unsigned long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (unsigned long long)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

/* The raw system call: glibc may not enter the kernel for getppid(). */
static void call_getppid(unsigned long n)
{
	while (n--)
		syscall(SYS_getppid);
}

static int loop(unsigned long n)
{
	unsigned long long t0, t1;

	if (!n)
		return 2;
	call_getppid(n / 10);
	t0 = now_ns();
	call_getppid(n);
	t1 = now_ns();
	printf("%.1f\n", (double)(t1 - t0) / n);
	return 0;
}

static int timed_write(const char *file, const char *str)
{
	unsigned long long t0, t1;
	size_t len = strlen(str);
	char *buf = malloc(len + 2);
	ssize_t ret;
	int fd;

	if (!buf)
		return 1;
	memcpy(buf, str, len);
	buf[len++] = '\n';
	fd = open(file, O_WRONLY | O_TRUNC);
	if (fd < 0) {
		perror(file);
		return 1;
	}
	t0 = now_ns();
	ret = write(fd, buf, len);
	t1 = now_ns();
	close(fd);
	free(buf);
	if (ret != (ssize_t)len) {
		perror(file);
		return 1;
	}
	printf("%.3f\n", (double)(t1 - t0) / 1e6);
	return 0;
}

static int timed_writes(const char *file, unsigned long n)
{
	static const char line[] = "bench marker 0123456789abcdef\n";
	unsigned long long t0 = 0, t1;
	unsigned long i;
	int fd;

	if (!n)
		return 2;
	fd = open(file, O_WRONLY);
	if (fd < 0) {
		perror(file);
		return 1;
	}
	for (i = 0; i < n + n / 10; i++) {
		if (i == n / 10)
			t0 = now_ns();
		if (write(fd, line, sizeof(line) - 1) != sizeof(line) - 1) {
			perror(file);
			close(fd);
			return 1;
		}
	}
	t1 = now_ns();
	close(fd);
	printf("%.1f\n", (double)(t1 - t0) / n);
	return 0;
}

/* Fill CPU 0's buffer with N marker lines; 0 on success. */
static int fill_cpu0(const char *marker, unsigned long n)
{
	static const char line[] = "bench splice 0123456789abcdef\n";
	cpu_set_t cpu0;
	int fd;

	CPU_ZERO(&cpu0);
	CPU_SET(0, &cpu0);
	if (sched_setaffinity(0, sizeof(cpu0), &cpu0)) {
		perror("sched_setaffinity");
		return 1;
	}
	fd = open(marker, O_WRONLY);
	if (fd < 0) {
		perror(marker);
		return 1;
	}
	while (n--) {
		if (write(fd, line, sizeof(line) - 1) != sizeof(line) - 1) {
			perror(marker);
			close(fd);
			return 1;
		}
	}
	close(fd);
	return 0;
}

/* Splice RAW into /dev/null through a pipe; the bytes moved, -1 on error. */
static long long drain(int raw, int null)
{
	long long total = 0;
	ssize_t in, out;
	int p[2];

	if (pipe(p)) {
		perror("pipe");
		return -1;
	}
	for (;;) {
		in = splice(raw, NULL, p[1], NULL, 1 << 16, SPLICE_F_NONBLOCK);
		if (in <= 0)
			break;
		total += in;
		while (in > 0) {
			out = splice(p[0], NULL, null, NULL, in, 0);
			if (out <= 0) {
				perror("splice to /dev/null");
				total = -1;
				goto out;
			}
			in -= out;
		}
	}
out:
	close(p[0]);
	close(p[1]);
	return total;
}

static int timed_splice(const char *marker, const char *rawfile, unsigned long n)
{
	unsigned long long t0, t1;
	long long bytes;
	int raw, null;

	if (!n)
		return 2;
	if (fill_cpu0(marker, n))
		return 1;
	raw = open(rawfile, O_RDONLY | O_NONBLOCK);
	null = open("/dev/null", O_WRONLY);
	if (raw < 0 || null < 0) {
		perror(raw < 0 ? rawfile : "/dev/null");
		return 1;
	}
	t0 = now_ns();
	bytes = drain(raw, null);
	t1 = now_ns();
	close(raw);
	close(null);
	if (bytes < 4096) {
		fprintf(stderr, "%s: %lld bytes spliced\n", rawfile, bytes);
		return 1;
	}
	printf("%.1f\n", (double)(t1 - t0) / (bytes / 4096));
	return 0;
}

static int timed_read(const char *file)
{
	static char buf[1 << 16];
	unsigned long long t0, t1;
	unsigned long lines = 0;
	ssize_t n, i;
	int fd;

	fd = open(file, O_RDONLY);
	if (fd < 0) {
		perror(file);
		return 1;
	}
	t0 = now_ns();
	while ((n = read(fd, buf, sizeof(buf))) > 0) {
		for (i = 0; i < n; i++)
			lines += buf[i] == '\n';
	}
	t1 = now_ns();
	close(fd);
	if (n < 0 || !lines) {
		fprintf(stderr, "%s: %lu lines read\n", file, lines);
		return 1;
	}
	printf("%.1f\n", (double)(t1 - t0) / lines);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "loop"))
		return loop(strtoul(argv[2], NULL, 0));
	if (argc == 4 && !strcmp(argv[1], "write"))
		return timed_write(argv[2], argv[3]);
	if (argc == 4 && !strcmp(argv[1], "writes"))
		return timed_writes(argv[2], strtoul(argv[3], NULL, 0));
	if (argc == 5 && !strcmp(argv[1], "splice"))
		return timed_splice(argv[2], argv[3], strtoul(argv[4], NULL, 0));
	if (argc == 3 && !strcmp(argv[1], "read"))
		return timed_read(argv[2]);
	fputs("usage: benchtool loop N | benchtool write FILE STRING\n"
	      "       benchtool writes FILE N | benchtool splice MARKER RAW N\n"
	      "       benchtool read FILE\n",
	      stderr);
	return 2;
}
