#!/bin/sh
# make bench: simulator speed and memory on a fixed set of runs.
#
# Each run is simulated REPEAT times in one process (smsim run --repeat);
# the median wall time gives warp instructions and simulated cycles per
# second on one core; peak memory is the process's maximum resident set.
# Then the default 4 x 64 sweep is timed with --jobs 1 and --jobs 2.
# Prints a table, writes build/bench.csv, and checks the targets:
#   ALU-bound runs >= 50 M warp instructions/s; DRAM-bound runs cost at most
#   2x per instruction the ALU-bound median; peak memory does not grow with
#   the iteration count; the default sweep <= 2 s wall on 2 cores.
# The targets are reported, not enforced by the exit status (speed depends
# on the machine): the last line says how many were met.
SMSIM=${SMSIM:-./bin/smsim}
REPEAT=${REPEAT:-11}
CSV=${BENCH_CSV:-build/bench.csv}
mkdir -p "$(dirname "$CSV")"
field() { sed -n "s/.*\"$1\": \([0-9.]*\).*/\1/p"; }
# warm-up, not timed: the first runs of a cold process on an idle core came
# out up to 40% slow
"$SMSIM" run --arch sm_90 --workload fma --set iters=65536 --warps 64 --repeat 3 >/dev/null || { echo "bench: warm-up failed"; exit 1; }
echo "run,warp_instructions,cycles,wall_s_median,minstr_per_s,mcycles_per_s,peak_rss_kb" >"$CSV"
printf '%-34s %12s %12s %10s %10s %10s %9s\n' run warp_instr cycles wall_s Minstr/s Mcycles/s rss_kB
alu_sum=0; alu_n=0; dram_max=0; met=0; total=0
bench() { # name, then smsim run arguments
	name=$1; shift
	out=$("$SMSIM" run --arch sm_90 "$@" --repeat "$REPEAT") || { echo "bench: $name failed"; exit 1; }
	wi=$(echo "$out" | field warp_instructions); cy=$(echo "$out" | field cycles)
	wall=$(echo "$out" | field wall_s_median); ips=$(echo "$out" | field warp_instructions_per_s)
	cps=$(echo "$out" | field cycles_per_s); rss=$(echo "$out" | field peak_rss_kb)
	mips=$(awk "BEGIN{printf \"%.1f\", $ips/1e6}"); mcps=$(awk "BEGIN{printf \"%.1f\", $cps/1e6}")
	printf '%-34s %12s %12s %10s %10s %10s %9s\n' "$name" "$wi" "$cy" "$wall" "$mips" "$mcps" "$rss"
	echo "$name,$wi,$cy,$wall,$mips,$mcps,$rss" >>"$CSV"
	LAST_MIPS=$mips; LAST_RSS=$rss
}
for ilp in 1 8; do for w in 4 16 64; do
	it=$((262144 / w)); [ "$it" -gt 16384 ] && it=16384; [ "$w" -le 4 ] && it=65536
	bench "fma ilp=$ilp warps=$w" --workload fma --set ilp=$ilp,iters=$it --warps $w
	alu_sum=$(awk "BEGIN{print $alu_sum + $LAST_MIPS}"); alu_n=$((alu_n + 1))
	total=$((total + 1)); [ "$(awk "BEGIN{print ($LAST_MIPS >= 50)}")" = 1 ] && met=$((met + 1))
done; done
alu_avg=$(awk "BEGIN{printf \"%.1f\", $alu_sum / $alu_n}")
for ilp in 1 4; do for w in 8 64; do
	bench "dram_chase ilp=$ilp warps=$w" --workload dram_chase --set ilp=$ilp,iters=2048 --warps $w
	ratio=$(awk "BEGIN{printf \"%.2f\", $alu_avg / $LAST_MIPS}")
	echo "    cost per instruction vs ALU-bound mean: ${ratio}x (target <= 2x)"
	total=$((total + 1)); [ "$(awk "BEGIN{print ($ratio <= 2)}")" = 1 ] && met=$((met + 1))
done; done
bench "fma ilp=1 warps=64 iters=1024" --workload fma --set iters=1024 --warps 64
rss_small=$LAST_RSS
bench "fma ilp=1 warps=64 iters=65536" --workload fma --set iters=65536 --warps 64
rss_big=$LAST_RSS
echo "    peak memory: ${rss_small} kB at 1K iterations, ${rss_big} kB at 64K (target: no growth)"
total=$((total + 1)); [ "$((rss_big - rss_small))" -lt 1024 ] && met=$((met + 1))
t() { s=$(date +%s.%N); "$@" >/dev/null; e=$(date +%s.%N); awk "BEGIN{printf \"%.2f\", $e - $s}"; }
t1=$(t "$SMSIM" sweep --workload fma --jobs 1 --csv)
t2=$(t "$SMSIM" sweep --workload fma --jobs 2 --csv)
sp=$(awk "BEGIN{printf \"%.2f\", $t1 / $t2}")
echo "default sweep (fma, ILP 1,2,4,8 x W 1-64): ${t1} s on 1 core, ${t2} s on 2 cores: speed-up ${sp}x (target <= 2 s on 2 cores)"
echo "sweep,,,$t2,,,," >>"$CSV"
total=$((total + 1)); [ "$(awk "BEGIN{print ($t2 <= 2.0)}")" = 1 ] && met=$((met + 1))
echo "ALU-bound mean: ${alu_avg} M warp instructions/s (target >= 50 per run); CSV: $CSV"
echo "bench: $met of $total targets met"
