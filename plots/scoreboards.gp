# plots/scoreboards.gp: the compiler's scoreboard couplings, out of sample.
# Pointer chases written as independent chains (4 and 8 DRAM chases, 8 L1
# chases), emitted with smsim emit-cuda and measured on the H200; smsim as
# written, and with the waits workloads/cuda/sass_waits.py decoded from the
# kernel's own SASS. One panel per program: error (%) against resident warps.
# Data: scoreboards.csv (program,warps_per_sm,measured,as_written,with_waits).
load 'plots/common.gp'
f = data.'/scoreboards.csv'
progs = 'dram4 dram8 l1c8'
titles = "'4 DRAM chases' '8 DRAM chases' '8 L1 chases'"
err(c) = 100.0 * (column(c) - column(3)) / column(3)
pick(p, c) = strcol(1) eq p ? err(c) : NaN

set multiplot layout 1,3 title "Modelling the compiler's shared scoreboards cuts smsim's error at few warps (H200)" font ',24'
set label 20 "ptxas posts loads of several chains to one scoreboard, and a wait on it waits for all of them: 'with the SASS waits' decodes those from the kernel's control bits" \
	at screen 0.5, screen 0.02 center font ',15' textcolor rgb '#555555'
set xlabel 'resident warps per SM'
set xrange [0:65]
set xtics 0,16,64
set yrange [-55:15]
set ytics 10
set bmargin 6
set key at graph 0.98, graph 0.35 right font ',15' samplen 1
do for [i = 1:3] {
	set title word(titles, i) font ',22'
	if (i > 1) { unset key }
	if (i == 1) { set ylabel 'error (simulated − measured) / measured (%)' } else { unset ylabel }
	set object 1 rect from graph 0, first -5 to graph 1, first 5 fillcolor rgb '#eeeeee' fillstyle solid 1.0 noborder behind
	set label 21 '±5%' at graph 0.98, first 6.5 right font ',15' textcolor rgb '#777777'
	plot 0 with lines linewidth 1.5 linecolor rgb '#222222' notitle, \
		f skip 1 using 2:(pick(word(progs, i), 4)) with linespoints linetype 2 title 'as written', \
		f skip 1 using 2:(pick(word(progs, i), 5)) with linespoints linetype 1 title 'with the SASS waits'
}
unset multiplot
