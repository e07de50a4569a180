/*
 * import.h: a compiled kernel's SASS (isa/sass.h) as an smsim program.
 *
 * import_kernel writes the program text for one kernel of a listing: every
 * SASS instruction becomes one line in the program language, with its
 * control bits and guard, and the original instruction after it as a
 * comment, so that a reader can check the translation line by line. The
 * operands are the listing's own (the program language reads SASS operand
 * syntax); what the translation adds is structure and memory:
 *   - every backward branch closes a loop: LOOP N edge=branch before its
 *     target, and the branch itself becomes the ENDLOOP line (its guard and
 *     control bits kept). N comes from the trip counts given.
 *   - a conditional forward branch issues and falls through unless a taken
 *     fraction is given for it (the default: no lane takes it, so the
 *     guards of nvcc's unrolled loops and remainders need not nest). With
 *     one, or when unconditional, it opens an IF: its first path is the
 *     fall-through code, run by the lanes that do not take the branch; an
 *     unconditional forward branch just before the target makes the code it
 *     jumps over the ELSE path. Branches that leave the kernel's main body (to out-of-line code
 *     after its EXIT: slow paths, divergent fallbacks) are issued and never
 *     taken.
 *   - memory instructions get their level and pattern: by default global
 *     accesses stream from DRAM, local ones hit L1, constants hit the
 *     constant cache (as L1), shared memory is shared memory; --mem
 *     overrides per PC or per opcode.
 * Nothing here knows timing; the engine reads the program.
 */
#ifndef ISA_IMPORT_H
#define ISA_IMPORT_H

#include <stdint.h>
#include <stdio.h>

#include "../sim/err.h"
#include "sass.h"

#define IMPORT_MAX_RULES 256 /* per option: a fully unrolled kernel names each of its (bitonic_t<1>: 128 LDS/STS) */
#define IMPORT_ATTRS_LEN 400 /* --mem attributes: offsets= of 32 lanes fits */

struct import_rule {
	int by_pc;            /* 1: pc names the instruction; 0: opcode names every instruction of it */
	uint32_t pc;
	char opcode[16];
	char mods[24];        /* --mem OPCODE.MODS: only its instructions of these modifiers (LDS.128: "128"); "": all */
	double value;         /* --taken: the fraction of lanes taking the branch; --trips: the count */
	int warps;            /* --taken PC=wN: taken by every warp from N on (IF warp<N), value 0; --trips
			       * PC=N,w0:M=K: M, the warps that run `low` trips (LOOP N warp<M=K) */
	int below;            /* --taken PC=w0:N: taken by the warps below N instead (IF warp>=N) */
	uint64_t low;         /* --trips PC=N,w0:M=K: K, the trip count of the warps below M (warps = M) */
	long grow;            /* --trips PC=N,grow=G: N + G t trips at the enclosing loop's trip t (LOOP N grow=G) */
	int used;             /* set by import_kernel when it applied the rule */
};

struct import_opts {
	uint64_t trips_all;                  /* --trips N: every loop without its own (0: none) */
	struct import_rule trips[IMPORT_MAX_RULES]; /* --trips PC=N (head or back-edge pc) */
	int ntrips;
	struct import_rule taken[IMPORT_MAX_RULES]; /* --taken PC=F */
	int ntaken;
	struct import_rule mem[IMPORT_MAX_RULES];   /* --mem PC=attrs or OPCODE=attrs */
	char mem_attrs[IMPORT_MAX_RULES][IMPORT_ATTRS_LEN]; /* mem[k]'s attributes in program syntax
			       * (space separated); here, not in every rule, as only --mem has them */
	int nmem;
	struct import_rule off[IMPORT_MAX_RULES];   /* --off PC[,PC...]: guarded instructions off in every lane */
	int noff;
	int unknown_alu;                     /* --unknown=alu: unmodelled opcodes issue as ALU */
	int regs, smem;                      /* --regs / --smem when the listing has none (0 / -1: none) */
	struct import_arg {                  /* --arg N=V (index N >= 1) or --const 0xOFF=V (index 0) */
		int index;
		uint32_t off;
		char text[40];
	} args[IMPORT_MAX_RULES];
	int nargs;
	int has_span;                        /* --span FROM:TO: the harness's clock stamps (.span) */
	uint32_t span[2];
};

/*
 * Parses one command-line value of --trips (N or PC=N), --taken (PC=F),
 * --mem (PC=attrs or OPCODE=attrs, attributes joined by ','), --off
 * (PC[,PC...]) or --span (FROM:TO) into o.
 * Returns 0 or SIM_EINPUT naming the flag, what was expected and what was found.
 */
int import_opt(struct import_opts *o, const char *flag, const char *value, struct err *e);

/*
 * Writes the program for kernel k of a listing read from fname into out.
 * Returns 0, or SIM_EINPUT with "FNAME:LINE: what (expected ..., got ...)"
 * for what cannot be translated (an opcode smsim does not model, a loop
 * without a trip count, a branch that crosses a loop). Warnings (opcodes
 * imported as ALU, rules that matched nothing) go to warn when not NULL.
 */
int import_kernel(const struct sass_kernel *k, const struct import_opts *o, const char *fname, FILE *out, FILE *warn,
		  struct err *e);

#endif /* ISA_IMPORT_H */
