#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Host-side checks of selftests/lib.sh's counter helpers on made-up
# snapshots: a counter that neither snapshot has fails the check that
# reads it (a renamed counter must not read 0), with a message and a line
# in BED_RESULTS/counters-missing that log_test turns into a failure; the
# rxe_eun_* names read 0 on a stock device only when the caller says so
# (-s), never on an rdma_rxe_eun device; rping's retransmissions are
# bounded, not only printed. TAP output.
# shellcheck disable=SC2016 # check evaluates its expression when it runs
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
# shellcheck source=tools/testing/tap.sh
source "$here/../tap.sh"
tap_scratch
# shellcheck source=selftests/lib.sh
BED_REPO=$repo source "$repo/selftests/lib.sh"
tap_start

# snap FILE DEV VALUE NAMES...: a snapshot, every counter at VALUE.
snap()
{
	local f=$1 d=$2 v=$3 n
	shift 3

	for n in "$@"; do echo "$d $n $v"; done >> "$f"
}
read -r -a retrans <<< "${BED_RETRANS_COUNTERS//[$'\t\n']/ }"
stock=(sent_pkts rcvd_pkts) eun=()
for n in "${retrans[@]}"; do
	if [[ $n == rxe_eun_* ]]; then eun+=("$n"); else stock+=("$n"); fi
done
eun=("${stock[@]}" "${eun[@]}" rxe_eun_rx_ooo)
snap "$tmp/s0" rxe0 0 "${stock[@]}"; snap "$tmp/s1" rxe0 0 "${stock[@]}"
snap "$tmp/e0" eun0 0 "${eun[@]}"; snap "$tmp/e1" eun0 0 "${eun[@]}"
sed -i 's/^eun0 sent_pkts 0/eun0 sent_pkts 7/; s/^eun0 rxe_eun_rx_ooo 0/eun0 rxe_eun_rx_ooo 2/' "$tmp/e1"

export BED_RESULTS=$tmp/res
mkdir -p "$BED_RESULTS"
missing() { cat "$BED_RESULTS/counters-missing" 2>/dev/null; }
reset() { rm -f "$BED_RESULTS/counters-missing"; BED_COUNTERS_MISSING_SEEN=0; RET=0; RET_MSG=; }

out=$(bed_counter_deltas "$tmp/e0" "$tmp/e1" "sent_pkts rxe_eun_rx_ooo" 2> "$tmp/err"); rc=$?
check "present counters: their increase, no failure" \
	'[ "$out" = "sent_pkts=7 rxe_eun_rx_ooo=2" ] && [ $rc -eq 0 ] && [ -z "$(missing)" ]'
out=$(bed_counter_delta "$tmp/e0" "$tmp/e1" "sent_pkts rxe_eun_rx_ooo" eun0); rc=$?
check "bed_counter_delta sums a list" '[ "$out" = 9 ] && [ $rc -eq 0 ]'

reset
out=$(bed_counter_deltas "$tmp/e0" "$tmp/e1" "sent_pkts rxe_eun_rx_oo" 2> "$tmp/err"); rc=$?
check "a counter neither snapshot has fails" '[ $rc -ne 0 ]'
check "... says which, on stderr" 'grep -q "no counter rxe_eun_rx_oo in" "$tmp/err"'
check "... and in BED_RESULTS/counters-missing" 'missing | grep -q "no counter rxe_eun_rx_oo"'
check "... and reads 0" '[ "$out" = "sent_pkts=7 rxe_eun_rx_oo=0" ]'
reset
d=$(bed_counter_delta "$tmp/e0" "$tmp/e1" rxe_eun_rx_oo 2> /dev/null)
check "inside a command substitution the file keeps it" '[ "$d" = 0 ] && missing | grep -q rxe_eun_rx_oo'
log_test "a check that read it" > "$tmp/log"
check "log_test fails the check that read it" \
	'grep -q "\[FAIL\]" "$tmp/log" && grep -q "missing counter: no counter rxe_eun_rx_oo" "$tmp/log"'
log_test "the next check" > "$tmp/log"
check "... once" 'grep -q "\[ OK \]" "$tmp/log"'
# shellcheck disable=SC2034 # lib.sh's
EXIT_STATUS=0

reset
bed_counter_deltas "$tmp/e0" "$tmp/e1" sent_pkts rxe0 > /dev/null 2>&1; rc=$?
check "a counter of another device only fails for DEV" '[ $rc -ne 0 ]'

reset
out=$(bed_counter_deltas -s "$tmp/s0" "$tmp/s1" "sent_pkts rxe_eun_rx_ooo" rxe0 2> "$tmp/err"); rc=$?
check "-s: an rxe_eun_* counter reads 0 on a stock device" \
	'[ $rc -eq 0 ] && [ "$out" = "sent_pkts=0 rxe_eun_rx_ooo=0" ] && [ -z "$(missing)" ]'
bed_counter_deltas "$tmp/s0" "$tmp/s1" "sent_pkts rxe_eun_rx_ooo" rxe0 > /dev/null 2>&1; rc=$?
check "without -s it fails there too" '[ $rc -ne 0 ]'
reset
bed_counter_deltas -s "$tmp/e0" "$tmp/e1" "sent_pkts rxe_eun_rx_oo" > /dev/null 2>&1; rc=$?
check "-s: a missing rxe_eun_* counter fails on an rdma_rxe_eun device" '[ $rc -ne 0 ]'
bed_counter_deltas -s "$tmp/s0" "$tmp/s1" "sent_pkt" > /dev/null 2>&1; rc=$?
check "-s: a missing stock counter fails on a stock device" '[ $rc -ne 0 ]'

reset
bed_check_no_retrans "$tmp/s0" "$tmp/s1" 2> "$tmp/err"; rc=$?
check "bed_check_no_retrans: stock, nothing moved" '[ $rc -eq 0 ] && [ ! -s "$tmp/err" ]'
bed_check_no_retrans "$tmp/e0" "$tmp/e1" 2> "$tmp/err"; rc=$?
check "bed_check_no_retrans: rdma_rxe_eun, nothing moved" '[ $rc -eq 0 ] && [ ! -s "$tmp/err" ]'
sed 's/^eun0 rxe_eun_retx_timeout /eun0 rxe_eun_retx_timeouts /' "$tmp/e0" > "$tmp/r0"
sed 's/^eun0 rxe_eun_retx_timeout /eun0 rxe_eun_retx_timeouts /' "$tmp/e1" > "$tmp/r1"
bed_check_no_retrans "$tmp/r0" "$tmp/r1" 2> "$tmp/err"; rc=$?
check "bed_check_no_retrans: a renamed rxe_eun_* counter fails on rdma_rxe_eun" \
	'[ $rc -ne 0 ] && grep -q "no counter rxe_eun_retx_timeout " "$tmp/err"'
sed 's/^rxe0 rcvd_seq_err /rxe0 rcvd_seq_errs /' "$tmp/s0" > "$tmp/r0"
sed 's/^rxe0 rcvd_seq_err /rxe0 rcvd_seq_errs /' "$tmp/s1" > "$tmp/r1"
bed_check_no_retrans "$tmp/r0" "$tmp/r1" 2> "$tmp/err"; rc=$?
check "bed_check_no_retrans: a renamed stock counter fails" '[ $rc -ne 0 ]'
sed 's/^eun0 rxe_eun_retx_timeout 0/eun0 rxe_eun_retx_timeout 3/' "$tmp/e1" > "$tmp/r1"
bed_check_no_retrans "$tmp/e0" "$tmp/r1" 2> "$tmp/err"; rc=$?
check "bed_check_no_retrans: a moved counter fails and is named" \
	'[ $rc -ne 0 ] && grep -q "moved: rxe_eun_retx_timeout=+3" "$tmp/err"'

# rping's bound: a few moves pass (and are printed), more fail.
sed 's/^eun0 rxe_eun_retx_timeout 0/eun0 rxe_eun_retx_timeout 2/; s/^eun0 duplicate_request 0/eun0 duplicate_request 1/' \
	"$tmp/e1" > "$tmp/r1"
out=$(bed_check_retrans "$tmp/e0" "$tmp/r1" 3 2> "$tmp/err"); rc=$?
check "bed_check_retrans: moves within the bound pass and are printed" \
	'[ $rc -eq 0 ] && [ ! -s "$tmp/err" ] && [[ $out == *"moved by 3 (at most 3):"*"duplicate_request=+1"*"rxe_eun_retx_timeout=+2"* ]]'
bed_check_retrans "$tmp/e0" "$tmp/r1" 2 > /dev/null 2> "$tmp/err"; rc=$?
check "bed_check_retrans: beyond the bound they fail" \
	'[ $rc -ne 0 ] && grep -q "moved by 3, more than 2:" "$tmp/err"'
reset
sed 's/^eun0 rxe_eun_retx_timeout /eun0 rxe_eun_retx_timeouts /' "$tmp/e0" > "$tmp/r0"
sed 's/^eun0 rxe_eun_retx_timeout /eun0 rxe_eun_retx_timeouts /' "$tmp/e1" > "$tmp/r1"
bed_check_retrans "$tmp/r0" "$tmp/r1" "$BED_RPING_RETRANS_MAX" > /dev/null 2>&1; rc=$?
check "bed_check_retrans: a missing counter fails within the bound too" '[ $rc -ne 0 ]'
check "rping's bound is a small number" '[ "$BED_RPING_RETRANS_MAX" -gt 0 ] && [ "$BED_RPING_RETRANS_MAX" -le 20 ]'
check "rping.sh judges its retransmissions against it" \
	'grep -q "bed_check_retrans .*counters-rping-before.*" "$repo/selftests/rping.sh" &&
	 grep -q "\"\$BED_RPING_RETRANS_MAX\"" "$repo/selftests/rping.sh" &&
	 grep -q "check_err \"\${PIPESTATUS\[0\]}\"" "$repo/selftests/rping.sh"'

tap_end "counters"
