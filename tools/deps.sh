#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Install the Debian packages rxe_eun needs, skipping those already present.
# Usage: tools/deps.sh [build|kunit|bed|harness|all]...
set -euo pipefail

pkgs_build="build-essential bc flex bison libelf-dev libssl-dev xz-utils kmod dwarves
	linux-image-6.12-amd64 linux-headers-6.12-amd64 linux-source-6.12 dkms"
pkgs_kunit="build-essential bc flex bison python3 xz-utils"
pkgs_bed="qemu-system-x86 qemu-user busybox-static rdma-core ibverbs-providers ibverbs-utils python3-pyverbs
	perftest rdmacm-utils iproute2 cpio zstd gnuplot-nox"
pkgs_tools="libibverbs-dev librdmacm-dev pkg-config"
pkgs_harness="clang libclang-rt-14-dev valgrind gnuplot-nox"

want=""
[ $# -eq 0 ] && set -- all
for part in "$@"; do
	case "$part" in
	build)   want="$want $pkgs_build" ;;
	kunit)   want="$want $pkgs_kunit" ;;
	bed)     want="$want $pkgs_bed $pkgs_tools" ;;
	tools)   want="$want $pkgs_tools" ;;
	harness) want="$want $pkgs_harness" ;;
	all)     want="$want $pkgs_build $pkgs_kunit $pkgs_bed $pkgs_tools $pkgs_harness" ;;
	*) echo "deps.sh: unknown part '$part' (build|kunit|bed|tools|harness|all)" >&2; exit 2 ;;
	esac
done

missing=""
for p in $(echo $want | tr ' ' '\n' | sort -u); do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
	echo "deps.sh: missing packages:$missing; run as root to install them" >&2
	exit 1
fi
echo "deps.sh: installing:$missing"
export DEBIAN_FRONTEND=noninteractive
# Under make -j two targets may install at once: wait for the other's lock.
lock="-o DPkg::Lock::Timeout=600"
# A stale package list makes versions disappear; refresh once per run.
apt-get update -q $lock >/dev/null
apt-get install -y -q --no-install-recommends $lock $missing
