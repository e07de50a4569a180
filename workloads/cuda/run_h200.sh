#!/bin/bash
# run_h200.sh -- the one-shot H200 measurement run of the smsim companion microbenchmark.
#
# Usage (from the repository root, on the GPU machine): OUT=/some/dir bash workloads/cuda/run_h200.sh
#        only the DRAM loaded-latency stage:   UBENCH_ONLY=loaded OUT=/some/dir bash workloads/cuda/run_h200.sh
#
# Builds ubench, records the environment (read-only: nothing here changes clocks or any
# GPU setting), then runs, each under its own timeout so the whole script ends in ~9 min:
#   calib -> sweep -> occupancy -> loaded -> SASS dump -> ncu points.
# Writes at most these 8 files into $OUT:
#   log.txt env.txt calib.csv sweep.csv occupancy.csv loaded.csv sass.txt ncu.csv
# (the compiler output, -Xptxas -v plus a per-kernel summary, is appended to log.txt).
# UBENCH_ONLY=loaded: build, env, the loaded stage and the SASS loop summary of cal_loaded
# (in log.txt) only; files: log.txt env.txt loaded.csv.
# A failing stage is logged and the script goes on with the next one.

set -u

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
OUT=${OUT:-/tmp/ubench_out}
mkdir -p "$OUT"
LOG=$OUT/log.txt
ENVF=$OUT/env.txt
: >"$LOG"
WORK=$(mktemp -d /tmp/ubench_run.XXXXXX)
BIN=$WORK/ubench
T0=$(date +%s)
HARD_END=${UBENCH_HARD_END_S:-540}   # seconds after start by which every stage has ended
ONLY=${UBENCH_ONLY:-}                 # "" (everything) or "loaded"
NCU_DEADLINE=${UBENCH_NCU_DEADLINE_S:-420}  # no new ncu point starts after this

elapsed() { echo $(($(date +%s) - T0)); }
log() { echo "[$(date +%H:%M:%S) +$(elapsed)s] $*" | tee -a "$LOG" >&2; }
# run_stage NAME TIMEOUT_S CMD... : runs CMD under timeout (capped by HARD_END) with its
# stderr appended to the log (stdout too when STAGE_STDOUT_TO_LOG=1).
run_stage() {
  local name=$1 tmo=$2 left rc
  shift 2
  left=$((HARD_END - $(elapsed)))
  if [ "$left" -lt 15 ]; then
    log "stage $name: SKIPPED (hard end ${HARD_END}s reached)"
    return 125
  fi
  [ "$tmo" -gt "$left" ] && tmo=$left
  log "stage $name: start (timeout ${tmo}s): $*"
  if [ "${STAGE_STDOUT_TO_LOG:-0}" = 1 ]; then
    timeout -k 10 "$tmo" "$@" >>"$LOG" 2>&1
  else
    timeout -k 10 "$tmo" "$@" 2>>"$LOG"
  fi
  rc=$?
  if [ $rc -eq 0 ]; then
    log "stage $name: ok"
  elif [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
    log "stage $name: TIMED OUT (rc=$rc); partial output kept"
  else
    log "stage $name: FAILED rc=$rc"
  fi
  return $rc
}

NVCC=$(command -v nvcc || true)
[ -z "$NVCC" ] && [ -x /usr/local/cuda/bin/nvcc ] && NVCC=/usr/local/cuda/bin/nvcc
CUDA_BIN=$(dirname "${NVCC:-/usr/local/cuda/bin/nvcc}")
CUOBJDUMP=$(command -v cuobjdump || echo "$CUDA_BIN/cuobjdump")
NCU=$(command -v ncu || true)
if [ -z "$NCU" ]; then
  for c in "$CUDA_BIN/ncu" /usr/local/cuda/nsight-compute*/ncu /opt/nvidia/nsight-compute/*/ncu; do
    [ -x "$c" ] && NCU=$c && break
  done
fi
log "run_h200.sh: OUT=$OUT work=$WORK nvcc=${NVCC:-none} ncu=${NCU:-none} UBENCH_ONLY=${ONLY:-(all)}"
case "$ONLY" in
  "" | loaded) ;;
  *)
    log "UBENCH_ONLY=$ONLY is not known (use loaded, or leave it unset); nothing run"
    rm -rf "$WORK"
    exit 2
    ;;
esac

# ---- environment (read-only queries)
{
  echo "# date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "# uname: $(uname -a)"
  echo "# nvcc:"; "${NVCC:-nvcc}" --version 2>&1
  echo "# ncu: $([ -n "$NCU" ] && "$NCU" --version 2>&1 | tail -1)"
  echo "# cuobjdump: $("$CUOBJDUMP" --version 2>&1 | tail -1)"
  echo "# nvidia-smi --query-gpu (before):"
  timeout 30 nvidia-smi --query-gpu=name,driver_version,pstate,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem,clocks.applications.graphics,power.draw,temperature.gpu,compute_mode,mig.mode.current --format=csv 2>&1
  echo "# nvidia-smi -q:"
  timeout 30 nvidia-smi -q 2>&1
} >"$ENVF" 2>&1
log "env: written to env.txt"

# ---- build
if [ -z "$NVCC" ]; then
  log "build: nvcc not found; nothing else can run"
  exit 1
fi
log "stage build: $NVCC -O3 -arch=sm_90 -lineinfo -Xptxas -v -o ubench ubench.cu"
PTXAS=$WORK/ptxas.txt
timeout -k 10 240 "$NVCC" -O3 -arch=sm_90 -lineinfo -Xptxas -v -o "$BIN" "$HERE/ubench.cu" \
  >"$PTXAS" 2>&1
log "stage build: rc=$?"
# Compiler output (appended to log.txt): the raw output, then one summary line per kernel.
awk '
function num_before(s, key,   i, t) { i = index(s, key); if (i == 0) return "-"; t = substr(s, 1, i - 1); sub(/.*[^0-9]/, "", t); return t }
BEGIN { print ""; print "# summary: kernel regs stack spill_stores spill_loads smem" }
/Compiling entry function/ { fn = $0; sub(/.*function ./, "", fn); sub(/. for .*/, "", fn); next }
/bytes stack frame/ { st = num_before($0, " bytes stack frame"); ss = num_before($0, " bytes spill stores"); sl = num_before($0, " bytes spill loads"); next }
/Used [0-9]+ registers/ { r = num_before($0, " registers"); sm = num_before($0, " bytes smem"); if (sm == "-") sm = 0;
  printf "# %s regs=%s stack=%s spill_st=%s spill_ld=%s smem=%s\n", fn, r, st, ss, sl, sm }
' "$PTXAS" >"$WORK/ptxas_summary.txt" 2>/dev/null
{
  echo "# ---- compiler output (nvcc -Xptxas -v) ----"
  cat "$PTXAS"
  cat "$WORK/ptxas_summary.txt"
  echo "# ---- end of compiler output ----"
} >>"$LOG"
if [ ! -x "$BIN" ]; then
  log "build: no binary; see the compiler output above"
  exit 1
fi
if grep -q -i "warning" "$PTXAS"; then log "build: compiler printed warnings (see the compiler output above)"; fi

# closing environment snapshot (also used by UBENCH_ONLY runs)
env_after() {
  {
    echo "# nvidia-smi --query-gpu (after):"
    timeout 30 nvidia-smi --query-gpu=name,pstate,clocks.sm,clocks.mem,clocks.max.sm,power.draw,temperature.gpu,clocks_throttle_reasons.active --format=csv 2>&1
    echo "# nvidia-smi -q -d CLOCK,PERFORMANCE (after):"
    timeout 30 nvidia-smi -q -d CLOCK,PERFORMANCE 2>&1
  } >>"$ENVF" 2>&1
}

if [ "$ONLY" = loaded ]; then
  # ---- only the DRAM loaded-latency curve (+ the SASS loop summary of its kernel in the log)
  run_stage loaded 90 "$BIN" loaded --out "$OUT/loaded.csv"
  if run_stage sass 90 "$CUOBJDUMP" --dump-sass "$BIN" >"$WORK/sass.txt" &&
    command -v python3 >/dev/null; then
    log "SASS loop summary (cal_loaded):"
    timeout 60 python3 "$HERE/sass_loops.py" "$WORK/sass.txt" --match cal_loaded >>"$LOG" 2>&1 ||
      log "sass_loops.py failed"
  fi
  env_after
  log "done in $(elapsed)s; files in OUT: $(find "$OUT" -maxdepth 1 -type f -printf "%f " 2>/dev/null)"
  rm -rf "$WORK"
  exit 0
fi

# ---- calib, sweep, occupancy (sweep is the priority after calib), loaded
run_stage calib 120 "$BIN" calib --out "$OUT/calib.csv"
run_stage sweep 240 "$BIN" sweep --out "$OUT/sweep.csv"
run_stage occupancy 60 "$BIN" occupancy --out "$OUT/occupancy.csv"
run_stage loaded 90 "$BIN" loaded --out "$OUT/loaded.csv"

# ---- SASS of everything, and a loop summary in the log
run_stage sass 90 "$CUOBJDUMP" --dump-sass "$BIN" >"$OUT/sass.txt"
if [ -s "$OUT/sass.txt" ] && command -v python3 >/dev/null; then
  log "SASS loop summary (timed loops of ub_/cal_ kernels):"
  timeout 60 python3 "$HERE/sass_loops.py" "$OUT/sass.txt" >>"$LOG" 2>&1 || log "sass_loops.py failed"
fi

# ---- Nsight Compute on a few points (tolerant: any failure is logged and skipped)
METRICS_BASE="sm__warps_active.avg.pct_of_peak_sustained_active,smsp__warps_eligible.avg.per_cycle_active,smsp__issue_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,sm__cycles_elapsed.avg"
STALLS=""
for r in long_scoreboard short_scoreboard wait math_pipe_throttle lg_throttle mio_throttle not_selected barrier no_instruction selected; do
  STALLS="$STALLS,smsp__average_warps_issue_stalled_${r}_per_issue_active.ratio"
done
METRICS_FULL="$METRICS_BASE$STALLS"
NCU_CSV=$OUT/ncu.csv
: >"$NCU_CSV"
NCU_BROKEN=0
METRICS_CHECKED=""
# Metric names that this ncu knows (base name = text before the first '.').
check_metrics() {
  local q=$WORK/ncu_query.txt m base kept=""
  timeout 60 "$NCU" --query-metrics >"$q" 2>>"$LOG" || timeout 60 "$NCU" --query-metrics --chip gh100 >"$q" 2>>"$LOG"
  if [ ! -s "$q" ]; then
    log "ncu --query-metrics gave nothing; metric names not checked"
    return
  fi
  for m in $(echo "$METRICS_FULL" | tr ',' ' '); do
    base=${m%%.*}
    if grep -q -w -- "$base" "$q"; then
      kept="$kept,$m"
    else
      log "ncu: metric $m not in --query-metrics (dropped from the checked list)"
    fi
  done
  METRICS_CHECKED=${kept#,}
}
ncu_try() {  # label family ilp warps metrics -> 0 when a report was written
  local label=$1 fam=$2 ilp=$3 w=$4 metrics=$5 rep=$WORK/ncu_$1
  rm -f "$rep.ncu-rep"
  STAGE_STDOUT_TO_LOG=1 run_stage "ncu_$label" 75 "$NCU" --clock-control none \
    --metrics "$metrics" --kernel-name regex:ub_ --launch-skip 1 --launch-count 1 \
    --export "$rep" --force-overwrite \
    "$BIN" point --family "$fam" --ilp "$ilp" --warps "$w"
  if [ -s "$rep.ncu-rep" ]; then
    return 0
  fi
  log "ncu $label: no report with a list of $(echo "$metrics" | tr ',' '\n' | wc -l) metrics"
  return 1
}
ncu_point() {  # label family ilp warps
  local label=$1 fam=$2 ilp=$3 w=$4 rep csv hdr
  if [ "$NCU_BROKEN" = 1 ]; then
    log "ncu $label: skipped (ncu produced no report for the first point)"
    return
  fi
  if [ "$(elapsed)" -ge "$NCU_DEADLINE" ]; then
    log "ncu $label: skipped (ncu deadline ${NCU_DEADLINE}s reached)"
    return
  fi
  rep=$WORK/ncu_$label
  csv=$WORK/ncu_$label.csv
  # Try the full metric list; if ncu gives no report, the names it knows; then the basics.
  if ! ncu_try "$label" "$fam" "$ilp" "$w" "$METRICS_FULL"; then
    [ -z "$METRICS_CHECKED" ] && check_metrics
    if [ -n "$METRICS_CHECKED" ] && [ "$METRICS_CHECKED" != "$METRICS_FULL" ] &&
      ncu_try "$label" "$fam" "$ilp" "$w" "$METRICS_CHECKED"; then
      METRICS_FULL=$METRICS_CHECKED   # later points start with the list that worked
    elif [ "$METRICS_BASE" != "$METRICS_FULL" ] &&
      ncu_try "$label" "$fam" "$ilp" "$w" "$METRICS_BASE"; then
      METRICS_FULL=$METRICS_BASE
    fi
  fi
  if [ ! -s "$rep.ncu-rep" ]; then
    log "ncu $label: giving up"
    [ ! -s "$NCU_CSV" ] && NCU_BROKEN=1
    return
  fi
  if ! timeout 60 "$NCU" --import "$rep.ncu-rep" --csv --page raw >"$csv" 2>>"$LOG"; then
    log "ncu $label: import failed"
    return
  fi
  # Prefix a "config" column; the header (and units row) once per distinct header.
  hdr=$(grep -m1 '^"ID"' "$csv")
  if [ -z "$hdr" ]; then
    log "ncu $label: no CSV header in the import"
    return
  fi
  if [ ! -s "$NCU_CSV" ] || [ "$hdr" != "$(cat "$WORK/ncu_header" 2>/dev/null)" ]; then
    echo "$hdr" >"$WORK/ncu_header"
    awk '/^"ID"/ { print "\"config\"," $0; next } /^"",/ || /^""$/ { print "\"\"," $0 }' "$csv" >>"$NCU_CSV"
  fi
  awk -v label="$label" '/^"[0-9]+"/ { print "\"" label "\"," $0 }' "$csv" >>"$NCU_CSV"
  log "ncu $label: $(grep -c '^"[0-9]' "$csv") kernel row(s) added to ncu.csv"
}
if [ -n "$NCU" ]; then
  ncu_point fma_ilp1_w4 fma 1 4
  ncu_point fma_ilp1_w16 fma 1 16
  ncu_point fma_ilp1_w64 fma 1 64
  ncu_point dram_chase_ilp1_w8 dram_chase 1 8
  ncu_point dram_chase_ilp1_w64 dram_chase 1 64
else
  log "ncu: not found; ncu.csv left empty"
fi

# ---- closing environment snapshot
env_after

log "done in $(elapsed)s; files in OUT: $(find "$OUT" -maxdepth 1 -type f -printf "%f " 2>/dev/null)"
rm -rf "$WORK"
exit 0
