/*
 * occ.h: the occupancy calculator.
 *
 * Implements the residency rules of NVIDIA's CUDA Occupancy Calculator
 * (CUDA C++ Programming Guide, "Occupancy"; Nsight Compute "Occupancy"
 * section): resident blocks per SM are the minimum of the warp-slot,
 * register, shared-memory and block-slot limits, with registers allocated
 * per warp in units of regAllocationUnitSize and per sub-partition, and
 * shared memory rounded to sharedMemAllocationUnitSize plus the per-block
 * reservation, within the carveout in effect. The simulator takes its CTA
 * residency from here; there is no second copy of these rules.
 */
#ifndef SIM_OCC_H
#define SIM_OCC_H

#include "cfg.h"

enum occ_limiter { OCC_WARPS, OCC_REGISTERS, OCC_SHARED_MEMORY, OCC_BLOCKS, OCC_NLIMITERS };

#define OCC_UNLIMITED 0x7fffffff /* a resource that sets no limit (no shared memory) */

struct occ_input {
	int threads;      /* threads per block, 1..maxThreadsPerBlock */
	int regs;         /* registers per thread, 0..255 */
	int smem;         /* shared memory per block in bytes (static + dynamic) */
	int carveout_pct; /* preferred shared-memory carveout, 0..100, or -1 for the default */
};

struct occ_result {
	int blocks_per_sm;           /* resident blocks (0: cannot launch) */
	int warps_per_sm;            /* resident warps */
	int max_warps_per_sm;        /* architectural maximum */
	double occupancy;            /* warps_per_sm / max_warps_per_sm */
	enum occ_limiter limiter;    /* the first of warps, registers, shared_memory, blocks at the minimum */
	unsigned limiter_mask;       /* every limiter at the minimum (1 << enum) */
	int limit[OCC_NLIMITERS];    /* blocks each resource alone allows (OCC_UNLIMITED: none) */
	int warps_per_block;
	int regs_per_warp;           /* registers allocated per warp after granularity */
	int regs_per_block;          /* registers allocated per block */
	int smem_per_block;          /* shared memory allocated per block after granularity and reservation */
	int smem_per_sm;             /* shared-memory capacity of the SM in effect (carveout) */
	const char *why_zero;        /* when blocks_per_sm is 0: a sentence saying why */
};

extern const char *const occ_limiter_names[OCC_NLIMITERS];

/*
 * Computes residency. Inputs outside the architecture's bounds (threads not
 * in 1..maxThreadsPerBlock, regs not in 0..maxRegsPerThread, negative
 * shared memory, carveout not in -1..100) are SIM_EINPUT errors naming the
 * field. A launch that is valid input but cannot fit (shared memory above
 * the opt-in limit, registers above regsPerBlock) returns 0 with
 * blocks_per_sm = 0 and why_zero set, as the calculator does.
 */
int occ_compute(const struct arch *a, const struct occ_input *in, struct occ_result *r,
		struct err *e);

/*
 * The L1 data capacity a launch runs with: the unified capacity less the
 * shared memory the driver configures. With the default carveout
 * (carveout_pct -1) that is the smallest carveout step holding the
 * resident blocks' shared memory, not the calculator's maximum: on the
 * H200 a random chase stays in L1 up to 64 KB beside one block of 120 KB
 * (step 132 KB: 124 KB of L1), up to 128 KB with no shared memory
 * (tests/data/h200/import, chase_lat), and with a few KB the step the
 * blocks the other resources allow need (32, 64 and 100 KB blocks leave
 * no L1 a chase can hit: tests/data/h200/mech/l1cfg). A given carveout is
 * the calculator's (r->smem_per_sm), except for blocks with no shared
 * memory of their own, which get the default whatever the preference (a
 * chase starts missing at 223 KB with preference 0 and with none).
 */
long occ_l1_bytes(const struct arch *a, const struct occ_result *r, int carveout_pct);

#endif /* SIM_OCC_H */
