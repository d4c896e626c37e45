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
	kprobe-events) [ -f $T/kprobe_events ] ;;
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
	# Newest first, in upstream's order of registration.
	want=
	for tr in function_graph wakeup_dl wakeup_rt wakeup preemptirqsoff \
		  preemptoff irqsoff function nop; do
		grep -qw "$tr" $T/available_tracers && want="$want $tr"
	done
	got=
	for tr in $(cat $T/available_tracers); do
		case " $want " in *" $tr "*) got="$got $tr" ;; esac
	done
	[ "$got" = "$want" ] ||
		{ fail $t "order:$got; upstream's:$want"; return; }
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
	# Upstream makes no events for sys_ni_syscall, the unused numbers.
	grep -q 'ni_syscall' out && { fail $t "events for sys_ni_syscall"; return; }
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

# nr_children PID: how many processes PID has forked and not reaped.
nr_children() {
	c=0
	for s in /proc/[0-9]*/stat; do
		read -r _ _ _ pp _ <"$s" 2>/dev/null || continue
		[ "$pp" = "$1" ] && c=$((c + 1))
	done
	echo $c
}

check_stream() {
	t=trace-cmd/stream
	needs events $t || return
	# SIGINT ends the stream, once it streams: trace-cmd (3.1.6, 3.3.1)
	# reads every event's format before it forks its recorders, seconds
	# in a loaded TCG guest, and a SIGINT that comes first leaves it
	# waiting for ever on recorders that have exited.  On SIGINT it
	# drains what is left in the buffers, seconds in the TCG guests of
	# other architectures: 30 s, then it is killed.
	trace-cmd stream -e sched_switch >"$W/out" 2>&1 &
	pid=$!
	n=0
	while ! grep -q 'sched_switch:' out && [ $n -lt 60 ] &&
		kill -0 $pid 2>/dev/null; do
		sleep 1
		n=$((n + 1))
	done
	# The first record may come from one CPU's recorder before the
	# others are forked: wait for one child a CPU, then a second more.
	ncpu=$(grep -c ^processor /proc/cpuinfo)
	n=0
	while [ "$(nr_children $pid)" -lt "$ncpu" ] && [ $n -lt 30 ]; do
		sleep 1
		n=$((n + 1))
	done
	sleep 1
	kill -INT $pid 2>/dev/null
	n=0
	while kill -0 $pid 2>/dev/null && [ $n -lt 30 ]; do
		sleep 1
		n=$((n + 1))
	done
	if kill -0 $pid 2>/dev/null; then
		kill -KILL $pid
		wait $pid
		fail $t "did not end within 30 s of its SIGINT"
		return
	fi
	wait $pid
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

# trace-cmd record (3.3.1) forks one recorder per CPU and runs the command
# without waiting for them to start; when the command has ended it sends
# each recorder SIGUSR1.  A recorder that gets it before installing its
# handler dies (no <file>.cpuN: "can not stat"), one that gets it before
# its recorder exists exits without reading (an empty <file>.cpuN): the
# records of that CPU are lost on any kernel.  Seen with the short
# workloads above on riscv64 beside a busy CPU (2 of 25 runs, both
# ways).  The record checks give the recorders a second to start.
RECORDERS_UP="sleep 1"

# trace-cmd's -l goes through libtracefs, which writes the line numbers
# of available_filter_functions into set_ftrace_filter.  Nothing may be
# printed that upstream does not print (it once complained of an empty
# set_ftrace_notrace).
check_record_function() {
	t=trace-cmd/record-function
	needs function $t || return
	run trace-cmd record -o fn.dat -p function -l vfs_read -l vfs_write \
		sh -c "$RECORDERS_UP; $RW_WORKLOAD" || { fail $t "record: exit status $?"; return; }
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
		sh -c "$RECORDERS_UP; $RW_WORKLOAD" || { fail $t "record: exit status $?"; return; }
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
		sh -c "$RECORDERS_UP; $READ_WORKLOAD" || { fail $t "record: exit status $?"; return; }
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
# The command's last switch (exiting: state X, or Z while trace-cmd has
# not reaped it yet) may lose its stack: its exit wakes trace-cmd, which
# can stop the trace on the other CPU before that switch's trigger writes
# the stack.
check_record_stack_trigger() {
	t=trace-cmd/record-stacktrace-trigger
	needs events $t || return
	run trace-cmd record -o stk.dat -e sched:sched_switch -R stacktrace \
		-F sleep 1 || { fail $t "record: exit status $?"; return; }
	run trace-cmd report -i stk.dat || { fail $t "report: exit status $?"; return; }
	n=$(grep -c 'sched_switch:' out)
	x=$(grep 'sched_switch:' out | grep -c ' [XZ] ==> ')
	s=$(grep -c 'kernel_stack:' out)
	[ "$n" -gt 0 ] || { fail $t "no sched_switch"; return; }
	[ "$s" -le "$n" ] && [ "$s" -ge $((n - x)) ] ||
		{ fail $t "$n sched_switch ($x exiting), $s stacks"; return; }
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
		sh -c "$RECORDERS_UP; $READ_WORKLOAD" || { fail $t "record: exit status $?"; return; }
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

# -O sets options for the record's run only: the traced command sees
# them.  The graph's records carry the command's name, resolved through
# saved_cmdlines: function_graph must save the names itself when it is the
# first tracer to run after boot (so this check comes before any other
# record; in make test the boot's trace_instance= event already saves
# them).
check_record_options() {
	t=trace-cmd/record-options
	needs function_graph $t || return
	run trace-cmd record -o op.dat -p function_graph -g vfs_read \
		-O nofuncgraph-irqs -O funcgraph-proc \
		sh -c "$RECORDERS_UP; cat $T/options/funcgraph-irqs $T/options/funcgraph-proc >$W/op.opts; $READ_WORKLOAD" ||
		{ fail $t "record: exit status $?"; return; }
	[ "$(tr '\n' ' ' <op.opts)" = "0 1 " ] ||
		{ fail $t "options during the run: $(tr '\n' ' ' <op.opts)"; return; }
	run trace-cmd report -i op.dat || { fail $t "report: exit status $?"; return; }
	grep -q 'vfs_read() {' out || { fail $t "no vfs_read graph entry"; return; }
	grep 'vfs_read() {' out | grep -q '^ *<\.\.\.>-' &&
		{ fail $t "graph records without the task's name"; return; }
	grep 'vfs_read() {' out | grep -q '^ *dd-[0-9]' ||
		{ fail $t "no vfs_read of dd"; return; }
	result $t PASS
}

# trace_options (trace-cmd list -o lists the options/ directory instead):
# upstream lists the options every tracer has (ending with stacktrace),
# then the current tracer's own only: under nop its test_nop_* and no
# function or function_graph option.  trace-cmd start switches tracers.
check_options_tracer() {
	t=trace-cmd/start-trace-options
	needs function_graph $t || return
	run cat $T/trace_options || { fail $t "exit status $?"; return; }
	grep -q 'funcgraph-\|func_stack_trace\|func-no-repeats\|sleep-time\|graph-time' out &&
		{ fail $t "another tracer's options listed under nop"; return; }
	[ "$(tail -n 3 out | sed 's/^no//' | tr '\n' ' ')" = \
	  "stacktrace test_nop_accept test_nop_refuse " ] ||
		{ fail $t "list ends: $(tail -n 3 out | tr '\n' ' ')"; return; }
	grep -Ex '(no)?(function-trace|function-fork|display-graph|stacktrace)' out |
		sed 's/^no//' >order
	[ "$(tr '\n' ' ' <order)" = "function-trace function-fork display-graph stacktrace " ] ||
		{ fail $t "order: $(tr '\n' ' ' <order)"; return; }
	echo funcgraph-irqs >$T/trace_options 2>/dev/null &&
		{ fail $t "trace_options took funcgraph-irqs under nop"; return; }
	run trace-cmd start -p function_graph -l vfs_read ||
		{ fail $t "start: exit status $?"; return; }
	run cat $T/trace_options || { fail $t "exit status $?"; return; }
	trace-cmd reset >/dev/null 2>&1
	grep -q '^nofuncgraph-irqs$\|^funcgraph-irqs$' out ||
		{ fail $t "funcgraph-irqs not listed under function_graph"; return; }
	grep -q 'test_nop' out && { fail $t "nop's options under function_graph"; return; }
	result $t PASS
}

# -b: buffer_size_kb shows the ring as allocated, in whole sub-buffers
# of the data size events/header_page gives (upstream on 64-bit: 1024 KB
# asked, 258 sub-buffers of 4080 bytes, 1027 KB shown; on i386, 4084
# bytes: 257 of them, 1024 KB).  trace-cmd start, not record: record of
# trace-cmd 3.3 (Debian 13) puts the old size back when it ends.
check_buffer_size() {
	t=trace-cmd/show-buffer-size
	needs events $t || return
	data=$(sed -n 's/.*field: char data;.*size:\([0-9]*\);.*/\1/p' \
		$T/events/header_page)
	[ -n "$data" ] || { fail $t "no data field in events/header_page"; return; }
	want=$(((1024 * 1024 + data - 1) / data * data / 1024))
	orig=$(cut -d' ' -f1 $T/buffer_size_kb)
	run trace-cmd start -b 1024 -e sched_switch ||
		{ fail $t "start: exit status $?"; return; }
	run trace-cmd show --buffer_size || { fail $t "show: exit status $?"; return; }
	kb=$(cat out)
	run trace-cmd show --buffer_total_size || { fail $t "show: exit status $?"; return; }
	total=$(cat out)
	ncpu=$(ls -d $T/per_cpu/cpu* | wc -l)
	echo "$orig" >$T/buffer_size_kb
	[ "$kb" = "$want" ] ||
		{ fail $t "buffer_size_kb $kb after -b 1024, not $want"; return; }
	[ "$total" = $((want * ncpu)) ] ||
		{ fail $t "buffer_total_size_kb $total for $ncpu CPUs"; return; }
	result $t PASS
}

# snapshot -s/-r/-f and the per-CPU help.  A tracer switch (here to nop
# by hand: trace-cmd start would clear the buffer itself) empties the
# buffer first, as upstream: the snapshot holds what came after it, not
# the function records before.
check_snapshot() {
	t=trace-cmd/snapshot
	needs function $t || return
	[ -f $T/snapshot ] || { result $t SKIP "the kernel has no snapshot yet"; return; }
	run trace-cmd start -p function -l vfs_read || { fail $t "start: exit status $?"; return; }
	$READ_WORKLOAD 2>/dev/null
	grep -q ' vfs_read <-' $T/trace || { fail $t "no vfs_read traced"; return; }
	echo nop >$T/current_tracer
	echo "tools-test snapshot marker" >$T/trace_marker
	run trace-cmd snapshot -s || { fail $t "-s: exit status $?"; return; }
	run trace-cmd snapshot || { fail $t "show: exit status $?"; return; }
	grep -q 'tools-test snapshot marker' out || { fail $t "marker not in the snapshot"; return; }
	grep -q 'vfs_read' out && { fail $t "records from before the switch to nop"; return; }
	run trace-cmd snapshot -r || { fail $t "-r: exit status $?"; return; }
	run trace-cmd snapshot || { fail $t "show: exit status $?"; return; }
	grep -q 'tools-test snapshot marker' out && { fail $t "-r left the marker"; return; }
	grep -q 'Snapshot is allocated' out || { fail $t "-r: not allocated"; return; }
	run trace-cmd snapshot -f || { fail $t "-f: exit status $?"; return; }
	run trace-cmd snapshot || { fail $t "show: exit status $?"; return; }
	grep -q 'Snapshot is freed' out || { fail $t "-f: not freed"; return; }
	run trace-cmd snapshot -c 0 || { fail $t "-c 0: exit status $?"; return; }
	grep -q "^# echo 2 > snapshot : Clears this cpu's snapshot buffer (but does not allocate)$" out ||
		{ fail $t "per-CPU help differs from upstream's"; return; }
	result $t PASS
}

# stack --start/read/--reset/--stop.  Entry 0 is, as every entry, a
# return address: the traced function's after its 5-byte __fentry__ call,
# never the call site (+0x0, or +0x4 behind IBT's endbr64).
check_stack() {
	t=trace-cmd/stack
	[ -f $T/stack_trace ] || { result $t SKIP "the kernel has no stack tracer yet"; return; }
	run trace-cmd stack --start || { fail $t "--start: exit status $?"; return; }
	ls -R /sys/kernel/tracing/events >/dev/null
	run trace-cmd stack
	rc=$?
	trace-cmd stack --stop >/dev/null 2>&1
	[ "$rc" = 0 ] || { fail $t "read: exit status $rc"; return; }
	grep -q '^(stack tracer running)' out || { fail $t "not running"; return; }
	first=$(sed -n 's/^ *0) *[0-9]* *[0-9]* *//p' out)
	[ -n "$first" ] || { fail $t "no entry 0"; return; }
	case $first in
	*+0x0/*|*+0x4/*) fail $t "entry 0 is a call site: $first"; return ;;
	esac
	run trace-cmd stack || { fail $t "read: exit status $?"; return; }
	grep -q '^(stack tracer not running)' out || { fail $t "--stop: still running"; return; }
	run trace-cmd stack --reset || { fail $t "--reset: exit status $?"; return; }
	[ "$(cat $T/stack_max_size)" = 0 ] || { fail $t "--reset: max not 0"; return; }
	result $t PASS
}

# report -l and --cpu on one record.  (report -F of trace-cmd 3.1.6
# printed every record, on upstream's kernel as on ours: not checked.)
check_report_options() {
	t=trace-cmd/report-options
	needs events $t || return
	run trace-cmd record -o rp.dat -e sched_switch sleep 1 ||
		{ fail $t "record: exit status $?"; return; }
	run trace-cmd report -i rp.dat --cpu 1 || { fail $t "--cpu: exit status $?"; return; }
	grep 'sched_switch:' out | grep -vq '\[001\]' &&
		{ fail $t "--cpu 1: records of another CPU"; return; }
	run trace-cmd report -i rp.dat -l || { fail $t "-l: exit status $?"; return; }
	# The latency columns: CPU, irqs-off, need-resched, hardirq/softirq, ...
	grep 'sched_switch:' out | grep -Evq '^ *[^ ]+-[0-9]+ +[0-9][.dDX][.nNp][.hHsZz][.0-9]' &&
		{ fail $t "-l: a line without latency columns"; return; }
	result $t PASS
}

# split -e N: files of N events each.
check_split() {
	t=trace-cmd/split
	needs events $t || return
	run trace-cmd record -o sp-in.dat -e sched -e irq sleep 1 ||
		{ fail $t "record: exit status $?"; return; }
	rm -f sp.dat*
	run trace-cmd split -i sp-in.dat -o sp.dat -e 10 ||
		{ fail $t "split: exit status $?"; return; }
	# Without -r, trace-cmd 3.1 (Debian 12) writes the part to -o's name
	# plus ".1", trace-cmd 3.3 (Debian 13, the other guests) to -o's name.
	part=sp.dat.1
	[ -f $part ] || part=sp.dat
	[ -f $part ] || { fail $t "no sp.dat.1 or sp.dat"; return; }
	run trace-cmd report -i $part || { fail $t "report: exit status $?"; return; }
	n=$(grep -c '^ *[^ ]*-[0-9]* *\[' out)
	[ "$n" -ge 1 ] && [ "$n" -le 10 ] || { fail $t "$n events in $part"; return; }
	result $t PASS
}

# writable_state: every writable tracefs file's content, the per-event
# files as a list of those not at their default.
writable_state() {
	find $T -type f -perm -200 | grep -v '/events/[^/]*/[^/]*/' | sort |
	while read -r f; do
		case $f in
		*/trace_pipe*|*/trace_marker*|*/free_buffer|*/trace|*/snapshot)
			continue ;;
		*/instances/*) continue ;;
		esac
		echo "--- $f"
		timeout 5 cat "$f" 2>&1 | head -n 40
	done
	grep -H -v '^0$' $T/events/*/*/enable
	grep -H -v '^none$' $T/events/*/*/filter
	grep -H -v '^#' $T/events/*/*/trigger
}

# reset puts back what trace-cmd changes: tracer, filters, events,
# triggers, pids, clock, cpumask, tracing_on.  Every writable file must
# then read as before.  Left out on purpose, because upstream's reset
# leaves them too: buffer sizes, options, snapshot, max_graph_depth,
# tracing_thresh, the stack tracer and the function profiler.
check_reset_files() {
	t=trace-cmd/reset-files
	needs function $t || return
	writable_state >before
	echo function >$T/current_tracer
	echo 'vfs_*' >$T/set_ftrace_filter
	echo vfs_write >$T/set_ftrace_notrace
	[ -f $T/set_graph_function ] && echo vfs_read >$T/set_graph_function
	[ -f $T/set_graph_notrace ] && echo vfs_write >$T/set_graph_notrace
	echo $$ >$T/set_ftrace_pid
	echo $$ >$T/set_event_pid
	echo 1 >$T/events/sched/sched_switch/enable
	echo 'prev_pid != 0' >$T/events/sched/sched_switch/filter
	echo stacktrace >$T/events/sched/sched_wakeup/trigger
	echo mono >$T/trace_clock
	echo 1 >$T/tracing_cpumask
	echo 0 >$T/tracing_on
	run trace-cmd reset || { fail $t "exit status $?"; return; }
	writable_state >after
	diff before after >out && { result $t PASS; return; }
	fail $t "files differ from before"
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
	# The event's print fmt, or libtraceevent's sched_switch plugin
	# ("comm:pid [prio] S ==> comm:pid [prio]") when perf loads plugins,
	# as Debian 13's does.
	task='[^ ]+:[0-9]+ \[[0-9]+\]'
	grep -Eq "prev_comm=.*next_comm=|$task [A-Z+|]+ ==> $task" out ||
		{ fail $t "fields not decoded"; return; }
	result $t PASS
}

# perf alone on sched_switch, after the event was on and off in tracefs:
# no probe of ours is left on the tracepoint, so perf's is called
# directly and no sample's callchain starts in the tracepoint's iterator.
# An instance with the event on (trace_instance= at boot) has it off
# meanwhile, and back on after.
check_perf_callchain() {
	t=perf/record-callchain
	needs events $t || return
	on=$(grep -l '^1' $T/instances/*/events/sched/sched_switch/enable \
		2>/dev/null)
	for f in $on; do echo 0 >"$f"; done
	perf_callchain_alone
	for f in $on; do echo 1 >"$f"; done
}

perf_callchain_alone() {
	echo 1 >$T/events/sched/sched_switch/enable
	echo 0 >$T/events/sched/sched_switch/enable
	run perf record -g -o cc.data -e sched:sched_switch -a sleep 0.5 ||
		{ fail $t "record: exit status $?"; return; }
	run perf script -i cc.data || { fail $t "script: exit status $?"; return; }
	# perf script: a sample's line, then its frames indented by a tab.
	first=$(awk '/^[^\t]/ { top = 1; next }
		     top && /^\t/ { print $2; top = 0 }' out | sort | uniq -c)
	[ -n "$first" ] || { fail $t "no callchain"; return; }
	case $first in
	*__traceiter_sched_switch*)
		fail $t "samples start in __traceiter_sched_switch: $first"
		return ;;
	esac
	result $t PASS
}

# A kprobe event defined in kprobe_events, recorded by perf.
check_perf_record_kprobe() {
	t=perf/record-kprobe-event
	needs kprobe-events $t || return
	if ! echo 'p:kprobes/perftest vfs_read count=$arg3' >>$T/kprobe_events; then
		result $t FAIL "kprobe_events refused the definition"
		return
	fi
	run perf record -o kp.data -e kprobes:perftest $READ_WORKLOAD &&
		run perf script -i kp.data
	rc=$?
	echo '-:kprobes/perftest' >>$T/kprobe_events
	[ "$rc" -eq 0 ] || { fail $t "record or script: exit status $rc"; return; }
	grep -q 'kprobes:perftest:.*count=' out ||
		{ fail $t "no perftest record with its argument"; return; }
	result $t PASS
}

# perf probe: add a probe (kprobe_events underneath), record it, delete it.
check_perf_probe() {
	t=perf/probe-add-record-delete
	needs kprobe-events $t || return
	run perf probe -a vfs_read || { fail $t "add: exit status $?"; return; }
	if ! grep -q '^p:probe/vfs_read ' $T/kprobe_events; then
		result $t FAIL "probe:vfs_read not in kprobe_events"
		return
	fi
	run perf record -o probe.data -e probe:vfs_read $READ_WORKLOAD &&
		run perf script -i probe.data
	rc=$?
	cp out probe.out
	run perf probe -d probe:vfs_read
	rc2=$?
	grep -q 'probe/vfs_read' $T/kprobe_events &&
		echo '-:probe/vfs_read' >>$T/kprobe_events
	cp probe.out out
	[ "$rc" -eq 0 ] || { fail $t "record or script: exit status $rc"; return; }
	grep -q 'probe:vfs_read:' out ||
		{ fail $t "no probe:vfs_read record"; return; }
	[ "$rc2" -eq 0 ] || { result $t FAIL "delete: exit status $rc2"; return; }
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

# perf ftrace -T/-N/-D/-t function_graph --graph-opts depth=/latency.
check_perf_ftrace_opts() {
	t=perf/ftrace-options
	needs function_graph $t || return
	run perf ftrace -T vfs_read $READ_WORKLOAD || { fail $t "-T: exit status $?"; return; }
	grep -q ' vfs_read <-ksys_read$' out || { fail $t "-T: no vfs_read <-ksys_read"; return; }
	grep -v '^#' out | grep ' <-' | grep -vq ' vfs_read <-' &&
		{ fail $t "-T: another function"; return; }
	run perf ftrace -t function -T 'vfs_*' -N vfs_read sh -c "$RW_WORKLOAD" ||
		{ fail $t "-N: exit status $?"; return; }
	grep -q ' vfs_write <-' out || { fail $t "-N: no vfs_write"; return; }
	grep -q ' vfs_read <-' out && { fail $t "-N: vfs_read not left out"; return; }
	run perf ftrace -D 100 -T vfs_read sh -c "sleep 0.3; $READ_WORKLOAD" ||
		{ fail $t "-D: exit status $?"; return; }
	grep -q ' vfs_read <-ksys_read$' out || { fail $t "-D: no vfs_read"; return; }
	run perf ftrace -t function_graph -G vfs_read --graph-opts depth=2 \
		$READ_WORKLOAD || { fail $t "depth=2: exit status $?"; return; }
	grep -q '|  vfs_read() {' out || { fail $t "depth=2: no vfs_read"; return; }
	# Depth 2: vfs_read at two spaces, its callees at four, nothing deeper.
	grep -q '|      [a-z_]' out && { fail $t "depth=2: a third level"; return; }
	run perf ftrace latency -T vfs_read $READ_WORKLOAD ||
		{ fail $t "latency: exit status $?"; return; }
	n=$(sed -n 's/^.*| *\([0-9][0-9]*\) |.*/\1/p' out | awk '{ s += $1 } END { print s + 0 }')
	[ "$n" -ge 1 ] || { fail $t "latency: no call counted"; return; }
	result $t PASS
}

# record_options first: it is the first tracer run after boot there.
for c in record_options list_tracers list_options options_tracer \
	 show list_events check_events \
	 record_events stream instance record_function record_notrace \
	 record_func_stack record_pid record_stack_trigger record_cpumask \
	 record_network record_graph buffer_size snapshot stack \
	 report_options split reset reset_files \
	 perf_list perf_stat perf_record perf_callchain perf_trace \
	 perf_record_syscall perf_record_kprobe perf_probe perf_ftrace \
	 perf_ftrace_opts; do
	quiesce
	"check_$c"
done
quiesce
exit 0
