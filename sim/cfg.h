/*
 * cfg.h: architecture description, loaded from arch/<name>.json.
 *
 * Field names follow cudaDeviceProp where one exists. Every field is
 * required; unknown keys are errors. See arch/README.md and
 * arch/example.json for the meaning and the source of each number.
 */
#ifndef SIM_CFG_H
#define SIM_CFG_H

#include "../isa/isa.h"
#include "err.h"

#define CFG_MAX_CARVEOUTS 16
#define CFG_MAX_SPREAD 64 /* quantiles in a latency spread */
#define CFG_MAX_TAG_HASH 6 /* masks of memory.l1_tag_hash: up to 64 tag banks */
#define CFG_MAX_LINES 8   /* points of memory.l2_line_cycles: 1, 2, 4, ... 128 lines */

struct arch {
	char name[32];          /* "sm_90" */
	char gpu[96];           /* human name of the modelled part */
	char path[256];         /* file it was loaded from */
	char overrides[1024];   /* what --arch-set / --vary changed, "memory.dram_latency=900,...", "" for none */

	/* device: cudaDeviceProp names */
	int major, minor;                 /* compute capability */
	int multiProcessorCount;          /* SMs on the chip */
	int warpSize;                     /* threads per warp (32) */
	int maxThreadsPerBlock;           /* threads per block limit */
	int maxThreadsPerMultiProcessor;  /* resident threads per SM */
	int maxBlocksPerMultiProcessor;   /* resident blocks per SM */
	int regsPerMultiprocessor;        /* 32-bit registers per SM */
	int regsPerBlock;                 /* registers one block may hold */
	int sharedMemPerMultiprocessor;   /* bytes of shared memory per SM (max carveout) */
	int sharedMemPerBlock;            /* bytes per block without opt-in */
	int sharedMemPerBlockOptin;       /* bytes per block with opt-in */
	int reservedSharedMemPerBlock;    /* bytes the driver reserves per block */
	long l2CacheSize;                 /* bytes */
	int clockRate;                    /* SM clock in kHz */
	long memoryBandwidthGBs;          /* DRAM bandwidth of the chip, GB/s (datasheet) */

	/* allocation granularity */
	int regAllocationUnitSize;        /* registers per warp are rounded up to this */
	int maxRegsPerThread;             /* compiler limit (255) */
	int sharedMemAllocationUnitSize;  /* bytes; shared memory per block is rounded to this */
	int subPartitions;                /* warp schedulers per SM */
	int ncarveout;                    /* entries in carveout_kb */
	int carveout_kb[CFG_MAX_CARVEOUTS]; /* shared-memory capacities the SM can be set to, ascending */
	int l1SharedCapacityKB;           /* unified L1 + shared memory per SM, KB */

	/* pipes, per sub-partition */
	int pipe_lanes[PIPE_COUNT];       /* lanes: issue interval = warpSize / lanes cycles */
	int pipe_latency[PIPE_COUNT];     /* result latency in cycles (xu: MUFU, variable) */

	/* memory */
	int smem_latency;                 /* cycles, dependent LDS */
	int l1_latency;                   /* cycles, L1 hit */
	int l2_latency;                   /* cycles, L2 hit */
	int dram_latency;                 /* cycles, L2 miss, unloaded */
	double smem_bytes_per_cycle;      /* shared-memory bandwidth per SM */
	double l1_bytes_per_cycle;        /* L1 bandwidth per SM */
	int l1_banks;                     /* the L1 data array's banks (a warp load's wavefronts: sim/mem.c); 0: bytes / l1_bytes_per_cycle */
	int l1_bank_bytes;                /* bytes a bank serves a cycle */
	int l1_tag_lines;                 /* distinct lines one wavefront may touch (the tag stage) */
	int n_l1_tag_hash;                /* masks in l1_tag_hash: 0 ([0]: any l1_tag_lines lines a wavefront) or
					   * log2(l1_tag_lines): the tag stage's banks, one line of each a wavefront */
	uint64_t l1_tag_hash[CFG_MAX_TAG_HASH]; /* bit j of a line's tag bank: the parity of its byte address
					   * and mask j (memory.l1_tag_hash) */
	double l1_replay_cycles;          /* a warp's cycles a wavefront once its load has bank conflicts (1: no more than the SM's) */
	double l1_line_cycles;            /* and an L1 hit's further cycles for each replay that brings a line its lane groups
					   * did not (lines beyond the groups, at most one a replay; 0: none) */
	double smem_replay_cycles;        /* the same for an LDS (with l1_banks > 0: LDS on the banked data array) */
	int smem_wave_bytes;              /* bytes of lanes one wavefront of a packed LDS serves (lanes l and l ^ 1,
					   * or l and l ^ 2, on one address, a broadcast included: its lanes in
					   * groups of smem_wave_bytes / width); 0, and every other LDS:
					   * l1_banks x l1_bank_bytes, as the L1 and STS */
	double l1_group_cycles;           /* a lone warp's cycles for each further lane group of an L1 load (8- and
					   * 16-byte lanes: half and quarter warps) (1: no more than the SM's) */
	double smem_group_cycles;         /* the same for an LDS */
	double l1_wide_cycles;            /* an L1 hit of 16 bytes a lane returns its result this much later */
	double l2_bytes_per_cycle;        /* L2 bandwidth per SM */
	double dram_bytes_per_cycle;      /* DRAM bandwidth per SM (chip bandwidth / SMs / clock) */
	double dram_queue_cycles;         /* loaded latency: + q * u / (1 - u) at DRAM utilisation u (0: off),
					   * u the one whose loaded latency holds the bytes in flight */
	int n_queue_curve;                /* entries in queue_curve: 1 ([0]: q's form above) or more */
	double queue_curve[CFG_MAX_SPREAD]; /* or the loaded latency as a measured curve: the delay (cycles)
					   * at u = 0 .. 0.95 evenly spaced (memory.dram_queue_curve) */
	int dram_window_cycles;           /* time constant of the average of the bytes in flight */
	int dram_shared_queue;            /* 1: no per-SM first-come DRAM server: each access draws its loaded delay
					   * (gamma, the curve's mean; past saturation Little's law); 0: the server */
	double dram_queue_scale_cycles;   /* the shared queue's wait: gamma of this scale (variance scale x mean; 0: the mean) */
	double dram_stream_queue_scale_cycles; /* the same for loads of lines side by side (chase and gather loads: the one above) */
	double dram_backlog_cycles;       /* the shared queue: an SM may run this far ahead of its share of the bandwidth */
	double warp_miss_bytes_per_cycle; /* one warp's L2/DRAM data returns at this rate (0: unlimited) */
	double stream_group_bytes_per_cycle; /* > 0: stream and coalesced DRAM loads draw from dram_latency_spread,
					      * neighbouring lines sharing a draw (group=, near=), and a group's lines
					      * return at this rate instead of the warp's miss path; 0: off */
	double store_bytes_per_cycle;     /* > 0: a global store holds the SM's memory data path (where shared
					   * memory loads and shuffles queue too) for its bytes over this rate;
					   * 0: a store holds nothing once issued */
	double store_buffer_bytes;        /* the stores that path holds before the SM's memory instructions
					   * wait to issue (lg or MIO throttle) */
	int store_warp_cycles;            /* a warp's live global or local store holds the warp's own LSU
					   * path this long, not lsu_warp_cycles (0: lsu_warp_cycles) */
	double store_line_cycles;         /* ... and a store holds it this long for each line it writes
					   * (store_bytes_per_cycle then the rate of its sectors' bytes; the
					   * buffer counted in sectors, drained at each store's own rate);
					   * 0: bytes alone */
	int lsu_warp_cycles;              /* cycles between one warp's memory instructions (0: no limit) */
	int n_l2_spread, n_dram_spread;   /* entries in l2_spread, dram_spread */
	double l2_sector_cycles;          /* with an l2_line_cycles rule: an L2 hit's load waits this more for each
					   * sector past the first of the line it asks the most sectors of */
	int n_line_curve;                 /* entries in line_curve: 1 ([0]: no rule, the L2 server's time for the
					   * load's bytes is in its latency) or 2 to CFG_MAX_LINES */
	double line_curve[CFG_MAX_LINES]; /* the rule: an L2 hit's load over 1, 2, 4, 8, ... lines waits this more
					   * than l2_latency (linear between; memory.l2_line_cycles), and the
					   * server's time only when it queues */
	double l2_spread[CFG_MAX_SPREAD]; /* one L2 hit's latency about l2_latency: equally likely quantiles, */
	double dram_spread[CFG_MAX_SPREAD]; /* ascending, their mean removed (all 0: no spread); DRAM likewise */
	int const_latency;                /* constant cache hit (LDC): cycles from its port to the result */
	double s2ur_cycles;               /* S2UR (a special register into a uniform register): SM cycles a warp
					   * instruction, one unit for the SM (0: no limit) */
	int s2ur_latency;                 /* ... and from that unit to its result (with s2ur_cycles > 0) */
	double s2r_cycles;                /* S2R (a special register into a vector register): SM cycles a warp
					   * instruction, one unit for the SM (0: through the shared-memory path) */
	int s2r_latency;                  /* ... and from that unit to its result (with s2r_cycles > 0) */
	double store_insn_cycles;         /* a global or local store: SM cycles of the SM's store unit, which
					   * reads its registers (its warp exits only after), 0: none */
	double store_sector_cycles;       /* ... and for each 32-byte sector past its first */
	double store_off_cycles;          /* ... a store predicated off in every lane (lanes=0): its cycles
					   * of the unit, 0: none */
	double load_off_cycles;           /* a global, local or shared load predicated off in every lane: its
					   * cycles of the same unit (the SM's one slot for memory
					   * instructions), 0: none */
	int load_off_warp_cycles;         /* ... and a global one holds its warp's LSU path this long, 0: the
					   * warp's usual lsu_warp_cycles */
	double store_reg_cycles;          /* ... and for each data register a lane stores past its first
					   * (8 B: 1, 16 B: 3), 0: the width costs nothing */
	int store_warp_reg_cycles;        /* a live store holds its warp's LSU path store_warp_cycles and this
					   * for each data register a lane stores past its first */
	double l2_dirty_bytes;            /* > 0: a global store to lines not in L2 (a stream) is written into the
					   * L2, which holds this many written (dirty) bytes for the GPU; past an
					   * SM's share of them (/ multiProcessorCount) its stores are written back
					   * to DRAM (mem_writeback); 0: stores to such lines go to DRAM */
	double writeback_dram_weight;     /* ... a written-back byte takes the SM's DRAM share and the queue as this
					   * many read bytes */
	int n_wb_curve;                   /* entries in wb_curve: 1 ([0]: write-backs delay no read) or more */
	double wb_curve[CFG_MAX_SPREAD];  /* the mean delay (cycles) a DRAM read meets beside the SM's write-backs
					   * at 0, 1, 2, ... bytes a cycle (memory.writeback_delay_curve) */
	int const_index_cycles;           /* more for an LDC whose address has a register (c[0x3][R2]) */
	double const_cycles_per_addr;     /* constant cache (LDC): SM cycles per distinct address a warp reads (0: as an L1 hit) */
	int const_line_bytes;             /* the constant caches' line: a launch fills each once (mem_cline) */
	int const_miss_cycles;            /* LDC: a launch's first read of a constant line waits this long more for
					   * its fill (0: every line warm, as before round 50) */
	int uconst_miss_cycles;           /* ULDC: the same in the uniform datapath's constant cache (the warp waits) */
	int const_miss_slots;             /* constant-line fills in flight at once, LDC and ULDC together (0: no limit) */
	double const_off_share_cycles;    /* LDC: each copy of a load off in every lane (a thread-0 load in the other
					   * warps) that starts or meets a cold line's fill delays the fill this much
					   * more (the miss path every SM of a launch shares) */
	double const_off_share_max;       /* ... at most this much a line */
	double const_miss_port_cycles;    /* LDC, live or off: the cycles more a read holds the constant port when its line
					   * is not in the cache (cold or on its way) than a hit's const_cycles_per_addr */
	double const_slot_hold_cycles;    /* a fill's slot (const_miss_slots) is free again this long after its line is in
					   * (a full launch's SM; mem_cline) */
	int max_inflight_sectors;         /* outstanding global-memory sectors per SM */
	int sector_bytes;                 /* 32 */
	int line_bytes;                   /* 128 */

	/* timing */
	int cta_launch_cycles;            /* from a free slot to the new block's first issue */
	int warp_launch_group;            /* a launched block's warps start this many at a time (0: all at once) */
	int warp_launch_cycles;           /* ... each group this many cycles after the one before */
	int branch_cycles;                /* after a taken branch, cycles before the target issues */
	int fetch_line_bytes;             /* instruction fetch line (0: none): after a taken branch the next */
	int fetch_line_cycles;            /* line comes this many cycles after the target's (imported code) */
	int fetch_cycles;                 /* a scheduler fetches one taken branch's target (or its next line) every this many cycles (0: no limit) */
	int fetch_turn;                   /* 1: a taken branch's fetch waits for its warp's turn, the scheduler's warps one a cycle; 2: those not waiting at a barrier */
	int loop_cycles;                  /* shortest LOOP trip: the counter -> compare -> branch chain */
	int loop_insns;                   /* instructions a loop's back edge issues: 1 branch; 2 + compare; 3 + counter */
	int regfile_banks;                /* register banks (reg mod banks), one operand read per bank per cycle; 0: no conflicts */
	int operand_reuse;                /* 1: a warp's back-to-back instructions reuse a source in the same slot without a read */
	int bsync_cycles;                 /* after BSYNC (reconvergence), cycles before the warp's next instruction, beyond its stall count */
	int warpsync_cycles;              /* a WARPSYNC that rejoins a divergent region (right after its ENDIF): cycles
					   * before the warp's next instruction, from its turn at the scheduler's
					   * reconvergence unit (0: none) */
	int warpsync_sched_cycles;        /* ... and the cycles each such warp holds that unit */
	int diverge_cycles;               /* a divergent IF (lanes on both paths): cycles at the reconvergence before the next instruction */
	double bar_release_cycles;        /* a barrier's release: its warps resume bar_release_cycles + bar_warp_cycles x warps */
	double bar_warp_cycles;           /*   after the last one arrived (next cycle when both are 0) */
	double bar_arrive_cycles;         /* > 0: the block's barrier takes each arrival bar_arrive_cycles, one after
					   * another, and releases its warps in rows (a warp a scheduler), the highest
					   * first, bar_release_cycles after the last arrival's turn and
					   * bar_warp_cycles x subPartitions a row apart (ctl_barrier_arrive) */
	int yield_switch;                 /* 1: an instruction with the yield hint (control bits) gives up its
					   * scheduler's greedy choice: the next pick goes by the policy's order
					   * (issue_ctl); 0: the hint is ignored */
	int bar_hold_variable;            /* 1: a warp past its block's unreleased BAR.SYNC.DEFER_BLOCKING stops at a
					   * variable-latency instruction too (MUFU, SHFL, S2R, ...); 0: only at memory,
					   * branch, barrier and exit instructions (ctl_barrier_hold) */
	int cross_side_cycles;            /* a fixed-latency result read on the other side (FMA pipes against the ALU)
					   * comes this much later, without control bits (their stall counts hold it) */
	int regfile_shared;               /* 1: the register banks are the scheduler's, shared by its pipes (a bank's
					   * reads wait for the ones it has); 0: each instruction has them to itself */
	int regfile_collectors;           /* with regfile_shared, the scheduler's operand collectors: an instruction
					   * whose reads take more than a cycle holds one from its issue until they
					   * are done and nothing issues while all are held; on the FMA pipes (fma,
					   * fmaheavy) its collection then holds its pipe only until its last bank
					   * starts reading (regfile_fma_free 0, or a guarded instruction) or
					   * its issue interval (regfile_fma_free 1). 0:
					   * every collection holds its pipe to its end */
	int regfile_window;               /* 1 (with regfile_collectors): an instruction issues only once each bank
					   * it reads can deliver its reads within max(2, its most reads of one bank)
					   * cycles; until then its scheduler issues nothing, and its stall count and
					   * result count from then (pipe_window). 0: its reads wait for the banks */
	int regfile_fma_free;             /* 1 (with regfile_collectors): on the FMA pipes (fma, fmaheavy) an
					   * unguarded instruction's collection holds its pipe only its issue
					   * interval, its late reads delaying no other instruction but through
					   * the banks and the collectors (pipe_collector); a guarded one's (@P)
					   * and, with 0, every one's until its last bank starts reading */
	int off_store_reads_data;         /* 0: a global or local store predicated off in every lane of the warp
					   * reads no data registers from the banks (its address registers it does);
					   * 1: every source, as a live store */
	int off_alu_reads;                /* 0: an instruction other than a memory one predicated off in every lane
					   * (lanes=0) reads no registers from the banks (it takes its issue slot and
					   * its pipe); 1: every source, as a live one */
	int wide_issue_cycles;            /* > 1: an IMAD.WIDE holds its scheduler's issue this many cycles, its own
					   * included (nothing else issues in the next wide_issue_cycles - 1); 0 or 1: none */
	int wide_pass_cycles;             /* > 0: IMAD.WIDE takes its pipe for a second pass (two issue intervals)
					   * and holds its warp wide_pass_cycles beyond its stall count; 0: one pass */
	int wide_low_lead_cycles;         /* with wide_pass_cycles: IMAD.WIDE's low word (its first destination)
					   * comes this many cycles before the high word; 0: together */
	int wide_lsu_cycles;              /* with wide_pass_cycles: a memory instruction (LDG, STG, LDS, ...) reads
					   * an IMAD.WIDE's result this many cycles after an ALU-side reader could
					   * (its address: mech_ldgaddr, mech_iwaddr); 0: as the ALU side */
	int lsu_read_cycles;              /* a global or local load's registers are read, and its read scoreboard
					   * clears, this many cycles after its issue (0: with its operands) */
};

/*
 * Loads an architecture. name_or_path is either a name found as
 * <dir>/<name>.json in the first of these folders that has it:
 * $SMSIM_ARCH_DIR alone when set; else ./arch, <exe>/../arch,
 * <exe>/../share/smsim/arch, cfg_installed_arch_dir() (the error for an
 * unknown name lists them in that order); or a path to a JSON file.
 * Returns 0, or SIM_EINPUT/SIM_EIO with the message in e.
 */
int cfg_load(struct arch *a, const char *name_or_path, struct err *e);

/*
 * cfg_load, then the overrides in `set` ("key=value[,key=value]"; NULL or
 * "" for none) written into the parsed document and the whole checked
 * again, so an override passes exactly the checks the file's own value
 * does. The file must pass as written first (its errors name the file);
 * errors of the overrides name `flag` ("--arch-set" when NULL) instead of
 * the file, and the key: `--arch-set: "memory.dram_latency": expected
 * integer in [1, 100000], got 0`. Keys: "section.field" or the field alone
 * (dram_latency), "pipes.P.lanes|latency" or "P.lanes|latency", and
 * allocation.sharedMemCarveoutKB as a list "0:8:...:228". a->overrides
 * gets the canonical form of what was applied.
 */
int cfg_load_set(struct arch *a, const char *name_or_path, const char *set, const char *flag, struct err *e);

/* Parses JSON text (for tests and fuzzing); file names the source in errors. */
int cfg_parse(struct arch *a, const char *text, size_t len, const char *file, struct err *e);
/* cfg_parse with overrides, as cfg_load_set. */
int cfg_parse_set(struct arch *a, const char *text, size_t len, const char *file, const char *set,
		  const char *flag, struct err *e);

/* The canonical name of an override key ("dram_latency" ->
 * "memory.dram_latency") into canon; an unknown key is SIM_EINPUT naming
 * `flag` and listing the closest keys. */
int cfg_key(const char *key, char *canon, size_t n, const char *flag, struct err *e);

/* The keys closest to an unknown one, "memory.dram_latency, ...", into buf
 * ("" when none is close). */
void cfg_close_keys(const char *key, char *buf, size_t n);

/* The folder make install put the architecture files in (compiled in). */
const char *cfg_installed_arch_dir(void);

/* Max resident warps per SM. */
/* Memory levels. */
enum mem_level { LV_SMEM, LV_L1, LV_L2, LV_DRAM };

/*
 * The level a global access of `op` reaches: streaming accesses (pattern
 * stream) and ones without a footprint go to DRAM; a load whose footprint
 * fits the L1 left beside the launch's shared memory (l1_bytes) hits L1;
 * one that fits the L2 hits L2; the rest go to DRAM. Stores take the
 * load's level here; the memory model writes L1-sized ones through to L2.
 * The one rule for the simulator and for Little's-law predictions.
 */
/* Whether the arch has a loaded DRAM delay: dram_queue_cycles, or a
 * dram_queue_curve rising above 0. */
static inline int arch_dram_loaded(const struct arch *a)
{
	return a->n_queue_curve >= 2 ? a->queue_curve[a->n_queue_curve - 1] > 0 : a->dram_queue_cycles > 0;
}

static inline enum mem_level arch_global_level(const struct arch *a, int op, int pattern, uint64_t footprint,
					       long l1_bytes)
{
	if (pattern == PAT_STREAM || footprint == 0)
		return LV_DRAM;
	if (isa_l1_load(op) && l1_bytes > 0 && footprint <= (uint64_t)l1_bytes)
		return LV_L1;
	if (footprint <= (uint64_t)a->l2CacheSize)
		return LV_L2;
	return LV_DRAM;
}

static inline int arch_max_warps(const struct arch *a)
{
	return a->maxThreadsPerMultiProcessor / a->warpSize;
}

#endif /* SIM_CFG_H */
