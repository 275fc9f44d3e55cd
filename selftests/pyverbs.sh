#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bed-timeout: 600
#
# rdma-core's own verbs test suite (Debian's python3-pyverbs ships it in
# /usr/share/doc/rdma-core/tests) against the device under test, in each
# guest on its own device. Unmodified applications must run on rxe_eun
# as on stock rxe: no test may fail or error except those listed in
# pyverbs.known-failures (they fail on stock rxe as well); skips are the
# suite's own (features rxe does not have). The modules below cover device, PD, CQ,
# MR and QP set-up and RC/UC/UD traffic through the extended post API;
# the whole suite takes too long under TCG for every run.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"

suite=/usr/share/doc/rdma-core/tests
[ -f "$suite/run_tests.py" ] || { log_skip "python3-pyverbs is not installed"; exit $ksft_skip; }
/usr/bin/python3 -c 'import pyverbs' 2>/dev/null ||
	{ log_skip "pyverbs does not import"; exit $ksft_skip; }

work=$BED_RESULTS/pyverbs
rm -rf "$work"
mkdir -p "$work"
cp -r "$suite" "$work/tests"
find "$work/tests" -name '*.gz' -exec gunzip -f {} +

modules=${PYVERBS_MODULES:-test_device test_pd test_cq test_mr test_qp test_qpex}
out=$BED_RESULTS/pyverbs.txt
(cd "$work/tests" && PYTHONPATH=.:.. timeout $((BED_TIMEOUT - 10)) \
	/usr/bin/python3 run_tests.py --dev "$BED_DEV" -v $modules) > "$out" 2>&1
rc=$?

ran=$(sed -n 's/^Ran \([0-9]*\) tests\? in.*/\1/p' "$out" | tail -1)
verdict=$(grep -E '^(OK|FAILED)' "$out" | tail -1)
log_info "pyverbs on $BED_DEV: ran ${ran:-?} tests: ${verdict:-no verdict} (rc=$rc)"

# Failed or errored test ids, e.g. tests.test_cq.CQTest.test_resize_cq.
sed -n 's/^\(FAIL\|ERROR\): [^ ]* (\(.*\))$/\2/p' "$out" | sort -u > "$BED_RESULTS/pyverbs.failed"
known=$BED_REPO/selftests/pyverbs.known-failures
sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^$/d' "$known" | sort -u > "$BED_RESULTS/pyverbs.known"
new_failures=$(comm -23 "$BED_RESULTS/pyverbs.failed" "$BED_RESULTS/pyverbs.known")
for t in $(comm -12 "$BED_RESULTS/pyverbs.failed" "$BED_RESULTS/pyverbs.known"); do
	log_info "known failure (fails on stock rxe too): $t"
done

[ "${ran:-0}" -gt 0 ]
check_err $? "the suite ran no test (rc=$rc)"
[ -z "$new_failures" ]
check_err $? "failed: $(echo $new_failures)"
# A non-zero exit with no failed test named is a crash or a timeout.
[ $rc -eq 0 ] || [ -s "$BED_RESULTS/pyverbs.failed" ]
check_err $? "run_tests.py exited $rc without a verdict"
log_test "$BED_MODULE: rdma-core pyverbs suite on $BED_DEV (${ran:-0} tests)"
exit $EXIT_STATUS
