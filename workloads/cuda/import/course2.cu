// course2.cu -- two more ordinary kernels smsim has not seen, predicted from their SASS before they are
// timed (as round 29's nbody and scan): a shared-memory bitonic sort (LDS/STS at the partners' addresses,
// a compare-exchange by ISETP and SEL, a barrier a step) and a Philox-4x32-10 counter RNG (IMAD.WIDE.U32
// and LOP3 chains, I2F, FADD).
//
// bitonic_t<W>: one block of W warps an SM sorts its own BT_N = 2048 unsigned keys (8 KB, loaded from
// global memory into shared memory inside the timed part; DRAM: the L2 flushed before each launch, as
// scan) with the classic bitonic network: for k = 2 .. 2048 (doubling), for j = k / 2 .. 1 (halving),
// each thread does 1024 / (32 W) compare-exchanges of (i, i + j) = (i, i ^ j), i = 2 p - (p & (j - 1))
// for its pair indices p = q 32 W + t, ascending where (i & k) == 0, then a barrier: 66 steps a sort.
// The compare-exchange writes both keys back every time (no data-dependent store or branch: the order
// of a pair from one compare). The sort runs `reps` times in place (a kernel parameter), odd repeats
// descending, so every repeat re-sorts the reversed keys; then the keys are stored back.
//
// philox_t<S, W>: one block of W warps an SM; each thread runs S independent Philox-4x32-10 streams
// (counter (n, hi, g S + s, sub), key (seed0, seed1): curand's layout, offset n and subsequence g S + s),
// n = 0 .. N - 1 (a kernel parameter), each block of 4 outputs converted to float and added into the
// stream's sum (so nothing is dead); the sums' total, scaled by 2^-32, stored at the end.
#include "imp.h"

#define BT_N 2048

template <int W>
__global__ void __launch_bounds__(32 * W) bitonic_t(unsigned* keys, int reps, BlockRec* rec) {
  __shared__ unsigned s[BT_N];
  const int t = threadIdx.x;
  unsigned* kb = keys + (size_t)blockIdx.x * BT_N;
  imp_begin(rec);
#pragma unroll
  for (int q = 0; q < BT_N / (32 * W); ++q) s[q * 32 * W + t] = kb[q * 32 * W + t];
  __syncthreads();
#pragma unroll 1
  for (int r = 0; r < reps; ++r) {
    const bool down = r & 1;  // odd repeats sort descending: each repeat re-sorts the reversed keys
#pragma unroll 1
    for (int k = 2; k <= BT_N; k <<= 1) {
#pragma unroll 1
      for (int j = k >> 1; j > 0; j >>= 1) {
#pragma unroll
        for (int q = 0; q < BT_N / 2 / (32 * W); ++q) {
          const int p = q * 32 * W + t;
          const int i = 2 * p - (p & (j - 1));
          const unsigned a = s[i], b = s[i + j];
          const bool up = ((i & k) == 0) != down;
          const bool sw = (a > b) == up;
          s[i] = sw ? b : a;
          s[i + j] = sw ? a : b;
        }
        __syncthreads();
      }
    }
  }
#pragma unroll
  for (int q = 0; q < BT_N / (32 * W); ++q) kb[q * 32 * W + t] = s[q * 32 * W + t];
  imp_end(rec);
}

#define BT_REPS 8

template <int W>
static void run_bitonic(Ctx& c, unsigned* dk) {
  const LaunchCfg L = cfg_W(c.sms, W, PREP_FLUSH);
  const Meas m = measure(c, bitonic_t<W>, L, dk, BT_REPS, c.d_rec);
  imp_row(c, "bitonic", (const void*)bitonic_t<W>, "n2048", 1, W, L.bps, L.tpb, BT_REPS,
          "n=2048;reps=" + std::to_string(BT_REPS) + ";steps_per_sort=66;cmpx_per_thread_step=" +
              std::to_string(BT_N / 2 / (32 * W)),
          m);
}

void group_bitonic(Ctx& c) {
  const size_t n = (size_t)c.sms * BT_N;
  unsigned* dk = nullptr;
  CK(cudaMalloc(&dk, n * sizeof(unsigned)));
  std::vector<unsigned> h(n);
  for (size_t i = 0; i < n; ++i) h[i] = (unsigned)i * 2654435761u ^ (unsigned)(i >> 11) * 40503u;
  CK(cudaMemcpy(dk, h.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice));
  imp_each<1, 2, 4, 8, 16, 32>([&](auto w) { run_bitonic<decltype(w)::value>(c, dk); });
  // check: every block's keys sorted, descending after an even number of repeats (the last one odd)
  CK(cudaMemcpy(h.data(), dk, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  size_t bad = 0;
  for (size_t b = 0; b < (size_t)c.sms; ++b)
    for (size_t i = 1; i < BT_N; ++i)
      bad += BT_REPS % 2 ? h[b * BT_N + i - 1] > h[b * BT_N + i] : h[b * BT_N + i - 1] < h[b * BT_N + i];
  if (bad) fprintf(stderr, "bitonic: WARNING: %zu keys out of order\n", bad);
  CK(cudaFree(dk));
}

#define PH_M0 0xD2511F53u
#define PH_M1 0xCD9E8D57u
#define PH_W0 0x9E3779B9u
#define PH_W1 0xBB67AE85u
#define PH_N 256

__device__ __forceinline__ uint4 philox_round(uint4 c, uint2 k) {
  const unsigned hi0 = __umulhi(PH_M0, c.x), lo0 = PH_M0 * c.x;
  const unsigned hi1 = __umulhi(PH_M1, c.z), lo1 = PH_M1 * c.z;
  return make_uint4(hi1 ^ c.y ^ k.x, lo1, hi0 ^ c.w ^ k.y, lo0);
}

__device__ __forceinline__ uint4 philox10(uint4 c, uint2 k) {
#pragma unroll
  for (int r = 0; r < 9; ++r) {
    c = philox_round(c, k);
    k.x += PH_W0, k.y += PH_W1;
  }
  return philox_round(c, k);
}

template <int S, int W>
__global__ void __launch_bounds__(32 * W) philox_t(float* out, int n, unsigned hi, unsigned sub, unsigned seed0,
                                                   unsigned seed1, BlockRec* rec) {
  const unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
  float acc[S];
#pragma unroll
  for (int s = 0; s < S; ++s) acc[s] = 0.f;
  imp_begin(rec);
#pragma unroll 1
  for (int it = 0; it < n; ++it) {
#pragma unroll
    for (int s = 0; s < S; ++s) {
      const uint4 v = philox10(make_uint4((unsigned)it, hi, g * S + s, sub), make_uint2(seed0, seed1));
      acc[s] += (__uint2float_rn(v.x) + __uint2float_rn(v.y)) + (__uint2float_rn(v.z) + __uint2float_rn(v.w));
    }
  }
  float sum = 0.f;
#pragma unroll
  for (int s = 0; s < S; ++s) sum += acc[s];
  out[g] = sum * 2.3283064365386963e-10f;
  imp_end(rec);
}

template <int S, int W>
static void run_philox(Ctx& c, float* dout) {
  const LaunchCfg L = cfg_W(c.sms, W);
  const Meas m = measure(c, philox_t<S, W>, L, dout, PH_N, 0u, 0u, 0x2545F491u, 0x6C078965u, c.d_rec);
  imp_row(c, "philox", (const void*)philox_t<S, W>, "s" + std::to_string(S), S, W, L.bps, L.tpb, PH_N,
          "s=" + std::to_string(S) + ";n=" + std::to_string(PH_N) + ";blocks4_per_thread=" + std::to_string(S * PH_N), m);
}

void group_philox(Ctx& c) {
  float* dout = nullptr;
  CK(cudaMalloc(&dout, (size_t)c.sms * 1024 * sizeof(float)));
  imp_each<1, 2, 4>([&](auto s) {
    imp_each<1, 2, 4, 8, 16, 32>([&](auto w) { run_philox<decltype(s)::value, decltype(w)::value>(c, dout); });
  });
  CK(cudaFree(dout));
}
