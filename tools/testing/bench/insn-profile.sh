#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# insn-profile.sh - where a traced getppid() spends its instructions, per
# function of the kernel, on x86_64.
#
# Usage: insn-profile.sh KERNEL VMLINUX INITRD TRACER N [TOP]
#
#   KERNEL   the bzImage; VMLINUX its vmlinux (for the symbols)
#   INITRD   a test or bench initramfs (build/x86_64/initramfs.cpio.gz)
#   TRACER   written to current_tracer around the loop (function,
#            function_graph, nop, ...)
#   N        getppid() calls in the short run; the long run makes 2 N
#   TOP      lines to print (default 30)
#
# Boots the kernel twice under icount with tbcount.c, a QEMU plugin that
# counts each translation block's executions, running `benchtool loop N`
# and then `loop 2N` with TRACER on.  The difference of the two runs is
# N calls' worth: boot and setup cancel out.  Prints, per kernel function
# (by vmlinux's symbols), the instructions it ran per getppid(), the
# largest first; module text and ftrace's trampolines are one line,
# user space another.  Not part of make
# bench or make test.
set -eu

[ $# -ge 5 ] || { sed -n '7p' "$0" | sed 's/^# //' >&2; exit 2; }
kernel=$1 vmlinux=$2 initrd=$3 tracer=$4 n=$5 top=${6:-30}
here=$(cd "$(dirname "$0")" && pwd)
vm=$here/../vm/run-vm.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mkdir "$tmp/ext"
gcc -shared -fPIC -O2 -Wall -o "$tmp/tbcount.so" "$here/tbcount.c"
gcc -static -O2 -Wall -o "$tmp/ext/benchtool" "$here/benchtool.c"
printf '#!/bin/sh\nexec qemu-system-x86_64 -plugin %s "$@"\n' \
	"$tmp/tbcount.so" >"$tmp/qemu"
chmod +x "$tmp/qemu"

for loops in "$n" $((2 * n)); do
	cat >"$tmp/ext/run.sh" <<EOS
#!/bin/sh
echo $tracer > /sys/kernel/tracing/current_tracer
/ext/benchtool loop $loops
echo nop > /sys/kernel/tracing/current_tracer
EOS
	echo "insn-profile: $tracer, $loops calls" >&2
	TBOUT=$tmp/$loops.txt QEMU=$tmp/qemu ARCH=x86_64 sh "$vm" \
		--kernel "$kernel" --initrd "$initrd" --script "$tmp/ext/run.sh" \
		--icount --append kunit.enable=0 --timeout 1800 >"$tmp/$loops.log" 2>&1 ||
		{ tail -20 "$tmp/$loops.log" >&2; exit 1; }
done

# Kernel addresses all start with ffffffff: their low 32 bits, as fixed
# width hex, sort and compare as text (awk's numbers would round them).
# vmlinux's text is below ffffffffa0000000, module text and ftrace's
# trampolines above it.
blocks() { # file sign
	awk -v s="$2" '{
		a = $1 ~ /^ffffffff/ ? substr($1, 9) : "user"
		if (a != "user" && a >= "a0000000")
			a = "module"
		print a, "T", s * $2 * $3
	}' "$1"
}

{
	nm -n "$vmlinux" | awk '$1 ~ /^ffffffff/ && $2 ~ /^[tTwW]$/ {
		print substr($1, 9), "S", $3 }'
	blocks "$tmp/$n.txt" -1
	blocks "$tmp/$((2 * n)).txt" 1
} | LC_ALL=C sort -k1,1 -k2,2 | awk -v n="$n" '
	$2 == "S" { sym = $3; next }
	$1 == "user" { sum["(user space)"] += $3; next }
	$1 == "module" { sum["(modules, ftrace trampolines)"] += $3; next }
	{ sum[sym] += $3 }
	END {
		for (s in sum) { printf "%12.1f  %s\n", sum[s] / n, s; t += sum[s] }
		printf "%12.1f  (all)\n", t / n
	}' | sort -rn | head -n $((top + 1))
