#!/bin/sh
# tests/import_predict.sh: smsim's cycles for every row of an import manifest before anything is
# measured: tests/import_validate.sh's PREDICT=1 (its own manifest reading and launch rules: each row
# at the W its warps column names, '*' at each W of $PREDICT_W, default "1 2 4 8 16 32"), printed as
# "family W cycles" a line. The way a set's predictions.txt is written before its device call:
#   MANIFEST=tests/data/h200/mech/offst/programs.csv SASS=tests/data/h200/mech/offst/sass_local.txt \
#     sh tests/import_predict.sh
# Options with {placeholders} need a measured row's values (iters, ...): such a row is an error. Exit 0,
# or 2 naming what failed (the manifest, an import, a run). SMSIM, ARCH_SET, POLICY, JOBS, FAMILY and
# PREDICT_W as import_validate.sh reads them.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
: "${MANIFEST:?import_predict: set MANIFEST to a programs.csv}" "${SASS:?import_predict: set SASS to its listing}"
out=$(mktemp "${TMPDIR:-/tmp}/import_predict.XXXXXX") || exit 2
trap 'rm -f "$out"' EXIT
trap 'exit 130' INT TERM
PREDICT=1 VERBOSE=1 MANIFEST="$MANIFEST" SASS="$SASS" sh "$ROOT/tests/import_validate.sh" >"$out" 2>&1
rc=$?
if [ "$rc" = 2 ] || ! grep -q '^ *W=[0-9].* meas .* sim ' "$out"; then
	echo "import_predict: the simulation failed:" >&2
	grep -v '^ *W=[0-9]' "$out" | grep -v '^[^ ].* FAIL$' | head -20 >&2
	exit 2
fi
# import_validate prints each family's verbose rows right under its summary line (FAMILY ROWS MAPE ...)
awk '/^[^ ]/ && $2 ~ /^[0-9]+$/ { fam = $1; next }
	/^ *W=[0-9].* meas .* sim / { w = $1; sub(/^W=/, "", w); for (i = 1; i < NF; i++) if ($i == "sim") s = $(i + 1); print fam, w, s }' "$out"
