#!/bin/sh
# tests/blockorder_validate.sh: which of an SM's two blocks runs first (issue #18, round 12).
#
# On the H200, with two blocks on an SM, the lower blockIdx ends first on every SM whenever the
# scheduler's issue binds: an FFMA chain's first block ends at 0.505 of the SM's time, as if it
# ran alone and then the second did (tests/data/h200/mech/brncu/blocks.csv: per SM, the two
# blocks' start and end clocks of imported kernels at 64 warps). smsim's default policy, bgrr,
# issues the older block's warps first. Each block is resident from the start until it ends, so
# the achieved occupancy of a run is (1 + f) / 2, f the first block's end as a fraction of the
# SM's time: this script compares smsim's achieved occupancy at 64 warps with (1 + f) / 2 from
# the median f over the 132 SMs.
#
# Rule (exit 1 when broken): every checked kernel within LIMIT (default 0.03) of the H200's.
# Reported, not checked (README "What still misses"): br_rate<8, 0>, whose instruction fetch
# binds at 16 warps a scheduler (the H200's fetch favours the older block too; smsim's turn and
# fetch server do not look at blocks), and the L1 chase at ILP 4 (the H200's LSU issue favours
# the older block; in smsim the L1's data path, a first-come queue after issue, binds).
#
# Run from the repository root: sh tests/blockorder_validate.sh ($SMSIM, default bin/smsim).
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 1
SMSIM=${SMSIM:-$ROOT/bin/smsim}
LIMIT=${LIMIT:-0.03}
BLOCKS=tests/data/h200/mech/brncu/blocks.csv
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# case: manifest folder, family, blocks.csv run and launch, checked (1) or reported (0)
cases="import fma_u.pair.ilp1 2 13 1
mech mech_brt.n0 2 145 1
import mix.k16.ilp1 3 489 1
import mix.k4.ilp1 3 461 1
import chase.dram.ptr.ilp4.b128 3 111 1
mech/brreg mech_brrate.n8_g0 2 163 0
import chase.l1.ptr.ilp4.b128 3 27 0"

fails=0
n=0
echo "$cases" | {
	while read -r dir fam run launch checked; do
		if [ "$dir" = import ]; then sass=tests/data/h200/import/sass.txt; else sass=tests/data/h200/mech/sass.txt; fi
		rm -rf "$TMP/k"
		MANIFEST=tests/data/h200/$dir/programs.csv RUNS=tests/data/h200/$dir/runs.csv SASS=$sass \
			SMSIM=$SMSIM KEEP=$TMP/k FAMILY="^$fam\$" QUICK=1 QUICK_W=64 sh tests/import_validate.sh >/dev/null 2>&1
		prog=$(ls "$TMP"/k/prog/*.prog 2>/dev/null | head -n 1)
		if [ -z "$prog" ]; then
			echo "FAIL $fam: not imported (tests/data/h200/$dir/programs.csv)"
			fails=$((fails + 1))
			continue
		fi
		sim=$("$SMSIM" run --program "$prog" --warps 64 --json 2>&1 | awk -F: '/"achieved_occupancy"/ { gsub(/[ \t,]/, "", $2); print $2 }')
		hw=$(awk -F, -v r="$run" -v l="$launch" '
			!/^#/ && $1 == r && $2 == l { t = ($9 > $12 ? $9 : $12); f[++n] = ($9 < $12 ? $9 : $12) / t }
			END { if (n == 0) exit 1
			      for (i = 2; i <= n; i++) { x = f[i]; for (j = i - 1; j >= 1 && f[j] > x; j--) f[j + 1] = f[j]; f[j + 1] = x }
			      m = n % 2 ? f[(n + 1) / 2] : (f[n / 2] + f[n / 2 + 1]) / 2
			      printf "%.4f %d", m, n }' "$BLOCKS")
		if [ -z "$sim" ] || [ -z "$hw" ]; then
			echo "FAIL $fam: no figure (smsim: '${sim}', $BLOCKS run $run launch $launch: '${hw}')"
			fails=$((fails + 1))
			continue
		fi
		line=$(echo "$hw $sim" | awk -v lim="$LIMIT" -v fam="$fam" -v c="$checked" '{
			want = (1 + $1) / 2; d = $3 - want; ad = d < 0 ? -d : d
			tag = c == 1 ? (ad > lim ? "FAIL" : "ok  ") : "    "
			printf "%s %-26s first block ends at %.3f of the SM (median of %d SMs): occupancy %.3f, smsim %.3f (%+.3f)%s\n",
				tag, fam, $1, $2, want, $3, d, c == 1 ? "" : " (reported, not checked)" }')
		echo "$line"
		n=$((n + 1))
		case $line in FAIL*) fails=$((fails + 1)) ;; esac
	done
	echo "block order at 64 warps: $n kernels, $fails beyond $LIMIT"
	[ "$fails" -eq 0 ]
}
