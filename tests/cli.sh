#!/bin/sh
# tests/cli.sh: end-to-end tests of the smsim command line (POSIX sh).
#
# Each case runs one command and checks its exit status and a substring
# (grep -F) or pattern (grep -E) of its stdout or stderr; file cases compare
# outputs byte for byte (determinism, --jobs, --resume, shards + merge).
# Bad input must exit 2 with "smsim: " and a message naming what was wrong.
# Run from the repository root: sh tests/cli.sh ($SMSIM, default ./bin/smsim).
# Prints one line per case and "N passed, M failed"; exits 1 on a failure.

SMSIM=${SMSIM:-./bin/smsim}
case $SMSIM in
/*) ;;
*) SMSIM=$(pwd)/$SMSIM ;;
esac
if [ ! -x "$SMSIM" ]; then
	echo "cli.sh: $SMSIM: not found or not executable (run make first)"
	exit 1
fi
export SMSIM
T=$(mktemp -d "${TMPDIR:-/tmp}/smsim-cli.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
trap 'exit 1' HUP INT TERM

pass=0
fail=0

ok() {
	pass=$((pass + 1))
	echo "ok   $1"
}

no() {
	fail=$((fail + 1))
	echo "FAIL $1: $2"
}

# The first lines of a captured output, on one line, for failure reports.
show() {
	head -c 400 "$1" | tr '\n' '|'
}

# run CMD...: runs CMD with stdout in $T/out, stderr in $T/err; sets $got.
run() {
	"$@" >"$T/out" 2>"$T/err" </dev/null
	got=$?
}

# expect NAME STATUS GREPMODE PATTERN FILES: checks $got and the pattern.
expect() {
	name=$1 want=$2 mode=$3 pat=$4
	shift 4
	if [ "$got" -ne "$want" ]; then
		no "$name" "exit status $got, expected $want; stdout: $(show "$T/out") stderr: $(show "$T/err")"
	elif ! cat "$@" | grep -q "$mode" -e "$pat"; then
		no "$name" "expected \"$pat\"; stdout: $(show "$T/out") stderr: $(show "$T/err")"
	else
		ok "$name"
	fi
}

# t NAME STATUS STRING CMD...: STRING (fixed) in stdout or stderr.
t() {
	name=$1 want=$2 pat=$3
	shift 3
	run "$@"
	expect "$name" "$want" -F "$pat" "$T/out" "$T/err"
}

# te NAME STATUS REGEX CMD...: an extended regex in stdout or stderr.
te() {
	name=$1 want=$2 pat=$3
	shift 3
	run "$@"
	expect "$name" "$want" -E "$pat" "$T/out" "$T/err"
}

# e2 NAME STRING CMD...: bad input: status 2, stderr starts with
# "smsim: " and holds STRING.
e2() {
	name=$1 pat=$2
	shift 2
	run "$@"
	if [ "$got" -eq 2 ] && ! head -n 1 "$T/err" | grep -q '^smsim: '; then
		no "$name" "stderr does not start with \"smsim: \": $(show "$T/err")"
		return
	fi
	expect "$name" 2 -F "$pat" "$T/err"
}

# same NAME FILE1 FILE2: byte-identical, non-empty files.
same() {
	if [ ! -s "$2" ] || [ ! -s "$3" ]; then
		no "$1" "missing or empty output: $(wc -c "$2" "$3" 2>&1 | tr '\n' '|')"
	elif cmp -s "$2" "$3"; then
		ok "$1"
	else
		no "$1" "$2 and $3 differ: $(diff "$2" "$3" | head -n 6 | tr '\n' '|')"
	fi
}

# ---- occupancy -----------------------------------------------------------

te "occupancy table: 4 blocks" 0 'resident blocks per SM +4$' \
	"$SMSIM" occupancy --arch sm_90 --threads 256 --regs 64
expect "occupancy table: limited by registers" 0 -E 'limited by +registers' "$T/out"
t "occupancy table: register allocation" 0 "2048 registers per warp" \
	"$SMSIM" occupancy --arch sm_90 --threads 256 --regs 64
te "occupancy --json: blocks_per_sm 4" 0 '"blocks_per_sm":[[:space:]]*4,' \
	"$SMSIM" occupancy --arch sm_90 --threads 256 --regs 64 --json
for f in '"arch":[[:space:]]*"sm_90"' '"threads_per_block":[[:space:]]*256,' '"regs_per_thread":[[:space:]]*64,' \
	'"smem_per_block":[[:space:]]*0,' '"warps_per_sm":[[:space:]]*32,' '"max_warps_per_sm":[[:space:]]*64,' \
	'"occupancy":[[:space:]]*0.5,' '"limiter":[[:space:]]*"registers"' '"registers":[[:space:]]*4,' \
	'"warps":[[:space:]]*8,' '"blocks":[[:space:]]*32'; do
	expect "occupancy --json: $f" 0 -E "$f" "$T/out"
done
if command -v python3 >/dev/null 2>&1; then
	run sh -c '"$SMSIM" occupancy --arch sm_90 --threads 256 --regs 64 --json | python3 -c "import json,sys; d=json.load(sys.stdin); assert d[\"blocks_per_sm\"]==4 and d[\"limits\"][\"registers\"]==4; print(\"json ok\")"'
	expect "occupancy --json parses (python3)" 0 -F "json ok" "$T/out"
fi
t "occupancy --csv" 0 "sm_90,256,64,0,4,32,64,0.500000,registers," \
	"$SMSIM" occupancy --arch sm_90 --threads 256 --regs 64 --csv
t "occupancy --regs 65: 3 blocks" 0 '"blocks_per_sm":	3' \
	"$SMSIM" occupancy --arch sm_90 --threads 256 --regs 65 --json

printf 'threads,regs,smem\n256,64,0\n256,65,0\n128,32,49152\n' >"$T/batch.csv"
t "occupancy --batch: header" 0 "threads,regs,smem,blocks_per_sm,warps_per_sm,occupancy,limiter" \
	"$SMSIM" occupancy --arch sm_90 --batch "$T/batch.csv"
expect "occupancy --batch: 256,64 row" 0 -F "256,64,0,4,32,0.500000,registers" "$T/out"
expect "occupancy --batch: 256,65 row" 0 -F "256,65,0,3,24,0.375000,registers" "$T/out"
if [ "$(wc -l <"$T/out")" -eq 4 ]; then ok "occupancy --batch: 3 rows"; else no "occupancy --batch: 3 rows" "$(show "$T/out")"; fi
printf 'threads,regs,smem,carveout\n256,32,0,50\n' >"$T/batch2.csv"
t "occupancy --batch with carveout" 0 "threads,regs,smem,carveout,blocks_per_sm" \
	"$SMSIM" occupancy --arch sm_90 --batch "$T/batch2.csv"

t "occupancy --graph: header" 0 "curve,x,x_unit,blocks_per_sm,warps_per_sm,occupancy,limiter,cliff,current" \
	"$SMSIM" occupancy --arch sm_90 --threads 256 --regs 64 --graph
curves=$(tail -n +2 "$T/out" | cut -d, -f1 | sort -u | tr '\n' ' ')
if [ "$curves" = "block_size registers shared_memory " ]; then ok "occupancy --graph: 3 curves"; else no "occupancy --graph: 3 curves" "got: $curves"; fi
expect "occupancy --graph: cliff at 65 registers" 0 -F "registers,65,registers/thread,3,24,0.375000,registers,1,0" "$T/out"
expect "occupancy --graph: current point at 64 registers" 0 -F "registers,64,registers/thread,4,32,0.500000,registers,0,1" "$T/out"

# ---- run ------------------------------------------------------------------

run "$SMSIM" run --workload fma --warps 16 --json
cp "$T/out" "$T/run1.json"
missing=""
for f in cycles warp_instructions ipc achieved_occupancy eligible_warps_per_cycle issue_slot_utilization \
	resident_blocks_per_sm waves dram_bytes stalls long_scoreboard short_scoreboard wait math_pipe_throttle \
	lg_throttle mio_throttle not_selected barrier no_instruction selected; do
	grep -q "\"$f\":" "$T/out" || missing="$missing $f"
done
if [ "$got" -ne 0 ]; then
	no "run --json: contract fields" "exit status $got: $(show "$T/err")"
elif [ -n "$missing" ]; then
	no "run --json: contract fields" "missing:$missing"
else
	ok "run --json: contract fields"
fi
expect "run --json: 16 warps in one block of 512" 0 -E '"threads_per_block":[[:space:]]*512,' "$T/out"
expect "run --json: elapsed_cycles (no .span: cycles)" 0 -E '"elapsed_cycles":[[:space:]]*[1-9]' "$T/out"
# --span: cycles are the harness's stamps' span, shorter than first issue to last exit
# (tests/data/h200/mech/probe: pro_probe<0>, its stamps at 0x80 and 0x1d0)
run "$SMSIM" run --sass tests/data/h200/mech/probe/sass.txt --kernel _Z9pro_probeILi0EEvPyiP8BlockRec \
	--span 0x80:0x1d0 --taken 0x100=0.96875 --threads 256 --blocks 2 --smem 120K --json
if [ "$got" -eq 0 ] && python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); sys.exit(not (0 < d["cycles"] < d["elapsed_cycles"]))' "$T/out"; then
	ok "run --span: cycles within elapsed_cycles"
else
	no "run --span: cycles within elapsed_cycles" "exit status $got: $(show "$T/out") $(show "$T/err")"
fi
run "$SMSIM" run --sass tests/data/h200/mech/probe/sass.txt --kernel _Z9pro_probeILi0EEvPyiP8BlockRec --span 0x80:0x908 --warps 1
expect "run --span: an address not a multiple of 16" 2 -F 'span: expected instruction addresses, multiples of 16, got "0x80:0x908"' "$T/err"
run "$SMSIM" run --workload fma --warps 16 --json
same "run: same input, byte-identical output" "$T/run1.json" "$T/out"
t "run: table" 0 "warp states (fraction of" "$SMSIM" run --workload fma --warps 4
t "run --csv" 0 "fma" "$SMSIM" run --workload fma --warps 4 --csv
t "run --threads --blocks" 0 '"blocks":	3' "$SMSIM" run --workload fma --threads 128 --blocks 3 --json
t "run --policy lrr" 0 '"policy":	"lrr"' "$SMSIM" run --workload fma --warps 8 --policy lrr --json

# LOOP 10 { 1 FFMA } = 10 * (1 + 3 for the back edge: counter, compare, branch) + EXIT
# = 41 warp instructions per warp; 4 warps: 164
cat >"$T/k.prog" <<'EOF'
# a dependent FFMA chain
.regs 8
LOOP 10
  FFMA R1, R1, R2, R3   // dependent on itself
ENDLOOP
EXIT
EOF
t "run --program: table" 0 "k.prog" "$SMSIM" run --program "$T/k.prog" --warps 4
te "run --program: warp_instructions = 4 x 41" 0 '"warp_instructions":[[:space:]]*164,' \
	"$SMSIM" run --program "$T/k.prog" --warps 4 --json
run "$SMSIM" run --program "$T/k.prog" --warps 4 --timeline "$T/tl.csv"
if [ "$got" -eq 0 ] && head -n 1 "$T/tl.csv" 2>/dev/null | grep -q '^warp,'; then ok "run --timeline writes a CSV"; else no "run --timeline writes a CSV" "status $got $(show "$T/err")"; fi

# run --stamps (round 37): a program's clock reads as simulated. By hand on sm_90: warp w starts
# 2 w cycles in (warp_launch_cycles 2, one a group) and reads the clock then; its FFMA a cycle
# later (S01), the second FFMA 4 after that (S04), the CS2R of SR_CLOCKHI 2 after (S02): 2 w + 7.
# A fifth warp starts at 8, on warp 0's scheduler, which issues warp 0's EXIT then (7 + 1): 9 and 16
cat >"$T/clk.prog" <<'EOF'
[B------:R-:W-:-:S01] CS2R R6, SR_CLOCKLO
[B------:R-:W-:-:S04] FFMA R2, R2, R3, R4
[B------:R-:W-:-:S02] FFMA R2, R2, R3, R4
[B------:R-:W-:-:S01] CS2R R8, SR_CLOCKHI
[B------:R-:W-:-:S01] EXIT
EOF
run "$SMSIM" run --program "$T/clk.prog" --warps 4 --stamps "$T/st.csv"
if [ "$got" -eq 0 ] && awk -F, 'NR == 1 { ok = $0 == "block,warp,pc,cycle"; next }
	{ n++; t[$2, $3] = $4; if ($1 != 0) ok = 0 }
	END { for (w = 0; w < 4; w++) if (t[w, 0] != 2 * w || t[w, 3] != 2 * w + 7) ok = 0; exit !(ok && n == 8) }' "$T/st.csv"; then
	ok "run --stamps: warp w reads at 2 w and 2 w + 7"
else
	no "run --stamps: warp w reads at 2 w and 2 w + 7" "status $got $(show "$T/st.csv") $(show "$T/err")"
fi
run "$SMSIM" run --program "$T/clk.prog" --warps 5 --stamps "$T/st5.csv"
if [ "$got" -eq 0 ] && awk -F, 'NR > 1 { t[$2, $3] = $4 } END { exit !(t[4, 0] == 9 && t[4, 3] == 16) }' "$T/st5.csv"; then
	ok "run --stamps: a fifth warp, behind warp 0's EXIT, reads at 9 and 16"
else
	no "run --stamps: a fifth warp, behind warp 0's EXIT, reads at 9 and 16" "status $got $(show "$T/st5.csv")"
fi
run "$SMSIM" run --program "$T/k.prog" --warps 4 --stamps "$T/st0.csv"
if [ "$got" -eq 0 ] && [ "$(cat "$T/st0.csv")" = "block,warp,pc,cycle" ]; then ok "run --stamps: no clock read, the header alone"; else no "run --stamps: no clock read, the header alone" "status $got $(show "$T/st0.csv")"; fi
e2 "run --stamps with --repeat" "run: --stamps with --repeat (expected one" "$SMSIM" run --program "$T/clk.prog" --warps 4 --stamps "$T/st.csv" --repeat 3
e2 "run --stamps: unwritable path" "$T/nodir/st.csv" "$SMSIM" run --program "$T/clk.prog" --warps 4 --stamps "$T/nodir/st.csv"
# run --trace (round 39): every issue, in issue order. The same program by hand: warp w's CS2R at
# 2 w, its FFMAs at 2 w + 1 and 2 w + 5, the second CS2R at 2 w + 7, its EXIT at 2 w + 8: 20 rows
run "$SMSIM" run --program "$T/clk.prog" --warps 4 --trace "$T/tr.csv"
if [ "$got" -eq 0 ] && awk -F, 'NR == 1 { ok = $0 == "block,warp,pc,op,cycle"; next }
	{ n++; t[$2, $3] = $5; o[$3] = $4; if ($1 != 0 || $5 < last) ok = 0; last = $5 }
	END { for (w = 0; w < 4; w++) if (t[w, 0] != 2 * w || t[w, 1] != 2 * w + 1 || t[w, 2] != 2 * w + 5 ||
			t[w, 3] != 2 * w + 7 || t[w, 4] != 2 * w + 8) ok = 0
		exit !(ok && n == 20 && o[0] == "CS2R" && o[1] == "FFMA" && o[4] == "EXIT") }' "$T/tr.csv"; then
	ok "run --trace: warp w issues at 2 w, +1, +5, +7, +8, in order"
else
	no "run --trace: warp w issues at 2 w, +1, +5, +7, +8, in order" "status $got $(show "$T/tr.csv") $(show "$T/err")"
fi
run "$SMSIM" run --program "$T/k.prog" --warps 4 --trace "$T/tr4.csv"
if [ "$got" -eq 0 ] && [ "$(($(wc -l <"$T/tr4.csv") - 1))" -eq 164 ]; then ok "run --trace: one row a warp instruction (4 x 41)"; else no "run --trace: one row a warp instruction (4 x 41)" "status $got $(wc -l <"$T/tr4.csv")"; fi
run "$SMSIM" run --program "$T/k.prog" --warps 4 --trace "$T/tr4b.csv"
if [ "$got" -eq 0 ] && cmp -s "$T/tr4.csv" "$T/tr4b.csv"; then ok "run --trace: the same run, the same bytes"; else no "run --trace: the same run, the same bytes" "status $got"; fi
e2 "run --trace with --repeat" "run: --trace with --repeat (expected one" "$SMSIM" run --program "$T/clk.prog" --warps 4 --trace "$T/tr.csv" --repeat 3
e2 "run --trace: unwritable path" "$T/nodir/tr.csv" "$SMSIM" run --program "$T/clk.prog" --warps 4 --trace "$T/nodir/tr.csv"

# ---- sweep, determinism, resume, shards -------------------------------------

run "$SMSIM" sweep --workload fma --ilp 1,2 --warps 1-8 --csv --jobs 1
cp "$T/out" "$T/j1.csv"
expect "sweep --csv: header" 0 -F "workload,ilp,warps_per_sm,blocks_per_sm,threads_per_block,cycles,warp_instructions,ipc,achieved_occupancy,eligible_warps_per_cycle,knee" "$T/j1.csv"
if [ "$(wc -l <"$T/j1.csv")" -eq 17 ]; then ok "sweep --csv: 16 points"; else no "sweep --csv: 16 points" "$(wc -l <"$T/j1.csv") lines"; fi
run "$SMSIM" sweep --workload fma --ilp 1,2 --warps 1-8 --csv --jobs 2
same "sweep: --jobs 1 and --jobs 2 byte-identical" "$T/j1.csv" "$T/out"
run "$SMSIM" sweep --workload fma --ilp 1,2 --warps 1-8 --csv --jobs 1
same "sweep: same input twice byte-identical" "$T/j1.csv" "$T/out"
t "sweep: table with knees" 0 "knee W" "$SMSIM" sweep --workload fma --ilp 1,2 --warps 1-16 --jobs 2

# the uninterrupted sweep into a file
sw() {
	"$SMSIM" sweep --workload fma --ilp 1,2,4 --warps 1-32 --jobs 2 "$@"
}
t "sweep --out" 0 "CSV: $T/full.csv" sw --out "$T/full.csv"
[ -f "$T/full.csv" ] || : >"$T/full.csv"
if [ -e "$T/full.csv.partial" ]; then no "sweep --out: no .partial left" "$T/full.csv.partial exists"; else ok "sweep --out: no .partial left"; fi
knees=$(awk -F, 'NR > 1 && $11 == 1' "$T/full.csv" | wc -l)
if [ "$knees" -eq 3 ]; then ok "sweep --out: one knee per curve"; else no "sweep --out: one knee per curve" "$knees knees"; fi

# an interrupted sweep: the header and the first half of the rows in FILE.partial
rows=$(($(wc -l <"$T/full.csv") - 1))
head -n $((1 + rows / 2)) "$T/full.csv" >"$T/res.csv.partial"
t "sweep --resume" 0 "CSV: $T/res.csv" sw --out "$T/res.csv" --resume
same "sweep --resume: byte-identical to the uninterrupted sweep" "$T/full.csv" "$T/res.csv"
if [ -e "$T/res.csv.partial" ]; then no "sweep --resume: .partial removed" "still there"; else ok "sweep --resume: .partial removed"; fi
# the resumed rows are taken, not recomputed: a marked value survives
awk -F, -v OFS=, 'NR == 2 { $6 = 123456789 } 1' "$T/full.csv" | head -n 3 >"$T/mark.csv.partial"
run sw --out "$T/mark.csv" --resume
if [ "$got" -eq 0 ] && grep -q '^fma,1,1,1,32,123456789,' "$T/mark.csv" 2>/dev/null; then ok "sweep --resume: rows of .partial are taken"; else no "sweep --resume: rows of .partial are taken" "status $got; $(head -n 2 "$T/mark.csv" 2>&1 | tr '\n' '|') $(show "$T/err")"; fi
# --resume of a finished sweep recomputes nothing and rewrites it the same
cp "$T/full.csv" "$T/again.csv"
run sw --out "$T/again.csv" --resume
same "sweep --resume of a finished sweep: unchanged" "$T/full.csv" "$T/again.csv"

# shards and merge
for i in 0 1 2; do
	t "sweep --shard $i/3" 0 "shard $i/3:" sw --shard $i/3 --out "$T/s$i.csv"
done
t "merge 3 shards" 0 "merged $rows points from 3 files" "$SMSIM" merge --out "$T/all.csv" "$T/s0.csv" "$T/s1.csv" "$T/s2.csv"
same "merge: byte-identical to the unsharded sweep" "$T/full.csv" "$T/all.csv"
run "$SMSIM" merge --out "$T/all2.csv" "$T/s2.csv" "$T/s0.csv" "$T/s1.csv"
same "merge: shard order does not matter" "$T/full.csv" "$T/all2.csv"
e2 "merge: a shard missing" "a shard is missing" "$SMSIM" merge --out "$T/m.csv" "$T/s0.csv" "$T/s2.csv"
e2 "merge: a shard repeated" "is repeated" "$SMSIM" merge --out "$T/m.csv" "$T/s0.csv" "$T/s1.csv" "$T/s1.csv" "$T/s2.csv"
e2 "merge: no --out" "expected --out FILE" "$SMSIM" merge "$T/s0.csv"

# ---- sweep of a fixed program: --sass FILE --kernel NAME, --program FILE ----

SL=tests/data/h200/import/sass.txt
SK=_Z6fma_usILi1E
psw() {
	"$SMSIM" sweep --sass "$SL" --kernel "$SK" --trips 1 --trips 0x1e0=512 --warps 1,4,8,12,16,20,24,32 --jobs 2 "$@"
}
run psw --csv
cp "$T/out" "$T/pc.csv"
expect "sweep --sass: the contract's header" 0 -F "workload,ilp,warps_per_sm,blocks_per_sm,threads_per_block,cycles,warp_instructions,ipc,achieved_occupancy,eligible_warps_per_cycle,knee,littles_warps,littles_limiter,iters,set," "$T/pc.csv"
if [ "$(wc -l <"$T/pc.csv")" -eq 9 ] && [ "$(awk -F, 'NR > 1 { print $1 "|" $2 "|" $12 "|" $13 "|" $14 "|" $15 }' "$T/pc.csv" | sort -u)" = "sass.txt:$SK|1||||trips=1;trips=0x1e0=512" ]; then
	ok "sweep --sass: 8 rows named LISTING:KERNEL, ilp 1, no Little's law, no iters, the import options as set"
else
	no "sweep --sass: 8 rows named LISTING:KERNEL, ilp 1, no Little's law, no iters, the import options as set" "$(show "$T/pc.csv")"
fi
# the H200 measured the knee at 20; smsim gives 16 (3.88 of 3.99 at W=16)
knee=$(awk -F, 'NR > 1 && $11 == 1 { print $3 }' "$T/pc.csv")
case $knee in 16 | 20) ok "sweep --sass: the knee is W=$knee (H200: 20)" ;; *) no "sweep --sass: the knee is W=16 or 20" "got \"$knee\"" ;; esac
bad=""
for w in 1 4 8 12 16 20 24 32; do
	a=$(awk -F, -v w=$w 'NR > 1 && $3 == w { print $6 }' "$T/pc.csv")
	b=$("$SMSIM" run --sass "$SL" --kernel "$SK" --trips 1 --trips 0x1e0=512 --warps $w --csv | awk -F, 'NR == 2 { print $7 }')
	[ -n "$a" ] && [ "$a" = "$b" ] || bad="$bad W=$w: sweep $a, run $b;"
done
if [ -z "$bad" ]; then ok "sweep --sass: each row's cycles are smsim run's"; else no "sweep --sass: each row's cycles are smsim run's" "$bad"; fi
run "$SMSIM" sweep --sass "$SL" --kernel "$SK" --trips 1 --trips 0x1e0=512 --warps 1,4,8,12,16,20,24,32 --jobs 1 --csv
same "sweep --sass: --jobs 1 and --jobs 2 byte-identical" "$T/pc.csv" "$T/out"
t "sweep --sass: the table" 0 "no closed form for a program" psw
expect "sweep --sass: the table names the program" 0 -F "program sass.txt:$SK on sm_90" "$T/out"
expect "sweep --sass: the table explains the knee" 0 -E "knee at (16|20): the best throughput" "$T/out"
te "sweep --sass --json: the program's name" 0 "\"workload\":[[:space:]]*\"sass.txt:$SK\"" psw --json
# --out, --resume of a half-written output, shards and merge
t "sweep --sass --out" 0 "CSV: $T/pf.csv" psw --out "$T/pf.csv"
same "sweep --sass --out: the --csv rows" "$T/pc.csv" "$T/pf.csv"
head -n 5 "$T/pf.csv" >"$T/pr.csv.partial"
t "sweep --sass --resume" 0 "CSV: $T/pr.csv" psw --out "$T/pr.csv" --resume
same "sweep --sass --resume: byte-identical to the uninterrupted sweep" "$T/pf.csv" "$T/pr.csv"
awk -F, -v OFS=, 'NR == 2 { $6 = 123456789 } 1' "$T/pf.csv" | head -n 3 >"$T/pmark.csv"
cp "$T/pmark.csv" "$T/pm.csv.partial"
run psw --out "$T/pm.csv" --resume
if [ "$got" -eq 0 ] && grep -q "^sass.txt:$SK,1,1,1,32,123456789," "$T/pm.csv" 2>/dev/null; then ok "sweep --sass --resume: rows of .partial are taken"; else no "sweep --sass --resume: rows of .partial are taken" "status $got; $(show "$T/err")"; fi
# rows of another import (other trips) are not this sweep's
sed 's/trips=0x1e0=512/trips=0x1e0=256/' "$T/pmark.csv" >"$T/po.csv.partial"
run psw --out "$T/po.csv" --resume
same "sweep --sass --resume: rows of other import options are recomputed" "$T/pf.csv" "$T/po.csv"
for i in 0 1; do
	t "sweep --sass --shard $i/2" 0 "shard $i/2:" psw --shard $i/2 --out "$T/ps$i.csv"
done
t "merge of --sass shards" 0 "merged 8 points from 2 files" "$SMSIM" merge --out "$T/pall.csv" "$T/ps1.csv" "$T/ps0.csv"
same "merge of --sass shards: byte-identical to the unsharded sweep" "$T/pf.csv" "$T/pall.csv"
# --vary of an arch field at one W
t "sweep --sass --vary an arch field" 0 "memory.dram_latency at 16 resident warps: program sass.txt:$SK" \
	"$SMSIM" sweep --sass "$SL" --kernel "$SK" --trips 1 --trips 0x1e0=512 --warps 16 --vary memory.dram_latency=300,900
# a program file
cat >"$T/small.prog" <<'PROG'
# two dependent FFMA chains, 64 rounds
.regs 16
LOOP 64
  FFMA R0, R0, R4, R5
  FFMA R1, R1, R4, R5
ENDLOOP
EXIT
PROG
run "$SMSIM" sweep --program "$T/small.prog" --warps 1-12 --csv --jobs 2
if [ "$got" -eq 0 ] && [ "$(wc -l <"$T/out")" -eq 13 ] && [ "$(awk -F, 'NR > 1 && $11 == 1' "$T/out" | wc -l)" -eq 1 ] &&
	[ "$(awk -F, 'NR > 1 { print $1 "," $2 "," $14 "," $15 }' "$T/out" | sort -u)" = "small.prog,1,," ]; then
	ok "sweep --program: 12 rows, one knee, named after the file"
else
	no "sweep --program: 12 rows, one knee, named after the file" "status $got; $(show "$T/out") $(show "$T/err")"
fi
a=$(awk -F, 'NR > 1 && $3 == 6 { print $6 }' "$T/out")
b=$("$SMSIM" run --program "$T/small.prog" --warps 6 --csv | awk -F, 'NR == 2 { print $7 }')
if [ -n "$a" ] && [ "$a" = "$b" ]; then ok "sweep --program: W=6 cycles are smsim run's ($a)"; else no "sweep --program: W=6 cycles are smsim run's" "sweep $a, run $b"; fi
# bad forms
e2 "sweep --program --ilp" "--ilp goes with --workload" "$SMSIM" sweep --program "$T/small.prog" --ilp 1,2 --warps 1-4
expect "sweep --program --ilp: names --program" 2 -F "expected no --ilp with --program" "$T/err"
e2 "sweep --sass --ilp" "expected no --ilp with --sass" "$SMSIM" sweep --sass "$SL" --kernel "$SK" --trips 1 --ilp 2 --warps 4
e2 "sweep --sass without --kernel" "--sass FILE: expected --kernel NAME" "$SMSIM" sweep --sass "$SL" --warps 4
e2 "sweep --workload with --program" "expected one of --workload NAME, --program FILE or --sass FILE --kernel NAME, got --workload and --program" \
	"$SMSIM" sweep --workload fma --program "$T/small.prog" --warps 4
e2 "sweep --workload with --sass" "got --workload and --sass" "$SMSIM" sweep --workload fma --sass "$SL" --kernel "$SK" --warps 4
e2 "sweep --program --set" "--set takes workload parameters (expected none with --program" "$SMSIM" sweep --program "$T/small.prog" --set iters=4 --warps 4
e2 "sweep --program --vary a workload parameter" 'not a field of the architecture file (with --program or --sass only arch fields vary' \
	"$SMSIM" sweep --program "$T/small.prog" --warps 4 --vary iters=1,2
e2 "sweep --kernel without --sass" "--kernel, --trips, --taken and --mem go with --sass FILE" "$SMSIM" sweep --program "$T/small.prog" --kernel x --warps 4
e2 "sweep --sass: a bad listing" "expected a cuobjdump -sass or nvdisasm listing" "$SMSIM" sweep --sass README.md --kernel x --warps 4

# ---- bad input: exit status 2 and a message naming what was wrong ---------

e2 "unknown command" "frobnicate: unknown command" "$SMSIM" frobnicate
e2 "unknown option" "--frob: unknown argument" "$SMSIM" occupancy --threads 256 --regs 32 --frob
e2 "option without its value" "--threads: expected a value" "$SMSIM" occupancy --regs 32 --threads
e2 "--threads 0" '--threads: expected an integer in [1, ' "$SMSIM" occupancy --threads 0 --regs 32
e2 "--threads 2000" '--threads: expected an integer in [1, 1024], got "2000"' "$SMSIM" occupancy --threads 2000 --regs 32
e2 "--threads abc" '--threads: expected an integer' "$SMSIM" occupancy --threads abc --regs 32
e2 "--regs 300" '--regs: expected an integer in [0, 255], got "300"' "$SMSIM" occupancy --threads 256 --regs 300
e2 "--smem -5" '--smem: expected bytes in [0, ' "$SMSIM" occupancy --threads 256 --regs 32 --smem -5
e2 "--carveout 101" '--carveout: expected an integer in [0, 100]' "$SMSIM" occupancy --threads 256 --regs 32 --carveout 101
e2 "occupancy without --regs" "expected --threads T and --regs R" "$SMSIM" occupancy --threads 256
e2 "--arch sm_99" 'unknown architecture "sm_99"' "$SMSIM" occupancy --arch sm_99 --threads 256 --regs 32
e2 "--arch /nonexistent.json" "/nonexistent.json: cannot open" "$SMSIM" occupancy --arch /nonexistent.json --threads 256 --regs 32
printf '{\n  "version": 1,\n  "device": ]\n}\n' >"$T/syntax.json"
e2 "arch JSON syntax error: FILE:LINE:COL" "syntax.json:3:13: malformed JSON" "$SMSIM" occupancy --arch "$T/syntax.json" --threads 256 --regs 32
printf 'threads,regs,smem\n256,64,0\n256,abc,0\n' >"$T/badrow.csv"
e2 "batch CSV bad row: FILE:LINE" 'badrow.csv:3: regs: expected an integer in [0, 255], got "abc"' "$SMSIM" occupancy --batch "$T/badrow.csv"
printf 'threads,smem\n256,0\n' >"$T/nocol.csv"
e2 "batch CSV without a column" "regs" "$SMSIM" occupancy --batch "$T/nocol.csv"
e2 "--warps 33" "--warps: expected 1..32 or an even number 34..64" "$SMSIM" run --workload fma --warps 33
e2 "--workload nope" 'unknown workload "nope"' "$SMSIM" run --workload nope --warps 4
e2 "--set ilp=0" '--set ilp: expected an integer in [1, 32], got "0"' "$SMSIM" run --workload fma --set ilp=0 --warps 4
e2 "--set footprint=abc" '--set footprint: expected bytes' "$SMSIM" run --workload dram_chase --set footprint=abc --warps 4
e2 "--set unknown=1" 'unknown parameter "unknown" for workload fma' "$SMSIM" run --workload fma --set unknown=1 --warps 4
e2 "--set without =" "--set: expected key=value" "$SMSIM" run --workload fma --set ilp --warps 4
e2 "run: --program and --workload" "expected exactly one of --program FILE, --sass FILE --kernel NAME or --workload NAME, got several" "$SMSIM" run --workload fma --program "$T/k.prog" --warps 4
e2 "run: no launch shape" "expected --warps W or --threads T" "$SMSIM" run --workload fma
e2 "--program missing file" "$T/none.prog: cannot open" "$SMSIM" run --program "$T/none.prog" --warps 4
e2 "--program a directory" "$T: is a directory" "$SMSIM" run --program "$T" --warps 4
: >"$T/empty.prog"
e2 "--program an empty file" "empty.prog: file is empty" "$SMSIM" run --program "$T/empty.prog" --warps 4
printf '# comments only\n\n// nothing else\n' >"$T/comments.prog"
e2 "--program only comments" "comments.prog: no instructions" "$SMSIM" run --program "$T/comments.prog" --warps 4
printf 'NOP\n  FROB R1, R2\n' >"$T/unk.prog"
e2 "--program unknown opcode: FILE:LINE:COL" 'unk.prog:2:3: unknown opcode' "$SMSIM" run --program "$T/unk.prog" --warps 4
expect "--program unknown opcode: names it" 2 -F 'got "FROB"' "$T/err"
printf 'LOOP 3\nNOP\n' >"$T/open.prog"
e2 "--program unterminated LOOP" "open.prog:1: LOOP is never closed" "$SMSIM" run --program "$T/open.prog" --warps 4
e2 "--max-cycles 100 on a long run" "--max-cycles 100" "$SMSIM" run --workload fma --warps 4 --max-cycles 100
printf 'LOOP 4\n  FFMA R1, R1, R1, R1\n  IF warp<1\n    BAR\n  ENDIF\nENDLOOP\nEXIT\n' >"$T/deadlock.prog"
e2 "barrier deadlock" "deadlock" "$SMSIM" run --program "$T/deadlock.prog" --warps 4
e2 "--policy xyz" '--policy: expected bgrr, grr, gto, lrr or gty, got "xyz"' "$SMSIM" run --workload fma --warps 4 --policy xyz
e2 "sweep --policy xyz" '--policy: expected bgrr, grr, gto, lrr or gty' "$SMSIM" sweep --workload fma --warps 1-2 --policy xyz
e2 "sweep without --workload" "expected --workload NAME" "$SMSIM" sweep --warps 1-2
e2 "sweep --warps 33" "--warps: expected 1..32 or an even number 34..64, got 33" "$SMSIM" sweep --workload fma --warps 33
e2 "sweep --ilp 0" "--ilp: expected an integer" "$SMSIM" sweep --workload fma --ilp 0 --warps 1-2
e2 "--shard 5/3" '--shard: expected I/N with 0 <= I < N (for example 0/4), got "5/3"' "$SMSIM" sweep --workload fma --warps 1-2 --shard 5/3 --out "$T/x.csv"
e2 "--shard without --out" "--shard: expected --out FILE" "$SMSIM" sweep --workload fma --warps 1-2 --shard 0/2
e2 "--resume without --out" "--resume: expected --out FILE" "$SMSIM" sweep --workload fma --warps 1-2 --resume
: >"$T/p.csv.partial"
e2 "sweep: FILE.partial exists without --resume" "p.csv.partial: exists" "$SMSIM" sweep --workload fma --ilp 1 --warps 1-2 --out "$T/p.csv"
expect "sweep: FILE.partial exists: says --resume" 2 -F "expected --resume" "$T/err"
if [ -e "$T/p.csv" ] || [ -s "$T/p.csv.partial" ]; then no "sweep: FILE.partial exists: nothing written" "$(wc -c "$T"/p.csv* 2>&1 | tr '\n' '|')"; else ok "sweep: FILE.partial exists: nothing written"; fi

# emit-cuda: a kernel for a program; stores are refused with the line
"$SMSIM" emit-cuda isa/examples/fma_ilp2.prog --out "$T/k.cu" && grep -q "fma.rn.f32 %%sr0, %%sr0, %%sr4, %%sr5" "$T/k.cu" &&
	grep -q 'pragma \\"nounroll' "$T/k.cu" && ok "emit-cuda: one PTX fma per FFMA, loops kept" || no "emit-cuda: kernel text" "$(head -c 300 "$T/k.cu")"
printf '.regs 8\nIF warp>=2\nFFMA R0, R0, R1, R2\nENDIF\nEXIT\n' >"$T/ge.prog"
"$SMSIM" emit-cuda "$T/ge.prog" --out "$T/ge.cu" && grep -q 'setp.ge.u32 %%lp, %%warpid_b, 2;' "$T/ge.cu" &&
	ok "emit-cuda: IF warp>=N as setp.ge on the warp index" || no "emit-cuda: IF warp>=N" "$(grep setp "$T/ge.cu" | head -3)"
printf '.regs 8\nLOOP 2 warp<1=8\nFFMA R0, R0, R1, R2\nENDLOOP\nEXIT\n' >"$T/lw.prog"
"$SMSIM" emit-cuda "$T/lw.prog" --out "$T/lw.cu" && grep -q '@%%lp add.u32 %%lc0, %%zero, 8;' "$T/lw.cu" &&
	ok "emit-cuda: LOOP N warp<M=K counts K in the warps below M" || no "emit-cuda: LOOP warp<M=K" "$(grep lc0 "$T/lw.cu" | head -3)"
printf '.regs 8\nLOOP 3\nIF 0.5\nLOOP 5 grow=-2\nFFMA R0, R0, R1, R2\nENDLOOP\nENDIF\nENDLOOP\nEXIT\n' >"$T/lg.prog"
"$SMSIM" emit-cuda "$T/lg.prog" --out "$T/lg.cu" && grep -q 'mov.u32 %%ls0, %%lc0;' "$T/lg.cu" &&
	grep -q 'sub.u32 %%lc2, %%ls0, %%lc0;' "$T/lg.cu" && grep -q 'mad.lo.s32 %%lc2, %%lc2, -2, 5;' "$T/lg.cu" &&
	ok "emit-cuda: LOOP N grow=G counts N + G t from the enclosing loop's start and counter" ||
	no "emit-cuda: LOOP grow=G" "$(grep -E 'lc|ls' "$T/lg.cu" | head -8)"
printf 'LOOP 2\n  STG [R2], R0\nENDLOOP\nEXIT\n' >"$T/store.prog"
e2 "emit-cuda with a store" "store.prog:2: STG is not supported by emit-cuda" "$SMSIM" emit-cuda "$T/store.prog"
printf 'FFMA R2, R0, R1, R1\nLDG.64 R3, [R2] pattern=chase\nEXIT\n' >"$T/width.prog"
e2 "emit-cuda with a register of two widths" "width.prog:2: R2 is used with two widths" "$SMSIM" emit-cuda "$T/width.prog"
e2 "emit-cuda without a program" "emit-cuda: expected a program file" "$SMSIM" emit-cuda

# ---- help: every command's usage, help COMMAND, the man page ---------------

# the commands smsim help lists (sim/help.c: adding a command there tests it here)
cmds=$("$SMSIM" help | sed -n 's/^  \([a-z][a-z-]*\)  .*/\1/p' | tr '\n' ' ')
case $cmds in
"occupancy run sweep merge validate emit-cuda "*"help ") ok "help lists the commands: $cmds" ;;
*) no "help lists the commands" "got: $cmds" ;;
esac
for c in $cmds; do
	run "$SMSIM" $c --help
	cp "$T/out" "$T/help_$c"
	if [ "$got" -eq 0 ] && head -n 1 "$T/out" | grep -q "^usage: smsim $c" && grep -q '^example:' "$T/out" &&
		grep -q "^  smsim $c" "$T/out" && [ ! -s "$T/err" ]; then
		ok "$c --help: usage and an example on stdout, exit 0"
	else
		no "$c --help: usage and an example on stdout, exit 0" "status $got; $(show "$T/out") $(show "$T/err")"
	fi
	run "$SMSIM" $c -h
	same "$c -h is $c --help" "$T/help_$c" "$T/out"
	run "$SMSIM" help $c
	same "help $c is $c --help" "$T/help_$c" "$T/out"
done
run "$SMSIM" run --workload fma --warps 4 --help
same "run ... --help after other options: the usage" "$T/help_run" "$T/out"
t "help: the command list" 0 "  sweep          ILP x resident-warps sweep" "$SMSIM" help
cp "$T/out" "$T/help_list"
for a in --help -h; do
	run "$SMSIM" $a
	same "smsim $a is smsim help" "$T/help_list" "$T/out"
done
run "$SMSIM" --help sweep
same "smsim --help sweep is smsim help sweep" "$T/help_sweep" "$T/out"
e2 "help of an unknown command" 'help: unknown command "frob" (expected occupancy, run, sweep, merge, validate, emit-cuda, import or help)' "$SMSIM" help frob
e2 "unknown argument: points to --help" "--frob: unknown argument (expected [--arch NAME]" "$SMSIM" run --frob
expect "unknown argument: smsim run --help" 2 -F "smsim run --help describes them" "$T/err"
run "$SMSIM" help --man
if [ "$got" -eq 0 ] && head -n 1 "$T/out" | grep -q '^\.TH SMSIM 1' && grep -q '^\.SH SYNOPSIS' "$T/out" &&
	[ "$(grep -c '^\.SS ' "$T/out")" -eq $(($(echo $cmds | wc -w) + 1)) ]; then ok "help --man: roff with a section per command"; else no "help --man: roff with a section per command" "$(show "$T/out")"; fi
# the man page holds each command's synopsis and example, as --help prints them
for c in $cmds; do
	ex=$(sed -n 's/^  smsim //p' "$T/help_$c" | tail -n 1 | sed 's/-/\\-/g')
	if grep -qF "smsim $ex" "$T/out"; then ok "help --man: $c's example"; else no "help --man: $c's example" "no \"smsim $ex\""; fi
done
if command -v groff >/dev/null 2>&1; then
	if groff -man -Tutf8 -ww -z "$T/out" 2>"$T/err" && [ ! -s "$T/err" ]; then ok "help --man: groff -ww without warnings"; else no "help --man: groff -ww without warnings" "$(show "$T/err")"; fi
fi

# ---- any iters: the unrolled loop, then the remainder ------------------------

# fma ILP 3 unrolls 21 rounds (63 FFMA) a trip: iters 400 = 19 trips + 1 round
# 19 x (63 + IADD3 + LOP3 + BRA) + 3 FFMA + EXIT = 1258 per warp, and the
# harness around the loop (sep layout): ULDC.64, BAR, CS2R, ULDC, LDC before
# it (the ULDC.64 of the global window before the barrier since round 50), the
# ILP FADDs, S2R, LDC.64, IMAD, IMAD.WIDE, STG, BAR, CS2R after: 5 + 3 + 7 =
# 15 more, 1273 per warp; 4 warps: 5092
te "fma ILP 3 iters=400: 4 x 1273 warp instructions" 0 '"warp_instructions":[[:space:]]*5092,' \
	"$SMSIM" run --workload fma --set ilp=3,iters=400 --warps 4 --json
# iters 399 = 19 trips, as before: 19 x 66 + 1 + 15 (the harness) = 1270
te "fma ILP 3 iters=399: 1270, the loop and the harness" 0 '"warp_instructions":[[:space:]]*1270,' \
	"$SMSIM" run --workload fma --set ilp=3,iters=399 --warps 1 --json
# dram_chase: 8 rounds a trip; 50 = 6 trips + 2: 6 x (8 + 3) + 2 + 1 = 69
te "dram_chase iters=50: 69 warp instructions" 0 '"warp_instructions":[[:space:]]*69,' \
	"$SMSIM" run --workload dram_chase --set iters=50 --warps 1 --json
# fewer iterations than a trip: no loop, 5 loads + EXIT
te "dram_chase iters=5: 6 warp instructions" 0 '"warp_instructions":[[:space:]]*6,' \
	"$SMSIM" run --workload dram_chase --set iters=5 --warps 1 --json
t "sweep with a remainder: dram_chase ILP 3 iters=50" 0 "knee W" "$SMSIM" sweep --workload dram_chase --ilp 3 --warps 1-4 --set iters=50 --jobs 2
e2 "iters=0" '--set iters: expected an integer in [1, 100000000], got "0"' "$SMSIM" run --workload fma --set iters=0 --warps 4
# a list of iters in a sweep: each curve runs its own (a worker used to keep the first);
# ILP 1: 64 + 2 + 1 + EXIT = 68 for 64, 2 trips 135 for 128, the harness 13 more
run "$SMSIM" sweep --workload fma --ilp 1 --warps 1 --set iters=64:128 --csv --jobs 1
if [ "$got" -eq 0 ] && [ "$(cut -d, -f7,14 "$T/out" | tail -n 2 | tr '\n' ' ')" = "81,64 148,128 " ]; then ok "sweep --set iters=64:128: each curve its iters"; else no "sweep --set iters=64:128: each curve its iters" "$(show "$T/out") $(show "$T/err")"; fi

# ---- a workload's natural launch -------------------------------------------

t "run tile without a shape: its natural launch, said" 0 \
	"launch: 256 threads x 4 blocks (the tile workload's natural launch; override with --warps or --threads/--blocks)" \
	"$SMSIM" run --workload tile
expect "run tile: 4 blocks of 256 threads" 0 -F "4 blocks of 256 threads" "$T/out"
te "run tile --json: 256 threads" 0 '"threads_per_block":[[:space:]]*256,' "$SMSIM" run --workload tile --json
expect "run tile --json: 4 blocks" 0 -E '"blocks":[[:space:]]*4,' "$T/out"
t "run tile --warps 8: the user's shape" 0 "1 block of 256 threads" "$SMSIM" run --workload tile --warps 8
if grep -q '^launch:' "$T/out"; then no "run tile --warps 8: no launch line" "$(show "$T/out")"; else ok "run tile --warps 8: no launch line"; fi
e2 "run fma without a shape" "expected --warps W or --threads T [--blocks B], got neither (workload fma has no launch of its own" "$SMSIM" run --workload fma

# ---- --arch-set: what-if questions -------------------------------------------

cyc() { sed -n 's/^[[:space:]]*"cycles":[[:space:]]*\([0-9]*\),.*/\1/p' "$T/out"; }
run "$SMSIM" run --workload dram_chase --set iters=16 --warps 8 --json
c0=$(cyc)
run "$SMSIM" run --workload dram_chase --set iters=16 --warps 8 --arch-set dram_latency=1356 --json
c1=$(cyc)
if [ "$got" -eq 0 ] && [ -n "$c0" ] && [ -n "$c1" ] && [ "$c1" -gt "$c0" ]; then ok "run --arch-set dram_latency=1356: more cycles ($c0 -> $c1)"; else no "run --arch-set dram_latency=1356: more cycles" "$c0 -> $c1 $(show "$T/err")"; fi
expect "run --arch-set --json: arch_set" 0 -F '"arch_set":	"memory.dram_latency=1356"' "$T/out"
run "$SMSIM" run --workload dram_chase --set iters=16 --warps 8 --arch-set memory.dram_latency=682 --json
c2=$(cyc)
if [ "$c2" = "$c0" ]; then ok "run --arch-set to the file's own value: the same cycles"; else no "run --arch-set to the file's own value: the same cycles" "$c0 vs $c2"; fi
t "run --arch-set: said in the table" 0 "with --arch-set memory.dram_latency=1356,pipes.fma.latency=8" \
	"$SMSIM" run --workload dram_chase --set iters=16 --warps 8 --arch-set dram_latency=1356 --arch-set fma.latency=8
te "occupancy --arch-set regsPerMultiprocessor=32768: 2 blocks" 0 'resident blocks per SM +2$' \
	"$SMSIM" occupancy --threads 256 --regs 64 --arch-set regsPerMultiprocessor=32768,regsPerBlock=32768
head -n 9 tests/data/h200/sweep.csv >"$T/meas.csv"
t "validate --arch-set" 0 "validate sm_90" "$SMSIM" validate --measured "$T/meas.csv" --arch-set fma.latency=4 --max-mape 1000 --max-knee-diff 64 --jobs 2
run "$SMSIM" sweep --workload fma --ilp 1 --warps 1-2 --set iters=64 --arch-set dram_latency=900,fma.latency=5 --csv --jobs 1
if [ "$got" -eq 0 ] && head -n 1 "$T/out" | grep -q ',arch,policy,point,points,arch_set,vary,vary_value$' &&
	sed -n 2p "$T/out" | grep -q ',sm_90,bgrr,0,2,memory.dram_latency=900;pipes.fma.latency=5,,$'; then
	ok "sweep --arch-set: the arch_set column"
else
	no "sweep --arch-set: the arch_set column" "$(show "$T/out") $(show "$T/err")"
fi
e2 "--arch-set out of range" '--arch-set: "memory.dram_latency": expected integer in [1, 100000], got 0' "$SMSIM" run --workload fma --warps 4 --arch-set dram_latency=0
e2 "--arch-set not a number" '--arch-set: "pipes.fma.latency": expected integer in [1, 10000], got "fast"' "$SMSIM" run --workload fma --warps 4 --arch-set pipes.fma.latency=fast
e2 "--arch-set a fraction for an integer" '--arch-set: "allocation.subPartitions": expected integer in [1, 8], got 2.5' "$SMSIM" run --workload fma --warps 4 --arch-set subPartitions=2.5
e2 "--arch-set unknown key: close names" '--arch-set: "dram_latancy": unknown key (expected a field of the architecture file; close: memory.dram_latency' "$SMSIM" run --workload fma --warps 4 --arch-set dram_latancy=900
e2 "--arch-set without =" '--arch-set: expected KEY=VALUE[,KEY=VALUE] (as dram_latency=900), got "dram_latency"' "$SMSIM" run --workload fma --warps 4 --arch-set dram_latency
e2 "--arch-set empty" '--arch-set: expected KEY=VALUE[,KEY=VALUE] (as dram_latency=900), got ""' "$SMSIM" run --workload fma --warps 4 --arch-set ""
e2 "--arch-set without its value" '--arch-set: expected a value after it, got the end of the command line' "$SMSIM" run --workload fma --warps 4 --arch-set
e2 "--arch-set a key twice" '--arch-set: "memory.dram_latency": given twice (expected each key once)' "$SMSIM" run --workload fma --warps 4 --arch-set dram_latency=700,memory.dram_latency=800
e2 "--arch-set breaks a cross-field check" '--arch-set: "pipes.fma.lanes": expected a divisor of warpSize (1, 2, 4, 8, 16 or 32), got 12' "$SMSIM" run --workload fma --warps 4 --arch-set fma.lanes=12
e2 "sweep --arch-set out of range" '--arch-set: "timing.loop_insns": expected integer in [1, 3], got 4' "$SMSIM" sweep --workload fma --warps 1-2 --arch-set loop_insns=4
e2 "occupancy --arch-set unknown key" '--arch-set: "regs": unknown key' "$SMSIM" occupancy --threads 256 --regs 64 --arch-set regs=1

# ---- sweep --vary: an arch field or a parameter as the x axis ----------------

vs() {
	"$SMSIM" sweep --workload dram_chase --ilp 1,2 --warps 8 --set iters=16 --vary dram_latency=200:1000:400 --jobs 2 "$@"
}
run vs --csv
cp "$T/out" "$T/vary.csv"
if [ "$got" -eq 0 ] && head -n 1 "$T/vary.csv" | grep -q '^workload,ilp,warps_per_sm,blocks_per_sm,threads_per_block,cycles,warp_instructions,ipc,achieved_occupancy,eligible_warps_per_cycle,knee,.*,arch,policy,point,points,arch_set,vary,vary_value$'; then
	ok "sweep --vary --csv: the contract's columns, then arch_set,vary,vary_value"
else
	no "sweep --vary --csv: the contract's columns, then arch_set,vary,vary_value" "$(show "$T/out") $(show "$T/err")"
fi
vals=$(tail -n +2 "$T/vary.csv" | awk -F, '{ print $1 ":" $2 ":" $3 ":" $(NF - 1) "=" $NF }' | tr '\n' ' ')
if [ "$vals" = "dram_chase:1:8:memory.dram_latency=200 dram_chase:1:8:memory.dram_latency=600 dram_chase:1:8:memory.dram_latency=1000 dram_chase:2:8:memory.dram_latency=200 dram_chase:2:8:memory.dram_latency=600 dram_chase:2:8:memory.dram_latency=1000 " ]; then
	ok "sweep --vary: 2 ILP x 3 values at W=8"
else
	no "sweep --vary: 2 ILP x 3 values at W=8" "$vals"
fi
c200=$(awk -F, 'NR == 2 { print $6 }' "$T/vary.csv")
c1000=$(awk -F, 'NR == 4 { print $6 }' "$T/vary.csv")
if [ -n "$c200" ] && [ -n "$c1000" ] && [ "$c1000" -gt "$c200" ]; then ok "sweep --vary dram_latency: cycles grow with it"; else no "sweep --vary dram_latency: cycles grow with it" "$c200 $c1000"; fi
knees=$(awk -F, 'NR > 1 && $11 == 1' "$T/vary.csv" | wc -l)
lw=$(awk -F, 'NR > 1 { print $12 }' "$T/vary.csv" | tr '\n' ' ')
if [ "$knees" -eq 2 ]; then ok "sweep --vary: one knee per curve"; else no "sweep --vary: one knee per curve" "$knees"; fi
case $lw in
*" "*" "*) l1=$(echo "$lw" | cut -d' ' -f1); l3=$(echo "$lw" | cut -d' ' -f3)
	if [ "$l3" -gt "$l1" ]; then ok "sweep --vary: Little's law per point ($lw)"; else no "sweep --vary: Little's law per point" "$lw"; fi ;;
*) no "sweep --vary: Little's law per point" "$lw" ;;
esac
run vs --csv --jobs 1
same "sweep --vary: --jobs 1 and 2 byte-identical" "$T/vary.csv" "$T/out"
t "sweep --vary: the table" 0 "ILP x memory.dram_latency at 8 resident warps: dram_chase on sm_90" vs
t "sweep --vary --json" 0 '"vary_value":	"600"' vs --json
t "sweep --vary --out" 0 "CSV: $T/vfull.csv" vs --out "$T/vfull.csv"
head -n 3 "$T/vfull.csv" >"$T/vres.csv.partial"
t "sweep --vary --resume" 0 "CSV: $T/vres.csv" vs --out "$T/vres.csv" --resume
same "sweep --vary --resume: byte-identical" "$T/vfull.csv" "$T/vres.csv"
for i in 0 1; do run vs --shard $i/2 --out "$T/vs$i.csv"; done
t "sweep --vary shards: merge" 0 "merged 6 points from 2 files" "$SMSIM" merge --out "$T/vall.csv" "$T/vs1.csv" "$T/vs0.csv"
same "sweep --vary shards + merge: byte-identical" "$T/vfull.csv" "$T/vall.csv"
cp "$T/full.csv" "$T/mix.csv.partial"
e2 "sweep --vary --resume of an ordinary sweep's file" "missing the columns arch_set,vary,vary_value" vs --out "$T/mix.csv" --resume
run "$SMSIM" sweep --workload fma --ilp 1 --warps 32 --set iters=64 --vary subPartitions=1:4 --csv --jobs 2
ipcs=$(awk -F, 'NR > 1 { print $8 }' "$T/out" | tr '\n' ' ')
if [ "$got" -eq 0 ] && [ "$(awk -F, 'NR > 1' "$T/out" | wc -l)" -eq 4 ] &&
	awk -F, 'NR > 2 && $8 <= p { bad = 1 } NR > 1 { p = $8 } END { exit bad }' "$T/out"; then
	ok "sweep --vary subPartitions=1:4: throughput grows ($ipcs)"
else
	no "sweep --vary subPartitions=1:4: throughput grows" "$ipcs $(show "$T/err")"
fi
run "$SMSIM" sweep --workload mix --ilp 1 --warps 16 --set iters=16 --vary fma_per_load=1:16:*2 --csv --jobs 2
sets=$(awk -F, 'NR > 1 { print $15 "/" $NF }' "$T/out" | tr '\n' ' ')
if [ "$sets" = "fma_per_load=1/1 fma_per_load=2/2 fma_per_load=4/4 fma_per_load=8/8 fma_per_load=16/16 " ]; then ok "sweep --vary a parameter, geometric: fma_per_load=1:16:*2"; else no "sweep --vary a parameter, geometric" "$sets $(show "$T/err")"; fi
run "$SMSIM" sweep --workload fma --ilp 1 --warps 4 --vary iters=100,400 --csv --jobs 2
its=$(awk -F, 'NR > 1 { print $7 "@" $14 }' "$T/out" | tr '\n' ' ')
# ILP 1: 64 FFMA a trip; 100 = 1 trip + 36: 67 + 36 + 1 = 104; 400 = 6 trips + 16: 402 + 16 + 1 = 419;
# the harness 13 more (ILP + 12): 117, 432 (x 4 warps)
if [ "$its" = "468@100 1728@400 " ]; then ok "sweep --vary iters=100,400: remainder iterations, a list"; else no "sweep --vary iters=100,400" "$its $(show "$T/err")"; fi
e2 "--vary a value out of range" '--vary: "memory.dram_latency": expected integer in [1, 100000], got 0' "$SMSIM" sweep --workload dram_chase --warps 8 --vary dram_latency=0:400:200
e2 "--vary a bad parameter value" '--vary fma_per_load: expected an integer in [1, 1024], got "0"' "$SMSIM" sweep --workload mix --warps 8 --vary fma_per_load=0:4:2
e2 "--vary unknown key" '--vary: "dram_lat": unknown key (expected a parameter of dram_chase: ilp, iters, unroll, seed, footprint, bytes; or a field of the architecture file; close: memory.dram_latency, memory.dram_latency_spread)' "$SMSIM" sweep --workload dram_chase --warps 8 --vary dram_lat=1:2
e2 "--vary without =" '--vary: expected KEY=FROM:TO:STEP or KEY=V1,V2,... (as dram_latency=200:1000:100), got "dram_latency"' "$SMSIM" sweep --workload dram_chase --warps 8 --vary dram_latency
e2 "--vary FROM above TO" '--vary memory.dram_latency: expected FROM:TO[:STEP] with numbers FROM <= TO and STEP > 0 (or *F, F > 1), or V1,V2,..., got "900:200" (FROM is above TO)' "$SMSIM" sweep --workload dram_chase --warps 8 --vary dram_latency=900:200
e2 "--vary a zero step" 'got "200:900:0" (the step is not a positive number)' "$SMSIM" sweep --workload dram_chase --warps 8 --vary dram_latency=200:900:0
e2 "--vary not numbers" 'got "low:high"' "$SMSIM" sweep --workload dram_chase --warps 8 --vary dram_latency=low:high
e2 "--vary a factor of 1" 'got "1:8:*1" (the factor is not above 1)' "$SMSIM" sweep --workload mix --warps 8 --vary fma_per_load=1:8:*1
e2 "--vary a value twice" '--vary op: value "ffma" given twice (expected each value once)' "$SMSIM" sweep --workload fma --warps 8 --vary op=ffma,fadd,ffma
e2 "--vary ilp" '--vary ilp: expected a parameter or an arch field (give ILP values with --ilp)' "$SMSIM" sweep --workload fma --warps 8 --vary ilp=1:4
e2 "--vary without --warps" '--vary: expected --warps W as well' "$SMSIM" sweep --workload fma --vary iters=64:128:64
e2 "--vary with a --warps range" '--vary: expected one --warps W (the x axis is the varied key), got "1-8" (8 values)' "$SMSIM" sweep --workload fma --warps 1-8 --vary iters=64:128:64
e2 "--vary a --set key" '--vary fma_per_load: also given in --set (expected it in one of them)' "$SMSIM" sweep --workload mix --warps 8 --set fma_per_load=4 --vary fma_per_load=1:2
e2 "--vary an --arch-set key" '--vary memory.dram_latency: also given in --arch-set (expected it in one of them)' "$SMSIM" sweep --workload mix --warps 8 --arch-set dram_latency=500 --vary dram_latency=600,700
e2 "--vary too many values" '--vary memory.dram_latency: expected at most 1000 values' "$SMSIM" sweep --workload mix --warps 8 --vary dram_latency=1:5000:1

# ---- make install / uninstall into a temporary PREFIX -------------------------

# A copy of the sources (and of build/ when a default build is there, so that
# the copy also shows a copied tree training its PGO profile in its own
# folder); the installed binary runs from another folder and finds its arch
# files under PREFIX/share/smsim/arch. SKIP_INSTALL=1 leaves this out.
if [ -z "${SKIP_INSTALL:-}" ] && command -v make >/dev/null 2>&1 && [ -f Makefile ]; then
	mkdir -p "$T/src/tests" "$T/elsewhere"
	cp -R Makefile sim isa workloads arch "$T/src/" && cp tests/pgo_train.sh "$T/src/tests/"
	gcda=build/pgo/sim/sm.c.gcda
	if [ "${BUILD:-build}" = build ] && [ -f build/pgo/trained ] && [ -f build/flags ]; then
		mkdir -p "$T/src/build" "$T/src/bin"
		for f in build/*; do
			case $f in build/asan | build/vg | build/debug | build/fuzz) ;; *) cp -Rp "$f" "$T/src/build/" ;; esac
		done
		cp -p bin/smsim "$T/src/bin/" 2>/dev/null
		before=$(ls -l --time-style=+%s.%N "$gcda" 2>/dev/null)
	fi
	if make -C "$T/src" -j2 install PREFIX="$T/prefix" >"$T/install.log" 2>&1; then ok "make install PREFIX=tmp"; else no "make install PREFIX=tmp" "$(tail -n 5 "$T/install.log" | tr '\n' '|')"; fi
	for f in bin/smsim share/smsim/arch/sm_90.json share/smsim/arch/sm_70.json share/man/man1/smsim.1; do
		if [ -f "$T/prefix/$f" ]; then ok "make install: PREFIX/$f"; else no "make install: PREFIX/$f" "missing"; fi
	done
	run sh -c "cd '$T/elsewhere' && '$T/prefix/bin/smsim' occupancy --arch sm_90 --threads 256 --regs 64"
	expect "installed smsim, run elsewhere: --arch sm_90 from PREFIX/share/smsim/arch" 0 -E 'resident blocks per SM +4$' "$T/out"
	cp "$T/prefix/bin/smsim" "$T/elsewhere/smsim-copy"
	run sh -c "cd '$T/elsewhere' && ./smsim-copy run --workload fma --set iters=64 --warps 2 --arch sm_70"
	expect "a copy of the installed binary: the compiled-in arch folder" 0 -F "on sm_70" "$T/out"
	run sh -c "cd '$T/elsewhere' && '$T/prefix/bin/smsim' run --workload fma --warps 2 --arch sm_99"
	expect "installed smsim, unknown arch: the folders searched, in order" 2 -F "expected sm_99.json in ./arch, $T/prefix/arch and $T/prefix/share/smsim/arch, searched in that order" "$T/err"
	expect "installed smsim, unknown arch: the known ones" 2 -F "found: sm_70, sm_75, sm_80" "$T/err"
	if head -n 1 "$T/prefix/share/man/man1/smsim.1" 2>/dev/null | grep -q '^\.TH SMSIM 1'; then ok "make install: the man page is smsim help --man"; else no "make install: the man page" "$(head -c 100 "$T/prefix/share/man/man1/smsim.1" 2>&1)"; fi
	if [ -n "${before:-}" ]; then
		# the copied tree trained into its own folder, the original's profile untouched
		if [ "$(ls -l --time-style=+%s.%N "$gcda" 2>/dev/null)" = "$before" ] && [ "$T/src/$gcda" -nt "$T/src/build/pgo/sim/sm.o" ] &&
			[ "$(cat "$T/src/build/pgo/tree")" = "$T/src" ]; then
			ok "a copied build tree trains its PGO profile in its own folder"
		else
			no "a copied build tree trains its PGO profile in its own folder" "$(ls -l "$gcda" "$T/src/$gcda" "$T/src/build/pgo/sim/sm.o" 2>&1 | tr '\n' '|')"
		fi
		# the build records its flags: nothing to do, then PGO=0 recompiles
		make -C "$T/src" PREFIX="$T/prefix" >"$T/again.log" 2>&1
		if ! grep -q ' -c -o ' "$T/again.log"; then ok "make again: nothing to compile"; else no "make again: nothing to compile" "$(grep -- ' -c -o ' "$T/again.log" | head -n 2 | tr '\n' '|')"; fi
		# MAKEFLAGS unset: under `make -s test` the -s would hide the command line looked for
		env -u MAKEFLAGS -u MAKELEVEL make -C "$T/src" PREFIX="$T/prefix" PGO=0 build/sim/sm.o >"$T/again.log" 2>&1
		if grep -q -- '-c -o build/sim/sm.o sim/sm.c' "$T/again.log" && ! grep -q -- '-fprofile-use' "$T/again.log"; then ok "make PGO=0 after a PGO build: recompiles without the profile"; else no "make PGO=0 after a PGO build: recompiles without the profile" "$(tail -n 3 "$T/again.log" | tr '\n' '|')"; fi
	fi
	if make -C "$T/src" uninstall PREFIX="$T/prefix" >"$T/uninstall.log" 2>&1 && [ ! -e "$T/prefix/bin/smsim" ] &&
		[ ! -e "$T/prefix/share/smsim" ] && [ ! -e "$T/prefix/share/man/man1/smsim.1" ]; then
		ok "make uninstall PREFIX=tmp: all gone"
	else
		no "make uninstall PREFIX=tmp: all gone" "$(find "$T/prefix" -type f | tr '\n' ' ') $(tail -n 3 "$T/uninstall.log" | tr '\n' '|')"
	fi
fi

# ordinary CUDA (round 55, tests/data/ordinary): every one-line kernel imports with no hand rule and runs
# (division, powf, tanhf, sinf, atomics, half2, doubles: the slow-path idiom's CALLs, |R|.reuse, REDG), but
# the grid-stride loop, whose trips the grid decides
L=tests/data/ordinary/sass_local.txt
bad=""
nk=0
for k in $(grep -o 'Function : [^ ]*' "$L" | cut -d' ' -f3); do
	case $k in _Z8k_stridePKfPfi | _Z2mmPKfS0_Pfi | _Z3redPKfPf) continue ;; esac
	nk=$((nk + 1))
	run "$SMSIM" run --sass "$L" --kernel "$k" --warps 4 --csv
	[ "$got" -eq 0 ] || bad="$bad $k: $(show "$T/err")"
done
if [ "$nk" -eq 20 ] && [ -z "$bad" ]; then ok "import: 20 ordinary kernels with no hand rule"; else no "import: ordinary kernels" "$nk kernels;$bad"; fi
# the tiled SGEMM's tile loop from n (its n / 16 a signed division: LEA.HI), the reduction's from blockDim.x
t "import: SGEMM's tile loop from --arg 4=1024 (n / 16 by LEA.HI)" 0 "LOOP 64 edge=branch" "$SMSIM" import "$L" --kernel mm --arg 4=1024
e2 "import: a loop from blockDim.x names it" "(the kernel reads blockDim.x, c[0x0][0x0], at PC 0x0030: --const 0x0=N gives it" \
	"$SMSIM" import "$L" --kernel _Z3redPKfPf
t "import: the reduction's loop from --const 0x0=256" 0 "LOOP 8 edge=branch" "$SMSIM" import "$L" --kernel _Z3redPKfPf --const 0x0=256
run "$SMSIM" import "$L" --kernel k_fdiv
n=$(grep -c 'IF 0 .*every lane: the math library.s slow path' "$T/out")
if [ "$got" -eq 0 ] && [ "$n" -eq 3 ]; then
	ok "import: x / y, 1.f / x and sqrtf: three slow-path branches taken by every lane"
else
	no "import: k_fdiv" "$n slow-path branches; $(show "$T/err")"
fi
run "$SMSIM" import "$L" --kernel k_pow
if [ "$got" -eq 0 ] && grep -qF '|R2|.reuse' "$T/out"; then ok "import: powf's |R2|.reuse"; else no "import: powf" "$(show "$T/err")"; fi
e2 "import: a grid-stride loop needs its trips" "loop 0x00d0..0x0140 has no trip count (expected --trips N or --trips 0xd0=N" \
	"$SMSIM" import "$L" --kernel k_stride
t "import: a grid-stride loop with --trips" 0 "cycles" "$SMSIM" run --sass "$L" --kernel k_stride --trips 4 --warps 4

# smsim import and run --sass: a compiled kernel of the committed H200 listings
L=tests/data/h200/import/sass.txt
run "$SMSIM" import "$L" --kernel _Z6fma_usILi1E --trips 1 --trips 0x1e0=512 --out "$T/fs1.prog"
if [ "$got" -eq 0 ] && grep -q '^LOOP 512 edge=branch' "$T/fs1.prog" && grep -qF '# /*0300*/ @P2 BRA 0x1e0' "$T/fs1.prog"; then
	ok "import: fma_us<1> with its main loop's trips"
else
	no "import: fma_us<1>" "$(show "$T/err")"
fi
# the loop of 16 FFMAs at 4-cycle stall counts: the same cycles imported or run from the listing
run "$SMSIM" run --program "$T/fs1.prog" --warps 1 --csv
a=$(tail -n 1 "$T/out" | cut -d, -f7)
run "$SMSIM" run --sass "$L" --kernel _Z6fma_usILi1E --trips 1 --trips 0x1e0=512 --warps 1 --csv
b=$(tail -n 1 "$T/out" | cut -d, -f7)
if [ -n "$a" ] && [ "$a" = "$b" ]; then ok "run --sass: as the imported program ($a cycles)"; else no "run --sass" "$a against $b $(show "$T/err")"; fi
e2 "import: a loop without trips" "has no trip count (expected --trips N or --trips 0x1e0=N; not the counted-loop idiom: " "$SMSIM" import "$L" --kernel _Z6fma_usILi1E
e2 "import: a missing kernel lists the kernels" "nosuchkernel" "$SMSIM" import "$L" --kernel nosuchkernel --trips 1
e2 "import: ambiguous kernel" "fma_u" "$SMSIM" import "$L" --kernel fma_u --trips 1
e2 "import: --trips 0" "--trips: expected N or PC=N with N a trip count 1 to 1000000000, got \"0\"" "$SMSIM" import "$L" --kernel _Z6fma_usILi1E --trips 0
e2 "import: --taken out of range" "--taken: expected a fraction of lanes 0 to 1, wN or w0:N after '=', got \"0x10=2\"" "$SMSIM" import "$L" --kernel _Z6fma_usILi1E --taken 0x10=2
# the counted-loop idiom (round 47): mech_yield's yld_imad<8> loop (256 trips, R4 from 0 by 1 while NE 256)
# without its --trips runs as with it
Y=tests/data/h200/mech/yield/sass_local.txt
run "$SMSIM" run --sass "$Y" --kernel _Z8yld_imadILi8EEvPfP8BlockRec --trips 0x210=256 --span 0x60:0x300 --warps 8 --csv
a=$(tail -n 1 "$T/out" | cut -d, -f7)
run "$SMSIM" run --sass "$Y" --kernel _Z8yld_imadILi8EEvPfP8BlockRec --span 0x60:0x300 --warps 8 --csv
b=$(tail -n 1 "$T/out" | cut -d, -f7)
"$SMSIM" import "$Y" --kernel _Z8yld_imadILi8EEvPfP8BlockRec >"$T/yi.prog" 2>"$T/err"
if [ -n "$a" ] && [ "$a" = "$b" ] && grep -q "LOOP 256 .*the counted-loop idiom: R4 from 0 by 1 while NE 256" "$T/yi.prog"; then
	ok "import: the counted-loop idiom reads yld_imad's 256 trips ($a cycles either way)"
else
	no "import: the counted-loop idiom" "$a and $b cycles $(grep LOOP "$T/yi.prog") $(show "$T/err")"
fi
# --trips PC=N,grow=G (round 47): a triangular loop; 1, 3, 5, 7 inner trips in 4 outer ones run the
# instructions of 4 inner trips each (16), and a count below 1 names the loop by its PCs
cat > "$T/tri.sass" <<'EOT'
Function : tri
/*0000*/ MOV R1, RZ ;
/*0010*/ MOV R2, RZ ;
/*0020*/ FFMA R8, R8, R4, R5 ;
/*0030*/ @P0 BRA 0x20 ;
/*0040*/ IADD3 R1, R1, 0x1, RZ ;
/*0050*/ @P1 BRA 0x10 ;
/*0060*/ EXIT ;
EOT
run "$SMSIM" run --sass "$T/tri.sass" --kernel tri --trips 0x50=4 --trips 0x30=1,grow=2 --warps 1 --csv
a=$(tail -n 1 "$T/out" | cut -d, -f8)
run "$SMSIM" run --sass "$T/tri.sass" --kernel tri --trips 0x50=4 --trips 0x30=4 --warps 1 --csv
b=$(tail -n 1 "$T/out" | cut -d, -f8)
if [ -n "$a" ] && [ "$a" = "$b" ] && [ "$a" = 46 ]; then ok "import: --trips PC=N,grow=G runs 1+3+5+7 trips ($a instructions)"; else no "import: grow" "$a and $b instructions, expected 46 $(show "$T/err")"; fi
e2 "import: a grow loop's count below 1" "tri.sass: the loop 0x0020..0x0030, as --trips makes it: LOOP 7 grow=-3: -2 trips at trip t = 3 of the enclosing loop's 4" "$SMSIM" run --sass "$T/tri.sass" --kernel tri --trips 0x50=4 --trips 0x30=7,grow=-3 --warps 1
# round 48: the importer reads a triangular loop itself, for (j = 0; j < i + 1; j++) in 8 trips of i (the
# bound R5 = R2 + 1): 1 + 2 + ... + 8 = 36 inner trips of 4 instructions, 8 outer trips of 5, MOV and
# EXIT: 186 warp instructions, as the same program with the rule given by hand
cat > "$T/tri2.sass" <<'EOT'
Function : tri2
/*0000*/ MOV R2, RZ ;
/*0010*/ IADD3 R5, R2, 0x1, RZ ;
/*0020*/ MOV R3, RZ ;
/*0030*/ IADD3 R3, R3, 0x1, RZ ;
/*0040*/ FFMA R0, R0, R6, R7 ;
/*0050*/ ISETP.GE.AND P0, PT, R3, R5, PT ;
/*0060*/ @!P0 BRA 0x30 ;
/*0070*/ IADD3 R2, R2, 0x1, RZ ;
/*0080*/ ISETP.NE.AND P0, PT, R2, 0x8, PT ;
/*0090*/ @P0 BRA 0x10 ;
/*00a0*/ EXIT ;
EOT
run "$SMSIM" run --sass "$T/tri2.sass" --kernel tri2 --warps 1 --csv
a=$(tail -n 1 "$T/out" | cut -d, -f8)
run "$SMSIM" run --sass "$T/tri2.sass" --kernel tri2 --trips 0x90=8 --trips 0x60=1,grow=1 --warps 1 --csv
b=$(tail -n 1 "$T/out" | cut -d, -f8)
"$SMSIM" import "$T/tri2.sass" --kernel tri2 >"$T/tri2.prog" 2>"$T/err"
if [ -n "$a" ] && [ "$a" = "$b" ] && [ "$a" = 186 ] && grep -q "LOOP 1 grow=1 .*R3 from 0 by 1 while not GE R2 + 1" "$T/tri2.prog"; then
	ok "import: a triangular loop read from the listing (LOOP 1 grow=1, $a instructions)"
else
	no "import: a triangular loop read from the listing" "$a and $b instructions, expected 186 $(grep LOOP "$T/tri2.prog") $(show "$T/err")"
fi
# round 49: the kernel's arguments decide nvcc's unrolled loop (uniflow.c). rt_a is nvcc 13's code for
# for (i = 0; i < n; i++) acc = fmaf(acc, x, y), n the third parameter (c[0x0][0x220]): by hand, the
# warp instructions are the prologue 7, then (n >= 1) 4, (n >= 4) 3 + 3, (R3 = n - n % 4 > 12) 3 + 19 a
# 16-FFMA trip, 2, (8-block) 12, 2, (4-loop) 2 + 7 a trip, 2, (n % 4) 2 + 4 a trip, the epilogue 4:
# n = 1000: 20 + 19 x 62 + 2 + 12 + 2 + 2 + 4 = 1220; n = 7: 7 + 4 + 3 + 3 + 2 + 2 + 2 + 7 + 2 + 2 + 12 + 4 = 50;
# n = 3: 7 + 4 + 2 + 2 + 12 + 4 = 31; n = 16: 20 + 19 + 2 + 2 + 2 + 4 = 49
cat > "$T/rt.sass" <<'EOT'
Function : _Z4rt_aPfPKfiff
/*0000*/ LDC R1, c[0x0][0x28] ;
/*0010*/ LDC R3, c[0x0][0x220] ;
/*0020*/ S2R R0, SR_TID.X ;
/*0030*/ ULDC.64 UR4, c[0x0][0x208] ;
/*0040*/ ISETP.GE.AND P0, PT, R3, 0x1, PT ;
/*0050*/ I2FP.F32.U32 R5, R0 ;
/*0060*/ @!P0 BRA 0x480 ;
/*0070*/ IADD3 R2, R3, -0x1, RZ ;
/*0080*/ ISETP.GE.U32.AND P0, PT, R2, 0x3, PT ;
/*0090*/ LOP3.LUT R2, R3, 0x3, RZ, 0xc0, !PT ;
/*00a0*/ @!P0 BRA 0x400 ;
/*00b0*/ IADD3 R3, -R2, R3, RZ ;
/*00c0*/ ISETP.GT.AND P0, PT, R3, RZ, PT ;
/*00d0*/ @!P0 BRA 0x370 ;
/*00e0*/ ISETP.GT.AND P1, PT, R3, 0xc, PT ;
/*00f0*/ PLOP3.LUT P0, PT, PT, PT, PT, 0x80, 0x0 ;
/*0100*/ @!P1 BRA 0x270 ;
/*0110*/ LDC R4, c[0x0][0x228] ;
/*0120*/ PLOP3.LUT P0, PT, PT, PT, PT, 0x8, 0x0 ;
/*0130*/ ULDC UR6, c[0x0][0x224] ;
/*0140*/ FFMA R5, R5, UR6, R4 ;
/*0150*/ IADD3 R3, R3, -0x10, RZ ;
/*0160*/ FFMA R5, R5, UR6, R4 ;
/*0170*/ ISETP.GT.AND P1, PT, R3, 0xc, PT ;
/*0180*/ FFMA R5, R5, UR6, R4 ;
/*0190*/ FFMA R5, R5, UR6, R4 ;
/*01a0*/ FFMA R5, R5, UR6, R4 ;
/*01b0*/ FFMA R5, R5, UR6, R4 ;
/*01c0*/ FFMA R5, R5, UR6, R4 ;
/*01d0*/ FFMA R5, R5, UR6, R4 ;
/*01e0*/ FFMA R5, R5, UR6, R4 ;
/*01f0*/ FFMA R5, R5, UR6, R4 ;
/*0200*/ FFMA R5, R5, UR6, R4 ;
/*0210*/ FFMA R5, R5, UR6, R4 ;
/*0220*/ FFMA R5, R5, UR6, R4 ;
/*0230*/ FFMA R5, R5, UR6, R4 ;
/*0240*/ FFMA R5, R5, UR6, R4 ;
/*0250*/ FFMA R5, R5, UR6, R4 ;
/*0260*/ @P1 BRA 0x140 ;
/*0270*/ ISETP.GT.AND P1, PT, R3, 0x4, PT ;
/*0280*/ @!P1 BRA 0x350 ;
/*0290*/ LDC R4, c[0x0][0x228] ;
/*02a0*/ ULDC UR6, c[0x0][0x224] ;
/*02b0*/ PLOP3.LUT P0, PT, PT, PT, PT, 0x8, 0x0 ;
/*02c0*/ IADD3 R3, R3, -0x8, RZ ;
/*02d0*/ FFMA R5, R5, UR6, R4 ;
/*02e0*/ FFMA R5, R5, UR6, R4 ;
/*02f0*/ FFMA R5, R5, UR6, R4 ;
/*0300*/ FFMA R5, R5, UR6, R4 ;
/*0310*/ FFMA R5, R5, UR6, R4 ;
/*0320*/ FFMA R5, R5, UR6, R4 ;
/*0330*/ FFMA R5, R5, UR6, R4 ;
/*0340*/ FFMA R5, R5, UR6, R4 ;
/*0350*/ ISETP.NE.OR P0, PT, R3, RZ, P0 ;
/*0360*/ @!P0 BRA 0x400 ;
/*0370*/ LDC R4, c[0x0][0x228] ;
/*0380*/ ULDC UR6, c[0x0][0x224] ;
/*0390*/ IADD3 R3, R3, -0x4, RZ ;
/*03a0*/ FFMA R5, R5, UR6, R4 ;
/*03b0*/ ISETP.NE.AND P0, PT, R3, RZ, PT ;
/*03c0*/ FFMA R5, R5, UR6, R4 ;
/*03d0*/ FFMA R5, R5, UR6, R4 ;
/*03e0*/ FFMA R5, R5, UR6, R4 ;
/*03f0*/ @P0 BRA 0x390 ;
/*0400*/ ISETP.NE.AND P0, PT, R2, RZ, PT ;
/*0410*/ @!P0 BRA 0x480 ;
/*0420*/ LDC R4, c[0x0][0x228] ;
/*0430*/ ULDC UR6, c[0x0][0x224] ;
/*0440*/ IADD3 R2, R2, -0x1, RZ ;
/*0450*/ FFMA R5, R5, UR6, R4 ;
/*0460*/ ISETP.NE.AND P0, PT, R2, RZ, PT ;
/*0470*/ @P0 BRA 0x440 ;
/*0480*/ LDC.64 R2, c[0x0][0x210] ;
/*0490*/ IMAD.WIDE.U32 R2, R0, 0x4, R2 ;
/*04a0*/ STG.E [R2.64], R5 ;
/*04b0*/ EXIT ;
EOT
for nc in 1000:1220 7:50 3:31 16:49; do
	run "$SMSIM" run --sass "$T/rt.sass" --kernel rt_a --arg "3=${nc%%:*}" --warps 1 --csv
	a=$(tail -n 1 "$T/out" | cut -d, -f8)
	if [ "$a" = "${nc##*:}" ]; then ok "import: --arg 3=${nc%%:*} decides nvcc's unrolled loop ($a warp instructions)"
	else no "import: --arg 3=${nc%%:*}" "$a warp instructions, expected ${nc##*:} $(show "$T/err")"; fi
done
e2 "import: --arg past the parameters" "--arg 6=1: kernel _Z4rt_aPfPKfiff has 5 parameters (1 float*, 2 const float*, 3 int, 4 float, 5 float)" "$SMSIM" import "$T/rt.sass" --kernel rt_a --arg 6=1
e2 "import: --trips grow=0" "--trips: expected PC=N,grow=G with G a non-zero whole number of trips" "$SMSIM" import "$T/tri.sass" --kernel tri --trips 0x30=1,grow=0
e2 "import: --unknown value" "--unknown: expected alu or error, got \"maybe\"" "$SMSIM" import "$L" --kernel _Z6fma_usILi1E --unknown maybe
e2 "import: not a listing" "expected a cuobjdump -sass or nvdisasm listing" "$SMSIM" import README.md --kernel x --trips 1
e2 "run: --kernel without --sass" "--kernel, --trips, --taken and --mem go with --sass FILE" "$SMSIM" run --workload fma --kernel x --warps 2
run "$SMSIM" import --help
expect "import --help" 0 -F "import FILE --kernel NAME" "$T/out"

# import_validate's SM range: mech_offg's ffma_off (7584 and 7591 cycles at 1 and 4 warps in round 45) against
# two rows whose launch's SMs span 7000..8000 (the simulated cycles inside) and 7700..7800 (outside)
grep -v -E '^mech_offg\.ffma_(on|ng_on),' tests/data/h200/mech/offg/programs.csv >"$T/range_programs.csv"
{
	head -n 3 tests/data/h100/mech/offg/runs.csv
	grep '^mech_offg,.*,ffma_off,1,1,' tests/data/h100/mech/offg/runs.csv | awk -F, -v OFS=, '{ $11 = 7000; $12 = 8000; print }'
	grep '^mech_offg,.*,ffma_off,1,4,' tests/data/h100/mech/offg/runs.csv | awk -F, -v OFS=, '{ $11 = 7700; $12 = 7800; print }'
} >"$T/range_runs.csv"
run env SMSIM="$SMSIM" VERBOSE=1 MANIFEST="$T/range_programs.csv" RUNS="$T/range_runs.csv" SASS=tests/data/h200/mech/offg/sass_local.txt \
	sh tests/import_validate.sh
expect "import_validate: the SMs' range, inside" 0 -E 'W=1 .* SMs 7000\.\.8000 in$' "$T/out"
expect "import_validate: the SMs' range, outside" 0 -E 'W=4 .* SMs 7700\.\.7800$' "$T/out"
expect "import_validate: rows inside the SMs' range counted" 0 -F "(fastest to slowest of the launch): 1 of 2 rows" "$T/out"

# import_predict: a manifest's rows simulated before any measurement, through import_validate's launch
# shape; mech_offst's stg row at 4 warps, against the same row run by hand (--warps 4 --smem 122880), and a
# manifest row whose options need a measured row's values named
grep -E '^(#|family|mech_offst\.stg_w4,)' tests/data/h200/mech/offst/programs.csv >"$T/pred_programs.csv"
ip_opts=$(grep '^mech_offst.stg_w4,' tests/data/h200/mech/offst/programs.csv | sed 's/^[^"]*"\([^"]*\)".*/\1/')
# shellcheck disable=SC2086
ip_want=$("$SMSIM" run --sass tests/data/h200/mech/offst/sass_local.txt --kernel _Z6off_stILi0ELi4EEvPfPKjP8BlockRec $ip_opts \
	--warps 4 --smem 122880 --csv | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "cycles") c = i } NR == 2 { print $c }')
run env SMSIM="$SMSIM" MANIFEST="$T/pred_programs.csv" SASS=tests/data/h200/mech/offst/sass_local.txt sh tests/import_predict.sh
expect "import_predict: a row's cycles as run by hand" 0 -x "mech_offst.stg_w4 4 $ip_want" "$T/out"
sed 's/--trips 0x\([0-9a-f]*\)=256/--trips 0x\1={iters}/' "$T/pred_programs.csv" >"$T/pred_bad.csv"
run env SMSIM="$SMSIM" MANIFEST="$T/pred_bad.csv" SASS=tests/data/h200/mech/offst/sass_local.txt sh tests/import_predict.sh
expect "import_predict: placeholders need a measured row" 2 -F "(mech_offst.stg_w4): options with {placeholders} need a measured row" "$T/err"

# the fuzz seeds follow the arch format (regenerate with tests/fuzz/gen_arch_inputs.py)
for seed in tests/fuzz/corpus/fuzz_arch/sm_90.json tests/fuzz/corpus/fuzz_arch/sm_70.json; do
	if "$SMSIM" occupancy --arch "$seed" --threads 256 --regs 32 >/dev/null 2>"$T/err"; then
		ok "fuzz seed $seed is a valid arch file"
	else
		no "fuzz seed $seed is a valid arch file (run tests/fuzz/gen_arch_inputs.py)" "$(cat "$T/err")"
	fi
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
