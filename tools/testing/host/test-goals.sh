#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Host-side checks of tools/bench/goals.sh on a made-up run of 3
# repetitions: each goal met or missed by the figures that decide it,
# met, missed or undecided by the bootstrap interval of a ratio at its
# boundary (an undecided one with the range of its rows' kernel time), on failed repetitions and on one or two, goals counted apart where
# the run had no such column, and its exit status; then on a made-up
# READ run (make bench-read): READ in MB/s, atomics in operations per
# second, the READ and atomic counts.
set -uo pipefail

# The scripts under test.
here=$(cd "$(dirname "$0")/../../bench" && pwd)
# shellcheck source=tools/bench/lib.sh
source "$here/lib.sh"
# shellcheck source=tools/testing/tap.sh
source "$(dirname "$0")/../tap.sh"
tap_scratch
tap_start

# row COLUMN PROFILE OP STATUS GOODPUT DATA GBN EMEM RTO NACK REORDER [P99]:
# repetition REP (default 1), recovery time RECOVER (default none),
# NETEM the profile's words and LINKS the packets per link (default none).
row()
{
	local -A r=([column]=$1 [profile]=$2 [netem]=${NETEM-} [op]=$3 [size]=65536
		[messages]=20 [rep]=${REP:-1} [status]=$4 [elapsed_s]=1.0 [goodput_MBps]=$5
		[bytes]=1310720 [server_checked_bytes]=1310720 [data_pkts]=$6
		[needed_pkts]=$6 [pkts_per_needed]=1.000 [ack_pkts]=10
		[acks_per_data]=0.5 [rcvd_seq_err]=0 [completer_retry_err]=0
		[gbn_retry]=$7 [out_of_seq_request]=0 [duplicate_request]=0
		[emem_peak_blocks]=$8 [retx_timeout]=$9 [retx_nack]=${10}
		[retx_reorder]=${11} [retx_spurious]=0 [rx_ooo]=0 [wsync_held]=0
		[link_pkts]=${LINKS-} [ooo_p99]=${12-} [path_pruned]=0 [lat_mean_us]= [lat_p50_us]=
		[lat_p99_us]= [read_ooo]=0 [read_rerequest]=0 [read_rerequest_spurious]=0
		[read_rerequest_timeout]=0 [read_duplicate]=0 [read_ahead]=0
		[recover_ms]=${RECOVER-} [cpu_client_ms_per_MB]= [cpu_server_ms_per_MB]=
		[kcpu_client_ms_per_MB]= [kcpu_server_ms_per_MB]= [kcpu_us_per_pkt]= [fence_wait]=0
		[rx_irqs_per_data]= [tx_irqs_per_data]=)

	csv_row BENCH_MATRIX_FIELDS r
}

# flow_row COLUMN MEAN_US P99_US: a flow-workload row on mp-equal.
flow_row()
{
	row "$1" mp-equal flows ok 2.0 400 0 15 0 0 0 31 |
		sed "s/,flows,65536,/,flows,websearch:100,/; s/,,,\(,0,0,0,0,0,0,,,,,,,0,,\)\$/,$2,1000,$3\1/"
}

lossy='rate 8mbit; link3: rate 8mbit loss 1%'

# A run that meets every goal, 3 repetitions of the same figures (each
# interval a point); its figures are then spoiled one by one.
good()
{
	echo "$BENCH_MATRIX_HEADER"
	for REP in 1 2 3; do
		good_rep
	done
}
good_rep()
{
	local op

	for op in write send; do
		row rdma_rxe none $op ok 8.0 400 0 "" 0 0 0
		row rdma_rxe reorder $op ok 0.05 2000 0 "" 0 0 0
		row rdma_rxe loss1 $op ok 1.0 500 0 "" 0 0 0
		row rdma_rxe reorder25-loss0.5 $op ok 0.05 2000 0 "" 0 0 0
		row eun-static none $op ok 8.0 400 0 21 0 0 0
		row eun-eunomia none $op ok 8.0 400 0 15 0 0 0
		row eun-eunomia delay1ms $op ok 8.0 400 0 15 0 0 0
		row eun-eunomia reorder $op ok 7.8 1000 0 15 0 1 1
		row eun-eunomia reorder50 $op ok 7.5 400 0 15 0 0 0
		row eun-eunomia delay5ms $op ok 5.0 400 0 15 0 0 0
		row eun-eunomia reorder25-5ms $op ok 4.0 400 0 15 0 0 0
		row eun-eunomia loss1 $op ok 4.0 400 0 15 1 5 4
		row eun-eunomia reorder25-loss0.5 $op ok 3.0 400 0 15 0 2 2
	done
	# Multipath: WRITE only.
	row rdma_rxe mp-equal write ok 0.9 400 0 "" 0 0 0
	row eun-eunomia+rr mp-equal write ok 3.6 400 0 15 0 0 0 127
	row rdma_rxe mp-equal read ok 0.9 400 0 "" 0 0 0
	row eun-eunomia+rr mp-equal read ok 3.42 400 0 15 0 0 0 127
	row rdma_rxe mp-skew write ok 0.9 400 0 "" 0 0 0
	row eun-eunomia+rr mp-skew write ok 3.0 400 0 15 0 0 1 63
	# MPRDMA_P99_REP1: the p99 of mprdma's first mp-skew row.
	local p99=15
	[ "${REP:-1}" != 1 ] || p99=${MPRDMA_P99_REP1:-15}
	row eun-eunomia+mprdma mp-skew write ok 3.0 400 0 15 0 0 0 "$p99"
	NETEM="$lossy" LINKS=0/0/3/400 row rdma_rxe mp-lossy write ok 0.5 400 0 "" 4 0 0
	row eun-eunomia+rr mp-lossy write ok 2.0 400 0 15 0 2 18 31
	row eun-eunomia+mprdma mp-lossy write ok 2.5 400 0 15 0 1 5 31
	RECOVER=$((200 + REP * 100)) row eun-eunomia+rr mp-down write ok 2.0 400 0 15 3 0 9 31
	RECOVER=300 row eun-eunomia+mprdma mp-down write ok 2.0 400 0 15 2 0 9 31
	flow_row eun-eunomia 9000 90000
	flow_row eun-eunomia+rr 4000 40000
	flow_row eun-eunomia+mprdma 4500 45000
}

# goals CSV: run summarize.sh and goals.sh on it; output in $tmp/out,
# exit status in $rc.
goals()
{
	PATH=/usr/bin:/bin "$here/summarize.sh" "$1" "$tmp" "$tmp/r.rst" > /dev/null 2>&1
	PATH=/usr/bin:/bin "$here/goals.sh" "$1" "$tmp/bench-summary.csv" > "$tmp/out" 2>&1
	rc=$?
}
verdict() { grep -F "$1" "$tmp/out" | grep -F "($2)" | awk '{ print $NF }'; }
plain() { grep -F "$1" "$tmp/out" | awk '{ print $NF }'; }
printf '.. bench table begin\n.. bench table end\n' > "$tmp/r.rst"

good > "$tmp/good.csv"
goals "$tmp/good.csv"
check "every goal with figures met: exit 0" "[ $rc -eq 0 ] && grep -q '^goals: 41 met, 0 missed, 0 undecided, 35 without' $tmp/out"
cp "$tmp/out" "$tmp/out.good"
check "multipath ratio printed" "grep -F 'mp-equal: eunomia+rr >= 3.5x stock (write)' $tmp/out | grep -q '= 4.00x'"
check "multipath READ ratio printed, met" \
	"grep -F 'mp-equal: eunomia+rr >= 3.5x stock (read)' $tmp/out | grep -q '3.42 / 0.90 MB/s = 3.80x \\[3.80, 3.80\\] (n=3/3)  *met'"
check "ratio printed" "grep -F 'reorder: eunomia >= 10x stock (write)' $tmp/out | grep -q '= 156.00x'"
check "resends counted over the profile" "grep -F 'selective resends' $tmp/out | grep -q '12 of 6000 = 0.200%'"
check "loss1 resends without the timeout" "grep -F 'without the timeout' $tmp/out | grep -q '54 of 60 = 90.0%'"

sed 's/^\(eun-eunomia,reorder,,send,[^,]*,[^,]*,[^,]*,[^,]*,[^,]*,\)7.8/\17.5/' "$tmp/good.csv" > "$tmp/slow.csv"
goals "$tmp/slow.csv"
check "0.94x of delay1ms is missed" "[ \"\$(verdict 'its delay1ms' send | head -n 1)\" = missed ] && [ $rc -eq 1 ]"
check "the other op still met" "[ \"\$(verdict 'eunomia >= 0.95x its delay1ms' write)\" = met ]"

{ cat "$tmp/good.csv"
  for REP in 1 2 3; do
	row eun-eunomia delay1ms ib_write_bw ok 8.0 400 0 15 0 0 0
	row eun-eunomia reorder ib_write_bw ok 7.0 400 0 15 0 0 0
  done; } > "$tmp/pf.csv"
goals "$tmp/pf.csv"
check "perftest's own figure at 0.88x of its delay1ms misses" \
	"grep -F 'reorder: eunomia >= 0.95x its delay1ms (ib_write_bw)' $tmp/out | grep -q '7.00 / 8.00 MB/s = 0.88x \[0.88, 0.88\] (n=3/3)  *missed' && [ $rc -eq 1 ]"

sed '/^eun-eunomia,reorder50,,write/s/,ok,1.0,7.5,/,timeout,,,/' "$tmp/good.csv" > "$tmp/cut.csv"
goals "$tmp/cut.csv"
check "an unfinished transfer misses 'completes'" "[ \"\$(verdict 'reorder50: every' write)\" = missed ]"
check "and its ratio" "[ \"\$(verdict 'reorder50: eunomia' write)\" = missed ]"

sed '/^eun-eunomia,reorder,,write/s/,0,0,0,0,15,/,0,3,0,0,15,/' "$tmp/good.csv" > "$tmp/gbn.csv"
goals "$tmp/gbn.csv"
check "a go-back-N event misses" "[ \"\$(plain 'reorder: go-back-N')\" = missed ] && [ \"\$(plain 'in every profile')\" = missed ]"

sed '/^eun-eunomia,reorder,,write/s/,15,0,1,1,/,15,0,20,1,/' "$tmp/good.csv" > "$tmp/resend.csv"
goals "$tmp/resend.csv"
check "resends above 0.5% of data packets miss" "[ \"\$(plain 'selective resends')\" = missed ]"

sed '/^eun-eunomia,loss1,/s/,15,1,5,4,/,15,3,5,4,/' "$tmp/good.csv" > "$tmp/rto.csv"
goals "$tmp/rto.csv"
check "timeouts above 10% of resends miss" "[ \"\$(plain 'without the timeout')\" = missed ]"

sed '/^eun-eunomia,none,,send/s/,15,0,0,0,/,22,0,0,0,/' "$tmp/good.csv" > "$tmp/mem.csv"
goals "$tmp/mem.csv"
check "a peak above static misses" "[ \"\$(plain 'below static')\" = missed ]"

sed '/^eun-static,none,,send/s/,ok,1.0,8.0,/,fail,,,/' "$tmp/good.csv" > "$tmp/static.csv"
goals "$tmp/static.csv"
check "a static transfer that failed misses" "grep -F 'static: every' $tmp/out | grep -q '3 of 6 rows ok  *missed'"

grep -v '^rdma_rxe,' "$tmp/good.csv" > "$tmp/nostock.csv"
goals "$tmp/nostock.csv"
check "without stock its goals are counted, not listed" "! grep -q 'x stock' $tmp/out && grep -q '^goals: 28 met, 0 missed, 0 undecided, 48 without' $tmp/out && [ $rc -eq 0 ]"

sed '/^eun-eunomia+mprdma,mp-lossy,/s/,15,0,1,5,/,15,0,1,6,/' "$tmp/good.csv" > "$tmp/mplossy.csv"
goals "$tmp/mplossy.csv"
check "mprdma resending more than 0.3x rr on the lossy path misses" "grep -F 'mp-lossy: mprdma resends' $tmp/out | grep -q '21 against 60  *missed'"

sed '/^eun-eunomia+mprdma,mp-skew,/s/,15,0,0,0,0,0,\(.*\),15,/,15,0,0,0,0,0,\1,63,/' "$tmp/good.csv" > "$tmp/mpskew.csv"
goals "$tmp/mpskew.csv"
check "an mprdma p99 not below rr misses" \
	"grep -F 'mprdma ooo degree p99' $tmp/out | grep -q '63 against 63 = 1.00x \\[1.00, 1.00\\] (n=3, 3)  *missed'"
check "an mprdma p99 a quarter of rr's is met" \
	"grep -F 'mprdma ooo degree p99' $tmp/out.good | grep -q '15 against 63 = 0.24x \\[0.24, 0.24\\] (n=3, 3)  *met'"
MPRDMA_P99_REP1=70 good > "$tmp/mpskew2.csv"
goals "$tmp/mpskew2.csv"
check "an mprdma p99 below rr's by its median but not in one row of three: undecided" \
	"grep -F 'mprdma ooo degree p99' $tmp/out | grep -q '15 against 63 = 0.24x \\[0.24, 1.11\\] (n=3, 3)  *undecided'"

sed '/^eun-eunomia+mprdma,mp-equal,,flows/s/,45000,\(0,0,0,0,0,0,,,,,,,0,,\)$/,45001,\1/' "$tmp/good.csv" > "$tmp/fct.csv"
goals "$tmp/fct.csv"
check "a flow p99 above half of ECMP misses" "grep -F 'mprdma p99 FCT' $tmp/out | grep -q '45.0 / 90.0 ms = 0.50x \[0.50, 0.50\] (n=3/3)  *missed'"
check "flow means compared" "grep -F 'eunomia+rr mean FCT' $tmp/out | grep -q '4.0 / 9.0 ms = 0.44x \[0.44, 0.44\] (n=3/3)  *met'"

check "the recovery from a path down is judged by its median" "grep -F 'mp-down: eunomia+rr goodput back' $tmp/out | grep -q 'median 400 ms over 3 rows ( 300 400 500 )  *met'"
sed '/^eun-eunomia+mprdma,mp-down,/s/,300,,,,,,0,,$/,1200,,,,,,0,,/' "$tmp/good.csv" > "$tmp/recover.csv"
goals "$tmp/recover.csv"
check "a recovery slower than 1 s misses" "grep -F 'mp-down: eunomia+mprdma goodput back' $tmp/out | grep -q 'median 1200 ms over 3 rows.*missed'"
sed '0,/^eun-eunomia+rr,mp-down,.*,300,,,,,,0,,$/s/,300,,,,,,0,,$/,none,,,,,,0,,/' "$tmp/good.csv" > "$tmp/never.csv"
goals "$tmp/never.csv"
check "a row whose goodput never came back misses" "grep -F 'mp-down: eunomia+rr goodput back' $tmp/out | grep -q '1 of 3 rows never back  *missed'"

check "mprdma against stock on the lossy link" "grep -F 'mp-lossy: mprdma >= 2x stock' $tmp/out | grep -q '2.50 / 0.50 MB/s (stock on the lossy link) = 5.00x.*met'"
sed '/^rdma_rxe,mp-lossy,/s|,0/0/3/400,|,0/400/3/0,|' "$tmp/good.csv" > "$tmp/stockclean.csv"
goals "$tmp/stockclean.csv"
check "stock never on the lossy link: undecided" "grep -F 'mp-lossy: mprdma >= 2x stock' $tmp/out | grep -q 'stock on the lossy link in none of its 3 rows  *undecided'"
sed '/^rdma_rxe,mp-lossy,[^,]*,write,65536,20,[23],/{s|,0/0/3/400,|,0/400/3/0,|; s|,ok,1.0,0.5,|,ok,1.0,0.9,|}' \
	"$tmp/good.csv" > "$tmp/stockmixed.csv"
goals "$tmp/stockmixed.csv"
check "only stock's rows on the lossy link count" "grep -F 'mp-lossy: mprdma >= 2x stock' $tmp/out | grep -q '2.50 / 0.50 MB/s (stock on the lossy link) = 5.00x (n=3/3, 1/3, no interval)'"
check "stock's rows on clean links were set faster" "grep -c '^rdma_rxe,mp-lossy,.*,ok,1.0,0.9,' $tmp/stockmixed.csv | grep -qx 2"
sed '/^eun-eunomia+rr,mp-equal,,write/s/,15,0,0,0,/,15,0,0,1,/' "$tmp/good.csv" > "$tmp/mpequal.csv"
goals "$tmp/mpequal.csv"
check "a resend on equal paths misses" "[ \"\$(plain 'mp-equal: eunomia+rr resends')\" = missed ]"
sed '/^eun-eunomia+rr,mp-equal,,flows/s/,15,0,0,0,/,15,0,0,4,/' "$tmp/good.csv" > "$tmp/flowresend.csv"
goals "$tmp/flowresend.csv"
check "the flow rows' resends were set" "! cmp -s $tmp/good.csv $tmp/flowresend.csv"
check "the flow workload's resends are not the one QP's WRITE" "[ \"\$(plain 'mp-equal: eunomia+rr resends')\" = met ]"
sed '/^eun-eunomia+rr,mp-equal,,write/d' "$tmp/good.csv" > "$tmp/nowrite.csv"
goals "$tmp/nowrite.csv"
check "no WRITE on equal paths, no resend verdict" "! grep -qF 'mp-equal: eunomia+rr resends' $tmp/out"

{ cat "$tmp/good.csv"; row eun-eunomia reorder cas ok 0.01 400 3 15 9 9 9 | sed 's/,cas,65536,/,cas,8,/'; } > "$tmp/atomic.csv"
goals "$tmp/atomic.csv"
check "READ and atomic rows count for none of the WRITE and SEND goals" \
	"[ \"\$(plain 'reorder: go-back-N')\" = met ] && grep -F 'selective resends' $tmp/out | grep -q '12 of 6000 = 0.200%'"

# The READ matrix (make bench-read). rrow COLUMN PROFILE OP SIZE STATUS
# GOODPUT MESSAGES GBN RTO: one row, 1 s on eun-verify's clock (an
# atomic's operations per second are its messages), RTO re-requests by
# the retransmit timer; loss1's rows lose packets, and so do those
# given a recovery time RECOVER (a link went dark).
rrow()
{
	local -A r
	local f netem=

	[ "$2" = loss1 ] && netem='loss 1%'
	for f in "${BENCH_MATRIX_FIELDS[@]}"; do
		r[$f]=0
	done
	r+=([column]=$1 [profile]=$2 [netem]=$netem [op]=$3 [size]=$4 [rep]=${REP:-1}
	    [status]=$5 [elapsed_s]=1.0 [goodput_MBps]=$6 [messages]=$7
	    [gbn_retry]=$8 [read_rerequest_timeout]=$9 [read_rerequest]=${10:-0}
	    [link_pkts]='' [ooo_p99]='' [recover_ms]=${RECOVER-}
	    [lat_mean_us]='' [lat_p50_us]='' [lat_p99_us]='')
	[ "$5" = ok ] || r[elapsed_s]=''
	csv_row BENCH_MATRIX_FIELDS r
}

# A READ run that meets every goal of READ and atomics, 3 repetitions.
good_read()
{
	echo "$BENCH_MATRIX_HEADER"
	for REP in 1 2 3; do
		good_read_rep
	done
}
good_read_rep()
{
	local c p

	rrow rdma_rxe delay1ms read 65536 ok 6.0 90 0 0
	rrow rdma_rxe reorder read 65536 ok 1.0 15 0 0
	rrow rdma_rxe loss1 read 65536 ok 1.0 15 0 0
	rrow rdma_rxe delay1ms cas 8 ok 0.003 400 0 0
	rrow rdma_rxe reorder cas 8 ok 0.001 100 0 0
	rrow rdma_rxe delay1ms faa 8 ok 0.003 400 0 0
	rrow rdma_rxe reorder faa 8 ok 0.001 120 0 0
	for c in eun-static eun-eunomia; do
		rrow $c delay1ms read 65536 ok 6.0 90 0 0
		rrow $c delay1ms read 4096 ok 2.0 500 0 0
		rrow $c reorder read 65536 ok 5.8 88 0 0
		rrow $c reorder-req read 65536 ok 6.0 90 0 0
		rrow $c reorder-resp read 65536 ok 5.7 87 0 0
		rrow $c loss1 read 65536 ok 4.0 60 0 0 20
		for p in delay1ms reorder reorder-req reorder-resp; do
			rrow $c $p cas 8 ok 0.002 300 0 0
			rrow $c $p faa 8 ok 0.002 290 0 0
		done
		# A lost atomic is resent by go-back-N: not counted.
		rrow $c loss1 cas 8 ok 0.002 250 4 0
		rrow $c loss1 faa 8 ok 0.002 250 3 0
	done
}
rgoal() { grep -F "$1 ($2)" "$tmp/out"; }
good_read > "$tmp/read.csv"
goals "$tmp/read.csv"
check "READ run: every goal of READ and atomics met, exit 0" \
	"[ $rc -eq 0 ] && grep -q '^goals: 15 met, 0 missed, 0 undecided, 61 without figures in this run (ratios at 65536 B, atomics in op/s; bootstrap 90% intervals of 2000 resamples, seed 1)' $tmp/out"
check "READ ratios in MB/s at the largest size" \
	"rgoal 'reorder: eunomia >= 0.9x its delay1ms' read | grep -q '5.80 / 6.00 MB/s = 0.97x \[0.97, 0.97\] (n=3/3)  *met' &&
	 rgoal 'loss1: eunomia >= 3x stock' read | grep -q '4.00 / 1.00 MB/s = 4.00x \[4.00, 4.00\] (n=3/3)  *met'"
check "atomic ratios in operations per second" \
	"rgoal 'reorder: eunomia >= 2x stock' cas | grep -q '300 / 100 op/s = 3.00x \[3.00, 3.00\] (n=3/3)  *met' &&
	 rgoal 'reorder: eunomia >= 2x stock' faa | grep -q '290 / 120 op/s = 2.42x \[2.42, 2.42\] (n=3/3)  *met'"
check "counts over every READ row, atomics without loss" \
	"grep -F 'READ: eunomia go-back-N events 0' $tmp/out | grep -q '0 in 18 rows  *met' &&
	 grep -F 'atomics without loss: static go-back-N events 0' $tmp/out | grep -q '0 in 24 rows  *met'"
check "READ: no WRITE or SEND goal listed" "! grep -q '(write)\|(send)\|mp-' $tmp/out"

sed '/^eun-eunomia,reorder,,read,65536,/s/,ok,1.0,5.8,/,ok,1.0,5.3,/' "$tmp/read.csv" > "$tmp/r-slow.csv"
goals "$tmp/r-slow.csv"
check "READ at 0.88x of its delay1ms misses" \
	"rgoal 'reorder: eunomia >= 0.9x its delay1ms' read | grep -q '5.30 / 6.00 MB/s = 0.88x \[0.88, 0.88\] (n=3/3)  *missed' && [ $rc -eq 1 ]"
sed '/^eun-eunomia,loss1,loss 1%,read,65536,/s/,ok,1.0,4.0,/,ok,1.0,2.9,/' "$tmp/read.csv" > "$tmp/r-loss.csv"
goals "$tmp/r-loss.csv"
check "READ under loss1 below 3x stock misses" "rgoal 'loss1: eunomia >= 3x stock' read | grep -q '= 2.90x \[2.90, 2.90\] (n=3/3)  *missed'"
sed '/^rdma_rxe,reorder,,cas,/s/,100,/,160,/' "$tmp/read.csv" > "$tmp/r-cas.csv"
goals "$tmp/r-cas.csv"
check "CAS below 2x stock misses, FAA still met" \
	"rgoal 'reorder: eunomia >= 2x stock' cas | grep -q '300 / 160 op/s = 1.88x \[1.88, 1.88\] (n=3/3)  *missed' &&
	 rgoal 'reorder: eunomia >= 2x stock' faa | grep -q ' met\$'"
sed '/^eun-eunomia,reorder,,faa,/s/,290,\([0-9]\),ok,1.0,/,290,\1,timeout,,/' "$tmp/read.csv" > "$tmp/r-cut.csv"
goals "$tmp/r-cut.csv"
check "atomics that never finished miss" "rgoal 'reorder: eunomia >= 0.9x its delay1ms' faa | grep -q 'none finished  *missed'"
rrow eun-static reorder read 4096 ok 1.0 200 0 2 2 | cat "$tmp/read.csv" - > "$tmp/r-rto.csv"
goals "$tmp/r-rto.csv"
check "a re-request by the timer without loss misses, whatever the size" \
	"grep -F 'READ without loss: static re-requests by the timer 0' $tmp/out | grep -q '2 in 16 rows  *missed' &&
	 grep -F 'READ without loss: eunomia re-requests by the timer 0' $tmp/out | grep -q '0 in 15 rows  *met\$'"
RECOVER=300 rrow eun-eunomia mp-down read 65536 ok 1.0 200 0 4 | cat "$tmp/read.csv" - > "$tmp/r-down.csv"
goals "$tmp/r-down.csv"
check "a re-request by the timer where a link went dark is not without loss" \
	"grep -F 'READ without loss: eunomia re-requests by the timer 0' $tmp/out | grep -q '0 in 15 rows  *met\$'"
check "under loss 1%, all re-requests went before the timer" \
	"grep -F 'loss1: READ eunomia >= 90% of re-requests before the timer' $tmp/out |
	 grep -q '60 of 60 = 100.0%  *met\$'"
rrow eun-static loss1 read 4096 ok 1.0 200 0 8 10 | cat "$tmp/read.csv" - > "$tmp/r-lrto.csv"
goals "$tmp/r-lrto.csv"
check "under loss 1%, 8 of 70 re-requests by the timer miss; none without loss still met" \
	"grep -F 'loss1: READ static >= 90% of re-requests before the timer' $tmp/out |
	 grep -q '62 of 70 = 88.6%  *missed\$' &&
	 grep -F 'READ without loss: static re-requests by the timer 0' $tmp/out | grep -q '0 in 15 rows  *met\$'"
rrow eun-eunomia reorder-req cas 8 ok 0.002 300 1 0 | cat "$tmp/read.csv" - > "$tmp/r-gbn.csv"
goals "$tmp/r-gbn.csv"
check "a go-back-N rewind of an atomic without loss misses" \
	"grep -F 'atomics without loss: eunomia go-back-N' $tmp/out | grep -q '1 in 25 rows  *missed'"
rrow eun-eunomia reorder-resp read 65536 ok 5.7 87 2 0 | cat "$tmp/read.csv" - > "$tmp/r-rgbn.csv"
goals "$tmp/r-rgbn.csv"
check "a go-back-N rewind of a READ misses" \
	"grep -F 'READ: eunomia go-back-N events 0' $tmp/out | grep -q '2 in 19 rows  *missed'"
{ cat "$tmp/read.csv"; rrow eun-eunomia reorder ib_read_bw 65536 ok 1.0 15 3 2
  rrow eun-eunomia reorder ib_atomic_bw 8 ok 0.001 100 3 0; } > "$tmp/r-perf.csv"
goals "$tmp/r-perf.csv"
check "perftest's rows without their bases: no goal listed, none counted" \
	"[ $rc -eq 0 ] && grep -q '^goals: 15 met, 0 missed, 0 undecided' $tmp/out && ! grep -q ib_ $tmp/out"
# perftest's rows in every column: its ratios judged as eun-verify's, by
# its own figures (an ib_atomic_bw's in operations per second), and in
# none of the counts (the rows say go-back-N 3, timer 2).
{ cat "$tmp/read.csv"
  for REP in 1 2 3; do
	rrow rdma_rxe delay1ms ib_read_bw 65536 ok 8.0 120 0 0
	rrow rdma_rxe reorder ib_read_bw 65536 ok 1.0 15 0 0
	rrow rdma_rxe loss1 ib_read_bw 65536 ok 2.0 30 0 0
	rrow rdma_rxe delay1ms ib_atomic_bw 8 ok 0.03 3600 0 0
	rrow rdma_rxe reorder ib_atomic_bw 8 ok 0.005 700 0 0
	rrow eun-eunomia delay1ms ib_read_bw 65536 ok 8.0 120 3 2
	rrow eun-eunomia reorder ib_read_bw 65536 ok 7.6 114 3 2
	rrow eun-eunomia loss1 ib_read_bw 65536 ok 6.2 93 3 2
	rrow eun-eunomia delay1ms ib_atomic_bw 8 ok 0.03 3600 3 2
	rrow eun-eunomia reorder ib_atomic_bw 8 ok 0.03 3500 3 2
  done; } > "$tmp/r-perfall.csv"
goals "$tmp/r-perfall.csv"
check "perftest's READ and atomic ratios judged, its rows in no count" \
	"[ $rc -eq 0 ] && grep -q '^goals: 20 met, 0 missed, 0 undecided' $tmp/out &&
	 rgoal 'reorder: eunomia >= 0.9x its delay1ms' ib_read_bw | grep -q '7.60 / 8.00 MB/s = 0.95x \[0.95, 0.95\] (n=3/3)  *met' &&
	 rgoal 'reorder: eunomia >= 2.5x stock' ib_read_bw | grep -q '= 7.60x .* met' &&
	 rgoal 'loss1: eunomia >= 3x stock' ib_read_bw | grep -q '6.20 / 2.00 MB/s = 3.10x .* met' &&
	 rgoal 'reorder: eunomia >= 0.9x its delay1ms' ib_atomic_bw | grep -q '3500 / 3600 op/s = 0.97x .* met' &&
	 rgoal 'reorder: eunomia >= 2x stock' ib_atomic_bw | grep -q '3500 / 700 op/s = 5.00x .* met' &&
	 grep -F 'READ: eunomia go-back-N events 0' $tmp/out | grep -q '0 in 18 rows  *met'"
sed '/^eun-eunomia,loss1,loss 1%,ib_read_bw,65536,/s/,ok,1.0,6.2,/,ok,1.0,5.8,/' "$tmp/r-perfall.csv" > "$tmp/r-perfloss.csv"
goals "$tmp/r-perfloss.csv"
check "perftest's READ under loss1 below 3x stock misses, eun-verify's still met" \
	"[ $rc -eq 1 ] && rgoal 'loss1: eunomia >= 3x stock' ib_read_bw | grep -q '= 2.90x \[2.90, 2.90\] (n=3/3)  *missed' &&
	 rgoal 'loss1: eunomia >= 3x stock' read | grep -q ' met\$'"
grep -v '^eun-static,' "$tmp/read.csv" > "$tmp/r-nostatic.csv"
goals "$tmp/r-nostatic.csv"
check "without static its counts are counted, not listed" \
	"! grep -q 'static' $tmp/out && grep -q '^goals: 11 met, 0 missed, 0 undecided, 65 without' $tmp/out"

# The intervals. spread CSV COLUMN PROFILE OP G1 G2 G3: the goodput of
# repetitions 1..3 of one transfer; a G of "timeout" makes it one.
spread()
{
	csv_awk -v c="$2" -v p="$3" -v o="$4" -v g="$5 $6 $7" '
		BEGIN { OFS = ","; split(g, G, " ") }
		FNR == 1 { csv_open(); print; next }
		fld("column") == c && fld("profile") == p && fld("op") == o {
			x = G[fld("rep")]
			if (x == "timeout") {
				$(COL["status"]) = "timeout"; $(COL["goodput_MBps"]) = ""
				$(COL["elapsed_s"]) = ""
			} else {
				$(COL["goodput_MBps"]) = x
			}
		}
		{ print }
		END { if (CSV_BAD) exit 2 }' "$1"
}
# none: eunomia >= 0.95x stock (write), stock at 8.0 in every repetition:
# an interval of 3 has the smallest and the largest figure at its ends.
none_w() { grep -F 'none: eunomia >= 0.95x stock (write)' "$tmp/out"; }
spread "$tmp/good.csv" eun-eunomia none write 7.6 8.0 8.4 > "$tmp/i.csv"
goals "$tmp/i.csv"
check "an interval that just clears the target: met" \
	"none_w | grep -q '8.00 / 8.00 MB/s = 1.00x \[0.95, 1.05\] (n=3/3)  *met\$'"
spread "$tmp/good.csv" eun-eunomia none write 7.5 8.0 8.4 > "$tmp/i.csv"
goals "$tmp/i.csv"
check "an interval across the target: undecided, exit 0" \
	"none_w | grep -q '= 1.00x \[0.94, 1.05\] (n=3/3)  *undecided\$' && [ $rc -eq 0 ] &&
	 grep -q '^goals: 40 met, 0 missed, 1 undecided, 35 without' $tmp/out"
spread "$tmp/good.csv" eun-eunomia none write 7.0 7.2 7.6 > "$tmp/i.csv"
goals "$tmp/i.csv"
check "an interval whose top touches the target: undecided" \
	"none_w | grep -q '= 0.90x \[0.88, 0.95\] (n=3/3)  *undecided\$'"
spread "$tmp/good.csv" eun-eunomia none write 7.0 7.2 7.5 > "$tmp/i.csv"
goals "$tmp/i.csv"
check "an interval wholly short of the target: missed, exit 1" \
	"none_w | grep -q '= 0.90x \[0.88, 0.94\] (n=3/3)  *missed\$' && [ $rc -eq 1 ]"
cp "$tmp/out" "$tmp/out1"
goals "$tmp/i.csv"
check "the same rows give the same intervals" "cmp -s $tmp/out $tmp/out1"
spread "$tmp/good.csv" eun-eunomia none write 7.0 timeout 7.2 > "$tmp/i.csv"
goals "$tmp/i.csv"
check "a failed repetition: counted, the rest judged from afar (2 finished)" \
	"none_w | grep -q '7.10 / 8.00 MB/s = 0.89x \[0.88, 0.90\] (n=2/3, 3/3)  *undecided\$'"
spread "$tmp/good.csv" eun-eunomia none write timeout 7.9 timeout > "$tmp/i.csv"
goals "$tmp/i.csv"
check "one finished: no interval, undecided near the target" \
	"none_w | grep -q '= 0.99x (n=1/3, 3/3, no interval)  *undecided\$'"
spread "$tmp/good.csv" eun-eunomia none write timeout 0.47 timeout > "$tmp/i.csv"
goals "$tmp/i.csv"
check "one finished, short of the target by more than half: missed" \
	"none_w | grep -q '= 0.06x (n=1/3, 3/3, no interval)  *missed\$'"
spread "$tmp/good.csv" eun-eunomia reorder write 1.0 timeout timeout > "$tmp/i.csv"
goals "$tmp/i.csv"
check "one finished, twice the target: met" \
	"grep -F 'reorder: eunomia >= 10x stock (write)' $tmp/out | grep -q '= 20.00x (n=1/3, 3/3, no interval)  *met\$'"
spread "$tmp/good.csv" eun-eunomia reorder write 0.95 timeout timeout > "$tmp/i.csv"
goals "$tmp/i.csv"
check "one finished, above the target but not twice it: undecided" \
	"grep -F 'reorder: eunomia >= 10x stock (write)' $tmp/out | grep -q '= 19.00x (n=1/3, 3/3, no interval)  *undecided\$'"
spread "$tmp/good.csv" eun-eunomia none write 7.5 8.0 8.4 > "$tmp/i.csv"
PATH=/usr/bin:/bin "$here/summarize.sh" "$tmp/i.csv" "$tmp" "$tmp/r.rst" > /dev/null 2>&1
check "goals.csv: the undecided goal with its interval and sides" \
	"head -n 1 $tmp/goals.csv | grep -q '^goal,op,verdict,ratio,lo,hi,target,bound,a_column,a_profile,a_finished,a_runs,b_column,b_profile,b_finished,b_runs\$' &&
	 grep -q '^none: eunomia >= 0.95x stock (write),write,undecided,1.0000,0.9375,1.0500,0.95,at-least,eun-eunomia,none,3,3,rdma_rxe,none,3,3\$' $tmp/goals.csv"
check "goals.csv: a goal with a comma in its name keeps its fields" \
	"grep -q '^static: every transfer completes; every byte checked,,met,' $tmp/goals.csv"
check "goals.csv: one row per goal listed" \
	"[ \$((\$(wc -l < $tmp/goals.csv) - 1)) -eq \$(grep -c ' \(met\|missed\|undecided\)\$' $tmp/goals.txt) ]"
# The kernel time per packet of the rows: REP * 100 for eunomia, 50 +
# REP for stock, on the undecided transfer (none, WRITE) and a met one
# (none, SEND).
csv_awk '
	BEGIN { OFS = "," }
	FNR == 1 { csv_open(); print; next }
	fld("profile") == "none" && (fld("op") == "write" || fld("op") == "send") &&
	fld("column") ~ /^(eun-eunomia|rdma_rxe)$/ {
		$(COL["kcpu_us_per_pkt"]) = fld("column") == "rdma_rxe" ? 50 + fld("rep") : 100 * fld("rep")
	}
	{ print }' "$tmp/i.csv" > "$tmp/k.csv"
goals "$tmp/k.csv"
check "under an undecided ratio, the range of each side's kernel time per packet" \
	"grep -A 1 -F 'none: eunomia >= 0.95x stock (write)' $tmp/out | tail -n 1 |
	 grep -q '^    kernel us per packet over its rows: 100-300 / 51-53\$'"
check "none under a met one, nor without the figure" \
	"[ \$(grep -c 'kernel us per packet' $tmp/out) -eq 1 ] &&
	 ! grep -A 1 -F 'none: eunomia >= 0.95x stock (send)' $tmp/out | grep -q 'kernel us'"
BENCH_BOOT_SEED=0 PATH=/usr/bin:/bin "$here/goals.sh" "$tmp/i.csv" "$tmp/bench-summary.csv" > "$tmp/out" 2>&1
check "a seed that is not 1..999999999: exit 2, says so" "[ $? -eq 2 ] && grep -q 'BENCH_BOOT_SEED' $tmp/out"

PATH=/usr/bin:/bin "$here/goals.sh" "$tmp/nope.csv" "$tmp/bench-summary.csv" > /dev/null 2>&1
check "a missing file: exit 2" "[ $? -eq 2 ]"
PATH=/usr/bin:/bin "$here/goals.sh" "$tmp/good.csv" "$tmp/bench-summary.csv" 64k > "$tmp/out" 2>&1
check "a size that is not a number: exit 2 and says so" "[ $? -eq 2 ] && grep -q 'not a number' $tmp/out"

tap_end goals
