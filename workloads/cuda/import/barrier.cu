// barrier.cu -- groups barrier and shfl.
//
// barrier_loop: iters times { n dependent FFMAs; __syncthreads(); } with n = chunk for every
//   warp (skew 1) or n = chunk*skew for warp 0 and chunk for the others (skew 4). One block
//   per SM of 1..32 warps.
// shfl_reduce: iters times { v = x; 5 x v += __shfl_xor_sync(v, 16, 8, 4, 2, 1); x = v*a + b }.
#include "imp.h"

__global__ void barrier_loop(float* out, int chunk, int skew, int iters, float a, float b,
                             BlockRec* rec) {
  float x = threadIdx.x * 1e-3f;
  const int n = threadIdx.x < 32 ? chunk * skew : chunk;
  imp_begin(rec);
  for (int it = 0; it < iters; ++it) {
    for (int j = 0; j < n; ++j) x = fmaf(x, a, b);
    __syncthreads();
  }
  out[imp_gtid()] = x;
  imp_end(rec);
}

__global__ void shfl_reduce(float* out, int iters, float a, float b, BlockRec* rec) {
  float x = (threadIdx.x & 31) * 1e-3f;
  imp_begin(rec);
  for (int it = 0; it < iters; ++it) {
    float v = x;
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    x = fmaf(v, a, b);
  }
  out[imp_gtid()] = x;
  imp_end(rec);
}

static const int BAR_ITERS = 512;
static const int SHFL_ITERS = 1024;

void group_barrier(Ctx& c) {
  const std::vector<int> ws = c.quick ? std::vector<int>{1, 32} : std::vector<int>{1, 2, 4, 8, 16, 32};
  for (int chunk : {8, 32})
    for (int skew : {1, 4})
      for (int W : ws) {
        const LaunchCfg L = cfg_W(c.sms, W);
        const Meas m = measure(c, barrier_loop, L, (float*)c.d_out, chunk, skew, BAR_ITERS, 0.999f,
                               0.001f, c.d_rec);
        imp_row(c, "barrier", (const void*)barrier_loop, skew == 1 ? "even" : "skew", 1, W, L.bps,
                L.tpb, BAR_ITERS, "chunk=" + std::to_string(chunk) + ";skew=" + std::to_string(skew), m);
      }
}

void group_shfl(Ctx& c) {
  for (int W : c.wlist) {
    const LaunchCfg L = cfg_W(c.sms, W);
    const Meas m = measure(c, shfl_reduce, L, (float*)c.d_out, SHFL_ITERS, 1.0f / 32, 0.001f, c.d_rec);
    imp_row(c, "shfl", (const void*)shfl_reduce, "xor5", 1, W, L.bps, L.tpb, SHFL_ITERS, "steps=5", m);
  }
}
