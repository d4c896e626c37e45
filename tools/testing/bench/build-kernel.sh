#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# build-kernel.sh - build one configured kernel for `make bench`.
#
# Usage: build-kernel.sh SRC OBJ MODROOT
#
#   SRC       the kernel source (build/<arch>/src for ours, build/pristine
#             for upstream's); never written to: everything goes to OBJ
#   OBJ       the object directory (O=), kept and reused across runs
#             and holding the .config (tools/overlay/kconfig.sh)
#   MODROOT   where `modules_install` puts the modules (recreated)
#
# Environment: ARCH (default x86_64), KCC (the compiler command, e.g.
# "ccache gcc"), JOBS, KLOCK (the machine-wide build lock file).  The
# build holds KLOCK from its first step to its last, as the Makefile does
# (BENCH_KLOCK_HELD=KLOCK: the caller holds it already).
set -eu

[ $# -eq 3 ] || { sed -n '7p' "$0" | sed 's/^# //' >&2; exit 2; }
src=$1 obj=$2 modroot=$3
arch=${ARCH:-x86_64}
kcc=${KCC:-gcc}
# The ARCH kbuild wants, and the image target (CROSS_COMPILE comes from
# the environment, as bench.sh exports it).
case $arch in
riscv64) arch=riscv image=Image ;;
*) image=bzImage ;;
esac
jobs=${JOBS:-$(($(nproc) + 1))}
klock=${KLOCK:-/tmp/ftrace-kbuild.lock}
# make -C SRC: absolute paths only.
src=$(cd "$src" && pwd)
obj=$(cd "$obj" && pwd)
case $modroot in /*) ;; *) modroot=$PWD/$modroot ;; esac
[ -f "$obj/.config" ] || { echo "build-kernel: $obj is not configured" >&2; exit 1; }

# Run the rest under the build lock (flock(1)'s re-exec idiom), unless
# the caller (build.sh) holds it already.
if [ "${BENCH_KLOCK_HELD:-}" != "$klock" ]; then
	echo "build-kernel: waiting for $klock if another build holds it"
	export BENCH_KLOCK_HELD="$klock"
	exec flock "$klock" sh "$0" "$@"
fi

echo "build-kernel: $obj"
make -s -C "$src" O="$obj" ARCH="$arch" CC="$kcc" -j"$jobs" "$image" modules
rm -rf "$modroot"
make -s -C "$src" O="$obj" ARCH="$arch" CC="$kcc" -j"$jobs" \
	INSTALL_MOD_PATH="$modroot" INSTALL_MOD_STRIP=1 modules_install
echo "build-kernel: $(ls "$obj"/arch/*/boot/"$image")"
