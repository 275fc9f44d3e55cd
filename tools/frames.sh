#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Stack frames as the debug kernel sees them, without building it. KASAN
# puts redzones around a function's locals, so a frame the distro build
# keeps well under CONFIG_FRAME_WARN can pass it there, and the debug
# kernel's build (-Werror) refuses the module: make module-debug and make
# soak-debug then stop before a guest boots. This compiles the module
# against the distro's headers with the compiler flags of the debug
# kernel's KASAN (generic, inline, stack: tools/vm/debug-kernel.config)
# and fails on any frame above its limit. The module it links is not
# loadable (nothing provides KASAN's __asan_* functions): only the
# compiler's verdict counts.
#
# Usage: tools/frames.sh BUILD_DIR
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: tools/frames.sh BUILD_DIR}
# The debug kernel's CONFIG_FRAME_WARN and KASAN's flags for it (its
# scripts/Makefile.kasan with CONFIG_KASAN_INLINE and CONFIG_KASAN_STACK).
limit=2048
kasan="-fsanitize=kernel-address -fasan-shadow-offset=0xdffffc0000000000"
kasan+=" --param asan-globals=1 --param asan-instrumentation-with-call-threshold=10000"
kasan+=" --param asan-stack=1 --param asan-instrument-allocas=1"

log=$(mktemp)
trap 'rm -f "$log"' EXIT
# modpost would stop on the __asan_* symbols no module may use unresolved.
if ! KCFLAGS="$kasan -Werror=frame-larger-than=$limit" KBUILD_MODPOST_WARN=1 \
		"$repo/tools/assemble.sh" "$out" > "$log" 2>&1; then
	grep -B2 -A2 'frame size\|error' "$log" >&2 || tail -n 20 "$log" >&2
	echo "frames.sh: a stack frame exceeds $limit bytes with KASAN, or the build failed (above)" >&2
	exit 1
fi
echo "frames.sh: every stack frame within $limit bytes with KASAN's instrumentation"
