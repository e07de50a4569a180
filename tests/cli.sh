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
e2 "run: --program and --workload" "expected exactly one of --program FILE or --workload NAME, got both" "$SMSIM" run --workload fma --program "$T/k.prog" --warps 4
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
e2 "--policy xyz" '--policy: expected grr, gto, lrr or gty, got "xyz"' "$SMSIM" run --workload fma --warps 4 --policy xyz
e2 "sweep --policy xyz" '--policy: expected grr, gto, lrr or gty' "$SMSIM" sweep --workload fma --warps 1-2 --policy xyz
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
printf 'LOOP 2\n  STG [R2], R0\nENDLOOP\nEXIT\n' >"$T/store.prog"
e2 "emit-cuda with a store" "store.prog:2: STG is not supported by emit-cuda" "$SMSIM" emit-cuda "$T/store.prog"
printf 'FFMA R2, R0, R1, R1\nLDG.64 R3, [R2] pattern=chase\nEXIT\n' >"$T/width.prog"
e2 "emit-cuda with a register of two widths" "width.prog:2: R2 is used with two widths" "$SMSIM" emit-cuda "$T/width.prog"
e2 "emit-cuda without a program" "emit-cuda: expected a program file" "$SMSIM" emit-cuda

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
