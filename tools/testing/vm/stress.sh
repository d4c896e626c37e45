#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# stress.sh - the stress loops of `make stress` (guest side; meant for
# the debug kernel, where lockdep, KASAN, UBSAN, KFENCE and kmemleak
# turn a mistake into a splat on the console).
#
# Usage: stress.sh [SECONDS]   (vmargs=SECONDS; default 120 per loop)
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
#   stress/faults     instances made, buffers resized and events enabled
#                     while failslab and fail_page_alloc fail one in five
#                     of the loop's own allocations: each write takes
#                     effect or fails and leaves the old value.
# Each prints "TEST-RESULT stress/<loop> PASS|FAIL <operations>": PASS
# when it ran its time and tracing still works after it (a trace_marker
# line reaches trace).  Splats are the host's to count.  Then the
# kmemleak scan: stress/kmemleak FAIL with the count if it found leaks.

T=/sys/kernel/tracing
secs=${1:-120}
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

# Allocation failures (failslab, fail_page_alloc) in this loop's own
# writes only: task-filter makes them hit tasks with make-it-fail set,
# which the subshell sets for itself and its children.
faults_on() {
	local a

	for a in failslab fail_page_alloc; do
		echo 1 > $D/$a/task-filter
		echo N > $D/$a/ignore-gfp-wait
		echo 0 > $D/$a/verbose
		echo -1 > $D/$a/times
		echo 20 > $D/$a/probability
	done
}

faults_off() {
	echo 0 > $D/failslab/probability
	echo 0 > $D/fail_page_alloc/probability
}

# fault_write VALUE FILE: write under fault injection, then check that
# FILE reads back its old value if the write failed, and if it succeeded
# what the same write gives without faults (buffer_size_kb rounds up to
# whole pages).  Counts writes and failures; a mismatch goes to $bad.
fault_write() { # value file
	local old new ref rc

	old=$(head -c 64 "$2" | head -1)
	(echo 1 > /proc/self/make-it-fail; echo "$1" > "$2") 2>/dev/null
	rc=$?
	new=$(head -c 64 "$2" | head -1)
	writes=$((writes + 1))
	if [ $rc -ne 0 ]; then
		failures=$((failures + 1))
		[ "$new" = "$old" ] || bad="$bad; $2: failed write of $1 changed '$old' to '$new'"
		return
	fi
	echo "$1" > "$2"
	ref=$(head -c 64 "$2" | head -1)
	[ "$new" = "$ref" ] || bad="$bad; $2: wrote $1, reads '$new', not '$ref'"
}

loop_faults() {
	local end=$((SECONDS + secs)) i n=0 mk=0
	D=/sys/kernel/debug writes=0 failures=0 bad=

	if [ ! -d $D/failslab ] || [ ! -d $D/fail_page_alloc ]; then
		echo "TEST-RESULT stress/faults SKIP no failslab/fail_page_alloc in this kernel"
		return
	fi
	faults_on
	while [ $SECONDS -lt $end ]; do
		i=$T/instances/fault$((n % 2))
		if ! (echo 1 > /proc/self/make-it-fail; mkdir $i) 2>/dev/null; then
			[ ! -d $i ] || bad="$bad; failed mkdir left $i"
		fi
		if [ -d $i ]; then
			mk=$((mk + 1))
			fault_write $((16 + (n % 5) * 100)) $i/buffer_size_kb
			fault_write 1 $i/events/sched/sched_switch/enable
			fault_write 1 $i/events/sched/sched_wakeup/enable
			fault_write 0 $i/events/sched/sched_switch/enable
			faults_off
			echo 0 > $i/events/enable
			rmdir $i || bad="$bad; rmdir $i failed"
			faults_on
		fi
		fault_write $((1024 + (n % 3) * 512)) $T/buffer_size_kb
		n=$((n + 1))
	done
	faults_off
	echo 1408 > $T/buffer_size_kb
	if [ -n "$bad" ]; then
		echo "TEST-RESULT stress/faults FAIL${bad#;}"
	else
		result faults "$n rounds, $mk instances made, $writes writes under failslab/fail_page_alloc, $failures refused"
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
