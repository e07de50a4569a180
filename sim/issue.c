/*
 * issue.c: decoding and issuing an instruction. A room of sim/sm.c
 * (#included there, not compiled on its own; see sm_int.h).
 *
 * Each run first decodes the program into one small record per instruction
 * (struct uop: pipe, result latency, the registers to check, the operand
 * cycles with nothing reused, flags), which is what the dependence checks
 * (warp.c), the scheduler (sched.c) and issue read, instead of the
 * instruction, the opcode table and the arch. Decoding also settles whether
 * the in-flight limit can bind at all for this launch (U_QC). Issue is what
 * happens the cycle a scheduler picks a warp: operand collection and the
 * pipe's busy time (pipe.c), then by kind: an ALU result on the scoreboard
 * at issue + latency + the extra operand cycles (warp.c), a memory access
 * (mem.c), or control flow (ctl.c).
 *
 * Evidence: the fixed latencies are the calibration chains' (calib.csv in
 * tests/data/h200); the rest is the other rooms'.
 *
 * Reads from struct arch: pipe_latency, wide_pass_cycles, wide_issue_cycles,
 * wide_low_lead_cycles, wide_lsu_cycles, lsu_read_cycles,
 * max_inflight_sectors, bsync_cycles,
 * fetch_line_bytes, fetch_line_cycles, fetch_cycles, fetch_turn.
 */
#ifndef SIM_SM_C
#error "sim/issue.c is a room of sim/sm.c: #included there, not compiled on its own"
#endif
#include "sm_int.h"

/*
 * Fetch lines (fetch_line_bytes, fetch_line_cycles): for each instruction
 * with an address (an imported listing's, .pc), the first instruction of
 * the next fetch line, + 1 (0: none, or no addresses). After a taken branch
 * the target's line comes with the target (1 + branch_cycles after the
 * branch) and the next line fetch_line_cycles later: on the H200 a loop
 * whose head is the last instruction of its 128-byte line takes 2 cycles
 * a trip more than the same loop placed inside one line when the head's
 * stall count is 1, 1 more when the next line's first instruction comes
 * 2 cycles after the head, none from 3 (tests/data/h200/mech/brreg,
 * mech_brfar n1, n4, n8 against n2; tests/data/h200/tloop tl_f1, tl_f8,
 * tl_f16 against tl_f2, tl_f4).
 */
static void issue_fetch_lines(struct sim *s, const struct program *prog)
{
	uint32_t lb = (uint32_t)s->a->fetch_line_bytes;
	s->nline_on = s->a->fetch_cycles > 0 || s->a->fetch_turn;
	for (int pc = 0; pc < prog->ninsn; pc++) {
		const struct insn *in = &prog->code[pc];
		s->nline[pc] = 0;
		if (!in->has_addr || lb == 0 || s->a->fetch_line_cycles <= 0)
			continue;
		uint64_t next = ((uint64_t)in->addr / lb + 1) * lb; /* the next line's first byte */
		uint32_t seen = 0; /* at most a line's instructions on (a .pc going back stops it) */
		int32_t run = NLINE_RUN; /* no branch between: a warp at pc runs into the next line */
		for (int j = pc + 1; j < prog->ninsn && seen <= lb / 16; j++) {
			const struct insn *x = &prog->code[j];
			const struct insn *b = &prog->code[j - 1];
			if ((b->op == OP_IF || b->op == OP_ENDLOOP || b->op == OP_EXIT || b->op == OP_ELSE))
				run = 0;
			if (!x->has_addr)
				continue; /* a structure marker */
			if (x->addr <= in->addr)
				break;
			seen++;
			if (x->addr < next)
				continue; /* still in pc's line */
			if (x->addr - next < lb) {
				s->nline[pc] = (j + 1) | run;
				s->nline_on = 1;
			}
			break;
		}
	}
}

/* IMAD.WIDE: an IMAD with a 64-bit result */
static int issue_imad_wide(const struct insn *in)
{
	return in->op == OP_IMAD && in->width == 8;
}

/* IMAD.WIDE on an arch that gives it a second pass */
static int issue_is_wide(const struct sim *s, const struct insn *in)
{
	return s->a->wide_pass_cycles > 0 && issue_imad_wide(in);
}

/* The side of the fixed-latency pipes an instruction issues on (SIDE_*), 0
 * for the others (memory, control, the XU, ...) */
static int issue_side(const struct opinfo *op)
{
	return op->pipe == PIPE_ALU ? SIDE_ALU : op->pipe == PIPE_FMA || op->pipe == PIPE_FMAHEAVY ? SIDE_FMA : 0;
}

/* wide_lsu_cycles: an IMAD.WIDE (wide) tags its result SIDE_WIDE; a memory
 * instruction (no side of its own) that may read one waits xcross =
 * wide_lsu_cycles more for it than an ALU-side reader: its address through
 * the LSU's operand path (mech_ldgaddr wide_x1's lone warp, round 39; the
 * LEA/LEA.HI.X and IADD3/IADD3.X addresses of chase_idx and ptr_x1 wait
 * for nothing more) */
static void issue_wide_lsu(const struct sim *s, struct uop *u, const struct opinfo *op, int side, int wide)
{
	if (s->a->wide_lsu_cycles <= 0)
		return;
	if (wide)
		u->pside |= (uint8_t)(SIDE_WIDE << SIDE_SHIFT);
	else if (!side && op->space != SPACE_NONE) {
		u->xside = (uint8_t)(SIDE_WIDE << SIDE_SHIFT);
		u->xcross = (uint8_t)s->a->wide_lsu_cycles;
	}
}

/*
 * The constant line instruction pc reads, as an index into sim.cl
 * (uop.cl): -1 when it is no constant load, its address is not known
 * (a register indexes it without caddr=), or its cache has no cold fill
 * (const_miss_cycles 0 for LDC, uconst_miss_cycles for ULDC). LDC, ULDC
 * of an immediate address and ULDC of a uniform register's fill caches of
 * their own (mem_cline): the same line read by two of them is two.
 * Numbered in program order (sim.cl_n, reset by issue_decode), each line
 * once.
 */
static int issue_cline(struct sim *s, const struct program *prog, int pc)
{
	const struct insn *in = &prog->code[pc];
	const struct arch *a = s->a;
	if (!isa_is_const_load(in->op) || !(in->caddr >> 24) ||
	    (in->op == OP_LDC ? a->const_miss_cycles : a->uconst_miss_cycles) <= 0)
		return -1;
	/* the cache (bits 30-31: LDC, ULDC of an immediate address, ULDC of a
	 * uniform register's), the bank, the line */
	uint32_t cache = in->op == OP_LDC ? 0 : in->nsrc > 0 && !isa_is_zero_reg(in->src[0]) ? 2 : 1;
	uint32_t key = cache << 30 | (in->caddr >> 16 & 0xff) << 20 | (in->caddr & 0xffff) / (uint32_t)a->const_line_bytes;
	for (int q = 0; q < s->cl_n; q++)
		if (s->cl_key[q] == key)
			return q;
	if (s->cl_n == INT16_MAX)
		return -1; /* uop.cl's range: further lines warm (no compiled kernel reads 32767 lines) */
	s->cl_key[s->cl_n] = key;
	return s->cl_n++;
}

/* Decodes the program into s->uop (see struct uop). */
static int issue_decode(struct sim *s, const struct program *prog)
{
	if (prog->ninsn > s->uop_cap) {
		struct uop *u = realloc(s->uop, sizeof *u * (size_t)prog->ninsn);
		if (!u)
			return -1;
		s->uop = u;
		int32_t *nl = realloc(s->nline, sizeof *nl * (size_t)prog->ninsn);
		if (!nl)
			return -1;
		s->nline = nl;
		struct cline *cl = realloc(s->cl, sizeof *cl * (size_t)prog->ninsn);
		if (!cl)
			return -1;
		s->cl = cl;
		uint32_t *ck = realloc(s->cl_key, sizeof *ck * (size_t)prog->ninsn);
		if (!ck)
			return -1;
		s->cl_key = ck;
		s->uop_cap = prog->ninsn;
	}
	issue_fetch_lines(s, prog);
	/* registers some instruction writes: the others stay ready at 0 (a
	 * warp's start) and are never waited for */
	uint8_t written[ISA_NREGS] = {0}, wide_written[ISA_NREGS] = {0};
	for (int pc = 0; pc < prog->ninsn; pc++) {
		const struct insn *in = &prog->code[pc];
		if (in->has_ctl && issue_is_wide(s, in)) {
			/* IMAD.WIDE with control bits: its result is tracked (below) */
			wide_written[in->dst] = 1;
			for (int k = 0; k < in->nxdst; k++)
				wide_written[in->xdst[k]] = 1;
		}
		if (in->has_ctl) {
			/* control bits: the scoreboards posted on, and the stall count */
			if (in->wsb < ISA_NSB)
				written[ISA_SB0 + in->wsb] = 1;
			if (in->rsb < ISA_NSB)
				written[ISA_SB0 + in->rsb] = 1;
			written[REG_STALL] = 1;
			continue;
		}
		if (in->has_dst && in->dst != ISA_RZ)
			written[in->dst] = 1;
		for (int k = 0; k < in->nxdst; k++)
			written[in->xdst[k]] = 1;
	}
	written[ISA_RZ] = written[ISA_URZ] = written[ISA_PT] = written[ISA_UPT] = 0;
	/* L2/DRAM loads: the most sectors one to each destination takes, and
	 * whether one has none (see the in-flight limit below) */
	int sec_of[ISA_NREGS] = {0}, unheld = 0;
	long long per_warp = 0;
	s->cl_n = 0; /* the constant lines, numbered as the loop meets them (issue_cline) */
	for (int pc = 0; pc < prog->ninsn; pc++) {
		const struct insn *in = &prog->code[pc];
		const struct opinfo *op = &isa_ops[in->op];
		struct uop *u = &s->uop[pc];
		int dst_read = 0, ctl = in->has_ctl;

		memset(u, 0, sizeof *u);
		u->cl = (int16_t)issue_cline(s, prog, pc);
		u->pipe = (uint8_t)op->pipe;
		u->thr = (uint8_t)pipe_throttle_state(in, op->pipe);
		u->unit = (uint8_t)op->unit;
		u->dst = in->dst;
		u->lat = s->a->pipe_latency[op->pipe] - 1;
		u->rd0 = (uint16_t)pipe_bank_reads(s, NULL, 0, 0, in, in->nsrc);
		u->oc0 = (uint8_t)pipe_reads_cycles(u->rd0);
		if (!s->a->off_store_reads_data && !op->is_load && (op->space == SPACE_GLOBAL || op->space == SPACE_LOCAL) &&
		    in->nsrc > 1) {
			int nd = in->width > 4 ? in->width / 4 : 1; /* the data: the last sources (isa/parse.c) */
			u->offdata = (uint8_t)(nd < in->nsrc ? nd : in->nsrc - 1);
		}
		/* an arithmetic instruction off in every lane (lanes=0) reads none of its
		 * sources (off_alu_reads 0): on the H200 (tests/data/h200/mech/offalu,
		 * mech_offalu, 2026-12-04) 8 guarded FFMAs a trip at 32 warps take 24051
		 * cycles off and 29051 live, the issue-bound FMUL by an immediate 24004
		 * either way; its pipe it still takes (IMAD and MUFU.RCP off = live) */
		if (!s->a->off_alu_reads && in->off && op->space == SPACE_NONE && in->nsrc > 0)
			u->offdata = (uint8_t)in->nsrc;
		/* IMAD.WIDE (a 64-bit result) takes its pipe twice and holds its
		 * warp wide_pass_cycles more (mech_otput, round 18) */
		int wide = issue_is_wide(s, in);
		if (wide) {
			u->xbusy = (uint8_t)s->interval[op->pipe];
			u->lat += s->a->wide_pass_cycles; /* without control bits: its result comes later */
			/* the low word before the high one (round 22, mech_iwmix
			 * iw_ldg's lone warp: its IADD3s read the low word 7 cycles
			 * after the IMAD.WIDE, not the 9 of a reader of both words) */
			int lead = s->a->wide_low_lead_cycles;
			u->lead = (uint8_t)(lead < u->lat ? lead : u->lat);
		}
		/* IMAD.WIDE holds its scheduler's issue wide_issue_cycles, its own
		 * included (mech_iwhl, mech_iwmode: nothing overlaps it) */
		if (s->a->wide_issue_cycles > 1 && issue_imad_wide(in))
			u->hold = (uint8_t)s->a->wide_issue_cycles;
		u->wkind = in->has_dst && in->dst != ISA_RZ ? (op->lat == LAT_VARIABLE ? RK_SHORT : RK_FIXED) : UOP_NOWRITE;
		if (in->nxdst && !ctl)
			u->flags |= U_XDST;
		int side = issue_side(op);
		if (!ctl && s->a->cross_side_cycles > 0) {
			u->pside = (uint8_t)(u->wkind == RK_FIXED ? side << SIDE_SHIFT : 0);
			u->xside = (uint8_t)(side ? (SIDE_FMA + SIDE_ALU - side) << SIDE_SHIFT : 0);
			u->xcross = (uint8_t)s->a->cross_side_cycles;
		}
		if (!ctl)
			issue_wide_lsu(s, u, op, side, wide && u->wkind == RK_FIXED);
		if (op->space != SPACE_NONE || (op->unit != UNIT_NONE && op->pipe == PIPE_LSU))
			u->flags |= U_MEM;
		if (((s->a->store_bytes_per_cycle > 0 || s->a->store_insn_cycles > 0 || s->a->store_warp_cycles > 0) &&
		     ((!op->is_load && (op->space == SPACE_GLOBAL || op->space == SPACE_LOCAL)) ||
		      op->space == SPACE_SHARED || in->op == OP_SHFL)) ||
		    (in->op == OP_S2UR && s->a->s2ur_cycles > 0) ||
		    (s->a->l2_dirty_bytes > 0 && (in->op == OP_STG || in->op == OP_ST))) /* mem_writeback */
			u->flags |= U_MIOX;
		if (lanes_smem_banked(s->a, in))
			u->flags |= U_BANKED;
		if (in->op == OP_STS || in->op == OP_ATOMS)
			u->flags |= U_SDRAIN;
		if (in->off)
			u->flags |= U_OFF;
		if (isa_l1_load(in->op) && mem_global_level(s, in) != LV_L1) {
			u->miss = 1;
			if (!in->has_dst || in->dst == ISA_RZ || ctl) {
				/* with control bits a load waits for no earlier one to its
				 * destination: the bound below does not hold */
				unheld = 1;
			} else {
				int sec = lanes_sectors(s->a, in, 32); /* the most: all 32 lanes (launch_block) */
				if (sec > sec_of[in->dst]) {
					per_warp += sec - sec_of[in->dst];
					sec_of[in->dst] = sec;
				}
			}
		}
		if (in->op == OP_BAR)
			u->flags |= U_BAR;
		if (in->op == OP_ENDLOOP)
			u->flags |= U_ENDLOOP;
		if (ctl_is_pseudo(in->op))
			u->flags |= U_PSEUDO;
		else if (in->op != OP_EXIT && in->op != OP_BAR && in->op != OP_ENDLOOP && in->op != OP_IF)
			u->flags |= U_PLAIN;
		if (in->op == OP_EXIT || in->wait_all)
			u->flags |= U_DRAIN;
		if (in->op == OP_BSYNC && s->a->bsync_cycles > 0)
			u->flags |= U_BSYNC;
		if ((prog->has_span && (pc == prog->span_insn[0] || pc == prog->span_insn[1])) || (in->clock && s->stamps) ||
		    s->trace)
			u->flags |= U_STAMP; /* run --trace: every instruction */
		if (ctl) {
			/*
			 * Control bits: the hardware checks no registers. The warp
			 * waits for the scoreboards of the wait mask and for the
			 * previous instruction's stall count; a variable-latency
			 * result is posted on the write scoreboard (none: not
			 * tracked), fixed-latency results are not tracked (the stall
			 * counts cover them).
			 */
			u->flags |= U_CTL;
			u->stall = (uint8_t)(in->stall ? in->stall : 1);
			u->yld = (uint8_t)(in->yield && s->a->yield_switch);
			for (int k = 0; k < ISA_NSB; k++)
				if ((in->wmask >> k & 1) && written[ISA_SB0 + k])
					u->chk[u->nchk++] = (uint16_t)(ISA_SB0 + k);
			u->chk[u->nchk++] = REG_STALL;
			/* IMAD.WIDE's second pass: its result comes wide_pass_cycles
			 * after what its stall count covers, and the hardware holds its
			 * readers for it (mech_otput: a chain of IMAD.WIDE and LOP3 14.2
			 * cycles an op where the stall counts give 10; eight chains 6.4
			 * where they give 4): posted on its registers, which the
			 * instructions reading them wait for, a side apart as without
			 * control bits */
			for (int k = 0; k < in->nsrc && u->nchk < UOP_MAX_CHK; k++)
				if (wide_written[in->src[k]]) {
					u->chk[u->nchk++] = (uint16_t)in->src[k];
					u->xside = (uint8_t)(side ? (SIDE_FMA + SIDE_ALU - side) << SIDE_SHIFT : 0);
					u->xcross = (uint8_t)s->a->cross_side_cycles;
					issue_wide_lsu(s, u, op, side, 0);
				}
			if (u->wkind == RK_SHORT && in->wsb < ISA_NSB) {
				u->dst = (uint16_t)(ISA_SB0 + in->wsb);
				u->sbmax = 1;
			} else if (wide) {
				u->pside = SIDE_FMA << SIDE_SHIFT;
				issue_wide_lsu(s, u, op, side, 1);
				if (in->nxdst)
					u->flags |= U_XDST;
			} else {
				u->wkind = UOP_NOWRITE;
			}
			if (in->rsb < ISA_NSB) {
				u->rsb = 1;
				u->rsb_reg = (uint16_t)(ISA_SB0 + in->rsb);
				if (op->is_load && (op->space == SPACE_GLOBAL || op->space == SPACE_LOCAL))
					u->rsb_at = (uint16_t)s->a->lsu_read_cycles;
			}
			continue;
		}
		for (int k = 0; k < in->nsrc + in->nxwait + 1; k++) {
			int reg = k < in->nsrc ? in->src[k] : k < in->nsrc + in->nxwait ? in->xwait[k - in->nsrc]
							: in->has_pred ? in->pred : ISA_RZ;
			int dup = reg == ISA_RZ || !written[reg];
			for (int j = 0; j < u->nchk && !dup; j++)
				dup = u->chk[j] == reg;
			if (!dup)
				u->chk[u->nchk++] = (uint16_t)reg;
			dst_read |= in->has_dst && reg == in->dst;
		}
		if (in->has_dst && in->dst != ISA_RZ && !dst_read && !isa_is_zero_reg(in->dst))
			u->flags |= U_WAW;
	}
	/* a reader looks for a result of the other side only where the program
	 * has one for a register it reads (most have none: the plain check) */
	uint8_t side_written[ISA_NREGS] = {0};
	for (int pc = 0; pc < prog->ninsn; pc++)
		if (s->uop[pc].pside) {
			side_written[prog->code[pc].dst] |= s->uop[pc].pside;
			for (int k = 0; k < prog->code[pc].nxdst; k++)
				side_written[prog->code[pc].xdst[k]] |= s->uop[pc].pside;
		}
	for (int pc = 0; pc < prog->ninsn; pc++) {
		struct uop *u = &s->uop[pc];
		int any = 0;
		if (!u->xside || (u->flags & U_CTL))
			continue;
		for (int k = 0; k < u->nchk; k++)
			any |= side_written[u->chk[k]] & u->xside;
		if (!any)
			u->xside = 0;
	}
	/*
	 * Whether the in-flight limit can bind at all. An L2/DRAM load waits
	 * for an earlier variable-latency write to its destination (it reads
	 * it, or U_WAW), and leaves the in-flight count the cycle its result
	 * lands (mem_issue); a warp exits only once its results have landed
	 * (U_DRAIN). So a live warp has at most one such load in flight per
	 * destination register, and the count never exceeds the resident
	 * warps times the sum, over destinations, of the largest such load's
	 * sectors. When that fits under the limit, no load ever waits for it:
	 * nothing counts in flight (no U_QC) and the results are the same. A
	 * load to RZ is held back by nothing: the limit applies.
	 */
	int blocks = s->blocks_total < s->resident_limit ? s->blocks_total : s->resident_limit;
	if (unheld || per_warp * blocks * s->warps_per_block > s->a->max_inflight_sectors)
		for (int pc = 0; pc < prog->ninsn; pc++)
			if (s->uop[pc].miss)
				s->uop[pc].flags |= U_QC;
	return 0;
}

/* Control bits at issue: the stall count holds the warp's next instruction
 * (REG_STALL) from its issue, slip cycles late when it waited for its
 * collection window, and the read scoreboard clears once the operands have
 * been collected (oc cycles); a global or local load's no sooner than
 * lsu_read_cycles after its issue (uop.rsb_at: mech_wide7, mech_wide8, round
 * 42). With yield_switch, the yield hint (uop.yld)
 * ends the scheduler's greedy run on the warp: its next pick goes by the
 * policy's order (sched_pick). */
static inline void issue_ctl(struct sim *s, struct warp *w, const struct uop *u, int oc, int slip)
{
	warp_write_reg(w, REG_STALL, s->now + (uint64_t)slip + u->stall, RK_FIXED);
	if (u->rsb)
		warp_post_sb(w, u->rsb_reg, s->now + (uint64_t)(oc > u->rsb_at ? oc : u->rsb_at), RK_SHORT);
	if (u->yld)
		s->sc[w->sched].last = -1; /* the yield hint: no greedy pick of the warp next (yield_switch) */
}

/*
 * A taken branch just issued (ctl_redirect, or a back edge): its target
 * comes fetch_ready, its target's next fetch line (issue_fetch_lines)
 * fetch_line_cycles after that, when the scheduler's instruction fetch
 * takes them at once. It does not always:
 * - fetch_turn: the fetch visits the scheduler's resident warps one a
 *   cycle, so the target's fetch starts at the warp's turn, 0 to N - 1
 *   cycles after the branch with N warps; where the fetch stands is, to
 *   the warp, a seeded draw (frng: the same every run). fetch_turn 2: it
 *   passes over warps waiting at their block's barrier (N counts the
 *   others): bar_skew's warp 0, running 32 trips of a loop while the other
 *   31 warps wait for it, takes 67 cycles a round more at 32 warps than
 *   alone on the H200 (tests/data/h200/mech, mech_bar skew); with the 7
 *   waiting warps of its scheduler in N (fetch_turn 1) smsim gave 150,
 *   3.5 cycles a back edge.
 * - fetch_cycles: it starts one fetch (a target, or the line after a
 *   target that the warp runs into) every fetch_cycles; each waits for
 *   those booked before it.
 * On the H200 (tests/data/h200/mech/brncu, ncu's sampled stall reasons per
 * SASS instruction): the cycles a warp waits at a branch target with no
 * instruction grow with the scheduler's warps, about (N - 1) / 2 beyond a
 * lone warp's (1.4, 2.6, 3.8 and 6.8 at 2, 4, 8 and 16 warps, the mean
 * over 10 loops), and br_rate<8, 0> at 16 warps a scheduler, 11 fetches a
 * warp's trip, takes 379 cycles a round: 2.15 cycles a fetch at most.
 */
static inline void issue_fetch_book(struct sim *s, struct sched *sc, struct warp *w)
{
	uint64_t fc = (uint64_t)s->a->fetch_cycles, at = s->now;
	uint64_t ready = w->fetch_ready;
	if (s->a->fetch_turn && sc->resident > 1) {
		uint64_t n = (uint64_t)sc->resident;
		if (s->a->fetch_turn == 2 && (s->bar_open || s->now < s->bar_rel_until)) /* some warp may wait */
			for (uint64_t m = sc->livem; m; m &= m - 1)
				n -= s->w[__builtin_ctzll(m)].bar_ready > s->now;
		/* (drawn whatever n is: the draws of the others stay as they were) */
		uint64_t wait = ((xorshift64s(&s->frng) >> 32) * n) >> 32; /* 0 .. N - 1 */
		w->fetch_ready += wait;
		at += wait;
	}
	if (fc && sc->fetch_free > at) {
		w->fetch_ready += sc->fetch_free - at;
		at = sc->fetch_free;
	}
	if (w->fetch_ready != ready && w->depth > 0) {
		/* a back edge: the next trip starts when its target comes (ctl_loop_floor) */
		struct frame *f = &w->stack[w->depth - 1];
		if (f->kind == FR_LOOP && f->trip_start == ready)
			f->trip_start = w->fetch_ready;
	}
	sc->fetch_free = at + fc;
	int32_t nl = s->nline[w->pc];
	w->line_next = nl & ~NLINE_RUN;
	w->line_ready = w->fetch_ready + (uint64_t)s->a->fetch_line_cycles;
	if (fc && (nl & NLINE_RUN)) {
		at += (uint64_t)s->a->fetch_line_cycles;
		if (sc->fetch_free > at) {
			w->line_ready += sc->fetch_free - at;
			at = sc->fetch_free;
		}
		sc->fetch_free = at + fc;
	}
}

/* A stamp issues (U_STAMP). A clock read (insn.clock) with run --stamps: a
 * row of the block (launch order on the SM), the warp in it, the
 * instruction's address (its index without one) and the cycle it reads,
 * its issue (slip: the cycles it waited for its collection window), as a
 * harness's %clock would. With run --trace every instruction is one: a row
 * of the same and its opcode. A .span stamp: a block's first warp, whose
 * lane 0 is the harness's thread 0, reads the clock; FROM keeps the
 * earliest, TO the latest (one instruction may be both). */
/* The start of a --stamps or --trace row: block, warp, and the instruction's
 * address (its index without one) */
static void issue_row_head(FILE *f, const struct sim *s, const struct warp *w, const struct insn *in)
{
	if (in->has_addr)
		fprintf(f, "%d,%d,0x%04x,", s->b[w->block].seq, w->wib, in->addr);
	else
		fprintf(f, "%d,%d,%d,", s->b[w->block].seq, w->wib, w->pc);
}

static __attribute__((noinline)) void issue_stamp(struct sim *s, const struct warp *w, int slip)
{
	const struct insn *in = &s->code[w->pc];
	unsigned long long at = s->now + (uint64_t)slip;
	if (s->trace) {
		/* the opcode, with what the engine times apart: IMAD.WIDE, a memory op's width */
		const struct opinfo *op = &isa_ops[in->op];
		const char *x = issue_imad_wide(in) ? ".WIDE" : op->space == SPACE_NONE ? "" : in->width == 8 ? ".64"
			      : in->width == 16 ? ".128" : "";
		issue_row_head(s->trace, s, w, in);
		fprintf(s->trace, "%s%s,%llu\n", op->name, x, at);
	}
	if (s->stamps && in->clock) {
		issue_row_head(s->stamps, s, w, in);
		fprintf(s->stamps, "%llu\n", at);
	}
	if (w->wib != 0 || !s->p->has_span)
		return;
	if (w->pc == s->p->span_insn[0] && s->now < s->span_t0) {
		s->span_t0 = s->now;
		s->span_seen |= 1;
	}
	if (w->pc == s->p->span_insn[1] && s->now >= s->span_t1) {
		s->span_t1 = s->now;
		s->span_seen |= 2;
	}
}

/* The operand cycles of an instruction with sources it may not read
 * (uop.offdata): a store none of whose lanes the warp makes reads only
 * its address registers (off_store_reads_data 0), an arithmetic one off in
 * every lane none (off_alu_reads 0; its offdata is all its sources, and
 * it is always off) (pipe_operand_cycles_off). Out of line: the common
 * path stays small. */
static __attribute__((noinline)) int issue_off_operands(struct sim *s, struct sched *sc, const struct warp *w,
							  const struct uop *u, const struct insn *in)
{
	if ((u->flags & U_OFF) || lanes_of_warp(w, in) == 0)
		return pipe_operand_cycles_off(s, sc, w->slot, w->pc, u, in);
	return pipe_operand_cycles(s, sc, w->slot, w->pc, u, in);
}

/* A ULDC whose constant line is cold or on its way (mem_cline): the warp
 * waits for the fill, then its stall count (with control bits: ptxas gives
 * ULDC a fixed latency, so the hardware holds the warp), or its result
 * comes that much later (without). */
static COLD void issue_uconst(struct sim *s, struct warp *w, const struct uop *u, const struct insn *in)
{
	double r = mem_cline(s, u->cl, (double)s->now, s->a->uconst_miss_cycles, w->pc, 0, 0);
	if (r <= (double)s->now)
		return;
	uint64_t at = (uint64_t)r;
	if (u->flags & U_CTL) {
		warp_write_reg(w, REG_STALL, at + u->stall, RK_FIXED);
	} else if (u->wkind != UOP_NOWRITE) {
		uint64_t t = at + (uint64_t)u->lat + 1;
		warp_write_reg(w, u->dst, t, u->wkind);
		if (u->flags & U_XDST)
			warp_write_xdst(w, in, t, u->wkind);
	}
}

/* Warp w, picked by its scheduler, issues its instruction now: operand
 * collection and the pipe's busy time, the warp's next wake-up (next
 * cycle, unless the scheduler files it later), then what the instruction
 * does. */
static void issue_warp(struct sim *s, struct warp *w)
{
	const struct insn *in = &s->code[w->pc];
	const struct uop *u = &s->uop[w->pc];
	struct sched *sc = &s->sc[w->sched];
	int pipe = w->pipe; /* set by sched_evaluate: the back edge's steps differ from ENDLOOP's own pipe */
	int busy = s->interval[pipe] + u->xbusy;
	int oc = __builtin_expect(u->offdata, 0) ? issue_off_operands(s, sc, w, u, in)
						 : pipe_operand_cycles(s, sc, w->slot, w->pc, u, in);

	w->deps_ok = 0;
	w->last_issue = s->now + 1;
	sc->n_warp_insn++;
	sc->n_thread_insn += w->lanes;
	sc->pipe_free[pipe] = s->now + (uint64_t)(oc > busy ? oc : busy);
	sc->lanes_free[pipe] = s->now + (uint64_t)busy;
	pipe_period(sc, pipe, s->now, busy, oc);
	int slip = 0; /* the cycles it waited for its collection window (pipe_window): it issues then */
	if (__builtin_expect(oc > 1, 0) && s->oc_n > 0) /* the operand collectors (a guard keeps the hold) */
		slip = pipe_collector(s, sc, pipe, oc, busy, in);
	if (__builtin_expect(u->hold, 0))
		pipe_hold_all(sc, s->now + u->hold); /* nothing else issues before now + hold */
	sc->last = w->slot; /* with control bits the yield hint may undo it (issue_ctl) */
	w->wake = s->now + 1 + (uint64_t)slip;

	if (u->flags & U_CTL)
		issue_ctl(s, w, u, oc, slip);
	if (__builtin_expect(u->flags & U_STAMP, 0))
		issue_stamp(s, w, slip);
	if (u->flags & U_PLAIN) {
		if (u->flags & U_MEM)
			mem_issue(s, w, in);
		else if (u->wkind != UOP_NOWRITE) {
			/* a bank conflict delays the result by the operand cycles beyond
			 * the pipe's issue interval: a 16-lane pipe reads two operands of
			 * one bank within its two cycles (mech_ops, round 18) */
			uint64_t t = s->now + (uint64_t)u->lat + 1;
			if (__builtin_expect(oc > 1, 0) && oc > s->interval[pipe])
				t += (uint64_t)(oc - s->interval[pipe]);
			if (u->sbmax)
				warp_post_sb(w, u->dst, t, u->wkind);
			else
				warp_write_reg(w, u->dst, t - u->lead, u->wkind | u->pside);
			if (u->flags & U_XDST)
				warp_write_xdst(w, in, t, u->wkind | (u->lead ? u->pside : u->pside & (SIDE_WIDE << SIDE_SHIFT)));
		}
		if (__builtin_expect(u->cl >= 0, 0) && !(u->flags & U_MEM))
			issue_uconst(s, w, u, in);
		if (u->flags & U_BSYNC)
			ctl_bsync(s, w, u);
		w->pc++;
	} else {
		switch (in->op) {
		case OP_EXIT:
			ctl_exit(s, w);
			return;
		case OP_BAR:
			w->pc++;
			ctl_barrier_arrive(s, w, u);
			break;
		case OP_ENDLOOP:
			if (!ctl_endloop(s, w))
				return; /* counter or compare: the branch comes next */
			break;
		case OP_IF:
			ctl_issue_if(s, w, in);
			break;
		default:
			SIM_ASSERT(!"issue: an instruction that neither issues plainly nor is handled");
			break;
		}
	}
	if (s->uop[w->pc].flags & U_PSEUDO)
		ctl_skip_pseudo(s->p, s->a, w, s->now, ctl_issue_gap(u), &s->sc[w->sched]);
	if (__builtin_expect(w->bar_ready != 0, 0))
		ctl_barrier_hold(s, w);
	if (__builtin_expect(w->line_next != 0, 0)) {
		if (w->line_next < 0) {
			issue_fetch_book(s, sc, w); /* a taken branch */
		} else if (w->pc + 1 == w->line_next) {
			w->line_next = 0;
			if (w->line_ready > w->fetch_ready)
				w->fetch_ready = w->line_ready;
		}
	}
}
