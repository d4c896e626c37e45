#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# mkinitramfs.sh - build the base initramfs of the test guest.
#
# Usage: [ARCH=x86_64|riscv64|i386] mkinitramfs.sh OUT.cpio.gz MODROOT FTRACETEST_DIR [USERLAND]
#
#   OUT.cpio.gz     the archive to write (gzip'd newc cpio)
#   MODROOT         a `make modules_install INSTALL_MOD_PATH=MODROOT` tree;
#                   may be empty or missing: the guest then has no modules
#   FTRACETEST_DIR  upstream's tools/testing/selftests/ftrace, copied to
#                   /opt/ftracetest in the guest
#   USERLAND        where cross-userland.sh keeps the cross-built busybox
#                   (made if missing), for a guest ARCH the host cannot run
#
# When the guest's ARCH is the host's, the guest userland is busybox-static (with its applet symlinks) plus the
# few real programs the tests need, copied from the host's Debian packages
# together with the shared libraries ldd reports for them:
#   bash, dash (ftracetest's shell, as on Debian), chrt (util-linux),
#   ping (iputils-ping), nice and timeout
#   (coreutils; busybox-static has no nice, and its timeout does not kill
#   the whole process group), checkbashisms (devscripts) with perl and just
#   the perl modules checkbashisms loads; trace-cmd with libtraceevent's
#   plugins and perf (linux-perf), the tools users drive ftrace with;
#   strace, to see what a tool asks of tracefs.
# For another ARCH (riscv64: Debian has no binaries of it for this release;
# i386: its binaries would need the host's dpkg to take a foreign
# architecture) it is a static busybox cross-built from Debian's source
# package, with ash as /bin/sh and /bin/bash and the nice, chrt, timeout
# and ping applets, and a static dash cross-built the same way
# (ftracetest's shell, as on x86_64); plus trace-cmd with libtraceevent's
# plugins, perf and strace from Debian trixie's ARCH packages
# (fetch-tools.sh), with the shared libraries their DT_NEEDED entries
# reach and the dynamic loader.  checkbashisms is not there.
# It also holds /etc/{passwd,group,hostname}, /init and the guest scripts
# (in /opt/vm). Host packages that are missing are installed with apt-get.
#
# Everything is staged in a temporary directory that is removed on exit;
# the archive is written with every file owned by root (cpio -R 0:0).

set -eu

usage() {
	echo "usage: $0 OUT.cpio.gz MODROOT FTRACETEST_DIR [USERLAND]" >&2
	exit 2
}

[ $# -eq 3 ] || [ $# -eq 4 ] || usage
OUT=$1
MODROOT=$2
FTRACETEST_DIR=$3
USERLAND=${4:-}
ARCH=${ARCH:-x86_64}
# Native: the guest runs the host's own Debian binaries.
NATIVE=0
[ "$ARCH" = "$(uname -m)" ] && NATIVE=1

HERE=$(cd "$(dirname "$0")" && pwd)

die() {
	echo "mkinitramfs: $*" >&2
	exit 1
}

[ -x "$FTRACETEST_DIR/ftracetest" ] ||
	die "$FTRACETEST_DIR does not look like tools/testing/selftests/ftrace"

# ---------------------------------------------------------------------------
# 1. Host packages. Each entry: "package:file-it-provides".
# ---------------------------------------------------------------------------
NEEDED="busybox-static:/bin/busybox
bash:/bin/bash
dash:/bin/dash
util-linux:/usr/bin/chrt
iputils-ping:/bin/ping
coreutils:/usr/bin/nice
coreutils:/usr/bin/timeout
devscripts:/usr/bin/checkbashisms
perl-base:/usr/bin/perl
trace-cmd:/usr/bin/trace-cmd
strace:/usr/bin/strace
linux-perf:/usr/bin/perf
cpio:/usr/bin/cpio
gzip:/bin/gzip"

[ "$NATIVE" = 1 ] || NEEDED="cpio:/usr/bin/cpio
gzip:/bin/gzip"
missing=
for entry in $NEEDED; do
	pkg=${entry%%:*}
	file=${entry#*:}
	[ -e "$file" ] || missing="$missing $pkg"
done
if [ -n "$missing" ]; then
	if [ "$(id -u)" -ne 0 ]; then
		die "missing host packages:$missing (install them as root)"
	fi
	echo "mkinitramfs: installing host packages:$missing"
	apt-get update
	# shellcheck disable=SC2086 # word splitting of the package list is meant
	DEBIAN_FRONTEND=noninteractive apt-get install -y \
		--no-install-recommends $missing
fi

# ---------------------------------------------------------------------------
# 2. Staging directory.
# ---------------------------------------------------------------------------
TMP=$(mktemp -d "${TMPDIR:-/tmp}/mkinitramfs.XXXXXX")
trap 'rm -rf "$TMP" "$OUT.tmp"' EXIT
trap 'exit 130' INT TERM
ST=$TMP/root

mkdir -p "$ST"
for d in bin sbin usr/bin usr/sbin lib lib64 \
	 etc proc sys dev tmp run root mnt opt/vm ext; do
	mkdir -p "$ST/$d"
done
chmod 1777 "$ST/tmp"
chmod 0700 "$ST/root"

# A console node, in case the kernel's built-in initramfs has none (only
# root can make device nodes; /init also reopens the console on devtmpfs).
if [ "$(id -u)" -eq 0 ]; then
	mknod -m 600 "$ST/dev/console" c 5 1
	mknod -m 666 "$ST/dev/null" c 1 3
fi

# ---------------------------------------------------------------------------
# 3. busybox and its applet links (/bin, /sbin, /usr/bin, /usr/sbin).
# ---------------------------------------------------------------------------
if [ "$NATIVE" = 0 ]; then
	[ -n "$USERLAND" ] || die "ARCH=$ARCH needs a USERLAND directory"
	case $ARCH in
	riscv64) cross=riscv64-linux-gnu- ;;
	i386) cross=i686-linux-gnu- ;;
	*) die "no cross-built userland for ARCH=$ARCH" ;;
	esac
	sh "$HERE/cross-userland.sh" "$ARCH" "$cross" "$USERLAND" ||
		die "could not cross-build the $ARCH userland"
	sh "$HERE/fetch-tools.sh" "$ARCH" "$USERLAND/debian" ||
		die "could not fetch Debian's $ARCH trace-cmd and perf"
fi
if [ "$NATIVE" = 1 ]; then
	cp /bin/busybox "$ST/bin/busybox"
	/bin/busybox --list-full
else
	cp "$USERLAND/busybox" "$ST/bin/busybox"
	sed 's,^/,,' "$USERLAND/busybox.links"
fi | while read -r applet; do
	case $applet in
	linuxrc|sbin/init|bin/busybox) continue ;;	# /init is ours
	esac
	# relative link from the applet's directory back to /bin/busybox
	case $applet in
	bin/*)        target=busybox ;;
	sbin/*)       target=../bin/busybox ;;
	usr/*/*)      target=../../bin/busybox ;;
	*)            die "unexpected busybox applet path $applet" ;;
	esac
	ln -sf "$target" "$ST/$applet"
done
# /bin/sh is busybox under a name of its own (a hard link, not a symlink),
# as on a distribution whose sh is a program: a shell's /proc/PID/maps
# then names /bin/sh, which dynevent/add_remove_uprobe.tc looks for (a
# mapping whose path ends in "sh") to probe the shell's text.
ln -f "$ST/bin/busybox" "$ST/bin/sh"
if [ "$NATIVE" = 0 ] && [ -x "$USERLAND/dash" ]; then
	cp "$USERLAND/dash" "$ST/bin/dash"
	chmod 0755 "$ST/bin/dash"
fi

# ---------------------------------------------------------------------------
# 4. Real programs with their shared libraries.
# ---------------------------------------------------------------------------

# copy_file HOSTPATH [GUESTPATH]: copy one file (following symlinks) into
# the staging tree, at GUESTPATH or at the same path as on the host.
# (POSIX sh has no local variables: each function uses its own names.)
copy_file() {
	cf_to=$ST${2:-$1}
	mkdir -p "$(dirname "$cf_to")"
	cp -L "$1" "$cf_to"
}

# install_prog HOSTPATH [GUESTPATH]: copy a program and, if it is
# dynamically linked, every library ldd lists plus the dynamic loader.
# Libraries keep the path ldd prints (e.g. /lib/x86_64-linux-gnu/libc.so.6),
# which the loader searches by default, so no ld.so.cache is needed.
# A busybox applet link of the same name is removed so that PATH finds the
# real program.
install_prog() {
	ip_from=$1
	ip_to=${2:-$1}
	ip_name=$(basename "$ip_to")
	for ip_dir in bin sbin usr/bin usr/sbin; do
		if [ -L "$ST/$ip_dir/$ip_name" ]; then
			rm -f "$ST/$ip_dir/$ip_name"
		fi
	done
	copy_file "$ip_from" "$ip_to"
	chmod 0755 "$ST$ip_to"
	install_libs "$ip_from"
}

# install_libs FILE: copy the shared libraries (and loader) FILE needs.
install_libs() {
	# "statically linked" / "not a dynamic executable": nothing to do
	ldd "$1" 2>/dev/null | while read -r a b c _; do
		case $a in
		linux-vdso.so.*|linux-gate.so.*) ;;
		/*) [ -e "$ST$a" ] || copy_file "$a" ;;	# the loader
		*)  if [ "$b" = "=>" ] && [ -n "$c" ] && [ -e "$c" ]; then
			[ -e "$ST$c" ] || copy_file "$c"
		    fi ;;
		esac
	done
}

if [ "$NATIVE" = 1 ]; then
install_prog /bin/bash /bin/bash
install_prog /bin/dash /bin/dash
install_prog /usr/bin/chrt /usr/bin/chrt
install_prog /bin/ping /bin/ping
install_prog /usr/bin/nice /usr/bin/nice
install_prog /usr/bin/timeout /usr/bin/timeout
install_prog /usr/bin/trace-cmd /usr/bin/trace-cmd
install_prog /usr/bin/strace /usr/bin/strace
install_prog /usr/bin/perf /usr/bin/perf

# libtraceevent's plugins decode the records of some events (function,
# sched_switch, ...) for trace-cmd; they are found by this path.
TEP_PLUGINS=/usr/lib/$(gcc -print-multiarch)/traceevent/plugins
for f in "$TEP_PLUGINS"/*.so; do
	[ -e "$f" ] || continue
	copy_file "$f"
	install_libs "$f"
done

# checkbashisms is a perl script: copy perl and exactly the modules (and XS
# objects) that checkbashisms loads when it checks the ftracetest files,
# which is what selftest/bashisms.tc does in the guest.
install_prog /usr/bin/perl /usr/bin/perl
copy_file /usr/bin/checkbashisms
chmod 0755 "$ST/usr/bin/checkbashisms"
# shellcheck disable=SC2016,SC2046 # $INC is perl's; the file list splits
perl -e '
	END {
		print STDERR "PERLFILE $INC{$_}\n" for sort keys %INC;
		print STDERR "PERLFILE $_\n"
			for @DynaLoader::dl_shared_objects;
	}
	do "/usr/bin/checkbashisms";
' $(cd "$FTRACETEST_DIR" && find "$PWD/ftracetest" "$PWD/test.d" \
	-type f \( -name '*.tc' -o -name functions -o -name ftracetest \)) \
	2>&1 >/dev/null | sed -n 's/^PERLFILE //p' >"$TMP/perl-files"
grep -q 'Getopt/Long.pm' "$TMP/perl-files" ||
	die "could not list the perl modules checkbashisms needs"
while read -r f; do
	case $f in
	/usr/bin/checkbashisms) ;;
	/*.so) copy_file "$f"; install_libs "$f" ;;
	/*) copy_file "$f" ;;
	esac
done <"$TMP/perl-files"
fi # NATIVE

# For another architecture: Debian's programs as fetch-tools.sh unpacked
# them under $FOREIGN, with the libraries their DT_NEEDED entries reach
# (readelf reads any architecture's ELF; the host cannot run ldd on it).
# Libraries go to /usr/lib/TRIPLET, a directory the Debian loader
# searches without an ld.so.cache; the loader goes where PT_INTERP says.
FOREIGN=$USERLAND/debian/root

# foreign_lib SONAME: copy one library of $FOREIGN's and, in turn, the
# libraries it needs.
foreign_lib() {
	fl_to=$ST/usr/lib/$TRIPLET/$1
	[ -e "$fl_to" ] && return 0
	fl_from=$FOREIGN/usr/lib/$TRIPLET/$1
	[ -e "$fl_from" ] || die "no $1 in $FOREIGN (needed by $2)"
	mkdir -p "$ST/usr/lib/$TRIPLET"
	cp -L "$fl_from" "$fl_to"
	foreign_needed "$fl_from"
}

# foreign_needed FILE: the libraries FILE needs, and the loader it asks for.
foreign_needed() {
	for fn_so in $(readelf -d "$1" |
		sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p'); do
		foreign_lib "$fn_so" "$1"
	done
	fn_interp=$(readelf -l "$1" |
		sed -n 's/.*program interpreter: \(.*\)\]$/\1/p')
	if [ -n "$fn_interp" ] && [ ! -e "$ST$fn_interp" ]; then
		mkdir -p "$ST$(dirname "$fn_interp")"
		cp -L "$FOREIGN/usr/lib/$TRIPLET/$(basename "$fn_interp")" \
			"$ST$fn_interp"
	fi
}

# install_foreign PATH: the program at PATH in $FOREIGN, at PATH in the
# guest, with its libraries.
install_foreign() {
	rm -f "$ST/bin/$(basename "$1")" "$ST/usr/bin/$(basename "$1")"
	copy_file "$FOREIGN$1" "$1"
	chmod 0755 "$ST$1"
	foreign_needed "$FOREIGN$1"
}

if [ "$NATIVE" = 0 ]; then
	TRIPLET=${cross%-}
	[ "$ARCH" = i386 ] && TRIPLET=i386-linux-gnu
	install_foreign /usr/bin/trace-cmd
	install_foreign /usr/bin/perf
	install_foreign /usr/bin/strace
	for f in "$FOREIGN/usr/lib/$TRIPLET/traceevent/plugins"/*.so; do
		[ -e "$f" ] || continue
		copy_file "$f" "${f#"$FOREIGN"}"
		foreign_needed "$f"
	done
fi

# ---------------------------------------------------------------------------
# 5. /etc: root plus a second user and group (ftracetest's mount_options.tc
#    and test_ownership.tc look for an id other than root's).
# ---------------------------------------------------------------------------
cat >"$ST/etc/passwd" <<'EOF'
root:x:0:0:root:/root:/bin/sh
nobody:x:65534:65534:nobody:/nonexistent:/bin/false
EOF
cat >"$ST/etc/group" <<'EOF'
root:x:0:
users:x:100:
nogroup:x:65534:
EOF
echo ftrace-vm >"$ST/etc/hostname"
cat >"$ST/etc/hosts" <<'EOF'
127.0.0.1	localhost ftrace-vm
::1		localhost
EOF
: >"$ST/etc/fstab"
cat >"$ST/etc/profile" <<'EOF2'
PS1='ftrace-vm:\w# '
[ -d /sys/kernel/tracing ] && cd /sys/kernel/tracing
EOF2
echo /bin/bash >"$ST/etc/shells"
echo /bin/sh >>"$ST/etc/shells"

# ---------------------------------------------------------------------------
# 6. Kernel modules, ftracetest, our guest scripts.
# ---------------------------------------------------------------------------
for m in lib/modules usr/lib/modules; do
	if [ -d "$MODROOT/$m" ]; then
		mkdir -p "$ST/lib/modules"
		cp -a "$MODROOT/$m/." "$ST/lib/modules/"
	fi
done

mkdir -p "$ST/opt/ftracetest"
(cd "$FTRACETEST_DIR" && tar -cf - --exclude=./logs .) |
	(cd "$ST/opt/ftracetest" && tar -xf -)

cp "$HERE/init" "$ST/init"
chmod 0755 "$ST/init"
for s in ftracetest-guest.sh guest-test.sh kunit-results.sh tools-test.sh \
	demo.sh demo-check.sh ftrace-modules.sh boot-options.sh \
	tracefs-tree.sh buffer-size.sh hist-example.sh dynevent-api.sh \
	map-test.sh; do
	cp "$HERE/$s" "$ST/opt/vm/$s"
	chmod 0755 "$ST/opt/vm/$s"
done
# How ftracetest-guest.sh deals the cases out to the guests, with the
# times of an earlier run on this architecture.
cp "$HERE/shard-cases.awk" "$ST/opt/vm/"
[ ! -f "$HERE/case-times/$ARCH.txt" ] ||
	cp "$HERE/case-times/$ARCH.txt" "$ST/opt/vm/case-times.txt"
# The perf PMU check (probe-pmu.c), built static with the guest's
# compiler.
"${cross:-}gcc" -static -O2 -Wall -o "$ST/opt/vm/probe-pmu" "$HERE/probe-pmu.c"
# Upstream's test of mmap() on trace_pipe_raw (selftests/ring-buffer),
# the same way, with the tree's uapi/linux/trace_mmap.h: the compilers'
# own kernel headers predate it.  (kselftest_harness.h casts pointers to
# uintmax_t, which warns on 32-bit.)
SELFTESTS=$FTRACETEST_DIR/..
mkdir -p "$TMP/inc/linux"
cp "$SELFTESTS/../../../include/uapi/linux/trace_mmap.h" "$TMP/inc/linux/"
"${cross:-}gcc" -static -O2 -D_GNU_SOURCE -Wno-pointer-to-int-cast -I"$TMP/inc" \
	-o "$ST/opt/vm/map_test" "$SELFTESTS/ring-buffer/map_test.c"
# The stress programs (fuzz/), built static for a guest of the host's
# architecture: fuzz-tracefs and no-lost-events.
if [ "$NATIVE" = 1 ]; then
	gcc -static -O2 -Wall -o "$ST/opt/vm/fuzz-tracefs" \
		"$HERE/fuzz/fuzz-tracefs.c" "$HERE/fuzz/fuzz-files.c" \
		"$HERE/fuzz/fuzz-corpus.c" "$HERE/fuzz/tracefs-io.c"
	gcc -static -O2 -Wall -o "$ST/opt/vm/no-lost-events" \
		"$HERE/fuzz/no-lost-events.c" "$HERE/fuzz/rb-pages.c" \
		"$HERE/fuzz/tracefs-io.c"
fi
# Upstream's tracefs tree, for tracefs-tree.sh.
for l in "$HERE"/expectations/tracefs-*.txt; do
	[ -f "$l" ] && cp "$l" "$ST/opt/vm/"
done

# ---------------------------------------------------------------------------
# 7. The archive: sorted file list, all files owned by root, gzip'd.
# ---------------------------------------------------------------------------
mkdir -p "$(dirname "$OUT")"
(cd "$ST" && find . -mindepth 1 | LC_ALL=C sort |
	cpio --quiet -o -H newc -R 0:0 --reproducible) | gzip -n -6 >"$OUT.tmp"
mv "$OUT.tmp" "$OUT"
echo "mkinitramfs: wrote $OUT ($(du -h "$OUT" | cut -f1))"
