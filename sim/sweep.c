/*
 * sweep.c: planning, running (threads), knees and CSV of sweeps.
 */
#include "sweep.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "csv.h"

/* ---- planning ------------------------------------------------------ */

#define MAX_SET_KEYS 8
#define MAX_SET_VALS 32

struct setlist {
	int nkeys;
	char key[MAX_SET_KEYS][32];
	int nval[MAX_SET_KEYS];
	char val[MAX_SET_KEYS][MAX_SET_VALS][64];
};

static int parse_setlist(const char *set, struct setlist *sl, struct err *e)
{
	char buf[1024];
	char *save = NULL, *tok;
	memset(sl, 0, sizeof *sl);
	if (!set || !*set)
		return SIM_OK;
	if (strlen(set) >= sizeof buf)
		return err_set(e, SIM_EINPUT, "--set: too long (expected at most %zu characters)", sizeof buf - 1);
	strcpy(buf, set);
	for (tok = strtok_r(buf, ",;", &save); tok; tok = strtok_r(NULL, ",;", &save)) {
		char *eq = strchr(tok, '='), *vs, *vsave = NULL;
		int k = sl->nkeys;
		if (!eq || eq == tok || !eq[1])
			return err_set(e, SIM_EINPUT, "--set: expected key=value or key=v1:v2:..., got \"%.40s\"", tok);
		if (k == MAX_SET_KEYS)
			return err_set(e, SIM_EINPUT, "--set: expected at most %d keys", MAX_SET_KEYS);
		*eq = '\0';
		snprintf(sl->key[k], sizeof sl->key[k], "%s", tok);
		for (vs = strtok_r(eq + 1, ":", &vsave); vs; vs = strtok_r(NULL, ":", &vsave)) {
			if (sl->nval[k] == MAX_SET_VALS)
				return err_set(e, SIM_EINPUT, "--set %s: expected at most %d values", tok, MAX_SET_VALS);
			snprintf(sl->val[k][sl->nval[k]++], 64, "%s", vs);
		}
		sl->nkeys++;
	}
	return SIM_OK;
}

int sweep_parse_warps(const char *spec, int *out, int cap, int *n, struct err *e)
{
	int all[SWEEP_MAX_W], nall, m = 0, rc;
	if ((rc = cli_int_list("--warps", spec, 1, SWEEP_MAX_W, all, SWEEP_MAX_W, &nall, e)))
		return rc;
	for (int i = 0; i < nall; i++) {
		if (!wl_warps_valid(all[i])) {
			/* ranges skip what the shorthand cannot launch; a lone value is an error */
			if (nall == 1)
				return err_set(e, SIM_EINPUT, "--warps: expected 1..32 or an even number 34..64, got %d", all[i]);
			continue;
		}
		if (m < cap)
			out[m++] = all[i];
	}
	*n = m;
	return SIM_OK;
}

/* Point c of the --set grid (its values, the last key fastest) applied to w. */
static int setlist_apply(const struct setlist *sl, int c, struct wl_params *w, struct err *e)
{
	int rc;
	for (int k = sl->nkeys - 1; k >= 0; k--) {
		int vi = c % sl->nval[k];
		c /= sl->nval[k];
		if ((rc = wl_set(w, sl->key[k], sl->val[k][vi], e)))
			return rc;
	}
	return SIM_OK;
}

/* s->rows for s->nrows points, at most a million. */
static int sweep_rows_alloc(struct sweep *s, struct err *e)
{
	if (s->nrows > 1000000)
		return err_set(e, SIM_EINPUT, "sweep: %d points (expected at most 1000000)", s->nrows);
	s->rows = calloc((size_t)s->nrows, sizeof *s->rows);
	if (!s->rows)
		return err_set(e, SIM_EINTERNAL, "out of memory");
	return SIM_OK;
}

/* Whether w's program builds on a (the error if not): checked before any thread starts. */
static int wl_check_build(const struct wl_params *w, const struct arch *a, struct err *e)
{
	struct program p;
	int rc = wl_build(w, a, &p, e);
	program_free(&p);
	return rc;
}

int sweep_plan(struct sweep *s, const struct arch *a, const char *workload, const char *set,
	       const int *ilps, int nilp, const int *warps, int nwarps, struct err *e)
{
	struct setlist sl;
	struct wl_params base;
	int combos = 1, rc, r = 0;

	memset(s, 0, sizeof *s);
	s->a = a;
	s->knee_tol = 0.05;
	s->nilp = nilp;
	s->extra_cols = a->overrides[0] != '\0';
	if ((rc = wl_parse(workload, "", &base, e)) || (rc = parse_setlist(set, &sl, e)))
		return rc;
	for (int k = 0; k < sl.nkeys; k++) {
		if (!strcmp(sl.key[k], "ilp"))
			return err_set(e, SIM_EINPUT, "--set ilp: give ILP values with --ilp");
		combos *= sl.nval[k];
	}
	s->nrows = combos * nilp * nwarps;
	if (s->nrows == 0)
		return err_set(e, SIM_EINPUT, "sweep: no points (expected at least one ILP and one warp count)");
	if ((rc = sweep_rows_alloc(s, e)))
		return rc;
	for (int c = 0; c < combos; c++) {
		struct wl_params w = base;
		if ((rc = setlist_apply(&sl, c, &w, e)))
			return rc;
		for (int i = 0; i < nilp; i++) {
			w.ilp = ilps[i];
			wl_canonical(&w);
			for (int j = 0; j < nwarps; j++) {
				struct sweep_row *row = &s->rows[r++];
				row->w = w;
				row->warps = warps[j];
				if ((rc = wl_warps_shape(warps[j], &row->threads, &row->blocks, e)))
					return rc;
			}
			/* check the program builds once per curve, before any thread starts */
			if ((rc = wl_check_build(&w, a, e)))
				return rc;
		}
	}
	return SIM_OK;
}

/* ---- --vary ------------------------------------------------------------ */

const struct arch *sweep_row_arch(const struct sweep *s, const struct sweep_row *r)
{
	return s->archs ? &s->archs[r->vi] : s->a;
}

int sweep_same_set_except(const char *a, const char *b, const char *skip)
{
	size_t ns = strlen(skip);
	for (;;) {
		/* skip the entry of `skip` on either side */
		if (!strncmp(a, skip, ns) && a[ns] == '=') {
			a += strcspn(a, ";");
			a += *a == ';';
			continue;
		}
		if (!strncmp(b, skip, ns) && b[ns] == '=') {
			b += strcspn(b, ";");
			b += *b == ';';
			continue;
		}
		size_t la = strcspn(a, ";"), lb = strcspn(b, ";");
		if (la != lb || strncmp(a, b, la))
			return 0;
		if (!a[la] && !b[lb])
			return 1;
		a += la + (a[la] == ';');
		b += lb + (b[lb] == ';');
	}
}

/* A number that is the whole string. */
static int whole_number(const char *t, double *v)
{
	char *end;
	if (!*t || isspace((unsigned char)*t))
		return 0;
	errno = 0;
	*v = strtod(t, &end);
	return *end == '\0' && errno != ERANGE && isfinite(*v);
}

/* The values of "FROM:TO[:STEP]" (STEP "*F": geometric) or "V1,V2,..." into s->vals. */
static int vary_values(struct sweep *s, const char *key, const char *spec, struct err *e)
{
	static const char want[] = "expected FROM:TO[:STEP] with numbers FROM <= TO and STEP > 0 (or *F, F > 1), or V1,V2,...";
	char buf[1024];
	int n = 0;

	s->vals = calloc(SWEEP_MAX_VALS, sizeof *s->vals);
	if (!s->vals)
		return err_set(e, SIM_EINTERNAL, "out of memory");
	if (!*spec || strlen(spec) >= sizeof buf)
		return err_set(e, SIM_EINPUT, "--vary %s: %s, got \"%.60s\"", key, want, spec);
	strcpy(buf, spec);
	if (strchr(buf, ':')) {
		char *p1 = strchr(buf, ':'), *p2, *st;
		double from, to, step = 1, f = 0;
		int integral;
		*p1++ = '\0';
		p2 = strchr(p1, ':');
		if (p2)
			*p2++ = '\0';
		st = p2;
		if (st && *st == '*') {
			if (!whole_number(st + 1, &f) || !(f > 1))
				return err_set(e, SIM_EINPUT, "--vary %s: %s, got \"%.60s\" (the factor is not above 1)", key, want, spec);
		} else if (st && (!whole_number(st, &step) || !(step > 0))) {
			return err_set(e, SIM_EINPUT, "--vary %s: %s, got \"%.60s\" (the step is not a positive number)", key, want, spec);
		}
		if (!whole_number(buf, &from) || !whole_number(p1, &to) || (p2 && strchr(p2, ':')))
			return err_set(e, SIM_EINPUT, "--vary %s: %s, got \"%.60s\"", key, want, spec);
		if (from > to)
			return err_set(e, SIM_EINPUT, "--vary %s: %s, got \"%.60s\" (FROM is above TO)", key, want, spec);
		if (f > 0 && !(from > 0))
			return err_set(e, SIM_EINPUT, "--vary %s: %s, got \"%.60s\" (a geometric series needs FROM > 0)", key, want, spec);
		integral = from == floor(from) && to == floor(to) && fabs(from) < 1e15 && fabs(to) < 1e15 &&
			   (f > 0 ? f == floor(f) : step == floor(step));
		for (int i = 0;; i++) {
			double v = f > 0 ? from * pow(f, i) : from + i * (f > 0 ? 0 : step);
			if (v > to + 1e-9 * fabs(to) + 1e-12)
				break;
			if (n == SWEEP_MAX_VALS)
				return err_set(e, SIM_EINPUT, "--vary %s: expected at most %d values, got more from \"%.60s\"", key,
					       SWEEP_MAX_VALS, spec);
			if (integral)
				snprintf(s->vals[n++], sizeof s->vals[0], "%.0f", v);
			else
				snprintf(s->vals[n++], sizeof s->vals[0], "%.10g", v);
		}
	} else {
		char *save = NULL;
		for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
			if (n == SWEEP_MAX_VALS)
				return err_set(e, SIM_EINPUT, "--vary %s: expected at most %d values, got more", key, SWEEP_MAX_VALS);
			if (strlen(t) >= sizeof s->vals[0])
				return err_set(e, SIM_EINPUT, "--vary %s: expected values of at most %zu characters, got \"%.40s...\"",
					       key, sizeof s->vals[0] - 1, t);
			for (int i = 0; i < n; i++)
				if (strcmp(s->vals[i], t) == 0)
					return err_set(e, SIM_EINPUT, "--vary %s: value \"%s\" given twice (expected each value once)", key, t);
			snprintf(s->vals[n++], sizeof s->vals[0], "%s", t);
		}
		if (n == 0)
			return err_set(e, SIM_EINPUT, "--vary %s: %s, got \"%.60s\"", key, want, spec);
	}
	s->nvals = n;
	return SIM_OK;
}

/* 1 if the canonical override list `set` ("k=v,k=v") names key. */
static int set_names(const char *set, const char *key)
{
	size_t n = strlen(key);
	for (const char *p = set; *p;) {
		if (!strncmp(p, key, n) && p[n] == '=')
			return 1;
		p += strcspn(p, ",");
		p += *p == ',';
	}
	return 0;
}

int sweep_plan_vary(struct sweep *s, const struct arch *a, const char *arch_name, const char *workload,
		    const char *set, const int *ilps, int nilp, int warps, const char *vary, struct err *e)
{
	struct setlist sl;
	struct wl_params base;
	char key[96];
	const char *eq = strchr(vary, '=');
	int combos = 1, rc, r = 0, is_arch;

	memset(s, 0, sizeof *s);
	s->a = a;
	s->knee_tol = 0.05;
	s->nilp = nilp;
	s->extra_cols = 1;
	if ((rc = wl_parse(workload, "", &base, e)) || (rc = parse_setlist(set, &sl, e)))
		return rc;
	if (!eq || eq == vary || eq - vary >= (long)sizeof key)
		return err_set(e, SIM_EINPUT, "--vary: expected KEY=FROM:TO:STEP or KEY=V1,V2,... (as dram_latency=200:1000:100), got \"%.60s\"",
			       vary);
	snprintf(key, sizeof key, "%.*s", (int)(eq - vary), vary);
	if (!strcmp(key, "ilp"))
		return err_set(e, SIM_EINPUT, "--vary ilp: expected a parameter or an arch field (give ILP values with --ilp)");
	if (!strcmp(key, "warps"))
		return err_set(e, SIM_EINPUT, "--vary warps: expected a parameter or an arch field (warps are the ordinary sweep's x axis: --warps LIST without --vary)");
	is_arch = !wl_has_key(workload, key);
	if (is_arch) {
		char canon[96];
		if (cfg_key(key, canon, sizeof canon, "--vary", NULL)) {
			char close[512], keys[256];
			cfg_close_keys(key, close, sizeof close);
			wl_key_list(workload, keys, sizeof keys);
			return err_set(e, SIM_EINPUT, "--vary: \"%.60s\": unknown key (expected a parameter of %s: %s; or a field of the architecture file%s%s)",
				       key, base.name, keys, close[0] ? "; close: " : ", as memory.dram_latency or pipes.fma.latency",
				       close);
		}
		snprintf(key, sizeof key, "%s", canon);
		if (set_names(a->overrides, key))
			return err_set(e, SIM_EINPUT, "--vary %s: also given in --arch-set (expected it in one of them)", key);
	}
	for (int k = 0; k < sl.nkeys; k++) {
		if (!strcmp(sl.key[k], "ilp"))
			return err_set(e, SIM_EINPUT, "--set ilp: give ILP values with --ilp");
		if (!strcmp(sl.key[k], key))
			return err_set(e, SIM_EINPUT, "--vary %s: also given in --set (expected it in one of them)", key);
		combos *= sl.nval[k];
	}
	snprintf(s->vary, sizeof s->vary, "%s", key);
	if ((rc = vary_values(s, key, eq + 1, e)))
		return rc;
	if (is_arch) {
		s->archs = calloc((size_t)s->nvals, sizeof *s->archs);
		if (!s->archs)
			return err_set(e, SIM_EINTERNAL, "out of memory");
		for (int i = 0; i < s->nvals; i++) {
			char over[sizeof a->overrides + 200];
			snprintf(over, sizeof over, "%s%s%s=%s", a->overrides, a->overrides[0] ? "," : "", key, s->vals[i]);
			if ((rc = cfg_load_set(&s->archs[i], arch_name, over, "--vary", e)))
				return rc;
		}
	}
	s->nrows = combos * nilp * s->nvals;
	if ((rc = sweep_rows_alloc(s, e)))
		return rc;
	for (int c = 0; c < combos; c++) {
		struct wl_params w = base;
		if ((rc = setlist_apply(&sl, c, &w, e)))
			return rc;
		for (int i = 0; i < nilp; i++) {
			w.ilp = ilps[i];
			for (int v = 0; v < s->nvals; v++) {
				struct sweep_row *row = &s->rows[r++];
				row->w = w;
				if (!is_arch && (rc = wl_set_flag(&row->w, "--vary", key, s->vals[v], e)))
					return rc;
				wl_canonical(&row->w);
				row->warps = warps;
				row->vi = v;
				row->curve = c * nilp + i + 1;
				if ((rc = wl_warps_shape(warps, &row->threads, &row->blocks, e)))
					return rc;
				/* every point's program builds, before any thread starts */
				if ((rc = wl_check_build(&row->w, sweep_row_arch(s, row), e)))
					return rc;
			}
		}
	}
	return SIM_OK;
}

int sweep_plan_program(struct sweep *s, const struct arch *a, const char *arch_name, const struct program *p,
		       const char *set, const int *warps, int nwarps, const char *vary, struct err *e)
{
	int rc;
	const char *eq = vary ? strchr(vary, '=') : NULL;

	memset(s, 0, sizeof *s);
	s->a = a;
	s->knee_tol = 0.05;
	s->nilp = 1;
	s->prog = p;
	snprintf(s->pname, sizeof s->pname, "%s", p->name);
	s->extra_cols = vary || a->overrides[0] != '\0';
	if (strlen(set) >= sizeof s->rows[0].w.set)
		return err_set(e, SIM_EINPUT, "sweep: the import options are too long (expected at most %zu characters)",
			       sizeof s->rows[0].w.set - 1);
	if (nwarps < 1)
		return err_set(e, SIM_EINPUT, "sweep: no points (expected at least one warp count)");
	if (vary) {
		char key[96], canon[96];
		if (!eq || eq == vary || eq - vary >= (long)sizeof key)
			return err_set(e, SIM_EINPUT, "--vary: expected KEY=FROM:TO:STEP or KEY=V1,V2,... (as memory.dram_latency=200:1000:100), got \"%.60s\"",
				       vary);
		snprintf(key, sizeof key, "%.*s", (int)(eq - vary), vary);
		if (!strcmp(key, "warps"))
			return err_set(e, SIM_EINPUT, "--vary warps: expected an arch field (warps are the ordinary sweep's x axis: --warps LIST without --vary)");
		if (cfg_key(key, canon, sizeof canon, "--vary", NULL)) {
			char close[512];
			cfg_close_keys(key, close, sizeof close);
			return err_set(e, SIM_EINPUT, "--vary: \"%.60s\": not a field of the architecture file (with --program or --sass "
				       "only arch fields vary: workload parameters such as ilp, iters or fma_per_load do not apply to a program%s%s)",
				       key, close[0] ? "; close: " : "; as memory.dram_latency or pipes.fma.latency", close);
		}
		snprintf(key, sizeof key, "%s", canon);
		if (set_names(a->overrides, key))
			return err_set(e, SIM_EINPUT, "--vary %s: also given in --arch-set (expected it in one of them)", key);
		snprintf(s->vary, sizeof s->vary, "%s", key);
		if ((rc = vary_values(s, key, eq + 1, e)))
			return rc;
		s->archs = calloc((size_t)s->nvals, sizeof *s->archs);
		if (!s->archs)
			return err_set(e, SIM_EINTERNAL, "out of memory");
		for (int i = 0; i < s->nvals; i++) {
			char over[sizeof a->overrides + 200];
			snprintf(over, sizeof over, "%s%s%s=%s", a->overrides, a->overrides[0] ? "," : "", key, s->vals[i]);
			if ((rc = cfg_load_set(&s->archs[i], arch_name, over, "--vary", e)))
				return rc;
		}
		s->nrows = s->nvals;
	} else {
		s->nrows = nwarps;
	}
	s->rows = calloc((size_t)s->nrows, sizeof *s->rows);
	if (!s->rows)
		return err_set(e, SIM_EINTERNAL, "out of memory");
	for (int r = 0; r < s->nrows; r++) {
		struct sweep_row *row = &s->rows[r];
		row->w.ilp = 1;
		snprintf(row->w.set, sizeof row->w.set, "%s", set);
		row->warps = vary ? warps[0] : warps[r];
		if (vary) {
			row->vi = r;
			row->curve = 1;
		}
		if ((rc = wl_warps_shape(row->warps, &row->threads, &row->blocks, e)))
			return rc;
		if (row->threads > sweep_row_arch(s, row)->maxThreadsPerBlock)
			return err_set(e, SIM_EINPUT, "--warps: %d warps make %d threads per block, expected at most %d for %s",
				       row->warps, row->threads, sweep_row_arch(s, row)->maxThreadsPerBlock, sweep_row_arch(s, row)->name);
	}
	return SIM_OK;
}

const char *sweep_row_name(const struct sweep *s, const struct sweep_row *r)
{
	return s->prog ? s->pname : r->w.name;
}

void sweep_free(struct sweep *s)
{
	free(s->rows);
	free(s->vals);
	free(s->archs);
	s->rows = NULL;
	s->vals = NULL;
	s->archs = NULL;
	s->nrows = 0;
	s->nvals = 0;
}

/* ---- running ------------------------------------------------------- */

struct runner {
	struct sweep *s;
	int ishard, nshard;
	FILE *progress;
	int bar;
	pthread_mutex_t lock;
	int next;          /* next row index to take */
	int todo, finished;
	int rc;
	struct err err;
};

static void draw_bar(struct runner *r)
{
	int width = 40, fill = r->todo ? r->finished * width / r->todo : width;
	fprintf(stderr, "\rsweep [");
	for (int i = 0; i < width; i++)
		fputc(i < fill ? '#' : '.', stderr);
	fprintf(stderr, "] %d/%d", r->finished, r->todo);
	if (r->finished == r->todo)
		fputc('\n', stderr);
	fflush(stderr);
}

static int selected(const struct runner *r, int i)
{
	return i % r->nshard == r->ishard && !r->s->rows[i].done;
}

static void *worker(void *arg)
{
	struct runner *r = arg;
	struct sweep *s = r->s;
	const struct arch *cur_arch = s->nrows ? sweep_row_arch(s, &s->rows[0]) : s->a;
	struct sim *sim = sim_create(cur_arch);
	struct program p;
	struct wl_params cur_w;
	int have_prog = 0;
	const struct program *pp = s->prog;

	if (!sim) {
		pthread_mutex_lock(&r->lock);
		if (!r->rc)
			r->rc = err_set(&r->err, SIM_EINTERNAL, "out of memory creating a simulator");
		pthread_mutex_unlock(&r->lock);
		return NULL;
	}
	for (;;) {
		int i;
		struct err e;
		pthread_mutex_lock(&r->lock);
		while (r->next < s->nrows && !selected(r, r->next))
			r->next++;
		i = r->rc ? s->nrows : r->next++;
		pthread_mutex_unlock(&r->lock);
		if (i >= s->nrows)
			break;
		struct sweep_row *row = &s->rows[i];
		const struct arch *ra = sweep_row_arch(s, row);
		/* a --vary of an arch field: a simulator sized for the row's architecture */
		if (ra != cur_arch) {
			sim_destroy(sim);
			cur_arch = ra;
			sim = sim_create(ra);
			if (have_prog)
				program_free(&p);
			have_prog = 0;
			if (!sim) {
				err_set(&e, SIM_EINTERNAL, "out of memory creating a simulator");
				goto fail;
			}
		}
		/* rows of one curve are adjacent: rebuild the program only when its
		 * parameters change (all of them: iters, unroll and seed are not in set) */
		if (s->prog) {
			pp = s->prog; /* a fixed program: the same for every row */
		} else if (!have_prog || cur_w.ilp != row->w.ilp || strcmp(cur_w.set, row->w.set) != 0 ||
		    cur_w.iters != row->w.iters || cur_w.unroll != row->w.unroll || cur_w.seed != row->w.seed ||
		    strcmp(cur_w.name, row->w.name) != 0) {
			if (have_prog)
				program_free(&p);
			have_prog = 0;
			if (wl_build(&row->w, ra, &p, &e) != SIM_OK)
				goto fail;
			have_prog = 1;
			cur_w = row->w;
			pp = &p;
		} else {
			pp = &p;
		}
		struct sim_launch l = {.threads_per_block = row->threads, .blocks = row->blocks,
				       .smem_per_block = -1, .carveout_pct = -1, .policy = s->policy};
		int rc = sim_run(sim, pp, &l, &row->st, &e);
		if (rc)
			goto fail;
		pthread_mutex_lock(&r->lock);
		row->done = 1;
		r->finished++;
		if (r->progress) {
			sweep_csv_row(r->progress, s, row);
			fflush(r->progress);
		}
		if (r->bar)
			draw_bar(r);
		pthread_mutex_unlock(&r->lock);
		continue;
	fail:
		pthread_mutex_lock(&r->lock);
		if (!r->rc) {
			r->rc = SIM_EINPUT;
			if (s->vary[0])
				err_set(&r->err, SIM_EINPUT, "sweep point %s ilp=%d warps=%d %s=%s: %s", sweep_row_name(s, row), row->w.ilp,
					row->warps, s->vary, s->vals[row->vi], e.msg);
			else
				err_set(&r->err, SIM_EINPUT, "sweep point %s ilp=%d warps=%d: %s", sweep_row_name(s, row), row->w.ilp,
					row->warps, e.msg);
		}
		pthread_mutex_unlock(&r->lock);
		break;
	}
	if (have_prog)
		program_free(&p);
	if (sim)
		sim_destroy(sim);
	return NULL;
}

int sweep_run(struct sweep *s, int jobs, int ishard, int nshard, FILE *progress, int progress_bar,
	      struct err *e)
{
	struct runner r;
	pthread_t th[256];
	int started = 0;

	memset(&r, 0, sizeof r);
	r.s = s;
	r.ishard = ishard;
	r.nshard = nshard;
	r.progress = progress;
	r.bar = progress_bar;
	pthread_mutex_init(&r.lock, NULL);
	for (int i = 0; i < s->nrows; i++)
		r.todo += selected(&r, i);
	if (jobs < 1)
		jobs = 1;
	if (jobs > 256)
		jobs = 256;
	if (jobs > r.todo)
		jobs = r.todo > 0 ? r.todo : 1;
	if (r.todo > 0) {
		if (jobs == 1) {
			worker(&r);
		} else {
			for (int j = 0; j < jobs; j++) {
				if (pthread_create(&th[j], NULL, worker, &r) != 0)
					break;
				started++;
			}
			if (started == 0)
				worker(&r);
			for (int j = 0; j < started; j++)
				pthread_join(th[j], NULL);
		}
	}
	pthread_mutex_destroy(&r.lock);
	if (r.rc)
		*e = r.err;
	return r.rc;
}

/* ---- knees ----------------------------------------------------------- */

int sweep_same_curve(const struct sweep_row *a, const struct sweep_row *b)
{
	if (a->curve || b->curve)
		return a->curve == b->curve;
	return a->w.ilp == b->w.ilp && strcmp(a->w.set, b->w.set) == 0 && strcmp(a->w.name, b->w.name) == 0 &&
	       a->w.iters == b->w.iters;
}

/* The L1 bytes the simulator leaves the curve's launches beside their shared
 * memory (the carveout the driver configures, occ_l1_bytes), from the inputs
 * alone, so a resumed or merged sweep predicts the same. */
static long curve_l1_bytes(const struct sweep *s, const struct sweep_row *r)
{
	struct program p;
	struct err e = {{0}};
	struct occ_result o;
	const struct arch *a = sweep_row_arch(s, r);
	long l1 = (long)a->l1SharedCapacityKB * 1024;
	if (wl_build(&r->w, a, &p, &e) == SIM_OK) {
		struct occ_input in = {r->threads, p.regs_per_thread, p.smem_per_block, -1};
		if (occ_compute(a, &in, &o, &e) == SIM_OK)
			l1 = occ_l1_bytes(a, &o, -1);
	}
	program_free(&p);
	return l1;
}

void sweep_knees(struct sweep *s)
{
	for (int i = 0; i < s->nrows;) {
		int j = i, complete = 1, knee = -1;
		double best = 0;
		struct wl_little lt;
		while (j < s->nrows && sweep_same_curve(&s->rows[i], &s->rows[j]))
			j++;
		/* a program has no closed form: no Little's-law prediction */
		memset(&lt, 0, sizeof lt);
		if (!s->prog)
			wl_littles(&s->rows[i].w, s->a, curve_l1_bytes(s, &s->rows[i]), &lt);
		for (int k = i; k < j; k++) {
			complete &= s->rows[k].done;
			if (s->rows[k].done && s->rows[k].st.ipc > best)
				best = s->rows[k].st.ipc;
		}
		if (complete) {
			for (int k = i; k < j; k++)
				if (s->rows[k].st.ipc >= (1.0 - s->knee_tol) * best) {
					knee = k;
					break;
				}
		}
		for (int k = i; k < j; k++) {
			/* a --vary curve changes the workload or the architecture from
			 * point to point: Little's law per point */
			if (s->vary[0] && !s->prog)
				wl_littles(&s->rows[k].w, sweep_row_arch(s, &s->rows[k]), curve_l1_bytes(s, &s->rows[k]), &lt);
			s->rows[k].little = lt;
			s->rows[k].knee = k == knee;
			s->rows[k].curve_knee = knee >= 0 ? s->rows[knee].warps : 0;
		}
		i = j;
	}
}

/* ---- CSV --------------------------------------------------------------- */

/* The --arch-set overrides for the arch_set column: the canonical list
 * with ';' between entries, as in the set column (CSV fields hold no commas). */
static void arch_set_cell(const struct arch *a, char *buf, size_t n)
{
	snprintf(buf, n, "%s", a->overrides);
	for (char *c = buf; *c; c++)
		if (*c == ',')
			*c = ';';
}

void sweep_csv_header(FILE *f, const struct sweep *s)
{
	fprintf(f, "workload,ilp,warps_per_sm,blocks_per_sm,threads_per_block,cycles,warp_instructions,ipc,"
		   "achieved_occupancy,eligible_warps_per_cycle,knee,littles_warps,littles_limiter,iters,set,"
		   "issue_slot_utilization,dram_bytes");
	for (int i = 0; i < ST_COUNT; i++)
		fprintf(f, ",stall_%s", warp_state_names[i]);
	fprintf(f, ",arch,policy,point,points%s\n", s->extra_cols ? ",arch_set,vary,vary_value" : "");
}

void sweep_csv_row(FILE *f, const struct sweep *s, const struct sweep_row *r)
{
	char lw[16] = "", it[24] = "";
	if (r->little.warps)
		snprintf(lw, sizeof lw, "%d", r->little.warps);
	if (!s->prog) /* a program's work is its code: no iters */
		snprintf(it, sizeof it, "%llu", (unsigned long long)r->w.iters);
	fprintf(f, "%s,%d,%d,%d,%d,%llu,%llu,%.6f,%.6f,%.6f,%s,%s,%s,%s,%s,%.6f,%llu", sweep_row_name(s, r), r->w.ilp, r->warps,
		r->blocks, r->threads, (unsigned long long)r->st.cycles, (unsigned long long)r->st.warp_instructions,
		r->st.ipc, r->st.achieved_occupancy, r->st.eligible_warps_per_cycle,
		r->curve_knee ? (r->knee ? "1" : "0") : "", lw, r->little.limiter ? r->little.limiter : "",
		it, r->w.set, r->st.issue_slot_utilization,
		(unsigned long long)r->st.dram_bytes);
	for (int i = 0; i < ST_COUNT; i++)
		fprintf(f, ",%.6f", r->st.stalls[i]);
	fprintf(f, ",%s,%s,%d,%d", s->a->name, sched_policy_names[s->policy], (int)(r - s->rows), s->nrows);
	if (s->extra_cols) {
		char as[sizeof s->a->overrides];
		arch_set_cell(s->a, as, sizeof as);
		fprintf(f, ",%s,%s,%s", as, s->vary, s->vary[0] ? s->vals[r->vi] : "");
	}
	fputc('\n', f);
}

int sweep_load_csv(struct sweep *s, const char *path, int *taken, struct err *e)
{
	struct csv c;
	int col[8], rc, n = 0;
	static const char *need[] = {"workload", "ilp", "warps_per_sm", "cycles", "warp_instructions", "iters", "set", "ipc"};

	*taken = 0;
	if ((rc = csv_read(&c, path, e)))
		return rc;
	for (int k = 0; k < 8; k++)
		if ((rc = csv_need(&c, need[k], &col[k], e)))
			goto out;
	int cao = csv_col(&c, "achieved_occupancy"), cel = csv_col(&c, "eligible_warps_per_cycle"),
	    cis = csv_col(&c, "issue_slot_utilization"), cdb = csv_col(&c, "dram_bytes");
	int cas = csv_col(&c, "arch_set"), cvk = csv_col(&c, "vary"), cvv = csv_col(&c, "vary_value");
	char as[sizeof s->a->overrides];
	arch_set_cell(s->a, as, sizeof as);
	if (s->extra_cols != (cas >= 0 && cvk >= 0 && cvv >= 0)) {
		rc = err_set(e, SIM_EINPUT, "%s:1: %s the columns arch_set,vary,vary_value (expected the file of the same sweep: %s)",
			     path, s->extra_cols ? "missing" : "has", s->extra_cols ? "this one has --vary or --arch-set" : "this one has neither --vary nor --arch-set");
		goto out;
	}
	for (int i = 0; i < c.nrows; i++) {
		const struct csv_row *row = &c.rows[i];
		long ilp, warps, iters, cyc, wi;
		double ipc;
		if ((rc = csv_long(&c, row, col[1], 1, SWEEP_MAX_ILP, &ilp, e)) ||
		    (rc = csv_long(&c, row, col[2], 1, SWEEP_MAX_W, &warps, e)) ||
		    (s->prog && !row->f[col[5]][0] ? (iters = 0, 0) : (rc = csv_long(&c, row, col[5], 0, 1L << 40, &iters, e))) ||
		    (rc = csv_long(&c, row, col[3], 0, 0x7fffffffffffffffL, &cyc, e)) ||
		    (rc = csv_long(&c, row, col[4], 0, 0x7fffffffffffffffL, &wi, e)) ||
		    (rc = csv_double(&c, row, col[7], 0, 1e9, &ipc, e)))
			goto out;
		for (int k = 0; k < s->nrows; k++) {
			struct sweep_row *r = &s->rows[k];
			if (r->done || r->w.ilp != ilp || r->warps != warps || r->w.iters != (uint64_t)iters ||
			    strcmp(sweep_row_name(s, r), row->f[col[0]]) || strcmp(r->w.set, row->f[col[6]]))
				continue;
			if (s->extra_cols && (strcmp(row->f[cas], as) || strcmp(row->f[cvk], s->vary) ||
					      strcmp(row->f[cvv], s->vary[0] ? s->vals[r->vi] : "")))
				continue;
			r->st.cycles = r->st.elapsed_cycles = (uint64_t)cyc; /* a resumed row: its CSV has no elapsed_cycles */
			r->st.warp_instructions = (uint64_t)wi;
			r->st.ipc = ipc;
			double v;
			if (cao >= 0 && !csv_double(&c, row, cao, 0, 10, &v, NULL))
				r->st.achieved_occupancy = v;
			if (cel >= 0 && !csv_double(&c, row, cel, 0, 1e6, &v, NULL))
				r->st.eligible_warps_per_cycle = v;
			if (cis >= 0 && !csv_double(&c, row, cis, 0, 10, &v, NULL))
				r->st.issue_slot_utilization = v;
			if (cdb >= 0 && !csv_double(&c, row, cdb, 0, 1e300, &v, NULL))
				r->st.dram_bytes = (uint64_t)v;
			for (int st = 0; st < ST_COUNT; st++) {
				char name[64];
				snprintf(name, sizeof name, "stall_%s", warp_state_names[st]);
				int cs = csv_col(&c, name);
				if (cs >= 0 && !csv_double(&c, row, cs, 0, 1, &v, NULL))
					r->st.stalls[st] = v;
			}
			r->done = 1;
			n++;
			break;
		}
	}
	*taken = n;
	rc = SIM_OK;
out:
	csv_free(&c);
	return rc;
}
