// rtloop.cu -- loops whose trip count is a runtime kernel argument, left to nvcc's default unrolling (no
// #pragma on the measured loop), for the importer's `--arg N=V` (which reads nvcc's unrolled loop and its
// remainder control flow from the kernel's arguments). Predicted from a local compile before they are timed
// (tests/data/h200/rtloop).
//
// nvcc compiles `for (int i = 0; i < n; i++)` of one FFMA chain as: a guard `n >= 1`; a counter
// R = n - n % 4 and, when n >= 4, a main loop of 16 iterations a trip while R > 12, then an 8-iteration
// block behind R > 4 and a 4-iteration loop behind R != 0 (forward branches); then a remainder loop of
// n % 4 trips. At small n the branches are most of the time.
//
// rt_fma<W>: one dependent FFMA chain, acc = fmaf(acc, x, y), n steps.
// rt_fma2<W>: two independent chains (ILP 2), each one FFMA a step.
// rt_ld<W>: acc = fmaf(acc, in[i], y): every lane loads the same word of a 4096-float buffer a step (a
// broadcast; the buffer written by the host before launches that flush nothing: L2-resident).
// One block of W warps an SM (cfg_W); each thread stores its result before imp_end.
#include "imp.h"

#define RT_IN_N 4096

template <int W>
__global__ void __launch_bounds__(32 * W) rt_fma(float* out, int n, float x, float y, BlockRec* rec) {
  float acc = threadIdx.x * 1e-3f;
  imp_begin(rec);
  for (int i = 0; i < n; i++) acc = fmaf(acc, x, y);
  out[imp_gtid()] = acc;
  imp_end(rec);
}

template <int W>
__global__ void __launch_bounds__(32 * W) rt_fma2(float* out, int n, float x, float y, BlockRec* rec) {
  float acc0 = threadIdx.x * 1e-3f, acc1 = acc0 + 1.f;
  imp_begin(rec);
  for (int i = 0; i < n; i++) {
    acc0 = fmaf(acc0, x, y);
    acc1 = fmaf(acc1, x, y);
  }
  out[imp_gtid()] = acc0 + acc1;
  imp_end(rec);
}

template <int W>
__global__ void __launch_bounds__(32 * W) rt_ld(float* out, const float* in, int n, float y, BlockRec* rec) {
  float acc = threadIdx.x * 1e-3f;
  imp_begin(rec);
  for (int i = 0; i < n; i++) acc = fmaf(acc, in[i], y);
  out[imp_gtid()] = acc;
  imp_end(rec);
}

static const int kRtN[] = {1, 2, 3, 4, 5, 7, 8, 15, 16, 17, 31, 64, 67, 255, 1000, 1003};
static const int kRtNld[] = {1, 4, 7, 16, 17, 64, 1000, 1003};
#define RT_X 0.9990234375f  // 1 - 2^-10: the chains stay bounded
#define RT_Y 1e-3f

template <int W>
static void run_rtloop(Ctx& c, float* dout, const float* din) {
  const LaunchCfg L = cfg_W(c.sms, W);
  for (int n : kRtN) {
    const Meas m = measure(c, rt_fma<W>, L, dout, n, RT_X, RT_Y, c.d_rec);
    imp_row(c, "rtloop", (const void*)rt_fma<W>, "fma", 1, W, L.bps, L.tpb, n, "n=" + std::to_string(n), m);
  }
  for (int n : kRtN) {
    const Meas m = measure(c, rt_fma2<W>, L, dout, n, RT_X, RT_Y, c.d_rec);
    imp_row(c, "rtloop", (const void*)rt_fma2<W>, "fma2", 2, W, L.bps, L.tpb, n, "n=" + std::to_string(n), m);
  }
  for (int n : kRtNld) {
    const Meas m = measure(c, rt_ld<W>, L, dout, din, n, RT_Y, c.d_rec);
    imp_row(c, "rtloop", (const void*)rt_ld<W>, "ld", 1, W, L.bps, L.tpb, n, "n=" + std::to_string(n), m);
  }
}

void group_rtloop(Ctx& c) {
  float *dout = nullptr, *din = nullptr;
  CK(cudaMalloc(&dout, (size_t)c.sms * 1024 * sizeof(float)));
  CK(cudaMalloc(&din, RT_IN_N * sizeof(float)));
  std::vector<float> h(RT_IN_N);
  for (int i = 0; i < RT_IN_N; ++i) h[i] = RT_X - (float)(i % 7) * 1e-4f;
  CK(cudaMemcpy(din, h.data(), RT_IN_N * sizeof(float), cudaMemcpyHostToDevice));
  imp_each<1, 4, 16, 32>([&](auto w) { run_rtloop<decltype(w)::value>(c, dout, din); });
  CK(cudaFree(din));
  CK(cudaFree(dout));
}
