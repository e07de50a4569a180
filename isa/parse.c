/*
 * parse.c: a hand-written line parser for smsim program files.
 *
 * One statement per line: a directive (.regs N, .smem BYTES, .pc ADDR, .span FROM TO), a control
 * marker (LOOP N, ENDLOOP, IF P, IF warp<N, IF warp>=N, ELSE, ENDIF) or an instruction
 * (OPCODE[.SUFFIX...] operands [key=value ...]). Comments start with '#'
 * or "//". Every error names FILE:LINE:COL, what was expected and what was
 * found; nesting errors are found by program_finish.
 */
#include "parse.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../sim/fileio.h"

#define WIDE_MARK 3 /* in.width while parsing: .WIDE seen (8 * 3 is no real width) */

struct lexer {
	const char *file;
	const char *line;  /* start of the current line */
	const char *p;     /* cursor */
	int lineno;
	struct err *e;
};

static int col(const struct lexer *lx)
{
	return (int)(lx->p - lx->line) + 1;
}

/* The token at the cursor, for "got ..." (up to 24 characters). */
static const char *got(const struct lexer *lx, char *buf, size_t n)
{
	size_t k = 0;
	const char *q = lx->p;
	if (*q == '\0' || *q == '\n' || *q == '#' || (q[0] == '/' && q[1] == '/'))
		return "the end of the line";
	buf[k++] = '"';
	while (*q && *q != '\n' && !isspace((unsigned char)*q) && *q != ',' && k < n - 2 && k < 25)
		buf[k++] = *q++;
	if (k == 1 && *q)
		buf[k++] = *q;
	buf[k++] = '"';
	buf[k] = '\0';
	return buf;
}

static int fail(struct lexer *lx, const char *what)
{
	char g[40];
	return err_set(lx->e, SIM_EINPUT, "%s:%d:%d: %s, got %s", lx->file, lx->lineno, col(lx), what,
		       got(lx, g, sizeof g));
}

static void skip_ws(struct lexer *lx)
{
	while (*lx->p == ' ' || *lx->p == '\t' || *lx->p == '\r')
		lx->p++;
}

static int at_end(struct lexer *lx)
{
	skip_ws(lx);
	return *lx->p == '\0' || *lx->p == '\n' || *lx->p == '#' || (lx->p[0] == '/' && lx->p[1] == '/');
}

static int word_len(const char *s)
{
	int n = 0;
	while (isalnum((unsigned char)s[n]) || s[n] == '_')
		n++;
	return n;
}

#define UINT_SUFFIX 1 /* parse_uint: K, M, G suffixes (powers of 1024) */
#define UINT_HEX 2    /* parse_uint: 0x... in hex too (else decimal only: no octal) */
#define UINT_POS 4    /* parse_uint: 0 is not one either (the message points where the value began) */

/* Unsigned decimal integer, at most max; flags UINT_SUFFIX, UINT_HEX, UINT_POS. */
static int parse_uint(struct lexer *lx, uint64_t max, int flags, uint64_t *out, const char *what)
{
	char *end;
	unsigned long long v;
	const char *start = lx->p;
	skip_ws(lx);
	if (!isdigit((unsigned char)*lx->p))
		return fail(lx, what);
	int hex = (flags & UINT_HEX) && lx->p[0] == '0' && (lx->p[1] == 'x' || lx->p[1] == 'X');
	errno = 0;
	v = strtoull(lx->p, &end, hex ? 16 : 10);
	if (errno == ERANGE)
		return fail(lx, what);
	if ((flags & UINT_SUFFIX) && (*end == 'K' || *end == 'M' || *end == 'G')) {
		unsigned long long m = *end == 'K' ? 1024ULL : *end == 'M' ? 1024ULL * 1024 : 1024ULL * 1024 * 1024;
		if (v > max / m)
			return fail(lx, what);
		v *= m;
		end++;
	}
	if (isalnum((unsigned char)*end) || *end == '.' || v > max)
		return fail(lx, what);
	if ((flags & UINT_POS) && v == 0) {
		lx->p = start;
		return fail(lx, what);
	}
	lx->p = end;
	*out = v;
	return SIM_OK;
}

/* 1 to cap numbers joined by ':' (lines=, offsets=), each at most max (parse_uint's flags), into
 * out[], their count into *n; `what` is the message when the list is not one. */
static int parse_uint_list(struct lexer *lx, uint32_t *out, int cap, uint8_t *n, uint64_t max, int flags, const char *what)
{
	uint64_t v;
	int rc;
	*n = 0;
	for (;;) {
		if (*n == cap)
			return fail(lx, what);
		if ((rc = parse_uint(lx, max, flags, &v, what)))
			return rc;
		out[(*n)++] = (uint32_t)v;
		if (*lx->p != ':')
			return SIM_OK;
		lx->p++;
	}
}

/* An instruction's byte address (.pc, .span): decimal or 0x hex, a multiple
 * of 16 up to 0xfffffff0; `what` is the message when it is not one. */
static int parse_insn_addr(struct lexer *lx, uint64_t *v, const char *what)
{
	int rc;
	skip_ws(lx);
	const char *at = lx->p;
	if ((rc = parse_uint(lx, 0xfffffff0u, UINT_HEX, v, what)))
		return rc;
	if (*v % 16) {
		lx->p = at;
		return fail(lx, what);
	}
	return SIM_OK;
}

/* Register: R0..R254, or RZ (R255). Immediates are accepted where
 * allow_imm is set and carry no dependence (RZ). */
static int parse_reg(struct lexer *lx, int allow_imm, uint16_t *reg)
{
	skip_ws(lx);
	const char *s = lx->p;
	if ((s[0] == 'R' || s[0] == 'r') && (s[1] == 'Z' || s[1] == 'z') && !isalnum((unsigned char)s[2])) {
		*reg = ISA_RZ;
		lx->p += 2;
		return SIM_OK;
	}
	if ((s[0] == 'R' || s[0] == 'r') && isdigit((unsigned char)s[1])) {
		char *end;
		long v = strtol(s + 1, &end, 10);
		if (isalnum((unsigned char)*end) || v > 254 || end - s > 5)
			return fail(lx, "register out of range (expected R0..R254 or RZ)");
		*reg = (uint16_t)v;
		lx->p = end;
		return SIM_OK;
	}
	if (allow_imm && (isdigit((unsigned char)*s) || *s == '-' || *s == '+' || *s == '.')) {
		char *end;
		strtod(s, &end);
		if (end != s && (end[0] == 'f' || end[0] == 'F'))
			end++;
		if (end == s || isalnum((unsigned char)*end))
			return fail(lx, "expected a register (R0..R254, RZ) or a number");
		lx->p = end;
		*reg = ISA_RZ;
		return SIM_OK;
	}
	return fail(lx, allow_imm ? "expected a register (R0..R254, RZ) or a number" : "expected a register (R0..R254 or RZ)");
}

static int expect_char(struct lexer *lx, char c, const char *what)
{
	skip_ws(lx);
	if (*lx->p != c)
		return fail(lx, what);
	lx->p++;
	return SIM_OK;
}

static int parse_mem_operand(struct lexer *lx, uint16_t *reg)
{
	int rc;
	if ((rc = expect_char(lx, '[', "expected a memory operand like [R2]")))
		return rc;
	if ((rc = parse_reg(lx, 0, reg)))
		return rc;
	skip_ws(lx);
	if (*lx->p == '+') { /* [R2+0x10]: the offset does not matter to timing */
		lx->p++;
		skip_ws(lx);
		while (isalnum((unsigned char)*lx->p))
			lx->p++;
	}
	return expect_char(lx, ']', "expected ']' closing the memory operand");
}

/* key=value attributes of memory instructions. */
static int parse_attrs(struct lexer *lx, struct insn *in)
{
	while (!at_end(lx)) {
		const char *key = lx->p;
		int n = word_len(key);
		uint64_t v;
		int rc;
		const char *num;
		if (n == 0 || key[n] != '=')
			return fail(lx, "expected an attribute key=value (width, pattern, stride, period, step, base, lines, offsets, footprint, lanes, threads, wait, group, near)");
		lx->p += n + 1;
		num = lx->p;
		if (n == 7 && strncasecmp(key, "pattern", 7) == 0) {
			static const char *const names[] = {"coalesced", "strided", "uniform", "chase", "stream", "gather"};
			int m = word_len(lx->p), k;
			for (k = 0; k < 6; k++)
				if ((int)strlen(names[k]) == m && strncasecmp(lx->p, names[k], (size_t)m) == 0)
					break;
			if (k == 6)
				return fail(lx, "pattern: expected coalesced, strided, uniform, chase, stream or gather");
			in->pattern = (uint8_t)k;
			lx->p += m;
		} else if (n == 5 && strncasecmp(key, "width", 5) == 0) {
			if ((rc = parse_uint(lx, 16, 0, &v, "width: expected bytes per lane 1, 2, 4, 8 or 16")))
				return rc;
			if (v != 1 && v != 2 && v != 4 && v != 8 && v != 16) {
				lx->p = num;
				return fail(lx, "width: expected bytes per lane 1, 2, 4, 8 or 16");
			}
			in->width = (uint16_t)v;
		} else if (n == 6 && strncasecmp(key, "stride", 6) == 0) {
			if ((rc = parse_uint(lx, 1u << 30, UINT_SUFFIX | UINT_POS, &v, "stride: expected bytes between lanes, 1 to 1G")))
				return rc;
			in->stride = (uint32_t)v;
			if (in->pattern == PAT_COALESCED)
				in->pattern = PAT_STRIDED;
		} else if (n == 6 && strncasecmp(key, "period", 6) == 0) {
			if ((rc = parse_uint(lx, 32, UINT_POS, &v, "period: expected lanes 1 to 32 (lane i at (i % period) * stride + (i / period) * step)")))
				return rc;
			in->period = (uint8_t)v;
			if (in->pattern == PAT_COALESCED)
				in->pattern = PAT_STRIDED;
		} else if (n == 4 && strncasecmp(key, "step", 4) == 0) {
			if ((rc = parse_uint(lx, 1u << 30, UINT_SUFFIX, &v, "step: expected bytes between lane i and lane i + period, 0 to 1G")))
				return rc;
			in->step = (uint32_t)v;
		} else if (n == 4 && strncasecmp(key, "base", 4) == 0) {
			if (isa_is_const_load(in->op)) {
				lx->p = key;
				return fail(lx, "base= on a constant load (expected caddr=OFFSET: the byte offset in its bank a register-indexed LDC or ULDC reads)");
			}
			if ((rc = parse_uint(lx, 0xFFFFFFFFull, UINT_SUFFIX | UINT_HEX, &v, "base: expected the byte address of the access's element 0 (its bits 7-24 pick the L1 tag bank), 0 to 4G-1 (decimal, 0x hex, or K, M, G)")))
				return rc;
			in->base = (uint32_t)v;
		} else if (n == 5 && strncasecmp(key, "caddr", 5) == 0) {
			/* caddr=OFF: the byte offset a register-indexed constant load reads */
			if (!isa_is_const_load(in->op)) {
				lx->p = key;
				return fail(lx, "caddr= on an instruction that is not a constant load (expected LDC or ULDC)");
			}
			if ((rc = parse_uint(lx, 0xFFFF, UINT_HEX, &v, "caddr: expected the byte offset in the constant bank the load reads, 0 to 0xffff")))
				return rc;
			in->caddr = ISA_CADDR(in->caddr >> 16 & 0xff, v);
		} else if (n == 5 && strncasecmp(key, "lines", 5) == 0) {
			/* lines=L0:L1:...: lane i at byte (i x width) % 128 of line L[i % k] */
			if ((rc = parse_uint_list(lx, in->lines, ISA_MAX_LINES, &in->nlines, 1u << 25, 0,
						  "lines: expected 1 to 8 line numbers (128-byte lines) joined by ':', each 0 to 2^25 (lines=0:3:6:9)")))
				return rc;
		} else if (n == 7 && strncasecmp(key, "offsets", 7) == 0) {
			/* offsets=O0:O1:...: lane i at byte base + O[i % k] */
			if ((rc = parse_uint_list(lx, in->offs, ISA_MAX_OFFSETS, &in->noffs, 1u << 30, UINT_SUFFIX | UINT_HEX,
						  "offsets: expected 1 to 32 byte offsets joined by ':', each 0 to 1G (decimal, 0x hex, or K, M, G; offsets=0:4:8)")))
				return rc;
		} else if (n == 9 && strncasecmp(key, "footprint", 9) == 0) {
			if ((rc = parse_uint(lx, 1ULL << 40, UINT_SUFFIX | UINT_POS, &v, "footprint: expected bytes (K, M, G suffixes allowed), 1 to 1024G")))
				return rc;
			in->count = v;
		} else if (n == 4 && strncasecmp(key, "wait", 4) == 0) {
			if (strncasecmp(lx->p, "all", 3) == 0 && !isalnum((unsigned char)lx->p[3])) {
				lx->p += 3;
				in->wait_all = 1;
				continue;
			}
			/* wait=R2+R5: registers whose pending results it waits for */
			for (;;) {
				uint16_t reg;
				if ((lx->p[0] != 'R' && lx->p[0] != 'r') || !isdigit((unsigned char)lx->p[1]))
					return fail(lx, "wait: expected all or registers joined by '+' (wait=R2+R5)");
				if (in->nxwait == ISA_MAX_XWAIT)
					return fail(lx, "wait: expected at most 6 registers");
				if ((rc = parse_reg(lx, 0, &reg)))
					return rc;
				in->xwait[in->nxwait++] = reg;
				if (*lx->p != '+')
					break;
				lx->p++;
			}
		} else if (n == 5 && strncasecmp(key, "lanes", 5) == 0) {
			if ((rc = parse_uint(lx, 32, 0, &v, "lanes: expected active lanes 0 to 32 (0: predicated off in every lane)")))
				return rc;
			in->lanes = (uint16_t)v;
			in->off = v == 0;
		} else if (n == 7 && strncasecmp(key, "threads", 7) == 0) {
			/* threads=N: the block's first N threads (a guard tid < N) */
			if ((rc = parse_uint(lx, 1024, UINT_POS, &v, "threads: expected the block's first N threads the access is on for (a guard tid < N), 1 to 1024")))
				return rc;
			in->threads = (uint16_t)v;
		} else if ((n == 5 && strncasecmp(key, "group", 5) == 0) || (n == 4 && strncasecmp(key, "near", 4) == 0)) {
			/* group=G draws a latency and keeps it as group G's; near=G takes it */
			int is_near = n == 4;
			const char *range = is_near ? "near: expected a group 1 to 8 (near=1)" : "group: expected a group 1 to 8 (group=1)";
			if ((rc = parse_uint(lx, ISA_NEAR_GROUPS, UINT_POS, &v, range)))
				return rc;
			if (is_near ? in->group : in->near) {
				lx->p = key;
				return fail(lx, "group and near on one load: a load either draws its latency (group=G) or takes its group's (near=G)");
			}
			if (is_near)
				in->near = (uint8_t)v;
			else
				in->group = (uint8_t)v;
		} else {
			lx->p = key;
			return fail(lx, "unknown attribute (expected width, pattern, stride, period, step, base, caddr, lines, offsets, footprint, lanes, threads, wait, group or near)");
		}
	}
	if (in->nlines && (in->period || in->stride || (in->pattern != PAT_COALESCED && in->pattern != PAT_STRIDED)))
		return err_set(lx->e, SIM_EINPUT, "%s:%d: lines= with %s (expected lines= alone: it places every lane)",
			       lx->file, lx->lineno, in->period ? "period=" : in->stride ? "stride=" : "another pattern=");
	if (in->noffs && (in->nlines || in->period || in->stride || (in->pattern != PAT_COALESCED && in->pattern != PAT_STRIDED)))
		return err_set(lx->e, SIM_EINPUT, "%s:%d: offsets= with %s (expected offsets= alone: it places every lane)", lx->file, lx->lineno,
			       in->nlines ? "lines=" : in->period ? "period=" : in->stride ? "stride=" : "another pattern=");
	if (in->step && !in->period)
		return err_set(lx->e, SIM_EINPUT, "%s:%d: step=%u without period= (expected period=N too: lane i at (i %% period) * stride + (i / period) * step)",
			       lx->file, lx->lineno, in->step);
	if (in->pattern == PAT_GATHER && in->count < (in->width ? in->width : 4))
		return err_set(lx->e, SIM_EINPUT, "%s:%d: pattern=gather without a footprint of one element or more (expected footprint=BYTES: the range its lanes' random elements fall in)",
			       lx->file, lx->lineno);
	return SIM_OK;
}

/*
 * The general operand grammar: what compiled SASS writes, for the opcodes
 * of compiled kernels (opinfo.flex) and for the synthetic ones when their
 * own grammar does not fit the line (IADD3 R4, P0, R2, R3, RZ).
 */
enum opd_kind { OPD_REG, OPD_PRED, OPD_IMM, OPD_MEM };

struct operand {
	enum opd_kind kind;
	int nreg;               /* registers it reads or names (a span, or a memory operand's) */
	uint16_t reg[6];
	int reuse;              /* .reuse */
	int col;                /* column, for errors */
	int clock;              /* the SM's clock, SR_CLOCKLO or SR_CLOCKHI (a clock read: run --stamps) */
	int cbank;              /* c[B][OFF]: B, -1 for another operand */
	long coff;              /* c[B][OFF]: OFF, -1 when a register indexes it (c[0x0][R2+0x10]) */
};

static int is_word_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* A register name at the cursor: R0..R254, RZ, UR0..UR62, URZ, P0..P6, PT,
 * UP0..UP6, UPT. Returns 1 and sets *reg, *pred; 0 when the cursor is at no
 * register name; -1 (with the error set) for one out of range. */
static int reg_name(struct lexer *lx, uint16_t *reg, int *pred)
{
	const char *s = lx->p;
	int base, max, zero, n;
	*pred = 0;
	if (s[0] == '\0')
		return 0;
	int upper = toupper((unsigned char)s[0]), u2 = toupper((unsigned char)s[1]);
	if (upper == 'U' && u2 == 'R') {
		base = ISA_UR0, max = 62, zero = ISA_URZ, n = 2;
	} else if (upper == 'U' && u2 == 'P') {
		base = ISA_UP0, max = 6, zero = ISA_UPT, n = 2, *pred = 1;
	} else if (upper == 'R') {
		base = 0, max = 254, zero = ISA_RZ, n = 1;
	} else if (upper == 'P') {
		base = ISA_P0, max = 6, zero = ISA_PT, n = 1, *pred = 1;
	} else {
		return 0;
	}
	char z = (char)toupper((unsigned char)s[n]);
	if ((z == 'Z' && !*pred) || (z == 'T' && *pred)) {
		if (is_word_char(s[n + 1]))
			return 0;
		*reg = (uint16_t)zero;
		lx->p += n + 1;
		return 1;
	}
	if (!isdigit((unsigned char)s[n]))
		return 0;
	char *end;
	long v = strtol(s + n, &end, 10);
	if (is_word_char(*end))
		return 0;
	if (v > max || end - s > n + 3) {
		char what[96];
		const char *pfx = n == 2 ? (*pred ? "UP" : "UR") : (*pred ? "P" : "R");
		snprintf(what, sizeof what, "register out of range (expected %s0..%s%d or %s%s)", pfx, pfx, max, pfx,
			 *pred ? "T" : "Z");
		fail(lx, what);
		return -1;
	}
	*reg = (uint16_t)(base + v);
	lx->p = end;
	return 1;
}

/* Suffixes after a register: .64/.128 (a pair or quad), .reuse, and the
 * ones that do not change timing (.H1, .B2, .X4, .U32, .H0_H0, ...). */
static int reg_suffixes(struct lexer *lx, int *span, int *reuse)
{
	*span = 1;
	while (*lx->p == '.') {
		const char *w = lx->p + 1;
		int n = word_len(w);
		if (n == 0)
			return fail(lx, "expected a register suffix after '.' (.64, .128, .reuse, .H1, ...)");
		if (n == 2 && strncmp(w, "64", 2) == 0)
			*span = 2;
		else if (n == 3 && strncmp(w, "128", 3) == 0)
			*span = 4;
		else if (n == 5 && strncasecmp(w, "reuse", 5) == 0)
			*reuse = 1;
		lx->p = w + n;
	}
	return SIM_OK;
}

static int opd_add(struct lexer *lx, struct operand *o, int reg, int span)
{
	for (int k = 0; k < span; k++) {
		if (o->nreg == (int)(sizeof o->reg / sizeof o->reg[0]))
			return fail(lx, "too many registers in one operand (expected at most 6)");
		int r = isa_is_zero_reg(reg) ? reg : reg + k;
		if (!isa_is_zero_reg(reg) && ((reg < ISA_RZ && r >= ISA_RZ) || (reg >= ISA_UR0 && reg < ISA_URZ && r >= ISA_URZ)))
			return fail(lx, "register span runs past the last register (expected R0..R254, UR0..UR62)");
		o->reg[o->nreg++] = (uint16_t)r;
	}
	return SIM_OK;
}

/* A number: decimal, hex, float, +INF, -QNAN... (carries no dependence). */
static int skip_number(struct lexer *lx)
{
	const char *s = lx->p;
	if (*s == '-' || *s == '+')
		s++;
	if (strncasecmp(s, "INF", 3) == 0 || strncasecmp(s, "QNAN", 4) == 0 || strncasecmp(s, "NAN", 3) == 0) {
		s += word_len(s);
		lx->p = s;
		return 1;
	}
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		s += 2;
		if (!isxdigit((unsigned char)*s))
			return 0;
		while (isxdigit((unsigned char)*s))
			s++;
	} else {
		char *end;
		strtod(s, &end);
		if (end == s)
			return 0;
		s = end;
		if (*s == 'f' || *s == 'F')
			s++;
	}
	if (is_word_char(*s))
		return 0;
	lx->p = s;
	return 1;
}

/* [terms]: registers (with suffixes) and numbers joined by + or -. */
static int bracket_regs(struct lexer *lx, struct operand *o)
{
	int rc;
	if ((rc = expect_char(lx, '[', "expected '['")))
		return rc;
	for (;;) {
		uint16_t reg;
		int pred, span, reuse = 0, got_reg;
		skip_ws(lx);
		if ((got_reg = reg_name(lx, &reg, &pred)) < 0)
			return SIM_EINPUT;
		if (got_reg) {
			if ((rc = reg_suffixes(lx, &span, &reuse)) || (rc = opd_add(lx, o, reg, span)))
				return rc;
		} else if (!skip_number(lx)) {
			return fail(lx, "expected a register or an offset inside [ ]");
		}
		skip_ws(lx);
		if (*lx->p == '+' || *lx->p == '-') {
			lx->p++;
			continue;
		}
		return expect_char(lx, ']', "expected ']' closing the operand");
	}
}

static int parse_operand(struct lexer *lx, struct operand *o)
{
	uint16_t reg;
	int pred, span, rc, got_reg;
	memset(o, 0, sizeof *o);
	o->cbank = -1;
	o->coff = -1;
	skip_ws(lx);
	o->col = col(lx);
	const char *s = lx->p;
	if (*s == '[' || strncasecmp(s, "desc[", 5) == 0) {
		o->kind = OPD_MEM;
		if (*s != '[') {
			lx->p += 4;
			if ((rc = bracket_regs(lx, o)))
				return rc;
		}
		return bracket_regs(lx, o);
	}
	if ((s[0] == 'c' || s[0] == 'C') && (s[1] == '[' || ((s[1] == 'x' || s[1] == 'X') && s[2] == '['))) {
		/* a constant-bank operand: no dependence, unless indexed by a register */
		o->kind = OPD_IMM;
		lx->p += s[1] == '[' ? 1 : 2;
		if ((rc = bracket_regs(lx, o)) || (rc = bracket_regs(lx, o)))
			return rc;
		if (s[1] == '[') { /* c[B][OFF] (not cx[UR][..], a bank a register names) */
			char *end;
			unsigned long b = strtoul(s + 2, &end, 0);
			if (end > s + 2 && *end == ']' && b < 256 &&
			    (o->nreg == 0 || (o->nreg == 1 && isa_is_zero_reg(o->reg[0])))) {
				const char *q = end + 2;
				unsigned long off = 0;
				if ((q[0] == 'R' || q[0] == 'r') && (q[1] == 'Z' || q[1] == 'z') && !is_word_char(q[2])) {
					/* c[B][RZ], c[B][RZ+OFF] (blockDim.x is c[0x0][RZ]): the
					 * zero register adds nothing, the offset is known */
					end = (char *)q + 2;
					if (*end == '+')
						off = strtoul(end + 1, &end, 0);
				} else {
					off = strtoul(q, &end, 0);
				}
				o->cbank = (int)b;
				o->coff = *end == ']' && off < 0x10000 ? (long)off : -1;
			} else if (end > s + 2 && *end == ']' && b < 256) {
				o->cbank = (int)b; /* indexed by a register: the offset from caddr= */
			}
		}
		return SIM_OK;
	}
	if (s[0] == '`' || (s[0] == '(' && s[1] == '.')) { /* a branch target label */
		o->kind = OPD_IMM;
		while (*lx->p && *lx->p != ',' && *lx->p != ';' && *lx->p != '\n' && !isspace((unsigned char)*lx->p))
			lx->p++;
		return SIM_OK;
	}
	if ((s[0] == 'S' || s[0] == 's') && (s[1] == 'B' || s[1] == 'b') && s[2] >= '0' && s[2] <= '5' && !is_word_char(s[3])) {
		/* a dependence scoreboard (DEPBAR.LE SB0, 0x0): waited for as a source */
		o->kind = OPD_REG;
		lx->p += 3;
		return opd_add(lx, o, ISA_SB0 + (s[2] - '0'), 1);
	}
	if (strncasecmp(s, "SR_", 3) == 0 || (strncasecmp(s, "SRZ", 3) == 0 && !is_word_char(s[3])) ||
	    ((s[0] == 'P' || s[0] == 'p') && (s[1] == 'R' || s[1] == 'r') && !is_word_char(s[2])) ||
	    ((s[0] == 'B' || s[0] == 'b') && isdigit((unsigned char)s[1]))) {
		/* special registers (S2R, CS2R) and convergence barriers (BSSY B0): no dependence */
		o->kind = OPD_IMM;
		lx->p++;
		while (is_word_char(*lx->p) || *lx->p == '.')
			lx->p++;
		o->clock = lx->p - s == 10 && (strncasecmp(s, "SR_CLOCKLO", 10) == 0 || strncasecmp(s, "SR_CLOCKHI", 10) == 0);
		return SIM_OK;
	}
	/* modifiers before a register: - ! ~ | */
	while (*lx->p == '-' || *lx->p == '!' || *lx->p == '~' || *lx->p == '|') {
		if ((*lx->p == '-') && (isdigit((unsigned char)lx->p[1]) || lx->p[1] == '.' || toupper((unsigned char)lx->p[1]) == 'I' ||
				       toupper((unsigned char)lx->p[1]) == 'Q'))
			break;
		lx->p++;
	}
	if ((got_reg = reg_name(lx, &reg, &pred)) < 0)
		return SIM_EINPUT;
	if (got_reg) {
		o->kind = pred ? OPD_PRED : OPD_REG;
		if ((rc = reg_suffixes(lx, &span, &o->reuse)) || (rc = opd_add(lx, o, reg, span)))
			return rc;
		if (*lx->p == '|') {
			/* |R2|.reuse: cuobjdump puts an absolute value's suffixes after its bar
			 * (powf, tanhf: FMUL R5, |R2|.reuse, 16777216) */
			int span2;
			lx->p++;
			if ((rc = reg_suffixes(lx, &span2, &o->reuse)))
				return rc;
		}
		return SIM_OK;
	}
	lx->p = s;
	if (skip_number(lx)) {
		o->kind = OPD_IMM;
		return SIM_OK;
	}
	return fail(lx, "expected an operand (a register R0..R254/RZ, UR0..UR62/URZ, P0..P6/PT, UP0..UP6/UPT, "
		    "a number, c[bank][offset] or a memory operand [R2+0x10])");
}

/* How many destinations the general grammar may give a synthetic opcode:
 * IADD3 R4, P0, P1, ... (carries), LOP3.LUT P0, R2, ... */
static int general_ndst(int op)
{
	if (isa_ops[op].flex)
		return isa_ops[op].ndst;
	switch (op) {
	case OP_IADD3:
		return 3;
	case OP_LOP3:
	case OP_IMAD:
		return 2;
	default:
		return isa_ops[op].ndst;
	}
}

static int add_src(struct lexer *lx, struct insn *in, int reg, int reuse, int col_)
{
	if (in->nsrc == ISA_MAX_SRC) {
		lx->p = lx->line + col_ - 1;
		return fail(lx, "too many source registers (expected at most 8 per instruction)");
	}
	if (reuse) {
		in->reuse |= (uint8_t)(1u << in->nsrc);
		in->has_reuse = 1;
	}
	in->src[in->nsrc++] = (uint16_t)reg;
	return SIM_OK;
}

static int add_dst(struct lexer *lx, struct insn *in, int reg, int col_)
{
	if (!in->has_dst) {
		in->dst = (uint16_t)reg;
		in->has_dst = 1;
		return SIM_OK;
	}
	if (in->nxdst == ISA_MAX_XDST) {
		lx->p = lx->line + col_ - 1;
		return fail(lx, "too many destination registers (expected at most 5 per instruction)");
	}
	in->xdst[in->nxdst++] = (uint16_t)reg;
	return SIM_OK;
}

static int parse_general(struct lexer *lx, struct insn *in)
{
	struct operand o[12];
	int n = 0, rc, ndst_max = general_ndst(in->op), ndst = 0, first_pred = 0;
	const struct opinfo *op = &isa_ops[in->op];

	in->nsrc = 0;
	in->has_dst = 0;
	in->nxdst = 0;
	in->reuse = 0;
	in->has_reuse = 0;
	if (at_end(lx))
		goto attrs;
	/* an attribute list may follow without operands (BAR, NOP) */
	if (word_len(lx->p) > 0 && lx->p[word_len(lx->p)] == '=')
		goto attrs;
	for (;;) {
		if (n == (int)(sizeof o / sizeof o[0]))
			return fail(lx, "too many operands (expected at most 12)");
		if ((rc = parse_operand(lx, &o[n])))
			return rc;
		n++;
		skip_ws(lx);
		if (*lx->p != ',')
			break;
		lx->p++;
	}
	for (int i = 0; i < n; i++) {
		in->clock |= (uint8_t)o[i].clock;
		/* a constant load's line (sim/mem.c, mem_cline): its bank, and its
		 * offset unless a register indexes it (then caddr= gives it) */
		if (o[i].cbank >= 0 && isa_is_const_load(in->op))
			in->caddr = o[i].coff >= 0 ? ISA_CADDR(o[i].cbank, o[i].coff) : (uint32_t)o[i].cbank << 16;
	}
	if (op->space != SPACE_NONE && op->space != SPACE_CONST) {
		int mem = 0;
		for (int i = 0; i < n; i++)
			mem |= o[i].kind == OPD_MEM;
		if (!mem) {
			lx->p = lx->line + o[n > 1 ? 1 : 0].col - 1;
			return fail(lx, "expected a memory operand like [R2]");
		}
	}
	for (int i = 0; i < n; i++) {
		int is_dst = 0;
		if (ndst < ndst_max && (o[i].kind == OPD_REG || o[i].kind == OPD_PRED)) {
			if (i == 0) {
				is_dst = 1;
				first_pred = o[i].kind == OPD_PRED;
			} else if (i == ndst) {
				/* predicates right after the first destination; the register
				 * after a leading predicate (ATOMG PT, R4, ...; LOP3 P0, R2) */
				is_dst = o[i].kind == OPD_PRED || (first_pred && i == 1);
			}
		}
		if (is_dst) {
			int span = o[i].nreg;
			/* a load's destination and a .64/.128/.WIDE result span by the width */
			if (o[i].kind == OPD_REG && o[i].nreg == 1 && in->width > 4 && (op->is_load || !op->space) &&
			    !isa_is_zero_reg(o[i].reg[0])) {
				struct operand w = o[i];
				w.nreg = 0;
				if ((rc = opd_add(lx, &w, o[i].reg[0], in->width / 4)))
					return rc;
				o[i] = w;
				span = w.nreg;
			}
			for (int k = 0; k < span; k++)
				if ((rc = add_dst(lx, in, o[i].reg[k], o[i].col)))
					return rc;
			ndst++;
			continue;
		}
		if (o[i].kind == OPD_IMM && o[i].nreg == 0) {
			if ((rc = add_src(lx, in, ISA_RZ, 0, o[i].col)))
				return rc;
			continue;
		}
		int span = o[i].nreg;
		if (o[i].kind == OPD_REG && span == 1 && op->space != SPACE_NONE && !op->is_load && in->width > 4 &&
		    i == n - 1 && !isa_is_zero_reg(o[i].reg[0])) {
			/* a store's data spans by the width */
			struct operand w = o[i];
			w.nreg = 0;
			if ((rc = opd_add(lx, &w, o[i].reg[0], in->width / 4)))
				return rc;
			o[i] = w;
			span = w.nreg;
		}
		for (int k = 0; k < span; k++)
			if ((rc = add_src(lx, in, o[i].reg[k], o[i].reuse, o[i].col)))
				return rc;
	}
attrs:
	return parse_attrs(lx, in);
}

static int parse_operands(struct lexer *lx, struct insn *in)
{
	const struct opinfo *op = &isa_ops[in->op];
	int rc;

	if (op->space != SPACE_NONE) {
		if (op->is_load) {
			if ((rc = parse_reg(lx, 0, &in->dst)) || (rc = expect_char(lx, ',', "expected ',' after the destination")) ||
			    (rc = parse_mem_operand(lx, &in->src[0])))
				return rc;
			in->has_dst = 1;
			in->nsrc = 1;
		} else {
			if ((rc = parse_mem_operand(lx, &in->src[0])) ||
			    (rc = expect_char(lx, ',', "expected ',' after the address")) ||
			    (rc = parse_reg(lx, 1, &in->src[1])))
				return rc;
			in->nsrc = 2;
		}
		return parse_attrs(lx, in);
	}
	if (op->ndst) {
		if ((rc = parse_reg(lx, 0, &in->dst)))
			return rc;
		in->has_dst = 1;
		for (int k = 0; k < op->nsrc; k++) {
			char what[64];
			snprintf(what, sizeof what, "expected ',' and source operand %d of %s", k + 1, op->name);
			if ((rc = expect_char(lx, ',', what)) || (rc = parse_reg(lx, 1, &in->src[k])))
				return rc;
		}
		in->nsrc = (uint8_t)op->nsrc;
		return SIM_OK;
	}
	/* BAR [id], NOP, EXIT, BRA: an optional immediate is ignored */
	skip_ws(lx);
	if (isdigit((unsigned char)*lx->p))
		while (isalnum((unsigned char)*lx->p))
			lx->p++;
	return SIM_OK;
}

/* OPCODE[.SUFFIX]*: numeric suffixes 32/64/128 set the width of memory ops. */
static int parse_suffixes(struct lexer *lx, struct insn *in)
{
	while (*lx->p == '.') {
		lx->p++;
		int n = word_len(lx->p);
		if (n == 0)
			return fail(lx, "expected an opcode suffix after '.'");
		if (isdigit((unsigned char)lx->p[0])) {
			if (n == 2 && strncmp(lx->p, "32", 2) == 0)
				in->width = 4;
			else if (n == 2 && strncmp(lx->p, "64", 2) == 0)
				in->width = 8;
			else if (n == 3 && strncmp(lx->p, "128", 3) == 0)
				in->width = 16;
			else
				return fail(lx, "width suffix: expected .32, .64 or .128");
		} else if (n == 4 && strncasecmp(lx->p, "WIDE", 4) == 0) {
			in->width = 8 * WIDE_MARK; /* IMAD.WIDE: a 64-bit result (general grammar) */
		} else if (n == 4 && strncasecmp(lx->p, "POPC", 4) == 0) {
			in->popc = 1; /* ATOMS.POPC.INC: an increment by the count of lanes on a word */
		}
		lx->p += n;
	}
	return SIM_OK;
}

/* Control bits as [B------:R-:W-:Y:S04]: the scoreboards waited for (a digit
 * 0..5 or '-' in each of six places), the read and write scoreboards (0..5
 * or '-'), yield (Y or -) and the stall count (S00..S15). */
static int parse_ctl(struct lexer *lx, struct insn *in)
{
	static const char form[] = "control bits: expected [B------:R-:W-:Y:S04] (wait mask B, read and write "
				   "scoreboards R and W 0..5 or -, yield Y or -, stall S00..S15)";
	const char *q = lx->p;
	if (q[0] != '[' || toupper((unsigned char)q[1]) != 'B')
		return fail(lx, form);
	q += 2;
	for (int k = 0; k < 6; k++, q++) {
		if (*q == '-')
			continue;
		if (*q < '0' || *q > '5') {
			lx->p = q;
			return fail(lx, form);
		}
		in->wmask |= (uint8_t)(1u << (*q - '0'));
	}
	for (int k = 0; k < 2; k++) {
		char key = k ? 'W' : 'R';
		if (q[0] != ':' || toupper((unsigned char)q[1]) != key) {
			lx->p = q;
			return fail(lx, form);
		}
		q += 2;
		uint8_t v = ISA_CTL_NONE;
		if (*q >= '0' && *q <= '5')
			v = (uint8_t)(*q - '0');
		else if (*q != '-') {
			lx->p = q;
			return fail(lx, form);
		}
		if (k)
			in->wsb = v;
		else
			in->rsb = v;
		q++;
	}
	if (q[0] != ':' || (toupper((unsigned char)q[1]) != 'Y' && q[1] != '-') || q[2] != ':' ||
	    toupper((unsigned char)q[3]) != 'S' || !isdigit((unsigned char)q[4]) || !isdigit((unsigned char)q[5]) ||
	    q[6] != ']') {
		lx->p = q;
		return fail(lx, form);
	}
	in->yield = q[1] != '-';
	in->stall = (uint8_t)((q[4] - '0') * 10 + (q[5] - '0'));
	if (in->stall > 15) {
		lx->p = q + 4;
		return fail(lx, "control bits: stall count expected S00..S15");
	}
	in->has_ctl = 1;
	lx->p = q + 7;
	return SIM_OK;
}

static int parse_line(struct lexer *lx, struct program *p)
{
	struct insn in;
	const char *start;
	int n, op, rc;
	uint64_t v;

	memset(&in, 0, sizeof in);
	in.line = (uint32_t)lx->lineno;
	in.width = 4;
	if (at_end(lx))
		return SIM_OK;
	start = lx->p;
	if (*start == '.') {
		lx->p++;
		n = word_len(lx->p);
		if (n == 4 && strncasecmp(lx->p, "regs", 4) == 0) {
			lx->p += 4;
			if ((rc = parse_uint(lx, 255, 0, &v, ".regs: expected registers per thread, 1 to 255")))
				return rc;
			if (v == 0) {
				lx->p--;
				return fail(lx, ".regs: expected registers per thread, 1 to 255");
			}
			p->regs_per_thread = (int)v;
			p->regs_declared = 1;
		} else if (n == 4 && strncasecmp(lx->p, "smem", 4) == 0) {
			lx->p += 4;
			if ((rc = parse_uint(lx, 1u << 30, UINT_SUFFIX, &v, ".smem: expected shared memory bytes per block (K, M, G suffixes allowed)")))
				return rc;
			p->smem_per_block = (int)v;
		} else if (n == 2 && strncasecmp(lx->p, "pc", 2) == 0) {
			/* the next instruction's byte address in the listing it came
			 * from; those after it follow 16 bytes apart (smsim import) */
			lx->p += 2;
			if ((rc = parse_insn_addr(lx, &v, ".pc: expected the next instruction's byte address, a multiple of 16 (0x0 to 0xfffffff0)")))
				return rc;
			p->has_addr = 1;
			p->next_addr = (uint32_t)v;
		} else if (n == 4 && strncasecmp(lx->p, "span", 4) == 0) {
			/* the harness's clock stamps: FROM and TO, two instructions'
			 * byte addresses (program_finish finds them) */
			lx->p += 4;
			for (int k = 0; k < 2; k++) {
				if ((rc = parse_insn_addr(lx, &v, ".span: expected two instruction addresses FROM TO, multiples of 16 (0x0 to 0xfffffff0)")))
					return rc;
				p->span_addr[k] = (uint32_t)v;
			}
			if (p->has_span) {
				lx->p = start;
				return fail(lx, ".span: given twice (expected one .span a program)");
			}
			p->has_span = 1;
			p->span_line = (uint32_t)lx->lineno;
		} else {
			lx->p = start;
			return fail(lx, "unknown directive (expected .regs, .smem, .pc or .span)");
		}
		goto end;
	}
	if (*start == '[') {
		if ((rc = parse_ctl(lx, &in)))
			return rc;
		skip_ws(lx);
		start = lx->p;
	}
	if (*start == '@') {
		uint16_t reg;
		int pred, got_reg;
		lx->p++;
		if (*lx->p == '!') {
			in.pred_neg = 1;
			lx->p++;
		}
		if ((got_reg = reg_name(lx, &reg, &pred)) < 0)
			return SIM_EINPUT;
		if (!got_reg || !pred)
			return fail(lx, "guard: expected a predicate after '@' (P0..P6, PT, UP0..UP6, UPT)");
		in.has_pred = 1;
		in.pred = reg;
		skip_ws(lx);
		start = lx->p;
	}
	n = word_len(start);
	op = n ? isa_find_op(start, n) : -1;
	if (op < 0) {
		char what[256];
		snprintf(what, sizeof what, "unknown opcode (expected one of FFMA FADD FMUL IMAD IADD3 LOP3 MOV MUFU DFMA LDG STG LDS STS BAR BRA EXIT NOP LOOP ENDLOOP IF ELSE ENDIF, a SASS opcode of isa/README.md, or a directive .regs .smem .pc .span)");
		return fail(lx, what);
	}
	in.op = (uint8_t)op;
	lx->p += n;
	if ((rc = parse_suffixes(lx, &in)))
		return rc;
	if (*lx->p && !isspace((unsigned char)*lx->p) && *lx->p != '#' && !(lx->p[0] == '/' && lx->p[1] == '/'))
		return fail(lx, "expected a space after the opcode");
	if ((in.has_ctl || in.has_pred) && (op == OP_LOOP || op == OP_ELSE || op == OP_ENDIF)) {
		lx->p = start;
		return fail(lx, "LOOP, ELSE and ENDIF issue nothing (expected no control bits or guard before them)");
	}
	switch (op) {
	case OP_LOOP:
		if ((rc = parse_uint(lx, UINT64_MAX, 0, &v, "LOOP: expected a trip count, 1 to 1000000000")))
			return rc;
		if (v == 0 || v > PARSE_MAX_TRIPS) {
			lx->p--;
			while (lx->p > lx->line && isdigit((unsigned char)lx->p[-1]))
				lx->p--;
			return fail(lx, "LOOP: expected a trip count, 1 to 1000000000");
		}
		in.count = v;
		for (;;) {
			skip_ws(lx);
			if (strncasecmp(lx->p, "edge=", 5) == 0 && !in.body_counter) {
				/* edge=branch: the body holds its counter and compare; the back edge is the branch alone */
				lx->p += 5;
				if (strncasecmp(lx->p, "branch", 6) != 0 || is_word_char(lx->p[6]))
					return fail(lx, "LOOP edge: expected edge=branch (the body holds the loop's counter and compare)");
				lx->p += 6;
				in.body_counter = 1;
			} else if (strncasecmp(lx->p, "warp", 4) == 0 && !in.count_warps) {
				/* warp<M=K: the warps below M run K trips, the others N */
				lx->p += 4;
				if ((rc = expect_char(lx, '<', "LOOP warp: expected warp<M=K (the warps below M run K trips)")))
					return rc;
				if ((rc = parse_uint(lx, 31, UINT_POS, &v, "LOOP warp<M=K: expected M in 1..31")))
					return rc;
				in.count_warps = (uint8_t)v;
				if ((rc = expect_char(lx, '=', "LOOP warp<M=K: expected '=' and the trip count K")))
					return rc;
				if ((rc = parse_uint(lx, PARSE_MAX_TRIPS, UINT_POS, &v, "LOOP warp<M=K: expected K, a trip count 1 to 1000000000")))
					return rc;
				in.count_low = v;
			} else if (strncasecmp(lx->p, "grow=", 5) == 0 && !in.grow) {
				/* grow=G: N + G t trips at the enclosing loop's trip t */
				char *end;
				lx->p += 5;
				errno = 0;
				long g = strtol(lx->p, &end, 10);
				if (end == lx->p || errno || g == 0 || g < -(long)PARSE_MAX_TRIPS || g > (long)PARSE_MAX_TRIPS ||
				    is_word_char(*end))
					return fail(lx, "LOOP grow: expected grow=G, a non-zero whole number of trips (-1000000000 to "
						    "1000000000) added at each trip of the enclosing loop");
				lx->p = end;
				in.grow = (int32_t)g;
			} else {
				break;
			}
		}
		if (in.grow && in.count_warps)
			return err_set(lx->e, SIM_EINPUT, "%s:%d: LOOP %llu: grow=%d with warp<%d=%u (expected one of them: a count "
				       "that grows with the enclosing loop's trips, or one for the warps below M)", lx->file,
				       lx->lineno, (unsigned long long)in.count, in.grow, in.count_warps, in.count_low);
		break;
	case OP_IF:
		skip_ws(lx);
		if (strncasecmp(lx->p, "warp", 4) == 0) {
			lx->p += 4;
			skip_ws(lx);
			int ge = lx->p[0] == '>' && lx->p[1] == '=';
			if (ge)
				lx->p += 2;
			else if ((rc = expect_char(lx, '<', "IF warp: expected '<' or '>=' as in IF warp<1 or IF warp>=1")))
				return rc;
			if ((rc = parse_uint(lx, 32, 0, &v, ge ? "IF warp>=N: expected N in 0..32" : "IF warp<N: expected N in 0..32")))
				return rc;
			in.pattern = ge ? IF_WARP_GE : IF_WARP_LT;
			in.count = v;
		} else {
			char *end;
			double f = strtod(lx->p, &end);
			if (end == lx->p || !(f >= 0.0 && f <= 1.0) || isalnum((unsigned char)*end))
				return fail(lx, "IF: expected the fraction of lanes on the first path, 0 to 1, warp<N or warp>=N");
			lx->p = end;
			in.pattern = IF_LANES;
			in.frac = f;
		}
		break;
	case OP_ENDLOOP:
	case OP_ELSE:
	case OP_ENDIF:
		break;
	default:
		if (isa_ops[op].flex || in.has_ctl || in.has_pred || in.width == 8 * WIDE_MARK) {
			if (in.width == 8 * WIDE_MARK)
				in.width = 8;
			if ((rc = parse_general(lx, &in)))
				return rc;
		} else {
			/* the synthetic grammar first (its messages name what it expects);
			 * a line it does not fit is read by the general grammar */
			const char *ops = lx->p;
			struct err keep = *lx->e;
			struct insn before = in;
			rc = parse_operands(lx, &in);
			skip_ws(lx);
			if (!rc && *lx->p == ',') {
				/* it read the line's first operands and more follow
				 * (LOP3.LUT R3, R0, 0x7, RZ, 0xc0, !PT): the general grammar's */
				struct insn again = before;
				const char *first_at = lx->p;
				lx->p = ops;
				if (parse_general(lx, &again) || again.nsrc < isa_ops[op].nsrc) {
					lx->p = first_at;
					*lx->e = keep;
				} else {
					in = again;
				}
			} else if (rc) {
				/* the error of the grammar that read further stands */
				struct err first = *lx->e;
				const char *first_at = lx->p;
				struct insn again = in;
				int rc2;
				lx->p = ops;
				*lx->e = keep;
				if ((rc2 = parse_general(lx, &again)) || again.nsrc < isa_ops[op].nsrc) {
					if (!rc2 || lx->p <= first_at)
						*lx->e = first;
					return rc;
				}
				in = again;
			}
		}
	}
end:
	if (!at_end(lx))
		return fail(lx, "expected the end of the statement");
	if (start[0] != '.' && p->has_addr && in.op != OP_LOOP && in.op != OP_ELSE && in.op != OP_ENDIF) {
		/* structure markers take no room in the listing */
		in.has_addr = 1;
		in.addr = p->next_addr;
		p->next_addr = p->next_addr <= 0xffffffefu ? p->next_addr + 16 : p->next_addr;
	}
	if (start[0] != '.' && program_emit(p, &in) < 0)
		return err_set(lx->e, SIM_EINTERNAL, "%s: out of memory", lx->file);
	return SIM_OK;
}

int parse_program(const char *text, size_t len, const char *file, struct program *p, struct err *e)
{
	struct lexer lx = {file, text, text, 0, e};
	char msg[512];
	const char *slash = strrchr(file, '/');
	int rc;

	program_init(p, slash ? slash + 1 : file);
	if (memchr(text, '\0', len))
		return err_set(e, SIM_EINPUT, "%s: binary file (found a NUL byte; expected program text)", file);
	while (lx.p < text + len && *lx.p) {
		lx.lineno++;
		lx.line = lx.p;
		if ((rc = parse_line(&lx, p)))
			return rc;
		const char *eol = strchr(lx.p, '\n');
		if (!eol)
			break;
		lx.p = eol + 1;
	}
	if (p->ninsn == 0)
		return err_set(e, SIM_EINPUT, "%s: no instructions (expected at least one instruction)", file);
	/* control bits are all or nothing: the engine follows them in place of
	 * register scoreboarding, which a line without them would escape */
	int with_ctl = -1;
	for (int i = 0; i < p->ninsn; i++) {
		const struct insn *in = &p->code[i];
		if (in->op == OP_LOOP || in->op == OP_ELSE || in->op == OP_ENDIF)
			continue;
		if (with_ctl < 0) {
			with_ctl = i;
		} else if (in->has_ctl != p->code[with_ctl].has_ctl) {
			const struct insn *a = in->has_ctl ? &p->code[with_ctl] : in;
			return err_set(e, SIM_EINPUT, "%s:%u: %s without control bits in a program whose other instructions have them "
				       "(expected [B------:R-:W-:-:S01]-style bits on every instruction that issues, or on none)",
				       file, a->line, isa_ops[a->op].name);
		}
	}
	if (program_finish(p, msg, sizeof msg))
		return err_set(e, SIM_EINPUT, "%s:%s", file, msg);
	uint64_t dyn = program_dynamic_count(p);
	if (dyn > PARSE_MAX_DYNAMIC)
		return err_set(e, SIM_EINPUT, "%s: program too long: %llu warp instructions per warp (expected at most %llu; lower the LOOP counts)",
			       file, (unsigned long long)dyn, (unsigned long long)PARSE_MAX_DYNAMIC);
	return SIM_OK;
}

int parse_program_file(const char *path, struct program *p, struct err *e)
{
	char *text = NULL;
	size_t len = 0;
	int rc;

	program_init(p, path);
	rc = fileio_read(path, &text, &len, e);
	if (rc)
		return rc;
	rc = parse_program(text, len, path, p, e);
	free(text);
	return rc;
}
