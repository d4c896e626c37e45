# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# Driver for the clean-room ftrace series over Linux 6.12.
#
#   make deps      install the host packages (apt-get, as root)
#   make kernel    prepare build/$(ARCH)/src, configure, build, install modules
#   make vm SCRIPT=path/to/script.sh
#                  boot the kernel, run SCRIPT as root, power off
#   make run       boot to an interactive shell
#   make demo      boot, trace something, print it
#   make test      build, boot and run every test layer, for x86_64,
#                  riscv64 then i386, then x86_64's debug kernel through
#                  stress-short; ends with one "N passed, N failed,
#                  N skipped" over all of them (riscv64 and i386: a fixed
#                  subset of ftracetest, TEST_CASES); with ARCH=, that
#                  architecture only (and, for x86_64, its debug stage)
#   make test-full the same with every ftracetest case
#   make test-debug
#                  ARCH's `make test` cases on the debug kernel (lockdep,
#                  KASAN, UBSAN, KFENCE, kmemleak: configs/debug.config),
#                  built in build/$(ARCH)/debug/; slow, not part of `make test`
#   make stress    the stress loops (tools/testing/vm/stress.sh) on the
#                  debug kernel, STRESS_SECONDS per loop (default 360),
#                  then every ftracetest case on it (stress-ftracetest)
#   make stress-short
#                  the same loops cut short: make test's last stage, on
#                  x86_64's debug kernel
#
# ARCH=x86_64 (default), riscv64 (cross-compiled, booted under QEMU's
# TCG on the "virt" machine) or i386 (cross-compiled with Debian's i686
# compiler, booted with qemu-system-i386); everything lands in
# build/$(ARCH)/.
#   make objects OBJS="dir/file.o ..."
#                  compile only these objects of the test kernel
#   make check     the manifest is honoured and the kernel builds with
#                  CONFIG_FTRACE=n
#   make static-kernel
#                  riscv64: the static tracer (DYNAMIC_FTRACE=n) in
#                  build/riscv64/obj-static; test-full-arch boots it too
#   make patches   write the series against the pristine tree to build/patches
#   make bench     our kernel against upstream's, same source and config;
#                  writes build/bench/results.{md,csv} (not part of test)
#
# See README.md.

ARCH		?= x86_64
TOP		:= $(CURDIR)
BUILD		:= $(TOP)/build
ABUILD		:= $(BUILD)/$(ARCH)
SRC		:= $(ABUILD)/src
# VARIANT=debug: the same targets on the kernel with configs/debug.config
# merged after the architecture's (and configs/$(ARCH)-debug.config, where
# there is one, last), in build/$(ARCH)/debug/.
VARIANT		?=
ifeq ($(VARIANT),)
VBUILD		:= $(ABUILD)
FRAGMENTS	:= configs/$(ARCH).config
else
VBUILD		:= $(ABUILD)/$(VARIANT)
FRAGMENTS	:= configs/$(ARCH).config configs/$(VARIANT).config \
		   $(wildcard configs/$(ARCH)-$(VARIANT).config)
endif
OBJ		:= $(VBUILD)/obj
MODROOT		:= $(VBUILD)/modroot
INITRAMFS	:= $(VBUILD)/initramfs.cpio.gz
VMDIR		:= tools/testing/vm
OVERLAY		:= tools/overlay
JOBS		?= $(shell echo $$(( $$(nproc) + 1 )))
# A guest's whole run, seconds: about twice the longest one seen here, so
# that a hung guest fails `make test` with its log well inside CI's time.
VM_TIMEOUT_x86_64	:= 2400
VM_TIMEOUT_riscv64	:= 3600
VM_TIMEOUT_i386		:= 1200
VM_TIMEOUT	?= $(VM_TIMEOUT_$(ARCH))

# Per architecture: the arch/ directory (and manifest column), the ARCH
# kbuild is given, the cross compiler prefix, the image target and file.
KARCH_x86_64	:= x86
KBARCH_x86_64	:= x86_64
CROSS_x86_64	:=
IMAGE_x86_64	:= bzImage
KARCH_riscv64	:= riscv
KBARCH_riscv64	:= riscv
CROSS_riscv64	:= riscv64-linux-gnu-
IMAGE_riscv64	:= Image
KARCH_i386	:= x86
KBARCH_i386	:= i386
CROSS_i386	:= i686-linux-gnu-
IMAGE_i386	:= bzImage
ifeq ($(KARCH_$(ARCH)),)
$(error ARCH=$(ARCH) is not supported: x86_64, riscv64 or i386)
endif
KARCH		:= $(KARCH_$(ARCH))
KBARCH		:= $(KBARCH_$(ARCH))
IMAGE		:= $(IMAGE_$(ARCH))
KERNEL_IMAGE	:= $(OBJ)/arch/$(KARCH)/boot/$(IMAGE)
# Kconfig (tools/overlay/kconfig.sh) and kbuild see the same compiler.
ifneq ($(CROSS_$(ARCH)),)
export CROSS_COMPILE := $(CROSS_$(ARCH))
endif
KCC		:= $(CROSS_$(ARCH))gcc
# The guest's userland where Debian has no binaries for ARCH.
USERLAND	:= $(ABUILD)/userland
export ARCH

# ccache shares objects between clones of this repository on one machine.
export CCACHE_BASEDIR	:= $(TOP)
export CCACHE_DIR	?= $(HOME)/.cache/ccache
export CCACHE_MAXSIZE	?= 5G
# Depend mode: a miss compiles once, without a preprocessor run for the
# hash (a cold kernel build here: a fifth less time); hits as before.
export CCACHE_DEPEND	?= 1
# -g (x86_64's BTF) puts the build directory in the hash: debug paths in a
# test kernel do not matter, so clones share their objects as before.
export CCACHE_NOHASHDIR	:= 1
# It is reached through its compiler links, never through CC: CC stays
# "gcc" for the whole life of a clone, so the environment Kconfig records
# (include/config/auto.conf.cmd) is the same whether or not ccache was
# installed yet, and its arrival (make deps) rebuilds nothing.
export PATH	:= /usr/lib/ccache:$(PATH)
KMAKE		= $(MAKE) -C $(SRC) O=$(1) ARCH=$(KBARCH) CC=$(KCC) -j$(JOBS)
# One kernel build at a time on this machine, whichever clone runs it:
# each recipe that builds holds this lock from its first step to its last.
KLOCK		:= flock /tmp/ftrace-kbuild.lock

.PHONY: all deps tree config kernel objects initramfs vm run demo test test-full \
	test-arch test-full-arch test-debug stress stress-short stress-run \
	stress-ftracetest check \
	static-kernel patches bench clean

all: kernel

deps:
	@sh $(OVERLAY)/install-deps.sh $(ARCH)
	@[ $(ARCH) != i386 ] || sh $(OVERLAY)/fetch-qemu.sh $(BUILD)/i386/qemu

tree: deps
	@sh $(OVERLAY)/prepare-tree.sh $(ARCH)

# config DIR FRAGMENT: (re)make DIR/.config when FRAGMENT changed.
define config_cmds
	@sh $(OVERLAY)/kconfig.sh $(SRC) $(1) $(KBARCH) $(2)
	@sh $(OVERLAY)/check-manifest.sh $(SRC) $(1)/.config $(KARCH)
endef

config: tree
	$(call config_cmds,$(OBJ),$(FRAGMENTS))

kernel: config
	@echo "kernel: building $(ARCH) in $(OBJ)"
	@$(KLOCK) sh -c '$(call KMAKE,$(OBJ)) -s $(IMAGE) modules && \
		rm -rf $(MODROOT) && \
		$(call KMAKE,$(OBJ)) -s INSTALL_MOD_PATH=$(MODROOT) \
		INSTALL_MOD_STRIP=1 modules_install'
	@echo "kernel: $(KERNEL_IMAGE)"

# A quick compile check of a few objects, under the same lock.
objects: config
	@test -n "$(OBJS)" || { echo "make objects OBJS=dir/file.o ..."; exit 2; }
	@$(KLOCK) $(call KMAKE,$(OBJ)) $(OBJS)

initramfs: kernel
	@sh $(VMDIR)/mkinitramfs.sh $(INITRAMFS) $(MODROOT) \
		$(SRC)/tools/testing/selftests/ftrace $(USERLAND)

vm: initramfs
	@test -n "$(SCRIPT)" || { echo "make vm: SCRIPT=path/to/script.sh"; exit 2; }
	@sh $(VMDIR)/run-vm.sh --kernel $(KERNEL_IMAGE) --initrd $(INITRAMFS) \
		--script $(SCRIPT) --timeout $(VM_TIMEOUT)

run: initramfs
	@sh $(VMDIR)/run-vm.sh --kernel $(KERNEL_IMAGE) --initrd $(INITRAMFS)

demo: initramfs
	@sh $(VMDIR)/run-vm.sh --kernel $(KERNEL_IMAGE) --initrd $(INITRAMFS) \
		--script $(VMDIR)/demo.sh --timeout 600

# The ftracetest cases `make test` runs (patterns under test.d; empty:
# all of them).  Under TCG riscv64 runs several times slower than x86_64,
# so its `make test` takes a fixed subset and `make test-full` the rest:
# the groups where the architecture's code is at work (trampolines,
# patcher, probes' registers and arguments).  trigger/, event/, filter/
# and instances/ (no architecture code) run in x86_64's `make test` and
# in every architecture's `make test-full`.  x86_64's leaves out only
# selftest/bashisms.tc: checkbashisms over the test scripts, no kernel
# code, four minutes of a guest (its expectation line is test-full's).
TEST_CASES_x86_64	:= 00basic/* core/* direct/* dynevent/* event/* filter/* \
			   ftrace/* instances/* kprobe/* preemptirq/* tracer/* \
			   trigger/*
TEST_CASES_riscv64	:= 00basic/* ftrace/* kprobe/* dynevent/*
TEST_CASES_i386		:= 00basic/* ftrace/* event/*
TEST_CASES		?= $(TEST_CASES_$(ARCH))
# The guest's default per-case timeout, seconds (empty: the guest's 120).
FTRACETEST_TIMEOUT_x86_64	:=
FTRACETEST_TIMEOUT_riscv64	:= 300
FTRACETEST_TIMEOUT_i386		:=
FTRACETEST_TIMEOUT	?= $(FTRACETEST_TIMEOUT_$(ARCH))

# `make test` and `make test-full` run every architecture of TEST_ARCHES
# one after the other and end with one summary over all of them; with
# ARCH= given, only that one.
ALL_ARCHES	:= x86_64 riscv64 i386
ifeq ($(origin ARCH),file)
TEST_ARCHES	?= $(ALL_ARCHES)
else
TEST_ARCHES	?= $(ARCH)
endif

# Where x86_64 is among them, both end with x86_64's debug kernel
# through the short stress run (stress-short); TEST_DEBUG= leaves it out.
TEST_DEBUG	?= $(if $(filter x86_64,$(TEST_ARCHES)),x86_64:debug)

test:
	@MAKE='$(MAKE)' sh $(VMDIR)/test-arches.sh test-arch $(TEST_ARCHES) $(TEST_DEBUG)

test-full:
	@MAKE='$(MAKE)' sh $(VMDIR)/test-arches.sh test-full-arch $(TEST_ARCHES) $(TEST_DEBUG)

# The static tracer (DYNAMIC_FTRACE=n: every function calls _mcount) where
# the architecture has it: a second kernel, which run-tests.sh boots once
# with static-test.sh.
STATIC_ARCHES	:= riscv64
STATIC_OBJ	:= $(ABUILD)/obj-static
ifneq ($(filter $(ARCH),$(STATIC_ARCHES)),)
STATIC_DEP	:= static-kernel
STATIC_IMAGE	:= $(STATIC_OBJ)/arch/$(KARCH)/boot/$(IMAGE)
endif

static-kernel: tree
	$(call config_cmds,$(STATIC_OBJ),configs/$(ARCH).config configs/static.config)
	@$(KLOCK) $(call KMAKE,$(STATIC_OBJ)) -s $(IMAGE)
	@echo "static-kernel: $(STATIC_OBJ)/arch/$(KARCH)/boot/$(IMAGE)"

# Where scripts/recordmcount writes the call-site tables, the test checks
# that the kernel records as many call sites as vmlinux's table holds.
MCOUNT_CHECK_ARCHES	:= i386
ifneq ($(filter $(ARCH),$(MCOUNT_CHECK_ARCHES)),)
MCOUNT_VMLINUX	:= $(OBJ)/vmlinux
endif

# One architecture: its own expectations file.  The static kernel is a
# second whole build: it is booted by `make test-full` only.
# test-arches.sh builds first (make initramfs), then tests with
# TEST_DEPS= so that the kernel tree is not walked twice.
TEST_DEPS	?= initramfs
test-arch: $(TEST_DEPS)
	@FTRACETEST_CASES='$(TEST_CASES)' FTRACETEST_TIMEOUT='$(FTRACETEST_TIMEOUT)' \
		STATIC_KERNEL= MCOUNT_VMLINUX='$(MCOUNT_VMLINUX)' \
		sh $(VMDIR)/run-tests.sh $(KERNEL_IMAGE) $(INITRAMFS) $(VBUILD)/test \
		$(VMDIR)/expectations/$(ARCH).txt $(VM_TIMEOUT)

# Every ftracetest case, whatever the architecture's `make test` runs
# (so the guests get three times as long).
test-full-arch: $(TEST_DEPS) $(STATIC_DEP)
	@FTRACETEST_CASES= FTRACETEST_TIMEOUT='$(FTRACETEST_TIMEOUT)' \
		STATIC_KERNEL='$(STATIC_IMAGE)' MCOUNT_VMLINUX='$(MCOUNT_VMLINUX)' \
		sh $(VMDIR)/run-tests.sh $(KERNEL_IMAGE) $(INITRAMFS) $(VBUILD)/test-full \
		$(VMDIR)/expectations/$(ARCH).txt $$(( $(VM_TIMEOUT) * 3 ))

# The debug kernel (VARIANT=debug) through every test layer and the
# ftracetest cases of `make test`, with longer per-case timeouts: the
# checkers make the guest several times slower.
DEBUG_TIMEOUT_x86_64	:= 600
DEBUG_TIMEOUT_riscv64	:= 1200
DEBUG_TIMEOUT_i386	:= 600
test-debug:
	@$(MAKE) --no-print-directory test-arch VARIANT=debug \
		FTRACETEST_TIMEOUT=$(DEBUG_TIMEOUT_$(ARCH)) VM_TIMEOUT=10800

# The stress loops on the debug kernel, each STRESS_SECONDS long (360:
# five loops make the half hour issue 18 asks for); the
# console in build/$(ARCH)/debug/stress/stress.log, judged with
# expectations/stress.txt (any splat fails the run).  The guest's
# buffers start at STRESS_BUF_SIZE a CPU: the faults loop fails each
# allocation of an instance mkdir in turn, and at the default 1408 KB
# a mkdir allocates some 1,400 buffer pages and their descriptors.
STRESS_SECONDS	?= 360
STRESS_BUF_SIZE	?= 64K
STRESS_ARGS	?= $(STRESS_SECONDS)
STRESS_TIMEOUT	?= 10800

# `make stress`: the loops (stress-run), then every ftracetest case on
# the same debug kernel (stress-ftracetest), each one's output in
# build/$(ARCH)/debug/stress/{loops,ftracetest}.txt; one judgement over
# both runs' consoles ends it.
DEBUG_BUILD	:= $(ABUILD)/debug
stress:
	@$(MAKE) --no-print-directory initramfs VARIANT=debug
	@mkdir -p $(DEBUG_BUILD)/stress
	@echo "stress: the loops (output in $(DEBUG_BUILD)/stress/loops.txt)"
	@$(MAKE) --no-print-directory stress-run VARIANT=debug TEST_DEPS= \
		> $(DEBUG_BUILD)/stress/loops.txt 2>&1; \
		tail -n 1 $(DEBUG_BUILD)/stress/loops.txt
	@echo "stress: ftracetest (output in $(DEBUG_BUILD)/stress/ftracetest.txt)"
	@$(MAKE) --no-print-directory stress-ftracetest VARIANT=debug TEST_DEPS= \
		> $(DEBUG_BUILD)/stress/ftracetest.txt 2>&1; \
		tail -n 1 $(DEBUG_BUILD)/stress/ftracetest.txt
	@cat $(VMDIR)/expectations/stress.txt \
		$(DEBUG_BUILD)/stress-ftracetest/expectations-ftracetest.txt \
		> $(DEBUG_BUILD)/stress/expectations.txt
	@sh $(VMDIR)/check-results.sh $(DEBUG_BUILD)/stress/stress.log \
		$(DEBUG_BUILD)/stress-ftracetest/test-*.log \
		$(DEBUG_BUILD)/stress/expectations.txt

# Every ftracetest case (STRESS_CASES: the patterns of some) on the debug
# kernel, two guests and no other layer (run-tests.sh's FTRACETEST_ONLY),
# STRESS_CASE_TIMEOUT seconds a case: ftrace/fgraph-multi.tc needs some
# 1,200 there.  The guests boot with kmemleak=off: kmemleak's record of
# every allocation's stack doubles the time ftracetest's shell takes;
# the loops above keep it on and end with its scan.  The cases are shared
# out by their times on the debug kernel (case-times/$(ARCH)-debug.txt,
# from an earlier run: case-times.sh), where there is such a file.
STRESS_CASES		?=
STRESS_CASE_TIMEOUT	?= 3600
STRESS_FTRACETEST_TIMEOUT ?= 14400
stress-ftracetest: $(TEST_DEPS)
	@FTRACETEST_ONLY=1 \
		VM_APPEND='kmemleak=off CASE_TIMES=/ext/case-times/$(ARCH)-debug.txt' \
		FTRACETEST_CASES='$(STRESS_CASES)' \
		FTRACETEST_TIMEOUT=$(STRESS_CASE_TIMEOUT) \
		sh $(VMDIR)/run-tests.sh $(KERNEL_IMAGE) $(INITRAMFS) \
		$(VBUILD)/stress-ftracetest $(VMDIR)/expectations/$(ARCH).txt \
		$(STRESS_FTRACETEST_TIMEOUT)

# make test's stage on the debug kernel: the same loops, each
# STRESS_SHORT_SECONDS long, fail-nth.pl's walks cut to 20 fail points an
# operation and 2 for an instance mkdir (every allocation: `make stress`).
STRESS_SHORT_SECONDS	?= 30
stress-short:
	@$(MAKE) --no-print-directory stress-run VARIANT=debug \
		STRESS_ARGS=$(STRESS_SHORT_SECONDS),20,2 STRESS_TIMEOUT=2400

stress-run: $(TEST_DEPS)
	@mkdir -p $(VBUILD)/stress
	@sh $(VMDIR)/run-vm.sh --kernel $(KERNEL_IMAGE) --initrd $(INITRAMFS) \
		--script $(VMDIR)/stress.sh --timeout $(STRESS_TIMEOUT) \
		--append "vmargs=$(STRESS_ARGS) trace_buf_size=$(STRESS_BUF_SIZE)" \
		--log $(VBUILD)/stress/stress.log > $(VBUILD)/stress/stress.out 2>&1; \
		sh $(VMDIR)/check-results.sh $(VBUILD)/stress/stress.log \
		$(VMDIR)/expectations/stress.txt

# The kernel builds and links with tracing compiled out, in its own
# object directory so the test kernel stays built.
check: tree
	$(call config_cmds,$(ABUILD)/obj-noftrace,configs/$(ARCH).config configs/noftrace.config)
	@$(KLOCK) $(call KMAKE,$(ABUILD)/obj-noftrace) -s vmlinux modules
	@echo "check: CONFIG_FTRACE=n builds and links"

patches: tree
	@sh $(OVERLAY)/make-patches.sh $(BUILD)/patches

# Ours (build/$(ARCH)/obj-bench) against upstream's (build/$(ARCH)/obj-upstream,
# from build/pristine), both with configs/bench.config: see
# tools/testing/bench/README.md.  BENCH_RUNS boots per kernel (3),
# BENCH_WALL=0 skips the wall-clock boots.
BENCH_RUNS	?= 3
BENCH_WALL	?= 1
bench: tree
	@KCC=$(KCC) JOBS=$(JOBS) BENCH_RUNS=$(BENCH_RUNS) \
		BENCH_WALL=$(BENCH_WALL) sh tools/testing/bench/bench.sh $(TOP) $(ARCH)

clean:
	rm -rf $(BUILD)
