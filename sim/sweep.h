/*
 * sweep.h: the ILP x resident-warps experiment.
 *
 * A sweep is the product of parameter lists (--set k=a:b), ILP values and
 * resident-warp counts, one simulation per point. Points run on worker
 * threads, each with its own simulator; each finished row is appended
 * (flushed) to a progress file so an interrupted sweep can resume; the
 * final table is written in point order, so the output does not depend on
 * --jobs. Per curve (workload, parameters, ILP) the knee is the smallest W
 * whose throughput is within knee_tol of the curve's best, and Little's
 * law predicts it from the limiting resource.
 */
#ifndef SIM_SWEEP_H
#define SIM_SWEEP_H

#include <stdint.h>
#include <stdio.h>

#include "../workloads/wl.h"
#include "cfg.h"
#include "sm.h"

#define SWEEP_MAX_W 64
#define SWEEP_MAX_ILP 32
#define SWEEP_MAX_VALS 1000 /* values of a --vary axis */

struct sweep_row {
	/* identity */
	struct wl_params w;       /* workload and parameters (w.ilp set) */
	int warps;                /* resident warps per SM (the --warps shorthand) */
	int vi;                   /* --vary: index of the row's value in vals[] */
	int curve;                /* --vary: the row's curve, from 1 (0: curves by sweep_same_curve's fields) */
	int blocks, threads;      /* launch shape */
	/* results */
	int done;
	struct sim_stats st;
	int knee;                 /* 1 on the knee row of its curve */
	int curve_knee;           /* the curve's knee W (0 unknown) */
	struct wl_little little;  /* Little's-law prediction for the curve */
};

struct sweep {
	const struct arch *a;     /* borrowed; with --arch-set its overrides applied */
	enum sched_policy policy;
	double knee_tol;          /* 0.05 */
	int nrows;
	struct sweep_row *rows;   /* owned */
	/* --vary: the x axis is one key at a fixed W instead of warps */
	char vary[96];            /* the key, "memory.dram_latency" or "fma_per_load"; "" without --vary */
	int nvals;
	char (*vals)[64];         /* the axis's values as text, in order (owned) */
	struct arch *archs;       /* an arch field varied: the architecture of each value (owned), else NULL */
	int nilp;                 /* ILP values per parameter combination (the table's columns) */
	int extra_cols;           /* the CSV has arch_set,vary,vary_value (--vary or --arch-set given) */
	/* a fixed-program sweep (--program FILE, --sass FILE --kernel NAME):
	 * every row runs this program at its launch shape; rows have ilp 1,
	 * iters 0 (written empty), no Little's law and one curve per --vary
	 * value list or warps list */
	const struct program *prog; /* borrowed; NULL: a workload sweep */
	char pname[64];             /* the program's name: the workload column */
};

/* Builds the point list from a workload name, a --set string whose values
 * may be lists (k=a:b:c), ILP and warps lists. */
int sweep_plan(struct sweep *s, const struct arch *a, const char *workload, const char *set,
	       const int *ilps, int nilp, const int *warps, int nwarps, struct err *e);

/*
 * The plan of a --vary sweep: for each --set combination and ILP, one row
 * per value of `vary` ("KEY=FROM:TO[:STEP]", STEP "*F" geometric, or
 * "KEY=V1,V2,...") at `warps` resident warps. KEY is a parameter of the
 * workload or a field of the architecture file; for the latter each value
 * gets its own architecture, loaded from arch_name with a's overrides
 * (--arch-set) plus KEY=VALUE and checked as the file is. Errors name
 * --vary, the key, what was expected and what was found.
 */
int sweep_plan_vary(struct sweep *s, const struct arch *a, const char *arch_name, const char *workload,
		    const char *set, const int *ilps, int nilp, int warps, const char *vary, struct err *e);

/*
 * The plan of a fixed-program sweep: one row per W of `warps` or, with
 * `vary` (an arch field only: "KEY=FROM:TO[:STEP]" or "KEY=V1,..."), one
 * row per value at warps[0]. `set` is what the set column holds (the
 * import options, ';'-joined, no commas; "" for a program file). The
 * program is borrowed and must outlive s.
 */
int sweep_plan_program(struct sweep *s, const struct arch *a, const char *arch_name, const struct program *p,
		       const char *set, const int *warps, int nwarps, const char *vary, struct err *e);

/* The name in a row's workload column: the workload's or the program's. */
const char *sweep_row_name(const struct sweep *s, const struct sweep_row *r);

/* The architecture a row runs on. */
const struct arch *sweep_row_arch(const struct sweep *s, const struct sweep_row *r);

/* 1 if the ';'-joined k=v lists a and b are equal but for the entry of key
 * `skip` (the varied parameter of a --vary sweep's curve). */
int sweep_same_set_except(const char *a, const char *b, const char *skip);
void sweep_free(struct sweep *s);

/*
 * Runs the rows selected by shard (index % nshard == ishard) that are not
 * already done, on `jobs` threads. Each finished row is appended to
 * `progress` (may be NULL) under a lock and flushed. progress_bar: draw a
 * bar on stderr. Returns 0, or the first error (other rows may be done).
 */
int sweep_run(struct sweep *s, int jobs, int ishard, int nshard, FILE *progress, int progress_bar,
	      struct err *e);

/* 1 if two rows belong to the same curve (workload, parameters, iterations, ILP). */
int sweep_same_curve(const struct sweep_row *a, const struct sweep_row *b);

/* Marks knees and Little's-law predictions on every complete curve. */
void sweep_knees(struct sweep *s);

/* The CSV header and one row (the DESIGN contract's columns first; a
 * --vary or --arch-set sweep adds arch_set,vary,vary_value at the end). */
void sweep_csv_header(FILE *f, const struct sweep *s);
void sweep_csv_row(FILE *f, const struct sweep *s, const struct sweep_row *r);

/* Marks rows done from a CSV written by sweep_csv_row (resume, merge):
 * rows whose identity matches a planned row take its values. Returns the
 * number of rows taken, or a negative SIM_E* with e set for a malformed file. */
int sweep_load_csv(struct sweep *s, const char *path, int *taken, struct err *e);

/* Parses the --warps list: values the shorthand allows (1..32, even 34..64). */
int sweep_parse_warps(const char *spec, int *out, int cap, int *n, struct err *e);

#endif /* SIM_SWEEP_H */
