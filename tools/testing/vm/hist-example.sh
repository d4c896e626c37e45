#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# hist-example.sh - the wakeup-latency example of
# Documentation/trace/histogram.rst, typed as the page types it, checked
# for what the page shows:
#   docs/histogram-wakeup-latency  the sched_switch trigger reads back in
#       the page's form, wakeup_latency events reach the trace, removing
#       the synthetic event while a trigger emits it gets EBUSY, its own
#       hist trigger aggregates ping's latencies, and taking it all down
#       newest first leaves no trigger and no synthetic event.
# shellcheck disable=SC2016 # the $vars are the trigger language's

T=/sys/kernel/tracing
name=docs/histogram-wakeup-latency

if [ ! -f $T/synthetic_events ]; then
	echo "TEST-RESULT $name SKIP no synthetic events in this kernel"
	exit 0
fi

bad=
fail() { bad="$bad; $*"; }

cd $T || exit 0
echo 0 > tracing_on
: > trace
echo 1 > tracing_on

echo 'wakeup_latency u64 lat; pid_t pid; char comm[16]' >> synthetic_events
echo 'hist:keys=pid:ts0=common_timestamp.usecs' >> events/sched/sched_waking/trigger
echo 'hist:keys=next_pid:lat=common_timestamp.usecs-$ts0:onmatch(sched.sched_waking).trace(wakeup_latency,$lat,next_pid,next_comm)' >> events/sched/sched_switch/trigger
echo 1 > events/synthetic/wakeup_latency/enable
echo 'hist:keys=comm,pid:vals=lat:sort=lat.descending' >> events/synthetic/wakeup_latency/trigger
ping -c 3 127.0.0.1 > /dev/null

want='hist:keys=next_pid:vals=hitcount:lat=common_timestamp.usecs-$ts0:sort=hitcount:size=2048:clock=global:onmatch(sched.sched_waking).trace(wakeup_latency,$lat,next_pid,next_comm) [active]'
[ "$(cat events/sched/sched_switch/trigger)" = "$want" ] ||
	fail "sched_switch/trigger reads '$(cat events/sched/sched_switch/trigger)'"
grep -q 'wakeup_latency: lat=[0-9]* pid=[0-9]* comm=' trace ||
	fail "no wakeup_latency event in trace"
if echo '!wakeup_latency' >> synthetic_events 2>/dev/null; then
	fail "removing wakeup_latency while used did not fail"
fi
hist=$(cat events/synthetic/wakeup_latency/hist)
# Any task's entry: busybox sh runs ping as "exe" (/proc/self/exe).
echo "$hist" | grep -q '^{ comm: [^,]*, pid: *[0-9]* } hitcount: *[0-9]* *lat: *[0-9]*$' ||
	fail "no entry in wakeup_latency/hist"
echo "$hist" | grep -q '^ *Hits: [1-9]' || fail "wakeup_latency/hist has no hits"

echo '!hist:keys=comm,pid:vals=lat:sort=lat.descending' >> events/synthetic/wakeup_latency/trigger
echo 0 > events/synthetic/wakeup_latency/enable
echo '!hist:keys=next_pid:lat=common_timestamp.usecs-$ts0:onmatch(sched.sched_waking).trace(wakeup_latency,$lat,next_pid,next_comm)' >> events/sched/sched_switch/trigger
echo '!hist:keys=pid:ts0=common_timestamp.usecs' >> events/sched/sched_waking/trigger
echo '!wakeup_latency' >> synthetic_events || fail "wakeup_latency not removed after its triggers"
! grep -q -v '^#' events/sched/sched_switch/trigger ||
	fail "sched_switch keeps a trigger"
[ -z "$(cat synthetic_events)" ] || fail "synthetic_events not empty"

if [ -z "$bad" ]; then
	echo "TEST-RESULT $name PASS"
else
	echo "$hist"
	echo "TEST-RESULT $name FAIL${bad#;}"
fi
