// nbody.cu -- two ordinary kernels smsim has not seen (issue #18, round 29), predicted from their SASS
// before they are timed: an all-pairs N-body step (compute: FFMA chains, MUFU.RSQ, broadcast LDS.128
// from a shared tile, two barriers a tile) and a block-wide prefix sum (latency: shuffle chains, three
// barriers a step, a warp-0 region, DRAM loads and stores).
//
// nbody_t<U, W>: one block of W warps an SM; each thread owns U target bodies (each its own position,
// read before the timed part: U independent chains, the ILP) and sums their accelerations over NB_N = 1024 source bodies (float4 position and mass, 16
// KB: L2-resident), read tile by tile of 32 W bodies into shared memory (each thread one LDG.128 and
// one STS.128, a barrier, 32 W interactions of every target, a barrier). An interaction: 3 FADD, 3
// FFMA (r^2 + eps), MUFU.RSQ, 2 FMUL (the cube times the mass), 3 FFMA into the accelerations; the
// source body is the same word in every lane (a broadcast LDS.128 a body, shared by the U targets).
//
// scan_t<U, W>: one block of W warps an SM computes the inclusive prefix sum of its own SCAN_CH =
// 65536 floats (256 KB in, 256 KB out; DRAM: the L2 flushed before each launch), 32 W U a step: each
// thread loads U consecutive floats (U = 4: one LDG.128) and sums them in order, the warp scans its
// threads' sums (5 SHFL.UP, each add kept by the lanes at or past the offset), lane 31 writes the
// warp's total to shared memory, a barrier, warp 0 scans the W totals the same way, a barrier, each
// thread adds its warp's prefix and the running carry and stores U floats, the carry takes the
// block's total, a barrier (the totals are rewritten the next step).
#include "imp.h"

#define NB_N 1024
#define NB_EPS 1e-3f

template <int U, int W>
__global__ void __launch_bounds__(32 * W) nbody_t(const float4* tgt, const float4* pos, float4* acc_out, BlockRec* rec) {
  __shared__ float4 tile[32 * W];
  const int t = threadIdx.x;
  float px[U], py[U], pz[U], ax[U], ay[U], az[U];
#pragma unroll
  for (int i = 0; i < U; ++i) {
    const float4 p = tgt[(blockIdx.x * U + i) * 32 * W + t];  // every target its own position (no common rsqrt)
    px[i] = p.x, py[i] = p.y, pz[i] = p.z, ax[i] = 0.f, ay[i] = 0.f, az[i] = 0.f;
  }
  imp_begin(rec);
#pragma unroll 1
  for (int j0 = 0; j0 < NB_N; j0 += 32 * W) {
    tile[t] = pos[j0 + t];
    __syncthreads();
#pragma unroll 4
    for (int j = 0; j < 32 * W; ++j) {
      const float4 q = tile[j];
#pragma unroll
      for (int i = 0; i < U; ++i) {
        const float dx = q.x - px[i], dy = q.y - py[i], dz = q.z - pz[i];
        const float r2 = fmaf(dx, dx, fmaf(dy, dy, fmaf(dz, dz, NB_EPS)));
        const float inv = rsqrtf(r2);
        const float s = q.w * inv * inv * inv;
        ax[i] = fmaf(dx, s, ax[i]), ay[i] = fmaf(dy, s, ay[i]), az[i] = fmaf(dz, s, az[i]);
      }
    }
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < U; ++i) acc_out[(blockIdx.x * U + i) * 32 * W + t] = make_float4(ax[i], ay[i], az[i], 0.f);
  imp_end(rec);
}

template <int U, int W>
static void run_nbody(Ctx& c, const float4* dt, const float4* dp, float4* da) {
  const LaunchCfg L = cfg_W(c.sms, W);
  const Meas m = measure(c, nbody_t<U, W>, L, dt, dp, da, c.d_rec);
  imp_row(c, "nbody", (const void*)nbody_t<U, W>, "u" + std::to_string(U), U, W, L.bps, L.tpb, NB_N / (32 * W),
          "u=" + std::to_string(U) + ";n=" + std::to_string(NB_N) + ";interactions_per_thread=" + std::to_string(U * NB_N), m);
}

void group_nbody(Ctx& c) {
  float4 *dt = nullptr, *dp = nullptr, *da = nullptr;
  const size_t na = (size_t)c.sms * 4 * 32 * 32;  // targets and accelerations: U 32 W a block at most
  CK(cudaMalloc(&dt, na * sizeof(float4)));
  CK(cudaMalloc(&dp, NB_N * sizeof(float4)));
  CK(cudaMalloc(&da, na * sizeof(float4)));
  std::vector<float4> h(na);
  for (size_t i = 0; i < na; ++i) {
    const unsigned k = (unsigned)i * 2654435761u + 12345u * (unsigned)(i / NB_N);
    h[i] = make_float4((float)(k >> 22) / 1024.f, (float)(k >> 12 & 1023) / 1024.f, (float)(k >> 2 & 1023) / 1024.f,
                       1.f + (float)(i & 7) / 8.f);
  }
  CK(cudaMemcpy(dt, h.data(), na * sizeof(float4), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dp, h.data(), NB_N * sizeof(float4), cudaMemcpyHostToDevice));
  imp_each<1, 2, 4>([&](auto u) {
    imp_each<1, 2, 4, 8, 16, 32>([&](auto w) { run_nbody<decltype(u)::value, decltype(w)::value>(c, dt, dp, da); });
  });
  CK(cudaFree(dt));
  CK(cudaFree(dp));
  CK(cudaFree(da));
}

#define SCAN_CH (64 * 1024)  // floats a block: 256 KB

template <int U, int W>
__global__ void __launch_bounds__(32 * W) scan_t(float* out, const float* x, float* y, BlockRec* rec) {
  __shared__ float wsum[32];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const float* xb = x + (size_t)blockIdx.x * SCAN_CH;
  float* yb = y + (size_t)blockIdx.x * SCAN_CH;
  float carry = 0.f;
  imp_begin(rec);
#pragma unroll 1
  for (int base = 0; base < SCAN_CH; base += 32 * W * U) {
    float v[U];
    if (U == 4) {
      const float4 q = reinterpret_cast<const float4*>(xb + base)[threadIdx.x];
      v[0] = q.x, v[U > 1 ? 1 : 0] = q.y, v[U > 2 ? 2 : 0] = q.z, v[U > 3 ? 3 : 0] = q.w;
    } else {
#pragma unroll
      for (int k = 0; k < U; ++k) v[k] = xb[base + threadIdx.x * U + k];
    }
#pragma unroll
    for (int k = 1; k < U; ++k) v[k] += v[k - 1];
    float s = v[U - 1];
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
      const float n = __shfl_up_sync(0xffffffffu, s, o);
      if (lane >= o) s += n;
    }
    if (lane == 31) wsum[warp] = s;
    __syncthreads();
    if (warp == 0) {
      float ts = lane < W ? wsum[lane] : 0.f;
#pragma unroll
      for (int o = 1; o < 32; o <<= 1) {
        const float n = __shfl_up_sync(0xffffffffu, ts, o);
        if (lane >= o) ts += n;
      }
      if (lane < W) wsum[lane] = ts;
    }
    __syncthreads();
    const float pre = carry + (warp > 0 ? wsum[warp - 1] : 0.f) + (s - v[U - 1]);
    if (U == 4) {
      reinterpret_cast<float4*>(yb + base)[threadIdx.x] =
          make_float4(v[0] + pre, v[U > 1 ? 1 : 0] + pre, v[U > 2 ? 2 : 0] + pre, v[U > 3 ? 3 : 0] + pre);
    } else {
#pragma unroll
      for (int k = 0; k < U; ++k) yb[base + threadIdx.x * U + k] = v[k] + pre;
    }
    carry += wsum[W - 1];
    __syncthreads();
  }
  imp_end(rec);
  (void)out;
}

template <int U, int W>
static void run_scan(Ctx& c, const float* dx, float* dy) {
  const LaunchCfg L = cfg_W(c.sms, W, PREP_FLUSH);
  const Meas m = measure(c, scan_t<U, W>, L, (float*)c.d_out, dx, dy, c.d_rec);
  imp_row(c, "scan", (const void*)scan_t<U, W>, "u" + std::to_string(U), U, W, L.bps, L.tpb, SCAN_CH / (32 * W * U),
          "u=" + std::to_string(U) + ";chunk_bytes=" + std::to_string(SCAN_CH * 4), m);
}

void group_scan(Ctx& c) {
  const size_t n = (size_t)c.sms * SCAN_CH;
  float *dx = nullptr, *dy = nullptr;
  CK(cudaMalloc(&dx, n * sizeof(float)));
  CK(cudaMalloc(&dy, n * sizeof(float)));
  CK(cudaMemset(dx, 0, n * sizeof(float)));
  imp_each<1, 4>([&](auto u) {
    imp_each<1, 2, 4, 8, 16, 32>([&](auto w) { run_scan<decltype(u)::value, decltype(w)::value>(c, dx, dy); });
  });
  CK(cudaFree(dx));
  CK(cudaFree(dy));
}
