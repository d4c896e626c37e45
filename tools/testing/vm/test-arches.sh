#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# test-arches.sh - `make test` over several architectures, one after the
# other (host side).
#
# Usage: test-arches.sh TARGET ARCH...
#
# Runs `$MAKE initramfs ARCH=<arch>` (the kernel, its modules and the
# guest's userland) and then `$MAKE TARGET ARCH=<arch>` for each ARCH
# (TARGET is test-arch or test-full-arch), keeps each one's output in
# build/<arch>/TARGET.txt, prints its judged lines with the architecture
# in front of each name ("PASS  riscv64:ftrace/func_set_ftrace_file.tc
# ..."), then how long each architecture took to build and to test, and
# ends with one line over all of them:
#   N passed, N failed, N skipped
# An architecture whose build or boot fails before any verdict counts as
# one failure.  Exit status: 0 if nothing failed, 1 otherwise.
set -u

target=$1
shift
make=${MAKE:-make}
passed=0 failed=0 skipped=0 status=0
times="" begin=$(date +%s)

for arch in "$@"; do
	out=build/$arch/$target.txt
	mkdir -p "build/$arch"
	echo "test-arches: $arch: $make $target ARCH=$arch (output in $out)"
	start=$(date +%s)
	$make --no-print-directory initramfs ARCH="$arch" >"$out" 2>&1
	rc=$?
	built=$(date +%s)
	if [ "$rc" -eq 0 ]; then
		$make --no-print-directory "$target" ARCH="$arch" TEST_DEPS= \
			>>"$out" 2>&1
		rc=$?
	fi
	end=$(date +%s)
	echo "test-arches: $arch: exit $rc after $((end - start)) s"
	times="$times, $arch build $((built - start)) s test $((end - built)) s"
	[ "$rc" -eq 0 ] || status=1
	summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$' \
		"$out" | tail -n 1)
	if [ -z "$summary" ]; then
		tail -n 40 "$out"
		echo "test-arches: $arch: no verdict (build or boot failed)"
		failed=$((failed + 1))
		continue
	fi
	sed -n "s/^\(PASS\|FAIL\|SKIP\)  /\1  $arch:/p; /^SPLAT /s/^/$arch: /p" "$out"
	echo "test-arches: $arch: $summary"
	p=${summary%% passed*}
	f=${summary#*passed, } f=${f%% failed*}
	s=${summary#*failed, } s=${s%% skipped}
	passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
done

echo "test-arches: times${times#,}; total $(($(date +%s) - begin)) s"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ] || status=1
exit "$status"
