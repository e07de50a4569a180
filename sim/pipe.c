/*
 * pipe.c: the pipes and operand collection. A room of sim/sm.c (#included
 * there, not compiled on its own; see sm_int.h).
 *
 * Models each scheduler's pipes (FMA, FMA-heavy, ALU, FP64, XU/MUFU, LSU,
 * CBU, uniform): a pipe with `lanes` lanes takes a warp instruction every warpSize /
 * lanes cycles (its issue interval), and which warp state a warp shows
 * while its pipe holds it back (math pipe, lg or MIO throttle). Before the
 * lanes, operand collection: sources are read from regfile_banks register
 * banks (register number mod banks), one read per bank per cycle; a source
 * the reuse cache of its pipe holds in its operand slot for the same warp, or that
 * warp's previous instruction produced (forwarding), needs no read. With
 * regfile_shared the banks are the scheduler's: an instruction's reads wait
 * for those its bank was given before, by any pipe. Collection beyond the
 * pipe's interval holds the pipe and delays the result. Each pipe's busy periods are
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
 * fixed-latency wait, not pipe throttle (ncu.csv, fma ILP 1); that the
 * banks are shared by the pipes (mech_iwmode, round 21: an SHF beside an
 * IMAD of three register sources, 3 reads of one bank a pair, 2.7-2.9
 * cycles a pair where the pipes give 2, at one warp as at 32; mech_rbank:
 * 6 pairs of 3-6 reads, predicted before the run) and that the reuse cache
 * is kept a pipe (mech_rbank's FFMA, mech_otput's IMAD and LEA: see
 * pipe_reuse_keep). IMAD.WIDE's hold of the issue is issue.c's.
 *
 * Reads from struct arch: warpSize, pipe_lanes, regfile_banks,
 * regfile_shared, operand_reuse (pipe_latency is read where instructions
 * are decoded, issue.c).
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
			return w->be_step + 2 == n ? PIPE_ALU : PIPE_UNIFORM; /* the counter's UIADD3 */
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

/* Without control bits: the instruction whose register sources pipe's
 * reuse cache holds for the scheduler's reuse owner, -1 none. */
static inline int pipe_reuse_pc(const struct sched *sc, int pipe)
{
	return sc->rc_pgen[pipe] == sc->rc_gen ? sc->rc_pc[pipe] : -1;
}

/*
 * Operand collection: sources are read from regfile_banks banks (register
 * number mod banks), one read per bank per cycle. A source needs no read
 * when the same warp issued the previous instruction on this scheduler and
 * either produced it (forwarding) or its pipe's reuse cache holds it in its
 * operand slot (pipe_reuse_keep): without control bits, when the warp's
 * last instruction of that pipe had it in the same slot; with them, as the
 * listing's .reuse flags left the cache (sc->rc). Returns the reads by bank, 2 bits a bank (3 at
 * most: more reads of one bank count 3, as the per-instruction rule always
 * had it), bank b at bits 2b.
 */
static unsigned pipe_bank_reads(const struct sim *s, const struct sched *sc, int same, int pipe, const struct insn *in,
				int nsrc)
{
	unsigned reads = 0;
	if (s->a->regfile_banks <= 0)
		return 0;
	const struct insn *ri = same ? &s->code[sc->reuse_pc] : NULL;
	int cp = same && s->a->operand_reuse && !in->has_ctl ? pipe_reuse_pc(sc, pipe) : -1;
	const struct insn *ci = cp >= 0 ? &s->code[cp] : NULL; /* whose sources the cache holds */
	for (int k = 0; k < nsrc; k++) {
		int r = in->src[k];
		if (r >= ISA_RZ)
			continue; /* RZ; uniform registers and predicates are not in the banks */
		if (same) {
			if (ri->has_dst && r == ri->dst)
				continue; /* forwarded */
			if (in->has_ctl ? k < sc->rc_n[pipe] && sc->rc[pipe][k] == r : ci && k < ci->nsrc && ci->src[k] == r)
				continue; /* reused */
		}
		if ((k > 0 && in->src[0] == r) || (k > 1 && in->src[1] == r))
			continue; /* read once for both */
		unsigned sh = 2u * s->bank_of[r];
		if ((reads >> sh & 3) < 3)
			reads += 1u << sh; /* 3 at most: a pair's or a quad's halves may add a fourth */
	}
	return reads;
}

/*
 * The reuse cache after the scheduler's warp issued `in` (operand_reuse):
 * one a pipe, one register an operand slot, for that warp's next
 * instructions of the same pipe, past instructions of other pipes. With
 * control bits as the listing's .reuse flags say (sc->rc, its first rc_n
 * slots): a flagged source stays, a source without the flag empties its
 * slot, a slot the instruction gives no register (an immediate, RZ, none)
 * keeps what it held. ptxas flags R6 and R7 of FFMA R18, R6, R18, R7 for
 * the next FFMA past an SHF that puts other registers in those slots
 * (mech_rbank, 2.65 cycles a pair where a cache by slot gives 3.06), and
 * R10 of alternating IMAD R, R, 0x8, R10 and LEA R, R, R10, 0x3 each for
 * the next of its kind (mech_otput lea, one a cycle). Without control bits
 * (round 33) as ptxas would flag them: every register source of the pipe's
 * last instruction stays, so the cache is that instruction (rc_pc); until
 * then it was the warp's previous instruction whatever its pipe, and the
 * built-in loops' counter IADD3 between two FFMAs emptied it. `fresh`:
 * another warp held the caches: they start empty (rc_gen).
 */
static inline void pipe_reuse_keep(const struct sim *s, struct sched *sc, int fresh, int pipe, int pc,
				   const struct insn *in)
{
	if (fresh)
		sc->rc_gen++;
	if (!in->has_ctl) {
		if (sc->rc_any) { /* a structure marker of a listing: the flagged caches empty */
			memset(sc->rc_n, 0, sizeof sc->rc_n);
			sc->rc_any = 0;
		}
		sc->rc_pc[pipe] = pc;
		sc->rc_pgen[pipe] = sc->rc_gen;
		return;
	}
	if (fresh) {
		memset(sc->rc_n, 0, sizeof sc->rc_n);
		sc->rc_any = 0;
	}
	if (!s->a->operand_reuse)
		return;
	uint16_t *rc = sc->rc[pipe];
	int n = in->nsrc < ISA_MAX_SRC ? in->nsrc : ISA_MAX_SRC;
	for (int k = sc->rc_n[pipe]; k < n; k++)
		rc[k] = RC_NONE;
	for (int k = 0; k < n; k++) {
		int r = in->src[k];
		if (r < ISA_RZ)
			rc[k] = (uint16_t)(in->reuse >> k & 1 ? r : RC_NONE);
	}
	if (n > sc->rc_n[pipe])
		sc->rc_n[pipe] = (uint8_t)n;
	sc->rc_any = 1;
}

/* The cycles reads by bank (pipe_bank_reads) take on banks of their own:
 * the most reads of one bank, at least 1. */
static inline int pipe_reads_cycles(unsigned reads)
{
	int worst = 1;
	for (; reads; reads >>= 2)
		if ((int)(reads & 3) > worst)
			worst = (int)(reads & 3);
	return worst;
}

/* The operand collection of an instruction issued now with reads by bank
 * `reads` (pipe_bank_reads) and reads_cycles `oc`: with regfile_shared the
 * banks are the scheduler's, shared by its pipes: each bank's reads wait
 * for the ones it already has (bank_free) and the collection ends with the
 * last bank's; else each instruction has the banks to itself (oc). Returns
 * the cycles (>= 1): the pipe accepts nothing else meanwhile, and the
 * cycles past the pipe's issue interval delay the result (with
 * regfile_collectors, pipe_collector says how long the pipe is held). */
static inline int pipe_collect(const struct sim *s, struct sched *sc, unsigned reads, int oc)
{
	if (!s->rf_shared || !reads)
		return oc;
	uint64_t t = s->now, done = t + 1;
	sc->oc_reads = reads;
	for (int b = 0; reads; reads >>= 2, b++) {
		unsigned c = reads & 3;
		if (!c)
			continue;
		uint64_t st = sc->bank_free[b] > t ? sc->bank_free[b] : t;
		st += c;
		sc->bank_free[b] = st;
		if (st > done)
			done = st;
	}
	return (int)(done - t);
}

/* Every pipe of the scheduler accepts nothing before t (the warps ready
 * meanwhile are not selected): an issue hold (IMAD.WIDE) or every operand
 * collector held. */
static inline void pipe_hold_all(struct sched *sc, uint64_t t)
{
	for (int p = 0; p < PIPE_COUNT; p++)
		if (sc->pipe_free[p] < t)
			sc->pipe_free[p] = t;
}

/*
 * The collection window (regfile_window): an instruction whose reads end
 * oc cycles after now (pipe_collect: behind the reads its banks already
 * had), more than w = max(2, its most reads of one bank), issues slip =
 * oc - w cycles late, when each bank b it reads c times can deliver them
 * within w cycles (the slowest bank's reads start at bank_free - c, w - c
 * before the end of its window); the collection still ends at now + oc,
 * and the banks it reads that were free earlier read from the late issue
 * (pipe_collect booked them from now). Until then its scheduler issues
 * nothing, and its stall count and its result count from the late issue
 * (issue_warp). Returns the slip. On an H100
 * (the H200's SM; tests/data/h100/mech/fpair, mech_fpair, round 34's run;
 * every row repeated on the H200 within 0.1%, round 35) a lone warp's 8
 * FFMAs a trip reading bank 0 twice (same) or three times (three), after
 * the counter's IADD3 and with its ISETP among them (one read of bank 0
 * each), take 7.0 and 14.0 cycles a trip more than the same FFMAs reading
 * each bank once (imm): this rule gives 7 and 14 (each FFMA waits for the
 * last one's second or third read, the ISETP's read for the FFMA before
 * it), the collectors alone 6 and 12; FFMAs alternating banks (alt, alt3)
 * 2.0 and 3.0 (this rule 3 and 4, the collectors alone the same), IMADs
 * reading bank 0 three times (ithree) 1 an IMAD more than twice (isame),
 * as here (their pipe takes one every 2 cycles). With several warps on a
 * scheduler the wait holds the others too: same and three at 8-32 warps
 * -17.8..-3.2% -> within 2.3% of the H100 (README, What still misses).
 */
static int pipe_window(struct sched *sc, uint64_t now, int oc)
{
	unsigned r = sc->oc_reads;
	int w = pipe_reads_cycles(r), slip;
	w = w > 2 ? w : 2;
	if (oc <= w)
		return 0;
	slip = oc - w;
	for (int b = 0; r; r >>= 2, b++) {
		unsigned c = r & 3;
		if (c && sc->bank_free[b] - c < now + (uint64_t)slip)
			sc->bank_free[b] = now + (uint64_t)slip + c;
	}
	return slip;
}

/*
 * The operand collectors (regfile_collectors, with regfile_shared): an
 * instruction whose reads take oc > 1 cycles (pipe_collect) holds one of
 * the scheduler's oc_n collectors from its issue until its reads are done,
 * and while every collector is held nothing issues (until the first is
 * free). On the FMA pipes its pipe is then held only until its last bank
 * starts reading, so an instruction on the other bank collects beside it;
 * the ALU pipe, and those not measured, stay held to the collection's end.
 * Called after the issue set the pipe's hold, and its busy period
 * (pipe_period), to the collection's end (oc). On an H100 (the H200's SM;
 * tests/data/h100/mech/fpair, mech_fpair, 2026-12-05) FFMAs and IMADs each
 * reading one bank three times cost what one collection at a time gives,
 * but alternating banks overlap: 8 FFMAs of 3 reads a trip, bank 0 and
 * bank 1 in turn, take 32.33 cycles a trip at one warp (one at a time
 * 41.98) and 16.24 at 32 warps (26.11), about the busier bank's 14 reads.
 * 2 collectors fit the set best (5.0% over its 40 rows; 1: 14.8, 3 or
 * more: 6.0, none: 11.1), though its runs on one bank then come out 5-18%
 * fast at 8-32 warps, where one collector fits them within 3% (README,
 * What still misses). An IADD3.X of three reads of bank 1 holds the ALU
 * for all three (tests/data/h200/mech/iwmix iw_alu at one warp: 4 cycles a
 * trip faster with the FMA rule). Out of line: the common path stays small.
 *
 * With regfile_fma_free the FMA pipes are held only their issue interval:
 * an FFMA whose reads come late (behind a bank the last one read twice)
 * delays the next instruction only through the banks and the collectors.
 * On an H100 (round 44) an FFMA reading bank 0 twice costs a lone warp
 * nothing wherever it sits in the trip (tests/data/h100/mech/chold2:
 * chold3's first3 = mid3 = clean + the loop head's fetch line), nor do 1,
 * 2 or 3 FFMAs after it that each read that bank once, late
 * (tests/data/h100/mech/clag: k0 = k1 = k2 = k3 = 7339 cycles at one warp
 * a scheduler, and within 0.1% at 8-32 warps); holding the pipe gave each
 * a cycle, and at 8-32 warps the scheduler to another warp for a trip.
 * A guarded instruction (@P) is still held as round 35 had it:
 * on an H100 (round 45, tests/data/h100/mech/offg) mech_offalu's loop of
 * 8 @P1 FFMAs a trip, two of them reading bank 0 twice and each followed
 * by FFMAs reading bank 0 once, takes a lone warp 7835.5 cycles (the H200
 * 7842) where the same loop without the guards, the same banks
 * instruction by instruction, takes 7580.5, the guard off 7580 (the hold
 * gives 7841, without it 7585). Out of line: a collection of oc > 1.
 */
static __attribute__((noinline)) int pipe_collector(struct sim *s, struct sched *sc, int pipe, int oc, int busy,
							const struct insn *in)
{
	uint64_t now = s->now;
	int k = 0, n = s->oc_n, slip = s->rf_window ? pipe_window(sc, now, oc) : 0;
	for (int i = 1; i < n; i++)
		if (sc->oc_free[i] < sc->oc_free[k])
			k = i;
	sc->oc_free[k] = now + (uint64_t)oc;
	uint64_t full = sc->oc_free[0];
	for (int i = 1; i < n; i++)
		if (sc->oc_free[i] < full)
			full = sc->oc_free[i];
	if (pipe == PIPE_FMA || pipe == PIPE_FMAHEAVY) {
		/* its last bank's first read (each bank read its c reads up to
		 * bank_free); with regfile_fma_free, unless guarded, its issue:
		 * the pipe is held only its issue interval */
		uint64_t first = now;
		if (!s->rf_fma_free || (in->has_pred && in->pred != ISA_PT && in->pred != ISA_UPT))
			for (unsigned r = sc->oc_reads, b = 0; r; r >>= 2, b++)
				if ((r & 3) && sc->bank_free[b] - (r & 3) > first)
					first = sc->bank_free[b] - (r & 3);
		int hold = (int)(first - now) + 1, e = hold > busy ? hold : busy;
		sc->pipe_free[pipe] = now + (uint64_t)e;
		/* the pipe's busy period (pipe_period) ends there too */
		if (oc > e)
			sc->tot_c[pipe] -= (uint64_t)(oc - e);
		sc->per_e[pipe] = now + (uint64_t)e;
	}
	if (full > now + 1)
		pipe_hold_all(sc, full);
	if (slip > 0)
		pipe_hold_all(sc, now + (uint64_t)slip + 1); /* it issues at now + slip */
	return slip;
}

/* After an instruction's reads are known (same: the scheduler's previous
 * issue was this warp's): the reuse caches and the reuse owner updated,
 * then the collection booked (pipe_collect). */
static inline int pipe_operands_done(const struct sim *s, struct sched *sc, int warp, int pc, const struct uop *u,
				     const struct insn *in, int same, unsigned reads, int oc)
{
	pipe_reuse_keep(s, sc, !same, u->pipe, pc, in);
	sc->reuse_warp = warp;
	sc->reuse_pc = pc;
	return pipe_collect(s, sc, reads, oc);
}

/*
 * A store no lane of the warp makes (off_store_reads_data 0,
 * uop.offdata): its address registers are read, its data registers are
 * not; an arithmetic instruction off in every lane (off_alu_reads 0)
 * reads none. On the H200 (tests/data/h200/mech/stb4, mech_stb4, 2026-12-04)
 * mech_stb's loop with 8 such STG.E.128 a step, whose data quad reads
 * both banks twice, takes 257.6 cycles a step at 32 warps and 95.7 at 8,
 * the same loop with STG.E 257.6 and 98.6-103.2: the data are not read
 * (smsim reading them: 401 and 113). Out of line: rare.
 */
static int pipe_operand_cycles_off(struct sim *s, struct sched *sc, int warp, int pc, const struct uop *u,
				   const struct insn *in)
{
	int same = sc->reuse_warp == warp;
	unsigned reads = pipe_bank_reads(s, sc, same, u->pipe, in, in->nsrc - u->offdata);
	return pipe_operands_done(s, sc, warp, pc, u, in, same, reads, pipe_reads_cycles(reads));
}

/* The operand collection cycles of warp `warp`'s instruction pc (decoded
 * u, in) issued now (pipe_collect): the reads from the uop when the
 * scheduler's previous issue was another warp's (nothing reused or
 * forwarded); without control bits from a cache by pc and the previous
 * instruction; with them counted against the reuse cache. The instruction
 * becomes the scheduler's previous one. */
static inline int pipe_operand_cycles(struct sim *s, struct sched *sc, int warp, int pc, const struct uop *u,
				      const struct insn *in)
{
	unsigned reads;
	int oc, same = sc->reuse_warp == warp;
	if (!same) {
		reads = u->rd0;
		oc = u->oc0;
	} else if (u->flags & U_CTL) {
		reads = pipe_bank_reads(s, sc, 1, u->pipe, in, in->nsrc);
		oc = pipe_reads_cycles(reads);
	} else {
		unsigned i = (unsigned)pc & (OC_SLOTS - 1);
		int cp = pipe_reuse_pc(sc, u->pipe);
		if (s->ocs_tag[i] != (uint32_t)pc + 1 || s->ocs_prev[i] != sc->reuse_pc || s->ocs_rcpc[i] != cp) {
			s->ocs_tag[i] = (uint32_t)pc + 1;
			s->ocs_prev[i] = sc->reuse_pc;
			s->ocs_rcpc[i] = cp;
			s->ocs_rd[i] = (uint16_t)pipe_bank_reads(s, sc, 1, u->pipe, in, in->nsrc);
			s->ocs_val[i] = (uint8_t)pipe_reads_cycles(s->ocs_rd[i]);
		}
		reads = s->ocs_rd[i];
		oc = s->ocs_val[i];
	}
	return pipe_operands_done(s, sc, warp, pc, u, in, same, reads, oc);
}

/* Each pipe's issue interval and each register's bank, from the arch (sim_create). */
static void pipe_init(struct sim *s)
{
	const struct arch *a = s->a;
	for (int pp = 0; pp < PIPE_COUNT; pp++)
		s->interval[pp] = a->warpSize / a->pipe_lanes[pp];
	s->rf_shared = a->regfile_shared && a->regfile_banks > 0;
	s->oc_n = s->rf_shared ? a->regfile_collectors : 0;
	s->rf_window = s->oc_n > 0 && a->regfile_window;
	s->rf_fma_free = s->oc_n > 0 && a->regfile_fma_free;
	for (int r = 0; r < ISA_NREGS; r++)
		s->bank_of[r] = (uint8_t)(a->regfile_banks > 0 ? r % a->regfile_banks : 0);
}

/* Before a run: the operand-cycle cache is empty (the schedulers' pipes
 * and reuse caches are reset with them, sched_reset). */
static void pipe_reset(struct sim *s)
{
	memset(s->ocs_tag, 0, sizeof s->ocs_tag);
}
