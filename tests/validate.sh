#!/bin/sh
# Validation against the H200 measurements committed in tests/data/h200/.
#
# 1. smsim validate with the calibrated arch/sm_90.json: every family's MAPE
#    must be <= 10% and every curve's knee within 4 warps per SM of the
#    measured one. (dram_chase ILP 4 met this only once the chains that
#    ptxas couples through shared scoreboards were modelled: workloads/wl.c
#    chase_coupling, decoded from tests/data/h200/sass.txt.)
# 2. The numbers in arch/sm_90.json come from the calibration data, not from
#    the validation sweep: recompute them from calib.csv and loaded.csv.
# 3. The companion microbenchmark, and the import harness of workloads/cuda/import (every
#    mechanism group a device call runs), compile wherever nvcc exists.
SMSIM=${SMSIM:-./bin/smsim}
pass=0
fail=0
ok() { echo "ok   $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; fail=$((fail + 1)); }

out=$("$SMSIM" validate --arch sm_90 --measured tests/data/h200/sweep.csv 2>&1)
echo "$out"
for fam in dram_chase fma l1_chase mix smem_chase; do
	line=$(echo "$out" | awk -v f="$fam" '$1 == f && $2 ~ /^[0-9]+$/')
	[ -n "$line" ] || { bad "$fam: no summary line"; continue; }
	echo "$line" | awk -v f="$fam" '{
		mape = $3; sub("%", "", mape)
		if (mape + 0 > 10) { printf "%s: MAPE %s%% > 10%%\n", f, mape; bad = 1 }
		for (i = 6; i <= NF; i++) if ($i ~ /^[0-9]+:[0-9]+\/[0-9]+!?$/) {
			split($i, a, /[:\/!]/); d = a[2] - a[3]; if (d < 0) d = -d
			lim = 4
			if (d > lim) { printf "%s ILP %s: knee measured %s, simulated %s (limit %d)\n", f, a[1], a[2], a[3], lim; bad = 1 }
		}
		exit bad }' && ok "$fam: MAPE and knees within limits" || bad "$fam"
done

# The default fma body (operands=sep: FFMA Rk, Rk, UR6, R1, no register-bank
# conflict) against ordinary CUDA: fma_u sep (acc = fmaf(acc, a, b), a and b
# kernel parameters; tests/data/h200/import/runs.csv), simulated as
# --workload fma --set ilp=N,iters=8192/N with nvcc's unroll (16 source
# iterations a trip, 4 at ILP 8: tests/data/h200/import/sass.txt). MAPE limit
# 3% (2.1% when the default became sep, rounded up), knees within 4 warps
# (smsim validate's limit; measured/simulated 20/20, 12/12, 8/8, 8/8 since
# round 33's harness around the built-in loop: 1.8%).
# The pair form (operands=pair, FFMA R10, R10, R2, R3) is reported, not
# checked: its ILP 1 knee is simulated at 16, measured 12 (README: what
# still misses).
fma_u_csv() { # VARIANT SET: runs.csv's fma_u rows of VARIANT as a sweep.csv for smsim validate
	awk -F, -v v="$1" -v set="$2" 'BEGIN { print "workload,ilp,warps_per_sm,blocks_per_sm,threads_per_block,iters,set,cycles" }
		$1 == "fma_u" && $3 == v { u = $4 == 8 ? 4 : 16; print "fma," $4 "," $5 "," $6 "," $7 "," $8 "," set ";unroll=" u "," $10 }' \
		tests/data/h200/import/runs.csv
}
tmp=$(mktemp -d)
fma_u_csv sep "op=ffma" >"$tmp/sep.csv"
fma_u_csv pair "op=ffma;operands=pair" >"$tmp/pair.csv"
out=$("$SMSIM" validate --arch sm_90 --measured "$tmp/sep.csv" 2>&1)
echo "$out"
line=$(echo "$out" | awk '$1 == "fma" && $2 ~ /^[0-9]+$/')
if [ -n "$line" ] && echo "$line" | awk '{ m = $3; sub("%", "", m); if (m + 0 > 3) exit 1
	for (i = 6; i <= NF; i++) if ($i ~ /^[0-9]+:[0-9]+\/[0-9]+!?$/) { split($i, a, /[:\/!]/); d = a[2] - a[3]; if (d < 0) d = -d; if (d > 4) exit 1 } }'; then
	ok "fma (default, operands=sep) against fma_u sep on the H200: $(echo "$line" | awk '{ print "MAPE " $3 ", knees " $6, $7, $8, $9 }')"
else
	bad "fma (default, operands=sep) against fma_u sep: ${line:-no summary line} (limits: MAPE 3%, knees within 4)"
fi
"$SMSIM" validate --arch sm_90 --measured "$tmp/pair.csv" 2>&1 | awk '$1 == "fma" && $2 ~ /^[0-9]+$/ { print "     fma operands=pair against fma_u pair (reported, not checked): MAPE " $3 ", knees " $6, $7, $8, $9 }'
rm -rf "$tmp"

# mech_mio (tests/data/h200/mech/mio): a block's shuffles and shared-memory loads while the
# SM's other warps load or store (round 14). Each row's foreground, built from the listing
# (mio_prog.sh), against the H200's cycles a trip (mio.csv, p50): within 10% each, 5% on average,
# but the two beside stores (bg2) within 45%: mio.csv has warp 0's stamps alone, and smsim's warp 0
# matched them (+8%) only because its store path gave scheduler 0 every freed slot (its other
# foreground warps 20-30% slower); mech_fair (round 34, tests/data/h100/mech/fair) measured the four
# schedulers served alike, all eight foreground warps within 0.3%, and with the path's turns smsim's
# shuffles and loads beside stores are 32-40% slow (README, What still misses).
mio=tests/data/h200/mech/mio
mtmp=$(mktemp -d)
sum=0 n=0 worst=0 mbad=
for r in $(awk -F, '!/^#/ && $1 != "variant" { print $2 ":" $3 ":" $6 ":" $1 }' "$mio/mio.csv"); do
	fg=${r%%:*}; r=${r#*:}; bg=${r%%:*}; r=${r#*:}; meas=${r%%:*}; var=${r#*:}
	if ! { sh "$mio/mio_prog.sh" "$fg" "$bg" "$SMSIM" >"$mtmp/mio.prog" &&
		"$SMSIM" run --program "$mtmp/mio.prog" --threads 1024 --blocks 1 --timeline "$mtmp/mio.tl" >/dev/null; }; then
		mbad="$mbad $var (did not run)"
		continue
	fi
	e=$(awk -F, -v m="$meas" '$1 == 0 && $5 > x { x = $5 } END { printf "%.1f", (x / 2048 - m) / m * 100 }' "$mtmp/mio.tl")
	lim=10
	case $var in *_bg2) lim=45 ;; esac
	awk -v e="$e" -v l="$lim" 'BEGIN { exit !(e > l || e < -l) }' && mbad="$mbad $var ($e%)"
	case $var in *_bg2) continue ;; esac
	n=$((n + 1))
	sum=$(awk -v a="$sum" -v b="$e" 'BEGIN { print a + (b < 0 ? -b : b) }')
	worst=$(awk -v a="$worst" -v b="$e" 'BEGIN { b = b < 0 ? -b : b; print (b > a ? b : a) }')
done
rm -rf "$mtmp"
if [ -z "$mbad" ] && [ "$n" -gt 0 ] && awk -v s="$sum" -v n="$n" 'BEGIN { exit !(s / n <= 5) }'; then
	ok "mech_mio: $n foregrounds beside loads and shared-memory loads, mean |error| $(awk -v s="$sum" -v n="$n" 'BEGIN { printf "%.1f", s / n }')%, worst $worst% (each within 10%); beside stores within 45%"
else
	bad "mech_mio: beyond 10% or not run:${mbad:- none}; mean above 5%? (rows $n, sum $sum)"
fi

# emit-cuda on the H200: the emitted chase_mix kernel against smsim (within 5%)
awk -F, '$1 == "chase_mix" { e = ($6 - $5) / $5; if (e < 0) e = -e; if (e > 0.05) bad = 1; n++ } END { exit bad || n < 4 }' tests/data/h200/emit_cuda.csv &&
	ok "emit-cuda chase_mix on the H200 within 5% of smsim at W = 1, 8, 32, 64" || bad "emit-cuda chase_mix beyond 5%"
for W in 1 64; do
	want=$(awk -F, -v w="$W" '$1 == "chase_mix" && $2 == w { print $6 }' tests/data/h200/emit_cuda.csv)
	got=$("$SMSIM" run --program isa/examples/chase_mix.prog --warps "$W" --csv | tail -n 1 | cut -d, -f7)
	[ "$want" = "$got" ] && ok "chase_mix W=$W: smsim still gives the $got cycles recorded beside the measurement" ||
		bad "chase_mix W=$W: smsim now gives $got cycles, the table records $want (update tests/data/h200/emit_cuda.csv)"
done

# tight loops on the H200 (tests/data/h200/tloop): emitted kernels of k FFMAs
# (or IADD3s) a trip at 1..64 warps. The mean over programs of each one's
# MAPE must be <= 7% and every program's <= 15%. With the back edge as the
# branch alone (before it was modelled as the counter, compare and branch it
# issues) the mean is 14% and four programs exceed 15%. The worst is tl_f1
# (one FFMA a trip, all loop control): the same kernel measured 29 or 31
# cycles a trip depending on how its loop sat in 128-byte instruction lines,
# and at 4-8 warps per scheduler the warps' counter chains interfere more
# than smsim's do (README: what limits).
# emitted(DIR, EACH, MEAN): smsim against the H200 for the emit-cuda kernels
# of DIR/runs.csv: every program's MAPE over its rows <= EACH%, their mean <= MEAN%.
# mapes DIR: "program MAPE% launches" for each program of DIR/runs.csv, smsim
# against the measured cycles (DIR/NAME.prog, else isa/examples/NAME.prog).
mapes() {
	awk -F, '/^#/ || $1 == "program" { next } { print $1, $2, $5 }' "$1/runs.csv" | while read -r prog w meas; do
		f=$1/$prog.prog
		[ -f "$f" ] || f=isa/examples/$prog.prog
		echo "$prog $w $meas $("$SMSIM" run --program "$f" --warps "$w" --csv | tail -n 1 | cut -d, -f7)"
	done | awk '{ e = ($4 - $3) / $3; if (e < 0) e = -e; s[$1] += e; n[$1]++ }
		END { for (p in s) printf "%s %.1f %d\n", p, 100 * s[p] / n[p], n[p] }' | sort
}
emitted() {
	dir=$1
	tmp=${TMPDIR:-/tmp}/emitted.$$
	mapes "$dir" >"$tmp"
	while read -r prog mape rows; do
		if awk -v m="$mape" -v l="$2" 'BEGIN { exit !(m <= l) }'; then
			ok "$dir: $prog on the H200: MAPE $mape% over $rows launches"
		else
			bad "$dir: $prog on the H200: MAPE $mape% > $2%"
		fi
	done <"$tmp"
	mean=$(awk '{ s += $2; n++ } END { if (n) printf "%.1f", s / n; else print 100 }' "$tmp")
	if [ "$(wc -l <"$tmp")" -ge "$4" ] && awk -v m="$mean" -v l="$3" 'BEGIN { exit !(m <= l) }'; then
		ok "$dir: mean MAPE $mean% over $(wc -l <"$tmp") programs (<= $3%)"
	else
		bad "$dir: mean MAPE $mean% over $(wc -l <"$tmp") programs (expected <= $3% over $4)"
	fi
	rm -f "$tmp"
}
emitted tests/data/h200/tloop 15 7 10
# lsu (tests/data/h200/lsu): 16 independent shared-memory or L1 chases per
# warp and one L1 chase, the calibration of lsu_warp_cycles and the LSU lanes.
# lds16 at 5 warps stays 20% fast: the two warps of the busiest scheduler
# get less than their FIFO share of shared memory on the H200.
emitted tests/data/h200/lsu 10 6 3

# sbcheck (tests/data/h200/sbcheck): the scoreboard couplings out of sample.
# Chases written without couplings, emitted and measured; NAME_sb.prog adds
# the waits workloads/cuda/sass_waits.py decodes from that kernel's own SASS.
# With them smsim must be within 6% MAPE, and closer than without.
tmp=${TMPDIR:-/tmp}/sbcheck.$$
mapes tests/data/h200/sbcheck >"$tmp"
for p in dram4 dram8 l1c8; do
	with=$(awk -v p="${p}_sb" '$1 == p { print $2 }' "$tmp")
	without=$(awk -v p="$p" '$1 == p { print $2 }' "$tmp")
	if [ -n "$with" ] && awk -v a="$with" -v b="$without" 'BEGIN { exit !(a <= 6 && a < b) }'; then
		ok "sbcheck $p: MAPE $with% with the SASS's scoreboard waits, $without% without"
	else
		bad "sbcheck $p: MAPE ${with:-?}% with the SASS's scoreboard waits (limit 6%, and below the ${without:-?}% without)"
	fi
done
rm -f "$tmp"

# loaded latency (tests/data/h200/loaded.csv, the calibration of dram_queue_curve)
# run as a simulation: warp 0 chases 2080 steps with one lane while warps
# 1..S of its block stream K loads of 512 B a trip, as ubench.cu's
# cal_loaded does. smsim's chase latency (steps 33-2080, from the timeline; the
# chase's latency spread averages over more steps) is
# compared with the H200's curve of latency against DRAM bytes per cycle,
# read at the bytes per cycle the simulated streams reach (the simulated
# stream loop lacks the kernel's clock reads, so its rate at a given S is
# higher). Below 90% utilisation every row must be within 6.5% and their mean
# error within 3% (S = 8, K = 4, at u = 0.77 on the steep part of the curve,
# is the closest: +5.9%, +6.0% since the streams' loops pay the shared
# instruction fetch (timing.fetch_turn, fetch_cycles), which moves their
# rate and so the H200's latency read at it; the chase's own step, 871
# cycles, did not change). At saturation smsim's chase waits behind every byte
# queued at the SM's FIFO DRAM server, which the H200 does not make a
# one-sector request do (S = 31, K = 4: 3.3 K cycles a step, measured
# 2.1 K): reported, not checked (README: what still misses).
loaded_prog() { # S K TRIPS
	echo ".regs 32"
	echo "IF warp<1"
	echo "  LOOP 260"
	i=0; while [ $i -lt 8 ]; do echo "    LDG.64 R2, [R2] pattern=chase footprint=1G lanes=1"; i=$((i + 1)); done
	echo "  ENDLOOP"
	echo "ELSE"
	if [ "$1" -gt 0 ]; then
		echo "  IF warp<$(($1 + 1))"
		echo "    LOOP $3"
		# cal_loaded's K loads of a trip are 512-B blocks side by side: as
		# smsim import groups one base register's loads, those within 1 KB of
		# a group's first load share its latency draw (group=, near=), their
		# lines returning one after another: loads 0 and 1 one group, 2 and 3
		# the next
		k=0; while [ $k -lt "$2" ]; do
			g=; [ "$2" -gt 1 ] && { [ $((k % 2)) -eq 0 ] && g=" group=$((k / 2 + 1))" || g=" near=$((k / 2 + 1))"; }
			echo "      LDG.128 R$((4 + 4 * k)), [R40] pattern=stream footprint=1G$g"; k=$((k + 1)); done
		k=0; while [ $k -lt "$2" ]; do echo "      IADD3 R20, R20, R$((4 + 4 * k)), RZ"; k=$((k + 1)); done
		echo "    ENDLOOP"
		echo "  ENDIF"
	fi
	echo "ENDIF"
	echo "EXIT"
}
tmp=$(mktemp -d)
awk -F, 'NR > 1 { print $1, $2 }' tests/data/h200/loaded.csv | while read -r S K; do
	loaded_prog "$S" "$K" 4000 >"$tmp/p.prog"
	"$SMSIM" run --program "$tmp/p.prog" --threads 1024 --blocks 1 --timeline "$tmp/tl.csv" --csv >"$tmp/run.out" ||
		{ echo "$S run-failed $K"; continue; }
	tail -n 1 "$tmp/run.out" >"$tmp/run.csv"
	# warp 0 issues 8 loads and the 3-instruction back edge a trip; the
	# streams must outlast its last load
	awk -F, -v s="$S" '$1 == 0 && $6 == "selected" { for (t = $4; t < $5; t++) { if (n % 11 < 8) { k++; if (k == 33) a = t; if (k == 2080) b = t } n++ } }
		$1 > 0 && $1 <= s && $5 > e { e = $5 } END { printf "%s %.1f %s ", s, (b - a) / 2047, (s == 0 || e > b ? "ok" : "short") }' "$tmp/tl.csv"
	awk -F, -v k="$K" '{ printf "%d %.3f\n", k, $15 / $7 }' "$tmp/run.csv"
done >"$tmp/sim"
awk 'FNR == NR { if (FNR > 1) { split($0, f, ","); n++; x[n] = f[4]; y[n] = f[3] } next }
	FNR == 1 { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (x[j] < x[i]) { t = x[i]; x[i] = x[j]; x[j] = t; t = y[i]; y[i] = y[j]; y[j] = t } }
	{ s = $1; c = $2; k = $4; b = $5; u = b / 17.71
	  if ($2 == "run-failed") { printf "FAIL loaded S=%d K=%d: smsim run failed\n", s, $3; next }
	  if ($3 != "ok") { printf "FAIL loaded S=%d K=%d: the streams ended before the chase\n", s, k; next }
	  hw = ""; for (i = 1; i < n; i++) if (x[i] <= b && b <= x[i + 1] && x[i + 1] > x[i]) { hw = y[i] + (y[i + 1] - y[i]) * (b - x[i]) / (x[i + 1] - x[i]); break }
	  if (b <= x[1]) hw = (y[1] + y[2]) / 2
	  if (u >= 0.9 || hw == "") { printf "     loaded S=%d K=%d: %.2f B/cycle (u %.2f), chase %.0f cycles a step (saturated: reported, not checked)\n", s, k, b, u, c; next }
	  e = (c - hw) / hw; ae = e < 0 ? -e : e; sum += ae; m++
	  printf "%s loaded S=%d K=%d: %.2f B/cycle (u %.2f), chase %.0f cycles a step, the H200 %.0f at that rate (%+.1f%%)\n", (ae > 0.065 ? "FAIL" : "ok  "), s, k, b, u, c, hw, 100 * e }
	END { if (m < 15) printf "FAIL loaded latency: %d rows below 90%% utilisation, expected at least 15\n", m
	  else printf "%s loaded latency below 90%% utilisation: mean error %.1f%% over %d rows (limit 3%%)\n", (sum / m > 0.03 ? "FAIL" : "ok  "), 100 * sum / m, m }' tests/data/h200/loaded.csv "$tmp/sim" >"$tmp/out"
cat "$tmp/out"
pass=$((pass + $(grep -c '^ok' "$tmp/out")))
fail=$((fail + $(grep -c '^FAIL' "$tmp/out")))
rm -rf "$tmp"

# provenance: recompute the calibrated numbers
cal=tests/data/h200/calib.csv
get() { awk -F, -v n="$1" '$1 == n { print $2 }' "$cal"; }
arch() { sed -n "s/.*\"$1\": *\([0-9.]*\).*/\1/p" arch/sm_90.json | head -n 1; }
check() { # name, expected, got, tolerance
	if awk -v e="$2" -v g="$3" -v t="$4" 'BEGIN { d = e - g; if (d < 0) d = -d; exit !(d <= t) }'; then
		ok "arch/sm_90.json $1 = $3 (from the calibration data: $2)"
	else
		bad "arch/sm_90.json $1 = $3, but the calibration data give $2"
	fi
}
w=$(awk -F, '$1 == 1 && $2 == 4 { r = 4 * 512 / $4 } $1 == 0 && $2 == 4 { l = $3 } END { printf "%.2f", 2048 / (r - l) }' tests/data/h200/loaded.csv)
check warp_miss_bytes_per_cycle "$w" "$(arch warp_miss_bytes_per_cycle)" 0.01
check dram_bytes_per_cycle "$(get dram_read_bytes_per_sm_cycle)" "$(arch dram_bytes_per_cycle)" 0.01
check smem_latency "$(get lat_smem_chase)" "$(arch smem_latency)" 0.5
check l1_latency "$(get lat_l1_chase)" "$(arch l1_latency)" 0.5
# L2 hits do not return through the warp's miss path (tests/data/h200/import
# multiload). l2_latency is the median SM's one-sector hit: one lane's walk
# (chase_stride<1, 1>, a step (cycles - 187) / 2048) on every SM (l2path's
# l1s1 and l2lines' l1s1_g132, two runs, averaged). calib.csv's one-block
# lat_l2_chase (273.4) is one SM's: the SMs' steps span 271.7-295.5 by the
# SM's place (l2lines/blocks.csv), 9 below the median is a fast SM's.
# l2_sector_cycles: each sector past the first of a line, from the 4- and
# 1-sector rows at 1, 2, 4 and 8 lines; l2_line_cycles: the 1-sector rows
# at 2, 4, 8 and 32 lines less the 1-line row (16: between 8 and 32).
l2=tests/data/h200/mech/l2path/runs_lanes.csv
l2n=tests/data/h200/mech/l2lines/runs.csv
step() { awk -F, -v v="$2" '$3 == v { printf "%.2f", ($10 - 187) / 2048 }' "$1"; }
check l2_latency "$(awk -v a="$(step $l2 l1s1_l2)" -v b="$(step $l2n l1s1_g132)" 'BEGIN { printf "%.1f", (a + b) / 2 }')" "$(arch l2_latency)" 1
check l2_sector_cycles "$(awk -v a="$(step $l2 l16s1_l2)" -v b="$(step $l2 l1s1_l2)" -v c="$(step $l2 l16s2_l2)" -v d="$(step $l2 l2s16_l2)" \
	-v e="$(step $l2n l32s2_n512)" -v f="$(step $l2n l4s16_n512)" -v g="$(step $l2n l32s4_n1024)" -v h="$(step $l2n l8s16_n1024)" \
	'BEGIN { printf "%.2f", (a - b + c - d + e - f + g - h) / 12 }')" "$(arch l2_sector_cycles)" 0.05
lc=$(sed -n 's/.*"l2_line_cycles": *\[\([^]]*\)\].*/\1/p' arch/sm_90.json | tr -d ' ')
want=$(awk -v o="$(step $l2 l1s1_l2)" -v a="$(step $l2 l2s16_l2)" -v b="$(step $l2n l4s16_n512)" -v c="$(step $l2n l8s16_n1024)" -v d="$(step $l2n l32s16_n4096)" \
	'BEGIN { e = d - o; c8 = c - o; printf "0,%.1f,%.1f,%.1f,%.1f,%.1f", a - o, b - o, c8, c8 + (e - c8) * 8 / 24, e }')
if [ "$lc" = "$want" ]; then ok "arch/sm_90.json l2_line_cycles = [$lc] (from the calibration data: [$want])"; else bad "arch/sm_90.json l2_line_cycles = [$lc], but the calibration data give [$want]"; fi
# A random walk's DRAM loads do not return through the warp's miss path either:
# one warp's 2 and 4 chase loads issued together cost the slowest of 2 and 4
# draws from the latency spread and nothing more (tests/data/h200/mech/latd)
check "dram_latency + 1" "$(get lat_dram_chase)" "$(awk -v l="$(arch dram_latency)" 'BEGIN { print l + 1 }')" 1
q=$(awk -F, 'NR > 1 && $1 == 0 { l0[$2] = $3 } NR > 1 && $1 > 0 { u = $4 / 17.71; if (u < 0.95) { x = u / (1 - u); y = $3 - l0[$2]; sxy += x * y; sxx += x * x } } END { printf "%.1f", sxy / sxx }' tests/data/h200/loaded.csv)
check dram_queue_cycles "$q" "$(arch dram_queue_cycles)" 0.05
# The shared DRAM queue (the default since round 14; its settings also in
# tests/data/h200/mech/loaddist/shared_queue.set, an --arch-set list) uses
# the loaded-latency curve as measured instead of q u / (1 - u): the
# chase's latency above its unloaded value (its own K's S = 0 row) at each
# row's utilisation u = bytes a cycle / 17.71, every row below u = 0.95 and
# (0, 0), read at u = 0, 0.05, ..., 0.95 by straight lines between the rows
# (past the last, the last two rows' line), not below 0 and not below the
# value before.
curve=$(awk -F, '
NR > 1 && $1 == 0 { l0[$2] = $3 }
NR > 1 && $1 > 0 { n++; u[n] = $4 / 17.71; d[n] = $3; k[n] = $2 }
END {
	m = 1; U[1] = 0; D[1] = 0
	for (i = 1; i <= n; i++) if (u[i] < 0.95) { m++; U[m] = u[i]; D[m] = d[i] - l0[k[i]] }
	for (i = 2; i <= m; i++) for (j = i; j > 1 && U[j - 1] > U[j]; j--) {
		t = U[j]; U[j] = U[j - 1]; U[j - 1] = t; t = D[j]; D[j] = D[j - 1]; D[j - 1] = t }
	prev = 0
	for (g = 0; g < 20; g++) {
		x = g * 0.05
		for (i = 2; i < m && U[i] < x; i++);
		y = D[i - 1] + (x - U[i - 1]) * (D[i] - D[i - 1]) / (U[i] - U[i - 1])
		if (y < prev) y = prev
		prev = y
		printf "%s%.1f", g ? ":" : "", y
	}
}' tests/data/h200/loaded.csv)
for where in shared_queue.set arch/sm_90.json; do
	if [ "$where" = shared_queue.set ]; then
		got=$(sed -n 's/.*dram_queue_curve=\([0-9.:]*\).*/\1/p' tests/data/h200/mech/loaddist/shared_queue.set)
	else
		got=$(sed -n 's/.*"dram_queue_curve": \[\([0-9., ]*\)\].*/\1/p' arch/sm_90.json | tr -d ' ' | tr , :)
	fi
	if [ -n "$got" ] && awk -v a="$curve" -v b="$got" 'BEGIN { n = split(a, x, ":"); if (split(b, y, ":") != n) exit 1
		for (i = 1; i <= n; i++) { d = x[i] - y[i]; if (d < -0.05 || d > 0.05) exit 1 } }'; then
		ok "$where dram_queue_curve = $got (from the calibration data)"
	else
		bad "$where dram_queue_curve = ${got:-?}, but the calibration data give $curve"
	fi
done
check loop_cycles "$(awk -F, '$1 == 1 { print $4 }' tests/data/h200/loop.csv)" "$(arch loop_cycles)" 0.5

NVCC=$(command -v nvcc || { [ -x /usr/local/cuda/bin/nvcc ] && echo /usr/local/cuda/bin/nvcc; })
if [ -n "$NVCC" ]; then
	tmp=$(mktemp -d)
	if "$NVCC" -O3 -arch=sm_90 -o "$tmp/ubench" workloads/cuda/ubench.cu 2>"$tmp/err"; then
		ok "the companion microbenchmark builds with $NVCC"
	else
		cat "$tmp/err"
		bad "workloads/cuda/ubench.cu does not build with $NVCC"
	fi
	# the import harness (workloads/cuda/import: every group's kernels, run on the device by
	# run_import.sh), its sources as that script lists them: compiled and linked, not run
	srcs=$(sed -n 's/^SRCS="\(.*\)"$/\1/p' workloads/cuda/import/run_import.sh)
	okb=1
	for f in $srcs; do
		"$NVCC" -O3 -arch=sm_90 -lineinfo -c "workloads/cuda/import/$f.cu" -o "$tmp/imp_$f.o" 2>"$tmp/err_$f" &
	done
	wait
	for f in $srcs; do
		[ -s "$tmp/imp_$f.o" ] || { cat "$tmp/err_$f"; okb=0; }
	done
	if [ "$okb" = 1 ] && "$NVCC" -arch=sm_90 -o "$tmp/imp" $(for f in $srcs; do echo "$tmp/imp_$f.o"; done) -lcuda 2>"$tmp/err"; then
		ok "the import harness (workloads/cuda/import: $(echo $srcs | wc -w) sources) builds with $NVCC"
	else
		cat "$tmp/err"
		bad "workloads/cuda/import does not build with $NVCC"
	fi
	for prog in isa/examples/*.prog; do
		name=$(basename "$prog" .prog)
		if "$SMSIM" emit-cuda "$prog" --out "$tmp/$name.cu" && "$NVCC" -O3 -arch=sm_90 -o "$tmp/$name" "$tmp/$name.cu" 2>"$tmp/err"; then
			ok "smsim emit-cuda $prog builds with nvcc"
		else
			cat "$tmp/err"
			bad "smsim emit-cuda $prog does not build"
		fi
	done
	rm -rf "$tmp"
else
	echo "skip the companion microbenchmark: nvcc not found (the simulator does not need it)"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
