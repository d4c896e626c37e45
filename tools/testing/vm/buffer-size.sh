#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# buffer-size.sh - guest side: the top level's buffer size before and
# after tracing is first used.  Run by guest-test.sh before anything
# else touches tracefs.
#
# Upstream boots the top level with the smallest rings (two sub-buffers,
# "7") and shows what it will grow to, "7 (expanded: 1408)", until
# tracing is first used; a boot option that traces from boot (ftrace=,
# trace_event=, alloc_snapshot) has it at full size at once.  Prints
#   TEST-RESULT boot/buffer-size-expanded-at-boot PASS|FAIL
# when booted with such an option, else
#   TEST-RESULT boot/buffer-size-unexpanded PASS|FAIL
#   TEST-RESULT boot/buffer-size-first-use PASS|FAIL
# Writing 0 to a disabled event's enable is a first use that changes
# nothing else, so the tests after this one see the same tracefs.

T=/sys/kernel/tracing
INST=$T/instances/buffer-size-test

result() { # name ok message
	if [ "$2" = 0 ]; then
		echo "TEST-RESULT boot/$1 PASS"
	else
		echo "TEST-RESULT boot/$1 FAIL $3"
	fi
}

# full: the size of each CPU's ring once expanded, in KB: trace_buf_size
# (default 1441792 bytes) as upstream shows it.
full=1408
ncpu=$(ls -d $T/per_cpu/cpu* | wc -l)

# A plain number of KB, at least the full size?
is_full() { # value
	case $1 in
	''|*[!0-9]*) return 1 ;;
	esac
	[ "$1" -ge "$full" ]
}

if grep -qE '(^| )(ftrace=|trace_event=|alloc_snapshot)' /proc/cmdline; then
	size=$(cat $T/buffer_size_kb)
	is_full "$size"
	result buffer-size-expanded-at-boot $? "buffer_size_kb '$size'"
	exit 0
fi

check_unexpanded() {
	size=$(cat $T/buffer_size_kb)
	small=${size%% *}
	[ "$size" = "$small (expanded: $full)" ] ||
		{ echo "buffer_size_kb '$size'"; return 1; }
	[ "$small" -lt "$full" ] || { echo "buffer_size_kb '$size'"; return 1; }
	cpu0=$(cat $T/per_cpu/cpu0/buffer_size_kb)
	[ "$cpu0" = "$small" ] || { echo "per_cpu/cpu0/buffer_size_kb '$cpu0'"; return 1; }
	total=$(cat $T/buffer_total_size_kb)
	[ "$total" = "$((small * ncpu)) (expanded: $((full * ncpu)))" ] ||
		{ echo "buffer_total_size_kb '$total'"; return 1; }
	# An instance is made at full size; the top level stays as it is.
	mkdir $INST || { echo "mkdir $INST"; return 1; }
	inst=$(cat $INST/buffer_size_kb)
	rmdir $INST
	is_full "$inst" || { echo "instance buffer_size_kb '$inst'"; return 1; }
	[ "$(cat $T/buffer_size_kb)" = "$size" ] ||
		{ echo "an instance expanded the top level"; return 1; }
	# Tracing is not used by a marker write or a read.
	echo buffer-size-test > $T/trace_marker
	grep -q buffer-size-test $T/trace || { echo "marker not recorded"; return 1; }
	[ "$(cat $T/buffer_size_kb)" = "$size" ] ||
		{ echo "trace_marker expanded the buffer"; return 1; }
	# Nor is refused input.
	echo 2 > $T/events/sched/sched_switch/enable 2>/dev/null
	[ "$(cat $T/buffer_size_kb)" = "$size" ] ||
		{ echo "a refused event write expanded the buffer"; return 1; }
}

check_first_use() {
	echo 0 > $T/events/sched/sched_switch/enable ||
		{ echo "event enable write failed"; return 1; }
	size=$(cat $T/buffer_size_kb)
	is_full "$size" || { echo "buffer_size_kb '$size' after first use"; return 1; }
	cpu0=$(cat $T/per_cpu/cpu0/buffer_size_kb)
	[ "$cpu0" = "$size" ] || { echo "per_cpu/cpu0/buffer_size_kb '$cpu0'"; return 1; }
	total=$(cat $T/buffer_total_size_kb)
	[ "$total" = "$((size * ncpu))" ] || { echo "buffer_total_size_kb '$total'"; return 1; }
	grep -q buffer-size-test $T/trace || { echo "expanding lost the trace"; return 1; }
}

msg=$(check_unexpanded)
result buffer-size-unexpanded $? "$msg"
msg=$(check_first_use)
result buffer-size-first-use $? "$msg"
echo > $T/trace
exit 0
