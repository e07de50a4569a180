/*
 * test_parse.c: the program text parser (isa/parse.h) and the program
 * helpers of isa.c (program_finish, program_dynamic_count). A program using
 * every opcode, directive, attribute and comment form parses to the
 * expected instructions; dynamic counts of nested LOOPs and IFs equal the
 * ones computed by hand; each bad program in the table is refused with
 * SIM_EINPUT, its FILE:LINE[:COL] and its own message.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "../isa/parse.h"

/* Parses a NUL-terminated text (parse_program reads up to the NUL). */
static int parse(const char *text, struct program *p, struct err *e)
{
	return parse_program(text, strlen(text), "t.prog", p, e);
}

/* Parses text that must be valid; fails the test with the message if not. */
static void parse_ok(const char *text, struct program *p)
{
	struct err e = {{0}};
	int rc = parse(text, p, &e);
	if (rc != SIM_OK)
		fail_msg("rc %d: %s\n--- program:\n%s", rc, e.msg, text);
}

static uint64_t dyn(const char *text)
{
	struct program p;
	uint64_t n;
	parse_ok(text, &p);
	n = program_dynamic_count(&p);
	program_free(&p);
	return n;
}

static const char every_opcode[] =
	"# every opcode, directive, attribute and comment form\n"
	".regs 40\n"
	".smem 4K        // shared memory per block\n"
	"MOV R1, 1.0\n"
	"MOV R9, 0x10\n"
	"LOOP 10   # a counted loop\n"
	"  FFMA R2, R1, R1, R2   // comment after an instruction\n"
	"  FADD R3, R2, -2.5e1\n"
	"  FMUL R4, R3, RZ\n"
	"  IMAD R5, R4, R4, R5\n"
	"  IADD3 R6, R5, R5, 1\n"
	"  LOP3 R7, R6, R6, R6\n"
	"  MUFU R8, R7\n"
	"  DFMA R10, R8, R8, R10\n"
	"  LDG.64 R12, [R10+0x10] pattern=chase footprint=1M\n"
	"  STG.128 [R10], R12 lanes=16\n"
	"  LDS R14, [R1] pattern=strided stride=128\n"
	"  STS [R1], R14 pattern=uniform width=8\n"
	"  LDG R15, [R9] stride=256\n"
	"\tLDG R16, [R9] pattern=stream width=16\n"
	"  BAR\n"
	"  BRA\n"
	"  NOP\n"
	"ENDLOOP\n"
	"IF 0.25\n"
	"  FFMA R2, R1, R1, R2\n"
	"ELSE\n"
	"  FADD R3, R2, R2\n"
	"ENDIF\n"
	"IF warp<2\n"
	"  NOP\n"
	"ENDIF\n"
	"ffma r20, r21, rz, 3   # lower case\n"
	"EXIT\n";

/* Index of the first instruction with opcode op, or -1. */
static int find(const struct program *p, int op)
{
	for (int i = 0; i < p->ninsn; i++)
		if (p->code[i].op == op)
			return i;
	return -1;
}

static void all_opcodes(void **state)
{
	struct program p;
	const struct insn *in;
	(void)state;
	parse_ok(every_opcode, &p);
	/* directives emit nothing: 2 MOV + LOOP + 17 body + ENDLOOP + 5 IF + 3 IF warp + FFMA + EXIT */
	assert_int_equal(p.ninsn, 2 + 1 + 17 + 1 + 5 + 3 + 1 + 1);
	assert_string_equal(p.name, "t.prog");
	assert_int_equal(p.regs_declared, 1);
	assert_int_equal(p.regs_per_thread, 40);
	assert_int_equal(p.smem_per_block, 4096);
	for (int op = OP_FFMA; op <= OP_ENDIF; op++)
		if (find(&p, op) < 0)
			fail_msg("opcode %s missing from the parsed program", isa_ops[op].name);
	assert_int_equal(p.code[p.ninsn - 1].op, OP_EXIT);

	in = &p.code[find(&p, OP_FFMA)];
	assert_int_equal(in->has_dst, 1);
	assert_int_equal(in->dst, 2);
	assert_int_equal(in->nsrc, 3);
	assert_int_equal(in->src[0], 1);
	assert_int_equal(in->src[1], 1);
	assert_int_equal(in->src[2], 2);
	assert_int_equal(in->line, 7);

	/* immediates and RZ carry no dependence: they read as RZ */
	in = &p.code[find(&p, OP_FADD)];
	assert_int_equal(in->src[0], 2);
	assert_int_equal(in->src[1], ISA_RZ);
	assert_int_equal(p.code[find(&p, OP_FMUL)].src[1], ISA_RZ);
	assert_int_equal(p.code[find(&p, OP_IADD3)].src[2], ISA_RZ);
	assert_int_equal(p.code[0].src[0], ISA_RZ); /* MOV R1, 1.0 */
	assert_int_equal(p.code[1].src[0], ISA_RZ); /* MOV R9, 0x10 */
	assert_int_equal(p.code[find(&p, OP_MUFU)].nsrc, 1);

	/* LDG.64 [R10+0x10] pattern=chase footprint=1M */
	in = &p.code[find(&p, OP_LDG)];
	assert_int_equal(in->dst, 12);
	assert_int_equal(in->src[0], 10);
	assert_int_equal(in->nsrc, 1);
	assert_int_equal(in->width, 8);
	assert_int_equal(in->pattern, PAT_CHASE);
	assert_int_equal(in->count, 1024 * 1024);
	/* LDG R15, [R9] stride=256: a stride makes a coalesced access strided */
	in = &p.code[find(&p, OP_LDG) + 4];
	assert_int_equal(in->op, OP_LDG);
	assert_int_equal(in->pattern, PAT_STRIDED);
	assert_int_equal(in->stride, 256);
	assert_int_equal(in->width, 4);
	in++;
	assert_int_equal(in->op, OP_LDG);
	assert_int_equal(in->pattern, PAT_STREAM);
	assert_int_equal(in->width, 16);
	assert_int_equal(in->line, 20);
	/* STG.128 [R10], R12 lanes=16 */
	in = &p.code[find(&p, OP_STG)];
	assert_int_equal(in->has_dst, 0);
	assert_int_equal(in->nsrc, 2);
	assert_int_equal(in->src[0], 10);
	assert_int_equal(in->src[1], 12);
	assert_int_equal(in->width, 16);
	assert_int_equal(in->lanes, 16);
	assert_int_equal(in->pattern, PAT_COALESCED);
	in = &p.code[find(&p, OP_LDS)];
	assert_int_equal(in->pattern, PAT_STRIDED);
	assert_int_equal(in->stride, 128);
	in = &p.code[find(&p, OP_STS)];
	assert_int_equal(in->pattern, PAT_UNIFORM);
	assert_int_equal(in->width, 8);

	/* structure: LOOP <-> ENDLOOP, IF -> ELSE -> ENDIF */
	int lp = find(&p, OP_LOOP), el = find(&p, OP_ENDLOOP), iff = find(&p, OP_IF), els = find(&p, OP_ELSE),
	    eif = find(&p, OP_ENDIF);
	assert_int_equal(p.code[lp].count, 10);
	assert_int_equal(p.code[lp].match, el);
	assert_int_equal(p.code[el].match, lp);
	assert_int_equal(p.code[iff].pattern, IF_LANES);
	assert_true(p.code[iff].frac == 0.25);
	assert_int_equal(p.code[iff].match, els);
	assert_int_equal(p.code[els].match, eif);
	int iw = eif + 1;
	assert_int_equal(p.code[iw].op, OP_IF);
	assert_int_equal(p.code[iw].pattern, IF_WARP_LT);
	assert_int_equal(p.code[iw].count, 2);
	assert_int_equal(p.code[iw].match, iw + 2);
	assert_int_equal(p.code[iw + 2].op, OP_ENDIF);

	/* MOV 2 + LOOP 10*(17+1) + IF(1 + 1 + 1) + IF warp(1 + 1) + FFMA + EXIT */
	assert_int_equal(program_dynamic_count(&p), 2 + 180 + 3 + 2 + 1 + 1);
	program_free(&p);
}

/* offsets=: one byte offset a lane, decimal, 0x hex or K/M/G, kept in order */
static void lane_offsets(void **state)
{
	(void)state;
	struct program p;
	parse_ok("LDS R1, [R2] offsets=3496:736:0x81c:1K\nLDG R3, [R4] base=655872 offsets=0\nEXIT\n", &p);
	assert_int_equal(p.code[0].noffs, 4);
	assert_int_equal(p.code[0].offs[0], 3496);
	assert_int_equal(p.code[0].offs[1], 736);
	assert_int_equal(p.code[0].offs[2], 0x81c);
	assert_int_equal(p.code[0].offs[3], 1024);
	assert_int_equal(p.code[0].pattern, PAT_COALESCED);
	assert_int_equal(p.code[1].noffs, 1);
	assert_int_equal(p.code[1].offs[0], 0);
	assert_int_equal(p.code[1].base, 655872);
	assert_int_equal(p.code[2].noffs, 0);
	program_free(&p);
}

/* a clock read (run --stamps): an operand SR_CLOCKLO or SR_CLOCKHI, whatever the opcode; no
 * other special register, nor a longer name */
static void clock_reads(void **state)
{
	(void)state;
	struct program p;
	parse_ok("CS2R R6, SR_CLOCKLO\nS2UR UR4, SR_CLOCKHI\nS2R R2, SR_TID.X\nCS2R R8, SR_CLOCKLOX\n"
		 "@!P0 CS2R R6, sr_clocklo\nEXIT\n", &p);
	assert_int_equal(p.code[0].clock, 1);
	assert_int_equal(p.code[1].clock, 1);
	assert_int_equal(p.code[2].clock, 0);
	assert_int_equal(p.code[3].clock, 0);
	assert_int_equal(p.code[4].clock, 1);
	assert_int_equal(p.code[5].clock, 0);
	program_free(&p);
}

static void regs_and_exit(void **state)
{
	struct program p;
	(void)state;
	/* without .regs: highest register + 1; RZ does not count */
	parse_ok("FFMA R7, R2, RZ, R3\n", &p);
	assert_int_equal(p.regs_declared, 0);
	assert_int_equal(p.regs_per_thread, 8);
	assert_int_equal(p.ninsn, 2); /* EXIT appended */
	assert_int_equal(p.code[1].op, OP_EXIT);
	assert_int_equal(p.smem_per_block, 0);
	program_free(&p);
	parse_ok("MOV R254, RZ\nEXIT\n", &p);
	assert_int_equal(p.regs_per_thread, 255);
	assert_int_equal(p.ninsn, 2); /* EXIT already last: none added */
	program_free(&p);
	parse_ok("NOP\n", &p);
	assert_int_equal(p.regs_per_thread, 1);
	program_free(&p);
	/* .regs anywhere in the file, .smem with a suffix */
	parse_ok("NOP\n.regs 7\n.smem 48K\n", &p);
	assert_int_equal(p.regs_per_thread, 7);
	assert_int_equal(p.smem_per_block, 48 * 1024);
	program_free(&p);
	/* no trailing newline, CRLF line ends, tabs, no spaces after commas */
	parse_ok("NOP\r\n\tFFMA R1,R2,R3,R4\r\nLDG.E.64 R5, [ R6 ]", &p);
	assert_int_equal(p.ninsn, 4);
	assert_int_equal(p.code[1].src[2], 4);
	assert_int_equal(p.code[2].width, 8);
	assert_int_equal(p.code[2].line, 3);
	program_free(&p);
	/* .pc: the next instruction's address; instructions 16 bytes apart,
	 * structure markers none; no .pc, no addresses (EXIT appended: none) */
	parse_ok(".pc 0x70\nLOOP 2\nFFMA R1, R2, R3, R4\nENDLOOP\nIF 0.5\nNOP\nENDIF\n.pc 0x400\nNOP\n", &p);
	assert_int_equal(p.ninsn, 8);
	const int has[8] = {0, 1, 1, 1, 1, 0, 1, 0};
	const unsigned at[8] = {0, 0x70, 0x80, 0x90, 0xa0, 0, 0x400, 0};
	for (int i = 0; i < 8; i++) {
		assert_int_equal(p.code[i].has_addr, has[i]);
		if (has[i])
			assert_int_equal(p.code[i].addr, at[i]);
	}
	program_free(&p);
	parse_ok("NOP\nEXIT\n", &p);
	assert_int_equal(p.code[0].has_addr, 0);
	assert_int_equal(p.has_span, 0);
	program_free(&p);
	/* .span FROM TO: found by address wherever the directive stands */
	parse_ok(".span 0x90 0x70\n.pc 0x70\nLOOP 2\nFFMA R1, R2, R3, R4\nENDLOOP\nNOP\n", &p);
	assert_int_equal(p.has_span, 1);
	assert_int_equal(p.span_insn[0], 3); /* LOOP has no address: FFMA 0x70, ENDLOOP 0x80, NOP 0x90 */
	assert_int_equal(p.span_insn[1], 1);
	program_free(&p);
	/* the name is the file's base name */
	struct err e;
	assert_int_equal(parse_program("NOP", 3, "dir/sub/k.prog", &p, &e), SIM_OK);
	assert_string_equal(p.name, "k.prog");
	program_free(&p);
}

static void dynamic_counts(void **state)
{
	(void)state;
	assert_int_equal(dyn("NOP\n"), 2);          /* NOP + appended EXIT */
	assert_int_equal(dyn("NOP\nEXIT\n"), 2);
	/* LOOP 10 { 3 insns } = 10 * (3 + the ENDLOOP branch) + EXIT */
	assert_int_equal(dyn("LOOP 10\nFFMA R1, R1, R1, R1\nFFMA R2, R2, R2, R2\nFFMA R3, R3, R3, R3\nENDLOOP\n"),
			 10 * (3 + 1) + 1);
	/* nested: 3 * (NOP + 4 * (2 + 1) + 1) + EXIT = 43 */
	assert_int_equal(dyn("LOOP 3\n NOP\n LOOP 4\n  NOP\n  NOP\n ENDLOOP\nENDLOOP\n"), 3 * (1 + 4 * 3 + 1) + 1);
	/* three deep: 2 * (5 * (7 * (1 + 1) + 1) + 1) + EXIT = 153 */
	assert_int_equal(dyn("LOOP 2\nLOOP 5\nLOOP 7\nNOP\nENDLOOP\nENDLOOP\nENDLOOP\n"), 2 * (5 * (7 * 2 + 1) + 1) + 1);
	/* IF p, 0 < p < 1: the branch + both paths */
	assert_int_equal(dyn("IF 0.5\nNOP\nNOP\nELSE\nNOP\nENDIF\n"), 1 + 2 + 1 + 1);
	assert_int_equal(dyn("IF 0.5\nNOP\nENDIF\n"), 1 + 1 + 1);
	/* IF 1: only the first path; IF 0: only the ELSE path */
	assert_int_equal(dyn("IF 1\nNOP\nNOP\nELSE\nNOP\nENDIF\n"), 1 + 2 + 1);
	assert_int_equal(dyn("IF 0\nNOP\nNOP\nELSE\nNOP\nENDIF\n"), 1 + 1 + 1);
	assert_int_equal(dyn("IF 0\nNOP\nENDIF\n"), 1 + 0 + 1);
	/* IF warp<N: the longer path, an upper bound */
	assert_int_equal(dyn("IF warp<1\nNOP\nNOP\nNOP\nELSE\nNOP\nENDIF\n"), 1 + 3 + 1);
	assert_int_equal(dyn("IF warp<1\nNOP\nELSE\nNOP\nNOP\nENDIF\n"), 1 + 2 + 1);
	/* IF warp>=N likewise */
	assert_int_equal(dyn("IF warp>=3\nNOP\nNOP\nNOP\nELSE\nNOP\nENDIF\n"), 1 + 3 + 1);
	assert_int_equal(dyn("IF warp >= 3\nNOP\nELSE\nNOP\nNOP\nENDIF\n"), 1 + 2 + 1);
	/* LOOP N warp<M=K: the larger count, an upper bound */
	assert_int_equal(dyn("LOOP 2 warp<1=8\nNOP\nENDLOOP\n"), 8 * 2 + 1);
	assert_int_equal(dyn("LOOP 8 warp<3=2 edge=branch\nNOP\nENDLOOP\n"), 8 * 2 + 1);
	struct program q;
	parse_ok("LOOP 2 edge=branch warp<5=7\nNOP\nENDLOOP\nEXIT\n", &q);
	assert_int_equal(q.code[0].count, 2);
	assert_int_equal(q.code[0].count_warps, 5);
	assert_int_equal(q.code[0].count_low, 7);
	assert_int_equal(q.code[0].body_counter, 1);
	program_free(&q);
	parse_ok("IF warp>=3\nNOP\nENDIF\nEXIT\n", &q);
	assert_int_equal(q.code[0].pattern, IF_WARP_GE);
	assert_int_equal(q.code[0].count, 3);
	assert_int_equal(q.code[0].match, 2);
	program_free(&q);
	/* IF inside a LOOP inside an IF inside a LOOP:
	 * 4 * (NOP + [1 + (3 * ([1 + 2 + 1] + 1)) + 0] + 1) + EXIT
	 * inner IF 0.5 with 2/1 paths: 1 + 2 + 1 = 4; LOOP 3: 3 * (4 + 1) = 15;
	 * outer IF 1 (first path only): 1 + 15 = 16; LOOP 4: 4 * (1 + 16 + 1) = 72 */
	assert_int_equal(dyn("LOOP 4\n"
			     " NOP\n"
			     " IF 1\n"
			     "  LOOP 3\n"
			     "   IF 0.5\n    NOP\n    NOP\n   ELSE\n    NOP\n   ENDIF\n"
			     "  ENDLOOP\n"
			     " ELSE\n  NOP\n  NOP\n  NOP\n"
			     " ENDIF\n"
			     "ENDLOOP\n"),
			 72 + 1);
	/* 8 levels of nesting is the limit, and allowed */
	assert_int_equal(dyn("LOOP 2\nLOOP 2\nLOOP 2\nLOOP 2\nLOOP 2\nLOOP 2\nLOOP 2\nLOOP 2\nNOP\n"
			     "ENDLOOP\nENDLOOP\nENDLOOP\nENDLOOP\nENDLOOP\nENDLOOP\nENDLOOP\nENDLOOP\n"),
			 766 + 1); /* c(k) = 2 * (c(k-1) + 1), c(0) = 1: c(8) = 766 */
	/* the largest trip count is accepted */
	assert_int_equal(dyn("LOOP 1000000000\nNOP\nENDLOOP\n"), 2000000000ULL + 1);
}

/* Builds programs by hand (as the workload generators do) for program_finish. */
static void finish_by_hand(void **state)
{
	struct program p;
	char msg[256];
	struct insn loop = {.op = OP_LOOP, .count = 5, .line = 1}, body = {.op = OP_FFMA, .has_dst = 1, .dst = 3, .nsrc = 3, .src = {3, 9, ISA_RZ}, .line = 2},
		    end = {.op = OP_ENDLOOP, .line = 3};
	(void)state;
	program_init(&p, "gen");
	assert_int_equal(program_emit(&p, &loop), 0);
	assert_int_equal(program_emit(&p, &body), 1);
	assert_int_equal(program_emit(&p, &end), 2);
	assert_int_equal(program_finish(&p, msg, sizeof msg), 0);
	assert_int_equal(p.ninsn, 4);
	assert_int_equal(p.code[3].op, OP_EXIT);
	assert_int_equal(p.code[0].match, 2);
	assert_int_equal(p.code[2].match, 0);
	assert_int_equal(p.regs_per_thread, 10);
	assert_int_equal(program_dynamic_count(&p), 5 * 2 + 1);
	program_free(&p);
	assert_null(p.code);

	/* many instructions: the array grows */
	program_init(&p, "big");
	for (int i = 0; i < 1000; i++)
		assert_int_equal(program_emit(&p, &body), i);
	assert_int_equal(program_finish(&p, msg, sizeof msg), 0);
	assert_int_equal(program_dynamic_count(&p), 1001);
	program_free(&p);

	/* an unclosed LOOP */
	program_init(&p, "gen");
	program_emit(&p, &loop);
	program_emit(&p, &body);
	assert_int_equal(program_finish(&p, msg, sizeof msg), -1);
	assert_non_null(strstr(msg, "1: LOOP is never closed"));
	program_free(&p);

	/* saturation: 1e9^3 trips of a NOP overflow nothing, and 8 levels of 1e9 saturate */
	program_init(&p, "sat");
	struct insn big = {.op = OP_LOOP, .count = 1000000000ULL}, nop = {.op = OP_NOP}, el = {.op = OP_ENDLOOP};
	for (int k = 0; k < 8; k++)
		program_emit(&p, &big);
	program_emit(&p, &nop);
	for (int k = 0; k < 8; k++)
		program_emit(&p, &el);
	assert_int_equal(program_finish(&p, msg, sizeof msg), 0);
	assert_true(program_dynamic_count(&p) == UINT64_MAX);
	program_free(&p);
}

static void opcode_lookup(void **state)
{
	(void)state;
	assert_int_equal(isa_find_op("FFMA", 4), OP_FFMA);
	assert_int_equal(isa_find_op("ffma", 4), OP_FFMA);
	assert_int_equal(isa_find_op("IADD3", 5), OP_IADD3);
	assert_int_equal(isa_find_op("IADD", 4), -1);
	assert_int_equal(isa_find_op("ENDLOOPX", 7), OP_ENDLOOP);
	assert_int_equal(isa_find_op("FOO", 3), -1);
	assert_int_equal(isa_find_pipe("fma"), PIPE_FMA);
	assert_int_equal(isa_find_pipe("lsu"), PIPE_LSU);
	assert_int_equal(isa_find_pipe("FMA"), -1);
	assert_int_equal(isa_ops[OP_LDG].is_load, 1);
	assert_int_equal(isa_ops[OP_LDG].lat, LAT_VARIABLE);
	assert_int_equal(isa_ops[OP_FFMA].lat, LAT_FIXED);
	assert_int_equal(isa_ops[OP_STS].space, SPACE_SHARED);
}

/* Each bad program: SIM_EINPUT, its location (FILE:LINE: or FILE:LINE:COL:)
 * and the message. */
static void bad_programs(void **state)
{
	static const struct {
		const char *text, *where, *msg;
	} cases[] = {
		{"NOP\nFOO R1, R2\n", "t.prog:2:1: ", "unknown opcode (expected one of FFMA"},
		{"NOP\nFOO R1, R2\n", "t.prog:2:1: ", "got \"FOO\""},
		{"FFMA R1, R2, R300, R4\n", "t.prog:1:14: ", "register out of range (expected R0..R254 or RZ), got \"R300\""},
		{"MOV R255, R1\n", "t.prog:1:5: ", "register out of range (expected R0..R254 or RZ), got \"R255\""},
		{"\tFFMA R1, R2, R300, R4\n", "t.prog:1:15: ", "register out of range"},
		{"FFMA R1 R2, R3, R4\n", "t.prog:1:9: ", "expected ',' and source operand 1 of FFMA, got \"R2\""},
		{"FFMA R1, R2, R3\n", "t.prog:1:16: ", "expected ',' and source operand 3 of FFMA, got the end of the line"},
		{"LDG R1 [R2]\n", "t.prog:1:8: ", "expected ',' after the destination, got \"[R2]\""},
		{"STG [R1] R2\n", "t.prog:1:10: ", "expected ',' after the address"},
		{"LDG R1, R2\n", "t.prog:1:9: ", "expected a memory operand like [R2]"},
		{"LDG R1, [R2\n", "t.prog:1:12: ", "expected ']' closing the memory operand, got the end of the line"},
		{"MOV R1, x\n", "t.prog:1:9: ", "expected a register (R0..R254, RZ) or a number, got \"x\""},
		{"LDG Q1, [R2]\n", "t.prog:1:5: ", "expected a register (R0..R254 or RZ), got \"Q1\""},
		/* nesting errors come from program_finish: FILE:LINE only */
		{"NOP\nLOOP 3\nNOP\n", "t.prog:2:", "LOOP is never closed (expected ENDLOOP before the end)"},
		{"IF 0.5\nNOP\n", "t.prog:1:", "IF is never closed (expected ENDIF before the end)"},
		/* names the ELSE's line, "ELSE is never closed" (reported: the IF on line 1 is clearer) */
		{"IF 0.5\nNOP\nELSE\nNOP\n", "t.prog:", "is never closed (expected ENDIF before the end)"},
		{"NOP\nENDLOOP\n", "t.prog:2:", "ENDLOOP without an open LOOP"},
		{"IF 0.5\nENDLOOP\nENDIF\n", "t.prog:2:", "ENDLOOP without an open LOOP"},
		{"NOP\nELSE\nNOP\n", "t.prog:2:", "ELSE without an open IF"},
		{"LOOP 2\nELSE\nENDLOOP\n", "t.prog:2:", "ELSE without an open IF"},
		{"IF 0.5\nNOP\nELSE\nNOP\nELSE\nNOP\nENDIF\n", "t.prog:5:", "ELSE without an open IF"},
		{"ENDIF\n", "t.prog:1:", "ENDIF without an open IF"},
		{"LOOP 2\nLOOP 2\nLOOP 2\nLOOP 2\nLOOP 2\nLOOP 2\nLOOP 2\nLOOP 2\nLOOP 2\nNOP\n"
		 "ENDLOOP\nENDLOOP\nENDLOOP\nENDLOOP\nENDLOOP\nENDLOOP\nENDLOOP\nENDLOOP\nENDLOOP\n",
		 "t.prog:9:", "LOOP/IF nested too deeply (expected at most 8 levels)"},
		{"LOOP 0\nNOP\nENDLOOP\n", "t.prog:1:6: ", "LOOP: expected a trip count, 1 to 1000000000, got \"0\""},
		{"LOOP 99999999999\nNOP\nENDLOOP\n", "t.prog:1:6: ", "LOOP: expected a trip count, 1 to 1000000000, got \"99999999999\""},
		{"LOOP 1000000001\nNOP\nENDLOOP\n", "t.prog:1:6: ", "got \"1000000001\""},
		{"LOOP 99999999999999999999999\nNOP\nENDLOOP\n", "t.prog:1:6: ", "LOOP: expected a trip count"},
		{"LOOP -3\n", "t.prog:1:6: ", "LOOP: expected a trip count, 1 to 1000000000, got \"-3\""},
		{"LOOP 3x\n", "t.prog:1:6: ", "got \"3x\""},
		{"LOOP\n", "t.prog:1:5: ", "LOOP: expected a trip count, 1 to 1000000000, got the end of the line"},
		{"LOOP 3 x\nNOP\nENDLOOP\n", "t.prog:1:8: ", "expected the end of the statement, got \"x\""},
		{"LOOP 1000000000\nLOOP 1000000000\nNOP\nENDLOOP\nENDLOOP\n", "t.prog: ", "program too long: 2000000001000000001 warp instructions per warp (expected at most 10000000000"},
		{"IF 1.5\nNOP\nENDIF\n", "t.prog:1:4: ", "IF: expected the fraction of lanes on the first path, 0 to 1, warp<N or warp>=N, got \"1.5\""},
		{"IF -0.5\nNOP\nENDIF\n", "t.prog:1:4: ", "IF: expected the fraction"},
		{"IF nan\nNOP\nENDIF\n", "t.prog:1:4: ", "IF: expected the fraction"},
		{"IF\n", "t.prog:1:3: ", "IF: expected the fraction"},
		{"IF warp<33\nNOP\nENDIF\n", "t.prog:1:9: ", "IF warp<N: expected N in 0..32, got \"33\""},
		{"IF warp 1\nNOP\nENDIF\n", "t.prog:1:9: ", "IF warp: expected '<' or '>=' as in IF warp<1 or IF warp>=1"},
		{"LOOP 2 warp<0=3\nNOP\nENDLOOP\n", "t.prog:1:13: ", "LOOP warp<M=K: expected M in 1..31, got \"0=3\""},
		{"LOOP 2 warp<32=3\nNOP\nENDLOOP\n", "t.prog:1:13: ", "LOOP warp<M=K: expected M in 1..31, got \"32=3\""},
		{"LOOP 2 warp<1\nNOP\nENDLOOP\n", "t.prog:1:14: ", "LOOP warp<M=K: expected '=' and the trip count K"},
		{"LOOP 2 warp<1=0\nNOP\nENDLOOP\n", "t.prog:1:15: ", "LOOP warp<M=K: expected K, a trip count 1 to 1000000000, got \"0\""},
		{"LOOP 2 warp 1=3\nNOP\nENDLOOP\n", "t.prog:1:13: ", "LOOP warp: expected warp<M=K (the warps below M run K trips)"},
		{"LOOP 2 warp<1=3 warp<2=4\nNOP\nENDLOOP\n", "t.prog:1:17: ", "expected the end of the statement, got \"warp<2=4\""},
		{"LOOP 2\nLOOP 1 grow=0\nNOP\nENDLOOP\nENDLOOP\n", "t.prog:2:13: ", "LOOP grow: expected grow=G, a non-zero whole number of trips (-1000000000 to 1000000000) added at each trip of the enclosing loop, got \"0\""},
		{"LOOP 2\nLOOP 1 grow=1x\nNOP\nENDLOOP\nENDLOOP\n", "t.prog:2:13: ", "LOOP grow: expected grow=G, a non-zero whole number of trips (-1000000000 to 1000000000) added at each trip of the enclosing loop, got \"1x\""},
		{"LOOP 2\nLOOP 1 grow=1000000001\nNOP\nENDLOOP\nENDLOOP\n", "t.prog:2:13: ", "got \"1000000001\""},
		{"LOOP 2\nLOOP 1 grow=\nNOP\nENDLOOP\nENDLOOP\n", "t.prog:2:13: ", "LOOP grow: expected grow=G"},
		{"LOOP 2\nLOOP 1 grow=1 grow=2\nNOP\nENDLOOP\nENDLOOP\n", "t.prog:2:15: ", "expected the end of the statement, got \"grow=2\""},
		{"LOOP 2\nLOOP 1 warp<1=3 grow=1\nNOP\nENDLOOP\nENDLOOP\n", "t.prog:2: ", "LOOP 1: grow=1 with warp<1=3 (expected one of them: a count that grows with the enclosing loop's trips, or one for the warps below M)"},
		{"LOOP 1 grow=1\nNOP\nENDLOOP\n", "t.prog:", "1: LOOP 1 grow=1 is in no loop (expected it inside the loop at whose trips its count grows)"},
		{"IF 0.5\nLOOP 1 grow=1\nNOP\nENDLOOP\nENDIF\n", "t.prog:", "2: LOOP 1 grow=1 is in no loop"},
		{"LOOP 4\nIF 0.5\nLOOP 3 grow=-1\nNOP\nENDLOOP\nENDIF\nENDLOOP\n", "t.prog:", "3: LOOP 3 grow=-1: 0 trips at trip t = 3 of the enclosing loop's 4 (N + G t; expected 1 to 1000000000 at every trip)"},
		{"LOOP 2 warp<1=5\nLOOP 8 grow=-2\nNOP\nENDLOOP\nENDLOOP\n", "t.prog:", "2: LOOP 8 grow=-2: 0 trips at trip t = 4 of the enclosing loop's 5"},
		{"LOOP 3\nLOOP 2 grow=-1\nLOOP 1 grow=1\nNOP\nENDLOOP\nENDLOOP\nENDLOOP\n", "t.prog:", "2: LOOP 2 grow=-1: 0 trips at trip t = 2"},
		{"LOOP 1000000000\nLOOP 2 grow=2\nNOP\nENDLOOP\nENDLOOP\n", "t.prog:", "2: LOOP 2 grow=2: 2000000000 trips at trip t = 999999999 of the enclosing loop's 1000000000"},
		{"IF warp>1\nNOP\nENDIF\n", "t.prog:1:8: ", "IF warp: expected '<' or '>=' as in IF warp<1 or IF warp>=1"},
		{"IF warp>=40\nNOP\nENDIF\n", "t.prog:1:10: ", "IF warp>=N: expected N in 0..32, got \"40\""},
		{"LDG R1, [R2] colour=red\n", "t.prog:1:14: ", "unknown attribute (expected width, pattern, stride, period, step, base, caddr, lines, offsets, footprint, lanes, threads, wait, group or near), got \"colour=red\""},
		{"LDG R1, [R2] caddr=0x300\n", "t.prog:1:14: ", "caddr= on an instruction that is not a constant load (expected LDC or ULDC), got \"caddr=0x300\""},
		{"LDC R1, c[0x0][R2+0x10] caddr=0x10000\n", "t.prog:1:31: ", "caddr: expected the byte offset in the constant bank the load reads, 0 to 0xffff, got \"0x10000\""},
		{"LDC R1, c[0x0][0x210] base=0x100\n", "t.prog:1:23: ", "base= on a constant load (expected caddr=OFFSET: the byte offset in its bank a register-indexed LDC or ULDC reads), got \"base=0x100\""},
		{"LDG R1, [R2] group=9\n", "t.prog:1:20: ", "group: expected a group 1 to 8 (group=1), got \"9\""},
		{"LDG R1, [R2] near=0\n", "t.prog:1:19: ", "near: expected a group 1 to 8 (near=1), got \"0\""},
		{"LDG R1, [R2] group=1 near=1\n", "t.prog:1:22: ", "group and near on one load: a load either draws its latency (group=G) or takes its group's (near=G)"},
		{"LDG R1, [R2] near=2\nEXIT\n", "t.prog:", "1: near=2: no load before it has group=2 (expected group=2 on the load whose lines it neighbours)"},
		{"LDS R1, [R2] group=1\nEXIT\n", "t.prog:", "1: group=1 on LDS: only a global load draws a latency (expected LDG or LD)"},
		{"LDG R1, [R2] width\n", "t.prog:1:14: ", "expected an attribute key=value"},
		{"LDG R1, [R2] width=3\n", "t.prog:1:20: ", "width: expected bytes per lane 1, 2, 4, 8 or 16, got \"3\""},
		{"LDG R1, [R2] width=32\n", "t.prog:1:20: ", "width: expected bytes per lane 1, 2, 4, 8 or 16, got \"32\""},
		{"LDG R1, [R2] width=x\n", "t.prog:1:20: ", "width: expected bytes per lane"},
		{"LDG R1, [R2] pattern=zig\n", "t.prog:1:22: ", "pattern: expected coalesced, strided, uniform, chase, stream or gather, got \"zig\""},
		{"LDG R1, [R2] period=33\n", "t.prog:1:21: ", "period: expected lanes 1 to 32 (lane i at (i % period) * stride + (i / period) * step), got \"33\""},
		{"LDG R1, [R2] period=0\n", "t.prog:1:21: ", "period: expected lanes 1 to 32"},
		{"LDG R1, [R2] step=2G period=2\n", "t.prog:1:19: ", "step: expected bytes between lane i and lane i + period, 0 to 1G, got \"2G\""},
		{"LDG R1, [R2] stride=128 step=4\n", "t.prog:1: ", "step=4 without period= (expected period=N too"},
		{"LDG R1, [R2] lines=\n", "t.prog:1:20: ", "lines: expected 1 to 8 line numbers (128-byte lines) joined by ':', each 0 to 2^25 (lines=0:3:6:9)"},
		{"LDG R1, [R2] lines=1:2:3:4:5:6:7:8:9\n", "t.prog:1:36: ", "lines: expected 1 to 8 line numbers"},
		{"LDG R1, [R2] lines=1:x\n", "t.prog:1:22: ", "lines: expected 1 to 8 line numbers"},
		{"LDG R1, [R2] lines=33554433\n", "t.prog:1:20: ", "lines: expected 1 to 8 line numbers"},
		{"LDG R1, [R2] lines=1:2 stride=128\n", "t.prog:1: ", "lines= with stride= (expected lines= alone: it places every lane)"},
		{"LDG R1, [R2] pattern=gather footprint=4K lines=1\n", "t.prog:1: ", "lines= with another pattern= (expected lines= alone"},
		{"LDG R1, [R2] offsets=\n", "t.prog:1:22: ", "offsets: expected 1 to 32 byte offsets joined by ':', each 0 to 1G (decimal, 0x hex, or K, M, G; offsets=0:4:8)"},
		{"LDG R1, [R2] offsets=0:4:\n", "t.prog:1:26: ", "offsets: expected 1 to 32 byte offsets"},
		{"LDG R1, [R2] offsets=0:4:x\n", "t.prog:1:26: ", "offsets: expected 1 to 32 byte offsets"},
		{"LDG R1, [R2] offsets=2G\n", "t.prog:1:22: ", "offsets: expected 1 to 32 byte offsets joined by ':', each 0 to 1G (decimal, 0x hex, or K, M, G; offsets=0:4:8), got \"2G\""},
		{"LDG R1, [R2] offsets=0:1:2:3:4:5:6:7:8:9:10:11:12:13:14:15:16:17:18:19:20:21:22:23:24:25:26:27:28:29:30:31:32\n", "t.prog:1:", "offsets: expected 1 to 32 byte offsets"},
		{"LDG R1, [R2] offsets=0:8 stride=128\n", "t.prog:1: ", "offsets= with stride= (expected offsets= alone: it places every lane)"},
		{"LDG R1, [R2] offsets=0:8 lines=1:2\n", "t.prog:1: ", "offsets= with lines= (expected offsets= alone"},
		{"LDS R1, [R2] pattern=gather footprint=4K offsets=0:4\n", "t.prog:1: ", "offsets= with another pattern= (expected offsets= alone"},
		{"LDG R1, [R2] base=4G\n", "t.prog:1:19: ", "base: expected the byte address of the access's element 0 (its bits 7-24 pick the L1 tag bank), 0 to 4G-1 (decimal, 0x hex, or K, M, G), got \"4G\""},
		{"LDG R1, [R2] base=0xZZ\n", "t.prog:1:19: ", "base: expected the byte address"},
		{"LDG R1, [R2] base=-1\n", "t.prog:1:19: ", "base: expected the byte address"},
		{"LDG R1, [R2] pattern=gather\n", "t.prog:1: ", "pattern=gather without a footprint of one element or more (expected footprint=BYTES"},
		{"LDG.128 R1, [R2] pattern=gather footprint=8\n", "t.prog:1: ", "pattern=gather without a footprint"},
		{"LDG R1, [R2] lanes=33\n", "t.prog:1:20: ", "lanes: expected active lanes 0 to 32 (0: predicated off in every lane), got \"33\""},
		{"LDG R1, [R2] threads=0\n", "t.prog:1:22: ", "threads: expected the block's first N threads the access is on for (a guard tid < N), 1 to 1024, got \"0\""},
		{"LDG R1, [R2] threads=1025\n", "t.prog:1:22: ", "threads: expected the block's first N threads the access is on for (a guard tid < N), 1 to 1024, got \"1025\""},
		{"LDG R1, [R2] footprint=2048G\n", "t.prog:1:24: ", "footprint: expected bytes (K, M, G suffixes allowed), 1 to 1024G, got \"2048G\""},
		{"LDG R1, [R2] wait=R3+\n", "t.prog:1:22: ", "wait: expected all or registers joined by '+' (wait=R2+R5), got the end of the line"},
		{"LDG R1, [R2] wait=some\n", "t.prog:1:19: ", "wait: expected all or registers joined by '+' (wait=R2+R5), got \"some\""},
		{"LDG R1, [R2] wait=R1+R2+R3+R4+R5+R6+R7\n", "t.prog:1:37: ", "wait: expected at most 6 registers, got \"R7\""},
		{"LDG R1, [R2] wait=R256\n", "t.prog:1:19: ", "register out of range (expected R0..R254 or RZ), got \"R256\""},
		{"LDG R1, [R2] stride=2G\n", "t.prog:1:21: ", "stride: expected bytes between lanes, 1 to 1G, got \"2G\""},
		{"LDG.256 R1, [R2]\n", "t.prog:1:5: ", "width suffix: expected .32, .64 or .128, got \"256\""},
		{"LDG. R1, [R2]\n", "t.prog:1:5: ", "expected an opcode suffix after '.'"},
		{"", "t.prog: ", "no instructions (expected at least one instruction)"},
		{"\n\n   \n", "t.prog: ", "no instructions (expected at least one instruction)"},
		{"# only\n// comments\n  # and blanks\n", "t.prog: ", "no instructions (expected at least one instruction)"},
		{".regs 32\n.smem 1K\n", "t.prog: ", "no instructions"},
		{".regs 0\nNOP\n", "t.prog:1:7: ", ".regs: expected registers per thread, 1 to 255, got \"0\""},
		{".regs 300\nNOP\n", "t.prog:1:7: ", ".regs: expected registers per thread, 1 to 255, got \"300\""},
		{".regs\nNOP\n", "t.prog:1:6: ", ".regs: expected registers per thread"},
		{".smem 2G\nNOP\n", "t.prog:1:7: ", ".smem: expected shared memory bytes per block"},
		{".foo 3\nNOP\n", "t.prog:1:1: ", "unknown directive (expected .regs, .smem, .pc or .span), got \".foo\""},
		{".span 0x10\nNOP\n", "t.prog:1:11: ", ".span: expected two instruction addresses FROM TO, multiples of 16 (0x0 to 0xfffffff0)"},
		{".span 0x10 0x18\nNOP\n", "t.prog:1:12: ", ".span: expected two instruction addresses FROM TO, multiples of 16 (0x0 to 0xfffffff0), got \"0x18\""},
		{".span 0x0 0x0\n.span 0x0 0x0\nNOP\n", "t.prog:2:1: ", ".span: given twice (expected one .span a program)"},
		{".pc 0x0\n.span 0x0 0x20\nNOP\nNOP\n", "t.prog:2: ", ".span: no instruction at 0x20 (expected the address of one of the program's instructions, after .pc)"},
		{".span 0x0 0x0\nNOP\n", "t.prog:1: ", ".span: no instruction at 0x0"},
		{".pc 0x171\nNOP\n", "t.prog:1:5: ", ".pc: expected the next instruction's byte address, a multiple of 16 (0x0 to 0xfffffff0), got \"0x171\""},
		{".pc\nNOP\n", "t.prog:1:4: ", ".pc: expected the next instruction's byte address, a multiple of 16 (0x0 to 0xfffffff0)"},
		{".pc 0x100000000\nNOP\n", "t.prog:1:5: ", ".pc: expected the next instruction's byte address, a multiple of 16 (0x0 to 0xfffffff0), got \"0x100000000\""},
		{".pc 16z\nNOP\n", "t.prog:1:5: ", ".pc: expected the next instruction's byte address, a multiple of 16 (0x0 to 0xfffffff0), got \"16z\""},
		/* decimal unless 0x: 0100 is one hundred (no octal), not a multiple of 16 */
		{".pc 0100\nNOP\n", "t.prog:1:5: ", ".pc: expected the next instruction's byte address, a multiple of 16 (0x0 to 0xfffffff0), got \"0100\""},
		{"NOP junk\n", "t.prog:1:5: ", "expected the end of the statement, got \"junk\""},
		{"FFMA R1, R2, R3, R4 R5\n", "t.prog:1:21: ", "expected the end of the statement, got \"R5\""},
		{"MOV R1, R2,\n", "t.prog:1:11: ", "expected the end of the statement, got \",\""},
		{"FFMA R1, R2, R3, R4 width=4\n", "t.prog:1:21: ", "expected the end of the statement, got \"width=4\""},
		{"ENDLOOP 3\n", "t.prog:1:9: ", "expected the end of the statement"},
		{"NOP;\n", "t.prog:1:4: ", "expected a space after the opcode, got \";\""},
		{"R1\n", "t.prog:1:1: ", "unknown opcode"},
		{"EXIT\n\n\n  FFMA R1, R2, R3, Rx\n", "t.prog:4:20: ", "got \"Rx\""},
	};
	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct program p;
		struct err e = {{0}};
		int rc = parse(cases[i].text, &p, &e);
		if (rc != SIM_EINPUT || strncmp(e.msg, cases[i].where, strlen(cases[i].where)) != 0 ||
		    !strstr(e.msg, cases[i].msg))
			fail_msg("case %zu: rc %d, message \"%s\", expected \"%s...%s\"", i, rc, e.msg, cases[i].where,
				 cases[i].msg);
		program_free(&p);
	}
}

static void binary_input(void **state)
{
	static const char text[] = "NOP\n\0NOP\n";
	struct program p;
	struct err e = {{0}};
	(void)state;
	assert_int_equal(parse_program(text, sizeof text - 1, "bin.prog", &p, &e), SIM_EINPUT);
	assert_non_null(strstr(e.msg, "bin.prog: binary file (found a NUL byte"));
	program_free(&p);
}

static void program_files(void **state)
{
	struct program p;
	struct err e = {{0}};
	(void)state;
	assert_int_equal(parse_program_file("/nonexistent/k.prog", &p, &e), SIM_EIO);
	assert_non_null(strstr(e.msg, "/nonexistent/k.prog"));
	program_free(&p);
	assert_int_equal(parse_program_file("tests", &p, &e), SIM_EIO);
	assert_non_null(strstr(e.msg, "is a directory"));
	program_free(&p);
}

/*
 * Once-known parser defects, fixed: a bad value's column and "got" point at
 * the whole value, and immediates may carry an f suffix.
 */
static void known_bugs(void **state)
{
	static const struct {
		const char *text, *where, *msg;
	} cases[] = {
		/* stride=0/footprint=0: column and "got" point past the value
		 * (lanes=0 is valid since round 20: predicated off in every lane) */
		{"LDG R1, [R2] stride=0\n", "t.prog:1:21: ", "got \"0\""},
		{"LDG R1, [R2] footprint=0\n", "t.prog:1:24: ", "got \"0\""},
		/* width=12: the column points at the last digit only */
		{"LDG R1, [R2] width=12\n", "t.prog:1:20: ", "got \"12\""},
	};
	struct program p;
	struct err e = {{0}};
	int bad = 0;
	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		int rc = parse(cases[i].text, &p, &e);
		program_free(&p);
		if (rc != SIM_EINPUT || strncmp(e.msg, cases[i].where, strlen(cases[i].where)) != 0 ||
		    !strstr(e.msg, cases[i].msg)) {
			print_error("case %zu: rc %d, message \"%s\", expected \"%s...%s\"\n", i, rc, e.msg,
				    cases[i].where, cases[i].msg);
			bad++;
		}
	}
	/* lanes=0: a memory instruction predicated off in every lane */
	if (parse("STG [R2], R4 lanes=0\n", &p, &e) != SIM_OK || !p.code[0].off || p.code[0].lanes != 0) {
		print_error("STG lanes=0: %s\n", e.msg);
		bad++;
	}
	program_free(&p);
	/* a float immediate with an f suffix (parse.c means to allow it) */
	if (parse("MOV R1, 1.0f\n", &p, &e) != SIM_OK) {
		print_error("MOV R1, 1.0f: %s\n", e.msg);
		bad++;
	}
	program_free(&p);
	/* a // comment right after an opcode, as '#' is allowed */
	if (parse("NOP// c\n", &p, &e) != SIM_OK) {
		print_error("NOP// c: %s\n", e.msg);
		bad++;
	}
	program_free(&p);
	assert_int_equal(bad, 0);
}

/*
 * The general operand grammar of compiled SASS (isa/README.md "SASS forms"):
 * each line below decoded by hand from the SASS register rules.
 */
/* A constant load's line (insn.caddr, round 50): the bank and offset of
 * c[B][OFF]; a register-indexed one's offset from caddr= (its bank from the
 * operand); an ALU instruction's constant operand, a bindless cx[], none. */
static void constant_addresses(void **state)
{
	(void)state;
	struct program p;
	parse_ok("LDC R1, c[0x3][0x218]\n"
		 "LDC.64 R2, c[0x0][0x210]\n"
		 "LDC R4, c[0x2][R2+0x10] caddr=0x40\n"
		 "LDC R5, c[0x0][R2+0x10]\n"
		 "ULDC UR4, c[0x0][0x300]\n"
		 "ULDC UR5, c[0x0][UR6+0x4] caddr=0x304\n"
		 "FFMA R8, R8, R1, c[0x0][0x210]\n"
		 "LDC R6, cx[UR4][0x10]\n"
		 "LDC R7, c[0x0][RZ]\n"
		 "LDC R9, c[0x1][RZ+0x44]\n"
		 "EXIT\n",
		 &p);
	const struct insn *c = p.code;
	assert_int_equal(c[0].caddr, ISA_CADDR(3, 0x218));
	assert_int_equal(c[1].caddr, ISA_CADDR(0, 0x210));
	assert_int_equal(c[2].caddr, ISA_CADDR(2, 0x40));
	assert_int_equal(c[3].caddr >> 24, 0); /* not known */
	assert_int_equal(c[4].caddr, ISA_CADDR(0, 0x300));
	assert_int_equal(c[5].caddr, ISA_CADDR(0, 0x304));
	assert_int_equal(c[6].base, 0); /* no constant load: base stays the memory ops' */
	assert_int_equal(c[7].caddr, 0);
	/* the zero register adds nothing: ptxas reads blockDim.x as c[0x0][RZ] */
	assert_int_equal(c[8].caddr, ISA_CADDR(0, 0));
	assert_int_equal(c[9].caddr, ISA_CADDR(1, 0x44));
	program_free(&p);
}

static void sass_forms(void **state)
{
	(void)state;
	struct program p;
	parse_ok("[B------:R-:W-:-:S02] ISETP.GE.AND P0, PT, R0, 0x1, PT\n"        /* 0 */
		 "[B0-----:R-:W1:Y:S04] @!P0 LDG.E.64.STRONG.GPU R2, desc[UR6][R2.64]\n" /* 1 */
		 "[B-1----:R-:W-:-:S01] IADD3 R4, P1, R2.reuse, R3, RZ\n"        /* 2 */
		 "[B------:R-:W-:-:S01] IADD3.X R5, R7, R9, RZ, P1, !PT\n"       /* 3 */
		 "[B------:R-:W-:-:S04] IMAD.WIDE R6, R3, 0x4, R4\n"             /* 4 */
		 "[B------:R0:W-:-:S01] STG.E.128 desc[UR4][R6.64], R8\n"        /* 5 */
		 "[B------:R-:W-:-:S04] FFMA R8, R8, UR4, c[0x0][0x210]\n"        /* 6 */
		 "[B------:R-:W2:-:S01] SHFL.BFLY PT, R9, R8, 0x1, 0x1f\n"       /* 7 */
		 "[B------:R-:W-:-:S05] LOP3.LUT P2, RZ, R9, 0x3, RZ, 0xc0, !PT\n" /* 8 */
		 "[B------:R-:W-:-:S01] UIADD3 UR4, UR4, 0x1, URZ\n"             /* 9 */
		 "[B--2---:R-:W-:Y:S15] EXIT\n",
		 &p);
	assert_int_equal(p.ninsn, 11);
	const struct insn *c = p.code;
	assert_int_equal(c[0].op, OP_ISETP);
	assert_true(c[0].has_ctl && c[0].stall == 2 && !c[0].yield && c[0].wsb == ISA_CTL_NONE && c[0].rsb == ISA_CTL_NONE);
	assert_int_equal(c[0].dst, ISA_P0);
	assert_int_equal(c[0].nxdst, 1);
	assert_int_equal(c[0].xdst[0], ISA_PT);
	assert_int_equal(c[0].nsrc, 3); /* R0, the immediate's slot, PT */
	assert_int_equal(c[0].src[0], 0);
	assert_int_equal(c[0].src[1], ISA_RZ);
	assert_int_equal(c[0].src[2], ISA_PT);
	/* a guarded 64-bit load: the pair R2:R3 written, the address pair and the descriptor read */
	assert_int_equal(c[1].op, OP_LDG);
	assert_true(c[1].has_pred && c[1].pred_neg && c[1].pred == ISA_P0);
	assert_true(c[1].wmask == 1 && c[1].wsb == 1 && c[1].yield && c[1].stall == 4);
	assert_int_equal(c[1].width, 8);
	assert_true(c[1].has_dst && c[1].dst == 2 && c[1].nxdst == 1 && c[1].xdst[0] == 3);
	assert_int_equal(c[1].nsrc, 3);
	assert_int_equal(c[1].src[0], ISA_UR0 + 6);
	assert_int_equal(c[1].src[1], 2);
	assert_int_equal(c[1].src[2], 3);
	/* carry out P1 is a destination; .reuse flags the slot */
	assert_int_equal(c[2].wmask, 2);
	assert_true(c[2].dst == 4 && c[2].nxdst == 1 && c[2].xdst[0] == ISA_P0 + 1);
	assert_true(c[2].nsrc == 3 && c[2].src[0] == 2 && c[2].src[1] == 3 && c[2].src[2] == ISA_RZ);
	assert_true(c[2].has_reuse && c[2].reuse == 1);
	/* carry in P1 is a source */
	assert_true(c[3].dst == 5 && c[3].nxdst == 0 && c[3].nsrc == 5 && c[3].src[3] == ISA_P0 + 1 && c[3].src[4] == ISA_PT);
	/* .WIDE: R6:R7 written; the fixed grammar's R4 is one register */
	assert_true(c[4].op == OP_IMAD && c[4].dst == 6 && c[4].nxdst == 1 && c[4].xdst[0] == 7);
	/* a 128-bit store: UR4, R6, R7 and the data quad R8..R11 read, nothing written */
	assert_true(c[5].op == OP_STG && !c[5].has_dst && c[5].rsb == 0 && c[5].nsrc == 7);
	assert_true(c[5].src[0] == ISA_UR0 + 4 && c[5].src[3] == 8 && c[5].src[6] == 11);
	/* a uniform register and a constant-bank operand as FFMA sources */
	assert_true(c[6].op == OP_FFMA && c[6].nsrc == 3 && c[6].src[1] == ISA_UR0 + 4 && c[6].src[2] == ISA_RZ);
	/* SHFL PT, R9: the predicate and then the register are its destinations */
	assert_true(c[7].op == OP_SHFL && c[7].dst == ISA_PT && c[7].nxdst == 1 && c[7].xdst[0] == 9 && c[7].src[0] == 8);
	/* LOP3 P2, RZ: predicate output first */
	assert_true(c[8].dst == ISA_P0 + 2 && c[8].xdst[0] == ISA_RZ && c[8].src[0] == 9);
	assert_true(c[9].op == OP_UIADD3 && c[9].dst == ISA_UR0 + 4 && c[9].src[0] == ISA_UR0 + 4 && c[9].src[2] == ISA_URZ);
	assert_true(c[10].op == OP_EXIT && c[10].wmask == 4 && c[10].stall == 15 && c[10].yield);
	/* registers per thread count general registers alone: R11 is the highest */
	assert_int_equal(p.regs_per_thread, 12);
	program_free(&p);

	/* without control bits: the same forms, register scoreboarding */
	parse_ok("@P0 BRA `(.L_x_1)\nS2R R0, SR_TID.X\nLDC R1, c[0x0][0x28]\nBSSY B0, 0x120\nBAR.SYNC.DEFER_BLOCKING 0x0\n", &p);
	assert_true(p.code[0].op == OP_BRA && p.code[0].has_pred && !p.code[0].has_ctl && p.code[0].pred == ISA_P0);
	assert_true(p.code[1].op == OP_S2R && p.code[1].dst == 0 && p.code[1].nsrc == 1 && p.code[1].src[0] == ISA_RZ);
	assert_true(p.code[2].op == OP_LDC && p.code[2].dst == 1);
	assert_true(p.code[3].op == OP_BSSY && !p.code[3].has_dst);
	assert_int_equal(p.code[4].op, OP_BAR);
	program_free(&p);

	/* without control bits, a line the synthetic grammar reads the start of and that goes on (round 48:
	 * LOP3.LUT's LUT and predicate after its three sources, as a listing without encodings has it): the
	 * general grammar's, R0 and the immediate's slot read, R3 written; the synthetic form stays */
	parse_ok("LOP3.LUT R3, R0, 0x7, RZ, 0xc0, !PT\nLOP3 R4, R5, R6, R7\n", &p);
	assert_true(p.code[0].op == OP_LOP3 && p.code[0].dst == 3 && p.code[0].nsrc == 5 && p.code[0].src[0] == 0 &&
		    p.code[0].src[1] == ISA_RZ && p.code[0].src[4] == ISA_PT);
	assert_true(p.code[1].op == OP_LOP3 && p.code[1].dst == 4 && p.code[1].nsrc == 3 && p.code[1].src[2] == 7);
	program_free(&p);

	/* an absolute value's suffixes after its bar (round 55: powf's and tanhf's FMUL R5, |R2|.reuse, 16777216
	 * was refused): R2 read and its slot's reuse flag set, as for R2.reuse; |R3.reuse| alike; and REDG */
	parse_ok("[B------:R-:W-:-:S01] FMUL R5, |R2|.reuse, 16777216\n"
		 "[B------:R-:W-:-:S01] FADD R6, -|R3.reuse|, R4\n"
		 "[B------:R-:W-:-:S01] REDG.E.ADD.STRONG.GPU [R4.64], R7\n", &p);
	assert_true(p.code[0].op == OP_FMUL && p.code[0].dst == 5 && p.code[0].src[0] == 2 && p.code[0].has_reuse &&
		    p.code[0].reuse == 1);
	assert_true(p.code[1].op == OP_FADD && p.code[1].src[0] == 3 && p.code[1].src[1] == 4 && p.code[1].reuse == 1);
	/* REDG (nvcc 13's atomicAdd with its result unused) is RED: a global reduction, nothing written */
	assert_true(p.code[2].op == OP_RED && !p.code[2].has_dst && isa_ops[p.code[2].op].space == SPACE_GLOBAL);
	program_free(&p);
}

static void sass_errors(void **state)
{
	(void)state;
	static const struct {
		const char *text, *where, *what;
	} bad[] = {
		{"[B------:R-:W-:-:S16] NOP\n", "t.prog:1:", "stall count expected S00..S15"},
		{"[B-----:R-:W-:-:S01] NOP\n", "t.prog:1:", "control bits: expected [B------:R-:W-:Y:S04]"},
		{"[B------:R6:W-:-:S01] NOP\n", "t.prog:1:", "control bits: expected"},
		{"@Q0 NOP\n", "t.prog:1:2: ", "guard: expected a predicate after '@'"},
		{"@P7 NOP\n", "t.prog:1:2: ", "register out of range (expected P0..P6 or PT)"},
		{"ISETP.GE.AND P0, PT, UR63, 0x1, PT\n", "t.prog:1:22: ", "register out of range (expected UR0..UR62 or URZ)"},
		{"[B------:R-:W-:-:S01] NOP\nNOP\n", "t.prog:2: ", "NOP without control bits in a program whose other instructions have them"},
		{"[B------:R-:W-:-:S01] LOOP 3\nNOP\nENDLOOP\n", "t.prog:1:23: ", "LOOP, ELSE and ENDIF issue nothing"},
		{"LDL R2, R1\n", "t.prog:1:", "expected a memory operand like [R2]"},
		{"SEL R0, R1, R2, R3, R4, R5, R6, R7, R8, R9, R10\n", "t.prog:1:", "too many source registers (expected at most 8"},
		{"STG.E.128 [R254.64], R8\n", "t.prog:1:", "register span runs past the last register"},
		{"FSEL R0, R1, %x\n", "t.prog:1:14: ", "expected an operand"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct program p;
		struct err e = {{0}};
		int rc = parse(bad[i].text, &p, &e);
		if (rc != SIM_EINPUT || strncmp(e.msg, bad[i].where, strlen(bad[i].where)) != 0 || !strstr(e.msg, bad[i].what))
			fail_msg("case %zu: rc %d, message \"%s\", expected \"%s...%s\"", i, rc, e.msg, bad[i].where, bad[i].what);
		program_free(&p);
	}
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(all_opcodes),    cmocka_unit_test(lane_offsets),  cmocka_unit_test(clock_reads),
		cmocka_unit_test(regs_and_exit),
		cmocka_unit_test(dynamic_counts),
		cmocka_unit_test(finish_by_hand), cmocka_unit_test(opcode_lookup), cmocka_unit_test(bad_programs),
		cmocka_unit_test(binary_input),   cmocka_unit_test(program_files), cmocka_unit_test(known_bugs),
		cmocka_unit_test(sass_forms), cmocka_unit_test(constant_addresses),     cmocka_unit_test(sass_errors),
	};
	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests_name("parse", tests, NULL, NULL);
}
