// mix.cu -- group mix: per iteration and chain, one coalesced streaming load (one float per
// lane, 128 B per warp, a fresh line every time), then K dependent FFMAs on its value:
// acc = fmaf(v, acc, b), then K-1 times acc = fmaf(acc, a, b). ILP chains per thread.
// Line of (iteration i, chain s) = i*S + s (S = all chains of the grid), so a warp's ILP
// lines of one iteration are adjacent and no line is read twice. L2 flushed before launch.
#include "imp.h"

static const int MIX_ITERS = 256;

template <int ILP, int K>
__global__ void mix(const float* in, float* out, float a, float b, int iters, long long stride,
                    BlockRec* rec) {
  const unsigned lane = threadIdx.x & 31u, gw = imp_gtid() >> 5;
  const float* p = in + (size_t)gw * ILP * 32 + lane;
  float acc[ILP];
#pragma unroll
  for (int k = 0; k < ILP; ++k) acc[k] = lane * 1e-3f + k;
  imp_begin(rec);
  for (int i = 0; i < iters; ++i) {
#pragma unroll
    for (int k = 0; k < ILP; ++k) {
      const float v = p[k * 32];
      acc[k] = fmaf(v, acc[k], b);
#pragma unroll
      for (int j = 1; j < K; ++j) acc[k] = fmaf(acc[k], a, b);
    }
    p += stride;
  }
  float s = 0.f;
#pragma unroll
  for (int k = 0; k < ILP; ++k) s += acc[k];
  out[imp_gtid()] = s;
  imp_end(rec);
}

template <int ILP, int K>
static void run_mix(Ctx& c, const float* buf) {
  for (int W : c.wlist) {
    const LaunchCfg L = cfg_W(c.sms, W, PREP_FLUSH);
    const long long S = (long long)c.sms * W * ILP;
    const Meas m = measure(c, mix<ILP, K>, L, buf, (float*)c.d_out, 0.999f, 0.001f, MIX_ITERS,
                           S * 32, c.d_rec);
    imp_row(c, "mix", (const void*)mix<ILP, K>, "k" + std::to_string(K), ILP, W, L.bps, L.tpb,
            MIX_ITERS, "k=" + std::to_string(K) + ";bytes=128", m);
  }
}

void group_mix(Ctx& c) {
  const size_t bytes = (size_t)c.sms * 64 * 4 * MIX_ITERS * 128;
  float* buf = nullptr;
  CK(cudaMalloc(&buf, bytes));
  CK(cudaMemset(buf, 0x3c, bytes));  // every float 0x3c3c3c3c (about 0.0115)
  run_mix<1, 4>(c, buf);
  run_mix<4, 4>(c, buf);
  run_mix<1, 16>(c, buf);
  run_mix<4, 16>(c, buf);
  CK(cudaFree(buf));
}
