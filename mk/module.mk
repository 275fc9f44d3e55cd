# SPDX-License-Identifier: GPL-2.0
# Build of rdma_rxe_eun.ko: assemble build/ from upstream rxe + patches + eun_* files.

.PHONY: module
all: module
module:
	$(REPO)/tools/assemble.sh $(BUILD)
