#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# demo.sh - the guest side of `make demo`: show the kernel, trace
# something real in each of the ways people first try, print what each
# recorded.
#
# Each section starts with a line "== <title>" and shows the lines the
# trace holds for what its title names:
#   trace_marker    a line written into trace_marker, read back from trace
#   trace_printk    the trace_printk() lines of samples/trace_printk
#   function        the function tracer on vfs_* and ksys_*, only for the
#                   pid of the traced command (set_ftrace_pid), while dd
#                   copies /proc/version: dd's read and write paths
#   function_graph  what vfs_read calls, nested, with durations, for the
#                   same dd (busybox cat copies with sendfile() and never
#                   calls vfs_read)
#   kprobe          a kprobe and a kretprobe event on vfs_read, for the
#                   same dd (set_event_pid): the byte count asked for
#                   ($arg3) and the count returned ($retval)
#   sched_switch    one second of the sched:sched_switch event
# A feature this kernel lacks gets its section with a line saying so.
# demo-check.sh (make test) runs this script and fails on any section
# that is missing or shows nothing of what its title says.

T=/sys/kernel/tracing
# The command every tracing section traces: read(2) and write(2).
WORKLOAD="dd if=/proc/version of=/dev/null"

# trace_only_workload [PIDFILE]: run $WORKLOAD with PIDFILE (default
# set_ftrace_pid, the function tracers' filter) holding its own pid, and
# tracing on only while it runs.
trace_only_workload() {
	pidfile=$T/${1:-set_ftrace_pid}
	sh -c "echo \$\$ >$pidfile; echo 1 >$T/tracing_on;
		exec $WORKLOAD" 2>/dev/null
	echo 0 >"$T/tracing_on"
	echo >"$pidfile"
}

# clear_trace: tracing off, an empty top-level buffer.
clear_trace() {
	echo 0 >"$T/tracing_on"
	: >"$T/trace"
}

echo "== kernel"
uname -a

if [ ! -f "$T/available_tracers" ]; then
	echo "== tracing is not in this kernel (no $T/available_tracers)"
	exit 0
fi
echo "   available tracers: $(cat "$T/available_tracers")"

echo "== trace_marker: a line written into trace_marker, read back from trace"
clear_trace
echo 1 >"$T/tracing_on"
echo "hello from the demo, $(date)" >"$T/trace_marker"
cat "$T/trace"

echo "== trace_printk: the lines of samples/trace_printk (modprobe trace-printk)"
clear_trace
echo 1 >"$T/tracing_on"
if modprobe trace-printk 2>/dev/null; then
	# Half of its lines come from an irq_work: let it run.
	sleep 1
	grep -v '^#' "$T/trace" | head -n 8
	rmmod trace-printk
else
	echo "   this kernel has no trace-printk module"
fi

echo "== function: dd's calls to vfs_* and ksys_* (set_ftrace_pid)"
if grep -qw function "$T/available_tracers"; then
	clear_trace
	echo 'vfs_* ksys_*' >"$T/set_ftrace_filter"
	echo "   $(wc -l <"$T/set_ftrace_filter") functions in set_ftrace_filter"
	echo function >"$T/current_tracer"
	echo "   $(wc -l <"$T/enabled_functions") call sites patched (enabled_functions)"
	trace_only_workload
	head -n 30 "$T/trace"
	echo nop >"$T/current_tracer"
	echo >"$T/set_ftrace_filter"
else
	echo "   this kernel has no function tracer"
fi

echo "== function_graph: what vfs_read calls while dd reads /proc/version"
if grep -qw function_graph "$T/available_tracers"; then
	clear_trace
	echo vfs_read >"$T/set_graph_function"
	echo 1 >"$T/options/funcgraph-tail"
	# A timer interrupt inside vfs_read would fill the head of the trace.
	echo 0 >"$T/options/funcgraph-irqs"
	echo function_graph >"$T/current_tracer"
	trace_only_workload
	head -n 40 "$T/trace"
	echo nop >"$T/current_tracer"
	echo 0 >"$T/options/funcgraph-tail"
	echo 1 >"$T/options/funcgraph-irqs"
	echo >"$T/set_graph_function"
else
	echo "   this kernel has no function_graph tracer"
fi

echo "== kprobe: vfs_read's count argument and return value for the same dd"
if [ -f "$T/kprobe_events" ]; then
	clear_trace
	echo 'p:demo/read vfs_read count=$arg3:u64' >"$T/kprobe_events"
	echo 'r:demo/read_ret vfs_read ret=$retval:s64' >>"$T/kprobe_events"
	sed 's/^/   kprobe_events: /' "$T/kprobe_events"
	echo 1 >"$T/events/demo/enable"
	trace_only_workload set_event_pid
	echo 0 >"$T/events/demo/enable"
	# Read before removing: a removed event's records print as unknown.
	grep -v '^#' "$T/trace" | head -n 12
	echo >"$T/kprobe_events"
else
	echo "   this kernel has no kprobe events"
fi

echo "== sched_switch: one second of the sched:sched_switch event"
ev=$T/events/sched/sched_switch/enable
if [ -f "$ev" ]; then
	clear_trace
	echo 1 >"$ev"
	echo 1 >"$T/tracing_on"
	sleep 1
	echo 0 >"$T/tracing_on"
	echo 0 >"$ev"
	head -n 30 "$T/trace"
	: >"$T/trace"
else
	echo "   this kernel has no sched:sched_switch event"
fi
echo 1 >"$T/tracing_on"
exit 0
