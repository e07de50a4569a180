/*
 * cmd_occ.c: `smsim occupancy`, one launch, a batch CSV, or the three
 * curves of NVIDIA's calculator (--graph).
 */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "cli.h"
#include "cmd.h"
#include "csv.h"
#include "occ.h"

static void limit_str(int v, char *buf, size_t n)
{
	if (v == OCC_UNLIMITED)
		snprintf(buf, n, "-");
	else
		snprintf(buf, n, "%d", v);
}

static cJSON *result_json(const struct arch *a, const struct occ_input *in, const struct occ_result *r)
{
	cJSON *o = cJSON_CreateObject(), *l = cJSON_CreateObject(), *ties = cJSON_CreateArray();
	cJSON_AddStringToObject(o, "arch", a->name);
	cJSON_AddNumberToObject(o, "threads_per_block", in->threads);
	cJSON_AddNumberToObject(o, "regs_per_thread", in->regs);
	cJSON_AddNumberToObject(o, "smem_per_block", in->smem);
	cJSON_AddNumberToObject(o, "blocks_per_sm", r->blocks_per_sm);
	cJSON_AddNumberToObject(o, "warps_per_sm", r->warps_per_sm);
	cJSON_AddNumberToObject(o, "max_warps_per_sm", r->max_warps_per_sm);
	cJSON_AddNumberToObject(o, "occupancy", r->occupancy);
	cJSON_AddStringToObject(o, "limiter", occ_limiter_names[r->limiter]);
	for (int i = 0; i < OCC_NLIMITERS; i++) {
		if (r->limit[i] == OCC_UNLIMITED)
			cJSON_AddNullToObject(l, occ_limiter_names[i]);
		else
			cJSON_AddNumberToObject(l, occ_limiter_names[i], r->limit[i]);
		if (r->limiter_mask & (1u << i))
			cJSON_AddItemToArray(ties, cJSON_CreateString(occ_limiter_names[i]));
	}
	cJSON_AddItemToObject(o, "limits", l);
	cJSON_AddItemToObject(o, "limiters_tied", ties);
	cJSON_AddNumberToObject(o, "warps_per_block", r->warps_per_block);
	cJSON_AddNumberToObject(o, "regs_per_warp_allocated", r->regs_per_warp);
	cJSON_AddNumberToObject(o, "regs_per_block_allocated", r->regs_per_block);
	cJSON_AddNumberToObject(o, "smem_per_block_allocated", r->smem_per_block);
	cJSON_AddNumberToObject(o, "smem_carveout_per_sm", r->smem_per_sm);
	if (in->carveout_pct >= 0)
		cJSON_AddNumberToObject(o, "carveout_pct", in->carveout_pct);
	else
		cJSON_AddNullToObject(o, "carveout_pct");
	return o;
}

static int print_json(cJSON *o)
{
	char *s = cJSON_Print(o);
	int rc = s ? SIM_OK : SIM_EINTERNAL;
	if (s) {
		fputs(s, stdout);
		fputc('\n', stdout);
	}
	cJSON_free(s);
	cJSON_Delete(o);
	return rc;
}

static void print_table(const struct arch *a, const struct occ_input *in, const struct occ_result *r)
{
	char buf[32];
	printf("occupancy on %s (%s): %d threads/block, %d registers/thread, %d B shared memory/block\n\n",
	       a->name, a->gpu, in->threads, in->regs, in->smem);
	printf("  resident blocks per SM  %d\n", r->blocks_per_sm);
	printf("  resident warps per SM   %d of %d\n", r->warps_per_sm, r->max_warps_per_sm);
	printf("  occupancy               %.1f%%\n", 100.0 * r->occupancy);
	printf("  limited by              %s\n\n", occ_limiter_names[r->limiter]);
	printf("  blocks each resource allows:\n");
	for (int i = 0; i < OCC_NLIMITERS; i++) {
		limit_str(r->limit[i], buf, sizeof buf);
		printf("    %-14s %4s%s\n", occ_limiter_names[i], buf,
		       (r->limiter_mask & (1u << i)) ? "   <- limit" : "");
	}
	printf("\n  allocated: %d registers per warp (%d x %d rounded up to %d), %d per block\n",
	       r->regs_per_warp, in->regs, a->warpSize, a->regAllocationUnitSize, r->regs_per_block);
	printf("             %d B shared memory per block (%d + %d reserved, rounded up to %d B)\n",
	       r->smem_per_block, in->smem, a->reservedSharedMemPerBlock, a->sharedMemAllocationUnitSize);
	printf("             shared-memory carveout in effect: %d KB per SM%s\n", r->smem_per_sm / 1024,
	       in->carveout_pct < 0 ? " (default: the maximum)" : "");
	if (r->blocks_per_sm == 0 && r->why_zero)
		printf("\n  cannot launch: %s\n", r->why_zero);
}

static void print_csv_header(void)
{
	printf("arch,threads_per_block,regs_per_thread,smem_per_block,blocks_per_sm,warps_per_sm,max_warps_per_sm,occupancy,limiter,"
	       "limit_warps,limit_registers,limit_shared_memory,limit_blocks,regs_per_warp_allocated,smem_per_block_allocated,smem_carveout_per_sm\n");
}

static void print_csv_row(const struct arch *a, const struct occ_input *in, const struct occ_result *r)
{
	char l[OCC_NLIMITERS][16];
	for (int i = 0; i < OCC_NLIMITERS; i++)
		if (r->limit[i] == OCC_UNLIMITED)
			l[i][0] = '\0';
		else
			snprintf(l[i], sizeof l[i], "%d", r->limit[i]);
	printf("%s,%d,%d,%d,%d,%d,%d,%.6f,%s,%s,%s,%s,%s,%d,%d,%d\n", a->name, in->threads, in->regs, in->smem,
	       r->blocks_per_sm, r->warps_per_sm, r->max_warps_per_sm, r->occupancy,
	       occ_limiter_names[r->limiter], l[0], l[1], l[2], l[3], r->regs_per_warp, r->smem_per_block,
	       r->smem_per_sm);
}

/* --batch: the input columns plus blocks_per_sm,warps_per_sm,occupancy,limiter. */
static int run_batch(const struct arch *a, const char *path, enum out_format fmt, struct err *e)
{
	struct csv c;
	int ct, cr, cs, cc, rc;
	cJSON *arr = NULL;
	/* rows are collected and printed only when every row is good, so a
	 * bad row never leaves a truncated CSV on stdout */
	char *obuf = NULL;
	size_t olen = 0;
	FILE *o = NULL;

	rc = csv_read(&c, path, e);
	if (rc)
		return rc;
	if ((rc = csv_need(&c, "threads", &ct, e)) || (rc = csv_need(&c, "regs", &cr, e)) ||
	    (rc = csv_need(&c, "smem", &cs, e)))
		goto out;
	cc = csv_col(&c, "carveout");
	o = open_memstream(&obuf, &olen);
	if (!o) {
		rc = err_set(e, SIM_EINTERNAL, "out of memory");
		goto out;
	}
	if (fmt == OUT_JSON)
		arr = cJSON_CreateArray();
	else
		fprintf(o, "%s,blocks_per_sm,warps_per_sm,occupancy,limiter\n",
		       cc >= 0 ? "threads,regs,smem,carveout" : "threads,regs,smem");
	for (int i = 0; i < c.nrows; i++) {
		const struct csv_row *r = &c.rows[i];
		struct occ_input in = {.carveout_pct = -1};
		struct occ_result res;
		long v;
		if ((rc = csv_long(&c, r, ct, 1, a->maxThreadsPerBlock, &v, e)))
			goto out;
		in.threads = (int)v;
		if ((rc = csv_long(&c, r, cr, 0, a->maxRegsPerThread, &v, e)))
			goto out;
		in.regs = (int)v;
		if ((rc = csv_long(&c, r, cs, 0, 1L << 30, &v, e)))
			goto out;
		in.smem = (int)v;
		if (cc >= 0 && r->f[cc][0] != '\0') {
			if ((rc = csv_long(&c, r, cc, 0, 100, &v, e)))
				goto out;
			in.carveout_pct = (int)v;
		}
		if ((rc = occ_compute(a, &in, &res, e))) {
			struct err inner = *e;
			rc = err_set(e, rc, "%s:%d: %s", path, r->line, inner.msg);
			goto out;
		}
		if (fmt == OUT_JSON) {
			cJSON_AddItemToArray(arr, result_json(a, &in, &res));
		} else if (cc >= 0) {
			fprintf(o, "%d,%d,%d,%s,%d,%d,%.6f,%s\n", in.threads, in.regs, in.smem, r->f[cc],
			       res.blocks_per_sm, res.warps_per_sm, res.occupancy, occ_limiter_names[res.limiter]);
		} else {
			fprintf(o, "%d,%d,%d,%d,%d,%.6f,%s\n", in.threads, in.regs, in.smem, res.blocks_per_sm,
			       res.warps_per_sm, res.occupancy, occ_limiter_names[res.limiter]);
		}
	}
	fclose(o);
	o = NULL;
	if (arr) {
		rc = print_json(arr);
		arr = NULL;
	} else {
		fwrite(obuf, 1, olen, stdout);
	}
out:
	if (o)
		fclose(o);
	free(obuf);
	cJSON_Delete(arr);
	csv_free(&c);
	return rc;
}

/* --graph: the calculator's three curves around one launch, as CSV. */
static int run_graph(const struct arch *a, const struct occ_input *base, struct err *e)
{
	struct occ_result prev_r, r;
	int rc;
	printf("curve,x,x_unit,blocks_per_sm,warps_per_sm,occupancy,limiter,cliff,current\n");
	for (int curve = 0; curve < 3; curve++) {
		const char *name = curve == 0 ? "block_size" : curve == 1 ? "registers" : "shared_memory";
		const char *unit = curve == 0 ? "threads" : curve == 1 ? "registers/thread" : "bytes";
		int lo = curve == 0 ? 32 : curve == 1 ? 1 : 0;
		int hi = curve == 0 ? a->maxThreadsPerBlock : curve == 1 ? a->maxRegsPerThread : a->sharedMemPerBlockOptin;
		int step = curve == 0 ? 32 : curve == 1 ? 1 : 512;
		int have_prev = 0;
		for (int x = lo; x <= hi; x += step) {
			struct occ_input in = *base;
			int cur;
			if (curve == 0)
				in.threads = x;
			else if (curve == 1)
				in.regs = x;
			else
				in.smem = x;
			if ((rc = occ_compute(a, &in, &r, e)))
				return rc;
			cur = curve == 0 ? base->threads : curve == 1 ? base->regs : base->smem;
			/* the current point may fall between steps: mark the step that holds it */
			printf("%s,%d,%s,%d,%d,%.6f,%s,%d,%d\n", name, x, unit, r.blocks_per_sm, r.warps_per_sm,
			       r.occupancy, occ_limiter_names[r.limiter],
			       have_prev && r.warps_per_sm < prev_r.warps_per_sm, cur >= x && cur < x + step);
			prev_r = r;
			have_prev = 1;
		}
	}
	return SIM_OK;
}

int cmd_occupancy(int argc, char **argv, struct err *e)
{
	struct cli c = {argc, argv, 0};
	struct cli_common o = {.takes = CLI_ARCH, .arch = "sm_90"};
	const char *batch = NULL, *v;
	struct occ_input in = {.threads = 0, .regs = -1, .smem = 0, .carveout_pct = -1};
	enum out_format fmt = OUT_TABLE;
	int graph = 0, rc;
	struct arch a;
	struct occ_result r;
	long smem;

	while (c.i < argc) {
		if ((rc = cli_common_opt(&c, &o, e))) {
			if (rc < 0)
				return rc;
		} else if ((rc = cli_opt(&c, "--threads", &v, e))) {
			if (rc < 0 || (rc = cli_int("--threads", v, 1, 1024, &in.threads, e)))
				return rc;
		} else if ((rc = cli_opt(&c, "--regs", &v, e))) {
			if (rc < 0 || (rc = cli_int("--regs", v, 0, 255, &in.regs, e)))
				return rc;
		} else if ((rc = cli_opt(&c, "--smem", &v, e))) {
			if (rc < 0 || (rc = cli_bytes("--smem", v, 0, 1L << 30, &smem, e)))
				return rc;
			in.smem = (int)smem;
		} else if ((rc = cli_opt(&c, "--carveout", &v, e))) {
			if (rc < 0 || (rc = cli_int("--carveout", v, 0, 100, &in.carveout_pct, e)))
				return rc;
		} else if ((rc = cli_opt(&c, "--batch", &batch, e))) {
			if (rc < 0)
				return rc;
		} else if (cli_flag(&c, "--json")) {
			fmt = OUT_JSON;
		} else if (cli_flag(&c, "--csv")) {
			fmt = OUT_CSV;
		} else if (cli_flag(&c, "--graph")) {
			graph = 1;
		} else {
			return cli_unknown(&c, "occupancy", e);
		}
	}
	if ((rc = cfg_load_set(&a, o.arch, o.arch_set, "--arch-set", e)))
		return rc;
	if (batch)
		return run_batch(&a, batch, fmt, e);
	if (in.threads == 0 || in.regs < 0)
		return err_set(e, SIM_EINPUT, "occupancy: expected --threads T and --regs R (or --batch FILE), got %s",
			       in.threads == 0 && in.regs < 0 ? "neither" : in.threads == 0 ? "no --threads" : "no --regs");
	if (in.threads > a.maxThreadsPerBlock)
		return err_set(e, SIM_EINPUT, "--threads: expected an integer in [1, %d] for %s, got %d",
			       a.maxThreadsPerBlock, a.name, in.threads);
	if (in.regs > a.maxRegsPerThread)
		return err_set(e, SIM_EINPUT, "--regs: expected an integer in [0, %d] for %s, got %d",
			       a.maxRegsPerThread, a.name, in.regs);
	if (graph)
		return run_graph(&a, &in, e);
	if ((rc = occ_compute(&a, &in, &r, e)))
		return rc;
	if (r.blocks_per_sm == 0 && fmt == OUT_TABLE) {
		print_table(&a, &in, &r);
		return err_set(e, SIM_EINPUT, "occupancy: launch impossible on %s: %s (shared memory allocated %d B, limit %d B; registers allocated per block %d, limit %d)",
			       a.name, r.why_zero ? r.why_zero : "no block fits", r.smem_per_block,
			       a.sharedMemPerBlockOptin + a.reservedSharedMemPerBlock, r.regs_per_block, a.regsPerBlock);
	}
	if (fmt == OUT_JSON)
		return print_json(result_json(&a, &in, &r));
	if (fmt == OUT_CSV) {
		print_csv_header();
		print_csv_row(&a, &in, &r);
		return SIM_OK;
	}
	print_table(&a, &in, &r);
	return SIM_OK;
}
