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
#include "imp.h"

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
