#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# tracefs-tree.sh - guest side: the files and directories of tracefs,
# against upstream's for the same configuration.
#
# Usage:
#   tracefs-tree.sh LIST   compare with LIST (expectations/tracefs-<arch>.txt)
#                          and print TEST-RESULT tracefs/tree PASS|FAIL
#   tracefs-tree.sh        print this kernel's tree, each line prefixed
#                          "tracefs-tree: " (how LIST is made: see its head)
#
# The tree is listed relative to /sys/kernel/tracing, with
#   - an instance made for the purpose shown as instances/INST (its events/
#     mirror the top level's and are left out; other instances too);
#   - events/<system>/<event> directories listed by name, and the files in
#     them folded into events/*/*/<file>.
# A path LIST has that this kernel lacks fails the test, unless ALLOWED
# below names it with the reason; paths only this kernel has are printed
# as notes and do not fail.

T=/sys/kernel/tracing
INST=tracefs-tree-guard

# Upstream's paths we lack on purpose: each belongs to a feature not
# written yet.  Shell patterns over the listed paths.
ALLOWED='
synthetic_events
'
# synthetic_events: synthetic events are not written (not in the
#   configuration the list was made with, listed for the day it grows
#   them).

tree() {
	rmdir "$T/instances/$INST" 2>/dev/null
	mkdir "$T/instances/$INST" || return 1
	(cd "$T" && find . -mindepth 1) | sed 's|^\./||' | awk -v inst="$INST" '
	{
		n = split($0, p, "/")
		if (p[1] == "instances") {
			if (n == 1) { print; next }
			if (p[2] != inst) next
			if (n >= 3 && p[3] == "events") next
			sub("^instances/" inst, "instances/INST")
			print
			next
		}
		if (p[1] == "events" && n >= 4) {
			if (n == 4) print "events/*/*/" p[4]
			next
		}
		print
	}' | LC_ALL=C sort -u
	rmdir "$T/instances/$INST"
}

# allowed PATH: ALLOWED names PATH (patterns, not globbed on this disk).
allowed() {
	set -f
	for a in $ALLOWED; do
		# shellcheck disable=SC2254
		case $1 in
		$a) set +f; return 0 ;;
		esac
	done
	set +f
	return 1
}

if [ $# -eq 0 ]; then
	tree | sed 's/^/tracefs-tree: /'
	exit 0
fi

list=$1
t=tracefs/tree
if [ ! -d "$T/instances" ]; then
	echo "TEST-RESULT $t SKIP no tracefs instances"
	exit 0
fi
ours=/tmp/tracefs-tree.ours
tree >"$ours" || {
	echo "TEST-RESULT $t FAIL could not make instances/$INST"
	exit 0
}
# only_in A B: the lines of A that B lacks (the guest has no comm(1)).
only_in() {
	awk 'NR == FNR { have[$0] = 1; next } !($0 in have)' "$2" "$1"
}

# The list's own comment lines start with '#'.
grep -v '^#' "$list" >/tmp/tracefs-tree.upstream
[ -s /tmp/tracefs-tree.upstream ] && [ -s "$ours" ] || {
	echo "TEST-RESULT $t FAIL an empty list"
	exit 0
}
only_in /tmp/tracefs-tree.upstream "$ours" >/tmp/tracefs-tree.lacks
: >/tmp/tracefs-tree.missing
while read -r p; do
	if allowed "$p"; then
		echo "  note, allowed to lack: $p"
	else
		echo "$p" >>/tmp/tracefs-tree.missing
	fi
done </tmp/tracefs-tree.lacks
missing=$(wc -l </tmp/tracefs-tree.missing)
if [ "$missing" = 0 ]; then
	echo "TEST-RESULT $t PASS"
else
	echo "TEST-RESULT $t FAIL $missing paths upstream has are missing"
	sed 's/^/  | missing: /' /tmp/tracefs-tree.missing
fi
only_in "$ours" /tmp/tracefs-tree.upstream |
	grep -v '^events/[^/]*/[^/]*$' | sed 's/^/  note, only ours: /'
exit 0
