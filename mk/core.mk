# SPDX-License-Identifier: GPL-2.0
#
# Core of rxe_eun (reorder bitmaps, memory controller, wire codec,
# completion hold queue, held last packets, sender scoreboard, reorder
# window): KUnit under UML, userspace harness, instruction counts, memory
# experiment.
#
#   make kunit              KUnit suites under User Mode Linux (kunit/run.sh)
#   make harness-check      random model tests (ASan/UBSan) + bounded fuzzing
#                           of each libFuzzer target + the golden packets of
#                           Documentation/wire-format.rst against the codec
#   make bench-insn         callgrind instructions per packet -> results/insn.csv
#   make memory-experiment  results/memory.csv, memory-layouts.csv, memory.png
#
# Knobs: CORE_SEED (default: time), RANDTEST_OPS (2000000), WIRE_ROUNDS (200000),
# ACKTEST_STREAMS (20000),
# FUZZ_SECONDS (20, for each fuzz target; longer runs: FUZZ_SECONDS=600),
# BENCH_TICKS (5000), MEMEXP_ARGS (extra memexp options, e.g. -d 128).

EUN_HARNESS := $(BUILD)/harness
# One seed for every target of a run, printed by each, so that a run repeats.
ifndef CORE_SEED
CORE_SEED := $(shell date +%s)
endif
RANDTEST_OPS ?= 2000000
ACKTEST_STREAMS ?= 20000
WIRE_ROUNDS ?= 200000
FUZZ_SECONDS ?= 20
BENCH_TICKS ?= 5000
MEMEXP_ARGS ?=

.PHONY: kunit harness harness-check bench-insn memory-experiment

kunit:
	$(REPO)/tools/deps.sh build kunit
	$(REPO)/kunit/run.sh

harness:
	$(REPO)/tools/deps.sh harness
	$(MAKE) -C $(REPO)/tools/testing/harness REPO=$(REPO) OUT=$(EUN_HARNESS)

harness-check: harness
	$(EUN_HARNESS)/randtest -s $(CORE_SEED) -n $(RANDTEST_OPS)
	$(EUN_HARNESS)/wiretest -s $(CORE_SEED) -n $(WIRE_ROUNDS)
	$(REPO)/tools/testing/harness/wire-golden.sh $(EUN_HARNESS)/wire_golden $(REPO)/Documentation/wire-format.rst
	$(REPO)/tools/testing/harness/fuzz.sh $(EUN_HARNESS) $(FUZZ_SECONDS) $(CORE_SEED)
	$(REPO)/tools/testing/harness/fuzz.sh $(EUN_HARNESS) $(FUZZ_SECONDS) $(CORE_SEED) fuzz_wire
	$(EUN_HARNESS)/hq_randtest -s $(CORE_SEED) -n $(RANDTEST_OPS)
	$(REPO)/tools/testing/harness/fuzz.sh $(EUN_HARNESS) $(FUZZ_SECONDS) $(CORE_SEED) hq_fuzz
	$(EUN_HARNESS)/sbtest -s $(CORE_SEED) -n $(RANDTEST_OPS)
	$(EUN_HARNESS)/acktest -s $(CORE_SEED) -n $(ACKTEST_STREAMS)
	$(REPO)/tools/testing/harness/fuzz.sh $(EUN_HARNESS) $(FUZZ_SECONDS) $(CORE_SEED) sbfuzz
	$(REPO)/tools/testing/harness/fuzz.sh $(EUN_HARNESS) $(FUZZ_SECONDS) $(CORE_SEED) rdfuzz
	$(REPO)/tools/testing/harness/fuzz.sh $(EUN_HARNESS) $(FUZZ_SECONDS) $(CORE_SEED) rofuzz
	$(REPO)/tools/testing/harness/fuzz.sh $(EUN_HARNESS) $(FUZZ_SECONDS) $(CORE_SEED) rxfuzz

bench-insn: harness
	$(REPO)/tools/testing/harness/bench-insn.sh $(EUN_HARNESS) $(RESULTS) $(BENCH_TICKS)

memory-experiment: harness
	$(REPO)/tools/testing/harness/memory-experiment.sh $(EUN_HARNESS) $(RESULTS) $(MEMEXP_ARGS)

CHECK_TARGETS += kunit harness-check memory-experiment
