#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Crash soak of the bed: for each qemu, CPU model and module, boot the
# two guests with tools/vm/soak-job.sh (rounds of RC SEND bandwidth,
# eun-verify of every verb with every byte checked, RC WRITE bandwidth,
# eun-verify again) until the guests have run MINUTES of wall time each;
# a boot whose guest kernel crashes is recorded and the remaining time is
# run on a new boot. rdma_rxe_eun runs over a link that reorders both
# ways (SOAK_NETEM on both guests), stock rdma_rxe over an unimpaired
# one: it does not survive reordering. Prints one row per qemu, CPU model
# and module and appends them to $RESULTS/soak.csv:
#
#   qemu,cpu,module,netem,boots,guest_hours,crashes,warns,reports_per_guest_hour,transfers,failed,mbps_median,ev_mbps_median
#
# crashes are crash reports (oops, panic; tools/vm/console-scan.sh judges
# every report on a console, and an oops with its panic is one), warns
# kernel reports the guest survived; the rate counts both. TCG's
# fault showed up as either: a #DB on single-step in kernel mode, after
# which the guest sometimes lived on and sometimes died. guest_hours
# counts both guests for the wall time of each boot (boot and set-up
# included). transfers counts the transfers that passed (perftest runs
# and eun-verify runs), failed the [FAIL] test points of both guests'
# logs (a failed transfer is one in each guest that saw it fail).
# mbps_median is the median goodput of the 64 KiB perftest transfers
# (ib_send_bw and ib_write_bw, 200 messages each), bytes / host-clock
# elapsed, connection set-up included, in MB/s; ev_mbps_median the
# median of eun-verify's own goodput (MB/s over its transfer, messages of
# 1 B to 64 KiB, every verb mixed, on SRQs in half the runs) over its
# passed runs. netem is the link's spec ("-" for none); qemu is the
# version the boots ran (qemu-system-x86_64 --version).
#
# With -k debug the guests boot the debug kernel (bed.sh's KERNEL=debug:
# KASAN, lockdep, kmemleak, two vCPUs; make soak-debug), each boot has 600 s
# more for its last round and kmemleak's scan, and the rows go to
# $RESULTS/soak-debug.csv with five more columns: kasan, lockdep and
# kmemleak count the console's reports of each checker (console-scan.sh's
# kinds; warns counts the other survived reports, WARNs), kmemleak_module
# the objects of both guests' kmemleak lists after their last round that
# rdma_rxe_eun allocated (soak-job.sh), own the reports of any kind whose
# lines name the module. reports_per_guest_hour counts every report.
#
# Usage: tools/vm/soak.sh [-m MINUTES] [-k KERNEL] [-q QEMU]... [-c CPU]... [-s KEY=VALUE]... [MODULE...]
#   -m MINUTES  wall minutes per qemu, CPU model and module (default 10)
#   -k KERNEL   the bed's KERNEL: distro (default, or EUN_KERNEL) or debug
#   -q QEMU     the bed's QEMU: 7.2 (Debian 12's) or 10 (bookworm-backports,
#               tools/deps.sh bed); default the bed's (EUN_QEMU or 10)
#   -c CPU      qemu -cpu value (default: the bed's default for each qemu,
#               see bed.sh); every -q runs every -c
#   -s KEY=VAL  another bed config key for every boot (e.g. TCG_THREAD=single);
#               it is part of the rows' cpu label
#   MODULE      rdma_rxe and/or rdma_rxe_eun (default both)
# Environment:
#   SOAK_NETEM  netem spec on both guests' link for rdma_rxe_eun (default
#               "delay 1ms reorder 25% 50%"); empty: unimpaired, as stock
#   RESULTS     where soak.csv and the run folders go (default results/)
#   SOAK_BED    what boots the bed (default tools/vm/bed.sh; the host
#               test, tools/testing/host/test-soak.sh, gives a fake one)
# Needs build/eun-verify (make tools).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tools/testing/csv.sh
source "$here/../testing/csv.sh"
repo=$(cd "$here/../.." && pwd)
results=${RESULTS:-$repo/results}
prog=soak.sh
bed=${SOAK_BED:-$here/bed.sh}

minutes=10
netem=${SOAK_NETEM-delay 1ms reorder 25% 50%}
qemus=()
cpus=()
extra=()
kernel=${EUN_KERNEL:-distro}
while getopts "m:k:q:c:s:h" o; do
	case $o in
	m) minutes=$OPTARG ;;
	k) kernel=$OPTARG ;;
	q) qemus+=("$OPTARG") ;;
	c) cpus+=("$OPTARG") ;;
	s) extra+=(-s "$OPTARG") ;;
	h) sed -n '3,60p' "$0"; exit 0 ;;
	*) echo "usage: $prog [-m MINUTES] [-k KERNEL] [-q QEMU]... [-c CPU]... [-s KEY=VALUE]... [MODULE...]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[[ $minutes =~ ^[0-9]+$ ]] && [ "$minutes" -ge 1 ] && [ "$minutes" -le 1440 ] ||
	{ echo "$prog: -m '$minutes' is not 1..1440 minutes" >&2; exit 2; }
modules=("$@")
[ ${#modules[@]} -gt 0 ] || modules=(rdma_rxe rdma_rxe_eun)
for m in "${modules[@]}"; do
	case "$m" in
	rdma_rxe|rdma_rxe_eun) ;;
	*) echo "$prog: unknown module '$m' (rdma_rxe or rdma_rxe_eun)" >&2; exit 2 ;;
	esac
done
case "$kernel" in
distro|debug) ;;
*) echo "$prog: -k '$kernel' is neither distro nor debug" >&2; exit 2 ;;
esac
# Not a -s word: the rows' cpu label stays the CPU model.
kset=(-s KERNEL="$kernel")
[ -z "$netem" ] ||
	"$here/bed.sh" -n -s MODULE=rdma_rxe_eun -s NETEM="$netem" "$here/configs/soak.conf" > /dev/null ||
	{ echo "$prog: bad SOAK_NETEM '$netem'" >&2; exit 2; }
[ ${#qemus[@]} -gt 0 ] ||
	qemus=("$("$here/bed.sh" -n "$here/configs/soak.conf" | sed -n 's/^# qemu: //p')")
for q in "${qemus[@]}"; do
	"$here/bed.sh" -n -s QEMU="$q" "$here/configs/soak.conf" > /dev/null ||
		{ echo "$prog: bad -q '$q'" >&2; exit 2; }
	# A fake bed (SOAK_BED, the host test's) runs no qemu.
	[ "$q" != 10 ] || [ -n "${SOAK_BED:-}" ] ||
		[ -x "$repo/build/qemu10/qemu-system-x86_64" ] ||
		{ echo "$prog: -q 10: no build/qemu10/qemu-system-x86_64 (tools/deps.sh bed)" >&2; exit 2; }
done

# cpus_of QEMU: the -c models, else the bed's own default for QEMU
# (bed.sh -n prints it).
cpus_of()
{
	if [ ${#cpus[@]} -gt 0 ]; then
		printf '%s\n' "${cpus[@]}"
	else
		"$here/bed.sh" -n -s QEMU="$1" "$here/configs/soak.conf" | sed -n 's/^# cpu: //p'
	fi
}
# After the arguments, so that a bad one is named first; a fake bed
# (SOAK_BED, the host test's) runs no eun-verify.
[ -n "${SOAK_BED:-}" ] || [ -x "$repo/build/eun-verify" ] ||
	{ echo "$prog: no build/eun-verify (make tools)" >&2; exit 2; }
for c in ${cpus[@]+"${cpus[@]}"}; do
	"$here/bed.sh" -n -s MODULE="${modules[0]}" -s CPU="$c" "${kset[@]}" ${extra[@]+"${extra[@]}"} \
		"$here/configs/soak.conf" > /dev/null ||
		{ echo "$prog: bad CPU '$c' or -s setting" >&2; exit 2; }
done

mkdir -p "$results"
top=$(mktemp -d "$results/soak-$(date +%Y%m%d-%H%M%S)-XXXX")
csv=$results/soak.csv
# shellcheck disable=SC2034 # read by name: csv_row, csv_header
fields=(qemu cpu module netem boots guest_hours crashes warns
	reports_per_guest_hour transfers failed mbps_median ev_mbps_median)
margin=300
if [ "$kernel" = debug ]; then
	csv=$results/soak-debug.csv
	fields+=(kasan lockdep kmemleak kmemleak_module own)
	margin=900
fi
# Rows of another header go on in a file of their own, never under this one.
if [ -s "$csv" ] && [ "$(head -n 1 "$csv")" != "$(csv_header fields)" ]; then
	old=$results/soak-$(date -r "$csv" +%Y%m%d-%H%M%S).csv
	mv "$csv" "$old"
	echo "$prog: $csv had another header; moved to $old"
fi
[ -s "$csv" ] || csv_header fields > "$csv"
csv_header fields > "$top/soak.csv"

# median of the numbers on stdin
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "-"; else printf "%.3f\n", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# soak_one QEMU CPU MODULE: boots until MINUTES of wall time are spent.
soak_one()
{
	local qemu=$1 cpu=$2 m=$3 label left=$((minutes * 60)) boots=0 crashes=0 warns=0 wall=0
	local kasan=0 lockdep=0 leak=0 kmod=0 own=0 k
	local dir run t0 el hours rate ok evok ev perf failed mbps evmbps net=() spec='' version=

	label=$cpu
	[ ${#extra[@]} -eq 0 ] || label="$cpu $(printf '%s ' "${extra[@]}" | sed 's/-s //g; s/ $//')"
	dir=$top/qemu$qemu-$(echo "$label" | sed 's/[^A-Za-z0-9.-]/_/g')-$m
	# The reordering link is rdma_rxe_eun's: stock rxe stalls on it.
	[ "$m" != rdma_rxe_eun ] || [ -z "$netem" ] || { spec=$netem; net=(-s NETEM="$netem"); }
	mkdir -p "$dir"
	while [ "$left" -ge 60 ]; do
		boots=$((boots + 1))
		run=$dir/boot$boots
		t0=$(date +%s)
		"$bed" -o "$run" -s QEMU="$qemu" -s MODULE="$m" -s CPU="$cpu" -s NAME="soak-$m" \
			-s DURATION="$left" -s TEST_TIMEOUT=$((left + margin)) \
			-s RUN_TIMEOUT=$((left + margin + 600)) "${kset[@]}" "${net[@]}" "${extra[@]}" \
			"$here/configs/soak.conf" > "$run.log" 2>&1 || true
		el=$(( $(date +%s) - t0 ))
		wall=$((wall + el))
		left=$((left - el))
		crashes=$((crashes + $(grep -c '^[ab] crash ' "$run/kernel.txt" 2>/dev/null || true)))
		warns=$((warns + $(grep -c '^[ab] warn ' "$run/kernel.txt" 2>/dev/null || true)))
		kasan=$((kasan + $(grep -c '^[ab] kasan ' "$run/kernel.txt" 2>/dev/null || true)))
		lockdep=$((lockdep + $(grep -c '^[ab] lockdep ' "$run/kernel.txt" 2>/dev/null || true)))
		leak=$((leak + $(grep -c '^[ab] leak ' "$run/kernel.txt" 2>/dev/null || true)))
		own=$((own + $(grep -c '^[ab] [a-z]* 1 ' "$run/kernel.txt" 2>/dev/null || true)))
		for k in "$run"/[ab]/soak-job/kmemleak-module; do
			[ -f "$k" ] && kmod=$((kmod + $(cat "$k")))
		done
		# The version bed.sh ran ("QEMU emulator version 10.0.2 (...)").
		[ -n "$version" ] || [ ! -s "$run/qemu.version" ] ||
			{ version=$(sed -n '1s/.*version \([^ ]*\).*/\1/p' "$run/qemu.version")
			  echo "$prog: qemu $qemu: $(head -n 1 "$run/qemu.version")"; }
		grep -E '^[ab] (crash|warn|kasan|lockdep|leak) ' "$run/kernel.txt" 2>/dev/null |
			sed "s|^|$prog: qemu $qemu $cpu $m boot $boots: guest |" || true
		echo "$prog: [$(date +%T)] qemu $qemu $cpu $m boot $boots: ${el}s, $(cat "$run/b/soak-job/rounds" 2>/dev/null || echo 0) rounds, $(tail -n 1 "$run/tap.txt" 2>/dev/null)"
		# A boot that failed at once (bad set-up) would loop: stop.
		[ "$el" -ge 60 ] || { echo "$prog: boot $boots ended after ${el}s: see $run.log" >&2; break; }
	done
	# The client's perftest rows (selftests/lib.sh, BED_PERF_FIELDS).
	perf=("$dir"/boot*/b/soak-job/perf.csv)
	[ -f "${perf[0]}" ] || perf=(/dev/null)
	ok=$(csv_awk 'FNR == 1 { csv_open(); next } { n++ } END { print n + 0 }' "${perf[@]}")
	# The client's eun-verify runs: "NAME RESULT QPS MESSAGES BYTES ..."
	ev=("$dir"/boot*/b/soak-job/ev.txt)
	[ -f "${ev[0]}" ] || ev=(/dev/null)
	evok=$(awk '$2 == "pass" { n++ } END { print n + 0 }' "${ev[@]}")
	ok=$((ok + evok))
	evmbps=$(awk '$2 == "pass" { print $9 }' "${ev[@]}" | median)
	failed=$(cat "$dir"/boot*/[ab]/soak-job/log 2>/dev/null | grep -c '\[FAIL\]' || true)
	mbps=$(csv_awk 'FNR == 1 { csv_open(); next }
		fld("size") == 65536 && fld("elapsed_s") > 0 { print fld("bytes") / fld("elapsed_s") / 1e6 }' \
		"${perf[@]}" | median)
	hours=$(awk -v w="$wall" 'BEGIN { printf "%.3f", 2 * w / 3600 }')
	rate=$(awk -v c=$((crashes + warns + kasan + lockdep + leak)) -v h="$hours" \
		'BEGIN { printf "%.2f", (h > 0 ? c / h : 0) }')
	# shellcheck disable=SC2034 # read by name: csv_row, csv_header
	local -A row=([qemu]=${version:-$qemu} [cpu]=${label//,/;} [module]=$m
		[netem]=${spec:--} [boots]=$boots
		[guest_hours]=$hours [crashes]=$crashes [warns]=$warns
		[reports_per_guest_hour]=$rate [transfers]=$ok [failed]=$failed
		[mbps_median]=$mbps [ev_mbps_median]=$evmbps)
	[ "$kernel" != debug ] ||
		row+=([kasan]=$kasan [lockdep]=$lockdep [kmemleak]=$leak [kmemleak_module]=$kmod [own]=$own)
	csv_row fields row | tee -a "$csv" "$top/soak.csv"
}

echo "$prog: rdma_rxe_eun's link: ${netem:-unimpaired}; rdma_rxe's: unimpaired"
echo "$prog: qemu ${qemus[*]} x ${#cpus[@]} CPU model(s) (0: each qemu's default) x ${#modules[@]} module(s) x $minutes min; results in $top"
for q in "${qemus[@]}"; do
	for c in $(cpus_of "$q"); do
		for m in "${modules[@]}"; do
			soak_one "$q" "$c" "$m"
		done
	done
done
echo "$prog: mbps_median: 64 KiB perftest SEND/WRITE transfers, MB/s; ev_mbps_median: eun-verify runs, MB/s"
cat "$top/soak.csv"
