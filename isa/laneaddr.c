/*
 * laneaddr.c: the lanes of a kernel's shared-memory instructions, read from
 * its integer arithmetic. A room of isa/import.c (#included there, not
 * compiled on its own): it uses the importer's helpers (written_regs,
 * loop_head, is_branch, const_write) and gives mem_attrs an `offsets=` for
 * an LDS, STS or ATOMS with no --mem rule whose lanes do not lie one word
 * after another (round 48).
 *
 * One pass over the listing in order runs warp 0's 32 lanes through the
 * integer instructions that compute addresses: S2R SR_TID.X and SR_LANEID
 * (lane l: l; in a kernel that reads SR_TID.Y or .Z threadIdx.x is not
 * known, since warp 0's lanes then depend on blockDim.x), MOV, IADD3, VIADD, IMAD (a x b + c), LEA, SHF, LOP3.LUT and their
 * uniform twins, and the importer's constant writes (HFMA2.MMA's half). A
 * value is unknown, or known in every lane up to a part that is the same in
 * all of them (a constant bank's word, a block index, the shared window's
 * base: `uni`; a word --arg or --const gives is known: round 49); adding,
 * and multiplying or shifting left by a known
 * lane-invariant amount, keep that part; anything else of a value that has
 * one and differs by lane is unknown. A shared-memory access's bank
 * conflicts do not change when every lane moves by the same multiple of its
 * width, so the part common to all lanes drops out: what counts is each
 * lane's offset from the others.
 *
 * Conservative where the code is not straight: at a loop's head every
 * register the loop writes is unknown (its value may be the last trip's),
 * and where two paths meet (a forward branch's target) every register
 * either path wrote; a guarded write, a load's result and any instruction
 * not read here make their registers unknown. An access whose address is
 * unknown keeps the importer's default (a word a lane, one after another)
 * and can be given with --mem.
 *
 * Evidence for the rule that uses the offsets (the banks): mech_sgather
 * (lanes placed by offsets=, 15 LDS patterns within 1.4%), mech_sstore.
 */
#ifndef IMPORT_C
#error "isa/laneaddr.c is a room of isa/import.c: #included there, not compiled on its own"
#endif

struct av {
	uint8_t known; /* 0: unknown */
	uint8_t uni;   /* plus a part the same in every lane, not known */
	uint32_t d[32];
};

struct addr_state {
	struct av r[256], u[64];
	const struct uf_bank *bank; /* the constant-bank words --arg and --const give (uniflow.c) */
	int tid_known; /* the kernel reads no threadIdx.y or .z: warp 0's lane l is threadIdx.x = l */
};

static int av_pure(const struct av *a)
{
	for (int l = 1; l < 32; l++)
		if (a->d[l] != a->d[0])
			return 0;
	return 1;
}

static void av_const(struct av *a, uint32_t v, int uni)
{
	a->known = 1;
	a->uni = (uint8_t)uni;
	for (int l = 0; l < 32; l++)
		a->d[l] = v;
}

/* The value an operand reads (negation and ~ applied) */
static struct av av_get(const struct addr_state *s, const struct sass_insn *x, int k)
{
	struct av a = {0};
	const struct sass_opnd *p = &x->op[k];
	if (p->abs || p->sfx_len)
		return a;
	if (p->kind == SASS_REG)
		a = p->num == SASS_RZ ? (av_const(&a, 0, 0), a) : s->r[p->num];
	else if (p->kind == SASS_UREG) /* one value for the warp: at worst a common part not known */
		a = p->num >= SASS_URZ ? (av_const(&a, 0, 0), a) : s->u[p->num].known ? s->u[p->num] : (av_const(&a, 0, 1), a);
	else if (p->kind == SASS_IMM && !p->is_float)
		av_const(&a, (uint32_t)p->ival, 0);
	else if (p->kind == SASS_CONST && p->num == SASS_NONE && p->bank >= 0) {
		/* a constant bank's word: the same in every lane, known when the kernel's arguments give it */
		uint32_t v;
		int known = bank_word(s->bank, p, 0, &v);
		av_const(&a, known ? v : 0, !known);
	}
	if (!a.known)
		return a;
	if (p->neg || p->bnot) {
		if (p->bnot && a.uni && !av_pure(&a))
			return (struct av){0};
		for (int l = 0; l < 32; l++)
			a.d[l] = p->neg ? 0u - a.d[l] : ~a.d[l];
	}
	return a;
}

/* a x b + c. A part common to all lanes survives a factor that is known and
 * the same in every lane; an unknown common part times a lane-invariant
 * value joins c's common part; any other product with one is unknown. */
static struct av av_mad(const struct av *a, const struct av *b, const struct av *c)
{
	struct av r = {0};
	if (!a->known || !b->known || !c->known)
		return r;
	int pa = av_pure(a), pb = av_pure(b);
	r.known = 1;
	r.uni = c->uni;
	if (a->uni || b->uni) {
		if (pa && pb) {
			r = *c;
			r.uni = 1;
			return r;
		}
		if (!((a->uni && pb && !b->uni) || (b->uni && pa && !a->uni)))
			return (struct av){0};
		r.uni = 1;
	}
	for (int l = 0; l < 32; l++)
		r.d[l] = a->d[l] * b->d[l] + c->d[l];
	return r;
}

/* f applied lane by lane where it is not linear: only to known values, or to values the same in every lane */
static int av_nonlinear_ok(const struct av *a)
{
	return a->known && (!a->uni || av_pure(a));
}

/* The value x writes to its first register (or uniform register), into *r; 0: not read here */
static int av_eval(const struct addr_state *s, const struct sass_insn *x, struct av *r)
{
	const char *o = x->opcode, *m = x->mods;
	int u = o[0] == 'U'; /* the uniform twin: UIADD3, ULEA, ... (any other U opcode matches none below) */
	const char *b = u ? o + 1 : o;
	int d = 0; /* the destination's operand */
	memset(r, 0, sizeof *r);
	if (x->nop > 1 && (x->op[0].kind == SASS_PRED || x->op[0].kind == SASS_UPRED))
		d = 1; /* LOP3.LUT P0, R9, ...: the register after the predicate */
	int s0 = d + 1;
	while (s0 < x->nop && (x->op[s0].kind == SASS_PRED || x->op[s0].kind == SASS_UPRED) && strcmp(b, "SEL") != 0)
		s0++; /* a carry out (IADD3 R8, P5, ...) */
	int ns = x->nop - s0;
	struct av a, bb, c;
	if ((!strcmp(b, "MOV") && !m[0] && ns == 1) || (!strcmp(b, "IMAD") && !strcmp(m, "MOV.U32") && ns == 3 && x->op[s0].kind == SASS_REG &&
						       x->op[s0].num == SASS_RZ)) {
		*r = av_get(s, x, x->nop - 1);
		return 1;
	}
	if (!strcmp(o, "S2R") || !strcmp(o, "S2UR")) {
		char t[24];
		sass_opnd_text(x, 1, t, sizeof t);
		if (!u && (!strcmp(t, "SR_LANEID") || (!strcmp(t, "SR_TID.X") && s->tid_known))) {
			r->known = 1;
			for (int l = 0; l < 32; l++)
				r->d[l] = (uint32_t)l;
		} else if (!strncmp(t, "SR_CTAID", 8) || !strncmp(t, "SR_NCTAID", 9) || !strcmp(t, "SR_CgaCtaId") || !strncmp(t, "SR_NTID", 7)) {
			av_const(r, 0, 1);
		}
		return 1;
	}
	if (!strcmp(b, "LDC") && x->nop == 2 && x->op[1].kind == SASS_CONST) {
		a = av_get(s, x, 1);
		*r = a;
		return 1;
	}
	if (!strcmp(o, "HFMA2") || !strcmp(o, "CS2R")) {
		int64_t v;
		if (const_write(x, x->op[0].num, &v))
			av_const(r, (uint32_t)v, 0);
		return 1;
	}
	if (!strcmp(b, "IADD3") && !m[0] && ns == 3) {
		a = av_get(s, x, s0), bb = av_get(s, x, s0 + 1), c = av_get(s, x, s0 + 2);
		if (a.known && bb.known && c.known) {
			r->known = 1;
			r->uni = a.uni | bb.uni | c.uni;
			for (int l = 0; l < 32; l++)
				r->d[l] = a.d[l] + bb.d[l] + c.d[l];
		}
		return 1;
	}
	if (!strcmp(b, "VIADD") && !m[0] && ns == 2) {
		a = av_get(s, x, s0), bb = av_get(s, x, s0 + 1);
		if (a.known && bb.known) {
			r->known = 1;
			r->uni = a.uni | bb.uni;
			for (int l = 0; l < 32; l++)
				r->d[l] = a.d[l] + bb.d[l];
		}
		return 1;
	}
	if (!strcmp(b, "IMAD") && ns == 3 && (!m[0] || !strcmp(m, "U32") || !strcmp(m, "SHL.U32") || !strcmp(m, "IADD") || !strcmp(m, "MOV.U32"))) {
		a = av_get(s, x, s0), bb = av_get(s, x, s0 + 1), c = av_get(s, x, s0 + 2);
		*r = av_mad(&a, &bb, &c);
		return 1;
	}
	if (!strcmp(b, "LEA") && !m[0] && ns == 3 && x->op[s0 + 2].kind == SASS_IMM && x->op[s0 + 2].ival >= 0 && x->op[s0 + 2].ival < 32) {
		struct av k;
		a = av_get(s, x, s0), c = av_get(s, x, s0 + 1);
		av_const(&k, 1u << x->op[s0 + 2].ival, 0);
		*r = av_mad(&a, &k, &c);
		return 1;
	}
	if (!strcmp(b, "SHF") && ns == 3 && x->op[s0 + 1].kind == SASS_IMM && x->op[s0 + 1].ival >= 0 && x->op[s0 + 1].ival < 32) {
		int sh = (int)x->op[s0 + 1].ival;
		struct av k, z;
		av_const(&z, 0, 0);
		if (!strcmp(m, "L.U32")) { /* SHF.L.U32 R, a, imm, RZ */
			a = av_get(s, x, s0);
			c = av_get(s, x, s0 + 2);
			av_const(&k, 1u << sh, 0);
			if (c.known && !c.uni && av_pure(&c) && c.d[0] == 0)
				*r = av_mad(&a, &k, &z);
		} else if (!strcmp(m, "R.U32.HI") || !strcmp(m, "R.S32.HI")) { /* SHF.R.x.HI R, RZ, imm, a */
			a = av_get(s, x, s0 + 2);
			c = av_get(s, x, s0);
			if (av_nonlinear_ok(&a) && c.known && !c.uni && av_pure(&c) && c.d[0] == 0) {
				*r = a;
				for (int l = 0; l < 32; l++)
					r->d[l] = m[2] == 'U' ? a.d[l] >> sh : (uint32_t)((int32_t)a.d[l] >> sh);
				if (a.uni)
					memset(r->d, 0, sizeof r->d);
			}
		}
		return 1;
	}
	if (!strcmp(b, "LOP3") && !strcmp(m, "LUT") && ns >= 4 && x->op[s0 + 3].kind == SASS_IMM) {
		unsigned lut = (unsigned)x->op[s0 + 3].ival & 0xff;
		a = av_get(s, x, s0), bb = av_get(s, x, s0 + 1), c = av_get(s, x, s0 + 2);
		if (av_nonlinear_ok(&a) && av_nonlinear_ok(&bb) && av_nonlinear_ok(&c)) {
			r->known = 1;
			r->uni = a.uni | bb.uni | c.uni;
			for (int l = 0; l < 32; l++) {
				uint32_t v = 0;
				for (int bit = 0; bit < 32; bit++) {
					unsigned i = ((a.d[l] >> bit & 1u) << 2) | ((bb.d[l] >> bit & 1u) << 1) | (c.d[l] >> bit & 1u);
					v |= (uint32_t)(lut >> i & 1u) << bit;
				}
				r->d[l] = r->uni ? 0 : v;
			}
		}
		return 1;
	}
	return 0;
}

/* Every register x writes is unknown */
static void av_clobber(struct addr_state *s, const struct sass_insn *x)
{
	int first = 0, nd = written_regs(x, isa_find_op(x->opcode, (int)strlen(x->opcode)), &first);
	for (int k = 0; k < nd && first + k < SASS_RZ; k++)
		s->r[first + k].known = 0;
	for (int q = 0; q < x->nop && q < 2; q++)
		if (x->op[q].kind == SASS_UREG && x->op[q].num < SASS_URZ)
			s->u[x->op[q].num].known = 0;
	if (x->nop > 1 && x->op[0].kind == SASS_PRED && x->op[1].kind == SASS_REG && x->op[1].num < SASS_RZ)
		s->r[x->op[1].num].known = 0;
}

/* Whether x steps register r by the same amount in every lane: IADD3 R, R,
 * imm|UR, RZ or VIADD R, R, imm (a pointer or index a loop moves on) */
static int av_induction(const struct sass_insn *x, int r)
{
	const struct sass_opnd *p = x->op;
	if (x->pred >= 0 || x->nop < 3 || p[0].kind != SASS_REG || p[0].num != r || p[1].kind != SASS_REG || p[1].num != r || p[1].neg ||
	    p[1].bnot || x->mods[0])
		return 0;
	int by = (p[2].kind == SASS_IMM && !p[2].is_float) || (p[2].kind == SASS_UREG && !p[2].bnot);
	return by && ((!strcmp(x->opcode, "IADD3") && x->nop == 4 && p[3].kind == SASS_REG && p[3].num == SASS_RZ) ||
		      (!strcmp(x->opcode, "VIADD") && x->nop == 3));
}

/* At a loop's head (h..e): a register the loop only steps by the same
 * amount in every lane keeps its lanes' offsets, its common part unknown;
 * every other register the loop writes is unknown */
static void av_forget_loop(struct addr_state *s, const struct sass_insn *in, int h, int e)
{
	unsigned char step[256] = {0}; /* 1: stepped, 2: written otherwise */
	for (int k = h; k <= e; k++) {
		int first = 0, nd = written_regs(&in[k], isa_find_op(in[k].opcode, (int)strlen(in[k].opcode)), &first);
		for (int q = 0; q < nd && first + q < SASS_RZ; q++)
			step[first + q] |= av_induction(&in[k], first + q) ? 1 : 2;
		if (in[k].nop > 1 && in[k].op[0].kind == SASS_PRED && in[k].op[1].kind == SASS_REG && in[k].op[1].num < SASS_RZ)
			step[in[k].op[1].num] |= 2;
		for (int q = 0; q < in[k].nop && q < 2; q++)
			if (in[k].op[q].kind == SASS_UREG && in[k].op[q].num < SASS_URZ)
				s->u[in[k].op[q].num].known = 0;
	}
	for (int r = 0; r < SASS_RZ; r++) {
		if (step[r] == 1)
			s->r[r].uni = 1;
		else if (step[r])
			s->r[r].known = 0;
	}
}

/* Every register an instruction of [from, to] writes is unknown */
static void av_forget(struct addr_state *s, const struct sass_insn *in, int from, int to)
{
	for (int k = from; k <= to; k++)
		av_clobber(s, &in[k]);
}

/* The lanes of a kernel's shared-memory instructions: slot[i] >= 0 for
 * each, off[slot] its 32 lanes' byte offsets when known[slot] */
struct lane_offs {
	int *slot;
	uint8_t *known;
	uint32_t (*off)[32];
};

static void lane_offs_free(struct lane_offs *lo)
{
	free(lo->slot);
	free(lo->known);
	free(lo->off);
	memset(lo, 0, sizeof *lo);
}

/*
 * For each instruction of in[0..end] that addresses shared memory, its
 * lanes' offsets when they follow from the listing: each lane's from the
 * lowest, plus that lowest byte's place in its 128-byte line when the
 * address is known outright (else 0). Returns 0, or -1 out of memory.
 */
static int addr_shared_lanes(const struct sass_insn *in, int end, const struct uf_bank *bank, struct lane_offs *lo)
{
	int nsh = 0;
	memset(lo, 0, sizeof *lo);
	lo->slot = malloc(((size_t)end + 1) * sizeof *lo->slot);
	if (!lo->slot)
		return -1;
	for (int i = 0; i <= end; i++) {
		int op = isa_find_op(in[i].opcode, (int)strlen(in[i].opcode));
		lo->slot[i] = op >= 0 && isa_ops[op].space == SPACE_SHARED ? nsh++ : -1;
	}
	struct addr_state *s = calloc(1, sizeof *s);
	int *merge = calloc((size_t)end + 2, sizeof *merge); /* merge[t]: the lowest branch jumping forward to t, + 1 */
	int *lend = malloc(((size_t)end + 1) * sizeof *lend); /* lend[h]: the last back edge to h, or -1 */
	lo->known = calloc((size_t)nsh + 1, 1);
	lo->off = calloc((size_t)nsh + 1, sizeof *lo->off);
	if (!s || !merge || !lend || !lo->known || !lo->off) {
		free(s);
		free(merge);
		free(lend);
		lane_offs_free(lo);
		return -1;
	}
	s->bank = bank;
	for (int i = 0; i <= end; i++)
		lend[i] = -1;
	/* a block of more than one dimension: warp 0's lanes depend on blockDim.x, which the listing does not give */
	s->tid_known = 1;
	for (int i = 0; i <= end; i++)
		if (!strcmp(in[i].opcode, "S2R") && in[i].nop == 2) {
			char t[24];
			sass_opnd_text(&in[i], 1, t, sizeof t);
			if (!strcmp(t, "SR_TID.Y") || !strcmp(t, "SR_TID.Z"))
				s->tid_known = 0;
		}
	for (int i = 0; i <= end; i++) {
		int h = loop_head(in, i);
		if (h >= 0 && h <= i)
			lend[h] = i;
		if (is_branch(&in[i]) && in[i].target > (int64_t)in[i].pc) {
			int64_t t = (in[i].target - (int64_t)in[0].pc) / SASS_INSN_BYTES;
			if (t <= end && (!merge[t] || merge[t] > i + 1))
				merge[t] = i + 1;
		}
	}
	for (int i = 0; i <= end; i++) {
		const struct sass_insn *x = &in[i];
		if (merge[i]) /* paths meet: what either wrote is one path's */
			av_forget(s, in, merge[i] - 1, i - 1);
		if (lend[i] >= 0) /* a loop's head: what the loop writes may be the last trip's */
			av_forget_loop(s, in, i, lend[i]);
		for (int q = 0; q < x->nop && lo->slot[i] >= 0; q++) {
			const struct sass_opnd *p = &x->op[q];
			if (p->kind != SASS_MEM)
				continue;
			struct av a, ub;
			if (p->num == SASS_NONE || p->num == SASS_RZ)
				av_const(&a, 0, 0);
			else
				a = s->r[p->num];
			av_const(&ub, 0, p->unum != SASS_NONE && p->unum < SASS_URZ && !s->u[p->unum].known);
			if (p->unum != SASS_NONE && p->unum < SASS_URZ && s->u[p->unum].known)
				ub = s->u[p->unum];
			if (!a.known || !ub.known || p->sfx_len || (p->num != SASS_NONE && p->wide))
				break;
			int32_t low = 0, high = 0;
			for (int l = 1; l < 32; l++) {
				int32_t rel = (int32_t)(a.d[l] - a.d[0]);
				low = rel < low ? rel : low;
				high = rel > high ? rel : high;
			}
			if ((int64_t)high - low > (1 << 30) - 128)
				break;
			uint32_t place = a.uni || ub.uni ? 0 : (a.d[0] + ub.d[0] + (uint32_t)p->ival + (uint32_t)low) & 127u;
			for (int l = 0; l < 32; l++)
				lo->off[lo->slot[i]][l] = (uint32_t)((int32_t)(a.d[l] - a.d[0]) - low) + place;
			lo->known[lo->slot[i]] = 1;
			break;
		}
		struct av r;
		if (x->pred >= 0 && x->pred != SASS_PT) {
			av_clobber(s, x);
		} else if (x->nop > 0 && av_eval(s, x, &r)) {
			const struct sass_opnd *dst = &x->op[x->nop > 1 && (x->op[0].kind == SASS_PRED || x->op[0].kind == SASS_UPRED)];
			av_clobber(s, x);
			if (dst->kind == SASS_REG && dst->num < SASS_RZ && !dst->wide)
				s->r[dst->num] = r;
			else if (dst->kind == SASS_UREG && dst->num < SASS_URZ)
				s->u[dst->num] = r;
		} else {
			av_clobber(s, x);
		}
	}
	free(s);
	free(merge);
	free(lend);
	return 0;
}
