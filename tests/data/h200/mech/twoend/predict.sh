#!/bin/sh
# predict.sh [ARCH_SET]: smsim's row cycles for every mech_twoend row (v 0-3; 256 and 512 threads; one resident
# block, 120 KiB of shared memory, or two, 90 KiB each; 8 blocks an SM), from the local compile's listing and the
# manifest's options, and at two resident the cycles over one ((res2 - res1) / 8 a block). From the repository root.
D=tests/data/h200/mech/twoend
S=$D/sass_local.txt
AS=${1:+--arch-set $1}
for v in 0 1 2 3; do
	row=$(grep "^mech_twoend.v$v," $D/programs.csv)
	k=$(echo "$row" | cut -d, -f7)
	o=$(echo "$row" | sed 's/.*,[0-9]*,"\([^"]*\)".*/\1/')
	line="v$v"
	for tpb in 256 512; do
		c1=$(bin/smsim run --sass $S --kernel $k $o --threads $tpb --blocks 8 --smem 122880 $AS --csv | tail -1 | cut -d, -f7)
		c2=$(bin/smsim run --sass $S --kernel $k $o --threads $tpb --blocks 8 --smem 92160 $AS --csv | tail -1 | cut -d, -f7)
		line="$line  tpb$tpb res1=$c1 res2=$c2"
	done
	echo "$line"
done
