#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# guest-test.sh - the guest side of `make test` (run by /init as
# vmscript=/ext/guest-test.sh; its directory is at /ext).
#
# Arguments (from the kernel argument vmargs=, e.g. vmargs=--shard,1/2)
# are passed on to ftracetest-guest.sh, but for a first --ftracetest-only:
# then the guest runs its share of ftracetest and nothing else, and the
# cases are shared out by their own times alone (`make stress`: the whole
# of ftracetest on the debug kernel).  Otherwise every guest first checks
# the top level's buffer size before tracing is used (buffer-size.sh,
# boot/buffer-size-*).  The first shard (or an unsharded run) also
# reports the layers that need one run per kernel:
#   boot/banner     we booted our kernel and got this far;
#   boot/ftrace-... the tracing boot options (boot-options.sh);
#   kunit/...       the KUnit suites that ran during boot;
#   samples/...     the ftrace_ops API clients (ftrace-modules.sh);
#                   the dynamic event API clients (dynevent-api.sh);
#   demo/...        each section of `make demo` shows what it promises
#                   (demo-check.sh);
#   docs/...        histogram.rst's wakeup-latency example (hist-example.sh).
# The last shard (or an unsharded run) compares the tracefs tree with
# upstream's (tracefs-tree.sh, tracefs/tree), runs trace-cmd and perf
# against the kernel (tools-test.sh, tools/...) and opens events of the
# kprobe and uprobe perf PMUs (probe-pmu, pmu/...) and maps a CPU's ring
# into user space (upstream's ring-buffer/map_test, rb-map/...).
# Then it runs its share of upstream's ftracetest (with our own cases in
# test.d/core), and the last shard ends with the stress programs of
# fuzz/ (stress/...), when the initramfs has them.  The time those
# one-guest layers take is printed as "LAYER-TIME first|last N s" (for
# case-times.sh).  It always exits 0: check-results.sh on the host reads
# the result lines and decides.

# CASE_TIMES (kernel command line) may name the times of this kernel's
# own earlier run (the debug kernel's: case-times/<arch>-debug.txt).
if [ "${1:-}" = --ftracetest-only ]; then
	shift
	times=/opt/vm/case-times.txt
	[ ! -f "${CASE_TIMES:-}" ] || times=$CASE_TIMES
	grep -v '^@' "$times" > /tmp/case-times.txt
	CASE_TIMES=/tmp/case-times.txt exec /opt/vm/ftracetest-guest.sh "$@"
fi

shard=$(echo " $* " | sed -n 's/.* --shard \([0-9]*\)\/.*/\1/p')
shards=$(echo " $* " | sed -n 's/.* --shard [0-9]*\/\([0-9]*\) .*/\1/p')
first=1
[ -z "$shard" ] || [ "$shard" = 1 ] || first=0
last=1
[ -z "$shard" ] || [ "$shard" = "$shards" ] || last=0

uptime_s() {
	cut -d. -f1 /proc/uptime
}

# LAYER-TIME NAME START: seconds since START, for case-times.sh.
layer_time() {
	echo "LAYER-TIME $1 $(($(uptime_s) - $2)) s"
}

echo "== guest-test: $(uname -a)"
# Before anything else uses tracing.
[ -f /sys/kernel/tracing/buffer_size_kb ] && /opt/vm/buffer-size.sh
if [ "$first" = 1 ]; then
	start=$(uptime_s)
	if grep -q '^Linux version' /proc/version; then
		echo "TEST-RESULT boot/banner PASS"
	else
		echo "TEST-RESULT boot/banner FAIL no 'Linux version' in /proc/version"
	fi
	/opt/vm/boot-options.sh
	# The console shows warnings only (loglevel=5): the host's
	# mcount-count.sh reads ftrace's boot count from this copy.
	dmesg | grep 'ftrace: [0-9]* call sites of vmlinux'
	/opt/vm/kunit-results.sh
	/opt/vm/ftrace-modules.sh
	/opt/vm/dynevent-api.sh
	/opt/vm/demo-check.sh /opt/vm/demo.sh
	/opt/vm/hist-example.sh
	layer_time first "$start"
fi
if [ "$last" = 1 ] && [ -f /sys/kernel/tracing/trace ]; then
	start=$(uptime_s)
	# The tracefs tree against upstream's, where the list was made.
	list=/opt/vm/tracefs-$(uname -m).txt
	[ -f "$list" ] && /opt/vm/tracefs-tree.sh "$list"
	if command -v trace-cmd >/dev/null || command -v perf >/dev/null; then
		/opt/vm/tools-test.sh
	else
		# A guest of a foreign architecture has busybox only.
		for t in trace-cmd perf; do
			echo "TEST-RESULT tools/$t SKIP no $t in the $(uname -m) guest"
		done
	fi
	# The kprobe and uprobe perf PMUs (probe-pmu.c, pmu/...).
	if [ -x /opt/vm/probe-pmu ]; then
		/opt/vm/probe-pmu
	else
		echo "TEST-RESULT pmu SKIP probe-pmu is not built for the $(uname -m) guest"
	fi
	# A CPU's ring mapped into user space (map_test, rb-map/...).
	/opt/vm/map-test.sh
	layer_time last "$start"
fi

/opt/vm/ftracetest-guest.sh "$@"

# Last, as they leave the tracing state as they please: hostile writes
# to every writable tracefs file and the record accounting
# (stress/fuzz-tracefs, stress/no-lost-events), where they were built.
# trace_acct_test.ko adds the kernel's records (irq, softirq, nmi, task) to
# the accounting; without it no-lost-events counts trace_marker alone.
if [ "$last" = 1 ] && [ -x /opt/vm/fuzz-tracefs ]; then
	start=$(uptime_s)
	modprobe trace_acct_test 2>/dev/null
	/opt/vm/no-lost-events
	modprobe -r trace_acct_test 2>/dev/null
	/opt/vm/fuzz-tracefs -s "${FUZZ_SEED:-1}" -t 230
	layer_time last "$start"
fi
exit 0
