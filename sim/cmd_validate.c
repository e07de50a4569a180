/*
 * cmd_validate.c: `smsim validate`, simulated cycles against cycles
 * measured on a GPU by the companion microbenchmark (workloads/cuda/).
 *
 * Each measured row names a workload, its parameters, ILP, iterations and
 * launch shape; smsim simulates the same and compares elapsed cycles. Per
 * family: mean absolute percentage error, the largest error, the
 * correlation of simulated with measured cycles (GSL), and, per ILP curve,
 * the knee of each (smallest W whose throughput, W / cycles, is within
 * --knee-tol of the curve's best) and whether they agree within
 * --max-knee-diff warps. Exit status 1 when a family is beyond the limits.
 */
#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "cfg.h"
#include "cli.h"
#include "cmd.h"
#include "csv.h"
#include "fileio.h"
#include "report.h"
#include "sweep.h"

struct vrow {
	double measured;   /* cycles */
	int line;          /* in its file */
	const char *file;
};

/* Knee of the curve rows[i..j) by throughput warps/cycles. */
static int knee_of(const struct sweep *s, const double *cyc, int i, int j, double tol)
{
	double best = 0;
	for (int k = i; k < j; k++) {
		double t = s->rows[k].warps / cyc[k];
		if (t > best)
			best = t;
	}
	for (int k = i; k < j; k++)
		if (s->rows[k].warps / cyc[k] >= (1.0 - tol) * best)
			return s->rows[k].warps;
	return 0;
}

static int cmp_row(const void *pa, const void *pb)
{
	const struct sweep_row *a = pa, *b = pb;
	int c = strcmp(a->w.name, b->w.name);
	if (c)
		return c;
	if ((c = strcmp(a->w.set, b->w.set)))
		return c;
	if (a->w.iters != b->w.iters)
		return a->w.iters < b->w.iters ? -1 : 1;
	if (a->w.ilp != b->w.ilp)
		return a->w.ilp - b->w.ilp;
	return a->warps - b->warps;
}

int cmd_validate(int argc, char **argv, struct err *e)
{
	struct cli c = {argc, argv, 0};
	struct cli_common o = {.takes = CLI_ARCH | CLI_JOBS | CLI_KNEE_TOL | CLI_POLICY | CLI_FORMAT,
			       .arch = "sm_90", .knee_tol = 0.05, .policy = POLICY_BGRR};
	const char *files[64], *v;
	int nfiles = 0, rc = SIM_OK, rows_flag = 0, nbad = 0;
	double max_mape = 10.0;
	int max_knee = 4;
	struct arch a;
	struct csv cs[64];
	struct sweep s = {0};
	struct vrow *meta = NULL;
	double *meas = NULL, *simc = NULL;
	long nc = sysconf(_SC_NPROCESSORS_ONLN);
	cJSON *jroot = NULL, *jfam = NULL, *jrows = NULL;

	o.jobs = nc > 0 ? (int)nc : 1;
	memset(cs, 0, sizeof cs);
	while (c.i < argc) {
		if ((rc = cli_common_opt(&c, &o, e))) {
			if (rc < 0)
				return rc;
		} else if ((rc = cli_opt(&c, "--measured", &v, e))) {
			if (rc < 0)
				return rc;
			if (nfiles == 64)
				return err_set(e, SIM_EINPUT, "--measured: expected at most 64 files");
			files[nfiles++] = v;
			/* more file names may follow without the option */
			while (c.i < argc && argv[c.i][0] != '-' && nfiles < 64)
				files[nfiles++] = argv[c.i++];
		} else if ((rc = cli_opt(&c, "--max-mape", &v, e))) {
			if (rc < 0 || (rc = cli_double("--max-mape", v, 0, 1000, &max_mape, e)))
				return rc;
		} else if ((rc = cli_opt(&c, "--max-knee-diff", &v, e))) {
			if (rc < 0 || (rc = cli_int("--max-knee-diff", v, 0, 64, &max_knee, e)))
				return rc;
		} else if (cli_flag(&c, "--rows")) {
			rows_flag = 1;
		} else {
			return cli_unknown(&c, "validate", e);
		}
	}
	if (nfiles == 0)
		return err_set(e, SIM_EINPUT, "validate: expected --measured FILE (a CSV written by the microbenchmark, e.g. tests/data/h200/sweep.csv)");
	if ((rc = cfg_load_set(&a, o.arch, o.arch_set, "--arch-set", e)))
		return rc;

	/* read every measured row into a sweep plan */
	int total = 0;
	for (int f = 0; f < nfiles; f++) {
		if ((rc = csv_read(&cs[f], files[f], e)))
			goto out;
		total += cs[f].nrows;
	}
	if (total == 0) {
		rc = err_set(e, SIM_EINPUT, "%s: no data rows (expected measured rows after the header)", files[0]);
		goto out;
	}
	s.a = &a;
	s.knee_tol = o.knee_tol;
	s.policy = (enum sched_policy)o.policy;
	s.rows = calloc((size_t)total, sizeof *s.rows);
	meta = calloc((size_t)total, sizeof *meta);
	meas = calloc((size_t)total, sizeof *meas);
	simc = calloc((size_t)total, sizeof *simc);
	if (!s.rows || !meta || !meas || !simc) {
		rc = err_set(e, SIM_EINTERNAL, "out of memory");
		goto out;
	}
	for (int f = 0; f < nfiles; f++) {
		static const char *need[] = {"workload", "ilp", "warps_per_sm", "blocks_per_sm", "threads_per_block",
					     "iters", "set", "cycles"};
		int col[8];
		for (int k = 0; k < 8; k++)
			if ((rc = csv_need(&cs[f], need[k], &col[k], e)))
				goto out;
		for (int r = 0; r < cs[f].nrows; r++) {
			const struct csv_row *row = &cs[f].rows[r];
			struct sweep_row *sr = &s.rows[s.nrows];
			long ilp, w, b, t, it;
			double cyc;
			struct err inner;
			if ((rc = csv_long(&cs[f], row, col[1], 1, SWEEP_MAX_ILP, &ilp, e)) ||
			    (rc = csv_long(&cs[f], row, col[2], 1, 1024, &w, e)) ||
			    (rc = csv_long(&cs[f], row, col[3], 1, 1 << 20, &b, e)) ||
			    (rc = csv_long(&cs[f], row, col[4], 1, a.maxThreadsPerBlock, &t, e)) ||
			    (rc = csv_long(&cs[f], row, col[5], 1, 100000000, &it, e)) ||
			    (rc = csv_double(&cs[f], row, col[7], 1, 1e15, &cyc, e)))
				goto out;
			if ((rc = wl_parse(row->f[col[0]], row->f[col[6]], &sr->w, &inner))) {
				rc = err_set(e, rc, "%s:%d: %s", files[f], row->line, inner.msg);
				goto out;
			}
			sr->w.ilp = (int)ilp;
			sr->w.iters = (uint64_t)it;
			wl_canonical(&sr->w);
			sr->warps = (int)w;
			sr->blocks = (int)b;
			sr->threads = (int)t;
			meta[s.nrows].measured = cyc;
			meta[s.nrows].line = row->line;
			meta[s.nrows].file = files[f];
			s.nrows++;
		}
	}
	/* order by curve so knees can be read off; keep each row's measurement with it */
	{
		struct pair {
			struct sweep_row r;
			struct vrow m;
		} *tmp = malloc(sizeof *tmp * (size_t)s.nrows);
		if (!tmp) {
			rc = err_set(e, SIM_EINTERNAL, "out of memory");
			goto out;
		}
		for (int i = 0; i < s.nrows; i++) {
			tmp[i].r = s.rows[i];
			tmp[i].m = meta[i];
		}
		qsort(tmp, (size_t)s.nrows, sizeof *tmp, cmp_row);
		for (int i = 0; i < s.nrows; i++) {
			s.rows[i] = tmp[i].r;
			meta[i] = tmp[i].m;
			meas[i] = meta[i].measured;
		}
		free(tmp);
	}
	if ((rc = sweep_run(&s, o.jobs, 0, 1, NULL, 0, e)))
		goto out;
	for (int i = 0; i < s.nrows; i++)
		simc[i] = (double)s.rows[i].st.cycles;

	if (o.fmt == OUT_JSON) {
		jroot = cJSON_CreateObject();
		jfam = cJSON_CreateArray();
		jrows = cJSON_CreateArray();
		cJSON_AddStringToObject(jroot, "arch", a.name);
		cJSON_AddNumberToObject(jroot, "max_mape_pct", max_mape);
		cJSON_AddNumberToObject(jroot, "max_knee_diff", max_knee);
	} else if (o.fmt == OUT_CSV) {
		printf("family,ilp,warps_per_sm,measured_cycles,simulated_cycles,error_pct,set,iters,blocks_per_sm,threads_per_block\n");
	} else {
		printf("validate %s (%s) against", a.name, a.gpu);
		for (int f = 0; f < nfiles; f++)
			printf(" %s", files[f]);
		printf(": %d rows\n\n", s.nrows);
		if (rows_flag)
			printf("  %-11s %4s %5s %12s %12s %8s\n", "family", "ilp", "warps", "measured", "simulated", "error");
	}
	for (int i = 0; i < s.nrows; i++) {
		double err_pct = 100.0 * (simc[i] - meas[i]) / meas[i];
		const struct sweep_row *r = &s.rows[i];
		if (o.fmt == OUT_CSV)
			printf("%s,%d,%d,%.0f,%.0f,%.3f,%s,%llu,%d,%d\n", r->w.name, r->w.ilp, r->warps, meas[i], simc[i], err_pct,
			       r->w.set, (unsigned long long)r->w.iters, r->blocks, r->threads);
		else if (o.fmt == OUT_JSON) {
			cJSON *o = cJSON_CreateObject();
			cJSON_AddStringToObject(o, "family", r->w.name);
			cJSON_AddStringToObject(o, "set", r->w.set);
			cJSON_AddNumberToObject(o, "ilp", r->w.ilp);
			cJSON_AddNumberToObject(o, "warps_per_sm", r->warps);
			cJSON_AddNumberToObject(o, "measured_cycles", meas[i]);
			cJSON_AddNumberToObject(o, "simulated_cycles", simc[i]);
			cJSON_AddNumberToObject(o, "error_pct", err_pct);
			cJSON_AddItemToArray(jrows, o);
		} else if (rows_flag)
			printf("  %-11s %4d %5d %12.0f %12.0f %+7.1f%%\n", r->w.name, r->w.ilp, r->warps, meas[i], simc[i], err_pct);
	}
	if (o.fmt == OUT_TABLE)
		printf("%s  %-11s %5s %7s %8s %7s  %-34s %s\n", rows_flag ? "\n" : "", "family", "rows", "MAPE", "max err",
		       "corr", "knee W measured/simulated by ILP", "verdict");
	/* per family */
	for (int i = 0; i < s.nrows;) {
		int j = i;
		double sum = 0, worst = 0;
		char knees[256] = "";
		int knees_ok = 1;
		while (j < s.nrows && !strcmp(s.rows[j].w.name, s.rows[i].w.name))
			j++;
		for (int k = i; k < j; k++) {
			double ae = fabs(simc[k] - meas[k]) / meas[k];
			sum += ae;
			if (ae > worst)
				worst = ae;
		}
		double mape = 100.0 * sum / (j - i);
		double corr = j - i > 2 ? gsl_stats_correlation(meas + i, 1, simc + i, 1, (size_t)(j - i)) : 1.0;
		cJSON *jk = o.fmt == OUT_JSON ? cJSON_CreateArray() : NULL;
		for (int k = i; k < j;) {
			int m = k;
			while (m < j && sweep_same_curve(&s.rows[k], &s.rows[m]))
				m++;
			int km = knee_of(&s, meas, k, m, o.knee_tol), ks = knee_of(&s, simc, k, m, o.knee_tol);
			int ok = abs(km - ks) <= max_knee;
			knees_ok &= ok;
			char one[40];
			snprintf(one, sizeof one, "%s%d:%d/%d%s", knees[0] ? " " : "", s.rows[k].w.ilp, km, ks, ok ? "" : "!");
			strncat(knees, one, sizeof knees - strlen(knees) - 1);
			if (jk) {
				cJSON *o = cJSON_CreateObject();
				cJSON_AddNumberToObject(o, "ilp", s.rows[k].w.ilp);
				cJSON_AddStringToObject(o, "set", s.rows[k].w.set);
				cJSON_AddNumberToObject(o, "knee_measured", km);
				cJSON_AddNumberToObject(o, "knee_simulated", ks);
				cJSON_AddBoolToObject(o, "agree", ok);
				cJSON_AddItemToArray(jk, o);
			}
			k = m;
		}
		int pass = mape <= max_mape && knees_ok;
		nbad += !pass;
		if (o.fmt == OUT_TABLE)
			printf("  %-11s %5d %6.1f%% %7.1f%% %7.4f  %-34s %s\n", s.rows[i].w.name, j - i, mape, 100 * worst, corr,
			       knees, pass ? "ok" : mape > max_mape ? "FAIL (MAPE)" : "FAIL (knee)");
		else if (o.fmt == OUT_JSON) {
			cJSON *o = cJSON_CreateObject();
			cJSON_AddStringToObject(o, "family", s.rows[i].w.name);
			cJSON_AddNumberToObject(o, "rows", j - i);
			cJSON_AddNumberToObject(o, "mape_pct", mape);
			cJSON_AddNumberToObject(o, "max_error_pct", 100 * worst);
			cJSON_AddNumberToObject(o, "correlation", corr);
			cJSON_AddItemToObject(o, "knees", jk);
			cJSON_AddBoolToObject(o, "pass", pass);
			cJSON_AddItemToArray(jfam, o);
		}
		i = j;
	}
	if (o.fmt == OUT_TABLE)
		printf("\nlimits: MAPE <= %.1f%%, knees within %d warps (knee: smallest W within %.0f%% of the curve's best throughput)\n",
		       max_mape, max_knee, 100 * o.knee_tol);
	if (jroot) {
		cJSON_AddItemToObject(jroot, "families", jfam);
		cJSON_AddItemToObject(jroot, "rows", jrows);
		cJSON_AddBoolToObject(jroot, "pass", nbad == 0);
		jfam = jrows = NULL;
		rc = report_print_json(stdout, jroot);
		jroot = NULL;
		if (rc)
			goto out;
	}
	if (nbad)
		rc = err_set(e, SIM_EINTERNAL, "validate: %d famil%s beyond the limits (MAPE <= %.1f%%, knees within %d warps)",
			     nbad, nbad == 1 ? "y" : "ies", max_mape, max_knee);
out:
	cJSON_Delete(jroot);
	cJSON_Delete(jfam);
	cJSON_Delete(jrows);
	for (int f = 0; f < nfiles; f++)
		csv_free(&cs[f]);
	free(meta);
	free(meas);
	free(simc);
	sweep_free(&s);
	return rc;
}
