#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The benchmark: boot the bed and run tools/bench/matrix.sh in it, the
# columns (stock rdma_rxe, then rdma_rxe_eun in each ooo_mode) taking
# turns for every repetition and profile (or, -b, one boot per column),
# then merge the rows into $RESULTS/bench.csv, take medians over the
# repetitions (bench-summary.csv), draw the plots and regenerate the table
# of Documentation/results.rst (tools/bench/summarize.sh), and print the
# goals of the ordering layer the run has figures for (goals.sh, written
# beside the summary as goals.txt). Each ratio has its bootstrap 90%
# interval over the repetitions, and a goal is met, missed or undecided
# by it (goals.sh); -x runs the undecided ones' transfers again.
#
# Every (column, profile, op, size, repetition) gets a row: a column whose
# module refused to load (parameters it rejects) or whose boot ended
# early fills its missing rows with status "unavailable" or "not-run".
#
# Usage: tools/bench/bench.sh [-b] [-c COLUMNS] [-p PROFILES] [-o OPS]
#                             [-z SIZES] [-n ITERS] [-d SECONDS] [-r REPS]
#                             [-t SECONDS] [-P SECONDS] [-N NAME] [-R RUN_DIR]
#                             [-x REPS] [-X SECONDS] [-s KEY=VALUE]...
#   -b  one boot per column, not one boot where the columns take turns: the
#       guests' speed drifts between boots, so ratios across columns are
#       less sure; a column that crashes its guests costs only its own rows
#   -c  columns: rdma_rxe and ooo modes (default "rdma_rxe gbn static eunomia"),
#       a mode with +SPRAY sprays its QPs over virtual paths (eunomia+rr,
#       static+mprdma: Documentation/multipath.rst), a mode with -wait
#       fences WRITE and SEND behind READs (after_read=wait: eunomia-wait),
#       then -rwUS starts the READ reorder window at US microseconds
#       (read_reo_wnd_us=US: eunomia-rw4000), then -miN lets a QP have N
#       PSNs unacknowledged (max_inflight=N: eunomia-mi512)
#   -p  profiles of tools/bench/profiles/ (default: all of the matrix)
#   -o  eun-verify ops, comma-separated (default write,send): write, send,
#       write_imm, read, cas, faa, awrite (ATOMIC WRITE); "write_read" mixes WRITEs and READs on
#       one QP (each message's op from the seed); "flows" is the flow workload
#       (tools/bench/matrix.sh): 8 QPs, web-search sizes; ib_read_bw,
#       ib_write_bw, ib_send_bw and ib_atomic_bw are perftest's, for -P
#       seconds each
#   -z  message sizes in bytes (default "4096 65536"); an atomic (cas,
#       faa, awrite, ib_atomic_bw) is 8 bytes: one row of size 8 per profile and
#       repetition
#   -n  messages per transfer (default 5000)
#   -d  or fewer: stop posting after SECONDS, 0..600, 0 for no such bound
#       (default 2); short transfers on emulated guests are noisy, and a
#       time bound keeps the fast ones long without the slow ones endless
#   -r  repetitions (default 3)
#   -t  bound of one transfer in seconds (default 45)
#   -P  seconds of traffic of each perftest op, 10..600 (default 60: its
#       set-up, 2-3 s on the bed, under 10% of the client's run)
#   -N  name of the run (default bench): results in $RESULTS/NAME.csv and
#       $RESULTS/NAME-TIMESTAMP/; only "bench" rewrites the table of
#       Documentation/results.rst ("multipath" its multipath table, "read"
#       its read table), another name writes NAME.rst beside its results
#       and prints it
#   -R  resume RUN_DIR, a run a guest crash cut short: boot again for the
#       profiles its crashed boot did not finish (give the run's own
#       options again), then merge as usual
#   -x  at most REPS (0..9, default 0) extra repetitions of the transfers
#       the undecided goals compare: after the run, one more boot where
#       just their columns take turns on just their profiles and ops (at
#       the largest size), numbered after the run's repetitions; then
#       the summary and the goals again over every repetition
#   -X  time budget of the extra repetitions in seconds, 60..14400
#       (default 600): fewer of them when their estimate (the longest
#       transfer the run had of each, plus set-up) does not fit, none
#       when one does not; the boot is cut at the budget
#   -s  another bed config key for every boot
# Env: BENCH_INTERVAL_MS=MS adds eun-verify's goodput per MS ms to the
#       JSON of every eun-verify transfer (tools/bench/matrix.sh);
#       BENCH_BLOCK=1 runs both sides of every eun-verify transfer with
#       --block (they sleep on completions, not poll): the busy CPU is
#       then the work done, the cost figure (Documentation/testing.rst);
#       BENCH_PERF_QPS=N (1..64) runs perftest's ops over N QPs (-q N):
#       their figures are the N QPs' together;
#       BENCH_NETEM_AT=ingress puts each guest's profile on the other
#       guest's ingress (an ifb device) instead of its own egress, on a
#       bed of one link: the packets leave the sending guest's emulated
#       NIC unimpaired (Documentation/testing.rst);
#       BENCH_FLOW_LOAD=L the flow workload's load, the share of the
#       links' capacity its flows offer (0.05..1, default 0.5), or
#       "closed" (tools/bench/matrix.sh)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
results=${RESULTS:-$repo/results}
prog=bench.sh
# shellcheck source=tools/bench/lib.sh
source "$here/lib.sh"

columns="rdma_rxe gbn static eunomia"
profiles="none delay1ms reorder5 reorder reorder50 delay5ms reorder25-5ms loss0.1 loss1 reorder25-loss0.5"
ops=write,send sizes="4096 65536" iters=5000 secs=2 reps=3 tmo=45 over=() name=bench resume=
perf_secs=60
per_column=
extra=0 extra_secs=600
while getopts "bc:p:o:z:n:d:r:t:P:N:R:x:X:s:h" o; do
	case $o in
	b) per_column=1 ;;
	c) columns=$OPTARG ;;
	p) profiles=$OPTARG ;;
	o) ops=$OPTARG ;;
	z) sizes=$OPTARG ;;
	n) iters=$OPTARG ;;
	d) secs=$OPTARG ;;
	r) reps=$OPTARG ;;
	t) tmo=$OPTARG ;;
	P) perf_secs=$OPTARG ;;
	N) name=$OPTARG ;;
	R) resume=$OPTARG ;;
	x) extra=$OPTARG ;;
	X) extra_secs=$OPTARG ;;
	s) over+=(-s "$OPTARG") ;;
	h) sed -n '3,/^set -euo/{/^set -euo/!p}' "$0"; exit 0 ;;
	*) echo "usage: $prog [-b] [-c COLUMNS] [-p PROFILES] [-o OPS] [-z SIZES] [-n ITERS] [-d SECONDS] [-r REPS] [-t SECONDS] [-P SECONDS] [-N NAME] [-R RUN_DIR] [-x REPS] [-X SECONDS] [-s KEY=VALUE]..." >&2
	   exit 2 ;;
	esac
done
die() { echo "$prog: $*" >&2; exit 2; }
for c in $columns; do
	[[ $c =~ ^(rdma_rxe|(gbn|static|eunomia)(\+(rr|random|mprdma|adaptive))?(-wait)?(-rw[1-9][0-9]*)?(-mi[1-9][0-9]*)?(-hc[1-9][0-9]*)?)$ ]] ||
		die "-c: unknown column '$c' (rdma_rxe, or gbn, static, eunomia with +rr, +random, +mprdma, +adaptive or without, then -wait or not, then -rwUS or not, then -miN or not, then -hcN or not)"
	# The guests name a column by the parameters it loads, defaults left
	# out (matrix.sh's column()): its rows would be another's.
	[[ $c =~ -rw4000(-|$) ]] &&
		die "-c: '$c': 4000 is read_reo_wnd_us's default, name the column without -rw4000"
	[[ $c =~ -mi128(-|$) ]] &&
		die "-c: '$c': 128 is max_inflight's default, name the column without -mi128"
	[[ $c =~ -hc1024$ ]] &&
		die "-c: '$c': 1024 is hd_cap_bits's default, name the column without -hc1024"
done
ops_re='(write|send|write_imm|read|write_read|cas|faa|awrite|flows|ib_read_bw|ib_write_bw|ib_send_bw|ib_atomic_bw)'
[[ $ops =~ ^$ops_re(,$ops_re)*$ ]] ||
	die "-o: '$ops' is not a comma-separated list of write, send, write_imm, read, write_read, cas, faa, awrite, flows, ib_read_bw, ib_write_bw, ib_send_bw, ib_atomic_bw"
[[ $name =~ ^[a-z][a-z0-9-]{0,30}$ ]] || die "-N: '$name' is not a lower-case name"
[[ $reps =~ ^[1-9]$ ]] || die "-r: '$reps' is not 1..9"
[[ $iters =~ ^[1-9][0-9]{0,6}$ ]] || die "-n: '$iters' is not 1..9999999"
[[ $secs =~ ^[0-9]+$ ]] && [ "$secs" -le 600 ] || die "-d: '$secs' is not 0..600"
[[ $tmo =~ ^[0-9]+$ ]] && [ "$tmo" -ge 10 ] && [ "$tmo" -le 1800 ] || die "-t: '$tmo' is not 10..1800"
[[ $perf_secs =~ ^[0-9]+$ ]] && [ "$perf_secs" -ge 10 ] && [ "$perf_secs" -le 600 ] ||
	die "-P: '$perf_secs' is not 10..600"
[[ $extra =~ ^[0-9]$ ]] || die "-x: '$extra' is not 0..9"
perf_qps=${BENCH_PERF_QPS:-1}
[[ $perf_qps =~ ^[1-9][0-9]?$ ]] && [ "$perf_qps" -le 64 ] ||
	die "BENCH_PERF_QPS: '$perf_qps' is not 1..64"
netem_at=${BENCH_NETEM_AT:-egress}
case $netem_at in
egress) ;;
ingress) [[ " ${over[*]} " != *" BOND=1 "* ]] ||
	die "BENCH_NETEM_AT=ingress: a bed of one link only, not BOND=1" ;;
*) die "BENCH_NETEM_AT: '$netem_at' is neither egress nor ingress" ;;
esac
bench_flow_load_check || exit 2
flow_size=$(bench_flow_size)
[[ $extra_secs =~ ^[0-9]{1,5}$ ]] && [ "$extra_secs" -ge 60 ] && [ "$extra_secs" -le 14400 ] ||
	die "-X: '$extra_secs' is not 60..14400"
for p in $profiles; do
	profile_parse "$p" > /dev/null || die "-p: profile '$p' refused (tools/bench/profiles/$p)"
done
[ -x "$repo/build/eun-verify" ] || die "build/eun-verify missing: run make tools"
[ -f "$repo/build/rdma_rxe_eun.ko" ] || die "build/rdma_rxe_eun.ko missing: run make module"
# A module older than its sources would measure some other commit.
stale=$(find "$repo/drivers" "$repo/include" "$repo/Kbuild" -newer "$repo/build/rdma_rxe_eun.ko" \
	-type f -print -quit)
[ -z "$stale" ] || die "build/rdma_rxe_eun.ko is older than ${stale#"$repo"/}: run make module"

nprof=$(wc -w <<< "$profiles") nsizes=$(wc -w <<< "$sizes") nops=$(tr ',' ' ' <<< "$ops" | wc -w)
# The flow workload draws its own sizes, an atomic is 8 bytes: one
# transfer per profile each. perftest's transfers run -P seconds each.
nonesize=0 nperf=0
for o in flows cas faa awrite ib_atomic_bw; do
	[[ ,$ops, == *,$o,* ]] && nonesize=$((nonesize + 1))
done
for o in ib_read_bw ib_write_bw ib_send_bw; do
	[[ ,$ops, == *,$o,* ]] && nperf=$((nperf + nsizes))
done
[[ ,$ops, == *,ib_atomic_bw,* ]] && nperf=$((nperf + 1))
per_prof=$(( (nops - nonesize) * nsizes + nonesize ))
n=$((nprof * per_prof * reps))
# A boot: one column (-b), or all of them taking turns, one unit "all".
units=$columns cols_per_unit=1
[ -n "$per_column" ] || units=all cols_per_unit=$(wc -w <<< "$columns")
# Each transfer: its bound plus eun-verify's set-up and the barriers, and
# a module load per column's turn.
test_tmo=$((cols_per_unit * (n * (tmo + 40) + nprof * reps * (60 + nperf * perf_secs)) + 60))
[ $test_tmo -le 13800 ] || test_tmo=13800
if [ -n "$resume" ]; then
	top=$(cd "$resume" 2>/dev/null && pwd) || die "-R: no run folder '$resume'"
else
	top=$results/$name-$(date +%Y%m%d-%H%M%S)
	mkdir -p "$top"
fi
echo "$prog: $n transfers per column, columns: $columns; results in $top"
# Each profile as the rows name it (its netem column), for the rows of
# transfers that did not run.
for p in $profiles; do
	printf '%s\t%s\n' "$p" "$(profile_spec "$p")"
done > "$top/profiles.txt"

# run_unit UNIT DIR PROFILES: one boot of the bed running the matrix, for
# one column or (UNIT "all") for every column in turn.
run_unit()
{
	local u=$1 dir=$2 profs=$3 mod turns=

	mod=(-s MODULE=rdma_rxe_eun
	     -s "MODULE_PARAMS=$(column_params "$u")")
	[ "$u" = rdma_rxe ] && mod=(-s MODULE=rdma_rxe)
	if [ "$u" = all ]; then
		# The boot loads rdma_rxe_eun; the first column's turn reloads.
		mod=(-s MODULE=rdma_rxe_eun -s MODULE_PARAMS=ooo_mode=eunomia)
		turns=" BENCH_COLUMNS=$(tr ' ' ',' <<< "$columns")"
	fi
	[[ ${BENCH_INTERVAL_MS:-} =~ ^[0-9]+$ ]] &&
		turns+=" BENCH_INTERVAL_MS=$BENCH_INTERVAL_MS"
	[ "${BENCH_BLOCK:-0}" = 1 ] && turns+=" BENCH_BLOCK=1"
	[ "$perf_qps" = 1 ] || turns+=" BENCH_PERF_QPS=$perf_qps"
	[ "$netem_at" = egress ] || turns+=" BENCH_NETEM_AT=$netem_at"
	turns+=" BENCH_FLOW_LOAD=${BENCH_FLOW_LOAD:-0.5}"
	"$repo/tools/vm/bed.sh" -o "$dir" -s NAME="bench-$u" "${mod[@]}" \
		-s "PROFILES=$profs" -s "SIZES=$sizes" -s ITERS="$iters" \
		-s TEST_TIMEOUT=$test_tmo -s RUN_TIMEOUT=$((test_tmo + 600)) \
		-s "JOB_ENV=BENCH_OPS=$ops BENCH_REPS=$reps BENCH_XFER_TIMEOUT=$tmo BENCH_SECONDS=$secs BENCH_PERF_SECONDS=$perf_secs$turns" \
		-t tools/bench/matrix.sh "${over[@]}" "$repo/tools/vm/configs/bench.conf"
}

# rows_done CSV: the profiles of a matrix.csv with every row there.
rows_done()
{
	[ -f "$1" ] || return 0
	csv_awk -v want=$((cols_per_unit * per_prof * reps)) '
		FNR == 1 { csv_open(); next }
		{ n[fld("profile")]++ }
		END { if (CSV_BAD) exit 2; for (p in n) if (n[p] == want) print p }' "$1"
}

# A guest kernel crash (tools/vm/console-scan.sh) ends a boot early: boot
# again for the profiles not finished, at most twice. The crash stays in
# the boot's folder and in crashes.txt; only whole profiles are kept.
# crashed DIR: a guest kernel of that boot crashed (tools/vm/console-scan.sh).
crashed() { grep -q '^[ab] crash ' "$1/kernel.txt" 2>/dev/null; }

# column_boots UNIT: the unit's boot folders so far, in order.
column_boots()
{
	local b

	[ -d "$top/$1" ] || return 0
	echo "$top/$1"
	for b in 2 3; do
		[ -d "$top/$1-boot$b" ] && echo "$top/$1-boot$b"
	done
	return 0
}

# profiles_left UNIT: profiles no boot of the unit finished whole.
profiles_left()
{
	local d p finished="" left=""

	for d in $(column_boots "$1"); do
		finished="$finished $(rows_done "$d/b/matrix/matrix.csv" | tr '\n' ' ')"
	done
	for p in $profiles; do
		[[ " $finished " == *" $p "* ]] || left="$left $p"
	done
	echo "${left# }"
}

# A guest kernel crash ends a boot early: boot again for the profiles not
# finished, at most three boots per column. Every crash is in the boot's
# folder and in crashes.txt; only whole profiles of a cut boot are kept.
status=0
for u in $units; do
	mapfile -t boots < <(column_boots "$u")
	n_boots=${#boots[@]}
	if [ "$n_boots" -gt 0 ] && ! crashed "${boots[$((n_boots - 1))]}"; then
		echo "$prog: === $u: done in $top"
		continue
	fi
	echo "$prog: === ${u/#all/columns $columns, in turn}"
	for boot in $(seq $((n_boots + 1)) 3); do
		left=$(profiles_left "$u")
		[ -n "$left" ] || break
		dir=$top/$u
		[ "$boot" -eq 1 ] || dir=$top/$u-boot$boot
		[ "$boot" -eq 1 ] || echo "$prog: booting $u again (boot $boot) for: $left"
		run_unit "$u" "$dir" "$left" && break
		crashed "$dir" || { status=1; break; }
		[ "$boot" -lt 3 ] || status=1
	done
done

# Every crash of every boot, this run's and a resumed run's.
for u in $units; do
	b=1
	while read -r d; do
		awk -v c="$u" -v b="$b" '$2 == "crash" { print c " boot " b ": " $0 }' \
			"$d/kernel.txt" 2>/dev/null
		b=$((b + 1))
	done < <(column_boots "$u")
done > "$top/crashes.txt"

# Merge, and give every expected row a line.
csv=$results/$name.csv
{
	echo "$BENCH_MATRIX_HEADER"
	for c in $columns; do
		u=$c
		[ -n "$per_column" ] || u=all
		name_in_csv=eun-$c
		[ "$c" = rdma_rxe ] && name_in_csv=$c
		# Every boot of the unit: a boot a crash cut short gives only
		# its whole profiles (the next boot ran the rest), the last all.
		f=$top/$c.rows
		echo "$BENCH_MATRIX_HEADER" > "$f"
		mapfile -t boots < <(column_boots "$u")
		for i in "${!boots[@]}"; do
			m=${boots[$i]}/b/matrix/matrix.csv
			[ -f "$m" ] || continue
			keep=
			[ $((i + 1)) -lt ${#boots[@]} ] && keep=" $(rows_done "$m" | tr '\n' ' ')"
			csv_awk -v keep="$keep" -v col="$name_in_csv" '
				FNR == 1 { csv_open(); next }
				fld("column") == col &&
					(keep == "" || index(keep, " " fld("profile") " "))' "$m" >> "$f"
		done
		why=not-run
		grep -q "^$u boot" "$top/crashes.txt" && why=crash
		grep -qs "invalid for parameter" "$top/$u"/[ab]/console.log "$top/$u"/[ab]/dmesg*.txt &&
			why=unavailable
		csv_awk -v col="$c" -v why="$why" -v profiles="$profiles" -v ops="$ops" \
			-v sizes="$sizes" -v reps="$reps" -v iters="$iters" -v specs="$top/profiles.txt" \
			-v flow_size="$flow_size" \
			-v fields="$BENCH_MATRIX_HEADER" '
			function spec(p,   l, t) {
				while ((getline l < specs) > 0)
					if (split(l, t, "\t") >= 1 && t[1] == p) { close(specs); return t[2] }
				close(specs); return ""
			}
			# missing(P, O, S, R): the row of a transfer that did not run.
			function missing(p, o, s, r,   v, f, n, i) {
				n = split(fields, f, ",")
				for (i = 1; i <= n; i++)
					v[f[i]] = ""
				v["column"] = (col == "rdma_rxe" ? col : "eun-" col)
				v["profile"] = p; v["netem"] = spec(p); v["op"] = o
				v["size"] = s; v["messages"] = iters; v["rep"] = r
				v["status"] = why
				return csv_row(fields, v)
			}
			FNR == 1 { csv_open(); next }
			{ have[fld("profile"), fld("op"), fld("size"), fld("rep")] = 1; print }
			END {
				if (CSV_BAD) exit 2
				np = split(profiles, P, " "); no = split(ops, O, ","); ns = split(sizes, S, " ")
				for (i = 1; i <= np; i++) for (j = 1; j <= no; j++)
				for (k = 1; k <= ns; k++) for (r = 1; r <= reps; r++) {
					sz = (O[j] == "flows" ? flow_size : O[j] ~ /^(cas|faa|awrite|ib_atomic_bw)$/ ? 8 : S[k])
					if (O[j] ~ /^(flows|cas|faa|awrite|ib_atomic_bw)$/ && k > 1)
						continue
					if (!have[P[i], O[j], sz, r])
						print missing(P[i], O[j], sz, r)
				}
			}' "$f"
	done
} > "$csv.tmp"
mv "$csv.tmp" "$csv"
cp "$csv" "$top/bench.csv"

# extra_plan PRE_DIR: the transfers of the goals undecided in the run so
# far (summarized into PRE_DIR), as BENCH_ONLY words COLUMN:PROFILE:OP,
# one a line; nothing when every goal is decided.
extra_plan()
{
	"$here/summarize.sh" "$csv" "$1" "$1/no-table.rst" > /dev/null || return 1
	[ -f "$1/goals.csv" ] || return 1
	csv_awk 'FNR == 1 { csv_open(); next }
		fld("verdict") == "undecided" && fld("bound") != "" {
			for (s = 1; s <= 2; s++) {
				c = fld(s == 1 ? "a_column" : "b_column")
				sub(/^eun-/, "", c)
				w = c ":" fld(s == 1 ? "a_profile" : "b_profile") ":" fld("op")
				if (!seen[w]++) print w
			}
		}
		END { if (CSV_BAD) exit 2 }' "$1/goals.csv"
}

# extra_estimate WORDS SIZE: seconds one repetition of the transfers
# WORDS takes, by the longest of each in the run (its bound when one did
# not finish) plus 5 s of set-up each (some 3 s on the bed).
extra_estimate()
{
	csv_awk -v words=" $1 " -v size="$2" -v tmo="$tmo" 'FNR == 1 { csv_open(); next }
		{
			c = fld("column"); sub(/^eun-/, "", c)
			w = c ":" fld("profile") ":" fld("op")
			if (!index(words, " " w " ")) next
			if (fld("size") != size && fld("op") !~ /^(flows|cas|faa|awrite)$/) next
			t = (fld("status") == "ok" ? fld("elapsed_s") + 0 : tmo)
			if (!(w in long) || t > long[w]) long[w] = t
		}
		END {
			if (CSV_BAD) exit 2
			for (w in long) s += long[w] + 5
			printf "%d\n", s + 0.5
		}' "$csv"
}

# extra_round: -x, the undecided goals' transfers again, interleaved in
# one boot, their rows appended to the run's.
extra_round()
{
	local pre=$top/before-extra words big per k est cols profs xops dir t

	mkdir -p "$pre"
	words=$(extra_plan "$pre") || { echo "$prog: no goals to plan extra repetitions by" >&2; return 1; }
	if [ -z "$words" ]; then
		echo "$prog: no goal undecided, no extra repetition"
		return 0
	fi
	words=$(tr '\n' ' ' <<< "$words")
	big=$(tr ' ' '\n' <<< "$sizes" | sort -n | tail -n 1)
	per=$(extra_estimate "$words" "$big") || return 1
	# A boot (30 s; some 10 s on the bed), a warm-up per column (5 s),
	# then K rounds of the transfers.
	cols=$(tr ' ' '\n' <<< "$words" | cut -d: -f1 | sort -u | tr '\n' ' ')
	xops=$(tr ' ' '\n' <<< "$words" | cut -d: -f3 | sort -u | paste -sd, -)
	profs=
	for p in $profiles; do
		[[ " $words" != *":$p:"* ]] || profs+="$p "
	done
	k=$extra
	est=$((30 + $(wc -w <<< "$cols") * 5 + k * per))
	while [ "$k" -gt 0 ] && [ "$est" -gt "$extra_secs" ]; do
		k=$((k - 1))
		est=$((30 + $(wc -w <<< "$cols") * 5 + k * per))
	done
	echo "$prog: undecided goals compare: $words"
	if [ "$k" -eq 0 ]; then
		echo "$prog: no extra repetition: one takes some $((30 + $(wc -w <<< "$cols") * 5 + per)) s, over the budget of ${extra_secs} s (-X)"
		return 0
	fi
	echo "$prog: === $k extra repetition(s), about ${est} s of ${extra_secs} s (-X): ${cols% }, in turn"
	dir=$top/extra
	t=$((extra_secs - 30))
	if [ -d "$dir" ]; then
		# A resumed run (-R) keeps the extra boot it had.
		echo "$prog: the extra repetitions of $dir kept"
	elif ! "$repo/tools/vm/bed.sh" -o "$dir" -s NAME=bench-extra \
		-s MODULE=rdma_rxe_eun -s MODULE_PARAMS=ooo_mode=eunomia \
		-s "PROFILES=${profs% }" -s "SIZES=$big" -s ITERS="$iters" \
		-s TEST_TIMEOUT=$t -s RUN_TIMEOUT=$((extra_secs + 30)) \
		-s "JOB_ENV=BENCH_OPS=$xops BENCH_REPS=$k BENCH_REP_FIRST=$((reps + 1)) BENCH_ONLY=$(tr ' ' ',' <<< "${words% }") BENCH_XFER_TIMEOUT=$tmo BENCH_SECONDS=$secs BENCH_PERF_SECONDS=$perf_secs BENCH_COLUMNS=$(tr ' ' ',' <<< "${cols% }") BENCH_FLOW_LOAD=${BENCH_FLOW_LOAD:-0.5} BENCH_NETEM_AT=$netem_at BENCH_PERF_QPS=$perf_qps BENCH_BLOCK=${BENCH_BLOCK:-0}" \
		-t tools/bench/matrix.sh "${over[@]}" "$repo/tools/vm/configs/bench.conf"; then
		echo "$prog: the extra boot ended failed or cut at its budget: its finished rows are kept"
	fi
	if crashed "$dir"; then
		awk '$2 == "crash" { print "extra boot: " $0 }' "$dir/kernel.txt" >> "$top/crashes.txt"
	fi
	# Every row the extra boot wrote: a transfer cut short has none.
	[ -f "$dir/b/matrix/matrix.csv" ] || return 0
	csv_awk 'FNR == 1 { csv_open(); next } { print }' "$dir/b/matrix/matrix.csv" >> "$csv"
	cp "$csv" "$top/bench.csv"
	echo "$prog: $(($(wc -l < "$dir/b/matrix/matrix.csv") - 1)) extra rows in $csv"
}

if [ "$extra" -gt 0 ]; then
	extra_round || status=1
fi
[ -s "$top/crashes.txt" ] &&
	echo "$prog: guest crashes: $(wc -l < "$top/crashes.txt") ($top/crashes.txt); the columns booted again" &&
	sed 's/^/  /' "$top/crashes.txt"
if [ "$name" = bench ]; then
	"$here/summarize.sh" "$csv" "$results" || status=1
else
	printf '%s\n' ".. bench table begin" ".. bench table end" > "$top/$name.rst"
	"$here/summarize.sh" "$csv" "$top" "$top/$name.rst" || status=1
	# The multipath and READ matrices have their own tables in
	# Documentation/results.rst.
	case $name in
	multipath|read)
		"$here/summarize.sh" "$csv" "$top" "$repo/Documentation/results.rst" \
			"$name table" > /dev/null || status=1 ;;
	esac
	echo
	sed -n '/bench table begin/,/bench table end/p' "$top/$name.rst" | sed '1d;$d'
fi
# The table printed above for a named run ends with them already.
if [ "$name" = bench ]; then
	echo
	cat "$results/goals.txt"
fi
echo "$prog: wall time $(( SECONDS / 60 )) min $(( SECONDS % 60 )) s"
exit $status
