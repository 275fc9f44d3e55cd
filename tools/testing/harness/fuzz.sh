#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Run a libFuzzer target for a bounded time with a printed seed.
# Usage: fuzz.sh <harness dir> <seconds> [seed] [target (default fuzz)]
set -euo pipefail

out=${1:?harness dir}
secs=${2:?seconds}
seed=${3:-$(date +%s)}
target=${4:-fuzz}
corpus=$out/$target-corpus
mkdir -p "$corpus"
echo "$target: seed $seed, $secs s, corpus $corpus"
# -timeout bounds one input; a crash leaves $out/<target>-crash-* to replay.
exec timeout $((secs + 120)) "$out/$target" -seed="$seed" -max_total_time="$secs" \
	-timeout=20 -rss_limit_mb=2048 -print_final_stats=1 \
	-artifact_prefix="$out/$target-" "$corpus"
