#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# test-arches.sh - `make test` over several architectures, one after the
# other (host side).
#
# Usage: test-arches.sh TARGET STAGE...
#
# A STAGE is an architecture, or ARCH:debug for that architecture's
# debug kernel through the short stress run.  For each, runs `$MAKE
# initramfs ARCH=<arch> [VARIANT=debug]` (the kernel, its modules and the
# guest's userland) and then `$MAKE TARGET ARCH=<arch>` (TARGET is
# test-arch or test-full-arch) or, for ARCH:debug, `$MAKE stress-short
# ARCH=<arch>`; keeps each one's output in build/<arch>/TARGET.txt or
# build/<arch>/debug/stress-short.txt, prints its judged lines with the
# stage in front of each name ("PASS  riscv64:ftrace/func_set_ftrace_file.tc
# ..."), then how long each stage took to build and to test, and ends
# with one line over all of them:
#   N passed, N failed, N skipped
# A stage whose build or boot fails before any verdict counts as one
# failure.  Exit status: 0 if nothing failed, 1 otherwise.
set -u

target=$1
shift
make=${MAKE:-make}
passed=0 failed=0 skipped=0 status=0
times="" begin=$(date +%s)

for stage in "$@"; do
	arch=${stage%:debug}
	if [ "$arch" = "$stage" ]; then
		name=$arch variant= step=$target dir=build/$arch
	else
		name=$arch-debug variant=debug step=stress-short dir=build/$arch/debug
	fi
	out=$dir/$step.txt
	mkdir -p "$dir"
	echo "test-arches: $name: $make $step ARCH=$arch${variant:+ VARIANT=$variant} (output in $out)"
	start=$(date +%s)
	$make --no-print-directory initramfs ARCH="$arch" VARIANT="$variant" \
		>"$out" 2>&1
	rc=$?
	built=$(date +%s)
	if [ "$rc" -eq 0 ]; then
		$make --no-print-directory "$step" ARCH="$arch" TEST_DEPS= \
			>>"$out" 2>&1
		rc=$?
	fi
	end=$(date +%s)
	echo "test-arches: $name: exit $rc after $((end - start)) s"
	times="$times, $name build $((built - start)) s test $((end - built)) s"
	[ "$rc" -eq 0 ] || status=1
	summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$' \
		"$out" | tail -n 1)
	if [ -z "$summary" ]; then
		tail -n 40 "$out"
		echo "test-arches: $name: no verdict (build or boot failed)"
		failed=$((failed + 1))
		continue
	fi
	sed -n "s/^\(PASS\|FAIL\|SKIP\)  /\1  $name:/p; /^SPLAT /s/^/$name: /p" "$out"
	sed -n "s/^run-tests: \(guests ran on .*\)/test-arches: $name: \1/p" "$out"
	echo "test-arches: $name: $summary"
	p=${summary%% passed*}
	f=${summary#*passed, } f=${f%% failed*}
	s=${summary#*failed, } s=${s%% skipped}
	passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
done

echo "test-arches: times${times#,}; total $(($(date +%s) - begin)) s"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ] || status=1
exit "$status"
