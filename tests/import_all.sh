#!/bin/sh
# tests/import_all.sh: every import-validation set (tests/import_sets.sh) run through
# tests/import_validate.sh, and each row's error added up: per set its rows and mean |error|, then
# every row's. The yardstick the rounds of issue #18 quote ("every manifest's 5245 rows, 2.888%"),
# and the way to weigh a what-if across all of them at once:
#   sh tests/import_all.sh                                   the files as they are
#   ARCH_SET=timing.yield_switch=1 sh tests/import_all.sh    an arch field changed in every run
#   POLICY=gto sh tests/import_all.sh                        another scheduling policy
#   KEEP=dir sh tests/import_all.sh                          each set's VERBOSE output kept in dir/NAME.txt
# SMSIM, JOBS and QUICK as tests/import_validate.sh reads them. Limits are not checked here (make test
# does); the exit status is 0 unless a set could not run. Run from the repository root.
set -u
keep=${KEEP:-}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
[ -n "$keep" ] && mkdir -p "$keep"
bad=0
sh tests/import_sets.sh >"$tmp/sets"
while IFS='|' read -r name m r s; do
	out=$tmp/$name.txt
	[ -n "$keep" ] && out=$keep/$name.txt
	VERBOSE=1 MANIFEST=$m RUNS=$r SASS=$s sh tests/import_validate.sh >"$out" 2>&1
	grep -q '^ *W=[0-9].* meas .* sim ' "$out" || { echo "import_all: $name: no rows (see $out)" >&2; bad=1; }
	awk -v n="$name" '/^ *W=[0-9].* meas .* sim / {
			for (i = 1; i < NF; i++) { if ($i == "meas") me = $(i + 1); if ($i == "sim") si = $(i + 1) }
			e = (si - me) / me * 100; s += e < 0 ? -e : e; k++ }
		END { if (k) printf "%s %d %.6f\n", n, k, s }' "$out" >>"$tmp/sums"
	sed -n 's/^simulated within the range of the measured SMs .*: \([0-9]*\) of \([0-9]*\) rows$/\1 \2/p' "$out" >>"$tmp/inrange"
done <"$tmp/sets"
awk '{ printf "%-28s %5d rows  %6.2f%%\n", $1, $2, $3 / $2; n += $2; s += $3 }
	END { printf "all: %d rows mean |error| %.3f%%\n", n, n ? s / n : 0 }' "$tmp/sums"
touch "$tmp/inrange"
awk '{ i += $1; n += $2 } END { if (n) printf "simulated within the range of the measured SMs: %d of %d rows with the range recorded (%.1f%%)\n", i, n, 100 * i / n }' "$tmp/inrange"
exit $bad
