// smem_chase.cu -- group smem_chase: dependent shared-memory loads j = tbl[j], one chain per
// thread. tbl (the first 4 KB of the block's dynamic shared memory) holds 32 nodes of 32
// words; word l of node n holds the index of word l of node next(n) (next() one random
// cycle, seed fixed), so lane l always reads bank l (conflict-free). Warp w starts at node
// floor(w*32/S) of the cycle.
#include "imp.h"

static const int SMEM_STEPS = 2048;

__global__ void smem_chase(const unsigned* next, const unsigned* start, int steps, u64* out,
                           BlockRec* rec) {
  extern __shared__ unsigned tbl[];
  for (unsigned i = threadIdx.x; i < 32 * 32; i += blockDim.x) tbl[i] = next[i >> 5] * 32 + (i & 31);
  const unsigned lane = threadIdx.x & 31u, gw = imp_gtid() >> 5;
  unsigned j = start[gw] * 32 + lane;
  imp_begin(rec);
  for (int i = 0; i < steps; ++i) j = tbl[j];
  out[imp_gtid()] = j;
  imp_end(rec);
}

void group_smem_chase(Ctx& c) {
  // one random cycle over 32 nodes (Sattolo, fixed swaps from a small LCG)
  unsigned next[32], order[32];
  for (unsigned i = 0; i < 32; ++i) next[i] = i;
  u64 s = 0x5eed3000ull;
  for (unsigned i = 31; i > 0; --i) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    std::swap(next[i], next[(unsigned)((s >> 33) % i)]);
  }
  unsigned cur = 0;
  for (unsigned i = 0; i < 32; ++i) order[i] = cur, cur = next[cur];
  unsigned *d_next = nullptr, *d_start = nullptr;
  const size_t maxS = (size_t)c.sms * 64;
  std::vector<unsigned> st(maxS);
  CK(cudaMalloc(&d_next, sizeof next));
  CK(cudaMemcpy(d_next, next, sizeof next, cudaMemcpyHostToDevice));
  CK(cudaMalloc(&d_start, maxS * sizeof(unsigned)));
  for (int W : c.wlist) {
    const LaunchCfg L = cfg_W(c.sms, W);
    const size_t S = (size_t)c.sms * W;
    for (size_t w = 0; w < S; ++w) st[w] = order[(size_t)((double)w * 32 / (double)S)];
    CK(cudaMemcpy(d_start, st.data(), S * sizeof(unsigned), cudaMemcpyHostToDevice));
    const Meas m = measure(c, smem_chase, L, (const unsigned*)d_next, (const unsigned*)d_start,
                           SMEM_STEPS, c.d_out, c.d_rec);
    imp_row(c, "smem_chase", (const void*)smem_chase, "lds", 1, W, L.bps, L.tpb, SMEM_STEPS,
            "footprint=4096", m);
  }
  CK(cudaFree(d_next));
  CK(cudaFree(d_start));
}
