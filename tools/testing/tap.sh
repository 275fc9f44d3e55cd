# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# The one TAP printer of the project's shell scripts, sourced: the host
# tests (tools/testing/host), their runner (make host-check), and the
# bed's TAP streams (tools/vm/bed.sh, tools/vm/selftest.sh).
#
#   tap_start [PLAN]      "TAP version 13", and "1..PLAN" when PLAN is known
#                         up front; starts the count afresh
#   ok DESC               "ok N DESC"; a DESC with "# SKIP" counts as a skip
#   skip DESC REASON      "ok N DESC # SKIP REASON"
#   nok DESC [DETAIL...]  "not ok N DESC", then "#   LINE" for every line
#                         of the DETAILs
#   check DESC EXPR       ok when EXPR (evaluated) holds, else nok
#   tap_scratch           $tmp: a scratch folder, removed on exit
#   tap_end WHAT [MORE]   the plan (unless tap_start printed it), then
#                         "# WHAT: P passed, F failed, S skipped[, MORE]";
#                         false when a test point failed
#
# Safe under set -e: only tap_end returns false. The counts are tap_n,
# tap_fails and tap_skips.

tap_n=0 tap_fails=0 tap_skips=0 tap_planned=

# shellcheck disable=SC2120 # PLAN is optional
tap_start()
{
	tap_n=0 tap_fails=0 tap_skips=0 tap_planned=${1:-}
	echo "TAP version 13"
	[ -z "$tap_planned" ] || echo "1..$tap_planned"
}

ok()
{
	tap_n=$((tap_n + 1))
	[[ $1 != *" # SKIP"* ]] || tap_skips=$((tap_skips + 1))
	echo "ok $tap_n $1"
}

skip() { ok "$1 # SKIP $2"; }

nok()
{
	local d line

	tap_n=$((tap_n + 1))
	tap_fails=$((tap_fails + 1))
	echo "not ok $tap_n $1"
	shift
	for d in "$@"; do
		while IFS= read -r line; do
			echo "#   $line"
		done <<< "$d"
	done
}

check()
{
	if eval "$2"; then
		ok "$1"
	else
		nok "$1" "failed: $2"
	fi
}

# tap_scratch: $tmp, a scratch folder of the test's own, removed on exit.
tap_scratch()
{
	tmp=$(mktemp -d)
	# shellcheck disable=SC2064 # the folder is known now
	trap "rm -rf '$tmp'" EXIT
}

tap_end()
{
	[ -n "$tap_planned" ] || echo "1..$tap_n"
	echo "# $1: $((tap_n - tap_fails - tap_skips)) passed, $tap_fails failed, $tap_skips skipped${2:+, $2}"
	[ "$tap_fails" -eq 0 ]
}
