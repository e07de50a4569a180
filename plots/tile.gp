# plots/tile.gp: the lessons' tile-size story (the normalization kernel's tile
# variants, workload tile, 256 threads per block, the same 2048 x 4096 tensor
# for every tile). Left: theoretical and achieved occupancy per tile size,
# with the resident blocks. Right: elapsed cycles for the whole tensor's share
# of one SM, labelled with the speed-up over tile 1.
# Data: tile.csv (tile,theoretical_occupancy,achieved_occupancy,cycles,
# dram_bytes,resident_blocks_per_sm,ipc,waves,blocks).
load 'plots/common.gp'
f = data.'/tile.csv'
stats f skip 1 using 1 nooutput
ntiles = STATS_records
stats f skip 1 using 4 nooutput
cmax = STATS_max
stats f skip 1 every ::0::0 using 4 nooutput
c1 = STATS_max         # tile 1's cycles

set multiplot title "Tile size on sm\\_90: lower occupancy, fewer cycles (same tensor, 256 threads per block)" font ',26'
set style fill solid 0.9 border linecolor rgb '#333333'
set boxwidth 0.36
set xrange [-0.6:ntiles - 0.4]
set xlabel 'tile size (outputs per thread per trip)'
set xtics scale 0
set tmargin at screen 0.84
set bmargin at screen 0.14
set key top right samplen 1.5 font ',19'
unset grid
set grid ytics back linecolor rgb '#d8d8d8'

# ---- left: occupancy ----
set lmargin at screen 0.10
set rmargin at screen 0.48
set title 'occupancy'
set ylabel 'occupancy (%)'
set yrange [0:125]
set ytics 0,25,100
plot f skip 1 using ($0 - 0.19):($2 * 100):xtic(stringcolumn(1)) with boxes fillcolor rgb '#0072B2' \
	title 'theoretical', \
	'' skip 1 using ($0 + 0.19):($3 * 100) with boxes fillcolor rgb '#56B4E9' title 'achieved', \
	'' skip 1 using 0:($2 * 100 + 3):(sprintf('%d block%s', $6, $6 == 1 ? '' : 's')) with labels center font ',17' notitle

# ---- right: cycles ----
set lmargin at screen 0.59
set rmargin at screen 0.98
set title 'elapsed cycles'
set ylabel 'cycles (thousands)'
set yrange [0:cmax / 1000 * 1.35]
set ytics auto
plot f skip 1 using 0:($4 / 1000):xtic(stringcolumn(1)) with boxes fillcolor rgb '#E69F00' \
	title 'elapsed cycles', \
	'' skip 1 using 0:($4 / 1000 + cmax / 1000 * 0.04):(sprintf('%.2fx', c1 / $4)) \
	with labels center font ',17' notitle, \
	keyentry with labels title '(x = speed-up over tile 1)'

unset multiplot
