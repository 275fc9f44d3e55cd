#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The ordering layer's goals, read off one benchmark run: each goal with
# the figures it compares and "met", "missed" or "undecided"; goals of a
# column or profile the run did not have are only counted. Ratios are of
# the medians in the summary (tools/bench/summarize.sh) at one message
# size, those of atomics (cas, faa, awrite, perftest's ib_atomic_bw: 8
# bytes each) of their operations per second, each with its 90%
# bootstrap interval over the finished
# repetitions (tools/bench/bootstrap.awk: each column's figures resampled
# on their own, BENCH_BOOT_RESAMPLES times from BENCH_BOOT_SEED) and the
# repetitions it stands on, "n=K/N" (K of N finished; the base's after a
# comma when they differ):
#
#   none: eunomia >= 0.95x stock (write)   6.55 / 6.00 MB/s = 1.09x [1.01, 1.17] (n=3/3)   met
#
# With 3 finished repetitions or more in both columns a goal is met when
# the whole interval meets it, missed when none of it does, undecided
# otherwise. With 1 or 2 (in either column) it is met only when the ratio
# itself is at least twice the target (at most half of it, for an "at
# most" goal), missed only when it is short of the target by a factor 2
# or more, undecided otherwise. A column that finished no repetition
# misses its goals (its base finishing none: no figures). Under an
# undecided ratio a second line gives the range of the kernel time per
# packet (kcpu_us_per_pkt) over the rows of each side: the same packets
# taking up to twice the time in one side's rows is the bed's speed
# varying, not the profile. Counts are
# sums over the run's rows of every size and have no interval. The goals
# of WRITE and SEND read only their rows (make bench, bench-multipath),
# those of READ and atomics (make bench-read) only theirs: eun-verify's,
# and perftest's ib_write_bw, ib_send_bw, ib_read_bw and ib_atomic_bw by
# their own figures (their ratios only; perftest checks no data and
# counts nothing here).
#
# Usage: tools/bench/goals.sh [-o GOALS_CSV] BENCH_CSV SUMMARY_CSV [SIZE]
#   -o    also write every goal listed as a row of GOALS_CSV: goal, op,
#         verdict, ratio, lo, hi, target, bound (at-least, at-most or
#         empty for a count), the columns, profiles, finished and run
#         repetitions of both sides (bench.sh -x reads its undecided rows)
#   SIZE  message size of the goodput ratios (default: the largest)
# Exit status: 0 no goal with figures missed (some may be undecided),
# 1 one missed, 2 bad usage.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tools/bench/lib.sh
source "$here/lib.sh"
usage="usage: goals.sh [-o GOALS_CSV] BENCH_CSV SUMMARY_CSV [SIZE]"
out=
while getopts "o:" o; do
	case $o in
	o) out=$OPTARG ;;
	*) echo "$usage" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
csv=${1:?$usage}
sum=${2:?$usage}
size=${3:-}

bench_boot_check || exit 2
for f in "$csv" "$sum"; do
	[ -f "$f" ] || { echo "goals.sh: no $f" >&2; exit 2; }
done
[ -z "$size" ] && size=$(csv_awk 'FNR == 1 { csv_open(); next }
	fld("size") + 0 > m { m = fld("size") + 0 } END { print m + 0 }' "$sum")
case $size in
''|*[!0-9]*) echo "goals.sh: size '$size' is not a number of bytes" >&2; exit 2 ;;
esac
# The goals' rows, when asked for.
goals_fields=goal,op,verdict,ratio,lo,hi,target,bound,a_column,a_profile,a_finished,a_runs
goals_fields+=,b_column,b_profile,b_finished,b_runs

# Two passes: the summary (medians at SIZE), then every row of the run.
bench_awk -v size="$size" -v out="$out" -v fields="$goals_fields" -v boot="$(bench_boot_words)" '
	FNR == 1 { csv_open(); next }
	NR == FNR {
		if (fld("op") == "flows") {
			k = fld("column") SUBSEP fld("profile")
			fmean[k] = fld("lat_mean_us"); fp99[k] = fld("lat_p99_us")
			fcount[k] = fld("finished"); fruns[k] = fld("runs")
			next
		}
		k = fld("column") SUBSEP fld("profile") SUBSEP fld("op")
		# An atomic: its operations per second, at its only size.
		if (atomic(fld("op"))) {
			gp[k] = fld("msgs_per_s"); runs[k] = fld("runs"); fin[k] = fld("finished")
			next
		}
		if (fld("size") != size) next
		gp[k] = fld("goodput_MBps"); runs[k] = fld("runs"); fin[k] = fld("finished")
		next
	}
	# The figures of the finished repetitions, for the intervals: those
	# the summary took the medians of.
	fld("status") == "ok" && fld("op") == "flows" {
		k = fld("column") SUBSEP fld("profile")
		smean[k] = smean[k] " " fld("lat_mean_us"); sp99[k] = sp99[k] " " fld("lat_p99_us")
	}
	fld("status") == "ok" && atomic(fld("op")) && fld("elapsed_s") + 0 > 0 {
		k = fld("column") SUBSEP fld("profile") SUBSEP fld("op")
		smp[k] = smp[k] " " sprintf("%.1f", fld("messages") / fld("elapsed_s"))
		speed(k)
	}
	fld("status") == "ok" && !atomic(fld("op")) && fld("size") == size {
		k = fld("column") SUBSEP fld("profile") SUBSEP fld("op")
		smp[k] = smp[k] " " fld("goodput_MBps")
		speed(k)
	}
	# READ and atomics (make bench-read): counts of their own; they count
	# for none of the goals of WRITE, SEND and the flows below. Atomics
	# rewind by go-back-N when a packet is lost (a fenced stock-format
	# request): their count is of the profiles without loss.
	# The rows of perftest (ib_*) count for no count: their ratios only.
	fld("op") ~ /^ib_/ { next }
	fld("op") ~ /^(read|cas|faa|awrite)$/ {
		c = fld("column"); fam = (fld("op") == "read" ? "read" : "atomic")
		# A link that went dark (mp-down: the row has a recovery time)
		# loses packets too: a READ on it alone has none after its hole.
		lossy = fld("netem") ~ /(^| )loss / || fld("recover_ms") != ""
		if (fam == "atomic" && lossy) next
		rd_rows[c, fam]++
		rd_gbn[c, fam] += fld("gbn_retry")
		# The timer may find a lost tail; with nothing lost, never.
		if (!lossy) {
			rd_calm[c, fam]++
			rd_rto[c, fam] += fld("read_rerequest_timeout")
		}
		if (fld("profile") == "loss1") {
			rd_loss_req[c] += fld("read_rerequest")
			rd_loss_rto[c] += fld("read_rerequest_timeout")
		}
		next
	}
	{
		c = fld("column"); p = fld("profile"); m = fld("emem_peak_blocks")
		rows[c, p]++
		gbn[c, p] += fld("gbn_retry")
		col_rows[c]++; col_gbn[c] += fld("gbn_retry")
		if (fld("status") != "ok") col_bad[c]++
		if (m != "" && m + 0 > peak[c]) peak[c] = m + 0
		if (m != "") haspeak[c] = 1
		data[c, p] += fld("data_pkts")
		fast[c, p] += fld("retx_nack") + fld("retx_reorder")
		retx[c, p] += fld("retx_timeout") + fld("retx_nack") + fld("retx_reorder")
		retx_op[c, p, fld("op")] += fld("retx_timeout") + fld("retx_nack") + fld("retx_reorder")
		op_rows[c, p, fld("op")]++
		# Stock on a profile with a lossy link: the rows whose QP the
		# hash put on that link (it carried most of their packets).
		if (c == "rdma_rxe" && fld("status") == "ok" && lossy_link(fld("netem")) != "") {
			lossy_all[c, p, fld("op")]++
			if (on_link(fld("link_pkts"), lossy_link(fld("netem")))) {
				lossy_n[c, p, fld("op")]++
				lossy_smp[c, p, fld("op")] = lossy_smp[c, p, fld("op")] " " fld("goodput_MBps")
			}
		}
		if (fld("ooo_p99") != "" && fld("op") == "write")
			p99smp[c, p] = p99smp[c, p] " " fld("ooo_p99")
		if (fld("status") != "ok") bad[c, p]++
		# The recovery from a path that came back (mp-down), per WRITE row.
		if (fld("status") == "ok" && fld("op") == "write" && fld("recover_ms") != "")
			rec[c, p] = rec[c, p] " " fld("recover_ms")
	}
	function have(c, p, o) { return ((c, p, o) in gp) }
	# speed K: the range of the kernel time per packet over the finished
	# rows of K (both guests; a run without the field has none).
	function speed(k,   u) {
		u = ("kcpu_us_per_pkt" in COL) ? fld("kcpu_us_per_pkt") : ""
		if (u == "" || u + 0 <= 0) return
		if (!(k in kmin) || u + 0 < kmin[k]) kmin[k] = u + 0
		if (!(k in kmax) || u + 0 > kmax[k]) kmax[k] = u + 0
	}
	# speed_note A B: under an undecided ratio, how far the kernel time per
	# packet ranged over the rows of each side. The same packets taking
	# twice the time in some rows of one side is the bed running slower
	# now and then, the spread that keeps the interval wide: more
	# repetitions (bench.sh -x) narrow it, a longer transfer does not.
	function speed_note(a, b) {
		if (!(a in kmin) || !(b in kmin)) return
		printf "    kernel us per packet over its rows: %.0f-%.0f / %.0f-%.0f\n",
		       kmin[a], kmax[a], kmin[b], kmax[b]
	}
	# lossy_link NETEM: K of the first "linkK: ... loss" of a profile, or "".
	function lossy_link(spec,   n, e, i) {
		n = split(spec, e, "; ")
		for (i = 1; i <= n; i++)
			if (e[i] ~ /^link[0-9]+:.* loss /)
				return substr(e[i], 5, index(e[i], ":") - 5) + 0
		return ""
	}
	# on_link PKTS K: link K carried the most of the packets "a/b/c/d".
	function on_link(pkts, k,   n, l, i) {
		n = split(pkts, l, "/")
		if (k + 1 > n || l[k + 1] + 0 == 0) return 0
		for (i = 1; i <= n; i++)
			if (l[i] + 0 > l[k + 1] + 0) return 0
		return 1
	}
	# lossy_goal GOAL OP COL PROF MIN: COL at least MIN times stock in the
	# rows where stock'"'"'s QP hashed onto the lossy link; undecided
	# when none did (more repetitions hash it elsewhere or there).
	function lossy_goal(goal, o, c, p, min,   v, n, b) {
		goal = goal " (" o ")"
		if (!have(c, p, o) || !((S, p, o) in lossy_all)) { report(goal, "", "n/a"); return }
		sides(c, p, S, p, fin[c, p, o], runs[c, p, o], lossy_n[S, p, o] + 0, lossy_all[S, p, o])
		G["op"] = o; G["target"] = min; G["bound"] = "at-least"
		if (!lossy_n[S, p, o]) {
			report(goal, sprintf("stock on the lossy link in none of its %d rows", lossy_all[S, p, o]),
			       "undecided")
			return
		}
		n = boot_sample(lossy_smp[S, p, o], v)
		b = boot_median(v, n)
		judge(goal, sprintf("%.2f / %.2f MB/s (stock on the lossy link) = ", gp[c, p, o], b),
		      b > 0 ? gp[c, p, o] / b : 0, smp[c, p, o], lossy_smp[S, p, o], min, 0)
	}
	function atomic(o) { return o == "cas" || o == "faa" || o == "awrite" || o == "ib_atomic_bw" }
	# A goal without figures is counted, not listed: a subset run (make
	# demo) has few of them. The row of a listed goal (-o) is in G[];
	# judge() fills it for a ratio.
	function report(goal, figs, verdict,   v, f, i, nf) {
		if (verdict != "n/a") {
			printf "%-54s %-60s %s\n", goal, figs, verdict
			nf = split(fields, f, ",")
			for (i = 1; i <= nf; i++)
				v[f[i]] = (f[i] in G) ? G[f[i]] : ""
			v["goal"] = goal; v["verdict"] = verdict
			gsub(/,/, ";", v["goal"])
			rows_out[++nout] = csv_row(fields, v)
		}
		split("", G)
		n[verdict]++
		last_verdict = verdict
	}
	# judge GOAL FIGS POINT A_SAMPLE B_SAMPLE MIN ATMOST: a ratio goal on
	# its interval (bootstrap.awk); G[] has its columns and counts.
	function judge(goal, figs, p, sa, sb, min, atmost,   has, k, lo, hi) {
		k = (G["a_finished"] < G["b_finished"] ? G["a_finished"] : G["b_finished"]) + 0
		has = boot_interval(sa, sb)
		lo = (has ? BOOT_LO : p); hi = (has ? BOOT_HI : p)
		# Without an interval the point alone decides, as for 1 finished.
		G["ratio"] = sprintf("%.4f", p); G["target"] = min
		G["bound"] = (atmost ? "at-most" : "at-least")
		if (has && k >= 2) { G["lo"] = sprintf("%.4f", lo); G["hi"] = sprintf("%.4f", hi) }
		report(goal, figs boot_cell(p, lo, hi, has, k,
					    boot_count(G["a_finished"], G["a_runs"], G["b_finished"], G["b_runs"])),
		       boot_verdict(p, lo, hi, has ? k : 1, min, atmost))
	}
	# sides A_COL A_PROF B_COL B_PROF FA RA FB RB: the two sides of a goal.
	function sides(ac, ap, bc, bp, fa, ra, fb, rb) {
		G["a_column"] = ac; G["a_profile"] = ap; G["a_finished"] = fa; G["a_runs"] = ra
		G["b_column"] = bc; G["b_profile"] = bp; G["b_finished"] = fb; G["b_runs"] = rb
	}
	# ratio_goal GOAL OP A_COL A_PROF B_COL B_PROF MIN
	function ratio_goal(goal, o, ac, ap, bc, bp, min,   a, b, r, fmt) {
		if (!have(ac, ap, o) || !have(bc, bp, o)) {
			report(goal " (" o ")", "", "n/a"); return
		}
		a = gp[ac, ap, o]; b = gp[bc, bp, o]
		sides(ac, ap, bc, bp, fin[ac, ap, o], runs[ac, ap, o], fin[bc, bp, o], runs[bc, bp, o])
		G["op"] = o
		if (a == "" || b == "") {
			report(goal " (" o ")", (a == "" ? "none finished" : "its base: none finished"),
			       (a == "" ? "missed" : "n/a"))
			return
		}
		r = b > 0 ? a / b : 0
		fmt = (atomic(o) ? "%.0f / %.0f op/s = " : "%.2f / %.2f MB/s = ")
		judge(goal " (" o ")", sprintf(fmt, a, b), r, smp[ac, ap, o], smp[bc, bp, o], min, 0)
		if (last_verdict == "undecided")
			speed_note(ac SUBSEP ap SUBSEP o, bc SUBSEP bp SUBSEP o)
	}
	# count_goal GOAL COL PROF WHAT MAX: a sum over the rows at most MAX.
	function count_goal(goal, c, p, what, max) {
		if (!((c, p) in rows)) { report(goal, "", "n/a"); return }
		report(goal, sprintf("%d", what), what <= max ? "met" : "missed")
	}
	# recover_goal GOAL COL PROF: in every finished WRITE of COL on PROF,
	# the goodput came back (ev_recover_ms), and the median of the times it
	# took is at most 1000 ms.
	function recover_goal(goal, c, p,   n, x, i, k, t, never, nv, v) {
		if (!((c, p) in rec)) { report(goal, "", "n/a"); return }
		n = split(rec[c, p], x, " ")
		for (i = 1; i <= n; i++)
			if (x[i] == "none") never++
			else v[++nv] = x[i] + 0
		for (i = 2; i <= nv; i++)
			for (k = i; k > 1 && v[k - 1] > v[k]; k--) {
				t = v[k]; v[k] = v[k - 1]; v[k - 1] = t
			}
		if (never) {
			report(goal, sprintf("%d of %d rows never back", never, n), "missed")
			return
		}
		t = nv % 2 ? v[(nv + 1) / 2] : (v[nv / 2] + v[nv / 2 + 1]) / 2
		report(goal, sprintf("median %d ms over %d rows (%s )", t, nv, rec[c, p]),
		       t <= 1000 ? "met" : "missed")
	}
	function rows_ok_goal(goal, c, p) {
		if (!((c, p) in rows)) { report(goal, "", "n/a"); return }
		report(goal, sprintf("%d of %d rows ok", rows[c, p] - bad[c, p], rows[c, p]),
		       bad[c, p] ? "missed" : "met")
	}
	# Multipath (make bench-multipath): a QP sprayed over four bonded links.
	function multipath_goals(   R, o) {
		R = "eun-eunomia+rr"; o = "write"
		ratio_goal("mp-equal: eunomia+rr >= 3.5x stock", o, R, "mp-equal", S, "mp-equal", 3.5)
		# The data of a READ are its responses, sprayed by the responder.
		ratio_goal("mp-equal: eunomia+rr >= 3.5x stock", "read", R, "mp-equal", S, "mp-equal", 3.5)
		# Of the one QP of the WRITE rows, the goal: in the flow workload
		# the QPs also reorder one another (they share the queues).
		if ((R, "mp-equal", o) in op_rows)
			count_goal("mp-equal: eunomia+rr resends 0", R, "mp-equal", retx_op[R, "mp-equal", o], 0)
		else
			report("mp-equal: eunomia+rr resends 0", "", "n/a")
		ratio_goal("mp-skew: eunomia+rr >= 3x stock", o, R, "mp-skew", S, "mp-skew", 3)
		rows_ok_goal("mp-down: eunomia+rr completes, every byte checked", R, "mp-down")
		recover_goal("mp-down: eunomia+rr goodput back within 1 s", R, "mp-down")
		fct_goal("flows mp-equal: eunomia+rr mean FCT <= 0.5x ECMP", fmean, smean, R, E, "mp-equal")
		fct_goal("flows mp-equal: eunomia+rr p99 FCT <= 0.5x ECMP", fp99, sp99, R, E, "mp-equal")
		policy_goals("mprdma")
		policy_goals("adaptive")
	}
	# below_goal GOAL COL BASE PROF: the median over the rows of COL of the
	# ooo degree p99 below that of BASE, by the interval of their ratio:
	# met when all of it is below 1, missed when none of it is.
	function below_goal(goal, c, b, p,   va, vb, na, nb, x, y, r, has, k, v) {
		if (!((c, p) in p99smp) || !((b, p) in p99smp)) { report(goal, "", "n/a"); return }
		na = boot_sample(p99smp[c, p], va); nb = boot_sample(p99smp[b, p], vb)
		x = boot_median(va, na); y = boot_median(vb, nb)
		sides(c, p, b, p, na, na, nb, nb)
		if (y <= 0) { report(goal, sprintf("%g against %g", x, y), "missed"); return }
		r = x / y; k = (na < nb ? na : nb)
		has = boot_interval(p99smp[c, p], p99smp[b, p]) && k >= boot_min_n()
		G["ratio"] = sprintf("%.4f", r); G["target"] = 1; G["bound"] = "below"
		if (has) {
			G["lo"] = sprintf("%.4f", BOOT_LO); G["hi"] = sprintf("%.4f", BOOT_HI)
			v = BOOT_HI < 1 ? "met" : BOOT_LO >= 1 ? "missed" : "undecided"
		} else {
			v = r * boot_far() <= 1 ? "met" : r >= 1 ? "missed" : "undecided"
		}
		report(goal, sprintf("%g against %g = ", x, y) \
			     boot_cell(r, BOOT_LO, BOOT_HI, has, k, "n=" na ", " nb), v)
	}
	# The goals of a policy that chooses paths by what they do.
	function policy_goals(pol,   R, M, o, a, b) {
		R = "eun-eunomia+rr"; M = "eun-eunomia+" pol; o = "write"
		ratio_goal("mp-skew: eunomia+" pol " >= 3x stock", o, M, "mp-skew", S, "mp-skew", 3)
		below_goal("mp-skew: " pol " ooo degree p99 below rr", M, R, "mp-skew")
		if ((M, "mp-lossy") in rows && (R, "mp-lossy") in rows) {
			a = retx[M, "mp-lossy"]; b = retx[R, "mp-lossy"]
			report("mp-lossy: " pol " resends <= 0.3x rr", sprintf("%d against %d", a, b),
			       a <= 0.3 * b ? "met" : "missed")
		} else {
			report("mp-lossy: " pol " resends <= 0.3x rr", "", "n/a")
		}
		ratio_goal("mp-lossy: " pol " >= rr", o, M, "mp-lossy", R, "mp-lossy", 1)
		lossy_goal("mp-lossy: " pol " >= 2x stock", o, M, "mp-lossy", 2)
		rows_ok_goal("mp-down: eunomia+" pol " completes, every byte checked", M, "mp-down")
		recover_goal("mp-down: eunomia+" pol " goodput back within 1 s", M, "mp-down")
		fct_goal("flows mp-equal: eunomia+" pol " mean FCT <= 0.5x ECMP", fmean, smean, M, E, "mp-equal")
		fct_goal("flows mp-equal: eunomia+" pol " p99 FCT <= 0.5x ECMP", fp99, sp99, M, E, "mp-equal")
	}
	# fct_goal GOAL FIG SAMPLES COL BASE PROF: FIG (a flow completion time,
	# its figures per repetition in SAMPLES) of COL at most half that of
	# BASE, the same QPs hashed onto one link each (ECMP).
	function fct_goal(goal, fig, sam, c, b, p,   x, y) {
		if (!((c, p) in fig) || !((b, p) in fig)) { report(goal, "", "n/a"); return }
		x = fig[c, p]; y = fig[b, p]
		sides(c, p, b, p, fcount[c, p], fruns[c, p], fcount[b, p], fruns[b, p])
		G["op"] = "flows"
		if (x == "" || y == "") { report(goal, "none finished", "missed"); return }
		judge(goal, sprintf("%.1f / %.1f ms = ", x / 1000, y / 1000), y > 0 ? x / y : 0,
		      sam[c, p], sam[b, p], 0.5, 1)
	}
	# READ and atomics (make bench-read): eunomia against its own delay1ms
	# and against stock, by eun-verify and by perftest; no re-request left
	# to the retransmit timer where nothing is lost, 90% of them before it
	# under loss 1%; no go-back-N rewind on a tracking QP.
	function read_goals(   i, o, j, t, T2, at, rd) {
		split("read ib_read_bw", rd, " ")
		for (i = 1; i <= 2; i++) {
			o = rd[i]
			ratio_goal("reorder: eunomia >= 0.9x its delay1ms", o, E, "reorder", E, "delay1ms", 0.9)
			ratio_goal("reorder: eunomia >= 2.5x stock", o, E, "reorder", S, "reorder", 2.5)
			ratio_goal("loss1: eunomia >= 3x stock", o, E, "loss1", S, "loss1", 3)
		}
		split("cas faa awrite ib_atomic_bw", at, " ")
		for (i = 1; i <= 4; i++) {
			o = at[i]
			ratio_goal("reorder: eunomia >= 0.9x its delay1ms", o, E, "reorder", E, "delay1ms", 0.9)
			ratio_goal("reorder: eunomia >= 2x stock", o, E, "reorder", S, "reorder", 2)
		}
		split("static eunomia", T2, " ")
		for (j = 1; j <= 2; j++) {
			t = "eun-" T2[j]
			read_count_goal("READ without loss: " T2[j] " re-requests by the timer 0", t, "read",
					rd_rto, rd_calm)
			read_count_goal("READ: " T2[j] " go-back-N events 0", t, "read", rd_gbn, rd_rows)
			read_count_goal("atomics without loss: " T2[j] " go-back-N events 0", t, "atomic",
					rd_gbn, rd_rows)
			read_before_timer_goal("loss1: READ " T2[j] " >= 90% of re-requests before the timer", t)
		}
	}
	# read_count_goal GOAL COL FAMILY SUMS ROWS: SUMS[COL, FAMILY] over its
	# ROWS[COL, FAMILY] rows is 0.
	function read_count_goal(goal, c, fam, sums, nrows) {
		if (!((c, fam) in nrows)) { report(goal, "", "n/a"); return }
		report(goal, sprintf("%d in %d rows", sums[c, fam], nrows[c, fam]),
		       sums[c, fam] ? "missed" : "met")
	}
	# read_before_timer_goal GOAL COL: of the READ re-requests of COL under
	# loss1, at least 90% went before the retransmit timer.
	function read_before_timer_goal(goal, c,   r) {
		if (!(c in rd_loss_req)) { report(goal, "", "n/a"); return }
		if (!rd_loss_req[c]) { report(goal, "no re-requests", "n/a"); return }
		r = 1 - rd_loss_rto[c] / rd_loss_req[c]
		report(goal, sprintf("%d of %d = %.1f%%", rd_loss_req[c] - rd_loss_rto[c],
				     rd_loss_req[c], 100 * r), r >= 0.9 ? "met" : "missed")
	}
	function finished_goal(goal, c, p, o) {
		if (!have(c, p, o)) { report(goal " (" o ")", "", "n/a"); return }
		G["op"] = o
		report(goal " (" o ")", sprintf("%d of %d at %d B", fin[c, p, o], runs[c, p, o], size),
		       fin[c, p, o] == runs[c, p, o] ? "met" : "missed")
	}
	END {
		if (CSV_BAD) exit 2
		E = "eun-eunomia"; S = "rdma_rxe"; T = "eun-static"
		split("write send", ops, " ")
		for (i = 1; i <= 2; i++) {
			o = ops[i]
			ratio_goal("none: eunomia >= 0.95x stock", o, E, "none", S, "none", 0.95)
			ratio_goal("reorder: eunomia >= 10x stock", o, E, "reorder", S, "reorder", 10)
			finished_goal("reorder50: every transfer completes", E, "reorder50", o)
			ratio_goal("reorder25-5ms: eunomia >= 0.7x its delay5ms", o, E, "reorder25-5ms", E, "delay5ms", 0.7)
			ratio_goal("loss1: eunomia >= 1.5x stock", o, E, "loss1", S, "loss1", 1.5)
			finished_goal("reorder25-loss0.5: every transfer completes", E, "reorder25-loss0.5", o)
			ratio_goal("reorder25-loss0.5: eunomia >= 5x stock", o, E, "reorder25-loss0.5", S, "reorder25-loss0.5", 5)
		}
		# Reordering alone costs eunomia at most 5% (25%) and 10% (50%) of
		# its goodput, by the clock of eun-verify and the figure of perftest.
		split("write send ib_write_bw ib_send_bw", wsp, " ")
		for (i = 1; i <= 4; i++) {
			o = wsp[i]
			ratio_goal("reorder: eunomia >= 0.95x its delay1ms", o, E, "reorder", E, "delay1ms", 0.95)
			ratio_goal("reorder50: eunomia >= 0.9x its delay1ms", o, E, "reorder50", E, "delay1ms", 0.9)
		}
		if ((E, "reorder") in rows) {
			r = data[E, "reorder"] ? retx[E, "reorder"] / data[E, "reorder"] : 0
			report("reorder: selective resends <= 0.5% of data packets",
			       sprintf("%d of %d = %.3f%%", retx[E, "reorder"], data[E, "reorder"], 100 * r),
			       r <= 0.005 ? "met" : "missed")
			report("reorder: go-back-N events 0", sprintf("%d", gbn[E, "reorder"]),
			       gbn[E, "reorder"] ? "missed" : "met")
		} else {
			report("reorder: selective resends <= 0.5% of data packets", "", "n/a")
			report("reorder: go-back-N events 0", "", "n/a")
		}
		if ((E, "loss1") in rows && retx[E, "loss1"]) {
			r = fast[E, "loss1"] / retx[E, "loss1"]
			report("loss1: >= 90% of resends without the timeout",
			       sprintf("%d of %d = %.1f%%", fast[E, "loss1"], retx[E, "loss1"], 100 * r),
			       r >= 0.9 ? "met" : "missed")
		} else {
			report("loss1: >= 90% of resends without the timeout", "no resends", "n/a")
		}
		report("eunomia: go-back-N events 0 in every profile", (E in col_rows) ? col_gbn[E] "" : "",
		       (E in col_rows) ? (col_gbn[E] ? "missed" : "met") : "n/a")
		report("static: every transfer completes, every byte checked",
		       (T in col_rows) ? sprintf("%d of %d rows ok", col_rows[T] - col_bad[T], col_rows[T]) : "",
		       (T in col_rows) ? (col_bad[T] ? "missed" : "met") : "n/a")
		if (haspeak[E] && haspeak[T])
			report("memory: eunomia peak below static peak",
			       sprintf("%d against %d blocks", peak[E], peak[T]),
			       peak[E] < peak[T] ? "met" : "missed")
		else
			report("memory: eunomia peak below static peak", "", "n/a")
		multipath_goals()
		read_goals()
		for (k in gp) { split(k, kk, SUBSEP); if (atomic(kk[3])) hasatom = 1 }
		printf "goals: %d met, %d missed, %d undecided, %d without figures in this run (ratios at %d B%s; %s)\n",
		       n["met"], n["missed"], n["undecided"], n["n/a"], size,
		       hasatom ? ", atomics in op/s" : "", boot
		if (out != "") {
			print fields > out
			for (i = 1; i <= nout; i++)
				print rows_out[i] > out
			close(out)
		}
		exit n["missed"] > 0
	}' "$sum" "$csv"
