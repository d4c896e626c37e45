#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# boot-cmdline.sh - guest side: the boot options the test guests cannot
# have (they boot with the function tracer, or with tracing untouched).
# run-tests.sh boots a guest of its own for them, with
#
#   ftrace=function_graph ftrace_graph_filter=do_one_initcall
#   ftrace_graph_notrace=init_* ftrace_graph_max_depth=2
#   kprobe_event=p:bootprobe,vfs_read,count=$arg3;r:bootret,vfs_read,ret=$retval
#   trace_trigger=sched_process_exec.stacktrace:1,initcall_level.hist:keys=level
#   trace_instance=early,initcall:initcall_level,syscalls:sys_enter_execve
#
# and this prints TEST-RESULT boot/graph-<check>, boot/kprobe-event,
# boot/trace-trigger, boot/trigger-early and boot/instance-early
# PASS|FAIL|SKIP: function_graph ran from boot with the
# options in force, so the trace holds the initcalls that came after it,
# two levels deep, none named init_*; the two kprobe events were defined,
# enabled and hit; sched_process_exec's trigger fired once, at init's
# exec, its stack trace in the trace; initcall_level's hist trigger was
# in place from start_kernel() on, before console_init() (boot/trigger-
# early: its hist counts the levels "console" and "early"); the instance
# "early" recorded from start_kernel() on as well (the levels "console"
# and "early" in its trace) and the execve() calls of user space (a
# syscall event enabled before pid 1 existed).

T=/sys/kernel/tracing

result() { # name ok message
	if [ "$2" = 0 ]; then
		echo "TEST-RESULT boot/$1 PASS"
	else
		echo "TEST-RESULT boot/$1 FAIL $3"
	fi
}

[ -f $T/trace ] || mount -t tracefs nodev $T
checks="tracer filter notrace max-depth trace"
if ! grep -q 'ftrace=function_graph' /proc/cmdline ||
   ! [ -f $T/set_graph_function ]; then
	for c in $checks; do
		echo "TEST-RESULT boot/graph-$c SKIP no function_graph boot"
	done
	exit 0
fi

echo 0 > $T/tracing_on
[ "$(cat $T/current_tracer)" = function_graph ]
result graph-tracer $? "current_tracer is '$(cat $T/current_tracer)'"

[ "$(cat $T/set_graph_function)" = do_one_initcall ]
result graph-filter $? "set_graph_function is '$(head -3 $T/set_graph_function)'"

n=$(grep -c '^init_' $T/set_graph_notrace)
other=$(grep -v '^init_' $T/set_graph_notrace | head -1)
[ "$n" -gt 0 ] && [ -z "$other" ]
result graph-notrace $? "set_graph_notrace: $n init_* functions, also '$other'"

[ "$(cat $T/max_graph_depth)" = 2 ]
result graph-max-depth $? "max_graph_depth is '$(cat $T/max_graph_depth)'"

# do_one_initcall at the first level, the initcalls at the second (four
# spaces after the bar), nothing deeper, no init_* initcall.
trace=/tmp/boot-graph.trace
cat $T/trace > $trace
if ! grep -q '|  do_one_initcall() {' $trace; then
	result graph-trace 1 "no do_one_initcall() { in the trace"
elif ! grep -Eq '\|    [a-z_][a-z_0-9.]*\(\)' $trace; then
	result graph-trace 1 "no initcall under do_one_initcall"
elif grep -Eq '\|      [a-z_]' $trace; then
	result graph-trace 1 "a third level: $(grep -E -m1 '\|      [a-z_]' $trace)"
elif grep -Eq '\|    init_' $trace; then
	result graph-trace 1 "an init_* initcall traced: $(grep -E -m1 '\|    init_' $trace)"
else
	result graph-trace 0
fi
if ! grep -q 'kprobe_event=' /proc/cmdline || ! [ -f $T/kprobe_events ]; then
	echo "TEST-RESULT boot/kprobe-event SKIP no kprobe_event= boot"
elif ! grep -q '^p:kprobes/bootprobe vfs_read count=' $T/kprobe_events ||
     ! grep -q '^r[0-9]*:kprobes/bootret vfs_read ret=' $T/kprobe_events; then
	result kprobe-event 1 "kprobe_events: $(cat $T/kprobe_events)"
elif [ "$(cat $T/events/kprobes/bootprobe/enable)" != 1 ] ||
     [ "$(cat $T/events/kprobes/bootret/enable)" != 1 ]; then
	result kprobe-event 1 "not enabled at boot"
elif ! grep -q 'bootprobe: (vfs_read+0x[0-9a-f]*/0x[0-9a-f]*) count=' $trace ||
     ! grep -q 'bootret: (.*<- vfs_read) ret=' $trace; then
	result kprobe-event 1 "no hit of both in the trace"
else
	result kprobe-event 0
fi
echo 0 > $T/events/kprobes/enable 2>/dev/null

trigger=$T/events/sched/sched_process_exec/trigger
if ! grep -q 'trace_trigger=' /proc/cmdline; then
	echo "TEST-RESULT boot/trace-trigger SKIP no trace_trigger= boot"
elif ! grep -q '^stacktrace:count=0' $trigger; then
	result trace-trigger 1 "sched_process_exec's trigger: $(cat $trigger)"
elif ! grep -q '<stack trace>' $trace; then
	result trace-trigger 1 "no stack trace in the trace"
else
	result trace-trigger 0
fi
echo '!stacktrace' > $trigger

levels=$T/events/initcall/initcall_level
if ! grep -q 'initcall_level.hist' /proc/cmdline || ! [ -d $levels ]; then
	echo "TEST-RESULT boot/trigger-early SKIP no initcall_level hist at boot"
elif ! grep -q 'level: console ' $levels/hist ||
     ! grep -q 'level: early ' $levels/hist; then
	result trigger-early 1 "levels counted: $(grep -o 'level: [a-z]*' $levels/hist | tr '\n' ' ')"
else
	result trigger-early 0
fi
echo '!hist:keys=level' > $levels/trigger 2>/dev/null

inst=$T/instances/early
if ! grep -q 'trace_instance=early' /proc/cmdline; then
	echo "TEST-RESULT boot/instance-early SKIP no trace_instance= boot"
elif ! [ -d $inst ]; then
	result instance-early 1 "no instances/early"
elif ! grep -q 'initcall_level: level=console$' $inst/trace ||
     ! grep -q 'initcall_level: level=early$' $inst/trace; then
	result instance-early 1 "levels recorded: $(grep -o 'level=[a-z]*' $inst/trace | tr '\n' ' ')"
elif [ -d $inst/events/syscalls/sys_enter_execve ] &&
     ! grep -q 'sys_execve(' $inst/trace; then
	result instance-early 1 "no execve() recorded"
else
	result instance-early 0
fi
[ ! -d $inst ] || { echo 0 > $inst/events/enable; rmdir $inst; }
echo nop > $T/current_tracer
exit 0
