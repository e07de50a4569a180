#!/bin/bash
# run_import.sh -- build and run the import kernels on the GPU machine.
#
# Usage (from the repository root): OUT=dir [QUICK=1] bash workloads/cuda/import/run_import.sh [GROUPS]
#   GROUPS: comma list of fma_u,chase,chase_lat,multiload,mix,smem_chase,ifelse,branch,barrier,
#           shfl,rownorm (default: all); the mechanism groups of issue #18 run only when named
#           (mech_div, ..., mech_bank, mech_latd, mech_latseq, mech_latprox: main.cu's table;
#           IMP_OUT_DIR=dir for the files some of them write beside runs.csv).
#           QUICK=1: smoke mode (W in {1,16,64}, fewer points).
#           IMP_KEEP_BIN=path: keep the built imp there. IMP_PREBUILT=path: run that binary, no build.
#           IMP_NCU=REGEX: profile the launches of the kernels matching REGEX under ncu instead of
#           timing them (one launch a point): ncu_raw.csv (counters per launch) and ncu_source.csv
#           (sampled stall reasons per SASS instruction) beside runs.csv.
# Writes into $OUT: runs.csv, sass.txt (cuobjdump -sass, with the encoding words),
#   nvdisasm.txt (nvdisasm -c -hex -g of every cubin), resusage.txt (cuobjdump -res-usage),
#   log.txt (stages, nvcc -Xptxas -v output and a per-kernel summary, SASS loop summary,
#   the program's stderr), env.txt (versions, nvidia-smi before and after).
# Changes no GPU setting: clocks are only read. Every stage runs under `timeout`; a failing
# stage is logged and the script goes on.
set -u
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
OUT=${OUT:-/tmp/import_out}
GROUPS_ARG=${1:-}
QUICK=${QUICK:-0}
HARD_END=${IMP_HARD_END_S:-560}
mkdir -p "$OUT"
LOG=$OUT/log.txt
ENVF=$OUT/env.txt
: >"$LOG"
WORK=$(mktemp -d /tmp/imp_build.XXXXXX)
T0=$(date +%s)
elapsed() { echo $(($(date +%s) - T0)); }
log() { echo "[$(date +%H:%M:%S) +$(elapsed)s] $*" | tee -a "$LOG" >&2; }
left() { echo $((HARD_END - $(elapsed))); }
cap() { local t=$1 l; l=$(left); [ "$t" -gt "$l" ] && t=$l; [ "$t" -lt 5 ] && t=5; echo "$t"; }

NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
CUDA_BIN=$(dirname "$NVCC")
CUOBJDUMP=$(command -v cuobjdump || echo "$CUDA_BIN/cuobjdump")
NVDISASM=$(command -v nvdisasm || echo "$CUDA_BIN/nvdisasm")
SRCS="main fma_u chase mix smem_chase branch barrier rownorm mech gemm course store nbody offalu fbank iwaddr wide course2 course3 rtloop cparam"
FLAGS="-O3 -arch=sm_90 -lineinfo"
log "run_import.sh: OUT=$OUT groups=${GROUPS_ARG:-all} QUICK=$QUICK nvcc=$NVCC work=$WORK"

SMI_Q=name,driver_version,pstate,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem,power.draw,temperature.gpu,clocks_throttle_reasons.active
{
  echo "# date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "# uname: $(uname -a)"
  echo "# nvcc:"; "$NVCC" --version 2>&1
  echo "# cuobjdump: $("$CUOBJDUMP" --version 2>&1 | tail -1)"
  echo "# nvdisasm: $("$NVDISASM" --version 2>&1 | tail -1)"
  echo "# nvidia-smi --query-gpu (before):"
  timeout 30 nvidia-smi --query-gpu=$SMI_Q --format=csv 2>&1
  echo "# nvidia-smi -q -d CLOCK,PERFORMANCE (before):"
  timeout 30 nvidia-smi -q -d CLOCK,PERFORMANCE 2>&1
} >"$ENVF" 2>&1
SMI_LINE=$(timeout 30 nvidia-smi --query-gpu=name,driver_version,pstate,clocks.sm,clocks.mem,clocks.max.sm --format=csv,noheader 2>/dev/null | head -1)
log "env: $SMI_LINE"

# ---- build: one object per file, in parallel, then link (IMP_PREBUILT=path: that binary instead,
# built from this tree with the same nvcc and flags elsewhere; the compiler output is then not logged)
if [ -n "${IMP_PREBUILT:-}" ] && [ -x "$IMP_PREBUILT" ]; then
  cp "$IMP_PREBUILT" "$WORK/imp"
  log "stage build: skipped, IMP_PREBUILT=$IMP_PREBUILT"
else
log "stage build: $NVCC $FLAGS -Xptxas -v -c <file>.cu (parallel), link"
pids=""
for s in $SRCS; do
  timeout -k 5 "$(cap 300)" "$NVCC" $FLAGS -Xptxas -v -c "$HERE/$s.cu" -o "$WORK/$s.o" >"$WORK/$s.ptxas" 2>&1 &
  pids="$pids $!"
done
for p in $pids; do wait "$p" || log "build: a compile failed (rc=$?)"; done
objs=""
for s in $SRCS; do objs="$objs $WORK/$s.o"; done
timeout -k 5 "$(cap 120)" "$NVCC" -arch=sm_90 -o "$WORK/imp" $objs >"$WORK/link.txt" 2>&1 || log "build: link failed"
{
  echo "# ---- compiler output (nvcc $FLAGS -Xptxas -v) ----"
  for s in $SRCS; do echo "## $s.cu"; cat "$WORK/$s.ptxas"; done
  cat "$WORK/link.txt"
  echo "# summary: kernel regs stack spill_stores spill_loads"
  for s in $SRCS; do cat "$WORK/$s.ptxas"; done | awk '
    function num_before(s, key,   i, t) { i = index(s, key); if (i == 0) return "-"; t = substr(s, 1, i - 1); sub(/.*[^0-9]/, "", t); return t }
    /Compiling entry function/ { fn = $0; sub(/.*function ./, "", fn); sub(/. for .*/, "", fn); next }
    /bytes stack frame/ { st = num_before($0, " bytes stack frame"); ss = num_before($0, " bytes spill stores"); sl = num_before($0, " bytes spill loads"); next }
    /Used [0-9]+ registers/ { printf "# %s regs=%s stack=%s spill_st=%s spill_ld=%s\n", fn, num_before($0, " registers"), st, ss, sl }'
  echo "# ---- end of compiler output ----"
} >>"$LOG"
fi
if [ ! -x "$WORK/imp" ]; then
  log "build: no binary; see the compiler output above"
  exit 1
fi
log "build: ok"

# ---- disassembly (before the run, so it is there even if the run times out)
timeout -k 5 "$(cap 120)" "$CUOBJDUMP" -sass "$WORK/imp" >"$OUT/sass.txt" 2>>"$LOG" || log "cuobjdump -sass failed"
timeout -k 5 "$(cap 60)" "$CUOBJDUMP" -res-usage "$WORK/imp" >"$OUT/resusage.txt" 2>>"$LOG" || log "cuobjdump -res-usage failed"
if [ -x "$NVDISASM" ] || command -v nvdisasm >/dev/null; then
  mkdir -p "$WORK/elf"
  (cd "$WORK/elf" && timeout -k 5 60 "$CUOBJDUMP" -xelf all "$WORK/imp" >/dev/null 2>>"$LOG")
  : >"$OUT/nvdisasm.txt"
  for f in "$WORK"/elf/*.cubin; do
    [ -e "$f" ] || continue
    echo "##### $(basename "$f")" >>"$OUT/nvdisasm.txt"
    timeout -k 5 "$(cap 60)" "$NVDISASM" -c -hex -g "$f" >>"$OUT/nvdisasm.txt" 2>>"$LOG" ||
      timeout -k 5 "$(cap 60)" "$NVDISASM" -c -hex "$f" >>"$OUT/nvdisasm.txt" 2>>"$LOG" ||
      log "nvdisasm failed on $(basename "$f")"
  done
else
  echo "nvdisasm not found on this machine" >"$OUT/nvdisasm.txt"
  log "nvdisasm not found"
fi
if [ -s "$OUT/sass.txt" ] && command -v python3 >/dev/null && [ -f "$HERE/../sass_loops.py" ]; then
  echo "# ---- SASS loop summary (workloads/cuda/sass_loops.py --match .) ----" >>"$LOG"
  timeout 60 python3 "$HERE/../sass_loops.py" "$OUT/sass.txt" --match '.' >>"$LOG" 2>&1 || log "sass_loops.py failed"
fi
log "disassembly: done"

# ---- the measurements
ARGS="--out $OUT/runs.csv"
[ "$QUICK" = 1 ] && ARGS="$ARGS --quick"
[ -n "$GROUPS_ARG" ] && ARGS="$ARGS --groups $GROUPS_ARG"
if [ -n "${IMP_NCU:-}" ]; then
  # ncu mode: every launch of the kernels whose names match IMP_NCU (an extended regex) is
  # profiled once (one launch a point, no warm-up), for the issue-stall counters per point and
  # the sampled stall reasons per SASS instruction; --clock-control none leaves the clocks alone.
  NCU=$(command -v ncu || ls "$CUDA_BIN"/ncu /usr/local/cuda/nsight-compute*/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
  [ -n "$NCU" ] || { log "ncu not found"; exit 1; }
  log "stage ncu: $NCU --kernel-name regex:$IMP_NCU, imp $ARGS --reps 1 --warm 0 (timeout $(cap 480)s)"
  echo "# ncu: $("$NCU" --version 2>&1 | tail -1)" >>"$ENVF"
  IMP_SMI="$SMI_LINE" timeout -k 10 "$(cap 480)" "$NCU" --clock-control none --kernel-name "regex:$IMP_NCU" \
    --section WarpStateStats --section SourceCounters --section SchedulerStats --section LaunchStats \
    --metrics smsp__inst_executed.sum,smsp__cycles_active.avg,sm__cycles_elapsed.avg \
    -f -o "$WORK/prof" "$WORK/imp" $ARGS --reps 1 --warm 0 >>"$LOG" 2>&1
  rc=$?
  log "stage ncu: rc=$rc"
  timeout 120 "$NCU" --import "$WORK/prof.ncu-rep" --csv --page raw >"$OUT/ncu_raw.csv" 2>>"$LOG" || log "ncu raw export failed"
  timeout 300 "$NCU" --import "$WORK/prof.ncu-rep" --csv --page source --print-source sass >"$OUT/ncu_source.csv" 2>>"$LOG" ||
    log "ncu source export failed"
  [ -s "$OUT/ncu_source.csv" ] || timeout 300 "$NCU" --import "$WORK/prof.ncu-rep" --csv --page details >"$OUT/ncu_details.csv" 2>>"$LOG"
else
  log "stage run: imp $ARGS (timeout $(cap 480)s)"
  IMP_SMI="$SMI_LINE" timeout -k 10 "$(cap 480)" "$WORK/imp" $ARGS 2>>"$LOG"
  rc=$?
  log "stage run: rc=$rc"
fi

{
  echo "# nvidia-smi --query-gpu (after):"
  timeout 30 nvidia-smi --query-gpu=$SMI_Q --format=csv 2>&1
  echo "# nvidia-smi -q -d CLOCK,PERFORMANCE (after):"
  timeout 30 nvidia-smi -q -d CLOCK,PERFORMANCE 2>&1
} >>"$ENVF" 2>&1
log "done in $(elapsed)s; files: $(cd "$OUT" && ls)"
[ -n "${IMP_KEEP_BIN:-}" ] && [ -x "$WORK/imp" ] && cp "$WORK/imp" "$IMP_KEEP_BIN"  # to run more groups, each its own process
rm -rf "$WORK"
exit 0
