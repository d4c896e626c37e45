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
# build holds KLOCK from its first step to its last, as the Makefile does.
set -eu

[ $# -eq 3 ] || { sed -n '7p' "$0" | sed 's/^# //' >&2; exit 2; }
src=$1 obj=$2 modroot=$3
arch=${ARCH:-x86_64}
kcc=${KCC:-gcc}
jobs=${JOBS:-$(($(nproc) + 1))}
klock=${KLOCK:-/tmp/ftrace-kbuild.lock}
# make -C SRC: absolute paths only.
src=$(cd "$src" && pwd)
obj=$(cd "$obj" && pwd)
case $modroot in /*) ;; *) modroot=$PWD/$modroot ;; esac
[ -f "$obj/.config" ] || { echo "build-kernel: $obj is not configured" >&2; exit 1; }

echo "build-kernel: $obj (waiting for $klock if another build holds it)"
# shellcheck disable=SC2016 # expanded by the inner shell
flock "$klock" sh -c '
	set -e
	make -s -C "$1" O="$2" ARCH="$3" CC="$4" -j"$5" bzImage modules
	rm -rf "$6"
	make -s -C "$1" O="$2" ARCH="$3" CC="$4" -j"$5" \
		INSTALL_MOD_PATH="$6" INSTALL_MOD_STRIP=1 modules_install
' build-kernel "$src" "$obj" "$arch" "$kcc" "$jobs" "$modroot"
echo "build-kernel: $obj/arch/x86/boot/bzImage"
