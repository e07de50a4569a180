/*
 * wl.h: built-in workload generators.
 *
 * Each generator builds a program in the same form a program file parses
 * to (isa/isa.h), from a name and "k=v,..." parameters, and says what
 * Little's law predicts for it on an architecture: the latency of one
 * chain iteration and the SM's peak rate of chain iterations, whose
 * product is the number of chain iterations that must be in flight.
 * See workloads/README.md for the dependency structure of each.
 */
#ifndef WL_WL_H
#define WL_WL_H

#include <stdint.h>

#include "../isa/isa.h"
#include "../sim/cfg.h"
#include "../sim/err.h"

#define WL_MAX_KEYS 12
#define WL_MAX_BODY 1000000 /* instructions in one generated loop body */

struct wl_params {
	char name[32];
	int ilp;              /* independent chains per thread */
	uint64_t iters;       /* iterations per thread */
	char op[16];          /* fma: ffma fadd imad iadd3 lop3 dfma mufu */
	char operands[8];     /* fma: sep (default), pair, banked: the chain op's operand registers */
	uint64_t footprint;   /* chases: bytes */
	int bytes;            /* dram_chase, l1_chase: distinct bytes one warp load touches (128: 16 lanes x 8 B, lanes l and l+16 alike; 256: 32 x 8 B) */
	int fma_per_load;     /* mix */
	int tile;             /* tile: outputs per thread along the feature axis */
	double p;             /* diverge: fraction of lanes on the long path */
	int long_ops, short_ops; /* diverge */
	int chunk, skew;      /* barrier */
	int unroll;           /* chain rounds per loop trip (0: the workload's default) */
	uint64_t seed;        /* random streams (tile reuse offsets) */
	char set[256];        /* the canonical parameter string, "k=v;k=v" */
};

/* What Little's law needs, for the sweep's prediction. */
struct wl_little {
	double latency;       /* cycles one chain iteration takes, unloaded */
	double rate;          /* chain iterations per cycle the SM can sustain */
	const char *limiter;  /* the resource setting `rate`: "fma pipe", "dram bandwidth", ... */
	int warps;            /* predicted knee: max(schedulers, ceil(latency*rate/ilp)) */
};

extern const char *const wl_names[];

/* Parses "k=v,k=v" for workload `name` on top of its defaults. Unknown
 * workloads, unknown keys and out-of-range values are SIM_EINPUT errors
 * naming the key, the expected range and the value. */
int wl_parse(const char *name, const char *set, struct wl_params *w, struct err *e);
/* Sets one key (used by wl_parse and by sweeps over --set lists). */
int wl_set(struct wl_params *w, const char *key, const char *val, struct err *e);
/* wl_set with errors naming `flag` ("--vary") instead of "--set". */
int wl_set_flag(struct wl_params *w, const char *flag, const char *key, const char *val, struct err *e);
/* 1 if workload `name` takes parameter `key` (ilp, iters, unroll, seed or its own). */
int wl_has_key(const char *name, const char *key);
/* "ilp, iters, unroll, seed, op": the keys workload `name` takes. */
void wl_key_list(const char *name, char *buf, size_t n);
/* Builds the program for w on arch a (initialises p; caller frees). */
int wl_build(const struct wl_params *w, const struct arch *a, struct program *p, struct err *e);
/* Little's-law prediction of the knee for w on a. */
void wl_littles(const struct wl_params *w, const struct arch *a, long l1_bytes, struct wl_little *out);
/* The companion microbenchmark's launch shape for W resident warps: one
 * block of 32*W threads for W <= 32, two blocks of 16*W threads for even
 * W in 34..64. Other W: SIM_EINPUT (give --threads and --blocks). */
int wl_warps_shape(int warps, int *threads, int *blocks, struct err *e);
/* 1 if W has a shape. */
int wl_warps_valid(int warps);

/* Blocks one SM runs when the workload fixes the total work (tile: the
 * whole tensor over the chip); 0 when the user must say. */
int wl_default_blocks(const struct wl_params *w, const struct arch *a, int threads);

/* The launch the workload was written for, when it has one (tile: blocks of
 * 256 threads, as many as this SM's share of the tensor needs): sets
 * *threads and *blocks and returns 1; returns 0 for workloads whose launch
 * shape is the experiment's variable (give --warps or --threads). */
int wl_natural_launch(const struct wl_params *w, const struct arch *a, int *threads, int *blocks);

/* Fills w->set from the parameters that apply to the workload. */
void wl_canonical(struct wl_params *w);

#endif /* WL_WL_H */
