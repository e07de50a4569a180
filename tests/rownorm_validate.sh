#!/bin/sh
# rownorm_validate.sh: smsim on one real kernel in 8 variants (row normalisation and
# softmax, workloads/cuda/import/rownorm.cu), timed on the H200 as a whole grid.
#
# For each row of the manifest tests/data/h200/import/rownorm.csv the kernel is
# simulated as the H200 ran it: `smsim run --sass sass.txt --kernel K [options]
# --threads T --blocks B`, B = this SM's share of the 8448-block grid (64), so
# the block waves and the tail are simulated; the cycles are compared with the
# runs.csv row of group rownorm and the same variant (its `cycles`: per SM,
# latest block end - earliest block start, median over the 132 SMs).
#
# Prints per variant: measured cycles, simulated cycles, error = (sim -
# measured) / measured in %, the rank of the variant by measured and by
# simulated cycles (1 = fastest); then the two rankings.
#
# Rule (exit 1 when broken, 0 when kept):
#   1. every variant's |error| <= LIMIT percent (default 21: the largest error
#      measured at commit time, rounded up; the goal is 10). The largest is
#      t1's (1024 threads, two blocks resident): -20.1 % when this check was
#      written, -18.5 % since round 12 (2026-12-02). t1 sits on a knife edge:
#      from const_latency 24 (round 11) until round 12 it was +22.9 %, its two
#      resident blocks in step and their row loads meeting in the FIFO DRAM
#      server every time (-14..-17 % with any const_latency 20-30 but 24);
#      the instruction fetch's seeded turn (timing.fetch_turn) now jitters
#      the two blocks' taken branches, and they no longer stay in step;
#   2. for every pair of variants whose MEASURED cycles differ by more than
#      GAP percent of the faster one (m_j > m_i * (1 + GAP/100); default GAP =
#      10, the goal error), the simulated cycles keep the order: s_i < s_j.
#      Pairs closer than that (t16_lb14, t16, softmax_t4, t4 lie within 2.3 %
#      of each other, naive 7 % above them, t16_lb16 6 % above t1) are within
#      the error and their order is not checked.
# Exit 2 on a harness error (unreadable input, a failed run, a manifest variant
# without its runs.csv row).
#
# Environment: SMSIM (default bin/smsim), MANIFEST, RUNS, SASS (defaults under
# tests/data/h200/import/), LIMIT and GAP (percent), VERBOSE=1 (print the commands),
# CSV=FILE (also write the per-variant numbers to FILE: variant, threads per block,
# registers and local (spill) bytes per thread and resident warps per SM as
# measured (runs.csv), occupancy in % of 64 warps, resident warps in the
# simulation, measured and simulated cycles, error in %; the tile figure of
# plots/make_plots.sh draws it).
# Takes about 2 s (8 runs of 0.1-0.4 s).
set -u

ROOT=$(cd "$(dirname "$0")/.." && pwd)
SMSIM=${SMSIM:-$ROOT/bin/smsim}
D=$ROOT/tests/data/h200/import
MANIFEST=${MANIFEST:-$D/rownorm.csv}
RUNS=${RUNS:-$D/runs.csv}
SASS=${SASS:-$D/sass.txt}
LIMIT=${LIMIT:-21}
GAP=${GAP:-10}
VERBOSE=${VERBOSE:-0}

for f in "$MANIFEST" "$RUNS" "$SASS"; do
	[ -r "$f" ] || { echo "rownorm_validate: cannot read $f" >&2; exit 2; }
done
[ -x "$SMSIM" ] || { echo "rownorm_validate: $SMSIM is not executable (make, or set SMSIM)" >&2; exit 2; }

TMP=$(mktemp -d "${TMPDIR:-/tmp}/rownorm_validate.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT
trap 'exit 130' INT TERM

# The manifest as tab-separated fields (CSV with "..." quoting, '#' comments, a header).
awk '
/^#/ || NR == 0 { next }
{
	line = $0; n = 0; out = ""
	while (length(line) > 0) {
		if (substr(line, 1, 1) == "\"") {
			line = substr(line, 2); p = index(line, "\"")
			f = substr(line, 1, p - 1); line = substr(line, p + 1)
		} else {
			p = index(line, ","); if (p == 0) p = length(line) + 1
			f = substr(line, 1, p - 1); line = substr(line, p)
		}
		if (substr(line, 1, 1) == ",") line = substr(line, 2)
		if (f == "") f = "-"	# read collapses empty tab-separated fields
		out = (n++ ? out "\t" : "") f
	}
	if (!hdr++) next
	print out
}' "$MANIFEST" > "$TMP/manifest" || exit 2

: > "$TMP/results"
tab=$(printf '\t')
while IFS="$tab" read -r variant kernel threads blocks nop options note; do
	[ -n "$variant" ] || continue
	meas=$(awk -F, -v v="$variant" '$1 == "rownorm" && $3 == v { print $10; exit }' "$RUNS")
	[ -n "$meas" ] || { echo "rownorm_validate: $variant: no runs.csv row of group rownorm" >&2; exit 2; }
	sass=$SASS
	[ "$nop" = - ] && nop=
	[ "$options" = - ] && options=
	if [ -n "$nop" ]; then
		# A copy of the listing with the named instructions of this kernel replaced by NOP
		# (the control bits, in the high word, stay): only for instructions no lane runs.
		sass=$TMP/$variant.sass
		awk -v k="$kernel" -v pcs="$nop" '
		BEGIN { n = split(pcs, a, " "); for (i = 1; i <= n; i++) { s = substr(a[i], 3); while (length(s) < 4) s = "0" s; want["/*" s "*/"] = 1 } }
		/Function : / { inside = ($NF == k) }
		inside && ($1 in want) { sub(/\*\/[ \t]+[^;]*;/, "*/ NOP ;"); done[$1] = 1 }
		{ print }
		END { for (w in want) if (!(w in done)) { print "no instruction " w " in " k > "/dev/stderr"; exit 1 } }' \
			"$SASS" > "$sass" || { echo "rownorm_validate: $variant: listing edit failed" >&2; exit 2; }
	fi
	[ "$VERBOSE" = 1 ] && echo "$SMSIM run --sass $sass --kernel $kernel $options --threads $threads --blocks $blocks --csv"
	# shellcheck disable=SC2086 # options are split on purpose
	out=$("$SMSIM" run --sass "$sass" --kernel "$kernel" $options --threads "$threads" --blocks "$blocks" 2>"$TMP/err") || {
		echo "rownorm_validate: $variant: smsim run failed:" >&2; cat "$TMP/err" >&2; exit 2; }
	if [ -s "$TMP/err" ]; then
		echo "rownorm_validate: $variant: smsim warned:" >&2; cat "$TMP/err" >&2; exit 2
	fi
	sim=$(printf '%s\n' "$out" | awk '$1 == "cycles" { print $2; exit }')
	[ -n "$sim" ] || { echo "rownorm_validate: $variant: no cycles in the output" >&2; exit 2; }
	simblk=$(printf '%s\n' "$out" | awk '$1 == "resident" && $2 == "blocks" { print $5; exit }')
	# as measured: resident warps per SM, and regs= and local_bytes= of the param column
	info=$(awk -F, -v v="$variant" '$1 == "rownorm" && $3 == v {
		r = "-"; l = "-"; n = split($9, kv, ";")
		for (i = 1; i <= n; i++) { split(kv[i], p, "="); if (p[1] == "regs") r = p[2]; if (p[1] == "local_bytes") l = p[2] }
		print $5, r, l; exit }' "$RUNS")
	printf '%s %s %s %s %s %s\n' "$variant" "$threads" "$meas" "$sim" "$info" "${simblk:--}" >> "$TMP/results"
done < "$TMP/manifest"

awk -v lim="$LIMIT" -v gap="$GAP" -v csv="${CSV:-}" '
{ v[NR] = $1; t[NR] = $2; m[NR] = $3 + 0; s[NR] = $4 + 0; wm[NR] = $5; rg[NR] = $6; lb[NR] = $7; sb[NR] = $8; n = NR }
END {
	if (n == 0) { print "rownorm_validate: no variants" > "/dev/stderr"; exit 2 }
	for (i = 1; i <= n; i++) {
		rm[i] = 1; rs[i] = 1
		for (j = 1; j <= n; j++) {
			if (m[j] < m[i] || (m[j] == m[i] && j < i)) rm[i]++
			if (s[j] < s[i] || (s[j] == s[i] && j < i)) rs[i]++
		}
	}
	printf "%-11s %7s %10s %10s %8s %6s %6s\n", "variant", "threads", "measured", "simulated", "error%", "rank_m", "rank_s"
	bad = 0
	for (i = 1; i <= n; i++) {
		e = 100 * (s[i] - m[i]) / m[i]; ae = e < 0 ? -e : e
		if (ae > worst) worst = ae
		flag = ""
		if (ae > lim) { flag = "  > " lim "%"; bad = 1 }
		printf "%-11s %7d %10.0f %10.0f %+8.1f %6d %6d%s\n", v[i], t[i], m[i], s[i], e, rm[i], rs[i], flag
		sum += ae
	}
	if (csv != "") {
		print "variant,threads_per_block,regs,local_bytes,warps_per_sm,occupancy_pct,sim_warps_per_sm,measured_cycles,simulated_cycles,error_pct" > csv
		for (i = 1; i <= n; i++)
			printf "%s,%d,%s,%s,%s,%.1f,%s,%.0f,%.0f,%.1f\n", v[i], t[i], rg[i], lb[i], wm[i], 100 * wm[i] / 64,
				sb[i] == "-" ? "" : sb[i] * t[i] / 32, m[i], s[i], 100 * (s[i] - m[i]) / m[i] > csv
		close(csv)
	}
	line_m = ""; line_s = ""
	for (r = 1; r <= n; r++) for (i = 1; i <= n; i++) {
		if (rm[i] == r) line_m = line_m (r > 1 ? " < " : "") v[i]
		if (rs[i] == r) line_s = line_s (r > 1 ? " < " : "") v[i]
	}
	print "measured order:  " line_m
	print "simulated order: " line_s
	checked = 0; flips = 0
	for (i = 1; i <= n; i++) for (j = 1; j <= n; j++) {
		if (!(m[j] > m[i] * (1 + gap / 100))) continue
		checked++
		if (!(s[i] < s[j])) { printf "order flipped: %s (measured %.0f) is not faster than %s (measured %.0f) in the simulation\n", v[i], m[i], v[j], m[j]; flips++; bad = 1 }
	}
	printf "variants %d, mean |error| %.1f%%, worst %.1f%% (limit %s%%); pairs more than %s%% apart measured: %d, flipped: %d\n", n, sum / n, worst, lim, gap, checked, flips
	print bad ? "FAIL" : "ok"
	exit bad
}' "$TMP/results"
