#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# check-results.sh - judge a test run from its guest console log (host side).
#
# Usage: check-results.sh [--partial] CONSOLE_LOG... EXPECTATIONS
#
# Reads the result lines the guest printed into CONSOLE_LOG (several logs,
# e.g. one per shard, may be given; the last argument is the expectations
# file):
#   FTRACETEST-RESULT <case> <RESULT> [note]    (ftracetest-guest.sh)
#   TEST-RESULT <name> <PASS|FAIL|SKIP> [note]  (any other test layer)
# compares them with EXPECTATIONS (format: see expectations/x86_64.txt), and
# scans the logs for kernel splats (BUG, WARNING, Oops, lockdep, KASAN,
# UBSAN, RCU stalls, soft lockups, hung tasks, panics).
#
# It prints one line per case,
#   PASS|FAIL|SKIP  <name>  (expected X, got Y[: reason])
# then the splats found, if any (each with the lines that locate it:
# the faulting address, the first calls of the backtrace), and last
# exactly one line
#   N passed, N failed, N skipped
# where
#   passed  = got PASS (if PASS was not expected the line also says
#             "NEW PASS: update expectations");
#   failed  = expected PASS but got something else; or got a non-PASS result
#             other than the expected one; or got a non-PASS result for a
#             case the expectations do not name; or a case the expectations
#             name is missing from the logs (unless --partial: for runs of a
#             few cases only); plus one per kernel splat;
#   skipped = got the non-PASS result that was expected.
# Exit status: 0 if nothing failed, 1 otherwise, 2 on bad usage.

set -eu

usage() {
	echo "usage: $0 [--partial] CONSOLE_LOG... EXPECTATIONS" >&2
	exit 2
}

partial=0
if [ "${1:-}" = --partial ]; then
	partial=1
	shift
fi
[ $# -ge 2 ] || usage

# Split the arguments: all but the last are logs.
n=$#
i=0
for a in "$@"; do
	i=$((i + 1))
	if [ "$i" -lt "$n" ]; then
		[ -f "$a" ] || { echo "check-results: no console log $a" >&2; exit 2; }
	else
		expectations=$a
	fi
done
[ -f "$expectations" ] ||
	{ echo "check-results: no expectations file $expectations" >&2; exit 2; }

# Every log but the last argument, \r (serial console) removed, each line
# prefixed with the log's index so splats in different logs stay apart.
i=0
for a in "$@"; do
	i=$((i + 1))
	[ "$i" -lt "$n" ] || break
	tr -d '\r' <"$a" | sed "s/^/$i	/"
done | awk -v partial="$partial" -v expfile="$expectations" '
function trim(s) {
	sub(/^[ \t]+/, "", s)
	sub(/[ \t]+$/, "", s)
	return s
}

# record(name, result, note): one result line from the log. A name seen
# twice keeps its last result.
function record(name, result, note) {
	if (!(name in got))
		logorder[++nlog] = name
	got[name] = result
	gotnote[name] = note
}

# Parse "<name> <RESULT> [note]" after a marker.  A kernel message may
# land inside the line on the serial console, before the newline that
# ends it ("PASS[   35.32] ..."): cut the line at its time stamp.
function parse(rest,    nf, f, j, note) {
	sub(/\[ *[0-9]+\.[0-9][0-9][0-9][0-9][0-9][0-9]\].*$/, "", rest)
	rest = trim(rest)
	nf = split(rest, f, /[ \t]+/)
	if (nf < 2)
		return
	note = ""
	for (j = 3; j <= nf; j++)
		note = note (j > 3 ? " " : "") f[j]
	record(f[1], f[2], note)
}

BEGIN {
	nexp = 0
	while ((getline line < expfile) > 0) {
		expline++
		sub(/\r$/, "", line)
		reason = ""
		if ((h = index(line, "#")) > 0) {
			reason = trim(substr(line, h + 1))
			line = substr(line, 1, h - 1)
		}
		line = trim(line)
		if (line == "")
			continue
		nf = split(line, f, /[ \t]+/)
		if (nf != 2) {
			printf "check-results: %s:%d: want \"<name> <RESULT> [# reason]\"\n",
				expfile, expline > "/dev/stderr"
			bad = 1
			exit 2
		}
		if (f[1] in expect) {
			printf "check-results: %s:%d: %s named twice\n",
				expfile, expline, f[1] > "/dev/stderr"
			bad = 1
			exit 2
		}
		expect[f[1]] = f[2]
		why[f[1]] = reason
		exporder[++nexp] = f[1]
	}
	close(expfile)

	# Kernel splats. One report prints several matching lines (a BUG is
	# followed by an Oops, a panic...): a match within 50 lines of the
	# previous one, in the same log, belongs to the same splat.
	splat_re = "BUG:|WARNING:|Oops|general protection fault|Kernel panic|" \
		"possible recursive locking|INFO: possible|KASAN:|UBSAN:|" \
		"RCU stall|self-detected stall|detected stalls? on CPU|" \
		"soft lockup|hung_task|blocked for more than [0-9]+ seconds"
	nsplat = 0
	# What locates a splat: the faulting address and the first calls of
	# its backtrace, shown under it (so a CI log says where it crashed).
	where_re = "EIP:|RIP:|epc :|ra :|Call Trace|" \
		"[A-Za-z_][A-Za-z0-9_.]*\\+0x[0-9a-f]+/0x"
	max_where = 16
}

{
	tab = index($0, "\t")
	logno = substr($0, 1, tab - 1)
	line = substr($0, tab + 1)
	if (logno != curlog) {
		curlog = logno
		lineno = 0
		last_splat = -1000
	}
	lineno++

	if ((p = index(line, "FTRACETEST-RESULT ")) > 0) {
		parse(substr(line, p + length("FTRACETEST-RESULT ")))
		next
	}
	if ((p = index(line, "TEST-RESULT ")) > 0) {
		# "TEST-RESULT" as a word, not the tail of another marker
		c = p > 1 ? substr(line, p - 1, 1) : " "
		if (c !~ /[A-Za-z0-9_-]/) {
			parse(substr(line, p + length("TEST-RESULT ")))
			next
		}
	}
	# Our own output: log tails of failed cases, progress lines.
	if (line ~ /^  \| / || line ~ /FTRACETEST-(RUN|TIME) |^run-vm: /)
		next
	if (line ~ splat_re) {
		if (lineno - last_splat > 50) {
			nsplat++
			splat[nsplat] = "log " logno ", line " lineno ": " \
				substr(trim(line), 1, 200)
			nwhere[nsplat] = 0
		}
		last_splat = lineno
	} else if (nsplat > 0 && lineno - last_splat <= 50 &&
		   nwhere[nsplat] < max_where && line ~ where_re) {
		where[nsplat, ++nwhere[nsplat]] = substr(trim(line), 1, 200)
	}
}

function show(verdict, name, expected, gotres, reason, extra) {
	printf "%-4s  %s  (expected %s, got %s%s)%s\n", verdict, name,
		expected, gotres, reason != "" ? ": " reason : "", extra
}

function judge(name,    e, g, extra, reason) {
	e = (name in expect) ? expect[name] : "(none)"
	g = (name in got) ? got[name] : "(nothing)"
	if (g == "PASS") {
		passed++
		extra = ""
		if (e != "PASS" && e != "(none)")
			extra = "  NEW PASS: update expectations"
		show("PASS", name, e, g, "", extra)
	} else if (!(name in got) && partial) {
		return
	} else if ((name in expect) && e != "PASS" && e == g) {
		skipped++
		show("SKIP", name, e, g, why[name], "")
	} else {
		failed++
		reason = gotnote[name]
		if (!(name in got))
			reason = "missing from the log"
		else if (!(name in expect) && reason == "")
			reason = "not in the expectations"
		show("FAIL", name, e, g, reason, "")
	}
}

END {
	if (bad)
		exit 2
	passed = failed = skipped = 0
	for (i = 1; i <= nexp; i++)
		judge(exporder[i])
	for (i = 1; i <= nlog; i++)
		if (!(logorder[i] in expect))
			judge(logorder[i])
	if (nsplat > 0) {
		printf "\nKernel splats in the console log (%d):\n", nsplat
		for (i = 1; i <= nsplat; i++) {
			printf "SPLAT  %s\n", splat[i]
			for (j = 1; j <= nwhere[i]; j++)
				printf "SPLAT    | %s\n", where[i, j]
		}
		failed += nsplat
	}
	if (nlog == 0) {
		print "\ncheck-results: no result lines in the log" \
			" (did the guest run the tests?)"
		if (partial)
			failed++
	}
	printf "%d passed, %d failed, %d skipped\n", passed, failed, skipped
	exit failed > 0 ? 1 : 0
}
'
