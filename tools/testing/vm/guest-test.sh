#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# guest-test.sh - the guest side of `make test` (run by /init as
# vmscript=/ext/guest-test.sh; its directory is at /ext).
#
# Arguments (from the kernel argument vmargs=, e.g. vmargs=--shard,1/2)
# are passed on to ftracetest-guest.sh.  The first shard (or an unsharded
# run) also reports the layers that need one run per kernel:
#   boot/banner     we booted our kernel and got this far;
#   kunit/...       the KUnit suites that ran during boot;
#   tc-direct/...   the ftracetest cases of DIRECT_CASES, run by
#                   tc-direct.sh without ftracetest's reset of trace
#                   events (which this kernel does not have yet);
#   samples/...     the ftrace_ops API clients (ftrace-modules.sh).
# Then it runs its share of upstream's ftracetest.  It always exits 0:
# check-results.sh on the host reads the result lines and decides.

# The cases that need no trace events: upstream's and ours (test.d/core).
DIRECT_CASES="00basic/basic1.tc 00basic/basic2.tc 00basic/basic3.tc
	00basic/ringbuffer_size.tc 00basic/trace_pipe.tc
	core/trace_marker.tc core/trace_printk.tc
	ftrace/func-filter-glob.tc ftrace/func_cpumask.tc ftrace/func_hotplug.tc
	ftrace/func-filter-bad-input.tc ftrace/func-filter-edit.tc
	ftrace/func-trace-filtered.tc ftrace/func-total-info.tc
	ftrace/func-filter-pid.tc ftrace/func-filter-notrace-pid.tc
	ftrace/func_set_ftrace_file.tc ftrace/func-filter-stacktrace.tc"

shard=$(echo " $* " | sed -n 's/.* --shard \([0-9]*\)\/.*/\1/p')
first=1
[ -z "$shard" ] || [ "$shard" = 1 ] || first=0

echo "== guest-test: $(uname -a)"
if [ "$first" = 1 ]; then
	if grep -q '^Linux version' /proc/version; then
		echo "TEST-RESULT boot/banner PASS"
	else
		echo "TEST-RESULT boot/banner FAIL no 'Linux version' in /proc/version"
	fi
	/opt/vm/kunit-results.sh
	if [ -f /sys/kernel/tracing/trace ]; then
		# shellcheck disable=SC2086 # a list of cases
		/opt/vm/tc-direct.sh $DIRECT_CASES
	fi
	/opt/vm/ftrace-modules.sh
fi

/opt/vm/ftracetest-guest.sh "$@"
exit 0
