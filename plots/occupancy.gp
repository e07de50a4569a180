# plots/occupancy.gp: the occupancy calculator's curves on sm_90.
# Top: occupancy against registers per thread for blocks of 128, 256 and 1024
# threads, with the 64 -> 65 registers cliff at 256 threads marked.
# Bottom: for 256 threads and 32 registers, occupancy against block size and
# against shared memory per block. Data from smsim occupancy --graph.
# Set by make_plots.sh: occ64, blk64, occ65, blk65 (256 threads, 64 and 65 regs).
load 'plots/common.gp'
if (!exists("occ64")) { occ64 = 50; blk64 = 4; occ65 = 37.5; blk65 = 3 }

sizes = '128 256 1024'
regfile(t) = sprintf('%s/occ_registers_t%s.csv', data, t)

set multiplot title "Occupancy on sm\\_90 falls in whole blocks, set by the scarcest resource" font ',26'

# ---- top: registers per thread ----
set lmargin at screen 0.085
set rmargin at screen 0.97
set tmargin at screen 0.905
set bmargin at screen 0.595
set xlabel 'registers per thread' offset 0,0.5
set ylabel 'occupancy (%)'
set xrange [0:256]
set yrange [0:109]
set xtics 0,32,256
set ytics 0,25,100
set key top right maxrows 3 width 1 samplen 2
set arrow 1 from 64.5, graph 0 to 64.5, graph 1 nohead dashtype 2 linecolor rgb '#444444' linewidth 1.5
set label 1 sprintf("64 → 65 registers at 256 threads:\n%d → %d blocks, %g%% → %g%% occupancy", \
	blk64, blk65, occ64, occ65) at 76, 80 left front
set label 3 "resident blocks = min(by registers, by warps, by shared memory, 32 blocks);\nregisters go per warp in units of 256: a block fits whole or not at all" \
	at 252, 52 right front font ',18' 
set arrow 2 from 75, 72 to 65.5, (occ64 + occ65) / 2 head filled size screen 0.012,20 \
	linecolor rgb '#444444' linewidth 1.5 front
# thinner lines for later curves, so that coinciding curves all stay visible
plot for [i = 1:words(sizes)] regfile(word(sizes, i)) skip 1 using 1:2 with steps \
	linetype i linewidth (6 - 1.5 * i) title sprintf('%s threads/block', word(sizes, i)), \
	regfile('256') skip 1 using (($1 == 65) ? 65 : NaN):2 with points pointtype 7 pointsize 2.2 * pscale \
	linecolor rgb '#222222' notitle, \
	regfile('256') skip 1 using (($1 == 64) ? 64 : NaN):2 with points pointtype 6 pointsize 2.2 * pscale \
	linecolor rgb '#222222' notitle
unset arrow
unset label

# ---- bottom left: block size ----
set tmargin at screen 0.415
set bmargin at screen 0.10
set lmargin at screen 0.085
set rmargin at screen 0.49
set title 'block size (32 registers, no shared memory)' offset 0,-0.4
set xlabel 'threads per block' offset 0,0.5
set xrange [0:1056]
set xtics 0,256,1024
set key bottom left
plot data.'/occ_block_size_t256.csv' skip 1 using 1:2 with linespoints linetype 2 pointsize 0.9 * pscale notitle, \
	'' skip 1 using ($5 == 1 ? $1 : NaN):2 with points pointtype 6 pointsize 3 * pscale linewidth 2 \
	linecolor rgb '#222222' title 'current: 256'

# ---- bottom right: shared memory per block ----
set lmargin at screen 0.57
set rmargin at screen 0.97
set title 'shared memory (256 threads, 32 registers)'
set xlabel 'shared memory per block (KiB)'
set xrange [0:232]
set xtics 0,32,224
set key top right
plot data.'/occ_shared_memory_t256.csv' skip 1 using 1:2 with steps linetype 2 notitle, \
	'' skip 1 using ($5 == 1 ? $1 : NaN):2 with points pointtype 6 pointsize 3 * pscale linewidth 2 \
	linecolor rgb '#222222' title 'current: 0 KiB'
unset multiplot
