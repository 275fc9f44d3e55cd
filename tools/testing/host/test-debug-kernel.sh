#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# shellcheck disable=SC2034 # variables read by check's eval
#
# Host-side checks of the debug guest kernel's scripts (builds and boots
# nothing): tools/vm/debug-kernel.sh's key (the source version and the
# fragment), its check of a .config against the fragment, its stamp (a
# cache of another key or without its image or modules tree is no
# kernel), what the fragment in the repo asks for, the debug initramfs
# (no modules), and bed.sh's KERNEL knob (bed.sh -n). TAP output.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
dk=$repo/tools/vm/debug-kernel.sh
frag=$repo/tools/vm/debug-kernel.config
# shellcheck source=tools/testing/tap.sh
source "$here/../tap.sh"
tap_scratch
unset EUN_KERNEL EUN_QEMU EUN_CPU

tap_start

# A fake package database (tools/kver.sh) of source version $1.
fake_pkgs()
{
	rm -rf "${tmp:?}/usrsrc" "${tmp:?}/bin"
	mkdir -p "$tmp/usrsrc/linux-headers-6.12.99+deb12-amd64" "$tmp/bin"
	touch "$tmp/usrsrc/linux-source-6.12.tar.xz"
	ln -s "$here/fake-dpkg-query" "$tmp/bin/dpkg-query"
	printf '%s\n' "linux-source-6.12 $1" "linux-headers-6.12.99+deb12-amd64 $1" \
		"linux-image-6.12.99+deb12-amd64 $1" > "$tmp/db"
}

# dk_run ARGS...: debug-kernel.sh against the fakes, $tmp/frag, $tmp/cache.
dk_run()
{
	FAKE_DPKG=$tmp/db EUN_USRSRC=$tmp/usrsrc PATH="$tmp/bin:$PATH" EUN_CACHE=$tmp/cache \
		DEBUGK_FRAGMENT=$tmp/frag "$dk" "$@" > "$tmp/out" 2> "$tmp/err"
}

# --- the key ------------------------------------------------------------

fake_pkgs 6.12.99-1
printf '%s\n' 'CONFIG_KASAN=y' '# CONFIG_DRM is not set' > "$tmp/frag"
dk_run key
k1=$(cat "$tmp/out")
dk_run key
check "key: one fragment and source, one key, named by the source version" \
	"[[ \$k1 == 6.12.99-1-* ]] && [ \"\$(cat $tmp/out)\" = \"\$k1\" ]"
echo 'CONFIG_PROVE_LOCKING=y' >> "$tmp/frag"
dk_run key
k2=$(cat "$tmp/out")
check "key: another fragment, another key" "[ -n \"\$k2\" ] && [ \"\$k2\" != \"\$k1\" ]"
fake_pkgs 6.12.100-1
dk_run key
k3=$(cat "$tmp/out")
check "key: another source version, another key" \
	"[[ \$k3 == 6.12.100-1-* ]] && [ \"\${k3#*-1-}\" != \"\${k2#*-1-}\" ]"

# --- verify ---------------------------------------------------------------

printf '%s\n' '# a comment' 'CONFIG_KASAN=y' 'CONFIG_LOCALVERSION="-x"' \
	'CONFIG_LOCKDEP_BITS=16' '# CONFIG_DRM is not set' > "$tmp/frag"
printf '%s\n' 'CONFIG_KASAN=y' 'CONFIG_LOCALVERSION="-x"' 'CONFIG_LOCKDEP_BITS=16' \
	'# CONFIG_DRM is not set' 'CONFIG_OTHER=m' > "$tmp/config"
dk_run verify "$tmp/config"
check "verify: a .config that has every line passes" "[ \$? -eq 0 ]"
sed -i '/KASAN/d' "$tmp/config"
dk_run verify "$tmp/config"
check "verify: a symbol Kconfig dropped fails, named" \
	"[ \$? -ne 0 ] && grep -q 'wants CONFIG_KASAN=y, .config has: nothing' $tmp/err"
sed -i 's/^CONFIG_LOCKDEP_BITS=16/CONFIG_LOCKDEP_BITS=15/' "$tmp/config"
echo 'CONFIG_KASAN=y' >> "$tmp/config"
dk_run verify "$tmp/config"
check "verify: another value fails, with the one .config has" \
	"[ \$? -ne 0 ] && grep -q 'CONFIG_LOCKDEP_BITS=16, .config has: CONFIG_LOCKDEP_BITS=15' $tmp/err"
sed -i 's/^CONFIG_LOCKDEP_BITS=15/CONFIG_LOCKDEP_BITS=16/; s/^# CONFIG_DRM is not set/CONFIG_DRM=y/' "$tmp/config"
dk_run verify "$tmp/config"
check "verify: a symbol the fragment turns off but olddefconfig set fails" \
	"[ \$? -ne 0 ] && grep -q 'wants CONFIG_DRM off, .config has: CONFIG_DRM=y' $tmp/err"

# --- the stamp ----------------------------------------------------------------

# A finished build of key $1 in $tmp/cache, as do_build leaves it.
fake_build()
{
	local b=$tmp/cache/debugk-build m=$tmp/cache/debugk-mods/lib/modules/6.12.99-eundebug

	rm -rf "$tmp/cache"
	mkdir -p "$b/arch/x86/boot" "$b/include/config" "$m"
	echo 6.12.99-eundebug > "$b/include/config/kernel.release"
	echo image > "$b/arch/x86/boot/bzImage"
	echo 'kernel/x.ko:' > "$m/modules.dep"
	echo 'kernel/net/9p/9pnet.ko' > "$m/modules.builtin"
	echo "$1" > "$b/.eun-stamp"
}

fake_pkgs 6.12.99-1
dk_run key
key=$(cat "$tmp/out")
rm -rf "$tmp/cache"
dk_run env
check "env: no build yet is no kernel (exit 1, says how to build)" \
	"[ \$? -eq 1 ] && grep -q 'make debug-kernel' $tmp/err"
fake_build "$key"
dk_run env
check "env: a build of the key gives image, KDIR, modules and release" \
	"[ \$? -eq 0 ] && grep -qx 'DEBUGK_KVER=6.12.99-eundebug' $tmp/out &&
	 grep -qx 'DEBUGK_IMAGE=$tmp/cache/debugk-build/arch/x86/boot/bzImage' $tmp/out &&
	 grep -qx 'DEBUGK_KDIR=$tmp/cache/debugk-build' $tmp/out &&
	 grep -qx 'DEBUGK_MODULES=$tmp/cache/debugk-mods/lib/modules' $tmp/out"
dk_run build
check "build: a build of the key is used as it is (nothing built)" \
	"[ \$? -eq 0 ] && grep -qx 'DEBUGK_KVER=6.12.99-eundebug' $tmp/out && ! grep -q building $tmp/err"
echo 'CONFIG_DEBUG_LIST=y' >> "$tmp/frag"
dk_run env
check "env: the fragment changed: the build is stale" "[ \$? -eq 1 ]"
fake_build "$(dk_run key; cat "$tmp/out")"
rm "$tmp/cache/debugk-mods/lib/modules/6.12.99-eundebug/modules.builtin"
dk_run env
check "env: a modules tree without modules.builtin is no kernel" "[ \$? -eq 1 ]"
fake_build "$(dk_run key; cat "$tmp/out")"
rm "$tmp/cache/debugk-build/arch/x86/boot/bzImage"
dk_run env
check "env: a build without its image is no kernel" "[ \$? -eq 1 ]"

# --- the fragment in the repo ---------------------------------------------------

bad=$(grep -vE '^(#.*|CONFIG_[A-Z0-9_]+=.+|)$' "$frag")
check "fragment: only CONFIG_ lines, 'is not set' lines and comments" "[ -z \"\$bad\" ]"
want="CONFIG_KASAN=y CONFIG_PROVE_LOCKING=y CONFIG_DEBUG_ATOMIC_SLEEP=y CONFIG_DEBUG_KMEMLEAK=y
	CONFIG_VIRTIO_PCI=y CONFIG_VIRTIO_NET=y CONFIG_NET_9P=y CONFIG_NET_9P_VIRTIO=y CONFIG_9P_FS=y
	CONFIG_DEVTMPFS=y CONFIG_INFINIBAND=y CONFIG_INFINIBAND_USER_ACCESS=y
	CONFIG_INFINIBAND_ADDR_TRANS=y CONFIG_NET_UDP_TUNNEL=y CONFIG_BONDING=y
	CONFIG_NET_SCH_NETEM=y CONFIG_NET_SCH_INGRESS=y CONFIG_NET_CLS_U32=y CONFIG_NET_ACT_GACT=y
	CONFIG_DEBUG_FS=y CONFIG_RDMA_RXE=m"
missing=
for w in $want; do grep -qxF "$w" "$frag" || missing="$missing $w"; done
check "fragment: the checkers, and what the bed boots on built in" "[ -z \"\$missing\" ]" ||
	echo "# missing:$missing"
check "fragment: no KCSAN (it cannot be built beside KASAN)" "! grep -q '^CONFIG_KCSAN=y' $frag"
check "fragment: kmemleak on from boot, scanned on demand only" \
	"grep -qx '# CONFIG_DEBUG_KMEMLEAK_DEFAULT_OFF is not set' $frag &&
	 grep -qx '# CONFIG_DEBUG_KMEMLEAK_AUTO_SCAN is not set' $frag"

# --- the initramfs ----------------------------------------------------------------

if [ -x /bin/busybox ] && command -v cpio > /dev/null; then
	img=$(EUN_CACHE=$tmp/icache "$repo/tools/vm/mkinitramfs.sh" debug 2> "$tmp/err")
	check "initramfs: the debug kernel's image is built" "[ -s \"\$img\" ]"
	list=$(gzip -dc "$img" | cpio -t --quiet 2> /dev/null)
	check "initramfs: the debug kernel's image has init and no module" \
		"grep -qx init <<< \"\$list\" && ! grep -q '\.ko$' <<< \"\$list\""
	check "initramfs: its name is not a distro kernel's" "[[ \${img##*/} == initramfs-debug-* ]]"
else
	skip "initramfs: the debug kernel's image" "no busybox-static or cpio (tools/deps.sh bed)"
fi
check "initramfs-init: loads only the modules its image has" \
	"grep -q '\[ -e /lib/modules/\$m.ko \] || continue' $repo/tools/vm/initramfs-init"
check "initramfs-init: mounts eunbed.modules= over /lib/modules" \
	"grep -q 'mount --bind \"/newroot\$moddir\" /newroot/lib/modules' $repo/tools/vm/initramfs-init"

# --- bed.sh's KERNEL knob -------------------------------------------------------------

conf=$repo/tools/vm/configs/soak.conf
out=$("$repo/tools/vm/bed.sh" -n "$conf" 2>&1)
check "bed: Debian's kernel on one vCPU by default" \
	"grep -qx '# kernel: distro, 1 vCPU(s)' <<< \"\$out\" && grep -qx 'export BED_KERNEL=distro' <<< \"\$out\""
out=$("$repo/tools/vm/bed.sh" -n -s KERNEL=debug -s MODULE=rdma_rxe_eun "$conf" 2>&1)
check "bed: KERNEL=debug, two vCPUs and the module built against it" \
	"grep -qx '# kernel: debug, 2 vCPU(s)' <<< \"\$out\" &&
	 grep -qx 'export BED_MODULE_KO=$repo/build/debugk/rdma_rxe_eun.ko' <<< \"\$out\""
out=$(EUN_KERNEL=debug "$repo/tools/vm/bed.sh" -n "$conf" 2>&1)
check "bed: EUN_KERNEL=debug sets the default" "grep -qx '# kernel: debug, 2 vCPU(s)' <<< \"\$out\""
out=$(EUN_KERNEL=debug "$repo/tools/vm/bed.sh" -n -s KERNEL=distro "$conf" 2>&1)
check "bed: KERNEL= beats EUN_KERNEL" "grep -qx '# kernel: distro, 1 vCPU(s)' <<< \"\$out\""
out=$("$repo/tools/vm/bed.sh" -n -s KERNEL=kasan "$conf" 2>&1)
rc=$?
check "bed: KERNEL=kasan is refused (exit 2), naming the choices" \
	"[ $rc -eq 2 ] && grep -q \"KERNEL: 'kasan' is neither distro\" <<< \"\$out\""
printf 'MODULE=rdma_rxe\nKERNEL=debug\nTESTS=tools/vm/soak-job.sh\n' > "$tmp/k.conf"
out=$("$repo/tools/vm/bed.sh" -n "$tmp/k.conf" 2>&1)
check "bed: KERNEL in a config file" "grep -qx '# kernel: debug, 2 vCPU(s)' <<< \"\$out\""

t=selftests/ooo_modes.sh
d=$("$repo/tools/vm/bed.sh" -n -t "$t" "$conf" 2>&1 | sed -n 's/^BED_TEST_TIMEOUTS=( \(.*\) )$/\1/p')
g=$("$repo/tools/vm/bed.sh" -n -s KERNEL=debug -t "$t" "$conf" 2>&1 | sed -n 's/^BED_TEST_TIMEOUTS=( \(.*\) )$/\1/p')
check "bed: KERNEL=debug gives a test four times its own timeout" \
	"[ -n \"\$d\" ] && [ \"\$g\" = \$((d * 4)) ]"
out=$("$repo/tools/vm/bed.sh" -n -s KERNEL=debug -s TEST_TIMEOUT=100 -t "$t" "$conf" 2>&1)
check "bed: a TEST_TIMEOUT given is kept on the debug kernel" \
	"grep -qx 'BED_TEST_TIMEOUTS=( 100 )' <<< \"\$out\""

tap_end "debug kernel"
