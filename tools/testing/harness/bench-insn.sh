#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Instructions per packet of the reorder bitmaps, counted by callgrind
# (repeatable on a busy machine, unlike timings): only eun_bm_rx() and what
# it calls is collected. HD and static, in order / light (10% of packets
# late by up to 8) / heavy (50%, up to 48) / deep (50%, up to half the cap)
# reordering, caps 64..4096 bits. A check line per level then compares the
# HD cost with its goals (see below); it reports, it does not fail.
# HD blocks are BENCH_BLOCK_BITS bits (default 64, the module's default;
# 16 is the paper's) and grow the BENCH_GROW way (default insert, the
# module's; linear is the paper's).
#
# Usage: bench-insn.sh <harness dir> <results dir> [ticks]
set -euo pipefail

# shellcheck source=tools/testing/csv.sh
source "$(dirname "$0")/../csv.sh"
out=${1:?harness dir}
results=${2:?results dir}
ticks=${3:-5000}
block_bits=${BENCH_BLOCK_BITS:-64}
grow=${BENCH_GROW:-insert}
command -v valgrind >/dev/null || { echo "bench-insn: valgrind missing (tools/deps.sh harness)" >&2; exit 1; }
mkdir -p "$results"
csv=$results/insn.csv
caps="64 128 256 512 1024 2048 4096"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# shellcheck disable=SC2034 # read by name: csv_row, csv_header
fields=(kind level cap_bits packets instructions insn_per_packet)
csv_header fields > "$csv"
for kind in hd static; do
	for level in ${BENCH_LEVELS:-inorder light heavy deep}; do
		for cap in $caps; do
			timeout 600 valgrind --tool=callgrind --toggle-collect=eun_bm_rx \
				--callgrind-out-file="$tmp/cg.out" \
				"$out/bench" -k "$kind" -c "$cap" -b "$block_bits" -g "$grow" -l "$level" -t "$ticks" \
				> "$tmp/stdout" 2> "$tmp/stderr" ||
				{ cat "$tmp/stderr" >&2; exit 1; }
			pkts=$(awk '/^rx_calls/ { print $2 }' "$tmp/stdout")
			ir=$(awk '/Collected :/ { print $NF }' "$tmp/stderr")
			[ -n "$pkts" ] && [ -n "$ir" ] && [ "$pkts" -gt 0 ] ||
				{ echo "bench-insn: no count for $kind $level $cap" >&2; exit 1; }
			# shellcheck disable=SC2034 # read by name: csv_row, csv_header
			declare -A row=([kind]=$kind [level]=$level [cap_bits]=$cap
				[packets]=$pkts [instructions]=$ir
				[insn_per_packet]=$(awk -v i="$ir" -v p="$pkts" 'BEGIN { printf "%.1f", i / p }'))
			csv_row fields row >> "$csv"
		done
	done
done

echo "instructions per packet (callgrind, eun_bm_rx and callees; HD blocks of $block_bits bits, $grow growth):"
csv_awk -v caps="$caps" 'FNR == 1 { csv_open(); next }
	{ v[fld("kind") "," fld("level"), fld("cap_bits")] = fld("insn_per_packet") }
	END {
		if (CSV_BAD) exit 2
		printf "%-15s", "kind/level";
		n = split(caps, c, " ");
		for (i = 1; i <= n; i++) printf "%8s", c[i];
		printf "\n";
		m = split("hd,inorder hd,light hd,heavy hd,deep static,inorder static,light static,heavy static,deep", r, " ");
		for (j = 1; j <= m; j++) {
			printf "%-15s", r[j];
			for (i = 1; i <= n; i++) printf "%8s", v[r[j], c[i]];
			printf "\n";
		}
	}' "$csv"

# The cost goals of the HD bitmap, per level: at most $goal times the static
# bitmap at every cap, and flat in the cap (its dearest cap at most $goal
# times its cheapest). Reported, never fatal: the figures are the result.
goal=1.5
csv_awk -v goal="$goal" -v caps="$caps" 'FNR == 1 { csv_open(); next }
	{ v[fld("kind"), fld("level"), fld("cap_bits")] = fld("instructions") / fld("packets") }
	END {
		if (CSV_BAD) exit 2
		printf "check: goal: HD/static <= %s at every cap, HD max/min over caps <= %s\n",
		       goal, goal;
		nc = split(caps, cap, " ");
		n = split("inorder light heavy deep", l, " ");
		for (j = 1; j <= n; j++) {
			rmax = -1; hmax = -1; hmin = -1;
			for (i = 1; i <= nc; i++) {
				c = cap[i];
				if (!(("hd", l[j], c) in v) || !(("static", l[j], c) in v))
					continue;
				h = v["hd", l[j], c];
				r = h / v["static", l[j], c];
				if (r > rmax) { rmax = r; rcap = c }
				if (h > hmax) hmax = h;
				if (hmin < 0 || h < hmin) hmin = h;
			}
			if (rmax < 0)
				continue;
			printf "check: %-8s HD/static max %.2f (cap %s), HD max/min %.2f: %s\n",
			       l[j], rmax, rcap, hmax / hmin,
			       rmax <= goal && hmax / hmin <= goal ? "PASS" : "FAIL";
		}
	}' "$csv"
echo "bench-insn: wrote $csv"
