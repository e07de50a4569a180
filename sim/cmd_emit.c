/*
 * cmd_emit.c: `smsim emit-cuda PROGRAM`, the CUDA kernel for a program.
 *
 * Each instruction becomes one PTX instruction inside a single inline-asm
 * block, so ptxas sees the program's dependency structure as written:
 * FFMA -> fma.rn.f32, FADD -> add.f32, FMUL -> mul.f32, IMAD -> mad.lo.u32,
 * IADD3 -> add.u32 (x2 with a third source), LOP3 -> lop3.b32, MOV ->
 * mov.b32, MUFU -> ex2.approx.f32, DFMA -> fma.rn.f64, LDG -> ld.global.cg
 * (plain ld.global for a footprint of at most 64 KB, which smsim keeps in L1),
 * LDS -> ld.shared, BAR -> bar.sync 0; LOOP/ENDLOOP and IF become PTX
 * branches (IF p splits each warp's lanes, IF warp<N its warps). Loads are
 * pointer chases: a register used as an address starts at a node of a
 * chase buffer whose every word points to the same lane's word in the next
 * node, so any load-to-address chain stays in bounds; the footprint
 * annotation sizes the buffer. Stores would overwrite those pointers and
 * are refused. The host code pins W resident warps per SM the way the
 * companion microbenchmark does and prints per-SM elapsed cycles.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../isa/parse.h"
#include "cli.h"
#include "cmd.h"
#include "fileio.h"

enum rclass { RC_NONE, RC_B32, RC_B64, RC_F64, RC_SH32 };

static const char *rname(enum rclass c)
{
	/* not r, rd or fd: those are the names nvcc gives the asm operands */
	return c == RC_B64 ? "srd" : c == RC_F64 ? "sfd" : "sr";
}

/* Register classes from their uses; SIM_EINPUT names the line where a
 * register is used with two widths. */
static int classify(const struct program *p, const char *file, enum rclass *rc, struct err *e)
{
	for (int i = 0; i < p->ninsn; i++) {
		const struct insn *in = &p->code[i];
		enum rclass want[4] = {RC_NONE, RC_NONE, RC_NONE, RC_NONE}; /* dst, src0..2 */
		if (isa_ops[in->op].flex || in->has_ctl || in->has_pred || in->nxdst || in->nsrc > 3)
			return err_set(e, SIM_EINPUT, "%s:%u: %s%s is not supported by emit-cuda (expected the synthetic opcodes "
				       "without control bits, predicates or register pairs: an imported kernel is its own CUDA)",
				       file, in->line, isa_ops[in->op].name, in->has_ctl ? " with control bits" : "");
		switch (in->op) {
		case OP_LDG:
			want[1] = RC_B64;
			want[0] = in->width == 8 ? RC_B64 : RC_B32;
			break;
		case OP_LDS:
			want[1] = RC_SH32;
			want[0] = RC_SH32;
			break;
		case OP_STG:
		case OP_STS:
			return err_set(e, SIM_EINPUT, "%s:%u: %s is not supported by emit-cuda (expected loads only: a store would overwrite the chase pointers)",
				       file, in->line, isa_ops[in->op].name);
		case OP_DFMA:
			want[0] = want[1] = want[2] = want[3] = RC_F64;
			break;
		case OP_EXIT:
			if (i != p->ninsn - 1)
				return err_set(e, SIM_EINPUT, "%s:%u: EXIT before the end is not supported by emit-cuda (expected EXIT last)",
					       file, in->line);
			break;
		default:
			if (isa_ops[in->op].ndst)
				want[0] = want[1] = want[2] = want[3] = RC_B32;
			break;
		}
		for (int k = 0; k < 4; k++) {
			int reg = k == 0 ? (in->has_dst ? in->dst : ISA_RZ) : (k - 1 < in->nsrc ? in->src[k - 1] : ISA_RZ);
			if (reg == ISA_RZ || want[k] == RC_NONE)
				continue;
			if (rc[reg] == RC_NONE)
				rc[reg] = want[k];
			else if (rc[reg] != want[k] && !(rc[reg] == RC_SH32 && want[k] == RC_B32) &&
				 !(rc[reg] == RC_B32 && want[k] == RC_SH32))
				return err_set(e, SIM_EINPUT, "%s:%u: R%d is used with two widths (expected one of 32-bit, 64-bit address, f64 per register)",
					       file, in->line, reg);
			else if (want[k] == RC_SH32)
				rc[reg] = RC_SH32;
		}
	}
	return SIM_OK;
}

/* A source operand: the register, or a zero of the right type for RZ. */
static void src(char *buf, size_t n, int reg, enum rclass c, int is_float)
{
	if (reg == ISA_RZ)
		snprintf(buf, n, "%s", c == RC_F64 ? "0d0000000000000000" : is_float ? "0f00000000" : "0");
	else
		snprintf(buf, n, "%%%s%d", rname(c), reg);
}

#define EMIT_L1_BYTES (64 * 1024)

/* Whether the LOOP at i directly encloses a LOOP grow=G (which counts from
 * this loop's trips: its start count is kept in %ls) */
static int encloses_grow(const struct program *p, int i)
{
	int loops = 0;
	for (int j = i + 1; j < (int)p->code[i].match; j++) {
		if (p->code[j].op == OP_LOOP && loops++ == 0 && p->code[j].grow)
			return 1;
		if (p->code[j].op == OP_ENDLOOP)
			loops--;
	}
	return 0;
}

static int has_grow(const struct program *p)
{
	for (int i = 0; i < p->ninsn; i++)
		if (p->code[i].op == OP_LOOP && p->code[i].grow)
			return 1;
	return 0;
}

static void emit_body(FILE *f, const struct program *p)
{
	int depth = 0, label = 0, stack[ISA_MAX_NEST + 1], ifend[ISA_MAX_NEST + 1], isloop[ISA_MAX_NEST + 1];
	for (int i = 0; i < p->ninsn; i++) {
		const struct insn *in = &p->code[i];
		char a[32], b[32], c[32];
		const char *cop;
		int fl = in->op == OP_FFMA || in->op == OP_FADD || in->op == OP_FMUL || in->op == OP_MUFU;
		enum rclass cl = in->op == OP_DFMA ? RC_F64 : RC_B32;
		src(a, sizeof a, in->nsrc > 0 ? in->src[0] : ISA_RZ, cl, fl);
		src(b, sizeof b, in->nsrc > 1 ? in->src[1] : ISA_RZ, cl, fl);
		src(c, sizeof c, in->nsrc > 2 ? in->src[2] : ISA_RZ, cl, fl);
		int d = in->has_dst ? in->dst : ISA_RZ;
		if (in->has_dst && d == ISA_RZ && in->op != OP_LDG && in->op != OP_LDS)
			continue; /* a result nobody can read */
		switch (in->op) {
		case OP_FFMA: fprintf(f, "\t\"fma.rn.f32 %%sr%d, %s, %s, %s;\\n\\t\"\n", d, a, b, c); break;
		case OP_FADD: fprintf(f, "\t\"add.f32 %%sr%d, %s, %s;\\n\\t\"\n", d, a, b); break;
		case OP_FMUL: fprintf(f, "\t\"mul.f32 %%sr%d, %s, %s;\\n\\t\"\n", d, a, b); break;
		case OP_IMAD: fprintf(f, "\t\"mad.lo.u32 %%sr%d, %s, %s, %s;\\n\\t\"\n", d, a, b, c); break;
		case OP_IADD3:
			fprintf(f, "\t\"add.u32 %%sr%d, %s, %s;\\n\\t\"\n", d, a, b);
			if (in->src[2] != ISA_RZ)
				fprintf(f, "\t\"add.u32 %%sr%d, %%sr%d, %s;\\n\\t\"\n", d, d, c);
			break;
		case OP_LOP3: fprintf(f, "\t\"lop3.b32 %%sr%d, %s, %s, %s, 0x96;\\n\\t\"\n", d, a, b, c); break;
		case OP_MOV: fprintf(f, "\t\"mov.b32 %%sr%d, %s;\\n\\t\"\n", d, a); break;
		case OP_MUFU: fprintf(f, "\t\"ex2.approx.f32 %%sr%d, %s;\\n\\t\"\n", d, a); break;
		case OP_DFMA: fprintf(f, "\t\"fma.rn.f64 %%sfd%d, %s, %s, %s;\\n\\t\"\n", d, a, b, c); break;
		case OP_LDG:
			if (d == ISA_RZ)
				break;
			/* a footprint smsim keeps in L1 is a plain (weak, L1-cached) load,
			 * as the microbenchmark's l1_chase; the rest bypasses L1 (.cg).
			 * 64 KB fits the L1 the harness leaves beside its pinning shared
			 * memory in every launch shape (74 KB or more). */
			cop = in->pattern != PAT_STREAM && in->count > 0 && in->count <= EMIT_L1_BYTES ? "" : ".cg";
			if (in->width == 8)
				fprintf(f, "\t\"ld.global%s.u64 %%srd%d, [%%srd%d];\\n\\t\"\n", cop, d, in->src[0]);
			else
				fprintf(f, "\t\"ld.global%s.u32 %%sr%d, [%%srd%d];\\n\\t\"\n", cop, d, in->src[0]);
			break;
		case OP_LDS:
			if (d != ISA_RZ)
				fprintf(f, "\t\"ld.shared.u32 %%sr%d, [%%sr%d];\\n\\t\"\n", d, in->src[0]);
			break;
		case OP_BAR: fprintf(f, "\t\"bar.sync 0;\\n\\t\"\n"); break;
		case OP_LOOP:
			isloop[depth] = 1;
			stack[depth++] = label;
			/* the count goes through a runtime zero and the loop is marked
			 * nounroll, so ptxas keeps one trip per LOOP as written */
			if (in->grow) { /* N + G t, t the enclosing loop's trips done: its start less its counter */
				int o = depth - 2;
				while (!isloop[o])
					o--;
				fprintf(f, "\t\"sub.u32 %%lc%d, %%ls%d, %%lc%d;\\n\\t\"\n\t\"mad.lo.s32 %%lc%d, %%lc%d, %d, %llu;\\n\\t\"\n",
					depth - 1, o, o, depth - 1, depth - 1, in->grow, (unsigned long long)in->count);
			} else {
				fprintf(f, "\t\"add.u32 %%lc%d, %%zero, %llu;\\n\\t\"\n", depth - 1, (unsigned long long)in->count);
			}
			if (in->count_warps) /* warp<M=K: the warps below M count K */
				fprintf(f, "\t\"setp.lt.u32 %%lp, %%warpid_b, %d;\\n\\t\"\n\t\"@%%lp add.u32 %%lc%d, %%zero, %llu;\\n\\t\"\n",
					in->count_warps, depth - 1, (unsigned long long)in->count_low);
			if (encloses_grow(p, i))
				fprintf(f, "\t\"mov.u32 %%ls%d, %%lc%d;\\n\\t\"\n", depth - 1, depth - 1);
			fprintf(f, "\t\"L%d:\\n\\t\"\n\t\".pragma \\\"nounroll\\\";\\n\\t\"\n", label);
			label++;
			break;
		case OP_ENDLOOP:
			depth--;
			fprintf(f, "\t\"sub.u32 %%lc%d, %%lc%d, 1;\\n\\t\"\n\t\"setp.ne.u32 %%lp, %%lc%d, 0;\\n\\t\"\n\t\"@%%lp bra L%d;\\n\\t\"\n",
				depth, depth, depth, stack[depth]);
			break;
		case OP_IF: {
			int mid = (int)in->match, has_else = p->code[mid].op == OP_ELSE;
			isloop[depth] = 0;
			stack[depth] = label;
			ifend[depth++] = has_else;
			if (in->pattern != IF_LANES)
				fprintf(f, "\t\"setp.%s.u32 %%lp, %%warpid_b, %llu;\\n\\t\"\n", in->pattern == IF_WARP_LT ? "lt" : "ge",
					(unsigned long long)in->count);
			else
				fprintf(f, "\t\"setp.lt.u32 %%lp, %%laneid_r, %d;\\n\\t\"\n", (int)(in->frac * 32 + 0.5));
			fprintf(f, "\t\"@!%%lp bra E%d;\\n\\t\"\n", label);
			label++;
			break;
		}
		case OP_ELSE:
			fprintf(f, "\t\"bra X%d;\\n\\t\"\n\t\"E%d:\\n\\t\"\n", stack[depth - 1], stack[depth - 1]);
			ifend[depth - 1] = 2;
			break;
		case OP_ENDIF:
			depth--;
			if (ifend[depth] == 2)
				fprintf(f, "\t\"X%d:\\n\\t\"\n", stack[depth]);
			else
				fprintf(f, "\t\"E%d:\\n\\t\"\n", stack[depth]);
			break;
		default: /* EXIT (last), NOP, BRA: nothing to emit */
			break;
		}
	}
}

static const char prologue[] =
	"// Generated by smsim emit-cuda from %s. Build: nvcc -O3 -arch=sm_90 -o kernel kernel.cu\n"
	"// Run: ./kernel W[,W...] [REPS]   (W resident warps per SM: 1..32, or even 34..64)\n"
	"// Prints per-SM elapsed cycles (median over SMs and repetitions) to compare with\n"
	"//   smsim run --program %s --warps W\n"
	"#include <algorithm>\n#include <cstdio>\n#include <cstdlib>\n#include <vector>\n"
	"#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \\\n"
	"  fprintf(stderr, \"%%s:%%d: %%s: %%s\\n\", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); exit(1); } } while (0)\n"
	"typedef unsigned long long u64;\n"
	"static const u64 kNodes = %lluULL;        // chase nodes of 256 B (footprint)\n"
	"static const int kSmemNodes = 16;          // shared chase nodes of 128 B\n"
	"static const int kAddrRegs = %d;           // 64-bit address registers: chases per warp\n"
	"extern __shared__ __align__(16) unsigned char dyn_smem[];\n"
	"__global__ void __launch_bounds__(1024, 1) smsim_kernel(const u64* chase, const u64* starts, u64* start_end, unsigned* out, unsigned zero) {\n"
	"  const unsigned lane = threadIdx.x & 31u, warp = threadIdx.x >> 5;\n"
	"  const unsigned gw = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;\n"
	"  unsigned* tbl = (unsigned*)dyn_smem;\n"
	"  const unsigned sbase = (unsigned)__cvta_generic_to_shared(dyn_smem);\n"
	"  for (unsigned i = threadIdx.x; i < kSmemNodes * 32u; i += blockDim.x)\n"
	"    tbl[i] = sbase + (((i >> 5) + 1) %% kSmemNodes) * 128u + (i & 31u) * 4u;\n"
	"  __syncthreads();\n"
	"  // per warp: start, end and the SM it ran on, so spans are taken per SM (clock64 is per SM)\n"
	"  if (lane == 0) { unsigned smid; asm volatile(\"mov.u32 %%0, %%%%smid;\" : \"=r\"(smid)); start_end[3 * (blockIdx.x * (blockDim.x / 32) + warp) + 2] = smid; }\n";

int cmd_emit_cuda(int argc, char **argv, struct err *e)
{
	struct cli c = {argc, argv, 0};
	const char *path = NULL, *out = NULL;
	struct program p;
	enum rclass rc[ISA_NGPR];
	uint64_t footprint = 0; /* no global loads: a token chase buffer */
	int r, naddr = 0, naddr_total = 0;
	FILE *f = stdout;
	char tmp[4200];

	while (c.i < argc) {
		if ((r = cli_opt(&c, "--out", &out, e))) {
			if (r < 0)
				return r;
		} else if (argv[c.i][0] == '-') {
			return cli_unknown(&c, "emit-cuda", e);
		} else if (!path) {
			path = argv[c.i++];
		} else {
			return cli_unknown(&c, "emit-cuda", e);
		}
	}
	if (!path)
		return err_set(e, SIM_EINPUT, "emit-cuda: expected a program file");
	if ((r = parse_program_file(path, &p, e)))
		goto done;
	memset(rc, 0, sizeof rc);
	if ((r = classify(&p, path, rc, e)))
		goto done;
	for (int i = 0; i < p.ninsn; i++)
		if (p.code[i].op == OP_LDG) /* no footprint: streaming, smsim sends it to DRAM */
			footprint = p.code[i].count > 0 ? p.code[i].count : 1ULL << 30;
	if (out && !(f = fileio_open_tmp(out, tmp, sizeof tmp, e))) {
		r = SIM_EIO;
		goto done;
	}
	for (int reg = 0; reg < ISA_NGPR; reg++)
		naddr_total += rc[reg] == RC_B64;
	fprintf(f, prologue, path, path, (unsigned long long)(footprint / 256 > 64 ? footprint / 256 : 64), naddr_total);
	/* initial values: floats for 32-bit registers, chase nodes for addresses */
	fprintf(f, "  // start values: R<i> = 1 + i/1000 (float bits), addresses = a chase node per (warp, register)\n");
	{
		/* the asm block is written with PTX's single '%' and then doubled
		 * for inline asm, except the operands %0..%9 */
		char *abuf = NULL;
		size_t alen = 0;
		FILE *a = open_memstream(&abuf, &alen);
		if (!a) {
			r = err_set(e, SIM_EINTERNAL, "out of memory");
			goto done;
		}
	fprintf(a, "  asm volatile(\"{\\n\\t\"\n");
		fprintf(a, "\t\".reg .b32 %%sr<%d>;\\n\\t.reg .b64 %%srd<%d>;\\n\\t.reg .f64 %%sfd<%d>;\\n\\t\"\n", ISA_NGPR, ISA_NGPR, ISA_NGPR);
		fprintf(a, "\t\".reg .u32 %%lc<%d>;\\n\\t.reg .pred %%lp;\\n\\t.reg .u32 %%laneid_r, %%warpid_b, %%acc;\\n\\t\"\n", ISA_MAX_NEST);
		if (has_grow(&p)) /* a LOOP grow=G's enclosing loop keeps its start count */
			fprintf(a, "\t\".reg .u32 %%ls<%d>;\\n\\t\"\n", ISA_MAX_NEST);
		fprintf(a, "\t\".reg .b64 %%clk, %%acc64;\\n\\t.reg .f64 %%accd;\\n\\t\"\n");
		fprintf(a, "\t\".reg .f32 %%seed;\\n\\t.reg .u32 %%zero;\\n\\t\"\n");
		fprintf(a, "\t\"mov.u32 %%laneid_r, %%3;\\n\\tmov.u32 %%warpid_b, %%4;\\n\\t\"\n");
		fprintf(a, "\t\"mov.b32 %%seed, %%7;\\n\\tmov.u32 %%zero, %%8;\\n\\t\"\n");
		for (int reg = 0; reg < ISA_NGPR; reg++) {
			switch (rc[reg]) {
			case RC_B32:
				/* a runtime value, so ptxas cannot fold the chains */
				fprintf(a, "\t\"add.f32 %%sr%d, %%seed, 0f%08X;\\n\\t\"\n", reg, 0x3a800000u + (unsigned)reg * 0x10000u);
				break;
			case RC_F64:
				fprintf(a, "\t\"cvt.f64.f32 %%sfd%d, %%seed;\\n\\t\"\n", reg);
				break;
			case RC_B64: /* its own start in the chase cycle (host table), this lane's word */
				fprintf(a, "\t\"ld.global.u64 %%srd%d, [%%5+%d];\\n\\t\"\n", reg, 8 * naddr++);
				fprintf(a, "\t\"add.u64 %%srd%d, %%srd%d, %%1;\\n\\t\"\n", reg, reg);
				break;
			case RC_SH32:
				fprintf(a, "\t\"add.u32 %%sr%d, %%2, %d;\\n\\t\"\n", reg, (reg % 16) * 128);
				break;
			default:
				break;
			}
		}
		fprintf(a, "\t\"bar.sync 0;\\n\\t\"\n\t\"mov.u64 %%clk, %%clock64;\\n\\t\"\n\t\"st.global.u64 [%%0], %%clk;\\n\\t\"\n");
		emit_body(a, &p);
		/* every result is used, so ptxas keeps the work: fold them into one store */
		fprintf(a, "\t\"mov.u32 %%acc, 0;\\n\\tmov.u64 %%acc64, 0;\\n\\tmov.f64 %%accd, 0d0000000000000000;\\n\\t\"\n");
		for (int reg = 0; reg < ISA_NGPR; reg++) {
			if (rc[reg] == RC_B32 || rc[reg] == RC_SH32)
				fprintf(a, "\t\"xor.b32 %%acc, %%acc, %%sr%d;\\n\\t\"\n", reg);
			else if (rc[reg] == RC_B64)
				fprintf(a, "\t\"xor.b64 %%acc64, %%acc64, %%srd%d;\\n\\t\"\n", reg);
			else if (rc[reg] == RC_F64)
				fprintf(a, "\t\"add.f64 %%accd, %%accd, %%sfd%d;\\n\\t\"\n", reg);
		}
		fprintf(a, "\t\"cvt.u32.u64 %%laneid_r, %%acc64;\\n\\txor.b32 %%acc, %%acc, %%laneid_r;\\n\\t\"\n");
		fprintf(a, "\t\"cvt.rzi.u32.f64 %%laneid_r, %%accd;\\n\\txor.b32 %%acc, %%acc, %%laneid_r;\\n\\t\"\n");
		fprintf(a, "\t\"st.global.u32 [%%6], %%acc;\\n\\t\"\n");
		fprintf(a, "\t\"bar.sync 0;\\n\\t\"\n\t\"mov.u64 %%clk, %%clock64;\\n\\t\"\n\t\"st.global.u64 [%%0+8], %%clk;\\n\\t\"\n");
		/* keep every result: fold the 32-bit registers into out */
		fprintf(a, "\t\"}\\n\" :: \"l\"(start_end + 3 * (blockIdx.x * (blockDim.x / 32) + warp)),\n"
			   "\t\"l\"((u64)lane * 8u), \"r\"(sbase + lane * 4u), \"r\"(lane), \"r\"(warp), \"l\"(starts + (u64)gw * (kAddrRegs > 0 ? kAddrRegs : 1)),\n"
			   "\t\"l\"(out + blockIdx.x * blockDim.x + threadIdx.x), \"f\"(1.0f + lane * 1e-3f), \"r\"(zero)\n"
			   "\t: \"memory\");\n");
		fclose(a);
		for (size_t k = 0; k < alen; k++) {
			fputc(abuf[k], f);
			if (abuf[k] == '%' && k + 1 < alen && ((abuf[k + 1] >= 'a' && abuf[k + 1] <= 'z')))
				fputc('%', f);
		}
		free(abuf);
	}
	fprintf(f, "}\n\n");
	fprintf(f,
		"__global__ void flush_l2(const uint4* p, size_t n, unsigned* sink) {\n"
		"  uint4 a = make_uint4(0, 0, 0, 0);\n"
		"  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) { uint4 v = __ldcg(p + i); a.x ^= v.x; }\n"
		"  if (a.x == 0x12345678u) *sink = a.x;\n"
		"}\n\n"
		"int main(int argc, char** argv) {\n"
		"  // W: one value or a comma list (1,8,32,64): the chase is built once for all of them\n"
		"  std::vector<int> Ws; const char* wl = argc > 1 ? argv[1] : \"8\"; int reps = argc > 2 ? atoi(argv[2]) : 5;\n"
		"  for (const char* q = wl; *q;) { char* end; long v = strtol(q, &end, 10);\n"
		"    if (end == q || !((v >= 1 && v <= 32) || (v >= 34 && v <= 64 && v %% 2 == 0))) { fprintf(stderr, \"W: expected 1..32 or even 34..64 (a comma list allowed), got %%s\\n\", wl); return 2; }\n"
		"    Ws.push_back((int)v); q = *end == ',' ? end + 1 : end; if (*end && *end != ',') { fprintf(stderr, \"W: expected a comma list, got %%s\\n\", wl); return 2; } }\n"
		"  if (reps < 1) { fprintf(stderr, \"REPS: expected at least 1, got %%s\\n\", argv[2]); return 2; }\n"
		"  cudaDeviceProp prop; CK(cudaGetDeviceProperties(&prop, 0));\n"
		"  int sms = prop.multiProcessorCount;\n"
		"  std::vector<u64> h(kNodes * 32);\n"
		"  std::vector<u64> order(kNodes); for (u64 i = 0; i < kNodes; i++) order[i] = i;\n"
		"  srand(12345); for (u64 i = kNodes - 1; i > 0; i--) { u64 j = (u64)rand() %% i; std::swap(order[i], order[j]); } // Sattolo: one cycle\n"
		"  u64* d_chase; CK(cudaMalloc(&d_chase, kNodes * 256));\n"
		"  for (u64 i = 0; i < kNodes; i++) { u64 n = order[i], m = order[(i + 1) %% kNodes];\n"
		"    for (int l = 0; l < 32; l++) h[n * 32 + l] = (u64)(d_chase + m * 32 + l); }\n"
		"  CK(cudaMemcpy(d_chase, h.data(), kNodes * 256, cudaMemcpyHostToDevice));\n"
		"  size_t nstarts_max = (size_t)sms * 64 * (kAddrRegs > 0 ? kAddrRegs : 1); std::vector<u64> hs(nstarts_max);\n"
		"  u64* d_starts; CK(cudaMalloc(&d_starts, sizeof(u64) * nstarts_max));\n"
		"  const size_t kFlush = 256u << 20; uint4* d_flush; CK(cudaMalloc(&d_flush, kFlush)); CK(cudaMemset(d_flush, 1, kFlush));\n"
		"  int max_warps = sms * 64; u64* d_se; CK(cudaMalloc(&d_se, sizeof(u64) * 3 * max_warps)); unsigned* d_out; CK(cudaMalloc(&d_out, sizeof(unsigned) * 32 * max_warps));\n"
		"  printf(\"warps_per_sm,blocks_per_sm,threads_per_block,cycles\\n\");\n"
		"  for (int W : Ws) {\n"
		"  int bps = W <= 32 ? 1 : 2, tpb = W <= 32 ? 32 * W : 16 * W, blocks = sms * bps;\n"
		"  size_t smem = bps == 1 ? 120 * 1024 : 90 * 1024; // pins exactly bps blocks per SM\n"
		"  CK(cudaFuncSetAttribute(smsim_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));\n"
		"  int warps_total = blocks * (tpb / 32);\n"
		"  std::vector<u64> se(3 * warps_total); std::vector<double> per_rep;\n"
		"  // every (warp, chase) starts at its own point of the one cycle, evenly spaced for this W: no two\n"
		"  // walk the same nodes while the footprint allows (a shared walk would hit in L2)\n"
		"  size_t nstarts = (size_t)warps_total * (kAddrRegs > 0 ? kAddrRegs : 1), gap = kNodes / nstarts > 0 ? kNodes / nstarts : 1;\n"
		"  for (size_t j = 0; j < nstarts; j++) hs[j] = (u64)(d_chase + order[(j * gap) %% kNodes] * 32);\n"
		"  CK(cudaMemcpy(d_starts, hs.data(), sizeof(u64) * nstarts, cudaMemcpyHostToDevice));\n"
		"  for (int r = 0; r < reps + 1; r++) {\n"
		"    flush_l2<<<sms * 4, 1024>>>(d_flush, kFlush / 16, d_out); CK(cudaGetLastError()); // the chase starts in DRAM, as smsim assumes\n"
		"    smsim_kernel<<<blocks, tpb, smem>>>(d_chase, d_starts, d_se, d_out, 0u); CK(cudaGetLastError()); CK(cudaDeviceSynchronize());\n"
		"    CK(cudaMemcpy(se.data(), d_se, sizeof(u64) * 3 * warps_total, cudaMemcpyDeviceToHost));\n"
		"    // per SM: earliest start to latest end of its warps; every SM must hold bps blocks\n"
		"    std::vector<u64> s0(sms, ~0ULL), e0(sms, 0); std::vector<int> nw(sms, 0);\n"
		"    for (int i = 0; i < warps_total; i++) { u64 sm = se[3 * i + 2]; if (sm >= (u64)sms) { fprintf(stderr, \"smid %%llu out of range\\n\", sm); return 1; }\n"
		"      s0[sm] = std::min(s0[sm], se[3 * i]); e0[sm] = std::max(e0[sm], se[3 * i + 1]); nw[sm]++; }\n"
		"    std::vector<double> per_sm; for (int m = 0; m < sms; m++) if (nw[m] == W) per_sm.push_back((double)(e0[m] - s0[m]));\n"
		"    if (per_sm.size() < (size_t)sms / 2) { fprintf(stderr, \"W=%%d: only %%zu of %%d SMs held exactly %%d warps\\n\", W, per_sm.size(), sms, W); return 1; }\n"
		"    std::sort(per_sm.begin(), per_sm.end()); if (r > 0) per_rep.push_back(per_sm[per_sm.size() / 2]);\n"
		"  }\n"
		"  std::sort(per_rep.begin(), per_rep.end());\n"
		"  printf(\"%%d,%%d,%%d,%%.0f\\n\", W, bps, tpb, per_rep[per_rep.size() / 2]); fflush(stdout);\n"
		"  }\n"
		"  return 0;\n}\n");
	if (out) {
		r = fileio_commit(f, tmp, out, e);
		f = NULL;
	} else {
		r = SIM_OK;
	}
done:
	program_free(&p);
	return r;
}
