// fma_u.cu -- group fma_u: ILP independent chains acc = fmaf(acc, a, b), a and b runtime.
//   fma_u<ILP>  (variant pair):   (out, a, b, n): a, b adjacent kernel parameters; ptxas 13.0
//                                 loads them with one LDC.64 into an even/odd register pair, so
//                                 FFMA R10, R10, R2, R3 reads two registers of one bank
//   fma_us<ILP> (variant sep):    (out, a, n, b): the same code with n between a and b; ptxas
//                                 puts a in a uniform register: FFMA R10, R10, UR6, R5
//   fma_banked<ILP> (banked):     a, b read from global memory (ordinary registers)
// The loop is written plainly, no unroll pragma: nvcc unrolls it as it likes.
#include "imp.h"

static const int FMA_PER_THREAD = 8192;

template <int ILP>
__global__ void fma_u(float* out, float a, float b, int n, BlockRec* rec) {
  float acc[ILP];
#pragma unroll
  for (int k = 0; k < ILP; ++k) acc[k] = threadIdx.x * 1e-3f + k;
  imp_begin(rec);
  for (int i = 0; i < n; ++i) {
#pragma unroll
    for (int k = 0; k < ILP; ++k) acc[k] = fmaf(acc[k], a, b);
  }
  float s = 0.f;
#pragma unroll
  for (int k = 0; k < ILP; ++k) s += acc[k];
  out[imp_gtid()] = s;
  imp_end(rec);
}

template <int ILP>
__global__ void fma_us(float* out, float a, int n, float b, BlockRec* rec) {
  float acc[ILP];
#pragma unroll
  for (int k = 0; k < ILP; ++k) acc[k] = threadIdx.x * 1e-3f + k;
  imp_begin(rec);
  for (int i = 0; i < n; ++i) {
#pragma unroll
    for (int k = 0; k < ILP; ++k) acc[k] = fmaf(acc[k], a, b);
  }
  float s = 0.f;
#pragma unroll
  for (int k = 0; k < ILP; ++k) s += acc[k];
  out[imp_gtid()] = s;
  imp_end(rec);
}

template <int ILP>
__global__ void fma_banked(float* out, const float* ab, int n, BlockRec* rec) {
  const float a = ab[0], b = ab[1];
  float acc[ILP];
#pragma unroll
  for (int k = 0; k < ILP; ++k) acc[k] = threadIdx.x * 1e-3f + k;
  if (a == b) out[imp_gtid()] = -1.f;  // never true; the loads complete before the start
  imp_begin(rec);
  for (int i = 0; i < n; ++i) {
#pragma unroll
    for (int k = 0; k < ILP; ++k) acc[k] = fmaf(acc[k], a, b);
  }
  float s = 0.f;
#pragma unroll
  for (int k = 0; k < ILP; ++k) s += acc[k];
  out[imp_gtid()] = s;
  imp_end(rec);
}

template <int ILP>
static void run_u(Ctx& c) {
  const int n = FMA_PER_THREAD / ILP;
  for (int W : c.wlist) {
    const LaunchCfg L = cfg_W(c.sms, W);
    const Meas m = measure(c, fma_u<ILP>, L, (float*)c.d_out, 0.999f, 0.001f, n, c.d_rec);
    imp_row(c, "fma_u", (const void*)fma_u<ILP>, "pair", ILP, W, L.bps, L.tpb, n,
            "ffma_per_thread=" + std::to_string(FMA_PER_THREAD), m);
  }
}
template <int ILP>
static void run_us(Ctx& c) {
  const int n = FMA_PER_THREAD / ILP;
  for (int W : c.wlist) {
    const LaunchCfg L = cfg_W(c.sms, W);
    const Meas m = measure(c, fma_us<ILP>, L, (float*)c.d_out, 0.999f, n, 0.001f, c.d_rec);
    imp_row(c, "fma_u", (const void*)fma_us<ILP>, "sep", ILP, W, L.bps, L.tpb, n,
            "ffma_per_thread=" + std::to_string(FMA_PER_THREAD), m);
  }
}
template <int ILP>
static void run_banked(Ctx& c, const float* d_ab) {
  const int n = FMA_PER_THREAD / ILP;
  for (int W : c.wlist) {
    const LaunchCfg L = cfg_W(c.sms, W);
    const Meas m = measure(c, fma_banked<ILP>, L, (float*)c.d_out, d_ab, n, c.d_rec);
    imp_row(c, "fma_u", (const void*)fma_banked<ILP>, "banked", ILP, W, L.bps, L.tpb, n,
            "ffma_per_thread=" + std::to_string(FMA_PER_THREAD), m);
  }
}

void group_fma_u(Ctx& c) {
  run_u<1>(c);
  run_u<2>(c);
  run_u<4>(c);
  run_u<8>(c);
  run_us<1>(c);
  run_us<2>(c);
  run_us<4>(c);
  run_us<8>(c);
  float* d_ab = nullptr;
  const float h_ab[2] = {0.999f, 0.001f};
  CK(cudaMalloc(&d_ab, sizeof h_ab));
  CK(cudaMemcpy(d_ab, h_ab, sizeof h_ab, cudaMemcpyHostToDevice));
  run_banked<1>(c, d_ab);
  run_banked<4>(c, d_ab);
  CK(cudaFree(d_ab));
}
