#!/bin/sh
# make equiv PREV=/path/to/old/smsim: the simulator's output is byte-identical
# to another build's over many configurations (for changes meant to alter
# speed only). Compares stdout, stderr and exit status of `smsim run` over
# workloads x ILP x warps x policies x architectures, program files, multi-block launches,
# stopped runs, timelines (CSV) and two sweeps. Prints the differing runs and
# exits 1 if any differ. Switches: SMSIM (the new build), JOBS (parallel runs),
# QUICK=1 (sm_90 only).
SMSIM=${SMSIM:-./bin/smsim}
PREV=${PREV:?equiv: set PREV to the smsim binary to compare against}
JOBS=${JOBS:-2}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
archs="sm_70 sm_80 sm_90"
for lim in 32 256; do
	sed "s/\"max_inflight_sectors\": [0-9]*/\"max_inflight_sectors\": $lim/" arch/sm_90.json >"$tmp/lim$lim.json"
done
for a in sm_70 sm_80; do
	sed "s/\"max_inflight_sectors\": [0-9]*/\"max_inflight_sectors\": 24/" arch/$a.json >"$tmp/${a}_lim24.json"
done
[ -n "$QUICK" ] && archs=sm_90
{
	for a in $archs; do for wl in fma dram_chase l1_chase smem_chase mix tile diverge barrier; do
		for i in 1 2 4 8; do for w in 1 3 8 16 34 64; do for p in grr gto lrr gty; do
			echo "run --arch $a --workload $wl --set ilp=$i,iters=64 --warps $w --policy $p --json"
		done; done; done
		for t in 100 256 1024; do
			echo "run --arch $a --workload $wl --set iters=64 --threads $t --blocks 40 --json"
		done
	done; done
	for a in sm_75 sm_86 sm_89 sm_100 sm_120; do for wl in fma dram_chase mix barrier; do
		echo "run --arch $a --workload $wl --set ilp=2,iters=64 --warps 24 --csv"
	done; done
	for op in fadd imad dfma mufu; do
		echo "run --arch sm_90 --workload fma --set op=$op,ilp=4,iters=64 --warps 16 --json"
	done
	for f in 4096 65536 4194304 1073741824; do
		echo "run --arch sm_90 --workload dram_chase --set footprint=$f,ilp=4,iters=64 --warps 48 --json"
	done
	echo "run --arch sm_90 --workload diverge --set p=0.3,long=16,short=4 --warps 12 --json"
	echo "run --arch sm_90 --workload barrier --set chunk=8,skew=9 --threads 512 --blocks 7 --json"
	echo "run --arch sm_90 --workload dram_chase --set iters=512 --warps 64 --max-cycles 20000 --json"
	echo "run --arch sm_90 --workload fma --set iters=4096 --warps 64 --max-cycles 5000 --json"
	for wl in fma dram_chase mix tile barrier diverge; do for p in grr gto; do
		echo "run --arch sm_90 --workload $wl --set ilp=2,iters=32 --warps 16 --policy $p --timeline TL --json"
	done; done
	# program files: loops with their back edge, wait=R couplings, divergence, barriers
	for f in isa/examples/*.prog tests/data/h200/tloop/*.prog tests/data/h200/lsu/*.prog tests/fuzz/corpus/fuzz_parse/*.prog; do
		for w in 1 5 32 64; do
			echo "run --arch sm_90 --program $f --warps $w --json"
		done
		echo "run --arch sm_90 --program $f --warps 8 --policy gto --timeline TL --csv"
	done
	# the in-flight limit held: sm_90 with room for 32 and 256 sectors (4 and 32 loads
	# of 256 B), so warps wait for it (lg_throttle) at any ILP, with timelines
	for lim in 32 256; do
		for i in 1 2 8; do for w in 3 16 64; do for p in grr gto lrr; do
			echo "run --arch $tmp/lim$lim.json --workload dram_chase --set ilp=$i,iters=32 --warps $w --policy $p --json"
		done; done; done
		echo "run --arch $tmp/lim$lim.json --workload dram_chase --set ilp=8,iters=16 --warps 40 --timeline TL --csv"
		echo "run --arch $tmp/lim$lim.json --workload mix --set ilp=4,iters=32 --threads 320 --blocks 9 --json"
	done
	# held at a tight limit on other architectures (other latencies and LSU
	# rates: the warps held again after a release, mem_held_at_limit in sim/mem.c)
	for a in sm_70 sm_80; do for wl in dram_chase mix; do
		for i in 2 8; do for w in 7 34 64; do for p in grr gto; do
			echo "run --arch $tmp/${a}_lim24.json --workload $wl --set ilp=$i,iters=32 --warps $w --policy $p --json"
		done; done; done
	done; done
	echo "run --arch sm_90 --workload dram_chase --set ilp=8,iters=16 --warps 64 --timeline TL --csv"
	echo "sweep --arch sm_90 --workload fma --csv"
	echo "sweep --arch sm_90 --workload dram_chase --csv"
} >"$tmp/list"
n=$(wc -l <"$tmp/list")
# one line: run both builds; a timeline goes to a per-run file compared too
cat >"$tmp/one.sh" <<'EOF'
k=$(printf '%s' "$*" | md5sum | cut -c1-12); d=$TMPD/$k
mkdir -p "$d"
a=$(printf '%s\n' "$*" | sed "s|TL|$d/tl.new|"); b=$(printf '%s\n' "$*" | sed "s|TL|$d/tl.old|")
# shellcheck disable=SC2086
"$NEW" $a >"$d/out.new" 2>"$d/err.new"; echo $? >>"$d/out.new"
# shellcheck disable=SC2086
"$OLD" $b >"$d/out.old" 2>"$d/err.old"; echo $? >>"$d/out.old"
ok=1
cmp -s "$d/out.new" "$d/out.old" || ok=0
cmp -s "$d/err.new" "$d/err.old" || ok=0
[ -f "$d/tl.new" ] && { cmp -s "$d/tl.new" "$d/tl.old" || ok=0; }
if [ $ok = 1 ]; then rm -rf "$d"; else echo "DIFFERS: smsim $*"; fi
EOF
export NEW="$SMSIM" OLD="$PREV" TMPD="$tmp"
tr '\n' '\0' <"$tmp/list" | xargs -0 -P "$JOBS" -n 1 sh -c '. "$TMPD/one.sh"' one >"$tmp/report"
bad=$(grep -c DIFFERS "$tmp/report")
cat "$tmp/report"
echo "equiv: $((n - bad)) of $n runs identical to $PREV"
[ "$bad" = 0 ]
