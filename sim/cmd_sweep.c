/*
 * cmd_sweep.c: `smsim sweep` (and the default demonstration) and
 * `smsim merge`.
 *
 * Output files are never left half-written under their final name:
 * finished rows go to FILE.partial as they complete (flushed), and FILE is
 * written whole, in point order with knees, by write-then-rename when the
 * sweep (or this shard of it) is complete. --resume takes the rows of
 * FILE.partial (and of FILE) and runs only the rest.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "../isa/parse.h"
#include "cfg.h"
#include "cli.h"
#include "cmd.h"
#include "csv.h"
#include "fileio.h"
#include "report.h"
#include "sweep.h"

static int ncores(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (int)n : 1;
}

/* The top stall (not selected/selected) of a row. */
static int top_stall(const struct sweep_row *r)
{
	int top = -1;
	for (int k = 0; k < ST_COUNT; k++)
		if (k != ST_SELECTED && k != ST_NOT_SELECTED && (top < 0 || r->st.stalls[k] > r->st.stalls[top]))
			top = k;
	return top;
}

/* The table of a fixed-program sweep: one curve, throughput and cycles per
 * W, the knee, and what the warps were doing below it and at the best. */
static void print_program_table(const struct sweep *s, const char *name)
{
	const struct sweep_row *best = NULL, *knee = NULL, *below = NULL;
	printf("Resident warps: program %s on %s (%s), policy %s\n", name, s->a->name, s->a->gpu,
	       sched_policy_names[s->policy]);
	if (s->a->overrides[0])
		printf("with --arch-set %s\n", s->a->overrides);
	printf("\n%s%s%sthe same program per warp. Throughput in warp instructions per cycle per SM\n"
	       "(each warp runs the program once, so elapsed cycles of a fixed amount of work fall as\n"
	       "1/throughput; * marks the knee):\n\n",
	       s->rows[0].w.set[0] ? "import options " : "", s->rows[0].w.set, s->rows[0].w.set[0] ? ", " : "");
	printf("  %8s  %9s %12s %16s\n", "warps/SM", "ipc", "cycles", "warp instrs");
	for (int k = 0; k < s->nrows; k++) {
		const struct sweep_row *r = &s->rows[k];
		if (r->done && (!best || r->st.ipc > best->st.ipc))
			best = r;
		if (r->knee)
			knee = r;
		if (!r->done) {
			printf("  %8d  %9s %12s %16s\n", r->warps, "-", "-", "-");
			continue;
		}
		printf("  %8d  %8.3f%s %12llu %16llu\n", r->warps, r->st.ipc, r->knee ? "*" : " ",
		       (unsigned long long)r->st.cycles, (unsigned long long)r->st.warp_instructions);
	}
	printf("\n  %10s %14s  %s\n", "knee W", "Little's law", "why");
	if (!knee || !best) {
		printf("  %10s %14s  (the curve is incomplete)\n", "-", "-");
		return;
	}
	printf("  %10d %14s  no closed form for a program (Little's law needs a workload's chain latency and rate)\n",
	       knee->warps, "-");
	for (const struct sweep_row *r = s->rows; r < knee; r++)
		if (r->done)
			below = r;
	{
		int top = top_stall(best);
		printf("  knee at %d: the best throughput is %.3f (at W=%d), where warps are %.0f%% %s\n", knee->warps,
		       best->st.ipc, best->warps, 100 * best->st.stalls[top], warp_state_names[top]);
	}
	if (below) {
		int top = top_stall(below);
		printf("  at W=%d, below the knee, throughput is %.0f%% of the best, warps %.0f%% %s%s\n", below->warps,
		       100 * below->st.ipc / best->st.ipc, 100 * below->st.stalls[top], warp_state_names[top],
		       top == ST_MATH_PIPE_THROTTLE ? " (the pipe or operand collection is busy: register-bank conflicts)"
		       : top == ST_NO_INSTRUCTION ? " (taken-branch cost with no other warp to issue)"
		       : top == ST_LONG_SCOREBOARD ? " (memory latency not yet covered)"
		       : top == ST_WAIT ? " (dependent fixed-latency results)" : "");
	}
}

/* The human table: throughput per W for each ILP, then the knees. */
static void print_table(const struct sweep *s, const char *workload)
{
	int i = 0;
	if (s->prog) {
		print_program_table(s, workload);
		return;
	}
	printf("ILP x resident warps: %s on %s (%s), policy %s\n", workload, s->a->name, s->a->gpu,
	       sched_policy_names[s->policy]);
	if (s->a->overrides[0])
		printf("with --arch-set %s\n", s->a->overrides);
	while (i < s->nrows) {
		/* one block of curves per parameter combination */
		int j = i;
		while (j < s->nrows && strcmp(s->rows[j].w.set, s->rows[i].w.set) == 0 && s->rows[j].w.iters == s->rows[i].w.iters &&
		       s->rows[j].w.unroll == s->rows[i].w.unroll && s->rows[j].w.seed == s->rows[i].w.seed)
			j++;
		int nw = 0;
		while (i + nw < j && s->rows[i + nw].w.ilp == s->rows[i].w.ilp)
			nw++;
		int ncurves = (j - i) / nw;
		printf("\n%s%s%siters=%llu per warp. Throughput in warp instructions per cycle per SM\n"
		       "(elapsed cycles of a fixed amount of work fall as 1/throughput; * marks the knee):\n\n",
		       s->rows[i].w.set[0] ? "parameters " : "", s->rows[i].w.set, s->rows[i].w.set[0] ? ", " : "",
		       (unsigned long long)s->rows[i].w.iters);
		printf("  warps/SM");
		for (int c = 0; c < ncurves; c++)
			printf("    ILP=%-3d", s->rows[i + c * nw].w.ilp);
		printf("\n");
		for (int k = 0; k < nw; k++) {
			int wv = s->rows[i + k].warps, show = 0;
			static const int pick[] = {1, 2, 3, 4, 6, 8, 12, 16, 20, 24, 28, 32, 40, 48, 56, 64};
			for (size_t q = 0; q < sizeof pick / sizeof pick[0]; q++)
				show |= pick[q] == wv;
			for (int c = 0; c < ncurves; c++)
				show |= s->rows[i + c * nw + k].knee;
			if (!show && nw > 20)
				continue;
			printf("  %8d", wv);
			for (int c = 0; c < ncurves; c++) {
				const struct sweep_row *r = &s->rows[i + c * nw + k];
				if (r->done)
					printf("  %7.3f%s", r->st.ipc, r->knee ? "*" : " ");
				else
					printf("  %7s ", "-");
			}
			printf("\n");
		}
		printf("\n  %-5s %10s %14s  %s\n", "ILP", "knee W", "Little's law", "limiting resource (latency x rate)");
		for (int c = 0; c < ncurves; c++) {
			const struct sweep_row *r = &s->rows[i + c * nw];
			char kb[16];
			if (r->curve_knee)
				snprintf(kb, sizeof kb, "%d", r->curve_knee);
			else
				snprintf(kb, sizeof kb, "-");
			printf("  %-5d %10s %14d  %s (%.0f cycles x %.3g per cycle)\n", r->w.ilp, kb, r->little.warps,
			       r->little.limiter, r->little.latency, r->little.rate);
		}
		/* where the simulated knee departs from Little's law, say what the
		 * warps were doing at the predicted W */
		for (int c = 0; c < ncurves; c++) {
			const struct sweep_row *base = &s->rows[i + c * nw], *at = NULL, *best = base;
			for (int k = 0; k < nw; k++) {
				const struct sweep_row *r = &s->rows[i + c * nw + k];
				if (r->warps == base->little.warps)
					at = r;
				if (r->st.ipc > best->st.ipc)
					best = r;
			}
			if (!at || !base->curve_knee || abs(base->curve_knee - base->little.warps) <= 1)
				continue;
			if (base->curve_knee < base->little.warps) {
				/* saturates early: the rate reached is below the resource's */
				int top = -1;
				for (int k = 0; k < ST_COUNT; k++)
					if (k != ST_SELECTED && k != ST_NOT_SELECTED && (top < 0 || best->st.stalls[k] > best->st.stalls[top]))
						top = k;
				printf("  ILP %d: knee at %d, before %d: the best throughput, %.3f, is %.0f%% of what Little's law assumed; at the best point warps are %.0f%% %s%s\n",
				       base->w.ilp, base->curve_knee, base->little.warps, best->st.ipc,
				       100 * best->st.ipc / (base->little.rate > 0 ? base->little.rate : 1), 100 * best->st.stalls[top],
				       warp_state_names[top],
				       top == ST_MATH_PIPE_THROTTLE || top == ST_WAIT
					       ? " (operand collection: register-bank conflicts read a bank a second cycle, hold an operand collector and delay the result)"
					       : "");
				continue;
			}
			int top = -1;
			for (int k = 0; k < ST_COUNT; k++)
				if (k != ST_SELECTED && k != ST_NOT_SELECTED && (top < 0 || at->st.stalls[k] > at->st.stalls[top]))
					top = k;
			printf("  ILP %d: knee at %d, not %d: at W=%d throughput is %.0f%% of the best (%.3f), warps %.0f%% %s%s\n",
			       base->w.ilp, base->curve_knee, base->little.warps, at->warps, 100 * at->st.ipc / best->st.ipc,
			       best->st.ipc, 100 * at->st.stalls[top], warp_state_names[top],
			       top == ST_MATH_PIPE_THROTTLE ? " (the pipe or operand collection is busy: register-bank conflicts)"
			       : top == ST_NO_INSTRUCTION ? " (taken-branch cost with no other warp to issue)"
			       : top == ST_LONG_SCOREBOARD ? " (memory latency not yet covered)"
			       : top == ST_WAIT ? " (dependent fixed-latency results: Little's law counts the chain ops alone, and the loop's counter, compare and taken branch leave gaps that exactly latency x rate chains in flight do not fill)" : "");
		}
		i = j;
	}
}

/* The --vary table: throughput per value of the varied key for each ILP,
 * the knee (*) and Little's law's warps per point. */
static void print_vary_table(const struct sweep *s, const char *workload)
{
	int nv = s->nvals, block = s->nilp * nv;
	int kw = (int)strlen(s->vary) > 10 ? (int)strlen(s->vary) : 10;
	printf("%s%s at %d resident warps: %s%s on %s (%s), policy %s\n", s->prog ? "" : "ILP x ", s->vary, s->rows[0].warps,
	       s->prog ? "program " : "", workload, s->a->name, s->a->gpu, sched_policy_names[s->policy]);
	if (s->a->overrides[0])
		printf("with --arch-set %s\n", s->a->overrides);
	for (int i = 0; i + block <= s->nrows; i += block) {
		const struct sweep_row *r0 = &s->rows[i];
		char params[300] = "";
		/* the combination's parameters, without the varied one */
		for (const char *p = r0->w.set; *p;) {
			size_t len = strcspn(p, ";"), nk = strlen(s->vary);
			if (!(len > nk && !strncmp(p, s->vary, nk) && p[nk] == '='))
				snprintf(params + strlen(params), sizeof params - strlen(params), "%s%.*s", params[0] ? ", " : "",
					 (int)len, p);
			p += len + (p[len] == ';');
		}
		printf("\n%s%s%s", params[0] ? (s->prog ? "import options " : "parameters ") : "", params, params[0] ? ", " : "");
		if (s->prog)
			printf("the same program per warp. ");
		else if (strcmp(s->vary, "iters"))
			printf("iters=%llu per warp. ", (unsigned long long)r0->w.iters);
		printf("Throughput in warp instructions per cycle per SM\n"
		       "(* marks the knee: the first value within %.0f%% of the curve's best; L: warps Little's law needs%s):\n\n",
		       100 * s->knee_tol, s->prog ? ", none for a program: no closed form" : "");
		printf("  %*s", kw, s->vary);
		for (int c = 0; c < s->nilp; c++)
			printf("    ILP=%-3d      ", s->rows[i + c * nv].w.ilp);
		printf("\n");
		for (int k = 0; k < nv; k++) {
			printf("  %*s", kw, s->vals[k]);
			for (int c = 0; c < s->nilp; c++) {
				const struct sweep_row *r = &s->rows[i + c * nv + k];
				if (r->done && s->prog)
					printf("  %7.3f%s L%-4s", r->st.ipc, r->knee ? "*" : " ", "-");
				else if (r->done)
					printf("  %7.3f%s L%-4d", r->st.ipc, r->knee ? "*" : " ", r->little.warps);
				else
					printf("  %7s  %5s ", "-", "");
			}
			printf("\n");
		}
		printf("\n  %-5s %*s  %s\n", "ILP", kw, "knee", "within the tolerance of the best throughput");
		for (int c = 0; c < s->nilp; c++) {
			const struct sweep_row *base = &s->rows[i + c * nv];
			int kn = -1, last = -1;
			double best = 0;
			for (int k = 0; k < nv; k++) {
				if (base[k].knee)
					kn = k;
				if (base[k].done && base[k].st.ipc > best)
					best = base[k].st.ipc;
			}
			for (int k = 0; k < nv; k++)
				if (base[k].done && base[k].st.ipc >= (1.0 - s->knee_tol) * best)
					last = k;
			if (kn < 0)
				printf("  %-5d %*s\n", base->w.ilp, kw, "-");
			else
				printf("  %-5d %*s  from %s to %s (best %.3f)\n", base->w.ilp, kw, s->vals[kn], s->vals[kn],
				       s->vals[last], best);
		}
	}
}

static int print_json(const struct sweep *s)
{
	cJSON *o = cJSON_CreateObject(), *pts = cJSON_CreateArray();
	cJSON_AddStringToObject(o, "arch", s->a->name);
	cJSON_AddStringToObject(o, "policy", sched_policy_names[s->policy]);
	cJSON_AddNumberToObject(o, "knee_tol", s->knee_tol);
	for (int i = 0; i < s->nrows; i++) {
		const struct sweep_row *r = &s->rows[i];
		struct sim_launch l = {.threads_per_block = r->threads, .blocks = r->blocks, .policy = s->policy};
		cJSON *p = report_run_json(sweep_row_arch(s, r), sweep_row_name(s, r), r->w.set, &l, &r->st);
		cJSON_AddNumberToObject(p, "ilp", r->w.ilp);
		if (s->prog)
			cJSON_AddNullToObject(p, "iters");
		else
			cJSON_AddNumberToObject(p, "iters", (double)r->w.iters);
		cJSON_AddNumberToObject(p, "warps_per_sm", r->warps);
		cJSON_AddNumberToObject(p, "blocks_per_sm", r->blocks);
		cJSON_AddBoolToObject(p, "knee", r->knee);
		cJSON_AddNumberToObject(p, "curve_knee", r->curve_knee);
		if (s->prog)
			cJSON_AddNullToObject(p, "littles_warps");
		else
			cJSON_AddNumberToObject(p, "littles_warps", r->little.warps);
		cJSON_AddStringToObject(p, "littles_limiter", r->little.limiter ? r->little.limiter : "");
		if (s->vary[0]) {
			cJSON_AddStringToObject(p, "vary", s->vary);
			cJSON_AddStringToObject(p, "vary_value", s->vals[r->vi]);
		}
		cJSON_AddItemToArray(pts, p);
	}
	cJSON_AddItemToObject(o, "points", pts);
	return report_print_json(stdout, o);
}

static int write_csv_file(const struct sweep *s, const char *path, struct err *e)
{
	char tmp[4200];
	FILE *f = fileio_open_tmp(path, tmp, sizeof tmp, e);
	if (!f)
		return SIM_EIO;
	sweep_csv_header(f, s);
	for (int i = 0; i < s->nrows; i++)
		if (s->rows[i].done)
			sweep_csv_row(f, s, &s->rows[i]);
	return fileio_commit(f, tmp, path, e);
}

int cmd_sweep(int argc, char **argv, struct err *e)
{
	struct cli c = {argc, argv, 0};
	struct cli_common o = {.takes = CLI_ARCH | CLI_JOBS | CLI_KNEE_TOL | CLI_POLICY | CLI_FORMAT,
				.arch = "sm_90", .jobs = ncores(), .knee_tol = 0.05, .policy = POLICY_BGRR};
	const char *workload = NULL, *set = "", *ilp_s = "1,2,4,8", *warps_s = "1-64";
	const char *out = NULL, *shard_s = NULL, *vary = NULL;
	int resume = 0, ishard = 0, nshard = 1, demo = 0, warps_given = 0, rc;
	int ilps[SWEEP_MAX_ILP], nilp, warps[SWEEP_MAX_W], nwarps;
	struct arch a;
	struct sweep s = {0};
	char partial[4200];
	FILE *prog = NULL;
	const char *program = NULL;
	struct import_cli ic;
	struct program fixed;
	int have_fixed = 0, ilp_given = 0;
	char iset[256] = ""; /* the import options, the set column of a --sass sweep */

	memset(&ic, 0, sizeof ic);

	while (c.i < argc) {
		int i0 = c.i;
		if ((rc = cli_common_opt(&c, &o, e)) || (rc = cli_opt(&c, "--workload", &workload, e)) ||
		    (rc = cli_opt(&c, "--set", &set, e)) || (rc = cli_opt(&c, "--program", &program, e)) ||
		    (rc = cli_opt(&c, "--out", &out, e)) || (rc = cli_opt(&c, "--shard", &shard_s, e)) ||
		    (rc = cli_opt(&c, "--vary", &vary, e))) {
			if (rc < 0)
				return rc;
		} else if ((rc = cli_opt(&c, "--ilp", &ilp_s, e))) {
			if (rc < 0)
				return rc;
			ilp_given = 1;
		} else if ((rc = import_cli_opt(&c, &ic, e))) {
			if (rc < 0)
				return rc;
			/* --trips/--taken/--mem/--unknown, in order, as the set column
			 * (k=v;k=v, commas in values as '+'): rows of another import differ */
			if (strcmp(argv[i0], "--sass") && strncmp(argv[i0], "--sass=", 7) && strcmp(argv[i0], "--kernel") &&
			    strncmp(argv[i0], "--kernel=", 9)) {
				size_t n = strlen(iset);
				snprintf(iset + n, sizeof iset - n, "%s%s%s%s", n ? ";" : "", argv[i0] + 2, c.i - i0 == 2 ? "=" : "",
					 c.i - i0 == 2 ? argv[i0 + 1] : "");
				for (char *q = iset; *q; q++)
					if (*q == ',')
						*q = '+';
			}
		} else if ((rc = cli_opt(&c, "--warps", &warps_s, e))) {
			if (rc < 0)
				return rc;
			warps_given = 1;
		} else if (cli_flag(&c, "--resume")) {
			resume = 1;
		} else if (cli_flag(&c, "--demo")) {
			demo = 1;
		} else {
			return cli_unknown(&c, "sweep", e);
		}
	}
	if (demo && !workload && !program && !ic.sass)
		workload = "fma";
	if ((workload != NULL) + (program != NULL) + (ic.sass != NULL) > 1)
		return err_set(e, SIM_EINPUT, "sweep: expected one of --workload NAME, --program FILE or --sass FILE --kernel NAME, got %s%s%s",
			       workload ? "--workload" : "", workload && (program || ic.sass) ? " and " : "",
			       program && ic.sass ? "--program and --sass" : program ? "--program" : "--sass");
	if (!ic.sass && (ic.kernel || ic.o.ntrips || ic.o.trips_all || ic.o.ntaken || ic.o.nmem))
		return err_set(e, SIM_EINPUT, "sweep: --kernel, --trips, --taken and --mem go with --sass FILE (expected --sass)");
	if (ic.sass && !ic.kernel)
		return err_set(e, SIM_EINPUT, "sweep: --sass FILE: expected --kernel NAME as well (the kernel of the listing to sweep)");
	if (!workload && !program && !ic.sass)
		return err_set(e, SIM_EINPUT, "sweep: expected --workload NAME (fma, dram_chase, l1_chase, smem_chase, mix, tile, diverge, barrier), "
			       "--program FILE or --sass FILE --kernel NAME");
	if (!workload && ilp_given)
		return err_set(e, SIM_EINPUT, "sweep: --ilp goes with --workload (a program's instruction-level parallelism is in its code: "
			       "expected no --ilp with --%s)", program ? "program" : "sass");
	if (!workload && set[0])
		return err_set(e, SIM_EINPUT, "sweep: --set takes workload parameters (expected none with --%s; the import options are "
			       "--trips, --taken, --mem and --unknown)", program ? "program" : "sass");
	if (shard_s) {
		char tail;
		if (sscanf(shard_s, "%d/%d%c", &ishard, &nshard, &tail) != 2 || nshard < 1 || nshard > 100000 ||
		    ishard < 0 || ishard >= nshard)
			return err_set(e, SIM_EINPUT, "--shard: expected I/N with 0 <= I < N (for example 0/4), got \"%.40s\"", shard_s);
		if (!out)
			return err_set(e, SIM_EINPUT, "--shard: expected --out FILE as well (shards are joined with smsim merge)");
	}
	if (resume && !out)
		return err_set(e, SIM_EINPUT, "--resume: expected --out FILE (the sweep to continue)");
	if ((rc = cli_int_list("--ilp", ilp_s, 1, SWEEP_MAX_ILP, ilps, SWEEP_MAX_ILP, &nilp, e)) ||
	    (rc = sweep_parse_warps(warps_s, warps, SWEEP_MAX_W, &nwarps, e)))
		return rc;
	if (vary && !warps_given)
		return err_set(e, SIM_EINPUT, "--vary: expected --warps W as well (the resident warps its x axis is taken at)");
	if (vary && nwarps != 1)
		return err_set(e, SIM_EINPUT, "--vary: expected one --warps W (the x axis is the varied key), got \"%.40s\" (%d values)",
			       warps_s, nwarps);
	if ((rc = cfg_load_set(&a, o.arch, o.arch_set, "--arch-set", e)))
		return rc;
	if (!workload) {
		/* the program is read once, before any worker starts */
		program_init(&fixed, "");
		have_fixed = 1;
		if (ic.sass)
			rc = import_cli_program(&ic, &fixed, e);
		else
			rc = parse_program_file(program, &fixed, e);
		if (rc)
			goto out;
		rc = sweep_plan_program(&s, &a, o.arch, &fixed, iset, warps, nwarps, vary, e);
		workload = fixed.name;
	} else if (vary)
		rc = sweep_plan_vary(&s, &a, o.arch, workload, set, ilps, nilp, warps[0], vary, e);
	else
		rc = sweep_plan(&s, &a, workload, set, ilps, nilp, warps, nwarps, e);
	if (rc)
		goto out;
	s.policy = (enum sched_policy)o.policy;
	s.knee_tol = o.knee_tol;
	if (out) {
		int taken = 0;
		snprintf(partial, sizeof partial, "%s.partial", out);
		if (resume) {
			if (access(out, F_OK) == 0 && (rc = sweep_load_csv(&s, out, &taken, e)))
				goto out;
			if (access(partial, F_OK) == 0 && (rc = sweep_load_csv(&s, partial, &taken, e)))
				goto out;
		} else if (access(partial, F_OK) == 0) {
			rc = err_set(e, SIM_EINPUT, "%s: exists: an earlier sweep into %s was interrupted (expected --resume to continue it, or remove the file)",
				     partial, out);
			goto out;
		}
		prog = fopen(partial, "a");
		if (!prog) {
			rc = err_set(e, SIM_EIO, "%s: cannot open for appending", partial);
			goto out;
		}
		if (ftell(prog) == 0)
			sweep_csv_header(prog, &s);
		fflush(prog);
	}
	rc = sweep_run(&s, o.jobs, ishard, nshard, prog, isatty(STDERR_FILENO) && o.fmt == OUT_TABLE, e);
	if (prog) {
		fclose(prog);
		prog = NULL;
	}
	if (rc)
		goto out;
	sweep_knees(&s);
	if (out) {
		if ((rc = write_csv_file(&s, out, e)))
			goto out;
		remove(partial);
	}
	if (o.fmt == OUT_JSON) {
		rc = print_json(&s);
	} else if (o.fmt == OUT_CSV) {
		sweep_csv_header(stdout, &s);
		for (int i = 0; i < s.nrows; i++)
			if (s.rows[i].done)
				sweep_csv_row(stdout, &s, &s.rows[i]);
	} else if (nshard > 1) {
		int n = 0;
		for (int i = 0; i < s.nrows; i++)
			n += s.rows[i].done && i % nshard == ishard;
		printf("shard %d/%d: %d points written to %s (join the shards with: smsim merge --out ALL.csv SHARD.csv...)\n",
		       ishard, nshard, n, out);
	} else {
		if (s.vary[0])
			print_vary_table(&s, workload);
		else
			print_table(&s, workload);
		if (out)
			printf("\nCSV: %s\n", out);
	}
out:
	if (prog)
		fclose(prog);
	sweep_free(&s);
	if (have_fixed)
		program_free(&fixed);
	return rc;
}

/* ---- merge ------------------------------------------------------------ */

struct mrow {
	int point;
	char *line; /* borrowed from its csv text, fields joined back with commas */
	double ipc;
	int nf;
	char **f;
};

static int cmp_mrow(const void *a, const void *b)
{
	const struct mrow *x = a, *y = b;
	return (x->point > y->point) - (x->point < y->point);
}

int cmd_merge(int argc, char **argv, struct err *e)
{
	struct cli c = {argc, argv, 0};
	struct cli_common o = {.takes = CLI_KNEE_TOL, .knee_tol = 0.05};
	const char *out = NULL;
	const char *files[4096];
	int nfiles = 0, rc = SIM_OK, total = -1, n = 0, cap = 0;
	struct csv *cs = NULL;
	struct mrow *rows = NULL;
	char header[2048] = "";
	int kcol = -1, pcol = -1;

	while (c.i < argc) {
		if ((rc = cli_opt(&c, "--out", &out, e))) {
			if (rc < 0)
				return rc;
		} else if ((rc = cli_common_opt(&c, &o, e))) {
			if (rc < 0)
				return rc;
		} else if (argv[c.i][0] == '-' && argv[c.i][1] == '-') {
			return cli_unknown(&c, "merge", e);
		} else {
			if (nfiles == 4096)
				return err_set(e, SIM_EINPUT, "merge: expected at most 4096 files");
			files[nfiles++] = argv[c.i++];
		}
	}
	if (!out || nfiles == 0)
		return err_set(e, SIM_EINPUT, "merge: expected --out FILE and at least one shard CSV");
	cs = calloc((size_t)nfiles, sizeof *cs);
	if (!cs)
		return err_set(e, SIM_EINTERNAL, "out of memory");
	for (int i = 0; i < nfiles; i++) {
		int cp, ct, ci;
		char h[2048] = "";
		if ((rc = csv_read(&cs[i], files[i], e)))
			goto out;
		if ((rc = csv_need(&cs[i], "point", &cp, e)) || (rc = csv_need(&cs[i], "points", &ct, e)) ||
		    (rc = csv_need(&cs[i], "knee", &kcol, e)) || (rc = csv_need(&cs[i], "ipc", &ci, e)))
			goto out;
		pcol = cp;
		for (int k = 0; k < cs[i].ncols; k++) {
			strncat(h, k ? "," : "", sizeof h - strlen(h) - 1);
			strncat(h, cs[i].col[k], sizeof h - strlen(h) - 1);
		}
		if (i == 0)
			snprintf(header, sizeof header, "%s", h);
		else if (strcmp(h, header) != 0) {
			rc = err_set(e, SIM_EINPUT, "%s:1: header differs from %s's (expected the same sweep's shards)", files[i], files[0]);
			goto out;
		}
		for (int r = 0; r < cs[i].nrows; r++) {
			struct csv_row *row = &cs[i].rows[r];
			long pt, tt;
			if ((rc = csv_long(&cs[i], row, cp, 0, 1000000, &pt, e)) || (rc = csv_long(&cs[i], row, ct, 1, 1000000, &tt, e)))
				goto out;
			if (total < 0)
				total = (int)tt;
			if (tt != total) {
				rc = err_set(e, SIM_EINPUT, "%s:%d: points: expected %d as in the first shard, got %ld", files[i], row->line, total, tt);
				goto out;
			}
			if (n == cap) {
				cap = cap ? 2 * cap : 256;
				struct mrow *nr = realloc(rows, sizeof *nr * (size_t)cap);
				if (!nr) {
					rc = err_set(e, SIM_EINTERNAL, "out of memory");
					goto out;
				}
				rows = nr;
			}
			rows[n].point = (int)pt;
			rows[n].nf = row->nf;
			rows[n].f = row->f;
			if ((rc = csv_double(&cs[i], row, ci, 0, 1e9, &rows[n].ipc, e)))
				goto out;
			n++;
		}
	}
	qsort(rows, (size_t)n, sizeof *rows, cmp_mrow);
	for (int i = 0; i < n; i++)
		if (rows[i].point != i) {
			int repeated = rows[i].point < i;
			rc = err_set(e, SIM_EINPUT, "merge: point %d is %s (expected every point 0..%d exactly once: a shard is %s)",
				     repeated ? rows[i].point : i, repeated ? "repeated" : "missing", total - 1,
				     repeated ? "given twice" : "missing");
			goto out;
		}
	if (n != total) {
		rc = err_set(e, SIM_EINPUT, "merge: %d of %d points present (expected all: a shard is missing)", n, total);
		goto out;
	}
	/* knees: curves are runs of rows with the same workload, ilp, iters and set */
	{
		int cw = csv_col(&cs[0], "workload"), cilp = csv_col(&cs[0], "ilp"), cit = csv_col(&cs[0], "iters"),
		    cset = csv_col(&cs[0], "set"), cvary = csv_col(&cs[0], "vary"), cwarps = csv_col(&cs[0], "warps_per_sm");
		static char one[] = "1", zero[] = "0";
		for (int i = 0; i < n;) {
			int j = i, knee = -1;
			double best = 0;
			if (cvary >= 0 && rows[i].f[cvary][0]) {
				/* a --vary sweep: a curve runs along the varied key at one W */
				const char *key = rows[i].f[cvary];
				while (j < n && !strcmp(rows[j].f[cw], rows[i].f[cw]) && !strcmp(rows[j].f[cilp], rows[i].f[cilp]) &&
				       !strcmp(rows[j].f[cvary], key) && !strcmp(rows[j].f[cwarps], rows[i].f[cwarps]) &&
				       (!strcmp(key, "iters") || !strcmp(rows[j].f[cit], rows[i].f[cit])) &&
				       sweep_same_set_except(rows[j].f[cset], rows[i].f[cset], key))
					j++;
			} else {
				while (j < n && !strcmp(rows[j].f[cw], rows[i].f[cw]) && !strcmp(rows[j].f[cilp], rows[i].f[cilp]) &&
				       !strcmp(rows[j].f[cit], rows[i].f[cit]) && !strcmp(rows[j].f[cset], rows[i].f[cset]))
					j++;
			}
			for (int k = i; k < j; k++)
				if (rows[k].ipc > best)
					best = rows[k].ipc;
			for (int k = i; k < j && knee < 0; k++)
				if (rows[k].ipc >= (1.0 - o.knee_tol) * best)
					knee = k;
			for (int k = i; k < j; k++)
				rows[k].f[kcol] = k == knee ? one : zero;
			i = j;
		}
	}
	{
		char tmp[4200];
		FILE *f = fileio_open_tmp(out, tmp, sizeof tmp, e);
		if (!f) {
			rc = SIM_EIO;
			goto out;
		}
		fprintf(f, "%s\n", header);
		for (int i = 0; i < n; i++)
			for (int k = 0; k < rows[i].nf; k++)
				fprintf(f, "%s%s", rows[i].f[k], k + 1 < rows[i].nf ? "," : "\n");
		if ((rc = fileio_commit(f, tmp, out, e)))
			goto out;
	}
	printf("merged %d points from %d file%s into %s\n", n, nfiles, nfiles == 1 ? "" : "s", out);
	(void)pcol;
out:
	for (int i = 0; i < nfiles && cs; i++)
		csv_free(&cs[i]);
	free(cs);
	free(rows);
	return rc;
}
