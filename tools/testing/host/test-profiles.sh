#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The benchmark's netem profiles as the guests read them (tools/bench/
# lib.sh): one spec per link of a multipath profile ("linkK:" lines over
# the lines for every link), one per guest of a per-direction profile
# ("client:" and "server:" lines, the most specific lines winning), the
# whole profile for the rows, the "down:" line apart, malformed lines
# refused with their line named, apply_profile putting each guest's own
# netem on its links; the columns MODE+SPRAY; and ev_recover_ms, the time
# a run's goodput took to come back after its path did.
set -uo pipefail

repo=$(cd "$(dirname "$0")/../../.." && pwd)
export BED_REPO=$repo
# shellcheck source=tools/bench/lib.sh
source "$repo/tools/bench/lib.sh"
# shellcheck source=tools/testing/tap.sh
source "$repo/tools/testing/tap.sh"
tap_scratch
tap_start

is() { [ "$1" = "$2" ] || { echo "got '$1', want '$2'" >&2; return 1; }; }

check "a single-line profile is every link's" \
	"is \"\$(profile_spec reorder 0)\" 'delay 1ms reorder 25% 50%' && is \"\$(profile_spec reorder 3)\" 'delay 1ms reorder 25% 50%'"
check "no impairment is empty" "is \"\$(profile_spec none)\" '' && is \"\$(profile_spec none 2)\" ''"
check "each link its own line" \
	"is \"\$(profile_spec mp-skew 0)\" 'rate 8mbit delay 100us' && is \"\$(profile_spec mp-skew 3)\" 'rate 8mbit delay 2ms'"
check "a link line overrides the common one" \
	"is \"\$(profile_spec mp-slow 1)\" 'rate 800kbit' && is \"\$(profile_spec mp-slow 2)\" 'rate 8mbit'"
check "the whole profile for the rows" \
	"is \"\$(profile_spec mp-slow)\" 'rate 8mbit; link1: rate 800kbit'"
check "a down line is no netem" "is \"\$(profile_spec mp-down 1)\" 'rate 8mbit' && is \"\$(profile_spec mp-down)\" 'rate 8mbit'"
check "the down line: link, start, length" "is \"\$(profile_down mp-down)\" '1 1 1' && is \"\$(profile_down mp-equal)\" ''"
check "a missing profile fails" "! profile_spec nonexistent 2>/dev/null"
check "every profile of the repository reads" \
	"for f in $repo/tools/bench/profiles/*; do profile_parse \"\${f##*/}\" > /dev/null || exit 1; done"

# The flow workload's load: open loop by default, closed on request.
check "flow rows open loop at 0.5 by default" "is \"\$(bench_flow_size)\" websearch:100@0.5"
check "flow rows closed loop" "is \"\$(BENCH_FLOW_LOAD=closed bench_flow_size)\" websearch:100"
check "flow load 0.05..1 taken" \
	"for l in 0.05 .3 0.5 1 1.0; do BENCH_FLOW_LOAD=\$l bench_flow_load_check || exit 1; done"
check "flow load out of range refused" \
	"for l in 0 0.01 1.5 2 -0.5 abc 0.5x; do ! BENCH_FLOW_LOAD=\$l bench_flow_load_check 2>/dev/null || exit 1; done"
check "open loop offers load x links MB/s, 16 deep" \
	"is \"\$(bench_flow_args websearch:100@0.5 4)\" '-S websearch:100 -D 16 --offered 2000000'"
check "closed loop one flow a QP at a time" \
	"is \"\$(bench_flow_args websearch:100 4)\" '-S websearch:100 -D 1'"

# Per direction: client (the requester's egress) and server lines.
check "reorder-req: the client reorders, the server delays" \
	"is \"\$(profile_spec reorder-req 0 client)\" 'delay 1ms reorder 25% 50%' && is \"\$(profile_spec reorder-req 0 server)\" 'delay 1ms'"
check "reorder-resp: the mirror" \
	"is \"\$(profile_spec reorder-resp 0 client)\" 'delay 1ms' && is \"\$(profile_spec reorder-resp 0 server)\" 'delay 1ms reorder 25% 50%'"
check "a per-direction profile as the rows name it" \
	"is \"\$(profile_spec reorder-req)\" 'client: delay 1ms reorder 25% 50%; server: delay 1ms'"
check "a profile without roles is both guests'" \
	"is \"\$(profile_spec reorder 0 client)\" 'delay 1ms reorder 25% 50%' && is \"\$(profile_spec reorder 0 server)\" 'delay 1ms reorder 25% 50%' && is \"\$(profile_spec mp-slow 1 server)\" 'rate 800kbit'"
check "a profile with roles wants the role" \
	"! profile_spec reorder-req 0 2> $tmp/err && grep -q 'reorder-req has client: or server: lines' $tmp/err"

# Made-up profiles: rank of the lines, malformed ones.
mkdir -p "$tmp/profiles"
bench_profile_dir=$tmp/profiles
printf '%s\n' 'delay 1ms  # every guest and link' 'server: delay 2ms' > "$tmp/profiles/one-role"
printf '%s\n' 'rate 8mbit' 'link1: rate 800kbit' 'client: link1: rate 1mbit' \
	'server: rate 4mbit' 'server:' 'down: 2 1 1' > "$tmp/profiles/ranks"
check "a guest without its own lines gets the common ones" \
	"is \"\$(profile_spec one-role 0 client)\" 'delay 1ms' && is \"\$(profile_spec one-role 0 server)\" 'delay 2ms'"
check "role and link, then role, then link, then none" \
	"is \"\$(profile_spec ranks 1 client)\" 'rate 1mbit' && is \"\$(profile_spec ranks 0 client)\" 'rate 8mbit' && is \"\$(profile_spec ranks 1 server)\" 'rate 4mbit' && is \"\$(profile_spec ranks 3 server)\" 'rate 4mbit'"
check "the whole profile keeps the prefixes, not the down line" \
	"is \"\$(profile_spec ranks)\" 'rate 8mbit; link1: rate 800kbit; client: link1: rate 1mbit; server: rate 4mbit; server:' && is \"\$(profile_down ranks)\" '2 1 1'"

# refused NAME LINE WANT: a profile of LINE fails every helper, and the
# message names the profile, the line and WANT.
refused()
{
	local f=$tmp/profiles/$1

	printf '%s\n' '# SPDX-License-Identifier: GPL-2.0' 'delay 1ms' "$2" > "$f"
	if profile_parse "$1" > /dev/null 2> "$tmp/err" ||
	   ! grep -qF "profile $1, line 3: \"$2\": $3" "$tmp/err"; then
		echo "got: $(cat "$tmp/err")" >&2
		return 1
	fi
	! profile_spec "$1" > /dev/null 2>&1 && ! profile_spec "$1" 0 client > /dev/null 2>&1 &&
		! profile_down "$1" > /dev/null 2>&1
}
check "refused: an unknown prefix" \
	"refused typo 'clinet: delay 1ms reorder 25% 50%' 'unknown prefix \"clinet:\" (want client:, server:, linkK: or down:)'"
check "refused: a role after the link" \
	"refused order 'link1: client: delay 1ms' '\"client:\" out of place: prefixes start the line, as [client: | server:] [linkK:] NETEM'"
check "refused: two roles" \
	"refused two 'client: server: delay 1ms' '\"server:\" out of place'"
check "refused: a prefix in the middle" \
	"refused middle 'delay 1ms server: loss 1%' '\"server:\" out of place'"
check "refused: a down line with a role" \
	"refused rdown 'client: down: 1 1 1' 'a down line has no prefix'"
check "refused: a malformed down line" \
	"refused bdown 'down: 1 x 1' 'a down line is \"down: LINK AT_S FOR_S\"'"
check "refused: a comma" \
	"refused comma 'delay 1ms, loss 1%' '\"1ms,\" has a character netem does not take'"

# apply_profile: each guest its own netem, through bed_netem_set (here
# made up: it records what it was asked).
bed_netem_set() { echo "$1=$2" >> "$tmp/applied"; }
applied() { : > "$tmp/applied"; "$@"; local rc=$?; tr '\n' ';' < "$tmp/applied"; return $rc; }
bench_profile_dir=$repo/tools/bench/profiles
export BED_NETDEV=eth0 BED_BOND=0
check "apply_profile: the client's netem on the client" \
	"is \"\$(BED_ROLE=client applied apply_profile reorder-req)\" 'eth0=delay 1ms reorder 25% 50%;'"
check "apply_profile: the server's on the server" \
	"is \"\$(BED_ROLE=server applied apply_profile reorder-req)\" 'eth0=delay 1ms;'"
check "apply_profile: none takes netem off" "is \"\$(BED_ROLE=server applied apply_profile '')\" 'eth0=;'"
bench_profile_dir=$tmp/profiles
check "apply_profile: a bonded bed, each slave its line" \
	"is \"\$(BED_BOND=1 BED_SLAVES='eth0 eth1' BED_ROLE=client applied apply_profile ranks)\" 'eth0=rate 8mbit;eth1=rate 1mbit;'"
check "apply_profile: a malformed profile fails and sets nothing" \
	"out=\$(BED_ROLE=client applied apply_profile typo 2>/dev/null); [ \$? -ne 0 ] && is \"\$out\" ''"
bench_profile_dir=$repo/tools/bench/profiles

# BENCH_NETEM_AT=ingress: the peer's egress netem on this guest's ingress,
# its own egress bare.
bed_netem_ingress_set() { echo "in:$1=$2" >> "$tmp/applied"; }
check "ingress: the client's netem on the server's ingress" \
	"is \"\$(BENCH_NETEM_AT=ingress BED_ROLE=server applied apply_profile reorder-req)\" 'eth0=;in:eth0=delay 1ms reorder 25% 50%;'"
check "ingress: the server's on the client's" \
	"is \"\$(BENCH_NETEM_AT=ingress BED_ROLE=client applied apply_profile reorder-req)\" 'eth0=;in:eth0=delay 1ms;'"
check "ingress: none takes it off" \
	"is \"\$(BENCH_NETEM_AT=ingress BED_ROLE=client applied apply_profile '')\" 'eth0=;in:eth0=;'"
check "ingress: a bonded bed is refused and nothing set" \
	"out=\$(BENCH_NETEM_AT=ingress BED_BOND=1 BED_SLAVES='eth0 eth1' BED_ROLE=client applied apply_profile reorder 2>/dev/null); [ \$? -ne 0 ] && is \"\$out\" ''"
check "bench.sh refuses a bad BENCH_NETEM_AT and ingress on a bond" \
	"out=\$(BENCH_NETEM_AT=both \"$repo/tools/bench/bench.sh\" -c eunomia -p none -o write -X 1 2>&1); [ \$? -eq 2 ] && [[ \$out == *'neither egress nor ingress'* ]] && out=\$(BENCH_NETEM_AT=ingress \"$repo/tools/bench/bench.sh\" -c eunomia -p none -o write -X 1 -s LINKS=2 -s BOND=1 2>&1); [ \$? -eq 2 ] && [[ \$out == *'one link only'* ]]"

check "column modes and sprays" \
	"is \$(column_mode eunomia+rr) eunomia && is \$(column_spray eunomia+rr) rr && is \$(column_mode gbn) gbn && is \$(column_spray gbn) off"
check "a -wait column fences WRITE and SEND behind READs" \
	"is \"\$(column_params eunomia+rr-wait)\" 'ooo_mode=eunomia spray=rr after_read=wait' && is \"\$(column_params static)\" 'ooo_mode=static spray=off' && is \$(column_mode gbn-wait) gbn"
check "-rwUS and -miN columns set the READ window and max_inflight, after -wait" \
	"is \"\$(column_params eunomia+rr-wait-rw1000-mi256)\" 'ooo_mode=eunomia spray=rr after_read=wait read_reo_wnd_us=1000 max_inflight=256' && is \"\$(column_params static-mi512)\" 'ooo_mode=static spray=off max_inflight=512' && is \$(column_spray eunomia+random-mi256) random"
check "a -hcN column sets hd_cap_bits, after -miN" \
	"is \"\$(column_params eunomia+rr-rw1000-mi256-hc256)\" 'ooo_mode=eunomia spray=rr read_reo_wnd_us=1000 max_inflight=256 hd_cap_bits=256' && is \"\$(column_params eunomia-hc256)\" 'ooo_mode=eunomia spray=off hd_cap_bits=256' && is \$(column_spray eunomia+mprdma-hc512) mprdma"
check "bench.sh refuses a column named with a default, whose rows the guests would name without it" \
	"out=\$(\"$repo/tools/bench/bench.sh\" -c 'eunomia eunomia-rw4000' -p none -o read -r 0 2>&1); [ \$? -eq 2 ] && [[ \$out == *'4000 is read_reo_wnd_us'* ]] && out=\$(\"$repo/tools/bench/bench.sh\" -c static-mi128 -p none -o read -r 0 2>&1); [ \$? -eq 2 ] && [[ \$out == *'128 is max_inflight'* ]] && out=\$(\"$repo/tools/bench/bench.sh\" -c eunomia-hc1024 -p none -o read -r 0 2>&1); [ \$? -eq 2 ] && [[ \$out == *'1024 is hd_cap_bits'* ]]"
check "a transfer on a profile with a down line outlasts the return by 3 s" \
	"is \$(down_min_secs mp-down 3) 5 && is \$(down_min_secs mp-down 9) 9 && is \$(down_min_secs reorder 3) 3"

# A run at 3 MB/s in 100 ms intervals from t0 = 1000 s: down at 1.25 s
# (baseline: intervals 0 to 11 of 12), up at 2.25 s, the last interval
# partial.
series()
{
	local s=$1 i

	for i in $(seq 1 12); do s="3.0,$s"; done
	echo "{\"tool\":\"eun-verify\",\"interval_ms\":100,\"t0_unix\":1000.000000,\"series_MBps\":[${s%,}],\"per_qp\":[]}"
}
series "0,0,0,0,0,0,0,0,0,0,0,0,2.8,3.0,3.0,3.0,3.0,3.0,3.0,1.0" > "$tmp/back.json"
check "recovery: from the path's return to the first 500 ms at 90%" \
	"is \"\$(ev_recover_ms $tmp/back.json 1001.25 1002.25)\" 150"
series "0,0,0,0,0,0,0,0,0,0,2.0,2.0,2.0,2.0,2.0,2.0,2.0,2.0,3.0" > "$tmp/never.json"
check "recovery: none when the goodput stays short (the last interval does not count)" \
	"is \"\$(ev_recover_ms $tmp/never.json 1001.25 1002.25)\" none"
series "3.0,3.0,3.0,3.0,3.0,3.0,3.0" > "$tmp/at-once.json"
check "recovery: 0 when the goodput never fell" \
	"is \"\$(ev_recover_ms $tmp/at-once.json 1001.25 1001.3)\" 0"
echo '{"tool":"eun-verify","per_qp":[]}' > "$tmp/plain.json"
check "recovery: nothing without a series, or without a full interval before the fault" \
	"is \"\$(ev_recover_ms $tmp/plain.json 1001 1002)\" '' && is \"\$(ev_recover_ms $tmp/back.json 1000.05 1002.25)\" ''"

tap_end profiles
