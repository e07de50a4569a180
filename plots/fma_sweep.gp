# plots/fma_sweep.gp: FP32 dependency chains (fma), ILP x resident warps.
# Left: throughput (warp instructions per cycle per SM). Right: elapsed cycles
# of a fixed amount of work (work / ipc). Filled circles: each curve's knee
# (the fewest warps within 5% of the best throughput). Dashed verticals: the
# Little's-law prediction of the warps needed, in the curve's colour.
# Set by make_plots.sh: ilps ('1 2 4 8'), littles (one per ILP), work (warp
# instructions), issue (schedulers per SM: the issue limit), lat (FFMA latency).
load 'plots/common.gp'
if (!exists("issue")) issue = 4
file(i) = sprintf('%s/fma_ilp%s.csv', data, word(ilps, i))
n = words(ilps)

if (!exists("lat")) lat = 4
set multiplot title sprintf("FFMA chains on sm\\_90: more warps help until %d chains are in flight; ILP k needs k× fewer warps", lat * issue) font ',24'
set xlabel 'resident warps per SM'
set xrange [0:65]
set xtics 0,8,64
set mxtics 2
do for [i = 1:n] {
	set arrow i from word(littles, i) + 0, graph 0 to word(littles, i) + 0, graph 1 nohead \
		dashtype (20,12) linewidth 2.5 linecolor rgb curvecolor(i) back
}

# ---- left: throughput ----
set lmargin at screen 0.08
set rmargin at screen 0.50
set tmargin at screen 0.84
set bmargin at screen 0.12
set title 'throughput'
set ylabel 'IPC (warp instructions / cycle / SM)'
set yrange [0:issue * 1.12]
set ytics 0,1,issue
set arrow 10 from graph 0, first issue to graph 1, first issue nohead dashtype 3 linewidth 1.5 linecolor rgb '#555555'
set label 10 sprintf('issue limit: %d schedulers × 1/cycle', issue) at graph 0.97, first issue * 1.045 right
set key bottom right samplen 1.5 spacing 1.1 font ',19'
set label 11 sprintf("Little's law (dashed):\nwarps = %d-cycle latency\n× %d FFMA/cycle ÷ ILP\n= %d ÷ ILP", lat, issue, lat * issue) \
	at graph 0.97, graph 0.66 right front font ',17'
set label 12 "dips between multiples of 4: warp w runs on\nscheduler w mod 4, and the busiest one sets the time" \
	at graph 0.97, graph 0.44 right front font ',15' textcolor rgb '#555555'
# later curves thinner, so that coinciding curves (and knees) stay visible
lw(i) = 5.5 - i
ps(i) = (3.4 - 0.45 * i) * pscale
plot for [i = 1:n] file(i) skip 1 using 1:2 with lines linetype i linewidth lw(i) \
	title sprintf('ILP %s (Little: %s warps)', word(ilps, i), word(littles, i)), \
	for [i = 1:n] file(i) skip 1 using ($6 == 1 ? $1 : NaN):2 with points pointtype 7 pointsize ps(i) \
	linecolor rgb curvecolor(i) notitle, \
	keyentry with points pointtype 7 pointsize 2.2 * pscale linecolor rgb '#444444' title 'knee (within 5% of best)', \
	keyentry with lines dashtype (20,12) linewidth 2.5 linecolor rgb '#444444' title "Little's-law warps"
unset arrow 10
unset label 10
unset label 11
unset label 12

# ---- right: elapsed cycles of a fixed amount of work ----
set lmargin at screen 0.60
set rmargin at screen 0.98
set title sprintf('elapsed cycles for %.3g M warp instructions', work / 1e6)
set ylabel 'cycles (log scale)'
set logscale y
set yrange [*:*]
set ytics auto
set format y '10^{%L}'
unset key
plot for [i = 1:n] file(i) skip 1 using 1:(work / $2) with lines linetype i linewidth lw(i) notitle, \
	for [i = 1:n] file(i) skip 1 using ($6 == 1 ? $1 : NaN):(work / $2) with points pointtype 7 \
	pointsize ps(i) linecolor rgb curvecolor(i) notitle
unset multiplot
