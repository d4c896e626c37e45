#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# prepare-tree.sh: make build/<arch>/src = pristine linux-source-6.12
# minus the manifest paths, plus patches/, plus our overlay files.
#
# usage: prepare-tree.sh ARCH
#
# The pristine unpack (build/pristine) is made once per package version.
# The source tree is rebuilt from it only when the pristine version, the
# manifest or patches/ change; otherwise only overlay files whose content
# changed are copied, so kbuild rebuilds little.  Overlay files that left
# the repository are put back to upstream's version (or deleted).
set -eu

arch=${1:?usage: prepare-tree.sh ARCH}
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tools/overlay/overlay-files.sh"

build=$top/build
src=$build/$arch/src
pristine_dir=$build/pristine

tarball=$(ls /usr/src/linux-source-6.12.tar.* 2>/dev/null | head -n 1 || true)
if [ -z "$tarball" ]; then
	echo "prepare-tree: installing linux-source-6.12"
	apt-get update -q >/dev/null
	apt-get install -y -q linux-source-6.12 >/dev/null
	tarball=$(ls /usr/src/linux-source-6.12.tar.* | head -n 1)
fi
pkgver=$(dpkg-query -W -f '${Version}' linux-source-6.12 2>/dev/null || echo unknown)

# 1. The pristine unpack, once per package version.
if [ "$(cat "$pristine_dir/.version" 2>/dev/null)" != "$pkgver" ]; then
	echo "prepare-tree: unpacking $tarball ($pkgver)"
	rm -rf "$pristine_dir"
	mkdir -p "$pristine_dir"
	tar xf "$tarball" -C "$pristine_dir" --strip-components=1
	echo "$pkgver" > "$pristine_dir/.version"
fi

# 2. The source tree: pristine - manifest + patches, when its inputs change.
stamp=$( { echo "$pkgver"; cat "$top/manifest"; cat "$top"/patches/*.patch 2>/dev/null; } |
	sha1sum | cut -d' ' -f1)
if [ "$(cat "$src/.overlay-base" 2>/dev/null)" != "$stamp" ]; then
	echo "prepare-tree: making $src from the pristine tree"
	rm -rf "$src"
	mkdir -p "$(dirname "$src")"
	cp -a "$pristine_dir" "$src"
	rm -f "$src/.version"
	manifest_paths "$top/manifest" | while read -r p; do
		rm -rf "${src:?}/$p"
	done
	for p in "$top"/patches/*.patch; do
		[ -f "$p" ] || continue
		echo "prepare-tree: applying $(basename "$p")"
		patch -s -p1 -d "$src" < "$p"
	done
	rm -f "$src/.overlay-files"
	echo "$stamp" > "$src/.overlay-base"
fi

# 3. Copy overlay files whose content changed.
new_list=$(mktemp)
trap 'rm -f "$new_list"' EXIT
overlay_files "$top" > "$new_list"
changed=0
while read -r f; do
	if ! cmp -s "$top/$f" "$src/$f"; then
		mkdir -p "$(dirname "$src/$f")"
		cp "$top/$f" "$src/$f"
		changed=$((changed + 1))
	fi
done < "$new_list"

# 4. Files we used to overlay but no longer ship: back to upstream's.
if [ -f "$src/.overlay-files" ]; then
	LC_ALL=C sort "$src/.overlay-files" | LC_ALL=C comm -23 - "$new_list" | while read -r f; do
		if [ -f "$pristine_dir/$f" ] && ! in_manifest "$top/manifest" "$f"; then
			cp -p "$pristine_dir/$f" "$src/$f"
		else
			rm -f "$src/$f"
		fi
	done
fi
cp "$new_list" "$src/.overlay-files"
echo "prepare-tree: $src ready ($changed overlay files updated)"
