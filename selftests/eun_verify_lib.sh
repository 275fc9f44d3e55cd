# SPDX-License-Identifier: GPL-2.0
#
# Helpers for the eun-verify selftests (sourced after lib.sh). Not a test:
# not executable, so the runner's glob skips it.

EV=$BED_REPO/build/eun-verify

# ev_require: fail (not skip) when the tool is missing: make tools builds it.
ev_require()
{
	require_cmd rdma awk
	if [ ! -x "$EV" ]; then
		echo "$EV is missing: run 'make tools' on the host" >&2
		exit $ksft_fail
	fi
	modprobe rdma_ucm 2>/dev/null
}

# ev_field FILE KEY [total]: a scalar of the report's top level, or of its
# "total" object. The tool writes flat JSON with fixed keys, so awk does;
# python would cost seconds per call under TCG.
ev_field()
{
	awk -v key="$2" -v part="${3:-top}" '{
		s = $0
		if (part == "total") { i = index(s, "\"total\":{"); s = substr(s, i) }
		else { i = index(s, "\"per_qp\":"); if (i) s = substr(s, 1, i) }
		if (match(s, "\"" key "\":(\"[^\"]*\"|[-0-9.e+]+)")) {
			v = substr(s, RSTART + length(key) + 3, RLENGTH - length(key) - 3)
			gsub(/"/, "", v); print v; exit
		}
	}' "$1" 2>/dev/null
}

# ev_summary FILE: "result nqps" then the total's messages bytes
# checked_messages checked_bytes elapsed_s goodput_MBps lat_p50_us
# lat_p99_us lat_mean_us, space separated, in one awk run.
ev_summary()
{
	awk 'function get(s, k,   v) {
		if (!match(s, "\"" k "\":(\"[^\"]*\"|[-0-9.e+]+)")) return "?"
		v = substr(s, RSTART + length(k) + 3, RLENGTH - length(k) - 3)
		gsub(/"/, "", v); return v
	}
	{
		i = index($0, "\"per_qp\":"); j = index($0, "\"total\":{")
		top = substr($0, 1, i); qps = substr($0, i, j - i)
		tot = substr($0, j)
		n = gsub(/"lat_max_us"/, "", qps)
		printf "%s %d", get(top, "result"), n
		split("messages bytes checked_messages checked_bytes elapsed_s goodput_MBps lat_p50_us lat_p99_us lat_mean_us", k, " ")
		for (x = 1; x <= 9; x++) printf " %s", get(tot, k[x])
		printf "\n"; exit
	}' "$1" 2>/dev/null
}


# ev_run NAME WANT_RC SERVER_ARGS -- CLIENT_ARGS: one eun-verify run, the
# server on the server guest, the client on the client guest. Each side
# records its JSON report in $BED_RESULTS/NAME.json, its stderr in
# NAME.err, its exit status in EV_RC; the check fails when the exit status
# does not match WANT_RC (a regex, e.g. 0 or "1|3"). Each run takes the
# next port of EV_RUN (BED_PORTS). EV_TIMEOUT (default 60) is -T; EV_WAIT
# (default BED_TMO_EV_WAIT_S) bounds each side; the ACK timeout is the
# bed's perftest one (BED_QP_TIMEOUT, see bed.sh): a starved TCG guest
# must not fake loss.
ev_run()
{
	local name=$1 want=$2 sargs=() cargs=() args port rc
	shift 2

	while [ $# -gt 0 ] && [ "$1" != -- ]; do sargs+=("$1"); shift; done
	[ $# -gt 0 ] && shift
	cargs=("$@")
	bed_port_next port EV_RUN
	EV_OUT=$BED_RESULTS/$name.json
	EV_ERR=$BED_RESULTS/$name.err
	args=(-p "$port" -T "${EV_TIMEOUT:-60}" -u "$BED_QP_TIMEOUT" --json)
	if [ "$BED_ROLE" = server ]; then
		args=(-s "${args[@]}" "${sargs[@]}")
	else
		args=(-c "$BED_SERVER" "${args[@]}" "${cargs[@]}")
	fi
	# The server says "listening" on stderr once it listens.
	bed_pair "$name" log:listening "${EV_WAIT:-$BED_TMO_EV_WAIT_S}" \
		"$EV_OUT" "$EV_ERR" "$EV" "${args[@]}"
	rc=$?
	EV_RC=$rc
	if ! [[ $rc =~ ^($want)$ ]]; then
		check_err 1 "$name: $BED_ROLE exited with $rc, want $want (124: killed): $(tail -n 2 "$EV_ERR" | tr '\n' ' ')"
	fi
	return 0
}

# ev_expect NAME KEY[@total] WANT: a field of the last report must be WANT.
ev_expect()
{
	local got key=${2%@total} part=top

	[ "$key" != "$2" ] && part=total
	got=$(ev_field "$EV_OUT" "$key" $part)
	[ "$got" = "$3" ] || check_err 1 "$1: $2 is '${got:-?}', want '$3'"
}

# ev_expect_err NAME REGEX: the last report's error must match REGEX.
ev_expect_err()
{
	local got

	got=$(ev_field "$EV_OUT" error)
	echo "$got" | grep -Eq -- "$2" ||
		check_err 1 "$1: error '${got:-none}' does not match '$2'"
}
