#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The instruction profile (tools/vm/insnprof): the plugin builds and
# exports what qemu looks up, and report.py puts made-up blocks in the
# right functions and modules, per packet needed, and compares two
# columns. TAP output.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
ip=$(cd "$here/../../vm/insnprof" && pwd)
# shellcheck source=tools/testing/tap.sh
source "$here/../tap.sh"
tap_scratch
tap_start

if gcc -Wall -Werror -O2 -shared -fPIC -o "$tmp/insnprof.so" "$ip/insnprof.c" 2> "$tmp/cc.log"; then
	ok "the plugin builds"
	syms=$(nm -D --defined-only "$tmp/insnprof.so")
	check "it exports qemu_plugin_install and qemu_plugin_version" \
		'grep -q " T qemu_plugin_install$" <<< "$syms" && grep -q " D qemu_plugin_version$" <<< "$syms"'
else
	nok "the plugin builds" "$(cat "$tmp/cc.log")"
fi

# Two columns, one transfer each of 100 packets needed. Guest a (server)
# and b (client); kernel text at ffffffff81000000, the module's above.
run=$tmp/run
mkdir -p "$run/all/a/insnprof" "$run/all/b/insnprof"
{
	echo "column,profile,op,size,rep,status,needed_pkts,goodput_MBps,kcpu_us_per_pkt"
	echo "rdma_rxe,none,write,65536,1,ok,100,8.3,209.4"
	echo "eun-eunomia,none,write,65536,1,ok,100,7.6,233.6"
	echo "eun-eunomia,none,read,65536,1,fail,100,,"
} > "$run/bench.csv"
syms()
{
	cat <<-EOF
	ffffffff81000000 T _stext
	ffffffff81001000 T udp_rcv
	ffffffff81002000 t helper
	ffffffff81003000 D some_data
	ffffffffc0000000 t rxe_rcv	[$1]
	ffffffffc0001000 T rxe_send	[$1]
	EOF
}
for g in a b; do
	d=$run/all/$g/insnprof
	syms rdma_rxe > "$d/rdma_rxe-none-write-65536-1.syms"
	syms rdma_rxe_eun > "$d/eun-eunomia-none-write-65536-1.syms"
	syms rdma_rxe_eun > "$d/eun-eunomia-none-read-65536-1.syms"
	# udp_rcv: 2000 insns; rxe_rcv: 10 * 100; user space: 500.
	printf '%s\n' "# translated 7 flushed 1" "ffffffff81001010 20 100" "ffffffffc0000040 10 100" \
		"7f0000001000 5 100" > "$d/rdma_rxe-none-write-65536-1"
	# The same, and 3 * 100 more in the module's send, 4 * 50 in helper.
	printf '%s\n' "ffffffff81001010 20 100" "ffffffffc0000040 10 100" "7f0000001000 5 100" \
		"ffffffffc0001008 3 100" "ffffffff81002004 4 50" > "$d/eun-eunomia-none-write-65536-1"
	printf '%s\n' "ffffffff81001010 99 100" > "$d/eun-eunomia-none-read-65536-1"
done

out=$(python3 "$ip/report.py" "$run" 2>&1)
rc=$?
check "report exits 0" "[ $rc -eq 0 ]"
has() { grep -qE "$1" <<< "$out"; }
count() { grep -cE "$1" <<< "$out"; }
check "stock: per guest and kernel totals per packet" \
	'has "^== rdma_rxe none write 65536 \(1 repetition\(s\)\)" &&
	 has "^   client 35, server 35, both 70; their kernels 60$"'
check "eunomia: the module's send and the kernel's helper counted" \
	'has "^   client 40, server 40, both 80; their kernels 70$"'
check "by module, a local symbol (t) of the kernel in vmlinux" \
	'has "^   client by module: vmlinux 22, rdma_rxe_eun 13, user 5$"'
check "a block in the function it starts in" \
	'has "^ +3\.0  client  rxe_send \[rdma_rxe_eun\]$"'
check "no data symbols, no failed transfers" '! has "some_data|none read"'
check "the emulator's own work, apart from the guests' instructions" \
	'has "^   the emulator: client 7 blocks translated, 1 cache flushes, server 7 blocks translated, 1 cache flushes$"'
out=$(python3 "$ip/report.py" "$run" --each 2>&1)
check "--each: a repetition with its goodput" \
	'has "^== rdma_rxe none write 65536 #1 8\.3 MB/s 209\.4 kernel us/pkt"'

out=$(python3 "$ip/report.py" "$run" --diff rdma_rxe eun-eunomia 2>&1)
check "--diff: both columns' kernels" 'has "their kernels 60 -> 70, 1\.167x\)$"'
check "--diff: the function only one column ran" \
	'[ "$(count "^ +\+3\.0  (client|server)  rxe_send \[rxe\]  \(0\.0 -> 3\.0\)$")" = 2 ]'
check "--diff: rdma_rxe's and rdma_rxe_eun's function of one name compared" \
	'[ "$(count "^ +\+0\.0  (client|server)  rxe_rcv \[rxe\]  \(10\.0 -> 10\.0\)$")" = 2 ]'

out=$(python3 "$ip/report.py" "$run" --diff rdma_rxe eun-static 2>&1)
rc=$?
check "--diff with a column the run lacks is refused" \
	'[ $rc -ne 0 ] && grep -q "no column .eun-static." <<< "$out"'
out=$(python3 "$ip/report.py" "$tmp" 2>&1)
rc=$?
check "a folder without bench.csv is refused" '[ $rc -ne 0 ] && grep -q "bench.csv missing" <<< "$out"'

tap_end "insnprof"
