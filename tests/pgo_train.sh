#!/bin/sh
# The training runs for the profile-guided build of sim/sm.c (Makefile, PGO):
# what make bench and the sweeps spend their time in, ALU-bound and
# memory-bound, at few and many warps, plus one run of each other workload
# and a program file so that no path the counts never saw is laid out as
# cold. Deterministic, about a second with the instrumented binary.
SMSIM=${SMSIM:?pgo_train.sh: set SMSIM to the instrumented smsim}
run() { "$SMSIM" run --arch sm_90 "$@" >/dev/null || { echo "pgo_train.sh: smsim run $* failed" >&2; exit 1; }; }
for ilp in 1 2 4 8; do for w in 4 16 64; do
	run --workload fma --set ilp=$ilp,iters=1024 --warps $w
done; done
for ilp in 1 4 8; do for w in 8 64; do
	run --workload dram_chase --set ilp=$ilp,iters=1024 --warps $w
done; done
for wl in l1_chase smem_chase mix tile diverge barrier; do
	run --workload $wl --set iters=64 --warps 16
done
run --workload fma --set iters=64 --threads 256 --blocks 40
run --workload fma --set iters=64 --warps 16 --policy gto
run --program isa/examples/chase_mix.prog --warps 16
exit 0
