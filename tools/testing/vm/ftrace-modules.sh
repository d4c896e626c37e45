#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# ftrace-modules.sh - the ftrace_ops API clients (guest side, /opt/vm).
#
# Loads samples/ftrace/ftrace-ops.ko (upstream's) with check_count=1 and a
# few parameter sets, and our samples/ftrace/ftrace-ops-count.ko, and
# judges them by what they print.  One line per run:
#
#   TEST-RESULT samples/<name> PASS|FAIL|SKIP [note]
#
# Both modules fail their init on purpose when done (so nothing stays
# loaded); modprobe's status is therefore not the verdict.

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
exit 0
