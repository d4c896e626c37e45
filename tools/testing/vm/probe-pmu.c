// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * probe-pmu - the "kprobe" and "uprobe" perf PMUs, as libbpf, bcc and
 * bpftrace open them: perf_event_open() with the PMU's type from
 * /sys/bus/event_source/devices/{kprobe,uprobe}/type, the retprobe bit
 * its format/retprobe names, and the place in config1/config2.
 *
 * One line per check, as the guest's other test layers print them:
 *
 *   TEST-RESULT pmu/<check> PASS|FAIL|SKIP [reason]
 *
 * kprobe, kretprobe, kprobe-addr: a kprobe PMU event on vfs_read (by
 * name; on its return; by the address /proc/kallsyms gives), counting
 * the reads of /dev/zero this task does while it is enabled;
 * kprobe-sample: the samples of one carry the probe's record (this
 * task's pid, vfs_read's address); uprobe, uretprobe: a uprobe PMU event
 * on a function of this program, counting its calls; uprobe-refctr: one
 * with a reference counter (semaphore) raises it while open; invisible:
 * no PMU event shows in kprobe_events, uprobe_events or dynamic_events;
 * bad-input: bad places get upstream's errors.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <linux/perf_event.h>
#include <linux/types.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#define PMU_DIR		"/sys/bus/event_source/devices"
#define TRACEFS		"/sys/kernel/tracing"
#define KFUNC		"vfs_read"
#define NR_CALLS	100
#define RING_PAGES	8

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

static int kprobe_type = -1, uprobe_type = -1;
static int kretprobe_bit, uretprobe_bit;

static void result(const char *check, const char *res, const char *why)
{
	printf("TEST-RESULT pmu/%s %s%s%s\n", check, res, why ? " " : "",
	       why ? why : "");
	fflush(stdout);
}

static void failf(const char *check, const char *fmt, ...)
{
	char why[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	result(check, "FAIL", why);
}

/* The first line of @path as a number, or -1. */
static long read_number(const char *path)
{
	char buf[64];
	FILE *f = fopen(path, "r");
	long n = -1;

	if (!f)
		return -1;
	if (fgets(buf, sizeof(buf), f))
		n = strtol(buf, NULL, 0);
	fclose(f);
	return n;
}

/* "config:N" in a PMU's format/retprobe: the bit N, or -1. */
static int retprobe_bit(const char *pmu)
{
	char path[128], buf[64];
	FILE *f;
	int bit = -1;

	snprintf(path, sizeof(path), PMU_DIR "/%s/format/retprobe", pmu);
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (fgets(buf, sizeof(buf), f) && sscanf(buf, "config:%d", &bit) != 1)
		bit = -1;
	fclose(f);
	return bit;
}

static int probe_open(int type, __u64 config, __u64 config1,
		      __u64 config2, __u64 sample_type)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = type;
	attr.config = config;
	attr.config1 = config1;
	attr.config2 = config2;
	attr.disabled = 1;
	if (sample_type) {
		attr.sample_period = 1;
		attr.sample_type = sample_type;
	}
	/* This task, on any CPU. */
	return syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
}

static int kprobe_open(int ret, const char *func, __u64 offs_or_addr,
		       __u64 sample_type)
{
	return probe_open(kprobe_type, ret ? 1ULL << kretprobe_bit : 0,
			  (unsigned long)func, offs_or_addr, sample_type);
}

/* Do @n reads of /dev/zero, each one vfs_read(). */
static void reads(int n)
{
	int fd = open("/dev/zero", O_RDONLY);
	char c;

	if (fd < 0)
		return;
	while (n-- && read(fd, &c, 1) == 1)
		;
	close(fd);
}

/* What the uprobes probe: its calls must stay calls. */
static int __attribute__((noipa)) pmu_target(int x)
{
	__asm__ volatile("" : "+r"(x));
	return x + 1;
}

/*
 * A USDT-style semaphore: the uprobe counts itself in it while it is
 * registered.  It must live in the file's mapping: .data (initialised),
 * not .bss.  Only the kernel writes it.
 */
unsigned short pmu_semaphore = 1;

static int semaphore(void)
{
	return __atomic_load_n(&pmu_semaphore, __ATOMIC_RELAXED);
}

/* Do @n calls of pmu_target(). */
static void do_calls(int n)
{
	int i, x = 0;

	for (i = 0; i < n; i++)
		x = pmu_target(x);
}

/*
 * Enable @fd, run @work(@n), disable it; its count, or -1 with errno
 * when it could not be read.
 */
static long long count_while(int fd, void (*work)(int), int n)
{
	long long count;

	if (ioctl(fd, PERF_EVENT_IOC_RESET, 0) ||
	    ioctl(fd, PERF_EVENT_IOC_ENABLE, 0))
		return -1;
	work(n);
	if (ioctl(fd, PERF_EVENT_IOC_DISABLE, 0))
		return -1;
	if (read(fd, &count, sizeof(count)) != sizeof(count))
		return -1;
	return count;
}

/* Expect @fd (or its open's errno) to count exactly @n of @work. */
static void check_count(const char *check, int fd, void (*work)(int), int n)
{
	long long count;

	if (fd < 0) {
		failf(check, "perf_event_open: %s", strerror(errno));
		return;
	}
	count = count_while(fd, work, n);
	close(fd);
	if (count < 0)
		failf(check, "enable or read: %s", strerror(errno));
	else if (count != n)
		failf(check, "counted %lld of %d", count, n);
	else
		result(check, "PASS", NULL);
}

/* The address of the text symbol @name in /proc/kallsyms, or 0. */
static unsigned long kallsyms_addr(const char *name)
{
	FILE *f = fopen("/proc/kallsyms", "r");
	char line[512], sym[256], t;
	unsigned long addr, found = 0;

	if (!f)
		return 0;
	while (!found && fgets(line, sizeof(line), f))
		if (sscanf(line, "%lx %c %255s", &addr, &t, sym) == 3 &&
		    (t == 't' || t == 'T') && !strcmp(sym, name))
			found = addr;
	fclose(f);
	return found;
}

/* The records of an ip head (trace_probe_event.h, probe_ip_rec). */
struct ip_rec {
	__u16	type;
	__u8		flags;
	__u8		preempt_count;
	__s32		pid;
	unsigned long	ip;
};

/*
 * Walk the samples of @ring: each must be a raw record of this task at
 * vfs_read (@addr, or a few bytes on, where kprobes put it past an
 * endbr); return how many, or -1.
 */
static int count_samples(const char *check, void *ring, size_t page,
			 unsigned long addr)
{
	struct perf_event_mmap_page *meta = ring;
	const char *data = (const char *)ring + page;
	size_t size = RING_PAGES * page, pos;
	__u64 head = __atomic_load_n(&meta->data_head, __ATOMIC_ACQUIRE);
	struct perf_event_header hdr;
	struct ip_rec rec;
	__u32 raw;
	int n = 0;

	if (head > size) {
		failf(check, "ring overran: %llu bytes", (unsigned long long)head);
		return -1;
	}
	for (pos = 0; pos + sizeof(hdr) <= head; pos += hdr.size) {
		memcpy(&hdr, data + pos, sizeof(hdr));
		if (!hdr.size)
			break;
		if (hdr.type != PERF_RECORD_SAMPLE)
			continue;
		memcpy(&raw, data + pos + sizeof(hdr), sizeof(raw));
		if (raw < sizeof(rec)) {
			failf(check, "raw record of %u bytes", raw);
			return -1;
		}
		memcpy(&rec, data + pos + sizeof(hdr) + sizeof(raw),
		       sizeof(rec));
		if (rec.pid != getpid() || rec.ip < addr || rec.ip - addr > 16) {
			failf(check, "record pid %d ip %#lx, want %d %#lx",
			      rec.pid, rec.ip, getpid(), addr);
			return -1;
		}
		n++;
	}
	return n;
}

static void check_sample(const char *check, unsigned long addr)
{
	size_t page = sysconf(_SC_PAGESIZE);
	long long count;
	void *ring;
	int fd, n;

	fd = kprobe_open(0, KFUNC, 0, PERF_SAMPLE_RAW);
	if (fd < 0) {
		failf(check, "perf_event_open: %s", strerror(errno));
		return;
	}
	ring = mmap(NULL, (RING_PAGES + 1) * page, PROT_READ | PROT_WRITE,
		    MAP_SHARED, fd, 0);
	if (ring == MAP_FAILED) {
		failf(check, "mmap: %s", strerror(errno));
		close(fd);
		return;
	}
	count = count_while(fd, reads, NR_CALLS);
	n = count < 0 ? -1 : count_samples(check, ring, page, addr);
	if (count < 0)
		failf(check, "enable or read: %s", strerror(errno));
	else if (n >= 0 && n != NR_CALLS)
		failf(check, "%d samples of %d", n, NR_CALLS);
	else if (n >= 0)
		result(check, "PASS", NULL);
	munmap(ring, (RING_PAGES + 1) * page);
	close(fd);
}

/* This program's file offset of @fn, from /proc/self/maps; 0 if none. */
static unsigned long file_offset(const void *fn)
{
	unsigned long start, end, pgoff, addr = (unsigned long)fn, offs = 0;
	FILE *f = fopen("/proc/self/maps", "r");
	char line[512];

	if (!f)
		return 0;
	while (!offs && fgets(line, sizeof(line), f))
		if (sscanf(line, "%lx-%lx %*s %lx", &start, &end, &pgoff) == 3 &&
		    addr >= start && addr < end)
			offs = addr - start + pgoff;
	fclose(f);
	return offs;
}

/* A uprobe with a reference counter adds 1 to it while it is open. */
static void check_refctr(const char *exe, unsigned long offs)
{
	unsigned long ref = file_offset((const void *)&pmu_semaphore);
	int fd, held;

	fd = probe_open(uprobe_type, (__u64)ref << 32, (unsigned long)exe,
			offs, 0);
	if (fd < 0) {
		failf("uprobe-refctr", "perf_event_open: %s", strerror(errno));
		return;
	}
	held = semaphore();
	close(fd);
	if (held != 2 || semaphore() != 1)
		failf("uprobe-refctr", "semaphore 1, %d while open, %d after",
		      held, semaphore());
	else
		result("uprobe-refctr", "PASS", NULL);
}

static void check_uprobes(const char *exe)
{
	unsigned long offs = file_offset((const void *)pmu_target);
	int fd;

	if (!offs) {
		result("uprobe", "FAIL", "pmu_target not in /proc/self/maps");
		result("uretprobe", "FAIL", "pmu_target not in /proc/self/maps");
		result("uprobe-refctr", "FAIL", "pmu_target not in /proc/self/maps");
		return;
	}
	fd = probe_open(uprobe_type, 0, (unsigned long)exe, offs, 0);
	check_count("uprobe", fd, do_calls, NR_CALLS);
	fd = probe_open(uprobe_type, 1ULL << uretprobe_bit, (unsigned long)exe,
			offs, 0);
	check_count("uretprobe", fd, do_calls, NR_CALLS);
	check_refctr(exe, offs);
}

/* The tracefs files that list probe events, in one string (malloc). */
static char *probe_lists(void)
{
	static const char * const files[] = {
		"kprobe_events", "uprobe_events", "dynamic_events",
	};
	size_t len = 0, cap = 65536;
	char *buf = malloc(cap), path[128];
	unsigned int i;
	ssize_t n;
	int fd;

	if (!buf)
		return NULL;
	for (i = 0; i < ARRAY_SIZE(files); i++) {
		snprintf(path, sizeof(path), TRACEFS "/%s", files[i]);
		fd = open(path, O_RDONLY);
		if (fd < 0)
			continue;
		while (len < cap - 1 &&
		       (n = read(fd, buf + len, cap - 1 - len)) > 0)
			len += n;
		close(fd);
	}
	buf[len] = '\0';
	return buf;
}

static void check_invisible(const char *exe)
{
	char *before = probe_lists(), *during;
	int kfd, ufd;

	kfd = kprobe_open(0, KFUNC, 0, 0);
	ufd = probe_open(uprobe_type, 0, (unsigned long)exe,
			 file_offset((const void *)pmu_target), 0);
	during = probe_lists();
	if (!before || !during)
		result("invisible", "FAIL", "cannot read the tracefs lists");
	else if (kfd < 0 || ufd < 0)
		failf("invisible", "perf_event_open: %s", strerror(errno));
	else if (strcmp(before, during))
		failf("invisible", "listed: %.100s", during);
	else
		result("invisible", "PASS", NULL);
	free(before);
	free(during);
	if (kfd >= 0)
		close(kfd);
	if (ufd >= 0)
		close(ufd);
}

/* Opening this must fail with @err; false (and a FAIL) if not. */
static int expect_err(const char *what, int fd, int err)
{
	if (fd >= 0) {
		close(fd);
		failf("bad-input", "%s: opened", what);
		return 0;
	}
	if (errno != err) {
		failf("bad-input", "%s: %s, want %s", what, strerror(errno),
		      strerror(err));
		return 0;
	}
	return 1;
}

static void check_bad_input(void)
{
	char longname[600];

	memset(longname, 'a', sizeof(longname) - 1);
	longname[sizeof(longname) - 1] = '\0';
	if (expect_err("unknown symbol",
		       kprobe_open(0, "no_such_function_pmu", 0, 0), ENOENT) &&
	    expect_err("empty symbol", kprobe_open(0, "", 0, 0), EINVAL) &&
	    expect_err("long symbol", kprobe_open(0, longname, 0, 0), E2BIG) &&
	    expect_err("bad pointer",
		       kprobe_open(0, (const char *)8, 0, 0), EFAULT) &&
	    /* +4 is still the entry behind an IBT kernel's ENDBR64. */
	    expect_err("kretprobe off the entry",
		       kprobe_open(1, KFUNC, 16, 0), EINVAL) &&
	    expect_err("no uprobe path",
		       probe_open(uprobe_type, 0, 0, 0, 0), EINVAL) &&
	    expect_err("unknown uprobe file",
		       probe_open(uprobe_type, 0, (unsigned long)"/no/such/file",
				  0, 0), ENOENT) &&
	    expect_err("uprobe on a directory",
		       probe_open(uprobe_type, 0, (unsigned long)"/", 0, 0),
		       EINVAL))
		result("bad-input", "PASS", NULL);
}

static void check_kprobes(void)
{
	unsigned long addr = kallsyms_addr(KFUNC);

	check_count("kprobe", kprobe_open(0, KFUNC, 0, 0), reads, NR_CALLS);
	check_count("kretprobe", kprobe_open(1, KFUNC, 0, 0), reads, NR_CALLS);
	if (!addr) {
		result("kprobe-addr", "FAIL", "no " KFUNC " in /proc/kallsyms");
		result("kprobe-sample", "FAIL", "no " KFUNC " in /proc/kallsyms");
		return;
	}
	check_count("kprobe-addr", kprobe_open(0, NULL, addr, 0), reads,
		    NR_CALLS);
	check_sample("kprobe-sample", addr);
}

int main(void)
{
	static const char * const kchecks[] = {
		"kprobe", "kretprobe", "kprobe-addr", "kprobe-sample",
		"invisible", "bad-input",
	};
	char exe[PATH_MAX];
	ssize_t len;
	unsigned int i;

	kprobe_type = read_number(PMU_DIR "/kprobe/type");
	uprobe_type = read_number(PMU_DIR "/uprobe/type");
	kretprobe_bit = retprobe_bit("kprobe");
	uretprobe_bit = retprobe_bit("uprobe");
	if (kprobe_type < 0 || uprobe_type < 0 || kretprobe_bit < 0 ||
	    uretprobe_bit < 0) {
		for (i = 0; i < ARRAY_SIZE(kchecks); i++)
			result(kchecks[i], "SKIP", "no kprobe or uprobe PMU");
		result("uprobe", "SKIP", "no kprobe or uprobe PMU");
		result("uretprobe", "SKIP", "no kprobe or uprobe PMU");
		result("uprobe-refctr", "SKIP", "no kprobe or uprobe PMU");
		return 0;
	}
	len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (len < 0) {
		perror("probe-pmu: /proc/self/exe");
		return 1;
	}
	exe[len] = '\0';
	check_kprobes();
	check_uprobes(exe);
	check_invisible(exe);
	check_bad_input();
	return 0;
}
