#!/bin/sh
# tests/oracle/run.sh: smsim's occupancy calculator against NVIDIA's
# header-only calculator cuda_occupancy.h (CUDA toolkit), 10,000 random
# configurations per architecture in arch/, weighted toward the cliffs.
#
# Usage (from the repository root): sh tests/oracle/run.sh
# Environment: SMSIM (smsim binary, default ./bin/smsim), BUILD (build folder,
# default build), CUDA_INCLUDE (folder holding cuda_occupancy.h; default: the
# first of $CUDA_HOME/include, /usr/local/cuda/include, /usr/include that has
# it), ORACLE_N (configurations per architecture, default 10000), ORACLE_SEED
# (default 20240601).
#
# Skips (exit 0, printing SKIPPED) when g++ or the header is missing.
# Exit status: 0 all architectures agree, 1 a mismatch, 2 a set-up error.

set -u
SMSIM=${SMSIM:-./bin/smsim}
BUILD=${BUILD:-build}
N=${ORACLE_N:-10000}
SEED=${ORACLE_SEED:-20240601}
HERE=$(dirname "$0")
OUT=$BUILD/oracle

if [ -z "${CUDA_INCLUDE:-}" ]; then
	for d in ${CUDA_HOME:+"$CUDA_HOME/include"} /usr/local/cuda/include /usr/include; do
		if [ -f "$d/cuda_occupancy.h" ]; then
			CUDA_INCLUDE=$d
			break
		fi
	done
fi
if [ -z "${CUDA_INCLUDE:-}" ] || [ ! -f "$CUDA_INCLUDE/cuda_occupancy.h" ]; then
	echo "oracle: SKIPPED (cuda_occupancy.h not found: install the CUDA toolkit to run this test)"
	exit 0
fi
if [ ! -d arch ]; then
	echo "oracle: run from the repository root (no arch/ here)" >&2
	exit 2
fi
if ! command -v g++ >/dev/null 2>&1; then
	echo "oracle: SKIPPED (g++ not found: install g++ to run this test)"
	exit 0
fi
if ! command -v python3 >/dev/null 2>&1; then
	echo "oracle: python3 not found" >&2
	exit 2
fi
if [ ! -x "$SMSIM" ]; then
	echo "oracle: $SMSIM not found: run make first" >&2
	exit 2
fi

mkdir -p "$OUT" || exit 2
if ! g++ -std=c++14 -O2 -Wall -Wextra -I"$CUDA_INCLUDE" "$HERE/occ_oracle.cpp" -o "$OUT/occ_oracle"; then
	echo "oracle: failed to compile $HERE/occ_oracle.cpp" >&2
	exit 2
fi

passed=0
failed=0
for json in arch/*.json; do
	name=$(basename "$json" .json)
	args=$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))["device"]
pairs = [("--major", "major"), ("--minor", "minor"),
         ("--smem-per-sm", "sharedMemPerMultiprocessor"), ("--smem-per-block", "sharedMemPerBlock"),
         ("--smem-optin", "sharedMemPerBlockOptin"), ("--smem-reserved", "reservedSharedMemPerBlock"),
         ("--regs-per-sm", "regsPerMultiprocessor"), ("--regs-per-block", "regsPerBlock"),
         ("--threads-per-sm", "maxThreadsPerMultiProcessor"), ("--threads-per-block", "maxThreadsPerBlock"),
         ("--warp-size", "warpSize")]
print(" ".join("%s %d" % (flag, int(d.get(key, 0))) for flag, key in pairs))
' "$json") || { echo "oracle $name: cannot read $json"; failed=$((failed + 1)); continue; }

	cfg=$OUT/$name.configs.csv
	python3 "$HERE/gen_configs.py" "$json" "$N" "$SEED" >"$cfg" || {
		echo "oracle $name: gen_configs.py failed"; failed=$((failed + 1)); continue; }
	if ! "$SMSIM" occupancy --arch "$name" --batch "$cfg" >"$OUT/$name.smsim.csv" 2>"$OUT/$name.smsim.err"; then
		echo "oracle $name: smsim failed: $(head -c 500 "$OUT/$name.smsim.err")"
		failed=$((failed + 1))
		continue
	fi
	# shellcheck disable=SC2086 # $args is a list of flags
	if ! "$OUT/occ_oracle" $args <"$cfg" >"$OUT/$name.oracle.csv"; then
		echo "oracle $name: occ_oracle failed"
		failed=$((failed + 1))
		continue
	fi
	if python3 "$HERE/compare.py" "$name" "$cfg" "$OUT/$name.smsim.csv" "$OUT/$name.oracle.csv"; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
	fi
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
