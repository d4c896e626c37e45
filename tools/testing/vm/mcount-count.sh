#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# mcount-count.sh - does the kernel record every call site the build
# wrote into vmlinux's __mcount_loc table? (host side of `make test`)
#
# Usage: [CROSS_COMPILE=prefix] mcount-count.sh VMLINUX CONSOLE_LOG
#
# Counts the non-zero words between __start_mcount_loc and
# __stop_mcount_loc in VMLINUX (a zero word is a call site of a section
# the linker discarded, which ftrace_init() skips) and compares the count
# with the one ftrace_init() printed at boot in CONSOLE_LOG ("ftrace: N
# call sites of vmlinux turned into NOPs").  Prints one line,
#   TEST-RESULT boot/mcount-records PASS|FAIL [note]
# for check-results.sh.
set -eu

vmlinux=$1 log=$2
cross=${CROSS_COMPILE:-}
name=boot/mcount-records

fail() {
	echo "TEST-RESULT $name FAIL $*"
	exit 0
}

[ -f "$vmlinux" ] || fail "no $vmlinux"
addr() {
	"${cross}nm" "$vmlinux" | awk -v s="$1" '$3 == s { print $1; exit }'
}
start=$(addr __start_mcount_loc)
stop=$(addr __stop_mcount_loc)
if [ -z "$start" ] || [ -z "$stop" ]; then
	fail "no __start/__stop_mcount_loc in vmlinux"
fi
case $("${cross}readelf" -h "$vmlinux" | sed -n 's/^ *Class: *//p') in
ELF64) word=8 ;;
*) word=4 ;;
esac

# objdump -s prints each line as an address and up to four groups of
# four bytes; a word is 1 or 2 groups.
built=$("${cross}objdump" -s --start-address=0x"$start" \
	--stop-address=0x"$stop" "$vmlinux" |
	awk -v w="$word" '
	/^ [0-9a-f]+ / {
		for (i = 2; i <= 5; i++) {
			if ($i !~ /^[0-9a-f]+$/)
				break
			g = g $i
			if (length(g) == 2 * w) {
				total++
				if (g !~ /^0+$/)
					nonzero++
				g = ""
			}
		}
	}
	END { print nonzero + 0, total + 0 }')
recorded=$(tr -d '\r' < "$log" |
	sed -n 's/.*ftrace: \([0-9][0-9]*\) call sites of vmlinux.*/\1/p' |
	head -n 1)
[ -n "$recorded" ] || fail "no 'ftrace: N call sites' line at boot"
nonzero=${built% *}
if [ "$nonzero" = "$recorded" ]; then
	echo "TEST-RESULT $name PASS $recorded call sites (table: ${built#* } words)"
else
	fail "vmlinux's table has $nonzero call sites (${built#* } words), the kernel recorded $recorded"
fi
