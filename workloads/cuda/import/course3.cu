// course3.cu -- a row softmax, an ordinary kernel smsim has not seen, predicted from its SASS before it is
// timed (as round 46's bitonic and philox): a row's loads, a block-wide max and sum (SHFL.BFLY chains, a
// word a warp through shared memory and a barrier each), __expf (FMUL by log2 e, MUFU.EX2), __fdividef's reciprocal
// and the row's stores.
//
// softmax_t<W>: one block of W warps an SM normalises SM_ROWS rows of SM_N = 2048 floats (8 KB), rows of
// its own (block b's rows b SM_ROWS .. b SM_ROWS + SM_ROWS - 1), a row at a time: each thread loads its
// SM_N / (32 W) elements (coalesced, element q 32 W + t; kept in registers), takes their max, the warp's
// max by five __shfl_xor_sync, warp w's into s[w], a barrier, every thread the max of the W words; the
// same for the sum of __expf(x - max); then y = e * (1 / sum) stored to out (coalesced, as loaded). A
// third barrier at the row's end keeps the next row's s[] writes after this row's reads. The rows loop
// runs `rows` times (a kernel parameter, #pragma unroll 1); the element loops are unrolled.
// Two launches a W: `dram` (the L2 flushed before each launch: the 8.6 MB of rows from DRAM) and `l2`
// (the input read into the L2 before each launch: 8.6 MB, under the L2's 50-60 MB).
#include "imp.h"

#define SM_N 2048
#define SM_ROWS 8

// lane 0's %clock (asm volatile, ordered against the memory operations): softmax_st's stamps
__device__ __forceinline__ unsigned sm_clock() {
  unsigned r;
  asm volatile("mov.u32 %0, %%clock;" : "=r"(r) : : "memory");
  return r;
}

#define SM_ST 6
// One row (element q 32 W + t of each thread): the kernels' whole loop body. ST: the stamps of softmax_st
// (below) into c[0..5]; without them the row's code is softmax_t's alone.
template <int W, bool ST>
__device__ __forceinline__ void sm_row(const float* in, float* out, size_t base, float (*s)[32], int t, int lane,
                                       int wid, unsigned* c) {
  constexpr int K = SM_N / (32 * W);  // elements a thread a row
  if constexpr (ST) c[0] = sm_clock();
  float x[K];
#pragma unroll
  for (int q = 0; q < K; ++q) x[q] = in[base + q * 32 * W + t];
  float m = x[0];
#pragma unroll
  for (int q = 1; q < K; ++q) m = fmaxf(m, x[q]);
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
  if (lane == 0) s[0][wid] = m;
  if constexpr (ST) c[1] = sm_clock();
  __syncthreads();
  if constexpr (ST) c[2] = sm_clock();
  m = s[0][0];
#pragma unroll
  for (int w = 1; w < W; ++w) m = fmaxf(m, s[0][w]);
  float sum = 0.f;
#pragma unroll
  for (int q = 0; q < K; ++q) {
    x[q] = __expf(x[q] - m);
    sum += x[q];
  }
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) sum += __shfl_xor_sync(0xffffffffu, sum, o);
  if (lane == 0) s[1][wid] = sum;
  if constexpr (ST) c[3] = sm_clock();
  __syncthreads();
  if constexpr (ST) c[4] = sm_clock();
  sum = s[1][0];
#pragma unroll
  for (int w = 1; w < W; ++w) sum += s[1][w];
  const float inv = __fdividef(1.f, sum);  // MUFU.RCP: 1.f / sum would call the IEEE division's slow path
#pragma unroll
  for (int q = 0; q < K; ++q) out[base + q * 32 * W + t] = x[q] * inv;
  if constexpr (ST) c[5] = sm_clock();
}

template <int W>
__global__ void __launch_bounds__(32 * W) softmax_t(const float* in, float* out, int rows, BlockRec* rec) {
  __shared__ float s[2][32];
  const int t = threadIdx.x, lane = t & 31, wid = t >> 5;
  imp_begin(rec);
#pragma unroll 1
  for (int r = 0; r < rows; ++r) {
    sm_row<W, false>(in, out, ((size_t)blockIdx.x * SM_ROWS + r) * SM_N, s, t, lane, wid, nullptr);
    __syncthreads();
  }
  imp_end(rec);
}

template <int W>
static void run_softmax(Ctx& c, const float* din, float* dout, size_t bytes) {
  const int K = SM_N / (32 * W);
  LaunchCfg L = cfg_W(c.sms, W, PREP_FLUSH);
  Meas m = measure(c, softmax_t<W>, L, din, dout, SM_ROWS, c.d_rec);
  const std::string p = "n=2048;rows=" + std::to_string(SM_ROWS) + ";elems_per_thread=" + std::to_string(K);
  imp_row(c, "softmax", (const void*)softmax_t<W>, "dram", 1, W, L.bps, L.tpb, SM_ROWS, p + ";mem=dram", m);
  L.prep = PREP_TOUCH, L.touch = din, L.touch_bytes = bytes;
  m = measure(c, softmax_t<W>, L, din, dout, SM_ROWS, c.d_rec);
  imp_row(c, "softmax", (const void*)softmax_t<W>, "l2", 1, W, L.bps, L.tpb, SM_ROWS, p + ";mem=l2", m);
}

// softmax_st<W>: softmax_t<W> with lane 0 of every warp reading %clock at five points of every row
// (sm_row's stamps), kept in shared memory and stored after the end stamp (outside the span): p0 the row's
// start, p1 after the warp max's STS (issued once the max is in its register), p2 after the first barrier, p3
// after the sum's STS, p4 after the second barrier, p5 after the row's last STG (issued once its product is in).
// run_softmax_st reads them back into softmax_st.csv.
template <int W>
__global__ void __launch_bounds__(32 * W) softmax_st(const float* in, float* out, int rows, BlockRec* rec,
                                                    unsigned* st) {
  __shared__ float s[2][32];
  __shared__ unsigned ss[W][SM_ROWS][SM_ST];
  const int t = threadIdx.x, lane = t & 31, wid = t >> 5;
  imp_begin(rec);
#pragma unroll 1
  for (int r = 0; r < rows; ++r) {
    unsigned c[SM_ST];
    sm_row<W, true>(in, out, ((size_t)blockIdx.x * SM_ROWS + r) * SM_N, s, t, lane, wid, c);
    if (lane == 0 && r < SM_ROWS) {
      unsigned* e = ss[wid][r];
#pragma unroll
      for (int k = 0; k < SM_ST; ++k) e[k] = c[k];
    }
    __syncthreads();
  }
  imp_end(rec);
#pragma unroll
  for (int j = 0; j < 2; ++j) {  // W * 48 words by 32 W threads, after the end stamp
    const int i = t + j * 32 * W;
    if (i < W * SM_ROWS * SM_ST) st[(size_t)blockIdx.x * W * SM_ROWS * SM_ST + i] = (&ss[0][0][0])[i];
  }
}

template <int W>
static void run_softmax_st(Ctx& c, const float* din, float* dout, size_t bytes, unsigned* dst, FILE* f) {
  LaunchCfg L = cfg_W(c.sms, W, PREP_FLUSH);
  for (int v = 0; v < 2; ++v) {
    if (v) L.prep = PREP_TOUCH, L.touch = din, L.touch_bytes = bytes;
    const Meas m = measure(c, softmax_st<W>, L, din, dout, SM_ROWS, c.d_rec, dst);
    const char* var = v ? "l2" : "dram";
    imp_row(c, "softmax_st", (const void*)softmax_st<W>, var, 1, W, L.bps, L.tpb, SM_ROWS,
            "n=2048;rows=8;elems_per_thread=" + std::to_string(SM_N / (32 * W)) + ";mem=" + var, m);
    std::vector<unsigned> h((size_t)L.grid * W * SM_ROWS * SM_ST);
    std::vector<BlockRec> rc(L.grid);
    CK(cudaMemcpy(h.data(), dst, h.size() * sizeof(unsigned), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(rc.data(), c.d_rec, L.grid * sizeof(BlockRec), cudaMemcpyDeviceToHost));
    // the last launch's stamps, each less the block's c0 (32-bit clock)
    for (int b = 0; b < L.grid; ++b)
      for (int w = 0; w < W; ++w)
        for (int r = 0; r < SM_ROWS; ++r) {
          const unsigned* e = &h[(((size_t)b * W + w) * SM_ROWS + r) * SM_ST];
          fprintf(f, "%s,%d,%d,%u,%d,%d", var, W, b, rc[b].smid, w, r);
          for (int k = 0; k < SM_ST; ++k) fprintf(f, ",%d", (int)(e[k] - (unsigned)rc[b].c0));
          fprintf(f, ",%lld\n", (long long)(rc[b].c1 - rc[b].c0));
        }
    fflush(f);
  }
}

// The launches' rows (-4 .. 4, a hash of the index) in din, dout for their results; returns the bytes of each.
static size_t sm_buffers(Ctx& c, float** din, float** dout, std::vector<float>& h) {
  const size_t n = (size_t)c.sms * SM_ROWS * SM_N, bytes = n * sizeof(float);
  CK(cudaMalloc(din, bytes));
  CK(cudaMalloc(dout, bytes));
  h.resize(n);
  for (size_t i = 0; i < n; ++i) h[i] = (float)((i * 2654435761u >> 7) % 2000) * 0.004f - 4.f;
  CK(cudaMemcpy(*din, h.data(), bytes, cudaMemcpyHostToDevice));
  return bytes;
}

void group_softmax_st(Ctx& c) {
  float *din = nullptr, *dout = nullptr;
  unsigned* dst = nullptr;
  std::vector<float> h;
  const size_t bytes = sm_buffers(c, &din, &dout, h);
  CK(cudaMalloc(&dst, (size_t)c.sms * 32 * SM_ROWS * SM_ST * sizeof(unsigned)));
  FILE* f = imp_side_file("softmax_st.csv");
  fprintf(f, "var,warps,block,smid,warp,row,p0,p1,p2,p3,p4,p5,c1\n");
  imp_each<1, 4, 8, 32>([&](auto w) { run_softmax_st<decltype(w)::value>(c, din, dout, bytes, dst, f); });
  fclose(f);
  CK(cudaFree(din));
  CK(cudaFree(dout));
  CK(cudaFree(dst));
}

void group_softmax(Ctx& c) {
  float *din = nullptr, *dout = nullptr;
  std::vector<float> h;
  const size_t bytes = sm_buffers(c, &din, &dout, h), n = h.size();
  imp_each<1, 2, 4, 8, 16, 32>([&](auto w) { run_softmax<decltype(w)::value>(c, din, dout, bytes); });
  // check: every row sums to 1 and its largest element is the host's
  std::vector<float> y(n);
  CK(cudaMemcpy(y.data(), dout, bytes, cudaMemcpyDeviceToHost));
  size_t bad = 0;
  for (size_t r = 0; r < n / SM_N; ++r) {
    double s = 0, mx = -1e30, e = 0;
    for (int i = 0; i < SM_N; ++i) mx = h[r * SM_N + i] > mx ? h[r * SM_N + i] : mx;
    for (int i = 0; i < SM_N; ++i) s += y[r * SM_N + i], e += exp((double)h[r * SM_N + i] - mx);
    const double want0 = exp((double)h[r * SM_N] - mx) / e;
    bad += fabs(s - 1.0) > 1e-3 || fabs(y[r * SM_N] - want0) > 1e-4 * (1 + want0 * 100);
  }
  if (bad) fprintf(stderr, "softmax: WARNING: %zu of %zu rows wrong\n", bad, n / SM_N);
  CK(cudaFree(din));
  CK(cudaFree(dout));
}

// mech_fdiv (issue #18, round 55): what ordinary float division, reciprocal and square root cost when
// compiled without fast math. ptxas gives x / y a fast path (MUFU.RCP, FCHK P0 on the xu pipe, four FFMAs)
// and a CALL of the math library's slow path behind @!P0 BRA, 1.f / x and sqrtf the same with an exponent
// test (smsim import takes the branch: the slow path is for special values). fdiv_chain<MODE, 0>: every
// thread a dependent chain of 8 such operations a trip, values kept in the normal range (a / (x + b) with
// a = b = 1 tends to 0.618; sqrtf(x + 1) to 1.618): MODE 0 x / y, 1 __fdividef (MUFU.RCP and FMUL alone),
// 2 1.f / x, 3 sqrtf. W = 1, 4, 16, 32 warps: a lone warp's chain (latency), and the xu pipe's rate (4
// lanes a scheduler: 8 cycles a warp instruction, two a division: MUFU.RCP and FCHK).
template <int MODE>
__global__ void fdiv_chain(const float* in, float* out, int iters, BlockRec* rec) {
  float x = in[threadIdx.x & 31], b = in[32];
  imp_begin(rec);
#pragma unroll 1
  for (int i = 0; i < iters; ++i) {
#pragma unroll
    for (int k = 0; k < 8; ++k) {
      if constexpr (MODE == 0) x = in[33] / (x + b);
      else if constexpr (MODE == 1) x = __fdividef(in[33], x + b);
      else if constexpr (MODE == 2) x = 1.f / (x + b);
      else x = sqrtf(x + b);
    }
  }
  imp_end(rec);
  out[imp_gtid()] = x;
}

template <int MODE>
static void run_fdiv(Ctx& c, const float* din, float* dout, int W, int iters) {
  static const char* const names[] = {"div", "fdividef", "rcp", "sqrt"};
  LaunchCfg L = cfg_W(c.sms, W);
  const Meas m = measure(c, fdiv_chain<MODE>, L, din, dout, iters, c.d_rec);
  imp_row(c, "mech_fdiv", (const void*)fdiv_chain<MODE>, names[MODE], 1, W, L.bps, L.tpb, iters, "ops=8", m);
}

void group_mech_fdiv(Ctx& c) {
  float *din = nullptr, *dout = nullptr;
  std::vector<float> h(64);
  for (int i = 0; i < 64; ++i) h[i] = i < 32 ? 0.5f + 0.01f * (float)i : 1.f;
  CK(cudaMalloc(&din, h.size() * sizeof(float)));
  CK(cudaMalloc(&dout, (size_t)c.sms * 1024 * sizeof(float)));
  CK(cudaMemcpy(din, h.data(), h.size() * sizeof(float), cudaMemcpyHostToDevice));
  for (int W : {1, 4, 16, 32}) {
    const int iters = 256;
    run_fdiv<0>(c, din, dout, W, iters);
    run_fdiv<1>(c, din, dout, W, iters);
    run_fdiv<2>(c, din, dout, W, iters);
    run_fdiv<3>(c, din, dout, W, iters);
  }
  CK(cudaFree(din));
  CK(cudaFree(dout));
}
