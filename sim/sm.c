/*
 * sm.c: one SM, cycle by cycle where warps issue, event to event where none can.
 *
 * Per cycle (sm_step): events due now run first (in-flight memory released,
 * blocks launched), then each scheduler looks at its warps in age order.
 * A warp whose wake-up cycle lies in the future is not looked at: its state
 * (the stall reason it was last given) holds until then, and the time spent
 * in it is added when it changes (lazy accounting, so skipped cycles cost
 * nothing). A warp that is due is classified: blocked (scoreboard, branch
 * fetch, pipe, in-flight limit, barrier) with the cycle it can next try, or
 * eligible. The policy picks one eligible warp to issue; the others are
 * "not selected". If no warp anywhere is due next cycle, time jumps to the
 * earliest wake-up or event.
 *
 * Latency model. ALU results: issue + pipe latency. MUFU: issue + xu
 * latency (short scoreboard). Shared memory: a per-SM server of
 * smem_bytes_per_cycle, then smem_latency (short scoreboard). Global
 * memory: the level is chosen from the access's footprint (L1, L2, DRAM;
 * streaming accesses go to DRAM); each level is a per-SM FIFO server of
 * its bytes per cycle followed by its latency, so a loaded level adds
 * queueing delay (long scoreboard); DRAM adds the loaded delay that goes
 * with the bytes the SM has in the memory system (mem_dram_queue_delay). L2
 * and DRAM loads hold their sectors in flight until they return; issue
 * stops (lg_throttle) at the limit.
 *
 * No allocation after sim_create; no global state.
 */
#include "sm.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "evq.h"

#define NEVER UINT64_MAX
#define MAX_WARPS_PER_BLOCK 32
/* rare paths kept out of the scheduler loop, which the compiler inlines
 * into one function: less code there to lay out and keep in registers */
#define COLD __attribute__((noinline, cold))
#define REL_STAGE 32   /* releases staged before they are filed in order */
#define FQ_CAP 64      /* the far ring: a scheduler's warps (<= 64 in all), each filed once */
#define DECAY_N 1024   /* mem_dram_queue_delay's decay factors kept for gaps below this */
#define QTAB_MAX 65536 /* loaded-DRAM delays tabled, by sectors in the memory system */
#define DQ_MAX (1u << 20) /* DRAM accesses kept for the delay, at most */
#define OC_SLOTS 256   /* the operand-cycle and memory-info caches, by pc mod OC_SLOTS */
#define PQ_CAP 64      /* the pending ring: at least a scheduler's warps (<= 64 in all) */
_Static_assert(PIPE_COUNT <= 16 && ST_COUNT <= 16, "pq_p packs a pipe and a state in 4 bits each");
#define LRU_SPAN 64    /* lru may advance this far before it moves back to lru_base */

const char *const sched_policy_names[POLICY_COUNT] = {"gto", "lrr", "gty", "grr"};

const char *const warp_state_names[ST_COUNT] = {
	"long_scoreboard", "short_scoreboard", "wait",    "math_pipe_throttle", "lg_throttle",
	"mio_throttle",    "not_selected",     "barrier", "no_instruction",     "selected",
};

int sched_find_policy(const char *name)
{
	for (int i = 0; i < POLICY_COUNT; i++)
		if (strcmp(name, sched_policy_names[i]) == 0)
			return i;
	return -1;
}

int sched_parse_policy(const char *value, enum sched_policy *out, struct err *e)
{
	int pol = sched_find_policy(value);
	if (pol < 0)
		return err_set(e, SIM_EINPUT, "--policy: expected grr, gto, lrr or gty, got \"%.40s\"", value);
	*out = (enum sched_policy)pol;
	return SIM_OK;
}

enum reg_kind { RK_FIXED, RK_LONG, RK_SHORT };

enum frame_kind { FR_LOOP, FR_IF };

struct frame {
	uint8_t kind;        /* enum frame_kind */
	uint8_t else_pending;/* FR_IF: the ELSE path still has to run */
	uint8_t saved_lanes; /* FR_IF: lanes before the IF */
	uint8_t else_lanes;  /* FR_IF: lanes on the ELSE path */
	int start;           /* FR_LOOP: index of the LOOP */
	int end;             /* FR_IF: index of the ENDIF */
	uint64_t left;       /* FR_LOOP: trips left including the current one */
	uint64_t trip_start; /* FR_LOOP: cycle the current trip began (loop_cycles) */
};

struct warp {
	/* what a scan and an issue touch comes first (two cache lines), the
	 * control stack and the memory-path state after */
	uint8_t resident;    /* holds a warp slot (until its block finishes) */
	uint8_t slot;        /* its index in s->w (< 64) */
	uint8_t live;        /* resident and not exited */
	uint8_t at_bar;      /* waiting at BAR */
	uint8_t state;       /* enum warp_state, current */
	uint8_t lanes;       /* active lanes now (divergence) */
	uint8_t deps_ok;     /* the instruction at pc has its operands: only pipe and
			      * queue checks remain until it issues */
	uint8_t pipe;        /* deps_ok: the pipe of the instruction at pc */
	uint8_t thr;         /* deps_ok: the state that pipe's throttle shows as (pipe_throttle_state) */
	uint8_t queue_check; /* deps_ok: it is an L2/DRAM load (in-flight limit applies) */
	uint8_t ops_ready;   /* warp_deps_wait found nothing blocking the instruction at pc in
			      * the cycle after the last issue, which is now */
	uint8_t pending;     /* joins the ready set at ops_at (its scheduler's pend) */
	uint8_t parked;      /* in its scheduler's ready set: not scanned, states kept per pipe */
	uint8_t be_step;     /* at ENDLOOP: back-edge instructions issued so far (loop_insns) */
	uint8_t depth;       /* control stack depth */
	uint8_t drain_kind;  /* enum reg_kind of the drain write */
	uint8_t ahead_state; /* since > now: the state before since, counted to since ahead of time
			      * (a pending warp, or one held by the in-flight limit from since) */
	int pc;              /* index of the next instruction */
	int sched;           /* sub-partition */
	int sectors;         /* queue_check: the sectors that load takes (mem_sectors) */
	uint64_t wake;       /* earliest cycle it may issue; NEVER: an event wakes it */
	uint64_t since;      /* cycle the current state began */
	uint64_t ops_at;     /* pending: the cycle its operands are ready */
	uint64_t fetch_ready;/* after a taken branch: cycle the target can issue */
	uint64_t lsu_free;   /* cycle this warp may issue its next memory instruction */
	uint64_t drain;      /* latest ready cycle of any register written: EXIT waits for it */
	uint64_t last_issue; /* cycle it last issued (+1; 0 never), for GRR */
	uint64_t *ready;     /* [ISA_NREGS] cycle each register's value is ready */
	uint8_t *kind;       /* [ISA_NREGS] enum reg_kind of its producer */
	double miss_free;    /* when this warp's miss-return path is free (warp_miss_bytes_per_cycle) */
	int block;           /* block slot */
	int wib;             /* warp index within its block */
	struct frame stack[ISA_MAX_NEST];
} __attribute__((aligned(64)));

struct block {
	int live;            /* resident */
	int warps_total;
	int warps_left;      /* not exited */
	int bar_arrived;     /* warps waiting at the current BAR */
	int slot[MAX_WARPS_PER_BLOCK]; /* its warp slots */
};

struct sched {
	/* the small fields each scan reads first, the per-warp and per-cycle
	 * arrays after them */
	int n;               /* live warps in list */
	int *list;           /* warp slots in age order */
	int last;            /* warp slot issued last, -1 none */
	int resident;        /* live warps (for active cycles) */
	uint64_t min_wake;   /* no warp of this scheduler is due before this cycle */
	uint64_t wheel_occ;  /* non-empty slots of wheel[] */
	uint64_t far_min;    /* the earliest far wake-up (NEVER: none) */
	unsigned far_h, far_n; /* the far ring (far_t, far_s) */
	int reuse_warp;      /* warp whose sources sit in the operand reuse cache, -1 none */
	int reuse_pc;        /* that warp's instruction: its sources sit in the cache by
			      * operand slot; its destination is forwarded, not read */
	uint64_t active_since;
	unsigned pq_h, pq_n; /* the pending ring (pq_t) */
	uint64_t pend_min;   /* the earliest ops_at (NEVER: none) */
	unsigned okpipes;    /* pipes whose okp is not empty, by bit */
	uint64_t livem;      /* live warps of this scheduler, by slot bit */
	uint64_t lgm;        /* warps waiting for in-flight sectors to leave (lg_throttle) */
	int lg_due;          /* sectors have left since they last looked (mem_lg_wake) */
	int lg_sec;          /* the fewest sectors one of them needs (lgm not empty) */
	unsigned lg_pipes;   /* their pipes, by bit */
	int *lru;            /* live warps, least recently issued first (never issued: oldest first) */
	int nlru;
	int *lru_base;       /* lru lies in lru_base[0, 2 * LRU_SPAN): issuing the first
			      * moves it past the last by advancing lru, no copy */
	uint64_t pipe_free[PIPE_COUNT]; /* cycle each pipe accepts the next instruction */
	uint64_t lanes_free[PIPE_COUNT]; /* the part of pipe_free due to its lanes (the rest is operand collection) */
	/* the ready set: warps whose next instruction has its operands, by slot
	 * bit, by the pipe of that instruction. They are not looked at
	 * each cycle: a ready warp is eligible exactly when its pipe is free,
	 * and the time it spends not selected, pipe-throttled or waiting on
	 * another warp's operand collection follows from the pipe's busy
	 * periods, kept here */
	uint64_t okp[PIPE_COUNT];
	/* the current busy period of each pipe: lanes busy [per_l, per_c),
	 * operand collection [per_c, per_e) (all 0: none yet) */
	uint64_t per_l[PIPE_COUNT], per_c[PIPE_COUNT], per_e[PIPE_COUNT];
	/* busy cycles of each pipe to the end of its current period: lanes
	 * (tot_l) and operand collection (tot_c) */
	uint64_t tot_l[PIPE_COUNT], tot_c[PIPE_COUNT];
	/*
	 * The ready set's warp-cycles, summed without a record per warp: a warp
	 * in it from cycle j to T spends L(T) - L(j) pipe-throttled (by its
	 * throttle state), C(T) - C(j) waiting and the rest not selected, with
	 * L and C its pipe's busy cycles before a cycle (pipe_busy). Joining
	 * subtracts L(j), C(j) and j, leaving adds L(T), C(T) and T (modulo
	 * 2^64: exact once every warp has left); stats_finish moves the sums to
	 * the states.
	 */
	uint64_t rs_l[ST_COUNT], rs_c, rs_t;
	/* this scheduler's share of the run's counts (stats_finish adds them up) */
	uint64_t n_warp_insn, n_thread_insn, eligible_sum;
	/* warps that join the ready set at a known cycle (w->ops_at), found
	 * right after their issue: not filed in the wheel, not looked at when
	 * they join, only when the scheduler is next due (see sched_flush_pending).
	 * A ring of PQ_CAP in ops_at order from pq_h, pq_n of them: the cycle,
	 * the warp slot, and the pipe of its instruction with the state that
	 * pipe's throttle shows as; the count by pipe keeps sched_pend_due O(1) while
	 * they all wait on one pipe. */
	uint64_t pq_t[PQ_CAP];
	uint8_t pq_s[PQ_CAP], pq_p[PQ_CAP]; /* pq_p: the pipe | its throttle state << 4 */
	uint8_t pq_np[PIPE_COUNT]; /* pending warps by pipe */
	unsigned pq_pipes;   /* pipes with a pending warp, by bit */
	/* wake-ups of the warps outside the ready set: a timing wheel of the
	 * next 64 cycles (slot = cycle mod 64, a warp bit mask each) and a far
	 * set for later ones, so a cycle looks only at the warps due in it */
	uint64_t wheel[64];
	/* far warps (a wake-up 64 or more cycles ahead when filed): a ring of
	 * FQ_CAP in wake-up order from far_h, far_n of them, the cycle and the
	 * warp slot. Mostly DRAM returns, which come back nearly in issue order:
	 * filing from the tail seldom moves an entry, and the earliest is the
	 * head. */
	uint64_t far_t[FQ_CAP];
	uint8_t far_s[FQ_CAP];
};

/*
 * An instruction decoded once per run, by pc: what issue, the dependence
 * checks and the scheduler read of it each time it comes round, so that the
 * hot path reads one small record instead of the instruction, the opcode
 * table and the caches.
 */
enum {
	U_MEM = 1,       /* a memory instruction (the warp's LSU path applies) */
	U_ENDLOOP = 2,   /* a loop's back edge (its steps' pipes and the loop floor) */
	U_PSEUDO = 4,    /* a structure marker that issues nothing (ctl_skip_pseudo) */
	U_PLAIN = 8,     /* issues as an ALU or memory instruction (not EXIT, BAR, ENDLOOP, IF) */
	U_BAR = 16,
	U_QC = 32,       /* an LDG served by L2 or DRAM (uop.miss) counted against the
			  * in-flight limit: when the limit can bind (issue_decode) */
	U_WAW = 64,      /* wait for a pending variable-latency write to the destination */
	U_DRAIN = 128    /* wait for every outstanding result (EXIT, wait=all) */
};
#define UOP_NOWRITE 0xff /* uop.wkind: no ALU result to write */

struct uop {
	uint8_t flags;
	uint8_t pipe;        /* the pipe it issues to (ENDLOOP: see pipe_of) */
	uint8_t thr;         /* pipe_throttle_state(in, pipe) */
	uint8_t wkind;       /* RK_* of its ALU result, UOP_NOWRITE when none */
	uint8_t oc0;         /* pipe_bank_cycles with nothing reused or forwarded */
	uint8_t nchk;
	uint16_t dst;
	int32_t lat;         /* the ALU result's latency less one */
	/* the registers warp_regs_ready reads: sources, then wait= registers, each
	 * once, none that nothing in the program writes (RZ among them: ready
	 * at 0, they never change the latest) */
	uint8_t chk[3 + ISA_MAX_XWAIT];
	uint8_t miss;        /* an LDG served by L2 or DRAM: its data returns through
			      * the warp's miss path */
};

struct memc {
	uint32_t tag;        /* pc + 1 */
	uint8_t lanes;       /* the warp's active lanes it was computed for */
	uint8_t lv;          /* mem_global_level */
	int sectors;         /* mem_sectors */
	double bytes;        /* sectors * sector_bytes */
	double lv_cycles;    /* bytes / the level's bytes per cycle (a global access) */
	double miss_cycles;  /* bytes / warp_miss_bytes_per_cycle */
};

struct sim {
	const struct arch *a;
	int max_warps, nsched, max_blocks;
	struct warp *w;
	uint64_t *ready_store;
	uint8_t *kind_store;
	struct block *b;
	struct sched *sc;
	int *list_store;
	int *lru_store;
	int park_ok;         /* use the ready set (off with a timeline: it needs per-warp intervals) */
	struct evq *q;
	int interval[PIPE_COUNT];
	uint8_t bank_of[ISA_NREGS]; /* register file bank of each register */
	double *decay;       /* [DECAY_N] exp(-dt / dram_window_cycles) for dt = 0, 1, ... */
	uint32_t *qtab;      /* [qn] mem_queue_delay_at(n sectors) */
	int qn;
	int qsat;            /* from this many sectors on, the delay is qmax */
	uint32_t qmax;       /* the delay at u = 0.95 */
	int dq_span;         /* a DRAM access counts in the memory system for at most this many cycles */
	/* operand collection cycles of instruction pc issued right after the
	 * same warp's instruction ocs_prev, at pc mod OC_SLOTS with tag pc + 1
	 * (0: empty); cleared for each run (with nothing reused or forwarded
	 * they depend on the instruction alone: uop.oc0) */
	uint32_t ocs_tag[OC_SLOTS];
	int ocs_prev[OC_SLOTS];
	uint8_t ocs_val[OC_SLOTS];
	/* a memory instruction's level, sectors and the server times its bytes
	 * take, for instruction pc with `lanes` active lanes, at pc mod OC_SLOTS
	 * with tag pc + 1 (0: empty); cleared for each run */
	struct memc mc[OC_SLOTS];

	struct uop *uop;     /* [uop_cap], the program's instructions decoded (issue_decode) */
	int uop_cap;

	/* the run */
	const struct program *p;
	const struct sim_launch *l;
	const struct insn *code; /* p->code */
	FILE *tl;            /* l->timeline */
	int policy;          /* l->policy */
	struct sim_stats *st;
	uint64_t now;
	int warps_per_block;
	int blocks_total, blocks_started, blocks_done, resident_limit;
	int l1_bytes;        /* L1 data capacity after the shared-memory carveout */
	double smem_free, l1_free, l2_free, dram_free; /* server free-at times */
	/* DRAM accesses in the memory system (issued, their data not yet out of
	 * DRAM): end cycle << 8 | sectors (at most 32 lanes * 16 bytes / 4-byte
	 * sectors = 128), in order, a ring of dq_mask + 1 from dq_h, dq_n of
	 * them, dq_sec sectors in all */
	uint64_t *dq_t;
	unsigned dq_h, dq_n, dq_mask;
	int dq_sec;
	double dq_avg;       /* dq_sec averaged over time (time constant dram_window_cycles) */
	uint64_t dq_avg_t;   /* the cycle it was brought to */
	int inflight;        /* global sectors in flight (after sm_drain_events) */
	/* L2/DRAM loads not yet released: their release cycle and sectors, in
	 * cycle order, a ring of rq_mask + 1 from rq_h, rq_n of them (no more
	 * than the in-flight sectors). The DRAM server is first come, first
	 * served, so a release mostly comes after those filed before it and is
	 * filed at the end; the queue delay and the warps' miss paths reorder
	 * some (near saturation, the loads given less delay), which move back
	 * past the later ones. */
	uint64_t *rq_t;
	int *rq_sec;
	unsigned rq_h, rq_n, rq_mask;
	uint64_t rel_next;   /* the earliest release (NEVER: none) */
	/* releases not yet filed: a load's release cycle ends a long chain of
	 * floating-point operations, and filing it at once (compares and an
	 * address that depend on it) stalls the CPU; they are filed before the
	 * releases are next read (mem_rel_file) */
	uint64_t stage_t[REL_STAGE];
	int stage_n[REL_STAGE];
	int nstage;
	int n_cta_events;    /* block launches pending in the event queue */
	uint64_t evq_min;    /* evq_next_cycle(q), kept here: a drain looks at it first */
	int n_lg_wait;
	uint64_t sched_active;  /* scheduler active cycles, summed */
	uint64_t eligible_sum;  /* eligible warps summed over scheduler-cycles */
	uint64_t end_cycle;
};

/* The loaded-DRAM delay at utilisation u: q * u / (1 - u), u at most 0.95
 * (beyond it the bandwidth server itself queues). */
static uint32_t mem_delay_of_u(const struct arch *a, double u)
{
	if (u > 0.95)
		u = 0.95;
	return (uint32_t)(a->dram_queue_cycles * u / (1.0 - u) + 0.5);
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
	return u * a->dram_bytes_per_cycle * (a->dram_latency + a->dram_queue_cycles * u / (1.0 - u));
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

/* Tables mem_queue_delay_at below the sectors at which it reaches its largest
 * value, qmax, or below QTAB_MAX sectors (from there it is computed). */
static void mem_queue_table(struct sim *s)
{
	const struct arch *a = s->a;
	s->qn = 0;
	s->qmax = 0;
	if (!(a->dram_queue_cycles > 0) || !(a->dram_bytes_per_cycle > 0))
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

/* The least power of two, at least 64, that is >= need, or max if that is less. */
static unsigned mem_ring_cap(double need, unsigned max)
{
	unsigned cap = 64;
	while (cap < need && cap < max)
		cap *= 2;
	return cap;
}

struct sim *sim_create(const struct arch *a)
{
	struct sim *s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	s->a = a;
	s->max_warps = arch_max_warps(a);
	SIM_ASSERT(s->max_warps <= 64); /* ready sets are 64-bit masks; cfg_parse enforces it */
	s->nsched = a->subPartitions;
	s->max_blocks = a->maxBlocksPerMultiProcessor;
	s->w = aligned_alloc(64, (size_t)s->max_warps * sizeof *s->w);
	if (s->w)
		memset(s->w, 0, (size_t)s->max_warps * sizeof *s->w);
	s->ready_store = calloc((size_t)s->max_warps * ISA_NREGS, sizeof *s->ready_store);
	s->kind_store = calloc((size_t)s->max_warps * ISA_NREGS, 1);
	s->b = calloc((size_t)s->max_blocks, sizeof *s->b);
	s->sc = calloc((size_t)s->nsched, sizeof *s->sc);
	s->list_store = calloc((size_t)s->nsched * (size_t)s->max_warps, sizeof *s->list_store);
	s->lru_store = calloc((size_t)s->nsched * 2 * LRU_SPAN, sizeof *s->lru_store);
	/* events: block launches (releases have their own queue) */
	s->q = evq_create(s->max_blocks + 16);
	{
		/* every release holds a sector or more of the in-flight count, which
		 * admits a load while under the limit: at most the limit plus one
		 * load's sectors (ISA lanes * 4), and those staged */
		unsigned cap = mem_ring_cap((double)a->max_inflight_sectors + 32 * 4 + REL_STAGE, UINT_MAX);
		s->rq_mask = cap - 1;
		s->rq_t = calloc(cap, sizeof *s->rq_t);
		s->rq_sec = calloc(cap, sizeof *s->rq_sec);
	}
	if (a->dram_queue_cycles > 0) {
		/* an access counts in the memory system for at most dq_span cycles
		 * (four of its longest latency, or what DQ_MAX entries hold), and a
		 * scheduler issues one a cycle: the ring never fills */
		double span = 4.0 * (a->dram_latency + (double)mem_delay_of_u(a, 0.95)) + 64;
		unsigned cap = mem_ring_cap((double)s->nsched * span + 1, DQ_MAX);
		s->dq_span = span < (double)((cap - 1) / (unsigned)s->nsched) ? (int)span : (int)((cap - 1) / (unsigned)s->nsched);
		s->dq_mask = cap - 1;
		s->dq_t = calloc(cap, sizeof *s->dq_t);
		s->decay = calloc(DECAY_N, sizeof *s->decay);
	}
	if (!s->w || !s->ready_store || !s->kind_store || !s->b || !s->sc || !s->list_store || !s->lru_store || !s->q ||
	    !s->rq_t || !s->rq_sec || (a->dram_queue_cycles > 0 && (!s->dq_t || !s->decay))) {
		sim_destroy(s);
		return NULL;
	}
	if (s->decay)
		for (int i = 0; i < DECAY_N; i++)
			s->decay[i] = mem_decay_of(a, (uint64_t)i);
	for (int i = 0; i < s->max_warps; i++) {
		s->w[i].ready = s->ready_store + (size_t)i * ISA_NREGS;
		s->w[i].kind = s->kind_store + (size_t)i * ISA_NREGS;
	}
	for (int k = 0; k < s->nsched; k++) {
		s->sc[k].list = s->list_store + (size_t)k * (size_t)s->max_warps;
		s->sc[k].lru = s->sc[k].lru_base = s->lru_store + (size_t)k * 2 * LRU_SPAN;
	}
	for (int pp = 0; pp < PIPE_COUNT; pp++)
		s->interval[pp] = a->warpSize / a->pipe_lanes[pp];
	for (int r = 0; r < ISA_NREGS; r++)
		s->bank_of[r] = (uint8_t)(a->regfile_banks > 0 ? r % a->regfile_banks : 0);
	mem_queue_table(s);
	return s;
}

void sim_destroy(struct sim *s)
{
	if (!s)
		return;
	evq_destroy(s->q);
	free(s->rq_t);
	free(s->rq_sec);
	free(s->dq_t);
	free(s->decay);
	free(s->qtab);
	free(s->uop);
	free(s->w);
	free(s->ready_store);
	free(s->kind_store);
	free(s->b);
	free(s->sc);
	free(s->list_store);
	free(s->lru_store);
	free(s);
}

/* ---- state accounting ------------------------------------------------ */

static void stats_timeline_row(struct sim *s, const struct warp *w, uint64_t end)
{
	fprintf(s->tl, "%d,%d,%d,%llu,%llu,%s\n", (int)(w - s->w), w->sched, w->block,
		(unsigned long long)w->since, (unsigned long long)end, warp_state_names[w->state]);
}

/* The warp is in `state` from cycle t (>= since) on. */
static inline void warp_set_state_at(struct sim *s, struct warp *w, int state, uint64_t t)
{
	if (w->state == state)
		return;
	if (t > w->since) {
		s->st->state_cycles[w->state] += t - w->since;
		if (s->tl)
			stats_timeline_row(s, w, t);
	}
	w->state = (uint8_t)state;
	w->since = t;
}

/* warp_set_state_at where no timeline is written: the ready set and the
 * look-ahead after issue, which are off with a timeline (park_ok). */
static inline void warp_set_state_nt(struct sim *s, struct warp *w, int state, uint64_t t)
{
	if (w->state == state)
		return;
	if (t > w->since)
		s->st->state_cycles[w->state] += t - w->since;
	w->state = (uint8_t)state;
	w->since = t;
}

static inline void warp_set_state(struct sim *s, struct warp *w, int state)
{
	warp_set_state_at(s, w, state, s->now);
}

/* ---- control flow ------------------------------------------------------ */

/* LOOP, ELSE, ENDIF: structure markers that issue nothing. */
static inline int ctl_is_pseudo(int op)
{
	return op == OP_LOOP || op == OP_ELSE || op == OP_ENDIF;
}

/* Runs the structure markers that issue nothing (LOOP, ELSE, ENDIF) until
 * pc is at an instruction that issues. */
static void ctl_skip_pseudo(const struct program *p, struct warp *w, uint64_t now)
{
	for (;;) {
		const struct insn *in = &p->code[w->pc];
		struct frame *f;
		switch (in->op) {
		case OP_LOOP:
			if (in->count == 0) {
				w->pc = (int)in->match + 1;
				break;
			}
			f = &w->stack[w->depth++];
			f->kind = FR_LOOP;
			f->start = w->pc;
			f->left = in->count;
			f->trip_start = now;
			w->pc++;
			break;
		case OP_ELSE:
			f = &w->stack[w->depth - 1];
			if (f->else_pending) {
				f->else_pending = 0;
				w->lanes = f->else_lanes;
				w->pc++;
			} else {
				w->pc = f->end;
			}
			break;
		case OP_ENDIF:
			f = &w->stack[--w->depth];
			w->lanes = f->saved_lanes;
			w->pc++;
			break;
		default:
			return;
		}
	}
}

/* ---- memory model ------------------------------------------------------ */


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

/* Sectors one warp instruction touches. */
static int mem_sectors(const struct arch *a, const struct insn *in, int lanes)
{
	int active = in->lanes && in->lanes < lanes ? in->lanes : lanes;
	int sec = a->sector_bytes;
	switch (in->pattern) {
	case PAT_UNIFORM:
		return 1;
	case PAT_STRIDED:
		if (in->stride > in->width) {
			if (in->stride >= (uint32_t)sec)
				return active;
			return (int)(((uint64_t)active * in->stride + (uint64_t)sec - 1) / (uint64_t)sec);
		}
		return (active * in->width + sec - 1) / sec;
	default:
		return (active * in->width + sec - 1) / sec;
	}
}

static inline enum mem_level mem_global_level(const struct sim *s, const struct insn *in)
{
	return arch_global_level(s->a, in->op, in->pattern, in->count, s->l1_bytes);
}

static COLD void mem_info_fill(struct sim *s, struct memc *m, const struct insn *in, int lanes)
{
	const struct arch *a = s->a;
	enum mem_level lv = mem_global_level(s, in);
	m->tag = (uint32_t)(in - s->code) + 1;
	m->lanes = (uint8_t)lanes;
	m->lv = (uint8_t)lv;
	m->sectors = mem_sectors(a, in, lanes);
	m->bytes = (double)m->sectors * a->sector_bytes;
	if (in->op == OP_STG && lv == LV_L1)
		lv = LV_L2;
	m->lv_cycles = m->bytes / (lv == LV_L1 ? a->l1_bytes_per_cycle : lv == LV_L2 ? a->l2_bytes_per_cycle
										     : a->dram_bytes_per_cycle);
	m->miss_cycles = a->warp_miss_bytes_per_cycle > 0 ? m->bytes / a->warp_miss_bytes_per_cycle : 0.0;
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

/* ---- issue ----------------------------------------------------------- */

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

#define ST_PARK (-2) /* sched_evaluate: operands ready, join the ready set */

/*
 * A loop's back edge. In compiled code it is loop_insns instructions: with
 * 3, the counter update (uniform datapath; a one-cycle CBU slot here), the
 * compare (ISETP, ALU pipe) and the branch; with 2, compare and branch;
 * with 1, the branch alone (tests/data/h200/tloop/sass.txt). Each takes an
 * issue slot, which is what many warps in a tight loop pay. The compiler
 * places counter and compare where a lone warp's latency hides them, so
 * the fetch gap after the branch shrinks by the same number of cycles: a
 * lone warp's trip keeps its calibrated length. Built-in workloads write
 * counter and compare into the body themselves (LOOP body_counter): their
 * back edge is the branch alone.
 */
static inline int ctl_back_edge_insns(const struct sim *s, const struct warp *w)
{
	return s->code[w->stack[w->depth - 1].start].body_counter ? 1 : s->a->loop_insns;
}

/* Cycles from a taken back-edge branch's issue to its target's first issue, less one. */
static inline int ctl_back_edge_gap(const struct sim *s, const struct warp *w)
{
	int gap = s->a->branch_cycles - (ctl_back_edge_insns(s, w) - 1);
	return gap > 0 ? gap : 0;
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

static void sm_handle_event(struct sim *s, const struct event *ev);
static COLD void mem_lg_wake(struct sim *s);
static COLD uint64_t mem_lg_look(struct sim *s, struct sched *sc);

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

/*
 * Events due by now. Memory releases only matter to the in-flight count and
 * to warps waiting for it (lg_throttle), so while no warp waits and no block
 * launch is pending the loop neither steps to them nor handles them at once:
 * they are handled here, before the in-flight count is read. The results
 * are the same; DRAM-bound runs step only where a warp can issue. The order
 * in which due events run does not matter either: releases add up, and a
 * block launch touches nothing a release does.
 */
static inline void sm_drain_events(struct sim *s)
{
	struct event ev;
	if (s->nstage)
		mem_rel_file(s);
	if (s->evq_min <= s->now) {
		while (evq_pop_due(s->q, s->now, &ev))
			sm_handle_event(s, &ev);
		s->evq_min = evq_next_cycle(s->q);
	}
	if (s->rel_next <= s->now) {
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
}

/* The cycle of the earliest pending event or release. */
static inline uint64_t sm_next_event(struct sim *s)
{
	if (s->nstage)
		mem_rel_file(s);
	uint64_t t = s->evq_min;
	return s->rel_next < t ? s->rel_next : t;
}

static inline int sm_events_eager(const struct sim *s)
{
	return s->n_lg_wait > 0 || s->n_cta_events > 0;
}

/* Bits set in x: the CPU's POPCNT where it has one (libgcc's CPU model,
 * filled before main), else bit arithmetic; never a library call. */
static inline int popcount64(uint64_t x)
{
#if defined(__POPCNT__)
	return __builtin_popcountll(x);
#else
#if defined(__x86_64__) && defined(__GNUC__) && !defined(SIM_NO_ASM)
	if (__builtin_cpu_supports("popcnt")) {
		uint64_t n;
		__asm__("popcntq %1, %0" : "=r"(n) : "r"(x) : "cc");
		return (int)n;
	}
#endif
	x = x - ((x >> 1) & 0x5555555555555555ull);
	x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
	x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
	return (int)((x * 0x0101010101010101ull) >> 56);
#endif
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

/* A warp on pipe p, shown as thr while the pipe throttles it, joins the
 * ready set's sums at cycle t (see struct sched). */
static inline __attribute__((always_inline)) void sched_rs_join(struct sched *sc, int p, int thr, uint64_t t)
{
	uint64_t l, c;
	pipe_busy(sc, p, t, &l, &c);
	sc->rs_l[thr] -= l;
	sc->rs_c -= c;
	sc->rs_t -= t;
}

/* Joins the ready set at cycle t <= now, its slot, pipe p and throttle
 * state thr given (a pending warp's come from the ring); no busy period of
 * its pipe may have begun after t. Its state is not touched. */
static inline __attribute__((always_inline)) void sched_join_inl(struct sched *sc, struct warp *w, int slot, int p, int thr,
							  uint64_t t)
{
	w->parked = 1;
	w->wake = NEVER;
	sc->okp[p] |= 1ull << slot;
	sc->okpipes |= 1u << p;
	sched_rs_join(sc, p, thr, t);
}

/* sched_join_inl for a warp that is not pending: it is not selected from t. */
static inline __attribute__((always_inline)) void sched_park_at_inl(struct sim *s, struct sched *sc, struct warp *w, uint64_t t)
{
	warp_set_state_nt(s, w, ST_NOT_SELECTED, t); /* closes the previous state */
	sched_join_inl(sc, w, w->slot, w->pipe, w->thr, t);
}

static void sched_park_at(struct sim *s, struct sched *sc, struct warp *w, uint64_t t)
{
	sched_park_at_inl(s, sc, w, t);
}

static void sched_park(struct sim *s, struct sched *sc, struct warp *w)
{
	sched_park_at(s, sc, w, s->now);
}

/* Leaves the ready set at s->now for `state`: its time there splits into
 * pipe-throttled (lanes busy), wait (another warp's operand collection) and
 * not selected (summed in rs_l, rs_c and rs_t). */
static inline __attribute__((always_inline)) void sched_unpark(struct sim *s, struct sched *sc, struct warp *w, int state,
							int pipe_free)
{
	uint64_t bit = 1ull << w->slot, l, c;
	int p = w->pipe;
	if (pipe_free) {
		/* the pipe's last busy period has ended: all of it counts */
		l = sc->tot_l[p];
		c = sc->tot_c[p];
	} else {
		pipe_busy(sc, p, s->now, &l, &c);
	}
	sc->rs_l[w->thr] += l;
	sc->rs_c += c;
	sc->rs_t += s->now;
	w->parked = 0;
	w->state = (uint8_t)state;
	w->since = s->now;
	sc->okp[w->pipe] &= ~bit;
	if (!sc->okp[w->pipe])
		sc->okpipes &= ~(1u << w->pipe);
}

/* The cycle the instruction's registers are all ready (sources, wait=
 * registers, a pending variable-latency write to its destination, and for
 * EXIT or wait=all every outstanding result), and in *state the stall of
 * the latest one. */
static inline uint64_t warp_regs_ready(const struct warp *w, const struct uop *u, int *state)
{
	uint64_t r = 0;
	int rk = RK_FIXED;

	for (int k = 0; k < u->nchk; k++) {
		int reg = u->chk[k];
		if (w->ready[reg] > r) {
			r = w->ready[reg];
			rk = w->kind[reg];
		}
	}
	if (u->flags & (U_WAW | U_DRAIN)) {
		/* write-after-write: a pending variable-latency write must land
		 * first (fixed-latency writes complete in issue order) */
		if ((u->flags & U_WAW) && w->kind[u->dst] != RK_FIXED && w->ready[u->dst] > r) {
			r = w->ready[u->dst];
			rk = w->kind[u->dst];
		}
		if ((u->flags & U_DRAIN) && w->drain > r) {
			/* a warp retires once its outstanding results have landed */
			r = w->drain;
			rk = w->drain_kind;
		}
	}
	*state = rk == RK_LONG ? ST_LONG_SCOREBOARD : rk == RK_SHORT ? ST_SHORT_SCOREBOARD : ST_WAIT;
	return r;
}

/* The earliest cycle the back edge's branch may issue (0: no bound): the
 * loop counter's compare makes a trip last at least loop_cycles from its
 * start to the next trip's start. */
static inline uint64_t ctl_loop_floor(const struct sim *s, const struct warp *w, const struct uop *u)
{
	uint64_t c, lead;
	if (!(u->flags & U_ENDLOOP) || s->a->loop_cycles <= 0 || w->be_step + 1 < ctl_back_edge_insns(s, w))
		return 0;
	c = w->stack[w->depth - 1].trip_start + (uint64_t)s->a->loop_cycles;
	lead = 1 + (uint64_t)ctl_back_edge_gap(s, w); /* branch issue to next trip start */
	return c > lead ? c - lead : 0;
}

/* The instruction at pc looked at in cycle t: the state it is blocked in
 * (scoreboard, branch fetch, loop compare, the warp's LSU path) with w->wake
 * set, or -1 when none holds. Reads only the warp's own state, which nothing
 * but its own issue changes (a barrier aside: see sched_evaluate). */
static inline int warp_deps_wait(const struct sim *s, struct warp *w, uint64_t t)
{
	const struct uop *u = &s->uop[w->pc];
	int stt;
	uint64_t r = warp_regs_ready(w, u, &stt), c;

	if (r > t) {
		w->wake = r;
		return stt;
	}
	if (w->fetch_ready > t) {
		w->wake = w->fetch_ready;
		return ST_NO_INSTRUCTION;
	}
	if ((c = ctl_loop_floor(s, w, u)) > t) {
		w->wake = c;
		return ST_WAIT;
	}
	if ((u->flags & U_MEM) && w->lsu_free > t) {
		/* the warp's own LSU path is busy with its previous memory instruction
		 * (memory instructions issue to the LSU pipe: its throttle state) */
		w->wake = w->lsu_free;
		return u->thr;
	}
	return -1;
}

/* One of warp_deps_ahead's waits, ending at c: the first that holds (c > t) gives
 * the state and *end; the others only push *later. */
static inline void warp_ahead_wait(uint64_t c, uint64_t t, int st, int *stt, uint64_t *end, uint64_t *later)
{
	if (c <= t)
		return;
	if (*stt < 0) {
		*end = c;
		*stt = st;
	} else if (c > *later) {
		*later = c;
	}
}

/* warp_deps_wait(s, w, t) in one pass, for the look-ahead after issue: when
 * blocked, also whether nothing else blocks the instruction at the end of
 * that wait (*clear: warp_deps_wait(s, w, w->wake) would return -1). */
static inline int warp_deps_ahead(const struct sim *s, struct warp *w, uint64_t t, int *clear)
{
	uint64_t end = 0, later = 0;
	const struct uop *u = &s->uop[w->pc];
	int rstt, stt = -1;
	uint64_t r = warp_regs_ready(w, u, &rstt);

	/* in warp_deps_wait's order */
	warp_ahead_wait(r, t, rstt, &stt, &end, &later);
	warp_ahead_wait(w->fetch_ready, t, ST_NO_INSTRUCTION, &stt, &end, &later);
	warp_ahead_wait(ctl_loop_floor(s, w, u), t, ST_WAIT, &stt, &end, &later);
	if (u->flags & U_MEM)
		warp_ahead_wait(w->lsu_free, t, u->thr, &stt, &end, &later);
	if (stt >= 0)
		w->wake = end;
	*clear = later <= end;
	return stt;
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
 * Whether sched_evaluate, looking at x (an L2/DRAM load not picked now, its pipe
 * busy until pf > now + 1) at pf, will hold it at the in-flight limit: the
 * count only grows until a release is drained, and none can be by pf (the
 * first pending release is later, and a load issued from now on is released
 * no sooner than now + the L2 or DRAM latency - 1). Nor can a release have
 * made this scheduler's held warps look again (lg_due) before then.
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

/* Classifies a due warp: returns a blocked state with w->wake set, ST_PARK
 * when its operands are ready (and the ready set is in use), or -1 when it
 * is eligible to issue now. */
static int sched_evaluate(struct sim *s, struct warp *w)
{
	const struct insn *in = &s->code[w->pc];

	if (w->deps_ok)
		goto resources;
	if (w->at_bar) {
		w->wake = NEVER;
		return ST_BARRIER;
	}
	if (!w->ops_ready) {
		int stt = warp_deps_wait(s, w, s->now);
		if (stt >= 0)
			return stt;
	}
	w->ops_ready = 0;
	/* operands never become unready again before this warp issues: remember */
	w->deps_ok = 1;
	pipe_set(s, w, in);
	w->queue_check = 0;
	if (s->uop[w->pc].flags & U_QC) {
		w->queue_check = 1;
		w->sectors = mem_info(s, in, w->lanes)->sectors;
	}
	if (s->park_ok && !w->queue_check)
		return ST_PARK;
resources:;
	uint64_t pf = s->sc[w->sched].pipe_free[w->pipe];
	if (pf > s->now) {
		w->wake = pf;
		/* a pipe held by another warp's operand collection (a register-bank
		 * conflict) shows in Nsight Compute as a fixed-latency wait, not as
		 * pipe throttle (tests/data/h200/ncu.csv, fma ILP 1) */
		return s->sc[w->sched].lanes_free[w->pipe] > s->now ? w->thr : ST_WAIT;
	}
	if (w->queue_check) {
		/*
		 * The in-flight limit. The count before the due releases are
		 * drained is an upper bound: when the load fits under it, it fits
		 * after, and draining can wait for a later load (releases only add
		 * up; a warp waiting for them or a block launch makes the main
		 * loop drain each cycle). Draining waits only while the load fits
		 * under half the limit: near the limit (a DRAM-bound run) whether
		 * it fits changes from one load to the next, a branch the CPU
		 * cannot predict, so there every load drains, which costs less.
		 */
		int sectors = w->sectors, max = s->a->max_inflight_sectors;
		if (s->inflight + sectors > max / 2) {
			sm_drain_events(s);
			if (s->inflight + sectors > max && s->inflight > 0) {
				mem_lg_hold(s, &s->sc[w->sched], w);
				return ST_LG_THROTTLE;
			}
		}
	}
	return -1;
}

static void launch_block(struct sim *s, int bslot, uint64_t t);

/* Files a warp (not in the ready set) under its wake-up cycle t >= now. */
static inline void sched_wheel_add(struct sim *s, struct sched *sc, int slot, uint64_t t)
{
	if (t == NEVER)
		return;
	if (t - s->now < 64) {
		sc->wheel[t & 63] |= 1ull << slot;
		sc->wheel_occ |= 1ull << (t & 63);
	} else {
		/* a warp is filed once at a time: the ring holds them all */
		unsigned n = sc->far_n, i = (sc->far_h + n) & (FQ_CAP - 1);
		SIM_ASSERT(n < FQ_CAP);
		for (; n > 0; n--) {
			unsigned j = (i - 1) & (FQ_CAP - 1);
			if (sc->far_t[j] <= t)
				break;
			sc->far_t[i] = sc->far_t[j];
			sc->far_s[i] = sc->far_s[j];
			i = j;
		}
		sc->far_t[i] = t;
		sc->far_s[i] = (uint8_t)slot;
		sc->far_n++;
		sc->far_min = t < sc->far_min ? t : sc->far_min;
	}
	if (t < sc->min_wake)
		sc->min_wake = t;
}

/* Makes w due at cycle t (from outside its scheduler's scan). */
static inline void sched_wake_at(struct sim *s, struct warp *w, uint64_t t)
{
	w->wake = t;
	sched_wheel_add(s, &s->sc[w->sched], w->slot, t);
}

static COLD void ctl_exit(struct sim *s, struct warp *w)
{
	struct sched *sc = &s->sc[w->sched];
	struct block *b = &s->b[w->block];
	int slot = (int)(w - s->w);

	/* the EXIT issue cycle counts as selected */
	s->now++;
	warp_set_state(s, w, ST_SELECTED); /* no-op: it is already selected */
	s->st->state_cycles[w->state] += s->now - w->since;
	if (s->tl)
		stats_timeline_row(s, w, s->now);
	s->now--;
	w->live = 0;
	w->wake = NEVER;
	for (int k = 0; k < sc->n; k++)
		if (sc->list[k] == slot) {
			memmove(&sc->list[k], &sc->list[k + 1], sizeof(int) * (size_t)(sc->n - k - 1));
			sc->n--;
			break;
		}
	for (int k = 0; k < sc->nlru; k++)
		if (sc->lru[k] == slot) {
			memmove(&sc->lru[k], &sc->lru[k + 1], sizeof(int) * (size_t)(sc->nlru - k - 1));
			sc->nlru--;
			break;
		}
	sc->livem &= ~(1ull << slot);
	if (sc->last == slot)
		sc->last = -1;
	if (--sc->resident == 0)
		s->sched_active += s->now + 1 - sc->active_since;
	if (s->now + 1 > s->end_cycle)
		s->end_cycle = s->now + 1;
	if (--b->warps_left > 0)
		return;
	/* the block is done: free its slots, start a waiting block */
	for (int i = 0; i < b->warps_total; i++)
		s->w[b->slot[i]].resident = 0;
	b->live = 0;
	s->blocks_done++;
	if (s->blocks_started < s->blocks_total) {
		int bs = (int)(b - s->b);
		b->live = 1; /* reserved until it launches */
		if (s->a->cta_launch_cycles > 0) {
			uint64_t t = s->now + 1 + (uint64_t)s->a->cta_launch_cycles;
			evq_push(s->q, t, EV_CTA_LAUNCH, bs);
			s->evq_min = t < s->evq_min ? t : s->evq_min;
			s->n_cta_events++;
		} else {
			launch_block(s, bs, s->now + 1);
		}
	}
}

static COLD void ctl_barrier_arrive(struct sim *s, struct warp *w)
{
	struct block *b = &s->b[w->block];
	w->at_bar = 1;
	if (++b->bar_arrived < b->warps_total)
		return;
	b->bar_arrived = 0;
	for (int i = 0; i < b->warps_total; i++) {
		struct warp *x = &s->w[b->slot[i]];
		x->at_bar = 0;
		sched_wake_at(s, x, s->now + 1);
	}
}

/* Scoreboard write: the register's value is ready at `ready`. */
static inline void warp_write_reg(struct warp *w, int reg, uint64_t ready, int kind)
{
	/* without a branch: a load's ready cycle comes at the end of a long
	 * chain of floating-point operations, and whether it is the latest
	 * is not predictable */
	int later = ready > w->drain;
	w->ready[reg] = ready;
	w->kind[reg] = (uint8_t)kind;
	w->drain_kind = later ? (uint8_t)kind : w->drain_kind;
	w->drain = later ? ready : w->drain;
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
static __attribute__((noinline)) uint32_t mem_dram_queue_delay(struct sim *s, int sectors, double start)
{
	const struct arch *a = s->a;
	unsigned mask = s->dq_mask, h = s->dq_h, n = s->dq_n;
	uint64_t *q = s->dq_t, at = s->dq_avg_t, now = s->now;
	int cur = s->dq_sec;
	double avg = s->dq_avg;
	/* the average, brought to each access's end and then to now: the count
	 * is constant between them */
	while (n && q[h] >> 8 <= now) {
		uint64_t e = q[h] >> 8;
		avg = mem_avg_step(s, avg, cur, e - at);
		at = e;
		cur -= (int)(q[h] & 255);
		h = (h + 1) & mask;
		n--;
	}
	avg = mem_avg_step(s, avg, cur, now - at);
	/* this access joins the average now */
	double held = avg + sectors;
	int k = held < (double)s->qsat ? (int)held : s->qsat;
	uint32_t d = k < s->qn ? s->qtab[k] : k >= s->qsat ? s->qmax : mem_queue_delay_at(a, k);
	uint64_t end = (uint64_t)(int64_t)start + (uint64_t)a->dram_latency - 1 + d, cap = now + (uint64_t)s->dq_span;
	if (end > cap)
		end = cap;
	/* mostly the latest end: filed last, else moved back past the later */
	uint64_t e = end << 8 | (uint64_t)sectors;
	unsigned j = n;
	SIM_ASSERT(n < mask && sectors < 256); /* see dq_span and dq_t */
	while (j && q[(h + j - 1) & mask] > e) {
		q[(h + j) & mask] = q[(h + j - 1) & mask];
		j--;
	}
	q[(h + j) & mask] = e;
	s->dq_h = h;
	s->dq_n = n + 1;
	s->dq_sec = cur + sectors;
	s->dq_avg = avg;
	s->dq_avg_t = now;
	return d;
}

/*
 * One warp's memory instructions are at least lsu_warp_cycles apart, while
 * the scheduler's LSU pipe takes another warp's sooner. ptxas encodes it:
 * a load followed by another load of the same warp carries a stall count
 * of 4 in its control bits (every chase loop in tests/data/h200/sass.txt,
 * tests/data/h200/lsu/sass.txt); and on the H200 one warp issues an LDS
 * every 4 cycles while two warps on one scheduler together issue more
 * than one every 4 (tests/data/h200/lsu: lds16 at 1 and 5 warps).
 */
static void mem_lsu_path(const struct sim *s, struct warp *w)
{
	if (s->a->lsu_warp_cycles > 0)
		w->lsu_free = s->now + (uint64_t)s->a->lsu_warp_cycles;
}

static void mem_issue(struct sim *s, struct warp *w, const struct insn *in)
{
	const struct arch *a = s->a;
	uint64_t done;
	int reg_kind = RK_LONG;

	mem_lsu_path(s, w);

	if (isa_ops[in->op].space == SPACE_SHARED) {
		int active = in->lanes && in->lanes < w->lanes ? in->lanes : w->lanes;
		double sbytes = in->pattern == PAT_UNIFORM ? in->width : (double)active * in->width;
		if (sbytes < 1)
			sbytes = 1;
		done = mem_serve(&s->smem_free, s->now, sbytes, a->smem_bytes_per_cycle) + (uint64_t)a->smem_latency - 1;
		reg_kind = RK_SHORT;
	} else {
		const struct memc *m = mem_info(s, in, w->lanes);
		enum mem_level lv = (enum mem_level)m->lv;
		/* an LDG served by L2 or DRAM, and whether it counts in flight (the
		 * limit sched_evaluate checked) */
		int miss = s->uop[w->pc].miss, qc = s->uop[w->pc].flags & U_QC;
		double dd; /* done, integral: kept a double until the end (see ceil_d) */
		if (in->op == OP_STG && lv == LV_L1)
			lv = LV_L2;
		switch (lv) {
		case LV_L1:
			dd = mem_serve_q(&s->l1_free, s->now, m->lv_cycles) + (double)(a->l1_latency - 1);
			break;
		case LV_L2:
			dd = mem_serve_q(&s->l2_free, s->now, m->lv_cycles) + (double)(a->l2_latency - 1);
			break;
		default:
			dd = mem_serve_q(&s->dram_free, s->now, m->lv_cycles);
			dd += (double)((uint64_t)a->dram_latency - 1 + (s->dq_t ? mem_dram_queue_delay(s, m->sectors, dd) : 0));
			s->st->dram_bytes += (uint64_t)m->bytes;
			break;
		}
		if (miss && a->warp_miss_bytes_per_cycle > 0) {
			/* the data returns to the warp through its own miss path, one
			 * request after another */
			double t = dd > w->miss_free ? dd : w->miss_free;
			w->miss_free = t + m->miss_cycles;
			dd = ceil_d(w->miss_free);
		}
		done = (uint64_t)(int64_t)dd;
		if (qc) {
			s->inflight += m->sectors;
			mem_rel_add(s, done, m->sectors);
		}
	}
	if (isa_ops[in->op].is_load && in->dst != ISA_RZ)
		warp_write_reg(w, in->dst, done, reg_kind);
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
			if (r == ISA_RZ)
				continue;
			if (same) {
				const struct insn *ri = &s->code[sc->reuse_pc];
				if ((ri->has_dst && r == ri->dst) || (reuse && k < ri->nsrc && ri->src[k] == r))
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

/* Decodes the program into s->uop (see struct uop). */
static int issue_decode(struct sim *s, const struct program *prog)
{
	if (prog->ninsn > s->uop_cap) {
		struct uop *u = realloc(s->uop, sizeof *u * (size_t)prog->ninsn);
		if (!u)
			return -1;
		s->uop = u;
		s->uop_cap = prog->ninsn;
	}
	/* registers some instruction writes: the others stay ready at 0 (a
	 * warp's start) and are never waited for */
	uint8_t written[ISA_NREGS] = {0};
	for (int pc = 0; pc < prog->ninsn; pc++)
		if (prog->code[pc].has_dst && prog->code[pc].dst != ISA_RZ)
			written[prog->code[pc].dst] = 1;
	/* L2/DRAM loads: the most sectors one to each destination takes, and
	 * whether one has none (see the in-flight limit below) */
	int sec_of[ISA_NREGS] = {0}, unheld = 0;
	long long per_warp = 0;
	for (int pc = 0; pc < prog->ninsn; pc++) {
		const struct insn *in = &prog->code[pc];
		const struct opinfo *op = &isa_ops[in->op];
		struct uop *u = &s->uop[pc];
		int dst_read = 0;

		memset(u, 0, sizeof *u);
		u->pipe = (uint8_t)op->pipe;
		u->thr = (uint8_t)pipe_throttle_state(in, op->pipe);
		u->dst = in->dst;
		u->lat = s->a->pipe_latency[op->pipe] - 1;
		u->oc0 = (uint8_t)pipe_bank_cycles(s, NULL, 0, in);
		u->wkind = in->has_dst && in->dst != ISA_RZ ? (op->lat == LAT_VARIABLE ? RK_SHORT : RK_FIXED) : UOP_NOWRITE;
		if (op->space != SPACE_NONE)
			u->flags |= U_MEM;
		if (in->op == OP_LDG && mem_global_level(s, in) != LV_L1) {
			u->miss = 1;
			if (!in->has_dst || in->dst == ISA_RZ) {
				unheld = 1;
			} else {
				int sec = mem_sectors(s->a, in, 32); /* the most: all 32 lanes (launch_block) */
				if (sec > sec_of[in->dst]) {
					per_warp += sec - sec_of[in->dst];
					sec_of[in->dst] = sec;
				}
			}
		}
		if (in->op == OP_BAR)
			u->flags |= U_BAR;
		if (in->op == OP_ENDLOOP)
			u->flags |= U_ENDLOOP;
		if (ctl_is_pseudo(in->op))
			u->flags |= U_PSEUDO;
		else if (in->op != OP_EXIT && in->op != OP_BAR && in->op != OP_ENDLOOP && in->op != OP_IF)
			u->flags |= U_PLAIN;
		if (in->op == OP_EXIT || in->wait_all)
			u->flags |= U_DRAIN;
		for (int k = 0; k < in->nsrc + in->nxwait; k++) {
			int reg = k < in->nsrc ? in->src[k] : in->xwait[k - in->nsrc], dup = reg == ISA_RZ || !written[reg];
			for (int j = 0; j < u->nchk && !dup; j++)
				dup = u->chk[j] == reg;
			if (!dup)
				u->chk[u->nchk++] = (uint8_t)reg;
			dst_read |= in->has_dst && reg == in->dst;
		}
		if (in->has_dst && in->dst != ISA_RZ && !dst_read)
			u->flags |= U_WAW;
	}
	/*
	 * Whether the in-flight limit can bind at all. An L2/DRAM load waits
	 * for an earlier variable-latency write to its destination (it reads
	 * it, or U_WAW), and leaves the in-flight count the cycle its result
	 * lands (mem_issue); a warp exits only once its results have landed
	 * (U_DRAIN). So a live warp has at most one such load in flight per
	 * destination register, and the count never exceeds the resident
	 * warps times the sum, over destinations, of the largest such load's
	 * sectors. When that fits under the limit, no load ever waits for it:
	 * nothing counts in flight (no U_QC) and the results are the same. A
	 * load to RZ is held back by nothing: the limit applies.
	 */
	int blocks = s->blocks_total < s->resident_limit ? s->blocks_total : s->resident_limit;
	if (unheld || per_warp * blocks * s->warps_per_block > s->a->max_inflight_sectors)
		for (int pc = 0; pc < prog->ninsn; pc++)
			if (s->uop[pc].miss)
				s->uop[pc].flags |= U_QC;
	return 0;
}

/* IF: the warp takes the THEN path with some of its lanes, the ELSE path
 * (pending) with the others. */
static COLD void ctl_issue_if(struct sim *s, struct warp *w, const struct insn *in)
{
	int mid = (int)in->match;
	int has_else = s->code[mid].op == OP_ELSE;
	int end = has_else ? (int)s->code[mid].match : mid;
	int then_l, else_l, take_then, take_else;
	struct frame *f = &w->stack[w->depth++];
	if (in->pattern == IF_WARP_LT) {
		take_then = (uint64_t)w->wib < in->count;
		take_else = !take_then;
		then_l = else_l = w->lanes;
	} else {
		take_then = in->frac > 0.0;
		take_else = in->frac < 1.0;
		then_l = (int)lround(in->frac * w->lanes);
		if (then_l < 1)
			then_l = 1;
		if (then_l > w->lanes)
			then_l = w->lanes;
		else_l = take_then ? w->lanes - then_l : w->lanes;
		if (else_l < 1)
			else_l = 1;
	}
	f->kind = FR_IF;
	f->saved_lanes = w->lanes;
	f->else_lanes = (uint8_t)else_l;
	f->end = end;
	if (take_then) {
		f->else_pending = (uint8_t)(take_else && has_else);
		w->lanes = (uint8_t)then_l;
		w->pc++;
	} else {
		f->else_pending = 0;
		w->lanes = (uint8_t)else_l;
		w->pc = has_else ? mid + 1 : end;
	}
}

static void issue_warp(struct sim *s, struct warp *w)
{
	const struct insn *in = &s->code[w->pc];
	const struct uop *u = &s->uop[w->pc];
	struct sched *sc = &s->sc[w->sched];
	int pipe = w->pipe; /* set by sched_evaluate: the back edge's steps differ from ENDLOOP's own pipe */
	int busy = s->interval[pipe], oc = pipe_operand_cycles(s, sc, w->slot, w->pc, u, in);

	w->deps_ok = 0;
	w->last_issue = s->now + 1;
	sc->n_warp_insn++;
	sc->n_thread_insn += w->lanes;
	sc->pipe_free[pipe] = s->now + (uint64_t)(oc > busy ? oc : busy);
	sc->lanes_free[pipe] = s->now + (uint64_t)busy;
	pipe_period(sc, pipe, s->now, busy, oc);
	sc->last = w->slot;
	w->wake = s->now + 1;

	if (u->flags & U_PLAIN) {
		if (u->flags & U_MEM)
			mem_issue(s, w, in);
		else if (u->wkind != UOP_NOWRITE)
			warp_write_reg(w, u->dst, s->now + (uint64_t)(u->lat + oc), u->wkind);
		w->pc++;
	} else {
		switch (in->op) {
		case OP_EXIT:
			ctl_exit(s, w);
			return;
		case OP_BAR:
			w->pc++;
			ctl_barrier_arrive(s, w);
			break;
		case OP_ENDLOOP: {
			struct frame *f = &w->stack[w->depth - 1];
			if (w->be_step + 1 < ctl_back_edge_insns(s, w)) {
				w->be_step++; /* counter or compare: the branch comes next */
				return;
			}
			w->be_step = 0;
			if (--f->left > 0) {
				w->pc = f->start + 1;
				w->fetch_ready = s->now + 1 + (uint64_t)ctl_back_edge_gap(s, w);
				f->trip_start = w->fetch_ready;
			} else {
				w->depth--;
				w->pc++;
			}
			break;
		}
		case OP_IF:
			ctl_issue_if(s, w, in);
			break;
		default:
			SIM_ASSERT(!"issue: an instruction that neither issues plainly nor is handled");
			break;
		}
	}
	if (s->uop[w->pc].flags & U_PSEUDO)
		ctl_skip_pseudo(s->p, w, s->now);
}

/* ---- scheduling ------------------------------------------------------- */

static uint64_t sched_scan(struct sim *s, struct sched *sc);

/* One scheduler, one cycle, when it is due (min_wake <= now); returns its
 * new min_wake, the earliest wake-up it knows. */
static uint64_t sched_cycle(struct sim *s, struct sched *sc)
{
	/* wake-ups set from outside during the scan (a barrier released, a
	 * block launched) lower min_wake again */
	sc->min_wake = NEVER;
	uint64_t mine = sched_scan(s, sc);
	if (mine < sc->min_wake)
		sc->min_wake = mine;
	if (sc->wheel_occ) {
		/* the next non-empty slot after now */
		int k = (int)((s->now + 1) & 63);
		uint64_t rot = k ? (sc->wheel_occ >> k) | (sc->wheel_occ << (64 - k)) : sc->wheel_occ;
		uint64_t t = s->now + 1 + (uint64_t)__builtin_ctzll(rot);
		if (t < sc->min_wake)
			sc->min_wake = t;
	}
	if (sc->far_min < sc->min_wake)
		sc->min_wake = sc->far_min;
	return sc->min_wake;
}

/* The eligible warp the policy issues, from the candidate mask. */
static int sched_pick(const struct sim *s, const struct sched *sc, uint64_t cand)
{
	if (!(cand & (cand - 1)))
		return __builtin_ctzll(cand); /* one candidate: every policy picks it */
	if (sc->last >= 0 && s->policy != POLICY_LRR && ((cand >> sc->last) & 1))
		return sc->last; /* greedy */
	switch (s->policy) {
	case POLICY_GRR:
		for (int k = 0; k < sc->nlru; k++)
			if ((cand >> sc->lru[k]) & 1)
				return sc->lru[k];
		break;
	case POLICY_LRR: {
		/* the first eligible slot after the last issued, cyclically */
		uint64_t after = sc->last >= 0 && sc->last < 63 ? cand & ~((2ull << sc->last) - 1) : 0;
		return __builtin_ctzll(after ? after : cand);
	}
	case POLICY_GTY:
		for (int k = sc->n - 1; k >= 0; k--)
			if ((cand >> sc->list[k]) & 1)
				return sc->list[k];
		break;
	default: /* GTO: the oldest */
		for (int k = 0; k < sc->n; k++)
			if ((cand >> sc->list[k]) & 1)
				return sc->list[k];
		break;
	}
	SIM_ASSERT(!"pick: no candidate");
	return -1;
}

/*
 * Pending warps whose operands are ready by now join the ready set as
 * sched_evaluate would have had them join at ops_at: one due before now found its
 * pipe busy then (else the scheduler was due at ops_at) and is parked from
 * ops_at, which no later busy period precedes (one begins only at an issue,
 * in a scan, which flushes first). One due now is eligible if its pipe is
 * free (added to *cand; returned among the fresh), else parked.
 */
static uint64_t sched_flush_pending(struct sim *s, struct sched *sc, uint64_t *cand)
{
	uint64_t fresh = 0;
	unsigned h = sc->pq_h, n = sc->pq_n;
	while (n > 0 && sc->pq_t[h] <= s->now) {
		int slot = sc->pq_s[h], p = sc->pq_p[h] & 15, thr = sc->pq_p[h] >> 4;
		struct warp *w = &s->w[slot];
		uint64_t t = sc->pq_t[h];
		h = (h + 1) & (PQ_CAP - 1);
		n--;
		w->pending = 0;
		w->deps_ok = 1;
		if (!--sc->pq_np[p])
			sc->pq_pipes &= ~(1u << p);
		if (t == s->now && sc->pipe_free[p] <= s->now)
			fresh |= 1ull << slot;
		else
			sched_join_inl(sc, w, slot, p, thr, t);
	}
	sc->pq_h = h;
	sc->pq_n = n;
	sc->pend_min = n > 0 ? sc->pq_t[h] : NEVER;
	*cand |= fresh;
	return fresh;
}

/* Files a pending warp (ops_at r; p: its instruction's pipe | throttle state << 4) in ops_at order. */
static inline void sched_pend_add(struct sched *sc, int slot, uint64_t r, int p)
{
	unsigned n = sc->pq_n, i = (sc->pq_h + n) & (PQ_CAP - 1);
	SIM_ASSERT(n < PQ_CAP);
	for (; n > 0; n--) {
		unsigned j = (i - 1) & (PQ_CAP - 1);
		if (sc->pq_t[j] <= r)
			break;
		sc->pq_t[i] = sc->pq_t[j];
		sc->pq_s[i] = sc->pq_s[j];
		sc->pq_p[i] = sc->pq_p[j];
		i = j;
	}
	sc->pq_t[i] = r;
	sc->pq_s[i] = (uint8_t)slot;
	sc->pq_p[i] = (uint8_t)p;
	sc->pq_n++;
	if (!sc->pq_np[p & 15]++)
		sc->pq_pipes |= 1u << (p & 15);
	if (r < sc->pend_min)
		sc->pend_min = r;
}

/* sched_pend_due where pending warps wait on more than one pipe. In ops_at
 * order, an entry no earlier than the best so far ends the search, and one
 * whose pipe an earlier entry had cannot beat it. */
static __attribute__((noinline)) uint64_t sched_pend_due_pipes(const struct sched *sc)
{
	unsigned i = sc->pq_h, seen = 1u << (sc->pq_p[i] & 15);
	uint64_t t = sc->pq_t[i], f = sc->pipe_free[sc->pq_p[i] & 15];
	uint64_t best = f > t ? f : t;
	/* the first entry settles it unless a later one joins before that */
	for (unsigned k = 1; k < sc->pq_n; k++) {
		i = (i + 1) & (PQ_CAP - 1);
		t = sc->pq_t[i];
		if (t >= best)
			break;
		unsigned pb = 1u << (sc->pq_p[i] & 15);
		if (seen & pb)
			continue;
		seen |= pb;
		f = sc->pipe_free[sc->pq_p[i] & 15];
		f = f > t ? f : t;
		best = f < best ? f : best;
	}
	return best;
}

/* The cycle a pending warp first finds its pipe free after it joins (at
 * least one is pending): the least max(pipe_free, ops_at). */
static inline uint64_t sched_pend_due(const struct sched *sc)
{
	if (sc->pq_pipes & (sc->pq_pipes - 1))
		return sched_pend_due_pipes(sc);
	/* one pipe: the first entry settles it */
	uint64_t t = sc->pend_min, f = sc->pipe_free[__builtin_ctz(sc->pq_pipes)];
	return f > t ? f : t;
}

/* The far warps due by now (far_min <= now) leave, by slot bit; far_min
 * becomes the earliest wake-up of the others (mem_lg_wake may have set it
 * earlier than any). */
static uint64_t sched_far_pop(struct sim *s, struct sched *sc)
{
	uint64_t now = s->now, fd = 0;
	unsigned h = sc->far_h, n = sc->far_n;
	while (n > 0 && sc->far_t[h] <= now) {
		fd |= 1ull << sc->far_s[h];
		h = (h + 1) & (FQ_CAP - 1);
		n--;
	}
	sc->far_h = h;
	sc->far_n = n;
	sc->far_min = n > 0 ? sc->far_t[h] : NEVER;
	return fd;
}

/* A due scheduler's cycle: returns the earliest cycle its ready set or a
 * pending warp needs it again (NEVER: none). */
static uint64_t sched_scan(struct sim *s, struct sched *sc)
{
	uint64_t next = NEVER;
	uint64_t cand = 0, loose = 0, fresh = 0; /* eligible warps; those outside the ready set; those
						   * joining it now (parked after the pick) */
	if (sc->pend_min <= s->now)
		fresh = sched_flush_pending(s, sc, &cand);
	for (unsigned m = sc->okpipes; m; m &= m - 1) {
		int p = __builtin_ctz(m);
		if (sc->pipe_free[p] <= s->now)
			cand |= sc->okp[p];
	}
	uint64_t due = 0;
	if ((sc->wheel_occ >> (s->now & 63)) & 1) {
		due = sc->wheel[s->now & 63];
		sc->wheel[s->now & 63] = 0;
		sc->wheel_occ &= ~(1ull << (s->now & 63));
	}
	if (sc->far_min <= s->now) {
		due |= sched_far_pop(s, sc);
		if (sc->lg_due) /* mem_lg_wake made far_min due */
			due |= mem_lg_look(s, sc);
	}
	for (uint64_t u = due; u; u &= u - 1) {
		int slot = __builtin_ctzll(u);
		struct warp *w = &s->w[slot];
		if (!w->live || w->parked || w->wake > s->now)
			continue; /* exited, or filed again since */
		/* fast path: operands known ready, only the pipe to check */
		if (w->deps_ok && !w->queue_check && sc->pipe_free[w->pipe] <= s->now) {
			cand |= 1ull << slot;
			loose |= 1ull << slot;
			continue;
		}
		int stt = sched_evaluate(s, w);
		if (stt == ST_PARK) {
			if (sc->pipe_free[w->pipe] <= s->now) {
				/* eligible now: join the ready set only if not picked */
				cand |= 1ull << slot;
				fresh |= 1ull << slot;
			} else {
				sched_park(s, sc, w);
			}
			continue;
		}
		if (stt >= 0) {
			warp_set_state(s, w, stt);
			sched_wheel_add(s, sc, slot, w->wake);
			continue;
		}
		cand |= 1ull << slot;
		loose |= 1ull << slot;
	}
	if (cand) {
		int slot = sched_pick(s, sc, cand);
		struct warp *w = &s->w[slot];
		sc->eligible_sum += cand & (cand - 1) ? (uint64_t)popcount64(cand) : 1;
		/* the eligible warps not picked are not selected from now (set
		 * before the issue, in the timeline's row order; filed after it) */
		for (uint64_t u = loose & ~(1ull << slot); u; u &= u - 1) {
			struct warp *x = &s->w[__builtin_ctzll(u)];
			if (x->state != ST_NOT_SELECTED)
				warp_set_state(s, x, ST_NOT_SELECTED);
		}
		for (uint64_t u = fresh & ~(1ull << slot); u; u &= u - 1)
			sched_park(s, sc, &s->w[__builtin_ctzll(u)]);
		if (w->parked)
			sched_unpark(s, sc, w, ST_SELECTED, 1); /* a candidate: its pipe is free */
		else
			warp_set_state(s, w, ST_SELECTED);
		/* least recently issued order: the issuing warp goes last */
		if (sc->lru[0] == slot && sc->nlru > 1) {
			sc->lru[sc->nlru] = slot;
			if (++sc->lru == sc->lru_base + LRU_SPAN) {
				memmove(sc->lru_base, sc->lru, sizeof(int) * (size_t)sc->nlru);
				sc->lru = sc->lru_base;
			}
		} else if (sc->lru[sc->nlru - 1] != slot)
			for (int k = 0; k < sc->nlru; k++)
				if (sc->lru[k] == slot) {
					memmove(&sc->lru[k], &sc->lru[k + 1], sizeof(int) * (size_t)(sc->nlru - k - 1));
					sc->lru[sc->nlru - 1] = slot;
					break;
				}
		int bar = s->uop[w->pc].flags & U_BAR;
		issue_warp(s, w);
		/*
		 * The eligible warps outside the ready set that were not picked:
		 * not selected this cycle, looked at again next cycle. Where the
		 * issue made their pipe busy past next cycle, sched_evaluate would find
		 * that then and nothing else (their operands are known ready: it
		 * checks the pipe first) and file them under its end; that is done
		 * here instead of the visit (not with a timeline, which writes each
		 * state as it closes). Mostly warps held by the in-flight limit,
		 * released together, of which one issues its load.
		 */
		for (uint64_t u = loose & ~(1ull << slot); u; u &= u - 1) {
			struct warp *x = &s->w[__builtin_ctzll(u)];
			uint64_t pf = sc->pipe_free[x->pipe];
			if (s->park_ok && pf > s->now + 1) {
				int stt = sc->lanes_free[x->pipe] > s->now + 1 ? x->thr : ST_WAIT;
				warp_set_state_nt(s, x, stt, s->now + 1);
				if (x->queue_check && mem_held_at_limit(s, sc, x, pf)) {
					/* sched_evaluate at pf would hold it there: held from pf */
					x->ahead_state = (uint8_t)stt;
					warp_set_state_nt(s, x, ST_LG_THROTTLE, pf);
					mem_lg_hold(s, sc, x);
					continue;
				}
				x->wake = pf;
			} else {
				x->wake = s->now + 1;
			}
			sched_wheel_add(s, sc, x->slot, x->wake);
		}
		if (w->live) {
			if (s->park_ok && !bar) {
				/*
				 * What sched_evaluate would find next cycle, due then: the next
				 * instruction's own waits depend only on this warp's past
				 * issues. If one holds, the warp takes that state next
				 * cycle and is filed under its end, not looked at in
				 * between (the timeline, which writes each interval as it
				 * closes, keeps the visit: park_ok is off with it).
				 */
				const struct insn *nx = &s->code[w->pc];
				int clear, stt = warp_deps_ahead(s, w, s->now + 1, &clear);
				if (stt >= 0) {
					uint64_t r = w->wake;
					warp_set_state_nt(s, w, stt, s->now + 1);
					if (clear && !(s->uop[w->pc].flags & U_QC) && stt != ST_LONG_SCOREBOARD) {
						/* nothing else holds at r: sched_evaluate would have it
						 * join the ready set then. (Not a wait for a global
						 * load: the ring is kept in ops_at order by
						 * insertion from its tail, and an L2/DRAM load's
						 * return lands at a place no branch predicts; such
						 * a warp is filed under r like the others, in the
						 * far bins, and sched_evaluate finds the same then.) */
						w->pending = 1;
						w->ops_at = r;
						w->wake = NEVER;
						pipe_set(s, w, nx);
						w->queue_check = 0;
						sched_pend_add(sc, slot, r, w->pipe | w->thr << 4);
						/* its wait ends at r, when it joins not selected:
						 * counted now, so that joining touches no state
						 * (stats_finish takes back what lies past a run's
						 * end) */
						s->st->state_cycles[stt] += r - (s->now + 1);
						w->ahead_state = (uint8_t)stt;
						w->state = ST_NOT_SELECTED;
						w->since = r;
					} else {
						w->wake = r;
						/* nothing else holds at r, which the warp is not
						 * looked at before: sched_evaluate needs no warp_deps_wait then */
						w->ops_ready = (uint8_t)clear;
					}
				} else {
					w->ops_ready = 1;
				}
			}
			sched_wheel_add(s, sc, slot, w->wake);
		}
	}
	/* the ready set is due again when a pipe it waits on is free */
	for (unsigned m = sc->okpipes; m; m &= m - 1) {
		int p = __builtin_ctz(m);
		uint64_t t = sc->pipe_free[p] > s->now ? sc->pipe_free[p] : s->now + 1;
		if (t < next)
			next = t;
	}
	/* a pending warp when it joins, or when its pipe frees after that
	 * (never before the first joins: no search when that is not sooner) */
	if (sc->pend_min < next) {
		uint64_t t = sched_pend_due(sc);
		if (t < next)
			next = t;
	}
	return next;
}

static void launch_block(struct sim *s, int bslot, uint64_t t)
{
	struct block *b = &s->b[bslot];
	int threads = s->l->threads_per_block;

	b->live = 1;
	b->warps_total = s->warps_per_block;
	b->warps_left = s->warps_per_block;
	b->bar_arrived = 0;
	s->blocks_started++;
	for (int i = 0, slot = 0; i < s->warps_per_block; i++, slot++) {
		while (s->w[slot].resident)
			slot++;
		SIM_ASSERT(slot < s->max_warps);
		struct warp *w = &s->w[slot];
		struct sched *sc = &s->sc[slot % s->nsched];
		uint64_t *ready = w->ready;
		uint8_t *kind = w->kind;
		memset(w, 0, sizeof *w);
		w->ready = ready;
		w->kind = kind;
		w->slot = (uint8_t)(w - s->w);
		memset(ready, 0, sizeof(uint64_t) * ISA_NREGS);
		memset(kind, 0, ISA_NREGS);
		w->resident = w->live = 1;
		w->block = bslot;
		w->wib = i;
		w->sched = slot % s->nsched;
		w->since = t;
		w->state = ST_NO_INSTRUCTION;
		w->lanes = (uint8_t)(i == s->warps_per_block - 1 && threads % 32 ? threads % 32 : 32);
		ctl_skip_pseudo(s->p, w, t);
		b->slot[i] = slot;
		sc->list[sc->n++] = slot;
		sc->livem |= 1ull << slot;
		{
			/* never issued: after the other never-issued warps (older), before the rest */
			int at = 0;
			while (at < sc->nlru && s->w[sc->lru[at]].last_issue == 0)
				at++;
			memmove(&sc->lru[at + 1], &sc->lru[at], sizeof(int) * (size_t)(sc->nlru - at));
			sc->lru[at] = slot;
			sc->nlru++;
		}
		if (sc->resident++ == 0)
			sc->active_since = t;
		sched_wake_at(s, w, t);
	}
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
 * The waiting warps of a scheduler that mem_lg_wake made due: they look again
 * in this scan, among its due warps (returned). Unless none would find
 * anything new: with its pipe free and its load still over the in-flight
 * limit, sched_evaluate would give each lg_throttle again, the state it is in,
 * and file it nowhere; then they stay as they are (none is returned), which
 * is the same and saves a herd of evaluations per release in a run held
 * at the limit. The count sched_evaluate compares is the one here: releases were
 * drained before the scans (the main loop drains each cycle while a warp
 * waits), and loads issue after the scan's due warps are looked at.
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

static void sm_handle_event(struct sim *s, const struct event *ev)
{
	switch (ev->kind) {
	case EV_CTA_LAUNCH:
		s->n_cta_events--;
		launch_block(s, ev->arg, s->now);
		break;
	default: /* releases are not events here: see rq_t */
		SIM_ASSERT(!"unknown event kind");
	}
}

static void stats_finish(struct sim *s)
{
	struct sim_stats *st = s->st;
	uint64_t total = 0;

	/* close the states of warps still live (a stopped or deadlocked run) */
	for (int i = 0; i < s->max_warps; i++) {
		struct warp *w = &s->w[i];
		if (w->live && w->pending && w->ops_at < s->now)
			sched_park_at(s, &s->sc[w->sched], w, w->ops_at); /* as sched_flush_pending would have */
		else if (w->live && w->since > s->now) {
			/* its wait was counted ahead to since (pending to its ops_at,
			 * or held from a later cycle): the run ended first */
			st->state_cycles[w->ahead_state] -= w->since - s->now;
			w->state = w->ahead_state;
			w->since = s->now;
		}
		if (w->live && w->parked)
			sched_unpark(s, &s->sc[w->sched], w, ST_NOT_SELECTED, 0);
		if (w->live && s->now > w->since) {
			st->state_cycles[w->state] += s->now - w->since;
			if (s->tl)
				stats_timeline_row(s, w, s->now);
			w->since = s->now;
		}
	}
	for (int k = 0; k < s->nsched; k++) {
		/* the ready set's sums, now that it is empty */
		struct sched *sc = &s->sc[k];
		uint64_t ns = sc->rs_t - sc->rs_c;
		for (int i = 0; i < ST_COUNT; i++) {
			st->state_cycles[i] += sc->rs_l[i];
			ns -= sc->rs_l[i];
		}
		st->state_cycles[ST_WAIT] += sc->rs_c;
		st->state_cycles[ST_NOT_SELECTED] += ns;
		st->warp_instructions += sc->n_warp_insn;
		st->thread_instructions += sc->n_thread_insn;
		s->eligible_sum += sc->eligible_sum;
	}
	for (int k = 0; k < s->nsched; k++)
		if (s->sc[k].resident > 0 && s->now > s->sc[k].active_since)
			s->sched_active += s->now - s->sc[k].active_since;
	if (st->end != END_DONE)
		s->end_cycle = s->now;
	st->cycles = s->end_cycle;
	for (int i = 0; i < ST_COUNT; i++)
		total += st->state_cycles[i];
	st->warp_cycles = total;
	for (int i = 0; i < ST_COUNT; i++)
		st->stalls[i] = total ? (double)st->state_cycles[i] / (double)total : 0.0;
	st->ipc = st->cycles ? (double)st->warp_instructions / (double)st->cycles : 0.0;
	st->achieved_occupancy = st->cycles ? (double)total / ((double)st->cycles * s->max_warps) : 0.0;
	st->eligible_warps_per_cycle = s->sched_active ? (double)s->eligible_sum / (double)s->sched_active : 0.0;
	st->issue_slot_utilization = s->sched_active ? (double)st->warp_instructions / (double)s->sched_active : 0.0;
}

int sim_run(struct sim *s, const struct program *prog, const struct sim_launch *l,
	    struct sim_stats *st, struct err *e)
{
	const struct arch *a = s->a;
	struct occ_input oi;
	int rc;

	memset(st, 0, sizeof *st);
	if (l->blocks < 1)
		return err_set(e, SIM_EINPUT, "blocks: expected at least 1 block for the SM, got %d", l->blocks);
	oi.threads = l->threads_per_block;
	oi.regs = l->regs_per_thread > 0 ? l->regs_per_thread : prog->regs_per_thread;
	oi.smem = l->smem_per_block >= 0 ? l->smem_per_block : prog->smem_per_block;
	oi.carveout_pct = l->carveout_pct;
	if ((rc = occ_compute(a, &oi, &st->occ, e)))
		return rc;
	if (st->occ.blocks_per_sm == 0)
		return err_set(e, SIM_EINPUT, "launch impossible on %s: %d threads, %d registers/thread, %d B shared memory/block: %s",
			       a->name, oi.threads, oi.regs, oi.smem, st->occ.why_zero ? st->occ.why_zero : "no block fits");
	if (prog->ninsn < 1 || prog->code[prog->ninsn - 1].op != OP_EXIT)
		return err_set(e, SIM_EINTERNAL, "program %s: not finished (program_finish was not called)", prog->name);

	/* reset the run state; arrays were sized by sim_create */
	s->p = prog;
	s->code = prog->code;
	s->tl = l->timeline;
	s->policy = (int)l->policy;
	s->l = l;
	s->st = st;
	s->now = 0;
	s->warps_per_block = st->occ.warps_per_block;
	s->blocks_total = l->blocks;
	s->blocks_started = s->blocks_done = 0;
	s->resident_limit = st->occ.blocks_per_sm;
	s->l1_bytes = a->l1SharedCapacityKB * 1024 - st->occ.smem_per_sm;
	if (issue_decode(s, prog)) /* after l1_bytes: the memory level is part of it */
		return err_set(e, SIM_EINTERNAL, "out of memory decoding the program (%d instructions)", prog->ninsn);
	s->smem_free = s->l1_free = s->l2_free = s->dram_free = 0.0;
	s->dq_h = s->dq_n = 0;
	s->dq_sec = 0;
	s->dq_avg = 0.0;
	s->dq_avg_t = 0;
	s->inflight = s->n_lg_wait = 0;
	s->n_cta_events = 0;
	s->sched_active = s->eligible_sum = 0;
	s->end_cycle = 0;
	s->park_ok = l->timeline == NULL;
	memset(s->ocs_tag, 0, sizeof s->ocs_tag);
	memset(s->mc, 0, sizeof s->mc);
	evq_clear(s->q);
	s->evq_min = NEVER;
	s->rq_h = s->rq_n = 0;
	s->rel_next = NEVER;
	s->nstage = 0;
	memset(s->w, 0, sizeof *s->w * (size_t)s->max_warps);
	for (int i = 0; i < s->max_warps; i++) {
		s->w[i].ready = s->ready_store + (size_t)i * ISA_NREGS;
		s->w[i].kind = s->kind_store + (size_t)i * ISA_NREGS;
	}
	memset(s->b, 0, sizeof *s->b * (size_t)s->max_blocks);
	for (int k = 0; k < s->nsched; k++) {
		s->sc[k].n = 0;
		s->sc[k].last = -1;
		s->sc[k].resident = 0;
		s->sc[k].min_wake = NEVER;
		s->sc[k].reuse_warp = -1;
		memset(s->sc[k].wheel, 0, sizeof s->sc[k].wheel);
		s->sc[k].wheel_occ = 0;
		s->sc[k].far_h = s->sc[k].far_n = 0;
		s->sc[k].far_min = NEVER;
		s->sc[k].okpipes = 0;
		s->sc[k].pq_h = s->sc[k].pq_n = 0;
		memset(s->sc[k].pq_np, 0, sizeof s->sc[k].pq_np);
		s->sc[k].pq_pipes = 0;
		s->sc[k].pend_min = NEVER;
		s->sc[k].livem = 0;
		s->sc[k].lgm = 0;
		s->sc[k].lg_due = 0;
		s->sc[k].lg_pipes = 0;
		s->sc[k].nlru = 0;
		s->sc[k].lru = s->sc[k].lru_base;
		memset(s->sc[k].okp, 0, sizeof s->sc[k].okp);
		memset(s->sc[k].per_l, 0, sizeof s->sc[k].per_l);
		memset(s->sc[k].per_c, 0, sizeof s->sc[k].per_c);
		memset(s->sc[k].per_e, 0, sizeof s->sc[k].per_e);
		memset(s->sc[k].tot_l, 0, sizeof s->sc[k].tot_l);
		memset(s->sc[k].tot_c, 0, sizeof s->sc[k].tot_c);
		memset(s->sc[k].rs_l, 0, sizeof s->sc[k].rs_l);
		s->sc[k].rs_c = s->sc[k].rs_t = 0;
		s->sc[k].n_warp_insn = s->sc[k].n_thread_insn = s->sc[k].eligible_sum = 0;
		memset(s->sc[k].pipe_free, 0, sizeof s->sc[k].pipe_free);
		memset(s->sc[k].lanes_free, 0, sizeof s->sc[k].lanes_free);
	}
	st->resident_blocks_per_sm = st->occ.blocks_per_sm < l->blocks ? st->occ.blocks_per_sm : l->blocks;
	st->warps_per_block = st->occ.warps_per_block;
	st->waves = (double)l->blocks / st->occ.blocks_per_sm;
	if (l->timeline)
		fprintf(l->timeline, "warp,scheduler,block,begin,end,state\n");

	for (int bslot = 0; bslot < s->resident_limit && s->blocks_started < s->blocks_total; bslot++)
		launch_block(s, bslot, 0);

	st->end = END_DONE;
	while (s->blocks_done < s->blocks_total) {
		uint64_t next = NEVER;
		if (l->max_cycles && s->now >= l->max_cycles) {
			st->end = END_MAX_CYCLES;
			break;
		}
		if (sm_events_eager(s))
			sm_drain_events(s);
		/* in scheduler order: a scan may make a later scheduler due now */
		for (struct sched *sc = s->sc, *end = s->sc + s->nsched; sc < end; sc++) {
			uint64_t m = sc->min_wake;
			if (m <= s->now)
				m = sched_cycle(s, sc);
			next = m < next ? m : next;
		}
		if (s->blocks_done == s->blocks_total)
			break;
		uint64_t evn = sm_events_eager(s) || next == NEVER ? sm_next_event(s) : NEVER;
		if (evn < next)
			next = evn;
		if (next == NEVER) {
			st->end = END_DEADLOCK;
			break;
		}
		s->now = next > s->now ? next : s->now + 1;
	}
	if (l->max_cycles && s->now > l->max_cycles && st->end == END_MAX_CYCLES)
		s->now = l->max_cycles;
	stats_finish(s);
	if (st->end == END_MAX_CYCLES)
		return err_set(e, SIM_EINPUT, "run stopped at --max-cycles %llu: %d of %d blocks finished (raise --max-cycles or shorten the program)",
			       (unsigned long long)l->max_cycles, s->blocks_done, s->blocks_total);
	if (st->end == END_DEADLOCK) {
		int waiting = 0, blk = -1, exited = 0;
		for (int i = 0; i < s->max_blocks; i++) {
			if (!s->b[i].live || s->b[i].bar_arrived == 0)
				continue;
			if (blk < 0) {
				blk = i;
				exited = s->b[i].warps_total - s->b[i].warps_left;
			}
			waiting += s->b[i].bar_arrived;
		}
		st->deadlock_cycle = s->now;
		st->deadlock_warps = waiting;
		st->deadlock_block = blk;
		return err_set(e, SIM_EINPUT, "deadlock at cycle %llu: %d warp(s) wait at BAR (block slot %d: %d of %d warps arrived, %d exited without reaching it)",
			       (unsigned long long)s->now, waiting, blk, blk >= 0 ? s->b[blk].bar_arrived : 0,
			       blk >= 0 ? s->b[blk].warps_total : 0, exited);
	}
	return SIM_OK;
}

int sim_run_once(const struct arch *arch, const struct program *prog, const struct sim_launch *l,
		 struct sim_stats *st, struct err *e)
{
	struct sim *s = sim_create(arch);
	int rc;
	if (!s)
		return err_set(e, SIM_EINTERNAL, "out of memory creating the simulator");
	rc = sim_run(s, prog, l, st, e);
	sim_destroy(s);
	return rc;
}
