#!/bin/sh
# smsim occupancy against what the H200's CUDA runtime reported:
# cudaOccupancyMaxActiveBlocksPerMultiprocessor for 18 kernels of known
# register count and static shared memory, 13 block sizes and 10 dynamic
# shared-memory sizes (tests/data/h200/occupancy.csv). Every row must agree.
SMSIM=${SMSIM:-./bin/smsim}
data=tests/data/h200/occupancy.csv
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print "threads,regs,smem"; next }
	{ print $c["threads_per_block"] "," $c["regs_per_thread"] "," $c["smem_per_block"] }' "$data" >"$tmp/in.csv"
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } { print $c["blocks_per_sm"] }' "$data" >"$tmp/want"
if ! "$SMSIM" occupancy --arch sm_90 --batch "$tmp/in.csv" >"$tmp/out.csv"; then
	echo "FAIL: smsim occupancy --batch"
	echo "0 passed, 1 failed"
	exit 1
fi
tail -n +2 "$tmp/out.csv" | cut -d, -f4 >"$tmp/got"
tail -n +2 "$tmp/in.csv" >"$tmp/body"
n=$(wc -l <"$tmp/want")
paste -d, "$tmp/body" "$tmp/want" "$tmp/got" | awk -F, '$4 != $5 { n++; if (n <= 10) print "  threads " $1 ", regs " $2 ", smem " $3 ": H200 " $4 ", smsim " $5 }
	END { exit n > 0 }' >"$tmp/bad"
rc=$?
zero=$(grep -c '^0$' "$tmp/want")
if [ "$rc" -eq 0 ] && [ "$n" -gt 2000 ]; then
	echo "ok   H200 occupancy: all $n launches agree ($zero of them cannot launch, on both)"
	echo "1 passed, 0 failed"
else
	cat "$tmp/bad"
	echo "FAIL H200 occupancy: rows differ or too few rows ($n)"
	echo "0 passed, 1 failed"
	exit 1
fi
