#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# fetch-qemu.sh: unpack bookworm-backports' qemu-system-x86 (QEMU 10)
# into DIR, once, for the i386 guest.  Nothing is installed: apt-get
# works on a private sources list and cache under DIR, and the packages
# are unpacked with dpkg -x; their libraries are bookworm's, already
# there for the system's QEMU.
#
# usage: fetch-qemu.sh DIR     (then DIR/usr/bin/qemu-system-i386)
#
# Why: bookworm's QEMU 7.2 sometimes hands the guest EFLAGS with NT, TF,
# IOPL or DF set after a LOCK CMPXCHG8B (tools/testing/vm/
# qemu-cx8-eflags.c shows it from user space), and our ring buffer's
# 64-bit tail word runs that instruction on every i386 write: a double
# fault or a #DB WARNING about one boot in eight.  QEMU 8.0 and later
# emulate CMPXCHG8B inline, without the stale flags state.
#
# When the download or the binary fails, say so and leave DIR without
# it: run-vm.sh then falls back to the system's qemu-system-i386 and
# prints the same warning.
set -eu

dir=${1:?usage: fetch-qemu.sh DIR}
bin=$dir/usr/bin/qemu-system-i386
pkgs="qemu-system-x86 qemu-system-common qemu-system-data"

[ -x "$bin" ] && exit 0

fail() {
	echo "fetch-qemu: $*; i386 boots bookworm's QEMU 7.2 (CMPXCHG8B bug)" >&2
	rm -rf "$dir"
	exit 0
}

apt=$dir/apt
rm -rf "$dir"
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/debs"
echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg]" \
	"http://deb.debian.org/debian bookworm-backports main" >"$apt/sources.list"
set -- -q -o Dir::Etc::SourceList="$apt/sources.list" \
	-o Dir::Etc::SourceParts=/dev/null -o Dir::State::Lists="$apt/lists" \
	-o Dir::Cache="$apt/cache" -o Debug::NoLocking=1 \
	-o APT::Default-Release=bookworm-backports -o APT::Sandbox::User="$(id -un)"

# A mirror's hiccup should not cost the i386 guest its QEMU: three tries.
retry() {
	"$@" >/dev/null 2>&1 || { sleep 10; "$@" >/dev/null 2>&1; } ||
		{ sleep 30; "$@" >/dev/null 2>&1; }
}

echo "fetch-qemu: $pkgs from bookworm-backports into $dir"
retry apt-get "$@" update || fail "apt-get update failed"
# shellcheck disable=SC2086
(cd "$apt/debs" && retry apt-get "$@" download $pkgs) ||
	fail "apt-get download failed"
for deb in "$apt"/debs/*.deb; do
	dpkg -x "$deb" "$dir" || fail "dpkg -x $deb failed"
done
rm -rf "$apt"
"$bin" --version >/dev/null 2>&1 || fail "$bin does not run"
"$bin" --version | head -1
