# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# What selftests/pyverbs.sh reads from rdma-core's unittest output and
# when it runs a failed test again (sourced after lib.sh). Not a test: not
# executable, so the runner's glob skips it. tools/testing/host/
# test-pyverbs.sh feeds it canned output on the host.

# pyverbs_results OUT: "ID OUTCOME" per test of unittest -v output OUT, in
# its order; OUTCOME is ok, skipped, FAIL, ERROR, xfail (an expected
# failure) or xpass (an unexpected success). unittest -v prints "NAME
# (ID)", a docstring line if the test has one, then " ... ok", " ...
# skipped 'why'", " ... FAIL" or " ... ERROR".
pyverbs_results()
{
	awk '
		/^[^ ]+ \([^ ]+\)/ { id = $2; gsub(/[()]/, "", id) }
		id == "" { next }
		/ \.\.\. ok$/ { print id, "ok"; id = ""; next }
		/ \.\.\. skipped/ { print id, "skipped"; id = ""; next }
		/ \.\.\. FAIL$/ { print id, "FAIL"; id = ""; next }
		/ \.\.\. ERROR$/ { print id, "ERROR"; id = ""; next }
		/ \.\.\. expected failure/ { print id, "xfail"; id = ""; next }
		/ \.\.\. unexpected success/ { print id, "xpass"; id = ""; next }
	' "$1"
}

# pyverbs_outcomes OUT DIR: the test ids of OUT by outcome, sorted, one a
# line: DIR/pyverbs.passed, DIR/pyverbs.not-passed (skipped, failed or
# anything but ok) and DIR/pyverbs.failed (unittest's "FAIL:" and
# "ERROR:" lines).
pyverbs_outcomes()
{
	local out=$1 dir=$2

	pyverbs_results "$out" | awk '$2 == "ok" { print $1 }' | sort -u > "$dir/pyverbs.passed"
	pyverbs_results "$out" | awk '$2 != "ok" { print $1 }' | sort -u > "$dir/pyverbs.not-passed"
	sed -n 's/^\(FAIL\|ERROR\): [^ ]* (\(.*\))$/\2/p' "$out" | sort -u > "$dir/pyverbs.failed"
}

# pyverbs_passed OUT ID: OUT ran test ID and it passed. A skip, a failure,
# an error, or no line for ID (a mistyped id runs nothing, and unittest
# says OK), is no pass.
pyverbs_passed()
{
	pyverbs_results "$1" | awk -v id="$2" '$1 == id && $2 == "ok" { found = 1 } END { exit !found }'
}

# pyverbs_rerun MODULE DIR RUN_ONE: on stock rdma_rxe only, a failed test
# of DIR/pyverbs.failed (at most three: more is no flakiness) gets two
# more runs on its own, "RUN_ONE ID OUT" each, and counts as passed (moved
# from pyverbs.failed and pyverbs.not-passed to pyverbs.passed, named
# "flaky" in the log) when one of them passed it (pyverbs_passed: a run
# that skips it is no pass). rdma_rxe_eun gets no second run: a failure
# there is a failure. True when every failure passed on a run of its own.
pyverbs_rerun()
{
	local module=$1 dir=$2 run_one=$3 t try out

	[ -s "$dir/pyverbs.failed" ] || return 1
	if [ "$module" != rdma_rxe ]; then
		log_info "no second run on $module: a failure is a failure"
		return 1
	fi
	[ "$(wc -l < "$dir/pyverbs.failed")" -le 3 ] || return 1
	while read -r t; do
		for try in 2 3; do
			out=$dir/pyverbs.retry.$t.$try
			"$run_one" "$t" "$out"
			if pyverbs_passed "$out" "$t"; then
				log_info "flaky: $t failed, then passed on run $try"
				sed -i "/^${t//./\\.}\$/d" "$dir/pyverbs.failed" "$dir/pyverbs.not-passed"
				echo "$t" >> "$dir/pyverbs.passed"
				break
			fi
			log_info "$t: run $try: $(pyverbs_results "$out" | awk -v id="$t" '$1 == id { print $2 }' | head -n 1 | grep . || echo "no result")"
		done
	done < <(cat "$dir/pyverbs.failed")
	sort -u -o "$dir/pyverbs.passed" "$dir/pyverbs.passed"
	[ ! -s "$dir/pyverbs.failed" ]
}
