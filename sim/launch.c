/*
 * launch.c: residency, block launch and waves. A room of sim/sm.c
 * (#included there, not compiled on its own; see sm_int.h).
 *
 * Models the blocks given to the SM: as many are resident at once as the
 * occupancy calculator allows (occ.c, the same code as smsim occupancy:
 * warp slots, registers, shared memory, block slots, with their allocation
 * granularity); the rest wait and launch into the slots of a block that
 * finished (waves, and the tail of the last one). A launched block's warps
 * take the free warp slots in order and go to scheduler slot mod
 * subPartitions, all lanes active but a partial last warp's.
 *
 * Evidence (tests/data/h200, see its README): the residency equals
 * cudaOccupancyMaxActiveBlocksPerMultiprocessor on all 2,340 rows of
 * occupancy.csv; the validation sweep's launch shape (one or two blocks per
 * SM, sweep.csv) is the --warps shorthand's.
 *
 * Reads from struct arch: cta_launch_cycles, warp_launch_group,
 * warp_launch_cycles, and through occ_compute the
 * residency limits (maxThreadsPerMultiProcessor, maxBlocksPerMultiProcessor,
 * regsPerMultiprocessor, shared memory and allocation units).
 */
#ifndef SIM_SM_C
#error "sim/launch.c is a room of sim/sm.c: #included there, not compiled on its own"
#endif
#include "sm_int.h"

/* The launch's residency, st->occ, from the occupancy calculator (the
 * program's registers and shared memory unless the launch gives them):
 * SIM_EINPUT for no blocks or for a launch of which no block fits. */
static int launch_residency(const struct arch *a, const struct program *prog, const struct sim_launch *l,
			    struct sim_stats *st, struct err *e)
{
	struct occ_input oi;
	int rc;

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
	return SIM_OK;
}

/* Block slot bslot (free) takes the next waiting block at cycle t: its
 * warps take the free warp slots in order, due at t, or warp_launch_group
 * at a time, each group warp_launch_cycles after the one before: on the
 * H200 a block's start barrier releases thread 0 52 and 53 cycles after
 * its entry with 1 and 8 warps, 113 with 32 (tests/data/h200/mech/cta,
 * mech_cta): 8 warps at once, the next 8 about 20 cycles later. */
static void launch_block(struct sim *s, int bslot, uint64_t t)
{
	struct block *b = &s->b[bslot];
	int threads = s->l->threads_per_block;

	b->live = 1;
	b->warps_total = s->warps_per_block;
	b->warps_left = s->warps_per_block;
	if (b->bar_arrived)
		s->bar_open--;
	b->bar_arrived = 0;
	b->bar_turn = 0.0;
	b->mask = 0;
	memset(b->bd_pc, 0, sizeof b->bd_pc);
	b->seq = s->blocks_started++;
	for (int i = 0, slot = 0; i < s->warps_per_block; i++, slot++) {
		while (s->w[slot].resident)
			slot++;
		SIM_ASSERT(slot < s->max_warps);
		struct warp *w = &s->w[slot];
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
		ctl_skip_pseudo(s->p, s->a, w, t, 1, &s->sc[slot % s->nsched]);
		b->slot[i] = slot;
		b->mask |= 1ull << slot;
		uint64_t tw = t;
		if (s->a->warp_launch_group > 0)
			tw += (uint64_t)(i / s->a->warp_launch_group) * (uint64_t)s->a->warp_launch_cycles;
		sched_enter(s, &s->sc[w->sched], slot, t);
		sched_wake_at(s, w, tw); /* resident from t, issuing from tw */
	}
}

/* The first wave, at cycle 0: as many blocks as are resident at once. */
static void launch_first_wave(struct sim *s)
{
	struct sim_stats *st = s->st;
	int blocks = s->l->blocks;

	st->resident_blocks_per_sm = st->occ.blocks_per_sm < blocks ? st->occ.blocks_per_sm : blocks;
	st->warps_per_block = st->occ.warps_per_block;
	st->waves = (double)blocks / st->occ.blocks_per_sm;
	for (int bslot = 0; bslot < s->resident_limit && s->blocks_started < s->blocks_total; bslot++)
		launch_block(s, bslot, 0);
}

/* A warp of block b exited (ctl_exit). The block's last frees its slots,
 * and a waiting block launches into them, cta_launch_cycles later (an
 * event) or at once. */
static void launch_warp_done(struct sim *s, struct block *b)
{
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

