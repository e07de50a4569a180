/*
 * test_import.c: SASS listings as programs (isa/import.h), on the listings
 * the H200 ran (tests/data/h200/tloop/sass.txt) and on small hand-written
 * ones. What each case expects was read off the listing by hand: the loops
 * are the backward branches, their trip counts the ones given, every line
 * keeps its control bits and guard.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../isa/import.h"
#include "../isa/parse.h"

/* Imports kernel `name` of listing text into a program (and its text). */
static int import_str(const char *listing, const char *name, const char *const *opts, struct program *p, char **text,
		      struct err *e)
{
	struct sass_listing l;
	struct import_opts o;
	const struct sass_kernel *k;
	size_t len = 0;
	int rc;

	memset(&o, 0, sizeof o);
	*text = NULL;
	program_init(p, "");
	for (int i = 0; opts && opts[i]; i += 2)
		if ((rc = import_opt(&o, opts[i], opts[i + 1], e)))
			return rc;
	if ((rc = sass_read(&l, listing, strlen(listing), "k.sass", e)))
		return rc;
	if (!(k = sass_find_kernel(&l, name, e))) {
		sass_free(&l);
		return SIM_EINPUT;
	}
	FILE *f = open_memstream(text, &len);
	rc = import_kernel(k, &o, "k.sass", f, NULL, e);
	fclose(f);
	sass_free(&l);
	if (rc)
		return rc;
	return parse_program(*text, len, "k.prog", p, e);
}

/* import_str that must succeed: else the test fails with the importer's message */
static void import_ok(const char *listing, const char *name, const char *const *opts, struct program *p, char **text)
{
	struct err e = {{0}};
	if (import_str(listing, name, opts, p, text, &e))
		fail_msg("%s", e.msg);
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;
	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

/* tl_f1 (tests/data/h200/tloop): the shared-memory fill loop 0x110..0x1b0 in an IF warp<16,
 * a guarded branch (a BSSY region), the timed loop 0x3f0..0x420: UIADD3 S01, FFMA S05,
 * ISETP S13, @P0 BRA S05. */
static void tloop_f1(void **state)
{
	(void)state;
	char *listing = slurp("tests/data/h200/tloop/sass.txt"), *text;
	static const char *const opts[] = {"--trips", "0x110=16", "--trips", "0x420=4096", NULL};
	struct program p;
	import_ok(listing, "tl_f1", opts, &p, &text);
	int loops = 0, ifs = 0, endloop = -1, head = -1;
	for (int i = 0; i < p.ninsn; i++) {
		const struct insn *in = &p.code[i];
		if (in->op == OP_LOOP) {
			loops++;
			assert_true(in->body_counter);
			if (in->count == 4096)
				head = i;
			else
				assert_int_equal(in->count, 16);
		}
		ifs += in->op == OP_IF;
		if (in->op == OP_ENDLOOP && head >= 0 && endloop < 0)
			endloop = i;
		if (in->op != OP_LOOP && in->op != OP_ELSE && in->op != OP_ENDIF && in->line)
			assert_true(in->has_ctl);
	}
	assert_int_equal(loops, 2);
	/* of the two guarded branches (BSSY regions) the fill loop's guard, ISETP.GT.U32 P1, tid, 0x1ff, is
	 * the bound idiom: the threads from 512 on skip it, IF warp<16 (round 29); the lane-0 test
	 * P0 = (tid & 31) != 0 at 0x1f0 (LOP3.LUT R0, R9, 0x1f, RZ, 0xc0, !PT and ISETP.NE.AND P0, PT,
	 * R0, RZ, PT: the lane's index kept in R0) is the lane-0 idiom since round 52: every lane but
	 * lane 0 takes it (until then: no lane) */
	assert_int_equal(ifs, 2);
	assert_non_null(strstr(text, "@P1 IF warp<16    # /*00c0*/ @P1 BRA 0x1c0  (taken by every thread from 512 on"));
	assert_non_null(strstr(text, "@P0 IF 0.03125    # /*01f0*/ @P0 BRA 0x2a0  (lanes taking it: 0.96875, every lane but lane 0)"));
	/* the timed loop: three instructions and the branch */
	assert_int_equal(endloop - head, 4);
	assert_int_equal(p.code[head + 1].op, OP_UIADD3);
	assert_int_equal(p.code[head + 1].stall, 1);
	assert_int_equal(p.code[head + 2].op, OP_FFMA);
	assert_true(p.code[head + 2].stall == 5 && p.code[head + 2].yield);
	assert_int_equal(p.code[head + 3].op, OP_ISETP);
	assert_int_equal(p.code[head + 3].stall, 13);
	assert_true(p.code[endloop].has_pred && !p.code[endloop].pred_neg && p.code[endloop].pred == ISA_P0);
	assert_int_equal(p.code[endloop].stall, 5);
	/* every instruction up to the EXIT at 0x480 is imported: 73, plus 2 LOOP and the two IFs' ENDIF */
	assert_int_equal(p.ninsn, 73 + 2 + 2);
	assert_non_null(strstr(text, "# /*0420*/ @P0 BRA 0x3f0"));
	program_free(&p);
	free(text);
	free(listing);
}

static const char small[] =
	"\t\tFunction : k\n"
	"        /*0000*/                   LDG.E.64 R2, desc[UR6][R2.64] ;\n"
	"        /*0010*/                   ISETP.NE.AND P0, PT, R2, RZ, PT ;\n"
	"        /*0020*/              @!P0 BRA 0x60 ;\n"
	"        /*0030*/                   FFMA R4, R4, R4, R4 ;\n"
	"        /*0040*/                   FFMA R4, R4, R4, R4 ;\n"
	"        /*0050*/                   BRA 0x70 ;\n"
	"        /*0060*/                   FADD R4, R4, 1 ;\n"
	"        /*0070*/                   HMMA.16816.F32 R8, R12, R14, R8 ;\n"
	"        /*0080*/              @P0 BRA 0x0 ;\n"
	"        /*0090*/                   EXIT ;\n"
	"        /*00a0*/                   BRA 0xa0 ;\n";

/* if/else, --taken, --mem bytes, --unknown=alu on a hand-written listing */
static void small_kernel(void **state)
{
	(void)state;
	static const char *const opts[] = {"--trips", "7", "--taken", "0x20=0.25", "--mem", "LDG=pattern=chase,footprint=1G,bytes=128",
					   NULL};
	struct program p;
	struct err e = {{0}};
	char *text;
	/* HMMA is not modelled: an error naming it and its PC */
	assert_int_equal(import_str(small, "k", opts, &p, &text, &e), SIM_EINPUT);
	assert_string_equal(e.msg, "k.sass:9: opcode HMMA at PC 0x0070 is not modelled by smsim (expected an opcode of isa/README.md; "
				   "--unknown=alu issues it as an ALU instruction)");
	program_free(&p);
	free(text);
	static const char *const opts2[] = {"--trips", "7", "--taken", "0x20=0.25", "--mem", "LDG=pattern=chase,footprint=1G,bytes=128",
					    "--unknown", "alu", NULL};
	struct import_opts o;
	memset(&o, 0, sizeof o);
	for (int i = 0; opts2[i] && strcmp(opts2[i], "--unknown"); i += 2)
		assert_int_equal(import_opt(&o, opts2[i], opts2[i + 1], &e), 0);
	o.unknown_alu = 1;
	struct sass_listing l;
	assert_int_equal(sass_read(&l, small, strlen(small), "k.sass", &e), 0);
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	assert_int_equal(import_kernel(&l.kernel[0], &o, "k.sass", f, NULL, &e), 0);
	fclose(f);
	sass_free(&l);
	assert_int_equal(parse_program(text, len, "k.prog", &p, &e), 0);
	/* LOOP 7, LDG (16 lanes x 8 B = 128 B: lanes=16), ISETP, IF 0.75, FFMA, FFMA, BRA, ELSE, FADD, ENDIF, ALU, ENDLOOP, EXIT */
	static const int want[] = {OP_LOOP, OP_LDG, OP_ISETP, OP_IF, OP_FFMA, OP_FFMA, OP_BRA, OP_ELSE, OP_FADD, OP_ENDIF,
				   OP_ALU, OP_ENDLOOP, OP_EXIT};
	assert_int_equal(p.ninsn, (int)(sizeof want / sizeof want[0]));
	for (int i = 0; i < p.ninsn; i++)
		assert_int_equal(p.code[i].op, want[i]);
	assert_int_equal(p.code[0].count, 7);
	assert_true(p.code[1].pattern == PAT_CHASE && p.code[1].count == 1ULL << 30 && p.code[1].lanes == 16 && p.code[1].width == 8);
	assert_true(p.code[3].frac == 0.75 && p.code[3].has_pred && p.code[3].pred_neg);
	assert_true(p.code[11].has_pred && p.code[11].pred == ISA_P0);
	program_free(&p);
	free(text);
}

/* A branch guarded by PT is unconditional: every lane jumps, so the code it
 * jumps over is an IF path no lane runs (IF 0), as for a bare BRA. */
static void pt_branch(void **state)
{
	(void)state;
	static const char listing[] = "Function : k\n/*0000*/ @PT BRA 0x20 ;\n/*0010*/ FFMA R4, R4, R4, R4 ;\n"
				      "/*0020*/ EXIT ;\n";
	struct program p;
	char *text;
	import_ok(listing, "k", NULL, &p, &text);
	assert_int_equal(p.code[0].op, OP_IF);
	assert_true(p.code[0].frac == 0.0 && p.code[0].has_pred && p.code[0].pred == ISA_PT);
	assert_non_null(strstr(text, "(lanes taking it: 1, unconditional)"));
	program_free(&p);
	free(text);
}

/*
 * Latency-draw groups (near_groups): loads of one base register, unchanged,
 * whose offsets lie within 1 KB of the group's (a run of neighbouring lines)
 * share a draw: [R2], [R2+0x80] a group; [R4] alone (no tag); [R2+0x500],
 * 0x480 past the group's highest offset, a group of its own with [R2+0x580];
 * a write to R2 closes its groups ([R2+0x80] after it is alone), and the
 * loop's head, a branch target, starts a new run of code: [R6] and
 * [R6+0x80] in the loop, a CS2R of SRZ (a zero pair, read) between them.
 */
static void near_groups(void **state)
{
	(void)state;
	static const char listing[] = "Function : k\n"
				      "/*0000*/ LDG.E R10, desc[UR4][R2.64] ;\n"
				      "/*0010*/ LDG.E R11, desc[UR4][R2.64+0x80] ;\n"
				      "/*0020*/ LDG.E R12, desc[UR4][R4.64] ;\n"
				      "/*0030*/ LDG.E R13, desc[UR4][R2.64+0x500] ;\n"
				      "/*0040*/ LDG.E R14, desc[UR4][R2.64+0x580] ;\n"
				      "/*0050*/ IADD3 R2, R2, 0x1000, RZ ;\n"
				      "/*0060*/ LDG.E R15, desc[UR4][R2.64+0x80] ;\n"
				      "/*0070*/ LDG.E R16, desc[UR4][R6.64] ;\n"
				      "/*0080*/ CS2R R8, SRZ ;\n"
				      "/*0090*/ LDG.E R17, desc[UR4][R6.64+0x80] ;\n"
				      "/*00a0*/ @P0 BRA 0x70 ;\n"
				      "/*00b0*/ EXIT ;\n";
	static const char *const opts[] = {"--trips", "2", NULL};
	struct program p;
	char *text;
	import_ok(listing, "k", opts, &p, &text);
	/* LDG x5, IADD3, LDG, LOOP, LDG, CS2R, LDG, ENDLOOP, EXIT */
	static const int group[] = {1, 0, 0, 2, 0, 0, 0, 0, 3, 0, 0, 0, 0}, near[] = {0, 1, 0, 0, 2, 0, 0, 0, 0, 0, 3, 0, 0};
	assert_int_equal(p.ninsn, 13);
	for (int i = 0; i < p.ninsn; i++) {
		assert_int_equal(p.code[i].group, group[i]);
		assert_int_equal(p.code[i].near, near[i]);
	}
	program_free(&p);
	free(text);
}

/*
 * The thread-0 idiom (tid0_preds): P0 = (tid != 0) from S2R SR_TID.X and
 * ISETP.NE against RZ. @!P0 STG (thread 0's store) becomes a one-lane
 * store; @P0 EXIT (every thread but thread 0 leaves) becomes IF warp<1
 * around the rest, its STG one lane too, ENDIF before the EXIT. P1 is the
 * same compare, read as a source by a SEL (it still holds), then written
 * by a LOP3 (a destination: from there it is the lane test, not the
 * idiom), so its second guarded STG is each warp's lane 0's (the lane-0
 * idiom with the lane's index kept in R8, round 52), not thread 0's. A
 * compare of a register no S2R of SR_TID.X wrote last (R5) is not the idiom
 * either.
 */
static void thread0_idiom(void **state)
{
	(void)state;
	static const char listing[] = "Function : k\n"
				      "/*0000*/ S2R R0, SR_TID.X ;\n"
				      "/*0010*/ ISETP.NE.AND P0, PT, R0, RZ, PT ;\n"
				      "/*0020*/ ISETP.NE.AND P1, PT, R0, RZ, PT ;\n"
				      "/*0030*/ ISETP.NE.AND P2, PT, R5, RZ, PT ;\n"
				      "/*0040*/ @!P0 STG.E desc[UR4][R2.64], R4 ;\n"
				      "/*0050*/ SEL R6, R4, R7, P1 ;\n"
				      "/*0060*/ @!P1 STG.E desc[UR4][R2.64+0x4], R4 ;\n"
				      "/*0070*/ LOP3.LUT P1, R8, R0, 0x1f, RZ, 0xc0, !PT ;\n"
				      "/*0080*/ @!P1 STG.E desc[UR4][R2.64+0x8], R4 ;\n"
				      "/*0090*/ @!P2 STG.E desc[UR4][R2.64+0xc], R4 ;\n"
				      "/*00a0*/ BAR.SYNC.DEFER_BLOCKING 0x0 ;\n"
				      "/*00b0*/ @P0 EXIT ;\n"
				      "/*00c0*/ STG.E desc[UR4][R2.64+0x10], R4 ;\n"
				      "/*00d0*/ EXIT ;\n";
	struct program p;
	char *text;
	import_ok(listing, "k", NULL, &p, &text);
	/* S2R, ISETP x3, STG, SEL, STG, LOP3, STG x2, BAR, IF, STG, ENDIF, EXIT */
	assert_int_equal(p.ninsn, 15);
	assert_int_equal(p.code[4].op, OP_STG);
	/* guarded by tid == 0: thread 0 of the block (threads=1), every other
	 * warp's instance off in all its lanes (round 25) */
	assert_int_equal(p.code[4].threads, 1);
	assert_int_equal(p.code[4].lanes, 0);
	assert_int_equal(p.code[6].threads, 1);
	assert_int_equal(p.code[8].lanes, 1);
	assert_int_equal(p.code[8].threads, 0);
	assert_int_equal(p.code[9].lanes, 0);
	assert_int_equal(p.code[11].op, OP_IF);
	assert_int_equal(p.code[11].pattern, IF_WARP_LT);
	assert_int_equal(p.code[11].count, 1);
	assert_int_equal(p.code[12].op, OP_STG);
	assert_int_equal(p.code[12].lanes, 1);
	assert_int_equal(p.code[13].op, OP_ENDIF);
	assert_int_equal(p.code[14].op, OP_EXIT);
	assert_non_null(strstr(text, "the thread-0 idiom"));
	program_free(&p);
	free(text);
}

/*
 * A thread-0 constant load (round 51, mech_cchain): ptxas's `@!P0 LDC.64` of
 * the start record under a tid == 0 guard is warp 0's one lane alone
 * (threads=1), its copies in the other warps off, which mem_cline counts as
 * loading the miss path the SMs share; an LDC under any other guard keeps
 * every lane.
 */
static void tid0_constant_load(void **state)
{
	(void)state;
	static const char listing[] = "Function : k\n"
				      "/*0000*/ S2R R0, SR_TID.X ;\n"
				      "/*0010*/ ISETP.NE.AND P0, PT, R0, RZ, PT ;\n"
				      "/*0020*/ @!P0 LDC.64 R2, c[0x0][0x228] ;\n"
				      "/*0030*/ ISETP.NE.AND P1, PT, R5, RZ, PT ;\n"
				      "/*0040*/ @!P1 LDC R4, c[0x0][0x220] ;\n"
				      "/*0050*/ LDC R6, c[0x0][0x218] ;\n"
				      "/*0060*/ EXIT ;\n";
	struct program p;
	char *text;
	import_ok(listing, "k", NULL, &p, &text);
	assert_int_equal(p.ninsn, 7);
	assert_int_equal(p.code[2].op, OP_LDC);
	assert_int_equal(p.code[2].threads, 1);
	assert_int_equal(p.code[2].caddr, ISA_CADDR(0, 0x228));
	assert_int_equal(p.code[4].op, OP_LDC);
	assert_int_equal(p.code[4].threads, 0);
	assert_int_equal(p.code[5].threads, 0);
	program_free(&p);
	free(text);
}

/*
 * The thread-0 idiom through copies (round 22, mech_iwword): ptxas may keep
 * tid in a second register, IMAD.MOV.U32 R27, RZ, RZ, R0, and compare that;
 * a MOV of the copy is a copy too. A copy made after R0 was overwritten, or
 * a copy under a predicate, is not tid: its compare is no idiom.
 */
static void thread0_idiom_copy(void **state)
{
	(void)state;
	static const char listing[] = "Function : k\n"
				      "/*0000*/ S2R R0, SR_TID.X ;\n"
				      "/*0010*/ IMAD.MOV.U32 R27, RZ, RZ, R0 ;\n"
				      "/*0020*/ MOV R9, R27 ;\n"
				      "/*0030*/ @P4 MOV R11, R0 ;\n"
				      "/*0040*/ IADD3 R0, R0, 0x1, RZ ;\n"
				      "/*0050*/ MOV R10, R0 ;\n"
				      "/*0060*/ ISETP.NE.AND P0, PT, R27, RZ, PT ;\n"
				      "/*0070*/ ISETP.NE.AND P1, PT, R9, RZ, PT ;\n"
				      "/*0080*/ ISETP.NE.AND P2, PT, R10, RZ, PT ;\n"
				      "/*0090*/ ISETP.NE.AND P3, PT, R11, RZ, PT ;\n"
				      "/*00a0*/ @!P0 STG.E desc[UR4][R2.64], R4 ;\n"
				      "/*00b0*/ @!P1 STG.E desc[UR4][R2.64+0x4], R4 ;\n"
				      "/*00c0*/ @!P2 STG.E desc[UR4][R2.64+0x8], R4 ;\n"
				      "/*00d0*/ @!P3 STG.E desc[UR4][R2.64+0xc], R4 ;\n"
				      "/*00e0*/ @P0 EXIT ;\n"
				      "/*00f0*/ STG.E desc[UR4][R2.64+0x10], R4 ;\n"
				      "/*0100*/ EXIT ;\n";
	struct program p;
	char *text;
	import_ok(listing, "k", NULL, &p, &text);
	/* S2R, IMAD, MOV, MOV, IADD3, MOV, ISETP x4, STG x4, IF, STG, ENDIF, EXIT */
	assert_int_equal(p.ninsn, 18);
	assert_int_equal(p.code[10].op, OP_STG);
	assert_int_equal(p.code[10].threads, 1); /* R27: IMAD.MOV.U32 of tid */
	assert_int_equal(p.code[11].threads, 1); /* R9: MOV of that copy */
	assert_int_equal(p.code[12].threads, 0); /* R10: a copy of tid + 1 */
	assert_int_equal(p.code[12].lanes, 0);
	assert_int_equal(p.code[13].threads, 0); /* R11: a predicated copy */
	assert_int_equal(p.code[13].lanes, 0);
	assert_int_equal(p.code[14].op, OP_IF);
	assert_int_equal(p.code[14].pattern, IF_WARP_LT);
	assert_int_equal(p.code[15].lanes, 1);
	assert_int_equal(p.code[17].op, OP_EXIT);
	program_free(&p);
	free(text);
}

/*
 * The bound idiom (round 23, course.cu's stencil halo and histogram bins):
 * `if (threadIdx.x < N)` compiles to ISETP.GT/GE/LT/LE(.U32).AND Pk, PT,
 * Rtid, imm, PT; a memory instruction its guard confines to the block's
 * first N threads gets threads=N: GT 3 with @!P0 is tid <= 3 (N 4), GE 8 with
 * @!P1 tid < 8, LT 40 with @P2 tid < 40, LE.U32 255 with @P3 tid < 256. A
 * guard selecting the others (@P0: tid > 3) stays as it was, and so does a
 * guard on a register that is not tid (R5). Inside a loop a bound holds
 * below the loop's own compare (the halo loads after it) and not above it
 * (the back edge brings the last trip's P4, which the loop writes after).
 */
static void tid_bound_idiom(void **state)
{
	(void)state;
	static const char listing[] = "Function : k\n"
				      "/*0000*/ S2R R0, SR_TID.X ;\n"
				      "/*0010*/ ISETP.GT.AND P0, PT, R0, 0x3, PT ;\n"
				      "/*0020*/ ISETP.GE.AND P1, PT, R0, 0x8, PT ;\n"
				      "/*0030*/ ISETP.LT.AND P2, PT, R0, 0x28, PT ;\n"
				      "/*0040*/ ISETP.LE.U32.AND P3, PT, R0, 0xff, PT ;\n"
				      "/*0050*/ ISETP.GT.AND P5, PT, R5, 0x3, PT ;\n"
				      "/*0060*/ @!P0 LDG.E R4, desc[UR4][R2.64] ;\n"
				      "/*0070*/ @!P1 LDS R6, [R8] ;\n"
				      "/*0080*/ @P2 STS [R8], R6 ;\n"
				      "/*0090*/ @P3 STG.E desc[UR4][R2.64], R4 ;\n"
				      "/*00a0*/ @P0 STG.E desc[UR4][R2.64+0x4], R4 ;\n"
				      "/*00b0*/ @!P5 STG.E desc[UR4][R2.64+0x8], R4 ;\n"
				      "/*00c0*/ @!P4 LDG.E R4, desc[UR4][R2.64] ;\n"
				      "/*00d0*/ ISETP.GT.AND P4, PT, R0, 0x1, PT ;\n"
				      "/*00e0*/ @!P4 LDG.E R7, desc[UR4][R2.64] ;\n"
				      "/*00f0*/ ISETP.NE.AND P4, PT, R9, RZ, PT ;\n"
				      "/*0100*/ @P4 BRA 0xc0 ;\n"
				      "/*0110*/ EXIT ;\n";
	struct program p;
	char *text;
	static const char *const opts[] = {"--trips", "4", NULL};
	import_ok(listing, "k", opts, &p, &text);
	int at[6] = {0}, n = 0;
	for (int i = 0; i < p.ninsn && n < 6; i++)
		if (isa_ops[p.code[i].op].space != SPACE_NONE)
			at[n++] = i;
	assert_int_equal(n, 6);
	assert_int_equal(p.code[at[0]].threads, 4);
	assert_int_equal(p.code[at[1]].threads, 8);
	assert_int_equal(p.code[at[2]].threads, 40);
	assert_int_equal(p.code[at[3]].threads, 256);
	assert_int_equal(p.code[at[4]].threads, 0); /* tid > 3: the others */
	assert_int_equal(p.code[at[5]].threads, 0); /* R5 is not tid */
	int ld[2] = {0}, m = 0;
	for (int i = at[5] + 1; i < p.ninsn && m < 2; i++)
		if (p.code[i].op == OP_LDG)
			ld[m++] = i;
	assert_int_equal(m, 2);
	assert_int_equal(p.code[ld[0]].threads, 0); /* above the loop's compare of P4 */
	assert_int_equal(p.code[ld[1]].threads, 2); /* below it: tid <= 1 */
	program_free(&p);
	free(text);
}

/*
 * The warp idiom (round 29, scan_t's and reduce_t's `if (warp == 0)`):
 * warp = SHF.R.U32.HI Rw, RZ, 0x5, Rtid; ISETP.NE.AND Pk, PT, Rw, RZ is warp
 * != 0, so @Pk BRA over a region is taken by every thread from 32 on: IF
 * warp<1, its memory instructions every lane's (not thread 0's). A compare
 * with an immediate counts in warps (GT.U32 1: warps 0 and 1 run the region,
 * IF warp<2), and the bound idiom's `if (threadIdx.x < 96)` skip (GT 0x5f)
 * is IF warp<3. A shift of another register (R5), a shift by 4, and a bound
 * that is not whole warps (GT 0x28: tid < 41) stay branches no lane takes.
 */
static void warp_idiom(void **state)
{
	(void)state;
	static const char listing[] = "Function : k\n"
				      "/*0000*/ S2R R0, SR_TID.X ;\n"
				      "/*0010*/ SHF.R.U32.HI R3, RZ, 0x5, R0 ;\n"
				      "/*0020*/ SHF.R.U32.HI R4, RZ, 0x5, R5 ;\n"
				      "/*0030*/ SHF.R.U32.HI R6, RZ, 0x4, R0 ;\n"
				      "/*0040*/ ISETP.NE.AND P0, PT, R3, RZ, PT ;\n"
				      "/*0050*/ @P0 BRA 0x70 ;\n"
				      "/*0060*/ STS [R8], R9 ;\n"
				      "/*0070*/ ISETP.GT.U32.AND P1, PT, R3, 0x1, PT ;\n"
				      "/*0080*/ @P1 BRA 0xa0 ;\n"
				      "/*0090*/ STS [R8+0x4], R9 ;\n"
				      "/*00a0*/ ISETP.GT.AND P2, PT, R0, 0x5f, PT ;\n"
				      "/*00b0*/ @P2 BRA 0xd0 ;\n"
				      "/*00c0*/ STS [R8+0x8], R9 ;\n"
				      "/*00d0*/ ISETP.NE.AND P3, PT, R4, RZ, PT ;\n"
				      "/*00e0*/ @P3 BRA 0x100 ;\n"
				      "/*00f0*/ STS [R8+0xc], R9 ;\n"
				      "/*0100*/ ISETP.NE.AND P4, PT, R6, RZ, PT ;\n"
				      "/*0110*/ @P4 BRA 0x130 ;\n"
				      "/*0120*/ STS [R8+0x10], R9 ;\n"
				      "/*0130*/ ISETP.GT.AND P5, PT, R0, 0x28, PT ;\n"
				      "/*0140*/ @P5 BRA 0x160 ;\n"
				      "/*0150*/ STS [R8+0x14], R9 ;\n"
				      "/*0160*/ EXIT ;\n";
	struct program p;
	char *text;
	import_ok(listing, "k", NULL, &p, &text);
	int ifs[3] = {0}, nif = 0, nbra = 0;
	for (int i = 0; i < p.ninsn; i++) {
		if (p.code[i].op == OP_IF && nif < 3)
			ifs[nif++] = i;
		if (p.code[i].op == OP_BRA)
			nbra++;
		if (p.code[i].op == OP_STS) {
			assert_int_equal(p.code[i].lanes, 0);   /* every lane's, not thread 0's */
			assert_int_equal(p.code[i].threads, 0); /* the region's warps: whole */
		}
	}
	assert_int_equal(nif, 3);
	int want[3] = {1, 2, 3};
	for (int k = 0; k < 3; k++) {
		assert_int_equal(p.code[ifs[k]].pattern, IF_WARP_LT);
		assert_int_equal(p.code[ifs[k]].count, want[k]);
		assert_int_equal(p.code[ifs[k] + 1].op, OP_STS);
		assert_int_equal(p.code[ifs[k] + 2].op, OP_ENDIF);
	}
	assert_int_equal(nbra, 3); /* R5's shift, the shift by 4, tid < 41: taken by no lane */
	assert_non_null(strstr(text, "taken by every thread from 96 on"));
	program_free(&p);
	free(text);
}

/*
 * --taken PC=wN (round 30): a forward branch every warp from N on takes, by
 * data the idioms do not read (bar_skew's n = threadIdx.x < 32 ? skewn : 0,
 * a SEL, then ISETP n >= 1): IF warp<N over the region, which holds a loop
 * here; it overrides the warp idiom (a branch the idiom reads as taken from
 * warp 2 on, told w1, is IF warp<1), and a fraction still gives IF F.
 */
static void taken_warps(void **state)
{
	(void)state;
	static const char listing[] = "Function : k\n"
				      "/*0000*/ S2R R0, SR_TID.X ;\n"
				      "/*0010*/ SEL R2, R6, RZ, !P1 ;\n"
				      "/*0020*/ ISETP.GE.AND P2, PT, R2, 0x1, PT ;\n"
				      "/*0030*/ @!P2 BRA 0x70 ;\n"
				      "/*0040*/ FFMA R8, R8, R4, R5 ;\n"
				      "/*0050*/ ISETP.GE.AND P3, PT, R3, R2, PT ;\n"
				      "/*0060*/ @!P3 BRA 0x40 ;\n"
				      "/*0070*/ SHF.R.U32.HI R3, RZ, 0x5, R0 ;\n"
				      "/*0080*/ ISETP.GT.U32.AND P4, PT, R3, 0x1, PT ;\n"
				      "/*0090*/ @P4 BRA 0xb0 ;\n"
				      "/*00a0*/ STS [R8], R9 ;\n"
				      "/*00b0*/ EXIT ;\n";
	static const struct {
		const char *rule0, *rule1;
		int n0, n1; /* IF warp<N (IF warp>=N with ge0) of each branch, 0: IF F */
		double f0;  /* IF F's F of the first */
		int ge0;    /* the first is taken by the warps below n0 (w0:N): IF warp>=n0 */
	} c[] = {
		{"0x30=w1", NULL, 1, 2, 0, 0},    /* the first by the rule, the second by the idiom */
		{"0x30=w3", "0x90=w1", 3, 1, 0, 0}, /* the rule over the idiom */
		{"0x30=0.25", NULL, 0, 2, 0.75, 0}, /* a fraction: lanes */
		{"0x30=w0:2", NULL, 2, 2, 0, 1},  /* taken by warps 0 and 1: the others run the loop */
	};
	for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
		const char *opts[] = {"--trips", "4", "--taken", c[k].rule0, c[k].rule1 ? "--taken" : NULL, c[k].rule1, NULL};
		struct program p;
		struct err e = {{0}};
		char *text;
		if (import_str(listing, "k", opts, &p, &text, &e))
			fail_msg("case %zu: %s", k, e.msg);
		int ifs[2] = {-1, -1}, nif = 0;
		for (int i = 0; i < p.ninsn; i++)
			if (p.code[i].op == OP_IF && nif < 2)
				ifs[nif++] = i;
		assert_int_equal(nif, 2);
		if (c[k].n0) {
			assert_int_equal(p.code[ifs[0]].pattern, c[k].ge0 ? IF_WARP_GE : IF_WARP_LT);
			assert_int_equal(p.code[ifs[0]].count, c[k].n0);
		} else {
			assert_int_not_equal(p.code[ifs[0]].pattern, IF_WARP_LT);
		}
		assert_int_equal(p.code[ifs[0] + 1].op, OP_LOOP); /* the region holds the loop */
		assert_int_equal(p.code[ifs[1]].pattern, IF_WARP_LT);
		assert_int_equal(p.code[ifs[1]].count, c[k].n1);
		if (c[k].n0 == 1)
			assert_non_null(strstr(text, "IF warp<1    # /*0030*/ @!P2 BRA 0x70  (taken by every thread from 32 on: the "
						     "warps below 1 run the first path, the others skip it; --taken)"));
		if (!c[k].n0)
			assert_non_null(strstr(text, "IF 0.75    # /*0030*/"));
		if (c[k].ge0)
			assert_non_null(strstr(text, "IF warp>=2    # /*0030*/ @!P2 BRA 0x70  (taken by every thread below 64: the "
						     "warps from 2 on run the first path, the others skip it; --taken)"));
		program_free(&p);
		free(text);
	}
	/* --trips PC=N,w0:M=K (round 31): the loop at 0x40 runs 8 trips in warps 0 and 1, 3 in the others */
	const char *opts[] = {"--trips", "0x40=3,w0:2=8", "--taken", "0x30=w1", NULL};
	struct program p;
	struct err e = {{0}};
	char *text;
	if (import_str(listing, "k", opts, &p, &text, &e))
		fail_msg("trips by warp: %s", e.msg);
	int lp = -1;
	for (int i = 0; i < p.ninsn && lp < 0; i++)
		if (p.code[i].op == OP_LOOP)
			lp = i;
	assert_true(lp >= 0);
	assert_int_equal(p.code[lp].count, 3);
	assert_int_equal(p.code[lp].count_warps, 2);
	assert_int_equal(p.code[lp].count_low, 8);
	assert_non_null(strstr(text, "LOOP 3 warp<2=8 edge=branch    # loop 0x0040..0x0060: 3 instructions a trip, --trips at its "
				     "PC (the warps below 2: 8 trips)"));
	program_free(&p);
	free(text);
}

/*
 * The counted-loop idiom (round 47): a loop without a --trips rule whose
 * count the listing fixes takes it (cuobjdump's own forms: the counter from
 * MOV, IMAD.MOV.U32, CS2R SRZ, HFMA2.MMA's half or a copy of such a register,
 * stepped by IADD3 or VIADD, compared with ISETP against a constant). Counts
 * by hand: from 0 by 1 while != 256, compared after the step: 256 trips;
 * compared before it: 257 (the compare sees 0..256); from 96 (HFMA2.MMA's
 * half 5.72e-06 is the bits 0x60) by 1 while not >= 512 (@!P0, .U32): 416;
 * from 16 (a copy of MOV 0x10) by 4 while < 76, compared before the step:
 * 16 (16 ... 72 pass, 76 at trip 16 stops); from 256 by -1 while > 0 (RZ
 * or 0x0): 256; CS2R from 0 by 2 while
 * != 100: 50; the geometric ones below. Not the idiom (an error that says why): the bound a register
 * nothing sets before the loop,
 * the counter written twice a trip, a counter that never meets its bound,
 * one set before the loop around it (it goes on from the last entry's
 * value). --trips N and a rule at the PC go before it.
 */
static void counted_loops(void **state)
{
	(void)state;
	static const struct {
		const char *init, *body; /* before the head; the body up to the back edge */
		const char *bra;         /* the back edge's guard */
		uint64_t trips;          /* 0: not the idiom */
		const char *why;         /* the comment, or the error's reason */
	} c[] = {
		{"MOV R4, RZ", "IADD3 R4, R4, 0x1, RZ\nISETP.NE.AND P0, PT, R4, 0x100, PT", "@P0", 256,
		 "the counted-loop idiom: R4 from 0 by 1 while NE 256"},
		{"MOV R4, RZ", "ISETP.NE.AND P0, PT, R4, 0x100, PT\nIADD3 R4, R4, 0x1, RZ", "@P0", 257, "while NE 256"},
		{"HFMA2.MMA R4, -RZ, RZ, 0, 5.7220458984375e-06", "VIADD R4, R4, 0x1\nISETP.GE.U32.AND P0, PT, R4, 0x200, PT",
		 "@!P0", 416, "R4 from 96 by 1 while not GE 512"},
		{"MOV R5, 0x10 ;\n/*0010*/ IMAD.MOV.U32 R4, RZ, RZ, R5", "ISETP.LT.AND P0, PT, R4, 0x4c, PT\nIADD3 R4, R4, 0x4, RZ",
		 "@P0", 16, "R4 from 16 by 4 while LT 76"},
		{"IMAD.MOV.U32 R4, RZ, RZ, 0x100", "IADD3 R4, R4, -0x1, RZ\nISETP.GT.AND P0, PT, R4, RZ, PT", "@P0", 256,
		 "R4 from 256 by -1 while GT 0"},
		{"IMAD.MOV.U32 R4, RZ, RZ, 0x100", "IADD3 R4, R4, -0x1, RZ\nISETP.GT.AND P0, PT, R4, 0x0, PT", "@P0", 256,
		 "R4 from 256 by -1 while GT 0"},
		{"CS2R R4, SRZ", "IADD3 R5, R5, 0x2, RZ\nISETP.NE.AND P0, PT, R5, 0x64, PT", "@P0", 50, "R5 from 0 by 2 while NE 100"},
		{"MOV R4, RZ", "IADD3 R4, R4, 0x1, RZ\nISETP.NE.AND P0, PT, R4, R6, PT", "@P0", 0,
		 "R6, its bound, does not start from a constant before the loop"},
		/* round 48: a register bound set from a constant, on either side of the compare (R6 > R4 is R4 <
		 * 256); one the loop writes is not one */
		{"MOV R4, RZ ;\n/*0010*/ MOV R6, 0x100", "IADD3 R4, R4, 0x1, RZ\nISETP.NE.AND P0, PT, R4, R6, PT", "@P0", 256,
		 "R4 from 0 by 1 while NE 256"},
		{"MOV R4, RZ ;\n/*0010*/ MOV R6, 0x100", "IADD3 R4, R4, 0x1, RZ\nISETP.GT.AND P0, PT, R6, R4, PT", "@P0", 256,
		 "R4 from 0 by 1 while LT 256"},
		{"MOV R4, RZ ;\n/*0010*/ MOV R6, 0x100", "IADD3 R4, R4, 0x1, RZ\nIADD3 R6, R6, 0x1, RZ\nISETP.NE.AND P0, PT, R4, R6, PT",
		 "@P0", 0, "R6, its bound, is written inside the loop"},
		/* round 48: stepped through a copy (bitonic's j /= 2: R5 = R4 >> 1 ... R4 = R5, the compare of R4
		 * before the copy sees 1024, 512, ... 4 go on, 2 stops: 10); 0xffffffff is a step of -1 (256 down
		 * to 0: 256); a step inside a loop inside it runs more than once a trip */
		{"MOV R4, 0x400", "SHF.R.S32.HI R5, RZ, 0x1, R4\nISETP.GT.AND P0, PT, R4, 0x3, PT\nIMAD.MOV.U32 R4, RZ, RZ, R5", "@P0", 10,
		 "R4 from 1024 shifted right by 1 while GT 3"},
		{"IMAD.MOV.U32 R4, RZ, RZ, 0x100", "VIADD R4, R4, 0xffffffff\nISETP.NE.AND P0, PT, R4, RZ, PT", "@P0", 256,
		 "R4 from 256 by -1 while NE 0"},
		{"MOV R4, RZ", "IADD3 R4, R4, 0x1, RZ\n@P1 BRA 0x30\nISETP.NE.AND P0, PT, R4, 0x100, PT", "@P0", 0,
		 "R4, the counter it compares, is stepped or compared in a loop inside it"},
		/* round 48: a uniform register's counter (UMOV, UIADD3), the ISETP's second source */
		{"UMOV UR4, URZ ;\n/*0010*/ MOV R6, 0x100", "UIADD3 UR4, UR4, 0x1, URZ\nISETP.NE.AND P0, PT, R6, UR4, PT", "@P0", 256,
		 "UR4 from 0 by 1 while NE 256"},
		/* the idiom refuses a counter written twice a trip; the run of the arithmetic (round 49) counts it: 256 / 2 */
		{"MOV R4, RZ", "IADD3 R4, R4, 0x1, RZ\nIADD3 R4, R4, 0x1, RZ\nISETP.NE.AND P0, PT, R4, 0x100, PT", "@P0", 128,
		 "the listing's constants: 128 trips"},
		{"MOV R4, RZ", "IADD3 R4, R4, 0x2, RZ\nISETP.NE.AND P0, PT, R4, 0x101, PT", "@P0", 0,
		 "R4 from 0 by 2 against 257 does not stop within 1000000000 trips without wrapping"},
		{"S2R R4, SR_TID.X", "IADD3 R4, R4, 0x1, RZ\nISETP.NE.AND P0, PT, R4, 0x100, PT", "@P0", 0,
		 "R4, the counter it compares, does not start from a constant before the loop"},
		/* geometric counters, compared after the step: bitonic's k *= 2 from 2 while not >= 2049 (4 .. 2048
		 * pass, 4096 stops: 11), >> 1 from 1024 while != 0 (512 .. 1 pass, 0 stops: 11), << 2 from 1 while
		 * < 4096 (4, 16, 64, 256, 1024 pass, 4096 stops: 6), and >> 1 while >= 0, which settles at 0 with
		 * the loop still going (not the idiom) */
		{"IMAD.MOV.U32 R6, RZ, RZ, 0x2", "IMAD.SHL.U32 R6, R6, 0x2, RZ\nISETP.GE.AND P0, PT, R6, 0x801, PT", "@!P0", 11,
		 "R6 from 2 times 2 while not GE 2049"},
		{"MOV R6, 0x400", "SHF.R.U32.HI R6, RZ, 0x1, R6\nISETP.NE.AND P0, PT, R6, RZ, PT", "@P0", 11,
		 "R6 from 1024 shifted right by 1 while NE 0"},
		{"MOV R6, 0x1", "SHF.L.U32 R6, R6, 0x2, RZ\nISETP.LT.AND P0, PT, R6, 0x1000, PT", "@P0", 6,
		 "R6 from 1 shifted left by 2 while LT 4096"},
		{"MOV R6, 0x400", "SHF.R.U32.HI R6, RZ, 0x1, R6\nISETP.GE.AND P0, PT, R6, RZ, PT", "@P0", 0,
		 "R6 from 1024, a geometric counter, against 0 does not stop within 40 trips without wrapping"},
	};
	for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
		char listing[700], body[400];
		int lines = 1 + (int)(strchr(c[k].init, '\n') != NULL), pc = 3, used = 0;
		/* the head at 0x20 (a NOP pads a one-line start), the body's lines from 0x30, then the branch */
		for (const char *q = c[k].body; *q; pc++) {
			const char *nl = strchr(q, '\n');
			int len = nl ? (int)(nl - q) : (int)strlen(q);
			used += snprintf(body + used, sizeof body - (size_t)used, "/*%04x*/ %.*s ;\n", pc * 16, len, q);
			q += len + (nl != NULL);
		}
		snprintf(listing, sizeof listing, "Function : k\n/*0000*/ %s ;\n%s/*0020*/ FFMA R8, R8, R9, R10 ;\n%s/*%04x*/ %s BRA 0x20 ;\n"
			 "/*%04x*/ EXIT ;\n", c[k].init, lines == 1 ? "/*0010*/ NOP ;\n" : "", body, pc * 16, c[k].bra, pc * 16 + 16);
		struct program p;
		struct err e = {{0}};
		char *text = NULL;
		int rc = import_str(listing, "k", NULL, &p, &text, &e);
		if (c[k].trips) {
			if (rc)
				fail_msg("case %zu: %s\n%s", k, e.msg, listing);
			int lp = -1;
			for (int i = 0; i < p.ninsn && lp < 0; i++)
				if (p.code[i].op == OP_LOOP)
					lp = i;
			if (lp < 0 || p.code[lp].count != c[k].trips || !strstr(text, c[k].why))
				fail_msg("case %zu: %llu trips, expected %llu (%s)\n%s", k, lp < 0 ? 0ULL : (unsigned long long)p.code[lp].count,
					 (unsigned long long)c[k].trips, c[k].why, text);
			program_free(&p);
		} else if (!rc || !strstr(e.msg, c[k].why) || !strstr(e.msg, "not the counted-loop idiom")) {
			fail_msg("case %zu: expected the error \"%s\", got rc %d \"%s\"", k, c[k].why, rc, e.msg);
		}
		free(text);
		/* --trips N and a rule at the PC go before it */
		if (k == 0) {
			const char *all[] = {"--trips", "7", NULL}, *pc[] = {"--trips", "0x50=9", NULL};
			const char *const *o2[] = {all, pc};
			for (int j = 0; j < 2; j++) {
				if (import_str(listing, "k", o2[j], &p, &text, &e))
					fail_msg("case 0, options %d: %s", j, e.msg);
				for (int i = 0; i < p.ninsn; i++)
					if (p.code[i].op == OP_LOOP)
						assert_int_equal(p.code[i].count, j ? 9 : 7);
				program_free(&p);
				free(text);
			}
		}
	}
	/* a counter set before the loop around it goes on from the last entry's value */
	static const char outer[] = "Function : k\n"
				    "/*0000*/ MOV R4, RZ ;\n"
				    "/*0010*/ FFMA R8, R8, R9, R10 ;\n"
				    "/*0020*/ IADD3 R4, R4, 0x1, RZ ;\n"
				    "/*0030*/ ISETP.NE.AND P0, PT, R4, 0x100, PT ;\n"
				    "/*0040*/ @P0 BRA 0x10 ;\n"
				    "/*0050*/ @P1 BRA 0x10 ;\n"
				    "/*0060*/ EXIT ;\n";
	const char *t1[] = {"--trips", "0x50=3", NULL};
	struct program p;
	struct err e = {{0}};
	char *text = NULL;
	assert_int_not_equal(import_str(outer, "k", t1, &p, &text, &e), 0);
	if (!strstr(e.msg, "starts outside the loop around it"))
		fail_msg("outer: %s", e.msg);
	free(text);
}

/*
 * --trips PC=N,grow=G (round 47): a triangular loop, N + G t trips at the
 * enclosing loop's trip t (LOOP N grow=G): the inner loop at 0x20..0x30 in
 * the outer one at 0x10..0x50 runs 1, 3, 5, 7 trips in the outer's 4. The
 * same rule on the outer loop, which no loop encloses, is an error naming
 * the line of the program the importer wrote and its loop.
 */
static void trips_grow(void **state)
{
	(void)state;
	static const char listing[] = "Function : k\n"
				      "/*0000*/ MOV R1, RZ ;\n"
				      "/*0010*/ MOV R2, RZ ;\n"
				      "/*0020*/ FFMA R8, R8, R4, R5 ;\n"
				      "/*0030*/ @P0 BRA 0x20 ;\n"
				      "/*0040*/ IADD3 R1, R1, 0x1, RZ ;\n"
				      "/*0050*/ @P1 BRA 0x10 ;\n"
				      "/*0060*/ EXIT ;\n";
	const char *opts[] = {"--trips", "0x50=4", "--trips", "0x30=1,grow=2", NULL};
	struct program p;
	struct err e = {{0}};
	char *text;
	if (import_str(listing, "k", opts, &p, &text, &e))
		fail_msg("trips grow: %s", e.msg);
	int lp[2] = {-1, -1}, n = 0;
	for (int i = 0; i < p.ninsn; i++)
		if (p.code[i].op == OP_LOOP && n < 2)
			lp[n++] = i;
	assert_int_equal(n, 2);
	assert_int_equal(p.code[lp[0]].count, 4);
	assert_int_equal(p.code[lp[0]].grow, 0);
	assert_int_equal(p.code[lp[1]].count, 1);
	assert_int_equal(p.code[lp[1]].grow, 2);
	assert_non_null(strstr(text, "LOOP 1 grow=2 edge=branch    # loop 0x0020..0x0030: 2 instructions a trip, --trips at its PC "
				     "(1 +2 at each trip of the enclosing loop)"));
	program_free(&p);
	free(text);
	const char *bad[] = {"--trips", "0x50=4,grow=1", "--trips", "0x30=2", NULL};
	assert_int_not_equal(import_str(listing, "k", bad, &p, &text, &e), 0);
	if (!strstr(e.msg, "LOOP 4 grow=1 is in no loop (expected it inside the loop at whose trips its count grows)"))
		fail_msg("outer grow: %s", e.msg);
	program_free(&p); /* the refused read back */
	free(text);
}

/*
 * Triangular loops read from the listing (round 48): an inner loop whose
 * counter starts from, or is bound by, the counter of the loop around it
 * runs N + G t trips at that loop's trip t (LOOP N grow=G), the counts read
 * at each trip. By hand: `for (i = 0; i < 16; i++) for (j = i; j < 16;
 * j++)` (tri_b as nvcc compiles it: j = i, ++j, while not >= 16) runs 16 -
 * i: 16 grow=-1; `for (k = 2; k <= 1024; k *= 2) for (j = k / 2; ...; j /=
 * 2)` (tri_c: R6 = R4 >> 1 before the inner head) log2 k = 1 + t of k's 10
 * trips: 1 grow=1; bitonic's form (the inner counter a copy of the outer one,
 * stepped through a temporary, R7 = R6; R8 = R7 >> 1 ... R7 = R8 while R7 >
 * 3): 1 grow=1; `for (j = 0; j < i + 1; j++)` in 8 trips of i, the bound R5 =
 * R2 + 1: 1 grow=1. An outer loop with a runtime bound (R9 from a constant
 * bank) and its count from --trips 0x10=4: 16, 15, 14, 13, 16 grow=-1; its
 * count 70000 is more than are read one by one. Not N + G t: `for (k = 1; k
 * < 16; k *= 2) for (j = 0; j < k; j++)` runs 1, 2, 4, 8. A uniform
 * register's counter (tri_a: UR4 from -1 while not R4 <= UR4): 1 grow=1.
 */
static void triangular_loops(void **state)
{
	(void)state;
	static const struct {
		const char *listing, *opt; /* opt: a --trips rule or NULL */
		uint64_t outer, inner;     /* the LOOP lines' counts; inner 0: an error */
		int grow;
		const char *why;           /* in the inner LOOP's comment, or the error */
	} c[] = {
		{"/*0000*/ IMAD.MOV.U32 R2, RZ, RZ, RZ ;\n/*0010*/ IMAD.MOV.U32 R3, RZ, RZ, R2 ;\n/*0020*/ IADD3 R3, R3, 0x1, RZ ;\n"
		 "/*0030*/ FFMA R0, R0, R6, R7 ;\n/*0040*/ ISETP.GE.U32.AND P0, PT, R3, 0x10, PT ;\n/*0050*/ @!P0 BRA 0x20 ;\n"
		 "/*0060*/ VIADD R2, R2, 0x1 ;\n/*0070*/ ISETP.GE.U32.AND P0, PT, R2, 0x10, PT ;\n/*0080*/ @!P0 BRA 0x10 ;\n",
		 NULL, 16, 16, -1, "R3 from R2 by 1 while not GE 16, R2 the enclosing loop's counter: 16 - 1 t trips at its trip t"},
		{"/*0000*/ IMAD.MOV.U32 R4, RZ, RZ, 0x2 ;\n/*0010*/ SHF.R.U32.HI R6, RZ, 0x1, R4 ;\n/*0020*/ SHF.R.U32.HI R6, RZ, 0x1, R6 ;\n"
		 "/*0030*/ FFMA R0, R0, R2, R3 ;\n/*0040*/ ISETP.NE.AND P0, PT, R6, RZ, PT ;\n/*0050*/ @P0 BRA 0x20 ;\n"
		 "/*0060*/ IMAD.SHL.U32 R4, R4, 0x2, RZ ;\n/*0070*/ ISETP.GE.U32.AND P0, PT, R4, 0x401, PT ;\n/*0080*/ @!P0 BRA 0x10 ;\n",
		 NULL, 10, 1, 1, "R6 from R4 >> 1 shifted right by 1 while NE 0, R4 the enclosing loop's counter: 1 + 1 t trips"},
		{"/*0000*/ IMAD.MOV.U32 R6, RZ, RZ, 0x2 ;\n/*0010*/ IMAD.MOV.U32 R7, RZ, RZ, R6 ;\n/*0020*/ SHF.R.S32.HI R8, RZ, 0x1, R7 ;\n"
		 "/*0030*/ FFMA R0, R0, R2, R3 ;\n/*0040*/ ISETP.GT.AND P0, PT, R7, 0x3, PT ;\n/*0050*/ IMAD.MOV.U32 R7, RZ, RZ, R8 ;\n"
		 "/*0060*/ @P0 BRA 0x20 ;\n/*0070*/ IMAD.SHL.U32 R6, R6, 0x2, RZ ;\n/*0080*/ ISETP.GE.AND P0, PT, R6, 0x801, PT ;\n"
		 "/*0090*/ @!P0 BRA 0x10 ;\n",
		 NULL, 11, 1, 1, "R7 from R6 shifted right by 1 while GT 3, R6 the enclosing loop's counter: 1 + 1 t trips"},
		{"/*0000*/ MOV R2, RZ ;\n/*0010*/ IADD3 R5, R2, 0x1, RZ ;\n/*0020*/ MOV R3, RZ ;\n/*0030*/ IADD3 R3, R3, 0x1, RZ ;\n"
		 "/*0040*/ FFMA R0, R0, R6, R7 ;\n/*0050*/ ISETP.GE.AND P0, PT, R3, R5, PT ;\n/*0060*/ @!P0 BRA 0x30 ;\n"
		 "/*0070*/ IADD3 R2, R2, 0x1, RZ ;\n/*0080*/ ISETP.NE.AND P0, PT, R2, 0x8, PT ;\n/*0090*/ @P0 BRA 0x10 ;\n",
		 NULL, 8, 1, 1, "R3 from 0 by 1 while not GE R2 + 1, R2 the enclosing loop's counter: 1 + 1 t trips"},
		{"/*0000*/ LDC R9, c[0x0][0x210] ;\n/*0010*/ MOV R2, RZ ;\n/*0020*/ MOV R3, R2 ;\n/*0030*/ IADD3 R3, R3, 0x1, RZ ;\n"
		 "/*0040*/ FFMA R0, R0, R6, R7 ;\n/*0050*/ ISETP.GE.AND P0, PT, R3, 0x10, PT ;\n/*0060*/ @!P0 BRA 0x30 ;\n"
		 "/*0070*/ IADD3 R2, R2, 0x1, RZ ;\n/*0080*/ ISETP.GE.AND P0, PT, R2, R9, PT ;\n/*0090*/ @!P0 BRA 0x20 ;\n",
		 "0x20=4", 4, 16, -1, "R3 from R2 by 1 while not GE 16, R2 the enclosing loop's counter: 16 - 1 t trips"},
		{"/*0000*/ LDC R9, c[0x0][0x210] ;\n/*0010*/ MOV R2, RZ ;\n/*0020*/ MOV R3, R2 ;\n/*0030*/ IADD3 R3, R3, 0x1, RZ ;\n"
		 "/*0040*/ FFMA R0, R0, R6, R7 ;\n/*0050*/ ISETP.GE.AND P0, PT, R3, 0x10, PT ;\n/*0060*/ @!P0 BRA 0x30 ;\n"
		 "/*0070*/ IADD3 R2, R2, 0x1, RZ ;\n/*0080*/ ISETP.GE.AND P0, PT, R2, R9, PT ;\n/*0090*/ @!P0 BRA 0x20 ;\n",
		 "0x20=70000", 70000, 0, 0, "that loop runs 70000 trips (at most 65536 are read one by one)"},
		{"/*0000*/ MOV R2, 0x1 ;\n/*0010*/ MOV R3, RZ ;\n/*0020*/ IADD3 R3, R3, 0x1, RZ ;\n/*0030*/ FFMA R0, R0, R6, R7 ;\n"
		 "/*0040*/ ISETP.GE.AND P0, PT, R3, R2, PT ;\n/*0050*/ @!P0 BRA 0x20 ;\n/*0060*/ IMAD.SHL.U32 R2, R2, 0x2, RZ ;\n"
		 "/*0070*/ ISETP.GE.AND P0, PT, R2, 0x10, PT ;\n/*0080*/ @!P0 BRA 0x10 ;\n",
		 NULL, 4, 0, 0, "R3, the counter it compares, runs 1, 2, ... 4 trips at trips 0, 1, ... 2 of the loop around it: not N + G t"},
		/* tri_a as nvcc compiles `for (j = 0; j < i + 1; j++)`: the inner counter UR4 from -1, stepped first,
		 * while not (R4 <= UR4), R4 = i: i + 1 trips */
		{"/*0000*/ IMAD.MOV.U32 R4, RZ, RZ, RZ ;\n/*0010*/ UMOV UR4, 0xffffffff ;\n/*0020*/ UIADD3 UR4, UR4, 0x1, URZ ;\n"
		 "/*0030*/ FFMA R0, R0, R2, R3 ;\n/*0040*/ ISETP.LE.U32.AND P0, PT, R4, UR4, PT ;\n/*0050*/ @!P0 BRA 0x20 ;\n"
		 "/*0060*/ IADD3 R4, R4, 0x1, RZ ;\n/*0070*/ ISETP.GE.U32.AND P0, PT, R4, 0x10, PT ;\n/*0080*/ @!P0 BRA 0x10 ;\n",
		 NULL, 16, 1, 1, "UR4 from 4294967295 by 1 while not GE R4, R4 the enclosing loop's counter: 1 + 1 t trips"},
	};
	for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
		char listing[1200];
		int lines = 0;
		for (const char *q = c[k].listing; *q; q++)
			lines += *q == '\n';
		snprintf(listing, sizeof listing, "Function : k\n%s/*%04x*/ EXIT ;\n", c[k].listing, lines * 16);
		const char *opts[] = {"--trips", c[k].opt, NULL};
		struct program p;
		struct err e = {{0}};
		char *text = NULL;
		int rc = import_str(listing, "k", c[k].opt ? opts : NULL, &p, &text, &e);
		if (!c[k].inner) {
			if (!rc || !strstr(e.msg, c[k].why) || !strstr(e.msg, "not the counted-loop idiom"))
				fail_msg("case %zu: expected the error \"%s\", got rc %d \"%s\"", k, c[k].why, rc, e.msg);
			free(text);
			continue;
		}
		if (rc)
			fail_msg("case %zu: %s\n%s", k, e.msg, listing);
		int lp[2] = {-1, -1}, nl = 0;
		for (int i = 0; i < p.ninsn; i++)
			if (p.code[i].op == OP_LOOP && nl < 2)
				lp[nl++] = i;
		if (nl != 2 || p.code[lp[0]].count != c[k].outer || p.code[lp[0]].grow != 0 || p.code[lp[1]].count != c[k].inner ||
		    p.code[lp[1]].grow != c[k].grow || !strstr(text, c[k].why))
			fail_msg("case %zu: expected LOOP %llu and LOOP %llu grow=%d (%s)\n%s", k, (unsigned long long)c[k].outer,
				 (unsigned long long)c[k].inner, c[k].grow, c[k].why, text);
		program_free(&p);
		free(text);
	}
}

/*
 * The control flow the kernel's arguments decide (round 49, uniflow.c).
 * rt_a is nvcc 13.0's -O3 sm_90 code (workloads/cuda/sass_local.sh) for
 *   __global__ void rt_a(float *out, const float *in, int n, float x, float y)
 *   { float acc = threadIdx.x; for (int i = 0; i < n; i++) acc = fmaf(acc, x, y); out[threadIdx.x] = acc; }
 * n, the third parameter, at c[0x0][0x220] (two 8-byte pointers from
 * 0x210). R3 = n - (n & 3): a loop of 16 FFMAs 0x140..0x260 while R3 > 12
 * (entered if R3 > 12), an 8-FFMA block 0x290..0x340 if R3 > 4 after it, a
 * 4-FFMA loop 0x390..0x3f0 while R3 != 0 (entered if R3 != 0 or the 16-loop
 * did not run: PLOP3's P0), the remainder loop 0x440..0x470 of n & 3 trips.
 * By hand, the three loops' trips (1 where a loop is not reached):
 * n = 1000: 992 / 16 = 62 (R3 = 8 after: the 8-block), 4-loop not reached
 * (R3 = 0, P0 false), n & 3 = 0; n = 7: R3 = 4, 16-loop not entered, the
 * 4-loop 1 trip, remainder 3; n = 3: n - 1 < 3, straight to the remainder:
 * 3; n = 16: one 16-trip, then nothing; n = 17: one 16-trip, remainder 1;
 * n = 10^9: 62500000 16-trips, nothing after (7 + 4 + 3 + 3 + 3 + 19 x
 * 62500000 + 2 + 2 + 2 + 4 = 1187500030 instructions).
 */
static const char rt_a_listing[] = "Function : _Z4rt_aPfPKfiff\n"
	"/*0000*/ LDC R1, c[0x0][0x28] ;\n"
	"/*0010*/ LDC R3, c[0x0][0x220] ;\n"
	"/*0020*/ S2R R0, SR_TID.X ;\n"
	"/*0030*/ ULDC.64 UR4, c[0x0][0x208] ;\n"
	"/*0040*/ ISETP.GE.AND P0, PT, R3, 0x1, PT ;\n"
	"/*0050*/ I2FP.F32.U32 R5, R0 ;\n"
	"/*0060*/ @!P0 BRA 0x480 ;\n"
	"/*0070*/ IADD3 R2, R3, -0x1, RZ ;\n"
	"/*0080*/ ISETP.GE.U32.AND P0, PT, R2, 0x3, PT ;\n"
	"/*0090*/ LOP3.LUT R2, R3, 0x3, RZ, 0xc0, !PT ;\n"
	"/*00a0*/ @!P0 BRA 0x400 ;\n"
	"/*00b0*/ IADD3 R3, -R2, R3, RZ ;\n"
	"/*00c0*/ ISETP.GT.AND P0, PT, R3, RZ, PT ;\n"
	"/*00d0*/ @!P0 BRA 0x370 ;\n"
	"/*00e0*/ ISETP.GT.AND P1, PT, R3, 0xc, PT ;\n"
	"/*00f0*/ PLOP3.LUT P0, PT, PT, PT, PT, 0x80, 0x0 ;\n"
	"/*0100*/ @!P1 BRA 0x270 ;\n"
	"/*0110*/ LDC R4, c[0x0][0x228] ;\n"
	"/*0120*/ PLOP3.LUT P0, PT, PT, PT, PT, 0x8, 0x0 ;\n"
	"/*0130*/ ULDC UR6, c[0x0][0x224] ;\n"
	"/*0140*/ FFMA R5, R5, UR6, R4 ;\n"
	"/*0150*/ IADD3 R3, R3, -0x10, RZ ;\n"
	"/*0160*/ FFMA R5, R5, UR6, R4 ;\n"
	"/*0170*/ ISETP.GT.AND P1, PT, R3, 0xc, PT ;\n"
	"/*0180*/ FFMA R5, R5, UR6, R4 ;\n"
	"/*0190*/ FFMA R5, R5, UR6, R4 ;\n"
	"/*01a0*/ FFMA R5, R5, UR6, R4 ;\n"
	"/*01b0*/ FFMA R5, R5, UR6, R4 ;\n"
	"/*01c0*/ FFMA R5, R5, UR6, R4 ;\n"
	"/*01d0*/ FFMA R5, R5, UR6, R4 ;\n"
	"/*01e0*/ FFMA R5, R5, UR6, R4 ;\n"
	"/*01f0*/ FFMA R5, R5, UR6, R4 ;\n"
	"/*0200*/ FFMA R5, R5, UR6, R4 ;\n"
	"/*0210*/ FFMA R5, R5, UR6, R4 ;\n"
	"/*0220*/ FFMA R5, R5, UR6, R4 ;\n"
	"/*0230*/ FFMA R5, R5, UR6, R4 ;\n"
	"/*0240*/ FFMA R5, R5, UR6, R4 ;\n"
	"/*0250*/ FFMA R5, R5, UR6, R4 ;\n"
	"/*0260*/ @P1 BRA 0x140 ;\n"
	"/*0270*/ ISETP.GT.AND P1, PT, R3, 0x4, PT ;\n"
	"/*0280*/ @!P1 BRA 0x350 ;\n"
	"/*0290*/ LDC R4, c[0x0][0x228] ;\n"
	"/*02a0*/ ULDC UR6, c[0x0][0x224] ;\n"
	"/*02b0*/ PLOP3.LUT P0, PT, PT, PT, PT, 0x8, 0x0 ;\n"
	"/*02c0*/ IADD3 R3, R3, -0x8, RZ ;\n"
	"/*02d0*/ FFMA R5, R5, UR6, R4 ;\n"
	"/*02e0*/ FFMA R5, R5, UR6, R4 ;\n"
	"/*02f0*/ FFMA R5, R5, UR6, R4 ;\n"
	"/*0300*/ FFMA R5, R5, UR6, R4 ;\n"
	"/*0310*/ FFMA R5, R5, UR6, R4 ;\n"
	"/*0320*/ FFMA R5, R5, UR6, R4 ;\n"
	"/*0330*/ FFMA R5, R5, UR6, R4 ;\n"
	"/*0340*/ FFMA R5, R5, UR6, R4 ;\n"
	"/*0350*/ ISETP.NE.OR P0, PT, R3, RZ, P0 ;\n"
	"/*0360*/ @!P0 BRA 0x400 ;\n"
	"/*0370*/ LDC R4, c[0x0][0x228] ;\n"
	"/*0380*/ ULDC UR6, c[0x0][0x224] ;\n"
	"/*0390*/ IADD3 R3, R3, -0x4, RZ ;\n"
	"/*03a0*/ FFMA R5, R5, UR6, R4 ;\n"
	"/*03b0*/ ISETP.NE.AND P0, PT, R3, RZ, PT ;\n"
	"/*03c0*/ FFMA R5, R5, UR6, R4 ;\n"
	"/*03d0*/ FFMA R5, R5, UR6, R4 ;\n"
	"/*03e0*/ FFMA R5, R5, UR6, R4 ;\n"
	"/*03f0*/ @P0 BRA 0x390 ;\n"
	"/*0400*/ ISETP.NE.AND P0, PT, R2, RZ, PT ;\n"
	"/*0410*/ @!P0 BRA 0x480 ;\n"
	"/*0420*/ LDC R4, c[0x0][0x228] ;\n"
	"/*0430*/ ULDC UR6, c[0x0][0x224] ;\n"
	"/*0440*/ IADD3 R2, R2, -0x1, RZ ;\n"
	"/*0450*/ FFMA R5, R5, UR6, R4 ;\n"
	"/*0460*/ ISETP.NE.AND P0, PT, R2, RZ, PT ;\n"
	"/*0470*/ @P0 BRA 0x440 ;\n"
	"/*0480*/ LDC.64 R2, c[0x0][0x210] ;\n"
	"/*0490*/ IMAD.WIDE.U32 R2, R0, 0x4, R2 ;\n"
	"/*04a0*/ STG.E [R2.64], R5 ;\n"
	"/*04b0*/ EXIT ;\n"
;

static void kernel_arguments(void **state)
{
	(void)state;
	static const struct {
		const char *n;
		uint64_t t16, t4, rem; /* the three loops' counts */
		const char *has;       /* in the program's text */
	} c[] = {
		{"1000", 62, 1, 1, "the kernel's arguments: 62 trips"},
		{"7", 1, 1, 3, "loop 0x0440..0x0470: 4 instructions a trip, the kernel's arguments: 3 trips"},
		{"3", 1, 1, 3, "loop 0x0140..0x0260: 19 instructions a trip, the kernel's arguments: not reached"},
		{"16", 1, 1, 1, "loop 0x0140..0x0260: 19 instructions a trip, the kernel's arguments: 1 trips"},
		{"17", 1, 1, 1, "@!P0 BRA 0x480  (taken by no lane: the kernel's arguments)"},
		/* 10^9 = 16 x 62500000: the 16-loop read at once (uniflow.c's fast path), R3 left at 0 */
		{"1000000000", 62500000, 1, 1, "# their control flow: 1187500030 instructions run to the EXIT"},
	};
	for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
		char arg[32];
		snprintf(arg, sizeof arg, "3=%s", c[k].n);
		const char *opts[] = {"--arg", arg, NULL};
		struct program p;
		struct err e = {{0}};
		char *text = NULL;
		if (import_str(rt_a_listing, "rt_a", opts, &p, &text, &e))
			fail_msg("n = %s: %s", c[k].n, e.msg);
		uint64_t got[3] = {0};
		int nl = 0;
		for (int i = 0; i < p.ninsn; i++)
			if (p.code[i].op == OP_LOOP && nl < 3)
				got[nl++] = p.code[i].count;
		if (nl != 3 || got[0] != c[k].t16 || got[1] != c[k].t4 || got[2] != c[k].rem || !strstr(text, c[k].has) ||
		    !strstr(text, "# the kernel's arguments: 3 (int) = ") || !strstr(text, "at c[0x0][0x220]"))
			fail_msg("n = %s: expected loops of %llu, %llu, %llu trips and \"%s\"\n%s", c[k].n, (unsigned long long)c[k].t16,
				 (unsigned long long)c[k].t4, (unsigned long long)c[k].rem, c[k].has, text);
		program_free(&p);
		free(text);
	}
	/* the same code under --const: the word itself */
	{
		const char *opts[] = {"--const", "0x220=1000", NULL};
		struct program p;
		struct err e = {{0}};
		char *text = NULL;
		if (import_str(rt_a_listing, "rt_a", opts, &p, &text, &e) || !strstr(text, "LOOP 62 "))
			fail_msg("--const 0x220=1000: %s\n%s", e.msg, text ? text : "");
		program_free(&p);
		free(text);
	}
	/* without them the branches keep the default (no lane takes them) and the loops need counts */
	{
		struct program p;
		struct err e = {{0}};
		char *text = NULL;
		if (!import_str(rt_a_listing, "rt_a", NULL, &p, &text, &e) || !strstr(e.msg, "loop 0x0140..0x0260 has no trip count"))
			fail_msg("no arguments: expected the loop 0x140 to need a count, got \"%s\"", e.msg);
		free(text);
	}
}

/*
 * The parameters' places from the kernel's name (Itanium mangling, or the
 * signature a demangled listing shows), each aligned to its size from
 * c[0x0][0x210]: a loop bounded by the word at OFF runs 5 trips only when
 * --arg N=5 lands there. By hand: (char, double, int) and (char, long,
 * int): 0x210, 0x218,
 * 0x220; (float4, int): 0x210, 0x220; (const float*, const float*, int)
 * as PKfS0_i (S_ = const float, S0_ = const float*): 0x220;
 * gemm_t<8, 32>(float*, const float*, const float*, float*, BlockRec*) as
 * PfPKfS2_S0_P8BlockRec (S_ the template's name, S0_ float*, S1_ const
 * float, S2_ const float*): the fifth at 0x230; a template's T_
 * (f<float>(float*, float, long)): the long at 0x220.
 */
static void kernel_params(void **state)
{
	(void)state;
	static const struct {
		const char *name, *arg;
		int off;
		const char *err; /* NULL: LOOP 5 */
	} c[] = {
		{"_Z1kcdi", "3=5", 0x220, NULL},
		{"k(char, double, int)", "3=5", 0x220, NULL},
		{"_Z1k6float4i", "2=5", 0x220, NULL},
		{"_Z1kPKfS0_i", "3=5", 0x220, NULL},
		{"_Z6gemm_tILi8ELi32EEvPfPKfS2_S0_P8BlockRec", "5=5", 0x230, NULL},
		{"_Z1fIfEvPT_S0_l", "3=5", 0x220, NULL},
		{"_Z1kcli", "2=5", 0x218, NULL}, /* a long: 5 in its low word */
		{"_Z1kcdi", "4=5", 0x220, "has 3 parameters"},
		{"_Z1k3Fooi", "2=5", 0x220, "is a struct of a size its name does not give"},
		{"_Z1kcdi", "3=5000000000", 0x220, "expected a value that fits 4 bytes"},
		{"_Z1kcdi", "1=5", 0x210, "is a char of 1 bytes"},
	};
	for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
		char listing[600];
		snprintf(listing, sizeof listing,
			 "Function : %s\n/*0000*/ LDC R4, c[0x0][0x%x] ;\n/*0010*/ MOV R2, RZ ;\n/*0020*/ IADD3 R2, R2, 0x1, RZ ;\n"
			 "/*0030*/ FFMA R0, R0, R6, R7 ;\n/*0040*/ ISETP.GE.AND P0, PT, R2, R4, PT ;\n/*0050*/ @!P0 BRA 0x20 ;\n/*0060*/ EXIT ;\n",
			 c[k].name, c[k].off);
		const char *opts[] = {"--arg", c[k].arg, NULL};
		struct program p;
		struct err e = {{0}};
		char *text = NULL;
		int rc = import_str(listing, c[k].name, opts, &p, &text, &e);
		if (c[k].err) {
			if (!rc || !strstr(e.msg, c[k].err))
				fail_msg("%s --arg %s: expected the error \"%s\", got rc %d \"%s\"", c[k].name, c[k].arg, c[k].err, rc, e.msg);
		} else if (rc || !strstr(text, "LOOP 5 ")) {
			fail_msg("%s --arg %s: expected LOOP 5 (the word at 0x%x), got \"%s\"\n%s", c[k].name, c[k].arg, c[k].off, e.msg,
				 text ? text : "");
		} else {
			program_free(&p);
		}
		free(text);
	}
	/* the options' own checks */
	static const char *const bad[][3] = {
		{"--arg", "0=5", "1 to 64"}, {"--arg", "x=5", "the parameter's place"}, {"--arg", "3=abc", "expected a number"},
		{"--const", "0x221=5", "a multiple of 4"}, {"--const", "0x220", "expected 0xOFF=VALUE"},
	};
	for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
		struct import_opts o;
		struct err e = {{0}};
		memset(&o, 0, sizeof o);
		if (import_opt(&o, bad[k][0], bad[k][1], &e) == SIM_OK || !strstr(e.msg, bad[k][2]))
			fail_msg("%s %s: expected the error \"%s\", got \"%s\"", bad[k][0], bad[k][1], bad[k][2], e.msg);
	}
}

/*
 * Shared-memory lanes read from the listing (round 48, laneaddr.c): warp 0's
 * lanes (threadIdx.x = lane) run through the address arithmetic; an LDS or
 * STS with no --mem rule whose lanes are not a word a lane one after another
 * gets offsets=. By hand, the shared window's base (S2UR SR_CgaCtaId, ULEA)
 * a part common to all lanes: tid x 128 (a 32 x 32 tile's column, no
 * padding) lane l at 128 l; tid x 132 (padded) at 132 l; tid x 4 the default
 * (nothing written); [UR4+0x10] one word for all (offsets=0); tid x 8 stepped
 * by 0x100 a trip in a loop keeps 8 l (its common part moves); (tid & 7) x 128
 * repeats every 8 lanes (offsets=0:128:...:896, period 8); tid x 8 shifted
 * left a trip, or written on one path of an if, or under a guard, is not
 * known (the default); a --mem rule goes first; in a kernel that reads
 * threadIdx.y, threadIdx.x is not the lane (blockDim.x unknown): the default.
 */
static void shared_lanes(void **state)
{
	(void)state;
	static const char head[] = "/*0000*/ S2R R0, SR_TID.X ;\n/*0010*/ S2UR UR5, SR_CgaCtaId ;\n/*0020*/ UMOV UR4, 0x400 ;\n"
				   "/*0030*/ ULEA UR4, UR5, UR4, 0x18 ;\n";
	static const struct {
		const char *body; /* from 0x40; an LDS R5 in it */
		const char *opt;  /* a --mem rule, or NULL */
		const char *want; /* the LDS line's attributes ("" none) */
	} c[] = {
		{"/*0040*/ LEA R3, R0, UR4, 0x7 ;\n/*0050*/ LDS R5, [R3] ;\n", NULL,
		 " offsets=0:128:256:384:512:640:768:896:1024:1152:1280:1408:1536:1664:1792:1920:2048:2176:2304:2432:2560:2688:2816:"
		 "2944:3072:3200:3328:3456:3584:3712:3840:3968"},
		{"/*0040*/ IMAD R3, R0, 0x84, RZ ;\n/*0050*/ LDS R5, [R3+UR4] ;\n", NULL,
		 " offsets=0:132:264:396:528:660:792:924:1056:1188:1320:1452:1584:1716:1848:1980:2112:2244:2376:2508:2640:2772:2904:"
		 "3036:3168:3300:3432:3564:3696:3828:3960:4092"},
		{"/*0040*/ LEA R3, R0, UR4, 0x2 ;\n/*0050*/ LDS R5, [R3] ;\n", NULL, ""},
		{"/*0040*/ NOP ;\n/*0050*/ LDS R5, [UR4+0x10] ;\n", NULL, " offsets=0"},
		{"/*0040*/ IMAD.SHL.U32 R3, R0, 0x8, RZ ;\n/*0050*/ LDS R5, [R3+UR4] ;\n/*0060*/ IADD3 R3, R3, 0x100, RZ ;\n"
		 "/*0070*/ @P0 BRA 0x50 ;\n", NULL,
		 " offsets=0:8:16:24:32:40:48:56:64:72:80:88:96:104:112:120:128:136:144:152:160:168:176:184:192:200:208:216:224:232:240:248"},
		{"/*0040*/ LOP3.LUT R3, R0, 0x7, RZ, 0xc0, !PT ;\n/*0050*/ IMAD.SHL.U32 R3, R3, 0x80, RZ ;\n/*0060*/ LDS R5, [R3+UR4] ;\n", NULL,
		 " offsets=0:128:256:384:512:640:768:896"},
		{"/*0040*/ IMAD.SHL.U32 R3, R0, 0x8, RZ ;\n/*0050*/ LDS R5, [R3+UR4] ;\n/*0060*/ SHF.L.U32 R3, R3, 0x1, RZ ;\n"
		 "/*0070*/ @P0 BRA 0x50 ;\n", NULL, ""},
		{"/*0040*/ IMAD.SHL.U32 R3, R0, 0x8, RZ ;\n/*0050*/ @P0 BRA 0x70 ;\n/*0060*/ IMAD.SHL.U32 R3, R0, 0x4, RZ ;\n"
		 "/*0070*/ LDS R5, [R3+UR4] ;\n", NULL, ""},
		{"/*0040*/ IMAD.SHL.U32 R3, R0, 0x4, RZ ;\n/*0050*/ @P0 IMAD.SHL.U32 R3, R0, 0x8, RZ ;\n/*0060*/ LDS R5, [R3+UR4] ;\n", NULL, ""},
		{"/*0040*/ LEA R3, R0, UR4, 0x7 ;\n/*0050*/ LDS R5, [R3] ;\n", "LDS=stride=8", " stride=8"},
		{"/*0040*/ S2R R9, SR_TID.Y ;\n/*0050*/ LEA R3, R0, UR4, 0x7 ;\n/*0060*/ LDS R5, [R3] ;\n", NULL, ""},
	};
	for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
		char listing[1200], want[400];
		int lines = 4;
		for (const char *q = c[k].body; *q; q++)
			lines += *q == '\n';
		snprintf(listing, sizeof listing, "Function : k\n%s%s/*%04x*/ EXIT ;\n", head, c[k].body, lines * 16);
		const char *opts[] = {"--mem", c[k].opt, "--trips", "2", NULL};
		const char *opts2[] = {"--trips", "2", NULL};
		struct program p;
		struct err e = {{0}};
		char *text = NULL;
		if (import_str(listing, "k", c[k].opt ? opts : opts2, &p, &text, &e))
			fail_msg("case %zu: %s\n%s", k, e.msg, listing);
		const char *l = strstr(text, "LDS R5, [");
		const char *eol = l ? strstr(l, "    #") : NULL;
		snprintf(want, sizeof want, "]%s", c[k].want);
		if (!l || !eol || (size_t)(eol - l) != strcspn(l, "]") + strlen(want) || strncmp(l + strcspn(l, "]"), want, strlen(want)))
			fail_msg("case %zu: expected the LDS with \"%s\"\n%s", k, c[k].want, text);
		program_free(&p);
		free(text);
	}
	/* round 49: a stride that is a kernel argument (c[0x0][0x210] = 132 bytes, a padded row) is known
	 * from --const or --arg; without it, the lanes are not (the default) */
	for (int k = 0; k < 2; k++) {
		char listing[600];
		snprintf(listing, sizeof listing, "Function : k\n%s/*0040*/ IMAD R3, R0, c[0x0][0x210], RZ ;\n/*0050*/ LDS R5, [R3+UR4] ;\n"
			 "/*0060*/ EXIT ;\n", head);
		const char *opts[] = {"--const", "0x210=132", NULL};
		struct program p;
		struct err e = {{0}};
		char *text = NULL;
		if (import_str(listing, "k", k ? opts : NULL, &p, &text, &e))
			fail_msg("parameter stride %d: %s", k, e.msg);
		const char *l = strstr(text, "LDS R5, [R3+UR4]");
		int has = l && !strncmp(l + strlen("LDS R5, [R3+UR4]"), " offsets=0:132:264:", 19);
		if (!l || has != k)
			fail_msg("parameter stride: expected %s\n%s", k ? "offsets=0:132:264:..." : "no offsets", text);
		program_free(&p);
		free(text);
	}
}

/*
 * Instructions off in every lane (round 29): --off PC[,PC...] gives each
 * named guarded instruction lanes=0 (an FFMA, a store), and the denormal
 * fixup idiom gives it by default: FSETP.GEU.AND P0, PT, |R4|, 1.1755e-38
 * (FLT_MIN), PT, then @!P0 FMUL before and after the MUFU.RSQ. A compare
 * against another bound (1.5) is not the idiom, nor @P0 (the taken side),
 * nor @!P0 once an IADD3 has written P0 again (its carry out).
 */
static void off_lanes(void **state)
{
	(void)state;
	static const char listing[] = "Function : k\n"
				      "/*0000*/ FSETP.GEU.AND P0, PT, |R4|, 1.175494350822287508e-38, PT ;\n"
				      "/*0010*/ @!P0 FMUL R4, R4, 16777216 ;\n"
				      "/*0020*/ MUFU.RSQ R5, R4 ;\n"
				      "/*0030*/ @!P0 FMUL R5, R5, 4096 ;\n"
				      "/*0040*/ @P0 FADD R14, R14, R15 ;\n"
				      "/*0050*/ FSETP.GEU.AND P1, PT, |R6|, 1.5, PT ;\n"
				      "/*0060*/ @!P1 FMUL R6, R6, 2 ;\n"
				      "/*0070*/ IADD3 R7, P0, R7, R9, RZ ;\n"
				      "/*0080*/ @!P0 FMUL R8, R8, 2 ;\n"
				      "/*0090*/ @P0 FFMA R9, R9, R10, R11 ;\n"
				      "/*00a0*/ @P1 STG.E desc[UR4][R2.64], R9 ;\n"
				      "/*00b0*/ EXIT ;\n";
	static const char *const opts[] = {"--off", "0x90,0xa0", NULL};
	struct program p;
	char *text;
	import_ok(listing, "k", opts, &p, &text);
	assert_int_equal(p.ninsn, 12);
	static const int off[12] = {0, 1, 0, 1, 0, 0, 0, 0, 0, 1, 1, 0};
	for (int i = 0; i < 12; i++)
		if (p.code[i].off != off[i])
			fail_msg("instruction %d (PC 0x%x): off %d, expected %d", i, 16 * i, p.code[i].off, off[i]);
	assert_int_equal(p.code[10].op, OP_STG);
	assert_int_equal(p.code[10].lanes, 0);
	program_free(&p);
	free(text);
	/* in a loop (round 30, tid0_preds' rule): at or above the loop's first
	 * write of Pk the guard reads the last trip's Pk, so it is off only when
	 * every write of Pk in the loop is a fixup compare too: 0x20's P0 is
	 * rewritten by an ISETP below it (live; off before round 30, from the
	 * compare above the loop), 0x30's P1 only by the fixup compare at 0x50
	 * (off), 0x60 below that compare (off) */
	static const char loop[] = "Function : k\n"
				   "/*0000*/ FSETP.GEU.AND P0, PT, |R4|, 1.175494350822287508e-38, PT ;\n"
				   "/*0010*/ FSETP.GEU.AND P1, PT, |R5|, 1.175494350822287508e-38, PT ;\n"
				   "/*0020*/ @!P0 FMUL R4, R4, 16777216 ;\n"
				   "/*0030*/ @!P1 FMUL R5, R5, 2 ;\n"
				   "/*0040*/ ISETP.GE.AND P0, PT, R6, R7, PT ;\n"
				   "/*0050*/ FSETP.GEU.AND P1, PT, |R5|, 1.175494350822287508e-38, PT ;\n"
				   "/*0060*/ @!P1 FMUL R8, R8, 2 ;\n"
				   "/*0070*/ @!P0 BRA 0x20 ;\n"
				   "/*0080*/ EXIT ;\n";
	static const char *const lopts[] = {"--trips", "4", NULL};
	import_ok(loop, "k", lopts, &p, &text);
	int nf = 0, want[3] = {0, 1, 1};
	for (int i = 0; i < p.ninsn; i++)
		if (p.code[i].op == OP_FMUL) {
			assert_true(nf < 3);
			if (p.code[i].off != want[nf])
				fail_msg("FMUL %d: off %d, expected %d", nf, p.code[i].off, want[nf]);
			nf++;
		}
	assert_int_equal(nf, 3);
	program_free(&p);
	free(text);
}

/*
 * The slow-path idiom (round 55): 1.f / x and x / y compiled without fast
 * math (nvcc 13.0, sm_90: workloads/cuda/import divk's listing) guard a
 * CALL of the math library's slow path with a forward branch, @P0 BRA to
 * the fast path after it (1.f / x: the CALL's path ends in a BRA over the
 * fast path, the ELSE) or @!P0 BRA over it (FCHK's division). Every lane
 * takes the branch by default: the CALL's path is an IF no lane runs (frac
 * 0), the fast path's MUFU.RCP runs, FCHK is the xu pipe's. --taken 0x230=0
 * (the slow path run) gives the CALL's error back.
 */
static void slow_path_idiom(void **state)
{
	(void)state;
	static const char listing[] = "Function : k\n"
				      "/*0000*/ VIADD R5, R0, 0x1800000 ;\n"
				      "/*0010*/ LOP3.LUT R5, R5, 0x7f800000, RZ, 0xc0, !PT ;\n"
				      "/*0020*/ ISETP.GT.U32.AND P0, PT, R5, 0x1ffffff, PT ;\n"
				      "/*0030*/ @P0 BRA 0x80 ;\n"
				      "/*0040*/ MOV R6, 0x60 ;\n"
				      "/*0050*/ CALL.REL.NOINC 0x300 ;\n"
				      "/*0060*/ IMAD.MOV.U32 R2, RZ, RZ, R3 ;\n"
				      "/*0070*/ BRA 0xc0 ;\n"
				      "/*0080*/ MUFU.RCP R3, R0 ;\n"
				      "/*0090*/ FFMA R2, R0, R3, -1 ;\n"
				      "/*00a0*/ FADD.FTZ R2, -R2, -RZ ;\n"
				      "/*00b0*/ FFMA R2, R3, R2, R3 ;\n"
				      "/*00c0*/ FADD R3, R0, 2 ;\n"
				      "/*00d0*/ MUFU.RCP R6, R3 ;\n"
				      "/*00e0*/ FCHK P0, R0, R3 ;\n"
				      "/*00f0*/ FFMA R5, -R3, R6, 1 ;\n"
				      "/*0100*/ FFMA R5, R6, R5, R6 ;\n"
				      "/*0110*/ FFMA R6, R0, R5, RZ ;\n"
				      "/*0120*/ FFMA R7, -R3, R6, R0 ;\n"
				      "/*0130*/ FFMA R5, R5, R7, R6 ;\n"
				      "/*0140*/ @!P0 BRA 0x180 ;\n"
				      "/*0150*/ MOV R6, 0x170 ;\n"
				      "/*0160*/ CALL.REL.NOINC 0x200 ;\n"
				      "/*0170*/ IMAD.MOV.U32 R5, RZ, RZ, R0 ;\n"
				      "/*0180*/ FADD R3, R5, R2 ;\n"
				      "/*0190*/ EXIT ;\n"
				      "/*01a0*/ BRA 0x1a0 ;\n"
				      "/*01b0*/ NOP ;\n"
				      "/*01c0*/ NOP ;\n"
				      "/*01d0*/ NOP ;\n"
				      "/*01e0*/ NOP ;\n"
				      "/*01f0*/ NOP ;\n"
				      "/*0200*/ FFMA R5, R0, R3, RZ ;\n"
				      "/*0210*/ RET.REL.NODEC R6 0x0 ;\n"
				      "/*0220*/ NOP ;\n"
				      "/*0230*/ NOP ;\n"
				      "/*0240*/ NOP ;\n"
				      "/*0250*/ NOP ;\n"
				      "/*0260*/ NOP ;\n"
				      "/*0270*/ NOP ;\n"
				      "/*0280*/ NOP ;\n"
				      "/*0290*/ NOP ;\n"
				      "/*02a0*/ NOP ;\n"
				      "/*02b0*/ NOP ;\n"
				      "/*02c0*/ NOP ;\n"
				      "/*02d0*/ NOP ;\n"
				      "/*02e0*/ NOP ;\n"
				      "/*02f0*/ NOP ;\n"
				      "/*0300*/ MUFU.RCP R3, R0 ;\n"
				      "/*0310*/ RET.REL.NODEC R6 0x0 ;\n";
	struct program p;
	char *text;
	import_ok(listing, "k", NULL, &p, &text);
	int ifs = 0, rcp_live = 0, fchk = 0, dead = 0; /* dead: inside an IF's first path (no lane runs it) */
	for (int i = 0; i < p.ninsn; i++) {
		const struct insn *in = &p.code[i];
		if (in->op == OP_IF) {
			if (in->frac != 0.0)
				fail_msg("IF %d: frac %g, expected 0 (every lane takes the branch around the slow path)\n%s", ifs, in->frac, text);
			ifs++;
			dead = 1;
		} else if (in->op == OP_ELSE || in->op == OP_ENDIF) {
			dead = 0;
		} else if (in->op == OP_MUFU && !dead) {
			rcp_live++;
		}
		fchk += in->op == OP_FCHK;
	}
	assert_int_equal(ifs, 2);
	assert_int_equal(rcp_live, 2); /* 1.f / x's fast path (the ELSE) and the division's */
	assert_int_equal(fchk, 1);
	assert_int_equal(isa_ops[OP_FCHK].pipe, PIPE_XU);
	assert_non_null(strstr(text, "the math library's slow path"));
	program_free(&p);
	free(text);
	/* the slow path run: the CALL is live again, and an error */
	static const char *const opts[] = {"--taken", "0x140=0", NULL};
	struct err e = {{0}};
	assert_int_equal(import_str(listing, "k", opts, &p, &text, &e), SIM_EINPUT);
	assert_non_null(strstr(e.msg, "CALL at PC 0x0160: subroutine calls are not modelled"));
	free(text);
}

/*
 * --mem OPCODE.MODS (round 22, the tiled SGEMM's broadcast LDS.128): a rule
 * for LDS.128 applies to LDS.128 alone and wins over a plain LDS rule in
 * either order; LDS takes the plain rule; a PC rule wins over both.
 */
static void mem_by_modifiers(void **state)
{
	(void)state;
	static const char listing[] = "Function : k\n"
				      "/*0000*/ LDS R9, [R3] ;\n"
				      "/*0010*/ LDS.128 R12, [R28] ;\n"
				      "/*0020*/ LDS.128 R16, [R28+0x80] ;\n"
				      "/*0030*/ LDS.64 R20, [R4] ;\n"
				      "/*0040*/ EXIT ;\n";
	static const char *const opts[] = {"--mem", "LDS=stride=8", "--mem", "LDS.128=pattern=uniform", "--mem", "0x20=lanes=4", NULL};
	struct program p;
	char *text;
	import_ok(listing, "k", opts, &p, &text);
	assert_int_equal(p.ninsn, 5);
	assert_int_equal(p.code[0].pattern, PAT_STRIDED);
	assert_int_equal(p.code[0].stride, 8);
	assert_int_equal(p.code[1].pattern, PAT_UNIFORM);
	assert_int_equal(p.code[1].width, 16);
	assert_int_equal(p.code[2].lanes, 4); /* the PC rule: not uniform */
	assert_int_not_equal(p.code[2].pattern, PAT_UNIFORM);
	assert_int_equal(p.code[3].pattern, PAT_STRIDED); /* LDS.64: the plain LDS rule */
	program_free(&p);
	free(text);
}

/*
 * The constant lines (round 50): an LDC or ULDC of an immediate address
 * carries its bank and offset from the listing's operand; one indexed by a
 * register gets its byte from --mem PC=caddr=OFF, which alone keeps the
 * importer's defaults (an LDC's pattern=uniform footprint=64K) and is
 * accepted on a ULDC (no memory instruction otherwise) and by opcode.
 */
static void constant_lines(void **state)
{
	(void)state;
	static const char listing[] = "Function : k\n"
				      "/*0000*/ LDC R1, c[0x0][0x218] ;\n"
				      "/*0010*/ LDC R2, c[0x0][R1+0x2e8] ;\n"
				      "/*0020*/ ULDC UR4, c[0x0][0x300] ;\n"
				      "/*0030*/ ULDC UR5, c[0x0][UR4+0x210] ;\n"
				      "/*0040*/ LDC R3, c[0x3][R1] ;\n"
				      "/*0050*/ EXIT ;\n";
	static const char *const opts[] = {"--mem", "0x10=caddr=0x300", "--mem", "0x30=caddr=0x304", "--mem", "0x40=caddr=0x40,lanes=2", NULL};
	struct program p;
	char *text;
	import_ok(listing, "k", opts, &p, &text);
	assert_int_equal(p.ninsn, 6);
	assert_int_equal(p.code[0].caddr, ISA_CADDR(0, 0x218));
	assert_int_equal(p.code[1].caddr, ISA_CADDR(0, 0x300));
	assert_int_equal(p.code[1].pattern, PAT_UNIFORM); /* the defaults kept */
	assert_int_equal(p.code[1].count, 65536);
	assert_int_equal(p.code[2].caddr, ISA_CADDR(0, 0x300));
	assert_int_equal(p.code[3].caddr, ISA_CADDR(0, 0x304));
	assert_int_equal(p.code[4].caddr, ISA_CADDR(3, 0x40)); /* a rule of more than caddr=: as given */
	assert_int_equal(p.code[4].lanes, 2);
	assert_int_not_equal(p.code[4].pattern, PAT_UNIFORM);
	assert_non_null(strstr(text, "LDC R2, c[0x0][R1+0x2e8] pattern=uniform footprint=64K caddr=0x300"));
	assert_non_null(strstr(text, "ULDC UR5, c[0x0][UR4+0x210] caddr=0x304"));
	program_free(&p);
	free(text);
	/* by opcode: every ULDC */
	static const char *const byop[] = {"--mem", "ULDC=caddr=0x308", NULL};
	import_ok(listing, "k", byop, &p, &text);
	assert_int_equal(p.code[2].caddr, ISA_CADDR(0, 0x308));
	assert_int_equal(p.code[3].caddr, ISA_CADDR(0, 0x308));
	program_free(&p);
	free(text);
}

/*
 * --mem with offsets= (round 37): 32 lanes' byte offsets of a hashed index
 * (mech_gather3's s_rand: lane l at word ((7 l + 3) x 2654435761 mod 2^32)
 * >> 22 of a 16 KB table, the longest such list, 6-digit offsets) reach the
 * program lane by lane, beside the rule's other attributes.
 */
static void mem_offsets(void **state)
{
	(void)state;
	static const char listing[] = "Function : k\n"
				      "/*0000*/ LDS R9, [R3] ;\n"
				      "/*0010*/ LDG.E R4, desc[UR4][R2.64] ;\n"
				      "/*0020*/ EXIT ;\n";
	char lds[IMPORT_ATTRS_LEN], ldg[64];
	unsigned want[32];
	int n = snprintf(lds, sizeof lds, "LDS=offsets=");
	for (unsigned l = 0; l < 32; l++) {
		want[l] = (((l * 7u + 3u) * 2654435761u) >> 20) * 4u + 100000u;
		n += snprintf(lds + n, sizeof lds - (size_t)n, "%s%u", l ? ":" : "", want[l]);
	}
	snprintf(ldg, sizeof ldg, "0x10=base=655872,footprint=4K,offsets=0x80:0");
	const char *opts[] = {"--mem", lds, "--mem", ldg, NULL};
	struct program p;
	struct err e = {{0}};
	char *text;
	import_ok(listing, "k", opts, &p, &text);
	assert_int_equal(p.code[0].noffs, 32);
	for (int l = 0; l < 32; l++)
		assert_int_equal(p.code[0].offs[l], want[l]);
	assert_int_equal(p.code[1].noffs, 2);
	assert_int_equal(p.code[1].offs[0], 128);
	assert_int_equal(p.code[1].offs[1], 0);
	assert_int_equal(p.code[1].base, 655872);
	assert_int_equal(p.code[1].count, 4096);
	program_free(&p);
	free(text);
	/* past IMPORT_ATTRS_LEN - 1 characters: refused with the limit */
	char big[IMPORT_ATTRS_LEN + 16];
	n = snprintf(big, sizeof big, "LDS=offsets=0");
	while (n < IMPORT_ATTRS_LEN + 4)
		n += snprintf(big + n, sizeof big - (size_t)n, ":0");
	struct import_opts o;
	memset(&o, 0, sizeof o);
	assert_int_equal(import_opt(&o, "--mem", big, &e), SIM_EINPUT);
	assert_non_null(strstr(e.msg, "--mem: attributes too long (expected at most 399 characters)"));
}

/*
 * The lane-0 idiom with the lane's index kept (round 52: cf_warp's and
 * cc_warp's stamps): LOP3.LUT P0, R3, R0, 0x1f, RZ, 0xc0, !PT keeps R3 =
 * tid & 31, and ISETP.NE.AND P1, PT, R3, RZ, PT (lane != 0) guards @!P1 STG:
 * lane 0 alone, lanes=1; ISETP.EQ.AND P2 (lane == 0): @P2 STG lane 0 alone,
 * @!P2 STG every lane but lane 0 (no lanes=1); the same LOP3 without the
 * predicate; R3 written again (IADD3) is no lane index: @!P4 STG of a compare
 * on it keeps every lane.
 */
static void lane0_idiom_kept(void **state)
{
	(void)state;
	static const char listing[] = "Function : k\n"
				      "/*0000*/ S2R R0, SR_TID.X ;\n"
				      "/*0010*/ LOP3.LUT P0, R3, R0, 0x1f, RZ, 0xc0, !PT ;\n"
				      "/*0020*/ ISETP.NE.AND P1, PT, R3, RZ, PT ;\n"
				      "/*0030*/ ISETP.EQ.AND P2, PT, R3, RZ, PT ;\n"
				      "/*0040*/ @!P1 STG.E desc[UR4][R6.64], R4 ;\n"
				      "/*0050*/ @P2 STG.E desc[UR4][R6.64+0x4], R4 ;\n"
				      "/*0060*/ @!P2 STG.E desc[UR4][R6.64+0x8], R4 ;\n"
				      "/*0070*/ LOP3.LUT R5, R0, 0x1f, RZ, 0xc0, !PT ;\n"
				      "/*0080*/ ISETP.NE.AND P3, PT, R5, RZ, PT ;\n"
				      "/*0090*/ @!P3 STG.E desc[UR4][R6.64+0xc], R4 ;\n"
				      "/*00a0*/ IADD3 R3, R3, 0x1, RZ ;\n"
				      "/*00b0*/ ISETP.NE.AND P4, PT, R3, RZ, PT ;\n"
				      "/*00c0*/ @!P4 STG.E desc[UR4][R6.64+0x10], R4 ;\n"
				      "/*00d0*/ EXIT ;\n";
	struct program p;
	char *text;
	import_ok(listing, "k", NULL, &p, &text);
	assert_int_equal(p.ninsn, 14);
	assert_int_equal(p.code[4].op, OP_STG);
	assert_int_equal(p.code[4].lanes, 1);
	assert_int_equal(p.code[5].lanes, 1);
	assert_int_not_equal(p.code[6].lanes, 1);
	assert_int_equal(p.code[9].lanes, 1);
	assert_int_equal(p.code[12].op, OP_STG);
	assert_int_not_equal(p.code[12].lanes, 1);
	program_free(&p);
	free(text);
}

/*
 * The idioms' branches and the lane-0 exit (tid0_preds): P0 = (tid != 0),
 * P1 = (tid & 31) != 0 (LOP3.LUT P1, RZ, R0, 0x1f, RZ, 0xc0, !PT). @P0 BRA
 * over `if (threadIdx.x == 0) { ... }` becomes IF warp<1 without --taken
 * (warp 0 runs it, the others skip it), its STG one lane; @P1 BRA over a
 * lane-0 region IF 1/32 (every lane but lane 0 takes it); @!P1 STG a one-lane
 * store; @P1 EXIT (every lane but lane 0 leaves) no instruction at all: the
 * warps go on, their STG after it one lane. --taken 0x40=0.5 overrides the
 * thread-0 branch: IF 0.5.
 */
static void lane0_idiom(void **state)
{
	(void)state;
	static const char listing[] = "Function : k\n"
				      "/*0000*/ S2R R0, SR_TID.X ;\n"
				      "/*0010*/ ISETP.NE.AND P0, PT, R0, RZ, PT ;\n"
				      "/*0020*/ LOP3.LUT P1, RZ, R0, 0x1f, RZ, 0xc0, !PT ;\n"
				      "/*0030*/ BSSY B0, 0x80 ;\n"
				      "/*0040*/ @P0 BRA 0x70 ;\n"
				      "/*0050*/ S2R R5, SR_CTAID.X ;\n"
				      "/*0060*/ STG.E desc[UR4][R2.64], R5 ;\n"
				      "/*0070*/ BSYNC B0 ;\n"
				      "/*0080*/ @P1 BRA 0xa0 ;\n"
				      "/*0090*/ STG.E desc[UR4][R2.64+0x4], R4 ;\n"
				      "/*00a0*/ @!P1 STG.E desc[UR4][R2.64+0x8], R4 ;\n"
				      "/*00b0*/ @P1 EXIT ;\n"
				      "/*00c0*/ STG.E desc[UR4][R2.64+0xc], R4 ;\n"
				      "/*00d0*/ EXIT ;\n";
	struct program p;
	char *text;
	import_ok(listing, "k", NULL, &p, &text);
	/* S2R, ISETP, LOP3, BSSY, IF, S2R, STG, ENDIF, BSYNC, IF, STG, ENDIF, STG, STG, EXIT */
	assert_int_equal(p.ninsn, 15);
	assert_int_equal(p.code[4].op, OP_IF);
	assert_int_equal(p.code[4].pattern, IF_WARP_LT);
	assert_int_equal(p.code[4].count, 1);
	assert_int_equal(p.code[6].op, OP_STG);
	assert_int_equal(p.code[6].lanes, 1);
	assert_int_equal(p.code[7].op, OP_ENDIF);
	assert_int_equal(p.code[9].op, OP_IF);
	assert_int_not_equal(p.code[9].pattern, IF_WARP_LT);
	assert_true(fabs(p.code[9].frac - 1.0 / 32) < 1e-6);
	assert_int_equal(p.code[10].lanes, 0);
	assert_int_equal(p.code[12].op, OP_STG);
	assert_int_equal(p.code[12].lanes, 1);
	assert_int_equal(p.code[13].op, OP_STG);
	assert_int_equal(p.code[13].lanes, 1);
	assert_int_equal(p.code[14].op, OP_EXIT);
	assert_non_null(strstr(text, "the lane-0 idiom"));
	program_free(&p);
	free(text);

	static const char *const opts[] = {"--taken", "0x40=0.5", NULL};
	import_ok(listing, "k", opts, &p, &text);
	assert_int_equal(p.code[4].op, OP_IF);
	assert_int_not_equal(p.code[4].pattern, IF_WARP_LT);
	assert_true(fabs(p.code[4].frac - 0.5) < 1e-6);
	assert_int_equal(p.code[6].lanes, 0);
	program_free(&p);
	free(text);
}

/*
 * A guarded EXIT on a predicate read from data (round 20, mech_pstore):
 * without --taken it issues and no lane leaves; --taken PC=1 makes it the
 * warp's EXIT; --taken PC=0.75 leaves the warp going on with 8 lanes, its
 * later memory instructions lanes=8; inside a branch region an error; and
 * a store --mem gives lanes=0 is predicated off in every lane.
 */
static void guarded_exit(void **state)
{
	(void)state;
	static const char listing[] = "Function : k\n"
				      "/*0000*/ LDG.E R8, desc[UR4][R6.64] ;\n"
				      "/*0010*/ ISETP.NE.U32.AND P6, PT, R8, RZ, PT ;\n"
				      "/*0020*/ @P6 STG.E desc[UR4][R2.64+0x80], R5 ;\n"
				      "/*0030*/ @!P6 EXIT ;\n"
				      "/*0040*/ STG.E desc[UR4][R2.64], R5 ;\n"
				      "/*0050*/ EXIT ;\n";
	struct program p;
	struct err e = {{0}};
	char *text;
	import_ok(listing, "k", NULL, &p, &text);
	/* LDG, ISETP, STG, @!P6 EXIT (issued), STG, EXIT */
	assert_int_equal(p.ninsn, 6);
	assert_int_equal(p.code[3].op, OP_EXIT);
	assert_int_equal(p.code[3].has_pred, 1);
	program_free(&p);
	free(text);
	static const char *const all[] = {"--taken", "0x30=1", "--mem", "0x20=lanes=0", NULL};
	import_ok(listing, "k", all, &p, &text);
	assert_int_equal(p.ninsn, 6);
	assert_int_equal(p.code[2].off, 1);
	assert_int_equal(p.code[3].op, OP_EXIT);
	assert_int_equal(p.code[3].has_pred, 0);
	program_free(&p);
	free(text);
	static const char *const some[] = {"--taken", "0x30=0.75", NULL};
	import_ok(listing, "k", some, &p, &text);
	/* LDG, ISETP, STG, STG lanes=8, EXIT: the EXIT leaves no instruction */
	assert_int_equal(p.ninsn, 5);
	assert_int_equal(p.code[3].op, OP_STG);
	assert_int_equal(p.code[3].lanes, 8);
	assert_non_null(strstr(text, "the warps go on with 8 lanes"));
	program_free(&p);
	free(text);
	/* inside a branch region (an IF from --taken 0x0=0.5): an error naming it */
	static const char region[] = "Function : k\n"
				     "/*0000*/ @P0 BRA 0x30 ;\n"
				     "/*0010*/ @!P6 EXIT ;\n"
				     "/*0020*/ STG.E desc[UR4][R2.64], R5 ;\n"
				     "/*0030*/ EXIT ;\n";
	static const char *const inside[] = {"--taken", "0x0=0.5", "--taken", "0x10=1", NULL};
	assert_int_equal(import_str(region, "k", inside, &p, &text, &e), SIM_EINPUT);
	assert_non_null(strstr(e.msg, "the EXIT at PC 0x0010 is inside a branch region"));
	program_free(&p);
	free(text);
}

/*
 * The listing's addresses (.pc, the fetch lines of sim/issue.c): every
 * instruction of the program keeps its listing's PC, the LOOP marker has
 * none; and PR, the predicates as one register (P2R R6, PR, RZ, 0x1), is
 * read as a special register.
 */
static void listing_addresses(void **state)
{
	(void)state;
	static const char listing[] = "Function : k\n"
				      "/*0000*/ MOV R4, RZ ;\n"
				      "/*0010*/ P2R R6, PR, RZ, 0x1 ;\n"
				      "/*0020*/ FFMA R4, R4, R4, R4 ;\n"
				      "/*0030*/ @P0 BRA 0x20 ;\n"
				      "/*0040*/ EXIT ;\n";
	static const char *const opts[] = {"--trips", "2", NULL};
	struct program p;
	char *text;
	import_ok(listing, "k", opts, &p, &text);
	/* MOV, P2R, LOOP, FFMA, ENDLOOP, EXIT */
	static const int has[] = {1, 1, 0, 1, 1, 1};
	static const unsigned at[] = {0x0, 0x10, 0, 0x20, 0x30, 0x40};
	assert_int_equal(p.ninsn, 6);
	for (int i = 0; i < p.ninsn; i++) {
		assert_int_equal(p.code[i].has_addr, has[i]);
		if (has[i])
			assert_int_equal(p.code[i].addr, at[i]);
	}
	assert_int_equal(p.code[1].op, OP_P2R);
	assert_int_equal(p.has_span, 0);
	program_free(&p);
	free(text);
	/* --span FROM:TO writes .span; the program finds both by address */
	static const char *const sopts[] = {"--trips", "2", "--span", "0x10:0x30", NULL};
	import_ok(listing, "k", sopts, &p, &text);
	assert_non_null(strstr(text, "\n.span 0x10 0x30 "));
	assert_true(p.has_span && p.span_insn[0] == 1 && p.span_insn[1] == 4);
	program_free(&p);
	free(text);
}

static void import_errors(void **state)
{
	(void)state;
	static const struct {
		const char *listing, *flag, *value, *what;
	} bad[] = {
		/* a loop with no trip count */
		{"Function : k\n/*0000*/ FFMA R4, R4, R4, R4 ;\n/*0010*/ @P0 BRA 0x0 ;\n/*0020*/ EXIT ;\n", NULL, NULL,
		 "k.sass:3: loop 0x0000..0x0010 has no trip count (expected --trips N or --trips 0x0=N; not the counted-loop idiom: its branch's predicate is not a compare of a counter with a constant)"},
		/* four loops, three without a count (the third reads its own: the counted-loop idiom): one error names them all */
		{"Function : k\n/*0000*/ MOV R1, RZ ;\n/*0010*/ FFMA R8, R8, R4, R5 ;\n/*0020*/ @P0 BRA 0x10 ;\n/*0030*/ FFMA R8, R8, R4, R5 ;\n"
		 "/*0040*/ @P1 BRA 0x30 ;\n/*0050*/ MOV R2, RZ ;\n/*0060*/ FFMA R8, R8, R4, R5 ;\n/*0070*/ IADD3 R2, R2, 0x1, RZ ;\n"
		 "/*0080*/ ISETP.NE.AND P2, PT, R2, 0x40, PT ;\n/*0090*/ @P2 BRA 0x60 ;\n/*00a0*/ FFMA R8, R8, R4, R5 ;\n/*00b0*/ @P3 BRA 0xa0 ;\n"
		 "/*00c0*/ EXIT ;\n", NULL, NULL,
		 "k.sass:4: loop 0x0010..0x0020 has no trip count (expected --trips N or --trips 0x10=N; not the counted-loop idiom: its branch's predicate is not a compare of a counter with a constant); so have loops 0x0030..0x0040, 0x00a0..0x00b0"},
		/* a forward branch every lane takes, into a loop's body from outside it */
		{"Function : k\n/*0000*/ BRA 0x20 ;\n/*0010*/ FFMA R4, R4, R4, R4 ;\n/*0020*/ FFMA R4, R4, R4, R4 ;\n"
		 "/*0030*/ @P0 BRA 0x10 ;\n/*0040*/ EXIT ;\n",
		 "--trips", "3", "cannot be structured"},
		/* no EXIT every lane takes */
		{"Function : k\n/*0000*/ FFMA R4, R4, R4, R4 ;\n/*0010*/ @P0 EXIT ;\n", NULL, NULL,
		 "has no EXIT that every lane takes"},
		/* --span to an address the kernel lacks */
		{"Function : k\n/*0000*/ NOP ;\n/*0010*/ EXIT ;\n", "--span", "0x0:0x20",
		 "k.sass:1: --span: kernel k has no instruction at 0x20 (expected FROM:TO, addresses of its listing from 0x0 to 0x10)"},
		/* a subroutine call */
		{"Function : k\n/*0000*/ CALL.REL.NOINC 0x20 ;\n/*0010*/ EXIT ;\n/*0020*/ RET.REL.NODEC R20 0x0 ;\n", NULL, NULL,
		 "CALL at PC 0x0000: subroutine calls are not modelled"},
		/* --off on an instruction no predicate guards, and a malformed list */
		{"Function : k\n/*0000*/ FADD R4, R4, R5 ;\n/*0010*/ EXIT ;\n", "--off", "0x0",
		 "k.sass:2: --off 0x0: FADD at that PC is not guarded by a predicate (expected an instruction under @P or @!P)"},
		{"Function : k\n/*0000*/ @P0 FADD R4, R4, R5 ;\n/*0010*/ EXIT ;\n", "--off", "0x0,,0x10",
		 "--off: expected PC[,PC...], instruction addresses in hex (0x1d0,0x1e0), got \"0x0,,0x10\""},
		{"Function : k\n/*0000*/ @P0 FADD R4, R4, R5 ;\n/*0010*/ EXIT ;\n", "--off", "0x0,",
		 "--off: expected PC[,PC...]"},
		/* --taken wN on a guarded EXIT (it names a forward branch) */
		{"Function : k\n/*0000*/ @P0 EXIT ;\n/*0010*/ FADD R4, R4, R5 ;\n/*0020*/ EXIT ;\n", "--taken", "0x0=w1",
		 "k.sass:2: --taken 0x0=w1: the instruction at PC 0x0000 is an EXIT (expected a fraction of lanes on an EXIT; wN "
		 "and w0:N name a forward branch)"},
		{"Function : k\n/*0000*/ @P0 EXIT ;\n/*0010*/ FADD R4, R4, R5 ;\n/*0020*/ EXIT ;\n", "--taken", "0x0=w0:2",
		 "k.sass:2: --taken 0x0=w0:2: the instruction at PC 0x0000 is an EXIT"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		const char *opts[] = {bad[i].flag, bad[i].value, NULL};
		struct program p;
		struct err e = {{0}};
		char *text;
		int rc = import_str(bad[i].listing, "k", bad[i].flag ? opts : NULL, &p, &text, &e);
		if (rc != SIM_EINPUT || !strstr(e.msg, bad[i].what))
			fail_msg("case %zu: rc %d, message \"%s\", expected \"%s\"", i, rc, e.msg, bad[i].what);
		program_free(&p);
		free(text);
	}
	/* option values */
	static const struct {
		const char *flag, *value, *what;
	} opt[] = {
		{"--trips", "0", "--trips: expected N or PC=N with N a trip count 1 to 1000000000, got \"0\""},
		{"--trips", "zz=4", "--trips: expected PC=N with PC in hex (0x90), got \"zz=4\""},
		{"--taken", "0x20=1.5", "--taken: expected a fraction of lanes 0 to 1, wN or w0:N after '=', got \"0x20=1.5\""},
		{"--taken", "0x20=w0", "--taken: expected wN or w0:N after '=' with N 1 to 31 (0x1a0=w1: every warp but warp 0 takes "
				       "it, warp 0 runs the region; 0x1a0=w0:1: warp 0 alone takes it), got \"0x20=w0\""},
		{"--taken", "0x20=w32", "--taken: expected wN or w0:N after '=' with N 1 to 31"},
		{"--taken", "0x20=w", "--taken: expected wN or w0:N after '='"},
		{"--taken", "0x20=w-1", "--taken: expected wN or w0:N after '='"},
		{"--taken", "0x20=w2.5", "--taken: expected wN or w0:N after '='"},
		{"--taken", "0x20=w0:0", "--taken: expected wN or w0:N after '='"},
		{"--trips", "0x40=3,w0:2=8,", "--trips: expected PC=N,w0:M=K with K a trip count 1 to 1000000000, got \"0x40=3,w0:2=8,\""},
		{"--trips", "0x40=3,w1:2=8", "--trips: expected PC=N,w0:M=K (the warps below M run K trips, the others N; 0x2c0=2,w0:1=8), got"},
		{"--trips", "0x40=3,w0:32=8", "--trips: expected PC=N,w0:M=K with M 1 to 31, got \"0x40=3,w0:32=8\""},
		{"--trips", "0x40=3,w0:0=8", "--trips: expected PC=N,w0:M=K with M 1 to 31"},
		{"--trips", "0x40=3,w0:2", "--trips: expected PC=N,w0:M=K with M 1 to 31"},
		{"--trips", "0x40=3,w0:2=0", "--trips: expected PC=N,w0:M=K with K a trip count 1 to 1000000000"},
		{"--trips", "0x40=0,w0:2=5", "--trips: expected N or PC=N with N a trip count 1 to 1000000000"},
		{"--trips", "3,w0:2=5", "--trips: expected PC=N with PC in hex (0x90), got \"3,w0:2=5\""},
		{"--trips", "0x40=1,grow=0", "--trips: expected PC=N,grow=G with G a non-zero whole number of trips (-1000000000 to 1000000000; 0x2c0=1,grow=1: 1, 2, 3 ... trips at the enclosing loop's trips 0, 1, 2 ...), got \"0x40=1,grow=0\""},
		{"--trips", "0x40=1,grow=", "--trips: expected PC=N,grow=G with G a non-zero"},
		{"--trips", "0x40=1,grow=2x", "--trips: expected PC=N,grow=G with G a non-zero"},
		{"--trips", "0x40=1,grow=1000000001", "--trips: expected PC=N,grow=G with G a non-zero"},
		{"--trips", "0x40=1,grow=99999999999999999999", "--trips: expected PC=N,grow=G with G a non-zero"},
		{"--trips", "0x40=0,grow=1", "--trips: expected N or PC=N with N a trip count 1 to 1000000000"},
		{"--trips", "1,grow=1", "--trips: expected PC=N with PC in hex (0x90), got \"1,grow=1\""},
		{"--taken", "0x20=w0:32", "--taken: expected wN or w0:N after '='"},
		{"--taken", "0x20=w1:4", "--taken: expected wN or w0:N after '='"},
		{"--taken", "0x20=w0:", "--taken: expected wN or w0:N after '='"},
		{"--taken", "0x20=w0:3x", "--taken: expected wN or w0:N after '='"},
		{"--taken", "0.5", "--taken: expected PC=FRACTION (0x1a0=0.5), got \"0.5\""},
		{"--mem", "FFMA=footprint=1G", "--mem: FFMA is not a memory opcode"},
		{"--mem", "LDG", "--mem: expected PC=ATTRS or OPCODE=ATTRS"},
		{"--mem", "LDS.=pattern=uniform", "--mem: expected OPCODE.MODIFIERS of 1 to 23 characters after the dot"},
		{"--mem", "FFMA.128=pattern=uniform", "--mem: FFMA is not a memory opcode"},
		{"--span", "0x10", "--span: expected FROM:TO, two instruction addresses in hex (0x50:0x1f0), got \"0x10\""},
		{"--span", "0x10:zz", "--span: expected FROM:TO, two instruction addresses in hex"},
		{"--span", "0x10:0x18", "--span: expected instruction addresses, multiples of 16, got \"0x10:0x18\""},
	};
	for (size_t i = 0; i < sizeof opt / sizeof opt[0]; i++) {
		struct import_opts o;
		struct err e = {{0}};
		memset(&o, 0, sizeof o);
		if (import_opt(&o, opt[i].flag, opt[i].value, &e) != SIM_EINPUT || !strstr(e.msg, opt[i].what))
			fail_msg("option case %zu: message \"%s\", expected \"%s\"", i, e.msg, opt[i].what);
	}
	/* 256 rules of an option (bitonic_t<1>'s 64 LDS and 64 STS a trip, one --mem each, took 128), the
	 * 257th an error naming the limit */
	struct import_opts *o = calloc(1, sizeof *o);
	struct err e = {{0}};
	char v[32];
	assert_non_null(o);
	for (int i = 0; i < 256; i++) {
		snprintf(v, sizeof v, "0x%x=stride=8", 16 * i);
		assert_int_equal(import_opt(o, "--mem", v, &e), 0);
	}
	assert_int_equal(o->nmem, 256);
	assert_int_equal(import_opt(o, "--mem", "0x1000=stride=8", &e), SIM_EINPUT);
	assert_string_equal(e.msg, "--mem: too many rules (expected at most 256)");
	free(o);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(tloop_f1),
		cmocka_unit_test(mem_offsets),
		cmocka_unit_test(small_kernel),
		cmocka_unit_test(pt_branch),
		cmocka_unit_test(near_groups), cmocka_unit_test(thread0_idiom), cmocka_unit_test(tid0_constant_load),
		cmocka_unit_test(thread0_idiom_copy), cmocka_unit_test(tid_bound_idiom), cmocka_unit_test(warp_idiom), cmocka_unit_test(taken_warps), cmocka_unit_test(trips_grow), cmocka_unit_test(counted_loops), cmocka_unit_test(triangular_loops), cmocka_unit_test(kernel_arguments), cmocka_unit_test(kernel_params), cmocka_unit_test(shared_lanes), cmocka_unit_test(off_lanes), cmocka_unit_test(slow_path_idiom), cmocka_unit_test(lane0_idiom), cmocka_unit_test(lane0_idiom_kept), cmocka_unit_test(guarded_exit), cmocka_unit_test(listing_addresses),
		cmocka_unit_test(mem_by_modifiers), cmocka_unit_test(constant_lines), cmocka_unit_test(import_errors),
	};
	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
