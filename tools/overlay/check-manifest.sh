#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# check-manifest.sh: prove that what the build compiles is ours.
#
# usage: check-manifest.sh SRC DOTCONFIG KARCH
#
# For every manifest entry that applies to KARCH (x86, riscv):
#  - any file under the entry in SRC that is not one of our overlay files
#    "survived" from upstream;
#  - an entry needed by DOTCONFIG (see the manifest header) for which we
#    ship nothing is "missing".
# Prints one line per problem and exits 1 if there is any.
set -eu

src=$1
config=$2
karch=$3
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tools/overlay/overlay-files.sh"

ours=$(mktemp)
trap 'rm -f "$ours"' EXIT
overlay_files "$top" > "$ours"

# needed WHEN: is the needed-when column satisfied by DOTCONFIG?
needed() {
	case "$1" in
	always) return 0 ;;
	-) return 1 ;;
	esac
	for sym in $(echo "$1" | tr '|' ' '); do
		grep -Eq "^$sym=(y|m)$" "$config" && return 0
	done
	return 1
}

sed -e 's/#.*//' "$top/manifest" | awk 'NF == 4' |
while read -r path class arch when; do
	[ "$arch" = all ] || [ "$arch" = "$karch" ] || continue
	survivors=$( (cd "$src" && [ -e "$path" ] && find "$path" -type f) |
		LC_ALL=C sort | LC_ALL=C comm -23 - "$ours")
	for f in $survivors; do
		echo "check-manifest: $f survived from upstream ($class $path)"
	done
	provided=$(grep -c "^$path" "$ours" || true)
	if [ "$provided" -eq 0 ] && needed "$when"; then
		echo "check-manifest: $path ($class) is needed ($when) and we do not provide it"
	fi
done > "$ours.out"
if [ -s "$ours.out" ]; then
	cat "$ours.out"
	rm -f "$ours.out"
	echo "check-manifest: FAILED: the build would not be ours"
	exit 1
fi
rm -f "$ours.out"
n=$(sed -e 's/#.*//' "$top/manifest" | awk 'NF == 4' | wc -l)
echo "check-manifest: all $n manifest entries accounted for ($karch)"
