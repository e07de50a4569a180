#!/bin/sh
# Runs every test suite: the cmocka unit tests in $BUILD/tests/, the
# command-line tests (tests/cli.sh), the README's examples (tests/readme.sh),
# the occupancy oracle
# (tests/oracle/run.sh) and validation against the committed H200 data
# (tests/validate.sh; tests/import_validate.sh for compiled kernels imported).
# QUICK=1 runs the unit tests only; VALGRIND=1 runs them under memcheck.
# Ends with one line "N passed, M failed" (suites) and exits 1 on a failure.
BUILD=${BUILD:-build}
SMSIM=${SMSIM:-./bin/smsim}
export SMSIM BUILD
pass=0
fail=0
failed=""
run_suite() {
	name=$1
	shift
	echo "=== $name"
	if "$@"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		failed="$failed $name"
	fi
}
for t in "$BUILD"/tests/test_*; do
	[ -x "$t" ] || continue
	case "$t" in *.d|*.o) continue ;; esac
	if [ -n "$VALGRIND" ]; then
		run_suite "$(basename "$t")" valgrind -q --error-exitcode=1 --leak-check=full "$t"
	else
		run_suite "$(basename "$t")" "$t"
	fi
done
if [ -z "$QUICK" ]; then
	for s in tests/cli.sh tests/readme.sh tests/oracle/run.sh tests/occ_h200.sh tests/validate.sh tests/plots.sh; do
		[ -f "$s" ] && run_suite "$s" sh "$s"
	done
	# imported kernels against the H200 (the sanitized build: W 1, 8, 32, 64 only)
	run_suite tests/import_validate.sh env QUICK=${SANITIZED:+1} sh tests/import_validate.sh
	run_suite tests/rownorm_validate.sh sh tests/rownorm_validate.sh
	# which of an SM's two blocks runs first (the scheduling policy, round 12)
	run_suite tests/blockorder_validate.sh sh tests/blockorder_validate.sh
	# the mechanism microbenchmarks (issue #18), the same harness and rule, one
	# manifest a folder; each reads its folder's SASS listing, or mech/'s
	# manifest, runs and listing of the same suffix (l2path: programs_lanes.csv,
	# runs_lanes.csv, sass_lanes.txt beside programs.csv, runs.csv, sass.txt; a listing may be kept
	# as LISTING.gz)
	for d in mech mech/cap mech/l1cfg mech/brsep mech/latd mech/bank mech/strlat mech/brreg mech/cta mech/fetch \
		mech/l2path mech/l2lines mech/l2corr mech/wlaunch mech/barlife mech/probe mech/bphase mech/tail mech/bord mech/btrain mech/ops mech/ptail mech/hash mech/gather mech/ldgaddr mech/sstore mech/iwmix mech/iwchain mech/iwhl mech/iwmode mech/rbank mech/rreuse mech/rreuse2 mech/iwword mech/pinc mech/ldst mech/stw mech/mixbw mech/stk mech/strd mech/stks mech/stb mech/t0off mech/stread mech/mioq mech/stline mech/seg mech/post mech/post2 mech/stb4 mech/pre mech/uni mech/stb8 mech/s2us mech/tailw mech/offalu mech/fbank mech/barw0 mech/twoblk mech/wsync gemm reduce transpose stencil hist stream nbody scan tloop; do
		for m in tests/data/h200/$d/programs*.csv; do
			suf=$(basename "$m" .csv | sed 's/^programs//')
			sass=
			for f in tests/data/h200/$d/sass$suf.txt tests/data/h200/$d/sass.txt tests/data/h200/mech/sass.txt; do
				[ -f "$f" ] && sass=$f && break
				[ -f "$f.gz" ] && sass=$f.gz && break # kept gzip -9 (import_validate.sh reads it)
			done
			run_suite "tests/import_validate.sh ($d${suf:+ $suf})" env QUICK=${SANITIZED:+1} \
				MANIFEST="$m" RUNS=tests/data/h200/$d/runs$suf.csv \
				SASS="$sass" sh tests/import_validate.sh
		done
	done
	# sets timed on an H100 (tests/data/h100/README.md: the same SM; read for mechanisms
	# inside it): the set's manifest and listing under h200/, its runs under h100/
	for r in fpair:mech/fpair/sass_local.txt fpair2:mech/fpair2/sass_local.txt barw0s:mech/barw0/sass.txt twoend:mech/twoend/sass_local.txt; do
		d=mech/${r%%:*}
		run_suite "tests/import_validate.sh ($d on the H100)" env QUICK=${SANITIZED:+1} \
			MANIFEST=tests/data/h200/$d/programs.csv RUNS=tests/data/h100/$d/runs.csv \
			SASS=tests/data/h200/${r#*:} sh tests/import_validate.sh
	done
fi
[ -n "$failed" ] && echo "failed suites:$failed"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
