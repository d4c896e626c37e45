#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# fail-nth.pl - fail every allocation of a tracing operation in turn
# (guest side: stress.sh's faults loop, on a kernel with
# FAULT_INJECTION, FAILSLAB and FAIL_PAGE_ALLOC).
#
# Usage: fail-nth.pl SECONDS [TRIES [MKDIR_TRIES]]
#
# The operations: a buffer_size_kb resize, an event enable, a hist
# trigger, a kprobe event and an instance mkdir.  Each is one system
# call, made with its file already open, so that
# /proc/thread-self/fail-nth counts the allocations of that call alone:
# written N, the call's Nth allocation (slab or page, sleeping or not,
# any order) fails.  A call made with N far beyond its allocations
# counts them (A) and gives the state it leaves without faults.  The
# walk of an operation then fails its 1st, 2nd, ... allocation, every
# STRIDEth when A is more than the operation's tries, until the call
# no longer reaches the Nth: its run without a fault.  After each try
# the operation's state is read back:
#   - refused (an error): the state before the call;
#   - accepted: the state the call leaves without faults;
# then the operation is undone without faults and must leave the state
# before it again.
#
# The first round walks every operation to its end; more rounds follow
# until SECONDS have passed, the last one cut short.  Prints one line
# per operation,
#   fail-nth: <op>: A allocations, P fail points (every STRIDE),
#             R refused, S succeeded
# (S counts the run without a fault too), the later rounds' totals, and
# "fail-nth: BAD ..." for every check that did not hold.  Exit status 0
# when every check held, 1 otherwise.

use strict;
use warnings;
use Fcntl qw(O_RDONLY O_WRONLY O_APPEND);

my $T = '/sys/kernel/tracing';
my $D = '/sys/kernel/debug';
my $NTH = '/proc/thread-self/fail-nth';
my $BIG = 1000000;
# Tries an operation's walk may take (400 and 40 unless given): one try
# of an instance mkdir (a mkdir, its undoing rmdir) takes seconds on the
# debug kernel under TCG.  make test's short run gives fewer.
my $secs = shift // 120;
my $TRIES = shift // 400;
my $MKDIR_TRIES = shift // 40;
my @bad;

# The injection knobs fail-nth goes through.  probability stays 0: only
# fail-nth's point fails.  Sleeping allocations and single pages are the
# ones tracing makes, so neither is exempt.
sub setup_knobs {
	for my $a ('failslab', 'fail_page_alloc') {
		for my $kv (['probability', '0'], ['verbose', '0'],
			    ['ignore-gfp-wait', 'N']) {
			put("$D/$a/$kv->[0]", $kv->[1]) or
				die "$D/$a/$kv->[0]: $!\n";
		}
	}
	put("$D/fail_page_alloc/min-order", '0') or die "min-order: $!\n";
}

# put FILE VALUE: a write without faults.  Returns whether it succeeded.
sub put {
	my ($file, $val) = @_;
	my $ok;

	sysopen(my $fh, $file, O_WRONLY | O_APPEND) or return 0;
	$ok = defined syswrite($fh, $val);
	close($fh);
	return $ok;
}

sub slurp {
	my ($file) = @_;
	my ($buf, $all) = ('', '');

	sysopen(my $fh, $file, O_RDONLY) or return "<$!>";
	$all .= $buf while sysread($fh, $buf, 65536);
	close($fh);
	return $all;
}

sub names {
	my ($dir) = @_;

	opendir(my $dh, $dir) or return "<$dir: $!>";
	my @n = sort grep { !/^\.\.?$/ } readdir($dh);
	closedir($dh);
	return "$dir: @n\n";
}

# An operation: the call made under fail-nth (prep opens its file first),
# the state it reads back, and how it is undone.
sub op_mkdir {
	my $i = "$T/instances/fnth-mkdir";

	return {
		name => 'instance mkdir',
		tries => $MKDIR_TRIES,
		prep => sub { return undef },
		call => sub { return mkdir($i) },
		state => sub {
			return names("$T/instances") unless -d $i;
			return names("$T/instances") . names($i) .
				names("$i/events") . names("$i/events/sched") .
				names("$i/per_cpu") . slurp("$i/buffer_size_kb");
		},
		undo => sub { rmdir($i) or push @bad, "rmdir $i: $!" if -d $i },
	};
}

# op_write NAME FILE VALUE UNDO STATE: VALUE written to FILE (opened for
# appending: a truncating open would clear triggers and probes), UNDO
# written after it (an error there shows in the state read back next);
# STATE lists the files whose text is the state.
sub op_write {
	my ($name, $file, $val, $undo, @state) = @_;
	my $fh;

	return {
		name => $name,
		tries => $TRIES,
		prep => sub {
			sysopen($fh, $file, O_WRONLY | O_APPEND) or
				die "$file: $!\n";
		},
		call => sub { return defined syswrite($fh, $val) },
		state => sub {
			return join('', map { -d $_ ? names($_) :
					       -e $_ ? slurp($_) : "$_: absent\n" }
				    @state);
		},
		undo => sub { close($fh); put($file, $undo) },
	};
}

# try OP N: one call with its Nth allocation failed.  Returns what is
# left of N (0: the fault was injected; more: the call made N - left
# allocations and none failed) and whether the call succeeded.
sub try_nth {
	my ($op, $n) = @_;
	my ($left, $ok) = ('');

	sysopen(my $w, $NTH, O_WRONLY) or die "$NTH: $!\n";
	sysopen(my $r, $NTH, O_RDONLY) or die "$NTH: $!\n";
	$op->{prep}->();
	# Nothing between the two writes and the read but the call itself.
	syswrite($w, "$n") or die "write $NTH: $!\n";
	$ok = $op->{call}->();
	sysread($r, $left, 32);
	syswrite($w, '0');
	close($r);
	close($w);
	$left =~ /^(\d+)/ or die "$NTH reads '$left'\n";
	return ($1, $ok);
}

# walk OP [UNTIL]: fail the 1st, (1 + STRIDE)th, ... allocation of OP's
# call in turn, up to the time UNTIL if given.  STRIDE is 1 unless the
# call makes more allocations than OP's tries.
# Returns [points, refused, succeeded, finished, allocations, stride].
sub walk {
	my ($op, $until) = @_;
	my ($n, $refused, $succeeded, $nth) = (0, 0, 0, 1);
	my ($old, $ref, $allocs, $stride, $left, $ok);

	$old = $op->{state}->();
	# A fault-free call with fail-nth far beyond its allocations: what
	# it leaves, and how many allocations it makes.
	($left, $ok) = try_nth($op, $BIG);
	$ok or die "$op->{name}: fails without faults: $!\n";
	$allocs = $BIG - $left;
	$stride = int(($allocs + $op->{tries} - 1) / $op->{tries}) || 1;
	$ref = $op->{state}->();
	$op->{undo}->();
	while (!defined $until || time() < $until) {
		my $at = $nth;

		($left, $ok) = try_nth($op, $nth);
		$nth += $stride;
		$n++ unless $left;
		$succeeded++ if $ok;
		$refused++ unless $ok;
		check($op, $at, $left, $ok, $old, $ref);
		# Past the last allocation: the call ran without a fault.
		return [$n, $refused, $succeeded, 1, $allocs, $stride] if $left;
	}
	return [$n, $refused, $succeeded, 0, $allocs, $stride];
}

# check OP AT LEFT OK OLD REF: the state after a try at the ATth
# allocation, and after its undo.
sub check {
	my ($op, $at, $left, $ok, $old, $ref) = @_;
	my $now = $op->{state}->();
	my $what = "$op->{name}: allocation $at";

	push @bad, "$what: refused without a fault" if $left && !$ok;
	if ($ok && $now ne $ref) {
		push @bad, "$what: accepted, reads\n$now  not\n$ref";
	} elsif (!$ok && $now ne $old) {
		push @bad, "$what: refused, changed\n$old  to\n$now";
	}
	$op->{undo}->();
	$now = $op->{state}->();
	push @bad, "$what: undone, reads\n$now  not\n$old" if $now ne $old;
}

# The first three operations work in one instance, made and removed around
# them without faults.
sub ops {
	my $i = "$T/instances/fnth";
	my $ev = "$i/events/sched/sched_switch";

	return (op_write('buffer_size_kb resize', "$i/buffer_size_kb", '64',
			 '16', "$i/buffer_size_kb", "$i/buffer_total_size_kb",
			 "$i/per_cpu/cpu0/buffer_size_kb"),
		op_write('event enable', "$ev/enable", '1', '0',
			 "$ev/enable", "$i/set_event"),
		op_write('hist trigger', "$ev/trigger",
			 'hist:keys=common_pid:size=128',
			 '!hist:keys=common_pid:size=128', "$ev/trigger"),
		op_write('kprobe event', "$T/kprobe_events",
			 'p:fnth/vfs_read vfs_read', '-:fnth/vfs_read',
			 "$T/kprobe_events", "$T/events/fnth"),
		op_mkdir());
}

# rounds OPS START END: the first round of walks to their end, then more
# until END.
sub rounds {
	my ($ops, $start, $end) = @_;
	my ($rounds, $more, $walks) = (0, 0, 0);

	do {
		for my $op (@$ops) {
			# The first round's walks run to their end.
			my $w = walk($op, $rounds ? $end : undef);

			if ($rounds == 0) {
				print "fail-nth: $op->{name}: $w->[4] " .
					"allocations, $w->[0] fail points " .
					"(every $w->[5]), $w->[1] refused, " .
					"$w->[2] succeeded\n";
			} else {
				$more += $w->[0];
				$walks++ if $w->[3];
			}
			last if $rounds && time() >= $end;
		}
		$rounds++;
	} while (time() < $end);
	print "fail-nth: then $walks more whole walks, $more fail points, " .
		"in ", time() - $start, " s\n";
}

sub main {
	my $start = time();
	my $end = $start + $secs;
	my $i = "$T/instances/fnth";

	$| = 1;

	setup_knobs();
	mkdir($i) or die "mkdir $i: $!\n";
	put("$i/buffer_size_kb", '16') or die "$i/buffer_size_kb: $!\n";
	my @ops = ops();
	# A check that cannot go on ends the walks, not the report.
	eval {
		rounds(\@ops, $start, $end);
		1;
	} or push @bad, "stopped: $@";
	rmdir($i) or push @bad, "rmdir $i: $!";

	print "fail-nth: BAD $_\n" for @bad;
	return @bad ? 1 : 0;
}

exit(main());
