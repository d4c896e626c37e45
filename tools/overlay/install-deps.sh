#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# install-deps.sh: install the Debian packages the build and the VM need,
# when any is missing.  CI runs on a bare machine as root.
#
# usage: install-deps.sh [ARCH]   (x86_64, the default, riscv64 or i386)
#
# Every architecture needs the host tools that build a kernel.  x86_64's
# guest runs Debian's own binaries; riscv64's kernel is cross-compiled and
# its guest userland cross-built from source (tools/testing/vm/
# cross-userland.sh: busybox, and dash, whose Debian patches need
# autoconf and automake), and QEMU's "virt" machine boots it through the
# OpenSBI firmware qemu-system-data ships.  i386 goes the same way with
# Debian's i686 cross compiler (its own package: the host's gcc and
# multiarch stay untouched) and qemu-system-i386: the guest boots the
# QEMU 10 that fetch-qemu.sh unpacks, and this package brings the
# libraries and firmware (SeaBIOS) it uses.
set -eu

arch=${1:-x86_64}

pkgs="linux-source-6.12 gcc make flex bison bc libelf-dev libssl-dev
	dwarves cpio kmod xz-utils rsync perl python3 ccache file"
case $arch in
x86_64)
	pkgs="$pkgs qemu-system-x86 busybox-static trace-cmd linux-perf" ;;
riscv64)
	pkgs="$pkgs gcc-riscv64-linux-gnu binutils-riscv64-linux-gnu libc6-dev-riscv64-cross
		qemu-system-misc qemu-system-data dpkg-dev autoconf automake" ;;
i386)
	pkgs="$pkgs gcc-i686-linux-gnu binutils-i686-linux-gnu libc6-dev-i386-cross
		qemu-system-x86 dpkg-dev autoconf automake" ;;
*)
	echo "install-deps: unknown ARCH '$arch' (x86_64, riscv64 or i386)" >&2
	exit 2 ;;
esac

missing=""
for p in $pkgs; do
	dpkg-query -W -f '${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
	echo "install-deps: missing:$missing (run as root to install)"
	exit 1
fi
echo "install-deps: installing$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q >/dev/null
# shellcheck disable=SC2086
apt-get install -y -q --no-install-recommends $missing >/dev/null
