#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# report.sh - turn the bench guests' output into the comparison table.
#
# Usage: report.sh OUT VERSIONFILE
#
# Reads OUT/logs/<kernel>-<mode>-<i>.out (the "BENCH <name> <value>" and
# "BENCH <name> n/a <reason>" lines of guest.sh), OUT/<kernel>/size.txt
# and OUT/<kernel>/config-lost.txt, and writes OUT/results.md and
# OUT/results.csv; prints the markdown.  Per workload and kernel it gives
# the median of the runs; the ratio is ours / upstream of the icount
# medians (guest-ns = instructions); the wall-clock column gives the
# medians of the boots without icount.  "overhead" rows are derived per
# boot: the traced loop minus the tracing-off loop of the same boot.
set -eu

[ $# -eq 2 ] || { sed -n '7p' "$0" | sed 's/^# //' >&2; exit 2; }
out=$1
version=$(cat "$2" 2>/dev/null || echo unknown)
here=$(cd "$(dirname "$0")" && pwd)

# key|what|unit|goal: the rows, in order.
rows='syscall.off|getppid() loop, tracing off|ns/call|<= 1.0x
syscall.fn_filtered|getppid() loop, function tracer filtered to __do_sys_getppid|ns/call|
overhead.fn_filtered|  its overhead over tracing off|ns/call|<= 0.6x
syscall.fn_all|getppid() loop, function tracer on all functions|ns/call|
overhead.fn_all|  its overhead over tracing off|ns/call|<= 0.6x
syscall.fgraph_all|getppid() loop, function_graph on all functions|ns/call|
overhead.fgraph_all|  its overhead over tracing off|ns/call|<= 0.5x
syscall.irqsoff|getppid() loop, irqsoff tracer|ns/call|
overhead.irqsoff|  its overhead over tracing off|ns/call|
syscall.preemptoff|getppid() loop, preemptoff tracer|ns/call|
overhead.preemptoff|  its overhead over tracing off|ns/call|
syscall.wakeup|getppid() loop, wakeup tracer|ns/call|
overhead.wakeup|  its overhead over tracing off|ns/call|
syscall.kprobe|getppid() loop, a kprobe event on __do_sys_getppid|ns/call|
overhead.kprobe|  its overhead over tracing off|ns/call|<= 1.0x
syscall.fprobe|getppid() loop, an fprobe event on __do_sys_getppid|ns/call|
overhead.fprobe|  its overhead over tracing off|ns/call|<= 1.0x
ops.relevant1|ftrace-ops.ko nr_ops_relevant=1|ns/call|<= 0.7x
ops.relevant2|ftrace-ops.ko nr_ops_relevant=2|ns/call|<= 0.7x
ops.relevant10|ftrace-ops.ko nr_ops_relevant=10|ns/call|<= 0.7x
ops.irrelevant1|ftrace-ops.ko nr_ops_irrelevant=1|ns/call|<= 0.7x
ops.save_regs|ftrace-ops.ko save_regs=1|ns/call|<= 0.7x
rb.writer|ring buffer, writer alone (CPU 0)|events/s|>= 2x
rb.writer_with_reader|ring buffer, writer with a concurrent reader|events/s|>= 1.5x
rb.reader|ring buffer, the concurrent reader|events/s|>= 1.3x
rb.splice_page|splice of per_cpu/cpu0/trace_pipe_raw to /dev/null|ns/4 KiB page|
rb.bytes_per_page|ring buffer memory per CPU buffer page (page + descriptor)|bytes|
event.4_bytes|trace event, 4-byte payload|ns/event|<= 0.6x
event.128_bytes|trace event, 128-byte payload|ns/event|<= 0.6x
event.4_bytes_filtered|trace event, 4-byte payload, a filter it passes|ns/event|
event.4_bytes_hist|trace event, 4-byte payload, hist:keys=common_pid:vals=value|ns/event|<= 1.0x
printk.one_arg|trace_printk() with one argument, from a module|ns/event|
marker.write|trace_marker write of 30 bytes, from user space|ns/write|
read.function|reading trace: function tracer records|ns/line|
read.fgraph|reading trace: function_graph records|ns/line|
switch.to_function_ms|current_tracer nop -> function|ms|<= 0.3x
switch.to_nop_ms|current_tracer function -> nop|ms|<= 0.3x
boot.ftrace_init_ms|boot: ftrace_init|ms|<= 0.5x
boot.dyn_ftrace_bytes|boot: bytes per dyn_ftrace record|bytes|<= 4.5 bytes
size.text_bytes|vmlinux text (host: size)|bytes|
size.data_bytes|vmlinux data (host: size)|bytes|'

runs_ours=$(find "$out/logs" -name 'ours-icount-*.out' | wc -l)
runs_up=$(find "$out/logs" -name 'upstream-icount-*.out' | wc -l)

# One stream for awk: "R key|what|unit|goal" rows, then
# "V <kernel> <mode> <boot> <key> <value or n/a reason...>" values.
{
	printf '%s\n' "$rows" | sed 's/^/R /'
	for f in "$out"/logs/*.out; do
		[ -f "$f" ] || continue
		b=$(basename "$f" .out)
		k=${b%%-*} rest=${b#*-}
		mode=${rest%%-*}
		tr -d '\r' <"$f" | sed -n "s/^BENCH /V $k $mode $b /p"
	done
	for k in ours upstream; do
		for mode in icount wall; do
			sed "s/^BENCH /V $k $mode host /" "$out/$k/size.txt" 2>/dev/null || :
		done
	done
} | awk -v md="$out/results.md" -v csv="$out/results.csv" \
	-f "$here/report.awk"

lost=$(tr '\n' ' ' 2>/dev/null <"$out/ours/config-lost.txt" || :)
lost_up=$(tr '\n' ' ' 2>/dev/null <"$out/upstream/config-lost.txt" || :)
{
	echo
	echo "Date: $(date -u '+%Y-%m-%d %H:%M UTC'); upstream: Debian linux-source-6.12 $version;"
	echo "runs: ours $runs_ours, upstream $runs_up (medians); ratio = ours / upstream."
	echo "Primary figures: guest-ns under -icount shift=0,sleep=off, where guest-ns ="
	echo "instructions (one executed instruction = one guest nanosecond); the"
	echo "wall-clock column (ours / upstream, ratio) is from boots without icount."
	echo
	echo "bench.config lines our Kconfig cannot honour yet: ${lost:-none}"
	echo "bench.config lines upstream's Kconfig does not honour: ${lost_up:-none}"
} >>"$out/results.md"
cat "$out/results.md"
echo
echo "report: $out/results.md, $out/results.csv"
