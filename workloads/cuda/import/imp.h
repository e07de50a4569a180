// imp.h -- the shared timing harness of the "import" kernels (ordinary CUDA, compiled by
// nvcc as a user would, measured on the H200 for smsim's `import` validation).
//
// Device side: imp_begin(rec) / imp_end(rec) around the timed part of a kernel: a block
// barrier, then thread 0 writes clock64 (and %globaltimer) into rec[blockIdx.x]; at the
// end also %smid. Host side: measure() launches a kernel `warm` + `reps` times (an
// optional L2 flush or buffer touch before each launch, outside the events), and reduces
// the per-block records: per SM, elapsed = latest end - earliest start of its blocks;
// cycles = median over SMs, then median over reps; min/max over SMs of the median rep.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>
#include <vector>

typedef unsigned long long u64;

static inline void imp_ck(cudaError_t e, const char* what, const char* file, int line) {
  if (e != cudaSuccess) {
    fprintf(stderr, "CUDA error at %s:%d: %s -> %s (%s)\n", file, line, what,
            cudaGetErrorName(e), cudaGetErrorString(e));
    exit(1);
  }
}
#define CK(call) imp_ck((call), #call, __FILE__, __LINE__)

// ---- device side --------------------------------------------------------------------------
struct BlockRec {
  u64 c0, c1;  // clock64 after the start barrier / after the end barrier
  u64 g0, g1;  // %globaltimer (ns) next to them
  unsigned smid, pad;
};

// r = %clock in the lanes where p holds (one predicated CS2R; r kept elsewhere): a stamp in a register,
// kept out of the measured loop's memory path (store.cu st_stamp, fbank.cu ord_stamp).
__device__ __forceinline__ void imp_clock_if(unsigned& r, bool p) {
  asm volatile("{\n\t.reg .pred q;\n\tsetp.ne.u32 q, %1, 0;\n\t@q mov.u32 %0, %%clock;\n\t}"
               : "+r"(r)
               : "r"((unsigned)p)
               : "memory");
}

__device__ __forceinline__ u64 imp_clock() {
  u64 r;
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(r)::"memory");
  return r;
}
__device__ __forceinline__ u64 imp_gtimer() {
  u64 r;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(r)::"memory");
  return r;
}
__device__ __forceinline__ unsigned imp_smid() {
  unsigned r;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(r));
  return r;
}
__device__ __forceinline__ void imp_begin(BlockRec* rec) {
  __syncthreads();
  if (threadIdx.x == 0) {
    const u64 g = imp_gtimer();
    const u64 c = imp_clock();
    rec[blockIdx.x].g0 = g;
    rec[blockIdx.x].c0 = c;
  }
}
// Callers store their results before this, so every warp waited for its last value.
__device__ __forceinline__ void imp_end(BlockRec* rec) {
  __syncthreads();
  if (threadIdx.x == 0) {
    const u64 c = imp_clock();
    const u64 g = imp_gtimer();
    rec[blockIdx.x].c1 = c;
    rec[blockIdx.x].g1 = g;
    rec[blockIdx.x].smid = imp_smid();
  }
}
__device__ __forceinline__ unsigned imp_gtid() { return blockIdx.x * blockDim.x + threadIdx.x; }

// ---- host side ----------------------------------------------------------------------------
static const size_t SMEM_1BPS = 120 * 1024;  // dynamic smem: only 1 block fits an SM
static const size_t SMEM_2BPS = 90 * 1024;   // only 2 blocks fit

struct Shape {
  int W = 0, bps = 0, tpb = 0;
  size_t smem = 0;
  bool valid = false;
};
// W <= 32: one block of 32W threads; even W in 34..64: two blocks of 16W threads.
static inline Shape shape_W(int W) {
  Shape s;
  s.W = W;
  if (W >= 1 && W <= 32) {
    s.bps = 1, s.tpb = 32 * W, s.smem = SMEM_1BPS, s.valid = true;
  } else if (W >= 34 && W <= 64 && W % 2 == 0) {
    s.bps = 2, s.tpb = 16 * W, s.smem = SMEM_2BPS, s.valid = true;
  }
  return s;
}

enum Prep { PREP_NONE = 0, PREP_FLUSH = 1, PREP_TOUCH = 2 };

struct LaunchCfg {
  int grid = 0, tpb = 0;
  size_t smem = 0;
  int bps = 0;  // exact blocks per SM expected (checked from %smid); 0 = whole grid
  Prep prep = PREP_NONE;
  const void* touch = nullptr;  // PREP_TOUCH: buffer read (into L2) before each launch
  size_t touch_bytes = 0;
  int carveout = -2;  // >= -1: cudaFuncAttributePreferredSharedMemoryCarveout for this run
};
static inline LaunchCfg cfg_W(int sms, int W, Prep prep = PREP_NONE) {
  const Shape s = shape_W(W);
  LaunchCfg L;
  L.grid = sms * s.bps, L.tpb = s.tpb, L.smem = s.smem, L.bps = s.bps, L.prep = prep;
  return L;
}

struct Meas {
  double cycles = NAN, cmin = NAN, cmax = NAN, ms = NAN, mhz = NAN;
  int reps = 0, sms = 0, occ = 0, bmin = 0, bmax = 0;
  bool placement_ok = true;
};

struct Ctx {
  cudaDeviceProp prop{};
  int sms = 0;
  cudaStream_t stream = nullptr;
  cudaEvent_t ev0 = nullptr, ev1 = nullptr;
  BlockRec* d_rec = nullptr;
  size_t rec_cap = 0;
  int* d_sink = nullptr;
  u64* d_out = nullptr;  // one 8-byte slot per thread
  size_t out_cap = 0;
  uint4* d_flush = nullptr;
  size_t flush_n = 0;
  FILE* csv = nullptr;
  bool quick = false;
  int reps = 5, warm = 1;
  std::vector<int> wlist;  // the W sweep

  void init();
  void flush_l2();
  void touch(const void* p, size_t bytes);
  void warm_clocks(double ms);
  void destroy();
};

// f(std::integral_constant<int, V>{}) for each V of Vs in order: a group's kernels whose W (or other
// parameter) is a template argument, one call a value (decltype(v)::value in f).
template <int... Vs, typename F>
static void imp_each(F&& f) {
  (f(std::integral_constant<int, Vs>{}), ...);
}

// Median helper.
static inline double imp_median(std::vector<double> v) {
  if (v.empty()) return NAN;
  std::sort(v.begin(), v.end());
  const size_t m = v.size() / 2;
  return (v.size() & 1) ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

// Reduces one launch's block records; returns per-SM elapsed; counts blocks per SM.
void imp_reduce(Ctx& c, const LaunchCfg& L, const std::vector<BlockRec>& h,
                std::vector<double>& el, std::vector<double>& mhz, int rep, bool& ok,
                int& bmin, int& bmax);
void imp_attrs_log(const void* fn, const char* name);
const char* imp_kernel_name(const void* fn);
// A file beside runs.csv for a group's own data ($IMP_OUT_DIR/name, default ./name), opened
// for writing; exits naming it when it cannot be.
FILE* imp_side_file(const char* name);
// A histogram of h into a side file, one row a distinct value (latd.csv's schema:
// label,footprint,warps_per_sm,cycles,count), flushed.
void lat_hist(FILE* f, const std::string& label, size_t fp, int W, const std::vector<unsigned>& h);
// "p10/p50/p90" of h (nearest rank; "-" when empty), for a side file's summary lines.
std::string lat_q(std::vector<unsigned> h);

// With IMP_BLOCKS=file in the environment: appends the per-block records of a launch
// (kernel, grid, tpb, bps, block, smid, c0, c1) to that file.
void imp_blocks_dump(const void* fn, const LaunchCfg& L, const std::vector<BlockRec>& h);

// Runs kernel k with L: c.warm untimed + c.reps timed launches.
template <typename... KArgs, typename... Args>
static Meas measure(Ctx& c, void (*k)(KArgs...), const LaunchCfg& L, Args... args) {
  Meas m;
  const void* fn = (const void*)k;
  if ((size_t)L.grid > c.rec_cap) {
    fprintf(stderr, "imp: grid %d exceeds the record buffer (%zu)\n", L.grid, c.rec_cap);
    exit(1);
  }
  if (L.smem > 48 * 1024)
    CK(cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)L.smem));
  if (L.carveout >= -1)
    CK(cudaFuncSetAttribute(fn, cudaFuncAttributePreferredSharedMemoryCarveout, L.carveout));
  imp_attrs_log(fn, imp_kernel_name(fn));
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&m.occ, fn, L.tpb, L.smem));
  if (L.bps > 0 && m.occ != L.bps)
    fprintf(stderr, "imp: WARNING: %s tpb=%d smem=%zu: occupancy API says %d blocks/SM, want %d\n",
            imp_kernel_name(fn), L.tpb, L.smem, m.occ, L.bps);
  std::vector<BlockRec> h(L.grid);
  std::vector<double> rep_med, ev, mhz;
  std::vector<std::vector<double>> rep_sm;
  bool ok = true;
  int bmin = 1 << 30, bmax = 0;
  for (int it = 0; it < c.warm + c.reps; ++it) {
    if (L.prep == PREP_FLUSH) c.flush_l2();
    if (L.prep == PREP_TOUCH) c.touch(L.touch, L.touch_bytes);
    CK(cudaMemsetAsync(c.d_rec, 0, L.grid * sizeof(BlockRec), c.stream));
    CK(cudaEventRecord(c.ev0, c.stream));
    k<<<L.grid, L.tpb, L.smem, c.stream>>>(args...);
    CK(cudaGetLastError());
    CK(cudaEventRecord(c.ev1, c.stream));
    CK(cudaEventSynchronize(c.ev1));
    CK(cudaGetLastError());
    if (it < c.warm) continue;
    float ms = 0.f;
    CK(cudaEventElapsedTime(&ms, c.ev0, c.ev1));
    ev.push_back(ms);
    CK(cudaMemcpy(h.data(), c.d_rec, L.grid * sizeof(BlockRec), cudaMemcpyDeviceToHost));
    std::vector<double> el;
    imp_reduce(c, L, h, el, mhz, it - c.warm, ok, bmin, bmax);
    if (it + 1 == c.warm + c.reps) imp_blocks_dump(fn, L, h);
    rep_med.push_back(imp_median(el));
    rep_sm.push_back(el);
    m.sms = (int)el.size();
  }
  if (L.carveout >= -1)
    CK(cudaFuncSetAttribute(fn, cudaFuncAttributePreferredSharedMemoryCarveout, -1));
  std::vector<int> idx(rep_med.size());
  for (size_t i = 0; i < idx.size(); ++i) idx[i] = (int)i;
  std::sort(idx.begin(), idx.end(), [&](int x, int y) { return rep_med[x] < rep_med[y]; });
  const int mr = idx[(idx.size() - 1) / 2];
  m.cycles = imp_median(rep_med);
  m.cmin = *std::min_element(rep_sm[mr].begin(), rep_sm[mr].end());
  m.cmax = *std::max_element(rep_sm[mr].begin(), rep_sm[mr].end());
  m.ms = imp_median(ev);
  m.mhz = imp_median(mhz);
  m.reps = c.reps;
  m.placement_ok = ok;
  m.bmin = bmin;
  m.bmax = bmax;
  return m;
}

// One CSV row (and a progress line on stderr). iters: the loop count as the kernel gets it.
void imp_row(Ctx& c, const char* group, const void* fn, const std::string& variant, int ilp,
             int W, int bps, int tpb, long long iters, std::string param, const Meas& m);

// Groups (one .cu file each).
void group_fma_u(Ctx& c);
void group_chase(Ctx& c);
void group_chase_l2(Ctx& c);
void group_chase_l2_check(Ctx& c);
void group_chase_lat(Ctx& c);
void group_multiload(Ctx& c);
void group_mix(Ctx& c);
void group_mech_mixst(Ctx& c);  // mix.cu: mix_stamp<ILP>, the sweep's mix stamped a trip
void group_smem_chase(Ctx& c);
void group_ifelse(Ctx& c);
void group_branch(Ctx& c);
void group_barrier(Ctx& c);
void group_shfl(Ctx& c);
void group_rownorm(Ctx& c);
void group_mech_div(Ctx& c);
void group_mech_bar(Ctx& c);
void group_mech_barw0(Ctx& c);
void group_mech_barw0s(Ctx& c);  // mech.cu (round 32)
void group_mech_twoend(Ctx& c);  // mech.cu (round 32)
void group_mech_fair(Ctx& c);    // mech.cu (round 34)
void group_mech_ldc(Ctx& c);
void group_mech_l2bw(Ctx& c);
void group_mech_order(Ctx& c);
void group_mech_brt(Ctx& c);
void group_mech_bssy(Ctx& c);
void group_mech_ldclat(Ctx& c);
void group_mech_cap(Ctx& c);
void group_mech_l1cfg(Ctx& c);
void group_mech_brsep(Ctx& c);
void group_mech_latd(Ctx& c);
void group_mech_cta(Ctx& c);
void group_mech_rnstamp(Ctx& c);
void group_mech_fetch(Ctx& c);
void group_mech_s2ur(Ctx& c);
void group_mech_mio(Ctx& c);
void group_mech_l2path(Ctx& c);
void group_mech_l2lanes(Ctx& c);
void group_mech_l2stride(Ctx& c);
void group_mech_l2lines(Ctx& c);
void group_mech_l2corr(Ctx& c);
void group_mech_barlife(Ctx& c);
void group_mech_barrel(Ctx& c);
void group_mech_wlaunch(Ctx& c);
void group_mech_s2r(Ctx& c);
void group_mech_prolog(Ctx& c);
void group_mech_probe(Ctx& c);
void group_mech_t0off(Ctx& c);
void group_mech_twoblk(Ctx& c);
void group_mech_wsync(Ctx& c);
void group_mech_stread(Ctx& c);
void group_mech_mioq(Ctx& c);
void group_mech_stline(Ctx& c);
void group_mech_seg(Ctx& c);
void group_mech_post(Ctx& c);
void group_mech_post2(Ctx& c);
void group_mech_pre(Ctx& c);
void group_mech_uni(Ctx& c);
void group_mech_s2us(Ctx& c);
void group_mech_tailw(Ctx& c);
void group_mech_stb8(Ctx& c);
void group_mech_probe2(Ctx& c);
void group_mech_probe3(Ctx& c);
void group_mech_bphase(Ctx& c);
void group_mech_tail(Ctx& c);
void group_mech_bord(Ctx& c);
void group_mech_btrain(Ctx& c);
void group_mech_bank(Ctx& c);
void group_mech_latseq(Ctx& c);
void group_mech_latprox(Ctx& c);
void group_mech_flen(Ctx& c);
void group_mech_strlat(Ctx& c);
void group_mech_latfar(Ctx& c);
void group_mech_strmulti(Ctx& c);
void group_mech_l2k(Ctx& c);
void group_mech_loadbg(Ctx& c);
void group_mech_loaddist(Ctx& c);
void group_mech_wbload(Ctx& c);
void group_mech_wbdist(Ctx& c);
void group_mech_burst(Ctx& c);
void group_mech_burststamp(Ctx& c);
void group_mech_phase(Ctx& c);
void group_mech_ldcimm(Ctx& c);
void group_mech_brreg(Ctx& c);
void group_mech_bralign(Ctx& c);
void group_mech_brfar(Ctx& c);
void group_mech_brrate(Ctx& c);
void group_mech_brown(Ctx& c);
void group_mech_ops(Ctx& c);
void group_mech_lpair(Ctx& c);
void group_mech_ptail(Ctx& c);
void group_mech_otput(Ctx& c);
void group_mech_hash(Ctx& c);
void group_mech_gather(Ctx& c);
void group_mech_gather2(Ctx& c);
void group_mech_gather3(Ctx& c);
void group_mech_gather4(Ctx& c);
void group_mech_gather5(Ctx& c);
void group_mech_ldgaddr(Ctx& c);
void group_mech_sstore(Ctx& c);
void group_mech_iwmix(Ctx& c);
void group_mech_iwchain(Ctx& c);
void group_mech_iwhl(Ctx& c);
void group_mech_iwmode(Ctx& c);
void group_mech_rbank(Ctx& c);
void group_mech_rreuse(Ctx& c);
void group_mech_iwword(Ctx& c);
void group_mech_rreuse2(Ctx& c);
void group_gemm(Ctx& c);
void group_reduce(Ctx& c);
void group_transpose(Ctx& c);
void group_stencil(Ctx& c);
void group_hist(Ctx& c);
void group_stream(Ctx& c);
void group_nbody(Ctx& c);  // nbody.cu (round 29)
void group_scan(Ctx& c);
void group_bitonic(Ctx& c);  // course2.cu: bitonic_t<W>, a shared-memory bitonic sort (predicted before its call)
void group_philox(Ctx& c);   // course2.cu: philox_t<S, W>, S Philox-4x32-10 streams a thread
void group_softmax(Ctx& c);  // course3.cu: softmax_t<W>, a row softmax of 2048 floats (predicted before its call)
void group_softmax_st(Ctx& c);  // course3.cu: softmax_st<W>, the same with every warp's clock at five points a row
void group_mech_fdiv(Ctx& c);  // course3.cu: fdiv_chain<MODE>, division, reciprocal and sqrtf without fast math
void group_rtloop(Ctx& c);   // rtloop.cu: rt_fma, rt_fma2, rt_ld<W>: loops of a runtime trip count n, nvcc's unrolling
void group_mech_cparam(Ctx& c);  // cparam.cu: cp_one, cp_warm, cp_lines, cp_ulines: a kernel parameter's constant line first touched after the start stamp
void group_mech_cparam2(Ctx& c);  // cparam.cu: cq_same, cq_warm, cq_dist: how warps and loads share a cold constant line's fill
void group_mech_cfar(Ctx& c);  // cparam.cu: cf_warp: cc_warp with the start record's line off the parameters' line
void group_mech_cdist(Ctx& c);  // cparam.cu: cd_warp: when each of a warp's independent cold constant lines arrives
void group_mech_cchain(Ctx& c);  // cparam.cu: cc_warp: each warp's clock through cp_one's two constant steps
void group_mech_cwarp(Ctx& c);  // cparam.cu: cw_warp: each warp's clock around its first (cold or warm) constant load
void group_mech_offalu(Ctx& c);  // offalu.cu (round 29)
void group_mech_wphase(Ctx& c);  // fbank.cu: ph_stamp, every warp's clock around a conflicting chain (round 45)
void group_mech_offg(Ctx& c);    // offalu.cu: off_alu<1> guarded against <4> unguarded (round 45)
void group_mech_yield(Ctx& c);   // offalu.cu (round 38)
void group_mech_iwaddr(Ctx& c);  // iwaddr.cu (round 39)
void group_mech_wide(Ctx& c);    // wide.cu (round 40)
void group_mech_wide2(Ctx& c);   // wide.cu (round 40, second call)
void group_mech_wide3(Ctx& c);   // wide.cu (round 40, third call)
void group_mech_wide4(Ctx& c);   // wide.cu (round 41)
void group_mech_trip(Ctx& c);    // wide.cu (round 41)
void group_mech_wide5(Ctx& c);   // wide.cu (round 41)
void group_mech_wide6(Ctx& c);   // wide.cu (round 41)
void group_mech_wide7(Ctx& c);   // wide.cu (round 41)
void group_mech_wide8(Ctx& c);   // wide.cu (round 42)
void group_mech_fbank(Ctx& c);   // fbank.cu (round 30)
void group_mech_fpair(Ctx& c);   // fbank.cu (round 32)
void group_mech_ordst2(Ctx& c);  // fbank.cu: ord_stamp2<V>, the trip starts stamped from trip 0 (round 42)
void group_mech_ordst3(Ctx& c);  // fbank.cu: ord_start<V>, every warp's clock after the start barrier (round 42)
void group_mech_chold(Ctx& c);   // fbank.cu: chold<R, IMM>, FFMA loops whose trip waits for a register bank (round 43)
void group_mech_chold2(Ctx& c);  // fbank.cu: chold3<P>, a three-register FFMA first in the trip or in its middle (round 43)
void group_mech_clag(Ctx& c);  // fbank.cu: clag<V>, K FFMAs reading bank 1 once after one reading it twice (round 44)
void group_mech_cs2r(Ctx& c);    // fbank.cu: cs2r_tput<V>, clock reads beside ALU work (round 42)
void group_mech_ordst(Ctx& c);   // fbank.cu: ord_stamp<V>, each warp's trip starts stamped at 1-8 warps a scheduler (round 37)
void group_mech_fpair2(Ctx& c);  // fbank.cu: fpair_i<8, 9> (iimm, ialt) beside isame and ialt3 (round 36)
void group_mech_pinc(Ctx& c);
void group_mech_ldst(Ctx& c);
void group_mech_stw(Ctx& c);
void group_mech_mixbw(Ctx& c);
void group_mech_stk(Ctx& c);
void group_mech_strd(Ctx& c);
void group_mech_strwg(Ctx& c);  // store.cu: st_rw<S, W> on a grid of the SMs >> G (round 45)
void group_mech_strw(Ctx& c);   // store.cu: st_rw<S, W>, coalesced stores to lines written S x W stores before (round 43)
void group_mech_ststamp(Ctx& c);  // store.cu (round 36): st_stamp<WD, PAT, W>, mech_strd's store stamped a warp a step
void group_mech_stks(Ctx& c);
void group_mech_stb(Ctx& c);
void group_mech_offst(Ctx& c);  // store.cu: off_st<V, W>, memory instructions off in every lane (round 46)
void group_mech_stb4(Ctx& c);
void group_mech_pstore(Ctx& c);

// Chase buffers (chase.cu): nodes of `wpn` 8-byte words (16: 128 B, 32: 256 B); word l of
// node n holds the address (idx: the index) of word l of node next(n), next() one random
// cycle (Sattolo).
struct ChaseBuf {
  void** buf = nullptr;
  size_t bytes = 0;
  unsigned nodes = 0, wpn = 0;
  bool idx = false;             // words hold indices (chase_idx) instead of addresses
  std::vector<unsigned> order;  // nodes along the cycle from node 0
};
ChaseBuf chase_build(Ctx& c, size_t footprint, unsigned wpn, u64 seed, bool idx);
void chase_free(ChaseBuf& b);
// Start nodes of S chains (device array, caller frees): gold = false: spread evenly along the
// cycle (start=even); true: seeded golden-ratio sequence (start=gold, see chase.cu);
// per_block: chains per block (for the logged closest-pair distance).
unsigned* chase_starts(const ChaseBuf& b, size_t S, bool gold = false, size_t per_block = 1);
