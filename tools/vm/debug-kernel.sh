#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The bed's debug guest kernel (KERNEL=debug in tools/vm/bed.sh): built
# once per machine from Debian's linux-source-6.12 (tools/ksrc.sh), with
# x86_64's `make defconfig` and tools/vm/debug-kernel.config on top, into a
# cache shared by every checkout (like kunit/run.sh's UML build):
#
#   $EUN_CACHE/debugk-build   the O= build tree (KDIR for the module)
#   $EUN_CACHE/debugk-mods    its modules_install tree (lib/modules/KVER,
#                             with modules.builtin and modules.dep), which
#                             the guests mount over /lib/modules
#   $EUN_CACHE/debugk.lock    one build at a time; readers wait for it
#
# The stamp (debugk-build/.eun-stamp) holds the key: the source's Debian
# version and a hash of the fragment. A matching stamp means nothing is
# done; another key makes the config anew and runs make, which rebuilds
# only what the change touched. Every line of the fragment is checked
# against the final .config: a symbol Kconfig dropped fails the build.
#
# Usage: tools/vm/debug-kernel.sh [build|env|key|verify CONFIG]
#   build   build what is missing or stale, then print what env prints
#   env     print DEBUGK_KVER, DEBUGK_IMAGE, DEBUGK_KDIR, DEBUGK_MODULES as
#           shell assignments; fails (exit 1) unless the cache holds a
#           build of the current key
#   key     print the key
#   verify CONFIG  check CONFIG (a .config) against the fragment
# Env: EUN_CACHE (default /var/cache/rxe_eun), DEBUGK_JOBS (default nproc),
#      DEBUGK_FRAGMENT (default tools/vm/debug-kernel.config; for tests).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
prog=debug-kernel.sh
cache=${EUN_CACHE:-/var/cache/rxe_eun}
frag=${DEBUGK_FRAGMENT:-$here/debug-kernel.config}
build=$cache/debugk-build
mods=$cache/debugk-mods
stamp=$build/.eun-stamp

die() { echo "$prog: $*" >&2; exit 1; }

[ -r "$frag" ] || die "no config fragment $frag"

# The key of a build: what it is made from. The defconfig step below is
# part of it through this script's version line.
key()
{
	local kv

	kv=$("$repo/tools/kver.sh") || exit 1
	eval "$kv"
	{ echo "debugk 1 $DEBVER"; cat "$frag"; } | sha256sum | cut -c1-16 |
		sed "s/^/$DEBVER-/"
}

# verify CONFIG: every "CONFIG_X=v" line of the fragment is in CONFIG,
# every "# CONFIG_X is not set" line has no CONFIG_X= there. Prints the
# ones that are not and fails.
verify()
{
	local conf=$1 line sym bad=0

	[ -r "$conf" ] || die "verify: no $conf"
	while IFS= read -r line; do
		case "$line" in
		CONFIG_*=*)
			grep -qxF -- "$line" "$conf" && continue
			sym=${line%%=*}
			echo "$prog: fragment wants $line, .config has: $(grep -E "^(# )?${sym}[= ]" "$conf" || echo nothing)" >&2
			bad=1 ;;
		"# CONFIG_"*" is not set")
			sym=${line#\# }
			sym=${sym%% *}
			grep -q "^$sym=" "$conf" || continue
			echo "$prog: fragment wants $sym off, .config has: $(grep "^$sym=" "$conf")" >&2
			bad=1 ;;
		esac
	done < "$frag"
	return $bad
}

# Print the assignments of a finished build of key $1, or fail.
print_env()
{
	local k=$1 kver

	[ "$(cat "$stamp" 2>/dev/null)" = "$k" ] || return 1
	kver=$(cat "$build/include/config/kernel.release" 2>/dev/null) || return 1
	[ -s "$build/arch/x86/boot/bzImage" ] || return 1
	[ -s "$mods/lib/modules/$kver/modules.dep" ] || return 1
	[ -s "$mods/lib/modules/$kver/modules.builtin" ] || return 1
	echo "DEBUGK_KVER=$kver"
	echo "DEBUGK_IMAGE=$build/arch/x86/boot/bzImage"
	echo "DEBUGK_KDIR=$build"
	echo "DEBUGK_MODULES=$mods/lib/modules"
}

do_build()
{
	local k=$1 src jobs t0 kver

	src=$("$repo/tools/ksrc.sh")
	jobs=${DEBUGK_JOBS:-$(nproc)}
	mkdir -p "$build"
	t0=$(date +%s)
	rm -f "$stamp"
	if [ "$(cat "$build/.eun-config" 2>/dev/null)" != "$k" ]; then
		echo "$prog: configuring $build (defconfig + ${frag#"$repo"/})" >&2
		make -s -C "$src" O="$build" defconfig
		"$src/scripts/kconfig/merge_config.sh" -m -O "$build" "$build/.config" "$frag" > "$build/.merge.log" 2>&1 ||
			{ cat "$build/.merge.log" >&2; die "merge_config.sh failed"; }
		make -s -C "$src" O="$build" olddefconfig
		verify "$build/.config" || die "the fragment does not hold after olddefconfig (above)"
		echo "$k" > "$build/.eun-config"
	fi
	echo "$prog: building $build with -j$jobs" >&2
	make -s -C "$src" O="$build" -j"$jobs" bzImage modules
	kver=$(cat "$build/include/config/kernel.release")
	rm -rf "$mods.new"
	make -s -C "$src" O="$build" INSTALL_MOD_PATH="$mods.new" modules_install
	[ -s "$mods.new/lib/modules/$kver/modules.dep" ] ||
		die "modules_install left no modules.dep (is depmod, package kmod, installed?)"
	rm -rf "$mods"
	mv "$mods.new" "$mods"
	echo "$k" > "$stamp"
	echo "$prog: $kver built in $(( $(date +%s) - t0 ))s" >&2
}

mode=${1:-build}
case "$mode" in
key) key ;;
verify)
	[ $# -eq 2 ] || die "usage: $prog verify CONFIG"
	verify "$2" ;;
env)
	k=$(key)
	print_env "$k" ||
		die "no debug kernel of key $k in $build (make debug-kernel builds it)" ;;
build)
	k=$(key)
	mkdir -p "$cache"
	exec 9>"$cache/debugk.lock"
	# A build from nothing takes about an hour on two cores.
	flock -w 7200 9 || die "another build held $cache/debugk.lock for two hours"
	print_env "$k" 2>/dev/null || do_build "$k"
	print_env "$k" || die "the build of $k left no usable kernel"
	;;
*) die "usage: $prog [build|env|key|verify CONFIG]" ;;
esac
