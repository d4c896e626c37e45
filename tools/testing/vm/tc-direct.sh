#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# tc-direct.sh - run ftracetest cases without ftracetest's per-case reset
# (guest side, from /opt/vm).
#
# Usage: tc-direct.sh CASE...     (paths relative to test.d)
#
# ftracetest resets the tracing state before every case with
# initialize_ftrace, which writes events/enable unconditionally; until the
# kernel has trace events every ftracetest case fails there, before its
# own body runs.  This runner gives the cases that do not need events a
# real run: it resets only what exists (tracing_on, current_tracer, the
# function filters and pid lists, options/pause-on-trace, the buffer),
# then sources the case the way
# ftracetest does (in the tracefs directory, with test.d/functions and
# `set -e`).  It prints, per case,
#
#   TEST-RESULT tc-direct/<case> PASS|FAIL|SKIP [note]
#
# SKIP stands for the UNSUPPORTED and UNRESOLVED exits (a missing
# "requires:" file, a missing module).  A case flagged "instance" runs at
# the top level only: instances do not exist yet.

FTRACETEST_DIR=${FTRACETEST_DIR:-/opt/ftracetest}
TRACING_DIR=${TRACING_DIR:-/sys/kernel/tracing}
TIMEOUT=${FTRACETEST_TIMEOUT:-120}

# Exit codes of a case's subshell, for the exit_* helpers below.
RC_FAIL=1
RC_UNSUPPORTED=3
RC_UNRESOLVED=4
RC_UNTESTED=5
RC_XFAIL=6

run_case() { # case
	tc=$FTRACETEST_DIR/test.d/$1
	(
		cd "$TRACING_DIR" || exit $RC_UNRESOLVED
		export FTRACETEST_ROOT=$FTRACETEST_DIR
		exit_pass() { exit 0; }
		exit_fail() { exit $RC_FAIL; }
		exit_unsupported() { exit $RC_UNSUPPORTED; }
		exit_unresolved() { exit $RC_UNRESOLVED; }
		exit_untested() { exit $RC_UNTESTED; }
		exit_xfail() { exit $RC_XFAIL; }
		. "$FTRACETEST_DIR/test.d/functions"
		set -e
		requires=$(grep "^#[ \t]*requires:" "$tc" | cut -f2- -d:)
		eval check_requires "$requires"
		# initialize_ftrace, for the files this kernel has
		echo 0 > tracing_on
		echo nop > current_tracer
		reset_ftrace_filter
		[ -f set_ftrace_pid ] && echo > set_ftrace_pid
		[ -f set_ftrace_notrace_pid ] && echo > set_ftrace_notrace_pid
		[ -f set_ftrace_notrace ] && echo > set_ftrace_notrace
		[ -f options/pause-on-trace ] && echo 1 > options/pause-on-trace
		echo > trace
		echo 1 > tracing_on
		set -x
		. "$tc"
	)
}

# One case, in a process of its own: tc-direct.sh --one CASE
if [ "${1:-}" = --one ]; then
	run_case "$2"
	exit $?
fi

for c in "$@"; do
	log=/tmp/tc-direct.$$.log
	TMPDIR=$(mktemp -d /tmp/tc-direct.XXXXXX)
	export TMPDIR
	# coreutils' timeout kills the whole process group (see
	# ftracetest-guest.sh for why not busybox's).
	/usr/bin/timeout -k 10 "$TIMEOUT" sh "$0" --one "$c" >"$log" 2>&1 \
		</dev/null
	rc=$?
	rm -rf "$TMPDIR"
	# Leave the next case (and ftracetest) a clean state.
	(cd "$TRACING_DIR" && echo 0 > options/pause-on-trace &&
	 echo > trace && echo 1 > tracing_on) 2>/dev/null

	case $rc in
	0) res=PASS note= ;;
	124|137) res=FAIL note="timeout after ${TIMEOUT}s" ;;
	"$RC_UNSUPPORTED") res=SKIP note=UNSUPPORTED ;;
	"$RC_UNRESOLVED") res=SKIP note=UNRESOLVED ;;
	"$RC_UNTESTED") res=SKIP note=UNTESTED ;;
	"$RC_XFAIL") res=SKIP note=XFAIL ;;
	*) res=FAIL note="exit status $rc" ;;
	esac
	echo "TEST-RESULT tc-direct/$c $res${note:+ $note}"
	if [ "$res" != PASS ]; then
		tail -n 20 "$log" | cut -c 1-200 | sed 's/^/  | /'
	fi
	rm -f "$log"
done
exit 0
