/*
 * parse.c: a hand-written line parser for smsim program files.
 *
 * One statement per line: a directive (.regs N, .smem BYTES), a control
 * marker (LOOP N, ENDLOOP, IF P, IF warp<N, ELSE, ENDIF) or an instruction
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

/* Unsigned integer with optional K/M/G suffix (powers of 1024) when allow_suffix. */
static int parse_uint(struct lexer *lx, uint64_t max, int allow_suffix, uint64_t *out, const char *what)
{
	char *end;
	unsigned long long v;
	skip_ws(lx);
	if (!isdigit((unsigned char)*lx->p))
		return fail(lx, what);
	errno = 0;
	v = strtoull(lx->p, &end, 10);
	if (errno == ERANGE)
		return fail(lx, what);
	if (allow_suffix && (*end == 'K' || *end == 'M' || *end == 'G')) {
		unsigned long long m = *end == 'K' ? 1024ULL : *end == 'M' ? 1024ULL * 1024 : 1024ULL * 1024 * 1024;
		if (v > max / m)
			return fail(lx, what);
		v *= m;
		end++;
	}
	if (isalnum((unsigned char)*end) || *end == '.' || v > max)
		return fail(lx, what);
	lx->p = end;
	*out = v;
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
			return fail(lx, "expected an attribute key=value (width, pattern, stride, footprint, lanes, wait)");
		lx->p += n + 1;
		num = lx->p;
		if (n == 7 && strncasecmp(key, "pattern", 7) == 0) {
			static const char *const names[] = {"coalesced", "strided", "uniform", "chase", "stream"};
			int m = word_len(lx->p), k;
			for (k = 0; k < 5; k++)
				if ((int)strlen(names[k]) == m && strncasecmp(lx->p, names[k], (size_t)m) == 0)
					break;
			if (k == 5)
				return fail(lx, "pattern: expected coalesced, strided, uniform, chase or stream");
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
			if ((rc = parse_uint(lx, 1u << 30, 1, &v, "stride: expected bytes between lanes, 1 to 1G")))
				return rc;
			if (v == 0) {
				lx->p = num;
				return fail(lx, "stride: expected bytes between lanes, 1 to 1G");
			}
			in->stride = (uint32_t)v;
			if (in->pattern == PAT_COALESCED)
				in->pattern = PAT_STRIDED;
		} else if (n == 9 && strncasecmp(key, "footprint", 9) == 0) {
			if ((rc = parse_uint(lx, 1ULL << 40, 1, &v, "footprint: expected bytes (K, M, G suffixes allowed), 1 to 1024G")))
				return rc;
			if (v == 0) {
				lx->p = num;
				return fail(lx, "footprint: expected bytes (K, M, G suffixes allowed), 1 to 1024G");
			}
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
			if ((rc = parse_uint(lx, 32, 0, &v, "lanes: expected active lanes 1 to 32")))
				return rc;
			if (v == 0) {
				lx->p = num;
				return fail(lx, "lanes: expected active lanes 1 to 32");
			}
			in->lanes = (uint16_t)v;
		} else {
			lx->p = key;
			return fail(lx, "unknown attribute (expected width, pattern, stride, footprint, lanes or wait)");
		}
	}
	return SIM_OK;
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
		}
		lx->p += n;
	}
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
			if ((rc = parse_uint(lx, 1u << 30, 1, &v, ".smem: expected shared memory bytes per block (K, M, G suffixes allowed)")))
				return rc;
			p->smem_per_block = (int)v;
		} else {
			lx->p = start;
			return fail(lx, "unknown directive (expected .regs or .smem)");
		}
		goto end;
	}
	n = word_len(start);
	op = n ? isa_find_op(start, n) : -1;
	if (op < 0) {
		char what[256];
		snprintf(what, sizeof what, "unknown opcode (expected one of FFMA FADD FMUL IMAD IADD3 LOP3 MOV MUFU DFMA LDG STG LDS STS BAR BRA EXIT NOP LOOP ENDLOOP IF ELSE ENDIF, or a directive .regs .smem)");
		return fail(lx, what);
	}
	in.op = (uint8_t)op;
	lx->p += n;
	if ((rc = parse_suffixes(lx, &in)))
		return rc;
	if (*lx->p && !isspace((unsigned char)*lx->p) && *lx->p != '#' && !(lx->p[0] == '/' && lx->p[1] == '/'))
		return fail(lx, "expected a space after the opcode");
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
		break;
	case OP_IF:
		skip_ws(lx);
		if (strncasecmp(lx->p, "warp", 4) == 0) {
			lx->p += 4;
			if ((rc = expect_char(lx, '<', "IF warp: expected '<' as in IF warp<1")))
				return rc;
			if ((rc = parse_uint(lx, 32, 0, &v, "IF warp<N: expected N in 0..32")))
				return rc;
			in.pattern = IF_WARP_LT;
			in.count = v;
		} else {
			char *end;
			double f = strtod(lx->p, &end);
			if (end == lx->p || !(f >= 0.0 && f <= 1.0) || isalnum((unsigned char)*end))
				return fail(lx, "IF: expected the fraction of lanes on the first path, 0 to 1, or warp<N");
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
		if ((rc = parse_operands(lx, &in)))
			return rc;
	}
end:
	if (!at_end(lx))
		return fail(lx, "expected the end of the statement");
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
