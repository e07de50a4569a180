/*
 * import.c: one kernel of a SASS listing as an smsim program (import.h).
 *
 * The listing has already been read (sass.c); this file decides structure
 * and memory. Loops are the backward branches, IFs the forward ones, both
 * checked to nest; every instruction keeps its own text (the program
 * language reads SASS operands), its control bits and its guard, and ends
 * with the original as a comment. O(n + loops * depth) in the kernel's
 * instructions. Its room laneaddr.c (#included below) reads the lanes of
 * shared-memory accesses from the address arithmetic.
 */
#define IMPORT_C /* its rooms (laneaddr.c, uniflow.c) are compiled here */
#define IMPORT_MAX_PARAMS 64 /* a kernel's parameters uniflow.c lays out */
#include "import.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "isa.h"

#define IMPORT_LOCAL_FOOTPRINT "64K" /* local memory: a small per-thread stack, L1-resident */

static int parse_pc(const char *s, const char *end, uint32_t *pc)
{
	const char *p = s;
	unsigned long v;
	char *q;
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
		p += 2;
	if (p >= end || !isxdigit((unsigned char)*p))
		return -1;
	errno = 0;
	v = strtoul(p, &q, 16);
	if (q != end || errno || v > 0xffffffffUL)
		return -1;
	*pc = (uint32_t)v;
	return 0;
}

static struct import_rule *new_rule(struct import_rule *r, int *n, const char *flag, struct err *e)
{
	if (*n == IMPORT_MAX_RULES) {
		err_set(e, SIM_EINPUT, "%s: too many rules (expected at most %d)", flag, IMPORT_MAX_RULES);
		return NULL;
	}
	memset(&r[*n], 0, sizeof r[*n]);
	return &r[(*n)++];
}

int import_opt(struct import_opts *o, const char *flag, const char *value, struct err *e)
{
	const char *eq = strchr(value, '=');
	char *end;
	struct import_rule *r;

	if (strcmp(flag, "--trips") == 0) {
		const char *num = eq ? eq + 1 : value;
		unsigned long long v, k = 0;
		long m = 0, g = 0;
		errno = 0;
		v = strtoull(num, &end, 10);
		if (eq && *end == ',' && !errno && strncmp(end + 1, "grow=", 5) == 0) {
			/* N,grow=G: N + G t trips at the enclosing loop's trip t */
			const char *d = end + 6;
			g = strtol(d, &end, 10);
			if (end == d || *end || errno || g == 0 || g < -1000000000L || g > 1000000000L)
				return err_set(e, SIM_EINPUT, "--trips: expected PC=N,grow=G with G a non-zero whole number of trips "
					       "(-1000000000 to 1000000000; 0x2c0=1,grow=1: 1, 2, 3 ... trips at the enclosing loop's "
					       "trips 0, 1, 2 ...), got \"%.40s\"", value);
		} else if (eq && *end == ',' && !errno) {
			/* N,w0:M=K: the warps below M run K trips, the others N */
			const char *w = end + 1, *d = w + 3;
			if (strncmp(w, "w0:", 3) != 0 || !isdigit((unsigned char)*d))
				return err_set(e, SIM_EINPUT, "--trips: expected PC=N,w0:M=K (the warps below M run K trips, the others N; "
					       "0x2c0=2,w0:1=8), got \"%.40s\"", value);
			m = strtol(d, &end, 10);
			if (*end != '=' || errno || m < 1 || m > 31 || !isdigit((unsigned char)end[1]))
				return err_set(e, SIM_EINPUT, "--trips: expected PC=N,w0:M=K with M 1 to 31, got \"%.40s\"", value);
			d = end + 1;
			k = strtoull(d, &end, 10);
			if (*end || errno || k == 0 || k > 1000000000ULL)
				return err_set(e, SIM_EINPUT, "--trips: expected PC=N,w0:M=K with K a trip count 1 to 1000000000, got "
					       "\"%.40s\"", value);
		}
		if (!isdigit((unsigned char)*num) || *end || errno || v == 0 || v > 1000000000ULL)
			return err_set(e, SIM_EINPUT, "--trips: expected N or PC=N with N a trip count 1 to 1000000000, got \"%.40s\"",
				       value);
		if (!eq) {
			o->trips_all = v;
			return SIM_OK;
		}
		if (!(r = new_rule(o->trips, &o->ntrips, flag, e)))
			return SIM_EINPUT;
		if (parse_pc(value, eq, &r->pc))
			return err_set(e, SIM_EINPUT, "--trips: expected PC=N with PC in hex (0x90), got \"%.40s\"", value);
		r->by_pc = 1;
		r->value = (double)v;
		r->warps = (int)m;
		r->low = k;
		r->grow = g;
		return SIM_OK;
	}
	if (strcmp(flag, "--taken") == 0) {
		double f;
		if (!eq)
			return err_set(e, SIM_EINPUT, "--taken: expected PC=FRACTION (0x1a0=0.5), got \"%.40s\"", value);
		long nw = 0;
		errno = 0;
		int below = 0;
		if (eq[1] == 'w') {
			/* wN: every warp from N on takes it, warps 0..N-1 run the region;
			 * w0:N: the warps below N take it, the warps from N on run it */
			const char *d = eq + 2;
			nw = strtol(d, &end, 10);
			if (isdigit((unsigned char)*d) && *end == ':' && nw == 0 && !errno) {
				below = 1;
				d = end + 1;
				nw = strtol(d, &end, 10);
			}
			if (!isdigit((unsigned char)*d) || *end || errno || nw < 1 || nw > 31)
				return err_set(e, SIM_EINPUT, "--taken: expected wN or w0:N after '=' with N 1 to 31 (0x1a0=w1: every warp "
					       "but warp 0 takes it, warp 0 runs the region; 0x1a0=w0:1: warp 0 alone takes it), got \"%.40s\"",
					       value);
			f = 0.0;
		} else {
			f = strtod(eq + 1, &end);
			if (end == eq + 1 || *end || !(f >= 0.0 && f <= 1.0))
				return err_set(e, SIM_EINPUT, "--taken: expected a fraction of lanes 0 to 1, wN or w0:N after '=', got \"%.40s\"",
					       value);
		}
		if (!(r = new_rule(o->taken, &o->ntaken, flag, e)))
			return SIM_EINPUT;
		if (parse_pc(value, eq, &r->pc))
			return err_set(e, SIM_EINPUT, "--taken: expected PC=FRACTION with PC in hex (0x1a0), got \"%.40s\"", value);
		r->by_pc = 1;
		r->value = f;
		r->warps = (int)nw;
		r->below = below;
		return SIM_OK;
	}
	if (strcmp(flag, "--mem") == 0) {
		if (!eq || eq == value || !eq[1])
			return err_set(e, SIM_EINPUT, "--mem: expected PC=ATTRS or OPCODE=ATTRS (0x1a0=pattern=chase,footprint=1G), got \"%.40s\"",
				       value);
		if (!(r = new_rule(o->mem, &o->nmem, flag, e)))
			return SIM_EINPUT;
		char *attrs = o->mem_attrs[r - o->mem];
		if (strlen(eq + 1) >= IMPORT_ATTRS_LEN)
			return err_set(e, SIM_EINPUT, "--mem: attributes too long (expected at most %d characters), got \"%.40s...\"",
				       IMPORT_ATTRS_LEN - 1, eq + 1);
		if (isalpha((unsigned char)value[0]) && !(value[0] == '0' && value[1] == 'x')) {
			const char *dot = memchr(value, '.', (size_t)(eq - value));
			int len = (int)((dot ? dot : eq) - value);
			int op = isa_find_op(value, len);
			if (op < 0 || len >= (int)sizeof r->opcode)
				return err_set(e, SIM_EINPUT, "--mem: expected a PC in hex or a memory opcode (LDG, STG, LDS, LDL, ...) before '=', got \"%.*s\"",
					       len > 40 ? 40 : len, value);
			if (dot) {
				/* OPCODE.MODS: the instructions of exactly these modifiers (LDS.128, LDG.E.64) */
				int ml = (int)(eq - dot - 1);
				if (ml < 1 || ml >= (int)sizeof r->mods)
					return err_set(e, SIM_EINPUT, "--mem: expected OPCODE.MODIFIERS of 1 to %zu characters after the dot (LDS.128=...), got \"%.*s\"",
						       sizeof r->mods - 1, (int)(eq - value) > 40 ? 40 : (int)(eq - value), value);
				memcpy(r->mods, dot + 1, (size_t)ml);
				r->mods[ml] = '\0';
			}
			if (isa_ops[op].space == SPACE_NONE && op != OP_ULDC)
				return err_set(e, SIM_EINPUT, "--mem: %s is not a memory opcode (expected LDG, STG, LDS, STS, LDL, STL, LDC, ULDC, ATOMG, RED, ...)",
					       isa_ops[op].name);
			memcpy(r->opcode, isa_ops[op].name, strlen(isa_ops[op].name) + 1);
		} else {
			if (parse_pc(value, eq, &r->pc))
				return err_set(e, SIM_EINPUT, "--mem: expected a PC in hex or a memory opcode before '=', got \"%.*s\"",
					       (int)(eq - value) > 40 ? 40 : (int)(eq - value), value);
			r->by_pc = 1;
		}
		snprintf(attrs, IMPORT_ATTRS_LEN, "%s", eq + 1);
		for (char *c = attrs; *c; c++)
			if (*c == ',')
				*c = ' ';
		return SIM_OK;
	}
	if (strcmp(flag, "--off") == 0) {
		/* PC[,PC...]: each a guarded instruction whose guard is false in every
		 * lane for the launch's data (a bounds check that never fails) */
		const char *p = value;
		do {
			const char *c = strchr(p, ',');
			const char *q = c ? c : p + strlen(p);
			if (!(r = new_rule(o->off, &o->noff, flag, e)))
				return SIM_EINPUT;
			if (q == p || parse_pc(p, q, &r->pc))
				return err_set(e, SIM_EINPUT, "--off: expected PC[,PC...], instruction addresses in hex (0x1d0,0x1e0), got \"%.40s\"",
					       value);
			r->by_pc = 1;
			p = c ? c + 1 : q;
		} while (*p || p[-1] == ',');
		return SIM_OK;
	}
	if (strcmp(flag, "--arg") == 0 || strcmp(flag, "--const") == 0) {
		/* --arg N=V: the kernel's parameter N (from 1) is V; --const 0xOFF=V: the
		 * 32-bit word c[0x0][OFF] is V (uniflow.c reads the control flow they decide) */
		int isarg = flag[2] == 'a';
		if (o->nargs == IMPORT_MAX_RULES)
			return err_set(e, SIM_EINPUT, "%s: too many (expected at most %d --arg and --const)", flag, IMPORT_MAX_RULES);
		struct import_arg *a = &o->args[o->nargs];
		memset(a, 0, sizeof *a);
		if (!eq || !eq[1] || strlen(eq + 1) >= sizeof a->text)
			return err_set(e, SIM_EINPUT, "%s: expected %s=VALUE with VALUE a number of at most %zu characters, got \"%.40s\"", flag,
				       isarg ? "N" : "0xOFF", sizeof a->text - 1, value);
		if (isarg) {
			errno = 0;
			long k = strtol(value, &end, 10);
			if (!isdigit((unsigned char)value[0]) || end != eq || errno || k < 1 || k > IMPORT_MAX_PARAMS)
				return err_set(e, SIM_EINPUT, "--arg: expected N=VALUE with N the parameter's place in the kernel's signature, "
					       "1 to %d (--arg 3=1000: the third parameter is 1000), got \"%.40s\"", IMPORT_MAX_PARAMS, value);
			a->index = (int)k;
		} else {
			if (parse_pc(value, eq, &a->off) || a->off % 4 || a->off >= 0x10000)
				return err_set(e, SIM_EINPUT, "--const: expected 0xOFF=VALUE with OFF the byte offset in hex of a 32-bit word "
					       "of constant bank 0, a multiple of 4 below 0x10000 (0x220=1000: c[0x0][0x220]), got \"%.40s\"", value);
		}
		/* a whole number (decimal or 0x hex, a sign allowed) or a float; its fit to the
		 * parameter's type is checked once the kernel is known (uniflow.c's arg_bits) */
		char *e1, *e2;
		errno = 0;
		(void)strtoll(eq + 1, &e1, 0);
		int ok = !*e1 && !errno;
		errno = 0;
		(void)strtoull(eq + 1, &e1, 0);
		ok |= !*e1 && !errno && eq[1] != '-';
		errno = 0;
		(void)strtod(eq + 1, &e2);
		ok |= !*e2 && !errno && e2 != eq + 1 && !isspace((unsigned char)eq[1]);
		if (!ok || isspace((unsigned char)eq[1]))
			return err_set(e, SIM_EINPUT, "%s: expected a number after '=' (a whole number, decimal or 0x hex, or a float), got \"%.40s\"",
				       flag, eq + 1);
		snprintf(a->text, sizeof a->text, "%s", eq + 1);
		o->nargs++;
		return SIM_OK;
	}
	if (strcmp(flag, "--span") == 0) {
		const char *colon = strchr(value, ':');
		static const char what[] = "--span: expected FROM:TO, two instruction addresses in hex (0x50:0x1f0), got \"%.40s\"";
		if (!colon || parse_pc(value, colon, &o->span[0]) || parse_pc(colon + 1, colon + 1 + strlen(colon + 1), &o->span[1]))
			return err_set(e, SIM_EINPUT, what, value);
		if (o->span[0] % 16 || o->span[1] % 16)
			return err_set(e, SIM_EINPUT, "--span: expected instruction addresses, multiples of 16, got \"%.40s\"", value);
		o->has_span = 1;
		return SIM_OK;
	}
	return err_set(e, SIM_EINPUT, "import: unknown option %s (expected --trips, --taken, --mem, --off, --span, --arg or --const)", flag);
}

/* The rule for instruction in, by pc first, then by opcode. */
static struct import_rule *find_rule(struct import_rule *r, int n, const struct sass_insn *in)
{
	for (int i = 0; i < n; i++)
		if (r[i].by_pc && r[i].pc == in->pc)
			return &r[i];
	for (int i = 0; i < n; i++) /* OPCODE.MODS before OPCODE */
		if (!r[i].by_pc && r[i].mods[0] && strcasecmp(r[i].opcode, in->opcode) == 0 && strcasecmp(r[i].mods, in->mods) == 0)
			return &r[i];
	for (int i = 0; i < n; i++)
		if (!r[i].by_pc && !r[i].mods[0] && strcasecmp(r[i].opcode, in->opcode) == 0)
			return &r[i];
	return NULL;
}

enum br_kind { BR_NONE, BR_LOOP, BR_IF, BR_JUMP, BR_OUT, BR_FALL };

struct br {
	uint8_t kind;     /* enum br_kind */
	int to;           /* BR_LOOP: the head; BR_IF: ELSE index or end; the IF's end with an ELSE */
	int end;          /* BR_IF: ENDIF index */
	int has_else;
	double taken;     /* BR_IF: the fraction of lanes taking it (1: unconditional) */
	const char *why;  /* BR_IF: where that fraction came from, for the comment */
	int thread0;      /* BR_IF: taken by every thread but thread 0 (tid0_preds): IF warp<1 */
	int warps;        /* BR_IF: taken by the threads from 32 N on (the bound and warp idioms): IF warp<N */
	int below;        /* BR_IF, warps: taken by the threads below 32 N instead (--taken PC=w0:N): IF warp>=N */
};

struct frame {
	int kind;         /* BR_LOOP, BR_IF */
	int at;           /* the instruction that opened it */
	int mid, end;     /* BR_IF: ELSE (or -1) and ENDIF indices; BR_LOOP: end = the back edge */
	double first;     /* BR_IF: the fraction of lanes on the first path */
	int in_else;      /* BR_IF: past its ELSE */
	int thread0;      /* BR_IF: thread 0's region (IF warp<1): its memory instructions have one lane */
};

/* Whether the code at the top of the stack is thread 0's alone: the first
 * path of an IF warp<1 that every thread but thread 0 skips, here or in an
 * enclosing IF. */
static int tid0_region(const struct frame *stack, int sp)
{
	for (int s = 0; s < sp; s++)
		if (stack[s].kind == BR_IF && stack[s].thread0 && !stack[s].in_else)
			return 1;
	return 0;
}

/* Whether no lane runs the code at the top of the stack: an IF path that
 * no lane takes, here or in an enclosing IF. */
static int dead_code(const struct frame *stack, int sp)
{
	for (int s = 0; s < sp; s++)
		if (stack[s].kind == BR_IF && ((!stack[s].in_else && stack[s].first == 0.0) || (stack[s].in_else && stack[s].first == 1.0)))
			return 1;
	return 0;
}

/* Bytes per lane of a memory instruction, by its modifiers. */
static int mem_width(const struct sass_insn *in)
{
	char buf[sizeof in->mods + 2];
	snprintf(buf, sizeof buf, ".%s.", in->mods);
	if (strstr(buf, ".128."))
		return 16;
	if (strstr(buf, ".64."))
		return 8;
	if (strstr(buf, ".U8.") || strstr(buf, ".S8."))
		return 1;
	if (strstr(buf, ".U16.") || strstr(buf, ".S16."))
		return 2;
	return 4;
}

/* Memory attributes in program syntax for in, into buf; lanes: its lanes'
 * byte offsets as the listing computes them (laneaddr.c), or NULL. */
static int mem_attrs(const struct sass_insn *in, int op, struct import_opts *o, const char *fname, const uint32_t *lanes,
		     char *buf, size_t n, struct err *e)
{
	struct import_rule *r = find_rule(o->mem, o->nmem, in);
	int width = mem_width(in);
	const char *def;
	size_t len = 0;

	buf[0] = '\0';
	if (width < 4)
		len += (size_t)snprintf(buf, n, " width=%d", width);
	/* a rule of nothing but caddr= (the line a register-indexed LDC reads)
	 * keeps the defaults: the attribute is added to them below */
	int caddr_only = r && strncasecmp(o->mem_attrs[r - o->mem], "caddr=", 6) == 0 && !strchr(o->mem_attrs[r - o->mem], ' ');
	if (!r || caddr_only) {
		switch (isa_ops[op].space) {
		case SPACE_GLOBAL:
			def = op == OP_ATOMG || op == OP_ATOM || op == OP_RED ? " footprint=1M" : " pattern=stream";
			break;
		case SPACE_LOCAL:
			def = " footprint=" IMPORT_LOCAL_FOOTPRINT;
			break;
		case SPACE_CONST:
			def = " pattern=uniform footprint=" IMPORT_LOCAL_FOOTPRINT;
			break;
		default:
			def = "";
		}
		len += (size_t)snprintf(buf + len, n - len, "%s", def);
		if (caddr_only) {
			r->used = 1;
			len += (size_t)snprintf(buf + len, len < n ? n - len : 0, " %s", o->mem_attrs[r - o->mem]);
			return SIM_OK;
		}
		/* shared memory: the lanes the listing gives, unless a word a lane one after another (the default) */
		int seq = 1, k = 1;
		for (int l = 0; lanes && l < 32; l++)
			seq &= lanes[l] - lanes[0] == (uint32_t)(l * width);
		if (!lanes || seq)
			return SIM_OK;
		while (k < 32) { /* the shortest period: lane i at O[i % k] */
			int same = 1;
			for (int l = k; l < 32 && same; l++)
				same = lanes[l] == lanes[l % k];
			if (same)
				break;
			k *= 2;
		}
		for (int l = 0; l < k && len < n; l++)
			len += (size_t)snprintf(buf + len, n - len, "%s%u", l ? ":" : " offsets=", lanes[l]);
		return SIM_OK;
	}
	r->used = 1;
	/* the rule's attributes, with bytes=B (distinct bytes a warp access touches) as lanes */
	char tmp[IMPORT_ATTRS_LEN];
	snprintf(tmp, sizeof tmp, "%s", o->mem_attrs[r - o->mem]);
	for (char *tok = strtok(tmp, " "); tok; tok = strtok(NULL, " ")) {
		if (strncasecmp(tok, "bytes=", 6) == 0) {
			char *end;
			long b = strtol(tok + 6, &end, 10);
			if (*end || b < width || b > 32L * width || b % width)
				return err_set(e, SIM_EINPUT, "%s:%u: --mem bytes=%s for %s at PC 0x%04x: expected a multiple of its %d-byte width up to %d",
					       fname, in->line, tok + 6, in->opcode, in->pc, width, 32 * width);
			len += (size_t)snprintf(buf + len, len < n ? n - len : 0, " lanes=%ld", b / width);
		} else {
			len += (size_t)snprintf(buf + len, len < n ? n - len : 0, " %s", tok);
		}
	}
	return SIM_OK;
}

static void ctl_text(const struct sass_insn *in, char *buf, size_t n)
{
	char w[7];
	for (int k = 0; k < 6; k++)
		w[k] = (char)(in->ctrl.wait >> k & 1 ? '0' + k : '-');
	w[6] = '\0';
	snprintf(buf, n, "[B%s:R%c:W%c:%c:S%02d] ", w, in->ctrl.rbar < 6 ? '0' + in->ctrl.rbar : '-',
		 in->ctrl.wbar < 6 ? '0' + in->ctrl.wbar : '-', in->ctrl.yield ? 'Y' : '-', in->ctrl.stall);
}

/* The guard as the program writes it ("@!P0 "), or "". */
static void guard_text(const struct sass_insn *in, char *buf, size_t n)
{
	if (in->pred < 0)
		buf[0] = '\0';
	else if (in->pred == 7)
		snprintf(buf, n, "@%s%sPT ", in->pred_neg ? "!" : "", in->pred_uniform ? "U" : "");
	else
		snprintf(buf, n, "@%s%sP%d ", in->pred_neg ? "!" : "", in->pred_uniform ? "U" : "", in->pred);
}

/* The instruction text without its guard. */
static const char *body_text(const struct sass_insn *in)
{
	const char *t = in->text;
	if (*t == '@') {
		while (*t && !isspace((unsigned char)*t))
			t++;
		while (isspace((unsigned char)*t))
			t++;
	}
	return t;
}

static int is_branch(const struct sass_insn *in)
{
	return strcmp(in->opcode, "BRA") == 0;
}

static int is_exit_all(const struct sass_insn *in)
{
	return strcmp(in->opcode, "EXIT") == 0 && (in->pred < 0 || (in->pred == 7 && !in->pred_neg));
}

/*
 * Latency-draw groups (attributes group=G, near=G): a global load whose
 * address is the same base register as earlier loads', unchanged since
 * and in the same straight run of code, with a byte offset less than
 * IMPORT_NEAR_BYTES from one of theirs, reads lines next to theirs (a run
 * of neighbouring lines): it takes the group's latency draw and its lines
 * return behind the group's. On the H200 one warp's 2 and 4 adjacent
 * lines issued together cost 15 and 60 cycles a step more than one line,
 * where independent draws would cost 81 and 165, while two single lines
 * 1 KB apart already cost 64 of 85 and lines 16 KB to 264 KB apart 75 to
 * 90 (tests/data/h200/mech/latd: mech_latseq, mech_latprox, mech_latfar).
 * tag[i] for instruction i of [0, end]: G (1..ISA_NEAR_GROUPS) for a
 * group's first load with followers, -G for a follower, 0 otherwise; the
 * groups take G in turn.
 */
#define IMPORT_NEAR_BYTES 1024
#define NEAR_OPEN 8 /* groups open at once */

/* Registers instruction x (opcode op, -1 unknown) writes from its first
 * operand: returns the count (0 for none) and sets *first. */
/* The registers x's first destination spans, by its modifiers (4 for
 * .128, 2 for .64, .WIDE, a .64 register or CS2R without .32, else 1) */
static int dest_width(const struct sass_insn *x)
{
	char buf[sizeof x->mods + 2];
	snprintf(buf, sizeof buf, ".%s.", x->mods);
	return strstr(buf, ".128.") ? 4
	       : strstr(buf, ".64.") || strstr(buf, ".WIDE.") || (x->nop > 0 && x->op[0].wide) ||
			 (!strcmp(x->opcode, "CS2R") && !strstr(buf, ".32.")) /* 64 bits unless .32 */
		   ? 2
		   : 1;
}

static int written_regs(const struct sass_insn *x, int op, int *first)
{
	/* LOP3.LUT Pk, Rd, ... and SHFL Pk, Rd, ... write a predicate, then Rd
	 * (FCHK Pk, Ra, ... and the compares read the registers after theirs) */
	int o = x->nop > 1 && x->op[0].kind == SASS_PRED && (!strcmp(x->opcode, "LOP3") || !strcmp(x->opcode, "SHFL"));
	if (x->nop <= o || x->op[o].kind != SASS_REG || x->op[o].num == SASS_RZ)
		return 0;
	if (op >= 0 && isa_ops[op].space != SPACE_NONE && !isa_ops[op].is_load)
		return 0; /* a store's first operand is its address */
	*first = x->op[o].num;
	return dest_width(x);
}

static void near_groups(const struct sass_insn *in, int end, int *tag)
{
	struct {
		int lead;          /* the group's first load */
		int base, ubase;   /* its address registers (SASS_NONE: none) */
		int64_t lo, hi;    /* the lowest and highest byte offset of its loads */
	} open[NEAR_OPEN];
	int nopen = 0, next = 0;
	char *target = calloc((size_t)end + 1, 1);
	int *lead = calloc((size_t)end + 1, sizeof *lead);
	if (!target || !lead) {
		free(target);
		free(lead);
		return; /* no groups: every load draws its own latency */
	}
	for (int i = 0; i <= end; i++)
		if (is_branch(&in[i]) && in[i].target >= (int64_t)in[0].pc) {
			int64_t t = (in[i].target - (int64_t)in[0].pc) / SASS_INSN_BYTES;
			if (t <= end)
				target[t] = 1;
		}
	for (int i = 0; i <= end; i++) {
		const struct sass_insn *x = &in[i];
		lead[i] = -1;
		if (target[i])
			nopen = 0; /* a branch lands here: a new straight run */
		int op = isa_find_op(x->opcode, (int)strlen(x->opcode));
		if (op >= 0 && isa_l1_load(op) && isa_ops[op].space == SPACE_GLOBAL) {
			const struct sass_opnd *m = NULL;
			for (int q = 0; q < x->nop && !m; q++)
				if (x->op[q].kind == SASS_MEM)
					m = &x->op[q];
			if (m) {
				int g = -1;
				for (int j = 0; j < nopen && g < 0; j++)
					if (open[j].base == m->num && open[j].ubase == m->unum && m->ival > open[j].lo - IMPORT_NEAR_BYTES &&
					    m->ival < open[j].hi + IMPORT_NEAR_BYTES)
						g = j;
				if (g >= 0) {
					lead[i] = open[g].lead;
					open[g].lo = m->ival < open[g].lo ? m->ival : open[g].lo;
					open[g].hi = m->ival > open[g].hi ? m->ival : open[g].hi;
				} else {
					if (nopen == NEAR_OPEN)
						memmove(open, open + 1, sizeof open[0] * (NEAR_OPEN - 1)), nopen--;
					open[nopen].lead = i;
					open[nopen].base = m->num;
					open[nopen].ubase = m->unum;
					open[nopen].lo = open[nopen].hi = m->ival;
					nopen++;
				}
			}
		}
		/* a write to a group's base register closes the group */
		int d, nd = written_regs(x, op, &d);
		for (int j = 0; j < nopen && nd > 0; j++) {
			int b = open[j].base, bw = 2; /* a 64-bit address: the base and the next */
			if (b != SASS_RZ && b < d + nd && d < b + bw) {
				memmove(open + j, open + j + 1, sizeof open[0] * (size_t)(nopen - j - 1));
				nopen--;
				j--;
			}
		}
		if (is_branch(x))
			nopen = 0;
	}
	for (int i = 0; i <= end; i++) {
		tag[i] = 0;
		if (lead[i] >= 0) {
			if (tag[lead[i]] == 0)
				tag[lead[i]] = 1 + next++ % ISA_NEAR_GROUPS;
			tag[i] = -tag[lead[i]];
		}
	}
	free(target);
	free(lead);
}

/* The first instruction of the loop whose back edge is instruction j (a
 * branch to itself or above it), -1 when j is not a back edge. */
static int loop_head(const struct sass_insn *in, int j)
{
	if (!is_branch(&in[j]) || in[j].target < (int64_t)in[0].pc || in[j].target > (int64_t)in[j].pc)
		return -1;
	return (int)((in[j].target - (int64_t)in[0].pc) / SASS_INSN_BYTES);
}

/* The predicates instruction x writes, by bit (P0..P6): its first operands
 * up to the first source that is not a predicate (IADD3 R8, P5, ...: a
 * carry out). */
static unsigned pred_writes(const struct sass_insn *x)
{
	unsigned m = 0;
	for (int q = 0; q < x->nop && (q == 0 || x->op[q].kind == SASS_PRED); q++)
		if (x->op[q].kind == SASS_PRED && x->op[q].num < SASS_PT)
			m |= 1u << x->op[q].num;
	return m;
}

/* Each predicate's first write in the loop t0..j, in listing order, into
 * first[] (j + 1: none). */
static void loop_first_writes(const struct sass_insn *in, int t0, int j, int *first)
{
	for (int k = 0; k < SASS_PT; k++)
		first[k] = j + 1;
	for (int i = j; i >= t0; i--)
		for (unsigned m = pred_writes(&in[i]); m; m &= m - 1)
			first[__builtin_ctz(m)] = i;
}

/* ISETP.CMP[.U32].AND Pk, PT, Ra, b, PT, unguarded (Pk not PT, Ra a register
 * without - or ~): the compare the idioms read (the thread-0, bound and warp
 * idioms' tid tests, the counted-loop idiom's bound); CMP is mods[0..1] */
static int isetp_idiom(const struct sass_insn *x)
{
	const char *m = x->mods;
	return strcmp(x->opcode, "ISETP") == 0 && x->nop == 5 && x->op[0].kind == SASS_PRED && x->op[0].num < SASS_PT &&
	       x->op[1].kind == SASS_PRED && x->op[1].num == SASS_PT && x->op[4].kind == SASS_PRED &&
	       x->op[4].num == SASS_PT && !x->op[4].lnot && x->pred < 0 && x->op[2].kind == SASS_REG && !x->op[2].neg &&
	       !x->op[2].bnot && strlen(m) > 2 && (!strcmp(m + 2, ".AND") || !strcmp(m + 2, ".U32.AND"));
}

/*
 * The thread-0 idiom. `if (threadIdx.x == 0)` compiles to S2R Rt, SR_TID.X
 * and ISETP.NE.AND Pk, PT, Rt, RZ, PT (Pk: the thread is not thread 0),
 * then guards @!Pk on what thread 0 alone does and @Pk EXIT where every
 * other thread leaves (a block's result or its timing record written by
 * thread 0). Imported without it, those stores would be every lane's of
 * every warp. The lane-0 idiom, `if ((threadIdx.x & 31) == 0)` (a warp's
 * result written by its lane 0), compiles to LOP3.LUT Pk, RZ, Rt, 0x1f, RZ,
 * 0xc0, !PT (Pk: the thread is not its warp's lane 0), or, where ptxas
 * keeps the lane's index for later, LOP3.LUT Pk, Rl, Rt, 0x1f, RZ, 0xc0, !PT
 * or LOP3.LUT Rl, Rt, 0x1f, RZ, 0xc0, !PT and then ISETP.NE/EQ.AND Pk, PT,
 * Rl, RZ, PT (round 52: cf_warp's and cc_warp's per-warp stamps). Fills
 * tz[i], for instruction i of [0, end], with the predicates that hold such a
 * test there, in listing order: bit k when Pk is "not thread 0" (ISETP.NE),
 * bit 8 + k when it is "thread 0" (ISETP.EQ), bit 16 + k when it is "not
 * lane 0" (the LOP3, or ISETP.NE of the lane), bit 24 + k when it is "lane
 * 0" (ISETP.EQ of the lane), of a register last written by S2R SR_TID.X. Any other
 * write of Pk (a destination: the first operands up to the first source
 * that is not a predicate) ends it; inside a loop that writes Pk anywhere,
 * Pk is not known (the back edge may bring the other value).
 */
#define TZ_NE 0
#define TZ_EQ 8
#define TZ_LANE 16
#define TZ_LANE0 24
#define TZ_ALL(k) (0x01010101u << (k))
/*
 * And the bound idiom (round 23), `if (threadIdx.x < N)` (a stencil's halo
 * loads, a block's bins written by its first 256 threads): ISETP.GT, GE, LT
 * or LE (.U32 too) .AND Pk, PT, Rt, imm, PT of such a register. tn[i] is N
 * when instruction i's guard selects the block's first N threads (tid < N),
 * -N when it selects the others (tid >= N), else 0.
 *
 * And the warp idiom (round 29), `if (warp == 0)` with warp = threadIdx.x >>
 * 5 (a block scan's second level, a reduction's last warp): SHF.R.U32.HI Rw,
 * RZ, 0x5, Rt of such a register, then ISETP.NE/EQ Pk, PT, Rw, RZ or
 * ISETP.GT/GE/LT/LE Pk, PT, Rw, imm: the same bounds in threads (warp != 0
 * is tid >= 32).
 */
static void tid0_preds(const struct sass_insn *in, int end, uint32_t *tz, int32_t *tn)
{
	unsigned char tid[256] = {0}; /* the register's latest write, in listing order, is S2R SR_TID.X */
	unsigned char wid[256] = {0}; /* ... is SHF.R.U32.HI of such a register by 5: the warp's index */
	unsigned char lid[256] = {0}; /* ... is LOP3.LUT of such a register and 0x1f: the lane's index */
	uint32_t cur = 0;
	int64_t bound[SASS_PT] = {0}; /* Pk holds tid < N (N > 0) or tid >= -N (N < 0); 0: not known */
	for (int i = 0; i <= end; i++) {
		const struct sass_insn *x = &in[i];
		char t[48];
		int op = isa_find_op(x->opcode, (int)strlen(x->opcode)), d = 0, nd = written_regs(x, op, &d);
		tz[i] = cur;
		tn[i] = 0;
		if (x->pred >= 0 && x->pred < SASS_PT && !x->pred_uniform) {
			int64_t b = x->pred_neg ? -bound[x->pred] : bound[x->pred];
			tn[i] = (int32_t)(b >= -1024 && b <= 1024 ? b : 0);
		}
		for (unsigned m = pred_writes(x); m; m &= m - 1) {
			cur &= ~TZ_ALL(__builtin_ctz(m));
			bound[__builtin_ctz(m)] = 0;
		}
		const char *m = x->mods;
		if (isetp_idiom(x)) {
			int k = x->op[0].num;
			if (x->op[3].kind == SASS_REG && !x->op[3].neg && !x->op[3].bnot) {
				/* Pk = tid != 0 (NE) or tid == 0 (EQ), RZ either side */
				int a = x->op[2].num, b = x->op[3].num, reg = a == SASS_RZ ? b : b == SASS_RZ ? a : -1;
				int ne = !strncmp(m, "NE", 2), eq = !strncmp(m, "EQ", 2);
				if (reg >= 0 && reg != SASS_RZ && (ne || eq) && tid[reg])
					cur |= 1u << (k + (eq ? TZ_EQ : TZ_NE));
				/* Pk = lane != 0 (NE) or lane == 0 (EQ) */
				if (reg >= 0 && reg != SASS_RZ && (ne || eq) && lid[reg])
					cur |= 1u << (k + (eq ? TZ_LANE0 : TZ_LANE));
				/* Pk = warp != 0 (tid >= 32) or warp == 0 (tid < 32) */
				if (reg >= 0 && reg != SASS_RZ && (ne || eq) && wid[reg])
					bound[k] = ne ? -32 : 32;
			} else if (x->op[3].kind == SASS_IMM && !x->op[3].is_float && x->op[3].ival >= 0 && x->op[3].ival < 1024 &&
				   x->op[2].num < 256 && (tid[x->op[2].num] || (wid[x->op[2].num] && x->op[3].ival < 32))) {
				/* Pk = tid CMP imm: as tid < N or tid >= N (warp CMP imm: in threads) */
				int64_t v = x->op[3].ival, u = wid[x->op[2].num] ? 32 : 1;
				bound[k] = !strncmp(m, "GT", 2) ? -(v + 1) * u
					   : !strncmp(m, "GE", 2) ? (v > 0 ? -v * u : 0)
					   : !strncmp(m, "LT", 2) ? v * u
					   : !strncmp(m, "LE", 2) ? (v + 1) * u
								  : 0;
			}
		}
		/* LOP3.LUT [Pk,] Rl, Rt, 0x1f, RZ, 0xc0, !PT: Pk = (Rt & 31) != 0, Rl =
		 * Rt & 31 (RZ: not kept) */
		int pk = x->nop == 7 && x->op[0].kind == SASS_PRED && x->op[0].num < SASS_PT, o = pk ? 1 : 0;
		int is_lid = strcmp(x->opcode, "LOP3") == 0 && !strcmp(x->mods, "LUT") && x->nop == 6 + o && x->pred < 0 &&
			     x->op[o].kind == SASS_REG && x->op[o + 1].kind == SASS_REG && x->op[o + 1].num < 256 &&
			     tid[x->op[o + 1].num] && !x->op[o + 1].bnot && x->op[o + 2].kind == SASS_IMM &&
			     !x->op[o + 2].is_float && x->op[o + 2].ival == 0x1f && x->op[o + 3].kind == SASS_REG &&
			     x->op[o + 3].num == SASS_RZ && x->op[o + 4].kind == SASS_IMM && !x->op[o + 4].is_float &&
			     x->op[o + 4].ival == 0xc0 && x->op[o + 5].kind == SASS_PRED && x->op[o + 5].num == SASS_PT &&
			     x->op[o + 5].lnot;
		if (is_lid && pk)
			cur |= 1u << (x->op[0].num + TZ_LANE);
		/* S2R Rt, SR_TID.X, or a plain copy of such a register: MOV Rd, Rt or
		 * IMAD.MOV.U32 Rd, RZ, RZ, Rt (ptxas keeps tid in a second register
		 * when the first is reused: mech_iwword, round 22) */
		int is_tid = x->pred < 0 && nd == 1 && strcmp(x->opcode, "S2R") == 0 && x->nop == 2 &&
			     x->op[1].kind == SASS_SPECIAL && strcmp(sass_opnd_text(x, 1, t, sizeof t), "SR_TID.X") == 0;
		const struct sass_opnd *src = NULL;
		if (x->pred < 0 && nd == 1 && strcmp(x->opcode, "MOV") == 0 && !x->mods[0] && x->nop == 2)
			src = &x->op[1];
		if (x->pred < 0 && nd == 1 && strcmp(x->opcode, "IMAD") == 0 && strcmp(x->mods, "MOV.U32") == 0 && x->nop == 4 &&
		    x->op[1].kind == SASS_REG && x->op[1].num == SASS_RZ && x->op[2].kind == SASS_REG && x->op[2].num == SASS_RZ)
			src = &x->op[3];
		if (src && src->kind == SASS_REG && src->num < 256 && !src->neg && !src->bnot && !src->abs && tid[src->num])
			is_tid = 1;
		/* SHF.R.U32.HI Rw, RZ, 0x5, Rt: the warp's index */
		int is_wid = x->pred < 0 && nd == 1 && strcmp(x->opcode, "SHF") == 0 && strcmp(x->mods, "R.U32.HI") == 0 &&
			     x->nop == 4 && x->op[1].kind == SASS_REG && x->op[1].num == SASS_RZ && x->op[2].kind == SASS_IMM &&
			     !x->op[2].is_float && x->op[2].ival == 5 && x->op[3].kind == SASS_REG && x->op[3].num < 256 &&
			     !x->op[3].neg && !x->op[3].bnot && tid[x->op[3].num];
		for (int r = d; nd > 0 && r < d + nd && r < 256; r++) {
			tid[r] = (unsigned char)is_tid;
			wid[r] = (unsigned char)is_wid;
			lid[r] = (unsigned char)is_lid;
		}
	}
	/* loops: a predicate written anywhere in a loop is not known inside it */
	for (int j = 0; j <= end; j++) {
		int t0 = loop_head(in, j), first[SASS_PT];
		if (t0 < 0)
			continue;
		uint32_t w = 0;
		loop_first_writes(in, t0, j, first);
		for (int k = 0; k < SASS_PT; k++)
			if (first[k] <= j)
				w |= TZ_ALL(k);
		/* a bound is known inside a loop below the loop's first write of its
		 * predicate (this trip's compare): above it the back edge may bring
		 * the last trip's */
		for (int i = t0; i <= j; i++) {
			tz[i] &= ~w;
			if (in[i].pred >= 0 && in[i].pred < SASS_PT && i <= first[in[i].pred])
				tn[i] = 0;
		}
	}
}

/*
 * The counted-loop idiom (round 47): a loop whose count the listing fixes,
 * `for (int i = 0; i < 256; i++)` with the bound a constant. Its back edge
 * @[!]Pk BRA, Pk last written in the body by ISETP.CMP[.U32].AND Pk, PT, Ra,
 * b, PT, one of Ra and b the counter Rc: written once in the body (outside
 * the loops inside it), by a step: IADD3 Rc, Rc, imm, RZ or VIADD Rc, Rc, imm,
 * or geometric: IMAD.SHL.U32 Rc, Rc, imm, RZ, SHF.L.U32 Rc, Rc, imm, RZ,
 * SHF.R.U32.HI / .S32.HI Rc, RZ, imm, Rc (run trip by trip); or (round 48) by
 * a copy of a temporary the body writes once, earlier, by such a step of Rc
 * (bitonic's `j /= 2`: SHF.R.S32.HI R8, RZ, 0x1, R7 ... IMAD.MOV.U32 R7, RZ,
 * RZ, R8). Its start, the write of Rc before the head: MOV Rc, imm|RZ,
 * IMAD.MOV.U32 Rc, RZ, RZ, imm|RZ, CS2R Rc, SRZ, HFMA2.MMA Rc, -RZ, RZ, 0, h
 * (h the half whose bits are the integer), or a copy or a step by an
 * immediate of a register so written, at most five deep. The bound, the
 * other operand: an immediate, RZ, or a register the loop does not write,
 * found the same way. A write W of a register read at U holds there on
 * every trip of a loop around U if W is inside that loop or nothing in the
 * loop writes the register at all (else a later trip would start it
 * elsewhere), and no branch may jump over the start to the head.
 *
 * Round 48, triangular loops: the start or the bound may be the counter of
 * the loop around it (that loop's own counter read the same way, from a
 * constant, with its count from any source), through copies and steps:
 * bitonic's `for (j = k / 2; j > 0; j /= 2)` in `for (k = 2; k <= 2048; k *=
 * 2)`, `for (j = i; j < 16; j++)`. Its count is then read at each trip t of
 * the loop around it, and must be N + G t (LOOP N grow=G).
 *
 * The trips: the first n >= 1 at which the compare (of the stepped value, or
 * of the value before the step when the ISETP comes first) lets the branch
 * fall through, from 1 to 10^9, with no 32-bit wrap on the way.
 */
enum { ST_COPY, ST_ADD, ST_MUL, ST_SHL, ST_SHR, ST_SAR };

struct imm_op {
	int kind;    /* ST_* */
	int64_t imm; /* ST_ADD: sign-extended from 32 bits */
};

/* A register's value as one instruction reads it: a constant, or the
 * enclosing loop's counter as instruction `at` reads it; then ops[nops - 1]
 * first .. ops[0] last */
struct cval {
	int outer;
	int at;
	uint32_t c; /* !outer: the constant's 32 bits */
	int nops;
	struct imm_op ops[5];
};

/* A loop's counter, as its listing gives it */
struct counter {
	int reg;            /* the register the compare reads */
	int is, ic;         /* its one write in the body (the step, or the copy of the stepped temporary); the compare */
	int first;          /* its start's write, before the head */
	struct imm_op step;
	char cmp[3];        /* the compare, the counter on its left */
	int uns, sense;     /* .U32; the branch goes back while the compare holds (1) or fails (0) */
	struct cval start, bound;
	int bound_known;    /* 0: the bound is neither a constant nor the enclosing loop's counter */
};

/* The loop around one: where it is, its count and its counter */
struct outer_ctr {
	int head, edge;
	uint64_t trips;
	struct counter c;
};

/* The idiom's registers: Rn as n, URn as 256 + n (round 48: ptxas keeps a
 * uniform loop's counter in a uniform register) */
#define UREG_ID 256
#define REG_NAME(id) ((id) >= UREG_ID ? "UR" : "R"), ((id) % UREG_ID)

/* An operand that is a register (general or uniform), not RZ or URZ, without
 * -, ~ or ||: its id, or -1 */
static int reg_id(const struct sass_opnd *p)
{
	if (p->neg || p->bnot || p->abs)
		return -1;
	if (p->kind == SASS_REG && p->num < SASS_RZ)
		return p->num;
	if (p->kind == SASS_UREG && p->num < SASS_URZ)
		return UREG_ID + p->num;
	return -1;
}

static int plain_reg(const struct sass_opnd *p)
{
	return reg_id(p) >= 0;
}

static int is_rz(const struct sass_opnd *p)
{
	return (p->kind == SASS_REG && p->num == SASS_RZ) || (p->kind == SASS_UREG && p->num == SASS_URZ);
}

/* x as Rd = f(Rs), f a copy or a step by an immediate (the forms above):
 * returns Rs and sets *f, or -1 */
static int imm_step(const struct sass_insn *x, struct imm_op *f)
{
	const char *o = x->opcode, *m = x->mods;
	const struct sass_opnd *p = x->op;
	if (x->pred >= 0 || x->nop < 2 || !plain_reg(&p[0]))
		return -1;
	if (p[0].kind == SASS_UREG) {
		if (o[0] != 'U' || (strcmp(o, "UMOV") && strcmp(o, "UIADD3") && strcmp(o, "UIMAD") && strcmp(o, "USHF")))
			return -1;
		o++; /* UIADD3 UR4, UR4, 0x1, URZ as IADD3 */
	}
	f->imm = 0;
	f->kind = ST_COPY;
	if (!strcmp(o, "MOV") && !m[0] && x->nop == 2 && plain_reg(&p[1]))
		return reg_id(&p[1]);
	if (!strcmp(o, "IMAD") && !strcmp(m, "MOV.U32") && x->nop == 4 && is_rz(&p[1]) && is_rz(&p[2]) && plain_reg(&p[3]))
		return reg_id(&p[3]);
	if (x->nop < 3 || p[2].kind != SASS_IMM || p[2].is_float)
		return -1;
	int64_t imm = p[2].ival;
	int src = -1;
	if (plain_reg(&p[1]) && ((!strcmp(o, "IADD3") && !m[0] && x->nop == 4 && is_rz(&p[3])) ||
				 (!strcmp(o, "VIADD") && !m[0] && x->nop == 3))) {
		if (imm < INT32_MIN || imm > UINT32_MAX || (uint32_t)imm == 0)
			return -1;
		f->kind = ST_ADD;
		imm = (int32_t)(uint32_t)imm;
		src = reg_id(&p[1]);
	} else if (plain_reg(&p[1]) && x->nop == 4 && is_rz(&p[3]) &&
		   ((!strcmp(o, "IMAD") && !strcmp(m, "SHL.U32")) || (!strcmp(o, "SHF") && !strcmp(m, "L.U32")))) {
		f->kind = o[0] == 'I' ? ST_MUL : ST_SHL;
		if (f->kind == ST_MUL ? imm < 2 || imm > 65536 : imm < 1 || imm > 30) /* |v x imm| < 2^62 */
			return -1;
		src = reg_id(&p[1]);
	} else if (!strcmp(o, "SHF") && (!strcmp(m, "R.U32.HI") || !strcmp(m, "R.S32.HI")) && x->nop == 4 && is_rz(&p[1]) &&
		   plain_reg(&p[3])) {
		f->kind = m[2] == 'U' ? ST_SHR : ST_SAR;
		if (imm < 1 || imm > 30)
			return -1;
		src = reg_id(&p[3]);
	}
	f->imm = imm;
	return src >= 0 && (src >= UREG_ID) == (p[0].kind == SASS_UREG) ? src : -1;
}

static uint32_t op_apply(const struct imm_op *f, uint32_t v)
{
	switch (f->kind) {
	case ST_ADD: return v + (uint32_t)f->imm;
	case ST_MUL: return v * (uint32_t)f->imm;
	case ST_SHL: return v << f->imm;
	case ST_SHR: return v >> f->imm;
	case ST_SAR: return (uint32_t)((int32_t)v >> f->imm);
	default: return v;
	}
}

static uint32_t cval_eval(const struct cval *v, uint32_t outer)
{
	uint32_t x = v->outer ? outer : v->c;
	for (int i = v->nops - 1; i >= 0; i--)
		x = op_apply(&v->ops[i], x);
	return x;
}

/* A 32-bit value as the compare reads it */
static int64_t cmp_view(const struct counter *c, uint32_t v)
{
	return c->uns ? (int64_t)v : (int64_t)(int32_t)v;
}

static const char *op_text(int kind)
{
	return kind == ST_ADD ? "by" : kind == ST_MUL ? "times" : kind == ST_SHL ? "shifted left by" : "shifted right by";
}

/* A value's text: the constant, or "R6 >> 1" for the enclosing counter R6 through a shift */
static void cval_text(const struct counter *c, const struct cval *v, int outer_reg, char *buf, size_t n)
{
	static const char *sym[] = {"", " + ", " x ", " << ", " >> ", " >> "};
	if (!v->outer) {
		snprintf(buf, n, "%lld", (long long)cmp_view(c, v->c));
		return;
	}
	int len = snprintf(buf, n, "%s%d", REG_NAME(outer_reg));
	for (int i = v->nops - 1; i >= 0 && len >= 0 && (size_t)len < n; i--)
		len += snprintf(buf + len, n - (size_t)len, "%s%lld", sym[v->ops[i].kind], (long long)v->ops[i].imm);
}

/* Rc's constant start: MOV, IMAD.MOV.U32, CS2R SRZ, HFMA2.MMA's half (a copy is imm_step's) */
static int const_write(const struct sass_insn *x, int reg, int64_t *v)
{
	const char *o = x->opcode;
	if (x->pred >= 0)
		return 0;
	const struct sass_opnd *src = NULL;
	if ((!strcmp(o, "MOV") || !strcmp(o, "UMOV")) && !x->mods[0] && x->nop == 2)
		src = &x->op[1];
	else if (!strcmp(o, "IMAD") && !strcmp(x->mods, "MOV.U32") && x->nop == 4 && is_rz(&x->op[1]) && is_rz(&x->op[2]))
		src = &x->op[3];
	else if (!strcmp(o, "CS2R") && !x->mods[0] && x->nop == 2 && x->op[1].kind == SASS_SPECIAL &&
		 x->op[0].num <= reg && reg <= x->op[0].num + 1) {
		char t[16];
		if (strcmp(sass_opnd_text(x, 1, t, sizeof t), "SRZ") != 0)
			return 0;
		*v = 0;
		return 1;
	} else if (!strcmp(o, "HFMA2") && !strcmp(x->mods, "MMA") && x->nop == 5 && is_rz(&x->op[1]) && x->op[1].neg &&
		   is_rz(&x->op[2]) && x->op[3].kind == SASS_IMM &&
		   (x->op[3].is_float ? x->op[3].fval == 0.0 : x->op[3].ival == 0) && x->op[4].kind == SASS_IMM) {
		/* the low half's bits: h = m 2^-24 for a subnormal half (m < 1024), or a normal one */
		double h = x->op[4].is_float ? x->op[4].fval : (double)x->op[4].ival;
		for (int bits = 0; bits < 0x7c00; bits++) {
			int e = bits >> 10, m = bits & 1023;
			double val = e ? ldexp(1024 + m, e - 25) : ldexp(m, -24);
			if (val == h) {
				*v = bits;
				return 1;
			}
		}
		return 0;
	}
	if (!src || reg_id(&x->op[0]) != reg || src->neg || src->bnot || src->abs)
		return 0;
	if (src->kind == SASS_IMM && !src->is_float) {
		*v = src->ival;
		return *v >= INT32_MIN && *v <= UINT32_MAX;
	}
	if (is_rz(src)) {
		*v = 0;
		return 1;
	}
	return 0;
}

/* Whether x writes register reg (a uniform one: its first uniform operand, a
 * pair for .64) */
static int writes_reg(const struct sass_insn *x, int reg)
{
	if (reg >= UREG_ID) {
		int q = x->nop > 1 && x->op[0].kind == SASS_UPRED; /* UISETP-style: no register */
		if (q || x->nop == 0 || x->op[0].kind != SASS_UREG || x->op[0].num >= SASS_URZ)
			return 0;
		int u = reg - UREG_ID, wide = strstr(x->mods, "64") != NULL;
		return x->op[0].num == u || (wide && x->op[0].num + 1 == u);
	}
	int d = 0, nd = written_regs(x, isa_find_op(x->opcode, (int)strlen(x->opcode)), &d);
	return nd > 0 && d <= reg && reg < d + nd;
}

/* How many instructions of [from, to) write reg; *last the last of them */
static int count_writes(const struct sass_insn *in, int from, int to, int reg, int *last)
{
	int c = 0;
	for (int k = from; k < to; k++)
		if (writes_reg(&in[k], reg)) {
			c++;
			*last = k;
		}
	return c;
}

/* Whether an ISETP's compare CMP (NE, EQ, LT, LE, GT, GE) holds for a against
 * b: 1 or 0, -1 for any other CMP */
static int isetp_holds(const char *cmp, int64_t a, int64_t b)
{
	return !strcmp(cmp, "NE") ? a != b : !strcmp(cmp, "EQ") ? a == b : !strcmp(cmp, "LT") ? a < b
	       : !strcmp(cmp, "LE") ? a <= b : !strcmp(cmp, "GT") ? a > b : !strcmp(cmp, "GE") ? a >= b : -1;
}

/* The value register r holds where instruction `at` reads it (the loop's
 * head: at its entry), through copies and steps to a constant or, with oc,
 * to the enclosing loop's counter as that loop's body reads it. what names
 * the value for why; *w0 the first write found (the start's). */
static int chain_value(const struct sass_insn *in, int n, int r, int at, int head, int edge, const struct outer_ctr *oc,
		       struct cval *v, int *w0, const char *what, char *why, size_t whylen)
{
	memset(v, 0, sizeof *v);
	*w0 = -1;
	for (int depth = 0; depth < 6; depth++) {
		if (oc && r == oc->c.reg && at >= oc->head && at <= oc->edge) {
			v->outer = 1;
			v->at = at;
			return 1;
		}
		int w = -1;
		for (int k = at - 1; k >= 0 && w < 0; k--)
			if (writes_reg(&in[k], r))
				w = k;
		if (w >= 0 && *w0 < 0)
			*w0 = w;
		for (int e2 = at; e2 < n && w >= 0; e2++) {
			int h2 = loop_head(in, e2);
			if (h2 < 0 || h2 > at || (e2 == edge && h2 == head) || w >= h2)
				continue;
			for (int k = h2; k <= e2; k++)
				if (writes_reg(&in[k], r)) {
					snprintf(why, whylen, depth == 0 && at == head ? "%s, starts outside the loop around it (it goes on "
						 "from the last entry's value)" : "%s, starts from a register the loop around it writes", what);
					return 0;
				}
		}
		int64_t c;
		struct imm_op f;
		int src;
		if (w >= 0 && const_write(&in[w], r, &c)) {
			v->c = (uint32_t)c;
			return 1;
		}
		if (w < 0 || (src = imm_step(&in[w], &f)) < 0 || reg_id(&in[w].op[0]) != r || (f.kind != ST_COPY && v->nops == 5))
			break;
		if (f.kind != ST_COPY)
			v->ops[v->nops++] = f;
		r = src;
		at = w;
	}
	snprintf(why, whylen, "%s, does not start from a constant before the loop", what);
	return 0;
}

/* The counter of the loop head..edge, with oc the enclosing loop's (or
 * NULL): 1, or 0 with why set. Without CF_BOUND a bound neither constant
 * nor the enclosing counter's will do (bound_known 0; the loop around
 * another); with CF_NO_START the start is not read. */
#define CF_BOUND 1    /* the bound must be read (a constant or the enclosing counter) */
#define CF_NO_START 2 /* the start is not read (uniflow.c has its value) */
static int counter_form(const struct sass_insn *in, int n, int head, int edge, const struct outer_ctr *oc, int flags,
			struct counter *c, char *why, size_t whylen)
{
	int need_bound = flags & CF_BOUND;
	const struct sass_insn *b = &in[edge];
	memset(c, 0, sizeof *c);
	snprintf(why, whylen, "its branch's predicate is not a compare of a counter with a constant");
	if (b->pred < 0 || b->pred >= SASS_PT || b->pred_uniform)
		return 0;
	int ic = -1;
	for (int k = edge - 1; k >= head && ic < 0; k--)
		if (pred_writes(&in[k]) >> b->pred & 1u)
			ic = k;
	if (ic < 0)
		return 0;
	const struct sass_insn *x = &in[ic];
	const char *m = x->mods;
	if (!isetp_idiom(x) || x->op[1].lnot || x->op[2].num >= SASS_RZ || isetp_holds((char[3]){m[0], m[1], 0}, 0, 0) < 0)
		return 0;
	c->ic = ic;
	c->uns = strstr(m, ".U32") != NULL;
	c->sense = !b->pred_neg;
	/* the counter: the operand the body writes (on the right, the compare turned round) */
	const struct sass_opnd *bo = &x->op[3];
	int last, side = 2;
	if (!count_writes(in, head, edge, x->op[2].num, &last) && plain_reg(bo) && count_writes(in, head, edge, reg_id(bo), &last)) {
		side = 3;
		bo = &x->op[2];
	}
	static const char *const turn[][2] = {{"LT", "GT"}, {"GT", "LT"}, {"LE", "GE"}, {"GE", "LE"}, {"EQ", "EQ"}, {"NE", "NE"}};
	for (int k = 0; k < 6; k++)
		if (m[0] == turn[k][0][0] && m[1] == turn[k][0][1])
			memcpy(c->cmp, turn[k][side == 3], 3);
	c->reg = reg_id(&x->op[side]);
	char what[48];
	snprintf(what, sizeof what, "%s%d, the counter it compares", REG_NAME(c->reg));
	/* the bound */
	int first;
	if (bo->kind == SASS_IMM && !bo->is_float && bo->ival >= INT32_MIN && bo->ival <= UINT32_MAX && !bo->neg) {
		c->bound.c = (uint32_t)bo->ival;
		c->bound_known = 1;
	} else if (is_rz(bo)) {
		c->bound_known = 1;
	} else if (plain_reg(bo)) {
		char bw[48];
		snprintf(bw, sizeof bw, "%s%d, its bound", REG_NAME(reg_id(bo)));
		if (count_writes(in, head, edge, reg_id(bo), &last)) {
			snprintf(why, whylen, "%s, is written inside the loop", bw);
			if (need_bound)
				return 0;
		} else {
			c->bound_known = chain_value(in, n, reg_id(bo), ic, head, edge, oc, &c->bound, &first, bw, why, whylen);
			if (!c->bound_known && need_bound)
				return 0;
		}
	} else if (need_bound) {
		return 0;
	}
	/* the step */
	int is = -1, nw = count_writes(in, head, edge, c->reg, &is), it = -1;
	if (nw > 1) {
		snprintf(why, whylen, "%s, is written more than once a trip", what);
		return 0;
	}
	int src = is >= 0 ? imm_step(&in[is], &c->step) : -1;
	if (src >= 0 && src != c->reg && c->step.kind == ST_COPY && count_writes(in, head, edge, src, &it) == 1 && it < is &&
	    (reg_id(&in[it].op[0]) != src || imm_step(&in[it], &c->step) != c->reg))
		src = -1;
	if (src < 0 || c->step.kind == ST_COPY || reg_id(&in[is].op[0]) != c->reg) {
		snprintf(why, whylen, "%s, is not stepped by a constant (IADD3 R, R, imm, RZ, VIADD R, R, imm, IMAD.SHL.U32 R, R, "
			 "imm, RZ or a shift by imm)", what);
		return 0;
	}
	c->is = is;
	/* once a trip: the step, its temporary and the compare in no loop inside this one */
	for (int e2 = head; e2 < edge; e2++) {
		int h2 = loop_head(in, e2);
		if (h2 >= head && ((h2 <= is && is <= e2) || (h2 <= it && it <= e2) || (h2 <= ic && ic <= e2))) {
			snprintf(why, whylen, "%s, is stepped or compared in a loop inside it", what);
			return 0;
		}
	}
	/* the start */
	if (flags & CF_NO_START)
		return 1;
	if (!chain_value(in, n, c->reg, head, head, edge, oc, &c->start, &c->first, what, why, whylen))
		return 0;
	for (int k = 0; k < n; k++) /* no branch over the start into the head */
		if (is_branch(&in[k]) && k < c->first && in[k].target > (int64_t)in[c->first].pc && in[k].target <= (int64_t)in[head].pc) {
			snprintf(why, whylen, "a branch at 0x%x jumps over the counter's start", in[k].pc);
			return 0;
		}
	return 1;
}

/* The trips of counter c from init against bound (both as the compare reads
 * them), or 0; why says what was read or why not */
static uint64_t run_count(const struct counter *c, int64_t init, int64_t bound, char *why, size_t whylen)
{
	int64_t lo32 = c->uns ? 0 : INT32_MIN, hi32 = c->uns ? (int64_t)UINT32_MAX : INT32_MAX, step = c->step.imm;
	const char *cmp = c->cmp;
	int sense = c->sense, kind = c->step.kind, pre = c->is < c->ic; /* the compare sees the stepped value */
	if (kind != ST_ADD) {
		/* a geometric counter leaves 32 bits or settles within 33 trips: run them (v stays
		 * within 32 bits, so v x step stays within 2^62) */
		int64_t v = init;
		for (int t = 1; t <= 40; t++) {
			int64_t next = kind == ST_MUL ? v * step : kind == ST_SHL ? v * ((int64_t)1 << step)
				     : kind == ST_SHR ? (int64_t)((uint32_t)v >> step) : (int64_t)((int32_t)v >> step);
			int64_t cv = pre ? next : v;
			if (cv < lo32 || cv > hi32)
				break; /* wrapped */
			if (isetp_holds(cmp, cv, bound) != sense) {
				snprintf(why, whylen, "the counted-loop idiom: %s%d from %lld %s %lld while %s%s %lld", REG_NAME(c->reg), (long long)init,
					 op_text(kind), (long long)step, sense ? "" : "not ", cmp, (long long)bound);
				return (uint64_t)t;
			}
			if (next < lo32 || next > hi32 || next == v)
				break; /* wraps, or settles where the loop goes on */
			v = next;
		}
		snprintf(why, whylen, "%s%d from %lld, a geometric counter, against %lld does not stop within 40 trips without wrapping",
			 REG_NAME(c->reg), (long long)init, (long long)bound);
		return 0;
	}
	/* the compare before the step sees the value before it, as the compare reads it */
	int64_t c1 = init + (pre ? step : 0), t = 0;
	c1 = c->uns ? (int64_t)(uint32_t)c1 : (int64_t)(int32_t)c1;
#define COUNTED_CAP 1000000000LL
#define COUNTED_GO(c) (isetp_holds(cmp, (c), bound) == sense)
	if (!COUNTED_GO(c1)) {
		t = 1;
	} else if ((!strcmp(cmp, "NE") && sense) || (!strcmp(cmp, "EQ") && !sense)) {
		/* on until the counter equals the bound */
		if ((bound - c1) % step == 0 && (bound - c1) / step >= 1)
			t = (bound - c1) / step + 1;
	} else if ((!strcmp(cmp, "EQ") && sense) || (!strcmp(cmp, "NE") && !sense)) {
		t = 2; /* equal at trip 1 only: the step moves it off */
	} else if (!COUNTED_GO(c1 + COUNTED_CAP * step)) {
		/* an ordered compare of a linear counter: the first n whose value stops it
		 * (holds at a, fails at z); one that still holds at the cap is not counted */
		int64_t a = 1, z = COUNTED_CAP + 1;
		while (a + 1 < z) {
			int64_t mid = a + (z - a) / 2;
			if (COUNTED_GO(c1 + (mid - 1) * step))
				a = mid;
			else
				z = mid;
		}
		t = z;
	}
	int64_t last = c1 + (t - 1) * step;
#undef COUNTED_GO
	if (t >= 1 && t <= COUNTED_CAP && last >= lo32 && last <= hi32) {
		snprintf(why, whylen, "the counted-loop idiom: %s%d from %lld by %lld while %s%s %lld", REG_NAME(c->reg), (long long)init,
			 (long long)step, sense ? "" : "not ", cmp, (long long)bound);
		return (uint64_t)t;
	}
#undef COUNTED_CAP
	snprintf(why, whylen, "%s%d from %lld by %lld against %lld does not stop within 1000000000 trips without wrapping",
		 REG_NAME(c->reg), (long long)init, (long long)step, (long long)bound);
	return 0;
}

/* The loop head..edge's count by the idiom, with ol the loop around it
 * (head, edge, trips; NULL: none, or its count is not one number): the
 * trips, *grow their growth a trip of the loop around it, or 0 */
#define COUNTED_OUTER_MAX 65536 /* the enclosing loop's trips read one by one */
static uint64_t counted_trips(const struct sass_insn *in, int n, int head, int edge, const struct outer_ctr *ol, int64_t *grow,
			      char *why, size_t whylen)
{
	struct outer_ctr oc;
	char w2[200];
	*grow = 0;
	if (ol) {
		oc = *ol;
		if (!counter_form(in, n, oc.head, oc.edge, NULL, 0, &oc.c, w2, sizeof w2))
			ol = NULL;
	}
	struct counter c;
	if (!counter_form(in, n, head, edge, ol ? &oc : NULL, CF_BOUND, &c, why, whylen))
		return 0;
	if (!c.start.outer && !c.bound.outer)
		return run_count(&c, cmp_view(&c, c.start.c), cmp_view(&c, c.bound.c), why, whylen);
	/* from the enclosing loop's counter: its trips one by one */
	if (oc.trips > COUNTED_OUTER_MAX) {
		snprintf(why, whylen, "%s%d, the counter it compares, starts from or is bound by the loop around it's counter, and that "
			 "loop runs %llu trips (at most %d are read one by one)", REG_NAME(c.reg), (unsigned long long)oc.trips, COUNTED_OUTER_MAX);
		return 0;
	}
	uint32_t v = oc.c.start.c;
	uint64_t c0 = 0;
	int64_t g = 0;
	for (uint64_t t = 0; t < oc.trips; t++) {
		uint32_t vn = op_apply(&oc.c.step, v);
		int64_t s = cmp_view(&c, cval_eval(&c.start, c.start.at > oc.c.is ? vn : v));
		int64_t bd = cmp_view(&c, cval_eval(&c.bound, c.bound.at > oc.c.is ? vn : v));
		uint64_t k = run_count(&c, s, bd, w2, sizeof w2);
		if (!k) {
			snprintf(why, whylen, "at trip %llu of the loop around it (its counter %s%d = %lld): %s", (unsigned long long)t, REG_NAME(oc.c.reg),
				 (long long)cmp_view(&oc.c, v), w2);
			return 0;
		}
		if (t == 0)
			c0 = k;
		else if (t == 1)
			g = (int64_t)k - (int64_t)c0;
		if ((int64_t)k != (int64_t)c0 + g * (int64_t)t) {
			snprintf(why, whylen, "%s%d, the counter it compares, runs %llu, %llu, ... %llu trips at trips 0, 1, ... %llu of the loop "
				 "around it: not N + G t (expected --trips PC=N,grow=G or a count a trip)", REG_NAME(c.reg), (unsigned long long)c0,
				 (unsigned long long)(c0 + (uint64_t)g), (unsigned long long)k, (unsigned long long)t);
			return 0;
		}
		v = vn;
	}
	char st[64], bd[64];
	cval_text(&c, &c.start, oc.c.reg, st, sizeof st);
	cval_text(&c, &c.bound, oc.c.reg, bd, sizeof bd);
	snprintf(why, whylen, "the counted-loop idiom: %s%d from %s %s %lld while %s%s %s, %s%d the enclosing loop's counter: %llu %c %lld t "
		 "trips at its trip t", REG_NAME(c.reg), st, op_text(c.step.kind), (long long)c.step.imm, c.sense ? "" : "not ", c.cmp, bd, REG_NAME(oc.c.reg),
		 (unsigned long long)c0, g < 0 ? '-' : '+', (long long)(g < 0 ? -g : g));
	*grow = g;
	return c0;
}

#include "uniflow.c"

/* A loop's count: a --trips rule at its back edge or head (*rule), --trips
 * N (here unless --arg or --const is given), the counted-loop idiom, which
 * reads the loop around it (its count found the same way) when its counter
 * starts from or is bound by that loop's, the run of its arithmetic
 * (uniflow.c, u), then --trips N. 0: none, why says why. */
static uint64_t loop_count(const struct sass_insn *in, int n, const struct br *br, int end, struct import_opts *o,
			   const struct uf_run *u, int head, int edge, struct import_rule **rule, int64_t *grow, char *why, size_t whylen,
			   int depth)
{
	struct import_rule *r = find_rule(o->trips, o->ntrips, &in[edge]);
	if (!r)
		r = find_rule(o->trips, o->ntrips, &in[head]);
	*rule = r;
	*grow = r ? r->grow : 0;
	if (r)
		return (uint64_t)r->value;
	if (o->trips_all && !o->nargs)
		return o->trips_all;
	/* the loop around it: the first back edge past this one whose head is at or before this head */
	struct outer_ctr ol = {0};
	for (int j = edge + 1; j <= end && depth < ISA_MAX_NEST; j++)
		if (br[j].kind == BR_LOOP && br[j].to <= head) {
			struct import_rule *r2;
			int64_t g2;
			char w2[200];
			uint64_t t2 = loop_count(in, n, br, end, o, u, br[j].to, j, &r2, &g2, w2, sizeof w2, depth + 1);
			if (t2 && !g2 && !(r2 && r2->warps))
				ol = (struct outer_ctr){.head = br[j].to, .edge = j, .trips = t2};
			break;
		}
	/* the idiom first (its comment names the counter); the run where it cannot read the loop */
	uint64_t c = counted_trips(in, n, head, edge, ol.trips ? &ol : NULL, grow, why, whylen);
	if (c)
		return c;
	char w2[300] = "";
	int64_t ut = uf_loop_count(u, in, head, edge, br, end, grow, w2, sizeof w2);
	if (ut > 0) {
		snprintf(why, whylen, "%s", w2);
		return (uint64_t)ut;
	}
	if (ut == 0 || (!o->trips_all && w2[0])) { /* both refuse: the idiom's reason, then the run's */
		size_t l = strlen(why);
		snprintf(why + l, whylen - l, "; %s", w2);
		return 0;
	}
	return o->trips_all;
}

/*
 * The denormal fixup idiom (round 29, nbody's rsqrtf): around the MUFU.RSQ
 * or MUFU.RCP of an rsqrtf, sqrtf or division compiled without ftz, ptxas
 * scales denormal inputs under FSETP.GEU.AND Pk, PT, |Rx|, 1.175494e-38, PT
 * (|x| at least FLT_MIN) and @!Pk FMUL ...: for any x that is not a
 * denormal or zero, every lane skips them. fix[i] is 1 when instruction i
 * is guarded by !Pk and the last write of Pk above it, in listing order, is
 * such a compare; in a loop, at or above the loop's first write of Pk, when
 * every write of Pk in the loop is one too (round 30: tid0_preds' rule).
 */
static int fixup_compare(const struct sass_insn *x)
{
	return x->pred < 0 && strcmp(x->opcode, "FSETP") == 0 && strcmp(x->mods, "GEU.AND") == 0 && x->nop == 5 &&
	       x->op[0].kind == SASS_PRED && x->op[0].num < SASS_PT && x->op[1].kind == SASS_PRED && x->op[1].num == SASS_PT &&
	       x->op[2].kind == SASS_REG && x->op[2].abs && !x->op[2].neg && x->op[3].kind == SASS_IMM && x->op[3].is_float &&
	       x->op[3].fval == 0x1p-126 && x->op[4].kind == SASS_PRED && x->op[4].num == SASS_PT && !x->op[4].lnot;
}

static void fixup_preds(const struct sass_insn *in, int end, unsigned char *fix)
{
	unsigned held = 0; /* the predicates whose last write, in listing order, is such a compare, by bit */
	for (int i = 0; i <= end; i++) {
		const struct sass_insn *x = &in[i];
		fix[i] = (unsigned char)(x->pred >= 0 && x->pred < SASS_PT && !x->pred_uniform && x->pred_neg &&
					 (held >> x->pred & 1u));
		held &= ~pred_writes(x);
		if (fixup_compare(x))
			held |= 1u << x->op[0].num;
	}
	/* loops, as tid0_preds: at or above a loop's first write of Pk the guard
	 * reads the last trip's Pk on every trip but the first, so it stays off
	 * only when every write of Pk in the loop is such a compare too */
	for (int j = 0; j <= end; j++) {
		int t0 = loop_head(in, j), first[SASS_PT];
		if (t0 < 0)
			continue;
		loop_first_writes(in, t0, j, first);
		unsigned other = 0; /* the predicates with a write in the loop that is not a fixup compare, by bit
				     * (a fixup compare writes its first operand alone) */
		for (int i = t0; i <= j; i++)
			if (!fixup_compare(&in[i]))
				other |= pred_writes(&in[i]);
		for (int i = t0; i <= j; i++)
			if (fix[i] && i <= first[in[i].pred] && (other >> in[i].pred & 1u))
				fix[i] = 0;
	}
}

/* Whether guard (pred, neg) of x selects thread 0 alone (want 1) or every
 * thread but thread 0 (want 0), by tid0_preds' mask m. */
static int tid0_guard(const struct sass_insn *x, uint32_t m, int want)
{
	if (x->pred < 0 || x->pred >= SASS_PT || x->pred_uniform)
		return 0;
	int ne = (m >> (x->pred + TZ_NE)) & 1, eq = (m >> (x->pred + TZ_EQ)) & 1;
	int only0 = (ne && x->pred_neg) || (eq && !x->pred_neg), others = (ne && !x->pred_neg) || (eq && x->pred_neg);
	return want ? only0 : others;
}

/*
 * The slow-path idiom (round 55): ptxas compiles a division, 1.f / x,
 * sqrtf and their double forms without fast math as the fast path and a
 * guarded forward branch around a CALL of the math library's slow path
 * ($__internal_N_$__cuda_sm3x_div_rn_noftz_f32_slowpath and the like,
 * placed after the kernel's EXIT), which only special values (a denormal,
 * zero, an infinity, a NaN or an exponent out of the fast range) take:
 *     FCHK P0, Rx, Ry ; ... ; @!P0 BRA skip ; MOV R, ret ; CALL.REL.NOINC slow ; ... skip:
 * or, for 1.f / x, @P0 BRA fast ; ... CALL ... ; BRA join ; fast: MUFU.RCP ...
 * Whether the fall-through path of the branch at i, whose target is t, is
 * such a call: straight code with a CALL, ending at t or in a BRA over the
 * fast path (no other branch, no loop: a guard around a loop that holds the
 * call is not the idiom). Every lane then takes the branch, unless --taken
 * or the kernel's arguments say otherwise.
 */
static int call_on_path(const struct sass_insn *in, int i, int t)
{
	int call = 0;
	for (int j = i + 1; j < t; j++) {
		if (strcmp(in[j].opcode, "CALL") == 0)
			call = 1;
		else if ((is_branch(&in[j]) && !(j == t - 1 && in[j].pred < 0 && in[j].target > (int64_t)in[t].pc)) ||
			 strcmp(in[j].opcode, "EXIT") == 0 || strcmp(in[j].opcode, "RET") == 0)
			return 0;
	}
	return call;
}

/* A hint for a loop without a count in a kernel that reads the launch's shape,
 * blockDim or gridDim (c[0x0][0x0] .. c[0x0][0x14]: a block reduction's
 * for (s = blockDim.x / 2; s > 0; s >>= 1)), which no --const gives: the
 * arguments' run can count such a loop once --const gives the shape. */
static const char *launch_hint(const struct sass_insn *in, int end, const struct import_opts *o)
{
	static const char *const names[] = {"blockDim.x", "blockDim.y", "blockDim.z", "gridDim.x", "gridDim.y", "gridDim.z"};
	static char hint[200];
	for (int i = 0; i <= end; i++)
		for (int k = 0; k < in[i].nop; k++) {
			const struct sass_opnd *p = &in[i].op[k];
			if (p->kind != SASS_CONST || p->bank != 0 || (p->num != SASS_NONE && p->num != SASS_RZ) ||
			    p->unum != SASS_NONE || p->ival < 0 || p->ival > 0x14 || p->ival % 4)
				continue;
			int given = 0;
			for (int a = 0; a < o->nargs; a++)
				given |= o->args[a].index == 0 && o->args[a].off == (uint32_t)p->ival;
			if (given)
				continue;
			snprintf(hint, sizeof hint, " (the kernel reads %s, c[0x0][0x%x], at PC 0x%04x: --const 0x%x=N gives it, "
				 "and the arguments' run may then count the loop)", names[p->ival / 4], (unsigned)p->ival, in[i].pc,
				 (unsigned)p->ival);
			return hint;
		}
	return "";
}

/* Whether the code after instruction i up to end has no branch and no EXIT. */
static int straight_to(const struct sass_insn *in, int i, int end)
{
	for (int j = i + 1; j < end; j++)
		if (is_branch(&in[j]) || strcmp(in[j].opcode, "EXIT") == 0)
			return 0;
	return 1;
}

/* Whether guard (pred, neg) of x selects each warp's lane 0 alone (want 1)
 * or every lane but lane 0 (want 0), by tid0_preds' mask m. */
static int lane0_guard(const struct sass_insn *x, uint32_t m, int want)
{
	if (x->pred < 0 || x->pred >= SASS_PT || x->pred_uniform)
		return 0;
	int ne = (m >> (x->pred + TZ_LANE)) & 1, eq = (m >> (x->pred + TZ_LANE0)) & 1;
	int only0 = (ne && x->pred_neg) || (eq && !x->pred_neg), others = (ne && !x->pred_neg) || (eq && x->pred_neg);
	return want ? only0 : others;
}

#include "laneaddr.c"

int import_kernel(const struct sass_kernel *k, const struct import_opts *o_in, const char *fname, FILE *out, FILE *warn,
		  struct err *e)
{
	struct import_opts o = *o_in;
	const struct sass_insn *in = k->insn;
	int n = k->n, end = -1, rc = SIM_OK, nloops = 0, sp = 0;
	struct br *br = NULL;
	int *tag = NULL; /* latency-draw groups: near_groups */
	uint32_t *tid0 = NULL; /* the thread-0 and lane-0 predicates at each instruction: tid0_preds */
	int32_t *tbound = NULL; /* the first N threads an instruction's guard selects, -N: the others, 0: neither (tid0_preds) */
	unsigned char *fix = NULL; /* guarded by a denormal fixup's compare: off in every lane (fixup_preds) */
	struct lane_offs lo = {0}; /* shared-memory lanes (laneaddr.c) */
	struct uf_bank bank = {0}; /* the constant bank --arg and --const give (uniflow.c) */
	struct uf_run uf = {0};    /* the control flow they decide */
	struct frame stack[ISA_MAX_NEST];
	char ctl[32], guard[16], attrs[480];

	if (n == 0)
		return err_set(e, SIM_EINPUT, "%s:%u: kernel %s has no instructions", fname, k->line, k->name);
	for (int i = 0; i < n && end < 0; i++)
		if (is_exit_all(&in[i]))
			end = i;
	if (end < 0)
		return err_set(e, SIM_EINPUT, "%s:%u: kernel %s has no EXIT that every lane takes (expected an unguarded EXIT)",
			       fname, k->line, k->name);
	br = calloc((size_t)n, sizeof *br);
	tag = calloc((size_t)n, sizeof *tag);
	if (!br || !tag) {
		free(br);
		free(tag);
		return err_set(e, SIM_EINTERNAL, "import: out of memory");
	}
	near_groups(in, end, tag);
	int thread0 = 0; /* past an @P EXIT that every thread but thread 0 takes: IF warp<1 open */
	int lane0 = 0;   /* past an @P EXIT that every lane but lane 0 takes: every warp goes on with one lane */
	int keep = 0;    /* past a guarded EXIT that --taken says some lanes take: the lanes going on (0: all) */
	tid0 = calloc((size_t)end + 1, sizeof *tid0);
	tbound = calloc((size_t)end + 1, sizeof *tbound);
	fix = calloc((size_t)end + 1, sizeof *fix);
	if (!tid0 || !tbound || !fix) {
		rc = err_set(e, SIM_EINTERNAL, "import: out of memory");
		goto out;
	}
	tid0_preds(in, end, tid0, tbound);
	fixup_preds(in, end, fix);
	/* the constant bank the kernel's arguments fill (uniflow.c) */
	char argdesc[400];
	if ((rc = uf_prepare(k, &o, fname, &bank, argdesc, sizeof argdesc, e)))
		goto out;
	if (addr_shared_lanes(in, end, &bank, &lo)) {
		rc = err_set(e, SIM_EINTERNAL, "import: out of memory");
		goto out;
	}
	/* the control flow they decide */
	if (uf_run(in, n, end, &bank, &uf)) {
		rc = err_set(e, SIM_EINTERNAL, "import: out of memory");
		goto out;
	}

	/* branches of the main body [0, end]: loops, IFs, jumps over an ELSE, and exits to out-of-line code */
	for (int i = 0; i <= end; i++) {
		if (!is_branch(&in[i]))
			continue;
		if (in[i].target < 0) {
			rc = err_set(e, SIM_EINPUT, "%s:%u: branch at PC 0x%04x has no target in the kernel (expected BRA to a PC of %s)",
				     fname, in[i].line, in[i].pc, k->name);
			goto out;
		}
		int t = (int)((in[i].target - (int64_t)in[0].pc) / SASS_INSN_BYTES);
		if (t < 0 || t >= n || in[t].pc != (uint32_t)in[i].target) {
			rc = err_set(e, SIM_EINPUT, "%s:%u: branch at PC 0x%04x to 0x%04llx: no instruction there (expected a target inside %s)",
				     fname, in[i].line, in[i].pc, (unsigned long long)in[i].target, k->name);
			goto out;
		}
		if (t > end) {
			br[i].kind = BR_OUT;
		} else if (t <= i) {
			if (t == i) {
				rc = err_set(e, SIM_EINPUT, "%s:%u: branch at PC 0x%04x to itself before the kernel's EXIT (expected a loop with a body)",
					     fname, in[i].line, in[i].pc);
				goto out;
			}
			br[i].kind = BR_LOOP;
			br[i].to = t;
			nloops++;
		} else if (br[i].kind != BR_JUMP) {
			/* a conditional branch no lane takes (the default) issues and falls
			 * through: no region, so nvcc's jumps into an unrolled loop's
			 * remainder need not nest */
			struct import_rule *r = find_rule(o.taken, o.ntaken, &in[i]);
			int uncond = in[i].pred < 0 || (in[i].pred == 7 && !in[i].pred_neg);
			/* if (threadIdx.x == 0) { ... } compiled as a branch every thread
			 * but thread 0 takes: warp 0 runs the region, the others skip it */
			int t0 = !uncond && !r && tid0_guard(&in[i], tid0[i], 0);
			/* if ((threadIdx.x & 31) == 0) { ... }: every lane but lane 0 takes it */
			int l0 = !uncond && !r && !t0 && lane0_guard(&in[i], tid0[i], 0);
			/* if (warp == 0) { ... }, if (threadIdx.x < 32 N) { ... }: taken by
			 * every warp from N on, warps 0..N-1 run the region */
			int wn = uncond ? 0
				 : r    ? r->warps
				 : !t0 && !l0 && tbound[i] < 0 && -tbound[i] % 32 == 0 ? -tbound[i] / 32 : 0;
			if (r)
				r->used = 1;
			/* else the kernel's arguments: a branch their run took on every visit */
			int ua = !uncond && !r && !t0 && !l0 && !wn && uf.ran && !uf.undecided[i] && uf.taken[i];
			if (ua && uf.fell[i]) {
				ua = 0;
				if (warn)
					fprintf(warn, "smsim: warning: %s:%u: the branch at PC 0x%04x is taken on %d of its %d visits with %s; the program runs its fall-through path on each (give --taken 0x%x=F for a fraction of lanes)\n",
						fname, in[i].line, in[i].pc, uf.taken[i], uf.taken[i] + uf.fell[i], uf.src, in[i].pc);
			}
			/* else a guarded branch around the math library's slow path: taken */
			int slow = !uncond && !r && !t0 && !l0 && !wn && !ua && !(uf.ran && !uf.undecided[i] && uf.fell[i]) &&
				   call_on_path(in, i, t);
			ua |= slow;
			if (!uncond && !t0 && !l0 && !wn && !ua && (!r || r->value == 0.0)) {
				br[i].kind = BR_FALL;
				continue;
			}
			br[i].kind = BR_IF;
			br[i].thread0 = t0;
			br[i].warps = wn;
			br[i].below = r && r->warps && r->below;
			/* (an IF warp<N's lanes all take one path a warp: 0.5 only keeps
			 * both paths live for dead_code) */
			br[i].taken = uncond ? 1.0 : t0 || l0 ? 31.0 / 32.0 : wn ? 0.5 : ua ? 1.0 : r->value;
			br[i].why = uncond ? ", unconditional"
				    : t0   ? ", every thread but thread 0"
				    : l0   ? ", every lane but lane 0"
				    : slow ? ", every lane: the math library's slow path (a CALL) is for special values"
				    : ua   ? (uf.args ? ", the kernel's arguments" : ", the listing's constants")
				    : !r   ? ", the warp idiom"
					   : ", --taken";
			br[i].end = t;
			/* an unconditional forward branch just before t that jumps further is the
			 * end of the first path: the code it jumps over is the ELSE path */
			const struct sass_insn *j = &in[t - 1];
			if (t - 1 > i && is_branch(j) && j->pred < 0 && j->target > (int64_t)in[t].pc) {
				int e2 = (int)((j->target - (int64_t)in[0].pc) / SASS_INSN_BYTES);
				if (e2 <= end + 1 && e2 < n) {
					br[i].has_else = 1;
					br[i].to = t;
					br[i].end = e2;
					br[t - 1].kind = BR_JUMP;
				}
			}
		}
	}

	char smbuf[16];
	snprintf(smbuf, sizeof smbuf, "%d", k->sm);
	fprintf(out, "# smsim import of %s from %s%s%s: %d instructions, %d loop%s; each line ends with the SASS it came from\n",
		k->name, fname, k->sm ? ", sm_" : "", k->sm ? smbuf : "", end + 1, nloops,
		nloops == 1 ? "" : "s");
	if (o.nargs)
		fprintf(out, "# the kernel's arguments: %s\n", argdesc);
	if (uf.ran && (o.nargs || !uf.complete))
		fprintf(out, "# their control flow: %lld instructions run%s%s%s\n", (long long)uf.dyn, uf.complete ? " to the EXIT" : ", stopped: ",
			uf.complete ? "" : uf.stop_why, uf.complete ? "" : " (the loops and branches past it take --trips, --taken or the idioms)");
	if (k->regs > 0 || o.regs > 0)
		fprintf(out, ".regs %d%s\n", k->regs > 0 ? k->regs : o.regs, k->regs > 0 ? "    # from the listing" : "    # --regs");
	if (k->smem > 0 || o.smem > 0)
		fprintf(out, ".smem %d%s\n", k->smem > 0 ? k->smem : o.smem, k->smem > 0 ? "    # from the listing" : "    # --smem");
	/* every instruction below is one of the listing's, in order: their
	 * addresses place them in instruction-fetch lines (fetch_line_bytes) */
	fprintf(out, ".pc 0x%x    # the listing's address of the first instruction; each next one 16 bytes on\n", in[0].pc);
	if (o.has_span) {
		for (int j = 0; j < 2; j++) {
			int found = 0;
			for (int i = 0; i <= end && !found; i++)
				found = in[i].pc == o.span[j];
			if (!found) {
				rc = err_set(e, SIM_EINPUT, "%s:%u: --span: kernel %s has no instruction at 0x%x (expected FROM:TO, addresses of its listing from 0x%x to 0x%x)",
					     fname, k->line, k->name, o.span[j], in[0].pc, in[end].pc);
				goto out;
			}
		}
		fprintf(out, ".span 0x%x 0x%x    # --span: cycles from the first block's stamp at FROM to the last one's at TO (each block's warp 0)\n",
			o.span[0], o.span[1]);
	}

	for (int i = 0; i <= end + 1; i++) {
		/* closers before instruction i: ENDIFs and ELSEs of the IFs that end here */
		while (sp > 0 && stack[sp - 1].kind == BR_IF && (stack[sp - 1].end == i || stack[sp - 1].mid == i)) {
			struct frame *f = &stack[sp - 1];
			if (f->mid == i) {
				fprintf(out, "ELSE\n");
				f->mid = -1;
				f->in_else = 1;
				if (f->end != i)
					break;
			}
			fprintf(out, "ENDIF\n");
			sp--;
		}
		for (int s = 0; s < sp; s++)
			if ((stack[s].kind == BR_IF && (stack[s].end == i || stack[s].mid == i)) ||
			    (stack[s].kind == BR_LOOP && stack[s].end < i)) {
				rc = err_set(e, SIM_EINPUT, "%s:%u: control flow at PC 0x%04x cannot be structured: the %s opened at PC 0x%04x "
					     "ends inside another region (expected branches that nest: loops and if/else)",
					     fname, in[i < n ? i : n - 1].line, in[i < n ? i : n - 1].pc,
					     stack[s].kind == BR_LOOP ? "loop" : "branch", in[stack[s].at].pc);
				goto out;
			}
		if (i > end)
			break;
		if (i == end && thread0) {
			fprintf(out, "ENDIF    # thread 0's code ends\n");
			thread0 = 0;
		}
		/* loops whose head is i, outermost (latest back edge) first */
		for (;;) {
			int best = -1;
			for (int j = end; j > i && best < 0; j--)
				if (br[j].kind == BR_LOOP && br[j].to == i) {
					int open = 0;
					for (int s = 0; s < sp; s++)
						open |= stack[s].kind == BR_LOOP && stack[s].end == j;
					if (!open)
						best = j;
				}
			if (best < 0)
				break;
			struct import_rule *r;
			int64_t grow;
			char why[600];
			why[0] = '\0';
			/* a rule at its PC, --trips N, else the counted-loop idiom */
			uint64_t trips = loop_count(in, n, br, end, &o, &uf, i, best, &r, &grow, why, sizeof why, 0);
			if (r)
				r->used = 1;
			if (trips == 0) {
				/* and every other loop without a count, so one run names them all */
				char more[400] = "";
				int nm = 0, len = 0;
				for (int j = best + 1; j <= end; j++) {
					int h = br[j].to;
					char w2[300];
					struct import_rule *r2;
					int64_t g2;
					if (br[j].kind != BR_LOOP || loop_count(in, n, br, end, &o, &uf, h, j, &r2, &g2, w2, sizeof w2, 0))
						continue;
					if (nm++ < 6 && len < (int)sizeof more - 40)
						len += snprintf(more + len, sizeof more - (size_t)len, "%s0x%04x..0x%04x", nm > 1 ? ", " : "; so have loops ",
								in[h].pc, in[j].pc);
				}
				if (nm > 6 && len < (int)sizeof more - 20)
					snprintf(more + len, sizeof more - (size_t)len, " and %d more", nm - 6);
				rc = err_set(e, SIM_EINPUT, "%s:%u: loop 0x%04x..0x%04x has no trip count (expected --trips N or --trips 0x%x=N; "
					     "not the counted-loop idiom: %s)%s%s", fname, in[best].line, in[i].pc, in[best].pc, in[i].pc, why, more,
					     launch_hint(in, end, &o));
				goto out;
			}
			if (sp == ISA_MAX_NEST) {
				rc = err_set(e, SIM_EINPUT, "%s:%u: loops and branches nested too deeply at PC 0x%04x (expected at most %d levels)",
					     fname, in[i].line, in[i].pc, ISA_MAX_NEST);
				goto out;
			}
			if (r && r->warps)
				fprintf(out, "LOOP %llu warp<%d=%llu edge=branch    # loop 0x%04x..0x%04x: %d instructions a trip, "
					"--trips at its PC (the warps below %d: %llu trips)\n",
					(unsigned long long)trips, r->warps, (unsigned long long)r->low, in[i].pc, in[best].pc,
					best - i + 1, r->warps, (unsigned long long)r->low);
			else if (r && r->grow)
				fprintf(out, "LOOP %llu grow=%ld edge=branch    # loop 0x%04x..0x%04x: %d instructions a trip, "
					"--trips at its PC (%llu %+ld at each trip of the enclosing loop)\n",
					(unsigned long long)trips, r->grow, in[i].pc, in[best].pc, best - i + 1,
					(unsigned long long)trips, r->grow);
			else if (grow)
				fprintf(out, "LOOP %llu grow=%lld edge=branch    # loop 0x%04x..0x%04x: %d instructions a trip, %s\n",
					(unsigned long long)trips, (long long)grow, in[i].pc, in[best].pc, best - i + 1, why);
			else
				fprintf(out, "LOOP %llu edge=branch    # loop 0x%04x..0x%04x: %d instructions a trip, %s\n",
					(unsigned long long)trips, in[i].pc, in[best].pc, best - i + 1,
					r ? "--trips at its PC" : why[0] ? why : "--trips for every loop");
			stack[sp++] = (struct frame){BR_LOOP, i, -1, best, 0.0, 0, 0};
		}

		const struct sass_insn *x = &in[i];
		int op = isa_find_op(x->opcode, (int)strlen(x->opcode));
		ctl[0] = '\0';
		if (k->has_ctrl)
			ctl_text(x, ctl, sizeof ctl);
		guard_text(x, guard, sizeof guard);
		switch (br[i].kind) {
		case BR_LOOP:
			if (sp == 0 || stack[sp - 1].kind != BR_LOOP || stack[sp - 1].end != i) {
				rc = err_set(e, SIM_EINPUT, "%s:%u: control flow at PC 0x%04x cannot be structured: its loop crosses another "
					     "region (expected branches that nest: loops and if/else)", fname, x->line, x->pc);
				goto out;
			}
			fprintf(out, "%s%sENDLOOP    # /*%04x*/ %s\n", ctl, guard, x->pc, x->text);
			sp--;
			continue;
		case BR_IF: {
			double taken = br[i].taken;
			if (sp == ISA_MAX_NEST) {
				rc = err_set(e, SIM_EINPUT, "%s:%u: loops and branches nested too deeply at PC 0x%04x (expected at most %d levels)",
					     fname, x->line, x->pc, ISA_MAX_NEST);
				goto out;
			}
			if (br[i].thread0)
				fprintf(out, "%s%sIF warp<1    # /*%04x*/ %s  (taken by every thread but thread 0: warp 0 runs the "
					"first path, the other warps skip it; --taken 0x%x=F overrides)\n",
					ctl, guard, x->pc, x->text, x->pc);
			else if (br[i].below)
				fprintf(out, "%s%sIF warp>=%d    # /*%04x*/ %s  (taken by every thread below %d: the warps from %d on run the "
					"first path, the others skip it; --taken)\n",
					ctl, guard, br[i].warps, x->pc, x->text, 32 * br[i].warps, br[i].warps);
			else if (br[i].warps)
				fprintf(out, "%s%sIF warp<%d    # /*%04x*/ %s  (taken by every thread from %d on: the warps below %d run the "
					"first path, the others skip it; %s)\n",
					ctl, guard, br[i].warps, x->pc, x->text, 32 * br[i].warps, br[i].warps,
					strcmp(br[i].why, ", --taken") == 0 ? "--taken" : "the warp idiom; --taken overrides");
			else
				fprintf(out, "%s%sIF %.6g    # /*%04x*/ %s  (lanes taking it: %.6g%s)\n", ctl, guard, 1.0 - taken, x->pc,
					x->text, taken, br[i].why);
			stack[sp++] = (struct frame){BR_IF, i, br[i].has_else ? br[i].to : -1, br[i].end, 1.0 - taken, 0, br[i].thread0};
			continue;
		}
		case BR_FALL:
			if (uf.ran && !uf.undecided[i] && uf.fell[i] && !uf.taken[i])
				fprintf(out, "%s%sBRA    # /*%04x*/ %s  (taken by no lane: %s)\n", ctl, guard, x->pc, x->text, uf.src);
			else
				fprintf(out, "%s%sBRA    # /*%04x*/ %s  (taken by no lane: the default; --taken 0x%x=F)\n", ctl, guard, x->pc,
					x->text, x->pc);
			continue;
		case BR_OUT:
			fprintf(out, "%s%sBRA    # /*%04x*/ %s  (to out-of-line code after EXIT: issued, taken by no lane)\n", ctl, guard,
				x->pc, x->text);
			continue;
		default:
			break;
		}
		if (strcmp(x->opcode, "EXIT") == 0 && i < end && x->pred >= 0 && !(x->pred == 7 && !x->pred_neg)) {
			/* a guarded EXIT --taken says F of the lanes take (a predicate
			 * read from data: every lane's store predicated off, or all but
			 * a few): all of them, the warp leaves; some, it goes on with
			 * the others, its memory instructions' lanes= that many */
			struct import_rule *r = find_rule(o.taken, o.ntaken, x);
			if (r) {
				r->used = 1;
				if (r->warps) {
					rc = err_set(e, SIM_EINPUT, "%s:%u: --taken 0x%x=w%s%d: the instruction at PC 0x%04x is an EXIT (expected a "
						     "fraction of lanes on an EXIT; wN and w0:N name a forward branch)", fname, x->line, x->pc,
						     r->below ? "0:" : "", r->warps, x->pc);
					goto out;
				}
				if (sp > 0 && r->value > 0.0) {
					rc = err_set(e, SIM_EINPUT, "%s:%u: --taken 0x%x=%g: the EXIT at PC 0x%04x is inside a branch region "
						     "(expected --taken on an EXIT outside every loop and if/else)", fname, x->line, x->pc,
						     r->value, x->pc);
					goto out;
				}
				if (r->value >= 1.0) {
					fprintf(out, "%sEXIT    # /*%04x*/ %s  (every lane leaves: --taken)\n", ctl, x->pc, x->text);
					continue;
				}
				if (r->value > 0.0) {
					int go = (int)(32.0 * (1.0 - r->value) + 0.5);
					keep = go < 1 ? 1 : go > 31 ? 31 : go;
					fprintf(out, "# /*%04x*/ %s: %g of the lanes leave (--taken): the warps go on with %d lanes\n", x->pc,
						x->text, r->value, keep);
					continue;
				}
			}
		}
		if (strcmp(x->opcode, "EXIT") == 0 && i < end && sp == 0 && !thread0 && !lane0 && lane0_guard(x, tid0[i], 0)) {
			if (straight_to(in, i, end)) {
				/* every lane but lane 0 leaves: each warp goes on with its
				 * lane 0 alone (the lane-0 idiom: tid0_preds) */
				fprintf(out, "# /*%04x*/ %s: every lane but each warp's lane 0 leaves (the lane-0 idiom): the warps go "
					"on with one lane\n", x->pc, x->text);
				lane0 = 1;
				continue;
			}
		}
		if (strcmp(x->opcode, "EXIT") == 0 && i < end && sp == 0 && !thread0 && tid0_guard(x, tid0[i], 0)) {
			if (straight_to(in, i, end)) {
				/* every thread but thread 0 leaves: warps 1.. exit here, warp 0
				 * goes on with its lane 0 alone (the thread-0 idiom: tid0_preds) */
				fprintf(out, "%sIF warp<1    # /*%04x*/ %s  (every thread but thread 0 leaves: the thread-0 idiom)\n", ctl,
					x->pc, x->text);
				thread0 = 1;
				continue;
			}
		}
		if (op < 0 || op == OP_LOOP || op == OP_ENDLOOP || op == OP_IF || op == OP_ELSE || op == OP_ENDIF || op == OP_ALU) {
			if (!o.unknown_alu) {
				rc = err_set(e, SIM_EINPUT, "%s:%u: opcode %s at PC 0x%04x is not modelled by smsim (expected an opcode of "
					     "isa/README.md; --unknown=alu issues it as an ALU instruction)",
					     fname, x->line, x->opcode, x->pc);
				goto out;
			}
			/* its register operands kept, anything else as an immediate */
			fprintf(out, "%s%sALU", ctl, guard);
			for (int q = 0; q < x->nop; q++) {
				char t[64];
				int kind = x->op[q].kind;
				if (kind == SASS_REG || kind == SASS_UREG || kind == SASS_PRED || kind == SASS_UPRED) {
					const char *pre = kind == SASS_REG ? "R" : kind == SASS_UREG ? "UR" : kind == SASS_PRED ? "P" : "UP";
					int zero = kind == SASS_REG ? SASS_RZ : kind == SASS_UREG ? SASS_URZ : SASS_PT;
					if (x->op[q].num == zero)
						snprintf(t, sizeof t, "%s%s", pre, kind == SASS_REG || kind == SASS_UREG ? "Z" : "T");
					else
						snprintf(t, sizeof t, "%s%d", pre, x->op[q].num);
				} else {
					snprintf(t, sizeof t, "0x0");
				}
				fprintf(out, "%s %s", q ? "," : "", t);
			}
			fprintf(out, "    # /*%04x*/ %s  (not modelled: issued as ALU)\n", x->pc, x->text);
			if (warn)
				fprintf(warn, "smsim: warning: %s:%u: %s at PC 0x%04x is not modelled; imported as an ALU instruction (--unknown=alu)\n",
					fname, x->line, x->opcode, x->pc);
			continue;
		}
		if (strcmp(x->opcode, "CALL") == 0 && !dead_code(stack, sp)) {
			rc = err_set(e, SIM_EINPUT, "%s:%u: CALL at PC 0x%04x: subroutine calls are not modelled (expected a kernel "
				     "whose device functions are inlined, or a CALL on a path no lane takes: --taken)", fname, x->line, x->pc);
			goto out;
		}
		/* numeric modifiers: the program language reads widths alone */
		for (const char *m = x->mods; *m;) {
			size_t n = strcspn(m, ".");
			if (n && strspn(m, "0123456789") >= n && !((n == 2 && !strncmp(m, "32", 2)) || (n == 2 && !strncmp(m, "64", 2)) ||
								    (n == 3 && !strncmp(m, "128", 3)))) {
				rc = err_set(e, SIM_EINPUT, "%s:%u: %s at PC 0x%04x: modifier .%.*s is not one smsim reads (expected .32, .64 "
					     "or .128 among numeric modifiers)", fname, x->line, x->opcode, x->pc, (int)(n > 16 ? 16 : n), m);
				goto out;
			}
			m += n;
			if (*m == '.')
				m++;
		}
		for (int q = 0; q < x->nop; q++)
			if (x->op[q].kind == SASS_OTHER) {
				char t[48];
				rc = err_set(e, SIM_EINPUT, "%s:%u: %s at PC 0x%04x: operand %d \"%s\" is not one smsim reads (expected a "
					     "register, predicate, number, constant or memory operand)",
					     fname, x->line, x->opcode, x->pc, q + 1, sass_opnd_text(x, q, t, sizeof t));
				goto out;
			}
		attrs[0] = '\0';
		const uint32_t *lanes = lo.slot && lo.slot[i] >= 0 && lo.known[lo.slot[i]] ? lo.off[lo.slot[i]] : NULL;
		if ((isa_ops[op].space != SPACE_NONE || op == OP_ULDC) && (rc = mem_attrs(x, op, &o, fname, lanes, attrs, sizeof attrs, e)))
			goto out;
		/* --off PC, or a denormal fixup (fixup_preds): its guard false in every lane */
		struct import_rule *ro = find_rule(o.off, o.noff, x);
		if (ro) {
			ro->used = 1;
			if (x->pred < 0 || x->pred >= SASS_PT || x->pred_uniform) {
				rc = err_set(e, SIM_EINPUT, "%s:%u: --off 0x%x: %s at that PC is not guarded by a predicate (expected an "
					     "instruction under @P or @!P)", fname, x->line, x->pc, x->opcode);
				goto out;
			}
		}
		if ((ro || fix[i]) && !strstr(attrs, "lanes=")) {
			size_t len = strlen(attrs);
			snprintf(attrs + len, sizeof attrs - len, " lanes=0");
		}
		int lanes_op = isa_ops[op].space != SPACE_NONE && isa_ops[op].space != SPACE_CONST; /* lanes= applies */
		if ((lanes_op || op == OP_LDC) && !thread0 && !lane0 && !tid0_region(stack, sp) && tid0_guard(x, tid0[i], 1) &&
		    !strstr(attrs, "lanes=") && !strstr(attrs, "threads=")) {
			/* guarded by tid == 0: the block's thread 0 alone, every other warp's
			 * instance predicated off in all its lanes (mem_off_done; an LDC's off
			 * copies wait for the miss path the SMs share: mem_cline, rounds 51-52) */
			size_t len = strlen(attrs);
			snprintf(attrs + len, sizeof attrs - len, " threads=1");
		} else if (lanes_op && (thread0 || lane0 || tid0_region(stack, sp) || lane0_guard(x, tid0[i], 1)) &&
			   !strstr(attrs, "lanes=")) {
			size_t len = strlen(attrs);
			snprintf(attrs + len, sizeof attrs - len, " lanes=1"); /* thread 0's region or lane 0 alone (tid0_preds) */
		} else if (lanes_op && keep && !strstr(attrs, "lanes=")) {
			size_t len = strlen(attrs);
			snprintf(attrs + len, sizeof attrs - len, " lanes=%d", keep); /* the lanes a guarded EXIT left going on */
		}
		if (lanes_op && tbound[i] > 0 && !strstr(attrs, "lanes=") &&
		    !strstr(attrs, "threads=")) {
			size_t len = strlen(attrs);
			snprintf(attrs + len, sizeof attrs - len, " threads=%d", tbound[i]); /* a guard tid < N (tid0_preds) */
		}
		if (tag[i] && !strstr(attrs, "group=") && !strstr(attrs, "near=")) {
			size_t len = strlen(attrs);
			snprintf(attrs + len, sizeof attrs - len, " %s=%d", tag[i] > 0 ? "group" : "near", tag[i] > 0 ? tag[i] : -tag[i]);
		}
		/* a shared-memory access whose lanes neither a rule nor the listing gives: say so */
		char unread[96] = "";
		if (isa_ops[op].space == SPACE_SHARED && !lanes && !find_rule(o.mem, o.nmem, x) && !strstr(attrs, "lanes=") &&
		    !strstr(attrs, "threads=1"))
			snprintf(unread, sizeof unread, "  (its lanes are not read from the listing: a word a lane; --mem 0x%x=... gives them)", x->pc);
		fprintf(out, "%s%s%s%s    # /*%04x*/ %s%s\n", ctl, guard, body_text(x), attrs, x->pc, x->text, unread);
	}
	if (sp > 0) {
		rc = err_set(e, SIM_EINPUT, "%s:%u: control flow cannot be structured: the region opened at PC 0x%04x does not "
			     "close before the kernel's EXIT", fname, in[stack[sp - 1].at].line, in[stack[sp - 1].at].pc);
		goto out;
	}
	if (end + 1 < n)
		fprintf(out, "# 0x%04x..0x%04x: after the kernel's EXIT (out-of-line paths, padding), not imported\n", in[end + 1].pc,
			in[n - 1].pc);
	/* rules that matched nothing are almost always a typo in a PC */
	const struct {
		const struct import_rule *r;
		int n;
		const char *flag, *eq, *what;
	} rules[] = {{o.trips, o.ntrips, "--trips", "=...", "loop"},
		     {o.taken, o.ntaken, "--taken", "=...", "forward branch"},
		     {o.mem, o.nmem, "--mem", "=...", "memory instruction"},
		     {o.off, o.noff, "--off", "", "instruction"}};
	for (size_t pass = 0; pass < sizeof rules / sizeof rules[0] && warn; pass++) {
		const struct import_rule *r = rules[pass].r;
		for (int i = 0; i < rules[pass].n; i++)
			if (!r[i].used) {
				if (r[i].by_pc)
					fprintf(warn, "smsim: warning: %s 0x%x%s: no %s at that PC in %s\n", rules[pass].flag, r[i].pc,
						rules[pass].eq, rules[pass].what, k->name);
				else
					fprintf(warn, "smsim: warning: --mem %s%s%s=...: no %s%s%s in %s\n", r[i].opcode, r[i].mods[0] ? "." : "",
						r[i].mods, r[i].opcode, r[i].mods[0] ? "." : "", r[i].mods, k->name);
			}
	}
out:
	free(br);
	free(tag);
	free(tid0);
	free(tbound);
	free(fix);
	lane_offs_free(&lo);
	uf_free(&uf);
	return rc;
}
