#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Host-side checks of selftests/pyverbs.sh and pyverbs_lib.sh: the whole
# script runs against a made-up suite and a fake python that prints
# canned unittest output. A failure on rdma_rxe_eun is never run again; on
# stock rdma_rxe a second run passes a test only when it says "ok" for
# that very test (a skip, or a run of nothing, is no pass). TAP output.
# shellcheck disable=SC2016 # check evaluates its expression when it runs
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
# shellcheck source=tools/testing/tap.sh
source "$here/../tap.sh"
tap_scratch

# The fake interpreter: "-c CODE" imports fine; "run_tests.py --dev DEV
# -v [ID...]" logs its IDs to $FAKE/calls and prints $FAKE/full (and
# exits with $FAKE/full.rc) for the whole suite, $FAKE/one for one test.
mkdir -p "$tmp/suite" "$tmp/fake"
touch "$tmp/suite/run_tests.py"
cat > "$tmp/python3" <<'PY'
#!/bin/bash
[ "$1" = -c ] && exit 0
shift 4
echo "${*:-all}" >> "$FAKE/calls"
if [ $# -eq 0 ]; then
	cat "$FAKE/full"
	exit "$(cat "$FAKE/full.rc")"
fi
cat "$FAKE/one"
PY
chmod +x "$tmp/python3"

cat > "$tmp/full-fail" <<'OUT'
test_create_cq (tests.test_cq.CQTest.test_create_cq) ... ok
test_resize_cq (tests.test_cq.CQTest.test_resize_cq) ... FAIL
test_odp_rc (tests.test_odp.OdpTestCase.test_odp_rc)
Check ODP over RC ... skipped 'ODP is not supported'
test_reg_mr (tests.test_mr.MRTest.test_reg_mr)
Register an MR ... ok

======================================================================
FAIL: test_resize_cq (tests.test_cq.CQTest.test_resize_cq)
----------------------------------------------------------------------
Traceback (most recent call last):
AssertionError: PyverbsRDMAError not raised

----------------------------------------------------------------------
Ran 4 tests in 1.234s

FAILED (failures=1, skipped=1)
OUT
sed -e 's/test_resize_cq) \.\.\. FAIL/test_resize_cq) ... ok/' -e '/^=====/,/^-----/d' \
	-e '/^Traceback/,/^AssertionError/d' -e 's/^FAILED (failures=1, /OK (/' \
	"$tmp/full-fail" > "$tmp/full-ok"
printf '%s\n' "test_resize_cq (tests.test_cq.CQTest.test_resize_cq) ... skipped 'resize is not supported'" \
	'' 'Ran 1 test in 0.012s' '' 'OK (skipped=1)' > "$tmp/one-skip"
printf '%s\n' 'test_resize_cq (tests.test_cq.CQTest.test_resize_cq) ... ok' \
	'' 'Ran 1 test in 0.012s' '' 'OK' > "$tmp/one-ok"
printf '%s\n' '' 'Ran 0 tests in 0.000s' '' 'OK' > "$tmp/one-none"

# run MODULE FULL ONE: pyverbs.sh in guest a of a made-up run of MODULE
# (under $tmp/top) with the whole suite printing FULL and one test ONE;
# its exit status in $tmp/rc, its log in $tmp/log.
# shellcheck disable=SC2034 # res is read by the checks
run()
{
	local d=$tmp/top/$1/a/pyverbs rc=0

	rm -rf "$tmp/top/$1" "$tmp/fake"/*
	mkdir -p "$d" "$tmp/top/$1/sync"
	cp "$tmp/$2" "$tmp/fake/full"
	grep -q '^FAILED' "$tmp/$2" && rc=1
	echo $rc > "$tmp/fake/full.rc"
	cp "$tmp/$3" "$tmp/fake/one"
	FAKE=$tmp/fake PYVERBS_SUITE=$tmp/suite PYVERBS_PYTHON=$tmp/python3 \
		BED_REPO=$repo BED_MODULE=$1 BED_DEV=eun0 BED_GUEST=a BED_TIMEOUT=300 \
		BED_RUN=$tmp/top/$1 BED_RESULTS=$d BED_TEST=pyverbs \
		bash "$repo/selftests/pyverbs.sh" > "$tmp/log" 2>&1
	echo $? > "$tmp/rc"
	res=$d
}

# verdicts of pyverbs_results on a canned output, docstrings included
# shellcheck source=selftests/lib.sh
BED_REPO=$repo source "$repo/selftests/lib.sh"
# shellcheck source=selftests/pyverbs_lib.sh
source "$repo/selftests/pyverbs_lib.sh"
tap_start

check "unittest -v output by test, docstrings included" \
	'[ "$(pyverbs_results "$tmp/full-fail" | paste -sd " ")" = "tests.test_cq.CQTest.test_create_cq ok tests.test_cq.CQTest.test_resize_cq FAIL tests.test_odp.OdpTestCase.test_odp_rc skipped tests.test_mr.MRTest.test_reg_mr ok" ]'
check "a run that skips the test is no pass" \
	'! pyverbs_passed "$tmp/one-skip" tests.test_cq.CQTest.test_resize_cq'
check "a run of nothing is no pass" \
	'! pyverbs_passed "$tmp/one-none" tests.test_cq.CQTest.test_resize_cq'
check "an ok for another test is no pass" \
	'! pyverbs_passed "$tmp/one-ok" tests.test_cq.CQTest.test_resize_c'
check "an ok for the test is a pass" \
	'pyverbs_passed "$tmp/one-ok" tests.test_cq.CQTest.test_resize_cq'

run rdma_rxe_eun full-fail one-ok
check "rdma_rxe_eun: a failed test fails the suite" '[ "$(cat "$tmp/rc")" = 1 ] && grep -q "\[FAIL\]" "$tmp/log"'
check "rdma_rxe_eun: a failed test is not run again" '[ "$(cat "$tmp/fake/calls")" = all ]'
check "rdma_rxe_eun: the failure is in pyverbs.failed" \
	'grep -qx tests.test_cq.CQTest.test_resize_cq "$res/pyverbs.failed"'

run rdma_rxe full-fail one-skip
check "rdma_rxe: a failed test is run twice more" \
	'[ "$(paste -sd " " "$tmp/fake/calls")" = "all tests.test_cq.CQTest.test_resize_cq tests.test_cq.CQTest.test_resize_cq" ]'
check "rdma_rxe: a second run that skips is no pass" \
	'grep -qx tests.test_cq.CQTest.test_resize_cq "$res/pyverbs.failed" &&
	 ! grep -qx tests.test_cq.CQTest.test_resize_cq "$res/pyverbs.passed" && ! grep -q flaky "$tmp/log"'
check "rdma_rxe: its failures are recorded, not fatal" \
	'[ "$(cat "$tmp/rc")" = 0 ] && grep -q "recorded as the reference" "$tmp/log"'

run rdma_rxe full-fail one-none
check "rdma_rxe: a second run of nothing is no pass" \
	'grep -qx tests.test_cq.CQTest.test_resize_cq "$res/pyverbs.failed"'

run rdma_rxe full-fail one-ok
check "rdma_rxe: a second run that passes makes it flaky" \
	'[ ! -s "$res/pyverbs.failed" ] && grep -qx tests.test_cq.CQTest.test_resize_cq "$res/pyverbs.passed" &&
	 ! grep -qx tests.test_cq.CQTest.test_resize_cq "$res/pyverbs.not-passed" && grep -q flaky "$tmp/log" &&
	 [ "$(cat "$tmp/rc")" = 0 ]'

# rdma_rxe_eun after stock in the same run: a test stock passed may not skip.
run rdma_rxe full-ok one-ok
check "rdma_rxe: a clean suite passes" '[ "$(cat "$tmp/rc")" = 0 ] && [ "$(wc -l < "$res/pyverbs.passed")" = 3 ]'
sed 's/test_reg_mr)$/test_reg_mr) ... skipped '\''no MR'\''/; /^Register an MR/d; s/^OK (skipped=1)/OK (skipped=2)/' \
	"$tmp/full-ok" > "$tmp/full-lost"
run rdma_rxe_eun full-lost one-ok
check "rdma_rxe_eun: a test stock passed that skips here fails" \
	'[ "$(cat "$tmp/rc")" = 1 ] && grep -q "passed on stock rdma_rxe, not here: tests.test_mr.MRTest.test_reg_mr" "$tmp/log"'
run rdma_rxe_eun full-ok one-ok
check "rdma_rxe_eun: a clean suite passes" '[ "$(cat "$tmp/rc")" = 0 ] && grep -q "compared with stock" "$tmp/log"'

tap_end "pyverbs"
