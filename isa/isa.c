/*
 * isa.c: the opcode table and program construction helpers.
 *
 * The table says, for each opcode, which pipe executes it, whether its
 * result latency is fixed or variable, and its operand shape. It holds no
 * latencies: those are per architecture, in the arch JSON files.
 */
#include "isa.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

const char *const isa_pipe_names[PIPE_COUNT] = {
	"fma", "fmaheavy", "alu", "fp64", "xu", "lsu", "cbu", "uniform",
};

/*
 * One row per opcode: the only place instruction facts live. Pipes follow
 * Nsight Compute's pipe names for sm_70..sm_90; latency classes follow the
 * control bits ptxas writes (an opcode whose result it posts on a
 * scoreboard is variable, tests/data/h200/sass.txt and import/). Columns:
 * name, pipe, latency class, destinations, sources (synthetic opcodes),
 * memory space, returns data, general operand grammar, variable-latency
 * unit, uniform datapath. The uniform datapath is a pipe of its own
 * (uniform: sm_90 16 lanes, tests/data/h200/mech/uni), as the loop counter's
 * UIADD3 of a back edge is (sim: loop_insns).
 */
#define FX(name, pipe, ndst) {name, pipe, LAT_FIXED, ndst, 0, SPACE_NONE, 0, 1, UNIT_NONE, 0}
#define UF(name, ndst) {name, PIPE_UNIFORM, LAT_FIXED, ndst, 0, SPACE_NONE, 0, 1, UNIT_NONE, 1}
#define VX(name, pipe, unit) {name, pipe, LAT_VARIABLE, 1, 0, SPACE_NONE, 0, 1, unit, 0}
#define MEM(name, space, load, unit) {name, PIPE_LSU, load ? LAT_VARIABLE : LAT_NONE, load, 0, space, load, 1, unit, 0}
#define CB(name) {name, PIPE_CBU, LAT_NONE, 0, 0, SPACE_NONE, 0, 1, UNIT_NONE, 0}
const struct opinfo isa_ops[OP_COUNT] = {
	[OP_FFMA] = {"FFMA", PIPE_FMA, LAT_FIXED, 1, 3, SPACE_NONE, 0, 0, UNIT_NONE, 0},
	[OP_FADD] = {"FADD", PIPE_FMA, LAT_FIXED, 1, 2, SPACE_NONE, 0, 0, UNIT_NONE, 0},
	[OP_FMUL] = {"FMUL", PIPE_FMA, LAT_FIXED, 1, 2, SPACE_NONE, 0, 0, UNIT_NONE, 0},
	[OP_IMAD] = {"IMAD", PIPE_FMAHEAVY, LAT_FIXED, 1, 3, SPACE_NONE, 0, 0, UNIT_NONE, 0},
	[OP_IADD3] = {"IADD3", PIPE_ALU, LAT_FIXED, 1, 3, SPACE_NONE, 0, 0, UNIT_NONE, 0},
	[OP_LOP3] = {"LOP3", PIPE_ALU, LAT_FIXED, 1, 3, SPACE_NONE, 0, 0, UNIT_NONE, 0},
	[OP_MOV] = {"MOV", PIPE_ALU, LAT_FIXED, 1, 1, SPACE_NONE, 0, 0, UNIT_NONE, 0},
	[OP_MUFU] = {"MUFU", PIPE_XU, LAT_VARIABLE, 1, 1, SPACE_NONE, 0, 0, UNIT_XU, 0},
	[OP_DFMA] = {"DFMA", PIPE_FP64, LAT_FIXED, 1, 3, SPACE_NONE, 0, 0, UNIT_NONE, 0},
	[OP_LDG] = {"LDG", PIPE_LSU, LAT_VARIABLE, 1, 1, SPACE_GLOBAL, 1, 0, UNIT_GLOBAL, 0},
	[OP_STG] = {"STG", PIPE_LSU, LAT_NONE, 0, 2, SPACE_GLOBAL, 0, 0, UNIT_GLOBAL, 0},
	[OP_LDS] = {"LDS", PIPE_LSU, LAT_VARIABLE, 1, 1, SPACE_SHARED, 1, 0, UNIT_SMEM, 0},
	[OP_STS] = {"STS", PIPE_LSU, LAT_NONE, 0, 2, SPACE_SHARED, 0, 0, UNIT_SMEM, 0},
	[OP_BAR] = {"BAR", PIPE_CBU, LAT_NONE, 0, 0, SPACE_NONE, 0, 0, UNIT_NONE, 0},
	[OP_BRA] = {"BRA", PIPE_CBU, LAT_NONE, 0, 0, SPACE_NONE, 0, 0, UNIT_NONE, 0},
	[OP_EXIT] = {"EXIT", PIPE_CBU, LAT_NONE, 0, 0, SPACE_NONE, 0, 0, UNIT_NONE, 0},
	[OP_NOP] = {"NOP", PIPE_CBU, LAT_NONE, 0, 0, SPACE_NONE, 0, 0, UNIT_NONE, 0},
	[OP_LOOP] = {"LOOP", PIPE_CBU, LAT_NONE, 0, 0, SPACE_NONE, 0, 0, UNIT_NONE, 0},
	[OP_ENDLOOP] = {"ENDLOOP", PIPE_CBU, LAT_NONE, 0, 0, SPACE_NONE, 0, 0, UNIT_NONE, 0},
	[OP_IF] = {"IF", PIPE_CBU, LAT_NONE, 0, 0, SPACE_NONE, 0, 0, UNIT_NONE, 0},
	[OP_ELSE] = {"ELSE", PIPE_CBU, LAT_NONE, 0, 0, SPACE_NONE, 0, 0, UNIT_NONE, 0},
	[OP_ENDIF] = {"ENDIF", PIPE_CBU, LAT_NONE, 0, 0, SPACE_NONE, 0, 0, UNIT_NONE, 0},
	/* integer and logic, compares, selects: the ALU pipe */
	[OP_ISETP] = FX("ISETP", PIPE_ALU, 2),
	[OP_FSETP] = FX("FSETP", PIPE_ALU, 2),
	[OP_DSETP] = FX("DSETP", PIPE_FP64, 2),
	[OP_PLOP3] = FX("PLOP3", PIPE_ALU, 2),
	[OP_FSEL] = FX("FSEL", PIPE_ALU, 1),
	[OP_SEL] = FX("SEL", PIPE_ALU, 1),
	[OP_SHF] = FX("SHF", PIPE_ALU, 1),
	[OP_LEA] = FX("LEA", PIPE_ALU, 2),
	[OP_PRMT] = FX("PRMT", PIPE_ALU, 1),
	[OP_FMNMX] = FX("FMNMX", PIPE_ALU, 1),
	[OP_IMNMX] = FX("IMNMX", PIPE_ALU, 1),
	[OP_IABS] = FX("IABS", PIPE_ALU, 1),
	[OP_VIADD] = FX("VIADD", PIPE_FMA, 1), /* the FMA side (mech_lpair, mech_otput: round 18) */
	[OP_VIMNMX] = FX("VIMNMX", PIPE_ALU, 1),
	[OP_VIMNMX3] = FX("VIMNMX3", PIPE_ALU, 1), /* a three-input min or max (ptxas folds min(min(x, a), b)): mech_otput */
	[OP_SGXT] = FX("SGXT", PIPE_ALU, 1),
	[OP_BMSK] = FX("BMSK", PIPE_ALU, 1),
	[OP_P2R] = FX("P2R", PIPE_ALU, 1),
	[OP_R2P] = FX("R2P", PIPE_ALU, 1),
	[OP_F2FP] = FX("F2FP", PIPE_ALU, 1),
	[OP_CS2R] = FX("CS2R", PIPE_ALU, 1),
	[OP_VOTE] = FX("VOTE", PIPE_ALU, 2),
	[OP_FSWZADD] = FX("FSWZADD", PIPE_FMA, 1),
	/* multiply-add families */
	[OP_IMUL] = FX("IMUL", PIPE_FMAHEAVY, 1),
	[OP_HFMA2] = FX("HFMA2", PIPE_FMA, 1),
	[OP_HADD2] = FX("HADD2", PIPE_FMA, 1),
	[OP_HMUL2] = FX("HMUL2", PIPE_FMA, 1),
	[OP_DADD] = FX("DADD", PIPE_FP64, 1),
	[OP_DMUL] = FX("DMUL", PIPE_FP64, 1),
	/* variable latency on the xu pipe: ptxas posts their results on a scoreboard */
	[OP_POPC] = VX("POPC", PIPE_XU, UNIT_XU),
	[OP_FLO] = VX("FLO", PIPE_XU, UNIT_XU),
	[OP_BREV] = VX("BREV", PIPE_XU, UNIT_XU),
	[OP_I2F] = VX("I2F", PIPE_XU, UNIT_XU),
	[OP_F2I] = VX("F2I", PIPE_XU, UNIT_XU),
	[OP_F2F] = VX("F2F", PIPE_XU, UNIT_XU),
	[OP_I2I] = VX("I2I", PIPE_XU, UNIT_XU),
	[OP_FRND] = VX("FRND", PIPE_XU, UNIT_XU),
	/* a division's range check (FCHK P, Rx, Ry: the fast path's guard, round 55):
	 * ptxas posts its predicate on a scoreboard; the xu pipe's, as MUFU's */
	[OP_FCHK] = VX("FCHK", PIPE_XU, UNIT_XU),
	/* the MIO side of the LSU: shared-memory data path and constants */
	[OP_S2R] = VX("S2R", PIPE_LSU, UNIT_SMEM),
	[OP_SHFL] = {"SHFL", PIPE_LSU, LAT_VARIABLE, 2, 0, SPACE_NONE, 0, 1, UNIT_SMEM, 0},
	[OP_LDC] = MEM("LDC", SPACE_CONST, 1, UNIT_CONST),
	/* memory */
	[OP_LDL] = MEM("LDL", SPACE_LOCAL, 1, UNIT_GLOBAL),
	[OP_STL] = MEM("STL", SPACE_LOCAL, 0, UNIT_GLOBAL),
	[OP_LD] = MEM("LD", SPACE_GLOBAL, 1, UNIT_GLOBAL),
	[OP_ST] = MEM("ST", SPACE_GLOBAL, 0, UNIT_GLOBAL),
	[OP_ATOMS] = MEM("ATOMS", SPACE_SHARED, 1, UNIT_SMEM),
	[OP_ATOMG] = MEM("ATOMG", SPACE_GLOBAL, 1, UNIT_GLOBAL),
	[OP_ATOM] = MEM("ATOM", SPACE_GLOBAL, 1, UNIT_GLOBAL),
	[OP_RED] = MEM("RED", SPACE_GLOBAL, 0, UNIT_GLOBAL),
	[OP_MEMBAR] = CB("MEMBAR"),
	/* convergence and branches: the CBU */
	[OP_BSSY] = CB("BSSY"),
	[OP_BSYNC] = CB("BSYNC"),
	[OP_WARPSYNC] = CB("WARPSYNC"),
	[OP_CALL] = CB("CALL"),
	[OP_RET] = CB("RET"),
	[OP_BREAK] = CB("BREAK"),
	[OP_BMOV] = CB("BMOV"),
	[OP_YIELD] = CB("YIELD"),
	[OP_BPT] = CB("BPT"), /* BPT.TRAP: a trap behind a branch nothing takes (an assert); issued as a slot */
	/* the uniform datapath: one value per warp, fixed latency */
	[OP_UIADD3] = UF("UIADD3", 3),
	[OP_UMOV] = UF("UMOV", 1),
	[OP_ULDC] = UF("ULDC", 1),
	[OP_USHF] = UF("USHF", 1),
	[OP_ULOP3] = UF("ULOP3", 1),
	[OP_UISETP] = UF("UISETP", 2),
	[OP_USEL] = UF("USEL", 1),
	[OP_UIMAD] = UF("UIMAD", 1),
	[OP_ULEA] = UF("ULEA", 2),
	[OP_UPRMT] = UF("UPRMT", 1),
	[OP_UFLO] = UF("UFLO", 1),
	[OP_UPOPC] = UF("UPOPC", 1),
	[OP_USGXT] = UF("USGXT", 1),
	[OP_UBMSK] = UF("UBMSK", 1),
	[OP_UPLOP3] = UF("UPLOP3", 2),
	[OP_S2UR] = {"S2UR", PIPE_LSU, LAT_VARIABLE, 1, 0, SPACE_NONE, 0, 1, UNIT_SMEM, 1},
	[OP_R2UR] = UF("R2UR", 1),
	[OP_VOTEU] = UF("VOTEU", 2),
	/* DEPBAR.LE SB0, N: waits on a scoreboard, named as a source */
	[OP_DEPBAR] = CB("DEPBAR"),
	/* sm_90's conversions on the ALU pipe: fixed latency (no scoreboard in tloop/sass.txt) */
	[OP_I2FP] = FX("I2FP", PIPE_ALU, 1),
	[OP_F2IP] = FX("F2IP", PIPE_ALU, 1),
	/* stands in for an opcode smsim does not model (smsim import --unknown=alu) */
	[OP_ALU] = FX("ALU", PIPE_ALU, 2),
};
#undef FX
#undef UF
#undef VX
#undef MEM
#undef CB

const char *isa_reg_name(int reg, char *buf, int len)
{
	if (reg == ISA_RZ)
		snprintf(buf, (size_t)len, "RZ");
	else if (reg < ISA_NGPR)
		snprintf(buf, (size_t)len, "R%d", reg);
	else if (reg == ISA_URZ)
		snprintf(buf, (size_t)len, "URZ");
	else if (reg < ISA_P0)
		snprintf(buf, (size_t)len, "UR%d", reg - ISA_UR0);
	else if (reg == ISA_PT)
		snprintf(buf, (size_t)len, "PT");
	else if (reg < ISA_UP0)
		snprintf(buf, (size_t)len, "P%d", reg - ISA_P0);
	else if (reg == ISA_UPT)
		snprintf(buf, (size_t)len, "UPT");
	else if (reg < ISA_SB0)
		snprintf(buf, (size_t)len, "UP%d", reg - ISA_UP0);
	else
		snprintf(buf, (size_t)len, "SB%d", reg - ISA_SB0);
	return buf;
}

/* Other names of an opcode: REDG, the global reduction nvcc 13 writes for sm_90
 * (atomicAdd whose result is unused: REDG.E.ADD.STRONG.GPU [R4.64], R7), is RED */
static const struct {
	const char *name;
	int op;
} isa_aliases[] = {{"REDG", OP_RED}};

int isa_find_op(const char *name, int len)
{
	for (int i = 0; i < OP_COUNT; i++)
		if ((int)strlen(isa_ops[i].name) == len &&
		    strncasecmp(isa_ops[i].name, name, (size_t)len) == 0)
			return i;
	for (size_t i = 0; i < sizeof isa_aliases / sizeof *isa_aliases; i++)
		if ((int)strlen(isa_aliases[i].name) == len && strncasecmp(isa_aliases[i].name, name, (size_t)len) == 0)
			return isa_aliases[i].op;
	return -1;
}

int isa_find_pipe(const char *name)
{
	for (int i = 0; i < PIPE_COUNT; i++)
		if (strcmp(isa_pipe_names[i], name) == 0)
			return i;
	return -1;
}

void program_init(struct program *p, const char *name)
{
	memset(p, 0, sizeof *p);
	snprintf(p->name, sizeof p->name, "%s", name ? name : "");
}

void program_free(struct program *p)
{
	free(p->code);
	p->code = NULL;
	p->ninsn = p->cap = 0;
}

int program_emit(struct program *p, const struct insn *in)
{
	if (p->ninsn == p->cap) {
		if (p->cap > (1 << 28))
			return -1; /* 2^28 instructions: far past any real program */
		int cap = p->cap ? 2 * p->cap : 64;
		struct insn *c = realloc(p->code, (size_t)cap * sizeof *c);
		if (!c)
			return -1;
		p->code = c;
		p->cap = cap;
	}
	p->code[p->ninsn] = *in;
	return p->ninsn++;
}

/* A LOOP's trips at the last trip of its enclosing loop, which runs at most
 * outer (1 outside every loop): the larger of its counts, or for grow=G
 * N + G (outer - 1), signed (below 1 is an error program_finish reports). */
static int64_t loop_last_trips(const struct insn *in, uint64_t outer)
{
	int64_t n = (int64_t)(in->count_warps && in->count_low > in->count ? in->count_low : in->count);
	return in->grow ? n + (int64_t)in->grow * (int64_t)(outer - 1) : n;
}

/* The most trips a LOOP runs an entry: N + G t is monotone in t, so its first
 * or its last (for a valid program, which program_finish checked) */
static uint64_t loop_most_trips(const struct insn *in, uint64_t outer)
{
	int64_t last = loop_last_trips(in, outer);
	return last > (int64_t)in->count ? (uint64_t)last : in->count;
}

int program_finish(struct program *p, char *msg, int msglen)
{
	int stack[ISA_MAX_NEST + 1];
	uint64_t most[ISA_MAX_NEST + 1]; /* an open LOOP's most trips an entry */
	int depth = 0, maxreg = -1;
	unsigned groups = 0; /* latency-draw groups opened so far (group=G) */

	for (int i = 0; i < p->ninsn; i++) {
		struct insn *in = &p->code[i];
		if (in->group || in->near) {
			const struct opinfo *o = &isa_ops[in->op];
			if (o->space != SPACE_GLOBAL || !isa_l1_load(in->op)) {
				snprintf(msg, (size_t)msglen, "%u: %s=%d on %s: only a global load draws a latency (expected LDG or LD)",
					 in->line, in->group ? "group" : "near", in->group ? in->group : in->near, o->name);
				return -1;
			}
			groups |= in->group ? 1u << in->group : 0u;
			if (in->near && !(groups >> in->near & 1u)) {
				snprintf(msg, (size_t)msglen, "%u: near=%d: no load before it has group=%d (expected group=%d on the load whose lines it neighbours)",
					 in->line, in->near, in->near, in->near);
				return -1;
			}
		}
		switch (in->op) {
		case OP_LOOP:
		case OP_IF:
			if (depth == ISA_MAX_NEST) {
				snprintf(msg, (size_t)msglen,
					 "%u: LOOP/IF nested too deeply (expected at most %d levels)",
					 in->line, ISA_MAX_NEST);
				return -1;
			}
			if (in->op == OP_LOOP) {
				int o = depth - 1;
				while (o >= 0 && p->code[stack[o]].op != OP_LOOP)
					o--;
				uint64_t outer = o >= 0 ? most[o] : 1;
				if (in->grow && o < 0) {
					snprintf(msg, (size_t)msglen, "%u: LOOP %llu grow=%d is in no loop (expected it inside the loop "
						 "at whose trips its count grows)", in->line, (unsigned long long)in->count, in->grow);
					return -1;
				}
				int64_t last = loop_last_trips(in, outer);
				if (in->grow && (last < 1 || last > 1000000000LL)) { /* parse.h's PARSE_MAX_TRIPS */
					snprintf(msg, (size_t)msglen, "%u: LOOP %llu grow=%d: %lld trips at trip t = %llu of the enclosing "
						 "loop's %llu (N + G t; expected 1 to 1000000000 at every trip)", in->line,
						 (unsigned long long)in->count, in->grow, (long long)last, (unsigned long long)outer - 1,
						 (unsigned long long)outer);
					return -1;
				}
				most[depth] = loop_most_trips(in, outer);
			}
			stack[depth++] = i;
			break;
		case OP_ELSE:
			if (depth == 0 || p->code[stack[depth - 1]].op != OP_IF) {
				snprintf(msg, (size_t)msglen,
					 "%u: ELSE without an open IF", in->line);
				return -1;
			}
			p->code[stack[depth - 1]].match = (uint32_t)i;
			stack[depth - 1] = i; /* ELSE now waits for ENDIF */
			break;
		case OP_ENDIF: {
			if (depth == 0 || (p->code[stack[depth - 1]].op != OP_IF &&
					   p->code[stack[depth - 1]].op != OP_ELSE)) {
				snprintf(msg, (size_t)msglen,
					 "%u: ENDIF without an open IF", in->line);
				return -1;
			}
			struct insn *open = &p->code[stack[--depth]];
			open->match = (uint32_t)i;
			break;
		}
		case OP_ENDLOOP:
			if (depth == 0 || p->code[stack[depth - 1]].op != OP_LOOP) {
				snprintf(msg, (size_t)msglen,
					 "%u: ENDLOOP without an open LOOP", in->line);
				return -1;
			}
			p->code[stack[depth - 1]].match = (uint32_t)i;
			in->match = (uint32_t)stack[--depth];
			break;
		default:
			break;
		}
		/* registers per thread count the general registers alone */
		if (in->has_dst && in->dst < ISA_RZ && in->dst > maxreg)
			maxreg = in->dst;
		for (int k = 0; k < in->nxdst; k++)
			if (in->xdst[k] < ISA_RZ && in->xdst[k] > maxreg)
				maxreg = in->xdst[k];
		for (int s = 0; s < in->nsrc; s++)
			if (in->src[s] < ISA_RZ && in->src[s] > maxreg)
				maxreg = in->src[s];
	}
	if (depth > 0) {
		const struct insn *open = &p->code[stack[depth - 1]];
		snprintf(msg, (size_t)msglen, "%u: %s is never closed (expected %s before the end)",
			 open->line, isa_ops[open->op].name,
			 open->op == OP_LOOP ? "ENDLOOP" : "ENDIF");
		return -1;
	}
	if (p->ninsn == 0 || p->code[p->ninsn - 1].op != OP_EXIT) {
		struct insn ex = {.op = OP_EXIT, .line = 0};
		if (program_emit(p, &ex) < 0) {
			snprintf(msg, (size_t)msglen, "out of memory");
			return -1;
		}
	}
	if (!p->regs_declared)
		p->regs_per_thread = maxreg + 1 < 1 ? 1 : maxreg + 1;
	if (p->has_span && p->span_line > 0) { /* a .span line: by address; a generator sets span_insn */
		for (int k = 0; k < 2; k++) {
			p->span_insn[k] = -1;
			for (int i = 0; i < p->ninsn; i++)
				if (p->code[i].has_addr && p->code[i].addr == p->span_addr[k]) {
					p->span_insn[k] = i;
					break;
				}
			if (p->span_insn[k] < 0) {
				snprintf(msg, (size_t)msglen, "%u: .span: no instruction at 0x%x (expected the address of one of the program's instructions, after .pc)",
					 p->span_line, p->span_addr[k]);
				return -1;
			}
		}
	}
	return 0;
}

static uint64_t sat_add(uint64_t a, uint64_t b)
{
	return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

static uint64_t sat_mul(uint64_t a, uint64_t b)
{
	return b && a > UINT64_MAX / b ? UINT64_MAX : a * b;
}

/* Dynamic count of [from, to): recursion over the structure, saturating;
 * outer: the most trips of the enclosing loop (grow=G). */
static uint64_t count_range(const struct program *p, int from, int to, uint64_t outer)
{
	uint64_t n = 0;
	for (int i = from; i < to; i++) {
		const struct insn *in = &p->code[i];
		switch (in->op) {
		case OP_LOOP: {
			int end = (int)in->match;
			/* body plus the ENDLOOP branch, count times (warp<M=K: the larger
			 * of the two counts, an upper bound) */
			uint64_t c = loop_most_trips(in, outer);
			n = sat_add(n, sat_mul(c, sat_add(count_range(p, i + 1, end, c), 1)));
			i = end;
			break;
		}
		case OP_IF: {
			int mid = (int)in->match; /* ELSE or ENDIF */
			int end = p->code[mid].op == OP_ELSE ? (int)p->code[mid].match : mid;
			uint64_t a = count_range(p, i + 1, mid, outer);
			uint64_t b = mid < end ? count_range(p, mid + 1, end, outer) : 0;
			n = sat_add(n, 1); /* the branch */
			if (in->pattern != IF_LANES) {
				n = sat_add(n, a > b ? a : b); /* the longer path: an upper bound */
			} else {
				if (in->frac > 0.0)
					n = sat_add(n, a);
				if (in->frac < 1.0)
					n = sat_add(n, b);
			}
			i = end;
			break;
		}
		case OP_ELSE:
		case OP_ENDIF:
		case OP_ENDLOOP:
			break;
		default:
			n = sat_add(n, 1);
		}
	}
	return n;
}

uint64_t program_dynamic_count(const struct program *p)
{
	return count_range(p, 0, p->ninsn, 1);
}
