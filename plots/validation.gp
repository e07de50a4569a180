# plots/validation.gp: smsim against cycles measured on an H200, per family.
# Left: simulated against measured elapsed cycles (log-log), with y = x and
# the ±10% band. Right: the error (%) against resident warps.
# Data: validate.csv from smsim validate --csv (family,ilp,warps_per_sm,
# measured_cycles,simulated_cycles,error_pct,...).
# Set by make_plots.sh: families (the distinct family names, space-separated).
load 'plots/common.gp'
f = data.'/validate.csv'
if (!exists("families")) families = 'fma dram_chase l1_chase smem_chase mix'
nf = words(families)
ptype(ilp) = ilp == 1 ? 7 : ilp == 2 ? 5 : ilp == 4 ? 9 : ilp == 8 ? 11 : 13
pick(col, fam) = strcol(1) eq fam ? column(col) : NaN

stats f skip 1 using 4:5 nooutput
lo = (STATS_min_x < STATS_min_y ? STATS_min_x : STATS_min_y) / 1.5
hi = (STATS_max_x > STATS_max_y ? STATS_max_x : STATS_max_y) * 1.5
stats f skip 1 using 6 nooutput
emax = abs(STATS_min) > abs(STATS_max) ? abs(STATS_min) : abs(STATS_max)
emax = emax < 15 ? 15 : emax * 1.1
stats f skip 1 using (abs($6)) nooutput
mape = STATS_mean
nrows = STATS_records

stats f skip 1 using (abs($6) <= 10 ? 1 : 0) nooutput
nin = STATS_sum
set multiplot title sprintf("smsim matches the H200 (sm\\_90): %d of %d points within ±10%%, mean |error| %.1f%%", nin, nrows, mape) font ',24'
set label 20 "arch file calibrated from latency and bandwidth microbenchmarks, not fitted to these points" \
	at screen 0.5, screen 0.02 center font ',16' textcolor rgb '#555555'
set tmargin at screen 0.85
set bmargin at screen 0.15
set pointsize 1.6 * pscale

# ---- left: simulated against measured ----
set lmargin at screen 0.10
set rmargin at screen 0.50
set title 'elapsed cycles (log-log)'
set xlabel 'measured cycles (H200)'
set ylabel 'simulated cycles (smsim)'
set logscale xy
set xrange [lo:hi]
set yrange [lo:hi]
set format x '10^{%L}'
set format y '10^{%L}'
set key top left samplen 1.5 width 1 font ',18' spacing 1.05
plot x with lines linewidth 2 linecolor rgb '#222222' title 'y = x', \
	1.1 * x with lines dashtype (12,8) linewidth 1.5 linecolor rgb '#777777' title '±10%', \
	0.9 * x with lines dashtype (12,8) linewidth 1.5 linecolor rgb '#777777' notitle, \
	for [i = 1:nf] f skip 1 using (pick(4, word(families, i))):5:(ptype($2)) with points \
	pointtype variable linecolor rgb curvecolor(i) notitle, \
	for [i = 1:nf] keyentry with points pointtype 7 pointsize 2 * pscale linecolor rgb curvecolor(i) \
	title word(families, i) noenhanced

# ---- right: error against resident warps ----
set lmargin at screen 0.61
set rmargin at screen 0.98
set title 'error against resident warps'
set xlabel 'resident warps per SM'
set ylabel 'error (simulated − measured) / measured (%)'
unset logscale
set xrange [0:65]
set xtics 0,8,64
set yrange [-emax:emax]
set format x '%g'
set format y '%g'
set key bottom right font ',18' maxrows 4
set object 1 rect from graph 0, first -10 to graph 1, first 10 fillcolor rgb '#eeeeee' fillstyle solid 1.0 noborder behind
plot 0 with lines linewidth 1.5 linecolor rgb '#222222' notitle, \
	for [i = 1:nf] f skip 1 using (pick(3, word(families, i))):6:(ptype($2)) with points \
	pointtype variable linecolor rgb curvecolor(i) notitle, \
	for [ilp in '1 2 4 8'] keyentry with points pointtype ptype(ilp + 0) linecolor rgb '#444444' \
	title 'ILP '.ilp
unset multiplot
