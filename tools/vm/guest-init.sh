#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Stage 2 of a bed guest, PID 1 after switch_root. Reads its role and run
# folder from the kernel command line (eunbed.guest=a|b, eunbed.run=PATH),
# mounts the shared run folder, brings up the links, applies netem, runs
# the job's tests in step with the other guest and powers off.
set -uo pipefail
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export HOME=/root LANG=C LC_ALL=C

# PID 1 must never exit: that panics the kernel ("Attempted to kill
# init!"), and a panic is what the host reads as a crash. sysrq o only
# queues the power-off, and once it has torn down virtio-9p any program
# run from the shared root fails (EIO) and the script would die: so ask
# for the power-off with reboot(2) itself (busybox poweroff -f never
# returns), and should that fail, wait in a builtin read on a FIFO made
# at boot.
power_off()
{
	sync
	/bin/busybox poweroff -f
	echo o > /proc/sysrq-trigger
	while :; do
		read -r -t 60 <> "$hold_fifo" || :
	done
}
hold_fifo=/run/guest-init.hold
mkfifo "$hold_fifo" 2>/dev/null || :
trap power_off EXIT

guest=
run=
for arg in $(cat /proc/cmdline); do
	case "$arg" in
	eunbed.guest=*) guest=${arg#eunbed.guest=} ;;
	eunbed.run=*)   run=${arg#eunbed.run=} ;;
	esac
done
case "$guest" in
a|b) ;;
*) echo "guest-init: bad eunbed.guest='$guest'" >&2; exit 1 ;;
esac
[ -n "$run" ] || { echo "guest-init: no eunbed.run=" >&2; exit 1; }

ln -sf /proc/self/fd /dev/fd
mkdir -p /dev/pts /dev/shm
mount -t devpts devpts /dev/pts
mount -t tmpfs tmpfs /dev/shm
# The module's view of a QP that stalls (eun-verify prints it) is there.
mountpoint -q /sys/kernel/debug || mount -t debugfs debugfs /sys/kernel/debug
hostname "bed-$guest"
# A run folder under a tmpfs of the guest (e.g. /tmp) needs its mount point.
[ -d "$run" ] || mkdir -p "$run"
if ! mount -t 9p -o trans=virtio,version=9p2000.L,msize=512000 results "$run"; then
	echo "guest-init: cannot mount the run folder on $run" >&2
	exit 1
fi
gdir=$run/$guest
exec > >(tee -a "$gdir/guest.log") 2>&1

log() { echo "bed-$guest: [$(cut -d' ' -f1 /proc/uptime)] $*"; }
progress() { echo "$*" >> "$gdir/progress.log"; log "$*"; }

# shellcheck source=/dev/null
source "$run/job.env" || { log "cannot read $run/job.env"; exit 1; }
# shellcheck source=../../selftests/lib.sh
source "$BED_REPO/selftests/lib.sh"

export BED_GUEST=$guest BED_RUN=$run
if [ "$guest" = a ]; then
	export BED_ROLE=server
	self=1 peer=2
else
	export BED_ROLE=client
	self=2 peer=1
fi

# --- links ---------------------------------------------------------------

netdev_by_mac()
{
	local n

	for n in /sys/class/net/*; do
		[ "$(cat "$n/address")" = "$1" ] && { echo "${n##*/}"; return 0; }
	done
	return 1
}

setup_links()
{
	local l mac nd

	# The kernel's default fq_codel drops packets that wait over 5 ms, and
	# a TCG guest on a busy host stalls longer than that: an unimpaired
	# link must not lose a frame. pfifo_fast drops only when full.
	echo pfifo_fast > /proc/sys/net/core/default_qdisc || return 1
	# TX_IRQ=off: the links' NICs raise no interrupt per packet sent, as
	# a real NIC coalesces its transmit completions (virtio_net frees
	# them on the next send instead, and orphans each skb as it goes).
	if [ "${BED_TX_IRQ:-on}" = off ]; then
		modprobe virtio_net napi_tx=0 || return 1
	else
		modprobe virtio_net || return 1
	fi
	ip link set lo up
	# Two passes so a rename never collides with another link's old name.
	for l in $(seq 0 $((BED_LINKS - 1))); do
		mac=52:54:00:77:0$l:0$self
		busywait 5000 netdev_by_mac "$mac" >/dev/null || {
			log "no netdev with MAC $mac"; return 1; }
		nd=$(netdev_by_mac "$mac")
		ip link set dev "$nd" name "bedtmp$l" || return 1
	done
	for l in $(seq 0 $((BED_LINKS - 1))); do
		ip link set dev "bedtmp$l" name "eth$l" || return 1
	done
	if [ "${BED_BOND:-0}" = 1 ]; then
		setup_bond
	else
		setup_separate
	fi
}

# Each link on its own: ethL holds 10.77.L.x and gets a device of its own.
setup_separate()
{
	local l addrs= peers= nds=

	for l in $(seq 0 $((BED_LINKS - 1))); do
		ip addr add "10.77.$l.$self/24" dev "eth$l" || return 1
		ip link set dev "eth$l" up || return 1
		addrs="$addrs 10.77.$l.$self"
		peers="$peers 10.77.$l.$peer"
		nds="$nds eth$l"
	done
	export BED_ADDRS=${addrs# } BED_PEERS=${peers# } BED_NETDEVS=${nds# }
	export BED_ADDR=10.77.0.$self BED_PEER=10.77.0.$peer BED_SERVER=10.77.0.1
	export BED_NETDEV=eth0 BED_SLAVES=
}

# All links under one netdev, as the paths of an ECMP group: balance-xor
# sends each frame on the link a hash of its addresses and ports picks
# (layer3+4), so one UDP flow keeps to one link and a sender spreads its
# packets only by varying the source port. The slaves hold no address:
# the bond's one address (10.77.9.x) is the guest's, and rxe's device sits
# on the bond (a slave hands what it receives up to the bond).
setup_bond()
{
	local l policy slaves=''

	modprobe bonding max_bonds=0 || return 1
	ip link add bond0 type bond mode balance-xor xmit_hash_policy layer3+4 \
		miimon 100 || return 1
	for l in $(seq 0 $((BED_LINKS - 1))); do
		# Only a link that is down may join a bond.
		ip link set dev "eth$l" down || return 1
		ip link set dev "eth$l" master bond0 || return 1
		slaves="$slaves eth$l"
	done
	ip addr add "10.77.9.$self/24" dev bond0 || return 1
	ip link set dev bond0 up || return 1
	export BED_ADDR=10.77.9.$self BED_PEER=10.77.9.$peer BED_SERVER=10.77.9.1
	export BED_ADDRS=$BED_ADDR BED_PEERS=$BED_PEER
	export BED_NETDEV=bond0 BED_NETDEVS=bond0 BED_SLAVES=${slaves# }
	read -r policy 2>/dev/null < /sys/class/net/bond0/bonding/xmit_hash_policy
	log "bond0 over $BED_SLAVES, xmit_hash_policy ${policy:-unreadable}"
}

# slave_up ETH: the bond's link monitor sees ETH up, so the hash uses it.
# shellcheck disable=SC2317 # called through busywait
slave_up()
{
	local st

	read -r st 2>/dev/null < /sys/class/net/"$1"/bonding_slave/mii_status &&
		[ "$st" = up ]
}

check_links()
{
	local p nd rc=0 ping=(ping)

	command -v ping >/dev/null || ping=(busybox ping)
	# A slave the bond counts as down takes no flow: the others carry its
	# share, and a test of the spread would read a dead link.
	for nd in $BED_SLAVES; do
		if busywait 5000 slave_up "$nd"; then
			log "bond0: $nd up"
		else
			log "bond0: $nd is not up in the bond"
			rc=1
		fi
	done
	for p in $BED_PEERS; do
		if busywait 20000 "${ping[@]}" -c 1 -W 1 -q "$p" >/dev/null; then
			log "link to $p up${BED_SLAVES:+ (bond0)}"
		else
			log "link to $p: no answer to ping"
			rc=1
		fi
	done
	return $rc
}

# netem spec of this guest on link L, from job.env's NETEM_A/NETEM_B arrays
netem_of()
{
	local -n specs=NETEM_${guest^^}

	echo "${specs[$1]:-}"
}

apply_netem()
{
	local l spec all=

	for l in $(seq 0 $((BED_LINKS - 1))); do
		spec=$(netem_of "$l")
		all="$all;$spec"
		[ -n "$spec" ] || continue
		bed_netem_set "eth$l" "$spec" || {
			log "tc netem '$spec' on eth$l failed"; return 1; }
		log "eth$l: netem $spec"
	done
	export BED_NETEM=${all#;}
}

snapshot()
{
	local tag=$1 dir=$2

	tc -s qdisc show > "$dir/tc-$tag.txt" 2>&1
	bed_link_tx "$dir/link-tx-$tag.txt"
	bed_counters "$dir/counters-$tag.txt"
	rdma statistic show > "$dir/rdma-stat-$tag.txt" 2>&1
}

# --- tests ---------------------------------------------------------------

# run_test SCRIPT TIMEOUT: run one test in its own session, bounded.
run_test()
{
	local script=$1 tmo=$2 name dir pid rc start end

	name=$(basename "$script" .sh)
	dir=$gdir/$name
	mkdir -p "$dir"
	if ! bed_setup > "$dir/setup.log" 2>&1; then
		log "$name: setup before the test failed (see $dir/setup.log)"
	fi
	snapshot before "$dir"
	export BED_TEST=$name BED_RESULTS=$dir BED_TIMEOUT=$tmo
	export BED_SYNC=$run/sync/$name
	export BED_GID_INDEX
	BED_GID_INDEX=$(bed_gid_index "$BED_DEV" 2>/dev/null || echo 1)
	start=$(bed_now_ms)
	setsid bash "$BED_REPO/$script" > "$dir/log" 2>&1 < /dev/null &
	pid=$!
	bed_wait_pid "$pid" "$tmo"
	rc=$?
	# Leftovers of the test's session (servers, perftest) go with it.
	kill -KILL -- -"$pid" 2>/dev/null
	end=$(bed_now_ms)
	if [ $rc -eq 124 ]; then
		echo "TIMEOUT: killed after ${tmo}s" >> "$dir/log"
		rc=$ksft_fail
		echo timeout > "$dir/timeout"
	fi
	# A counter a check read did not exist (bed_counter_deltas): the
	# check read nothing, so the test fails, whatever it printed.
	if [ -s "$dir/counters-missing" ] && [ "$rc" -ne "$ksft_fail" ]; then
		sed 's/^/COUNTERS: missing: /' "$dir/counters-missing" >> "$dir/log"
		rc=$ksft_fail
	fi
	snapshot after "$dir"
	echo $rc > "$dir/rc"
	progress "$name rc=$rc $(( (end - start) / 1000 ))s"
}

main()
{
	local i t tmo

	log "up: $(uname -r), run $BED_NAME, module $BED_MODULE"
	export BED_SYNC=$run/sync/runner
	setup_links || { progress "FATAL: link setup failed"; return 1; }
	bed_barrier boot "$BED_BOOT_TIMEOUT" || { progress "FATAL: no peer"; return 1; }
	check_links || progress "WARN: a link is down or does not answer ping"
	apply_netem || { progress "FATAL: netem"; return 1; }

	if bed_setup > "$gdir/setup.log" 2>&1; then
		log "module $BED_MODULE loaded, devices $BED_DEVS"
	else
		progress "WARN: setup of $BED_MODULE failed: $(tail -n 3 "$gdir/setup.log" | tr '\n' ' ')"
	fi
	snapshot before "$gdir"
	dmesg > "$gdir/dmesg-boot.txt"
	progress "ready"

	for i in "${!BED_TESTS[@]}"; do
		t=${BED_TESTS[$i]}
		tmo=${BED_TEST_TIMEOUTS[$i]}
		export BED_SYNC=$run/sync/runner
		bed_barrier "start-$i" $((tmo + BED_TMO_START_MARGIN_S)) ||
			progress "WARN: peer missed start of $t"
		run_test "$t" "$tmo"
	done
	export BED_SYNC=$run/sync/runner
	bed_barrier end "$BED_TMO_END_S" || true
	snapshot after "$gdir"
	dmesg > "$gdir/dmesg.txt"
	progress "finished"
	: > "$gdir/finished"
}

main; sync; umount "$run" 2>/dev/null; exit 0
