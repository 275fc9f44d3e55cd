#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Result CSV files by field name (tools/testing/csv.sh, csv.awk): rows are
# built from the header's field list, and a row or a reader that does not
# match the header fails instead of shifting figures into another column.
set -uo pipefail

repo=$(cd "$(dirname "$0")/../../.." && pwd)
# shellcheck source=tools/bench/lib.sh
source "$repo/tools/bench/lib.sh"
# shellcheck source=tools/testing/tap.sh
source "$repo/tools/testing/tap.sh"
tap_scratch
tap_start

declare -A r
full() { local f; r=(); for f in "${BENCH_MATRIX_FIELDS[@]}"; do r[$f]=$f; done; }

full
check "a row holds every field in the header's order" \
	"[ \"$(csv_row BENCH_MATRIX_FIELDS r)\" = \"$BENCH_MATRIX_HEADER\" ]"
unset 'r[wsync_held]'
out=$(csv_row BENCH_MATRIX_FIELDS r 2> "$tmp/err"); rc=$?
check "a field without a value fails and names it" \
	"[ $rc -ne 0 ] && [ -z \"$out\" ] && grep -q \"no value for field 'wsync_held'\" $tmp/err"
full; r[gbn_retries]=0
out=$(csv_row BENCH_MATRIX_FIELDS r 2> "$tmp/err"); rc=$?
check "a value for no field fails and names it" \
	"[ $rc -ne 0 ] && [ -z \"$out\" ] && grep -q \"'gbn_retries' is not a field\" $tmp/err"
full; r[netem]="rate 1mbit, limit 10"
out=$(csv_row BENCH_MATRIX_FIELDS r 2> "$tmp/err"); rc=$?
check "a value with a comma fails" "[ $rc -ne 0 ] && [ -z \"$out\" ]"
full; r[netem]="delay 1ms reorder 25% 50%"
IFS=, read -r -a got <<< "$(csv_row BENCH_MATRIX_FIELDS r)"
check "a value with blanks is one field" \
	"[ ${#got[@]} -eq ${#BENCH_MATRIX_FIELDS[@]} ] && [ '${got[2]}' = 'delay 1ms reorder 25% 50%' ]"

# Every row built in a script names each field of its list once.
checked=()
# fields_of FILE VAR: the words of the array VAR=( ... ) in FILE, and of
# every VAR+=( ... ) after it (fields some rows add).
fields_of()
{
	awk -v v="$2=(" -v a="$2+=(" '
		!on && !seen && index($0, v) { on = seen = 1; $0 = substr($0, index($0, v) + length(v)) }
		!on && seen && index($0, a) { on = 1; $0 = substr($0, index($0, a) + length(a)) }
		on { if (index($0, ")")) { sub(/\).*/, ""); on = 0 } print }' "$1" |
		tr -s ' \t' '\n\n' | grep . | sort
}
# row_keys FILE: the keys of the row=( ... ) FILE gives csv_row.
row_keys()
{
	sed -n '/-A row=(/,/csv_row /p' "$1" | grep -o '\[[a-z_A-Z0-9]*\]=' | tr -d '[]=' | sort
}
for w in tools/bench/matrix.sh:tools/bench/lib.sh:BENCH_MATRIX_FIELDS \
	 selftests/lib.sh:selftests/lib.sh:BED_PERF_FIELDS \
	 selftests/eun_verify.sh:selftests/eun_verify.sh:fields \
	 tools/eun-verify/bed-goodput.sh:tools/eun-verify/bed-goodput.sh:fields \
	 tools/vm/soak.sh:tools/vm/soak.sh:fields \
	 tools/testing/harness/bench-insn.sh:tools/testing/harness/bench-insn.sh:fields; do
	IFS=: read -r file list var <<< "$w"
	checked+=("$file")
	want=$(fields_of "$repo/$list" "$var")
	keys=$(row_keys "$repo/$file")
	check "$file: its row names each field of $var once" \
		"[ -n \"\$want\" ] && [ \"\$keys\" = \"\$want\" ]"
done
builders=$(grep -rl --include=*.sh 'csv_row [A-Za-z_]* [a-z]' "$repo/selftests" "$repo/tools" |
	grep -v -e '/test-[^/]*$' -e '/csv.sh$' | sed "s|^$repo/||" | sort)
check "every script that builds a row is checked above" \
	"[ \"\$builders\" = \"\$(printf '%s\\n' \"\${checked[@]}\" | sort)\" ]"

# Readers by name: a field a reader asks for and the header lacks stops it.
printf 'column,size\nx,1\n' > "$tmp/a.csv"
out=$(csv_awk 'FNR == 1 { csv_open(); next } { print fld("size"), fld("column") }' "$tmp/a.csv")
check "fld reads by name" "[ \"$out\" = '1 x' ]"
printf 'size,column\n1,x\n' > "$tmp/b.csv"
out=$(csv_awk 'FNR == 1 { csv_open(); next } { print fld("size"), fld("column") }' "$tmp/b.csv")
check "fld follows a moved column" "[ \"$out\" = '1 x' ]"
csv_awk 'FNR == 1 { csv_open(); next } { print fld("goodput") } END { if (CSV_BAD) exit 2 }' \
	"$tmp/a.csv" > "$tmp/out" 2> "$tmp/err"
rc=$?
check "a field the header lacks: exit 2 and names it" \
	"[ $rc -eq 2 ] && [ ! -s $tmp/out ] && grep -q \"no field 'goodput'\" $tmp/err"

# The bench's readers on a header with one field renamed.
full
for f in "${BENCH_MATRIX_FIELDS[@]}"; do r[$f]=1; done
r[column]=eun-eunomia r[profile]=none r[op]=write r[status]=ok
{ echo "$BENCH_MATRIX_HEADER"; csv_row BENCH_MATRIX_FIELDS r; } > "$tmp/m.csv"
printf '.. bench table begin\n.. bench table end\n' > "$tmp/r.rst"
PATH=/usr/bin:/bin "$repo/tools/bench/summarize.sh" "$tmp/m.csv" "$tmp" "$tmp/r.rst" > "$tmp/out" 2>&1
check "summarize.sh reads a matrix by name" "[ $? -eq 0 ] && [ \$(wc -l < $tmp/bench-summary.csv) -eq 2 ]"
PATH=/usr/bin:/bin "$repo/tools/bench/goals.sh" "$tmp/m.csv" "$tmp/bench-summary.csv" > "$tmp/out" 2>&1
check "goals.sh reads a matrix by name" "[ $? -le 1 ] && grep -q '^goals: ' $tmp/out"
sed '1s/,gbn_retry,/,gbn_retries,/' "$tmp/m.csv" > "$tmp/renamed.csv"
cp "$tmp/bench-summary.csv" "$tmp/summary.csv"
PATH=/usr/bin:/bin "$repo/tools/bench/summarize.sh" "$tmp/renamed.csv" "$tmp" "$tmp/r.rst" > "$tmp/out" 2>&1
check "summarize.sh refuses a matrix without gbn_retry" "[ $? -ne 0 ] && grep -q \"no field 'gbn_retry'\" $tmp/out"
PATH=/usr/bin:/bin "$repo/tools/bench/goals.sh" "$tmp/renamed.csv" "$tmp/summary.csv" > "$tmp/out" 2>&1
check "goals.sh refuses a matrix without gbn_retry" "[ $? -eq 2 ] && grep -q \"no field 'gbn_retry'\" $tmp/out"

# No CSV read by position: every awk -F, goes through csv_awk.
check "no script reads a CSV by position (awk -F,)" \
	"! grep -rn --include=*.sh 'awk -F,' $repo/selftests $repo/tools | grep -v -e 'tools/testing/csv.sh:' -e 'tools/testing/host/test-csv.sh:'"

tap_end csv
