/*
 * mem.c: the memory levels. A room of sim/sm.c (#included there, not
 * compiled on its own; see sm_int.h).
 *
 * Models where a memory instruction's data comes from and when (where its
 * lanes fall, their sectors and wavefronts: lanes.c). Shared
 * memory: a per-SM data path of smem_bytes_per_cycle, then smem_latency
 * (short scoreboard). Global memory: the level from the access's footprint
 * (L1, L2, DRAM; streaming accesses go to DRAM), the sectors from its
 * pattern (coalesced, strided, uniform); each level a per-SM FIFO server
 * of its bytes per cycle followed by its latency, so a loaded level
 * queues (long scoreboard). DRAM adds the loaded delay that goes with the
 * bytes the SM keeps in the memory system, averaged over time
 * (mem_dram_queue_delay), and a streaming load's DRAM data returns
 * through the warp's own miss path. A random walk's L2 and DRAM loads each
 * draw their latency from the level's measured spread about its mean
 * (mem_spread), so a step that waits for several waits for the slowest. One warp's memory instructions are lsu_warp_cycles
 * apart. L2/DRAM loads hold their sectors in flight until they return, and
 * issue stops (lg_throttle) at max_inflight_sectors: the held warps look
 * again only when a release can let one through.
 * Constant loads (LDC) take the constant cache's own port, one distinct
 * address at a time, and its latency. A random walk near a cache's
 * capacity draws each access's level from measured hit curves.
 *
 * Evidence (tests/data/h200, see its README): latencies from single-thread
 * pointer chases at each level and DRAM bandwidth with every SM streaming
 * (calib.csv); the loaded delay's q and the warp's miss path from one warp
 * chasing while others stream (loaded.csv); lsu_warp_cycles from ptxas's
 * stall count of 4 between one warp's loads (sass.txt, lsu/sass.txt) and
 * the H200 issuing one warp's LDS every 4 cycles (lsu/runs.csv);
 * l2_bytes_per_cycle from every SM streaming an L2-resident footprint, the
 * constant cache's port and latency, the partial-hit curves and the latency
 * spreads from microbenchmarks of their own (mech/: mech_l2bw, mech_ldc,
 * mech_ldclat, mech_cap, mech_latd). max_inflight_sectors is an estimate, not measured.
 *
 * Reads from struct arch: smem_latency, l1_latency, l2_latency, const_latency,
 * const_index_cycles, const_cycles_per_addr, const_line_bytes, const_miss_cycles,
 * uconst_miss_cycles, const_miss_slots, dram_latency, smem_bytes_per_cycle, l1_bytes_per_cycle,
 * l2_bytes_per_cycle, dram_bytes_per_cycle, dram_queue_curve, dram_shared_queue, dram_queue_scale_cycles, dram_stream_queue_scale_cycles,
 * dram_window_cycles, warp_miss_bytes_per_cycle, l2_spread, dram_spread, lsu_warp_cycles,
 * max_inflight_sectors, sector_bytes, and through arch_global_level
 * (cfg.h) l2CacheSize.
 */
#ifndef SIM_SM_C
#error "sim/mem.c is a room of sim/sm.c: #included there, not compiled on its own"
#endif
#include "sm_int.h"

/* ---- data paths: servers, sectors, levels --------------------------- */

/*
 * ceil(x) for 0 <= x < 2^63, without the library call: one SSE4.1 ROUNDSD
 * where the CPU has it (libgcc's CPU model, filled before main), else the
 * truncation, which is exact, plus one when x exceeds it. The load path
 * below is a chain of these; its length is what a DRAM-bound run waits on.
 */
static inline double ceil_d(double x)
{
#if defined(__SSE4_1__)
	return __builtin_ceil(x);
#else
#if defined(__x86_64__) && defined(__GNUC__) && !defined(SIM_NO_ASM)
	if (__builtin_cpu_supports("sse4.1")) {
		double r;
		__asm__("roundsd $10, %1, %0" : "=x"(r) : "x"(x)); /* toward +inf, inexact suppressed */
		return r;
	}
#endif
	double t = (double)(int64_t)x;
	return t < x ? t + 1.0 : t;
#endif
}

/* (uint64_t)ceil(x) for 0 <= x < 2^63. */
static inline uint64_t ceil_u64(double x)
{
	return (uint64_t)(int64_t)ceil_d(x);
}

/* Passes `bytes` through a FIFO server of `bw` bytes per cycle; returns the
 * cycle the last byte has passed. */
static uint64_t mem_serve(double *free_at, uint64_t now, double bytes, double bw)
{
	double start = *free_at > (double)now ? *free_at : (double)now;
	*free_at = start + bytes / bw;
	return ceil_u64(*free_at);
}

/* mem_serve() with bytes / bw given (the same value), as a double (integral). */
static inline double mem_serve_q(double *free_at, uint64_t now, double q)
{
	double start = *free_at > (double)now ? *free_at : (double)now;
	*free_at = start + q;
	return ceil_d(*free_at);
}


/*
 * Distinct addresses one constant load (LDC) reads: one when every lane
 * reads the same word (pattern uniform, what c[bank][immediate] always
 * is), else one per active lane (`bytes=` of an import's --mem gives the
 * distinct words). The constant cache serves them one after another: on
 * the H200 an SM completes one LDC of a uniform address every 2.0 cycles
 * whatever the number of warps, 2 distinct words per warp take twice as
 * long and 32 take 32 times (tests/data/h200/mech, mech_ldc, 2026-12-01).
 */
static inline double mem_const_addrs(const struct insn *in, int lanes)
{
	if (in->pattern == PAT_UNIFORM)
		return 1.0;
	return (double)(in->lanes && in->lanes < lanes ? in->lanes : lanes);
}

/* The warps of a block whose copy of a thread-0 load (threads=N: the first N
 * threads alone, the importer's reading of a tid == 0 guard) is off in every
 * lane: 0 for any other instruction. */
static inline int mem_off_copies(const struct sim *s, const struct insn *in)
{
	if (!in->threads)
		return 0;
	int on = ((int)in->threads + 31) / 32, n = s->warps_per_block - on;
	return n > 0 ? n : 0;
}

/* An off copy that reaches a line on its way at p: done after the shared
 * path's delay (mem_cline), never later than the line's answer. */
static inline double mem_off_pass(const struct cline *c, double p)
{
	double d = p + c->share;
	return d < c->ready ? d : c->ready > p ? c->ready : p;
}

/* A constant-port read (LDC, live or off) that passed the port at p: a line
 * not in the cache (cold, or on its way) holds the port const_miss_port_cycles
 * more, the tag check's miss (round 52; sm_90's 2 from the one-SM stamps of
 * mech_cchain and mech_cfar: with the start record's line cold, the off
 * copies of a block's warps pass it 4 cycles apart, rows of four warps 16
 * cycles apart at 16 and 32 warps, and 2 apart (8 a row) once the line is
 * in or when it was read before the barrier). The read's own fill starts
 * at p (const_miss_cycles, 73, is a lone cold LDC's whole cost). */
static inline double mem_cport_miss(struct sim *s, int cl, double p)
{
	double x = s->a->const_miss_port_cycles, r;
	if (x <= 0.0 || cl < 0 || ((r = s->cl[cl].ready) >= 0.0 && r <= p))
		return p; /* a hit (cl -1: no cold fill, const_miss_cycles 0, or the line not known) */
	s->const_free += x; /* the reads after it wait; its own request goes out at p */
	return p;
}

/*
 * Constant lines (round 50). A launch's constant caches start empty: the
 * first read of a const_line_bytes line waits for its fill,
 * const_miss_cycles (LDC) or uconst_miss_cycles (ULDC) after the read
 * reaches the cache; reads of the line while it is on its way wait for
 * the same fill, later ones hit. At most const_miss_slots fills are in
 * flight; a further one starts when the first of them lands and its slot
 * is free again, const_slot_hold_cycles later (round 53, below). On an H100
 * (the H200's SM; tests/data/h200/mech/cparam and cparam2, mech_cparam and
 * mech_cparam2, 2026-12-07): a
 * dependent chain of LDCs each into a new 64-byte line takes 72.6 cycles a
 * load more than the same chain within one line (958.5 against 450 cycles
 * at K 8), ULDC's 62.2 (663 against 290 over the 6 loads whose line is
 * new in one and not the other: see the three caches below); 256-byte
 * steps cost what 64-byte ones do, and a word 60 bytes on warms the line
 * (cq_warm), so the line is
 * 64 bytes; M independent LDCs into one cold line cost what one does (171,
 * 168, 175 cycles at M 1, 2, 4), into M distinct lines 193, 225 and 354
 * (M 2, 4, 8: the fills overlap, the eight in two rounds); a ULDC.64 of a
 * line before the start barrier leaves an LDC of it after the barrier cold
 * (cp_one), and a ULDC of a uniform register's address (c[0x0][UR4+0x210])
 * after a ULDC of an immediate one into the same line waits as long as a
 * new line (cp_ulines with 4-byte steps: 137, 193, 218, 290 cycles at K 1,
 * 2, 4, 8, the second load 56 more, then 12-18 a load): three caches, LDC's
 * and the uniform path's two (sim/issue.c issue_cline). Returns the cycle
 * the line is in its cache for a read that reaches it at p (p itself when
 * warm).
 *
 * The miss path the SMs share (round 51, const_off_share_cycles and _max):
 * a thread-0 load (`@!P LDC`, the importer's threads=1) that starts or meets
 * a line's fill delays it by const_off_share_cycles for each warp of the
 * block whose copy is off, at most const_off_share_max a line, once per
 * load (pc) and line. On an H100 (tests/data/h200/mech/cchain, mech_cchain,
 * 2026-12-07) the harness's start-record LDC, the launch's first touch of
 * the parameters' line, answers warp 0 121 cycles after its stamp at one
 * warp, 139.5 at two (one off copy: +18.5), and at four warps 126 on one SM
 * but 191 with every SM launching (three off copies: +65), the other warps'
 * off copies passing it after 53 and 108 cycles: a cost the launch's SMs
 * share, growing with the SMs (136, 149, 147, 170 at 2, 8, 33, 66 SMs), that
 * one warp an SM never shows (mech_cparam's sms=G rows). A model of one SM
 * of a full launch takes the full GPU's: 20 a copy (18.5; 65 / 3), at most
 * 60 (four warps'; 16 and 32 warps add 44 and 33). Applied at the load's
 * first copy to reach the line (the GPU's barrier lets the highest warps,
 * whose copies are off, go first); the reads already waiting keep their
 * answer (not measured). Returns, for an off copy (off), the cycle it is
 * done: after the shared path's delay, never later than the line's answer
 * (mem_off_pass). The off copies do not wait for the fill (round 52,
 * mech_cfar: the start record's line moved off the parameters' line, every
 * warp reading its own n, x, y live): on one SM they pass after 49-57
 * cycles at 2-4 warps where warp 0 waits 126 for the data; on every SM
 * after 58-69 at two warps (one off copy: smsim 68) and 100-115 at four
 * (three: smsim 108-112), where waiting for the fill gave 119 at both.
 * Nor does an off copy start a fill: on one SM warp 0, whose load reaches
 * the line after the other warps' off copies (the barrier lets the highest
 * warps go first), waits the whole miss after them (126 cycles at 2 and 4
 * warps, 118 alone; 202 at 16, the last off copy passing at 122), where a
 * fill the first off copy started would have answered it sooner.
 *
 * A fill's slot in a full launch (round 53, const_slot_hold_cycles: an
 * H100, 2026-12-07, tests/data/h200/mech/cdist, mech_cdist cd_warp<M, W,
 * WARM>, lane 0's clock as each of M independent cold lines' values comes):
 * on one SM alone a lone warp's M lines come as this rule had them (4 fills
 * at once, the fifth once the first lands: its value 210 cycles after the
 * stamp, smsim 207), but with every SM launching the second round starts
 * later: the fifth value 34 and 51.5 cycles later than on one SM (M 5, 6),
 * the seventh LDC's slot 82 later (M 7, read through the register its
 * address shares with the third stamp), where the first lines come only
 * 7-18 later: a slot is free again 56 cycles (the three readings' mean)
 * after its line is in. The TPC's other SM asks for the same lines (the
 * pairs' odd SMs get theirs 12-30 cycles after the even ones, their fills
 * interleaved about 8.3 cycles apart); returning a full launch's fills
 * 16.6 apart was tried and not kept (README, What still misses).
 */
static double mem_cline(struct sim *s, int cl, double p, int miss, int pc, int offs, int off)
{
	const struct arch *a = s->a;
	struct cline *c = &s->cl[cl];
	double r = c->ready;
	if (r >= 0.0 && r <= p)
		return p; /* warm */
	double add = 0.0;
	if (offs > 0 && a->const_off_share_cycles > 0 && c->pc != pc) {
		/* a thread-0 load whose copies in offs other warps are off: they load
		 * the miss path the SMs share, each delaying the fill */
		add = a->const_off_share_cycles * offs;
		if (add > a->const_off_share_max - c->share)
			add = a->const_off_share_max - c->share;
		if (add < 0.0)
			add = 0.0;
		c->share += add;
		c->pc = pc;
	}
	if (r >= 0.0) {
		c->ready = r += add; /* on its way */
		return off ? mem_off_pass(c, p) : r;
	}
	if (off)
		return p + c->share; /* an off copy starts no fill, waits for the shared path alone */
	int n = a->const_miss_slots, k = 0;
	double st = p;
	if (n > 0) {
		for (int i = 1; i < n; i++)
			if (s->cl_slot[i] < s->cl_slot[k])
				k = i;
		if (s->cl_slot[k] > st)
			st = s->cl_slot[k];
	}
	r = st + (double)miss;
	if (n > 0)
		s->cl_slot[k] = r + a->const_slot_hold_cycles;
	c->ready = r + c->share;
	return c->ready; /* the reads wait for the delayed answer */
}

/* An LDC through the constant port, live (off 0) or off in every lane (off
 * 1): it holds the port q cycles, more on a miss (mem_cport_miss), and its
 * line, when known, answers it (mem_cline). Returns when its data come (an
 * off copy: when it is done), before const_latency. */
static inline double mem_cport(struct sim *s, const struct warp *w, const struct insn *in, int cl, double q, int off)
{
	double dd = mem_cport_miss(s, cl, mem_serve_q(&s->const_free, s->now, q));
	return cl >= 0 ? mem_cline(s, cl, dd, s->a->const_miss_cycles, w->pc, mem_off_copies(s, in), off) : dd;
}

static inline enum mem_level mem_global_level(const struct sim *s, const struct insn *in)
{
	return arch_global_level(s->a, in->op, in->pattern, in->count, s->l1_bytes);
}

/*
 * Partial hits. A random walk over a footprint near a cache's capacity
 * (pattern chase) hits part of the time, not all or nothing: on the H200
 * one warp's chase of 128-byte nodes hits a 124 KiB L1 on every step up to
 * 116 KiB, on 83% of its steps at 124, 49% at 144 and none from about 200;
 * the L2 on every step up to about half its 60 MiB
 * (the two halves: a line is cached on the near side), then 82% at 40
 * MiB, 38% at 60, 12% at 128 and none at 256 (tests/data/h200/mech/cap,
 * mech_cap, 2026-12-01, hit fraction from the step latency between the
 * level's and the next one's). The curves below are those measurements,
 * linear between points: the L1's against footprint less capacity in KiB
 * (from the launch with 120 KiB of shared memory, 124 KiB of L1), the
 * L2's against footprint / capacity. The L1 loses its hits over the same
 * ~70 KiB past its capacity whatever that capacity: taken from the 124
 * KiB L1, the curve predicts the 224 KiB one of a launch without shared
 * memory within 3.1% (mech_cap l1_smem0; as a fraction of capacity it was
 * 38% off), so the L1's is in KiB; the L2 was measured at one size. An
 * access draws its level from them (mem_level_draw), with a generator
 * reset every run, so the same run gives the same cycles.
 */
static const double mem_l1_curve[][2] = { /* against footprint - capacity, in KiB */
	{-8, 1.0}, {-4, 0.927}, {0, 0.830}, {4, 0.747}, {8, 0.662}, {12, 0.573},
	{20, 0.495}, {36, 0.243}, {68, 0.050}, {132, 0.0},
};
static const double mem_l2_curve[][2] = {
	{0.400, 1.0}, {0.533, 0.981}, {0.600, 0.918}, {0.667, 0.824}, {0.733, 0.711}, {0.800, 0.584},
	{0.867, 0.493}, {0.933, 0.424}, {1.000, 0.378}, {1.067, 0.342}, {1.200, 0.285}, {1.333, 0.246},
	{1.600, 0.184}, {2.133, 0.116}, {3.200, 0.055}, {4.267, 0.0},
};

/* The hit fraction at x (see the curve) from one of the curves. */
static double mem_curve(const double (*c)[2], int n, double x)
{
	if (x <= c[0][0])
		return c[0][1];
	for (int i = 1; i < n; i++)
		if (x <= c[i][0])
			return c[i - 1][1] + (c[i][1] - c[i - 1][1]) * (x - c[i - 1][0]) / (c[i][0] - c[i - 1][0]);
	return c[n - 1][1];
}

/* The run's next 64 random bits: xorshift64*, the run's own sequence. */
static inline uint64_t mem_rand(struct sim *s)
{
	return xorshift64s(&s->rng);
}

/* A uniform draw in [0, 1). */
static inline double mem_uniform(struct sim *s)
{
	return (double)(mem_rand(s) >> 11) * 0x1.0p-53;
}

enum { SP_L2, SP_DRAM, SP_QUEUE }; /* the spreads' levels, and the shared DRAM queue's factors (struct sim sp[], sp_n[]) */

/* One access's latency about its level's (SP_L2, SP_DRAM): an entry of
 * the level's spread. Each access takes its own: two loads a warp issues
 * back to back are as slow as the slower of two independent draws, and
 * consecutive steps of a chase are uncorrelated (tests/data/h200/mech/latd:
 * lat_pair, lat_multi, lat_step). The entries are dealt from a shuffled
 * deck, reshuffled once all are used, rather than drawn with replacement:
 * any n consecutive accesses then average exactly the level's latency, as
 * the H200's median over 132 SMs does, so a short run does not carry one
 * sample's error (120 DRAM steps drawn with replacement: 180 x sqrt(120)
 * cycles, 2.4%, a sigma). */
static inline int mem_deal(struct sim *s, int lvl, uint64_t *rng)
{
	int n = s->sp_n[lvl];
	uint8_t *perm = s->sp_perm[lvl];
	if (s->sp_pos[lvl] >= n) {
		/* Fisher-Yates, j uniform in [0, i] by a multiply-shift of 32 random bits */
		for (int i = n - 1; i > 0; i--) {
			unsigned j = (unsigned)(((xorshift64s(rng) >> 32) * (uint64_t)(i + 1)) >> 32);
			uint8_t t = perm[i];
			perm[i] = perm[j];
			perm[j] = t;
		}
		s->sp_pos[lvl] = 0;
	}
	return perm[s->sp_pos[lvl]++];
}

static inline double mem_spread(struct sim *s, int lvl)
{
	if (s->sp_n[lvl] == 0)
		return 0.0;
	return s->sp[lvl][mem_deal(s, lvl, &s->rng)];
}

/* The latency draw of load `in` at level lvl (SP_L2, SP_DRAM) for warp w:
 * its own (mem_spread), kept as group G's when it has group=G, or, with
 * near=G, the warp's last group=G draw. Lines next to each other issued
 * together return together: one warp's 2 and 4 adjacent lines cost 15 and
 * 60 cycles a step more than one line where independent draws would cost
 * 81 and 165, and lines 1 KB or more apart draw nearly independently
 * (tests/data/h200/mech/latd, mech_latseq, mech_latprox). */
static inline double mem_draw(struct sim *s, struct warp *w, const struct insn *in, int lvl, struct block *b, int fresh)
{
	if (in->near)
		return (double)w->near_draw[in->near - 1];
	double x = fresh ? mem_spread(s, lvl) : (double)b->bd_spread[(in - s->code) % BDRAW];
	if (b && fresh)
		b->bd_spread[(in - s->code) % BDRAW] = (int32_t)x;
	if (in->group)
		w->near_draw[in->group - 1] = (int32_t)x;
	return x;
}

/* The arch's spread table less its mean, each entry rounded to a whole
 * cycle (a load's ready time stays integral), or n 0 when it is all one
 * value. */
static int mem_spread_init(double *dst, const double *src, int n)
{
	double mean = 0.0;
	int any = 0;
	for (int i = 0; i < n; i++)
		mean += src[i] / n;
	for (int i = 0; i < n; i++) {
		double x = src[i] - mean;
		dst[i] = (double)(long long)(x + (x >= 0 ? 0.5 : -0.5));
		any |= src[i] != src[0];
	}
	return any ? n : 0;
}

/* A partial access's level for this issue. */
static inline enum mem_level mem_level_draw(struct sim *s, const struct memc *m)
{
	double u = mem_uniform(s);
	return u < m->p_l1 ? LV_L1 : u < m->p_l2 ? LV_L2 : LV_DRAM;
}


/* Bytes the access holds level lv's server for, over its bytes per cycle;
 * at L1 l1c instead when it is >= 0 (the wavefront rule's time: mem_info_fill). */
static double mem_level_cycles(const struct sim *s, const struct insn *in, int lanes, double bytes,
			       enum mem_level lv, double l1c)
{
	const struct arch *a = s->a;
	double served = bytes;
	if (lv == LV_L1 && l1c >= 0.0)
		return l1c;
	if (lv == LV_L1 && in->pattern != PAT_UNIFORM && (double)lanes * in->width > served) {
		/* the L1 data path carries the bytes delivered to the warp's lanes,
		 * lanes that read the same word included: an L1 chase of 16 distinct
		 * 8-byte words (lanes l and l + 16 alike) and one of 32 both take 0.5
		 * warp-loads a cycle on the H200 (tests/data/h200/import, chase l1) */
		served = (double)lanes * in->width;
	}
	return served / (lv == LV_L1 ? a->l1_bytes_per_cycle : lv == LV_L2 ? a->l2_bytes_per_cycle
									  : a->dram_bytes_per_cycle);
}

/* Whether a load's level is drawn per access (mem_curve between 0 and 1
 * for L1 or L2); fills m's probabilities and per-level times if so. */
static int mem_partial_fill(struct sim *s, struct memc *m, const struct insn *in, int lanes, double l1c)
{
	const struct arch *a = s->a;
	if (in->pattern != PAT_CHASE || !isa_l1_load(in->op) || isa_ops[in->op].unit == UNIT_CONST ||
	    in->count == 0)
		return 0;
	double f = (double)in->count;
	double p1 = s->l1_bytes > 0 ? mem_curve(mem_l1_curve, (int)(sizeof mem_l1_curve / sizeof *mem_l1_curve),
						(f - (double)s->l1_bytes) / 1024.0)
				    : 0.0;
	double p2 = mem_curve(mem_l2_curve, (int)(sizeof mem_l2_curve / sizeof *mem_l2_curve),
			      f / (double)a->l2CacheSize);
	if (p2 < p1)
		p2 = p1;
	if ((p1 <= 0.0 || p1 >= 1.0) && (p2 <= 0.0 || p2 >= 1.0))
		return 0; /* all at one level: the footprint rule below gives it */
	m->p_l1 = p1;
	m->p_l2 = p2;
	for (int lv = LV_L1; lv <= LV_DRAM; lv++)
		m->lv_cyc[lv] = mem_level_cycles(s, in, lanes, m->bytes, (enum mem_level)lv, l1c);
	return 1;
}

/* A global store (STG, ST): not a load, an atomic or a reduction. */
static inline int mem_is_store(const struct insn *in)
{
	return in->op == OP_STG || in->op == OP_ST;
}

static COLD void mem_info_fill(struct sim *s, struct memc *m, const struct insn *in, int lanes)
{
	const struct arch *a = s->a;
	enum mem_level lv = mem_global_level(s, in);
	m->tag = (uint32_t)(in - s->code) + 1;
	m->lanes = (uint8_t)lanes;
	m->l1_path = 0.0;
	if (isa_ops[in->op].unit == UNIT_SMEM) {
		/* an LDS on the banked data array (mem_issue); nothing else of it counts */
		m->lv = LV_L1;
		m->sectors = 0, m->bytes = 0.0, m->miss_cycles = 0.0, m->l2_cycles = 0.0, m->l2_add = 0.0;
		m->cport = m->cindex = m->partial = m->spread = m->l2rule = m->chain = 0;
		m->lv_cycles = lanes_waves(a, in, lanes, &m->l1_path) * (double)(a->l1_banks * a->l1_bank_bytes) /
			       a->smem_bytes_per_cycle;
		return;
	}
	m->sectors = lanes_sectors(a, in, lanes);
	m->bytes = (double)m->sectors * a->sector_bytes;
	if (!isa_l1_load(in->op) && lv == LV_L1)
		lv = LV_L2; /* stores and atomics go to L2 */
	/* a store to lines the L2 does not hold is written into it (mem_writeback) */
	m->wb = (uint8_t)(lv == LV_DRAM && a->l2_dirty_bytes > 0 && mem_is_store(in));
	m->lines = (uint8_t)((a->n_wb_curve >= 2 && isa_l1_load(in->op)) || (a->store_line_cycles > 0 && mem_is_store(in))
				     ? lanes_lines(a, in, lanes)
				     : 1);
	if (m->wb)
		lv = LV_L2;
	if (isa_ops[in->op].unit == UNIT_CONST)
		lv = LV_L1; /* the constant cache: as an L1 hit */
	m->lv = (uint8_t)lv;
	/* a random walk's load: its L2 or DRAM latency draws from the measured
	 * spread, and its data does not queue in the warp's miss path (one
	 * warp's 2 and 4 chase loads issued together cost the slowest of 2 and
	 * 4 draws and nothing more: tests/data/h200/mech/latd, lat_multi). With
	 * stream_group_bytes_per_cycle any other global load draws at DRAM too
	 * (a stream's line spreads as a random one: mech/strlat), neighbouring
	 * lines sharing a draw (group=, near=: mem_draw); its bytes return
	 * through the miss path (mem_issue) */
	int chase = in->pattern == PAT_CHASE, groups = a->stream_group_bytes_per_cycle > 0;
	m->spread = !isa_l1_load(in->op) || isa_ops[in->op].space != SPACE_GLOBAL ? 0
		    : chase ? (1u << SP_L2 | 1u << SP_DRAM) : groups ? 1u << SP_DRAM : 0;
	m->cport = isa_ops[in->op].unit == UNIT_CONST && a->const_cycles_per_addr > 0;
	if (m->cport) {
		/* the constant cache's port serves one distinct address per
		 * const_cycles_per_addr, for the whole SM (mem_const_addrs) */
		m->lv_cycles = mem_const_addrs(in, lanes) * a->const_cycles_per_addr;
		m->miss_cycles = 0.0;
		m->cindex = (uint8_t)(in->nsrc > 0 && !isa_is_zero_reg(in->src[0]));
		return;
	}
	/* an L1 hit's wavefronts, worked out once: its time and the warp's replays */
	double l1c = lanes_l1_banked(a, in) ? lanes_waves(a, in, lanes, &m->l1_path) *
						    (double)(a->l1_banks * a->l1_bank_bytes) / a->l1_bytes_per_cycle
					  : -1.0;
	m->lv_cycles = mem_level_cycles(s, in, lanes, m->bytes, lv, l1c);
	m->l2rule = (uint8_t)(a->n_line_curve >= 2 && isa_l1_load(in->op));
	m->l2_add = m->l2rule ? lanes_l2_add(a, in, lanes) : 0.0;
	m->l2_cycles = mem_level_cycles(s, in, lanes, m->bytes, LV_L2, l1c);
	m->partial = (uint8_t)mem_partial_fill(s, m, in, lanes, l1c);
	double miss_rate = groups ? a->stream_group_bytes_per_cycle : a->warp_miss_bytes_per_cycle;
	m->miss_cycles = miss_rate > 0 && !(chase && isa_l1_load(in->op)) ? m->bytes / miss_rate : 0.0;
	m->chain = (uint8_t)(!groups || in->near); /* behind the warp's earlier lines, or its group's */
	if (chase && isa_l1_load(in->op) && groups && a->dram_shared_queue && m->bytes > a->sector_bytes) {
		/* with the shared queue the SM has no DRAM server of its own to
		 * hold a random walk's multi-line load: its bytes after the first
		 * sector follow it at the group rate, behind nothing else (one
		 * warp's 256-B chase steps take 21 cycles more than its 128-B
		 * ones, 2 adjacent lines 15 more than one: tests/data/h200/import
		 * chase.dram, mech/latd mech_latseq) */
		m->miss_cycles = (m->bytes - a->sector_bytes) / a->stream_group_bytes_per_cycle;
		m->chain = 0;
	}
}

/* Level, sectors and server times of memory instruction in, issued with `lanes` lanes. */
static inline const struct memc *mem_info(struct sim *s, const struct insn *in, int lanes)
{
	unsigned pc = (unsigned)(in - s->code);
	struct memc *m = &s->mc[pc & (OC_SLOTS - 1)];
	if (m->tag != pc + 1 || m->lanes != lanes)
		mem_info_fill(s, m, in, lanes);
	return m;
}

/* ---- the loaded DRAM delay ------------------------------------------ */

/* The loaded-DRAM delay at utilisation u (at most 0.95), not rounded:
 * q * u / (1 - u) (q dram_queue_cycles), or with a dram_queue_curve that
 * curve, linear between its points. */
static double mem_qcurve(const struct arch *a, double u)
{
	int n = a->n_queue_curve;
	if (n < 2)
		return a->dram_queue_cycles * u / (1.0 - u);
	double x = u / 0.95 * (n - 1);
	int i = x < 0 ? 0 : (int)x;
	if (i >= n - 1)
		return a->queue_curve[n - 1];
	return a->queue_curve[i] + (x - i) * (a->queue_curve[i + 1] - a->queue_curve[i]);
}

/* The same at u at most 0.95 (beyond it the bandwidth server itself queues,
 * or with the shared queue Little's law takes over), rounded. */
static uint32_t mem_delay_of_u(const struct arch *a, double u)
{
	if (u > 0.95)
		u = 0.95;
	return (uint32_t)(mem_qcurve(a, u) + 0.5);
}

/* exp(-dt / dram_window_cycles): what is left of the average's past after dt cycles */
static double mem_decay_of(const struct arch *a, uint64_t dt)
{
	return exp(-(double)dt / a->dram_window_cycles);
}

/* The average `avg` of a count that stood at `cur` for the last dt cycles. */
static inline double mem_avg_step(const struct sim *s, double avg, int cur, uint64_t dt)
{
	return cur + (avg - cur) * (dt < DECAY_N ? s->decay[dt] : mem_decay_of(s->a, dt));
}

/* Bytes in the memory system at utilisation u (Little's law): requests
 * spend the loaded latency there, and u * dram_bytes_per_cycle arrive per
 * cycle. */
static double mem_bytes_at_u(const struct arch *a, double u)
{
	return u * a->dram_bytes_per_cycle * (a->dram_latency + mem_qcurve(a, u));
}

/* The delay with `sec` sectors in the memory system: the utilisation at
 * which the measured loaded latency holds that many bytes, by bisection. */
static uint32_t mem_queue_delay_at(const struct arch *a, int sec)
{
	double b = (double)sec * a->sector_bytes, lo = 0.0, hi = 0.95;
	if (mem_bytes_at_u(a, hi) <= b)
		return mem_delay_of_u(a, hi);
	for (int i = 0; i < 60; i++) {
		double m = 0.5 * (lo + hi);
		if (mem_bytes_at_u(a, m) < b)
			lo = m;
		else
			hi = m;
	}
	return mem_delay_of_u(a, hi);
}

/*
 * The shared DRAM queue's factors of the loaded delay. An access's wait in
 * the memory system is its own draw, gamma distributed about the mean the
 * loaded-latency curve gives, with a fixed scale: shape k = mean /
 * dram_queue_scale_cycles, so its variance is the scale times the mean
 * (tests/data/h200/mech/loaddist: one warp's chase beside 4-31 streaming
 * warps, the wait beyond the unloaded spread has variance 271-430 cycles
 * times its mean of 28-1135; most requests pass with little wait, a few
 * wait long). qf[r] holds the QDECK_N equally likely factors, at (j + 0.5)
 * / QDECK_N, of a gamma of shape QK0 * 2^r over its mean (Wilson and
 * Hilferty's cube-root normal, below zero clipped, each row scaled to a
 * mean of exactly 1); a draw interpolates between the two rows about its
 * shape, at a position dealt from a shuffled deck (mem_deal: any QDECK_N
 * draws of one shape average its mean).
 */
static void mem_queue_rows(double qf[QROWS][QDECK_N])
{
	double z[QDECK_N];
	for (int j = 0; j < QDECK_N; j++) {
		/* the standard normal quantile at (j + 0.5) / QDECK_N, by bisection on erfc */
		double p = (j + 0.5) / QDECK_N, lo = -10.0, hi = 10.0;
		for (int i = 0; i < 80; i++) {
			double m = 0.5 * (lo + hi);
			if (0.5 * erfc(-m / sqrt(2.0)) < p)
				lo = m;
			else
				hi = m;
		}
		z[j] = 0.5 * (lo + hi);
	}
	for (int r = 0; r < QROWS; r++) {
		double k = QK0 * (double)(1u << r), sum = 0.0;
		for (int j = 0; j < QDECK_N; j++) {
			double c = 1.0 - 1.0 / (9.0 * k) + z[j] / (3.0 * sqrt(k));
			qf[r][j] = c > 0 ? c * c * c : 0.0; /* over the mean k */
			sum += qf[r][j];
		}
		for (int j = 0; j < QDECK_N; j++)
			qf[r][j] = sum > 0 ? qf[r][j] * QDECK_N / sum : (j == QDECK_N - 1 ? QDECK_N : 0.0);
	}
}

/*
 * The draws a stream load shares with the same load of its block's other
 * warps: a block's warps reading one instruction's lines at about the same
 * time read lines side by side (base + threadIdx), in the same DRAM pages,
 * and meet the memory system alike. A block of 32 warps loading one 4-KB
 * run of lines each round between two barriers takes 826 cycles a round
 * on the H200 (tests/data/h200/mech/burst, K = 1), about one line's mean
 * latency with the barriers, where 32 independent draws would add about
 * 300 (their slowest). The block's entry for `in` (pc mod BDRAW) holds the
 * draws of its last issue for dram_latency cycles, for the warps that have
 * not taken them: a warp issuing the load again starts a new draw (round
 * 33: one warp's loads issued 8-550 cycles apart draw independently,
 * tests/data/h200/mech/latd lat_pair, and stream loads far apart cost the
 * slowest of independent draws, mech_strmulti; until then a lone warp
 * whose next issue came within dram_latency of a fast draw took that draw
 * again, and the sweep's mix, one stream load and 8 FFMAs a trip, ran 41
 * cycles a trip fast at one warp). *fresh says whether this issue starts
 * a new one (and the entry is now its).
 */
static inline struct block *mem_block_draw(struct sim *s, const struct warp *w, const struct insn *in, int *fresh)
{
	struct block *b = &s->b[w->block];
	unsigned pc = (unsigned)(in - s->code), k = pc % BDRAW;
	uint32_t bit = 1u << (w->wib & 31);
	*fresh = !(b->bd_pc[k] == pc + 1 && s->now < b->bd_until[k] && !(b->bd_warps[k] & bit));
	if (*fresh) {
		b->bd_pc[k] = pc + 1;
		b->bd_until[k] = s->now + (uint64_t)s->a->dram_latency;
		b->bd_warps[k] = bit;
	} else {
		b->bd_warps[k] |= bit;
	}
	return b;
}

/*
 * The scale of load `in`'s wait in the shared DRAM queue (mem_queue_draw).
 * A load of scattered lines (a chase's node, a gather's elements) waits as
 * a chase beside streams does (dram_queue_scale_cycles: 416 on the H200,
 * tests/data/h200/mech/loaddist); a load of lines side by side (coalesced,
 * stream, strided, uniform) waits about the same mean with a narrower
 * spread (dram_stream_queue_scale_cycles): the sweep's mix, each warp's
 * wait for its stream load stamped (tests/data/h200/mech/mixst, mech_mixst,
 * 2026-12-05), is its unloaded spread (8 warps) plus a gamma of scale
 * 175-250 about the mean excess at 48-64 warps (fit_scale.py there: ten
 * fits, best 75-250, median 200), where 416 leaves more loads unwaited and more in
 * the tail (p10/p90 at 56 warps 571/1186 against 600/1136 measured).
 */
static inline double mem_queue_scale(const struct arch *a, const struct insn *in)
{
	return in->pattern == PAT_CHASE || in->pattern == PAT_GATHER ? a->dram_queue_scale_cycles
								    : a->dram_stream_queue_scale_cycles;
}

/* The deck position of load `in`'s draw in the shared DRAM queue for warp
 * w, or -1 when every access waits the mean: its own (mem_deal), kept as
 * group G's with group=G, and with near=G the warp's last group=G
 * position: lines next to each other issued together wait together, as
 * they share their latency draw (mem_draw). */
static inline int mem_queue_pos(struct sim *s, struct warp *w, const struct insn *in, struct block *b, int fresh, double theta)
{
	if (!(theta > 0))
		return -1;
	if (in->near)
		return w->near_qj[in->near - 1];
	unsigned k = (unsigned)(in - s->code) % BDRAW;
	if (!fresh)
		return b->bd_qpos[k];
	int j = mem_deal(s, SP_QUEUE, &s->qrng);
	if (b)
		b->bd_qpos[k] = (uint8_t)j;
	if (in->group)
		w->near_qj[in->group - 1] = (uint8_t)j;
	return j;
}

/* The loaded delay of mean d at deck position j (mem_queue_rows,
 * mem_queue_pos), gamma of scale theta (mem_queue_scale). */
static inline double mem_queue_draw(const struct sim *s, double d, int j, double theta)
{
	if (j < 0 || !(d > 0))
		return d; /* every access waits the mean */
	double k = d / theta;
	if (k <= QK0)
		return d * s->qf[0][j];
	int r = 0;
	while (r < QROWS - 1 && k >= QK0 * (double)(2u << r))
		r++;
	if (r == QROWS - 1)
		return d * s->qf[r][j];
	double k0 = QK0 * (double)(1u << r), f = (k - k0) / k0; /* the next row's shape is 2 k0 */
	return d * (s->qf[r][j] + f * (s->qf[r + 1][j] - s->qf[r][j]));
}

/* Tables mem_queue_delay_at below the sectors at which it reaches its largest
 * value, qmax, or below QTAB_MAX sectors (from there it is computed). */
static void mem_queue_table(struct sim *s)
{
	const struct arch *a = s->a;
	s->qn = 0;
	s->qmax = 0;
	if (!arch_dram_loaded(a) || !(a->dram_bytes_per_cycle > 0))
		return;
	s->qmax = mem_delay_of_u(a, 0.95);
	double n = ceil(mem_bytes_at_u(a, 0.95) / a->sector_bytes);
	s->qsat = n < INT_MAX ? (int)n : INT_MAX;
	int qn = s->qsat < QTAB_MAX ? s->qsat : QTAB_MAX;
	s->qtab = malloc((size_t)qn * sizeof *s->qtab);
	if (!s->qtab)
		return; /* computed each time instead */
	for (int i = 0; i < qn; i++)
		s->qtab[i] = mem_queue_delay_at(a, i);
	s->qn = qn;
}

/*
 * Loaded DRAM latency. The FIFO server above only queues once the SM's
 * share of bandwidth is exhausted; a real memory system (banks, channels,
 * the crossbar, shared with every other SM) delays requests already at
 * moderate utilisation. The delay follows a single-server queue,
 * q * u / (1 - u), at the utilisation u that goes with the bytes the SM
 * keeps in the memory system (Little's law on the loaded-latency curve,
 * mem_queue_delay_at), so each request queued adds to the next one's delay. q
 * is calibrated from the loaded-latency microbenchmark
 * (tests/data/h200/loaded.csv).
 *
 * An access counts from its issue until its data leaves DRAM (start +
 * dram_latency - 1 + its delay, before the warp's miss path), for at most
 * dq_span cycles. The count is averaged over time (time constant
 * dram_window_cycles): the memory system is shared by every SM running the
 * same kernel, and what it holds varies far less than one SM's share does
 * from one load to the next (each SM's loads land and are reissued at
 * their own moments); the average of one SM over time stands for the
 * average over the SMs at one time.
 */
/* The DRAM accesses in the memory system are a wheel of the sectors ending
 * at each cycle (dq_w, dq_bits: with the shared queue's drawn waits they
 * end in no particular order; a sorted ring cost an insertion of O(n), 40%
 * of a DRAM chase's time at 64 warps, and a min-heap a removal of O(log n),
 * 8%). Accesses with equal ends leave together: the average does not move
 * between them. */
static inline void mem_dq_add(struct sim *s, uint64_t end, int sectors)
{
	unsigned i = (unsigned)end & s->dq_mask;
	s->dq_w[i] += (uint32_t)sectors;
	s->dq_bits[i >> 6] |= 1ull << (i & 63);
}

static __attribute__((noinline)) uint32_t mem_dram_queue_delay(struct sim *s, int sectors, double start, int qj, double theta)
{
	const struct arch *a = s->a;
	unsigned mask = s->dq_mask;
	uint64_t at = s->dq_avg_t, now = s->now;
	int cur = s->dq_sec;
	double avg = s->dq_avg;
	/* the average, brought to each end up to now in turn and then to now:
	 * the count is constant between them. Every access still in the
	 * wheel ends from the last call's now (at: one may end then) to
	 * dq_span after it. */
	uint64_t lim = now < at + (uint64_t)s->dq_span ? now : at + (uint64_t)s->dq_span;
	for (uint64_t t = at; cur && t <= lim;) {
		unsigned i = (unsigned)t & mask, b = i & 63;
		uint64_t word = s->dq_bits[i >> 6] >> b;
		if (lim - t < 63 - b)
			word &= (2ull << (lim - t)) - 1; /* the bits of t..lim */
		if (!word) {
			t += 64 - b;
			continue;
		}
		t += (uint64_t)__builtin_ctzll(word);
		i = (unsigned)t & mask;
		if (t != at)
			avg = mem_avg_step(s, avg, cur, t - at);
		at = t;
		cur -= (int)s->dq_w[i];
		s->dq_w[i] = 0;
		s->dq_bits[i >> 6] &= ~(1ull << (i & 63));
		t++;
	}
	if (now != at)
		avg = mem_avg_step(s, avg, cur, now - at);
	/* this access joins the average now */
	double held = avg + sectors;
	int k = held < (double)s->qsat ? (int)held : s->qsat;
	uint32_t d = k < s->qn ? s->qtab[k] : k >= s->qsat ? s->qmax : mem_queue_delay_at(a, k);
	if (s->sp_n[SP_QUEUE]) {
		/* the shared queue: past saturation the bytes held stay in the
		 * memory system for as long as the bandwidth takes to move them
		 * (Little's law), and each access draws its own delay about that
		 * mean (mem_queue_draw) */
		if (k >= s->qsat) {
			double little = held * a->sector_bytes / a->dram_bytes_per_cycle - a->dram_latency;
			if (little > (double)d)
				d = little < 1e8 ? (uint32_t)(little + 0.5) : (uint32_t)1e8;
		}
		double x = mem_queue_draw(s, (double)d, qj, theta);
		d = x < 1e9 ? (uint32_t)(x + 0.5) : (uint32_t)1e9;
	}
	uint64_t end = (uint64_t)(int64_t)start + (uint64_t)a->dram_latency - 1 + d, cap = now + (uint64_t)s->dq_span;
	if (end > cap)
		end = cap;
	SIM_ASSERT(end >= now && end - now <= (uint64_t)s->dq_span && (uint64_t)s->dq_span < mask - 64); /* the wheel's room */
	mem_dq_add(s, end, sectors);
	s->dq_sec = cur + sectors;
	s->dq_avg = avg;
	s->dq_avg_t = now;
	return d;
}

/*
 * Stores and the L2's dirty lines (l2_dirty_bytes > 0). A global store to
 * lines the L2 does not hold (a stream's fresh lines) is written into the
 * L2 and reaches DRAM only when the L2 writes the dirty line back, which it
 * does once it holds about l2_dirty_bytes of them for the GPU: on the H200
 * (tests/data/h200/mech/stw, mech_stw, 2026-12-03, ncu's dram__bytes_write
 * beside the launch's stores) a launch that loads and stores 17-138 MB of
 * fresh lines leaves 20.7-21.6 MB of its stores unwritten at its end (one
 * that stores and loads nothing 27.5-29.3 MB), and thread 0's step stamps
 * show the loads slowing from about the step at which the GPU has stored
 * 21 MB (32, 16, 8 warps of 132 SMs: steps ~40, ~78, ~156). Each SM holds
 * its share, l2_dirty_bytes / multiProcessorCount; past it every byte it
 * stores is written back: its bytes take the SM's DRAM share and join the
 * queue's average as writeback_dram_weight read bytes each (every SM's 32
 * warps loading and storing fresh lines 3:1, 2:2, 1:3 move 16.2, 15.3,
 * 14.4 B/cycle against 17.5 loading alone: r + 1.3 w = 17.5; mech_mixbw),
 * and the SM's write-back rate (bytes a cycle, averaged over
 * dram_window_cycles as the queue's sectors are) delays its DRAM reads
 * beyond that (mem_wb_delay).
 */
static __attribute__((noinline)) void mem_writeback(struct sim *s, const struct memc *m)
{
	const struct arch *a = s->a;
	s->dirty += m->bytes;
	if (s->dirty <= a->l2_dirty_bytes / a->multiProcessorCount || !s->dq_w)
		return;
	if (a->n_wb_curve >= 2) {
		uint64_t dt = s->now - s->wb_t;
		s->wb_rate = s->wb_rate * (dt < DECAY_N ? s->decay[dt] : mem_decay_of(a, dt)) + m->bytes / a->dram_window_cycles;
		s->wb_t = s->now;
	}
	if (a->writeback_dram_weight > 0) {
		/* its bytes take the SM's share of DRAM and wait in the memory
		 * system as a read's do, each writeback_dram_weight read bytes */
		double c = a->dram_backlog_cycles, now = (double)s->now;
		s->dram_free = (s->dram_free > now - c ? s->dram_free : now - c) +
			       a->writeback_dram_weight * m->bytes / a->dram_bytes_per_cycle;
		s->wb_frac += a->writeback_dram_weight * m->sectors;
		int n = (int)s->wb_frac;
		s->wb_frac -= n;
		if (n > 0)
			(void)mem_dram_queue_delay(s, n, now, -1, 0.0);
	}
}

/*
 * The wait a DRAM read meets beside the SM's write-backs, beyond their
 * bytes in the queue (mem_writeback): a draw of its own, the shared queue's
 * gamma (dram_queue_scale_cycles) about the mean writeback_delay_curve
 * gives at the SM's write-back rate (linear between its points, 1 byte a
 * cycle apart; past the last, its last slope). On the H200
 * (tests/data/h200/mech/wbload, mech_wbload, 2026-12-03) a chase beside
 * paced fresh-line stores of 1.1-13.3 B/cycle an SM takes 14-522 cycles a
 * step more, where paced loads of up to 8.8 B/cycle cost it nothing; the
 * curve is that less what the same write-backs' bytes give through the
 * queue. One load over K random lines (mech_wbdist, the slowest of K)
 * takes 122/247/524 (K = 8) and 207/427/983 (K = 32) more at 2.2, 4.4 and
 * 9.1 B/cycle, which K independent gamma draws of scale 416 (the shared
 * queue's, measured beside loads) about the K = 1 means give within 9%
 * (114/219/624, 217/384/954): each line of a load draws its own
 * (memc.lines) and the load waits for the slowest. A block's neighbouring
 * lines draw apart too: mech_stw's load-store steps at 32 warps lose
 * ~320 cycles at 3.2 B/cycle, the slowest of 32 lines' draws, where its
 * loads alone share one (mem_block_draw).
 */
static inline double mem_wb_delay(struct sim *s, int lines)
{
	const struct arch *a = s->a;
	if (!(s->wb_rate > 0))
		return 0.0;
	uint64_t dt = s->now - s->wb_t;
	double w = s->wb_rate * (dt < DECAY_N ? s->decay[dt] : mem_decay_of(a, dt));
	int n = a->n_wb_curve, i = (int)w;
	double d = i < n - 1 ? a->wb_curve[i] + (w - i) * (a->wb_curve[i + 1] - a->wb_curve[i])
			     : a->wb_curve[n - 1] + (w - (n - 1)) * (a->wb_curve[n - 1] - a->wb_curve[n - 2]);
	if (!(d > 0.5))
		return 0.0;
	if (!(a->dram_queue_scale_cycles > 0) || !s->sp_n[SP_QUEUE])
		return d;
	double x = 0.0;
	for (int i = 0; i < lines; i++) { /* each line its own draw; the load waits for the slowest */
		double y = mem_queue_draw(s, d, mem_deal(s, SP_QUEUE, &s->qrng), a->dram_queue_scale_cycles);
		if (y > x)
			x = y;
	}
	return x;
}

/* ---- the in-flight limit -------------------------------------------- */

/* Files the staged releases in cycle order. */
static inline __attribute__((always_inline)) void mem_rel_file(struct sim *s)
{
	unsigned m = s->rq_mask;
	for (int k = 0; k < s->nstage; k++) {
		uint64_t t = s->stage_t[k];
		unsigned i = (s->rq_h + s->rq_n) & m;
		SIM_ASSERT(s->rq_n < m);
		while (i != s->rq_h && s->rq_t[(i - 1) & m] > t) {
			s->rq_t[i] = s->rq_t[(i - 1) & m];
			s->rq_sec[i] = s->rq_sec[(i - 1) & m];
			i = (i - 1) & m;
		}
		s->rq_t[i] = t;
		s->rq_sec[i] = s->stage_n[k];
		s->rq_n++;
	}
	s->nstage = 0;
	s->rel_next = s->rq_t[s->rq_h];
}

/* An L2/DRAM load's sectors leave the in-flight count at cycle t. */
static inline void mem_rel_add(struct sim *s, uint64_t t, int sectors)
{
	s->stage_t[s->nstage] = t;
	s->stage_n[s->nstage] = sectors;
	if (++s->nstage == REL_STAGE)
		mem_rel_file(s);
}

/* Holds w, whose load does not fit under the in-flight limit, until sectors
 * are released (mem_lg_wake, mem_lg_look). */
static void mem_lg_hold(struct sim *s, struct sched *sc, struct warp *w)
{
	int sectors = w->sectors;
	sc->lg_sec = sc->lgm && sc->lg_sec < sectors ? sc->lg_sec : sectors;
	sc->lg_pipes |= 1u << w->pipe;
	sc->lgm |= 1ull << w->slot;
	s->n_lg_wait++;
	w->wake = NEVER;
}

/*
 * Whether sched_evaluate, looking at x (an L2/DRAM load not picked now,
 * its pipe busy until pf > now + 1) at pf, will hold it at the in-flight
 * limit: the count only grows until a release is drained, and none can be
 * by pf (the first pending release is later, and a load issued from now on
 * is released no sooner than now + the L2 or DRAM latency - 1). Nor can a
 * release have made this scheduler's held warps look again (lg_due) before
 * then.
 */
static int mem_held_at_limit(struct sim *s, const struct sched *sc, const struct warp *x, uint64_t pf)
{
	int lat = s->a->l2_latency < s->a->dram_latency ? s->a->l2_latency : s->a->dram_latency;
	if (s->inflight + x->sectors <= s->a->max_inflight_sectors || s->inflight == 0 || sc->lg_due)
		return 0;
	if (pf - s->now + 1 >= (uint64_t)lat)
		return 0;
	if (s->nstage)
		mem_rel_file(s);
	return s->rel_next > pf;
}

/* In-flight sectors were released: the warps waiting for them look again
 * now, in their schedulers' scans (mem_lg_look). */
static COLD void mem_lg_wake(struct sim *s)
{
	for (int k = 0; k < s->nsched; k++) {
		struct sched *sc = &s->sc[k];
		if (sc->lgm) {
			/* due now: through the far wake-ups' check (far_min may be
			 * earlier than every far wake-up, never later) */
			sc->lg_due = 1;
			if (s->now < sc->far_min)
				sc->far_min = s->now;
			if (s->now < sc->min_wake)
				sc->min_wake = s->now;
		}
	}
}

/*
 * The waiting warps of a scheduler that mem_lg_wake made due: they look
 * again in this scan, among its due warps (returned). Unless none would
 * find anything new: with its pipe free and its load still over the
 * in-flight limit, sched_evaluate would give each lg_throttle again, the
 * state it is in, and file it nowhere; then they stay as they are (none is
 * returned), which is the same and saves a herd of evaluations per release
 * in a run held at the limit. The count sched_evaluate compares is the one
 * here: releases were drained before the scans (the main loop drains each
 * cycle while a warp waits), and loads issue after the scan's due warps
 * are looked at.
 */
static COLD uint64_t mem_lg_look(struct sim *s, struct sched *sc)
{
	uint64_t m = sc->lgm;
	int look = s->inflight + sc->lg_sec <= s->a->max_inflight_sectors || s->inflight == 0;
	sc->lg_due = 0;
	for (unsigned p = sc->lg_pipes; p; p &= p - 1)
		look |= sc->pipe_free[__builtin_ctz(p)] > s->now;
	if (!look)
		return 0;
	for (uint64_t v = m; v; v &= v - 1)
		s->w[__builtin_ctzll(v)].wake = s->now;
	s->n_lg_wait -= popcount64(m);
	sc->lgm = 0;
	sc->lg_pipes = 0;
	return m;
}

/* The releases due by now (rel_next <= now) leave the in-flight count;
 * the warps held by the limit, if any, look again (sm_drain_events). */
static inline void mem_release_due(struct sim *s)
{
	unsigned h = s->rq_h, n = s->rq_n;
	while (n > 0 && s->rq_t[h] <= s->now) {
		s->inflight -= s->rq_sec[h];
		h = (h + 1) & s->rq_mask;
		n--;
	}
	s->rq_h = h;
	s->rq_n = n;
	s->rel_next = n > 0 ? s->rq_t[h] : NEVER;
	if (s->n_lg_wait > 0)
		mem_lg_wake(s);
}

/* ---- issue ---------------------------------------------------------- */

/*
 * One warp's memory instructions are at least lsu_warp_cycles apart, while
 * the scheduler's LSU pipe takes another warp's sooner. ptxas encodes it:
 * a load followed by another load of the same warp carries a stall count
 * of 4 in its control bits (every chase loop in tests/data/h200/sass.txt,
 * tests/data/h200/lsu/sass.txt); and on the H200 one warp issues an LDS
 * every 4 cycles while two warps on one scheduler together issue more
 * than one every 4 (tests/data/h200/lsu: lds16 at 1 and 5 warps). A live
 * global or local store holds it store_warp_cycles instead (mem_store_path).
 */
static void mem_lsu_path(const struct sim *s, struct warp *w)
{
	if (s->a->lsu_warp_cycles > 0)
		w->lsu_free = s->now + (uint64_t)s->a->lsu_warp_cycles;
}

/*
 * A DRAM access issued now under the shared queue (dram_shared_queue): when
 * its data leaves DRAM (returned; the latency draw in *draw). No server of
 * the SM's own: the SM runs up to dram_backlog_cycles ahead of its share of
 * the bandwidth (dram_free: where its share stands), the access waits the
 * loaded delay drawn about the curve's mean (mem_dram_queue_delay, at the
 * deck position mem_queue_pos gives), and the data comes over the SM's path
 * from L2 (the L2 hits' server): a block's burst of 4-64 KB, with the SM
 * well below its share on average, returns at about 42 B a cycle on the
 * H200, not at the share's 17.7 (tests/data/h200/mech/burst). A stream
 * load's draws are its block's (mem_block_draw). Out of line: the default
 * path stays small.
 */
static __attribute__((noinline)) double mem_dram_shared(struct sim *s, struct warp *w, const struct insn *in,
						       const struct memc *m, double lv_cycles, double *draw)
{
	const struct arch *a = s->a;
	int fresh = 1;
	double theta = mem_queue_scale(a, in);
	struct block *b = in->pattern != PAT_CHASE && ((m->spread >> SP_DRAM & 1) || theta > 0)
				  ? mem_block_draw(s, w, in, &fresh) : NULL;
	int qj = mem_queue_pos(s, w, in, b, fresh, theta);
	double c = a->dram_backlog_cycles, now = (double)s->now;
	s->dram_free = (s->dram_free > now - c ? s->dram_free : now - c) + lv_cycles;
	double t = s->dram_free - c > now ? s->dram_free - c : now;
	s->l2_free = (s->l2_free > t ? s->l2_free : t) + m->l2_cycles;
	double dd = ceil_d(s->l2_free);
	dd += (double)((uint64_t)a->dram_latency - 1 + mem_dram_queue_delay(s, m->sectors, dd, qj, theta));
	if (m->spread >> SP_DRAM & 1)
		*draw = mem_draw(s, w, in, SP_DRAM, b, fresh);
	if (__builtin_expect(s->wb_rate > 0, 0) && isa_l1_load(in->op))
		dd += ceil_d(mem_wb_delay(s, m->lines));
	return dd;
}

/*
 * A global store of `bytes` in `sectors` issued now by warp w.
 *
 * The SM's store unit (store_insn_cycles > 0) takes one store every
 * store_insn_cycles, and store_sector_cycles more for each sector past the
 * first, first come first served, and reads its registers then: its read
 * scoreboard clears and its warp may exit only after. On the H200
 * (tests/data/h200/mech/tail, mech_tail, 2026-12-02) a block's stores after
 * its end barrier hold its slot: the next block on the SM starts 386 cycles
 * after thread 0's end stamp when the block's 32 warps store nothing, 514,
 * 597, 715 and 1020 when each warp's lane 0 stores 1, 2, 4 and 8 words (one
 * sector each), 2.26 cycles a store from 1 to 8; 860 when all 32 lanes store
 * 4 words (4 sectors a store): 0.38 a sector more. At 8 warps the same
 * stores cost what the unit predicts (97 cycles from 1 to 8), at 1 warp
 * nothing (a warp's stores are 4 cycles apart).
 *
 * The store path (store_bytes_per_cycle > 0): the SM sends stores on at
 * store_bytes_per_cycle (st_free: where that stands) and holds up to
 * store_buffer_bytes of them; past that a store with a read scoreboard
 * (compiled code's control bits) issues and has its registers read once
 * the buffer takes it (its warp waits only where it reuses them), and a
 * store without one makes every scheduler's LSU pipe wait (shared-memory
 * loads, shuffles and loads too) until the stores fit again. On the H200 (tests/data/h200/mech/cta, mech_cta, every SM doing
 * the same) a block that stores 16 KB (256 threads) and 64 KB (1024
 * threads) before its end barrier lives 289 and 2538 cycles longer than one
 * storing nothing, one storing 2 or 4 KB 39 and 9: about 10 KB held, the
 * rest at 21 B a cycle. Shared-memory instructions and shuffles come behind
 * the stores queued before them (mem_issue): 8 warps' chains of shuffles
 * take 5693 cycles a trip while 24 other warps store, 268 alone, 285 beside
 * loads (tests/data/h200/mech/mio, mech_mio).
 */
static __attribute__((noinline)) void mem_store_path(struct sim *s, struct warp *w, const struct memc *m)
{
	double bytes = m->bytes;
	int sectors = m->sectors;
	const struct arch *a = s->a;
	double now = (double)s->now;
	uint64_t read = 0;
	const struct uop *u = &s->uop[w->pc];
	int xregs = (int)s->code[w->pc].width / 4 - 1; /* data registers a lane stores past its first */
	if (xregs < 0)
		xregs = 0;
	if (a->store_insn_cycles > 0) {
		double q = a->store_insn_cycles + a->store_sector_cycles * (sectors > 1 ? sectors - 1 : 0) +
			   a->store_reg_cycles * xregs;
		read = ceil_u64(mem_serve_q(&s->stu_free, s->now, q));
	}
	if (a->store_warp_cycles > 0) {
		/* the warp's own path reads a live store's registers in store_warp_cycles
		 * and store_warp_reg_cycles for each data register past the first; its
		 * next memory instruction issues store_warp_cycles after the store and
		 * no sooner than store_warp_cycles before the path is through: one warp's
		 * 4-byte stores 5.9 cycles apart, 16-byte ones 12 (the second 5 after the
		 * first), off ones 4.0 (mech/stb, stb4; mem_lsu_path) */
		uint64_t c = (uint64_t)a->store_warp_cycles;
		w->st_path = (w->st_path > s->now ? w->st_path : s->now) + c + (uint64_t)(a->store_warp_reg_cycles * xregs);
		uint64_t next = w->st_path - c > s->now + c ? w->st_path - c : s->now + c;
		if (next > w->lsu_free)
			w->lsu_free = next;
	}
	uint64_t full_at = 0; /* when the buffer has room for this store (0: at once) */
	if (a->store_bytes_per_cycle > 0) {
		/* with store_line_cycles each line the store writes holds the path too;
		 * the buffer holds store_buffer_bytes of sectors, drained at this
		 * store's bytes a cycle */
		double held = bytes / a->store_bytes_per_cycle + a->store_line_cycles * m->lines;
		s->st_free = (s->st_free > now ? s->st_free : now) + held;
		double full = s->st_free - (bytes > 0 ? a->store_buffer_bytes * held / bytes : 0.0);
		if (full > now)
			full_at = ceil_u64(full);
	}
	if (full_at && u->rsb) {
		/* a store whose control bits say when its registers are read (a read
		 * scoreboard) issues and waits in the queue: its registers are read,
		 * its scoreboard clears and its warp may exit once the buffer takes it;
		 * the warp goes on meanwhile and no LSU pipe waits (round 37: the
		 * H100's stamps of mech_ststamp from 16 warps, each store issued 21-38
		 * cycles after its value, its register read 88-369 after: the wait is
		 * the read's; tests/data/h100/mech/ststamp/compare.py) */
		read = full_at > read ? full_at : read;
		full_at = 0;
	}
	if (read) {
		if (u->rsb)
			warp_post_sb(w, u->rsb_reg, read, RK_SHORT);
		if (read > w->drain) {
			w->drain = read; /* EXIT waits for it (U_DRAIN) */
			w->drain_kind = RK_LONG;
		}
	}
	if (full_at) {
		/* a store without one: every scheduler's LSU pipe waits until the
		 * buffer has room. The path takes the schedulers in turn: the next
		 * slot is the next scheduler's (tests/data/h100/mech/fair: the four
		 * schedulers' storing warps store alike, within 0.3%) */
		s->scan0 = (w->sched + 1) % s->nsched;
		for (int k = 0; k < s->nsched; k++) {
			struct sched *sc = &s->sc[k];
			if (sc->pipe_free[PIPE_LSU] < full_at)
				sc->pipe_free[PIPE_LSU] = full_at;
			if (sc->lanes_free[PIPE_LSU] < full_at)
				sc->lanes_free[PIPE_LSU] = full_at;
		}
	}
}

/* A shared-memory instruction, shuffle or S2UR issued now with the data
 * path done at `done` (U_MIOX): shared memory and shuffles come behind the
 * stores queued before them (mem_store_path; S2R does not: in the block
 * ends of tests/data/h200/mech/cta an S2R after 16-64 KB of stores waits
 * only a little), and an S2UR passes the SM's one S2UR unit. Out of line:
 * the common path stays small. */
static __attribute__((noinline)) uint64_t mem_miox_done(struct sim *s, const struct insn *in, uint64_t done)
{
	const struct arch *a = s->a;
	if (s->st_free > (double)s->now && (isa_ops[in->op].space == SPACE_SHARED || in->op == OP_SHFL)) {
		uint64_t t = ceil_u64(s->st_free) + (uint64_t)a->smem_latency - 1;
		done = t > done ? t : done;
	}
	if (in->op == OP_S2UR && a->s2ur_cycles > 0) {
		/* one S2UR unit for the SM (s2ur_cycles): on the H200 a loop
		 * of 8 S2URs of SR_CLOCKLO a trip takes 514 and 1032 cycles a
		 * trip with 32 and 64 warps, one S2UR every 2.0 SM cycles
		 * (tests/data/h200/mech/fetch, mech_s2ur clk_u; the stamps of
		 * mech_order's 30 hoisted S2URs, 4-16 warps, say the same).
		 * Served in issue order, the result delayed; the issue is not
		 * held (order.csv: the H200 holds it once 16-18 are queued).
		 * Its result comes s2ur_latency after: a lone warp's chain of
		 * S2UR, NOP, UIMAD takes 43.7 cycles a link (clk_u at 1-8
		 * warps), 34 from the S2UR to the UIMAD */
		done = ceil_u64(mem_serve_q(&s->s2ur_free, s->now, a->s2ur_cycles)) + (uint64_t)a->s2ur_latency - 1;
	}
	return done;
}

/* An L1 hit or LDS served by the data array until `served`: with bank
 * conflicts its replays take the warp's own path too, one load after
 * another (memc l1_path); returns when both are done. */
static inline double mem_replays(struct sim *s, struct warp *w, const struct memc *m, double served)
{
	if (m->l1_path <= 0.0)
		return served;
	double t = w->l1_path_free > (double)s->now ? w->l1_path_free : (double)s->now;
	w->l1_path_free = t + m->l1_path;
	double end = ceil_d(w->l1_path_free);
	/* the warp's next memory instruction waits for the replays: one warp's
	 * ATOMS on 32 words of one bank take 64.5 cycles each, its STS so too
	 * (mech_sstore red_w32, st_w32 at one warp: no result waits there) */
	if ((uint64_t)end > w->lsu_free)
		w->lsu_free = (uint64_t)end;
	return end > served ? end : served;
}

/*
 * A memory instruction predicated off in every lane (lanes=0): it issues
 * and touches no memory; a global or local store still takes the SM's
 * store unit store_off_cycles (round 48, mech_offst on an H100: 16 off
 * STG.E a trip at 8-32 warps take 1.0 cycle each of one SM-wide slot,
 * 131253 cycles for 256 trips at 32 warps; round 20 had read 1.3 from
 * mech_pstore's stores after the end barrier), and its warp exits after
 * that. An off load takes the same slot load_off_cycles (off LDS and LDG
 * alike at 32 warps: 131472 and 131403), and an off global load holds its
 * warp's LSU path load_off_warp_cycles (a lone warp's 16 off LDG.E a trip
 * 368 cycles, 94232 for 256 trips at 1-16 warps, where off STG or LDS take
 * 98). Its result (none is written) and its scoreboards clear a cycle later.
 */
static COLD uint64_t mem_off_done(struct sim *s, struct warp *w, const struct insn *in)
{
	const struct arch *a = s->a;
	const struct uop *u = &s->uop[w->pc];
	const struct opinfo *op = &isa_ops[in->op];
	int load = op->is_load && (op->space == SPACE_GLOBAL || op->space == SPACE_LOCAL || op->space == SPACE_SHARED);
	if (load && op->space == SPACE_GLOBAL && a->load_off_warp_cycles > 0 &&
	    s->now + (uint64_t)a->load_off_warp_cycles > w->lsu_free)
		w->lsu_free = s->now + (uint64_t)a->load_off_warp_cycles;
	double q = load ? a->load_off_cycles
		   : !op->is_load && (op->space == SPACE_GLOBAL || op->space == SPACE_LOCAL) ? a->store_off_cycles : 0.0;
	if (q > 0) {
		uint64_t read = ceil_u64(mem_serve_q(&s->stu_free, s->now, q));
		if (u->rsb)
			warp_post_sb(w, u->rsb_reg, read, RK_SHORT);
		if (read > w->drain) {
			w->drain = read;
			w->drain_kind = RK_LONG;
		}
	}
	return s->now + 1;
}

/* A memory instruction issued now: its data's ready cycle on the warp's
 * scoreboard (short for shared memory, long for global), through the
 * level's server, latency, the loaded DRAM delay and the warp's miss path;
 * an L2/DRAM load counted in flight until then. */
static void mem_issue(struct sim *s, struct warp *w, const struct insn *in)
{
	const struct arch *a = s->a;
	uint64_t done;
	int reg_kind = RK_LONG;

	mem_lsu_path(s, w);

	const struct uop *u = &s->uop[w->pc];
	int wl = lanes_of_warp(w, in);
	if (__builtin_expect((u->flags & U_OFF) || wl == 0, 0)) {
		if (in->op == OP_LDC && a->const_cycles_per_addr > 0) {
			/* an LDC off in every lane (a thread-0 load's copies in the other
			 * warps: the importer's threads=1) takes the constant port and its
			 * latency as a live one does (round 50: the off copies' port), but
			 * waits for the miss path the SMs share, which it loads, not for a
			 * cold line's fill (mem_cline; rounds 51-52, mech_cchain, mech_cfar) */
			double dd = mem_cport(s, w, in, u->cl, a->const_cycles_per_addr, 1);
			done = ceil_u64(dd + (double)(a->const_latency - 1));
			reg_kind = RK_LONG;
		} else {
			done = mem_off_done(s, w, in);
			reg_kind = RK_SHORT;
		}
	} else if (u->unit == UNIT_SMEM) {
		if (in->op == OP_S2R && a->s2r_cycles > 0) {
			/*
			 * One S2R unit for the SM (s2r_cycles), as for S2UR: on the
			 * H200 a warp's 1 and 4 S2Rs of %tid.x, %tid.y, %laneid and
			 * %warpid before the start barrier take 47 and 69 cycles to
			 * a branch on their sum, alone; with a block's 8 and 32 warps
			 * starting 2 cycles apart, the 4 S2Rs a warp finish 8 cycles
			 * a warp later each, the one S2R no later (the unit keeps up
			 * with the launch): one S2R every 2.0 SM cycles, its result
			 * s2r_latency after the unit (tests/data/h200/mech/probe,
			 * mech_probe v1, v2). Not behind the stores (mech_cta).
			 */
			done = ceil_u64(mem_serve_q(&s->s2r_free, s->now, a->s2r_cycles)) + (uint64_t)a->s2r_latency - 1;
		} else {
			/* shared memory, and the shuffles and special registers that use its data path */
			if (u->flags & U_BANKED) {
				/* the L1's data array, its bank rule: one cycle of the
				 * shared-memory path a wavefront, bank-conflict replays
				 * smem_replay_cycles each for the warp (round 19) */
				const struct memc *m = mem_info(s, in, wl);
				double dd = mem_replays(s, w, m, mem_serve_q(&s->smem_free, s->now, m->lv_cycles));
				done = (uint64_t)dd + (uint64_t)a->smem_latency - 1;
			} else {
				int active = in->lanes && in->lanes < wl ? in->lanes : wl;
				double sbytes = in->pattern == PAT_UNIFORM ? in->width : (double)active * in->width;
				if (sbytes < 1)
					sbytes = 1;
				done = mem_serve(&s->smem_free, s->now, sbytes, a->smem_bytes_per_cycle) + (uint64_t)a->smem_latency - 1;
			}
			if (__builtin_expect(u->flags & U_MIOX, 0))
				done = mem_miox_done(s, in, done);
			if ((u->flags & U_SDRAIN) && done > w->drain) {
				w->drain = done; /* the warp's EXIT waits for its shared stores */
				w->drain_kind = RK_SHORT;
			}
		}
		reg_kind = RK_SHORT;
	} else {
		const struct memc *m = mem_info(s, in, wl);
		enum mem_level lv = (enum mem_level)m->lv;
		double lv_cycles = m->lv_cycles;
		if (m->partial) {
			lv = mem_level_draw(s, m);
			lv_cycles = m->lv_cyc[lv];
		}
		/* an LDG served by L2 or DRAM, and whether it counts in flight (the
		 * limit sched_evaluate checked) */
		int miss = s->uop[w->pc].miss, qc = s->uop[w->pc].flags & U_QC;
		double dd, draw = 0.0; /* done, integral: kept a double until the end (see ceil_d) */
		switch (lv) {
		case LV_L1:
			if (m->cport) {
				dd = mem_cport(s, w, in, u->cl, m->lv_cycles, 0); /* a constant line: cold, on its way or warm */
				dd += (double)(a->const_latency - 1 + (m->cindex ? a->const_index_cycles : 0));
			} else {
				/* 16 bytes a lane: the result l1_wide_cycles later than an
				 * 8-byte lane's l1_latency, in the cycle it lands (round 40;
				 * 1.63 since round 41, mech_wide5: one thread's 8- and 16-byte
				 * loads 47.96 and 49.59 cycles a step) */
				dd = mem_replays(s, w, m, mem_serve_q(&s->l1_free, s->now, lv_cycles));
				if (in->width >= 16 && a->l1_wide_cycles > 0)
					dd = ceil_d(dd + a->l1_wide_cycles);
				dd += (double)(a->l1_latency - 1);
			}
			break;
		case LV_L2:
			if (m->l2rule) {
				/* the L2 line rule: the server's time only as a queue */
				double start = s->l2_free > (double)s->now ? s->l2_free : (double)s->now;
				s->l2_free = start + lv_cycles;
				dd = ceil_d(start + m->l2_add) + (double)(a->l2_latency - 1);
			} else {
				dd = mem_serve_q(&s->l2_free, s->now, lv_cycles) + (double)(a->l2_latency - 1);
			}
			if (m->spread >> SP_L2 & 1)
				dd += mem_draw(s, w, in, SP_L2, NULL, 1);
			break;
		default: {
			if (s->sp_n[SP_QUEUE]) {
				dd = mem_dram_shared(s, w, in, m, lv_cycles, &draw);
			} else {
				dd = mem_serve_q(&s->dram_free, s->now, lv_cycles);
				dd += (double)((uint64_t)a->dram_latency - 1 + (s->dq_w ? mem_dram_queue_delay(s, m->sectors, dd, -1, 0.0) : 0));
				if (m->spread >> SP_DRAM & 1) {
					/* a stream load's draw: its block's (mem_block_draw) */
					int fresh = 1;
					struct block *b = in->pattern != PAT_CHASE ? mem_block_draw(s, w, in, &fresh) : NULL;
					draw = mem_draw(s, w, in, SP_DRAM, b, fresh);
				}
			}
			s->st->dram_bytes += (uint64_t)m->bytes;
			break;
		}
		}
		if (miss && lv == LV_DRAM && m->miss_cycles > 0) {
			/* data from DRAM returns to the warp through its own miss path,
			 * one request after another: one warp streaming 4 loads of
			 * 512 B in flight moves 2.03 B a cycle (loaded.csv). With
			 * stream_group_bytes_per_cycle the path is a group's: a request
			 * and the neighbouring requests it goes with (near=G) return
			 * one after another, requests far apart side by side (one
			 * 512-B load takes 46.5 cycles more than one 128-B line, 4
			 * requests far apart the slowest of their 4 draws and their own
			 * lines: tests/data/h200/mech/strlat). A random walk's loads and
			 * L2 hits do not queue there (m->miss_cycles 0: mem_info_fill) */
			double t = m->chain && w->miss_free > dd ? w->miss_free : dd;
			w->miss_free = t + m->miss_cycles;
			dd = ceil_d(w->miss_free);
		}
		dd += draw; /* a draw moves all of a group's lines together */
		if (__builtin_expect(u->flags & U_MIOX, 0)) {
			mem_store_path(s, w, m); /* a global store (U_MIOX) */
			if (m->wb)
				mem_writeback(s, m);
		}
		done = (uint64_t)(int64_t)dd;
		if (qc) {
			s->inflight += m->sectors;
			mem_rel_add(s, done, m->sectors);
		}
	}
	if (u->flags & U_CTL) {
		if (u->sbmax)
			warp_post_sb(w, u->dst, done, reg_kind);
	} else if (isa_ops[in->op].is_load && in->dst != ISA_RZ) {
		warp_write_reg(w, in->dst, done, reg_kind);
		if (u->flags & U_XDST)
			warp_write_xdst(w, in, done, reg_kind);
	}
}

/* ---- create, reset, destroy ----------------------------------------- */

/* The least power of two, at least 64, that is >= need, or max if that is less. */
static unsigned mem_ring_cap(double need, unsigned max)
{
	unsigned cap = 64;
	while (cap < need && cap < max)
		cap *= 2;
	return cap;
}

/* The release ring, and with a loaded DRAM delay its heap of accesses,
 * decay factors and table (sim_create). Returns 0, or -1 out of memory
 * (mem_destroy frees what was allocated). */
static int mem_create(struct sim *s)
{
	const struct arch *a = s->a;
	{
		/* every release holds a sector or more of the in-flight count, which
		 * admits a load while under the limit: at most the limit plus one
		 * load's sectors (ISA lanes * 4), and those staged */
		unsigned cap = mem_ring_cap((double)a->max_inflight_sectors + 32 * 4 + REL_STAGE, UINT_MAX);
		s->rq_mask = cap - 1;
		s->rq_t = calloc(cap, sizeof *s->rq_t);
		s->rq_sec = calloc(cap, sizeof *s->rq_sec);
	}
	if (arch_dram_loaded(a)) {
		/* an access counts in the memory system for at most dq_span cycles
		 * (four of its longest latency, or what DQ_MAX entries hold), and a
		 * scheduler issues one a cycle: the heap never fills */
		double dmax = (double)mem_delay_of_u(a, 0.95);
		if (a->dram_shared_queue) {
			/* the longest mean delay the in-flight limit allows (Little),
			 * times the largest factor of the deck */
			double little = (a->max_inflight_sectors + 32.0 * 4) * a->sector_bytes / a->dram_bytes_per_cycle;
			dmax = (little > dmax ? little : dmax) * (a->dram_queue_scale_cycles > 0 || a->dram_stream_queue_scale_cycles > 0 ? QDECK_N : 1);
		}
		double span = 4.0 * (a->dram_latency + dmax) + 64;
		unsigned cap = mem_ring_cap((double)s->nsched * span + 1, DQ_MAX);
		s->dq_span = span < (double)((cap - 1) / (unsigned)s->nsched) ? (int)span : (int)((cap - 1) / (unsigned)s->nsched);
		unsigned w = mem_ring_cap((double)s->dq_span + 128, 1u << 22);
		s->dq_mask = w - 1;
		s->dq_w = calloc(w, sizeof *s->dq_w);
		s->dq_bits = calloc(w / 64, sizeof *s->dq_bits);
		s->decay = calloc(DECAY_N, sizeof *s->decay);
	}
	if (!s->rq_t || !s->rq_sec || (arch_dram_loaded(a) && (!s->dq_w || !s->dq_bits || !s->decay)))
		return -1;
	if (s->decay)
		for (int i = 0; i < DECAY_N; i++)
			s->decay[i] = mem_decay_of(a, (uint64_t)i);
	mem_queue_table(s);
	s->sp_n[SP_L2] = mem_spread_init(s->sp[SP_L2], a->l2_spread, a->n_l2_spread);
	s->sp_n[SP_DRAM] = mem_spread_init(s->sp[SP_DRAM], a->dram_spread, a->n_dram_spread);
	s->sp_n[SP_QUEUE] = a->dram_shared_queue && s->dq_w ? QDECK_N : 0;
	if (s->sp_n[SP_QUEUE] && (a->dram_queue_scale_cycles > 0 || a->dram_stream_queue_scale_cycles > 0))
		mem_queue_rows(s->qf);
	return 0;
}

/* Before a run: servers free, nothing in the memory system or in flight,
 * the memory-info cache empty. */
static void mem_reset(struct sim *s)
{
	s->dirty = s->wb_rate = s->wb_frac = 0.0;
	s->wb_t = 0;
	s->smem_free = s->st_free = s->s2ur_free = s->s2r_free = s->stu_free = s->l1_free = s->l2_free = s->dram_free = s->const_free = 0.0;
	for (int i = 0; i < s->cl_n; i++)
		s->cl[i] = (struct cline){.ready = -1.0, .share = 0.0, .pc = -1}; /* every constant line cold (mem_cline) */
	for (int i = 0; i < (int)(sizeof s->cl_slot / sizeof s->cl_slot[0]); i++)
		s->cl_slot[i] = 0.0;
	s->rng = 0x9E3779B97F4A7C15ULL; /* mem_rand: the same draws every run */
	s->qrng = 0xD1B54A32D192ED03ULL; /* mem_queue_pos's deck: its own, so the levels' draws stay as they were */
	for (int l = 0; l < 3; l++) {
		for (int i = 0; i < CFG_MAX_SPREAD; i++)
			s->sp_perm[l][i] = (uint8_t)i;
		s->sp_pos[l] = CFG_MAX_SPREAD; /* the first access shuffles */
	}
	if (s->dq_bits) /* the wheel emptied: the cycles marked */
		for (unsigned k = 0; k <= s->dq_mask >> 6; k++) {
			for (uint64_t u = s->dq_bits[k]; u; u &= u - 1)
				s->dq_w[k << 6 | (unsigned)__builtin_ctzll(u)] = 0;
			s->dq_bits[k] = 0;
		}
	s->dq_sec = 0;
	s->dq_avg = 0.0;
	s->dq_avg_t = 0;
	s->inflight = s->n_lg_wait = 0;
	memset(s->mc, 0, sizeof s->mc);
	s->rq_h = s->rq_n = 0;
	s->rel_next = NEVER;
	s->nstage = 0;
}

static void mem_destroy(struct sim *s)
{
	free(s->rq_t);
	free(s->rq_sec);
	free(s->dq_w);
	free(s->dq_bits);
	free(s->decay);
	free(s->qtab);
}
