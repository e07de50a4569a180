#!/bin/sh
# predict.sh [ARCH_SET]: smsim's cycles for every mech_barw0s row (variant, skewn 0/1/4, W), iters 512, from
# mech_barw0's listing (the same kernels) and this set's manifest, and warp 0's cycles a trip over W 1
# ((cycles - W1) / 512). Run from the repository root: sh tests/data/h200/mech/barw0s/predict.sh [KEY=V,...]
D=tests/data/h200/mech/barw0s
S=tests/data/h200/mech/barw0/sass.txt
AS=${1:+--arch-set $1}
for v in 0 1; do
	k=$(grep -o "_Z6bar_w0ILi${v}EEvPfPKfiiffP8BlockRec" $S | head -1)
	for sk in 0 1 4; do
		if [ $sk = 0 ]; then o=$(grep "^mech_barw0s" $D/programs.csv | grep "ILi${v}EE" | grep ',skewn=0,' | sed 's/.*,[0-9]*,"\([^"]*\)".*/\1/')
		else o=$(grep "^mech_barw0s" $D/programs.csv | grep "ILi${v}EE" | grep -v ',skewn=0,' | sed 's/.*,[0-9]*,"\([^"]*\)".*/\1/'); fi
		line="v$v skewn=$sk"; per=""; w1=
		for W in 1 4 8 12 16 24 32; do
			oo=$(echo "$o" | sed "s/{iters}/512/; s/{skewn}/$sk/")
			c=$(bin/smsim run --sass $S --kernel $k $oo --threads $((32 * W)) --blocks 1 --smem 122880 $AS --csv | tail -1 | cut -d, -f7)
			[ -z "$w1" ] && w1=$c
			line="$line W$W=$c"; per="$per $(echo "($c - $w1) / 512" | bc -l | xargs printf '%.1f')"
		done
		echo "$line  a trip over W1:$per"
	done
done
