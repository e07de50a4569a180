// gemm.cu -- an ordinary shared-memory tiled SGEMM, the course kernel of ILP against TLP (issue #18,
// round 22): smsim has never seen it, so it is predicted from its SASS before it is measured.
//
// gemm_t<TM, W>: C (BM x 32) = A (BM x K) * B (K x 32) for each block, W warps a block (one block an
// SM), each thread TM outputs of one column (the register tile: TM independent FFMA chains, the ILP),
// BM = W * TM rows. Per k0 step of BK = 32: every thread loads TM words of the A tile (a warp's
// 32 lanes one row's 32 k, coalesced) and 32 / W words of the B tile into shared memory, a
// barrier, then 32 k of: b = Bs[k][lane] (one LDS, conflict-free) and TM FFMA with As[row][k] (all
// lanes one word: broadcast LDS, which ptxas may widen to LDS.128 over k), a barrier. A's block
// rows are (blockIdx.x % 4) * BM (4 MB at most: L2-resident, as B's 64 KB), C each block's own.
#include "imp.h"

#define GEMM_BK 32
#define GEMM_K 512

template <int TM, int W>
__global__ void __launch_bounds__(32 * W) gemm_t(float* out, const float* A, const float* B, float* C, BlockRec* rec) {
  extern __shared__ float smem[];
  const int BM = W * TM;
  float* As = smem;                 // [BM][BK]
  float* Bs = smem + BM * GEMM_BK;  // [BK][32]
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const float* Ab = A + (size_t)(blockIdx.x % 4) * BM * GEMM_K;
  float acc[TM];
#pragma unroll
  for (int i = 0; i < TM; ++i) acc[i] = 0.f;
  imp_begin(rec);
#pragma unroll 1
  for (int k0 = 0; k0 < GEMM_K; k0 += GEMM_BK) {
#pragma unroll
    for (int i = 0; i < TM; ++i) As[(warp * TM + i) * GEMM_BK + lane] = Ab[(size_t)(warp * TM + i) * GEMM_K + k0 + lane];
#pragma unroll
    for (int j = 0; j < GEMM_BK / W; ++j) Bs[(warp + j * W) * 32 + lane] = B[(size_t)(k0 + warp + j * W) * 32 + lane];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < GEMM_BK; ++k) {
      const float b = Bs[k * 32 + lane];
#pragma unroll
      for (int i = 0; i < TM; ++i) acc[i] = fmaf(As[(warp * TM + i) * GEMM_BK + k], b, acc[i]);
    }
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < TM; ++i) C[((size_t)blockIdx.x * BM + warp * TM + i) * 32 + lane] = acc[i];
  imp_end(rec);
  (void)out;
}

template <int TM, int W>
static void run_gemm(Ctx& c, const float* dA, const float* dB, float* dC) {
  const LaunchCfg L = cfg_W(c.sms, W);
  const Meas m = measure(c, gemm_t<TM, W>, L, (float*)c.d_out, dA, dB, dC, c.d_rec);
  imp_row(c, "gemm", (const void*)gemm_t<TM, W>, "tm" + std::to_string(TM), TM, W, L.bps, L.tpb, GEMM_K / GEMM_BK,
          "tm=" + std::to_string(TM) + ";k=" + std::to_string(GEMM_K) + ";bk=" + std::to_string(GEMM_BK) +
              ";ffma_per_thread=" + std::to_string(TM * GEMM_K),
          m);
}

void group_gemm(Ctx& c) {
  const size_t a_words = (size_t)4 * 32 * 8 * GEMM_K, b_words = (size_t)GEMM_K * 32, c_words = (size_t)c.sms * 32 * 8 * 32;
  float *dA = nullptr, *dB = nullptr, *dC = nullptr;
  CK(cudaMalloc(&dA, a_words * sizeof(float)));
  CK(cudaMalloc(&dB, b_words * sizeof(float)));
  CK(cudaMalloc(&dC, c_words * sizeof(float)));
  std::vector<float> h(a_words);
  for (size_t i = 0; i < a_words; ++i) h[i] = (float)((i * 2654435761u) >> 20 & 1023) / 1024.f;
  CK(cudaMemcpy(dA, h.data(), a_words * sizeof(float), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dB, h.data(), b_words * sizeof(float), cudaMemcpyHostToDevice));
  imp_each<1, 2, 4, 8>([&](auto tm) {
    imp_each<1, 2, 4, 8, 16, 32>([&](auto w) { run_gemm<decltype(tm)::value, decltype(w)::value>(c, dA, dB, dC); });
  });
  CK(cudaFree(dA));
  CK(cudaFree(dB));
  CK(cudaFree(dC));
}

// reduce_t<U, W> (round 22, after gemm): the other course kernel, a memory-bound sum. One block of W
// warps an SM sums its own 1 MB chunk of a 132 MB array (DRAM: the L2 is flushed before each launch):
// each thread U coalesced loads a step (the ILP a course unrolls for: U loads in flight), CH / (32 W U)
// steps, then the block's sum: 5 shuffles a warp, one word a warp through shared memory, a barrier,
// warp 0 sums the W words. Little's law: the SM needs about 17.7 B/cycle x 700 cycles = 12 KB in
// flight to keep its DRAM share, 32 W U 4-byte loads.
#define RED_CH (256 * 1024)  // floats a block: 1 MB

template <int U, int W>
__global__ void __launch_bounds__(32 * W) reduce_t(float* out, const float* x, float* sums, BlockRec* rec) {
  __shared__ float part[32];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const float* p = x + (size_t)blockIdx.x * RED_CH + threadIdx.x;
  float acc[U];
#pragma unroll
  for (int j = 0; j < U; ++j) acc[j] = 0.f;
  imp_begin(rec);
#pragma unroll 1
  for (int s = 0; s < RED_CH / (32 * W * U); ++s) {
#pragma unroll
    for (int j = 0; j < U; ++j) acc[j] += p[j * 32 * W];
    p += 32 * W * U;
  }
  float v = 0.f;
#pragma unroll
  for (int j = 0; j < U; ++j) v += acc[j];
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
  if (lane == 0) part[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < W ? part[lane] : 0.f;
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
    if (lane == 0) sums[blockIdx.x] = v;
  }
  imp_end(rec);
  (void)out;
}

template <int U, int W>
static void run_reduce(Ctx& c, const float* dx, float* ds) {
  const LaunchCfg L = cfg_W(c.sms, W, PREP_FLUSH);
  const Meas m = measure(c, reduce_t<U, W>, L, (float*)c.d_out, dx, ds, c.d_rec);
  imp_row(c, "reduce", (const void*)reduce_t<U, W>, "u" + std::to_string(U), U, W, L.bps, L.tpb, RED_CH / (32 * W * U),
          "u=" + std::to_string(U) + ";chunk_bytes=" + std::to_string(RED_CH * 4), m);
}

void group_reduce(Ctx& c) {
  const size_t n = (size_t)c.sms * RED_CH;
  float *dx = nullptr, *ds = nullptr;
  CK(cudaMalloc(&dx, n * sizeof(float)));
  CK(cudaMalloc(&ds, (size_t)c.sms * sizeof(float)));
  CK(cudaMemset(dx, 0, n * sizeof(float)));
  imp_each<1, 2, 4, 8>([&](auto u) {
    imp_each<1, 2, 4, 8, 16, 32>([&](auto w) { run_reduce<decltype(u)::value, decltype(w)::value>(c, dx, ds); });
  });
  CK(cudaFree(dx));
  CK(cudaFree(ds));
}
