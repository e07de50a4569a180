/*
 * wl.c: the built-in workloads, each a generator of a program.
 *
 * The loop bodies mirror the companion CUDA microbenchmark
 * (workloads/cuda/ubench.cu) as its SASS shows them: an unrolled body of
 * chain operations, then the loop's own overhead (a counter IADD3, the
 * compare, which we model as a LOP3 on the same ALU pipe, and the BRA that
 * ENDLOOP issues). Registers: the FFMA chains of fma (default), diverge
 * and barrier use the layout nvcc gives acc = fmaf(acc, a, b) with kernel
 * parameters (fma_layout_ops, sep: chains R0, R2, ..., one operand in UR6,
 * no FFMA reading one register bank twice); the chases and mix use
 * R0..R(ilp-1) for their chains and the registers after them for operands
 * and counters.
 */
#include "wl.h"

#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../sim/cli.h"

const char *const wl_names[] = {"fma", "dram_chase", "l1_chase", "smem_chase", "mix",
				"tile", "diverge", "barrier", NULL};

/* Which keys each workload takes (besides ilp, iters, unroll, seed). */
static const char *const wl_keys[][4] = {
	{"op", "operands", NULL},
	{"footprint", "bytes", NULL},
	{"footprint", "bytes", NULL},
	{"footprint", NULL},
	{"fma_per_load", NULL},
	{"tile", NULL},
	{"p", "long", "short", NULL},
	{"chunk", "skew", NULL},
};

static const char *const fma_ops[] = {"ffma", "fadd", "imad", "iadd3", "lop3", "dfma", "mufu", NULL};
static const char *const fma_operands[] = {"sep", "pair", "banked", NULL};

static int wl_index(const char *name)
{
	for (int i = 0; wl_names[i]; i++)
		if (strcmp(wl_names[i], name) == 0)
			return i;
	return -1;
}

static void defaults(struct wl_params *w, int idx)
{
	memset(w, 0, sizeof *w);
	snprintf(w->name, sizeof w->name, "%s", wl_names[idx]);
	w->ilp = 1;
	snprintf(w->op, sizeof w->op, "ffma");
	snprintf(w->operands, sizeof w->operands, "sep");
	w->fma_per_load = 8;
	w->tile = 4;
	w->p = 0.5;
	w->long_ops = 64;
	w->short_ops = 8;
	w->chunk = 16;
	w->skew = 4;
	w->seed = 1;
	w->bytes = 256;
	switch (idx) {
	case 0: /* fma */
		w->iters = 2048;
		break;
	case 1: /* dram_chase */
		w->iters = 256;
		w->footprint = 1ULL << 30;
		break;
	case 2: /* l1_chase */
		w->iters = 2048;
		w->footprint = 8192;
		break;
	case 3: /* smem_chase */
		w->iters = 2048;
		w->footprint = 4096;
		break;
	case 4: /* mix */
		w->iters = 256;
		break;
	case 5: /* tile */
		w->iters = 16; /* loop trips per thread */
		break;
	default:
		w->iters = 256;
		break;
	}
}

int wl_has_key(const char *name, const char *key)
{
	int idx = wl_index(name);
	if (idx < 0)
		return 0;
	if (!strcmp(key, "ilp") || !strcmp(key, "iters") || !strcmp(key, "unroll") || !strcmp(key, "seed"))
		return 1;
	for (int k = 0; wl_keys[idx][k]; k++)
		if (strcmp(wl_keys[idx][k], key) == 0)
			return 1;
	return 0;
}

void wl_key_list(const char *name, char *buf, size_t n)
{
	int idx = wl_index(name);
	snprintf(buf, n, "ilp, iters, unroll, seed");
	for (int k = 0; idx >= 0 && wl_keys[idx][k]; k++) {
		strncat(buf, ", ", n - strlen(buf) - 1);
		strncat(buf, wl_keys[idx][k], n - strlen(buf) - 1);
	}
}

int wl_set(struct wl_params *w, const char *key, const char *val, struct err *e)
{
	return wl_set_flag(w, "--set", key, val, e);
}

int wl_set_flag(struct wl_params *w, const char *flag, const char *key, const char *val, struct err *e)
{
	int idx = wl_index(w->name);
	char opt[96];
	long v;
	int rc;

	snprintf(opt, sizeof opt, "%.20s %.60s", flag, key);
	if (strcmp(key, "ilp") == 0)
		return cli_int(opt, val, 1, 32, &w->ilp, e);
	if (strcmp(key, "iters") == 0) {
		if ((rc = cli_long(opt, val, 1, 100000000, &v, e)))
			return rc;
		w->iters = (uint64_t)v;
		return SIM_OK;
	}
	if (strcmp(key, "unroll") == 0)
		return cli_int(opt, val, 1, 256, &w->unroll, e);
	if (strcmp(key, "seed") == 0) {
		if ((rc = cli_long(opt, val, 0, 0x7fffffff, &v, e)))
			return rc;
		w->seed = (uint64_t)v;
		return SIM_OK;
	}
	for (int k = 0; wl_keys[idx][k]; k++) {
		if (strcmp(wl_keys[idx][k], key) != 0)
			continue;
		if (strcmp(key, "op") == 0) {
			for (int i = 0; fma_ops[i]; i++)
				if (strcmp(fma_ops[i], val) == 0) {
					snprintf(w->op, sizeof w->op, "%s", val);
					return SIM_OK;
				}
			return err_set(e, SIM_EINPUT, "%s: expected one of ffma, fadd, imad, iadd3, lop3, dfma, mufu, got \"%.40s\"", opt, val);
		}
		if (strcmp(key, "operands") == 0) {
			for (int i = 0; fma_operands[i]; i++)
				if (strcmp(fma_operands[i], val) == 0) {
					snprintf(w->operands, sizeof w->operands, "%s", val);
					return SIM_OK;
				}
			return err_set(e, SIM_EINPUT, "%s: expected one of sep, pair, banked, got \"%.40s\"", opt, val);
		}
		if (strcmp(key, "footprint") == 0) {
			if ((rc = cli_bytes(opt, val, 128, 1L << 40, &v, e)))
				return rc;
			w->footprint = (uint64_t)v;
			return SIM_OK;
		}
		if (strcmp(key, "bytes") == 0) {
			if (strcmp(val, "128") == 0 || strcmp(val, "256") == 0) {
				w->bytes = atoi(val);
				return SIM_OK;
			}
			return err_set(e, SIM_EINPUT, "%s: expected 128 (16 lanes x 8 B) or 256 (32 lanes x 8 B), got \"%.40s\"", opt, val);
		}
		if (strcmp(key, "fma_per_load") == 0)
			return cli_int(opt, val, 1, 1024, &w->fma_per_load, e);
		if (strcmp(key, "tile") == 0) {
			if ((rc = cli_int(opt, val, 1, 16, &w->tile, e)))
				return rc;
			if (w->tile & (w->tile - 1))
				return err_set(e, SIM_EINPUT, "%s: expected a power of two 1, 2, 4, 8 or 16, got \"%s\"", opt, val);
			return SIM_OK;
		}
		if (strcmp(key, "p") == 0)
			return cli_double(opt, val, 0.0, 1.0, &w->p, e);
		if (strcmp(key, "long") == 0)
			return cli_int(opt, val, 0, 100000, &w->long_ops, e);
		if (strcmp(key, "short") == 0)
			return cli_int(opt, val, 0, 100000, &w->short_ops, e);
		if (strcmp(key, "chunk") == 0)
			return cli_int(opt, val, 1, 100000, &w->chunk, e);
		if (strcmp(key, "skew") == 0)
			return cli_int(opt, val, 1, 1000, &w->skew, e);
	}
	{
		char known[256];
		wl_key_list(w->name, known, sizeof known);
		return err_set(e, SIM_EINPUT, "%s: unknown parameter \"%.40s\" for workload %s (expected one of %s)",
			       flag, key, w->name, known);
	}
}

int wl_parse(const char *name, const char *set, struct wl_params *w, struct err *e)
{
	int idx = wl_index(name);
	char buf[1024];
	char *save = NULL, *tok;
	int rc;

	if (idx < 0)
		return err_set(e, SIM_EINPUT, "--workload: unknown workload \"%.40s\" (expected one of fma, dram_chase, l1_chase, smem_chase, mix, tile, diverge, barrier)",
			       name);
	defaults(w, idx);
	if (set && *set) {
		if (strlen(set) >= sizeof buf)
			return err_set(e, SIM_EINPUT, "--set: too long (expected at most %zu characters)", sizeof buf - 1);
		strcpy(buf, set);
		for (tok = strtok_r(buf, ",;", &save); tok; tok = strtok_r(NULL, ",;", &save)) {
			char *eq = strchr(tok, '=');
			if (!eq || eq == tok)
				return err_set(e, SIM_EINPUT, "--set: expected key=value pairs separated by commas, got \"%.40s\"", tok);
			*eq = '\0';
			if ((rc = wl_set(w, tok, eq + 1, e)))
				return rc;
		}
	}
	wl_canonical(w);
	return SIM_OK;
}

void wl_canonical(struct wl_params *w)
{
	int idx = wl_index(w->name);
	size_t n = 0;
	w->set[0] = '\0';
	for (int k = 0; idx >= 0 && wl_keys[idx][k]; k++) {
		const char *key = wl_keys[idx][k];
		char val[64];
		if (strcmp(key, "op") == 0)
			snprintf(val, sizeof val, "%s", w->op);
		else if (strcmp(key, "operands") == 0)
			snprintf(val, sizeof val, "%s", w->operands);
		else if (strcmp(key, "footprint") == 0)
			snprintf(val, sizeof val, "%llu", (unsigned long long)w->footprint);
		else if (strcmp(key, "bytes") == 0) {
			/* the default (256) is left out: the canonical string of every
			 * chase written before `bytes` existed stays as it was */
			if (w->bytes == 256)
				continue;
			snprintf(val, sizeof val, "%d", w->bytes);
		} else if (strcmp(key, "fma_per_load") == 0)
			snprintf(val, sizeof val, "%d", w->fma_per_load);
		else if (strcmp(key, "tile") == 0)
			snprintf(val, sizeof val, "%d", w->tile);
		else if (strcmp(key, "p") == 0)
			snprintf(val, sizeof val, "%g", w->p);
		else if (strcmp(key, "long") == 0)
			snprintf(val, sizeof val, "%d", w->long_ops);
		else if (strcmp(key, "short") == 0)
			snprintf(val, sizeof val, "%d", w->short_ops);
		else if (strcmp(key, "chunk") == 0)
			snprintf(val, sizeof val, "%d", w->chunk);
		else
			snprintf(val, sizeof val, "%d", w->skew);
		n += (size_t)snprintf(w->set + n, sizeof w->set - n, "%s%s=%s", n ? ";" : "", key, val);
		if (n >= sizeof w->set)
			break;
	}
}

/* ---- program building ------------------------------------------------- */

struct gen {
	struct program *p;
	int oom;
};

static void emit(struct gen *g, const struct insn *in)
{
	if (program_emit(g->p, in) < 0)
		g->oom = 1;
}

static void alu(struct gen *g, int op, int dst, int a, int b, int c)
{
	struct insn in = {0};
	in.op = (uint8_t)op;
	in.has_dst = 1;
	in.dst = (uint16_t)dst;
	in.nsrc = (uint8_t)isa_ops[op].nsrc;
	in.src[0] = (uint16_t)a;
	in.src[1] = (uint16_t)b;
	in.src[2] = (uint16_t)c;
	emit(g, &in);
}

static void mem(struct gen *g, int op, int reg, int addr, int width, int pattern, uint64_t footprint)
{
	struct insn in = {0};
	in.op = (uint8_t)op;
	in.width = (uint16_t)width;
	in.pattern = (uint8_t)pattern;
	in.count = footprint;
	if (isa_ops[op].is_load) {
		in.has_dst = 1;
		in.dst = (uint16_t)reg;
		in.nsrc = 1;
		in.src[0] = (uint16_t)addr;
	} else {
		in.nsrc = 2;
		in.src[0] = (uint16_t)addr;
		in.src[1] = (uint16_t)reg;
	}
	emit(g, &in);
}

/* The instruction just emitted, to give it attributes; NULL when emitting
 * it failed (out of memory: wl_build then fails). */
static struct insn *last_insn(struct gen *g)
{
	return !g->oom && g->p->ninsn > 0 ? &g->p->code[g->p->ninsn - 1] : NULL;
}

/* The load just emitted is load k of n that read one run of neighbouring
 * lines (a warp's chains' lines of one iteration): the first draws the
 * latency (group=1), the others take it (near=1); alone, neither. */
static void near_group(struct gen *g, int n, int k)
{
	struct insn *in = last_insn(g);
	if (n > 1 && in) {
		if (k == 0)
			in->group = 1;
		else
			in->near = 1;
	}
}

static void ctl(struct gen *g, int op, uint64_t count)
{
	struct insn in = {0};
	in.op = (uint8_t)op;
	in.count = count;
	emit(g, &in);
}

static void if_lanes(struct gen *g, double p)
{
	struct insn in = {0};
	in.op = OP_IF;
	in.pattern = IF_LANES;
	in.frac = p;
	emit(g, &in);
}

static void if_warp_lt(struct gen *g, int n)
{
	struct insn in = {0};
	in.op = OP_IF;
	in.pattern = IF_WARP_LT;
	in.count = (uint64_t)n;
	emit(g, &in);
}

/* The do { ... } while (--t > 0) overhead as the compiler schedules it:
 * the counter IADD3 and its ISETP (modelled as a LOP3 on the same ALU pipe)
 * early in the body, where their latency hides behind the chains, and the
 * BRA that ENDLOOP issues at the end. Call loop_counter after the body's
 * first instruction and ENDLOOP at the end; fma places the compare apart
 * (loop_counter_inc, then loop_compare five chain ops later, as ptxas
 * does in ub_fma<ILP>). */
static void loop_counter_inc(struct gen *g, int counter)
{
	/* the enclosing LOOP's back edge then issues the branch alone */
	for (int i = g->p->ninsn - 1; i >= 0; i--)
		if (g->p->code[i].op == OP_LOOP) {
			g->p->code[i].body_counter = 1;
			break;
		}
	alu(g, OP_IADD3, counter, counter, ISA_RZ, ISA_RZ);
}

static void loop_compare(struct gen *g, int counter, int cmp)
{
	alu(g, OP_LOP3, cmp, counter, ISA_RZ, ISA_RZ);
}

static void loop_counter_regs(struct gen *g, int counter, int cmp)
{
	loop_counter_inc(g, counter);
	loop_compare(g, counter, cmp);
}

static void loop_counter(struct gen *g, int counter)
{
	loop_counter_regs(g, counter, counter + 1);
}

static void loop_tail(struct gen *g, int counter)
{
	(void)counter;
	ctl(g, OP_ENDLOOP, 0);
}

static int fma_opcode(const char *op)
{
	if (!strcmp(op, "fadd"))
		return OP_FADD;
	if (!strcmp(op, "imad"))
		return OP_IMAD;
	if (!strcmp(op, "iadd3"))
		return OP_IADD3;
	if (!strcmp(op, "lop3"))
		return OP_LOP3;
	if (!strcmp(op, "dfma"))
		return OP_DFMA;
	if (!strcmp(op, "mufu"))
		return OP_MUFU;
	return OP_FFMA;
}

/*
 * The fma workload's registers: chain k is R(chain0 + stride*k), the chain
 * op reads b and c after its chain register (Rk = op(Rk, b, c)), and the
 * loop counter and its compare use ctr and cmp. What the register-bank
 * model sees (two banks on sm_90, register number mod 2, one read per bank
 * per cycle; uniform registers are not in the banks) is what ptxas 13.0
 * gave the plainest source, acc = fmaf(acc, a, b) with a and b kernel
 * parameters (workloads/cuda/import/fma_u.cu, tests/data/h200/import/sass.txt):
 *
 *   sep (default), fma_us<ILP>: one parameter in a uniform register, the
 *     other in an ordinary register of the bank the chains do not use:
 *       ILP 1: FFMA R10, R10, UR6, R5
 *       ILP 2: FFMA R9, R9, UR6, R2.reuse ; FFMA R11, R11, UR6, R2
 *       ILP 4: FFMA R10|R8|R6|R0, ..., UR6, R7.reuse
 *       ILP 8: FFMA R16|R14|R12|R10|R8|R4|R18|R2, ..., UR6, R9.reuse
 *     so no FFMA reads one bank twice: chains in the even registers R0, R2,
 *     ..., b = UR6 (no bank read, written before the loop: no dependence),
 *     c = R1; counter R3, compare R5 (odd registers, never chains).
 *   pair, fma_u<ILP>: the two parameters adjacent, loaded with one LDC.64
 *     into an even/odd pair: FFMA R10, R10, R2, R3 (ILP 1), R10|R8, ..., R4,
 *     R5 (ILP 2), R12|R10|R4|R0, ..., R8, R9 (ILP 4): chains even, b the
 *     pair's even register (the chains' bank), c its odd one; counter R1,
 *     compare R3.
 *   banked, ub_fma<ILP> (workloads/cuda/ubench.cu, the validation sweep
 *     tests/data/h200/sweep.csv, its listing tests/data/h200/sass.txt):
 *       ILP 1: FFMA R12, R12, R2, R3
 *       ILP 2: FFMA R12, R12, R2.reuse, R3.reuse ; FFMA R14, R14, R2, R3
 *       ILP 4: FFMA R14|R16|R18|R6, ..., R2.reuse, R3.reuse
 *       ILP 8: FFMA R16|R10|R8|R6|R26|R24|R14|R12, ..., R2.reuse, R3.reuse
 *     every chain in an even register, b = R2 (the chains' bank), c = R3:
 *     each FFMA that finds nothing reused reads bank 0 twice. Here chains
 *     R4, R6, ..., b = R2, c = R3, counter R0, compare R1 (ub_fma's
 *     IADD3 R0, R0, -0x1 and ISETP.GT R0, 0x1 read R0). Until round 32 the
 *     chains were R0..R(ilp-1) with b and c after them, which put every
 *     other chain in bank 1: ILP 2 and up read the banks unlike ub_fma.
 *
 * The other ops use the same registers (op=imad: IMAD R0, R0, UR6, R1; fadd
 * reads Rk and b only; mufu reads Rk only).
 */
struct fma_regs {
	int chain0, stride, b, c, ctr, cmp, regs;
};

/* The layout for `operands` (sep, pair or banked) at `ilp` chains. */
static void fma_layout_ops(const char *operands, int ilp, struct fma_regs *r)
{
	if (!strcmp(operands, "banked")) {
		*r = (struct fma_regs){4, 2, 2, 3, 0, 1, 2 * ilp + 4};
	} else if (!strcmp(operands, "pair")) {
		/* at ILP 1 c is R3: the compare in R5 */
		*r = (struct fma_regs){0, 2, 2 * ilp, 2 * ilp + 1, 1, ilp == 1 ? 5 : 3, ilp == 1 ? 6 : 2 * ilp + 2};
	} else {
		*r = (struct fma_regs){0, 2, ISA_UR0 + 6, 1, 3, 5, 2 * ilp - 1 > 6 ? 2 * ilp - 1 : 6};
	}
}

static void fma_layout(const struct wl_params *w, struct fma_regs *r)
{
	fma_layout_ops(w->operands, w->ilp, r);
}

/* One round of the ilp chains' FFMAs in layout r: Rk = Rk * b + c. */
static void ffma_round(struct gen *g, const struct fma_regs *r, int ilp)
{
	for (int k = 0; k < ilp; k++) {
		int rk = r->chain0 + r->stride * k;
		alu(g, OP_FFMA, rk, rk, r->b, r->c);
	}
}

/* An instruction with no register source: CS2R Rd, SR_CLOCKLO; S2R Rd,
 * SR_CTAID.X; ULDC URd, c[0x0][...] */
static void sreg(struct gen *g, int op, int dst)
{
	struct insn in = {0};
	in.op = (uint8_t)op;
	in.has_dst = 1;
	in.dst = (uint16_t)dst;
	emit(g, &in);
}

/* LDC Rd, c[0x0][off] (width 4) or LDC.64 (8: Rd, Rd + 1): a kernel
 * parameter, an immediate address (no const_index_cycles), its line the
 * constant cache's (insn.caddr: a launch's first read of it waits for the
 * fill, sim/mem.c mem_cline) */
static void ldc(struct gen *g, int dst, int width, int off)
{
	mem(g, OP_LDC, dst, ISA_RZ, width, PAT_UNIFORM, 65536);
	struct insn *in = last_insn(g);
	if (in) {
		in->caddr = ISA_CADDR(0, off);
		if (width == 8) {
			in->xdst[0] = (uint16_t)(dst + 1);
			in->nxdst = 1;
		}
	}
}

/*
 * The companion microbenchmark's code around a timed loop, as ptxas 13.0
 * compiled it (ub_fma<ILP> in workloads/cuda/ubench.cu: block_begin,
 * block_end; its listing tests/data/h200/sass.txt), and its measure. Every
 * warp waits at the block's start barrier; thread 0 reads the clock (the
 * FROM stamp), the loop's operands come from the constant bank (LDC.64 of
 * b and c, or ULDC and LDC where one is uniform) and the first trip waits
 * for them. After the loop the chains are summed (ILP dependent adds, the
 * first adding 0: s = 0.f; s += acc[k]), the sum is stored to the thread's
 * slot (S2R SR_CTAID.X, IMAD, and IMAD.WIDE on the output pointer's
 * LDC.64), the block waits at its end barrier and thread 0 reads the clock
 * again (TO). The run's cycles are then TO less FROM, as the harness's
 * c1 - c0 (every block's warp 0: .span). Left out, a few cycles: the
 * accumulators' initial FFMAs before FROM, the trip count's uniform
 * arithmetic beside the LDC and thread 0's stores of its stamps. Registers:
 * the stamps and the index in cmp, dead outside the loop; the sum in chain
 * 0; the output pointer in b's pair (or R2, R3 beside the sep layout's
 * uniform b, both dead after the loop). The parameters' addresses are the
 * listing's (c[0x0][0x208] the global window, read by ULDC.64 before the
 * barrier; b and c at 0x230, the output at 0x210): one 64-byte line, cold
 * for LDC at the first trip's load, warm for the uniform path (round 50).
 */
static void harness_begin(struct gen *g, const struct fma_regs *r)
{
	/* ULDC.64 UR4, c[0x0][0x208] before the barrier (the global window
	 * harness_end's IMAD reads): the parameters' line on the uniform path */
	sreg(g, OP_ULDC, ISA_UR0 + 4);
	struct insn *in = last_insn(g);
	if (in) {
		in->width = 8;
		in->xdst[0] = (uint16_t)(ISA_UR0 + 5);
		in->nxdst = 1;
		in->caddr = ISA_CADDR(0, 0x208);
	}
	ctl(g, OP_BAR, 0);
	g->p->span_insn[0] = g->p->ninsn;
	sreg(g, OP_CS2R, r->cmp);
	if (r->b < ISA_RZ && r->c == r->b + 1) {
		ldc(g, r->b, 8, 0x230);
	} else {
		if (r->b >= ISA_UR0) {
			sreg(g, OP_ULDC, r->b);
			if ((in = last_insn(g)))
				in->caddr = ISA_CADDR(0, 0x230);
		} else {
			ldc(g, r->b, 4, 0x230);
		}
		ldc(g, r->c, 4, 0x234);
	}
}

static void harness_end(struct gen *g, const struct fma_regs *r, int ilp, int op)
{
	int add = op == OP_DFMA ? OP_DADD : (op == OP_IMAD || op == OP_IADD3 || op == OP_LOP3) ? OP_IADD3 : OP_FADD;
	int ad = r->b < ISA_RZ ? r->b : 2, ix = r->cmp;
	alu(g, add, r->chain0, ISA_RZ, r->chain0, ISA_RZ);
	for (int k = 1; k < ilp; k++)
		alu(g, add, r->chain0, r->chain0 + r->stride * k, r->chain0, ISA_RZ);
	sreg(g, OP_S2R, ix);
	ldc(g, ad, 8, 0x210);
	alu(g, OP_IMAD, ix, ix, ISA_UR0 + 4, ISA_RZ);
	alu(g, OP_IMAD, ad, ix, ISA_RZ, ad);
	struct insn *in = last_insn(g);
	if (in) {
		in->width = 8; /* IMAD.WIDE.U32 ad, ix, 0x4, ad: the pair ad, ad + 1 */
		in->xdst[0] = (uint16_t)(ad + 1);
		in->nxdst = 1;
	}
	mem(g, OP_STG, r->chain0, ad, 4, PAT_STREAM, 0);
	if ((in = last_insn(g))) { /* STG.E [ad.64], sum: the address pair and the data */
		in->nsrc = 3;
		in->src[1] = (uint16_t)(ad + 1);
		in->src[2] = (uint16_t)r->chain0;
	}
	ctl(g, OP_BAR, 0);
	g->p->span_insn[1] = g->p->ninsn;
	sreg(g, OP_CS2R, ix);
	g->p->has_span = 1;
}

/* Rounds per loop trip, as in ubench: the body holds 64 chain ops for fma,
 * 8 rounds for the chases, one iteration for mix. */
static uint64_t rounds_per_trip(const struct wl_params *w, int idx)
{
	if (w->unroll)
		return (uint64_t)w->unroll;
	switch (idx) {
	case 0:
		return (uint64_t)(64 / w->ilp > 0 ? 64 / w->ilp : 1);
	case 1:
	case 2:
	case 3:
		return 8;
	default:
		return 1;
	}
}

/*
 * Chains that ptxas couples through shared scoreboards. A SASS wait mask
 * names scoreboards, not registers, and a scoreboard counts every load
 * posted to it: where ptxas posts loads of several chains to one
 * scoreboard, a load waiting on it waits for all of them. Decoded from the
 * control bits of the microbenchmark's timed loops (tests/data/h200/sass.txt;
 * tests/data/h200/README.md lists the wait sets): round r (0..7) of the
 * 8-round trip, chain k also waits for the pending loads of the chains
 * written to out[]. Returns how many. ILP 1 and 2, and smem ILP 4, have one
 * scoreboard per chain; the trip's first load waits for every chain
 * (wait_all, set by the caller).
 */
static int chase_coupling(int idx, int ilp, int r, int k, uint16_t *out)
{
	int n = 0;
	if (ilp == 4 && idx == 1) {         /* ub_dram_chase<4> */
		if (r == 1 && k == 2)
			out[n++] = 3;       /* c2.2 waits for c3.1 (SB4) */
		if (r >= 2 && r <= 6 && k == 3)
			out[n++] = 0;       /* c3.k waits for c0.k (SB4): c3 runs a round behind */
	} else if (ilp == 4 && idx == 2) {  /* ub_l1_chase<4> */
		if (r >= 1 && r <= 2 && k == 3)
			out[n++] = 0;       /* c3.k waits for c0.k */
		if (r >= 4 && k == 0)
			out[n++] = 1;       /* c0.k waits for c1.k-1 */
	} else if (ilp == 8 && (idx == 1 || idx == 2)) { /* ub_dram_chase<8>, ub_l1_chase<8> */
		if (r >= 1 && k == 2)
			for (int c = 3; c < 8; c++)
				out[n++] = (uint16_t)c; /* c2..c7 share SB4: c2.k waits for all of round k-1 */
	} else if (ilp == 8 && idx == 3) {  /* ub_smem_chase<8> */
		if (r >= 1 && k == 5) {
			out[n++] = 6;       /* c5..c7 share SB5 */
			out[n++] = 7;
		}
	}
	return n;
}

/* tile: the lessons' normalization kernel over [2048 tokens x 4096
 * features]. Each loop trip a thread produces `tile` outputs: it loads its
 * `tile` inputs (streaming LDG, 128 B per warp each), plus one more load
 * for the statistics pass (a small tile cannot keep its row in registers
 * and re-reads it: 1/tile extra loads per output), applies four dependent
 * FFMAs per output (normalize, scale, shift), stores the outputs and
 * advances two addresses. Registers grow with the tile (32, 40, 64, 128,
 * 255 for tiles 1..16: occupancy 100, 75, 50, 25, 12.5% at 256 threads),
 * and shared memory holds 1 KB of staged statistics per tile output. */
static const int tile_regs[5] = {32, 40, 64, 128, 255};

static int tile_index(int t)
{
	int i = 0;
	while ((1 << i) < t)
		i++;
	return i;
}

static void build_tile(const struct wl_params *w, struct gen *g)
{
	int t = w->tile;
	int stat = t, ptr = t + 1, ctr = t + 2;
	ctl(g, OP_LOOP, w->iters);
	mem(g, OP_LDG, stat, ptr, 4, PAT_STREAM, 0); /* the statistics pass */
	near_group(g, t + 1, 0);
	loop_counter(g, ctr);
	for (int k = 0; k < t; k++) {
		mem(g, OP_LDG, k, ptr, 4, PAT_STREAM, 0);
		near_group(g, t + 1, k + 1);
	}
	for (int j = 0; j < 4; j++)
		for (int k = 0; k < t; k++)
			alu(g, OP_FFMA, k, k, j == 0 ? stat : k, ISA_RZ);
	for (int k = 0; k < t; k++)
		mem(g, OP_STG, k, ptr, 4, PAT_STREAM, 0);
	alu(g, OP_IMAD, ptr, ptr, ISA_RZ, ISA_RZ);
	alu(g, OP_IMAD, ptr + 1, ptr + 1, ISA_RZ, ISA_RZ);
	loop_tail(g, ctr);
}

int wl_default_blocks(const struct wl_params *w, const struct arch *a, int threads)
{
	if (strcmp(w->name, "tile") != 0 || threads < 1)
		return 0;
	/* the whole tensor, spread over the chip's SMs: blocks this SM runs */
	double outputs = 2048.0 * 4096.0 / a->multiProcessorCount;
	double per_thread = (double)w->tile * (double)w->iters;
	return (int)ceil(outputs / per_thread / threads);
}

int wl_natural_launch(const struct wl_params *w, const struct arch *a, int *threads, int *blocks)
{
	if (strcmp(w->name, "tile") != 0)
		return 0;
	/* the lessons' kernel runs 256-thread blocks (tile_regs: 100% occupancy at tile 1) */
	*threads = 256;
	*blocks = wl_default_blocks(w, a, *threads);
	return 1;
}

int wl_build(const struct wl_params *w, const struct arch *a, struct program *p, struct err *e)
{
	int idx = wl_index(w->name);
	struct gen g = {p, 0};
	char msg[256];
	int ilp = w->ilp;
	uint64_t rounds = rounds_per_trip(w, idx);
	uint64_t trips, rem;

	program_init(p, w->name);
	if (idx < 0)
		return err_set(e, SIM_EINPUT, "--workload: unknown workload \"%s\"", w->name);
	if (ilp > 32)
		return err_set(e, SIM_EINPUT, "--set ilp: expected 1 to 32, got %d", ilp);
	{
		/* instructions one loop body holds: refuse bodies that would not fit memory */
		uint64_t body = (uint64_t)rounds * (uint64_t)ilp;
		if (idx == 4)
			body *= (uint64_t)w->fma_per_load + 1;
		else if (idx == 6)
			body *= (uint64_t)w->long_ops + (uint64_t)w->short_ops;
		else if (idx == 7)
			body *= (uint64_t)w->chunk * (uint64_t)w->skew;
		else if (idx == 5)
			body = 8ULL * (uint64_t)w->tile;
		if (body > WL_MAX_BODY)
			return err_set(e, SIM_EINPUT, "--set: the loop body of %s would hold %llu instructions (expected at most %d; lower ilp, unroll or the per-iteration counts)",
				       w->name, (unsigned long long)body, WL_MAX_BODY);
	}
	if (idx == 3 && w->footprint > (uint64_t)a->sharedMemPerBlockOptin)
		return err_set(e, SIM_EINPUT, "--set footprint: expected at most the shared memory one block can have (%d B on %s), got %llu",
			       a->sharedMemPerBlockOptin, a->name, (unsigned long long)w->footprint);
	/* floor(iters / rounds) trips of the unrolled body, then the remaining
	 * iterations' rounds once, straight-line after the loop (as compiled
	 * code runs the remainder of an unrolled loop): any iters works, and
	 * iters that are a multiple of the rounds build the loop alone */
	trips = w->iters / rounds;
	rem = w->iters % rounds;
	switch (idx) {
	case 0: { /* fma */
		int op = fma_opcode(w->op);
		struct fma_regs fr;
		fma_layout(w, &fr);
		int rb = fr.b, rc = fr.c, ctr = fr.ctr;
		harness_begin(&g, &fr);
		for (int part = 0; part < 2; part++) {
			uint64_t nr = part == 0 ? rounds : rem;
			if (nr == 0 || (part == 0 && trips == 0))
				continue;
			if (part == 0)
				ctl(&g, OP_LOOP, trips);
			/* the counter after the body's first op, its compare after
			 * the fifth (or the last), as ptxas spaces them (ub_fma<4>:
			 * IADD3 and ISETP five FFMAs apart), so that the compare
			 * does not wait for the counter */
			uint64_t nops = nr * (uint64_t)ilp, at = 0, cmp_at = nops > 5 ? 4 : nops - 1;
			for (uint64_t r = 0; r < nr; r++)
				for (int k = 0; k < ilp; k++, at++) {
					int rk = fr.chain0 + fr.stride * k;
					if (op == OP_MUFU)
						alu(&g, op, rk, rk, 0, 0);
					else
						alu(&g, op, rk, rk, rb, rc);
					if (part == 0 && at == 0)
						loop_counter_inc(&g, ctr);
					if (part == 0 && at == cmp_at)
						loop_compare(&g, ctr, fr.cmp);
				}
			if (part == 0)
				loop_tail(&g, ctr);
		}
		harness_end(&g, &fr, ilp, op);
		p->regs_per_thread = fr.regs > 16 ? fr.regs : 16;
		break;
	}
	case 1:
	case 2:
	case 3: { /* chases */
		int shared = idx == 3;
		int ctr = ilp;
		for (int part = 0; part < 2; part++) {
			uint64_t nr = part == 0 ? rounds : rem;
			if (nr == 0 || (part == 0 && trips == 0))
				continue;
			if (part == 0)
				ctl(&g, OP_LOOP, trips);
			for (uint64_t r = 0; r < nr; r++)
				for (int k = 0; k < ilp; k++) {
					if (part == 0 && r == rounds - 1 && k == ilp - 1)
						loop_counter(&g, ctr); /* before the last load, as in the SASS */
					if (shared)
						mem(&g, OP_LDS, k, k, 4, PAT_CHASE, w->footprint);
					else
						mem(&g, OP_LDG, k, k, 8, PAT_CHASE, w->footprint);
					struct insn *in = last_insn(&g);
					/* bytes=128: 16 distinct 8-byte words, lanes l and
					 * l + 16 reading the same one (a program's lanes=16) */
					if (in && !shared && w->bytes == 128)
						in->lanes = 16;
					/* ptxas gives a trip's first load a wait mask covering every
					 * chain's last load (the scoreboards merge at the loop's
					 * back edge: tests/data/h200/sass.txt, ub_dram_chase<2..8>,
					 * ub_l1_chase<2..8>, ub_smem_chase<8>): a warp's chains start
					 * each trip together; the remainder's rounds are the
					 * body's first ones, with their waits */
					if (in && r == 0 && k == 0 && ilp > 1 && (!shared || ilp >= 8))
						in->wait_all = 1;
					if (in && rounds == 8)
						in->nxwait = (uint8_t)chase_coupling(idx, ilp, (int)r, k, in->xwait);
				}
			if (part == 0)
				loop_tail(&g, ctr);
		}
		/* 64-bit pointers take two registers each */
		p->regs_per_thread = shared ? (ilp + 8 > 16 ? ilp + 8 : 16) : (2 * ilp + 8 > 16 ? 2 * ilp + 8 : 16);
		p->smem_per_block = shared ? 4096 : 0;
		break;
	}
	case 4: { /* mix */
		int acc = 0, v = ilp, rb = 2 * ilp, rc = 2 * ilp + 1, ptr = 2 * ilp + 2, ctr = 2 * ilp + 4;
		for (int part = 0; part < 2; part++) {
			uint64_t nr = part == 0 ? rounds : rem;
			if (nr == 0 || (part == 0 && trips == 0))
				continue;
			if (part == 0)
				ctl(&g, OP_LOOP, trips);
			for (uint64_t r = 0; r < nr; r++) {
				for (int k = 0; k < ilp; k++) {
					mem(&g, OP_LDG, v + k, ptr, 4, PAT_STREAM, 0);
					near_group(&g, ilp, k);
				}
				if (part == 0 && r == 0)
					loop_counter(&g, ctr);
				for (int k = 0; k < ilp; k++)
					alu(&g, OP_FFMA, acc + k, v + k, acc + k, rc);
				for (int j = 1; j < w->fma_per_load; j++)
					for (int k = 0; k < ilp; k++)
						alu(&g, OP_FFMA, acc + k, acc + k, rb, rc);
				/* the pointer increment: one IMAD.WIDE.U32; at ILP >= 4 the
				 * compiler also copies the pointer (2 MOVs) */
				alu(&g, OP_IMAD, ptr, ptr, ISA_RZ, ISA_RZ);
				if (ilp >= 4) {
					alu(&g, OP_MOV, ptr + 1, ptr, 0, 0);
					alu(&g, OP_MOV, ptr + 1, ptr, 0, 0);
				}
			}
			if (part == 0)
				loop_tail(&g, ctr);
		}
		p->regs_per_thread = ctr + 2 > 16 ? ctr + 2 : 16;
		break;
	}
	case 5: /* tile */
		build_tile(w, &g);
		p->regs_per_thread = tile_regs[tile_index(w->tile)];
		p->smem_per_block = 1024 * w->tile;
		break;
	case 6: { /* diverge */
		/* the chains in the fma workload's sep layout (FFMA R0, R0, UR6,
		 * R1: no FFMA reads one register bank twice), as for barrier */
		struct fma_regs fr;
		fma_layout_ops("sep", ilp, &fr);
		ctl(&g, OP_LOOP, w->iters);
		loop_counter_regs(&g, fr.ctr, fr.cmp);
		if_lanes(&g, w->p);
		for (int j = 0; j < w->long_ops; j++)
			ffma_round(&g, &fr, ilp);
		ctl(&g, OP_ELSE, 0);
		for (int j = 0; j < w->short_ops; j++)
			ffma_round(&g, &fr, ilp);
		ctl(&g, OP_ENDIF, 0);
		loop_tail(&g, fr.ctr);
		p->regs_per_thread = fr.regs > 16 ? fr.regs : 16;
		break;
	}
	case 7: { /* barrier */
		struct fma_regs fr;
		fma_layout_ops("sep", ilp, &fr);
		ctl(&g, OP_LOOP, w->iters);
		loop_counter_regs(&g, fr.ctr, fr.cmp);
		if (w->skew > 1) {
			if_warp_lt(&g, 1);
			for (int j = 0; j < w->chunk * (w->skew - 1); j++)
				ffma_round(&g, &fr, ilp);
			ctl(&g, OP_ENDIF, 0);
		}
		for (int j = 0; j < w->chunk; j++)
			ffma_round(&g, &fr, ilp);
		ctl(&g, OP_BAR, 0);
		loop_tail(&g, fr.ctr);
		p->regs_per_thread = fr.regs > 16 ? fr.regs : 16;
		break;
	}
	}
	if (g.oom)
		return err_set(e, SIM_EINTERNAL, "out of memory building workload %s", w->name);
	p->regs_declared = 1;
	if (program_finish(p, msg, sizeof msg))
		return err_set(e, SIM_EINTERNAL, "workload %s: generated program is malformed: %s", w->name, msg);
	snprintf(p->name, sizeof p->name, "%s", w->name);
	return SIM_OK;
}

void wl_littles(const struct wl_params *w, const struct arch *a, long l1_bytes, struct wl_little *out)
{
	int idx = wl_index(w->name);
	double nsched = a->subPartitions;
	double lanes_rate = nsched / a->warpSize; /* x lanes = warp-ops per cycle per SM */
	double lat = 1, rate = 1;
	const char *lim = "issue";

	switch (idx) {
	case 0: {
		int op = fma_opcode(w->op);
		enum pipe pp = isa_ops[op].pipe;
		lat = a->pipe_latency[pp];
		rate = a->pipe_lanes[pp] * lanes_rate;
		lim = pp == PIPE_FMA ? "fma pipe" : pp == PIPE_ALU ? "alu pipe" : pp == PIPE_FMAHEAVY ? "fmaheavy pipe"
		      : pp == PIPE_FP64 ? "fp64 pipe" : "xu pipe";
		break;
	}
	case 1:
	case 2: {
		/* the level the simulator gives the chase's loads */
		enum mem_level lv = arch_global_level(a, OP_LDG, PAT_CHASE, w->footprint, l1_bytes);
		int l1 = lv == LV_L1;
		/* L2 and DRAM serve the distinct bytes; the L1 data path carries the
		 * bytes delivered to the 32 lanes, repeated words included */
		double bytes = l1 ? 32.0 * 8 : (double)(w->bytes ? w->bytes : 256);
		double bw = l1 ? a->l1_bytes_per_cycle : lv == LV_L2 ? a->l2_bytes_per_cycle : a->dram_bytes_per_cycle;
		double mlat = l1 ? a->l1_latency : lv == LV_L2 ? a->l2_latency : a->dram_latency;
		double lsu = a->pipe_lanes[PIPE_LSU] * lanes_rate;
		lat = mlat + bytes / bw - 1;
		rate = bw / bytes;
		lim = l1 ? "L1 bandwidth" : lv == LV_L2 ? "L2 bandwidth" : "DRAM bandwidth";
		if (lsu < rate) {
			rate = lsu;
			lim = "lsu pipe";
		}
		break;
	}
	case 3:
		lat = a->smem_latency;
		rate = a->smem_bytes_per_cycle / 128.0;
		lim = "shared-memory bandwidth";
		if (a->pipe_lanes[PIPE_LSU] * lanes_rate < rate) {
			rate = a->pipe_lanes[PIPE_LSU] * lanes_rate;
			lim = "lsu pipe";
		}
		break;
	case 4: {
		double f = w->fma_per_load;
		double fma_rate = a->pipe_lanes[PIPE_FMA] * lanes_rate / f;
		double dram_rate = a->dram_bytes_per_cycle / 128.0;
		lat = a->dram_latency + 128.0 / a->dram_bytes_per_cycle - 1 + f * a->pipe_latency[PIPE_FMA];
		rate = dram_rate < fma_rate ? dram_rate : fma_rate;
		lim = dram_rate < fma_rate ? "DRAM bandwidth" : "fma pipe";
		break;
	}
	default: {
		/* FFMA chains (tile, diverge, barrier): the fma pipe */
		lat = a->pipe_latency[PIPE_FMA];
		rate = a->pipe_lanes[PIPE_FMA] * lanes_rate;
		lim = "fma pipe";
		break;
	}
	}
	out->latency = lat;
	out->rate = rate;
	out->limiter = lim;
	out->warps = (int)ceil(lat * rate / w->ilp - 1e-9);
	if (out->warps < a->subPartitions)
		out->warps = a->subPartitions;
}

int wl_warps_valid(int warps)
{
	return (warps >= 1 && warps <= 32) || (warps >= 34 && warps <= 64 && warps % 2 == 0);
}

int wl_warps_shape(int warps, int *threads, int *blocks, struct err *e)
{
	if (!wl_warps_valid(warps))
		return err_set(e, SIM_EINPUT, "--warps: expected 1..32 or an even number 34..64 (the microbenchmark's launch shapes), got %d; give --threads and --blocks instead",
			       warps);
	if (warps <= 32) {
		*threads = 32 * warps;
		*blocks = 1;
	} else {
		*threads = 16 * warps;
		*blocks = 2;
	}
	return SIM_OK;
}
