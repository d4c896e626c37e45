#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# fetch-tools.sh - Debian's trace-cmd, perf and strace for a guest
# architecture the host cannot run, unpacked into DIR, once.
#
# Usage: fetch-tools.sh ARCH DIR
#
# The host's release (bookworm) has no riscv64 binaries; trixie has them
# for riscv64 and i386, with linux-perf built from 6.12, the kernel we
# build.  Nothing is installed: apt-get works on a private sources list
# and cache under DIR, resolves the packages with an empty dpkg status,
# downloads the ones that hold shared libraries (lib*) plus the tools
# themselves, and `dpkg -x` unpacks each into DIR/root.  mkinitramfs.sh
# copies from there the programs and exactly the libraries their
# DT_NEEDED entries reach.
#
# DIR/stamp records the suite, architecture and package list; when it
# matches and DIR/root has the programs, nothing is fetched.
set -eu

arch=${1:?usage: fetch-tools.sh ARCH DIR}
dir=${2:?usage: fetch-tools.sh ARCH DIR}
suite=trixie
tools="trace-cmd linux-perf strace libtraceevent1-plugin"
# What to download of the packages apt resolves: the tools and the
# packages that hold their shared libraries (lib*, zlib1g), not the
# interpreters' standard libraries and data.
keep='^(lib.*|zlib1g|trace-cmd|linux-perf|strace)$'
skip='-(stdlib|common|data|modules-.*)$'
stamp="$suite $arch $tools $keep $skip"

die() {
	echo "fetch-tools: $*" >&2
	exit 1
}

if [ -x "$dir/root/usr/bin/perf" ] && [ -x "$dir/root/usr/bin/trace-cmd" ] &&
	[ "$(cat "$dir/stamp" 2>/dev/null)" = "$stamp" ]; then
	exit 0
fi

apt=$dir/apt
rm -rf "$dir"
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/debs" \
	"$dir/root"
echo "deb [arch=$arch signed-by=/usr/share/keyrings/debian-archive-keyring.gpg]" \
	"http://deb.debian.org/debian $suite main" >"$apt/sources.list"
set -- -q -o Dir::Etc::SourceList="$apt/sources.list" \
	-o Dir::Etc::SourceParts=/dev/null -o Dir::State::Lists="$apt/lists" \
	-o Dir::Cache="$apt/cache" -o Dir::State::status=/dev/null \
	-o Debug::NoLocking=1 -o APT::Architecture="$arch" \
	-o APT::Architectures::="$arch" -o APT::Sandbox::User="$(id -un)"

echo "fetch-tools: $tools from $suite/$arch into $dir"
apt-get "$@" update >/dev/null 2>&1 || die "apt-get update ($suite/$arch) failed"
# shellcheck disable=SC2086 # the package list splits
pkgs=$(apt-get "$@" -s --no-install-recommends install $tools 2>&1 |
	awk '$1 == "Inst" { print $2 }' |
	grep -E "$keep" | grep -vE -- "$skip") ||
	die "apt-get could not resolve $tools for $arch"
# shellcheck disable=SC2086
(cd "$apt/debs" && apt-get "$@" download $pkgs >"$apt/download.log" 2>&1) ||
	{ tail -n 5 "$apt/download.log" >&2; die "apt-get download failed"; }
for deb in "$apt"/debs/*.deb; do
	dpkg -x "$deb" "$dir/root" || die "dpkg -x $deb failed"
done
rm -rf "$apt"
[ -x "$dir/root/usr/bin/perf" ] || die "no usr/bin/perf in linux-perf"
echo "$stamp" >"$dir/stamp"
echo "fetch-tools: $(cd "$dir/root/usr/bin" && echo *)"
