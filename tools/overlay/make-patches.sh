#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# make-patches.sh: write our series against the pristine tree, one patch
# per component, in `git format-patch` form.
#
# usage: make-patches.sh OUTDIR
#
# A scratch git repository holds the pristine version of every path the
# series touches; each component then deletes its manifest paths and lays
# its overlay files, and is committed on its own.
set -eu

out=$1
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tools/overlay/overlay-files.sh"
pristine=$top/build/pristine
work=$out/.work

# prefix|subject|body, in series order.
components='include/|tracing: replace the tracing interface headers|Our own <linux/ftrace.h>, <linux/tracepoint.h>, <linux/trace_events.h> and the other headers the kept kernel includes, API-compatible with 6.12.
kernel/|tracing: replace the tracing core|kernel/trace/ and kernel/tracepoint.c: our implementation.
lib/|tracing: library pieces|Helpers the tracing core needs in lib/.
arch/x86/|x86/ftrace: replace the x86 function tracing support|Trampolines, call-site patching and the x86 trace clock.
arch/riscv/|riscv/ftrace: replace the riscv function tracing support|Trampolines and call-site patching for riscv64.
scripts/|scripts: remove recordmcount|Neither x86_64 nor riscv64 uses recordmcount: gcc records call sites itself (-mrecord-mcount, -fpatchable-function-entry).
samples/|samples: tracing API clients|Sample modules that exercise the tracing API.
tools/testing/selftests/|selftests/ftrace: add our test cases|ftracetest cases for behaviour upstream does not cover.
Documentation/|Documentation/trace: document our tracing|What a user types and what they see.'

rm -rf "$out"
mkdir -p "$work"
cd "$work"
git init -q
git config user.name "ftrace clean-room"
git config user.email "ftrace-cleanroom@localhost"

ours=$(mktemp)
trap 'rm -f "$ours"' EXIT
overlay_files "$top" > "$ours"

# The pristine side of every path we touch.
{ manifest_paths "$top/manifest"; cat "$ours"
  sed -n 's|^+++ b/||p' "$top"/patches/*.patch 2>/dev/null; } | while read -r p; do
	[ -e "$pristine/$p" ] || continue
	mkdir -p "$(dirname "$p")"
	cp -a "$pristine/$p" "$(dirname "$p")/"
done
git add -A
git commit -q -m "Linux $(cat "$pristine/.version") (pristine)"
base=$(git rev-parse HEAD)

printf '%s\n' "$components" | while IFS='|' read -r prefix subject body; do
	manifest_paths "$top/manifest" | grep "^$prefix" | while read -r p; do
		rm -rf "./$p"
	done
	grep "^$prefix" "$ours" | while read -r f; do
		mkdir -p "$(dirname "$f")"
		cp "$top/$f" "$f"
	done
	git add -A
	git diff --cached --quiet && continue
	git commit -q -m "$subject" -m "$(printf "%s\n" "$body" | fmt -w 72)"
done

# Edits to kept upstream files, each already a patch with its own message.
for p in "$top"/patches/*.patch; do
	[ -f "$p" ] || continue
	git apply --index "$p"
	git commit -q -m "$(sed -n 's/^Subject: \(\[PATCH\] \)\{0,1\}//p' "$p" | head -n 1)" \
		-m "$(sed -e '1,/^$/d' -e '/^---/,$d' "$p")"
done

git format-patch -q -o "$out" "$base"
cd "$out"
rm -rf "$work"
ls "$out"
