# SPDX-License-Identifier: GPL-2.0
# Plot of the memory experiment; called with csv=... png=... defined.
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
plot for [d in "10 50 100"] csv using ($2 == d + 0 ? $1 : 1/0):3 \
	with linespoints title sprintf("HD bitmap, degree %s%%", d), \
     csv using 1:6 with lines lw 2 dt 2 title "static 256-bit (total)"
set title "HD bitmap with metadata"
plot for [d in "10 50 100"] csv using ($2 == d + 0 ? $1 : 1/0):4 \
	with linespoints title sprintf("HD compact, degree %s%%", d), \
     for [d in "10 100"] csv using ($2 == d + 0 ? $1 : 1/0):5 \
	with linespoints dt 3 title sprintf("HD paper 48-B metadata, degree %s%%", d), \
     csv using 1:6 with lines lw 2 dt 2 title "static 256-bit"
unset multiplot
