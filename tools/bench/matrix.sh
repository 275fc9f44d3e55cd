#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The benchmark matrix, run inside the bed's guests like a selftest
# (tools/bench/bench.sh boots the bed and runs it):
# for every profile of BED_PROFILES (netem on the guests' egress, each as
# its role has it: tools/bench/lib.sh), every op of BENCH_OPS (eun-verify
# --op: write, send, write_imm, read, cas, faa, awrite; write_read: -o write,read),
# every size of BED_SIZES
# and BENCH_REPS repetitions, one eun-verify transfer of BED_ITERS
# messages, or fewer when BENCH_SECONDS (if not 0) of posting ran out
# first, every byte and completion checked. The row gives the messages
# and bytes the transfer moved. An atomic (cas, faa, awrite) is 8 bytes whatever
# the size: its rows have size 8, one per profile and repetition, and
# count messages (operations).
#
# The ops ib_read_bw, ib_write_bw, ib_send_bw and ib_atomic_bw
# (fetch-and-add, 8 bytes) are perftest's instead, in duration mode: BENCH_PERF_SECONDS (default 60) of
# traffic, so that its set-up (the client's run beyond that, on the
# guest's clock) stays under 10% of the client's elapsed time; a longer
# set-up is a row with status "setup-long" and no figure. Its figures are
# perftest's own, from its report line: the iterations of its measured
# window (messages), their bytes, the window's seconds (iterations over
# its message rate) and its BW average (goodput, in 10^6 bytes a second;
# an atomic's from its message rate, 8 bytes each, which perftest prints
# more precisely). perftest checks no data, and its rows have no packets
# needed (its iterations are of the measured window, the packets sent of
# its whole run).
#
# Goodput is eun-verify's own clock (CLOCK_MONOTONIC, first post to last
# completion): set-up is not in it. The counters of both guests around the
# transfer give packets sent per packet needed, ACKs per data packet,
# retransmissions by cause and the receiver's emulated memory high-water
# mark since its device was created. The client is the requester: for
# WRITE and SEND its packets are the data and the server's the ACKs; for
# READ the server's responses are the data (one per MTU of each READ) and
# the client's requests and re-requests stand in the ACKs' place, the
# client places the responses (its READ counters, its emulated memory),
# the server counts the READ requests it executed ahead of their turn;
# an atomic is one request (the data, one packet needed) and one response.
# A transfer that
# does not finish within BENCH_XFER_TIMEOUT seconds is a row with status
# "timeout", never a missing row. The client writes
# $BED_RESULTS/matrix.csv.
#
# The op "flows" is the flow workload: BENCH_FLOW_QPS QPs (default 8)
# carrying WRITEs (flows) whose sizes are drawn from the web-search
# distribution of DCTCP scaled down by BENCH_FLOW_DIV (default 100: 300
# KB at most; eun-verify -S websearch:DIV). The flows arrive open loop,
# a Poisson process per QP (eun-verify --offered), offering
# BENCH_FLOW_LOAD (default 0.5) of the links' capacity, BED_LINKS links
# of 1 MB/s (the multipath profiles' 8 Mbit/s); up to 16 are posted per
# QP, and a flow's completion time counts from its arrival. With
# BENCH_FLOW_LOAD=closed each QP has one flow outstanding at a time and
# posts the next when it completes. Its rows have size "websearch:DIV",
# "@LOAD" when open loop, and the completion times' mean, p50 and p99.
#
# BENCH_INTERVAL_MS (bench.sh's own environment) adds eun-verify's
# goodput per that many ms to every eun-verify transfer's JSON
# ($BED_RESULTS/TAG.json): where the time of a slow transfer went.
#
# BENCH_PERF_QPS=N (bench.sh's own environment) runs perftest over N QPs
# (-q N); its figures are then the N QPs' together.
#
# BENCH_BLOCK=1 (bench.sh's own environment) runs both sides of every
# eun-verify transfer with --block: asleep while they wait, so that the
# busy CPU per packet is the work done, not the wait.
#
# Repetitions are the outer loop: the first repetition of every profile,
# then the second of every profile, and so on. The guests' speed drifts
# over minutes on emulated CPUs; with all repetitions of a profile in a row,
# one slow phase took a whole profile's median down. Spread over the run,
# it costs each profile at most one repetition, which the median drops.
# One unmeasured transfer per op opens each boot, so that whatever the
# boot's first transfer pays for (cold caches, page faults) is in no row.
#
# BENCH_COLUMNS (rdma_rxe and ooo modes, comma-separated) makes the columns take turns in
# this one boot: for every repetition and profile, each column in turn
# loads its module (rdma_rxe_eun again with its ooo_mode and the rest of
# BED_MODULE_PARAMS), brings up its devices and runs every op and size.
# Columns compared this way ran in the same minutes of the same guests,
# so the guests' drift is no longer in their ratio. The order rotates
# with the repetition; each column warms up the first time it is loaded.
# The emulated memory's high-water mark is then the transfer's own, the
# device being new.
#
# The extra repetitions of bench.sh -x (the goals left undecided) run
# the same way, only fewer transfers: BENCH_REP_FIRST numbers the first
# repetition (default 1), and BENCH_ONLY, comma-separated
# COLUMN:PROFILE:OP words (eunomia:none:write), names the transfers to
# run; a column, profile or op of no word is skipped.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"
source "$BED_REPO/selftests/eun_verify_lib.sh"
source "$BED_REPO/tools/bench/lib.sh"

ev_require
require_cmd tc ibv_devinfo
for o in ${BENCH_OPS//,/ }; do
	case $o in ib_*) require_cmd "$o" ;; esac
done

ops=${BENCH_OPS:-write,send}
perf_secs=${BENCH_PERF_SECONDS:-60}
reps=${BENCH_REPS:-3}
rep_first=${BENCH_REP_FIRST:-1}
only=${BENCH_ONLY:-}
only=${only//,/ }
xfer_tmo=${BENCH_XFER_TIMEOUT:-120}
xfer_secs=${BENCH_SECONDS:-0}
csv=$BED_RESULTS/matrix.csv
columns=${BENCH_COLUMNS//,/ }
eun_params=$(sed -e 's/\(^\| \)\(ooo_mode\|spray\)=[a-z]*//g' -e 's/^ //' <<< "$BED_MODULE_PARAMS")
peer_results=$BED_RUN/$(bed_peer_guest)/$BED_TEST
# Counters kept per transfer (TAG.delta), from each side; most are summed
# into the row (rxe_eun_* read 0 on stock: bed_counter_deltas -s; a name
# rdma_rxe_eun lacks fails the transfer's check).
counters="sent_pkts rcvd_pkts rcvd_seq_err completer_retry_err out_of_seq_request
	duplicate_request rxe_eun_gbn_retry rxe_eun_retx_timeout rxe_eun_retx_nack
	rxe_eun_retx_reorder rxe_eun_retx_spurious rxe_eun_rx_ooo rxe_eun_wsync_held
	rxe_eun_rw_widened rxe_eun_rw_probes rxe_eun_rw_held rxe_eun_path_pruned_late
	rxe_eun_path_pruned_loss rxe_eun_read_ooo rxe_eun_read_rerequest
	rxe_eun_read_rerequest_spurious rxe_eun_read_rerequest_timeout
	rxe_eun_read_duplicate rxe_eun_read_ahead rxe_eun_fence_wait"

# column: stock rdma_rxe, or rxe_eun, the mode its devices run and, when
# they spray, how (eun-eunomia+rr).
column()
{
	local name spray rw mi hc

	if [ "$BED_MODULE" = rdma_rxe ]; then
		echo rdma_rxe
		return
	fi
	name=eun-$(cat /sys/module/rdma_rxe_eun/parameters/ooo_mode)
	spray=$(cat /sys/module/rdma_rxe_eun/parameters/spray)
	[ "$spray" = off ] || name=$name+$spray
	[ "$(cat /sys/module/rdma_rxe_eun/parameters/after_read)" = wait ] &&
		name=$name-wait
	rw=$(cat /sys/module/rdma_rxe_eun/parameters/read_reo_wnd_us)
	[ "$rw" = 4000 ] || name=$name-rw$rw
	mi=$(cat /sys/module/rdma_rxe_eun/parameters/max_inflight)
	[ "$mi" = 128 ] || name=$name-mi$mi
	hc=$(cat /sys/module/rdma_rxe_eun/parameters/hd_cap_bits)
	[ "$hc" = 1024 ] || name=$name-hc$hc
	echo "$name"
}

active_mtu()
{
	ibv_devinfo -d "$BED_DEV" 2>/dev/null |
		sed -n 's/.*active_mtu:[[:space:]]*\([0-9]*\).*/\1/p' | head -n 1
}

deltas()
{
	local out

	out=$(bed_counter_deltas -s "$1" "$2" "$counters" "$BED_DEV")
	# A high-water mark since the device was created, not a delta (the
	# delta only checks that rdma_rxe_eun has it).
	bed_counter_deltas -s "$1" "$2" rxe_eun_emem_blocks_peak "$BED_DEV" > /dev/null
	out="$out emem_peak=$(awk -v d="$BED_DEV" '$1 == d && $2 == "rxe_eun_emem_blocks_peak" { v = $3 }
		END { print v + 0 }' "$2")"
	# Likewise the 99th percentile of the out-of-order degree (an upper
	# bound: the top of its bucket, at most an eighth above the true value).
	out="$out ooo_p99=$(awk -v d="$BED_DEV" '$1 == d && $2 == "rxe_eun_ooo_degree_p99" { v = $3 }
		END { print v }' "$2")"
	echo "$out"
}

# num X: X when it is a number (eun-verify says "?" for a field it lacks).
num() { [[ $1 =~ ^[0-9.]+$ ]] && echo "$1"; }

# ratio A B: A / B with 3 decimals, empty when B is 0.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.3f", a / b }'; }

# perf_run TAG OP SIZE: one perftest transfer (OP ib_read_bw, ib_write_bw,
# ib_send_bw or ib_atomic_bw) of perf_secs seconds, the server on the server guest. Sets
# EV_RC and, on the client, the figures of the row from perftest's report
# line: result (pass, setup-long or fail), msgs, bytes, el, mbps.
perf_run()
{
	local tag=$1 op=$2 size=$3 port out args figs setup

	bed_port_next port BENCH_PERF
	out=$BED_RESULTS/$tag.perftest
	args=(-d "$BED_DEV" -x "$BED_GID_INDEX" -p "$port" -F -D "$perf_secs" -u "$BED_QP_TIMEOUT")
	[ "$op" = ib_atomic_bw ] || args+=(-s "$size")
	[ "${BENCH_PERF_QPS:-1}" = 1 ] || args+=(-q "$BENCH_PERF_QPS")
	[ "$BED_ROLE" = server ] || args+=("$BED_SERVER")
	bed_pair -t "$tag" "tcp:$port" $((perf_secs + xfer_tmo)) "$out" "$out" "$op" "${args[@]}"
	EV_RC=$?
	result=fail msgs='' bytes='' el='' mbps='' cbytes='' p50='' p99='' mean=''
	[ "$BED_ROLE" = client ] || return 0
	if [ "$EV_RC" != 0 ] || ! figs=$(perf_figures "$out" "$op" "$size"); then
		log_info "$tag: $op exited with $EV_RC: $(tail -n 1 "$out")"
		return 0
	fi
	read -r msgs bytes el mbps <<< "$figs"
	setup=$(perf_setup_share "$BED_PAIR_GUEST_S" "$perf_secs")
	result=pass
	awk -v s="$setup" 'BEGIN { exit !(s > 0.1) }' && result='setup-long'
	log_info "$tag: $op: $msgs iterations in ${el}s, $mbps MB/s; the client ran" \
		"${BED_PAIR_GUEST_S}s (host clock ${BED_PAIR_HOST_S}s) for -D $perf_secs: set-up share $setup"
}

transfer()
{
	local profile=$1 spec=$2 op=$3 size=$4 rep=$5 tag=$col-$1-$3-$4-$5
	local before=$BED_RESULTS/$tag.before after=$BED_RESULTS/$tag.after
	local mine theirs status result n msgs bytes cmsgs cbytes el mbps p50 p99
	local ideal data acks links mean args length=(-n "$BED_ITERS") per_msg emem
	local recover= stamp=$BED_RESULTS/$tag cpu0 cpu kcpu0 kcpu peer_kcpu sargs=()
	local rx0 tx0 rx tx rx_irqs tx_irqs

	[ "$xfer_secs" = 0 ] || length+=(-t "$(down_min_secs "$profile" "$xfer_secs")")
	args=(-o "$op" -S "$size")
	[ "$op" = flows ] && args=(-o write -q "${BENCH_FLOW_QPS:-8}" $(bench_flow_args "$size" "${BED_LINKS:-1}"))
	# WRITEs and READs mixed on one QP, each message's op drawn from the seed.
	[ "$op" = write_read ] && args=(-o write,read -S "$size")
	# A path that goes down and comes back: goodput over time, to time
	# the recovery (ev_recover_ms).
	if [ -n "$(profile_down "$profile")" ]; then
		args+=(--interval 100)
	elif [ -n "${BENCH_INTERVAL_MS:-}" ]; then
		args+=(--interval "$BENCH_INTERVAL_MS")
	fi
	[ "${BENCH_BLOCK:-0}" = 1 ] && { args+=(--block); sargs+=(--block); }
	bed_links_drain 30 || log_info "$tag: a link still holds packets after 30 s"
	bed_counters "$before"
	bed_link_tx "$before.links"
	rm -f "$stamp.down_at" "$stamp.up_at"
	insnprof_mark "$tag.pre"
	cpu0=$(cpu_busy_ms) kcpu0=$(cpu_kernel_ms) rx0=$(nic_irqs input) tx0=$(nic_irqs output)
	down_start "$profile" "$stamp" "$tag"
	if [[ $op == ib_* ]]; then
		perf_run "$tag" "$op" "$size"
	else
		EV_WAIT=$((xfer_tmo + 30)) EV_TIMEOUT=$xfer_tmo \
			ev_run "$tag" '.*' "${sargs[@]}" -- "${args[@]}" "${length[@]}" --seed "$rep"
	fi
	down_stop
	# Busy CPU time over the transfer (set-up included; perftest's too).
	cpu=$(( $(cpu_busy_ms) - cpu0 )) kcpu=$(( $(cpu_kernel_ms) - kcpu0 ))
	insnprof_mark "$tag"
	insnprof_syms "$tag"
	echo "$cpu" > "$BED_RESULTS/$tag.cpu"
	echo "$kcpu" > "$BED_RESULTS/$tag.kcpu"
	rx=$(( $(nic_irqs input) - rx0 )) tx=$(( $(nic_irqs output) - tx0 ))
	echo "$rx $tx" > "$BED_RESULTS/$tag.irqs"
	bed_counters "$after"
	bed_link_tx "$after.links"
	mine=$(deltas "$before" "$after")
	# Packets each link carried, this guest's egress: "a/b/c/d".
	links=$(bed_link_tx_delta "$before.links" "$after.links" | tr ' ' '/')
	echo "$mine" > "$BED_RESULTS/$tag.delta"
	if [[ $op != ib_* ]]; then
		read -r result n msgs bytes cmsgs cbytes el mbps p50 p99 mean <<< "$(ev_summary "$EV_OUT")"
		cbytes=${cbytes:-?}
		[ -s "$stamp.up_at" ] && [ "$BED_ROLE" = client ] &&
			recover=$(ev_recover_ms "$EV_OUT" "$(cat "$stamp.down_at")" "$(cat "$stamp.up_at")")
	fi
	# What the server checked (perftest: nothing).
	[ "$BED_ROLE" = server ] && echo "$cbytes" > "$BED_RESULTS/$tag.checked"
	bed_barrier "$tag-done" "$BED_TMO_STEP_S" || return 1
	[ "$BED_ROLE" = server ] && return 0

	theirs=$(cat "$peer_results/$tag.delta" 2>/dev/null)
	case "$EV_RC/$result" in
	0/pass) status=ok ;;
	0/setup-long) status='setup-long' ;;
	124/*) status=timeout ;;
	*) status=fail ;;
	esac
	[ $status = ok ] || { el=; mbps=; p50=; p99=; mean=; }
	# What the transfer moved, as eun-verify counted it: left empty when
	# it reported nothing (killed at the bound).
	[[ $msgs =~ ^[0-9]+$ ]] || msgs=
	[[ $bytes =~ ^[0-9]+$ ]] || bytes=
	# Who sends the data, and how many packets a message needs.
	data=$(field "$mine" sent_pkts) acks=$(field "$theirs" sent_pkts)
	emem=$(field "$theirs" emem_peak)
	# The receiver's receive interrupts, the sender's transmit completions.
	read -r rx_irqs _ 2>/dev/null < "$peer_results/$tag.irqs"
	tx_irqs=$tx
	per_msg=
	[[ $size =~ ^[0-9]+$ ]] && per_msg=$(((size + mtu - 1) / mtu))
	case $op in
	read|ib_read_bw)
		data=$(field "$theirs" sent_pkts) acks=$(field "$mine" sent_pkts)
		emem=$(field "$mine" emem_peak) rx_irqs=$rx
		read -r _ tx_irqs 2>/dev/null < "$peer_results/$tag.irqs" ;;
	cas|faa|awrite|ib_atomic_bw) per_msg=1 ;;
	# Data both ways: the client's packets are counted, no ideal.
	write_read) per_msg='' ;;
	esac
	# perftest counts the messages of its measured window only, not of
	# its whole run (the packets sent): no figure.
	[[ $op != ib_* ]] || per_msg=''
	ideal=
	[ -n "$msgs" ] && [ -n "$per_msg" ] && ideal=$((msgs * per_msg))
	peer_kcpu=$(cat "$peer_results/$tag.kcpu" 2>/dev/null)
	# shellcheck disable=SC2034 # read by name: csv_row, csv_header
	local -A row=([column]=$col [profile]=$profile [netem]=$spec [op]=$op
		[size]=$size [messages]=$msgs [rep]=$rep [status]=$status
		[elapsed_s]=$el [goodput_MBps]=$mbps [bytes]=$bytes
		[server_checked_bytes]=$(cat "$peer_results/$tag.checked" 2>/dev/null)
		[data_pkts]=$data [needed_pkts]=$ideal
		[pkts_per_needed]=$(ratio "$data" "$ideal")
		[ack_pkts]=$acks [acks_per_data]=$(ratio "$acks" "$data")
		[rcvd_seq_err]=$(field "$mine" rcvd_seq_err)
		[completer_retry_err]=$(field "$mine" completer_retry_err)
		[gbn_retry]=$(field "$mine" rxe_eun_gbn_retry)
		[out_of_seq_request]=$(field "$theirs" out_of_seq_request)
		[duplicate_request]=$(field "$theirs" duplicate_request)
		[emem_peak_blocks]=$emem
		[retx_timeout]=$(field "$mine" rxe_eun_retx_timeout)
		[retx_nack]=$(field "$mine" rxe_eun_retx_nack)
		[retx_reorder]=$(field "$mine" rxe_eun_retx_reorder)
		[retx_spurious]=$(field "$mine" rxe_eun_retx_spurious)
		[rx_ooo]=$(field "$theirs" rxe_eun_rx_ooo)
		[wsync_held]=$(field "$theirs" rxe_eun_wsync_held)
		[link_pkts]=$links [ooo_p99]=$(field "$theirs" ooo_p99)
		[lat_mean_us]=$(num "$mean") [lat_p50_us]=$(num "$p50") [lat_p99_us]=$(num "$p99")
		[path_pruned]=$(( $(field "$mine" rxe_eun_path_pruned_late) +
			$(field "$mine" rxe_eun_path_pruned_loss) ))
		[read_ooo]=$(field "$mine" rxe_eun_read_ooo)
		[read_rerequest]=$(field "$mine" rxe_eun_read_rerequest)
		[read_rerequest_spurious]=$(field "$mine" rxe_eun_read_rerequest_spurious)
		[read_rerequest_timeout]=$(field "$mine" rxe_eun_read_rerequest_timeout)
		[read_duplicate]=$(field "$mine" rxe_eun_read_duplicate)
		[read_ahead]=$(field "$theirs" rxe_eun_read_ahead)
		[recover_ms]=$recover
		[cpu_client_ms_per_MB]=$(ms_per_mb "$cpu" "$bytes")
		[cpu_server_ms_per_MB]=$(ms_per_mb "$(cat "$peer_results/$tag.cpu" 2>/dev/null)" "$bytes")
		[kcpu_client_ms_per_MB]=$(ms_per_mb "$kcpu" "$bytes")
		[kcpu_server_ms_per_MB]=$(ms_per_mb "$peer_kcpu" "$bytes")
		[kcpu_us_per_pkt]=$(us_per_pkt "$kcpu" "$peer_kcpu" "$ideal")
		[fence_wait]=$(field "$mine" rxe_eun_fence_wait)
		[rx_irqs_per_data]=${rx_irqs:+$(ratio "$rx_irqs" "$data")}
		[tx_irqs_per_data]=${tx_irqs:+$(ratio "$tx_irqs" "$data")})
	csv_row BENCH_MATRIX_FIELDS row >> "$csv" || check_err 1 "$tag: no row for the transfer"
	bed_progress "$profile $op $size #$rep: $status${mbps:+, $mbps MB/s}"
	if [ $status = fail ] && [[ $op == ib_* ]]; then
		check_err 1 "$tag: $op exited with $EV_RC: $(tail -n 2 "$BED_RESULTS/$tag.perftest" | tr '\n' ' ')"
	elif [ $status = fail ]; then
		check_err 1 "$tag: eun-verify says '$result' (rc $EV_RC): $(ev_field "$EV_OUT" error)"
	fi
	[ "$status" != setup-long ] ||
		check_err 1 "$tag: $op's set-up took more than 10% of its run: BENCH_PERF_SECONDS is too short"
	if [ "$profile" = none ] && [ $status != ok ]; then
		check_err 1 "$tag: the unimpaired transfer did not complete ($status)"
	fi
	log_test "bench $col $profile $op size $size #$rep: $status"
}

# warm_up: one short unmeasured transfer per op, unimpaired.
warm_up()
{
	local op o

	for op in ${ops//,/ }; do
		# perftest's ops warm up as eun-verify's of the same verb.
		case $op in
		flows) o='write' ;;
		ib_read_bw) o='read' ;;
		ib_write_bw) o='write' ;;
		ib_send_bw) o='send' ;;
		ib_atomic_bw) o='faa' ;;
		write_read) o='write,read' ;;
		*) o=$op ;;
		esac
		EV_WAIT=90 EV_TIMEOUT=60 ev_run "warm-up-$col-$op" 0 -- \
			-o "$o" -S 65536 -n 100 -t 1 --seed 0
		bed_barrier "warm-up-$col-$op-done" "$BED_TMO_STEP_S" || return 1
		log_test "bench $col warm-up $op"
	done
}

# use_column COLUMN: COLUMN's module, parameters and devices, in place of
# the last column's (BENCH_COLUMNS).
use_column()
{
	local c=$1 prefix=eun l nds

	if [ "$c" = rdma_rxe ]; then
		export BED_MODULE=rdma_rxe BED_LINK_TYPE=rxe BED_MODULE_PARAMS=
		prefix=rxe
	else
		# Another ooo_mode is another load of the module.
		bed_module_unload rdma_rxe_eun || return 1
		export BED_MODULE=rdma_rxe_eun BED_LINK_TYPE=rxe_eun
		export BED_MODULE_PARAMS="$(column_params "$c")${eun_params:+ $eun_params}"
	fi
	# One device per netdev: per link, or the one on a bonded bed's bond0.
	read -ra nds <<< "$BED_NETDEVS"
	BED_DEVS=
	for l in "${!nds[@]}"; do
		BED_DEVS="$BED_DEVS $prefix$l"
	done
	export BED_DEVS=${BED_DEVS# } BED_DEV=${prefix}0
	bed_setup
}

# op_sizes OP: the sizes OP runs at; the flow workload draws its own,
# an atomic is 8 bytes.
op_sizes()
{
	case $1 in
	flows) bench_flow_size ;;
	cas|faa|awrite|ib_atomic_bw) echo 8 ;;
	*) echo "$BED_SIZES" ;;
	esac
}

# wanted COLUMN PROFILE [OP]: BENCH_ONLY is empty or has the transfer
# (without OP: any of the column's on the profile).
wanted()
{
	[ -n "$only" ] || return 0
	[ $# -eq 3 ] && { [[ " $only " == *" $1:$2:$3 "* ]]; return; }
	[[ " $only " == *" $1:$2:"* ]]
}

# run_profile PROFILE SPEC REP: every op and size of the column in use
# (turn, with BENCH_COLUMNS).
run_profile()
{
	local op s

	for op in ${ops//,/ }; do
		wanted "${turn:-}" "$1" "$op" || continue
		for s in $(op_sizes "$op"); do
			transfer "$1" "$2" "$op" "$s" "$3" ||
				check_err 1 "transfer $col/$1/$op/$s/$3: peer lost"
		done
	done
}

# rotated N: the columns, starting from the Nth (0-based, modulo).
rotated()
{
	local cs n

	read -ra cs <<< "$columns"
	n=$(($1 % ${#cs[@]}))
	echo "${cs[@]:n}" "${cs[@]:0:n}"
}

# take_turns PROFILE SPEC REP: each column in turn runs the profile.
take_turns()
{
	local c rc

	for c in $(rotated $(($3 - 1))); do
		wanted "$c" "$1" || continue
		turn=$c
		use_column "$c"
		rc=$?
		bed_barrier "column-$c-$1-$3" "$BED_TMO_STEP_S" || { check_err 1 "peer lost at column $c"; return 1; }
		if [ $rc -ne 0 ]; then
			# Its rows stay missing: bench.sh marks them unavailable.
			check_err 1 "column $c: the module did not come up"
			log_test "bench $c $1 #$3: set-up"
			continue
		fi
		col=$(column)
		if [[ " $warm " != *" $c "* ]]; then
			warm="$warm $c"
			warm_up || { check_err 1 "warm-up of $c: peer lost"; return 1; }
		fi
		run_profile "$1" "$2" "$3"
	done
}

[ -n "$BED_PROFILES" ] || { log_skip "no PROFILES in the config"; exit $ksft_skip; }
# A mode the module refuses (bad parameters) is a column without figures,
# not a failed run: bench.sh marks its rows "unavailable".
if [ -z "$columns" ] && [ "$BED_MODULE" = rdma_rxe_eun ] && ! bed_module_live rdma_rxe_eun &&
   dmesg | grep -q "invalid for parameter"; then
	log_skip "rdma_rxe_eun refused '$BED_MODULE_PARAMS': $(dmesg | grep rdma_rxe_eun: | tail -n 2 | head -n 1)"
	exit $ksft_skip
fi
col=$(column)
mtu=$(active_mtu)
[ -n "$mtu" ] || { check_err 1 "no active MTU for $BED_DEV"; log_test "set-up"; exit $EXIT_STATUS; }
[ "$BED_ROLE" = client ] &&
	echo "$BENCH_MATRIX_HEADER" > "$csv"
apply_profile ""
warm=
if [ -z "$columns" ]; then
	warm_up || check_err 1 "warm-up: peer lost"
fi
for r in $(seq "$rep_first" $((rep_first + reps - 1))); do
	for p in $BED_PROFILES; do
		spec=$(profile_spec "$p") || { check_err 1 "profile $p"; log_test "profile $p"; continue; }
		apply_profile "$p"
		check_err $? "tc netem '$spec' failed"
		bed_barrier "profile-$p-$r" "$BED_TMO_STEP_S" || check_err 1 "peer did not apply profile $p"
		if [ -n "$columns" ]; then
			take_turns "$p" "$spec" "$r" || break 2
		else
			run_profile "$p" "$spec" "$r"
		fi
	done
done
apply_profile ""
exit $EXIT_STATUS
