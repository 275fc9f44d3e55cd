#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Medians of bench.csv over the repetitions, plots, and the results table.
#
# Usage: tools/bench/summarize.sh BENCH_CSV OUT_DIR [RST]
#   OUT_DIR/bench-summary.csv  one row per (column, profile, op, size):
#                              repetitions, how many finished, medians of
#                              the finished ones (goodput, packets sent per
#                              packet needed, ACKs per data packet, ...)
#   OUT_DIR/bench.png          goodput per profile and column (largest size)
#   OUT_DIR/bench-memory.png   receiver emulated-memory peak per column
#   OUT_DIR/goals.txt          the goals the run has figures for (goals.sh)
#   RST (default Documentation/results.rst): the part between its two
#   "bench table" marker comments is rewritten from the summary, with the
#   goals the run has figures for (tools/bench/goals.sh).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
csv=${1:?usage: summarize.sh BENCH_CSV OUT_DIR [RST]}
out=${2:?usage: summarize.sh BENCH_CSV OUT_DIR [RST]}
rst=${3:-$repo/Documentation/results.rst}
sum=$out/bench-summary.csv

[ -f "$csv" ] || { echo "summarize.sh: no $csv" >&2; exit 1; }

# Medians: values of the finished repetitions, sorted within awk.
awk -F, '
	function median(list,   n, v, i, j, t) {
		n = split(list, v, " ")
		if (n == 0) return ""
		for (i = 2; i <= n; i++)
			for (j = i; j > 1 && v[j - 1] + 0 > v[j] + 0; j--) {
				t = v[j]; v[j] = v[j - 1]; v[j - 1] = t
			}
		return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
	}
	NR == 1 { next }
	{
		k = $1 SUBSEP $2 SUBSEP $4 SUBSEP $5
		if (!(k in runs)) { order[++nk] = k; netem[k] = $3 }
		runs[k]++
		if ($8 != "ok") { st[k] = st[k] (st[k] == "" ? "" : "/") $8; next }
		ok[k]++
		gp[k] = gp[k] " " $10; el[k] = el[k] " " $9; ppn[k] = ppn[k] " " $15
		apd[k] = apd[k] " " $17; seq[k] = seq[k] " " $18; cre[k] = cre[k] " " $19
		gbn[k] = gbn[k] " " $20; oos[k] = oos[k] " " $21
		if ($23 != "" && (mem[k] == "" || $23 + 0 > mem[k] + 0)) mem[k] = $23
		# Retransmissions by cause: sums over the finished repetitions,
		# against the data packets they sent.
		data[k] += $13; rto[k] += $24; rnk[k] += $25; rro[k] += $26
		rsp[k] += $27; ooo[k] += $28
	}
	END {
		print "column,profile,netem,op,size,runs,finished,not_finished,goodput_MBps,elapsed_s,pkts_per_needed,acks_per_data,rcvd_seq_err,completer_retry_err,gbn_retry,out_of_seq_request,emem_peak_blocks,data_pkts,retx_timeout,retx_nack,retx_reorder,retx_spurious,rx_ooo"
		for (i = 1; i <= nk; i++) {
			k = order[i]; split(k, f, SUBSEP)
			printf "%s,%s,%s,%s,%s,%d,%d,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%d,%d,%d,%d,%d,%d\n",
				f[1], f[2], netem[k], f[3], f[4], runs[k], ok[k], st[k],
				median(gp[k]), median(el[k]), median(ppn[k]), median(apd[k]),
				median(seq[k]), median(cre[k]), median(gbn[k]), median(oos[k]), mem[k],
				data[k], rto[k], rnk[k], rro[k], rsp[k], ooo[k]
		}
	}' "$csv" > "$sum"
echo "summarize.sh: $sum"

columns=$(awk -F, 'NR > 1 && !s[$1]++ { printf "%s ", $1 }' "$sum")
big=$(awk -F, 'NR > 1 && $5 + 0 > m { m = $5 + 0 } END { print m }' "$sum")

# plot_table OP: "profile goodput-per-column..." for OP at the largest size.
plot_table()
{
	awk -F, -v op="$1" -v size="$big" -v cols="$columns" -v field="$2" '
		NR == 1 { next }
		$4 == op && $5 == size {
			if (!($2 in seen)) { seen[$2] = 1; p[++n] = $2 }
			v[$2, $1] = ($(field) == "" ? "NaN" : $(field))
		}
		END {
			nc = split(cols, c, " ")
			for (i = 1; i <= n; i++) {
				printf "%s", p[i]
				for (j = 1; j <= nc; j++)
					printf " %s", ((p[i], c[j]) in v) ? v[p[i], c[j]] : "NaN"
				printf "\n"
			}
		}' "$sum"
}

plot()
{
	local png=$1 title=$2 ylabel=$3 field=$4 scale=${5:-} op data ncols

	# gnuplot refuses a plot without one number in it.
	awk -F, -v f="$field" 'NR > 1 && $f != "" { found = 1 } END { exit !found }' "$sum" || {
		echo "summarize.sh: no figures for $png" >&2
		return 0
	}
	ncols=$(wc -w <<< "$columns")
	data=$(mktemp)
	for op in $(awk -F, 'NR > 1 && !s[$4]++ { print $4 }' "$sum"); do
		plot_table "$op" "$field" | sed "s/^/$op:/"
	done > "$data"
	gnuplot <<-EOF
		set terminal pngcairo size 1200,500
		set output '$png'
		set title '$title'
		set ylabel '$ylabel'
		set style data histograms
		set style histogram clustered gap 1
		set style fill solid 0.8 border -1
		set xtics rotate by -30 noenhanced
		set key outside right noenhanced
		set datafile missing 'NaN'
		$scale
		plot for [i=2:$((ncols + 1))] '$data' using i:xtic(1) title word('$columns', i - 1)
	EOF
	rm -f "$data"
}

if command -v gnuplot >/dev/null; then
	plot "$out/bench.png" "Goodput (eun-verify clock), ${big} B messages, median" "MB/s (log scale)" 9 "set logscale y"
	plot "$out/bench-memory.png" "Receiver emulated-memory peak" "2-byte blocks" 17
	echo "summarize.sh: $out/bench.png $out/bench-memory.png"
fi

# A missed goal is a finding: goals.sh's exit status is not ours.
"$here/goals.sh" "$csv" "$sum" > "$out/goals.txt" || true

# The results table: one line per profile and op at the largest size.
[ -f "$rst" ] || exit 0
grep -q '^\.\. bench table begin' "$rst" || exit 0
# table WHAT: goodput, or costs (packets per packet needed, retransmissions
# by cause, emulated memory) for one line per profile and op.
table()
{
	awk -F, -v size="$big" -v cols="$columns" -v what="$1" '
	function costs(   r) {
		if ($1 ~ /^eun-(static|eunomia)$/)
			r = sprintf("%s t%d n%d r%d s%d m%s", $11, $19, $20, $21, $22, $17)
		else
			r = sprintf("%s seq%s rto%s", $11, $13, $14)
		return r
	}
	NR == 1 { next }
	$5 == size {
		k = $2 " " $4
		if (!(k in seen)) { seen[k] = 1; key[++n] = k }
		if (what == "costs")
			cell = ($9 == "" ? "-" : costs())
		else {
			cell = ($9 == "" ? ($8 == "" ? "-" : $8) : sprintf("%.2f", $9))
			if ($9 != "" && $7 < $6) cell = cell " (" $7 "/" $6 ")"
		}
		v[k, $1] = cell
	}
	END {
		nc = split(cols, c, " ")
		w = 24; cw = (what == "costs" ? 28 : 18)
		# A cell wider than the column would break the table.
		for (kc in v) if (length(v[kc]) > cw) cw = length(v[kc])
		bar = sprintf("%" w "s", ""); gsub(/ /, "=", bar)
		cb = sprintf("%" cw "s", ""); gsub(/ /, "=", cb)
		line = bar; for (j = 1; j <= nc; j++) line = line "  " cb
		print line
		row = sprintf("%-" w "s", "profile / op")
		for (j = 1; j <= nc; j++) row = row sprintf("  %-" cw "s", c[j])
		sub(/ +$/, "", row); print row; print line
		for (i = 1; i <= n; i++) {
			row = sprintf("%-" w "s", key[i])
			for (j = 1; j <= nc; j++)
				row = row sprintf("  %-" cw "s", ((key[i], c[j]) in v) ? v[key[i], c[j]] : "-")
			sub(/ +$/, "", row); print row
		}
		print line
	}' "$sum"
}
goodput=$(table goodput)
costs=$(table costs)
goals=$(sed 's/^/    /' "$out/goals.txt")
awk -v table="$goodput" -v costs="$costs" -v goals="$goals" -v src="$(basename "$csv")" -v size="$big" '
	/^\.\. bench table begin/ {
		print; print ""
		print "Goodput in MB/s (median of the finished repetitions, eun-verify'"'"'s"
		print "clock), " size " B messages; ``(k/n)``: k of n repetitions finished;"
		print "a word instead of a figure: none finished (``timeout``, ``fail``,"
		print "``unavailable``: the module refused the mode). Generated from " src "."
		print ""; print table; print ""
		print "What it cost, same rows: packets sent per packet needed (median),"
		print "then summed over the finished repetitions: for ``static`` and"
		print "``eunomia`` selective retransmissions by cause (``t`` timeout, ``n``"
		print "NACK, ``r`` reorder window) and ``s`` spurious ones, ``m`` the"
		print "receiver'"'"'s emulated-memory peak in 2-byte blocks; for the go-back-N"
		print "columns ``seq`` NAKs (``rcvd_seq_err``) and ``rto`` retransmit"
		print "timeouts (``completer_retry_err``), medians."
		print ""; print costs; print ""
		print "The goals of the ordering layer, read off the same rows by"
		print "``tools/bench/goals.sh``:"
		print ""; print "::"; print ""; print goals; print ""; skip = 1; next
	}
	/^\.\. bench table end/ { skip = 0 }
	!skip' "$rst" > "$rst.tmp"
mv "$rst.tmp" "$rst"
echo "summarize.sh: table of $rst rewritten"
