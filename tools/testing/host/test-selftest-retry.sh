#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Host-side checks of tools/vm/selftest.sh's carry_failures() on made-up
# run folders: after a guest kernel crashed and the run was booted once
# more, what the first boot found stays in the final TAP. A test that
# failed in both guests stays failed, the test a crashed guest was running
# stays failed whatever the retry says, a test the crash only cut short
# is left to the retry, and a kernel report naming rdma_rxe_eun stays a
# failure. TAP output.
# shellcheck disable=SC2016 # check evaluates its expression when it runs
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tools/testing/tap.sh
source "$here/../tap.sh"
tap_scratch

# selftest.sh runs on being executed: take its function alone.
eval "$(sed -n '/^carry_failures()$/,/^}$/p' "$here/../../vm/selftest.sh")"

# crashed_run DIR KERNEL_LOG_VERDICT: guest b crashed while running
# rc_pingpong; rping had failed in both guests before; guest a ran
# perf_ib_send_bw alone after its start barrier gave up on b.
crashed_run()
{
	local d=$1 g t

	mkdir -p "$d"
	printf '%s\t%s\t%s\t%s\n' link 0 0 pass rping 1 1 fail \
		rc_pingpong 0 none fail perf_ib_send_bw 1 none fail \
		kernel-log scan scan "$2" > "$d/results.tsv"
	printf '%s\n' 'a clean 0 -' \
		'b crash 0 BUG: kernel NULL pointer dereference, address: 0000000000000008' > "$d/kernel.txt"
	for g in a b; do
		for t in link rping rc_pingpong; do
			mkdir -p "$d/$g/$t"
			echo "a log" > "$d/$g/$t/log"
		done
	done
	for t in link rping rc_pingpong; do echo 0 > "$d/a/$t/rc"; done
	mkdir -p "$d/a/perf_ib_send_bw"; echo 1 > "$d/a/perf_ib_send_bw/rc"
	echo 0 > "$d/b/link/rc"; echo 1 > "$d/b/rping/rc"
}

# retry_tap FILE [SKIPPED]: the second boot passes everything (SKIPPED
# skips), as rdma_rxe_eun/gbn.
retry_tap()
{
	local t n=0

	{
		echo "TAP version 13"
		echo "1..5"
		for t in link rping rc_pingpong perf_ib_send_bw kernel-log; do
			n=$((n + 1))
			if [ "$t" = "${2:-}" ]; then
				echo "ok $n rdma_rxe_eun/gbn: $t # SKIP not here"
			else
				echo "ok $n rdma_rxe_eun/gbn: $t"
			fi
		done
	} > "$1"
}

# verdict TAP NAME: "ok" or "not ok" of NAME's line(s), space separated.
verdict()
{
	grep -E "^(not )?ok [0-9]+ [^:]*: $2( |\$)" "$1" | sed -E 's/^(not ok|ok) .*/\1/' | paste -sd ' '
}

tap_start

crashed_run "$tmp/run1" pass
retry_tap "$tmp/tap1"
carry_failures rdma_rxe_eun "$tmp/run1" "$tmp/tap1"
rc=$?
check "a crash carries something over" "[ $rc -eq 0 ]"
check "a test that passed in the first boot is the retry's" '[ "$(verdict "$tmp/tap1" link)" = ok ]'
check "a test that failed in both guests before the crash stays failed" \
	'[ "$(verdict "$tmp/tap1" rping)" = "not ok" ]'
check "the test a guest was running when its kernel crashed stays failed" \
	'[ "$(verdict "$tmp/tap1" rc_pingpong)" = "not ok" ]'
check "... and says why" \
	'grep -q "^not ok [0-9]* rdma_rxe_eun/gbn: rc_pingpong # running in guest b when its kernel crashed" "$tmp/tap1"'
check "a test the crash only cut short is the retry's" \
	'[ "$(verdict "$tmp/tap1" perf_ib_send_bw)" = ok ]'
check "a clean first-boot kernel log is the retry's" '[ "$(verdict "$tmp/tap1" kernel-log)" = ok ]'
check "the plan still counts the points" '[ "$(grep -cE "^(not )?ok " "$tmp/tap1")" = 5 ]'

crashed_run "$tmp/run2" fail
retry_tap "$tmp/tap2" rc_pingpong
carry_failures rdma_rxe_eun "$tmp/run2" "$tmp/tap2"
check "a skip of the crashed test in the retry is no pass" \
	'[ "$(verdict "$tmp/tap2" rc_pingpong)" = "not ok" ]'
check "a kernel report naming rdma_rxe_eun stays a failure" \
	'[ "$(verdict "$tmp/tap2" kernel-log)" = "not ok" ]'

crashed_run "$tmp/run3" fail
retry_tap "$tmp/tap3"
carry_failures rdma_rxe "$tmp/run3" "$tmp/tap3"
check "stock rdma_rxe's kernel-log point is not carried" \
	'[ "$(verdict "$tmp/tap3" kernel-log)" = ok ]'

crashed_run "$tmp/run4" pass
retry_tap "$tmp/tap4"
sed -i '/rc_pingpong/d' "$tmp/tap4"
carry_failures rdma_rxe_eun "$tmp/run4" "$tmp/tap4"
check "a crashed test the retry did not run is added, failed" \
	'[ "$(verdict "$tmp/tap4" rc_pingpong)" = "not ok" ]'

# A guest that only raced the power-off did not crash: nothing running.
crashed_run "$tmp/run5" pass
printf '%s\n' 'a clean 0 -' 'b race 0 Kernel panic - not syncing: Attempted to kill init!' > "$tmp/run5/kernel.txt"
printf '%s\t%s\t%s\t%s\n' link 0 0 pass rc_pingpong 0 none fail kernel-log scan scan pass \
	> "$tmp/run5/results.tsv"
retry_tap "$tmp/tap5"
carry_failures rdma_rxe_eun "$tmp/run5" "$tmp/tap5"
rc=$?
check "without a crash nothing is carried" "[ $rc -ne 0 ]"' && [ "$(verdict "$tmp/tap5" rc_pingpong)" = ok ]'

tap_end "selftest retry"
