#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Host-side checks of tools/bench/bootstrap.awk, the intervals of the
# bench's ratios: the generator's sequence (the same in every awk), the
# same interval from the same figures and seed, a point from identical
# figures, the percentiles taken, and the verdicts at the boundaries of
# the rule goals.sh judges by.
set -uo pipefail

# The scripts under test.
here=$(cd "$(dirname "$0")/../../bench" && pwd)
# shellcheck source=tools/bench/lib.sh
source "$here/lib.sh"
# shellcheck source=tools/testing/tap.sh
source "$(dirname "$0")/../tap.sh"
tap_scratch
tap_start

# boot PROGRAM: run PROGRAM (BEGIN only) with bootstrap.awk loaded.
boot() { PATH=/usr/bin:/bin bench_awk "BEGIN { $1 }"; }
# iv A B: "LO HI" of the interval of median(A) / median(B).
iv() { boot "if (boot_interval(\"$1\", \"$2\")) print BOOT_LO, BOOT_HI; else print \"none\""; }

check "Park and Miller's generator: the 10000th draw from 1 is 1043618065" \
	"[ \"\$(boot 'boot_srand(1); for (i = 1; i <= 10000; i++) boot_rand(); printf \"%d\", BOOT_X')\" = 1043618065 ]"
check "the heap sort sorts" \
	"[ \"\$(boot 'n = split(\"5 3 9 1 1 8 2 7\", v, \" \"); for (i = 1; i <= n; i++) v[i] += 0; boot_hsort(v, n); for (i = 1; i <= n; i++) printf \"%s \", v[i]')\" = '1 1 2 3 5 7 8 9 ' ]"
a=$(iv "11.6 12.1 10.9 12.4 11.8" "13.66 13.1 14.2 12.9 13.5")
check "an interval of two varied samples is not a point" "[ \"\${a% *}\" != \"\${a#* }\" ]"
check "the same figures and seed: the same interval" \
	"[ \"\$(iv '11.6 12.1 10.9 12.4 11.8' '13.66 13.1 14.2 12.9 13.5')\" = '$a' ]"
check "the figures in another order: the same interval" \
	"[ \"\$(iv '12.4 10.9 11.8 11.6 12.1' '12.9 14.2 13.5 13.1 13.66')\" = '$a' ]"
check "a known interval (seed 1, 2000 resamples): 0.816901 0.923664" "[ '$a' = '0.816901 0.923664' ]"
b=$(BENCH_BOOT_SEED=2 iv "11.6 12.1 10.9 12.4 11.8 10.2 12.9 11.1 12.0" "13.66 13.1 14.2 12.9 13.5 12.2 14.8 13.0 13.9")
c=$(iv "11.6 12.1 10.9 12.4 11.8 10.2 12.9 11.1 12.0" "13.66 13.1 14.2 12.9 13.5 12.2 14.8 13.0 13.9")
check "another seed: other resamples" "[ '$b' != '$c' ]"
check "identical figures: the interval is the point" "[ \"\$(iv '5 5 5' '2 2 2')\" = '2.5 2.5' ]"
check "one figure each: the interval is the point" "[ \"\$(iv '6' '8')\" = '0.75 0.75' ]"
check "a median alone (no base)" "[ \"\$(iv '1 2 3 4 5 6 7 8 9' '')\" = '3 7' ]"
check "an empty sample has no interval" "[ \"\$(iv '' '1 2')\" = none ] && [ \"\$(iv '1 2' '0 0')\" = none ]"
# 20 resamples of 21 figures: the 2nd and 19th of the sorted medians.
check "the percentiles: r[N/20 + 1] and r[N - N/20]" \
	"[ \"\$(BENCH_BOOT_RESAMPLES=20 iv '1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21' '')\" = \
	   \"\$(boot 'BOOT_N = 20; boot_srand(1); n = split(\"1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21\", v, \" \"); for (i = 1; i <= n; i++) v[i] += 0; for (i = 1; i <= 20; i++) r[i] = boot_draw(v, n); boot_hsort(r, 20); print r[2], r[19]')\" ]"

# The verdicts: POINT LO HI N TARGET ATMOST -> verdict.
while read -r p lo hi n t m want why; do
	got=$(boot "print boot_verdict($p, $lo, $hi, $n, $t, $m)")
	check "$why: $want" "[ '$got' = '$want' ]"
done <<'EOF_V'
1.00 0.95 1.05 3 0.95 0 met at-least, interval's low end on the target
1.00 0.9499 1.05 3 0.95 0 undecided at-least, interval across the target
0.90 0.80 0.95 3 0.95 0 undecided at-least, interval's top on the target
0.90 0.80 0.9499 3 0.95 0 missed at-least, interval wholly short
1.50 1.40 1.60 2 1 0 undecided at-least, 2 finished: the interval does not decide
2.00 2.00 2.00 1 1 0 met at-least, 1 finished, twice the target
1.99 1.99 1.99 1 1 0 undecided at-least, 1 finished, under twice the target
0.50 0.50 0.50 2 1 0 undecided at-least, 2 finished, half the target
0.4999 0.4999 0.4999 1 1 0 missed at-least, 1 finished, under half the target
0.50 0.40 0.50 3 0.5 1 met at-most, interval's top on the target
0.50 0.40 0.5001 3 0.5 1 undecided at-most, interval across the target
0.60 0.5001 0.70 3 0.5 1 missed at-most, interval wholly above
0.25 0.25 0.25 1 0.5 1 met at-most, 1 finished, half the target
1.00 1.00 1.00 2 0.5 1 undecided at-most, 2 finished, twice the target
1.01 1.01 1.01 1 0.5 1 missed at-most, 1 finished, over twice the target
EOF_V

check "a cell: ratio, interval, repetitions" \
	"[ \"\$(boot 'print boot_cell(0.9712, 0.9051, 1.0449, 1, 3, boot_count(3, 3, 3, 3))')\" = '0.97x [0.91, 1.04] (n=3/3)' ]"
check "a cell: repetitions of each side when they differ" \
	"[ \"\$(boot 'print boot_cell(2, 1.5, 2.5, 1, 2, boot_count(2, 3, 3, 3))')\" = '2.00x [1.50, 2.50] (n=2/3, 3/3)' ]"
check "a cell of one finished: no interval" \
	"[ \"\$(boot 'print boot_cell(1.09, 1, 1.2, 1, 1, boot_count(1, 1, 1, 1))')\" = '1.09x (n=1/1, no interval)' ]"
BENCH_BOOT_RESAMPLES=5 PATH=/usr/bin:/bin bench_boot_check 2> "$tmp/err"
check "5 resamples refused, saying so" "[ $? -ne 0 ] && grep -q 'BENCH_BOOT_RESAMPLES' $tmp/err"

tap_end bootstrap
