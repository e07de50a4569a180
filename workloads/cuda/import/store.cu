// store.cu -- microbenchmarks of the global store (issue #18; run only when named: run_import.sh
// mech_stk,mech_strd,mech_stks): a step's stores beside its load (mech_stk, round 24e), when a store
// reads its registers and what it holds of the SM's store path (mech_strd, round 25) and where a
// step's stores after its load spend their cycles (mech_stks, mech_stk's step stamped; mech_ststamp,
// mech_strd's coalesced store stamped a warp a step). Each kernel's SASS,
// smsim's predictions from it and the H200's cycles: tests/data/h200/mech/strd, stks.
#include <algorithm>
#include <climits>
#include <string>
#include <vector>

#include "imp.h"

#define SKS_STEPS 256  // mech_stk's and mech_stks's steps (mech_stw's STW_STEPS)

// One step of mech_stk's kernels: the load and K stores before (POS 1) or after it (POS 0, of its
// value); returns the loaded value (stk_stamp stamps its arrival).
template <int K, int POS, int W>
static __device__ __forceinline__ float stk_body(int s, const float* src, float* dst, float f, float& acc) {
  const int at = (s & 3) * K * 32 * W;
  if (POS == 1) {
#pragma unroll
    for (int k = 0; k < K; ++k) dst[at + k * 32 * W] = f;
  }
  const float v = src[s * 32 * W];
  if (POS == 0 && K > 0) {
#pragma unroll
    for (int k = 0; k < K; ++k) dst[at + k * 32 * W] = v;
  } else {
    acc += v;
  }
  return v;
}

// mech_stk (round 24e, after mech_stw: a step's store to L2-resident lines after its load costs the
// next step ~185 cycles at 32 warps, smsim +129; before the load ~30): what sets it, the bytes or the
// instructions, and where in the step. stk_step<K, POS, W>: one block of W warps an SM, 256 steps; a
// step is a coalesced 128-B LDG a warp (a fresh DRAM stream), K 128-B STGs a warp to the block's own
// 4 K W lines (L2-resident after the first steps: written over and over), and a barrier; POS 0: the
// stores after the load, storing its value; POS 1: before it, storing f. K = 0: the load alone.
template <int K, int POS, int W>
__global__ void __launch_bounds__(32 * W) stk_step(float* out, const float* x, float* y, BlockRec* rec) {
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const float* src = x + (size_t)blockIdx.x * 32 * SKS_STEPS * 32 + warp * 32 + lane;
  float* dst = y + (size_t)blockIdx.x * 4 * 4 * 32 * 32 + warp * 32 + lane;  // 4 K W lines, K <= 4
  float acc = 0.f, f = (float)threadIdx.x;
  imp_begin(rec);
#pragma unroll 1
  for (int s = 0; s < SKS_STEPS; ++s) {
    stk_body<K, POS, W>(s, src, dst, f, acc);
    __syncthreads();
  }
  if (acc == 12345.f) out[imp_gtid()] = acc;  // never true: keeps the loads
  imp_end(rec);
}

template <int K, int POS, int W>
static void run_stk(Ctx& c, const float* dx, float* dy) {
  const LaunchCfg L = cfg_W(c.sms, W, PREP_FLUSH);
  const Meas m = measure(c, stk_step<K, POS, W>, L, (float*)c.d_out, dx, dy, c.d_rec);
  imp_row(c, "mech_stk", (const void*)stk_step<K, POS, W>, (POS ? "pre_k" : "post_k") + std::to_string(K), 1, W, L.bps,
          L.tpb, SKS_STEPS, "k=" + std::to_string(K) + ";pos=" + std::to_string(POS) + ";steps=" + std::to_string(SKS_STEPS), m);
}

void group_mech_stk(Ctx& c) {
  const size_t n = (size_t)c.sms * 32 * SKS_STEPS * 32;
  float *dx = nullptr, *dy = nullptr;
  CK(cudaMalloc(&dx, n * sizeof(float)));
  CK(cudaMalloc(&dy, n * sizeof(float)));
  CK(cudaMemset(dx, 0, n * sizeof(float)));
  imp_each<8, 16, 32>([&](auto w) {
    constexpr int W = decltype(w)::value;
    run_stk<0, 0, W>(c, dx, dy);
    imp_each<1, 2, 4>([&](auto k) {
      run_stk<decltype(k)::value, 0, W>(c, dx, dy);
      run_stk<decltype(k)::value, 1, W>(c, dx, dy);
    });
  });
  CK(cudaFree(dx));
  CK(cudaFree(dy));
}

// mech_strd (round 25a, after mech_stw's st rows: a lone warp storing a line a step, its next
// address register written right after the store, takes 39 cycles a step on the H200 and 30 in smsim,
// whose store reads its registers 2.26 cycles after issue, the store unit's turn, from mech_tail's
// block ends). When does a global store release its registers (the read scoreboard a following
// write of them waits for), by width, lanes and lines, alone and beside other warps' stores?
// st_war<WD, PAT, W>: one block of W warps an SM, SR_STEPS steps; a step is WD in-place FFMA chains
// (v = v * a + b) and one store of them (WD floats a lane), so the next step's FFMAs wait for the
// store's read of v; PAT 0: all 32 lanes, contiguous (WD lines a warp); 1: lane 0 only; 2: each lane
// its own line (32 lines, one sector each); 3: no store (the chains alone); 4: a shared-memory store
// (STS, all lanes contiguous, no bank conflict). The lines are the block's own 16-64 KB, written over
// and over (L2-resident).
#define SR_STEPS 512
template <int WD> struct SrVec;  // the store's type: WD floats a lane, so ptxas knows the alignment
template <> struct SrVec<1> { typedef float T; static __device__ T make(const float* v) { return v[0]; } };
template <> struct SrVec<2> { typedef float2 T; static __device__ T make(const float* v) { return make_float2(v[0], v[1]); } };
template <> struct SrVec<4> {
  typedef float4 T;
  static __device__ T make(const float* v) { return make_float4(v[0], v[1], v[2], v[3]); }
};

template <int WD, int PAT, int W>
__global__ void __launch_bounds__(32 * W) st_war(float* out, typename SrVec<WD>::T* y, float a, float b, BlockRec* rec) {
  typedef typename SrVec<WD>::T T;
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  T* blk = y + (size_t)blockIdx.x * 4 * 1024;  // 4 slots of 1024 T (4 KB x WD)
  __shared__ T s_y[PAT == 4 ? 2 : 1][PAT == 4 ? 1024 : 1];  // PAT 4: two slots (one slot's store would be hoisted)
  float v[WD];
#pragma unroll
  for (int k = 0; k < WD; ++k) v[k] = (float)(lane + k);
  imp_begin(rec);
#pragma unroll 1
  for (int s = 0; s < SR_STEPS; ++s) {
#pragma unroll
    for (int k = 0; k < WD; ++k) v[k] = v[k] * a + b;
    T* slot = blk + (s & 3) * 1024;
    T* p = PAT == 2 ? slot + lane * 32 + (warp & 7) * (4 / WD) : slot + warp * 32 + lane;  // lines: 16 B apart a warp
    if (PAT == 4) p = &s_y[PAT == 4 ? (s & 1) : 0][warp * 32 + lane];
    if (PAT == 0 || PAT == 2 || PAT == 4 || (PAT == 1 && lane == 0)) *p = SrVec<WD>::make(v);
  }
  float t = 0.f;
#pragma unroll
  for (int k = 0; k < WD; ++k) t += v[k];
  if (t == 12345.f) out[imp_gtid()] = t + *(const float*)&s_y[0][PAT == 4 ? lane : 0];  // never true: keeps the chains and shared stores
  imp_end(rec);
}

template <int WD, int PAT, int W>
static void run_strd(Ctx& c, float* dy) {
  const LaunchCfg L = cfg_W(c.sms, W, PREP_NONE);
  const Meas m = measure(c, st_war<WD, PAT, W>, L, (float*)c.d_out, (typename SrVec<WD>::T*)dy, 1.0f, 0.0f, c.d_rec);
  static const char* pat[] = {"coal", "lane0", "lines", "none", "sts"};
  imp_row(c, "mech_strd", (const void*)st_war<WD, PAT, W>, std::string(pat[PAT]) + "_b" + std::to_string(4 * WD), 1, W,
          L.bps, L.tpb, SR_STEPS, "wd=" + std::to_string(WD) + ";pat=" + std::to_string(PAT) + ";steps=" + std::to_string(SR_STEPS), m);
}

void group_mech_strd(Ctx& c) {
  float* dy = nullptr;
  CK(cudaMalloc(&dy, (size_t)c.sms * 4 * 32 * 32 * 4 * sizeof(float)));
  CK(cudaMemset(dy, 0, (size_t)c.sms * 4 * 32 * 32 * 4 * sizeof(float)));
  imp_each<1, 2, 4>([&](auto wd) {
    imp_each<0, 1, 2, 3, 4>([&](auto pat) {
      imp_each<1, 4, 8, 16, 32>([&](auto w) {
        run_strd<decltype(wd)::value, decltype(pat)::value, decltype(w)::value>(c, dy);
      });
    });
  });
  CK(cudaFree(dy));
}

// mech_strw (round 43, from a read of the store sets: mech_stw st (fresh lines) against st_l2 (4 slots
// written over and over) at 16 warps, 6.58 against 8.19 cycles of the SM a line; mech_stb/stb4 at 8 warps
// 8.3 -> 7.0 cycles a line as the stores between two writes of a line grow 32 -> 256): does a full-line store
// to a line the SM wrote a short while ago cost its store path more than one to a line it has not? st_rw<S, W>
// is st_war<1, 0, W> (one FFMA chain and one coalesced 4-byte store a lane a step, SR_STEPS steps, a line a
// warp a step) with the block's lines in S slots written in turn (S 1, 2, 4, 8, 16, 64), or (S 0) a new line
// every step (fresh: 2 MB a block at 32 warps): a line is written again after S x W stores of the block.
template <int S, int W>
__global__ void __launch_bounds__(32 * W) st_rw(float* out, float* y, float a, float b, BlockRec* rec) {
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  float* blk = y + (size_t)blockIdx.x * (S ? S : SR_STEPS) * 1024;
  float v = (float)lane;
  imp_begin(rec);
#pragma unroll 1
  for (int s = 0; s < SR_STEPS; ++s) {
    v = v * a + b;
    blk[(size_t)(S ? (s & (S - 1)) : s) * 1024 + warp * 32 + lane] = v;
  }
  if (v == 12345.f) out[imp_gtid()] = v;  // never true
  imp_end(rec);
}

// One row: mech_strw's (G < 0: the full grid), or mech_strwg's on a grid of the SMs >> G blocks (G 0: the full
// grid, named by it; below).
template <int S, int W>
static void run_strw(Ctx& c, float* dy, int G = -1) {
  LaunchCfg L = cfg_W(c.sms, W, PREP_NONE);
  if (G > 0) L.grid = c.sms >> G, L.bps = 0;  // fewer blocks than SMs: one an SM, no placement check
  const Meas m = measure(c, st_rw<S, W>, L, (float*)c.d_out, dy, 1.0f, 0.0f, c.d_rec);
  std::string variant = S ? "s" + std::to_string(S) : std::string("fresh");
  std::string param = "s=" + std::to_string(S) + ";steps=" + std::to_string(SR_STEPS);
  if (G >= 0) variant += "_g" + std::to_string(L.grid), param += ";grid=" + std::to_string(L.grid);
  imp_row(c, G < 0 ? "mech_strw" : "mech_strwg", (const void*)st_rw<S, W>, variant, 1, W, L.bps, L.tpb, SR_STEPS,
          param, m);
}

// st_rw's lines: SR_STEPS slots of 1024 floats a block (fresh), zeroed
static float* strw_lines(Ctx& c) {
  float* dy = nullptr;
  const size_t n = (size_t)c.sms * SR_STEPS * 1024;
  CK(cudaMalloc(&dy, n * sizeof(float)));
  CK(cudaMemset(dy, 0, n * sizeof(float)));
  return dy;
}

void group_mech_strw(Ctx& c) {
  float* dy = strw_lines(c);
  imp_each<8, 16, 32>([&](auto w) {
    imp_each<1, 2, 4, 8, 16, 64, 0>([&](auto s) { run_strw<decltype(s)::value, decltype(w)::value>(c, dy); });
  });
  CK(cudaFree(dy));
}

// mech_strwg (round 45, after mech_strw on an H100: its SMs' times spread 2x within a launch (s4 at 8
// warps: 25154 .. 57158 cycles), fresh lines at 32 warps move 1594 B a cycle, the H100's DRAM, and the
// H200's own store sets spread as much (mech_strd coal_b4 at 8 warps: 22653 .. 48775, its fastest SM at the
// lone-warp pace): the whole GPU's L2 and DRAM set those rows, not one SM's store path). st_rw<S, W> as
// mech_strw on fewer SMs: a grid of the SMs >> G blocks (G 3: 16 of 132; 1: 66), one an SM, and the full
// grid (G 0) in the same call; what one SM's path takes with the rest of the GPU idle, at S 2, 4, 16 and
// fresh (tests/data/h100/mech/strwg/predictions.txt, written before the call). Its rows: run_strw, above.
void group_mech_strwg(Ctx& c) {
  float* dy = strw_lines(c);
  for (int G : {3, 1, 0})
    imp_each<8, 16, 32>([&](auto w) {
      imp_each<2, 4, 16, 0>([&](auto s) { run_strw<decltype(s)::value, decltype(w)::value>(c, dy, G); });
    });
  CK(cudaFree(dy));
}

// mech_ststamp (round 36, after mech_strd: at 4-16 warps a coalesced 128-B store takes ~8 cycles of
// the SM a line, at 32 warps 6.6). Do a block's warps store in bursts (in step) or spread out, in
// which order are the 4 schedulers' warps (warp % 4) served, and how long does each store wait to
// read its registers? st_stamp<WD, PAT, W> is st_war<WD, PAT, W> (PAT 0 coal, PAT 3 none; one block
// of W warps an SM, SR_STEPS steps, the same lines) with every warp stamping three clocks (32-bit
// %clock, per SM) in each of steps SST_S0 .. SST_S0+SST_N-1:
//   t_ready after the step's last FFMA (a never-true compare of v[WD-1], mix.cu's mix_stamp's guard:
//           the clock read waits for the value; WD 1: v[0]'s, below, already waited for),
//   t_done  right after the store (no dependence: when it issued),
//   t_read  after the next step's first FFMA, which overwrites v[0] and so waits for the store to
//           have read it (the same guard on v[0]): stamped at the top of step s + 1, kept as step s's.
// The guard is no store: the clock read is predicated on the compare (FSETP.NEU.AND with the lane's
// stamp predicate), so it waits for the value without an all-lanes-off store in the store path (one
// costs the SM a turn: mech_stb, mech_pstore). The stamps stay in registers, no shared store in the
// loop (its MIO turn and its source registers' release would be in the measured path): lane l
// stamps steps SST_S0 + l and SST_S0 + 32 + l into r, each clock one CS2R predicated on the lane's
// step; the step loop is split at SST_S0 + 32 (r copied to q between the two, same body), and the
// stamps written out after imp_end. A step: FFMA v[0], FSETP, CS2R (t_read of the last step's store),
// the other FFMAs, [FSETP], CS2R (t_ready), the store, CS2R (t_done): 14 instructions (WD 1) and 16
// (WD 2) a step, st_war's 11 and 12 (SASS: tests/data/h200/mech/ststamp/sass_local.txt). Launch shapes: st_war's
// (cfg_W, a block's static + dynamic shared memory st_war's).
// ststamp.csv (latd.csv's schema; footprint = W x WD x 128 for coal, 0 for none, an SM's bytes a
// step) holds histograms over all SMs' blocks of the last timed launch: rd (t_read - t_ready, steps
// SST_S0 .. +SST_N-2: the last step's read is not stamped), iss (t_done - t_ready), step (t_ready of
// the next step less this one's), rspread (a block's latest t_ready of a step less its earliest),
// rdsch<q> (rd of the warps of scheduler q = warp % 4), rank (a warp's rank by t_read among its
// block's warps of the step less its rank by t_ready, + 32: 32 = served in arrival order); labels
// _<variant>_w<W>. ststamp_raw.csv: every stamp of blocks 0-3 (t_read of the last step empty).
#define SST_S0 64  // stamped steps 64..127
#define SST_N 64
#define SST_WPB 32                        // warps a block at most
#define SST_WORDS (3 * SST_N * SST_WPB)  // a block's stamps in the output: [ready, done, read][step][warp]

// r = %clock in the lanes where h holds and x != never (never equal): the clock read is predicated on a
// compare of x, so it waits for x (an FSETP on h's predicate, no never-taken store: an all-lanes-off
// store still takes the SM's store path a turn, mech_stb and mech_pstore).
__device__ __forceinline__ void sst_clock_after(unsigned& r, bool h, float x, float never) {
  asm volatile("{\n\t.reg .pred q;\n\tsetp.ne.u32 q, %1, 0;\n\tsetp.neu.and.f32 q, %2, %3, q;\n\t@q mov.u32 %0, %%clock;\n\t}"
               : "+r"(r)
               : "r"((unsigned)h), "f"(x), "f"(never)
               : "memory");
}

// The step's store (st.global: the pointer is opaque to ptxas, so a C store would be a generic ST).
__device__ __forceinline__ void sst_store(float* p, const float* v) {
  asm volatile("st.global.f32 [%0], %1;" ::"l"(p), "f"(v[0]) : "memory");
}
__device__ __forceinline__ void sst_store(float2* p, const float* v) {
  asm volatile("st.global.v2.f32 [%0], {%1, %2};" ::"l"(p), "f"(v[0]), "f"(v[1]) : "memory");
}

template <int WD, int PAT, int W>
__global__ void __launch_bounds__(32 * W)
    st_stamp(float* out, typename SrVec<WD>::T* y, float a, float b, unsigned* st, unsigned* smid, BlockRec* rec) {
  typedef typename SrVec<WD>::T T;
  static_assert((PAT == 0 || PAT == 3) && (WD == 1 || WD == 2), "st_stamp: coal (0) or none (3), 4 or 8 B a lane");
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  float* const o = out + imp_gtid();
  T* wp = y + (size_t)blockIdx.x * 4 * 1024 + warp * 32 + lane;  // 4 slots of 1024 T (4 KB x WD), the lane's
  asm("mov.b64 %0, %0;" : "+l"(wp));  // opaque: the step's address is wp + slot (3 instructions, not 6)
  float v[WD];
#pragma unroll
  for (int k = 0; k < WD; ++k) v[k] = (float)(lane + k);
  // lane l stamps steps SST_S0 + l and SST_S0 + 32 + l, into r: [ready, done, read of the last step's
  // store]; between the two loops (every lane's first step done, none's second begun) r is copied to q
  unsigned r[3] = {0, 0, 0}, q[3];
  const int j0 = SST_S0 + lane;
  auto step = [&](int s) {
    const bool h = ((unsigned)(s - j0) & ~32u) == 0u;  // s is the lane's step j0 or j0 + 32
    v[0] = v[0] * a + b;                                // waits for the last step's store to read v[0]
    sst_clock_after(r[2], h, v[0], 2345.5f);            // t_read of the last step's store, after the FFMA's result
#pragma unroll
    for (int k = 1; k < WD; ++k) v[k] = v[k] * a + b;
    if (WD > 1)
      sst_clock_after(r[0], h, v[WD - 1], 1234.5f);  // t_ready, after the last FFMA's result
    else
      imp_clock_if(r[0], h);  // t_ready (v[0]'s result waited for above)
    if (PAT == 0) sst_store(wp + (size_t)((unsigned)s & 3u) * 1024, v);
    imp_clock_if(r[1], h);  // t_done
  };
  imp_begin(rec);
  int s = 0;
#pragma unroll 1
  for (; s < SST_S0 + 32; ++s) step(s);
  q[0] = r[0], q[1] = r[1], q[2] = r[2];
#pragma unroll 1
  for (; s < SR_STEPS; ++s) step(s);
  float t = 0.f;
#pragma unroll
  for (int k = 0; k < WD; ++k) t += v[k];
  if (t == 12345.f) *o = t;  // never true: keeps the chains
  imp_end(rec);
  // q: step SST_S0 + l's stamps, r: step SST_S0 + 32 + l's. The read of step j's store was stamped in step
  // j + 1: lane l + 1's (lane 0's r for lane 31's q); step SST_S0 + SST_N - 1's was not (0)
  const unsigned nq = __shfl_down_sync(0xffffffffu, q[2], 1), nr = __shfl_down_sync(0xffffffffu, r[2], 1);
  const unsigned x = __shfl_sync(0xffffffffu, r[2], 0);
  q[2] = lane < 31 ? nq : x;
  r[2] = lane < 31 ? nr : 0u;
  unsigned* dst = st + (size_t)blockIdx.x * SST_WORDS;
#pragma unroll
  for (int k = 0; k < 3; ++k) {
    dst[(k * SST_N + lane) * SST_WPB + warp] = q[k];
    dst[(k * SST_N + 32 + lane) * SST_WPB + warp] = r[k];
  }
  if (threadIdx.x == 0) smid[blockIdx.x] = imp_smid();
}

// The median of h alone ("-" when empty; lat_q gives p10/p50/p90).
static std::string sst_p50(std::vector<unsigned> h) {
  if (h.empty()) return "-";
  std::sort(h.begin(), h.end());
  return std::to_string(h[(h.size() - 1) / 2]);
}

template <int WD, int PAT, int W>
static void run_ststamp(Ctx& c, FILE* f, FILE* fr, float* dy, unsigned* d_st, unsigned* d_smid) {
  typedef typename SrVec<WD>::T T;
  LaunchCfg L = cfg_W(c.sms, W, PREP_NONE);
  cudaFuncAttributes fs{}, fw{};
  CK(cudaFuncGetAttributes(&fs, (const void*)st_stamp<WD, PAT, W>));
  CK(cudaFuncGetAttributes(&fw, (const void*)st_war<WD, PAT, W>));
  L.smem = L.smem + fw.sharedSizeBytes - fs.sharedSizeBytes;  // a block's shared memory = st_war's
  const Meas m = measure(c, st_stamp<WD, PAT, W>, L, (float*)c.d_out, (T*)dy, 1.0f, 0.0f, d_st, d_smid, c.d_rec);
  const std::string var = std::string(PAT == 0 ? "coal" : "none") + "_b" + std::to_string(4 * WD);
  imp_row(c, "mech_ststamp", (const void*)st_stamp<WD, PAT, W>, var, 1, W, L.bps, L.tpb, SR_STEPS,
          "wd=" + std::to_string(WD) + ";pat=" + std::to_string(PAT) + ";steps=" + std::to_string(SR_STEPS), m);
  // the last timed launch's stamps
  std::vector<unsigned> h((size_t)L.grid * SST_WORDS), sm(L.grid);
  CK(cudaMemcpy(h.data(), d_st, h.size() * sizeof(unsigned), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(sm.data(), d_smid, sm.size() * sizeof(unsigned), cudaMemcpyDeviceToHost));
  auto T_ = [&](int blk, int k, int s, int w) { return h[(size_t)blk * SST_WORDS + ((size_t)k * SST_N + s) * SST_WPB + w]; };
  // clock values as signed offsets from a reference of the same SM (32-bit %clock may wrap)
  auto rel = [](unsigned v, unsigned ref) { return (long long)(int)(v - ref); };
  std::vector<unsigned> rd, iss, step, rspread, rdsch[4], rank;
  std::vector<int> ordy(W), ordr(W), rk(W);
  for (int blk = 0; blk < L.grid; ++blk)
    for (int s = 0; s < SST_N; ++s) {
      const bool has_rd = s + 1 < SST_N;  // the last stamped step's read was not stamped
      const unsigned ref = T_(blk, 0, s, 0);
      long long lo = LLONG_MAX, hi = LLONG_MIN;
      for (int w = 0; w < W; ++w) {
        const unsigned ry = T_(blk, 0, s, w), dn = T_(blk, 1, s, w), rr = T_(blk, 2, s, w);
        iss.push_back(dn - ry);
        if (has_rd) rd.push_back(rr - ry), rdsch[w % 4].push_back(rr - ry);
        if (s + 1 < SST_N) step.push_back(T_(blk, 0, s + 1, w) - ry);
        lo = std::min(lo, rel(ry, ref)), hi = std::max(hi, rel(ry, ref));
      }
      rspread.push_back((unsigned)(hi - lo));
      if (!has_rd) continue;
      // ranks by t_ready and by t_read (ties: the lower warp first)
      for (int w = 0; w < W; ++w) ordy[w] = ordr[w] = w;
      std::stable_sort(ordy.begin(), ordy.end(), [&](int x, int y) { return rel(T_(blk, 0, s, x), ref) < rel(T_(blk, 0, s, y), ref); });
      std::stable_sort(ordr.begin(), ordr.end(), [&](int x, int y) { return rel(T_(blk, 2, s, x), ref) < rel(T_(blk, 2, s, y), ref); });
      for (int i = 0; i < W; ++i) rk[ordy[i]] = i;                                  // rank by t_ready
      for (int i = 0; i < W; ++i) rank.push_back((unsigned)(i - rk[ordr[i]] + 32));  // rank by t_read less it
    }
  const std::string sfx = "_" + var + "_w" + std::to_string(W);
  const size_t fp = PAT == 0 ? (size_t)W * WD * 128 : 0;
  lat_hist(f, "rd" + sfx, fp, W, rd);
  lat_hist(f, "iss" + sfx, fp, W, iss);
  lat_hist(f, "step" + sfx, fp, W, step);
  lat_hist(f, "rspread" + sfx, fp, W, rspread);
  for (int q = 0; q < 4; ++q) lat_hist(f, "rdsch" + std::to_string(q) + sfx, fp, W, rdsch[q]);
  lat_hist(f, "rank" + sfx, fp, W, rank);
  for (int blk = 0; blk < std::min(L.grid, 4); ++blk)
    for (int w = 0; w < W; ++w)
      for (int s = 0; s < SST_N; ++s)
        fprintf(fr, "%s,%d,%d,%u,%d,%d,%u,%u,%s\n", var.c_str(), W, blk, sm[blk], w, SST_S0 + s, T_(blk, 0, s, w),
                T_(blk, 1, s, w), s + 1 < SST_N ? std::to_string(T_(blk, 2, s, w)).c_str() : "");
  fflush(fr);
  char line[1024];
  snprintf(line, sizeof line,
           "mech_ststamp %s w%d cycles=%.0f (p10/p50/p90) rd=%s iss=%s step=%s rspread=%s rank=%s "
           "rdsch0..3_p50=%s/%s/%s/%s",
           var.c_str(), W, m.cycles, lat_q(rd).c_str(), lat_q(iss).c_str(), lat_q(step).c_str(), lat_q(rspread).c_str(),
           lat_q(rank).c_str(), sst_p50(rdsch[0]).c_str(), sst_p50(rdsch[1]).c_str(), sst_p50(rdsch[2]).c_str(),
           sst_p50(rdsch[3]).c_str());
  printf("%s\n", line);
  fflush(stdout);
  fprintf(f, "# %s\n", line);
  fflush(f);
}

void group_mech_ststamp(Ctx& c) {
  float* dy = nullptr;
  CK(cudaMalloc(&dy, (size_t)c.sms * 4 * 32 * 32 * 4 * sizeof(float)));
  CK(cudaMemset(dy, 0, (size_t)c.sms * 4 * 32 * 32 * 4 * sizeof(float)));
  unsigned *d_st = nullptr, *d_smid = nullptr;
  CK(cudaMalloc(&d_st, (size_t)c.sms * SST_WORDS * sizeof(unsigned)));  // grid: one block an SM
  CK(cudaMalloc(&d_smid, (size_t)c.sms * sizeof(unsigned)));
  FILE* f = imp_side_file("ststamp.csv");
  fprintf(f, "# mech_ststamp (workloads/cuda/import/store.cu): st_stamp<WD, PAT, W>, mech_strd's st_war (%d steps, "
             "one block of W warps an SM), every warp stamping steps %d-%d (t_ready, t_done, t_read: rd, rdsch, rank over "
             "steps %d-%d); histograms over all SMs' blocks of the last timed launch; footprint = W x WD x 128 (an SM's "
             "bytes a step; 0: no store)\n",
          SR_STEPS, SST_S0, SST_S0 + SST_N - 1, SST_S0, SST_S0 + SST_N - 2);
  fprintf(f, "label,footprint,warps_per_sm,cycles,count\n");
  FILE* fr = imp_side_file("ststamp_raw.csv");
  fprintf(fr, "variant,W,block,smid,warp,step,t_ready,t_done,t_read\n");
  imp_each<1, 4, 8, 16, 32>([&](auto w) { run_ststamp<1, 0, decltype(w)::value>(c, f, fr, dy, d_st, d_smid); });
  imp_each<1, 4, 8, 16, 32>([&](auto w) { run_ststamp<2, 0, decltype(w)::value>(c, f, fr, dy, d_st, d_smid); });
  imp_each<8, 32>([&](auto w) { run_ststamp<1, 3, decltype(w)::value>(c, f, fr, dy, d_st, d_smid); });
  fclose(fr);
  fclose(f);
  CK(cudaFree(d_smid));
  CK(cudaFree(d_st));
  CK(cudaFree(dy));
}

// mech_stks (round 25b, after mech_stk: after each step's load, the first store a warp costs the
// step +196 cycles at 32 warps, the second +44; smsim gives the bytes, +121 and +76). Where in the
// step does it go? stk_stamp<K, POS, W> is stk_step with two clock reads a warp a step: t0 at the top
// (after the barrier) and t1 after the load's value has arrived and the step's stores have issued (a
// volatile shared store of the value by lane 0 between them orders the read after its arrival);
// steps SKS_FIRST..+SKS_N of every block kept in shared memory. sks_stamps.csv, per variant (the
// medians over the blocks and kept steps): the step (t0 to the next t0), the first and the last warp's
// t1 - t0, and the release (the next t0 less the last t1: the barrier and what it waits for).
#define SKS_FIRST 128
#define SKS_N 64
template <int K, int POS, int W>
__global__ void __launch_bounds__(32 * W) stk_stamp(float* out, const float* x, float* y, unsigned* stamp, BlockRec* rec) {
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const float* src = x + (size_t)blockIdx.x * 32 * SKS_STEPS * 32 + warp * 32 + lane;
  float* dst = y + (size_t)blockIdx.x * 4 * 4 * 32 * 32 + warp * 32 + lane;  // 4 K W lines, K <= 4
  __shared__ unsigned s_t[SKS_N][W][2];
  __shared__ volatile float s_v[W];
  float acc = 0.f, f = (float)threadIdx.x;
  imp_begin(rec);
#pragma unroll 1
  for (int s = 0; s < SKS_STEPS; ++s) {
    const unsigned t0 = (unsigned)clock();
    const float v = stk_body<K, POS, W>(s, src, dst, f, acc);
    if (lane == 0) s_v[warp] = v;
    const unsigned t1 = (unsigned)clock();
    if (lane == 0 && s >= SKS_FIRST && s < SKS_FIRST + SKS_N) s_t[s - SKS_FIRST][warp][0] = t0, s_t[s - SKS_FIRST][warp][1] = t1;
    __syncthreads();
  }
  if (acc == 12345.f) out[imp_gtid()] = acc;  // never true: keeps the loads
  imp_end(rec);
  for (int i = threadIdx.x; i < SKS_N * W * 2; i += blockDim.x) stamp[(size_t)blockIdx.x * SKS_N * W * 2 + i] = (&s_t[0][0][0])[i];
}

template <int K, int POS, int W>
static void run_stks(Ctx& c, const float* dx, float* dy, unsigned* d_stamp, FILE* fs) {
  const LaunchCfg L = cfg_W(c.sms, W, PREP_FLUSH);
  const Meas m = measure(c, stk_stamp<K, POS, W>, L, (float*)c.d_out, dx, dy, d_stamp, c.d_rec);
  const std::string name = (POS ? "pre_k" : "post_k") + std::to_string(K);
  imp_row(c, "mech_stks", (const void*)stk_stamp<K, POS, W>, name, 1, W, L.bps, L.tpb, SKS_STEPS,
          "k=" + std::to_string(K) + ";pos=" + std::to_string(POS) + ";steps=" + std::to_string(SKS_STEPS), m);
  std::vector<unsigned> h((size_t)L.grid * SKS_N * W * 2);
  CK(cudaMemcpy(h.data(), d_stamp, h.size() * sizeof(unsigned), cudaMemcpyDeviceToHost));
  std::vector<double> step, first, last, rel, med;
  for (int b = 0; b < L.grid; ++b) {
    const unsigned* t = h.data() + (size_t)b * SKS_N * W * 2;
    for (int s = 0; s + 1 < SKS_N; ++s) {
      const unsigned t0 = t[(s * W) * 2], n0 = t[((s + 1) * W) * 2];
      std::vector<double> d(W);
      unsigned lt1 = t0;
      for (int w = 0; w < W; ++w) {
        const unsigned a0 = t[(s * W + w) * 2], a1 = t[(s * W + w) * 2 + 1];
        d[w] = (double)(unsigned)(a1 - a0);
        if ((int)(a1 - lt1) > 0) lt1 = a1;
      }
      std::sort(d.begin(), d.end());
      step.push_back((double)(unsigned)(n0 - t0));
      first.push_back(d[0]);
      last.push_back(d[W - 1]);
      med.push_back(d[W / 2]);
      rel.push_back((double)(int)(n0 - lt1));
    }
  }
  auto q = [](std::vector<double>& v) { std::sort(v.begin(), v.end()); return v[v.size() / 2]; };
  fprintf(fs, "%s,%d,%.1f,%.1f,%.1f,%.1f,%.1f\n", name.c_str(), W, q(step), q(first), q(med), q(last), q(rel));
  fflush(fs);
}

void group_mech_stks(Ctx& c) {
  const size_t n = (size_t)c.sms * 32 * SKS_STEPS * 32;
  float *dx = nullptr, *dy = nullptr;
  unsigned* d_stamp = nullptr;
  CK(cudaMalloc(&dx, n * sizeof(float)));
  CK(cudaMalloc(&dy, n * sizeof(float)));
  CK(cudaMalloc(&d_stamp, (size_t)c.sms * SKS_N * 32 * 2 * sizeof(unsigned)));
  CK(cudaMemset(dx, 0, n * sizeof(float)));
  FILE* fs = imp_side_file("sks_stamps.csv");
  fprintf(fs, "variant,warps,step,t1_first,t1_median,t1_last,release\n");
  imp_each<8, 32>([&](auto w) {
    constexpr int W = decltype(w)::value;
    run_stks<0, 0, W>(c, dx, dy, d_stamp, fs);
    imp_each<1, 2, 4>([&](auto k) {
      run_stks<decltype(k)::value, 0, W>(c, dx, dy, d_stamp, fs);
      run_stks<decltype(k)::value, 1, W>(c, dx, dy, d_stamp, fs);
    });
  });
  fclose(fs);
  CK(cudaFree(dx));
  CK(cudaFree(dy));
  CK(cudaFree(d_stamp));
}

// mech_stb (round 26, after mech_bphase and mech_wlaunch at 32 warps: each warp's two predicated-off
// stores of thread 0's record after the start barrier spread the block's warps 3.6 cycles a warp
// where smsim's 1.3 a store (store_off_cycles, mech_pstore's K = 8 less K = 1) gives 2.6; and
// mech_pstore's first off store a warp, K = 1, cost 2.4). Does the SM's store unit charge each
// warp's run of stores once, beside each store? st_burst<K, W>: one block of W warps an SM,
// SB_STEPS steps; a step is one in-place FFMA chain (v = v * a + b) and K stores of v, each to its
// own line, store k under p_k = (on[k] > s) with on[k] = flags[k * 32 + lane] read before the
// steps (ptxas cannot hoist or branch around it), so the next step's FFMA waits for the last
// store's read. The flags make the same SASS store in no lane (all 0: every store predicated off),
// in lane 0 alone (one sector a store) or in all 32 lanes (one full line).
#define SB_STEPS 512
template <int K, int W>
__global__ void __launch_bounds__(32 * W) st_burst(float* out, float* y, const unsigned* flags, float a, float b,
                                                   BlockRec* rec) {
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  float* blk = y + (size_t)blockIdx.x * 4 * K * 1024 + warp * 32 + lane;  // 4 slots of K x 32 lines
  unsigned on[K];
#pragma unroll
  for (int k = 0; k < K; ++k) on[k] = flags[k * 32 + lane];
  float v = (float)lane;
  imp_begin(rec);
#pragma unroll 1
  for (int s = 0; s < SB_STEPS; ++s) {
    v = v * a + b;
    float* p = blk + (size_t)(s & 3) * K * 1024;
#pragma unroll
    for (int k = 0; k < K; ++k)
      asm volatile("{\n\t.reg .pred p;\n\tsetp.gt.u32 p, %0, %1;\n\t@p st.global.f32 [%2], %3;\n\t}" ::"r"(on[k]), "r"(s),
                   "l"(p + k * 1024), "f"(v)
                   : "memory");
  }
  if (v == 12345.f) out[imp_gtid()] = v;  // never true: keeps the chain
  imp_end(rec);
}

template <int K, int W>
static void run_stb(Ctx& c, float* dy, unsigned* d_flags, int mode) {
  std::vector<unsigned> h(8 * 32, 0u);
  for (int k = 0; k < 8; ++k)
    for (int l = 0; l < 32; ++l) h[k * 32 + l] = (mode == 2 || (mode == 1 && l == 0)) ? 0x7fffffffu : 0u;
  CK(cudaMemcpy(d_flags, h.data(), h.size() * sizeof(unsigned), cudaMemcpyHostToDevice));
  const LaunchCfg L = cfg_W(c.sms, W, PREP_NONE);
  const Meas m = measure(c, st_burst<K, W>, L, (float*)c.d_out, dy, (const unsigned*)d_flags, 1.0f, 0.0f, c.d_rec);
  static const char* md[] = {"off", "lane0", "all"};
  imp_row(c, "mech_stb", (const void*)st_burst<K, W>, std::string(md[mode]) + "_k" + std::to_string(K), 1, W, L.bps,
          L.tpb, SB_STEPS, "k=" + std::to_string(K) + ";mode=" + std::to_string(mode) + ";steps=" + std::to_string(SB_STEPS), m);
}

void group_mech_stb(Ctx& c) {
  float* dy = nullptr;
  unsigned* d_flags = nullptr;
  const size_t n = (size_t)c.sms * 4 * 8 * 1024;
  CK(cudaMalloc(&dy, n * sizeof(float)));
  CK(cudaMemset(dy, 0, n * sizeof(float)));
  CK(cudaMalloc(&d_flags, 8 * 32 * sizeof(unsigned)));
  for (int mode = 0; mode < 3; ++mode)
    imp_each<1, 8, 32>([&](auto w) {
      imp_each<1, 2, 4, 8>([&](auto k) { run_stb<decltype(k)::value, decltype(w)::value>(c, dy, d_flags, mode); });
    });
  CK(cudaFree(dy));
  CK(cudaFree(d_flags));
}

// mech_stb4 (round 27, after mech_stb: smsim's off_k8 row at 32 warps is +29.5%, its loop
// issue-bound on the H200 (257.7 cycles a step), because smsim's two shared register banks
// (regfile_shared, regfile_banks 2) read every source register of a store predicated off in every
// lane. Does an all-lanes-off store read its registers, and which?) st_burst16<K, W> is st_burst<K, W>
// with 16-byte stores: the same loop (one in-place FFMA chain v, K stores under p_k = (on[k] > s)),
// each store the quad (v, c1, c2, c3), c1..c3 loop-invariant, so ptxas keeps v in the quad's first
// register and every store is STG.E.128 [R.64+k*0x4000], Rq..Rq+3 (the data reads both banks); a and
// b come from flags[256..257], not parameters (with parameters ptxas put an LDC.64 of them inside the
// K = 8 loops at W 8 and 32), and each loop is st_burst's instruction for instruction. A lane
// writes 16 B, a warp's store 512 B (4 lines), store k of every warp to its own lines (4 slots of
// K x 16 KB a block, as st_burst's 4 slots of K x 4 KB). The same flags: off, lane0, all. The group
// also re-times st_burst<8, 8> and st_burst<8, 32> off, before (variant off4_k8) and after (off4_k8b)
// the 16-byte rows, for a same-session reference.
// The store of st_burstv_body: lane's v and loop-invariant companions as one 8- or 16-byte store under p.
__device__ __forceinline__ void st_burst_put(float2* q, unsigned on, int s, float v, float c1, float, float) {
  asm volatile("{\n\t.reg .pred p;\n\tsetp.gt.u32 p, %0, %1;\n\t@p st.global.v2.f32 [%2], {%3, %4};\n\t}" ::"r"(on), "r"(s),
               "l"(q), "f"(v), "f"(c1)
               : "memory");
}
__device__ __forceinline__ void st_burst_put(float4* q, unsigned on, int s, float v, float c1, float c2, float c3) {
  asm volatile("{\n\t.reg .pred p;\n\tsetp.gt.u32 p, %0, %1;\n\t@p st.global.v4.f32 [%2], {%3, %4, %5, %6};\n\t}" ::"r"(on),
               "r"(s), "l"(q), "f"(v), "f"(c1), "f"(c2), "f"(c3)
               : "memory");
}
template <int K, typename T>
__device__ __forceinline__ void st_burstv_body(float* out, T* y, const unsigned* flags, BlockRec* rec) {
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  T* blk = y + (size_t)blockIdx.x * 4 * K * 1024 + warp * 32 + lane;  // 4 slots of K x 1024 elements
  unsigned on[K];
#pragma unroll
  for (int k = 0; k < K; ++k) on[k] = flags[k * 32 + lane];
  float v = (float)lane;
  const float c1 = (float)(lane + 1), c2 = (float)(lane + 2), c3 = (float)(lane + 3);
  const float a = __uint_as_float(flags[8 * 32]), b = __uint_as_float(flags[8 * 32 + 1]);  // 1, 0
  imp_begin(rec);
#pragma unroll 1
  for (int s = 0; s < SB_STEPS; ++s) {
    v = v * a + b;
    T* p = blk + (size_t)(s & 3) * K * 1024;
#pragma unroll
    for (int k = 0; k < K; ++k) st_burst_put(p + k * 1024, on[k], s, v, c1, c2, c3);
  }
  if (v == 12345.f) out[imp_gtid()] = v + c1 + c2 + c3;  // never true: keeps the chain
  imp_end(rec);
}
template <int K, int W>
__global__ void __launch_bounds__(32 * W) st_burst16(float* out, float4* y, const unsigned* flags, BlockRec* rec) {
  st_burstv_body<K>(out, y, flags, rec);
}
// st_burst8<K, W> (round 28, mech_stb8): the same loop with 8-byte stores, STG.E.64 [R.64+k*0x2000], Rp (v
// and c1): a lane writes 8 B, a warp's store 256 B (2 lines). Predicted from the width rule read off
// mech_stb4 (store_warp_reg_cycles, store_reg_cycles) before it was run.
template <int K, int W>
__global__ void __launch_bounds__(32 * W) st_burst8(float* out, float2* y, const unsigned* flags, BlockRec* rec) {
  st_burstv_body<K>(out, y, flags, rec);
}

// One row of st_burstv_body's kernels (st_burst16 for mech_stb4, st_burst8 for mech_stb8): the flags by
// mode (0 off, 1 lane 0, 2 all lanes), a = 1.0f (b = 0) after them, the kernel of T-sized stores timed.
template <int K, int W, typename T>
static void run_stbv(Ctx& c, const char* group, void (*kern)(float*, T*, const unsigned*, BlockRec*), T* dy,
                     unsigned* d_flags, int mode) {
  std::vector<unsigned> h(8 * 32 + 2, 0u);
  for (int k = 0; k < 8; ++k)
    for (int l = 0; l < 32; ++l) h[k * 32 + l] = (mode == 2 || (mode == 1 && l == 0)) ? 0x7fffffffu : 0u;
  h[8 * 32] = 0x3f800000u;  // a = 1.0f (b = 0)
  CK(cudaMemcpy(d_flags, h.data(), h.size() * sizeof(unsigned), cudaMemcpyHostToDevice));
  const LaunchCfg L = cfg_W(c.sms, W, PREP_NONE);
  const Meas m = measure(c, kern, L, (float*)c.d_out, dy, (const unsigned*)d_flags, c.d_rec);
  static const char* md[] = {"off", "lane0", "all"};
  imp_row(c, group, (const void*)kern, std::string(md[mode]) + "_k" + std::to_string(K), 1, W, L.bps, L.tpb, SB_STEPS,
          "k=" + std::to_string(K) + ";mode=" + std::to_string(mode) + ";bytes=" + std::to_string(sizeof(T)) +
              ";steps=" + std::to_string(SB_STEPS),
          m);
}

void group_mech_stb8(Ctx& c) {
  float2* dy = nullptr;
  unsigned* d_flags = nullptr;
  const size_t n = (size_t)c.sms * 4 * 8 * 1024;  // float2s: 256 KB a block
  CK(cudaMalloc(&dy, n * sizeof(float2)));
  CK(cudaMemset(dy, 0, n * sizeof(float2)));
  CK(cudaMalloc(&d_flags, (8 * 32 + 2) * sizeof(unsigned)));
  for (int mode = 1; mode < 3; ++mode)
    imp_each<1, 8, 32>([&](auto w) {
      imp_each<1, 2, 4, 8>([&](auto k) {
        constexpr int K = decltype(k)::value, W = decltype(w)::value;
        run_stbv<K, W>(c, "mech_stb8", st_burst8<K, W>, dy, d_flags, mode);
      });
    });
  CK(cudaFree(dy));
  CK(cudaFree(d_flags));
}

template <int W>
static void run_stb4_ref(Ctx& c, float* dy, unsigned* d_flags, const char* name) {  // st_burst<8, W>, every lane off
  CK(cudaMemset(d_flags, 0, 8 * 32 * sizeof(unsigned)));
  const LaunchCfg L = cfg_W(c.sms, W, PREP_NONE);
  const Meas m = measure(c, st_burst<8, W>, L, (float*)c.d_out, dy, (const unsigned*)d_flags, 1.0f, 0.0f, c.d_rec);
  imp_row(c, "mech_stb4", (const void*)st_burst<8, W>, name, 1, W, L.bps, L.tpb, SB_STEPS,
          "k=8;mode=0;bytes=4;steps=" + std::to_string(SB_STEPS), m);
}

void group_mech_stb4(Ctx& c) {
  float4* dy = nullptr;
  unsigned* d_flags = nullptr;
  const size_t n = (size_t)c.sms * 4 * 8 * 1024;  // float4s: 512 KB a block
  CK(cudaMalloc(&dy, n * sizeof(float4)));
  CK(cudaMemset(dy, 0, n * sizeof(float4)));
  CK(cudaMalloc(&d_flags, (8 * 32 + 2) * sizeof(unsigned)));
  run_stb4_ref<8>(c, (float*)dy, d_flags, "off4_k8");
  run_stb4_ref<32>(c, (float*)dy, d_flags, "off4_k8");
  for (int mode = 0; mode < 3; ++mode)
    imp_each<1, 8, 32>([&](auto w) {
      imp_each<1, 2, 4, 8>([&](auto k) {
        constexpr int K = decltype(k)::value, W = decltype(w)::value;
        run_stbv<K, W>(c, "mech_stb4", st_burst16<K, W>, dy, d_flags, mode);
      });
    });
  run_stb4_ref<8>(c, (float*)dy, d_flags, "off4_k8b");  // the same again after the 16-byte rows: drift
  run_stb4_ref<32>(c, (float*)dy, d_flags, "off4_k8b");
  CK(cudaFree(dy));
  CK(cudaFree(d_flags));
}

// mech_offst (round 46): what a store predicated off in every lane costs the SM where nothing else binds.
// mech_stb's off_k8 at 32 warps (257.6 cycles a step for 256 off stores) bounds it at 1.0 cycle a store,
// but that loop is issue-bound as well (its steps grow 0.66 cycles a store from K 1 to 8, 1.31 cycles an
// issue slot of a scheduler), and stores off after a barrier (mech_pstore, thread 0's record in
// mech_bphase) seemed to cost 1.3-1.8. off_st<V, W>: one block of W warps an SM, OS_TRIPS trips of 16
// memory instructions under one predicate from data (one asm block: one ISETP, then the 16), off in every
// lane, so each trip is 16 + 4 issue slots a warp (ISETP, VIADD, the 16, ISETP, BRA): V 0 STG.E, V 1 LDS,
// V 2 LDG.E; V 3 a barrier then V 0's 16 stores (every warp's burst right after the release), V 4 the
// barrier alone. The predicate is on > s (on = 0 from data), so ptxas predicates the 16 (with a predicate
// it can hoist it branches around each). The LDS offsets pass the array's end: never executed.
#define OS_TRIPS 256
#define OS_ST4(o) "@p st.global.f32 [%1+" #o "], %2;\n\t"
#define OS_LDS(o) "@p ld.shared.f32 %0, [%3+" #o "];\n\t"
#define OS_LDG(o) "@p ld.global.f32 %0, [%2+" #o "];\n\t"
#define OS_16(M) M(0) M(4096) M(8192) M(12288) M(16384) M(20480) M(24576) M(28672) M(32768) M(36864) M(40960) \
  M(45056) M(49152) M(53248) M(57344) M(61440)
template <int V, int W>
__global__ void __launch_bounds__(32 * W) off_st(float* y, const unsigned* flags, BlockRec* rec) {
  __shared__ float sh[16 * 1024 / 4 + 32];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  float* p = y + (size_t)blockIdx.x * 16 * 1024 + warp * 32 + lane;  // 64 KB a block; never written
  const unsigned on = flags[lane];                                    // 0 in every lane
  const unsigned sa = (unsigned)__cvta_generic_to_shared(sh + lane);
  float v = (float)lane, r = 0.f;
  imp_begin(rec);
#pragma unroll 1
  for (int s = 0; s < OS_TRIPS; ++s) {
    if (V >= 3) __syncthreads();
    if (V == 0 || V == 3)
      asm volatile("{\n\t.reg .pred p;\n\tsetp.gt.u32 p, %0, %5;\n\t" OS_16(OS_ST4) "}" ::"r"(on), "l"(p), "f"(v), "f"(r),
                   "r"(sa), "r"(s) : "memory");
    if (V == 1)
      asm volatile("{\n\t.reg .pred p;\n\tsetp.gt.u32 p, %1, %4;\n\t" OS_16(OS_LDS) "}" : "+f"(r) : "r"(on), "l"(p), "r"(sa),
                   "r"(s) : "memory");
    if (V == 2)
      asm volatile("{\n\t.reg .pred p;\n\tsetp.gt.u32 p, %1, %4;\n\t" OS_16(OS_LDG) "}" : "+f"(r) : "r"(on), "l"(p), "r"(sa),
                   "r"(s) : "memory");
  }
  if (r == 12345.f) y[imp_gtid()] = r;  // never true (every load off): keeps the loads
  imp_end(rec);
}

template <int V, int W>
static void run_offst(Ctx& c, float* dy, const unsigned* d_flags) {
  const LaunchCfg L = cfg_W(c.sms, W, PREP_NONE);
  const Meas m = measure(c, off_st<V, W>, L, dy, d_flags, c.d_rec);
  static const char* vn[] = {"stg", "lds", "ldg", "bar_stg", "bar"};
  imp_row(c, "mech_offst", (const void*)off_st<V, W>, vn[V], 1, W, L.bps, L.tpb, OS_TRIPS,
          "v=" + std::to_string(V) + ";trips=" + std::to_string(OS_TRIPS), m);
}

void group_mech_offst(Ctx& c) {
  float* dy = nullptr;
  unsigned* d_flags = nullptr;
  CK(cudaMalloc(&dy, (size_t)c.sms * 16 * 1024 * sizeof(float) + 65536));
  CK(cudaMalloc(&d_flags, 32 * sizeof(unsigned)));
  CK(cudaMemset(d_flags, 0, 32 * sizeof(unsigned)));
  imp_each<1, 4, 8, 16, 32>([&](auto w) {
    constexpr int W = decltype(w)::value;
    run_offst<0, W>(c, dy, d_flags);
    run_offst<1, W>(c, dy, d_flags);
    run_offst<2, W>(c, dy, d_flags);
    run_offst<3, W>(c, dy, d_flags);
    run_offst<4, W>(c, dy, d_flags);
  });
  CK(cudaFree(dy));
  CK(cudaFree(d_flags));
}
