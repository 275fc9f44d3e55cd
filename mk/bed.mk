# SPDX-License-Identifier: GPL-2.0
# The two-guest qemu bed: initramfs, guest selftests, the demo benchmark.
# Documentation/testing.rst describes the bed and how to add a test.

.PHONY: bed-deps bed-initramfs bed-config-check selftest demo verify-goodput soak bench \
	bench-multipath bench-read debug-kernel module-debug soak-debug

# make soak: SOAK_MINUTES of wall time per qemu, CPU model and module
# (both guests run that long); SOAK_CPUS, a space-separated list of qemu
# -cpu values, defaults to the bed's own CPU. SOAK_NETEM is the netem on
# both guests' link for rdma_rxe_eun (stock rdma_rxe soaks unimpaired);
# SOAK_NETEM= soaks rdma_rxe_eun unimpaired too.
SOAK_MINUTES ?= 10
SOAK_CPUS ?=
SOAK_MODULES ?= rdma_rxe rdma_rxe_eun
SOAK_NETEM ?= delay 1ms reorder 25% 50%

# QEMU=7.2: every bed run on Debian's qemu 7.2 instead of the default,
# qemu 10 from bookworm-backports (unpacked by tools/deps.sh bed into
# build/qemu10);
# QEMU_CPU: the guests' -cpu (bed.sh's CPU). Both reach bed.sh through
# its environment (EUN_QEMU, EUN_CPU). make soak takes a list,
# QEMU="7.2 10", and soaks each.
QEMU ?=
QEMU_CPU ?=
ifeq ($(words $(QEMU)),1)
export EUN_QEMU := $(QEMU)
endif
ifneq ($(QEMU_CPU),)
export EUN_CPU := $(QEMU_CPU)
endif

# KERNEL=debug: every bed run on the debug guest kernel (make debug-kernel:
# KASAN, lockdep, kmemleak, two vCPUs) with build/debugk/rdma_rxe_eun.ko
# (make module-debug), e.g. make selftest KERNEL=debug. It reaches bed.sh
# through its environment (EUN_KERNEL).
KERNEL ?=
ifneq ($(KERNEL),)
export EUN_KERNEL := $(KERNEL)
endif
BED_MODULES := module tools $(if $(filter debug,$(KERNEL)),module-debug)

CHECK_TARGETS += selftest

# The guests boot the target kernel and load modules built against it.
bed-deps:
	@$(REPO)/tools/deps.sh build bed

bed-initramfs: bed-deps
	@$(REPO)/tools/vm/mkinitramfs.sh

# Host-side checks of the run config parser, the bed's CPU model, the
# console scan, what a crash leaves failed, the benchmark summary and its
# goals (boots nothing; make check runs them in host-check).
bed-config-check: bed-deps
	@$(REPO)/tools/testing/host/test-bed-config.sh
	@$(REPO)/tools/testing/host/test-tcg-flags.sh
	@$(REPO)/tools/testing/host/test-console-scan.sh
	@$(REPO)/tools/testing/host/test-selftest-retry.sh
	@$(REPO)/tools/testing/host/test-summarize.sh
	@$(REPO)/tools/testing/host/test-goals.sh
	@$(REPO)/tools/testing/host/test-debug-kernel.sh

# Stock rdma_rxe, rdma_rxe_eun in its default mode and in gbn, one boot
# each; SELFTEST_RUNS picks others (rdma_rxe_eun/static). Fails if any
# selftest fails.
SELFTEST_RUNS ?=
selftest: bed-initramfs
	$(MAKE) --no-print-directory $(BED_MODULES)
	RESULTS=$(RESULTS) $(REPO)/tools/vm/selftest.sh $(SELFTEST_RUNS)

# The main job: a short subset of the benchmark, four columns side by side.
# Goals left undecided get at most DEMO_EXTRA_REPS more repetitions of
# their transfers within DEMO_EXTRA_SECONDS (tools/bench/bench.sh -x, -X).
DEMO_EXTRA_REPS ?= 2
DEMO_EXTRA_SECONDS ?= 120
demo: bed-initramfs
	$(MAKE) --no-print-directory $(BED_MODULES)
	RESULTS=$(RESULTS) $(REPO)/tools/bench/demo.sh -x $(DEMO_EXTRA_REPS) -X $(DEMO_EXTRA_SECONDS)

# eun-verify's checked goodput beside perftest's, one transfer per module.
verify-goodput: bed-initramfs
	$(MAKE) --no-print-directory $(BED_MODULES)
	RESULTS=$(RESULTS) $(REPO)/tools/bench/verify-goodput.sh

# The crash soak: RC SEND/WRITE bandwidth and eun-verify of every verb
# in turn (rdma_rxe_eun over SOAK_NETEM); crashes per guest-hour per qemu,
# CPU model and module in $(RESULTS)/soak.csv.
soak: bed-initramfs
	$(MAKE) --no-print-directory $(BED_MODULES)
	RESULTS=$(RESULTS) SOAK_NETEM='$(SOAK_NETEM)' $(REPO)/tools/vm/soak.sh -m $(SOAK_MINUTES) \
		$(foreach q,$(QEMU),-q $(q)) $(foreach c,$(SOAK_CPUS),-c $(c)) $(SOAK_MODULES)

# The benchmark matrix (Documentation/results.rst): every column, profile,
# op, size and repetition; BENCH_ARGS picks a subset (tools/bench/bench.sh -h),
# and BENCH_ARGS='-x 2 -X 900' runs up to 2 more repetitions of the
# transfers of the goals left undecided, within 900 s.
# Then the multipath matrix (bench-multipath), unless BENCH_MULTIPATH=0.
BENCH_ARGS ?=
BENCH_MULTIPATH ?= 1
bench: bed-initramfs
	$(MAKE) --no-print-directory $(BED_MODULES)
	RESULTS=$(RESULTS) $(REPO)/tools/bench/bench.sh $(BENCH_ARGS)
	[ "$(BENCH_MULTIPATH)" = 0 ] || RESULTS=$(RESULTS) $(REPO)/tools/bench/multipath.sh

# The multipath matrix (Documentation/multipath.rst): four bonded links,
# every mp-* profile, stock against each spraying policy.
bench-multipath: bed-initramfs
	$(MAKE) --no-print-directory $(BED_MODULES)
	RESULTS=$(RESULTS) $(REPO)/tools/bench/multipath.sh

# The READ and atomics matrix (Documentation/results.rst): READ, CAS and
# FAA with reordering on the requests' path, the responses' path and
# both, every column; BENCH_READ_ARGS=-q runs the short demo subset, -P
# adds perftest's rows (tools/bench/read.sh -h).
BENCH_READ_ARGS ?=
bench-read: bed-initramfs
	$(MAKE) --no-print-directory $(BED_MODULES)
	RESULTS=$(RESULTS) $(REPO)/tools/bench/read.sh $(BENCH_READ_ARGS)

# The debug guest kernel (tools/vm/debug-kernel.sh): linux-source-6.12 with
# defconfig and tools/vm/debug-kernel.config, built once per machine into
# /var/cache/rxe_eun (about an hour on two cores from nothing; a changed
# fragment rebuilds what it touches). Not part of make check.
debug-kernel:
	@$(REPO)/tools/deps.sh debugk
	@$(REPO)/tools/vm/debug-kernel.sh build

# rdma_rxe_eun.ko built against the debug kernel, in build/debugk.
module-debug: debug-kernel
	KDIR=$$($(REPO)/tools/vm/debug-kernel.sh env | sed -n 's/^DEBUGK_KDIR=//p') \
		$(REPO)/tools/assemble.sh $(BUILD)/debugk

# The soak on the debug kernel: rdma_rxe_eun for SOAK_DEBUG_MINUTES of wall
# time (two guests: twice that in guest time) over SOAK_DEBUG_NETEM on both
# guests (reordering both ways and loss), rounds of SEND and WRITE
# bandwidth and eun-verify of every verb on 2 QPs and on SOAK_DEBUG_QPS (SRQs),
# kmemleak's scan after the last round. Every KASAN, lockdep, kmemleak
# report and WARN on the consoles is counted; the row goes to
# $(RESULTS)/soak-debug.csv.
SOAK_DEBUG_MINUTES ?= 60
SOAK_DEBUG_NETEM ?= delay 1ms reorder 25% 50% loss 0.5%
SOAK_DEBUG_QPS ?= 32
soak-debug: bed-deps
	$(MAKE) --no-print-directory module-debug tools
	RESULTS=$(RESULTS) SOAK_NETEM='$(SOAK_DEBUG_NETEM)' $(REPO)/tools/vm/soak.sh -k debug \
		-m $(SOAK_DEBUG_MINUTES) -s MEM=2048 -s JOB_ENV=EV_SOAK_QPS=$(SOAK_DEBUG_QPS) rdma_rxe_eun
