/*
 * pipe.c: the pipes and operand collection. A room of sim/sm.c (#included
 * there, not compiled on its own; see sm_int.h).
 *
 * Models each scheduler's pipes (FMA, FMA-heavy, ALU, FP64, XU/MUFU, LSU,
 * CBU): a pipe with `lanes` lanes takes a warp instruction every warpSize /
 * lanes cycles (its issue interval), and which warp state a warp shows
 * while its pipe holds it back (math pipe, lg or MIO throttle). Before the
 * lanes, operand collection: sources are read from regfile_banks register
 * banks (register number mod banks), one read per bank per cycle; a source
 * the same warp's previous instruction had in the same operand slot (the
 * reuse cache) or produced (forwarding) needs no read. A conflict holds the
 * pipe an extra cycle and delays the result. Each pipe's busy periods are
 * kept (lanes, then operand collection) so that the ready set (sched.c)
 * can split its warps' time into throttled, waiting and not selected.
 *
 * Evidence (tests/data/h200, see its README): lanes and latencies from
 * dependent chains and FFMA and LDS throughput (calib.csv); the LSU's 16
 * lanes from two warps on one scheduler issuing LDS faster than one every
 * 4 cycles (lsu/); the banks from fma ILP 1, which the H200 issues at one
 * FFMA per 2 cycles per scheduler however many warps it has, 2.5 at 2
 * warps per scheduler (sweep.csv, W = 5..8), and at ILP 4 almost one per
 * cycle; that a pipe held by another warp's operand collection shows as a
 * fixed-latency wait, not pipe throttle (ncu.csv, fma ILP 1).
 *
 * Reads from struct arch: warpSize, pipe_lanes, regfile_banks,
 * operand_reuse (pipe_latency is read where instructions are decoded,
 * issue.c).
 */
#ifndef SIM_SM_C
#error "sim/pipe.c is a room of sim/sm.c: #included there, not compiled on its own"
#endif
#include "sm_int.h"

/* The warp state an instruction shows while its pipe holds it back:
 * math pipe throttle for the ALU pipes, lg throttle for a global memory
 * access, MIO throttle for shared memory and MUFU, no instruction for the
 * branch unit (CBU). */
static int pipe_throttle_state(const struct insn *in, int pipe)
{
	switch (pipe) {
	case PIPE_LSU:
		return isa_ops[in->op].space == SPACE_GLOBAL ? ST_LG_THROTTLE : ST_MIO_THROTTLE;
	case PIPE_XU:
		return ST_MIO_THROTTLE;
	case PIPE_CBU:
		return ST_NO_INSTRUCTION;
	default:
		return ST_MATH_PIPE_THROTTLE;
	}
}

/* The pipe of the next instruction (a back edge's steps differ from ENDLOOP's own). */
static inline int pipe_of(const struct sim *s, const struct warp *w, const struct insn *in)
{
	if (in->op == OP_ENDLOOP) {
		int n = ctl_back_edge_insns(s, w);
		if (w->be_step + 1 < n)
			return w->be_step + 2 == n ? PIPE_ALU : PIPE_CBU;
	}
	return isa_ops[in->op].pipe;
}

/* The pipe of the warp's next instruction `in`, and the state it is in
 * while that pipe holds it back (pipe_throttle_state). */
static inline void pipe_set(const struct sim *s, struct warp *w, const struct insn *in)
{
	const struct uop *u = &s->uop[w->pc]; /* in is &s->code[w->pc] */
	if (u->flags & U_ENDLOOP) {
		int p = pipe_of(s, w, in);
		w->pipe = (uint8_t)p;
		w->thr = (uint8_t)pipe_throttle_state(in, p);
	} else {
		w->pipe = u->pipe;
		w->thr = u->thr;
	}
}

/* Busy cycles of pipe p in [0, t): lanes (*l) and operand collection (*c). */
static inline __attribute__((always_inline)) void pipe_busy(const struct sched *sc, int p, uint64_t t, uint64_t *l, uint64_t *c)
{
	uint64_t pl = sc->per_l[p], pc = sc->per_c[p], pe = sc->per_e[p];
	uint64_t tl = t > pl ? t : pl, tc = t > pc ? t : pc;
	*l = sc->tot_l[p] - pc + (tl < pc ? tl : pc);
	*c = sc->tot_c[p] - pe + (tc < pe ? tc : pe);
}

/* A new busy period of pipe p from an issue at t (the last one has ended):
 * lanes busy b cycles (>= 1: lanes divide warpSize) from t, operand
 * collection to t + e. */
static void pipe_period(struct sched *sc, int p, uint64_t t, int b, int e)
{
	sc->tot_l[p] += (uint64_t)b - 1;
	sc->tot_c[p] += (uint64_t)(e > b ? e - b : 0);
	sc->per_l[p] = t + 1;
	sc->per_c[p] = t + (uint64_t)b;
	sc->per_e[p] = t + (uint64_t)(e > b ? e : b);
}

/*
 * Operand collection: sources are read from regfile_banks banks (register
 * number mod banks), one read per bank per cycle. A source needs no read
 * when the same warp issued the previous instruction on this scheduler and
 * either had it in the same operand slot (the reuse cache) or produced it
 * (forwarding). Returns the cycles the reads take (>= 1): the pipe accepts
 * nothing else meanwhile, and each cycle past the first delays the result.
 */
static int pipe_bank_cycles(const struct sim *s, const struct sched *sc, int same, const struct insn *in)
{
	int worst = 1, reuse = same && s->a->operand_reuse;
	if (s->a->regfile_banks > 0) {
		/* at most three sources, so a bank is read at most three times:
		 * banks read once and twice by bit, no counting array, no division */
		unsigned once = 0, twice = 0;
		for (int k = 0; k < in->nsrc; k++) {
			int r = in->src[k];
			if (r >= ISA_RZ)
				continue; /* RZ; uniform registers and predicates are not in the banks */
			if (same) {
				/* the reuse cache: as the listing's .reuse flags say, when it gave them */
				const struct insn *ri = &s->code[sc->reuse_pc];
				if ((ri->has_dst && r == ri->dst) ||
				    (reuse && k < ri->nsrc && ri->src[k] == r && (!ri->has_ctl || (ri->reuse >> k & 1))))
					continue;
			}
			if ((k > 0 && in->src[0] == r) || (k > 1 && in->src[1] == r))
				continue; /* read once for both */
			unsigned b = 1u << s->bank_of[r];
			if (twice & b) {
				worst = 3;
			} else if (once & b) {
				twice |= b;
				if (worst < 2)
					worst = 2;
			} else {
				once |= b;
			}
		}
	}
	return worst;
}

/* The operand collection cycles of warp `warp`'s instruction pc (decoded
 * u, in) issued now: pipe_bank_cycles, from the uop when the scheduler's
 * previous issue was another warp's (nothing reused or forwarded), else
 * from a cache by pc and the previous instruction. The instruction becomes
 * the scheduler's previous one. */
static inline int pipe_operand_cycles(struct sim *s, struct sched *sc, int warp, int pc, const struct uop *u,
				      const struct insn *in)
{
	int oc;
	unsigned i = (unsigned)pc & (OC_SLOTS - 1);
	if (sc->reuse_warp == warp) {
		if (s->ocs_tag[i] != (uint32_t)pc + 1 || s->ocs_prev[i] != sc->reuse_pc) {
			s->ocs_tag[i] = (uint32_t)pc + 1;
			s->ocs_prev[i] = sc->reuse_pc;
			s->ocs_val[i] = (uint8_t)pipe_bank_cycles(s, sc, 1, in);
		}
		oc = s->ocs_val[i];
	} else {
		oc = u->oc0;
	}
	sc->reuse_warp = warp;
	sc->reuse_pc = pc;
	return oc;
}

/* Each pipe's issue interval and each register's bank, from the arch (sim_create). */
static void pipe_init(struct sim *s)
{
	const struct arch *a = s->a;
	for (int pp = 0; pp < PIPE_COUNT; pp++)
		s->interval[pp] = a->warpSize / a->pipe_lanes[pp];
	for (int r = 0; r < ISA_NREGS; r++)
		s->bank_of[r] = (uint8_t)(a->regfile_banks > 0 ? r % a->regfile_banks : 0);
}

/* Before a run: the operand-cycle cache is empty (the schedulers' pipes
 * are reset with them, sched_reset). */
static void pipe_reset(struct sim *s)
{
	memset(s->ocs_tag, 0, sizeof s->ocs_tag);
}
