# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# TAP lines and a scratch directory ($tmp, removed on exit) for the
# host-side checks of tools/bench (test-*.sh) and tools/vm/test-tcg-flags.sh,
# sourced.

n=0 fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { n=$((n + 1)); echo "ok $n $1"; }
nok() { n=$((n + 1)); fails=$((fails + 1)); echo "not ok $n $1"; }
# check NAME EXPR: one test line, ok when EXPR (evaluated) holds.
check() { if eval "$2"; then ok "$1"; else nok "$1"; fi; }

# tap_end WHAT: the plan and a summary line; fails if a check failed.
tap_end()
{
	echo "1..$n"
	echo "# $1: $((n - fails)) passed, $fails failed"
	[ $fails -eq 0 ]
}
