#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# build-modules.sh - build our bench modules out of tree against one kernel.
#
# Usage: build-modules.sh OBJ WORKDIR KODIR
#
# Each directory under modules/ is copied to WORKDIR/<name> and built
# with `make -C OBJ M=...` (OBJ: a built kernel's object directory), so
# the same source builds against our kernel and upstream's.  The .ko files
# are copied to KODIR.  A module whose Kbuild builds nothing on this kernel
# (event_bench needs CONFIG_EVENT_TRACING) or that fails to build is
# reported and skipped; the guest then reports its workloads as n/a.
# Build output goes to WORKDIR/<name>.log.
#
# Environment: ARCH, KCC, KLOCK as for build-kernel.sh.  All modules are
# built under one hold of the build lock (BENCH_KLOCK_HELD=KLOCK: the
# caller holds it already).
set -eu

[ $# -eq 3 ] || { sed -n '7p' "$0" | sed 's/^# //' >&2; exit 2; }
obj=$(cd "$1" && pwd)
mkdir -p "$2" "$3"
work=$(cd "$2" && pwd)
kodir=$3
arch=${ARCH:-x86_64}
kcc=${KCC:-gcc}
case $arch in
riscv64) arch=riscv ;;
esac
klock=${KLOCK:-/tmp/ftrace-kbuild.lock}
here=$(cd "$(dirname "$0")" && pwd)

# Run the rest under the build lock (flock(1)'s re-exec idiom).
if [ "${BENCH_KLOCK_HELD:-}" != "$klock" ]; then
	export BENCH_KLOCK_HELD="$klock"
	exec flock "$klock" sh "$0" "$@"
fi

for dir in "$here"/modules/*/; do
	name=$(basename "$dir")
	mdir=$work/$name
	rm -rf "$mdir" "$kodir/$name.ko"
	cp -r "$dir" "$mdir"
	if make -C "$obj" M="$mdir" ARCH="$arch" CC="$kcc" modules \
		>"$mdir.log" 2>&1; then
		if [ -f "$mdir/$name.ko" ]; then
			cp "$mdir/$name.ko" "$kodir/"
			echo "build-modules: $name.ko built"
		else
			echo "build-modules: $name: nothing to build on this kernel ($mdir/Kbuild)"
		fi
	else
		echo "build-modules: $name: build FAILED, see $mdir.log"
	fi
done
