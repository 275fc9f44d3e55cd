#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Edit the rxe patch series as git commits.
#
#   tools/patches.sh edit DIR     upstream rxe in a git repo at DIR, one
#                                 commit per patch of the series
#   tools/patches.sh export DIR   write DIR's commits back as the series
#
# Between the two, change DIR with git as usual (amend, rebase -i, add a
# commit). A commit keeps its patch file name through a "Patch:" trailer;
# a new commit gets the next number and a name from its subject.
set -euo pipefail

die() { echo "patches.sh: $*" >&2; exit 1; }

repo=$(cd "$(dirname "$0")/.." && pwd)
patches=$repo/drivers/infiniband/sw/rxe_eun/patches
gitq() { git -C "$dir" -c user.name=rxe_eun -c user.email=rxe_eun@localhost "$@"; }

edit()
{
	local ksrc p

	[ ! -e "$dir" ] || die "$dir exists; pick a new directory"
	ksrc=$("$repo/tools/ksrc.sh")
	mkdir -p "$dir"
	cp "$ksrc"/drivers/infiniband/sw/rxe/*.[ch] "$dir/"
	gitq init -q
	gitq add -A
	gitq commit -qm "upstream rxe"
	gitq tag upstream
	while read -r p; do
		case "$p" in ''|'#'*) continue ;; esac
		gitq apply --whitespace=nowarn "$patches/$p" || die "$p does not apply"
		gitq add -A
		# The text above the first diff is the commit message.
		{ sed -n '/^diff --git \|^--- a\//q;p' "$patches/$p"; printf '\nPatch: %s\n' "$p"; } |
			gitq commit -qF -
	done < "$patches/series"
	echo "patches.sh: $dir holds the series as commits after tag 'upstream'"
}

slug() { tr 'A-Z' 'a-z' | sed -e 's/^rxe_eun: //' -e 's/[^a-z0-9]\+/-/g' -e 's/^-//' -e 's/-$//' | cut -c1-40; }

export_series()
{
	local c name num=0 body

	git -C "$dir" rev-parse -q --verify upstream >/dev/null || die "$dir has no 'upstream' tag"
	rm -f "$patches"/*.patch
	: > "$patches/series"
	for c in $(git -C "$dir" rev-list --reverse upstream..HEAD); do
		num=$((num + 1))
		body=$(git -C "$dir" log -1 --format=%B "$c")
		name=$(echo "$body" | sed -n 's/^Patch: //p' | tail -1)
		[ -n "$name" ] || name=$(printf '%04d-%s.patch' "$num" \
			"$(git -C "$dir" log -1 --format=%s "$c" | slug)")
		{
			echo "$body" | sed '/^Patch: /d' | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'
			echo
			git -C "$dir" diff --no-color --src-prefix=a/ --dst-prefix=b/ "$c^" "$c"
		} > "$patches/$name"
		echo "$name" >> "$patches/series"
	done
	echo "patches.sh: wrote $num patches to $patches"
}

[ $# -eq 2 ] || die "usage: tools/patches.sh edit|export DIR"
dir=$2
case "$1" in
edit) edit ;;
export) export_series ;;
*) die "usage: tools/patches.sh edit|export DIR" ;;
esac
