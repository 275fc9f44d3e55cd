# SPDX-License-Identifier: GPL-2.0
#
# rxe_eun: a reorder-tolerant fork of soft-RoCE, built out of tree.
#
#   make               build build/rdma_rxe_eun.ko and the tools
#   make check         every test: host scripts, unit, KUnit (UML), harness,
#                      guest selftests
#   make host-check    the host-script tests alone (tools/testing/host)
#   make demo          the main job: build, boot the bed, reorder benchmark
#   make bench-multipath  one QP sprayed over four bonded links, every policy
#   make bench-read    READ and atomics, reordered each way, every column
#   make kunit         KUnit suites under User Mode Linux
#   make selftest      the guest selftests alone (KERNEL=debug: on the debug kernel)
#   make soak-debug    soak on the debug guest kernel: KASAN, lockdep, kmemleak
#   make install       install the module (and DKMS: make dkms-install)
#   make deps          install the Debian packages everything needs

REPO := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))
BUILD := $(REPO)/build
RESULTS ?= $(REPO)/results

# Parts of `make check`, in order; each mk/*.mk appends its targets.
CHECK_TARGETS :=

.PHONY: all deps check clean
all:

deps:
	$(REPO)/tools/deps.sh all

-include $(REPO)/mk/host.mk
include $(REPO)/mk/module.mk
-include $(REPO)/mk/core.mk
-include $(REPO)/mk/verify.mk
-include $(REPO)/mk/bed.mk

# Run every part even when one fails, then print one closing line. Guest
# kernel crashes (tools/vm/selftest.sh) are counted there too.
check: export EUN_CRASH_LOG := $(BUILD)/check-crashes.txt
check:
	@$(REPO)/tools/deps.sh all
	@mkdir -p $(BUILD); : > $(EUN_CRASH_LOG); \
	pass=0; fail=0; failed=""; \
	t0=$$(date +%s); times=""; \
	for t in $(CHECK_TARGETS); do \
		echo "=== check: $$t"; s=$$(date +%s); \
		if $(MAKE) --no-print-directory $$t; then pass=$$((pass + 1)); \
		else fail=$$((fail + 1)); failed="$$failed $$t"; fi; \
		times="$$times $$t=$$(( $$(date +%s) - s ))s"; \
	done; \
	echo "check: seconds per part:$$times, all $$(( $$(date +%s) - t0 ))s"; \
	echo "check: failed parts:$${failed:- none}"; \
	sed 's/^/check: guest crash: /' $(EUN_CRASH_LOG); \
	echo "$$pass passed, $$fail failed, crashes: $$(wc -l < $(EUN_CRASH_LOG))"; \
	[ $$fail -eq 0 ]

clean:
	rm -rf $(BUILD)
