// chase.cu -- groups chase, chase_lat and multiload: pointer chases p = *p written plainly.
//
// Node layout: a node is wpn 8-byte words (wpn = 16: 128 B, one line; wpn = 32: 256 B, two
// lines); word l of node n holds the address of word l of node next(n), next() one random
// cycle over all nodes (Sattolo's algorithm, splitmix64, fixed seeds). Lane l reads word
// (l mod wpn): with wpn = 16 lanes l and l+16 read the same word, so a warp load delivers
// 128 B; with wpn = 32 every lane reads its own word, 256 B. Chain s of S chains starts at
// the node floor(s*N/S) positions along the cycle (each warp at a distinct point).
#include <cstring>

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
unsigned* chase_starts(const ChaseBuf& b, size_t S) {
  std::vector<unsigned> st(S);
  for (size_t s = 0; s < S; ++s) st[s] = b.order[(size_t)((double)s * b.nodes / (double)S)];
  unsigned* d = nullptr;
  CK(cudaMalloc(&d, S * sizeof(unsigned)));
  CK(cudaMemcpy(d, st.data(), S * sizeof(unsigned), cudaMemcpyHostToDevice));
  return d;
}

// One chase configuration: kernel chase<ILP> on buffer b at W warps per SM.
// steps: timed steps per chain; warm: untimed steps before the start barrier.
static void run_chase(Ctx& c, const char* group, const char* variant, const ChaseBuf& b, int ilp,
                      int W, int steps, int warm, Prep prep, bool smem0 = false) {
  LaunchCfg L = cfg_W(c.sms, W, prep);
  if (smem0) {  // one warp per block, no dynamic smem, carveout preference 0 (most L1)
    L.smem = 0;
    L.carveout = 0;
  }
  if (prep == PREP_TOUCH) L.touch = b.buf, L.touch_bytes = b.bytes;
  const size_t S = (size_t)L.grid * L.tpb / 32 * ilp;
  unsigned* d_start = chase_starts(b, S);
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
  char param[256];
  snprintf(param, sizeof param, "footprint=%zu;bytes=%u;form=%s;warm=%d;prep=%s%s", b.bytes,
           b.wpn * 8, b.idx ? "idx" : "ptr", warm, prep == PREP_FLUSH ? "flush" : prep == PREP_TOUCH ? "touch" : "none",
           smem0 ? ";smem=0;carveout=0" : "");
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

void group_chase(Ctx& c) {
  for (bool idx : {false, true})
  for (unsigned wpn : {16u, 32u}) {
    for (const Level& lv : kLevels) {
      if (c.quick && lv.footprint == (24u << 20)) continue;
      ChaseBuf b = chase_build(c, lv.footprint, wpn, 0x5eed1000ull + wpn + lv.footprint, idx);
      const int warm = lv.prep == PREP_NONE ? (int)b.nodes : 0;
      for (int ilp : {1, 4})
        for (int W : c.wlist) run_chase(c, "chase", lv.name, b, ilp, W, lv.steps, warm, lv.prep);
      chase_free(b);
    }
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
          run_chase(c, "multiload", lv.name, b, k, W, lv.steps, 0, lv.prep);
        }
      chase_free(b);
    }
  }
}
