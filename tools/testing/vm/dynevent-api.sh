#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# dynevent-api.sh - the in-kernel dynamic event API's clients (guest
# side, /opt/vm): kernel/trace/synth_event_gen_test.ko and
# kernel/trace/kprobe_event_gen_test.ko.  Each is loaded (it checks the
# errors of its bad calls itself and prints "<module>: PASS"), the
# records its events wrote into the top level's buffer are read back
# from trace, the events are looked for in tracefs, and the module is
# unloaded, which must remove them.  One line per module:
#
#   TEST-RESULT samples/<module> PASS|FAIL|SKIP [note]

T=/sys/kernel/tracing

result() { # name verdict note
	echo "TEST-RESULT samples/$1 $2${3:+ $3}"
}

have_module() { # module
	[ -n "$(find /lib/modules -name "$1.ko" 2>/dev/null)" ]
}

# Load $1 into an empty, running top-level buffer; print its messages.
load() { # module
	mark="dynevent-api: $1"
	echo 1 > $T/tracing_on
	echo > $T/trace
	echo "$mark" > /dev/kmsg
	modprobe "$1" >/dev/null 2>&1
	dmesg | sed -n "/$mark/,\$p" | tail -n +2
}

# The first of the patterns (grep -e, one a line on stdin) $1 lacks.
first_missing() { # file
	while read -r pat; do
		grep -q -e "$pat" "$1" || { echo "$pat"; return; }
	done
}

# Judge module $1: its messages $2, $3 what the trace lacks, $4 what
# a listing lacks; then unload it and check that $5 (a listing) no
# longer has $6.
verdict() { # module out trace-missing list-missing listing pattern
	echo "$2" | sed 's/^/  | /'
	if echo "$2" | grep -q -e WARNING -e 'BUG:'; then
		result "$1" FAIL "kernel warning"
	elif ! echo "$2" | grep -q "$1: PASS"; then
		result "$1" FAIL "$(echo "$2" | grep -m1 "$1:" || echo 'did not load')"
	elif [ -n "$3" ]; then
		result "$1" FAIL "no '$3' in trace"
	elif [ -n "$4" ]; then
		result "$1" FAIL "not listed: '$4'"
	elif ! modprobe -r "$1"; then
		result "$1" FAIL "modprobe -r failed"
	elif grep -q -e "$6" "$5"; then
		result "$1" FAIL "$5 still lists $6 after unloading"
	else
		result "$1" PASS
		return
	fi
	modprobe -r "$1" 2>/dev/null
}

synth_test() {
	m=synth_event_gen_test
	if ! have_module $m; then
		result $m SKIP "no $m.ko (CONFIG_SYNTH_EVENT_GEN_TEST=m)"
		return
	fi
	out=$(load $m)
	cat $T/trace > /tmp/$m.trace
	grep '_synth_test:' /tmp/$m.trace | sed 's/^/  trace: /'
	missing=$(first_missing /tmp/$m.trace <<-'EOF'
		gen_synth_test: next_pid_field=4242 next_comm_field=kite ts_ns=1000000 ts_ms=1000 cpu=[0-9]* my_string_field=spinning top my_int_field=61$
		empty_synth_test: next_pid_field=4243 next_comm_field=marbles ts_ns=1000000 ts_ms=1000 cpu=[0-9]* my_string_field=jacks my_int_field=62$
		gen_synth_test: next_pid_field=4244 next_comm_field=pogo ts_ns=1000002 ts_ms=1002 cpu=[0-9]* my_string_field=kazoo my_int_field=63$
		create_synth_test: dynstring_field_1=Dynamic string 1 next_pid_field=4245 ts_ns=1000000 next_comm_field=skates my_int_field=64 dynstring_field_2=Dynamic string, the second one$
	EOF
	)
	cat $T/synthetic_events $T/dynamic_events > /tmp/$m.list
	listed=$(first_missing /tmp/$m.list <<-'EOF'
		^gen_synth_test	pid_t next_pid_field; char\[16\] next_comm_field; u64 ts_ns; u64 ts_ms; unsigned int cpu; char\[64\] my_string_field; int my_int_field$
		^empty_synth_test	pid_t next_pid_field; char\[16\] next_comm_field;
		^create_synth_test	char\[\] dynstring_field_1; pid_t next_pid_field;
		^s:synthetic/create_synth_test	char\[\] dynstring_field_1;
	EOF
	)
	[ -n "$listed" ] || [ "$(cat $T/events/synthetic/gen_synth_test/enable)" = 1 ] ||
		listed="events/synthetic/gen_synth_test/enable: 1"
	verdict $m "$out" "$missing" "$listed" $T/synthetic_events '_synth_test'
}

kprobe_test() {
	m=kprobe_event_gen_test
	if ! have_module $m; then
		result $m SKIP "no $m.ko (CONFIG_KPROBE_EVENT_GEN_TEST=m)"
		return
	fi
	out=$(load $m)
	# An open() for the probes on do_sys_open() to see.  $retval is
	# hex, or decimal where BTF types it (do_sys_open() returns long).
	cat /proc/version > /dev/null
	cat $T/trace > /tmp/$m.trace
	grep 'gen_k[a-z]*probe_test:' /tmp/$m.trace | grep proc/version -A1 |
		sed 's/^/  trace: /'
	missing=$(first_missing /tmp/$m.trace <<-'EOF'
		gen_kprobe_test: (do_sys_open+0x[0-9a-f]*/0x[0-9a-f]*) dfd=-100 filename="/proc/version" flags=0x[0-9a-f]* mode=0x[0-9a-f]*$
		gen_kretprobe_test: (.* <- do_sys_open) arg1=-*[0-9][0-9a-fx]*$
	EOF
	)
	cat $T/kprobe_events $T/dynamic_events > /tmp/$m.list
	listed=$(first_missing /tmp/$m.list <<-'EOF'
		^p:kprobes/gen_kprobe_test do_sys_open dfd=\$arg1:s32 filename=+0(\$arg2):ustring flags=\$arg3:x32 mode=\$arg4:x16$
		^r[0-9]*:kprobes/gen_kretprobe_test do_sys_open arg1=\$retval
	EOF
	)
	[ -n "$listed" ] || [ "$(cat $T/events/kprobes/gen_kprobe_test/enable)" = 1 ] ||
		listed="events/kprobes/gen_kprobe_test/enable: 1"
	verdict $m "$out" "$missing" "$listed" $T/kprobe_events 'gen_k[a-z]*probe_test'
}

synth_test
kprobe_test
exit 0
