#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The Eunomia memory experiment on the emulated memory: writes
# <results>/memory.csv (the five required columns), memory-layouts.csv
# (with the paper's 48-byte metadata layout and drops) and memory.png; then
# memwin.csv, one connection reordered across its whole in-flight window.
#
# Usage: memory-experiment.sh <harness dir> <results dir> [memexp options]
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
out=${1:?harness dir}
results=${2:?results dir}
shift 2
mkdir -p "$results"

"$out/memexp" -o "$results/memory.csv" -x "$results/memory-layouts.csv" "$@"

echo "average bytes per connection, HD total (compact layout) by reorder degree; static beside:"
awk -F, 'NR > 1 { v[$1, $2] = $4; st[$1] = $5; pcts[$1] = 1 }
	END {
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
awk -F, 'NR > 1 && $4 >= $5 { bad++; print "memory-experiment: HD " $4 " >= static " $5 " at " $1 "%/" $2 "%" }
	END { exit bad > 0 }' "$results/memory.csv"

# One connection, the bed's deep case: the module's default HD blocks
# (32 bits) must stay below the static bitmap at every delay.
"$out/memwin" > "$results/memwin.csv"
echo "peak blocks of one connection reordered by a fixed delay (window 128):"
awk -F, '{ printf "%-8s%10s%10s%10s%12s\n", $1, $2, $3, $4, $5 }' "$results/memwin.csv"
awk -F, 'NR > 1 && $3 >= $5 { bad++; print "memory-experiment: one connection, delay " $1 ": HD (32-bit blocks) " $3 " >= static " $5 }
	END { exit bad > 0 }' "$results/memwin.csv"

if command -v gnuplot >/dev/null; then
	gnuplot -e "csv='$results/memory-layouts.csv'; png='$results/memory.png'" \
		"$here/memory.gp"
	echo "memory-experiment: wrote $results/memory.csv, memory-layouts.csv, memory.png"
else
	echo "memory-experiment: gnuplot missing, no plot (tools/deps.sh harness)" >&2
	exit 1
fi
