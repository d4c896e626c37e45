#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# kunit-repeat.sh - guest side: run one built-in KUnit suite again and
# again (CONFIG_KUNIT_DEBUGFS) until the kernel log shows a splat, to
# turn a rare boot-time failure into one that shows up in a minute.
#
#   kunit-repeat.sh SUITE [RUNS]
#
# From the host, e.g. the ring buffer suite on i386, 150 runs (init passes
# vmargs= as the script's arguments):
#
#   ARCH=i386 sh tools/testing/vm/run-vm.sh --kernel K --initrd I \
#       --script THIS_SCRIPT \
#       --append vmargs=ring_buffer,150 --timeout 1200
#
# Prints "KUNIT-REPEAT SUITE: N runs, no splat" or the run that showed
# one and the log from it; a run that oopses the kernel ends the guest.

suite=${1:?usage: kunit-repeat.sh SUITE [RUNS]}
runs=${2:-100}
splat='cut here|BUG:|Oops|Bad page|double fault'

mount -t debugfs none /sys/kernel/debug 2>/dev/null
run=/sys/kernel/debug/kunit/$suite/run
if [ ! -e "$run" ]; then
	echo "KUNIT-REPEAT $suite: no $run (CONFIG_KUNIT_DEBUGFS?)"
	exit 1
fi

i=0
while [ "$i" -lt "$runs" ]; do
	echo 1 > "$run"
	i=$((i + 1))
	if dmesg | grep -Eq "$splat"; then
		echo "KUNIT-REPEAT $suite: splat in run $i"
		dmesg | grep -E -A40 "$splat" | head -80
		exit 1
	fi
done
echo "KUNIT-REPEAT $suite: $i runs, no splat"
