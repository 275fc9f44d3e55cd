#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Medians of bench.csv over the repetitions, plots, and the results table.
#
# Usage: tools/bench/summarize.sh BENCH_CSV OUT_DIR [RST [MARK]]
#   OUT_DIR/bench-summary.csv  one row per (column, profile, op, size):
#                              repetitions, how many finished, medians of
#                              the finished ones (goodput, messages per
#                              second, packets sent per packet needed, ACKs
#                              per data packet, ...), sums of the counts
#                              (retransmissions, READ re-requests)
#   OUT_DIR/bench.png          goodput per profile and column (largest size)
#   OUT_DIR/bench-memory.png   receiver emulated-memory peak per column
#   OUT_DIR/bench-fct.png      mean flow completion time per profile and
#                              column, when the run has the op "flows"
#                              and, appended after them, the bootstrap
#                              90% intervals of the goodput and operations
#                              per second medians (goodput_lo, _hi,
#                              msgs_per_s_lo, _hi) and the ratio to stock
#                              rdma_rxe's median in the same profile, op
#                              and size with its interval (stock_ratio,
#                              _lo, _hi; tools/bench/bootstrap.awk)
#   OUT_DIR/goals.txt          the goals the run has figures for (goals.sh)
#   OUT_DIR/goals.csv          the same goals, one row each (goals.sh -o)
#   RST (default Documentation/results.rst): the part between its two
#   MARK (default "bench table") marker comments is rewritten from the
#   summary, with the goals the run has figures for (tools/bench/goals.sh).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
csv=${1:?usage: summarize.sh BENCH_CSV OUT_DIR [RST]}
out=${2:?usage: summarize.sh BENCH_CSV OUT_DIR [RST]}
rst=${3:-$repo/Documentation/results.rst}
mark=${4:-bench table}
sum=$out/bench-summary.csv

[ -f "$csv" ] || { echo "summarize.sh: no $csv" >&2; exit 1; }
# shellcheck source=tools/bench/lib.sh
source "$here/lib.sh"

# The summary's fields, one row per (column, profile, op, size).
summary_fields=column,profile,netem,op,size,runs,finished,not_finished
summary_fields+=,goodput_MBps,elapsed_s,pkts_per_needed,acks_per_data
summary_fields+=,rcvd_seq_err,completer_retry_err,gbn_retry,out_of_seq_request
summary_fields+=,emem_peak_blocks,data_pkts,retx_timeout,retx_nack
summary_fields+=,retx_reorder,retx_spurious,rx_ooo
summary_fields+=,link_pkts,ooo_p99,lat_mean_us,lat_p50_us,lat_p99_us
summary_fields+=,msgs_per_s,read_ooo,read_rerequest,read_rerequest_spurious
summary_fields+=,read_rerequest_timeout,read_duplicate,read_ahead
# Appended, so that readers by position of older files still work.
summary_fields+=,goodput_lo,goodput_hi,msgs_per_s_lo,msgs_per_s_hi
summary_fields+=,stock_ratio,stock_ratio_lo,stock_ratio_hi
# Busy guest CPU per MB moved, and its spread over the repetitions:
# (max - min) / median, in percent.
summary_fields+=,cpu_client_ms_per_MB,cpu_server_ms_per_MB
summary_fields+=,cpu_client_spread_pct,cpu_server_spread_pct
# The kernel's share of it (system, interrupts, softirqs), per MB and per
# packet the data needed (both guests), the per-packet figure's spread
# and its ratio to stock with the ratio's interval.
summary_fields+=,kcpu_client_ms_per_MB,kcpu_server_ms_per_MB,kcpu_us_per_pkt
summary_fields+=,kcpu_spread_pct,kcpu_stock_ratio,kcpu_stock_ratio_lo,kcpu_stock_ratio_hi
# The data receiver's NIC receive interrupts and the data sender's
# transmit completions per data packet (matrix.sh).
summary_fields+=,rx_irqs_per_data,tx_irqs_per_data
bench_boot_check || exit 2

# Medians: values of the finished repetitions, sorted within awk; their
# intervals and ratios to stock (bootstrap.awk).
bench_awk -v fields="$summary_fields" '
	function median(list,   n, v, i, j, t) {
		n = split(list, v, " ")
		if (n == 0) return ""
		for (i = 2; i <= n; i++)
			for (j = i; j > 1 && v[j - 1] + 0 > v[j] + 0; j--) {
				t = v[j]; v[j] = v[j - 1]; v[j - 1] = t
			}
		return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
	}
	# Figures whose median the summary gives, under the same name.
	BEGIN {
		nm = split("goodput_MBps elapsed_s pkts_per_needed acks_per_data " \
			   "rcvd_seq_err completer_retry_err gbn_retry out_of_seq_request " \
			   "lat_mean_us lat_p50_us lat_p99_us " \
			   "cpu_client_ms_per_MB cpu_server_ms_per_MB " \
			   "kcpu_client_ms_per_MB kcpu_server_ms_per_MB kcpu_us_per_pkt " \
			   "rx_irqs_per_data tx_irqs_per_data", M, " ")
		# Retransmissions by cause: sums over the finished repetitions,
		# against the data packets they sent.
		ns = split("data_pkts retx_timeout retx_nack retx_reorder retx_spurious rx_ooo " \
			   "read_ooo read_rerequest read_rerequest_spurious read_rerequest_timeout " \
			   "read_duplicate read_ahead", S, " ")
	}
	FNR == 1 { csv_open(); next }
	{
		k = fld("column") SUBSEP fld("profile") SUBSEP fld("op") SUBSEP fld("size")
		if (!(k in runs)) { order[++nk] = k; netem[k] = fld("netem") }
		runs[k]++
		st1 = fld("status")
		if (st1 != "ok") { st[k] = st[k] (st[k] == "" ? "" : "/") st1; next }
		ok[k]++
		for (i = 1; i <= nm; i++)
			med[k, M[i]] = med[k, M[i]] " " fld(M[i])
		# Messages (atomics: operations) per second, on the eun-verify clock.
		if (fld("elapsed_s") + 0 > 0 && fld("messages") != "")
			med[k, "msgs_per_s"] = med[k, "msgs_per_s"] " " \
				sprintf("%.1f", fld("messages") / fld("elapsed_s"))
		for (i = 1; i <= ns; i++)
			sum[k, S[i]] += fld(S[i])
		m = fld("emem_peak_blocks")
		if (m != "" && (mem[k] == "" || m + 0 > mem[k] + 0)) mem[k] = m
		m = fld("ooo_p99")
		if (m != "" && (p99[k] == "" || m + 0 > p99[k] + 0)) p99[k] = m
		# Packets per link ("a/b/c/d"), summed link by link.
		nl = split(fld("link_pkts"), L, "/")
		for (j = 1; j <= nl; j++) links[k, j] += L[j]
		if (nl > nlinks[k]) nlinks[k] = nl
	}
	# spread(LIST): (max - min) / median of a list of figures, in percent.
	function spread(list,   n, x, i, lo, hi, m) {
		n = split(list, x, " ")
		if (n == 0) return ""
		lo = hi = x[1] + 0
		for (i = 2; i <= n; i++) {
			if (x[i] + 0 < lo) lo = x[i] + 0
			if (x[i] + 0 > hi) hi = x[i] + 0
		}
		m = median(list)
		return m + 0 > 0 ? sprintf("%.1f", (hi - lo) * 100 / m) : ""
	}
	# interval(K, FIELD, LO, HI): the interval of the median of FIELD in V[LO], V[HI].
	function interval(k, f, lo, hi) {
		v[lo] = v[hi] = ""
		if (boot_interval(med[k, f], "")) { v[lo] = BOOT_LO; v[hi] = BOOT_HI }
	}
	# stock(K, F, R): the ratio of the median of F to stock rdma_rxe in
	# the same profile, op and size, in V[R], V[R "_lo"], V[R "_hi"].
	function stock(k, f, r,   t, s, a, b) {
		split(k, t, SUBSEP)
		v[r] = v[r "_lo"] = v[r "_hi"] = ""
		s = "rdma_rxe" SUBSEP t[2] SUBSEP t[3] SUBSEP t[4]
		if (s == k || !(s in runs)) return
		a = median(med[k, f]); b = median(med[s, f])
		if (a == "" || b == "" || b + 0 <= 0) return
		v[r] = sprintf("%.4f", a / b)
		if (boot_interval(med[k, f], med[s, f])) {
			v[r "_lo"] = sprintf("%.4f", BOOT_LO)
			v[r "_hi"] = sprintf("%.4f", BOOT_HI)
		}
	}
	END {
		if (CSV_BAD) exit 2
		print fields
		for (i = 1; i <= nk; i++) {
			k = order[i]; split(k, f, SUBSEP)
			split("", v)
			v["column"] = f[1]; v["profile"] = f[2]; v["netem"] = netem[k]
			v["op"] = f[3]; v["size"] = f[4]
			v["runs"] = runs[k]; v["finished"] = ok[k] + 0; v["not_finished"] = st[k]
			for (j = 1; j <= nm; j++)
				v[M[j]] = median(med[k, M[j]])
			v["msgs_per_s"] = median(med[k, "msgs_per_s"])
			v["cpu_client_spread_pct"] = spread(med[k, "cpu_client_ms_per_MB"])
			v["cpu_server_spread_pct"] = spread(med[k, "cpu_server_ms_per_MB"])
			v["kcpu_spread_pct"] = spread(med[k, "kcpu_us_per_pkt"])
			for (j = 1; j <= ns; j++)
				v[S[j]] = sum[k, S[j]] + 0
			v["emem_peak_blocks"] = mem[k]
			v["ooo_p99"] = p99[k]
			v["link_pkts"] = ""
			for (j = 1; j <= nlinks[k]; j++)
				v["link_pkts"] = v["link_pkts"] (j > 1 ? "/" : "") links[k, j]
			interval(k, "goodput_MBps", "goodput_lo", "goodput_hi")
			interval(k, "msgs_per_s", "msgs_per_s_lo", "msgs_per_s_hi")
			# Atomics by their operations per second, as the goals.
			stock(k, f[3] ~ /^(cas|faa|awrite|ib_atomic_bw)$/ ? "msgs_per_s" : "goodput_MBps",
			      "stock_ratio")
			stock(k, "kcpu_us_per_pkt", "kcpu_stock_ratio")
			print csv_row(fields, v)
		}
	}' "$csv" > "$sum"
echo "summarize.sh: $sum"

columns=$(csv_awk 'FNR == 1 { csv_open(); next } !s[fld("column")]++ { printf "%s ", fld("column") }' "$sum")
big=$(csv_awk 'FNR == 1 { csv_open(); next } fld("size") + 0 > m { m = fld("size") + 0 } END { print m }' "$sum")

# plot_table OP: "profile goodput-per-column..." for OP at the largest size.
plot_table()
{
	csv_awk -v op="$1" -v size="${3:-$big}" -v cols="$columns" -v field="$2" '
		FNR == 1 { csv_open(); next }
		fld("op") == op && fld("size") == size {
			pr = fld("profile"); x = fld(field)
			if (!(pr in seen)) { seen[pr] = 1; p[++n] = pr }
			v[pr, fld("column")] = (x == "" ? "NaN" : x)
		}
		END {
			if (CSV_BAD) exit 2
			nc = split(cols, c, " ")
			for (i = 1; i <= n; i++) {
				printf "%s", p[i]
				for (j = 1; j <= nc; j++)
					printf " %s", ((p[i], c[j]) in v) ? v[p[i], c[j]] : "NaN"
				printf "\n"
			}
		}' "$sum"
}

# plot PNG TITLE YLABEL FIELD [GNUPLOT_SETTING [OPS [SIZE]]]: FIELD per
# profile and column, for every op (or OPS) at the largest size (or SIZE).
plot()
{
	local png=$1 title=$2 ylabel=$3 field=$4 scale=${5:-} ops=${6:-} size=${7:-}
	local op data ncols

	# gnuplot refuses a plot without one number in it.
	csv_awk -v f="$field" 'FNR == 1 { csv_open(); next } fld(f) != "" { found = 1 }
		END { exit CSV_BAD ? 2 : !found }' "$sum" || {
		echo "summarize.sh: no figures for $png" >&2
		return 0
	}
	ncols=$(wc -w <<< "$columns")
	data=$(mktemp)
	[ -n "$ops" ] || ops=$(csv_awk 'FNR == 1 { csv_open(); next }
		fld("op") !~ /^(flows|cas|faa|awrite|ib_atomic_bw)$/ && !s[fld("op")]++ { print fld("op") }' "$sum")
	for op in $ops; do
		plot_table "$op" "$field" "$size" | sed "s/^/$op:/"
	done > "$data"
	[ -s "$data" ] || { echo "summarize.sh: no figures for $png" >&2; rm -f "$data"; return 0; }
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
	plot "$out/bench.png" "Goodput (eun-verify clock), ${big} B messages, median" "MB/s (log scale)" goodput_MBps "set logscale y"
	plot "$out/bench-memory.png" "Receiver emulated-memory peak" "2-byte blocks" emem_peak_blocks
	echo "summarize.sh: $out/bench.png $out/bench-memory.png"
	if csv_awk 'FNR == 1 { csv_open(); next } fld("op") ~ /^(cas|faa|awrite|ib_atomic_bw)$/ { f = 1 } END { exit !f }' "$sum"; then
		plot "$out/bench-atomics.png" "Atomic operations per second, median" \
			"operations/s (log scale)" msgs_per_s "set logscale y" "cas faa awrite ib_atomic_bw" 8
		echo "summarize.sh: $out/bench-atomics.png"
	fi
	flows=$(csv_awk 'FNR == 1 { csv_open(); next } fld("op") == "flows" { print fld("size"); exit }' "$sum")
	if [ -n "$flows" ]; then
		# "@" is markup in gnuplot's enhanced text: say the load in words.
		plot "$out/bench-fct.png" "Flow completion time, mean (flow workload, ${flows/@/ at load })" \
			"microseconds (log scale)" lat_mean_us "set logscale y" flows "$flows"
		echo "summarize.sh: $out/bench-fct.png"
	fi
fi

# A missed goal is a finding: goals.sh's exit status is not ours.
"$here/goals.sh" -o "$out/goals.csv" "$csv" "$sum" > "$out/goals.txt" || true

# The results table: one line per profile and op at the largest size.
[ -f "$rst" ] || exit 0
grep -q "^\.\. $mark begin" "$rst" || exit 0
# table WHAT: goodput, costs (packets per packet needed, retransmissions
# by cause, READ re-requests, emulated memory), atomics (operations per
# second), fct (flow completion times) or ratio (each column's goodput,
# an atomic's operations per second, against stock's, with the interval:
# the columns but rdma_rxe) for one line per profile and op: goodput at
# the largest size, atomics at their 8 bytes.
table()
{
	local cols=$columns

	[ "$1" != ratio ] || cols=$(sed 's/\(^\| \)rdma_rxe\( \|$\)/ /; s/^ *//' <<< "$columns")
	bench_awk -v size="$big" -v cols="$cols" -v what="$1" '
	function atomic(o) { return o == "cas" || o == "faa" || o == "awrite" || o == "ib_atomic_bw" }
	function costs(   r, track, ppn) {
		track = (fld("column") ~ /^eun-(static|eunomia)(\+[a-z]+)?(-wait)?(-rw[0-9]+)?(-mi[0-9]+)?(-hc[0-9]+)?$/)
		# The rows of perftest have no packets needed.
		ppn = (fld("pkts_per_needed") == "" ? "-" : fld("pkts_per_needed"))
		if (track && (fld("op") == "read" || fld("op") == "ib_read_bw"))
			r = sprintf("%s ro%d rq%d rt%d rs%d rd%d ra%d g%s m%s", ppn,
				    fld("read_ooo"), fld("read_rerequest"),
				    fld("read_rerequest_timeout"), fld("read_rerequest_spurious"),
				    fld("read_duplicate"), fld("read_ahead"), fld("gbn_retry"),
				    fld("emem_peak_blocks"))
		else if (track && atomic(fld("op")))
			r = sprintf("%s seq%s rto%s g%s", ppn,
				    fld("rcvd_seq_err"), fld("completer_retry_err"), fld("gbn_retry"))
		else if (track)
			r = sprintf("%s t%d n%d r%d s%d m%s", ppn,
				    fld("retx_timeout"), fld("retx_nack"), fld("retx_reorder"),
				    fld("retx_spurious"), fld("emem_peak_blocks"))
		else
			r = sprintf("%s seq%s rto%s", ppn,
				    fld("rcvd_seq_err"), fld("completer_retry_err"))
		# On several links: the ooo degree p99, the packets per link.
		if (fld("link_pkts") ~ /\//)
			r = r sprintf(" o%s l%s", fld("ooo_p99") == "" ? "-" : fld("ooo_p99"),
				      fld("link_pkts"))
		return r
	}
	function wanted(o) {
		if (what == "fct") return o == "flows"
		if (what == "ratio") return o != "flows" && (fld("size") == size || atomic(o))
		if (what == "atomics") return atomic(o)
		if (what == "costs") return fld("size") == size || atomic(o)
		return fld("size") == size && !atomic(o)
	}
	FNR == 1 { csv_open(); next }
	wanted(fld("op")) {
		k = fld("profile") " " fld("op"); gp = fld("goodput_MBps")
		runs = fld("runs"); fin = fld("finished")
		if (!(k in seen)) { seen[k] = 1; key[++n] = k }
		if (what == "ratio") {
			# Cells in the END, once stock'"'"'s repetitions are known.
			rf[k, fld("column")] = fin; rr[k, fld("column")] = runs
			rp[k, fld("column")] = fld("stock_ratio")
			rlo[k, fld("column")] = fld("stock_ratio_lo"); rhi[k, fld("column")] = fld("stock_ratio_hi")
			next
		}
		if (what == "costs")
			cell = (gp == "" ? "-" : costs())
		else if (what == "fct" && fld("lat_mean_us") == "")
			cell = "-"
		else if (what == "fct")
			cell = sprintf("%.1f / %.1f", fld("lat_mean_us") / 1000, fld("lat_p99_us") / 1000)
		else {
			if (gp == "")
				cell = (fld("not_finished") == "" ? "-" : fld("not_finished"))
			else if (what == "atomics")
				cell = sprintf("%.0f", fld("msgs_per_s"))
			else
				cell = sprintf("%.2f", gp)
			if (gp != "" && fin + 0 < runs + 0) cell = cell " (" fin "/" runs ")"
		}
		v[k, fld("column")] = cell
	}
	END {
		if (CSV_BAD) exit 2
		nc = split(cols, c, " ")
		for (kc in rp) {
			split(kc, t, SUBSEP)
			s = t[1] SUBSEP "rdma_rxe"
			if (t[2] == "rdma_rxe" || !(s in rf)) continue
			if (rp[kc] == "") { v[kc] = "-"; continue }
			m = (rf[kc] + 0 < rf[s] + 0 ? rf[kc] : rf[s]) + 0
			v[kc] = boot_cell(rp[kc], rlo[kc], rhi[kc], rlo[kc] != "", m,
					  boot_count(rf[kc], rr[kc], rf[s], rr[s]))
		}
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
# has_op REGEX: the summary has rows of an op matching REGEX.
has_op() { csv_awk -v re="$1" 'FNR == 1 { csv_open(); next } fld("op") ~ re { f = 1 } END { exit !f }' "$sum"; }
fct='' atomics='' reads='' perf='' ratio=''
# The ratios to stock, when the run has stock and another column.
[[ " $columns " == *" rdma_rxe "* ]] && [ "$(wc -w <<< "$columns")" -gt 1 ] && ratio=$(table ratio)
has_op '^flows$' && fct=$(table fct)
has_op '^(cas|faa|awrite|ib_atomic_bw)$' && atomics=$(table atomics)
has_op '^(read|ib_read_bw)$' && reads=1
has_op '^ib_' && perf=1
goals=$(sed 's/^/    /' "$out/goals.txt")
awk -v mark="$mark" -v table="$goodput" -v costs="$costs" -v fct="$fct" -v goals="$goals" -v src="$(basename "$csv")" -v size="$big" \
	-v atomics="$atomics" -v reads="$reads" -v perf="$perf" -v ratio="$ratio" -v boot="$(bench_boot_words)" '
	$0 == ".. " mark " begin" {
		print; print ""
		print "Goodput in MB/s (median of the finished repetitions, eun-verify'"'"'s"
		print "clock), " size " B messages; ``(k/n)``: k of n repetitions finished;"
		print "a word instead of a figure: none finished (``timeout``, ``fail``,"
		print "``unavailable``: the module refused the mode). Generated from " src "."
		if (perf != "") {
			print "The rows of ``ib_*`` ops are perftest'"'"'s own"
			print "figures (its BW average and message rate over its measured window,"
			print "in duration mode); perftest checks no data. A row whose set-up took"
			print "more than 10% of the client'"'"'s run says ``setup-long``."
		}
		print ""; print table; print ""
		if (ratio != "") {
			print "Against stock ``rdma_rxe``, same rows (atomics: operations per"
			print "second): each column'"'"'s median over stock'"'"'s with its interval,"
			print boot " (each column'"'"'s finished"
			print "repetitions resampled on their own: ``tools/bench/bootstrap.awk``),"
			print "and ``n=K/N``, K of N repetitions finished (stock'"'"'s after a comma"
			print "when they differ); one finished repetition has no interval."
			print ""; print ratio; print ""
		}
		print "What it cost, same rows: packets sent per packet needed (median),"
		print "then summed over the finished repetitions: for ``static`` and"
		print "``eunomia`` selective retransmissions by cause (``t`` timeout, ``n``"
		print "NACK, ``r`` reorder window) and ``s`` spurious ones, ``m`` the"
		print "receiver'"'"'s emulated-memory peak in 2-byte blocks; for the go-back-N"
		print "columns ``seq`` NAKs (``rcvd_seq_err``) and ``rto`` retransmit"
		print "timeouts (``completer_retry_err``), medians. On several links,"
		print "``o`` the out-of-order degree p99 and ``l`` the packets each link"
		print "carried (the sender'"'"'s), summed."
		if (reads != "") {
			print "READ rows: the data are the responses (packets the responder sent"
			print "per packet the READs needed), and for ``static`` and ``eunomia``"
			print "the requester'"'"'s READ counters, summed: ``ro`` responses placed"
			print "out of order, ``rq`` re-requests after a reorder window and"
			print "``rt`` after the retransmit timer, ``rs`` re-requests proven"
			print "spurious, ``rd`` responses that came twice; ``ra`` READ requests"
			print "the responder executed ahead of their turn (READs back to back,"
			print "reordered); ``g`` go-back-N rewinds (median), ``m`` the"
			print "requester'"'"'s emulated-memory peak."
		}
		if (atomics != "") {
			print "Atomic rows (``cas``, ``faa``, ``awrite``, ``ib_atomic_bw``): one request per"
			print "operation is the data; for ``static`` and ``eunomia`` ``g`` the"
			print "go-back-N rewinds (median)."
		}
		print ""; print costs; print ""
		if (atomics != "") {
			print "Atomic operations per second (median of the finished repetitions,"
			print "operations over eun-verify'"'"'s clock), each on an 8-byte word, as"
			print "many in flight as the QP'"'"'s max_rd_atomic allows (eun-verify: its"
			print "depth); ``(k/n)`` as above."
			if (perf != "")
				print "``ib_atomic_bw``: perftest'"'"'s message rate (fetch-and-add)."
			print ""; print atomics; print ""
		}
		if (fct != "") {
			print "Flow completion times, ms, mean / 99th percentile (median of the"
			print "finished repetitions): the flow workload (op ``flows``), 8 QPs,"
			print "web-search sizes scaled down; size ``websearch:DIV@LOAD``: flows"
			print "arriving open loop at LOAD of the links'"'"' capacity, timed from"
			print "their arrival; ``websearch:DIV``: one flow per QP at a time."
			print ""; print fct; print ""
		}
		print "The goals of the ordering layer, read off the same rows by"
		print "``tools/bench/goals.sh``: a ratio'"'"'s goal is met when its whole"
		print "interval meets it, missed when none of it does, undecided"
		print "otherwise; on fewer than 3 finished repetitions its ratio decides,"
		print "only when at least twice the target or short of it by half:"
		print ""; print "::"; print ""; print goals; print ""; skip = 1; next
	}
	$0 == ".. " mark " end" { skip = 0 }
	!skip' "$rst" > "$rst.tmp"
mv "$rst.tmp" "$rst"
echo "summarize.sh: table of $rst rewritten"
