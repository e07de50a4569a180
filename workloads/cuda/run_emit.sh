#!/bin/bash
# run_emit.sh: run kernels written by `smsim emit-cuda` on a GPU and collect
# per-SM cycles, their SASS and a few Nsight Compute points.
#
# usage: run_emit.sh DIR WLIST [NCU_POINTS]
#   DIR        holds NAME.cu (and NAME, if already built with nvcc -O3 -arch=sm_90)
#   WLIST      resident warps per SM, a comma list (1..32, even 34..64)
#   NCU_POINTS space-separated NAME:W pairs profiled with ncu --clock-control none
# Writes into $OUT (default ./out):
#   emit_runs.csv  program,warps_per_sm,blocks_per_sm,threads_per_block,measured_cycles
#   emit_sass.txt  cuobjdump -sass of each kernel
#   emit_ncu.csv   ncu raw page, one row per point, with a leading "config" column
#   emit_log.txt   what ran, versions, failures
# Every stage is bounded by `timeout`; a failure is logged and the rest goes on.
set -u
DIR=$1
WLIST=$2
POINTS=${3:-}
OUT=${OUT:-./out}
REPS=${REPS:-5}
mkdir -p "$OUT"
LOG=$OUT/emit_log.txt
CSV=$OUT/emit_runs.csv
SASS=$OUT/emit_sass.txt
NCSV=$OUT/emit_ncu.csv
: >"$LOG"
: >"$SASS"
: >"$NCSV"
log() { echo "[$(date +%T)] $*" | tee -a "$LOG" >&2; }
CUDA_BIN=$(dirname "$(command -v nvcc 2>/dev/null || echo /usr/local/cuda/bin/nvcc)")
NCU=$(command -v ncu || ls "$CUDA_BIN"/ncu /usr/local/cuda/nsight-compute*/ncu 2>/dev/null | head -1)
CUOBJDUMP=$(command -v cuobjdump || echo "$CUDA_BIN/cuobjdump")
log "run_emit.sh: DIR=$DIR W=$WLIST reps=$REPS ncu=${NCU:-none}"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv >>"$LOG" 2>&1
echo "program,warps_per_sm,blocks_per_sm,threads_per_block,measured_cycles" >"$CSV"
for cu in "$DIR"/*.cu; do
	name=$(basename "$cu" .cu)
	bin=$DIR/$name
	if [ ! -x "$bin" ]; then
		timeout 120 nvcc -O3 -arch=sm_90 -o "$bin" "$cu" >>"$LOG" 2>&1 || { log "$name: nvcc failed"; continue; }
	fi
	echo "### $name" >>"$SASS"
	timeout 60 "$CUOBJDUMP" -sass "$bin" >>"$SASS" 2>>"$LOG" || log "$name: cuobjdump failed"
	if timeout 300 "$bin" "$WLIST" "$REPS" >"$OUT/run_$name.txt" 2>>"$LOG"; then
		awk -F, -v n="$name" 'NR > 1 { print n "," $0 }' "$OUT/run_$name.txt" >>"$CSV"
		log "$name: $(($(wc -l <"$OUT/run_$name.txt") - 1)) rows"
	else
		log "$name: run failed (exit $?)"
	fi
	rm -f "$OUT/run_$name.txt"
done
STALLS=""
for r in long_scoreboard short_scoreboard wait math_pipe_throttle lg_throttle mio_throttle not_selected \
	barrier no_instruction selected branch_resolving dispatch_stall drain misc sleeping imc_miss membar tex_throttle; do
	STALLS="$STALLS,smsp__average_warps_issue_stalled_${r}_per_issue_active.ratio"
done
BASE="sm__cycles_elapsed.avg,smsp__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,smsp__warps_eligible.avg.per_cycle_active"
METRICS="sm__cycles_elapsed.avg,smsp__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,smsp__warps_eligible.avg.per_cycle_active,sm__warps_active.avg.pct_of_peak_sustained_active$STALLS"
hdr_done=0
for pt in $POINTS; do
	[ -n "$NCU" ] || { log "ncu not found"; break; }
	name=${pt%%:*}
	w=${pt##*:}
	rep=$OUT/ncu_$name.ncu-rep
	ok=0
	for m in "$METRICS" "$BASE"; do
		if timeout 120 "$NCU" --clock-control none --metrics "$m" --kernel-name smsim_kernel \
			--launch-skip 1 --launch-count 1 --export "$rep" --force-overwrite "$DIR/$name" "$w" 1 >>"$LOG" 2>&1; then
			ok=1
			break
		fi
		log "ncu $pt failed with $(echo "$m" | tr ',' '\n' | wc -l) metrics"
	done
	[ $ok = 1 ] || continue
	timeout 60 "$NCU" --import "$rep" --csv --page raw >"$OUT/ncu.tmp" 2>>"$LOG" || { log "ncu import $pt failed"; continue; }
	if [ $hdr_done = 0 ]; then
		awk '/^"ID"/ { print "\"config\"," $0 } /^"",/ { print "\"\"," $0 }' "$OUT/ncu.tmp" >>"$NCSV"
		hdr_done=1
	fi
	awk -v l="$name:$w" '/^"[0-9]+"/ { print "\"" l "\"," $0 }' "$OUT/ncu.tmp" >>"$NCSV"
	rm -f "$rep" "$OUT/ncu.tmp"
	log "ncu $pt: done"
done
log "done"
