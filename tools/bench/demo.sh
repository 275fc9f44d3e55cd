#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make demo: boot the bed once per module (stock rdma_rxe, then
# rdma_rxe_eun with ooo_mode=eunomia), run tools/bench/reorder.sh with the profiles of
# tools/vm/configs/demo.conf, print a side-by-side table and write
# $RESULTS/demo.csv and $RESULTS/demo.png (gnuplot).
#
# Usage: tools/bench/demo.sh [-s KEY=VALUE]...   (passed on to bed.sh)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
results=${RESULTS:-$repo/results}
conf=$repo/tools/vm/configs/demo.conf
prog=demo.sh

over=()
while getopts "s:h" o; do
	case $o in
	s) over+=(-s "$OPTARG") ;;
	h) sed -n '3,9p' "$0"; exit 0 ;;
	*) echo "usage: $prog [-s KEY=VALUE]..." >&2; exit 2 ;;
	esac
done

command -v gnuplot >/dev/null || { echo "$prog: gnuplot missing (tools/deps.sh bed)" >&2; exit 1; }
[ -f "$repo/build/rdma_rxe_eun.ko" ] ||
	{ echo "$prog: build/rdma_rxe_eun.ko missing: run make module" >&2; exit 1; }

top=$results/demo-$(date +%Y%m%d-%H%M%S)
mkdir -p "$top"
status=0
for m in rdma_rxe rdma_rxe_eun; do
	echo "$prog: === $m"
	# rdma_rxe_eun runs its ordering layer: the point of the demo.
	mode=()
	[ $m = rdma_rxe_eun ] && mode=(-s MODULE_PARAMS=ooo_mode=eunomia)
	"$here/../vm/bed.sh" -o "$top/$m" -s MODULE=$m -s NAME=demo-$m "${mode[@]}" \
		"${over[@]}" "$conf" ||
		status=1
done

csv=$results/demo.csv
rows=0
for m in rdma_rxe rdma_rxe_eun; do
	f=$top/$m/b/reorder/bench.csv
	[ -f "$f" ] || { echo "$prog: no results from $m ($f)" >&2; status=1; continue; }
	if [ $rows -eq 0 ]; then head -n 1 "$f" > "$csv.tmp"; fi
	tail -n +2 "$f" >> "$csv.tmp"
	rows=$((rows + $(tail -n +2 "$f" | wc -l)))
done
[ $rows -gt 0 ] || { echo "$prog: no benchmark rows" >&2; exit 1; }
mv "$csv.tmp" "$csv"
cp "$csv" "$top/demo.csv"

echo
echo "$prog: ib_write_bw, $(awk -F, 'NR == 2 { print $5 " x " $4 " B" }' "$csv") per transfer;" \
	"MB/s = bytes / elapsed (host clock); pk = client packets sent;" \
	"retx = rcvd_seq_err + completer_retry_err; ooo = server out_of_seq_request"
awk -F, '
	NR == 1 { next }
	{
		key = $2 " " $4
		if (!(key in seen)) { seen[key] = 1; keys[++n] = key; prof[key] = $2; size[key] = $4 }
		m = ($1 == "rdma_rxe") ? "rxe" : "eun"
		st[key, m] = $7; el[key, m] = $8; mb[key, m] = $10; pf[key, m] = $11
		pk[key, m] = $12; rx[key, m] = $14 + $15; oos[key, m] = $16
	}
	function cell(k, m) {
		if (st[k, m] == "") return sprintf("%-28s", "(no result)")
		if (st[k, m] != "ok") return sprintf("%-28s", st[k, m] " after " el[k, m] "s")
		return sprintf("%6.3f MB/s %6.2fs %6d pk", mb[k, m], el[k, m], pk[k, m])
	}
	END {
		printf "%-10s %7s | %-28s | %-28s | %s\n", "profile", "size", "stock rdma_rxe", "rdma_rxe_eun eunomia", "retx rxe/eun  ooo rxe/eun  perftest MB/s rxe/eun"
		for (i = 1; i <= n; i++) {
			k = keys[i]
			printf "%-10s %7s | %s | %s | %5s/%-5s %6s/%-6s %s/%s\n", prof[k], size[k],
				cell(k, "rxe"), cell(k, "eun"), rx[k, "rxe"], rx[k, "eun"],
				oos[k, "rxe"], oos[k, "eun"], pf[k, "rxe"], pf[k, "eun"]
		}
	}' "$csv" | tee "$top/table.txt"

# Plot: MB/s per profile (and size), one bar per module; 0 = did not finish.
dat=$top/demo.dat
awk -F, '
	NR == 1 { next }
	{
		key = $2 "/" $4
		if (!(key in seen)) { seen[key] = 1; keys[++n] = key }
		v = ($7 == "ok") ? $10 : 0
		m = ($1 == "rdma_rxe") ? "rxe" : "eun"
		if (m == "rxe") a[key] = v; else b[key] = v
		if ($7 != "ok") note[key] = note[key] "\\n" m ": " $7
	}
	END {
		for (i = 1; i <= n; i++)
			printf "\"%s%s\" %s %s\n", keys[i], note[keys[i]], a[keys[i]] + 0, b[keys[i]] + 0
	}' \
	"$csv" > "$dat"
gnuplot <<GP
set terminal pngcairo size 900,560 noenhanced
set bmargin 7
set output "$results/demo.png"
set title "ib_write_bw between two qemu guests (bytes / elapsed; 0 = timed out)"
set ylabel "MB/s"
set xlabel "netem profile / message size" offset 0,-2.5
set style data histogram
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set boxwidth 0.9
set yrange [0:*]
set grid ytics
set key top right
plot "$dat" using 2:xtic(1) title "stock rdma_rxe", "" using 3 title "rdma_rxe_eun, ooo_mode=eunomia"
GP
cp "$results/demo.png" "$top/demo.png"
echo "$prog: wrote $csv and $results/demo.png (runs in $top)"
exit $status
