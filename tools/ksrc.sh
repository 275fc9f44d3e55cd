#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Extract Debian's linux-source-6.12 once into a cache outside the clone and
# print the tree's path. Later runs reuse it (about 25 s saved each).
# EUN_CACHE overrides the cache root (default /var/cache/rxe_eun).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
kv=$("$here/kver.sh") || exit 1
eval "$kv"
cache=${EUN_CACHE:-/var/cache/rxe_eun}
dest=$cache/src-$DEBVER
tree=$dest/linux-source-6.12

mkdir -p "$dest"
# Several builds may ask at once: one extracts, the others wait (bounded).
exec 9>"$dest/.lock"
flock -w 300 9 || { echo "ksrc.sh: timed out waiting for $dest/.lock" >&2; exit 1; }
if [ ! -e "$dest/.extracted" ]; then
	rm -rf "$tree"
	echo "ksrc.sh: extracting $KSRC_TARBALL ($DEBVER) to $dest" >&2
	tar -xJf "$KSRC_TARBALL" -C "$dest"
	[ -f "$tree/drivers/infiniband/sw/rxe/rxe.c" ] ||
		{ echo "ksrc.sh: $tree has no rxe sources" >&2; exit 1; }
	touch "$dest/.extracted"
fi
echo "$tree"
