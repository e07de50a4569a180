/*
 * sm_int.h: the engine's private header, shared by sim/sm.c and its rooms.
 *
 * sim/sm.c is one translation unit: it #includes the rooms (sim/ctl.c,
 * pipe.c, warp.c, mem.c, issue.c, sched.c, launch.c, stats.c), one file per
 * mechanism, the way SQLite's amalgamation joins its sources, so that the
 * compiler inlines across them and the profile-guided build (Makefile,
 * PGO) still sees one file. The rooms are not compiled on their own.
 *
 * This header holds what more than one room reads: the engine's sizes, the
 * per-warp, per-block, per-scheduler and per-SM state (struct warp, block,
 * sched, sim), the decoded instruction (struct uop) and the memory-info
 * cache (struct memc), each field commented with who keeps it; and last,
 * the few functions a room calls in a room #included after it. Field order
 * is tuned: what a scan and an issue touch comes first.
 */
#ifndef SIM_SM_INT_H
#define SIM_SM_INT_H

#include "sm.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "evq.h"

#define NEVER UINT64_MAX    /* a cycle that never comes: no wake-up, no event */
#define MAX_WARPS_PER_BLOCK 32
/* rare paths kept out of the scheduler loop, which the compiler inlines
 * into one function: less code there to lay out and keep in registers */
#define COLD __attribute__((noinline, cold))
#define REL_STAGE 32   /* releases staged before they are filed in order */
#define FQ_CAP 64      /* the far ring: a scheduler's warps (<= 64 in all), each filed once */
#define DECAY_N 1024   /* mem_dram_queue_delay's decay factors kept for gaps below this */
#define QTAB_MAX 65536 /* loaded-DRAM delays tabled, by sectors in the memory system */
#define BDRAW 8        /* a block's shared stream-load draws (struct block bd_*) */
#define QDECK_N 32     /* the shared DRAM queue's factors a shape (mem_queue_rows) */
#define QROWS 13       /* its shapes: QK0 * 2^r, r < QROWS */
#define QK0 (1.0 / 64)
#define DQ_MAX (1u << 20) /* DRAM accesses kept for the delay, at most */
#define OC_SLOTS 256   /* the operand-cycle and memory-info caches, by pc mod OC_SLOTS */
#define PQ_CAP 64      /* the pending ring: at least a scheduler's warps (<= 64 in all) */
_Static_assert(PIPE_COUNT <= 16 && ST_COUNT <= 16, "pq_p packs a pipe and a state in 4 bits each");
#define LRU_SPAN 64    /* lru may advance this far before it moves back to lru_base */

/* The kind of a register's producer (warp.c): what a wait for it shows as
 * (wait, long scoreboard, short scoreboard). */
enum reg_kind { RK_FIXED, RK_LONG, RK_SHORT };
/* The two sides of the fixed-latency pipes (ptxas's stall counts: 4 cycles
 * within a side, 5 across; mech_lpair, round 18) */
enum { SIDE_FMA = 1, SIDE_ALU = 2, SIDE_WIDE = 4, SIDE_SHIFT = 4, RK_MASK = 15 };

enum frame_kind { FR_LOOP, FR_IF };

/* A warp's control stack entry (ctl.c): a loop or an IF. */
struct frame {
	uint8_t kind;        /* enum frame_kind */
	uint8_t else_pending;/* FR_IF: the ELSE path still has to run */
	uint8_t saved_lanes; /* FR_IF: lanes before the IF */
	uint8_t else_lanes;  /* FR_IF: lanes on the ELSE path */
	uint8_t diverged;    /* FR_IF: lanes on both paths: the reconvergence costs diverge_cycles */
	int start;           /* FR_LOOP: index of the LOOP */
	union {
		int end;        /* FR_IF: index of the ENDIF */
		uint32_t trips; /* FR_LOOP: the trips this entry runs (a nested LOOP grow=G counts from it) */
	};
	uint64_t left;       /* FR_LOOP: trips left including the current one */
	uint64_t trip_start; /* FR_LOOP: cycle the current trip began (loop_cycles) */
};

/* One warp slot: its state (warp.c), scoreboard, place in its scheduler's
 * sets (sched.c), control stack (ctl.c) and memory path (mem.c). */
struct warp {
	/* what a scan and an issue touch comes first (two cache lines), the
	 * control stack and the memory-path state after */
	uint8_t resident;    /* holds a warp slot (until its block finishes) */
	uint8_t slot;        /* its index in s->w (< 64) */
	uint8_t live;        /* resident and not exited */
	uint8_t at_bar;      /* waiting for its block's barrier (until bar_ready) */
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
	uint8_t bar_seq;     /* at_bar: its place in the order its block's warps arrived (0 first) */
	int pc;              /* index of the next instruction */
	int sched;           /* sub-partition */
	int sectors;         /* queue_check: the sectors that load takes (lanes_sectors) */
	uint64_t wake;       /* earliest cycle it may issue; NEVER: an event wakes it */
	uint64_t since;      /* cycle the current state began */
	uint64_t ops_at;     /* pending: the cycle its operands are ready */
	uint64_t fetch_ready;/* after a taken branch: cycle the target can issue */
	uint64_t bar_ready;  /* a barrier it arrived at: the cycle it releases the warp, NEVER
			      * while its block has not all arrived, 0 none (ctl_barrier_arrive) */
	uint64_t line_ready; /* after a taken branch: cycle the fetch line after the target's arrives */
	int32_t line_next;   /* that line's first instruction + 1 (0: none; -1: a branch was
			      * taken at this issue, set at its end) */
	uint64_t lsu_free;   /* cycle this warp may issue its next memory instruction */
	uint64_t st_path;    /* cycle its live stores' data reads end (mem_store_path) */
	uint64_t drain;      /* latest ready cycle of any register written: EXIT waits for it */
	uint64_t last_issue; /* cycle it last issued (+1; 0 never), for GRR */
	uint64_t *ready;     /* [ISA_NREGS] cycle each register's value is ready */
	uint8_t *kind;       /* [ISA_NREGS] enum reg_kind of its producer, and a fixed-latency
			      * producer's side (SIDE_* << SIDE_SHIFT) */
	double miss_free;    /* when this warp's miss-return path is free (warp_miss_bytes_per_cycle) */
	int32_t near_draw[ISA_NEAR_GROUPS]; /* the latency draw of its last group=G load, by G - 1 (mem_draw) */
	uint8_t near_qj[ISA_NEAR_GROUPS]; /* the shared DRAM queue's deck position of its last group=G load (mem_queue_pos) */
	int block;           /* block slot */
	int wib;             /* warp index within its block */
	struct frame stack[ISA_MAX_NEST];
	double l1_path_free; /* when this warp's L1 and LDS replays are done (memc l1_path) */
} __attribute__((aligned(64)));

/* One block slot (launch.c; BAR in ctl.c). */
struct block {
	int live;            /* resident */
	int seq;             /* launch order on the SM, 0 first (run --stamps) */
	int warps_total;     /* its warps */
	int warps_left;      /* not exited */
	int bar_arrived;     /* warps waiting at the current BAR */
	double bar_turn;     /* bar_arrive_cycles > 0: when its barrier has taken the arrivals so far */
	int slot[MAX_WARPS_PER_BLOCK]; /* its warp slots */
	uint64_t mask;       /* its warp slots, by bit */
	/* the latency draws its warps' stream loads share (mem_block_draw):
	 * by pc mod BDRAW, the load's pc + 1 (0: none), until when, the warps
	 * (by wib) that took it, the spread's draw and the shared DRAM queue's
	 * deck position */
	uint32_t bd_pc[BDRAW];
	uint64_t bd_until[BDRAW];
	uint32_t bd_warps[BDRAW];
	int32_t bd_spread[BDRAW];
	uint8_t bd_qpos[BDRAW];
};

/* One warp scheduler (sched.c), with its pipes' state (pipe.c) and its
 * warps held by the in-flight limit (mem.c). */
struct sched {
	/* the small fields each scan reads first, the per-warp and per-cycle
	 * arrays after them */
	int n;               /* live warps in list */
	int *list;           /* warp slots in age order */
	int last;            /* warp slot issued last, -1 none */
	int resident;        /* live warps (for active cycles) */
	uint64_t min_wake;   /* no warp of this scheduler is due before this cycle */
	uint64_t fetch_free; /* its instruction fetch takes the next taken branch's target from this cycle */
	uint64_t wsync_free; /* its reconvergence unit takes the next rejoining WARPSYNC from this cycle (ctl_skip_pseudo) */
	uint64_t wheel_occ;  /* non-empty slots of wheel[] */
	uint64_t far_min;    /* the earliest far wake-up (NEVER: none) */
	unsigned far_h, far_n; /* the far ring (far_t, far_s) */
	int reuse_warp;      /* warp whose sources sit in the operand reuse cache, -1 none */
	/* the reuse cache, one a pipe (pipe_reuse_keep). With control bits:
	 * the register each of its first rc_n operand slots holds for
	 * reuse_warp, RC_NONE none; rc_any: some rc_n is not 0. Without: the
	 * instruction whose register sources it holds, rc_pc, valid while
	 * rc_pgen equals rc_gen, which a warp switch advances (pipe_reuse_pc) */
	uint16_t rc[PIPE_COUNT][ISA_MAX_SRC];
	uint8_t rc_n[PIPE_COUNT];
	int rc_any;
	int rc_pc[PIPE_COUNT];
	uint64_t rc_pgen[PIPE_COUNT];
	uint64_t rc_gen;
	int reuse_pc;        /* that warp's instruction: its destination is forwarded, not read */
	uint64_t active_since; /* cycle it last got a resident warp (active cycles) */
	unsigned pq_h, pq_n; /* the pending ring (pq_t) */
	uint64_t pend_min;   /* the earliest ops_at (NEVER: none) */
	unsigned okpipes;    /* pipes whose okp is not empty, by bit */
	uint64_t livem;      /* live warps of this scheduler, by slot bit */
	uint64_t lgm;        /* warps waiting for in-flight sectors to leave (lg_throttle) */
	int lg_due;          /* sectors have left since they last looked (mem_lg_wake) */
	int lg_sec;          /* the fewest sectors one of them needs (lgm not empty) */
	unsigned lg_pipes;   /* their pipes, by bit */
	int *lru;            /* live warps, least recently issued first (never issued: oldest first) */
	int nlru;            /* warps in lru */
	int *lru_base;       /* lru lies in lru_base[0, 2 * LRU_SPAN): issuing the first
			      * moves it past the last by advancing lru, no copy */
	uint64_t pipe_free[PIPE_COUNT]; /* cycle each pipe accepts the next instruction */
	uint64_t lanes_free[PIPE_COUNT]; /* the part of pipe_free due to its lanes (the rest is operand collection) */
	uint64_t bank_free[8]; /* regfile_shared: cycle each register bank has read what it was given */
	uint64_t oc_free[8];   /* regfile_collectors: cycle each operand collector is free (pipe_collector) */
	unsigned oc_reads;     /* pipe_collect: the last collection's reads by bank (pipe_collector) */
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
	 * they join, only when the scheduler is next due (see
	 * sched_flush_pending). A ring of PQ_CAP in ops_at order from pq_h,
	 * pq_n of them: the cycle, the warp slot, and the pipe of its
	 * instruction with the state that pipe's throttle shows as; the count
	 * by pipe keeps sched_pend_due O(1) while they all wait on one pipe. */
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
 * An instruction decoded once per run, by pc (issue.c): what issue, the
 * dependence checks and the scheduler read of it each time it comes round,
 * so that the hot path reads one small record instead of the instruction,
 * the opcode table and the caches.
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
	U_DRAIN = 128,   /* wait for every outstanding result (EXIT, wait=all) */
	U_CTL = 256,     /* follows its control bits: stall count, scoreboards (insn.has_ctl) */
	U_XDST = 512,    /* writes more registers than dst (insn.xdst: pairs, predicate outputs) */
	U_BSYNC = 1024,  /* reconverges (BSYNC): the warp waits bsync_cycles more (ctl_bsync) */
	U_MIOX = 2048,   /* meets the store path (store_bytes_per_cycle, store_insn_cycles or
			  * store_warp_cycles > 0):
			  * a global or local store, a shared-memory instruction or a shuffle
			  * (mem_store_path), an S2UR with s2ur_cycles > 0, or a global store
			  * with l2_dirty_bytes > 0 (mem_writeback) */
	U_STAMP = 4096,  /* a .span stamp (program.span_insn): its issue by a block's first
			  * warp is recorded (issue_stamp) */
	U_BANKED = 8192, /* a shared-memory access on the bank rule (lanes_smem_banked) */
	U_SDRAIN = 16384, /* STS or ATOMS: the warp's EXIT waits for it (mem_issue) */
	U_OFF = 32768    /* a memory instruction predicated off in every lane (insn.off: mem_off_done) */
};
#define RC_NONE 0xffff  /* sched.rc: an empty operand slot */
#define NLINE_RUN 0x40000000 /* sim.nline: a warp there runs into the next line (no branch between) */
#define UOP_NOWRITE 0xff /* uop.wkind: no ALU result to write */
/* The stall count's register: an instruction with control bits writes it
 * ready at issue + stall, and the warp's next instruction waits for it
 * (a fixed-latency wait: ST_WAIT, as Nsight counts stall counts). */
#define REG_STALL (ISA_SB0 + ISA_NSB)
_Static_assert(REG_STALL < ISA_NREGS, "the stall count's register lies in the register name space");
/* the registers warp_regs_ready may read for one instruction: sources, the
 * guard, wait= registers; or with control bits the wait mask and the stall */
#define UOP_MAX_CHK (ISA_MAX_SRC + 1 + ISA_MAX_XWAIT)

struct uop {
	uint16_t flags;
	uint8_t pipe;        /* the pipe it issues to (ENDLOOP: see pipe_of) */
	uint8_t thr;         /* pipe_throttle_state(in, pipe) */
	uint8_t wkind;       /* RK_* of its ALU result, UOP_NOWRITE when none */
	uint8_t nchk;
	uint8_t oc0;         /* pipe_reads_cycles of rd0 */
	uint8_t offdata;     /* sources not read when off (the last ones): a global or local store's data
			      * registers with off_store_reads_data 0, read only with a lane on; every source
			      * of an arithmetic instruction off in every lane (lanes=0) with off_alu_reads 0 */
	uint16_t dst;
	uint16_t rd0;        /* pipe_bank_reads with nothing reused or forwarded */
	int32_t lat;         /* the ALU result's latency less one */
	/* the registers warp_regs_ready reads: sources, then wait= registers,
	 * each once, none that nothing in the program writes (RZ among them:
	 * ready at 0, they never change the latest) */
	uint16_t chk[UOP_MAX_CHK];
	uint8_t miss;        /* an LDG served by L2 or DRAM: its data returns through
			      * the warp's miss path */
	uint8_t unit;        /* enum isa_unit: where a memory result comes from (mem_issue) */
	uint8_t stall;       /* U_CTL: cycles before the warp's next instruction (at least 1) */
	uint8_t rsb;         /* U_CTL: the read scoreboard's register, 0 none */
	uint16_t rsb_reg;
	uint16_t rsb_at;     /* U_CTL: cycles after issue before the read scoreboard clears at the
			      * earliest (a global or local load: lsu_read_cycles, up to 1000), else 0 */
	uint8_t sbmax;       /* U_CTL: dst is a scoreboard: a result posted on it clears it no
			      * sooner than the ones already posted (the latest lands last) */
	uint8_t pside;       /* the side its fixed-latency result is made on (SIDE_* << SIDE_SHIFT), 0 none */
	uint8_t xside;       /* the other side's bit (<< SIDE_SHIFT) when a register it reads may come
			      * from there (those results reach it xcross later), else 0 */
	uint8_t xcross;      /* by cross_side_cycles */
	uint8_t xbusy;       /* cycles its pipe is held beyond the issue interval (IMAD.WIDE's
			      * second pass: wide_pass_cycles) */
	uint8_t hold;        /* > 1: cycles it holds its scheduler's issue, its own included
			      * (IMAD.WIDE: wide_issue_cycles), else 0 */
	uint8_t lead;        /* cycles its first destination is ready before the others, which come
			      * on its side too (IMAD.WIDE's low word: wide_low_lead_cycles), else 0 */
	uint8_t yld;         /* U_CTL with the yield hint and yield_switch: after it the scheduler
			      * does not stay on the warp (issue_ctl) */
	int16_t cl;          /* a constant load whose line is known (insn.caddr) and whose cache has a
			      * cold fill (const_miss_cycles, uconst_miss_cycles): its line's index in
			      * sim.cl (mem_cline); -1 none */
};

/* A constant line's state in a run (mem_cline). */
struct cline {
	double ready;        /* the cycle its fill lands (its answer), -1 cold: nothing read it yet */
	double share;        /* the delay the off copies that met its fill have added */
	int pc;              /* the last thread-0 load whose off copies were counted into it, -1 none */
};

/* The memory-info cache's entry (mem.c, mem_info). */
struct memc {
	uint32_t tag;        /* pc + 1 */
	uint8_t lanes;       /* the warp's active lanes it was computed for */
	uint8_t lv;          /* the level it is served at: mem_global_level, stores and atomics at L2, constants at L1 */
	uint8_t cport;       /* a constant load served by the constant cache's port (const_cycles_per_addr) */
	uint8_t cindex;      /* cport: its address has a register (const_index_cycles) */
	uint8_t partial;     /* a random walk near a cache's capacity: the level is drawn per access
			      * (mem_level_draw): L1 with p_l1, else L2 up to p_l2, else DRAM */
	uint8_t spread;      /* the levels whose latency it draws from their spread (mem_draw), by bit
			      * (1 << SP_L2, 1 << SP_DRAM): a random walk's load (pattern=chase) at L2
			      * and DRAM, with stream_group_bytes_per_cycle any other global load at
			      * DRAM; 0 for the rest */
	uint8_t chain;       /* its DRAM lines return behind the warp's miss path so far (miss_free):
			      * always, or with stream_group_bytes_per_cycle only a near=G load's */
	int sectors;         /* lanes_sectors */
	double bytes;        /* sectors * sector_bytes */
	double lv_cycles;    /* bytes / the level's bytes per cycle (a global access) */
	double l2_cycles;    /* bytes / l2_bytes_per_cycle: with the shared DRAM queue, DRAM data's
			      * time on the SM's path from L2 (mem_issue) */
	double miss_cycles;  /* bytes / warp_miss_bytes_per_cycle */
	double l2_add;       /* l2rule: what an L2 hit adds to l2_latency (lanes_l2_add) */
	double l1_path;      /* an L1 hit or LDS with bank conflicts or further lane groups: the warp's own time for it
			      * (wavefronts, each replay l1_replay_cycles or smem_replay_cycles);
			      * 0 none (lanes_waves) */
	uint8_t wb;          /* a store to lines not in L2, written into it (l2_dirty_bytes): counted
			      * in the SM's dirty bytes, written back past its share (mem_writeback) */
	uint8_t lines;       /* the distinct lines a DRAM load touches (lanes_geom): each draws its own
			      * wait beside write-backs (mem_wb_delay); a global store's, each holding
			      * the store path store_line_cycles (mem_store_path); 1 otherwise */
	uint8_t l2rule;      /* a load under the L2 line rule (l2_line_cycles): its latency from its
			      * lines and sectors, the L2 server's time only when it queues */
	double p_l1, p_l2;   /* partial: P(L1), P(L1 or L2) */
	double lv_cyc[4];    /* partial: lv_cycles at each level (by enum mem_level) */
};

/* One SM: everything a run needs, sized by sim_create (sm.c). */
struct sim {
	const struct arch *a; /* borrowed */
	int max_warps, nsched, max_blocks; /* warp slots, schedulers, block slots */
	struct warp *w;      /* [max_warps] */
	uint64_t *ready_store; /* the warps' ready[] arrays */
	uint8_t *kind_store; /* the warps' kind[] arrays */
	struct block *b;     /* [max_blocks] */
	struct sched *sc;    /* [nsched] */
	int *list_store;     /* the schedulers' list[] arrays */
	int *lru_store;      /* the schedulers' lru_base[] arrays */
	int park_ok;         /* use the ready set (off with a timeline: it needs per-warp intervals) */
	struct evq *q;       /* block launches (releases have their own ring: rq_t) */
	int interval[PIPE_COUNT]; /* issue interval of each pipe, cycles (pipe.c) */
	uint8_t bank_of[ISA_NREGS]; /* register file bank of each register */
	int rf_shared;       /* regfile_shared with banks (pipe_init) */
	int oc_n;            /* regfile_collectors with rf_shared, else 0 (pipe_init) */
	int rf_window;       /* regfile_window with oc_n (pipe_init) */
	int rf_fma_free;     /* regfile_fma_free with oc_n (pipe_init) */
	double *decay;       /* [DECAY_N] exp(-dt / dram_window_cycles) for dt = 0, 1, ... */
	uint32_t *qtab;      /* [qn] mem_queue_delay_at(n sectors) */
	int qn;
	int qsat;            /* from this many sectors on, the delay is qmax */
	uint32_t qmax;       /* the delay at u = 0.95 */
	int dq_span;         /* a DRAM access counts in the memory system for at most this many cycles */
	/* operand reads by bank (and their cycles) of instruction pc, without
	 * control bits, issued right after the same warp's instruction
	 * ocs_prev with its pipe's reuse cache holding instruction ocs_rcpc's
	 * sources, at pc mod OC_SLOTS with tag pc + 1 (0: empty); cleared for
	 * each run (with nothing reused or forwarded they depend on the
	 * instruction alone: uop.rd0, oc0) */
	uint32_t ocs_tag[OC_SLOTS];
	int ocs_prev[OC_SLOTS];
	int ocs_rcpc[OC_SLOTS];
	uint16_t ocs_rd[OC_SLOTS];
	uint8_t ocs_val[OC_SLOTS];
	/* a memory instruction's level, sectors and the server times its bytes
	 * take, for instruction pc with `lanes` active lanes, at pc mod OC_SLOTS
	 * with tag pc + 1 (0: empty); cleared for each run */
	struct memc mc[OC_SLOTS];

	struct uop *uop;     /* [uop_cap], the program's instructions decoded (issue_decode) */
	int32_t *nline;      /* [uop_cap]: the first instruction of the next fetch line + 1, 0 none (issue_decode);
			      * | NLINE_RUN when no branch lies between */
	int nline_on;        /* some nline is not 0, or fetch_cycles: a taken branch books its fetch (issue_warp) */
	int uop_cap;

	/* the run */
	const struct program *p;
	const struct sim_launch *l;
	const struct insn *code; /* p->code */
	FILE *tl;            /* l->timeline */
	FILE *stamps;        /* l->stamps */
	FILE *trace;         /* l->trace */
	int policy;          /* l->policy */
	struct sim_stats *st; /* the caller's, filled as the run goes */
	uint64_t now;        /* the current cycle */
	int warps_per_block; /* from the occupancy calculator */
	/* blocks given to the SM, launched so far, finished; resident at once */
	int blocks_total, blocks_started, blocks_done, resident_limit;
	int l1_bytes;        /* L1 data capacity after the shared-memory carveout */
	double smem_free, l1_free, l2_free, dram_free; /* server free-at times */
	double st_free;      /* where the SM's stores stand (mem_store_path) */
	int scan0;            /* the scheduler scanned first each cycle (mem_store_path turns it) */
	double s2ur_free;    /* the SM's S2UR unit (s2ur_cycles): free-at time */
	double s2r_free;     /* the SM's S2R unit (s2r_cycles): free-at time */
	double stu_free;     /* the SM's store unit (store_insn_cycles): free-at time */
	double wb_rate;      /* the SM's write-back bytes a cycle, averaged (mem_writeback), as at wb_t */
	uint64_t wb_t;
	double wb_frac;      /* the part of a sector the write-backs' weighted sectors carry to the next */
	double dirty;        /* bytes this SM has stored into L2 lines it did not hold (l2_dirty_bytes) */
	double const_free;   /* the constant cache's port: free-at time */
	struct cline *cl;    /* the constant lines the program reads (uop.cl), reset each run (mem_cline) */
	uint32_t *cl_key;    /* their cache, bank and line, decoded with the uops (issue_cline) */
	int cl_n;
	double cl_slot[64];  /* the fills in flight: when each of const_miss_slots slots is free again */
	uint64_t frng;       /* where the instruction fetch stands when a taken branch asks (issue_fetch_book): reset each run */
	int bar_open;        /* blocks some of whose warps wait at a barrier the rest have not reached (fetch_turn 2) */
	uint64_t bar_rel_until; /* the latest release a barrier has given (fetch_turn 2: no warp waits past it unless bar_open) */
	uint64_t rng;        /* the level draws of partial hits and latency spreads (mem_rand): reset each run */
	uint64_t qrng;       /* the shared DRAM queue's deck (mem_queue_draw): reset each run */
	double qf[QROWS][QDECK_N]; /* the shared DRAM queue's factors of its mean delay, by shape (mem_queue_rows) */
	/* the latency spreads, [SP_L2] about l2_latency and [SP_DRAM] about
	 * dram_latency (arch, mean removed, whole cycles): one entry per access
	 * (mem_spread); sp_n 0: none. [SP_QUEUE]: the deck of the shared DRAM
	 * queue's positions in qf (mem_queue_pos), sp_n 0 with the queue off.
	 * Each deck in a shuffled order, dealt one an access and reshuffled
	 * when all are used (sp_pos == sp_n; reset each run) */
	int sp_n[3];
	double sp[2][CFG_MAX_SPREAD];
	uint8_t sp_perm[3][CFG_MAX_SPREAD];
	int sp_pos[3];
	/* DRAM accesses in the memory system (issued, their data not yet out of
	 * DRAM): a wheel of the sectors whose accesses end at each cycle, by
	 * cycle mod dq_mask + 1 (more than dq_span), dq_bits marking the
	 * cycles that hold some (mem_dq_add, mem_queue_delay's drain), dq_sec
	 * sectors in all */
	uint32_t *dq_w;
	uint64_t *dq_bits;
	unsigned dq_mask;
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
	int n_lg_wait;       /* warps held by the in-flight limit, in all schedulers */
	uint64_t sched_active;  /* scheduler active cycles, summed */
	uint64_t eligible_sum;  /* eligible warps summed over scheduler-cycles */
	uint64_t end_cycle;  /* the cycle after the last EXIT so far (stats.c: cycles) */
	uint64_t span_t0;    /* .span: the earliest issue of its FROM stamp by a block's warp 0 (NEVER: none yet) */
	uint64_t span_t1;    /* ... the latest of its TO stamp (0 with span_seen's bit 1 clear) */
	int span_seen;       /* bit k: stamp k issued */
};

/* Whether the run's .span is a span: both stamps issued, TO no earlier than
 * FROM (stats_finish then reports it as cycles; sim_run errs otherwise). */
static inline int span_valid(const struct sim *s)
{
	return s->span_seen == 3 && s->span_t1 >= s->span_t0;
}

/* The next 64 random bits of the sequence *state: xorshift64*. */
static inline uint64_t xorshift64s(uint64_t *state)
{
	uint64_t x = *state;
	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*state = x;
	return x * 0x2545F4914F6CDD1DULL;
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

/*
 * The rooms are #included by sm.c in this order: ctl, pipe, warp, mem,
 * issue, sched, launch, stats, then sm.c's own loop. These are the calls
 * that reach a room #included later (or the loop), declared here once;
 * each is defined, with its contract, in the file named.
 */
static inline void warp_set_state(struct sim *s, struct warp *w, int state);            /* warp.c */
static inline void sched_wake_at(struct sim *s, struct warp *w, uint64_t t);             /* sched.c */
static void sched_leave(struct sim *s, struct sched *sc, int slot);                      /* sched.c */
static void launch_warp_done(struct sim *s, struct block *b);                            /* launch.c */
static void stats_timeline_row(struct sim *s, const struct warp *w, uint64_t end);       /* stats.c */
static inline void sm_drain_events(struct sim *s);                                       /* sm.c */

#endif /* SIM_SM_INT_H */
