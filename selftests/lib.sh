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

# --- the bed's tables ------------------------------------------------------
#
# Every wait between the guests and every port a test listens on is named
# here, once; tools/testing/host/test-bed-tables.py fails on a literal in
# their place, on two ranges that overlap and on an entry nobody uses.

# Timeouts, in seconds. A pair (bed_pair) is: the server starts, waits up
# to LISTEN until it listens, then waits up to READY_SERVER for the client
# at the ready barrier; the client, at that barrier from the start, waits
# for both. A test's own bound (BED_TIMEOUT, 240 s by default) must exceed
# the longest chain of them it can hit.
BED_TMO_LISTEN_S=30		# a server until it listens
BED_TMO_READY_SERVER_S=90	# the server at a pair's ready barrier
BED_TMO_READY_CLIENT_S=$((BED_TMO_LISTEN_S + BED_TMO_READY_SERVER_S))
BED_TMO_STEP_S=120		# any other barrier of a test (loaded, done, ...)
# shellcheck disable=SC2034 # used by the scripts that source lib.sh
BED_TMO_EV_WAIT_S=150		# one eun-verify side, unless EV_WAIT says
# shellcheck disable=SC2034 # used by the scripts that source lib.sh
BED_TMO_START_MARGIN_S=120	# runner: a test's start, beyond its bound
# shellcheck disable=SC2034 # used by the scripts that source lib.sh
BED_TMO_END_S=300		# runner: the end of the run

# Ports: NAME="BASE COUNT"; NAME owns BASE..BASE+COUNT-1 and takes them
# with bed_port_next, which wraps inside the range: a loop of "port + n"
# never reaches another entry's. Tests run one after the other; within
# one, a new port per transfer spares waiting for the last one to close.
# 4791 is RoCEv2's own UDP port, no entry's.
declare -gA BED_PORTS=(
	[PERF_WRITE_BW]="18600 10"	# perf_ib_write_bw.sh, one per size
	[PERF_SEND_BW]="18610 10"	# perf_ib_send_bw.sh, one per size
	[PERF_READ_BW]="18620 10"	# perf_ib_read_bw.sh, one per size
	[PERF_ATOMIC_BW]="18630 2"	# perf_ib_atomic_bw.sh: FAA, CAS
	[PERF_WRITE_LAT]="18640 1"	# perf_ib_write_lat.sh
	[GOODPUT_PERF]="18650 30"	# bed-goodput.sh's perftest, per op and size
	[INTEROP_PERF]="18680 4"	# interop.sh's perftest, two per arrangement
	[PINGPONG]="18700 1"		# rc_pingpong.sh
	[EV_RUN]="18701 98"		# ev_run (eun_verify_lib.sh), one per run
	[EV_NO_CLIENT]="18799 1"	# eun_verify_neg.sh: a server nobody calls
	[MULTILINK]="18800 4"		# multilink.sh, one per link (LINKS <= 4)
	[SPRAY]="18808 2"		# spray.sh: WRITE, READ
	[SPRAY_SLOW]="18804 1"		# spray_slow.sh: READ
	[SRQ_PINGPONG]="18805 3"	# srq_pingpong.sh, one per exchange
	[BENCH_PERF]="18810 10"		# tools/bench/matrix.sh's perftest, one per transfer
	[LIFECYCLE]="18900 4"		# lifecycle_traffic.sh: the churn's long transfer
	[SOAK]="19000 800"		# tools/vm/soak-job.sh, one per transfer
	[RPING]="7174 1"		# rping.sh (rdma_cm's port space)
)
declare -gA BED_PORT_USED=()

# bed_port_next VAR NAME: the next port of NAME's range into VAR (builtins
# only: no subshell, so the count survives).
bed_port_next()
{
	local r=${BED_PORTS[$2]:-} n=${BED_PORT_USED[$2]:-0}

	if [ -z "$r" ]; then
		echo "bed_port_next: no port range '$2'" >&2
		return 1
	fi
	BED_PORT_USED[$2]=$((n + 1))
	printf -v "$1" %d $(( ${r% *} + n % ${r#* } ))
}

# Retransmission and ordering counters: an unimpaired run must not move any.
# The rxe_eun_* ones exist on rdma_rxe_eun only: they read 0 on a stock
# device (bed_counter_deltas -s); any other absent one fails the check.
BED_RETRANS_COUNTERS="rcvd_seq_err completer_retry_err retry_exceeded_err
	duplicate_request out_of_seq_request rcvd_rnr_err retry_rnr_exceeded_err
	rxe_eun_gbn_retry rxe_eun_psn_duplicate rxe_eun_psn_drop rxe_eun_nack_sent
	rxe_eun_retx_timeout rxe_eun_retx_nack rxe_eun_retx_reorder"

# A starved TCG guest (tens of ms without running) draws a tracking
# sender's tail loss probe on an unimpaired link (RFC 8985: the newest
# packet out waited two loss waits, at least 10 ms, with no ACK); its
# copy arrives as a duplicate. At most this many such moves per guest
# pass bed_perftest's check, and only as bed_stall_allowance says.
BED_STALL_PROBES_MAX=2

# rping.sh cannot set its QP's ack timeout (rdma_cm picks about 0.5 s): on
# an unimpaired bed a starved TCG guest may see a few retransmissions, a
# stall or two; more than this many counter moves in one guest fail it.
BED_RPING_RETRANS_MAX=10

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
	local name=$1 n=0

	# A counter a check read is missing (bed_counter_deltas).
	[ -s "${BED_RESULTS:-}/counters-missing" ] &&
		n=$(wc -l < "$BED_RESULTS/counters-missing")
	if [ "$n" -gt "${BED_COUNTERS_MISSING_SEEN:-0}" ]; then
		check_err 1 "missing counter: $(tail -n 1 "$BED_RESULTS/counters-missing")"
		BED_COUNTERS_MISSING_SEEN=$n
	fi
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

log_info()
{
	local up _

	read -r up _ < /proc/uptime
	printf 'INFO: [%s] %s\n' "$up" "$*"
}
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

# bed_watchdog PID TIMEOUT_S: in the background, TERM PID after TIMEOUT_S
# and KILL it a second later; exit 124 then, 0 when TERMed itself first.
bed_watchdog()
{
	local pid=$1 tmo=$2 fired=0 s=

	# Sleeps in the background: wait lets the trap in at once.
	trap 'kill "$s" 2>/dev/null; exit $fired' TERM
	sleep "$tmo" &
	s=$!
	wait "$s"
	fired=124
	kill -TERM "$pid" 2>/dev/null
	sleep 1 &
	s=$!
	wait "$s"
	kill -KILL "$pid" 2>/dev/null
	exit $fired
}

# bed_wait_pid PID TIMEOUT_S: wait for a background child; kill it (TERM,
# then KILL) when it overruns. Returns its exit status, 124 on timeout.
# A watchdog times it, not a loop that polls: each poll's sleep is a
# process, work that the guest's one CPU takes from the transfer it
# waits for (ten a second, under every test and again under every
# transfer of bed_pair, were an eighth of a guest's instructions).
bed_wait_pid()
{
	local pid=$1 tmo=$2 dog rc

	bed_watchdog "$pid" "$tmo" &
	dog=$!
	wait "$pid"
	rc=$?
	kill -TERM "$dog" 2>/dev/null
	wait "$dog"
	[ $? -eq 124 ] && return 124
	return $rc
}

bed_peer_guest() { [ "$BED_GUEST" = a ] && echo b || echo a; }

# bed_barrier NAME [TIMEOUT_S]: meet the other guest at NAME. Fails when the
# other guest does not arrive in time (a BED_TMO_*_S, default
# BED_TMO_STEP_S). A name is met once per run: the files stay, so a second
# meeting under the same name passes at once (a second ev_run or bed_pair
# of one name starts its client before its server listens), and says so.
bed_barrier()
{
	local name=$1 tmo=${2:-$BED_TMO_STEP_S}

	mkdir -p "$BED_SYNC" || return 1
	[ -e "$BED_SYNC/$name.$BED_GUEST" ] &&
		echo "bed_barrier: '$name' met before in this run: it does not wait (name each meeting apart)" >&2
	: > "$BED_SYNC/$name.$BED_GUEST" || return 1
	if ! busywait $((tmo * 1000)) test -e "$BED_SYNC/$name.$(bed_peer_guest)"; then
		echo "bed_barrier: peer did not reach '$name' in ${tmo}s" >&2
		return 1
	fi
}

# bed_tcp_listening PORT: a local TCP socket listens on PORT.
bed_tcp_listening() { ss -Hltn "sport = :$1" 2>/dev/null | grep -q .; }

# bed_cm_listening PORT: an rdma_cm id listens on PORT.
bed_cm_listening()
{
	rdma resource show cm_id 2>/dev/null | grep -E "state LISTEN" |
		grep -qE "[:.]$1( |$)"
}

# bed_listening PROBE ERR: the server of a pair listens. PROBE is tcp:PORT,
# cm:PORT or log:TEXT (a line of the file ERR has TEXT: cheaper to watch
# than spawning ss or rdma every 100 ms under TCG).
bed_listening()
{
	case "$1" in
	tcp:*) bed_tcp_listening "${1#tcp:}" ;;
	cm:*)  bed_cm_listening "${1#cm:}" ;;
	log:*) grep -qF -- "${1#log:}" "$2" 2>/dev/null ;;
	*)     echo "bed_listening: bad probe '$1'" >&2; return 2 ;;
	esac
}

# bed_pair [-t] NAME PROBE WAIT_S OUT ERR CMD...: this guest's side of a
# client/server pair, run to its end. The server guest starts CMD in the
# background and waits up to BED_TMO_LISTEN_S until PROBE (bed_listening)
# holds, then meets the client at barrier NAME-ready
# (BED_TMO_READY_SERVER_S). The client guest meets it there
# (BED_TMO_READY_CLIENT_S: the server's listen wait and its own) and only
# then starts CMD. Either side then waits WAIT_S for CMD (bed_wait_pid:
# killed past it, status 124) and returns its status, also in
# BED_PAIR_RC. CMD's stdout goes to OUT, its stderr to ERR (both to OUT
# when ERR is OUT). A late listen or a missed barrier is a failed check;
# CMD runs all the same and bounds itself. With -t the client also times
# CMD: BED_PAIR_HOST_S on the host's clock (bed_host_clock NAME-start,
# NAME-end), BED_PAIR_GUEST_S on its own, both "%.3f".
bed_pair()
{
	local timed=0 name probe wait_s out err pid h0 h1 t0 t1

	[ "$1" = -t ] && { timed=1; shift; }
	name=$1 probe=$2 wait_s=$3 out=$4 err=$5
	shift 5
	BED_PAIR_HOST_S='' BED_PAIR_GUEST_S=''
	if [ "$BED_ROLE" = server ]; then
		if [ "$err" = "$out" ]; then
			"$@" > "$out" 2>&1 &
		else
			"$@" > "$out" 2> "$err" &
		fi
		pid=$!
		if busywait $((BED_TMO_LISTEN_S * 1000)) bed_listening "$probe" "$err"; then
			log_info "$name: the server listens ($probe)"
		else
			check_err 1 "$name: the server does not listen ($probe) after ${BED_TMO_LISTEN_S}s"
		fi
		bed_barrier "$name-ready" "$BED_TMO_READY_SERVER_S"
		check_err $? "$name: the client did not come"
	else
		bed_barrier "$name-ready" "$BED_TMO_READY_CLIENT_S"
		check_err $? "$name: the server did not come up"
		log_info "$name: the client starts"
		if [ $timed = 1 ]; then
			h0=$(bed_host_clock "$name-start")
			t0=${EPOCHREALTIME/[.,]/}
		fi
		if [ "$err" = "$out" ]; then
			"$@" > "$out" 2>&1 &
		else
			"$@" > "$out" 2> "$err" &
		fi
		pid=$!
	fi
	bed_wait_pid "$pid" "$wait_s"
	BED_PAIR_RC=$?
	if [ "$BED_ROLE" = client ] && [ $timed = 1 ]; then
		t1=${EPOCHREALTIME/[.,]/}
		h1=$(bed_host_clock "$name-end")
		BED_PAIR_HOST_S=$(awk -v a="$h0" -v b="$h1" 'BEGIN { printf "%.3f", b - a }')
		BED_PAIR_GUEST_S=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", (b - a) / 1e6 }')
	fi
	return $BED_PAIR_RC
}

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

# bed_expect_unmoved BEFORE AFTER NAME WHAT: counter NAME did not move
# between the two snapshots; else the test fails, saying "N WHAT".
bed_expect_unmoved()
{
	local d

	d=$(bed_counter_delta "$1" "$2" "$3")
	[ "$d" = 0 ]
	check_err $? "$d $4"
}

# bed_counter_delta [-s] BEFORE AFTER NAMES [DEV]: increase of the
# counters NAMES (one or a space-separated list: their sum) between two
# snapshots, summed over devices or of DEV only (a device absent before
# counts from zero). Fails like bed_counter_deltas.
bed_counter_delta()
{
	local out rc

	out=$(bed_counter_deltas "$@")
	rc=$?
	tr ' ' '\n' <<< "$out" | awk -F= '{ sum += $2 } END { print sum + 0 }'
	return $rc
}

# bed_counter_deltas [-s] BEFORE AFTER NAMES [DEV]: "NAME=INCREASE ..." for
# each of NAMES, in their order, as bed_counter_delta counts them; one awk
# run. A name that neither snapshot has (for DEV, or for any device) is no
# 0: a renamed counter would turn its check off. It fails, says so on
# stderr and in BED_RESULTS/counters-missing (a failure in a command
# substitution is lost: log_test and the runner read the file), and reads
# 0. With -s ("absent is 0 on stock") the rxe_eun_* names read 0 on a
# stock rdma_rxe device: when the snapshots have no rxe_eun_* counter at
# all for the devices concerned. On rdma_rxe_eun they must exist.
bed_counter_deltas()
{
	local stock=0 names missing

	[ "${1:-}" = -s ] && { stock=1; shift; }
	names=${3//[$'\t\n']/ }
	{ missing=$(awk -v names="$names" -v dev="${4:-}" -v stock=$stock '
		BEGIN { n = split(names, l, " "); for (i = 1; i <= n; i++) want[l[i]] = 1 }
		dev != "" && $1 != dev { next }
		$2 ~ /^rxe_eun_/ { eun = 1 }
		!($2 in want) { next }
		{ seen[$2] = 1 }
		FNR == NR { before[$1, $2] = $3; next }
		{ d[$2] += $3 - ((($1, $2) in before) ? before[$1, $2] : 0) }
		END {
			for (i = 1; i <= n; i++) printf "%s%s=%d", (i > 1 ? " " : ""), l[i], d[l[i]]
			printf "\n"
			for (i = 1; i <= n; i++)
				if (!(l[i] in seen) && !(stock && !eun && l[i] ~ /^rxe_eun_/))
					print l[i] > "/dev/stderr"
		}' "$1" "$2" 2>&1 >&3); } 3>&1
	[ -z "$missing" ] && return 0
	missing="no counter ${missing//$'\n'/ } ${4:+on $4 }in $1 or $2"
	echo "bed_counter_deltas: $missing" >&2
	[ -z "${BED_RESULTS:-}" ] || echo "$missing" >> "$BED_RESULTS/counters-missing"
	return 1
}

# bed_counter NAME [DEV]: the live value of one counter of DEV (default
# BED_DEV); fails, printing nothing, when the device has no such counter.
bed_counter()
{
	local v

	read -r v 2>/dev/null < /sys/class/infiniband/"${2:-$BED_DEV}"/ports/1/hw_counters/"$1" ||
		return 1
	echo "$v"
}

# bed_counter_is NAME OP VALUE: the live counter NAME of BED_DEV compares
# OP (-eq, -ge, -gt...) to VALUE. For busywait, which runs its command
# again and again: a "$(bed_counter ...)" among its arguments would be
# read once, before the first try.
bed_counter_is()
{
	local v

	v=$(bed_counter "$1") && [ "$v" "$2" "$3" ]
}

# bed_check_retrans BEFORE AFTER MAX: fail (and say which) when the
# retransmission and out-of-sequence counters (BED_RETRANS_COUNTERS) moved
# by more than MAX together, when there are none, or when one of them is
# missing (its rxe_eun_* ones read 0 on stock rdma_rxe only). What moved
# within MAX is printed on stdout.
bed_check_retrans()
{
	local before=$1 after=$2 max=$3 deltas moved sum rc

	if ! grep -q ' sent_pkts ' "$after"; then
		echo "no hw_counters found" >&2
		return 1
	fi
	deltas=$(bed_counter_deltas -s "$before" "$after" "$BED_RETRANS_COUNTERS")
	rc=$?
	moved=$(tr ' ' '\n' <<< "$deltas" | awk -F= '$2 + 0 != 0 { printf " %s=+%d", $1, $2 }')
	sum=$(tr ' ' '\n' <<< "$deltas" | awk -F= '{ s += $2 } END { print s + 0 }')
	if [ "$sum" -gt "$max" ]; then
		if [ "$max" -eq 0 ]; then
			echo "retransmission counters moved:$moved" >&2
		else
			echo "retransmission counters moved by $sum, more than $max:$moved" >&2
		fi
		return 1
	fi
	[ -z "$moved" ] || echo "retransmission counters moved by $sum (at most $max):$moved"
	return $rc
}

# bed_stall_allowance BEFORE AFTER: the retransmission counter moves of a
# stall (BED_STALL_PROBES_MAX) this guest shows: as a sender, resends by
# the reorder window that were all tail probes and all proven spurious
# (rxe_eun_retx_reorder within rxe_eun_rw_tail_probes and
# rxe_eun_retx_spurious); as a receiver, the duplicates they made
# (rxe_eun_psn_duplicate; the sender's own check holds them to their
# cause). Prints the count, 0 on stock rdma_rxe.
bed_stall_allowance()
{
	local reorder probes spurious dup n=0

	[ "$BED_MODULE" = rdma_rxe_eun ] || { echo 0; return 0; }
	reorder=$(bed_counter_delta "$1" "$2" rxe_eun_retx_reorder)
	probes=$(bed_counter_delta "$1" "$2" rxe_eun_rw_tail_probes)
	spurious=$(bed_counter_delta "$1" "$2" rxe_eun_retx_spurious)
	dup=$(bed_counter_delta "$1" "$2" rxe_eun_psn_duplicate)
	[ "$reorder" -le "$probes" ] && [ "$reorder" -le "$spurious" ] && n=$reorder
	n=$((n + dup))
	echo $((n < BED_STALL_PROBES_MAX ? n : BED_STALL_PROBES_MAX))
}

# bed_check_no_retrans BEFORE AFTER: bed_check_retrans with no move allowed.
bed_check_no_retrans() { bed_check_retrans "$1" "$2" 0; }

# bed_link_tx FILE: "NETDEV TX_PACKETS" for every link, in order: the
# bond's slaves (BED_SLAVES) on a bonded bed, else the links' netdevs.
# rxe's counters count packets per device; only these tell which link a
# bond put them on.
bed_link_tx()
{
	local out=$1 nd v

	: > "$out" || return 1
	for nd in ${BED_SLAVES:-$BED_NETDEVS}; do
		read -r v 2>/dev/null < /sys/class/net/"$nd"/statistics/tx_packets || {
			echo "bed_link_tx: no tx_packets for $nd" >&2
			return 1
		}
		echo "$nd $v" >> "$out"
	done
}

# bed_link_tx_delta BEFORE AFTER: the packets each link of AFTER sent
# since BEFORE (two bed_link_tx snapshots), space separated, in AFTER's
# order. Fails on a link BEFORE lacks: a count from 0 would be no delta.
bed_link_tx_delta()
{
	awk -v before="$1" '
		FNR == NR { b[$1] = $2; next }
		!($1 in b) {
			print "bed_link_tx_delta: no " $1 " in " before > "/dev/stderr"
			bad = 1
			next
		}
		{ printf "%s%d", (n++ ? " " : ""), $2 - b[$1] }
		END { printf "\n"; exit bad }' "$1" "$2"
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

# bed_links_add: device I of BED_DEVS on netdev I of BED_NETDEVS: one per
# link, or the one on bond0 of a bonded bed (BED_BOND=1).
bed_links_add()
{
	local devs=($BED_DEVS) nds=($BED_NETDEVS) i

	# A device without its netdev would be "rdma link add ... netdev ''".
	if [ ${#devs[@]} -ne ${#nds[@]} ]; then
		echo "bed_links_add: ${#devs[@]} device(s) ($BED_DEVS)" \
			"for ${#nds[@]} netdev(s) ($BED_NETDEVS)" >&2
		return 1
	fi
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

# shellcheck source=tools/testing/csv.sh
source "$(dirname "${BASH_SOURCE[0]}")/../tools/testing/csv.sh"

# The fields of $BED_RESULTS/perf.csv, one row per perftest transfer:
# elapsed_s on the host's clock, guest_elapsed_s on the guest's, and
# perftest's own figure ("BW average[MB/sec]" or "t_avg[usec]").
# shellcheck disable=SC2034 # read by name: csv_row, csv_header
BED_PERF_FIELDS=(tool size iters bytes elapsed_s guest_elapsed_s perftest_figure)

# bed_perftest TOOL PORT SIZE ITERS [ARGS...]: run one perftest transfer
# between the guests, TOOL's server on the server guest. Both sides check
# the exit status and, on an unimpaired bed, that no retransmission
# counter moved. The client times the transfer with the host's clock (and
# its own) and appends a row of BED_PERF_FIELDS to $BED_RESULTS/perf.csv
# (its header first when the file is empty); perftest's output is kept in
# $BED_RESULTS.
bed_perftest()
{
	local tool=$1 port=$2 size=$3 iters=$4 rc bytes el gel mbps line
	local tag=$tool-$port before after out stall
	shift 4
	local extra="$*"
	# -u: the QP's ack timeout, the bed's QP_TIMEOUT (see bed.sh).
	local args=(-d "$BED_DEV" -x "$BED_GID_INDEX" -p "$port" -F -n "$iters"
		-u "$BED_QP_TIMEOUT" "$@")

	[ "$tool" = ib_atomic_bw ] || args+=(-s "$size")
	[ "$BED_ROLE" = server ] || args+=("$BED_SERVER")
	before=$BED_RESULTS/$tag.counters-before
	after=$BED_RESULTS/$tag.counters-after
	out=$BED_RESULTS/$tag.$BED_ROLE.out
	bed_counters "$before"
	bed_pair -t "$tag" "tcp:$port" $((BED_TIMEOUT / 2)) "$out" "$out" "$tool" "${args[@]}"
	rc=$?
	check_err $rc "$tool $BED_ROLE exited with $rc (124: timeout)"
	if [ "$BED_ROLE" = client ]; then
		# Bytes moved by the test: one message per iteration (atomics: 8 B).
		[ "$tool" = ib_atomic_bw ] && size=8
		bytes=$((size * iters))
		# elapsed on the host's clock; the guest's own clock is logged too
		el=$BED_PAIR_HOST_S
		gel=$BED_PAIR_GUEST_S
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
			# shellcheck disable=SC2034 # read by name: csv_row, csv_header
			local -A row=([tool]=$tool [size]=$size [iters]=$iters
				[bytes]=$bytes [elapsed_s]=$el [guest_elapsed_s]=$gel
				[perftest_figure]=${mbps:-})
			[ -s "$BED_RESULTS/perf.csv" ] ||
				csv_header BED_PERF_FIELDS > "$BED_RESULTS/perf.csv"
			csv_row BED_PERF_FIELDS row >> "$BED_RESULTS/perf.csv"
			check_err $? "$tag: no row for perf.csv"
		fi
	fi
	bed_counters "$after"
	if [ "$BED_IMPAIRED" = 0 ]; then
		# BED_RETRANS_MAX: what a test that reorders on purpose allows;
		# and a starved guest's tail probes (bed_stall_allowance).
		stall=$(bed_stall_allowance "$before" "$after")
		[ "$stall" -eq 0 ] ||
			log_info "$tag: up to $stall moves allowed: tail probes proven spurious, or their copies"
		bed_check_retrans "$before" "$after" "$(( ${BED_RETRANS_MAX:-0} + stall ))" 2>&1
		check_err $? "retransmissions on an unimpaired link (see $after)"
	fi
	log_info "$tool: sent_pkts +$(bed_counter_delta "$before" "$after" sent_pkts)" \
		"rcvd_pkts +$(bed_counter_delta "$before" "$after" rcvd_pkts)"
	[ $RET -ne 0 ] && tail -n 5 "$out" | sed 's/^/\t/'
	log_test "$BED_MODULE: $tool${extra:+ $extra} size $size iters $iters"
}

# bed_perftest_sizes TOOL PORTS [ARGS...]: bed_perftest for every
# BED_SIZES, each on the next port of the range PORTS (BED_PORTS).
bed_perftest_sizes()
{
	local tool=$1 ports=$2 port s
	shift 2

	for s in $BED_SIZES; do
		bed_port_next port "$ports" || return 1
		bed_perftest "$tool" "$port" "$s" "$BED_ITERS" "$@"
	done
}

# bed_netem_set NETDEV [SPEC]: netem SPEC (netem's words) on the egress of
# NETDEV in place of its root qdisc, or no netem when SPEC is empty. The
# old qdisc goes first: a netem changed in place keeps what the new SPEC
# does not mention (a reorder, for one).
# bed_links_drain MAX_S: wait, at most MAX_S seconds, until no qdisc of
# this guest's links holds a packet; 1 if one still does. A rate-capped
# link can hold seconds of a transfer's packets after it ended (a
# READ's responses sprayed onto the slow link): the next transfer would
# start behind them.
bed_links_drain()
{
	local max=$1 n=0 nd busy

	while :; do
		busy=
		for nd in ${BED_SLAVES:-$BED_NETDEVS}; do
			tc -s qdisc show dev "$nd" 2>/dev/null |
				grep -q ' backlog [^ ]* [1-9][0-9]*p' && busy=$nd
		done
		[ -z "$busy" ] && return 0
		[ "$n" -ge $((max * 10)) ] && return 1
		sleep 0.1
		n=$((n + 1))
	done
}

bed_netem_set()
{
	local nd=$1 spec=${2:-}

	tc qdisc del dev "$nd" root 2>/dev/null
	[ -z "$spec" ] && return 0
	# shellcheck disable=SC2086 # SPEC is a word list
	tc qdisc add dev "$nd" root netem $spec
}

# bed_netem_ingress_set ND [SPEC]: netem SPEC on what ND receives, or none.
# netem shapes only what a device sends, so ND's ingress is redirected
# through an ifb device: the peer's emulated NIC then sends each packet
# as it comes, and this guest's kernel delays and reorders it before the
# stack sees it, as a network would (Documentation/testing.rst).
bed_netem_ingress_set()
{
	local nd=$1 spec=${2:-} ifb=ifb-$1

	tc qdisc del dev "$nd" ingress 2>/dev/null
	ip link del "$ifb" 2>/dev/null
	[ -z "$spec" ] && return 0
	# numifbs=0: no ifb0 and ifb1 of its own.
	modprobe -q ifb numifbs=0 || return 1
	ip link add "$ifb" type ifb || return 1
	ip link set "$ifb" up || return 1
	tc qdisc add dev "$nd" handle ffff: ingress || return 1
	tc filter add dev "$nd" parent ffff: protocol all matchall \
		action mirred egress redirect dev "$ifb" || return 1
	# shellcheck disable=SC2086 # SPEC is a word list
	tc qdisc add dev "$ifb" root netem $spec
}

# bed_netem_on SPEC: netem on this guest's side of link 0 for a test,
# unless the bed impairs the link already; bed_netem_off takes off only
# what it put on.
BED_OWN_NETEM=0
bed_netem_on()
{
	[ "$BED_IMPAIRED" = 1 ] && return 0
	bed_netem_set "$BED_NETDEV" "$1" && BED_OWN_NETEM=1
}

bed_netem_off()
{
	[ "$BED_OWN_NETEM" = 1 ] && bed_netem_set "$BED_NETDEV"
	BED_OWN_NETEM=0
}

# bed_module_reload_with ARGS...: rdma_rxe_eun again with other parameters,
# and the bed's links.
bed_module_reload_with()
{
	bed_module_unload rdma_rxe_eun || return 1
	BED_MODULE_PARAMS="$*" bed_setup
}

# bed_module_reload_both NAME ARGS...: rdma_rxe_eun again with other
# parameters, in both guests: each reloads, then waits for the other at
# barrier NAME-loaded.
bed_module_reload_both()
{
	local name=$1

	shift
	bed_module_reload_with "$@"
	check_err $? "$name: reload with $* failed"
	bed_barrier "$name-loaded" "$BED_TMO_STEP_S"
	check_err $? "$name: peer did not reload"
}

# bed_module_restore: rdma_rxe_eun as the other tests expect it (the bed's
# parameters and links) after a test loaded its own; a test of its own.
bed_module_restore()
{
	bed_module_reload_with "${BED_MODULE_PARAMS:-}"
	check_err $? "reload with the bed's parameters failed"
	log_test "reload with the bed's parameters"
}

# bed_default_run_only: skip the test (exit) in a run with module
# parameters (gbn...): it runs in the default run of each module only.
bed_default_run_only()
{
	if [ -n "${BED_MODULE_PARAMS:-}" ]; then
		log_skip "runs in the default run of each module only"
		exit $ksft_skip
	fi
}

# bed_eun_default_run_only WHY: skip the test (exit) unless it runs on
# rdma_rxe_eun in the bed's default run; a test that loads the modes it
# needs runs once. WHY says why it is rdma_rxe_eun's.
bed_eun_default_run_only()
{
	if [ "$BED_MODULE" != rdma_rxe_eun ]; then
		log_skip "$1"
		exit $ksft_skip
	fi
	bed_default_run_only
}
