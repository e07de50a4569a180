// cparam.cu -- group mech_cparam: a kernel parameter's constant-cache line touched for the first time in a launch
// after the harness's start stamp (tests/data/h200/mech/cparam; predicted from a local compile before it is timed).
//
// Why: rtloop (tests/data/h200/rtloop, README "Measured") ran slow by one constant a launch, whatever its loop
// length: 113 cycles at 1 warp, 182 at 4, ~146 at 16, ~121 at 32. ptxas loads the loop count n there with
// `LDC R, c[0x0][0x218]` after the start barrier's BAR.SYNC and its CS2R SR_CLOCKLO stamp and branches on it;
// no earlier instruction of the launch read that line through LDC, and smsim gives the LDC const_latency (24) as
// if it hit. These kernels time that first touch alone:
//
// cp_one<W>(out, n, x, y, rec): after imp_begin, `if (n > 0) acc = fmaf(acc, x, y)` (ptxas: LDC n, ISETP, then
//   predicated LDCs of x and y and a predicated FFMA), the thread's store, imp_end. No loop: the span is the
//   parameter's first load and a few instructions.
// cp_warm<W>(out, n, x, y, rec): the same after a store that runs only when n == CP_NEVER, before imp_begin: ptxas
//   loads n (LDC c[0x0][0x218]) before the start barrier to decide it and keeps it in a register for the code
//   after the barrier, so the line (out, n, x, y, rec: c[0x0][0x210..0x22f]) has been read through LDC once by
//   every warp before the start stamp. The code after the stamp is cp_one's less its LDCs of n and out (ptxas
//   computes the store's address before the barrier too, for the guard store).
// cp_lines<K, S, W>(out, tag, rec, p): p a 2 KB struct of ints (c[0x0][0x228..0xa27]); tag decides a store before
//   imp_begin as cp_warm's n does (line 0x200 read before the stamp); after the stamp one dependent chain of K
//   LDCs of a register address, j = p.v[54 + k S / 4 + j] (threadIdx.y, always 0, makes j a per-thread value:
//   LDC c[0x0][R+...], not ULDC), their addresses 0x300 + k S (k = 0..K-1), no line of them read before: S 64 one
//   64-byte line each, S 256 one 256-byte block each, S 4 (the control) K words of the one line 0x300, so that only
//   the first load can miss and the others time a warm step. The host passes zeros: j stays 0.
// cp_ulines<K, S, W>: the same chain with a uniform index (j = p.v[54 + k S / 4 + j] without threadIdx.y): ptxas
//   makes it ULDC c[0x0][UR+...] on the uniform datapath (the path of the ULDC.64 c[0x0][0x208] every kernel here
//   runs before its start barrier).
//
// Shapes: one block of W warps an SM (cfg_W), W 1, 4, 16, 32; cp_one and cp_warm also with two blocks an SM
// (W 1 and 16 each: res=2, blocks=2) and at W 1 on G < all SMs (one block on each of G SMs: sms=G), to see whether
// the line's fill is served by a level the SMs share and contend for. Each thread stores its result before imp_end.
#include "imp.h"

#define CP_NEVER 0x7fffffff  // n and tag are never this: the pre-barrier store never runs
#define CP_X 0.9990234375f
#define CP_Y 1e-3f
#define CP_WORDS 512  // p: 2048 bytes (c[0x0][0x228..0xa27]); the chains read v[54 + ...] from c[0x0][0x300] on

struct CpP {
  int v[CP_WORDS];
};

// The thread's slot with the block size as a constant: imp_gtid() would read blockDim.x with a ULDC of
// c[0x0][0x0] after the start stamp, a constant line of its own on the uniform path; here the only constant
// loads after the stamp are the parameters'.
template <int W>
__device__ __forceinline__ unsigned cp_tid() {
  return blockIdx.x * (32u * W) + threadIdx.x;
}

template <int W>
__global__ void __launch_bounds__(32 * W) cp_one(float* out, int n, float x, float y, BlockRec* rec) {
  float acc = threadIdx.x * 1e-3f;
  imp_begin(rec);
  if (n > 0) acc = fmaf(acc, x, y);
  out[cp_tid<W>()] = acc;
  imp_end(rec);
}

template <int W>
__global__ void __launch_bounds__(32 * W) cp_warm(float* out, int n, float x, float y, BlockRec* rec) {
  float acc = threadIdx.x * 1e-3f;
  if (n == CP_NEVER) out[cp_tid<W>()] = -1.f;  // n read before the start barrier
  imp_begin(rec);
  if (n > 0) acc = fmaf(acc, x, y);
  out[cp_tid<W>()] = acc;
  imp_end(rec);
}

template <int K, int S, int W>
__global__ void __launch_bounds__(32 * W) cp_lines(int* out, int tag, BlockRec* rec, const CpP p) {
  if (tag == CP_NEVER) out[cp_tid<W>()] = -1;  // line 0x200 (out, tag, rec) read before the start barrier
  imp_begin(rec);
  int j = p.v[54 + threadIdx.y];
#pragma unroll
  for (int k = 1; k < K; ++k) j = p.v[54 + k * (S / 4) + j];
  out[cp_tid<W>()] = j + (int)threadIdx.x;
  imp_end(rec);
}

template <int K, int S, int W>
__global__ void __launch_bounds__(32 * W) cp_ulines(int* out, int tag, BlockRec* rec, const CpP p) {
  if (tag == CP_NEVER) out[cp_tid<W>()] = -1;
  imp_begin(rec);
  int j = p.v[54];
#pragma unroll
  for (int k = 1; k < K; ++k) j = p.v[54 + k * (S / 4) + j];
  out[cp_tid<W>()] = j + (int)threadIdx.x;
  imp_end(rec);
}

// Two blocks of W warps an SM (90 KB of dynamic shared memory each: no third fits).
static LaunchCfg cp_cfg2(Ctx& c, int W) {
  LaunchCfg L;
  L.grid = 2 * c.sms, L.tpb = 32 * W, L.smem = SMEM_2BPS, L.bps = 2;
  return L;
}

template <int W>
static void run_cp_pair(Ctx& c, float* dout) {
  const LaunchCfg L = cfg_W(c.sms, W);
  Meas m = measure(c, cp_one<W>, L, dout, 1, CP_X, CP_Y, c.d_rec);
  imp_row(c, "mech_cparam", (const void*)cp_one<W>, "one", 1, W, L.bps, L.tpb, 1, "res=1", m);
  m = measure(c, cp_warm<W>, L, dout, 1, CP_X, CP_Y, c.d_rec);
  imp_row(c, "mech_cparam", (const void*)cp_warm<W>, "warm", 1, W, L.bps, L.tpb, 1, "res=1", m);
}

template <int W>
static void run_cp_res2(Ctx& c, float* dout) {
  const LaunchCfg L = cp_cfg2(c, W);
  Meas m = measure(c, cp_one<W>, L, dout, 1, CP_X, CP_Y, c.d_rec);
  imp_row(c, "mech_cparam", (const void*)cp_one<W>, "one", 1, 2 * W, L.bps, L.tpb, 1, "res=2;blocks=2", m);
  m = measure(c, cp_warm<W>, L, dout, 1, CP_X, CP_Y, c.d_rec);
  imp_row(c, "mech_cparam", (const void*)cp_warm<W>, "warm", 1, 2 * W, L.bps, L.tpb, 1, "res=2;blocks=2", m);
}

// One one-warp block on each of G SMs (120 KB of shared memory: one a SM).
static void run_cp_sms(Ctx& c, float* dout, int G, bool warm) {
  LaunchCfg L = cfg_W(c.sms, 1);
  L.grid = G, L.bps = 0;
  const std::string prm = "sms=" + std::to_string(G);
  if (warm) {
    const Meas m = measure(c, cp_warm<1>, L, dout, 1, CP_X, CP_Y, c.d_rec);
    imp_row(c, "mech_cparam", (const void*)cp_warm<1>, "warm", 1, 1, L.bps, L.tpb, 1, prm, m);
  } else {
    const Meas m = measure(c, cp_one<1>, L, dout, 1, CP_X, CP_Y, c.d_rec);
    imp_row(c, "mech_cparam", (const void*)cp_one<1>, "one", 1, 1, L.bps, L.tpb, 1, prm, m);
  }
}

template <int K, int S, int W>
static void run_cp_lines(Ctx& c, int* dout, const CpP& p) {
  const LaunchCfg L = cfg_W(c.sms, W);
  const std::string prm = "k=" + std::to_string(K) + ";s=" + std::to_string(S);
  Meas m = measure(c, cp_lines<K, S, W>, L, dout, 1, c.d_rec, p);
  imp_row(c, "mech_cparam", (const void*)cp_lines<K, S, W>, "lines", K, W, L.bps, L.tpb, K, prm, m);
}

template <int K, int S, int W>
static void run_cp_ulines(Ctx& c, int* dout, const CpP& p) {
  const LaunchCfg L = cfg_W(c.sms, W);
  const std::string prm = "k=" + std::to_string(K) + ";s=" + std::to_string(S);
  Meas m = measure(c, cp_ulines<K, S, W>, L, dout, 1, c.d_rec, p);
  imp_row(c, "mech_cparam", (const void*)cp_ulines<K, S, W>, "ulines", K, W, L.bps, L.tpb, K, prm, m);
}

template <int S, int W>
static void run_cp_chain(Ctx& c, int* dout, const CpP& p) {
  imp_each<1, 2, 4, 8>([&](auto k) { run_cp_lines<decltype(k)::value, S, W>(c, dout, p); });
}

template <int S, int W>
static void run_cp_uchain(Ctx& c, int* dout, const CpP& p) {
  imp_each<1, 2, 4, 8>([&](auto k) { run_cp_ulines<decltype(k)::value, S, W>(c, dout, p); });
}

void group_mech_cparam(Ctx& c) {
  void* dbuf = nullptr;
  CK(cudaMalloc(&dbuf, (size_t)c.sms * 2048 * sizeof(float)));
  float* dout = (float*)dbuf;
  int* iout = (int*)dbuf;
  static const CpP p{};  // all zeros: every chain step reads 0
  imp_each<1, 4, 16, 32>([&](auto w) { run_cp_pair<decltype(w)::value>(c, dout); });
  imp_each<1, 16>([&](auto w) { run_cp_res2<decltype(w)::value>(c, dout); });
  for (int G : {1, 2, 8, 33, 66}) run_cp_sms(c, dout, G, false);
  run_cp_sms(c, dout, 1, true);
  imp_each<1, 4, 16, 32>([&](auto w) {
    run_cp_chain<4, decltype(w)::value>(c, iout, p);
    run_cp_chain<64, decltype(w)::value>(c, iout, p);
    run_cp_chain<256, decltype(w)::value>(c, iout, p);
  });
  imp_each<1, 32>([&](auto w) {
    run_cp_uchain<4, decltype(w)::value>(c, iout, p);
    run_cp_uchain<64, decltype(w)::value>(c, iout, p);
    run_cp_uchain<256, decltype(w)::value>(c, iout, p);
  });
  CK(cudaFree(dbuf));
}

// ---- group mech_cparam2: how a cold constant line's fill is shared (tests/data/h200/mech/cparam2) ------------------
// mech_cparam found a cold 64-byte line ~73 cycles over a hit for one dependent chain whatever the warps (cp_lines K 1:
// smsim + 82, 88, 82, 66 at 1, 4, 16, 32 warps), yet cp_one, whose warps each issue two or three LDCs into the one
// cold line 0x200 before it arrives (n, out, rec), grows from + 75 at one warp to + 116-135 at 4-32. These ask which:
// cq_same<M, W, 0>: M independent LDCs of a register address into the one cold line 0x300 (words 54 + 3 i: never two
//   adjacent, so ptxas cannot pair them into an LDC.64), summed; line 0x200 read by LDC before the start barrier.
// cq_warm<M, W>: the same with line 0x300 also read before the start barrier (a word the chain does not read).
// cq_dist<M, W>: M independent LDCs into M distinct cold lines (0x300 + 64 i): one fill at a time, or overlapped?
// cq_same<M, 16, SEL>: only some warps load (a warp-uniform condition on the warp's index; the rest store 0):
//   SEL 1 warp 0; 2 warps 0, 4, 8, 12 (one scheduler, if warp w sits on scheduler w % 4); 3 warps 0-3 (four).
//   These rows branch on the thread index: timed to read the mechanism, not imported.
template <int SEL>
__device__ __forceinline__ bool cq_sel() {
  const unsigned w = threadIdx.x >> 5;
  return SEL == 0 || (SEL == 1 && w == 0) || (SEL == 2 && (w & 3) == 0) || (SEL == 3 && w < 4);
}

template <int M, int W, int SEL>
__global__ void __launch_bounds__(32 * W) cq_same(int* out, int tag, BlockRec* rec, const CpP p) {
  if (tag == CP_NEVER) out[cp_tid<W>()] = -1;  // line 0x200 (out, tag, rec) read before the start barrier
  imp_begin(rec);
  int j = 0;
  if (cq_sel<SEL>()) {
#pragma unroll
    for (int i = 0; i < M; ++i) j += p.v[54 + 3 * i + threadIdx.y];
  }
  out[cp_tid<W>()] = j + (int)threadIdx.x;
  imp_end(rec);
}

template <int M, int W>
__global__ void __launch_bounds__(32 * W) cq_warm(int* out, int tag, BlockRec* rec, const CpP p) {
  if (tag == CP_NEVER || p.v[69 + threadIdx.y] == CP_NEVER) out[cp_tid<W>()] = -1;  // lines 0x200 and 0x300
  imp_begin(rec);
  int j = 0;
#pragma unroll
  for (int i = 0; i < M; ++i) j += p.v[54 + 3 * i + threadIdx.y];
  out[cp_tid<W>()] = j + (int)threadIdx.x;
  imp_end(rec);
}

template <int M, int W>
__global__ void __launch_bounds__(32 * W) cq_dist(int* out, int tag, BlockRec* rec, const CpP p) {
  if (tag == CP_NEVER) out[cp_tid<W>()] = -1;
  imp_begin(rec);
  int j = 0;
#pragma unroll
  for (int i = 0; i < M; ++i) j += p.v[54 + 16 * i + threadIdx.y];
  out[cp_tid<W>()] = j + (int)threadIdx.x;
  imp_end(rec);
}

template <int M, int W, int SEL>
static void run_cq_same(Ctx& c, int* dout, const CpP& p) {
  const LaunchCfg L = cfg_W(c.sms, W);
  const std::string prm = "m=" + std::to_string(M) + ";sel=" + std::to_string(SEL);
  const Meas m = measure(c, cq_same<M, W, SEL>, L, dout, 1, c.d_rec, p);
  imp_row(c, "mech_cparam2", (const void*)cq_same<M, W, SEL>, SEL ? "sel" : "same", M, W, L.bps, L.tpb, M, prm, m);
}

template <int M, int W>
static void run_cq_warm(Ctx& c, int* dout, const CpP& p) {
  const LaunchCfg L = cfg_W(c.sms, W);
  const std::string prm = "m=" + std::to_string(M);
  const Meas m = measure(c, cq_warm<M, W>, L, dout, 1, c.d_rec, p);
  imp_row(c, "mech_cparam2", (const void*)cq_warm<M, W>, "warm", M, W, L.bps, L.tpb, M, prm, m);
}

template <int M, int W>
static void run_cq_dist(Ctx& c, int* dout, const CpP& p) {
  const LaunchCfg L = cfg_W(c.sms, W);
  const std::string prm = "m=" + std::to_string(M);
  const Meas m = measure(c, cq_dist<M, W>, L, dout, 1, c.d_rec, p);
  imp_row(c, "mech_cparam2", (const void*)cq_dist<M, W>, "dist", M, W, L.bps, L.tpb, M, prm, m);
}

void group_mech_cparam2(Ctx& c) {
  void* dbuf = nullptr;
  CK(cudaMalloc(&dbuf, (size_t)c.sms * 2048 * sizeof(int)));
  int* iout = (int*)dbuf;
  static const CpP p{};
  imp_each<1, 4, 16, 32>([&](auto w) {
    constexpr int W = decltype(w)::value;
    imp_each<1, 2, 4>([&](auto m) {
      run_cq_same<decltype(m)::value, W, 0>(c, iout, p);
      run_cq_warm<decltype(m)::value, W>(c, iout, p);
    });
    imp_each<2, 4, 8>([&](auto m) { run_cq_dist<decltype(m)::value, W>(c, iout, p); });
  });
  imp_each<1, 2>([&](auto m) {
    run_cq_same<decltype(m)::value, 16, 1>(c, iout, p);
    run_cq_same<decltype(m)::value, 16, 2>(c, iout, p);
    run_cq_same<decltype(m)::value, 16, 3>(c, iout, p);
  });
  CK(cudaFree(dbuf));
}

// ---- group mech_cwarp: each warp's own clock around its first constant load (tests/data/h200/mech/cwarp) ------------
// mech_cparam2 left a cost that grows with the warps: a cold line costs 95, 104, 153, 247 cycles over warm at 1, 4, 16,
// 32 warps (cq_same M 1), where one fill would be ~73 at any W. The block's span cannot say which warps wait how long.
// cw_warp<W, KIND>: lane 0 of every warp reads %clock (t0) after the start stamp, then the warp loads one constant word
// and lane 0 reads %clock again once the word is in its register (t1: a CS2R predicated on the word, so it waits for it).
// KIND 0: LDC of a register address into the cold line 0x300 (cq_same's load); 1: LDC of an immediate address into the
// cold line 0x300 (guarded by threadIdx.x < lim, lim = 1024 on the host: ptxas makes it an LDC c[0x0][0x30c] and selects
// after; p starts at 0x234 here, v[54] at 0x30c, v[66] at 0x33c: one line); 2: KIND 0
// with line 0x300 read before the start barrier (warm); 3: KIND 1 warm. Each warp's (t0, t1) beside the block's c0 go
// to the side file cwarp.csv (IMP_OUT_DIR): kind, W, block, smid, warp, t0 - c0, t1 - t0 (the last launch).
template <int W, int KIND>
__global__ void __launch_bounds__(32 * W) cw_warp(int* out, int tag, BlockRec* rec, unsigned* st, int lim, const CpP p) {
  if (tag == CP_NEVER || (KIND >= 2 && p.v[66 + threadIdx.y] == CP_NEVER)) out[cp_tid<W>()] = -1;  // v[66]: 0x33c
  imp_begin(rec);
  const bool l0 = (threadIdx.x & 31u) == 0;
  unsigned t0 = 0, t1 = 0;
  imp_clock_if(t0, l0);
  int j = 0;
  if (KIND == 1 || KIND == 3) {
    if ((int)threadIdx.x < lim) j = p.v[54];
  } else {
    j = p.v[54 + threadIdx.y];
  }
  imp_clock_if(t1, l0 && j != CP_NEVER);
  out[cp_tid<W>()] = j + (int)threadIdx.x;
  if (l0) {
    const unsigned w = blockIdx.x * W + (threadIdx.x >> 5);
    st[2 * w] = t0;
    st[2 * w + 1] = t1;
  }
  imp_end(rec);
}

// The last launch's per-warp stamps (words a warp, dst) and its blocks' records (c.d_rec) back to the host.
static void cp_stamps_back(Ctx& c, const LaunchCfg& L, int W, int words, const unsigned* dst, std::vector<unsigned>& h,
                           std::vector<BlockRec>& r) {
  h.resize((size_t)L.grid * W * words);
  r.resize(L.grid);
  CK(cudaMemcpy(h.data(), dst, h.size() * sizeof(unsigned), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(r.data(), c.d_rec, L.grid * sizeof(BlockRec), cudaMemcpyDeviceToHost));
}

template <int W, int KIND>
static void run_cw(Ctx& c, int* dout, unsigned* dst, FILE* f, const CpP& p) {
  const LaunchCfg L = cfg_W(c.sms, W);
  const Meas m = measure(c, cw_warp<W, KIND>, L, dout, 1, c.d_rec, dst, 1024, p);
  static const char* const kinds[] = {"idx", "imm", "idx_warm", "imm_warm"};
  imp_row(c, "mech_cwarp", (const void*)cw_warp<W, KIND>, kinds[KIND], 1, W, L.bps, L.tpb, 1, "kind=" + std::to_string(KIND), m);
  std::vector<unsigned> h;
  std::vector<BlockRec> r;
  cp_stamps_back(c, L, W, 2, dst, h, r);
  for (int b = 0; b < L.grid; ++b)
    for (int w = 0; w < W; ++w) {
      const unsigned t0 = h[2 * ((size_t)b * W + w)], t1 = h[2 * ((size_t)b * W + w) + 1];
      fprintf(f, "%s,%d,%d,%u,%d,%d,%u\n", kinds[KIND], W, b, r[b].smid, w, (int)(t0 - (unsigned)r[b].c0), t1 - t0);
    }
  fflush(f);
}

void group_mech_cwarp(Ctx& c) {
  void* dbuf = nullptr;
  unsigned* dst = nullptr;
  CK(cudaMalloc(&dbuf, (size_t)c.sms * 2048 * sizeof(int)));
  CK(cudaMalloc(&dst, (size_t)c.sms * 32 * 2 * sizeof(unsigned)));
  FILE* f = imp_side_file("cwarp.csv");
  fprintf(f, "kind,warps,block,smid,warp,t0_after_c0,t1_minus_t0\n");
  static const CpP p{};
  imp_each<1, 4, 8, 16, 32>([&](auto w) {
    constexpr int W = decltype(w)::value;
    run_cw<W, 0>(c, (int*)dbuf, dst, f, p);
    run_cw<W, 1>(c, (int*)dbuf, dst, f, p);
    run_cw<W, 2>(c, (int*)dbuf, dst, f, p);
    run_cw<W, 3>(c, (int*)dbuf, dst, f, p);
  });
  fclose(f);
  CK(cudaFree(dst));
  CK(cudaFree(dbuf));
}

// ---- group mech_cchain: each warp's clock through cp_one's two constant steps (tests/data/h200/mech/cchain) --------
// cp_one (`if (n > 0) acc = fmaf(acc, x, y)`: an LDC of n into the cold line 0x200, then, once n is in, LDCs of x and y
// into the same line) costs 181 cycles at one warp and 247 with 4 warps (smsim 171, 177), where cq_same's single LDC
// into a cold line (0x300) costs 171 and 183 (smsim 162, 168), and each warp of cw_warp gets its cold word within 9
// cycles of the others at 4 warps: the 66 cycles are not the first load's. These time the two steps apart.
// cc_warp<W, KIND>(out, n, x, y, rec, st, p): lane 0 of every warp reads %clock after the start stamp (t0), the warp
//   loads n, lane 0 reads %clock once n is in its register (t1), then `if (n > 0) acc = fmaf(acc, x, y)`, and lane 0
//   reads %clock once acc is (t2). KIND 0: n, x, y the parameters at c[0x0][0x218], 0x21c, 0x220 (cp_one's: line 0x200,
//   which before the barrier only the harness's ULDC.64 c[0x0][0x208] read); 1: the same with n read by an LDC before
//   the start barrier (cp_warm's store on n == CP_NEVER: the line warm for LDC); 2: n, x, y the words p.v[50..52] at
//   c[0x0][0x300..0x308] (a line nothing read before), as ints (x, y through __int_as_float); 3: n as KIND 0 (line
//   0x200), x and y as KIND 2 (line 0x300: the second step's line cold too). Side file cchain.csv:
//   kind, W, block, smid, warp, t0 - c0, t1 - t0, t2 - t1 (the last launch).
template <int W, int KIND>
__global__ void __launch_bounds__(32 * W) cc_warp(float* out, int n, float x, float y, BlockRec* rec, unsigned* st,
                                                  const CpP p) {
  float acc = threadIdx.x * 1e-3f;
  if (KIND == 1 && n == CP_NEVER) out[cp_tid<W>()] = -1.f;  // n read by LDC before the start barrier
  imp_begin(rec);
  const bool l0 = (threadIdx.x & 31u) == 0;
  unsigned t0 = 0, t1 = 0, t2 = 0;
  imp_clock_if(t0, l0);
  const int nn = KIND == 2 ? p.v[50] : n;  // KIND 3: n (line 0x200)
  imp_clock_if(t1, l0 && nn != CP_NEVER);
  if (nn > 0) acc = KIND >= 2 ? fmaf(acc, __int_as_float(p.v[51]), __int_as_float(p.v[52])) : fmaf(acc, x, y);
  imp_clock_if(t2, l0 && acc != -2.f);
  out[cp_tid<W>()] = acc;
  if (l0) reinterpret_cast<uint4*>(st)[blockIdx.x * W + (threadIdx.x >> 5)] = make_uint4(t0, t1, t2, 0u);  // one store
  imp_end(rec);
}

// One block of W warps an SM; G > 0: one block on each of G SMs only (the rest of the GPU idle), ";sms=G" after prm.
static LaunchCfg cc_launch(Ctx& c, int W, int G, std::string& prm) {
  LaunchCfg L = cfg_W(c.sms, W);
  if (G > 0) L.grid = G, L.bps = 0, prm += ";sms=" + std::to_string(G);
  return L;
}

// The last launch's per-warp stamps (t0, t1, t2 a warp in dst, 4 words each) into the side file f, one row a warp:
// kind, W, block, SM, warp, t0 - c0, t1 - t0, t2 - t1, SMs launched (cchain.csv's and cfar.csv's columns).
static void cc_stamp_rows(Ctx& c, FILE* f, const char* kind, int W, int G, const LaunchCfg& L, const unsigned* dst) {
  std::vector<unsigned> h;
  std::vector<BlockRec> r;
  cp_stamps_back(c, L, W, 4, dst, h, r);
  for (int b = 0; b < L.grid; ++b)
    for (int w = 0; w < W; ++w) {
      const unsigned* t = &h[4 * ((size_t)b * W + w)];
      fprintf(f, "%s,%d,%d,%u,%d,%d,%u,%u,%d\n", kind, W, b, r[b].smid, w, (int)(t[0] - (unsigned)r[b].c0), t[1] - t[0],
              t[2] - t[1], G > 0 ? G : c.sms);
    }
  fflush(f);
}

template <int W, int KIND>
static void run_cc(Ctx& c, float* dout, unsigned* dst, FILE* f, const CpP& p, int G = 0) {
  std::string prm = "kind=" + std::to_string(KIND);
  const LaunchCfg L = cc_launch(c, W, G, prm);
  const Meas m = measure(c, cc_warp<W, KIND>, L, dout, 1, CP_X, CP_Y, c.d_rec, dst, p);
  static const char* const kinds[] = {"one", "warm", "line300", "split"};
  imp_row(c, "mech_cchain", (const void*)cc_warp<W, KIND>, kinds[KIND], 1, W, L.bps, L.tpb, 1, prm, m);
  cc_stamp_rows(c, f, kinds[KIND], W, G, L, dst);
}

void group_mech_cchain(Ctx& c) {
  void* dbuf = nullptr;
  unsigned* dst = nullptr;
  CK(cudaMalloc(&dbuf, (size_t)c.sms * 2048 * sizeof(float)));
  CK(cudaMalloc(&dst, (size_t)c.sms * 32 * 4 * sizeof(unsigned)));
  FILE* f = imp_side_file("cchain.csv");
  fprintf(f, "kind,warps,block,smid,warp,t0_after_c0,t1_minus_t0,t2_minus_t1,sms\n");
  static CpP p{};
  p.v[50] = 1;                                  // n > 0: the fma runs
  p.v[51] = __builtin_bit_cast(int, CP_X);      // x
  p.v[52] = __builtin_bit_cast(int, CP_Y);      // y
  imp_each<1, 2, 4, 8, 16, 32>([&](auto w) {
    constexpr int W = decltype(w)::value;
    run_cc<W, 0>(c, (float*)dbuf, dst, f, p);
    run_cc<W, 1>(c, (float*)dbuf, dst, f, p);
    run_cc<W, 2>(c, (float*)dbuf, dst, f, p);
    run_cc<W, 3>(c, (float*)dbuf, dst, f, p);
  });
  // the same on G SMs (round 51, second call): is the W >= 2 wait the SM's or a miss path the SMs share?
  for (int G : {1, 2, 8, 33, 66}) {
    run_cc<4, 0>(c, (float*)dbuf, dst, f, p, G);
    run_cc<4, 2>(c, (float*)dbuf, dst, f, p, G);
    run_cc<16, 0>(c, (float*)dbuf, dst, f, p, G);
    run_cc<32, 0>(c, (float*)dbuf, dst, f, p, G);
  }
  fclose(f);
  CK(cudaFree(dst));
  CK(cudaFree(dbuf));
}

// ---- group mech_cfar: the start record's line moved off the parameters' line (tests/data/h200/mech/cchain) -----------
// mech_cchain found that at 2+ warps an SM, on a launch over many SMs, the launch's first cold constant line, line
// 0x200, answers late (warp 0's start-record LDC ~65 cycles later on 132 SMs than on one) where a cold line the warps
// all load live (line 0x300) does not. Two readings: the other warps' off copies of the thread-0 LDC load the miss
// path (Hoff), or line 0x200 itself (the one every SM misses right after the barrier) does (H200). Here the parameter
// struct comes first, so the start record's pointer (rec) lies in line 0xa00 and n, x, y in line 0x200:
// cf_warp<W, KIND>(p, out, rec, st): the cc_warp stamps (t0, t1 after n, t2 after the fma). KIND 0: n, x, y =
// p.v[0..2] (c[0x0][0x210..0x218], line 0x200, which only the harness's ULDC.64 c[0x0][0x208] read before); 1: n, x, y
// = p.v[60..62] (c[0x0][0x300..0x308], a line nothing read). Every warp loads them live; only the record's LDC of line
// 0xa00 has off copies. Hoff: warp 0's t0 late (+~60 at 4 warps on every SM), the others' lat1 as alone; H200: warp 0's
// t0 as at one warp, KIND 0's lat1 late. Side file cfar.csv: the cchain.csv columns.
template <int W, int KIND>
__global__ void __launch_bounds__(32 * W) cf_warp(const CpP p, float* out, BlockRec* rec, unsigned* st) {
  float acc = threadIdx.x * 1e-3f;
  imp_begin(rec);
  const bool l0 = (threadIdx.x & 31u) == 0;
  unsigned t0 = 0, t1 = 0, t2 = 0;
  imp_clock_if(t0, l0);
  const int b = KIND == 0 ? 0 : 60;
  const int nn = p.v[b];
  imp_clock_if(t1, l0 && nn != CP_NEVER);
  if (nn > 0) acc = fmaf(acc, __int_as_float(p.v[b + 1]), __int_as_float(p.v[b + 2]));
  imp_clock_if(t2, l0 && acc != -2.f);
  out[cp_tid<W>()] = acc;
  if (l0) reinterpret_cast<uint4*>(st)[blockIdx.x * W + (threadIdx.x >> 5)] = make_uint4(t0, t1, t2, 0u);  // one store
  imp_end(rec);
}

template <int W, int KIND>
static void run_cf(Ctx& c, float* dout, unsigned* dst, FILE* f, const CpP& p, int G) {
  std::string prm = "kind=" + std::to_string(KIND);
  const LaunchCfg L = cc_launch(c, W, G, prm);
  const Meas m = measure(c, cf_warp<W, KIND>, L, p, dout, c.d_rec, dst);
  static const char* const kinds[] = {"p200", "p300"};
  imp_row(c, "mech_cfar", (const void*)cf_warp<W, KIND>, kinds[KIND], 1, W, L.bps, L.tpb, 1, prm, m);
  cc_stamp_rows(c, f, kinds[KIND], W, G, L, dst);
}

void group_mech_cfar(Ctx& c) {
  void* dbuf = nullptr;
  unsigned* dst = nullptr;
  CK(cudaMalloc(&dbuf, (size_t)c.sms * 2048 * sizeof(float)));
  CK(cudaMalloc(&dst, (size_t)c.sms * 32 * 4 * sizeof(unsigned)));
  FILE* f = imp_side_file("cfar.csv");
  fprintf(f, "kind,warps,block,smid,warp,t0_after_c0,t1_minus_t0,t2_minus_t1,sms\n");
  static CpP p{};
  for (int b : {0, 60}) {
    p.v[b] = 1;                                  // n > 0: the fma runs
    p.v[b + 1] = __builtin_bit_cast(int, CP_X);  // x
    p.v[b + 2] = __builtin_bit_cast(int, CP_Y);  // y
  }
  for (int G : {0, 1}) {
    imp_each<1, 2, 4, 16>([&](auto w) {
      constexpr int W = decltype(w)::value;
      run_cf<W, 0>(c, (float*)dbuf, dst, f, p, G);
      run_cf<W, 1>(c, (float*)dbuf, dst, f, p, G);
    });
  }
  fclose(f);
  CK(cudaFree(dst));
  CK(cudaFree(dbuf));
}

// ---- group mech_cdist: when each of a warp's independent cold constant lines arrives (tests/data/h200/mech/cdist) -----
// mech_cparam2's cq_dist (M independent LDCs into M distinct cold lines) takes one warp 171, 193, 225, 354 cycles at M 1,
// 2, 4, 8 where smsim (fills of 73 cycles, at most 4 at once) gives 162, 170, 194, 263, and its SMs spread 252-390 at
// M 8 (M 1: 162-182). The span cannot say when each fill starts and ends. cd_warp<M, W, WARM>: lane 0 of every warp reads
// %clock after the start stamp (t0), the warp issues cq_dist's M LDCs (words 54 + 16 i: lines 0x300 + 64 i), then lane 0
// reads %clock once each value is in its register, in load order (t1..tM: ptxas makes each an unconditional CS2R after
// an ISETP of the value, so in-order issue holds the CS2R until the value is in; a SEL keeps it in lane 0). M is at
// most 7: at M 8 ptxas puts the first value's ISETP before the eighth LDC, which would then issue only once line 0 is
// in. WARM 1: the same with all M lines read before the start barrier (one word of each that the timed loads do not
// read). Side file cdist.csv: kind, M, W, block, SM, warp, t0 - c0, then t1 - t0, ..., tM - t(M-1) joined by '/', SMs
// launched.
template <int M, int W, int WARM>
__global__ void __launch_bounds__(32 * W) cd_warp(int* out, int tag, BlockRec* rec, unsigned* st, const CpP p) {
  bool pre = tag == CP_NEVER;  // line 0x200 (out, tag, rec) read before the start barrier
  if (WARM) {
#pragma unroll
    for (int i = 0; i < M; ++i) pre |= p.v[60 + 16 * i + threadIdx.y] == CP_NEVER;  // word 60 of line i: not timed
  }
  if (pre) out[cp_tid<W>()] = -1;
  imp_begin(rec);
  const bool l0 = (threadIdx.x & 31u) == 0;
  static_assert(M >= 1 && M <= 7, "cd_warp: M 1-7 (see above)");
  unsigned t[M + 1];
#pragma unroll
  for (int i = 0; i <= M; ++i) t[i] = 0;
  imp_clock_if(t[0], l0);
  int v[M];
#pragma unroll
  for (int i = 0; i < M; ++i) v[i] = p.v[54 + 16 * i + threadIdx.y];
  int j = 0;
#pragma unroll
  for (int i = 0; i < M; ++i) {
    imp_clock_if(t[i + 1], l0 && v[i] != CP_NEVER);
    j += v[i];
  }
  out[cp_tid<W>()] = j + (int)threadIdx.x;
  imp_end(rec);
  if (l0) {
    unsigned* s = st + 12 * (blockIdx.x * W + (threadIdx.x >> 5));  // after the end stamp: outside the span
#pragma unroll
    for (int i = 0; i <= M; ++i) s[i] = t[i];
  }
}

template <int M, int W, int WARM>
static void run_cd(Ctx& c, int* dout, unsigned* dst, FILE* f, const CpP& p, int G) {
  std::string prm = "m=" + std::to_string(M) + ";warm=" + std::to_string(WARM);
  const LaunchCfg L = cc_launch(c, W, G, prm);
  const Meas m = measure(c, cd_warp<M, W, WARM>, L, dout, 1, c.d_rec, dst, p);
  const char* kind = WARM ? "warm" : "dist";
  imp_row(c, "mech_cdist", (const void*)cd_warp<M, W, WARM>, kind, M, W, L.bps, L.tpb, M, prm, m);
  std::vector<unsigned> h;
  std::vector<BlockRec> r;
  cp_stamps_back(c, L, W, 12, dst, h, r);
  for (int b = 0; b < L.grid; ++b)
    for (int w = 0; w < W; ++w) {
      const unsigned* t = &h[12 * ((size_t)b * W + w)];
      fprintf(f, "%s,%d,%d,%d,%u,%d,%d,", kind, M, W, b, r[b].smid, w, (int)(t[0] - (unsigned)r[b].c0));
      for (int i = 1; i <= M; ++i) fprintf(f, "%s%u", i > 1 ? "/" : "", t[i] - t[i - 1]);
      fprintf(f, ",%d\n", G > 0 ? G : c.sms);
    }
  fflush(f);
}

void group_mech_cdist(Ctx& c) {
  void* dbuf = nullptr;
  unsigned* dst = nullptr;
  CK(cudaMalloc(&dbuf, (size_t)c.sms * 2048 * sizeof(int)));
  CK(cudaMalloc(&dst, (size_t)c.sms * 32 * 12 * sizeof(unsigned)));
  FILE* f = imp_side_file("cdist.csv");
  fprintf(f, "kind,m,warps,block,smid,warp,t0_after_c0,gaps,sms\n");
  static const CpP p{};
  for (int G : {0, 1}) {
    imp_each<1, 4, 16>([&](auto w) {
      constexpr int W = decltype(w)::value;
      if (G == 1 && W == 16) return;
      imp_each<1, 2, 4, 5, 6, 7>([&](auto m) { run_cd<decltype(m)::value, W, 0>(c, (int*)dbuf, dst, f, p, G); });
      run_cd<7, W, 1>(c, (int*)dbuf, dst, f, p, G);
    });
  }
  fclose(f);
  CK(cudaFree(dst));
  CK(cudaFree(dbuf));
}
