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
		{"\"dram_latency\": 682", "\"dram_latency\": null", "\"memory.dram_latency\": expected integer in [1, 100000], got null"},
		{"      8,\n      16,", "      16,\n      8,", "\"allocation.sharedMemCarveoutKB[2]\""},
		{"\"dram_latency_spread\": [-181, -171,", "\"dram_latency_spread\": [-181, -190,", "\"memory.dram_latency_spread[1]\": expected a number of cycles of at most 100000 in magnitude and not below the one before (-181), got -190"},
		{"\"l2_latency_spread\": [-31,", "\"l2_latency_spread\": [null,", "\"memory.l2_latency_spread[0]\": expected a number of cycles of at most 100000 in magnitude, got null"},
		{"\"dram_latency\": 682,", "\"dram_latency\": 682, \"dram_latency_sprea\": 1,", "\"memory.dram_latency_sprea\": unknown key (expected one of smem_latency, l1_latency, l2_latency, dram_latency, smem_bytes_per_cycle, l1_bytes_per_cycle, l1_banks, l1_bank_bytes, l1_tag_lines, l1_replay_cycles, l1_line_cycles, smem_replay_cycles, smem_wave_bytes, l1_group_cycles, smem_group_cycles, l1_wide_cycles, l2_bytes_per_cycle, dram_bytes_per_cycle, l2_sector_cycles, dram_queue_cycles, dram_window_cycles, dram_shared_queue, dram_queue_scale_cycles, dram_stream_queue_scale_cycles, dram_backlog_cycles, warp_miss_bytes_per_cycle, stream_group_bytes_per_cycle, store_bytes_per_cycle, store_buffer_bytes, store_line_cycles, store_warp_cycles, lsu_warp_cycles, const_latency, const_index_cycles, const_cycles_per_addr, const_line_bytes, const_miss_cycles, uconst_miss_cycles, const_miss_slots, const_off_share_cycles, const_off_share_max, const_miss_port_cycles, const_slot_hold_cycles, s2ur_cycles, s2ur_latency, s2r_cycles, s2r_latency, store_insn_cycles, store_sector_cycles, store_off_cycles, load_off_cycles, load_off_warp_cycles, store_reg_cycles, store_warp_reg_cycles, l2_dirty_bytes, writeback_dram_weight, max_inflight_sectors, sector_bytes, line_bytes, l2_latency_spread, dram_latency_spread, dram_queue_curve, writeback_delay_curve, l2_line_cycles, l1_tag_hash)"},
		{"\"sharedMemPerBlockOptin\": 232448", "\"sharedMemPerBlockOptin\": 1024", "\"device.sharedMemPerBlockOptin\": expected at least sharedMemPerBlock"},
		{"\"store_buffer_bytes\": 10240", "\"store_buffer_bytes\": -1", "\"memory.store_buffer_bytes\": expected number in [0, 1000000000], got -1"},
		{"\"warp_launch_group\": 1", "\"warp_launch_group\": 65", "\"timing.warp_launch_group\": expected integer in [0, 64], got 65"},
		{"\"s2ur_latency\": 34", "\"s2ur_latency\": 0", "\"memory.s2ur_latency\": expected integer in [1, 100000], got 0"},
		{"\"s2r_cycles\": 2", "\"s2r_cycles\": -1", "\"memory.s2r_cycles\": expected number in [0, 1000000], got -1"},
		{"\"l2_sector_cycles\": 2.3", "\"l2_sector_cycles\": -1", "\"memory.l2_sector_cycles\": expected number in [0, 1000], got -1"},
		{"\"l2_line_cycles\": [0, -3.5, 8.5, 15.5, 34.2, 71.5]", "\"l2_line_cycles\": [1, 2]", "\"memory.l2_line_cycles[0]\": expected 0 (one line is l2_latency itself), got 1"},
		{"\"l2_line_cycles\": [0, -3.5, 8.5, 15.5, 34.2, 71.5]", "\"l2_line_cycles\": [0, \"x\"]", "\"memory.l2_line_cycles[1]\": expected a number of cycles of at most 10000 in magnitude, got \"x\""},
		{"\"l2_line_cycles\": [0, -3.5, 8.5, 15.5, 34.2, 71.5]", "\"l2_line_cycles\": [0, 1, 2, 3, 4, 5, 6, 7, 8]", "\"memory.l2_line_cycles\": expected [0] (no line rule) or an array of 2 to 8 numbers (cycles at 1, 2, 4, ... lines), got"},
		{"\"l2_line_cycles\": [0, -3.5, 8.5, 15.5, 34.2, 71.5],", "", "\"memory.l2_line_cycles\": expected [0] (no line rule) or an array of 2 to 8 numbers (cycles at 1, 2, 4, ... lines), got nothing (missing)"},
		{"\"l1_tag_hash\": [29186688, 23784704],", "", "\"memory.l1_tag_hash\": expected [0] (no tag banks) or an array of 1 to 6 address bit masks (bank bit j: the parity of a line's address and mask j), got nothing (missing)"},
		{"\"l1_tag_hash\": [29186688, 23784704],", "\"l1_tag_hash\": [29186688, \"x\"],", "\"memory.l1_tag_hash[1]\": expected a mask of address bits, an integer 1 to 2^48 - 1 (or [0] alone: no tag banks), got \"x\""},
		{"\"l1_tag_hash\": [29186688, 23784704],", "\"l1_tag_hash\": [29186688, 281474976710656],", "\"memory.l1_tag_hash[1]\": expected a mask of address bits, an integer 1 to 2^48 - 1 (or [0] alone: no tag banks), got 281474976710656"},
		{"\"timing\": {", "\"timings\": 1, \"timing\": {", "\"timings\": unknown key"},
		{"\"device\": {", "\"device\": [1], \"x\": {", "unknown key"},
		{"\"writeback_delay_curve\": [0, 12.8,", "\"writeback_delay_curve\": [3, 12.8,", "\"memory.writeback_delay_curve[0]\": expected 0 (no write-backs, no delay), got 3"},
		{"\"writeback_delay_curve\": [0, 12.8, 28.9,", "\"writeback_delay_curve\": [0, 12.8, 2.5,", "\"memory.writeback_delay_curve[2]\": expected a number of cycles of at most 100000 in magnitude and not below the one before (12.8), got 2.5"},
		{"\"l2_dirty_bytes\": 21100000,", "\"l2_dirty_bytes\": -1,", "\"memory.l2_dirty_bytes\""},
		{"\"dram_queue_curve\": [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.1, 5.7, 11.9, 19.3, 28.3, 37.4, 50.0, 61.7, 81.6, 101.7, 146.4, 191.0, 235.5, 280.0]", "\"dram_queue_curve\": [5]", "\"memory.dram_queue_curve\": expected [0] (the loaded delay from dram_queue_cycles) or 2 or more delays at utilisations 0 to 0.95, got one delay (5)"},
		{"\"dram_queue_curve\": [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.1, 5.7, 11.9, 19.3, 28.3, 37.4, 50.0, 61.7, 81.6, 101.7, 146.4, 191.0, 235.5, 280.0]", "\"dram_queue_curve\": [-1, 4]", "\"memory.dram_queue_curve[0]\": expected a delay of at least 0 cycles, got -1"},
		{"\"dram_queue_curve\": [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.1, 5.7, 11.9, 19.3, 28.3, 37.4, 50.0, 61.7, 81.6, 101.7, 146.4, 191.0, 235.5, 280.0]", "\"dram_queue_curve\": [0, 9, 3]", "\"memory.dram_queue_curve[2]\": expected a number of cycles of at most 100000 in magnitude and not below the one before (9), got 3"},
		{"\"dram_queue_cycles\": 23.4,\n    \"dram_queue_curve\": [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.1, 5.7, 11.9, 19.3, 28.3, 37.4, 50.0, 61.7, 81.6, 101.7, 146.4, 191.0, 235.5, 280.0],",
		 "\"dram_queue_cycles\": 0,\n    \"dram_queue_curve\": [0],",
		 "\"memory.dram_shared_queue\": 1 needs a loaded delay (dram_queue_cycles above 0 or a dram_queue_curve rising above 0)"},
		{"\"dram_shared_queue\": 1", "\"dram_shared_queue\": 2", "\"memory.dram_shared_queue\": expected integer in [0, 1], got 2"},
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

/* --arch-set: overrides pass the file's own checks; errors name the flag
 * and the key; the file's errors come first and name the file. */
static void overrides(void **state)
{
	static const struct {
		const char *set, *msg; /* msg NULL: accepted */
	} cases[] = {
		{"dram_latency=900", NULL},
		{"memory.dram_latency=900,pipes.fma.latency=8,fma.lanes=16,subPartitions=2", NULL},
		{"sharedMemCarveoutKB=0:100:228", NULL},
		{"dram_latency_spread=0,memory.l2_latency_spread=-10:0:10", NULL},
		{"dram_latency_spread=5:4", "--arch-set: \"memory.dram_latency_spread[1]\": expected a number of cycles of at most 100000 in magnitude and not below the one before (5), got 4"},
		{"dram_bytes_per_cycle=8.5", NULL},
		{"dram_latency=0", "--arch-set: \"memory.dram_latency\": expected integer in [1, 100000], got 0"},
		{"dram_latency=1.5", "--arch-set: \"memory.dram_latency\": expected integer in [1, 100000], got 1.5"},
		{"dram_latency=abc", "--arch-set: \"memory.dram_latency\": expected integer in [1, 100000], got \"abc\""},
		{"dram_latency=", "--arch-set: \"memory.dram_latency\": expected integer in [1, 100000], got \"\""},
		{"dram_latency=inf", "--arch-set: \"memory.dram_latency\": expected integer in [1, 100000], got \"inf\""},
		{"pipes.fma.lanes=3", "--arch-set: \"pipes.fma.lanes\": expected a divisor of warpSize (1, 2, 4, 8, 16 or 32), got 3"},
		{"fma.latency=0", "--arch-set: \"pipes.fma.latency\": expected integer in [1, 10000], got 0"},
		{"sharedMemCarveoutKB=0:100", "--arch-set: \"allocation.sharedMemCarveoutKB\": expected the last step to equal sharedMemPerMultiprocessor (228 KB), got 100 KB"},
		{"maxThreadsPerMultiProcessor=2000", "--arch-set: \"device.maxThreadsPerMultiProcessor\": expected a multiple of warpSize (32), got 2000"},
		{"dram_lat=5", "--arch-set: \"dram_lat\": unknown key (expected a field of the architecture file; close: memory.dram_latency, memory.dram_latency_spread)"},
		{"warpsize=32", "--arch-set: \"warpsize\": unknown key (expected a field of the architecture file; close: device.warpSize)"},
		{"qqqqqqqq=1", "--arch-set: \"qqqqqqqq\": unknown key (expected a field of the architecture file, as memory.dram_latency"},
		{"dram_latency", "--arch-set: expected KEY=VALUE[,KEY=VALUE] (as dram_latency=900), got \"dram_latency\""},
		{"=5", "--arch-set: expected KEY=VALUE[,KEY=VALUE] (as dram_latency=900), got \"=5\""},
		{",", "--arch-set: expected KEY=VALUE[,KEY=VALUE] (as dram_latency=900), got \",\""},
		{"l2_latency=300,memory.l2_latency=400", "--arch-set: \"memory.l2_latency\": given twice (expected each key once)"},
		/* the shared DRAM queue's settings (tests/data/h200/mech/loaddist/shared_queue.set) and one more */
		{"dram_shared_queue=1,dram_queue_scale_cycles=416,dram_backlog_cycles=3700,stream_group_bytes_per_cycle=8.26,"
		 "dram_queue_curve=0.0:0.0:0.0:0.0:0.0:0.0:0.1:5.7:11.9:19.3:28.3:37.4:50.0:61.7:81.6:101.7:146.4:191.0:235.5:280.0,"
		 "dram_window_cycles=500", NULL},
		{"dram_queue_curve=0,dram_queue_cycles=0", "--arch-set: \"memory.dram_shared_queue\": 1 needs a loaded delay"},
		/* the L2 line rule off (README), and a bad curve */
		{"l2_line_cycles=0,l2_sector_cycles=0", NULL},
		{"l2_line_cycles=0:-3.5:8.5", NULL},
		{"l2_line_cycles=2:3", "--arch-set: \"memory.l2_line_cycles[0]\": expected 0 (one line is l2_latency itself), got 2"},
		/* the tag stage's 4 lines a wavefront of round 19 (README), and bad hashes */
		{"l1_tag_hash=0", NULL},
		{"l1_tag_hash=128", "--arch-set: \"memory.l1_tag_lines\": expected 2 (the tag banks of l1_tag_hash's 1 mask, one line of each a wavefront), got 4"},
		{"l1_tag_hash=128,l1_tag_lines=2", NULL},
		{"l1_tag_hash=128:256:512", "--arch-set: \"memory.l1_tag_lines\": expected 8"},
		{"l1_tag_hash=0:128", "--arch-set: \"memory.l1_tag_hash[0]\": expected a mask of address bits, an integer 1 to 2^48 - 1 (or [0] alone: no tag banks), got 0"},
		{"l1_tag_hash=128:2.5", "--arch-set: \"memory.l1_tag_hash[1]\": expected a mask of address bits, an integer 1 to 2^48 - 1 (or [0] alone: no tag banks), got 2.5"},
		{"l1_tag_hash=1:2:4:8:16:32:64", "--arch-set: \"memory.l1_tag_hash\": expected [0] (no tag banks) or an array of 1 to 6 address bit masks"},
		/* the first-come DRAM server of rounds 1-13 (README) */
		{"dram_shared_queue=0,dram_queue_scale_cycles=0,dram_backlog_cycles=0,stream_group_bytes_per_cycle=0,dram_queue_curve=0", NULL},
	};
	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct arch a;
		struct err e = {{0}};
		int rc = cfg_parse_set(&a, good, good_len, "sm_90.json", cases[i].set, "--arch-set", &e);
		if (!cases[i].msg) {
			if (rc)
				fail_msg("%s: %s", cases[i].set, e.msg);
			assert_string_equal(a.path, "sm_90.json");
			continue;
		}
		if (rc != SIM_EINPUT || strncmp(e.msg, cases[i].msg, strlen(cases[i].msg)))
			fail_msg("%s: got %d \"%s\", expected \"%s\"", cases[i].set, rc, e.msg, cases[i].msg);
	}
	{
		struct arch a;
		struct err e;
		assert_int_equal(cfg_parse_set(&a, good, good_len, "sm_90.json",
					       "dram_latency=900,fma.latency=8,sharedMemCarveoutKB=0:100:228", NULL, &e), SIM_OK);
		assert_int_equal(a.dram_latency, 900);
		assert_int_equal(a.pipe_latency[PIPE_FMA], 8);
		assert_int_equal(a.ncarveout, 3);
		assert_int_equal(a.carveout_kb[1], 100);
		assert_int_equal(a.l2_latency, 282); /* the rest as in the file */
		assert_int_equal(a.n_line_curve, 6);
		assert_string_equal(a.overrides, "memory.dram_latency=900,pipes.fma.latency=8,allocation.sharedMemCarveoutKB=0:100:228");
		/* the file's own error first, naming the file */
		char *bad = mutate("\"dram_latency\": 682", "\"dram_latency\": 0");
		assert_int_equal(cfg_parse_set(&a, bad, strlen(bad), "bad.json", "dram_latency=900", "--arch-set", &e), SIM_EINPUT);
		assert_string_equal(e.msg, "bad.json: \"memory.dram_latency\": expected integer in [1, 100000], got 0");
		free(bad);
		/* the flag named in messages */
		assert_int_equal(cfg_parse_set(&a, good, good_len, "sm_90.json", "l1_latency=0", "--vary", &e), SIM_EINPUT);
		assert_string_equal(e.msg, "--vary: \"memory.l1_latency\": expected integer in [1, 100000], got 0");
	}
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(all_archs_load),
		cmocka_unit_test(sm90_values),
		cmocka_unit_test(bad_files),
		cmocka_unit_test(bad_paths),
		cmocka_unit_test(overrides),
	};
	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests_name("cfg", tests, setup, teardown);
}
