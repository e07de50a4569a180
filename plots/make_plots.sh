#!/bin/sh
# plots/make_plots.sh: the course figures. Runs smsim to write CSV into
# plots/out/data/, then renders each plots/NAME.gp into plots/out/NAME.png
# (pngcairo, 1600x1000) and plots/out/NAME.svg, and copies the data each
# figure draws to plots/out/NAME.csv (committed). Run from the repository root
# (make plots does). See plots/README.md for what each figure shows.
#
# Environment:
#   SMSIM         the simulator (default ./bin/smsim)
#   GNUPLOT       gnuplot (default gnuplot)
#   PLOTS_OUT     output folder (default plots/out)
#   PLOTS_MEASURED  the measured CSV for smsim validate
#                 (default tests/data/h200/sweep.csv)
#   PLOTS_FRESH=1 rerun smsim validate even when plots/out/data/validate.csv
#                 is newer than smsim, the measured data and the arch file
#   PLOTS_TIMELINE_WARPS  the two resident-warp counts of the timeline (default "4 16")
#   PLOTS_TIMELINE_SET    its fma parameters (default iters=64)
#   VALIDATE_CSV  a ready validation CSV to plot instead of running
#                 smsim validate (columns family,ilp,warps_per_sm,
#                 measured_cycles,simulated_cycles,error_pct)
set -eu

SMSIM=${SMSIM:-./bin/smsim}
GNUPLOT=${GNUPLOT:-gnuplot}
OUT=${PLOTS_OUT:-plots/out}
DATA=$OUT/data
ARCH=sm_90
ARCH_FILE=arch/$ARCH.json
MEASURED=${PLOTS_MEASURED:-tests/data/h200/sweep.csv}

die() {
	echo "make_plots: $*" >&2
	exit 1
}

[ -f plots/common.gp ] || die "run me from the repository root (plots/common.gp not found)"
[ -x "$SMSIM" ] || die "$SMSIM not found or not executable (run make first, or set SMSIM)"
command -v "$GNUPLOT" >/dev/null 2>&1 || die "gnuplot not found: install the Debian package gnuplot-nox"
[ -f "$ARCH_FILE" ] || die "$ARCH_FILE not found"
mkdir -p "$DATA"

figs=""     # figures rendered, in order
skipped=""  # figures skipped, with why

# render NAME [GNUPLOT ASSIGNMENTS]: plots/NAME.gp into $OUT/NAME.png and .svg
render() {
	name=$1
	shift
	for fmt in png svg; do
		rm -f "$OUT/$name.$fmt"
		"$GNUPLOT" -e "fmt='$fmt'; out='$OUT/$name'; data='$DATA'; ${*:-}" "plots/$name.gp" ||
			die "gnuplot failed on plots/$name.gp ($fmt)"
	done
	figs="$figs $name"
	echo "  $name: $OUT/$name.png $OUT/$name.svg"
}

# sim ARGS: run smsim, stopping with a message naming the command if it fails
sim() {
	"$SMSIM" "$@" || die "$SMSIM $* failed (exit $?)"
}

# csv_select COLUMNS [NAME=VALUE] < CSV: the named columns (comma-separated
# header names) of the rows whose column NAME equals VALUE, with a header line.
csv_select() {
	awk -F, -v cols="$1" -v where="${2:-}" '
	NR == 1 {
		for (i = 1; i <= NF; i++) idx[$i] = i
		n = split(cols, want, ",")
		for (k = 1; k <= n; k++)
			if (!(want[k] in idx)) { print "make_plots: no column " want[k] > "/dev/stderr"; bad = 1; exit 1 }
		if (where != "") {
			split(where, w, "=")
			if (!(w[1] in idx)) { print "make_plots: no column " w[1] > "/dev/stderr"; bad = 1; exit 1 }
			wcol = idx[w[1]]; wval = w[2]
		}
		print cols
		next
	}
	where == "" || $wcol == wval {
		line = ""
		for (k = 1; k <= n; k++) line = line (k > 1 ? "," : "") $(idx[want[k]])
		print line
	}
	END { exit bad }'
}

# column_values NAME < CSV: the distinct values of column NAME, in order of appearance
column_values() {
	awk -F, -v col="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == col) c = i; next }
		c && !seen[$c]++ { printf "%s%s", (n++ ? " " : ""), $c } END { print "" }'
}

# json_num FIELD FILE: the first numeric value of "FIELD": in pretty-printed JSON
json_num() {
	sed -n "s/^[[:space:]]*\"$1\":[[:space:]]*\([-+0-9.eE]*\),\{0,1\}[[:space:]]*\$/\1/p" "$2" | head -n 1
}

echo "make_plots: data into $DATA, figures into $OUT"

# ---- 1. occupancy: the calculator's three curves ------------------------------
for t in 128 256 1024; do
	sim occupancy --arch "$ARCH" --threads "$t" --regs 32 --graph >"$DATA/occupancy_t$t.csv"
	csv_select x,occupancy,blocks_per_sm,cliff,current curve=registers <"$DATA/occupancy_t$t.csv" |
		awk -F, -v OFS=, 'NR > 1 { $2 = $2 * 100 } 1' >"$DATA/occ_registers_t$t.csv"
done
csv_select x,occupancy,blocks_per_sm,cliff,current curve=block_size <"$DATA/occupancy_t256.csv" |
	awk -F, -v OFS=, 'NR > 1 { $2 = $2 * 100 } 1' >"$DATA/occ_block_size_t256.csv"
csv_select x,occupancy,blocks_per_sm,cliff,current curve=shared_memory <"$DATA/occupancy_t256.csv" |
	awk -F, -v OFS=, 'NR > 1 { $1 = $1 / 1024; $2 = $2 * 100 } 1' >"$DATA/occ_shared_memory_t256.csv"
# the 64 -> 65 registers cliff at 256 threads: occupancy and blocks on either side
cliff=$(awk -F, 'NR > 1 && ($1 == 64 || $1 == 65) { printf "%s%s %s", (n++ ? " " : ""), $2, $3 }' \
	"$DATA/occ_registers_t256.csv")
# shellcheck disable=SC2086 # split into its four numbers
set -- $cliff
[ $# -eq 4 ] || die "occupancy --graph: no rows for 64 and 65 registers at 256 threads"
# the figure's data: the three --graph outputs, with the block size as a first column
awk -F, -v OFS=, 'FNR == 1 { t = FILENAME; sub(/.*occupancy_t/, "", t); sub(/[.]csv$/, "", t) }
	FNR == 1 && NR > 1 { next } { print (FNR == 1 ? "threads_per_block" : t), $0 }' \
	"$DATA/occupancy_t128.csv" "$DATA/occupancy_t256.csv" "$DATA/occupancy_t1024.csv" >"$OUT/occupancy.csv"
render occupancy "occ64=$1; blk64=$2; occ65=$3; blk65=$4"

# ---- 2./3. ILP x warps sweeps: fma and dram_chase -----------------------------
# sweep_data WORKLOAD: $DATA/WORKLOAD_sweep.csv and one WORKLOAD_ilpN.csv per ILP
sweep_data() {
	wl=$1
	sim sweep --arch "$ARCH" --workload "$wl" --ilp 1,2,4,8 --warps 1-64 --csv >"$DATA/${wl}_sweep.csv"
	ilps=$(column_values ilp <"$DATA/${wl}_sweep.csv")
	[ -n "$ilps" ] || die "sweep --workload $wl: no rows"
	for i in $ilps; do
		csv_select warps_per_sm,ipc,cycles,warp_instructions,dram_bytes,knee,littles_warps ilp="$i" \
			<"$DATA/${wl}_sweep.csv" >"$DATA/${wl}_ilp$i.csv"
	done
	# per ILP (in the order of $ilps): Little's-law warps
	littles=$(for i in $ilps; do awk -F, 'NR == 2 { print $7 }' "$DATA/${wl}_ilp$i.csv"; done | tr '\n' ' ')
	# the fixed amount of work: the sweep's largest warp-instruction count and DRAM byte count
	maxinst=$(csv_select warp_instructions <"$DATA/${wl}_sweep.csv" | awk 'NR > 1 && $1 > m { m = $1 } END { printf "%d", m }')
	maxbytes=$(csv_select dram_bytes <"$DATA/${wl}_sweep.csv" | awk 'NR > 1 && $1 > m { m = $1 } END { printf "%d", m }')
}
sweep_data fma
issue=$(sed -n 's/^[[:space:]]*"subPartitions":[[:space:]]*\([0-9]*\).*/\1/p' "$ARCH_FILE" | head -n 1)
issue=${issue:-4}
# the fma pipe's latency: the "latency" inside the arch file's "fma": { ... } object
lat=$(awk '/"fma"[[:space:]]*:[[:space:]]*[{]/ { f = 1 } f && /"latency"/ { gsub(/[^0-9]/, ""); print; exit }' "$ARCH_FILE")
lat=${lat:-4}
cp "$DATA/fma_sweep.csv" "$OUT/fma_sweep.csv"
render fma_sweep "ilps='$ilps'; littles='$littles'; work=$maxinst; issue=$issue; lat=$lat"

bw=$(sed -n 's/^[[:space:]]*"dram_bytes_per_cycle":[[:space:]]*\([0-9.]*\).*/\1/p' "$ARCH_FILE" | head -n 1)
[ -n "$bw" ] || die "$ARCH_FILE: no dram_bytes_per_cycle"
sweep_data dram_chase
cp "$DATA/dram_chase_sweep.csv" "$OUT/dram_sweep.csv"
render dram_sweep "ilps='$ilps'; littles='$littles'; work=$maxbytes; bw=$bw; arch='$ARCH'"

# ---- 4. stalls: warp-state breakdown against resident warps -------------------
stallcols=stall_long_scoreboard,stall_short_scoreboard,stall_wait,stall_math_pipe_throttle,stall_lg_throttle
stallcols=$stallcols,stall_mio_throttle,stall_not_selected,stall_barrier,stall_no_instruction,stall_selected
csv_select "warps_per_sm,$stallcols" ilp=1 <"$DATA/fma_sweep.csv" >"$DATA/stalls_fma_ilp1.csv"
csv_select "warps_per_sm,$stallcols" ilp=1 <"$DATA/dram_chase_sweep.csv" >"$DATA/stalls_dram_chase_ilp1.csv"
awk -F, -v OFS=, 'FNR == 1 { wl = FILENAME; sub(/.*stalls_/, "", wl); sub(/_ilp1[.]csv$/, "", wl) }
	FNR == 1 && NR > 1 { next } { print (FNR == 1 ? "workload" : wl), $0 }' \
	"$DATA/stalls_fma_ilp1.csv" "$DATA/stalls_dram_chase_ilp1.csv" >"$OUT/stalls.csv"
render stalls "lat=$lat"

# ---- 5. timeline: who issues when, at low and high occupancy ------------------
# timeline_data TAG W: run fma at W warps; write scheduler 0's rows as boxes
# (x centre, y row, x half-width, y half-height, linetype) and its y tics.
SCHED=0
CYCLES=200
TIMELINE_WARPS=${PLOTS_TIMELINE_WARPS:-4 16}
TIMELINE_SET=${PLOTS_TIMELINE_SET:-iters=64}
timeline_data() {
	tag=$1
	w=$2
	sim run --arch "$ARCH" --workload fma --set "$TIMELINE_SET" --warps "$w" --json \
		--timeline "$DATA/timeline_$tag.csv" >"$DATA/timeline_$tag.json"
	awk -F, -v OFS=, -v sched="$SCHED" -v limit="$CYCLES" -v states="long_scoreboard short_scoreboard wait math_pipe_throttle lg_throttle mio_throttle not_selected barrier no_instruction selected" \
		-v tics="$DATA/timeline_${tag}_tics.gp" '
	BEGIN { ns = split(states, st, " "); for (i = 1; i <= ns; i++) sidx[st[i]] = i }
	NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$(c["scheduler"]) == sched && $(c["begin"]) < limit {
		n++; wp[n] = $(c["warp"]); b[n] = $(c["begin"]); e[n] = $(c["end"]); s[n] = $(c["state"])
		if (!(s[n] in sidx)) { print "make_plots: unknown warp state " s[n] > "/dev/stderr"; exit 1 }
		if (!(wp[n] in row)) { row[wp[n]] = 0; nw++; wl[nw] = wp[n] }
		present[s[n]] = 1
	}
	END {
		# rows: the issue slot on top (row 0), then the warps in id order
		for (i = 2; i <= nw; i++) for (j = i; j > 1 && wl[j-1] + 0 > wl[j] + 0; j--) { t = wl[j]; wl[j] = wl[j-1]; wl[j-1] = t }
		printf "set ytics (\"issue slot\" 0" > tics
		for (i = 1; i <= nw; i++) { row[wl[i]] = i + 0.3; printf ", \"warp %d\" %g", wl[i], i + 0.3 > tics }
		print ")" > tics
		printf "set yrange [%g:%g]\n", nw + 0.95, -0.6 > tics
		printf "nwarps = %d\n", nw > tics
		printf "present = \"" > tics
		for (i = 1; i <= ns; i++) if (st[i] in present) printf "%d ", i > tics
		print "\"" > tics
		print "xc,row,xhalf,yhalf,lt"
		for (k = 1; k <= n; k++) {
			lt = 20 + sidx[s[k]]
			sel = s[k] == "selected"
			print (b[k] + e[k]) / 2, row[wp[k]], (e[k] - b[k]) / 2, (sel ? 0.42 : 0.26), lt
			if (sel) { ni++; ib[ni] = b[k]; ie[ni] = e[k] }
		}
		# the issue-slot row: the selected intervals, sorted and merged where they touch
		for (i = 2; i <= ni; i++)
			for (j = i; j > 1 && ib[j-1] > ib[j]; j--) { t = ib[j]; ib[j] = ib[j-1]; ib[j-1] = t; t = ie[j]; ie[j] = ie[j-1]; ie[j-1] = t }
		for (i = 1; i <= ni; i = j) {
			for (j = i + 1; j <= ni && ib[j] == ie[j-1]; j++) ;
			print (ib[i] + ie[j-1]) / 2, 0, (ie[j-1] - ib[i]) / 2, 0.42, 20 + sidx["selected"]
		}
	}' "$DATA/timeline_$tag.csv" >"$DATA/timeline_${tag}_boxes.csv"
}
# shellcheck disable=SC2086 # split into its two numbers
set -- $TIMELINE_WARPS
[ $# -eq 2 ] || die "PLOTS_TIMELINE_WARPS: expected two warp counts, got \"$TIMELINE_WARPS\""
timeline_data lo "$1"
timeline_data hi "$2"
tl_stats="wlo=$1; whi=$2; nsched=$issue; lat=$lat;"
for tag in lo hi; do
	for f in ipc issue_slot_utilization cycles; do
		v=$(json_num "$f" "$DATA/timeline_$tag.json")
		[ -n "$v" ] || die "smsim run --timeline: no \"$f\" in its JSON"
		tl_stats="$tl_stats ${f%%_*}$tag=$v;"
	done
done
tl_set=$(sed -n 's/^[[:space:]]*"set":[[:space:]]*"\([^"]*\)".*/\1/p' "$DATA/timeline_lo.json" | head -n 1)
tl_ilp=$(printf '%s\n' "$tl_set" | tr ';' '\n' | sed -n 's/^ilp=\([0-9]*\)$/\1/p')
# the figure's data: scheduler 0's intervals that begin in the cycles drawn, both runs
awk -F, -v OFS=, -v sched="$SCHED" -v limit="$CYCLES" -v wlo="$1" -v whi="$2" '
	FNR == 1 { w = FILENAME ~ /timeline_lo/ ? wlo : whi; if (NR == 1) print "resident_warps", $0; next }
	$2 == sched && $4 < limit { print w, $0 }' "$DATA/timeline_lo.csv" "$DATA/timeline_hi.csv" >"$OUT/timeline.csv"
render timeline "sched=$SCHED; cycles=$CYCLES; $tl_stats ilp=${tl_ilp:-1}"

# ---- 6. validation: smsim against the H200 (when smsim validate can run) ------
# smsim validate exits 1 when a family is beyond its limits, after writing the
# whole CSV: that is worth a figure too, so a complete CSV is plotted either way.
VAL_HEADER=family,ilp,warps_per_sm,measured_cycles,simulated_cycles,error_pct
have_validate=0
why=""
if [ -n "${VALIDATE_CSV:-}" ]; then
	if [ -s "$VALIDATE_CSV" ]; then
		[ "$VALIDATE_CSV" = "$DATA/validate.csv" ] || cp "$VALIDATE_CSV" "$DATA/validate.csv"
		echo "VALIDATE_CSV=$VALIDATE_CSV" >"$DATA/validate.source"
		have_validate=1
	else
		why="VALIDATE_CSV=$VALIDATE_CSV is missing or empty"
	fi
elif [ ! -f "$MEASURED" ]; then
	why="$MEASURED does not exist"
elif [ "${PLOTS_FRESH:-}" != 1 ] && [ -s "$DATA/validate.csv" ] &&
	[ "$(cat "$DATA/validate.source" 2>/dev/null)" = "smsim validate $MEASURED" ] &&
	[ "$(head -n 1 "$DATA/validate.csv" | cut -d, -f1-6)" = "$VAL_HEADER" ] &&
	[ -z "$(find "$SMSIM" "$MEASURED" "$ARCH_FILE" -newer "$DATA/validate.csv" 2>/dev/null)" ]; then
	# smsim validate is the slow step (seconds): reuse its CSV while it is
	# newer than the simulator, the measured data and the arch file
	echo "  validation: reusing $DATA/validate.csv (newer than $SMSIM, $MEASURED, $ARCH_FILE; PLOTS_FRESH=1 redoes it)"
	have_validate=1
else
	vrc=0
	"$SMSIM" validate --arch "$ARCH" --measured "$MEASURED" --csv >"$DATA/validate.csv.tmp" 2>"$DATA/validate.err" || vrc=$?
	rows=$(awk 'END { print NR - 1 }' "$DATA/validate.csv.tmp")
	if [ "$vrc" -le 1 ] && [ "$(head -n 1 "$DATA/validate.csv.tmp" | cut -d, -f1-6)" = "$VAL_HEADER" ] &&
		[ "$rows" -gt 0 ]; then
		mv "$DATA/validate.csv.tmp" "$DATA/validate.csv"
		echo "smsim validate $MEASURED" >"$DATA/validate.source"
		have_validate=1
		[ "$vrc" -eq 0 ] || echo "  validation: smsim validate exit $vrc ($(head -n 1 "$DATA/validate.err")): plotted anyway"
	else
		why="smsim validate failed (exit $vrc): $(head -n 1 "$DATA/validate.err")"
	fi
fi
rm -f "$DATA/validate.csv.tmp" "$DATA/validate.err"
if [ "$have_validate" = 1 ]; then
	fams=$(column_values family <"$DATA/validate.csv")
	[ -n "$fams" ] || die "$DATA/validate.csv: no rows"
	cp "$DATA/validate.csv" "$OUT/validation.csv"
	render validation "families='$fams'"
else
	rm -f "$DATA/validate.csv" "$DATA/validate.source" "$OUT/validation.png" "$OUT/validation.svg"
	echo "  validation: skipped ($why)"
	skipped="$skipped validation"
fi

# ---- 7. tile: occupancy against time on a real kernel, H200 beside smsim ----
# The row normalisation (workloads/cuda/import/rownorm.cu) in its 8 variants:
# tile sizes at the compiler's occupancy, and t16 forced to higher occupancy
# with __launch_bounds__ (which spills). Measured cycles from
# tests/data/h200/import/runs.csv, simulated ones from smsim on the same SASS,
# both as tests/rownorm_validate.sh computes them (its CSV=FILE). It exits 1
# when its accuracy rule breaks, after writing the CSV: drawn either way.
rrc=0
CSV="$DATA/rownorm_all.csv" SMSIM="$SMSIM" sh tests/rownorm_validate.sh >"$DATA/rownorm_validate.log" 2>&1 || rrc=$?
[ "$rrc" -le 1 ] && [ -s "$DATA/rownorm_all.csv" ] ||
	die "tests/rownorm_validate.sh failed (exit $rrc): $(tail -n 1 "$DATA/rownorm_validate.log")"
# in the order drawn: the compiler's choices by tile, then t16 forced upwards
head -n 1 "$DATA/rownorm_all.csv" >"$DATA/rownorm.csv"
for v in naive t1 t4 softmax_t4 t16 t16_lb14 t16_lb16 t16_lb32; do
	awk -F, -v v="$v" '$1 == v' "$DATA/rownorm_all.csv" >>"$DATA/rownorm.csv"
done
[ "$(awk 'END { print NR }' "$DATA/rownorm.csv")" -eq 9 ] || die "tile: expected 8 rownorm variants in $DATA/rownorm_all.csv"
rn() { awk -F, -v v="$1" '$1 == v { print $8 }' "$DATA/rownorm.csv"; }
# the DRAM bytes one SM moves: its 64 rows (blocks) of 4,096 floats, read once and written once
cp "$DATA/rownorm.csv" "$OUT/tile.csv"
render tile "bw=$bw; bytes=$((64 * 4096 * 4 * 2)); base=$(rn t16); lb16=$(rn t16_lb16); lb32=$(rn t16_lb32)"

# ---- 8. scoreboards: the compiler's couplings, out of sample (tests/data/h200/sbcheck) ----
SB=tests/data/h200/sbcheck
if [ -f "$SB/runs.csv" ]; then
	echo "program,warps_per_sm,measured,as_written,with_waits" >"$DATA/scoreboards.csv"
	awk -F, '/^#/ || $1 == "program" || $1 ~ /_sb$/ { next } { print $1, $2, $5 }' "$SB/runs.csv" |
		while read -r prog w meas; do
			a=$(sim run --arch "$ARCH" --program "$SB/$prog.prog" --warps "$w" --csv | tail -n 1 | cut -d, -f7)
			b=$(sim run --arch "$ARCH" --program "$SB/${prog}_sb.prog" --warps "$w" --csv | tail -n 1 | cut -d, -f7)
			echo "$prog,$w,$meas,$a,$b"
		done >>"$DATA/scoreboards.csv"
	cp "$DATA/scoreboards.csv" "$OUT/scoreboards.csv"
	render scoreboards
else
	echo "  scoreboards: skipped ($SB/runs.csv not found)"
	skipped="$skipped scoreboards"
fi

# ---- 9. banks: a register-bank conflict, smsim beside the H200 ---------------
# The same FP32 chain with operands=sep (conflict-free, the default) and
# operands=banked, at ILP 1 and 4, 8192 FFMA per thread as the H200's fma_u
# kernels (tests/data/h200/import/runs.csv, variants sep and banked). The data
# the figure draws is committed beside it: $OUT/banks.csv.
RUNS=tests/data/h200/import/runs.csv
echo "source,operands,ilp,warps_per_sm,cycles,ffma_per_cycle" >"$DATA/banks.csv"
for ops in sep banked; do
	for i in 1 4; do
		sim sweep --arch "$ARCH" --workload fma --ilp "$i" --warps 1-64 --set "operands=$ops,iters=$((8192 / i))" \
			--csv >"$DATA/banks_sweep.csv"
		csv_select warps_per_sm,cycles <"$DATA/banks_sweep.csv" |
			awk -F, -v OFS=, -v ops="$ops" -v i="$i" 'NR > 1 { print "smsim", ops, i, $1, $2, sprintf("%.4f", $1 * 8192 / $2) }' \
				>>"$DATA/banks.csv"
	done
done
[ -f "$RUNS" ] || die "$RUNS not found (the H200's fma_u points)"
awk -F, -v OFS=, '$1 == "fma_u" && ($3 == "sep" || $3 == "banked") && ($4 == 1 || $4 == 4) {
	print "h200", $3, $4, $5, $10, sprintf("%.4f", $5 * 8192 / $10) }' "$RUNS" >>"$DATA/banks.csv"
# one file per curve for gnuplot
for src in smsim h200; do
	for ops in sep banked; do
		for i in 1 4; do
			awk -F, -v s="$src" -v o="$ops" -v i="$i" 'NR == 1 || ($1 == s && $2 == o && $3 == i)' \
				"$DATA/banks.csv" >"$DATA/banks_${src}_${ops}_ilp$i.csv"
			[ "$(awk 'END { print NR }' "$DATA/banks_${src}_${ops}_ilp$i.csv")" -gt 1 ] ||
				die "banks: no $src rows for operands=$ops ILP $i"
		done
	done
done
cp "$DATA/banks.csv" "$OUT/banks.csv"
render banks

# ---- 10. diverge: cycles per iteration against the fraction on the long path --
# p in steps of 1/32 (one lane), at 4 resident warps (one per scheduler), ILP 1, long=64,
# short=8. Data committed beside the figure: $OUT/diverge.csv.
echo "warps_per_sm,p,lanes_long,cycles,iters,cycles_per_iter" >"$DATA/diverge.csv"
for w in 4; do
	sim sweep --arch "$ARCH" --workload diverge --ilp 1 --warps "$w" --vary p=0:1:0.03125 --csv >"$DATA/diverge_w$w.sweep.csv"
	csv_select warps_per_sm,vary_value,cycles,iters <"$DATA/diverge_w$w.sweep.csv" |
		awk -F, -v OFS=, 'NR > 1 { print $1, $2, $2 * 32, $3, $4, sprintf("%.2f", $3 / $4) }' >>"$DATA/diverge.csv"
	awk -F, -v w="$w" 'NR == 1 || $1 == w' "$DATA/diverge.csv" >"$DATA/diverge_w$w.csv"
	[ "$(awk 'END { print NR }' "$DATA/diverge_w$w.csv")" -gt 30 ] || die "diverge: too few rows at $w warps"
done
cp "$DATA/diverge.csv" "$OUT/diverge.csv"
render diverge "lat=$lat"

# manifest_cycles MANIFEST FAMILY SED [ARGS...]: the cycles smsim gives a mechanism manifest's row
# at one warp: the family's kernel imported from tests/data/h200/mech/sass.txt with its options,
# their placeholders filled by the sed script SED, and ARGS added to the run
manifest_cycles() {
	mf=$1 fam=$2 fill=$3
	shift 3
	opts=$(awk -F, -v f="$fam" '$1 == f' "$mf" | sed -n 's/^[^"]*"\([^"]*\)".*/\1/p')
	kern=$(awk -F, -v f="$fam" '$1 == f { print $7 }' "$mf")
	[ -n "$opts" ] && [ -n "$kern" ] || die "$fam not in $mf"
	opts=$(echo "$opts" | sed "$fill")
	# shellcheck disable=SC2086 # the manifest's options are words
	sim run --arch "$ARCH" --sass tests/data/h200/mech/sass.txt --kernel "$kern" $opts --warps 1 "$@" --csv | tail -n 1 | cut -d, -f7
}

# slowest_of_k: from a latency histogram on stdin (lines "cycles count", ascending), how much
# later than the mean the slowest of K independent draws comes, for K = 1, 2, 4 ("K cycles"):
# E[max of K] = sum of x (F(x)^K - F(x-)^K) over the bins
slowest_of_k() {
	awk '{ x[++n] = $1; c[n] = $2; t += $2 }
		END {
			for (i = 1; i <= n; i++) mean += x[i] * c[i] / t
			for (K = 1; K <= 4; K *= 2) {
				e = 0; F = 0
				for (i = 1; i <= n; i++) { G = F + c[i] / t; e += x[i] * (G ^ K - F ^ K); F = G }
				printf "%d %.1f\n", K, e - mean
			}
		}'
}

# ---- 11. latency: one load's latency is a distribution (tests/data/h200/mech/latd) ----
# Left: the H200's per-load L2 and DRAM latency (lat_step, one warp per SM, every step
# stamped), as the fraction of loads per 10 cycles. Right: a step whose K loads were issued
# together costs the slowest of K: cycles a step beyond K = 1 on the H200 (lat_multi),
# for K independent draws from the left histogram, and smsim running lat_multi's own SASS
# (its manifest's options). Data committed beside the figure: $OUT/latency.csv.
LD=tests/data/h200/mech/latd
echo "kind,level,x,y,source" >"$DATA/latency.csv"
# the histograms, 10-cycle bins, fractions
awk -F, '!/^#/ && NR > 1 && $3 == 1 && ($1 == "l2" || $1 == "dram") { b = int($4 / 10) * 10; n[$1 "," b] += $5; t[$1] += $5 }
	END { for (k in n) { split(k, a, ","); printf "hist,%s,%d,%.6f,h200\n", a[1], a[2], n[k] / t[a[1]] } }' "$LD/latd.csv" |
	sort -t, -k2,2 -k3,3n >>"$DATA/latency.csv"
# the slowest of K: measured (multi histograms' means) and independent draws (lat_step's histogram)
for lv in l2 dram; do
	awk -F, -v lv="$lv" '!/^#/ && $3 == 1 && $1 == lv { print $4, $5 }' "$LD/latd.csv" | slowest_of_k |
		awk -v lv="$lv" '{ printf "maxk,%s,%d,%.1f,iid\n", lv, $1, $2 }' >>"$DATA/latency.csv"
	awk -F, -v lv="$lv" '!/^#/ && $3 == 1 && $1 ~ "^" lv "_multi_k" { k = substr($1, length(lv) + 9); s[k] += $4 * $5; m[k] += $5 }
		END { for (K = 1; K <= 4; K *= 2) printf "maxk,%s,%d,%.1f,h200\n", lv, K, s[K] / m[K] - s[1] / m[1] }' "$LD/latd.csv" >>"$DATA/latency.csv"
	for K in 1 2 4; do
		fp=$([ "$lv" = l2 ] && echo 8388608 || echo 1073741824)
		c=$(manifest_cycles "$LD/programs.csv" "mech_latd.multi_k$K.$lv" "s/{iters\/4}/256/; s/{footprint}/$fp/")
		echo "$lv $K $c"
	done | awk -v OFS=, '$2 == 1 { c1 = $3 } { printf "maxk,%s,%d,%.1f,smsim\n", $1, $2, ($3 - c1) / 1024 }' >>"$DATA/latency.csv"
done
for lv in l2 dram; do
	awk -F, -v lv="$lv" '$1 == "hist" && $2 == lv' "$DATA/latency.csv" >"$DATA/latency_hist_$lv.csv"
	for src in h200 iid smsim; do
		awk -F, -v lv="$lv" -v s="$src" '$1 == "maxk" && $2 == lv && $5 == s' "$DATA/latency.csv" >"$DATA/latency_maxk_${lv}_$src.csv"
		[ "$(awk 'END { print NR }' "$DATA/latency_maxk_${lv}_$src.csv")" -eq 3 ] || die "latency: expected K = 1, 2, 4 for $lv $src"
	done
done
cp "$DATA/latency.csv" "$OUT/latency.csv"
render latency

# ---- 12. streams: a stream's loads spread too (tests/data/h200/mech/strlat) ----
# Cycles a step beyond one load when one warp per SM (every SM) issues K stream loads nw
# chunks apart and waits for all (str_multi<V, K>, W = 1): the H200 (its runs' cycles), K
# independent draws from the H200's one-load histogram (str_step<V>), smsim as shipped
# (since round 14 the shared DRAM queue and the stream spread) and with the first-come DRAM
# server of rounds 1-13 (streams draw nothing), both running str_multi's own SASS with its
# manifest's options. Left 128-B loads, right 512-B. Data committed beside the figure: $OUT/streams.csv.
SL=tests/data/h200/mech/strlat
echo "kind,bytes,k,y,source" >"$DATA/streams.csv"
for b in 128 512; do
	awk -F, -v b="$b" '!/^#/ && $3 == 1 && $1 == "str_b" b { print $4, $5 }' "$SL/latd_str.csv" | slowest_of_k |
		awk -v b="$b" '{ printf "step,%s,%d,%.1f,iid\n", b, $1, $2 }' >>"$DATA/streams.csv"
	# the H200's whole-run cycles (runs.csv, 1024 steps), as smsim's below: the stamps leave out
	# the step's address arithmetic and the stamp's own stores
	awk -F, -v b="$b" '!/^#/ && $1 == "mech_strmulti" && $3 == "b" b "_k" $4 && $5 == 1 { c[$4] = $10 }
		END { for (K = 1; K <= 4; K *= 2) printf "step,%s,%d,%.1f,h200\n", b, K, (c[K] - c[1]) / 1024 }' "$SL/runs.csv" >>"$DATA/streams.csv"
	for src in smsim server; do
		for K in 1 2 4; do
			set --
			[ "$src" = server ] && set -- --arch-set dram_shared_queue=0,dram_queue_scale_cycles=0,dram_backlog_cycles=0,stream_group_bytes_per_cycle=0,dram_queue_curve=0
			c=$(manifest_cycles "$SL/programs.csv" "mech_strmulti.b${b}_k$K" "s/{iters\/4}/256/; s/{iters\/2}/512/" "$@")
			echo "$K $c"
		done | awk -v OFS=, -v b="$b" -v s="$src" '$1 == 1 { c1 = $2 } { printf "step,%s,%d,%.1f,%s\n", b, $1, ($2 - c1) / 1024, s }' >>"$DATA/streams.csv"
	done
	for src in h200 iid smsim server; do
		awk -F, -v b="$b" -v s="$src" '$2 == b && $5 == s' "$DATA/streams.csv" >"$DATA/streams_${b}_$src.csv"
		[ "$(awk 'END { print NR }' "$DATA/streams_${b}_$src.csv")" -eq 3 ] || die "streams: expected K = 1, 2, 4 for $b B $src"
	done
done
cp "$DATA/streams.csv" "$OUT/streams.csv"
render streams

# ---- check: every figure exists in both formats and is non-empty --------------
echo "make_plots: figures:"
missing=0
for name in $figs; do
	for fmt in png svg; do
		f="$OUT/$name.$fmt"
		if [ -s "$f" ]; then
			echo "  ok  $f ($(wc -c <"$f" | tr -d ' ') bytes)"
		else
			echo "  MISSING or empty: $f"
			missing=$((missing + 1))
		fi
	done
done
[ -z "$skipped" ] || echo "make_plots: skipped:$skipped"
[ "$missing" -eq 0 ] || die "$missing figure file(s) missing"
echo "make_plots: done"
