/*
 * test_sm.c: the SM engine against cycle counts derived by hand.
 *
 * Conventions the derivations use (sm_90 file values, without register-bank
 * conflicts, branch cost, loaded-latency queueing or the per-warp miss path
 * unless a test says so): FFMA latency L = 4; one issue per scheduler per cycle; warps go to
 * scheduler (warp slot mod 4); a warp's EXIT issues once its outstanding
 * results have landed and the run ends the cycle after the last EXIT
 * issues, so a run's cycles = (issue cycle of the last EXIT) + 1.
 * Golden cases are named like SQLite's: sm-<group>.<n>. They are grouped by
 * the engine's room (sim/sm.c and the mechanism files it #includes) whose
 * mechanism each one derives by hand; the suite runs the engine through its
 * public API (sm.h), so a room can change inside without touching them.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../isa/parse.h"
#include "../sim/cfg.h"
#include "../sim/report.h"
#include "../sim/sm.h"
#include "../sim/sweep.h"
#include "../workloads/wl.h"

static struct arch sm90;  /* the calibrated file */
static struct arch ideal; /* the same without register-bank conflicts, branch, divergence, barrier-release
			   * or constant-port costs, a block's warps all starting at once */

static int setup(void **state)
{
	struct err e;
	(void)state;
	if (cfg_load(&sm90, "arch/sm_90.json", &e)) {
		fprintf(stderr, "%s\n", e.msg);
		return -1;
	}
	ideal = sm90;
	ideal.regfile_banks = 0;
	ideal.branch_cycles = 0;
	ideal.loop_cycles = 0;
	ideal.loop_insns = 1;
	ideal.dram_queue_cycles = 0; /* no loaded delay, no shared queue */
	ideal.n_queue_curve = 1;
	ideal.queue_curve[0] = 0;
	ideal.dram_shared_queue = 0;
	ideal.dram_queue_scale_cycles = 0;
	ideal.dram_stream_queue_scale_cycles = 0;
	ideal.stream_group_bytes_per_cycle = 0;
	ideal.warp_miss_bytes_per_cycle = 0;
	ideal.lsu_warp_cycles = 0;
	ideal.diverge_cycles = 0;
	ideal.bar_release_cycles = 0;
	ideal.bar_warp_cycles = 0;
	ideal.bar_arrive_cycles = 0;
	ideal.cross_side_cycles = 0; /* every fixed latency 4, whoever reads it */
	ideal.const_cycles_per_addr = 0;
	ideal.n_l2_spread = ideal.n_dram_spread = 0;
	ideal.fetch_cycles = 0;
	ideal.fetch_turn = 0;
	ideal.warp_launch_group = 0; /* a block's warps all start at cycle 0 */
	return 0;
}

/* Program text: `body` repeated n times between `pre` and `post`. */
static char *repeat(const char *pre, const char *body, int n, const char *post)
{
	size_t len = strlen(pre) + strlen(body) * (size_t)n + strlen(post) + 1;
	char *s = malloc(len);
	strcpy(s, pre);
	for (int i = 0; i < n; i++)
		strcat(s, body);
	strcat(s, post);
	return s;
}

static struct sim_stats run_arch(const struct arch *a, const char *text, int threads, int blocks,
				 enum sched_policy pol)
{
	struct program p;
	struct err e = {{0}};
	struct sim_stats st;
	struct sim_launch l = {.threads_per_block = threads, .blocks = blocks, .smem_per_block = -1,
			       .carveout_pct = -1, .policy = pol};
	if (parse_program(text, strlen(text), "test", &p, &e))
		fail_msg("parse: %s", e.msg);
	if (sim_run_once(a, &p, &l, &st, &e))
		fail_msg("run: %s", e.msg);
	program_free(&p);
	return st;
}

/* The cycles n more copies of `line` add: a program of 2n copies (after
 * ".regs 32", before `post`) against one of n, one block of `threads`. */
static uint64_t extra_cycles(const struct arch *a, const char *line, int n, const char *post, int threads)
{
	char *one = repeat(".regs 32\n", line, n, post);
	char *two = repeat(".regs 32\n", line, 2 * n, post);
	uint64_t d = run_arch(a, two, threads, 1, POLICY_GRR).cycles - run_arch(a, one, threads, 1, POLICY_GRR).cycles;
	free(one);
	free(two);
	return d;
}

/* `head` (an instruction line up to its "offsets=") followed by the 32
 * lanes' byte offsets off[0]:...:off[31] and a newline, into line. */
static void offsets_line(char *line, size_t size, const char *head, const unsigned off[32])
{
	int n = snprintf(line, size, "%s", head);
	for (int l = 0; l < 32; l++)
		n += snprintf(line + n, size - (size_t)n, "%s%u", l ? ":" : "", off[l]);
	snprintf(line + n, size - (size_t)n, "\n");
}

static struct sim_stats run(const char *text, int threads, int blocks)
{
	return run_arch(&ideal, text, threads, blocks, POLICY_GTO);
}

static double stall_sum(const struct sim_stats *st)
{
	double s = 0;
	for (int i = 0; i < ST_COUNT; i++)
		s += st->stalls[i];
	return s;
}

/* ---- sim/sched.c: the schedulers, one issue each per cycle ---------- */

/* sm-1.3: ILP K >= L: throughput-bound, one issue per cycle: N*K FFMAs
 * issue at 0..NK-1; the last is ready at NK-1+L: cycles = NK + L. */
static void sm_1_3_ilp_throughput_bound(void **state)
{
	(void)state;
	for (int k = 4; k <= 8; k += 4) {
		char body[512] = "";
		for (int c = 0; c < k; c++) {
			char line[64];
			snprintf(line, sizeof line, "FFMA R%d, R%d, R20, R21\n", c, c);
			strcat(body, line);
		}
		char *t = repeat("", body, 16, "EXIT\n");
		struct sim_stats st = run(t, 32, 1);
		assert_int_equal(st.cycles, 16 * k + 4);
		free(t);
	}
}

/* sm-1.4: W warps on each scheduler with independent instructions issue one
 * per cycle: 8 warps = 2 per scheduler, N independent FFMAs each: a
 * scheduler issues 2N FFMAs back to back (0..2N-1, GTO: the older warp's
 * first); the younger warp's EXIT waits for its last FFMA, ready at
 * 2N-1+L, so cycles = 2N + L. ipc -> 4. */
static void sm_1_4_one_issue_per_cycle(void **state)
{
	(void)state;
	char *t = repeat("", "FFMA R0, R1, R2, R3\n", 100, "EXIT\n");
	struct sim_stats st = run(t, 256, 1);
	assert_int_equal(st.warp_instructions, 8 * 101);
	assert_int_equal(st.cycles, 2 * 100 + 4);
	/* 4 schedulers busy every cycle but the drain of the last FFMA */
	assert_true(st.ipc > 3.9);
	free(t);
}

/*
 * sm-1.6: the yield hint (yield_switch, round 38). Warps 0 and 4 share
 * scheduler 0 (5 warps, all started at once): each issues 10 independent
 * FFMAs [S01], a MUFU.RCP (the XU: 4 lanes, one every 8 cycles, latency
 * 17) on scoreboard 0, and an EXIT that waits for it. Without the hint the
 * scheduler stays on warp 0: its FFMAs at 0-9 and MUFU at 10, warp 4's at
 * 11-20 and 21 (the XU free since 18), its result at 21 + 17 = 38: 39
 * cycles. With the hint on every FFMA it does not stay: the least
 * recently issued warp goes next, so the two alternate (warp 0 at 0, 2,
 * .., 18, warp 4 at 1, .., 19), both reach the XU together, warp 0's MUFU
 * at 20 and warp 4's at 28: its result at 45, 46 cycles. yield_switch 0
 * ignores the hint: 39 again.
 */
static void sm_1_6_yield_hint(void **state)
{
	(void)state;
	const char *tail = "[B------:R-:W0:-:S01] MUFU.RCP R4, R1\n[B0-----:R-:W-:-:S01] EXIT\n";
	char *yield = repeat(".regs 32\n", "[B------:R-:W-:Y:S01] FFMA R2, R1, R1, R1\n", 10, tail);
	char *stay = repeat(".regs 32\n", "[B------:R-:W-:-:S01] FFMA R2, R1, R1, R1\n", 10, tail);
	struct arch a = ideal;
	a.yield_switch = 1; /* sm_90.json: 0 until mech_yield is timed (round 38) */
	assert_int_equal(run_arch(&a, stay, 160, 1, POLICY_BGRR).cycles, 39);
	assert_int_equal(run_arch(&a, yield, 160, 1, POLICY_BGRR).cycles, 46);
	a.yield_switch = 0;
	assert_int_equal(run_arch(&a, yield, 160, 1, POLICY_BGRR).cycles, 39);
	free(yield);
	free(stay);
}

/* sm-2.1: FP32 saturation on sm_90 with ideal parameters (L = 4, 4
 * schedulers, one FFMA per cycle each; no register-bank conflicts, no
 * branch cost): Little's law says 16, 8, 4, 4 warps for ILP 1, 2, 4, 8.
 * With the calibrated file, operand-collection conflicts halve ILP 1's
 * rate and the knees move (validated against the H200 in tests/validate.sh). */
static void sm_2_1_fp32_knees(void **state)
{
	(void)state;
	int ilps[] = {1, 2, 4, 8}, warps[SWEEP_MAX_W], nw;
	struct sweep s;
	struct err e;
	struct arch ideal = sm90;
	ideal.regfile_banks = 0;
	ideal.const_miss_cycles = ideal.uconst_miss_cycles = 0; /* every constant line warm */
	ideal.branch_cycles = 0;
	ideal.loop_cycles = 0;
	ideal.loop_insns = 1;
	assert_int_equal(sweep_parse_warps("1-64", warps, SWEEP_MAX_W, &nw, &e), 0);
	assert_int_equal(nw, 48);
	if (sweep_plan(&s, &ideal, "fma", "iters=512", ilps, 4, warps, nw, &e))
		fail_msg("%s", e.msg);
	assert_int_equal(sweep_run(&s, 2, 0, 1, NULL, 0, &e), 0);
	sweep_knees(&s);
	int want[] = {16, 8, 4, 4};
	for (int c = 0; c < 4; c++) {
		const struct sweep_row *r = &s.rows[c * nw];
		assert_int_equal(r->little.warps, want[c]);
		assert_int_equal(r->curve_knee, want[c]);
	}
	sweep_free(&s);
}

/* sm-2.2: the fma workload runs inside its harness and is measured as the
 * harness measures it (round 33): its cycles are the span from thread 0's
 * clock read after the start barrier to the one after the end barrier,
 * the code around the loop included (workloads/wl.c harness_begin,
 * harness_end). Oracle: the same instructions written as a program file
 * with addresses and a .span line, read by the parser, give the same span
 * and the same first-issue-to-exit cycles, one warp and 8 (the generator's
 * stamps by index against the parser's by address); the span is shorter
 * than first issue to last exit by the barrier before the FROM stamp and
 * the EXIT after TO. */
static char *fma_harness_text(int ilp, int iters)
{
	size_t cap = 65536, n = 0;
	char *s = malloc(cap);
	int rounds = 64 / ilp, trips = iters / rounds, at = 0, cmp_at = rounds * ilp > 5 ? 4 : rounds * ilp - 1;
	assert_non_null(s);
	assert_true(iters % rounds == 0);
	n += (size_t)snprintf(s + n, cap - n, ".pc 0x0\n.regs 16\n.span 0x20 0x%x\n", (5 + rounds * ilp + 2 + 1 + ilp + 6) * 16);
	n += (size_t)snprintf(s + n, cap - n, "ULDC.64 UR4, c[0x0][0x208]\nBAR.SYNC 0x0\nCS2R R5, SR_CLOCKLO\nULDC UR6, c[0x0][0x230]\n"
						  "LDC R1, c[0x0][0x234] pattern=uniform footprint=64K\nLOOP %d edge=branch\n", trips);
	for (int r = 0; r < rounds; r++)
		for (int k = 0; k < ilp; k++, at++) {
			n += (size_t)snprintf(s + n, cap - n, "FFMA R%d, R%d, UR6, R1\n", 2 * k, 2 * k);
			if (at == 0)
				n += (size_t)snprintf(s + n, cap - n, "IADD3 R3, R3, RZ, RZ\n");
			if (at == cmp_at)
				n += (size_t)snprintf(s + n, cap - n, "LOP3 R5, R3, RZ, RZ\n");
		}
	n += (size_t)snprintf(s + n, cap - n, "ENDLOOP\nFADD R0, RZ, R0\n");
	for (int k = 1; k < ilp; k++)
		n += (size_t)snprintf(s + n, cap - n, "FADD R0, R%d, R0\n", 2 * k);
	n += (size_t)snprintf(s + n, cap - n, "S2R R5, SR_CTAID.X\nLDC.64 R2, c[0x0][0x210] pattern=uniform footprint=64K\n"
						  "IMAD R5, R5, UR4, RZ\nIMAD.WIDE.U32 R2, R5, 0x4, R2\nSTG.E [R2.64], R0 pattern=stream\n"
						  "BAR.SYNC 0x0\nCS2R R5, SR_CLOCKLO\nEXIT\n");
	assert_true(n < cap);
	return s;
}

static void sm_2_2_fma_harness_span(void **state)
{
	(void)state;
	for (int ilp = 1; ilp <= 8; ilp *= 2) {
		char set[64];
		struct wl_params w;
		struct program p;
		struct err e;
		snprintf(set, sizeof set, "ilp=%d,iters=%d", ilp, 256);
		assert_int_equal(wl_parse("fma", set, &w, &e), 0);
		assert_int_equal(wl_build(&w, &sm90, &p, &e), 0);
		char *text = fma_harness_text(ilp, 256);
		/* the text has addresses (for its .span), the generator's program
		 * none: the instruction fetch's next-line cost (fetch_line_cycles)
		 * applies to the text alone, so both run without it */
		struct arch a = sm90;
		a.fetch_line_cycles = 0;
		for (int warps = 1; warps <= 8; warps *= 8) {
			struct sim_stats built, parsed = run_arch(&a, text, 32 * warps, 1, POLICY_BGRR);
			struct sim_launch l = {.threads_per_block = 32 * warps, .blocks = 1, .smem_per_block = -1,
					       .carveout_pct = -1, .policy = POLICY_BGRR};
			assert_int_equal(sim_run_once(&a, &p, &l, &built, &e), 0);
			assert_int_equal(built.cycles, parsed.cycles);
			assert_int_equal(built.elapsed_cycles, parsed.elapsed_cycles);
			assert_true(built.cycles + 2 < built.elapsed_cycles);
		}
		free(text);
		program_free(&p);
	}
}

/* ---- sim/warp.c: the scoreboard, its waits, the warp states --------- */

/* sm-1.1: one warp, a chain of N dependent FFMAs. Issues at 0, L, ..., (N-1)L;
 * EXIT waits for the last result, (N-1)L + L = NL, so cycles = NL + 1. */
static void sm_1_1_dependent_chain(void **state)
{
	(void)state;
	for (int n = 1; n <= 64; n *= 4) {
		char *t = repeat("", "FFMA R0, R0, R1, R2\n", n, "EXIT\n");
		struct sim_stats st = run(t, 32, 1);
		assert_int_equal(st.cycles, 4 * n + 1);
		assert_int_equal(st.warp_instructions, n + 1);
		/* the warp waits L-1 of every L cycles on a fixed-latency result */
		assert_int_equal(st.state_cycles[ST_SELECTED], n + 1);
		assert_int_equal(st.state_cycles[ST_WAIT], 3 * n);
		assert_true(fabs(stall_sum(&st) - 1.0) < 1e-12);
		free(t);
	}
}

/* sm-1.2: ILP K <= L in one warp, N rounds: round r issues at rL .. rL+K-1;
 * the last result is ready at (N-1)L + (K-1) + L, EXIT then: cycles = NL + K. */
static void sm_1_2_ilp_latency_bound(void **state)
{
	(void)state;
	for (int k = 1; k <= 4; k++) {
		char body[256] = "";
		for (int c = 0; c < k; c++) {
			char line[64];
			snprintf(line, sizeof line, "FFMA R%d, R%d, R10, R11\n", c, c);
			strcat(body, line);
		}
		char *t = repeat("", body, 16, "EXIT\n");
		struct sim_stats st = run(t, 32, 1);
		assert_int_equal(st.cycles, 16 * 4 + k);
		free(t);
	}
}

/* sm-3.4: wait=all (a SASS wait mask over every scoreboard), wait=R0: the second
 * load waits for the first's result, s = ceil(256/bw) + lat - 1 cycles, then
 * takes s itself: cycles 2s + 1. Without it the two overlap: the second
 * leaves the DRAM server at ceil(2 * 256/bw) and lands lat - 1 later. */
static void sm_3_4_wait_all(void **state)
{
	(void)state;
	int s1 = (int)ceil(256.0 / ideal.dram_bytes_per_cycle) + ideal.dram_latency - 1;
	struct sim_stats st = run("LDG.64 R0, [R10] pattern=chase footprint=1G\nFFMA R1, R2, R3, RZ\n"
				  "LDG.64 R4, [R5] pattern=chase footprint=1G wait=all\nEXIT\n", 32, 1);
	assert_int_equal(st.cycles, 2 * s1 + 1);
	st = run("LDG.64 R0, [R10] pattern=chase footprint=1G\nFFMA R1, R2, R3, RZ\n"
		 "LDG.64 R4, [R5] pattern=chase footprint=1G\nEXIT\n", 32, 1);
	assert_int_equal(st.cycles, (int)ceil(2 * 256.0 / ideal.dram_bytes_per_cycle) + ideal.dram_latency - 1 + 1);
	/* wait=R0: the same wait, named by register (a scoreboard the two
	 * loads share); wait=R2 names a register with nothing pending: no wait */
	st = run("LDG.64 R0, [R10] pattern=chase footprint=1G\nFFMA R1, R2, R3, RZ\n"
		 "LDG.64 R4, [R5] pattern=chase footprint=1G wait=R0\nEXIT\n", 32, 1);
	assert_int_equal(st.cycles, 2 * s1 + 1);
	st = run("LDG.64 R0, [R10] pattern=chase footprint=1G\nFFMA R1, R2, R3, RZ\n"
		 "LDG.64 R4, [R5] pattern=chase footprint=1G wait=R2+R3\nEXIT\n", 32, 1);
	assert_int_equal(st.cycles, (int)ceil(2 * 256.0 / ideal.dram_bytes_per_cycle) + ideal.dram_latency - 1 + 1);
}

/* ---- sim/pipe.c: issue intervals, operand collection, banks --------- */

/* sm-6.1: pipe throttle: sm_80 has 16 FP32 lanes per sub-partition, so one
 * warp issues an FFMA every 2 cycles at best: N independent FFMAs: the last
 * issues at 2(N-1), is ready at 2(N-1)+L: cycles 2N + 3. */
static void sm_6_1_pipe_interval(void **state)
{
	(void)state;
	struct arch a80;
	struct err e;
	assert_int_equal(cfg_load(&a80, "arch/sm_80.json", &e), 0);
	char *t = repeat("", "FFMA R0, R1, R2, R3\n", 50, "EXIT\n");
	struct sim_stats st = run_arch(&a80, t, 32, 1, POLICY_GTO);
	assert_int_equal(st.cycles, 2 * 50 + 3);
	assert_int_equal(st.state_cycles[ST_MATH_PIPE_THROTTLE], 49);
	free(t);
	/* MUFU: 4 lanes, one per 8 cycles */
	t = strdup("MUFU R0, R10\nMUFU R1, R10\nMUFU R2, R10\nMUFU R3, R10\nMUFU R4, R10\n"
		   "MUFU R5, R10\nMUFU R6, R10\nMUFU R7, R10\nMUFU R8, R10\nMUFU R9, R10\nEXIT\n");
	st = run(t, 32, 1);
	assert_int_equal(st.cycles, 8 * 9 + sm90.pipe_latency[PIPE_XU] + 1);
	assert_true(st.stalls[ST_MIO_THROTTLE] > 0);
	free(t);
}

/* sm-10.1: register banks (calibrated file: 2 banks, reuse, forwarding).
 * One warp, FFMA R12, R12, R2, R3: the first reads R12 and R2 from bank 0
 * (2 cycles, result 1 cycle late); later ones get R12 forwarded and R2, R3
 * from the reuse cache: cycles = 4N + 1 + 1.
 * Two warps on a scheduler alternate, so nothing is forwarded or reused:
 * every FFMA takes 2 read cycles and its result comes at 5: warp A issues
 * at 0, 5, 10, ..., B at 2, 7, 12, ...; B's last result lands at 5N + 2:
 * cycles = 5N + 3 (Hopper's measured 2.5 cycles per FFMA at 2 warps per
 * scheduler, tests/data/h200/sweep.csv fma ILP 1 W=5..8). */
static void sm_10_1_bank_conflicts(void **state)
{
	(void)state;
	char *t = repeat("", "FFMA R12, R12, R2, R3\n", 100, "EXIT\n");
	struct arch a = sm90;
	a.warp_launch_group = 0; /* the warps start together */
	struct sim_stats one = run_arch(&a, t, 32, 1, POLICY_GRR);
	assert_int_equal(one.cycles, 4 * 100 + 2);
	struct sim_stats two = run_arch(&a, t, 160, 1, POLICY_GRR); /* warps 0 and 4 share scheduler 0 */
	assert_int_equal(two.cycles, 5 * 100 + 3);
	free(t);
	/* registers in different banks: no conflict, 2 warps interleave at latency 4 */
	t = repeat("", "FFMA R12, R12, R3, RZ\n", 100, "EXIT\n");
	two = run_arch(&a, t, 160, 1, POLICY_GRR);
	assert_int_equal(two.cycles, 4 * 100 + 2);
	free(t);
}

/* sm-10.2: the 16-lane pipes' banks and IMAD.WIDE's second pass (round 18,
 * mech_ops, mech_otput), by hand. IMAD (fmaheavy: 16 lanes, issue interval
 * 2) reads its operands within its 2 cycles: a conflict of two reads delays
 * nothing, three reads of one bank hold the pipe 3 cycles and the result 1
 * (operand cycles beyond the interval).
 * IMAD R12, R12, R2, R3 (R12, R2: bank 0), one warp: forwarded and reused
 * after the first, issues at 0, 4, ..., ready at 4N: cycles 4N + 1 (an FFMA
 * pays the first conflict: 4N + 2, sm-10.1). Two warps on scheduler 0 (warps
 * 0 and 4) alternate, read both operands every time: the pipe's 2 cycles, the
 * result at 4: A at 0, 4, 8, ..., B at 2, 6, ...; B's last ready at 4N + 2,
 * its EXIT then: 4N + 3 (the FFMA: 5N + 3). IMAD R12, R12, R2, R4 (three
 * reads of bank 0): the pipe 3 cycles, the result at 5: A at 0, 6, 12, ...
 * (ready at 5, the pipe free at 6), B at 3, 9, ...: 6N + 3.
 * IMAD.WIDE (wide_pass_cycles 4) takes the pipe for two intervals (4) and
 * its result comes 4 after the pipe's latency, tracked even with control
 * bits: a chain of [S05] IMAD.WIDE.U32 R12, R13, R0, RZ and [S05] LOP3
 * R13, R13, R12 (mech_otput's) issues the IMAD.WIDE at t, its result is
 * ready at t + 8, one more for the LOP3 on the ALU side: LOP3 at t + 9, the
 * next IMAD.WIDE at t + 14 (the H200: 14.16); the EXIT after the last LOP3's
 * [S05]: 14N + 1. Independent [S01] IMAD.WIDEs (reading R2): one every 4
 * cycles (the pipe), the last at 4(N - 1), its result at 4N + 4, when the
 * EXIT waits for it: 4N + 5. Without control bits a chain of IMAD.WIDE R12,
 * R12, R3, RZ reads its low word: ready 8 - 2 = 6 after each issue
 * (wide_low_lead_cycles 2, round 22), the last at 6(N - 1), its high word
 * 8 later, when the EXIT waits for it: 6N + 3 (8N + 1 with the lead 0).
 * With control bits, [S03] IMAD.WIDE.U32 R12, R14, R0, RZ then [S04] IADD3
 * R14, R12, R2, RZ (the low word only, as an address's IADD3 reads it): the
 * low word at t + 6, the IADD3 on the ALU side at t + 7, the next IMAD.WIDE
 * at t + 11 (the IADD3's stall count): 11N + 1; the IADD3 reading the high
 * word R13 instead waits for t + 8 + 1: 13N + 1. With the lead 0 both words
 * come at t + 8, the low one a side apart (t + 9: 13N + 1), the high one as
 * the rule before round 22 had it, without the side (12N + 1); mech_otput's
 * LOP3 above reads both words: 14N + 1 either way. With wide_pass_cycles 0:
 * one pass, untracked (and wide_issue_cycles 0: sm-10.4): the chain by its
 * stall counts, 10N + 1, the [S01] ones 2 apart, 2N, and the plain chain
 * 4N + 1. The hold of sm-10.4 (3) changes none of the other numbers: the
 * [S01] IMAD.WIDEs are 4 apart, the chains further.
 */
static void sm_10_2_sixteen_lane_banks(void **state)
{
	(void)state;
	struct arch a = sm90;
	a.warp_launch_group = 0; /* the warps start together */
	const int n = 100;
	char *t = repeat("", "IMAD R12, R12, R2, R3\n", n, "EXIT\n");
	assert_int_equal(run_arch(&a, t, 32, 1, POLICY_GRR).cycles, 4 * n + 1);
	assert_int_equal(run_arch(&a, t, 160, 1, POLICY_GRR).cycles, 4 * n + 3);
	free(t);
	t = repeat("", "IMAD R12, R12, R2, R4\n", n, "EXIT\n");
	assert_int_equal(run_arch(&a, t, 160, 1, POLICY_GRR).cycles, 6 * n + 3);
	free(t);
	assert_int_equal(a.wide_pass_cycles, 4);
	char *c = repeat("", "[B------:R-:W-:-:S05] IMAD.WIDE.U32 R12, R13, R0, RZ\n"
			     "[B------:R-:W-:-:S05] LOP3.LUT R13, R13, R12, RZ, 0x3c, !PT\n", n, "[B------:R-:W-:-:S01] EXIT\n");
	assert_int_equal(run_arch(&a, c, 32, 1, POLICY_GRR).cycles, 14 * n + 1);
	t = repeat("", "[B------:R-:W-:-:S01] IMAD.WIDE.U32 R12, R2, R0, RZ\n", n, "[B------:R-:W-:-:S01] EXIT\n");
	assert_int_equal(run_arch(&a, t, 32, 1, POLICY_GRR).cycles, 4 * n + 5);
	char *h = repeat("", "IMAD.WIDE R12, R12, R3, RZ\n", n, "EXIT\n");
	assert_int_equal(a.wide_low_lead_cycles, 2);
	assert_int_equal(run_arch(&a, h, 32, 1, POLICY_GRR).cycles, 6 * n + 3);
	char *lo = repeat("", "[B------:R-:W-:-:S03] IMAD.WIDE.U32 R12, R14, R0, RZ\n"
			      "[B------:R-:W-:-:S04] IADD3 R14, R12, R2, RZ\n", n, "[B------:R-:W-:-:S01] EXIT\n");
	char *hi = repeat("", "[B------:R-:W-:-:S03] IMAD.WIDE.U32 R12, R14, R0, RZ\n"
			      "[B------:R-:W-:-:S04] IADD3 R14, R13, R2, RZ\n", n, "[B------:R-:W-:-:S01] EXIT\n");
	assert_int_equal(run_arch(&a, lo, 32, 1, POLICY_GRR).cycles, 11 * n + 1);
	assert_int_equal(run_arch(&a, hi, 32, 1, POLICY_GRR).cycles, 13 * n + 1);
	a.wide_low_lead_cycles = 0;
	assert_int_equal(run_arch(&a, h, 32, 1, POLICY_GRR).cycles, 8 * n + 1);
	assert_int_equal(run_arch(&a, lo, 32, 1, POLICY_GRR).cycles, 13 * n + 1);
	assert_int_equal(run_arch(&a, hi, 32, 1, POLICY_GRR).cycles, 12 * n + 1);
	assert_int_equal(run_arch(&a, c, 32, 1, POLICY_GRR).cycles, 14 * n + 1);
	free(lo);
	free(hi);
	a.wide_pass_cycles = 0;
	a.wide_issue_cycles = 0; /* and no hold of the issue (sm-10.4) */
	assert_int_equal(run_arch(&a, c, 32, 1, POLICY_GRR).cycles, 10 * n + 1);
	assert_int_equal(run_arch(&a, t, 32, 1, POLICY_GRR).cycles, 2 * n);
	assert_int_equal(run_arch(&a, h, 32, 1, POLICY_GRR).cycles, 4 * n + 1);
	free(c);
	free(h);
	free(t);
}

/* sm-10.4: IMAD.WIDE holds its scheduler's issue (wide_issue_cycles 3) and
 * the register banks are shared by the scheduler's pipes (regfile_shared),
 * round 21 (mech_iwhl, mech_iwmode), by hand, one warp, no control bits.
 * IMAD.WIDE R12, R2, R3, RZ then two FFMA R20/R22, R4, R5, RZ, n times
 * (independent): the IMAD.WIDE at t holds the issue to t + 3, so the FFMAs
 * issue at t + 3 and t + 4 and the next IMAD.WIDE at t + 5 (its pipe is
 * free at t + 4): 5 a round; the last at 5(n - 1), its result 8 later
 * (latency 4 + wide_pass_cycles 4), the EXIT then: 5n + 4. Without the hold
 * the pipe's 4 a round: 4n + 5.
 * IADD3 R10, R3, R5, RZ (ALU) then IMAD R11, R7, R9, RZ (fmaheavy), and
 * the same with R13, R15 and R17, R19, n pairs in all:
 * each reads two registers of bank 1, within its own 2 cycles. Banks of
 * each instruction's own: one a cycle, the last at 2n - 1, ready at 2n + 3:
 * 2n + 4. Shared: bank 1 reads 2 a cycle-pair for everyone: the IADD3 at 0
 * reads over [0, 2), the IMAD at 1 over [2, 4), the k-th (k >= 2) issues at
 * 2k - 2 (its pipe held to its reads' end) and reads over [2k, 2k + 2):
 * collection 4 cycles, its result 2 past the pipe's 2; the last (k = 2n - 1)
 * at 4n - 4, ready at 4n + 2: 4n + 3. */
static void sm_10_4_wide_hold_shared_banks(void **state)
{
	(void)state;
	struct arch a = sm90;
	a.warp_launch_group = 0;
	const int n = 100;
	assert_int_equal(a.wide_issue_cycles, 3);
	assert_int_equal(a.regfile_shared, 1);
	char *h = repeat("", "IMAD.WIDE R12, R2, R3, RZ\nFFMA R20, R4, R5, RZ\nFFMA R22, R4, R5, RZ\n", n, "EXIT\n");
	/* two register sets in turn: no source is its pipe's previous one's
	 * (nothing reused since round 33, when a program without control bits
	 * keeps a reuse cache a pipe, sm-10.5) */
	char *b = repeat("", "IADD3 R10, R3, R5, RZ\nIMAD R11, R7, R9, RZ\nIADD3 R12, R13, R15, RZ\nIMAD R14, R17, R19, RZ\n",
			 n / 2, "EXIT\n");
	assert_int_equal(run_arch(&a, h, 32, 1, POLICY_GRR).cycles, 5 * n + 4);
	assert_int_equal(run_arch(&a, b, 32, 1, POLICY_GRR).cycles, 4 * n + 3);
	a.wide_issue_cycles = 0;
	a.regfile_shared = 0;
	assert_int_equal(run_arch(&a, h, 32, 1, POLICY_GRR).cycles, 4 * n + 5);
	assert_int_equal(run_arch(&a, b, 32, 1, POLICY_GRR).cycles, 2 * n + 4);
	free(h);
	free(b);
}

/* sm-10.5: without control bits the reuse cache is kept a pipe, as ptxas
 * flags a source for the next instruction of its pipe (mech_rbank, round
 * 21; applied to programs without control bits in round 33), by hand, one
 * warp. FFMA R20, R2, R4, R6 (three reads of bank 0) then IADD3 R8, R9,
 * R11, RZ (ALU, two of bank 1), n times, no dependences: from the second
 * round each finds its sources in its pipe's cache, past the other pipe's
 * instruction, and reads nothing: the FFMA at 2k - 1, the IADD3 at 2k (the
 * ALU's 2 cycles), 2 cycles a round. Read every time (the cache by the
 * previous instruction, as until round 33, or operand_reuse 0), the FFMA's
 * three reads of bank 0 hold its pipe 3 cycles: 3 a round. */
static void sm_10_5_reuse_by_pipe(void **state)
{
	(void)state;
	struct arch a = sm90;
	a.warp_launch_group = 0;
	assert_int_equal(a.operand_reuse, 1);
	const char *round = "FFMA R20, R2, R4, R6\nIADD3 R8, R9, R11, RZ\n";
	assert_int_equal(extra_cycles(&a, round, 100, "EXIT\n", 32), 200);
	a.operand_reuse = 0;
	assert_int_equal(extra_cycles(&a, round, 100, "EXIT\n", 32), 300);
}

/*
 * sm-10.8: a memory instruction reads an IMAD.WIDE's result wide_lsu_cycles
 * later than an ALU-side reader (round 39, mech_ldgaddr's lone warp: the
 * LSU's operand path has no share in the ALU's forwarding). A chain of
 * [S02] IMAD.WIDE.U32 R12, R14, R0, RZ and LDS R14, [R12] on scoreboard 0
 * (the next IMAD.WIDE waits for it), one warp: the IMAD.WIDE at t, its low
 * word ready at t + 8 - 2 (wide_pass_cycles 4 beyond the latency, the low
 * word's lead 2); the LDS reads it at t + 6 with wide_lsu_cycles 0, at
 * t + 8 with 2, and its result comes smem_latency 23 later: 29 and 31 cycles
 * a step, 10 steps and the EXIT 291 and 311. The same chain through an
 * [S04] IADD3 R12, R14, R0, RZ (no IMAD.WIDE): 4 + 23 = 27 a step, 271
 * either way.
 */
static void sm_10_8_wide_lsu(void **state)
{
	(void)state;
	struct arch a = sm90;
	a.warp_launch_group = 0;
	assert_int_equal(a.wide_lsu_cycles, 2);
	assert_int_equal(a.smem_latency, 23);
	char *iw = repeat(".regs 32\n",
			  "[B0-----:R-:W-:-:S02] IMAD.WIDE.U32 R12, R14, R0, RZ\n[B------:R-:W0:-:S01] LDS R14, [R12]\n", 10,
			  "[B0-----:R-:W-:-:S01] EXIT\n");
	char *ia = repeat(".regs 32\n", "[B0-----:R-:W-:-:S04] IADD3 R12, R14, R0, RZ\n[B------:R-:W0:-:S01] LDS R14, [R12]\n",
			  10, "[B0-----:R-:W-:-:S01] EXIT\n");
	assert_int_equal(run_arch(&a, iw, 32, 1, POLICY_GRR).cycles, 311);
	assert_int_equal(run_arch(&a, ia, 32, 1, POLICY_GRR).cycles, 271);
	a.wide_lsu_cycles = 0;
	assert_int_equal(run_arch(&a, iw, 32, 1, POLICY_GRR).cycles, 291);
	assert_int_equal(run_arch(&a, ia, 32, 1, POLICY_GRR).cycles, 271);
	free(iw);
	free(ia);
}

/* sm-10.6: two operand collectors a scheduler (regfile_collectors 2, round
 * 35: mech_fpair on an H100), by hand, one warp, no control bits, no
 * dependences. A round of FFMA R20, R2, R4, R6 (three reads of bank 0),
 * FFMA R21, R3, R5, R7 (three of bank 1) and the same into R22, R23: each
 * FFMA's pipe is held only until its last bank starts reading, so the
 * bank-1 FFMA issues a cycle after the bank-0 one; then both collectors are
 * held (until 3 and 4) and nothing issues before the first is free: a pair
 * at t, t + 1, the next at t + 3: 6 cycles a round of four. One collector,
 * or none (the collection holds the pipe to its end): 3 an FFMA, 12. Four
 * FFMAs all on bank 0 (R8, R10, R12 for the second and fourth): the bank
 * reads 3 a cycle-triple whatever the collectors, 12. Four IADD3s of the
 * same registers: the ALU stays held to the collection's end (mech_iwmix
 * iw_alu), 3 an IADD3: 12. */
static void sm_10_6_collectors(void **state)
{
	(void)state;
	struct arch a = sm90;
	a.warp_launch_group = 0;
	assert_int_equal(a.regfile_collectors, 2);
	const char *alt = "FFMA R20, R2, R4, R6\nFFMA R21, R3, R5, R7\nFFMA R22, R2, R4, R6\nFFMA R23, R3, R5, R7\n";
	const char *same = "FFMA R20, R2, R4, R6\nFFMA R21, R8, R10, R12\nFFMA R22, R2, R4, R6\nFFMA R23, R8, R10, R12\n";
	const char *alu = "IADD3 R20, R2, R4, R6\nIADD3 R21, R3, R5, R7\nIADD3 R22, R2, R4, R6\nIADD3 R23, R3, R5, R7\n";
	assert_int_equal(extra_cycles(&a, alt, 100, "EXIT\n", 32), 600);
	assert_int_equal(extra_cycles(&a, same, 100, "EXIT\n", 32), 1200);
	assert_int_equal(extra_cycles(&a, alu, 100, "EXIT\n", 32), 1200);
	a.regfile_collectors = 1;
	assert_int_equal(extra_cycles(&a, alt, 100, "EXIT\n", 32), 1200);
	a.regfile_collectors = 0;
	assert_int_equal(extra_cycles(&a, alt, 100, "EXIT\n", 32), 1200);
	assert_int_equal(extra_cycles(&a, same, 100, "EXIT\n", 32), 1200);
	assert_int_equal(extra_cycles(&a, alu, 100, "EXIT\n", 32), 1200);
}

/* sm-10.7: the collection window (regfile_window 1, round 36: mech_fpair's
 * lone warp), by hand, one warp, control bits. An instruction issues only
 * once each bank it reads can deliver its reads within max(2, its most
 * reads of one bank) cycles; its stall count runs from then.
 * - FFMA R20, R2, R4, R6 (three reads of bank 0, S01) at 0 reads bank 0 at
 *   0-2; FFMA R21, R8, R10, R12 (three of bank 0, S04) waits to 3 (reads
 *   3-5), its stall count to 7, where FFMA R22, R3, R5, R7 (bank 1) issues;
 *   EXIT 8: 9 cycles. Without the window the second issues at 1 (its reads
 *   wait for the bank), the third at 5, EXIT at 6 when a collector frees: 7.
 * - Four FFMA R2x, R2, R4, R7 (two reads of bank 0, one of bank 1, S01):
 *   at 0, 2, 4, 6 (each after the last one's second read), EXIT 7: 8;
 *   without the window 0, 1, 2, 4 (the collectors), EXIT 6: 7. Two warps a
 *   scheduler (8 warps, grr): the second warp's first FFMA finds bank 0
 *   free at 8 (the first warp's last reads at 6-7, its EXIT at 7): 8, 10,
 *   12, 14, EXIT 15: 16. */
static void sm_10_7_window(void **state)
{
	(void)state;
	struct arch a = sm90;
	a.warp_launch_group = 0;
	assert_int_equal(a.regfile_window, 1);
	const char *three = "[B------:R-:W-:-:S01] FFMA R20, R2, R4, R6\n[B------:R-:W-:-:S04] FFMA R21, R8, R10, R12\n"
			    "[B------:R-:W-:-:S01] FFMA R22, R3, R5, R7\n[B------:R-:W-:-:S05] EXIT\n";
	char two[512] = "";
	for (int i = 0; i < 4; i++)
		strcat(two, "[B------:R-:W-:-:S01] FFMA R20, R2, R4, R7\n");
	strcat(two, "[B------:R-:W-:-:S05] EXIT\n");
	assert_int_equal(run_arch(&a, three, 32, 1, POLICY_GRR).cycles, 9);
	assert_int_equal(run_arch(&a, two, 32, 1, POLICY_GRR).cycles, 8);
	assert_int_equal(run_arch(&a, two, 256, 1, POLICY_GRR).cycles, 16);
	a.regfile_window = 0;
	assert_int_equal(run_arch(&a, three, 32, 1, POLICY_GRR).cycles, 7);
	assert_int_equal(run_arch(&a, two, 32, 1, POLICY_GRR).cycles, 7);
}

/* sm-10.9: the FMA pipe held only its issue interval (regfile_fma_free 1,
 * round 44: mech_chold2 and mech_clag on an H100), by hand, one warp,
 * control bits, every stall count 1. FFMA R20, R2, R4, R7 (bank 0 twice,
 * bank 1 once) at 0 reads bank 0 at 0-1; FFMA R21, R6, RZ, RZ (bank 0
 * once) at 1 reads it at 2, a cycle late (within its window); then
 * - FFMA R22, R9, RZ, RZ (bank 1) at 2, FFMA R23, R8, RZ, RZ (bank 0,
 *   free at 3) at 3: EXIT 4, 5 cycles. Round 35's hold (0) keeps the FMA
 *   pipe until the late FFMA's read starts, 2: the third at 3, the fourth
 *   4, EXIT 5: 6.
 * - FFMA R22, R8, RZ, RZ (bank 0 again) at 2 reads at 3, late again, and
 *   FFMA R23, R9, RZ, RZ (bank 1) at 3: EXIT 4, 5 cycles; with the hold
 *   the third waits to 3 (its read then on time), the fourth 4, EXIT 5: 6.
 * A guarded instruction keeps the hold (round 45, mech_offg on an H100):
 * k1 with the late FFMA guarded (@P0 FFMA R21, R6, RZ, RZ) takes 6; with
 * only the first guarded, whose own reads start at its issue, 5. */
static void sm_10_9_fma_free(void **state)
{
	(void)state;
	struct arch a = sm90;
	a.warp_launch_group = 0;
	assert_int_equal(a.regfile_fma_free, 1);
	const char *k1 = "[B------:R-:W-:-:S01] FFMA R20, R2, R4, R7\n[B------:R-:W-:-:S01] FFMA R21, R6, RZ, RZ\n"
			 "[B------:R-:W-:-:S01] FFMA R22, R9, RZ, RZ\n[B------:R-:W-:-:S01] FFMA R23, R8, RZ, RZ\n"
			 "[B------:R-:W-:-:S05] EXIT\n";
	const char *k2 = "[B------:R-:W-:-:S01] FFMA R20, R2, R4, R7\n[B------:R-:W-:-:S01] FFMA R21, R6, RZ, RZ\n"
			 "[B------:R-:W-:-:S01] FFMA R22, R8, RZ, RZ\n[B------:R-:W-:-:S01] FFMA R23, R9, RZ, RZ\n"
			 "[B------:R-:W-:-:S05] EXIT\n";
	assert_int_equal(run_arch(&a, k1, 32, 1, POLICY_GRR).cycles, 5);
	assert_int_equal(run_arch(&a, k2, 32, 1, POLICY_GRR).cycles, 5);
	const char *g2 = "[B------:R-:W-:-:S01] FFMA R20, R2, R4, R7\n[B------:R-:W-:-:S01] @P0 FFMA R21, R6, RZ, RZ\n"
			 "[B------:R-:W-:-:S01] FFMA R22, R9, RZ, RZ\n[B------:R-:W-:-:S01] FFMA R23, R8, RZ, RZ\n"
			 "[B------:R-:W-:-:S05] EXIT\n";
	const char *g1 = "[B------:R-:W-:-:S01] @P0 FFMA R20, R2, R4, R7\n[B------:R-:W-:-:S01] FFMA R21, R6, RZ, RZ\n"
			 "[B------:R-:W-:-:S01] FFMA R22, R9, RZ, RZ\n[B------:R-:W-:-:S01] FFMA R23, R8, RZ, RZ\n"
			 "[B------:R-:W-:-:S05] EXIT\n";
	assert_int_equal(run_arch(&a, g2, 32, 1, POLICY_GRR).cycles, 6);
	assert_int_equal(run_arch(&a, g1, 32, 1, POLICY_GRR).cycles, 5);
	a.regfile_fma_free = 0;
	assert_int_equal(run_arch(&a, k1, 32, 1, POLICY_GRR).cycles, 6);
	assert_int_equal(run_arch(&a, k2, 32, 1, POLICY_GRR).cycles, 6);
}

/* sm-10.3: a result read on the other side (cross_side_cycles 1, round 18
 * mech_lpair: ptxas's stall counts and the H200 give 4 cycles from producer
 * to consumer within the FMA pipes or within the ALU, 5 across), by hand,
 * for a program without control bits. IADD3 (ALU) then FFMA (FMA) 100 times,
 * each reading the other's result: every result reaches its consumer in 5,
 * the 200th issues at 995, ready at 999, EXIT then: 1000 cycles. IADD3 then
 * LOP3 (both ALU), or IMAD then FFMA (both FMA side): 4 an instruction, the
 * last at 796: 801. Off (0): 801 for all. With control bits the stall counts
 * alone time them (a [S05] pair: 5 apart either way). */
static void sm_10_3_cross_side(void **state)
{
	(void)state;
	struct arch a = sm90;
	a.warp_launch_group = 0;
	assert_int_equal(a.cross_side_cycles, 1);
	char *x = repeat("", "IADD3 R1, R0, R5, RZ\nFFMA R0, R1, R6, R7\n", 100, "EXIT\n");
	char *y = repeat("", "IADD3 R1, R0, R5, RZ\nLOP3 R0, R1, R6, R7\n", 100, "EXIT\n");
	char *z = repeat("", "IMAD R1, R0, R5, RZ\nFFMA R0, R1, R6, R7\n", 100, "EXIT\n");
	char *c = repeat("", "[B------:R-:W-:-:S05] IADD3 R1, R0, R5, RZ\n[B------:R-:W-:-:S05] FFMA R0, R1, R6, R7\n", 100,
			 "[B------:R-:W-:-:S01] EXIT\n");
	assert_int_equal(run_arch(&a, x, 32, 1, POLICY_GRR).cycles, 1000);
	assert_int_equal(run_arch(&a, y, 32, 1, POLICY_GRR).cycles, 801);
	assert_int_equal(run_arch(&a, z, 32, 1, POLICY_GRR).cycles, 801);
	assert_int_equal(run_arch(&a, c, 32, 1, POLICY_GRR).cycles, 5 * 200 + 1);
	a.cross_side_cycles = 0;
	assert_int_equal(run_arch(&a, x, 32, 1, POLICY_GRR).cycles, 801);
	assert_int_equal(run_arch(&a, c, 32, 1, POLICY_GRR).cycles, 5 * 200 + 1);
	free(x);
	free(y);
	free(z);
	free(c);
}

/* ---- sim/mem.c: levels, miss path, LSU, in-flight limit, DRAM delay - */

/* sm-3.1: N dependent DRAM loads in one warp. Each 256-byte warp load passes
 * the DRAM server in ceil(256 / dram_bytes_per_cycle) cycles, then
 * dram_latency - 1 more: step = ceil(256/bw) + lat - 1. The chain's last
 * load is ready at N*step, EXIT issues then: cycles = N*step + 1. */
static void sm_3_1_dependent_loads(void **state)
{
	(void)state;
	int step = (int)ceil(256.0 / ideal.dram_bytes_per_cycle) + ideal.dram_latency - 1;
	char *t = repeat("", "LDG.64 R0, [R0] pattern=chase footprint=1G\n", 10, "EXIT\n");
	struct sim_stats st = run(t, 32, 1);
	assert_int_equal(st.cycles, 10 * step + 1);
	assert_int_equal(st.dram_bytes, 10 * 256);
	assert_true(st.stalls[ST_LONG_SCOREBOARD] > 0.99);
	free(t);
	/* L1 and shared memory: latency + occupancy of the data path - 1 (an
	 * LDG.64 is two data wavefronts of 16 lanes, no bank conflict: 2, and
	 * the second lane group costs the warp l1_group_cycles 2.0, not the
	 * SM's 1 (round 40): 3) */
	t = repeat("", "LDG.64 R0, [R0] pattern=chase footprint=8K\n", 10, "EXIT\n");
	st = run(t, 32, 1);
	assert_int_equal(st.cycles, 10 * (sm90.l1_latency + 2) + 1);
	free(t);
	t = repeat("", "LDS R0, [R0] pattern=chase\n", 10, "EXIT\n");
	st = run(t, 32, 1);
	assert_int_equal(st.cycles, 10 * sm90.smem_latency + 1);
	assert_true(st.stalls[ST_SHORT_SCOREBOARD] > 0.9);
	free(t);
}

/* sm-3.2: bandwidth-bound: 64 warps x 4 chains of dependent DRAM loads keep
 * far more than latency x bandwidth in flight, so elapsed cycles approach
 * bytes / dram_bytes_per_cycle (Little's law: the server is never idle). */
static void sm_3_2_bandwidth_bound(void **state)
{
	(void)state;
	const char *body = "LDG.64 R0, [R0] pattern=chase footprint=1G\nLDG.64 R1, [R1] pattern=chase footprint=1G\n"
			   "LDG.64 R2, [R2] pattern=chase footprint=1G\nLDG.64 R3, [R3] pattern=chase footprint=1G\n";
	char *t = repeat("", body, 50, "EXIT\n");
	struct sim_stats st = run(t, 1024, 2);
	double bytes = 64.0 * 200 * 256;
	assert_int_equal(st.dram_bytes, (uint64_t)bytes);
	double floor_cycles = bytes / ideal.dram_bytes_per_cycle;
	/* plus one unloaded latency for the pipeline to fill and drain */
	assert_true(st.cycles >= floor_cycles);
	assert_true(st.cycles <= floor_cycles + ideal.dram_latency + 300);
	free(t);
}

/* sm-3.3: a warp's miss path (warp_miss_bytes_per_cycle = 8: 32 cycles per
 * 256-byte load), which streaming loads take (a random walk's do not:
 * sm-3.12). One load: the DRAM step s = ceil(256/bw) + lat - 1, then
 * 32 cycles through the warp's path: ready at s + 32, cycles s + 33. Two
 * independent loads issued at 0 and 1: the second leaves the DRAM server
 * at ceil(2 * 256/bw) + lat - 1 < s + 32, so it waits for the path: ready
 * at s + 64, cycles s + 65. A second warp has its own path. */
static void sm_3_3_warp_miss_path(void **state)
{
	(void)state;
	struct arch a = ideal;
	a.warp_miss_bytes_per_cycle = 8;
	int s1 = (int)ceil(256.0 / a.dram_bytes_per_cycle) + a.dram_latency - 1;
	struct sim_stats st = run_arch(&a, "LDG.64 R0, [R10] pattern=stream footprint=1G\nEXIT\n", 32, 1, POLICY_GRR);
	assert_int_equal(st.cycles, s1 + 33);
	st = run_arch(&a, "LDG.64 R0, [R10] pattern=stream footprint=1G\nLDG.64 R1, [R11] pattern=stream footprint=1G\nEXIT\n",
		      32, 1, POLICY_GRR);
	assert_int_equal(st.cycles, s1 + 65);
	/* two warps, one load each: only the shared DRAM server orders them */
	st = run_arch(&a, "LDG.64 R0, [R10] pattern=stream footprint=1G\nEXIT\n", 64, 1, POLICY_GRR);
	assert_int_equal(st.cycles, (int)ceil(2 * 256.0 / a.dram_bytes_per_cycle) + a.dram_latency - 1 + 32 + 1);
}

/*
 * sm-3.8: only DRAM data returns through a warp's miss path
 * (tests/data/h200/import multiload: one warp's 1..8 L2 loads 291..313
 * cycles a step). One 256-byte coalesced L2 load (a stream's kind of
 * access, not a random walk's, which never takes the path; footprint 1M, l2_bytes_per_cycle
 * 40): the L2 server 6.4 cycles, ready at ceil(6.4) + l2_latency - 1, EXIT
 * the cycle after, whatever warp_miss_bytes_per_cycle; a second load of the
 * same warp queues on the L2 server alone: ceil(12.8) + l2_latency - 1.
 */
static void sm_3_8_l2_no_miss_path(void **state)
{
	(void)state;
	struct arch a = ideal;
	a.warp_miss_bytes_per_cycle = 8;
	a.l2_bytes_per_cycle = 40;
	a.n_line_curve = 1; /* the server's time in the latency (the L2 line rule: sm-3.18) */
	struct sim_stats st = run_arch(&a, "LDG.64 R0, [R10] pattern=coalesced footprint=1M\nEXIT\n", 32, 1, POLICY_GRR);
	assert_int_equal(st.cycles, 7 + a.l2_latency - 1 + 1);
	st = run_arch(&a, "LDG.64 R0, [R10] pattern=coalesced footprint=1M\nLDG.64 R1, [R11] pattern=coalesced footprint=1M\nEXIT\n",
		      32, 1, POLICY_GRR);
	assert_int_equal(st.cycles, 13 + a.l2_latency - 1 + 1);
}

/*
 * sm-3.9: the L1 data path carries the bytes delivered to the lanes: a load
 * of 16 distinct 8-byte words (lanes=16, lanes l and l + 16 alike) takes the
 * path as long as 32 distinct ones (tests/data/h200/import: both L1 chases
 * 0.5 warp-loads a cycle). With l1_bytes_per_cycle 32, four independent
 * loads of one warp (issued 2 cycles apart: 16 LSU lanes) each hold it
 * 256 / 32 = 8 cycles: the last is served at 32, ready at 32 + l1_latency
 * - 1, EXIT the cycle after; counting 128 distinct bytes it would be 16.
 */
static void sm_3_9_l1_delivered_bytes(void **state)
{
	(void)state;
	struct arch a = ideal;
	a.l1_bytes_per_cycle = 32;
	const char *four = "LDG.64 R0, [R10] pattern=chase footprint=16K%s\nLDG.64 R1, [R11] pattern=chase footprint=16K%s\n"
			   "LDG.64 R2, [R12] pattern=chase footprint=16K%s\nLDG.64 R3, [R13] pattern=chase footprint=16K%s\nEXIT\n";
	char t[512];
	snprintf(t, sizeof t, four, "", "", "", "");
	struct sim_stats st = run_arch(&a, t, 32, 1, POLICY_GRR);
	assert_int_equal(st.cycles, 32 + a.l1_latency - 1 + 1);
	snprintf(t, sizeof t, four, " lanes=16", " lanes=16", " lanes=16", " lanes=16");
	st = run_arch(&a, t, 32, 1, POLICY_GRR);
	assert_int_equal(st.cycles, 32 + a.l1_latency - 1 + 1);
}

/*
 * sm-3.21: the L1's wavefronts (round 19, tests/data/h200/mech/gather), by
 * hand on sm_90 (l1_banks 32 of 4 bytes, l1_tag_lines 4, l1_replay_cycles
 * 2.2, l1_latency 32). Throughput: 8 warps each issue 16 more independent
 * L1 loads; every load holds the SM's L1 one cycle a wavefront, more than
 * the issue side (16 loads a warp 4 cycles apart, 2 warps a scheduler's
 * 16-lane LSU pipe: 64 cycles), so the run grows 8 x 16 x wavefronts:
 * coalesced words 1; lanes on 8 lines' words 0-3 (stride=128 period=8
 * step=4) 8, the banks 0-3 each holding 8 words; 32 lines' word 0
 * (stride=128) 32; 32 lanes at word l of 8 lines (stride=132 period=8
 * step=32: every bank once) 2, the tag stage's 4 lines a cycle; 16 bytes a
 * lane all on one element (pattern=uniform) 4, four quarter warps; a gather
 * within one line (footprint=128: at most one word a bank) 1.
 * Latency: one warp's chain of 16 more dependent loads. A load over 32
 * lines' word 0 is served by the SM 32 cycles after issue, but its replays
 * (31 bank conflicts) take the warp 32 + 31 x 1.2 = 69.2 cycles, so its data
 * comes ceil(69.2) + 31 = 101 cycles after issue, 69 later than a coalesced
 * load's 1 + 31; 32 lines at word l (stride=132: no bank shared, the tag
 * stage's 8 wavefronts, no replay) 8 + 31, 7 later.
 * One warp's 16 more independent 32-line loads: the warp's replays one
 * after another, each load issued once the one before has ended (round
 * 20: the warp's next memory instruction waits for them), at a whole
 * cycle: 16 x ceil(69.2) = 1120, the SM's 16 x 32 hidden behind them.
 */
static void sm_3_21_l1_wavefronts(void **state)
{
	(void)state;
	static const struct {
		const char *attrs;
		int waves;
	} tp[] = {
		{"footprint=16K", 1},
		{"stride=128 period=8 step=4 footprint=16K", 8},
		{"stride=128 footprint=16K", 32},
		{"stride=132 period=8 step=32 footprint=16K", 2},
		{"pattern=uniform footprint=16K", 4}, /* LDG.128 below */
		{"pattern=gather footprint=128", 1},
	};
	const char *exit_ = "[B0-----:R-:W-:-:S01] EXIT\n";
	char line[160];
	assert_int_equal(sm90.l1_banks, 32);
	assert_int_equal(sm90.l1_tag_lines, 4);
	for (int k = 0; k < (int)(sizeof tp / sizeof *tp); k++) {
		snprintf(line, sizeof line, "[B------:R-:W0:-:S01] LDG%s R2, [R4] %s\n", k == 4 ? ".128" : "", tp[k].attrs);
		assert_int_equal(extra_cycles(&sm90, line, 16, exit_, 8 * 32), 8 * 16 * tp[k].waves);
	}
	uint64_t coal = extra_cycles(&sm90, "[B0-----:R-:W0:-:S01] LDG R2, [R2] footprint=16K\n", 16, exit_, 32);
	uint64_t l32 = extra_cycles(&sm90, "[B0-----:R-:W0:-:S01] LDG R2, [R2] stride=128 footprint=16K\n", 16, exit_, 32);
	uint64_t t32 = extra_cycles(&sm90, "[B0-----:R-:W0:-:S01] LDG R2, [R2] stride=132 footprint=16K\n", 16, exit_, 32);
	assert_int_equal(l32 - coal, 16 * 69);
	assert_int_equal(t32 - coal, 16 * 7);
	assert_int_equal(extra_cycles(&sm90, "[B------:R-:W0:-:S01] LDG R2, [R4] stride=128 footprint=16K\n", 16, exit_, 32), 1120);
}

/*
 * sm-3.23: the L1 tag stage's banks (round 20, tests/data/h200/mech/gather
 * mech_gather4 and mech_gather5), by hand on sm_90: one line of each of 4
 * tag banks a wavefront, bank bit 0 the parity of address bits 7, 9, 11,
 * 12, 14, ... and bit 1 of bits 8, 10, 11, 13, 14, ... (l1_tag_hash), so
 * line x (address / 128) has bank H(x) with H(1) = 1, H(2) = 2, H(4) = 1,
 * H(8) = 2, H(16) = 3, and H linear (XOR). Lanes at word l of 4 lines 3
 * apart (period=4 stride=388 step=16: lane j + 4q at 388j + 16q, word
 * 97j + 4q, bank j + 4q, every bank once): lines 0, 3, 6, 9 are in banks
 * 0, 3, 3 (1 ^ 2), 3 (2 ^ 1): 3 wavefronts (the H200 at a 2 MB boundary:
 * 3.02 cycles a load at 32 warps); with base=512 lines 4, 7, 10, 13 in
 * banks 1, 2 (1 ^ 3), 0 (2 ^ 2), 2 (2 ^ 1 ^ 1): 2 (measured 2.02); with
 * l1_tag_hash [0] 4 lines a cycle: 1. Eight lines 3 apart (period=8
 * stride=388 step=32): 0, 3, ..., 21 in banks 0, 3, 3, 3, 3, 0, 1, 3: 5
 * (measured 5.02). 8 warps' 16 more independent loads each: 8 x 16 x that.
 */
static void sm_3_23_tag_banks(void **state)
{
	(void)state;
	static const struct {
		const char *attrs;
		int waves;
	} tp[] = {
		{"period=4 stride=388 step=16 footprint=16K", 3},
		{"period=4 stride=388 step=16 base=512 footprint=16K", 2},
		{"period=4 stride=388 step=16 base=0x200 footprint=16K", 2},
		{"period=8 stride=388 step=32 footprint=16K", 5},
		/* lines=: lane l at word l of line L[l % K]: lines 1, 2, 3, 4 in
		 * banks 1, 2, 3, 1: 2 (mech_gather5 o0_b2 at a 2 MB boundary, 2.02
		 * cycles); 0, 2, 3, 4 in 0, 2, 3, 1: 1 (o1_b2, 1.53); 0, 1, 3, 6 in
		 * 0, 1, 3, 3 (H(6) = 1 ^ 2): 2 */
		{"lines=1:2:3:4 footprint=16K", 2},
		{"lines=0:2:3:4 footprint=16K", 1},
		{"lines=0:1:3:6 footprint=16K", 2},
	};
	const char *exit_ = "[B0-----:R-:W-:-:S01] EXIT\n";
	char line[400];
	for (int k = 0; k < (int)(sizeof tp / sizeof *tp); k++) {
		snprintf(line, sizeof line, "[B------:R-:W0:-:S01] LDG R2, [R4] %s\n", tp[k].attrs);
		assert_int_equal(extra_cycles(&sm90, line, 16, exit_, 8 * 32), 8 * 16 * tp[k].waves);
	}
	/* offsets=: the same lanes given lane by lane (lane l at line L[l % 4]'s
	 * word l): lines 1, 2, 3, 4 -> 2 wavefronts, 0, 2, 3, 4 -> 1 */
	static const int sets[2][4] = {{1, 2, 3, 4}, {0, 2, 3, 4}};
	for (int k = 0; k < 2; k++) {
		unsigned off[32];
		for (int l = 0; l < 32; l++)
			off[l] = (unsigned)(sets[k][l % 4] * 128 + l * 4);
		offsets_line(line, sizeof line, "[B------:R-:W0:-:S01] LDG R2, [R4] footprint=16K offsets=", off);
		assert_int_equal(extra_cycles(&sm90, line, 16, exit_, 8 * 32), 8 * 16 * (2 - k));
	}
	struct arch flat = sm90;
	flat.n_l1_tag_hash = 0;
	assert_int_equal(extra_cycles(&flat, "[B------:R-:W0:-:S01] LDG R2, [R4] period=4 stride=388 step=16 footprint=16K\n", 16, exit_, 8 * 32),
			 8 * 16 * 1);
}

/*
 * sm-3.22: LDS on the banked data array (round 19, mech_gather3 s_gather),
 * by hand on sm_90 (smem_latency 23, smem_replay_cycles 2.0, 128 bytes of
 * the shared-memory path a cycle). 8 warps' 16 more independent LDS each
 * hold the path one cycle a wavefront: coalesced 1, two lanes a bank
 * (stride=8) 2, every lane in bank 0 (stride=128) 32: 8 x 16 x 1, 2, 32
 * (the issue side, 64 cycles, and each warp's replays, 16 x (32 + 31 x 1.0)
 * = 1008, are shorter). STS and ATOMS likewise (round 20, below). One warp's chain of 16 more dependent LDS in bank 0:
 * the path serves each 32 cycles after issue, the warp's replays end 32 + 31
 * = 63 after, the data 63 + 23 - 1 = 85 after issue against a coalesced
 * LDS's 1 + 22 = 23: 62 a step (the H200: 95.7 - 33.7 = 62.0).
 */
static void sm_3_22_lds_banks(void **state)
{
	(void)state;
	const char *exit_ = "[B0-----:R-:W-:-:S01] EXIT\n";
	assert_int_equal(extra_cycles(&sm90, "[B------:R-:W0:-:S01] LDS R2, [R4]\n", 16, exit_, 8 * 32), 8 * 16 * 1);
	assert_int_equal(extra_cycles(&sm90, "[B------:R-:W0:-:S01] LDS R2, [R4] stride=8\n", 16, exit_, 8 * 32), 8 * 16 * 2);
	assert_int_equal(extra_cycles(&sm90, "[B------:R-:W0:-:S01] LDS R2, [R4] stride=128\n", 16, exit_, 8 * 32), 8 * 16 * 32);
	/* offsets=: mech_gather3's s_rand, lane l at word ((7 l + 3) x 2654435761 mod 2^32) >> 22
	 * of a 4 KB table (workloads/cuda/import/mech.cu): 32 distinct words, two in each of 16
	 * banks (874 and 1002 in bank 10, ...): 2 a load, as stride=8; every lane on bank 0's
	 * words 0, 32, ..., 992 (offsets= of 128 B steps, given out of order): 32 */
	char rnd[400], b0[400];
	unsigned orn[32], ob0[32];
	for (unsigned l = 0; l < 32; l++) {
		orn[l] = (((l * 7u + 3u) * 2654435761u) >> 22) * 4u;
		ob0[l] = ((l * 13u) % 32u) * 128u;
	}
	offsets_line(rnd, sizeof rnd, "[B------:R-:W0:-:S01] LDS R2, [R4] offsets=", orn);
	offsets_line(b0, sizeof b0, "[B------:R-:W0:-:S01] LDS R2, [R4] offsets=", ob0);
	assert_int_equal(extra_cycles(&sm90, rnd, 16, exit_, 8 * 32), 8 * 16 * 2);
	assert_int_equal(extra_cycles(&sm90, b0, 16, exit_, 8 * 32), 8 * 16 * 32);
	uint64_t coal = extra_cycles(&sm90, "[B0-----:R-:W0:-:S01] LDS R2, [R2]\n", 16, exit_, 32);
	uint64_t w32 = extra_cycles(&sm90, "[B0-----:R-:W0:-:S01] LDS R2, [R2] stride=128\n", 16, exit_, 32);
	assert_int_equal(w32 - coal, 16 * 62);
	/* STS obeys the same banks, lanes on one word sharing it; an ATOMS's
	 * lanes never share: 32 lanes adding to one word take 32 (round 20,
	 * mech_sstore st_w32 32.2, st_bcast 1, red_bcast 32.0, red_w2 2.03) */
	assert_int_equal(extra_cycles(&sm90, "[B------:R-:W-:-:S01] STS [R4], R2 stride=128\n", 16, exit_, 8 * 32), 8 * 16 * 32);
	assert_int_equal(extra_cycles(&sm90, "[B------:R-:W-:-:S01] STS [R4], R2 pattern=uniform\n", 16, exit_, 8 * 32), 8 * 16 * 1);
	assert_int_equal(extra_cycles(&sm90, "[B------:R-:W-:-:S01] ATOMS.ADD RZ, [R4], R2 pattern=uniform\n", 16, exit_, 8 * 32), 8 * 16 * 32);
	assert_int_equal(extra_cycles(&sm90, "[B------:R-:W-:-:S01] ATOMS.ADD RZ, [R4], R2 stride=8\n", 16, exit_, 8 * 32), 8 * 16 * 2);
	/* one warp: its next memory instruction waits for the replays, 32 +
	 * 31 x (2.0 - 1) = 63 cycles an ATOMS on one word (the H200: 64.5) */
	assert_int_equal(extra_cycles(&sm90, "[B------:R-:W-:-:S01] ATOMS.ADD RZ, [R4], R2 pattern=uniform\n", 16, exit_, 32), 16 * 63);
	/* ATOMS.POPC.INC (atomicAdd(&s[i], 1), round 23, mech_pinc): the lanes on
	 * one word are one update, so its wavefronts are the distinct words a bank:
	 * one word 1 (the ATOMS.ADD above 32), 8 words of bank 0 with 4 lanes
	 * each 8 (period=8 stride=128), 8 warps' 16 each */
	assert_int_equal(extra_cycles(&sm90, "[B------:R-:W-:-:S01] ATOMS.POPC.INC.32 RZ, [R4] pattern=uniform\n", 16, exit_, 8 * 32), 8 * 16 * 1);
	assert_int_equal(extra_cycles(&sm90, "[B------:R-:W-:-:S01] ATOMS.POPC.INC.32 RZ, [R4] period=8 stride=128\n", 16, exit_, 8 * 32), 8 * 16 * 8);
	assert_int_equal(extra_cycles(&sm90, "[B------:R-:W-:-:S01] ATOMS.ADD RZ, [R4], R2 period=8 stride=128\n", 16, exit_, 8 * 32), 8 * 16 * 32);
	/* threads=N (a guard tid < N, round 23): a warp whose threads all lie at
	 * or past N issues it off and touches nothing; the first N threads' lanes
	 * take the path. Of 8 warps, threads=128: warps 0-3, 32 wavefronts each
	 * a bank-0 STS (stride=128), 16 x 4 x 32; threads=112: warps 0-2 and 16
	 * lanes of warp 3 (16 wavefronts), 16 x (3 x 32 + 16). Each warp's own
	 * replays, 16 x 63 = 1008, are shorter. */
	assert_int_equal(extra_cycles(&sm90, "[B------:R-:W-:-:S01] STS [R4], R2 stride=128 threads=128\n", 16, exit_, 8 * 32), 16 * 4 * 32);
	assert_int_equal(extra_cycles(&sm90, "[B------:R-:W-:-:S01] STS [R4], R2 stride=128 threads=112\n", 16, exit_, 8 * 32), 16 * 112);
	/* without banks (l1_banks 0) an LDS is its bytes again: 128 B, 1 cycle */
	struct arch nb = sm90;
	nb.l1_banks = 0;
	assert_int_equal(extra_cycles(&nb, "[B------:R-:W0:-:S01] LDS R2, [R4] stride=128\n", 16, exit_, 8 * 32), 8 * 16 * 1);
}

/*
 * sm-3.32: a wide load's further lane groups (round 40, mech_wide and
 * mech_wide2: 128 bytes of lanes a group, half warps at 8 B a lane, quarter
 * warps at 16 B; a broadcast LDS 256 bytes), by hand on sm_90. One warp's
 * chain of 16 more dependent LDS (the value the next address): a 4-byte LDS
 * is served the cycle after issue and its result comes 1 + 22 = 23 later.
 * LDS.64 of contiguous lanes: 2 groups, no bank shared, the warp's path
 * 2 + (2 - 1) x (smem_group_cycles 2.87 - 1) = 3.87, done at ceil 4 + 22:
 * 3 a step more (the H200: 2.97 in wd_load, 2.82 in wd_chase); LDS.128:
 * 4 + 3 x 1.87 = 9.61 -> 10: 9 more (8.95, 8.0); a broadcast LDS.128
 * (pattern=uniform: 256 bytes a group) 2 groups, 3 more (2.95); a broadcast
 * LDS.64 one group, nothing more (0.0). An L1 hit the same way (l1_group_cycles
 * 2.0, l1_wide_cycles 1.63 for 16 bytes a lane: round 41, mech_wide5): LDG.64
 * 2 + 1 x 1.0 = 3, 2 more a step than a 4-byte LDG (wd_chase's 32 lanes
 * against one: 2.01), LDG.128 4 + 3 x 1.0 = 7 and 1.63 later, in cycle ceil
 * 8.63 = 9: 8 more (wd_load's b16 8.51 beyond its b4, of which 0.94 is the
 * 4-byte lane's sooner result, not modelled; one lane's LDG.128 1.63 after
 * its LDG.64, 2 here). With the fields at 1 and 0 (every other architecture)
 * a group costs the SM's cycle alone, as before.
 */
static void sm_3_32_wide_groups(void **state)
{
	(void)state;
	const char *exit_ = "[B0-----:R-:W-:-:S01] EXIT\n";
	uint64_t l4 = extra_cycles(&sm90, "[B0-----:R-:W0:-:S01] LDS R2, [R2]\n", 16, exit_, 32);
	assert_int_equal(l4, 16 * 23);
	assert_int_equal(extra_cycles(&sm90, "[B0-----:R-:W0:-:S01] LDS.64 R2, [R2]\n", 16, exit_, 32) - l4, 16 * 3);
	assert_int_equal(extra_cycles(&sm90, "[B0-----:R-:W0:-:S01] LDS.128 R2, [R2]\n", 16, exit_, 32) - l4, 16 * 9);
	assert_int_equal(extra_cycles(&sm90, "[B0-----:R-:W0:-:S01] LDS.128 R2, [R2] pattern=uniform\n", 16, exit_, 32) - l4, 16 * 3);
	assert_int_equal(extra_cycles(&sm90, "[B0-----:R-:W0:-:S01] LDS.64 R2, [R2] pattern=uniform\n", 16, exit_, 32) - l4, 0);
	uint64_t g4 = extra_cycles(&sm90, "[B0-----:R-:W0:-:S01] LDG R2, [R2] footprint=16K\n", 16, exit_, 32);
	assert_int_equal(extra_cycles(&sm90, "[B0-----:R-:W0:-:S01] LDG.64 R2, [R2] footprint=16K\n", 16, exit_, 32) - g4, 16 * 2);
	assert_int_equal(extra_cycles(&sm90, "[B0-----:R-:W0:-:S01] LDG.128 R2, [R2] footprint=16K\n", 16, exit_, 32) - g4, 16 * 8);
	/* one lane: one group whatever the width; LDG.128 still 1.63 later (2) */
	uint64_t g1 = extra_cycles(&sm90, "[B0-----:R-:W0:-:S01] LDG.64 R2, [R2] footprint=16K\n", 16, exit_, 1);
	assert_int_equal(extra_cycles(&sm90, "[B0-----:R-:W0:-:S01] LDG.128 R2, [R2] footprint=16K\n", 16, exit_, 1) - g1, 16 * 2);
	struct arch old = sm90;
	old.smem_group_cycles = 1.0, old.l1_group_cycles = 1.0, old.l1_wide_cycles = 0.0;
	uint64_t o4 = extra_cycles(&old, "[B0-----:R-:W0:-:S01] LDG R2, [R2] footprint=16K\n", 16, exit_, 32);
	assert_int_equal(extra_cycles(&old, "[B0-----:R-:W0:-:S01] LDG.128 R2, [R2] footprint=16K\n", 16, exit_, 32) - o4, 16 * 3);
}

/*
 * sm-3.33: an LDS's lanes in pairs on one address (round 41, mech_wide3 k2,
 * NVIDIA's rule for CC 7.x: lanes l and l ^ 1, or l and l ^ 2, alike for
 * every lane pack two lanes' registers a return slot), by hand on sm_90, as
 * sm-3.32 (one warp's chain of 16 more dependent loads, a 4-byte LDS's 23
 * cycles a step the baseline). Lane l at element l >> 1 (pairs l, l ^ 1) of
 * 8 bytes: 16 words in 128 contiguous bytes, packed into one group of
 * smem_wave_bytes 256 B of lanes (the whole warp), no bank shared: nothing
 * more (the H100: k2's 28.68 a load, a 4-byte LDS's 28.71); unpacked it
 * would be two groups, 3 more. At 16 bytes: two groups of 16 lanes, each 8
 * words in 128 B: path 2 + 1 x 1.87 = 3.87 -> 3 more; lanes l ^ 2 alike the
 * same; lanes l ^ 4 alike (not packed): four groups of 8 lanes, 4 words each,
 * 4 + 3 x 1.87 = 9.61 -> 9 more. k2 (lanes 0 and 128 bytes apart, l ^ 2
 * alike) at 16 bytes: two packed groups each two words a bank: 4 wavefronts,
 * 2 replays, path 4 + 2 x (2.0 - 1) + 1.87 = 7.87 -> 7 more (the H100 6.95).
 * Half warps by l ^ 1 and by l ^ 2 (neither for the whole warp): not packed,
 * an LDS.64's two groups, 3 more.
 */
static int pr_p1(int l) { return l >> 1; }
static int pr_p2(int l) { return ((l >> 2) << 1) | (l & 1); }
static int pr_p4(int l) { return ((l >> 3) << 2) | (l & 3); }
static int pr_k2(int l) { return 8 * (l % 2); }
static int pr_mix(int l) { return l < 16 ? l >> 1 : 8 + ((((l - 16) >> 2) << 1) | (l & 1)); }
static uint64_t pair_lds(int width, int (*elem)(int))
{
	char line[512];
	unsigned off[32];
	for (int l = 0; l < 32; l++)
		off[l] = (unsigned)(elem(l) * width);
	offsets_line(line, sizeof line, width == 16 ? "[B0-----:R-:W0:-:S01] LDS.128 R2, [R2] offsets=" : "[B0-----:R-:W0:-:S01] LDS.64 R2, [R2] offsets=", off);
	return extra_cycles(&sm90, line, 16, "[B0-----:R-:W-:-:S01] EXIT\n", 32);
}
static void sm_3_33_lds_pairs(void **state)
{
	(void)state;
	uint64_t l4 = extra_cycles(&sm90, "[B0-----:R-:W0:-:S01] LDS R2, [R2]\n", 16, "[B0-----:R-:W-:-:S01] EXIT\n", 32);
	assert_int_equal(l4, 16 * 23);
	assert_int_equal(pair_lds(8, pr_p1) - l4, 0);
	assert_int_equal(pair_lds(16, pr_p1) - l4, 16 * 3);
	assert_int_equal(pair_lds(16, pr_p2) - l4, 16 * 3);
	assert_int_equal(pair_lds(16, pr_p4) - l4, 16 * 9);
	assert_int_equal(pair_lds(16, pr_k2) - l4, 16 * 7);
	assert_int_equal(pair_lds(8, pr_mix) - l4, 16 * 3);
}

/*
 * sm-3.34: an L1 hit's replays that bring no new line (round 41, mech_wide3
 * and mech_wide4 on an H100: 16-byte lanes, 8 of a quarter warp on 8 words
 * of one bank, the lines 32 (lane l at 128 l) or 8 (128 (l % 8)): 118.54 and
 * 112.54 cycles a load, 0.25 a line, and 16 lines 114.54), by hand on sm_90.
 * One warp's chain of 16 more dependent LDG.128 L1 hits: 4 groups of 8
 * lanes, each 8 words of one bank: 32 wavefronts, 28 replays, and replays
 * that bring a line the groups did not min(28, lines - 4): 28 for 32 lines,
 * 12 for 16, 4 for 8. The warp's path 32 + 28 x (l1_replay_cycles 1.95 - 1)
 * + 3 x (l1_group_cycles 2.0 - 1) + 28 x (l1_line_cycles 0.25) = 68.6
 * against 64.6 and 62.6: 4 and 6 cycles a step apart (each then 1.63
 * later, l1_wide_cycles, in the cycle it lands: 71, 67 and 65 after issue). Every lane on its own line costs what round 40's 2.2 a
 * replay gave (1.95 + 0.25: mech_gather's calibration holds), and without
 * l1_line_cycles the two are alike.
 */
static uint64_t line_ldg(const struct arch *a, int mod)
{
	char line[512];
	unsigned off[32];
	for (int l = 0; l < 32; l++)
		off[l] = (unsigned)(128 * (l % mod));
	offsets_line(line, sizeof line, "[B0-----:R-:W0:-:S01] LDG.128 R2, [R2] footprint=16K offsets=", off);
	return extra_cycles(a, line, 16, "[B0-----:R-:W-:-:S01] EXIT\n", 32);
}
static void sm_3_34_l1_lines(void **state)
{
	(void)state;
	assert_int_equal(line_ldg(&sm90, 32) - line_ldg(&sm90, 8), 16 * 6);
	assert_int_equal(line_ldg(&sm90, 32) - line_ldg(&sm90, 16), 16 * 4);
	struct arch old = sm90;
	old.l1_replay_cycles = 2.2, old.l1_line_cycles = 0.0;
	assert_int_equal(line_ldg(&old, 32), line_ldg(&sm90, 32));
	assert_int_equal(line_ldg(&old, 32) - line_ldg(&old, 8), 0);
}

/*
 * sm-3.35: a global load's registers are read lsu_read_cycles after its issue
 * (round 42: mech_wide7's g_coal_b4_k8 on an H100, mech_wide8 on an H200), by
 * hand on sm_90. One warp, pairs of an LDG (an L1 hit) that sets read
 * scoreboard 0 and a MOV that overwrites its address register and waits on
 * that scoreboard (ptxas's reuse of R28 in wd_load<4, 8, 0>): the MOV issues
 * lsu_read_cycles 10 after the LDG and the next LDG one cycle after the MOV
 * (its stall count; lsu_warp_cycles' 4 since the last LDG long past): 11 a
 * pair. With 0 the scoreboard clears with the LDG's operands and the pair
 * takes lsu_warp_cycles 4 (the warp's loads 4 apart). The same pair on LDS,
 * and on LDG without the wait, takes 4 either way; a store's read is the
 * store unit's (sm-3.12), not this.
 */
static void sm_3_35_load_read(void **state)
{
	(void)state;
	const char *exit_ = "[B------:R-:W-:-:S01] EXIT\n";
	const char *war = "[B------:R0:W-:-:S01] LDG R4, [R2] footprint=16K\n[B0-----:R-:W-:-:S01] MOV R2, R6\n";
	const char *lds = "[B------:R0:W-:-:S01] LDS R4, [R2]\n[B0-----:R-:W-:-:S01] MOV R2, R6\n";
	const char *free_ = "[B------:R-:W-:-:S01] LDG R4, [R2] footprint=16K\n[B------:R-:W-:-:S01] MOV R2, R6\n";
	assert_int_equal(sm90.lsu_read_cycles, 10);
	assert_int_equal(extra_cycles(&sm90, war, 16, exit_, 32), 16 * (10 + 1));
	struct arch at0 = sm90;
	at0.lsu_read_cycles = 0;
	assert_int_equal(extra_cycles(&at0, war, 16, exit_, 32), 16 * 4);
	struct arch at300 = sm90; /* a read past 255 cycles is kept whole (the field allows 1000) */
	at300.lsu_read_cycles = 300;
	assert_int_equal(extra_cycles(&at300, war, 16, exit_, 32), 16 * (300 + 1));
	assert_int_equal(extra_cycles(&sm90, lds, 16, exit_, 32), 16 * 4);
	assert_int_equal(extra_cycles(&sm90, free_, 16, exit_, 32), 16 * 4);
	assert_int_equal(extra_cycles(&at0, free_, 16, exit_, 32), 16 * 4);
}

/*
 * sm-3.10: the constant cache's port, by hand (const_cycles_per_addr 2,
 * tests/data/h200/mech mech_ldc). 8 warps (2 a scheduler) each issue 16
 * independent LDCs: every LDC holds the SM's one port for 2 cycles per
 * distinct address, so 16 more LDCs a warp make the run 8 x 16 x 2 = 256
 * cycles longer with one address each (pattern=uniform), 512 with two
 * (lanes=2: two distinct words) and 8 x 16 x 32 x 2 = 8192 with 32; the
 * issue side (lsu_warp_cycles 4: a warp's LDCs 4 apart, 64 cycles for 16)
 * is shorter than the port in every case. Without the port
 * (const_cycles_per_addr 0) LDC is an L1 hit of one sector. Last, the
 * constant cache's latency.
 */
static void sm_3_10_constant_port(void **state)
{
	(void)state;
	const char *fmt[] = {" pattern=uniform", " pattern=coalesced lanes=2", " pattern=coalesced lanes=32"};
	const char *exit_ = "[B0-----:R-:W-:-:S01] EXIT\n";
	const int addrs[] = {1, 2, 32};
	char line[128];
	for (int k = 0; k < 3; k++) {
		snprintf(line, sizeof line, "[B------:R-:W0:-:S01] LDC R2, c[0x3][R4]%s\n", fmt[k]);
		assert_int_equal(extra_cycles(&sm90, line, 16, exit_, 8 * 32), 8 * 16 * addrs[k] * 2);
	}
	struct arch off = sm90;
	off.const_cycles_per_addr = 0;
	/* 16 more LDCs a warp, 4 cycles apart (lsu_warp_cycles): 64 cycles */
	assert_int_equal(extra_cycles(&off, "[B------:R-:W0:-:S01] LDC R2, c[0x3][R4] pattern=uniform\n", 16, exit_, 8 * 32),
			 16 * 4);
	/* const_latency 24 and const_index_cycles 4: one warp's LDCs, each
	 * waiting on the last one's scoreboard, are 2 (the port) + 24 + 4 - 1 =
	 * 29 cycles apart with a register in the address (mech_ldclat: 34.6 a
	 * step with the LEA's 6), 2 + 24 - 1 = 25 with an immediate address
	 * (the kernel parameters ptxas reloads in a loop: mech_brsep, mech_brt) */
	assert_int_equal(extra_cycles(&sm90, "[B0-----:R-:W0:-:S01] LDC R2, c[0x3][R2] pattern=uniform\n", 16, exit_, 32),
			 16 * (2 + 24 + 4 - 1));
	assert_int_equal(extra_cycles(&sm90, "[B0-----:R-:W0:-:S01] LDC R2, c[0x0][0x218] pattern=uniform\n", 16, exit_, 32),
			 16 * (2 + 24 - 1));
	struct arch noidx = sm90;
	noidx.const_index_cycles = 0;
	assert_int_equal(extra_cycles(&noidx, "[B0-----:R-:W0:-:S01] LDC R2, c[0x3][R2] pattern=uniform\n", 16, exit_, 32),
			 16 * (2 + 24 - 1));
}

/* A program run on arch a (one block of threads) and on a with every constant
 * line warm (const_miss_cycles and uconst_miss_cycles 0). */
static void cold_warm(const struct arch *a, const char *body, int threads, struct sim_stats *cold, struct sim_stats *warm)
{
	struct arch w = *a;
	w.const_miss_cycles = w.uconst_miss_cycles = 0;
	char text[2048];
	snprintf(text, sizeof text, ".regs 32\n%s", body);
	*cold = run_arch(a, text, threads, 1, POLICY_GRR);
	*warm = run_arch(&w, text, threads, 1, POLICY_GRR);
}

/* The cycles the cold lines add */
static int64_t cold_extra(const struct arch *a, const char *body, int threads)
{
	struct sim_stats c, w;
	cold_warm(a, body, threads, &c, &w);
	return (int64_t)c.cycles - (int64_t)w.cycles;
}

/* ... and the resident warp-cycles (sim_stats.warp_cycles): the sum over the
 * warps of each one's own extra wait */
static int64_t cold_warp_extra(const struct arch *a, const char *body, int threads)
{
	struct sim_stats c, w;
	cold_warm(a, body, threads, &c, &w);
	return (int64_t)c.warp_cycles - (int64_t)w.warp_cycles;
}

/*
 * sm-3.36: a launch's first read of a constant line waits for its fill
 * (round 50, mem_cline: tests/data/h200/mech/cparam, cparam2), by hand on
 * sm_90 (const_miss_cycles 73, uconst_miss_cycles 62, 64-byte lines, 4
 * fills at once). One warp; each program ends with an EXIT that waits for
 * the loads' scoreboard. An LDC passes the port (2 cycles) at p and its
 * data comes max(p, the line's fill) + const_latency - 1: one cold LDC is
 * 73 cycles later than warm. Two LDCs into one line: the second, 4 cycles
 * behind (lsu_warp_cycles), waits for the first one's fill: 73 - 4 = 69
 * more than warm, where its warm data came 4 cycles after the first's.
 * Two lines: two fills 4 cycles apart, 73. Five lines: the fifth fill
 * waits for the first slot, free const_slot_hold_cycles (56, round 53:
 * mech_cdist) after the first fill lands 73 after p1, and lands 73 + 56 +
 * 73 = 202 after p1, where warm the fifth came 16 after p1: 186 (130 with
 * the slot free as its line lands, round 50's rule). A dependent chain of 4
 * LDCs each into a new line: 4 x 73; the same chain within one line (0x300
 * and 0x33c, 60 bytes on: one 64-byte line) 73 once, 0x300 then 0x340 two
 * lines. ULDC (fixed latency, the stall count after it): the warp waits
 * 62 for the fill; an LDC of the line a ULDC filled is still cold (the
 * uniform path's cache is its own): 62 + 73; a ULDC of a uniform
 * register's address after a ULDC of an immediate one into the same line
 * waits again (a third cache: 2 x 62), a second immediate one does not.
 * An LDC of a register address
 * is warm unless caddr= names its byte; 8 warps (2 a scheduler) reading
 * one cold line share one fill: warm, the last warp's LDC passes the port
 * 14 cycles after the first's; cold, every warp's data comes with the
 * fill, 73 after the first, and a scheduler's two warps exit a cycle apart:
 * 73 - 14 + 1. Each run starts cold: the same program twice gives the
 * same cycles.
 */
static void sm_3_36_constant_lines(void **state)
{
	(void)state;
	const char *ex = "[B0-----:R-:W-:-:S01] EXIT\n";
	char b[1024];
	assert_int_equal(sm90.const_miss_cycles, 73);
	assert_int_equal(sm90.uconst_miss_cycles, 62);
	assert_int_equal(sm90.const_line_bytes, 64);
	assert_int_equal(sm90.const_miss_slots, 4);
	snprintf(b, sizeof b, "[B------:R-:W0:-:S01] LDC R2, c[0x0][0x300] pattern=uniform\n%s", ex);
	assert_int_equal(cold_extra(&sm90, b, 32), 73);
	snprintf(b, sizeof b, "[B------:R-:W0:-:S01] LDC R2, c[0x0][0x300] pattern=uniform\n[B------:R-:W0:-:S01] LDC R3, c[0x0][0x30c] pattern=uniform\n%s", ex);
	assert_int_equal(cold_extra(&sm90, b, 32), 73 - 4);
	snprintf(b, sizeof b, "[B------:R-:W0:-:S01] LDC R2, c[0x0][0x300] pattern=uniform\n[B------:R-:W0:-:S01] LDC R3, c[0x0][0x340] pattern=uniform\n%s", ex);
	assert_int_equal(cold_extra(&sm90, b, 32), 73);
	int n = 0;
	for (int k = 0; k < 5; k++)
		n += snprintf(b + n, sizeof b - (size_t)n, "[B------:R-:W0:-:S01] LDC R%d, c[0x0][0x%x] pattern=uniform\n", 2 + k, 0x300 + 64 * k);
	snprintf(b + n, sizeof b - (size_t)n, "%s", ex);
	assert_true(sm90.const_slot_hold_cycles == 56.0);
	assert_int_equal(cold_extra(&sm90, b, 32), 73 + 56 + 73 - 16);
	struct arch r50 = sm90;
	r50.const_slot_hold_cycles = 0.0;
	assert_int_equal(cold_extra(&r50, b, 32), 146 - 16);
	n = 0;
	for (int k = 0; k < 4; k++)
		n += snprintf(b + n, sizeof b - (size_t)n, "[B0-----:R-:W0:-:S01] LDC R2, c[0x0][0x%x] pattern=uniform\n", 0x300 + 64 * k);
	snprintf(b + n, sizeof b - (size_t)n, "%s", ex);
	assert_int_equal(cold_extra(&sm90, b, 32), 4 * 73);
	snprintf(b, sizeof b, "[B------:R-:W0:-:S01] LDC R2, c[0x0][0x300] pattern=uniform\n[B0-----:R-:W0:-:S01] LDC R3, c[0x0][0x33c] pattern=uniform\n%s", ex);
	assert_int_equal(cold_extra(&sm90, b, 32), 73);
	snprintf(b, sizeof b, "[B------:R-:W0:-:S01] LDC R2, c[0x0][0x300] pattern=uniform\n[B0-----:R-:W0:-:S01] LDC R3, c[0x0][0x340] pattern=uniform\n%s", ex);
	assert_int_equal(cold_extra(&sm90, b, 32), 2 * 73);
	snprintf(b, sizeof b, "[B------:R-:W-:-:S06] ULDC UR4, c[0x0][0x300]\n[B------:R-:W-:-:S01] UMOV UR5, UR4\n%s", ex);
	assert_int_equal(cold_extra(&sm90, b, 32), 62);
	snprintf(b, sizeof b, "[B------:R-:W-:-:S06] ULDC UR4, c[0x0][0x300]\n[B------:R-:W0:-:S01] LDC R2, c[0x0][0x300] pattern=uniform\n%s", ex);
	assert_int_equal(cold_extra(&sm90, b, 32), 62 + 73);
	snprintf(b, sizeof b, "[B------:R-:W-:-:S06] ULDC UR4, c[0x0][0x300]\n[B------:R-:W-:-:S06] ULDC UR5, c[0x0][UR6+0x304] caddr=0x304\n%s", ex);
	assert_int_equal(cold_extra(&sm90, b, 32), 2 * 62);
	snprintf(b, sizeof b, "[B------:R-:W-:-:S06] ULDC UR4, c[0x0][0x300]\n[B------:R-:W-:-:S06] ULDC UR5, c[0x0][0x304]\n%s", ex);
	assert_int_equal(cold_extra(&sm90, b, 32), 62);
	snprintf(b, sizeof b, "[B------:R-:W0:-:S01] LDC R2, c[0x0][R4+0x300] pattern=uniform\n%s", ex);
	assert_int_equal(cold_extra(&sm90, b, 32), 0);
	snprintf(b, sizeof b, "[B------:R-:W0:-:S01] LDC R2, c[0x0][R4+0x2e8] pattern=uniform caddr=0x300\n%s", ex);
	assert_int_equal(cold_extra(&sm90, b, 32), 73);
	snprintf(b, sizeof b, "[B------:R-:W0:-:S01] LDC R2, c[0x0][0x300] pattern=uniform\n%s", ex);
	assert_int_equal(cold_extra(&sm90, b, 8 * 32), 73 - 14 + 1);
	char text[1100];
	snprintf(text, sizeof text, ".regs 32\n%s", b);
	assert_int_equal(run_arch(&sm90, text, 32, 1, POLICY_GRR).cycles, run_arch(&sm90, text, 32, 1, POLICY_GRR).cycles);
}

/*
 * sm-3.37: the miss path the SMs share (round 51, mem_cline's off copies:
 * tests/data/h200/mech/cchain), by hand on sm_90 (const_off_share_cycles
 * 20, at most 60 a line). A thread-0 LDC (threads=1: warp 0's one lane live,
 * every other warp's copy off) of a cold line, one block of W warps, one
 * warp a scheduler up to 4 (2 at 8), warps reaching the port 2 cycles
 * apart in warp order; each ends with an EXIT that waits for the load. One
 * warp: no off copy, 73 as sm-3.36. Two warps: warp 0's copy reaches the
 * line first and counts warp 1's off copy: its data 73 + 20 after its port
 * pass, warp 1's off copy done with the unshifted fill; warm, warp 1 came
 * last, 2 cycles after warp 0: 93 - 2. Four warps: 73 + 3 x 20 - 6. Eight:
 * 7 x 20 capped at 60, 73 + 60 - 14. The same LDC live in every warp (no
 * threads=): no share, every warp's data with the fill, 73 - 6 at 4 warps.
 * The off copies wait for the shared delay, not for the fill (round 52,
 * mech_cfar): in the resident warp-cycles, two warps 73 + 20 (warp 0) + 20
 * (warp 1's copy), four 73 + 60 + 3 x 60, and with no share warp 0's 73 alone
 * (waiting for the fill the copies added 73 - 2 and 3 x 73 - 12).
 */
static void sm_3_37_constant_share(void **state)
{
	(void)state;
	const char *ex = "[B0-----:R-:W-:-:S01] EXIT\n";
	char b[512];
	assert_true(sm90.const_off_share_cycles == 20.0);
	assert_true(sm90.const_off_share_max == 60.0);
	/* the share and the off copies by hand without the port's miss cost
	 * (const_miss_port_cycles, below) */
	struct arch a90 = sm90;
	a90.const_miss_port_cycles = 0;
	snprintf(b, sizeof b, "[B------:R-:W0:-:S01] LDC R2, c[0x0][0x300] pattern=uniform threads=1\n%s", ex);
	assert_int_equal(cold_extra(&a90, b, 32), 73);
	assert_int_equal(cold_extra(&a90, b, 64), 73 + 20 - 2);
	assert_int_equal(cold_extra(&a90, b, 128), 73 + 3 * 20 - 6);
	assert_int_equal(cold_extra(&a90, b, 256), 73 + 60 - 14);
	snprintf(b, sizeof b, "[B------:R-:W0:-:S01] LDC R2, c[0x0][0x300] pattern=uniform\n%s", ex);
	assert_int_equal(cold_extra(&a90, b, 128), 73 - 6);
	struct arch none = a90;
	none.const_off_share_cycles = 0;
	snprintf(b, sizeof b, "[B------:R-:W0:-:S01] LDC R2, c[0x0][0x300] pattern=uniform threads=1\n%s", ex);
	assert_int_equal(cold_extra(&none, b, 128), 73 - 6);
	/* the off copies wait for the shared path, not for the fill (round 52,
	 * mech_cfar): each warp's own wait in the resident warp-cycles */
	assert_int_equal(cold_warp_extra(&a90, b, 64), (73 + 20) + 20);
	assert_int_equal(cold_warp_extra(&a90, b, 128), (73 + 60) + 3 * 60);
	assert_int_equal(cold_warp_extra(&none, b, 128), 73);
	/* an off copy starts no fill (round 52, mech_cfar on one SM: warp 0, its
	 * load after every off copy, waits the whole miss): warp 0 delayed by a
	 * chain of 12 FFMAs (IF warp<1), the off copies of warps 1-3 reach the
	 * line first; warp 0's own load fills it: 73 (+ the share, 60 with
	 * sm_90's), where a fill the first off copy started would leave it 73
	 * less the ~48 cycles warp 0 came later */
	char d[1024] = "[B------:R-:W-:-:S01] IF warp<1\n";
	for (int i = 0; i < 12; i++)
		strcat(d, "[B------:R-:W-:-:S04] FFMA R4, R4, R5, R6\n");
	strcat(d, "ENDIF\n[B------:R-:W0:-:S01] LDC R2, c[0x0][0x300] pattern=uniform threads=1\n");
	strcat(d, ex);
	assert_int_equal(cold_extra(&none, d, 128), 73);
	assert_int_equal(cold_warp_extra(&none, d, 128), 73);
	assert_int_equal(cold_extra(&a90, d, 128), 73 + 60);
	assert_int_equal(cold_warp_extra(&a90, d, 128), 73 + 60 + 3 * 60);
	/* a read of a line not in the cache holds the port const_miss_port_cycles
	 * (2, sm_90's) more (round 52), its own request going out when it passes:
	 * with no share, four warps' copies reach the port together and pass 4
	 * cycles apart instead of 2, warp 0's live one first (it starts the fill,
	 * the line on its way for the others): the off copies done 2, 4, 6 cycles
	 * later, 12 warp-cycles, warp 0's data as before (it is last either way).
	 * Warp 0 delayed: the off copies of a line nothing asked for pass 4 apart,
	 * 2 + 4 more; one warp's cold load alone pays nothing more (73). */
	assert_true(sm90.const_miss_port_cycles == 2.0);
	struct arch nonex = none;
	nonex.const_miss_port_cycles = sm90.const_miss_port_cycles;
	assert_int_equal(cold_extra(&nonex, b, 128), cold_extra(&none, b, 128));
	assert_int_equal(cold_warp_extra(&nonex, b, 128) - cold_warp_extra(&none, b, 128), 2 + 4 + 6);
	assert_int_equal(cold_extra(&nonex, d, 128), 73);
	assert_int_equal(cold_warp_extra(&nonex, d, 128) - cold_warp_extra(&none, d, 128), 2 + 4);
	assert_int_equal(cold_extra(&sm90, b, 32), 73);
}

/*
 * sm-3.11: partial hits near a cache's capacity (mem_curve, tests/data/h200/
 * mech/cap), by hand. One warp, 2000 dependent 256-byte chase loads, ideal
 * file (no loaded delay, no miss path, no latency spread; l2_bytes_per_cycle
 * 37, dram 17.71): an L2 step L2 is the L2 line rule's ceil(2.3 x 3 - 3.5)
 * = 4 cycles for 2 lines of 4 sectors (sm-3.18) and l2_latency - 1 more
 * (285); a DRAM step D ceil(256 / 17.71) = 15 and
 * dram_latency - 1 (696). A footprint of 0.3 x the L2 hits it on every
 * step: 2000 L2 + 1 (EXIT); 8 x the L2 never: 2000 D + 1. At exactly the
 * L2's size the curve gives 37.8% L2 hits: the run lies within 4 binomial
 * sigmas (sqrt(2000 x 0.378 x 0.622) = 21.7 hits, D - L2 cycles each) of
 * 2000 x (0.378 L2 + 0.622 D) + 1,
 * and a second run gives the same cycles (the draws restart every run).
 */
static void sm_3_11_partial_hits(void **state)
{
	(void)state;
	char line[128];
	const double l2 = (double)ideal.l2CacheSize;
	const double x[3] = {0.3, 8.0, 1.0};
	uint64_t c[3];
	for (int k = 0; k < 3; k++) {
		snprintf(line, sizeof line, "LDG.64 R0, [R0] pattern=chase footprint=%.0f\n", x[k] * l2);
		char *t = repeat(".regs 32\n", line, 2000, "EXIT\n");
		struct sim_stats st = run_arch(&ideal, t, 32, 1, POLICY_GRR);
		c[k] = st.cycles;
		if (k == 2) {
			struct sim_stats again = run_arch(&ideal, t, 32, 1, POLICY_GRR);
			assert_int_equal(again.cycles, st.cycles);
		}
		free(t);
	}
	const int L2 = 4 + ideal.l2_latency - 1, D = 15 + ideal.dram_latency - 1;
	assert_int_equal(c[0], 2000 * L2 + 1);
	assert_int_equal(c[1], 2000 * D + 1);
	double expect = 2000 * (0.378 * L2 + 0.622 * D) + 1, slack = 4 * 21.7 * (D - L2);
	assert_true((double)c[2] > expect - slack && (double)c[2] < expect + slack);
}

/*
 * sm-3.12: the DRAM latency spread (mem_spread, tests/data/h200/mech/latd),
 * by hand, with the ideal file and a spread of 32 entries, 16 of -100 and 16
 * of +100, over a footprint of 8 x the L2 (every access DRAM: a 256-byte
 * load is ceil(256 / dram_bytes_per_cycle) = 15 cycles at the server and
 * dram_latency - 1 more, D a step; sm-3.11).
 * One chain of 2000 loads: the entries are dealt from a shuffled deck of the
 * 32, so 62 whole decks (1984 loads) add exactly 0 and the last 16 at most
 * 16 x 100: the run is within 1600 of 2000 D + 1 (draws with replacement
 * would stray 100 x sqrt(2000) = 4472 a sigma).
 * Two chains whose next loads both wait for both (an IADD3 of the two): a
 * step ends at max(d0, 15 + d1), the second load 15 behind at the server:
 * 15 without the spread. With it, the pair is two entries of one deck: both
 * -100 with chance 16/32 x 15/31 = 0.2419 (-85), one of each 0.2581 each way
 * (115, 100), both +100 0.2419 (115): 62.75, so 47.75 cycles a step more
 * (46.25 if drawn with replacement; 0 if the two loads shared one draw).
 * Over 2000 steps 95,500 cycles, within 4 sigma (the step's spread about its
 * mean, 85 cycles, x sqrt(2000) = 3,801 a sigma); a second run repeats it.
 */
static void sm_3_12_latency_spread(void **state)
{
	(void)state;
	char line[256];
	struct arch a = ideal;
	const double fp = 8.0 * (double)ideal.l2CacheSize;
	const int D = (int)ceil(256.0 / ideal.dram_bytes_per_cycle) + ideal.dram_latency - 1;
	a.n_dram_spread = 32;
	for (int i = 0; i < 32; i++)
		a.dram_spread[i] = i < 16 ? -100 : 100;

	snprintf(line, sizeof line, "LDG.64 R0, [R0] pattern=chase footprint=%.0f\n", fp);
	char *one = repeat(".regs 32\n", line, 2000, "EXIT\n");
	struct sim_stats st = run_arch(&a, one, 32, 1, POLICY_GRR);
	double d = (double)st.cycles - (2000.0 * D + 1);
	assert_true(d >= -1600 && d <= 1600);
	free(one);

	snprintf(line, sizeof line,
		 "LDG.64 R0, [R4] pattern=chase footprint=%.0f\nLDG.64 R2, [R4] pattern=chase footprint=%.0f\n"
		 "IADD3 R4, R0, R2, RZ\n",
		 fp, fp);
	char *two = repeat(".regs 32\n", line, 2000, "EXIT\n");
	struct sim_stats flat = run_arch(&ideal, two, 32, 1, POLICY_GRR);
	struct sim_stats spread = run_arch(&a, two, 32, 1, POLICY_GRR);
	struct sim_stats again = run_arch(&a, two, 32, 1, POLICY_GRR);
	d = (double)spread.cycles - (double)flat.cycles - 2000 * 47.75;
	assert_true(d > -4 * 3801.0 && d < 4 * 3801.0);
	assert_int_equal(again.cycles, spread.cycles);
	free(two);
}

/*
 * sm-3.13: stream loads' latency spread and their groups
 * (stream_group_bytes_per_cycle, group=, near=: tests/data/h200/mech/strlat),
 * by hand with the ideal file, a group rate of 8 B a cycle (a 256-byte load
 * 32 cycles through its group's path) and sm-3.12's spread (16 x -100,
 * 16 x +100). s1 = ceil(256/bw) + lat - 1, s2 = ceil(2 x 256/bw) + lat - 1.
 * Without the spread, two loads of one group (group=1, near=1) issued at 0
 * and 1 return one after another: ready at s1 + 64, cycles s1 + 65, as the
 * warp's miss path gives (sm-3.3); two loads far apart (no group) each take
 * their own path: ready at s1 + 32 and s2 + 32, cycles s2 + 33.
 * With the spread, 2000 steps of such a pair whose next loads wait for both
 * (an IADD3 of the two): the grouped pair shares one draw, so the run moves
 * by the sum of 2000 deck entries, within 1600 cycles (sm-3.12); the pair far
 * apart draws twice and waits for the slower, the second 15 behind at the
 * server as in sm-3.12: 47.75 cycles a step more, within 4 sigma. With the
 * rate 0 (the default) stream loads draw nothing: the spread changes no cycle.
 */
static void sm_3_13_stream_groups(void **state)
{
	(void)state;
	struct arch a = ideal;
	a.stream_group_bytes_per_cycle = 8;
	int s1 = (int)ceil(256.0 / a.dram_bytes_per_cycle) + a.dram_latency - 1;
	int s2 = (int)ceil(2 * 256.0 / a.dram_bytes_per_cycle) + a.dram_latency - 1;
	struct sim_stats st = run_arch(&a,
				       "LDG.64 R0, [R10] pattern=stream group=1\nLDG.64 R2, [R10] pattern=stream near=1\nEXIT\n",
				       32, 1, POLICY_GRR);
	assert_int_equal(st.cycles, s1 + 65);
	st = run_arch(&a, "LDG.64 R0, [R10] pattern=stream\nLDG.64 R2, [R12] pattern=stream\nEXIT\n", 32, 1, POLICY_GRR);
	assert_int_equal(st.cycles, s2 + 33);

	struct arch sp = a;
	sp.n_dram_spread = 32;
	for (int i = 0; i < 32; i++)
		sp.dram_spread[i] = i < 16 ? -100 : 100;
	char *near = repeat(".regs 32\n",
			    "LDG.64 R0, [R4] pattern=stream group=1\nLDG.64 R2, [R4] pattern=stream near=1\nIADD3 R4, R0, R2, RZ\n",
			    2000, "EXIT\n");
	char *far = repeat(".regs 32\n", "LDG.64 R0, [R4] pattern=stream\nLDG.64 R2, [R4] pattern=stream\nIADD3 R4, R0, R2, RZ\n",
			   2000, "EXIT\n");
	double d = (double)run_arch(&sp, near, 32, 1, POLICY_GRR).cycles - (double)run_arch(&a, near, 32, 1, POLICY_GRR).cycles;
	assert_true(d >= -1600 && d <= 1600);
	d = (double)run_arch(&sp, far, 32, 1, POLICY_GRR).cycles - (double)run_arch(&a, far, 32, 1, POLICY_GRR).cycles - 2000 * 47.75;
	assert_true(d > -4 * 3801.0 && d < 4 * 3801.0);

	struct arch off = sp, flat = a;
	off.stream_group_bytes_per_cycle = 0;
	flat.stream_group_bytes_per_cycle = 0;
	assert_int_equal(run_arch(&off, far, 32, 1, POLICY_GRR).cycles, run_arch(&flat, far, 32, 1, POLICY_GRR).cycles);
	free(near);
	free(far);
}

/*
 * sm-3.30: a warp's stream load issued again draws again (round 33: one
 * warp's loads 8-550 cycles apart draw independently, mech_latd lat_pair).
 * The block's warps share a stream load's draw for dram_latency cycles
 * (mem_block_draw); the warp that took it takes a new one. By hand with
 * sm-3.13's file and spread (16 x -100, 16 x +100): one warp, LOOP 64 of
 * a stream load whose address is the last one's data, so each trip waits
 * for its load: 64 draws, two whole decks, sum 0: the run takes exactly
 * the cycles it takes without the spread. Until round 33 a load issued
 * within dram_latency of a -100 draw took it again, and the run came out
 * faster by a multiple of 100.
 */
static void sm_3_30_warp_draws_again(void **state)
{
	(void)state;
	struct arch a = ideal, sp;
	a.stream_group_bytes_per_cycle = 8;
	sp = a;
	sp.n_dram_spread = 32;
	for (int i = 0; i < 32; i++)
		sp.dram_spread[i] = i < 16 ? -100 : 100;
	const char *p = ".regs 32\nLOOP 64\nLDG.64 R0, [R4] pattern=stream\nIADD3 R4, R0, RZ, RZ\nENDLOOP\nEXIT\n";
	struct sim_stats flat = run_arch(&a, p, 32, 1, POLICY_GRR), st = run_arch(&sp, p, 32, 1, POLICY_GRR);
	assert_true(flat.cycles > 64 * (uint64_t)a.dram_latency);
	assert_int_equal(st.cycles, flat.cycles);
}

/*
 * sm-3.31: the store path takes the schedulers in turn (round 34: mio_fair's
 * 24 storing warps, 6 a scheduler, stored alike within 0.3% on every SM,
 * tests/data/h100/mech/fair). A path of 32 B a cycle and one 128-B line of
 * buffer: each warp's 128-B store holds it 4 cycles. 8 warps (2 a
 * scheduler) each store 64 times, every store after two dependent FFMAs;
 * one warp alone stores once a trip (cycles / 64 a trip: the path idle
 * most of it), 8 need 8 x 4 = 32 cycles of path a round, more than a trip:
 * the path binds from the first round to the last, 8 x 64 x 4 = 2048
 * cycles, plus at most two lone trips (the first round's lead-in, the last
 * store's trip). When the first scheduler scanned took every freed slot,
 * scheduler 0's warps finished first and scheduler 3's ran their last
 * stores with the path half idle: 2696 cycles on the round-33 build (the
 * same program, `smsim run` with these store settings).
 */
static void sm_3_31_store_turns(void **state)
{
	(void)state;
	struct arch a = ideal;
	a.store_bytes_per_cycle = 32;
	a.store_line_cycles = 0;
	a.store_buffer_bytes = 128;
	a.store_warp_cycles = 0;
	a.store_insn_cycles = 0;
	const char *p = ".regs 32\nLOOP 64\nFFMA R2, R2, R3, R3\nFFMA R2, R2, R3, R3\n"
			"STG.E [R4], R2 pattern=stream\nENDLOOP\nEXIT\n";
	uint64_t lone = run_arch(&a, p, 32, 1, POLICY_GRR).cycles;
	uint64_t trip = (lone + 63) / 64, bound = 8 * 64 * 4;
	assert_true(trip > 8 && 8 * 4 > trip); /* a warp alone leaves the path idle; 8 bind it */
	uint64_t c = run_arch(&a, p, 256, 1, POLICY_GRR).cycles;
	assert_true(c >= bound);
	assert_true(c <= bound + 2 * trip);
}

/* sm-3.5: a warp's memory instructions lsu_warp_cycles apart. One warp,
 * four independent LDS: with lsu_warp_cycles 4 they issue at 0, 4, 8, 12
 * (the scheduler's LSU pipe alone would take one every 2 cycles: 16 lanes
 * on sm_90); the last passes the shared-memory server in 1 cycle and is
 * ready smem_latency - 1 later: EXIT at 12 + smem_latency, cycles 13 +
 * smem_latency. Two warps on one scheduler are not held by each other. */
static void sm_3_5_lsu_warp_interval(void **state)
{
	(void)state;
	struct arch a = ideal;
	const char *t = "LDS R0, [R0] pattern=chase\nLDS R1, [R1] pattern=chase\n"
			"LDS R2, [R2] pattern=chase\nLDS R3, [R3] pattern=chase\nEXIT\n";
	a.lsu_warp_cycles = 4;
	struct sim_stats st = run_arch(&a, t, 32, 1, POLICY_GRR);
	assert_int_equal(st.cycles, 13 + a.smem_latency);
	a.lsu_warp_cycles = 0;
	st = run_arch(&a, t, 32, 1, POLICY_GRR);
	assert_int_equal(st.cycles, 2 * 3 + 1 + a.smem_latency);
}

/* sm-3.6: the in-flight limit. Two warps (schedulers 0 and 1) load 256 B
 * (8 sectors) each at cycle 0; s = ceil(256/bw) + lat - 1. With a limit of
 * 8 sectors the second waits in lg_throttle until the first's sectors leave
 * at s, then takes s itself: its EXIT issues at 2s, cycles 2s + 1, and it
 * spent s warp-cycles throttled. With 16 the limit cannot bind (two warps,
 * one load each): only the DRAM server orders them, as with no limit:
 * ceil(2 * 256/bw) + lat - 1, cycles one more. Four independent loads per
 * warp to RZ (no register holds them back) under a limit of 16: the
 * scheduler-0 warp's third load waits for its first. */
static void sm_3_6_inflight_limit(void **state)
{
	(void)state;
	struct arch a = ideal;
	const char *one = "LDG.64 R0, [R10] pattern=chase footprint=1G\nEXIT\n";
	int s1 = (int)ceil(256.0 / a.dram_bytes_per_cycle) + a.dram_latency - 1;
	int s2 = (int)ceil(2 * 256.0 / a.dram_bytes_per_cycle) + a.dram_latency - 1;
	a.max_inflight_sectors = 8;
	struct sim_stats st = run_arch(&a, one, 64, 1, POLICY_GRR);
	assert_int_equal(st.cycles, 2 * s1 + 1);
	assert_int_equal(st.state_cycles[ST_LG_THROTTLE], s1);
	a.max_inflight_sectors = 16;
	st = run_arch(&a, one, 64, 1, POLICY_GRR);
	assert_int_equal(st.cycles, s2 + 1);
	assert_int_equal(st.state_cycles[ST_LG_THROTTLE], 0);
	a.max_inflight_sectors = 2048;
	st = run_arch(&a, one, 64, 1, POLICY_GRR);
	assert_int_equal(st.cycles, s2 + 1);
	/* loads to RZ: one warp, limit 16. Loads at 0 and 1 (DRAM server: done
	 * at s1 and s2); the third waits for the first to leave at s1 and is
	 * served at s1 (server free since s2 - lat + 1 < s1): it is throttled
	 * [2, s1) */
	a.max_inflight_sectors = 16;
	st = run_arch(&a, "LDG.64 RZ, [R10] pattern=chase footprint=1G\nLDG.64 RZ, [R11] pattern=chase footprint=1G\n"
			  "LDG.64 RZ, [R12] pattern=chase footprint=1G\nEXIT\n", 32, 1, POLICY_GRR);
	assert_int_equal(st.state_cycles[ST_LG_THROTTLE], s1 - 2);
}

/* The loaded-DRAM delay an independent oracle gives with `bytes` in the
 * memory system: Little's law on the loaded-latency curve,
 * bytes = u P (L + q u / (1 - u)), is the quadratic
 * P (q - L) u^2 + (P L + bytes) u - bytes = 0 in u (its root in [0, 1));
 * the delay is q u / (1 - u) at that u (at most 0.95), rounded. */
static int loaded_delay(const struct arch *a, double bytes)
{
	double P = a->dram_bytes_per_cycle, L = a->dram_latency, q = a->dram_queue_cycles;
	double qa = P * (q - L), qb = P * L + bytes;
	double u = qa == 0 ? bytes / qb : (-qb + sqrt(qb * qb + 4 * qa * bytes)) / (2 * qa);
	if (u > 0.95)
		u = 0.95;
	double d = q * u / (1 - u);
	/* the test means something only away from a rounding edge */
	assert_true(fabs(d - floor(d) - 0.5) > 1e-6);
	return (int)floor(d + 0.5);
}

/* The same oracle for a curve of two points, [0, c]: the delay at
 * utilisation u is c u / 0.95. Little's law on the loaded-latency curve,
 * bytes = u P (L + c u / 0.95), is the quadratic
 * (P c / 0.95) u^2 + P L u - bytes = 0 in u (its root in [0, 1)); the
 * delay is c u / 0.95 at that u (at most 0.95), rounded. */
static int curve_delay(const struct arch *a, double bytes)
{
	double P = a->dram_bytes_per_cycle, L = a->dram_latency, c = a->queue_curve[1];
	assert_int_equal(a->n_queue_curve, 2);
	assert_true(a->queue_curve[0] == 0);
	double qa = P * c / 0.95, qb = P * L;
	double u = (-qb + sqrt(qb * qb + 4 * qa * bytes)) / (2 * qa);
	if (u > 0.95)
		u = 0.95;
	double d = c * u / 0.95;
	/* the test means something only away from a rounding edge */
	assert_true(fabs(d - floor(d) - 0.5) > 1e-6);
	return (int)floor(d + 0.5);
}

/* One warp's chase of 12 loads of 256 B, by hand: load i issues at t_i and
 * lands at t_(i+1) = t_i + server + L - 1 + d_i, when the next one issues
 * (server: the cycles its bytes hold the SM's server or path). The memory
 * system holds its 8 sectors from cycle 0 on without a break, so the
 * average at t_i is 8 (1 - exp(-t_i / 100)) (a time constant of 100
 * cycles), and load i, adding its own 8, gets the delay the oracle `delay`
 * gives for floor(16 - 8 exp(-t_i / 100)) sectors. Checks the first and
 * the last delay, and that smsim's chase takes t_12 + 1 cycles, `cycles`. */
static void check_loaded_chase(const struct arch *a, int (*delay)(const struct arch *, double), int server,
			       int first, int last, uint64_t cycles)
{
	double t = 0;
	int d0 = -1, d = -1;
	for (int i = 0; i < 12; i++) {
		double held = 16 - 8 * exp(-t / 100);
		assert_true(i == 0 || (held - floor(held) > 1e-6 && held - floor(held) < 1 - 1e-6));
		d = delay(a, 32.0 * floor(held));
		if (d0 < 0)
			d0 = d;
		t += server + a->dram_latency - 1 + d;
	}
	assert_int_equal(d0, first);
	assert_int_equal(d, last);
	char *text = repeat("", "LDG.64 R0, [R0] pattern=chase footprint=1G\n", 12, "EXIT\n");
	struct sim_stats st = run_arch(a, text, 32, 1, POLICY_GRR);
	assert_int_equal(st.cycles, (uint64_t)t + 1);
	assert_int_equal(st.cycles, cycles);
	free(text);
}

/* sm-3.7: the loaded-DRAM delay follows the bytes in the memory system,
 * averaged over time. An arch with L = 20, P = 32 B/cycle (a 256-byte load
 * takes the server 8 cycles), q = 100 and a time constant of 100 cycles.
 * One warp chases (check_loaded_chase, server 8): 8 sectors at the first
 * load (d 23 cycles), 15 from the fifth on (d 36). Cycles: t_12 + 1 = 733.
 * With the count not averaged every load would get d(8 sectors). */
static void sm_3_7_loaded_delay(void **state)
{
	(void)state;
	struct arch a = ideal;
	a.dram_latency = 20;
	a.dram_bytes_per_cycle = 32;
	a.dram_queue_cycles = 100;
	a.dram_window_cycles = 100;
	check_loaded_chase(&a, loaded_delay, 8, 23, 36, 733);
	/* beyond u = 0.95 the delay stays at q * 0.95 / 0.05 = 1900 and the server queues */
	assert_int_equal(loaded_delay(&a, 1e9), 1900);
}

/* The loaded-delay arch of sm-3.15 and sm-3.14 (sm-3.7's with a curve): L = 20, P = 32 B/cycle (a
 * 256-byte load takes the server 8 cycles), the curve [0, 950] (1000 u
 * cycles at utilisation u) and a time constant of 100 cycles. */
static struct arch loaded_arch(void)
{
	struct arch a = ideal;
	a.dram_latency = 20;
	a.dram_bytes_per_cycle = 32;
	a.n_queue_curve = 2;
	a.queue_curve[0] = 0;
	a.queue_curve[1] = 950;
	a.dram_window_cycles = 100;
	return a;
}

/*
 * sm-3.16: the store path (mem_store_path), by hand. One warp: four
 * STG.128 of 512 B (pattern=stream), then an LDS and an FADD of its
 * result. At 16 B a cycle each store holds the path 32 cycles; with 1024 B
 * held (64 cycles) the stores issue at 0 and 4 (lsu_warp_cycles), the
 * third finds 96 - 64 = 32 > 8 and every LSU pipe waits to 32, the fourth
 * to 64 (the path free at 128), so the LDS issues at 64, not 16, and its
 * data comes behind the queued stores: at 128 + 22 = 150, not 64 + 23;
 * FADD 4, EXIT: 155 (44 with the path off). With 512 B held (32 cycles)
 * the second already waits (to 32), the third to 64, the fourth to 96,
 * the LDS issues at 96, and its data still comes at 150: 155 again. The
 * hold alone, with an L1 load (32 cycles) in the LDS's place, which does
 * not queue behind stores: issued at 16, 64 and 96 with no hold, 1024 B
 * and 512 B: 53, 101, 133. The queue alone, at 64 B a cycle (8 cycles a
 * store) and nothing held: the stores at 0, 4, 8, 12 leave the path at
 * 32, the LDS issued at 16 has its data at 32 + 22 = 54: 59, not 44.
 */
static void sm_3_16_store_path(void **state)
{
	(void)state;
	const char *t = "STG.128 [R10], R0 pattern=stream\nSTG.128 [R12], R0 pattern=stream\n"
			"STG.128 [R14], R0 pattern=stream\nSTG.128 [R16], R0 pattern=stream\n"
			"LDS R20, [R30]\nFADD R21, R20, R20\nEXIT\n";
	struct arch a = sm90;
	a.store_warp_cycles = 0; /* a store's own LSU time: sm-3.26 */
	a.store_line_cycles = 0; /* the bytes alone (sm-3.25: lines) */
	a.store_bytes_per_cycle = 0;
	assert_int_equal(run_arch(&a, t, 32, 1, POLICY_GRR).cycles, 44);
	a.store_bytes_per_cycle = 16;
	a.store_buffer_bytes = 1024;
	assert_int_equal(run_arch(&a, t, 32, 1, POLICY_GRR).cycles, 155);
	a.store_buffer_bytes = 512;
	assert_int_equal(run_arch(&a, t, 32, 1, POLICY_GRR).cycles, 155);
	const char *l1 = "STG.128 [R10], R0 pattern=stream\nSTG.128 [R12], R0 pattern=stream\n"
			 "STG.128 [R14], R0 pattern=stream\nSTG.128 [R16], R0 pattern=stream\n"
			 "LDG R20, [R30] pattern=chase footprint=1024\nFADD R21, R20, R20\nEXIT\n";
	a.store_buffer_bytes = 1e9;
	assert_int_equal(run_arch(&a, l1, 32, 1, POLICY_GRR).cycles, 53);
	a.store_buffer_bytes = 1024;
	assert_int_equal(run_arch(&a, l1, 32, 1, POLICY_GRR).cycles, 101);
	a.store_buffer_bytes = 512;
	assert_int_equal(run_arch(&a, l1, 32, 1, POLICY_GRR).cycles, 133);
	a.store_bytes_per_cycle = 64;
	a.store_buffer_bytes = 1e9;
	assert_int_equal(run_arch(&a, t, 32, 1, POLICY_GRR).cycles, 59);
}

/*
 * sm-3.16b: past the buffer, a store with a read scoreboard (compiled code's
 * control bits) issues and waits in the queue (round 37: the H100's stamps of
 * mech_ststamp, tests/data/h100/mech/ststamp/compare.py). sm-3.16's four
 * 512-B stores and the L1 load, with control bits: each store releases
 * scoreboard k once read, the load posts 4 and the FADD waits for it. The
 * path at 16 B a cycle holds each store 32 cycles and 512 B of buffer, the
 * store unit off (its reads would come at issue): the stores issue at 0, 4,
 * 8, 12 (lsu_warp_cycles 4), the buffer takes the second at 32, the third at
 * 64, the fourth at 96, their registers read then; nothing waits at issue,
 * so the load issues at 16 and its data comes at 16 + 32 = 48, the FADD
 * issues then; the EXIT waits for the last read (the warp's stores must be
 * read before it leaves): 96, cycles 97 (sm-3.16's held pipes: 133). With
 * the EXIT waiting on the second store's scoreboard too nothing changes;
 * an FFMA overwriting R0 after the FADD waits for every store's read: its
 * wait mask 0-3, issued at 96, EXIT at 97: 98.
 */
static void sm_3_16b_store_queue(void **state)
{
	(void)state;
	const char *t = "[B------:R0:W-:-:S01] STG.128 [R10], R0 pattern=stream\n"
			"[B------:R1:W-:-:S01] STG.128 [R12], R0 pattern=stream\n"
			"[B------:R2:W-:-:S01] STG.128 [R14], R0 pattern=stream\n"
			"[B------:R3:W-:-:S01] STG.128 [R16], R0 pattern=stream\n"
			"[B------:R-:W4:-:S01] LDG R20, [R30] pattern=chase footprint=1024\n"
			"[B----4-:R-:W-:-:S01] FADD R21, R20, R20\n"
			"[B------:R-:W-:-:S01] EXIT\n";
	const char *w = "[B------:R0:W-:-:S01] STG.128 [R10], R0 pattern=stream\n"
			"[B------:R1:W-:-:S01] STG.128 [R12], R0 pattern=stream\n"
			"[B------:R2:W-:-:S01] STG.128 [R14], R0 pattern=stream\n"
			"[B------:R3:W-:-:S01] STG.128 [R16], R0 pattern=stream\n"
			"[B------:R-:W4:-:S01] LDG R20, [R30] pattern=chase footprint=1024\n"
			"[B----4-:R-:W-:-:S01] FADD R21, R20, R20\n"
			"[B0123--:R-:W-:-:S01] FFMA R0, R0, R0, R0\n"
			"[B------:R-:W-:-:S01] EXIT\n";
	struct arch a = sm90;
	a.store_warp_cycles = 0;
	a.store_line_cycles = 0;
	a.store_insn_cycles = 0;
	a.store_bytes_per_cycle = 16;
	a.store_buffer_bytes = 512;
	assert_int_equal(run_arch(&a, t, 32, 1, POLICY_GRR).cycles, 97);
	assert_int_equal(run_arch(&a, w, 32, 1, POLICY_GRR).cycles, 98);
	/* a buffer that never fills: the stores are read at issue, the load's FADD at 48, EXIT at 49 */
	a.store_buffer_bytes = 1e9;
	assert_int_equal(run_arch(&a, t, 32, 1, POLICY_GRR).cycles, 50);
}

/*
 * sm-3.17: the SM's S2UR unit (s2ur_cycles), by hand. Each warp reads the
 * clock with S2UR into UR4 (scoreboard 0) and a UIADD3 waits for it, then
 * EXIT. One warp, one S2UR every c cycles, result s2ur_latency (34) after
 * the unit: the S2UR at 0 is served by c, its result at c + 33, the
 * UIADD3 issues then and the EXIT the cycle after: c = 2 gives 37, c = 8
 * 43. Eight warps (two a scheduler, all starting at once) issue 8 S2URs in
 * cycles 0 and 1, served one after another: the last done at 8c, its
 * result at 8c + 33, so 8c + 35 in all: c = 8 gives 99, c = 2 gives 51.
 */
static void sm_3_17_s2ur_unit(void **state)
{
	(void)state;
	const char *t = "[B------:R-:W0:-:S01] S2UR UR4, SR_CLOCKLO\n[B0-----:R-:W-:-:S01] UIADD3 UR5, UR4, 1, URZ\n"
			"[B------:R-:W-:-:S05] EXIT\n";
	struct arch a = sm90;
	a.warp_launch_group = 0;
	assert_int_equal(a.s2ur_latency, 34);
	a.s2ur_cycles = 2;
	assert_int_equal(run_arch(&a, t, 32, 1, POLICY_GRR).cycles, 37);
	assert_int_equal(run_arch(&a, t, 256, 1, POLICY_GRR).cycles, 51);
	a.s2ur_cycles = 8;
	assert_int_equal(run_arch(&a, t, 32, 1, POLICY_GRR).cycles, 43);
	assert_int_equal(run_arch(&a, t, 256, 1, POLICY_GRR).cycles, 99);
}

/*
 * sm-3.19: the SM's S2R unit (s2r_cycles, s2r_latency), by hand, as sm-3.17.
 * Each warp reads %tid.x with S2R into R0 (scoreboard 0), an IADD3 waits for
 * it, then EXIT. One warp, one S2R every c cycles, result s2r_latency (20)
 * after the unit: the S2R at 0 served by c, its result at c + 19, the IADD3
 * then and the EXIT the cycle after: c = 2 gives 23. Eight warps starting
 * at once: the last S2R done at 8c, 8c + 21 in all: c = 2 gives 37, c = 8
 * 85. The same eight warps starting 2 cycles apart (warp_launch_group 1,
 * warp_launch_cycles 2, the H200's): with c = 2 the unit keeps up and the
 * last warp, started at 14, is done at 14 + 23 = 37 as well; with c = 8 its
 * S2R waits for seven others: 85 again. s2r_cycles 0: the shared-memory
 * path (one 128-byte access, smem_latency 23): 1 + 22 + 2 = 25 for one warp.
 */
static void sm_3_19_s2r_unit(void **state)
{
	(void)state;
	const char *t = "[B------:R-:W0:-:S01] S2R R0, SR_TID.X\n[B0-----:R-:W-:-:S01] IADD3 R1, R0, 1, RZ\n"
			"[B------:R-:W-:-:S05] EXIT\n";
	struct arch a = sm90;
	a.warp_launch_group = 0;
	assert_int_equal(a.s2r_latency, 20);
	assert_true(a.s2r_cycles == 2);
	assert_int_equal(run_arch(&a, t, 32, 1, POLICY_GRR).cycles, 23);
	assert_int_equal(run_arch(&a, t, 256, 1, POLICY_GRR).cycles, 37);
	a.s2r_cycles = 8;
	assert_int_equal(run_arch(&a, t, 256, 1, POLICY_GRR).cycles, 85);
	a.warp_launch_group = 1;
	a.warp_launch_cycles = 2;
	assert_int_equal(run_arch(&a, t, 256, 1, POLICY_GRR).cycles, 85);
	a.s2r_cycles = 2;
	assert_int_equal(run_arch(&a, t, 256, 1, POLICY_GRR).cycles, 37);
	a.s2r_cycles = 0;
	a.warp_launch_group = 0;
	assert_int_equal(run_arch(&a, t, 32, 1, POLICY_GRR).cycles, 25);
}

/*
 * sm-3.20: the SM's store unit (store_insn_cycles 2.26, store_sector_cycles
 * 0.38), by hand. A warp stores one word from one lane (one sector) and
 * exits: the unit reads the store's registers at ceil(2.26) = 3 and the
 * EXIT, which waits for that, issues at 3: 4 cycles (2 without the unit).
 * Eight warps starting at once: the k-th store is read at ceil(2.26 k),
 * the eighth at ceil(18.08) = 19: 20 cycles. Every lane storing one word
 * (128 B, 4 sectors): 2.26 + 3 x 0.38 = 3.4 a store: 5 cycles for one
 * warp, ceil(27.2) + 1 = 29 for eight. With control bits, the store's read
 * scoreboard clears when the unit reads it: an IADD3 that waits for it
 * (a write to the stored register) issues at 3 and 19, the EXIT a cycle
 * later: 5 and 21.
 */
static void sm_3_20_store_unit(void **state)
{
	(void)state;
	struct arch a = sm90;
	a.warp_launch_group = 0;
	assert_true(fabs(a.store_insn_cycles - 2.26) < 1e-9 && fabs(a.store_sector_cycles - 0.38) < 1e-9);
	const char *one = "STG [R2], R4 width=4 lanes=1\nEXIT\n", *all = "STG [R2], R4 width=4\nEXIT\n";
	const char *rsb = "[B------:R0:W-:-:S01] STG [R2], R4 width=4 lanes=1\n[B0-----:R-:W-:-:S01] IADD3 R4, R5, 1, RZ\n"
			  "[B------:R-:W-:-:S05] EXIT\n";
	assert_int_equal(run_arch(&a, one, 32, 1, POLICY_GRR).cycles, 4);
	assert_int_equal(run_arch(&a, one, 256, 1, POLICY_GRR).cycles, 20);
	assert_int_equal(run_arch(&a, all, 32, 1, POLICY_GRR).cycles, 5);
	assert_int_equal(run_arch(&a, all, 256, 1, POLICY_GRR).cycles, 29);
	assert_int_equal(run_arch(&a, rsb, 32, 1, POLICY_GRR).cycles, 5);
	assert_int_equal(run_arch(&a, rsb, 256, 1, POLICY_GRR).cycles, 21);
	a.store_insn_cycles = 0;
	assert_int_equal(run_arch(&a, one, 32, 1, POLICY_GRR).cycles, 2);
	/* a store predicated off in every lane (lanes=0, round 20: mech_pstore)
	 * takes store_off_cycles of the unit and no sector; with round 20's 1.3:
	 * one warp's read at ceil(1.3) = 2, EXIT 2: 3 cycles; eight warps, the
	 * eighth read at ceil(10.4) = 11: 12. The file's 1.0 (round 48,
	 * mech_offst): the eighth read at 8: 9 */
	a.store_insn_cycles = 2.26;
	assert_true(fabs(a.store_off_cycles - 1.0) < 1e-9);
	const char *off = "STG [R2], R4 width=4 lanes=0\nEXIT\n";
	assert_int_equal(run_arch(&a, off, 256, 1, POLICY_GRR).cycles, 9);
	a.store_off_cycles = 1.3;
	assert_int_equal(run_arch(&a, off, 32, 1, POLICY_GRR).cycles, 3);
	assert_int_equal(run_arch(&a, off, 256, 1, POLICY_GRR).cycles, 12);
	/* an off load takes the same unit load_off_cycles (round 48, mech_offst:
	 * off LDS and LDG as off STG at 8-32 warps): eight warps' off LDS (four
	 * at 0, four at 2 behind them on their schedulers' 16-lane LSU pipes),
	 * the eighth served at 8: 9, as the stores at 1.0; without it nothing
	 * waits for the unit: the second warp of a scheduler issues its LDS at 2
	 * and its EXIT at 3: 4. An off
	 * global load holds its warp's LSU path load_off_warp_cycles 22: a lone
	 * warp's second off LDG issues at 22, served at 23: EXIT 24; with the
	 * usual 4 cycles between a warp's memory instructions: 6 */
	assert_true(fabs(a.load_off_cycles - 1.0) < 1e-9 && a.load_off_warp_cycles == 22);
	const char *offl = "LDS R4, [R2] lanes=0\nEXIT\n", *ldg2 = "LDG R4, [R2] lanes=0\nLDG R5, [R2] lanes=0\nEXIT\n";
	assert_int_equal(run_arch(&a, offl, 256, 1, POLICY_GRR).cycles, 9);
	assert_int_equal(run_arch(&a, ldg2, 32, 1, POLICY_GRR).cycles, 24);
	a.load_off_warp_cycles = 0;
	assert_int_equal(run_arch(&a, ldg2, 32, 1, POLICY_GRR).cycles, 6);
	a.load_off_cycles = 0;
	assert_int_equal(run_arch(&a, offl, 256, 1, POLICY_GRR).cycles, 4);
}

/*
 * sm-3.25: the store path's lines (store_line_cycles, round 25:
 * tests/data/h200/mech/strd), by hand, as sm-3.16 with store_bytes_per_cycle
 * 32 (a sector a cycle) and store_line_cycles 2. One warp stores 4 B a lane
 * with its lanes 128 B apart (stride=128: 32 lines, one sector each), then
 * an LDS and an FADD of its result. The store holds the path 32 x 32 / 32 +
 * 32 x 2 = 96 cycles (the bytes alone 32); the LDS, issued at 4, has its
 * data behind it at 96 + 22 = 118 (54 without the lines), FADD 4, EXIT:
 * 123 (59). The same store with its lanes contiguous (one line, 4 sectors)
 * holds it 128 / 32 + 2 = 6: the LDS's data at max(4 + 23, 6 + 22) = 28:
 * 33 (32 without the line). The buffer, 1024 B of sectors, drains at the
 * store's own bytes a cycle (1024 / 96): two such line stores and an L1
 * load (32 cycles): the first fills it (full at 96 - 96 = 0), the second
 * (at 4) makes every LSU pipe wait to 192 - 96 = 96, the load issues then:
 * 96 + 32 + 5 = 133; without the buffer's limit at 8: 45; with the bytes
 * alone (32 cycles a store, buffer 32 cycles) to 32: 69.
 */
static void sm_3_25_store_lines(void **state)
{
	(void)state;
	struct arch a = sm90;
	a.store_warp_cycles = 0; /* a store's own LSU time: sm-3.26 */
	assert_true(fabs(a.store_line_cycles - 2.871) < 1e-9 && fabs(a.store_bytes_per_cycle - 34.56) < 1e-9);
	a.store_bytes_per_cycle = 32;
	a.store_line_cycles = 2;
	a.store_buffer_bytes = 1e9;
	const char *lines = "STG [R10], R0 width=4 stride=128 pattern=stream\nLDS R20, [R30]\nFADD R21, R20, R20\nEXIT\n";
	const char *coal = "STG [R10], R0 width=4 pattern=stream\nLDS R20, [R30]\nFADD R21, R20, R20\nEXIT\n";
	assert_int_equal(run_arch(&a, lines, 32, 1, POLICY_GRR).cycles, 123);
	assert_int_equal(run_arch(&a, coal, 32, 1, POLICY_GRR).cycles, 33);
	a.store_line_cycles = 0;
	assert_int_equal(run_arch(&a, lines, 32, 1, POLICY_GRR).cycles, 59);
	assert_int_equal(run_arch(&a, coal, 32, 1, POLICY_GRR).cycles, 32);
	const char *held = "STG [R10], R0 width=4 stride=128 pattern=stream\nSTG [R12], R0 width=4 stride=128 pattern=stream\n"
			   "LDG R20, [R30] pattern=chase footprint=1024\nFADD R21, R20, R20\nEXIT\n";
	a.store_line_cycles = 2;
	assert_int_equal(run_arch(&a, held, 32, 1, POLICY_GRR).cycles, 45);
	a.store_buffer_bytes = 1024;
	assert_int_equal(run_arch(&a, held, 32, 1, POLICY_GRR).cycles, 133);
	a.store_line_cycles = 0;
	assert_int_equal(run_arch(&a, held, 32, 1, POLICY_GRR).cycles, 69);
}

/* sm_90 with only a warp's own LSU path for stores: the SM's store path and
 * unit, the off stores' unit time and the L2's write-backs off (sm-3.26,
 * sm-3.28). */
static struct arch own_store_path(void)
{
	struct arch a = sm90;
	a.store_bytes_per_cycle = 0;
	a.store_insn_cycles = 0;
	a.store_off_cycles = 0;
	a.l2_dirty_bytes = 0;
	return a;
}

/*
 * sm-3.26: a warp's live store holds its LSU path store_warp_cycles
 * (round 26: tests/data/h200/mech/stb), by hand. One warp: two STGs, an
 * LDS and an FADD of its result, the store path and unit off: the STGs at
 * 0 and 6 (store_warp_cycles 6; 4 with 0, lsu_warp_cycles), the LDS at 12
 * (8), its data at 12 + 23, FADD 4, EXIT: 40 (36). The first STG off in
 * every lane (lanes=0) takes the LSU path lsu_warp_cycles only: the LDS at
 * 10, 38 (36).
 */
static void sm_3_26_store_warp(void **state)
{
	(void)state;
	struct arch a = own_store_path();
	assert_int_equal(a.store_warp_cycles, 6);
	const char *two = "STG [R10], R0 width=4 pattern=stream\nSTG [R12], R0 width=4 pattern=stream\n"
			  "LDS R20, [R30]\nFADD R21, R20, R20\nEXIT\n";
	const char *off = "STG [R10], R0 width=4 pattern=stream lanes=0\nSTG [R12], R0 width=4 pattern=stream\n"
			  "LDS R20, [R30]\nFADD R21, R20, R20\nEXIT\n";
	assert_int_equal(run_arch(&a, two, 32, 1, POLICY_GRR).cycles, 40);
	assert_int_equal(run_arch(&a, off, 32, 1, POLICY_GRR).cycles, 38);
	a.store_warp_cycles = 0;
	assert_int_equal(run_arch(&a, two, 32, 1, POLICY_GRR).cycles, 36);
	assert_int_equal(run_arch(&a, off, 32, 1, POLICY_GRR).cycles, 36);
}

/*
 * sm-3.27: a store no lane makes reads no data registers
 * (off_store_reads_data 0, round 27: tests/data/h200/mech/stb4), by hand.
 * Warps of one scheduler each issue STG.E.128 [R2.64], R8 with every lane
 * off (lanes=0), the store unit's time off (store_off_cycles 0), every
 * warp starting at cycle 0 (warp_launch_group 0). Its sources: R2, R3 (the
 * address) and R8..R11 (the data), three reads of each of the two banks;
 * the LSU pipe's interval is 2 (16 lanes), a warp's own path 4
 * (lsu_warp_cycles). Reading the data (1), a store holds the pipe 3: two
 * warps a scheduler (8 warps) alternate every 3 cycles, warp A's stores at
 * 0, 6, ..., B's at 3, 9, ...: two stores each end with B's EXIT at 10, 11
 * cycles; 16 stores at 93 + 1 + 1 = 95. Not reading them (0), R2 and R3,
 * one read a bank: the pipe's 2, A at 0, 4, ..., B at 2, 6, ...: 8 and 64.
 * One warp a scheduler (4 warps) is its own path's either way: 0, 4, EXIT
 * at 5: 6. STG.E [R2.64], R9 (two reads of bank 1 with the data, one
 * without) never holds the pipe past 2: 8 either way.
 */
static void sm_3_27_off_store_reads(void **state)
{
	(void)state;
	struct arch a = sm90;
	assert_int_equal(a.off_store_reads_data, 0);
	a.store_off_cycles = 0;
	a.warp_launch_group = 0;
	const char *q2 = "[B------:R-:W-:-:S01] STG.E.128 [R2.64], R8 lanes=0\n[B------:R-:W-:-:S01] STG.E.128 [R2.64], R8 lanes=0\n"
			 "[B------:R-:W-:-:S05] EXIT\n";
	const char *w2 = "[B------:R-:W-:-:S01] STG.E [R2.64], R9 lanes=0\n[B------:R-:W-:-:S01] STG.E [R2.64], R9 lanes=0\n"
			 "[B------:R-:W-:-:S05] EXIT\n";
	char q16[2048] = "";
	for (int i = 0; i < 16; i++)
		strcat(q16, "[B------:R-:W-:-:S01] STG.E.128 [R2.64], R8 lanes=0\n");
	strcat(q16, "[B------:R-:W-:-:S05] EXIT\n");
	for (int v = 0; v < 2; v++) {
		a.off_store_reads_data = v;
		assert_int_equal(run_arch(&a, q2, 128, 1, POLICY_GRR).cycles, 6);
		assert_int_equal(run_arch(&a, q2, 256, 1, POLICY_GRR).cycles, v ? 11 : 8);
		assert_int_equal(run_arch(&a, q16, 256, 1, POLICY_GRR).cycles, v ? 95 : 64);
		assert_int_equal(run_arch(&a, w2, 256, 1, POLICY_GRR).cycles, 8);
	}
}

/*
 * sm-3.29: an arithmetic instruction off in every lane reads no registers
 * (off_alu_reads 0, round 29: tests/data/h200/mech/offalu), by hand. 16
 * FFMA R4, R6, R8, R10 with control bits (S01), every source in bank 0,
 * every warp starting at cycle 0 (warp_launch_group 0). Read (a live one,
 * or an off one with off_alu_reads 1) each takes bank 0 three cycles, and
 * the next issues only when the bank can give it its three within 3
 * (regfile_window, sm-10.7): one warp a scheduler (4 warps) at 0, 3, ...,
 * 45, its EXIT when a collector is free, 46: 47 cycles; two (8 warps, grr)
 * share the pipe and the bank: the first warp's 16 and its EXIT at 46, the
 * second's first FFMA at 48 (the bank free), its last at 93, EXIT 94: 95.
 * (Round 35, without the window: the second FFMA at 1, its reads waiting
 * for the bank, then one every 3: 46 and 94.) Off with off_alu_reads 0, no reads:
 * the pipe's interval, 1: 0..15, EXIT 16: 17; two warps a scheduler: the
 * greedy scheduler (grr) runs the first's 16 and EXIT (0..16), then the
 * second's (17..33): 34. The pipe it still takes: IMAD (16 lanes, interval
 * 2) off, one warp: 0, 2, ..., 30, EXIT 31: 32 (read: every 3, the
 * window, 0, 3, ..., 45, EXIT 46: 47).
 */
static void sm_3_29_off_alu_reads(void **state)
{
	(void)state;
	struct arch a = sm90;
	assert_int_equal(a.off_alu_reads, 0);
	a.warp_launch_group = 0;
	char off[2048] = "", live[2048] = "", imad[2048] = "";
	for (int i = 0; i < 16; i++) {
		strcat(off, "[B------:R-:W-:-:S01] FFMA R4, R6, R8, R10 lanes=0\n");
		strcat(live, "[B------:R-:W-:-:S01] FFMA R4, R6, R8, R10\n");
		strcat(imad, "[B------:R-:W-:-:S01] IMAD R4, R6, R8, R10 lanes=0\n");
	}
	strcat(off, "[B------:R-:W-:-:S05] EXIT\n");
	strcat(live, "[B------:R-:W-:-:S05] EXIT\n");
	strcat(imad, "[B------:R-:W-:-:S05] EXIT\n");
	for (int v = 0; v < 2; v++) {
		a.off_alu_reads = v;
		assert_int_equal(run_arch(&a, live, 128, 1, POLICY_GRR).cycles, 47);
		assert_int_equal(run_arch(&a, live, 256, 1, POLICY_GRR).cycles, 95);
		assert_int_equal(run_arch(&a, off, 128, 1, POLICY_GRR).cycles, v ? 47 : 17);
		assert_int_equal(run_arch(&a, off, 256, 1, POLICY_GRR).cycles, v ? 95 : 34);
		assert_int_equal(run_arch(&a, imad, 128, 1, POLICY_GRR).cycles, v ? 47 : 32);
	}
}

/*
 * sm-3.28: a store's width (store_warp_reg_cycles 2, store_reg_cycles
 * 0.91, round 28: tests/data/h200/mech/stb4, stb8), by hand. One warp, the
 * SM's store path and unit off: each live store holds the warp's path
 * 6 + 2 x (data registers - 1) cycles (4 B: 6, 8 B: 8, 16 B: 12), its next
 * memory instruction issues 6 after it and no sooner than 6 before the path
 * is through. Three 16-byte STGs: at 0 (path to 12), 6 (to 24), 18 (to 36),
 * the LDS at 30, its data at 53, FADD, EXIT: 58 (4-byte, sm-3.26: STGs at 0,
 * 6, 12, LDS 18: 46; with store_warp_reg_cycles 0 the same 46). Five 8-byte
 * STGs: 0, 6, 12, 18 (path to 32), 26 (to 40), LDS at 34: 62 (4 bytes: LDS
 * at 30, 58). The SM's store unit: 32 warps, one store each of lane 0 (one
 * sector), issued 2 cycles apart a scheduler from cycle 0, every one waits
 * for the unit: a 4-byte store 2.26 cycles of it, a 16-byte one 2.26 + 3 x
 * 0.91 = 4.99: the last read at 32 x 2.26 = 72.3 and 32 x 4.99 = 159.7,
 * the runs' ends 87 cycles apart (73 -> 160).
 */
static void sm_3_28_store_width(void **state)
{
	(void)state;
	struct arch a = own_store_path();
	assert_int_equal(a.store_warp_reg_cycles, 2);
	const char *q3 = "STG.128 [R10], R0 pattern=stream\nSTG.128 [R12], R0 pattern=stream\nSTG.128 [R14], R0 pattern=stream\n"
			 "LDS R20, [R30]\nFADD R21, R20, R20\nEXIT\n";
	const char *w3 = "STG [R10], R0 pattern=stream\nSTG [R12], R0 pattern=stream\nSTG [R14], R0 pattern=stream\n"
			 "LDS R20, [R30]\nFADD R21, R20, R20\nEXIT\n";
	char d5[512] = "", w5[512] = "";
	for (int i = 0; i < 5; i++) {
		strcat(d5, "STG.64 [R10], R0 pattern=stream\n");
		strcat(w5, "STG [R10], R0 pattern=stream\n");
	}
	strcat(d5, "LDS R20, [R30]\nFADD R21, R20, R20\nEXIT\n");
	strcat(w5, "LDS R20, [R30]\nFADD R21, R20, R20\nEXIT\n");
	assert_int_equal(run_arch(&a, q3, 32, 1, POLICY_GRR).cycles, 58);
	assert_int_equal(run_arch(&a, w3, 32, 1, POLICY_GRR).cycles, 46);
	assert_int_equal(run_arch(&a, d5, 32, 1, POLICY_GRR).cycles, 62);
	assert_int_equal(run_arch(&a, w5, 32, 1, POLICY_GRR).cycles, 58);
	a.store_warp_reg_cycles = 0;
	assert_int_equal(run_arch(&a, q3, 32, 1, POLICY_GRR).cycles, 46);
	struct arch u = sm90;
	u.store_bytes_per_cycle = 0;
	u.l2_dirty_bytes = 0;
	u.warp_launch_group = 0;
	const char *s16 = "STG.128 [R10], R0 pattern=stream lanes=1\nEXIT\n", *s4 = "STG [R10], R0 pattern=stream lanes=1\nEXIT\n";
	uint64_t c16 = run_arch(&u, s16, 1024, 1, POLICY_GRR).cycles, c4 = run_arch(&u, s4, 1024, 1, POLICY_GRR).cycles;
	assert_int_equal(c16 - c4, 87);
	u.store_reg_cycles = 0;
	assert_int_equal(run_arch(&u, s16, 1024, 1, POLICY_GRR).cycles, c4);
}

/*
 * sm-3.24: stores to fresh lines and the L2's write-backs (l2_dirty_bytes,
 * writeback_delay_curve, round 24), by hand. One warp stores 128 B (32
 * lanes x 4 B) of a stream n times, then loads a stream line (DRAM) and
 * an IADD3 waits for it. The SM's share of the L2's dirty bytes is set to
 * 256 (l2_dirty_bytes = 132 x 256), the curve to [0, 1000] (1000 cycles a
 * byte a cycle), the shared queue's draws off (scale 0: the mean), so a
 * read waits 1000 w, w the write-back rate averaged over
 * dram_window_cycles (2000): a write-back of 128 B adds 128 / 2000 = 0.064
 * and the rate decays by exp(-dt / 2000). Stores 1 and 2 fill the share
 * (256): no write-back, the run as without the rule. Store 3 (dirty 384)
 * writes back: rate 0.064 at its issue; the load issues 4 cycles later
 * (lsu_warp_cycles): w = 0.064 exp(-4/2000) = 0.06387, 63.87 -> +64
 * cycles. Four stores: 0.064 exp(-4/2000) + 0.064 = 0.12787 at store 4,
 * the load 4 later: 0.12762 -> +128. Stores to an L2-resident footprint
 * are no fresh lines: +0 with four of them. sm_90's own values: 21.1 MB,
 * 19 points, 68 cycles at 4 B/cycle (tests/data/h200/mech/wbload).
 */
static void sm_3_24_writeback(void **state)
{
	(void)state;
	struct arch a = sm90;
	a.store_warp_cycles = 0; /* a store's own LSU time: sm-3.26 */
	assert_true(fabs(a.l2_dirty_bytes - 21100000) < 1e-6);
	assert_int_equal(a.n_wb_curve, 14);
	assert_true(fabs(a.wb_curve[4] - 66.3) < 1e-9);
	assert_true(fabs(a.writeback_dram_weight - 1.3) < 1e-9);
	a.warp_launch_group = 0;
	a.writeback_dram_weight = 0; /* the curve alone first */
	a.l2_dirty_bytes = 132.0 * 256;
	a.multiProcessorCount = 132;
	a.n_wb_curve = 2;
	a.wb_curve[0] = 0;
	a.wb_curve[1] = 1000;
	a.dram_queue_scale_cycles = 0;
	a.dram_stream_queue_scale_cycles = 0;
	a.dram_window_cycles = 2000;
	char t[512];
	long cyc[2][5];
	for (int on = 0; on < 2; on++)
		for (int n = 0; n <= 4; n++) {
			struct arch b = a;
			if (!on)
				b.l2_dirty_bytes = 1e12; /* the share never filled */
			int k = 0;
			for (int i = 0; i < n; i++)
				k += snprintf(t + k, sizeof t - (size_t)k, "STG [R2], R4 width=4\n");
			snprintf(t + k, sizeof t - (size_t)k, "LDG R0, [R10] width=4\nIADD3 R1, R0, R2, RZ\nEXIT\n");
			cyc[on][n] = (long)run_arch(&b, t, 32, 1, POLICY_GRR).cycles;
		}
	assert_int_equal(cyc[1][0] - cyc[0][0], 0);
	assert_int_equal(cyc[1][1] - cyc[0][1], 0);
	assert_int_equal(cyc[1][2] - cyc[0][2], 0);
	assert_int_equal(cyc[1][3] - cyc[0][3], 64);
	assert_int_equal(cyc[1][4] - cyc[0][4], 128);
	/* a load over 4 lines (16 B a lane): each line draws its own wait and the
	 * load waits for the slowest; with the draws off (scale 0) every line
	 * waits the mean: +64 as one line */
	const char *wide = "STG [R2], R4 width=4\nSTG [R2], R4 width=4\nSTG [R2], R4 width=4\n"
			   "LDG.128 R0, [R10] width=16\nIADD3 R1, R0, R2, RZ\nEXIT\n";
	struct arch never = a;
	never.l2_dirty_bytes = 1e12;
	assert_int_equal((long)run_arch(&a, wide, 32, 1, POLICY_GRR).cycles - (long)run_arch(&never, wide, 32, 1, POLICY_GRR).cycles, 64);
	/* four stores to an L2-resident footprint: never dirty fresh lines */
	const char *l2 = "STG [R2], R4 width=4 footprint=8M\nSTG [R2], R4 width=4 footprint=8M\nSTG [R2], R4 width=4 footprint=8M\n"
			 "STG [R2], R4 width=4 footprint=8M\nLDG R0, [R10] width=4\nIADD3 R1, R0, R2, RZ\nEXIT\n";
	struct arch off = a;
	off.l2_dirty_bytes = 1e12;
	assert_int_equal((long)run_arch(&a, l2, 32, 1, POLICY_GRR).cycles, (long)run_arch(&off, l2, 32, 1, POLICY_GRR).cycles);
	/* the next run starts clean: the same program twice gives the same cycles */
	assert_int_equal((long)run_arch(&a, t, 32, 1, POLICY_GRR).cycles, cyc[1][4]);
	/* the write-back's bytes in the SM's DRAM share (writeback_dram_weight
	 * 1.3, no curve, no backlog: dram_backlog_cycles 0): store 3 at t3 takes
	 * 1.3 x 128 / 17.71 = 9.396 cycles of the share; the load at t3 + 4 then
	 * holds it until t3 + 9.396 + 7.228 (its own 128 B) = t3 + 16.624
	 * instead of t3 + 11.228, and its L2 path's 128 / 37 = 3.459 after that:
	 * ceil(t3 + 20.083) against ceil(t3 + 14.687), +6 cycles; 5 of its 5.2
	 * weighted sectors join the queue's average, which at a few sectors
	 * delays nothing */
	struct arch w = a, w0 = a;
	w.n_wb_curve = w0.n_wb_curve = 1;
	w.dram_backlog_cycles = w0.dram_backlog_cycles = 0;
	w.writeback_dram_weight = 1.3;
	const char *three = "STG [R2], R4 width=4\nSTG [R2], R4 width=4\nSTG [R2], R4 width=4\n"
			    "LDG R0, [R10] width=4\nIADD3 R1, R0, R2, RZ\nEXIT\n";
	assert_int_equal((long)run_arch(&w, three, 32, 1, POLICY_GRR).cycles - (long)run_arch(&w0, three, 32, 1, POLICY_GRR).cycles, 6);
}

/*
 * sm-3.18: the L2 line rule (l2_sector_cycles, l2_line_cycles), by hand.
 * One warp: an LDG.64 of an L2-resident footprint (8 MB: no latency draw
 * for a coalesced or strided load at L2), an IADD3 that waits for it, EXIT.
 * With the rule the load lands at ceil(issue + add) + l2_latency - 1 with
 * add = 2.3 (sectors of its fullest line - 1) + the line curve at its lines
 * [0, -3.5, 8.5, 15.5, 34.2, 71.5] at 1, 2, 4, 8, 16, 32 lines, linear
 * between: one lane (1 sector, 1 line) add 0; 16 lanes contiguous (4
 * sectors, 1 line) 6.9 -> +7; 2 lanes 128 B apart (2 lines) -3.5 -> -3; 32
 * lanes contiguous (2 lines of 4 sectors) 3.4 -> +4; 3 lanes 128 B apart
 * (3 lines: halfway from 2 to 4) 2.5 -> +3; 4 lanes 32 B apart (4 sectors
 * of one line, one word each) +7 as 16 contiguous; 32 lanes 128 B apart 71.5
 * -> +72; 16 of them 34.2 -> +35. Without the rule ([0]) the L2 server's
 * time is in the latency: ceil(bytes / 37), 1 for 8 B (one sector), 7 for
 * 256 B. The server still queues under the rule: two warps on two
 * schedulers issue 256-B loads in cycle 0, the second starts when the
 * first's 256 / 37 = 6.9 cycles end: lands ceil(6.9 + 3.4) = 11 after, the
 * block 7 cycles later than one warp.
 */
static void sm_3_18_l2_lines(void **state)
{
	(void)state;
	struct arch a = sm90;
	a.warp_launch_group = 0;
	assert_int_equal(a.n_line_curve, 6);
	assert_true(fabs(a.l2_sector_cycles - 2.3) < 1e-9);
	char t[256];
	static const struct {
		int lanes, stride, add;
	} c[] = {{1, 0, 0}, {16, 0, 7}, {2, 128, -3}, {32, 0, 4}, {3, 128, 3}, {4, 32, 7}, {32, 128, 72}, {16, 128, 35}};
	long base = -1;
	for (size_t i = 0; i < sizeof c / sizeof *c; i++) {
		int n = c[i].stride ? snprintf(t, sizeof t, "LDG.64 R0, [R10] footprint=8M lanes=%d stride=%d\n", c[i].lanes, c[i].stride)
				    : snprintf(t, sizeof t, "LDG.64 R0, [R10] footprint=8M lanes=%d\n", c[i].lanes);
		snprintf(t + n, sizeof t - (size_t)n, "IADD3 R1, R0, R2, RZ\nEXIT\n");
		long cyc = (long)run_arch(&a, t, 32, 1, POLICY_GRR).cycles;
		if (base < 0)
			base = cyc;
		assert_int_equal(cyc - base, c[i].add);
	}
	/* one lane: the load issued at 0 lands at l2_latency - 1, the IADD3 issues
	 * then and EXIT waits for its result (4 cycles) and issues: + 5 */
	assert_int_equal(base, a.l2_latency - 1 + 5);
	/* two warps, one a scheduler: the second 256-B load queues behind the first's server time */
	long one = (long)run_arch(&a, "LDG.64 R0, [R10] footprint=8M\nIADD3 R1, R0, R2, RZ\nEXIT\n", 32, 1, POLICY_GRR).cycles;
	long two = (long)run_arch(&a, "LDG.64 R0, [R10] footprint=8M\nIADD3 R1, R0, R2, RZ\nEXIT\n", 64, 1, POLICY_GRR).cycles;
	assert_int_equal(one - base, 4);
	assert_int_equal(two - one, 7);
	/* without the rule: the server's time in the latency */
	a.n_line_curve = 1;
	a.line_curve[0] = 0;
	a.l2_sector_cycles = 0;
	assert_int_equal((long)run_arch(&a, "LDG.64 R0, [R10] footprint=8M lanes=1\nIADD3 R1, R0, R2, RZ\nEXIT\n", 32, 1, POLICY_GRR).cycles - base, 1);
	assert_int_equal((long)run_arch(&a, "LDG.64 R0, [R10] footprint=8M\nIADD3 R1, R0, R2, RZ\nEXIT\n", 32, 1, POLICY_GRR).cycles - base, 7);
}

/* sm-3.15: the loaded-latency curve (dram_queue_curve) in place of
 * q u / (1 - u): sm-3.7's chase (check_loaded_chase, server 8) under
 * loaded_arch, 8 sectors at the first load (d 80 cycles), 15 from the
 * third on (d 113). Cycles: t_12 + 1 = 1639. */
static void sm_3_15_queue_curve(void **state)
{
	(void)state;
	struct arch a = loaded_arch();
	check_loaded_chase(&a, curve_delay, 8, 80, 113, 1639);
	/* beyond u = 0.95 the delay stays at the curve's last point and the server queues */
	assert_int_equal(curve_delay(&a, 1e9), 950);
}

/*
 * sm-3.14: the shared DRAM queue (dram_shared_queue). No server of the
 * SM's own: with the backlog allowance out of reach the same chase as
 * sm-3.7 passes only the SM's path from L2 (256 B at 37 B a cycle: 7
 * cycles, as the 8 of sm-3.7's server) and lands at t_i + 7 + L - 1 + d_i,
 * the same delays (80 first, 113 from the third load on), cycles 1627 =
 * t_12 + 1. The allowance (dram_backlog_cycles): with a flat curve [10,
 * 10] (every access's mean delay 10), L = 20, P = 32 and a path from L2
 * too fast to matter (1 cycle), 32 warps (8 a scheduler; the LSU pipe
 * takes a 32-lane LDG.64 in 2 cycles: issues at 0, 2, ..., 14) load 256 B
 * each, 8 cycles of the SM's share apiece: with the allowance out of reach
 * each lands 1 + L - 1 + 10 after its issue, the last at 44: cycles 45;
 * with 0 the k-th waits for its share until 8 (k + 1), the last until 256,
 * lands at 286: cycles 287; with 128 the last waits until 256 - 128:
 * cycles 159.
 * With dram_queue_scale_cycles every access draws its delay from a gamma
 * of that scale about the curve's mean, dealt from a deck of 32
 * quantiles. With a flat curve [D, D] and L = 20, one warp issuing 4
 * independent chase loads a step (64 steps) waits for the slowest of 4
 * draws:
 * - scale 0: L - 1 + D a step, exactly (plus the path and the EXIT);
 * - scale D (shape 1, an exponential): the slowest of 4 exponential
 *   draws has mean (1 + 1/2 + 1/3 + 1/4) D = 2.08 D; the deck's 32
 *   quantiles (no tail past the last, dealt without replacement) give
 *   somewhat less: the excess over scale 0 is 0.8 to 1.15 D a step;
 * - scale D / 16 (shape 16, sd D / 4): the slowest of 4 normal-like draws
 *   is 1.03 sd above the mean: excess 0.18 to 0.34 D;
 * - the 4 loads as one group (group=1, near=1: neighbouring lines) share
 *   one draw: 64 steps deal the deck twice, so the steps average D: the
 *   excess is within rounding (2 cycles a step).
 * And past saturation Little's law: 32 warps streaming 512-B loads back
 * to back move the bandwidth, 0.95 to 1.02 P, where the sm-3.7 server
 * would too (with the allowance out of reach only Little's law on the
 * bytes held paces them).
 */
static uint64_t flat_steps(const struct arch *a, const char *loads)
{
	char *t = repeat(".regs 32\nLOOP 64\n", loads, 1, "IADD3 R20, R0, R1, R2\nIADD3 R20, R20, R3, RZ\nENDLOOP\nEXIT\n");
	struct sim_stats st = run_arch(a, t, 32, 1, POLICY_GRR);
	free(t);
	return st.cycles;
}

static void sm_3_14_shared_queue(void **state)
{
	(void)state;
	struct arch a = loaded_arch();
	a.dram_shared_queue = 1;
	a.dram_queue_scale_cycles = 0;
	a.dram_backlog_cycles = 1e9;
	check_loaded_chase(&a, curve_delay, 7, 80, 113, 1627);
	struct sim_stats st;
	char *text;

	/* the backlog allowance (the block's 32 warps start together) */
	a.warp_launch_group = 0;
	a.queue_curve[0] = a.queue_curve[1] = 10;
	a.l2_bytes_per_cycle = 1e5;
	const char *one = "LDG.64 R0, [R10] pattern=chase footprint=1G\nEXIT\n";
	st = run_arch(&a, one, 1024, 1, POLICY_GRR);
	assert_int_equal(st.cycles, 45);
	a.dram_backlog_cycles = 0;
	st = run_arch(&a, one, 1024, 1, POLICY_GRR);
	assert_int_equal(st.cycles, 287);
	a.dram_backlog_cycles = 128;
	st = run_arch(&a, one, 1024, 1, POLICY_GRR);
	assert_int_equal(st.cycles, 159);
	a = loaded_arch();
	a.dram_shared_queue = 1;
	a.dram_backlog_cycles = 1e9;

	/* the flat curve: D = 400 */
	const double D = 400;
	const char *four = "LDG R0, [R10] pattern=chase footprint=1G lanes=1\nLDG R1, [R11] pattern=chase footprint=1G lanes=1\n"
			   "LDG R2, [R12] pattern=chase footprint=1G lanes=1\nLDG R3, [R13] pattern=chase footprint=1G lanes=1\n";
	const char *group = "LDG R0, [R10] pattern=chase footprint=1G lanes=1 group=1\n"
			    "LDG R1, [R10] pattern=chase footprint=1G lanes=1 near=1\n"
			    "LDG R2, [R10] pattern=chase footprint=1G lanes=1 near=1\n"
			    "LDG R3, [R10] pattern=chase footprint=1G lanes=1 near=1\n";
	a.queue_curve[0] = a.queue_curve[1] = D;
	uint64_t c0 = flat_steps(&a, four);
	a.dram_queue_scale_cycles = D;
	double x1 = ((double)flat_steps(&a, four) - (double)c0) / 64 / D;
	a.dram_queue_scale_cycles = D / 16;
	double x16 = ((double)flat_steps(&a, four) - (double)c0) / 64 / D;
	a.dram_queue_scale_cycles = D;
	double xg = ((double)flat_steps(&a, group) - (double)c0) / 64;
	a.dram_queue_scale_cycles = 0;
	uint64_t g0 = flat_steps(&a, group);
	assert_true(x1 > 0.8 && x1 < 1.15);
	assert_true(x16 > 0.18 && x16 < 0.34);
	assert_true(fabs(xg - ((double)g0 - (double)c0) / 64) <= 2);
	/* one step at scale 0: the 4 loads issue on consecutive cycles, the
	 * last lands L - 1 + D after its issue, the two IADD3s and the back
	 * edge follow */
	assert_true(c0 > 64 * (a.dram_latency - 1 + D) && c0 < 64 * (a.dram_latency - 1 + D + 16));

	/* the scale by the loads' lines (mem_queue_scale): the same four loads
	 * as stream loads (lines side by side) draw at
	 * dram_stream_queue_scale_cycles, the chase loads keep
	 * dram_queue_scale_cycles: the same bounds as above, scale for scale */
	const char *sfour = "LDG R0, [R10] pattern=stream lanes=1\nLDG R1, [R11] pattern=stream lanes=1\n"
			    "LDG R2, [R12] pattern=stream lanes=1\nLDG R3, [R13] pattern=stream lanes=1\n";
	a.dram_queue_scale_cycles = 0;
	a.dram_stream_queue_scale_cycles = 0;
	uint64_t s0 = flat_steps(&a, sfour);
	a.dram_stream_queue_scale_cycles = D;
	double s1 = ((double)flat_steps(&a, sfour) - (double)s0) / 64 / D;
	assert_int_equal(flat_steps(&a, four), c0);
	a.dram_stream_queue_scale_cycles = D / 16;
	double s16 = ((double)flat_steps(&a, sfour) - (double)s0) / 64 / D;
	a.dram_queue_scale_cycles = D;
	a.dram_stream_queue_scale_cycles = 0;
	assert_int_equal(flat_steps(&a, sfour), s0);
	assert_true(s1 > 0.8 && s1 < 1.15);
	assert_true(s16 > 0.18 && s16 < 0.34);
	a.dram_queue_scale_cycles = 0;

	/* saturation: 32 warps, 4 loads of 512 B (LDG.128) a trip, 200 trips */
	a = loaded_arch();
	a.dram_shared_queue = 1;
	a.dram_backlog_cycles = 1e9;
	a.max_inflight_sectors = 4096; /* above the 2048 sectors the warps can hold */
	text = repeat(".regs 32\nLOOP 200\n",
		      "LDG.128 R0, [R20] pattern=stream footprint=1G\nLDG.128 R4, [R20] pattern=stream footprint=1G\n"
		      "LDG.128 R8, [R20] pattern=stream footprint=1G\nLDG.128 R12, [R20] pattern=stream footprint=1G\n",
		      1, "IADD3 R20, R0, R4, R8\nIADD3 R20, R20, R12, RZ\nENDLOOP\nEXIT\n");
	st = run_arch(&a, text, 1024, 1, POLICY_GRR);
	double bw = (double)st.dram_bytes / (double)st.cycles;
	assert_true(bw > 0.95 * a.dram_bytes_per_cycle && bw < 1.02 * a.dram_bytes_per_cycle);
	free(text);
}

/* ---- sim/ctl.c: barriers, divergence, loops, the back edge ---------- */

/* sm-4.1: barrier. Warp 0 runs K dependent FFMAs before BAR, warp 1 none.
 * Warp 0: IF at 0, FFMAs at 1, 5, ..., 4K-3, BAR at 4K-2 (no dependence),
 * release: both wake at 4K-1. Warp 1: IF 0, BAR 1, waits [2, 4K-1) = 4K-3 cycles, EXIT at
 * 4K-1. Warp 0's EXIT waits for its last FFMA: ready at 4K+1: cycles 4K+2. */
static void sm_4_1_barrier(void **state)
{
	(void)state;
	for (int k = 2; k <= 32; k *= 4) {
		char *t = repeat("IF warp<1\n", "FFMA R0, R0, R1, R2\n", k, "ENDIF\nBAR\nEXIT\n");
		struct sim_stats st = run(t, 64, 1);
		assert_int_equal(st.cycles, 4 * k + 2);
		assert_int_equal(st.state_cycles[ST_BARRIER], 4 * k - 3);
		free(t);
	}
}

/* sm-4.2: a barrier some warp never reaches is a deadlock, reported. */
/*
 * sm-4.3: bgrr runs the older block first, by hand (ideal file). Two
 * blocks of 4 warps, one warp of each a scheduler; each warp issues 400
 * independent FFMAs (8 chains: one warp alone issues one a cycle). Under
 * bgrr the first block's warp takes every issue slot while it can, so it
 * exits after about 400 cycles and the second block's after about 800:
 * resident warp-cycles 4 x 400 + 4 x 800 = 0.75 of 8 warps x 800. grr
 * interleaves them and both end near 800: about 1.0. Either way each
 * scheduler issues 800 FFMAs, so the cycles agree within 1%. A younger
 * block's loads are not held back: with 200 independent LDS a warp (the
 * shared-memory port, one 128-byte warp load a cycle an SM, paces them)
 * the two blocks end together under bgrr too (above 0.95).
 */
static void sm_4_3_block_age(void **state)
{
	(void)state;
	char *t = repeat(".regs 32\n",
			 "FFMA R0, R0, R8, R9\nFFMA R1, R1, R8, R9\nFFMA R2, R2, R8, R9\nFFMA R3, R3, R8, R9\n"
			 "FFMA R4, R4, R8, R9\nFFMA R5, R5, R8, R9\nFFMA R6, R6, R8, R9\nFFMA R7, R7, R8, R9\n",
			 50, "EXIT\n");
	struct sim_stats b = run_arch(&ideal, t, 128, 2, POLICY_BGRR), g = run_arch(&ideal, t, 128, 2, POLICY_GRR);
	double fb = (double)b.warp_cycles / (8.0 * (double)b.cycles), fg = (double)g.warp_cycles / (8.0 * (double)g.cycles);
	assert_true(fb > 0.74 && fb < 0.76);
	assert_true(fg > 0.99);
	assert_true(llabs((long long)b.cycles - (long long)g.cycles) * 100 <= (long long)g.cycles);
	free(t);
	t = repeat(".regs 32\n", "LDS R0, [R20]\nLDS R1, [R20]\nLDS R2, [R20]\nLDS R3, [R20]\n", 50, "EXIT\n");
	b = run_arch(&ideal, t, 128, 2, POLICY_BGRR);
	fb = (double)b.warp_cycles / (8.0 * (double)b.cycles);
	assert_true(fb > 0.95);
	free(t);
}

/* sm-4.4: .span: cycles are the harness's span, from the earliest issue of
 * the FROM stamp by a block's first warp to the latest issue of the TO
 * stamp. One warp, control bits, stall counts of 4: the stamps at 0x10 and
 * 0x30 issue at 4 and 12, span 8; EXIT at 16, elapsed 17. Two blocks of
 * which one fits (.smem 150K): the second launches cta_launch_cycles after
 * the first's exit, 16 + 1 + 320 = 337, and stamps TO at 337 + 12: span 345.
 * Warp 1 of a block never stamps: in a block of 2 warps where only warp 1
 * runs the FROM stamp (IF warp<1 skips it for warp 0), the run is an error
 * naming the stamp; TO before FROM is one too. */
static void sm_4_4_span(void **state)
{
	(void)state;
	const char *t = ".pc 0x0\n.span 0x10 0x30\n"
			"[B------:R-:W-:-:S04] NOP\n[B------:R-:W-:-:S04] CS2R R2, SR_CLOCKLO\n"
			"[B------:R-:W-:-:S04] NOP\n[B------:R-:W-:-:S04] CS2R R4, SR_CLOCKLO\n"
			"[B------:R-:W-:-:S04] EXIT\n";
	struct sim_stats st = run_arch(&ideal, t, 32, 1, POLICY_GRR);
	assert_int_equal(st.cycles, 8);
	assert_int_equal(st.elapsed_cycles, 17);
	char *t2 = malloc(strlen(t) + 32);
	sprintf(t2, ".smem 150K\n%s", t);
	struct arch a = ideal;
	a.warp_launch_group = 0;
	a.cta_launch_cycles = 320;
	st = run_arch(&a, t2, 32, 2, POLICY_GRR);
	assert_int_equal(st.resident_blocks_per_sm, 1);
	assert_int_equal(st.cycles, 345);
	assert_int_equal(st.elapsed_cycles, 337 + 17);
	free(t2);

	static const struct {
		const char *text, *msg;
	} bad[] = {
		{".pc 0x0\n.span 0x30 0x0\nNOP\nIF warp<1\nNOP\nELSE\nCS2R R2, SR_CLOCKLO\nENDIF\nEXIT\n",
		 "no block's first warp issued the FROM stamp at 0x30"},
		{".pc 0x0\n.span 0x10 0x0\nNOP\nCS2R R2, SR_CLOCKLO\nEXIT\n",
		 "the TO stamp at 0x0 issued last at cycle 0, before the FROM stamp at 0x10 first did"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct program p;
		struct err e = {{0}};
		struct sim_launch l = {.threads_per_block = 64, .blocks = 1, .smem_per_block = -1, .carveout_pct = -1};
		assert_int_equal(parse_program(bad[i].text, strlen(bad[i].text), "span", &p, &e), 0);
		assert_int_equal(sim_run_once(&ideal, &p, &l, &st, &e), SIM_EINPUT);
		if (!strstr(e.msg, bad[i].msg))
			fail_msg("case %zu: got \"%s\"", i, e.msg);
		program_free(&p);
	}
}

static void sm_4_2_deadlock(void **state)
{
	(void)state;
	struct program p;
	struct err e = {{0}};
	struct sim_stats st;
	const char *t = "IF warp<1\nBAR\nENDIF\nEXIT\n";
	struct sim_launch l = {.threads_per_block = 64, .blocks = 1, .smem_per_block = -1, .carveout_pct = -1};
	assert_int_equal(parse_program(t, strlen(t), "dead", &p, &e), 0);
	assert_int_equal(sim_run_once(&sm90, &p, &l, &st, &e), SIM_EINPUT);
	assert_int_equal(st.end, END_DEADLOCK);
	assert_int_equal(st.deadlock_warps, 1);
	assert_non_null(strstr(e.msg, "deadlock at cycle"));
	assert_non_null(strstr(e.msg, "1 exited without reaching it"));
	program_free(&p);
}

/* sm-7.1: divergence: IF 0.25 runs both paths one after the other. */
static void sm_7_1_divergence(void **state)
{
	(void)state;
	const char *t = "IF 0.25\nFFMA R0, R1, R2, R3\nFFMA R0, R1, R2, R3\nELSE\nFFMA R0, R1, R2, R3\nENDIF\nEXIT\n";
	struct sim_stats st = run(t, 32, 1);
	/* IF, 2 + 1 FFMAs, EXIT */
	assert_int_equal(st.warp_instructions, 5);
	/* active lanes: IF 32, then-path 8 each, else-path 24, EXIT 32 */
	assert_int_equal(st.thread_instructions, 32 + 8 + 8 + 24 + 32);
	t = "IF 1\nFFMA R0, R1, R2, R3\nELSE\nFFMA R0, R1, R2, R3\nENDIF\nEXIT\n";
	st = run(t, 32, 1);
	assert_int_equal(st.warp_instructions, 3);
}

/*
 * sm-8.4: control bits (an imported kernel), by hand. One warp, LOOP 100 of
 * [S01] UIADD3, [S05] FFMA, [S13] ISETP, [S05] @P0 ENDLOOP (the tl_f1 loop
 * of tests/data/h200/tloop/sass.txt): the stall counts put the branch 1 + 5
 * + 13 = 19 cycles after the trip's first instruction and the taken branch
 * sends the next trip 1 + branch_cycles (9) later: 29 cycles a trip, with
 * no loop floor and no register scoreboarding (R0's FFMA result, 4 cycles,
 * is covered by the stall counts). bsync_cycles: a BSYNC [S05] in the trip
 * makes it 5 + 8 cycles longer than the same trip without it.
 */
static void sm_8_4_control_bits(void **state)
{
	(void)state;
	const char *loop = ".regs 32\nLOOP %d edge=branch\n[B------:R-:W-:-:S01] UIADD3 UR4, UR4, -0x1, URZ\n"
			   "[B------:R-:W-:Y:S05] FFMA R10, R8, R10, R9\n%s[B------:R-:W-:Y:S13] ISETP.NE.U32.AND P0, PT, RZ, UR4, PT\n"
			   "[B------:R-:W-:-:S05] @P0 ENDLOOP\n[B------:R-:W-:-:S05] EXIT\n";
	char t[1024];
	snprintf(t, sizeof t, loop, 1000, "");
	struct sim_stats a = run_arch(&sm90, t, 32, 1, POLICY_GRR);
	snprintf(t, sizeof t, loop, 2000, "");
	struct sim_stats b = run_arch(&sm90, t, 32, 1, POLICY_GRR);
	assert_int_equal(b.cycles - a.cycles, 1000 * (1 + 5 + 13 + 1 + 9));
	/* no floor: loop_cycles 100 changes nothing when the program has control bits */
	struct arch slow = sm90;
	slow.loop_cycles = 100;
	struct sim_stats c = run_arch(&slow, t, 32, 1, POLICY_GRR);
	assert_int_equal(c.cycles, b.cycles);
	snprintf(t, sizeof t, loop, 1000, "[B------:R-:W-:-:S05] BSYNC B0\n");
	struct sim_stats d = run_arch(&sm90, t, 32, 1, POLICY_GRR);
	snprintf(t, sizeof t, loop, 2000, "[B------:R-:W-:-:S05] BSYNC B0\n");
	struct sim_stats e2 = run_arch(&sm90, t, 32, 1, POLICY_GRR);
	assert_int_equal(e2.cycles - d.cycles, 1000 * (1 + 5 + 5 + 8 + 13 + 1 + 9));
	/* a load's scoreboard: the consumer waits on SB1 (wait mask), not its register */
	const char *ld = "[B------:R-:W1:-:S01] LDS R2, [R3]\n[B------:R-:W-:-:S01] FFMA R4, R5, R5, R5\n"
			 "[B-1----:R-:W-:-:S04] FFMA R6, R2, R2, R2\n[B------:R-:W-:-:S01] EXIT\n";
	struct sim_stats f = run_arch(&sm90, ld, 32, 1, POLICY_GRR);
	/* LDS at 0 (smem_latency 23: SB1 clears at 0 + 1 + 23 - 1 = 23), FFMA at 1, the
	 * dependent FFMA at 23, EXIT at 27 after its stall count; the run ends the cycle after */
	assert_int_equal(f.cycles, 23 + 4 + 1);
}

/*
 * sm-8.5: a divergent region's reconvergence, by hand (diverge_cycles 16,
 * tests/data/h200/mech mech_div). One warp, a trip of [S01] UIADD3, an IF
 * [S05] around one FFMA [S05], then [S13] ISETP and the branch: with no lane
 * taking the branch around it every lane runs the FFMA and a trip is 1 + 5 + 5 +
 * 13 + 1 + branch_cycles (9) = 34 cycles (IF 1); with half the lanes taking
 * it (IF 0.5) the warp runs the FFMA with 16 lanes, then the empty path, and reconverges
 * 16 cycles later than the FFMA's stall count: 50 cycles a trip. With
 * diverge_cycles 0 the two are equal.
 */
static void sm_8_5_divergence(void **state)
{
	(void)state;
	const char *loop = ".regs 32\nLOOP %d edge=branch\n[B------:R-:W-:-:S01] UIADD3 UR4, UR4, -0x1, URZ\n"
			   "[B------:R-:W-:Y:S05] @P1 IF %s\n[B------:R-:W-:Y:S05] FFMA R10, R8, R10, R9\nENDIF\n"
			   "[B------:R-:W-:Y:S13] ISETP.NE.U32.AND P0, PT, RZ, UR4, PT\n"
			   "[B------:R-:W-:-:S05] @P0 ENDLOOP\n[B------:R-:W-:-:S05] EXIT\n";
	char t[1024];
	uint64_t per[2];
	const char *frac[2] = {"1", "0.5"}; /* IF F: F of the lanes run the THEN path */
	struct arch nodiv = sm90;
	nodiv.diverge_cycles = 0;
	for (int k = 0; k < 2; k++) {
		snprintf(t, sizeof t, loop, 1000, frac[k]);
		struct sim_stats a = run_arch(&sm90, t, 32, 1, POLICY_GRR);
		struct sim_stats a0 = run_arch(&nodiv, t, 32, 1, POLICY_GRR);
		snprintf(t, sizeof t, loop, 2000, frac[k]);
		struct sim_stats b = run_arch(&sm90, t, 32, 1, POLICY_GRR);
		struct sim_stats b0 = run_arch(&nodiv, t, 32, 1, POLICY_GRR);
		per[k] = (b.cycles - a.cycles) / 1000;
		assert_int_equal((b.cycles - a.cycles) % 1000, 0);
		assert_int_equal(b0.cycles - a0.cycles, 1000 * 34);
	}
	assert_int_equal(per[0], 34);
	assert_int_equal(per[1], 34 + 16);
}

/*
 * sm-8.7: a taken branch of compiled code, by hand (branch_cycles 9,
 * tests/data/h200/mech mech_brt and mech_brsep). One warp, a trip of [S01]
 * UIADD3, an IF [S05] around one FFMA [S05], [S13] ISETP and the back edge
 * (1 + branch_cycles after it: 10). With every lane running the FFMA (IF 1:
 * the branch falls through) a trip is 1 + 5 + 5 + 13 + 10 = 34 cycles. With
 * every lane taking the branch (IF 0) its target, the ISETP, issues 1 +
 * branch_cycles = 10 after it, not at its stall count of 5: 1 + 10 + 13 + 10
 * = 34 again (29 if the stall count ruled). A stall count of 12 is longer
 * than the redirect: 1 + 12 + 13 + 10 = 36. An if/else whose first path
 * runs: its closing BRA [S05] jumps over the ELSE path, and the ISETP
 * issues 10 after it: 1 + 5 + 5 + 10 + 13 + 10 = 44 cycles a trip.
 */
static void sm_8_7_taken_branch(void **state)
{
	(void)state;
	const char *loop = ".regs 32\nLOOP %d edge=branch\n[B------:R-:W-:-:S01] UIADD3 UR4, UR4, -0x1, URZ\n"
			   "[B------:R-:W-:Y:S%02d] @P1 IF %s\n[B------:R-:W-:Y:S05] FFMA R10, R8, R10, R9\n%sENDIF\n"
			   "[B------:R-:W-:Y:S13] ISETP.NE.U32.AND P0, PT, RZ, UR4, PT\n"
			   "[B------:R-:W-:-:S05] @P0 ENDLOOP\n[B------:R-:W-:-:S05] EXIT\n";
	const char *els = "[B------:R-:W-:-:S05] BRA\nELSE\n[B------:R-:W-:Y:S05] FFMA R10, R8, R10, R9\n";
	struct {
		int stall;
		const char *frac, *els;
		uint64_t trip;
	} c[] = {{5, "1", "", 34}, {5, "0", "", 34}, {12, "0", "", 36}, {5, "1", els, 44}};
	char t[1024];
	for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
		snprintf(t, sizeof t, loop, 1000, c[k].stall, c[k].frac, c[k].els);
		struct sim_stats a = run_arch(&sm90, t, 32, 1, POLICY_GRR);
		snprintf(t, sizeof t, loop, 2000, c[k].stall, c[k].frac, c[k].els);
		struct sim_stats b = run_arch(&sm90, t, 32, 1, POLICY_GRR);
		assert_int_equal(b.cycles - a.cycles, 1000 * c[k].trip);
	}
}

/*
 * sm-8.8: the fetch line after a taken branch's target, by hand
 * (fetch_line_bytes 128, fetch_line_cycles 3; tests/data/h200/mech/brreg
 * mech_brfar, tests/data/h200/tloop tl_f1). sm-8.4's loop, [S01] UIADD3,
 * [S05] FFMA, [S13] ISETP, the back edge: 1 + 5 + 13 + 10 = 29 cycles a
 * trip wherever it lies in one 128-byte line (head at 0x40). With the
 * head the last instruction of its line (.pc 0x70) the FFMA, the next
 * line's first instruction, comes 3 cycles after the head, not 1: 31. With
 * the head's stall count 2 (and the loop otherwise the same) it waits 1:
 * 2 + 5 + 13 + 10 + 1 = 31 again, against 30 inside a line. With the head
 * at 0x60 the line ends after the FFMA, 6 cycles on: 29. Without addresses
 * (no .pc) or with fetch_line_cycles 0 nothing waits: 29.
 */
/* sm-8.8's loop (a head UIADD3 with the stall count given, [S05] FFMA,
 * [S13] ISETP, the back edge) at `pc` (".pc ADDR\n" or ""), one block of
 * `threads`: the cycles 1000 more trips add (2000 against 1000). */
/* The cycles 1000 more trips of the loop take (2000 trips less 1000), with
 * pre before it (a .pc line, an IF) and post after it (before the EXIT). */
static uint64_t fetch_trips(const struct arch *a, const char *pre, const char *post, int head_stall, int threads)
{
	static const char loop[] = ".regs 32\n%sLOOP %d edge=branch\n[B------:R-:W-:-:S%02d] UIADD3 UR4, UR4, -0x1, URZ\n"
				   "[B------:R-:W-:Y:S05] FFMA R10, R8, R10, R9\n"
				   "[B------:R-:W-:Y:S13] ISETP.NE.U32.AND P0, PT, RZ, UR4, PT\n"
				   "[B------:R-:W-:-:S05] @P0 ENDLOOP\n%s[B------:R-:W-:-:S05] EXIT\n";
	char t[1024];
	snprintf(t, sizeof t, loop, pre, 1000, head_stall, post);
	uint64_t one = run_arch(a, t, threads, 1, POLICY_GRR).cycles;
	snprintf(t, sizeof t, loop, pre, 2000, head_stall, post);
	return run_arch(a, t, threads, 1, POLICY_GRR).cycles - one;
}

static uint64_t fetch_loop_trips(const struct arch *a, const char *pc, int head_stall, int threads)
{
	return fetch_trips(a, pc, "", head_stall, threads);
}

static void sm_8_8_fetch_line(void **state)
{
	(void)state;
	struct arch off = sm90;
	off.fetch_line_cycles = 0;
	struct {
		const char *pc;
		int stall;
		const struct arch *a;
		uint64_t trip;
	} c[] = {{".pc 0x40\n", 1, &sm90, 29}, {".pc 0x70\n", 1, &sm90, 31}, {".pc 0x70\n", 2, &sm90, 31},
		 {".pc 0x40\n", 2, &sm90, 30}, {".pc 0x60\n", 1, &sm90, 29}, {"", 1, &sm90, 29},
		 {".pc 0x70\n", 1, &off, 29}};
	for (size_t k = 0; k < sizeof c / sizeof c[0]; k++)
		assert_int_equal(fetch_loop_trips(c[k].a, c[k].pc, c[k].stall, 32), 1000 * c[k].trip);
}

/*
 * sm-8.9: the scheduler's instruction fetch takes one taken branch's
 * target every fetch_cycles, by hand (fetch_turn off; sm-8.8's loop
 * without .pc: 1 + 5 + 13 + 10 = 29 cycles a trip, the back edge's fetch
 * asking at its issue). A lone warp's fetches are 29 apart: fetch_cycles
 * 20 costs nothing (29), 30 holds each target 1 cycle (30). Five warps put
 * two on scheduler 0, one cycle apart: with 10 the second's first target
 * waits 9 cycles, after which the two are 10 apart and never wait again
 * (29); with 20 two fetches need 40 cycles a trip, more than 29, so the
 * fetch sets the pace: 40.
 */
static void sm_8_9_fetch_server(void **state)
{
	(void)state;
	struct {
		int fc, threads;
		uint64_t trip;
	} c[] = {{20, 32, 29}, {30, 32, 30}, {10, 160, 29}, {20, 160, 40}};
	for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
		struct arch a = sm90;
		a.fetch_turn = 0;
		a.fetch_cycles = c[k].fc;
		assert_int_equal(fetch_loop_trips(&a, "", 1, c[k].threads), 1000 * c[k].trip);
	}
}

/*
 * sm-8.10: fetch_turn: a taken branch's target waits for its warp's turn,
 * the scheduler's N warps one a cycle, 0 to N - 1 cycles (a seeded draw,
 * fetch_cycles off). sm-8.9's loop: one warp a scheduler never waits (29 a
 * trip). Five warps put two on scheduler 0: each of their back edges waits
 * 0 or 1, half a cycle a trip on average, so 1000 more trips take 29,500
 * cycles more, within 4 standard deviations (sqrt(1000 / 4) = 16 cycles a
 * warp; the later of the two ends the run), plus the cycles one of them
 * loses when both are due at once: their offset walks by -1, 0 or +1 a
 * trip, so at most 4 of a trip's 29 cycles collide, 140 in 1000 trips:
 * 29,436 to 29,700. The same seed gives the same cycles.
 */
static void sm_8_10_fetch_turn(void **state)
{
	(void)state;
	struct arch a = sm90;
	a.fetch_turn = 1;
	a.fetch_cycles = 0;
	a.warp_launch_group = 0; /* the warps start together */
	assert_int_equal(fetch_loop_trips(&a, "", 1, 32), 29000);
	uint64_t d = fetch_loop_trips(&a, "", 1, 160);
	assert_true(d >= 29436 && d <= 29700);
	assert_int_equal(fetch_loop_trips(&a, "", 1, 160), d);
}

/*
 * sm-8.10b: fetch_turn 2 (round 30): the fetch passes over warps waiting at
 * their block's barrier. sm-8.10's loop in warp 0 alone (IF warp<1), the
 * other four warps of the block going straight to the BAR that ends it:
 * warp 4 shares scheduler 0 with warp 0 but waits at the barrier the whole
 * loop, so with 2 warp 0's back edges never wait and 1000 more trips take
 * exactly 29,000 cycles more (a lone warp's 29 a trip); with 1 (warp 4
 * counted) each waits 0 or 1 cycle, a seeded draw: 500 more on average,
 * sd sqrt(1000 / 4) = 16, so 29,400 to 29,600 (bar_skew on the H200: the
 * same 66.6 cycles a round more at 32 warps for 32 and 128 trips of warp
 * 0's loop, tests/data/h200/mech mech_bar skew).
 */
static uint64_t fetch_bar_trips(int turn)
{
	struct arch a = sm90;
	a.fetch_turn = turn;
	a.fetch_cycles = 0;
	a.warp_launch_group = 0;
	return fetch_trips(&a, "[B------:R-:W-:-:S01] IF warp<1\n",
			   "ENDIF\n[B------:R-:W-:-:S05] BAR.SYNC.DEFER_BLOCKING 0x0\n", 1, 160);
}

static void sm_8_10b_fetch_turn_barrier(void **state)
{
	(void)state;
	assert_int_equal(fetch_bar_trips(2), 29000);
	uint64_t d = fetch_bar_trips(1);
	assert_true(d >= 29400 && d <= 29600);
}

/*
 * sm-8.6: a barrier's release, by hand (bar_arrive_cycles 2.0,
 * bar_release_cycles 6.5, bar_warp_cycles 0.9: tests/data/h200/mech
 * mech_bar, bord, btrain). K barriers [S08] in a row, one block. Each
 * arrival takes the barrier 2 cycles from its stall count (8), one after
 * another; the warps leave round(6.5) = 7 after the last arrival's turn
 * began, in rows of 4 (a warp a scheduler) 3.6 cycles apart, the highest
 * first. One warp: 8 + 7 = 15 cycles a barrier (14.8 measured). 4 warps,
 * one a scheduler, arriving together: turns at +8, 10, 12, 14, one row
 * released at 14 + 7 = 21 (measured 21.0). 16 warps: the rows leave at
 * R, R + 3, R + 7, R + 10 (R + 3.6 k rounded), arrive at the next barrier 8
 * later and queue for their turns: 8-14, then 16-22 (row 2 asked at 11),
 * 24-30 (15), 32-38 (18): the next first row at R + 38 + 7, 45 cycles a
 * barrier (measured 45.2). With the three fields 0 the release is the
 * stall count's 8 cycles. The old rule (bar_arrive_cycles 0: the k-th warp
 * to arrive resumes round(4.5 + 2.0 k) after the last arrival's stall
 * count) gives the same 15, 21 and 45 (8 + 37 for 16 warps).
 * A BAR of compiled code holds the warp at its next instruction that is
 * not plain arithmetic, not at itself (ctl_barrier_hold): one warp, a BAR
 * [S05] then an FFMA [S13]: the FFMA issues at the BAR's stall count, the
 * next BAR 13 cycles later, after the release (5 + 7 = 12): 18 cycles a
 * pair; with the FFMA [S01] the next BAR waits for the release: 12 a pair
 * (a BAR that held the warp at itself would give 25 and 13). A MUFU.RCP
 * [S01] in the FFMA's place (bar_hold_variable 1, round 28: on the H200 a
 * MUFU, SHFL, LDS, LDG or branch after the barrier waits for the release,
 * 24 VIADDs and a CS2R do not: tests/data/h200/mech/pre) waits for the
 * release at 12 and the next BAR issues at 13: 13 a pair; with 0 it issues
 * at 5 as the FFMA does: 12.
 */
static void sm_8_6_barrier_release(void **state)
{
	(void)state;
	const char *bar = "[B------:R-:W-:-:S08] BAR.SYNC.DEFER_BLOCKING 0x0\n", *exit_ = "[B------:R-:W-:-:S01] EXIT\n";
	const int warps[] = {1, 4, 16}, per[] = {15, 21, 45};
	for (int k = 0; k < 3; k++)
		assert_int_equal(extra_cycles(&sm90, bar, 100, exit_, 32 * warps[k]), 100 * per[k]);
	struct arch free_bar = sm90;
	free_bar.bar_release_cycles = 0;
	free_bar.bar_warp_cycles = 0;
	free_bar.bar_arrive_cycles = 0;
	assert_int_equal(extra_cycles(&free_bar, bar, 100, exit_, 32 * 4), 100 * 8);
	struct arch old_rule = sm90;
	old_rule.bar_arrive_cycles = 0;
	old_rule.bar_release_cycles = 4.5;
	old_rule.bar_warp_cycles = 2.0;
	for (int k = 0; k < 3; k++)
		assert_int_equal(extra_cycles(&old_rule, bar, 100, exit_, 32 * warps[k]), 100 * per[k]);
	const char *pair13 = "[B------:R-:W-:-:S05] BAR.SYNC.DEFER_BLOCKING 0x0\n[B------:R-:W-:-:S13] FFMA R0, R1, R2, R3\n";
	const char *pair1 = "[B------:R-:W-:-:S05] BAR.SYNC.DEFER_BLOCKING 0x0\n[B------:R-:W-:-:S01] FFMA R0, R1, R2, R3\n";
	assert_int_equal(extra_cycles(&sm90, pair13, 100, exit_, 32), 100 * 18);
	assert_int_equal(extra_cycles(&sm90, pair1, 100, exit_, 32), 100 * 12);
	const char *mufu1 = "[B------:R-:W-:-:S05] BAR.SYNC.DEFER_BLOCKING 0x0\n[B------:R-:W-:-:S01] MUFU.RCP R0, R1\n";
	assert_int_equal(sm90.bar_hold_variable, 1);
	assert_int_equal(extra_cycles(&sm90, mufu1, 100, exit_, 32), 100 * 13);
	struct arch no_hold = sm90;
	no_hold.bar_hold_variable = 0;
	assert_int_equal(extra_cycles(&no_hold, mufu1, 100, exit_, 32), 100 * 12);
}

/*
 * sm-8.11: a barrier's rows, by hand. 8 warps (two rows of 4, a warp a
 * scheduler), warps 0-3 running 8 dependent FFMAs before the BAR, warps 4-7
 * none; no control bits (a BAR holds the warp at itself and its arrival
 * counts from the next cycle). Warps 4-7 issue their BAR at 2-3 and take
 * their turns by 10; warps 0-3 issue it at 32 (FFMAs at 1, 6, 11, ..., 31:
 * the first two pay a bank conflict): turns at 33, 35, 37, 39. Released
 * from the last turn's start, 39: row 1 (warps 4-7, the higher) at
 * round(39 + 6.5) = 46, row 0 at round(39 + 6.5 + 3.6) = 49 (truncating
 * x + 0.5); EXITs at 46 and 49: 50 cycles. The old rule (bar_arrive_cycles
 * 0, 4.5 + 2 k after the last arrival's next cycle, 33, in arrival order):
 * warps 4-7 at 40, 42, 44, 46, warps 0-3 at 48, 50, 52, 54: 55 cycles.
 */
static void sm_8_11_barrier_rows(void **state)
{
	(void)state;
	char *t = repeat("IF warp<4\n", "FFMA R0, R0, R1, R2\n", 8, "ENDIF\nBAR\nEXIT\n");
	struct arch a = sm90;
	a.warp_launch_group = 0;
	assert_int_equal(run_arch(&a, t, 256, 1, POLICY_GRR).cycles, 50);
	a.bar_arrive_cycles = 0;
	a.bar_release_cycles = 4.5;
	a.bar_warp_cycles = 2.0;
	assert_int_equal(run_arch(&a, t, 256, 1, POLICY_GRR).cycles, 55);
	free(t);
}

/*
 * sm-8.12: the uniform datapath is a pipe of its own (pipes.uniform,
 * round 28: on sm_90 16 lanes, one instruction every 2 cycles a
 * scheduler; tests/data/h200/mech/uni), by hand. Warps start together
 * (warp_launch_group 0); the extra cycles of 16 more steps. Independent
 * UIADD3s alone: one warp a scheduler (4 warps) 2 cycles each, 32; two
 * warps a scheduler 64; with 32 lanes 16 and 32. A UIADD3 and two
 * independent FFMAs (RZ third source: no bank conflict) a step, two warps
 * a scheduler: 6 issue slots a step against the uniform pipe's 4: 96 (an
 * issue held 2 cycles by each UIADD3 would give 8 a step: 128).
 */
static void sm_8_12_uniform_pipe(void **state)
{
	(void)state;
	const char *exit_ = "EXIT\n", *u = "UIADD3 UR5, UR4, 0x1, URZ\n";
	const char *mix = "UIADD3 UR5, UR4, 0x1, URZ\nFFMA R0, R1, R2, RZ\nFFMA R6, R1, R2, RZ\n";
	struct arch a = sm90;
	a.warp_launch_group = 0;
	assert_int_equal(a.pipe_lanes[PIPE_UNIFORM], 16);
	assert_int_equal(extra_cycles(&a, u, 16, exit_, 128), 32);
	assert_int_equal(extra_cycles(&a, u, 16, exit_, 256), 64);
	assert_int_equal(extra_cycles(&a, mix, 16, exit_, 256), 96);
	a.pipe_lanes[PIPE_UNIFORM] = 32;
	assert_int_equal(extra_cycles(&a, u, 16, exit_, 128), 16);
	assert_int_equal(extra_cycles(&a, u, 16, exit_, 256), 32);
}

/*
 * sm-8.13: IF warp>=N (round 31): the warps from N on run the first path,
 * whole, the others skip it. A region of n dependent FFMAs (latency 4 on
 * sm_90) under IF warp>=1: one warp (warp 0 alone) skips it: the IF and the
 * EXIT, 2 cycles whatever n; two warps: warp 1 runs the chain, 8 more FFMAs
 * 32 more cycles, 3 + 4 n in all (35 at n = 8), as IF warp<1 gives warp 0
 * alone. IF warp>=2 at two warps: no warp runs it.
 */
static void sm_8_13_if_warp_ge(void **state)
{
	(void)state;
	struct arch a = sm90;
	a.warp_launch_group = 0;
	const char *post = "ENDIF\nEXIT\n";
	char *ge8 = repeat(".regs 32\nIF warp>=1\n", "FFMA R0, R0, R1, R2\n", 8, post);
	char *ge16 = repeat(".regs 32\nIF warp>=1\n", "FFMA R0, R0, R1, R2\n", 16, post);
	char *lt8 = repeat(".regs 32\nIF warp<1\n", "FFMA R0, R0, R1, R2\n", 8, post);
	char *ge2 = repeat(".regs 32\nIF warp>=2\n", "FFMA R0, R0, R1, R2\n", 8, post);
	assert_int_equal(run_arch(&a, ge8, 32, 1, POLICY_GRR).cycles, 2);
	assert_int_equal(run_arch(&a, ge16, 32, 1, POLICY_GRR).cycles, 2);
	struct sim_stats st = run_arch(&a, ge8, 64, 1, POLICY_GRR);
	assert_int_equal(st.cycles, 35);
	assert_int_equal(st.warp_instructions, 2 + (1 + 8 + 1));
	assert_int_equal(run_arch(&a, ge16, 64, 1, POLICY_GRR).cycles, 67);
	assert_int_equal(run_arch(&a, lt8, 32, 1, POLICY_GRR).cycles, 35);
	assert_int_equal(run_arch(&a, ge2, 64, 1, POLICY_GRR).cycles, 2);
	free(ge8);
	free(ge16);
	free(lt8);
	free(ge2);
}

/*
 * sm-8.14: LOOP N warp<M=K (round 31): the warps below M run K trips, the
 * others N. A loop of one FFMA (the back edge 3 instructions, a trip
 * loop_cycles 29 on sm_90): LOOP 2 warp<1=8 at one warp is LOOP 8's run
 * (warp 0 runs 8 trips: 4 x 8 + EXIT = 33 warp instructions); at two warps
 * warp 1 adds 4 x 2 + 1 = 9 (42) and, alone on its scheduler, ends first:
 * the cycles are still LOOP 8's.
 */
static void sm_8_14_loop_warp_trips(void **state)
{
	(void)state;
	struct arch a = sm90;
	a.warp_launch_group = 0;
	const char *two = ".regs 8\nLOOP 2 warp<1=8\nFFMA R0, R0, R1, R2\nENDLOOP\nEXIT\n";
	const char *eight = ".regs 8\nLOOP 8\nFFMA R0, R0, R1, R2\nENDLOOP\nEXIT\n";
	struct sim_stats s1 = run_arch(&a, two, 32, 1, POLICY_GRR), s8 = run_arch(&a, eight, 32, 1, POLICY_GRR);
	assert_int_equal(s1.warp_instructions, 33);
	assert_int_equal(s1.cycles, s8.cycles);
	assert_in_range(s8.cycles, 8 * 29 - 8, 8 * 29);
	struct sim_stats s2 = run_arch(&a, two, 64, 1, POLICY_GRR);
	assert_int_equal(s2.warp_instructions, 33 + 9);
	assert_int_equal(s2.cycles, s8.cycles);
}

/*
 * sm-8.16: LOOP N grow=G (round 47): N + G t trips at the enclosing loop's
 * trip t. LOOP 3 > LOOP 1 grow=2 runs 1, 3, 5 trips of one FFMA (4 warp
 * instructions a trip with the back edge's 3), then the outer back edge:
 * 9 x 4 + 3 x 3 + EXIT = 46, as LOOP 3 > LOOP 3 and LOOP 3 > LOOP 5
 * grow=-2 (5, 3, 1). The outer loop's trip t then costs what a trip of a
 * fixed loop of that count costs: LOOP 3 less LOOP 2 of the grow loop is
 * LOOP 3 > LOOP 5 less LOOP 2 > LOOP 5 (its third trip runs 5), of grow=-2
 * that of LOOP 3 > LOOP 1 less LOOP 2 > LOOP 1 (one inner trip: the outer
 * loop's own 29-cycle counter chain, loop_cycles); its second trip that of
 * LOOP 2 > LOOP 3 less LOOP 1 > LOOP 3. Under LOOP 2 warp<1=4 (warp 0: 4
 * outer trips, warp 1: 2), LOOP 1 grow=1 runs 1 + 2 + 3 + 4 = 10 trips in
 * warp 0 (10 x 4 + 4 x 3 + 1 = 53) and 1 + 2 in warp 1 (3 x 4 + 2 x 3 + 1
 * = 19): 72 at two warps. A grow loop in a grow loop: LOOP 2 > LOOP 1
 * grow=1 > LOOP 1 grow=1 (outer trip 0: the middle 1 trip, the inner 1;
 * trip 1: the middle 2, the inner 1 then 2): inner trips 4, middle 3,
 * outer 2: 4 x 4 + 3 x 3 + 2 x 3 + 1 = 32.
 */
static uint64_t grow_cycles(const struct arch *a, int outer, const char *inner)
{
	char t[160];
	snprintf(t, sizeof t, ".regs 8\nLOOP %d\nLOOP %s\nFFMA R0, R0, R1, R2\nENDLOOP\nENDLOOP\nEXIT\n", outer, inner);
	return run_arch(a, t, 32, 1, POLICY_GRR).cycles;
}

static void sm_8_16_loop_grow(void **state)
{
	(void)state;
	struct arch a = sm90;
	a.warp_launch_group = 0;
	const char *up = ".regs 8\nLOOP 3\nLOOP 1 grow=2\nFFMA R0, R0, R1, R2\nENDLOOP\nENDLOOP\nEXIT\n";
	const char *down = ".regs 8\nLOOP 3\nLOOP 5 grow=-2\nFFMA R0, R0, R1, R2\nENDLOOP\nENDLOOP\nEXIT\n";
	assert_int_equal(run_arch(&a, up, 32, 1, POLICY_GRR).warp_instructions, 46);
	assert_int_equal(run_arch(&a, down, 32, 1, POLICY_GRR).warp_instructions, 46);
	assert_int_equal(grow_cycles(&a, 3, "1 grow=2") - grow_cycles(&a, 2, "1 grow=2"), grow_cycles(&a, 3, "5") - grow_cycles(&a, 2, "5"));
	assert_int_equal(grow_cycles(&a, 2, "1 grow=2") - grow_cycles(&a, 1, "1 grow=2"), grow_cycles(&a, 2, "3") - grow_cycles(&a, 1, "3"));
	assert_int_equal(grow_cycles(&a, 3, "5 grow=-2") - grow_cycles(&a, 2, "5 grow=-2"), grow_cycles(&a, 3, "1") - grow_cycles(&a, 2, "1"));
	assert_int_equal(grow_cycles(&a, 3, "1") - grow_cycles(&a, 2, "1"), a.loop_cycles);
	assert_int_equal(grow_cycles(&a, 1, "1 grow=2"), grow_cycles(&a, 1, "1"));
	const char *warps = ".regs 8\nLOOP 2 warp<1=4\nLOOP 1 grow=1\nFFMA R0, R0, R1, R2\nENDLOOP\nENDLOOP\nEXIT\n";
	assert_int_equal(run_arch(&a, warps, 32, 1, POLICY_GRR).warp_instructions, 53);
	assert_int_equal(run_arch(&a, warps, 64, 1, POLICY_GRR).warp_instructions, 53 + 19);
	const char *nest = ".regs 8\nLOOP 2\nLOOP 1 grow=1\nLOOP 1 grow=1\nFFMA R0, R0, R1, R2\nENDLOOP\nENDLOOP\nENDLOOP\nEXIT\n";
	assert_int_equal(run_arch(&a, nest, 32, 1, POLICY_GRR).warp_instructions, 32);
}

/*
 * sm-8.15: a WARPSYNC right after a divergent region's ENDIF (round 31,
 * warpsync_cycles 58, warpsync_sched_cycles 32 on sm_90): the warp waits
 * its turn at its scheduler's reconvergence unit, then 58. IF 0.03125
 * (one lane takes it: divergent) around an FFMA, then WARPSYNC, against
 * the same with the rule off: one warp 58 cycles more; five warps (0 and 4
 * on scheduler 0, warp 4's ENDIF 2 cycles after warp 0's) warp 4 waits for
 * the unit until warp 0's turn ends, 32 after it: 32 + 58 - 2 = 88 more;
 * nine warps (0, 4, 8) 64 + 58 - 4 = 118. IF 1 (no lane diverges): none.
 * With diverge_cycles 0 (round 32: the rejoin no longer rides on the
 * reconvergence's own charge) a lone warp still waits 58 more.
 */
static void sm_8_15_warpsync_rejoin(void **state)
{
	(void)state;
	const char *div = ".regs 8\nIF 0.03125\nFFMA R0, R0, R1, R2\nENDIF\nWARPSYNC\nFFMA R3, R4, R5, R6\nEXIT\n";
	const char *all = ".regs 8\nIF 1\nFFMA R0, R0, R1, R2\nENDIF\nWARPSYNC\nFFMA R3, R4, R5, R6\nEXIT\n";
	struct arch a = sm90, off;
	a.warp_launch_group = 0;
	assert_int_equal(a.warpsync_cycles, 58);
	assert_int_equal(a.warpsync_sched_cycles, 32);
	off = a;
	off.warpsync_cycles = off.warpsync_sched_cycles = 0;
	static const struct {
		int threads;
		uint64_t more;
	} c[] = {{32, 58}, {160, 32 + 58 - 2}, {288, 64 + 58 - 4}};
	for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
		assert_int_equal(run_arch(&a, div, c[k].threads, 1, POLICY_GRR).cycles -
					 run_arch(&off, div, c[k].threads, 1, POLICY_GRR).cycles,
				 c[k].more);
		assert_int_equal(run_arch(&a, all, c[k].threads, 1, POLICY_GRR).cycles,
				 run_arch(&off, all, c[k].threads, 1, POLICY_GRR).cycles);
	}
	a.diverge_cycles = off.diverge_cycles = 0;
	assert_int_equal(run_arch(&a, div, 32, 1, POLICY_GRR).cycles - run_arch(&off, div, 32, 1, POLICY_GRR).cycles, 58);
}

/* sm-8.1: loops run without unrolling and issue their BRA. */
static void sm_8_1_loops(void **state)
{
	(void)state;
	const char *t = "LOOP 100\nLOOP 3\nFFMA R0, R1, R2, R3\nENDLOOP\nENDLOOP\nEXIT\n";
	struct sim_stats st = run(t, 32, 1);
	assert_int_equal(st.warp_instructions, 100 * (3 * 2 + 1) + 1);
}

/* sm-8.2: the loop counter chain (calibrated file: loop_cycles 29,
 * branch_cycles 9). A loop of one dependent FFMA: each trip is bounded by
 * the 29-cycle counter chain, not the 4-cycle FFMA plus the 9-cycle branch,
 * so N trips take 29 cycles each after the first trip's 4 + 1 (FFMA, the
 * BRA): cycles = 29 (N - 1) + 4 + 1 + 1 (EXIT after the last BRA) + ...
 * measured on the H200: 29.0 cycles a trip (tests/data/h200/loop.csv).
 * With 16 FFMAs a trip the chain is hidden: 4 * 16 + 7 = 71 cycles. */
static void sm_8_2_loop_counter_chain(void **state)
{
	(void)state;
	struct sim_stats a = run_arch(&sm90, ".regs 32\nLOOP 1000\nFFMA R0, R0, R4, RZ\nENDLOOP\nEXIT\n", 32, 1, POLICY_GRR);
	struct sim_stats b = run_arch(&sm90, ".regs 32\nLOOP 2000\nFFMA R0, R0, R4, RZ\nENDLOOP\nEXIT\n", 32, 1, POLICY_GRR);
	assert_int_equal(b.cycles - a.cycles, 1000 * 29);
	char *t = repeat(".regs 32\nLOOP 1000\n", "FFMA R0, R0, R5, RZ\n", 16, "ENDLOOP\nEXIT\n");
	struct sim_stats c = run_arch(&sm90, t, 32, 1, POLICY_GRR);
	free(t);
	t = repeat(".regs 32\nLOOP 2000\n", "FFMA R0, R0, R5, RZ\n", 16, "ENDLOOP\nEXIT\n");
	struct sim_stats d = run_arch(&sm90, t, 32, 1, POLICY_GRR);
	free(t);
	assert_int_equal(d.cycles - c.cycles, 1000 * (4 * 16 + 7));
}

/* sm-8.3: the back edge as compiled code has it (loop_insns = 3: counter,
 * compare on the ALU pipe, branch; branch_cycles 0). 16 warps, 4 on each
 * scheduler, LOOP 100 { an independent FFMA }: each trip is 4 issue slots
 * a warp, nothing waits longer than the other 3 warps' slots (FFMA
 * latency 4, the ALU pipe busy 2 cycles of every 4), so each scheduler
 * issues every cycle: 4 warps x (4 x 100 + EXIT) = 1604 instructions, the
 * last EXIT at cycle 1603: 1604 cycles. Instructions count all three. */
static void sm_8_3_back_edge(void **state)
{
	(void)state;
	struct arch a = ideal;
	a.loop_insns = 3;
	struct sim_stats st = run_arch(&a, "LOOP 100\nFFMA R0, R1, R2, R3\nENDLOOP\nEXIT\n", 512, 1, POLICY_GRR);
	assert_int_equal(st.warp_instructions, 16 * (4 * 100 + 1));
	assert_int_equal(st.cycles, 4 * (4 * 100 + 1));
	/* one warp: FFMA at 0, counter 1, compare 2, branch 3, the next FFMA at 4 */
	st = run_arch(&a, "LOOP 100\nFFMA R0, R1, R2, R3\nENDLOOP\nEXIT\n", 32, 1, POLICY_GRR);
	assert_int_equal(st.cycles, 4 * 100 + 1);
}

/* ---- sim/launch.c: residency and waves ------------------------------ */

/* sm-5.1: waves. 128-thread blocks at 128 registers: 4 resident blocks,
 * 16 warps. Each warp runs a 200-trip loop of an FFMA and an IADD3 plus
 * the back edge (counter, compare, branch: 5 issue slots a trip, 20 for
 * a scheduler's 4 warps), so every warp is bound by its own loop-counter
 * chain (loop_cycles 29 a trip) whatever the policy: eight blocks are two
 * full waves and take twice one wave (the launch into a freed slot costs
 * cta_launch_cycles = 0); a fifth block is a tail: a quarter of the work
 * for at least 1.2 times the time (a lone block is bound by the same chain
 * and takes a whole wave's time). The same holds for GTO and LRR. The
 * shared instruction fetch is off (fetch_turn, fetch_cycles): its seeded
 * waits differ from one wave to the next by more than the 0.1% below. */
static void sm_5_1_waves(void **state)
{
	(void)state;
	const char *t = ".regs 128\nLOOP 200\nFFMA R0, R0, R1, R2\nIADD3 R5, R5, 1, RZ\nENDLOOP\nEXIT\n";
	struct arch a = sm90;
	a.fetch_turn = 0;
	a.fetch_cycles = 0;
	a.cta_launch_cycles = 0; /* sm-5.2 */
	a.warp_launch_group = 0;
	a.regfile_window = 0; /* with it, LRR's FFMAs of different warps back to back (two reads of bank 0
			       * each) wait for each other's reads, more or less as the warps' phases fall:
			       * one wave 6000 cycles, two 11800 (sm-10.7) */
	for (int pol = POLICY_GTO; pol <= POLICY_LRR; pol++) {
		struct sim_stats one = run_arch(&a, t, 128, 4, pol), two = run_arch(&a, t, 128, 8, pol),
				 tail = run_arch(&a, t, 128, 5, pol);
		assert_int_equal(one.resident_blocks_per_sm, 4);
		assert_true(two.waves == 2.0);
		/* to 0.1%: the second wave's warps start their loop-counter chains
		 * (loop_cycles) a few cycles out of step with the first's */
		assert_true(llabs((long long)two.cycles - 2 * (long long)one.cycles) * 1000 <= 2 * (long long)one.cycles);
		assert_true(tail.cycles > 1.2 * one.cycles);
	}
}

/*
 * sm-5.2: a block's turnaround and its warps' start (launch.c). One-warp
 * blocks of one FFMA that fill the SM's shared memory (one resident): each
 * block after the first starts cta_launch_cycles after the one before
 * ends, so 3 blocks take exactly 2 x cta_launch_cycles more than with
 * none (18 -> 658 at 320). A block of 32 warps whose warps start 8 at a
 * time, 20 cycles apart: its last 8 start 60 cycles after the first, and
 * the block ends as a block of those 8 alone would, 60 cycles later.
 */
static void sm_5_2_turnaround(void **state)
{
	(void)state;
	const char *t = ".smem 200000\nFFMA R0, R0, R1, R2\nEXIT\n", *w = "FFMA R0, R0, R1, R2\nEXIT\n";
	struct arch a = sm90;
	a.warp_launch_group = 0;
	a.cta_launch_cycles = 0;
	uint64_t one = run_arch(&a, t, 32, 1, POLICY_GRR).cycles, three = run_arch(&a, t, 32, 3, POLICY_GRR).cycles;
	assert_int_equal(run_arch(&a, t, 32, 3, POLICY_GRR).resident_blocks_per_sm, 1);
	a.cta_launch_cycles = 320;
	assert_int_equal(run_arch(&a, t, 32, 1, POLICY_GRR).cycles, one);
	assert_int_equal(run_arch(&a, t, 32, 3, POLICY_GRR).cycles, three + 2 * 320);
	a.cta_launch_cycles = 0;
	uint64_t eight = run_arch(&a, w, 256, 1, POLICY_GRR).cycles;
	a.warp_launch_group = 8;
	a.warp_launch_cycles = 20;
	assert_int_equal(run_arch(&a, w, 256, 1, POLICY_GRR).cycles, eight);
	assert_int_equal(run_arch(&a, w, 1024, 1, POLICY_GRR).cycles, eight + 3 * 20);
}

/* ---- sim/stats.c: the metrics --------------------------------------- */

/* sm-9.1: determinism and policies: the same run twice gives the same
 * report byte for byte; each policy keeps stall fractions summing to 1. */
static void sm_9_1_determinism(void **state)
{
	(void)state;
	struct wl_params w;
	struct program p;
	struct err e;
	char *out[2];
	assert_int_equal(wl_parse("mix", "fma_per_load=4,iters=32", &w, &e), 0);
	w.ilp = 2;
	assert_int_equal(wl_build(&w, &sm90, &p, &e), 0);
	for (int pol = 0; pol < POLICY_COUNT; pol++) {
		for (int k = 0; k < 2; k++) {
			struct sim_stats st;
			struct sim_launch l = {.threads_per_block = 640, .blocks = 3, .smem_per_block = -1,
					       .carveout_pct = -1, .policy = (enum sched_policy)pol};
			assert_int_equal(sim_run_once(&sm90, &p, &l, &st, &e), 0);
			assert_true(fabs(stall_sum(&st) - 1.0) < 1e-9);
			cJSON *o = report_run_json(&sm90, "mix", w.set, &l, &st);
			out[k] = cJSON_PrintUnformatted(o);
			cJSON_Delete(o);
		}
		assert_string_equal(out[0], out[1]);
		free(out[0]);
		free(out[1]);
	}
	program_free(&p);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		/* sim/sched.c */
		cmocka_unit_test(sm_1_3_ilp_throughput_bound),
		cmocka_unit_test(sm_1_4_one_issue_per_cycle),
		cmocka_unit_test(sm_1_6_yield_hint),
		cmocka_unit_test(sm_2_1_fp32_knees), cmocka_unit_test(sm_2_2_fma_harness_span),
		/* sim/warp.c */
		cmocka_unit_test(sm_1_1_dependent_chain),
		cmocka_unit_test(sm_1_2_ilp_latency_bound),
		cmocka_unit_test(sm_3_4_wait_all),
		/* sim/pipe.c */
		cmocka_unit_test(sm_6_1_pipe_interval),
		cmocka_unit_test(sm_10_1_bank_conflicts),
		cmocka_unit_test(sm_10_2_sixteen_lane_banks),
		cmocka_unit_test(sm_10_3_cross_side),
		cmocka_unit_test(sm_10_4_wide_hold_shared_banks), cmocka_unit_test(sm_10_5_reuse_by_pipe),
		cmocka_unit_test(sm_10_7_window),
		cmocka_unit_test(sm_10_9_fma_free), cmocka_unit_test(sm_10_8_wide_lsu),
		cmocka_unit_test(sm_10_6_collectors),
		/* sim/mem.c */
		cmocka_unit_test(sm_3_1_dependent_loads),
		cmocka_unit_test(sm_3_2_bandwidth_bound),
		cmocka_unit_test(sm_3_3_warp_miss_path),
		cmocka_unit_test(sm_3_8_l2_no_miss_path),
		cmocka_unit_test(sm_3_9_l1_delivered_bytes),
		cmocka_unit_test(sm_3_10_constant_port),
		cmocka_unit_test(sm_3_11_partial_hits),
		cmocka_unit_test(sm_3_12_latency_spread),
		cmocka_unit_test(sm_3_13_stream_groups),
		cmocka_unit_test(sm_3_5_lsu_warp_interval),
		cmocka_unit_test(sm_3_6_inflight_limit),
		cmocka_unit_test(sm_3_7_loaded_delay),
		cmocka_unit_test(sm_3_14_shared_queue),
		cmocka_unit_test(sm_3_15_queue_curve),
		cmocka_unit_test(sm_3_16_store_path), cmocka_unit_test(sm_3_16b_store_queue),
		cmocka_unit_test(sm_3_17_s2ur_unit),
		cmocka_unit_test(sm_3_19_s2r_unit),
		cmocka_unit_test(sm_3_20_store_unit), cmocka_unit_test(sm_3_30_warp_draws_again),
		cmocka_unit_test(sm_3_31_store_turns),
		cmocka_unit_test(sm_3_24_writeback),
		cmocka_unit_test(sm_3_25_store_lines),
		cmocka_unit_test(sm_3_26_store_warp),
		cmocka_unit_test(sm_3_27_off_store_reads),
		cmocka_unit_test(sm_3_28_store_width), cmocka_unit_test(sm_3_29_off_alu_reads),
		cmocka_unit_test(sm_8_11_barrier_rows),
		cmocka_unit_test(sm_3_18_l2_lines),
		/* sim/ctl.c */
		cmocka_unit_test(sm_4_1_barrier),
		cmocka_unit_test(sm_4_2_deadlock),
		cmocka_unit_test(sm_4_3_block_age),
		cmocka_unit_test(sm_3_21_l1_wavefronts),
		cmocka_unit_test(sm_3_22_lds_banks), cmocka_unit_test(sm_3_32_wide_groups), cmocka_unit_test(sm_3_33_lds_pairs), cmocka_unit_test(sm_3_34_l1_lines), cmocka_unit_test(sm_3_35_load_read), cmocka_unit_test(sm_3_36_constant_lines), cmocka_unit_test(sm_3_37_constant_share),
		cmocka_unit_test(sm_3_23_tag_banks),
		cmocka_unit_test(sm_4_4_span),
		cmocka_unit_test(sm_7_1_divergence),
		cmocka_unit_test(sm_8_1_loops),
		cmocka_unit_test(sm_8_2_loop_counter_chain),
		cmocka_unit_test(sm_8_3_back_edge),
		cmocka_unit_test(sm_8_4_control_bits),
		cmocka_unit_test(sm_8_5_divergence),
		cmocka_unit_test(sm_8_6_barrier_release),
		cmocka_unit_test(sm_8_12_uniform_pipe), cmocka_unit_test(sm_8_13_if_warp_ge), cmocka_unit_test(sm_8_14_loop_warp_trips), cmocka_unit_test(sm_8_16_loop_grow), cmocka_unit_test(sm_8_15_warpsync_rejoin),
		cmocka_unit_test(sm_8_7_taken_branch),
		cmocka_unit_test(sm_8_8_fetch_line),
		cmocka_unit_test(sm_8_9_fetch_server),
		cmocka_unit_test(sm_8_10_fetch_turn),
		cmocka_unit_test(sm_8_10b_fetch_turn_barrier),
		/* sim/launch.c */
		cmocka_unit_test(sm_5_1_waves),
		cmocka_unit_test(sm_5_2_turnaround),
		/* sim/stats.c */
		cmocka_unit_test(sm_9_1_determinism),
	};
	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests_name("sm", tests, setup, NULL);
}
