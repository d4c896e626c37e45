#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# demo.sh - the guest side of `make demo`: show the kernel, trace something
# real for a second, print the start of the trace.
#
# If the kernel has tracefs (/sys/kernel/tracing/available_tracers), it
# writes a line into trace_marker and shows it read back from the trace,
# loads upstream's samples/trace_printk module and shows its trace_printk()
# lines; then, if the kernel has the sched:sched_switch event, it records it for
# one second and prints the head of the trace; if the kernel has the
# function tracer, it traces a filtered set of functions (the VFS read and
# write paths) while `dd` copies a file and prints that.  Otherwise it says what
# this kernel lacks.

T=/sys/kernel/tracing

echo "== kernel"
uname -a
cat /proc/version

if [ ! -f "$T/available_tracers" ]; then
	echo "== tracing is not in this kernel (no $T/available_tracers)"
	exit 0
fi

echo "== available tracers: $(cat "$T/available_tracers")"

echo "== writing into trace_marker, reading it back from trace"
echo 0 >"$T/tracing_on"
: >"$T/trace"
echo 1 >"$T/tracing_on"
echo "hello from the demo, $(date)" >"$T/trace_marker"
cat "$T/trace"

if modprobe trace-printk 2>/dev/null; then
	echo "== trace_printk() lines of samples/trace_printk (trace-printk.ko)"
	sleep 1
	grep -v '^#' "$T/trace" | grep -v tracing_mark_write | head -n 8
	rmmod trace-printk
fi

if grep -qw function "$T/available_tracers"; then
	echo "== function tracer: $(head -n 1 "$T/dyn_ftrace_total_info")"
	echo "== tracing the functions matching 'vfs_*' and 'ksys_*' while dd runs"
	echo 0 >"$T/tracing_on"
	: >"$T/trace"
	echo 'vfs_* ksys_*' >"$T/set_ftrace_filter"
	echo "   $(wc -l <"$T/set_ftrace_filter") functions in set_ftrace_filter"
	echo function >"$T/current_tracer"
	echo "   $(wc -l <"$T/enabled_functions") call sites patched (enabled_functions)"
	echo 1 >"$T/tracing_on"
	dd if=/proc/version of=/dev/null 2>/dev/null
	echo 0 >"$T/tracing_on"
	echo "== head of $T/trace"
	head -n 30 "$T/trace"
	echo nop >"$T/current_tracer"
	echo >"$T/set_ftrace_filter"
else
	echo "== this kernel has no function tracer"
fi

if grep -qw function_graph "$T/available_tracers"; then
	echo "== function_graph: what vfs_read calls while cat reads /proc/version"
	echo 0 >"$T/tracing_on"
	: >"$T/trace"
	echo vfs_read >"$T/set_graph_function"
	echo 1 >"$T/options/funcgraph-tail"
	echo function_graph >"$T/current_tracer"
	echo 1 >"$T/tracing_on"
	cat /proc/version >/dev/null
	echo 0 >"$T/tracing_on"
	echo "== head of $T/trace"
	head -n 40 "$T/trace"
	echo nop >"$T/current_tracer"
	echo 0 >"$T/options/funcgraph-tail"
	echo >"$T/set_graph_function"
else
	echo "== this kernel has no function_graph tracer"
fi

ev=$T/events/sched/sched_switch/enable
if [ ! -f "$ev" ]; then
	echo "== this kernel has no sched:sched_switch event"
	exit 0
fi

echo "== tracing sched:sched_switch for one second"
echo 0 >"$T/tracing_on"
: >"$T/trace"
echo 1 >"$ev"
echo 1 >"$T/tracing_on"
sleep 1
echo 0 >"$T/tracing_on"
echo 0 >"$ev"
echo "== head of $T/trace"
head -n 30 "$T/trace"
exit 0
