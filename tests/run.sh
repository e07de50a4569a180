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
	# the mechanism microbenchmarks (issue #18) and the sets timed on an H100, the same
	# harness and rule, one manifest each (tests/import_sets.sh lists them; the first,
	# import, ran above)
	sets=$(sh tests/import_sets.sh | sed 1d)
	while IFS='|' read -r name m r sass; do
		run_suite "tests/import_validate.sh ($name)" env QUICK=${SANITIZED:+1} \
			MANIFEST="$m" RUNS="$r" SASS="$sass" sh tests/import_validate.sh </dev/null
	done <<SETS
$sets
SETS
fi
[ -n "$failed" ] && echo "failed suites:$failed"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
