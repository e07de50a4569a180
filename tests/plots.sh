#!/bin/sh
# tests/plots.sh: the course figures (plots/make_plots.sh) come out as real
# images. Runs make_plots.sh (unless PLOTS_SKIP_RUN=1: then it checks the
# figures already in plots/out/), then checks that every expected figure
# exists as a non-empty PNG (the 8-byte PNG signature, 1600x1000 in its
# IHDR) and SVG (an <svg element), and that every figure has its data,
# committed beside it, in plots/out/NAME.csv (a header and at least one row).
# The validation figure (and its CSV) is expected only when make_plots.sh could
# produce plots/out/data/validate.csv.
# Ends with "N passed, M failed"; exit status 1 on a failure.
# Run from the repository root; honours SMSIM (default ./bin/smsim).
SMSIM=${SMSIM:-./bin/smsim}
export SMSIM
OUT=${PLOTS_OUT:-plots/out}
pass=0
fail=0

ok() {
	pass=$((pass + 1))
	echo "ok   $*"
}
bad() {
	fail=$((fail + 1))
	echo "FAIL $*"
}

if [ "${PLOTS_SKIP_RUN:-}" = 1 ]; then
	echo "plots: PLOTS_SKIP_RUN=1: checking the figures already in $OUT"
else
	log=${TMPDIR:-/tmp}/smsim-plots.$$.log
	if sh plots/make_plots.sh >"$log" 2>&1; then
		ok "plots/make_plots.sh"
	else
		bad "plots/make_plots.sh (exit $?); its output:"
		sed 's/^/     /' "$log"
	fi
	grep 'skipped' "$log" | sed 's/^/     /'
	rm -f "$log"
fi

figs="occupancy fma_sweep dram_sweep stalls timeline tile scoreboards banks diverge latency streams"
[ -f "$OUT/data/validate.csv" ] && figs="$figs validation"

for name in $figs; do
	png=$OUT/$name.png
	svg=$OUT/$name.svg
	if [ ! -s "$png" ]; then
		bad "$png: missing or empty"
	elif [ "$(od -An -tx1 -N8 "$png" | tr -d ' \n')" != 89504e470d0a1a0a ]; then
		bad "$png: no PNG signature"
	else
		# IHDR: width and height as big-endian 32-bit numbers at bytes 16..23
		size=$(od -An -tu1 -j16 -N8 "$png" |
			awk '{ printf "%dx%d", (($1 * 256 + $2) * 256 + $3) * 256 + $4, (($5 * 256 + $6) * 256 + $7) * 256 + $8 }')
		if [ "$size" = 1600x1000 ]; then
			ok "$png ($size)"
		else
			bad "$png: $size pixels, expected 1600x1000"
		fi
	fi
	if [ ! -s "$svg" ]; then
		bad "$svg: missing or empty"
	elif ! grep -q '<svg' "$svg"; then
		bad "$svg: no <svg element"
	elif ! grep -q '</svg>' "$svg"; then
		bad "$svg: truncated (no </svg>)"
	else
		ok "$svg"
	fi
done

# every figure's data, committed beside it: plots/out/NAME.csv, a header and
# at least one row
for name in $figs; do
	csv=$OUT/$name.csv
	if [ ! -s "$csv" ]; then
		bad "$csv: missing or empty"
	elif [ "$(awk 'END { print NR }' "$csv")" -lt 2 ]; then
		bad "$csv: no data rows"
	else
		ok "$csv ($(awk 'END { print NR - 1 }' "$csv") rows)"
	fi
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
