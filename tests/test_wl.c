/*
 * test_wl.c: the workload generators' loops for any iters (the unrolled
 * body floor(iters / rounds) times, then the remaining rounds straight-line),
 * counted by hand, and the workloads' natural launches.
 *
 * Rounds per trip: fma 64 / ilp chain ops (ILP 3: 21), chases 8, mix 1
 * (or --set unroll). A trip of the body issues its chain ops plus the
 * counter IADD3 and its compare (LOP3) plus the back edge's BRA; the
 * remainder issues its chain ops alone; EXIT is one more.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "../sim/cfg.h"
#include "../workloads/wl.h"

static struct arch sm90;

static int setup(void **state)
{
	struct err e;
	(void)state;
	return cfg_load(&sm90, "arch/sm_90.json", &e);
}

/* Builds workload `name` with `set`; counts LOOPs, chain ops by opcode, and
 * the warp instructions one warp issues (a LOOP body's instructions once per
 * trip, ENDLOOP one BRA per trip for these loops, which carry their counter). */
struct shape {
	int loops;
	uint64_t trips;     /* of the one LOOP */
	int head, body, tail; /* instructions before the LOOP (all of them without one), in its body
			       * (without ENDLOOP), after it (without EXIT) */
	uint64_t issued;    /* warp instructions per warp */
	int tail_first;     /* index of the first instruction after the loop */
};

static struct shape build(const char *name, const char *set, struct program *p)
{
	struct wl_params w;
	struct err e;
	struct shape s = {0};
	int in_loop = 0;
	if (wl_parse(name, set, &w, &e) || wl_build(&w, &sm90, p, &e))
		fail_msg("%s %s: %s", name, set, e.msg);
	s.tail_first = -1;
	for (int i = 0; i < p->ninsn; i++) {
		const struct insn *in = &p->code[i];
		if (in->op == OP_LOOP) {
			s.loops++;
			s.trips = in->count;
			in_loop = 1;
		} else if (in->op == OP_ENDLOOP) {
			in_loop = 0;
		} else if (in->op == OP_EXIT) {
			break;
		} else if (in_loop) {
			s.body++;
		} else if (!s.loops) {
			s.head++;
		} else {
			if (s.tail_first < 0)
				s.tail_first = i;
			s.tail++;
		}
	}
	s.issued = (uint64_t)s.head + s.trips * (uint64_t)(s.body + (s.loops ? 1 : 0)) + (uint64_t)s.tail + 1;
	return s;
}

/* The fma workload's harness (ub_fma<ILP>'s code around its loop, round
 * 33) in the default sep layout (b = UR6, c = R1, compare R5): before the
 * loop ULDC.64 UR4 (the global window, c[0x0][0x208], round 50), BAR,
 * CS2R R5 (the FROM stamp), ULDC UR6, LDC R1; after it (and the
 * remainder) ILP FADDs summing the chains into R0, S2R R5, LDC.64 R2,
 * IMAD R5, IMAD.WIDE R2, STG [R2.64] R0, BAR, CS2R R5 (TO): 5 before, ILP
 * + 7 after. The parameters' constant line: one 64-byte line, 0x200. */
static void fma_harness(const struct program *p, int ilp)
{
	static const int head[] = {OP_ULDC, OP_BAR, OP_CS2R, OP_ULDC, OP_LDC};
	static const int tail[] = {OP_S2R, OP_LDC, OP_IMAD, OP_IMAD, OP_STG, OP_BAR, OP_CS2R};
	int n = p->ninsn - 1, t = n - 7; /* the EXIT; the first of tail[] */
	for (int i = 0; i < 5; i++)
		assert_int_equal(p->code[i].op, head[i]);
	assert_int_equal(p->code[0].dst, ISA_UR0 + 4);
	assert_int_equal(p->code[0].caddr, ISA_CADDR(0, 0x208));
	assert_int_equal(p->code[4].dst, 1);
	assert_int_equal(p->code[4].caddr, ISA_CADDR(0, 0x234));
	assert_int_equal(p->code[t + 1].caddr, ISA_CADDR(0, 0x210));
	for (int i = 0; i < ilp; i++) {
		assert_int_equal(p->code[t - ilp + i].op, OP_FADD);
		assert_int_equal(p->code[t - ilp + i].dst, 0);
		assert_int_equal(p->code[t - ilp + i].src[i == 0 ? 1 : 0], 2 * i); /* chain i */
	}
	for (int i = 0; i < 7; i++)
		assert_int_equal(p->code[t + i].op, tail[i]);
	assert_int_equal(p->code[t + 3].width, 8); /* IMAD.WIDE */
	assert_int_equal(p->code[t + 4].src[2], 0); /* stores the sum */
	assert_int_equal(p->code[n].op, OP_EXIT);
	assert_int_equal(p->has_span, 1);
	assert_int_equal(p->span_insn[0], 2);
	assert_int_equal(p->span_insn[1], n - 1);
}

/* wl-1.1: fma ILP 3, iters 400 = 19 trips of 21 rounds + 1 round:
 * 19 x (63 FFMA + IADD3 + LOP3 + BRA) + 3 FFMA + EXIT = 1254 + 3 + 1 = 1258,
 * and the harness's 5 + 3 + 7: 1273. */
static void fma_ilp3_400(void **state)
{
	struct program p;
	struct shape s = build("fma", "ilp=3,iters=400", &p);
	(void)state;
	assert_int_equal(s.loops, 1);
	assert_int_equal(s.trips, 19);
	assert_int_equal(s.head, 5);
	assert_int_equal(s.body, 63 + 2);
	assert_int_equal(s.tail, 3 + 3 + 7);
	assert_int_equal(s.issued, 1273);
	for (int i = s.tail_first; i < s.tail_first + 3; i++)
		assert_int_equal(p.code[i].op, OP_FFMA);
	fma_harness(&p, 3);
	program_free(&p);
}

/* wl-1.2: fma ILP 3, iters 399 (a multiple of 21, valid before): the loop
 * and the harness, 5 + 19 x 66 + 10 + 1 = 1270; iters 20 < 21: no loop,
 * 5 + 60 FFMA + 10 + EXIT = 76. */
static void fma_multiple_and_short(void **state)
{
	struct program p;
	struct shape s = build("fma", "ilp=3,iters=399", &p);
	(void)state;
	assert_int_equal(s.loops, 1);
	assert_int_equal(s.tail, 3 + 7);
	assert_int_equal(s.issued, 1270);
	fma_harness(&p, 3);
	program_free(&p);
	s = build("fma", "ilp=3,iters=20", &p);
	assert_int_equal(s.loops, 0);
	assert_int_equal(s.head, 5 + 60 + 10);
	assert_int_equal(s.issued, 76);
	fma_harness(&p, 3);
	program_free(&p);
}

/* wl-1.3: dram_chase iters 50 = 6 trips of 8 rounds + 2 rounds:
 * 6 x (8 LDG + IADD3 + LOP3 + BRA) + 2 LDG + EXIT = 66 + 2 + 1 = 69. */
static void dram_chase_50(void **state)
{
	struct program p;
	struct shape s = build("dram_chase", "iters=50", &p);
	(void)state;
	assert_int_equal(s.trips, 6);
	assert_int_equal(s.body, 8 + 2);
	assert_int_equal(s.tail, 2);
	assert_int_equal(s.issued, 69);
	program_free(&p);
}

/* wl-1.4: dram_chase ILP 4, iters 10: one trip, then rounds 0 and 1 again
 * with the body's waits: the first load waits for all, and round 1's chain
 * 2 waits for chain 3 (ub_dram_chase<4>'s coupling of round 1).
 * 1 x (32 LDG + IADD3 + LOP3 + BRA) + 8 LDG + EXIT = 35 + 8 + 1 = 44. */
static void dram_chase_ilp4_tail_waits(void **state)
{
	struct program p;
	struct shape s = build("dram_chase", "ilp=4,iters=10", &p);
	(void)state;
	assert_int_equal(s.trips, 1);
	assert_int_equal(s.tail, 8);
	assert_int_equal(s.issued, 44);
	/* the remainder's loads are the body's first 8, waits included */
	for (int k = 0; k < 8; k++) {
		const struct insn *t = &p.code[s.tail_first + k];
		const struct insn *b = NULL;
		int seen = 0;
		for (int i = 1; i < p.ninsn && !b; i++)
			if (p.code[i].op == OP_LDG && seen++ == k)
				b = &p.code[i];
		assert_non_null(b);
		assert_int_equal(t->op, OP_LDG);
		assert_int_equal(t->dst, b->dst);
		assert_int_equal(t->wait_all, b->wait_all);
		assert_int_equal(t->nxwait, b->nxwait);
	}
	assert_int_equal(p.code[s.tail_first].wait_all, 1);
	assert_int_equal(p.code[s.tail_first + 4 + 2].nxwait, 1);
	assert_int_equal(p.code[s.tail_first + 4 + 2].xwait[0], 3);
	program_free(&p);
}

/* wl-1.5: mix with unroll 3, iters 10: 3 trips + 1 round. A round is
 * LDG + 8 FFMA + IMAD = 10; 3 x (30 + 3) + 10 + 1 = 110. */
static void mix_unroll_remainder(void **state)
{
	struct program p;
	struct shape s = build("mix", "unroll=3,iters=10", &p);
	(void)state;
	assert_int_equal(s.trips, 3);
	assert_int_equal(s.tail, 10);
	assert_int_equal(s.issued, 110);
	program_free(&p);
}

/* wl-2.1: tile's natural launch on sm_90: 256 threads, this SM's share of
 * the 2048 x 4096 tensor: ceil(2048 * 4096 / 132 / (4 x 16) / 256) = 4
 * blocks; fma has none. */
static void natural_launch(void **state)
{
	struct wl_params w;
	struct err e;
	int t = 0, b = 0;
	(void)state;
	assert_int_equal(wl_parse("tile", "", &w, &e), SIM_OK);
	assert_int_equal(wl_natural_launch(&w, &sm90, &t, &b), 1);
	assert_int_equal(t, 256);
	assert_int_equal(b, 4);
	assert_int_equal(wl_parse("fma", "", &w, &e), SIM_OK);
	assert_int_equal(wl_natural_launch(&w, &sm90, &t, &b), 0);
}

/* wl-2.2: keys for --vary, and its error naming the flag. */
static void keys(void **state)
{
	struct wl_params w;
	struct err e;
	(void)state;
	assert_true(wl_has_key("mix", "fma_per_load"));
	assert_true(wl_has_key("fma", "iters"));
	assert_false(wl_has_key("fma", "footprint"));
	assert_false(wl_has_key("nope", "iters"));
	assert_int_equal(wl_parse("fma", "", &w, &e), SIM_OK);
	assert_int_equal(wl_set_flag(&w, "--vary", "iters", "0", &e), SIM_EINPUT);
	assert_string_equal(e.msg, "--vary iters: expected an integer in [1, 100000000], got \"0\"");
}

/* wl-2.3: the chases' bytes per warp load: 128 is 16 lanes x 8 B (lanes l
 * and l + 16 read one word), 256 (the default, left out of the canonical
 * string) 32 x 8 B; the Little's-law rate at L2 and DRAM follows the
 * distinct bytes, at L1 the 256 delivered bytes; other values refused. */
static void chase_bytes(void **state)
{
	struct wl_params w;
	struct program p;
	struct wl_little l128, l256;
	struct err e;
	(void)state;
	assert_int_equal(wl_parse("dram_chase", "footprint=4M", &w, &e), SIM_OK);
	assert_string_equal(w.set, "footprint=4194304");
	assert_int_equal(wl_build(&w, &sm90, &p, &e), SIM_OK);
	assert_int_equal(p.code[1].lanes, 0);
	program_free(&p);
	wl_littles(&w, &sm90, 0, &l256);
	assert_int_equal(wl_parse("dram_chase", "footprint=4M,bytes=128", &w, &e), SIM_OK);
	assert_string_equal(w.set, "footprint=4194304;bytes=128");
	assert_int_equal(wl_build(&w, &sm90, &p, &e), SIM_OK);
	assert_int_equal(p.code[1].op, OP_LDG);
	assert_int_equal(p.code[1].lanes, 16);
	assert_int_equal(p.code[1].width, 8);
	program_free(&p);
	wl_littles(&w, &sm90, 0, &l128);
	assert_string_equal(l128.limiter, "L2 bandwidth");
	assert_true(fabs(l128.rate - 2 * l256.rate) < 1e-9);
	assert_int_equal(wl_parse("l1_chase", "bytes=128", &w, &e), SIM_OK);
	wl_littles(&w, &sm90, 64 * 1024, &l128);
	assert_int_equal(wl_parse("l1_chase", "", &w, &e), SIM_OK);
	wl_littles(&w, &sm90, 64 * 1024, &l256);
	assert_true(fabs(l128.rate - l256.rate) < 1e-9);
	assert_int_equal(wl_parse("dram_chase", "bytes=64", &w, &e), SIM_EINPUT);
	assert_string_equal(e.msg, "--set bytes: expected 128 (16 lanes x 8 B) or 256 (32 lanes x 8 B), got \"64\"");
	assert_false(wl_has_key("smem_chase", "bytes"));
}

/* wl-2.4: diverge and barrier chain their FFMAs in the fma workload's sep
 * layout, the form nvcc gives acc = fmaf(acc, a, b) with kernel parameters:
 * chain k in R(2k), b in UR6 (uniform registers are not in the banks),
 * c in R1, counter R3 and compare R5. On sm_90 a register's bank is its
 * number mod 2 (regfile_banks 2), so FFMA R0, R0, UR6, R1 reads bank 0
 * once and bank 1 once, and at ILP 2 R2, R2, UR6, R1 the same: no FFMA
 * reads one bank twice. (Before, FFMA R0, R0, R3, R4 at ILP 1 read
 * R0 and R4 from bank 0.) Checked on every FFMA of both bodies at ILP 1,
 * 2 and 8: the register sources (not RZ, not uniform) fall in distinct
 * banks, b is UR6 and c is R1. */
static void diverge_barrier_sep(void **state)
{
	static const char *const cases[][2] = {
		{"diverge", "ilp=1"}, {"diverge", "ilp=2,p=0.25"}, {"diverge", "ilp=8,long=4,short=2"},
		{"barrier", "ilp=1"}, {"barrier", "ilp=2"}, {"barrier", "ilp=8,chunk=2"},
	};
	(void)state;
	assert_int_equal(sm90.regfile_banks, 2);
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		struct program p;
		int ffma = 0;
		(void)build(cases[c][0], cases[c][1], &p);
		for (int i = 0; i < p.ninsn; i++) {
			const struct insn *in = &p.code[i];
			if (in->op != OP_FFMA)
				continue;
			ffma++;
			assert_int_equal(in->dst % 2, 0);            /* chains: even registers */
			assert_int_equal(in->src[0], in->dst);       /* Rk = Rk * b + c */
			assert_int_equal(in->src[1], ISA_UR0 + 6);   /* b: UR6, no bank */
			assert_int_equal(in->src[2], 1);             /* c: R1, bank 1 */
			assert_true(in->dst < 64);
		}
		assert_true(ffma > 0);
		program_free(&p);
	}
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fma_ilp3_400),
		cmocka_unit_test(fma_multiple_and_short),
		cmocka_unit_test(dram_chase_50),
		cmocka_unit_test(dram_chase_ilp4_tail_waits),
		cmocka_unit_test(mix_unroll_remainder),
		cmocka_unit_test(natural_launch),
		cmocka_unit_test(keys),
		cmocka_unit_test(chase_bytes),
		cmocka_unit_test(diverge_barrier_sep),
	};
	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests_name("wl", tests, setup, NULL);
}
