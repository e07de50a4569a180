/*
 * test_cfg.c: architecture-file loading. Every shipped file loads; each bad
 * file in the table is refused with its own message and status.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "../sim/cfg.h"
#include "../sim/fileio.h"

static char *good; /* arch/sm_90.json */
static size_t good_len;

static int setup(void **state)
{
	struct err e;
	(void)state;
	return fileio_read("arch/sm_90.json", &good, &good_len, &e);
}

static int teardown(void **state)
{
	(void)state;
	free(good);
	return 0;
}

static void all_archs_load(void **state)
{
	static const char *names[] = {"sm_70", "sm_75", "sm_80", "sm_86", "sm_89", "sm_90", "sm_100", "sm_120"};
	(void)state;
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		struct arch a;
		struct err e = {{0}};
		char path[64];
		snprintf(path, sizeof path, "arch/%s.json", names[i]);
		if (cfg_load(&a, path, &e))
			fail_msg("%s", e.msg);
		assert_string_equal(a.name, names[i]);
		assert_int_equal(a.warpSize, 32);
	}
}

static void sm90_values(void **state)
{
	struct arch a;
	struct err e;
	(void)state;
	assert_int_equal(cfg_parse(&a, good, good_len, "sm_90.json", &e), SIM_OK);
	assert_int_equal(a.multiProcessorCount, 132);
	assert_int_equal(arch_max_warps(&a), 64);
	assert_int_equal(a.pipe_lanes[PIPE_FMA], 32);
	assert_int_equal(a.pipe_lanes[PIPE_XU], 4);
	assert_int_equal(a.carveout_kb[a.ncarveout - 1], 228);
}

/* Replaces the first occurrence of `from` in the good file by `to`. */
static char *mutate(const char *from, const char *to)
{
	const char *at = strstr(good, from);
	assert_non_null(at);
	size_t n = strlen(good) - strlen(from) + strlen(to) + 1;
	char *s = malloc(n);
	size_t pre = (size_t)(at - good);
	memcpy(s, good, pre);
	strcpy(s + pre, to);
	strcat(s, at + strlen(from));
	return s;
}

static void bad_files(void **state)
{
	static const struct {
		const char *from, *to, *msg;
	} cases[] = {
		{"\"warpSize\": 32", "\"warpSize\": \"four\"", "\"device.warpSize\": expected integer in [32, 32], got \"four\""},
		{"\"warpSize\": 32", "\"warpSize\": 32.5", "expected integer"},
		{"\"multiProcessorCount\": 132", "\"multiProcessorCount\": -1", "\"device.multiProcessorCount\": expected integer in [1, 1024], got -1"},
		{"\"multiProcessorCount\": 132,", "", "\"device.multiProcessorCount\": missing"},
		{"\"multiProcessorCount\": 132", "\"multiProcessorCount\": 132, \"smCount\": 3", "\"device.smCount\": unknown key"},
		{"\"version\": 1", "\"version\": 2", "\"version\": expected 1, got 2"},
		{"\"fma\": {", "\"fmb\": {", "\"pipes.fmb\": unknown pipe"},
		{"\"lanes\": 32", "\"lanes\": 3", "\"pipes.fma.lanes\": expected a divisor of warpSize"},
		{"\"dram_latency\": 678", "\"dram_latency\": null", "\"memory.dram_latency\": expected integer in [1, 100000], got null"},
		{"      8,\n      16,", "      16,\n      8,", "\"allocation.sharedMemCarveoutKB[2]\""},
		{"\"sharedMemPerBlockOptin\": 232448", "\"sharedMemPerBlockOptin\": 1024", "\"device.sharedMemPerBlockOptin\": expected at least sharedMemPerBlock"},
		{"\"timing\": {", "\"timings\": 1, \"timing\": {", "\"timings\": unknown key"},
		{"\"device\": {", "\"device\": [1], \"x\": {", "unknown key"},
		{"\"major\": 9,", "\"major\": 9,,", "sm_90.json:7:17: malformed JSON"},
	};
	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct arch a;
		struct err e = {{0}};
		char *s = mutate(cases[i].from, cases[i].to);
		int rc = cfg_parse(&a, s, strlen(s), "sm_90.json", &e);
		if (rc != SIM_EINPUT || !strstr(e.msg, cases[i].msg))
			fail_msg("case %zu: rc %d, message \"%s\", expected \"%s\"", i, rc, e.msg, cases[i].msg);
		free(s);
	}
}

static void bad_paths(void **state)
{
	struct arch a;
	struct err e;
	(void)state;
	assert_int_equal(cfg_load(&a, "sm_99", &e), SIM_EINPUT);
	assert_non_null(strstr(e.msg, "unknown architecture \"sm_99\""));
	assert_int_equal(cfg_load(&a, "/nonexistent/x.json", &e), SIM_EIO);
	assert_non_null(strstr(e.msg, "/nonexistent/x.json: cannot open"));
	assert_int_equal(cfg_load(&a, "arch/", &e), SIM_EIO);
	assert_non_null(strstr(e.msg, "is a directory"));
	assert_int_equal(cfg_load(&a, "../evil", &e), SIM_EIO);
	assert_int_equal(cfg_parse(&a, "[1]", 3, "x.json", &e), SIM_EINPUT);
	assert_non_null(strstr(e.msg, "x.json: expected a JSON object at the top"));
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(all_archs_load),
		cmocka_unit_test(sm90_values),
		cmocka_unit_test(bad_files),
		cmocka_unit_test(bad_paths),
	};
	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests_name("cfg", tests, setup, teardown);
}
