#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bed-timeout: 600
#
# Load and unload, again and again: LIFECYCLE_CYCLES (default 30) cycles
# of the module under test in each guest, each one loading it, adding the
# bed's links, checking that the device works (an ACTIVE port, an IPv4
# GID, the provider binds: ibv_devinfo), and unloading it with its links
# still there, so that the module must remove them itself. Every tenth
# cycle moves a short eun-verify transfer between the guests, every byte
# checked. Before each unload the emulated memory must hold no block and
# no held packet (rdma_rxe_eun: debugfs memctl and the counters) and the
# module no reference; after the cycles ib_core and ib_uverbs hold as many
# references as before them, and the kernel log has no warning.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"
source "$BED_REPO/selftests/eun_verify_lib.sh"

# The module is loaded with the bed's parameters each time: the default
# run is enough, the other runs change nothing of the load path.
bed_default_run_only
ev_require
require_cmd ibv_devinfo rmmod

CYCLES=${LIFECYCLE_CYCLES:-30}
EVERY=10
is_eun=0
[ "$BED_MODULE" = rdma_rxe_eun ] && is_eun=1
if [ $is_eun = 1 ]; then
	mountpoint -q /sys/kernel/debug || mount -t debugfs none /sys/kernel/debug
fi

refcnt() { cat /sys/module/"$1"/refcnt 2>/dev/null; }

# cycle_up: the module, the bed's links, a device that works.
cycle_up()
{
	bed_module_load || { echo "load failed" >&2; return 1; }
	bed_links_add || { echo "rdma link add failed" >&2; return 1; }
	busywait 10000 bed_gid_index "$BED_DEV" >/dev/null ||
		{ echo "$BED_DEV has no IPv4 GID" >&2; return 1; }
	ibv_devinfo -d "$BED_DEV" 2>&1 | grep -q PORT_ACTIVE ||
		{ echo "ibv_devinfo -d $BED_DEV: no active port" >&2; return 1; }
}

# eun_idle DEV: no block of DEV's emulated memory allocated, no connection
# and no held packet (debugfs memctl and the counters). rdma_rxe_eun only.
eun_idle()
{
	local f=/sys/kernel/debug/rxe_eun/$1/memctl v

	grep -qx 'in_use bitmap 0 meta 0' "$f" && grep -qx 'connections 0' "$f" ||
		return 1
	v=$(bed_counter rxe_eun_emem_blocks_in_use "$1") && [ "$v" = 0 ] || return 1
	v=$(bed_counter rxe_eun_wsync_slots_in_use "$1") && [ "$v" = 0 ]
}

# cycle_down: unload with the links in place; nothing may stay.
cycle_down()
{
	local d n

	if [ $is_eun = 1 ]; then
		for d in $BED_DEVS; do
			busywait 10000 eun_idle "$d" || {
				echo "$d not idle before unload: $(grep -E '^(in_use|connections)' \
					/sys/kernel/debug/rxe_eun/"$d"/memctl | tr '\n' ' ')" \
					"slots $(bed_counter rxe_eun_wsync_slots_in_use "$d")" >&2
				return 1
			}
		done
	fi
	n=$(refcnt "$BED_MODULE")
	[ "$n" = 0 ] || { echo "$BED_MODULE refcnt '$n' before unload" >&2; return 1; }
	[ -e /sys/class/infiniband/"$BED_DEV" ] ||
		{ echo "$BED_DEV gone before unload" >&2; return 1; }
	rmmod "$BED_MODULE" || { echo "rmmod $BED_MODULE failed" >&2; return 1; }
	! bed_module_live "$BED_MODULE" || { echo "$BED_MODULE still loaded" >&2; return 1; }
	n=$(ls /sys/class/infiniband 2>/dev/null)
	[ -z "$n" ] || { echo "devices left after unload: ${n//$'\n'/ }" >&2; return 1; }
}

# cycle_transfer I: a short verified transfer between the guests.
cycle_transfer()
{
	local i=$1 result cbytes

	ev_run "cycle-$i" 0 -- -o send,write,read -S 4096,65536 -q 2 -D 4 \
		-n 10 --seed "$i"
	read -r result _ _ _ _ cbytes _ <<< "$(ev_summary "$EV_OUT")"
	if [ "$result" = pass ]; then
		transfers=$((transfers + 1))
		bytes=$((bytes + cbytes))
	else
		check_err 1 "cycle $i: transfer '$result': $(ev_field "$EV_OUT" error)"
	fi
}

mark=$(dmesg | wc -l)
# The runner left the module loaded with its links: the first unload.
cycle_down
check_err $? "unload of the runner's $BED_MODULE with its links"
base_core=$(refcnt ib_core)
base_uverbs=$(refcnt ib_uverbs)
log_info "before the cycles: ib_core refcnt $base_core, ib_uverbs $base_uverbs"

transfers=0
bytes=0
done_cycles=0
h0=$(bed_host_clock cycles-start)
for ((i = 1; i <= CYCLES; i++)); do
	err=$({ cycle_up; } 2>&1)
	if [ $? -ne 0 ]; then
		check_err 1 "cycle $i: $err"
		break
	fi
	[ $((i % EVERY)) = 0 ] && cycle_transfer "$i"
	err=$({ cycle_down; } 2>&1)
	if [ $? -ne 0 ]; then
		check_err 1 "cycle $i: $err"
		break
	fi
	done_cycles=$i
	[ $((i % EVERY)) = 0 ] && bed_progress "cycle $i of $CYCLES"
done
h1=$(bed_host_clock cycles-end)
log_info "$done_cycles of $CYCLES cycles in" \
	"$(awk -v a="$h0" -v b="$h1" 'BEGIN { printf "%.1f", b - a }') s (host clock);" \
	"$transfers transfers, $bytes bytes verified ($BED_ROLE)"
[ "$done_cycles" = "$CYCLES" ]
check_err $? "$done_cycles of $CYCLES cycles done"
[ "$transfers" = $((CYCLES / EVERY)) ]
check_err $? "$transfers of $((CYCLES / EVERY)) transfers passed"

[ "$(refcnt ib_core)" = "$base_core" ] && [ "$(refcnt ib_uverbs)" = "$base_uverbs" ]
check_err $? "after the cycles: ib_core refcnt $(refcnt ib_core) (was $base_core)," \
	"ib_uverbs $(refcnt ib_uverbs) (was $base_uverbs)"
warn=$(dmesg | tail -n +$((mark + 1)) |
	grep -E 'WARNING:|BUG:|Oops|refcount_t|general protection|leak' | head -n 3)
[ -z "$warn" ]
check_err $? "kernel log: $warn"
log_test "$BED_MODULE: $CYCLES load/link add/unload cycles ($BED_ROLE)"

bed_setup
check_err $? "load after the cycles failed"
log_test "$BED_MODULE: loads again after the cycles"
exit $EXIT_STATUS
