// wide.cu -- mech_wide (issue #18, round 40): what a lone warp's 8- and 16-byte loads cost beyond a 4-byte
// one, with the loop around them the same. In mech_gather and mech_gather3 a lone warp's 16-byte loads come
// out 5-25% fast in smsim (LDG.128 q_coal ILP 4 -14.7%, LDS.128 s_q_coal ILP 4 -25.2%, ILP 1 -7.9 and
// -12.4%) and 8-byte ones 2-9% fast, while 4-byte loads of as many wavefronts match; there the loop's body
// differs with the width (the words summed), so the width's own cost was not read alone. smsim counts a
// lone warp's bank-conflict wavefronts as replays (l1_replay_cycles 2.2, smem_replay_cycles 2.0 each) and
// the further lane groups of 8- and 16-byte lanes as one SM cycle each.
//
// wd_load<WD, K, SP>: K dependent chains a thread, 16 loads a trip (16 / K rounds of the K chains), 64
// trips; lane l reads element offs[l] (WD bytes each) of a zero table, every step the same addresses (its
// lines in L1 after the warm-up). Each load is an `ld.{global,shared}.v{1,2,4}.u32` whose every word is an
// output; only the first word feeds the next address, so the loop's body is the same at every width:
//   SP 0 (global): a 64-bit pointer advanced by the first word with add.cc / addc (IADD3 + IADD3.X: no
//                  IMAD.WIDE, whose result the LSU reads late, round 39), the load LDG.E{,.64,.128};
//   SP 1 (shared): a 32-bit shared address advanced by the first word (one IADD3), LDS{,.64,.128}.
// The lane patterns (run_wide) set the wavefronts: broadcast, contiguous, 16 or 8 distinct elements
// repeated, every second element.
#include "imp.h"

#define WDL_S 16
#define WDL_T 64

// One load of WD bytes at p; its words in v[0..3] (v[1..3] left 0 below 16 bytes).
template <int WD, int SP>
__device__ __forceinline__ void wdl_ld(unsigned long long p, unsigned v[4]) {
  v[1] = v[2] = v[3] = 0u;
  if (SP == 0) {
    if (WD == 16)
      asm volatile("ld.global.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(v[0]), "=r"(v[1]), "=r"(v[2]), "=r"(v[3]) : "l"(p));
    else if (WD == 8)
      asm volatile("ld.global.v2.u32 {%0, %1}, [%2];" : "=r"(v[0]), "=r"(v[1]) : "l"(p));
    else
      asm volatile("ld.global.u32 %0, [%1];" : "=r"(v[0]) : "l"(p));
  } else {
    const unsigned a = (unsigned)p;
    if (WD == 16)
      asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(v[0]), "=r"(v[1]), "=r"(v[2]), "=r"(v[3]) : "r"(a));
    else if (WD == 8)
      asm volatile("ld.shared.v2.u32 {%0, %1}, [%2];" : "=r"(v[0]), "=r"(v[1]) : "r"(a));
    else
      asm volatile("ld.shared.u32 %0, [%1];" : "=r"(v[0]) : "r"(a));
  }
}

template <int WD, int K, int SP>
__global__ void __launch_bounds__(1024) wd_load(float* out, const unsigned* tab, const int* offs, int n,
                                                BlockRec* rec) {
  extern __shared__ unsigned wdl_tab[];
  const unsigned lane = threadIdx.x & 31u;
  const unsigned off = (unsigned)offs[lane] * WD;  // bytes
  for (unsigned j = threadIdx.x; j < 4096u; j += blockDim.x) wdl_tab[j] = 0u;  // 16 KB of zeros
  const unsigned z0 = (unsigned)offs[40];  // 0
  unsigned lo[K], hi[K], acc = lane;
#pragma unroll
  for (int k = 0; k < K; ++k) {
    const unsigned z = (unsigned)offs[32 + k];  // 0: the host writes zeros there
    const unsigned long long a =
        SP == 0 ? (unsigned long long)tab + off + z : (unsigned long long)(unsigned)__cvta_generic_to_shared(wdl_tab) + off + z;
    lo[k] = (unsigned)a, hi[k] = (unsigned)(a >> 32);
  }
  unsigned warm = 0;
  if (SP == 0)
    for (int j = 0; j < 4; ++j) {  // the lines into L1
      unsigned v[4];
      wdl_ld<WD, 0>(((unsigned long long)hi[0] << 32) | lo[0], v);
      warm += v[0] + v[1] + v[2] + v[3];
    }
  if (warm == 0xFFFFFFFFu) out[imp_gtid()] = -1.f;  // never true
  imp_begin(rec);
#pragma unroll 1
  for (int t = 0; t < n; ++t) {
#pragma unroll
    for (int r = 0; r < WDL_S / K; ++r)
#pragma unroll
      for (int k = 0; k < K; ++k) {
        unsigned v[4];
        wdl_ld<WD, SP>(((unsigned long long)hi[k] << 32) | lo[k], v);
        // every word live (else ptxas narrows the load), the same instructions at every width: the
        // chain's step adds words 0 and 3 (16 B), 0 and 1 (8 B), 0 and a zero (4 B); one LOP3 off the
        // chain takes the rest (16 B: words 1 and 2; else word 0 and the lane)
        const unsigned x = WD == 16 ? v[3] : WD == 8 ? v[1] : z0;
        const unsigned y = WD == 16 ? v[1] : v[0], w = WD == 16 ? v[2] : lane;
        asm("lop3.b32 %0, %0, %1, %2, 0x96;" : "+r"(acc) : "r"(y), "r"(w));
        if (SP == 0)
          asm("add.u32 %2, %2, %3;\n\tadd.cc.u32 %0, %0, %2;\n\taddc.u32 %1, %1, 0;"
              : "+r"(lo[k]), "+r"(hi[k]), "+r"(v[0])
              : "r"(x));
        else
          asm("add.u32 %0, %0, %1;\n\tadd.u32 %0, %0, %2;" : "+r"(lo[k]) : "r"(v[0]), "r"(x));
      }
  }
  unsigned s = 0;
#pragma unroll
  for (int k = 0; k < K; ++k) s ^= lo[k] ^ hi[k];
  s ^= acc;
  out[imp_gtid()] = (float)s;
  imp_end(rec);
}

// Lane l's element offs[l] for l < 32, zeros after (the chains' start words), and where the table lies past
// a 2 MB boundary (the L1's tag banks hash the address: `table: GROUP at OFFSET B past 2 MB`), as mech.cu's.
static void wdl_upload(int* d_offs, int (*off)(int)) {
  std::vector<int> h(64, 0);
  for (int l = 0; l < 32; ++l) h[l] = off(l);
  CK(cudaMemcpy(d_offs, h.data(), 64 * sizeof(int), cudaMemcpyHostToDevice));
}

// The groups' 64 KB zero table and 64 zero ints (lanes' offsets, chains' zeros), body(table, ints) between
// their allocation and release; the log line says where the table lay past a 2 MB boundary.
template <typename F>
static void wide_table(const char* group, F body) {
  unsigned* d_tab = nullptr;
  int* d_offs = nullptr;
  CK(cudaMalloc(&d_tab, 64 * 1024));
  CK(cudaMemset(d_tab, 0, 64 * 1024));
  CK(cudaMalloc(&d_offs, 64 * sizeof(int)));
  CK(cudaMemset(d_offs, 0, 64 * sizeof(int)));
  fprintf(stderr, "table: %s at %lu B past 2 MB\n", group, (unsigned long)((uintptr_t)d_tab & ((1ul << 21) - 1)));
  body(d_tab, d_offs);
  CK(cudaFree(d_offs));
  CK(cudaFree(d_tab));
}

struct WidePat {
  const char* name;
  int (*off)(int l);  // lane l's element (WD bytes)
};
static int wdp_bcast(int) { return 0; }
static int wdp_coal(int l) { return l; }
static int wdp_half(int l) { return l % 16; }
static int wdp_quarter(int l) { return l % 8; }
static int wdp_w2(int l) { return 2 * l; }
static const WidePat wide_pats[] = {
    {"bcast", wdp_bcast}, {"coal", wdp_coal}, {"half", wdp_half}, {"quarter", wdp_quarter}, {"w2", wdp_w2}};

// tpb 1 (mech_wide5): one thread a block, one block an SM (`;threads=1;blocks=1`, variant `_t1`).
template <int WD, int K, int SP>
static void run_wide(Ctx& c, const unsigned* d_tab, int* d_offs, const WidePat& p, int W, const char* group = "mech_wide",
                     int tpb = 32) {
  wdl_upload(d_offs, p.off);
  LaunchCfg L = cfg_W(c.sms, W);  // 120 KB of dynamic shared memory: the 16 KB table fits
  if (tpb == 1) L.tpb = 1;
  const Meas m = measure(c, wd_load<WD, K, SP>, L, (float*)c.d_out, d_tab, (const int*)d_offs, WDL_T, c.d_rec);
  const std::string v = std::string(SP ? "s_" : "g_") + p.name + "_b" + std::to_string(WD) + "_k" + std::to_string(K) +
                        (tpb == 1 ? "_t1" : "");
  imp_row(c, group, (const void*)wd_load<WD, K, SP>, v, K, W, L.bps, L.tpb, WDL_T,
          "pattern=" + std::string(p.name) + ";wd=" + std::to_string(WD) + ";space=" + (SP ? "shared" : "global") +
              (tpb == 1 ? ";threads=1;blocks=1" : "") + ";steps_per_thread=" + std::to_string(WDL_S * WDL_T),
          m);
}

template <int SP>
static void wide_space(Ctx& c, const unsigned* d_tab, int* d_offs) {
  for (const WidePat& p : wide_pats)
    for (int W : {1, 4, 8, 16}) {
      run_wide<4, 1, SP>(c, d_tab, d_offs, p, W);
      run_wide<8, 1, SP>(c, d_tab, d_offs, p, W);
      run_wide<16, 1, SP>(c, d_tab, d_offs, p, W);
      run_wide<4, 4, SP>(c, d_tab, d_offs, p, W);
      run_wide<8, 4, SP>(c, d_tab, d_offs, p, W);
      run_wide<16, 4, SP>(c, d_tab, d_offs, p, W);
    }
}

// mech_wide3 (round 40, third call): wd_load again (the same kernels, no new SASS) with lanes whose words
// crowd the banks: element (stride x l) for stride 4 and 8 (16-byte lanes: 64 and 128 B apart, 4 and 8 words
// of a bank in each quarter warp), and element 8 (l % k) for k = 2, 4, 8 (k lines' first element, 128 B apart).
// mech_gather's q_l8 and q_d8 (16-byte lanes on 8 lines' element 0) matched the model without lane-group
// costs, wd_load's w2 rows (two words a bank) with them added: how a wide load's groups and its replays add.
static int wdp_w4(int l) { return 4 * l; }
static int wdp_w8(int l) { return 8 * l; }
static int wdp_k2(int l) { return 8 * (l % 2); }
static int wdp_k4(int l) { return 8 * (l % 4); }
static int wdp_k8(int l) { return 8 * (l % 8); }
static const WidePat wide3_pats[] = {{"w4", wdp_w4}, {"w8", wdp_w8}, {"k2", wdp_k2}, {"k4", wdp_k4}, {"k8", wdp_k8}};

template <int SP>
static void crowd_space(Ctx& c, const unsigned* d_tab, int* d_offs) {
  for (const WidePat& p : wide3_pats)
    for (int W : {1, 8}) {
      run_wide<4, 1, SP>(c, d_tab, d_offs, p, W, "mech_wide3");
      run_wide<8, 1, SP>(c, d_tab, d_offs, p, W, "mech_wide3");
      run_wide<16, 1, SP>(c, d_tab, d_offs, p, W, "mech_wide3");
      run_wide<16, 4, SP>(c, d_tab, d_offs, p, W, "mech_wide3");
    }
}

void group_mech_wide3(Ctx& c) {
  wide_table("mech_wide3", [&](unsigned* d_tab, int* d_offs) {
    crowd_space<0>(c, d_tab, d_offs);
    crowd_space<1>(c, d_tab, d_offs);
  });
}

// mech_wide4 (round 41): wd_load again (no new SASS). LDS lanes in pairs on one address: NVIDIA's rule for
// CC 7.x packs an LDS's returned registers two lanes a slot when lanes l and l ^ 1, or l and l ^ 2, read one
// address for every active lane (half the wavefronts of an LDS.64 or LDS.128); mech_wide3's k2 (l and l ^ 2)
// said the H100 does. p1 (l ^ 1), p2 (l ^ 2), q4 (l ^ 1, 2 and 3: packed, but only two lanes a slot?), and
// pairs the rule leaves out: p3 (l ^ 3), p4 (l ^ 4), p1x (p1 but lane 31 alone), mix (half warps by p1 and by
// p2). And LDG lanes whose quarter warps repeat the same lines (mech_wide3 k4, k8: 0.25 cycles a line faster):
// l16 (16 lines, each quarter's 8 lines those of the quarter two on) and k4q (k4's lines moved per 8 lanes: 16
// lines, each quarter its own 4), the same banks as w8 / k4, in both spaces (LDS has no lines: the control).
static int wdp_p1(int l) { return l >> 1; }
static int wdp_p2(int l) { return ((l >> 2) << 1) | (l & 1); }
static int wdp_p3(int l) { return ((l >> 2) << 1) | ((l & 1) ^ ((l >> 1) & 1)); }
static int wdp_p4(int l) { return ((l >> 3) << 2) | (l & 3); }
static int wdp_q4(int l) { return l >> 2; }
static int wdp_p1x(int l) { return l == 31 ? 16 : l >> 1; }
static int wdp_mix(int l) { return l < 16 ? l >> 1 : 8 + ((((l - 16) >> 2) << 1) | (l & 1)); }
static int wdp_l16(int l) { return 8 * (l % 16); }
static int wdp_k4q(int l) { return 8 * (l % 4) + 32 * (l >> 3); }
static const WidePat wide4_pats[] = {{"p1", wdp_p1},   {"p2", wdp_p2},   {"p3", wdp_p3},   {"p4", wdp_p4},  {"q4", wdp_q4},
                                     {"p1x", wdp_p1x}, {"mix", wdp_mix}, {"l16", wdp_l16}, {"k4q", wdp_k4q}};

template <int SP>
static void pair_space(Ctx& c, const unsigned* d_tab, int* d_offs) {
  for (const WidePat& p : wide4_pats) {
    const std::string n = p.name;
    if (SP == 0 && n != "p1" && n != "p2" && n != "l16" && n != "k4q") continue;  // LDG is not packed (g_k2)
    for (int W : {1, 8}) {
      run_wide<8, 1, SP>(c, d_tab, d_offs, p, W, "mech_wide4");
      run_wide<16, 1, SP>(c, d_tab, d_offs, p, W, "mech_wide4");
      run_wide<16, 4, SP>(c, d_tab, d_offs, p, W, "mech_wide4");
    }
  }
}

void group_mech_wide4(Ctx& c) {
  wide_table("mech_wide4", [&](unsigned* d_tab, int* d_offs) {
    pair_space<1>(c, d_tab, d_offs);
    pair_space<0>(c, d_tab, d_offs);
  });
}

// mech_trip (round 41): what a loop's back edge costs inside a load chain. smsim's one-chain 4-byte LDG loop of
// wd_load is 0.87 cycles a load slow on the H100 and H200 alike (+1.9%): each 16-load trip in smsim is 13.5 cycles
// longer than 16 chain steps of 47, the back edge (its target 10 cycles after ENDLOOP, branch_cycles, where a
// step has the IMAD.X 5 before the LDG) and ptxas's run of LOP3s at S04 ahead of the trip's last IMAD.IADD; the
// LDS loop (28.59 a load against 28.71) not. tr_load<S, SP, ALU>: wd_load<4, 1, SP>'s chain (lane l element l),
// S loads a trip (4 to 64), 1024 / S trips, with (ALU 1) or without (0) the LOP3 of each loaded word into an
// accumulator off the chain. Cycles a load = step + trip / S: the trip's cost read off the slope.
template <int S, int SP, int ALU>
__global__ void __launch_bounds__(1024) tr_load(float* out, const unsigned* tab, const int* offs, int n, BlockRec* rec) {
  extern __shared__ unsigned wdl_tab[];
  const unsigned lane = threadIdx.x & 31u;
  const unsigned off = (unsigned)offs[lane] * 4u;  // bytes
  for (unsigned j = threadIdx.x; j < 4096u; j += blockDim.x) wdl_tab[j] = 0u;  // 16 KB of zeros
  const unsigned z0 = (unsigned)offs[40], z = (unsigned)offs[32];  // 0
  const unsigned long long a =
      SP == 0 ? (unsigned long long)tab + off + z : (unsigned long long)(unsigned)__cvta_generic_to_shared(wdl_tab) + off + z;
  unsigned lo = (unsigned)a, hi = (unsigned)(a >> 32), acc = lane, warm = 0;
  if (SP == 0)
    for (int j = 0; j < 4; ++j) {  // the lines into L1
      unsigned v[4];
      wdl_ld<4, 0>(((unsigned long long)hi << 32) | lo, v);
      warm += v[0];
    }
  if (warm == 0xFFFFFFFFu) out[imp_gtid()] = -1.f;  // never true
  imp_begin(rec);
#pragma unroll 1
  for (int t = 0; t < n; ++t) {
#pragma unroll
    for (int r = 0; r < S; ++r) {
      unsigned v[4];
      wdl_ld<4, SP>(((unsigned long long)hi << 32) | lo, v);
      if (ALU) asm("lop3.b32 %0, %0, %1, %2, 0x96;" : "+r"(acc) : "r"(v[0]), "r"(lane));
      if (SP == 0)
        asm("add.u32 %2, %2, %3;\n\tadd.cc.u32 %0, %0, %2;\n\taddc.u32 %1, %1, 0;" : "+r"(lo), "+r"(hi), "+r"(v[0]) : "r"(z0));
      else
        asm("add.u32 %0, %0, %1;\n\tadd.u32 %0, %0, %2;" : "+r"(lo) : "r"(v[0]), "r"(z0));
    }
  }
  out[imp_gtid()] = (float)(lo ^ hi ^ acc);
  imp_end(rec);
}

template <int S, int SP, int ALU>
static void run_trip(Ctx& c, const unsigned* d_tab, int* d_offs, int W) {
  const LaunchCfg L = cfg_W(c.sms, W);
  const int n = 1024 / S;
  const Meas m = measure(c, tr_load<S, SP, ALU>, L, (float*)c.d_out, d_tab, (const int*)d_offs, n, c.d_rec);
  const std::string v = std::string(SP ? "s" : "g") + "_s" + std::to_string(S) + "_a" + std::to_string(ALU);
  imp_row(c, "mech_trip", (const void*)tr_load<S, SP, ALU>, v, 1, W, L.bps, L.tpb, n,
          "s=" + std::to_string(S) + ";space=" + (SP ? "shared" : "global") + ";alu=" + std::to_string(ALU) +
              ";steps_per_thread=1024",
          m);
}

template <int SP, int ALU>
static void trip_space(Ctx& c, const unsigned* d_tab, int* d_offs) {
  for (int W : {1, 4, 16}) {
    run_trip<4, SP, ALU>(c, d_tab, d_offs, W);
    run_trip<8, SP, ALU>(c, d_tab, d_offs, W);
    run_trip<16, SP, ALU>(c, d_tab, d_offs, W);
    run_trip<32, SP, ALU>(c, d_tab, d_offs, W);
    run_trip<64, SP, ALU>(c, d_tab, d_offs, W);
  }
}

void group_mech_trip(Ctx& c) {
  wide_table("mech_trip", [&](unsigned* d_tab, int* d_offs) {
    wdl_upload(d_offs, wdp_coal);
    trip_space<0, 1>(c, d_tab, d_offs);
    trip_space<0, 0>(c, d_tab, d_offs);
    trip_space<1, 1>(c, d_tab, d_offs);
    trip_space<1, 0>(c, d_tab, d_offs);
  });
}

// mech_wide5 (round 41): the width's latency alone. wd_load's 4-byte LDG loop is 0.93 cycles a step shorter on the
// GPU than in smsim (mech_trip: the step's, not the trip's) while its 8-byte loop matches, and smsim's l1_latency
// is an 8-byte chase's; and round 40's l1_wide_cycles 2.75 (one thread's LDG.E.128 chase against its LDG.E.64)
// counted the LDG.E.128 loop's back edge, 11 cycles a 16-load trip that the LDG.E.64 loop hides. wd_load<WD, 1, SP>
// (lane l element l) at one thread (one lane group whatever the width) and at 32, one warp an SM.
void group_mech_wide5(Ctx& c) {
  wide_table("mech_wide5", [&](unsigned* d_tab, int* d_offs) {
    for (int tpb : {1, 32}) {
      run_wide<4, 1, 0>(c, d_tab, d_offs, wide_pats[1], 1, "mech_wide5", tpb);
      run_wide<8, 1, 0>(c, d_tab, d_offs, wide_pats[1], 1, "mech_wide5", tpb);
      run_wide<16, 1, 0>(c, d_tab, d_offs, wide_pats[1], 1, "mech_wide5", tpb);
      run_wide<4, 1, 1>(c, d_tab, d_offs, wide_pats[1], 1, "mech_wide5", tpb);
      run_wide<8, 1, 1>(c, d_tab, d_offs, wide_pats[1], 1, "mech_wide5", tpb);
      run_wide<16, 1, 1>(c, d_tab, d_offs, wide_pats[1], 1, "mech_wide5", tpb);
    }
  });
}

// mech_wide6 (round 41): which part of wd_load's step the width moves. At one thread wd_load's LDG step is 47.02
// cycles at 4 bytes and 47.96 at 8 (mech_wide5), where smsim gives both 47.90 (its l1_latency an 8-byte chase's);
// but mech_ldgaddr's 4-byte chains through IADD3 + IMAD.X addresses match smsim. wd_load's loaded word feeds an
// IMAD.IADD (v0 + a zero, or v0 + v1 at 8 bytes) ahead of the IADD3; mech_ldgaddr's an IADD3. wc_load<WD, CONS>:
// one chain, 16 loads a trip, 64 trips, one thread or 32; the loaded word 0 into the 64-bit pointer by add.cc /
// addc (CONS 0: IADD3 + IADD3.X, no IMAD), or first through mad.lo (v0 x one + a zero: CONS 1, an IMAD), the
// other words off the chain (a LOP3). WD 4 and 8.
template <int WD, int CONS>
__global__ void __launch_bounds__(1024) wc_load(float* out, const unsigned* tab, const int* offs, int n, BlockRec* rec) {
  const unsigned lane = threadIdx.x & 31u;
  const unsigned off = (unsigned)offs[lane] * WD;
  const unsigned z0 = (unsigned)offs[40], one = (unsigned)offs[41] + 1u;  // 0, 1
  const unsigned long long a = (unsigned long long)tab + off + (unsigned)offs[32];
  unsigned lo = (unsigned)a, hi = (unsigned)(a >> 32), acc = lane, warm = 0;
  for (int j = 0; j < 4; ++j) {  // the lines into L1
    unsigned v[4];
    wdl_ld<WD, 0>(((unsigned long long)hi << 32) | lo, v);
    warm += v[0];
  }
  if (warm == 0xFFFFFFFFu) out[imp_gtid()] = -1.f;  // never true
  imp_begin(rec);
#pragma unroll 1
  for (int t = 0; t < n; ++t) {
#pragma unroll
    for (int r = 0; r < 16; ++r) {
      unsigned v[4];
      wdl_ld<WD, 0>(((unsigned long long)hi << 32) | lo, v);
      asm("lop3.b32 %0, %0, %1, %2, 0x96;" : "+r"(acc) : "r"(v[1]), "r"(lane));
      unsigned x = v[0];
      if (CONS == 1) asm("mad.lo.u32 %0, %0, %1, %2;" : "+r"(x) : "r"(one), "r"(z0));
      asm("add.cc.u32 %0, %0, %2;\n\taddc.u32 %1, %1, 0;" : "+r"(lo), "+r"(hi) : "r"(x));
    }
  }
  out[imp_gtid()] = (float)(lo ^ hi ^ acc);
  imp_end(rec);
}

template <int WD, int CONS>
static void run_wcons(Ctx& c, const unsigned* d_tab, int* d_offs, int tpb) {
  LaunchCfg L = cfg_W(c.sms, 1);
  if (tpb == 1) L.tpb = 1;
  const Meas m = measure(c, wc_load<WD, CONS>, L, (float*)c.d_out, d_tab, (const int*)d_offs, 64, c.d_rec);
  const std::string v = "g_b" + std::to_string(WD) + "_c" + std::to_string(CONS) + (tpb == 1 ? "_t1" : "");
  imp_row(c, "mech_wide6", (const void*)wc_load<WD, CONS>, v, 1, 1, L.bps, L.tpb, 64,
          "wd=" + std::to_string(WD) + ";cons=" + std::to_string(CONS) + (tpb == 1 ? ";threads=1;blocks=1" : "") +
              ";steps_per_thread=1024",
          m);
}

void group_mech_wide6(Ctx& c) {
  wide_table("mech_wide6", [&](unsigned* d_tab, int* d_offs) {
    wdl_upload(d_offs, wdp_coal);
    for (int tpb : {1, 32}) {
      run_wcons<4, 0>(c, d_tab, d_offs, tpb);
      run_wcons<8, 0>(c, d_tab, d_offs, tpb);
      run_wcons<4, 1>(c, d_tab, d_offs, tpb);
      run_wcons<8, 1>(c, d_tab, d_offs, tpb);
    }
  });
}

// mech_wide8 (round 42): when a global load's registers are read. wd_load<4, 8, 0> is the one mech_wide7 kernel
// whose loop reuses a load's address registers at once (ptxas's MOV R28 waits on the LDG's read scoreboard, 6 a
// trip) and the one 6.8% slower than smsim; mech_wide7's other kernels have no such wait and match. wr_load is
// wd_load's body under __launch_bounds__(1024, 2) (32 registers a thread), where ptxas reuses more address
// registers: smsim predicts each with the read at issue (timing.lsu_read_cycles 0) and 10 cycles after it.
template <int WD, int K>
__global__ void __launch_bounds__(1024, 2) wr_load(float* out, const unsigned* tab, const int* offs, int n, BlockRec* rec) {
  const unsigned lane = threadIdx.x & 31u;
  const unsigned off = (unsigned)offs[lane] * WD;  // bytes
  const unsigned z0 = (unsigned)offs[40];          // 0
  unsigned lo[K], hi[K], acc = lane;
#pragma unroll
  for (int k = 0; k < K; ++k) {
    const unsigned long long a = (unsigned long long)tab + off + (unsigned)offs[32 + k];
    lo[k] = (unsigned)a, hi[k] = (unsigned)(a >> 32);
  }
  unsigned warm = 0;
  for (int j = 0; j < 4; ++j) {  // the lines into L1
    unsigned v[4];
    wdl_ld<WD, 0>(((unsigned long long)hi[0] << 32) | lo[0], v);
    warm += v[0] + v[1] + v[2] + v[3];
  }
  if (warm == 0xFFFFFFFFu) out[imp_gtid()] = -1.f;  // never true
  imp_begin(rec);
#pragma unroll 1
  for (int t = 0; t < n; ++t) {
#pragma unroll
    for (int r = 0; r < WDL_S / K; ++r)
#pragma unroll
      for (int k = 0; k < K; ++k) {
        unsigned v[4];
        wdl_ld<WD, 0>(((unsigned long long)hi[k] << 32) | lo[k], v);
        const unsigned x = WD == 8 ? v[1] : z0;
        asm("lop3.b32 %0, %0, %1, %2, 0x96;" : "+r"(acc) : "r"(v[0]), "r"(lane));
        asm("add.u32 %2, %2, %3;\n\tadd.cc.u32 %0, %0, %2;\n\taddc.u32 %1, %1, 0;" : "+r"(lo[k]), "+r"(hi[k]), "+r"(v[0]) : "r"(x));
      }
  }
  unsigned s = 0;
#pragma unroll
  for (int k = 0; k < K; ++k) s ^= lo[k] ^ hi[k];
  s ^= acc;
  out[imp_gtid()] = (float)s;
  imp_end(rec);
}

template <int WD, int K>
static void run_wr(Ctx& c, const unsigned* d_tab, int* d_offs, int W) {
  wdl_upload(d_offs, wdp_coal);
  LaunchCfg L = cfg_W(c.sms, W);
  const Meas m = measure(c, wr_load<WD, K>, L, (float*)c.d_out, d_tab, (const int*)d_offs, WDL_T, c.d_rec);
  const std::string v = "r_coal_b" + std::to_string(WD) + "_k" + std::to_string(K);
  imp_row(c, "mech_wide8", (const void*)wr_load<WD, K>, v, K, W, L.bps, L.tpb, WDL_T,
          "pattern=coal;wd=" + std::to_string(WD) + ";space=global;regs=32;steps_per_thread=" + std::to_string(WDL_S * WDL_T), m);
}

void group_mech_wide8(Ctx& c) {
  wide_table("mech_wide8", [&](unsigned* d_tab, int* d_offs) {
    for (int W : {1, 4}) {
      run_wr<4, 2>(c, d_tab, d_offs, W);
      run_wr<4, 4>(c, d_tab, d_offs, W);
      run_wr<4, 8>(c, d_tab, d_offs, W);
      run_wr<8, 2>(c, d_tab, d_offs, W);
      run_wr<8, 4>(c, d_tab, d_offs, W);
      run_wr<8, 8>(c, d_tab, d_offs, W);
    }
  });
}

// mech_wide7 (round 41, for the next round): a lone warp's chains of L1 loads. A 4-byte L1 hit is about 0.9 cycles
// sooner than an 8-byte one (mech_wide5, mech_wide6), yet four chains of 4-byte loads (wd_load K 4, mech_ldgaddr
// ptr_x1) match smsim's 8-byte latency: more chains meet a limit smsim lacks. wd_load<WD, K, 0> (lane l element l)
// for K = 1, 2, 4, 8 chains, 4 and 8 bytes, at 1, 2 and 4 warps an SM.
void group_mech_wide7(Ctx& c) {
  wide_table("mech_wide7", [&](unsigned* d_tab, int* d_offs) {
    for (int W : {1, 2, 4}) {
      run_wide<4, 1, 0>(c, d_tab, d_offs, wide_pats[1], W, "mech_wide7");
      run_wide<4, 2, 0>(c, d_tab, d_offs, wide_pats[1], W, "mech_wide7");
      run_wide<4, 4, 0>(c, d_tab, d_offs, wide_pats[1], W, "mech_wide7");
      run_wide<4, 8, 0>(c, d_tab, d_offs, wide_pats[1], W, "mech_wide7");
      run_wide<8, 1, 0>(c, d_tab, d_offs, wide_pats[1], W, "mech_wide7");
      run_wide<8, 2, 0>(c, d_tab, d_offs, wide_pats[1], W, "mech_wide7");
      run_wide<8, 4, 0>(c, d_tab, d_offs, wide_pats[1], W, "mech_wide7");
      run_wide<8, 8, 0>(c, d_tab, d_offs, wide_pats[1], W, "mech_wide7");
    }
  });
}

void group_mech_wide(Ctx& c) {
  wide_table("mech_wide", [&](unsigned* d_tab, int* d_offs) {
    wide_space<1>(c, d_tab, d_offs);
    wide_space<0>(c, d_tab, d_offs);
  });
}

// ---- mech_wide2 (round 40, second call): the width's cost where the load's value is the next address ----
// wd_load's 8- and 16-byte loads cost a lone warp 2.8-3.0 cycles for each further lane group (half or quarter
// warps) on the H200, where the import set's full-warp pointer chases of LD.E.64 / LDG.E.64 (chase.l1,
// chase_idx: two half warps of 8-byte lanes) match smsim without it. wd_chase<WD, SP, ALU>: one chain a thread,
// p = *p (every lane's slot holds the address of its slot in the next node: a ring of `nodes` 512-byte nodes,
// 1 = every step the same slot), 16 loads a trip, 64 trips. SP 0: global, the pointer the slot's first 8 bytes
// (WD 8: LDG.E.64, 16: LDG.E.128); SP 1: shared, a 32-bit address the slot's first word (LDS, LDS.64,
// LDS.128). ALU 0: the loaded register is the next load's address (no instruction between); 1: IADD3 (+ .X) of
// a zero between. Launched with 32 threads a block (the warp's lanes contiguous, lane l slot l) or 1 (one
// lane: one lane group whatever the width), one block an SM.
#define WDC_S 16
#define WDC_T 64
#define WDC_NODE 512

template <int WD, int SP>
__device__ __forceinline__ unsigned long long wdc_ld(unsigned long long p, unsigned& side) {
  unsigned v0, v1 = 0, v2 = 0, v3 = 0;
  if (SP == 0) {  // 64-bit words: the pointer stays one register pair (no moves between the loads)
    unsigned long long q, r = 0;
    if (WD == 16)
      asm volatile("ld.global.v2.u64 {%0, %1}, [%2];" : "=l"(q), "=l"(r) : "l"(p));
    else
      asm volatile("ld.global.u64 %0, [%1];" : "=l"(q) : "l"(p));
    side ^= (unsigned)r ^ (unsigned)(r >> 32);
    return q;
  }
  const unsigned a = (unsigned)p;
  if (WD == 16)
    asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(v0), "=r"(v1), "=r"(v2), "=r"(v3) : "r"(a));
  else if (WD == 8)
    asm volatile("ld.shared.v2.u32 {%0, %1}, [%2];" : "=r"(v0), "=r"(v1) : "r"(a));
  else {
    asm volatile("ld.shared.u32 %0, [%1];" : "=r"(v0) : "r"(a));
    v1 = 0;
  }
  side ^= v1 ^ v2 ^ v3;
  return v0;
}

template <int WD, int SP, int ALU>
__global__ void __launch_bounds__(1024) wd_chase(float* out, unsigned char* gtab, const int* zs, int nodes, int n,
                                                 BlockRec* rec) {
  extern __shared__ unsigned wdc_tab[];
  const unsigned lane = threadIdx.x & 31u, z = (unsigned)zs[lane];  // 0, a lane's own (not a uniform register)
  const unsigned sbase = (unsigned)__cvta_generic_to_shared(wdc_tab);
  if (SP == 1)  // slot l of node k holds the shared address of slot l of node (k + 1) % nodes (nodes 1 or 8)
#pragma unroll
    for (int k = 0; k < 8; ++k)
      if (k < nodes) wdc_tab[(k * WDC_NODE + lane * WD) / 4] = sbase + ((k + 1) & (nodes - 1)) * WDC_NODE + lane * WD;
  __syncwarp();
  unsigned long long p = SP == 0 ? (unsigned long long)(gtab + lane * WD) : (unsigned long long)(sbase + lane * WD);
  unsigned side = 0;
  if (SP == 0)
#pragma unroll
    for (int j = 0; j < 16; ++j) p = wdc_ld<WD, 0>(p, side);  // the ring's lines into L1, back at node 0
  if (side == 0xFFFFFFFFu) out[imp_gtid()] = -1.f;  // never true
  imp_begin(rec);
#pragma unroll 1
  for (int t = 0; t < n; ++t) {
#pragma unroll
    for (int r = 0; r < WDC_S; ++r) {
      p = wdc_ld<WD, SP>(p, side);
      if (ALU) {
        unsigned lo = (unsigned)p, hi = (unsigned)(p >> 32);
        if (SP == 0)
          asm("add.cc.u32 %0, %0, %2;\n\taddc.u32 %1, %1, %2;" : "+r"(lo), "+r"(hi) : "r"(z));
        else
          asm("add.u32 %0, %0, %1;" : "+r"(lo) : "r"(z));
        p = ((unsigned long long)hi << 32) | lo;
      }
    }
  }
  out[imp_gtid()] = (float)((unsigned)p ^ (unsigned)(p >> 32) ^ side);
  imp_end(rec);
}

template <int WD, int SP, int ALU>
static void run_wchase(Ctx& c, unsigned char* d_g, const int* d_zs, int nodes, int tpb, int W) {
  LaunchCfg L = cfg_W(c.sms, W);  // 120 KB of dynamic shared memory: one block an SM
  if (tpb == 1) L.tpb = 1;
  const Meas m = measure(c, wd_chase<WD, SP, ALU>, L, (float*)c.d_out, d_g, d_zs, nodes, WDC_T, c.d_rec);
  const std::string v = std::string(SP ? "s" : "g") + (ALU ? "alu" : "ld") + "_b" + std::to_string(WD) +
                        (nodes > 1 ? "_walk" : "_self") + (tpb == 1 ? "_t1" : "");
  imp_row(c, "mech_wide2", (const void*)wd_chase<WD, SP, ALU>, v, 1, W, L.bps, L.tpb, WDC_T,
          "wd=" + std::to_string(WD) + ";space=" + (SP ? "shared" : "global") + ";alu=" + std::to_string(ALU) +
              ";nodes=" + std::to_string(nodes) + ";threads=" + std::to_string(L.tpb) +
              (tpb == 1 ? ";blocks=1" : "") + ";steps_per_thread=" + std::to_string(WDC_S * WDC_T),
          m);
}

template <int WD, int SP, int ALU>
static void wchase_all(Ctx& c, unsigned char* d_g, const int* d_zs) {
  for (int nodes : {1, 8}) {
    // the global ring: slot l of node k holds the device address of slot l of node (k + 1) % nodes
    if (SP == 0) {
      std::vector<unsigned long long> h(8 * WDC_NODE / 8, 0);
      for (int k = 0; k < nodes; ++k)
        for (int l = 0; l < 32; ++l)
          h[(k * WDC_NODE + l * WD) / 8] = (unsigned long long)(d_g + ((k + 1) % nodes) * WDC_NODE + l * WD);
      CK(cudaMemcpy(d_g, h.data(), h.size() * 8, cudaMemcpyHostToDevice));
    }
    run_wchase<WD, SP, ALU>(c, d_g, d_zs, nodes, 1, 1);
    run_wchase<WD, SP, ALU>(c, d_g, d_zs, nodes, 32, 1);
    run_wchase<WD, SP, ALU>(c, d_g, d_zs, nodes, 32, 8);
  }
}

void group_mech_wide2(Ctx& c) {
  wide_table("mech_wide2", [&](unsigned* d_tab, int* d_zs) {
    unsigned char* d_g = (unsigned char*)d_tab;  // the rings' slots (wchase_all writes them)
    wchase_all<4, 1, 0>(c, d_g, d_zs);
    wchase_all<8, 1, 0>(c, d_g, d_zs);
    wchase_all<16, 1, 0>(c, d_g, d_zs);
    wchase_all<4, 1, 1>(c, d_g, d_zs);
    wchase_all<8, 1, 1>(c, d_g, d_zs);
    wchase_all<16, 1, 1>(c, d_g, d_zs);
    wchase_all<8, 0, 0>(c, d_g, d_zs);
    wchase_all<16, 0, 0>(c, d_g, d_zs);
    wchase_all<8, 0, 1>(c, d_g, d_zs);
    wchase_all<16, 0, 1>(c, d_g, d_zs);
  });
}
