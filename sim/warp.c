/*
 * warp.c: per-warp state and dependences. A room of sim/sm.c (#included
 * there, not compiled on its own; see sm_int.h).
 *
 * Models the warp states of Nsight Compute's warp-state statistics (a
 * resident warp is in exactly one each cycle: long or short scoreboard,
 * wait, the throttles, not selected, barrier, no instruction, selected)
 * and their accounting: a state's time is added when it changes, so that
 * cycles a warp is not looked at cost nothing. And the register
 * scoreboard: each register's ready cycle and the kind of its producer
 * (fixed latency, MIO, global memory), what an instruction waits for
 * (sources, SASS-style wait= registers, a pending variable-latency write to
 * its destination, and for EXIT or wait=all every outstanding result), and
 * the stall its latest wait shows as.
 *
 * Evidence (tests/data/h200, see its README): the states and their
 * meanings are Nsight Compute's, compared on the same H200 (ncu.csv); the
 * waits are the SASS control bits' (sass.txt: the chase loops' wait masks,
 * decoded into wait= registers), validated out of sample (sbcheck/).
 *
 * Reads nothing from struct arch: latencies arrive as ready cycles from
 * issue.c (pipe_latency) and mem.c.
 */
#ifndef SIM_SM_C
#error "sim/warp.c is a room of sim/sm.c: #included there, not compiled on its own"
#endif
#include "sm_int.h"

/* ---- state accounting ----------------------------------------------- */

const char *const warp_state_names[ST_COUNT] = {
	"long_scoreboard", "short_scoreboard", "wait",    "math_pipe_throttle", "lg_throttle",
	"mio_throttle",    "not_selected",     "barrier", "no_instruction",     "selected",
};

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

/* The warp is in `state` from now on. */
static inline void warp_set_state(struct sim *s, struct warp *w, int state)
{
	warp_set_state_at(s, w, state, s->now);
}

/* ---- the scoreboard and the dependence checks ----------------------- */

/* The cycle the instruction's registers are all ready (sources, wait=
 * registers, a pending variable-latency write to its destination, and for
 * EXIT or wait=all every outstanding result), and in *state the stall of
 * the latest one. */
static inline uint64_t warp_regs_ready(const struct warp *w, const struct uop *u, int *state)
{
	uint64_t r = 0;
	int rk = RK_FIXED;

	if (__builtin_expect(u->xside != 0, 0)) {
		for (int k = 0; k < u->nchk; k++) {
			int reg = u->chk[k];
			/* a result made on the other side reaches it xcross later */
			uint64_t t = w->ready[reg] + ((w->kind[reg] & u->xside) ? u->xcross : 0);
			if (t > r) {
				r = t;
				rk = w->kind[reg];
			}
		}
	} else {
		for (int k = 0; k < u->nchk; k++) {
			int reg = u->chk[k];
			if (w->ready[reg] > r) {
				r = w->ready[reg];
				rk = w->kind[reg];
			}
		}
	}
	if (u->flags & (U_WAW | U_DRAIN)) {
		/* write-after-write: a pending variable-latency write must land
		 * first (fixed-latency writes complete in issue order) */
		if ((u->flags & U_WAW) && (w->kind[u->dst] & RK_MASK) != RK_FIXED && w->ready[u->dst] > r) {
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

/* One of warp_deps_ahead's waits, ending at c: the first that holds (c > t)
 * gives the state and *end; the others only push *later. */
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

/* The further destinations of an instruction (register pairs and quads,
 * predicate outputs), ready with its first. */
static COLD void warp_write_xdst(struct warp *w, const struct insn *in, uint64_t t, int kind)
{
	for (int k = 0; k < in->nxdst; k++)
		if (!isa_is_zero_reg(in->xdst[k]))
			warp_write_reg(w, in->xdst[k], t, kind);
}

/* A result posted on a scoreboard (control bits): the scoreboard clears
 * when every result posted on it has landed, the latest of them. */
static inline void warp_post_sb(struct warp *w, int reg, uint64_t ready, int kind)
{
	if (ready > w->ready[reg])
		warp_write_reg(w, reg, ready, kind);
}

/* Every warp slot empty, before a run (and at sim_create): each keeps its
 * rows of the scoreboard stores. */
static void warp_reset(struct sim *s)
{
	memset(s->w, 0, sizeof *s->w * (size_t)s->max_warps);
	for (int i = 0; i < s->max_warps; i++) {
		s->w[i].ready = s->ready_store + (size_t)i * ISA_NREGS;
		s->w[i].kind = s->kind_store + (size_t)i * ISA_NREGS;
	}
}
