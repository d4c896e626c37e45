#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# cross-userland.sh - cross-build the guest userland for an architecture
# Debian ships no binaries of (here: riscv64), from Debian's own source
# packages, once.
#
# Usage: cross-userland.sh ARCH CROSS_COMPILE OUTDIR
#
# Writes OUTDIR/busybox, a static busybox built from `apt-get source
# busybox` with Debian's "static" configuration plus the applets the tests
# take from other packages on x86_64:
#   bash   (BASH_IS_ASH) ftracetest and our guest scripts are POSIX sh, and
#          /init runs the test script as /bin/bash; busybox ash serves;
#   nice, chrt           two trigger cases and the tests' helpers use them.
# OUTDIR/busybox.links lists its applets' paths (the host cannot run it
# to ask).  OUTDIR/busybox.stamp records the source version and configuration; when
# it matches, nothing is rebuilt.  A deb-src entry for the host's Debian
# suites is added if apt has none (as root).
#
# It also writes OUTDIR/dash, a static dash built from `apt-get source
# dash` with Debian's configure options (and its patches, so autoreconf
# first, as Debian's own build does): ftracetest's shell, as on x86_64.
# Busybox sh runs its applets by exec'ing /proc/self/exe, so a case that
# waits for a program's exec (trigger-synthetic-event-dynstring: "ping")
# sees none under it; dash execs /bin/ping.  OUTDIR/dash.stamp works as
# busybox.stamp does.
set -eu

arch=$1 cross=$2 out=$3

die() {
	echo "cross-userland: $*" >&2
	exit 1
}

# The configuration edits, one "SYMBOL=value" (or "SYMBOL=n") a line.
EDITS="CONFIG_STATIC=y
CONFIG_BASH_IS_ASH=y
CONFIG_BASH_IS_NONE=n
CONFIG_NICE=y
CONFIG_CHRT=y
CONFIG_TASKSET=y
CONFIG_FEATURE_TASKSET_FANCY=y"

command -v "${cross}gcc" >/dev/null ||
	die "no ${cross}gcc (make deps ARCH=$arch installs it)"

# Debian's configure options for dash (debian/rules).
DASH_CONFIGURE="--disable-fnmatch --disable-lineno --disable-glob"

mkdir -p "$out"
work=$out/src
ver=$(apt-cache showsrc busybox 2>/dev/null |
	sed -n 's/^Version: //p' | sort -V | tail -n 1 || true)

if [ -z "$ver" ]; then
	[ "$(id -u)" -eq 0 ] || die "apt has no deb-src entry: add one (as root)"
	codename=$(. /etc/os-release && echo "$VERSION_CODENAME")
	echo "cross-userland: adding a deb-src entry for $codename"
	cat >/etc/apt/sources.list.d/ftrace-deb-src.sources <<EOS
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: $codename $codename-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOS
	apt-get update -q >/dev/null
	ver=$(apt-cache showsrc busybox | sed -n 's/^Version: //p' |
		sort -V | tail -n 1)
fi
[ -n "$ver" ] || die "no busybox source package"

# unpack_source PKG: Debian's source of PKG, patched, in a fresh $work;
# its directory in $src.
unpack_source() {
	rm -rf "$work"
	mkdir -p "$work"
	(cd "$work" && apt-get source -q "$1" >/dev/null 2>&1) ||
		die "apt-get source $1 failed"
	src=$(find "$work" -mindepth 1 -maxdepth 1 -type d -name "$1-*" |
		head -n 1)
	[ -n "$src" ] || die "no $1 source tree in $work"
}

# build_busybox: OUTDIR/busybox and busybox.links, unless up to date.
build_busybox() {
stamp="busybox+links $ver $arch $cross $(echo "$EDITS" | tr '\n' ' ')"
if [ -x "$out/busybox" ] && [ -f "$out/busybox.links" ] && [ "$(cat "$out/busybox.stamp" 2>/dev/null)" = "$stamp" ]; then
	return 0
fi

echo "cross-userland: building busybox $ver for $arch (static)"
unpack_source busybox
bb=$src

cp "$bb/debian/config/pkg/static" "$bb/.config"
echo "$EDITS" | while IFS='=' read -r sym val; do
	sed -i -e "/^$sym=/d" -e "/^# $sym is not set/d" "$bb/.config"
	if [ "$val" = n ]; then
		echo "# $sym is not set" >>"$bb/.config"
	else
		echo "$sym=$val" >>"$bb/.config"
	fi
done
jobs=$(nproc)
make -s -C "$bb" CROSS_COMPILE="$cross" oldconfig </dev/null >/dev/null 2>&1 ||
	make -s -C "$bb" CROSS_COMPILE="$cross" olddefconfig >/dev/null
make -s -C "$bb" CROSS_COMPILE="$cross" -j"$jobs" busybox busybox.links \
	>"$work/build.log" 2>&1 ||
	{ tail -n 30 "$work/build.log" >&2; die "busybox build failed"; }
file_out=$(file -b "$bb/busybox" 2>/dev/null || echo unknown)
case $file_out in
*"statically linked"*|unknown) ;;
*) die "busybox is not static: $file_out" ;;
esac
cp "$bb/busybox.links" "$out/busybox.links"
cp "$bb/busybox" "$out/busybox.tmp"
mv "$out/busybox.tmp" "$out/busybox"
echo "$stamp" >"$out/busybox.stamp"
rm -rf "$work"
echo "cross-userland: $out/busybox ready"
}

# build_dash: OUTDIR/dash, unless up to date.
build_dash() {
dver=$(apt-cache showsrc dash | sed -n 's/^Version: //p' |
	sort -V | tail -n 1)
[ -n "$dver" ] || die "no dash source package"
dstamp="dash $dver $arch $cross $DASH_CONFIGURE"
if [ -x "$out/dash" ] && [ "$(cat "$out/dash.stamp" 2>/dev/null)" = "$dstamp" ]; then
	return 0
fi
command -v autoreconf >/dev/null ||
	die "no autoreconf (make deps ARCH=$arch installs autoconf, automake)"

echo "cross-userland: building dash $dver for $arch (static)"
unpack_source dash
ds=$src
# shellcheck disable=SC2086 # DASH_CONFIGURE is a list of options
(cd "$ds" && autoreconf -fi &&
	./configure --host="${cross%-}" CC="${cross}gcc" LDFLAGS=-static \
		$DASH_CONFIGURE &&
	make -j"$(nproc)") >"$work/build.log" 2>&1 ||
	{ tail -n 30 "$work/build.log" >&2; die "dash build failed"; }
case $(file -b "$ds/src/dash" 2>/dev/null || echo unknown) in
*"statically linked"*|unknown) ;;
*) die "dash is not static" ;;
esac
"${cross}strip" -o "$out/dash.tmp" "$ds/src/dash"
mv "$out/dash.tmp" "$out/dash"
echo "$dstamp" >"$out/dash.stamp"
rm -rf "$work"
echo "cross-userland: $out/dash ready"
}

build_busybox
# The guests that run ftracetest under dash.
case $arch in
riscv64|i386) build_dash ;;
esac
