#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# ftrace-modules.sh - the ftrace_ops API clients (guest side, /opt/vm).
#
# Loads samples/ftrace/ftrace-ops.ko (upstream's) with check_count=1 and a
# few parameter sets, our samples/ftrace/ftrace-ops-count.ko and
# kernel/trace/ftrace_direct_test.ko (direct calls, counted), and judges
# them by what they print; then upstream's direct-call samples
# (samples/ftrace/ftrace-direct*.ko) under function_graph, judged by what
# their trampolines' handlers wrote to the trace; last upstream's kprobe,
# kretprobe and fprobe samples, judged by what their handlers print.
# One line per run:
#
#   TEST-RESULT samples/<name> PASS|FAIL|SKIP [note]
#
# The ftrace_ops ones fail their init on purpose when done (so nothing
# stays loaded); modprobe's status is therefore not their verdict.

# Run "modprobe $1 $2..." and print the kernel messages it produced.
load() { # module args...
	mark="ftrace-modules: $*"
	echo "$mark" > /dev/kmsg
	modprobe "$@" >/dev/null 2>&1
	dmesg | sed -n "/$mark/,\$p" | tail -n +2
}

have_module() { # module
	[ -n "$(find /lib/modules -name "$1.ko" 2>/dev/null)" ]
}

result() { # name verdict note
	echo "TEST-RESULT samples/$1 $2${3:+ $3}"
}

ops_sample() { # name args...
	name=$1
	shift
	if ! have_module ftrace-ops; then
		result "$name" SKIP "no ftrace-ops.ko (CONFIG_SAMPLE_FTRACE_OPS=m)"
		return
	fi
	out=$(load ftrace-ops check_count=1 "$@")
	echo "$out" | sed 's/^/  | /'
	if echo "$out" | grep -q 'Counter called'; then
		result "$name" FAIL "a callback count disagrees"
	elif echo "$out" | grep -q -e WARNING -e 'BUG:'; then
		result "$name" FAIL "kernel warning"
	elif ! echo "$out" | grep -q 'Attempted .* calls to'; then
		result "$name" FAIL "the sample did not run"
	else
		result "$name" PASS
	fi
}

ops_sample ftrace-ops nr_function_calls=1000
ops_sample ftrace-ops-save-regs nr_function_calls=1000 save_regs=1
ops_sample ftrace-ops-assist nr_function_calls=1000 assist_recursion=1 \
	assist_rcu=1
ops_sample ftrace-ops-many nr_function_calls=1000 nr_ops_relevant=4 \
	nr_ops_irrelevant=4

if ! have_module ftrace-ops-count; then
	result ftrace-ops-count SKIP "no ftrace-ops-count.ko (CONFIG_SAMPLE_FTRACE_OPS=m)"
else
	out=$(load ftrace-ops-count nr_calls=1000)
	echo "$out" | sed 's/^/  | /'
	if echo "$out" | grep -q 'ftrace-ops-count: PASS'; then
		result ftrace-ops-count PASS
	else
		result ftrace-ops-count FAIL "$(echo "$out" | grep 'ftrace-ops-count:' | tail -n 1)"
	fi
fi

# $1: the result's name; $2: the tracer to run meanwhile on the module's
# traced function (":mod:" filter, applied when it loads), or none.
direct_test() { # name tracer
	if ! have_module ftrace_direct_test; then
		result "$1" SKIP "no ftrace_direct_test.ko (CONFIG_FTRACE_DIRECT_TEST=m)"
		return
	fi
	T=/sys/kernel/tracing
	if [ -n "$2" ]; then
		# With vfs_read, so that the filter is never empty (every function).
		echo vfs_read > $T/set_ftrace_filter
		echo 'direct_check_target:mod:ftrace_direct_test' >> $T/set_ftrace_filter
		echo "$2" > $T/current_tracer
	fi
	out=$(load ftrace_direct_test nr_calls=1000)
	if [ -n "$2" ]; then
		echo nop > $T/current_tracer
		echo > $T/set_ftrace_filter
	fi
	echo "$out" | sed 's/^/  | /'
	if echo "$out" | grep -q -e WARNING -e 'BUG:'; then
		result "$1" FAIL "kernel warning"
	elif echo "$out" | grep -q 'ftrace_direct_test: PASS'; then
		result "$1" PASS
	else
		result "$1" FAIL "$(echo "$out" | grep 'ftrace_direct_test:' | tail -n 1)"
	fi
}

direct_test ftrace_direct_test
direct_test ftrace_direct_test-function_graph function_graph

# Upstream's direct-call samples send their functions (wake_up_process,
# schedule, handle_mm_fault) to a trampoline whose handler trace_printk()s
# $3; the "modify" ones move them between two trampolines every second.
# Each is loaded while function_graph follows the same functions, which
# then have a direct call and the tracer's callback at once, left to run
# a second, and unloaded.
direct_sample() { # module functions pattern
	name=$1-function_graph
	if ! have_module "$1"; then
		result "$name" SKIP "no $1.ko (CONFIG_SAMPLE_FTRACE_DIRECT=m)"
		return
	fi
	T=/sys/kernel/tracing
	echo "$2" > $T/set_ftrace_filter
	echo function_graph > $T/current_tracer
	echo > $T/trace
	out=$(load "$1")
	sleep 1
	ls / > /dev/null
	echo 0 > $T/tracing_on
	modprobe -r "$1"
	unloaded=$?
	if echo "$out" | grep -q -e WARNING -e 'BUG:'; then
		result "$name" FAIL "kernel warning"
	elif ! grep -q "$3" $T/trace; then
		result "$name" FAIL "no '$3' in the trace"
	elif [ "$unloaded" != 0 ]; then
		result "$name" FAIL "modprobe -r failed"
	else
		result "$name" PASS
	fi
	echo nop > $T/current_tracer
	echo > $T/set_ftrace_filter
	echo 1 > $T/tracing_on
}

direct_sample ftrace-direct wake_up_process 'waking up '
direct_sample ftrace-direct-too handle_mm_fault 'handle mm fault vma='
direct_sample ftrace-direct-multi 'wake_up_process schedule' ' ip [0-9a-f]'
direct_sample ftrace-direct-modify schedule 'my direct func[12]'
direct_sample ftrace-direct-multi-modify 'wake_up_process schedule' \
	'my direct func[12] ip '

# Upstream's kprobe, kretprobe and fprobe samples (samples/kprobes,
# samples/fprobe), each loaded on a function that a shell's fork and read
# reach, judged by the lines each of their handlers prints, then unloaded.
probe_sample() { # module 'pattern[;pattern...]' args...
	mod=$1
	pats=$2
	shift 2
	if ! have_module "$mod"; then
		result "$mod" SKIP "no $mod.ko (CONFIG_SAMPLE_KPROBES/FPROBE=m)"
		return
	fi
	mark="ftrace-modules: $mod"
	echo "$mark" > /dev/kmsg
	if ! modprobe "$mod" "$@" > /dev/null 2>&1; then
		result "$mod" FAIL "modprobe $mod $* failed"
		return
	fi
	sh -c 'head -c 1 /proc/version' > /dev/null
	modprobe -r "$mod"
	unloaded=$?
	out=$(dmesg | sed -n "/$mark/,\$p" | tail -n +2)
	echo "$out" | head -n 20 | sed 's/^/  | /'
	missing=
	old_ifs=$IFS
	IFS=';'
	for pat in $pats; do
		echo "$out" | grep -q -- "$pat" || missing=$pat
	done
	IFS=$old_ifs
	if echo "$out" | grep -q -e WARNING -e 'BUG:'; then
		result "$mod" FAIL "kernel warning"
	elif [ -n "$missing" ]; then
		result "$mod" FAIL "no '$missing' in the kernel log"
	elif [ "$unloaded" != 0 ]; then
		result "$mod" FAIL "modprobe -r failed"
	else
		result "$mod" PASS
	fi
}

probe_sample kprobe_example 'handler_pre: <kernel_clone>;handler_post: <kernel_clone>' \
	symbol=kernel_clone
probe_sample kretprobe_example 'kernel_clone returned ' func=kernel_clone
probe_sample fprobe_example 'Enter <vfs_read;Return from <vfs_read' \
	symbol=vfs_read stackdump=0
exit 0
