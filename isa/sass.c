/*
 * sass.c: a line reader for SASS listings (cuobjdump -sass, nvdisasm,
 * cuobjdump -res-usage); the formats and the data model are in sass.h.
 *
 * The text is copied once into the listing's pool and read line by line;
 * each line is cut there with a NUL and classified by its first characters:
 * an address comment ("/ *0040* /", spaced here) starts an instruction, a
 * lone "/ * 0x... * /" is the second 64-bit word of the instruction before
 * it, "Function :", ".section", "### ", "code for" and the other headers set
 * the context, "NAME:" is a label, anything else is skipped. Kernel names
 * and instruction texts are NUL-ended in place in the pool, so the result
 * needs no other string storage. Labels are resolved when their kernel
 * ends (sorted, then binary search); -res-usage records are kept aside and
 * matched to kernels by name at the end. Nothing recurses, every loop
 * consumes input, and every count has a limit (sass.h).
 */
#include "sass.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "../sim/fileio.h"

const char *const sass_kind_names[SASS_KIND_COUNT] = {
	"reg", "ureg", "pred", "upred", "breg", "sb", "imm", "const", "mem", "target", "special", "other",
};

/* What the lines being read are. */
enum mode {
	M_CODE, /* instructions of sm_70+ code (or not yet known) */
	M_DATA, /* an nvdisasm section that is not .text: its "/ *0000* / .byte" lines are data */
	M_PTX,  /* a "Fatbin ptx code" block: PTX text, skipped */
	M_OLD,  /* pre-Volta code (sm < 70): skipped */
};

struct label {
	const char *name; /* in the pool, not NUL-ended */
	int len;
	int64_t pc;       /* -1 until the instruction it precedes is read */
	uint32_t line;
};

/* An operand `(NAME) to resolve when its kernel ends. */
struct fixup {
	int insn;  /* index in rd.in */
	size_t op; /* index in rd.op */
	const char *name;
	int len;
	int col;
	int is_target; /* the instruction's branch target (insn.target) */
};

/* One "Function NAME:" of -res-usage and its REG: line. */
struct res {
	const char *name;
	int len;
	int sm;
	uint32_t line;
	int regs, stack, smem, local;
};

struct rd {
	const char *fname;
	struct err *e;
	char *pool;       /* NUL-terminated copy of the text */
	char *line;       /* start of the current line, NUL-ended */
	uint32_t lineno;
	struct sass_kernel *k;
	size_t nk, capk;
	struct sass_insn *in;
	size_t nin, capin;
	struct sass_opnd *op;
	size_t nop, capop;
	struct label *lab;
	size_t nlab, caplab, lab_open; /* labels from lab_open on wait for their instruction */
	struct fixup *fix;
	size_t nfix, capfix;
	struct res *res;
	size_t nres, capres;
	int cur;          /* kernel being read (index in k), -1 none */
	size_t kfirst;    /* index in `in` of its first instruction */
	int mode;         /* enum mode */
	int in_res;       /* inside a "Resource usage:" block: "Common:" is no label */
	int sm;           /* architecture of the block being read, 0 unknown */
	const char *section; /* "### NAME" heading in force, NULL none */
	long want_hi;     /* instruction whose second word must come next, -1 none */
	long res_cur;     /* res record the next REG: line fills, -1 none */
	int old_sm;       /* a pre-Volta architecture skipped, 0 none */
	char *nul[4];     /* places to cut with a NUL at the end of the line */
	int nnul;
};

static const char empty_name[] = "";

/* ---- errors ---- */

/* The token at s, quoted, for "got ..." (up to 24 characters). */
static const char *got(const char *s, char *buf, size_t n)
{
	size_t k = 0;
	while (s && (*s == ' ' || *s == '\t'))
		s++;
	if (!s || *s == '\0')
		return "the end of the line";
	buf[k++] = '"';
	while (*s && !isspace((unsigned char)*s) && *s != ',' && k < n - 2 && k < 25)
		buf[k++] = *s++;
	if (k == 1)
		buf[k++] = *s;
	buf[k++] = '"';
	buf[k] = '\0';
	return buf;
}

/* "FNAME:LINE:COL: message" with COL the column of at in the current line
 * (no column when at is NULL). */
static int fail_at(struct rd *r, const char *at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail_at(struct rd *r, const char *at, const char *fmt, ...)
{
	char msg[768];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (at)
		return err_set(r->e, SIM_EINPUT, "%s:%u:%d: %s", r->fname, r->lineno, (int)(at - r->line) + 1, msg);
	return err_set(r->e, SIM_EINPUT, "%s:%u: %s", r->fname, r->lineno, msg);
}

/* "what (expected ..., got TOKEN)" at at. */
static int fail_got(struct rd *r, const char *at, const char *what, const char *expected)
{
	char g[40];
	return fail_at(r, at, "%s (expected %s, got %s)", what, expected, got(at, g, sizeof g));
}

static int oom(struct rd *r)
{
	return err_set(r->e, SIM_EINTERNAL, "%s: out of memory", r->fname);
}

/* Makes room for one more element of size sz in *arr (capacity *cap). */
static int grow(struct rd *r, void **arr, size_t *cap, size_t n, size_t sz)
{
	if (n < *cap)
		return SIM_OK;
	size_t nc = *cap ? *cap * 2 : 64;
	void *p = realloc(*arr, nc * sz);
	if (!p)
		return oom(r);
	*arr = p;
	*cap = nc;
	return SIM_OK;
}

/* ---- small lexing helpers (the line is NUL-ended) ---- */

static char *skip_ws(char *s)
{
	while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\f' || *s == '\v')
		s++;
	return s;
}

static int is_word(int c)
{
	return isalnum(c) || c == '_';
}

static int word_len(const char *s)
{
	int n = 0;
	while (is_word((unsigned char)s[n]))
		n++;
	return n;
}

static int starts(const char *s, const char *pre)
{
	return strncmp(s, pre, strlen(pre)) == 0;
}

/* The end of s with trailing blanks dropped. */
static char *trim_end(char *s, char *end)
{
	while (end > s && isspace((unsigned char)end[-1]))
		end--;
	return end;
}

static void cut_later(struct rd *r, char *at)
{
	SIM_ASSERT(r->nnul < 4);
	r->nul[r->nnul++] = at;
}

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* ---- kernels ---- */

static int finish_kernel(struct rd *r);

static int is_op(const struct sass_insn *in, const char *name)
{
	return strcmp(in->opcode, name) == 0;
}

static int is_branch(const struct sass_insn *in)
{
	return is_op(in, "BRA") || is_op(in, "BSSY") || is_op(in, "CALL") || is_op(in, "JMP");
}

/* BRA and BSSY must name a target in their own kernel. */
static int needs_local_target(const struct sass_insn *in)
{
	return is_op(in, "BRA") || is_op(in, "BSSY");
}

static int begin_kernel(struct rd *r, const char *name, size_t len)
{
	int rc;
	if ((rc = finish_kernel(r)))
		return rc;
	if (len > SASS_MAX_NAME)
		return fail_at(r, name, "function name too long (expected at most %d characters, got %zu)", SASS_MAX_NAME, len);
	if (r->nk == SASS_MAX_KERNELS)
		return fail_at(r, NULL, "too many functions (expected at most %d in one listing)", SASS_MAX_KERNELS);
	if ((rc = grow(r, (void **)&r->k, &r->capk, r->nk, sizeof *r->k)))
		return rc;
	struct sass_kernel *k = &r->k[r->nk];
	memset(k, 0, sizeof *k);
	k->name = name;
	/* a signature (cu++filt output) rather than a symbol */
	if (strncmp(name, "_Z", 2) != 0 && memchr(name, '(', len))
		k->demangled = name;
	k->section = r->section;
	k->sm = r->sm;
	k->line = r->lineno;
	k->regs = k->smem = k->local = k->stack = -1;
	r->cur = (int)r->nk++;
	r->kfirst = r->nin;
	r->nlab = r->lab_open = 0;
	r->nfix = 0;
	return SIM_OK;
}

/* Orders by name (bytes, then length), then listing line: labels and
 * -res-usage records alike. */
static int name_line_cmp(const char *xn, int xl, uint32_t xline, const char *yn, int yl, uint32_t yline)
{
	int n = xl < yl ? xl : yl;
	int c = memcmp(xn, yn, (size_t)n);
	if (c)
		return c;
	if (xl != yl)
		return xl < yl ? -1 : 1;
	return xline < yline ? -1 : xline > yline;
}

static int label_cmp(const void *a, const void *b)
{
	const struct label *x = a, *y = b;
	return name_line_cmp(x->name, x->len, x->line, y->name, y->len, y->line);
}

/* Ends the kernel being read: resolves its labels and checks its branches. */
static int finish_kernel(struct rd *r)
{
	if (r->cur < 0)
		return SIM_OK;
	struct sass_kernel *k = &r->k[r->cur];
	size_t n = r->nin - r->kfirst;
	struct sass_insn *in = n ? r->in + r->kfirst : NULL; /* r->in may still be NULL */
	uint64_t first = n ? in[0].pc : 0, end = n ? (uint64_t)in[n - 1].pc + SASS_INSN_BYTES : 0;
	const char *kname = k->name[0] ? k->name : "(unnamed)";

	k->n = (int)n;
	k->has_ctrl = n > 0;
	for (size_t i = 0; i < n; i++)
		if (!in[i].ctrl.valid)
			k->has_ctrl = 0;
	for (size_t i = r->lab_open; i < r->nlab; i++)
		r->lab[i].pc = (int64_t)end; /* labels after the last instruction: its end */
	if (r->nlab > 1) /* qsort's base must not be NULL, even for 0 elements */
		qsort(r->lab, r->nlab, sizeof *r->lab, label_cmp);
	for (size_t i = 1; i < r->nlab; i++)
		if (r->lab[i].len == r->lab[i - 1].len && memcmp(r->lab[i].name, r->lab[i - 1].name, (size_t)r->lab[i].len) == 0)
			return err_set(r->e, SIM_EINPUT, "%s:%u: label %.*s defined twice (expected each label once per function; first on line %u)",
				       r->fname, r->lab[i].line, r->lab[i].len > 200 ? 200 : r->lab[i].len, r->lab[i].name,
				       r->lab[i - 1].line);
	for (size_t f = 0; f < r->nfix; f++) {
		struct fixup *fx = &r->fix[f];
		struct sass_insn *ins = &r->in[fx->insn];
		struct label key = {fx->name, fx->len, 0, 0};
		size_t lo = 0, hi = r->nlab;
		while (lo < hi) { /* the first label not below key (line 0 sorts first) */
			size_t mid = lo + (hi - lo) / 2;
			if (label_cmp(&r->lab[mid], &key) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		int found = lo < r->nlab && r->lab[lo].len == fx->len && memcmp(r->lab[lo].name, fx->name, (size_t)fx->len) == 0;
		if (!found && ((fx->is_target && needs_local_target(ins)) || (fx->len >= 2 && fx->name[0] == '.' && fx->name[1] == 'L')))
			return err_set(r->e, SIM_EINPUT, "%s:%u:%d: undefined label %.*s (expected a label of function %.200s)",
				       r->fname, ins->line, fx->col, fx->len > 200 ? 200 : fx->len, fx->name, kname);
		r->op[fx->op].ival = found ? r->lab[lo].pc : -1;
		if (fx->is_target)
			ins->target = r->op[fx->op].ival;
	}
	for (size_t i = 0; i < n; i++) {
		const struct sass_insn *ins = &in[i];
		int64_t t = ins->target;
		if (!needs_local_target(ins))
			continue;
		if (t < (int64_t)first || t >= (int64_t)end || ((uint64_t)t - first) % SASS_INSN_BYTES)
			return err_set(r->e, SIM_EINPUT,
				       "%s:%u: %s target 0x%llx is not an instruction of function %.200s (expected 0x%llx..0x%llx, a multiple of 16)",
				       r->fname, ins->line, ins->opcode, (unsigned long long)t, kname, (unsigned long long)first,
				       (unsigned long long)(end - SASS_INSN_BYTES));
	}
	r->cur = -1;
	r->nlab = r->lab_open = r->nfix = 0;
	return SIM_OK;
}

/* ---- operands ---- */

/* Register-like names: RZ, R0..R255, URZ, UR0..UR63, PT, P0..P7, UPT,
 * UP0..UP7, B0..B15, SB0..SB5. Returns 1 and sets kind/num for one, 0 for a
 * word that is no register, or an error for a number out of range. */
static int reg_name(struct rd *r, const char *s, int w, int *kind, int *num)
{
	static const struct {
		const char *pre;
		int kind, max;
		const char *range;
	} fam[] = {
		{"UR", SASS_UREG, 63, "UR0..UR63 or URZ"}, {"UP", SASS_UPRED, 7, "UP0..UP6 or UPT"},
		{"SB", SASS_SB, 5, "SB0..SB5"},            {"R", SASS_REG, 255, "R0..R255 or RZ"},
		{"P", SASS_PRED, 7, "P0..P6 or PT"},       {"B", SASS_BREG, 15, "B0..B15"},
	};
	if (w == 2 && memcmp(s, "RZ", 2) == 0) {
		*kind = SASS_REG, *num = SASS_RZ;
		return 1;
	}
	if (w == 2 && memcmp(s, "PT", 2) == 0) {
		*kind = SASS_PRED, *num = SASS_PT;
		return 1;
	}
	if (w == 3 && memcmp(s, "URZ", 3) == 0) {
		*kind = SASS_UREG, *num = SASS_URZ;
		return 1;
	}
	if (w == 3 && memcmp(s, "UPT", 3) == 0) {
		*kind = SASS_UPRED, *num = SASS_PT;
		return 1;
	}
	for (size_t f = 0; f < sizeof fam / sizeof fam[0]; f++) {
		int pl = (int)strlen(fam[f].pre), v = 0, d;
		if (w <= pl || strncmp(s, fam[f].pre, (size_t)pl) != 0)
			continue;
		for (d = pl; d < w; d++) {
			if (!isdigit((unsigned char)s[d]))
				return 0;
			if (v < 100000)
				v = v * 10 + (s[d] - '0');
		}
		if (v > fam[f].max || w - pl > 3) {
			char what[64];
			snprintf(what, sizeof what, "register out of range");
			return fail_got(r, s, what, fam[f].range);
		}
		*kind = fam[f].kind, *num = v;
		return 1;
	}
	return 0;
}

/* A number at *pp: 0x hex (up to 64 bits), decimal integer, or decimal
 * float (1.5, 2.5e-07). Returns 1 and advances, 0 if *pp is no number. */
static int parse_number(struct rd *r, char **pp, struct sass_opnd *o)
{
	char *p = *pp;
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		uint64_t v = 0;
		int d = 0;
		while (hexval((unsigned char)p[2 + d]) >= 0) {
			if (d == 16)
				return fail_got(r, p, "number out of range", "at most 16 hex digits");
			v = v << 4 | (uint64_t)hexval((unsigned char)p[2 + d]);
			d++;
		}
		if (d == 0)
			return 0;
		o->ival = (int64_t)v;
		*pp = p + 2 + d;
		return 1;
	}
	char *q = p;
	int isf = 0;
	while (isdigit((unsigned char)*q))
		q++;
	if (*q == '.' && isdigit((unsigned char)q[1])) {
		isf = 1;
		q++;
		while (isdigit((unsigned char)*q))
			q++;
	}
	if (q == p)
		return 0;
	if ((*q == 'e' || *q == 'E')) {
		char *x = q + 1;
		if (*x == '+' || *x == '-')
			x++;
		if (isdigit((unsigned char)*x)) {
			isf = 1;
			while (isdigit((unsigned char)*x))
				x++;
			q = x;
		}
	}
	if (q - p > 63)
		return fail_got(r, p, "number too long", "at most 63 characters");
	char buf[64];
	memcpy(buf, p, (size_t)(q - p));
	buf[q - p] = '\0';
	errno = 0;
	if (isf) {
		o->fval = strtod(buf, NULL);
		o->is_float = 1;
	} else {
		unsigned long long v = strtoull(buf, NULL, 10);
		if (errno == ERANGE)
			return fail_got(r, p, "number out of range", "at most 64 bits");
		o->ival = (int64_t)v;
	}
	*pp = q;
	return 1;
}

/* Dot suffixes after a register or special register: .reuse and .64 set
 * flags, the others are kept as text (sfx_off/sfx_len from s). */
static void parse_suffixes(char **pp, const char *s, struct sass_opnd *o)
{
	char *p = *pp;
	const char *sb = NULL, *se = NULL;
	while (*p == '.' && is_word((unsigned char)p[1])) {
		int w = word_len(p + 1);
		if (w == 5 && memcmp(p + 1, "reuse", 5) == 0)
			o->reuse = 1;
		else if (w == 2 && memcmp(p + 1, "64", 2) == 0 && (o->kind == SASS_REG || o->kind == SASS_MEM))
			o->wide = 1;
		else {
			if (!sb)
				sb = p + 1;
			se = p + 1 + w;
		}
		p += 1 + w;
	}
	if (sb && !o->sfx_len) {
		o->sfx_off = (uint16_t)(sb - s);
		o->sfx_len = (uint16_t)(se - sb);
	}
	*pp = p;
}

/* The inside of an address or a constant's second brackets, *pp at '[':
 * terms joined by '+' (or '-' before a number): one register (R, with .64
 * and other suffixes), one uniform register, and byte offsets. */
static int parse_addr(struct rd *r, char **pp, const char *s, struct sass_opnd *o)
{
	char *p = skip_ws(*pp + 1);
	int64_t off = 0;
	if (*p == ']')
		return fail_got(r, p, "empty address", "a register or an offset, as in [R2.64+0x10]");
	for (;;) {
		int neg = 0, kind, num, rc;
		if (*p == '-') {
			neg = 1;
			p = skip_ws(p + 1);
		}
		if (isalpha((unsigned char)*p)) {
			int w = word_len(p);
			rc = reg_name(r, p, w, &kind, &num);
			if (rc < 0)
				return rc;
			if (rc == 0 || neg || (kind != SASS_REG && kind != SASS_UREG))
				return fail_got(r, p, "bad address term", "a register R2 or UR4, or a byte offset");
			if (kind == SASS_REG ? o->num != SASS_NONE : o->unum != SASS_NONE)
				return fail_got(r, p, "second register of one kind in the address", "one R and one UR register at most");
			if (kind == SASS_REG)
				o->num = (uint16_t)num;
			else
				o->unum = (uint16_t)num;
			p += w;
			int k = o->kind;
			o->kind = SASS_MEM; /* so that .64 sets wide */
			if (kind == SASS_REG)
				parse_suffixes(&p, s, o);
			else
				while (*p == '.' && is_word((unsigned char)p[1]))
					p += 1 + word_len(p + 1);
			o->kind = (uint8_t)k;
		} else if (isdigit((unsigned char)*p)) {
			struct sass_opnd t;
			char *at = p;
			memset(&t, 0, sizeof t);
			if ((rc = parse_number(r, &p, &t)) < 0)
				return rc;
			if (t.is_float || t.ival < 0 || t.ival > ((int64_t)1 << 48))
				return fail_got(r, at, "bad address offset", "an integer byte offset below 2^48");
			off += neg ? -t.ival : t.ival;
		} else {
			return fail_got(r, p, "bad address term", "a register R2 or UR4, or a byte offset");
		}
		p = skip_ws(p);
		if (*p == '+') {
			p = skip_ws(p + 1);
			continue;
		}
		if (*p == '-')
			continue;
		if (*p == ']')
			break;
		return fail_got(r, p, "unfinished address", "'+' or ']'");
	}
	o->ival = off;
	*pp = p + 1;
	return SIM_OK;
}

/* The bracket [URn] (or [number] when allow_num) of desc[...] and cx[...]. */
static int parse_ubracket(struct rd *r, char **pp, int allow_num, int *ur, int64_t *num)
{
	char *p = skip_ws(*pp + 1);
	int kind = -1, n = 0, rc;
	*ur = -1;
	if (isalpha((unsigned char)*p)) {
		int w = word_len(p);
		if ((rc = reg_name(r, p, w, &kind, &n)) < 0)
			return rc;
		if (rc == 0 || kind != SASS_UREG)
			return fail_got(r, p, "bad descriptor", "a uniform register such as UR4");
		*ur = n;
		p += w;
	} else if (allow_num && isdigit((unsigned char)*p)) {
		struct sass_opnd t;
		char *at = p;
		memset(&t, 0, sizeof t);
		if ((rc = parse_number(r, &p, &t)) < 0)
			return rc;
		if (rc == 0 || t.is_float || t.ival < 0 || t.ival > 0x7fff)
			return fail_got(r, at, "bad constant bank", "a bank number 0x0..0x7fff or a uniform register");
		*num = t.ival;
	} else {
		return fail_got(r, p, "bad bracket", allow_num ? "a bank number or a uniform register" : "a uniform register such as UR4");
	}
	p = skip_ws(p);
	if (*p != ']')
		return fail_got(r, p, "unclosed bracket", "']'");
	p = skip_ws(p + 1); /* cuobjdump sometimes prints c[0x0] [0x10] */
	if (*p != '[')
		return fail_got(r, p, "incomplete operand", "a second bracket as in c[0x0][0x10] or desc[UR4][R2.64]");
	*pp = p;
	return SIM_OK;
}

static int add_fixup(struct rd *r, size_t op, const char *name, int len, int col)
{
	int rc;
	if ((rc = grow(r, (void **)&r->fix, &r->capfix, r->nfix, sizeof *r->fix)))
		return rc;
	struct fixup *f = &r->fix[r->nfix++];
	f->insn = (int)r->nin;
	f->op = op;
	f->name = name;
	f->len = len;
	f->col = col;
	f->is_target = 0;
	return SIM_OK;
}

/* One operand at *pp of the instruction text s (NUL-ended); appends it. */
static int parse_opnd(struct rd *r, struct sass_insn *in, char *s, char **pp)
{
	char *p = *pp, *start = p, *core;
	struct sass_opnd o;
	int plus = 0, rc, kind, num, fixup = 0;
	const char *lname = NULL;
	int llen = 0;

	memset(&o, 0, sizeof o);
	o.num = o.unum = o.desc = SASS_NONE;
	for (;; p++) {
		if (*p == '-')
			o.neg ^= 1;
		else if (*p == '!')
			o.lnot = 1;
		else if (*p == '~')
			o.bnot = 1;
		else if (*p == '+')
			plus = 1;
		else
			break;
	}
	if (*p == '|') {
		o.abs = 1;
		p++;
	}
	core = p;
	if (*p == '\0' || *p == ',')
		return fail_got(r, p, "missing operand", "an operand");
	if (*p == '`') {
		if (p[1] != '(')
			return fail_got(r, p, "bad label reference", "`(label)");
		lname = p + 2;
		p += 2;
		while (*p && *p != ')')
			p++;
		llen = (int)(p - lname);
		if (!*p || llen == 0)
			return fail_got(r, core, "bad label reference", "`(label) with a name and ')'");
		p++;
		o.kind = SASS_TARGET;
		o.ival = -1;
		fixup = 1;
	} else if (*p == '[') {
		o.kind = SASS_MEM;
		if ((rc = parse_addr(r, &p, s, &o)))
			return rc;
	} else if (isalpha((unsigned char)*p) || *p == '_') {
		int w = word_len(p);
		if (((w == 1 && p[0] == 'c') || (w == 2 && p[0] == 'c' && p[1] == 'x')) && p[w] == '[') {
			int ur;
			int64_t bank = 0;
			p += w;
			if ((rc = parse_ubracket(r, &p, 1, &ur, &bank)))
				return rc;
			o.kind = SASS_CONST;
			o.bank = (int16_t)(ur >= 0 ? -1 : bank);
			o.desc = ur >= 0 ? (uint16_t)ur : SASS_NONE;
			if ((rc = parse_addr(r, &p, s, &o)))
				return rc;
		} else if (((w == 4 && memcmp(p, "desc", 4) == 0) || (w == 5 && memcmp(p, "gdesc", 5) == 0)) && p[w] == '[') {
			int ur;
			int64_t unused;
			p += w;
			if ((rc = parse_ubracket(r, &p, 0, &ur, &unused)))
				return rc;
			o.kind = SASS_MEM;
			o.desc = (uint16_t)ur;
			if ((rc = parse_addr(r, &p, s, &o)))
				return rc;
		} else if ((rc = reg_name(r, p, w, &kind, &num)) != 0) {
			if (rc < 0)
				return rc;
			o.kind = (uint8_t)kind;
			o.num = (uint16_t)num;
			p += w;
		} else if ((w > 3 && memcmp(p, "SR_", 3) == 0) || (w == 3 && memcmp(p, "SRZ", 3) == 0) ||
			   (w == 2 && memcmp(p, "PR", 2) == 0)) {
			/* a special register, SRZ (CS2R R6, SRZ zeroes a register pair) or PR,
			 * the predicates as one register (P2R R6, PR, RZ, 0x1; R2P PR, R6, 0x7f) */
			o.kind = SASS_SPECIAL;
			p += w;
		} else if ((w == 3 && memcmp(p, "INF", 3) == 0) || (w == 4 && memcmp(p, "QNAN", 4) == 0) ||
			   (w == 3 && memcmp(p, "NAN", 3) == 0)) {
			o.kind = SASS_IMM;
			o.is_float = 1;
			o.fval = p[0] == 'I' ? HUGE_VAL : NAN;
			p += w;
		} else {
			o.kind = SASS_OTHER;
		}
	} else if (isdigit((unsigned char)*p) || (*p == '.' && isdigit((unsigned char)p[1]))) {
		if ((rc = parse_number(r, &p, &o)) < 0)
			return rc;
		o.kind = rc ? SASS_IMM : SASS_OTHER;
	} else {
		o.kind = SASS_OTHER;
	}
	if (o.kind != SASS_OTHER && o.kind != SASS_IMM && o.kind != SASS_TARGET)
		parse_suffixes(&p, s, &o);
	if (o.abs && o.kind != SASS_OTHER) {
		if (*p != '|')
			return fail_got(r, p, "unclosed |...|", "'|'");
		p++;
		parse_suffixes(&p, s, &o);
	}
	if (o.kind != SASS_OTHER && *p && *p != ',' && !isspace((unsigned char)*p)) {
		o.kind = SASS_OTHER; /* the word goes on: 2D, 32@lo(...), R2x */
		fixup = 0;
	}
	if (o.kind == SASS_OTHER) {
		int depth = 0;
		memset(&o, 0, sizeof o);
		o.kind = SASS_OTHER;
		o.num = o.unum = o.desc = SASS_NONE;
		p = start;
		for (; *p; p++) {
			if (*p == '(' || *p == '[')
				depth++;
			else if ((*p == ')' || *p == ']') && depth > 0)
				depth--;
			else if (*p == ',' && depth == 0)
				break;
		}
	} else if (o.kind == SASS_IMM) {
		if (o.is_float && o.neg)
			o.fval = -o.fval;
		else if (!o.is_float && o.neg)
			o.ival = (int64_t)(0 - (uint64_t)o.ival);
		o.neg = 0;
	} else if (plus) {
		return fail_got(r, start, "'+' before an operand", "'+' only before a number");
	}
	o.off = (uint16_t)(start - s);
	o.len = (uint16_t)(trim_end(start, p) - start);
	if (r->nop >= (size_t)SASS_MAX_INSNS * SASS_MAX_OPNDS)
		return fail_at(r, start, "too many operands in the listing");
	if ((rc = grow(r, (void **)&r->op, &r->capop, r->nop, sizeof *r->op)))
		return rc;
	if (fixup && (rc = add_fixup(r, r->nop, lname, llen, (int)(lname - r->line) + 1)))
		return rc;
	r->op[r->nop++] = o;
	in->nop++;
	*pp = p;
	return SIM_OK;
}

/* ---- instructions ---- */

/* Parses the instruction text s (NUL-ended, in the pool) into in. */
static int parse_insn(struct rd *r, struct sass_insn *in, char *s)
{
	char *p = s;
	int rc, n;
	size_t first_op = r->nop;

	in->pred = -1;
	if (*p == '@') {
		p++;
		if (*p == '!') {
			in->pred_neg = 1;
			p++;
		}
		if (p[0] == 'U' && p[1] == 'P') {
			in->pred_uniform = 1;
			p++;
		}
		if (p[0] == 'P' && p[1] == 'T')
			in->pred = SASS_PT;
		else if (p[0] == 'P' && p[1] >= '0' && p[1] <= '7')
			in->pred = (int8_t)(p[1] - '0');
		else
			return fail_got(r, p, "bad guard predicate", "@P0..@P6, @PT, @UP0..@UP6 or @UPT, with an optional '!'");
		p += 2;
		if (*p && *p != ' ' && *p != '\t')
			return fail_got(r, p, "bad guard predicate", "a space after it, as in @!P0 BRA");
		p = skip_ws(p);
	}
	if (!isalpha((unsigned char)*p))
		return fail_got(r, p, "missing opcode", "an opcode such as FFMA");
	n = word_len(p);
	if (n >= (int)sizeof in->opcode)
		return fail_got(r, p, "opcode too long", "at most 15 characters");
	memcpy(in->opcode, p, (size_t)n);
	in->opcode[n] = '\0';
	p += n;
	size_t m = 0;
	while (*p == '.') {
		int w = word_len(p + 1);
		if (w == 0)
			return fail_got(r, p + 1, "missing modifier", "a modifier after '.'");
		if (m + (m > 0) + (size_t)w >= sizeof in->mods)
			return fail_got(r, p + 1, "modifiers too long", "at most 63 characters of modifiers");
		if (m)
			in->mods[m++] = '.';
		memcpy(in->mods + m, p + 1, (size_t)w);
		m += (size_t)w;
		p += 1 + w;
	}
	in->mods[m] = '\0';
	if (*p && !isspace((unsigned char)*p))
		return fail_got(r, p, "bad opcode", "a space after the opcode and its modifiers");
	p = skip_ws(p);
	while (*p) {
		if (in->nop == SASS_MAX_OPNDS)
			return fail_got(r, p, "too many operands", "at most 10 operands");
		if ((rc = parse_opnd(r, in, s, &p)))
			return rc;
		p = skip_ws(p);
		if (*p == ',') {
			p = skip_ws(p + 1);
			if (!*p)
				return fail_got(r, p, "missing operand", "an operand after ','");
		}
	}
	in->target = -1;
	if (is_branch(in)) {
		struct sass_opnd *last = in->nop ? &r->op[first_op + in->nop - 1] : NULL;
		if (last && last->kind == SASS_IMM && !last->is_float && last->ival >= 0) {
			last->kind = SASS_TARGET;
			in->target = last->ival;
		} else if (last && last->kind == SASS_TARGET) {
			SIM_ASSERT(r->nfix > 0 && r->fix[r->nfix - 1].op == first_op + in->nop - 1);
			r->fix[r->nfix - 1].is_target = 1;
		} else if (needs_local_target(in)) {
			char what[64];
			snprintf(what, sizeof what, "%s without a target", in->opcode);
			return fail_got(r, last ? s + last->off : p, what, "an address 0x... or `(label) as its last operand");
		}
	}
	return SIM_OK;
}

static void decode_ctrl(struct sass_insn *in)
{
	uint32_t c = (uint32_t)(in->enc_hi >> 41);
	in->ctrl.valid = 1;
	in->ctrl.stall = c & 15;
	in->ctrl.yield = !((c >> 4) & 1);
	in->ctrl.wbar = (c >> 5) & 7;
	in->ctrl.rbar = (c >> 8) & 7;
	in->ctrl.wait = (c >> 11) & 63;
	in->ctrl.reuse = (c >> 17) & 15;
	in->ctrl.raw = c;
}

/* An encoding comment at p ("/ * 0x<16 or 32 hex digits> * /"). Sets *end
 * after it; *ndig is 16 or 32. */
static int parse_word(struct rd *r, char *p, uint64_t *hi, uint64_t *lo, int *ndig, char **end)
{
	char *q = skip_ws(p + 2);
	int d = 0;
	*hi = *lo = 0;
	if (q[0] != '0' || (q[1] != 'x' && q[1] != 'X'))
		return fail_got(r, q, "malformed encoding word", "/* 0x followed by 16 hex digits */");
	for (q += 2; hexval((unsigned char)*q) >= 0; q++, d++) {
		if (d == 32)
			break;
		*hi = *hi << 4 | *lo >> 60;
		*lo = *lo << 4 | (uint64_t)hexval((unsigned char)*q);
	}
	if ((d != 16 && d != 32) || hexval((unsigned char)*q) >= 0)
		return fail_got(r, p, "malformed encoding word", "/* 0x followed by 16 hex digits */");
	q = skip_ws(q);
	if (q[0] != '*' || q[1] != '/')
		return fail_got(r, q, "malformed encoding word", "'*/' closing it");
	*ndig = d;
	*end = q + 2;
	return SIM_OK;
}

/* "/ *0040* / TEXT ; [/ * 0x... * /]": t at the comment. */
static int on_insn_line(struct rd *r, char *t)
{
	char *p = t + 2, *semi, *te, *q;
	uint64_t pc = 0, hi = 0, lo = 0;
	int d = 0, ndig = 0, rc;

	while (hexval((unsigned char)p[d]) >= 0) {
		if (d == 8)
			return fail_got(r, t, "address too long", "at most 8 hex digits, as in /*0040*/");
		pc = pc << 4 | (uint64_t)hexval((unsigned char)p[d]);
		d++;
	}
	p += d;
	if (p[0] != '*' || p[1] != '/')
		return fail_got(r, p, "malformed address", "'*/' closing it, as in /*0040*/");
	p = skip_ws(p + 2);
	if (*p == '.' || r->mode != M_CODE)
		return SIM_OK; /* data (.byte, .word) of nvdisasm, or code not read */
	if (*p == '\0')
		return fail_got(r, p, "missing instruction", "an instruction after the address");
	semi = strchr(p, ';');
	if (!semi)
		return fail_got(r, p + strlen(p), "truncated instruction", "';' ending it");
	te = trim_end(p, semi);
	if (te - p > SASS_MAX_TEXT)
		return fail_at(r, p, "instruction too long (expected at most %d characters, got %d)", SASS_MAX_TEXT, (int)(te - p));
	q = skip_ws(semi + 1);
	if (q[0] == '/' && q[1] == '*') {
		char *end;
		if ((rc = parse_word(r, q, &hi, &lo, &ndig, &end)))
			return rc;
	}
	if (r->cur < 0 && (rc = begin_kernel(r, empty_name, 0)))
		return rc;
	if (pc % SASS_INSN_BYTES)
		return fail_at(r, t, "address 0x%llx not a multiple of 16 (expected 128-bit sm_70+ instructions; pre-Volta listings are not read)",
			       (unsigned long long)pc);
	if (r->nin > r->kfirst) {
		uint64_t prev = r->in[r->nin - 1].pc;
		if (pc != prev + SASS_INSN_BYTES)
			return fail_at(r, t, "%s (expected 0x%04llx after 0x%04llx, got 0x%04llx)",
				       pc <= prev ? "address goes backwards" : "instruction missing: the address skips",
				       (unsigned long long)(prev + SASS_INSN_BYTES), (unsigned long long)prev, (unsigned long long)pc);
	}
	if (r->nin == SASS_MAX_INSNS)
		return fail_at(r, t, "too many instructions (expected at most %d in one listing)", SASS_MAX_INSNS);
	if ((rc = grow(r, (void **)&r->in, &r->capin, r->nin, sizeof *r->in)))
		return rc;
	struct sass_insn *in = &r->in[r->nin];
	memset(in, 0, sizeof *in);
	in->pc = (uint32_t)pc;
	in->line = r->lineno;
	in->text = p;
	*te = '\0'; /* everything after it on the line is read */
	if ((rc = parse_insn(r, in, p)))
		return rc;
	if (ndig == 32) {
		in->enc_hi = hi;
		in->enc_lo = lo;
		decode_ctrl(in);
	} else if (ndig == 16) {
		in->enc_lo = lo;
		r->want_hi = (long)r->nin;
	}
	for (size_t i = r->lab_open; i < r->nlab; i++)
		r->lab[i].pc = (int64_t)pc;
	r->lab_open = r->nlab;
	r->nin++;
	return SIM_OK;
}

/* "/ * 0x000fc4000f8e00ff * /" alone: the high word of the instruction before. */
static int on_word_line(struct rd *r, char *t)
{
	uint64_t hi, lo;
	int ndig, rc;
	char *end;
	if ((rc = parse_word(r, t, &hi, &lo, &ndig, &end)))
		return rc;
	if (ndig != 16)
		return fail_got(r, t, "malformed encoding word", "/* 0x followed by 16 hex digits */ (the high word)");
	if (r->mode != M_CODE)
		return SIM_OK;
	if (r->want_hi < 0)
		return fail_at(r, t, "encoding word without an instruction (expected it on the line after an instruction "
				     "that has its low word; pre-Volta listings, with one control word per three instructions, are not read)");
	struct sass_insn *in = &r->in[r->want_hi];
	in->enc_hi = lo;
	decode_ctrl(in);
	r->want_hi = -1;
	return SIM_OK;
}

/* ---- headers ---- */

/* The architecture of the code that follows (sm_NN). */
static int set_sm(struct rd *r, const char *digits)
{
	int v = 0, d = 0, rc;
	while (isdigit((unsigned char)digits[d]) && d < 4)
		v = v * 10 + (digits[d++] - '0');
	if (d == 0)
		return SIM_OK;
	r->sm = v;
	if (v < 70) {
		/* the function header just read belongs to this code: drop it */
		if (r->cur >= 0 && r->nin == r->kfirst) {
			r->nk--;
			r->cur = -1;
		}
		if ((rc = finish_kernel(r)))
			return rc;
		r->old_sm = v;
		r->mode = M_OLD;
	} else {
		if (r->mode == M_OLD)
			r->mode = M_CODE;
		if (r->cur >= 0 && r->k[r->cur].sm == 0)
			r->k[r->cur].sm = v;
	}
	return SIM_OK;
}

static void enter_code(struct rd *r)
{
	r->mode = r->sm && r->sm < 70 ? M_OLD : M_CODE;
}

/* "NAME:" (a label) at t: NAME of [A-Za-z0-9_.$], not starting with a digit,
 * and nothing but blanks or a comment after the colon. Returns its length. */
static int label_len(const char *t)
{
	int n = 0;
	if (!(isalpha((unsigned char)t[0]) || t[0] == '_' || t[0] == '.' || t[0] == '$'))
		return 0;
	while (is_word((unsigned char)t[n]) || t[n] == '.' || t[n] == '$')
		n++;
	if (t[n] != ':')
		return 0;
	const char *q = t + n + 1;
	while (*q == ' ' || *q == '\t' || *q == '\r')
		q++;
	if (*q && !(q[0] == '/' && q[1] == '/'))
		return 0;
	return n;
}

static int add_label(struct rd *r, const char *name, int len)
{
	int rc;
	if (r->cur < 0 || r->mode != M_CODE || r->in_res)
		return SIM_OK;
	if ((rc = grow(r, (void **)&r->lab, &r->caplab, r->nlab, sizeof *r->lab)))
		return rc;
	struct label *l = &r->lab[r->nlab++];
	l->name = name;
	l->len = len;
	l->pc = -1;
	l->line = r->lineno;
	return SIM_OK;
}

/* "REG:40 STACK:0 SHARED:1024 LOCAL:0 CONSTANT[0]:368 ...". */
static int on_res_values(struct rd *r, char *t)
{
	if (r->res_cur < 0)
		return fail_got(r, t, "resource usage without a function", "a line 'Function NAME:' before it");
	struct res *x = &r->res[r->res_cur];
	char *p = t;
	while (*p) {
		char *key = p, *colon = p, *v;
		while (*colon && *colon != ':' && !isspace((unsigned char)*colon))
			colon++;
		if (*colon != ':' || colon == key)
			return fail_got(r, key, "bad resource usage", "KEY:NUMBER as in REG:40");
		v = colon + 1;
		long val = 0;
		int d = 0;
		while (isdigit((unsigned char)v[d])) {
			if (val > 100000000L)
				return fail_got(r, v, "resource usage out of range", "a number below 10^9");
			val = val * 10 + (v[d] - '0');
			d++;
		}
		if (d == 0 || (v[d] && !isspace((unsigned char)v[d])))
			return fail_got(r, v, "bad resource usage", "KEY:NUMBER as in REG:40");
		size_t kl = (size_t)(colon - key);
		if (kl == 3 && memcmp(key, "REG", 3) == 0) {
			if (val > 255)
				return fail_got(r, v, "registers out of range", "REG:0..255");
			x->regs = (int)val;
		} else if (kl == 5 && memcmp(key, "STACK", 5) == 0) {
			x->stack = (int)val;
		} else if (kl == 6 && memcmp(key, "SHARED", 6) == 0) {
			x->smem = (int)val;
		} else if (kl == 5 && memcmp(key, "LOCAL", 5) == 0) {
			x->local = (int)val;
		} /* CONSTANT[n], TEXTURE, SURFACE, SAMPLER: not needed */
		p = skip_ws(v + d);
	}
	return SIM_OK;
}

static int on_res_function(struct rd *r, char *name, char *end)
{
	int rc;
	end = trim_end(name, end);
	if (end == name)
		return fail_got(r, name, "missing function name", "Function NAME:");
	if (end - name > SASS_MAX_NAME)
		return fail_at(r, name, "function name too long (expected at most %d characters)", SASS_MAX_NAME);
	if ((rc = grow(r, (void **)&r->res, &r->capres, r->nres, sizeof *r->res)))
		return rc;
	struct res *x = &r->res[r->nres];
	x->name = name;
	x->len = (int)(end - name);
	x->sm = r->sm;
	x->line = r->lineno;
	x->regs = x->stack = x->smem = x->local = -1;
	r->res_cur = (long)r->nres++;
	return SIM_OK;
}

/* "Function : NAME" (cuobjdump -sass) or "Function NAME:" (-res-usage). */
static int on_function(struct rd *r, char *t)
{
	char *p = skip_ws(t + 8), *end;
	if (*p == ':') {
		if (r->mode == M_PTX || r->mode == M_OLD)
			return SIM_OK;
		p = skip_ws(p + 1);
		end = trim_end(p, p + strlen(p));
		if (end == p)
			return fail_got(r, p, "missing function name", "Function : NAME");
		r->mode = M_CODE;
		r->in_res = 0;
		cut_later(r, end);
		return begin_kernel(r, p, (size_t)(end - p));
	}
	end = strrchr(p, ':');
	if (!end || trim_end(p, p + strlen(p)) != end + 1)
		return fail_got(r, p, "bad function line", "'Function : NAME' (-sass) or 'Function NAME:' (-res-usage)");
	return on_res_function(r, p, end);
}

/* ".section NAME,..." (nvdisasm). */
static int on_section(struct rd *r, char *t)
{
	char *p = skip_ws(t + 8), *end = p;
	int rc;
	while (*end && *end != ',' && !isspace((unsigned char)*end))
		end++;
	if ((rc = finish_kernel(r)))
		return rc;
	r->in_res = 0;
	if (end - p > 6 && starts(p, ".text.")) {
		enter_code(r);
		if (r->mode != M_CODE)
			return SIM_OK;
		cut_later(r, end);
		return begin_kernel(r, p + 6, (size_t)(end - p - 6));
	}
	if (r->mode != M_OLD)
		r->mode = M_DATA;
	return SIM_OK;
}

/* "/ * 0x": an encoding word alone on its line. */
static int is_word_line(char *t)
{
	char *q;
	if (t[0] != '/' || t[1] != '*')
		return 0;
	q = skip_ws(t + 2);
	return q[0] == '0' && (q[1] == 'x' || q[1] == 'X');
}

/* One line, t at its first non-blank character. */
static int on_line(struct rd *r, char *t)
{
	int n, rc;

	if (t[0] == '/' && t[1] == '*') {
		if (is_word_line(t))
			return on_word_line(r, t);
		if (hexval((unsigned char)t[2]) >= 0)
			return on_insn_line(r, t);
		return SIM_OK; /* another comment */
	}
	if (t[0] == '/' && t[1] == '/')
		return SIM_OK;
	if (starts(t, "###")) {
		char *p = skip_ws(t + 3), *end = trim_end(p, p + strlen(p));
		if ((rc = finish_kernel(r)))
			return rc;
		if (end - p > SASS_MAX_NAME)
			return fail_at(r, p, "section name too long (expected at most %d characters)", SASS_MAX_NAME);
		cut_later(r, end);
		r->section = end > p ? p : NULL;
		r->sm = 0;
		r->mode = M_CODE;
		r->in_res = 0;
		r->res_cur = -1;
		return SIM_OK;
	}
	if (starts(t, "Fatbin ")) {
		if ((rc = finish_kernel(r)))
			return rc;
		r->sm = 0;
		r->in_res = 0;
		r->res_cur = -1;
		r->mode = starts(t, "Fatbin ptx code") ? M_PTX : M_CODE;
		return SIM_OK;
	}
	if (r->mode == M_PTX)
		return SIM_OK;
	if (starts(t, "arch = sm_"))
		return set_sm(r, t + 10);
	if (starts(t, "code for sm_"))
		return set_sm(r, t + 12);
	if (starts(t, "Function") && (t[8] == ' ' || t[8] == '\t' || t[8] == ':'))
		return on_function(r, t);
	if (starts(t, "REG:"))
		return on_res_values(r, t);
	if (starts(t, "Resource usage:")) {
		r->in_res = 1;
		return finish_kernel(r);
	}
	if (starts(t, "..........")) /* cuobjdump: end of a function */
		return finish_kernel(r);
	if (t[0] == '.') {
		if (starts(t, ".section") && isspace((unsigned char)t[8]))
			return on_section(r, t);
		if (starts(t, ".headerflags")) {
			char *f = strstr(t, "EF_CUDA_SM");
			return f ? set_sm(r, f + 10) : SIM_OK;
		}
		if (starts(t, ".sectioninfo")) {
			char *f = strstr(t, "SHI_REGISTERS=");
			if (f && r->cur >= 0 && r->mode == M_CODE) {
				int v = 0, d = 0;
				f += 14;
				while (isdigit((unsigned char)f[d]) && v <= 255)
					v = v * 10 + (f[d++] - '0');
				if (d == 0 || v > 255)
					return fail_got(r, f, "bad register count", "SHI_REGISTERS=0..255");
				r->k[r->cur].regs = v;
			}
			return SIM_OK;
		}
		n = label_len(t);
		if (n > 6 && starts(t, ".text.") && r->mode != M_OLD) {
			/* ".text.NAME:" starts function NAME unless .section just did */
			const char *name = t + 6;
			size_t len = (size_t)n - 6;
			if (r->cur >= 0 && strlen(r->k[r->cur].name) == len && memcmp(r->k[r->cur].name, name, len) == 0)
				return SIM_OK;
			r->mode = M_CODE;
			r->in_res = 0;
			cut_later(r, t + n);
			return begin_kernel(r, name, len);
		}
		return n ? add_label(r, t, n) : SIM_OK; /* other directives: nothing to read */
	}
	n = label_len(t);
	if (n)
		return add_label(r, t, n);
	return SIM_OK; /* headers (arch =, host =, ...), blank-ish lines, text of other tools */
}

/* ---- results ---- */

static int res_cmp(const void *a, const void *b)
{
	const struct res *x = a, *y = b;
	return name_line_cmp(x->name, x->len, x->line, y->name, y->len, y->line);
}

/* Gives each kernel the resources of the last -res-usage record of its
 * name (and architecture, where both are known). */
static void apply_res(struct rd *r)
{
	if (!r->nres)
		return;
	qsort(r->res, r->nres, sizeof *r->res, res_cmp);
	for (size_t i = 0; i < r->nk; i++) {
		struct sass_kernel *k = &r->k[i];
		struct res key = {k->name, (int)strlen(k->name), 0, 0, 0, 0, 0, 0};
		size_t lo = 0, hi = r->nres;
		const struct res *best = NULL;
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			if (res_cmp(&r->res[mid], &key) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (; lo < r->nres && r->res[lo].len == key.len && memcmp(r->res[lo].name, key.name, (size_t)key.len) == 0; lo++)
			if (!k->sm || !r->res[lo].sm || k->sm == r->res[lo].sm)
				best = &r->res[lo];
		if (best) {
			if (best->regs >= 0)
				k->regs = best->regs;
			k->stack = best->stack;
			k->smem = best->smem;
			k->local = best->local;
		}
	}
}

static void rd_free(struct rd *r)
{
	free(r->pool);
	free(r->k);
	free(r->in);
	free(r->op);
	free(r->lab);
	free(r->fix);
	free(r->res);
}

int sass_read(struct sass_listing *out, const char *text, size_t len, const char *fname, struct err *e)
{
	struct rd r;
	char *p, *end;
	int rc = SIM_OK;

	memset(out, 0, sizeof *out);
	memset(&r, 0, sizeof r);
	r.fname = fname;
	r.e = e;
	r.cur = -1;
	r.want_hi = -1;
	r.res_cur = -1;
	if (len && memchr(text, '\0', len))
		return err_set(e, SIM_EINPUT, "%s: binary file (found a NUL byte; expected a cuobjdump -sass or nvdisasm listing)", fname);
	r.pool = malloc(len + 1);
	if (!r.pool)
		return oom(&r);
	if (len)
		memcpy(r.pool, text, len);
	r.pool[len] = '\0';
	end = r.pool + len;
	for (p = r.pool; p < end && rc == SIM_OK;) {
		char *eol = memchr(p, '\n', (size_t)(end - p));
		char *next = eol ? eol + 1 : end, *le = eol ? eol : end, *t;
		*le = '\0';
		r.lineno++;
		r.line = p;
		t = skip_ws(p);
		if (*t && r.want_hi >= 0 && !(t[0] == '/' && t[1] == '/') && !is_word_line(t)) {
			rc = fail_got(&r, t, "instruction without its high word",
				      "a line /* 0x... */ after the instruction with its low word");
			break;
		}
		if (*t)
			rc = on_line(&r, t);
		for (int i = 0; i < r.nnul; i++)
			*r.nul[i] = '\0';
		r.nnul = 0;
		p = next;
		if (r.lineno == UINT32_MAX && p < end)
			rc = fail_at(&r, NULL, "too many lines");
	}
	if (rc == SIM_OK && r.want_hi >= 0)
		rc = err_set(e, SIM_EINPUT, "%s:%u: the listing ends before the high word of the instruction on line %u (expected a line /* 0x... */)",
			     fname, r.lineno, r.in[r.want_hi].line);
	if (rc == SIM_OK)
		rc = finish_kernel(&r);
	if (rc == SIM_OK && r.nin == 0) {
		if (r.old_sm)
			rc = err_set(e, SIM_EINPUT, "%s: no sm_70+ instructions: the listing holds sm_%d code (expected sm_70 or later, "
						 "whose 128-bit instructions carry their control bits)", fname, r.old_sm);
		else
			rc = err_set(e, SIM_EINPUT, "%s: no instructions found (expected a cuobjdump -sass or nvdisasm listing, "
						 "with lines like /*0040*/ IMAD R2, R3, R4, R5 ;)", fname);
	}
	if (rc == SIM_OK) {
		out->fname = strdup(fname);
		if (!out->fname)
			rc = oom(&r);
	}
	if (rc != SIM_OK) {
		free(out->fname);
		out->fname = NULL;
		rd_free(&r);
		return rc;
	}
	apply_res(&r);
	/* kernels' instructions and instructions' operands are consecutive */
	size_t ii = 0, oi = 0;
	for (size_t k = 0; k < r.nk; k++) {
		r.k[k].insn = r.k[k].n ? r.in + ii : NULL;
		ii += (size_t)r.k[k].n;
	}
	SIM_ASSERT(ii == r.nin);
	for (size_t i = 0; i < r.nin; i++) {
		r.in[i].op = r.in[i].nop ? r.op + oi : NULL;
		oi += r.in[i].nop;
	}
	SIM_ASSERT(oi == r.nop);
	out->kernel = r.k;
	out->nkernel = (int)r.nk;
	out->ninsn = (int)r.nin;
	out->pool = r.pool;
	out->insn_all = r.in;
	out->opnd_all = r.op;
	free(r.lab);
	free(r.fix);
	free(r.res);
	return SIM_OK;
}

int sass_read_file(struct sass_listing *out, const char *path, struct err *e)
{
	char *text = NULL;
	size_t len = 0;
	int rc;
	memset(out, 0, sizeof *out);
	if ((rc = fileio_read(path, &text, &len, e)))
		return rc;
	rc = sass_read(out, text, len, path, e);
	free(text);
	return rc;
}

void sass_free(struct sass_listing *l)
{
	if (!l)
		return;
	free(l->kernel);
	free(l->insn_all);
	free(l->opnd_all);
	free(l->pool);
	free(l->fname);
	memset(l, 0, sizeof *l);
}

const char *sass_opnd_text(const struct sass_insn *in, int k, char *buf, size_t n)
{
	size_t len;
	if (n == 0)
		return buf;
	if (k < 0 || k >= in->nop) {
		buf[0] = '\0';
		return buf;
	}
	len = in->op[k].len < n - 1 ? in->op[k].len : n - 1;
	memcpy(buf, in->text + in->op[k].off, len);
	buf[len] = '\0';
	return buf;
}

/* ---- kernel lookup ---- */

/* Appends "NAME (### SECTION, line N)" for k to buf (bounded). */
static void describe(char *buf, size_t n, const struct sass_kernel *k)
{
	size_t u = strlen(buf);
	if (u + 1 >= n)
		return;
	const char *name = k->name[0] ? k->name : "(unnamed)";
	int nl = (int)strlen(name) > 80 ? 77 : (int)strlen(name);
	if (k->section)
		snprintf(buf + u, n - u, "%.*s%s (### %.40s, line %u)", nl, name, nl < (int)strlen(name) ? "..." : "", k->section, k->line);
	else
		snprintf(buf + u, n - u, "%.*s%s (line %u)", nl, name, nl < (int)strlen(name) ? "..." : "", k->line);
}

/* Lists the kernels for which pick[i] (all when pick is NULL), up to what fits. */
static void list_kernels(char *buf, size_t n, const struct sass_listing *l, const char *pick)
{
	int shown = 0, total = 0;
	buf[0] = '\0';
	for (int i = 0; i < l->nkernel; i++) {
		if (pick && !pick[i])
			continue;
		total++;
		if (strlen(buf) + 140 > n)
			continue;
		if (shown++)
			strncat(buf, ", ", n - strlen(buf) - 1);
		describe(buf, n, &l->kernel[i]);
	}
	if (shown < total) {
		size_t u = strlen(buf);
		snprintf(buf + u, n - u, ", and %d more", total - shown);
	}
}

static int match(const struct sass_kernel *k, const char *q, int exact)
{
	const char *slash = strchr(q, '/');
	if (exact) {
		if (strcmp(k->name, q) == 0 || (k->demangled && strcmp(k->demangled, q) == 0) ||
		    (k->section && strcmp(k->section, q) == 0))
			return 1;
	} else if (strstr(k->name, q) || (k->demangled && strstr(k->demangled, q)) || (k->section && strstr(k->section, q))) {
		return 1;
	}
	/* SECTION/NAME */
	if (slash && k->section && strlen(k->section) == (size_t)(slash - q) && strncmp(k->section, q, (size_t)(slash - q)) == 0) {
		const char *rest = slash + 1;
		if (exact)
			return strcmp(k->name, rest) == 0 || (k->demangled && strcmp(k->demangled, rest) == 0);
		return *rest && (strstr(k->name, rest) || (k->demangled && strstr(k->demangled, rest)));
	}
	return 0;
}

const struct sass_kernel *sass_find_kernel(const struct sass_listing *l, const char *name, struct err *e)
{
	char list[760];
	const char *fname = l && l->fname ? l->fname : "listing";
	if (!l || l->nkernel == 0) {
		err_set(e, SIM_EINPUT, "%s: no functions in the listing", fname);
		return NULL;
	}
	if (!name || !*name) {
		if (l->nkernel == 1)
			return &l->kernel[0];
		list_kernels(list, sizeof list, l, NULL);
		err_set(e, SIM_EINPUT, "%s: %d functions in the listing (expected a kernel name naming one of: %s)", fname, l->nkernel, list);
		return NULL;
	}
	char *pick = calloc((size_t)l->nkernel, 1);
	if (!pick) {
		err_set(e, SIM_EINTERNAL, "%s: out of memory", fname);
		return NULL;
	}
	for (int exact = 1; exact >= 0; exact--) {
		int found = 0, last = -1;
		for (int i = 0; i < l->nkernel; i++) {
			pick[i] = (char)match(&l->kernel[i], name, exact);
			if (pick[i]) {
				found++;
				last = i;
			}
		}
		if (found == 1) {
			free(pick);
			return &l->kernel[last];
		}
		if (found > 1) {
			list_kernels(list, sizeof list, l, pick);
			err_set(e, SIM_EINPUT, "%s: kernel name \"%.80s\" is ambiguous: %d functions match (expected one; give more of the name, "
					       "the whole mangled name or SECTION/NAME): %s", fname, name, found, list);
			free(pick);
			return NULL;
		}
	}
	free(pick);
	list_kernels(list, sizeof list, l, NULL);
	err_set(e, SIM_EINPUT, "%s: no function matches \"%.80s\" (expected a name, part of one or a section; the listing has: %s)", fname, name, list);
	return NULL;
}
