/*
 * ctl.c: control flow. A room of sim/sm.c (#included there, not compiled
 * on its own; see sm_int.h).
 *
 * Models what a warp's program counter does besides stepping: counted
 * loops (LOOP/ENDLOOP, a frame on the warp's control stack with the trips
 * left), the back edge as compiled code issues it (counter, compare and
 * branch: loop_insns issue slots, then the fetch gap of a taken branch),
 * the floor the loop counter's dependence chain puts on a trip, divergent
 * IF/ELSE (a frame that runs the THEN lanes, then the ELSE lanes, and joins
 * at ENDIF), BAR (a warp waits until every warp of its block has arrived;
 * one that never can is a deadlock, reported), and EXIT (a warp retires
 * once its outstanding results have landed; its block's slots free when
 * its last warp exits).
 *
 * A taken branch of compiled code, forward or back, sends its target
 * 1 + branch_cycles after it (ctl_redirect), and marks the warp so that
 * issue_warp holds the first instruction of the target's next fetch line
 * until fetch_line_cycles after the target (issue_fetch_lines).
 *
 * Evidence (tests/data/h200, see its README): branch_cycles 9 from the
 * calibration chains' 7 cycles of loop overhead a trip (calib.csv);
 * loop_cycles 29 from tight loops of 1-4 dependent FFMAs, which all take
 * 29.0 cycles a trip (loop.csv); loop_insns 3 from the SASS of counted
 * loops, UIADD3, ISETP, BRA (tloop/sass.txt), validated at 1-64 warps
 * (tloop/runs.csv).
 *
 * Reads from struct arch: bsync_cycles, branch_cycles, loop_cycles, loop_insns,
 * diverge_cycles, bar_release_cycles, bar_warp_cycles (fetch_line_cycles,
 * fetch_cycles, fetch_turn: issue.c, issue_fetch_book).
 */
#ifndef SIM_SM_C
#error "sim/ctl.c is a room of sim/sm.c: #included there, not compiled on its own"
#endif
#include "sm_int.h"

/* Cycles from an instruction's issue to the warp's next issue at the
 * earliest: its stall count with control bits, else the next cycle. */
static inline int ctl_issue_gap(const struct uop *u)
{
	return u->flags & U_CTL && u->stall > 1 ? u->stall : 1;
}

/*
 * A taken branch of compiled code (control bits): its target issues no
 * earlier than 1 + branch_cycles after it, whatever the branch's stall
 * count, as after a loop's back edge (ctl_back_edge_gap): fetch restarts
 * at the target. On the H200 uniform forward branches every lane takes,
 * with stall counts of 5, 6 and 7, back to back or with an FFMA between
 * them, cost the same 10 cycles from the branch's issue to its target's as
 * the back edge of a one-line loop (tests/data/h200/mech, mech_brt n0, n1,
 * n4 and mech_brsep n1-n8 at one warp: within 0.1% with it, 6-16% fast
 * without). A branch no lane takes issues and falls through at its stall
 * count; a divergent one's cost is diverge_cycles (ctl_skip_pseudo).
 */
static inline void ctl_redirect(const struct arch *a, struct warp *w, uint64_t now)
{
	uint64_t t = now + 1 + (uint64_t)a->branch_cycles;
	if (t > w->fetch_ready)
		w->fetch_ready = t;
	w->line_next = -1; /* its next fetch line: issue_warp */
}

/* LOOP, ELSE, ENDIF: structure markers that issue nothing. */
static inline int ctl_is_pseudo(int op)
{
	return op == OP_LOOP || op == OP_ELSE || op == OP_ENDIF;
}

/*
 * A divergent region rejoined by a WARPSYNC (ptxas's join before a barrier
 * in a kernel with a trap guard, where it otherwise writes BSSY/BSYNC):
 * the warp waits its turn at its scheduler's reconvergence unit, which
 * each such warp holds warpsync_sched_cycles, then warpsync_cycles. On the
 * H200 (tests/data/h200/mech/wsync, mech_wsync w_sync<T>, 2026-12-05)
 * lane 0's store region joined by WARPSYNC.ALL takes a lone warp 43
 * cycles more than joined by BSYNC from its last stamp to the end record,
 * 58 more than smsim's (which charged it nothing), the same with one warp a
 * scheduler, then 33 and 30 more for each further warp of a scheduler at
 * 2 and 4 a scheduler (8 and 16 warps); a WARPSYNC.ALL with nothing
 * diverged costs nothing (w_sync<2>). Returns when the warp may go on.
 */
static uint64_t ctl_warpsync_rejoin(const struct arch *a, struct sched *sc, uint64_t t)
{
	uint64_t st = t > sc->wsync_free ? t : sc->wsync_free;
	sc->wsync_free = st + (uint64_t)a->warpsync_sched_cycles;
	return st + (uint64_t)a->warpsync_cycles;
}

/* Runs the structure markers that issue nothing (LOOP, ELSE, ENDIF) until
 * pc is at an instruction that issues; `gap` is the cycles from now to the
 * earliest next issue (the stall count of the instruction just issued, or
 * 1), from which a divergent region's reconvergence counts. sc: the warp's
 * scheduler (a WARPSYNC's rejoin, ctl_warpsync_rejoin). */
static void ctl_skip_pseudo(const struct program *p, const struct arch *a, struct warp *w, uint64_t now,
			    int gap, struct sched *sc)
{
	for (;;) {
		const struct insn *in = &p->code[w->pc];
		struct frame *f;
		switch (in->op) {
		case OP_LOOP:
			if (in->count == 0) {
				w->pc = (int)in->match + 1;
				break;
			}
			f = &w->stack[w->depth++];
			f->kind = FR_LOOP;
			f->start = w->pc;
			f->left = w->wib < in->count_warps ? in->count_low : in->count;
			if (in->grow) {
				/* N + G t trips at the enclosing loop's trip t (isa.c
				 * checked the counts and that there is one) */
				const struct frame *g = f - 1;
				while (g->kind != FR_LOOP)
					g--;
				f->left = (uint64_t)((int64_t)f->left + (int64_t)in->grow * (int64_t)(g->trips - g->left));
			}
			f->trips = (uint32_t)f->left;
			f->trip_start = now;
			w->pc++;
			break;
		case OP_ELSE:
			f = &w->stack[w->depth - 1];
			if (f->else_pending) {
				f->else_pending = 0;
				w->lanes = f->else_lanes;
				w->pc++;
			} else {
				/* the end of the first path: compiled code jumps over
				 * the second with the BRA just issued */
				if (w->pc > 0 && p->code[w->pc - 1].op == OP_BRA && p->code[w->pc - 1].has_ctl)
					ctl_redirect(a, w, now);
				w->pc = f->end;
			}
			break;
		case OP_ENDIF:
			f = &w->stack[--w->depth];
			w->lanes = f->saved_lanes;
			w->pc++;
			if (f->diverged && (a->diverge_cycles > 0 || a->warpsync_cycles > 0)) {
				/* a divergent region's reconvergence (ctl_issue_if); a
				 * WARPSYNC joining it waits at the scheduler's unit
				 * whether or not the arch charges the reconvergence */
				uint64_t t = now + (uint64_t)gap + (uint64_t)a->diverge_cycles;
				if (a->warpsync_cycles > 0) {
					int q = w->pc;
					while (q < p->ninsn && (p->code[q].op == OP_ENDIF || p->code[q].op == OP_ELSE))
						q++;
					if (q < p->ninsn && p->code[q].op == OP_WARPSYNC)
						t = ctl_warpsync_rejoin(a, sc, t);
				}
				if (t > w->fetch_ready)
					w->fetch_ready = t;
			}
			break;
		default:
			return;
		}
	}
}

/*
 * A loop's back edge. In compiled code it is loop_insns instructions: with
 * 3, the counter update (the uniform datapath's pipe, pipe_of), the
 * compare (ISETP, ALU pipe) and the branch; with 2, compare and branch;
 * with 1, the branch alone (tests/data/h200/tloop/sass.txt). Each takes an
 * issue slot, which is what many warps in a tight loop pay. The compiler
 * places counter and compare where a lone warp's latency hides them, so
 * the fetch gap after the branch shrinks by the same number of cycles: a
 * lone warp's trip keeps its calibrated length. Built-in workloads write
 * counter and compare into the body themselves (LOOP body_counter): their
 * back edge is the branch alone.
 */
static inline int ctl_back_edge_insns(const struct sim *s, const struct warp *w)
{
	return s->code[w->stack[w->depth - 1].start].body_counter ? 1 : s->a->loop_insns;
}

/* Cycles from a taken back-edge branch's issue to its target's first issue, less one. */
static inline int ctl_back_edge_gap(const struct sim *s, const struct warp *w)
{
	int gap = s->a->branch_cycles - (ctl_back_edge_insns(s, w) - 1);
	return gap > 0 ? gap : 0;
}

/* The earliest cycle the back edge's branch may issue (0: no bound): the
 * loop counter's compare makes a trip last at least loop_cycles from its
 * start to the next trip's start. */
static inline uint64_t ctl_loop_floor(const struct sim *s, const struct warp *w, const struct uop *u)
{
	uint64_t c, lead;
	/* with control bits, the counter and compare are the program's own
	 * instructions and their stall counts make the trip's length */
	if (!(u->flags & U_ENDLOOP) || (u->flags & U_CTL) || s->a->loop_cycles <= 0 ||
	    w->be_step + 1 < ctl_back_edge_insns(s, w))
		return 0;
	c = w->stack[w->depth - 1].trip_start + (uint64_t)s->a->loop_cycles;
	lead = 1 + (uint64_t)ctl_back_edge_gap(s, w); /* branch issue to next trip start */
	return c > lead ? c - lead : 0;
}

/*
 * BSYNC: the warp's lanes reconverge. A BSSY/BSYNC region costs a lone
 * warp bsync_cycles (8 on the H200) beyond the stall counts ptxas wrote,
 * whether every lane skipped the region or every lane ran it
 * (tests/data/h200/import, branch bssy k=0 and k=32): the next
 * instruction waits that long after the stall count (or after the next
 * cycle, without control bits), as fetch after a taken branch does.
 */
static COLD void ctl_bsync(struct sim *s, struct warp *w, const struct uop *u)
{
	uint64_t t = s->now + (u->flags & U_CTL ? u->stall : 1) + (uint64_t)s->a->bsync_cycles;
	if (t > w->fetch_ready)
		w->fetch_ready = t;
}

/* IF: the warp takes the THEN path with some of its lanes, the ELSE path
 * (pending) with the others. When lanes go both ways the warp runs one
 * path, then the other (an empty one too: the lanes that skip a THEN wait
 * at the reconvergence point as a path of their own), and reconverging
 * costs it diverge_cycles at the ENDIF: on the H200 a divergent if around
 * 12 or 32 dependent FFMAs takes 16.0 cycles longer a trip for one warp
 * than the same if taken by every lane, whether 1 or 16 lanes take it
 * (tests/data/h200/mech, mech_div, 2026-12-01). */
static COLD void ctl_issue_if(struct sim *s, struct warp *w, const struct insn *in)
{
	int mid = (int)in->match;
	int has_else = s->code[mid].op == OP_ELSE;
	int end = has_else ? (int)s->code[mid].match : mid;
	int then_l, else_l, take_then, take_else;
	struct frame *f = &w->stack[w->depth++];
	if (in->pattern != IF_LANES) {
		take_then = ((uint64_t)w->wib < in->count) == (in->pattern == IF_WARP_LT);
		take_else = !take_then;
		then_l = else_l = w->lanes;
	} else {
		take_then = in->frac > 0.0;
		take_else = in->frac < 1.0;
		then_l = (int)lround(in->frac * w->lanes);
		if (then_l < 1)
			then_l = 1;
		if (then_l > w->lanes)
			then_l = w->lanes;
		else_l = take_then ? w->lanes - then_l : w->lanes;
		if (else_l < 1)
			else_l = 1;
	}
	f->kind = FR_IF;
	f->diverged = (uint8_t)(in->pattern == IF_LANES && take_then && take_else);
	f->saved_lanes = w->lanes;
	f->else_lanes = (uint8_t)else_l;
	f->end = end;
	if (take_then) {
		f->else_pending = (uint8_t)(take_else && has_else);
		w->lanes = (uint8_t)then_l;
		w->pc++;
	} else {
		f->else_pending = 0;
		w->lanes = (uint8_t)else_l;
		w->pc = has_else ? mid + 1 : end;
		if (s->uop[in - s->code].flags & U_CTL)
			ctl_redirect(s->a, w, s->now); /* every lane takes the branch */
	}
}

/* A loop's back edge issued: the counter or compare step (returns 0: the
 * branch comes next, pc stays), or the branch (returns 1): the next trip,
 * after the taken branch's fetch gap, or out of the loop. */
static inline int ctl_endloop(struct sim *s, struct warp *w)
{
	struct frame *f = &w->stack[w->depth - 1];
	if (w->be_step + 1 < ctl_back_edge_insns(s, w)) {
		w->be_step++; /* counter or compare: the branch comes next */
		return 0;
	}
	w->be_step = 0;
	if (--f->left > 0) {
		/* without control bits the reuse caches do not survive the
		 * back edge: ptxas flags no source of a loop's last instruction
		 * for the next trip's first */
		if (!s->code[w->pc].has_ctl && s->sc[w->sched].reuse_warp == w->slot)
			s->sc[w->sched].reuse_warp = -1;
		w->pc = f->start + 1;
		w->fetch_ready = s->now + 1 + (uint64_t)ctl_back_edge_gap(s, w);
		f->trip_start = w->fetch_ready;
		if (s->nline_on)
			w->line_next = -1;
	} else {
		w->depth--;
		w->pc++;
	}
	return 1;
}

/*
 * BAR: the warp waits (without control bits at the BAR, with them at its
 * next instruction that is not plain arithmetic: ctl_barrier_hold); the
 * last of its block to arrive releases them all. The release is not free.
 *
 * With bar_arrive_cycles (round 17): the block's barrier takes its warps'
 * arrivals one after another, bar_arrive_cycles each (from the arrival's
 * stall count: the next cycle without control bits), and releases them
 * bar_release_cycles after the last arrival's turn began, in rows of one
 * warp a scheduler (warps 4r .. 4r + 3 with 4 schedulers), the highest row
 * first, bar_warp_cycles x subPartitions a row apart. On the H200 a loop of
 * nothing but __syncthreads(), every warp arriving at once, takes 14.8
 * cycles a barrier with one warp and about 2 more for each further warp of
 * the block (mech_bar pure, 2026-12-01: the arrivals' turns); warps that
 * reach a barrier 2 or more cycles apart leave it within 30 cycles at 32
 * warps, the 4 warps of a row in the same cycle, rows about 3.6 cycles
 * apart, the highest first and warp 0's last whatever the arrival order,
 * the first row as a lone warp's (tests/data/h200/mech/bord, btrain,
 * 2026-12-02: bar_ord, bar_train; bar_train's second barrier, reached by
 * the first's rows 4 cycles apart, releases its first row 94 cycles after
 * the last arrival; here 65, the turns of 32 arrivals from the first).
 *
 * Without (bar_arrive_cycles 0, rounds 1-16): the warps resume in the order
 * they arrived, the k-th (1-based) bar_release_cycles + bar_warp_cycles x k
 * after the last arrival's stall count.
 */
static COLD void ctl_barrier_arrive(struct sim *s, struct warp *w, const struct uop *u)
{
	struct block *b = &s->b[w->block];
	const struct arch *a = s->a;
	/* compiled code's BAR (BAR.SYNC.DEFER_BLOCKING) holds the warp at its
	 * next instruction that is not plain arithmetic (ctl_barrier_hold) */
	w->at_bar = !(u->flags & U_CTL);
	w->bar_ready = NEVER;
	w->bar_seq = (uint8_t)b->bar_arrived;
	uint64_t t = s->now + (uint64_t)ctl_issue_gap(u);
	const int turns = a->bar_arrive_cycles > 0;
	double at = 0.0; /* turns: this arrival's turn */
	if (turns) {
		at = b->bar_turn > (double)t ? b->bar_turn : (double)t;
		b->bar_turn = at + a->bar_arrive_cycles;
	}
	if (b->bar_arrived++ == 0)
		s->bar_open++;
	if (b->bar_arrived < b->warps_total)
		return;
	b->bar_arrived = 0;
	s->bar_open--;
	int sub = s->nsched, rows = (b->warps_total + sub - 1) / sub;
	for (int i = 0; i < b->warps_total; i++) {
		struct warp *x = &s->w[b->slot[i]];
		if (turns) {
			double r = at + a->bar_release_cycles + a->bar_warp_cycles * sub * (rows - 1 - x->wib / sub);
			x->bar_ready = (uint64_t)(r + 0.5);
		} else {
			x->bar_ready = t + (uint64_t)(a->bar_release_cycles + a->bar_warp_cycles * (x->bar_seq + 1) + 0.5);
		}
		if (x->bar_ready > s->bar_rel_until)
			s->bar_rel_until = x->bar_ready;
		if (x->at_bar)
			sched_wake_at(s, x, x->bar_ready);
	}
}

/* After an issue: a warp its block's barrier has not released yet waits
 * for the release before an instruction that is not plain arithmetic (a
 * memory, branch, barrier or exit instruction); plain arithmetic goes on.
 * On the H200 (tests/data/h200/mech/brncu, ncu4_pcs.csv) the ISETP after a
 * __syncthreads() (BAR.SYNC.DEFER_BLOCKING) issues at the BAR's stall
 * count and the back edge after it waits for the release (mech_bar skew:
 * 8 cycles of barrier samples on the branch, inside the ISETP's 13-cycle
 * stall count); in bar_pure the VIADD after a trip's first BAR issues at
 * once, each next BAR waits. With bar_hold_variable a variable-latency
 * instruction (one that sets a scoreboard: MUFU, SHFL, S2R, POPC, ...) waits
 * too: on the H200 a warp that waits ~2700 cycles at the barrier issues up to
 * 24 independent VIADDs and a CS2R past it wherever the BAR sits in its fetch
 * line, but not a MUFU.RCP, SHFL, LDS, LDG or not-taken branch: the clock
 * after one reads 62-72 cycles after the last warp's arrival, as after the
 * held branch (tests/data/h200/mech/pre, mech_pre pre_r<V, P, N>, round 28). */
static inline void ctl_barrier_hold(struct sim *s, struct warp *w)
{
	const struct uop *u = &s->uop[w->pc];
	if (w->bar_ready <= s->now)
		w->bar_ready = 0; /* released: nothing to hold */
	else if ((u->flags & (U_MEM | U_BSYNC)) || !(u->flags & U_PLAIN) || s->code[w->pc].op == OP_BRA ||
		 (s->a->bar_hold_variable && isa_ops[s->code[w->pc].op].lat == LAT_VARIABLE))
		w->at_bar = 1;
}

/* EXIT (its outstanding results have landed): the warp retires, leaves its
 * scheduler, and frees its block's slots if it was the block's last. */
static COLD void ctl_exit(struct sim *s, struct warp *w)
{
	int slot = (int)(w - s->w);

	/* the EXIT issue cycle counts as selected */
	s->now++;
	warp_set_state(s, w, ST_SELECTED); /* no-op: it is already selected */
	s->st->state_cycles[w->state] += s->now - w->since;
	if (s->tl)
		stats_timeline_row(s, w, s->now);
	s->now--;
	w->live = 0;
	w->wake = NEVER;
	sched_leave(s, &s->sc[w->sched], slot);
	if (s->now + 1 > s->end_cycle)
		s->end_cycle = s->now + 1;
	launch_warp_done(s, &s->b[w->block]);
}

/* A run that ended with warps waiting at a barrier no other warp can
 * reach (nothing left to wake them): fills st's deadlock fields and
 * returns SIM_EINPUT naming the first such block. */
static COLD int ctl_deadlock(struct sim *s, struct err *e)
{
	struct sim_stats *st = s->st;
	int waiting = 0, blk = -1, exited = 0;
	for (int i = 0; i < s->max_blocks; i++) {
		if (!s->b[i].live || s->b[i].bar_arrived == 0)
			continue;
		if (blk < 0) {
			blk = i;
			exited = s->b[i].warps_total - s->b[i].warps_left;
		}
		waiting += s->b[i].bar_arrived;
	}
	st->deadlock_cycle = s->now;
	st->deadlock_warps = waiting;
	st->deadlock_block = blk;
	return err_set(e, SIM_EINPUT, "deadlock at cycle %llu: %d warp(s) wait at BAR (block slot %d: %d of %d warps arrived, %d exited without reaching it)",
		       (unsigned long long)s->now, waiting, blk, blk >= 0 ? s->b[blk].bar_arrived : 0,
		       blk >= 0 ? s->b[blk].warps_total : 0, exited);
}
