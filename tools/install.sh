#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Install or remove rdma_rxe_eun, plainly or through DKMS.
# Usage: tools/install.sh install KO | uninstall | dkms-install VER | dkms-remove VER
set -euo pipefail

die() { echo "install.sh: $*" >&2; exit 1; }

repo=$(cd "$(dirname "$0")/.." && pwd)
kv=$("$repo/tools/kver.sh") || exit 1
eval "$kv"
conf=/etc/modprobe.d/rdma_rxe_eun.conf

[ "$(id -u)" -eq 0 ] || die "must run as root"

case "${1:-}" in
install)
	[ -f "${2:-}" ] || die "no module at '${2:-}': run make first"
	install -D -m 0644 "$2" "/lib/modules/$KVER/updates/rdma_rxe_eun.ko"
	install -m 0644 "$repo/tools/modprobe.d/rdma_rxe_eun.conf" "$conf"
	depmod -a "$KVER"
	echo "installed rdma_rxe_eun for $KVER: modprobe rdma_rxe_eun"
	;;
uninstall)
	rm -f "/lib/modules/$KVER/updates/rdma_rxe_eun.ko" "$conf"
	depmod -a "$KVER"
	;;
dkms-install)
	[ -n "${2:-}" ] || die "dkms-install needs a version"
	"$repo/tools/deps.sh" build
	src=/usr/src/rxe_eun-$2
	rm -rf "$src"
	mkdir -p "$src"
	# Only what the build needs: no build/ or results/ of this checkout.
	(cd "$repo" && tar -cf - Kbuild dkms.conf include tools drivers) | tar -xf - -C "$src"
	dkms add "rxe_eun/$2"
	dkms build "rxe_eun/$2" -k "$KVER"
	dkms install "rxe_eun/$2" -k "$KVER"
	install -m 0644 "$repo/tools/modprobe.d/rdma_rxe_eun.conf" "$conf"
	;;
dkms-remove)
	[ -n "${2:-}" ] || die "dkms-remove needs a version"
	dkms remove "rxe_eun/$2" --all || true
	rm -rf "/usr/src/rxe_eun-$2" "$conf"
	;;
*)
	die "usage: tools/install.sh install KO | uninstall | dkms-install VER | dkms-remove VER"
	;;
esac
