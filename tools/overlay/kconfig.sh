#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# kconfig.sh: make OBJ/.config = tinyconfig + FRAGMENT... + olddefconfig.
#
# usage: kconfig.sh [--lost FILE] SRC OBJ ARCH FRAGMENT...
#
# The config is regenerated from scratch only when the fragments change;
# otherwise olddefconfig just catches up with Kconfig edits.  Any fragment
# line the resulting .config does not carry (a dependency was missing) is
# an error, so a config never silently loses an option.  When fragments
# disagree about a symbol, the last one wins.
#
# With --lost FILE (make bench: one config for two kernels, one of which
# lacks some symbols) lost lines are not an error: they are written to
# FILE, one a line (empty when none), and reported.
set -eu

lostfile=
if [ "${1:-}" = --lost ]; then
	lostfile=$2
	shift 2
fi

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

# What the fragments ask for: the last line about each symbol wins, as
# in merge_config.sh, so a later fragment can override an earlier one.
asked=$(mktemp)
trap 'rm -f "$want" "$asked"' EXIT
sed -n -e 's/^\(CONFIG_[A-Za-z0-9_]*\)=.*/\1 &/p' \
	-e 's/^# \(CONFIG_[A-Za-z0-9_]*\) is not set$/\1 &/p' "$want" |
	awk '{ sym = $1; sub(/^[^ ]* /, ""); line[sym] = $0; order[sym] = NR }
	     END { for (s in line) print order[s], line[s] }' |
	sort -n | cut -d' ' -f2- > "$asked"

# "=value" must be in .config as asked; "is not set" is satisfied by any
# .config without the symbol set (olddefconfig does not even write the
# symbols whose dependencies are off).
lost=0
[ -z "$lostfile" ] || : > "$lostfile"
while IFS= read -r line; do
	case "$line" in
	"# CONFIG_"*" is not set")
		sym=${line#\# }
		sym=${sym%% *}
		grep -Eq "^$sym=(y|m)$" "$obj/.config" || continue
		;;
	*)
		grep -qxF "$line" "$obj/.config" && continue
		;;
	esac
	echo "kconfig: $line did not survive olddefconfig"
	[ -z "$lostfile" ] || echo "$line" >> "$lostfile"
	lost=1
done < "$asked"
[ -z "$lostfile" ] || exit 0
[ "$lost" -eq 0 ] || { echo "kconfig: fix the fragment's dependencies"; exit 1; }
