#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# boot-options.sh - guest side: check the tracing boot options the first
# test guest is booted with (run-tests.sh), before ftracetest resets the
# top level:
#
#   ftrace=function ftrace_filter=do_one_initcall ftrace_boot_snapshot
#   tracing_thresh=100
#
# prints TEST-RESULT boot/<check> PASS|FAIL|SKIP, then puts the top level
# back to nop with an empty filter and no snapshot.

T=/sys/kernel/tracing

result() { # name ok message
	if [ "$2" = 0 ]; then
		echo "TEST-RESULT boot/$1 PASS"
	else
		echo "TEST-RESULT boot/$1 FAIL $3"
	fi
}

if ! grep -q 'ftrace=function ftrace_filter=do_one_initcall ftrace_boot_snapshot' \
	/proc/cmdline; then
	for c in ftrace-tracer ftrace-filter ftrace-boot-snapshot \
		 tracing-thresh; do
		echo "TEST-RESULT boot/$c SKIP not booted with the options"
	done
	exit 0
fi

[ "$(cat $T/current_tracer)" = function ]
result ftrace-tracer $? "current_tracer is '$(cat $T/current_tracer)'"

[ "$(cat $T/set_ftrace_filter)" = do_one_initcall ]
result ftrace-filter $? "set_ftrace_filter is '$(cat $T/set_ftrace_filter)'"

grep -q ' do_one_initcall <-' $T/snapshot
result ftrace-boot-snapshot $? "no do_one_initcall line in snapshot"

if [ -f $T/tracing_thresh ]; then
	[ "$(cat $T/tracing_thresh)" = 100 ]
	result tracing-thresh $? "tracing_thresh is '$(cat $T/tracing_thresh)'"
	echo 0 > $T/tracing_thresh
else
	echo "TEST-RESULT boot/tracing-thresh SKIP no tracing_thresh"
fi

echo nop > $T/current_tracer
echo > $T/set_ftrace_filter
echo 0 > $T/snapshot
exit 0
