#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The Eunomia memory experiment on the emulated memory: writes
# <results>/memory.csv (the five required columns), memory-layouts.csv
# (with the paper's 48-byte metadata layout and drops) and memory.png; then
# memwin.csv and memwin-loss.csv, one connection reordered across its
# whole in-flight window, without and with loss, with the module's HD
# growth (insert), and memwin-linear*.csv the same with the paper's.
#
# Usage: memory-experiment.sh <harness dir> <results dir> [memexp options]
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tools/testing/csv.sh
source "$here/../csv.sh"
out=${1:?harness dir}
results=${2:?results dir}
shift 2
mkdir -p "$results"

"$out/memexp" -o "$results/memory.csv" -x "$results/memory-layouts.csv" "$@"

echo "average bytes per connection, HD total (compact layout) by reorder degree; static beside:"
csv_awk 'FNR == 1 { csv_open(); next }
	{
		p = fld("ooo_conn_pct")
		v[p, fld("ooo_degree_pct")] = fld("hd_total_bytes")
		st[p] = fld("static_total_bytes")
	}
	END {
		if (CSV_BAD) exit 2
		printf "%-8s", "ooo%";
		for (d = 10; d <= 100; d += 10) printf "%7d%%", d;
		printf "%9s\n", "static";
		for (p = 0; p <= 100; p += 10) {
			printf "%-8d", p;
			for (d = 10; d <= 100; d += 10) printf "%8.1f", v[p, d];
			printf "%9.1f\n", st[p];
		}
	}' "$results/memory.csv"

# Every mix must stay below the static bitmap: that is the layout's claim.
csv_awk 'FNR == 1 { csv_open(); next }
	fld("hd_total_bytes") + 0 >= fld("static_total_bytes") + 0 {
		bad++
		print "memory-experiment: HD " fld("hd_total_bytes") " >= static " fld("static_total_bytes") \
		      " at " fld("ooo_conn_pct") "%/" fld("ooo_degree_pct") "%"
	}
	END { exit CSV_BAD ? 2 : bad > 0 }' "$results/memory.csv"

# One connection, the bed's deep cases: the module's default HD blocks
# (64 bits, inserted) must stay below the static bitmap at every delay,
# without and with 1% loss. The paper's linear growth is shown beside.
# memwin_table CSV: memwin's peaks as a table, its header first.
memwin_table()
{
	csv_awk 'FNR == 1 { csv_open(); print_row(); next } { print_row() }
		function print_row() {
			printf "%-8s%10s%10s%10s%12s\n", fld("delay"), fld("hd16_peak"),
			       fld("hd32_peak"), fld("hd64_peak"), fld("static_peak")
		}' "$1"
}

"$out/memwin" > "$results/memwin.csv"
"$out/memwin" -l 10 > "$results/memwin-loss.csv"
"$out/memwin" -g linear > "$results/memwin-linear.csv"
"$out/memwin" -g linear -l 10 > "$results/memwin-linear-loss.csv"
for f in memwin-linear memwin-linear-loss; do
	echo "peak blocks, $f (the paper's growth, not checked):"
	memwin_table "$results/$f.csv"
done
for f in memwin memwin-loss; do
	echo "peak blocks of one connection reordered by a fixed delay (window 128, insert growth)$([ $f = memwin ] || echo ', 1% loss'):"
	memwin_table "$results/$f.csv"
	csv_awk -v f="$f" 'FNR == 1 { csv_open(); next }
		fld("hd64_peak") + 0 >= fld("static_peak") + 0 {
			bad++
			print "memory-experiment: " f ", delay " fld("delay") ": HD (64-bit blocks) " \
			      fld("hd64_peak") " >= static " fld("static_peak")
		}
		END { exit CSV_BAD ? 2 : bad > 0 }' "$results/$f.csv" || exit 1
done

if command -v gnuplot >/dev/null; then
	gnuplot -e "csv='$results/memory-layouts.csv'; png='$results/memory.png'" \
		"$here/memory.gp"
	echo "memory-experiment: wrote $results/memory.csv, memory-layouts.csv, memory.png"
else
	echo "memory-experiment: gnuplot missing, no plot (tools/deps.sh harness)" >&2
	exit 1
fi
