/*
 * lanes.c: where a warp's lanes fall. A room of sim/sm.c (#included there,
 * not compiled on its own; see sm_int.h).
 *
 * From a memory instruction's access attributes (pattern, width, stride,
 * period/step, lines=, offsets=, base=, lanes=, footprint) the byte offsets of its
 * lanes (lanes_offsets), and from those what the memory levels charge for
 * them: the sectors and lines it touches (L2 and DRAM: lanes_sectors, the
 * L2 line rule lanes_l2_add) and its wavefronts on the L1's and shared
 * memory's data array and the L1 tag stage's banks (lanes_waves). All of
 * it is worked out once an instruction (mem.c's memory-info cache, the cold
 * path), never in the hot loop.
 *
 * Evidence: tests/data/h200/mech/gather (the data banks, the tag banks and
 * their hash: mech_gather..mech_gather5), sstore (STS, ATOMS), l2path and
 * l2lines (the L2 line rule).
 *
 * Reads from struct arch: sector_bytes, line_bytes, l1_banks, l1_bank_bytes,
 * l1_tag_lines, l1_tag_hash, l1_replay_cycles, l1_line_cycles,
 * smem_replay_cycles, smem_wave_bytes, l1_group_cycles, smem_group_cycles,
 * l2_sector_cycles, line_curve.
 */
#ifndef SIM_SM_C
#error "sim/lanes.c is a room of sim/sm.c: #included there, not compiled on its own"
#endif
#include "sm_int.h"

static void lanes_offsets(const struct insn *in, int nl, uint64_t off[32], uint64_t *x);

/* The lanes of warp w on for a memory instruction: the warp's own, or with
 * threads=N (a guard tid < N) those of its threads below N, none past them
 * (then it issues predicated off: mem_issue). */
static inline int lanes_of_warp(const struct warp *w, const struct insn *in)
{
	if (__builtin_expect(!in->threads, 1))
		return w->lanes;
	int on = (int)in->threads - 32 * w->wib;
	return on <= 0 ? 0 : on < w->lanes ? on : w->lanes;
}

static int lanes_u64_cmp(const void *p, const void *q)
{
	uint64_t a = *(const uint64_t *)p, b = *(const uint64_t *)q;
	return (a > b) - (a < b);
}
#define GATHER_DRAWS 64 /* pattern=gather: its lanes drawn this many times, the costs averaged */
#define GATHER_SEED 0x5EED0000ull

/*
 * The sectors, lines and most sectors of one line that a warp's lanes
 * touch, from their offsets (lanes_offsets): for a gather the mean over
 * GATHER_DRAWS draws, for period= the one set.
 */
static void lanes_geom(const struct arch *a, const struct insn *in, int lanes, double *sectors, double *lines,
		     double *spl)
{
	uint64_t off[32], x = GATHER_SEED + in->count;
	uint64_t sb = (uint64_t)a->sector_bytes, per_line = (uint64_t)a->line_bytes / sb;
	uint32_t width = in->width ? in->width : 4;
	int nl = lanes < 1 ? 1 : lanes > 32 ? 32 : lanes;
	int draws = in->pattern == PAT_GATHER ? GATHER_DRAWS : 1;
	double ts = 0, tl = 0, tm = 0;
	if (per_line < 1)
		per_line = 1;
	for (int d = 0; d < draws; d++) {
		uint64_t sec[32 * 16];
		int n = 0;
		lanes_offsets(in, nl, off, &x);
		for (int i = 0; i < nl; i++)
			for (uint64_t q = off[i] / sb; q <= (off[i] + width - 1) / sb && n < 32 * 16; q++)
				sec[n++] = q;
		qsort(sec, (size_t)n, sizeof *sec, lanes_u64_cmp);
		/* distinct sectors, lines, and sectors of the fullest line, in address order */
		int ns = 0, nln = 0, most = 0, run = 0;
		for (int i = 0; i < n; i++) {
			if (i > 0 && sec[i] == sec[i - 1])
				continue;
			ns++;
			if (i == 0 || sec[i] / per_line != sec[i - 1] / per_line)
				nln++, run = 0;
			if (++run > most)
				most = run;
		}
		ts += ns, tl += nln, tm += most;
	}
	*sectors = ts / draws, *lines = tl / draws, *spl = tm / draws;
}

/* The distinct lines one warp instruction touches (lanes_geom), at least 1. */
static int lanes_lines(const struct arch *a, const struct insn *in, int lanes)
{
	double ns, nl, spl;
	lanes_geom(a, in, lanes, &ns, &nl, &spl);
	return nl < 1 ? 1 : (int)(nl + 0.5);
}

/* An access whose sectors and lines come from its lanes' offsets
 * (lanes_geom): a gather, period=, lines=, offsets=, or a base= off a sector's start. */
static inline int lanes_by_offsets(const struct arch *a, const struct insn *in)
{
	return in->pattern == PAT_GATHER || in->period || in->nlines || in->noffs || in->base % (uint32_t)a->sector_bytes;
}

/* Sectors one warp instruction touches. */
static int lanes_sectors(const struct arch *a, const struct insn *in, int lanes)
{
	int active = in->lanes && in->lanes < lanes ? in->lanes : lanes;
	int sec = a->sector_bytes;
	if (lanes_by_offsets(a, in)) {
		double ns, nl, spl;
		lanes_geom(a, in, lanes, &ns, &nl, &spl);
		return (int)(ns + 0.5);
	}
	switch (in->pattern) {
	case PAT_UNIFORM:
		return 1;
	case PAT_STRIDED:
	case PAT_STREAM: /* a stream's lanes may be stride apart too (its lines do: lanes_geom) */
	case PAT_CHASE:  /* a random walk's lanes may be stride apart too (mech_l2stride) */
		if (in->stride > in->width) {
			if (in->stride >= (uint32_t)sec)
				return active;
			return (int)(((uint64_t)active * in->stride + (uint64_t)sec - 1) / (uint64_t)sec);
		}
		return (active * in->width + sec - 1) / sec;
	default:
		return (active * in->width + sec - 1) / sec;
	}
}

/*
 * The L2 line rule: what an L2 hit of this access waits beyond l2_latency.
 * On the H200 one warp's hit takes longer by about 2.3 cycles for each
 * sector past the first that it asks of one line (4 words in 4 sectors as
 * 16 words in 4: the sectors, not the bytes or the lanes), and by what the
 * measured l2_line_cycles gives for the lines it spans: 3.5 cycles less for
 * 2 lines than 1, then more (4 lines +8.5, 8 +15.5, 32 +71.5: about 2.3 a
 * line; tests/data/h200/mech/l2path, l2lines). Lanes at `stride` bytes (or
 * contiguous) from a line's start; interpolated linearly in lines between
 * the curve's points at 1, 2, 4, 8, ... lines, and past the last point
 * along its last segment.
 */
static double lanes_l2_line_add(const struct arch *a, double lines, double spl)
{
	int n = a->n_line_curve, k = 0;
	while (k + 2 < n && (double)(1 << (k + 1)) <= lines)
		k++;
	double x0 = (double)(1 << k), c0 = a->line_curve[k], c1 = a->line_curve[k + 1];
	return a->l2_sector_cycles * (spl - 1) + c0 + (c1 - c0) * (lines - x0) / x0;
}

static double lanes_l2_add(const struct arch *a, const struct insn *in, int lanes)
{
	if (lanes_by_offsets(a, in)) {
		double ns, nl, spl;
		lanes_geom(a, in, lanes, &ns, &nl, &spl);
		return lanes_l2_line_add(a, nl, spl);
	}
	int active = in->lanes && in->lanes < lanes ? in->lanes : lanes;
	uint64_t stride = in->pattern == PAT_UNIFORM ? 0 : in->stride > in->width ? in->stride : in->width;
	uint64_t lb = (uint64_t)a->line_bytes, sb = (uint64_t)a->sector_bytes;
	int lines = 0, spl = 0, run = 0;
	uint64_t line = UINT64_MAX, sec = UINT64_MAX;
	for (int i = 0; i < (stride ? active : 1); i++) {
		/* the sectors of lane i's bytes, in address order */
		uint64_t lo = (uint64_t)i * stride, hi = lo + (in->width ? in->width : 1) - 1;
		for (uint64_t s = lo / sb; s <= hi / sb; s++) {
			if (s == sec)
				continue;
			sec = s;
			if (s * sb / lb != line) {
				line = s * sb / lb;
				lines++;
				run = 0;
			}
			if (++run > spl)
				spl = run;
		}
	}
	return lanes_l2_line_add(a, (double)lines, (double)spl);
}

/*
 * The L1's wavefronts. On the H200 a warp's load of L1-resident data costs
 * the SM one cycle a wavefront, and a wavefront is what the shared-memory
 * bank rule allows on the L1's data array, 32 banks of 4 bytes, each bank
 * one distinct word a cycle (lanes reading one word share it), over the
 * lanes whose bytes make up 128 (all 32 lanes at 4 bytes a lane, half a
 * warp at 8, a quarter at 16), or what the tag stage allows, one line of
 * each of its 4 banks a cycle for the whole warp, whichever is more. 56 lane patterns of
 * l1_gather (lanes over 1 to 32 lines, 1 to 4 sectors a line, words shared
 * by 1 to 32 lanes, lines 128 B to 8 KB apart, 4, 8 and 16 bytes a lane)
 * cost 2.02 to 32.03 SM cycles a load at 32 warps, 50 of them as this
 * gives (those of one wavefront 1.53: bound elsewhere, the IMAD.WIDE of
 * their address; tests/data/h200/mech/gather, 2026-12-03). The tag bank of
 * a line is a hash of its address (l1_tag_hash: bank bit j the parity of
 * the address and mask j): lanes at word l of three of lines 0-3 and a
 * fourth line x take one wavefront exactly when x is in the left-out line's
 * bank, and lines 3-130 split into the four banks exactly (mech_gather4);
 * x = 2^k for k up to 17 and sums of two such (mech_gather5) read the masks
 * bit by bit and show them linear, and moving the table 512 B changed the
 * 21 line sets' costs as the hash said before the run (scattered lines'
 * "more than 4 a wavefront": their lines crowd one bank). An access's
 * addresses start at its base= (0: a table at a 2 MB boundary). A bank conflict's replays
 * take a lone warp l1_replay_cycles each, one load after another for the
 * warp, and l1_line_cycles more where the replay brings a line the lane
 * groups did not (1.95 + 0.25: lanes on 2 to 32 lines' word 0 return 2.0 to
 * 69 cycles later than one line's, one warp's 4 such loads in flight take 78
 * cycles each; round 41, mech_wide3 and mech_wide4: 16-byte lanes 8 words a
 * bank on 32, 16 and 8 lines 118.54, 114.54, 112.54 cycles a load);
 * wavefronts from lines alone take the SM's cycle each (t32: 7 later).
 * LDS (s_gather, mech_gather3) obeys the same banks, without tags: lanes on
 * one bank's 2 to 32 words 2.02 to 32.02 cycles of the shared-memory path
 * at 32 warps, a lone warp 2.0 more a wavefront (smem_replay_cycles).
 * A wide load's further lane groups (128 bytes of lanes each; a paired
 * LDS's smem_wave_bytes, lanes_paired) take the warp l1_group_cycles (2.0) or
 * smem_group_cycles (2.87) each on the same path (round 40, mech_wide and
 * mech_wide2: one thread's LDG.E.64 chase 32.16 cycles a load, 32 threads'
 * 34.17; LDG.E.128 34.91 and 40.91; LDS.64 24.55 and 27.37; LDS.128 25.10
 * and 33.11; a broadcast LDS.64 one group, as a 4-byte LDS). Until round 40
 * they took the SM's cycle alone, and the import set's chases of LDG.64,
 * compared whole against the stamped span, had seemed to say so.
 */

/* Byte offsets of a warp's lanes (nl of them) as the access places them;
 * lane i reads as pattern lane i % in->lanes (the lanes attribute: distinct
 * lanes, the others reading theirs, as an L1 chase's lanes l and l + 16). A
 * gather draws its lanes from x (splitmix64). */
static void lanes_offsets(const struct insn *in, int nl, uint64_t off[32], uint64_t *x)
{
	uint32_t width = in->width ? in->width : 4;
	uint64_t elems = in->count / width;
	int distinct = in->lanes && in->lanes < nl ? in->lanes : nl;
	for (int i = 0; i < distinct; i++) {
		uint64_t o;
		if (in->nlines) {
			o = (uint64_t)in->lines[i % in->nlines] * 128u + ((uint64_t)i * width) % 128u;
			off[i] = o + in->base;
			continue;
		}
		if (in->noffs) { /* base= is added below */
			off[i] = in->offs[i % in->noffs];
			continue;
		}
		switch (in->pattern) {
		case PAT_UNIFORM:
			o = 0;
			break;
		case PAT_GATHER: {
			uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
			z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
			z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
			z ^= z >> 31;
			o = (elems ? z % elems : 0) * width;
			break;
		}
		default:
			if (in->period)
				o = (uint64_t)(i % in->period) * in->stride + (uint64_t)(i / in->period) * in->step;
			else
				o = (uint64_t)i * (in->stride > width ? in->stride : width);
		}
		off[i] = o;
	}
	for (int i = 0; i < distinct; i++)
		off[i] += in->nlines ? 0 : in->base;
	for (int i = distinct; i < nl; i++)
		off[i] = off[i % distinct];
}

/* A warp's wavefronts (the rule above): the tag stage's, the most of its
 * distinct lines in one tag bank (without l1_tag_hash: l1_tag_lines at a
 * time), or the data array's, the banks' most
 * distinct words a group of lanes, summed over the groups, whichever is
 * more; *banked gets the data array's beyond one a group (bank conflicts:
 * the warp's replays). */
static int lanes_pack(const struct arch *a, const uint64_t *off, int nl, uint32_t width, int tags, int share, int group_bytes,
		      int *banked, int *ngroups, int *nlines)
{
	int nb = a->l1_banks, bb = a->l1_bank_bytes, wpl = (int)(width + (uint32_t)bb - 1) / bb;
	int per = (group_bytes > 0 ? group_bytes : nb * bb) / (int)width; /* lanes a group: by default their bytes fill the banks once */
	uint64_t lb = (uint64_t)a->line_bytes, line[32];
	int nline = 0, data = 0, groups = 0;
	if (per < 1)
		per = 1;
	if (per > 32)
		per = 32;
	for (int i = 0; i < nl; i++) {
		int have = 0;
		for (int j = 0; j < nline && !have; j++)
			have = line[j] == off[i] / lb;
		if (!have)
			line[nline++] = off[i] / lb;
	}
	for (int g0 = 0; g0 < nl; g0 += per) {
		int n = nl - g0 < per ? nl - g0 : per, nw = 0, most = 0, cnt[64] = {0};
		uint64_t word[32 * 16];
		groups++;
		for (int i = 0; i < n; i++)
			for (int k = 0; k < wpl; k++) {
				uint64_t wd = off[g0 + i] / (uint64_t)bb + (uint64_t)k;
				int seen = 0;
				for (int j = 0; j < nw && !seen && share; j++)
					seen = word[j] == wd;
				if (seen)
					continue;
				word[nw++] = wd;
				int b = (int)(wd % (uint64_t)nb);
				if (++cnt[b] > most)
					most = cnt[b];
			}
		data += most;
	}
	int tag = 0;
	if (tags && a->n_l1_tag_hash) {
		/* one line of each tag bank a wavefront: the most lines of one bank */
		int per_bank[1 << CFG_MAX_TAG_HASH] = {0};
		for (int j = 0; j < nline; j++) {
			int bank = 0;
			for (int k = 0; k < a->n_l1_tag_hash; k++)
				bank |= __builtin_parityll(line[j] * lb & a->l1_tag_hash[k]) << k;
			if (++per_bank[bank] > tag)
				tag = per_bank[bank];
		}
	} else if (tags) {
		tag = (nline + a->l1_tag_lines - 1) / a->l1_tag_lines;
	}
	*banked = data - groups;
	*ngroups = groups;
	*nlines = nline;
	return tag > data ? tag : data;
}

/*
 * An LDS whose lanes come in pairs on one address: lane l's as lane l ^ 1's
 * for every active pair, or lane l's as lane l ^ 2's (a broadcast is both).
 * Its data returns packed, two lanes' registers in one lane's slot, so a
 * wavefront serves smem_wave_bytes of lanes (a half warp at 16 bytes, the
 * whole warp at 8) where others serve 128 B: NVIDIA's rule for CC 7.x
 * (forums.developer.nvidia.com/t/unexpected-shared-memory-bank-conflict/77228:
 * "the requests per instruction reduce from 4 to 2"), and the H100's
 * (mech_wide3 k2, element 8 (l % 2), lanes l and l ^ 2 on one address: its
 * LDS.64 28.68 cycles a load as a 4-byte LDS, its LDS.128 35.66 as an
 * LDS.64 of two half warps each two words a bank; lanes l and l ^ 4, 8 or
 * 16 on one address are not packed: mech_wide's quarter and half). The
 * groups keep their bank conflicts. LDG is not packed (mech_wide3 g_k2: an
 * LDG.E.64's two half warps).
 */
static int lanes_paired(const uint64_t *off, int nl)
{
	int p1 = 1, p2 = 1;
	for (int i = 0; i < nl && (p1 || p2); i++) {
		if ((i ^ 1) < nl && off[i] != off[i ^ 1])
			p1 = 0;
		if ((i ^ 2) < nl && off[i] != off[i ^ 2])
			p2 = 0;
	}
	return p1 || p2;
}

/* An L1 hit's or an LDS's wavefronts (the SM's cycles, at one a wavefront)
 * and, with bank conflicts or further lane groups, the warp's own time for
 * it in *path (else 0). */
static double lanes_waves(const struct arch *a, const struct insn *in, int lanes, double *path)
{
	uint64_t off[32], x = GATHER_SEED + in->count;
	uint32_t width = in->width ? in->width : 4;
	int smem = isa_ops[in->op].unit == UNIT_SMEM;
	/* shared memory: the active lanes alone, no tags, its own replay time */
	int nl = smem && in->lanes && in->lanes < lanes ? in->lanes : lanes;
	double replay = smem ? a->smem_replay_cycles : a->l1_replay_cycles;
	/* a load's further lane groups (loads only: STS and ATOMS keep the SM's cycle) */
	double group = in->op == OP_LDS ? a->smem_group_cycles : smem ? 1.0 : a->l1_group_cycles;
	int draws = in->pattern == PAT_GATHER ? GATHER_DRAWS : 1;
	double waves = 0.0, rep = 0.0;
	nl = nl < 1 ? 1 : nl > 32 ? 32 : nl;
	for (int d = 0; d < draws; d++) {
		int banked, groups, lines;
		lanes_offsets(in, nl, off, &x);
		int gb = in->op == OP_LDS && lanes_paired(off, nl) ? a->smem_wave_bytes : 0;
		int wv = lanes_pack(a, off, nl, width, !smem, in->op != OP_ATOMS || in->popc, gb, &banked, &groups, &lines);
		waves += wv;
		if (banked > 0 || (groups > 1 && group > 1.0)) {
			rep += wv + banked * (replay - 1.0) + (groups - 1) * (group - 1.0);
			/* an L1 hit's replays that bring a line its groups did not: l1_line_cycles each */
			int fresh = lines - groups < banked ? lines - groups : banked;
			if (!smem && fresh > 0)
				rep += fresh * a->l1_line_cycles;
		}
	}
	*path = rep / draws;
	return waves / draws;
}

/* A load whose L1 hits go by the wavefront rule (not the constant cache's). */
static inline int lanes_l1_banked(const struct arch *a, const struct insn *in)
{
	return a->l1_banks > 0 && isa_l1_load(in->op) && isa_ops[in->op].unit != UNIT_CONST;
}

/* A shared-memory access whose wavefronts differ from its bytes: with
 * l1_banks, every LDS, STS and ATOMS but a contiguous one of 4 bytes a lane
 * or more on all its lanes, which is one wavefront a 128 bytes, as its bytes
 * say (mem_issue's fast path). STS obeys LDS's banks, lanes on one word
 * sharing it; an ATOMS's lanes never share (each lane's update its own
 * wavefront: 32 lanes adding to one word take 32): mech_sstore, round 20;
 * but an ATOMS.POPC.INC's do (one increment by the count of the lanes on a
 * word: course.cu's hist, mech_pinc, round 23). */
static inline int lanes_smem_banked(const struct arch *a, const struct insn *in)
{
	return (in->op == OP_LDS || in->op == OP_STS || in->op == OP_ATOMS) && a->l1_banks > 0 &&
	       (in->pattern == PAT_UNIFORM || in->pattern == PAT_GATHER || in->period || in->nlines || in->noffs || in->base || in->stride > in->width ||
		in->lanes || in->width < 4 || (in->op == OP_LDS && in->width > 4 && a->smem_group_cycles > 1.0));
}
