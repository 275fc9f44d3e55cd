#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Host-side checks of tools/vm/soak.sh (boots nothing: SOAK_BED is a fake
# bed that writes a boot's folder at once): a bad SOAK_NETEM is refused
# before anything runs; rdma_rxe_eun gets SOAK_NETEM on its link and
# stock rdma_rxe none; a row counts passed perftest and eun-verify
# transfers, [FAIL] points of both guests and the kernel's reports, and
# takes the medians of the 64 KiB perftest goodput and of eun-verify's.
# TAP output.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
soak=$here/../../vm/soak.sh
# shellcheck source=tools/testing/tap.sh
source "$here/../tap.sh"
tap_scratch
unset EUN_QEMU EUN_CPU SOAK_NETEM

# The fake bed: -n goes to the real one; a boot leaves what the guests
# would, and its arguments in $tmp/args-MODULE.
cat > "$tmp/bed" <<FAKE
#!/bin/bash
for a; do [ "\$a" = -n ] && exec "$here/../../vm/bed.sh" "\$@"; done
out= m=
args=("\$@")
while [ \$# -gt 0 ]; do
	case \$1 in
	-o) out=\$2; shift ;;
	-s) [[ \$2 == MODULE=* ]] && m=\${2#MODULE=}; shift ;;
	esac
	shift
done
printf '%s\n' "\${args[@]}" > "$tmp/args-\$m"
mkdir -p "\$out/a/soak-job" "\$out/b/soak-job"
echo 'QEMU emulator version 7.2.22 (Debian)' > "\$out/qemu.version"
printf 'a warn WARNING: at somewhere\nb crash Oops: 0000\n' > "\$out/kernel.txt"
printf 'TEST: x [FAIL]\nTEST: y [ OK ]\n' > "\$out/a/soak-job/log"
printf 'TEST: x [FAIL]\n' > "\$out/b/soak-job/log"
cat > "\$out/b/soak-job/perf.csv" <<CSV
tool,size,iters,bytes,elapsed_s,guest_elapsed_s,perftest_figure
ib_send_bw,1024,200,204800,1.0,1.0,2.2
ib_send_bw,65536,200,13107200,6.5536,6.5,8.5
ib_write_bw,65536,200,13107200,3.2768,3.2,9.9
ib_write_bw,65536,200,13107200,2.6214,2.6,9.9
CSV
cat > "\$out/b/soak-job/ev.txt" <<TXT
soak-ev-0-0 pass 2 80 1792680 27 407212 0.5 3.000 1 2 3
soak-ev-0-1 fail 2 80 1792680 27 407212 0.5 99.0 1 2 3
soak-ev-1-0 pass 2 80 1792680 27 407212 0.5 5.000 1 2 3
TXT
FAKE
chmod +x "$tmp/bed"

tap_start

out=$(SOAK_NETEM='bogus 1ms' RESULTS=$tmp/r0 SOAK_BED=$tmp/bed "$soak" -m 1 rdma_rxe_eun 2>&1)
rc=$?
check "refused: SOAK_NETEM 'bogus 1ms'" \
	"[ $rc -eq 2 ] && grep -q \"bad SOAK_NETEM 'bogus 1ms'\" <<< \"\$out\" && [ ! -e $tmp/r0 ]"

out=$(RESULTS=$tmp/r1 SOAK_BED=$tmp/bed "$soak" -m 1 -q 7.2 -c max,-cx16 rdma_rxe rdma_rxe_eun 2>&1)
rc=$?
check "a soak of both modules runs" "[ $rc -eq 0 ]" || echo "$out" | sed 's/^/# /'
csv=$tmp/r1/soak.csv
check "the header" "[ \"\$(head -n 1 $csv)\" = 'qemu,cpu,module,netem,boots,guest_hours,crashes,warns,reports_per_guest_hour,transfers,failed,mbps_median,ev_mbps_median' ]"
check "rdma_rxe_eun: reordering netem on its link" \
	"grep -qx 'NETEM=delay 1ms reorder 25% 50%' $tmp/args-rdma_rxe_eun"
check "rdma_rxe: no netem" "! grep -q NETEM $tmp/args-rdma_rxe"
# 4 perftest rows + 2 passed eun-verify runs; a [FAIL] in each guest;
# 64 KiB: 2, 4 and 5 MB/s; eun-verify's passed runs: 3 and 5 MB/s.
# The guest-hours (and the reports per guest-hour) are the fake boots'
# own time: a loaded host makes them more than 0.000.
check "rdma_rxe_eun's row" \
	"grep -qxE '7\\.2\\.22,max;-cx16,rdma_rxe_eun,delay 1ms reorder 25% 50%,1,[0-9.]+,1,1,[0-9.]+,6,2,4\\.000,4\\.000' $csv"
check "rdma_rxe's row" \
	"grep -qxE '7\\.2\\.22,max;-cx16,rdma_rxe,-,1,[0-9.]+,1,1,[0-9.]+,6,2,4\\.000,4\\.000' $csv"

out=$(SOAK_NETEM='' RESULTS=$tmp/r2 SOAK_BED=$tmp/bed "$soak" -m 1 rdma_rxe_eun 2>&1)
check "SOAK_NETEM empty: rdma_rxe_eun unimpaired" \
	"! grep -q NETEM $tmp/args-rdma_rxe_eun && grep -q ',rdma_rxe_eun,-,' $tmp/r2/soak.csv"

# -k debug: KERNEL=debug to every boot, the checkers' reports counted
# kind by kind, kmemleak's module objects of both guests, soak-debug.csv.
cat > "$tmp/bed-debug" <<FAKE
#!/bin/bash
for a; do [ "\$a" = -n ] && exec "$tmp/bed" "\$@"; done
"$tmp/bed" "\$@"
out=
while [ \$# -gt 0 ]; do [ "\$1" = -o ] && out=\$2; shift; done
printf '%s\n' 'a warn 0 WARNING: at somewhere' 'a kasan 1 BUG: KASAN: slab-use-after-free in eun_x' \
	'b lockdep 0 WARNING: possible circular locking dependency detected' \
	'b lockdep 1 BUG: sleeping function called from invalid context' \
	'b leak 1 kmemleak: unreferenced object 0xffff8880 (size 64):' > "\$out/kernel.txt"
echo 2 > "\$out/a/soak-job/kmemleak-module"
echo 1 > "\$out/b/soak-job/kmemleak-module"
FAKE
chmod +x "$tmp/bed-debug"
out=$(RESULTS=$tmp/r3 SOAK_BED=$tmp/bed-debug "$soak" -m 1 -k debug rdma_rxe_eun 2>&1)
rc=$?
check "-k debug: a soak runs" "[ $rc -eq 0 ]" || echo "$out" | sed 's/^/# /'
check "-k debug: every boot on KERNEL=debug" "grep -qx 'KERNEL=debug' $tmp/args-rdma_rxe_eun"
csv=$tmp/r3/soak-debug.csv
check "-k debug: soak-debug.csv's header has the checkers' columns" \
	"[ \"\$(head -n 1 $csv)\" = 'qemu,cpu,module,netem,boots,guest_hours,crashes,warns,reports_per_guest_hour,transfers,failed,mbps_median,ev_mbps_median,kasan,lockdep,kmemleak,kmemleak_module,own' ]"
# 1 warn, 1 KASAN, 2 lockdep, 1 leak; 3 module objects in kmemleak's
# lists; 3 reports name the module; no soak.csv of the distro kernel.
check "-k debug: each kind counted apart, kmemleak's module objects of both guests" \
	"grep -q ',0,1,0.00,6,2,4.000,4.000,1,2,1,3,3\$' $csv && [ ! -e $tmp/r3/soak.csv ]"
out=$(RESULTS=$tmp/r4 SOAK_BED=$tmp/bed "$soak" -m 1 -k kasan rdma_rxe_eun 2>&1)
rc=$?
check "-k kasan is refused" "[ $rc -eq 2 ] && grep -q \"'kasan' is neither distro nor debug\" <<< \"\$out\""

# No -c: each qemu boots with the bed's own CPU default for it.
out=$(RESULTS=$tmp/r5 SOAK_BED=$tmp/bed "$soak" -m 1 -q 7.2 -q 10 rdma_rxe_eun 2>&1)
rc=$?
check "no -c: a soak of two qemus runs" "[ $rc -eq 0 ]" || echo "$out" | sed 's/^/# /'
check "no -c: qemu 7.2 without cmpxchg16b, qemu 10 with it" \
	"[ \"\$(cut -d, -f2 $tmp/r5/soak.csv | tail -n +2 | tr '\n' ' ')\" = 'max;-cx16 max ' ]"

tap_end "soak"
