#!/bin/sh
# predict.sh [SMSIM] [LISTING]: smsim's cycles for every fpair row (W 1, 4, 8, 16, 32) from programs.csv, and the
# cycles a warp's trip (cycles / 256 / warps a scheduler), before the run. ARCH_SET (an --arch-set list) to try a rule.
cd "$(dirname "$0")/../../../../.." || exit 2
SMSIM=${1:-bin/smsim}; L=${2:-tests/data/h200/mech/fpair/sass_local.txt}
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
grep '^mech_fpair' tests/data/h200/mech/fpair/programs.csv | while IFS=, read -r fam grp var ilp par ws kern lim rest; do
	opts=$(echo "$rest" | sed 's/^"\([^"]*\)".*/\1/')
	"$SMSIM" import "$L" --kernel "$kern" $opts --out "$T/p.prog" || exit 2
	printf '%-7s' "$var"
	for w in 1 4 8 16 32; do
		c=$("$SMSIM" run --program "$T/p.prog" --warps $w --csv ${ARCH_SET:+--arch-set "$ARCH_SET"} | tail -n 1 | cut -d, -f7)
		s=$(( (w + 3) / 4 ))
		printf ' W%-2d %6d (%5.2f)' $w "$c" "$(echo "$c / 256 / $s" | bc -l)"
	done
	echo
done
