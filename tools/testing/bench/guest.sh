#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# guest.sh - the workloads of `make bench`, run in the guest by /init
# (vmscript=) from /ext, which also holds benchtool and our bench modules
# built for the kernel under test.  The same script runs on our kernel and
# upstream's.
#
# Prints one line per figure:
#   BENCH <name> <value>
#   BENCH <name> n/a <reason>
# A figure is n/a when the kernel lacks what it needs; that is found out
# here, at run time, so it appears by itself once the feature exists.
# Times come from the guest's clocks: under -icount shift=0,sleep=off one
# guest nanosecond is one executed instruction.

T=/sys/kernel/tracing
EXT=$(cd "$(dirname "$0")" && pwd)
TOOL=$EXT/benchtool

# Loop lengths: enough calls to swamp the clock reads, few enough to keep
# a traced run short under TCG.
LOOP_OFF=500000
LOOP_FILTERED=200000
LOOP_ALL=50000
LOOP_MARKER=20000
# The getppid system call's traceable function: the first of these the
# kernel lists in available_filter_functions (on x86_64 6.12 the
# __x64_sys_ wrapper is not traceable; __do_sys_getppid is; riscv64
# inlines that into its wrapper __riscv_sys_getppid).
SYSCALL_FUNCS="__do_sys_getppid __x64_sys_getppid __riscv_sys_getppid sys_getppid"

bench() {
	echo "BENCH $*"
}

has_tracer() {
	grep -qw "$1" "$T/available_tracers" 2>/dev/null
}

set_tracer() {
	echo "$1" >"$T/current_tracer"
}

# median_of CMD...: run CMD three times, print the median of its outputs.
median_of() {
	for _ in 1 2 3; do
		"$@" || return 1
	done | sort -n | sed -n 2p
}

# --- boot figures ------------------------------------------------------------

# ftrace_init ms: from the boot line before the first "ftrace:" line to
# the last line of that run of "ftrace:" lines (printk time stamps).  An
# upper bound: on both kernels the line before is the SLUB banner, so it
# also counts the rest of mm_core_init() and poking_init().
boot_figures() {
	dmesg | awk '
		{ t = $0; sub(/^\[ */, "", t); sub(/\].*/, "", t) }
		/^\[ *[0-9.]+\] ftrace: / {
			if (state == 0) { start = prev; state = 1 }
			if (state == 1) end = t
			next
		}
		state == 1 { state = 2 }
		{ prev = t }
		END { if (state) printf "%.3f\n", (end - start) * 1000 }
	' >/tmp/ftrace_init
	if [ -s /tmp/ftrace_init ]; then
		bench boot.ftrace_init_ms "$(cat /tmp/ftrace_init)"
	else
		bench boot.ftrace_init_ms n/a "no \"ftrace:\" boot messages"
	fi

	# Upstream: "<records> pages:<pages> groups: <groups>" (records are
	# kept in whole pages); ours prints that line too, then "<records>
	# records of <bytes> bytes: <KiB> KiB in <groups> groups", the finer
	# figure, taken when present.  Both give the memory the records take
	# over their number.
	if [ -r "$T/dyn_ftrace_total_info" ]; then
		awk '$2 ~ /^pages:/ && $1 > 0 { p = $2; sub(/pages:/, "", p)
			paged = p * 4096 / $1 }
		     $2 == "records" && $3 == "of" && $1 > 0 { exact = $6 * 1024 / $1 }
		     END { v = exact != "" ? exact : paged
			if (v != "") printf "BENCH boot.dyn_ftrace_bytes %.2f\n", v }' \
			"$T/dyn_ftrace_total_info"
	else
		bench boot.dyn_ftrace_bytes n/a "no dyn_ftrace_total_info"
	fi
}

# --- getppid loop under each tracer ------------------------------------------

# first_traceable NAME...: the first NAME in available_filter_functions.
first_traceable() {
	for f in "$@"; do
		if grep -qx "$f" "$T/available_filter_functions"; then
			echo "$f"
			return 0
		fi
	done
	return 1
}

syscall_func() {
	first_traceable $SYSCALL_FUNCS
}

syscall_loops() {
	set_tracer nop
	bench syscall.off "$(median_of "$TOOL" loop $LOOP_OFF)"

	if ! has_tracer function; then
		for w in fn_filtered fn_all; do
			bench syscall.$w n/a "no function tracer"
		done
	elif ! func=$(syscall_func); then
		bench syscall.fn_filtered n/a "none of $SYSCALL_FUNCS is traceable"
	else
		echo "bench: function filter: $func"
		echo "$func" >"$T/set_ftrace_filter"
		set_tracer function
		bench syscall.fn_filtered "$(median_of "$TOOL" loop $LOOP_FILTERED)"
		set_tracer nop
		echo >"$T/set_ftrace_filter"
	fi
	if has_tracer function; then
		set_tracer function
		bench syscall.fn_all "$(median_of "$TOOL" loop $LOOP_ALL)"
		set_tracer nop
	fi

	if has_tracer function_graph; then
		set_tracer function_graph
		bench syscall.fgraph_all "$(median_of "$TOOL" loop $LOOP_ALL)"
		set_tracer nop
	else
		bench syscall.fgraph_all n/a "no function_graph tracer"
	fi
}

# The latency tracers, each over the whole getppid() loop: their
# function tracing (the function-trace option is on by default) and
# their irq, preempt and scheduler hooks.
latency_loops() {
	for t in irqsoff preemptoff wakeup; do
		if ! has_tracer "$t"; then
			bench "syscall.$t" n/a "no $t tracer"
			continue
		fi
		set_tracer "$t"
		bench "syscall.$t" "$(median_of "$TOOL" loop $LOOP_ALL)"
		set_tracer nop
	done
}

# trace_marker: ns per write of a 30-byte line, tracing on.
marker_writes() {
	bench marker.write "$(median_of "$TOOL" writes "$T/trace_marker" $LOOP_MARKER)"
}

# --- reading the trace file ------------------------------------------------

# A function the loop never calls: the tracer stays current while the
# trace is read (switching it would empty the buffer) but traces nothing.
QUIET_FUNCS="sys_ni_syscall __x64_sys_ni_syscall __riscv_sys_ni_syscall"

# trace_read TRACER NAME: ns per line of `trace` read to its end (the
# text output: symbol names, columns), median of three reads of one
# buffer, filled by LOOP_ALL getppid() calls under TRACER.
trace_read() {
	if ! has_tracer "$1"; then
		bench "read.$2" n/a "no $1 tracer"
		return
	fi
	if ! quiet=$(first_traceable $QUIET_FUNCS); then
		bench "read.$2" n/a "none of $QUIET_FUNCS is traceable"
		return
	fi
	: >"$T/trace"
	set_tracer "$1"
	"$TOOL" loop $LOOP_ALL >/dev/null
	echo 0 >"$T/tracing_on"
	echo "$quiet" >"$T/set_ftrace_filter"
	bench "read.$2" "$(median_of "$TOOL" read "$T/trace")"
	echo >"$T/set_ftrace_filter"
	set_tracer nop
	echo 1 >"$T/tracing_on"
}

trace_reads() {
	trace_read function function
	trace_read function_graph fgraph
}

# --- current_tracer nop -> function -> nop ---------------------------------

tracer_switch() {
	if ! has_tracer function; then
		bench switch.to_function_ms n/a "no function tracer"
		bench switch.to_nop_ms n/a "no function tracer"
		return
	fi
	: >/tmp/on
	: >/tmp/off
	for _ in 1 2 3; do
		"$TOOL" write "$T/current_tracer" function >>/tmp/on
		"$TOOL" write "$T/current_tracer" nop >>/tmp/off
	done
	bench switch.to_function_ms "$(sort -n /tmp/on | sed -n 2p)"
	bench switch.to_nop_ms "$(sort -n /tmp/off | sed -n 2p)"
}

# --- samples/ftrace/ftrace-ops.ko ------------------------------------------

# ops_sample NAME ARGS...: load the sample (it measures in its init and
# then refuses to stay loaded) and report ns per call from its line
# "Attempted N calls to F in Tns (T/N ns / call)".
ops_sample() {
	name=$1
	shift
	if [ -z "$OPS_KO" ]; then
		bench "ops.$name" n/a "no ftrace-ops.ko (SAMPLE_FTRACE_OPS needs FUNCTION_TRACER)"
		return
	fi
	dmesg -c >/dev/null
	insmod "$OPS_KO" "$@" 2>/dev/null
	dmesg | awk '/Attempted [0-9]+ calls to/ {
		for (i = 1; i <= NF; i++) {
			if ($i == "Attempted") n = $(i + 1)
			if ($i == "in") { t = $(i + 1); sub(/ns$/, "", t) }
		}
		found = 1
	} END { if (found && n > 0) printf "%.2f\n", t / n }' >/tmp/ops
	if [ -s /tmp/ops ]; then
		bench "ops.$name" "$(cat /tmp/ops)"
	else
		bench "ops.$name" n/a "ftrace-ops.ko printed no result"
	fi
}

ops_samples() {
	OPS_KO=$(find /lib/modules -name ftrace-ops.ko 2>/dev/null | head -n 1)
	set_tracer nop
	ops_sample relevant1 nr_ops_relevant=1
	ops_sample relevant2 nr_ops_relevant=2
	ops_sample relevant10 nr_ops_relevant=10
	ops_sample irrelevant1 nr_ops_relevant=1 nr_ops_irrelevant=1
	ops_sample save_regs nr_ops_relevant=1 save_regs=1
}

# --- ring buffer: rb_bench.ko ----------------------------------------------

# rb_run NAME ARGS...: one rb_bench load; prints writer and reader events/s.
rb_run() {
	dmesg -c >/dev/null
	insmod "$EXT/rb_bench.ko" "$@" 2>/dev/null
	dmesg | sed -n 's/.*rb_bench: .*writer_eps=\([0-9]*\) reader_eps=\([0-9]*\).*/\1 \2/p' |
		tail -n 1
}

ring_buffer() {
	if [ ! -f "$EXT/rb_bench.ko" ]; then
		for w in writer writer_with_reader reader; do
			bench "rb.$w" n/a "rb_bench.ko not built"
		done
		return
	fi
	# shellcheck disable=SC2046 # two numbers, split on purpose
	set -- $(rb_run reader=0)
	bench rb.writer "${1:-n/a no result}"
	# With a reader the figures swing between loads (how the two vCPUs'
	# time slices interleave varies): median of three.
	: >/tmp/rb
	for _ in 1 2 3; do
		rb_run reader=1 >>/tmp/rb
	done
	w=$(cut -d' ' -f1 /tmp/rb | sort -n | sed -n 2p)
	r=$(cut -d' ' -f2 /tmp/rb | sort -n | sed -n 2p)
	bench rb.writer_with_reader "${w:-n/a no result}"
	bench rb.reader "${r:-n/a no result}"
}

# splice of trace_pipe_raw: ns per 4 KiB page moved from CPU 0's buffer
# into /dev/null through a pipe (the zero-copy path trace-cmd record
# uses), the buffer filled with trace_marker lines first; median of three.
splice_raw() {
	raw=$T/per_cpu/cpu0/trace_pipe_raw
	if [ ! -r "$raw" ]; then
		bench rb.splice_page n/a "no per_cpu/cpu0/trace_pipe_raw"
		return
	fi
	set_tracer nop
	: >/tmp/splice
	for _ in 1 2 3; do
		: >"$T/trace"
		if ! "$TOOL" splice "$T/trace_marker" "$raw" $LOOP_MARKER >>/tmp/splice; then
			bench rb.splice_page n/a "splice of trace_pipe_raw failed"
			return
		fi
	done
	bench rb.splice_page "$(sort -n /tmp/splice | sed -n 2p)"
}

# The kernel's free pages: the buddy allocator's plus those cached on the
# per-CPU lists (MemFree alone does not count the latter).
free_pages() {
	awk '$1 == "nr_free_pages" || $1 == "count:" { n += $2 } END { print n }' \
		/proc/zoneinfo
}

# Memory per CPU buffer page: the free pages buffer_size_kb 4 -> 32768
# takes, in bytes, over the sub-buffer pages it adds on all CPUs (4080
# bytes of data each); the data page plus its descriptor.  Median of three.
buffer_memory() {
	set -- "$T"/per_cpu/cpu*
	ncpu=$#
	: >/tmp/mem
	for _ in 1 2 3; do
		echo 4 >"$T/buffer_size_kb"
		small=$(cut -d' ' -f1 "$T/buffer_size_kb")
		f0=$(free_pages)
		echo 32768 >"$T/buffer_size_kb"
		big=$(cut -d' ' -f1 "$T/buffer_size_kb")
		f1=$(free_pages)
		awk -v n="$ncpu" -v s="$small" -v b="$big" -v f0="$f0" -v f1="$f1" \
			'BEGIN { p = n * (b - s) * 1024 / 4080
				 if (p > 0) printf "%.1f\n", (f0 - f1) * 4096 / p }' >>/tmp/mem
	done
	echo 1408 >"$T/buffer_size_kb"
	if [ "$(wc -l </tmp/mem)" -eq 3 ]; then
		bench rb.bytes_per_page "$(sort -n /tmp/mem | sed -n 2p)"
	else
		bench rb.bytes_per_page n/a "buffer_size_kb did not resize"
	fi
}

# --- trace events: event_bench.ko ------------------------------------------

# event_ns SIZE: ns per event of one event_bench run of SIZE-byte events
# (its own count and clock, from dmesg), median of three runs.
event_ns() {
	: >/tmp/ev
	for _ in 1 2 3; do
		dmesg -c >/dev/null
		echo "$1" >/sys/module/event_bench/parameters/run
		dmesg | sed -n 's/.*event_bench: size=[a-z0-9]* events=\([0-9]*\) ns=\([0-9]*\).*/\1 \2/p' |
			awk '$1 > 0 { printf "%.2f\n", $2 / $1 }' >>/tmp/ev
	done
	sort -n /tmp/ev | sed -n 2p
}

trace_events() {
	if [ ! -d "$T/events" ]; then
		reason="no trace events (no $T/events)"
	elif [ ! -f "$EXT/event_bench.ko" ]; then
		reason="event_bench.ko not built"
	elif ! insmod "$EXT/event_bench.ko"; then
		reason="event_bench.ko did not load"
	elif ! echo 1 >"$T/events/event_bench/enable"; then
		reason="could not enable events/event_bench"
		rmmod event_bench
	else
		reason=
	fi
	if [ -n "$reason" ]; then
		bench event.4_bytes n/a "$reason"
		bench event.128_bytes n/a "$reason"
		bench event.4_bytes_filtered n/a "$reason"
		bench event.4_bytes_hist n/a "$reason"
		bench printk.one_arg n/a "$reason"
		return
	fi
	for size in 4 128; do
		bench "event.${size}_bytes" "$(event_ns "$size")"
	done
	event_with filter "value != 0xffffffff" event.4_bytes_filtered
	event_with trigger "hist:keys=common_pid:vals=value" event.4_bytes_hist
	echo 0 >"$T/events/event_bench/enable"
	bench printk.one_arg "$(event_ns printk)"
	rmmod event_bench
}

# event_with FILE SETTING NAME: ns per 4-byte event while
# events/event_bench/event_bench_4/FILE holds SETTING (a filter every event
# passes, or a hist trigger keyed by pid with a value), median of three.
event_with() {
	f=$T/events/event_bench/event_bench_4/$1
	if ! echo "$2" >"$f"; then
		bench "$3" n/a "could not write '$2' to $1"
		return
	fi
	bench "$3" "$(event_ns 4)"
	case $1 in
	filter) echo 0 >"$f" ;;
	trigger) echo "!$2" >"$f" ;;
	esac
}

# --- probe events ------------------------------------------------------------

# A kprobe event, then an fprobe event, on getppid's traceable function,
# alone: the loop against tracing off is what a hit costs.
probe_loop() { # name definition
	if ! echo "$2" >>"$T/dynamic_events" 2>/dev/null; then
		bench "syscall.$1" n/a "dynamic_events refused: $2"
		return
	fi
	echo 1 >"$T/events/benchprobe/$1/enable"
	bench "syscall.$1" "$(median_of "$TOOL" loop $LOOP_FILTERED)"
	echo 0 >"$T/events/benchprobe/$1/enable"
	echo "-:benchprobe/$1" >>"$T/dynamic_events"
}

probe_events() {
	if [ ! -f "$T/dynamic_events" ]; then
		for w in kprobe fprobe; do
			bench "syscall.$w" n/a "no dynamic_events"
		done
	elif ! func=$(syscall_func); then
		for w in kprobe fprobe; do
			bench "syscall.$w" n/a "none of $SYSCALL_FUNCS is traceable"
		done
	else
		set_tracer nop
		probe_loop kprobe "p:benchprobe/kprobe $func"
		probe_loop fprobe "f:benchprobe/fprobe $func"
	fi
}

# --- main --------------------------------------------------------------------

echo "bench: $(uname -r), $(nproc) CPUs"
if [ ! -d "$T" ] || [ ! -f "$T/current_tracer" ]; then
	echo "bench: no tracefs at $T"
	exit 1
fi
# Same buffer on both kernels, whatever their defaults.
echo 1408 >"$T/buffer_size_kb"
echo 1 >"$T/tracing_on"

boot_figures
syscall_loops
latency_loops
marker_writes
probe_events
tracer_switch
ops_samples
ring_buffer
splice_raw
buffer_memory
trace_events
trace_reads
echo "bench: done"
