# plots/latency.gp: one load's latency is a distribution (issue #18, tests/data/h200/mech/latd).
# Left: the H200's per-load latency at L2 (8 MiB) and DRAM (1 GiB), one warp per SM chasing with
# every step between two clock reads: the fraction of loads per 10 cycles. Right: cycles a step
# beyond one load when a warp issues K = 1, 2, 4 loads together and waits for all: the H200
# (lat_multi), K independent draws from the left histogram, and smsim running lat_multi's SASS.
# Data: plots/out/latency.csv (committed), split by make_plots.sh.
load 'plots/common.gp'
h(lv) = sprintf('%s/latency_hist_%s.csv', data, lv)
m(lv, src) = sprintf('%s/latency_maxk_%s_%s.csv', data, lv, src)
set datafile separator ','

set multiplot title "One load's latency is a distribution, so a step that waits for K loads waits for the slowest" font ',26'

set origin 0, 0
set size 0.56, 0.93
set lmargin at screen 0.08
set rmargin at screen 0.53
set tmargin at screen 0.86
set bmargin at screen 0.11
set title "H200: every load of a chase, timed (lat\\_step)" font ',20'
set xlabel 'latency of one load (cycles)'
set ylabel 'fraction of loads per 10 cycles'
set xrange [200:1400]
set xtics 200,200,1400
set yrange [0:*]
set key at graph 0.98, graph 0.97 top right samplen 2 spacing 1.1 font ',17'
set label 1 "L2: sd 19 cycles,\ntwo peaks 40 cycles apart" at 360, graph 0.78 left font ',16' textcolor rgb '#009E73'
set label 2 "DRAM: sd 167, two groups\nand a tail to 1600" at 800, graph 0.40 left font ',16' textcolor rgb '#D55E00'
plot h('l2') using 3:4 with steps linewidth 3 linecolor rgb '#009E73' title 'L2 (8 MiB)', \
	h('dram') using 3:4 with steps linewidth 3 linecolor rgb '#D55E00' title 'DRAM (1 GiB)'
unset label 1
unset label 2

set origin 0.56, 0
set size 0.44, 0.93
set lmargin at screen 0.62
set rmargin at screen 0.97
set title "K loads issued together (lat\\_multi, one warp)" font ',20'
set xlabel 'loads a warp issues together, K'
set ylabel 'cycles a step beyond K = 1'
set xrange [0.8:4.4]
set xtics ("1" 1, "2" 2, "4" 4)
set yrange [0:200]
set ytics 0,25,200
set key at graph 0.03, graph 0.97 top left samplen 2 spacing 1.1 font ',16'
set label 3 "each load draws its own latency\n(the mean is unchanged);\nthe step ends with the slowest" at 4.3, 95 right font ',15'
plot m('dram', 'h200') using 3:4 with points pointtype 7 pointsize 2.6 * pscale linecolor rgb '#D55E00' title 'H200 DRAM', \
	m('dram', 'iid') using 3:4 with lines linewidth 2 dashtype 2 linecolor rgb '#D55E00' title 'DRAM: slowest of K draws', \
	m('dram', 'smsim') using 3:4 with linespoints linewidth 3 pointtype 4 pointsize 2 * pscale linecolor rgb '#D55E00' title 'smsim DRAM', \
	m('l2', 'h200') using 3:4 with points pointtype 7 pointsize 2.6 * pscale linecolor rgb '#009E73' title 'H200 L2', \
	m('l2', 'iid') using 3:4 with lines linewidth 2 dashtype 2 linecolor rgb '#009E73' title 'L2: slowest of K draws', \
	m('l2', 'smsim') using 3:4 with linespoints linewidth 3 pointtype 4 pointsize 2 * pscale linecolor rgb '#009E73' title 'smsim L2'
unset multiplot
