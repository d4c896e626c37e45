# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# overlay-files.sh: shell functions shared by the overlay scripts (sourced).

# The repository directories that mirror the kernel tree.
OVERLAY_DIRS="arch include kernel scripts samples lib Documentation tools/testing/selftests"

# overlay_files TOP: every overlay file, relative to TOP, sorted.
overlay_files() {
	(cd "$1" && for d in $OVERLAY_DIRS; do
		[ -d "$d" ] && find "$d" -type f
	done) | LC_ALL=C sort
}

# manifest_paths MANIFEST: the path column of every entry.
manifest_paths() {
	sed -e 's/#.*//' "$1" | awk 'NF { print $1 }'
}

# in_manifest MANIFEST FILE: is FILE at or below a manifest path?
in_manifest() {
	manifest_paths "$1" | awk -v f="$2" '
		f == $1 { found = 1 }
		/\/$/ && index(f, $1) == 1 { found = 1 }
		END { exit !found }'
}
