/*
 * fuzz_common.h: helpers shared by the libFuzzer targets (tests/fuzz/).
 *
 * The targets run from the repository root (tests/fuzz/run.sh does so);
 * the reference architecture is loaded once from arch/sm_90.json, or from
 * $SMSIM_ARCH_DIR/sm_90.json when that is set.
 */
#ifndef FUZZ_COMMON_H
#define FUZZ_COMMON_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/cfg.h"
#include "sim/err.h"

/* A NUL-terminated copy of the fuzzer's bytes (the parsers read text up to
 * a NUL; libFuzzer's buffer has none). Caller frees. */
static char *fuzz_cstr(const unsigned char *data, size_t size)
{
	char *s = malloc(size + 1);
	if (!s)
		abort();
	if (size)
		memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

/* Loads sm_90 once; aborts with a message when it cannot (a set-up error,
 * not a finding: run from the repository root). */
static const struct arch *fuzz_sm90(void)
{
	static struct arch a;
	static int loaded;
	struct err e;
	const char *dir;

	if (loaded)
		return &a;
	dir = getenv("SMSIM_ARCH_DIR");
	if (dir && *dir) {
		if (cfg_load(&a, "sm_90", &e) != SIM_OK) {
			fprintf(stderr, "fuzz: cannot load sm_90 from $SMSIM_ARCH_DIR: %s\n", e.msg);
			abort();
		}
	} else if (cfg_load(&a, "arch/sm_90.json", &e) != SIM_OK) {
		fprintf(stderr, "fuzz: cannot load arch/sm_90.json (run from the repository root): %s\n", e.msg);
		abort();
	}
	loaded = 1;
	return &a;
}

#endif /* FUZZ_COMMON_H */
