# plots/timeline.gp: the warp-issue timeline of one scheduler for the fma
# workload (dependent FFMAs): few resident warps above, more below (by default
# 4 and 16, ILP 1, 64 iterations). Each warp's row is coloured by its state
# cycle by cycle; the top row of each panel is the scheduler's issue slot (a
# tall box where some warp issued, grey where the slot went idle).
# Data: smsim run --timeline, reduced by make_plots.sh to
# timeline_{lo,hi}_boxes.csv (x centre, row, x half-width, y half-height,
# linetype) and timeline_{lo,hi}_tics.gp (y tics and range, nwarps, the
# states present).
# Set by make_plots.sh: sched, cycles (x range), nsched, lat (fma latency),
# wlo, whi (resident warps), ipcT, issueT, cyclesT for T = lo, hi, ilp.
load 'plots/common.gp'
if (!exists("sched")) sched = 0
if (!exists("cycles")) cycles = 200
if (!exists("nsched")) nsched = 4
if (!exists("lat")) lat = 4
if (!exists("ilp")) ilp = 1
if (!exists("wlo")) { wlo = 4; whi = 16; ipclo = 0; issuelo = 0; cycleslo = 0; ipchi = 0; issuehi = 0; cycleshi = 0 }

set multiplot title sprintf("Latency hiding: %d-cycle FFMA latency × 1 issue/cycle = %d warps fill a scheduler (scheduler %d of %d, ILP %d)", \
	lat, lat, sched, nsched, ilp) font ',22'
set style fill solid 1.0 noborder
set xrange [0:cycles]
set xtics 0,20,cycles
set mxtics 4
set grid xtics mxtics noytics back linecolor rgb '#e4e4e4', linecolor rgb '#f2f2f2'
set border 1
set ytics scale 0
set lmargin at screen 0.13
set rmargin at screen 0.98
unset key

panel(w, n, ipc, isu, cyc) = sprintf("%d resident warps (%d on this scheduler): IPC %.2f, issue slots %.0f%% busy, %d cycles", \
	w, n, ipc, 100 * isu, cyc)
issuebg(n) = sprintf('set object 1 rect from 0, -0.45 to %d, 0.45 fillcolor rgb "#dddddd" fillstyle solid 1.0 noborder behind', n)

# ---- top: few warps ----
load data.'/timeline_lo_tics.gp'
presentlo = present
set tmargin at screen 0.865
set bmargin at screen 0.675
set title panel(wlo, nwarps, ipclo, issuelo, cycleslo) offset 0,-0.3
set format x ''
unset xlabel
eval issuebg(cycles)
set arrow 1 from graph 0, first 0.65 to graph 1, first 0.65 nohead linecolor rgb '#888888' linewidth 1
plot data.'/timeline_lo_boxes.csv' skip 1 using 1:2:3:4:5 with boxxyerror linecolor variable

# ---- bottom: more warps ----
load data.'/timeline_hi_tics.gp'
set tmargin at screen 0.585
set bmargin at screen 0.205
set title panel(whi, nwarps, ipchi, issuehi, cycleshi)
set format x '%g'
set xlabel 'cycle' offset 0,0.4
# the legend, below: the states that occur in either run, and the idle issue slot
shown = ''
do for [i = 10:1:-1] {
	if (strstrt(' '.presentlo.' '.present.' ', sprintf(' %d ', i)) > 0) { shown = shown.sprintf(' %d', i) }
}
set key at screen 0.5, screen 0.06 center center horizontal maxcols 6 reverse Left samplen 1.2 width 2 \
	noopaque nobox font ',20'
plot data.'/timeline_hi_boxes.csv' skip 1 using 1:2:3:4:5 with boxxyerror linecolor variable notitle, \
	for [k = 1:words(shown)] keyentry with boxes linetype (20 + word(shown, k)) \
	title word(states, word(shown, k) + 0) noenhanced, \
	keyentry with boxes fillcolor rgb '#dddddd' title 'idle issue slot'

unset multiplot
