# SPDX-License-Identifier: GPL-2.0
# Plot of the memory experiment; called with csv=... png=... defined.
# Rows are ordered by ooo_conn_pct, then ooo_degree_pct 10..100: "every
# 10::k" picks the rows of degree 10 * (k + 1) %.
set datafile separator ","
set terminal pngcairo size 1100,500 font ",10"
set output png
set multiplot layout 1,2 title "Emulated memory per connection, 20 connections (average over time)"
set xlabel "connections facing reordering (%)"
set ylabel "bytes per connection"
set key top left
set grid
set yrange [0:*]
set title "HD bitmap blocks only"
plot for [k in "0 4 9"] csv every 10::k using 1:3 with linespoints \
	title sprintf("HD bitmap, degree %d%%", 10 * (k + 1)), \
     csv using 1:6 with lines lw 2 dt 2 title "static 256-bit (total)"
set title "HD bitmap with metadata"
plot for [k in "0 4 9"] csv every 10::k using 1:4 with linespoints \
	title sprintf("HD compact, degree %d%%", 10 * (k + 1)), \
     for [k in "0 9"] csv every 10::k using 1:5 with linespoints dt 3 \
	title sprintf("HD paper 48-B metadata, degree %d%%", 10 * (k + 1)), \
     csv using 1:6 with lines lw 2 dt 2 title "static 256-bit"
unset multiplot
