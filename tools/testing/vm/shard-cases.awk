# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# shard-cases.awk - pick one guest's share of the ftracetest cases so that
# the guests of `make test` end at about the same time (guest side, run by
# ftracetest-guest.sh).
#
# Usage: awk -v i=I -v n=N -v times=FILE -f shard-cases.awk < CASES
#
# CASES is one case name a line, sorted.  FILE (case-times.txt, written
# by case-times.sh on the host) has "NAME SECONDS" lines: how long each
# case took in an earlier run, and "@first" / "@last" for the layers
# guest-test.sh runs in the first and in the last guest only.  A case
# FILE does not name counts as the mean of those it does (1 s without a
# FILE).  The cases are dealt out longest first, each to the guest with
# the least time so far (ties: the lowest numbered), which puts the long
# cases on different guests and fills up with the short ones.  Prints the
# cases of guest I, in their input order.

BEGIN {
	sum = 0
	known = 0
	while ((getline line < times) > 0) {
		if (split(line, f, " ") < 2 || f[1] ~ /^#/)
			continue
		secs[f[1]] = f[2] + 0
		if (f[1] !~ /^@/) {
			sum += f[2]
			known++
		}
	}
	mean = known ? sum / known : 1
	for (s = 1; s <= n; s++)
		load[s] = 0
	load[1] += secs["@first"]
	load[n] += secs["@last"]
}

{
	name[NR] = $1
	t[NR] = ($1 in secs) ? secs[$1] : mean
}

END {
	# Longest first; equal times keep their input order.
	for (a = 1; a <= NR; a++) {
		x = a
		for (b = a - 1; b >= 1 && t[order[b]] < t[x]; b--)
			order[b + 1] = order[b]
		order[b + 1] = x
	}
	for (k = 1; k <= NR; k++) {
		c = order[k]
		best = 1
		for (s = 2; s <= n; s++)
			if (load[s] < load[best])
				best = s
		load[best] += t[c]
		mine[c] = (best == i)
	}
	for (c = 1; c <= NR; c++)
		if (mine[c])
			print name[c]
}
