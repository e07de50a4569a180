# plots/stalls.gp: where the warp-cycles go. Stacked warp-state fractions
# (Nsight Compute's names) against resident warps, at ILP 1, for FP32 chains
# (fma) and for dependent DRAM loads (dram_chase). Data: the sweeps' stall_*
# columns, reduced by make_plots.sh to stalls_WORKLOAD_ilp1.csv (warps, then
# the ten states in the order of the states list in common.gp).
# Set by make_plots.sh: lat (the fma pipe's latency, for the title).
load 'plots/common.gp'

set multiplot title "Past 16 warps extra FFMA warps only wait for the issue slot; DRAM-chase warps wait on memory at any W" font ',21'
set style fill solid 1.0 noborder
set xlabel 'resident warps per SM'
set ylabel 'share of warp-cycles (%)'
set xrange [1:64]
set yrange [0:100]
set xtics (1, 8, 16, 24, 32, 40, 48, 56, 64)
set ytics 0,20,100
set grid front linecolor rgb '#ffffff' linewidth 0.5
set tmargin at screen 0.84
set bmargin at screen 0.12
# cumulative share of the first i states, in percent
cum(i) = 100 * sum [j = 2:i + 1] column(j)

set lmargin at screen 0.09
set rmargin at screen 0.39
if (!exists("lat")) lat = 4
set title sprintf('FP32 chains (fma): fixed %d-cycle latency', lat)
unset key
set arrow 1 from 16, graph 0 to 16, graph 1 nohead dashtype 2 linewidth 2 linecolor rgb '#222222' front
set label 2 sprintf("W = 16: Little's law, %d-cycle\nlatency × 4 issue slots/cycle:\nwait (latency) gives way\nto not\\_selected (slot busy)", lat) \
	at 27, 63 left front font ',16'
plot for [i = 10:1:-1] data.'/stalls_fma_ilp1.csv' skip 1 using 1:(cum(i)) with filledcurves x1 \
	linetype (20 + i) notitle
unset arrow 1
unset label 2

set lmargin at screen 0.48
set rmargin at screen 0.78
set title 'DRAM pointer chase (dram\_chase)'
unset ylabel
set key at screen 0.795, screen 0.84 left top reverse Left samplen 1.2 spacing 1.15 font ',19' \
	title 'warp state' noopaque nobox
stats data.'/stalls_dram_chase_ilp1.csv' skip 1 using 2 nooutput
set label 1 sprintf("long\\_scoreboard: %.1f%% or more\nof warp-cycles at every W:\neach load waits 700 cycles or\nmore for DRAM, whatever W is", 100 * STATS_min) \
	at graph 0.5, graph 0.5 center front textcolor rgb 'white' font ',18'
plot for [i = 10:1:-1] data.'/stalls_dram_chase_ilp1.csv' skip 1 using 1:(cum(i)) with filledcurves x1 \
	linetype (20 + i) title word(states, i) noenhanced
unset multiplot
