/*
 * sm.h: the cycle-level simulator of one streaming multiprocessor.
 *
 * One SM with arch->subPartitions warp schedulers. Blocks given to the SM
 * become resident as the occupancy calculator (occ.h) allows; the rest
 * wait and launch into freed slots (waves, the tail). Each scheduler issues
 * at most one warp instruction per cycle, chosen by the policy among its
 * eligible warps. Fixed-latency results are ready at issue + the pipe's
 * latency; shared memory, MUFU and global memory results when the memory
 * model returns them, tracked by a per-warp register scoreboard. Global
 * memory passes through bandwidth servers (bytes per cycle) so latency
 * grows under load, and a limit on in-flight sectors throttles issue.
 *
 * The loop steps cycle by cycle while some warp can issue and jumps to the
 * next wake-up (a register becoming ready, a pipe freeing, an event) when
 * none can: cost grows with instructions issued, not cycles waited.
 * Every resident warp-cycle is counted in exactly one state (the stall
 * reasons of Nsight Compute plus "selected"), so the fractions sum to 1.
 */
#ifndef SIM_SM_H
#define SIM_SM_H

#include <stdint.h>
#include <stdio.h>

#include "../isa/isa.h"
#include "cfg.h"
#include "err.h"
#include "occ.h"

/* gto: greedy, then oldest; lrr: loose round robin; gty: greedy, then
 * youngest; grr: greedy, then the eligible warp that issued least recently. */
enum sched_policy { POLICY_GTO, POLICY_LRR, POLICY_GTY, POLICY_GRR, POLICY_BGRR, POLICY_COUNT };
extern const char *const sched_policy_names[POLICY_COUNT];
int sched_find_policy(const char *name);
/* --policy VALUE: sets *out, or SIM_EINPUT naming the choices. */
int sched_parse_policy(const char *value, enum sched_policy *out, struct err *e);

/* Warp states; a resident warp is in exactly one each cycle.
 * Names and meanings follow Nsight Compute's warp-state statistics. */
enum warp_state {
	ST_LONG_SCOREBOARD,   /* waiting on a global-memory (L1TEX) result */
	ST_SHORT_SCOREBOARD,  /* waiting on a shared-memory or MUFU (MIO) result */
	ST_WAIT,              /* waiting on a fixed-latency result */
	ST_MATH_PIPE_THROTTLE,/* its ALU pipe is busy */
	ST_LG_THROTTLE,       /* global-memory queue full (pipe busy or in-flight limit) */
	ST_MIO_THROTTLE,      /* MIO queue busy (shared memory, MUFU) */
	ST_NOT_SELECTED,      /* eligible, another warp issued */
	ST_BARRIER,           /* waiting at BAR for its block */
	ST_NO_INSTRUCTION,    /* fetching the target of a taken branch */
	ST_SELECTED,          /* issued this cycle */
	ST_COUNT
};
extern const char *const warp_state_names[ST_COUNT];

/* How a run ended. */
enum sim_end { END_DONE, END_MAX_CYCLES, END_DEADLOCK };

struct sim_launch {
	int threads_per_block;   /* 1..maxThreadsPerBlock */
	int blocks;              /* blocks given to this SM (grid / SMs) */
	int regs_per_thread;     /* for residency; 0: the program's */
	int smem_per_block;      /* bytes; -1: the program's */
	int carveout_pct;        /* -1 default */
	enum sched_policy policy;
	uint64_t max_cycles;     /* 0: no cap */
	FILE *timeline;          /* borrowed; NULL: none. CSV of warp-state intervals */
	FILE *stamps;            /* borrowed; NULL: none. CSV of the clock reads as simulated
				  * (insn.clock: block, warp, pc, cycle) */
	FILE *trace;             /* borrowed; NULL: none. CSV of every warp instruction's issue
				  * (block, warp, pc, op, cycle), in issue order */
};

struct sim_stats {
	uint64_t cycles;               /* elapsed SM cycles, first issue to last warp's exit; with
					* a .span, its FROM stamp to its TO stamp (program.has_span) */
	uint64_t elapsed_cycles;       /* first issue to last warp's exit, span or not */
	uint64_t warp_instructions;    /* warp-level instructions issued */
	uint64_t thread_instructions;  /* sum of active lanes over issued instructions */
	double ipc;                    /* warp instructions per cycle, per SM */
	double achieved_occupancy;     /* average resident warps / max warps */
	double eligible_warps_per_cycle; /* per scheduler, over its active cycles */
	double issue_slot_utilization; /* issued / scheduler active cycles */
	int resident_blocks_per_sm;    /* from the occupancy calculator */
	int warps_per_block;
	double waves;                  /* blocks / resident blocks */
	uint64_t dram_bytes;           /* bytes moved to and from DRAM */
	uint64_t warp_cycles;          /* resident warp-cycles */
	uint64_t state_cycles[ST_COUNT]; /* warp-cycles in each state */
	double stalls[ST_COUNT];       /* state_cycles / warp_cycles */
	struct occ_result occ;         /* residency details */
	enum sim_end end;
	uint64_t deadlock_cycle;       /* END_DEADLOCK: when */
	int deadlock_warps;            /* END_DEADLOCK: warps waiting at a barrier */
	int deadlock_block;            /* END_DEADLOCK: the first such block */
};

struct sim;

/* Allocates a simulator sized for arch (all state the run needs; the run
 * itself never allocates). arch is borrowed and must outlive the sim. */
struct sim *sim_create(const struct arch *arch);
void sim_destroy(struct sim *s);

/*
 * Runs prog (borrowed) under launch l and fills st. Returns 0 on a normal
 * end; SIM_EINPUT with e set for an impossible launch, a run stopped by
 * max_cycles or a barrier deadlock (st->end says which and st holds the
 * metrics up to that point).
 */
int sim_run(struct sim *s, const struct program *prog, const struct sim_launch *l,
	    struct sim_stats *st, struct err *e);

/* Convenience: create, run, destroy. */
int sim_run_once(const struct arch *arch, const struct program *prog, const struct sim_launch *l,
		 struct sim_stats *st, struct err *e);

#endif /* SIM_SM_H */
