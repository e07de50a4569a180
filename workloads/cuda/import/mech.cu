// mech.cu -- one microbenchmark per timing mechanism of issue #18 (groups mech_div,
// mech_bar, mech_ldc, mech_l2bw; run only when named: run_import.sh mech_div,...).
// Each isolates one construct in a loop of plain CUDA; the model's parameter comes from
// these rows, and the older groups (branch, ifelse, barrier, chase) stay the validation.
//
// mech_div   div_if<M>:     loop { x = fma(x); if (lane < K) { M dependent FFMAs } }
//            div_ifelse<M>: loop { if (lane < K) { M FFMAs (a1,b1) } else { M FFMAs (a2,b2) } }
//            M in {12, 32}; K in {0, 1, 16, 32}: nobody / one lane / half / all take the THEN path.
//            The cost of divergence is the K=1,16 row minus the K=32 (or K=0) row.
// mech_bar   bar_pure:  loop { __syncthreads(); }                   (one block of W warps)
//            bar_skew:  loop { warp 0: n dependent FFMAs; __syncthreads(); }
// mech_ldc   ldc_loop<N>: loop { N x (x = fma(x, ctab[idx_j], b)) }, idx uniform per warp
//            (dmask 0) or 2 / 32 distinct words per warp (dmask 1 / 31): LDC from the
//            constant cache with a register address, N per iteration.
// mech_l2bw  stream_ld<U>: loop { U independent 16-B-per-lane loads (512 B per warp load) }
//            over an L2-resident (8 MiB, touched) or DRAM (1 GiB, flushed) footprint, from
//            every SM at once: the bytes an SM gets per cycle at saturation.
#include <algorithm>
#include <cstring>
#include <initializer_list>
#include <set>

#include "imp.h"

// The lanes' offsets table of the gather and store groups: 64 ints on the device, lane l's off(l)
// for l < 32, 0 after.
template <typename F>
static void upload_lane_offs(int* d_offs, F off) {
  std::vector<int> h(64, 0);
  for (int l = 0; l < 32; ++l) h[l] = off(l);
  CK(cudaMemcpy(d_offs, h.data(), 64 * sizeof(int), cudaMemcpyHostToDevice));
}

// Where a table lies past a 2 MB boundary (the L1's tag banks hash the address, round 20): the
// log line `table: GROUP at OFFSET B past 2 MB` lets a replay place the table where it was.
static void log_table(const char* group, const void* p) {
  fprintf(stderr, "table: %s at %lu B past 2 MB\n", group, (unsigned long)((uintptr_t)p & ((1ul << 21) - 1)));
}

template <int M>
__global__ void div_if(float* out, int n, int K, float a, float b, float a2, float b2,
                       BlockRec* rec) {
  const int lane = threadIdx.x & 31;
  float x = lane * 1e-3f;
  imp_begin(rec);
#pragma unroll 1
  for (int i = 0; i < n; ++i) {
    x = fmaf(x, a, b);
    if (lane < K) {
#pragma unroll
      for (int j = 0; j < M; ++j) x = fmaf(x, a2, b2);
    }
  }
  out[imp_gtid()] = x;
  imp_end(rec);
}

template <int M>
__global__ void div_ifelse(float* out, int n, int K, float a1, float b1, float a2, float b2,
                           BlockRec* rec) {
  const int lane = threadIdx.x & 31;
  float x = lane * 1e-3f;
  imp_begin(rec);
#pragma unroll 1
  for (int i = 0; i < n; ++i) {
    if (lane < K) {
#pragma unroll
      for (int j = 0; j < M; ++j) x = fmaf(x, a1, b1);
    } else {
#pragma unroll
      for (int j = 0; j < M; ++j) x = fmaf(x, a2, b2);
    }
  }
  out[imp_gtid()] = x;
  imp_end(rec);
}

__global__ void bar_pure(float* out, int iters, BlockRec* rec) {
  imp_begin(rec);
  for (int it = 0; it < iters; ++it) __syncthreads();
  out[imp_gtid()] = 0.f;
  imp_end(rec);
}

__global__ void bar_skew(float* out, int skewn, int iters, float a, float b, BlockRec* rec) {
  float x = threadIdx.x * 1e-3f;
  const int n = threadIdx.x < 32 ? skewn : 0;
  imp_begin(rec);
  for (int it = 0; it < iters; ++it) {
#pragma unroll 1
    for (int j = 0; j < n; ++j) x = fmaf(x, a, b);
    __syncthreads();
  }
  out[imp_gtid()] = x;
  imp_end(rec);
}

__constant__ float ctab[256];

template <int N>
__global__ void ldc_loop(float* out, int dmask, int iters, float b, BlockRec* rec) {
  const int lane = threadIdx.x & 31;
  const int base = (threadIdx.x >> 5) * 4 + (lane & dmask) * 8;
  float x = lane * 1e-3f;
  imp_begin(rec);
  for (int i = 0; i < iters; ++i) {
#pragma unroll
    for (int j = 0; j < N; ++j) x = fmaf(x, ctab[(base + i * N + j) & 255], b);
  }
  out[imp_gtid()] = x;
  imp_end(rec);
}

template <int U>
__global__ void stream_ld(const uint4* buf, unsigned long long nmask, int iters, float* out,
                          BlockRec* rec) {
  const unsigned lane = threadIdx.x & 31;
  const unsigned long long nw = (unsigned long long)gridDim.x * (blockDim.x >> 5);
  const unsigned long long gw = (unsigned long long)blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
  unsigned acc = 0;
  imp_begin(rec);
  for (int i = 0; i < iters; ++i) {
#pragma unroll
    for (int u = 0; u < U; ++u) {
      const unsigned long long e = (((unsigned long long)(i * U + u) * nw + gw) * 32 + lane) & nmask;
      const uint4 v = buf[e];
      acc += v.x ^ v.y ^ v.z ^ v.w;
    }
  }
  out[imp_gtid()] = (float)acc;
  imp_end(rec);
}

static const int DIV_ITERS = 2048;
static const int BAR_ITERS = 2048;
static const int LDC_ITERS = 1024;

template <int M>
static void run_div(Ctx& c) {
  const std::vector<int> ws = c.quick ? std::vector<int>{1, 16} : std::vector<int>{1, 4, 8, 16, 32};
  float* o = (float*)c.d_out;
  for (int K : {0, 1, 16, 32})
    for (int W : ws) {
      const LaunchCfg L = cfg_W(c.sms, W);
      const std::string p = "k=" + std::to_string(K) + ";m=" + std::to_string(M);
      Meas m = measure(c, div_if<M>, L, o, DIV_ITERS, K, 0.999f, 0.001f, 0.998f, 0.002f, c.d_rec);
      imp_row(c, "mech_div", (const void*)div_if<M>, "if_m" + std::to_string(M), 1, W, L.bps, L.tpb,
              DIV_ITERS, p, m);
      m = measure(c, div_ifelse<M>, L, o, DIV_ITERS, K, 0.999f, 0.001f, 0.998f, 0.002f, c.d_rec);
      imp_row(c, "mech_div", (const void*)div_ifelse<M>, "ifelse_m" + std::to_string(M), 1, W, L.bps,
              L.tpb, DIV_ITERS, p, m);
    }
}

void group_mech_div(Ctx& c) {
  run_div<12>(c);
  run_div<32>(c);
}

void group_mech_bar(Ctx& c) {
  float* o = (float*)c.d_out;
  for (int W : {1, 2, 4, 8, 12, 16, 24, 32}) {
    const LaunchCfg L = cfg_W(c.sms, W);
    Meas m = measure(c, bar_pure, L, o, BAR_ITERS, c.d_rec);
    imp_row(c, "mech_bar", (const void*)bar_pure, "pure", 1, W, L.bps, L.tpb, BAR_ITERS, "skewn=0", m);
    for (int sk : {0, 32, 128}) {
      m = measure(c, bar_skew, L, o, sk, BAR_ITERS / 4, 0.999f, 0.001f, c.d_rec);
      imp_row(c, "mech_bar", (const void*)bar_skew, "skew", 1, W, L.bps, L.tpb, BAR_ITERS / 4,
              "skewn=" + std::to_string(sk), m);
    }
  }
}

// bar_w0<V> (round 30): bar_skew's loop, warp 0 alone running skewn dependent FFMAs a trip and then
// meeting the other 31 at __syncthreads(), arriving last and long after them. On the H200 warp 0 loses
// 66.6 cycles a trip more at 32 warps than alone (3, 13, 28 at 8, 16, 24), the same for 32 and 128
// FFMAs; smsim (fetch_turn 2) 40-42: the rows' release (25), its LDC.64 of a and b queued behind the
// other warps' reloads at the constant port (9: 31.4 with const_cycles_per_addr 0) and the other warps'
// issue after their release (tests/data/h200/mech/barw0/predictions.txt). ptxas reloads iters (LDC c[0x0][0x21c]) at the top of
// every trip and a, b (LDC.64 c[0x0][0x220]) before warp 0's loop: every warp's LDC right after the
// release. V0: as bar_skew. V1: iters, a and b loaded from global memory before the loop (registers:
// no LDC in the loop; an asm mov does not stop ptxas from rematerializing a parameter). Which part of
// the 26 cycles smsim lacks at 32 warps is the constant path's (V1's excess gone) or the release's
// (V1's excess kept).
template <int V>
__global__ void bar_w0(float* out, const float* prm, int skewn, int iters, float a, float b, BlockRec* rec) {
  float x = threadIdx.x * 1e-3f;
  const int n = threadIdx.x < 32 ? skewn : 0;
  if (V == 1) {  // loaded: ptxas cannot reload a global past a barrier, so they stay in registers
    a = prm[0];
    b = prm[1];
    iters = __float_as_int(prm[2]);
  }
  imp_begin(rec);
  for (int it = 0; it < iters; ++it) {
#pragma unroll 1
    for (int j = 0; j < n; ++j) x = fmaf(x, a, b);
    __syncthreads();
  }
  out[imp_gtid()] = x;
  imp_end(rec);
}

template <int V>
static void run_bar_w0(Ctx& c, const float* dprm, int W, int sk, const char* group) {
  const LaunchCfg L = cfg_W(c.sms, W);
  const Meas m = measure(c, bar_w0<V>, L, (float*)c.d_out, dprm, sk, BAR_ITERS / 4, 0.999f, 0.001f, c.d_rec);
  static const char* const name[2] = {"ldc", "reg"};
  imp_row(c, group, (const void*)bar_w0<V>, name[V], 1, W, L.bps, L.tpb, BAR_ITERS / 4,
          "v=" + std::to_string(V) + ";skewn=" + std::to_string(sk), m);
}

// Both variants of bar_w0 at W 1-32 and each skew of `skews`, as `group`'s rows.
static void bar_w0_set(Ctx& c, const char* group, std::initializer_list<int> skews) {
  const int it = BAR_ITERS / 4;
  float hp[3] = {0.999f, 0.001f, 0.f};
  memcpy(&hp[2], &it, sizeof it);
  float* dprm = nullptr;
  CK(cudaMalloc(&dprm, sizeof hp));
  CK(cudaMemcpy(dprm, hp, sizeof hp, cudaMemcpyHostToDevice));
  for (int W : {1, 4, 8, 12, 16, 24, 32})
    for (int sk : skews) {
      run_bar_w0<0>(c, dprm, W, sk, group);
      run_bar_w0<1>(c, dprm, W, sk, group);
    }
  CK(cudaFree(dprm));
}

void group_mech_barw0(Ctx& c) { bar_w0_set(c, "mech_barw0", {32, 128}); }

// mech_barw0s (round 32): bar_w0's kernels with warp 0's skew at 0, 1 and 4 FFMAs, where mech_barw0 had 32 and
// 128: what the release in a loop costs when nobody is late (skewn 0: every warp reloads iters with an LDC of
// c[0x0][0x224] right after each release, V0; nothing, V1), and how long warp 0's LDC.64 of a and b, issued right
// after the release behind the other warps' LDCs, keeps its first FFMA waiting (skewn 1 and 4). mech_barw0 found
// the reloads cost warp 0 42 cycles a trip at 32 warps (14 at 24, 5 at 16; smsim 3.8) and the release itself 24.7
// (smsim 36.6). tests/data/h200/mech/barw0s.
void group_mech_barw0s(Ctx& c) { bar_w0_set(c, "mech_barw0s", {0, 1, 4}); }

template <int N>
static void run_ldc(Ctx& c) {
  const std::vector<int> ws = c.quick ? std::vector<int>{1, 64} : std::vector<int>{1, 4, 8, 16, 32, 64};
  float* o = (float*)c.d_out;
  for (int dm : {0, 1, 31})
    for (int W : ws) {
      const LaunchCfg L = cfg_W(c.sms, W);
      const Meas m = measure(c, ldc_loop<N>, L, o, dm, LDC_ITERS, 0.001f, c.d_rec);
      imp_row(c, "mech_ldc", (const void*)ldc_loop<N>, "n" + std::to_string(N), 1, W, L.bps, L.tpb,
              LDC_ITERS, "n=" + std::to_string(N) + ";dmask=" + std::to_string(dm), m);
    }
}

void group_mech_ldc(Ctx& c) {
  std::vector<float> h(256);
  for (int i = 0; i < 256; ++i) h[i] = 0.5f + 1e-3f * (float)i;
  CK(cudaMemcpyToSymbol(ctab, h.data(), sizeof(float) * 256));
  run_ldc<1>(c);
  run_ldc<4>(c);
}

template <int U>
static void run_stream(Ctx& c, const uint4* buf, size_t bytes, Prep prep, const char* lvl, int iters) {
  const std::vector<int> ws = c.quick ? std::vector<int>{8, 64} : std::vector<int>{4, 8, 16, 32, 48, 64};
  for (int W : ws) {
    LaunchCfg L = cfg_W(c.sms, W, prep);
    L.touch = buf, L.touch_bytes = bytes;
    const Meas m = measure(c, stream_ld<U>, L, buf, (unsigned long long)(bytes / 16 - 1), iters,
                           (float*)c.d_out, c.d_rec);
    imp_row(c, "mech_l2bw", (const void*)stream_ld<U>, std::string(lvl) + "_u" + std::to_string(U), U,
            W, L.bps, L.tpb, iters,
            "footprint=" + std::to_string(bytes) + ";bytes=512;u=" + std::to_string(U) +
                (prep == PREP_FLUSH ? ";prep=flush" : ";prep=touch"),
            m);
  }
}

void group_mech_l2bw(Ctx& c) {
  const size_t l2b = 8ull << 20, drb = 1ull << 30;
  uint4 *l2 = nullptr, *dr = nullptr;
  CK(cudaMalloc(&l2, l2b));
  CK(cudaMalloc(&dr, drb));
  CK(cudaMemset(l2, 0x5a, l2b));
  CK(cudaMemset(dr, 0xa5, drb));
  run_stream<1>(c, l2, l2b, PREP_TOUCH, "l2", 256);
  run_stream<4>(c, l2, l2b, PREP_TOUCH, "l2", 64);
  run_stream<1>(c, dr, drb, PREP_FLUSH, "dram", 128);
  run_stream<4>(c, dr, drb, PREP_FLUSH, "dram", 32);
  CK(cudaFree(l2));
  CK(cudaFree(dr));
}

// ---- round 2 (issue #18): the scheduler's issue order, taken branches and BSSY regions under
// contention, and the constant cache's latency.
//
// mech_order order_probe: 48 steps of 8 independent FFMAs then a clock read (the read feeds the
//            next step through x0 += bits(clock & zero), zero = 0 at run time); lane 0 of every
//            warp of blocks 0-3 stores its 48 stamps (order.csv beside runs.csv): which warp of
//            a scheduler issues when, with warps that could each issue 9 instructions in a row.
// mech_brt   br_taken<N>: loop { x = fma(x); N x if (i == trap + j) { inner loop } } with trap
//            = -100: N uniform forward branches a trip that every lane takes (skipping a body).
// mech_bssy  bssy_uni<N>: loop { x = fma(x); N x if (lane < K + j) { 8 dependent FFMAs } }: N
//            BSSY regions a trip; K = 32 (every lane runs them) or 0 (none does).
// mech_ldclat ldc_chase: j = cnext[j] through a __constant__ cycle, the index not provably
//            uniform (LDC, not ULDC): the constant cache's latency for one warp.

static const int ORD_N = 48;

__global__ void order_probe(float* out, unsigned* stamps, int zero, float a, float b, BlockRec* rec) {
  const int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
  float x0 = lane * 1e-3f, x1 = x0 + 1, x2 = x0 + 2, x3 = x0 + 3, x4 = x0 + 4, x5 = x0 + 5,
        x6 = x0 + 6, x7 = x0 + 7;
  unsigned t[ORD_N];
  imp_begin(rec);
#pragma unroll
  for (int i = 0; i < ORD_N; ++i) {
    x0 = fmaf(x0, a, b), x1 = fmaf(x1, a, b), x2 = fmaf(x2, a, b), x3 = fmaf(x3, a, b);
    x4 = fmaf(x4, a, b), x5 = fmaf(x5, a, b), x6 = fmaf(x6, a, b), x7 = fmaf(x7, a, b);
    unsigned c;
    asm volatile("mov.u32 %0, %%clock;" : "=r"(c)::"memory");
    t[i] = c;
    x0 += __int_as_float(c & (unsigned)zero);
  }
  if (lane == 0 && blockIdx.x < 4) {
#pragma unroll
    for (int i = 0; i < ORD_N; ++i) stamps[((size_t)blockIdx.x * 32 + w) * ORD_N + i] = t[i];
  }
  out[imp_gtid()] = x0 + x1 + x2 + x3 + x4 + x5 + x6 + x7;
  imp_end(rec);
}

template <int N>
__global__ void br_taken(float* out, int n, int trap, float a, float b, BlockRec* rec) {
  float x = (threadIdx.x & 31) * 1e-3f;
  imp_begin(rec);
#pragma unroll 1
  for (int i = 0; i < n; ++i) {
    x = fmaf(x, a, b);
#pragma unroll
    for (int j = 0; j < N; ++j) {
      if (i == trap + j) {
#pragma unroll 1
        for (int k = 0; k < n; ++k) x = fmaf(x, x, b);
      }
    }
  }
  out[imp_gtid()] = x;
  imp_end(rec);
}

template <int N>
__global__ void bssy_uni(float* out, int n, int K, float a, float b, float a2, float b2,
                         BlockRec* rec) {
  const int lane = threadIdx.x & 31;
  float x = lane * 1e-3f;
  imp_begin(rec);
#pragma unroll 1
  for (int i = 0; i < n; ++i) {
    x = fmaf(x, a, b);
#pragma unroll
    for (int j = 0; j < N; ++j) {
      if (lane < K + j) {
#pragma unroll
        for (int m = 0; m < 8; ++m) x = fmaf(x, a2, b2);
      }
    }
  }
  out[imp_gtid()] = x;
  imp_end(rec);
}

__constant__ int cnext[256];

__global__ void ldc_chase(float* out, int iters, int start, int zero, BlockRec* rec) {
  int j = start + (int)(threadIdx.x >> 5) * zero;
  imp_begin(rec);
  for (int i = 0; i < iters; ++i) j = cnext[j];
  out[imp_gtid()] = (float)j;
  imp_end(rec);
}

void group_mech_order(Ctx& c) {
  unsigned* d_st = nullptr;
  const size_t nst = (size_t)4 * 32 * ORD_N;
  CK(cudaMalloc(&d_st, nst * sizeof(unsigned)));
  FILE* f = imp_side_file("order.csv");
  fprintf(f, "# order_probe (workloads/cuda/import/mech.cu): lane 0 of each warp of blocks 0-3, the 32-bit "
             "clock after each of 48 steps of 8 independent FFMAs, from the last of the timed launches\n");
  fprintf(f, "warps_per_sm,block,warp,step,clock\n");
  for (int W : {4, 8, 12, 16}) {  // 48 stamps a thread in registers: at most 64 regs x 1024 threads
    const LaunchCfg L = cfg_W(c.sms, W);
    CK(cudaMemset(d_st, 0, nst * sizeof(unsigned)));
    const Meas m = measure(c, order_probe, L, (float*)c.d_out, d_st, 0, 0.999f, 0.001f, c.d_rec);
    imp_row(c, "mech_order", (const void*)order_probe, "ilp8", 8, W, L.bps, L.tpb, ORD_N, "steps=48", m);
    std::vector<unsigned> h(nst);
    CK(cudaMemcpy(h.data(), d_st, nst * sizeof(unsigned), cudaMemcpyDeviceToHost));
    for (int bl = 0; bl < 4; ++bl)
      for (int w = 0; w < W && w < 32; ++w)
        for (int i = 0; i < ORD_N; ++i)
          fprintf(f, "%d,%d,%d,%d,%u\n", W, bl, w, i, h[((size_t)bl * 32 + w) * ORD_N + i]);
  }
  fclose(f);
  CK(cudaFree(d_st));
}

// A kernel k(out, args..., rec) at each W of Ws, one runs.csv row each (ilp and iters as recorded).
template <typename... KArgs, typename... Args>
static void run_rows(Ctx& c, void (*k)(KArgs...), const char* group, const std::string& variant, int ilp,
                     int iters, const std::string& param, std::initializer_list<int> Ws, Args... args) {
  for (int W : Ws) {
    const LaunchCfg L = cfg_W(c.sms, W);
    const Meas m = measure(c, k, L, (float*)c.d_out, args..., c.d_rec);
    imp_row(c, group, (const void*)k, variant, ilp, W, L.bps, L.tpb, iters, param, m);
  }
}

// A branch kernel at each W of Ws, DIV_ITERS iterations, one runs.csv row each (ILP 1):
// k(out, args..., rec).
template <typename... KArgs, typename... Args>
static void run_branch(Ctx& c, void (*k)(KArgs...), const char* group, const std::string& variant,
                       const std::string& param, std::initializer_list<int> Ws, Args... args) {
  run_rows(c, k, group, variant, 1, DIV_ITERS, param, Ws, args...);
}

template <int N>
static void run_brt(Ctx& c) {
  run_branch(c, br_taken<N>, "mech_brt", "n" + std::to_string(N), "n=" + std::to_string(N) + ";trap=-100",
             {1, 4, 8, 16, 32, 64}, DIV_ITERS, -100, 0.999f, 0.001f);
}

void group_mech_brt(Ctx& c) {
  run_brt<0>(c);
  run_brt<1>(c);
  run_brt<4>(c);
}

template <int N>
static void run_bssy(Ctx& c) {
  for (int K : {0, 32})
    run_branch(c, bssy_uni<N>, "mech_bssy", "n" + std::to_string(N),
               "n=" + std::to_string(N) + ";k=" + std::to_string(K), {1, 4, 8, 16, 32, 64}, DIV_ITERS, K, 0.999f,
               0.001f, 0.998f, 0.002f);
}

void group_mech_bssy(Ctx& c) {
  run_bssy<1>(c);
  run_bssy<4>(c);
}

void group_mech_ldclat(Ctx& c) {
  std::vector<int> h(256);
  for (int i = 0; i < 256; ++i) h[i] = (i * 97 + 13) & 255;  // one cycle of 256 (97 odd)
  CK(cudaMemcpyToSymbol(cnext, h.data(), sizeof(int) * 256));
  for (int W : {1, 4}) {
    const LaunchCfg L = cfg_W(c.sms, W);
    const Meas m = measure(c, ldc_chase, L, (float*)c.d_out, 4096, 0, 0, c.d_rec);
    imp_row(c, "mech_ldclat", (const void*)ldc_chase, "chase", 1, W, L.bps, L.tpb, 4096, "steps=4096", m);
  }
}

// ---- round 5 (issue #18): taken forward branches, back to back or apart.
// br_sep<N>: loop { N x { x = fma(x); if (i == trap + j) { inner loop } } }: the same N uniform
// branches every lane takes as br_taken<N>, with an FFMA between them instead of back to back.
template <int N>
__global__ void br_sep(float* out, int n, int trap, float a, float b, BlockRec* rec) {
  float x = (threadIdx.x & 31) * 1e-3f;
  imp_begin(rec);
#pragma unroll 1
  for (int i = 0; i < n; ++i) {
#pragma unroll
    for (int j = 0; j < N; ++j) {
      x = fmaf(x, a, b);
      if (i == trap + j) {
#pragma unroll 1
        for (int k = 0; k < n; ++k) x = fmaf(x, x, b);
      }
    }
  }
  out[imp_gtid()] = x;
  imp_end(rec);
}

template <int N>
static void run_brsep(Ctx& c) {
  run_branch(c, br_sep<N>, "mech_brsep", "n" + std::to_string(N), "n=" + std::to_string(N) + ";trap=-100",
             {1, 4, 16, 64}, DIV_ITERS, -100, 0.999f, 0.001f);
}

void group_mech_brsep(Ctx& c) {
  run_brsep<1>(c);
  run_brsep<2>(c);
  run_brsep<4>(c);
  run_brsep<8>(c);
}

// ---- round 6 (issue #18): register banks. bank_rot<NP, ILP>: ILP chains, each step
// acc[k] = fmaf(acc[k], a[j], b[j]) with NP (a, b) pairs read from global memory before the
// loop and cycled (j = 0..NP-1), so consecutive FFMAs read different registers and the operand
// reuse cache cannot hide every bank conflict. Which registers ptxas gives a[j], b[j] and the
// chains decides which FFMAs read one bank twice; the committed SASS says which, and smsim's
// rule is checked on these rows (W = 1: latency only; 2, 3, 4 warps per scheduler: the pipe).
template <int NP, int ILP>
__global__ void bank_rot(float* out, const float* ab, int n, BlockRec* rec) {
  float a[NP], b[NP], acc[ILP];
#pragma unroll
  for (int j = 0; j < NP; ++j) a[j] = ab[2 * j], b[j] = ab[2 * j + 1];
#pragma unroll
  for (int k = 0; k < ILP; ++k) acc[k] = threadIdx.x * 1e-3f + k;
  float chk = 0.f;
#pragma unroll
  for (int j = 0; j < NP; ++j) chk += a[j] * b[j];
  if (chk == 12345.f) out[imp_gtid()] = -1.f;  // never true; the loads complete before the start
  imp_begin(rec);
#pragma unroll 1
  for (int i = 0; i < n; ++i) {
#pragma unroll
    for (int j = 0; j < NP; ++j)
#pragma unroll
      for (int k = 0; k < ILP; ++k) acc[k] = fmaf(acc[k], a[j], b[j]);
  }
  float s = 0.f;
#pragma unroll
  for (int k = 0; k < ILP; ++k) s += acc[k];
  out[imp_gtid()] = s;
  imp_end(rec);
}

static const int BANK_FFMA = 8192;  // FFMAs a thread

template <int NP, int ILP>
static void run_bank(Ctx& c, const float* d_ab) {
  const int n = BANK_FFMA / (NP * ILP);
  for (int W : {1, 4, 8, 12, 16, 32}) {
    const LaunchCfg L = cfg_W(c.sms, W);
    const Meas m = measure(c, bank_rot<NP, ILP>, L, (float*)c.d_out, d_ab, n, c.d_rec);
    imp_row(c, "mech_bank", (const void*)bank_rot<NP, ILP>,
            "np" + std::to_string(NP) + "_ilp" + std::to_string(ILP), ILP, W, L.bps, L.tpb, n,
            "np=" + std::to_string(NP) + ";ffma_per_thread=" + std::to_string(BANK_FFMA), m);
  }
}

void group_mech_bank(Ctx& c) {
  float h[32];
  for (int i = 0; i < 32; ++i) h[i] = (i & 1) ? 1e-3f * (float)(i + 1) : 0.999f - 1e-4f * (float)i;
  float* d_ab = nullptr;
  CK(cudaMalloc(&d_ab, sizeof h));
  CK(cudaMemcpy(d_ab, h, sizeof h, cudaMemcpyHostToDevice));
  run_bank<2, 1>(c, d_ab);
  run_bank<4, 1>(c, d_ab);
  run_bank<8, 1>(c, d_ab);
  run_bank<2, 2>(c, d_ab);
  run_bank<4, 2>(c, d_ab);
  run_bank<3, 3>(c, d_ab);
  run_bank<4, 4>(c, d_ab);
  run_bank<8, 4>(c, d_ab);
  CK(cudaFree(d_ab));
}

// ---- round 9 (issue #18): does a loop's length change what a register-bank conflict costs?
// fma_len<U>: one chain x = fmaf(x, a, b), U FFMAs a loop trip, a and b adjacent parameters (ptxas
// loads them with one LDC.64 into an even/odd pair, so `FFMA Rx, Rx, R2, R3` reads the chain and a
// from one bank when x is even, as fma_u<1> and the sweep's ub_fma<1> do). fma_u<1> (16 FFMAs a
// trip) costs the H200 +0.14 cycles an FFMA at 2 warps per scheduler, ub_fma<1> (64 a trip, the
// sweep harness) +0.97: the same instruction. U = 16, 64, 256 in one harness say whether the trip
// length (how often the warps meet a taken branch) or the harness made the difference.
// n trips of U dependent FFMAs on x (fma_len, fma_phase).
template <int U>
__device__ __forceinline__ float fma_trips(float x, float a, float b, int n) {
#pragma unroll 1
  for (int i = 0; i < n; ++i) {
#pragma unroll
    for (int j = 0; j < U; ++j) x = fmaf(x, a, b);
  }
  return x;
}

template <int U>
__global__ void fma_len(float* out, float a, float b, int n, BlockRec* rec) {
  float x = threadIdx.x * 1e-3f;
  imp_begin(rec);
  x = fma_trips<U>(x, a, b, n);
  out[imp_gtid()] = x;
  imp_end(rec);
}

static const int FLEN_FFMA = 8192;  // FFMAs a thread

template <int U>
static void run_flen(Ctx& c) {
  const int n = FLEN_FFMA / U;
  for (int W : {1, 4, 5, 8, 12, 16, 32}) {
    const LaunchCfg L = cfg_W(c.sms, W);
    const Meas m = measure(c, fma_len<U>, L, (float*)c.d_out, 0.999f, 0.001f, n, c.d_rec);
    imp_row(c, "mech_flen", (const void*)fma_len<U>, "u" + std::to_string(U), 1, W, L.bps, L.tpb, n,
            "u=" + std::to_string(U) + ";ffma_per_thread=" + std::to_string(FLEN_FFMA), m);
  }
}

void group_mech_flen(Ctx& c) {
  run_flen<16>(c);
  run_flen<64>(c);
  run_flen<256>(c);
}

// ---- round 9 (issue #18): does the warps' phase choose the register-bank regime? fma_phase<U>:
// fma_len<U>'s chain, but after the start barrier the second warp of each scheduler (warps 4..7 of
// a block of 8: warp w runs on scheduler w % 4) spins on clock() until d cycles have passed before
// its loop, so the two warps of a scheduler start d cycles apart. At W = 8 fma_len splits the SMs
// into a conflict-hidden and a conflict-paid regime (bank/README.md); if the regime follows the
// start offset, the medians over d say how.
template <int U>
__global__ void fma_phase(float* out, float a, float b, int n, int d, BlockRec* rec) {
  float x = threadIdx.x * 1e-3f;
  imp_begin(rec);
  if ((threadIdx.x >> 5) >= 4) {
    const long long t0 = clock64();
    while (clock64() - t0 < d) {
    }
  }
  x = fma_trips<U>(x, a, b, n);
  out[imp_gtid()] = x;
  imp_end(rec);
}

void group_mech_phase(Ctx& c) {
  const int n = FLEN_FFMA / 64;
  const LaunchCfg L = cfg_W(c.sms, 8);
  std::vector<int> ds;  // every d to 16, then wider steps
  for (int d = 0; d <= 16; ++d) ds.push_back(d);
  for (int d : {20, 24, 32, 48, 64}) ds.push_back(d);
  for (int d : ds) {
    const Meas m = measure(c, fma_phase<64>, L, (float*)c.d_out, 0.999f, 0.001f, n, d, c.d_rec);
    imp_row(c, "mech_phase", (const void*)fma_phase<64>, "u64", 1, 8, L.bps, L.tpb, n,
            "u=64;d=" + std::to_string(d) + ";ffma_per_thread=" + std::to_string(FLEN_FFMA), m);
  }
}

// ---- round 11 (issue #18): what a taken branch and a reloaded kernel parameter cost, each alone.
// Predicted before the run (smsim at 5669a89: every taken branch of compiled code sends its target
// 1 + branch_cycles = 10 cycles after it; an LDC of an immediate address returns in 24 cycles, of a
// register address in 28; both derived from mech_brsep and mech_brt, where the two come together).
//
// mech_ldcimm ldc_step<IDX>: 16 LDCs a trip, each followed by a volatile shared store of its value
//            (which waits for it), so a warp's LDCs are one latency apart: c[0x3][imm] (IDX 0) or
//            c[0x3][R + imm] with R = a run-time zero (IDX 1). Predicted: IDX 1 is 4 cycles a
//            step slower than IDX 0 (const_index_cycles), and smsim within 2% of both.
// mech_brreg br_reg<N>:  br_sep<N> with n and trap read from global memory before the loop, so no
//            LDC heads the trip (ptxas reloads kernel parameters, never loaded values): the
//            branches alone. Predicted: smsim within 1% at one warp; 5 cycles a branch fast without
//            the redirect.
// mech_bralign br_align<P>: br_taken<0>'s one-FFMA loop (UIADD3, FFMA, ISETP, BRA) after P volatile
//            shared stores, which move its head by 16 B each: every position of a 4-instruction loop
//            in a 128-byte line. Predicted (tl_f1 took 31 cycles a trip where br_taken<0> takes 29,
//            the same 4 instructions with the head one instruction before a line's end): after a
//            taken branch the next 128-byte line comes 3 cycles after the target's, so a trip is 29
//            + max(0, 3 - s) cycles, s = the stall counts from the head to the first instruction of
//            the next line: 31 with the head the line's last instruction (s = 1), else 29.
__constant__ unsigned cvals[64];

// One LDC (c[0x3][4 J], or c[0x3][base + 4 J]) and the shared store that waits for it; J < 16.
template <int IDX, int J>
__device__ __forceinline__ void ldc_steps(unsigned base, volatile unsigned* sk, unsigned& acc) {
  unsigned v;
  if (IDX)
    asm volatile("ld.const.u32 %0, [%1+%2];" : "=r"(v) : "r"(base), "n"(4 * J));
  else
    asm volatile("ld.const.u32 %0, [cvals+%1];" : "=r"(v) : "n"(4 * J));
  *sk = v;
  acc += v;
  if constexpr (J + 1 < 16) ldc_steps<IDX, J + 1>(base, sk, acc);
}

template <int IDX>
__global__ void ldc_step(float* out, int n, int zero, BlockRec* rec) {
  __shared__ volatile unsigned sk[32];
  unsigned base;
  asm("mov.u32 %0, cvals;" : "=r"(base));
  base += (unsigned)zero * (threadIdx.x >> 5) * 4u;
  unsigned acc = 0;
  imp_begin(rec);
#pragma unroll 1
  for (int i = 0; i < n; ++i) ldc_steps<IDX, 0>(base, &sk[threadIdx.x & 31u], acc);
  out[imp_gtid()] = (float)acc;
  imp_end(rec);
}

template <int IDX>
static void run_ldcimm(Ctx& c) {
  const int trips = DIV_ITERS / 16;
  for (int W : {1, 4}) {
    const LaunchCfg L = cfg_W(c.sms, W);
    const Meas m = measure(c, ldc_step<IDX>, L, (float*)c.d_out, trips, 0, c.d_rec);
    imp_row(c, "mech_ldcimm", (const void*)ldc_step<IDX>, IDX ? "reg" : "imm", 1, W, L.bps, L.tpb, trips,
            std::string("addr=") + (IDX ? "reg" : "imm") + ";ldc_per_trip=16", m);
  }
}

void group_mech_ldcimm(Ctx& c) {
  std::vector<unsigned> h(64);
  for (int i = 0; i < 64; ++i) h[i] = (unsigned)i;
  CK(cudaMemcpyToSymbol(cvals, h.data(), sizeof(unsigned) * 64));
  run_ldcimm<0>(c);
  run_ldcimm<1>(c);
}

template <int N>
__global__ void br_reg(float* out, const int* prm, float a, float b, BlockRec* rec) {
  const int n = prm[0], trap = prm[1];
  float x = (threadIdx.x & 31) * 1e-3f;
  imp_begin(rec);
#pragma unroll 1
  for (int i = 0; i < n; ++i) {
#pragma unroll
    for (int j = 0; j < N; ++j) {
      x = fmaf(x, a, b);
      if (i == trap + j) {
#pragma unroll 1
        for (int k = 0; k < n; ++k) x = fmaf(x, x, b);
      }
    }
  }
  out[imp_gtid()] = x;
  imp_end(rec);
}

// The n and trap the round-11 branch kernels read from global memory (so that ptxas keeps them
// in registers instead of reloading them with LDC): DIV_ITERS trips, and trap = -100, so that no
// skipped body ever runs. Freed by the caller.
static int* br_params() {
  int* d_prm = nullptr;
  const int h[2] = {DIV_ITERS, -100};
  CK(cudaMalloc(&d_prm, sizeof h));
  CK(cudaMemcpy(d_prm, h, sizeof h, cudaMemcpyHostToDevice));
  return d_prm;
}

template <int N>
static void run_brreg(Ctx& c, const int* d_prm, std::initializer_list<int> Ws) {
  run_branch(c, br_reg<N>, "mech_brreg", "n" + std::to_string(N), "n=" + std::to_string(N) + ";trap=-100", Ws,
             d_prm, 0.999f, 0.001f);
}

void group_mech_brreg(Ctx& c) {
  int* d_prm = br_params();
  run_brreg<1>(c, d_prm, {1, 4, 16, 64});
  run_brreg<2>(c, d_prm, {1, 4, 16, 64});
  run_brreg<4>(c, d_prm, {1, 4, 16, 64});
  run_brreg<8>(c, d_prm, {1, 4, 16, 64});
  CK(cudaFree(d_prm));
}

template <int P>
__global__ void br_align(float* out, int n, float a, float b, BlockRec* rec) {
  __shared__ unsigned pad[32];
  float x = (threadIdx.x & 31) * 1e-3f;
#pragma unroll
  for (int k = 0; k < P; ++k)
    asm volatile("st.volatile.shared.u32 [%0], %1;" ::"r"((unsigned)__cvta_generic_to_shared(&pad[threadIdx.x & 31])),
                 "r"(k));
  imp_begin(rec);
#pragma unroll 1
  for (int i = 0; i < n; ++i) x = fmaf(x, a, b);
  out[imp_gtid()] = x;
  imp_end(rec);
}

template <int P>
static void run_bralign(Ctx& c) {
  run_branch(c, br_align<P>, "mech_bralign", "p" + std::to_string(P), "p=" + std::to_string(P), {1, 16, 32, 64},
             DIV_ITERS, 0.999f, 0.001f);
}

void group_mech_bralign(Ctx& c) {
  run_bralign<0>(c);
  run_bralign<1>(c);
  run_bralign<2>(c);
  run_bralign<3>(c);
  run_bralign<4>(c);
  run_bralign<5>(c);
  run_bralign<6>(c);
  run_bralign<7>(c);
}

// mech_brfar br_far<N>: br_reg<N> with every skipped body 64 unrolled FFMAs (1 KB of code) instead
//            of an inner loop, so each taken branch lands 1 KB ahead, in a line no sequential fetch
//            brought, and FFMAs with immediates (no LDC in the trip). Measured at 1-64 warps beside
//            br_reg<N> (targets 0x60-0x70 ahead): does what a taken branch costs a busy scheduler
//            depend on how far it goes? (round 11: br_reg and br_align at 16-64 warps, smsim 7-20%
//            fast.)
template <int N>
__global__ void br_far(float* out, const int* prm, BlockRec* rec) {
  const int n = prm[0], trap = prm[1];
  float x = (threadIdx.x & 31) * 1e-3f, y = x + 1.f;
  imp_begin(rec);
#pragma unroll 1
  for (int i = 0; i < n; ++i) {
#pragma unroll
    for (int j = 0; j < N; ++j) {
      x = fmaf(x, 0.999f, 0.001f);
      if (i == trap + j) {
#pragma unroll
        for (int k = 0; k < 64; ++k) y = fmaf(y, 1.0001f, (float)k);
      }
    }
  }
  out[imp_gtid()] = x + y;
  imp_end(rec);
}

template <int N>
static void run_brfar(Ctx& c, const int* d_prm) {
  run_branch(c, br_far<N>, "mech_brfar", "n" + std::to_string(N), "n=" + std::to_string(N) + ";trap=-100",
             {1, 4, 8, 16, 32, 64}, d_prm);
}

void group_mech_brfar(Ctx& c) {
  int* d_prm = br_params();
  run_brfar<1>(c, d_prm);
  run_brfar<2>(c, d_prm);
  run_brfar<4>(c, d_prm);
  run_brfar<8>(c, d_prm);
  for (int W : {8, 32}) {  // br_reg at the two warp counts its round-11 rows lack
    run_brreg<4>(c, d_prm, {W});
    run_brreg<8>(c, d_prm, {W});
  }
  CK(cudaFree(d_prm));
}

// mech_brrate br_rate<N, G> (round 11, third run; evidence for the next rule, not a manifest yet):
//            N taken forward branches a trip, each after G independent FFMAs (G accumulators, so
//            the FFMAs do not wait on each other), n and trap in registers, at 1-64 warps: how many
//            redirects a scheduler serves a cycle, and whether issue work between them hides them.
template <int N, int G>
__global__ void br_rate(float* out, const int* prm, BlockRec* rec) {
  const int n = prm[0], trap = prm[1];
  float x[G > 0 ? G : 1];
#pragma unroll
  for (int g = 0; g < (G > 0 ? G : 1); ++g) x[g] = (threadIdx.x & 31) * 1e-3f + g;
  float y = 1.f;
  imp_begin(rec);
#pragma unroll 1
  for (int i = 0; i < n; ++i) {
#pragma unroll
    for (int j = 0; j < N; ++j) {
#pragma unroll
      for (int g = 0; g < G; ++g) x[g] = fmaf(x[g], 0.999f, 0.001f);
      if (i == trap + j) {
#pragma unroll 1
        for (int k = 0; k < n; ++k) y = fmaf(y, y, 0.5f);
      }
    }
  }
  float s = y;
#pragma unroll
  for (int g = 0; g < (G > 0 ? G : 1); ++g) s += x[g];
  out[imp_gtid()] = s;
  imp_end(rec);
}

template <int N, int G>
static void run_brrate(Ctx& c, const int* d_prm) {
  run_branch(c, br_rate<N, G>, "mech_brrate", "n" + std::to_string(N) + "_g" + std::to_string(G),
             "n=" + std::to_string(N) + ";g=" + std::to_string(G) + ";trap=-100", {1, 4, 8, 16, 32, 64}, d_prm);
}

void group_mech_brrate(Ctx& c) {
  int* d_prm = br_params();
  run_brrate<8, 0>(c, d_prm);
  run_brrate<8, 1>(c, d_prm);
  run_brrate<8, 2>(c, d_prm);
  run_brrate<8, 4>(c, d_prm);
  run_brrate<8, 8>(c, d_prm);
  run_brrate<1, 8>(c, d_prm);
  run_brrate<2, 4>(c, d_prm);
  CK(cudaFree(d_prm));
}

// mech_brown br_own<N, C> (round 11, fourth run; evidence for the next rule): br_rate<N, 0>'s
//            loop in C copies, each with its own FFMA constant (so no two are the same code), and
//            the warps of one scheduler (warp w runs on scheduler w % 4) spread over the copies by
//            (w / 4) % C: with C = 4, the 4 warps a scheduler has at 16 warps per SM run 4
//            different loops, whose branch targets share no line. Beside br_rate<8, 0> (C = 1):
//            do a scheduler's redirects cost less when its warps jump to the same lines?
template <int N, int K>
__device__ __forceinline__ float own_loop(float x, float y, int n, int trap) {
#pragma unroll 1
  for (int i = 0; i < n; ++i) {
#pragma unroll
    for (int j = 0; j < N; ++j) {
      if (i == trap + j) {
#pragma unroll 1
        for (int k = 0; k < n; ++k) y = fmaf(y, y, 0.5f + K * 0.125f);
      }
    }
    x = fmaf(x, 0.999f, 0.001f * (K + 1));
  }
  return x + y;
}

template <int N, int C>
__global__ void br_own(float* out, const int* prm, BlockRec* rec) {
  const int n = prm[0], trap = prm[1];
  const int copy = (int)((threadIdx.x >> 5) >> 2) % C;
  float x = (threadIdx.x & 31) * 1e-3f, r;
  imp_begin(rec);
  switch (copy) {
    case 0: r = own_loop<N, 0>(x, 1.f, n, trap); break;
    case 1: r = own_loop<N, 1>(x, 1.f, n, trap); break;
    case 2: r = own_loop<N, 2>(x, 1.f, n, trap); break;
    default: r = own_loop<N, 3>(x, 1.f, n, trap); break;
  }
  out[imp_gtid()] = r;
  imp_end(rec);
}

template <int N, int C>
static void run_brown(Ctx& c, const int* d_prm) {
  run_branch(c, br_own<N, C>, "mech_brown", "n" + std::to_string(N) + "_c" + std::to_string(C),
             "n=" + std::to_string(N) + ";c=" + std::to_string(C) + ";trap=-100", {1, 4, 8, 16, 32, 64}, d_prm);
}

void group_mech_brown(Ctx& c) {
  int* d_prm = br_params();
  run_brown<8, 1>(c, d_prm);
  run_brown<8, 2>(c, d_prm);
  run_brown<8, 4>(c, d_prm);
  CK(cudaFree(d_prm));
}

// ---- round 14 (issue #18): what a block costs to start and to end, with more blocks than fit.
//
// mech_cta cta_work<N, V>: thread 0 stamps clock64 at entry (before imp_begin's barrier), then
//          N dependent FFMAs a thread, then V float4 stores a thread (16 V bytes, fresh DRAM
//          lines: the block's stores still in flight when it ends), imp_end. Launched with
//          dynamic shared memory for R = 1 or 2 resident blocks an SM and B blocks an SM in
//          all (a grid of 132 B), so each SM runs B / R waves: the cycles from one block's end
//          (c1, after its end barrier) to the next block's entry on the same SM are the CTA
//          turnaround smsim's cta_launch_cycles stands for (entry stamps: cta.csv beside
//          runs.csv, with IMP_BLOCKS for c0/c1).
template <int N, int V>
__global__ void cta_work(float4* out, u64* ent, float a, float b, int zero, BlockRec* rec) {
  if (threadIdx.x == 0) ent[blockIdx.x] = imp_clock();
  float x = threadIdx.x * 1e-3f;
  imp_begin(rec);
#pragma unroll
  for (int i = 0; i < N; ++i) x = fmaf(x, a, b);
#pragma unroll
  for (int v = 0; v < V; ++v)
    out[((size_t)blockIdx.x * V + v) * blockDim.x + threadIdx.x] = make_float4(x, x + v, x, x);
  if (V == 0 && zero) out[imp_gtid()] = make_float4(x, x, x, x);  // zero = 0 at run time
  imp_end(rec);
}

// The last launch's entry stamps (d_ent) and block records, one row a block into f:
// var, tpb, res, blocks_per_sm, block, n, SM, entry, c0, c1 (cta.csv's and barlife.csv's schema).
static void block_stamp_rows(Ctx& c, FILE* f, const std::string& var, int tpb, int R, int B, int n, int grid,
                             const u64* d_ent) {
  std::vector<u64> e(grid);
  std::vector<BlockRec> h(grid);
  CK(cudaMemcpy(e.data(), d_ent, grid * sizeof(u64), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(h.data(), c.d_rec, grid * sizeof(BlockRec), cudaMemcpyDeviceToHost));
  for (int bl = 0; bl < grid; ++bl)
    fprintf(f, "%s,%d,%d,%d,%d,%d,%u,%llu,%llu,%llu\n", var.c_str(), tpb, R, B, bl, n, h[bl].smid,
            (unsigned long long)e[bl], (unsigned long long)h[bl].c0, (unsigned long long)h[bl].c1);
}

template <int N, int V>
static void run_cta(Ctx& c, FILE* f, float4* d_out, u64* d_ent, int tpb, int R, int B) {
  LaunchCfg L;
  L.grid = c.sms * B, L.tpb = tpb, L.smem = R == 1 ? SMEM_1BPS : SMEM_2BPS, L.bps = 0;
  const int W = R * tpb / 32;
  const Meas m = measure(c, cta_work<N, V>, L, d_out, d_ent, 0.999f, 0.001f, 0, c.d_rec);
  const std::string var = "n" + std::to_string(N) + "_v" + std::to_string(V);
  imp_row(c, "mech_cta", (const void*)cta_work<N, V>, var, 1, W, R, tpb, N,
          "v=" + std::to_string(V) + ";res=" + std::to_string(R) + ";blocks=" + std::to_string(B), m);
  block_stamp_rows(c, f, var, tpb, R, B, N, L.grid, d_ent);
}

void group_mech_cta(Ctx& c) {
  const int B = 8;
  float4* d_out = nullptr;
  u64* d_ent = nullptr;
  const size_t nb = (size_t)c.sms * B;
  CK(cudaMalloc(&d_out, nb * 4 * 1024 * sizeof(float4)));  // V <= 4 float4 a thread, 1024 threads
  CK(cudaMalloc(&d_ent, nb * sizeof(u64)));
  FILE* f = imp_side_file("cta.csv");
  fprintf(f, "# cta_work (workloads/cuda/import/mech.cu), the last timed launch: per block its SM, thread 0's "
             "clock64 at entry, after the start barrier (c0) and after the end barrier (c1)\n");
  fprintf(f, "variant,tpb,res,blocks_per_sm,block,n,smid,entry,c0,c1\n");
  for (int tpb : {32, 256, 1024}) {
    run_cta<0, 0>(c, f, d_out, d_ent, tpb, 1, B);
    run_cta<512, 0>(c, f, d_out, d_ent, tpb, 1, B);
    run_cta<0, 4>(c, f, d_out, d_ent, tpb, 1, B);
    run_cta<512, 4>(c, f, d_out, d_ent, tpb, 1, B);
  }
  for (int tpb : {256, 1024}) {  // two blocks resident
    run_cta<0, 0>(c, f, d_out, d_ent, tpb, 2, B);
    run_cta<512, 0>(c, f, d_out, d_ent, tpb, 2, B);
    run_cta<512, 4>(c, f, d_out, d_ent, tpb, 2, B);
  }
  run_cta<512, 0>(c, f, d_out, d_ent, 1024, 1, 1);  // one wave: no turnaround
  run_cta<512, 4>(c, f, d_out, d_ent, 1024, 1, 1);
  // round 14b: the store path's buffer, 4-32 KB a block (V = 1, 2), and stores in one wave
  run_cta<0, 1>(c, f, d_out, d_ent, 1024, 1, B);
  run_cta<0, 2>(c, f, d_out, d_ent, 1024, 1, B);
  run_cta<0, 1>(c, f, d_out, d_ent, 256, 1, B);
  run_cta<0, 4>(c, f, d_out, d_ent, 1024, 1, 1);
  run_cta<0, 4>(c, f, d_out, d_ent, 256, 1, 1);
  fclose(f);
  CK(cudaFree(d_out));
  CK(cudaFree(d_ent));
}

// ---- round 15 (issue #18): mech_barlife bar_life<M>: what an empty block's life (start barrier
// to end barrier, thread 0's c0 to c1) is made of, first wave against later ones. mech_cta's
// cta_work<0, 0> lives 301 cycles at 32 warps from the second wave on (219 in the first; 256
// threads 133 and 109) where smsim gives 136. Between imp_begin's and imp_end's barriers:
// M = 0 nothing; M = 1 cta_work<0, 0>'s `if (zero) store` (a constant load, a compare, a taken
// branch); M = 2 four more barriers; M = 3 sixteen dependent FFMAs; M = 4 the M = 1 test on a
// value in a register (the compare and the taken branch, no constant load in between).
template <int M>
__global__ void bar_life(float4* out, u64* ent, float a, float b, int zero, BlockRec* rec) {
  if (threadIdx.x == 0) ent[blockIdx.x] = imp_clock();
  float x = threadIdx.x * 1e-3f;
  const int z = zero + (int)(threadIdx.x >> 16);  // 0, loaded before the start barrier
  imp_begin(rec);
  if (M == 1 && zero) out[imp_gtid()] = make_float4(x, x, x, x);
  if (M == 2) {
#pragma unroll
    for (int k = 0; k < 4; ++k) __syncthreads();
  }
  if (M == 3) {
#pragma unroll
    for (int i = 0; i < 16; ++i) x = fmaf(x, a, b);
    if (x == 12345.f) out[imp_gtid()] = make_float4(x, x, x, x);
  }
  if (M == 4 && z) out[imp_gtid()] = make_float4(x, x, x, x);
  imp_end(rec);
}

template <int M>
static void run_barlife(Ctx& c, FILE* f, float4* d_out, u64* d_ent, int tpb, int B) {
  LaunchCfg L;
  L.grid = c.sms * B, L.tpb = tpb, L.smem = SMEM_1BPS, L.bps = 0;
  const Meas m = measure(c, bar_life<M>, L, d_out, d_ent, 0.999f, 0.001f, 0, c.d_rec);
  const std::string var = "m" + std::to_string(M);
  imp_row(c, "mech_barlife", (const void*)bar_life<M>, var, 1, tpb / 32, 1, tpb, M,
          "m=" + std::to_string(M) + ";res=1;blocks=" + std::to_string(B), m);
  block_stamp_rows(c, f, var, tpb, 1, B, M, L.grid, d_ent);
}

void group_mech_barlife(Ctx& c) {
  const int B = 8;
  float4* d_out = nullptr;
  u64* d_ent = nullptr;
  const size_t nb = (size_t)c.sms * B;
  CK(cudaMalloc(&d_out, nb * 1024 * sizeof(float4)));
  CK(cudaMalloc(&d_ent, nb * sizeof(u64)));
  FILE* f = imp_side_file("barlife.csv");
  fprintf(f, "# bar_life<M> (workloads/cuda/import/mech.cu), the last timed launch: per block its SM, thread 0's "
             "clock64 at entry, after the start barrier (c0) and after the end barrier (c1)\n");
  fprintf(f, "variant,tpb,res,blocks_per_sm,block,m,smid,entry,c0,c1\n");
  for (int tpb : {32, 256, 512, 1024}) {
    run_barlife<0>(c, f, d_out, d_ent, tpb, B);
    run_barlife<1>(c, f, d_out, d_ent, tpb, B);
    run_barlife<2>(c, f, d_out, d_ent, tpb, B);
    run_barlife<3>(c, f, d_out, d_ent, tpb, B);
    run_barlife<4>(c, f, d_out, d_ent, tpb, B);
  }
  fclose(f);
  CK(cudaFree(d_out));
  CK(cudaFree(d_ent));
}

// mech_barrel bar_rel<S> (round 15): when each warp leaves a barrier. Lane 0 of every warp
// reads the clock after the start barrier (a0), after w x S dependent FFMAs (warp w; a1, its
// arrival at the middle barrier) and after the middle barrier (a2): the start barrier's release,
// right after the block's warps were launched, against a later barrier's, with the warps arriving
// together (S = 0) or S x 4 cycles apart (S = 4, 16).
template <int S>
__global__ void bar_rel(u64* st, float a, float b, BlockRec* rec) {
  const unsigned w = threadIdx.x >> 5, lane = threadIdx.x & 31u;
  float x = threadIdx.x * 1e-3f;
  imp_begin(rec);
  const u64 a0 = imp_clock();
  for (unsigned i = 0; i < w * S; ++i) x = fmaf(x, a, b);
  const u64 a1 = imp_clock() + (x == 12345.f);
  __syncthreads();
  const u64 a2 = imp_clock();
  if (lane == 0) {
    u64* p = st + ((size_t)blockIdx.x * 32 + w) * 3;
    p[0] = a0, p[1] = a1, p[2] = a2;
  }
  imp_end(rec);
}

template <int S>
static void run_barrel(Ctx& c, FILE* f, u64* d_st, int tpb, int B) {
  LaunchCfg L;
  L.grid = c.sms * B, L.tpb = tpb, L.smem = SMEM_1BPS, L.bps = 0;
  CK(cudaMemset(d_st, 0, (size_t)L.grid * 32 * 3 * sizeof(u64)));
  const Meas m = measure(c, bar_rel<S>, L, d_st, 0.999f, 0.001f, c.d_rec);
  imp_row(c, "mech_barrel", (const void*)bar_rel<S>, "s" + std::to_string(S), 1, tpb / 32, 1, tpb, S,
          "s=" + std::to_string(S) + ";res=1;blocks=" + std::to_string(B), m);
  const int nw = tpb / 32;
  std::vector<u64> st((size_t)L.grid * 32 * 3);
  std::vector<BlockRec> h(L.grid);
  CK(cudaMemcpy(st.data(), d_st, st.size() * sizeof(u64), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(h.data(), c.d_rec, L.grid * sizeof(BlockRec), cudaMemcpyDeviceToHost));
  // per block: its SM, c0, then per warp a0 - a0[0], a1 - a0[0], a2 - a0[0]
  for (int bl = 0; bl < L.grid; ++bl) {
    const u64* p = &st[(size_t)bl * 32 * 3];
    fprintf(f, "%d,%d,%d,%u,%llu", S, tpb, bl, h[bl].smid, (unsigned long long)h[bl].c0);
    for (int w = 0; w < nw; ++w)
      fprintf(f, ",%lld,%lld,%lld", (long long)(p[w * 3] - p[0]), (long long)(p[w * 3 + 1] - p[0]),
              (long long)(p[w * 3 + 2] - p[0]));
    fprintf(f, "\n");
  }
}

void group_mech_barrel(Ctx& c) {
  const int B = 8;
  u64* d_st = nullptr;
  CK(cudaMalloc(&d_st, (size_t)c.sms * B * 32 * 3 * sizeof(u64)));
  FILE* f = imp_side_file("barrel.csv");
  fprintf(f, "# bar_rel<S> (workloads/cuda/import/mech.cu), the last timed launch: per block S, tpb, block, SM, "
             "c0, then per warp w: a0 - a0[0], a1 - a0[0], a2 - a0[0] (lane 0's clock after the start barrier, "
             "at the middle barrier, after it)\n");
  for (int tpb : {256, 1024}) {
    run_barrel<0>(c, f, d_st, tpb, B);
    run_barrel<4>(c, f, d_st, tpb, B);
    run_barrel<16>(c, f, d_st, tpb, B);
  }
  fclose(f);
  CK(cudaFree(d_st));
}

// mech_wlaunch warp_entry (round 15): when each warp of a new block starts. Lane 0 of every warp
// reads the clock as its first instruction (e0) and again after the start barrier (e1: its
// arrival there, the clock read is not held by BAR.SYNC.DEFER_BLOCKING: mech_barrel); 8 blocks an
// SM, one or two resident: the launch order and spacing in the first wave and the later ones.
__global__ void warp_entry(u64* st, BlockRec* rec) {
  const u64 e0 = imp_clock();
  const unsigned w = threadIdx.x >> 5, lane = threadIdx.x & 31u;
  imp_begin(rec);
  const u64 e1 = imp_clock();
  if (lane == 0) {
    u64* p = st + ((size_t)blockIdx.x * 32 + w) * 2;
    p[0] = e0, p[1] = e1;
  }
  imp_end(rec);
}

// The last launch's per-warp stamp pairs (d_st: e0, e1 of warp w of block b at (b * 32 + w) * 2)
// and block records, one row a block into f: head (the row's key columns), block, SM, c1, the
// block's earliest e0, then per warp e0 and e1 less that earliest e0.
static void warp_stamp_rows(Ctx& c, FILE* f, const std::string& head, int grid, int nw, const u64* d_st, int K = 2) {
  std::vector<u64> st((size_t)grid * 32 * K);
  std::vector<BlockRec> h(grid);
  CK(cudaMemcpy(st.data(), d_st, st.size() * sizeof(u64), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(h.data(), c.d_rec, grid * sizeof(BlockRec), cudaMemcpyDeviceToHost));
  for (int bl = 0; bl < grid; ++bl) {
    const u64* p = &st[(size_t)bl * 32 * K];
    u64 m0 = p[0];
    for (int w = 1; w < nw; ++w) m0 = std::min(m0, p[w * K]);
    fprintf(f, "%s,%d,%u,%llu,%llu", head.c_str(), bl, h[bl].smid, (unsigned long long)h[bl].c1,
            (unsigned long long)m0);
    for (int w = 0; w < nw; ++w)
      for (int k = 0; k < K; ++k) fprintf(f, ",%lld", (long long)(p[w * K + k] - m0));
    fprintf(f, "\n");
  }
}

static void run_wlaunch(Ctx& c, FILE* f, u64* d_st, int tpb, int R, int B) {
  LaunchCfg L;
  L.grid = c.sms * B, L.tpb = tpb, L.smem = R == 1 ? SMEM_1BPS : SMEM_2BPS, L.bps = 0;
  CK(cudaMemset(d_st, 0, (size_t)L.grid * 32 * 2 * sizeof(u64)));
  const Meas m = measure(c, warp_entry, L, d_st, c.d_rec);
  imp_row(c, "mech_wlaunch", (const void*)warp_entry, "r" + std::to_string(R), 1, R * tpb / 32, R, tpb, 0,
          "res=" + std::to_string(R) + ";blocks=" + std::to_string(B), m);
  warp_stamp_rows(c, f, std::to_string(tpb) + "," + std::to_string(R), L.grid, tpb / 32, d_st);
}

void group_mech_wlaunch(Ctx& c) {
  const int B = 8;
  u64* d_st = nullptr;
  CK(cudaMalloc(&d_st, (size_t)c.sms * B * 32 * 2 * sizeof(u64)));
  FILE* f = imp_side_file("wlaunch.csv");
  fprintf(f, "# warp_entry (workloads/cuda/import/mech.cu), the last timed launch: per block tpb, res, block, SM, "
             "c1, the earliest warp's first clock e0min, then per warp w: e0 - e0min, e1 - e0min (its first "
             "instruction, its arrival at the start barrier)\n");
  for (int tpb : {256, 512, 1024}) run_wlaunch(c, f, d_st, tpb, 1, B);
  for (int tpb : {256, 512, 1024}) run_wlaunch(c, f, d_st, tpb, 2, B);
  fclose(f);
  CK(cudaFree(d_st));
}

// ---- round 14c (issue #18): straight-line code and the SM's clock reads.
//
// mech_fetch straight<N>: a loop of N FFMAs in 8 independent chains, fully unrolled (a trip's
//            body is N x 16 bytes of straight-line code: 1-32 KB), trips times; at 1 warp a
//            scheduler the stall counts set a trip, at 4-8 issue does: what fetching a long
//            body costs beyond them.
// mech_s2ur  clk_u<K>: a loop of K clock reads a trip folded into a value every lane shares
//            (ptxas may read them with S2UR into uniform registers); clk_v<K>: the same folded
//            with the lane's index (CS2R into ordinary registers). Which one ptxas chose is
//            in the SASS; the trips' time at 1-64 warps says how fast the SM serves each.
template <int N>
__global__ void straight(float* out, int trips, float a, float b, BlockRec* rec) {
  float x[8];
#pragma unroll
  for (int j = 0; j < 8; ++j) x[j] = (threadIdx.x & 31) * 1e-3f + j;
  imp_begin(rec);
#pragma unroll 1
  for (int t = 0; t < trips; ++t) {
#pragma unroll
    for (int i = 0; i < N / 8; ++i) {
#pragma unroll
      for (int j = 0; j < 8; ++j) x[j] = fmaf(x[j], a, b);
    }
  }
  float s = 0.f;
#pragma unroll
  for (int j = 0; j < 8; ++j) s += x[j];
  out[imp_gtid()] = s;
  imp_end(rec);
}

template <int K>
__global__ void clk_u(float* out, int trips, BlockRec* rec) {
  unsigned acc = 0;
  imp_begin(rec);
#pragma unroll 1
  for (int t = 0; t < trips; ++t) {
#pragma unroll
    for (int k = 0; k < K; ++k) {
      unsigned c;
      asm volatile("mov.u32 %0, %%clock;" : "=r"(c)::"memory");
      acc = acc * 3u + c;
    }
  }
  out[imp_gtid()] = (float)acc;
  imp_end(rec);
}

template <int K>
__global__ void clk_v(float* out, int trips, BlockRec* rec) {
  unsigned acc = threadIdx.x;
  imp_begin(rec);
#pragma unroll 1
  for (int t = 0; t < trips; ++t) {
#pragma unroll
    for (int k = 0; k < K; ++k) {
      unsigned c;
      asm volatile("mov.u32 %0, %%clock;" : "=r"(c)::"memory");
      acc = acc * 3u + c;
    }
  }
  out[imp_gtid()] = (float)acc;
  imp_end(rec);
}

template <int N>
static void run_straight(Ctx& c, int trips) {
  for (int W : {1, 4, 8, 16, 32}) {
    const LaunchCfg L = cfg_W(c.sms, W);
    const Meas m = measure(c, straight<N>, L, (float*)c.d_out, trips, 0.999f, 0.001f, c.d_rec);
    imp_row(c, "mech_fetch", (const void*)straight<N>, "n" + std::to_string(N), 8, W, L.bps, L.tpb, trips,
            "n=" + std::to_string(N) + ";code_bytes=" + std::to_string(N * 16), m);
  }
}

void group_mech_fetch(Ctx& c) {
  run_straight<64>(c, 256);    // 1 KB a trip
  run_straight<256>(c, 64);    // 4 KB
  run_straight<512>(c, 32);    // 8 KB
  run_straight<1024>(c, 16);   // 16 KB
  run_straight<2048>(c, 8);    // 32 KB
}

template <int K>
static void run_clk(Ctx& c, void (*k)(float*, int, BlockRec*), const char* variant) {
  const int trips = 256;
  for (int W : {1, 4, 8, 16, 32, 64}) {
    const LaunchCfg L = cfg_W(c.sms, W);
    const Meas m = measure(c, k, L, (float*)c.d_out, trips, c.d_rec);
    imp_row(c, "mech_s2ur", (const void*)k, variant, 1, W, L.bps, L.tpb, trips, "k=" + std::to_string(K), m);
  }
}

void group_mech_s2ur(Ctx& c) {
  run_clk<8>(c, clk_u<8>, "u8");
  run_clk<8>(c, clk_v<8>, "v8");
}

// mech_prolog warp_entry_c<N> (round 15): warp_entry with N more constant loads before the start
// barrier (N words of a __constant__ array at a kernel-parameter index: LDC with a register
// address, one address a warp): does the prologue's ~6.6 cycles a warp (mech_wlaunch) grow by the
// constant port's 2 cycles an address a warp?
__constant__ unsigned prolog_c[16];
template <int N>
__global__ void warp_entry_c(u64* st, int base, BlockRec* rec) {
  const u64 e0 = imp_clock();
  const unsigned w = threadIdx.x >> 5, lane = threadIdx.x & 31u;
  unsigned acc = 0;
#pragma unroll
  for (int k = 0; k < N; ++k) acc += prolog_c[(base + k) & 15];
  imp_begin(rec);
  const u64 e1 = imp_clock();
  if (lane == 0) {
    u64* p = st + ((size_t)blockIdx.x * 32 + w) * 2;
    p[0] = e0, p[1] = e1 + (acc == 12345u);
  }
  imp_end(rec);
}

// One launch of a kernel k(st, 0, rec) whose warps stamp their first clock and a second one
// (warp_entry_c<N>, pro_probe<V>): 8 blocks an SM of tpb threads, one resident; its row (variant
// key + n, param key=n) and every warp's stamps into f.
static void run_warp_stamped(Ctx& c, FILE* f, u64* d_st, void (*k)(u64*, int, BlockRec*), const char* group,
                             const std::string& key, int n, int tpb, int B, int res = 1, int K = 2) {
  LaunchCfg L;
  L.grid = c.sms * B, L.tpb = tpb, L.smem = res == 1 ? SMEM_1BPS : SMEM_2BPS, L.bps = 0;
  CK(cudaMemset(d_st, 0, (size_t)L.grid * 32 * K * sizeof(u64)));
  const Meas m = measure(c, k, L, d_st, 0, c.d_rec);
  imp_row(c, group, (const void*)k, key + std::to_string(n), 1, res * tpb / 32, res, tpb, n,
          key + "=" + std::to_string(n) + ";res=" + std::to_string(res) + ";blocks=" + std::to_string(B), m);
  warp_stamp_rows(c, f, std::to_string(n) + "," + std::to_string(tpb) + (res == 1 ? "" : "," + std::to_string(res)),
                  L.grid, tpb / 32, d_st, K);
}

// The stamps' buffer for B blocks an SM (K stamps a warp), and prolog_c's words.
static void stamp_setup(Ctx& c, u64** d_st, int B, int K = 2) {
  CK(cudaMalloc(d_st, (size_t)c.sms * B * 32 * K * sizeof(u64)));
  unsigned h[16];
  for (int i = 0; i < 16; ++i) h[i] = (unsigned)i * 7u;
  CK(cudaMemcpyToSymbol(prolog_c, h, sizeof h));
}

// One launch of run_warp_stamped: kernel, row key and n, threads a block, blocks resident.
struct StampRun {
  void (*k)(u64*, int, BlockRec*);
  const char* key;
  int n, tpb, res;
};

// A group of such launches, in order, 8 blocks an SM each, every warp's stamps into the side file
// `side` after its header line.
static void run_stamp_group(Ctx& c, const char* group, const char* side, const char* header,
                            const std::vector<StampRun>& runs, int K = 2) {
  const int B = 8;
  u64* d_st = nullptr;
  stamp_setup(c, &d_st, B, K);
  FILE* f = imp_side_file(side);
  fputs(header, f);
  for (const StampRun& r : runs) run_warp_stamped(c, f, d_st, r.k, group, r.key, r.n, r.tpb, B, r.res, K);
  fclose(f);
  CK(cudaFree(d_st));
}

void group_mech_prolog(Ctx& c) {
  std::vector<StampRun> runs;
  for (int tpb : {256, 1024})
    for (auto r : {StampRun{warp_entry_c<0>, "c", 0, tpb, 1}, StampRun{warp_entry_c<2>, "c", 2, tpb, 1},
                   StampRun{warp_entry_c<8>, "c", 8, tpb, 1}})
      runs.push_back(r);
  run_stamp_group(c, "mech_prolog", "prolog.csv",
                  "# warp_entry_c<N> (workloads/cuda/import/mech.cu), the last timed launch: per block N, tpb, block, SM, "
                  "c1, e0min, then per warp e0 - e0min, e1 - e0min\n",
                  runs);
}

// mech_probe pro_probe<V> (round 16): what a warp's first instructions cost, each warp alone and
// with a block's 8 or 32 warps starting together (later waves, one block resident). Lane 0 of
// every warp reads the clock first (e0) and again after X (e1), X forced to finish first by a
// branch on its value; the start barrier comes after. V = 0: nothing; 1: one S2R (%tid.x);
// 2: four S2Rs (%tid.x, %tid.y, %laneid, %warpid); 3: one ULDC of a register address (a word of
// a __constant__ array at a kernel-parameter index: every warp the same); 4: one S2R, then an LDC
// at the warp's index (c[0x3][R]: one address a warp). Round 16b (mech_probe2): 5: one S2R and
// three that no lane runs (predicated off); 6: two S2Rs and two LDCs of register addresses,
// independent (one unit or two?); 7: a store of e0 and the clock read into its register (the
// store's read scoreboard). mech_s2r's sreg_v measured no S2R at all
// (ptxas hoisted them out of its loop): this is S2R's first measurement.
__device__ __forceinline__ unsigned probe_sreg(int k) {
  unsigned r;
  if (k == 0) asm volatile("mov.u32 %0, %%tid.x;" : "=r"(r)::"memory");
  else if (k == 1) asm volatile("mov.u32 %0, %%tid.y;" : "=r"(r)::"memory");
  else if (k == 2) asm volatile("mov.u32 %0, %%laneid;" : "=r"(r)::"memory");
  else asm volatile("mov.u32 %0, %%warpid;" : "=r"(r)::"memory");
  return r;
}
template <int V>
__global__ void pro_probe(u64* st, int base, BlockRec* rec) {
  const u64 e0 = imp_clock();
  unsigned x = 0;
  if (V == 1) x = probe_sreg(0);
  if (V == 2) x = probe_sreg(0) + probe_sreg(1) + probe_sreg(2) + probe_sreg(3);
  if (V == 3) x = prolog_c[base & 15];
  if (V == 4) x = prolog_c[(probe_sreg(0) >> 5) & 15];
  if (V == 5) {  // one S2R, three more that no lane runs (ptxas predicates them off, or branches)
    x = probe_sreg(0);
    if (x == 1000000u) x = probe_sreg(1) + probe_sreg(2) + probe_sreg(3);
  }
  if (V == 6) x = probe_sreg(0) + probe_sreg(1) + prolog_c[base & 15] + prolog_c[(base + 5) & 15];
  u64 e1;
  if (V == 7) {  // a store of e0, then the clock into the same register: waits for the store to read it
    u64 r = e0;
    u64* q = st + ((size_t)blockIdx.x * 32 + (threadIdx.x >> 5)) * 2 + 1;
    asm volatile("st.global.u64 [%1], %0;\n\tmov.u64 %0, %%clock64;" : "+l"(r) : "l"(q) : "memory");
    e1 = r;
  } else {
    if (V != 0 && x == 0x7fffffffu) asm volatile("trap;");
    e1 = imp_clock();
  }
  imp_begin(rec);
  const unsigned t = threadIdx.x;
  if ((t & 31u) == 0) {
    u64* p = st + ((size_t)blockIdx.x * 32 + (t >> 5)) * 2;
    p[0] = e0, p[1] = e1;
  }
  imp_end(rec);
}

void group_mech_probe2(Ctx& c) {
  std::vector<StampRun> runs;
  for (int tpb : {32, 256, 1024})
    for (auto r : {StampRun{pro_probe<5>, "v", 5, tpb, 1}, StampRun{pro_probe<6>, "v", 6, tpb, 1},
                   StampRun{pro_probe<7>, "v", 7, tpb, 1}})
      runs.push_back(r);
  run_stamp_group(c, "mech_probe", "probe2.csv",
                  "# pro_probe<V> V = 5-7 (workloads/cuda/import/mech.cu), the last timed launch: per block V, tpb, block, "
                  "SM, c1, e0min, then per warp e0 - e0min, e1 - e0min\n",
                  runs);
}

// mech_probe3 (round 16c): where the second half of a 32-warp block's S2Rs go (V2's warps 16-31
// served late): V2 at 16, 24 and 32 warps a block, and 16 and 32 with two blocks resident; V0 with
// two blocks of 32 warps (a block starting beside a running one).
void group_mech_probe3(Ctx& c) {
  std::vector<StampRun> runs;
  for (int tpb : {512, 768, 1024}) runs.push_back({pro_probe<2>, "v", 2, tpb, 1});
  for (int tpb : {512, 1024}) runs.push_back({pro_probe<2>, "v", 2, tpb, 2});
  runs.push_back({pro_probe<0>, "v", 0, 1024, 2});
  runs.push_back({pro_probe<1>, "v", 1, 1024, 2});
  run_stamp_group(c, "mech_probe", "probe3.csv",
                  "# pro_probe<V> (workloads/cuda/import/mech.cu), the last timed launch: per block V, tpb[, res when 2], "
                  "block, SM, c1, e0min, then per warp e0 - e0min, e1 - e0min\n",
                  runs);
}

// The round-26 block-start kernels' record: the harness's start barrier and record, lane 0 of every
// warp storing its three stamps at its slots of st (three a warp), the end barrier and record.
__device__ __forceinline__ void t0_stamps3(u64* st, BlockRec* rec, u64 e0, u64 e1, u64 e2) {
  imp_begin(rec);
  if ((threadIdx.x & 31u) == 0) {
    u64* p = st + ((size_t)blockIdx.x * 32 + (threadIdx.x >> 5)) * 3;
    p[0] = e0, p[1] = e1, p[2] = e2;
  }
  imp_end(rec);
}

// mech_t0off (round 26): what thread 0's code costs the block's other warps, which run it with
// every lane off (`if (threadIdx.x == 0) {...}` compiled as @!P instructions, as imp_begin's record
// after the start barrier). mech_bphase's and mech_wlaunch's warps leave that code 3.6 cycles a
// warp apart at 32 warps where smsim's are 2.9 apart; mech_stb showed its predicated-off stores
// cost the SM at most ~0.7 cycles each, and mech_probe2 that off S2Rs keep their latency but take
// less of the S2R unit. t0_off<V, B>: lane 0 of every warp stamps e0 (entry), e1 (its S2R
// SR_TID.X returned) and e2 after X, thread 0's store of e1 (ptxas predicates the region: the
// others issue it off in every lane, each instruction waiting for its operands' scoreboards all
// the same): V 1: at rec[%ctaid.x] (S2R, LDC of the pointer, IMAD.WIDE, STG), 2: at rec[base] (no
// S2R), 3: imp_begin's record (two stores); 0: none; B = 1: a barrier before X (the warps leave
// it in rows, as after imp_begin's). (ptxas hoists a lone %ctaid.x or __constant__ read out of
// such a guard, unpredicated: only a store keeps it there.)
template <int V, int B>
__global__ void t0_off(u64* st, int base, BlockRec* rec) {
  const u64 e0 = imp_clock();
  const unsigned t = threadIdx.x;
  if (t == 0x7fffffffu) asm volatile("trap;");
  const u64 e1 = imp_clock();
  if (B) __syncthreads();
  if (V == 1 && t == 0) rec[blockIdx.x].g1 = e1;  // %ctaid.x (S2R), the pointer (LDC), IMAD.WIDE, STG
  if (V == 2 && t == 0) rec[base].g1 = e1;         // no S2R: the index a parameter (LDC)
  if (V == 3 && t == 0) {                          // imp_begin's record
    const u64 g = imp_gtimer();
    const u64 c = imp_clock();
    rec[blockIdx.x].g0 = g;
    rec[blockIdx.x].c0 = c;
  }
  const u64 e2 = imp_clock();
  t0_stamps3(st, rec, e0, e1, e2);
}

void group_mech_t0off(Ctx& c) {
  std::vector<StampRun> runs;
  for (int tpb : {32, 256, 1024})
    for (auto r : {StampRun{t0_off<0, 0>, "v", 0, tpb, 1}, StampRun{t0_off<1, 0>, "v", 1, tpb, 1},
                   StampRun{t0_off<2, 0>, "v", 2, tpb, 1}, StampRun{t0_off<3, 0>, "v", 3, tpb, 1},
                   StampRun{t0_off<0, 1>, "v", 10, tpb, 1}, StampRun{t0_off<1, 1>, "v", 11, tpb, 1},
                   StampRun{t0_off<2, 1>, "v", 12, tpb, 1}, StampRun{t0_off<3, 1>, "v", 13, tpb, 1}})
      runs.push_back(r);
  run_stamp_group(c, "mech_t0off", "t0off.csv",
                  "# t0_off<V, B> (workloads/cuda/import/mech.cu; v = 10 B + V), the last timed launch: per block v, tpb, "
                  "block, SM, c1, e0min, then per warp e0, e1, e2 less e0min\n",
                  runs, 3);
}

// mech_twoblk (round 31, README "What still misses": two resident blocks): mech_wlaunch's stamps
// at 512 threads, two blocks resident, show the block that starts first slowed too (its start
// barrier 186 cycles after its first warp against 158 alone, then 191 to its end against 139),
// where smsim's shared units serve it as if alone and the later block bears the contention. Which
// unit, or is it the issue? two_blk<V>: lane 0 of every warp stamps e0 (its first instruction),
// e1 (after the start barrier) and e2 (after X, forced to finish first by a branch on its value
// where X has one), X run by every warp after the start barrier, while the other resident block
// may be in its prologue: V 0: nothing; 1: four S2Rs (%tid.y, %laneid, %warpid, %tid.x); 2: four
// LDCs of a register address (a __constant__ word at the warp's index); 3: four 8-byte stores
// from lane 0 to its own stamp slots (overwritten by the stamps); 4: four chains of four
// dependent FFMAs (16 issue slots). One block resident against two: what X costs the first block.
template <int V>
__global__ void two_blk(u64* st, int base, BlockRec* rec) {
  const u64 e0 = imp_clock();
  const unsigned t = threadIdx.x, w = t >> 5;
  imp_begin(rec);
  const u64 e1 = imp_clock();
  unsigned x = 0;
  if (V == 1) x = probe_sreg(1) + probe_sreg(2) + probe_sreg(3) + probe_sreg(0);
  if (V == 2)
    x = prolog_c[(base + w) & 15] + prolog_c[(base + w + 3) & 15] + prolog_c[(base + w + 6) & 15] +
        prolog_c[(base + w + 9) & 15];
  if (V == 3 && (t & 31u) == 0) {
    u64* q = st + ((size_t)blockIdx.x * 32 + w) * 3;
    asm volatile("st.global.u64 [%0], %1;\n\tst.global.u64 [%0+8], %1;\n\tst.global.u64 [%0+16], %1;\n\t"
                 "st.global.u64 [%0], %1;" ::"l"(q), "l"(e1) : "memory");
  }
  if (V == 4) {
    float a0 = (float)t, a1 = a0 + 1.0f, a2 = a0 + 2.0f, a3 = a0 + 3.0f, m = (float)base;
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      asm volatile("fma.rn.f32 %0, %0, %4, %4;\n\tfma.rn.f32 %1, %1, %4, %4;\n\t"
                   "fma.rn.f32 %2, %2, %4, %4;\n\tfma.rn.f32 %3, %3, %4, %4;"
                   : "+f"(a0), "+f"(a1), "+f"(a2), "+f"(a3) : "f"(m));
    }
    x = __float_as_uint(a0 + a1 + a2 + a3);
  }
  if (V != 0 && V != 3 && x == 0x7fffffffu) asm volatile("trap;");
  const u64 e2 = imp_clock();
  if ((t & 31u) == 0) {
    u64* p = st + ((size_t)blockIdx.x * 32 + w) * 3;
    p[0] = e0, p[1] = e1, p[2] = e2;
  }
  imp_end(rec);
}

void group_mech_twoblk(Ctx& c) {
  std::vector<StampRun> runs;
  for (int res : {1, 2})
    for (int tpb : {256, 512})
      for (auto r : {StampRun{two_blk<0>, "v", 0, tpb, res}, StampRun{two_blk<1>, "v", 1, tpb, res},
                     StampRun{two_blk<2>, "v", 2, tpb, res}, StampRun{two_blk<3>, "v", 3, tpb, res},
                     StampRun{two_blk<4>, "v", 4, tpb, res}})
        runs.push_back(r);
  run_stamp_group(c, "mech_twoblk", "twoblk.csv",
                  "# two_blk<V> (workloads/cuda/import/mech.cu), the last timed launch: per block v, tpb[, res when 2], "
                  "block, SM, c1, e0min, then per warp e0, e1, e2 less e0min\n",
                  runs, 3);
}

// mech_twoend (round 32, after mech_twoblk: with two resident blocks the first (A) ends 63 cycles later than
// alone while the second (B) starts, smsim +10; which part of A's end, against which part of B's start?).
// two_end<P, K>: two_blk<0> (stamps e0 first, e1 after the start barrier, e2 after it) with P independent FFMAs
// (four chains) between e0 and the start barrier, issued while the other block ends, and lane 0 of every warp
// storing K more 8-byte words (its stamp slots, overwritten) before its stamps. If A's end slows by B's issue,
// the slowdown grows with P; by the store path, with K; by the launch itself, with neither.
template <int P, int K>
__global__ void two_end(u64* st, int base, BlockRec* rec) {
  const u64 e0 = imp_clock();
  const unsigned t = threadIdx.x, w = t >> 5;
  if (P > 0) {
    float a0 = (float)t, a1 = a0 + 1.0f, a2 = a0 + 2.0f, a3 = a0 + 3.0f, m = (float)base;
#pragma unroll
    for (int k = 0; k < P / 4; ++k)
      asm volatile("fma.rn.f32 %0, %0, %4, %4;\n\tfma.rn.f32 %1, %1, %4, %4;\n\t"
                   "fma.rn.f32 %2, %2, %4, %4;\n\tfma.rn.f32 %3, %3, %4, %4;"
                   : "+f"(a0), "+f"(a1), "+f"(a2), "+f"(a3) : "f"(m));
    if (__float_as_uint(a0 + a1 + a2 + a3) == 0x7fffffffu) asm volatile("trap;");
  }
  imp_begin(rec);
  const u64 e1 = imp_clock();
  const u64 e2 = imp_clock();
  if ((t & 31u) == 0) {
    u64* p = st + ((size_t)blockIdx.x * 32 + w) * 3;
#pragma unroll
    for (int k = 0; k < K; ++k) asm volatile("st.global.u64 [%0], %1;" ::"l"(p + k % 3), "l"(e1) : "memory");
    p[0] = e0, p[1] = e1, p[2] = e2;
  }
  imp_end(rec);
}

void group_mech_twoend(Ctx& c) {
  std::vector<StampRun> runs;
  for (int res : {1, 2})
    for (int tpb : {256, 512})
      for (auto r : {StampRun{two_end<0, 0>, "v", 0, tpb, res}, StampRun{two_end<32, 0>, "v", 1, tpb, res},
                     StampRun{two_end<0, 8>, "v", 2, tpb, res}, StampRun{two_end<32, 8>, "v", 3, tpb, res}})
        runs.push_back(r);
  run_stamp_group(c, "mech_twoend", "twoend.csv",
                  "# two_end<P, K> (workloads/cuda/import/mech.cu; v 0: P 0 K 0, 1: P 32, 2: K 8, 3: P 32 K 8), the last "
                  "timed launch: per block v, tpb[, res when 2], block, SM, c1, e0min, then per warp e0, e1, e2 less e0min\n",
                  runs, 3);
}

// mech_wsync (round 31, after mech_twoblk: with one block, two_blk<1, 2, 4>, whose X ends in a trap
// guard, take 110-180 cycles longer at 16 warps from the last warp's e2 to thread 0's c1 than two_blk<0, 3>;
// the one difference in their SASS there: ptxas joins lane 0's branched store region with WARPSYNC.ALL right
// before the end barrier instead of BSSY/BSYNC). w_sync<T>: two_blk<0>'s code, lane 0 of every warp storing
// e0, e1, e2 behind a branch (the address computed inside), with T = 1 a trap guard before e2 on an FFMA of
// the thread index (the join becomes WARPSYNC.ALL: checked in the listing), T = 2 the same guard with every
// lane storing (no divergence: does WARPSYNC.ALL cost without it?), T = 0 neither (BSSY/BSYNC). 1-32 warps:
// the cost's shape in the warps (SM-wide: ~10 cycles a warp; a scheduler's: in steps of 4 warps). (Any code
// between the region and the barrier, a fourth stamp's store, makes ptxas join with BSSY/BSYNC again.)
template <int T>
__global__ void w_sync(u64* st, int base, BlockRec* rec) {
  const u64 e0 = imp_clock();
  const unsigned t = threadIdx.x, w = t >> 5;
  imp_begin(rec);
  const u64 e1 = imp_clock();
  unsigned x = 0;
  if (T) {
    float a0 = (float)t, m = (float)base;
    asm volatile("fma.rn.f32 %0, %0, %1, %1;" : "+f"(a0) : "f"(m));
    x = __float_as_uint(a0);
  }
  if (T && x == 0x7fffffffu) asm volatile("trap;");
  const u64 e2 = imp_clock();
  if (T == 2 || (t & 31u) == 0) {
    u64* p = st + ((size_t)blockIdx.x * 32 + w) * 3;
    p[0] = e0, p[1] = e1, p[2] = e2;
  }
  imp_end(rec);
}

void group_mech_wsync(Ctx& c) {
  std::vector<StampRun> runs;
  for (int tpb : {32, 64, 128, 256, 512, 1024})
    for (auto r : {StampRun{w_sync<0>, "v", 0, tpb, 1}, StampRun{w_sync<1>, "v", 1, tpb, 1}, StampRun{w_sync<2>, "v", 2, tpb, 1}})
      runs.push_back(r);
  run_stamp_group(c, "mech_wsync", "wsync.csv",
                  "# w_sync<T> (workloads/cuda/import/mech.cu; v = T), the last timed launch: per block v, tpb, "
                  "block, SM, c1, e0min, then per warp e0, e1, e2 less e0min\n",
                  runs, 3);
}

// mech_stread (round 26b, after mech_t0off: with no thread-0 code, the rest of a 32-warp block,
// whose warps' lane 0 stores three words of stamps, takes 522 cycles on the H200 from the last warp's
// stamp to thread 0's end stamp and 363 in smsim, where those stores' registers are read at the store
// unit's 2.26 cycles a store; mech_tail's block ends fit 1.74 a warp + 2.26 a store). When are a
// block's stores' registers read, warp by warp? st_read<K, L>: lane 0 of every warp (L = 1) or every
// lane (L = 32, all on one word) stores K words (its warp's stamp slots, overwritten later), then
// reads the clock into the last store's address register (e2 waits for that store's read); e0, e1
// as t0_off's.
template <int K, int L>
__global__ void st_read(u64* st, int base, BlockRec* rec) {
  const u64 e0 = imp_clock();
  const unsigned t = threadIdx.x;
  if (t == 0x7fffffffu) asm volatile("trap;");
  const u64 e1 = imp_clock();
  u64* p = st + ((size_t)blockIdx.x * 32 + (t >> 5)) * 3;
  u64 e2 = e1;
  if (L == 32 || (t & 31u) == 0) {
#pragma unroll
    for (int k = 0; k < K - 1; ++k) p[k] = e1 + k;
    u64* q = p + (K - 1);
    asm volatile("st.global.u64 [%0], %1;\n\tmov.u64 %0, %%clock64;" : "+l"(q) : "l"(e1 + base) : "memory");
    e2 = (u64)q;
  }
  imp_begin(rec);
  if ((t & 31u) == 0) p[0] = e0, p[1] = e1, p[2] = e2;
  imp_end(rec);
}

void group_mech_stread(Ctx& c) {
  std::vector<StampRun> runs;
  for (int tpb : {32, 256, 1024})
    for (auto r : {StampRun{st_read<1, 1>, "k", 1, tpb, 1}, StampRun{st_read<2, 1>, "k", 2, tpb, 1},
                   StampRun{st_read<3, 1>, "k", 3, tpb, 1}, StampRun{st_read<1, 32>, "k", 321, tpb, 1},
                   StampRun{st_read<2, 32>, "k", 322, tpb, 1}, StampRun{st_read<3, 32>, "k", 323, tpb, 1}})
      runs.push_back(r);
  run_stamp_group(c, "mech_stread", "stread.csv",
                  "# st_read<K, L> (workloads/cuda/import/mech.cu; k = K, or 320 + K for L = 32), the last timed launch: "
                  "per block k, tpb, block, SM, c1, e0min, then per warp e0, e1, e2 less e0min\n",
                  runs, 3);
}

// mech_mioq (round 26c, after mech_stread: 32 warps each reading %ctaid.x (S2R), a constant (LDC)
// and storing a word wait ~256 cycles at the median for the store's read where one warp needs 72 and
// smsim's separate units 151). Do S2R, LDC and a store's register read share one queue for the SM?
// mio_q<V>: lane 0 of every warp stamps e0 (entry), e1 (its S2R SR_TID.X returned) and e2 after X,
// a branch on X's value holding the warp until it arrives; X by V's bits: 1 an S2R of %ctaid.x, 2 an
// LDC of a __constant__ word at the warp's index (a register address, one address a warp), 4 a
// store of e1's low word by every lane to one word (the unused pad of record w: no S2R or LDC in its
// address), the clock read into the stored register (it waits for the store's read) and a branch on it.
template <int V>
__global__ void mio_q(u64* st, int base, BlockRec* rec) {
  const u64 e0 = imp_clock();
  const unsigned t = threadIdx.x;
  if (t == 0x7fffffffu) asm volatile("trap;");
  u64 e1 = imp_clock();
  unsigned y = 0;
  if (V & 1) y += blockIdx.x;
  if (V & 2) y += prolog_c[(t >> 5) & 15];
  if (V & 4) {  // the unused pad word of record (t >> 5) & 31: no S2R or LDC in the address
    unsigned lo = (unsigned)e1;
    unsigned* q = &rec[(t >> 5) & 31].pad;
    asm volatile("st.global.u32 [%1], %0;\n\tmov.u32 %0, %%clock;" : "+r"(lo) : "l"(q) : "memory");
    y += lo == 0x7fffffffu;
  }
  if (y == 0x7fffffffu) asm volatile("trap;");
  const u64 e2 = imp_clock();
  t0_stamps3(st, rec, e0, e1, e2);
}

void group_mech_mioq(Ctx& c) {
  std::vector<StampRun> runs;
  for (int tpb : {32, 1024})
    for (auto r : {StampRun{mio_q<1>, "v", 1, tpb, 1}, StampRun{mio_q<2>, "v", 2, tpb, 1}, StampRun{mio_q<3>, "v", 3, tpb, 1},
                   StampRun{mio_q<4>, "v", 4, tpb, 1}, StampRun{mio_q<5>, "v", 5, tpb, 1}, StampRun{mio_q<6>, "v", 6, tpb, 1},
                   StampRun{mio_q<7>, "v", 7, tpb, 1}})
      runs.push_back(r);
  run_stamp_group(c, "mech_mioq", "mioq.csv",
                  "# mio_q<V> (workloads/cuda/import/mech.cu), the last timed launch: per block v, tpb, block, SM, c1, e0min, "
                  "then per warp e0, e1, e2 less e0min\n",
                  runs, 3);
}

// mech_stline (round 26e, after mech_stread against mech_mioq: a store into each warp's 24-byte
// stamp slot, about five warps a line, waited 256 cycles at the median at 32 warps, one into record
// w's pad word, three warps a line, 168, as smsim gives). Do several warps' stores into one line at
// once queue for it? st_line<G>: every lane of every warp stores one 4-byte word, warp w's word w % G
// of the block's line w / G (G warps a line: 32 lines a block at G = 1, one at G = 32), then reads
// the clock into the store's register (it waits for the store's read) and branches on it; e0, e1
// as t0_off's, e2 after. Every SM its own lines (the block's 4 KB).
template <int G>
__global__ void st_line(u64* st, unsigned* line, BlockRec* rec) {
  const u64 e0 = imp_clock();
  const unsigned t = threadIdx.x, w = t >> 5;
  if (t == 0x7fffffffu) asm volatile("trap;");
  const u64 e1 = imp_clock();
  unsigned v = (unsigned)e1;
  unsigned* q = line + (size_t)blockIdx.x * 1024 + (w / G) * 32 + (w % G);
  asm volatile("st.global.u32 [%1], %0;\n\tmov.u32 %0, %%clock;" : "+r"(v) : "l"(q) : "memory");
  if (v == 0x7fffffffu) asm volatile("trap;");
  const u64 e2 = imp_clock();
  t0_stamps3(st, rec, e0, e1, e2);
}

template <int G>
static void run_stline(Ctx& c, FILE* f, u64* d_st, unsigned* d_line, int tpb, int B) {
  LaunchCfg L;
  L.grid = c.sms * B, L.tpb = tpb, L.smem = SMEM_1BPS, L.bps = 0;
  CK(cudaMemset(d_st, 0, (size_t)L.grid * 32 * 3 * sizeof(u64)));
  const Meas m = measure(c, st_line<G>, L, d_st, d_line, c.d_rec);
  imp_row(c, "mech_stline", (const void*)st_line<G>, "g" + std::to_string(G), 1, tpb / 32, 1, tpb, G,
          "g=" + std::to_string(G) + ";res=1;blocks=" + std::to_string(B), m);
  warp_stamp_rows(c, f, std::to_string(G) + "," + std::to_string(tpb), L.grid, tpb / 32, d_st, 3);
}

void group_mech_stline(Ctx& c) {
  const int B = 8;
  u64* d_st = nullptr;
  unsigned* d_line = nullptr;
  CK(cudaMalloc(&d_st, (size_t)c.sms * B * 32 * 3 * sizeof(u64)));
  CK(cudaMalloc(&d_line, (size_t)c.sms * B * 1024 * sizeof(unsigned)));
  CK(cudaMemset(d_line, 0, (size_t)c.sms * B * 1024 * sizeof(unsigned)));
  FILE* f = imp_side_file("stline.csv");
  fprintf(f, "# st_line<G> (workloads/cuda/import/mech.cu), the last timed launch: per block g, tpb, block, SM, c1, e0min, "
             "then per warp e0, e1, e2 less e0min\n");
  for (int tpb : {32, 1024}) {
    run_stline<1>(c, f, d_st, d_line, tpb, B);
    run_stline<2>(c, f, d_st, d_line, tpb, B);
    run_stline<4>(c, f, d_st, d_line, tpb, B);
    run_stline<8>(c, f, d_st, d_line, tpb, B);
    run_stline<16>(c, f, d_st, d_line, tpb, B);
    run_stline<32>(c, f, d_st, d_line, tpb, B);
  }
  fclose(f);
  CK(cudaFree(d_st));
  CK(cudaFree(d_line));
}

// mech_seg (round 27): where a 32-warp block's last cycles go. With no work of its own (t0_off<0, 0>),
// a 32-warp block takes 522 cycles on the H200 from its last warp's stamp to thread 0's end stamp and
// 363 in smsim; one-warp blocks 62 cycles more in an SM's blocks 1-3 than in 4-7 (t0off.csv v0). The
// segment is the harness's: the start barrier and thread 0's record (imp_begin), each warp's lane-0
// stores of its stamps (under a branch: BSSY/BSYNC), the end barrier and thread 0's end stamp
// (imp_end). seg_t<V> stamps inside it, lane 0 of every warp: e0 entry, e1 its S2R SR_TID.X returned,
// e2 after the start barrier's release (a branch on e1 waits for it), e3 after its lane-0 stores of
// e0, e1, e2 (the clock read into the last store's data register: it waits for the store's read), e4
// after the end barrier's release (a branch on e3); e3 and e4 are stored after the end stamp. V 0: the
// harness's segment; 1: thread 0's record before the start barrier, not after; 2: every lane stores (one word a
// store, no branch around the stores); 3: no stores in the segment (e3 a clock read, the five stamps
// stored after the end stamp).
template <int V>
__global__ void seg_t(u64* st, int base, BlockRec* rec) {
  const u64 e0 = imp_clock();
  const unsigned t = threadIdx.x;
  if (t == 0x7fffffffu) asm volatile("trap;");
  const u64 e1 = imp_clock();
  if (V == 1) {  // thread 0's record before the start barrier (imp_begin's after it)
    if (t == 0) {
      const u64 g = imp_gtimer();
      const u64 c = imp_clock();
      rec[blockIdx.x].g0 = g;
      rec[blockIdx.x].c0 = c;
    }
    __syncthreads();
  } else {
    imp_begin(rec);
  }
  if (e1 == (u64)(long long)base) asm volatile("trap;");  // held until the start barrier's release
  const u64 e2 = imp_clock();
  u64 e3 = e2;
  if (V != 3 && (V == 2 || (t & 31u) == 0)) {  // the address inside, as t0_stamps3's
    u64* p = st + ((size_t)blockIdx.x * 32 + (t >> 5)) * 5;
    p[0] = e0, p[1] = e1;
    u64 q = e2;
    asm volatile("st.global.u64 [%1], %0;\n\tmov.u64 %0, %%clock64;" : "+l"(q) : "l"(p + 2) : "memory");
    e3 = q;
  }
  if (V == 3) e3 = imp_clock();
  imp_end(rec);
  if (e3 == (u64)(long long)base) asm volatile("trap;");  // held until the end barrier's release
  const u64 e4 = imp_clock();
  if ((t & 31u) == 0) {
    u64* p = st + ((size_t)blockIdx.x * 32 + (t >> 5)) * 5;
    if (V == 3) p[0] = e0, p[1] = e1, p[2] = e2;
    p[3] = e3, p[4] = e4;
  }
}

// mech_place (round 27): t0_off<0, 0>'s one-warp blocks end 62 cycles later (thread 0's c1 after the
// block's first clock) in an SM's blocks 1-3 than in its blocks 4-7, block 0 ~70 more again. By the
// block's place in the launch, or by where its stamps and record lie (blocks 0-527's record lines in
// the first 21 KB of rec, their stamps in the first 405 KB of st; 528-1055's after)? The same launch
// with st moved by 528 blocks' stamps (st_off) and the records by 528 records (rec_off); the device
// pointers logged.
static void run_place(Ctx& c, FILE* f, u64* d_st, int st_off, int rec_off) {
  const int B = 8;
  LaunchCfg L;
  L.grid = c.sms * B, L.tpb = 32, L.smem = SMEM_1BPS, L.bps = 0;
  u64* st = d_st + (size_t)st_off * 32 * 3;
  BlockRec* rec0 = c.d_rec;
  c.d_rec += rec_off;
  CK(cudaMemset(st, 0, (size_t)L.grid * 32 * 3 * sizeof(u64)));
  const Meas m = measure(c, t0_off<0, 0>, L, st, 0, c.d_rec);
  const int v = (st_off ? 1 : 0) + (rec_off ? 2 : 0);
  fprintf(stderr, "imp: mech_place p%d st %p rec %p\n", v, (void*)st, (void*)c.d_rec);
  imp_row(c, "mech_place", (const void*)t0_off<0, 0>, "p" + std::to_string(v), 1, 1, 1, 32, v,
          "st_off=" + std::to_string(st_off) + ";rec_off=" + std::to_string(rec_off) + ";res=1;blocks=8", m);
  warp_stamp_rows(c, f, std::to_string(v) + ",32", L.grid, 1, st, 3);
  c.d_rec = rec0;
}

void group_mech_seg(Ctx& c) {
  std::vector<StampRun> runs;
  for (int tpb : {32, 256, 1024})
    for (auto r : {StampRun{seg_t<0>, "v", 0, tpb, 1}, StampRun{seg_t<1>, "v", 1, tpb, 1},
                   StampRun{seg_t<2>, "v", 2, tpb, 1}, StampRun{seg_t<3>, "v", 3, tpb, 1}})
      runs.push_back(r);
  runs.push_back(StampRun{seg_t<0>, "v", 0, 1024, 2});
  runs.push_back(StampRun{seg_t<3>, "v", 3, 1024, 2});
  run_stamp_group(c, "mech_seg", "seg.csv",
                  "# seg_t<V> (workloads/cuda/import/mech.cu), the last timed launch: per block V, tpb[, res when 2], block, SM, "
                  "c1, e0min, then per warp e0, e1, e2, e3, e4 less e0min\n",
                  runs, 5);
  const int B = 8;
  u64* d_st = nullptr;
  CK(cudaMalloc(&d_st, (size_t)c.sms * B * 2 * 32 * 3 * sizeof(u64)));
  FILE* f = imp_side_file("place.csv");
  fputs("# t0_off<0, 0> at 32 threads (workloads/cuda/import/mech.cu), the last timed launch: per block p (1: st moved by "
        "528 blocks' stamps, 2: the records by 528, 3: both), tpb, block, SM, c1, e0min, then e0, e1, e2 less e0min\n",
        f);
  run_place(c, f, d_st, 0, 0);
  run_place(c, f, d_st, 528, 0);
  run_place(c, f, d_st, 0, 528);
  run_place(c, f, d_st, 528, 528);
  fclose(f);
  CK(cudaFree(d_st));
}

// mech_post (round 27b, after mech_seg): the code between a barrier and the first instruction its
// release holds. mech_seg's 32 warps came out of the harness's start barrier in rows of 4 (a warp a
// scheduler), the highest row first, ~15 cycles a row with ~15 instructions after the barrier and
// 4.5 with 4; smsim lets plain arithmetic issue before the release and interleaves the warps after
// it (~7 a row). post_r<M, N>: after the barrier every warp reads the clock (not held), then M 0: N
// independent VIADDs of it (and the LOP3s that fold them), M 1: N stores thread 0 alone makes (the
// other warps issue them off), then a branch on the result (held until the release) and e2; e0, e1
// as t0_off's. Does the code before the branch issue before the release, and do the warps then run
// it one after another?
template <int I>
__device__ __forceinline__ unsigned post_add(unsigned c) {
  unsigned r;
  asm volatile("add.u32 %0, %1, %2;" : "=r"(r) : "r"(c), "n"(I * 7 + 1));
  return r;
}
template <int M, int N>
__global__ void post_r(u64* st, int base, BlockRec* rec) {
  const u64 e0 = imp_clock();
  const unsigned t = threadIdx.x;
  if (t == 0x7fffffffu) asm volatile("trap;");
  const u64 e1 = imp_clock();
  u64* q = st + (size_t)blockIdx.x * 32 * 3;  // thread 0's stores: its block's stamp slots (stamped over later)
  __syncthreads();
  const u64 c = imp_clock();  // not held: it issues before the release
  unsigned x = (unsigned)c;
  if (M == 0 && N > 0) {
    unsigned a[16];
    a[0] = post_add<0>(x), a[1] = post_add<1>(x), a[2] = post_add<2>(x), a[3] = post_add<3>(x);
    if (N > 4) a[4] = post_add<4>(x), a[5] = post_add<5>(x), a[6] = post_add<6>(x), a[7] = post_add<7>(x);
    if (N > 8) {
      a[8] = post_add<8>(x), a[9] = post_add<9>(x), a[10] = post_add<10>(x), a[11] = post_add<11>(x);
      a[12] = post_add<12>(x), a[13] = post_add<13>(x), a[14] = post_add<14>(x), a[15] = post_add<15>(x);
    }
    unsigned s = 0;
#pragma unroll
    for (int i = 0; i < N; ++i) s ^= a[i];
    x = s;
  }
  if (M == 1 && t == 0) {
#pragma unroll
    for (int i = 0; i < N; ++i) q[i * 12] = c;  // 96 bytes apart
  }
  if (x == 0x7fffffffu) asm volatile("trap;");  // held until the release
  const u64 e2 = imp_clock();
  if (e1 == e2) asm volatile("trap;");
  t0_stamps3(st, rec, e0, e1, e2);
}

void group_mech_post(Ctx& c) {
  std::vector<StampRun> runs;
  for (int tpb : {32, 256, 1024})
    for (auto r : {StampRun{post_r<0, 0>, "n", 0, tpb, 1}, StampRun{post_r<0, 4>, "n", 4, tpb, 1},
                   StampRun{post_r<0, 8>, "n", 8, tpb, 1}, StampRun{post_r<0, 16>, "n", 16, tpb, 1},
                   StampRun{post_r<1, 4>, "n", 104, tpb, 1}, StampRun{post_r<1, 8>, "n", 108, tpb, 1}})
      runs.push_back(r);
  runs.push_back(StampRun{post_r<0, 0>, "n", 0, 1024, 2});
  runs.push_back(StampRun{post_r<0, 8>, "n", 8, 1024, 2});
  run_stamp_group(c, "mech_post", "post.csv",
                  "# post_r<M, N> (workloads/cuda/import/mech.cu; n = 100 M + N), the last timed launch: per block n, tpb[, res "
                  "when 2], block, SM, c1, e0min, then per warp e0, e1, e2 less e0min\n",
                  runs, 3);
}

// mech_post2 (round 27c, after mech_post: 9 instructions between the barrier and its held branch cost
// 32 warps almost nothing, 15 cost what issuing them after the release would). What a warp issues past
// BAR.SYNC.DEFER_BLOCKING before the release: a count, or the rest of the barrier's 128-byte fetch line?
// post2_r<P, N>: P dependent IMADs of e1 before the barrier (they move the BAR down its line), then
// post_r's clock and N independent VIADDs of it, the LOP3s folding them and the branch held until the
// release, e2.
template <int P, int N>
__global__ void post2_r(u64* st, int base, BlockRec* rec) {
  const u64 e0 = imp_clock();
  const unsigned t = threadIdx.x;
  if (t == 0x7fffffffu) asm volatile("trap;");
  const u64 e1 = imp_clock();
  unsigned y = (unsigned)e1;
#pragma unroll
  for (int i = 0; i < P; ++i) asm volatile("mad.lo.u32 %0, %0, %0, 3;" : "+r"(y));
  if (y == 0x7fffffffu) asm volatile("trap;");
  __syncthreads();
  const u64 c = imp_clock();  // not held
  const unsigned x = (unsigned)c;
  unsigned a[8];
  a[0] = post_add<0>(x);
  if (N > 1) a[1] = post_add<1>(x);
  if (N > 2) a[2] = post_add<2>(x);
  if (N > 3) a[3] = post_add<3>(x);
  if (N > 4) a[4] = post_add<4>(x);
  if (N > 5) a[5] = post_add<5>(x);
  if (N > 6) a[6] = post_add<6>(x);
  if (N > 7) a[7] = post_add<7>(x);
  unsigned s = 0;
#pragma unroll
  for (int i = 0; i < N; ++i) s ^= a[i];
  if (s == 0x7fffffffu) asm volatile("trap;");  // held until the release
  const u64 e2 = imp_clock();
  if (e1 == e2) asm volatile("trap;");
  t0_stamps3(st, rec, e0, e1, e2);
}

void group_mech_post2(Ctx& c) {
  std::vector<StampRun> runs;
  for (int tpb : {256, 1024})
    for (auto r : {StampRun{post2_r<0, 2>, "p", 2, tpb, 1}, StampRun{post2_r<0, 6>, "p", 6, tpb, 1},
                   StampRun{post2_r<0, 8>, "p", 8, tpb, 1}, StampRun{post2_r<4, 8>, "p", 408, tpb, 1},
                   StampRun{post2_r<8, 8>, "p", 808, tpb, 1}, StampRun{post2_r<4, 2>, "p", 402, tpb, 1},
                   StampRun{post2_r<8, 2>, "p", 802, tpb, 1}})
      runs.push_back(r);
  run_stamp_group(c, "mech_post2", "post2.csv",
                  "# post2_r<P, N> (workloads/cuda/import/mech.cu; p = 100 P + N), the last timed launch: per block p, tpb, block, "
                  "SM, c1, e0min, then per warp e0, e1, e2 less e0min\n",
                  runs, 3);
}

// mech_pre (round 28, after mech_post and mech_post2: how far a warp issues past
// BAR.SYNC.DEFER_BLOCKING before its block's last warp arrives). Two warps, one on each of two
// schedulers; warp 1 first runs 96 trips of a dependent IMAD (~1500 cycles), warp 0 goes straight
// to the barrier and waits there. e0: the clock before P dependent IMADs (they move the BAR down its
// 128-byte fetch line) and the barrier; after it X (V 0: nothing, 1: an LDS, 2: a SHFL,
// 3: a not-taken conditional branch on a kernel parameter, 4: a MUFU.RCP, 5: an LDG), then N
// independent VIADDs of a value from before the barrier, e1 (a clock read: does it issue before the
// release?), the XORs folding them and a branch on the fold (held until the release), e2. Warp 0's
// e1 before warp 1's e0 says the N VIADDs and the clock issued before the release; after it, warp
// 1's e1 - warp 0's e1 counts the VIADDs warp 0 issued early.
template <int V, int P, int N, int S>
__device__ __forceinline__ void pre_body(u64* st, int base, BlockRec* rec) {
  __shared__ unsigned pre_s[64];
  const unsigned t = threadIdx.x;
  unsigned z = (unsigned)imp_clock();
  if (S > 0 && t >= 32) {
#pragma unroll 1
    for (int i = 0; i < S; ++i) asm volatile("mad.lo.u32 %0, %0, %0, 5;" : "+r"(z));
  }
  const u64 e0 = imp_clock();
  unsigned y = (unsigned)e0 ^ z;
#pragma unroll
  for (int i = 0; i < P; ++i) asm volatile("mad.lo.u32 %0, %0, %0, 3;" : "+r"(y));
  if (y == 0x7fffffffu) asm volatile("trap;");
  __syncthreads();
  unsigned x = 0;
  if (V == 1) asm volatile("ld.shared.u32 %0, [%1];" : "=r"(x) : "r"((unsigned)__cvta_generic_to_shared(pre_s) + (y & 0xfcu)) : "memory");
  if (V == 2) asm volatile("shfl.sync.idx.b32 %0, %1, 1, 0x1f, -1;" : "=r"(x) : "r"(y) : "memory");
  if (V == 3 && base == 0x7ffffff0) asm volatile("trap;");
  if (V == 4) asm volatile("rcp.approx.ftz.f32 %0, %1;" : "=r"(x) : "r"(y));
  if (V == 5) asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(x) : "l"(st) : "memory");
  unsigned a[24];
#pragma unroll
  for (int i = 0; i < N; ++i) asm volatile("add.u32 %0, %1, %2;" : "=r"(a[i]) : "r"(y), "r"(i * 7 + 1));
  const u64 e1 = imp_clock();
  unsigned s = x;
#pragma unroll
  for (int i = 0; i < N; ++i) asm volatile("xor.b32 %0, %0, %1;" : "+r"(s) : "r"(a[i]));
  if (s == 0x7fffffffu) asm volatile("trap;");  // held until the release
  const u64 e2 = imp_clock();
  if (e1 == e2) asm volatile("trap;");
  t0_stamps3(st, rec, e0, e1, e2);
}
template <int V, int P, int N>
__global__ void pre_r(u64* st, int base, BlockRec* rec) {
  pre_body<V, P, N, 96>(st, base, rec);
}
// pre_z<N> (round 28b): pre_r<0, 0, N> without the skew (every warp straight to the barrier), at 8 and
// 32 warps and two resident blocks of 32: does a warp issue its N VIADDs and the clock before the
// release when the block's warps arrive together, as the lone early warp does?
template <int N>
__global__ void pre_z(u64* st, int base, BlockRec* rec) {
  pre_body<0, 0, N, 0>(st, base, rec);
}

#define PRE_N(V, P) StampRun{pre_r<V, P, 0>, "q", 10000 * V + 100 * P + 0, 64, 1}, \
  StampRun{pre_r<V, P, 1>, "q", 10000 * V + 100 * P + 1, 64, 1}, StampRun{pre_r<V, P, 2>, "q", 10000 * V + 100 * P + 2, 64, 1}, \
  StampRun{pre_r<V, P, 3>, "q", 10000 * V + 100 * P + 3, 64, 1}, StampRun{pre_r<V, P, 4>, "q", 10000 * V + 100 * P + 4, 64, 1}, \
  StampRun{pre_r<V, P, 5>, "q", 10000 * V + 100 * P + 5, 64, 1}, StampRun{pre_r<V, P, 6>, "q", 10000 * V + 100 * P + 6, 64, 1}, \
  StampRun{pre_r<V, P, 8>, "q", 10000 * V + 100 * P + 8, 64, 1}, StampRun{pre_r<V, P, 10>, "q", 10000 * V + 100 * P + 10, 64, 1}, \
  StampRun{pre_r<V, P, 12>, "q", 10000 * V + 100 * P + 12, 64, 1}, StampRun{pre_r<V, P, 16>, "q", 10000 * V + 100 * P + 16, 64, 1}, \
  StampRun{pre_r<V, P, 24>, "q", 10000 * V + 100 * P + 24, 64, 1}

void group_mech_pre(Ctx& c) {
  std::vector<StampRun> runs = {PRE_N(0, 0), PRE_N(0, 1), PRE_N(0, 2), PRE_N(0, 3), PRE_N(0, 4), PRE_N(0, 5), PRE_N(0, 6), PRE_N(0, 7),
                                StampRun{pre_r<1, 0, 2>, "q", 10002, 64, 1}, StampRun{pre_r<2, 0, 2>, "q", 20002, 64, 1},
                                StampRun{pre_r<3, 0, 2>, "q", 30002, 64, 1}, StampRun{pre_r<4, 0, 2>, "q", 40002, 64, 1},
                                StampRun{pre_r<5, 0, 2>, "q", 50002, 64, 1}};
  run_stamp_group(c, "mech_pre", "pre.csv",
                  "# pre_r<V, P, N> (workloads/cuda/import/mech.cu; q = 10000 V + 100 P + N), the last timed launch: per block q, "
                  "tpb, block, SM, c1, e0min, then per warp e0, e1, e2 less e0min\n",
                  runs, 3);
  runs.clear();
  for (int tpb : {256, 1024})
    for (auto r : {StampRun{pre_z<0>, "z", 0, tpb, 1}, StampRun{pre_z<2>, "z", 2, tpb, 1}, StampRun{pre_z<4>, "z", 4, tpb, 1},
                   StampRun{pre_z<8>, "z", 8, tpb, 1}, StampRun{pre_z<16>, "z", 16, tpb, 1}, StampRun{pre_z<24>, "z", 24, tpb, 1}})
      runs.push_back(r);
  runs.push_back(StampRun{pre_z<0>, "z", 0, 1024, 2});
  runs.push_back(StampRun{pre_z<8>, "z", 8, 1024, 2});
  runs.push_back(StampRun{pre_z<24>, "z", 24, 1024, 2});
  run_stamp_group(c, "mech_pre", "prez.csv",
                  "# pre_z<N> (workloads/cuda/import/mech.cu), the last timed launch: per block N, tpb[, res when 2], block, SM, "
                  "c1, e0min, then per warp e0, e1, e2 less e0min\n",
                  runs, 3);
}
#undef PRE_N

// mech_s2us (round 28d, after mech_pre's pre_z): a block's S2URs at its start. pre_z's 32-warp blocks, whose
// first instructions are an S2UR of the clock and a NOP, start warps 0-17 two cycles apart and 18-31 at
// 59-97 cycles, the highest first (post_r, whose first clock comes before any S2UR: all 32 two cycles
// apart). s2u_t<V>: e0 the clock first; then V 0: nothing, 1: one S2UR of the clock (a uniform register),
// 2: two; e1 the clock after them (their results not yet used), a branch on their value (it waits for
// them), e2. At 16, 20, 24 and 32 warps and two resident blocks of 32: do the later warps' S2URs wait,
// from how many warps a scheduler on, and for how long?
template <int V>
__global__ void s2u_t(u64* st, int base, BlockRec* rec) {
  const u64 e0 = imp_clock();
  unsigned z = 0;
  if (V >= 1) z = (unsigned)imp_clock();
  if (V >= 2) z += 3u * (unsigned)imp_clock();
  const u64 e1 = imp_clock();
  if ((((unsigned)e1) ^ z) == 0x7fffffffu) asm volatile("trap;");  // waits for the S2URs
  const u64 e2 = imp_clock();
  if (e1 == e2) asm volatile("trap;");
  t0_stamps3(st, rec, e0, e1, e2);
}

void group_mech_s2us(Ctx& c) {
  std::vector<StampRun> runs;
  for (int tpb : {512, 640, 768, 1024})
    for (auto r : {StampRun{s2u_t<0>, "v", 0, tpb, 1}, StampRun{s2u_t<1>, "v", 1, tpb, 1}, StampRun{s2u_t<2>, "v", 2, tpb, 1}})
      runs.push_back(r);
  for (auto r : {StampRun{s2u_t<0>, "v", 0, 1024, 2}, StampRun{s2u_t<1>, "v", 1, 1024, 2}, StampRun{s2u_t<2>, "v", 2, 1024, 2}})
    runs.push_back(r);
  run_stamp_group(c, "mech_s2us", "s2us.csv",
                  "# s2u_t<V> (workloads/cuda/import/mech.cu), the last timed launch: per block V, tpb[, res when 2], block, SM, "
                  "c1, e0min, then per warp e0, e1, e2 less e0min\n",
                  runs, 3);
}

void group_mech_probe(Ctx& c) {
  std::vector<StampRun> runs;
  for (int tpb : {32, 256, 1024})
    for (auto r : {StampRun{pro_probe<0>, "v", 0, tpb, 1}, StampRun{pro_probe<1>, "v", 1, tpb, 1},
                   StampRun{pro_probe<2>, "v", 2, tpb, 1}, StampRun{pro_probe<3>, "v", 3, tpb, 1},
                   StampRun{pro_probe<4>, "v", 4, tpb, 1}})
      runs.push_back(r);
  run_stamp_group(c, "mech_probe", "probe.csv",
                  "# pro_probe<V> (workloads/cuda/import/mech.cu), the last timed launch: per block V, tpb, block, SM, "
                  "c1, e0min, then per warp e0 - e0min, e1 - e0min (its first clock, its clock after X)\n",
                  runs);
}

// mech_bphase (round 17): where a block's life goes, warp by warp. Lane 0 of every warp reads the
// clock at entry (t0), after its S2R SR_TID.X has returned (t1: a branch on it), after the start
// barrier has released it (t2: a branch on t1 after the harness's imp_begin holds the warp
// until the release; the clock read right after a BAR.SYNC.DEFER_BLOCKING is not held), and
// after the end barrier (t3, likewise after imp_end), and stores the four after t3. V = 0:
// nothing between the barriers; 1: pro_probe's body (lane 0 stores two words under a branch);
// 2: as 0 with the S2R after t3 (t1 = t0's clock read again: no S2R before the start barrier).
template <int V>
__global__ void blk_phase(u64* st, int base, BlockRec* rec) {
  const u64 t0 = imp_clock();
  unsigned x = 0;
  if (V != 2) {
    x = probe_sreg(0);
    if (x == 0x7fffffffu) asm volatile("trap;");
  }
  const u64 t1 = imp_clock();
  imp_begin(rec);
  if (t1 == 0x7fffffffffffull + (u64)base) asm volatile("trap;");
  const u64 t2 = imp_clock();
  if (V == 1 && (x & 31u) == 0) {  // rewritten after t3
    u64* q = st + ((size_t)blockIdx.x * 32 + (x >> 5)) * 4;
    q[2] = t0, q[3] = t2;
  }
  imp_end(rec);
  if (t2 == 0x7fffffffffffull + (u64)base) asm volatile("trap;");
  const u64 t3 = imp_clock();
  if (V == 2) x = probe_sreg(0);
  if ((x & 31u) == 0) {
    u64* p = st + ((size_t)blockIdx.x * 32 + (x >> 5)) * 4;
    p[0] = t0, p[1] = t1, p[2] = t2, p[3] = t3;
  }
}

void group_mech_bphase(Ctx& c) {
  void (*const k[3])(u64*, int, BlockRec*) = {blk_phase<0>, blk_phase<1>, blk_phase<2>};
  std::vector<StampRun> runs;
  for (int v = 0; v < 3; ++v)
    for (int tpb : {32, 256, 512, 1024}) runs.push_back({k[v], "v", v, tpb, 1});
  for (int v = 0; v < 3; ++v) runs.push_back({k[v], "v", v, 1024, 2});
  run_stamp_group(c, "mech_bphase", "bphase.csv",
                  "# blk_phase<V> (workloads/cuda/import/mech.cu), the last timed launch: per block V, tpb[, res when 2], "
                  "block, SM, c1, e0min (the earliest t0), then per warp t0, t1, t2, t3 less e0min\n",
                  runs, 4);
}

// mech_bord (round 17): the order a barrier releases a block's warps in. In mech_bphase the warps
// pass the start barrier's branch last-arrived first (warp 31 first, warp 0 last, ~3.6 cycles a
// warp) where smsim releases them in the order they arrived, 2 cycles a warp; but there each warp
// ran thread 0's predicated code and a constant load between the barrier and its branch.
// bar_ord<V>: lane 0 of every warp stamps t0 (entry), t1 (its S2R SR_TID.X returned), t2 (after
// a barrier of its own and a branch on registers alone: held until the release), t3 (after
// imp_begin's barrier and a branch likewise), and stores them after imp_end. V = 1: the branch
// after the first barrier compares with a kernel parameter (a uniform constant load first).
template <int V>
__global__ void bar_ord(u64* st, int base, BlockRec* rec) {
  const u64 t0 = imp_clock();
  const unsigned x = probe_sreg(0);
  if (x == 0xffffffffu) asm volatile("trap;");
  const u64 t1 = imp_clock();
  __syncthreads();
  if (V == 0 ? t1 == t0 : t1 == t0 + (u64)base) asm volatile("trap;");
  const u64 t2 = imp_clock();
  imp_begin(rec);
  if (t2 == t1) asm volatile("trap;");
  const u64 t3 = imp_clock();
  imp_end(rec);
  if ((x & 31u) == 0) {
    u64* p = st + ((size_t)blockIdx.x * 32 + (x >> 5)) * 4;
    p[0] = t0, p[1] = t1, p[2] = t2, p[3] = t3;
  }
}

void group_mech_bord(Ctx& c) {
  std::vector<StampRun> runs;
  for (int tpb : {32, 256, 512, 1024})
    for (auto r : {StampRun{bar_ord<0>, "v", 0, tpb, 1}, StampRun{bar_ord<1>, "v", 1, tpb, 1}}) runs.push_back(r);
  run_stamp_group(c, "mech_bord", "bord.csv",
                  "# bar_ord<V> (workloads/cuda/import/mech.cu), the last timed launch: per block V, tpb, block, SM, c1, "
                  "e0min (the earliest t0), then per warp t0, t1, t2, t3 less e0min\n",
                  runs, 4);
}

// mech_btrain (round 17b): how a barrier's release depends on how its warps arrive. mech_bord's
// pure barrier, reached 2 cycles apart by the warps, let all 32 go within 23 cycles, highest row of
// 4 warps first; mech_bar's loop of barriers (all arriving at once) costs 2 cycles a warp a
// barrier, and bar_skew's warp 0, arriving long after the others, waits 3-67 cycles more at 8-32
// warps. bar_train<V>: lane 0 of every warp stamps a1 (before barrier 1), s1 (after it: a branch
// on registers waits for the release), a2 (before barrier 2), s2 (after it), then the harness's
// barriers. Between s1 and barrier 2: V = 0 nothing (barrier 2's warps arrive as barrier 1 let
// them go); 1: warp 0 runs 32 dependent FFMAs (the others wait long); 2: warp w runs w trips of
// a one-FFMA loop (warp 0 first, warp 31 last); 3: 31 - w trips (warp 31 first).
template <int V>
__global__ void bar_train(u64* st, int base, BlockRec* rec) {
  const unsigned x = probe_sreg(0);
  if (x == 0xffffffffu) asm volatile("trap;");
  const unsigned w = x >> 5;
  float acc = (float)x * 1e-3f;
  const u64 a1 = imp_clock();
  __syncthreads();
  if (a1 == (u64)x) asm volatile("trap;");
  const u64 s1 = imp_clock();
  if (V == 1 && w == 0) {
#pragma unroll
    for (int i = 0; i < 32; ++i) acc = fmaf(acc, 0.999f, 0.001f);
  }
  if (V == 2 || V == 3) {
    const int n = V == 2 ? (int)w : 31 - (int)w;
#pragma unroll 1
    for (int i = 0; i < n; ++i) acc = fmaf(acc, 0.999f, 0.001f);
  }
  if (acc == -1.0f) asm volatile("trap;");
  const u64 a2 = imp_clock();
  __syncthreads();
  if (a2 == s1) asm volatile("trap;");
  const u64 s2 = imp_clock();
  imp_begin(rec);
  imp_end(rec);
  if ((x & 31u) == 0) {
    u64* p = st + ((size_t)blockIdx.x * 32 + w) * 4;
    p[0] = a1, p[1] = s1, p[2] = a2, p[3] = s2;
  }
}

void group_mech_btrain(Ctx& c) {
  void (*const k[4])(u64*, int, BlockRec*) = {bar_train<0>, bar_train<1>, bar_train<2>, bar_train<3>};
  std::vector<StampRun> runs;
  runs.push_back({k[0], "v", 0, 32, 1});
  for (int v = 0; v < 4; ++v)
    for (int tpb : {256, 512, 1024}) runs.push_back({k[v], "v", v, tpb, 1});
  run_stamp_group(c, "mech_btrain", "btrain.csv",
                  "# bar_train<V> (workloads/cuda/import/mech.cu), the last timed launch: per block V, tpb, block, SM, c1, "
                  "e0min (the earliest a1), then per warp a1, s1, a2, s2 less e0min\n",
                  runs, 4);
}

// mech_tail (round 17): what a block's code after its end barrier costs the next block on its SM.
// mech_bphase's blocks turn over (thread 0's c1 to the next block's first clock) in 489 cycles at 1
// warp and 789 at 32, where smsim gives 483 and 553; after the end barrier each warp's lane 0
// there reads %ctaid and stores four words. blk_tail<K, L>: after imp_end, lane 0 of every warp
// (L = 1) or every lane (L = 32) stores K words, each to its own 128-byte line (L = 1) or one
// line a warp (L = 32: 128 B a store); thread 0 stamps its entry (before the start barrier).
template <int K, int L>
__global__ void blk_tail(float* out, u64* ent, BlockRec* rec) {
  if (threadIdx.x == 0) ent[blockIdx.x] = imp_clock();
  imp_begin(rec);
  imp_end(rec);
  const unsigned t = threadIdx.x;
  const size_t w = (size_t)blockIdx.x * 32 + (t >> 5);
  if (L == 32 || (t & 31u) == 0) {
#pragma unroll
    for (int k = 0; k < K; ++k) out[((size_t)w * K + k) * 32 + (t & 31u)] = (float)k;
  }
}

template <int K, int L>
static void run_tail(Ctx& c, FILE* f, float* d_out, u64* d_ent, int tpb, int R, int B) {
  LaunchCfg L_;
  L_.grid = c.sms * B, L_.tpb = tpb, L_.smem = R == 1 ? SMEM_1BPS : SMEM_2BPS, L_.bps = 0;
  const Meas m = measure(c, blk_tail<K, L>, L_, d_out, d_ent, c.d_rec);
  const std::string var = "k" + std::to_string(K) + "_l" + std::to_string(L);
  imp_row(c, "mech_tail", (const void*)blk_tail<K, L>, var, 1, R * tpb / 32, R, tpb, K,
          "k=" + std::to_string(K) + ";l=" + std::to_string(L) + ";res=" + std::to_string(R) + ";blocks=" +
              std::to_string(B),
          m);
  block_stamp_rows(c, f, var, tpb, R, B, K, L_.grid, d_ent);
}

void group_mech_tail(Ctx& c) {
  const int B = 8;
  float* d_out = nullptr;
  u64* d_ent = nullptr;
  const size_t nb = (size_t)c.sms * B;
  CK(cudaMalloc(&d_out, nb * 32 * 8 * 32 * sizeof(float)));  // K <= 8 lines a warp, 32 warps a block
  CK(cudaMalloc(&d_ent, nb * sizeof(u64)));
  FILE* f = imp_side_file("tail.csv");
  fprintf(f, "# blk_tail<K, L> (workloads/cuda/import/mech.cu), the last timed launch: per block its SM, thread 0's "
             "clock64 at entry, after the start barrier (c0) and after the end barrier (c1)\n");
  fprintf(f, "variant,tpb,res,blocks_per_sm,block,n,smid,entry,c0,c1\n");
  for (int tpb : {32, 256, 1024}) {
    run_tail<0, 1>(c, f, d_out, d_ent, tpb, 1, B);
    run_tail<1, 1>(c, f, d_out, d_ent, tpb, 1, B);
    run_tail<2, 1>(c, f, d_out, d_ent, tpb, 1, B);
    run_tail<4, 1>(c, f, d_out, d_ent, tpb, 1, B);
    run_tail<8, 1>(c, f, d_out, d_ent, tpb, 1, B);
    run_tail<4, 32>(c, f, d_out, d_ent, tpb, 1, B);
  }
  run_tail<0, 1>(c, f, d_out, d_ent, 1024, 2, B);  // two blocks resident
  run_tail<4, 1>(c, f, d_out, d_ent, 1024, 2, B);
  run_tail<4, 32>(c, f, d_out, d_ent, 1024, 2, B);
  fclose(f);
  CK(cudaFree(d_out));
  CK(cudaFree(d_ent));
}

// mech_tailw (round 28e): the SM's store unit by a store's width, where the unit binds and the store path does not.
// Round 28 read store_reg_cycles (0.91 cycles of the unit a data register past a lane's first) off mech_stb4's
// 16-byte stores at 32 warps, and the block-turnover sets agreed for the harness's 8-byte stores; mech_stb8's
// 32-warp rows could not tell (the path binds there) and mech_probe2 v5/v7 leaned the other way. mech_tail
// measured the unit with 4-byte stores (the next block starts 2.26 cycles later a store of lane 0 of 32 warps).
// blk_tailv<K, WD>: blk_tail<K, 1> with WD-float stores (8 or 16 bytes), each to its own line.
template <int K, int WD>
__global__ void blk_tailv(float* out, u64* ent, BlockRec* rec) {
  if (threadIdx.x == 0) ent[blockIdx.x] = imp_clock();
  imp_begin(rec);
  imp_end(rec);
  const unsigned t = threadIdx.x;
  const size_t w = (size_t)blockIdx.x * 32 + (t >> 5);
  if ((t & 31u) == 0) {
#pragma unroll
    for (int k = 0; k < K; ++k) {
      float* p = out + ((size_t)w * K + k) * 32 * WD;
      if (WD == 2) *reinterpret_cast<float2*>(p) = make_float2((float)k, 1.f);
      else *reinterpret_cast<float4*>(p) = make_float4((float)k, 1.f, 2.f, 3.f);
    }
  }
}

// One mech_tailw row: K stores of `bytes` a warp's lane 0 (kern: blk_tailv<K, WD>, or blk_tail<K, 1> for 4 B).
static void run_tailw(Ctx& c, FILE* f, void (*kern)(float*, u64*, BlockRec*), int K, int bytes, float* d_out, u64* d_ent,
                      int tpb, int B) {
  LaunchCfg L_;
  L_.grid = c.sms * B, L_.tpb = tpb, L_.smem = SMEM_1BPS, L_.bps = 0;
  const Meas m = measure(c, kern, L_, d_out, d_ent, c.d_rec);
  const std::string var = "k" + std::to_string(K) + "_w" + std::to_string(bytes);
  imp_row(c, "mech_tailw", (const void*)kern, var, 1, tpb / 32, 1, tpb, K,
          "k=" + std::to_string(K) + ";bytes=" + std::to_string(bytes) + ";res=1;blocks=" + std::to_string(B), m);
  block_stamp_rows(c, f, var, tpb, 1, B, K, L_.grid, d_ent);
}

void group_mech_tailw(Ctx& c) {
  const int B = 8;
  float* d_out = nullptr;
  u64* d_ent = nullptr;
  const size_t nb = (size_t)c.sms * B;
  CK(cudaMalloc(&d_out, nb * 32 * 8 * 32 * 4 * sizeof(float)));  // K <= 8 stores of up to 512 B a warp
  CK(cudaMalloc(&d_ent, nb * sizeof(u64)));
  FILE* f = imp_side_file("tailw.csv");
  fprintf(f, "# blk_tailv<K, WD> and blk_tail<K, 1> (workloads/cuda/import/mech.cu), the last timed launch: per block its SM, "
             "thread 0's clock64 at entry, after the start barrier (c0) and after the end barrier (c1)\n");
  fprintf(f, "variant,tpb,res,blocks_per_sm,block,n,smid,entry,c0,c1\n");
  for (int tpb : {256, 1024}) {
    run_tailw(c, f, blk_tail<0, 1>, 0, 4, d_out, d_ent, tpb, B);
    run_tailw(c, f, blk_tail<1, 1>, 1, 4, d_out, d_ent, tpb, B);
    run_tailw(c, f, blk_tail<4, 1>, 4, 4, d_out, d_ent, tpb, B);
    run_tailw(c, f, blk_tail<8, 1>, 8, 4, d_out, d_ent, tpb, B);
    run_tailw(c, f, blk_tailv<1, 2>, 1, 8, d_out, d_ent, tpb, B);
    run_tailw(c, f, blk_tailv<2, 2>, 2, 8, d_out, d_ent, tpb, B);
    run_tailw(c, f, blk_tailv<4, 2>, 4, 8, d_out, d_ent, tpb, B);
    run_tailw(c, f, blk_tailv<8, 2>, 8, 8, d_out, d_ent, tpb, B);
    run_tailw(c, f, blk_tailv<1, 4>, 1, 16, d_out, d_ent, tpb, B);
    run_tailw(c, f, blk_tailv<2, 4>, 2, 16, d_out, d_ent, tpb, B);
    run_tailw(c, f, blk_tailv<4, 4>, 4, 16, d_out, d_ent, tpb, B);
    run_tailw(c, f, blk_tailv<8, 4>, 8, 16, d_out, d_ent, tpb, B);
  }
  fclose(f);
  CK(cudaFree(d_out));
  CK(cudaFree(d_ent));
}

// mech_s2r (round 15) sreg_v<K, R>: as clk_v, K reads a trip of a per-thread special register
// into an ordinary one (S2R): R = 0 %tid.x (SR_TID.X, every kernel's prologue), R = 1 %laneid.
// mech_wlaunch: a 1024-thread block's warps take 90-270 cycles from their first instruction to
// the start barrier (8 warps: 90-110), through LDC, ULDC, CS2R and S2R SR_TID.X: is S2R one
// SM-wide unit, as S2UR is (2.0 cycles: mech_s2ur)?
template <int K, int R>
__global__ void sreg_v(float* out, int trips, BlockRec* rec) {
  unsigned acc = threadIdx.x;
  imp_begin(rec);
#pragma unroll 1
  for (int t = 0; t < trips; ++t) {
#pragma unroll
    for (int k = 0; k < K; ++k) {
      unsigned c;
      if (R == 0)
        asm volatile("mov.u32 %0, %%tid.x;" : "=r"(c)::"memory");
      else
        asm volatile("mov.u32 %0, %%laneid;" : "=r"(c)::"memory");
      acc = acc * 3u + c;
    }
  }
  out[imp_gtid()] = (float)acc;
  imp_end(rec);
}

template <int K>
static void run_sreg(Ctx& c, void (*k)(float*, int, BlockRec*), const char* variant) {
  const int trips = 256;
  for (int W : {1, 4, 8, 16, 32, 64}) {
    const LaunchCfg L = cfg_W(c.sms, W);
    const Meas m = measure(c, k, L, (float*)c.d_out, trips, c.d_rec);
    imp_row(c, "mech_s2r", (const void*)k, variant, 1, W, L.bps, L.tpb, trips, "k=" + std::to_string(K), m);
  }
}

void group_mech_s2r(Ctx& c) {
  run_sreg<8>(c, sreg_v<8, 0>, "tid8");
  run_sreg<8>(c, sreg_v<8, 1>, "lane8");
  run_sreg<8>(c, clk_v<8>, "clk8");
}

// ---- round 14d (issue #18): do a block's shuffles and shared-memory loads slow down while
// other warps of the SM load or store? (rownorm<1>'s block sums take 1132 cycles beside a
// loading or storing block, 319 alone: tests/data/h200/mech/cta, mech_rnstamp.)
//
// mech_mio mio_bg<FG, BG>: one block of 1024 threads an SM. Warps 0-7 (foreground, 2 a
//          scheduler) run `trips` trips of 8 dependent shuffles (FG 0) or 8 dependent
//          shared-memory loads (FG 1); warp 0's lane 0 stamps the loop. Warps 8-31
//          (background) until the foreground is done: nothing (BG 0), stream 16-B-a-lane loads
//          from 1 GiB (BG 1: DRAM), store 16 B a lane to 1 GiB (BG 2), load from 8 MiB (BG 3:
//          L2), shared-memory loads (BG 4). mio.csv: per SM the foreground's cycles a trip.
template <int FG, int BG>
__global__ void mio_bg(const uint4* buf, uint4* obuf, unsigned long long nmask, int trips, unsigned* stamps,
                       float* out, BlockRec* rec) {
  __shared__ unsigned sm[1024];
  __shared__ volatile int done;
  const unsigned lane = threadIdx.x & 31, w = threadIdx.x >> 5;
  sm[threadIdx.x] = (threadIdx.x * 37u + 11u) & 1023u;
  if (threadIdx.x == 0) done = 0;
  unsigned acc = threadIdx.x;
  imp_begin(rec);
  if (w < 8) {
    unsigned v = lane, j = threadIdx.x & 1023u;
    const unsigned t0 = (unsigned)imp_clock();
#pragma unroll 1
    for (int t = 0; t < trips; ++t) {
#pragma unroll
      for (int k = 0; k < 8; ++k) {
        if (FG == 0)
          v = __shfl_xor_sync(0xffffffffu, v, 1 << (k & 3)) + 1u;
        else
          j = sm[j];
      }
    }
    const unsigned t1 = (unsigned)imp_clock();
    acc += v + j;
    if (w == 0 && lane == 0) {
      stamps[blockIdx.x * 2] = t0;
      stamps[blockIdx.x * 2 + 1] = t1;
    }
    __syncwarp();
    if (w == 0) done = 1;
  } else if (BG != 0) {
    const unsigned long long gw = (unsigned long long)blockIdx.x * 24 + (w - 8);
    unsigned long long i = 0;
    while (!done) {
#pragma unroll
      for (int u = 0; u < 4; ++u, ++i) {
        const unsigned long long e = ((i * 132 * 24 + gw) * 32 + lane) & nmask;
        if (BG == 1 || BG == 3) {
          const uint4 x = buf[e];
          acc += x.x ^ x.y ^ x.z ^ x.w;
        } else if (BG == 2) {
          obuf[e] = make_uint4(acc, (unsigned)i, lane, w);
        } else {
          acc = sm[(acc + lane) & 1023u] + acc;
        }
      }
    }
  }
  out[imp_gtid()] = (float)acc;
  imp_end(rec);
}

template <int FG, int BG>
static void run_mio(Ctx& c, FILE* f, const uint4* big, uint4* obig, const uint4* small, unsigned* d_st) {
  const int trips = 2048;
  LaunchCfg L;
  L.grid = c.sms, L.tpb = 1024, L.smem = SMEM_1BPS, L.bps = 1;
  const bool l2 = BG == 3;
  if (l2) L.prep = PREP_TOUCH, L.touch = small, L.touch_bytes = (size_t)8 << 20;
  const unsigned long long nmask = (l2 ? ((size_t)8 << 20) : ((size_t)1 << 30)) / 16 - 1;
  const Meas m = measure(c, mio_bg<FG, BG>, L, l2 ? small : big, obig, nmask, trips, d_st, (float*)c.d_out, c.d_rec);
  const std::string var = std::string(FG == 0 ? "shfl" : "lds") + "_bg" + std::to_string(BG);
  imp_row(c, "mech_mio", (const void*)mio_bg<FG, BG>, var, 1, 32, 1, 1024, trips,
          "fg=" + std::to_string(FG) + ";bg=" + std::to_string(BG), m);
  std::vector<unsigned> h((size_t)c.sms * 2);
  CK(cudaMemcpy(h.data(), d_st, h.size() * sizeof(unsigned), cudaMemcpyDeviceToHost));
  std::vector<double> per;
  for (int b = 0; b < c.sms; ++b) per.push_back((double)(h[b * 2 + 1] - h[b * 2]) / trips);
  std::sort(per.begin(), per.end());
  fprintf(f, "%s,%d,%d,%d,%.2f,%.2f,%.2f\n", var.c_str(), FG, BG, trips, per[per.size() / 10], per[per.size() / 2],
          per[per.size() * 9 / 10]);
  fflush(f);
}

void group_mech_mio(Ctx& c) {
  uint4 *big = nullptr, *obig = nullptr, *small = nullptr;
  unsigned* d_st = nullptr;
  CK(cudaMalloc(&big, (size_t)1 << 30));
  CK(cudaMalloc(&obig, (size_t)1 << 30));
  CK(cudaMalloc(&small, (size_t)8 << 20));
  CK(cudaMemset(big, 1, (size_t)1 << 30));
  CK(cudaMemset(small, 1, (size_t)8 << 20));
  CK(cudaMalloc(&d_st, (size_t)c.sms * 2 * sizeof(unsigned)));
  FILE* f = imp_side_file("mio.csv");
  fprintf(f, "# mio_bg<FG, BG> (workloads/cuda/import/mech.cu): the foreground's cycles a trip of 8 dependent "
             "shuffles (FG 0) or shared-memory loads (FG 1), warp 0's stamps, p10/p50/p90 over the SMs of the last launch\n");
  fprintf(f, "variant,fg,bg,trips,p10,p50,p90\n");
  run_mio<0, 0>(c, f, big, obig, small, d_st);
  run_mio<0, 1>(c, f, big, obig, small, d_st);
  run_mio<0, 2>(c, f, big, obig, small, d_st);
  run_mio<0, 3>(c, f, big, obig, small, d_st);
  run_mio<0, 4>(c, f, big, obig, small, d_st);
  run_mio<1, 0>(c, f, big, obig, small, d_st);
  run_mio<1, 1>(c, f, big, obig, small, d_st);
  run_mio<1, 2>(c, f, big, obig, small, d_st);
  run_mio<1, 3>(c, f, big, obig, small, d_st);
  fclose(f);
  CK(cudaFree(big));
  CK(cudaFree(obig));
  CK(cudaFree(small));
  CK(cudaFree(d_st));
}

// ---- round 18 (issue #18): the 16-lane pipes' register banks, and a result's latency by its
// consumer. op_chain<OP, ILP, F>: ILP chains of one opcode, x = op(x, a, b), written in PTX so
// that ptxas keeps the opcode (OP 0 FFMA, 1 IMAD, 2 IADD3 of three registers, 3 LOP3 of three
// registers, 4 DFMA, 5 IMAD with RZ: x = x * a). F 0: a, b read from global memory (ordinary
// registers, ptxas's choice); F 1: a, b adjacent kernel parameters (ptxas's LDC.64 pair or a
// uniform register). Which instructions read one bank twice (register number mod 2; a DFMA
// reads pairs) is in the committed SASS. 32 ops a trip, 8192 a thread.
__device__ __forceinline__ void op_step(int op, unsigned& x, unsigned a, unsigned b) {
  switch (op) {
    case 0: {
      float xf = __uint_as_float(x);
      asm volatile("fma.rn.f32 %0, %0, %1, %2;" : "+f"(xf) : "f"(__uint_as_float(a)), "f"(__uint_as_float(b)));
      x = __float_as_uint(xf);
      break;
    }
    case 1: asm volatile("mad.lo.u32 %0, %0, %1, %2;" : "+r"(x) : "r"(a), "r"(b)); break;
    case 2: asm volatile("{\n\t.reg .u32 t;\n\tadd.u32 t, %0, %1;\n\tadd.u32 %0, t, %2;\n\t}" : "+r"(x) : "r"(a), "r"(b)); break;
    case 3: asm volatile("lop3.b32 %0, %0, %1, %2, 0xe8;" : "+r"(x) : "r"(a), "r"(b)); break;
    case 5: asm volatile("mul.lo.u32 %0, %0, %1;" : "+r"(x) : "r"(a)); break;
    default: break;
  }
}
__device__ __forceinline__ void op_step(int, unsigned long long& x, unsigned long long a, unsigned long long b) {
  asm volatile("fma.rn.f64 %0, %0, %1, %2;" : "+l"(x) : "l"(a), "l"(b));
}
template <int OP> struct OpT { typedef unsigned T; };
template <> struct OpT<4> { typedef unsigned long long T; };

static const int OPC_BODY = 32, OPC_OPS = 8192;

template <int OP, int ILP>
__device__ __forceinline__ void op_chain_body(typename OpT<OP>::T a, typename OpT<OP>::T b, int n, float* out,
                                              BlockRec* rec) {
  typedef typename OpT<OP>::T T;
  T acc[ILP];
#pragma unroll
  for (int k = 0; k < ILP; ++k) acc[k] = (T)(threadIdx.x * 3u + 1u + 2u * k);
  imp_begin(rec);
#pragma unroll 1
  for (int i = 0; i < n; ++i) {
#pragma unroll
    for (int r = 0; r < OPC_BODY / ILP; ++r)
#pragma unroll
      for (int k = 0; k < ILP; ++k) op_step(OP, acc[k], a, b);
  }
  T s = 0;
#pragma unroll
  for (int k = 0; k < ILP; ++k) s ^= acc[k];
  out[imp_gtid()] = (float)(unsigned)s;
  imp_end(rec);
}

template <int OP, int ILP>
__global__ void op_chain_g(float* out, const typename OpT<OP>::T* ab, int n, BlockRec* rec) {
  const typename OpT<OP>::T a = ab[0], b = ab[1];
  if (a == b) out[imp_gtid()] = -1.f;  // never true; the loads complete before the start
  op_chain_body<OP, ILP>(a, b, n, out, rec);
}
template <int OP, int ILP>
__global__ void op_chain_p(float* out, typename OpT<OP>::T a, typename OpT<OP>::T b, int n, BlockRec* rec) {
  op_chain_body<OP, ILP>(a, b, n, out, rec);
}

static const char* const kOpcName[6] = {"ffma", "imad", "iadd3", "lop3", "dfma", "imadrz"};

template <int OP, int ILP>
static void run_opc(Ctx& c, const void* d_ab) {
  typedef typename OpT<OP>::T T;
  const int n = OPC_OPS / OPC_BODY;
  // the values: FFMA's a near 1, b small (no overflow to inf or denormals); the integer ops any
  const T a = OP == 4 ? (T)0x3FEFF7CED916872BULL : (OP == 0 ? (T)0x3F7FBE77u : (T)0x9E3779B1u);
  const T b = OP == 4 ? (T)0x3F50624DD2F1A9FCULL : (OP == 0 ? (T)0x3A83126Fu : (T)0x7F4A7C15u);
  for (int W : {1, 4, 8, 12, 16, 24, 32}) {
    const LaunchCfg L = cfg_W(c.sms, W);
    const std::string name = kOpcName[OP];
    const std::string param = "op=" + name + ";ops_per_thread=" + std::to_string(OPC_OPS);
    const Meas mg = measure(c, op_chain_g<OP, ILP>, L, (float*)c.d_out, (const T*)d_ab, n, c.d_rec);
    imp_row(c, "mech_ops", (const void*)op_chain_g<OP, ILP>, name + "_g", ILP, W, L.bps, L.tpb, n, param, mg);
    const Meas mp = measure(c, op_chain_p<OP, ILP>, L, (float*)c.d_out, a, b, n, c.d_rec);
    imp_row(c, "mech_ops", (const void*)op_chain_p<OP, ILP>, name + "_p", ILP, W, L.bps, L.tpb, n, param, mp);
  }
}

template <int OP>
static void run_opc_all(Ctx& c, const void* d_ab) {
  run_opc<OP, 1>(c, d_ab);
  run_opc<OP, 2>(c, d_ab);
  run_opc<OP, 4>(c, d_ab);
}

void group_mech_ops(Ctx& c) {
  // the global copies of a and b: 32-bit pairs for OP 0-3, 5; 64-bit for DFMA
  unsigned h32[4] = {0x3F7FBE77u, 0x3A83126Fu, 0, 0};
  void *d_f = nullptr, *d_i = nullptr, *d_d = nullptr;
  CK(cudaMalloc(&d_f, 16));
  CK(cudaMalloc(&d_i, 16));
  CK(cudaMalloc(&d_d, 16));
  CK(cudaMemcpy(d_f, h32, 16, cudaMemcpyHostToDevice));
  unsigned hi[4] = {0x9E3779B1u, 0x7F4A7C15u, 0, 0};
  CK(cudaMemcpy(d_i, hi, 16, cudaMemcpyHostToDevice));
  unsigned long long hd[2] = {0x3FEFF7CED916872BULL, 0x3F50624DD2F1A9FCULL};
  CK(cudaMemcpy(d_d, hd, 16, cudaMemcpyHostToDevice));
  run_opc_all<0>(c, d_f);
  run_opc_all<1>(c, d_i);
  run_opc_all<2>(c, d_i);
  run_opc_all<3>(c, d_i);
  run_opc_all<4>(c, d_d);
  run_opc_all<5>(c, d_i);
  CK(cudaFree(d_f));
  CK(cudaFree(d_i));
  CK(cudaFree(d_d));
}

// op_pair<P, C>: one chain alternating a producer opcode P and a consumer opcode C, x = C(P(x)),
// 16 pairs a trip, at one warp (and one warp a scheduler): a pair's cycles are P's latency to C
// plus C's to P, and ptxas's stall counts in the SASS say what the compiler assumes for each.
// Opcodes (32-bit, one register chain): 0 FFMA (x*a+b on the bits), 1 IMAD, 2 IADD3 (x+a),
// 3 LOP3 (x&a|b), 4 VIADD (x + immediate), 5 SHF (funnel rotate by 5).
__device__ __forceinline__ void pair_step(int op, unsigned& x, unsigned a, unsigned b) {
  switch (op) {
    case 0: {
      float xf = __uint_as_float(x);
      asm volatile("fma.rn.f32 %0, %0, %1, %2;" : "+f"(xf) : "f"(__uint_as_float(a)), "f"(__uint_as_float(b)));
      x = __float_as_uint(xf);
      break;
    }
    case 1: asm volatile("mad.lo.u32 %0, %0, %1, %2;" : "+r"(x) : "r"(a), "r"(b)); break;
    case 2: asm volatile("add.u32 %0, %0, %1;" : "+r"(x) : "r"(a)); break;
    case 3: asm volatile("lop3.b32 %0, %0, %1, %2, 0xf8;" : "+r"(x) : "r"(a), "r"(b)); break;
    case 4: asm volatile("add.u32 %0, %0, 12345;" : "+r"(x)); break;
    case 5: asm volatile("shf.l.wrap.b32 %0, %0, %0, 5;" : "+r"(x)); break;
    default: break;
  }
}
static const int LPAIR_BODY = 16, LPAIR_PAIRS = 4096;
template <int P, int C>
__global__ void op_pair(float* out, const unsigned* ab, int n, BlockRec* rec) {
  const unsigned a = ab[0], b = ab[1];
  unsigned x = threadIdx.x * 3u + 1u;
  if (a == b) out[imp_gtid()] = -1.f;  // never true
  imp_begin(rec);
#pragma unroll 1
  for (int i = 0; i < n; ++i) {
#pragma unroll
    for (int r = 0; r < LPAIR_BODY; ++r) {
      pair_step(P, x, a, b);
      pair_step(C, x, a, b);
    }
  }
  out[imp_gtid()] = (float)x;
  imp_end(rec);
}
static const char* const kPairName[6] = {"ffma", "imad", "iadd3", "lop3", "viadd", "shf"};

template <int P, int C>
static void run_lpair(Ctx& c, const unsigned* d_ab) {
  const int n = LPAIR_PAIRS / LPAIR_BODY;
  for (int W : {1, 4}) {
    const LaunchCfg L = cfg_W(c.sms, W);
    const Meas m = measure(c, op_pair<P, C>, L, (float*)c.d_out, d_ab, n, c.d_rec);
    imp_row(c, "mech_lpair", (const void*)op_pair<P, C>, std::string(kPairName[P]) + "_" + kPairName[C], 1, W,
            L.bps, L.tpb, n, "pairs_per_thread=" + std::to_string(LPAIR_PAIRS), m);
  }
}
template <int P>
static void run_lpair_row(Ctx& c, const unsigned* d_ab) {
  run_lpair<P, 0>(c, d_ab);
  run_lpair<P, 1>(c, d_ab);
  run_lpair<P, 2>(c, d_ab);
  run_lpair<P, 3>(c, d_ab);
  run_lpair<P, 4>(c, d_ab);
  run_lpair<P, 5>(c, d_ab);
}

void group_mech_lpair(Ctx& c) {
  unsigned h[4] = {0x3F7FBE77u, 0x3A83126Fu, 0, 0};
  unsigned* d_ab = nullptr;
  CK(cudaMalloc(&d_ab, 16));
  CK(cudaMemcpy(d_ab, h, 16, cudaMemcpyHostToDevice));
  run_lpair_row<0>(c, d_ab);
  run_lpair_row<1>(c, d_ab);
  run_lpair_row<2>(c, d_ab);
  run_lpair_row<3>(c, d_ab);
  run_lpair_row<4>(c, d_ab);
  run_lpair_row<5>(c, d_ab);
  CK(cudaFree(d_ab));
}

// mech_ptail (round 18): do predicated-off stores take the SM's store unit? blk_ptail<K, L>: as
// blk_tail, but after the end barrier every thread issues K stores under its own predicate,
// @p STG, p read from a zeroed buffer before the start barrier: L = 0 no lane stores (every
// store predicated off in every warp), L = 1 lane 0's predicate is set (as blk_tail<K, 1>, but
// predicated, not branched around).
template <int K, int L>
__global__ void blk_ptail(float* out, const unsigned* flags, u64* ent, BlockRec* rec) {
  if (threadIdx.x == 0) ent[blockIdx.x] = imp_clock();
  const unsigned t = threadIdx.x;
  const unsigned on = flags[t & 31u] | (L == 1 && (t & 31u) == 0 ? 1u : 0u);
  imp_begin(rec);
  imp_end(rec);
  const size_t w = (size_t)blockIdx.x * 32 + (t >> 5);
#pragma unroll
  for (int k = 0; k < K; ++k)
    asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.u32 p, %0, 0;\n\t@p st.global.f32 [%1], %2;\n\t}" ::"r"(on),
                 "l"(out + ((size_t)w * K + k) * 32 + (t & 31u)), "f"((float)k)
                 : "memory");
}

template <int K, int L>
static void run_ptail(Ctx& c, FILE* f, float* d_out, const unsigned* d_flags, u64* d_ent, int tpb, int B) {
  LaunchCfg L_;
  L_.grid = c.sms * B, L_.tpb = tpb, L_.smem = SMEM_1BPS, L_.bps = 0;
  const Meas m = measure(c, blk_ptail<K, L>, L_, d_out, d_flags, d_ent, c.d_rec);
  const std::string var = "k" + std::to_string(K) + "_p" + std::to_string(L);
  imp_row(c, "mech_ptail", (const void*)blk_ptail<K, L>, var, 1, tpb / 32, 1, tpb, K,
          "k=" + std::to_string(K) + ";on_lanes=" + std::to_string(L) + ";res=1;blocks=" + std::to_string(B), m);
  block_stamp_rows(c, f, var, tpb, 1, B, K, L_.grid, d_ent);
}

void group_mech_ptail(Ctx& c) {
  const int B = 8;
  float* d_out = nullptr;
  u64* d_ent = nullptr;
  unsigned* d_flags = nullptr;
  const size_t nb = (size_t)c.sms * B;
  CK(cudaMalloc(&d_out, nb * 32 * 8 * 32 * sizeof(float)));
  CK(cudaMalloc(&d_ent, nb * sizeof(u64)));
  CK(cudaMalloc(&d_flags, 32 * sizeof(unsigned)));
  CK(cudaMemset(d_flags, 0, 32 * sizeof(unsigned)));
  FILE* f = imp_side_file("ptail.csv");
  fprintf(f, "# blk_ptail<K, L> (workloads/cuda/import/mech.cu), the last timed launch: per block its SM, thread 0's "
             "clock64 at entry, after the start barrier (c0) and after the end barrier (c1)\n");
  fprintf(f, "variant,tpb,res,blocks_per_sm,block,n,smid,entry,c0,c1\n");
  for (int tpb : {32, 256, 1024}) {
    run_ptail<0, 0>(c, f, d_out, d_flags, d_ent, tpb, B);
    run_ptail<4, 0>(c, f, d_out, d_flags, d_ent, tpb, B);
    run_ptail<8, 0>(c, f, d_out, d_flags, d_ent, tpb, B);
    run_ptail<4, 1>(c, f, d_out, d_flags, d_ent, tpb, B);
    run_ptail<8, 1>(c, f, d_out, d_flags, d_ent, tpb, B);
  }
  fclose(f);
  CK(cudaFree(d_out));
  CK(cudaFree(d_ent));
  CK(cudaFree(d_flags));
}

// mech_otput (round 18): which pipe, at what rate, and what latency, for the opcodes compiled code
// uses beside FFMA, IMAD, IADD3 and LOP3. op_tput<OP, ILP>: ILP independent chains of one opcode
// x = op(x, a), 32 ops a trip, 4096 a thread; ILP 1 at one warp is the chain's latency (ptxas's
// stall count, or a variable-latency result's scoreboard), ILP 8 at 16 and 32 warps the pipe's
// rate (cycles a warp instruction a scheduler: 1 for 32 lanes, 2 for 16, 8 for 4).
__device__ __forceinline__ void tput_step(int op, unsigned& x, unsigned a) {
  switch (op) {
    case 0: asm volatile("add.u32 %0, %0, 12345;" : "+r"(x)); break;                    // VIADD
    case 1: asm volatile("shf.l.wrap.b32 %0, %0, %1, 5;" : "+r"(x) : "r"(a)); break;    // SHF
    case 2: asm volatile("{\n\t.reg .u32 t;\n\tshl.b32 t, %0, 3;\n\tadd.u32 %0, t, %1;\n\t}" : "+r"(x) : "r"(a)); break;  // LEA
    case 3: asm volatile("prmt.b32 %0, %0, %1, 0x1065;" : "+r"(x) : "r"(a)); break;     // PRMT
    case 4: asm volatile("min.u32 %0, %0, %1;" : "+r"(x) : "r"(a)); break;              // VIMNMX
    case 5: {                                                                            // FMNMX
      float xf = __uint_as_float(x);
      asm volatile("max.f32 %0, %0, %1;" : "+f"(xf) : "f"(__uint_as_float(a)));
      x = __float_as_uint(xf);
      break;
    }
    case 6: asm volatile("{\n\t.reg .pred p;\n\tsetp.lt.u32 p, %0, %1;\n\tselp.b32 %0, %1, %0, p;\n\t}" : "+r"(x) : "r"(a)); break;  // ISETP + SEL
    case 7: asm volatile("popc.b32 %0, %0;" : "+r"(x)); break;                          // POPC
    case 8: asm volatile("brev.b32 %0, %0;" : "+r"(x)); break;                          // BREV
    case 9: {                                                                            // I2F + F2I
      float f;
      asm volatile("cvt.rn.f32.u32 %0, %1;" : "=f"(f) : "r"(x));
      asm volatile("cvt.rzi.u32.f32 %0, %1;" : "=r"(x) : "f"(f));
      break;
    }
    case 10: {                                                                           // HFMA2
      asm volatile("fma.rn.f16x2 %0, %0, %1, %1;" : "+r"(x) : "r"(a));
      break;
    }
    case 11: {                                                                           // MUFU.EX2
      float xf = __uint_as_float(x);
      asm volatile("ex2.approx.ftz.f32 %0, %0;" : "+f"(xf));
      x = __float_as_uint(xf);
      break;
    }
    case 12: {                                                                           // IMAD.WIDE.U32
      unsigned long long w;
      asm volatile("mul.wide.u32 %0, %1, %2;" : "=l"(w) : "r"(x), "r"(a));
      x = (unsigned)(w >> 32) ^ (unsigned)w;
      break;
    }
    case 13: {                                                                           // FADD
      float xf = __uint_as_float(x);
      asm volatile("add.rn.f32 %0, %0, %1;" : "+f"(xf) : "f"(__uint_as_float(a)));
      x = __float_as_uint(xf);
      break;
    }
    case 14: asm volatile("bfind.u32 %0, %0;" : "+r"(x)); break;                        // FLO
    default: break;
  }
}
static const char* const kTputName[15] = {"viadd", "shf",     "lea",      "prmt",  "vimnmx",
                                          "fmnmx", "isetp_sel", "popc", "brev", "i2f_f2i",
                                          "hfma2", "mufu_ex2",  "imad_wide", "fadd", "flo"};
static const int TPUT_BODY = 32, TPUT_OPS = 4096;

template <int OP, int ILP>
__global__ void op_tput(float* out, const unsigned* ab, int n, BlockRec* rec) {
  const unsigned a = ab[0] | 1u;
  unsigned x[ILP];
#pragma unroll
  for (int k = 0; k < ILP; ++k) x[k] = threadIdx.x * 3u + 7u * k + 1u;
  if (a == 12345u) out[imp_gtid()] = -1.f;  // never true
  imp_begin(rec);
#pragma unroll 1
  for (int i = 0; i < n; ++i) {
#pragma unroll
    for (int r = 0; r < TPUT_BODY / ILP; ++r)
#pragma unroll
      for (int k = 0; k < ILP; ++k) tput_step(OP, x[k], a);
  }
  unsigned s = 0;
#pragma unroll
  for (int k = 0; k < ILP; ++k) s ^= x[k];
  out[imp_gtid()] = (float)s;
  imp_end(rec);
}

template <int OP, int ILP>
static void run_otput(Ctx& c, const unsigned* d_ab) {
  const int n = TPUT_OPS / TPUT_BODY;
  for (int W : {1, 4, 16, 32}) {
    if (ILP == 1 && W > 4) continue;
    const LaunchCfg L = cfg_W(c.sms, W);
    const Meas m = measure(c, op_tput<OP, ILP>, L, (float*)c.d_out, d_ab, n, c.d_rec);
    imp_row(c, "mech_otput", (const void*)op_tput<OP, ILP>, kTputName[OP], ILP, W, L.bps, L.tpb, n,
            "op=" + std::string(kTputName[OP]) + ";ops_per_thread=" + std::to_string(TPUT_OPS), m);
  }
}
template <int OP>
static void run_otput2(Ctx& c, const unsigned* d_ab) {
  run_otput<OP, 1>(c, d_ab);
  run_otput<OP, 8>(c, d_ab);
}

void group_mech_otput(Ctx& c) {
  unsigned h[4] = {0x3F7FBE77u, 0x3A83126Fu, 0, 0};
  unsigned* d_ab = nullptr;
  CK(cudaMalloc(&d_ab, 16));
  CK(cudaMemcpy(d_ab, h, 16, cudaMemcpyHostToDevice));
  run_otput2<0>(c, d_ab);
  run_otput2<1>(c, d_ab);
  run_otput2<2>(c, d_ab);
  run_otput2<3>(c, d_ab);
  run_otput2<4>(c, d_ab);
  run_otput2<5>(c, d_ab);
  run_otput2<6>(c, d_ab);
  run_otput2<7>(c, d_ab);
  run_otput2<8>(c, d_ab);
  run_otput2<9>(c, d_ab);
  run_otput2<10>(c, d_ab);
  run_otput2<11>(c, d_ab);
  run_otput2<12>(c, d_ab);
  run_otput2<13>(c, d_ab);
  run_otput2<14>(c, d_ab);
  CK(cudaFree(d_ab));
}

// mech_uni (round 28c, after mech_pre): the uniform datapath's issue rate. pre_z<24>'s 24 UIADD3s after its
// barrier (ptxas put its adds of a uniform value there) took 1.85 cycles each a scheduler at 2 warps a scheduler
// and 2.06 at 8, where smsim issues them as the CBU's (32 lanes: one a cycle) and a lone warp's S02 gives 2.
// uni_tput<V, K>: a loop of 32 uniform adds a trip in K independent chains of a kernel parameter (UIADD3),
// V 0 alone, V 1 each beside an FFMA of one of K per-thread chains, V 2 the FFMAs alone. A pipe of its own
// at one every 2 cycles a scheduler, or the issue held 2 cycles, or the SM's one uniform unit?
template <int V, int K>
__global__ void uni_tput(float* out, const unsigned* ab, int n, BlockRec* rec) {
  const unsigned a = (unsigned)n | 1u;  // a kernel parameter: uniform
  unsigned s = threadIdx.x;
  float f[8];
#pragma unroll
  for (int k = 0; k < 8; ++k) f[k] = threadIdx.x * 0.5f + k;
  if (ab[0] == 12345u) out[imp_gtid()] = -1.f;  // never true
  imp_begin(rec);
#pragma unroll 1
  for (int i = 0; i < n; ++i) {
    const unsigned t = a + (unsigned)i;  // uniform
    unsigned b[K];
#pragma unroll
    for (int k = 0; k < K; ++k) {
      if (V != 2) asm volatile("add.u32 %0, %1, %2;" : "=r"(b[k]) : "r"(t), "r"(7u * k + 3u));
      if (V != 0) asm volatile("fma.rn.f32 %0, %0, %1, %2;" : "+f"(f[k & 7]) : "f"(1.0001f), "f"(0.5f));
    }
    if (V != 2)
#pragma unroll
      for (int k = 0; k < K; ++k) s ^= b[k];
  }
#pragma unroll
  for (int k = 0; k < 8; ++k) s ^= __float_as_uint(f[k]);
  out[imp_gtid()] = (float)s;
  imp_end(rec);
}

template <int V, int K>
static void run_uni(Ctx& c, const unsigned* d_ab) {
  const int n = 64;
  for (int W : {1, 4, 8, 16, 32, 64}) {
    const LaunchCfg L = cfg_W(c.sms, W);
    const Meas m = measure(c, uni_tput<V, K>, L, (float*)c.d_out, d_ab, n, c.d_rec);
    imp_row(c, "mech_uni", (const void*)uni_tput<V, K>, "v" + std::to_string(V), K, W, L.bps, L.tpb, n,
            "v=" + std::to_string(V) + ";ops_per_trip=32", m);
  }
}

void group_mech_uni(Ctx& c) {
  unsigned h[4] = {0x3F7FBE77u, 0x3A83126Fu, 0, 0};
  unsigned* d_ab = nullptr;
  CK(cudaMalloc(&d_ab, 16));
  CK(cudaMemcpy(d_ab, h, 16, cudaMemcpyHostToDevice));
  run_uni<0, 8>(c, d_ab);
  run_uni<0, 16>(c, d_ab);
  run_uni<0, 24>(c, d_ab);
  run_uni<1, 24>(c, d_ab);
  run_uni<2, 24>(c, d_ab);
  CK(cudaFree(d_ab));
}

// mech_hash (round 18): out of sample for the round's rules (the 16-lane banks, the two sides,
// IMAD.WIDE, VIADD). int_hash<ILP>: ILP independent integer hash chains (murmur3's finaliser and a
// multiply-rotate step: SHF, LOP3, IMAD, IADD3/VIADD, as nvcc compiles them), 16 rounds a trip.
// tab_walk<ILP>: ILP chains through a 4 KB table in global memory (L1 hits after
// the first trip): i = tab[(i * 2654435761u >> 22) ^ k], the address by IMAD.WIDE or LEA.
template <int ILP>
__global__ void int_hash(float* out, const unsigned* seed, int n, BlockRec* rec) {
  unsigned h[ILP];
  const unsigned s0 = seed[0];
#pragma unroll
  for (int k = 0; k < ILP; ++k) h[k] = s0 ^ (threadIdx.x * 0x9E3779B9u + k);
  imp_begin(rec);
#pragma unroll 1
  for (int i = 0; i < n; ++i) {
#pragma unroll
    for (int r = 0; r < 4; ++r)
#pragma unroll
      for (int k = 0; k < ILP; ++k) {
        unsigned x = h[k];
        x ^= x >> 16;
        x *= 0x85EBCA6Bu;
        x ^= x >> 13;
        x *= 0xC2B2AE35u;
        x ^= x >> 16;
        x = (x << 5 | x >> 27) + (unsigned)(i + r);
        h[k] = x;
      }
  }
  unsigned s = 0;
#pragma unroll
  for (int k = 0; k < ILP; ++k) s ^= h[k];
  out[imp_gtid()] = (float)s;
  imp_end(rec);
}

template <int ILP>
__global__ void tab_walk(float* out, const unsigned* tab, int n, BlockRec* rec) {
  unsigned i[ILP];
#pragma unroll
  for (int k = 0; k < ILP; ++k) i[k] = (threadIdx.x * 7u + 131u * k) & 1023u;
  unsigned warm = 0;
  for (int j = threadIdx.x & 31; j < 1024; j += 32) warm += tab[j];  // the table into L1
  if (warm == 0xFFFFFFFFu) out[imp_gtid()] = -1.f;                    // never true
  imp_begin(rec);
#pragma unroll 1
  for (int t = 0; t < n; ++t) {
#pragma unroll
    for (int r = 0; r < 4; ++r)
#pragma unroll
      for (int k = 0; k < ILP; ++k) i[k] = tab[((i[k] * 2654435761u) >> 22) ^ (unsigned)k];
  }
  unsigned s = 0;
#pragma unroll
  for (int k = 0; k < ILP; ++k) s ^= i[k];
  out[imp_gtid()] = (float)s;
  imp_end(rec);
}

template <int ILP>
static void run_hash(Ctx& c, const unsigned* d_tab) {
  const int n = 1024 / ILP;
  for (int W : {1, 4, 8, 12, 16, 24, 32}) {
    const LaunchCfg L = cfg_W(c.sms, W);
    const Meas m = measure(c, int_hash<ILP>, L, (float*)c.d_out, d_tab, n, c.d_rec);
    imp_row(c, "mech_hash", (const void*)int_hash<ILP>, "hash", ILP, W, L.bps, L.tpb, n,
            "hashes_per_thread=" + std::to_string(4 * n * ILP), m);
    const Meas mt = measure(c, tab_walk<ILP>, L, (float*)c.d_out, d_tab, n, c.d_rec);
    imp_row(c, "mech_hash", (const void*)tab_walk<ILP>, "tab", ILP, W, L.bps, L.tpb, n,
            "steps_per_thread=" + std::to_string(4 * n * ILP), mt);
  }
}

void group_mech_hash(Ctx& c) {
  std::vector<unsigned> h(1024);
  for (unsigned j = 0; j < 1024; ++j) h[j] = (j * 2654435761u) >> 7;
  unsigned* d_tab = nullptr;
  CK(cudaMalloc(&d_tab, 1024 * sizeof(unsigned)));
  CK(cudaMemcpy(d_tab, h.data(), 1024 * sizeof(unsigned), cudaMemcpyHostToDevice));
  log_table("mech_hash", d_tab);
  run_hash<1>(c, d_tab);
  run_hash<2>(c, d_tab);
  run_hash<4>(c, d_tab);
  CK(cudaFree(d_tab));
}

// mech_pstore (round 18): predicated-off stores, one predicate a store so ptxas cannot make one
// branch of them: blk_pstore<K>: after the end barrier every thread issues K stores, store k under
// p_k = (flags[k * 32 + lane] != 0), flags zeroed (every store off in every lane), or with lane 0's
// flags set (L = 1: one sector a store).
template <int K, int L>
__global__ void blk_pstore(float* out, const unsigned* flags, u64* ent, BlockRec* rec) {
  if (threadIdx.x == 0) ent[blockIdx.x] = imp_clock();
  const unsigned t = threadIdx.x, lane = t & 31u;
  unsigned on[K];
#pragma unroll
  for (int k = 0; k < K; ++k) on[k] = flags[k * 32 + lane] | (L == 1 && lane == 0 ? 1u : 0u);
  imp_begin(rec);
  imp_end(rec);
  const size_t w = (size_t)blockIdx.x * 32 + (t >> 5);
#pragma unroll
  for (int k = 0; k < K; ++k)
    asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.u32 p, %0, 0;\n\t@p st.global.f32 [%1], %2;\n\t}" ::"r"(on[k]),
                 "l"(out + ((size_t)w * K + k) * 32 + lane), "f"((float)k)
                 : "memory");
}

template <int K, int L>
static void run_pstore(Ctx& c, FILE* f, float* d_out, const unsigned* d_flags, u64* d_ent, int tpb, int B) {
  LaunchCfg L_;
  L_.grid = c.sms * B, L_.tpb = tpb, L_.smem = SMEM_1BPS, L_.bps = 0;
  const Meas m = measure(c, blk_pstore<K, L>, L_, d_out, d_flags, d_ent, c.d_rec);
  const std::string var = "k" + std::to_string(K) + "_p" + std::to_string(L);
  imp_row(c, "mech_pstore", (const void*)blk_pstore<K, L>, var, 1, tpb / 32, 1, tpb, K,
          "k=" + std::to_string(K) + ";on_lanes=" + std::to_string(L) + ";res=1;blocks=" + std::to_string(B), m);
  block_stamp_rows(c, f, var, tpb, 1, B, K, L_.grid, d_ent);
}

void group_mech_pstore(Ctx& c) {
  const int B = 8;
  float* d_out = nullptr;
  u64* d_ent = nullptr;
  unsigned* d_flags = nullptr;
  const size_t nb = (size_t)c.sms * B;
  CK(cudaMalloc(&d_out, nb * 32 * 8 * 32 * sizeof(float)));
  CK(cudaMalloc(&d_ent, nb * sizeof(u64)));
  CK(cudaMalloc(&d_flags, 8 * 32 * sizeof(unsigned)));
  CK(cudaMemset(d_flags, 0, 8 * 32 * sizeof(unsigned)));
  FILE* f = imp_side_file("pstore.csv");
  fprintf(f, "# blk_pstore<K, L> (workloads/cuda/import/mech.cu), the last timed launch: per block its SM, thread 0's "
             "clock64 at entry, after the start barrier (c0) and after the end barrier (c1)\n");
  fprintf(f, "variant,tpb,res,blocks_per_sm,block,n,smid,entry,c0,c1\n");
  for (int tpb : {32, 256, 1024}) {
    run_pstore<1, 0>(c, f, d_out, d_flags, d_ent, tpb, B);
    run_pstore<4, 0>(c, f, d_out, d_flags, d_ent, tpb, B);
    run_pstore<8, 0>(c, f, d_out, d_flags, d_ent, tpb, B);
    run_pstore<8, 1>(c, f, d_out, d_flags, d_ent, tpb, B);
  }
  fclose(f);
  CK(cudaFree(d_out));
  CK(cudaFree(d_ent));
  CK(cudaFree(d_flags));
}

// mech_gather (round 19): what a warp's load from L1 costs by the lines, sectors and bytes its
// lanes touch. l1_gather<WD, ILP>: ILP dependent walks, b = tab[b + off] (WD = 4: one word a lane;
// WD = 16: a uint4, the step's value the sum of its four words), every lane's `off` (in WD-byte
// elements) from a pattern in global memory read before the timed loop; the table holds 0 at every
// element a pattern touches, so every step reads the same addresses: L1 hits after the first trip
// (the footprint at most 32 KB, 120 KB of shared memory leaving the L1 about 124 KB).
template <int WD, int ILP>
__global__ void l1_gather(float* out, const unsigned* tab, const int* offs, int n, BlockRec* rec) {
  const unsigned lane = threadIdx.x & 31u;
  const unsigned off = (unsigned)offs[lane];
  unsigned b[ILP];
#pragma unroll
  for (int k = 0; k < ILP; ++k) b[k] = (unsigned)offs[32 + k];  // 0: the host writes zeros there
  unsigned warm = 0;
  for (int j = 0; j < 4; ++j) {  // the pattern's lines into L1
    if (WD == 16) {
      const uint4 v = ((const uint4*)tab)[off];
      warm += v.x + v.y + v.z + v.w;
    } else if (WD == 8) {
      const uint2 v = ((const uint2*)tab)[off];
      warm += v.x + v.y;
    } else {
      warm += tab[off];
    }
  }
  if (warm == 0xFFFFFFFFu) out[imp_gtid()] = -1.f;  // never true
  imp_begin(rec);
#pragma unroll 1
  for (int t = 0; t < n; ++t) {
#pragma unroll
    for (int r = 0; r < 4; ++r)
#pragma unroll
      for (int k = 0; k < ILP; ++k) {
        if (WD == 16) {
          const uint4 v = ((const uint4*)tab)[b[k] + off];
          b[k] = v.x + v.y + v.z + v.w;
        } else if (WD == 8) {
          const uint2 v = ((const uint2*)tab)[b[k] + off];
          b[k] = v.x + v.y;
        } else {
          b[k] = tab[b[k] + off];
        }
      }
  }
  unsigned s = 0;
#pragma unroll
  for (int k = 0; k < ILP; ++k) s ^= b[k];
  out[imp_gtid()] = (float)s;
  imp_end(rec);
}

struct GatherPat {
  const char* name;
  int wd;                 // bytes a lane: 4 or 16
  int off[32];            // each lane's element (wd bytes) offset
};

// The distinct 128-B lines, 32-B sectors and wd-byte elements of a pattern, and its bytes
// delivered (32 x wd): the row's param.
static std::string gather_param(const GatherPat& p) {
  std::set<long> lines, secs, elems;
  for (int l = 0; l < 32; ++l) {
    const long a = (long)p.off[l] * p.wd;
    lines.insert(a / 128), secs.insert(a / 32), elems.insert(a);
  }
  long span = 0;
  for (int l = 0; l < 32; ++l) span = std::max(span, (long)(p.off[l] + 1) * p.wd);
  return "pattern=" + std::string(p.name) + ";wd=" + std::to_string(p.wd) + ";lines=" +
         std::to_string(lines.size()) + ";sectors=" + std::to_string(secs.size()) + ";elems=" +
         std::to_string(elems.size()) + ";bytes=" + std::to_string(32 * p.wd) + ";span=" + std::to_string(span);
}

template <int WD, int ILP>
static void run_gather(Ctx& c, const unsigned* d_tab, int* d_offs, const GatherPat& p) {
  upload_lane_offs(d_offs, [&](int l) { return p.off[l]; });
  const int n = 256 / ILP;
  const std::string prm = gather_param(p);
  for (int W : {1, 4, 8, 16, 32}) {
    const LaunchCfg L = cfg_W(c.sms, W);
    const Meas m = measure(c, l1_gather<WD, ILP>, L, (float*)c.d_out, d_tab, (const int*)d_offs, n, c.d_rec);
    imp_row(c, "mech_gather", (const void*)l1_gather<WD, ILP>, p.name, ILP, W, L.bps, L.tpb, n,
            prm + ";steps_per_thread=" + std::to_string(4 * n * ILP), m);
  }
}

static void gather_runs(Ctx& c, const char* group, const std::vector<GatherPat>& pats) {
  unsigned* d_tab = nullptr;
  int* d_offs = nullptr;
  CK(cudaMalloc(&d_tab, 64 * 1024));
  CK(cudaMemset(d_tab, 0, 64 * 1024));
  log_table(group, d_tab);
  CK(cudaMalloc(&d_offs, 64 * sizeof(int)));
  for (const GatherPat& p : pats) {
    if (p.wd == 4) {
      run_gather<4, 1>(c, d_tab, d_offs, p);
      run_gather<4, 4>(c, d_tab, d_offs, p);
    } else if (p.wd == 8) {
      run_gather<8, 1>(c, d_tab, d_offs, p);
      run_gather<8, 4>(c, d_tab, d_offs, p);
    } else {
      run_gather<16, 1>(c, d_tab, d_offs, p);
      run_gather<16, 4>(c, d_tab, d_offs, p);
    }
  }
  CK(cudaFree(d_offs));
  CK(cudaFree(d_tab));
}

#define GATHER_ADD(NAME, WD, EXPR)                  \
  do {                                              \
    GatherPat p_;                                   \
    p_.name = NAME, p_.wd = WD;                     \
    for (int l = 0; l < 32; ++l) p_.off[l] = (EXPR); \
    pats.push_back(p_);                             \
  } while (0)

void group_mech_gather(Ctx& c) {
  std::vector<GatherPat> pats;
  auto add = [&](const char* name, int wd, auto f) {
    GatherPat p;
    p.name = name, p.wd = wd;
    for (int l = 0; l < 32; ++l) p.off[l] = f(l);
    pats.push_back(p);
  };
  // 4-byte words (32 a line, 8 a sector)
  add("bcast", 4, [](int) { return 0; });                          // 1 line, 1 sector, 1 word
  add("coal", 4, [](int l) { return l; });                         // 1 line, 4 sectors
  add("sec1", 4, [](int l) { return l % 8; });                     // 1 line, 1 sector, 8 words x 4 lanes
  add("sec2", 4, [](int l) { return l % 16; });                    // 1 line, 2 sectors
  add("l2", 4, [](int l) { return (l % 2) * 32 + l / 2; });        // 2 lines, 2 sectors each
  add("l4", 4, [](int l) { return (l % 4) * 32 + l / 4; });        // 4 lines, 1 sector each
  add("l8", 4, [](int l) { return (l % 8) * 32 + l / 8; });        // 8 lines, 1 sector each
  add("l16", 4, [](int l) { return (l % 16) * 32 + l / 16; });     // 16 lines
  add("l32", 4, [](int l) { return l * 32; });                     // 32 lines, 1 word each
  add("l4s4", 4, [](int l) { return (l % 4) * 32 + (l / 4) * 4; });  // 4 lines, 4 sectors each
  add("l8s4", 4, [](int l) { return (l % 8) * 32 + (l / 8) * 8; });  // 8 lines, 4 sectors each
  add("d2", 4, [](int l) { return (l % 2) * 32; });                // 2 lines, one word each, 16 lanes a word
  add("d4", 4, [](int l) { return (l % 4) * 32; });
  add("d8", 4, [](int l) { return (l % 8) * 32; });
  add("d16", 4, [](int l) { return (l % 16) * 32; });
  add("l32x2", 4, [](int l) { return l * 64; });                   // 32 lines 256 B apart
  add("l32x4", 4, [](int l) { return l * 128; });                  // 512 B apart (16 KB)
  add("l32x8", 4, [](int l) { return l * 256; });                  // 1 KB apart (32 KB)
  add("l8x8", 4, [](int l) { return (l % 8) * 256 + l / 8; });     // 8 lines 1 KB apart
  add("l8x32", 4, [](int l) { return (l % 8) * 1024 + l / 8; });   // 8 lines 4 KB apart (32 KB)
  add("l4x64", 4, [](int l) { return (l % 4) * 2048 + l / 4; });   // 4 lines 8 KB apart (32 KB)
  add("rand4k", 4, [](int l) { return (int)(((unsigned)(l * 7 + 3) * 2654435761u) >> 22); });   // tab_walk-like
  add("rand16k", 4, [](int l) { return (int)(((unsigned)(l * 7 + 3) * 2654435761u) >> 20); });  // 16 KB
  // 16-byte elements (8 a line, 2 a sector)
  add("q_bcast", 16, [](int) { return 0; });                       // 1 line, 1 sector, 512 B delivered
  add("q_coal", 16, [](int l) { return l; });                      // 4 lines, 16 sectors
  add("q_dup1", 16, [](int l) { return l % 8; });                  // 1 line, 4 sectors, 4 lanes an element
  add("q_l8", 16, [](int l) { return (l % 8) * 8 + l / 8; });      // 8 lines, 2 sectors each
  add("q_l32", 16, [](int l) { return l * 8; });                   // 32 lines, 1 sector each
  add("q_d8", 16, [](int l) { return (l % 8) * 8; });              // 8 lines, 1 element each
  gather_runs(c, "mech_gather", pats);
}

// mech_gather2 (round 19, second call): the tag stage alone. Every lane's word in its own bank
// (word l of its line), so the data stage is one wavefront: lanes over K lines (round-robin or in
// blocks), lines 2-64 apart, the random patterns' lines; and 8-byte elements.
void group_mech_gather2(Ctx& c) {
  std::vector<GatherPat> pats;
  static const char* tn[] = {"t2", "t3", "t4", "t5", "t6", "t8", "t12", "t16", "t24", "t32"};
  static const int tk[] = {2, 3, 4, 5, 6, 8, 12, 16, 24, 32};
  for (int i = 0; i < 10; ++i) GATHER_ADD(tn[i], 4, (l % tk[i]) * 32 + l);
  GATHER_ADD("b8", 4, (l / 4) * 32 + l);    // 8 lines, lanes in blocks of 4
  GATHER_ADD("b16", 4, (l / 2) * 32 + l);   // 16 lines, blocks of 2
  static const char* sn[] = {"t8x2", "t8x4", "t8x8", "t8x16", "t8x32", "t8x64", "t32x2", "t32x4"};
  static const int sk[] = {8, 8, 8, 8, 8, 8, 32, 32}, ss[] = {2, 4, 8, 16, 32, 64, 2, 4};
  for (int i = 0; i < 8; ++i) GATHER_ADD(sn[i], 4, (l % sk[i]) * ss[i] * 32 + l);
  // the random patterns' lines, each lane at word l of its line
  GATHER_ADD("r4lines", 4, (int)((((unsigned)(l * 7 + 3) * 2654435761u) >> 22) / 32) * 32 + l);
  GATHER_ADD("r16lines", 4, (int)((((unsigned)(l * 7 + 3) * 2654435761u) >> 20) / 32) * 32 + l);
  // the random patterns themselves again (the first call's; the same SASS)
  GATHER_ADD("rand4k", 4, (int)(((unsigned)(l * 7 + 3) * 2654435761u) >> 22));
  GATHER_ADD("rand16k", 4, (int)(((unsigned)(l * 7 + 3) * 2654435761u) >> 20));
  // 8-byte elements (16 a line)
  GATHER_ADD("h_bcast", 8, 0);
  GATHER_ADD("h_coal", 8, l);
  GATHER_ADD("h_l32", 8, l * 16);
  GATHER_ADD("h_t8", 8, (l % 8) * 16 + (l % 16));   // 8 lines, lanes in distinct banks within a half-warp
  gather_runs(c, "mech_gather2", pats);
}

// mech_gather3 (round 19, third call). (a) s_gather<WD, ILP>: l1_gather's walk in shared memory
// (LDS): the data array's bank rule for shared memory, whose words the block zeroes first.
// (b) more tag-stage patterns for l1_gather: lanes at word l (no bank shared) of K lines placed
// at chosen line numbers: pairs, quads and eights at strides 1-256 lines, and 12 sets of 8 random
// lines (in 4 KB and in 32 KB), so the rule of scattered lines can be found.
template <int WD, int ILP>
__global__ void s_gather(float* out, const int* offs, int n, BlockRec* rec) {
  extern __shared__ unsigned s_tab[];
  const unsigned lane = threadIdx.x & 31u;
  const unsigned off = (unsigned)offs[lane];
  for (unsigned j = threadIdx.x; j < 16384u / 4u; j += blockDim.x) s_tab[j] = 0u;
  unsigned b[ILP];
#pragma unroll
  for (int k = 0; k < ILP; ++k) b[k] = (unsigned)offs[32 + k];
  imp_begin(rec);
#pragma unroll 1
  for (int t = 0; t < n; ++t) {
#pragma unroll
    for (int r = 0; r < 4; ++r)
#pragma unroll
      for (int k = 0; k < ILP; ++k) {
        if (WD == 16) {
          const uint4 v = ((const uint4*)s_tab)[b[k] + off];
          b[k] = v.x + v.y + v.z + v.w;
        } else if (WD == 8) {
          const uint2 v = ((const uint2*)s_tab)[b[k] + off];
          b[k] = v.x + v.y;
        } else {
          b[k] = s_tab[b[k] + off];
        }
      }
  }
  unsigned s = 0;
#pragma unroll
  for (int k = 0; k < ILP; ++k) s ^= b[k];
  out[imp_gtid()] = (float)s;
  imp_end(rec);
}

template <int WD, int ILP>
static void run_sgather(Ctx& c, int* d_offs, const GatherPat& p) {
  upload_lane_offs(d_offs, [&](int l) { return p.off[l]; });
  const int n = 256 / ILP;
  const std::string prm = gather_param(p);
  for (int W : {1, 4, 8, 16, 32}) {
    const LaunchCfg L = cfg_W(c.sms, W);  // its 120 KB of dynamic shared memory holds the 16 KB table
    const Meas m = measure(c, s_gather<WD, ILP>, L, (float*)c.d_out, (const int*)d_offs, n, c.d_rec);
    imp_row(c, "mech_sgather", (const void*)s_gather<WD, ILP>, p.name, ILP, W, L.bps, L.tpb, n,
            prm + ";steps_per_thread=" + std::to_string(4 * n * ILP), m);
  }
}

void group_mech_gather3(Ctx& c) {
  std::vector<GatherPat> sp;
  {
    std::vector<GatherPat>& pats = sp;
    GATHER_ADD("s_bcast", 4, 0);
    GATHER_ADD("s_coal", 4, l);
    GATHER_ADD("s_w2", 4, l * 2);                    // 2 lanes a bank (distinct words)
    GATHER_ADD("s_w4", 4, l * 4);
    GATHER_ADD("s_w8", 4, l * 8);
    GATHER_ADD("s_w16", 4, l * 16);
    GATHER_ADD("s_w32", 4, l * 32);                  // every lane bank 0, 32 words
    GATHER_ADD("s_d8", 4, (l % 8) * 32);             // bank 0, 8 words, 4 lanes each
    GATHER_ADD("s_rand", 4, (int)(((unsigned)(l * 7 + 3) * 2654435761u) >> 22));
    GATHER_ADD("s_h_coal", 8, l);
    GATHER_ADD("s_h_w2", 8, l * 2);                  // 8 B at 16 B apart: banks 0-1, 4-5, ...
    GATHER_ADD("s_h_w16", 8, l * 16);                // every lane banks 0-1
    GATHER_ADD("s_q_coal", 16, l);
    GATHER_ADD("s_q_bcast", 16, 0);
    GATHER_ADD("s_q_w8", 16, l * 8);                 // every lane banks 0-3
  }
  int* d_offs = nullptr;
  CK(cudaMalloc(&d_offs, 64 * sizeof(int)));
  for (const GatherPat& p : sp) {
    if (p.wd == 4) {
      run_sgather<4, 1>(c, d_offs, p);
      run_sgather<4, 4>(c, d_offs, p);
    } else if (p.wd == 8) {
      run_sgather<8, 1>(c, d_offs, p);
      run_sgather<8, 4>(c, d_offs, p);
    } else {
      run_sgather<16, 1>(c, d_offs, p);
      run_sgather<16, 4>(c, d_offs, p);
    }
  }
  CK(cudaFree(d_offs));
  // (b) the tag stage: K lines at chosen line numbers, lane l at word l of line L[l % K]
  std::vector<GatherPat> pats;
  static char names[64][16];
  int nn = 0;
  auto lines_pat = [&](const char* fmt, int a, const std::vector<int>& L) {
    snprintf(names[nn], sizeof names[nn], fmt, a);
    GatherPat p;
    p.name = names[nn++], p.wd = 4;
    for (int l = 0; l < 32; ++l) p.off[l] = L[l % L.size()] * 32 + l;
    pats.push_back(p);
  };
  for (int d : {1, 2, 3, 4, 8, 16, 32, 64, 128, 256}) lines_pat("p2_%d", d, {0, d});
  for (int d : {1, 2, 3, 4, 5, 8, 16, 32, 64}) lines_pat("p4_%d", d, {0, d, 2 * d, 3 * d});
  for (int d : {3, 5, 6, 7, 12, 24}) lines_pat("p8_%d", d, {0, d, 2 * d, 3 * d, 4 * d, 5 * d, 6 * d, 7 * d});
  unsigned x = 12345u;
  for (int r = 0; r < 12; ++r) {
    const int span = r < 6 ? 32 : 256;  // 4 KB or 32 KB of lines
    std::vector<int> L;
    while ((int)L.size() < 8) {
      x = x * 1664525u + 1013904223u;
      const int v = (int)((x >> 8) % (unsigned)span);
      if (std::find(L.begin(), L.end(), v) == L.end()) L.push_back(v);
    }
    lines_pat("r8_%d", r, L);
  }
  unsigned* d_tab = nullptr;
  CK(cudaMalloc(&d_tab, 64 * 1024));
  CK(cudaMemset(d_tab, 0, 64 * 1024));
  log_table("mech_gather3", d_tab);
  CK(cudaMalloc(&d_offs, 64 * sizeof(int)));
  for (const GatherPat& p : pats) {
    run_gather<4, 1>(c, d_tab, d_offs, p);
    run_gather<4, 4>(c, d_tab, d_offs, p);
  }
  CK(cudaFree(d_offs));
  CK(cudaFree(d_tab));
}

// mech_gather4 (round 19, fourth call): which lines share a tag bank. Lanes at word l (no bank
// shared) of 4 lines: three of {0, 1, 2, 3} (all in one wavefront: p4_1) and a fourth line x =
// 3..130; if the tag stage takes one line of each of 4 banks a cycle, the load takes one wavefront
// exactly when x is in the bank of the left-out line. W = 32, ILP 4 only (the SM's cycles a load).
void group_mech_gather4(Ctx& c) {
  unsigned* d_tab = nullptr;
  int* d_offs = nullptr;
  CK(cudaMalloc(&d_tab, 64 * 1024));
  CK(cudaMemset(d_tab, 0, 64 * 1024));
  log_table("mech_gather4", d_tab);
  CK(cudaMalloc(&d_offs, 64 * sizeof(int)));
  const LaunchCfg L = cfg_W(c.sms, 32);
  const int n = 64;
  for (int out = 0; out < 4; ++out)
    for (int x = 3; x <= 130; ++x) {
      int lines[4], k = 0;
      for (int j = 0; j < 4; ++j)
        if (j != out) lines[k++] = j;
      lines[3] = x;
      if (x <= 3 && x != out) continue;  // x must differ from the three
      upload_lane_offs(d_offs, [&](int l) { return lines[l % 4] * 32 + l; });
      const Meas m = measure(c, l1_gather<4, 4>, L, (float*)c.d_out, (const unsigned*)d_tab, (const int*)d_offs, n, c.d_rec);
      const std::string var = "o" + std::to_string(out) + "_x" + std::to_string(x);
      imp_row(c, "mech_gather4", (const void*)l1_gather<4, 4>, var, 4, 32, L.bps, L.tpb, n,
              "lines=" + std::to_string(lines[0]) + ":" + std::to_string(lines[1]) + ":" + std::to_string(lines[2]) + ":" +
                  std::to_string(x) + ";steps_per_thread=" + std::to_string(4 * n * 4),
              m);
    }
  CK(cudaFree(d_offs));
  CK(cudaFree(d_tab));
}

// mech_gather5 (round 20): the tag banks' hash. mech_gather4's lines 0-130 fit bank =
// parity(line & 0xB5) | parity(line & 0xDA) << 1 of the line's address / 128 (bits 7-14 of the
// address) when the table lay 512 B past an 8 KB boundary (its log line). Here the table is placed
// at a 2 MB boundary (then 512 B past it), lanes at word l (no bank shared) of K lines:
// (a) three of lines 0-3 and a fourth 2^k (k = 2..17): the left-out line whose bank 2^k shares
//     gives the hash of address bit k + 7; (b) 2^k + 2^m and 2^k + 3: is it linear beyond bit 14;
// (c) mech_gather3's pair, quad, eight and random-eight lines at the 2 MB boundary and at 512 B
//     past it (the same lines, another address: another packing where the hash says so).
static void tag_row(Ctx& c, const unsigned* tab, int* d_offs, const std::string& var, const std::vector<int>& lines) {
  upload_lane_offs(d_offs, [&](int l) { return lines[l % lines.size()] * 32 + l; });
  const LaunchCfg L = cfg_W(c.sms, 32);
  const int n = 64;
  const Meas m = measure(c, l1_gather<4, 4>, L, (float*)c.d_out, tab, (const int*)d_offs, n, c.d_rec);
  std::string ls;
  for (size_t i = 0; i < lines.size(); ++i) ls += (i ? ":" : "") + std::to_string(lines[i]);
  imp_row(c, "mech_gather5", (const void*)l1_gather<4, 4>, var, 4, 32, L.bps, L.tpb, n,
          "lines=" + ls + ";steps_per_thread=" + std::to_string(4 * n * 4), m);
}

void group_mech_gather5(Ctx& c) {
  const size_t span = (size_t)20 << 20;  // lines up to 2^17 + 4 (16 MB and a bit) past the boundary
  unsigned* raw = nullptr;
  int* d_offs = nullptr;
  CK(cudaMalloc(&raw, span + ((size_t)2 << 20)));
  CK(cudaMemset(raw, 0, span + ((size_t)2 << 20)));
  CK(cudaMalloc(&d_offs, 64 * sizeof(int)));
  const unsigned* tab = (const unsigned*)(((uintptr_t)raw + ((1ul << 21) - 1)) & ~((uintptr_t)(1ul << 21) - 1));
  log_table("mech_gather5", tab);
  auto three_and = [&](const std::string& tag, int x) {
    for (int out = 0; out < 4; ++out) {
      std::vector<int> L;
      for (int j = 0; j < 4; ++j)
        if (j != out) L.push_back(j);
      L.push_back(x);
      tag_row(c, tab, d_offs, "o" + std::to_string(out) + "_" + tag, L);
    }
  };
  for (int k = 2; k <= 17; ++k) three_and("b" + std::to_string(k), 1 << k);
  static const int pk[][2] = {{8, 9}, {8, 10}, {9, 12}, {10, 13}, {11, 15}, {8, 16}, {12, 17}, {14, 15}, {4, 8}, {7, 14}};
  for (const auto& q : pk) three_and("b" + std::to_string(q[0]) + "b" + std::to_string(q[1]), (1 << q[0]) + (1 << q[1]));
  for (int k : {8, 12, 16}) three_and("b" + std::to_string(k) + "p3", (1 << k) + 3);
  std::vector<std::pair<std::string, std::vector<int>>> pats;
  for (int d : {3, 4, 5, 256}) pats.push_back({"p4_" + std::to_string(d), {0, d, 2 * d, 3 * d}});
  for (int d : {3, 5, 6, 7, 12, 24}) {
    std::vector<int> L;
    for (int i = 0; i < 8; ++i) L.push_back(i * d);
    pats.push_back({"p8_" + std::to_string(d), L});
  }
  unsigned x = 12345u;  // mech_gather3's r8 lists (the same LCG)
  for (int r = 0; r < 12; ++r) {
    const int sp = r < 6 ? 32 : 256;
    std::vector<int> L;
    while ((int)L.size() < 8) {
      x = x * 1664525u + 1013904223u;
      const int v = (int)((x >> 8) % (unsigned)sp);
      if (std::find(L.begin(), L.end(), v) == L.end()) L.push_back(v);
    }
    pats.push_back({"r8_" + std::to_string(r), L});
  }
  for (const auto& pt : pats) {
    tag_row(c, tab, d_offs, "a0_" + pt.first, pt.second);
    tag_row(c, tab + 4 * 32, d_offs, "a512_" + pt.first, pt.second);
  }
  CK(cudaFree(d_offs));
  CK(cudaFree(raw));
}

// mech_ldgaddr (round 20): what bounds a one-wavefront L1 load at 32 warps (l1_gather's coalesced
// loads take 1.53 SM cycles each, an LDS 1.03). l1_addr<MODE, PER>: 4 dependent chains a warp, each
// step PER loads (the second 4 KB past the first, the same address register) of a zero table,
// lanes on consecutive words (one wavefront each). MODE 0: the address as l1_gather's, IMAD.WIDE.U32
// of the index (two passes of the 16-lane fmaheavy pipe); MODE 1: a 64-bit pointer advanced by the
// loaded value with add.cc / addc (IADD3 and IADD3.X on the ALU), no IMAD. If the 16-lane pipe's
// IMAD.WIDE bounds l1_gather, MODE 0 PER 2 and MODE 1 fall to the L1's cycle a load; if the load path
// does, they stay at 1.53.
template <int MODE, int PER>
__global__ void l1_addr(float* out, const unsigned* tab, const int* offs, int n, BlockRec* rec) {
  const unsigned lane = threadIdx.x & 31u;
  const unsigned off = (unsigned)offs[lane];
  unsigned b[4], lo[4], hi[4];
#pragma unroll
  for (int k = 0; k < 4; ++k) {
    b[k] = (unsigned)offs[32 + k];  // 0
    const unsigned long long a = (unsigned long long)(tab + off + b[k]);
    lo[k] = (unsigned)a, hi[k] = (unsigned)(a >> 32);
  }
  unsigned warm = tab[off] + tab[off + 1024];
  if (warm == 0xFFFFFFFFu) out[imp_gtid()] = -1.f;  // never true
  imp_begin(rec);
#pragma unroll 1
  for (int t = 0; t < n; ++t) {
#pragma unroll
    for (int r = 0; r < 4; ++r)
#pragma unroll
      for (int k = 0; k < 4; ++k) {
        if (MODE == 0) {
          const unsigned* p = tab + (b[k] + off);
          b[k] = PER == 2 ? p[0] + p[1024] : p[0];
        } else {
          const unsigned* p = (const unsigned*)(((unsigned long long)hi[k] << 32) | lo[k]);
          const unsigned v = PER == 2 ? p[0] + p[1024] : p[0];
          asm("add.cc.u32 %0, %0, %2;\n\taddc.u32 %1, %1, 0;" : "+r"(lo[k]), "+r"(hi[k]) : "r"(v));
        }
      }
  }
  unsigned s = 0;
#pragma unroll
  for (int k = 0; k < 4; ++k) s ^= b[k] ^ lo[k];
  out[imp_gtid()] = (float)s;
  imp_end(rec);
}

template <int MODE, int PER>
static void run_ldgaddr(Ctx& c, const unsigned* d_tab, const int* d_offs) {
  const int n = 64;
  for (int W : {1, 2, 4, 8, 16, 32}) {
    const LaunchCfg L = cfg_W(c.sms, W);
    const Meas m = measure(c, l1_addr<MODE, PER>, L, (float*)c.d_out, d_tab, d_offs, n, c.d_rec);
    imp_row(c, "mech_ldgaddr", (const void*)l1_addr<MODE, PER>, std::string(MODE ? "ptr" : "wide") + "_x" + std::to_string(PER), 4, W,
            L.bps, L.tpb, n, "loads_per_step=" + std::to_string(PER) + ";steps_per_thread=" + std::to_string(4 * n * 4), m);
  }
}

void group_mech_ldgaddr(Ctx& c) {
  unsigned* d_tab = nullptr;
  int* d_offs = nullptr;
  CK(cudaMalloc(&d_tab, 64 * 1024));
  CK(cudaMemset(d_tab, 0, 64 * 1024));
  log_table("mech_ldgaddr", d_tab);
  CK(cudaMalloc(&d_offs, 64 * sizeof(int)));
  upload_lane_offs(d_offs, [&](int l) { return l; });
  run_ldgaddr<0, 1>(c, d_tab, d_offs);
  run_ldgaddr<0, 2>(c, d_tab, d_offs);
  run_ldgaddr<1, 1>(c, d_tab, d_offs);
  run_ldgaddr<1, 2>(c, d_tab, d_offs);
  CK(cudaFree(d_offs));
  CK(cudaFree(d_tab));
}

// mech_sstore (round 20): do shared-memory stores and shared atomics obey LDS's banks? s_store<WD, OP>:
// every lane stores WD bytes (OP 0: st.shared, STS) or adds a word (OP 1: red.shared.add, ATOMS) at
// its pattern's offset, 8 a trip, the same address each time (asm volatile: every store kept).
// SM cycles a warp store at 32 warps give its wavefronts; a lone warp, what it waits for them.
template <int WD, int OP>
__global__ void s_store(float* out, const int* offs, int n, BlockRec* rec) {
  extern __shared__ unsigned s_tab[];
  const unsigned lane = threadIdx.x & 31u;
  const unsigned off = (unsigned)offs[lane];
  for (unsigned j = threadIdx.x; j < 16384u / 4u; j += blockDim.x) s_tab[j] = 0u;
  const unsigned addr = (unsigned)__cvta_generic_to_shared(s_tab) + off * WD;
  imp_begin(rec);
#pragma unroll 1
  for (int t = 0; t < n; ++t) {
#pragma unroll
    for (int r = 0; r < 8; ++r) {
      const unsigned v = (unsigned)(t + r);
      if (OP == 1)
        asm volatile("red.shared.add.u32 [%0], %1;" ::"r"(addr), "r"(v));
      else if (WD == 16)
        asm volatile("st.shared.v4.u32 [%0], {%1, %2, %3, %4};" ::"r"(addr), "r"(v), "r"(v + 1), "r"(v + 2), "r"(v + 3));
      else if (WD == 8)
        asm volatile("st.shared.v2.u32 [%0], {%1, %2};" ::"r"(addr), "r"(v), "r"(v + 1));
      else
        asm volatile("st.shared.u32 [%0], %1;" ::"r"(addr), "r"(v));
    }
  }
  __syncthreads();
  out[imp_gtid()] = (float)s_tab[threadIdx.x % 4096u];
  imp_end(rec);
}

template <int WD, int OP>
static void run_sstore(Ctx& c, int* d_offs, const char* name, int (*f)(int)) {
  upload_lane_offs(d_offs, f);
  const int n = 64;
  for (int W : {1, 8, 32}) {
    const LaunchCfg L = cfg_W(c.sms, W);
    const Meas m = measure(c, s_store<WD, OP>, L, (float*)c.d_out, (const int*)d_offs, n, c.d_rec);
    imp_row(c, "mech_sstore", (const void*)s_store<WD, OP>, name, 1, W, L.bps, L.tpb, n,
            "wd=" + std::to_string(WD) + ";op=" + std::string(OP ? "red" : "st") + ";stores_per_thread=" + std::to_string(8 * n), m);
  }
}

void group_mech_sstore(Ctx& c) {
  int* d_offs = nullptr;
  CK(cudaMalloc(&d_offs, 64 * sizeof(int)));
  run_sstore<4, 0>(c, d_offs, "st_coal", [](int l) { return l; });
  run_sstore<4, 0>(c, d_offs, "st_w2", [](int l) { return 2 * l; });
  run_sstore<4, 0>(c, d_offs, "st_w4", [](int l) { return 4 * l; });
  run_sstore<4, 0>(c, d_offs, "st_w8", [](int l) { return 8 * l; });
  run_sstore<4, 0>(c, d_offs, "st_w32", [](int l) { return 32 * l; });
  run_sstore<4, 0>(c, d_offs, "st_bcast", [](int) { return 0; });
  run_sstore<8, 0>(c, d_offs, "st_h_coal", [](int l) { return l; });
  run_sstore<8, 0>(c, d_offs, "st_h_w16", [](int l) { return 16 * l; });
  run_sstore<16, 0>(c, d_offs, "st_q_coal", [](int l) { return l; });
  run_sstore<16, 0>(c, d_offs, "st_q_w8", [](int l) { return 8 * l; });
  run_sstore<4, 1>(c, d_offs, "red_coal", [](int l) { return l; });
  run_sstore<4, 1>(c, d_offs, "red_w2", [](int l) { return 2 * l; });
  run_sstore<4, 1>(c, d_offs, "red_w32", [](int l) { return 32 * l; });
  run_sstore<4, 1>(c, d_offs, "red_bcast", [](int) { return 0; });
  CK(cudaFree(d_offs));
}

// mech_iwmix (round 20): does IMAD.WIDE share a resource with loads? l1_gather's coalesced loads
// take 1.58 SM cycles at 32 warps with an IMAD.WIDE.U32 a load for their address, 1.02 with
// IADD3/IMAD.X instead (mech_ldgaddr). iw_mix<NIW, NLD, KIND>: a trip of NIW IMAD.WIDE.U32 in 4
// independent chains (x = x.lo * c + x) and NLD independent loads, KIND 0 LDG of an L1-resident
// line (lanes on consecutive words, fixed addresses: no address arithmetic), 1 LDS, 2 none (NLD
// IADD3 of registers instead), each added into 4 accumulators (IADD3). Alone and together: if
// the pipes are apart, together takes the longer of the two alone.
template <int NIW, int NLD, int KIND>
__global__ void iw_mix(float* out, const unsigned* tab, int n, unsigned cm, BlockRec* rec) {
  __shared__ unsigned s_tab[2048];
  const unsigned lane = threadIdx.x & 31u;
  for (unsigned j = threadIdx.x; j < 2048u; j += blockDim.x) s_tab[j] = 0u;
  __syncthreads();
  unsigned long long x[4];
  unsigned acc[4];
#pragma unroll
  for (int k = 0; k < 4; ++k) x[k] = threadIdx.x + 3u * k + 1u, acc[k] = 0u;
  const unsigned* p = tab + lane;
  const unsigned* sp = s_tab + lane;
  const unsigned c = cm | 1u;
  imp_begin(rec);
#pragma unroll 1
  for (int t = 0; t < n; ++t) {
#pragma unroll
    for (int j = 0; j < 8; ++j) {
      if (j < NIW) asm("mad.wide.u32 %0, %1, %2, %0;" : "+l"(x[j & 3]) : "r"((unsigned)x[j & 3]), "r"(c));
      if (j < NLD) {
        unsigned v;
        if (KIND == 0)
          v = p[32 * j];
        else if (KIND == 1)
          v = sp[32 * j];
        else
          v = acc[(j + 1) & 3] ^ c;
        acc[j & 3] += v;
      }
    }
  }
  unsigned s = 0;
#pragma unroll
  for (int k = 0; k < 4; ++k) s ^= (unsigned)x[k] ^ (unsigned)(x[k] >> 32) ^ acc[k];
  out[imp_gtid()] = (float)s;
  imp_end(rec);
}

template <int NIW, int NLD, int KIND>
static void run_iwmix(Ctx& c, const unsigned* d_tab, const char* name) {
  const int n = 128;
  for (int W : {1, 8, 16, 32}) {
    const LaunchCfg L = cfg_W(c.sms, W);
    const Meas m = measure(c, iw_mix<NIW, NLD, KIND>, L, (float*)c.d_out, d_tab, n, 0x9E3779B9u, c.d_rec);
    imp_row(c, "mech_iwmix", (const void*)iw_mix<NIW, NLD, KIND>, name, 4, W, L.bps, L.tpb, n,
            "iw=" + std::to_string(NIW) + ";loads=" + std::to_string(NLD) + ";kind=" + std::string(KIND == 0 ? "ldg" : KIND == 1 ? "lds" : "alu") +
                ";trips=" + std::to_string(n),
            m);
  }
}

void group_mech_iwmix(Ctx& c) {
  unsigned* d_tab = nullptr;
  CK(cudaMalloc(&d_tab, 64 * 1024));
  CK(cudaMemset(d_tab, 0, 64 * 1024));
  log_table("mech_iwmix", d_tab);
  run_iwmix<8, 0, 0>(c, d_tab, "iw");
  run_iwmix<0, 8, 0>(c, d_tab, "ldg");
  run_iwmix<8, 8, 0>(c, d_tab, "iw_ldg");
  run_iwmix<0, 8, 1>(c, d_tab, "lds");
  run_iwmix<8, 8, 1>(c, d_tab, "iw_lds");
  run_iwmix<0, 8, 2>(c, d_tab, "alu");
  run_iwmix<8, 8, 2>(c, d_tab, "iw_alu");
  run_iwmix<4, 8, 0>(c, d_tab, "iw4_ldg");
  CK(cudaFree(d_tab));
}

// mech_iwchain (round 20, after mech_iwmix): IMAD.WIDE beside other work, the SASS pinned by inline
// PTX. iw_chain<V>: 4 chains a warp of p = mad.wide.u32(i, 4, base), i the low word of the last p
// (IMAD.WIDE.U32 R, R, 0x4, R: one instruction a step), 4 steps a chain a trip, and beside each step:
// V 0 nothing, 1/2/4 that many SHF of other registers (ALU, independent), 5 one SHF in the chain
// (i = shf(p.lo, p.hi)), 6 one FFMA (fma pipe), 7 one IMAD (fmaheavy) of other registers.
// The work beside each IMAD.WIDE step of iw_chain and iw_hl (V: 1, 2 or 4 SHF of other registers,
// 6 one FFMA, 7 one IMAD; 0 and 5 nothing here), chain k of 4.
template <int V>
__device__ __forceinline__ void iw_beside(int k, unsigned (&acc)[4], float (&f)[4], unsigned k2) {
  const int nalu = V == 1 ? 1 : V == 2 ? 2 : V == 4 ? 4 : 0;
#pragma unroll
  for (int j = 0; j < nalu; ++j)
    asm("shf.l.wrap.b32 %0, %0, %1, 5;" : "+r"(acc[(k + j) & 3]) : "r"(acc[(k + j + 1) & 3]));
  if (V == 6) asm("fma.rn.f32 %0, %0, 0f3F800347, 0f3F000000;" : "+f"(f[k]));
  if (V == 7) asm("mad.lo.u32 %0, %0, %1, %2;" : "+r"(acc[k]) : "r"(k2), "r"(acc[(k + 1) & 3]));
}

template <int V>
__global__ void iw_chain(float* out, const unsigned* bp, int n, unsigned a, BlockRec* rec) {
  const unsigned long long base = (unsigned long long)bp;
  unsigned i[4], acc[4];
  unsigned long long p[4];
  float f[4];
  const unsigned k2 = a | 1u;
#pragma unroll
  for (int k = 0; k < 4; ++k) i[k] = threadIdx.x * 3u + k, acc[k] = threadIdx.x + 7u * k, f[k] = (float)k, p[k] = 0;
  imp_begin(rec);
#pragma unroll 1
  for (int t = 0; t < n; ++t) {
#pragma unroll
    for (int r = 0; r < 4; ++r)
#pragma unroll
      for (int k = 0; k < 4; ++k) {
        asm("mad.wide.u32 %0, %1, 4, %2;" : "=l"(p[k]) : "r"(i[k]), "l"(base));
        if (V == 5)
          asm("shf.l.wrap.b32 %0, %1, %2, 5;" : "=r"(i[k]) : "r"((unsigned)p[k]), "r"((unsigned)(p[k] >> 32)));
        else
          i[k] = (unsigned)p[k];
        iw_beside<V>(k, acc, f, k2);
      }
  }
  unsigned s = 0;
#pragma unroll
  for (int k = 0; k < 4; ++k) s ^= i[k] ^ acc[k] ^ __float_as_uint(f[k]);
  out[imp_gtid()] = (float)s;
  imp_end(rec);
}

template <int V>
static void run_iwchain(Ctx& c, const unsigned* d_tab, const char* name) {
  const int n = 256;
  for (int W : {1, 8, 16, 32}) {
    const LaunchCfg L = cfg_W(c.sms, W);
    const Meas m = measure(c, iw_chain<V>, L, (float*)c.d_out, d_tab, n, 0x9E3779B9u, c.d_rec);
    imp_row(c, "mech_iwchain", (const void*)iw_chain<V>, name, 4, W, L.bps, L.tpb, n,
            "v=" + std::to_string(V) + ";steps_per_thread=" + std::to_string(16 * n), m);
  }
}

void group_mech_iwchain(Ctx& c) {
  unsigned* d_tab = nullptr;
  CK(cudaMalloc(&d_tab, 4096));
  run_iwchain<0>(c, d_tab, "iw");
  run_iwchain<1>(c, d_tab, "iw_shf1");
  run_iwchain<2>(c, d_tab, "iw_shf2");
  run_iwchain<4>(c, d_tab, "iw_shf4");
  run_iwchain<5>(c, d_tab, "iw_dshf");
  run_iwchain<6>(c, d_tab, "iw_ffma");
  run_iwchain<7>(c, d_tab, "iw_imad");
  CK(cudaFree(d_tab));
}

// mech_iwhl (round 20, third try): IMAD.WIDE whose both words are used, so ptxas keeps it (round 18's
// op_tput form: w = mul.wide.u32(x, a), x = hi(w) ^ lo(w): IMAD.WIDE.U32 and a LOP3 a step), 4 chains
// a warp, beside each step: V 0 nothing, 1 one SHF of other registers, 2 two, 6 one FFMA, 7 one IMAD.
template <int V>
__global__ void iw_hl(float* out, const unsigned* ab, int n, BlockRec* rec) {
  const unsigned a = ab[0] | 1u, k2 = ab[1] | 3u;
  unsigned x[4], acc[4];
  float f[4];
#pragma unroll
  for (int k = 0; k < 4; ++k) x[k] = threadIdx.x * 3u + 7u * k + 1u, acc[k] = threadIdx.x + 5u * k, f[k] = (float)k;
  if (a == 12345u) out[imp_gtid()] = -1.f;  // never true
  imp_begin(rec);
#pragma unroll 1
  for (int t = 0; t < n; ++t) {
#pragma unroll
    for (int r = 0; r < 4; ++r)
#pragma unroll
      for (int k = 0; k < 4; ++k) {
        unsigned long long w;
        asm volatile("mul.wide.u32 %0, %1, %2;" : "=l"(w) : "r"(x[k]), "r"(a));
        x[k] = (unsigned)(w >> 32) ^ (unsigned)w;
        iw_beside<V>(k, acc, f, k2);
      }
  }
  unsigned s = 0;
#pragma unroll
  for (int k = 0; k < 4; ++k) s ^= x[k] ^ acc[k] ^ __float_as_uint(f[k]);
  out[imp_gtid()] = (float)s;
  imp_end(rec);
}

// The operand table of the ALU-step groups (mech_iwhl, mech_iwmode, mech_rbank, mech_rreuse, mech_rreuse2, mech_iwword), in device
// memory so that ptxas cannot fold it: words 0-3 hash constants (iw_hl, iw_mode read 0 and 1), 4-7 the
// FFMA operands a = 1.0001 (4, 5) and b = 0.4999 (6, 7), by lane parity. The caller frees it.
static unsigned* alu_table() {
  unsigned* d_ab = nullptr;
  CK(cudaMalloc(&d_ab, 32));
  const float one = 1.0001f, half = 0.4999f;
  unsigned h[8] = {0x9E3779B9u, 0x85EBCA6Bu, 0x2545F491u, 0x27D4EB2Fu, 0, 0, 0, 0};
  memcpy(&h[4], &one, 4), memcpy(&h[5], &one, 4), memcpy(&h[6], &half, 4), memcpy(&h[7], &half, 4);
  CK(cudaMemcpy(d_ab, h, sizeof h, cudaMemcpyHostToDevice));
  return d_ab;
}

// The ALU-step kernels k(out, ab, n, rec): 16 steps a trip, n trips, their chains `ilp`.
typedef void (*AluKernel)(float*, const unsigned*, int, BlockRec*);
struct AluStep {
  AluKernel k;
  const char* name;
  std::string param;
  int ilp;
};

// A group of ALU-step kernels, each at every W of Ws, over one operand table (alu_table).
static void run_alu_group(Ctx& c, const char* group, int n, std::initializer_list<int> Ws,
                          std::initializer_list<AluStep> steps) {
  const unsigned* d_ab = alu_table();
  for (const AluStep& st : steps)
    run_rows(c, st.k, group, st.name, st.ilp, n, st.param + ";steps_per_thread=" + std::to_string(16 * n), Ws, d_ab, n);
  CK(cudaFree((void*)d_ab));
}

void group_mech_iwhl(Ctx& c) {
  run_alu_group(c, "mech_iwhl", 256, {1, 8, 16, 32},
                {{iw_hl<0>, "iw_lop", "v=0", 4},
                 {iw_hl<1>, "iw_lop_shf1", "v=1", 4},
                 {iw_hl<2>, "iw_lop_shf2", "v=2", 4},
                 {iw_hl<6>, "iw_lop_ffma", "v=6", 4},
                 {iw_hl<7>, "iw_lop_imad", "v=7", 4}});
}

// mech_iwmode (round 21): whether the work beside IMAD.WIDE adds (mech_iwhl: 2 cycles for the
// IMAD.WIDE plus every other instruction's own interval) or overlaps as it does without IMAD.WIDE
// (mech_iwchain: LEA and an IMAD 2.27 cycles a step), and whether that depends on how dense the
// IMAD.WIDE are. iw_mode<IW, R, KIND>: 4 chains a warp, 16 steps a trip; a step is (IW) one
// x = hi ^ lo of mul.wide.u32 (IMAD.WIDE.U32 + LOP3, as iw_hl) and R pairs of independent work on
// 4 other accumulators: KIND 0 one SHF (ALU) and one IMAD (fmaheavy), KIND 1 one SHF and one FFMA,
// KIND 2 one FFMA only (R FFMA a step).
template <int IW, int R, int KIND>
__global__ void iw_mode(float* out, const unsigned* ab, int n, BlockRec* rec) {
  const unsigned a = ab[0] | 1u, k2 = ab[1] | 3u;
  unsigned x[4], acc[4], m[4];
  float f[4];
#pragma unroll
  for (int k = 0; k < 4; ++k)
    x[k] = threadIdx.x * 3u + 7u * k + 1u, acc[k] = threadIdx.x + 5u * k, m[k] = threadIdx.x ^ (11u * k),
    f[k] = (float)(threadIdx.x + k);
  if (a == 12345u) out[imp_gtid()] = -1.f;  // never true
  imp_begin(rec);
#pragma unroll 1
  for (int t = 0; t < n; ++t) {
#pragma unroll
    for (int r = 0; r < 4; ++r)
#pragma unroll
      for (int k = 0; k < 4; ++k) {
        if (IW) {
          unsigned long long w;
          asm volatile("mul.wide.u32 %0, %1, %2;" : "=l"(w) : "r"(x[k]), "r"(a));
          x[k] = (unsigned)(w >> 32) ^ (unsigned)w;
        }
#pragma unroll
        for (int j = 0; j < R; ++j) {
          const int q = (k + j) & 3;
          if (KIND != 2) asm volatile("shf.l.wrap.b32 %0, %0, %1, 5;" : "+r"(acc[q]) : "r"(acc[(q + 1) & 3]));
          if (KIND == 0) asm volatile("mad.lo.u32 %0, %0, %1, %2;" : "+r"(m[q]) : "r"(k2), "r"(m[(q + 1) & 3]));
          if (KIND != 0) asm volatile("fma.rn.f32 %0, %0, 0f3F800347, 0f3F000000;" : "+f"(f[q]));
        }
      }
  }
  unsigned s = 0;
#pragma unroll
  for (int k = 0; k < 4; ++k) s ^= x[k] ^ acc[k] ^ m[k] ^ __float_as_uint(f[k]);
  out[imp_gtid()] = (float)s;
  imp_end(rec);
}

void group_mech_iwmode(Ctx& c) {
  run_alu_group(c, "mech_iwmode", 128, {1, 8, 32},
                {{iw_mode<1, 0, 0>, "iw", "iw=1;r=0;kind=0", 4},
                 {iw_mode<0, 1, 0>, "si1", "iw=0;r=1;kind=0", 4},
                 {iw_mode<0, 4, 0>, "si4", "iw=0;r=4;kind=0", 4},
                 {iw_mode<0, 1, 1>, "sf1", "iw=0;r=1;kind=1", 4},
                 {iw_mode<0, 4, 2>, "f4", "iw=0;r=4;kind=2", 4},
                 {iw_mode<1, 1, 0>, "iw_si1", "iw=1;r=1;kind=0", 4},
                 {iw_mode<1, 2, 0>, "iw_si2", "iw=1;r=2;kind=0", 4},
                 {iw_mode<1, 4, 0>, "iw_si4", "iw=1;r=4;kind=0", 4},
                 {iw_mode<1, 8, 0>, "iw_si8", "iw=1;r=8;kind=0", 4},
                 {iw_mode<1, 2, 1>, "iw_sf2", "iw=1;r=2;kind=1", 4},
                 {iw_mode<1, 4, 2>, "iw_f4", "iw=1;r=4;kind=2", 4}});
}

// mech_rbank (round 21): the register banks shared by a scheduler's pipes. rb_pair<K>: 4 accumulators
// of each kind a warp, 16 steps a trip; a step is one ALU instruction and one FMA-side instruction of
// other registers, reading between them: K 0: SHF (2 registers) + FFMA f*c+c (1); 1: SHF + FFMA f*a+c (2);
// 2: SHF + FFMA f*a+b (3); 3: IADD3 x+y+z (3) + FFMA f*a+b (3); 4: IADD3 x+y+z + IMAD m*k+m' (3);
// 5: LOP3 x^y (2) + IMAD m*k+m' (3). a, b, k come from memory (registers, not uniform).
template <int K>
__global__ void rb_pair(float* out, const unsigned* ab, int n, BlockRec* rec) {
  const unsigned l = threadIdx.x & 1u;
  const unsigned k2 = ab[2 + l] | 3u;
  const float fa = __uint_as_float(ab[4 + l]), fb = __uint_as_float(ab[6 + l]);
  unsigned acc[4], m[4];
  float f[4];
#pragma unroll
  for (int q = 0; q < 4; ++q)
    acc[q] = threadIdx.x + 5u * q, m[q] = threadIdx.x ^ (11u * q), f[q] = (float)(threadIdx.x + q);
  if (k2 == 12345u) out[imp_gtid()] = -1.f;  // never true
  imp_begin(rec);
#pragma unroll 1
  for (int t = 0; t < n; ++t) {
#pragma unroll
    for (int r = 0; r < 4; ++r)
#pragma unroll
      for (int q = 0; q < 4; ++q) {
        const int p = (q + 1) & 3, p2 = (q + 2) & 3;
        if (K <= 2) asm volatile("shf.l.wrap.b32 %0, %0, %1, 5;" : "+r"(acc[q]) : "r"(acc[p]));
        if (K == 3 || K == 4) asm volatile("add.u32 %0, %0, %1;\n\tadd.u32 %0, %0, %2;" : "+r"(acc[q]) : "r"(acc[p]), "r"(acc[p2]));
        if (K == 5) asm volatile("xor.b32 %0, %0, %1;" : "+r"(acc[q]) : "r"(acc[p]));
        if (K == 0) asm volatile("fma.rn.f32 %0, %0, 0f3F800347, 0f3F000000;" : "+f"(f[q]));
        if (K == 1) asm volatile("fma.rn.f32 %0, %0, %1, 0f3F000000;" : "+f"(f[q]) : "f"(fa));
        if (K == 2 || K == 3) asm volatile("fma.rn.f32 %0, %0, %1, %2;" : "+f"(f[q]) : "f"(fa), "f"(fb));
        if (K >= 4) asm volatile("mad.lo.u32 %0, %0, %1, %2;" : "+r"(m[q]) : "r"(k2), "r"(m[p]));
      }
  }
  unsigned s = 0;
#pragma unroll
  for (int q = 0; q < 4; ++q) s ^= acc[q] ^ m[q] ^ __float_as_uint(f[q]);
  out[imp_gtid()] = (float)s;
  imp_end(rec);
}

void group_mech_rbank(Ctx& c) {
  run_alu_group(c, "mech_rbank", 128, {1, 8, 32},
                {{rb_pair<0>, "shf_f1", "k=0", 4},
                 {rb_pair<1>, "shf_f2", "k=1", 4},
                 {rb_pair<2>, "shf_f3", "k=2", 4},
                 {rb_pair<3>, "iadd3_f3", "k=3", 4},
                 {rb_pair<4>, "iadd3_imad", "k=4", 4},
                 {rb_pair<5>, "lop_imad", "k=5", 4}});
}

// mech_rreuse (round 21, after mech_rbank): which instructions empty the FFMA's reuse cache.
// rb_reuse<V>: 4 chains of f = f * a + b (a, b registers loaded from memory: ptxas flags them .reuse
// for the next FFMA), and between consecutive FFMAs one ALU instruction of other registers: V 0 none,
// 1 SHF (2 registers), 2 IMNMX (min.u32, 2), 3 IADD3 (3), 4 LOP3 with an immediate (1); 5 (round 22,
// mech_rreuse2) nothing between and a an immediate: f = f * 1.0001 + b.
template <int V>
__global__ void rb_reuse(float* out, const unsigned* ab, int n, BlockRec* rec) {
  const unsigned l = threadIdx.x & 1u;
  const float fa = __uint_as_float(ab[4 + l]), fb = __uint_as_float(ab[6 + l]);
  unsigned acc[4];
  float f[4];
#pragma unroll
  for (int q = 0; q < 4; ++q) acc[q] = threadIdx.x + 5u * q, f[q] = (float)(threadIdx.x + q);
  if (ab[0] == 12345u) out[imp_gtid()] = -1.f;  // never true
  imp_begin(rec);
#pragma unroll 1
  for (int t = 0; t < n; ++t) {
#pragma unroll
    for (int r = 0; r < 4; ++r)
#pragma unroll
      for (int q = 0; q < 4; ++q) {
        const int p = (q + 1) & 3, p2 = (q + 2) & 3;
        if (V == 5)  // a an immediate: f and b in two banks, no read of a to keep (mech_rreuse2)
          asm volatile("fma.rn.f32 %0, %0, 0f3F800347, %1;" : "+f"(f[q]) : "f"(fb));
        else
          asm volatile("fma.rn.f32 %0, %0, %1, %2;" : "+f"(f[q]) : "f"(fa), "f"(fb));
        if (V == 1) asm volatile("shf.l.wrap.b32 %0, %0, %1, 5;" : "+r"(acc[q]) : "r"(acc[p]));
        if (V == 2) asm volatile("min.u32 %0, %0, %1;" : "+r"(acc[q]) : "r"(acc[p]));
        if (V == 3) asm volatile("add.u32 %0, %0, %1;\n\tadd.u32 %0, %0, %2;" : "+r"(acc[q]) : "r"(acc[p]), "r"(acc[p2]));
        if (V == 4) asm volatile("xor.b32 %0, %0, 0x55;" : "+r"(acc[q]));
      }
  }
  unsigned s = 0;
#pragma unroll
  for (int q = 0; q < 4; ++q) s ^= acc[q] ^ __float_as_uint(f[q]);
  out[imp_gtid()] = (float)s;
  imp_end(rec);
}

void group_mech_rreuse(Ctx& c) {
  run_alu_group(c, "mech_rreuse", 128, {1, 8, 32},
                {{rb_reuse<0>, "ffma", "v=0", 4},
                 {rb_reuse<1>, "ffma_shf", "v=1", 4},
                 {rb_reuse<2>, "ffma_imnmx", "v=2", 4},
                 {rb_reuse<3>, "ffma_iadd3", "v=3", 4},
                 {rb_reuse<4>, "ffma_lop_imm", "v=4", 4}});
}

// mech_iwword (round 22): when each word of an IMAD.WIDE's result is ready. Round 22 read from
// mech_iwmix's lone warp that a reader of the low word alone gets it 2 cycles before a reader of the
// high word (7 and 9 cycles after the IMAD.WIDE for an ALU reader). iw_word<V, ILP>: ILP chains a
// warp, 16 steps a trip; a step is w = mul.wide.u32(x, a) (IMAD.WIDE.U32, both words used, so ptxas
// keeps it), then on the chain V 0 x = lo(w) ^ k, 1 x = hi(w) ^ k, 2 x = hi(w) ^ lo(w) (iw_hl's
// step), and for V 0 and 1 the other word folded off the chain into h (one LOP3 more).
template <int V, int ILP>
__global__ void iw_word(float* out, const unsigned* ab, int n, BlockRec* rec) {
  const unsigned a = ab[0] | 1u, k2 = ab[1] | 3u;
  unsigned x[ILP], h[ILP];
#pragma unroll
  for (int k = 0; k < ILP; ++k) x[k] = threadIdx.x * 3u + 7u * k + 1u, h[k] = threadIdx.x + 5u * k;
  if (a == 12345u) out[imp_gtid()] = -1.f;  // never true
  imp_begin(rec);
#pragma unroll 1
  for (int t = 0; t < n; ++t) {
#pragma unroll
    for (int r = 0; r < 16 / ILP; ++r)
#pragma unroll
      for (int k = 0; k < ILP; ++k) {
        unsigned long long w;
        asm volatile("mul.wide.u32 %0, %1, %2;" : "=l"(w) : "r"(x[k]), "r"(a));
        const unsigned lo = (unsigned)w, hi = (unsigned)(w >> 32);
        if (V == 0) x[k] = lo ^ k2, h[k] ^= hi;
        if (V == 1) x[k] = hi ^ k2, h[k] ^= lo;
        if (V == 2) x[k] = hi ^ lo;
      }
  }
  unsigned s = 0;
#pragma unroll
  for (int k = 0; k < ILP; ++k) s ^= x[k] ^ h[k];
  out[imp_gtid()] = (float)s;
  imp_end(rec);
}

void group_mech_iwword(Ctx& c) {
  run_alu_group(c, "mech_iwword", 256, {1, 8, 32},
                {{iw_word<0, 1>, "lo_ilp1", "v=0", 1},
                 {iw_word<1, 1>, "hi_ilp1", "v=1", 1},
                 {iw_word<2, 1>, "both_ilp1", "v=2", 1},
                 {iw_word<0, 2>, "lo_ilp2", "v=0", 2},
                 {iw_word<1, 2>, "hi_ilp2", "v=1", 2},
                 {iw_word<2, 2>, "both_ilp2", "v=2", 2}});
}

// mech_rreuse2 (round 22): is the reuse cache lost when the scheduler switches warps? rb_reuse<0> (FFMA
// f, a, f, b: f and a in one bank, so an FFMA without a's reuse reads that bank twice) against
// rb_reuse<5> (f * imm + b: no read to keep) at 1-8 warps a scheduler.
void group_mech_rreuse2(Ctx& c) {
  run_alu_group(c, "mech_rreuse2", 128, {1, 4, 8, 12, 16, 24, 32},
                {{rb_reuse<0>, "ffma", "v=0", 4}, {rb_reuse<5>, "ffma_imm", "v=5", 4}});
}

// mech_pinc (round 23, after course.cu's hist): ptxas compiles atomicAdd(&s[i], 1u) on shared memory to
// ATOMS.POPC.INC.32 (an increment by a count of lanes), not the ATOMS.ADD of mech_sstore's red.shared.add,
// and hist's same input (a warp's 32 lanes on one bin) ran as fast as its lane input (32 bins). s_pinc:
// every lane atomicAdd(&s_tab[off], 1u) at its pattern's offset, 8 a trip (each kept: an atomic).
__global__ void s_pinc(float* out, const int* offs, int n, BlockRec* rec) {
  __shared__ unsigned s_tab[4096];
  const unsigned lane = threadIdx.x & 31u;
  const unsigned off = (unsigned)offs[lane];
  for (unsigned j = threadIdx.x; j < 4096u; j += blockDim.x) s_tab[j] = 0u;
  imp_begin(rec);
#pragma unroll 1
  for (int t = 0; t < n; ++t) {
#pragma unroll
    for (int r = 0; r < 8; ++r) atomicAdd(&s_tab[off], 1u);
  }
  __syncthreads();
  out[imp_gtid()] = (float)s_tab[threadIdx.x % 4096u];
  imp_end(rec);
}

static void run_pinc(Ctx& c, int* d_offs, const char* name, int (*f)(int)) {
  upload_lane_offs(d_offs, f);
  const int n = 64;
  for (int W : {1, 8, 32}) {
    const LaunchCfg L = cfg_W(c.sms, W);
    const Meas m = measure(c, s_pinc, L, (float*)c.d_out, (const int*)d_offs, n, c.d_rec);
    imp_row(c, "mech_pinc", (const void*)s_pinc, name, 1, W, L.bps, L.tpb, n,
            "incs_per_thread=" + std::to_string(8 * n), m);
  }
}

void group_mech_pinc(Ctx& c) {
  int* d_offs = nullptr;
  CK(cudaMalloc(&d_offs, 64 * sizeof(int)));
  run_pinc(c, d_offs, "coal", [](int l) { return l; });              // 32 words, 32 banks
  run_pinc(c, d_offs, "w2", [](int l) { return 2 * l; });            // 32 words, 2 a bank
  run_pinc(c, d_offs, "w32", [](int l) { return 32 * l; });          // 32 words of bank 0
  run_pinc(c, d_offs, "bcast", [](int) { return 0; });               // one word
  run_pinc(c, d_offs, "pairs", [](int l) { return l >> 1; });        // 16 words, 2 lanes each
  run_pinc(c, d_offs, "b0x2", [](int l) { return l < 16 ? 0 : 32; });  // 2 words of bank 0, 16 lanes each
  run_pinc(c, d_offs, "b0x8", [](int l) { return 32 * (l & 7); });      // 8 words of bank 0, 4 lanes each
  CK(cudaFree(d_offs));
}

// mech_ldst (round 23, after course.cu's transpose and stencil, both 10-36% slower on the H200 than
// predicted, each step a DRAM load, a barrier and, in them, a store). ld_step<MODE, W>: one block of W
// warps an SM, 128 steps; a step is one coalesced 128-B LDG a warp, its value consumed (MODE bit 0
// clear: an FADD; set: stored, one 128-B STG a warp), and a barrier. MODE bit 1: each warp loads along
// its own row of a 16 KB pitch (transpose's reads: the block's W rows, 128 B further each step) instead
// of one stream (the block's 16 KB W a step, consecutive). MODE bit 2: the stores along rows of a
// 16896 B pitch (transpose's writes) instead of one stream. DRAM (the L2 flushed before each launch).
// Round 23b, after its first run (a store in the step cost 447 cycles a step at 32 warps, none at
// one): MODE bit 3: the stores rewrite the block's same 4 W lines (L2-resident after the first
// steps) instead of fresh ones; bit 4: after the barrier, a chain of 64 dependent FFMAs (about 256
// cycles of the warp's own, no memory) before the next load: time for the stores to drain.
// Round 23c (ptxas had put bit 4's chain beside the load): bit 6: the same chain, and the next load's
// address depends on it (plus its sign bit, 0), so the chain runs between the barrier and the load;
// bit 5: the rows of bit 1 16896 B apart instead of 16 KB (a pitch not a power of two).
// Round 23d: bit 7: the chain starts from a word of shared memory read after the barrier (an LDS
// cannot move above it), so it runs between the barrier and the next load, whose address depends on it.
#define LS_STEPS 128
#define LS_ROW 4096  // floats a row: 16 KB, 128 steps of 128 B

template <int MODE, int W>
__global__ void __launch_bounds__(32 * W) ld_step(float* out, const float* x, float* y, BlockRec* rec) {
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const float* src = (MODE & 2) ? x + ((size_t)blockIdx.x * 32 + warp) * ((MODE & 32) ? LS_ROW + 128 : LS_ROW) + lane
                                : x + (size_t)blockIdx.x * 32 * LS_ROW + warp * 32 + lane;
  float* dst = (MODE & 4) ? y + ((size_t)blockIdx.x * 32 + warp) * (LS_ROW + 128) + lane
                          : y + (size_t)blockIdx.x * 32 * (LS_ROW + 128) + warp * 32 + lane;
  float acc = 0.f, f = (float)threadIdx.x;
  __shared__ float s_g[32];
  if (MODE & 128) {
    if (threadIdx.x < 32) s_g[threadIdx.x] = 0.f;
  }
  imp_begin(rec);
#pragma unroll 1
  for (int s = 0; s < LS_STEPS; ++s) {
    const float v = src[((MODE & 2) ? s * 32 : s * 32 * W) + ((MODE & (64 | 128)) ? (__float_as_int(f) >> 31) : 0)];
    if (MODE & 1)
      dst[(MODE & 4) ? s * 32 : (MODE & 8) ? (s & 3) * 32 * W : s * 32 * W] = (MODE & 16) ? v + f : v;
    else
      acc += v;
    __syncthreads();
    if (MODE & 128) f += s_g[lane];
    if (MODE & (16 | 64 | 128)) {
#pragma unroll
      for (int k = 0; k < 64; ++k) f = fmaf(f, 1.0001f, 0.5f);
    }
  }
  if (MODE & (16 | 64 | 128)) acc += f;
  if (acc == 12345.f) out[imp_gtid()] = acc;  // never true: keeps the loads
  imp_end(rec);
}

template <int MODE, int W>
static void run_ldst(Ctx& c, const float* dx, float* dy) {
  static const char* names[32] = {"seq", "seq_st", "pitch", "pitch_st", "", "", "", "pitch_stp", "", "seq_st_l2", "", "", "", "", "", "",
                                   "seq_gap", "seq_st_gap"};
  const char* name = MODE == 34 ? "pitch_np2" : MODE == 64 ? "seq_gap2" : MODE == 65 ? "seq_st_gap2"
                   : MODE == 128 ? "seq_gap3" : MODE == 129 ? "seq_st_gap3" : names[MODE & 31];
  const LaunchCfg L = cfg_W(c.sms, W, PREP_FLUSH);
  const Meas m = measure(c, ld_step<MODE, W>, L, (float*)c.d_out, dx, dy, c.d_rec);
  imp_row(c, "mech_ldst", (const void*)ld_step<MODE, W>, name, 1, W, L.bps, L.tpb, LS_STEPS,
          "mode=" + std::to_string(MODE) + ";steps=" + std::to_string(LS_STEPS), m);
}

void group_mech_ldst(Ctx& c) {
  const size_t n = (size_t)c.sms * 32 * (LS_ROW + 128);
  float *dx = nullptr, *dy = nullptr;
  CK(cudaMalloc(&dx, n * sizeof(float)));
  CK(cudaMalloc(&dy, n * sizeof(float)));
  CK(cudaMemset(dx, 0, n * sizeof(float)));
  imp_each<0, 1, 2, 3, 7, 9, 16, 17, 34, 64, 65, 128, 129>([&](auto mode) {
    imp_each<1, 4, 8, 32>([&](auto w) { run_ldst<decltype(mode)::value, decltype(w)::value>(c, dx, dy); });
  });
  CK(cudaFree(dx));
  CK(cudaFree(dy));
}

// mech_stw (round 24, after mech_ldst: a 128-B store a warp a step cost the next step's loads +493
// cycles at 32 warps on fresh lines, +208 on L2-resident ones, and about the same +45..+74 either way
// at 4 and 8 warps). The hypothesis written before the run (tests/data/h200/mech/stw/predictions.txt):
// the fresh lines' extra is the L2 writing its dirty lines back to DRAM once the launch's lines fill
// it, so it starts only after the GPU has moved about an L2 of lines (at 32 warps, 132 SMs and 8 KB an
// SM a step: about 55 steps) and never in a launch that moves less. stw_step<MODE, W>: one block of W
// warps an SM, STW_STEPS steps; thread 0 stamps the clock after each step's barrier (into shared
// memory, written out after the end record) so the step times' course over the launch is seen, not
// only their mean. MODE bit 0: a coalesced 128-B LDG a warp a step (a fresh DRAM stream, as seq);
// bit 1: a 128-B STG a warp a step (fresh lines; its value the load's, or f without a load); bit 2:
// the stores rewrite the block's same 4 W lines (L2-resident); bit 3: the store comes before the load
// and does not depend on it; bits 4-5: the grid is the SMs >> k (132, 66, 33, 16 blocks; fewer SMs
// move fewer bytes: the L2 fills later).
#define STW_STEPS 256

template <int MODE, int W>
__global__ void __launch_bounds__(32 * W) stw_step(float* out, const float* x, float* y, unsigned* stamp,
                                                   BlockRec* rec) {
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const float* src = x + (size_t)blockIdx.x * 32 * STW_STEPS * 32 + warp * 32 + lane;
  float* dst = y + (size_t)blockIdx.x * 32 * STW_STEPS * 32 + warp * 32 + lane;
  __shared__ unsigned s_t[STW_STEPS];
  float acc = 0.f, f = (float)threadIdx.x;
  imp_begin(rec);
#pragma unroll 1
  for (int s = 0; s < STW_STEPS; ++s) {
    const int at = (MODE & 4) ? (s & 3) * 32 * W : s * 32 * W;
    if ((MODE & 2) && (MODE & 8)) dst[at] = f;
    if (MODE & 1) {
      const float v = src[s * 32 * W];
      if ((MODE & 2) && !(MODE & 8))
        dst[at] = v;
      else
        acc += v;
    } else if ((MODE & 2) && !(MODE & 8)) {
      dst[at] = f;
    }
    __syncthreads();
    if (threadIdx.x == 0) s_t[s] = (unsigned)clock();
  }
  if (acc == 12345.f) out[imp_gtid()] = acc;  // never true: keeps the loads
  imp_end(rec);
  for (int s = threadIdx.x; s < STW_STEPS; s += blockDim.x) stamp[(size_t)blockIdx.x * STW_STEPS + s] = s_t[s];
}

// One row a configuration into runs.csv; the step times (the median over blocks of each step's
// stamp minus the one before, and the 10th and 90th percentiles) of the last launch into stw_steps.csv.
template <int MODE, int W>
static void run_stw(Ctx& c, const float* dx, float* dy, unsigned* d_stamp, FILE* fs) {
  const int k = (MODE >> 4) & 3;
  std::string name = (MODE & 15) == 1 ? "ld" : (MODE & 15) == 2 ? "st" : (MODE & 15) == 6 ? "st_l2"
                   : (MODE & 15) == 3 ? "ldst" : (MODE & 15) == 7 ? "ldst_l2" : (MODE & 15) == 11 ? "stld" : "?";
  if (k) name += "_g" + std::to_string(c.sms >> k);
  LaunchCfg L = cfg_W(c.sms, W, PREP_FLUSH);
  if (k) L.grid = c.sms >> k, L.bps = 0;  // fewer blocks than SMs: one an SM, no placement check
  const Meas m = measure(c, stw_step<MODE, W>, L, (float*)c.d_out, dx, dy, d_stamp, c.d_rec);
  imp_row(c, "mech_stw", (const void*)stw_step<MODE, W>, name, 1, W, L.bps, L.tpb, STW_STEPS,
          "mode=" + std::to_string(MODE) + ";steps=" + std::to_string(STW_STEPS) + ";grid=" + std::to_string(L.grid), m);
  std::vector<unsigned> h((size_t)L.grid * STW_STEPS);
  CK(cudaMemcpy(h.data(), d_stamp, h.size() * sizeof(unsigned), cudaMemcpyDeviceToHost));
  for (int s = 1; s < STW_STEPS; ++s) {
    std::vector<double> d(L.grid);
    for (int b = 0; b < L.grid; ++b) d[b] = (double)(unsigned)(h[(size_t)b * STW_STEPS + s] - h[(size_t)b * STW_STEPS + s - 1]);
    std::sort(d.begin(), d.end());
    fprintf(fs, "%s,%d,%d,%d,%.1f,%.1f,%.1f\n", name.c_str(), W, L.grid, s, imp_median(d), d[L.grid / 10],
            d[L.grid - 1 - L.grid / 10]);
  }
  fflush(fs);
}

void group_mech_stw(Ctx& c) {
  const size_t n = (size_t)c.sms * 32 * STW_STEPS * 32;  // 32 warps' 128 B a step, every SM
  float *dx = nullptr, *dy = nullptr;
  unsigned* d_stamp = nullptr;
  CK(cudaMalloc(&dx, n * sizeof(float)));
  CK(cudaMalloc(&dy, n * sizeof(float)));
  CK(cudaMalloc(&d_stamp, (size_t)c.sms * STW_STEPS * sizeof(unsigned)));
  CK(cudaMemset(dx, 0, n * sizeof(float)));
  FILE* fs = imp_side_file("stw_steps.csv");
  fprintf(fs, "variant,warps,grid,step,med,p10,p90\n");
  imp_each<1, 3, 7, 2, 6>([&](auto mode) {
    imp_each<1, 4, 8, 16, 32>([&](auto w) { run_stw<decltype(mode)::value, decltype(w)::value>(c, dx, dy, d_stamp, fs); });
  });
  imp_each<11>([&](auto mode) {
    imp_each<8, 32>([&](auto w) { run_stw<decltype(mode)::value, decltype(w)::value>(c, dx, dy, d_stamp, fs); });
  });
  imp_each<1 | 32, 3 | 32, 1 | 48, 3 | 48, 7 | 48>([&](auto mode) { run_stw<decltype(mode)::value, 32>(c, dx, dy, d_stamp, fs); });
  fclose(fs);
  CK(cudaFree(dx));
  CK(cudaFree(dy));
  CK(cudaFree(d_stamp));
}

// mech_mixbw (round 24d, after mech_wbload and rownorm: with write-backs in smsim taking their
// bytes of the SM's DRAM share, rownorm's grid, half its DRAM bytes written back, comes out 10-16%
// fast, as if the DRAM moved a written byte as cheaply as a read one). mix_bw<R, S>: one block of
// 32 warps an SM, MB_ITERS iterations; an iteration loads R and stores S blocks of 512 B a warp (16 B
// a lane), fresh lines of two streams (the loads' values consumed at the iteration's end, the stores'
// data independent of them), no barrier. The GPU moves 132 x 32 x (R + S) x 512 B an iteration, 1.1 GB
// a stream a launch at R + S = 4: far past the ~21 MB of dirty lines the L2 keeps (mech_stw), so the stores
// are written back for nearly the whole launch. Bytes a cycle an SM at each mix say what a written
// byte costs the DRAM beside read ones.
#define MB_ITERS 1024
template <int R, int S>
__global__ void __launch_bounds__(1024) mix_bw(const uint4* x, uint4* y, u64* out, BlockRec* rec) {
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const size_t wbase = ((size_t)blockIdx.x * 32 + warp) * MB_ITERS * 4 * 32 + lane;  // uint4 units: 4 blocks an iteration
  unsigned acc = 0;
  imp_begin(rec);
#pragma unroll 1
  for (int i = 0; i < MB_ITERS; ++i) {
    uint4 v[R > 0 ? R : 1];
#pragma unroll
    for (int k = 0; k < R; ++k) v[k] = x[wbase + ((size_t)i * 4 + k) * 32];
#pragma unroll
    for (int k = 0; k < S; ++k) y[wbase + ((size_t)i * 4 + k) * 32] = make_uint4(i, k, lane, warp);
#pragma unroll
    for (int k = 0; k < R; ++k) acc ^= v[k].x ^ v[k].y ^ v[k].z ^ v[k].w;
  }
  if (acc == 0x9e3779b9u) out[imp_gtid()] = acc;  // never true: keeps the loads
  imp_end(rec);
}

template <int R, int S>
static void run_mixbw(Ctx& c, const uint4* dx, uint4* dy) {
  const LaunchCfg L = cfg_W(c.sms, 32, PREP_FLUSH);
  const Meas m = measure(c, mix_bw<R, S>, L, dx, dy, c.d_out, c.d_rec);
  imp_row(c, "mech_mixbw", (const void*)mix_bw<R, S>, "r" + std::to_string(R) + "s" + std::to_string(S), R + S, 32, L.bps,
          L.tpb, MB_ITERS, "loads=" + std::to_string(R) + ";stores=" + std::to_string(S), m);
}

void group_mech_mixbw(Ctx& c) {
  const size_t n = (size_t)c.sms * 32 * MB_ITERS * 4 * 32;  // uint4s: 1.1 GB a stream
  uint4 *dx = nullptr, *dy = nullptr;
  CK(cudaMalloc(&dx, n * sizeof(uint4)));
  CK(cudaMalloc(&dy, n * sizeof(uint4)));
  CK(cudaMemset(dx, 0, n * sizeof(uint4)));
  run_mixbw<4, 0>(c, dx, dy);
  run_mixbw<3, 1>(c, dx, dy);
  run_mixbw<2, 2>(c, dx, dy);
  run_mixbw<1, 3>(c, dx, dy);
  run_mixbw<0, 4>(c, dx, dy);
  run_mixbw<2, 0>(c, dx, dy);
  run_mixbw<1, 1>(c, dx, dy);
  run_mixbw<0, 2>(c, dx, dy);
  CK(cudaFree(dx));
  CK(cudaFree(dy));
}

// ---- round 34 (issue #18): does the SM's store path serve its four schedulers in turn?
// smsim's full store path let the scheduler scanned first each cycle take every freed slot:
// mech_stb's lane0 rows at 32 warps came out +22-33% (scheduler 0's warps done long before
// scheduler 3's), and mech_mio's shuffles beside stores matched only for warp 0, the one warp
// stamped, on scheduler 0 (smsim's warps 1-3, 5-7 ~20% slower than warp 0).
// mio_fair<FG, BG>: mio_bg's block (1024 threads, one an SM): warps 0-7 run `trips` trips of 8
// dependent shuffles (FG 0), shared-memory loads (FG 1) or one FFMA chain step (FG 2); warps
// 8-31 store until all 8 foreground warps are done (a shared counter, not warp 0's flag): 16 B
// from every lane to its own 512-B run (BG 2, as mio_bg) or 4 B from lane 0 alone, one sector
// (BG 5, as mech_stb's lane0). Every warp's lane 0 writes its loop's first and last clock and
// (background) its store count: fair turns give every scheduler's background warps the same
// count and every foreground warp the same cycles.
template <int FG, int BG>
__global__ void mio_fair(uint4* obuf, unsigned long long nmask, int trips, unsigned* st, float* out, BlockRec* rec) {
  __shared__ unsigned sm[1024];
  __shared__ volatile int done;
  const unsigned lane = threadIdx.x & 31, w = threadIdx.x >> 5;
  sm[threadIdx.x] = (threadIdx.x * 37u + 11u) & 1023u;
  if (threadIdx.x == 0) done = 0;
  unsigned acc = threadIdx.x;
  unsigned long long i = 0;
  imp_begin(rec);
  const unsigned t0 = (unsigned)imp_clock();
  if (w < 8) {
    unsigned v = lane, j = threadIdx.x & 1023u;
    float f = (float)lane;
#pragma unroll 1
    for (int t = 0; t < trips; ++t) {
#pragma unroll
      for (int k = 0; k < 8; ++k) {
        if (FG == 0)
          v = __shfl_xor_sync(0xffffffffu, v, 1 << (k & 3)) + 1u;
        else if (FG == 1)
          j = sm[j];
        else
          asm volatile("fma.rn.f32 %0, %0, %0, %0;" : "+f"(f));
      }
    }
    acc += v + j + __float_as_uint(f);
    __syncwarp();
    if (lane == 0) atomicAdd((int*)&done, 1);
  } else {
    const unsigned long long gw = (unsigned long long)blockIdx.x * 24 + (w - 8);
    while (done < 8) {
#pragma unroll
      for (int u = 0; u < 4; ++u, ++i) {
        if (BG == 2) {
          const unsigned long long e = ((i * 132 * 24 + gw) * 32 + lane) & nmask;
          obuf[e] = make_uint4(acc, (unsigned)i, lane, w);
        } else if (lane == 0) {
          const unsigned long long e = ((i * 132 * 24 + gw) * 32) & nmask;
          ((unsigned*)obuf)[e * 4] = acc + (unsigned)i;
        }
      }
    }
  }
  const unsigned t1 = (unsigned)imp_clock();
  if (lane == 0) {
    unsigned* p = st + ((size_t)blockIdx.x * 32 + w) * 3;
    p[0] = t0, p[1] = t1, p[2] = (unsigned)i;
  }
  out[imp_gtid()] = (float)acc;
  imp_end(rec);
}

template <int FG, int BG>
static void run_fair(Ctx& c, FILE* f, uint4* obig, unsigned* d_st) {
  const int trips = 512;
  LaunchCfg L;
  L.grid = c.sms, L.tpb = 1024, L.smem = SMEM_1BPS, L.bps = 1;
  const unsigned long long nmask = ((size_t)1 << 30) / 16 - 1;
  const Meas m = measure(c, mio_fair<FG, BG>, L, obig, nmask, trips, d_st, (float*)c.d_out, c.d_rec);
  const std::string var = std::string(FG == 0 ? "shfl" : FG == 1 ? "lds" : "ffma") + "_bg" + std::to_string(BG);
  imp_row(c, "mech_fair", (const void*)mio_fair<FG, BG>, var, 1, 32, 1, 1024, trips,
          "fg=" + std::to_string(FG) + ";bg=" + std::to_string(BG), m);
  std::vector<unsigned> h((size_t)c.sms * 32 * 3);
  CK(cudaMemcpy(h.data(), d_st, h.size() * sizeof(unsigned), cudaMemcpyDeviceToHost));
  for (int b = 0; b < c.sms; ++b) {
    for (int w = 0; w < 32; ++w) {
      const unsigned* p = &h[((size_t)b * 32 + w) * 3];
      fprintf(f, "%s,%d,%d,%d,%u,%u\n", var.c_str(), b, w, (int)(p[1] - p[0]), p[2], p[0] - h[(size_t)b * 32 * 3]);
    }
  }
  fflush(f);
}

void group_mech_fair(Ctx& c) {
  uint4* obig = nullptr;
  unsigned* d_st = nullptr;
  CK(cudaMalloc(&obig, (size_t)1 << 30));
  CK(cudaMalloc(&d_st, (size_t)c.sms * 32 * 3 * sizeof(unsigned)));
  FILE* f = imp_side_file("fair.csv");
  fprintf(f, "# mio_fair<FG, BG> (workloads/cuda/import/mech.cu), the last timed launch: per block (one an SM) and "
             "warp (w %% 4 its scheduler; 0-7 foreground, 8-31 storing) the cycles from its first clock to its last, "
             "its store count (background), and its first clock less warp 0's\n");
  fprintf(f, "variant,block,warp,cycles,stores,t0_off\n");
  run_fair<0, 2>(c, f, obig, d_st);
  run_fair<1, 2>(c, f, obig, d_st);
  run_fair<2, 2>(c, f, obig, d_st);
  run_fair<0, 5>(c, f, obig, d_st);
  run_fair<2, 5>(c, f, obig, d_st);
  fclose(f);
  CK(cudaFree(obig));
  CK(cudaFree(d_st));
}
