# SPDX-License-Identifier: GPL-2.0
# Host-script tests (tools/testing/host): the build scripts, the bed's
# config parser, tables, console scan and CPU model, the benchmark's CSV
# files, summary and goals, the layout and hooks of the house. They boot
# nothing.
#
#   make host-check    every tools/testing/host/test-*, one TAP stream
#
# HOST_TESTS picks some by file name (HOST_TESTS=test-goals.sh).

HOST_TESTS ?=

.PHONY: host-check
CHECK_TARGETS += host-check

# test-build.sh needs the kernel packages (build), test-tcg-flags.sh
# qemu-user and test-bed-config.sh the bed's tools (bed), the test-*.py
# python3 and test-docs.py docutils (host).
host-check:
	@$(REPO)/tools/deps.sh build kunit bed host
	@$(REPO)/tools/testing/host/run.sh $(HOST_TESTS)
