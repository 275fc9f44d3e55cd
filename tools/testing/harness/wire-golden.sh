#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Check that the golden packets section of Documentation/wire-format.rst is
# exactly what wire_golden prints (the examples of kunit/eun_wire_golden.h,
# packed by the module's codec).
#
# Usage: wire-golden.sh WIRE_GOLDEN DOC [--update]
#   --update  rewrite the section of DOC from the tool's output instead
set -euo pipefail

tool=$1 doc=$2 mode=${3:-check}
begin='.. wire_golden: begin'
end='.. wire_golden: end'

want=$(mktemp) have=$(mktemp)
trap 'rm -f "$want" "$have"' EXIT

"$tool" > "$want" || { echo "wire-golden.sh: $tool failed" >&2; exit 1; }
[ -s "$want" ] || { echo "wire-golden.sh: $tool printed nothing" >&2; exit 1; }
for m in "$begin" "$end"; do
	n=$(grep -cxF "$m" "$doc" || true)
	[ "$n" = 1 ] || { echo "wire-golden.sh: $doc: want one line '$m', found $n" >&2; exit 1; }
done

# The section: the lines strictly between the markers, less the blank line
# after the begin marker (which ends that comment).
awk -v b="$begin" -v e="$end" '
	$0 == e { on = 0 }
	on == 2 { print }
	on == 1 { on = 2; if ($0 != "") print }
	$0 == b { on = 1 }
' "$doc" > "$have"

case "$mode" in
check)
	if ! diff -u --label "$doc" --label "$tool" "$have" "$want"; then
		echo "wire-golden.sh: the golden packets of $doc differ from what the codec packs" >&2
		echo "  (after changing kunit/eun_wire_golden.h: $0 $tool $doc --update)" >&2
		exit 1
	fi
	echo "wire-golden.sh: $doc golden packets match the codec ($(grep -c '::$' "$want") packets)"
	;;
--update)
	awk -v b="$begin" -v e="$end" -v w="$want" '
		$0 == e { on = 0 }
		!on { print }
		$0 == b { on = 1; print ""; while ((getline l < w) > 0) print l }
	' "$doc" > "$doc.new"
	mv "$doc.new" "$doc"
	;;
*)
	echo "wire-golden.sh: unknown mode '$mode' (--update)" >&2
	exit 2
	;;
esac
