#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# build.sh - build both bench kernels and our bench modules for each.
#
# Usage: build.sh TOP ARCH OUT
#
# Ours from TOP/build/ARCH/src into TOP/build/ARCH/obj-bench, upstream's
# from TOP/build/pristine into TOP/build/ARCH/obj-upstream (both already
# configured by bench.sh), then modules/* against each into
# OUT/<kernel>/ext.  The machine-wide build lock is taken once for all of
# it, not once per step: other engineers' builds queue on the same lock,
# and a no-op rebuild should not wait for three turns.
#
# Environment: KCC, JOBS, KLOCK as for build-kernel.sh.
set -eu

[ $# -eq 3 ] || { sed -n '7p' "$0" | sed 's/^# //' >&2; exit 2; }
top=$1 arch=$2 out=$3
here=$(cd "$(dirname "$0")" && pwd)
klock=${KLOCK:-/tmp/ftrace-kbuild.lock}
abuild=$top/build/$arch

if [ "${BENCH_KLOCK_HELD:-}" != "$klock" ]; then
	echo "build: waiting for $klock if another build holds it"
	export BENCH_KLOCK_HELD="$klock"
	exec flock "$klock" sh "$0" "$@"
fi

sh "$here/build-kernel.sh" "$abuild/src" "$abuild/obj-bench" \
	"$abuild/modroot-bench"
sh "$here/build-kernel.sh" "$top/build/pristine" "$abuild/obj-upstream" \
	"$abuild/modroot-upstream"
sh "$here/build-modules.sh" "$abuild/obj-bench" "$out/ours/modules" \
	"$out/ours/ext"
sh "$here/build-modules.sh" "$abuild/obj-upstream" \
	"$out/upstream/modules" "$out/upstream/ext"
