#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The benchmark's netem profiles as the guests read them (tools/bench/
# lib.sh): one spec per link of a multipath profile ("linkK:" lines over
# the lines for every link), the whole profile for the rows, the "down:"
# line apart; and the columns MODE+SPRAY.
set -uo pipefail

repo=$(cd "$(dirname "$0")/../../.." && pwd)
export BED_REPO=$repo
# shellcheck source=tools/bench/lib.sh
source "$repo/tools/bench/lib.sh"
# shellcheck source=tools/testing/tap.sh
source "$repo/tools/testing/tap.sh"
tap_start

is() { [ "$1" = "$2" ] || { echo "got '$1', want '$2'" >&2; return 1; }; }

check "a single-line profile is every link's" \
	"is \"\$(profile_spec reorder 0)\" 'delay 1ms reorder 25% 50%' && is \"\$(profile_spec reorder 3)\" 'delay 1ms reorder 25% 50%'"
check "no impairment is empty" "is \"\$(profile_spec none)\" '' && is \"\$(profile_spec none 2)\" ''"
check "each link its own line" \
	"is \"\$(profile_spec mp-skew 0)\" 'rate 8mbit delay 100us' && is \"\$(profile_spec mp-skew 3)\" 'rate 8mbit delay 2ms'"
check "a link line overrides the common one" \
	"is \"\$(profile_spec mp-slow 1)\" 'rate 800kbit' && is \"\$(profile_spec mp-slow 2)\" 'rate 8mbit'"
check "the whole profile for the rows" \
	"is \"\$(profile_spec mp-slow)\" 'rate 8mbit; link1: rate 800kbit'"
check "a down line is no netem" "is \"\$(profile_spec mp-down 1)\" 'rate 8mbit' && is \"\$(profile_spec mp-down)\" 'rate 8mbit'"
check "the down line: link, start, length" "is \"\$(profile_down mp-down)\" '1 1 1' && is \"\$(profile_down mp-equal)\" ''"
check "a missing profile fails" "! profile_spec nonexistent 2>/dev/null"
check "column modes and sprays" \
	"is \$(column_mode eunomia+rr) eunomia && is \$(column_spray eunomia+rr) rr && is \$(column_mode gbn) gbn && is \$(column_spray gbn) off"
tap_end profiles
