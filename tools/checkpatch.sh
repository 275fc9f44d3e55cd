#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Run the kernel's checkpatch.pl (from the same linux-source-6.12) over the
# project's kernel-side C files. Flags come from .checkpatch.conf.
# Fails on any ERROR or WARNING; CHECKs are printed only.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
ksrc=$("$repo/tools/ksrc.sh")
cd "$repo"

mapfile -t files < <(git ls-files 'drivers/*.c' 'drivers/*.h' 'include/*.h' 'kunit/*.c' 'kunit/*.h')
[ ${#files[@]} -gt 0 ] || { echo "checkpatch.sh: no files to check" >&2; exit 1; }

out=$("$ksrc/scripts/checkpatch.pl" --no-tree --terse --show-types -f "${files[@]}" 2>&1 || true)
echo "$out" | grep -v '^total:' || true
errors=$(echo "$out" | grep -c ': ERROR:\|: WARNING:' || true)
echo "checkpatch.sh: ${#files[@]} files, $errors errors/warnings"
[ "$errors" -eq 0 ]
