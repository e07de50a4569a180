# plots/tile.gp: occupancy against time for a real, DRAM-bound kernel: the row
# normalisation of workloads/cuda/import/rownorm.cu (8,448 rows of 4,096
# floats, one row per block) in its 8 variants, as measured on the H200
# (tests/data/h200/import/runs.csv, group rownorm) and as smsim simulates the
# same compiled SASS (tests/rownorm_validate.sh: smsim run --sass ... with the
# grid's 64 blocks per SM, waves and tail simulated). One pair of bars per
# variant, measured and simulated cycles, labelled with the variant's
# occupancy and, for the variants forced up with __launch_bounds__, the bytes
# each thread spills to local memory.
# Data: rownorm.csv (variant,threads_per_block,regs,local_bytes,warps_per_sm,
# occupancy_pct,sim_warps_per_sm,measured_cycles,simulated_cycles,error_pct),
# in the order drawn.
# Set by make_plots.sh: bw (the arch's DRAM bytes per cycle per SM), bytes
# (the DRAM bytes one SM moves: 64 rows read and written), base (t16's
# measured cycles), lb16 and lb32 (t16_lb16's and t16_lb32's).
load 'plots/common.gp'
f = data.'/rownorm.csv'
stats f skip 1 using 8 nooutput
n = STATS_records
ytop = 260

set multiplot title sprintf("H200, row normalisation: 37.5%% occupancy is as fast as 100%%; forcing it up spills (+%.0f%%, %.1fx)", \
	100 * (lb16 * 1.0 / base - 1), lb32 * 1.0 / base) font ',24'
set style fill solid 0.9 border linecolor rgb '#333333'
set boxwidth 0.38
set xrange [-0.6:n - 0.4]
set yrange [0:ytop]
set ytics 0,25,200
set xtics scale 0 font ',19' noenhanced
set xlabel 'variant (kernel, tile = float4s per thread; lb = __launch_bounds__ minimum blocks)' offset 0,-0.6 noenhanced
set ylabel 'cycles per SM (thousands)'
set tmargin at screen 0.86
set bmargin at screen 0.20
set lmargin at screen 0.10
set rmargin at screen 0.98
unset grid
set grid ytics back linecolor rgb '#d8d8d8'
set key top left samplen 1.5 font ',19' noenhanced
clip(v) = v > ytop - 8 ? ytop - 8 : v
spill(c) = column(c) > 0 ? sprintf("\n%d B spilled", column(c)) : ''
# the DRAM floor: the bytes one SM moves over the arch's DRAM bandwidth
floor = bytes / bw / 1000.0
set arrow 1 from graph 0, first floor to graph 1, first floor nohead dashtype 2 linewidth 2 linecolor rgb '#222222' front
set label 1 sprintf("DRAM floor (dashed): 2 MiB read and written per SM / %.2f B/cycle = %.0f K cycles.\nt16 moves %.0f%% of that bandwidth: more resident warps have nothing left to hide.", \
	bw, floor, 100 * floor * 1000 / base) at first -0.45, first 226 left font ',17' front noenhanced
set label 2 "__launch_bounds__ caps registers\n(80 -> 64 -> 32 per thread):\noccupancy up, row data\nspilled to local memory" \
	at first 5.55, first 188 right font ',16' textcolor rgb '#D55E00' front noenhanced
plot f skip 1 using ($0 - 0.2):(clip($8 / 1000)):xtic(stringcolumn(1)) with boxes fillcolor rgb '#0072B2' title 'measured (H200)', \
	'' skip 1 using ($0 + 0.2):(clip($9 / 1000)) with boxes fillcolor rgb '#E69F00' title 'simulated (smsim on the same SASS)', \
	'' skip 1 using 0:(clip(($8 > $9 ? $8 : $9) / 1000) + 4):(sprintf("%.0f%% occ.%s", $6, spill(4))) with labels center offset 0,1.1 font ',16' notitle noenhanced, \
	'' skip 1 using ($0 - 0.2):($8 / 1000 > ytop - 8 ? ytop - 20 : NaN):(sprintf("%.0fK\n(cut)", $8 / 1000)) with labels center textcolor rgb 'white' font ',15' notitle, \
	'' skip 1 using ($0 + 0.2):($9 / 1000 > ytop - 8 ? ytop - 35 : NaN):(sprintf("%.0fK\n(cut)", $9 / 1000)) with labels center font ',15' notitle
unset multiplot
