# SPDX-License-Identifier: GPL-2.0
#
# Helpers of the benchmark, sourced: the matrix's fields and CSV by name
# (bench.sh, summarize.sh and goals.sh on the host, matrix.sh in the
# guests), the netem profiles (matrix.sh, after selftests/lib.sh; bed.sh)
# and the figures of perftest's report (matrix.sh).

# shellcheck source=tools/testing/csv.sh
source "$(dirname "${BASH_SOURCE[0]}")/../testing/csv.sh"

# Bootstrap intervals of the medians and their ratios (summarize.sh,
# goals.sh): BENCH_BOOT_RESAMPLES resamples (default 2000), from the seed
# BENCH_BOOT_SEED (default 1): the same figures give the same intervals.
bench_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# bench_boot_check: both are numbers in range, or say which is not.
bench_boot_check()
{
	local n=${BENCH_BOOT_RESAMPLES:-2000} s=${BENCH_BOOT_SEED:-1}

	[[ $n =~ ^[1-9][0-9]{0,5}$ ]] && [ "$n" -ge 20 ] && [ "$n" -le 100000 ] ||
		{ echo "BENCH_BOOT_RESAMPLES: '$n' is not 20..100000" >&2; return 1; }
	[[ $s =~ ^[1-9][0-9]{0,8}$ ]] ||
		{ echo "BENCH_BOOT_SEED: '$s' is not 1..999999999" >&2; return 1; }
}

# bench_awk [-v VAR=VALUE]... PROGRAM FILE...: csv_awk with the bootstrap
# of tools/bench/bootstrap.awk loaded too (BOOT_N, BOOT_SEED set).
bench_awk()
{
	local vars=()

	while [ "${1:-}" = -v ]; do
		vars+=(-v "$2")
		shift 2
	done
	csv_awk "${vars[@]}" -v "BOOT_N=${BENCH_BOOT_RESAMPLES:-2000}" \
		-v "BOOT_SEED=${BENCH_BOOT_SEED:-1}" "$(cat "$bench_dir/bootstrap.awk")
$1" "${@:2}"
}

# bench_boot_words: how the intervals were drawn, for the reports.
bench_boot_words()
{
	echo "bootstrap 90% intervals of ${BENCH_BOOT_RESAMPLES:-2000} resamples, seed ${BENCH_BOOT_SEED:-1}"
}

# The flow workload (op "flows"): web-search sizes divided by
# BENCH_FLOW_DIV (default 100), and BENCH_FLOW_LOAD, the share of the
# links' capacity its arrivals offer (open loop, default 0.5), or
# "closed" (each QP posts its next flow when the last completed).
bench_flow_load_check()
{
	local l=${BENCH_FLOW_LOAD:-0.5}

	[ "$l" = closed ] && return 0
	[[ $l =~ ^(0?\.[0-9]{1,3}|1(\.0{1,3})?)$ ]] && awk -v l="$l" 'BEGIN { exit !(l >= 0.05) }' ||
		{ echo "BENCH_FLOW_LOAD: '$l' is not closed or a load of 0.05..1" >&2; return 1; }
}

# bench_flow_size: the flow rows' size, "websearch:DIV", then "@LOAD" open
# loop.
bench_flow_size()
{
	local l=${BENCH_FLOW_LOAD:-0.5} size=websearch:${BENCH_FLOW_DIV:-100}

	[ "$l" = closed ] && echo "$size" || echo "$size@$l"
}

# bench_flow_args SIZE LINKS: eun-verify's size, depth and load for the
# flow rows of SIZE (bench_flow_size) on LINKS links of 1 MB/s. Open
# loop, up to 16 flows posted per QP: a flow waits for the ones before it
# on its QP (they share its send queue) but not for their completions.
bench_flow_args()
{
	local load=${1#*@}

	if [ "$load" = "$1" ]; then
		echo "-S $1 -D 1"
		return
	fi
	echo "-S ${1%@*} -D 16 --offered $(awk -v l="$load" -v n="$2" \
		'BEGIN { printf "%.0f", l * n * 1000000 }')"
}

# The fields of matrix.sh's rows (one transfer each), merged by bench.sh
# into bench.csv. Rows are built and read by these names (csv_row,
# csv_awk of tools/testing/csv.sh), never by position.
# shellcheck disable=SC2034 # read by name: csv_row, csv_header
BENCH_MATRIX_FIELDS=(column profile netem op size messages rep status
	elapsed_s goodput_MBps bytes server_checked_bytes data_pkts needed_pkts
	pkts_per_needed ack_pkts acks_per_data rcvd_seq_err completer_retry_err
	gbn_retry out_of_seq_request duplicate_request emem_peak_blocks
	retx_timeout retx_nack retx_reorder retx_spurious rx_ooo wsync_held
	link_pkts ooo_p99 path_pruned lat_mean_us lat_p50_us lat_p99_us
	read_ooo read_rerequest read_rerequest_spurious read_rerequest_timeout
	read_duplicate read_ahead recover_ms cpu_client_ms_per_MB
	cpu_server_ms_per_MB kcpu_client_ms_per_MB kcpu_server_ms_per_MB
	kcpu_us_per_pkt fence_wait rx_irqs_per_data tx_irqs_per_data)
BENCH_MATRIX_HEADER=$(csv_header BENCH_MATRIX_FIELDS)

# A profile (tools/bench/profiles/NAME) is netem's words, one or more
# lines, comments dropped. A line may start with prefixes that say whose
# egress it is for, in this order:
#
#   [client: | server:] [linkK:] NETEM
#
# "client:" is the guest of the eun-verify client (BED_ROLE client, guest
# b): the requester, whose egress carries WRITE and SEND data, READ
# requests and atomics; "server:" the guest of the server (guest a), the
# responder, whose egress carries ACKs, READ responses and atomic
# responses. "linkK:" is link K's alone on a bed of several links (a
# bonded one: a multipath profile). A line without prefix is every guest's
# and every link's. For one guest and link the most specific lines win:
# those of its role and link, else of its role, else of its link, else the
# lines without prefix; lines of the same rank are joined. A prefix with
# nothing after it is no netem there. A line "down: K AT FOR" (no prefix)
# takes link K down (netem loss 100%: a black hole, which no hash avoids)
# AT seconds into each transfer, for FOR seconds, both directions.
#
# Any other word ending in ":", a prefix out of its place, a second down
# line or a character netem does not take (a comma) makes the profile
# malformed: every helper below refuses it, naming the line.

# Where the profiles are (the same path in the guests as on the host).
bench_profile_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/profiles

# profile_parse NAME: the profile's lines as records, one a line:
# "net ROLE LINK NETEM..." (ROLE client, server or - for both; LINK K or
# - for every link) and "down K AT FOR". A missing or malformed profile
# fails, with what is wrong on stderr.
profile_parse()
{
	local f=$bench_profile_dir/$1

	if ! [[ $1 =~ ^[A-Za-z0-9_.-]+$ ]] || [ ! -f "$f" ]; then
		echo "no profile $f" >&2
		return 1
	fi
	awk -v name="$1" '
	function bad(why) {
		printf "profile %s, line %d: \"%s\": %s\n", name, FNR, raw, why > "/dev/stderr"
		failed = 1
		exit 1
	}
	{
		sub(/#.*/, "")
		raw = $0; gsub(/^[ \t]+|[ \t]+$/, "", raw)
		if (NF == 0) next
		role = "-"; link = "-"; i = 1
		if ($1 == "down:") {
			if (NF != 4 || $2 !~ /^[0-9]$/ || $3 !~ /^[0-9][0-9]?$/ || $4 !~ /^[0-9][0-9]?$/)
				bad("a down line is \"down: LINK AT_S FOR_S\" (0-9, 0-99, 0-99)")
			if (downs++)
				bad("a second down line (one link goes down per profile)")
			print "down", $2, $3, $4
			next
		}
		if ($i ~ /^(client|server):$/) { role = substr($i, 1, length($i) - 1); i++ }
		if ($i ~ /^link[0-9]+:$/) { link = substr($i, 5, length($i) - 5) + 0; i++ }
		spec = ""
		for (; i <= NF; i++) {
			if ($i == "down:")
				bad("a down line has no prefix: it takes the link down both ways")
			if ($i ~ /^((client|server)|link[0-9]+):$/)
				bad("\"" $i "\" out of place: prefixes start the line, as [client: | server:] [linkK:] NETEM")
			if ($i ~ /:/)
				bad("unknown prefix \"" $i "\" (want client:, server:, linkK: or down:)")
			if ($i !~ /^[A-Za-z0-9.%_-]+$/)
				bad("\"" $i "\" has a character netem does not take")
			spec = spec " " $i
		}
		print "net", role, link spec
	}
	END { if (failed) exit 1 }' "$f"
}

# profile_spec NAME [LINK [ROLE]]: the netem arguments of profile NAME on
# one line ("" for no impairment): those of link LINK on the egress of the
# guest of ROLE (client or server; a profile with client: or server:
# lines needs it), or without LINK the whole profile as it reads, its
# lines joined by "; " (the rows' netem column).
profile_spec()
{
	local recs

	recs=$(profile_parse "$1") || return 1
	awk -v name="$1" -v link="${2-}" -v role="${3-}" '
	$1 != "net" { next }
	{
		r = $2; l = $3; $1 = $2 = $3 = ""; sub(/^ +/, "")
		piece = (r == "-" ? "" : r ": ") (l == "-" ? "" : "link" l ": ") $0
		sub(/ $/, "", piece)
		whole = whole (whole == "" ? "" : "; ") piece
		if (r != "-") roles = 1
		# The most specific lines win: role and link, role, link, none.
		rank = (r == "-" ? 0 : r == role ? 2 : -9) + (l == "-" ? 1 : l == link ? 2 : -9)
		if (rank < 1) next
		if (rank > best) { best = rank; s = "" }
		if (rank == best) s = s (s == "" || $0 == "" ? "" : " ") $0
	}
	END {
		if (link == "") { print whole; exit }
		if (roles && role != "client" && role != "server") {
			printf "profile %s has client: or server: lines: say whose egress (client or server)\n", name > "/dev/stderr"
			exit 1
		}
		print s
	}' <<< "$recs"
}

# apply_profile NAME: netem of profile NAME on the egress of this guest's
# links (every slave of a bonded bed, each its own line), as this guest's
# role (BED_ROLE) has it, or none for "" (BENCH_NETEM_AT=ingress: on the
# peer's ingress instead). A malformed profile changes no qdisc and fails.
apply_profile()
{
	local nds l spec rc=0

	[ "${BENCH_NETEM_AT:-egress}" = ingress ] && {
		apply_profile_ingress "$1"
		return
	}
	if [ "${BED_BOND:-0}" != 1 ]; then
		spec=$([ -z "$1" ] || profile_spec "$1" 0 "$BED_ROLE") || return 1
		bed_netem_set "$BED_NETDEV" "$spec"
		return
	fi
	read -ra nds <<< "$BED_SLAVES"
	for l in "${!nds[@]}"; do
		spec=$([ -z "$1" ] || profile_spec "$1" "$l" "$BED_ROLE") || return 1
		bed_netem_set "${nds[$l]}" "$spec" || rc=1
	done
	return $rc
}

# apply_profile_ingress NAME: what apply_profile puts on the peer's egress,
# on this guest's ingress instead (BENCH_NETEM_AT=ingress): the packets
# leave the sender's emulated NIC unimpaired and are delayed and reordered
# on arrival. One link only: a bond's slaves would each need their own.
apply_profile_ingress()
{
	local peer=client spec

	[ "${BED_BOND:-0}" != 1 ] || {
		echo "BENCH_NETEM_AT=ingress: a bed of one link only" >&2
		return 1
	}
	[ "$BED_ROLE" = client ] && peer=server
	spec=$([ -z "$1" ] || profile_spec "$1" 0 "$peer") || return 1
	bed_netem_set "$BED_NETDEV" "" &&
		bed_netem_ingress_set "$BED_NETDEV" "$spec"
}

# down_min_secs NAME SECONDS: SECONDS, or more on a profile with a down
# line: long enough to see the goodput after the link is back (AT + FOR
# + 3 s).
down_min_secs()
{
	local l at for

	read -r l at for <<< "$(profile_down "$1")"
	if [ -n "$l" ] && [ "$2" -lt $((at + for + 3)) ]; then
		echo $((at + for + 3))
	else
		echo "$2"
	fi
}

# profile_down NAME: "K AT FOR" of the profile's down line, or nothing.
profile_down()
{
	local recs

	recs=$(profile_parse "$1") || return 1
	awk '$1 == "down" { print $2, $3, $4; exit }' <<< "$recs"
}

# down_start NAME [STAMP [PAIR]]: in the background, take the profile's
# link down and up again as its down line says (nothing without one);
# down_stop ends it and gives the link its profile back. With PAIR, the
# down line's clock starts when both guests meet at bed_pair's PAIR-ready
# barrier, just before the client starts (bounded by
# BED_TMO_READY_CLIENT_S): a slow set-up does not eat into the time before
# the link goes down. With STAMP, the wall-clock times
# ($EPOCHREALTIME) of going down and coming back go to STAMP.down_at and
# STAMP.up_at, for ev_recover_ms: down once the black hole is in place,
# up before the link's own netem is put back, whose first step (deleting
# the qdisc) already lets packets through.
down_start()
{
	local l at for nds stamp=${2:-} pair=${3:-}

	DOWN_PID=
	read -r l at for <<< "$(profile_down "$1")"
	[ -n "$l" ] || return 0
	read -ra nds <<< "$BED_SLAVES"
	DOWN_LINK=${nds[$l]} DOWN_SPEC=$(profile_spec "$1" "$l" "$BED_ROLE")
	{
		[ -z "$pair" ] ||
			busywait $((BED_TMO_READY_CLIENT_S * 1000)) test -e "$BED_SYNC/$pair-ready.a" \
				-a -e "$BED_SYNC/$pair-ready.b"
		sleep "$at"
		bed_netem_set "$DOWN_LINK" "${DOWN_SPEC:+$DOWN_SPEC }loss 100%"
		[ -z "$stamp" ] || echo "$EPOCHREALTIME" > "$stamp.down_at"
		sleep "$for"
		[ -z "$stamp" ] || echo "$EPOCHREALTIME" > "$stamp.up_at"
		bed_netem_set "$DOWN_LINK" "$DOWN_SPEC"
	} > /dev/null 2>&1 &
	DOWN_PID=$!
}

# cpu_ms FIELDS: this guest's CPU time since boot in the /proc/stat
# fields FIELDS of the "cpu" line (1-based after its name), on the
# guest's clock, in ms. With the bed's ICOUNT the guest's clock counts
# instructions: the time of a transfer is then its instruction count at a
# fixed scale, whatever load the host is under.
cpu_ms()
{
	awk -v hz="$(getconf CLK_TCK)" -v f="$1" '$1 == "cpu" {
		n = split(f, k, " ")
		for (i = 1; i <= n; i++) t += $(k[i] + 1)
		printf "%d\n", t * 1000 / hz; exit
	}' /proc/stat
}

# cpu_busy_ms: busy (user, nice, system, irq, softirq, steal).
# cpu_kernel_ms: the kernel's part (system, irq, softirq): where rxe
# works. eun-verify polls its completion queue from user space, so its
# waiting is not in it.
cpu_busy_ms() { cpu_ms "1 2 3 6 7 8"; }
cpu_kernel_ms() { cpu_ms "3 6 7"; }

# nic_irqs QUEUES [FILE]: interrupts of this guest's NICs' QUEUES (input:
# receive, output: transmit completions) since boot: virtio-net's
# "virtioN-QUEUES.Q" lines of FILE (/proc/interrupts), all CPUs. Packets
# that arrive or leave together share one; packets one by one (as a netem
# that reorders lets them go) take one each.
nic_irqs()
{
	awk -v q="$1" '$NF ~ "^virtio[0-9]+-" q "\\." {
		for (i = 2; i <= NF && $i ~ /^[0-9]+$/; i++) t += $i
	} END { print t + 0 }' "${2:-/proc/interrupts}"
}

# insnprof_mark NAME: with the bed's INSNPROF=on, have the qemu plugin
# write the blocks this guest ran since the last mark to
# $BED_RUN/$BED_GUEST/insnprof/NAME (tools/vm/insnprof/insnprof.c), and
# wait until it has (up to 10 s: it looks every few ms of guest work).
insnprof_mark()
{
	local dir=$BED_RUN/$BED_GUEST/insnprof n=0

	[ "${BED_INSNPROF:-off}" = on ] || return 0
	rm -f "$dir/$1"
	echo "dump $1" > "$dir/ctl"
	while [ ! -e "$dir/$1" ] && [ $n -lt 200 ]; do
		sleep 0.05
		n=$((n + 1))
	done
	[ -e "$dir/$1" ] || echo "insnprof: no dump $1 after 10 s" >&2
}

# insnprof_syms NAME: the kernel's symbols now (its modules move when
# they are loaded again) beside the marks, as NAME.syms.
insnprof_syms()
{
	[ "${BED_INSNPROF:-off}" = on ] || return 0
	cat /proc/kallsyms > "$BED_RUN/$BED_GUEST/insnprof/$1.syms"
}

# us_per_pkt MS_A MS_B PKTS: (MS_A + MS_B) in microseconds per packet,
# 2 decimals; empty without packets or either figure.
us_per_pkt()
{
	awk -v a="$1" -v b="$2" -v n="$3" 'BEGIN {
		if (a != "" && b != "" && n > 0) printf "%.2f", (a + b) * 1000 / n
	}'
}

# ms_per_mb MS BYTES: MS per 10^6 BYTES, 3 decimals; empty without bytes.
ms_per_mb()
{
	awk -v m="$1" -v b="$2" 'BEGIN { if (m != "" && b > 0) printf "%.3f", m * 1e6 / b }'
}

# ev_recover_ms JSON DOWN_AT UP_AT: how long after a path came back
# (UP_AT, wall-clock seconds) the goodput of an eun-verify run with
# --interval was back: the milliseconds from UP_AT to the start of the
# first 500 ms at 90% or more of the mean goodput before DOWN_AT (its
# intervals that ended before it). "none" when that never happened before
# the run's last interval (a partial one, not counted); nothing when the
# report has no series or no full interval before DOWN_AT.
ev_recover_ms()
{
	awk -v down="$2" -v up="$3" '
	function num(k,   v) {
		if (!match($0, "\"" k "\":[-0-9.e+]+")) return ""
		return substr($0, RSTART + length(k) + 3, RLENGTH - length(k) - 3)
	}
	{
		iv = num("interval_ms"); t0 = num("t0_unix")
		if (iv == "" || t0 == "" || iv <= 0 ||
		    !match($0, /"series_MBps":\[[-0-9.,e+]*\]/)) exit
		n = split(substr($0, RSTART + 15, RLENGTH - 16), s, ",")
		d = (down - t0) * 1000; u = (up - t0) * 1000
		for (i = 1; i <= n && i * iv <= d; i++) { base += s[i]; nb++ }
		if (!nb) exit
		base /= nb
		w = int((500 + iv - 1) / iv)
		for (i = int(u / iv) + (u > int(u / iv) * iv); i + w <= n - 1; i++) {
			sum = 0
			for (j = 1; j <= w; j++) sum += s[i + j]
			if (sum / w >= 0.9 * base) {
				printf "%d\n", (i * iv > u ? i * iv - u : 0)
				found = 1; exit
			}
		}
		print "none"
		found = 1; exit
	}' "$1" 2>/dev/null
}

down_stop()
{
	[ -n "${DOWN_PID:-}" ] || return 0
	kill "$DOWN_PID" 2>/dev/null
	wait "$DOWN_PID" 2>/dev/null
	bed_netem_set "$DOWN_LINK" "$DOWN_SPEC"
	DOWN_PID=
}

# perf_figures FILE OP SIZE: the last report line of perftest's output in
# FILE ("#bytes #iterations BW-peak BW-average[MiB/s] MsgRate[Mpps]") as
# the figures of a row of op OP (ib_read_bw, ib_write_bw, ib_send_bw,
# ib_atomic_bw), "ITERATIONS
# BYTES SECONDS MBPS": the iterations of its measured window, their bytes
# (an atomic's 8 each), the window's seconds (iterations over the message
# rate) and its BW average in 10^6 bytes a second (an atomic's from its
# message rate, which perftest prints more precisely). Fails without such
# a line or with no message rate.
perf_figures()
{
	awk -v op="$2" -v size="$3" '
	/^[[:space:]]*[0-9]+[[:space:]]+[0-9]+[[:space:]]+[0-9.]+[[:space:]]+[0-9.]+[[:space:]]+[0-9.]+/ { l = $0 }
	END {
		if (l == "") exit 1
		$0 = l
		if ($5 + 0 <= 0) exit 1
		if (op == "ib_atomic_bw")
			printf "%d %.0f %.6f %.6f\n", $2, $2 * 8, $2 / ($5 * 1e6), $5 * 8
		else
			printf "%d %.0f %.6f %.3f\n", $2, $2 * size, $2 / ($5 * 1e6), $4 * 1.048576
	}' "$1"
}

# perf_setup_share ELAPSED SECONDS: the share of a perftest client's
# ELAPSED seconds beyond the SECONDS of traffic it was asked for (-D):
# its set-up and teardown, 3 decimals; 1 when ELAPSED is not a time.
perf_setup_share()
{
	awk -v g="$1" -v d="$2" 'BEGIN { printf "%.3f\n", (g + 0 > 0 ? (g - d) / g : 1) }'
}

# column_mode COLUMN, column_spray COLUMN: the ooo_mode and the spray of
# a column of rdma_rxe_eun: MODE, MODE+SPRAY (eunomia, eunomia+rr), either
# with -wait (eunomia-wait: after_read=wait, the fence behind READs), then
# with -rwUS (eunomia-rw1000: read_reo_wnd_us=1000) or not, then with -miN
# (eunomia-mi512: max_inflight=512) or not, then with -hcN (eunomia-hc256:
# hd_cap_bits=256) or not.
# column_params COLUMN: its module parameters.
column_base() { local c=${1%-hc*}; c=${c%-mi*}; c=${c%-rw*}; echo "${c%-wait}"; }
column_mode() { local c; c=$(column_base "$1"); echo "${c%%+*}"; }
column_spray() { local c; c=$(column_base "$1"); [[ $c == *+* ]] && echo "${c#*+}" || echo off; }
column_params()
{
	local p="ooo_mode=$(column_mode "$1") spray=$(column_spray "$1")"

	local h=${1%-hc*} c

	c=${h%-mi*}
	[[ ${c%-rw*} == *-wait ]] && p="$p after_read=wait"
	[[ $c =~ -rw([0-9]+)$ ]] && p="$p read_reo_wnd_us=${BASH_REMATCH[1]}"
	[[ $h =~ -mi([0-9]+)$ ]] && p="$p max_inflight=${BASH_REMATCH[1]}"
	[[ $1 =~ -hc([0-9]+)$ ]] && p="$p hd_cap_bits=${BASH_REMATCH[1]}"
	echo "$p"
}

# counter deltas this guest contributes: "name=value ..."

# field "K=V K=V ..." K: the value of K in a list of counter deltas.
field() { echo "$1" | tr ' ' '\n' | sed -n "s/^$2=//p"; }
