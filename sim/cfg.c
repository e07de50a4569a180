/*
 * cfg.c: loading and checking architecture files.
 *
 * Each JSON section is described by a table of fields (name, type, offset,
 * bounds). The loader walks the JSON object, rejects keys the table does
 * not name, converts and bounds-checks each value, and finally requires
 * every field to be present. Messages follow the project's format:
 *   arch/sm_90.json: "device.warpSize": expected integer in [1, 64], got "x"
 * JSON syntax errors give line:column from cJSON's parse end.
 *
 * Overrides (--arch-set, and --vary of an arch field) are not a second
 * parser: the file is checked as written, then each key=value is written
 * into the parsed document (a number where the text is one, else a string)
 * and the whole document goes through the same checks again, with the flag
 * in place of the file name in messages. Unknown keys get the closest known
 * ones by edit distance. --arch NAME is looked for in a list of folders
 * (arch_dirs), the installed one compiled in as SMSIM_ARCHDIR.
 */
#include "cfg.h"

#include <cjson/cJSON.h>
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "fileio.h"

enum ftype { F_INT, F_LONG, F_DOUBLE, F_STRING };

struct field {
	const char *key;
	enum ftype type;
	size_t off;     /* offset in struct arch */
	size_t size;    /* F_STRING: buffer size */
	double min, max;
};

#define FI(k, lo, hi) {#k, F_INT, offsetof(struct arch, k), 0, lo, hi}
#define FL(k, lo, hi) {#k, F_LONG, offsetof(struct arch, k), 0, lo, hi}
#define FD(k, lo, hi) {#k, F_DOUBLE, offsetof(struct arch, k), 0, lo, hi}

static const struct field device_fields[] = {
	FI(major, 1, 20), FI(minor, 0, 9),
	FI(multiProcessorCount, 1, 1024),
	FI(warpSize, 32, 32),
	FI(maxThreadsPerBlock, 32, 4096),
	FI(maxThreadsPerMultiProcessor, 32, 8192),
	FI(maxBlocksPerMultiProcessor, 1, 128),
	FI(regsPerMultiprocessor, 1024, 1 << 20),
	FI(regsPerBlock, 1024, 1 << 20),
	FI(sharedMemPerMultiprocessor, 0, 1 << 22),
	FI(sharedMemPerBlock, 0, 1 << 22),
	FI(sharedMemPerBlockOptin, 0, 1 << 22),
	FI(reservedSharedMemPerBlock, 0, 1 << 16),
	FL(l2CacheSize, 0, 1e12),
	FI(clockRate, 1000, 10000000),
	FL(memoryBandwidthGBs, 1, 1e6),
	{NULL, 0, 0, 0, 0, 0},
};

static const struct field alloc_fields[] = {
	FI(regAllocationUnitSize, 1, 4096),
	FI(maxRegsPerThread, 16, 255),
	FI(sharedMemAllocationUnitSize, 1, 65536),
	FI(subPartitions, 1, 8),
	FI(l1SharedCapacityKB, 0, 4096),
	{NULL, 0, 0, 0, 0, 0},
};

static const struct field memory_fields[] = {
	FI(smem_latency, 1, 100000), FI(l1_latency, 1, 100000),
	FI(l2_latency, 1, 100000), FI(dram_latency, 1, 100000),
	FD(smem_bytes_per_cycle, 0.01, 1e6), FD(l1_bytes_per_cycle, 0.01, 1e6),
	FI(l1_banks, 0, 64), FI(l1_bank_bytes, 1, 64), FI(l1_tag_lines, 1, 32), FD(l1_replay_cycles, 1, 1000), FD(l1_line_cycles, 0, 1000), FD(smem_replay_cycles, 1, 1000), FI(smem_wave_bytes, 0, 4096),
	FD(l1_group_cycles, 1, 1000), FD(smem_group_cycles, 1, 1000), FD(l1_wide_cycles, 0, 1000),
	FD(l2_bytes_per_cycle, 0.01, 1e6), FD(dram_bytes_per_cycle, 0.01, 1e6), FD(l2_sector_cycles, 0, 1000),
	FD(dram_queue_cycles, 0, 1e6), FI(dram_window_cycles, 1, 10000000), FI(dram_shared_queue, 0, 1), FD(dram_queue_scale_cycles, 0, 1e6), FD(dram_stream_queue_scale_cycles, 0, 1e6), FD(dram_backlog_cycles, 0, 1e9), FD(warp_miss_bytes_per_cycle, 0, 1e6),
	FD(stream_group_bytes_per_cycle, 0, 1e6), FD(store_bytes_per_cycle, 0, 1e6), FD(store_buffer_bytes, 0, 1e9), FD(store_line_cycles, 0, 1e6), FI(store_warp_cycles, 0, 1000),
	FI(lsu_warp_cycles, 0, 1000), FI(const_latency, 1, 100000), FI(const_index_cycles, 0, 100000), FD(const_cycles_per_addr, 0, 1e6), FI(const_line_bytes, 4, 65536), FI(const_miss_cycles, 0, 100000), FI(uconst_miss_cycles, 0, 100000), FI(const_miss_slots, 0, 64), FD(const_off_share_cycles, 0, 1e6), FD(const_off_share_max, 0, 1e6), FD(const_miss_port_cycles, 0, 1e6), FD(const_slot_hold_cycles, 0, 1e6), FD(s2ur_cycles, 0, 1e6), FI(s2ur_latency, 1, 100000), FD(s2r_cycles, 0, 1e6), FI(s2r_latency, 1, 100000),
	FD(store_insn_cycles, 0, 1e6), FD(store_sector_cycles, 0, 1e6), FD(store_off_cycles, 0, 1e6), FD(load_off_cycles, 0, 1e6), FI(load_off_warp_cycles, 0, 100000), FD(store_reg_cycles, 0, 1e6), FI(store_warp_reg_cycles, 0, 1000),
	FD(l2_dirty_bytes, 0, 1e12), FD(writeback_dram_weight, 0, 100),
	FI(max_inflight_sectors, 1, 1 << 24),
	FI(sector_bytes, 4, 4096), FI(line_bytes, 4, 4096),
	{NULL, 0, 0, 0, 0, 0},
};

static const struct field timing_fields[] = {
	FI(cta_launch_cycles, 0, 1000000), FI(warp_launch_group, 0, 64), FI(warp_launch_cycles, 0, 100000), FI(branch_cycles, 0, 1000), FI(fetch_line_bytes, 0, 65536), FI(fetch_line_cycles, 0, 1000), FI(fetch_cycles, 0, 1000), FI(fetch_turn, 0, 2), FI(loop_cycles, 0, 100000), FI(loop_insns, 1, 3),
	FI(regfile_banks, 0, 8), FI(operand_reuse, 0, 1), FI(regfile_shared, 0, 1), FI(regfile_collectors, 0, 8), FI(regfile_window, 0, 1), FI(regfile_fma_free, 0, 1), FI(off_store_reads_data, 0, 1), FI(off_alu_reads, 0, 1), FI(bsync_cycles, 0, 1000), FI(warpsync_cycles, 0, 100000), FI(warpsync_sched_cycles, 0, 100000),
	FI(diverge_cycles, 0, 1000), FD(bar_release_cycles, 0, 1e6), FD(bar_warp_cycles, 0, 1000), FD(bar_arrive_cycles, 0, 1000), FI(bar_hold_variable, 0, 1), FI(yield_switch, 0, 1),
	FI(cross_side_cycles, 0, 1000), FI(wide_pass_cycles, 0, 1000), FI(wide_issue_cycles, 0, 1000), FI(wide_low_lead_cycles, 0, 1000), FI(wide_lsu_cycles, 0, 1000), FI(lsu_read_cycles, 0, 1000),
	{NULL, 0, 0, 0, 0, 0},
};

static const char *json_type_name(const cJSON *v)
{
	if (cJSON_IsString(v))
		return "a string";
	if (cJSON_IsNumber(v))
		return "a number";
	if (cJSON_IsBool(v))
		return "a boolean";
	if (cJSON_IsNull(v))
		return "null";
	if (cJSON_IsArray(v))
		return "an array";
	if (cJSON_IsObject(v))
		return "an object";
	return "something else";
}

/* Writes a short rendering of v ("four", 12.5, an object) into buf. */
static const char *json_got(const cJSON *v, char *buf, size_t n)
{
	if (cJSON_IsString(v))
		snprintf(buf, n, "\"%.60s\"", v->valuestring);
	else if (cJSON_IsNumber(v))
		snprintf(buf, n, "%.17g", v->valuedouble);
	else
		snprintf(buf, n, "%s", json_type_name(v));
	return buf;
}

static int load_number(const char *file, const char *sect, const struct field *f,
		       const cJSON *v, struct arch *a, struct err *e)
{
	char got[96];
	char *base = (char *)a;
	double d;

	if (!cJSON_IsNumber(v)) {
		const char *want = f->type == F_DOUBLE ? "number" : "integer";
		return err_set(e, SIM_EINPUT, "%s: \"%s.%s\": expected %s in [%.17g, %.17g], got %s",
			       file, sect, f->key, want, f->min, f->max, json_got(v, got, sizeof got));
	}
	d = v->valuedouble;
	/* bounds first: converting an out-of-range double to an integer is undefined */
	if (d >= f->min && d <= f->max && f->type != F_DOUBLE && d != (double)(long long)d)
		return err_set(e, SIM_EINPUT, "%s: \"%s.%s\": expected integer in [%.17g, %.17g], got %s",
			       file, sect, f->key, f->min, f->max, json_got(v, got, sizeof got));
	if (!(d >= f->min && d <= f->max))
		return err_set(e, SIM_EINPUT, "%s: \"%s.%s\": expected %s in [%.17g, %.17g], got %s",
			       file, sect, f->key, f->type == F_DOUBLE ? "number" : "integer",
			       f->min, f->max, json_got(v, got, sizeof got));
	switch (f->type) {
	case F_INT:
		*(int *)(base + f->off) = (int)d;
		break;
	case F_LONG:
		*(long *)(base + f->off) = (long)d;
		break;
	case F_DOUBLE:
		*(double *)(base + f->off) = d;
		break;
	case F_STRING:
		break;
	}
	return SIM_OK;
}

/* The array fields, read apart from the field tables (load_carveouts,
 * load_spread) and named here once for the messages and the overrides. */
static const struct {
	const char *sect, *key;
} array_fields[] = {
	{"allocation", "sharedMemCarveoutKB"},
	{"memory", "l2_latency_spread"},
	{"memory", "dram_latency_spread"},
	{"memory", "dram_queue_curve"},
	{"memory", "writeback_delay_curve"},
	{"memory", "l2_line_cycles"},
	{"memory", "l1_tag_hash"},
};
#define NARRAYS (sizeof array_fields / sizeof array_fields[0])

/* Loads the object `obj` (section `sect`) through the field table. */
static int load_section(const char *file, const char *sect, const cJSON *obj,
			const struct field *fields, struct arch *a, struct err *e)
{
	char got[96];
	uint64_t seen = 0;
	const cJSON *v;

	if (!cJSON_IsObject(obj))
		return err_set(e, SIM_EINPUT, "%s: \"%s\": expected an object, got %s",
			       file, sect, obj ? json_got(obj, got, sizeof got) : "nothing (missing)");
	cJSON_ArrayForEach(v, obj) {
		int i, rc;
		for (i = 0; fields[i].key; i++)
			if (strcmp(fields[i].key, v->string) == 0)
				break;
		if (!fields[i].key) {
			char known[1536] = "";
			for (int j = 0; fields[j].key; j++) {
				strncat(known, j ? ", " : "", sizeof known - strlen(known) - 1);
				strncat(known, fields[j].key, sizeof known - strlen(known) - 1);
			}
			for (size_t j = 0; j < NARRAYS; j++)
				if (strcmp(sect, array_fields[j].sect) == 0) {
					strncat(known, ", ", sizeof known - strlen(known) - 1);
					strncat(known, array_fields[j].key, sizeof known - strlen(known) - 1);
				}
			return err_set(e, SIM_EINPUT, "%s: \"%s.%s\": unknown key (expected one of %s)",
				       file, sect, v->string, known);
		}
		if (seen & (1ull << i))
			return err_set(e, SIM_EINPUT, "%s: \"%s.%s\": key given twice", file, sect, v->string);
		seen |= 1ull << i;
		rc = load_number(file, sect, &fields[i], v, a, e);
		if (rc)
			return rc;
	}
	for (int i = 0; fields[i].key; i++)
		if (!(seen & (1ull << i)))
			return err_set(e, SIM_EINPUT, "%s: \"%s.%s\": missing (expected a value)",
				       file, sect, fields[i].key);
	return SIM_OK;
}

/* "pipes": {"fma": {"lanes": 32, "latency": 4}, ...} with every pipe named. */
static int load_pipes(const char *file, const cJSON *obj, struct arch *a, struct err *e)
{
	char got[96];
	int seen[PIPE_COUNT] = {0};
	const cJSON *p;

	if (!cJSON_IsObject(obj))
		return err_set(e, SIM_EINPUT, "%s: \"pipes\": expected an object, got %s", file,
			       obj ? json_got(obj, got, sizeof got) : "nothing (missing)");
	cJSON_ArrayForEach(p, obj) {
		int k = isa_find_pipe(p->string);
		const cJSON *v;
		int have_l = 0, have_t = 0;
		if (k < 0)
			return err_set(e, SIM_EINPUT,
				       "%s: \"pipes.%s\": unknown pipe (expected one of fma, fmaheavy, alu, fp64, xu, lsu, cbu, uniform)",
				       file, p->string);
		if (!cJSON_IsObject(p))
			return err_set(e, SIM_EINPUT, "%s: \"pipes.%s\": expected an object {\"lanes\", \"latency\"}, got %s",
				       file, p->string, json_got(p, got, sizeof got));
		cJSON_ArrayForEach(v, p) {
			int *dst;
			double lo, hi;
			if (strcmp(v->string, "lanes") == 0) {
				dst = &a->pipe_lanes[k];
				lo = 1;
				hi = 32;
				have_l = 1;
			} else if (strcmp(v->string, "latency") == 0) {
				dst = &a->pipe_latency[k];
				lo = 1;
				hi = 10000;
				have_t = 1;
			} else {
				return err_set(e, SIM_EINPUT, "%s: \"pipes.%s.%s\": unknown key (expected lanes or latency)",
					       file, p->string, v->string);
			}
			if (!cJSON_IsNumber(v) || !(v->valuedouble >= lo && v->valuedouble <= hi) ||
			    v->valuedouble != (double)(int)v->valuedouble)
				return err_set(e, SIM_EINPUT, "%s: \"pipes.%s.%s\": expected integer in [%g, %g], got %s",
					       file, p->string, v->string, lo, hi, json_got(v, got, sizeof got));
			*dst = (int)v->valuedouble;
		}
		if (!have_l || !have_t)
			return err_set(e, SIM_EINPUT, "%s: \"pipes.%s.%s\": missing (expected a value)",
				       file, p->string, have_l ? "latency" : "lanes");
		seen[k] = 1;
	}
	for (int k = 0; k < PIPE_COUNT; k++)
		if (!seen[k])
			return err_set(e, SIM_EINPUT, "%s: \"pipes.%s\": missing (expected {\"lanes\", \"latency\"})",
				       file, isa_pipe_names[k]);
	return SIM_OK;
}

static int load_carveouts(const char *file, const cJSON *v, struct arch *a, struct err *e)
{
	char got[96];
	const cJSON *x;
	int n = 0, prev = -1;

	if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) < 1 || cJSON_GetArraySize(v) > CFG_MAX_CARVEOUTS)
		return err_set(e, SIM_EINPUT, "%s: \"allocation.sharedMemCarveoutKB\": expected an array of 1 to %d ascending integers, got %s",
			       file, CFG_MAX_CARVEOUTS, v ? json_got(v, got, sizeof got) : "nothing (missing)");
	cJSON_ArrayForEach(x, v) {
		if (!cJSON_IsNumber(x) || !(x->valuedouble > prev && x->valuedouble <= 4096) ||
		    x->valuedouble != (double)(int)x->valuedouble)
			return err_set(e, SIM_EINPUT, "%s: \"allocation.sharedMemCarveoutKB[%d]\": expected an integer above %d and at most 4096, got %s",
				       file, n, prev, json_got(x, got, sizeof got));
		prev = (int)x->valuedouble;
		a->carveout_kb[n++] = prev;
	}
	a->ncarveout = n;
	return SIM_OK;
}

/* A latency spread (memory.l2_latency_spread, memory.dram_latency_spread):
 * 1 to CFG_MAX_SPREAD ascending numbers, the equally likely quantiles of
 * one access's latency about its level's latency (cycles). The mean is
 * removed where it is used (mem.c), so the level's latency stays the mean. */
static int load_spread(const char *file, const char *key, const cJSON *v, double *dst, int *n, struct err *e)
{
	char got[96];
	const cJSON *x;
	int k = 0;
	double prev = -1e9;

	if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) < 1 || cJSON_GetArraySize(v) > CFG_MAX_SPREAD)
		return err_set(e, SIM_EINPUT, "%s: \"memory.%s\": expected an array of 1 to %d ascending numbers (cycles), got %s",
			       file, key, CFG_MAX_SPREAD, v ? json_got(v, got, sizeof got) : "nothing (missing)");
	cJSON_ArrayForEach(x, v) {
		if (!cJSON_IsNumber(x) || !isfinite(x->valuedouble) || x->valuedouble < prev ||
		    fabs(x->valuedouble) > 100000) {
			char after[48] = "";
			if (k)
				snprintf(after, sizeof after, " and not below the one before (%g)", prev);
			return err_set(e, SIM_EINPUT, "%s: \"memory.%s[%d]\": expected a number of cycles of at most 100000 in magnitude%s, got %s",
				       file, key, k, after, json_got(x, got, sizeof got));
		}
		prev = x->valuedouble;
		dst[k++] = prev;
	}
	*n = k;
	return SIM_OK;
}

/* The L2 line rule (memory.l2_line_cycles): [0] (none), or 2 to
 * CFG_MAX_LINES numbers of cycles, at most 10000 in magnitude, the first 0:
 * what an L2 hit's load over 1, 2, 4, 8, ... lines waits beyond l2_latency. */
static int load_line_curve(const char *file, const cJSON *v, struct arch *a, struct err *e)
{
	char got[96];
	const cJSON *x;
	int k = 0;

	if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) < 1 || cJSON_GetArraySize(v) > CFG_MAX_LINES)
		return err_set(e, SIM_EINPUT, "%s: \"memory.l2_line_cycles\": expected [0] (no line rule) or an array of 2 to %d numbers (cycles at 1, 2, 4, ... lines), got %s",
			       file, CFG_MAX_LINES, v ? json_got(v, got, sizeof got) : "nothing (missing)");
	cJSON_ArrayForEach(x, v) {
		if (!cJSON_IsNumber(x) || !isfinite(x->valuedouble) || fabs(x->valuedouble) > 10000 ||
		    (k == 0 && x->valuedouble != 0))
			return err_set(e, SIM_EINPUT, "%s: \"memory.l2_line_cycles[%d]\": expected %s, got %s", file, k,
				       k == 0 ? "0 (one line is l2_latency itself)" : "a number of cycles of at most 10000 in magnitude",
				       json_got(x, got, sizeof got));
		a->line_curve[k++] = x->valuedouble;
	}
	a->n_line_curve = k;
	return SIM_OK;
}

/* The L1 tag stage's banks (memory.l1_tag_hash): [0] (none: any
 * l1_tag_lines lines a wavefront), or 1 to CFG_MAX_TAG_HASH masks of a
 * byte address's bits 0-47, bank bit j the parity of the address and mask
 * j; there are then l1_tag_lines = 2^masks banks (check_arch). */
static int load_tag_hash(const char *file, const cJSON *v, struct arch *a, struct err *e)
{
	char got[96];
	const cJSON *x;
	int k = 0;

	if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) < 1 || cJSON_GetArraySize(v) > CFG_MAX_TAG_HASH)
		return err_set(e, SIM_EINPUT, "%s: \"memory.l1_tag_hash\": expected [0] (no tag banks) or an array of 1 to %d address bit masks (bank bit j: the parity of a line's address and mask j), got %s",
			       file, CFG_MAX_TAG_HASH, v ? json_got(v, got, sizeof got) : "nothing (missing)");
	cJSON_ArrayForEach(x, v) {
		double d = cJSON_IsNumber(x) ? x->valuedouble : -1;
		if (d == 0 && cJSON_GetArraySize(v) == 1)
			break;
		if (!(d >= 1 && d < 281474976710656.0) || d != floor(d))
			return err_set(e, SIM_EINPUT, "%s: \"memory.l1_tag_hash[%d]\": expected a mask of address bits, an integer 1 to 2^48 - 1 (or [0] alone: no tag banks), got %s",
				       file, k, json_got(x, got, sizeof got));
		a->l1_tag_hash[k++] = (uint64_t)d;
	}
	a->n_l1_tag_hash = k;
	return SIM_OK;
}

/* The loaded-latency curve (memory.dram_queue_curve): [0] (the delay from
 * dram_queue_cycles instead), or 2 to
 * CFG_MAX_SPREAD delays in cycles, not below 0 and not below the one
 * before, at utilisations 0 to 0.95 evenly spaced. */
static int load_queue_curve(const char *file, const cJSON *v, struct arch *a, struct err *e)
{
	char got[96];
	int rc = load_spread(file, "dram_queue_curve", v, a->queue_curve, &a->n_queue_curve, e);
	if (rc)
		return rc;
	if (a->queue_curve[0] < 0)
		return err_set(e, SIM_EINPUT, "%s: \"memory.dram_queue_curve[0]\": expected a delay of at least 0 cycles, got %s",
			       file, json_got(cJSON_GetArrayItem(v, 0), got, sizeof got));
	if (a->n_queue_curve == 1 && a->queue_curve[0] != 0)
		return err_set(e, SIM_EINPUT, "%s: \"memory.dram_queue_curve\": expected [0] (the loaded delay from dram_queue_cycles) or 2 or more delays at utilisations 0 to 0.95, got one delay (%g)",
			       file, a->queue_curve[0]);
	return SIM_OK;
}

/* The write-backs' delay curve (memory.writeback_delay_curve): 1 to
 * CFG_MAX_SPREAD ascending delays in cycles at 0, 1, 2, ... bytes a cycle,
 * the first 0. */
static int load_wb_curve(const char *file, const cJSON *v, struct arch *a, struct err *e)
{
	char got[96];
	int rc = load_spread(file, "writeback_delay_curve", v, a->wb_curve, &a->n_wb_curve, e);
	if (rc)
		return rc;
	if (a->wb_curve[0] != 0)
		return err_set(e, SIM_EINPUT, "%s: \"memory.writeback_delay_curve[0]\": expected 0 (no write-backs, no delay), got %s",
			       file, json_got(cJSON_GetArrayItem(v, 0), got, sizeof got));
	return SIM_OK;
}

static int copy_string(const char *file, const cJSON *root, const char *key, char *dst,
		       size_t n, struct err *e)
{
	char got[96];
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(root, key);
	if (!cJSON_IsString(v) || strlen(v->valuestring) == 0 || strlen(v->valuestring) >= n)
		return err_set(e, SIM_EINPUT, "%s: \"%s\": expected a non-empty string of at most %zu characters, got %s",
			       file, key, n - 1, v ? json_got(v, got, sizeof got) : "nothing (missing)");
	memcpy(dst, v->valuestring, strlen(v->valuestring) + 1);
	return SIM_OK;
}

/* Cross-field checks that no single bound expresses. */
static int check_arch(const char *file, const struct arch *a, struct err *e)
{
	if (a->maxThreadsPerMultiProcessor % a->warpSize)
		return err_set(e, SIM_EINPUT, "%s: \"device.maxThreadsPerMultiProcessor\": expected a multiple of warpSize (%d), got %d",
			       file, a->warpSize, a->maxThreadsPerMultiProcessor);
	if (arch_max_warps(a) > 64)
		return err_set(e, SIM_EINPUT, "%s: \"device.maxThreadsPerMultiProcessor\": expected at most 64 warps (2048 threads), got %d",
			       file, a->maxThreadsPerMultiProcessor);
	if (a->dram_shared_queue && !arch_dram_loaded(a))
		return err_set(e, SIM_EINPUT, "%s: \"memory.dram_shared_queue\": 1 needs a loaded delay (dram_queue_cycles above 0 or a dram_queue_curve rising above 0): the shared queue draws each access's wait about it",
			       file);
	if (a->sharedMemPerBlockOptin < a->sharedMemPerBlock)
		return err_set(e, SIM_EINPUT, "%s: \"device.sharedMemPerBlockOptin\": expected at least sharedMemPerBlock (%d), got %d",
			       file, a->sharedMemPerBlock, a->sharedMemPerBlockOptin);
	if (a->carveout_kb[a->ncarveout - 1] * 1024 != a->sharedMemPerMultiprocessor)
		return err_set(e, SIM_EINPUT, "%s: \"allocation.sharedMemCarveoutKB\": expected the last step to equal sharedMemPerMultiprocessor (%d KB), got %d KB",
			       file, a->sharedMemPerMultiprocessor / 1024, a->carveout_kb[a->ncarveout - 1]);
	{
		long unit = a->sharedMemAllocationUnitSize;
		long biggest = ((long)a->sharedMemPerBlockOptin + a->reservedSharedMemPerBlock + unit - 1) / unit * unit;
		if (biggest > (long)a->carveout_kb[a->ncarveout - 1] * 1024)
			return err_set(e, SIM_EINPUT, "%s: \"allocation.sharedMemCarveoutKB\": expected a last step that holds the largest block (sharedMemPerBlockOptin + reservedSharedMemPerBlock = %ld B), got %d KB",
				       file, biggest, a->carveout_kb[a->ncarveout - 1]);
	}
	if (a->l1SharedCapacityKB * 1024 < a->sharedMemPerMultiprocessor)
		return err_set(e, SIM_EINPUT, "%s: \"allocation.l1SharedCapacityKB\": expected at least sharedMemPerMultiprocessor (%d KB), got %d",
			       file, a->sharedMemPerMultiprocessor / 1024, a->l1SharedCapacityKB);
	for (int k = 0; k < PIPE_COUNT; k++)
		if (a->warpSize % a->pipe_lanes[k])
			return err_set(e, SIM_EINPUT, "%s: \"pipes.%s.lanes\": expected a divisor of warpSize (1, 2, 4, 8, 16 or 32), got %d",
				       file, isa_pipe_names[k], a->pipe_lanes[k]);
	if (a->n_l1_tag_hash && a->l1_tag_lines != 1 << a->n_l1_tag_hash)
		return err_set(e, SIM_EINPUT, "%s: \"memory.l1_tag_lines\": expected %d (the tag banks of l1_tag_hash's %d mask%s, one line of each a wavefront), got %d",
			       file, 1 << a->n_l1_tag_hash, a->n_l1_tag_hash, a->n_l1_tag_hash == 1 ? "" : "s", a->l1_tag_lines);
	if (a->line_bytes % a->sector_bytes)
		return err_set(e, SIM_EINPUT, "%s: \"memory.line_bytes\": expected a multiple of sector_bytes (%d), got %d",
			       file, a->sector_bytes, a->line_bytes);
	return SIM_OK;
}

/* Loads and checks the parsed document `root` into a; `file` names it in
 * messages. */
static int check_tree(struct arch *a, const cJSON *root, const char *file, struct err *e)
{
	static const char *const top_keys[] = {
		"version", "name", "gpu", "description", "device", "allocation", "pipes",
		"memory", "timing", "sources", NULL,
	};
	const cJSON *v;
	char got[96];
	int rc = SIM_OK;

	memset(a, 0, sizeof *a);
	snprintf(a->path, sizeof a->path, "%s", file);
	if (!cJSON_IsObject(root))
		return err_set(e, SIM_EINPUT, "%s: expected a JSON object at the top, got %s", file,
			       json_got(root, got, sizeof got));
	cJSON_ArrayForEach(v, root) {
		int i;
		for (i = 0; top_keys[i]; i++)
			if (strcmp(top_keys[i], v->string) == 0)
				break;
		if (!top_keys[i])
			return err_set(e, SIM_EINPUT, "%s: \"%s\": unknown key (expected one of version, name, gpu, description, device, allocation, pipes, memory, timing, sources)",
				       file, v->string);
	}
	v = cJSON_GetObjectItemCaseSensitive(root, "version");
	if (!cJSON_IsNumber(v) || v->valuedouble != 1)
		return err_set(e, SIM_EINPUT, "%s: \"version\": expected 1, got %s", file,
			       v ? json_got(v, got, sizeof got) : "nothing (missing)");
	if ((rc = copy_string(file, root, "name", a->name, sizeof a->name, e)) ||
	    (rc = copy_string(file, root, "gpu", a->gpu, sizeof a->gpu, e)))
		return rc;
	if ((rc = load_section(file, "device", cJSON_GetObjectItemCaseSensitive(root, "device"), device_fields, a, e)))
		return rc;
	v = cJSON_GetObjectItemCaseSensitive(root, "allocation");
	if (cJSON_IsObject(v)) {
		/* the carveout list is the one array; take it out of the table walk */
		cJSON *copy = cJSON_Duplicate(v, 1);
		if (!copy)
			return err_set(e, SIM_EINTERNAL, "%s: out of memory", file);
		cJSON *cv = cJSON_DetachItemFromObjectCaseSensitive(copy, "sharedMemCarveoutKB");
		rc = load_carveouts(file, cv, a, e);
		if (!rc)
			rc = load_section(file, "allocation", copy, alloc_fields, a, e);
		cJSON_Delete(cv);
		cJSON_Delete(copy);
		if (rc)
			return rc;
	} else if ((rc = load_section(file, "allocation", v, alloc_fields, a, e))) {
		return rc;
	}
	if ((rc = load_pipes(file, cJSON_GetObjectItemCaseSensitive(root, "pipes"), a, e)))
		return rc;
	v = cJSON_GetObjectItemCaseSensitive(root, "memory");
	if (cJSON_IsObject(v)) {
		/* the two latency spreads are arrays; take them out of the table walk */
		cJSON *copy = cJSON_Duplicate(v, 1);
		if (!copy)
			return err_set(e, SIM_EINTERNAL, "%s: out of memory", file);
		cJSON *l2 = cJSON_DetachItemFromObjectCaseSensitive(copy, "l2_latency_spread");
		cJSON *dr = cJSON_DetachItemFromObjectCaseSensitive(copy, "dram_latency_spread");
		cJSON *qc = cJSON_DetachItemFromObjectCaseSensitive(copy, "dram_queue_curve");
		cJSON *lc = cJSON_DetachItemFromObjectCaseSensitive(copy, "l2_line_cycles");
		cJSON *th = cJSON_DetachItemFromObjectCaseSensitive(copy, "l1_tag_hash");
		cJSON *wc = cJSON_DetachItemFromObjectCaseSensitive(copy, "writeback_delay_curve");
		rc = load_section(file, "memory", copy, memory_fields, a, e);
		if (!rc)
			rc = load_spread(file, "l2_latency_spread", l2, a->l2_spread, &a->n_l2_spread, e);
		if (!rc)
			rc = load_spread(file, "dram_latency_spread", dr, a->dram_spread, &a->n_dram_spread, e);
		if (!rc)
			rc = load_queue_curve(file, qc, a, e);
		if (!rc)
			rc = load_line_curve(file, lc, a, e);
		if (!rc)
			rc = load_tag_hash(file, th, a, e);
		if (!rc)
			rc = load_wb_curve(file, wc, a, e);
		cJSON_Delete(wc);
		cJSON_Delete(th);
		cJSON_Delete(lc);
		cJSON_Delete(qc);
		cJSON_Delete(l2);
		cJSON_Delete(dr);
		cJSON_Delete(copy);
		if (rc)
			return rc;
	} else if ((rc = load_section(file, "memory", v, memory_fields, a, e))) {
		return rc;
	}
	if ((rc = load_section(file, "timing", cJSON_GetObjectItemCaseSensitive(root, "timing"), timing_fields, a, e)))
		return rc;
	v = cJSON_GetObjectItemCaseSensitive(root, "sources");
	if (v && !cJSON_IsObject(v))
		return err_set(e, SIM_EINPUT, "%s: \"sources\": expected an object of strings, got %s", file,
			       json_got(v, got, sizeof got));
	return check_arch(file, a, e);
}

/* ---- overrides (--arch-set, --vary) ------------------------------------ */

/* The sections whose fields an override may name, in file order. */
static const struct {
	const char *name;
	const struct field *fields;
} sections[] = {
	{"device", device_fields},
	{"allocation", alloc_fields},
	{"memory", memory_fields},
	{"timing", timing_fields},
};
#define NSECTIONS (sizeof sections / sizeof sections[0])

/* Calls fn on every key an override can name, qualified ("memory.dram_latency",
 * "pipes.fma.lanes", "allocation.sharedMemCarveoutKB") with its short form
 * ("dram_latency", "fma.lanes", "sharedMemCarveoutKB"); stops when fn returns
 * nonzero and returns that. */
static int each_key(int (*fn)(const char *full, const char *shrt, void *arg), void *arg)
{
	char full[96], shrt[64];
	int r;
	for (size_t s = 0; s < NSECTIONS; s++) {
		for (const struct field *f = sections[s].fields; f->key; f++) {
			snprintf(full, sizeof full, "%s.%s", sections[s].name, f->key);
			if ((r = fn(full, f->key, arg)))
				return r;
		}
		for (size_t j = 0; j < NARRAYS; j++) {
			if (strcmp(sections[s].name, array_fields[j].sect) != 0)
				continue;
			snprintf(full, sizeof full, "%s.%s", array_fields[j].sect, array_fields[j].key);
			if ((r = fn(full, array_fields[j].key, arg)))
				return r;
		}
	}
	for (int k = 0; k < PIPE_COUNT; k++)
		for (int j = 0; j < 2; j++) {
			const char *sub = j ? "latency" : "lanes";
			snprintf(full, sizeof full, "pipes.%s.%s", isa_pipe_names[k], sub);
			snprintf(shrt, sizeof shrt, "%s.%s", isa_pipe_names[k], sub);
			if ((r = fn(full, shrt, arg)))
				return r;
		}
	return 0;
}

struct key_find {
	const char *key;
	char *canon;
	size_t n;
};

static int key_match(const char *full, const char *shrt, void *arg)
{
	struct key_find *k = arg;
	if (strcmp(k->key, full) != 0 && strcmp(k->key, shrt) != 0)
		return 0;
	snprintf(k->canon, k->n, "%s", full);
	return 1;
}

/* Edit distance between a and b, ignoring case (for "did you mean"). */
static int distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	int row[128];
	if (la > 120 || lb > 120)
		return 1000;
	for (size_t j = 0; j <= lb; j++)
		row[j] = (int)j;
	for (size_t i = 1; i <= la; i++) {
		int diag = row[0];
		row[0] = (int)i;
		for (size_t j = 1; j <= lb; j++) {
			int up = row[j];
			int cost = tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]);
			int best = diag + cost;
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	return row[lb];
}

#define NCLOSE 5
struct key_close {
	const char *key;
	int n;
	int dist[NCLOSE];
	char name[NCLOSE][96];
};

static int ci_contains(const char *hay, const char *needle)
{
	size_t n = strlen(needle);
	if (n < 3)
		return 0;
	for (; *hay; hay++)
		if (strncasecmp(hay, needle, n) == 0)
			return 1;
	return 0;
}

static int key_near(const char *full, const char *shrt, void *arg)
{
	struct key_close *c = arg;
	int d = distance(c->key, shrt), d2 = distance(c->key, full);
	int lim = (int)strlen(c->key) / 3;
	if (d2 < d)
		d = d2;
	if (lim < 2)
		lim = 2;
	if (d > lim && !ci_contains(shrt, c->key) && !ci_contains(c->key, shrt))
		return 0;
	/* insert sorted by distance, keep the NCLOSE nearest */
	int at = c->n;
	while (at > 0 && c->dist[at - 1] > d)
		at--;
	if (at >= NCLOSE)
		return 0;
	for (int i = (c->n < NCLOSE ? c->n : NCLOSE - 1); i > at; i--) {
		c->dist[i] = c->dist[i - 1];
		memcpy(c->name[i], c->name[i - 1], sizeof c->name[i]);
	}
	c->dist[at] = d;
	snprintf(c->name[at], sizeof c->name[at], "%s", full);
	if (c->n < NCLOSE)
		c->n++;
	return 0;
}

void cfg_close_keys(const char *key, char *buf, size_t n)
{
	struct key_close c = {key, 0, {0}, {{0}}};
	buf[0] = '\0';
	each_key(key_near, &c);
	for (int i = 0; i < c.n; i++) {
		strncat(buf, i ? ", " : "", n - strlen(buf) - 1);
		strncat(buf, c.name[i], n - strlen(buf) - 1);
	}
}

int cfg_key(const char *key, char *canon, size_t n, const char *flag, struct err *e)
{
	struct key_find k = {key, canon, n};
	char close[NCLOSE * 100];

	if (each_key(key_match, &k))
		return SIM_OK;
	cfg_close_keys(key, close, sizeof close);
	if (close[0])
		return err_set(e, SIM_EINPUT, "%s: \"%.60s\": unknown key (expected a field of the architecture file; close: %s)",
			       flag, key, close);
	return err_set(e, SIM_EINPUT, "%s: \"%.60s\": unknown key (expected a field of the architecture file, as memory.dram_latency, "
		       "allocation.subPartitions or pipes.fma.latency: the fields of arch/sm_90.json)", flag, key);
}

/* The JSON value an override's text stands for: a number when the whole
 * text is one, else a string (which the field's check then refuses, quoting
 * it); for the carveout list and the latency spreads, an array of the
 * values split at ':'. */
static cJSON *override_value(const char *canon, const char *val)
{
	int array = 0;
	for (size_t j = 0; j < NARRAYS; j++) {
		size_t n = strlen(array_fields[j].sect);
		array |= strncmp(canon, array_fields[j].sect, n) == 0 && canon[n] == '.' &&
			 strcmp(canon + n + 1, array_fields[j].key) == 0;
	}
	if (array) {
		cJSON *arr = cJSON_CreateArray();
		char buf[256];
		char *save = NULL, *tok;
		if (!arr)
			return NULL;
		if (strlen(val) >= sizeof buf || !*val) {
			cJSON_Delete(arr);
			return cJSON_CreateString(val);
		}
		strcpy(buf, val);
		for (tok = strtok_r(buf, ":", &save); tok; tok = strtok_r(NULL, ":", &save)) {
			cJSON *x = override_value("", tok);
			if (!x || !cJSON_AddItemToArray(arr, x)) {
				cJSON_Delete(x);
				cJSON_Delete(arr);
				return NULL;
			}
		}
		return arr;
	}
	if (*val && !isspace((unsigned char)*val)) {
		char *end;
		double d;
		errno = 0;
		d = strtod(val, &end);
		if (*end == '\0' && errno != ERANGE && isfinite(d))
			return cJSON_CreateNumber(d);
	}
	return cJSON_CreateString(val);
}

/* Applies "key=value[,key=value]" to the document; the canonical form
 * ("memory.dram_latency=1000,...") goes to canon. */
static int apply_set(cJSON *root, const char *set, const char *flag, char *canon, size_t ncanon, struct err *e)
{
	char buf[1024], done[32][96];
	char *save = NULL, *tok;
	int ndone = 0;
	size_t k = 0;

	canon[0] = '\0';
	if (strlen(set) >= sizeof buf || strlen(set) >= ncanon)
		return err_set(e, SIM_EINPUT, "%s: expected at most %zu characters, got %zu", flag, ncanon - 1, strlen(set));
	strcpy(buf, set);
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(tok, '='), key[96];
		const char *dot, *field;
		cJSON *obj, *item;
		int rc;
		if (!eq || eq == tok)
			return err_set(e, SIM_EINPUT, "%s: expected KEY=VALUE[,KEY=VALUE] (as dram_latency=900), got \"%.60s\"", flag, tok);
		*eq = '\0';
		if ((rc = cfg_key(tok, key, sizeof key, flag, e)))
			return rc;
		for (int i = 0; i < ndone; i++)
			if (strcmp(done[i], key) == 0)
				return err_set(e, SIM_EINPUT, "%s: \"%s\": given twice (expected each key once)", flag, key);
		if (ndone == 32)
			return err_set(e, SIM_EINPUT, "%s: expected at most 32 keys", flag);
		snprintf(done[ndone++], sizeof done[0], "%s", key);
		/* walk to the object holding the field: section, or pipes.P */
		dot = strchr(key, '.');
		{
			char sect[32];
			snprintf(sect, sizeof sect, "%.*s", (int)(dot - key), key);
			obj = cJSON_GetObjectItemCaseSensitive(root, sect);
		}
		field = dot + 1;
		if (strncmp(key, "pipes.", 6) == 0) {
			const char *dot2 = strchr(field, '.');
			char pipe[32];
			snprintf(pipe, sizeof pipe, "%.*s", (int)(dot2 - field), field);
			obj = cJSON_GetObjectItemCaseSensitive(obj, pipe);
			field = dot2 + 1;
		}
		if (!cJSON_IsObject(obj) || !cJSON_GetObjectItemCaseSensitive(obj, field))
			return err_set(e, SIM_EINTERNAL, "%s: \"%s\": not in the checked file", flag, key);
		item = override_value(key, eq + 1);
		if (!item || !cJSON_ReplaceItemInObjectCaseSensitive(obj, field, item)) {
			cJSON_Delete(item);
			return err_set(e, SIM_EINTERNAL, "%s: out of memory", flag);
		}
		k += (size_t)snprintf(canon + k, ncanon - k, "%s%s=%s", k ? "," : "", key, eq + 1);
		if (k >= ncanon)
			return err_set(e, SIM_EINPUT, "%s: expected at most %zu characters once the keys are spelled out",
				       flag, ncanon - 1);
	}
	if (ndone == 0)
		return err_set(e, SIM_EINPUT, "%s: expected KEY=VALUE[,KEY=VALUE] (as dram_latency=900), got \"%.60s\"", flag, set);
	return SIM_OK;
}

int cfg_parse_set(struct arch *a, const char *text, size_t len, const char *file, const char *set,
		  const char *flag, struct err *e)
{
	const char *end = NULL;
	cJSON *root;
	char canon[sizeof a->overrides];
	int rc;

	memset(a, 0, sizeof *a);
	snprintf(a->path, sizeof a->path, "%s", file);
	root = cJSON_ParseWithLengthOpts(text, len, &end, 0);
	if (!root) {
		int line, col;
		size_t off = end && end >= text ? (size_t)(end - text) : 0;
		fileio_line_col(text, off, &line, &col);
		return err_set(e, SIM_EINPUT, "%s:%d:%d: malformed JSON (expected a valid JSON document)",
			       file, line, col);
	}
	/* the file as written must pass; then the overrides go into the same
	 * document and pass the same checks, the messages naming the flag */
	rc = check_tree(a, root, file, e);
	if (!rc && set && *set) {
		if (!flag)
			flag = "--arch-set";
		rc = apply_set(root, set, flag, canon, sizeof canon, e);
		if (!rc)
			rc = check_tree(a, root, flag, e);
		if (!rc) {
			snprintf(a->path, sizeof a->path, "%s", file);
			snprintf(a->overrides, sizeof a->overrides, "%s", canon);
		}
	}
	cJSON_Delete(root);
	return rc;
}

int cfg_parse(struct arch *a, const char *text, size_t len, const char *file, struct err *e)
{
	return cfg_parse_set(a, text, len, file, NULL, NULL, e);
}

/* ---- finding arch/NAME.json --------------------------------------------- */

#ifndef SMSIM_ARCHDIR
#define SMSIM_ARCHDIR "/usr/local/share/smsim/arch"
#endif

const char *cfg_installed_arch_dir(void)
{
	return SMSIM_ARCHDIR;
}

#define NDIRS 5

/* The folders --arch NAME is looked for in, in order: $SMSIM_ARCH_DIR alone
 * when set; else ./arch, then beside the executable's folder ../arch (a
 * build tree) and ../share/smsim/arch (an installation), then the folder
 * make install was given. Returns how many (duplicates left out). */
static int arch_dirs(char dirs[NDIRS][4096])
{
	const char *env = getenv("SMSIM_ARCH_DIR");
	char exe[3072];
	ssize_t k;
	int n = 0;

	if (env && *env) {
		snprintf(dirs[n++], sizeof dirs[0], "%s", env);
		return n;
	}
	snprintf(dirs[n++], sizeof dirs[0], "arch");
	k = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (k > 0) {
		exe[k] = '\0';
		char *slash = strrchr(exe, '/');
		if (slash) {
			*slash = '\0'; /* bin */
			slash = strrchr(exe, '/');
			if (slash) {
				*slash = '\0';
				snprintf(dirs[n++], sizeof dirs[0], "%s/arch", exe);
				snprintf(dirs[n++], sizeof dirs[0], "%s/share/smsim/arch", exe);
			}
		}
	}
	snprintf(dirs[n++], sizeof dirs[0], "%s", SMSIM_ARCHDIR);
	/* drop a folder that is one already listed (./arch is often <exe>/../arch) */
	for (int i = 1; i < n; i++) {
		char ri[PATH_MAX], rj[PATH_MAX];
		int dup = 0;
		for (int j = 0; j < i && !dup; j++)
			dup = strcmp(dirs[i], dirs[j]) == 0 ||
			      (realpath(dirs[i], ri) && realpath(dirs[j], rj) && strcmp(ri, rj) == 0);
		if (dup) {
			memmove(dirs[i], dirs[i + 1], sizeof dirs[0] * (size_t)(n - i - 1));
			n--;
			i--;
		}
	}
	return n;
}

/* sm_70 before sm_100: shorter names first, then in byte order */
static int cmp_arch_name(const void *pa, const void *pb)
{
	const char *a = pa, *b = pb;
	size_t la = strlen(a), lb = strlen(b);
	return la != lb ? (la < lb ? -1 : 1) : strcmp(a, b);
}

/* "sm_70, sm_75, ..." from the first folder that has architecture files. */
static void known_archs(char dirs[NDIRS][4096], int n, char *buf, size_t len)
{
	buf[0] = '\0';
	for (int i = 0; i < n && !buf[0]; i++) {
		char names[64][64];
		int m = 0;
		DIR *d = opendir(dirs[i]);
		struct dirent *de;
		if (!d)
			continue;
		while ((de = readdir(d)) && m < 64) {
			size_t l = strlen(de->d_name);
			if (l > 5 && l < 64 && strcmp(de->d_name + l - 5, ".json") == 0)
				snprintf(names[m++], sizeof names[0], "%.*s", (int)(l - 5), de->d_name);
		}
		closedir(d);
		qsort(names, (size_t)m, sizeof names[0], cmp_arch_name);
		for (int j = 0; j < m; j++) {
			strncat(buf, j ? ", " : "", len - strlen(buf) - 1);
			strncat(buf, names[j], len - strlen(buf) - 1);
		}
	}
}

int cfg_load_set(struct arch *a, const char *name_or_path, const char *set, const char *flag, struct err *e)
{
	char path[4096 + 64];
	char *text = NULL;
	size_t len = 0;
	int rc;

	if (strchr(name_or_path, '/') || strstr(name_or_path, ".json")) {
		snprintf(path, sizeof path, "%s", name_or_path);
	} else {
		char dirs[NDIRS][4096];
		int n, i;
		for (const char *c = name_or_path; *c; c++)
			if (!(*c == '_' || (*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9')))
				return err_set(e, SIM_EINPUT, "--arch: expected an architecture name like sm_90 or a path to a JSON file, got \"%s\"",
					       name_or_path);
		if (!*name_or_path)
			return err_set(e, SIM_EINPUT, "--arch: expected an architecture name like sm_90 or a path to a JSON file, got \"\"");
		n = arch_dirs(dirs);
		for (i = 0; i < n; i++) {
			snprintf(path, sizeof path, "%.4000s/%.40s.json", dirs[i], name_or_path);
			if (access(path, R_OK) == 0)
				break;
		}
		if (i == n) {
			char where[1024] = "", known[1024];
			for (i = 0; i < n; i++) {
				strncat(where, i ? (i + 1 == n ? " and " : ", ") : "", sizeof where - strlen(where) - 1);
				strncat(where, i == 0 && strcmp(dirs[0], "arch") == 0 ? "./arch" : dirs[i],
					sizeof where - strlen(where) - 1);
			}
			known_archs(dirs, n, known, sizeof known);
			return err_set(e, SIM_EINPUT, "--arch: unknown architecture \"%s\" (expected %s.json in %s%s%s%s%s)",
				       name_or_path, name_or_path, where,
				       n > 1 ? ", searched in that order" : " ($SMSIM_ARCH_DIR)",
				       known[0] ? "; found: " : "; found no architecture files there", known,
				       known[0] ? "" : n > 1 ? ": give a path to a JSON file, or set SMSIM_ARCH_DIR" : "");
		}
	}
	rc = fileio_read(path, &text, &len, e);
	if (rc)
		return rc;
	rc = cfg_parse_set(a, text, len, path, set, flag, e);
	free(text);
	return rc;
}

int cfg_load(struct arch *a, const char *name_or_path, struct err *e)
{
	return cfg_load_set(a, name_or_path, NULL, NULL, e);
}
