#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# kunit-results.sh - guest side: turn the KUnit KTAP that built-in suites
# printed during boot (read back with dmesg) into TEST-RESULT lines:
#
#   TEST-RESULT kunit/<suite>/<case> PASS|FAIL|SKIP [note]
#   TEST-RESULT kunit/<suite> PASS|FAIL|SKIP
#
# KTAP as KUnit prints it: "    # Subtest: <suite>" opens a suite, its
# cases report at the same 4-space indentation, and the suite's own result
# comes at column 0.  Deeper levels (the parameters of a parameterised
# case) are folded into their case's result.  Prints nothing when the
# kernel ran no suite.

dmesg | sed -e 's/^\[[^]]*\] //' | awk '
	function result(prefix, line,    name) {
		name = line
		sub(/^(not )?ok [0-9]+ /, "", name)
		sub(/ #.*/, "", name)
		emit(prefix name, line !~ /^not /, line)
	}
	function emit(name, ok, rest,    res, note) {
		res = ok ? "PASS" : "FAIL"
		note = ""
		if (rest ~ /# *SKIP/) {
			res = "SKIP"
			note = rest
			sub(/.*# *SKIP */, "", note)
		}
		print "TEST-RESULT kunit/" name " " res (note != "" ? " " note : "")
	}
	/^    # Subtest: / { suite = $0; sub(/^    # Subtest: /, "", suite); next }
	/^    (not )?ok [0-9]+ / { result(suite "/", substr($0, 5)); next }
	/^(not )?ok [0-9]+ / { result("", $0); next }
'
