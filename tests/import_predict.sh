#!/bin/sh
# tests/import_predict.sh: smsim's cycles for every row of an import manifest before anything is
# measured, as tests/import_validate.sh would simulate them (its rules for the launch shape, shared
# memory and blocks=, through it, not a copy of them): the way a set's predictions.txt is written before
# its device call.
#   MANIFEST=tests/data/h200/mech/offst/programs.csv SASS=tests/data/h200/mech/offst/sass_local.txt \
#     sh tests/import_predict.sh
# Each manifest row is simulated at the W its warps column names (1|2|4, 1-8: every W in the range); a
# row whose warps are '*' at each W of $PREDICT_W (default "1 2 4 8 16 32"), one block of 32 W threads an
# SM (two of 16 W for W > 32); its param ('*': none) is the row's. Options with {placeholders} need a
# measured row's values (iters, ...): such a row is an error. Prints "family W cycles" a line; exit 0,
# or 2 naming what failed (the manifest, an import, a run). SMSIM, ARCH_SET, POLICY, JOBS as
# import_validate.sh reads them.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
: "${MANIFEST:?import_predict: set MANIFEST to a programs.csv}" "${SASS:?import_predict: set SASS to its listing}"
PREDICT_W=${PREDICT_W:-1 2 4 8 16 32}
[ -r "$MANIFEST" ] || { echo "import_predict: cannot read $MANIFEST" >&2; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/import_predict.XXXXXX") || exit 2
[ -n "${IP_KEEP:-}" ] && mkdir -p "$IP_KEEP" && rm -rf "$tmp" && tmp=$IP_KEEP
trap '[ -n "${IP_KEEP:-}" ] || rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
# a runs.csv of one row a (manifest row, W), measured "1" cycle: import_validate.sh simulates each
awk -v ws="$PREDICT_W" -v out="$tmp/runs.csv" -v mf="$MANIFEST" '
function csvsplit(line, f,    n, i, c, q, field, L) {
	n = 0; field = ""; q = 0; L = length(line)
	for (i = 1; i <= L; i++) {
		c = substr(line, i, 1)
		if (q) { if (c == "\"") { if (substr(line, i + 1, 1) == "\"") { field = field "\""; i++ } else q = 0 } else field = field c }
		else if (c == "\"") q = 1
		else if (c == ",") { f[++n] = field; field = "" }
		else field = field c
	}
	f[++n] = field
	return n
}
BEGIN { print "group,kernel,variant,ilp,warps_per_sm,blocks_per_sm,threads_per_block,iters,param,cycles,cycles_min,cycles_max" > out }
{
	line = $0; sub(/\r$/, "", line)
	if (line ~ /^[ \t]*#/ || line ~ /^[ \t]*$/) next
	n = csvsplit(line, f)
	if (f[1] == "family") next
	if (n < 9) { print mf ":" NR ": expected 10 fields (family,group,variant,ilp,param,warps,kernel,max_mape,options,note), got " n > "/dev/stderr"; bad = 1; next }
	if (f[9] ~ /\{/) { print mf ":" NR " (" f[1] "): options with {placeholders} need a measured row (iters, ...); give the values" > "/dev/stderr"; bad = 1; next }
	nw = 0; split("", W)
	if (f[6] == "*" || f[6] == "") { m = split(ws, a, /[ ,]+/); for (i = 1; i <= m; i++) if (a[i] != "") W[++nw] = a[i] + 0 }
	else {
		m = split(f[6], a, "|")
		for (i = 1; i <= m; i++) {
			if (split(a[i], r, "-") == 2) { for (w = r[1] + 0; w <= r[2] + 0; w++) W[++nw] = w }
			else W[++nw] = a[i] + 0
		}
	}
	ilp = (f[4] == "*") ? 1 : f[4]; param = (f[5] == "*" || f[5] == "") ? "predict" : f[5]
	for (i = 1; i <= nw; i++) {
		w = W[i]; bps = (w > 32) ? 2 : 1
		printf "%s,%s,%s,%s,%d,%d,%d,0,%s,1,-,-\n", f[2], f[7], f[3], ilp, w, bps, 32 * w / bps, param > out
	}
}
END { exit bad ? 2 : 0 }' "$MANIFEST" || exit 2
VERBOSE=1 RUNS="$tmp/runs.csv" MANIFEST="$MANIFEST" SASS="$SASS" sh "$ROOT/tests/import_validate.sh" >"$tmp/out" 2>&1
rc=$?
if [ "$rc" = 2 ] || ! grep -q '^ *W=[0-9].* meas .* sim ' "$tmp/out"; then
	echo "import_predict: the simulation failed:" >&2
	grep -v '^ *W=[0-9]' "$tmp/out" | head -20 >&2
	exit 2
fi
# import_validate prints each family's verbose rows right under its summary line (FAMILY ROWS MAPE ...)
awk '/^[^ ]/ && $2 ~ /^[0-9]+$/ { fam = $1; next }
	/^ *W=[0-9].* meas .* sim / { w = $1; sub(/^W=/, "", w); for (i = 1; i < NF; i++) if ($i == "sim") s = $(i + 1); print fam, w, s }' "$tmp/out"
