/*
 * cfg.c: loading and checking architecture files.
 *
 * Each JSON section is described by a table of fields (name, type, offset,
 * bounds). The loader walks the JSON object, rejects keys the table does
 * not name, converts and bounds-checks each value, and finally requires
 * every field to be present. Messages follow the project's format:
 *   arch/sm_90.json: "device.warpSize": expected integer in [1, 64], got "x"
 * JSON syntax errors give line:column from cJSON's parse end.
 */
#include "cfg.h"

#include <cjson/cJSON.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
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
	FD(l2_bytes_per_cycle, 0.01, 1e6), FD(dram_bytes_per_cycle, 0.01, 1e6),
	FD(dram_queue_cycles, 0, 1e6), FI(dram_window_cycles, 1, 10000000), FD(warp_miss_bytes_per_cycle, 0, 1e6),
	FI(lsu_warp_cycles, 0, 1000),
	FI(max_inflight_sectors, 1, 1 << 24),
	FI(sector_bytes, 4, 4096), FI(line_bytes, 4, 4096),
	{NULL, 0, 0, 0, 0, 0},
};

static const struct field timing_fields[] = {
	FI(cta_launch_cycles, 0, 1000000), FI(branch_cycles, 0, 1000), FI(loop_cycles, 0, 100000), FI(loop_insns, 1, 3),
	FI(regfile_banks, 0, 8), FI(operand_reuse, 0, 1),
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
			char known[1024] = "";
			for (int j = 0; fields[j].key; j++) {
				strncat(known, j ? ", " : "", sizeof known - strlen(known) - 1);
				strncat(known, fields[j].key, sizeof known - strlen(known) - 1);
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
				       "%s: \"pipes.%s\": unknown pipe (expected one of fma, fmaheavy, alu, fp64, xu, lsu, cbu)",
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
	if (a->line_bytes % a->sector_bytes)
		return err_set(e, SIM_EINPUT, "%s: \"memory.line_bytes\": expected a multiple of sector_bytes (%d), got %d",
			       file, a->sector_bytes, a->line_bytes);
	return SIM_OK;
}

int cfg_parse(struct arch *a, const char *text, size_t len, const char *file, struct err *e)
{
	static const char *const top_keys[] = {
		"version", "name", "gpu", "description", "device", "allocation", "pipes",
		"memory", "timing", "sources", NULL,
	};
	const char *end = NULL;
	cJSON *root = NULL;
	const cJSON *v;
	char got[96];
	int rc = SIM_OK;

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
	if (!cJSON_IsObject(root)) {
		rc = err_set(e, SIM_EINPUT, "%s: expected a JSON object at the top, got %s", file,
			     json_got(root, got, sizeof got));
		goto out;
	}
	cJSON_ArrayForEach(v, root) {
		int i;
		for (i = 0; top_keys[i]; i++)
			if (strcmp(top_keys[i], v->string) == 0)
				break;
		if (!top_keys[i]) {
			rc = err_set(e, SIM_EINPUT, "%s: \"%s\": unknown key (expected one of version, name, gpu, description, device, allocation, pipes, memory, timing, sources)",
				     file, v->string);
			goto out;
		}
	}
	v = cJSON_GetObjectItemCaseSensitive(root, "version");
	if (!cJSON_IsNumber(v) || v->valuedouble != 1) {
		rc = err_set(e, SIM_EINPUT, "%s: \"version\": expected 1, got %s", file,
			     v ? json_got(v, got, sizeof got) : "nothing (missing)");
		goto out;
	}
	if ((rc = copy_string(file, root, "name", a->name, sizeof a->name, e)) ||
	    (rc = copy_string(file, root, "gpu", a->gpu, sizeof a->gpu, e)))
		goto out;
	if ((rc = load_section(file, "device", cJSON_GetObjectItemCaseSensitive(root, "device"), device_fields, a, e)))
		goto out;
	v = cJSON_GetObjectItemCaseSensitive(root, "allocation");
	if (cJSON_IsObject(v)) {
		/* the carveout list is the one array; take it out of the table walk */
		cJSON *copy = cJSON_Duplicate(v, 1);
		if (!copy) {
			rc = err_set(e, SIM_EINTERNAL, "%s: out of memory", file);
			goto out;
		}
		cJSON *cv = cJSON_DetachItemFromObjectCaseSensitive(copy, "sharedMemCarveoutKB");
		rc = load_carveouts(file, cv, a, e);
		if (!rc)
			rc = load_section(file, "allocation", copy, alloc_fields, a, e);
		cJSON_Delete(cv);
		cJSON_Delete(copy);
		if (rc)
			goto out;
	} else if ((rc = load_section(file, "allocation", v, alloc_fields, a, e))) {
		goto out;
	}
	if ((rc = load_pipes(file, cJSON_GetObjectItemCaseSensitive(root, "pipes"), a, e)) ||
	    (rc = load_section(file, "memory", cJSON_GetObjectItemCaseSensitive(root, "memory"), memory_fields, a, e)) ||
	    (rc = load_section(file, "timing", cJSON_GetObjectItemCaseSensitive(root, "timing"), timing_fields, a, e)))
		goto out;
	v = cJSON_GetObjectItemCaseSensitive(root, "sources");
	if (v && !cJSON_IsObject(v)) {
		rc = err_set(e, SIM_EINPUT, "%s: \"sources\": expected an object of strings, got %s", file,
			     json_got(v, got, sizeof got));
		goto out;
	}
	rc = check_arch(file, a, e);
out:
	cJSON_Delete(root);
	return rc;
}

/* The arch/ folder: $SMSIM_ARCH_DIR, else <exe>/../arch, else ./arch. */
static void arch_dir(char *buf, size_t n)
{
	const char *env = getenv("SMSIM_ARCH_DIR");
	char exe[3072];
	ssize_t k;

	if (env && *env) {
		snprintf(buf, n, "%s", env);
		return;
	}
	k = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (k > 0) {
		exe[k] = '\0';
		char *slash = strrchr(exe, '/');
		if (slash) {
			*slash = '\0'; /* bin */
			slash = strrchr(exe, '/');
			if (slash) {
				*slash = '\0';
				snprintf(buf, n, "%s/arch", exe);
				if (access(buf, R_OK) == 0)
					return;
			}
		}
	}
	snprintf(buf, n, "arch");
}

int cfg_load(struct arch *a, const char *name_or_path, struct err *e)
{
	char path[4096 + 64];
	char *text = NULL;
	size_t len = 0;
	int rc;

	if (strchr(name_or_path, '/') || strstr(name_or_path, ".json")) {
		snprintf(path, sizeof path, "%s", name_or_path);
	} else {
		char dir[4096];
		for (const char *c = name_or_path; *c; c++)
			if (!(*c == '_' || (*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9')))
				return err_set(e, SIM_EINPUT, "--arch: expected an architecture name like sm_90 or a path to a JSON file, got \"%s\"",
					       name_or_path);
		arch_dir(dir, sizeof dir);
		snprintf(path, sizeof path, "%s/%s.json", dir, name_or_path);
		if (access(path, R_OK) != 0)
			return err_set(e, SIM_EINPUT, "--arch: unknown architecture \"%s\" (expected a file %s; the arch/ folder lists the known ones)",
				       name_or_path, path);
	}
	rc = fileio_read(path, &text, &len, e);
	if (rc)
		return rc;
	rc = cfg_parse(a, text, len, path, e);
	free(text);
	return rc;
}
