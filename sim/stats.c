/*
 * stats.c: the run's metrics and the timeline. A room of sim/sm.c
 * (#included there, not compiled on its own; see sm_int.h).
 *
 * Models nothing: it measures, with Nsight Compute's names and
 * definitions, so that a run can be held next to a profile. Elapsed cycles
 * from the first issue to the last warp's exit, warp and thread
 * instructions, ipc, achieved occupancy (resident warp-cycles over cycles
 * times max warps, sm__warps_active), eligible warps per cycle and issue
 * slot utilisation per scheduler over its active cycles, and the
 * warp-state fractions of warp-cycles (each resident warp-cycle counted in
 * exactly one state, warp.c; the ready set's as sums, sched.c). The
 * timeline (--timeline) is a CSV row per warp-state interval.
 *
 * Evidence (tests/data/h200, see its README): the same metrics from Nsight
 * Compute on the H200 (ncu.csv), compared in the README.
 *
 * Reads nothing from struct arch (max warps through sim_create).
 */
#ifndef SIM_SM_C
#error "sim/stats.c is a room of sim/sm.c: #included there, not compiled on its own"
#endif
#include "sm_int.h"

/* The timeline's header, when the run writes one. */
static void stats_timeline_begin(struct sim *s)
{
	if (s->tl)
		fprintf(s->tl, "warp,scheduler,block,begin,end,state\n");
}

/* The timeline's row for warp w's current state, from since to end. */
static void stats_timeline_row(struct sim *s, const struct warp *w, uint64_t end)
{
	fprintf(s->tl, "%d,%d,%d,%llu,%llu,%s\n", (int)(w - s->w), w->sched, w->block,
		(unsigned long long)w->since, (unsigned long long)end, warp_state_names[w->state]);
}

/* The run is over at now (done, stopped or deadlocked): closes every live
 * warp's state and the ready sets' sums, and fills the metrics. */
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
	st->cycles = st->elapsed_cycles = s->end_cycle;
	if (s->p->has_span && span_valid(s))
		st->cycles = s->span_t1 - s->span_t0;
	for (int i = 0; i < ST_COUNT; i++)
		total += st->state_cycles[i];
	st->warp_cycles = total;
	for (int i = 0; i < ST_COUNT; i++)
		st->stalls[i] = total ? (double)st->state_cycles[i] / (double)total : 0.0;
	st->ipc = st->elapsed_cycles ? (double)st->warp_instructions / (double)st->elapsed_cycles : 0.0;
	st->achieved_occupancy = st->elapsed_cycles ? (double)total / ((double)st->elapsed_cycles * s->max_warps) : 0.0;
	st->eligible_warps_per_cycle = s->sched_active ? (double)s->eligible_sum / (double)s->sched_active : 0.0;
	st->issue_slot_utilization = s->sched_active ? (double)st->warp_instructions / (double)s->sched_active : 0.0;
}
