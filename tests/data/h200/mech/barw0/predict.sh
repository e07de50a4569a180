#!/bin/sh
# predict.sh [ARCH_SET]: smsim's cycles for every mech_barw0 row (variant, skewn, W), iters 512, from the local
# compile's listing and the manifest's options: the numbers in predictions.txt (round 30). Run from the
# repository root: sh tests/data/h200/mech/barw0/predict.sh [fetch_turn=1]
D=tests/data/h200/mech/barw0
S=$D/sass_local.txt
AS=${1:+--arch-set $1}
for v in 0 1; do
	k=$(grep -o "_Z6bar_w0ILi${v}EEvPfPKfiiffP8BlockRec" $S | head -1)
	o=$(grep "^mech_barw0" $D/programs.csv | grep "ILi${v}EE" | sed 's/.*,[0-9]*,"\([^"]*\)".*/\1/')
	for sk in 32 128; do
		line="v$v skewn=$sk"
		for W in 1 4 8 12 16 24 32; do
			oo=$(echo "$o" | sed "s/{iters}/512/; s/{skewn}/$sk/")
			c=$(bin/smsim run --sass $S --kernel $k $oo --threads $((32 * W)) --blocks 1 --smem 122880 $AS --csv | tail -1 | cut -d, -f7)
			line="$line W$W=$c"
		done
		echo "$line"
	done
done
