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
	"fma", "fmaheavy", "alu", "fp64", "xu", "lsu", "cbu",
};

const struct opinfo isa_ops[OP_COUNT] = {
	[OP_FFMA] = {"FFMA", PIPE_FMA, LAT_FIXED, 1, 3, SPACE_NONE, 0},
	[OP_FADD] = {"FADD", PIPE_FMA, LAT_FIXED, 1, 2, SPACE_NONE, 0},
	[OP_FMUL] = {"FMUL", PIPE_FMA, LAT_FIXED, 1, 2, SPACE_NONE, 0},
	[OP_IMAD] = {"IMAD", PIPE_FMAHEAVY, LAT_FIXED, 1, 3, SPACE_NONE, 0},
	[OP_IADD3] = {"IADD3", PIPE_ALU, LAT_FIXED, 1, 3, SPACE_NONE, 0},
	[OP_LOP3] = {"LOP3", PIPE_ALU, LAT_FIXED, 1, 3, SPACE_NONE, 0},
	[OP_MOV] = {"MOV", PIPE_ALU, LAT_FIXED, 1, 1, SPACE_NONE, 0},
	[OP_MUFU] = {"MUFU", PIPE_XU, LAT_VARIABLE, 1, 1, SPACE_NONE, 0},
	[OP_DFMA] = {"DFMA", PIPE_FP64, LAT_FIXED, 1, 3, SPACE_NONE, 0},
	[OP_LDG] = {"LDG", PIPE_LSU, LAT_VARIABLE, 1, 1, SPACE_GLOBAL, 1},
	[OP_STG] = {"STG", PIPE_LSU, LAT_NONE, 0, 2, SPACE_GLOBAL, 0},
	[OP_LDS] = {"LDS", PIPE_LSU, LAT_VARIABLE, 1, 1, SPACE_SHARED, 1},
	[OP_STS] = {"STS", PIPE_LSU, LAT_NONE, 0, 2, SPACE_SHARED, 0},
	[OP_BAR] = {"BAR", PIPE_CBU, LAT_NONE, 0, 0, SPACE_NONE, 0},
	[OP_BRA] = {"BRA", PIPE_CBU, LAT_NONE, 0, 0, SPACE_NONE, 0},
	[OP_EXIT] = {"EXIT", PIPE_CBU, LAT_NONE, 0, 0, SPACE_NONE, 0},
	[OP_NOP] = {"NOP", PIPE_CBU, LAT_NONE, 0, 0, SPACE_NONE, 0},
	[OP_LOOP] = {"LOOP", PIPE_CBU, LAT_NONE, 0, 0, SPACE_NONE, 0},
	[OP_ENDLOOP] = {"ENDLOOP", PIPE_CBU, LAT_NONE, 0, 0, SPACE_NONE, 0},
	[OP_IF] = {"IF", PIPE_CBU, LAT_NONE, 0, 0, SPACE_NONE, 0},
	[OP_ELSE] = {"ELSE", PIPE_CBU, LAT_NONE, 0, 0, SPACE_NONE, 0},
	[OP_ENDIF] = {"ENDIF", PIPE_CBU, LAT_NONE, 0, 0, SPACE_NONE, 0},
};

int isa_find_op(const char *name, int len)
{
	for (int i = 0; i < OP_COUNT; i++)
		if ((int)strlen(isa_ops[i].name) == len &&
		    strncasecmp(isa_ops[i].name, name, (size_t)len) == 0)
			return i;
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

int program_finish(struct program *p, char *msg, int msglen)
{
	int stack[ISA_MAX_NEST + 1];
	int depth = 0, maxreg = -1;

	for (int i = 0; i < p->ninsn; i++) {
		struct insn *in = &p->code[i];
		switch (in->op) {
		case OP_LOOP:
		case OP_IF:
			if (depth == ISA_MAX_NEST) {
				snprintf(msg, (size_t)msglen,
					 "%u: LOOP/IF nested too deeply (expected at most %d levels)",
					 in->line, ISA_MAX_NEST);
				return -1;
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
		if (in->has_dst && in->dst != ISA_RZ && in->dst > maxreg)
			maxreg = in->dst;
		for (int s = 0; s < in->nsrc; s++)
			if (in->src[s] != ISA_RZ && in->src[s] > maxreg)
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

/* Dynamic count of [from, to): recursion over the structure, saturating. */
static uint64_t count_range(const struct program *p, int from, int to)
{
	uint64_t n = 0;
	for (int i = from; i < to; i++) {
		const struct insn *in = &p->code[i];
		switch (in->op) {
		case OP_LOOP: {
			int end = (int)in->match;
			/* body plus the ENDLOOP branch, count times */
			n = sat_add(n, sat_mul(in->count, sat_add(count_range(p, i + 1, end), 1)));
			i = end;
			break;
		}
		case OP_IF: {
			int mid = (int)in->match; /* ELSE or ENDIF */
			int end = p->code[mid].op == OP_ELSE ? (int)p->code[mid].match : mid;
			uint64_t a = count_range(p, i + 1, mid);
			uint64_t b = mid < end ? count_range(p, mid + 1, end) : 0;
			n = sat_add(n, 1); /* the branch */
			if (in->pattern == IF_WARP_LT) {
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
	return count_range(p, 0, p->ninsn);
}
