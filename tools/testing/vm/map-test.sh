#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# map-test.sh - run upstream's tools/testing/selftests/ring-buffer/map_test
# (per_cpu/cpuN/trace_pipe_raw mapped into user space, and its exclusion
# of snapshots) and report each of its cases as
# "TEST-RESULT rb-map/<case> PASS|FAIL|SKIP" from its TAP lines.
# The whole TAP output is printed too, for the log.

out=/tmp/map_test.out
/opt/vm/map_test > "$out" 2>&1
echo "map_test exited with $?"
cat "$out"
# "ok N case", "ok N case # SKIP why", "not ok N case"
sed -n \
	-e 's|^ok [0-9]* \([^ ]*\) # SKIP \(.*\)|TEST-RESULT rb-map/\1 SKIP \2|p' \
	-e '/ # SKIP /b' \
	-e 's|^ok [0-9]* \([^ ]*\)$|TEST-RESULT rb-map/\1 PASS|p' \
	-e 's|^not ok [0-9]* \([^ ]*\).*|TEST-RESULT rb-map/\1 FAIL see map_test above|p' \
	"$out"
exit 0
