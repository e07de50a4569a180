/*
 * sweep.c: planning, running (threads), knees and CSV of sweeps.
 */
#include "sweep.h"

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

int sweep_plan(struct sweep *s, const struct arch *a, const char *workload, const char *set,
	       const int *ilps, int nilp, const int *warps, int nwarps, struct err *e)
{
	struct setlist sl;
	struct wl_params base;
	int combos = 1, rc, r = 0;

	memset(s, 0, sizeof *s);
	s->a = a;
	s->knee_tol = 0.05;
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
	if (s->nrows > 1000000)
		return err_set(e, SIM_EINPUT, "sweep: %d points (expected at most 1000000)", s->nrows);
	s->rows = calloc((size_t)s->nrows, sizeof *s->rows);
	if (!s->rows)
		return err_set(e, SIM_EINTERNAL, "out of memory");
	for (int c = 0; c < combos; c++) {
		struct wl_params w = base;
		int idx = c;
		for (int k = sl.nkeys - 1; k >= 0; k--) {
			int vi = idx % sl.nval[k];
			idx /= sl.nval[k];
			if ((rc = wl_set(&w, sl.key[k], sl.val[k][vi], e)))
				return rc;
		}
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
			struct program p;
			rc = wl_build(&w, a, &p, e);
			program_free(&p);
			if (rc)
				return rc;
		}
	}
	return SIM_OK;
}

void sweep_free(struct sweep *s)
{
	free(s->rows);
	s->rows = NULL;
	s->nrows = 0;
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
	struct sim *sim = sim_create(s->a);
	struct program p;
	char cur_set[300] = "";
	int cur_ilp = -1, have_prog = 0;

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
		/* rows of one curve are adjacent: rebuild the program only when it changes */
		if (!have_prog || cur_ilp != row->w.ilp || strcmp(cur_set, row->w.set) != 0) {
			if (have_prog)
				program_free(&p);
			have_prog = 0;
			if (wl_build(&row->w, s->a, &p, &e) != SIM_OK)
				goto fail;
			have_prog = 1;
			cur_ilp = row->w.ilp;
			snprintf(cur_set, sizeof cur_set, "%s", row->w.set);
		}
		struct sim_launch l = {.threads_per_block = row->threads, .blocks = row->blocks,
				       .smem_per_block = -1, .carveout_pct = -1, .policy = s->policy};
		int rc = sim_run(sim, &p, &l, &row->st, &e);
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
			err_set(&r->err, SIM_EINPUT, "sweep point %s ilp=%d warps=%d: %s", row->w.name, row->w.ilp,
				row->warps, e.msg);
		}
		pthread_mutex_unlock(&r->lock);
		break;
	}
	if (have_prog)
		program_free(&p);
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
	return a->w.ilp == b->w.ilp && strcmp(a->w.set, b->w.set) == 0 && strcmp(a->w.name, b->w.name) == 0 &&
	       a->w.iters == b->w.iters;
}

/* The L1 bytes the simulator leaves the curve's launches beside their shared
 * memory (the carveout the occupancy calculator picks), from the inputs
 * alone, so a resumed or merged sweep predicts the same. */
static long curve_l1_bytes(const struct sweep *s, const struct sweep_row *r)
{
	struct program p;
	struct err e = {{0}};
	struct occ_result o;
	long l1 = (long)s->a->l1SharedCapacityKB * 1024;
	if (wl_build(&r->w, s->a, &p, &e) == SIM_OK) {
		struct occ_input in = {r->threads, p.regs_per_thread, p.smem_per_block, -1};
		if (occ_compute(s->a, &in, &o, &e) == SIM_OK)
			l1 -= o.smem_per_sm;
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
			s->rows[k].little = lt;
			s->rows[k].knee = k == knee;
			s->rows[k].curve_knee = knee >= 0 ? s->rows[knee].warps : 0;
		}
		i = j;
	}
}

/* ---- CSV --------------------------------------------------------------- */

void sweep_csv_header(FILE *f)
{
	fprintf(f, "workload,ilp,warps_per_sm,blocks_per_sm,threads_per_block,cycles,warp_instructions,ipc,"
		   "achieved_occupancy,eligible_warps_per_cycle,knee,littles_warps,littles_limiter,iters,set,"
		   "issue_slot_utilization,dram_bytes");
	for (int i = 0; i < ST_COUNT; i++)
		fprintf(f, ",stall_%s", warp_state_names[i]);
	fprintf(f, ",arch,policy,point,points\n");
}

void sweep_csv_row(FILE *f, const struct sweep *s, const struct sweep_row *r)
{
	char lw[16] = "";
	if (r->little.warps)
		snprintf(lw, sizeof lw, "%d", r->little.warps);
	fprintf(f, "%s,%d,%d,%d,%d,%llu,%llu,%.6f,%.6f,%.6f,%s,%s,%s,%llu,%s,%.6f,%llu", r->w.name, r->w.ilp, r->warps,
		r->blocks, r->threads, (unsigned long long)r->st.cycles, (unsigned long long)r->st.warp_instructions,
		r->st.ipc, r->st.achieved_occupancy, r->st.eligible_warps_per_cycle,
		r->curve_knee ? (r->knee ? "1" : "0") : "", lw, r->little.limiter ? r->little.limiter : "",
		(unsigned long long)r->w.iters, r->w.set, r->st.issue_slot_utilization,
		(unsigned long long)r->st.dram_bytes);
	for (int i = 0; i < ST_COUNT; i++)
		fprintf(f, ",%.6f", r->st.stalls[i]);
	fprintf(f, ",%s,%s,%d,%d\n", s->a->name, sched_policy_names[s->policy], (int)(r - s->rows), s->nrows);
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
	for (int i = 0; i < c.nrows; i++) {
		const struct csv_row *row = &c.rows[i];
		long ilp, warps, iters, cyc, wi;
		double ipc;
		if ((rc = csv_long(&c, row, col[1], 1, SWEEP_MAX_ILP, &ilp, e)) ||
		    (rc = csv_long(&c, row, col[2], 1, SWEEP_MAX_W, &warps, e)) ||
		    (rc = csv_long(&c, row, col[5], 0, 1L << 40, &iters, e)) ||
		    (rc = csv_long(&c, row, col[3], 0, 0x7fffffffffffffffL, &cyc, e)) ||
		    (rc = csv_long(&c, row, col[4], 0, 0x7fffffffffffffffL, &wi, e)) ||
		    (rc = csv_double(&c, row, col[7], 0, 1e9, &ipc, e)))
			goto out;
		for (int k = 0; k < s->nrows; k++) {
			struct sweep_row *r = &s->rows[k];
			if (r->done || r->w.ilp != ilp || r->warps != warps || r->w.iters != (uint64_t)iters ||
			    strcmp(r->w.name, row->f[col[0]]) || strcmp(r->w.set, row->f[col[6]]))
				continue;
			r->st.cycles = (uint64_t)cyc;
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
