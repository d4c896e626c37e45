#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# ftracetest-guest.sh - run upstream's ftracetest in the guest, one case at
# a time, and print one machine-readable result line per case.
#
# Usage (inside the guest, from /opt/vm):
#   ftracetest-guest.sh [--shard I/N] [CASE-GLOB...]
#
#   CASE-GLOB   case names to run, as shell patterns over paths relative to
#               test.d, e.g. '00basic/*' 'selftest/bashisms.tc'.
#               Default: every case.
#   --shard I/N run only the I-th of N slices of the selected cases.  Lets
#               `make test` split the suite over guests so that they end
#               together: the cases go, longest first, each to the slice
#               with the least time so far, by the times case-times.txt
#               records (a case it does not name counts as its mean), its
#               "@first" and "@last" lines starting slice 1 and slice N
#               with the time guest-test.sh's own layers take there.
#
# For each case, in sorted order, it runs `./ftracetest -k -l LOGDIR CASE`
# from /opt/ftracetest under a timeout (120 s, longer for the cases in
# case_timeout below) and prints
#
#   FTRACETEST-RESULT <case> <RESULT> [note]
#
# RESULT is the word ftracetest printed: PASS FAIL UNRESOLVED UNTESTED
# UNSUPPORTED XFAIL (or UNDEFINED); TIMEOUT if the case did not finish in
# time; UNRESOLVED with ftracetest's first error line as the note if
# ftracetest gave up before running the case (say, no tracefs in this
# kernel). A case flagged "instance" runs twice (top level and in an
# instance): the worse of the two results is reported. For every result but
# PASS, up to 20 lines of the case's log follow, each prefixed "  | ".
# Before the result, "FTRACETEST-TIME <case> <seconds> s" says how long the
# case took (for the time budget of `make test`; not judged).
# check-results.sh on the host reads these lines.

FTRACETEST_DIR=${FTRACETEST_DIR:-/opt/ftracetest}
# FTRACETEST_TIMEOUT may come from the kernel command line (the kernel puts
# unknown NAME=value arguments into init's environment).
DEFAULT_TIMEOUT=${FTRACETEST_TIMEOUT:-120}
LOG_TOP=${FTRACETEST_LOGS:-/tmp/ftracetest-logs}
CASE_TIMES=${CASE_TIMES:-/opt/vm/case-times.txt}

# Per-case timeouts in seconds: DEFAULT_TIMEOUT, or more for the cases
# listed (a longer DEFAULT_TIMEOUT, the debug kernel's, wins over both).
case_timeout() {
	case $1 in
	direct/ftrace-direct.tc) t=900 ;;	# 440-465 s under TCG
	selftest/bashisms.tc) t=900 ;;	# perl under TCG: up to ~8.5 min
	ftrace/fgraph-multi.tc) t=600 ;;	# function_graph on every function, four users
	core/latency_display_graph.tc) t=300 ;;	# seven tracers, function_graph
	*) t=0 ;;
	esac
	[ "$t" -gt "$DEFAULT_TIMEOUT" ] || t=$DEFAULT_TIMEOUT
	echo "$t"
}

# Results from worst to best: the first one seen in this list wins when a
# case reports two.
SEVERITY="FAIL UNDEFINED TIMEOUT UNRESOLVED UNTESTED UNSUPPORTED XFAIL PASS"

usage() {
	echo "usage: $0 [--shard I/N] [CASE-GLOB...]" >&2
	exit 2
}

shard_i=1
shard_n=1
globs=
while [ $# -gt 0 ]; do
	case $1 in
	--shard)
		[ $# -ge 2 ] || usage
		case $2 in
		[1-9]*/[1-9]*) ;;
		*) usage ;;
		esac
		shard_i=${2%%/*}
		shard_n=${2#*/}
		case $shard_i$shard_n in
		*[!0-9]*) usage ;;
		esac
		[ "$shard_i" -le "$shard_n" ] || usage
		shift 2
		;;
	-h|--help) usage ;;
	-*) usage ;;
	*)
		globs="$globs $1"
		shift
		;;
	esac
done

[ -x "$FTRACETEST_DIR/ftracetest" ] || {
	echo "ftracetest-guest: no ftracetest in $FTRACETEST_DIR" >&2
	exit 1
}
cd "$FTRACETEST_DIR" || exit 1

# matches NAME: true if NAME matches one of the globs (or there are none).
matches() {
	[ -z "$globs" ] && return 0
	set -f	# the globs are patterns for `case`, not for the filesystem
	for g in $globs; do
		# shellcheck disable=SC2254 # $g is a pattern on purpose
		case $1 in
		$g) set +f; return 0 ;;
		esac
	done
	set +f
	return 1
}

# The case list: every test.d/**/*.tc, sorted bytewise, filtered by the
# globs, then cut to this shard.
all_cases=$(cd test.d && find . -name '*.tc' -type f | sed 's,^\./,,' |
	LC_ALL=C sort)
selected=
for c in $all_cases; do
	matches "$c" && selected="$selected $c"
done
# shellcheck disable=SC2086 # one case a line
cases=$(printf '%s\n' $selected |
	awk -v i="$shard_i" -v n="$shard_n" -v times="$CASE_TIMES" \
		-f /opt/vm/shard-cases.awk)

# shellcheck disable=SC2086 # count the words
ncases=$(echo $cases | wc -w)
echo "ftracetest-guest: $ncases case(s), shard $shard_i/$shard_n," \
     "default timeout ${DEFAULT_TIMEOUT}s"

rm -rf "$LOG_TOP"
mkdir -p "$LOG_TOP"
# ftracetest runs under dash where the guest has it (x86_64: Debian's
# /bin/sh; riscv64 and i386: cross-built from Debian's source by
# cross-userland.sh), else under busybox sh. Busybox sh runs its applets
# (ping, ...) by exec'ing /proc/self/exe, so a case that looks for a
# program's exec (trigger-synthetic-event-dynstring: "ping") sees none
# there.
FTRACETEST_SH=
[ -x /bin/dash ] && FTRACETEST_SH=/bin/dash
summary=
n=0
for c in $cases; do
	n=$((n + 1))
	t=$(case_timeout "$c")
	logdir=$LOG_TOP/$n
	out=$LOG_TOP/$n.out
	echo "FTRACETEST-RUN $c (case $n of $ncases, timeout ${t}s)"

	# coreutils' timeout puts ftracetest in its own process group and
	# kills the whole group when time runs out. Named by its path: busybox
	# sh runs its own applets (timeout, ping, ...) before searching PATH,
	# and busybox's timeout kills only the one process.
	start=$(cut -d. -f1 /proc/uptime)
	# shellcheck disable=SC2086 # an empty FTRACETEST_SH is no word
	/usr/bin/timeout -k 10 "$t" $FTRACETEST_SH ./ftracetest -k -l "$logdir" "test.d/$c" \
		>"$out" 2>&1 </dev/null
	rc=$?
	echo "FTRACETEST-TIME $c $(($(cut -d. -f1 /proc/uptime) - start)) s"

	words=$(grep -oE '\[(PASS|FAIL|UNRESOLVED|UNTESTED|UNSUPPORTED|XFAIL|UNDEFINED)\]' \
		"$out" | tr -d '[]' | tr '\n' ' ')
	note=
	if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
		result=TIMEOUT
		note="no result after ${t}s"
	elif [ -z "$words" ]; then
		# ftracetest stopped before the case ran.
		result=UNRESOLVED
		note=$(grep -m 1 'Error' "$out")
		[ -n "$note" ] || note=$(grep -m 1 . "$out")
		note="ftracetest aborted (status $rc): $note"
	else
		result=
		for s in $SEVERITY; do
			case " $words" in
			*" $s "*) result=$s; break ;;
			esac
		done
		# shellcheck disable=SC2086 # one or two result words
		set -- $words
		if [ $# -gt 1 ] && [ "$1" != "$2" ]; then
			note="top level: $1, instance: $2"
		fi
	fi

	if [ -n "$note" ]; then
		echo "FTRACETEST-RESULT $c $result $note"
	else
		echo "FTRACETEST-RESULT $c $result"
	fi
	if [ "$result" != PASS ]; then
		# The case's own log (the set -x trace) if it got that far,
		# else what ftracetest printed.
		logs=$(ls "$logdir"/*-log.* 2>/dev/null)
		if [ -n "$logs" ]; then
			# shellcheck disable=SC2086 # a list of files
			cat $logs
		else
			cat "$out"
		fi | tail -n 20 | sed 's/^/  | /'
	fi
	summary="$summary $result"
done

counts=
for r in $SEVERITY; do
	cnt=$(echo "$summary" | tr ' ' '\n' | grep -cx "$r")
	[ "$cnt" -gt 0 ] && counts="$counts, $r $cnt"
done
echo "ftracetest-guest: ran $n case(s)${counts:+:${counts#,}}"
exit 0
