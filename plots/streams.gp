# plots/streams.gp: a stream's loads spread as a random walk's do (issue #18,
# tests/data/h200/mech/strlat). Cycles a step beyond one load when one warp per SM issues K
# stream loads far apart (str_multi) and waits for all: the H200, the slowest of K independent
# draws from the H200's one-load histogram, smsim as shipped (since round 14 the shared DRAM
# queue and the stream spread) and with the first-come DRAM server of rounds 1-13 (streams draw no
# latency). Left 128-B loads, right 512-B.
# Data: plots/out/streams.csv (committed), split by make_plots.sh.
load 'plots/common.gp'
f(b, src) = sprintf('%s/streams_%s_%s.csv', data, b, src)
set datafile separator ','

set multiplot title "A stream's loads far apart each draw their own latency: a step waits for the slowest" font ',26'
do for [i = 1:2] {
	b = i == 1 ? '128' : '512'
	set origin (i - 1) * 0.5, 0
	set size 0.5, 0.93
	set lmargin at screen (i - 1) * 0.5 + 0.1
	set rmargin at screen (i - 1) * 0.5 + 0.47
	set tmargin at screen 0.86
	set bmargin at screen 0.11
	set title sprintf("%s-B loads, K a step, one warp per SM (str\\_multi)", b) font ',18'
	set xlabel 'stream loads a warp issues together, K'
	set ylabel 'cycles a step beyond K = 1'
	set xrange [0.8:4.4]
	set xtics ("1" 1, "2" 2, "4" 4)
	set yrange [0:440]
	set key at graph 0.02, graph 0.98 top left samplen 2 spacing 1.1 font ',15'
	plot f(b, 'h200') using 3:4 with points pointtype 7 pointsize 2.6 * pscale linecolor rgb '#D55E00' title 'H200', \
		f(b, 'iid') using 3:4 with lines linewidth 2 dashtype 2 linecolor rgb '#D55E00' title 'slowest of K draws (the loads alone)', \
		f(b, 'smsim') using 3:4 with linespoints linewidth 3 pointtype 4 pointsize 2 * pscale linecolor rgb '#0072B2' title 'smsim as shipped', \
		f(b, 'server') using 3:4 with linespoints linewidth 3 pointtype 6 pointsize 2 * pscale linecolor rgb '#999999' title 'smsim, first-come DRAM server (to round 13)'
}
unset multiplot
