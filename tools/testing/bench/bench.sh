#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# bench.sh - `make bench`: our kernel against upstream's, same source,
# same config, same guest workloads.
#
# Usage: bench.sh TOP ARCH
#
#   TOP   the repository (build/ under it holds everything)
#   ARCH  x86_64 or riscv64 (cross-compiled: CROSS_COMPILE, KCC follow)
#
# Steps, each a script of its own:
#   1. configure both kernels from configs/<arch>.config + configs/bench.config
#      (tools/overlay/kconfig.sh --lost: lines a Kconfig cannot honour are
#      recorded in build/bench/<kernel>/config-lost.txt, not fatal); ours
#      also passes check-manifest.sh
#   2. build them and our bench modules for each (build.sh: build-kernel.sh,
#      build-modules.sh): ours from build/<arch>/src into
#      build/<arch>/obj-bench, upstream's from build/pristine into
#      build/<arch>/obj-upstream; both reused across runs
#   3. benchtool (static), and a guest directory + initramfs per kernel
#   4. boot them in turn (run.sh), BENCH_RUNS times each
#   5. tabulate (report.sh) into build/bench/results.{md,csv}
#
# Environment: BENCH_RUNS (default 3), BENCH_WALL (1: also boot each
# kernel without icount for the wall-clock column; default 1), KCC, JOBS,
# KLOCK (see build-kernel.sh).
set -eu

[ $# -eq 2 ] || { sed -n '7p' "$0" | sed 's/^# //' >&2; exit 2; }
top=$(cd "$1" && pwd)
arch=$2
here=$top/tools/testing/bench
abuild=$top/build/$arch
out=$top/build/bench
export ARCH="$arch"

case $arch in
x86_64)
	karch=x86 kbarch=x86_64 image=arch/x86/boot/bzImage ;;
riscv64)
	karch=riscv kbarch=riscv image=arch/riscv/boot/Image
	export CROSS_COMPILE=riscv64-linux-gnu-
	# Two harts under -icount hang both kernels before init when they
	# are built without preemption (QEMU 7.2); one boots.
	export VM_SMP=${VM_SMP:-1}
	[ "${KCC:-gcc}" != gcc ] || export KCC=${CROSS_COMPILE}gcc
	;;
*)
	echo "bench: ARCH=$arch: x86_64 or riscv64" >&2
	exit 2 ;;
esac

mkdir -p "$out/ours" "$out/upstream"

# 1. Configure.
frags="$top/configs/$arch.config $top/configs/bench.config"
# An architecture's own bench settings (riscv64: no preemption).
[ ! -f "$top/configs/bench-$arch.config" ] ||
	frags="$frags $top/configs/bench-$arch.config"
# shellcheck disable=SC2086 # a list of fragments
sh "$top/tools/overlay/kconfig.sh" --lost "$out/ours/config-lost.txt" \
	"$abuild/src" "$abuild/obj-bench" "$kbarch" $frags
sh "$top/tools/overlay/check-manifest.sh" "$abuild/src" \
	"$abuild/obj-bench/.config" "$karch"
# shellcheck disable=SC2086
sh "$top/tools/overlay/kconfig.sh" --lost "$out/upstream/config-lost.txt" \
	"$top/build/pristine" "$abuild/obj-upstream" "$kbarch" $frags

# 2. Build.
for k in ours upstream; do
	rm -rf "$out/$k/ext"
	mkdir -p "$out/$k/ext"
done
sh "$here/build.sh" "$top" "$arch" "$out"

# 3. Guest directories and initramfs.
${CROSS_COMPILE:-}gcc -static -O2 -Wall -o "$out/benchtool" "$here/benchtool.c"
for k in ours upstream; do
	case $k in
	ours) obj=$abuild/obj-bench modroot=$abuild/modroot-bench ;;
	upstream) obj=$abuild/obj-upstream modroot=$abuild/modroot-upstream ;;
	esac
	cp "$out/benchtool" "$here/guest.sh" "$out/$k/ext/"
	sh "$top/tools/testing/vm/mkinitramfs.sh" "$out/$k/initramfs.cpio.gz" \
		"$modroot" "$top/build/pristine/tools/testing/selftests/ftrace" \
		"$abuild/userland"
	ln -sf "$obj/$image" "$out/$k/bzImage"
	size "$obj/vmlinux" | awk 'NR == 2 {
		print "BENCH size.text_bytes " $1
		print "BENCH size.data_bytes " $2 }' >"$out/$k/size.txt"
done

# 4. Boot.
sh "$here/run.sh" "$out" "${BENCH_RUNS:-3}" "${BENCH_WALL:-1}"

# 5. Tabulate.
sh "$here/report.sh" "$out" "$top/build/pristine/.version"
