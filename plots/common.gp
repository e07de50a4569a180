# plots/common.gp: terminal, output and the styles every figure shares.
# Loaded first by each figure script. The caller (plots/make_plots.sh) sets:
#   fmt   'png' (pngcairo) or 'svg'
#   out   output path without the extension, e.g. 'plots/out/fma_sweep'
#   data  the folder with the CSV the figure reads, e.g. 'plots/out/data'
if (!exists("fmt")) fmt = 'png'
if (!exists("data")) data = 'plots/out/data'
if (!exists("font")) font = 'DejaVu Sans,22'
# The svg terminal draws text at 72/96 the size pngcairo does, and points at
# about twice the size: scale both so that the two formats look alike.
# Scripts multiply every explicit pointsize by pscale.
if (fmt eq 'svg') {
	pscale = 0.5
	set terminal svg size 1600,1000 dynamic enhanced font font fontscale 1.333 linewidth 2 background rgb 'white'
} else {
	pscale = 1.0
	set terminal pngcairo size 1600,1000 enhanced font font linewidth 2 background rgb 'white'
}
set output out.'.'.fmt
set encoding utf8
set datafile separator comma
set datafile missing 'NaN'
set grid back linecolor rgb '#d8d8d8' linewidth 0.5
set border 3 linewidth 1
set tics nomirror
set key opaque box linecolor rgb '#bbbbbb'

# Curve colours (Okabe-Ito, colour-blind safe): linetypes 1..6, one per ILP
# or block size, in the order the curves are listed.
set linetype 1 linecolor rgb '#0072B2' linewidth 2.5 pointtype 7 pointsize 1.2 * pscale dashtype solid
set linetype 2 linecolor rgb '#E69F00' linewidth 2.5 pointtype 5 pointsize 1.2 * pscale dashtype solid
set linetype 3 linecolor rgb '#009E73' linewidth 2.5 pointtype 9 pointsize 1.4 * pscale dashtype solid
set linetype 4 linecolor rgb '#D55E00' linewidth 2.5 pointtype 11 pointsize 1.4 * pscale dashtype solid
set linetype 5 linecolor rgb '#CC79A7' linewidth 2.5 pointtype 13 pointsize 1.4 * pscale dashtype solid
set linetype 6 linecolor rgb '#56B4E9' linewidth 2.5 pointtype 15 pointsize 1.4 * pscale dashtype solid
curvecolor(i) = word('#0072B2 #E69F00 #009E73 #D55E00 #CC79A7 #56B4E9', (i - 1) % 6 + 1)

# Warp states, in smsim's (and Nsight Compute's) names and in the order of the
# sweep CSV's stall_* columns; linetype 20+i is state i's colour.
states = 'long_scoreboard short_scoreboard wait math_pipe_throttle lg_throttle mio_throttle not_selected barrier no_instruction selected'
statecolors = '#D55E00 #CC79A7 #E69F00 #882255 #8C564B #BCBD22 #9ED3F2 #0072B2 #999999 #007A55'
do for [i = 1:10] {
	set linetype (20 + i) linecolor rgb word(statecolors, i) linewidth 1 pointtype 5 dashtype solid
}
