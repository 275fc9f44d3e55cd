#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Find the Debian 6.12 kernel image, headers and source that rxe_eun builds
# against, and refuse to go on when they are not one version.
#
# Prints shell assignments: KVER (uname -r of the target kernel), DEBVER
# (Debian package version), KDIR (headers build dir), KSRC_TARBALL.
# Override the choice with KVER=... in the environment; EUN_USRSRC moves
# /usr/src (for tests).
set -euo pipefail

die() { echo "kver.sh: $*" >&2; exit 1; }

pkgver() { { dpkg-query -W -f='${Status} ${Version}\n' "$1" 2>/dev/null || true; } |
	awk '/install ok installed/ { print $4 }'; }

src_ver=$(pkgver linux-source-6.12)
[ -n "$src_ver" ] || die "linux-source-6.12 is not installed (tools/deps.sh build)"
usrsrc=${EUN_USRSRC:-/usr/src}
tarball=$usrsrc/linux-source-6.12.tar.xz
[ -r "$tarball" ] || die "$tarball missing; reinstall linux-source-6.12"

# Real (versioned) header packages, e.g. linux-headers-6.12.117+deb12-amd64.
kvers=$({ dpkg-query -W -f='${Status} ${Package}\n' 'linux-headers-6.12.*-amd64' 2>/dev/null || true; } |
	awk '/install ok installed/ { sub("linux-headers-", "", $4); print $4 }')
[ -n "$kvers" ] || die "no linux-headers-6.12.*-amd64 installed (tools/deps.sh build)"

pick=""
for k in ${KVER:-$kvers}; do
	hv=$(pkgver "linux-headers-$k")
	iv=$(pkgver "linux-image-$k")
	[ -z "$iv" ] && iv=$(pkgver "linux-image-$k-unsigned")
	if [ "$hv" = "$src_ver" ] && [ "$iv" = "$src_ver" ]; then
		pick=$k
		break
	fi
	echo "kver.sh: $k: headers ${hv:-missing}, image ${iv:-missing}, source $src_ver" >&2
done
[ -n "$pick" ] || die "image, headers and source 6.12 disagree in version; install
  matching ones: apt-get install linux-image-6.12-amd64 linux-headers-6.12-amd64 linux-source-6.12"

kdir=$usrsrc/linux-headers-$pick
[ -d "$kdir" ] || kdir=/lib/modules/$pick/build
[ -d "$kdir" ] || die "headers dir for $pick not found"

echo "KVER=$pick"
echo "DEBVER=$src_ver"
echo "KDIR=$kdir"
echo "KSRC_TARBALL=$tarball"
