# plots/diverge.gp: divergence (workload diverge, ILP 1, long=64, short=8
# dependent FFMAs): cycles per loop iteration against the fraction p of a
# warp's lanes on the long path, p in steps of one lane (1/32), at 4
# resident warps (one per scheduler: each warp's latency shows). SIMT issues both paths whenever both have lanes, so every
# mixed p costs long + short. Data: plots/out/diverge.csv (committed), split
# into data/diverge_w4.csv by make_plots.sh.
load 'plots/common.gp'
if (!exists("lat")) lat = 4
f(w) = sprintf('%s/diverge_w%d.csv', data, w)

set title "Divergence: any mix of lanes pays for both paths — flat from 1 lane to 31 of 32" font ',26'
set xlabel 'fraction of lanes on the long path, p (lanes / 32)'
set ylabel 'cycles per loop iteration (per warp)'
set xrange [-0.03:1.03]
set xtics 0,0.125,1
set format x '%.3g'
set yrange [0:420]
set ytics 0,50,400
set lmargin at screen 0.09
set rmargin at screen 0.97
set tmargin at screen 0.90
set bmargin at screen 0.11
set label 1 sprintf("p = 0: only the short path (8 FFMA × %d)", lat) at 0.045, 150 left font ',18'
set label 2 sprintf("p = 1: only the long path (64 FFMA × %d)", lat) at 0.96, 283 right font ',18'
set label 3 sprintf("0 < p < 1: the warp issues the long path with its p lanes, then the short one with the rest:\n(64 + 8) FFMA × %d cycles + 16 to reconverge (H200, mech\\_div) whatever p is — the sum, not the average", lat) \
	at 0.5, 372 center font ',18'
set key at graph 0.98, graph 0.02 bottom right samplen 2 spacing 1.1 font ',19'
plot f(4) skip 1 using 2:6 with linespoints linewidth 4 pointtype 7 pointsize 1.6 * pscale linecolor rgb '#0072B2' title 'smsim, diverge long=64 short=8, 4 resident warps (one per scheduler)', \
	f(4) skip 1 using 2:($2 * 64 * lat + (1 - $2) * 8 * lat) with lines linewidth 1.5 dashtype 3 linecolor rgb '#555555' title 'if only the lanes'' share were paid: p·64·4 + (1−p)·8·4'
