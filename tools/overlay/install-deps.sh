#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# install-deps.sh: install the Debian packages the build and the VM need,
# when any is missing.  CI runs on a bare machine as root.
set -eu

pkgs="linux-source-6.12 gcc make flex bison bc libelf-dev libssl-dev
	dwarves cpio kmod xz-utils rsync perl python3 ccache
	qemu-system-x86 busybox-static trace-cmd linux-perf"

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
