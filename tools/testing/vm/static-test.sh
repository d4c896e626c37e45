#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# static-test.sh - guest side: the static function tracer
# (CONFIG_DYNAMIC_FTRACE=n, every function calls _mcount), booted once
# by run-tests.sh where the architecture has it (make static-kernel).
#
# Prints TEST-RESULT static/<check> PASS|FAIL:
#   no-filter-files  no set_ftrace_filter & co (no call site records)
#   function         the function tracer records a read of /proc/version
#   stack-tracer     the stack tracer walks from its callback through
#                    _mcount's frame into the traced functions
#   function_graph   a graph of seq_read_iter with durations
#   profiler         function_profile_enabled counts seq_read_iter
#   nop              back on nop nothing more is recorded

T=/sys/kernel/tracing

result() { # name ok message
	if [ "$2" = 0 ]; then
		echo "TEST-RESULT static/$1 PASS"
	else
		echo "TEST-RESULT static/$1 FAIL $3"
	fi
}

# run TRACER: trace one read of /proc/version with TRACER, then stop.
run() {
	echo "$1" > $T/current_tracer || return 1
	echo 1 > $T/tracing_on
	cat /proc/version > /dev/null
	echo 0 > $T/tracing_on
}

cd $T || exit 1

ok=0
for f in set_ftrace_filter set_ftrace_notrace available_filter_functions \
	 set_graph_function; do
	[ -e $f ] && ok=1
done
result no-filter-files $ok "a filter file exists"

run function
grep -q ' seq_read_iter <-' trace
result function $? "no seq_read_iter record: $(grep -v '^#' trace | head -3)"

echo nop > current_tracer
echo 1 > /proc/sys/kernel/stack_tracer_enabled
cat /proc/version > /dev/null
echo 0 > /proc/sys/kernel/stack_tracer_enabled
grep -q '^  *[0-9]*)  *[0-9]*  *[0-9]*   *[a-z_]' stack_trace
result stack-tracer $? "no stack: $(head -4 stack_trace)"

echo nop > current_tracer
run function_graph
grep -q 'us .*|  *} */\* seq_read_iter \*/\|seq_read_iter();' trace ||
	grep -A200 'seq_read_iter() {' trace | grep -q 'us *|  *}'
result function_graph $? "no timed seq_read_iter: $(grep -m3 seq_read_iter trace)"

echo nop > current_tracer
echo 1 > function_profile_enabled
cat /proc/version > /dev/null
echo 0 > function_profile_enabled
cat trace_stat/function* | grep -q '^  seq_read_iter  '
result profiler $? "seq_read_iter not counted"

echo > trace
echo 1 > tracing_on
cat /proc/version > /dev/null
[ "$(grep -vc '^#' trace)" = 0 ]
result nop $? "$(grep -vc '^#' trace) records on nop"
exit 0
