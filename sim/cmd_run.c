/*
 * cmd_run.c: `smsim run`, one simulated launch of a program file or a
 * built-in workload, reported as a table, JSON or CSV.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "../isa/parse.h"
#include "../workloads/wl.h"
#include "cfg.h"
#include "cli.h"
#include "cmd.h"
#include "fileio.h"
#include "report.h"
#include "sm.h"

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* An output written beside the run (--timeline, --stamps, --trace): through a
 * temporary file, renamed onto path only when the run succeeds. */
struct run_out {
	const char *path; /* NULL: not asked for */
	FILE *f;
	char tmp[4200];
};

static int run_out_open(struct run_out *o, struct err *e)
{
	if (o->path && !(o->f = fileio_open_tmp(o->path, o->tmp, sizeof o->tmp, e)))
		return SIM_EIO;
	return SIM_OK;
}

/* After the run (rc): commit o, reporting its error only when the run had none. */
static int run_out_commit(struct run_out *o, int rc, struct err *e)
{
	if (!o->f)
		return rc;
	int rc2 = fileio_commit(o->f, o->tmp, o->path, rc ? NULL : e);
	o->f = NULL;
	return rc ? rc : rc2;
}

static void run_out_abort(struct run_out *o)
{
	if (o->f)
		fileio_abort(o->f, o->tmp);
	o->f = NULL;
}

int cmd_run(int argc, char **argv, struct err *e)
{
	struct cli c = {argc, argv, 0};
	struct cli_common o = {.takes = CLI_ARCH | CLI_POLICY | CLI_FORMAT, .arch = "sm_90", .policy = POLICY_BGRR};
	const char *program = NULL, *workload = NULL, *set = "", *timeline = NULL, *stamps = NULL, *trace = NULL, *v;
	int warps = 0, threads = 0, blocks = 0, repeat = 0, natural = 0, rc;
	double times[101];
	long smem = -1, maxc = 0;
	struct sim_launch l = {.smem_per_block = -1, .carveout_pct = -1};
	struct arch a;
	struct program p;
	struct wl_params w;
	struct sim_stats st;
	struct run_out tlo = {0}, sto = {0}, tro = {0};
	struct import_cli ic;

	memset(&ic, 0, sizeof ic);
	program_init(&p, "");
	while (c.i < argc) {
		if ((rc = cli_common_opt(&c, &o, e)) || (rc = import_cli_opt(&c, &ic, e)) || (rc = cli_opt(&c, "--program", &program, e)) ||
		    (rc = cli_opt(&c, "--workload", &workload, e)) || (rc = cli_opt(&c, "--set", &set, e)) ||
		    (rc = cli_opt(&c, "--timeline", &timeline, e)) || (rc = cli_opt(&c, "--stamps", &stamps, e)) ||
		    (rc = cli_opt(&c, "--trace", &trace, e))) {
			if (rc < 0)
				return rc;
		} else if ((rc = cli_opt(&c, "--warps", &v, e))) {
			if (rc < 0 || (rc = cli_int("--warps", v, 1, 1024, &warps, e)))
				return rc;
		} else if ((rc = cli_opt(&c, "--threads", &v, e))) {
			if (rc < 0 || (rc = cli_int("--threads", v, 1, 1024, &threads, e)))
				return rc;
		} else if ((rc = cli_opt(&c, "--blocks", &v, e))) {
			if (rc < 0 || (rc = cli_int("--blocks", v, 1, 1 << 24, &blocks, e)))
				return rc;
		} else if ((rc = cli_opt(&c, "--regs", &v, e))) {
			if (rc < 0 || (rc = cli_int("--regs", v, 1, 255, &l.regs_per_thread, e)))
				return rc;
		} else if ((rc = cli_opt(&c, "--smem", &v, e))) {
			if (rc < 0 || (rc = cli_bytes("--smem", v, 0, 1L << 30, &smem, e)))
				return rc;
			l.smem_per_block = (int)smem;
		} else if ((rc = cli_opt(&c, "--carveout", &v, e))) {
			if (rc < 0 || (rc = cli_int("--carveout", v, 0, 100, &l.carveout_pct, e)))
				return rc;
		} else if ((rc = cli_opt(&c, "--max-cycles", &v, e))) {
			if (rc < 0 || (rc = cli_long("--max-cycles", v, 1, 0x7fffffffffffffffL, &maxc, e)))
				return rc;
			l.max_cycles = (uint64_t)maxc;
		} else if ((rc = cli_opt(&c, "--repeat", &v, e))) {
			if (rc < 0 || (rc = cli_int("--repeat", v, 1, 101, &repeat, e)))
				return rc;
		} else {
			return cli_unknown(&c, "run", e);
		}
	}
	l.policy = (enum sched_policy)o.policy;
	if ((program != NULL) + (workload != NULL) + (ic.sass != NULL) != 1)
		return err_set(e, SIM_EINPUT, "run: expected exactly one of --program FILE, --sass FILE --kernel NAME or --workload NAME, got %s",
			       program || workload || ic.sass ? "several" : "none");
	if (!ic.sass && (ic.kernel || ic.o.ntrips || ic.o.trips_all || ic.o.ntaken || ic.o.nmem))
		return err_set(e, SIM_EINPUT, "run: --kernel, --trips, --taken and --mem go with --sass FILE (expected --sass)");
	const char *import_name = ic.sass;
	if (ic.sass)
		program = import_name; /* a program, once imported */
	if (warps && (threads || blocks))
		return err_set(e, SIM_EINPUT, "run: expected --warps W or --threads T --blocks B, got both");
	if (stamps && repeat)
		return err_set(e, SIM_EINPUT, "run: --stamps with --repeat (expected one: --stamps writes one run's clock reads, --repeat times the simulator)");
	if (trace && repeat)
		return err_set(e, SIM_EINPUT, "run: --trace with --repeat (expected one: --trace writes one run's issues, --repeat times the simulator)");
	if (!warps && !threads && (program || blocks))
		return err_set(e, SIM_EINPUT, "run: expected --warps W or --threads T [--blocks B], got neither");
	if (warps && (rc = wl_warps_shape(warps, &threads, &blocks, e)))
		return rc;
	if ((rc = cfg_load_set(&a, o.arch, o.arch_set, "--arch-set", e)))
		return rc;
	memset(&w, 0, sizeof w);
	if (!program && (rc = wl_parse(workload, set, &w, e)))
		goto out;
	if (!warps && !threads) {
		/* a workload written for one launch runs with it; the others need a shape */
		if (!wl_natural_launch(&w, &a, &threads, &blocks)) {
			rc = err_set(e, SIM_EINPUT, "run: expected --warps W or --threads T [--blocks B], got neither "
				     "(workload %s has no launch of its own: its resident warps are the experiment)", w.name);
			goto out;
		}
		natural = 1;
	}
	if (threads > a.maxThreadsPerBlock) {
		rc = err_set(e, SIM_EINPUT, "--threads: expected an integer in [1, %d] for %s, got %d", a.maxThreadsPerBlock,
			     a.name, threads);
		goto out;
	}
	if (ic.sass) {
		if ((rc = import_cli_program(&ic, &p, e)))
			goto out;
	} else if (program) {
		if ((rc = parse_program_file(program, &p, e)))
			goto out;
	} else if ((rc = wl_build(&w, &a, &p, e))) {
		goto out;
	}
	if (!blocks && workload)
		blocks = wl_default_blocks(&w, &a, threads);
	if (!blocks)
		blocks = 1;
	l.threads_per_block = threads;
	l.blocks = blocks;
	tlo.path = timeline;
	sto.path = stamps;
	tro.path = trace;
	if ((rc = run_out_open(&tlo, e)) || (rc = run_out_open(&sto, e)) || (rc = run_out_open(&tro, e)))
		goto out;
	l.timeline = tlo.f;
	l.stamps = sto.f;
	l.trace = tro.f;
	if (repeat > 0) {
		/* benchmark: one simulator, `repeat` runs, the median wall time */
		struct sim *sim = sim_create(&a);
		if (!sim) {
			rc = err_set(e, SIM_EINTERNAL, "out of memory creating the simulator");
			goto out;
		}
		for (int k = 0; k < repeat && rc == SIM_OK; k++) {
			double t0 = now_s();
			rc = sim_run(sim, &p, &l, &st, e);
			times[k] = now_s() - t0;
		}
		sim_destroy(sim);
		if (rc)
			goto out;
		qsort(times, (size_t)repeat, sizeof times[0], cmp_double);
		struct rusage ru;
		getrusage(RUSAGE_SELF, &ru);
		double med = times[repeat / 2];
		printf("{\"warp_instructions\": %llu, \"cycles\": %llu, \"wall_s_median\": %.6f, \"warp_instructions_per_s\": %.0f, "
		       "\"cycles_per_s\": %.0f, \"peak_rss_kb\": %ld, \"repeat\": %d}\n",
		       (unsigned long long)st.warp_instructions, (unsigned long long)st.cycles, med,
		       med > 0 ? (double)st.warp_instructions / med : 0.0, med > 0 ? (double)st.cycles / med : 0.0,
		       ru.ru_maxrss, repeat);
		goto out;
	}
	rc = sim_run_once(&a, &p, &l, &st, e);
	rc = run_out_commit(&tlo, rc, e);
	rc = run_out_commit(&sto, rc, e);
	rc = run_out_commit(&tro, rc, e);
	if (rc)
		goto out;
	{
		const char *name = program ? p.name : w.name;
		const char *params = program ? "" : w.set;
		char full[300];
		if (!program) {
			snprintf(full, sizeof full, "ilp=%d;iters=%llu%s%s", w.ilp, (unsigned long long)w.iters,
				 *params ? ";" : "", params);
			params = full;
		}
		if (o.fmt == OUT_JSON)
			rc = report_print_json(stdout, report_run_json(&a, name, params, &l, &st));
		else if (o.fmt == OUT_CSV)
			report_run_csv(stdout, &a, name, params, &l, &st);
		else {
			if (natural)
				printf("launch: %d threads x %d block%s (the %s workload's natural launch; override with --warps or --threads/--blocks)\n",
				       threads, blocks, blocks == 1 ? "" : "s", w.name);
			report_run_table(stdout, &a, name, params, &l, &st);
		}
	}
out:
	run_out_abort(&tlo);
	run_out_abort(&sto);
	run_out_abort(&tro);
	program_free(&p);
	return rc;
}
