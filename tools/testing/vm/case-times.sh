#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# case-times.sh - how long each ftracetest case and the one-guest layers
# took in a `make test` run, for shard-cases.awk (host side).
#
# Usage: case-times.sh LOG... > tools/testing/vm/case-times/ARCH.txt
#
# LOG... are the consoles of one run (build/ARCH/test/test-*.log).  Prints
# "NAME SECONDS" lines: each case's FTRACETEST-TIME, and "@first" and
# "@last" with the LAYER-TIME that guest-test.sh printed for the layers it
# runs in the first and in the last guest only (summed, as the last guest
# prints two).  Refresh the file after a run when cases or layers were
# added or got much slower; `make test` stays correct without it, only
# its guests end less evenly.
set -eu

[ $# -ge 1 ] || { echo "usage: $0 LOG..." >&2; exit 2; }
echo "# ftracetest case and layer times of one make test run, seconds"
echo "# (tools/testing/vm/case-times.sh; read by shard-cases.awk)"
cat "$@" | tr -d '\r' | awk '
	/^FTRACETEST-TIME / { t[$2] = $3 }
	/^LAYER-TIME / { t["@" $2] += $3 }
	END { for (k in t) print k, t[k] }' | LC_ALL=C sort
