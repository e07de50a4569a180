# plots/dram_sweep.gp: dependent DRAM loads (dram_chase), ILP x resident warps.
# Left: DRAM throughput (bytes per cycle per SM, right axis in 256-byte warp
# loads per cycle) against the bandwidth ceiling from the arch file. Right:
# elapsed cycles to move a fixed number of bytes. Filled circles: knees;
# dashed verticals: Little's-law warps, in the curve's colour.
# Set by make_plots.sh: ilps, littles (one per ILP), work (bytes), bw (the
# arch file's dram_bytes_per_cycle), arch.
load 'plots/common.gp'
if (!exists("arch")) arch = 'sm_90'
file(i) = sprintf('%s/dram_chase_ilp%s.csv', data, word(ilps, i))
n = words(ilps)
loadbytes = 256   # one warp load: 32 lanes x 8-byte pointer

set multiplot title sprintf('Dependent DRAM loads (pointer chase) on %s: bandwidth caps what more warps buy', \
	arch) noenhanced font ',26'
set xlabel 'resident warps per SM'
set xrange [0:65]
set xtics 0,8,64
set mxtics 2
do for [i = 1:n] {
	set arrow i from word(littles, i) + 0, graph 0 to word(littles, i) + 0, graph 1 nohead \
		dashtype (20,12) linewidth 2.5 linecolor rgb curvecolor(i) back
}
lw(i) = 5.5 - i
ps(i) = (3.4 - 0.45 * i) * pscale

# ---- left: DRAM throughput ----
set lmargin at screen 0.08
set rmargin at screen 0.51
set tmargin at screen 0.84
set bmargin at screen 0.12
set title 'DRAM throughput'
set ylabel 'DRAM bytes / cycle / SM'
set yrange [0:bw * 1.2]
set ytics 0,5 nomirror
set y2label 'warp loads / cycle / SM' offset -0.5,0
set link y2 via y / loadbytes inverse y * loadbytes
set y2tics 0,0.02 format '%.2f'
set arrow 10 from graph 0, first bw to graph 1, first bw nohead linewidth 2.5 linecolor rgb '#222222' front
set label 10 sprintf("DRAM ceiling: %g B/cycle = %.3f loads/cycle\nLittle's law (dashed): warps = latency × %.3f ÷ ILP", bw, bw / loadbytes, bw / loadbytes) \
	at graph 0.03, first bw * 1.11 left front boxed font ',16'
set style textbox opaque noborder margins 2,2
set key bottom right samplen 1.5 spacing 1.1 font ',19'
plot for [i = 1:n] file(i) skip 1 using 1:($5 / $3) with lines linetype i linewidth lw(i) \
	title sprintf('ILP %s (Little: %s warps)', word(ilps, i), word(littles, i)), \
	for [i = 1:n] file(i) skip 1 using ($6 == 1 ? $1 : NaN):($5 / $3) with points pointtype 7 \
	pointsize ps(i) linecolor rgb curvecolor(i) notitle, \
	keyentry with points pointtype 7 pointsize 2.2 * pscale linecolor rgb '#444444' title 'knee (within 5% of best)', \
	keyentry with lines dashtype (20,12) linewidth 2.5 linecolor rgb '#444444' title "Little's-law warps"
unset arrow 10
unset label 10
unset y2label
unset y2tics
unset link y2

# ---- right: elapsed cycles to move a fixed number of bytes ----
set lmargin at screen 0.70
set rmargin at screen 0.98
set title sprintf('cycles to move %g MiB (log scale)', work / 1048576.0)
unset ylabel
set logscale y
set yrange [*:*]
set ytics auto
set format y '10^{%L}'
unset key
set label 11 'bandwidth floor' at graph 0.98, first work / bw * 0.85 right
plot for [i = 1:n] file(i) skip 1 using 1:(work * $3 / $5) with lines linetype i linewidth lw(i) notitle, \
	for [i = 1:n] file(i) skip 1 using ($6 == 1 ? $1 : NaN):(work * $3 / $5) with points pointtype 7 \
	pointsize ps(i) linecolor rgb curvecolor(i) notitle, \
	work / bw with lines dashtype 3 linewidth 2 linecolor rgb '#222222' notitle
unset multiplot
