#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# tools-test.sh - run the real tools users drive ftrace with, trace-cmd
# (Debian's package) and perf (Debian's linux-perf), against this kernel,
# and print one line per check:
#
#   TEST-RESULT tools/<tool>/<check> PASS|FAIL|SKIP [reason]
#
# A check whose kernel feature is absent (no trace events, no function
# tracer, no instances, ...) is a SKIP naming what is missing, so that it
# turns into a PASS by itself once the feature lands.  After a FAIL, the
# last 20 lines of the tool's output follow, each prefixed "  | ".
# Each tool run is bounded by a timeout.

T=/sys/kernel/tracing
W=${TOOLS_TEST_DIR:-/tmp/tools-test}
TMO=${TOOLS_TEST_TIMEOUT:-120}

mkdir -p "$W"
cd "$W" || exit 1

result() {
	echo "TEST-RESULT tools/$1 $2${3:+ $3}"
}

fail() {
	result "$1" FAIL "$2"
	tail -n 20 "$W/out" | sed 's/^/  | /'
}

# run CMD...: run a tool with its output in $W/out; its status is ours.
run() {
	timeout -k 5 "$TMO" "$@" >"$W/out" 2>&1
}

# The options as the kernel booted with them: perf ftrace leaves some
# changed when it exits (irq-info off, for one), which would change the
# output format of the ftracetest cases run after this script.
OPTIONS=$(cd $T/options && for o in *; do echo "$o=$(cat "$o")"; done)

# Put back the options a tool changed (only those: no needless writes).
restore_options() {
	for ov in $OPTIONS; do
		o=${ov%=*}
		[ "$(cat "$T/options/$o")" = "${ov#*=}" ] ||
			echo "${ov#*=}" >"$T/options/$o"
	done
}

# Whatever the tool left behind, the next check starts from a quiet,
# empty top-level buffer with the boot-time options.
quiesce() {
	[ -f $T/events/enable ] && echo 0 >$T/events/enable
	echo nop >$T/current_tracer
	restore_options
	echo 1 >$T/tracing_on
	: >$T/trace
}

# needs WHAT TEST: succeed if the feature is there, else report TEST as SKIP.
needs() {
	case $1 in
	events) [ -d $T/events/sched/sched_switch ] ;;
	irq-events) [ -d $T/events/irq ] ;;
	syscall-events) [ -d $T/events/syscalls ] ;;
	instances) [ -d $T/instances ] ;;
	function|function_graph) grep -qw "$1" $T/available_tracers ;;
	*) false ;;
	esac && return 0
	result "$2" SKIP "the kernel has no $1 yet"
	return 1
}

# Lines trace-cmd and libtraceevent print when a format does not parse or
# a record cannot be decoded.
BAD='bad |unknown|fail|error|warning|\[FAILED TO PARSE'

check_list_tracers() {
	t=trace-cmd/list-tracers
	run trace-cmd list -t || { fail $t "exit status $?"; return; }
	for tr in $(cat $T/available_tracers); do
		grep -qw "$tr" out || { fail $t "$tr not listed"; return; }
	done
	result $t PASS
}

check_list_options() {
	t=trace-cmd/list-options
	run trace-cmd list -o || { fail $t "exit status $?"; return; }
	opt=$(sed -n '1s/^no//p' $T/trace_options)
	grep -q "$opt" out || { fail $t "option $opt not listed"; return; }
	result $t PASS
}

check_show() {
	t=trace-cmd/show
	echo "tools-test show marker" >$T/trace_marker
	run trace-cmd show || { fail $t "exit status $?"; return; }
	grep -q "tools-test show marker" out || { fail $t "marker missing"; return; }
	result $t PASS
}

check_list_events() {
	t=trace-cmd/list-events
	needs events $t || return
	run trace-cmd list -e || { fail $t "exit status $?"; return; }
	grep -q '^sched:sched_switch$' out || { fail $t "sched:sched_switch missing"; return; }
	result $t PASS
}

check_check_events() {
	t=trace-cmd/check-events
	needs events $t || return
	run trace-cmd check-events || { fail $t "exit status $?"; return; }
	grep -Eiq "$BAD" out && { fail $t "a format did not parse"; return; }
	result $t PASS
}

check_record_events() {
	t=trace-cmd/record-events
	needs events $t || return
	needs irq-events $t || return
	run trace-cmd record -o ev.dat -e sched -e irq sleep 1 ||
		{ fail $t "record: exit status $?"; return; }
	run trace-cmd report -i ev.dat || { fail $t "report: exit status $?"; return; }
	grep -Eiq "$BAD" out && { fail $t "report could not decode"; return; }
	# trace-cmd's sched_switch plugin prints "prev:pid [prio] S ==> next".
	grep -Eq 'sched_switch:.*(prev_comm=|==>)' out ||
		{ fail $t "no decoded sched_switch"; return; }
	grep -q '^ *sleep-[0-9]' out || { fail $t "cmdline of sleep not resolved"; return; }
	result $t PASS
}

check_stream() {
	t=trace-cmd/stream
	needs events $t || return
	timeout -s INT 5 trace-cmd stream -e sched_switch >"$W/out" 2>&1
	grep -q 'sched_switch:' out || { fail $t "no sched_switch streamed"; return; }
	result $t PASS
}

check_instance() {
	t=trace-cmd/record-instance
	needs events $t || return
	needs instances $t || return
	run trace-cmd record -B tools-test -e sched_switch -o inst.dat sleep 1 ||
		{ fail $t "record: exit status $?"; return; }
	run trace-cmd report -i inst.dat || { fail $t "report: exit status $?"; return; }
	grep -q 'sched_switch:' out || { fail $t "no sched_switch in the instance"; return; }
	[ -d $T/instances/tools-test ] && { fail $t "instance left behind"; return; }
	result $t PASS
}

# funcs FILE: the names of the functions in the function records of a
# trace-cmd report, each once.
funcs() {
	sed -n 's/.* function: *\([^ ]*\).*/\1/p' "$1" | sort -u
}

# only_functions FILE F...: the function records of report FILE are of
# F... only, and of each of them.
only_functions() {
	f=$1
	shift
	[ "$(funcs "$f" | tr '\n' ' ')" = "$(echo "$@" | tr ' ' '\n' | sort | tr '\n' ' ')" ]
}

# A workload that calls vfs_read(): busybox cat copies with sendfile(),
# which reads through splice and never enters vfs_read(); dd uses read(2).
READ_WORKLOAD="dd if=/proc/version of=/dev/null"
# Reads and writes through vfs_read() and vfs_write().
RW_WORKLOAD="bash -c 'read x </proc/version; echo hi >/tmp/tools-test-x'"

# trace-cmd's -l goes through libtracefs, which writes the line numbers
# of available_filter_functions into set_ftrace_filter.  Nothing may be
# printed that upstream does not print (it once complained of an empty
# set_ftrace_notrace).
check_record_function() {
	t=trace-cmd/record-function
	needs function $t || return
	run trace-cmd record -o fn.dat -p function -l vfs_read -l vfs_write \
		sh -c "$RW_WORKLOAD" || { fail $t "record: exit status $?"; return; }
	grep -q 'set_ftrace\|No such file' out && { fail $t "record complained"; return; }
	run trace-cmd report -i fn.dat || { fail $t "report: exit status $?"; return; }
	grep -Eiq "$BAD" out && { fail $t "report could not decode"; return; }
	only_functions out vfs_read vfs_write || {
		fail $t "functions recorded: $(funcs out | head -n 5 | tr '\n' ' ')"
		return
	}
	result $t PASS
}

# -n: the notrace list; -l with a glob.
check_record_notrace() {
	t=trace-cmd/record-notrace
	needs function $t || return
	run trace-cmd record -o nt.dat -p function -l 'vfs_*' -n vfs_read \
		sh -c "$RW_WORKLOAD" || { fail $t "record: exit status $?"; return; }
	run trace-cmd report -i nt.dat || { fail $t "report: exit status $?"; return; }
	funcs out >names
	grep -qx vfs_write names || { fail $t "no vfs_write entry"; return; }
	grep -qx vfs_read names && { fail $t "vfs_read not left out"; return; }
	grep -vq '^vfs_' names && { fail $t "a function outside vfs_*"; return; }
	result $t PASS
}

# --func-stack: a kernel stack after each traced call.
check_record_func_stack() {
	t=trace-cmd/record-func-stack
	needs function $t || return
	run trace-cmd record -o fs.dat -p function -l vfs_read --func-stack \
		$READ_WORKLOAD || { fail $t "record: exit status $?"; return; }
	run trace-cmd report -i fs.dat || { fail $t "report: exit status $?"; return; }
	funcs out | grep -qx vfs_read || { fail $t "no vfs_read entry"; return; }
	grep -q 'kernel_stack:' out || { fail $t "no kernel stack"; return; }
	grep -q '=> ksys_read' out || { fail $t "stack without ksys_read"; return; }
	result $t PASS
}

# -F: only the command's own records, as set_event_pid keeps them: its
# events, the switches to it and its wake-ups (woken by another task).
check_record_pid() {
	t=trace-cmd/record-pid
	needs events $t || return
	run trace-cmd record -o pid.dat -e sched_switch -e sched_wakeup -F \
		sleep 1 || { fail $t "record -F: exit status $?"; return; }
	run trace-cmd report -i pid.dat || { fail $t "report: exit status $?"; return; }
	grep -q 'sched_switch:' out || { fail $t "-F: no sched_switch"; return; }
	# The command's pid; before its exec it runs as trace-cmd.
	pid=$(sed -n 's/.* sleep:\([0-9][0-9]*\) .*/\1/p' out | head -n 1)
	[ -n "$pid" ] || { fail $t "-F: no record of sleep"; return; }
	grep 'sched_switch:' out | grep -vq ":$pid \[" &&
		{ fail $t "-F: a switch of other tasks"; return; }
	grep 'sched_switch:' out | grep -q '==> sleep:' ||
		{ fail $t "-F: no switch to sleep"; return; }
	grep 'sched_wakeup:' out | grep -q ' sleep:' ||
		{ fail $t "-F: no wake-up of sleep"; return; }
	result $t PASS
}

# -R stacktrace with -F, as trace-cmd profile records: one kernel stack
# after each sched_switch of the command, starting at the event's probe.
check_record_stack_trigger() {
	t=trace-cmd/record-stacktrace-trigger
	needs events $t || return
	run trace-cmd record -o stk.dat -e sched:sched_switch -R stacktrace \
		-F sleep 1 || { fail $t "record: exit status $?"; return; }
	run trace-cmd report -i stk.dat || { fail $t "report: exit status $?"; return; }
	n=$(grep -c 'sched_switch:' out)
	s=$(grep -c 'kernel_stack:' out)
	[ "$n" -gt 0 ] || { fail $t "no sched_switch"; return; }
	[ "$n" = "$s" ] || { fail $t "$n sched_switch, $s stacks"; return; }
	f=$(grep -A1 'kernel_stack:' out | grep -c '=> trace_event_raw_event_sched_switch ')
	[ "$f" = "$s" ] || { fail $t "$((s - f)) stacks start elsewhere"; return; }
	result $t PASS
}

# -M: records of the CPUs in the mask only; -b, -C: buffer size, clock.
check_record_cpumask() {
	t=trace-cmd/record-cpumask-clock
	needs events $t || return
	run trace-cmd record -o cm.dat -e sched_switch -M 1 -b 512 -C mono \
		sleep 1 || { fail $t "record: exit status $?"; return; }
	run trace-cmd report -i cm.dat || { fail $t "report: exit status $?"; return; }
	grep -q 'sched_switch:' out || { fail $t "no sched_switch"; return; }
	grep 'sched_switch:' out | grep -vq '\[000\]' &&
		{ fail $t "records of CPU 1 with -M 1"; return; }
	result $t PASS
}

# listen/record -N: per-CPU data spliced to a socket, merged by listen.
check_record_network() {
	t=trace-cmd/record-network
	needs events $t || return
	rm -rf net && mkdir net
	trace-cmd listen -p 19871 -d "$W/net" >listen.out 2>&1 &
	lpid=$!
	sleep 2
	run trace-cmd record -N 127.0.0.1:19871 -e sched:sched_switch sleep 1
	rc=$?
	sleep 3
	kill "$lpid" 2>/dev/null
	wait "$lpid" 2>/dev/null
	[ "$rc" = 0 ] || { fail $t "record -N: exit status $rc"; return; }
	grep -q 'set_ftrace\|No such file' out && { fail $t "record complained"; return; }
	ls net/*.cpu* >/dev/null 2>&1 && { fail $t "per-CPU files left unmerged"; return; }
	dat=$(ls net/*.dat 2>/dev/null | head -n 1)
	[ -n "$dat" ] || { fail $t "no .dat from listen"; return; }
	run trace-cmd report -i "$dat" || { fail $t "report: exit status $?"; return; }
	grep -q 'sched_switch:.*sleep' out || { fail $t "no sched_switch of sleep"; return; }
	result $t PASS
}

check_record_graph() {
	t=trace-cmd/record-function-graph
	needs function_graph $t || return
	run trace-cmd record -o fg.dat -p function_graph -g vfs_read \
		$READ_WORKLOAD || { fail $t "record: exit status $?"; return; }
	run trace-cmd report -i fg.dat || { fail $t "report: exit status $?"; return; }
	grep -q 'vfs_read() {' out || { fail $t "no vfs_read graph entry"; return; }
	result $t PASS
}

check_reset() {
	t=trace-cmd/reset
	needs events $t || return
	echo 0 >$T/tracing_on
	run trace-cmd reset || { fail $t "exit status $?"; return; }
	[ "$(cat $T/current_tracer)" = nop ] || { fail $t "tracer not reset"; return; }
	[ "$(cat $T/tracing_on)" = 1 ] || { fail $t "tracing_on not reset"; return; }
	result $t PASS
}

check_perf_list() {
	t=perf/list-tracepoint
	needs events $t || return
	run perf list tracepoint || { fail $t "exit status $?"; return; }
	grep -q 'sched:sched_switch' out || { fail $t "sched:sched_switch missing"; return; }
	result $t PASS
}

check_perf_stat() {
	t=perf/stat-sched_switch
	needs events $t || return
	run perf stat -x, -e sched:sched_switch -a sleep 1 ||
		{ fail $t "exit status $?"; return; }
	n=$(sed -n 's/^\([0-9][0-9]*\),.*sched:sched_switch.*/\1/p' out)
	[ "${n:-0}" -gt 0 ] || { fail $t "count ${n:-missing}"; return; }
	result $t PASS
}

check_perf_record() {
	t=perf/record-script
	needs events $t || return
	run perf record -o perf.data -e sched:sched_switch -a sleep 1 ||
		{ fail $t "record: exit status $?"; return; }
	run perf script -i perf.data || { fail $t "script: exit status $?"; return; }
	grep -q 'prev_comm=.*next_comm=' out ||
		{ fail $t "fields not decoded"; return; }
	result $t PASS
}

check_perf_trace() {
	t=perf/trace-syscalls
	needs syscall-events $t || return
	run perf trace -e 'syscalls:sys_enter_getpid' true ||
		{ fail $t "exit status $?"; return; }
	result $t PASS
}

check_perf_record_syscall() {
	t=perf/record-syscalls
	needs syscall-events $t || return
	run perf record -o sc.data -e syscalls:sys_enter_openat \
		-e syscalls:sys_exit_openat cat /proc/version ||
		{ fail $t "record: exit status $?"; return; }
	run perf script -i sc.data || { fail $t "script: exit status $?"; return; }
	grep -q 'sys_enter_openat: dfd: 0x[0-9a-f]*, filename: 0x' out ||
		{ fail $t "sys_enter_openat arguments not decoded"; return; }
	grep -q 'sys_exit_openat: 0x' out ||
		{ fail $t "sys_exit_openat return value not decoded"; return; }
	result $t PASS
}

check_perf_ftrace() {
	t=perf/ftrace-graph
	needs function_graph $t || return
	run perf ftrace -G vfs_read $READ_WORKLOAD ||
		{ fail $t "exit status $?"; return; }
	grep -q 'vfs_read() {' out || { fail $t "no vfs_read graph entry"; return; }
	result $t PASS
}

for c in list_tracers list_options show list_events check_events \
	 record_events stream instance record_function record_notrace \
	 record_func_stack record_pid record_stack_trigger record_cpumask \
	 record_network record_graph reset \
	 perf_list perf_stat perf_record perf_trace perf_record_syscall \
	 perf_ftrace; do
	quiesce
	"check_$c"
done
quiesce
exit 0
