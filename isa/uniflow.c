/*
 * uniflow.c: the kernel's control flow as its arguments decide it. A room of
 * isa/import.c (#included there, not compiled on its own): it gives
 * loop_count a loop's trips and the forward-branch pass a branch's
 * direction, read by running the kernel's warp-invariant arithmetic with
 * the values --arg and --const give its constant bank (round 49).
 *
 * nvcc compiles `for (i = 0; i < n; i++)` with n a kernel argument into a
 * loop unrolled 4 (or 16) times, blocks of 8 and 4 behind forward branches
 * and a remainder loop of n & 3 trips, each branch deciding on n: until now
 * a user read the listing and gave each loop's --trips and each branch's
 * --taken by hand (tests/data/h200/import/programs.csv's fma_u and mix
 * rows). Here the importer runs those instructions itself.
 *
 * The parameters' places: from the kernel's mangled name (Itanium ABI:
 * builtin types, pointers, references, CUDA's vector types; a struct passed
 * by value ends the layout) or from a demangled signature, starting at
 * c[0x0][0x210] on sm_90 (0x160 before), each aligned to its size. --arg
 * N=V writes parameter N's bytes, --const 0xOFF=V one 32-bit word.
 *
 * The run: one pass from the first instruction, following branches, over
 * values that are the same in every thread of the launch: immediates,
 * constant-bank words given by --arg/--const, and what MOV, IADD3, VIADD,
 * IMAD (low word, .WIDE), LEA, SHF, LOP3.LUT, SEL, IABS, IMNMX, ISETP,
 * PLOP3.LUT, R2UR and their uniform twins compute from them. Anything else
 * is unknown: a thread or block index, a clock, a loaded value, a carry.
 * A guarded instruction whose guard is unknown makes what it writes unknown.
 * A branch decided on known values is followed, so a loop's back edge counts
 * its trips on each entry; a forward branch whose predicate is unknown (a
 * thread-index test, a loaded flag) is left to the importer's other rules:
 * the run does not follow it, every register written between it and where
 * its paths meet becomes unknown, and it goes on there. A backward branch
 * whose predicate is unknown ends that loop's reading (its registers
 * unknown). The run stops at an unguarded EXIT, after UF_MAX_STEPS
 * instructions, or at a CALL, RET, JMP or BRX.
 */
#ifndef IMPORT_C
#error "isa/uniflow.c is a room of isa/import.c: #included there, not compiled on its own"
#endif

/* ---- the parameters' layout ---- */

struct kparam {
	int size, align; /* 0: not known (a struct by value) */
	char type[32];   /* as the signature spells it, short */
};

struct demangle {
	const char *s, *end;
	struct kparam sub[64]; /* substitution candidates (S_, S0_, ...) */
	int nsub;
	struct kparam targ[16]; /* template arguments (T_, T0_, ...) */
	int ntarg;
};

static int dm_number(struct demangle *d, long *v)
{
	if (d->s >= d->end || !isdigit((unsigned char)*d->s))
		return 0;
	*v = 0;
	while (d->s < d->end && isdigit((unsigned char)*d->s) && *v < 100000)
		*v = *v * 10 + (*d->s++ - '0');
	return 1;
}

static void dm_add_sub(struct demangle *d, const struct kparam *p)
{
	if (d->nsub < (int)(sizeof d->sub / sizeof d->sub[0]))
		d->sub[d->nsub++] = *p;
}

/* A class name's size when CUDA's headers define it (float4, __half, ...) */
static void known_class(const char *name, size_t len, struct kparam *p)
{
	static const struct {
		const char *n;
		int size, align;
	} cls[] = {{"float2", 8, 8},   {"float4", 16, 16}, {"int2", 8, 8},     {"int4", 16, 16},   {"uint2", 8, 8},
		   {"uint4", 16, 16},  {"double2", 16, 16}, {"longlong2", 16, 16}, {"char4", 4, 4}, {"uchar4", 4, 4},
		   {"short2", 4, 4},   {"ushort2", 4, 4},  {"__half", 2, 2},   {"__half2", 4, 4},  {"__nv_bfloat16", 2, 2},
		   {"__nv_bfloat162", 4, 4}, {"dim3", 12, 4}};
	p->size = p->align = 0;
	snprintf(p->type, sizeof p->type, "%.*s", (int)(len < 31 ? len : 31), name);
	for (size_t i = 0; i < sizeof cls / sizeof cls[0]; i++)
		if (strlen(cls[i].n) == len && !memcmp(cls[i].n, name, len)) {
			p->size = cls[i].size;
			p->align = cls[i].align;
		}
}

static int dm_type(struct demangle *d, struct kparam *p, int depth);

/* <template-args>: I ... E; each type argument kept for T_ */
static int dm_template_args(struct demangle *d, int keep, int depth)
{
	if (d->s >= d->end || *d->s != 'I')
		return 1;
	d->s++;
	while (d->s < d->end && *d->s != 'E') {
		struct kparam a = {0};
		if (*d->s == 'L') { /* a literal: L <type> <value> E */
			const char *e = memchr(d->s, 'E', (size_t)(d->end - d->s));
			if (!e)
				return 0;
			d->s = e + 1;
			snprintf(a.type, sizeof a.type, "value");
		} else if (*d->s == 'J') { /* a pack: J ... E */
			d->s++;
			while (d->s < d->end && *d->s != 'E')
				if (!dm_type(d, &a, depth + 1))
					return 0;
			if (d->s >= d->end)
				return 0;
			d->s++;
		} else if (!dm_type(d, &a, depth + 1)) {
			return 0;
		}
		if (keep && d->ntarg < (int)(sizeof d->targ / sizeof d->targ[0]))
			d->targ[d->ntarg++] = a;
	}
	if (d->s >= d->end)
		return 0;
	d->s++;
	return 1;
}

/* <source-name>s of a name, plain or nested (N ... E): the last one's text */
static int dm_name(struct demangle *d, struct kparam *p, int depth)
{
	int nested = d->s < d->end && *d->s == 'N';
	if (nested)
		d->s++;
	do {
		long len;
		if (d->s + 1 < d->end && d->s[0] == 'S' && d->s[1] == 't') {
			d->s += 2;
			continue;
		}
		if (!dm_number(d, &len) || len > d->end - d->s)
			return 0;
		known_class(d->s, (size_t)len, p);
		d->s += len;
		dm_add_sub(d, p);
		if (!dm_template_args(d, 0, depth))
			return 0;
	} while (nested && d->s < d->end && *d->s != 'E');
	if (nested) {
		if (d->s >= d->end)
			return 0;
		d->s++;
	}
	return 1;
}

static int dm_type(struct demangle *d, struct kparam *p, int depth)
{
	static const struct {
		char c;
		int size;
		const char *n;
	} bt[] = {{'v', 0, "void"}, {'b', 1, "bool"}, {'c', 1, "char"},  {'a', 1, "signed char"}, {'h', 1, "unsigned char"},
		  {'s', 2, "short"}, {'t', 2, "unsigned short"}, {'i', 4, "int"}, {'j', 4, "unsigned"},
		  {'l', 8, "long"},  {'m', 8, "unsigned long"}, {'x', 8, "long long"}, {'y', 8, "unsigned long long"},
		  {'f', 4, "float"}, {'d', 8, "double"}, {'w', 4, "wchar_t"}};
	if (depth > 16 || d->s >= d->end)
		return 0;
	char c = *d->s;
	memset(p, 0, sizeof *p);
	for (size_t i = 0; i < sizeof bt / sizeof bt[0]; i++)
		if (bt[i].c == c) {
			d->s++;
			p->size = p->align = bt[i].size;
			snprintf(p->type, sizeof p->type, "%s", bt[i].n);
			return 1;
		}
	if (c == 'P' || c == 'R' || c == 'O') {
		struct kparam t;
		d->s++;
		if (!dm_type(d, &t, depth + 1))
			return 0;
		p->size = p->align = 8;
		snprintf(p->type, sizeof p->type, "%.29s%s", t.type, c == 'P' ? "*" : "&");
		dm_add_sub(d, p);
		return 1;
	}
	if (c == 'K' || c == 'V') {
		d->s++;
		if (!dm_type(d, p, depth + 1))
			return 0;
		char t[32];
		snprintf(t, sizeof t, "%s %.20s", c == 'K' ? "const" : "volatile", p->type);
		memcpy(p->type, t, sizeof t);
		dm_add_sub(d, p);
		return 1;
	}
	if (c == 'S' || c == 'T') { /* S_, S<n>_, T_, T<n>_ */
		long k = 0;
		d->s++;
		if (d->s < d->end && *d->s != '_') {
			const char *q = d->s;
			while (q < d->end && (isdigit((unsigned char)*q) || isupper((unsigned char)*q)) && q - d->s < 6)
				q++;
			if (q >= d->end || *q != '_')
				return 0;
			for (const char *r = d->s; r < q; r++)
				k = k * 36 + (isdigit((unsigned char)*r) ? *r - '0' : *r - 'A' + 10);
			k++;
			d->s = q;
		}
		d->s++;
		if (c == 'S') {
			if (k >= d->nsub)
				return 0;
			*p = d->sub[k];
		} else {
			if (k >= d->ntarg)
				return 0;
			*p = d->targ[k];
			dm_add_sub(d, p);
		}
		return 1;
	}
	if (c == 'N' || isdigit((unsigned char)c))
		return dm_name(d, p, depth + 1);
	return 0;
}

/* The parameters of kernel k: *np of them laid out, then 1; 0 when the
 * layout stops early (*np those read before, why says where) */
static int kernel_params(const struct sass_kernel *k, struct kparam *par, int *np, char *why, size_t whylen)
{
	*np = 0;
	const char *name = k->name;
	if (!strncmp(name, "_Z", 2)) {
		struct demangle d = {.s = name + 2, .end = name + strlen(name)};
		struct kparam fn;
		if (d.s < d.end && *d.s == 'N') {
			if (!dm_name(&d, &fn, 0))
				goto bad;
		} else {
			long len;
			if (!dm_number(&d, &len) || len > d.end - d.s)
				goto bad;
			d.s += len;
			if (d.s < d.end && *d.s == 'I') {
				fn.size = 0;
				dm_add_sub(&d, &fn); /* the template's name */
			}
		}
		int tmpl = d.s < d.end && *d.s == 'I';
		if (!dm_template_args(&d, 1, 0))
			goto bad;
		if (tmpl && !dm_type(&d, &fn, 0)) /* a template function's return type */
			goto bad;
		if (d.s + 1 == d.end && *d.s == 'v')
			return 1; /* no parameters */
		while (d.s < d.end) {
			if (*np == IMPORT_MAX_PARAMS || !dm_type(&d, &par[*np], 0))
				goto bad;
			(*np)++;
		}
		return 1;
	bad:
		snprintf(why, whylen, "its mangled name %.60s could not be read past parameter %d", name, *np);
		return 0;
	}
	/* a signature: name(type, type, ...) */
	const char *o = strchr(name, '('), *c = o ? strrchr(name, ')') : NULL;
	if (!o || !c) {
		snprintf(why, whylen, "its name %.60s gives no parameter types", name);
		return 0;
	}
	for (const char *s = o + 1; s < c && *np < IMPORT_MAX_PARAMS;) {
		int lv = 0;
		const char *e = s;
		while (e < c && (lv || *e != ',')) {
			lv += *e == '<' || *e == '(';
			lv -= *e == '>' || *e == ')';
			e++;
		}
		while (s < e && *s == ' ')
			s++;
		size_t len = (size_t)(e - s);
		struct kparam *p = &par[*np];
		memset(p, 0, sizeof *p);
		snprintf(p->type, sizeof p->type, "%.*s", (int)(len < 31 ? len : 31), s);
		if (len && (s[len - 1] == '*' || s[len - 1] == '&')) {
			p->size = p->align = 8;
		} else {
			static const struct {
				const char *n;
				int size;
			} t[] = {{"bool", 1}, {"char", 1}, {"signed char", 1}, {"unsigned char", 1}, {"short", 2}, {"unsigned short", 2},
				 {"int", 4}, {"unsigned int", 4}, {"unsigned", 4}, {"float", 4}, {"long", 8}, {"unsigned long", 8},
				 {"long long", 8}, {"unsigned long long", 8}, {"double", 8}, {"const int", 4}, {"const float", 4}};
			for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
				if (strlen(t[i].n) == len && !memcmp(t[i].n, s, len))
					p->size = p->align = t[i].size;
			if (!p->size)
				known_class(s, len, p);
		}
		if (len == 4 && !memcmp(s, "void", 4) && *np == 0 && e == c)
			break;
		(*np)++;
		s = e + 1;
	}
	return 1;
}

/* ---- the constant bank the arguments fill ---- */

struct cword {
	uint32_t off, v;
};

struct uf_bank {
	struct cword w[IMPORT_MAX_RULES * 2];
	int n;
};

static int bank_find(const struct uf_bank *b, uint32_t off, uint32_t *v)
{
	for (int i = b->n - 1; i >= 0; i--)
		if (b->w[i].off == off) {
			*v = b->w[i].v;
			return 1;
		}
	return 0;
}

/* The word operand p names (c[0x0][imm], with add bytes more) when the
 * bank holds it: 1 and *v, else 0 (another bank, an indexed address) */
static int bank_word(const struct uf_bank *b, const struct sass_opnd *p, uint32_t add, uint32_t *v)
{
	return b && p->kind == SASS_CONST && p->bank == 0 && p->num == SASS_NONE && p->unum == SASS_NONE && p->desc == SASS_NONE &&
	       p->ival >= 0 && bank_find(b, (uint32_t)p->ival + add, v);
}

static void bank_put(struct uf_bank *b, uint32_t off, uint32_t v)
{
	if (b->n < (int)(sizeof b->w / sizeof b->w[0]))
		b->w[b->n++] = (struct cword){off, v};
}

/* A value's 64 bits from its text as a parameter of type p (or a 32-bit
 * word when p is NULL): 1, or 0 with why set */
static int arg_bits(const char *text, const struct kparam *p, uint64_t *bits, char *why, size_t whylen)
{
	int size = p ? p->size : 4;
	int fl = p && (!strcmp(p->type, "float") || !strcmp(p->type, "double") || !strcmp(p->type, "const float"));
	char *end;
	errno = 0;
	if (fl || (!p && (strchr(text, '.') || strpbrk(text, "eE")) && strncmp(text, "0x", 2) && strncmp(text, "-0x", 3))) {
		double f = strtod(text, &end);
		if (end == text || *end || errno) {
			snprintf(why, whylen, "expected a number, got \"%.40s\"", text);
			return 0;
		}
		if (size == 8) {
			memcpy(bits, &f, 8);
		} else {
			float g = (float)f;
			uint32_t u;
			memcpy(&u, &g, 4);
			*bits = u;
		}
		return 1;
	}
	long long v = strtoll(text, &end, 0);
	if (end == text || *end || errno) {
		unsigned long long u = strtoull(text, &end, 0);
		if (end == text || *end || errno || text[0] == '-') {
			snprintf(why, whylen, "expected a whole number (decimal or 0x hex)%s, got \"%.40s\"", p ? "" : " or a float", text);
			return 0;
		}
		v = (long long)u;
	}
	if (size < 8 && (v < -((long long)1 << (8 * size - 1)) || v >= ((long long)1 << (8 * size)))) {
		snprintf(why, whylen, "expected a value that fits %d bytes%s%s%s, got %.40s", size, p ? " (" : "", p ? p->type : "",
			 p ? ")" : "", text);
		return 0;
	}
	*bits = (uint64_t)v;
	if (size < 8)
		*bits &= ((uint64_t)1 << (8 * size)) - 1;
	return 1;
}

/* ---- the run ---- */

#ifndef UF_MAX_STEPS
#define UF_MAX_STEPS 20000000L
#endif

struct uf_val {
	uint8_t k; /* known */
	uint32_t v;
};

struct uf_state {
	struct uf_val r[256], u[64];
	int8_t p[8], up[8]; /* -1 unknown, else 0 or 1; PT and UPT stay 1 */
};

/* A loop's entries as the run saw them */
struct uf_loop {
	int64_t *trips; /* its count on each entry, in order */
	int n, cap;
	int64_t taken;  /* back edges taken in the entry now running */
	int open;       /* an entry is running */
	int unread;     /* its back edge's predicate was unknown on some entry */
};

/* What the run found, for the importer */
struct uf_run {
	int ran;            /* the run was made */
	const char *src;    /* what its values came from, for the comments */
	int args;           /* --arg or --const gave some */
	int complete;       /* it reached an unguarded EXIT */
	int stop;           /* where it stopped (the instruction), -1: completed */
	char stop_why[120];
	long steps;         /* instructions run one by one (the limit's count) */
	int64_t dyn;        /* instructions the path runs, a fast loop's trips included */
	struct uf_loop *loop; /* by back-edge index */
	int32_t *taken, *fell; /* forward branches: visits that took it, that fell through */
	uint8_t *undecided; /* forward branches whose predicate was unknown on a visit */
	uint8_t *reached;   /* instructions the run executed */
	int *fast;          /* uf_fast_loops' */
	struct uf_fast *fl;
	struct uf_dec *dec; /* each instruction of the body, decoded */
	int n;
};

static void uf_free(struct uf_run *u)
{
	if (u->loop)
		for (int i = 0; i < u->n; i++)
			free(u->loop[i].trips);
	free(u->loop);
	free(u->taken);
	free(u->fell);
	free(u->undecided);
	free(u->reached);
	free(u->fast);
	free(u->fl);
	free(u->dec);
	memset(u, 0, sizeof *u);
}

static struct uf_val uf_known(uint32_t v)
{
	return (struct uf_val){1, v};
}

/* An operand's 32-bit value (its -, ~ applied) */
static struct uf_val uf_get(const struct uf_state *s, const struct uf_bank *b, const struct sass_insn *x, int k)
{
	struct uf_val a = {0};
	if (k >= x->nop)
		return a;
	const struct sass_opnd *p = &x->op[k];
	if (p->abs || p->sfx_len)
		return a;
	switch (p->kind) {
	case SASS_REG: a = p->num >= SASS_RZ ? uf_known(0) : s->r[p->num]; break;
	case SASS_UREG: a = p->num >= SASS_URZ ? uf_known(0) : s->u[p->num]; break;
	case SASS_IMM:
		if (p->is_float) {
			float f = (float)p->fval;
			uint32_t w;
			memcpy(&w, &f, 4);
			a = uf_known(w);
		} else {
			a = uf_known((uint32_t)p->ival);
		}
		break;
	case SASS_CONST: {
		uint32_t v;
		if (bank_word(b, p, 0, &v))
			a = uf_known(v);
		break;
	}
	default: break;
	}
	if (a.k && p->neg)
		a.v = 0u - a.v;
	if (a.k && p->bnot)
		a.v = ~a.v;
	return a;
}

/* A predicate operand: -1 unknown, else its value (! applied) */
static int uf_pred(const struct uf_state *s, const struct sass_opnd *p)
{
	int v = -1;
	if (p->kind == SASS_PRED)
		v = p->num >= SASS_PT ? 1 : s->p[p->num];
	else if (p->kind == SASS_UPRED)
		v = p->num >= SASS_PT ? 1 : s->up[p->num];
	return v < 0 ? -1 : p->lnot ? !v : v;
}

static void uf_set_pred(struct uf_state *s, const struct sass_opnd *p, int v)
{
	if (p->kind == SASS_PRED && p->num < SASS_PT)
		s->p[p->num] = (int8_t)v;
	else if (p->kind == SASS_UPRED && p->num < SASS_PT)
		s->up[p->num] = (int8_t)v;
}

static void uf_set(struct uf_state *s, const struct sass_opnd *p, int k, struct uf_val v)
{
	if (p->kind == SASS_REG && p->num + k < SASS_RZ)
		s->r[p->num + k] = v;
	else if (p->kind == SASS_UREG && p->num + k < SASS_URZ)
		s->u[p->num + k] = v;
}

/* Every register and predicate x may write: unknown (w: its first
 * destination's registers, uf_decode's width) */
static void uf_clobber(struct uf_state *s, const struct sass_insn *x, int w)
{
	for (int q = 0; q < x->nop && q < 3; q++) {
		const struct sass_opnd *p = &x->op[q];
		if (p->kind == SASS_PRED || p->kind == SASS_UPRED)
			uf_set_pred(s, p, -1);
		else if (p->kind == SASS_REG || p->kind == SASS_UREG)
			for (int k = 0; k < w; k++)
				uf_set(s, p, k, (struct uf_val){0});
		else
			break;
		/* a register, then more destinations only as predicates (IADD3 R2, P0, ...) */
		if ((p->kind == SASS_REG || p->kind == SASS_UREG) && q + 1 < x->nop && x->op[q + 1].kind != SASS_PRED &&
		    x->op[q + 1].kind != SASS_UPRED)
			break;
	}
}

static uint32_t lut3(uint32_t a, uint32_t b, uint32_t c, unsigned lut)
{
	uint32_t r = 0;
	for (int i = 0; i < 8; i++)
		if (lut >> i & 1u)
			r |= (i & 4 ? a : ~a) & (i & 2 ? b : ~b) & (i & 1 ? c : ~c);
	return r;
}

static int uf_cmp(const char *m, uint32_t a, uint32_t b)
{
	int u = strstr(m, "U32") != NULL;
	int64_t x = u ? (int64_t)a : (int64_t)(int32_t)a, y = u ? (int64_t)b : (int64_t)(int32_t)b;
	return isetp_holds((char[3]){m[0], m[1], 0}, x, y);
}

/* Combines a compare with the ISETP's last predicate by .AND/.OR/.XOR */
static int uf_combine(const char *m, int c, int q)
{
	if (c < 0 || q < 0) {
		/* a known side can still decide .AND (false) and .OR (true) */
		if (strstr(m, ".AND") && (c == 0 || q == 0))
			return 0;
		if (strstr(m, ".OR") && (c == 1 || q == 1))
			return 1;
		return -1;
	}
	return strstr(m, ".OR") ? c | q : strstr(m, ".XOR") ? c ^ q : c & q;
}

/* What the run does with an instruction, decoded once (uf_decode) */
enum {
	UO_CLOBBER, /* not read here: what it writes is unknown */
	UO_NONE,    /* writes no register or predicate (a store, BAR, NOP, ...) */
	UO_BRANCH, UO_EXIT, UO_STOP, /* BRA; EXIT; CALL, RET, JMP, BRX, JMX */
	UO_ISETP, UO_PLOP3, UO_LOP3P, UO_MOV, UO_IABS, UO_LDC64, UO_IADD3, UO_VIADD, UO_IMAD, UO_IMADW, UO_LOP3, UO_SHF,
	UO_LEA, UO_LEAHI, UO_SEL, UO_IMNMX, UO_CS2R, UO_HFMA2,
};

struct uf_dec {
	uint8_t op;    /* UO_* */
	uint8_t width; /* UO_CLOBBER: the registers its first destination spans */
};

static int uf_decode(const struct sass_insn *x, struct uf_dec *d)
{
	const char *o = x->opcode, *m = x->mods;
	const struct sass_opnd *p = x->op;
	int op = isa_find_op(o, (int)strlen(o));
	d->width = (uint8_t)dest_width(x);
	if (is_branch(x))
		return d->op = UO_BRANCH;
	if (!strcmp(o, "EXIT"))
		return d->op = UO_EXIT;
	if (!strcmp(o, "CALL") || !strcmp(o, "RET") || !strcmp(o, "JMP") || !strcmp(o, "BRX") || !strcmp(o, "JMX"))
		return d->op = UO_STOP;
	if ((op >= 0 && isa_ops[op].space != SPACE_NONE && !isa_ops[op].is_load) || x->nop == 0 ||
	    (p[0].kind != SASS_REG && p[0].kind != SASS_UREG && p[0].kind != SASS_PRED && p[0].kind != SASS_UPRED))
		return d->op = UO_NONE;
	if (o[0] == 'U' && (p[0].kind == SASS_UREG || p[0].kind == SASS_UPRED))
		o++; /* the uniform twins */
	d->op = UO_CLOBBER;
	if (!strcmp(o, "PLOP3") && !strcmp(m, "LUT") && x->nop == 7 && p[5].kind == SASS_IMM && p[6].kind == SASS_IMM)
		d->op = UO_PLOP3;
	else if (!strcmp(o, "ISETP") && x->nop >= 5 && !strstr(m, ".EX") && isetp_holds((char[3]){m[0], m[1], 0}, 0, 0) >= 0)
		d->op = UO_ISETP;
	else if (!strcmp(o, "LOP3") && !strcmp(m, "LUT") && x->nop == 7 && (p[0].kind == SASS_PRED || p[0].kind == SASS_UPRED) &&
		 p[5].kind == SASS_IMM && (p[6].kind == SASS_PRED || p[6].kind == SASS_UPRED) && p[6].num >= SASS_PT && p[6].lnot)
		d->op = UO_LOP3P; /* LOP3.LUT P1, RZ, a, b, c, lut, !PT */
	else if (p[0].kind != SASS_REG && p[0].kind != SASS_UREG)
		d->op = UO_CLOBBER;
	else if ((!strcmp(o, "MOV") && !m[0] && x->nop == 2) || (!strcmp(o, "R2UR") && x->nop == 2) ||
		 (!strcmp(o, "LDC") && !m[0] && x->nop == 2))
		d->op = UO_MOV;
	else if (!strcmp(o, "IABS") && x->nop == 2)
		d->op = UO_IABS;
	else if (!strcmp(o, "LDC") && !strcmp(m, "64") && x->nop == 2)
		d->op = UO_LDC64;
	else if (!strcmp(o, "IADD3") && !m[0] && x->nop == 4)
		d->op = UO_IADD3; /* (with a carry out, nop > 4: the pointer arithmetic, not read) */
	else if (!strcmp(o, "VIADD") && !m[0] && x->nop == 3)
		d->op = UO_VIADD;
	else if (!strcmp(o, "IMAD") && x->nop == 4 &&
		 (!m[0] || !strcmp(m, "MOV.U32") || !strcmp(m, "SHL.U32") || !strcmp(m, "IADD") || !strcmp(m, "U32")))
		d->op = UO_IMAD;
	else if (!strcmp(o, "IMAD") && x->nop == 4 && (!strcmp(m, "WIDE") || !strcmp(m, "WIDE.U32")))
		d->op = UO_IMADW;
	else if (!strcmp(o, "LOP3") && !strcmp(m, "LUT") && x->nop == 6 && p[4].kind == SASS_IMM)
		d->op = UO_LOP3;
	else if (!strcmp(o, "SHF") && x->nop == 4)
		d->op = UO_SHF;
	else if (!strcmp(o, "LEA") && !m[0] && x->nop == 4)
		d->op = UO_LEA;
	else if (!strcmp(o, "LEA") && !strcmp(m, "HI") && x->nop == 5 && p[4].kind == SASS_IMM)
		d->op = UO_LEAHI; /* a signed division by 2^s: SHF.R.S32.HI Rs, RZ, 0x1f, Rn; LEA.HI Rq, Rs, Rn, RZ, s */
	else if (!strcmp(o, "SEL") && !m[0] && x->nop == 4)
		d->op = UO_SEL;
	else if (!strcmp(o, "IMNMX") && (!m[0] || !strcmp(m, "U32")) && x->nop == 4)
		d->op = UO_IMNMX;
	else if (!strcmp(o, "CS2R") && x->nop == 2 && p[1].kind == SASS_SPECIAL)
		d->op = UO_CS2R;
	else if (!strcmp(o, "HFMA2") && !strcmp(m, "MMA") && p[0].kind == SASS_REG)
		d->op = UO_HFMA2;
	return d->op;
}

/* Runs x's arithmetic (d its decoding) */
static void uf_exec(struct uf_state *s, const struct uf_bank *b, const struct sass_insn *x, const struct uf_dec *d)
{
	const char *m = x->mods;
	const struct sass_opnd *p = x->op;
	struct uf_val a, c, e, r = {0};
	switch (d->op) {
	case UO_PLOP3: {
		int pa = uf_pred(s, &p[2]), pb = uf_pred(s, &p[3]), pc = uf_pred(s, &p[4]);
		int k = pa >= 0 && pb >= 0 && pc >= 0, idx = k ? pa << 2 | pb << 1 | pc : 0;
		uf_set_pred(s, &p[0], k ? (int)(p[5].ival >> idx & 1) : -1);
		uf_set_pred(s, &p[1], k ? (int)(p[6].ival >> idx & 1) : -1);
		return;
	}
	case UO_ISETP: {
		a = uf_get(s, b, x, 2);
		c = uf_get(s, b, x, 3);
		int q = uf_pred(s, &p[4]), t = a.k && c.k ? uf_cmp(m, a.v, c.v) : -1;
		uf_set_pred(s, &p[0], uf_combine(m, t, q));
		uf_set_pred(s, &p[1], uf_combine(m, t < 0 ? -1 : !t, q));
		return;
	}
	case UO_LOP3P: {
		a = uf_get(s, b, x, 2);
		c = uf_get(s, b, x, 3);
		e = uf_get(s, b, x, 4);
		uint32_t v = lut3(a.v, c.v, e.v, (unsigned)p[5].ival);
		int k = a.k && c.k && e.k;
		uf_set_pred(s, &p[0], k ? v != 0 : -1);
		uf_set(s, &p[1], 0, (struct uf_val){(uint8_t)k, v});
		return;
	}
	default: break;
	}
	a = uf_get(s, b, x, 1);
	c = uf_get(s, b, x, 2);
	e = uf_get(s, b, x, 3);
	int all2 = a.k && c.k, all3 = all2 && e.k;
	switch (d->op) {
	case UO_MOV: r = a; break;
	case UO_IABS: r = (struct uf_val){a.k, (int32_t)a.v < 0 ? 0u - a.v : a.v}; break;
	case UO_LDC64: {
		struct uf_val hi = {0};
		uint32_t v;
		if (bank_word(b, &p[1], 4, &v))
			hi = uf_known(v);
		uf_set(s, &p[0], 0, a);
		uf_set(s, &p[0], 1, hi);
		return;
	}
	case UO_IADD3: r = (struct uf_val){(uint8_t)all3, a.v + c.v + e.v}; break;
	case UO_VIADD: r = (struct uf_val){(uint8_t)all2, a.v + c.v}; break;
	case UO_IMAD: r = (struct uf_val){(uint8_t)all3, a.v * c.v + e.v}; break;
	case UO_IMADW: {
		struct uf_val eh = p[3].kind == SASS_REG ? (p[3].num < SASS_RZ - 1 ? s->r[p[3].num + 1] : uf_known(0))
				 : uf_known(p[3].kind == SASS_IMM && p[3].ival < 0 ? 0xffffffffu : 0);
		int k = all3 && eh.k;
		int64_t prod = m[4] ? (int64_t)((uint64_t)a.v * c.v) : (int64_t)(int32_t)a.v * (int32_t)c.v;
		uint64_t v = (uint64_t)prod + ((uint64_t)eh.v << 32 | e.v);
		uf_set(s, &p[0], 0, (struct uf_val){(uint8_t)k, (uint32_t)v});
		uf_set(s, &p[0], 1, (struct uf_val){(uint8_t)k, (uint32_t)(v >> 32)});
		return;
	}
	case UO_LOP3: r = (struct uf_val){(uint8_t)all3, lut3(a.v, c.v, e.v, (unsigned)p[4].ival)}; break;
	case UO_SHF: {
		if (!c.k || c.v >= 32)
			break;
		int left = m[0] == 'L', hi = strstr(m, "HI") != NULL, s64 = strstr(m, "64") != NULL, sgn = strstr(m, "S32") || strstr(m, "S64");
		uint64_t w = (uint64_t)e.v << 32 | a.v;
		if (left && !s64 && !hi)
			r = (struct uf_val){a.k, a.v << c.v};
		else if (left && s64 && hi)
			r = (struct uf_val){(uint8_t)(a.k && e.k), (uint32_t)((w << c.v) >> 32)};
		else if (!left && !s64 && hi)
			r = (struct uf_val){e.k, sgn ? (uint32_t)((int32_t)e.v >> c.v) : e.v >> c.v};
		else if (!left && s64 && !hi && !sgn)
			r = (struct uf_val){(uint8_t)(a.k && e.k), (uint32_t)(w >> c.v)};
		break;
	}
	case UO_LEA:
		if (e.k && e.v < 32)
			r = (struct uf_val){(uint8_t)all2, (a.v << e.v) + c.v};
		break;
	case UO_LEAHI: {
		/* LEA.HI d, a, b, c, s: b + the high word of (c:a) << s */
		int64_t sh = p[4].ival;
		if (sh > 0 && sh < 32)
			r = (struct uf_val){(uint8_t)all3, c.v + (uint32_t)(((uint64_t)e.v << 32 | a.v) << sh >> 32)};
		break;
	}
	case UO_SEL: {
		int q = uf_pred(s, &p[3]);
		r = q < 0 ? (struct uf_val){0} : q ? a : c;
		break;
	}
	case UO_IMNMX: {
		int q = uf_pred(s, &p[3]);
		if (q >= 0 && all2) {
			int lt = m[0] ? a.v < c.v : (int32_t)a.v < (int32_t)c.v;
			r = uf_known(q ? (lt ? a.v : c.v) : (lt ? c.v : a.v)); /* PT: the smaller */
		}
		break;
	}
	case UO_CS2R: {
		char t[16];
		struct uf_val z = !strcmp(sass_opnd_text(x, 1, t, sizeof t), "SRZ") ? uf_known(0) : (struct uf_val){0};
		uf_set(s, &p[0], 0, z);
		if (!strstr(m, "32"))
			uf_set(s, &p[0], 1, z);
		return;
	}
	case UO_HFMA2: {
		int64_t v;
		r = const_write(x, p[0].num, &v) ? uf_known((uint32_t)v) : (struct uf_val){0};
		break;
	}
	default: break;
	}
	uf_set(s, &p[0], 0, r);
}

/* Where the paths of a forward branch from i to t meet, as the importer
 * reads an if/else: t, or, when the instruction before t jumps forward past
 * it unconditionally (the end of the first path), that jump's target */
static int uf_meet(const struct sass_insn *in, int end, int i, int t)
{
	const struct sass_insn *j = &in[t - 1];
	if (t - 1 > i && is_branch(j) && j->pred < 0 && j->target > (int64_t)in[t].pc) {
		int e2 = (int)((j->target - (int64_t)in[0].pc) / SASS_INSN_BYTES);
		if (e2 <= end)
			return e2;
	}
	return t;
}

/* Every register and predicate an instruction of [from, to] writes: unknown */
static void uf_forget(struct uf_state *s, const struct sass_insn *in, const struct uf_dec *dec, int from, int to)
{
	for (int k = from; k <= to; k++)
		if (dec[k].op != UO_NONE && dec[k].op != UO_BRANCH && dec[k].op != UO_EXIT && dec[k].op != UO_STOP)
			uf_clobber(s, &in[k], dec[k].width);
}

static int uf_loop_push(struct uf_loop *l, int64_t trips)
{
	if (l->n == l->cap) {
		int cap = l->cap ? 2 * l->cap : 8;
		if (cap > (1 << 20))
			return 0; /* enough entries: the first million tell the rule */
		int64_t *t = realloc(l->trips, (size_t)cap * sizeof *t);
		if (!t)
			return -1;
		l->trips = t;
		l->cap = cap;
	}
	l->trips[l->n++] = trips;
	return 0;
}

/*
 * A long loop at once: an innermost loop (no loop, forward branch, EXIT or
 * call inside) whose counter the counted-loop idiom reads (counter_form:
 * stepped by a constant once a trip, compared with a bound the loop does
 * not write) runs run_count's trips from the values the run holds at its
 * head; the counter leaves with its last value, everything else the loop
 * writes is unknown. Only from UF_FAST_TRIPS trips (below, running it costs
 * less than reading it); the same counts as running it trip by trip
 * (tests/test_import.c kernel_arguments at n = 10^9; uf_fast 0 gives the
 * step-by-step run for comparison).
 */
#ifndef UF_FAST_TRIPS
#define UF_FAST_TRIPS 64
#endif

/* A loop the fast path may read: its back edge and its counter */
struct uf_fast {
	int edge;
	struct counter c;
};

/* fast[h]: the index in *fl of the loop whose head is h when it qualifies
 * (innermost, its counter read by counter_form), else -1: 0, or -1 out of
 * memory */
static int uf_fast_loops(const struct sass_insn *in, int n, int end, int *fast, struct uf_fast **fl)
{
	int nf = 0, cap = 0;
	*fl = NULL;
	for (int k = 0; k <= end; k++)
		fast[k] = -1;
	for (int j = 0; j <= end; j++) {
		int h = loop_head(in, j), ok = h >= 0 && h < j;
		for (int k = h; k < j && ok; k++)
			ok = !is_branch(&in[k]) && strcmp(in[k].opcode, "EXIT") && strcmp(in[k].opcode, "CALL") &&
			     strcmp(in[k].opcode, "RET") && strcmp(in[k].opcode, "JMP") && strcmp(in[k].opcode, "BRX") &&
			     strcmp(in[k].opcode, "JMX") && strcmp(in[k].opcode, "BSSY") && strcmp(in[k].opcode, "BSYNC");
		if (!ok || fast[h] != -1)
			continue;
		struct counter c;
		char why[200];
		if (!counter_form(in, n, h, j, NULL, CF_NO_START, &c, why, sizeof why))
			continue;
		const struct sass_insn *x = &in[c.ic];
		int side = reg_id(&x->op[2]) == c.reg ? 3 : 2, last;
		int kind = x->op[side].kind;
		if ((kind != SASS_REG && kind != SASS_UREG && kind != SASS_IMM && kind != SASS_CONST) ||
		    (plain_reg(&x->op[side]) && count_writes(in, h, j, reg_id(&x->op[side]), &last)))
			continue;
		if (nf == cap) {
			cap = cap ? 2 * cap : 8;
			struct uf_fast *t = realloc(*fl, (size_t)cap * sizeof *t);
			if (!t)
				return -1;
			*fl = t;
		}
		(*fl)[nf] = (struct uf_fast){j, c};
		fast[h] = nf++;
	}
	return 0;
}

/* The loop f entered at its head h with the run's state s: its trips (at
 * least UF_FAST_TRIPS) with s left as after them, or 0 (run it trip by trip) */
static uint64_t uf_fast_run(struct uf_state *s, const struct uf_bank *b, const struct sass_insn *in, const struct uf_dec *dec, int h,
			    const struct uf_fast *f)
{
	const struct counter *c = &f->c;
	const struct sass_insn *x = &in[c->ic];
	int side = reg_id(&x->op[2]) == c->reg ? 3 : 2;
	struct uf_val bd = uf_get(s, b, x, side);
	struct uf_val st = c->reg >= UREG_ID ? s->u[c->reg - UREG_ID] : s->r[c->reg];
	if (!bd.k || !st.k)
		return 0;
	char why[200];
	uint64_t t = run_count(c, cmp_view(c, st.v), cmp_view(c, bd.v), why, sizeof why);
	if (t < UF_FAST_TRIPS)
		return 0;
	uint32_t v = st.v;
	if (c->step.kind == ST_ADD)
		v += (uint32_t)((uint64_t)c->step.imm * t);
	else
		for (uint64_t k = 0; k < t; k++)
			v = op_apply(&c->step, v);
	uf_forget(s, in, dec, h, f->edge);
	if (c->reg >= UREG_ID)
		s->u[c->reg - UREG_ID] = uf_known(v);
	else
		s->r[c->reg] = uf_known(v);
	return t;
}

/* Runs the kernel's first n instructions (end the main EXIT): 0, or -1 out
 * of memory */
static int uf_run(const struct sass_insn *in, int n, int end, const struct uf_bank *b, struct uf_run *u)
{
	struct uf_state s;
	memset(&s, 0, sizeof s);
	memset(s.p, -1, sizeof s.p);
	memset(s.up, -1, sizeof s.up);
	u->n = n;
	u->loop = calloc((size_t)n, sizeof *u->loop);
	u->taken = calloc((size_t)n, sizeof *u->taken);
	u->fell = calloc((size_t)n, sizeof *u->fell);
	u->undecided = calloc((size_t)n, 1);
	u->reached = calloc((size_t)n, 1);
	if (!u->loop || !u->taken || !u->fell || !u->undecided || !u->reached)
		return -1;
	u->ran = 1;
	u->src = b->n ? "the kernel's arguments" : "the listing's constants";
	u->args = b->n > 0;
	u->stop = -1;
	int *fast = u->fast = malloc(((size_t)end + 1) * sizeof *fast);
	struct uf_dec *dec = u->dec = malloc(((size_t)end + 1) * sizeof *dec);
	if (!fast || !dec || uf_fast_loops(in, n, end, fast, &u->fl))
		return -1;
	for (int k = 0; k <= end; k++)
		uf_decode(&in[k], &dec[k]);
	int i = 0;
	for (;;) {
		if (i >= 0 && i <= end && fast[i] >= 0 && !u->loop[u->fl[fast[i]].edge].open) {
			const struct uf_fast *f = &u->fl[fast[i]];
			uint64_t t = uf_fast_run(&s, b, in, dec, i, f);
			if (t) {
				for (int k = i; k <= f->edge; k++)
					u->reached[k] = 1;
				if (uf_loop_push(&u->loop[f->edge], (int64_t)t))
					return -1;
				u->steps++;
				u->dyn += (int64_t)t * (f->edge - i + 1);
				i = f->edge + 1;
				continue;
			}
		}
		if (i < 0 || i > end) {
			u->stop = i < 0 ? 0 : end;
			snprintf(u->stop_why, sizeof u->stop_why, "it left the kernel's body");
			return 0;
		}
		u->dyn++;
		if (++u->steps > UF_MAX_STEPS) {
			u->stop = i;
			snprintf(u->stop_why, sizeof u->stop_why, "%ld instructions run (the limit)", (long)UF_MAX_STEPS);
			return 0;
		}
		const struct sass_insn *x = &in[i];
		u->reached[i] = 1;
		int g = x->pred < 0 ? 1 : x->pred_uniform ? (x->pred >= SASS_PT ? 1 : s.up[x->pred]) : (x->pred >= SASS_PT ? 1 : s.p[x->pred]);
		if (g >= 0 && x->pred_neg)
			g = !g;
		const struct uf_dec *d = &dec[i];
		if (d->op == UO_EXIT && g == 1) {
			u->complete = 1;
			return 0;
		}
		if (d->op == UO_STOP && g != 0) {
			u->stop = i;
			snprintf(u->stop_why, sizeof u->stop_why, "a %s (not followed)", x->opcode);
			return 0;
		}
		if (d->op == UO_BRANCH) {
			int t = (int)((x->target - (int64_t)in[0].pc) / SASS_INSN_BYTES);
			if (x->target < (int64_t)in[0].pc || t >= n || t > end) {
				/* to out-of-line code after the EXIT (BRA.DIV's path for a divergent
				 * warp): the importer's program issues it taken by no lane, and so here */
				i++;
				continue;
			}
			if (t <= i) { /* a back edge */
				struct uf_loop *l = &u->loop[i];
				if (g == 1) {
					l->taken++;
					l->open = 1;
					i = t;
					continue;
				}
				if (g < 0) {
					l->unread = 1;
					uf_forget(&s, in, dec, t, i);
				} else if (uf_loop_push(l, l->taken + 1)) {
					return -1;
				}
				l->taken = 0;
				l->open = 0;
				i++;
				continue;
			}
			if (g == 1) {
				u->taken[i]++;
				i = t;
			} else if (g == 0) {
				u->fell[i]++;
				i++;
			} else {
				u->undecided[i] = 1;
				int e = uf_meet(in, end, i, t);
				uf_forget(&s, in, dec, i + 1, e - 1);
				i = e;
			}
			continue;
		}
		if (g == 1 && d->op > UO_STOP)
			uf_exec(&s, b, x, d);
		else if (g != 0 && d->op == UO_CLOBBER)
			uf_clobber(&s, x, d->width);
		else if (g < 0 && d->op > UO_STOP)
			uf_forget(&s, in, dec, i, i);
		i++;
	}
}

/* The run's count for the loop head..edge: the trips, *grow their growth a
 * trip of the loop around it, or 0 with why set (an error), or -1: the run
 * says nothing (the importer's other rules decide; why then says what the
 * arguments left unknown, when they were given). */
static int64_t uf_loop_count(const struct uf_run *u, const struct sass_insn *in, int head, int edge, const struct br *br, int end,
			     int64_t *grow, char *why, size_t whylen)
{
	*grow = 0;
	if (!u->ran)
		return -1;
	const struct uf_loop *l = &u->loop[edge];
	/* (why, when the arguments were given: what they left unknown, for the error that may follow) */
	if (l->unread || l->open) {
		snprintf(why, whylen, "%s", !u->args ? "" : l->unread ? "with the kernel's arguments its branch's compare is still not known "
			 "(it reads a thread index, a loaded value or a parameter not given)" : "the kernel's arguments run it past the limit");
		return -1;
	}
	for (int j = edge + 1; j <= end; j++)
		if (br[j].kind == BR_LOOP && br[j].to <= head && u->loop[j].unread) {
			/* a loop around it whose trips the run could not follow: its entries are not all seen */
			snprintf(why, whylen, "%s", u->args ? "the kernel's arguments do not decide the loop around it" : "");
			return -1;
		}
	if (l->n == 0) {
		/* never entered: on no path of these arguments, when the run saw the whole kernel */
		if (!u->complete || u->reached[head])
			return -1;
		for (int k = 0; k < u->n && k <= end; k++)
			if (u->undecided[k] && k < head && head < uf_meet(in, end, k, (int)((in[k].target - (int64_t)in[0].pc) / SASS_INSN_BYTES))) {
				/* inside a path the run did not follow */
				snprintf(why, whylen, u->args ? "it lies behind the branch at 0x%x, which the kernel's arguments do not decide" : "",
					 in[k].pc);
				return -1;
			}
		snprintf(why, whylen, "%s: not reached (1 trip written)", u->src);
		return 1;
	}
	if (!u->complete) {
		/* stopped: the loop's entries are all seen only if the stop lies past it and in no loop around it */
		if (u->stop <= edge)
			return -1;
		for (int j = edge + 1; j <= end; j++)
			if (br[j].kind == BR_LOOP && br[j].to <= head && u->stop <= j)
				return -1;
	}
	int64_t c0 = l->trips[0];
	int same = 1;
	for (int k = 1; k < l->n && same; k++)
		same = l->trips[k] == c0;
	if (same) {
		snprintf(why, whylen, "%s: %lld trips%s", u->src, (long long)c0, l->n > 1 ? " on each entry" : "");
		return c0;
	}
	/* a count by the enclosing loop's trip: N + G t, t from 0 on each of its entries */
	int oe = -1;
	for (int j = edge + 1; j <= end && oe < 0; j++)
		if (br[j].kind == BR_LOOP && br[j].to <= head)
			oe = j;
	const struct uf_loop *ol = oe >= 0 ? &u->loop[oe] : NULL;
	int64_t per = ol && ol->n > 0 ? ol->trips[0] : 0;
	for (int k = 1; ol && k < ol->n && per; k++)
		if (ol->trips[k] != per)
			per = 0;
	if (per > 1 && (int64_t)l->n == per * ol->n) {
		int64_t g = l->trips[1] - c0;
		int ok = 1;
		for (int k = 0; k < l->n && ok; k++)
			ok = l->trips[k] == c0 + g * (k % per) && l->trips[k] >= 1;
		if (ok) {
			*grow = g;
			snprintf(why, whylen, "%s: %lld %c %lld t trips at the enclosing loop's trip t", u->src, (long long)c0,
				 g < 0 ? '-' : '+', (long long)(g < 0 ? -g : g));
			return c0;
		}
	}
	snprintf(why, whylen, "with %s it runs %lld, %lld%s trips on its %d entries: not one count nor N + G t by "
		 "the enclosing loop's trip (expected --trips 0x%x=N for the count to simulate)", u->src, (long long)c0, (long long)l->trips[1],
		 l->n > 2 ? ", ..." : "", l->n, in[head].pc);
	return 0;
}

/* The constant bank the options give (--arg by the kernel's parameter
 * layout, --const as words) and its description for the program's header:
 * SIM_OK, or an error naming what did not fit */
static int uf_prepare(const struct sass_kernel *k, const struct import_opts *o, const char *fname, struct uf_bank *b, char *desc,
		      size_t dlen, struct err *e)
{
	struct kparam par[IMPORT_MAX_PARAMS];
	int np = 0, laid = -1, len = 0;
	char why[160];
	b->n = 0;
	desc[0] = '\0';
	uint32_t base = k->sm && k->sm < 90 ? 0x160 : 0x210;
	for (int i = 0; i < o->nargs; i++) {
		const struct import_arg *a = &o->args[i];
		uint64_t bits;
		uint32_t off = a->off;
		const struct kparam *p = NULL;
		if (a->index) {
			if (laid < 0)
				laid = kernel_params(k, par, &np, why, sizeof why);
			if (a->index > np) {
				char list[200] = "";
				for (int j = 0, len = 0; j < np && len >= 0 && len < (int)sizeof list; j++)
					len += snprintf(list + len, sizeof list - (size_t)len, "%s%d %s", j ? ", " : " (", j + 1, par[j].type);
				if (np && strlen(list) + 2 < sizeof list)
					strcat(list, ")");
				return err_set(e, SIM_EINPUT, "%s:%u: --arg %d=%s: kernel %s has %s%d parameter%s%s%s%s (expected N from 1 to %d, "
					       "or --const 0xOFF=V for the word at c[0x0][OFF])", fname, k->line, a->index, a->text, k->name,
					       laid ? "" : "at least ", np, np == 1 ? "" : "s", list, laid ? "" : ": ", laid ? "" : why, np);
			}
			off = base;
			for (int j = 0; j < a->index; j++) {
				if (!par[j].size)
					return err_set(e, SIM_EINPUT, "%s:%u: --arg %d=%s: parameter %d of %s (%s) is a struct of a size its name "
						       "does not give, so the places of those after it are not known (expected --const 0xOFF=V)",
						       fname, k->line, a->index, a->text, j + 1, k->name, par[j].type);
				off = (off + (uint32_t)par[j].align - 1) / (uint32_t)par[j].align * (uint32_t)par[j].align;
				if (j + 1 < a->index)
					off += (uint32_t)par[j].size;
			}
			p = &par[a->index - 1];
			if (p->size != 4 && p->size != 8)
				return err_set(e, SIM_EINPUT, "%s:%u: --arg %d=%s: parameter %d of %s is a %s of %d bytes (expected a 4- or 8-byte "
					       "parameter: an integer, float or pointer; --const 0xOFF=V for a word of others)", fname, k->line,
					       a->index, a->text, a->index, k->name, p->type, p->size);
		}
		if (!arg_bits(a->text, p ? p : &(struct kparam){4, 4, "word"}, &bits, why, sizeof why))
			return err_set(e, SIM_EINPUT, "%s:%u: %s for %s: %s", fname, k->line, a->index ? "--arg" : "--const", k->name, why);
		bank_put(b, off, (uint32_t)bits);
		if (p && p->size == 8)
			bank_put(b, off + 4, (uint32_t)(bits >> 32));
		if (len >= 0 && (size_t)len < dlen)
			len += a->index ? snprintf(desc + len, dlen - (size_t)len, "%s%d (%s) = %s at c[0x0][0x%x]", i ? "; " : "", a->index,
						   p->type, a->text, off)
					: snprintf(desc + len, dlen - (size_t)len, "%sc[0x0][0x%x] = %s", i ? "; " : "", off, a->text);
	}
	return SIM_OK;
}
