# SPDX-License-Identifier: GPL-2.0
#
# Fields by name for the awk programs that read and write result CSV
# files (the bench's matrix and summary, ...), loaded before the program by
# csv_awk (tools/testing/csv.sh). A column added or moved in a header then
# needs no change here, and a name a header lacks stops the program with
# exit status 2 instead of reading another column's figures.
#
# The program calls csv_open() on each file's header line (FNR == 1),
# reads fields with fld(NAME), and, when it reads a name that is not
# there, any END rule must begin with "if (CSV_BAD) exit 2".

# csv_open(): the current line is a header: where each field is.
function csv_open(   i)
{
	split("", COL)
	for (i = 1; i <= NF; i++)
		COL[$i] = i
}

function csv_fail(what)
{
	printf "%s\n", what > "/dev/stderr"
	CSV_BAD = 1
	exit 2
}

# fld(NAME): NAME's value in the current row.
function fld(name)
{
	if (!(name in COL))
		csv_fail("csv: no field '" name "' in the header of " FILENAME)
	return $(COL[name])
}

# csv_row(FIELDS, V): one row of the comma-separated FIELDS, V[name] each;
# a field without a value, a value with a comma, or a value for no field
# fails.
function csv_row(fields, v,   f, n, i, row, k, known)
{
	n = split(fields, f, ",")
	row = ""
	for (i = 1; i <= n; i++) {
		known[f[i]] = 1
		if (!(f[i] in v))
			csv_fail("csv: no value for field '" f[i] "'")
		if (index(v[f[i]], ","))
			csv_fail("csv: a comma in field '" f[i] "': " v[f[i]])
		row = row (i > 1 ? "," : "") v[f[i]]
	}
	for (k in v)
		if (!(k in known))
			csv_fail("csv: '" k "' is not a field of " fields)
	return row
}
