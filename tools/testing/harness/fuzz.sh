#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Run a libFuzzer target for a bounded time with a printed seed.
# Usage: fuzz.sh <harness dir> <seconds> [seed] [target (default fuzz)]
#
# The corpus grows in <harness dir>/<target>-corpus; the repo's seeds
# (corpus/<target>/, written by mkseeds.py) are read from, never written
# to, and dict/<target>.dict is passed when there is one.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
out=${1:?harness dir}
secs=${2:?seconds}
seed=${3:-$(date +%s)}
target=${4:-fuzz}
corpus=$out/$target-corpus
seeds=$here/corpus/$target
dict=$here/dict/$target.dict
mkdir -p "$corpus"
opts=()
dirs=("$corpus")
[ -f "$dict" ] && opts+=(-dict="$dict") || dict=none
[ -d "$seeds" ] && dirs+=("$seeds") || seeds=none
echo "$target: seed $seed, $secs s, corpus $corpus, seeds $seeds, dict $dict"
# -timeout bounds one input; a crash leaves $out/<target>-crash-* to replay.
exec timeout $((secs + 120)) "$out/$target" -seed="$seed" -max_total_time="$secs" \
	-timeout=20 -rss_limit_mb=2048 -print_final_stats=1 \
	-artifact_prefix="$out/$target-" "${opts[@]}" "${dirs[@]}"
