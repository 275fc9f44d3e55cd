#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The bed's CPU model on Debian's qemu 7.2 keeps the guests away from
# 7.2's wrong CMPXCHG16B flags (tcg-flags.c): run the reproducer natively,
# under qemu 7.2's user-mode emulator with -cpu max (prints what this qemu
# does), and with the bed's own -cpu value for QEMU=7.2, where it must
# either have no CMPXCHG16B at all (SIGILL) or get the flags right. (The
# bed's default, qemu 10, inlines CMPXCHG16B in TCG and runs -cpu max:
# Documentation/testing.rst has its soak.) TAP output.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
vm=$(cd "$here/../../vm" && pwd)
# shellcheck source=tools/testing/tap.sh
source "$here/../tap.sh"
tap_scratch
tap_start

command -v qemu-x86_64 >/dev/null ||
	{ echo "test-tcg-flags.sh: qemu-x86_64 missing (tools/deps.sh bed)" >&2; exit 1; }
bin=$tmp/tcg-flags
if ! gcc -O2 -Wall -Werror -static -o "$bin" "$here/tcg-flags.c" 2> "$tmp/cc.log"; then
	cat "$tmp/cc.log" >&2
	exit 1
fi
cpu=$(EUN_QEMU=7.2 "$vm/bed.sh" -n "$vm/configs/selftest-eun.conf" 2>/dev/null |
	sed -n 's/^# cpu: //p')
[ -n "$cpu" ] || { echo "test-tcg-flags.sh: bed.sh -n printed no cpu" >&2; exit 1; }

out=$("$bin" 2>&1)
rc=$?
echo "# host: $out"
check "the host CPU gets the flags of a failed cmpxchg16b right" "[ $rc -eq 0 ]"

out=$(qemu-x86_64 -cpu max "$bin" 2>&1)
echo "# qemu $(qemu-x86_64 --version | sed -n '1s/.*version //p'), -cpu max: $out"

# In a subshell that waits (no exec): its report of the SIGILL goes to the file.
(qemu-x86_64 -cpu "$cpu" "$bin"; exit $?) > "$tmp/bed.out" 2>&1
rc=$?
echo "# qemu -cpu $cpu: exit $rc $(grep '^flags' "$tmp/bed.out")"
if [ $rc -eq 132 ]; then
	ok "the bed's -cpu $cpu has no cmpxchg16b: the guest kernel uses its fallback"
else
	check "the bed's -cpu $cpu gets the flags of a failed cmpxchg16b right" "[ $rc -eq 0 ]"
fi
tap_end "tcg flags"
