#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# demo-check.sh - guard `make demo` in `make test`: run demo.sh in this
# guest as `make demo` does and judge each section by what it shows,
#
#   TEST-RESULT demo/<section> PASS|FAIL [reason]
#
# A section passes when its "== <section>:" block holds a line of what its
# title promises (the pattern below); a missing or empty section fails,
# and its lines follow, prefixed "  | ".  Usage: demo-check.sh [DEMO]
# (default: demo.sh beside this script).

demo=${1:-$(dirname "$0")/demo.sh}
out=/tmp/demo-check.out

sh "$demo" >"$out" 2>&1

# section NAME: the lines of block "== NAME: ..." up to the next "== ".
section() {
	awk -v h="== $1:" '
		index($0, h) == 1 { on = 1; next }
		/^== / { on = 0 }
		on' "$out"
}

# expect NAME ERE WHAT [QUIET]: block NAME has a line matching ERE; with
# QUIET, say nothing when it does (a first condition of several).
expect() {
	if section "$1" | grep -Eq "$2"; then
		[ -n "${4:-}" ] || echo "TEST-RESULT demo/$1 PASS"
		return 0
	fi
	echo "TEST-RESULT demo/$1 FAIL no $3 in the section"
	section "$1" | tail -n 20 | sed 's/^/  | /'
	return 1
}

expect trace_marker 'tracing_mark_write: hello from the demo' "marker line"
expect trace_printk 'This is a .* that will use trace_' "trace_printk() line"
expect function ' dd-[0-9]+ .*(vfs_read|ksys_read) <-' "dd read path"
# vfs_read() opens a block, and a call inside it shows its duration.
expect function_graph '\| +vfs_read\(\) \{' "vfs_read() entry" quiet &&
	expect function_graph '[0-9.]+ us +\| +[a-z_].*\(\);' \
		"timed call inside vfs_read()"
# The entry probe fetched dd's byte count, the return probe what it got.
expect kprobe ' dd-[0-9]+ .* read: \(vfs_read\+0x[0-9a-f]+/0x[0-9a-f]+\) count=[0-9]+' \
	"vfs_read entry with count" quiet &&
	expect kprobe ' dd-[0-9]+ .* read_ret: \(.*<- vfs_read\) ret=[0-9]+' \
		"vfs_read return with ret"
expect sched_switch 'sched_switch: prev_comm=.* ==> next_comm=' \
	"sched_switch record"
