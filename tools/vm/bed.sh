#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Boot the two-guest bed for one run and collect its results.
#
# Usage: tools/vm/bed.sh [-n] [-o DIR] [-s KEY=VALUE]... [-t TEST]... CONFIG
#   -n            check the config and print the guests' job, boot nothing
#   -o DIR        results folder (default $RESULTS/bed/NAME-TIMESTAMP)
#   -s KEY=VALUE  override a config key (same checks as the file)
#   -t TEST       run only these tests (paths relative to the repo)
#
# Prints progress while the guests run, then TAP; exits 0 when every test
# passed or skipped in both guests, 1 otherwise, 2 on a bad config.
# EUN_QEMU, EUN_CPU and EUN_KERNEL in the environment set the defaults of
# the keys QEMU, CPU and KERNEL (for the scripts that run bed.sh: make
# selftest QEMU=10, make soak-debug).
# Documentation/testing.rst describes the config, the guests and results.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
prog=bed.sh
# shellcheck source=tools/testing/tap.sh
source "$repo/tools/testing/tap.sh"
# The benchmark's profiles, read as the guests read them.
# shellcheck source=tools/bench/lib.sh
source "$repo/tools/bench/lib.sh"

die() { echo "$prog: $*" >&2; exit 2; }
say() { echo "$prog: $*"; }

# --- config ----------------------------------------------------------------

# QP_TIMEOUT 22 (4.096 us * 2^22 = 17 s) is the QP ack timeout the tests
# give perftest and eun-verify: perftest's own 67 ms (14) and 4.3 s (20)
# were both beaten by a TCG guest starved on a busy host (stalls of 6 s
# were seen), and a retransmission on an unimpaired link fails the test.
# QEMU is 10, bookworm-backports' qemu unpacked into build/qemu10
# (tools/deps.sh bed), or 7.2, Debian 12's qemu-system-x86_64. CPU's
# default is max for qemu 10 and max,-cx16 for 7.2: 7.2's TCG gets the
# flags of cmpxchg16b wrong, and SLUB's fast path then crashes the guest
# now and then (tools/testing/host/tcg-flags.c); qemu 10 soaked clean
# with it (Documentation/testing.rst).
# KERNEL is distro, Debian's kernel of tools/kver.sh, or debug, the debug
# kernel of tools/vm/debug-kernel.sh (KASAN, lockdep, kmemleak; make
# debug-kernel builds it): its guests get two vCPUs, so that the module's
# task contexts run at once, and load build/debugk/rdma_rxe_eun.ko, the
# module built against it (make module-debug).
declare -A cfg=(
	[NAME]=bed [MODULE]=rdma_rxe [LINKS]=1 [BOND]=0 [NETEM]= [TESTS]='selftests/*.sh'
	[SIZES]=65536 [ITERS]=100 [PROFILES]= [TEST_TIMEOUT]= [BOOT_TIMEOUT]=180
	[RUN_TIMEOUT]=1800 [MEM]=1024 [QP_TIMEOUT]=22 [CPU]=${EUN_CPU:-} [QEMU]=${EUN_QEMU:-10}
	[TCG_THREAD]=multi [ICOUNT]= [DURATION]= [MODULE_PARAMS]= [JOB_ENV]= [TX_IRQ]=on
	[KERNEL]=${EUN_KERNEL:-distro} [PIN]=off [INSNPROF]=off
)
netem_words=" delay distribution reorder gap loss random state gemodel ecn
	corrupt duplicate rate slot limit jitter bytes packets "

is_uint() { [[ $1 =~ ^[0-9]+$ ]] && [ "${#1}" -le 9 ]; }

set_key()
{
	local where=$1 key=$2 val=$3

	case "$key" in
	NAME|MODULE|LINKS|BOND|NETEM|NETEM_[AB][0-3]|TESTS|SIZES|ITERS|PROFILES|\
	TEST_TIMEOUT|BOOT_TIMEOUT|RUN_TIMEOUT|MEM|QP_TIMEOUT|CPU|QEMU|TCG_THREAD|ICOUNT|DURATION|\
	MODULE_PARAMS|JOB_ENV|KERNEL|TX_IRQ|PIN|INSNPROF) ;;
	*) die "$where: unknown key '$key'" ;;
	esac
	# One level of matching quotes around the value is dropped.
	if [[ $val =~ ^\"(.*)\"$ ]] || [[ $val =~ ^\'(.*)\'$ ]]; then
		val=${BASH_REMATCH[1]}
	fi
	cfg[$key]=$val
}

read_config()
{
	local file=$1 n=0 line

	[ -f "$file" ] && [ -r "$file" ] || die "config '$file' not found"
	while IFS= read -r line || [ -n "$line" ]; do
		n=$((n + 1))
		line=${line%%#*}
		line=$(echo "$line" | sed -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//')
		[ -z "$line" ] && continue
		[[ $line =~ ^([A-Z_][A-Z0-9_]*)[[:space:]]*=[[:space:]]*(.*)$ ]] ||
			die "$file:$n: expected KEY=value, got '$line'"
		set_key "$file:$n" "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}"
	done < "$file"
}

check_netem()
{
	local key=$1 spec=$2 w

	[[ $spec =~ ^[A-Za-z0-9\ .%_-]*$ ]] || die "$key: bad characters in netem spec '$spec'"
	for w in $spec; do
		[[ $w =~ ^[a-z]+$ ]] || continue
		[[ $netem_words == *" $w "* ]] || die "$key: '$w' is not a netem keyword"
	done
}

# BOND=1 joins the links into one bonded netdev in each guest: a bond
# of one link would hash every flow onto it and test nothing.
check_bond()
{
	case "${cfg[BOND]}" in
	0) ;;
	1) [ "${cfg[LINKS]}" -ge 2 ] ||
		die "BOND=1 needs LINKS >= 2, not ${cfg[LINKS]} (one link bonds nothing)" ;;
	*) die "BOND: '${cfg[BOND]}' is neither 0 (separate links) nor 1 (bonded)" ;;
	esac
}

# A profile's lines are netem's words (tools/bench/lib.sh says how they
# are read): "linkK:" starts link K's own line, which only a bonded bed of
# more than K links has; "client:" and "server:" lines are one guest's.
check_profile()
{
	local recs kind f1 f2 spec all=

	[[ $1 =~ ^[A-Za-z0-9_.-]+$ ]] && [ -f "$bench_profile_dir/$1" ] ||
		die "PROFILES: no profile tools/bench/profiles/$1"
	recs=$(profile_parse "$1" 2>&1) || die "PROFILES: $recs"
	# Records "net ROLE LINK NETEM..." and "down K AT FOR".
	while read -r kind f1 f2 spec; do
		case $kind in
		down)
			[ "${cfg[BOND]}" = 1 ] && [ "$f1" -lt "${cfg[LINKS]}" ] ||
				die "PROFILES: $1 takes link $f1 down: a bonded bed of more links (BOND=1)"
			continue ;;
		net) all="$all $spec" ;;
		*) continue ;;
		esac
		[ "$f2" = - ] && continue
		[ "${cfg[BOND]}" = 1 ] ||
			die "PROFILES: $1 has a line for link $f2: a multipath profile (BOND=1)"
		[ "$f2" -lt "${cfg[LINKS]}" ] ||
			die "PROFILES: $1 has a line for link $f2, the bed ${cfg[LINKS]} link(s)"
	done <<< "$recs"
	check_netem "tools/bench/profiles/$1" "$all"
}

check_config()
{
	local k s

	[[ ${cfg[NAME]} =~ ^[A-Za-z0-9_.-]{1,40}$ ]] || die "NAME: use 1-40 of [A-Za-z0-9_.-]"
	case "${cfg[MODULE]}" in
	rdma_rxe|rdma_rxe_eun) ;;
	*) die "MODULE: '${cfg[MODULE]}' is neither rdma_rxe nor rdma_rxe_eun" ;;
	esac
	is_uint "${cfg[LINKS]}" && [ "${cfg[LINKS]}" -ge 1 ] && [ "${cfg[LINKS]}" -le 4 ] ||
		die "LINKS: '${cfg[LINKS]}' is not 1..4"
	check_bond
	check_netem NETEM "${cfg[NETEM]}"
	for k in "${!cfg[@]}"; do
		[[ $k =~ ^NETEM_[AB]([0-3])$ ]] || continue
		[ "${BASH_REMATCH[1]}" -lt "${cfg[LINKS]}" ] ||
			die "$k: there are only ${cfg[LINKS]} link(s)"
		check_netem "$k" "${cfg[$k]}"
	done
	[ -n "${cfg[SIZES]}" ] || die "SIZES: empty"
	for s in ${cfg[SIZES]}; do
		is_uint "$s" && [ "$s" -ge 1 ] && [ "$s" -le 8388608 ] ||
			die "SIZES: '$s' is not a size in 1..8388608"
	done
	is_uint "${cfg[ITERS]}" && [ "${cfg[ITERS]}" -ge 1 ] && [ "${cfg[ITERS]}" -le 1000000 ] ||
		die "ITERS: '${cfg[ITERS]}' is not 1..1000000"
	for s in ${cfg[PROFILES]}; do
		check_profile "$s"
	done
	if [ -n "${cfg[TEST_TIMEOUT]}" ]; then
		is_uint "${cfg[TEST_TIMEOUT]}" && [ "${cfg[TEST_TIMEOUT]}" -ge 5 ] &&
			[ "${cfg[TEST_TIMEOUT]}" -le 14400 ] ||
			die "TEST_TIMEOUT: '${cfg[TEST_TIMEOUT]}' is not 5..14400 seconds"
	fi
	is_uint "${cfg[BOOT_TIMEOUT]}" && [ "${cfg[BOOT_TIMEOUT]}" -ge 10 ] &&
		[ "${cfg[BOOT_TIMEOUT]}" -le 1800 ] ||
		die "BOOT_TIMEOUT: '${cfg[BOOT_TIMEOUT]}' is not 10..1800 seconds"
	is_uint "${cfg[RUN_TIMEOUT]}" && [ "${cfg[RUN_TIMEOUT]}" -ge 60 ] &&
		[ "${cfg[RUN_TIMEOUT]}" -le 14400 ] ||
		die "RUN_TIMEOUT: '${cfg[RUN_TIMEOUT]}' is not 60..14400 seconds"
	is_uint "${cfg[QP_TIMEOUT]}" && [ "${cfg[QP_TIMEOUT]}" -le 31 ] ||
		die "QP_TIMEOUT: '${cfg[QP_TIMEOUT]}' is not 0..31"
	is_uint "${cfg[MEM]}" && [ "${cfg[MEM]}" -ge 256 ] && [ "${cfg[MEM]}" -le 8192 ] ||
		die "MEM: '${cfg[MEM]}' is not 256..8192 MiB"
	[ -n "${cfg[CPU]}" ] || cfg[CPU]=$(default_cpu "${cfg[QEMU]}")
	# qemu's -cpu: a model name, then +feature/-feature/key=value items.
	[[ ${cfg[CPU]} =~ ^[A-Za-z0-9_.-]+(,[-+]?[A-Za-z0-9_.=-]+)*$ ]] ||
		die "CPU: '${cfg[CPU]}' is not a qemu -cpu model[,+feature|-feature...]"
	case "${cfg[QEMU]}" in
	7.2|10) ;;
	*) die "QEMU: '${cfg[QEMU]}' is neither 10 (bookworm-backports', the default; tools/deps.sh bed) nor 7.2 (Debian 12's)" ;;
	esac
	case "${cfg[KERNEL]}" in
	distro|debug) ;;
	*) die "KERNEL: '${cfg[KERNEL]}' is neither distro (Debian's, the default) nor debug (tools/vm/debug-kernel.sh)" ;;
	esac
	case "${cfg[TCG_THREAD]}" in
	single|multi) ;;
	*) die "TCG_THREAD: '${cfg[TCG_THREAD]}' is neither single nor multi" ;;
	esac
	case "${cfg[TX_IRQ]}" in
	on|off) ;;
	*) die "TX_IRQ: '${cfg[TX_IRQ]}' is neither on (the default) nor off (virtio_net napi_tx=0)" ;;
	esac
	case "${cfg[INSNPROF]}" in
	off|on) ;;
	*) die "INSNPROF: '${cfg[INSNPROF]}' is neither off (the default) nor on (count the guests' instructions per block: tools/vm/insnprof)" ;;
	esac
	case "${cfg[PIN]}" in
	off) ;;
	on) [ "$(nproc)" -ge 2 ] ||
		die "PIN=on: each guest needs a host CPU of its own, this host has $(nproc)"
	    command -v taskset > /dev/null ||
		die "PIN=on: taskset (util-linux) is missing" ;;
	*) die "PIN: '${cfg[PIN]}' is neither off (the default) nor on (guest a's qemu on host CPU 0, b's on CPU 1)" ;;
	esac
	# insmod's name=value words; the module itself judges the values.
	if [ -n "${cfg[MODULE_PARAMS]}" ]; then
		[ "${cfg[MODULE]}" = rdma_rxe_eun ] ||
			die "MODULE_PARAMS: only for MODULE=rdma_rxe_eun"
		[[ ${cfg[MODULE_PARAMS]} =~ ^[a-z_]+=[A-Za-z0-9_.]+( [a-z_]+=[A-Za-z0-9_.]+)*$ ]] ||
			die "MODULE_PARAMS: '${cfg[MODULE_PARAMS]}' is not name=value words"
	fi
	# Settings of a job's own (benchmark knobs), never the bed's BED_*.
	[[ ${cfg[JOB_ENV]} =~ ^((BENCH|EV|LIFECYCLE)_[A-Z0-9_]*=[A-Za-z0-9_.,:+-]*( |$))*$ ]] ||
		die "JOB_ENV: '${cfg[JOB_ENV]}' is not BENCH_*/EV_*/LIFECYCLE_* name=value words"
	# qemu's -icount shift: 'auto' or 0..10; it needs one TCG thread.
	if [ -n "${cfg[ICOUNT]}" ]; then
		[ "${cfg[ICOUNT]}" = auto ] || { is_uint "${cfg[ICOUNT]}" && [ "${cfg[ICOUNT]}" -le 10 ]; } ||
			die "ICOUNT: '${cfg[ICOUNT]}' is neither auto nor 0..10"
		[ "${cfg[TCG_THREAD]}" = single ] ||
			die "ICOUNT needs TCG_THREAD=single (qemu runs icount on one thread)"
	fi
	if [ -n "${cfg[DURATION]}" ]; then
		is_uint "${cfg[DURATION]}" && [ "${cfg[DURATION]}" -ge 10 ] &&
			[ "${cfg[DURATION]}" -le 14400 ] ||
			die "DURATION: '${cfg[DURATION]}' is not 10..14400 seconds"
	fi
}

# Expand TESTS into tests[] and their timeouts into tmos[].
resolve_tests()
{
	local pat pats f settings t

	tests=()
	tmos=()
	# Split only: the globs expand in the repo below, not in the
	# current directory.
	read -ra pats <<< "${cfg[TESTS]}"
	shopt -s nullglob
	for pat in "${pats[@]}"; do
		[[ $pat == /* || $pat == *..* ]] && die "TESTS: '$pat' must be relative to the repo"
		local hits=("$repo"/$pat)
		[ ${#hits[@]} -gt 0 ] || die "TESTS: nothing matches '$pat'"
		for f in "${hits[@]}"; do
			[[ ${f##*/} == lib.sh || ${f##*/} == *_lib.sh ]] && continue
			[ -e "$f" ] || die "TESTS: no such test '${f#"$repo"/}'"
			[ -f "$f" ] || die "TESTS: '$f' is not a file"
			# A glob picks executables only; a named file must be one.
			if [ ! -x "$f" ]; then
				[[ $pat == *[*?[]* ]] && continue
				die "TESTS: '${f#"$repo"/}' is not executable"
			fi
			tests+=("${f#"$repo"/}")
		done
	done
	shopt -u nullglob
	[ ${#tests[@]} -gt 0 ] || die "TESTS: no tests selected"
	for t in "${tests[@]}"; do
		if [ -n "${cfg[TEST_TIMEOUT]}" ]; then
			tmos+=("${cfg[TEST_TIMEOUT]}")
			continue
		fi
		settings=$repo/$(dirname "$t")/settings
		local v=300
		# A test may ask for its own: a "# bed-timeout: N" line.
		v=$(sed -n 's/^# bed-timeout: *\([0-9]\+\) *$/\1/p' "$repo/$t" | head -n 1)
		if [ -n "$v" ]; then
			is_uint "$v" && [ "$v" -ge 5 ] && [ "$v" -le 7200 ] ||
				die "$t: bed-timeout $v is not 5..7200"
			tmos+=("$v")
			continue
		fi
		v=300
		if [ -f "$settings" ]; then
			v=$(sed -n 's/^timeout=\([0-9]\+\)$/\1/p' "$settings" | tail -n 1)
			is_uint "${v:-x}" || die "$settings: no valid timeout=N line"
		fi
		tmos+=("$v")
	done
	# The debug kernel runs a test several times slower (KASAN checks
	# every access, lockdep every lock, under TCG): four times the
	# timeouts the tests name for themselves.
	if [ "${cfg[KERNEL]}" = debug ] && [ -z "${cfg[TEST_TIMEOUT]}" ]; then
		for t in "${!tmos[@]}"; do
			tmos[t]=$((tmos[t] * 4))
		done
	fi
}

q() { printf '%q' "$1"; }

# vCPUs per guest: two on the debug kernel, whose checkers want the
# module's contexts to race; one on Debian's, as every figure so far.
smp() { if [ "${cfg[KERNEL]}" = debug ]; then echo 2; else echo 1; fi; }

# The kernel, initramfs and command line of the guests (kernel_image,
# initrd, kernel_args).
find_kernel()
{
	local kv

	if [ "${cfg[KERNEL]}" = distro ]; then
		kv=$("$repo/tools/kver.sh") || die "no usable 6.12 kernel packages (tools/deps.sh build)"
		eval "$kv"
		kernel_image=/boot/vmlinuz-$KVER
		[ -r "$kernel_image" ] || die "$kernel_image missing"
		initrd=$("$here/mkinitramfs.sh" distro)
		kernel_args=
		return 0
	fi
	kv=$("$here/debug-kernel.sh" env) || die "KERNEL=debug: build it first (make debug-kernel)"
	eval "$kv"
	kernel_image=$DEBUGK_IMAGE
	initrd=$("$here/mkinitramfs.sh" debug)
	# Every KASAN report, not only the first; kmemleak's leaks on the
	# console when a scan finds them (soak-job.sh asks for one); bonding
	# built in must not make its bond0 (guest-init.sh makes its own).
	kernel_args="eunbed.modules=$DEBUGK_MODULES kasan_multi_shot kmemleak.verbose=1 bonding.max_bonds=0"
	if [ "${cfg[MODULE]}" = rdma_rxe_eun ] && [ ! -f "$repo/build/debugk/rdma_rxe_eun.ko" ]; then
		die "KERNEL=debug: build/debugk/rdma_rxe_eun.ko missing (make module-debug)"
	fi
}

write_job()
{
	local out=$1 l prefix type ko= devs= spec

	if [ "${cfg[MODULE]}" = rdma_rxe_eun ]; then
		prefix=eun type=rxe_eun ko=$repo/build/rdma_rxe_eun.ko
		[ "${cfg[KERNEL]}" = debug ] && ko=$repo/build/debugk/rdma_rxe_eun.ko
	else
		prefix=rxe type=rxe
	fi
	# A bonded bed has one device, on the bond; else one per link.
	for l in $(seq 0 $((cfg[LINKS] - 1))); do
		devs="$devs $prefix$l"
		[ "${cfg[BOND]}" = 1 ] && break
	done
	{
		echo "# Generated by tools/vm/bed.sh for the guests; do not edit."
		echo "# cpu: ${cfg[CPU]}"
		echo "# qemu: ${cfg[QEMU]}"
		echo "# tcg: thread=${cfg[TCG_THREAD]}${cfg[ICOUNT]:+ icount shift=${cfg[ICOUNT]}}"
		echo "# kernel: ${cfg[KERNEL]}, $(smp) vCPU(s)"
		echo "export BED_KERNEL=${cfg[KERNEL]}"
		echo "export BED_NAME=$(q "${cfg[NAME]}")"
		echo "export BED_REPO=$(q "$repo")"
		echo "export BED_MODULE=$(q "${cfg[MODULE]}")"
		echo "export BED_MODULE_KO=$(q "$ko")"
		echo "export BED_MODULE_PARAMS=$(q "${cfg[MODULE_PARAMS]}")"
		echo "export BED_LINK_TYPE=$type"
		echo "export BED_LINKS=${cfg[LINKS]}"
		echo "export BED_BOND=${cfg[BOND]}"
		echo "export BED_DEVS=$(q "${devs# }")"
		echo "export BED_DEV=${prefix}0"
		echo "export BED_SIZES=$(q "${cfg[SIZES]}")"
		echo "export BED_ITERS=${cfg[ITERS]}"
		echo "export BED_PROFILES=$(q "${cfg[PROFILES]}")"
		echo "export BED_IMPAIRED=$impaired"
		echo "export BED_BOOT_TIMEOUT=${cfg[BOOT_TIMEOUT]}"
		echo "export BED_QP_TIMEOUT=${cfg[QP_TIMEOUT]}"
		echo "export BED_TX_IRQ=${cfg[TX_IRQ]}"
		echo "export BED_INSNPROF=${cfg[INSNPROF]}"
		[ -n "${cfg[DURATION]}" ] && echo "export BED_DURATION=${cfg[DURATION]}"
		for l in ${cfg[JOB_ENV]}; do echo "export ${l%%=*}=$(q "${l#*=}")"; done
		echo -n "BED_TESTS=("
		for l in "${tests[@]}"; do echo -n " $(q "$l")"; done
		echo " )"
		echo "BED_TEST_TIMEOUTS=( ${tmos[*]} )"
		for g in A B; do
			echo -n "NETEM_$g=("
			for l in $(seq 0 $((cfg[LINKS] - 1))); do
				spec=${cfg[NETEM_$g$l]-${cfg[NETEM]}}
				echo -n " $(q "$spec")"
			done
			echo " )"
		done
	} > "$out/job.env"
}

# --- guests ----------------------------------------------------------------

qemu_pids=()
kernel_image=
initrd=
kernel_args=
sockdir=
qemu_bin=
qemu_version=
insnprof_so=$repo/build/insnprof.so

# The guests' -cpu when the config names none: qemu 7.2 without cmpxchg16b.
default_cpu()
{
	case $1 in
	7.2) echo max,-cx16 ;;
	*) echo max ;;
	esac
}

# The binary QEMU names, and its version line, which must be that QEMU's.
find_qemu()
{
	local want=${cfg[QEMU]}

	case $want in
	7.2) qemu_bin=$(command -v qemu-system-x86_64) ||
		die "qemu-system-x86_64 missing (tools/deps.sh bed)" ;;
	10) qemu_bin=$repo/build/qemu10/qemu-system-x86_64
	    [ -x "$qemu_bin" ] ||
		die "QEMU=10: $qemu_bin missing (tools/deps.sh bed unpacks it from bookworm-backports; QEMU=7.2 runs Debian's qemu instead)" ;;
	esac
	qemu_version=$("$qemu_bin" --version 2>&1 | head -n 1) ||
		die "$qemu_bin --version failed: $qemu_version"
	[[ $qemu_version =~ version\ ${want//./\\.}\. ]] ||
		die "QEMU=$want: $qemu_bin is '$qemu_version'"
}

# INSNPROF=on: the plugin, built here when its source is newer.
build_insnprof()
{
	local src=$repo/tools/vm/insnprof/insnprof.c

	[ "$insnprof_so" -nt "$src" ] && [ "$insnprof_so" -nt "${src%/*}/qemu_plugin_api.h" ] &&
		return 0
	mkdir -p "${insnprof_so%/*}"
	gcc -Wall -O2 -shared -fPIC -o "$insnprof_so" "$src" ||
		die "INSNPROF=on: building $insnprof_so failed (gcc: tools/deps.sh build)"
}

cleanup()
{
	local p

	for p in "${qemu_pids[@]}"; do
		kill -TERM "$p" 2>/dev/null || true
	done
	sleep 0.5
	for p in "${qemu_pids[@]}"; do
		kill -KILL "$p" 2>/dev/null || true
	done
	[ -n "$sockdir" ] && rm -rf "$sockdir"
	return 0
}

start_guest()
{
	local g=$1 me peer l args=() pin=()

	if [ "$g" = a ]; then me=1 peer=b; else me=2 peer=a; fi
	args+=(-accel "tcg,thread=${cfg[TCG_THREAD]}" -cpu "${cfg[CPU]}" -smp "$(smp)" -m "${cfg[MEM]}"
		-nodefaults -display none -monitor none -no-reboot
		-serial "file:$out/$g/console.log"
		-kernel "$kernel_image" -initrd "$initrd"
		-append "console=ttyS0 mitigations=off no_timer_check panic=1 loglevel=5 eunbed.guest=$g eunbed.run=$out eunbed.init=$repo/tools/vm/guest-init.sh${kernel_args:+ $kernel_args}"
		-fsdev "local,id=root,path=/,security_model=none,readonly=on,multidevs=remap"
		-device "virtio-9p-pci,fsdev=root,mount_tag=/dev/root"
		-fsdev "local,id=run,path=$out,security_model=none,multidevs=remap"
		-device "virtio-9p-pci,fsdev=run,mount_tag=results")
	[ -z "${cfg[ICOUNT]}" ] || args+=(-icount "shift=${cfg[ICOUNT]}")
	if [ "${cfg[INSNPROF]}" = on ]; then
		mkdir -p "$out/$g/insnprof"
		args+=(-plugin "$insnprof_so,dir=$out/$g/insnprof")
	fi
	for l in $(seq 0 $((cfg[LINKS] - 1))); do
		args+=(-netdev "dgram,id=n$l,local.type=unix,local.path=$sockdir/$g$l.sock,remote.type=unix,remote.path=$sockdir/$peer$l.sock"
			-device "virtio-net-pci,netdev=n$l,mac=52:54:00:77:0$l:0$me")
	done
	# PIN=on: every thread of the guest's qemu on a host CPU of its own.
	[ "${cfg[PIN]}" = off ] || pin=(taskset -c $((me - 1)))
	echo "${pin[*]}${pin:+ }$qemu_bin ${args[*]}" > "$out/$g/qemu.cmd"
	"${pin[@]}" "$qemu_bin" "${args[@]}" > "$out/$g/qemu.log" 2>&1 &
	qemu_pids+=($!)
}

# Print the guests' progress lines not printed yet.
declare -A shown=([a]=0 [b]=0)
show_progress()
{
	local g f n

	for g in a b; do
		f=$out/$g/progress.log
		[ -f "$f" ] || continue
		n=$(wc -l < "$f")
		if [ "$n" -gt "${shown[$g]}" ]; then
			tail -n +$((shown[$g] + 1)) "$f" | head -n $((n - shown[$g])) |
				sed "s/^/$prog: [$(date +%T)] $g: /"
			shown[$g]=$n
		fi
	done
}

wait_guests()
{
	local deadline=$1 alive p beat i g lost=0

	beat=$(( $(date +%s) + 60 ))
	while :; do
		show_progress
		if [ "$(date +%s)" -ge "$beat" ]; then
			say "[$(date +%T)] running, $(( deadline - $(date +%s) ))s left of the bound"
			beat=$(( $(date +%s) + 60 ))
		fi
		alive=0
		for i in "${!qemu_pids[@]}"; do
			p=${qemu_pids[$i]}
			if kill -0 "$p" 2>/dev/null; then
				alive=$((alive + 1))
				continue
			fi
			# A guest gone without finishing (panic, crash) leaves
			# its peer waiting at barriers: give it 30 s, then stop.
			g=$([ "$i" -eq 0 ] && echo a || echo b)
			if [ ! -e "$out/$g/finished" ] && [ $lost -eq 0 ]; then
				say "guest $g stopped without finishing (see $out/$g/console.log)"
				grep -m 3 -E 'Kernel panic|BUG:|Oops' "$out/$g/console.log" 2>/dev/null |
					sed "s/^/$prog:   /"
				lost=1
				[ "$deadline" -gt $(( $(date +%s) + 30 )) ] &&
					deadline=$(( $(date +%s) + 30 ))
			fi
		done
		[ $alive -eq 0 ] && return 0
		if [ "$(date +%s)" -ge "$deadline" ]; then
			say "run overran its bound; killing the guests"
			echo "run killed at its bound" > "$out/killed"
			cleanup
			return 1
		fi
		sleep 2
	done
}

# --- results ---------------------------------------------------------------

skip_reason()
{
	grep -h -m 1 '^SKIP: ' "$out"/a/"$1"/log "$out"/b/"$1"/log 2>/dev/null |
		head -n 1 | sed 's/^SKIP: //'
}

# What each guest's kernel went through (tools/vm/console-scan.sh), one
# "GUEST KIND OWN SIGNATURE" line per report in $out/kernel.txt ("GUEST
# clean 0 -" for a guest without any).
scan_consoles()
{
	local g

	: > "$out/kernel.txt"
	for g in a b; do
		# A console that cannot be read fails the kernel-log point.
		{ "$here/console-scan.sh" "$out/$g/console.log" "${cfg[MODULE]}" ||
			echo "warn 1 console-scan.sh failed on $g/console.log"; } |
			sed "s/^/$g /" >> "$out/kernel.txt"
	done
}

# TAP comments for every report, then one test point: no oops, BUG, WARN,
# KASAN, lockdep or kmemleak report of the module under test in either
# guest's kernel log, whichever report of the console it is.
report_kernel()
{
	local g kind own sig bad=

	while read -r g kind own sig; do
		case $kind in
		crash) echo "# CRASH: ${cfg[MODULE]}: guest $g: $sig" ;;
		warn)  echo "# WARN: ${cfg[MODULE]}: guest $g: $sig" ;;
		race)  echo "# RACE: ${cfg[MODULE]}: guest $g: PID 1 exited after the power-off request ($sig)" ;;
		kasan|lockdep) echo "# ${kind^^}: ${cfg[MODULE]}: guest $g: $sig" ;;
		leak)  echo "# KMEMLEAK: ${cfg[MODULE]}: guest $g: $sig" ;;
		esac
		[ "$own" = 1 ] && bad="$bad guest $g: $sig;"
	done < "$out/kernel.txt"
	if [ -z "$bad" ]; then
		echo -e "kernel-log\tscan\tscan\tpass" >> "$out/results.tsv"
		ok "${cfg[MODULE]}: kernel-log"
	else
		echo -e "kernel-log\tscan\tscan\tfail" >> "$out/results.tsv"
		nok "${cfg[MODULE]}: kernel-log # ${cfg[MODULE]} in a kernel report:${bad%;}"
	fi
}

report()
{
	local i t name ra rb verdict g crashes

	scan_consoles
	crashes=$(grep -c '^[ab] crash ' "$out/kernel.txt" || true)
	{
		tap_start $(( ${#tests[@]} + 1 ))
		for i in "${!tests[@]}"; do
			t=${tests[$i]}
			name=$(basename "$t" .sh)
			ra=$(cat "$out/a/$name/rc" 2>/dev/null || echo none)
			rb=$(cat "$out/b/$name/rc" 2>/dev/null || echo none)
			if [ "$ra" = 0 ] && [ "$rb" = 0 ]; then
				verdict=pass
			elif [[ $ra =~ ^(0|4)$ ]] && [[ $rb =~ ^(0|4)$ ]]; then
				verdict=skip
			else
				verdict=fail
			fi
			echo -e "$name\t$ra\t$rb\t$verdict" >> "$out/results.tsv"
			case $verdict in
			pass) ok "${cfg[MODULE]}: $name" ;;
			skip) skip "${cfg[MODULE]}: $name" "$(skip_reason "$name")" ;;
			fail) nok "${cfg[MODULE]}: $name # a rc=$ra b rc=$rb"
			      for g in a b; do
				      [ -f "$out/$g/$name/log" ] || { echo "#   $g: no log"; continue; }
				      # A guest that passed has no such lines: no match
				      # must not end the report (set -e, pipefail).
				      grep -E '^(TEST: .*\[FAIL\]|	|TIMEOUT|COUNTERS|SKIP)' "$out/$g/$name/log" |
					      head -n 8 | sed "s/^/#   $g: /" || true
				      tail -n 4 "$out/$g/$name/log" | sed "s/^/#   $g| /"
			      done ;;
			esac
		done
		report_kernel
		for g in a b; do
			[ -e "$out/$g/finished" ] && continue
			echo "# guest $g did not finish (see $out/$g/console.log)"
			tail -n 5 "$out/$g/console.log" 2>/dev/null | sed 's/^/#   /'
		done
		tap_end "${cfg[MODULE]}" "crashes: $crashes" || true
	} > "$out/tap.txt"
	cat "$out/tap.txt"
	echo "pass=$((tap_n - tap_fails - tap_skips)) fail=$tap_fails skip=$tap_skips crashes=$crashes" > "$out/summary"
	[ "$tap_fails" -eq 0 ] && [ -e "$out/a/finished" ] && [ -e "$out/b/finished" ]
}

# --- main --------------------------------------------------------------------

main()
{
	local out_opt= only=() o kv total t start deadline

	while getopts "no:s:t:h" o; do
		case $o in
		o) out_opt=$OPTARG ;;
		s) overrides+=("$OPTARG") ;;
		t) only+=("$OPTARG") ;;
		n) dry=1 ;;
		h) sed -n '4,14p' "$0"; exit 0 ;;
		*) die "usage: $prog [-n] [-o DIR] [-s KEY=VALUE]... [-t TEST]... CONFIG" ;;
		esac
	done
	shift $((OPTIND - 1))
	[ $# -eq 1 ] || die "usage: $prog [-n] [-o DIR] [-s KEY=VALUE]... [-t TEST]... CONFIG"
	read_config "$1"
	for kv in "${overrides[@]}"; do
		[[ $kv =~ ^([A-Z_][A-Z0-9_]*)=(.*)$ ]] || die "-s '$kv': expected KEY=VALUE"
		set_key "-s" "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}"
	done
	[ ${#only[@]} -gt 0 ] && cfg[TESTS]="${only[*]}"
	check_config
	resolve_tests

	impaired=0
	for o in "${!cfg[@]}"; do
		[[ $o == NETEM* ]] && [ -n "${cfg[$o]}" ] && impaired=1
	done

	if [ $dry -eq 1 ]; then
		out=$(mktemp -d)
		write_job "$out"
		cat "$out/job.env"
		rm -rf "$out"
		return 0
	fi

	find_qemu
	[ "${cfg[INSNPROF]}" = off ] || build_insnprof
	[[ $repo != *[[:space:]]* ]] || die "the repo path must not contain spaces"
	find_kernel

	out=${out_opt:-${RESULTS:-$repo/results}/bed/${cfg[NAME]}-$(date +%Y%m%d-%H%M%S)}
	[ -e "$out" ] && die "$out exists"
	mkdir -p "$out/a" "$out/b" "$out/sync"
	out=$(cd "$out" && pwd)
	[[ $out != *[[:space:]]* ]] || die "the results path must not contain spaces"
	for o in "${!cfg[@]}"; do echo "$o=${cfg[$o]}"; done | sort > "$out/config"
	write_job "$out"

	total=${cfg[BOOT_TIMEOUT]}
	for t in "${tmos[@]}"; do total=$((total + t + 30)); done
	total=$((total + 120))
	[ "$total" -gt "${cfg[RUN_TIMEOUT]}" ] && total=${cfg[RUN_TIMEOUT]}
	start=$(date +%s)
	deadline=$((start + total))

	sockdir=$(mktemp -d /tmp/eunbed.XXXXXX)
	trap cleanup EXIT
	trap 'say interrupted; exit 130' INT TERM
	o=
	[ "${cfg[BOND]}" = 1 ] && o=" bonded"
	say "run ${cfg[NAME]}: ${cfg[MODULE]}, ${cfg[LINKS]} link(s)$o, ${#tests[@]} test(s), bound ${total}s"
	say "results in $out"
	pinned=
	[ "${cfg[PIN]}" = off ] || pinned=", guests pinned to host CPUs 0 and 1"
	say "qemu: $qemu_version ($qemu_bin), -cpu ${cfg[CPU]}, tcg thread=${cfg[TCG_THREAD]}$pinned"
	say "kernel: ${cfg[KERNEL]} ($kernel_image), $(smp) vCPU(s)"
	echo "$qemu_version" > "$out/qemu.version"
	start_guest a
	start_guest b
	wait_guests "$deadline" || true
	say "guests done after $(( $(date +%s) - start ))s"
	report
}

# Whole-line call then exit: bash never reads past it, so editing this
# file while a run is going does not change what the run executes.
overrides=(); dry=0; main "$@"; exit $?
