#!/bin/sh
# tests/fuzz/run.sh [SECONDS [TARGET...]]: build the libFuzzer targets into
# build/fuzz/ and fuzz each for SECONDS (default 60).
#
# Each target first replays its saved reproducers (tests/fuzz/crashes/<target>/,
# if any) and then fuzzes a scratch copy of its seed corpus in
# tests/fuzz/corpus-run/<target>/ (gitignored), so the committed seeds in
# tests/fuzz/corpus/ never change. Exit status: 0 when every target passed (or
# when clang/libFuzzer is missing: SKIPPED), 1 when a target failed to build,
# a reproducer still fails, or fuzzing found a crash, leak, timeout or OOM.
# New findings are left in build/fuzz/artifacts/; logs in build/fuzz/<target>.log.
#
# Environment: CLANG (default clang), FUZZ_FLAGS (extra libFuzzer flags).
set -u

secs=${1:-60}
case $secs in
'' | *[!0-9]*) echo "usage: tests/fuzz/run.sh [SECONDS [TARGET...]] (SECONDS a whole number, got \"$secs\")" >&2; exit 2 ;;
esac
[ $# -gt 0 ] && shift

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cd "$root" || exit 1

targets=${*:-"fuzz_parse fuzz_arch fuzz_csv fuzz_workload fuzz_sass fuzz_import"}
out=build/fuzz
CLANG=${CLANG:-clang}
SAN="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
# UF_MAX_STEPS: the importer's run of the arithmetic (isa/uniflow.c) stops after 10^6 instructions here,
# not 2 x 10^7, so a listing that loops for ever stays well inside the 10 s an input may take under ASan
CFLAGS="-std=c11 -D_GNU_SOURCE -I. -g -O1 -Wall -Wextra -DUF_MAX_STEPS=1000000L"

skip() {
	echo "fuzz: SKIPPED: $*"
	exit 0
}

command -v "$CLANG" >/dev/null 2>&1 || skip "$CLANG not found (install the Debian package clang)"
mkdir -p "$out/obj" "$out/artifacts" || exit 1
printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' >"$out/probe.c"
if ! "$CLANG" -fsanitize=fuzzer,address,undefined -o "$out/probe" "$out/probe.c" >"$out/probe.log" 2>&1; then
	skip "$CLANG cannot link libFuzzer programs (install the Debian package libclang-rt-14-dev, or the one matching your clang): $(head -n 1 "$out/probe.log")"
fi
if ! pkg-config --exists gsl libcjson 2>/dev/null; then
	echo "fuzz: GSL or cJSON not found: install the Debian packages libgsl-dev and libcjson-dev (make deps)" >&2
	exit 1
fi
PKG_CFLAGS=$(pkg-config --cflags gsl libcjson)
PKG_LIBS=$(pkg-config --libs gsl libcjson)

# The library, once, instrumented for coverage (fuzzer-no-link) and sanitizers.
# The engine's rooms (sim/ctl.c, sim/sched.c, ...: each opens with
# `#ifndef SIM_SM_C`) are #included by sim/sm.c and not compiled on their own;
# like a header, a room newer than an object rebuilds it.
rooms=$(grep -l '^#ifndef SIM_SM_C\|^#ifndef IMPORT_C' sim/*.c isa/*.c)
stale() {
	[ ! -f "$2" ] || [ "$1" -nt "$2" ] && return 0
	[ -n "$(find sim isa workloads -name '*.h' -newer "$2" 2>/dev/null | head -n 1)" ] && return 0
	for r in $rooms; do [ "$r" -nt "$2" ] && return 0; done
	return 1
}
lib_objs=""
lib_ok=1
for src in sim/*.c isa/*.c workloads/*.c; do
	[ "$src" = sim/main.c ] && continue
	case " $(echo $rooms) " in *" $src "*) continue ;; esac
	obj=$out/obj/$(echo "$src" | tr / _ | sed 's/\.c$/.o/')
	lib_objs="$lib_objs $obj"
	if stale "$src" "$obj"; then
		# shellcheck disable=SC2086
		if ! "$CLANG" $CFLAGS $PKG_CFLAGS -fsanitize=fuzzer-no-link $SAN -c -o "$obj" "$src" >>"$out/build.log" 2>&1; then
			echo "fuzz: cannot compile $src (see $out/build.log)"
			lib_ok=0
		fi
	fi
done

passed=0
failed=0
for t in $targets; do
	log=$out/$t.log
	if [ ! -f "tests/fuzz/$t.c" ]; then
		echo "$t: FAILED (no tests/fuzz/$t.c)"
		failed=$((failed + 1))
		continue
	fi
	# shellcheck disable=SC2086
	if [ "$lib_ok" = 0 ] || ! "$CLANG" $CFLAGS $PKG_CFLAGS -fsanitize=fuzzer $SAN -o "$out/$t" "tests/fuzz/$t.c" $lib_objs \
		$PKG_LIBS -lm -lpthread >"$log" 2>&1; then
		echo "$t: FAILED (does not build; see $log)"
		failed=$((failed + 1))
		continue
	fi

	# 0. set-up (the targets load arch/sm_90.json in LLVMFuzzerInitialize)
	if ! "./$out/$t" -runs=0 >"$out/$t.setup.log" 2>&1; then
		echo "$t: FAILED (set-up: $(grep -m 1 '^fuzz' "$out/$t.setup.log" || tail -n 1 "$out/$t.setup.log"))"
		failed=$((failed + 1))
		continue
	fi

	# 1. saved reproducers must not fail any more
	repro_fail=""
	if [ -d "tests/fuzz/crashes/$t" ]; then
		for f in tests/fuzz/crashes/"$t"/*; do
			[ -f "$f" ] || continue
			if ! "./$out/$t" -timeout=10 -rss_limit_mb=2048 "$f" >"$out/$t.replay.log" 2>&1; then
				repro_fail="$repro_fail $f"
			fi
		done
	fi
	if [ -n "$repro_fail" ]; then
		echo "$t: FAILED (saved reproducers still fail:$repro_fail; run ./$out/$t FILE to see why)"
		failed=$((failed + 1))
		continue
	fi

	# 2. fuzz a scratch copy of the seeds. A hang is an input over the time limit: 10 s,
	# but 30 for fuzz_workload, whose largest legal loop body (WL_MAX_BODY, 1 M
	# instructions: barrier chunk=81000 ilp=3 is 972,008) takes 2.6 s to build under
	# ASan alone and passed 10 s only narrowly beside CI's other processes (round 33)
	tmo=10
	[ "$t" = fuzz_workload ] && tmo=30
	run=tests/fuzz/corpus-run/$t
	rm -rf "$run"
	mkdir -p "$run"
	[ -d "tests/fuzz/corpus/$t" ] && cp -p tests/fuzz/corpus/"$t"/* "$run"/ 2>/dev/null
	dict=""
	[ -f "tests/fuzz/dict/$t.dict" ] && dict="-dict=tests/fuzz/dict/$t.dict"
	# shellcheck disable=SC2086
	"./$out/$t" "$run" $dict -max_total_time="$secs" -timeout="$tmo" -rss_limit_mb=2048 \
		-print_final_stats=1 -artifact_prefix="$out/artifacts/$t-" ${FUZZ_FLAGS:-} >"$log" 2>&1
	rc=$?
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
	[ -n "$runs" ] || runs=$(sed -n 's/^#\([0-9][0-9]*\).*/\1/p' "$log" | tail -n 1)
	cov=$(sed -n 's/.* cov: \([0-9][0-9]*\).*/\1/p' "$log" | tail -n 1)
	ft=$(sed -n 's/.* ft: \([0-9][0-9]*\).*/\1/p' "$log" | tail -n 1)
	if [ "$rc" = 0 ]; then
		echo "$t: passed: ${secs}s, ${runs:-?} runs, cov ${cov:-?} edges, ${ft:-?} features"
		passed=$((passed + 1))
	else
		what=$(grep -m 1 -E 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error:|internal error:' "$log")
		art=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -n 1)
		echo "$t: FAILED: ${runs:-?} runs, cov ${cov:-?} edges: ${what:-exit status $rc} (input: ${art:-none}; log: $log)"
		failed=$((failed + 1))
	fi
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
