# SPDX-License-Identifier: GPL-2.0
#
# Helpers for the bed's selftests. Sourced by every selftests/*.sh and by
# the guest runner (tools/vm/guest-init.sh). The BED_* environment is
# described in Documentation/testing.rst.

ksft_pass=0
ksft_fail=1
ksft_skip=4

EXIT_STATUS=0
RET=0
RET_MSG=

# Retransmission and ordering counters: an unimpaired run must not move any.
# The rxe_eun_* ones exist on rdma_rxe_eun only; absent ones count as 0.
BED_RETRANS_COUNTERS="rcvd_seq_err completer_retry_err retry_exceeded_err
	duplicate_request out_of_seq_request rcvd_rnr_err retry_rnr_exceeded_err
	rxe_eun_gbn_retry rxe_eun_psn_duplicate rxe_eun_psn_drop rxe_eun_nack_sent
	rxe_eun_retx_timeout rxe_eun_retx_nack rxe_eun_retx_reorder"

# --- reporting ---------------------------------------------------------

# check_err RC [MSG]: the current check fails when RC is not 0.
check_err()
{
	local rc=$1 msg=${2:-}

	if [ "$RET" -eq 0 ] && [ "$rc" -ne 0 ]; then
		RET=$rc
		RET_MSG=$msg
	fi
}

# check_fail RC [MSG]: the current check fails when RC is 0.
check_fail()
{
	local rc=$1 msg=${2:-}

	if [ "$RET" -eq 0 ] && [ "$rc" -eq 0 ]; then
		RET=1
		RET_MSG=$msg
	fi
}

# log_test NAME: report the checks made since the last log_test.
log_test()
{
	local name=$1

	if [ "$RET" -ne 0 ]; then
		EXIT_STATUS=$ksft_fail
		printf 'TEST: %-58s [FAIL]\n' "$name"
		[ -n "$RET_MSG" ] && printf '\t%s\n' "$RET_MSG"
	else
		printf 'TEST: %-58s [ OK ]\n' "$name"
	fi
	RET=0
	RET_MSG=
	return 0
}

log_info() { printf 'INFO: [%s] %s\n' "$(cut -d' ' -f1 /proc/uptime)" "$*"; }
log_skip() { printf 'SKIP: %s\n' "$*"; }

# bed_progress MSG: a progress line the host prints while the run goes on.
bed_progress()
{
	printf '%s: %s\n' "${BED_TEST:-}" "$*" >> "$BED_RUN/$BED_GUEST/progress.log"
}

# require_cmd CMD...: skip the test when a command is missing.
require_cmd()
{
	local c

	for c in "$@"; do
		if ! command -v "$c" >/dev/null 2>&1; then
			log_skip "$c is not installed"
			exit $ksft_skip
		fi
	done
}

# --- bounded waiting ---------------------------------------------------

# The guest's clock in ms; $EPOCHREALTIME spares a fork of date(1), which
# costs a lot under TCG.
bed_now_ms()
{
	local t=${EPOCHREALTIME/[.,]/}

	echo $(( t / 1000 ))
}

# bed_host_clock TAG: the host's clock, in seconds with ns, read through the
# shared run folder: a file created on the 9p share gets its mtime from the
# host kernel. A TCG guest's own clock can drift from real time; use this
# one to time transfers.
bed_host_clock()
{
	local f=$BED_RESULTS/.clock-$1

	: > "$f" && stat -c %.9Y "$f"
}

# busywait TIMEOUT_MS CMD...: retry CMD every 100 ms until it succeeds;
# fail once TIMEOUT_MS has passed.
busywait()
{
	local tmo_ms=$1 end now
	shift

	now=${EPOCHREALTIME/[.,]/}
	end=$(( now / 1000 + tmo_ms ))
	while :; do
		"$@" && return 0
		now=${EPOCHREALTIME/[.,]/}
		[ $(( now / 1000 )) -ge "$end" ] && return 1
		sleep 0.1
	done
}

# bed_wait_pid PID TIMEOUT_S: wait for a background child; kill it (TERM,
# then KILL) when it overruns. Returns its exit status, 124 on timeout.
bed_wait_pid()
{
	local pid=$1 tmo=$2 end now

	now=${EPOCHREALTIME/[.,]/}
	end=$(( now / 1000 + tmo * 1000 ))
	while kill -0 "$pid" 2>/dev/null; do
		now=${EPOCHREALTIME/[.,]/}
		if [ $(( now / 1000 )) -ge "$end" ]; then
			kill -TERM "$pid" 2>/dev/null
			sleep 1
			kill -KILL "$pid" 2>/dev/null
			wait "$pid" 2>/dev/null
			return 124
		fi
		sleep 0.1
	done
	wait "$pid"
}

bed_peer_guest() { [ "$BED_GUEST" = a ] && echo b || echo a; }

# bed_barrier NAME [TIMEOUT_S]: meet the other guest at NAME. Fails when the
# other guest does not arrive in time (default 120 s).
bed_barrier()
{
	local name=$1 tmo=${2:-120}

	mkdir -p "$BED_SYNC" || return 1
	: > "$BED_SYNC/$name.$BED_GUEST" || return 1
	if ! busywait $((tmo * 1000)) test -e "$BED_SYNC/$name.$(bed_peer_guest)"; then
		echo "bed_barrier: peer did not reach '$name' in ${tmo}s" >&2
		return 1
	fi
}

# bed_wait_tcp_listen PORT TIMEOUT_MS: wait until a local TCP port listens.
bed_tcp_listening() { ss -Hltn "sport = :$1" 2>/dev/null | grep -q .; }
bed_wait_tcp_listen() { busywait "$2" bed_tcp_listening "$1"; }

# --- counters ------------------------------------------------------------

# bed_counters FILE: "DEV COUNTER VALUE" for every hw_counter of every device.
bed_counters()
{
	local out=$1 files

	: > "$out" || return 1
	files=(/sys/class/infiniband/*/ports/1/hw_counters/*)
	[ -e "${files[0]}" ] || return 0
	# one grep for all files: "PATH:VALUE" -> "DEV COUNTER VALUE"
	grep -H . "${files[@]}" |
		awk -F: '{ n = split($1, p, "/"); if (p[n] != "lifespan")
			print p[5], p[n], $2 }' >> "$out"
}

# bed_counter_delta BEFORE AFTER NAME [DEV]: increase of counter NAME summed
# over devices, or of DEV only (a device absent before counts from zero).
bed_counter_delta()
{
	awk -v name="$3" -v dev="${4:-}" '
		dev != "" && $1 != dev { next }
		FNR == NR { if ($2 == name) before[$1] = $3; next }
		$2 == name { sum += $3 - (($1 in before) ? before[$1] : 0) }
		END { print sum + 0 }' "$1" "$2"
}

# bed_check_no_retrans BEFORE AFTER: fail (and say which) when a
# retransmission or out-of-sequence counter moved, or when there are none.
bed_check_no_retrans()
{
	local before=$1 after=$2 moved

	if ! grep -q ' sent_pkts ' "$after"; then
		echo "no hw_counters found" >&2
		return 1
	fi
	moved=$(awk -v names="$(echo $BED_RETRANS_COUNTERS)" '
		BEGIN { n = split(names, l, " "); for (i = 1; i <= n; i++) want[l[i]] = 1 }
		!($2 in want) { next }
		FNR == NR { before[$1, $2] = $3; next }
		{ d[$2] += $3 - ((($1, $2) in before) ? before[$1, $2] : 0) }
		END { for (i = 1; i <= n; i++) if (d[l[i]] != 0) printf " %s=+%d", l[i], d[l[i]] }' \
		"$before" "$after")
	if [ -n "$moved" ]; then
		echo "retransmission counters moved:$moved" >&2
		return 1
	fi
}

# --- module and devices under test ----------------------------------------

bed_module_live() { [ "$(cat /sys/module/"$1"/initstate 2>/dev/null)" = live ]; }

# bed_gid_index DEV: index of the IPv4-mapped GID of DEV's port 1.
bed_gid_index()
{
	local dev=$1 i gid

	for i in $(seq 0 15); do
		gid=$(cat /sys/class/infiniband/"$dev"/ports/1/gids/"$i" 2>/dev/null) || continue
		case "$gid" in
		0000:0000:0000:0000:0000:ffff:*) echo "$i"; return 0 ;;
		esac
	done
	return 1
}

# bed_links_del_all: delete every RDMA link of the guest.
bed_links_del_all()
{
	local d rc=0

	for d in /sys/class/infiniband/*; do
		[ -e "$d" ] || continue
		rdma link delete "${d##*/}" || rc=1
	done
	return $rc
}

# bed_module_load: load the module under test (not its devices).
bed_module_load()
{
	case "$BED_MODULE" in
	rdma_rxe)
		modprobe rdma_rxe
		;;
	rdma_rxe_eun)
		if [ ! -f "$BED_MODULE_KO" ]; then
			echo "bed_module_load: $BED_MODULE_KO is missing (make module)" >&2
			return 1
		fi
		# BED_MODULE_PARAMS: name=value words, checked by bed.sh.
		# shellcheck disable=SC2086
		modprobe -a ib_core ib_uverbs udp_tunnel ip6_udp_tunnel &&
			insmod "$BED_MODULE_KO" ${BED_MODULE_PARAMS:-}
		;;
	*)
		echo "bed_module_load: unknown module '$BED_MODULE'" >&2
		return 1
		;;
	esac
}

# bed_module_unload NAME: delete all links, then unload NAME if loaded.
bed_module_unload()
{
	local m=${1:-$BED_MODULE}

	bed_module_live "$m" || return 0
	bed_links_del_all
	rmmod "$m"
}

# bed_links_add: one device per link (BED_DEVS on BED_NETDEVS).
bed_links_add()
{
	local devs=($BED_DEVS) nds=($BED_NETDEVS) i

	for i in "${!devs[@]}"; do
		[ -e /sys/class/infiniband/"${devs[$i]}" ] && continue
		rdma link add "${devs[$i]}" type "$BED_LINK_TYPE" netdev "${nds[$i]}" ||
			return 1
	done
}

# bed_setup: the state every test starts from: only the module under test
# loaded, its devices present, the IPv4 GID of BED_DEV in place.
bed_setup()
{
	local other=rdma_rxe_eun

	[ "$BED_MODULE" = rdma_rxe_eun ] && other=rdma_rxe
	bed_module_unload "$other" || return 1
	if ! bed_module_live "$BED_MODULE"; then
		bed_module_load || return 1
	fi
	modprobe rdma_ucm || return 1
	bed_links_add || return 1
	busywait 10000 bed_gid_index "$BED_DEV" >/dev/null || {
		echo "bed_setup: no IPv4 GID on $BED_DEV" >&2
		return 1
	}
}

# --- traffic helpers ---------------------------------------------------------

# bed_cm_listening PORT: an rdma_cm id listens on PORT.
bed_cm_listening()
{
	rdma resource show cm_id 2>/dev/null | grep -E "state LISTEN" |
		grep -qE "[:.]$1( |$)"
}

# bed_perftest TOOL PORT SIZE ITERS [ARGS...]: run one perftest transfer
# between the guests, TOOL's server on the server guest. Both sides check
# the exit status and, on an unimpaired bed, that no retransmission
# counter moved. The client times the transfer with the host's clock (and
# its own) and appends "tool,size,iters,bytes,elapsed_s,guest_elapsed_s,
# perftest_figure" to
# $BED_RESULTS/perf.csv; perftest's output is kept in $BED_RESULTS.
bed_perftest()
{
	local tool=$1 port=$2 size=$3 iters=$4 pid rc t0 t1 h0 h1 bytes el gel mbps line
	local tag=$tool-$port before after out
	shift 4
	local extra="$*"
	# -u: the QP's ack timeout, the bed's QP_TIMEOUT (see bed.sh).
	local args=(-d "$BED_DEV" -x "$BED_GID_INDEX" -p "$port" -F -n "$iters"
		-u "$BED_QP_TIMEOUT" "$@")

	[ "$tool" = ib_atomic_bw ] || args+=(-s "$size")
	before=$BED_RESULTS/$tag.counters-before
	after=$BED_RESULTS/$tag.counters-after
	out=$BED_RESULTS/$tag.$BED_ROLE.out
	bed_counters "$before"
	if [ "$BED_ROLE" = server ]; then
		"$tool" "${args[@]}" > "$out" 2>&1 &
		pid=$!
		bed_wait_tcp_listen "$port" 30000
		check_err $? "$tool server does not listen on $port"
		log_info "$tool server listens on $port"
		bed_barrier "$tag-ready" 60
		check_err $? "client did not come"
		bed_wait_pid $pid $((BED_TIMEOUT / 2))
		rc=$?
		check_err $rc "$tool server exited with $rc (124: timeout)"
	else
		bed_barrier "$tag-ready" 90
		check_err $? "server did not come up"
		log_info "$tool client starts"
		h0=$(bed_host_clock "$tag-start")
		t0=$(date +%s%N)
		"$tool" "${args[@]}" "$BED_SERVER" > "$out" 2>&1 &
		pid=$!
		bed_wait_pid $pid $((BED_TIMEOUT / 2))
		rc=$?
		t1=$(date +%s%N)
		h1=$(bed_host_clock "$tag-end")
		check_err $rc "$tool client exited with $rc (124: timeout)"
		# Bytes moved by the test: one message per iteration (atomics: 8 B).
		[ "$tool" = ib_atomic_bw ] && size=8
		bytes=$((size * iters))
		# elapsed on the host's clock; the guest's own clock is logged too
		el=$(awk -v a="$h0" -v b="$h1" 'BEGIN { printf "%.3f", b - a }')
		gel=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", (b - a) / 1e9 }')
		# perftest's own figure: "BW average[MB/sec]" or "t_avg[usec]"
		line=$(awk '/^ *[0-9]+ +[0-9]+ +[0-9.]+/ { l = $0 } END { print l }' "$out")
		case "$tool" in
		*_lat) mbps=$(echo "$line" | awk '{ print $6 }') ;;
		*)     mbps=$(echo "$line" | awk '{ print $4 }') ;;
		esac
		if [ $rc -eq 0 ]; then
			log_info "$tool size=$size iters=$iters bytes=$bytes elapsed=${el}s" \
				"=> $(awk -v b=$bytes -v e="$el" 'BEGIN { printf "%.3f", b / e / 1e6 }') MB/s" \
				"(guest clock ${gel}s; perftest: ${mbps:-?} ${tool##*_})"
			echo "$tool,$size,$iters,$bytes,$el,$gel,${mbps:-}" >> "$BED_RESULTS/perf.csv"
		fi
	fi
	bed_counters "$after"
	if [ "$BED_IMPAIRED" = 0 ]; then
		bed_check_no_retrans "$before" "$after" 2>&1
		check_err $? "retransmissions on an unimpaired link (see $after)"
	fi
	log_info "$tool: sent_pkts +$(bed_counter_delta "$before" "$after" sent_pkts)" \
		"rcvd_pkts +$(bed_counter_delta "$before" "$after" rcvd_pkts)"
	[ $RET -ne 0 ] && tail -n 5 "$out" | sed 's/^/\t/'
	log_test "$BED_MODULE: $tool${extra:+ $extra} size $size iters $iters"
}

# bed_perftest_sizes TOOL PORT [ARGS...]: bed_perftest for every BED_SIZES.
bed_perftest_sizes()
{
	local tool=$1 port=$2 s
	shift 2

	for s in $BED_SIZES; do
		bed_perftest "$tool" "$port" "$s" "$BED_ITERS" "$@"
		port=$((port + 1))
	done
}

# bed_netem_on SPEC: netem on this guest's side of the link, unless the bed
# impairs the link already; bed_netem_off takes off only what it put on.
BED_OWN_NETEM=0
bed_netem_on()
{
	[ "$BED_IMPAIRED" = 1 ] && return 0
	# shellcheck disable=SC2086 # SPEC is a word list
	tc qdisc replace dev "$BED_NETDEV" root netem $1 && BED_OWN_NETEM=1
}

bed_netem_off()
{
	[ "$BED_OWN_NETEM" = 1 ] && tc qdisc del dev "$BED_NETDEV" root
	BED_OWN_NETEM=0
}

# bed_module_reload_with ARGS...: rdma_rxe_eun again with other parameters,
# and the bed's links.
bed_module_reload_with()
{
	bed_module_unload rdma_rxe_eun || return 1
	BED_MODULE_PARAMS="$*" bed_setup
}
