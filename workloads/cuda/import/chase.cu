// chase.cu -- groups chase, chase_lat and multiload: pointer chases p = *p written plainly.
//
// Node layout: a node is wpn 8-byte words (wpn = 16: 128 B, one line; wpn = 32: 256 B, two
// lines); word l of node n holds the address of word l of node next(n), next() one random
// cycle over all nodes (Sattolo's algorithm, splitmix64, fixed seeds). Lane l reads word
// (l mod wpn): with wpn = 16 lanes l and l+16 read the same word, so a warp load delivers
// 128 B; with wpn = 32 every lane reads its own word, 256 B.
//
// Start rule (param start=...). chain s = gw*ILP + k (warp gw = global warp index, chain k).
//  start=even (L1 and DRAM footprints, chase_lat, multiload): chain s of S starts at the node
//    floor(s*N/S) positions along the cycle. With S = 132*W*ILP chains close to or above the
//    node count N, neighbouring chains (the warps of one block, on one SM) start only a few
//    nodes apart and re-read the lines their neighbour just fetched (L1 hits, merged misses).
//  start=gold (the group chase L2 footprints 4 MB and 24 MB, remeasured 2026-12-01): chain s
//    starts at cycle position floor(frac(u0 + s*g) * N), g = (sqrt5-1)/2 (64-bit fixed point
//    0x9e3779b97f4a7c15), u0 = splitmix64 of a fixed seed (0x57a27001 ^ N ^ S): a seeded,
//    deterministic pseudo-random offset plus the golden-ratio (Weyl) sequence. Independent
//    uniform starts would collide (birthday bound: the expected closest pair of 256 starts on
//    32768 nodes is ~0.5 node apart); the Weyl sequence keeps any run of M consecutive chains
//    (one block's chains) about N/M positions apart, never closer than ~0.38*N/M (three-gap
//    theorem): 164 nodes for W=32 ILP 4 at 4 MB/128 B, 82 at 256 B; and >= 38 between blocks b and
//    b+132, which may share an SM at W > 32. chase_starts() logs the closest pair in a block.
#include <cstring>
#include <map>

#include "imp.h"

typedef void* const* Ptr;

template <int ILP>
__global__ void chase(void** buf, const unsigned* start, int wpn, int warm, int steps, u64* out,
                      int* sink, BlockRec* rec) {
  const unsigned lane = threadIdx.x & 31u, gw = imp_gtid() >> 5;
  const unsigned word = lane & (unsigned)(wpn - 1);
  Ptr p[ILP];
#pragma unroll
  for (int k = 0; k < ILP; ++k) p[k] = buf + (size_t)start[gw * ILP + k] * wpn + word;
  for (int i = 0; i < warm; ++i) {
#pragma unroll
    for (int k = 0; k < ILP; ++k) p[k] = (Ptr)*p[k];
  }
  u64 chk = 0;
#pragma unroll
  for (int k = 0; k < ILP; ++k) chk ^= (u64)p[k];
  if (chk == 0) *sink = 1;  // never true; the setup loads complete before the start
  imp_begin(rec);
  for (int i = 0; i < steps; ++i) {
#pragma unroll
    for (int k = 0; k < ILP; ++k) p[k] = (Ptr)*p[k];
  }
  u64 s = 0;
#pragma unroll
  for (int k = 0; k < ILP; ++k) s += (u64)p[k];
  out[imp_gtid()] = s;
  imp_end(rec);
}

template <int ILP>
__global__ void chase_idx(const u64* next, const unsigned* start, int wpn, int warm, int steps,
                          u64* out, int* sink, BlockRec* rec) {
  const unsigned lane = threadIdx.x & 31u, gw = imp_gtid() >> 5;
  const unsigned word = lane & (unsigned)(wpn - 1);
  u64 j[ILP];
#pragma unroll
  for (int k = 0; k < ILP; ++k) j[k] = (u64)start[gw * ILP + k] * wpn + word;
  for (int i = 0; i < warm; ++i) {
#pragma unroll
    for (int k = 0; k < ILP; ++k) j[k] = next[j[k]];
  }
  u64 chk = 0;
#pragma unroll
  for (int k = 0; k < ILP; ++k) chk ^= j[k] + 1;
  if (chk == 0) *sink = 1;  // never true; the setup loads complete before the start
  imp_begin(rec);
  for (int i = 0; i < steps; ++i) {
#pragma unroll
    for (int k = 0; k < ILP; ++k) j[k] = next[j[k]];
  }
  u64 s = 0;
#pragma unroll
  for (int k = 0; k < ILP; ++k) s += j[k];
  out[imp_gtid()] = s;
  imp_end(rec);
}

// idx = 0: word (n, l) = address of word (next[n], l); idx = 1: its index next[n]*wpn + l.
__global__ void aux_build_chase(void** buf, const unsigned* next, unsigned nodes, unsigned wpn,
                                int idx) {
  const size_t total = (size_t)nodes * wpn;
  for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < total;
       i += (size_t)gridDim.x * blockDim.x) {
    const size_t n = i / wpn, l = i % wpn;
    const size_t t = (size_t)next[n] * wpn + l;
    buf[i] = idx ? (void*)t : (void*)(buf + t);
  }
}

static u64 splitmix64(u64& s) {
  u64 z = (s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

ChaseBuf chase_build(Ctx& c, size_t footprint, unsigned wpn, u64 seed, bool idx) {
  ChaseBuf b;
  b.idx = idx;
  b.bytes = footprint;
  b.wpn = wpn;
  b.nodes = (unsigned)(footprint / (wpn * 8));
  const unsigned n = b.nodes;
  std::vector<unsigned> next(n);
  for (unsigned i = 0; i < n; ++i) next[i] = i;
  u64 s = seed;
  for (unsigned i = n - 1; i > 0; --i) std::swap(next[i], next[(unsigned)(splitmix64(s) % i)]);
  b.order.resize(n);
  unsigned cur = 0;
  for (unsigned i = 0; i < n; ++i) b.order[i] = cur, cur = next[cur];
  if (cur != 0) {
    fprintf(stderr, "imp: chase_build: not one cycle\n");
    exit(1);
  }
  unsigned* d_next = nullptr;
  CK(cudaMalloc(&b.buf, footprint));
  CK(cudaMalloc(&d_next, (size_t)n * sizeof(unsigned)));
  CK(cudaMemcpy(d_next, next.data(), (size_t)n * sizeof(unsigned), cudaMemcpyHostToDevice));
  aux_build_chase<<<c.sms * 8, 256, 0, c.stream>>>(b.buf, d_next, n, wpn, idx ? 1 : 0);
  CK(cudaGetLastError());
  CK(cudaStreamSynchronize(c.stream));
  CK(cudaFree(d_next));
  return b;
}
void chase_free(ChaseBuf& b) {
  if (b.buf) CK(cudaFree(b.buf));
  b = ChaseBuf();
}
unsigned* chase_starts(const ChaseBuf& b, size_t S, bool gold, size_t per_block) {
  std::vector<unsigned> st(S);
  if (!gold) {
    for (size_t s = 0; s < S; ++s) st[s] = b.order[(size_t)((double)s * b.nodes / (double)S)];
  } else {
    u64 seed = 0x57a27001ull ^ b.nodes ^ ((u64)S << 32);
    const u64 u0 = splitmix64(seed), g = 0x9e3779b97f4a7c15ull;
    std::vector<u64> pos(S);
    for (size_t s = 0; s < S; ++s) {
      const u64 x = u0 + (u64)s * g;  // mod 2^64: frac(u0 + s*g) in 64-bit fixed point
      pos[s] = (u64)(((unsigned __int128)x * b.nodes) >> 64);
      st[s] = b.order[pos[s]];
    }
    // closest pair of starts (cycle distance, nodes) within one block, over all blocks
    u64 dmin = ~0ull;
    if (per_block < 1) per_block = 1;
    for (size_t b0 = 0; b0 < S; b0 += per_block) {
      std::vector<u64> v(pos.begin() + b0, pos.begin() + std::min(S, b0 + per_block));
      std::sort(v.begin(), v.end());
      for (size_t i = 0; i + 1 < v.size(); ++i) dmin = std::min(dmin, v[i + 1] - v[i]);
      if (v.size() > 1) dmin = std::min(dmin, v[0] + b.nodes - v.back());
    }
    fprintf(stderr, "imp: chase_starts gold: nodes=%u chains=%zu per_block=%zu closest pair in a block: %llu nodes\n",
            b.nodes, S, per_block, dmin == ~0ull ? 0ull : (unsigned long long)dmin);
  }
  unsigned* d = nullptr;
  CK(cudaMalloc(&d, S * sizeof(unsigned)));
  CK(cudaMemcpy(d, st.data(), S * sizeof(unsigned), cudaMemcpyHostToDevice));
  return d;
}

// One chase configuration: kernel chase<ILP> on buffer b at W warps per SM.
// steps: timed steps per chain; warm: untimed steps before the start barrier.
// smem_b >= 0: that much dynamic shared memory instead of the shape's (and carve >= -1: that
// carveout preference), both written into param as smem= and carveout=.
static void run_chase(Ctx& c, const char* group, const char* variant, const ChaseBuf& b, int ilp,
                      int W, int steps, int warm, Prep prep, bool smem0 = false,
                      bool gold = false, long smem_b = -1, int carve = -2) {
  LaunchCfg L = cfg_W(c.sms, W, prep);
  if (smem0) {  // one warp per block, no dynamic smem, carveout preference 0 (most L1)
    L.smem = 0;
    L.carveout = 0;
  }
  if (smem_b >= 0) {
    L.smem = (size_t)smem_b;
    L.carveout = carve;
  }
  if (prep == PREP_TOUCH) L.touch = b.buf, L.touch_bytes = b.bytes;
  const size_t S = (size_t)L.grid * L.tpb / 32 * ilp;
  unsigned* d_start = chase_starts(b, S, gold, (size_t)L.tpb / 32 * ilp);
  Meas m;
  const void* fn = nullptr;
#define IMP_CHASE_CASE(K)                                                                      \
  case K:                                                                                      \
    if (b.idx) {                                                                               \
      fn = (const void*)chase_idx<K>;                                                          \
      m = measure(c, chase_idx<K>, L, (const u64*)b.buf, (const unsigned*)d_start, (int)b.wpn, \
                  warm, steps, c.d_out, c.d_sink, c.d_rec);                                    \
    } else {                                                                                   \
      fn = (const void*)chase<K>;                                                              \
      m = measure(c, chase<K>, L, b.buf, (const unsigned*)d_start, (int)b.wpn, warm, steps,    \
                  c.d_out, c.d_sink, c.d_rec);                                                 \
    }                                                                                          \
    break;
  switch (ilp) {
    IMP_CHASE_CASE(1)
    IMP_CHASE_CASE(2)
    IMP_CHASE_CASE(4)
    IMP_CHASE_CASE(8)
    default: fprintf(stderr, "imp: chase ilp %d\n", ilp); exit(2);
  }
#undef IMP_CHASE_CASE
  CK(cudaFree(d_start));
  char param[320], cfg[64] = "";
  if (smem_b >= 0) snprintf(cfg, sizeof cfg, ";smem=%ld;carveout=%d", smem_b, carve);
  snprintf(param, sizeof param, "footprint=%zu;bytes=%u;form=%s;warm=%d;prep=%s%s%s%s", b.bytes,
           b.wpn * 8, b.idx ? "idx" : "ptr", warm, prep == PREP_FLUSH ? "flush" : prep == PREP_TOUCH ? "touch" : "none",
           smem0 ? ";smem=0;carveout=0" : "", gold ? ";start=gold" : "", cfg);
  imp_row(c, group, fn, std::string(variant) + (b.idx ? "_idx" : ""), ilp, W, L.bps, L.tpb, steps,
          param, m);
}

struct Level {
  size_t footprint;
  int steps;
  Prep prep;
  const char* name;
};
static const Level kLevels[] = {
    {16u << 10, 1024, PREP_NONE, "l1"},
    {4u << 20, 256, PREP_TOUCH, "l2"},
    {24u << 20, 256, PREP_TOUCH, "l2"},
    {1u << 30, 120, PREP_FLUSH, "dram"},
};

// The L2 footprints use start=gold (see the top of this file), the others start=even.
// only_l2: just the L2 footprints (group chase_l2, the 2026-12-01 remeasurement).
static void chase_levels(Ctx& c, bool only_l2) {
  for (bool idx : {false, true})
  for (unsigned wpn : {16u, 32u}) {
    for (const Level& lv : kLevels) {
      if (c.quick && lv.footprint == (24u << 20)) continue;
      const bool l2 = lv.footprint == (4u << 20) || lv.footprint == (24u << 20);
      if (only_l2 && !l2) continue;
      ChaseBuf b = chase_build(c, lv.footprint, wpn, 0x5eed1000ull + wpn + lv.footprint, idx);
      const int warm = lv.prep == PREP_NONE ? (int)b.nodes : 0;
      for (int ilp : {1, 4})
        for (int W : c.wlist)
          run_chase(c, "chase", lv.name, b, ilp, W, lv.steps, warm, lv.prep, false, l2);
      chase_free(b);
    }
  }
}
void group_chase(Ctx& c) { chase_levels(c, false); }
void group_chase_l2(Ctx& c) { chase_levels(c, true); }

// Consistency check: a few L2 rows with the old start=even rule that were clean before (low
// W x ILP), to compare with the old runs.csv values (same buffer seeds, same harness).
void group_chase_l2_check(Ctx& c) {
  for (const Level& lv : {kLevels[1], kLevels[2]}) {
    ChaseBuf b = chase_build(c, lv.footprint, 16u, 0x5eed1000ull + 16u + lv.footprint, false);
    for (int W : {1, 8}) run_chase(c, "chase", lv.name, b, 1, W, lv.steps, 0, lv.prep);
    chase_free(b);
  }
}

// One warp per SM, footprint 1 KB .. 256 MB: the buffer is read once (into L2) before each
// launch, and footprints of at most 8192 nodes are walked once (untimed) by the chase itself.
void group_chase_lat(Ctx& c) {
  for (bool idx : {false, true})
  for (unsigned wpn : {16u, 32u}) {
    for (int lg = 10; lg <= 28; ++lg) {
      if (c.quick && lg != 14 && lg != 22 && lg != 28) continue;
      const size_t fp = (size_t)1 << lg;
      ChaseBuf b = chase_build(c, fp, wpn, 0x5eed2000ull + wpn * 64 + lg, idx);
      const int warm = b.nodes <= 8192 ? (int)b.nodes : 0;
      run_chase(c, "chase_lat", "lat", b, 1, 1, 512, warm, PREP_TOUCH);
      if (lg <= 20) run_chase(c, "chase_lat", "lat_smem0", b, 1, 1, 512, warm, PREP_TOUCH, true);
      chase_free(b);
    }
  }
}

// One warp (W = 1) or 4 warps per SM; K = 1, 2, 4, 8 independent chases per warp.
void group_multiload(Ctx& c) {
  for (bool idx : {false, true})
  for (unsigned wpn : {16u, 32u}) {
    for (const Level& lv : {kLevels[1], kLevels[3]}) {
      ChaseBuf b = chase_build(c, lv.footprint, wpn, 0x5eed1000ull + wpn + lv.footprint, idx);
      for (int W : {1, 4})
        for (int k : {1, 2, 4, 8}) {
          if (c.quick && k == 2) continue;
          // the L2 rows with start=gold since round 15 (mech_l2corr): with start=even a warp's K
          // chains start N/(132 W K) nodes apart and re-read the lines their neighbour chain
          // fetched (L1 hits after 31-124 steps at W = 1), not the independent walks measured
          run_chase(c, "multiload", lv.name, b, k, W, lv.steps, 0, lv.prep, false, lv.prep == PREP_TOUCH);
        }
      chase_free(b);
    }
  }
}

// mech_cap (issue #18, not in the default run): one warp's chase latency at footprints around
// each cache's capacity, finer than chase_lat: the L1 with 120 KiB of dynamic shared memory
// (one block of one warp: the carveout that holds it) and with none (carveout preference 0),
// and the L2 from 16 to 192 MiB; 2048 steps of 128-B nodes (16 lanes x 8 B), ptr form.
void group_mech_cap(Ctx& c) {
  const unsigned wpn = 16;
  const int steps = 2048;
  const size_t K = 1024, M = 1024 * 1024;
  const size_t l1a[] = {96, 104, 112, 116, 120, 124, 128, 132, 136, 144, 160, 192};
  const size_t l1b[] = {192, 208, 216, 224, 232, 240, 248, 256, 264, 272, 288, 320};
  const size_t l2[] = {16, 24, 32, 36, 40, 44, 48, 52, 56, 60, 64, 72, 80, 96, 128, 192};
  for (size_t kb : l1a) {
    ChaseBuf b = chase_build(c, kb * K, wpn, 0x5eed3000ull + kb, false);
    run_chase(c, "mech_cap", "l1", b, 1, 1, steps, (int)b.nodes, PREP_TOUCH);
    chase_free(b);
  }
  for (size_t kb : l1b) {
    ChaseBuf b = chase_build(c, kb * K, wpn, 0x5eed3100ull + kb, false);
    run_chase(c, "mech_cap", "l1_smem0", b, 1, 1, steps, (int)b.nodes, PREP_TOUCH, true);
    chase_free(b);
  }
  for (size_t mb : l2) {
    ChaseBuf b = chase_build(c, mb * M, wpn, 0x5eed3200ull + mb, false);
    run_chase(c, "mech_cap", "l2", b, 1, 1, steps, 0, PREP_TOUCH);
    chase_free(b);
  }
}

// mech_l1cfg (issue #18, not in the default run): where one warp's chase starts missing the L1
// for launches with 0 to 100 KiB of dynamic shared memory and carveout preferences 0 and
// none: the L1 a launch really gets. Footprints 80-120% of the calculator's L1 (256 KiB less
// the smallest carveout step holding the block's shared memory and its 1 KiB reservation).
void group_mech_l1cfg(Ctx& c) {
  struct Cfg {
    long smem;
    int carve;
    int l1kb;  // the calculator's L1 for it
  };
  const Cfg cfgs[] = {{0, 0, 248}, {0, -1, 248}, {8192, 0, 240}, {32768, -1, 192}, {65536, -1, 156}, {102400, -1, 124}};
  for (const Cfg& g : cfgs)
    for (int pct = 80; pct <= 120; pct += 4) {
      const size_t fp = ((size_t)g.l1kb * 1024 * pct / 100) & ~(size_t)127;
      ChaseBuf b = chase_build(c, fp, 16, 0x5eed3300ull + fp, false);
      run_chase(c, "mech_l1cfg", "l1", b, 1, 1, 2048, (int)b.nodes, PREP_TOUCH, false, false, g.smem, g.carve);
      chase_free(b);
    }
}

// mech_latd (issue #18, round 6, not in the default run): how one load's latency is spread, not
// only its mean. Each warp chases 128-B nodes (ptr form, 16 lanes, as chase<1>) and lane 0 stamps
// every step: t0 = clock(); p = *p; a shared store of p (which waits for the load); t1 = clock().
// The step times t1 - t0 go to dynamic shared memory and are copied out after the timed loop;
// latd.csv (beside runs.csv, IMP_OUT_DIR) holds their histogram per configuration over every
// warp of every SM, from the last timed launch. L1 (16 KiB, walked first: every step hits, the
// stamping's own jitter), L2 (8 MiB, touched: the near and far halves) and DRAM (1 GiB,
// flushed) at one warp per SM, DRAM also at 4; lat_pair and lat_multi below. latd_raw.csv: every stamp of the one-warp L2
// and DRAM runs with its warp's SM, in order (is the spread within one SM, across SMs, in time?).
static const int LATD_N = 1024;
__global__ void lat_step(void** buf, const unsigned* start, int wpn, int warm, int steps,
                         unsigned* lat, unsigned* smid, u64* out, BlockRec* rec) {
  extern __shared__ unsigned latd_dyn[];
  __shared__ void* volatile sk[32];
  const unsigned lane = threadIdx.x & 31u, wib = threadIdx.x >> 5, gw = imp_gtid() >> 5;
  unsigned* st = latd_dyn + (size_t)wib * LATD_N;
  Ptr p = buf + (size_t)start[gw] * wpn + (lane & (unsigned)(wpn - 1));
  for (int i = 0; i < warm; ++i) p = (Ptr)*p;
  sk[lane] = (void*)p;
  imp_begin(rec);
  for (int i = 0; i < steps; ++i) {
    const unsigned t0 = (unsigned)clock();
    p = (Ptr)*p;
    sk[lane] = (void*)p;
    const unsigned t1 = (unsigned)clock();
    if (lane == 0) st[i & (LATD_N - 1)] = t1 - t0;
  }
  imp_end(rec);
  out[imp_gtid()] = (u64)p;
  __syncwarp();
  for (int i = (int)lane; i < LATD_N; i += 32) lat[(size_t)gw * LATD_N + i] = st[i];
  if (lane == 0) {
    unsigned id;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
    smid[gw] = id;
  }
}

// lat_pair<M> (mech_latd): are two loads issued close together slow together? Two chains a warp,
// as lat_step: t0 = clock(); p = *p; then M dependent FFMAs from q's address bits and q += (long)(y
// * zero) (zero a runtime 0: ptxas cannot fold it), so the second load q = *q issues d cycles
// after the first (d = 4M + the conversion; M < 0: no delay, the two loads back to back); a
// shared store of both; t1 = clock(). t1 - t0 = max(LA, d + LB): with LA, LB independent its mean
// is the max of two draws from lat_step's spread, with LB = LA it is d + LA. The L1 rows give d.
template <int M>
__global__ void lat_pair(void** buf, const unsigned* start, int wpn, int warm, int steps, float zero,
                         unsigned* lat, u64* out, BlockRec* rec) {
  extern __shared__ unsigned latd_dyn[];
  __shared__ void* volatile sk[64];
  const unsigned lane = threadIdx.x & 31u, wib = threadIdx.x >> 5, gw = imp_gtid() >> 5;
  const unsigned word = lane & (unsigned)(wpn - 1);
  unsigned* st = latd_dyn + (size_t)wib * LATD_N;
  Ptr p = buf + (size_t)start[2 * gw] * wpn + word, q = buf + (size_t)start[2 * gw + 1] * wpn + word;
  for (int i = 0; i < warm; ++i) p = (Ptr)*p, q = (Ptr)*q;
  sk[lane] = (void*)p;
  sk[lane + 32] = (void*)q;
  imp_begin(rec);
  for (int i = 0; i < steps; ++i) {
    const unsigned t0 = (unsigned)clock();
    p = (Ptr)*p;
    if (M >= 0) {
      float y = __int_as_float((int)((size_t)q & 0x7f) + 0x3f800000);
#pragma unroll
      for (int j = 0; j < (M > 0 ? M : 0); ++j) y = fmaf(y, 1.0001f, zero);
      q = q + (long long)(y * zero);
    }
    q = (Ptr)*q;
    sk[lane] = (void*)p;
    sk[lane + 32] = (void*)q;
    const unsigned t1 = (unsigned)clock();
    if (lane == 0) st[i & (LATD_N - 1)] = t1 - t0;
  }
  imp_end(rec);
  out[imp_gtid()] = (u64)p ^ (u64)q;
  __syncwarp();
  for (int i = (int)lane; i < LATD_N; i += 32) lat[(size_t)gw * LATD_N + i] = st[i];
}

// The stamps of S warps (LATD_N a warp) copied back from the device.
static std::vector<unsigned> lat_fetch(const unsigned* d_lat, size_t S) {
  std::vector<unsigned> h(S * LATD_N);
  CK(cudaMemcpy(h.data(), d_lat, h.size() * sizeof(unsigned), cudaMemcpyDeviceToHost));
  return h;
}

// Their histogram into f: lat_hist (main.cu).
template <int M>
static void run_lat_pair(Ctx& c, FILE* f, const char* level, const ChaseBuf& b, Prep prep, unsigned* d_lat) {
  LaunchCfg L = cfg_W(c.sms, 1, prep);
  if (prep == PREP_TOUCH) L.touch = b.buf, L.touch_bytes = b.bytes;
  const size_t S = (size_t)L.grid * L.tpb / 32;
  unsigned* d_start = chase_starts(b, 2 * S, true, 2);
  const int warm = prep == PREP_NONE ? (int)b.nodes / 2 : 0;
  const Meas m = measure(c, lat_pair<M>, L, b.buf, (const unsigned*)d_start, 16, warm, LATD_N, 0.0f, d_lat,
                         c.d_out, c.d_rec);
  imp_row(c, "mech_latd", (const void*)lat_pair<M>, std::string(level) + "_pair", 2, 1, L.bps, L.tpb, LATD_N,
          "footprint=" + std::to_string(b.bytes) + ";m=" + std::to_string(M) + ";start=gold", m);
  lat_hist(f, std::string(level) + "_pair_m" + std::to_string(M), b.bytes, 1, lat_fetch(d_lat, S));
  CK(cudaFree(d_start));
}

static void lat_pairs(Ctx& c, FILE* f, unsigned* d_lat) {
  struct Lv {
    const char* level;
    size_t fp;
    Prep prep;
  };
  for (const Lv& g : {Lv{"l1", 16u << 10, PREP_NONE}, Lv{"l2", 8u << 20, PREP_TOUCH}, Lv{"dram", 1u << 30, PREP_FLUSH}}) {
    ChaseBuf b = chase_build(c, g.fp, 16, 0x5eed4100ull + g.fp, false);
    run_lat_pair<-1>(c, f, g.level, b, g.prep, d_lat);
    run_lat_pair<0>(c, f, g.level, b, g.prep, d_lat);
    run_lat_pair<4>(c, f, g.level, b, g.prep, d_lat);
    run_lat_pair<12>(c, f, g.level, b, g.prep, d_lat);
    run_lat_pair<32>(c, f, g.level, b, g.prep, d_lat);
    run_lat_pair<64>(c, f, g.level, b, g.prep, d_lat);
    run_lat_pair<128>(c, f, g.level, b, g.prep, d_lat);
    chase_free(b);
  }
}

// lat_multi<K> (mech_latd): K chains a warp, all K loads back to back each step and the step
// stamped after a shared store of every value: t1 - t0 = the slowest of K loads issued together.
// With independent draws its mean is E[max of K] of lat_step's spread (K = 2: lat_pair m=-1).
template <int K>
__global__ void lat_multi(void** buf, const unsigned* start, int wpn, int warm, int steps, unsigned* lat,
                          u64* out, BlockRec* rec) {
  extern __shared__ unsigned latd_dyn[];
  __shared__ void* volatile sk[32 * K];
  const unsigned lane = threadIdx.x & 31u, wib = threadIdx.x >> 5, gw = imp_gtid() >> 5;
  const unsigned word = lane & (unsigned)(wpn - 1);
  unsigned* st = latd_dyn + (size_t)wib * LATD_N;
  Ptr p[K];
#pragma unroll
  for (int k = 0; k < K; ++k) p[k] = buf + (size_t)start[K * gw + k] * wpn + word;
  for (int i = 0; i < warm; ++i)
#pragma unroll
    for (int k = 0; k < K; ++k) p[k] = (Ptr)*p[k];
#pragma unroll
  for (int k = 0; k < K; ++k) sk[lane + 32 * k] = (void*)p[k];
  imp_begin(rec);
  for (int i = 0; i < steps; ++i) {
    const unsigned t0 = (unsigned)clock();
#pragma unroll
    for (int k = 0; k < K; ++k) p[k] = (Ptr)*p[k];
#pragma unroll
    for (int k = 0; k < K; ++k) sk[lane + 32 * k] = (void*)p[k];
    const unsigned t1 = (unsigned)clock();
    if (lane == 0) st[i & (LATD_N - 1)] = t1 - t0;
  }
  imp_end(rec);
  u64 x = 0;
#pragma unroll
  for (int k = 0; k < K; ++k) x ^= (u64)p[k];
  out[imp_gtid()] = x;
  __syncwarp();
  for (int i = (int)lane; i < LATD_N; i += 32) lat[(size_t)gw * LATD_N + i] = st[i];
}

template <int K>
static void run_lat_multi(Ctx& c, FILE* f, const char* level, const ChaseBuf& b, Prep prep, int W, unsigned* d_lat) {
  LaunchCfg L = cfg_W(c.sms, W, prep);
  if (prep == PREP_TOUCH) L.touch = b.buf, L.touch_bytes = b.bytes;
  const size_t S = (size_t)L.grid * L.tpb / 32;
  unsigned* d_start = chase_starts(b, K * S, true, (size_t)K * L.tpb / 32);
  const Meas m = measure(c, lat_multi<K>, L, b.buf, (const unsigned*)d_start, 16, 0, LATD_N, d_lat, c.d_out, c.d_rec);
  imp_row(c, "mech_latd", (const void*)lat_multi<K>, std::string(level) + "_multi", K, W, L.bps, L.tpb, LATD_N,
          "footprint=" + std::to_string(b.bytes) + ";k=" + std::to_string(K) + ";start=gold", m);
  lat_hist(f, std::string(level) + "_multi_k" + std::to_string(K), b.bytes, W, lat_fetch(d_lat, S));
  CK(cudaFree(d_start));
}

static void lat_multis(Ctx& c, FILE* f, unsigned* d_lat) {
  for (int l2 : {0, 1}) {
    const size_t fp = l2 ? (8u << 20) : (1u << 30);
    const Prep prep = l2 ? PREP_TOUCH : PREP_FLUSH;
    const char* lv = l2 ? "l2" : "dram";
    ChaseBuf b = chase_build(c, fp, 16, 0x5eed4200ull + fp, false);
    for (int W : {1, 4}) {
      run_lat_multi<1>(c, f, lv, b, prep, W, d_lat);
      run_lat_multi<2>(c, f, lv, b, prep, W, d_lat);
      run_lat_multi<4>(c, f, lv, b, prep, W, d_lat);
      run_lat_multi<8>(c, f, lv, b, prep, W, d_lat);
    }
    chase_free(b);
  }
}

void group_mech_latd(Ctx& c) {
  FILE* f = imp_side_file("latd.csv");
  fprintf(f, "# lat_step (workloads/cuda/import/chase.cu, mech_latd): lane 0 of every warp, clock() before "
             "a chase load and after a shared store of its value, %d steps a warp, last timed launch\n",
          LATD_N);
  fprintf(f, "level,footprint,warps_per_sm,cycles,count\n");
  FILE* fr = imp_side_file("latd_raw.csv");
  fprintf(fr, "level,warp,smid,step,cycles\n");
  struct Cfg {
    const char* level;
    size_t fp;
    Prep prep;
    int W;
  };
  const Cfg cfgs[] = {{"l1", 16u << 10, PREP_NONE, 1}, {"l2", 8u << 20, PREP_TOUCH, 1},
                      {"dram", 1u << 30, PREP_FLUSH, 1}, {"dram", 1u << 30, PREP_FLUSH, 4},
                      {"l2", 8u << 20, PREP_TOUCH, 4}};
  unsigned *d_lat = nullptr, *d_smid = nullptr;
  const size_t nmax = (size_t)c.sms * 4 * LATD_N;
  CK(cudaMalloc(&d_lat, nmax * sizeof(unsigned)));
  CK(cudaMalloc(&d_smid, (size_t)c.sms * 4 * sizeof(unsigned)));
  for (const Cfg& g : cfgs) {
    ChaseBuf b = chase_build(c, g.fp, 16, 0x5eed4000ull + g.fp, false);
    LaunchCfg L = cfg_W(c.sms, g.W, g.prep);
    if (g.prep == PREP_TOUCH) L.touch = b.buf, L.touch_bytes = b.bytes;
    const size_t S = (size_t)L.grid * L.tpb / 32;
    unsigned* d_start = chase_starts(b, S, true, (size_t)L.tpb / 32);
    const int warm = g.prep == PREP_NONE ? (int)b.nodes : 0;
    CK(cudaMemset(d_lat, 0, nmax * sizeof(unsigned)));
    const Meas m = measure(c, lat_step, L, b.buf, (const unsigned*)d_start, 16, warm, LATD_N, d_lat,
                           d_smid, c.d_out, c.d_rec);
    imp_row(c, "mech_latd", (const void*)lat_step, g.level, 1, g.W, L.bps, L.tpb, LATD_N,
            "footprint=" + std::to_string(g.fp) + ";bytes=128;form=ptr;warm=" + std::to_string(warm) +
                ";prep=" + (g.prep == PREP_FLUSH ? "flush" : g.prep == PREP_TOUCH ? "touch" : "none") +
                ";start=gold",
            m);
    const std::vector<unsigned> h = lat_fetch(d_lat, S);
    std::vector<unsigned> sm(S);
    CK(cudaMemcpy(sm.data(), d_smid, S * sizeof(unsigned), cudaMemcpyDeviceToHost));
    if (g.W == 1 && g.prep != PREP_NONE)
      for (size_t w = 0; w < S; ++w)
        for (int i = 0; i < LATD_N; ++i)
          fprintf(fr, "%s,%zu,%u,%d,%u\n", g.level, w, sm[w], i, h[w * LATD_N + i]);
    lat_hist(f, g.level, g.fp, g.W, h);
    CK(cudaFree(d_start));
    chase_free(b);
  }
  lat_pairs(c, f, d_lat);
  lat_multis(c, f, d_lat);
  fclose(f);
  fclose(fr);
  CK(cudaFree(d_lat));
  CK(cudaFree(d_smid));
}

// mech_l2corr (issue #18, round 15, not in the default run): why one warp's K independent L2
// chains (multiload: chase<K>, 4 MB, 256 steps) cost K = 2, 4, 8 only 1.8, 6.1, 22 cycles a step
// more than one chain, where lat_multi<K> (8 MB, each step's K loads stamped) costs 11 and 26 at
// K = 2, 4, about the slowest of K draws from lat_step's spread (sd 18.6). The footprint (4 MB
// against 8 MB), the walk's length (256 against 1024 steps) or the kernel (free-running chains
// against a step that waits for all K)? chase<K> at 4 and 8 MB for 1024 steps, lat_multi<K> at
// 4 MB, and lat_step's spread at 4 and 8 MB (l2corr.csv: its mean, sd, the SMs' mean sd).
static void l2corr_step(Ctx& c, FILE* f, size_t fp, unsigned* d_lat, unsigned* d_smid) {
  ChaseBuf b = chase_build(c, fp, 16, 0x5eed4000ull + fp, false);
  LaunchCfg L = cfg_W(c.sms, 1, PREP_TOUCH);
  L.touch = b.buf, L.touch_bytes = b.bytes;
  const size_t S = (size_t)L.grid * L.tpb / 32;
  unsigned* d_start = chase_starts(b, S, true, (size_t)L.tpb / 32);
  const Meas m = measure(c, lat_step, L, b.buf, (const unsigned*)d_start, 16, 0, LATD_N, d_lat, d_smid, c.d_out,
                         c.d_rec);
  imp_row(c, "mech_l2corr", (const void*)lat_step, "step", 1, 1, L.bps, L.tpb, LATD_N,
          "footprint=" + std::to_string(fp) + ";bytes=128;form=ptr;prep=touch;start=gold", m);
  const std::vector<unsigned> h = lat_fetch(d_lat, S);
  double sum = 0, sq = 0, wsd = 0;
  for (size_t w = 0; w < S; ++w) {
    double s1 = 0, s2 = 0;
    for (int i = 0; i < LATD_N; ++i) {
      const double x = h[w * LATD_N + i];
      s1 += x, s2 += x * x;
    }
    sum += s1, sq += s2;
    const double mu = s1 / LATD_N;
    wsd += sqrt(std::max(0.0, s2 / LATD_N - mu * mu));
  }
  const double n = (double)S * LATD_N, mu = sum / n;
  fprintf(f, "step,%zu,%.2f,%.2f,%.2f\n", fp, mu, sqrt(std::max(0.0, sq / n - mu * mu)), wsd / (double)S);
  fflush(f);
  CK(cudaFree(d_start));
  chase_free(b);
}

void group_mech_l2corr(Ctx& c) {
  FILE* f = imp_side_file("l2corr.csv");
  fprintf(f, "# lat_step (one warp an SM, 1024 stamped steps, last timed launch): footprint, mean, sd over every "
             "step, the SMs' mean sd\nkernel,footprint,mean,sd,sd_within_sm\n");
  unsigned *d_lat = nullptr, *d_smid = nullptr;
  CK(cudaMalloc(&d_lat, (size_t)c.sms * 4 * LATD_N * sizeof(unsigned)));
  CK(cudaMalloc(&d_smid, (size_t)c.sms * 4 * sizeof(unsigned)));
  for (size_t fp : {(size_t)4 << 20, (size_t)8 << 20}) {
    l2corr_step(c, f, fp, d_lat, d_smid);
    ChaseBuf b = chase_build(c, fp, 16, 0x5eed1000ull + 16 + fp, false);
    const char* v = fp == ((size_t)4 << 20) ? "chase_4m" : "chase_8m";
    for (int k : {1, 2, 4, 8}) run_chase(c, "mech_l2corr", v, b, k, 1, 1024, 0, PREP_TOUCH, false, true);
    chase_free(b);
  }
  FILE* fh = imp_side_file("l2corr_hist.csv");
  fprintf(fh, "level,footprint,warps_per_sm,cycles,count\n");
  ChaseBuf b4 = chase_build(c, (size_t)4 << 20, 16, 0x5eed4200ull + ((size_t)4 << 20), false);
  run_lat_multi<1>(c, fh, "l2_4m", b4, PREP_TOUCH, 1, d_lat);
  run_lat_multi<2>(c, fh, "l2_4m", b4, PREP_TOUCH, 1, d_lat);
  run_lat_multi<4>(c, fh, "l2_4m", b4, PREP_TOUCH, 1, d_lat);
  chase_free(b4);
  fclose(fh);
  fclose(f);
  CK(cudaFree(d_lat));
  CK(cudaFree(d_smid));
}

// mech_latseq (issue #18, round 7, not in the default run): the same stamps over sequential lines,
// a stream's kind of access. A buffer whose node i points to node i + step (mod nodes): lat_step
// with step 1 (each warp walks its own region, one fresh 128-B line a step) and lat_multi<K> with
// step K and chain k of a warp starting at node base + k, so the K loads of a step are K adjacent
// lines. Histograms into latd_seq.csv (IMP_OUT_DIR), rows into runs.csv (group mech_latseq).
static ChaseBuf seq_build(Ctx& c, size_t footprint, unsigned wpn, unsigned step) {
  ChaseBuf b;
  b.bytes = footprint;
  b.wpn = wpn;
  b.nodes = (unsigned)(footprint / (wpn * 8));
  std::vector<unsigned> next(b.nodes);
  for (unsigned i = 0; i < b.nodes; ++i) next[i] = (unsigned)(((size_t)i + step) % b.nodes);
  unsigned* d_next = nullptr;
  CK(cudaMalloc(&b.buf, footprint));
  CK(cudaMalloc(&d_next, (size_t)b.nodes * sizeof(unsigned)));
  CK(cudaMemcpy(d_next, next.data(), (size_t)b.nodes * sizeof(unsigned), cudaMemcpyHostToDevice));
  aux_build_chase<<<c.sms * 8, 256, 0, c.stream>>>(b.buf, d_next, b.nodes, wpn, 0);
  CK(cudaGetLastError());
  CK(cudaStreamSynchronize(c.stream));
  CK(cudaFree(d_next));
  return b;
}

template <int K>
static void run_seq(Ctx& c, FILE* f, const ChaseBuf& b, unsigned* d_lat, unsigned off = 1) {
  LaunchCfg L = cfg_W(c.sms, 1, PREP_FLUSH);
  const size_t S = (size_t)L.grid * L.tpb / 32;
  const int nk = K == 0 ? 1 : K;  // chains a warp (lat_step: one)
  std::vector<unsigned> st(nk * S);
  const size_t region = (size_t)b.nodes / S;  // each warp's own stretch of the buffer
  for (size_t w = 0; w < S; ++w)
    for (int k = 0; k < nk; ++k) st[nk * w + k] = (unsigned)(w * region + (size_t)k * off);
  unsigned* d_start = nullptr;
  CK(cudaMalloc(&d_start, st.size() * sizeof(unsigned)));
  CK(cudaMemcpy(d_start, st.data(), st.size() * sizeof(unsigned), cudaMemcpyHostToDevice));
  Meas m;
  const void* fn;
  if constexpr (K == 0) {
    fn = (const void*)lat_step;
    m = measure(c, lat_step, L, b.buf, (const unsigned*)d_start, 16, 0, LATD_N, d_lat,
                d_lat + (size_t)S * LATD_N, c.d_out, c.d_rec);  // the SM ids after the stamps
  } else {
    fn = (const void*)lat_multi<K>;
    m = measure(c, lat_multi<K>, L, b.buf, (const unsigned*)d_start, 16, 0, LATD_N, d_lat, c.d_out, c.d_rec);
  }
  imp_row(c, "mech_latseq", fn, K == 0 ? "seq_step" : "seq_multi", nk, 1, L.bps, L.tpb, LATD_N,
          "footprint=" + std::to_string(b.bytes) + ";k=" + std::to_string(nk) + ";step=" + std::to_string(K == 0 ? 1 : K * off) +
              ";off=" + std::to_string(off) + ";prep=flush",
          m);
  lat_hist(f, std::string(K == 0 ? "seq_step" : "seq_multi") + "_k" + std::to_string(nk) +
                 (off == 1 ? "" : "_off" + std::to_string(off)),
           b.bytes, 1, lat_fetch(d_lat, S));
  CK(cudaFree(d_start));
}

void group_mech_latseq(Ctx& c) {
  FILE* f = imp_side_file("latd_seq.csv");
  fprintf(f, "# mech_latseq (workloads/cuda/import/chase.cu): stamps over sequential 128-B lines, one warp per SM, 1 GiB flushed\n");
  fprintf(f, "level,footprint,warps_per_sm,cycles,count\n");
  unsigned* d_lat = nullptr;
  CK(cudaMalloc(&d_lat, (size_t)c.sms * 2 * LATD_N * sizeof(unsigned)));
  {
    ChaseBuf b = seq_build(c, 1u << 30, 16, 1);
    run_seq<0>(c, f, b, d_lat);
    chase_free(b);
  }
  {
    ChaseBuf b = seq_build(c, 1u << 30, 16, 2);
    run_seq<2>(c, f, b, d_lat);
    chase_free(b);
  }
  {
    ChaseBuf b = seq_build(c, 1u << 30, 16, 4);
    run_seq<1>(c, f, b, d_lat);
    run_seq<4>(c, f, b, d_lat);
    chase_free(b);
  }
  fclose(f);
  CK(cudaFree(d_lat));
}

// Two chains a warp `off` lines apart over sequential buffers, each chain stepping 2 x off lines so
// no line is read twice, for each off of `offs` (the first also with one chain, the reference):
// lat_multi<2>'s stamps into `file` (mech_latprox, mech_latfar).
static void lat_apart(Ctx& c, const char* file, const char* group, std::initializer_list<unsigned> offs) {
  FILE* f = imp_side_file(file);
  fprintf(f, "# %s (workloads/cuda/import/chase.cu): lat_multi<2> with the two chains off lines apart, one warp per SM, 1 GiB flushed\n",
          group);
  fprintf(f, "level,footprint,warps_per_sm,cycles,count\n");
  unsigned* d_lat = nullptr;
  CK(cudaMalloc(&d_lat, (size_t)c.sms * 2 * LATD_N * sizeof(unsigned)));
  for (unsigned off : offs) {
    ChaseBuf b = seq_build(c, 1u << 30, 16, 2 * off);
    if (off == *offs.begin()) run_seq<1>(c, f, b, d_lat);
    run_seq<2>(c, f, b, d_lat, off);
    chase_free(b);
  }
  fclose(f);
  CK(cudaFree(d_lat));
}

// mech_latprox (issue #18, round 8): two loads a step issued together, off lines apart (off = 1,
// 2, 4, 8, 16, 31: 128 B to 4 KB): how far apart two lines must be to draw their latencies
// independently. latd_prox.csv.
void group_mech_latprox(Ctx& c) { lat_apart(c, "latd_prox.csv", "mech_latprox", {1u, 2u, 4u, 8u, 16u, 31u}); }

// mech_latfar (issue #18, round 9): the same at larger distances: off = 128, 512, 2048, 2112, 8192
// lines (16 KB to 1 MB; 2112 lines is stream_ld's 528-warp stride at W = 4 in mech.cu, 264 KB). Do a
// warp's loads far apart draw independently at every distance? latd_far.csv.
void group_mech_latfar(Ctx& c) { lat_apart(c, "latd_far.csv", "mech_latfar", {128u, 512u, 2048u, 2112u, 8192u}); }

// mech_strlat (issue #18, round 9): one stream load's latency, stamped, at rising load. Every warp
// of every SM reads fresh lines as stream_ld (mech.cu) does: warp gw's step i reads chunk
// i * nw + gw (nw warps in the grid), so the grid sweeps the buffer together; V = 1: 4 B a lane
// (one 128-B line a warp load), V = 4: 16 B a lane (512 B, 4 adjacent lines). Each load's address
// takes the previous load's value AND a runtime zero, so one load a warp is in flight and none is
// hoisted above the clock read; lane 0 stamps clock() before the load and after a shared store of
// its value (lat_step's stamp). W = 1, 4, 16 warps per SM: does a stream's latency spread as
// lat_step's does, for one line and for four, with the DRAM idle and busy? latd_str.csv.
template <int V>
__global__ void str_step(const unsigned* buf, unsigned long long nmask, unsigned zmask, int steps, unsigned* lat,
                         u64* out, BlockRec* rec) {
  extern __shared__ unsigned latd_dyn[];
  __shared__ unsigned volatile sk[32];
  const unsigned lane = threadIdx.x & 31u, wib = threadIdx.x >> 5, gw = imp_gtid() >> 5;
  const unsigned long long nw = (unsigned long long)gridDim.x * (blockDim.x >> 5);
  unsigned* st = latd_dyn + (size_t)wib * LATD_N;
  unsigned acc = 0;
  imp_begin(rec);
  for (int i = 0; i < steps; ++i) {
    const unsigned long long e = (((unsigned long long)i * nw + gw) * 32 + lane + (acc & zmask)) & nmask;
    const unsigned t0 = (unsigned)clock();
    unsigned v;
    if constexpr (V == 4) {
      const uint4 x = ((const uint4*)buf)[e];
      v = x.x ^ x.y ^ x.z ^ x.w;
    } else {
      v = buf[e];
    }
    sk[lane] = v;
    const unsigned t1 = (unsigned)clock();
    if (lane == 0) st[i & (LATD_N - 1)] = t1 - t0;
    acc += v;
  }
  imp_end(rec);
  out[imp_gtid()] = acc;
  __syncwarp();
  for (int i = (int)lane; i < LATD_N; i += 32) lat[(size_t)gw * LATD_N + i] = st[i];
}

// str_multi<V, K> (mech_strmulti): str_step with K loads a step, issued back to back, the warp's
// chunks (i * K + k) * nw + gw: K fresh chunks nw chunks apart (as a stream's consecutive
// iterations are, mix ILP 1, stream_ld), the stamp around all K. Independent draws cost the
// slowest of K (K = 2: +81, K = 4: +165 over one at idle); draws that move together cost less.
template <int V, int K>
__global__ void str_multi(const unsigned* buf, unsigned long long nmask, unsigned zmask, int steps, unsigned* lat,
                          u64* out, BlockRec* rec) {
  extern __shared__ unsigned latd_dyn[];
  __shared__ unsigned volatile sk[K][32];
  const unsigned lane = threadIdx.x & 31u, wib = threadIdx.x >> 5, gw = imp_gtid() >> 5;
  const unsigned long long nw = (unsigned long long)gridDim.x * (blockDim.x >> 5);
  unsigned* st = latd_dyn + (size_t)wib * LATD_N;
  unsigned acc = 0;
  imp_begin(rec);
  for (int i = 0; i < steps; ++i) {
    const unsigned t0 = (unsigned)clock();
    unsigned v[K];
#pragma unroll
    for (int k = 0; k < K; ++k) {
      const unsigned long long e = ((((unsigned long long)i * K + k) * nw + gw) * 32 + lane + (acc & zmask)) & nmask;
      if constexpr (V == 4) {
        const uint4 x = ((const uint4*)buf)[e];
        v[k] = x.x ^ x.y ^ x.z ^ x.w;
      } else {
        v[k] = buf[e];
      }
    }
#pragma unroll
    for (int k = 0; k < K; ++k) sk[k][lane] = v[k];
    const unsigned t1 = (unsigned)clock();
    if (lane == 0) st[i & (LATD_N - 1)] = t1 - t0;
#pragma unroll
    for (int k = 0; k < K; ++k) acc += v[k];
  }
  imp_end(rec);
  out[imp_gtid()] = acc;
  __syncwarp();
  for (int i = (int)lane; i < LATD_N; i += 32) lat[(size_t)gw * LATD_N + i] = st[i];
}

template <int V, int K = 0>
static void run_strlat(Ctx& c, FILE* f, const unsigned* d_buf, size_t bytes, int W, unsigned* d_lat) {
  const LaunchCfg L = cfg_W(c.sms, W, PREP_FLUSH);
  const size_t S = (size_t)L.grid * L.tpb / 32;
  const unsigned long long nmask = bytes / (4ull * V) - 1;
  const std::string b = std::to_string(128 * V);
  if constexpr (K == 0) {
    const Meas m = measure(c, str_step<V>, L, d_buf, nmask, 0u, LATD_N, d_lat, c.d_out, c.d_rec);
    imp_row(c, "mech_strlat", (const void*)str_step<V>, "b" + b, 1, W, L.bps, L.tpb, LATD_N,
            "footprint=" + std::to_string(bytes) + ";bytes=" + b + ";prep=flush", m);
    lat_hist(f, "str_b" + b, bytes, W, lat_fetch(d_lat, S));
  } else {
    const Meas m = measure(c, str_multi<V, K>, L, d_buf, nmask, 0u, LATD_N, d_lat, c.d_out, c.d_rec);
    imp_row(c, "mech_strmulti", (const void*)str_multi<V, K>, "b" + b + "_k" + std::to_string(K), K, W, L.bps,
            L.tpb, LATD_N, "footprint=" + std::to_string(bytes) + ";bytes=" + b + ";k=" + std::to_string(K) + ";prep=flush",
            m);
    lat_hist(f, "strmulti_b" + b + "_k" + std::to_string(K), bytes, W, lat_fetch(d_lat, S));
  }
}

// What mech_strlat and mech_strmulti share: the histogram file `file` with its header (`what`,
// then "lane 0's clock() ...", the schema), a 1 GiB buffer, room for 16 warps' stamps on every SM;
// run(f, d_buf, bytes, d_lat) measures.
template <class Run>
static void str_group(Ctx& c, const char* file, const char* what, Run run) {
  FILE* f = imp_side_file(file);
  fprintf(f, "# %s, lane 0's clock() around the step, %d steps a warp, every SM, 1 GiB flushed, last timed launch\n",
          what, LATD_N);
  fprintf(f, "level,footprint,warps_per_sm,cycles,count\n");
  const size_t bytes = 1ull << 30;
  unsigned *d_buf = nullptr, *d_lat = nullptr;
  CK(cudaMalloc(&d_buf, bytes));
  CK(cudaMemset(d_buf, 0xa5, bytes));
  CK(cudaMalloc(&d_lat, (size_t)c.sms * 16 * LATD_N * sizeof(unsigned)));
  run(f, d_buf, bytes, d_lat);
  fclose(f);
  CK(cudaFree(d_buf));
  CK(cudaFree(d_lat));
}

void group_mech_strlat(Ctx& c) {
  str_group(c, "latd_str.csv",
            "mech_strlat (workloads/cuda/import/chase.cu): str_step<V>, one stream load a warp in flight",
            [&](FILE* f, const unsigned* d_buf, size_t bytes, unsigned* d_lat) {
              for (int W : {1, 4, 16}) {
                run_strlat<1>(c, f, d_buf, bytes, W, d_lat);
                run_strlat<4>(c, f, d_buf, bytes, W, d_lat);
              }
            });
}

// mech_strmulti (round 9): str_multi<V, K> for K = 1, 2, 4 at W = 1, 4, 16. latd_strmulti.csv.
void group_mech_strmulti(Ctx& c) {
  str_group(c, "latd_strmulti.csv",
            "mech_strmulti (workloads/cuda/import/chase.cu): str_multi<V, K>, K stream loads a step nw chunks apart",
            [&](FILE* f, const unsigned* d_buf, size_t bytes, unsigned* d_lat) {
              for (int W : {1, 4, 16}) {
                run_strlat<1, 1>(c, f, d_buf, bytes, W, d_lat);
                run_strlat<1, 2>(c, f, d_buf, bytes, W, d_lat);
                run_strlat<1, 4>(c, f, d_buf, bytes, W, d_lat);
                run_strlat<4, 1>(c, f, d_buf, bytes, W, d_lat);
                run_strlat<4, 2>(c, f, d_buf, bytes, W, d_lat);
                run_strlat<4, 4>(c, f, d_buf, bytes, W, d_lat);
              }
            });
}

// mech_l2k (issue #18, round 55): what one warp's K stream loads a step cost past the first, at
// the L2 and at DRAM. ln_adj<K> is str_multi<1, K> with the warp's K lines adjacent (chunks
// (i nw + gw) K + k, one address and K immediate offsets: a row's loads as softmax_t<1> issues
// them, 64 LDG.E of consecutive lines back to back); the far rows run str_multi<1, K> itself (K
// lines nw chunks apart, each its own address arithmetic). Lane 0's clock around the K loads and
// their shared stores, as str_multi's. The L2 rows read an 8 MiB footprint the touch put in the L2
// first (the warps' lines wrap it), the DRAM rows 1 GiB flushed. Do K adjacent L2 lines cost the
// issue's 4 cycles a load and one L2 latency (smsim: the mean, no spread, for stream loads), or the
// slowest of K draws of lat_step's spread (sd 18.6)?
template <int K>
__global__ void ln_adj(const unsigned* buf, unsigned long long nmask, unsigned zmask, int steps, unsigned* lat,
                       u64* out, BlockRec* rec) {
  extern __shared__ unsigned latd_dyn[];
  __shared__ unsigned volatile sk[K][32];
  const unsigned lane = threadIdx.x & 31u, wib = threadIdx.x >> 5, gw = imp_gtid() >> 5;
  const unsigned long long nw = (unsigned long long)gridDim.x * (blockDim.x >> 5);
  unsigned* st = latd_dyn + (size_t)wib * LATD_N;
  unsigned acc = 0;
  imp_begin(rec);
  for (int i = 0; i < steps; ++i) {
    const unsigned t0 = (unsigned)clock();
    unsigned v[K];
    // one address, the K lines at immediate offsets (the footprint a multiple of K lines)
    const unsigned* p = buf + ((((unsigned long long)i * nw + gw) * K * 32 + (acc & zmask)) & nmask) + lane;
#pragma unroll
    for (int k = 0; k < K; ++k) v[k] = p[k * 32];
#pragma unroll
    for (int k = 0; k < K; ++k) sk[k][lane] = v[k];
    const unsigned t1 = (unsigned)clock();
    if (lane == 0) st[i & (LATD_N - 1)] = t1 - t0;
#pragma unroll
    for (int k = 0; k < K; ++k) acc += v[k];
  }
  imp_end(rec);
  out[imp_gtid()] = acc;
  __syncwarp();
  for (int i = (int)lane; i < LATD_N; i += 32) lat[(size_t)gw * LATD_N + i] = st[i];
}

// One mech_l2k row: kernel `kern` (ln_adj<K> or str_multi<1, K>) at W warps an SM over `fp` bytes
// of d_buf, at the L2 (touched first) or at DRAM (flushed); its stamps' histogram into f.
static void run_l2k(Ctx& c, FILE* f, void (*kern)(const unsigned*, unsigned long long, unsigned, int, unsigned*, u64*,
                                                  BlockRec*),
                    int K, bool adj, const unsigned* d_buf, size_t fp, bool l2, int W, unsigned* d_lat) {
  LaunchCfg L = cfg_W(c.sms, W, l2 ? PREP_TOUCH : PREP_FLUSH);
  if (l2) L.touch = d_buf, L.touch_bytes = fp;
  const size_t S = (size_t)L.grid * L.tpb / 32;
  const std::string v = std::string(l2 ? "l2" : "dram") + (adj ? "_adj" : "_far") + "_k" + std::to_string(K);
  const Meas m = measure(c, kern, L, d_buf, (unsigned long long)(fp / 4 - 1), 0u, LATD_N, d_lat, c.d_out, c.d_rec);
  imp_row(c, "mech_l2k", (const void*)kern, v, K, W, L.bps, L.tpb, LATD_N,
          "footprint=" + std::to_string(fp) + ";bytes=128;k=" + std::to_string(K) + ";adj=" + (adj ? "1" : "0") +
              ";prep=" + (l2 ? "touch" : "flush"),
          m);
  lat_hist(f, v, fp, W, lat_fetch(d_lat, S));
}

// mech_l2k: K = 1, 2, 4, ..., 64 adjacent lines at the L2 and at DRAM, W = 1, 4, 16; K = 4, 16
// lines far apart at the L2, W = 1, 4. latd_l2k.csv.
void group_mech_l2k(Ctx& c) {
  str_group(c, "latd_l2k.csv", "mech_l2k (workloads/cuda/import/chase.cu): ln_adj<K>, str_multi<1, K>, K one-line loads a step",
            [&](FILE* f, const unsigned* d_buf, size_t bytes, unsigned* d_lat) {
              const size_t l2fp = 8u << 20;
              for (int W : {1, 4, 16}) {
                imp_each<1, 2, 4, 8, 16, 32, 64>([&](auto k) {
                  constexpr int K = decltype(k)::value;
                  run_l2k(c, f, ln_adj<K>, K, true, d_buf, l2fp, true, W, d_lat);
                  run_l2k(c, f, ln_adj<K>, K, true, d_buf, bytes, false, W, d_lat);
                });
                if (W < 16) {
                  run_l2k(c, f, str_multi<1, 4>, 4, false, d_buf, l2fp, true, W, d_lat);
                  run_l2k(c, f, str_multi<1, 16>, 16, false, d_buf, l2fp, true, W, d_lat);
                }
              }
            });
}

// mech_loadbg (issue #18, round 9): the loaded-latency experiment (ubench.cu's cal_loaded,
// tests/data/h200/loaded.csv) with the background traffic streamed or random, to tell whether the
// DRAM delay a one-line chase sees depends on more than the bytes a cycle. One block of 32 warps
// per SM: warp 0's lane 0 chases a random cycle over 1 GiB (lat_step's nodes) for `steps` steps;
// warps 1..S repeat rounds of 4 independent loads, consumed, until the chase ends. RAND = 0: four
// 512-B blocks side by side (16 B a lane), each warp along its own stretch, as cal_loaded;
// RAND = 1: four 128-B lines at random (4 B a lane, a hash of block, warp, round and load). Per
// block: the chase's clocks and each background warp's bytes (its own slot: no atomics, the last
// launch's values). loadbg.csv: per S, the medians over blocks of the chase's cycles a step and
// of the background's bytes a cycle over the chase's window.
struct BgRec {
  u64 c0, c1;
  u64 bytes[32];
};

template <int RAND>
__global__ void load_bg(void** chase, const unsigned* start, int steps, const unsigned* buf, u64 nwords, int S,
                        BgRec* bg, u64* out, BlockRec* rec) {
  __shared__ volatile int stop;
  __shared__ void* volatile sk;
  const unsigned lane = threadIdx.x & 31u, warp = threadIdx.x >> 5;
  if (threadIdx.x == 0) stop = 0;
  imp_begin(rec);
  if (warp == 0) {
    if (lane == 0) {
      Ptr p = (Ptr)(chase + (size_t)start[blockIdx.x] * 16);
      const u64 c0 = clock64();
      for (int i = 0; i < steps; ++i) p = (Ptr)*p;
      sk = (void*)p;
      const u64 c1 = clock64();
      stop = 1;
      bg[blockIdx.x].c0 = c0;
      bg[blockIdx.x].c1 = c1;
      out[imp_gtid()] = (u64)p;
    }
  } else if ((int)warp <= S) {
    unsigned acc = 0;
    u64 bytes = 0, round = 0;
    const u64 region = (nwords / ((u64)gridDim.x * 32)) & ~127ull;  // one warp's own stretch, whole 512-B blocks
    const u64 base = ((u64)blockIdx.x * 32 + warp) * region;
    while (!stop) {
      unsigned v[4];
#pragma unroll
      for (int k = 0; k < 4; ++k) {
        if (RAND) {
          unsigned h = (blockIdx.x * 131u + warp) * 2654435761u ^ (unsigned)round * 0x9E3779B9u ^ (unsigned)k * 0x85EBCA6Bu;
          h ^= h >> 15;
          h *= 0x2C1B3C6Du;
          h ^= h >> 12;
          v[k] = buf[((u64)h & (nwords / 32 - 1)) * 32 + lane];  // nwords a power of 2: no 64-bit division
        } else {
          const u64 e = base + (((round * 4 + k) * 128 + lane * 4) % region);
          const uint4 x = *(const uint4*)(buf + e);
          v[k] = x.x ^ x.y ^ x.z ^ x.w;
        }
      }
#pragma unroll
      for (int k = 0; k < 4; ++k) acc ^= v[k];
      if (acc == 0x9e3779b9u) out[imp_gtid()] = 3;  // waits for the 4 loads
      bytes += RAND ? 4 * 128 : 4 * 512;
      ++round;
    }
    if (lane == 0) bg[blockIdx.x].bytes[warp] = bytes;
  }
  imp_end(rec);
}

static u64 median_u64(std::vector<u64> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

// The blocks' BgRec of the last launch: "chase cycles a step,background bytes a cycle" (the medians
// over the blocks, the chase's window each) and a newline to f (loadbg.csv, loaddist_sum.csv).
static void bg_medians(Ctx& c, const BgRec* d_bg, int S, int steps, FILE* f) {
  std::vector<BgRec> h(c.sms);
  CK(cudaMemcpy(h.data(), d_bg, h.size() * sizeof(BgRec), cudaMemcpyDeviceToHost));
  std::vector<u64> step, bpc;
  for (const BgRec& r : h) {
    const u64 win = r.c1 > r.c0 ? r.c1 - r.c0 : 1;
    u64 sum = 0;
    for (int w = 1; w <= S; ++w) sum += r.bytes[w];
    step.push_back(win * 100 / steps);
    bpc.push_back(sum * 1000 / win);
  }
  fprintf(f, "%.2f,%.3f\n", median_u64(step) / 100.0, median_u64(bpc) / 1000.0);
  fflush(f);
}

void group_mech_loadbg(Ctx& c) {
  FILE* f = imp_side_file("loadbg.csv");
  fprintf(f, "# mech_loadbg (workloads/cuda/import/chase.cu): load_bg<RAND>, one warp chasing 2048 steps over 1 GiB "
             "while S warps of its block load 4 x 512 B side by side (rand=0) or 4 random 128-B lines (rand=1) a round; "
             "medians over the blocks of the last timed launch\n");
  fprintf(f, "rand,load_warps,chase_cycles_per_step,bytes_per_sm_cycle\n");
  const size_t bytes = 1ull << 30;
  ChaseBuf b = chase_build(c, bytes, 16, 0x5eed4000ull + bytes, false);
  unsigned* d_buf = nullptr;
  CK(cudaMalloc(&d_buf, bytes));
  CK(cudaMemset(d_buf, 0xa5, bytes));
  BgRec* d_bg = nullptr;
  CK(cudaMalloc(&d_bg, (size_t)c.sms * sizeof(BgRec)));
  const int steps = 2048;
  for (int rnd = 0; rnd < 2; ++rnd)
    for (int S : {0, 2, 4, 6, 8, 12, 16, 24, 31}) {
      const LaunchCfg L = cfg_W(c.sms, 32, PREP_FLUSH);
      unsigned* d_start = chase_starts(b, (size_t)L.grid, true, 1);
      CK(cudaMemset(d_bg, 0, (size_t)c.sms * sizeof(BgRec)));
      const Meas m = rnd ? measure(c, load_bg<1>, L, b.buf, (const unsigned*)d_start, steps, (const unsigned*)d_buf,
                                   (u64)(bytes / 4), S, d_bg, c.d_out, c.d_rec)
                         : measure(c, load_bg<0>, L, b.buf, (const unsigned*)d_start, steps, (const unsigned*)d_buf,
                                   (u64)(bytes / 4), S, d_bg, c.d_out, c.d_rec);
      imp_row(c, "mech_loadbg", rnd ? (const void*)load_bg<1> : (const void*)load_bg<0>, rnd ? "rand" : "stream", 4, 32,
              L.bps, L.tpb, steps, "load_warps=" + std::to_string(S) + ";prep=flush", m);
      fprintf(f, "%d,%d,", rnd, S);
      bg_medians(c, d_bg, S, steps, f);
      CK(cudaFree(d_start));
    }
  fclose(f);
  CK(cudaFree(d_bg));
  CK(cudaFree(d_buf));
  chase_free(b);
}

// mech_wbload (issue #18, round 24, after mech_stw): the loaded DRAM latency beside write-backs.
// mech_stw found a block's fresh-line stores slowing the next loads by hundreds of cycles once the
// L2 holds ~21 MB of dirty lines, where the DRAM's write traffic is a quarter of its bandwidth. Is a
// written-back byte simply a heavier byte for the loads that share DRAM with it, and how much
// heavier? load_wb<MODE>: mech_loadbg's shape (one block of 32 warps an SM; warp 0's lane 0 chases a
// random cycle over 1 GiB; warps 1..S make traffic until the chase ends), the traffic paced: each
// round one warp touches 4 adjacent 512-B blocks (16 B a lane, 2 KB), then waits until GAP cycles
// have passed since the round began (GAP = 2048: 1 B a cycle a warp at most), each warp along its
// own stretch of a 4 GiB buffer (its lines unseen for the whole launch). MODE 0: the rounds load
// (and consume) the blocks; MODE 1: they store them (fresh lines: past ~21 MB for the GPU the L2
// writes them back). The chase runs WB_WARM steps first (untimed: the write-backs start), then
// `steps` timed; per block its clocks and each warp's bytes (wbload.csv: the medians over blocks).
#define WB_WARM 512
#define WB_GAP 2048
// One traffic warp of load_wb and load_wbk until *stop: rounds of 2 KB (4 adjacent 512-B blocks, 16 B
// a lane) along the warp's own stretch of buf, loaded and consumed (MODE 0) or stored (MODE 1), a
// round every WB_GAP cycles at most; returns the bytes it moved.
template <int MODE>
__device__ __forceinline__ u64 wb_traffic(unsigned* buf, u64 nwords, unsigned lane, unsigned warp, volatile int* stop,
                                          u64* out) {
  unsigned acc = 0;
  u64 bytes = 0, round = 0;
  const u64 region = (nwords / ((u64)gridDim.x * 32)) & ~511ull;  // one warp's own stretch, whole 2-KB rounds
  const u64 base = ((u64)blockIdx.x * 32 + warp) * region;
  while (!*stop) {
    const u64 t0 = clock64();
    const u64 e0 = base + ((round * 512) % region) + lane * 4;
    if (MODE == 1) {
      const unsigned r = (unsigned)round;
#pragma unroll
      for (int k = 0; k < 4; ++k) *(uint4*)(buf + e0 + k * 128) = make_uint4(r, r + 1, r + 2, lane);
    } else {
      unsigned v[4];
#pragma unroll
      for (int k = 0; k < 4; ++k) {
        const uint4 x = *(const uint4*)(buf + e0 + k * 128);
        v[k] = x.x ^ x.y ^ x.z ^ x.w;
      }
#pragma unroll
      for (int k = 0; k < 4; ++k) acc ^= v[k];
      if (acc == 0x9e3779b9u) out[imp_gtid()] = 3;  // waits for the 4 loads
    }
    bytes += 2048;
    ++round;
    while (clock64() - t0 < WB_GAP && !*stop) {
    }
  }
  return bytes;
}

template <int MODE>
__global__ void load_wb(void** chase, const unsigned* start, int steps, unsigned* buf, u64 nwords, int S,
                        BgRec* bg, u64* out, BlockRec* rec) {
  __shared__ volatile int stop;
  __shared__ void* volatile sk;
  const unsigned lane = threadIdx.x & 31u, warp = threadIdx.x >> 5;
  if (threadIdx.x == 0) stop = 0;
  imp_begin(rec);
  if (warp == 0) {
    if (lane == 0) {
      Ptr p = (Ptr)(chase + (size_t)start[blockIdx.x] * 16);
      for (int i = 0; i < WB_WARM; ++i) p = (Ptr)*p;
      sk = (void*)p;
      const u64 c0 = clock64();
      for (int i = 0; i < steps; ++i) p = (Ptr)*p;
      sk = (void*)p;
      const u64 c1 = clock64();
      stop = 1;
      bg[blockIdx.x].c0 = c0;
      bg[blockIdx.x].c1 = c1;
      out[imp_gtid()] = (u64)p;
    }
  } else if ((int)warp <= S) {
    const u64 bytes = wb_traffic<MODE>(buf, nwords, lane, warp, &stop, out);
    if (lane == 0) bg[blockIdx.x].bytes[warp] = bytes;
  }
  imp_end(rec);
}

void group_mech_wbload(Ctx& c) {
  FILE* f = imp_side_file("wbload.csv");
  fprintf(f, "# mech_wbload (workloads/cuda/import/chase.cu): load_wb<MODE>, one warp chasing %d steps over 1 GiB "
             "(after %d untimed) while S warps of its block load (mode 0) or store (mode 1) 2 KB a round, a round every "
             "%d cycles at most, over a 4 GiB buffer; medians over the blocks of the last timed launch\n", 2048, WB_WARM, WB_GAP);
  fprintf(f, "mode,traffic_warps,chase_cycles_per_step,bytes_per_sm_cycle\n");
  const size_t bytes = 1ull << 30, wbytes = 4ull << 30;
  ChaseBuf b = chase_build(c, bytes, 16, 0x5eed4000ull + bytes, false);
  unsigned* d_buf = nullptr;
  CK(cudaMalloc(&d_buf, wbytes));
  CK(cudaMemset(d_buf, 0xa5, wbytes));
  BgRec* d_bg = nullptr;
  CK(cudaMalloc(&d_bg, (size_t)c.sms * sizeof(BgRec)));
  const int steps = 2048;
  for (int mode = 0; mode < 2; ++mode)
    for (int S : {0, 1, 2, 3, 4, 6, 8, 12, 16}) {
      const LaunchCfg L = cfg_W(c.sms, 32, PREP_FLUSH);
      unsigned* d_start = chase_starts(b, (size_t)L.grid, true, 1);
      CK(cudaMemset(d_bg, 0, (size_t)c.sms * sizeof(BgRec)));
      const Meas m = mode ? measure(c, load_wb<1>, L, b.buf, (const unsigned*)d_start, steps, d_buf, (u64)(wbytes / 4), S,
                                    d_bg, c.d_out, c.d_rec)
                          : measure(c, load_wb<0>, L, b.buf, (const unsigned*)d_start, steps, d_buf, (u64)(wbytes / 4), S,
                                    d_bg, c.d_out, c.d_rec);
      imp_row(c, "mech_wbload", mode ? (const void*)load_wb<1> : (const void*)load_wb<0>, mode ? "store" : "load", 4, 32,
              L.bps, L.tpb, steps, "traffic_warps=" + std::to_string(S) + ";prep=flush", m);
      fprintf(f, "%d,%d,", mode, S);
      bg_medians(c, d_bg, S, steps, f);
      CK(cudaFree(d_start));
    }
  fclose(f);
  CK(cudaFree(d_bg));
  CK(cudaFree(d_buf));
  chase_free(b);
}

// mech_wbdist (round 24c, after mech_wbload: a chase's mean latency rises ~14 cycles per B/cycle/SM
// of paced write-backs from the first byte, where paced loads cost nothing below ~9 B/cycle; yet
// mech_stw's load-store steps at 32 warps lose ~320 cycles a step at 3.2 B/cycle of write-backs, far
// more than 14 x 3.2): is the loads' extra a rare long wait (a read behind a channel's write burst),
// which a step waiting for the slowest of many lines meets almost always, or a small wait on every
// read? load_wbk<MODE, K>: load_wb's traffic, and the chase warp's lanes chase K random cycles at
// once (lane l follows chain l % K: one load instruction over K random lines, done when the slowest
// returns); every step stamped (the last WB_N per block). wbdist.csv: per configuration the mean and
// quantiles of the step over every SM; wbhist.csv: the histogram in 16-cycle bins.
#define WB_N 1024
template <int MODE, int K>
__global__ void load_wbk(void** chase, const unsigned* start, int steps, unsigned* buf, u64 nwords, int S,
                         unsigned* lat, u64* out, BlockRec* rec) {
  __shared__ volatile int stop;
  __shared__ void* volatile sk;
  __shared__ unsigned st_c[WB_N];
  const unsigned lane = threadIdx.x & 31u, warp = threadIdx.x >> 5;
  if (threadIdx.x == 0) stop = 0;
  imp_begin(rec);
  if (warp == 0) {
    Ptr p = (Ptr)(chase + (size_t)start[blockIdx.x * 32 + (lane % K)] * 16);
    for (int i = 0; i < WB_WARM; ++i) p = (Ptr)*p;
    sk = (void*)p;
    for (int i = 0; i < steps; ++i) {
      const unsigned t0 = (unsigned)clock();
      p = (Ptr)*p;
      sk = (void*)p;
      const unsigned t1 = (unsigned)clock();
      if (lane == 0) st_c[i & (WB_N - 1)] = t1 - t0;
    }
    if (lane == 0) {
      stop = 1;
      out[imp_gtid()] = (u64)p;
    }
  } else if ((int)warp <= S) {
    wb_traffic<MODE>(buf, nwords, lane, warp, &stop, out);
  }
  imp_end(rec);
  __syncthreads();
  for (int i = (int)threadIdx.x; i < WB_N; i += (int)blockDim.x) lat[(size_t)blockIdx.x * WB_N + i] = st_c[i];
}

template <int MODE, int K>
static void run_wbk(Ctx& c, const ChaseBuf& b, unsigned* d_buf, u64 nwords, unsigned* d_lat, FILE* fq, FILE* fh) {
  const int steps = 2048;
  for (int S : {0, 2, 4, 8}) {
    if (MODE == 0 && S != 0 && S != 8) continue;  // the loads: none and 8 warps (8 B/cycle) only
    const LaunchCfg L = cfg_W(c.sms, 32, PREP_FLUSH);
    unsigned* d_start = chase_starts(b, (size_t)L.grid * 32, true, 32);
    const Meas m = measure(c, load_wbk<MODE, K>, L, b.buf, (const unsigned*)d_start, steps, d_buf, nwords, S, d_lat,
                           c.d_out, c.d_rec);
    imp_row(c, "mech_wbdist", (const void*)load_wbk<MODE, K>, MODE ? "store" : "load", K, 32, L.bps, L.tpb, steps,
            "traffic_warps=" + std::to_string(S) + ";k=" + std::to_string(K) + ";prep=flush", m);
    std::vector<unsigned> h((size_t)c.sms * WB_N);
    CK(cudaMemcpy(h.data(), d_lat, h.size() * sizeof(unsigned), cudaMemcpyDeviceToHost));
    std::sort(h.begin(), h.end());
    double sum = 0;
    for (unsigned v : h) sum += v;
    const size_t n = h.size();
    fprintf(fq, "%d,%d,%d,%.1f", MODE, K, S, sum / n);
    for (double q : {0.01, 0.05, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 0.99}) fprintf(fq, ",%u", h[(size_t)(q * (n - 1))]);
    fprintf(fq, "\n");
    fflush(fq);
    std::map<unsigned, size_t> hist;
    for (unsigned v : h) hist[v / 16 * 16]++;
    for (const auto& kv : hist) fprintf(fh, "%d,%d,%d,%u,%zu\n", MODE, K, S, kv.first, kv.second);
    fflush(fh);
    CK(cudaFree(d_start));
  }
}

void group_mech_wbdist(Ctx& c) {
  FILE* fq = imp_side_file("wbdist.csv");
  FILE* fh = imp_side_file("wbhist.csv");
  fprintf(fq, "# mech_wbdist (workloads/cuda/import/chase.cu): load_wbk<MODE, K>, the chase warp's one load over K random "
              "lines a step (2048 steps after %d untimed; the last %d stamped, every SM) beside S warps loading (mode 0) or "
              "storing (mode 1) 2 KB every %d cycles\n", WB_WARM, WB_N, WB_GAP);
  fprintf(fq, "mode,k,traffic_warps,mean,q01,q05,q10,q25,q50,q75,q90,q95,q99\n");
  fprintf(fh, "mode,k,traffic_warps,cycles16,count\n");
  const size_t bytes = 1ull << 30, wbytes = 4ull << 30;
  ChaseBuf b = chase_build(c, bytes, 16, 0x5eed4000ull + bytes, false);
  unsigned* d_buf = nullptr;
  CK(cudaMalloc(&d_buf, wbytes));
  CK(cudaMemset(d_buf, 0xa5, wbytes));
  unsigned* d_lat = nullptr;
  CK(cudaMalloc(&d_lat, (size_t)c.sms * WB_N * sizeof(unsigned)));
  run_wbk<1, 1>(c, b, d_buf, wbytes / 4, d_lat, fq, fh);
  run_wbk<1, 8>(c, b, d_buf, wbytes / 4, d_lat, fq, fh);
  run_wbk<1, 32>(c, b, d_buf, wbytes / 4, d_lat, fq, fh);
  run_wbk<0, 1>(c, b, d_buf, wbytes / 4, d_lat, fq, fh);
  run_wbk<0, 8>(c, b, d_buf, wbytes / 4, d_lat, fq, fh);
  run_wbk<0, 32>(c, b, d_buf, wbytes / 4, d_lat, fq, fh);
  fclose(fq);
  fclose(fh);
  CK(cudaFree(d_lat));
  CK(cudaFree(d_buf));
  chase_free(b);
}

// mech_loaddist (issue #18, round 13): not only the mean of the loaded DRAM delay but its spread.
// load_bg<0> again (one warp chasing 1 GiB, S warps of its block streaming 4 x 512 B a round), and
// now the chase's lane 0 stamps every step (clock, load, a shared store of the pointer, clock), as
// lat_step does, and background warp 1's lane 0 stamps every round (clock, 4 loads, their use,
// clock): the last LATD_N of each per block, in shared memory, copied out after the chase.
// loaddist.csv (latd.csv's schema: label,footprint,warps_per_sm,cycles,count) holds their
// histograms over every SM per S: chase_s<S> and round_s<S>; loaddist_sum.csv the medians over
// blocks of the chase's cycles a step and the background's bytes a cycle, as loadbg.csv.
// The question: at saturation (S = 31: 2129 cycles a step, loaded.csv) does every request wait
// about the same (a step's sd near the unloaded 167 cycles), or do most pass quickly and a few
// wait long (sd near the mean delay, as a single queue's exponential wait)?
__global__ void load_dist(void** chase, const unsigned* start, int steps, const unsigned* buf, u64 nwords, int S,
                          BgRec* bg, unsigned* lat, u64* out, BlockRec* rec) {
  __shared__ volatile int stop;
  __shared__ void* volatile sk;
  __shared__ unsigned st_c[LATD_N], st_b[LATD_N];
  const unsigned lane = threadIdx.x & 31u, warp = threadIdx.x >> 5;
  if (threadIdx.x == 0) stop = 0;
  for (int i = (int)threadIdx.x; i < LATD_N; i += (int)blockDim.x) st_c[i] = st_b[i] = 0;
  imp_begin(rec);
  if (warp == 0) {
    if (lane == 0) {
      Ptr p = (Ptr)(chase + (size_t)start[blockIdx.x] * 16);
      const u64 c0 = clock64();
      for (int i = 0; i < steps; ++i) {
        const unsigned t0 = (unsigned)clock();
        p = (Ptr)*p;
        sk = (void*)p;
        const unsigned t1 = (unsigned)clock();
        st_c[i & (LATD_N - 1)] = t1 - t0;
      }
      const u64 c1 = clock64();
      stop = 1;
      bg[blockIdx.x].c0 = c0;
      bg[blockIdx.x].c1 = c1;
      out[imp_gtid()] = (u64)p;
    }
  } else if ((int)warp <= S) {
    unsigned acc = 0;
    u64 bytes = 0, round = 0;
    const u64 region = (nwords / ((u64)gridDim.x * 32)) & ~127ull;  // one warp's own stretch, whole 512-B blocks
    const u64 base = ((u64)blockIdx.x * 32 + warp) * region;
    while (!stop) {
      const unsigned t0 = (unsigned)clock();
      unsigned v[4];
#pragma unroll
      for (int k = 0; k < 4; ++k) {
        const u64 e = base + (((round * 4 + k) * 128 + lane * 4) % region);
        const uint4 x = *(const uint4*)(buf + e);
        v[k] = x.x ^ x.y ^ x.z ^ x.w;
      }
#pragma unroll
      for (int k = 0; k < 4; ++k) acc ^= v[k];
      if (acc == 0x9e3779b9u) out[imp_gtid()] = 3;  // waits for the 4 loads
      const unsigned t1 = (unsigned)clock();
      if (warp == 1 && lane == 0) st_b[round & (LATD_N - 1)] = t1 - t0;
      bytes += 4 * 512;
      ++round;
    }
    if (lane == 0) bg[blockIdx.x].bytes[warp] = bytes;
  }
  imp_end(rec);
  __syncthreads();
  for (int i = (int)threadIdx.x; i < LATD_N; i += (int)blockDim.x) {
    lat[(size_t)blockIdx.x * 2 * LATD_N + i] = st_c[i];
    lat[(size_t)blockIdx.x * 2 * LATD_N + LATD_N + i] = st_b[i];
  }
}

void group_mech_loaddist(Ctx& c) {
  FILE* f = imp_side_file("loaddist.csv");
  FILE* fs = imp_side_file("loaddist_sum.csv");
  fprintf(fs, "# mech_loaddist (workloads/cuda/import/chase.cu): load_dist, load_bg<0> with every chase step and "
              "every round of background warp 1 stamped; medians over the blocks of the last timed launch\n");
  fprintf(fs, "load_warps,chase_cycles_per_step,bytes_per_sm_cycle\n");
  const size_t bytes = 1ull << 30;
  ChaseBuf b = chase_build(c, bytes, 16, 0x5eed4000ull + bytes, false);
  unsigned* d_buf = nullptr;
  CK(cudaMalloc(&d_buf, bytes));
  CK(cudaMemset(d_buf, 0xa5, bytes));
  BgRec* d_bg = nullptr;
  CK(cudaMalloc(&d_bg, (size_t)c.sms * sizeof(BgRec)));
  unsigned* d_lat = nullptr;
  CK(cudaMalloc(&d_lat, (size_t)c.sms * 2 * LATD_N * sizeof(unsigned)));
  const int steps = 2048;
  for (int S : {0, 4, 8, 12, 16, 20, 24, 31}) {
    const LaunchCfg L = cfg_W(c.sms, 32, PREP_FLUSH);
    unsigned* d_start = chase_starts(b, (size_t)L.grid, true, 1);
    CK(cudaMemset(d_bg, 0, (size_t)c.sms * sizeof(BgRec)));
    CK(cudaMemset(d_lat, 0, (size_t)c.sms * 2 * LATD_N * sizeof(unsigned)));
    const Meas m = measure(c, load_dist, L, b.buf, (const unsigned*)d_start, steps, (const unsigned*)d_buf,
                           (u64)(bytes / 4), S, d_bg, d_lat, c.d_out, c.d_rec);
    imp_row(c, "mech_loaddist", (const void*)load_dist, "stream", 4, 32, L.bps, L.tpb, steps,
            "load_warps=" + std::to_string(S) + ";prep=flush", m);
    fprintf(fs, "%d,", S);
    bg_medians(c, d_bg, S, steps, fs);
    std::vector<unsigned> st((size_t)c.sms * 2 * LATD_N), ch, rd;
    CK(cudaMemcpy(st.data(), d_lat, st.size() * sizeof(unsigned), cudaMemcpyDeviceToHost));
    for (int blk = 0; blk < c.sms; ++blk)
      for (int i = 0; i < LATD_N; ++i) {
        ch.push_back(st[(size_t)blk * 2 * LATD_N + i]);
        const unsigned r = st[(size_t)blk * 2 * LATD_N + LATD_N + i];
        if (S > 0 && r > 0) rd.push_back(r);  // a warp with fewer than LATD_N rounds leaves zeros
      }
    lat_hist(f, "chase_s" + std::to_string(S), bytes, 32, ch);
    if (S > 0) lat_hist(f, "round_s" + std::to_string(S), bytes, 32, rd);
    CK(cudaFree(d_start));
  }
  fclose(f);
  fclose(fs);
  CK(cudaFree(d_lat));
  CK(cudaFree(d_bg));
  CK(cudaFree(d_buf));
  chase_free(b);
}

// mech_burst (issue #18, round 13): does one SM's burst of loads wait for the SM's share of the
// DRAM bandwidth (a first-come server at 17.7 B a cycle: a 64 KB burst 3.7 K cycles behind), or
// does the memory system, shared with 131 other SMs whose bursts come at other times, take it in?
// One block of 32 warps per SM, ordinary code: each round a barrier, then every thread loads K
// floats of fresh lines, blockDim apart (load k of the block: 4 KB side by side; a warp's K lines
// 4 KB apart), uses them, a barrier; thread 0 stamps the round (clock64 after the first barrier
// to after the second). Then the block idles `gap` cycles (spinning on clock64), so the SM's mean
// rate stays well below its share (gap = burst bytes / 8: at most 8 B a cycle) or, with gap 0,
// bursts come back to back. Each block walks its own 8 MiB of a 1 GiB buffer (L2 flushed first).
// With phase > 0 block b first idles (b x 7919 mod 1024) / 1024 of about a round, so the SMs'
// bursts come at different times (as in a long kernel, where the SMs drift apart); phase 0: all
// together from the launch. burst.csv: per K, gap and phase, the rounds' cycles over every SM (rounds 16 on) as percentiles, and
// the SM's bytes a cycle (median over SMs).
static const int BURST_R = 256;
template <int K>
__global__ void burst_probe(const float* buf, int rounds, int gap, int phase, unsigned* lat, u64* out, BlockRec* rec) {
  __shared__ unsigned st[BURST_R];
  const u64 per_block = 1ull << 21;  // words: 8 MiB
  const float* mine = buf + (u64)blockIdx.x * per_block;
  float acc = 0.f;
  imp_begin(rec);
  if (phase > 0) {  // desynchronised: block b starts (b * 7919 mod 1024) / 1024 of a round late
    const long long s0 = clock64(), wait = (long long)((blockIdx.x * 7919u) % 1024u) * phase / 1024;
    while (clock64() - s0 < wait) {
    }
  }
  for (int r = 0; r < rounds; ++r) {
    __syncthreads();
    const long long t0 = clock64();
    const u64 base = ((u64)r * K * blockDim.x) & (per_block - 1);
    float v[K];
#pragma unroll
    for (int k = 0; k < K; ++k) v[k] = mine[(base + (u64)k * blockDim.x + threadIdx.x) & (per_block - 1)];
#pragma unroll
    for (int k = 0; k < K; ++k) acc += v[k];
    if (acc == 1234.5f) out[imp_gtid()] = 1;  // uses the loads
    __syncthreads();
    const long long t1 = clock64();
    if (threadIdx.x == 0) st[r & (BURST_R - 1)] = (unsigned)(t1 - t0);
    if (gap > 0)
      while (clock64() - t1 < gap) {
      }
  }
  imp_end(rec);
  __syncthreads();
  for (int i = (int)threadIdx.x; i < BURST_R; i += (int)blockDim.x) lat[(size_t)blockIdx.x * BURST_R + i] = st[i];
}

template <int K>
static void run_burst(Ctx& c, FILE* f, const float* d_buf, unsigned* d_lat, int gap, bool desync) {
  const int rounds = BURST_R;
  const LaunchCfg L = cfg_W(c.sms, 32, PREP_FLUSH);
  const int phase = desync ? gap + K * 4096 * 10 / 177 + 800 : 0;  // about a round: gap + the burst at 17.7 B/cycle + latency
  const Meas m = measure(c, burst_probe<K>, L, d_buf, rounds, gap, phase, d_lat, c.d_out, c.d_rec);
  imp_row(c, "mech_burst", (const void*)burst_probe<K>, std::string(desync ? "desync" : "sync") + "_gap" + std::to_string(gap),
          K, 32, L.bps, L.tpb, rounds, "k=" + std::to_string(K) + ";gap=" + std::to_string(gap) + ";phase=" +
          std::to_string(phase) + ";prep=flush", m);
  std::vector<unsigned> h((size_t)c.sms * BURST_R), v;
  CK(cudaMemcpy(h.data(), d_lat, h.size() * sizeof(unsigned), cudaMemcpyDeviceToHost));
  for (int b = 0; b < c.sms; ++b)
    for (int r = 16; r < rounds; ++r) v.push_back(h[(size_t)b * BURST_R + r]);
  std::sort(v.begin(), v.end());
  auto q = [&](double p) { return v.empty() ? 0u : v[(size_t)(p * (double)(v.size() - 1))]; };
  double sum = 0;
  for (unsigned x : v) sum += x;
  const double bytes = (double)K * 4096;
  fprintf(f, "%d,%d,%d,%.0f,%.1f,%u,%u,%u,%u,%u,%.3f\n", K, gap, phase, bytes, v.empty() ? 0.0 : sum / (double)v.size(), q(0.1),
          q(0.25), q(0.5), q(0.75), q(0.9), bytes * rounds / m.cycles);
  fflush(f);
}

void group_mech_burst(Ctx& c) {
  FILE* f = imp_side_file("burst.csv");
  fprintf(f, "# mech_burst (workloads/cuda/import/chase.cu): burst_probe<K>, one block of 32 warps per SM, each round K "
             "loads a thread (K x 4 KB a block) between two barriers, then `gap` idle cycles; a round's cycles over "
             "all SMs, rounds 16-255 of the last timed launch; bytes_per_sm_cycle = K x 4096 x 256 / the SM's cycles\n");
  fprintf(f, "k,gap,phase,burst_bytes,mean,p10,p25,p50,p75,p90,bytes_per_sm_cycle\n");
  float* d_buf = nullptr;
  const size_t bytes = 1ull << 30;
  CK(cudaMalloc(&d_buf, bytes));
  CK(cudaMemset(d_buf, 0, bytes));
  unsigned* d_lat = nullptr;
  CK(cudaMalloc(&d_lat, (size_t)c.sms * BURST_R * sizeof(unsigned)));
  for (int g = 0; g < 3; ++g) {  // back to back (synchronised start); with gaps, synchronised and desynchronised
    const bool gp = g > 0, ds = g == 2;
    run_burst<1>(c, f, d_buf, d_lat, gp ? 4096 / 8 : 0, ds);
    run_burst<2>(c, f, d_buf, d_lat, gp ? 2 * 4096 / 8 : 0, ds);
    run_burst<4>(c, f, d_buf, d_lat, gp ? 4 * 4096 / 8 : 0, ds);
    run_burst<8>(c, f, d_buf, d_lat, gp ? 8 * 4096 / 8 : 0, ds);
    run_burst<16>(c, f, d_buf, d_lat, gp ? 16 * 4096 / 8 : 0, ds);
  }
  fclose(f);
  CK(cudaFree(d_lat));
  CK(cudaFree(d_buf));
}

// mech_burststamp (issue #18, round 13): inside a back-to-back burst (burst_probe<K>, gap 0), when
// does each load's data arrive? Every warp's lane 0 stamps, each round, the cycle (from the round's
// first barrier) at which it has its first load's data (it uses v[0]) and at which it has all K
// (it uses the rest). Over a block's 32 warps the first stamps say whether the block's lines of
// one load (one 4 KB run) arrive together; the last minus the first, whether one warp's K loads
// (4 KB apart) wait alike. burststamp.csv (latd.csv's schema): histograms over all SMs, rounds
// 16-63, of first_k<K> (a warp's first), spread_k<K> (a round's latest first less its earliest, over
// the block's warps) and tail_k<K> (a warp's last less its first).
static const int BST_R = 64;
template <int K>
__global__ void burst_stamp(const float* buf, int rounds, unsigned* lat, u64* out, BlockRec* rec) {
  __shared__ unsigned s_first[BST_R][32], s_last[BST_R][32];
  __shared__ long long s_t0;
  const u64 per_block = 1ull << 21;  // words: 8 MiB
  const float* mine = buf + (u64)blockIdx.x * per_block;
  const unsigned lane = threadIdx.x & 31u, warp = threadIdx.x >> 5;
  float acc = 0.f;
  imp_begin(rec);
  for (int r = 0; r < rounds; ++r) {
    __syncthreads();
    if (threadIdx.x == 0) s_t0 = clock64();
    __syncthreads();
    const long long t0 = s_t0;
    const u64 base = ((u64)r * K * blockDim.x) & (per_block - 1);
    float v[K];
#pragma unroll
    for (int k = 0; k < K; ++k) v[k] = mine[(base + (u64)k * blockDim.x + threadIdx.x) & (per_block - 1)];
    acc += v[0];
    if (acc == 1234.5f) out[imp_gtid()] = 1;  // waits for load 0
    const long long t1 = clock64();
#pragma unroll
    for (int k = 1; k < K; ++k) acc += v[k];
    if (acc == 2345.5f) out[imp_gtid()] = 2;  // waits for the rest
    const long long t2 = clock64();
    if (lane == 0 && r < BST_R) {
      s_first[r][warp] = (unsigned)(t1 - t0);
      s_last[r][warp] = (unsigned)(t2 - t0);
    }
  }
  imp_end(rec);
  __syncthreads();
  for (int i = (int)threadIdx.x; i < BST_R * 32; i += (int)blockDim.x) {
    lat[((size_t)blockIdx.x * BST_R * 32 + i) * 2] = s_first[i / 32][i % 32];
    lat[((size_t)blockIdx.x * BST_R * 32 + i) * 2 + 1] = s_last[i / 32][i % 32];
  }
}

template <int K>
static void run_burst_stamp(Ctx& c, FILE* f, const float* d_buf, unsigned* d_lat) {
  const LaunchCfg L = cfg_W(c.sms, 32, PREP_FLUSH);
  const Meas m = measure(c, burst_stamp<K>, L, d_buf, BST_R, d_lat, c.d_out, c.d_rec);
  imp_row(c, "mech_burststamp", (const void*)burst_stamp<K>, "gap0", K, 32, L.bps, L.tpb, BST_R,
          "k=" + std::to_string(K) + ";prep=flush", m);
  std::vector<unsigned> h((size_t)c.sms * BST_R * 32 * 2), first, spread, tail;
  CK(cudaMemcpy(h.data(), d_lat, h.size() * sizeof(unsigned), cudaMemcpyDeviceToHost));
  for (int b = 0; b < c.sms; ++b)
    for (int r = 16; r < BST_R; ++r) {
      unsigned lo = ~0u, hi = 0;
      for (int w = 0; w < 32; ++w) {
        const size_t i = ((size_t)b * BST_R * 32 + (size_t)r * 32 + w) * 2;
        const unsigned a = h[i], z = h[i + 1];
        first.push_back(a);
        tail.push_back(z >= a ? z - a : 0);
        lo = a < lo ? a : lo;
        hi = a > hi ? a : hi;
      }
      spread.push_back(hi - lo);
    }
  const std::string k = std::to_string(K);
  lat_hist(f, "first_k" + k, (size_t)K * 4096, 32, first);
  lat_hist(f, "spread_k" + k, (size_t)K * 4096, 32, spread);
  lat_hist(f, "tail_k" + k, (size_t)K * 4096, 32, tail);
}

void group_mech_burststamp(Ctx& c) {
  FILE* f = imp_side_file("burststamp.csv");
  float* d_buf = nullptr;
  const size_t bytes = 1ull << 30;
  CK(cudaMalloc(&d_buf, bytes));
  CK(cudaMemset(d_buf, 0, bytes));
  unsigned* d_lat = nullptr;
  CK(cudaMalloc(&d_lat, (size_t)c.sms * BST_R * 32 * 2 * sizeof(unsigned)));
  run_burst_stamp<1>(c, f, d_buf, d_lat);
  run_burst_stamp<4>(c, f, d_buf, d_lat);
  run_burst_stamp<16>(c, f, d_buf, d_lat);
  fclose(f);
  CK(cudaFree(d_lat));
  CK(cudaFree(d_buf));
}

// ---- round 14e (issue #18): is an L2 hit's latency the same for a load that allocates in L1 as
// for one that does not? mech_l2path chase_ld<CG>: chase<1>'s walk (128-B nodes, 16 lanes x 8 B,
// ptr form), each load plain (CG 0: LDG.E, allocating in L1, as every chase of the import set) or
// __ldcg (CG 1: cache global, L1 bypassed, as calib.csv's single-thread lat_l2_chase); one warp
// per SM, 2048 steps; 8 MiB (L2, touched) with no warm walk and with one lap (warm = nodes), and
// 1 GiB (DRAM, flushed).
template <int CG>
__global__ void chase_ld(void** buf, const unsigned* start, int wpn, int warm, int steps, u64* out, int* sink,
                         BlockRec* rec) {
  const unsigned lane = threadIdx.x & 31u, gw = imp_gtid() >> 5;
  const unsigned word = lane & (unsigned)(wpn - 1);
  Ptr p = buf + (size_t)start[gw] * wpn + word;
  for (int i = 0; i < warm; ++i) p = (Ptr)(CG ? (void*)__ldcg((const unsigned long long*)p) : *p);
  if ((u64)p == 0) *sink = 1;  // never true; the setup loads complete before the start
  imp_begin(rec);
  for (int i = 0; i < steps; ++i) p = (Ptr)(CG ? (void*)__ldcg((const unsigned long long*)p) : *p);
  out[imp_gtid()] = (u64)p;
  imp_end(rec);
}

// One warp per SM walks b for 2048 steps with kernel k (chase_ld, chase_lanes, chase_stride: the
// same arguments), the chains starting at golden-ratio positions; one runs.csv row. grid > 0:
// that many blocks instead of one an SM (mech_l2grid).
template <typename K>
static void run_walk1(Ctx& c, K k, const char* group, const ChaseBuf& b, int warm, Prep prep,
                      const std::string& variant, const char* param, int grid = 0) {
  LaunchCfg L = cfg_W(c.sms, 1, prep);
  if (grid > 0) L.grid = grid, L.bps = 0;  // grid blocks, one an SM on that many SMs
  if (prep == PREP_TOUCH) L.touch = b.buf, L.touch_bytes = b.bytes;
  unsigned* d_start = chase_starts(b, (size_t)L.grid, true, 1);
  const int steps = 2048;
  const Meas m = measure(c, k, L, b.buf, (const unsigned*)d_start, (int)b.wpn, warm, steps, c.d_out, c.d_sink,
                         c.d_rec);
  CK(cudaFree(d_start));
  imp_row(c, group, (const void*)k, variant, 1, 1, L.bps, L.tpb, steps, param, m);
}

template <int CG>
static void run_l2path(Ctx& c, const ChaseBuf& b, const char* level, int warm, Prep prep) {
  char param[256];
  snprintf(param, sizeof param, "footprint=%zu;bytes=%u;cg=%d;warm=%d;level=%s", b.bytes, b.wpn * 8, CG, warm, level);
  run_walk1(c, chase_ld<CG>, "mech_l2path", b, warm, prep, std::string(CG ? "cg_" : "ld_") + level, param);
}

void group_mech_l2path(Ctx& c) {
  for (unsigned wpn : {16u, 32u}) {
    ChaseBuf l2 = chase_build(c, (size_t)8 << 20, wpn, 0x5eed3400ull + wpn, false);
    run_l2path<0>(c, l2, "l2", 0, PREP_TOUCH);
    run_l2path<1>(c, l2, "l2", 0, PREP_TOUCH);
    run_l2path<0>(c, l2, "l2warm", (int)l2.nodes, PREP_TOUCH);
    run_l2path<1>(c, l2, "l2warm", (int)l2.nodes, PREP_TOUCH);
    chase_free(l2);
    ChaseBuf dr = chase_build(c, (size_t)1 << 30, wpn, 0x5eed3500ull + wpn, false);
    run_l2path<0>(c, dr, "dram", 0, PREP_FLUSH);
    run_l2path<1>(c, dr, "dram", 0, PREP_FLUSH);
    chase_free(dr);
  }
}

// mech_l2path chase_lanes<L>: the same walk with only lanes 0..L-1 loading (L = 1, 8, 16; one
// 8-byte word each, distinct): does an L2 hit's latency grow with the access's lanes, or with
// words read twice (chase<1> at wpn 16: 16 words, every one read by two lanes; wpn 1: one word
// read by all 32)? The other lanes keep their pointer (no load). chase_stride<L, 1> below is
// the same walk; both kept as measured (their listings are in tests/data/h200/mech/l2path).
template <int L>
__global__ void chase_lanes(void** buf, const unsigned* start, int wpn, int warm, int steps, u64* out, int* sink,
                            BlockRec* rec) {
  const unsigned lane = threadIdx.x & 31u, gw = imp_gtid() >> 5;
  Ptr p = buf + (size_t)start[gw] * wpn + (lane & (unsigned)(wpn - 1));
  for (int i = 0; i < warm; ++i) p = (Ptr)*p;
  if ((u64)p == 0) *sink = 1;
  imp_begin(rec);
  for (int i = 0; i < steps; ++i) {
    if (lane < (unsigned)L) p = (Ptr)*p;
  }
  out[imp_gtid()] = (u64)p;
  imp_end(rec);
}

template <int L>
static void run_lanes(Ctx& c, const ChaseBuf& b, const char* level, Prep prep) {
  char param[256];
  snprintf(param, sizeof param, "footprint=%zu;node=%u;lanes=%d;level=%s", b.bytes, b.wpn * 8, L, level);
  run_walk1(c, chase_lanes<L>, "mech_l2lanes", b, 0, prep, std::string("lanes") + std::to_string(L) + "_" + level,
            param);
}

void group_mech_l2lanes(Ctx& c) {
  // 256-B nodes (wpn 32): lanes 0..L-1 read distinct words of one node
  ChaseBuf l2 = chase_build(c, (size_t)8 << 20, 32, 0x5eed3600ull, false);
  run_lanes<1>(c, l2, "l2", PREP_TOUCH);
  run_lanes<8>(c, l2, "l2", PREP_TOUCH);
  run_lanes<16>(c, l2, "l2", PREP_TOUCH);
  run_lanes<32>(c, l2, "l2", PREP_TOUCH);
  chase_free(l2);
  // wpn 1 (8-B nodes, every lane the same word) and wpn 2, 4: words read 32, 16, 8 times
  for (unsigned wpn : {1u, 2u, 4u, 8u}) {
    ChaseBuf b = chase_build(c, (size_t)8 << 20, wpn, 0x5eed3700ull + wpn, false);
    run_l2path<0>(c, b, "l2", 0, PREP_TOUCH);
    chase_free(b);
  }
  ChaseBuf dr = chase_build(c, (size_t)1 << 30, 32, 0x5eed3800ull, false);
  run_lanes<1>(c, dr, "dram", PREP_FLUSH);
  run_lanes<16>(c, dr, "dram", PREP_FLUSH);
  run_lanes<32>(c, dr, "dram", PREP_FLUSH);
  chase_free(dr);
}

// mech_l2lanes, second part: chase_stride<L, S>: lanes 0..L-1 load word lane x S of a 256-B node
// (two 128-B lines of four 32-B sectors): (16, 1) one line's 4 sectors, (16, 2) both lines' 8,
// (4, 4) one line's 4 sectors with one word each, (2, 16) one sector in each line, (8, 4) both
// lines' 8 sectors with one word each. Which sets an L2 hit's latency: the bytes, the sectors of
// one line, or the lines?
template <int L, int S>
__global__ void chase_stride(void** buf, const unsigned* start, int wpn, int warm, int steps, u64* out, int* sink,
                             BlockRec* rec) {
  const unsigned lane = threadIdx.x & 31u, gw = imp_gtid() >> 5;
  Ptr p = buf + (size_t)start[gw] * wpn + ((lane * (unsigned)S) & (unsigned)(wpn - 1));
  for (int i = 0; i < warm; ++i) p = (Ptr)*p;
  if ((u64)p == 0) *sink = 1;
  imp_begin(rec);
  for (int i = 0; i < steps; ++i) {
    if (lane < (unsigned)L) p = (Ptr)*p;
  }
  out[imp_gtid()] = (u64)p;
  imp_end(rec);
}

// a row of group mech_l2lanes (variant lL sS _l2), or with lines of mech_l2lines (lL sS _nBYTES,
// the node's size)
template <int L, int S>
static void run_stride(Ctx& c, const ChaseBuf& b, bool lines = false) {
  char param[256];
  snprintf(param, sizeof param, "footprint=%zu;node=%u;lanes=%d;stride=%d;level=l2", b.bytes, b.wpn * 8, L, S);
  run_walk1(c, chase_stride<L, S>, lines ? "mech_l2lines" : "mech_l2lanes", b, 0, PREP_TOUCH,
            "l" + std::to_string(L) + "s" + std::to_string(S) + (lines ? "_n" + std::to_string(b.wpn * 8) : "_l2"),
            param);
}

// mech_l2lines (round 15): chase_stride<L, S> over nodes of 2, 4, 8 and 32 lines: does an L2
// hit's latency stay at one line's (the rule of mech_l2stride: a line's sectors, 3.5 less for 2
// lines) when a warp's access spans 4, 8 or 32 lines, one sector or four a line? And the walk
// of one lane (chase_stride<1, 1>, one sector) on 1 to 132 SMs: is calib.csv's one-block
// lat_l2_chase (273.4) the SM it ran on (mech_l2stride's SMs span 271.7-295.3, median 282.3)
// or the L2 carrying one SM's walk instead of 132? IMP_BLOCKS gives every block's SM and stamps.
void group_mech_l2lines(Ctx& c) {
  {
    ChaseBuf b = chase_build(c, (size_t)8 << 20, 64, 0x5eed3a00ull, false);  // 512-B nodes: 4 lines
    run_stride<32, 2>(c, b, true);   // 4 lines x 4 sectors
    run_stride<4, 16>(c, b, true);   // 4 lines x 1 sector
    chase_free(b);
  }
  {
    ChaseBuf b = chase_build(c, (size_t)8 << 20, 128, 0x5eed3b00ull, false);  // 1-KB nodes: 8 lines
    run_stride<32, 4>(c, b, true);   // 8 lines x 4 sectors
    run_stride<8, 16>(c, b, true);   // 8 lines x 1 sector
    chase_free(b);
  }
  {
    ChaseBuf b = chase_build(c, (size_t)8 << 20, 512, 0x5eed3c00ull, false);  // 4-KB nodes: 32 lines
    run_stride<32, 16>(c, b, true);  // 32 lines x 1 sector
    chase_free(b);
  }
  // one lane, one sector (mech_l2stride's l1s1 walk and buffer) on G SMs, one block each
  ChaseBuf b = chase_build(c, (size_t)8 << 20, 32, 0x5eed3900ull, false);
  for (int G : {1, 2, 8, 33, 66, 132}) {
    if (G > c.sms) continue;
    char param[256];
    snprintf(param, sizeof param, "footprint=%zu;node=256;lanes=1;stride=1;level=l2;grid=%d", b.bytes, G);
    run_walk1(c, chase_stride<1, 1>, "mech_l2grid", b, 0, PREP_TOUCH, "l1s1_g" + std::to_string(G), param, G);
  }
  chase_free(b);
}

void group_mech_l2stride(Ctx& c) {
  ChaseBuf l2 = chase_build(c, (size_t)8 << 20, 32, 0x5eed3900ull, false);
  run_stride<16, 1>(c, l2);
  run_stride<16, 2>(c, l2);
  run_stride<4, 4>(c, l2);
  run_stride<2, 16>(c, l2);
  run_stride<8, 4>(c, l2);
  run_stride<1, 1>(c, l2);
  run_stride<32, 1>(c, l2);
  chase_free(l2);
}
