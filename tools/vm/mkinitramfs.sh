#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build the bed's busybox initramfs for the target kernel and print its
# path. The image is cached by kernel version and by a hash of its inputs,
# in /var/cache/rxe_eun (or $EUN_CACHE), falling back to build/ when the
# cache is not writable.
#
# Usage: tools/vm/mkinitramfs.sh [distro|debug]
#   distro  (default) for Debian's kernel: the 9p modules go in the image
#   debug   for the debug kernel (tools/vm/debug-kernel.sh), which has
#           9p built in: no modules
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)

die() { echo "mkinitramfs.sh: $*" >&2; exit 1; }

kernel=${1:-distro}
case "$kernel" in
distro)
	kv=$("$repo/tools/kver.sh") || exit 1
	eval "$kv"
	mods=(netfs 9pnet 9pnet_virtio 9p) ;;
debug)
	KVER=debug
	mods=() ;;
*) die "unknown kernel '$kernel' (distro|debug)" ;;
esac
busybox=/bin/busybox
[ -x "$busybox" ] || die "$busybox missing (apt-get install busybox-static)"
if ldd "$busybox" >/dev/null 2>&1; then
	die "$busybox is dynamically linked (apt-get install busybox-static)"
fi
for t in cpio gzip xz; do
	command -v $t >/dev/null || die "$t missing"
done

key=$( { echo "$KVER"; cat "$here/initramfs-init" "$0"; sha256sum "$busybox"; } |
	sha256sum | cut -c1-12)

cache=${EUN_CACHE:-/var/cache/rxe_eun}
if ! mkdir -p "$cache" 2>/dev/null || [ ! -w "$cache" ]; then
	cache=$repo/build
	mkdir -p "$cache"
fi
img=$cache/initramfs-$KVER-$key.cpio.gz
if [ -s "$img" ]; then
	echo "$img"
	exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/bin" "$tmp/lib/modules" "$tmp/dev" "$tmp/proc" "$tmp/sys" "$tmp/newroot"
cp "$busybox" "$tmp/bin/busybox"
install -m 0755 "$here/initramfs-init" "$tmp/init"
for m in ${mods[@]+"${mods[@]}"}; do
	src=$(modinfo -k "$KVER" -n "$m") || die "module $m not found for $KVER"
	case "$src" in
	*.ko.xz)  xz -dc "$src" > "$tmp/lib/modules/$m.ko" ;;
	*.ko.zst) zstd -qdc "$src" > "$tmp/lib/modules/$m.ko" ;;
	*.ko)     cp "$src" "$tmp/lib/modules/$m.ko" ;;
	*) die "unexpected module file $src" ;;
	esac
done
(cd "$tmp" && find . -print0 | cpio --null -o -H newc --quiet | gzip -9) > "$img.tmp"
mv "$img.tmp" "$img"
echo "mkinitramfs.sh: built $img" >&2
echo "$img"
