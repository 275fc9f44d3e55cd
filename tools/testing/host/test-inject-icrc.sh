#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# eun-inject's ICRC (tools/inject/ei_icrc.c) against a second, independent
# computation: python's zlib.crc32 over the masked pseudo-header of the IBA
# (annex A17) as rxe_icrc.c masks it (IPv4 TOS, TTL and checksum, UDP
# checksum, the BTH byte after the P_Key), for every kind's packets, and
# rxe's CRC seed (0xdebb20e3: 8 bytes of ones, the masked LRH) from zlib.
# The packets themselves are judged by rxe on the bed (selftests/inject.sh:
# an ICRC rxe refuses would count in rxe_eun_rcv_drop and nowhere else).
set -uo pipefail

repo=$(cd "$(dirname "$0")/../../.." && pwd)
# shellcheck source=tools/testing/tap.sh
source "$repo/tools/testing/tap.sh"
tap_scratch
tap_start

if ! make -s -C "$repo/tools/inject" O="$tmp" > "$tmp/build.log" 2>&1; then
	nok "eun-inject builds" "$(cat "$tmp/build.log")"
	tap_end inject-icrc
	exit
fi
ok "eun-inject builds"

"$tmp/eun-inject" -d -s 10.77.0.2 -P 49152 -a 10.77.0.1 -q 0x11 -p 0xfffff0 \
	-U 0x123456 -r 0x1234 -n 4 > "$tmp/dry.txt" 2> "$tmp/dry.err"
rc=$?
check "a dry run of every kind succeeds" "[ $rc -eq 0 ]"
kinds=$("$tmp/eun-inject" -l | wc -l)
check "every kind prints 4 packets" \
	"[ \$(grep -c ' hex=' $tmp/dry.txt) -eq \$((4 * $kinds)) ]"

python3 - "$tmp/dry.txt" > "$tmp/py.txt" <<'PY'
import socket, struct, sys, zlib

assert zlib.crc32(b'\xff' * 8) ^ 0xffffffff == 0xdebb20e3, "rxe's seed"
src, dst, sport = socket.inet_aton('10.77.0.2'), socket.inet_aton('10.77.0.1'), 49152
bad = n = 0
for line in open(sys.argv[1]):
    if ' hex=' not in line:
        continue
    kind = line.split()[0]
    pkt = bytes.fromhex(line.split('hex=')[1].strip())
    ulen = 8 + len(pkt)
    # version/IHL, TOS masked, length, ID 0, DF, TTL masked, UDP, csum masked
    ip = struct.pack('!BBHHHBBH4s4s', 0x45, 0xff, 20 + ulen, 0, 0x4000,
                     0xff, 17, 0xffff, src, dst)
    udp = struct.pack('!HHHH', sport, 4791, ulen, 0xffff)
    bth = pkt[:4] + b'\xff' + pkt[5:12]
    icrc = zlib.crc32(b'\xff' * 8 + ip + udp + bth + pkt[12:-4])
    n += 1
    if struct.pack('<I', icrc) != pkt[-4:]:
        bad += 1
        print('mismatch', kind, pkt[-4:].hex(), '%08x' % icrc)
print('checked', n, 'bad', bad)
PY
check "python recomputes every packet's ICRC alike" \
	"grep -qx 'checked [1-9][0-9]* bad 0' $tmp/py.txt"
grep -v '^checked' "$tmp/py.txt" | sed 's/^/# /'

# The checker must notice a wrong ICRC: flip one payload bit of a packet.
line=$(grep -m1 '^kind=psn-far i=0 hex=' "$tmp/dry.txt")
hex=${line#*hex=}
flip=${hex:0:40}$(printf '%x' $(( 0x${hex:40:1} ^ 1 )))${hex:41}
echo "kind=psn-far i=0 hex=$flip" > "$tmp/flip.txt"
python3 - "$tmp/flip.txt" > "$tmp/pyflip.txt" 2>&1 <<'PY'
import socket, struct, sys, zlib
src, dst = socket.inet_aton('10.77.0.2'), socket.inet_aton('10.77.0.1')
pkt = bytes.fromhex(open(sys.argv[1]).read().split('hex=')[1].strip())
ulen = 8 + len(pkt)
ip = struct.pack('!BBHHHBBH4s4s', 0x45, 0xff, 20 + ulen, 0, 0x4000, 0xff, 17,
                 0xffff, src, dst)
udp = struct.pack('!HHHH', 49152, 4791, ulen, 0xffff)
icrc = zlib.crc32(b'\xff' * 8 + ip + udp + pkt[:4] + b'\xff' + pkt[5:-4])
print('same' if struct.pack('<I', icrc) == pkt[-4:] else 'differs')
PY
check "a flipped bit changes the ICRC" "grep -qx differs $tmp/pyflip.txt"

# The masked fields are masked: FECN/BECN and a TTL/TOS change nothing,
# so two runs that differ only in them would agree; the BTH byte 4 of a
# packet is 0 as sent and its ICRC was computed with 0xff there.
check "the BTH byte after the P_Key goes out as 0" \
	"! grep ' hex=' $tmp/dry.txt | sed 's/.*hex=//' | cut -c9-10 | grep -qv '^00$'"

tap_end inject-icrc
