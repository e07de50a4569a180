/*
 * sm.c: one SM, cycle by cycle where warps issue, event to event where none can.
 *
 * This file is the loop and what ties the mechanisms together; each
 * mechanism lives in a room of its own, #included below as one translation
 * unit (see sm_int.h for why, and for the state they share):
 *
 *   sched.c   the warp schedulers: due warps, eligibility, the policy's pick
 *   warp.c    per-warp state and its accounting; scoreboard and dependences
 *   pipe.c    pipes, issue intervals, operand collection and register banks
 *   mem.c     memory levels, sectors, the loaded DRAM delay, the in-flight limit
 *   ctl.c     loops and the back edge, IF/ELSE, BAR, EXIT
 *   issue.c   the decoded program, and what issuing an instruction does
 *   launch.c  residency, block launch, waves
 *   stats.c   the Nsight-named metrics and the timeline
 *
 * Per cycle (the loop in sim_run): events due now run first (in-flight
 * memory released, blocks launched), then each scheduler that is due looks
 * at its due warps (sched_cycle). A warp whose wake-up cycle lies in the
 * future is not looked at: its state (the stall reason it was last given)
 * holds until then, and the time spent in it is added when it changes
 * (lazy accounting, so skipped cycles cost nothing). A warp that is due is
 * classified: blocked (scoreboard, branch fetch, pipe, in-flight limit,
 * barrier) with the cycle it can next try, or eligible. The policy picks
 * one eligible warp to issue; the others are "not selected". If no warp
 * anywhere is due next cycle, time jumps to the earliest wake-up or event.
 *
 * No allocation after sim_create; no global state.
 */
#define SIM_SM_C /* the rooms are compiled here, and only here */
#include "sm_int.h"

#include "ctl.c"
#include "pipe.c"
#include "warp.c"
#include "lanes.c"
#include "mem.c"
#include "issue.c"
#include "sched.c"
#include "launch.c"
#include "stats.c"

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
	s->ready_store = calloc((size_t)s->max_warps * ISA_NREGS, sizeof *s->ready_store);
	s->kind_store = calloc((size_t)s->max_warps * ISA_NREGS, 1);
	s->b = calloc((size_t)s->max_blocks, sizeof *s->b);
	s->sc = calloc((size_t)s->nsched, sizeof *s->sc);
	s->list_store = calloc((size_t)s->nsched * (size_t)s->max_warps, sizeof *s->list_store);
	s->lru_store = calloc((size_t)s->nsched * 2 * LRU_SPAN, sizeof *s->lru_store);
	/* events: block launches (releases have their own queue) */
	s->q = evq_create(s->max_blocks + 16);
	if (!s->w || !s->ready_store || !s->kind_store || !s->b || !s->sc || !s->list_store || !s->lru_store || !s->q ||
	    mem_create(s)) {
		sim_destroy(s);
		return NULL;
	}
	warp_reset(s);
	for (int k = 0; k < s->nsched; k++) {
		s->sc[k].list = s->list_store + (size_t)k * (size_t)s->max_warps;
		s->sc[k].lru = s->sc[k].lru_base = s->lru_store + (size_t)k * 2 * LRU_SPAN;
	}
	pipe_init(s);
	return s;
}

void sim_destroy(struct sim *s)
{
	if (!s)
		return;
	evq_destroy(s->q);
	mem_destroy(s);
	free(s->uop);
	free(s->nline);
	free(s->cl);
	free(s->cl_key);
	free(s->w);
	free(s->ready_store);
	free(s->kind_store);
	free(s->b);
	free(s->sc);
	free(s->list_store);
	free(s->lru_store);
	free(s);
}

/* A block launch due (the only event kind: releases have their own ring). */
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
	if (s->rel_next <= s->now)
		mem_release_due(s);
}

/* The cycle of the earliest pending event or release. */
static inline uint64_t sm_next_event(struct sim *s)
{
	if (s->nstage)
		mem_rel_file(s);
	uint64_t t = s->evq_min;
	return s->rel_next < t ? s->rel_next : t;
}

/* Whether the loop handles events as they come due (a warp waits for a
 * release, or a block launch is pending), not only when they are read. */
static inline int sm_events_eager(const struct sim *s)
{
	return s->n_lg_wait > 0 || s->n_cta_events > 0;
}

int sim_run(struct sim *s, const struct program *prog, const struct sim_launch *l,
	    struct sim_stats *st, struct err *e)
{
	const struct arch *a = s->a;
	int rc;

	memset(st, 0, sizeof *st);
	if ((rc = launch_residency(a, prog, l, st, e)))
		return rc;
	if (prog->ninsn < 1 || prog->code[prog->ninsn - 1].op != OP_EXIT)
		return err_set(e, SIM_EINTERNAL, "program %s: not finished (program_finish was not called)", prog->name);

	/* reset the run state; arrays were sized by sim_create */
	s->p = prog;
	s->code = prog->code;
	s->tl = l->timeline;
	s->stamps = l->stamps;
	if (s->stamps)
		fprintf(s->stamps, "block,warp,pc,cycle\n");
	s->trace = l->trace;
	if (s->trace)
		fprintf(s->trace, "block,warp,pc,op,cycle\n");
	s->policy = (int)l->policy;
	s->l = l;
	s->st = st;
	s->now = 0;
	s->warps_per_block = st->occ.warps_per_block;
	s->blocks_total = l->blocks;
	s->blocks_started = s->blocks_done = 0;
	s->resident_limit = st->occ.blocks_per_sm;
	s->l1_bytes = (int)occ_l1_bytes(a, &st->occ, l->carveout_pct);
	if (issue_decode(s, prog)) /* after l1_bytes: the memory level is part of it */
		return err_set(e, SIM_EINTERNAL, "out of memory decoding the program (%d instructions)", prog->ninsn);
	mem_reset(s);
	s->frng = 0xD1B54A32D192ED03ULL; /* issue_fetch_book: the same draws every run */
	s->bar_open = 0;
	s->bar_rel_until = 0;
	s->n_cta_events = 0;
	s->sched_active = s->eligible_sum = 0;
	s->end_cycle = 0;
	s->span_t0 = NEVER;
	s->span_t1 = 0;
	s->span_seen = 0;
	s->park_ok = l->timeline == NULL;
	pipe_reset(s);
	evq_clear(s->q);
	s->evq_min = NEVER;
	warp_reset(s);
	memset(s->b, 0, sizeof *s->b * (size_t)s->max_blocks);
	for (int k = 0; k < s->nsched; k++)
		sched_reset(&s->sc[k]);
	s->scan0 = 0;
	stats_timeline_begin(s);
	launch_first_wave(s);

	st->end = END_DONE;
	while (s->blocks_done < s->blocks_total) {
		uint64_t next = NEVER;
		if (l->max_cycles && s->now >= l->max_cycles) {
			st->end = END_MAX_CYCLES;
			break;
		}
		if (sm_events_eager(s))
			sm_drain_events(s);
		/* in scheduler order from scan0 (0, or the store path's turn:
		 * mem_store_path): a scan may make a later scheduler due now */
		struct sched *first = s->sc + s->scan0, *end = s->sc + s->nsched, *sc = first;
		do {
			uint64_t m = sc->min_wake;
			if (m <= s->now)
				m = sched_cycle(s, sc);
			next = m < next ? m : next;
			if (++sc == end)
				sc = s->sc;
		} while (sc != first);
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
	if (st->end == END_DEADLOCK)
		return ctl_deadlock(s, e);
	if (prog->has_span && !span_valid(s)) {
		int k = !(s->span_seen & 1) ? 0 : 1;
		if (s->span_seen == 3)
			return err_set(e, SIM_EINPUT, "program %s: .span (line %u): the TO stamp at 0x%x issued last at cycle %llu, before the FROM stamp at 0x%x first did (%llu): expected FROM before TO",
				       prog->name, prog->span_line, prog->span_addr[1], (unsigned long long)s->span_t1,
				       prog->span_addr[0], (unsigned long long)s->span_t0);
		return err_set(e, SIM_EINPUT, "program %s: .span (line %u): no block's first warp issued the %s stamp at 0x%x (expected an instruction warp 0 runs, outside a skipped IF path)",
			       prog->name, prog->span_line, k ? "TO" : "FROM", prog->span_addr[k]);
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
