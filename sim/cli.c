/*
 * cli.c: strict parsing of command-line values (see cli.h).
 */
#include "cli.h"

#include "help.h"
#include "sm.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int cli_opt(struct cli *c, const char *opt, const char **val, struct err *e)
{
	const char *a = c->argv[c->i];
	size_t n = strlen(opt);

	if (strncmp(a, opt, n) != 0)
		return 0;
	if (a[n] == '=') {
		*val = a + n + 1;
		c->i++;
		return 1;
	}
	if (a[n] != '\0')
		return 0;
	if (c->i + 1 >= c->argc)
		return err_set(e, SIM_EINPUT, "%s: expected a value after it, got the end of the command line", opt);
	*val = c->argv[c->i + 1];
	c->i += 2;
	return 1;
}

int cli_flag(struct cli *c, const char *opt)
{
	if (strcmp(c->argv[c->i], opt) != 0)
		return 0;
	c->i++;
	return 1;
}

int cli_unknown(struct cli *c, const char *cmd, struct err *e)
{
	const char *syn = help_synopsis(cmd);
	return err_set(e, SIM_EINPUT, "%s: unknown argument (expected %s; smsim %s --help describes them)", c->argv[c->i],
		       syn ? syn : "", cmd);
}

int cli_long(const char *opt, const char *s, long min, long max, long *out, struct err *e)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (*s == '\0' || *end != '\0' || errno == ERANGE || v < min || v > max)
		return err_set(e, SIM_EINPUT, "%s: expected an integer in [%ld, %ld], got \"%.60s\"",
			       opt, min, max, s);
	*out = v;
	return SIM_OK;
}

int cli_int(const char *opt, const char *s, int min, int max, int *out, struct err *e)
{
	long v;
	int rc = cli_long(opt, s, min, max, &v, e);
	if (rc == SIM_OK)
		*out = (int)v;
	return rc;
}

int cli_double(const char *opt, const char *s, double min, double max, double *out, struct err *e)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (*s == '\0' || *end != '\0' || errno == ERANGE || !isfinite(v) || v < min || v > max)
		return err_set(e, SIM_EINPUT, "%s: expected a number in [%g, %g], got \"%.60s\"",
			       opt, min, max, s);
	*out = v;
	return SIM_OK;
}

int cli_bytes(const char *opt, const char *s, long min, long max, long *out, struct err *e)
{
	char buf[64];
	size_t n = strlen(s);
	long mult = 1, v;

	if (n > 0 && n < sizeof buf) {
		char last = s[n - 1];
		if (last == 'K' || last == 'k')
			mult = 1024;
		else if (last == 'M' || last == 'm')
			mult = 1024 * 1024;
		else if (last == 'G' || last == 'g')
			mult = 1024L * 1024 * 1024;
	}
	if (n == 0 || n >= sizeof buf)
		goto bad;
	memcpy(buf, s, n + 1);
	if (mult > 1)
		buf[n - 1] = '\0';
	if (cli_long(opt, buf, 0, max / mult, &v, NULL) != SIM_OK || v * mult < min)
		goto bad;
	*out = v * mult;
	return SIM_OK;
bad:
	return err_set(e, SIM_EINPUT, "%s: expected bytes in [%ld, %ld] (suffix K, M or G allowed), got \"%.60s\"",
		       opt, min, max, s);
}

int cli_int_list(const char *opt, const char *s, int min, int max, int *out, int cap, int *n,
		 struct err *e)
{
	char buf[1024];
	char *save = NULL, *tok;
	int count = 0;
	/* a presence map keeps the list sorted and unique */
	unsigned char *seen;

	if (strlen(s) == 0 || strlen(s) >= sizeof buf)
		return err_set(e, SIM_EINPUT, "%s: expected a list like 1,2,4 or a range like 1-64, got \"%.60s\"", opt, s);
	if (max - min > 1 << 20)
		return err_set(e, SIM_EINTERNAL, "%s: range too wide", opt);
	seen = calloc((size_t)(max - min + 1), 1);
	if (!seen)
		return err_set(e, SIM_EINTERNAL, "out of memory");
	strcpy(buf, s);
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		char *dash = strchr(tok + 1, '-');
		int lo, hi, rc;
		if (dash) {
			*dash = '\0';
			rc = cli_int(opt, tok, min, max, &lo, e);
			if (!rc)
				rc = cli_int(opt, dash + 1, min, max, &hi, e);
			if (!rc && hi < lo)
				rc = err_set(e, SIM_EINPUT, "%s: expected a range LO-HI with LO <= HI, got \"%s-%s\"", opt, tok, dash + 1);
		} else {
			rc = cli_int(opt, tok, min, max, &lo, e);
			hi = lo;
		}
		if (rc) {
			free(seen);
			return rc;
		}
		for (int v = lo; v <= hi; v++)
			seen[v - min] = 1;
	}
	for (int v = min; v <= max; v++) {
		if (!seen[v - min])
			continue;
		if (count == cap) {
			free(seen);
			return err_set(e, SIM_EINPUT, "%s: expected at most %d values, got more in \"%.60s\"", opt, cap, s);
		}
		out[count++] = v;
	}
	free(seen);
	*n = count;
	return SIM_OK;
}

int cli_common_opt(struct cli *c, struct cli_common *o, struct err *e)
{
	const char *v;
	int rc;
	if ((o->takes & CLI_ARCH) && (rc = cli_opt(c, "--arch", &o->arch, e)))
		return rc < 0 ? rc : 1;
	if ((o->takes & CLI_ARCH) && (rc = cli_opt(c, "--arch-set", &v, e))) {
		size_t n = strlen(o->arch_set);
		if (rc < 0)
			return rc;
		if (!*v)
			return err_set(e, SIM_EINPUT, "--arch-set: expected KEY=VALUE[,KEY=VALUE] (as dram_latency=900), got \"\"");
		if (n + 1 + strlen(v) >= sizeof o->arch_set)
			return err_set(e, SIM_EINPUT, "--arch-set: expected at most %zu characters in all, got more",
				       sizeof o->arch_set - 1);
		snprintf(o->arch_set + n, sizeof o->arch_set - n, "%s%s", n ? "," : "", v);
		return 1;
	}
	if ((o->takes & CLI_JOBS) && (rc = cli_opt(c, "--jobs", &v, e)))
		return rc < 0 ? rc : (rc = cli_int("--jobs", v, 1, 256, &o->jobs, e)) ? rc : 1;
	if ((o->takes & CLI_KNEE_TOL) && (rc = cli_opt(c, "--knee-tol", &v, e)))
		return rc < 0 ? rc : (rc = cli_double("--knee-tol", v, 0.0, 0.99, &o->knee_tol, e)) ? rc : 1;
	if ((o->takes & CLI_POLICY) && (rc = cli_opt(c, "--policy", &v, e))) {
		enum sched_policy p;
		if (rc < 0 || (rc = sched_parse_policy(v, &p, e)))
			return rc;
		o->policy = (int)p;
		return 1;
	}
	if ((o->takes & CLI_FORMAT) && cli_flag(c, "--json")) {
		o->fmt = OUT_JSON;
		return 1;
	}
	if ((o->takes & CLI_FORMAT) && cli_flag(c, "--csv")) {
		o->fmt = OUT_CSV;
		return 1;
	}
	return 0;
}
