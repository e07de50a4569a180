#!/bin/sh
# predict.sh [ARCH_SET]: smsim's row cycles for every mech_twoblk row (V 0-4; 256 and 512 threads; one
# resident block, 120 KiB of shared memory, or two, 90 KiB each; 8 blocks an SM), from the local compile's
# listing and the manifest's options: the numbers in predictions.txt (round 31). From the repository root.
D=tests/data/h200/mech/twoblk
S=$D/sass_local.txt
AS=${1:+--arch-set $1}
for v in 0 1 2 3 4; do
	k=_Z7two_blkILi${v}EEvPyiP8BlockRec
	o=$(grep "ILi${v}EE" $D/programs.csv | sed 's/.*,[0-9]*,"\([^"]*\)".*/\1/')
	line="v$v"
	for cfg in "256 122880 1" "512 122880 1" "256 92160 2" "512 92160 2"; do
		set -- $cfg
		c=$(bin/smsim run --sass $S --kernel $k $o --threads $1 --blocks 8 --smem $2 $AS --csv | tail -1 | cut -d, -f7)
		line="$line tpb$1/res$3=$c"
	done
	echo "$line"
done
