#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Run the host tests (every test-*.sh and test-*.py here, in name order)
# and print one TAP stream: a test point per test, named with its own
# closing count; a failed test's whole output follows its point as TAP
# comments (all of them with -v). Exits 1 when any test failed.
#
# Usage: tools/testing/host/run.sh [-v] [TEST...]
#   TEST is a file name here (test-goals.sh); default: all of them.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
prog=run.sh
# shellcheck source=tools/testing/tap.sh
source "$here/../tap.sh"
tap_scratch

verbose=
[ "${1:-}" = -v ] && { verbose=1; shift; }
tests=("$@")
if [ ${#tests[@]} -eq 0 ]; then
	for t in "$here"/test-*.sh "$here"/test-*.py; do
		tests+=("$(basename "$t")")
	done
	mapfile -t tests < <(printf '%s\n' "${tests[@]}" | sort)
fi
for t in "${tests[@]}"; do
	[ -f "$here/$t" ] || { echo "$prog: no host test '$t' in $here" >&2; exit 2; }
done

cd "$repo" || exit 2

tap_start ${#tests[@]}
for t in "${tests[@]}"; do
	case $t in
	*.py) python3 "$here/$t" "$repo" > "$tmp/out" 2>&1 ;;
	*)    "$here/$t" > "$tmp/out" 2>&1 ;;
	esac
	rc=$?
	# "# WHAT: N passed, N failed[, ...]", the test's closing line.
	count=$(sed -n 's/^# [^:]*: \([0-9]* passed, .*\)/\1/p' "$tmp/out" | tail -n 1)
	# A failed test point fails the test whatever its exit status.
	if [ $rc -eq 0 ] && ! grep -q '^not ok ' "$tmp/out"; then
		ok "$t: ${count:-no count}"
		[ -z "$verbose" ] || sed 's/^/#   /' "$tmp/out"
	else
		nok "$t: ${count:-no count}, exit status $rc" "$(cat "$tmp/out")"
	fi
done
tap_end host-check
