#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Host-side checks of tools/bench/summarize.sh on a made-up bench.csv:
# medians over the finished repetitions, rows with no figure, the table it
# writes into an rst file between the markers (and nothing else there);
# then on a made-up READ run: READ and atomic rows, operations per second,
# the requester's READ counters summed, the atomics' own table.
set -uo pipefail

# The scripts under test.
here=$(cd "$(dirname "$0")/../../bench" && pwd)
# shellcheck source=tools/bench/lib.sh
source "$here/lib.sh"
# shellcheck source=tools/testing/tap.sh
source "$(dirname "$0")/../tap.sh"
tap_scratch
tap_start

# row COLUMN PROFILE REP STATUS GOODPUT EMEM
row()
{
	local -A r
	local f

	for f in "${BENCH_MATRIX_FIELDS[@]}"; do
		r[$f]=0
	done
	r+=([column]=$1 [profile]=$2 [netem]= [op]=write [size]=65536
	    [messages]=100 [rep]=$3 [status]=$4 [elapsed_s]=${5:+1.0}
	    [goodput_MBps]=$5 [bytes]=6553600 [server_checked_bytes]=6553600
	    [data_pkts]=6400 [needed_pkts]=6400 [pkts_per_needed]=1.000
	    [ack_pkts]=100 [acks_per_data]=0.016 [emem_peak_blocks]=$6)
	csv_row BENCH_MATRIX_FIELDS r
}
{
	echo "$BENCH_MATRIX_HEADER"
	row rdma_rxe none 1 ok 1.0 ""
	row rdma_rxe none 2 ok 7.0 ""
	row rdma_rxe none 3 ok 2.0 ""
	row rdma_rxe reorder 1 ok 1.0 ""
	row rdma_rxe reorder 2 timeout "" ""
	row rdma_rxe reorder 3 ok 2.0 ""
	row eun-gbn none 1 ok 4.0 0
	row eun-gbn none 2 ok 6.0 12
	row eun-gbn reorder 1 timeout "" 3
	row eun-gbn reorder 2 fail "" 5
	row eun-static none 1 unavailable "" ""
} > "$tmp/bench.csv"
printf 'Title\n=====\n\nbefore\n\n.. bench table begin\n\nold\n\n.. bench table end\n\nafter\n' > "$tmp/r.rst"

PATH=/usr/bin:/bin "$here/summarize.sh" "$tmp/bench.csv" "$tmp" "$tmp/r.rst" > "$tmp/out" 2>&1
check "summarize exits 0" "[ $? -eq 0 ]"
s=$tmp/bench-summary.csv
field()
{
	csv_awk -v c="$1" -v p="$2" -v f="$3" 'FNR == 1 { csv_open(); next }
		fld("column") == c && fld("profile") == p { print fld(f) }' "$s"
}
check "median of 1, 7, 2 is 2" "[ \"$(field rdma_rxe none goodput_MBps)\" = 2.0 ]"
check "median of the two finished of three is their mean" "[ \"$(field rdma_rxe reorder goodput_MBps)\" = 1.5 ]"
check "finished counts 2 of 3" "[ \"$(field rdma_rxe reorder runs)/$(field rdma_rxe reorder finished)\" = 3/2 ]"
check "the unfinished repetition is named" "[ \"$(field rdma_rxe reorder not_finished)\" = timeout ]"
check "memory peak is the largest" "[ \"$(field eun-gbn none emem_peak_blocks)\" = 12 ]"
check "no figure when none finished" "[ -z \"$(field eun-gbn reorder goodput_MBps)\" ] && [ \"$(field eun-gbn reorder not_finished)\" = timeout/fail ]"
check "table: median with k/n" "grep -q '^reorder write  *1.50 (2/3)  *timeout/fail' $tmp/r.rst"
check "table: unavailable column" "grep -q '^none write  *2.00  *5.00  *unavailable\$' $tmp/r.rst"
check "table: the goals as a literal block" "grep -q '^    static: every transfer completes.*0 of 1 rows ok  *missed\$' $tmp/r.rst && grep -q '^    goals: 0 met, 1 missed' $tmp/r.rst"
check "goals.txt beside the summary" "grep -q '^goals: 0 met, 1 missed' $tmp/goals.txt"
check "text outside the markers kept" "grep -q '^before\$' $tmp/r.rst && grep -q '^after\$' $tmp/r.rst && ! grep -q '^old\$' $tmp/r.rst"
old_fields=column,profile,netem,op,size,runs,finished,not_finished,goodput_MBps,elapsed_s,pkts_per_needed,acks_per_data,rcvd_seq_err,completer_retry_err,gbn_retry,out_of_seq_request,emem_peak_blocks,data_pkts,retx_timeout,retx_nack,retx_reorder,retx_spurious,rx_ooo,link_pkts,ooo_p99,lat_mean_us,lat_p50_us,lat_p99_us,msgs_per_s,read_ooo,read_rerequest,read_rerequest_spurious,read_rerequest_timeout,read_duplicate,read_ahead
check "the intervals appended after the fields older readers know" \
	"[ \"\$(head -n 1 $s)\" = '$old_fields,goodput_lo,goodput_hi,msgs_per_s_lo,msgs_per_s_hi,stock_ratio,stock_ratio_lo,stock_ratio_hi,cpu_client_ms_per_MB,cpu_server_ms_per_MB,cpu_client_spread_pct,cpu_server_spread_pct,kcpu_client_ms_per_MB,kcpu_server_ms_per_MB,kcpu_us_per_pkt,kcpu_spread_pct,kcpu_stock_ratio,kcpu_stock_ratio_lo,kcpu_stock_ratio_hi,rx_irqs_per_data,tx_irqs_per_data' ]"
check "interval of the median of 1, 7, 2: from 1 to 7" \
	"[ \"$(field rdma_rxe none goodput_lo)/$(field rdma_rxe none goodput_hi)\" = 1/7 ]"
check "ratio to stock: 5.0 / 2.0, resampled 4 to 6 over 1 to 7" \
	"[ \"$(field eun-gbn none stock_ratio)\" = 2.5000 ] && [ \"$(field eun-gbn none stock_ratio_lo)/$(field eun-gbn none stock_ratio_hi)\" = 0.5714/6.0000 ]"
check "no ratio for stock itself, none where a side finished none" \
	"[ -z \"$(field rdma_rxe none stock_ratio)\" ] && [ -z \"$(field eun-gbn reorder stock_ratio)\" ]"
check "table: ratios to stock with intervals and repetitions" \
	"grep -q '^none write  *2.50x \[0.57, 6.00\] (n=2/2, 3/3)  *-\$' $tmp/r.rst &&
	 grep -q '^reorder write  *-  *-\$' $tmp/r.rst && grep -q 'seed 1' $tmp/r.rst"
cp "$tmp/r.rst" "$tmp/r1.rst"
PATH=/usr/bin:/bin "$here/summarize.sh" "$tmp/bench.csv" "$tmp" "$tmp/r.rst" > /dev/null 2>&1
check "a second run gives the same file" "cmp -s $tmp/r.rst $tmp/r1.rst"
check "no trailing blanks in the table" "! grep -q ' \$' $tmp/r.rst"

# xrow COLUMN PROFILE OP SIZE REP STATUS ELAPSED GOODPUT RO RQ RT RS RD:
# a row of 100 messages with the requester's READ counters; busy guest
# CPU per MB CPU (client) and CPU_S (server), default 0.
xrow()
{
	local -A r
	local f

	for f in "${BENCH_MATRIX_FIELDS[@]}"; do
		r[$f]=0
	done
	r+=([column]=$1 [profile]=$2 [netem]="client: delay 1ms; server: delay 1ms reorder 25% 50%"
	    [op]=$3 [size]=$4 [messages]=100 [rep]=$5 [status]=$6 [elapsed_s]=$7
	    [goodput_MBps]=$8 [pkts_per_needed]=1.010 [emem_peak_blocks]=9 [gbn_retry]=0
	    [link_pkts]=640 [ooo_p99]='' [lat_mean_us]='' [lat_p50_us]='' [lat_p99_us]=''
	    [read_ooo]=$9 [read_rerequest]=${10} [read_rerequest_timeout]=${11}
	    [read_rerequest_spurious]=${12} [read_duplicate]=${13} [read_ahead]=${14:-0}
	    [cpu_client_ms_per_MB]=${CPU:-0} [cpu_server_ms_per_MB]=${CPU_S:-0}
	    [kcpu_us_per_pkt]=${KCPU:-} [fence_wait]=0 [rx_irqs_per_data]=${IRQ:-}
	    [tx_irqs_per_data]=)
	# perftest's rows have no packets needed.
	[[ $3 != ib_* ]] || r[pkts_per_needed]=''
	csv_row BENCH_MATRIX_FIELDS r
}
{
	echo "$BENCH_MATRIX_HEADER"
	for c in rdma_rxe eun-eunomia; do
		xrow $c reorder-resp read 65536 1 ok 0.5 13.1 10 1 0 0 1 2
		xrow $c reorder-resp read 65536 2 ok 0.25 26.2 10 1 0 1 0 1
		xrow $c reorder-resp read 65536 3 timeout "" "" 5 5 5 5 5
		xrow $c reorder-resp read 4096 1 ok 1.0 0.4 1 0 0 0 0
		xrow $c reorder-resp cas 8 1 ok 0.5 0.002 0 0 0 0 0
		xrow $c reorder-resp cas 8 2 ok 0.25 0.003 0 0 0 0 0
		xrow $c reorder-resp cas 8 3 ok 1.0 0.001 0 0 0 0 0
		# perftest's rows: its figures, set-up too long in one.
		xrow $c reorder-resp ib_read_bw 65536 1 ok 60.0 12.5 4 0 0 0 0
		xrow $c reorder-resp ib_atomic_bw 8 1 ok 0.2 0.004 0 0 0 0 0
	done
	xrow eun-eunomia delay1ms ib_read_bw 65536 1 setup-long "" "" 0 0 0 0 0
} > "$tmp/read.csv"
printf '.. read table begin\n.. read table end\n' > "$tmp/read.rst"
mkdir -p "$tmp/read"
PATH=/usr/bin:/bin "$here/summarize.sh" "$tmp/read.csv" "$tmp/read" "$tmp/read.rst" "read table" > "$tmp/out" 2>&1
check "summarize exits 0 on READ and atomic rows" "[ $? -eq 0 ]"
s=$tmp/read/bench-summary.csv
# sfield COLUMN OP SIZE FIELD: one figure of the READ run's summary.
sfield()
{
	csv_awk -v c="$1" -v o="$2" -v z="$3" -v f="$4" 'FNR == 1 { csv_open(); next }
		fld("column") == c && fld("op") == o && fld("size") == z { print fld(f) }' "$s"
}
{
	echo "$BENCH_MATRIX_HEADER"
	CPU=10.5 CPU_S=4 xrow eun-static none write 65536 1 ok 1.0 6.5 0 0 0 0 0
	CPU=9.5 CPU_S=4 xrow eun-static none write 65536 2 ok 1.0 6.5 0 0 0 0 0
	CPU=10.0 CPU_S=4 xrow eun-static none write 65536 3 ok 1.0 6.5 0 0 0 0 0
	CPU=99 CPU_S=99 xrow eun-static none write 65536 4 timeout "" "" 0 0 0 0 0
	KCPU=20 xrow rdma_rxe none write 65536 1 ok 1.0 6.5 0 0 0 0 0
	KCPU=21 xrow rdma_rxe none write 65536 2 ok 1.0 6.5 0 0 0 0 0
	KCPU=19 xrow rdma_rxe none write 65536 3 ok 1.0 6.5 0 0 0 0 0
	KCPU=22 IRQ=0.250 xrow eun-eunomia none write 65536 1 ok 1.0 6.5 0 0 0 0 0
	KCPU=22 IRQ=0.125 xrow eun-eunomia none write 65536 2 ok 1.0 6.5 0 0 0 0 0
	KCPU=21 IRQ=0.200 xrow eun-eunomia none write 65536 3 ok 1.0 6.5 0 0 0 0 0
	KCPU=90 IRQ=0.900 xrow eun-eunomia none write 65536 4 fail "" "" 0 0 0 0 0
} > "$tmp/cpu.csv"
mkdir -p "$tmp/cpu"
PATH=/usr/bin:/bin "$here/summarize.sh" "$tmp/cpu.csv" "$tmp/cpu" "$tmp/r.rst" > /dev/null 2>&1
check "busy CPU per MB: medians of the finished rows, and their spread" \
	"csv_awk 'FNR == 1 { csv_open(); next } { print fld(\"cpu_client_ms_per_MB\"), fld(\"cpu_client_spread_pct\"), fld(\"cpu_server_ms_per_MB\"), fld(\"cpu_server_spread_pct\") }' $tmp/cpu/bench-summary.csv | grep -qx '10.0 10.0 4 0.0'"
kfield() { csv_awk -v c="$1" -v f="$2" 'FNR == 1 { csv_open(); next } fld("column") == c { print fld(f) }' "$tmp/cpu/bench-summary.csv"; }
check "kernel CPU per packet: median of the finished rows, spread, ratio to stock" \
	"[ \"$(kfield eun-eunomia kcpu_us_per_pkt)/$(kfield eun-eunomia kcpu_spread_pct)/$(kfield eun-eunomia kcpu_stock_ratio)\" = 22/4.5/1.1000 ]"
check "kernel CPU ratio: an interval from the repetitions, none for stock" \
	"[ \"$(kfield eun-eunomia kcpu_stock_ratio_lo)/$(kfield eun-eunomia kcpu_stock_ratio_hi)\" = 1.0000/1.1579 ] && [ -z \"$(kfield rdma_rxe kcpu_stock_ratio)\" ]"
check "receive interrupts per data packet: median of the finished rows, none without figures" \
	"[ \"$(kfield eun-eunomia rx_irqs_per_data)/$(kfield rdma_rxe rx_irqs_per_data)\" = 0.200/ ]"
cat > "$tmp/interrupts" <<'IRQ'
           CPU0       CPU1
 24:          0          0  PCI-MSIX-0000:00:02.0   0-edge      virtio0-config
 25:      36001          7  PCI-MSIX-0000:00:02.0   1-edge      virtio0-requests
 29:       3288         12  PCI-MSIX-0000:00:04.0   1-edge      virtio2-input.0
 30:       1002          0  PCI-MSIX-0000:00:04.0   2-edge      virtio2-output.0
 32:          4          0  PCI-MSIX-0000:00:05.0   1-edge      virtio3-input.0
 33:         13          1  PCI-MSIX-0000:00:05.0   2-edge      virtio3-output.0
LOC:      49039      50000   Local timer interrupts
IRQ
check "NIC interrupts: a queue's, every virtio NIC and CPU, nothing else" \
	"[ \"$(nic_irqs input "$tmp/interrupts")/$(nic_irqs output "$tmp/interrupts")\" = 3304/1016 ]"
check "operations per second: median of 200, 400 and 100" "[ \"$(sfield eun-eunomia cas 8 msgs_per_s)\" = 200.0 ]"
check "READ counters summed over the finished repetitions" \
	"[ \"$(sfield eun-eunomia read 65536 read_ooo)/$(sfield eun-eunomia read 65536 read_rerequest)/$(sfield eun-eunomia read 65536 read_rerequest_spurious)/$(sfield eun-eunomia read 65536 read_duplicate)/$(sfield eun-eunomia read 65536 read_rerequest_timeout)/$(sfield eun-eunomia read 65536 read_ahead)\" = 20/2/1/1/0/3 ]"
check "an atomic row keeps its size 8" "[ \"$(sfield rdma_rxe cas 8 runs)/$(sfield rdma_rxe cas 8 finished)\" = 3/3 ]"
check "table between the read markers" "grep -q '^\.\. read table begin\$' $tmp/read.rst && grep -q '^\.\. read table end\$' $tmp/read.rst"
check "goodput table: READ at the largest size, no atomics in MB/s" \
	"grep -q '^reorder-resp read  *19.65 (2/3)  *19.65 (2/3)\$' $tmp/read.rst && ! grep -q '^reorder-resp cas  *0\.' $tmp/read.rst"
check "costs: the requester's READ counters for eunomia, seq and rto for stock" \
	"grep -q '^reorder-resp read  *1.01 seq0 rto0  *1.01 ro20 rq2 rt0 rs1 rd1 ra3 g0 m9\$' $tmp/read.rst"
check "costs: an atomic row, its go-back-N rewinds" \
	"grep -q '^reorder-resp cas  *1.010 seq0 rto0  *1.010 seq0 rto0 g0\$' $tmp/read.rst"
check "atomics: operations per second, their own table" \
	"grep -q '^Atomic operations per second' $tmp/read.rst && grep -q '^reorder-resp cas  *200  *200\$' $tmp/read.rst"
check "the READ counters explained" "grep -q 'READ counters, summed: ..ro.. responses placed' $tmp/read.rst"
if command -v gnuplot > /dev/null; then
	check "a plot of the atomics" "[ -s $tmp/read/bench-atomics.png ] && [ -s $tmp/read/bench.png ]"
else
	skip "a plot of the atomics" "no gnuplot"
fi
check "perftest: READ in the goodput table, its costs as a READ's" \
	"grep -q '^reorder-resp ib_read_bw  *12.50  *12.50\$' $tmp/read.rst &&
	 grep -q '^reorder-resp ib_read_bw  *- seq0 rto0  *- ro4 rq0 rt0 rs0 rd0 ra0 g0 m9\$' $tmp/read.rst"
check "perftest: an atomic's operations per second" \
	"grep -q '^reorder-resp ib_atomic_bw  *500  *500\$' $tmp/read.rst && grep -q 'perftest.s message rate' $tmp/read.rst"
check "perftest: a set-up too long is a word, not a figure" \
	"grep -q '^delay1ms ib_read_bw  *-  *setup-long\$' $tmp/read.rst && grep -q 'says ..setup-long..' $tmp/read.rst"
check "no trailing blanks in the READ table" "! grep -q ' \$' $tmp/read.rst"

tap_end summarize
