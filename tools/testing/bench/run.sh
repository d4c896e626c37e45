#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# run.sh - boot our kernel and upstream's in turn and keep their output.
#
# Usage: run.sh OUT RUNS WALL
#
#   OUT   build/bench: OUT/<kernel>/{bzImage,initramfs.cpio.gz,ext/guest.sh}
#         for kernel = ours, upstream (see bench.sh)
#   RUNS  boots per kernel and mode
#   WALL  1: after each icount boot, boot the same kernel again without
#         icount (wall-clock figures, the secondary column); 0: do not
#
# Run i boots ours, then upstream's, so slow drift on the host hits both
# alike.  The icount boots run under -icount shift=0,sleep=off
# (run-vm.sh --icount): guest time is then executed instructions, one
# nanosecond each.  The wall-clock boots use TCG too (VM_ACCEL, default
# tcg), with the guest clock following the host's.  The guest's output
# is kept in OUT/logs/<kernel>-<icount|wall>-<i>.out.
set -eu

[ $# -eq 3 ] || { sed -n '7p' "$0" | sed 's/^# //' >&2; exit 2; }
out=$1 runs=$2 wall=$3
vm=$(cd "$(dirname "$0")/../vm" && pwd)
timeout=${BENCH_TIMEOUT:-1800}

modes=icount
[ "$wall" = 1 ] && modes="icount wall"

rm -rf "$out/logs"
mkdir -p "$out/logs"
i=1
while [ "$i" -le "$runs" ]; do
	for mode in $modes; do
		for k in ours upstream; do
			log=$out/logs/$k-$mode-$i
			flag=
			[ "$mode" = icount ] && flag=--icount
			echo "run: $k, $mode, run $i of $runs"
			start=$(date +%s)
			# shellcheck disable=SC2086 # $flag is empty or one word
			if ! VM_ACCEL=${VM_ACCEL:-tcg} sh "$vm/run-vm.sh" $flag \
				--kernel "$out/$k/bzImage" \
				--initrd "$out/$k/initramfs.cpio.gz" \
				--script "$out/$k/ext/guest.sh" \
				--timeout "$timeout" --log "$log.log" \
				>"$log.out" 2>&1; then
				echo "run: $k $mode run $i FAILED; see $log.out"
				tail -n 20 "$log.out"
			fi
			grep '^BENCH ' "$log.out" | tr -d '\r' | sed 's/^/  /' || :
			echo "run: $k, $mode, run $i took $(($(date +%s) - start)) s"
		done
	done
	i=$((i + 1))
done
