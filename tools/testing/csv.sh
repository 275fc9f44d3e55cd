# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Comma-separated result files by field name, sourced by the bench and
# the bed's jobs (host and guests). A row is built from an associative
# array and the file's field list; awk programs read fields by name
# through csv.awk. A field added, moved or renamed in a header then
# either works everywhere or fails loudly: it never shifts figures into
# another column.

csv_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# csv_header FIELDS: the header line of the indexed array named FIELDS.
csv_header()
{
	local -n csv_names=$1

	(IFS=,; echo "${csv_names[*]}")
}

# csv_row FIELDS ROW: the associative array named ROW (field name ->
# value) as one row in the order of the indexed array named FIELDS. A
# field without a value, a name that is no field, or a value with a
# comma fails with a message and prints no row.
csv_row()
{
	local -n csv_names=$1 csv_values=$2
	local f k out= sep=

	for k in "${!csv_values[@]}"; do
		[[ " ${csv_names[*]} " == *" $k "* ]] ||
			{ echo "csv_row: '$k' is not a field of $1" >&2; return 1; }
	done
	for f in "${csv_names[@]}"; do
		[[ -v csv_values[$f] ]] ||
			{ echo "csv_row: no value for field '$f' of $1" >&2; return 1; }
		[[ ${csv_values[$f]} != *,* ]] ||
			{ echo "csv_row: a comma in field '$f': ${csv_values[$f]}" >&2; return 1; }
		out+=$sep${csv_values[$f]}
		sep=,
	done
	echo "$out"
}

# csv_awk [-v VAR=VALUE]... PROGRAM FILE...: awk over comma-separated
# FILEs with csv.awk loaded: fields by name (csv_open, fld, csv_row).
csv_awk()
{
	local vars=()

	while [ "${1:-}" = -v ]; do
		vars+=(-v "$2")
		shift 2
	done
	awk -F, "${vars[@]}" -f "$csv_dir/csv.awk" -f <(printf '%s\n' "$1") "${@:2}"
}
