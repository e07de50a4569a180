/*
 * sched.c: the warp schedulers. A room of sim/sm.c (#included there, not
 * compiled on its own; see sm_int.h).
 *
 * Models one warp scheduler per sub-partition (warp slot mod subPartitions),
 * each issuing at most one warp instruction per cycle: which of its warps
 * are due, which of those are eligible (sched_evaluate), and which one the
 * policy picks (sched_pick: bgrr, grr, gto, lrr, gty). Its bookkeeping is what
 * keeps the cost per instruction issued, not per cycle waited: warps whose
 * operands are ready wait in a ready set by pipe (their time split into
 * not selected, throttled and waiting from the pipe's busy periods, not
 * counted per warp); a warp whose waits all end together after its issue
 * joins it from a pending ring in join order; the others are filed by
 * wake-up cycle in a 64-cycle wheel, and later ones in a far ring.
 *
 * Evidence (tests/data/h200, see its README): within a block, greedy then
 * least recently issued, because the H200 shows neither GTO's starved
 * young warps nor strict round robin's lost reuse (sweep.csv: smem_chase
 * at W = 32 measured 65.8 K cycles, gto 97.9 K, grr 66.3 K); eligible
 * warps and issue slot utilisation against Nsight Compute (ncu.csv).
 * Between blocks, the older first (bgrr, the default): with two blocks on
 * an SM the lower blockIdx ends first on all 132 SMs in every kernel
 * measured whose issue binds, an FFMA chain's first block at 0.505 of the
 * SM's time (it runs as if alone, then the second), while a younger
 * block's loads that L2 or DRAM serve issue as if it were not (DRAM and L2
 * chases, mix<1, 4>: both blocks end within 2%) (tests/data/h200/mech/brncu,
 * blocks.csv; tests/blockorder_validate.sh).
 *
 * Reads from struct arch: max_inflight_sectors (the limit, checked when a
 * load's warp is evaluated); subPartitions through sim_create.
 */
#ifndef SIM_SM_C
#error "sim/sched.c is a room of sim/sm.c: #included there, not compiled on its own"
#endif
#include "sm_int.h"

/* ---- policies ------------------------------------------------------- */

const char *const sched_policy_names[POLICY_COUNT] = {"gto", "lrr", "gty", "grr", "bgrr"};

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
		return err_set(e, SIM_EINPUT, "--policy: expected bgrr, grr, gto, lrr or gty, got \"%.40s\"", value);
	*out = (enum sched_policy)pol;
	return SIM_OK;
}

/* ---- the ready set -------------------------------------------------- */

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

/* The warp joins the ready set at cycle t, not selected from then (the
 * compiler decides where to inline it; sched_park_at_inl where it must). */
static void sched_park_at(struct sim *s, struct sched *sc, struct warp *w, uint64_t t)
{
	sched_park_at_inl(s, sc, w, t);
}

/* The warp joins the ready set now, not selected. */
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

/* ---- the wheel and the far ring ------------------------------------- */

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

/* ---- the pending ring ----------------------------------------------- */

/*
 * Pending warps whose operands are ready by now join the ready set as
 * sched_evaluate would have had them join at ops_at: one due before now
 * found its pipe busy then (else the scheduler was due at ops_at) and is
 * parked from ops_at, which no later busy period precedes (one begins only
 * at an issue, in a scan, which flushes first). One due now is eligible if
 * its pipe is free (added to *cand; returned among the fresh), else parked.
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

/* ---- a scheduler's cycle -------------------------------------------- */

#define ST_PARK (-2) /* sched_evaluate: operands ready, join the ready set */

/* Classifies a due warp: returns a blocked state with w->wake set, ST_PARK
 * when its operands are ready (and the ready set is in use), or -1 when it
 * is eligible to issue now. */
static int sched_evaluate(struct sim *s, struct warp *w)
{
	const struct insn *in = &s->code[w->pc];

	if (w->deps_ok)
		goto resources;
	if (__builtin_expect(w->at_bar, 0)) {
		if (w->bar_ready > s->now) {
			w->wake = w->bar_ready; /* NEVER until the block's last warp arrives */
			return ST_BARRIER;
		}
		w->at_bar = 0;
		w->bar_ready = 0;
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
		int wl = lanes_of_warp(w, in);
		w->sectors = wl ? mem_info(s, in, wl)->sectors : 0; /* none on: issues off (mem_issue) */
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

/* bgrr: the candidates of the oldest block with one (sc->list is in
 * launch order), and younger blocks' warps whose load L2 or DRAM serves. */
static __attribute__((noinline)) uint64_t sched_oldest_block(const struct sim *s, const struct sched *sc, uint64_t cand)
{
	uint64_t old = s->b[s->w[sc->list[0]].block].mask, mem = 0; /* the oldest warp's block */
	if (!(cand & old))
		for (int k = 1; k < sc->n; k++)
			if ((cand >> sc->list[k]) & 1) {
				old = s->b[s->w[sc->list[k]].block].mask;
				break;
			}
	for (uint64_t u = cand & ~old; u; u &= u - 1)
		if (s->uop[s->w[__builtin_ctzll(u)].pc].miss)
			mem |= u & -u;
	return cand & (old | mem);
}

/* The eligible warp the policy issues, from the candidate mask. */
static int sched_pick(const struct sim *s, const struct sched *sc, uint64_t cand)
{
	if (!(cand & (cand - 1)))
		return __builtin_ctzll(cand); /* one candidate: every policy picks it */
	if (s->policy == POLICY_BGRR) {
		cand = sched_oldest_block(s, sc, cand);
		if (!(cand & (cand - 1)))
			return __builtin_ctzll(cand);
	}
	if (sc->last >= 0 && s->policy != POLICY_LRR && ((cand >> sc->last) & 1))
		return sc->last; /* greedy */
	switch (s->policy) {
	case POLICY_GRR:
	case POLICY_BGRR:
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
		issue_warp(s, w);
		/*
		 * The eligible warps outside the ready set that were not picked:
		 * not selected this cycle, looked at again next cycle. Where the
		 * issue made their pipe busy past next cycle, sched_evaluate would
		 * find that then and nothing else (their operands are known ready:
		 * it checks the pipe first) and file them under its end; that is
		 * done here instead of the visit (not with a timeline, which writes
		 * each state as it closes). Mostly warps held by the in-flight
		 * limit, released together, of which one issues its load.
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
			if (s->park_ok && __builtin_expect(!w->at_bar, 1)) { /* a barrier holds it: sched_evaluate */
				/*
				 * What sched_evaluate would find next cycle, due then: the
				 * next instruction's own waits depend only on this warp's
				 * past issues. If one holds, the warp takes that state next
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
						/* nothing else holds at r: sched_evaluate would
						 * have it join the ready set then. (Not a wait for
						 * a global load: the ring is kept in ops_at order
						 * by insertion from its tail, and an L2/DRAM load's
						 * return lands at a place no branch predicts; such
						 * a warp is filed under r like the others, in the
						 * far bins, and sched_evaluate finds the same
						 * then.) */
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
						 * looked at before: sched_evaluate needs no
						 * warp_deps_wait then */
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

/* ---- warps joining and leaving, a run's start ----------------------- */

/* A warp launched into slot `slot` at cycle t joins scheduler sc: the
 * youngest in age order, and in issue order after the other warps that
 * never issued. */
static void sched_enter(struct sim *s, struct sched *sc, int slot, uint64_t t)
{
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
}

/* Warp slot `slot` exited (ctl_exit) at now: it leaves scheduler sc's age
 * and issue orders; the scheduler's active cycles end with its last warp. */
static void sched_leave(struct sim *s, struct sched *sc, int slot)
{
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
}

/* Scheduler sc before a run: no warps, nothing filed, pipes free, sums 0. */
static void sched_reset(struct sched *sc)
{
	sc->n = 0;
	sc->last = -1;
	sc->resident = 0;
	sc->min_wake = NEVER;
	sc->fetch_free = 0;
	sc->wsync_free = 0;
	sc->reuse_warp = -1;
	memset(sc->rc_n, 0, sizeof sc->rc_n);
	sc->rc_any = 0;
	memset(sc->rc_pgen, 0, sizeof sc->rc_pgen);
	sc->rc_gen = 1;
	memset(sc->wheel, 0, sizeof sc->wheel);
	sc->wheel_occ = 0;
	sc->far_h = sc->far_n = 0;
	sc->far_min = NEVER;
	sc->okpipes = 0;
	sc->pq_h = sc->pq_n = 0;
	memset(sc->pq_np, 0, sizeof sc->pq_np);
	sc->pq_pipes = 0;
	sc->pend_min = NEVER;
	sc->livem = 0;
	sc->lgm = 0;
	sc->lg_due = 0;
	sc->lg_pipes = 0;
	sc->nlru = 0;
	sc->lru = sc->lru_base;
	memset(sc->okp, 0, sizeof sc->okp);
	memset(sc->per_l, 0, sizeof sc->per_l);
	memset(sc->per_c, 0, sizeof sc->per_c);
	memset(sc->per_e, 0, sizeof sc->per_e);
	memset(sc->tot_l, 0, sizeof sc->tot_l);
	memset(sc->tot_c, 0, sizeof sc->tot_c);
	memset(sc->rs_l, 0, sizeof sc->rs_l);
	sc->rs_c = sc->rs_t = 0;
	sc->n_warp_insn = sc->n_thread_insn = sc->eligible_sum = 0;
	memset(sc->pipe_free, 0, sizeof sc->pipe_free);
	memset(sc->bank_free, 0, sizeof sc->bank_free);
	memset(sc->oc_free, 0, sizeof sc->oc_free);
	memset(sc->lanes_free, 0, sizeof sc->lanes_free);
}
