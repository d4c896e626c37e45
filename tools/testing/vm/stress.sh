#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# stress.sh - the stress loops of `make stress` (guest side; meant for
# the debug kernel, where lockdep, KASAN, UBSAN, KFENCE and kmemleak
# turn a mistake into a splat on the console).
#
# Usage: stress.sh [SECONDS [TRIES MKDIR_TRIES]]
#   (vmargs=SECONDS[,TRIES,MKDIR_TRIES]; default 120 s per loop, and
#   fail-nth.pl's own tries)
#
# Five loops, each SECONDS long, each ending by itself, each against a
# background load pinned to the other CPU (fork/exec, timers, module
# loads and unloads):
#   stress/tracers    the tracers in turn (nop, function, function_graph,
#                     the latency tracers) on CPU 0;
#   stress/filters    set_ftrace_filter/notrace/pid and set_graph_function
#                     rewritten under function_graph, while ftrace_ops and
#                     direct-call sample modules come and go;
#   stress/instances  instances made and removed with events on and
#                     readers in trace_pipe, trace_pipe_raw and snapshot,
#                     readers killed mid-read, buffer_size_kb resized;
#   stress/modules    trace-events-sample.ko loaded and unloaded while a
#                     ":mod:" filter and its events are set;
#   stress/faults     fail-nth.pl: every allocation of an instance mkdir,
#                     a buffer_size_kb resize, an event enable, a hist
#                     trigger and a kprobe event failed once in turn
#                     (/proc/thread-self/fail-nth), each refused call
#                     leaving the old state and each accepted one the
#                     state it leaves without faults.
# Each prints "TEST-RESULT stress/<loop> PASS|FAIL <operations>": PASS
# when it ran its time and tracing still works after it (a trace_marker
# line reaches trace).  Splats are the host's to count.  Then the
# kmemleak scan: stress/kmemleak FAIL with the count if it found leaks.

T=/sys/kernel/tracing
secs=${1:-120}
shift $(($# > 0 ? 1 : 0))
tries="$*"
ncpu=$(ls -d $T/per_cpu/cpu* | wc -l)
other=$((ncpu > 1 ? 1 : 0))

# The background load, on the other CPU, until the file $1 is removed.
load() { # flag
	local n=0
	while [ -e "$1" ]; do
		sh -c 'exit 0'
		sleep 0.01
		modprobe trace_printk_test 2>/dev/null
		modprobe -r trace_printk_test 2>/dev/null
		n=$((n + 1))
	done
	echo "stress: load: $n rounds of fork/exec, timer, module load/unload"
}

start_load() {
	flag=/tmp/stress-load.$$
	touch "$flag"
	taskset -c "$other" bash -c "$(declare -f load); load $flag" &
	load_pid=$!
}

stop_load() {
	rm -f "$flag"
	wait "$load_pid"
}

tracing_works() { # name
	local mark="stress-$1-$RANDOM"

	echo nop > $T/current_tracer
	echo 1 > $T/tracing_on
	: > $T/trace
	echo "$mark" > $T/trace_marker && grep -q "$mark" $T/trace
}

result() { # name ops
	if tracing_works "$1"; then
		echo "TEST-RESULT stress/$1 PASS $2"
	else
		echo "TEST-RESULT stress/$1 FAIL tracing no longer works after: $2"
	fi
}

loop_tracers() {
	local n=0 end=$((SECONDS + secs)) t

	# The function-based tracers follow about 150 functions: on the
	# debug kernel under TCG, turning on all 20,000 call sites while
	# each already traced call runs the tracer under lockdep and KASAN
	# took longer than 500 s, one switch.  The patcher and the tracers'
	# start and stop paths run the same code either way.
	echo 'vfs_* ksys_* schedule*' > $T/set_ftrace_filter
	while [ $SECONDS -lt $end ]; do
		for t in $(cat $T/available_tracers); do
			taskset -c 0 sh -c "echo $t > $T/current_tracer" 2>/dev/null
			sleep 0.2
			n=$((n + 1))
		done
	done
	echo nop > $T/current_tracer
	: > $T/set_ftrace_filter
	result tracers "$n tracer switches"
}

loop_filters() {
	local n=0 end=$((SECONDS + secs)) m d

	# Every rewrite below goes through the patcher while function_graph
	# runs; the round starts with a narrow filter so that the guest is
	# not tracing every function for the whole loop.
	echo 'vfs_*' > $T/set_ftrace_filter
	echo function_graph > $T/current_tracer
	while :; do
		echo 'vfs_*' > $T/set_ftrace_filter
		echo '*lock*' > $T/set_ftrace_notrace
		echo $$ > $T/set_ftrace_pid
		echo 'schedule' > $T/set_graph_function
		echo 'ksys_read' >> $T/set_graph_function
		: > $T/set_ftrace_pid
		: > $T/set_graph_function
		: > $T/set_ftrace_notrace
		# Appended: a command written with '>' would also empty the
		# filter, and function_graph would follow every function.
		echo 'kfree:traceoff:1' >> $T/set_ftrace_filter
		echo '!kfree:traceoff' >> $T/set_ftrace_filter
		echo 'ksys_*' > $T/set_ftrace_filter
		echo 1 > $T/tracing_on
		# One direct sample at a time: both attach to schedule(),
		# the second's register_ftrace_direct() gets EBUSY, and
		# upstream's samples then leak their filter (hardening.rst).
		d=ftrace-direct-modify
		[ $((n % 2)) = 0 ] || d=ftrace-direct-multi
		for m in ftrace-ops-count $d; do
			modprobe $m 2>/dev/null
		done
		sleep 0.2
		for m in ftrace-ops-count $d; do
			modprobe -r $m 2>/dev/null
		done
		n=$((n + 1))
		[ $SECONDS -lt $end ] || break
	done
	echo nop > $T/current_tracer
	: > $T/set_ftrace_filter
	result filters "$n rounds of filter rewrites and ops/direct module cycles"
}

loop_instances() {
	local n=0 end=$((SECONDS + secs)) i d pids

	while [ $SECONDS -lt $end ]; do
		i=$T/instances/stress$((n % 3))
		mkdir $i 2>/dev/null || { rmdir $i; continue; }
		echo 1 > $i/events/sched/enable
		echo 1 > $i/events/syscalls/enable 2>/dev/null
		cat $i/trace_pipe > /dev/null &
		pids=$!
		cat $i/per_cpu/cpu0/trace_pipe_raw > /dev/null &
		pids="$pids $!"
		echo 1 > $i/snapshot 2>/dev/null
		cat $i/snapshot > /dev/null &
		pids="$pids $!"
		echo $((64 + (n % 4) * 256)) > $i/buffer_size_kb
		sleep 0.3
		kill $pids 2>/dev/null
		wait $pids 2>/dev/null
		echo 0 > $i/events/enable
		for d in 1 2 3 4 5; do
			rmdir $i 2>/dev/null && break
			sleep 0.2
		done
		n=$((n + 1))
	done
	for d in $T/instances/stress*; do
		[ -d "$d" ] && rmdir "$d"
	done
	result instances "$n instances made and removed under readers"
}

loop_modules() {
	local n=0 end=$((SECONDS + secs))

	# vfs_read too: while the module is out, a filter of only its
	# functions would be empty (every function, before the first load).
	echo vfs_read > $T/set_ftrace_filter
	echo ':mod:trace_events_sample' >> $T/set_ftrace_filter
	echo function > $T/current_tracer
	while [ $SECONDS -lt $end ]; do
		modprobe trace-events-sample
		echo 1 > $T/events/sample-trace/enable 2>/dev/null
		sleep 0.5
		modprobe -r trace-events-sample
		echo ':mod:trace_events_sample' >> $T/set_ftrace_filter
		n=$((n + 1))
	done
	echo nop > $T/current_tracer
	: > $T/set_ftrace_filter
	result modules "$n module load/unload cycles under :mod: and events"
}

# stress/faults: fail-nth.pl fails each allocation of an instance mkdir,
# a buffer_size_kb resize, an event enable, a hist trigger and a kprobe
# event in turn and checks the state each leaves; its first round runs
# to the end however long it takes, more follow for the loop's time.
loop_faults() {
	local out=/tmp/fail-nth.out rc sum

	if [ ! -w /proc/self/fail-nth ] || [ ! -d /sys/kernel/debug/failslab ] ||
	   [ ! -d /sys/kernel/debug/fail_page_alloc ]; then
		echo "TEST-RESULT stress/faults SKIP no fail-nth, failslab or fail_page_alloc here"
		return
	fi
	# shellcheck disable=SC2086 # $tries: none, or the two numbers
	perl "$(dirname "$0")/fail-nth.pl" "$secs" $tries 2>&1 | tee $out
	rc=${PIPESTATUS[0]}
	sum=$(awk '/^fail-nth: / && !/ BAD / { sub(/^fail-nth: /, ""); printf "%s%s", n++ ? "; " : "", $0 }' $out)
	if [ "$rc" -ne 0 ]; then
		echo "TEST-RESULT stress/faults FAIL $(grep -c ' BAD ' $out) checks failed (fail-nth: BAD above): $sum"
	else
		result faults "$sum"
	fi
}

echo "== stress: $secs s per loop, $ncpu CPUs, $(uname -r)"
for l in tracers filters instances modules faults; do
	start_load
	s=$SECONDS
	loop_$l
	stop_load
	echo "stress: $l took $((SECONDS - s)) s"
done

if [ -w /sys/kernel/debug/kmemleak ]; then
	echo scan > /sys/kernel/debug/kmemleak
	leaks=$(grep -c '^unreferenced object' /sys/kernel/debug/kmemleak)
	if [ "$leaks" = 0 ]; then
		echo "TEST-RESULT stress/kmemleak PASS"
	else
		head -40 /sys/kernel/debug/kmemleak
		echo "TEST-RESULT stress/kmemleak FAIL $leaks unreferenced objects"
	fi
else
	echo "TEST-RESULT stress/kmemleak SKIP no kmemleak in this kernel"
fi
exit 0
