// rownorm.cu -- group rownorm: a real kernel, row normalisation y = (x - mean) / sqrt(var + eps)
// over ROWS = 132*64 rows of COLS = 4096 floats, one block per row, timed as a whole grid
// (per SM: latest block end - earliest block start). Variants:
//   rownorm_naive:       256 threads, one float per thread per loop trip, three passes over
//                        the row in global memory (sum, squared deviations, write)
//   rownorm<T>:          T float4 per thread kept in registers (the row is read once),
//                        4096/(4T) threads per block: T = 1 (1024), 4 (256), 16 (64)
//   rownorm_lb<T, MINB>: rownorm<T> with __launch_bounds__(threads, MINB) (forced occupancy)
//   softmax<T>:          the same shape, y = exp(x - max) / sum
#include "imp.h"

static const int COLS = 4096;

template <int NT>
__device__ __forceinline__ float block_sum(float v, float* red) {
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  if (NT == 32) return v;
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  if (lane == 0) red[warp] = v;
  __syncthreads();
  float s = lane < NT / 32 ? red[lane] : 0.f;
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
  __syncthreads();
  return s;
}
template <int NT>
__device__ __forceinline__ float block_max(float v, float* red) {
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
  if (NT == 32) return v;
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  if (lane == 0) red[warp] = v;
  __syncthreads();
  float s = lane < NT / 32 ? red[lane] : -INFINITY;
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) s = fmaxf(s, __shfl_xor_sync(0xffffffffu, s, o));
  __syncthreads();
  return s;
}

template <int T>
__device__ __forceinline__ void rownorm_body(const float* __restrict__ x, float* __restrict__ y,
                                             float eps, BlockRec* rec) {
  constexpr int NT = COLS / (4 * T);
  __shared__ float red[32];
  imp_begin(rec);
  const float4* xr = reinterpret_cast<const float4*>(x + (size_t)blockIdx.x * COLS);
  float4* yr = reinterpret_cast<float4*>(y + (size_t)blockIdx.x * COLS);
  float4 v[T];
#pragma unroll
  for (int t = 0; t < T; ++t) v[t] = xr[threadIdx.x + t * NT];
  float s = 0.f;
#pragma unroll
  for (int t = 0; t < T; ++t) s += v[t].x + v[t].y + v[t].z + v[t].w;
  const float mean = block_sum<NT>(s, red) * (1.f / COLS);
  float q = 0.f;
#pragma unroll
  for (int t = 0; t < T; ++t) {
    const float dx = v[t].x - mean, dy = v[t].y - mean, dz = v[t].z - mean, dw = v[t].w - mean;
    q += dx * dx + dy * dy + dz * dz + dw * dw;
  }
  const float r = rsqrtf(block_sum<NT>(q, red) * (1.f / COLS) + eps);
#pragma unroll
  for (int t = 0; t < T; ++t)
    yr[threadIdx.x + t * NT] = make_float4((v[t].x - mean) * r, (v[t].y - mean) * r,
                                           (v[t].z - mean) * r, (v[t].w - mean) * r);
  imp_end(rec);
}

template <int T>
__global__ void rownorm(const float* __restrict__ x, float* __restrict__ y, float eps, BlockRec* rec) {
  rownorm_body<T>(x, y, eps, rec);
}
template <int T, int MINB>
__global__ void __launch_bounds__(COLS / (4 * T), MINB)
    rownorm_lb(const float* __restrict__ x, float* __restrict__ y, float eps, BlockRec* rec) {
  rownorm_body<T>(x, y, eps, rec);
}

__global__ void rownorm_naive(const float* __restrict__ x, float* __restrict__ y, float eps,
                              BlockRec* rec) {
  __shared__ float red[32];
  imp_begin(rec);
  const float* xr = x + (size_t)blockIdx.x * COLS;
  float* yr = y + (size_t)blockIdx.x * COLS;
  float s = 0.f;
  for (int i = threadIdx.x; i < COLS; i += 256) s += xr[i];
  const float mean = block_sum<256>(s, red) * (1.f / COLS);
  float q = 0.f;
  for (int i = threadIdx.x; i < COLS; i += 256) {
    const float d = xr[i] - mean;
    q += d * d;
  }
  const float r = rsqrtf(block_sum<256>(q, red) * (1.f / COLS) + eps);
  for (int i = threadIdx.x; i < COLS; i += 256) yr[i] = (xr[i] - mean) * r;
  imp_end(rec);
}

template <int T>
__global__ void softmax(const float* __restrict__ x, float* __restrict__ y, float eps, BlockRec* rec) {
  constexpr int NT = COLS / (4 * T);
  __shared__ float red[32];
  imp_begin(rec);
  const float4* xr = reinterpret_cast<const float4*>(x + (size_t)blockIdx.x * COLS);
  float4* yr = reinterpret_cast<float4*>(y + (size_t)blockIdx.x * COLS);
  float4 v[T];
#pragma unroll
  for (int t = 0; t < T; ++t) v[t] = xr[threadIdx.x + t * NT];
  float mx = -INFINITY;
#pragma unroll
  for (int t = 0; t < T; ++t) mx = fmaxf(mx, fmaxf(fmaxf(v[t].x, v[t].y), fmaxf(v[t].z, v[t].w)));
  mx = block_max<NT>(mx, red);
  float s = 0.f;
#pragma unroll
  for (int t = 0; t < T; ++t) {
    v[t].x = __expf(v[t].x - mx), v[t].y = __expf(v[t].y - mx);
    v[t].z = __expf(v[t].z - mx), v[t].w = __expf(v[t].w - mx);
    s += v[t].x + v[t].y + v[t].z + v[t].w;
  }
  const float inv = 1.f / (block_sum<NT>(s, red) + eps * 0.f);
#pragma unroll
  for (int t = 0; t < T; ++t)
    yr[threadIdx.x + t * NT] = make_float4(v[t].x * inv, v[t].y * inv, v[t].z * inv, v[t].w * inv);
  imp_end(rec);
}

// ---- round 14 (issue #18): where a rownorm<T> block's time goes. rownorm_stamp<T> is rownorm<T>
// with thread 0 reading clock64 after every barrier (block_sum_st: block_sum<NT> plus the reads)
// and after its stores; the 8 stamps of each block (start barrier, the 4 barriers of the two
// block sums, stores issued, end barrier, and the entry before the start barrier) go to st[].
template <int NT>
__device__ __forceinline__ float block_sum_st(float v, float* red, u64* t) {
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  if (lane == 0) red[warp] = v;
  __syncthreads();
  if (threadIdx.x == 0) t[0] = imp_clock();
  float s = lane < NT / 32 ? red[lane] : 0.f;
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
  __syncthreads();
  if (threadIdx.x == 0) t[1] = imp_clock();
  return s;
}
template <int T>
__global__ void rownorm_stamp(const float* __restrict__ x, float* __restrict__ y, float eps, u64* st,
                              BlockRec* rec) {
  constexpr int NT = COLS / (4 * T);
  __shared__ float red[32];
  u64 t[8];
  if (threadIdx.x == 0) t[7] = imp_clock();
  imp_begin(rec);
  if (threadIdx.x == 0) t[0] = imp_clock();
  const float4* xr = reinterpret_cast<const float4*>(x + (size_t)blockIdx.x * COLS);
  float4* yr = reinterpret_cast<float4*>(y + (size_t)blockIdx.x * COLS);
  float4 v[T];
#pragma unroll
  for (int k = 0; k < T; ++k) v[k] = xr[threadIdx.x + k * NT];
  float s = 0.f;
#pragma unroll
  for (int k = 0; k < T; ++k) s += v[k].x + v[k].y + v[k].z + v[k].w;
  const float mean = block_sum_st<NT>(s, red, t + 1) * (1.f / COLS);
  float q = 0.f;
#pragma unroll
  for (int k = 0; k < T; ++k) {
    const float dx = v[k].x - mean, dy = v[k].y - mean, dz = v[k].z - mean, dw = v[k].w - mean;
    q += dx * dx + dy * dy + dz * dz + dw * dw;
  }
  const float r = rsqrtf(block_sum_st<NT>(q, red, t + 3) * (1.f / COLS) + eps);
#pragma unroll
  for (int k = 0; k < T; ++k)
    yr[threadIdx.x + k * NT] = make_float4((v[k].x - mean) * r, (v[k].y - mean) * r,
                                           (v[k].z - mean) * r, (v[k].w - mean) * r);
  if (threadIdx.x == 0) t[5] = imp_clock();
  imp_end(rec);
  if (threadIdx.x == 0) {
    t[6] = imp_clock();
#pragma unroll
    for (int i = 0; i < 8; ++i) st[(size_t)blockIdx.x * 8 + i] = t[i];
  }
}

// Input: x[r][c] = 0.5*r/ROWS + u(r, c), u a hash in [-1, 1).
__global__ void aux_fill_rows(float* x, size_t n) {
  for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x) {
    unsigned h = (unsigned)i * 2654435761u ^ (unsigned)(i >> 32) * 40503u;
    h ^= h >> 15, h *= 2246822519u, h ^= h >> 13, h *= 3266489917u, h ^= h >> 16;
    x[i] = (float)(h >> 8) * (2.0f / 16777216.0f) - 1.0f + 0.5f * (float)(i / COLS) / 8448.0f;
  }
}

// Checks rows r of y against a float64 reference computed from x on the host.
static double check_rows(const float* d_x, const float* d_y, bool soft) {
  double worst = 0.0;
  std::vector<float> hx(COLS), hy(COLS);
  for (size_t r : {(size_t)0, (size_t)4321, (size_t)8447}) {
    CK(cudaMemcpy(hx.data(), d_x + r * COLS, COLS * 4, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(hy.data(), d_y + r * COLS, COLS * 4, cudaMemcpyDeviceToHost));
    std::vector<double> ref(COLS);
    if (!soft) {
      double m = 0, q = 0;
      for (float v : hx) m += v;
      m /= COLS;
      for (float v : hx) q += (v - m) * (v - m);
      const double rr = 1.0 / sqrt(q / COLS + 1e-5);
      for (int i = 0; i < COLS; ++i) ref[i] = (hx[i] - m) * rr;
    } else {
      double mx = -1e30, s = 0;
      for (float v : hx) mx = std::max(mx, (double)v);
      for (int i = 0; i < COLS; ++i) s += ref[i] = exp(hx[i] - mx);
      for (double& v : ref) v /= s;
    }
    double num = 0, den = 0;
    for (int i = 0; i < COLS; ++i) num += (hy[i] - ref[i]) * (hy[i] - ref[i]), den += ref[i] * ref[i];
    const double e = sqrt(num / den);
    if (!(e <= worst)) worst = e;  // NaN propagates
  }
  return worst;
}

template <typename K>
static void run_rn(Ctx& c, K k, const char* variant, int tpb, const float* x, float* y, bool soft) {
  const int rows = 8448;
  LaunchCfg L;
  L.grid = rows, L.tpb = tpb, L.smem = 0, L.bps = 0, L.prep = PREP_FLUSH;
  CK(cudaMemset(y, 0xff, (size_t)rows * COLS * 4));  // poison: NaN
  const Meas m = measure(c, k, L, x, y, 1e-5f, c.d_rec);
  const double err = check_rows(x, y, soft);
  cudaFuncAttributes a{};
  CK(cudaFuncGetAttributes(&a, (const void*)k));
  char param[256];
  snprintf(param, sizeof param, "rows=%d;cols=%d;regs=%d;local_bytes=%zu;occ_blocks=%d;blocks_per_sm_run=%d-%d;relerr=%.1e",
           rows, COLS, a.numRegs, a.localSizeBytes, m.occ, m.bmin, m.bmax, err);
  imp_row(c, "rownorm", (const void*)k, variant, 1, m.occ * tpb / 32, m.occ, tpb, rows, param, m);
  if (!(err < 1e-4)) fprintf(stderr, "imp: WARNING rownorm %s: relative error %.3e\n", variant, err);
}

void group_rownorm(Ctx& c) {
  const size_t n = (size_t)8448 * COLS;
  float *x = nullptr, *y = nullptr;
  CK(cudaMalloc(&x, n * 4));
  CK(cudaMalloc(&y, n * 4));
  aux_fill_rows<<<c.sms * 8, 256, 0, c.stream>>>(x, n);
  CK(cudaGetLastError());
  CK(cudaStreamSynchronize(c.stream));
  run_rn(c, rownorm_naive, "naive", 256, x, y, false);
  run_rn(c, rownorm<1>, "t1", 1024, x, y, false);
  run_rn(c, rownorm<4>, "t4", 256, x, y, false);
  run_rn(c, rownorm<16>, "t16", 64, x, y, false);
  run_rn(c, rownorm_lb<16, 14>, "t16_lb14", 64, x, y, false);
  run_rn(c, rownorm_lb<16, 16>, "t16_lb16", 64, x, y, false);
  run_rn(c, rownorm_lb<16, 32>, "t16_lb32", 64, x, y, false);
  run_rn(c, softmax<4>, "softmax_t4", 256, x, y, true);
  CK(cudaFree(x));
  CK(cudaFree(y));
}

// mech_rnstamp: rownorm_stamp<1> and <4> over the same 8448 rows as group rownorm (an L2 flush
// before each launch); rnstamp.csv beside runs.csv: per block of the last timed launch its SM
// and thread 0's clocks at entry, after the start barrier, after each of the 4 barriers of the
// two block sums, after its stores and after the end barrier.
template <int T>
static void run_rnstamp(Ctx& c, FILE* f, const char* variant, const float* x, float* y, u64* d_st) {
  const int rows = 8448, tpb = COLS / (4 * T);
  LaunchCfg L;
  L.grid = rows, L.tpb = tpb, L.smem = 0, L.bps = 0, L.prep = PREP_FLUSH;
  const Meas m = measure(c, rownorm_stamp<T>, L, x, y, 1e-5f, d_st, c.d_rec);
  imp_row(c, "mech_rnstamp", (const void*)rownorm_stamp<T>, variant, 1, m.occ * tpb / 32, m.occ, tpb, rows,
          "rows=8448;cols=4096;occ_blocks=" + std::to_string(m.occ), m);
  std::vector<u64> h((size_t)rows * 8);
  std::vector<BlockRec> r(rows);
  CK(cudaMemcpy(h.data(), d_st, h.size() * sizeof(u64), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(r.data(), c.d_rec, rows * sizeof(BlockRec), cudaMemcpyDeviceToHost));
  for (int b = 0; b < rows; ++b) {
    const u64* t = &h[(size_t)b * 8];
    fprintf(f, "%s,%d,%u,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu\n", variant, b, r[b].smid,
            (unsigned long long)t[7], (unsigned long long)t[0], (unsigned long long)t[1],
            (unsigned long long)t[2], (unsigned long long)t[3], (unsigned long long)t[4],
            (unsigned long long)t[5], (unsigned long long)t[6]);
  }
}

void group_mech_rnstamp(Ctx& c) {
  const size_t n = (size_t)8448 * COLS;
  float *x = nullptr, *y = nullptr;
  u64* d_st = nullptr;
  CK(cudaMalloc(&x, n * 4));
  CK(cudaMalloc(&y, n * 4));
  CK(cudaMalloc(&d_st, (size_t)8448 * 8 * sizeof(u64)));
  aux_fill_rows<<<c.sms * 8, 256, 0, c.stream>>>(x, n);
  CK(cudaGetLastError());
  CK(cudaStreamSynchronize(c.stream));
  FILE* f = imp_side_file("rnstamp.csv");
  fprintf(f, "# rownorm_stamp<T> (workloads/cuda/import/rownorm.cu), the last timed launch: thread 0's clock64 "
             "at entry, after the start barrier, after the 2 barriers of each block sum, after its stores, "
             "after the end barrier\n");
  fprintf(f, "variant,block,smid,entry,start,sum1_a,sum1_b,sum2_a,sum2_b,stored,end\n");
  run_rnstamp<1>(c, f, "t1", x, y, d_st);
  run_rnstamp<4>(c, f, "t4", x, y, d_st);
  fclose(f);
  CK(cudaFree(x));
  CK(cudaFree(y));
  CK(cudaFree(d_st));
}
