// mix.cu -- group mix: per iteration and chain, one coalesced streaming load (one float per
// lane, 128 B per warp, a fresh line every time), then K dependent FFMAs on its value:
// acc = fmaf(v, acc, b), then K-1 times acc = fmaf(acc, a, b). ILP chains per thread.
// Line of (iteration i, chain s) = i*S + s (S = all chains of the grid), so a warp's ILP
// lines of one iteration are adjacent and no line is read twice. L2 flushed before launch.
#include <climits>
#include <map>

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

// ---- mech_mixst: the sweep's mix workload (ub_mix<ILP>, 8 FFMAs a load) with every warp's lane 0
// stamping three clocks (32-bit %clock, per SM) in each of trips MIXST_T0 .. MIXST_T0+MIXST_T-1:
//   t_issue  just before the trip's ILP loads,
//   t_arrive after the first load's value is there (a never-true compare of v[0] and a store it
//            guards: the clock read after it waits for the load, as in chase.cu's burst_stamp),
//   t_done   after the trip's last FFMA of every chain (the same trick on the accumulators).
// The loop is mix<ILP, 8>'s with one trip a pass (`#pragma unroll 1`, as the sweep's MX_LOOP's
// "nounroll": a trip's loads stay between its stamps). Launch shapes: cfg_W's (the sweep's
// shape_for), the dynamic shared memory less the stamps' static 24 KB so that a block's shared
// memory (and so occupancy and the carveout) is the sweep's. mixst.csv (latd.csv's schema
// label,footprint,warps_per_sm,cycles,count; footprint = W x ILP x 128, an SM's bytes a trip)
// holds histograms over all SMs' blocks of the last timed launch: lat (t_arrive - t_issue), ffma
// (t_done - t_arrive), gap (next trip's t_issue - t_done), aspread / ispread (a block's latest
// t_arrive / t_issue of a trip less its earliest), dlat<d> (|lat(w) - lat(w+d)|, one block, one
// trip), xblk (two blocks an SM: |median t_arrive of one - of the other| a trip), bend (two
// blocks an SM: the later block's last t_done at trip 127 less the earlier's); labels _i<ILP>_w<W>.
static const int MIXST_T0 = 64, MIXST_T = 64;  // stamped trips 64..127
static const int MIXST_WPB = 32;              // warps a block at most (1024 threads)
static const int MIXST_WORDS = 3 * MIXST_T * MIXST_WPB;  // a block's stamps in the output

__device__ __forceinline__ unsigned mixst_clock() {
  unsigned r;
  asm volatile("mov.u32 %0, %%clock;" : "=r"(r)::"memory");
  return r;
}

template <int ILP>
__global__ void __launch_bounds__(1024, 2)
    mix_stamp(const float* in, float* out, float a, float b, int iters, long long stride,
              unsigned* st, unsigned* smid, BlockRec* rec) {
  __shared__ unsigned s_t[3][MIXST_T][MIXST_WPB];  // [issue, arrive, done][trip][warp]
  const unsigned lane = threadIdx.x & 31u, warp = threadIdx.x >> 5, gw = imp_gtid() >> 5;
  const float* p = in + (size_t)gw * ILP * 32 + lane;
  float acc[ILP];
#pragma unroll
  for (int k = 0; k < ILP; ++k) acc[k] = lane * 1e-3f + k;
  imp_begin(rec);
#pragma unroll 1
  for (int i = 0; i < iters; ++i) {
    const unsigned t0 = mixst_clock();
    float v[ILP];
#pragma unroll
    for (int k = 0; k < ILP; ++k) v[k] = p[k * 32];
    if (v[0] == 1234.5f) out[imp_gtid()] = 1.f;  // waits for load 0
    const unsigned t1 = mixst_clock();
#pragma unroll
    for (int k = 0; k < ILP; ++k) {
      acc[k] = fmaf(v[k], acc[k], b);
#pragma unroll
      for (int j = 1; j < 8; ++j) acc[k] = fmaf(acc[k], a, b);
    }
    bool z = false;
#pragma unroll
    for (int k = 0; k < ILP; ++k) z |= acc[k] == 2345.5f;
    if (z) out[imp_gtid()] = 2.f;  // waits for every chain's last FFMA
    const unsigned t2 = mixst_clock();
    const unsigned tr = (unsigned)(i - MIXST_T0);
    if (lane == 0 && tr < (unsigned)MIXST_T) {
      s_t[0][tr][warp] = t0;
      s_t[1][tr][warp] = t1;
      s_t[2][tr][warp] = t2;
    }
    p += stride;
  }
  float s = 0.f;
#pragma unroll
  for (int k = 0; k < ILP; ++k) s += acc[k];
  out[imp_gtid()] = s;
  imp_end(rec);
  __syncthreads();
  unsigned* dst = st + (size_t)blockIdx.x * MIXST_WORDS;
  for (int x = (int)threadIdx.x; x < MIXST_WORDS; x += (int)blockDim.x) dst[x] = (&s_t[0][0][0])[x];
  if (threadIdx.x == 0) smid[blockIdx.x] = imp_smid();
}

template <int ILP>
static void run_mix_stamp(Ctx& c, FILE* f, const float* buf, unsigned* d_st, unsigned* d_smid, int W) {
  LaunchCfg L = cfg_W(c.sms, W, PREP_FLUSH);
  cudaFuncAttributes fa{};
  CK(cudaFuncGetAttributes(&fa, (const void*)mix_stamp<ILP>));
  L.smem -= fa.sharedSizeBytes;  // the block's static + dynamic shared memory = the sweep's
  const int nw = L.tpb / 32;
  const long long S = (long long)c.sms * W * ILP;
  const Meas m = measure(c, mix_stamp<ILP>, L, buf, (float*)c.d_out, 0.999f, 0.001f, MIX_ITERS,
                         S * 32, d_st, d_smid, c.d_rec);
  imp_row(c, "mech_mixst", (const void*)mix_stamp<ILP>, "i" + std::to_string(ILP), ILP, W, L.bps,
          L.tpb, MIX_ITERS, "k=8;bytes=128;prep=flush", m);
  // the last timed launch's stamps
  std::vector<unsigned> h((size_t)L.grid * MIXST_WORDS), sm(L.grid);
  CK(cudaMemcpy(h.data(), d_st, h.size() * sizeof(unsigned), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(sm.data(), d_smid, sm.size() * sizeof(unsigned), cudaMemcpyDeviceToHost));
  auto T = [&](int blk, int k, int tr, int w) {
    return h[(size_t)blk * MIXST_WORDS + ((size_t)k * MIXST_T + tr) * MIXST_WPB + w];
  };
  // clock values as signed offsets from a reference of the same SM (32-bit %clock may wrap)
  auto rel = [](unsigned v, unsigned ref) { return (long long)(int)(v - ref); };
  std::vector<unsigned> lat, ffma, gap, aspread, ispread, dl[4], xblk, bend;
  const int ds[4] = {1, 4, 8, 16};
  for (int blk = 0; blk < L.grid; ++blk)
    for (int tr = 0; tr < MIXST_T; ++tr) {
      const unsigned ref = T(blk, 0, tr, 0);
      long long alo = LLONG_MAX, ahi = LLONG_MIN, ilo = LLONG_MAX, ihi = LLONG_MIN;
      for (int w = 0; w < nw; ++w) {
        const unsigned is = T(blk, 0, tr, w), ar = T(blk, 1, tr, w), dn = T(blk, 2, tr, w);
        lat.push_back(ar - is);
        ffma.push_back(dn - ar);
        if (tr + 1 < MIXST_T) gap.push_back(T(blk, 0, tr + 1, w) - dn);
        alo = std::min(alo, rel(ar, ref)), ahi = std::max(ahi, rel(ar, ref));
        ilo = std::min(ilo, rel(is, ref)), ihi = std::max(ihi, rel(is, ref));
        for (int d = 0; d < 4; ++d)
          if (w + ds[d] < nw) {
            const long long l0 = (long long)(ar - is), l1 = (long long)(T(blk, 1, tr, w + ds[d]) - T(blk, 0, tr, w + ds[d]));
            dl[d].push_back((unsigned)std::llabs(l0 - l1));
          }
      }
      aspread.push_back((unsigned)(ahi - alo));
      ispread.push_back((unsigned)(ihi - ilo));
    }
  int pairs = 0, odd = 0;
  if (L.bps == 2) {
    std::map<unsigned, std::vector<int>> by;
    for (int blk = 0; blk < L.grid; ++blk) by[sm[blk]].push_back(blk);
    for (const auto& kv : by) {
      if (kv.second.size() != 2) {
        ++odd;
        continue;
      }
      ++pairs;
      const int b0 = kv.second[0], b1 = kv.second[1];
      const unsigned ref = T(b0, 0, 0, 0);
      for (int tr = 0; tr < MIXST_T; ++tr) {
        std::vector<double> a0, a1;
        for (int w = 0; w < nw; ++w) a0.push_back((double)rel(T(b0, 1, tr, w), ref)), a1.push_back((double)rel(T(b1, 1, tr, w), ref));
        xblk.push_back((unsigned)std::llround(std::fabs(imp_median(a0) - imp_median(a1))));
      }
      long long e0 = LLONG_MIN, e1 = LLONG_MIN;
      for (int w = 0; w < nw; ++w)
        e0 = std::max(e0, rel(T(b0, 2, MIXST_T - 1, w), ref)), e1 = std::max(e1, rel(T(b1, 2, MIXST_T - 1, w), ref));
      bend.push_back((unsigned)std::llabs(e0 - e1));
    }
  }
  const std::string sfx = "_i" + std::to_string(ILP) + "_w" + std::to_string(W);
  const size_t fp = (size_t)W * ILP * 128;
  lat_hist(f, "lat" + sfx, fp, W, lat);
  lat_hist(f, "ffma" + sfx, fp, W, ffma);
  lat_hist(f, "gap" + sfx, fp, W, gap);
  lat_hist(f, "aspread" + sfx, fp, W, aspread);
  lat_hist(f, "ispread" + sfx, fp, W, ispread);
  for (int d = 0; d < 4; ++d) lat_hist(f, "dlat" + std::to_string(ds[d]) + sfx, fp, W, dl[d]);
  if (L.bps == 2) {
    lat_hist(f, "xblk" + sfx, fp, W, xblk);
    lat_hist(f, "bend" + sfx, fp, W, bend);
  }
  char line[1024];
  snprintf(line, sizeof line,
           "mech_mixst i%d w%d cycles=%.0f (p10/p50/p90) lat=%s ffma=%s gap=%s aspread=%s ispread=%s "
           "dlat1=%s dlat4=%s dlat8=%s dlat16=%s xblk=%s bend=%s sm_pairs=%d sm_odd=%d",
           ILP, W, m.cycles, lat_q(lat).c_str(), lat_q(ffma).c_str(), lat_q(gap).c_str(),
           lat_q(aspread).c_str(), lat_q(ispread).c_str(), lat_q(dl[0]).c_str(), lat_q(dl[1]).c_str(),
           lat_q(dl[2]).c_str(), lat_q(dl[3]).c_str(), lat_q(xblk).c_str(), lat_q(bend).c_str(), pairs, odd);
  printf("%s\n", line);
  fflush(stdout);
  fprintf(f, "# %s\n", line);
  fflush(f);
}

void group_mech_mixst(Ctx& c) {
  FILE* f = imp_side_file("mixst.csv");
  fprintf(f, "# mech_mixst (workloads/cuda/import/mix.cu): mix_stamp<ILP>, the sweep's mix (8 FFMAs a load, "
             "256 trips, L2 flushed), lane 0 of every warp stamping trips %d-%d; histograms over all SMs' blocks "
             "of the last timed launch; footprint = W x ILP x 128 (an SM's bytes a trip)\n",
          MIXST_T0, MIXST_T0 + MIXST_T - 1);
  fprintf(f, "label,footprint,warps_per_sm,cycles,count\n");
  const size_t bytes = (size_t)c.sms * 64 * 2 * MIX_ITERS * 128;  // W <= 64, ILP <= 2
  float* buf = nullptr;
  CK(cudaMalloc(&buf, bytes));
  CK(cudaMemset(buf, 0x3c, bytes));  // every float 0x3c3c3c3c (about 0.0115)
  unsigned *d_st = nullptr, *d_smid = nullptr;
  CK(cudaMalloc(&d_st, (size_t)c.sms * 2 * MIXST_WORDS * sizeof(unsigned)));  // grid <= 2 blocks an SM
  CK(cudaMalloc(&d_smid, (size_t)c.sms * 2 * sizeof(unsigned)));
  for (int W : {8, 32, 34, 48, 56, 64}) run_mix_stamp<2>(c, f, buf, d_st, d_smid, W);
  for (int W : {32, 56}) run_mix_stamp<1>(c, f, buf, d_st, d_smid, W);
  fclose(f);
  CK(cudaFree(d_smid));
  CK(cudaFree(d_st));
  CK(cudaFree(buf));
}
