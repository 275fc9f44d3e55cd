#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# RC QPs reused after RESET (selftests/qp_reset.py, pyverbs), in each guest
# on its own device over rxe's loopback path: a QP moved to RESET and
# connected to a new peer, then both moved to RESET and connected again,
# must move every message of every round, in order and intact, as a new
# QP does. Nothing of a QP's ordering state (message numbers, held
# completions, reorder window) may outlive RESET.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"

/usr/bin/python3 -c 'import pyverbs' 2>/dev/null ||
	{ log_skip "pyverbs does not import"; exit $ksft_skip; }

out=$BED_RESULTS/qp_reset.txt
timeout $((BED_TIMEOUT / 2)) /usr/bin/python3 "$BED_REPO/selftests/qp_reset.py" \
	--dev "$BED_DEV" --gid "$BED_GID_INDEX" > "$out" 2>&1
rc=$?
sed 's/^/\t/' "$out"
check_err $rc "qp_reset.py exited with $rc (124: timeout)"
log_test "$BED_MODULE: RC QPs reused after RESET, a new peer, then both"
exit $EXIT_STATUS
