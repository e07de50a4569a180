#!/bin/sh
# import_validate.sh: smsim on ordinary nvcc-compiled kernels, against the H200.
#
# For every row of tests/data/h200/import/runs.csv whose (group, variant, ilp,
# param, W) has a row in the manifest tests/data/h200/import/programs.csv, the
# kernel named there is imported from tests/data/h200/import/sass.txt with the
# manifest's options (placeholders evaluated for the row; one .prog per
# distinct option string, in a temporary directory), simulated at the row's W
# in the shape of the measurements (`smsim run --warps W`, with the dynamic
# shared memory the measurement forced: 120 KiB for one block per SM, 90 KiB
# each for two; smem= and carveout= in the row's param override; blocks=B in
# it: `--threads T --blocks B`, B blocks an SM in all, in waves), and its
# cycles compared with the measured ones. Prints one line per family (a
# manifest row): rows, MAPE, the worst signed error (simulated - measured, % of
# measured), the measured and the simulated knee (per curve, i.e. per param
# value: the smallest W whose throughput W/cycles is within 5% of the curve's
# best; curves of fewer than 3 W have none), then a table per group.
#
# Exit status: 0 when every family's MAPE is within its max_mape, 1 when one
# exceeds it, 2 on a harness error (an import or a run that failed, an import
# warning such as an option that matched no instruction, a bad placeholder, a
# manifest row that matches no runs.csv row).
#
# Environment:
#   SMSIM=path      the simulator (default: bin/smsim of this checkout)
#   QUICK=1         only the rows with W in $QUICK_W (default "1 8 32 64"), and
#                   at most 4 curves (param values, evenly spaced) per family:
#                   for CI. The max_mape limits hold in both modes.
#   JOBS=N          parallel imports and simulations (default 2)
#   FAMILY=regex    only the families whose name matches (awk regex)
#   VERBOSE=1       also one line per row: W, param, measured, simulated, error
#                   and, where runs.csv has cycles_min and cycles_max, the range of
#                   the launch's SMs ("SMs lo..hi", "in" when the simulated cycles
#                   lie within it); a summary line counts those rows
#   KEEP=dir        work in dir and keep it (the programs: dir/prog/pN.prog,
#                   their options: dir/progs)
#   MANIFEST, RUNS, SASS   other inputs (defaults: tests/data/h200/import/...; SASS may be gzipped, .gz)
#   MAXC=N          --max-cycles of each run (default 50000000)
#   ARCH_SET=K=V,.. every run with --arch-set K=V,.. (a what-if: ARCH_SET=
#                   stream_group_bytes_per_cycle=8.26 turns on the stream loads'
#                   latency spread, README "What still misses")
#   POLICY=NAME     every run with --policy NAME (grr, gto, lrr, gty)
#   PREDICT=1       no measurements: each manifest row simulated at the W its warps
#                   column names (1|2|4, 1-8) or, for '*', at each W of $PREDICT_W
#                   (default "1 2 4 8 16 32"), one block of 32 W threads an SM (two of
#                   16 W above 32), its param the row's; RUNS is not read and each
#                   row's "measured" cycles are 1 (tests/import_predict.sh prints them)
#   SUGGEST=1       also print "family limit" with limit = int(MAPE) + 1, the rule
#                   max_mape was set by (take the larger of a full and a QUICK run:
#                   tests/import_limits.py writes them into the manifest)
#
# Manifest (tests/data/h200/import/README.md, "Import validation"):
#   family,group,variant,ilp,param,warps,kernel,max_mape,options,note
# CSV with "..." quoting (options and notes hold commas); lines starting with
# '#' are comments. A runs.csv row uses the first manifest row with its
# group, variant and ilp ('*': any) whose param ('*', or key=value pairs
# joined by ';') it contains and whose warps ('*', or W values and ranges
# joined by '|': 1-32|48) hold its W. options: `smsim import` options with
# {expr} placeholders: expr is a number or a name (iters, ilp, W, bps, tpb,
# or a key of the row's param) followed by any of *N /N +N -N %N, evaluated
# left to right in integers (/ rounds down): {iters/16}, {iters*2}.
set -u

ROOT=$(cd "$(dirname "$0")/.." && pwd)
SMSIM=${SMSIM:-$ROOT/bin/smsim}
MANIFEST=${MANIFEST:-$ROOT/tests/data/h200/import/programs.csv}
RUNS=${RUNS:-$ROOT/tests/data/h200/import/runs.csv}
SASS=${SASS:-$ROOT/tests/data/h200/import/sass.txt}
QUICK=${QUICK:-0}
QUICK_W=${QUICK_W:-1 8 32 64}
JOBS=${JOBS:-2}
FAMILY=${FAMILY:-}
VERBOSE=${VERBOSE:-0}
MAXC=${MAXC:-50000000}
KEEP=${KEEP:-}
SUGGEST=${SUGGEST:-0}
PREDICT=${PREDICT:-0}
PREDICT_W=${PREDICT_W:-1 2 4 8 16 32}
[ "$PREDICT" = 1 ] && RUNS=/dev/null
ARCH_SET=${ARCH_SET:-}
POLICY=${POLICY:-}

for f in "$MANIFEST" "$RUNS" "$SASS"; do
	[ -r "$f" ] || { echo "import_validate: cannot read $f" >&2; exit 2; }
done
[ -x "$SMSIM" ] || { echo "import_validate: $SMSIM is not executable (make, or set SMSIM)" >&2; exit 2; }

if [ -n "$KEEP" ]; then
	mkdir -p "$KEEP" && TMP=$(cd "$KEEP" && pwd) || exit 2
else
	TMP=$(mktemp -d "${TMPDIR:-/tmp}/import_validate.XXXXXX") || exit 2
	trap 'rm -rf "$TMP"' EXIT
	trap 'exit 130' INT TERM
fi
case $TMP in *[!A-Za-z0-9_./-]*) echo "import_validate: work directory $TMP: expected a path without spaces or special characters" >&2; exit 2 ;; esac
rm -rf "$TMP/out" "$TMP/prog" "$TMP/sass"
rm -f "$TMP/errors" "$TMP/progs" "$TMP/sims" "$TMP/rows" "$TMP/fams" "$TMP/unmatched" "$TMP/results" "$TMP/nfail"
mkdir -p "$TMP/out" "$TMP/prog" "$TMP/sass" || exit 2
# a listing kept gzip -9 (LISTING.gz: the big ones, so the tree the device machine copies stays small)
# is read through a copy; reproduce lines name it as the shell's <(gzip -dc LISTING.gz)
SASS_NAME=$SASS
case $SASS in
*.gz)
	gzip -dc "$SASS" >"$TMP/listing.txt" || { echo "import_validate: $SASS: expected a gzip file, could not decompress it" >&2; exit 2; }
	SASS_NAME="<(gzip -dc $SASS)"
	SASS=$TMP/listing.txt
	;;
esac

# ---- plan: match runs.csv rows to manifest rows, evaluate the options --------
# writes (tab-separated) fams: famidx, name, group, max_mape;
# progs: progid, kernel, options, family; sims: simid:progid:W:smem:carveout;
# rows: famidx, simid, W, param, measured; unmatched: group, variant, count;
# errors: one line each
awk -v quick="$QUICK" -v quickw="$QUICK_W" -v famre="$FAMILY" -v tmp="$TMP" -v predict="$PREDICT" -v predw="$PREDICT_W" '
function csvsplit(line, f,    n, i, c, q, field, L) {
	n = 0; field = ""; q = 0; L = length(line)
	for (i = 1; i <= L; i++) {
		c = substr(line, i, 1)
		if (q) {
			if (c == "\"") {
				if (substr(line, i + 1, 1) == "\"") { field = field "\""; i++ }
				else q = 0
			} else field = field c
		} else if (c == "\"") q = 1
		else if (c == ",") { f[++n] = field; field = "" }
		else field = field c
	}
	f[++n] = field
	return n
}
function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t\r]+$/, "", s); return s }
function err(m) { print m >> (tmp "/errors") }
# the value of placeholder expression e ("iters/16"), names from V[]
function ev(e, where,    v, op, tok, x, src) {
	src = e; gsub(/[ \t]/, "", e)
	op = ""; v = 0
	while (1) {
		if (match(e, /^[A-Za-z_][A-Za-z0-9_]*/)) {
			tok = substr(e, 1, RLENGTH)
			if (!(tok in V)) { err(where ": unknown name \"" tok "\" in {" src "}"); return 0 }
			x = V[tok] + 0
		} else if (match(e, /^[0-9]+/)) {
			x = substr(e, 1, RLENGTH) + 0
		} else { err(where ": bad placeholder {" src "}"); return 0 }
		e = substr(e, RLENGTH + 1)
		if (op == "") v = x
		else if (op == "*") v = v * x
		else if (op == "+") v = v + x
		else if (op == "-") v = v - x
		else if (x == 0) { err(where ": division by 0 in {" src "}"); return 0 }
		else if (op == "/") v = int(v / x)
		else v = v % x
		if (e == "") break
		op = substr(e, 1, 1)
		if (op !~ /^[-+*\/%]$/) { err(where ": bad operator \"" op "\" in {" src "}"); return 0 }
		e = substr(e, 2)
	}
	return sprintf("%.0f", v)
}
function subst(s, where,    out, st, len) {
	out = ""
	while (match(s, /\{[^}]*\}/)) {
		st = RSTART; len = RLENGTH
		out = out substr(s, 1, st - 1)
		out = out ev(substr(s, st + 1, len - 2), where)
		s = substr(s, st + len)
	}
	return out s
}
function wmatch(spec, w,    n, i, a, r) {
	if (spec == "*" || spec == "") return 1
	n = split(spec, a, "|")
	for (i = 1; i <= n; i++) {
		if (split(a[i], r, "-") == 2) { if (w >= r[1] + 0 && w <= r[2] + 0) return 1 }
		else if (w == a[i] + 0) return 1
	}
	return 0
}
# does runs.csv param rp hold every key=value of manifest param mp?
function pmatch(mp, rp,    n, i, a, b, m, have) {
	if (mp == "*" || mp == "") return 1
	m = split(rp, b, ";")
	for (i = 1; i <= m; i++) have[b[i]] = 1
	n = split(mp, a, ";")
	for (i = 1; i <= n; i++) if (!(a[i] in have)) return 0
	return 1
}
# a runs.csv row (or, PREDICT=1, a manifest row at one W) matched to family m
function addrow(m, W, bps, tpb, iters, param, cyc, ilp, lo, hi) {
	MATCHED[m] = 1
	if (famre != "" && FN[m] !~ famre) return
	if (quick + 0 && !(W in QW)) return
	nr++; QM[nr] = m; QW_[nr] = W; QB[nr] = bps; QT[nr] = tpb; QIT[nr] = iters
	QP[nr] = param; QC[nr] = cyc; QL[nr] = ilp
	QLO[nr] = (lo ~ /^[0-9]+(\.[0-9]*)?$/) ? lo : "-"; QHI[nr] = (hi ~ /^[0-9]+(\.[0-9]*)?$/) ? hi : "-"
	if (!((m, param) in CIDX)) CIDX[m, param] = ++NC[m]
}
# PREDICT=1: family m at each W its warps column names, or predw for "*"
function predrows(m,    n, a, i, r, w, lo, hi) {
	if (FO[m] ~ /\{/) { err("programs.csv:" FLINE[m] " (" FN[m] "): options with {placeholders} need a measured row (iters, ...); give the values"); return }
	if (FW[m] == "*" || FW[m] == "") n = split(predw, a, /[ ,]+/)
	else n = split(FW[m], a, "|")
	for (i = 1; i <= n; i++) {
		if (a[i] == "") continue
		if (split(a[i], r, "-") == 2) { lo = r[1] + 0; hi = r[2] + 0 } else lo = hi = a[i] + 0
		for (w = lo; w <= hi; w++)
			addrow(m, w, w > 32 ? 2 : 1, w > 32 ? 16 * w : 32 * w, 0, (FP[m] == "*" || FP[m] == "") ? "predict" : FP[m], 1, (FI[m] == "*") ? 1 : FI[m], "-", "-")
	}
}
BEGIN {
	nq = split(quickw, qa, /[ ,]+/)
	for (i = 1; i <= nq; i++) if (qa[i] != "") QW[qa[i] + 0] = 1
}
FNR == 1 { fileno++ }
fileno == 1 {
	line = $0; sub(/\r$/, "", line)
	if (line ~ /^[ \t]*#/ || line ~ /^[ \t]*$/) next
	n = csvsplit(line, f)
	if (f[1] == "family") next
	if (n < 9 || n > 10) { err(FILENAME ":" FNR ": expected 10 fields (family,group,variant,ilp,param,warps,kernel,max_mape,options,note), got " n (n > 10 ? " (a comma in options or note: quote the field)" : "")); next }
	nfam++
	FN[nfam] = trim(f[1]); FG[nfam] = trim(f[2]); FV[nfam] = trim(f[3]); FI[nfam] = trim(f[4])
	FP[nfam] = trim(f[5]); FW[nfam] = trim(f[6]); FK[nfam] = trim(f[7]); FM[nfam] = trim(f[8])
	FO[nfam] = trim(f[9]); FLINE[nfam] = FNR
	if (FM[nfam] !~ /^[0-9]+(\.[0-9]*)?$/) err(FILENAME ":" FNR ": max_mape: expected a number, got \"" FM[nfam] "\"")
	if (FO[nfam] ~ /["'"'"'`$\\;|&<>*?\t]/) err(FILENAME ":" FNR ": options: expected plain words (no quotes, ;, |, $, globs)")
	next
}
fileno == 2 {
	if ($0 ~ /^#/ || $0 ~ /^group,/) next
	if (split($0, r, ",") < 10) next
	grp = r[1]; var = r[3]; ilp = r[4]; W = r[5] + 0; param = r[9]
	m = 0
	for (j = 1; j <= nfam; j++)
		if (FG[j] == grp && FV[j] == var && (FI[j] == "*" || FI[j] == ilp) && pmatch(FP[j], param) && wmatch(FW[j], W)) { m = j; break }
	if (!m) { UN[grp "\t" var]++; next }
	addrow(m, W, r[6] + 0, r[7] + 0, r[8], param, r[10], ilp, r[11], r[12])
}
END {
	if (predict + 0) for (j = 1; j <= nfam; j++) predrows(j)
	for (q = 1; q <= nr; q++) {
		m = QM[q]; W = QW_[q]; bps = QB[q]; param = QP[q]
		if (quick + 0 && NC[m] > 4) {          # QUICK: 4 curves, evenly spaced
			c = CIDX[m, param]; keep = 0
			for (t = 0; t < 4; t++) if (c == 1 + int(t * (NC[m] - 1) / 3 + 0.5)) keep = 1
			if (!keep) continue
		}
		split("", V)
		V["iters"] = QIT[q]; V["ilp"] = QL[q]; V["W"] = W; V["bps"] = bps; V["tpb"] = QT[q]
		np = split(param, pp, ";")
		smem = (bps == 2) ? 92160 : 122880; co = "-"; nb = "-"
		for (i = 1; i <= np; i++) {
			if ((e = index(pp[i], "=")) == 0) continue
			k = substr(pp[i], 1, e - 1); val = substr(pp[i], e + 1)
			if (!(k in V)) V[k] = val
			if (k == "smem") smem = val
			if (k == "carveout") co = (val == "-1") ? "-" : val  # -1: no preference (the default)
			if (k == "blocks") nb = val  # blocks an SM runs in all (more than fit: waves)
		}
		opts = subst(FO[m], "programs.csv:" FLINE[m] " (" FN[m] ")")
		key = FK[m] SUBSEP opts
		if (!(key in PID)) {
			PID[key] = ++nprog
			printf "%d\t%s\t%s\t%s\n", nprog, FK[m], opts, FN[m] > (tmp "/progs")
			af = tmp "/prog/p" nprog ".args"
			printf "%s\n%s\n%s\n", FK[m], opts, FN[m] > af
			close(af)
		}
		skey = PID[key] SUBSEP W SUBSEP smem SUBSEP co SUBSEP nb
		if (!(skey in SID)) {
			SID[skey] = ++nsim
			printf "%d:%d:%d:%s:%s:%d:%s\n", nsim, PID[key], W, smem, co, QT[q], nb > (tmp "/sims")
		}
		printf "%d\t%d\t%d\t%s\t%s\t%s\t%s\n", m, SID[skey], W, param, QC[q], QLO[q], QHI[q] > (tmp "/rows")
	}
	for (j = 1; j <= nfam; j++) {
		printf "%d\t%s\t%s\t%s\n", j, FN[j], FG[j], FM[j] > (tmp "/fams")
		if (!(j in MATCHED))
			err("programs.csv:" FLINE[j] " (" FN[j] "): matches no runs.csv row (group " FG[j] ", variant " FV[j] ", ilp " FI[j] ", param " FP[j] ", warps " FW[j] ")")
	}
	for (u in UN) printf "%s\t%d\n", u, UN[u] > (tmp "/unmatched")
}
' "$MANIFEST" "$RUNS" || exit 2
touch "$TMP/progs" "$TMP/sims" "$TMP/rows" "$TMP/fams" "$TMP/unmatched"
export SMSIM TMP MAXC SASS SASS_NAME ARCH_SET POLICY

# ---- import: one program per distinct (kernel, options) ----------------------
# The listing is cut into one file per kernel first (an import then parses 300
# lines, not 20,000); a failure is reported with the command that reproduces
# it on the whole listing.
cut -f2 "$TMP/progs" | sort -u >"$TMP/kernels"
awk -v dir="$TMP/sass" '
FNR == 1 { fileno++ }
fileno == 1 { want[$1] = 1; next }
/^[ \t]*code for sm_/ { arch = $0 }
/^[ \t]*Function : / { on = ($3 in want); if (on) { out = dir "/" $3 ".sass"; print arch > out } }
on && /^[ \t]*(Fatbin|\.section|\.\.\.\.\.\.)/ { on = 0 }
on { print > out }
' "$TMP/kernels" "$SASS"

cat >"$TMP/import.sh" <<'EOF'
# import.sh PID...: program PID from the kernel, options and family in $TMP/prog/pPID.args
set -f
for pid; do
	{ read -r kernel; read -r opts; read -r fam; } <"$TMP/prog/p$pid.args"
	listing=$TMP/sass/$kernel.sass
	[ -r "$listing" ] || listing=$SASS
	# $opts unquoted: a word list by design (set -f: no globbing)
	if ! "$SMSIM" import "$listing" --kernel "$kernel" $opts --out "$TMP/prog/p$pid.prog" 2>"$TMP/prog/p$pid.err"; then
		echo "$fam: import failed: $(tr '\n' ' ' <"$TMP/prog/p$pid.err")(reproduce: smsim import $SASS_NAME --kernel $kernel $opts)" >"$TMP/prog/p$pid.bad"
		rm -f "$TMP/prog/p$pid.prog"
	elif [ -s "$TMP/prog/p$pid.err" ]; then
		echo "$fam: import warning: $(tr '\n' ' ' <"$TMP/prog/p$pid.err")(reproduce: smsim import $SASS_NAME --kernel $kernel $opts)" >"$TMP/prog/p$pid.bad"
	fi
done
EOF
cut -f1 "$TMP/progs" | xargs -P "$JOBS" -n 16 sh "$TMP/import.sh"
for f in "$TMP"/prog/*.bad; do
	[ -f "$f" ] && cat "$f" >>"$TMP/errors"
done

# ---- simulate: one run per distinct (program, W, smem, carveout) -------------
cat >"$TMP/run.sh" <<'EOF'
# run.sh ID:PID:W:SMEM:CARVEOUT:TPB:BLOCKS...: each run's cycles into $TMP/out/ID (or FAIL ...)
for spec; do
	IFS=: read -r id pid w smem co tpb nb <<END
$spec
END
	prog=$TMP/prog/p$pid.prog
	if [ "$nb" = "-" ]; then
		set -- --program "$prog" --warps "$w" --smem "$smem" --max-cycles "$MAXC" --csv
	else # blocks=B in the param: B blocks of TPB threads, as many resident as fit
		set -- --program "$prog" --threads "$tpb" --blocks "$nb" --smem "$smem" --max-cycles "$MAXC" --csv
	fi
	[ -z "$ARCH_SET" ] || set -- "$@" --arch-set "$ARCH_SET"
	[ -z "$POLICY" ] || set -- "$@" --policy "$POLICY"
	[ "$co" = "-" ] || set -- "$@" --carveout "$co"
	if [ ! -r "$prog" ]; then
		echo "FAIL (not imported)" >"$TMP/out/$id"
	elif "$SMSIM" run "$@" >"$TMP/out/w$$.csv" 2>"$TMP/out/w$$.err"; then
		# the value under the "cycles" header of the CSV (a header line, one row)
		{ IFS= read -r hdr; IFS= read -r val; } <"$TMP/out/w$$.csv"
		set -f; oifs=$IFS; IFS=,
		n=0; i=0; set -- $hdr
		for h; do i=$((i + 1)); [ "$h" = cycles ] && n=$i; done
		c=; i=0; set -- $val
		for v; do i=$((i + 1)); [ "$i" = "$n" ] && c=$v; done
		IFS=$oifs; set +f
		if [ -n "$c" ]; then echo "$c"; else echo "FAIL (no cycles column in: $hdr)"; fi >"$TMP/out/$id"
	else
		echo "FAIL $(tr '\n' ' ' <"$TMP/out/w$$.err")" >"$TMP/out/$id"
	fi
done
EOF
xargs -P "$JOBS" -n 8 sh "$TMP/run.sh" <"$TMP/sims"

# ---- report ------------------------------------------------------------------
(cd "$TMP/out" && find . -type f ! -name '*.*' | sed 's|^\./||' |
	awk '{ f = $0; line = ""; getline line < f; close(f); print f "\t" line }') >"$TMP/results"

awk -F'\t' -v verbose="$VERBOSE" -v suggest="$SUGGEST" -v tmp="$TMP" '
function abs(x) { return x < 0 ? -x : x }
# knee of curve c of family f, measured (which "m") or simulated: the smallest
# W with W/cycles >= 0.95 * the best; "-" with fewer than 3 points
function knee(f, c, which,    i, best, thr, k, n) {
	n = 0; best = 0
	for (i = 1; i <= nrow; i++) if (RF[i] == f && RC[i] == c && RSIM[i] != "") {
		n++; thr = RW[i] / (which == "m" ? RM[i] : RSIM[i]); if (thr > best) best = thr
	}
	if (n < 3) return "-"
	k = 1e9
	for (i = 1; i <= nrow; i++) if (RF[i] == f && RC[i] == c && RSIM[i] != "") {
		thr = RW[i] / (which == "m" ? RM[i] : RSIM[i])
		if (thr >= 0.95 * best && RW[i] < k) k = RW[i]
	}
	return k
}
# the knees of the curves of family f that have one, joined by "/"
function knees(f, which,    j, s, n, k) {
	n = 0; s = ""
	for (j = 1; j <= NCV[f]; j++) {
		k = knee(f, CV[f, j], which)
		if (k == "-") continue
		s = s (n ? "/" : "") k; n++
	}
	if (n == 0) return "-"
	if (n > 4) return n " curves"
	return s
}
FNR == 1 { fileno++ }
fileno == 1 { FAMN[$1] = $2; FAMG[$1] = $3; FAML[$1] = $4; if ($1 + 0 > nf) nf = $1 + 0; next }
fileno == 2 { RES[$1] = $2; next }
fileno == 3 {
	nrow++; RF[nrow] = $1; RW[nrow] = $3; RC[nrow] = $4; RM[nrow] = $5; RLO[nrow] = $6; RHI[nrow] = $7
	RSIM[nrow] = (($2 in RES) && RES[$2] ~ /^[0-9]+$/) ? RES[$2] : ""
	if (RSIM[nrow] == "")
		print FAMN[$1] ": W=" $3 " " $4 ": no simulated cycles (" (($2 in RES) ? RES[$2] : "no result") ")" >> (tmp "/errors")
	if (!(($1, $4) in HASC)) { HASC[$1, $4] = 1; NCV[$1]++; CV[$1, NCV[$1]] = $4 }
}
END {
	printf "%-30s %5s %7s %8s %11s %11s %6s  %s\n", "family", "rows", "MAPE%", "worst%", "knee meas", "knee sim", "limit", "status"
	fails = 0
	for (f = 1; f <= nf; f++) {
		n = 0; s = 0; worst = 0; vl = ""
		for (i = 1; i <= nrow; i++) if (RF[i] == f && RSIM[i] != "") {
			e = (RSIM[i] - RM[i]) / RM[i] * 100; n++; s += abs(e)
			if (abs(e) > abs(worst)) worst = e
			g = FAMG[f]; GN[g]++; GS[g] += abs(e); if (abs(e) > GW[g]) GW[g] = abs(e)
			TN++; TS += abs(e); if (abs(e) > TW) TW = abs(e)
			rng = ""  # the SMs of the launch, fastest to slowest, where runs.csv has them
			if (RLO[i] != "-" && RHI[i] != "-") {
				inr = RSIM[i] + 0 >= RLO[i] + 0 && RSIM[i] + 0 <= RHI[i] + 0
				RN++; RIN += inr
				rng = sprintf("  SMs %.0f..%.0f%s", RLO[i], RHI[i], inr ? " in" : "")
			}
			if (verbose + 0) vl = vl sprintf("    W=%-3d %-56s meas %9.0f  sim %9.0f  %+7.1f%%%s\n", RW[i], substr(RC[i], 1, 56), RM[i], RSIM[i], e, rng)
		}
		if (n == 0) continue
		mape = s / n; GF[FAMG[f]]++; nfam++
		st = "ok"
		if (mape > FAML[f] + 0) { st = "FAIL"; fails++; GX[FAMG[f]]++ }
		printf "%-30s %5d %7.1f %+8.1f %11s %11s %6s  %s\n", FAMN[f], n, mape, worst, knees(f, "m"), knees(f, "s"), FAML[f], st
		printf "%s", vl
		SG = SG sprintf("%s %d\n", FAMN[f], int(mape) + 1)
	}
	printf "\n%-12s %8s %6s %7s %8s %6s\n", "group", "families", "rows", "MAPE%", "max|e|%", "fail"
	for (g in GN) order[++ng] = g
	for (a = 1; a <= ng; a++) for (b = a + 1; b <= ng; b++) if (order[b] < order[a]) { t = order[a]; order[a] = order[b]; order[b] = t }
	for (a = 1; a <= ng; a++) { g = order[a]; printf "%-12s %8d %6d %7.1f %8.1f %6d\n", g, GF[g], GN[g], GS[g] / GN[g], GW[g], GX[g] + 0 }
	if (TN) printf "%-12s %8d %6d %7.1f %8.1f %6d\n", "all", nfam, TN, TS / TN, TW, fails
	if (RN) printf "simulated within the range of the measured SMs (fastest to slowest of the launch): %d of %d rows\n", RIN, RN
	if (suggest + 0) printf "\nsuggested max_mape (int(MAPE) + 1):\n%s", SG
	print fails + 0 > (tmp "/nfail")
}
' "$TMP/fams" "$TMP/results" "$TMP/rows"

if [ -s "$TMP/unmatched" ] && [ -z "$FAMILY" ]; then
	printf '\nnot in the manifest (runs.csv rows): '
	sort "$TMP/unmatched" | awk -F'\t' '{ printf "%s%s/%s %d", (NR > 1 ? ", " : ""), $1, $2, $3 } END { print "" }'
fi
if [ "$QUICK" = 1 ]; then
	echo "(QUICK=1: W in $QUICK_W and at most 4 curves per family; knees from those rows)"
fi

rc=0
if [ -s "$TMP/errors" ]; then
	echo
	echo "import_validate: errors:"
	awk '!seen[$0]++' "$TMP/errors" >"$TMP/errors.u"
	sed -n '1,40s/^/  /p' "$TMP/errors.u"
	n=$(wc -l <"$TMP/errors.u")
	[ "$n" -gt 40 ] && echo "  ... and $((n - 40)) more"
	rc=2
fi
nfail=$(cat "$TMP/nfail" 2>/dev/null || echo 0)
if [ "$rc" = 0 ] && [ "${nfail:-0}" -gt 0 ]; then
	echo "import_validate: $nfail families above their max_mape"
	rc=1
fi
exit $rc
