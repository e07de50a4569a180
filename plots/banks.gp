# plots/banks.gp: a register-bank conflict. The same FP32 chain (fma) with
# operands=sep (FFMA R0, R0, UR6, R1: no register bank read twice, the
# default) and operands=banked (FFMA R4, R4, R2, R3: R4 and R2 both in bank
# 0), at ILP 1 and 4: warp-FFMA per cycle per SM against resident warps.
# Lines: smsim at every W (the sawtooth: W not a multiple of 4 leaves
# schedulers uneven, on the H200 too); open points: the H200's fma_u kernels (sep, banked) from
# tests/data/h200/import/runs.csv. Data: plots/out/banks.csv (committed),
# split per curve into data/banks_SOURCE_OPERANDS_ilpN.csv by make_plots.sh.
load 'plots/common.gp'
f(src, ops, i) = sprintf('%s/banks_%s_%s_ilp%d.csv', data, src, ops, i)

set title "A register-bank conflict caps one FP32 chain at 2 warp-FFMA/cycle; ILP 4 hides it" font ',26'
set xlabel 'resident warps per SM'
set ylabel 'throughput (warp-FFMA instructions / cycle / SM)'
set xrange [0:65]
set xtics 0,8,64
set mxtics 2
set yrange [0:4.6]
set ytics 0,0.5,4
set lmargin at screen 0.09
set rmargin at screen 0.97
set tmargin at screen 0.90
set bmargin at screen 0.11
set arrow 10 from graph 0, first 4 to graph 1, first 4 nohead dashtype 3 linewidth 1.5 linecolor rgb '#555555'
set label 10 'FMA pipe: 4 schedulers × 1 warp-FFMA/cycle' at graph 0.98, first 4.12 right font ',18'
set label 11 "sep: FFMA R0, R0, UR6, R1 reads each bank once:\n4 warp-FFMA/cycle from 16 warps (4-cycle latency × 4)" \
	at 17, 2.98 left font ',18' textcolor rgb '#0072B2'
set label 12 "banked: FFMA R4, R4, R2, R3 reads bank 0 twice (R4, R2):\na warp switching in pays a second operand-read cycle → 2/cycle" \
	at 17, 2.42 left font ',18' textcolor rgb '#D55E00'
set label 13 "ILP 4: the same warp issues back to back,\noperands reused: banked ≈ sep" at 30, 4.42 left font ',18' textcolor rgb '#009E73'
set key at graph 0.99, graph 0.03 bottom right samplen 2.2 spacing 1.1 font ',17'
plot f('smsim', 'sep', 1) skip 1 using 4:6 with lines linewidth 4 linecolor rgb '#0072B2' title 'smsim  sep ILP 1', \
	f('smsim', 'banked', 1) skip 1 using 4:6 with lines linewidth 4 linecolor rgb '#D55E00' title 'smsim  banked ILP 1', \
	f('smsim', 'sep', 4) skip 1 using 4:6 with lines linewidth 4 linecolor rgb '#009E73' title 'smsim  sep ILP 4', \
	f('smsim', 'banked', 4) skip 1 using 4:6 with lines linewidth 2.5 dashtype (12,8) linecolor rgb '#CC79A7' title 'smsim  banked ILP 4', \
	f('h200', 'sep', 1) skip 1 using 4:6 with points pointtype 6 pointsize 2.4 * pscale linewidth 2 linecolor rgb '#0072B2' title 'H200 fma\_u sep ILP 1', \
	f('h200', 'banked', 1) skip 1 using 4:6 with points pointtype 8 pointsize 2.4 * pscale linewidth 2 linecolor rgb '#D55E00' title 'H200 fma\_u banked ILP 1', \
	f('h200', 'sep', 4) skip 1 using 4:6 with points pointtype 4 pointsize 2.2 * pscale linewidth 2 linecolor rgb '#009E73' title 'H200 fma\_u sep ILP 4', \
	f('h200', 'banked', 4) skip 1 using 4:6 with points pointtype 10 pointsize 2.2 * pscale linewidth 2 linecolor rgb '#CC79A7' title 'H200 fma\_u banked ILP 4'
