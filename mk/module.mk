# SPDX-License-Identifier: GPL-2.0
#
# rdma_rxe_eun.ko: build/ is assembled from upstream rxe (Debian's
# linux-source-6.12), the patch series and the eun_* files.

MODULE_KO := $(BUILD)/rdma_rxe_eun.ko
EUN_VERSION := $(shell sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' $(REPO)/dkms.conf)

.PHONY: module install uninstall dkms-install dkms-remove checkpatch frames build-test

all: module
CHECK_TARGETS += module checkpatch frames

module:
	$(REPO)/tools/deps.sh build
	$(REPO)/tools/assemble.sh $(BUILD)

# Installs into updates/ so that depmod prefers it; the modprobe.d file
# makes 'modprobe rdma_rxe' refuse while rdma_rxe_eun is loaded.
install: module
	$(REPO)/tools/install.sh install $(MODULE_KO)

uninstall:
	$(REPO)/tools/install.sh uninstall

dkms-install:
	$(REPO)/tools/install.sh dkms-install $(EUN_VERSION)

dkms-remove:
	$(REPO)/tools/install.sh dkms-remove $(EUN_VERSION)

# Kernel style on the project's own C files (see .checkpatch.conf).
checkpatch:
	$(REPO)/tools/checkpatch.sh

# Stack frames within the debug kernel's limit under KASAN's instrumentation
# (tools/frames.sh), without building that kernel: a module the debug
# kernel refuses stops make module-debug and make soak-debug.
frames:
	$(REPO)/tools/deps.sh build
	$(REPO)/tools/frames.sh $(BUILD)/frames

# Version checks and patch-series assembly, against fakes and broken series
# (make check runs it in host-check).
build-test:
	$(REPO)/tools/deps.sh build
	$(REPO)/tools/testing/host/test-build.sh
