# SPDX-License-Identifier: GPL-2.0
# eun-verify: the verbs traffic checker (tools/eun-verify).
#
#   make tools         build build/eun-verify and build/eun-inject
#   make verify-unit   unit tests of its pattern and checker logic
#                      (tools/testing/harness/ev_unit.c)

EV_DIR := $(REPO)/tools/eun-verify

.PHONY: tools verify-unit
all: tools
tools:
	$(REPO)/tools/deps.sh tools
	$(MAKE) -C $(EV_DIR) O=$(BUILD)
	$(MAKE) -C $(REPO)/tools/inject O=$(BUILD)

# Builds the tool too: the guest selftests that follow in `make check`
# run build/eun-verify, and a tool that does not compile is a failure here.
verify-unit: tools
	$(MAKE) -C $(REPO)/tools/testing/harness REPO=$(REPO) OUT=$(BUILD)/harness \
		$(BUILD)/harness/ev_unit
	$(BUILD)/harness/ev_unit

CHECK_TARGETS += verify-unit
