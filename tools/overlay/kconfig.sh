#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# kconfig.sh: make OBJ/.config = tinyconfig + FRAGMENT... + olddefconfig.
#
# usage: kconfig.sh SRC OBJ ARCH FRAGMENT...
#
# The config is regenerated from scratch only when the fragments change;
# otherwise olddefconfig just catches up with Kconfig edits.  Any fragment
# line the resulting .config does not carry (a dependency was missing) is
# an error, so a config never silently loses an option.
set -eu

src=$1 obj=$2 arch=$3
shift 3
mkdir -p "$obj"
want=$(mktemp)
trap 'rm -f "$want"' EXIT
cat "$@" > "$want"

kmake() {
	make -s -C "$src" O="$obj" ARCH="$arch" "$@" >/dev/null
}

if ! cmp -s "$want" "$obj/.config-fragments" || [ ! -f "$obj/.config" ]; then
	echo "kconfig: tinyconfig + $*"
	kmake tinyconfig
	(cd "$src" && scripts/kconfig/merge_config.sh -m -O "$obj" \
		"$obj/.config" "$want" >/dev/null)
	cp "$want" "$obj/.config-fragments"
fi
kmake olddefconfig

lost=0
while IFS= read -r line; do
	case "$line" in
	CONFIG_*|"# CONFIG_"*" is not set") ;;
	*) continue ;;
	esac
	if ! grep -qxF "$line" "$obj/.config"; then
		echo "kconfig: $line did not survive olddefconfig"
		lost=1
	fi
done < "$want"
[ "$lost" -eq 0 ] || { echo "kconfig: fix the fragment's dependencies"; exit 1; }
