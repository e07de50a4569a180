// course.cu -- three more ordinary kernels of a CUDA course, predicted from their SASS before they are
// measured (issue #18, round 23, after gemm.cu's gemm and reduce): a shared-memory tile transpose with
// and without padding, a 1-D stencil through shared memory, and a byte histogram with shared atomics.
// One block of W warps an SM (the harness's 120 KB of dynamic shared memory keeps it alone), each block
// its own part of the data, the same work in every block.
#include "imp.h"

// transpose_t<PAD, W>: out (C x R) = in (R x C)^T, R = 32 x blocks rows, C = 4096 columns. Block b takes
// the 32 rows 32b..32b+31, tile by tile (C / 32 = 128 tiles): the warps read the tile's 32 rows (a
// warp a row at a time, 32 / W rows each: coalesced, 128 B), store them in tile[row][lane], a barrier,
// then read the tile's columns tile[lane][row] (without padding every lane of a warp in one bank: 32
// wavefronts; with a column of padding 32 banks: one) and write them as out's rows (coalesced), a
// barrier. DRAM both ways (in and out 69 MB each, the L2 flushed before each launch).
#define TR_C 4096

template <int PAD, int W>
__global__ void __launch_bounds__(32 * W) transpose_t(float* out, const float* in, float* o, BlockRec* rec) {
  __shared__ float tile[32][32 + PAD];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const size_t R = (size_t)gridDim.x * 32;
  const float* src = in + (size_t)blockIdx.x * 32 * TR_C;
  imp_begin(rec);
#pragma unroll 1
  for (int t = 0; t < TR_C / 32; ++t) {
#pragma unroll
    for (int j = 0; j < 32 / W; ++j) {
      const int r = warp + j * W;
      tile[r][lane] = src[(size_t)r * TR_C + t * 32 + lane];
    }
    __syncthreads();
#pragma unroll
    for (int j = 0; j < 32 / W; ++j) {
      const int r = warp + j * W;
      o[(size_t)(t * 32 + r) * R + blockIdx.x * 32 + lane] = tile[lane][r];
    }
    __syncthreads();
  }
  imp_end(rec);
  (void)out;
}

template <int PAD, int W>
static void run_transpose(Ctx& c, const float* din, float* dout) {
  const LaunchCfg L = cfg_W(c.sms, W, PREP_FLUSH);
  const Meas m = measure(c, transpose_t<PAD, W>, L, (float*)c.d_out, din, dout, c.d_rec);
  imp_row(c, "transpose", (const void*)transpose_t<PAD, W>, PAD ? "pad" : "nopad", 32 / W, W, L.bps, L.tpb,
          TR_C / 32, "pad=" + std::to_string(PAD) + ";cols=" + std::to_string(TR_C), m);
}

void group_transpose(Ctx& c) {
  const size_t n = (size_t)c.sms * 32 * TR_C;
  float *din = nullptr, *dout = nullptr;
  CK(cudaMalloc(&din, n * sizeof(float)));
  CK(cudaMalloc(&dout, n * sizeof(float)));
  CK(cudaMemset(din, 0, n * sizeof(float)));
  imp_each<0, 1>([&](auto pad) {
    imp_each<1, 2, 4, 8, 16, 32>([&](auto w) { run_transpose<decltype(pad)::value, decltype(w)::value>(c, din, dout); });
  });
  CK(cudaFree(din));
  CK(cudaFree(dout));
}

// stencil_t<R, W>: y[i] = sum over j of w[j] x[i + j], j = 0..2R (a 1-D stencil of radius R), the
// weights in constant memory. Block b makes its own ST_CH outputs, 32 W a step: each thread loads
// its x into shared memory, the first R threads the two halos as well, a barrier, then 2R + 1 LDS
// and one dependent FFMA chain, the store, a barrier. x from DRAM (the L2 flushed before each
// launch; the halos' words are the neighbouring steps' own).
#define ST_CH (64 * 1024)
__constant__ float st_w[33];

template <int R, int W>
__global__ void __launch_bounds__(32 * W) stencil_t(float* out, const float* x, float* y, BlockRec* rec) {
  __shared__ float s[32 * W + 2 * R];
  const int tid = threadIdx.x;
  imp_begin(rec);
#pragma unroll 1
  for (int i0 = 0; i0 < ST_CH; i0 += 32 * W) {
    const size_t g = (size_t)blockIdx.x * ST_CH + i0 + tid;
    s[R + tid] = x[g + R];
    if (tid < R) {
      s[tid] = x[g];
      s[R + 32 * W + tid] = x[g + 32 * W + R];
    }
    __syncthreads();
    float acc = 0.f;
#pragma unroll
    for (int j = 0; j <= 2 * R; ++j) acc = fmaf(st_w[j], s[tid + j], acc);
    y[g] = acc;
    __syncthreads();
  }
  imp_end(rec);
  (void)out;
}

template <int R, int W>
static void run_stencil(Ctx& c, const float* dx, float* dy) {
  const LaunchCfg L = cfg_W(c.sms, W, PREP_FLUSH);
  const Meas m = measure(c, stencil_t<R, W>, L, (float*)c.d_out, dx, dy, c.d_rec);
  imp_row(c, "stencil", (const void*)stencil_t<R, W>, "r" + std::to_string(R), 1, W, L.bps, L.tpb, ST_CH / (32 * W),
          "r=" + std::to_string(R) + ";outputs=" + std::to_string(ST_CH), m);
}

void group_stencil(Ctx& c) {
  const size_t n = (size_t)c.sms * ST_CH + 64;
  float *dx = nullptr, *dy = nullptr;
  CK(cudaMalloc(&dx, n * sizeof(float)));
  CK(cudaMalloc(&dy, n * sizeof(float)));
  CK(cudaMemset(dx, 0, n * sizeof(float)));
  float w[33];
  for (int j = 0; j < 33; ++j) w[j] = 1.f / (1 + j);
  CK(cudaMemcpyToSymbol(st_w, w, sizeof w));
  imp_each<1, 4, 16>([&](auto r) {
    imp_each<1, 2, 4, 8, 16, 32>([&](auto warps) { run_stencil<decltype(r)::value, decltype(warps)::value>(c, dx, dy); });
  });
  CK(cudaFree(dx));
  CK(cudaFree(dy));
}

// hist_t<W>: a 256-bin histogram of bytes in shared memory. Block b counts its own HI_CH words (256 KB,
// DRAM: the L2 flushed before each launch): each thread loads a word a step (coalesced, 4 steps
// unrolled) and adds one to the bin of each of its 4 bytes (atomicAdd on shared memory), then the
// block writes its 256 bins (the bins' loops unrolled over j: thread t bin t + 32 W j, below 256).
// Three inputs, one kernel: rand (every byte uniform over 0..255: a warp's 32 lanes on random bins),
// same (every byte 0: all 32 lanes on one bin), lane (byte k of thread t's words (t + 64 k) mod 256:
// the 32 lanes of a warp on 32 bins of 32 banks).
#define HI_CH (64 * 1024)

template <int W>
__global__ void __launch_bounds__(32 * W) hist_t(float* out, const unsigned* in, unsigned* hist, BlockRec* rec) {
  __shared__ unsigned h[256];
#pragma unroll
  for (int j = 0; j < (256 + 32 * W - 1) / (32 * W); ++j)
    if (threadIdx.x + j * 32 * W < 256) h[threadIdx.x + j * 32 * W] = 0;
  const unsigned* p = in + (size_t)blockIdx.x * HI_CH + threadIdx.x;
  imp_begin(rec);
#pragma unroll 4
  for (int s = 0; s < HI_CH / (32 * W); ++s) {
    const unsigned v = p[(size_t)s * 32 * W];
    atomicAdd(&h[v & 255u], 1u);
    atomicAdd(&h[(v >> 8) & 255u], 1u);
    atomicAdd(&h[(v >> 16) & 255u], 1u);
    atomicAdd(&h[v >> 24], 1u);
  }
  __syncthreads();
#pragma unroll
  for (int j = 0; j < (256 + 32 * W - 1) / (32 * W); ++j) {
    const int i = threadIdx.x + j * 32 * W;
    if (i < 256) hist[blockIdx.x * 256 + i] = h[i];
  }
  imp_end(rec);
  (void)out;
}

template <int W>
static void run_hist(Ctx& c, const char* data, const unsigned* din, unsigned* dh) {
  const LaunchCfg L = cfg_W(c.sms, W, PREP_FLUSH);
  const Meas m = measure(c, hist_t<W>, L, (float*)c.d_out, din, dh, c.d_rec);
  imp_row(c, "hist", (const void*)hist_t<W>, data, 1, W, L.bps, L.tpb, HI_CH / (32 * W),
          std::string("data=") + data + ";words=" + std::to_string(HI_CH), m);
}

// The three inputs, each over every W; for the rand input also the mean, over every warp-load of the
// first block, of the most lanes of one warp's ATOMS on one bank (the bank conflicts it meets), and
// of the distinct bins, written to hist_lanes.txt beside runs.csv.
void group_hist(Ctx& c) {
  const size_t n = (size_t)c.sms * HI_CH;
  unsigned *din = nullptr, *dh = nullptr;
  CK(cudaMalloc(&din, n * sizeof(unsigned)));
  CK(cudaMalloc(&dh, (size_t)c.sms * 256 * sizeof(unsigned)));
  std::vector<unsigned> h(n);
  const char* names[3] = {"rand", "same", "lane"};
  for (int d = 0; d < 3; ++d) {
    u64 x = 0x9E3779B97F4A7C15ull;
    for (size_t i = 0; i < n; ++i) {
      if (d == 0) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        h[i] = (unsigned)(x >> 16);
      } else if (d == 1) {
        h[i] = 0;
      } else {
        const unsigned t = (unsigned)(i % HI_CH) & 31u;  // the lane (any W: a warp's 32 words are 32 lanes)
        h[i] = (t & 255u) | ((t + 64u) & 255u) << 8 | ((t + 128u) & 255u) << 16 | ((t + 192u) & 255u) << 24;
      }
    }
    if (d == 0) {
      double conf = 0, bins = 0;
      const size_t loads = HI_CH / 32;
      for (size_t wl = 0; wl < loads; ++wl)
        for (int k = 0; k < 4; ++k) {
          int per_bank[32] = {0}, seen[256] = {0}, most = 0, distinct = 0;
          for (int l = 0; l < 32; ++l) {
            const unsigned b = h[wl * 32 + l] >> (8 * k) & 255u;
            most = std::max(most, ++per_bank[b & 31u]);
            if (!seen[b]++) ++distinct;
          }
          conf += most, bins += distinct;
        }
      FILE* f = imp_side_file("hist_lanes.txt");
      fprintf(f, "# hist rand: over the first block's %zu warp-loads x 4 bytes, the mean most lanes on one bank "
                 "(ATOMS lanes never share) and the mean distinct bins\nmost_lanes_one_bank %.4f\ndistinct_bins %.4f\n",
              loads, conf / (4.0 * loads), bins / (4.0 * loads));
      fclose(f);
    }
    CK(cudaMemcpy(din, h.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice));
    imp_each<1, 2, 4, 8, 16, 32>([&](auto w) { run_hist<decltype(w)::value>(c, names[d], din, dh); });
  }
  CK(cudaFree(din));
  CK(cudaFree(dh));
}

// Round 24 (after the write-back model: sim/mem.c mem_writeback, tests/data/h200/mech/stw, wbload,
// wbdist, mixbw), two streaming kernels of the first lesson of any CUDA course, predicted from their
// SASS before they are timed: copy_t<W> (y = x) and saxpy_t<W> (y = a x + y), 16 B a lane (float4),
// block b its own 1 MB of each array, SX_TRIPS steps a thread (W warps: 2048 / W steps), a step one
// float4 a thread, the block's 32 W lanes side by side. 138 MB an array (the L2 flushed before each
// launch): past the ~21 MB of dirty lines the L2 keeps within the first sixth of the launch.
#define SX_F4 65536  // float4s a block: 1 MB

template <int W>
__global__ void __launch_bounds__(32 * W) copy_t(const float4* x, float4* y, BlockRec* rec) {
  const size_t base = (size_t)blockIdx.x * SX_F4 + threadIdx.x;
  imp_begin(rec);
#pragma unroll 1
  for (int k = 0; k < SX_F4 / (32 * W); ++k) y[base + (size_t)k * 32 * W] = x[base + (size_t)k * 32 * W];
  imp_end(rec);
}

template <int W>
__global__ void __launch_bounds__(32 * W) saxpy_t(float a, const float4* x, float4* y, BlockRec* rec) {
  const size_t base = (size_t)blockIdx.x * SX_F4 + threadIdx.x;
  imp_begin(rec);
#pragma unroll 1
  for (int k = 0; k < SX_F4 / (32 * W); ++k) {
    const size_t i = base + (size_t)k * 32 * W;
    const float4 u = x[i], v = y[i];
    y[i] = make_float4(a * u.x + v.x, a * u.y + v.y, a * u.z + v.z, a * u.w + v.w);
  }
  imp_end(rec);
}

void group_stream(Ctx& c) {
  const size_t n = (size_t)c.sms * SX_F4;
  float4 *dx = nullptr, *dy = nullptr;
  CK(cudaMalloc(&dx, n * sizeof(float4)));
  CK(cudaMalloc(&dy, n * sizeof(float4)));
  CK(cudaMemset(dx, 0, n * sizeof(float4)));
  CK(cudaMemset(dy, 0, n * sizeof(float4)));
  imp_each<1, 4, 8, 16, 32>([&](auto w) {
    constexpr int W = decltype(w)::value;
    const LaunchCfg L = cfg_W(c.sms, W, PREP_FLUSH);
    const Meas m = measure(c, copy_t<W>, L, (const float4*)dx, dy, c.d_rec);
    imp_row(c, "stream", (const void*)copy_t<W>, "copy", 1, W, L.bps, L.tpb, SX_F4 / (32 * W),
            "bytes=" + std::to_string(SX_F4 * 16), m);
  });
  imp_each<1, 4, 8, 16, 32>([&](auto w) {
    constexpr int W = decltype(w)::value;
    const LaunchCfg L = cfg_W(c.sms, W, PREP_FLUSH);
    const Meas m = measure(c, saxpy_t<W>, L, 1.5f, (const float4*)dx, dy, c.d_rec);
    imp_row(c, "stream", (const void*)saxpy_t<W>, "saxpy", 1, W, L.bps, L.tpb, SX_F4 / (32 * W),
            "bytes=" + std::to_string(SX_F4 * 16), m);
  });
  CK(cudaFree(dx));
  CK(cudaFree(dy));
}
