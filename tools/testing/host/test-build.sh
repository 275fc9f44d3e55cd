#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Tests of the build scripts: the kernel version check (tools/kver.sh)
# against fake package databases, and the patch series assembly
# (tools/assemble.sh --no-build) with good and broken series. TAP output.
set -uo pipefail

repo=$(cd "$(dirname "$0")/../../.." && pwd)

# shellcheck source=tools/testing/tap.sh
source "$repo/tools/testing/tap.sh"
tap_scratch
tap_start

# --- kver.sh --------------------------------------------------------------

fake_usrsrc()
{
	rm -rf "$tmp/usrsrc" "$tmp/bin"
	mkdir -p "$tmp/usrsrc/linux-headers-6.12.99+deb12-amd64" "$tmp/bin"
	touch "$tmp/usrsrc/linux-source-6.12.tar.xz"
	ln -s "$repo/tools/testing/host/fake-dpkg-query" "$tmp/bin/dpkg-query"
}

# kver_run DBLINES...: run kver.sh against a fake package database.
kver_run()
{
	printf '%s\n' "$@" > "$tmp/db"
	FAKE_DPKG=$tmp/db EUN_USRSRC=$tmp/usrsrc PATH="$tmp/bin:$PATH" \
		"$repo/tools/kver.sh" > "$tmp/out" 2> "$tmp/err"
}

fake_usrsrc
kver_run "linux-source-6.12 6.12.99-1" \
	"linux-headers-6.12.99+deb12-amd64 6.12.99-1" \
	"linux-image-6.12.99+deb12-amd64 6.12.99-1"
rc=$?
if [ $rc -eq 0 ] && grep -qx 'KVER=6.12.99+deb12-amd64' "$tmp/out" &&
   grep -qx 'DEBVER=6.12.99-1' "$tmp/out"; then
	ok "kver: image, headers and source of one version are accepted"
else
	nok "kver: image, headers and source of one version are accepted" "rc=$rc" "$(cat "$tmp/out" "$tmp/err")"
fi

kver_run "linux-source-6.12 6.12.117-1" \
	"linux-headers-6.12.99+deb12-amd64 6.12.99-1" \
	"linux-image-6.12.99+deb12-amd64 6.12.99-1"
rc=$?
if [ $rc -ne 0 ] && grep -q 'disagree' "$tmp/err" && grep -q 'source 6.12.117-1' "$tmp/err"; then
	ok "kver: a source newer than headers and image is refused, naming versions"
else
	nok "kver: a source newer than headers and image is refused, naming versions" "rc=$rc" "$(cat "$tmp/err")"
fi

kver_run "linux-source-6.12 6.12.99-1" \
	"linux-headers-6.12.99+deb12-amd64 6.12.99-1" \
	"linux-image-6.12.99+deb12-amd64 6.12.98-1"
rc=$?
if [ $rc -ne 0 ] && grep -q 'image 6.12.98-1' "$tmp/err"; then
	ok "kver: an image of another version is refused"
else
	nok "kver: an image of another version is refused" "rc=$rc" "$(cat "$tmp/err")"
fi

kver_run "linux-headers-6.12.99+deb12-amd64 6.12.99-1"
rc=$?
if [ $rc -ne 0 ] && grep -q 'linux-source-6.12 is not installed' "$tmp/err"; then
	ok "kver: a missing source package is named"
else
	nok "kver: a missing source package is named" "rc=$rc" "$(cat "$tmp/err")"
fi

# --- assemble.sh ----------------------------------------------------------

own=$repo/drivers/infiniband/sw/rxe_eun

series_matches_dir()
{
	diff <(grep -v '^#' "$own/patches/series" | sed '/^$/d' | sort) \
	     <(cd "$own/patches" && ls ./*.patch | sed 's|^\./||' | sort)
}
check "series lists every patch in patches/ and nothing else" series_matches_dir

# Hooks only: a patch that grows past this many added lines holds logic
# that belongs in an eun_* file.
patches_small()
{
	local p added

	for p in "$own"/patches/*.patch; do
		added=$(grep -c '^+[^+]' "$p")
		[ "$added" -le 30 ] || { echo "# $p adds $added lines"; return 1; }
	done
}
check "every patch adds at most 30 lines (hooks only)" patches_small

assemble() { "$repo/tools/assemble.sh" --no-build "$@" > "$tmp/out" 2> "$tmp/err"; }

if assemble "$tmp/good"; then
	missing=
	for hook in 'eun_resp_check_psn(qp, pkt)|rxe_resp.c' \
		    'eun_qp_init(rxe, qp)|rxe_qp.c' \
		    'eun_dev_init(rxe, ibdev_name)|rxe.c' 'eun_dev_cleanup(rxe)|rxe.c' \
		    'eun_req_max_inflight(qp, wqe)|rxe_req.c' 'eun_req_retry(qp)|rxe_req.c' \
		    'eun_rcv_unknown_opcode(rxe)|rxe_recv.c' \
		    'eun_rcv_drop(rxe)|rxe_recv.c' \
		    'eun_comp_get_ack(qp, pkt)|rxe_comp.c' \
		    'eun_req_resend(qp)|rxe_req.c' 'eun_req_owns(qp, wqe)|rxe_req.c' \
		    'eun_req_admit(qp, wqe)|rxe_req.c' \
		    'eun_qp_reset(qp)|rxe_qp.c' 'eun_qp_error(qp)|rxe_qp.c' \
		    'EUN_PSN_CONSUMED|rxe_resp.c' \
		    'EUN_LINK_TYPE|rxe.c' 'eun_main.c|' 'Kbuild|'; do
		what=${hook%%|*} file=${hook#*|}
		if [ -n "$file" ]; then
			grep -qF "$what" "$tmp/good/$file" || missing="$missing $what"
		else
			[ -f "$tmp/good/$what" ] || missing="$missing $what"
		fi
	done
	if [ -z "$missing" ]; then
		ok "assemble: series applies and every hook is in place"
	else
		nok "assemble: series applies and every hook is in place" "missing:$missing"
	fi
else
	nok "assemble: series applies and every hook is in place" "$(cat "$tmp/err")"
fi

mkdir -p "$tmp/broken"
cp "$own"/patches/* "$tmp/broken/"
sed -i 's/^-	int diff = psn_compare/-	int diff = psn_kompare/' "$tmp/broken/0008-resp-check-psn.patch"
sed -i 's/^ 	int diff = psn_compare/ 	int diff = psn_kompare/' "$tmp/broken/0008-resp-check-psn.patch"
if EUN_PATCH_DIR=$tmp/broken assemble "$tmp/b1"; then
	nok "assemble: a patch that does not apply is named" "assemble succeeded"
elif grep -q 'patch 0008-resp-check-psn.patch does not apply' "$tmp/err"; then
	ok "assemble: a patch that does not apply is named"
else
	nok "assemble: a patch that does not apply is named" "$(cat "$tmp/err")"
fi

cp "$own"/patches/* "$tmp/broken/"
echo 0099-missing.patch >> "$tmp/broken/series"
if EUN_PATCH_DIR=$tmp/broken assemble "$tmp/b2"; then
	nok "assemble: a series naming a missing patch is refused" "assemble succeeded"
elif grep -q "patch '0099-missing.patch' named in series does not exist" "$tmp/err"; then
	ok "assemble: a series naming a missing patch is refused"
else
	nok "assemble: a series naming a missing patch is refused" "$(cat "$tmp/err")"
fi

no_upstream_in_repo()
{
	local f tracked

	tracked=$(cd "$repo" && git ls-files)
	for f in $(cd "$tmp/good" && ls rxe*.c rxe*.h); do
		if echo "$tracked" | grep -q "/$f\$\|^$f\$"; then
			echo "# $f is tracked"
			return 1
		fi
	done
}
check "no rxe source file is tracked in the repo" no_upstream_in_repo

tap_end build
