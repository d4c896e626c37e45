#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# run-tests.sh - the host side of `make test`.
#
# Usage: run-tests.sh KERNEL INITRD OUTDIR EXPECTATIONS [TIMEOUT]
#
# Boots SHARDS guests (default 2: one per host core) side by side, each
# running guest-test.sh on its share of ftracetest (the first also reports
# boot and KUnit), keeps each console in OUTDIR/test-<i>.log and the
# guest's output in OUTDIR/test-<i>.out, then judges all logs together
# with check-results.sh.  Its exit status is check-results.sh's: a guest
# that timed out or crashed leaves cases missing, which fails the run.
#
# FTRACETEST_CASES in the environment (shell patterns over the case paths
# under test.d, separated by spaces, e.g. '00basic/* ftrace/*') limits the
# ftracetest layer to those cases, and the judging to their expectation
# lines; empty (the default) runs them all.
# FTRACETEST_TIMEOUT, if set, is the guest's default per-case timeout in
# seconds (ftracetest-guest.sh: 120).
# STATIC_KERNEL, if set, is a kernel built with the static tracer (make
# static-kernel); once the shards are done it boots with static-test.sh,
# its console in OUTDIR/test-static.log, judged with the others; unset,
# the expectations' static/ lines are left out.
# MCOUNT_VMLINUX, if set, is the test kernel's vmlinux: mcount-count.sh
# compares its __mcount_loc table with the call sites the first guest
# recorded at boot, its result in OUTDIR/test-mcount.log.
# FTRACETEST_ONLY=1: the guests run their share of ftracetest and no
# other layer, boot with the kernel's defaults (plus VM_APPEND, if set:
# more kernel arguments) and no other guest follows; only the
# expectations' ftracetest lines are judged, written to
# OUTDIR/expectations-ftracetest.txt (`make stress`).
set -u

kernel=$1 initrd=$2 out=$3 expectations=$4 timeout=${5:-3000}
shards=${SHARDS:-2}
here=$(dirname "$0")
only=
[ "${FTRACETEST_ONLY:-0}" = 0 ] || only=--ftracetest-only,

# The boot options the sharded guests cannot have (the first boots with
# the function tracer, the others with tracing untouched): a short boot.
boot_cmdline_guest() {
	sh "$here/run-vm.sh" --kernel "$kernel" --initrd "$initrd" \
		--script "$here/boot-cmdline.sh" --timeout 600 \
		--append 'ftrace=function_graph ftrace_graph_filter=do_one_initcall ftrace_graph_notrace=init_* ftrace_graph_max_depth=2 kprobe_event=p:bootprobe,vfs_read,count=$arg3;r:bootret,vfs_read,ret=$retval trace_trigger=sched_process_exec.stacktrace:1,initcall_level.hist:keys=level trace_instance=early,initcall:initcall_level,syscalls:sys_enter_execve' \
		--log "$out/test-boot-cmdline.log" > "$out/test-boot-cmdline.out" 2>&1
	rc=$?
	echo "run-tests: boot options guest exited with $rc"
	[ "$rc" -eq 0 ] || tail -n 50 "$out/test-boot-cmdline.out"
}

mkdir -p "$out"
rm -f "$out"/test-*.log "$out"/test-*.out
pids=""
i=1
while [ "$i" -le "$shards" ]; do
	# Whichever guest runs core/boot_instance.tc finds the instance the
	# trace_instance= boot option made; in the other it is left alone.
	boot=" trace_instance=tc_boot^traceoff,sched:sched_switch"
	[ -z "${FTRACETEST_TIMEOUT:-}" ] ||
		boot="$boot FTRACETEST_TIMEOUT=$FTRACETEST_TIMEOUT"
	# The first also starts the function tracer from the command line
	# (boot-options.sh checks it before ftracetest runs).
	[ "$i" != 1 ] || [ -n "$only" ] ||
		boot="$boot ftrace=function ftrace_filter=do_one_initcall ftrace_boot_snapshot tracing_thresh=100"
	boot="$boot${VM_APPEND:+ $VM_APPEND}"
	cases=
	set -f	# patterns for the guest, not for the host's filesystem
	for g in ${FTRACETEST_CASES:-}; do
		cases="$cases,$g"
	done
	set +f
	sh "$here/run-vm.sh" --kernel "$kernel" --initrd "$initrd" \
		--script "$here/guest-test.sh" --timeout "$timeout" \
		--append "vmargs=$only--shard,$i/$shards$cases$boot" \
		--log "$out/test-$i.log" > "$out/test-$i.out" 2>&1 &
	pids="$pids $!"
	i=$((i + 1))
done
echo "run-tests: $shards guest(s) running; consoles in $out/test-*.log"

i=1
for pid in $pids; do
	wait "$pid"
	rc=$?
	echo "run-tests: guest $i exited with $rc"
	[ "$rc" -eq 0 ] || tail -n 50 "$out/test-$i.out"
	i=$((i + 1))
done
# Which QEMU ran them (i386 falls back to one with a known bug: run-vm.sh).
sed -n '1s/^run-vm: \([^,]*\), kernel.*/run-tests: guests ran on \1/p' \
	"$out/test-1.out"

# FTRACETEST_ONLY: its guests above are all; the expectations' other
# layers are not judged.
if [ -n "$only" ]; then
	grep -E '^[^ 	#]*\.tc[ 	]' "$expectations" \
		> "$out/expectations-ftracetest.txt"
	expectations=$out/expectations-ftracetest.txt
	STATIC_KERNEL= MCOUNT_VMLINUX=
else
	boot_cmdline_guest
fi

if [ -n "${STATIC_KERNEL:-}" ]; then
	sh "$here/run-vm.sh" --kernel "$STATIC_KERNEL" --initrd "$initrd" \
		--script "$here/static-test.sh" --timeout 600 \
		--log "$out/test-static.log" > "$out/test-static.out" 2>&1
	rc=$?
	echo "run-tests: static kernel guest exited with $rc"
	[ "$rc" -eq 0 ] || tail -n 50 "$out/test-static.out"
fi

if [ -n "${MCOUNT_VMLINUX:-}" ]; then
	sh "$here/mcount-count.sh" "$MCOUNT_VMLINUX" "$out/test-1.log" \
		> "$out/test-mcount.log"
	cat "$out/test-mcount.log"
fi

# Without the static kernel its cases did not run: they are not judged.
if [ -z "${STATIC_KERNEL:-}" ] && grep -q '^static/' "$expectations"; then
	grep -v '^static/' "$expectations" > "$out/expectations.txt"
	expectations=$out/expectations.txt
fi

# Nor are the ftracetest cases FTRACETEST_CASES left out (make test-full's).
in_cases() { # case
	set -f
	for g in $FTRACETEST_CASES; do
		# shellcheck disable=SC2254 # $g is a pattern
		case $1 in $g) set +f; return 0 ;; esac
	done
	set +f
	return 1
}
if [ -n "${FTRACETEST_CASES:-}" ]; then
	while IFS= read -r line; do
		name=${line%%[	 ]*}
		case $name in
		*.tc) in_cases "$name" || continue ;;
		esac
		printf '%s\n' "$line"
	done < "$expectations" > "$out/expectations-cases.txt"
	expectations=$out/expectations-cases.txt
fi

logs=$(ls "$out"/test-*.log 2>/dev/null)
# shellcheck disable=SC2086
exec sh "$here/check-results.sh" $logs "$expectations"
