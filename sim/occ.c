/*
 * occ.c: resident blocks per SM from the four resource limits.
 *
 * The rules, per NVIDIA's documentation of the occupancy calculator:
 *  - warps: maxThreadsPerMultiProcessor / warpSize / ceil(threads / warpSize);
 *  - registers: regs * warpSize rounded up to regAllocationUnitSize per warp;
 *    warps are placed per sub-partition, so the SM holds
 *    floor(regsPerMultiprocessor / subPartitions / regsPerWarp) warps in each
 *    of subPartitions; a block must also fit regsPerBlock, counting its warps
 *    rounded up to a multiple of subPartitions;
 *  - shared memory: (smem + reservedSharedMemPerBlock) rounded up to
 *    sharedMemAllocationUnitSize; a block above sharedMemPerBlock needs the
 *    opt-in limit; the SM's capacity is the preferred carveout rounded up to
 *    the next supported step, or the smallest step that holds one block;
 *  - blocks: maxBlocksPerMultiProcessor.
 */
#include "occ.h"

#include <string.h>

const char *const occ_limiter_names[OCC_NLIMITERS] = {
	"warps", "registers", "shared_memory", "blocks",
};

static int round_up(long x, long unit)
{
	return (int)(((x + unit - 1) / unit) * unit);
}

/* Smallest carveout step holding `bytes`; -1 if none does. */
static int carveout_align_up(const struct arch *a, long bytes)
{
	for (int i = 0; i < a->ncarveout; i++)
		if ((long)a->carveout_kb[i] * 1024 >= bytes)
			return a->carveout_kb[i] * 1024;
	return -1;
}

int occ_compute(const struct arch *a, const struct occ_input *in, struct occ_result *r,
		struct err *e)
{
	int warps_per_block, max_warps, lim_w, lim_r, lim_s, lim_b, min;
	long smem_alloc, smem_limit, pref;

	memset(r, 0, sizeof *r);
	if (in->threads < 1 || in->threads > a->maxThreadsPerBlock)
		return err_set(e, SIM_EINPUT, "threads per block: expected an integer in [1, %d] for %s, got %d",
			       a->maxThreadsPerBlock, a->name, in->threads);
	if (in->regs < 0 || in->regs > a->maxRegsPerThread)
		return err_set(e, SIM_EINPUT, "registers per thread: expected an integer in [0, %d], got %d",
			       a->maxRegsPerThread, in->regs);
	if (in->smem < 0)
		return err_set(e, SIM_EINPUT, "shared memory per block: expected bytes >= 0, got %d", in->smem);
	if (in->carveout_pct < -1 || in->carveout_pct > 100)
		return err_set(e, SIM_EINPUT, "carveout: expected a percentage in [0, 100], got %d",
			       in->carveout_pct);

	max_warps = arch_max_warps(a);
	warps_per_block = (in->threads + a->warpSize - 1) / a->warpSize;
	r->warps_per_block = warps_per_block;
	r->max_warps_per_sm = max_warps;

	/* warp slots */
	lim_w = max_warps / warps_per_block;

	/* registers */
	r->regs_per_warp = round_up((long)in->regs * a->warpSize, a->regAllocationUnitSize);
	r->regs_per_block = r->regs_per_warp * warps_per_block;
	if (r->regs_per_warp == 0) {
		lim_r = OCC_UNLIMITED;
	} else {
		int assumed = r->regs_per_warp * round_up(warps_per_block, a->subPartitions);
		if (assumed > a->regsPerBlock || r->regs_per_block > a->regsPerBlock) {
			lim_r = 0;
			r->why_zero = "the block's registers exceed regsPerBlock";
		} else {
			int per_sp = a->regsPerMultiprocessor / a->subPartitions / r->regs_per_warp;
			lim_r = per_sp * a->subPartitions / warps_per_block;
		}
	}

	/* shared memory */
	smem_alloc = round_up((long)in->smem + a->reservedSharedMemPerBlock, a->sharedMemAllocationUnitSize);
	smem_limit = (in->smem > a->sharedMemPerBlock ? a->sharedMemPerBlockOptin : a->sharedMemPerBlock) +
		     (long)a->reservedSharedMemPerBlock;
	r->smem_per_block = (int)smem_alloc;
	if (in->carveout_pct < 0)
		pref = carveout_align_up(a, a->sharedMemPerMultiprocessor);
	else
		pref = carveout_align_up(a, (long)in->carveout_pct * a->sharedMemPerMultiprocessor / 100);
	if (smem_alloc > smem_limit) {
		lim_s = 0;
		r->smem_per_sm = (int)pref;
		r->why_zero = "the block's shared memory exceeds sharedMemPerBlockOptin";
	} else {
		long sm_bytes = pref >= smem_alloc ? pref : carveout_align_up(a, smem_alloc);
		SIM_ASSERT(sm_bytes >= 0); /* smem_limit <= the largest step */
		r->smem_per_sm = (int)sm_bytes;
		lim_s = smem_alloc > 0 ? (int)(sm_bytes / smem_alloc) : OCC_UNLIMITED;
	}

	/* block slots */
	lim_b = a->maxBlocksPerMultiProcessor;

	r->limit[OCC_WARPS] = lim_w;
	r->limit[OCC_REGISTERS] = lim_r;
	r->limit[OCC_SHARED_MEMORY] = lim_s;
	r->limit[OCC_BLOCKS] = lim_b;
	min = lim_w;
	for (int i = 1; i < OCC_NLIMITERS; i++)
		if (r->limit[i] < min)
			min = r->limit[i];
	r->limiter = OCC_NLIMITERS;
	for (int i = 0; i < OCC_NLIMITERS; i++)
		if (r->limit[i] == min) {
			r->limiter_mask |= 1u << i;
			if (r->limiter == OCC_NLIMITERS)
				r->limiter = (enum occ_limiter)i;
		}
	r->blocks_per_sm = min;
	r->warps_per_sm = min * warps_per_block;
	r->occupancy = (double)r->warps_per_sm / max_warps;
	return SIM_OK;
}

long occ_l1_bytes(const struct arch *a, const struct occ_result *r, int carveout_pct)
{
	long cap = (long)a->l1SharedCapacityKB * 1024, smem = r->smem_per_sm;
	if (r->smem_per_block <= a->reservedSharedMemPerBlock && r->blocks_per_sm > 0) {
		/* a block with no shared memory of its own gets the default whatever
		 * the preference: the step holding the reservations of the blocks the
		 * other resources allow (tests/data/h200/mech/l1cfg) */
		long blocks = OCC_UNLIMITED;
		for (int k = 0; k < OCC_NLIMITERS; k++)
			if (k != OCC_SHARED_MEMORY && r->limit[k] < blocks)
				blocks = r->limit[k];
		long need = blocks * (long)r->smem_per_block;
		long step = need > 0 ? carveout_align_up(a, need) : a->carveout_kb[0] * 1024L;
		if (step >= 0)
			return cap - step;
	}
	if (carveout_pct < 0) {
		long need = (long)r->blocks_per_sm * r->smem_per_block;
		smem = need > 0 ? carveout_align_up(a, need) : a->carveout_kb[0] * 1024L;
		if (smem < 0)
			smem = r->smem_per_sm;
	}
	return cap - smem;
}
