/*
 * test_sass.c: the SASS listing reader (isa/sass.h).
 *
 * - Every committed H200 listing (tests/data/h200/{,lsu/,sbcheck/,tloop/}sass.txt)
 *   reads whole: its function and instruction counts equal the ones grep
 *   finds (and a count made here line by line), every kernel's pcs are
 *   consecutive from 0, every branch lands on an instruction of its kernel.
 * - Hand-checked decodes of cal_chase_global (sass.txt): operands,
 *   predicates, modifiers, encodings and control bits, the control bits
 *   also as workloads/cuda/sass_waits.py's control() decodes them.
 * - Every operand form, the nvdisasm forms (plain, -hex, life ranges, line
 *   info, data sections, labels, calls), text-only listings, -res-usage,
 *   skipped pre-Volta and PTX blocks.
 * - A table of bad listings: SIM_EINPUT, FILE:LINE[:COL] and the message.
 * - Kernel lookup: exact, section, SECTION/NAME, substring, ambiguous, missing.
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

#include "../isa/sass.h"
#include "../sim/fileio.h"

static void read_ok(const char *text, struct sass_listing *l)
{
	struct err e = {{0}};
	int rc = sass_read(l, text, strlen(text), "t.sass", &e);
	if (rc != SIM_OK)
		fail_msg("rc %d: %s\n--- listing:\n%s", rc, e.msg, text);
}

/* Operand k of in, as text. */
static const char *otext(const struct sass_insn *in, int k)
{
	static char buf[256];
	return sass_opnd_text(in, k, buf, sizeof buf);
}

static int starts_with(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

static const struct sass_insn *at_pc(const struct sass_kernel *k, uint32_t pc)
{
	for (int i = 0; i < k->n; i++)
		if (k->insn[i].pc == pc)
			return &k->insn[i];
	fail_msg("no instruction at 0x%x in %s", pc, k->name);
	return NULL;
}

/* ---- the committed listings ---- */

/* Counts computed with grep (the instruction lines; the function headers;
 * the "### " sections):
 *   grep -cE '^\s*\/\*[0-9a-f]{4}\*\/' F;  grep -c 'Function :' F;  grep -c '^### ' F */
static const struct {
	const char *path;
	int nkernel, ninsn, nsection;
} listings[] = {
	{"tests/data/h200/sass.txt", 53, 10528, 0},
	{"tests/data/h200/lsu/sass.txt", 3, 360, 3},
	{"tests/data/h200/sbcheck/sass.txt", 3, 480, 3},
	{"tests/data/h200/tloop/sass.txt", 10, 1096, 10},
};

/* The same counts made here, independently of sass.c: lines that start with
 * "/ *" + 4 hex digits + "* /" (spaced here), and lines holding "Function :". */
static void count_lines(const char *text, int *insns, int *funcs)
{
	const char *p = text;
	*insns = *funcs = 0;
	while (*p) {
		const char *eol = strchr(p, '\n'), *q = p;
		size_t n = eol ? (size_t)(eol - p) : strlen(p);
		char line[512];
		if (n >= sizeof line)
			n = sizeof line - 1;
		memcpy(line, p, n);
		line[n] = '\0';
		while (*q == ' ' || *q == '\t')
			q++;
		if (q[0] == '/' && q[1] == '*' && strspn(q + 2, "0123456789abcdef") == 4 && q[6] == '*' && q[7] == '/')
			(*insns)++;
		if (strstr(line, "Function :"))
			(*funcs)++;
		if (!eol)
			break;
		p = eol + 1;
	}
}

static void h200_listings(void **state)
{
	(void)state;
	for (size_t f = 0; f < sizeof listings / sizeof listings[0]; f++) {
		struct sass_listing l;
		struct err e = {{0}};
		char *text;
		size_t len;
		int insns, funcs, sum = 0, sections = 0;

		assert_int_equal(fileio_read(listings[f].path, &text, &len, &e), SIM_OK);
		count_lines(text, &insns, &funcs);
		assert_int_equal(insns, listings[f].ninsn);
		assert_int_equal(funcs, listings[f].nkernel);
		if (sass_read(&l, text, len, listings[f].path, &e) != SIM_OK)
			fail_msg("%s: %s", listings[f].path, e.msg);
		free(text);
		assert_int_equal(l.nkernel, listings[f].nkernel);
		assert_int_equal(l.ninsn, listings[f].ninsn);
		assert_string_equal(l.fname, listings[f].path);
		for (int k = 0; k < l.nkernel; k++) {
			const struct sass_kernel *K = &l.kernel[k];
			assert_true(K->n > 0);
			assert_int_equal(K->sm, 90);
			assert_int_equal(K->has_ctrl, 1);
			assert_int_equal(strncmp(K->name, "_Z", 2), 0);
			assert_null(K->demangled);
			assert_int_equal(K->regs, -1); /* -sass alone gives no resources */
			sections += K->section != NULL;
			sum += K->n;
			for (int i = 0; i < K->n; i++) {
				const struct sass_insn *in = &K->insn[i];
				assert_int_equal(in->pc, (uint32_t)i * 16);
				assert_true(i == 0 || in->line == K->insn[i - 1].line + 2);
				assert_true(in->ctrl.valid);
				assert_int_equal(in->ctrl.raw, (uint32_t)(in->enc_hi >> 41));
				assert_int_equal(in->ctrl.raw >> 21, 0); /* the two top bits are 0 */
				assert_true(in->ctrl.wbar <= 5 || in->ctrl.wbar == 7);
				assert_true(in->ctrl.rbar <= 5 || in->ctrl.rbar == 7);
				assert_true(in->opcode[0] != '\0');
				assert_true(in->nop <= SASS_MAX_OPNDS);
				for (int j = 0; j < in->nop; j++) {
					assert_int_not_equal(in->op[j].kind, SASS_OTHER);
					assert_true(in->op[j].len > 0);
				}
				/* a .reuse operand <=> reuse flags in the control bits */
				int reuse = 0;
				for (int j = 0; j < in->nop; j++)
					reuse |= in->op[j].reuse;
				assert_int_equal(reuse, in->ctrl.reuse != 0);
				if (!strcmp(in->opcode, "BRA") || !strcmp(in->opcode, "BSSY")) {
					assert_true(in->target >= 0 && in->target < (int64_t)K->n * 16 && in->target % 16 == 0);
					assert_int_equal(in->op[in->nop - 1].kind, SASS_TARGET);
					assert_int_equal(in->op[in->nop - 1].ival, in->target);
				} else {
					assert_int_equal(in->target, -1);
				}
			}
		}
		assert_int_equal(sum, l.ninsn);
		assert_int_equal(sections, listings[f].nsection ? l.nkernel : 0);
		sass_free(&l);
		assert_null(l.kernel);
	}
}

/* cal_chase_global<true>, the first function of sass.txt, lines 25-139. The
 * control bits in the comments are what workloads/cuda/sass_waits.py's
 * control(hi) returns for the same high words (stall, wbar, rbar, wait). */
static void decode_cal_chase(void **state)
{
	struct sass_listing l;
	struct err e;
	const struct sass_kernel *k;
	const struct sass_insn *in;
	(void)state;

	assert_int_equal(sass_read_file(&l, "tests/data/h200/sass.txt", &e), SIM_OK);
	k = &l.kernel[0];
	assert_string_equal(k->name, "_Z16cal_chase_globalILb1EEvyiiPyS0_Pi");
	assert_int_equal(k->line, 25);
	assert_int_equal(k->n, 56);
	assert_null(k->section);

	/* at 0x0: LDC R1, c[0x0][0x28] ;  0x00000a00ff017b82 / 0x000ff00000000800 */
	in = &k->insn[0];
	assert_int_equal(in->line, 27);
	assert_string_equal(in->text, "LDC R1, c[0x0][0x28]");
	assert_string_equal(in->opcode, "LDC");
	assert_string_equal(in->mods, "");
	assert_int_equal(in->pred, -1);
	assert_int_equal(in->nop, 2);
	assert_int_equal(in->op[0].kind, SASS_REG);
	assert_int_equal(in->op[0].num, 1);
	assert_int_equal(in->op[1].kind, SASS_CONST);
	assert_int_equal(in->op[1].bank, 0);
	assert_int_equal(in->op[1].ival, 0x28);
	assert_int_equal(in->op[1].num, SASS_NONE);
	assert_int_equal(in->op[1].unum, SASS_NONE);
	assert_int_equal(in->op[1].desc, SASS_NONE);
	assert_string_equal(otext(in, 1), "c[0x0][0x28]");
	assert_true(in->enc_lo == 0x00000a00ff017b82ULL);
	assert_true(in->enc_hi == 0x000ff00000000800ULL);
	/* control(0x000ff00000000800): stall 8, wbar 7, rbar 7, wait 0; yield bit 1 */
	assert_int_equal(in->ctrl.stall, 8);
	assert_int_equal(in->ctrl.yield, 0);
	assert_int_equal(in->ctrl.wbar, 7);
	assert_int_equal(in->ctrl.rbar, 7);
	assert_int_equal(in->ctrl.wait, 0);
	assert_int_equal(in->ctrl.reuse, 0);

	/* at 0x10: LDC R0, c[0x0][0x218] ; 0x000e220000000800: stall 1, wbar 0 */
	in = at_pc(k, 0x10);
	assert_int_equal(in->ctrl.stall, 1);
	assert_int_equal(in->ctrl.wbar, 0);
	assert_int_equal(in->ctrl.wait, 0);

	/* at 0x20: ULDC.64 UR4, c[0x0][0x210] */
	in = at_pc(k, 0x20);
	assert_string_equal(in->opcode, "ULDC");
	assert_string_equal(in->mods, "64");
	assert_int_equal(in->op[0].kind, SASS_UREG);
	assert_int_equal(in->op[0].num, 4);

	/* at 0x40: IMAD.U32 R2, RZ, RZ, UR4 */
	in = at_pc(k, 0x40);
	assert_string_equal(in->opcode, "IMAD");
	assert_string_equal(in->mods, "U32");
	assert_int_equal(in->op[1].kind, SASS_REG);
	assert_int_equal(in->op[1].num, SASS_RZ);
	assert_int_equal(in->op[3].kind, SASS_UREG);
	assert_int_equal(in->op[3].num, 4);

	/* at 0x60: ISETP.GE.AND P0, PT, R0, 0x1, PT ; 0x001fda0003f06270:
	 * stall 13, wait 1: it reads R0, which LDC at 0x10 writes through SB0;
	 * yield bit 0: the warp yields */
	in = at_pc(k, 0x60);
	assert_string_equal(in->mods, "GE.AND");
	assert_int_equal(in->nop, 5);
	assert_int_equal(in->op[0].kind, SASS_PRED);
	assert_int_equal(in->op[0].num, 0);
	assert_int_equal(in->op[1].kind, SASS_PRED);
	assert_int_equal(in->op[1].num, SASS_PT);
	assert_int_equal(in->op[3].kind, SASS_IMM);
	assert_int_equal(in->op[3].ival, 1);
	assert_int_equal(in->op[3].is_float, 0);
	assert_int_equal(in->ctrl.stall, 13);
	assert_int_equal(in->ctrl.yield, 1);
	assert_int_equal(in->ctrl.wait, 1);

	/* at 0x70: @!P0 BRA 0xd0 */
	in = at_pc(k, 0x70);
	assert_string_equal(in->text, "@!P0 BRA 0xd0");
	assert_int_equal(in->pred, 0);
	assert_int_equal(in->pred_neg, 1);
	assert_int_equal(in->pred_uniform, 0);
	assert_string_equal(in->opcode, "BRA");
	assert_int_equal(in->target, 0xd0);
	assert_int_equal(in->op[0].kind, SASS_TARGET);
	assert_int_equal(in->op[0].ival, 0xd0);

	/* at 0xa0: LDG.E.64.STRONG.GPU R2, desc[UR6][R2.64] ; 0x020f6a000c1efb00:
	 * stall 5, wbar 5, wait 32 */
	in = at_pc(k, 0xa0);
	assert_string_equal(in->opcode, "LDG");
	assert_string_equal(in->mods, "E.64.STRONG.GPU");
	assert_int_equal(in->op[1].kind, SASS_MEM);
	assert_int_equal(in->op[1].desc, 6);
	assert_int_equal(in->op[1].num, 2);
	assert_int_equal(in->op[1].wide, 1);
	assert_int_equal(in->op[1].unum, SASS_NONE);
	assert_int_equal(in->op[1].ival, 0);
	assert_int_equal(in->ctrl.stall, 5);
	assert_int_equal(in->ctrl.wbar, 5);
	assert_int_equal(in->ctrl.wait, 32);

	/* at 0xc0: @!P0 BRA 0x90: the loop's back edge */
	assert_int_equal(at_pc(k, 0xc0)->target, 0x90);

	/* at 0xd0: ISETP.NE.U32.AND P0, PT, R2, RZ, PT ; 0x020fc80003f05070:
	 * reads R2 of the LDG at 0xa0 (SB5): wait 32 */
	in = at_pc(k, 0xd0);
	assert_int_equal(in->ctrl.wait, 32);
	assert_int_equal(in->ctrl.wbar, 7);

	/* at 0x110: @!P0 STG.E desc[UR6][R4.64], R7 ; 0x0011e2000c101906:
	 * rbar 0 (its sources are read later), wait 1 */
	in = at_pc(k, 0x110);
	assert_int_equal(in->pred, 0);
	assert_int_equal(in->op[0].kind, SASS_MEM);
	assert_int_equal(in->ctrl.rbar, 0);
	assert_int_equal(in->ctrl.wbar, 7);
	assert_int_equal(in->ctrl.wait, 1);

	/* at 0x120: CS2R R12, SR_CLOCKLO */
	in = at_pc(k, 0x120);
	assert_int_equal(in->op[1].kind, SASS_SPECIAL);
	assert_string_equal(otext(in, 1), "SR_CLOCKLO");

	/* the chase: LDG R4, [R2.64] (wbar 2), then LDG R4, [R4.64] waits on SB2 (wait 4) */
	in = at_pc(k, 0x170);
	assert_int_equal(in->ctrl.wbar, 2);
	in = at_pc(k, 0x180);
	assert_int_equal(in->op[1].num, 4);
	assert_int_equal(in->ctrl.wait, 4);
	assert_int_equal(in->ctrl.wbar, 2);

	/* NOP padding: 0x000fc00000000000 is 0x7e0 >> ... stall 0, yield ("Y") */
	in = &k->insn[k->n - 1];
	assert_string_equal(in->opcode, "NOP");
	assert_string_equal(in->text, "NOP");
	assert_int_equal(in->nop, 0);
	assert_int_equal(in->ctrl.raw, 0x7e0);
	assert_int_equal(in->ctrl.yield, 1);
	sass_free(&l);

	/* SHF.R.U32.HI R7, RZ, 0x5, R6.reuse (lsu/sass.txt, l1c1 at 0xb0):
	 * 0x100fe40000011606: reuse 4 = source slot 2, where R6 is */
	assert_int_equal(sass_read_file(&l, "tests/data/h200/lsu/sass.txt", &e), SIM_OK);
	in = at_pc(&l.kernel[0], 0xb0);
	assert_string_equal(in->text, "SHF.R.U32.HI R7, RZ, 0x5, R6.reuse");
	assert_int_equal(in->op[3].reuse, 1);
	assert_int_equal(in->op[3].num, 6);
	assert_string_equal(otext(in, 3), "R6.reuse");
	assert_int_equal(in->op[3].sfx_len, 0);
	assert_int_equal(in->ctrl.reuse, 4);
	assert_int_equal(in->ctrl.stall, 2);
	/* BSSY B0, 0x1f0 at 0x60 */
	in = at_pc(&l.kernel[0], 0x60);
	assert_string_equal(in->opcode, "BSSY");
	assert_int_equal(in->op[0].kind, SASS_BREG);
	assert_int_equal(in->op[0].num, 0);
	assert_int_equal(in->target, 0x1f0);
	sass_free(&l);
}

/* ---- operand forms ---- */

static const char operand_forms[] =
	"        /*0000*/              @!UP1 FFMA.FTZ R1.reuse, -R2, |R3|, -|R4| ;\n"
	"        /*0010*/                   LDC R5, c[0x3][R6+-0x4] ;\n"
	"        /*0020*/                   LDC.64 R8, cx[UR4][R0+0x10] ;\n"
	"        /*0030*/                   MOV R9, c[0x0] [0x160] ;\n"
	"        /*0040*/                   LDG.E R10, [R2.64+UR4+0x10] ;\n"
	"        /*0050*/                   LDL R11, [R1+-0x4] ;\n"
	"        /*0060*/                   LDS R12, [UR4+0x8] ;\n"
	"        /*0070*/                   LDS.U16 R13, [0x100] ;\n"
	"        /*0080*/                   HFMA2 R14, R2.H1_H1, -RZ.H0_H0, R4.H0_H0 ;\n"
	"        /*0090*/                   S2R R15, SR_TID.X ;\n"
	"        /*00a0*/                   LOP3.LUT P0, R16, ~R5, 0xff, RZ, 0xc0, !PT ;\n"
	"        /*00b0*/                   FMUL R17, R1, 1.5e-07 ;\n"
	"        /*00c0*/                   FSEL R18, -INF , +QNAN , P1 ;\n"
	"        /*00d0*/                   IADD3 R19, R1, -0x10, RZ ;\n"
	"        /*00e0*/                   MOV R20, 32@lo((_Z1kv + .L_x_0@srel)) ;\n"
	"        /*00f0*/                   TEX.SCR.LL R0, R0, R2, 0x0, 0x58, 2D, 0x1 ;\n"
	"        /*0100*/                   RET.REL.NODEC R20 0x0 ;\n"
	"        /*0110*/                   BSYNC B1 ;\n"
	"        /*0120*/                   DEPBAR.LE SB0, 0x1 ;\n"
	"        /*0130*/                   UISETP.NE.AND UP0, UPT, UR4, URZ, UPT ;\n"
	"        /*0140*/                   STG.E.64 gdesc[UR6][R2.64+0x8], R4 ;\n"
	"        /*0150*/                   DMUL R6, R6, 1.80143985094819840000e+16 ;\n"
	"        /*0160*/                   IMAD.MOV.U32 R2, RZ, RZ, 0xffffffffffffffff ;\n"
	"        /*0170*/                   BRX R2 -0x170 (*\"BRANCH_TARGETS .L_x_3,.L_x_4\"*) ;\n"
	"        /*0180*/                   FADD R3, |R3|.H1, 0.5 ;\n"
	"        /*0190*/                   EXIT ;\n";

static void operands(void **state)
{
	struct sass_listing l;
	const struct sass_kernel *k;
	const struct sass_insn *in;
	(void)state;

	read_ok(operand_forms, &l);
	assert_int_equal(l.nkernel, 1);
	k = &l.kernel[0];
	assert_string_equal(k->name, ""); /* no function header */
	assert_int_equal(k->line, 1);
	assert_int_equal(k->sm, 0);
	assert_int_equal(k->has_ctrl, 0); /* text only */
	assert_int_equal(k->n, 26);

	in = at_pc(k, 0x0);
	assert_int_equal(in->pred, 1);
	assert_int_equal(in->pred_neg, 1);
	assert_int_equal(in->pred_uniform, 1);
	assert_string_equal(in->mods, "FTZ");
	assert_int_equal(in->ctrl.valid, 0);
	assert_true(in->enc_lo == 0 && in->enc_hi == 0);
	assert_int_equal(in->op[0].reuse, 1);
	assert_int_equal(in->op[1].neg, 1);
	assert_int_equal(in->op[1].num, 2);
	assert_int_equal(in->op[2].abs, 1);
	assert_int_equal(in->op[2].neg, 0);
	assert_int_equal(in->op[3].abs, 1);
	assert_int_equal(in->op[3].neg, 1);
	assert_string_equal(otext(in, 3), "-|R4|");

	in = at_pc(k, 0x10); /* c[0x3][R6+-0x4] */
	assert_int_equal(in->op[1].kind, SASS_CONST);
	assert_int_equal(in->op[1].bank, 3);
	assert_int_equal(in->op[1].num, 6);
	assert_int_equal(in->op[1].ival, -4);
	in = at_pc(k, 0x20); /* cx[UR4][R0+0x10] */
	assert_int_equal(in->op[1].kind, SASS_CONST);
	assert_int_equal(in->op[1].bank, -1);
	assert_int_equal(in->op[1].desc, 4);
	assert_int_equal(in->op[1].num, 0);
	assert_int_equal(in->op[1].ival, 0x10);
	in = at_pc(k, 0x30); /* c[0x0] [0x160], with the space */
	assert_int_equal(in->op[1].kind, SASS_CONST);
	assert_int_equal(in->op[1].ival, 0x160);
	assert_int_equal(in->op[1].num, SASS_NONE);
	in = at_pc(k, 0x40); /* [R2.64+UR4+0x10] */
	assert_int_equal(in->op[1].kind, SASS_MEM);
	assert_int_equal(in->op[1].num, 2);
	assert_int_equal(in->op[1].wide, 1);
	assert_int_equal(in->op[1].unum, 4);
	assert_int_equal(in->op[1].ival, 0x10);
	assert_int_equal(in->op[1].desc, SASS_NONE);
	in = at_pc(k, 0x50); /* [R1+-0x4] */
	assert_int_equal(in->op[1].num, 1);
	assert_int_equal(in->op[1].wide, 0);
	assert_int_equal(in->op[1].ival, -4);
	in = at_pc(k, 0x60); /* [UR4+0x8] */
	assert_int_equal(in->op[1].num, SASS_NONE);
	assert_int_equal(in->op[1].unum, 4);
	assert_int_equal(in->op[1].ival, 8);
	in = at_pc(k, 0x70); /* [0x100] */
	assert_int_equal(in->op[1].num, SASS_NONE);
	assert_int_equal(in->op[1].unum, SASS_NONE);
	assert_int_equal(in->op[1].ival, 0x100);

	in = at_pc(k, 0x80); /* R2.H1_H1, -RZ.H0_H0 */
	assert_int_equal(in->op[1].num, 2);
	assert_int_equal(in->op[1].sfx_len, 5);
	assert_memory_equal(in->text + in->op[1].sfx_off, "H1_H1", 5);
	assert_int_equal(in->op[2].num, SASS_RZ);
	assert_int_equal(in->op[2].neg, 1);
	in = at_pc(k, 0x90); /* SR_TID.X */
	assert_int_equal(in->op[1].kind, SASS_SPECIAL);
	assert_string_equal(otext(in, 1), "SR_TID.X");
	assert_memory_equal(in->text + in->op[1].sfx_off, "X", 1);
	in = at_pc(k, 0xa0); /* ~R5, !PT */
	assert_int_equal(in->nop, 7);
	assert_int_equal(in->op[2].bnot, 1);
	assert_int_equal(in->op[6].kind, SASS_PRED);
	assert_int_equal(in->op[6].lnot, 1);
	assert_int_equal(in->op[6].num, SASS_PT);
	in = at_pc(k, 0xb0);
	assert_int_equal(in->op[2].kind, SASS_IMM);
	assert_int_equal(in->op[2].is_float, 1);
	assert_true(in->op[2].fval == 1.5e-07);
	in = at_pc(k, 0xc0); /* -INF , +QNAN , P1 */
	assert_int_equal(in->nop, 4);
	assert_true(isinf(in->op[1].fval) && in->op[1].fval < 0);
	assert_int_equal(in->op[1].neg, 0);
	assert_string_equal(otext(in, 1), "-INF");
	assert_true(isnan(in->op[2].fval));
	assert_int_equal(in->op[3].kind, SASS_PRED);
	in = at_pc(k, 0xd0); /* -0x10: the sign is in the value */
	assert_int_equal(in->op[2].kind, SASS_IMM);
	assert_int_equal(in->op[2].ival, -16);
	assert_int_equal(in->op[2].neg, 0);
	in = at_pc(k, 0xe0); /* a relocation: other, whole */
	assert_int_equal(in->nop, 2);
	assert_int_equal(in->op[1].kind, SASS_OTHER);
	assert_string_equal(otext(in, 1), "32@lo((_Z1kv + .L_x_0@srel))");
	in = at_pc(k, 0xf0); /* 2D is other, the numbers are numbers */
	assert_int_equal(in->nop, 7);
	assert_int_equal(in->op[4].ival, 0x58);
	assert_int_equal(in->op[5].kind, SASS_OTHER);
	assert_string_equal(otext(in, 5), "2D");
	in = at_pc(k, 0x100); /* operands without a comma */
	assert_int_equal(in->nop, 2);
	assert_int_equal(in->op[0].kind, SASS_REG);
	assert_int_equal(in->op[0].num, 20);
	assert_int_equal(in->op[1].kind, SASS_IMM);
	assert_int_equal(in->target, -1);
	in = at_pc(k, 0x110);
	assert_int_equal(in->op[0].kind, SASS_BREG);
	assert_int_equal(in->op[0].num, 1);
	in = at_pc(k, 0x120);
	assert_int_equal(in->op[0].kind, SASS_SB);
	assert_int_equal(in->op[0].num, 0);
	in = at_pc(k, 0x130);
	assert_int_equal(in->op[0].kind, SASS_UPRED);
	assert_int_equal(in->op[1].kind, SASS_UPRED);
	assert_int_equal(in->op[1].num, SASS_PT);
	assert_int_equal(in->op[3].kind, SASS_UREG);
	assert_int_equal(in->op[3].num, SASS_URZ);
	in = at_pc(k, 0x140); /* gdesc[UR6][R2.64+0x8] */
	assert_int_equal(in->op[0].kind, SASS_MEM);
	assert_int_equal(in->op[0].desc, 6);
	assert_int_equal(in->op[0].ival, 8);
	in = at_pc(k, 0x150);
	assert_true(in->op[2].fval == 1.80143985094819840000e+16);
	in = at_pc(k, 0x160); /* 64-bit hex kept as bits */
	assert_true((uint64_t)in->op[3].ival == UINT64_MAX);
	in = at_pc(k, 0x170); /* nvdisasm's branch-target annotation is one operand */
	assert_int_equal(in->nop, 3);
	assert_int_equal(in->op[1].ival, -0x170);
	assert_int_equal(in->op[2].kind, SASS_OTHER);
	assert_string_equal(otext(in, 2), "(*\"BRANCH_TARGETS .L_x_3,.L_x_4\"*)");
	in = at_pc(k, 0x180); /* |R3|.H1 */
	assert_int_equal(in->op[1].abs, 1);
	assert_int_equal(in->op[1].num, 3);
	assert_memory_equal(in->text + in->op[1].sfx_off, "H1", 2);
	assert_true(in->op[2].fval == 0.5);
	for (int i = 0; i < SASS_KIND_COUNT; i++)
		assert_non_null(sass_kind_names[i]);
	sass_free(&l);
}

/* ---- nvdisasm ---- */

/* The plain form (nvdisasm -g): data sections, two functions, labels,
 * line-info comments, a call to the second function. */
static const char nvdisasm_plain[] =
	"\t.headerflags\t@\"EF_CUDA_TEXMODE_UNIFIED EF_CUDA_64BIT_ADDRESS EF_CUDA_SM80 EF_CUDA_VIRTUAL_SM(EF_CUDA_SM80)\"\n"
	"\t.elftype\t@\"ET_EXEC\"\n"
	"\n"
	"//--------------------- .nv.info                  --------------------------\n"
	"\t.section\t.nv.info,\"\",@\"SHT_CUDA_INFO\"\n"
	"\t.align\t4\n"
	".L_0:\n"
	"        /*0000*/ \t.byte\t0x04, 0x2f\n"
	"        /*0004*/ \t.word\tindex@(k)\n"
	"\n"
	"//--------------------- .text._Z1kPfi             --------------------------\n"
	"\t.section\t.text._Z1kPfi,\"ax\",@progbits\n"
	"\t.sectioninfo\t@\"SHI_REGISTERS=24\"\n"
	"\t.align\t128\n"
	"        .global         _Z1kPfi\n"
	"        .type           _Z1kPfi,@function\n"
	"        .size           _Z1kPfi,(.L_x_4 - _Z1kPfi)\n"
	"        .other          _Z1kPfi,@\"STO_CUDA_ENTRY STV_DEFAULT\"\n"
	"_Z1kPfi:\n"
	".text._Z1kPfi:\n"
	"\t//## File \"/tmp/k.cu\", line 2\n"
	"        /*0000*/                   MOV R1, c[0x0][0x28] ;\n"
	"        /*0010*/                   ISETP.GE.AND P0, PT, R0, 0x1, PT ;\n"
	"        /*0020*/                   BSSY B0, `(.L_x_1) ;\n"
	"        /*0030*/               @P0 BRA `(.L_x_0) ;\n"
	"        /*0040*/                   CALL.ABS.NOINC `(cbrt) ;\n"
	".L_x_0:\n"
	"        /*0050*/                   BSYNC B0 ;\n"
	".L_x_1:\n"
	"        /*0060*/                   EXIT ;\n"
	".L_x_2:\n"
	"        /*0070*/                   BRA `(.L_x_2);\n"
	"        /*0080*/                   NOP;\n"
	".L_x_4:\n"
	"\n"
	"//--------------------- .text.cbrt                --------------------------\n"
	"\t.section\t.text.cbrt,\"ax\",@progbits\n"
	"\t.sectioninfo\t@\"SHI_REGISTERS=36\"\n"
	".text.cbrt:\n"
	"        .type           cbrt,@function\n"
	"cbrt:\n"
	"        /*0000*/              @!PT SHFL.IDX PT, RZ, RZ, RZ, RZ ;\n"
	"        /*0010*/                   RET.ABS.NODEC R20 0x0 ;\n"
	".L_x_3:\n"
	"        /*0020*/                   BRA `(.L_x_3);\n"
	".L_x_13:\n"
	"\n"
	"//--------------------- .nv.shared._Z1kPfi --------------------------\n"
	"\t.section\t.nv.shared._Z1kPfi,\"aw\",@nobits\n"
	"\t.zero\t\t1024\n";

/* The -hex form: the high word on the next line, life ranges after ';'. */
static const char nvdisasm_hex[] =
	"\t.headerflags\t@\"EF_CUDA_SM90 EF_CUDA_VIRTUAL_SM(EF_CUDA_SM90)\"\n"
	"\t.section\t.text.fma_chain,\"ax\",@progbits\n"
	"\t.sectioninfo\t@\"SHI_REGISTERS=8\"\n"
	"fma_chain:\n"
	".text.fma_chain:\n"
	"                                                                        // +--------+\n"
	"                                                                        // | GPR    |\n"
	"        /*0000*/                   LDC R1, c[0x0][0x28] ;                 /* 0x00000a00ff017b82 */  // |  1     |\n"
	"                                                                        /* 0x000fe20000000800 */\n"
	".L_x_0:\n"
	"        /*0010*/                   FFMA R2, R2, R3, R4 ;                  /* 0x0000000302027223 */\n"
	"\n"
	"                                                                        /* 0x004fc80000000004 */\n"
	"        /*0020*/              @!P0 BRA `(.L_x_0) ;                        /* 0xfffffffc00f08947 */\n"
	"                                                                        /* 0x000fea000383ffff */\n"
	"        /*0030*/                   EXIT ;                                 /* 0x000fc00000000000000000000000794d */\n";

/* nvdisasm -c: code only, ".text.NAME:" starts each function. */
static const char nvdisasm_code_only[] =
	"\t.text._Z1av:\n"
	"        /*0000*/                   EXIT ;\n"
	"        /*0010*/                   BRA 0x10;\n"
	"\t.text._Z1bv:\n"
	"        /*0000*/                   NOP ;\n"
	"        /*0010*/                   EXIT ;\n";

static void nvdisasm_forms(void **state)
{
	struct sass_listing l;
	const struct sass_kernel *k;
	const struct sass_insn *in;
	(void)state;

	read_ok(nvdisasm_plain, &l);
	assert_int_equal(l.nkernel, 2);
	assert_int_equal(l.ninsn, 12);
	k = &l.kernel[0];
	assert_string_equal(k->name, "_Z1kPfi");
	assert_int_equal(k->sm, 80);
	assert_int_equal(k->regs, 24);
	assert_int_equal(k->smem, -1);
	assert_int_equal(k->line, 12);
	assert_int_equal(k->n, 9);
	assert_int_equal(k->has_ctrl, 0);
	in = at_pc(k, 0x20); /* BSSY B0, `(.L_x_1) */
	assert_int_equal(in->target, 0x60);
	assert_int_equal(in->op[1].kind, SASS_TARGET);
	assert_int_equal(in->op[1].ival, 0x60);
	assert_string_equal(otext(in, 1), "`(.L_x_1)");
	in = at_pc(k, 0x30); /* @P0 BRA `(.L_x_0) */
	assert_int_equal(in->pred, 0);
	assert_int_equal(in->pred_neg, 0);
	assert_int_equal(in->target, 0x50);
	assert_int_equal(in->line, 25);
	in = at_pc(k, 0x40); /* a call to another function: no pc here */
	assert_string_equal(in->opcode, "CALL");
	assert_string_equal(in->mods, "ABS.NOINC");
	assert_int_equal(in->target, -1);
	assert_int_equal(in->op[0].kind, SASS_TARGET);
	assert_int_equal(in->op[0].ival, -1);
	assert_string_equal(otext(in, 0), "`(cbrt)");
	in = at_pc(k, 0x70); /* BRA `(.L_x_2); without a space before ';' */
	assert_int_equal(in->target, 0x70);
	assert_string_equal(in->text, "BRA `(.L_x_2)");
	assert_string_equal(k->insn[k->n - 1].text, "NOP");
	k = &l.kernel[1];
	assert_string_equal(k->name, "cbrt");
	assert_int_equal(k->regs, 36);
	assert_int_equal(k->n, 3);
	assert_int_equal(k->insn[0].pred, SASS_PT);
	assert_int_equal(k->insn[0].pred_neg, 1);
	assert_int_equal(k->insn[2].target, 0x20);
	sass_free(&l);

	read_ok(nvdisasm_hex, &l);
	assert_int_equal(l.nkernel, 1);
	k = &l.kernel[0];
	assert_string_equal(k->name, "fma_chain");
	assert_int_equal(k->sm, 90);
	assert_int_equal(k->regs, 8);
	assert_int_equal(k->n, 4);
	assert_int_equal(k->has_ctrl, 1);
	in = at_pc(k, 0x10); /* the high word after a blank line */
	assert_true(in->enc_lo == 0x0000000302027223ULL);
	assert_true(in->enc_hi == 0x004fc80000000004ULL);
	assert_int_equal(in->ctrl.wait, 4);
	assert_int_equal(in->ctrl.stall, 4);
	assert_int_equal(at_pc(k, 0x20)->target, 0x10);
	in = at_pc(k, 0x30); /* one 128-bit word: high half first */
	assert_true(in->enc_hi == 0x000fc00000000000ULL);
	assert_true(in->enc_lo == 0x000000000000794dULL);
	assert_int_equal(in->ctrl.raw, 0x7e0);
	sass_free(&l);

	read_ok(nvdisasm_code_only, &l);
	assert_int_equal(l.nkernel, 2);
	assert_string_equal(l.kernel[0].name, "_Z1av");
	assert_string_equal(l.kernel[1].name, "_Z1bv");
	assert_int_equal(l.kernel[0].insn[1].target, 0x10);
	assert_int_equal(l.kernel[1].n, 2);
	sass_free(&l);
}

/* ---- cuobjdump forms ---- */

/* -res-usage and -sass of the same file, two architectures. */
static const char res_usage[] =
	"\n"
	"Fatbin elf code:\n"
	"================\n"
	"arch = sm_80\n"
	"code version = [1,7]\n"
	"host = linux\n"
	"compile_size = 64bit\n"
	"\n"
	"Resource usage:\n"
	" Common:\n"
	"  GLOBAL:0\n"
	" Function _Z9fma_chainPfff:\n"
	"  REG:40 STACK:8 SHARED:1024 LOCAL:16 CONSTANT[0]:368 TEXTURE:0 SURFACE:0 SAMPLER:0\n"
	" Function _Z5otherv:\n"
	"  REG:12 STACK:0 SHARED:0 LOCAL:0 TEXTURE:0 SURFACE:0 SAMPLER:0\n"
	"\n"
	"Fatbin elf code:\n"
	"================\n"
	"arch = sm_90\n"
	"\n"
	"Resource usage:\n"
	" Common:\n"
	"  GLOBAL:0\n"
	" Function _Z9fma_chainPfff:\n"
	"  REG:64 STACK:0 SHARED:2048 LOCAL:0 CONSTANT[0]:368 TEXTURE:0 SURFACE:0 SAMPLER:0\n"
	"\n"
	"Fatbin elf code:\n"
	"================\n"
	"arch = sm_80\n"
	"\n"
	"\tcode for sm_80\n"
	"\t\tFunction : _Z9fma_chainPfff\n"
	"\t.headerflags\t@\"EF_CUDA_SM80 EF_CUDA_VIRTUAL_SM(EF_CUDA_SM80)\"\n"
	"        /*0000*/                   EXIT ;  /* 0x000000000000794d */\n"
	"                                           /* 0x000fea0003800000 */\n"
	"\t\t..........\n"
	"\n"
	"Fatbin elf code:\n"
	"================\n"
	"arch = sm_90\n"
	"\n"
	"\tcode for sm_90\n"
	"\t\tFunction : _Z9fma_chainPfff\n"
	"\t.headerflags\t@\"EF_CUDA_SM90 EF_CUDA_VIRTUAL_SM(EF_CUDA_SM90)\"\n"
	"        /*0000*/                   EXIT ;  /* 0x000000000000794d */\n"
	"                                           /* 0x000fea0003800000 */\n"
	"\t\t..........\n"
	"\n"
	"Fatbin ptx code:\n"
	"================\n"
	"arch = sm_90\n"
	"\t.section .debug_str { }\n"
	"\t\tFunction : ptx_is_not_read\n"
	"/*0000*/ ld.param.u64 %rd1, [x]\n";

static void res_usage_lines(void **state)
{
	struct sass_listing l;
	struct err e;
	(void)state;

	read_ok(res_usage, &l);
	assert_int_equal(l.nkernel, 2);
	assert_int_equal(l.kernel[0].sm, 80);
	assert_int_equal(l.kernel[0].regs, 40);
	assert_int_equal(l.kernel[0].stack, 8);
	assert_int_equal(l.kernel[0].smem, 1024);
	assert_int_equal(l.kernel[0].local, 16);
	assert_int_equal(l.kernel[1].sm, 90);
	assert_int_equal(l.kernel[1].regs, 64);
	assert_int_equal(l.kernel[1].stack, 0);
	assert_int_equal(l.kernel[1].smem, 2048);
	assert_int_equal(l.kernel[1].local, 0);
	/* the same name twice: ambiguous, the message lists both */
	assert_null(sass_find_kernel(&l, "fma_chain", &e));
	assert_non_null(strstr(e.msg, "2 functions match"));
	assert_non_null(strstr(e.msg, "_Z9fma_chainPfff (line 32), _Z9fma_chainPfff (line 43)"));
	sass_free(&l);

	/* -res-usage alone is no listing */
	static const char only_res[] = "Resource usage:\n Function _Z1kv:\n  REG:8 STACK:0 SHARED:0 LOCAL:0\n";
	assert_int_equal(sass_read(&l, only_res, strlen(only_res), "r.txt", &e), SIM_EINPUT);
	assert_string_equal(e.msg, "r.txt: no instructions found (expected a cuobjdump -sass or nvdisasm listing, "
				   "with lines like /*0040*/ IMAD R2, R3, R4, R5 ;)");
}

/* Pre-Volta code is skipped (one control word before three instructions);
 * a cu++filt-demangled header keeps its signature. */
static const char mixed_arch[] =
	"Fatbin elf code:\n"
	"================\n"
	"arch = sm_52\n"
	"\tcode for sm_52\n"
	"\t\tFunction : _Z1kPfS_\n"
	"\t.headerflags    @\"EF_CUDA_SM52 EF_CUDA_PTX_SM(EF_CUDA_SM52)\"\n"
	"                                                                     /* 0x083fc400e3e007f6 */\n"
	"        /*0008*/                   MOV R1, c[0x0][0x20] ;            /* 0x4c98078000870001 */\n"
	"        /*0010*/                   S2R R2, SR_TID.X ;                /* 0xf0c8000002170002 */\n"
	"\n"
	"Fatbin elf code:\n"
	"================\n"
	"arch = sm_90\n"
	"\tcode for sm_90\n"
	"\t\tFunction : k(float*, float*)\n"
	"        /*0000*/                   EXIT ;\n";

static void skipped_blocks(void **state)
{
	struct sass_listing l;
	struct err e;
	(void)state;

	read_ok(mixed_arch, &l);
	assert_int_equal(l.nkernel, 1);
	assert_string_equal(l.kernel[0].name, "k(float*, float*)");
	assert_ptr_equal(l.kernel[0].demangled, l.kernel[0].name);
	assert_int_equal(l.kernel[0].sm, 90);
	assert_ptr_equal(sass_find_kernel(&l, "k(float*, float*)", &e), &l.kernel[0]);
	sass_free(&l);

	/* only pre-Volta code: refused, naming it */
	static const char old[] = "\tcode for sm_61\n\t\tFunction : f\n        /*0008*/ MOV R1, c[0x0][0x20] ;\n";
	assert_int_equal(sass_read(&l, old, strlen(old), "o.sass", &e), SIM_EINPUT);
	assert_string_equal(e.msg, "o.sass: no sm_70+ instructions: the listing holds sm_61 code (expected sm_70 or later, "
				   "whose 128-bit instructions carry their control bits)");
	/* the same without any architecture line: the control word before the
	 * instructions gives it away */
	static const char old2[] = "\t\tFunction : f\n    /* 0x083fc400e3e007f6 */\n        /*0008*/ MOV R1, c[0x0][0x20] ;\n";
	assert_int_equal(sass_read(&l, old2, strlen(old2), "o.sass", &e), SIM_EINPUT);
	assert_non_null(strstr(e.msg, "o.sass:2:5: encoding word without an instruction"));
	assert_null(l.kernel);
}

/* The same listings with CRLF line ends read the same. */
static void crlf(void **state)
{
	const char *const texts[] = {nvdisasm_plain, nvdisasm_hex, res_usage, operand_forms, mixed_arch};
	(void)state;
	for (size_t t = 0; t < sizeof texts / sizeof texts[0]; t++) {
		struct sass_listing a, b;
		size_t n = strlen(texts[t]), m = 0;
		char *dos = malloc(2 * n + 1);
		assert_non_null(dos);
		for (size_t i = 0; i < n; i++) {
			if (texts[t][i] == '\n')
				dos[m++] = '\r';
			dos[m++] = texts[t][i];
		}
		dos[m] = '\0';
		read_ok(texts[t], &a);
		read_ok(dos, &b);
		assert_int_equal(a.nkernel, b.nkernel);
		assert_int_equal(a.ninsn, b.ninsn);
		for (int k = 0; k < a.nkernel; k++) {
			const struct sass_kernel *x = &a.kernel[k], *y = &b.kernel[k];
			assert_string_equal(x->name, y->name);
			assert_int_equal(x->regs, y->regs);
			assert_int_equal(x->smem, y->smem);
			assert_int_equal(x->sm, y->sm);
			for (int i = 0; i < x->n; i++) {
				const struct sass_insn *p = &x->insn[i], *q = &y->insn[i];
				assert_string_equal(p->text, q->text);
				assert_string_equal(p->mods, q->mods);
				assert_int_equal(p->nop, q->nop);
				assert_int_equal(p->target, q->target);
				assert_int_equal(p->ctrl.raw, q->ctrl.raw);
				assert_int_equal(p->ctrl.valid, q->ctrl.valid);
				for (int j = 0; j < p->nop; j++) {
					assert_int_equal(p->op[j].kind, q->op[j].kind);
					assert_int_equal(p->op[j].ival, q->op[j].ival);
					assert_int_equal(p->op[j].len, q->op[j].len);
				}
			}
		}
		sass_free(&a);
		sass_free(&b);
		free(dos);
	}
}

/* ---- errors ---- */

static void bad_listings(void **state)
{
	static const struct {
		const char *text, *msg; /* msg: the whole message */
	} cases[] = {
		{"", "t.sass: no instructions found (expected a cuobjdump -sass or nvdisasm listing, with lines like /*0040*/ IMAD R2, R3, R4, R5 ;)"},
		{"hello\nworld\n", "t.sass: no instructions found (expected a cuobjdump -sass or nvdisasm listing, with lines like /*0040*/ IMAD R2, R3, R4, R5 ;)"},
		{"\t\tFunction : f\n", "t.sass: no instructions found (expected a cuobjdump -sass or nvdisasm listing, with lines like /*0040*/ IMAD R2, R3, R4, R5 ;)"},
		/* truncated instructions */
		{"/*0000*/ NOP ;\n/*0010*/ FFMA R1, R2, R3, R4\n", "t.sass:2:29: truncated instruction (expected ';' ending it, got the end of the line)"},
		{"/*0000*/\n", "t.sass:1:9: missing instruction (expected an instruction after the address, got the end of the line)"},
		{"/*0000 NOP ;\n", "t.sass:1:7: malformed address (expected '*/' closing it, as in /*0040*/, got \"NOP\")"},
		{"/*000000000*/ NOP ;\n", "t.sass:1:1: address too long (expected at most 8 hex digits, as in /*0040*/, got \"/*000000000*/\")"},
		/* encoding words */
		{"/*0000*/ NOP ; /* 0x12 */\n", "t.sass:1:16: malformed encoding word (expected /* 0x followed by 16 hex digits */, got \"/*\")"},
		{"/*0000*/ NOP ; /* 0x000000000000791g */\n", "t.sass:1:16: malformed encoding word (expected /* 0x followed by 16 hex digits */, got \"/*\")"},
		{"/*0000*/ NOP ; /* 12 */\n", "t.sass:1:19: malformed encoding word (expected /* 0x followed by 16 hex digits */, got \"12\")"},
		{"/*0000*/ NOP ; /* 0x0000000000007918\n", "t.sass:1:37: malformed encoding word (expected '*/' closing it, got the end of the line)"},
		{"/*0000*/ NOP ; /* 0x0000000000007918 */\n  /* 0xzz */\n", "t.sass:2:3: malformed encoding word (expected /* 0x followed by 16 hex digits */, got \"/*\")"},
		{"/*0000*/ NOP ; /* 0x0000000000007918 */\n/* 0x000fc00000000000000000000000794d */\n",
		 "t.sass:2:1: malformed encoding word (expected /* 0x followed by 16 hex digits */ (the high word), got \"/*\")"},
		{"/*0000*/ NOP ; /* 0x0000000000007918 */\n/*0010*/ NOP ;\n",
		 "t.sass:2:1: instruction without its high word (expected a line /* 0x... */ after the instruction with its low word, got \"/*0010*/\")"},
		{"/*0000*/ NOP ; /* 0x0000000000007918 */\n.L_x_0:\n",
		 "t.sass:2:1: instruction without its high word (expected a line /* 0x... */ after the instruction with its low word, got \".L_x_0:\")"},
		{"/*0000*/ NOP ; /* 0x0000000000007918 */\n\n",
		 "t.sass:2: the listing ends before the high word of the instruction on line 1 (expected a line /* 0x... */)"},
		{"  /* 0x000fc00000000000 */\n",
		 "t.sass:1:3: encoding word without an instruction (expected it on the line after an instruction that has its low word; "
		 "pre-Volta listings, with one control word per three instructions, are not read)"},
		{"/*0000*/ NOP ;\n/* 0x000fc00000000000 */\n", "t.sass:2:1: encoding word without an instruction"},
		/* addresses */
		{"/*0010*/ NOP ;\n/*0000*/ NOP ;\n", "t.sass:2:1: address goes backwards (expected 0x0020 after 0x0010, got 0x0000)"},
		{"/*0010*/ NOP ;\n/*0010*/ NOP ;\n", "t.sass:2:1: address goes backwards (expected 0x0020 after 0x0010, got 0x0010)"},
		{"/*0000*/ NOP ;\n/*0020*/ NOP ;\n", "t.sass:2:1: instruction missing: the address skips (expected 0x0010 after 0x0000, got 0x0020)"},
		{"/*0008*/ NOP ;\n", "t.sass:1:1: address 0x8 not a multiple of 16 (expected 128-bit sm_70+ instructions; pre-Volta listings are not read)"},
		/* guards, opcodes */
		{"/*0000*/ @Q0 NOP ;\n", "t.sass:1:11: bad guard predicate (expected @P0..@P6, @PT, @UP0..@UP6 or @UPT, with an optional '!', got \"Q0\")"},
		{"/*0000*/ @P8 NOP ;\n", "t.sass:1:11: bad guard predicate (expected @P0..@P6, @PT, @UP0..@UP6 or @UPT, with an optional '!', got \"P8\")"},
		{"/*0000*/ @P0NOP ;\n", "t.sass:1:13: bad guard predicate (expected a space after it, as in @!P0 BRA, got \"NOP\")"},
		{"/*0000*/ @P0 ;\n", "t.sass:1:13: missing opcode (expected an opcode such as FFMA, got the end of the line)"},
		{"/*0000*/ 42 ;\n", "t.sass:1:10: missing opcode (expected an opcode such as FFMA, got \"42\")"},
		{"/*0000*/ ABCDEFGHIJKLMNOPQ ;\n", "t.sass:1:10: opcode too long (expected at most 15 characters, got \"ABCDEFGHIJKLMNOPQ\")"},
		{"/*0000*/ LDG. R1, [R2] ;\n", "t.sass:1:14: missing modifier (expected a modifier after '.', got \"R1\")"},
		{"/*0000*/ LDG.AAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBB.CCCCCCCCCCCCCCCCCCCC.DDDD R1, [R2] ;\n",
		 "t.sass:1:77: modifiers too long (expected at most 63 characters of modifiers, got \"DDDD\")"},
		{"/*0000*/ LDG$ R1 ;\n", "t.sass:1:13: bad opcode (expected a space after the opcode and its modifiers, got \"$\")"},
		/* operands */
		{"/*0000*/ MOV R1, R300 ;\n", "t.sass:1:18: register out of range (expected R0..R255 or RZ, got \"R300\")"},
		{"/*0000*/ MOV R1, UR64 ;\n", "t.sass:1:18: register out of range (expected UR0..UR63 or URZ, got \"UR64\")"},
		{"/*0000*/ PLOP3.LUT P8, PT, PT, PT, PT, 0x8, 0x0 ;\n", "t.sass:1:20: register out of range (expected P0..P6 or PT, got \"P8\")"},
		{"/*0000*/ BSYNC B16 ;\n", "t.sass:1:16: register out of range (expected B0..B15, got \"B16\")"},
		{"/*0000*/ DEPBAR.LE SB6, 0x1 ;\n", "t.sass:1:20: register out of range (expected SB0..SB5, got \"SB6\")"},
		{"/*0000*/ MOV R1, ;\n", "t.sass:1:17: missing operand (expected an operand after ',', got the end of the line)"},
		{"/*0000*/ MOV R1,, R2 ;\n", "t.sass:1:17: missing operand (expected an operand, got \",\")"},
		{"/*0000*/ MOV R1, - ;\n", "t.sass:1:19: missing operand (expected an operand, got the end of the line)"},
		{"/*0000*/ X R0, R1, R2, R3, R4, R5, R6, R7, R8, R9, R10 ;\n", "t.sass:1:52: too many operands (expected at most 10 operands, got \"R10\")"},
		{"/*0000*/ FADD R1, |R2, R3 ;\n", "t.sass:1:22: unclosed |...| (expected '|', got \",\")"},
		{"/*0000*/ FADD R1, +R2, R3 ;\n", "t.sass:1:19: '+' before an operand (expected '+' only before a number, got \"+R2\")"},
		{"/*0000*/ MOV R1, 0x12345678123456781 ;\n", "t.sass:1:18: number out of range (expected at most 16 hex digits, got \"0x12345678123456781\")"},
		{"/*0000*/ MOV R1, 99999999999999999999 ;\n", "t.sass:1:18: number out of range (expected at most 64 bits, got \"99999999999999999999\")"},
		{"/*0000*/ LDG R1, [] ;\n", "t.sass:1:19: empty address (expected a register or an offset, as in [R2.64+0x10], got \"]\")"},
		{"/*0000*/ LDG R1, [R2 ;\n", "t.sass:1:21: unfinished address (expected '+' or ']', got the end of the line)"},
		{"/*0000*/ LDG R1, [R2*4] ;\n", "t.sass:1:21: unfinished address (expected '+' or ']', got \"*4]\")"},
		{"/*0000*/ LDG R1, [R2+R3] ;\n", "t.sass:1:22: second register of one kind in the address (expected one R and one UR register at most, got \"R3]\")"},
		{"/*0000*/ LDG R1, [P0] ;\n", "t.sass:1:19: bad address term (expected a register R2 or UR4, or a byte offset, got \"P0]\")"},
		{"/*0000*/ LDG R1, [R2-R3] ;\n", "t.sass:1:22: bad address term (expected a register R2 or UR4, or a byte offset, got \"R3]\")"},
		{"/*0000*/ LDG R1, [R2+1.5] ;\n", "t.sass:1:22: bad address offset (expected an integer byte offset below 2^48, got \"1.5]\")"},
		{"/*0000*/ LDG R1, [R2+0x1000000000000000] ;\n", "t.sass:1:22: bad address offset (expected an integer byte offset below 2^48, got \"0x1000000000000000]\")"},
		{"/*0000*/ LDG R1, desc[R2][R4.64] ;\n", "t.sass:1:23: bad descriptor (expected a uniform register such as UR4, got \"R2][R4.64]\")"},
		{"/*0000*/ LDG R1, desc[UR2 ;\n", "t.sass:1:26: unclosed bracket (expected ']', got the end of the line)"},
		{"/*0000*/ LDC R1, c[0x0] ;\n", "t.sass:1:24: incomplete operand (expected a second bracket as in c[0x0][0x10] or desc[UR4][R2.64], got the end of the line)"},
		{"/*0000*/ LDC R1, c[0x10000][0x0] ;\n", "t.sass:1:20: bad constant bank (expected a bank number 0x0..0x7fff or a uniform register, got \"0x10000][0x0]\")"},
		{"/*0000*/ LDC R1, c[R2][0x0] ;\n", "t.sass:1:20: bad descriptor (expected a uniform register such as UR4, got \"R2][0x0]\")"},
		{"/*0000*/ BRA `.L_x_0 ;\n", "t.sass:1:14: bad label reference (expected `(label), got \"`.L_x_0\")"},
		{"/*0000*/ BRA `(.L_x_0 ;\n", "t.sass:1:14: bad label reference (expected `(label) with a name and ')', got \"`(.L_x_0\")"},
		{"/*0000*/ BRA `() ;\n", "t.sass:1:14: bad label reference (expected `(label) with a name and ')', got \"`()\")"},
		/* branches */
		{"/*0000*/ BRA R2 ;\n", "t.sass:1:14: BRA without a target (expected an address 0x... or `(label) as its last operand, got \"R2\")"},
		{"/*0000*/ BRA ;\n", "t.sass:1:13: BRA without a target (expected an address 0x... or `(label) as its last operand, got the end of the line)"},
		{"/*0000*/ BSSY B0, -0x10 ;\n", "t.sass:1:19: BSSY without a target (expected an address 0x... or `(label) as its last operand, got \"-0x10\")"},
		{"/*0000*/ BRA 0x20 ;\n/*0010*/ EXIT ;\n",
		 "t.sass:1: BRA target 0x20 is not an instruction of function (unnamed) (expected 0x0..0x10, a multiple of 16)"},
		{"\t\tFunction : _Z1fv\n/*0000*/ BRA 0x8 ;\n/*0010*/ EXIT ;\n",
		 "t.sass:2: BRA target 0x8 is not an instruction of function _Z1fv (expected 0x0..0x10, a multiple of 16)"},
		{".text.f:\n/*0000*/ BRA `(.L_x_9) ;\n", "t.sass:2:16: undefined label .L_x_9 (expected a label of function f)"},
		{".text.f:\n/*0000*/ BSSY B0, `(g) ;\n/*0010*/ EXIT ;\n", "t.sass:2:21: undefined label g (expected a label of function f)"},
		{".text.f:\n.L_x_0:\n/*0000*/ NOP ;\n.L_x_0:\n/*0010*/ EXIT ;\n",
		 "t.sass:4: label .L_x_0 defined twice (expected each label once per function; first on line 2)"},
		/* headers */
		{"\t\tFunction :   \n/*0000*/ EXIT ;\n", "t.sass:1:16: missing function name (expected Function : NAME, got the end of the line)"},
		{"Function foo\n", "t.sass:1:10: bad function line (expected 'Function : NAME' (-sass) or 'Function NAME:' (-res-usage), got \"foo\")"},
		{"  REG:40 STACK:0\n", "t.sass:1:3: resource usage without a function (expected a line 'Function NAME:' before it, got \"REG:40\")"},
		{" Function f:\n  REG:x\n", "t.sass:2:7: bad resource usage (expected KEY:NUMBER as in REG:40, got \"x\")"},
		{" Function f:\n  REG:40 STACK\n", "t.sass:2:10: bad resource usage (expected KEY:NUMBER as in REG:40, got \"STACK\")"},
		{" Function f:\n  REG:300\n", "t.sass:2:7: registers out of range (expected REG:0..255, got \"300\")"},
		{" Function f:\n  REG:40 LOCAL:99999999999\n", "t.sass:2:16: resource usage out of range (expected a number below 10^9, got \"99999999999\")"},
		{"\t.section\t.text.f,\"ax\",@progbits\n\t.sectioninfo\t@\"SHI_REGISTERS=999\"\n",
		 "t.sass:2:31: bad register count (expected SHI_REGISTERS=0..255, got \"999\"\")"},
	};
	int bad = 0;
	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct sass_listing l;
		struct err e = {{0}};
		int rc = sass_read(&l, cases[i].text, strlen(cases[i].text), "t.sass", &e);
		if (rc != SIM_EINPUT) {
			print_error("case %zu: rc %d (expected SIM_EINPUT) for:\n%s\n", i, rc, cases[i].text);
			bad++;
		} else if (strncmp(e.msg, cases[i].msg, strlen(cases[i].msg)) != 0) {
			print_error("case %zu: message\n  %s\nexpected to start with\n  %s\n", i, e.msg, cases[i].msg);
			bad++;
		}
		assert_null(l.kernel);
		assert_int_equal(l.nkernel, 0);
		sass_free(&l);
	}
	assert_int_equal(bad, 0);
}

static void limits(void **state)
{
	struct sass_listing l;
	struct err e;
	char *text;
	size_t n;
	(void)state;

	/* binary input */
	assert_int_equal(sass_read(&l, "/*0000*/ NOP ;\0", 15, "b.bin", &e), SIM_EINPUT);
	assert_string_equal(e.msg, "b.bin: binary file (found a NUL byte; expected a cuobjdump -sass or nvdisasm listing)");

	/* the text need not be NUL-terminated: only len bytes are read */
	assert_int_equal(sass_read(&l, "/*0000*/ EXIT ;XYZ", 15, "n.sass", &e), SIM_OK);
	assert_string_equal(l.kernel[0].insn[0].text, "EXIT");
	sass_free(&l);

	/* an instruction of SASS_MAX_TEXT + 1 characters */
	n = SASS_MAX_TEXT + 64;
	text = malloc(n);
	assert_non_null(text);
	memcpy(text, "/*0000*/ MOV R1, ", 17);
	memset(text + 17, 'x', SASS_MAX_TEXT - 8 + 1);
	strcpy(text + 17 + SASS_MAX_TEXT - 8 + 1, " ;\n");
	assert_int_equal(sass_read(&l, text, strlen(text), "t.sass", &e), SIM_EINPUT);
	assert_string_equal(e.msg, "t.sass:1:10: instruction too long (expected at most 4096 characters, got 4097)");
	free(text);

	/* a function name of SASS_MAX_NAME + 1 characters */
	n = SASS_MAX_NAME + 64;
	text = malloc(n);
	assert_non_null(text);
	memcpy(text, "Function : ", 11);
	memset(text + 11, 'f', SASS_MAX_NAME + 1);
	strcpy(text + 11 + SASS_MAX_NAME + 1, "\n/*0000*/ EXIT ;\n");
	assert_int_equal(sass_read(&l, text, strlen(text), "t.sass", &e), SIM_EINPUT);
	assert_string_equal(e.msg, "t.sass:1:12: function name too long (expected at most 16384 characters, got 16385)");
	free(text);

	/* a missing file */
	assert_int_equal(sass_read_file(&l, "tests/data/no-such.sass", &e), SIM_EIO);
	assert_null(l.kernel);
	sass_free(NULL);
}

/* ---- kernel lookup ---- */

static void find_kernel(void **state)
{
	struct sass_listing l;
	struct err e;
	const struct sass_kernel *k;
	(void)state;

	assert_int_equal(sass_read_file(&l, "tests/data/h200/sass.txt", &e), SIM_OK);
	/* exact mangled name */
	k = sass_find_kernel(&l, "_Z8aux_spinPfiff", &e);
	assert_non_null(k);
	assert_string_equal(k->name, "_Z8aux_spinPfiff");
	/* unique substring */
	assert_ptr_equal(sass_find_kernel(&l, "aux_spin", &e), k);
	assert_ptr_equal(sass_find_kernel(&l, "cal_chase_globalILb0", &e), &l.kernel[1]);
	/* ambiguous: both cal_chase_global<true> and <false> */
	assert_null(sass_find_kernel(&l, "cal_chase_global", &e));
	assert_string_equal(e.msg, "tests/data/h200/sass.txt: kernel name \"cal_chase_global\" is ambiguous: 2 functions match "
				   "(expected one; give more of the name, the whole mangled name or SECTION/NAME): "
				   "_Z16cal_chase_globalILb1EEvyiiPyS0_Pi (line 25), _Z16cal_chase_globalILb0EEvyiiPyS0_Pi (line 142)");
	/* missing: the message lists kernels, as many as fit */
	assert_null(sass_find_kernel(&l, "no_such_kernel", &e));
	assert_true(starts_with(e.msg, "tests/data/h200/sass.txt: no function matches \"no_such_kernel\" (expected a name, part of one or a "
				       "section; the listing has: _Z16cal_chase_globalILb1EEvyiiPyS0_Pi (line 25), "));
	assert_non_null(strstr(e.msg, " more)"));
	/* no name, several kernels */
	assert_null(sass_find_kernel(&l, NULL, &e));
	assert_true(starts_with(e.msg, "tests/data/h200/sass.txt: 53 functions in the listing (expected a kernel name naming one of: "
					"_Z16cal_chase_globalILb1EEvyiiPyS0_Pi (line 25), "));
	assert_non_null(strstr(e.msg, "(line 5674), and 39 more)"));
	assert_null(sass_find_kernel(&l, "", &e));
	sass_free(&l);

	/* sections: tl_f4 is exactly one section, and a substring of tl_f4x32 */
	assert_int_equal(sass_read_file(&l, "tests/data/h200/tloop/sass.txt", &e), SIM_OK);
	k = sass_find_kernel(&l, "tl_f4", &e);
	assert_non_null(k);
	assert_string_equal(k->section, "tl_f4");
	assert_int_equal(k->line, 1392);
	assert_string_equal(sass_find_kernel(&l, "tl_f4x", &e)->section, "tl_f4x32");
	assert_ptr_equal(sass_find_kernel(&l, "tl_f4/_Z12smsim_kernelPKyPyPjj", &e), k);
	assert_ptr_equal(sass_find_kernel(&l, "tl_f4/smsim", &e), k);
	/* the mangled name alone names all ten */
	assert_null(sass_find_kernel(&l, "_Z12smsim_kernelPKyPyPjj", &e));
	assert_non_null(strstr(e.msg, "10 functions match"));
	assert_non_null(strstr(e.msg, "_Z12smsim_kernelPKyPyPjj (### chase_mix, line 2)"));
	assert_null(sass_find_kernel(&l, "tl_f", &e));
	assert_non_null(strstr(e.msg, "is ambiguous: 6 functions match"));
	assert_null(sass_find_kernel(&l, "tl_f4/nothing", &e));
	assert_non_null(strstr(e.msg, "no function matches \"tl_f4/nothing\""));
	sass_free(&l);

	/* one kernel: no name needed */
	read_ok("/*0000*/ EXIT ;\n", &l);
	assert_ptr_equal(sass_find_kernel(&l, NULL, &e), &l.kernel[0]);
	assert_null(sass_find_kernel(&l, "x", &e));
	assert_string_equal(e.msg, "t.sass: no function matches \"x\" (expected a name, part of one or a section; the listing has: (unnamed) (line 1))");
	sass_free(&l);
	/* an empty listing structure */
	assert_null(sass_find_kernel(&l, "x", &e));
	assert_string_equal(e.msg, "listing: no functions in the listing");
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(h200_listings), cmocka_unit_test(decode_cal_chase), cmocka_unit_test(operands),
		cmocka_unit_test(nvdisasm_forms), cmocka_unit_test(res_usage_lines), cmocka_unit_test(skipped_blocks), cmocka_unit_test(crlf),
		cmocka_unit_test(bad_listings),  cmocka_unit_test(limits),           cmocka_unit_test(find_kernel),
	};
	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests_name("sass", tests, NULL, NULL);
}
