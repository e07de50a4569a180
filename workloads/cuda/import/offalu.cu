// offalu.cu -- mech_offalu (issue #18, round 29, after nbody): what an arithmetic instruction whose
// guard is false in every lane costs. nbody_t's rsqrtf carries a denormal fixup, FSETP.GEU P, |r|,
// 1.18e-38 and two @!P FMUL around each MUFU.RSQ, off in every lane for any ordinary r: 8 of its 71
// instructions a trip. smsim gives such an instruction what a live one takes (its pipe and its register
// reads); the nbody rows at 16-32 warps, issue-bound, are 8-14% slow in smsim.
//
// off_alu<OP>: each thread K = 8 independent accumulators and a loop of OFF_T trips; a trip: 8 of one
// arithmetic instruction, each guarded by a predicate that holds flag[0] != 0 (one setp before the loop,
// so every guard is the same register), then the loop's counter and branch. flag[0] = 0: every lane off,
// 1: every lane on (the same SASS: data decides). OP 0: IMAD a, a, b, c (integer: the 16-lane FMA-heavy
// pipe, 2 cycles a warp); 1: FFMA a, a, b, c (the 32-lane FMA pipe, three register reads); 2: MUFU.RCP
// (the XU pipe: 4 lanes a scheduler, 8 cycles a warp); 3: FMUL a, a, 2^24 (an immediate: rsqrtf's
// fixup). Templates on OP only; the flag is the launch's.
// (fma.rn.f64 under a predicate, tried first, ptxas turns into DFMA + FSEL: no predicated DFMA to time.)
#include "imp.h"

#define OFF_T 256
// 8 FFMA a_i = a_i * b + c, each guarded by G ("@p ": p holds f != 0; "": none); the same PTX text for off_alu<1>
// and, unguarded, off_alu<4>
#define OFF_FFMA8(G)                                                                                               \
  asm volatile("{ .reg .pred p; setp.ne.u32 p, %8, 0;\n" G "fma.rn.f32 %0, %0, %9, %10; " G                       \
               "fma.rn.f32 %1, %1, %9, %10; " G "fma.rn.f32 %2, %2, %9, %10;\n" G "fma.rn.f32 %3, %3, %9, %10; " G \
               "fma.rn.f32 %4, %4, %9, %10; " G "fma.rn.f32 %5, %5, %9, %10;\n" G "fma.rn.f32 %6, %6, %9, %10; " G \
               "fma.rn.f32 %7, %7, %9, %10; }"                                                                    \
               : "+f"(a0), "+f"(a1), "+f"(a2), "+f"(a3), "+f"(a4), "+f"(a5), "+f"(a6), "+f"(a7)                   \
               : "r"(f), "f"(b), "f"(c))

template <int OP>
__global__ void __launch_bounds__(1024) off_alu(const unsigned* flag, float* out, BlockRec* rec) {
  const unsigned f = flag[0];
  float a0 = 1.f + threadIdx.x * 1e-3f, a1 = a0 + 0.1f, a2 = a0 + 0.2f, a3 = a0 + 0.3f, a4 = a0 + 0.4f, a5 = a0 + 0.5f,
        a6 = a0 + 0.6f, a7 = a0 + 0.7f;
  const float b = __uint_as_float(0x3f800001u + (f & 2u)), c = __uint_as_float(0x3a800000u + (f & 4u));
  unsigned u0 = threadIdx.x, u1 = u0 + 1, u2 = u0 + 2, u3 = u0 + 3, u4 = u0 + 4, u5 = u0 + 5, u6 = u0 + 6, u7 = u0 + 7;
  const unsigned ub = 0x9e3779b1u + (f & 8u), uc = 12345u + (f & 16u);
  imp_begin(rec);
#pragma unroll 1
  for (int i = 0; i < OFF_T; ++i) {
    if (OP == 0)
      asm volatile(
          "{ .reg .pred p; setp.ne.u32 p, %8, 0;\n"
          "@p mad.lo.u32 %0, %0, %9, %10; @p mad.lo.u32 %1, %1, %9, %10; @p mad.lo.u32 %2, %2, %9, %10;\n"
          "@p mad.lo.u32 %3, %3, %9, %10; @p mad.lo.u32 %4, %4, %9, %10; @p mad.lo.u32 %5, %5, %9, %10;\n"
          "@p mad.lo.u32 %6, %6, %9, %10; @p mad.lo.u32 %7, %7, %9, %10; }"
          : "+r"(u0), "+r"(u1), "+r"(u2), "+r"(u3), "+r"(u4), "+r"(u5), "+r"(u6), "+r"(u7)
          : "r"(f), "r"(ub), "r"(uc));
    if (OP == 1)
      OFF_FFMA8("@p ");
    if (OP == 4)  // OP 1 without its guards (mech_offg)
      OFF_FFMA8("");
    if (OP == 2)
      asm volatile(
          "{ .reg .pred p; setp.ne.u32 p, %8, 0;\n"
          "@p rcp.approx.ftz.f32 %0, %0; @p rcp.approx.ftz.f32 %1, %1; @p rcp.approx.ftz.f32 %2, %2;\n"
          "@p rcp.approx.ftz.f32 %3, %3; @p rcp.approx.ftz.f32 %4, %4; @p rcp.approx.ftz.f32 %5, %5;\n"
          "@p rcp.approx.ftz.f32 %6, %6; @p rcp.approx.ftz.f32 %7, %7; }"
          : "+f"(a0), "+f"(a1), "+f"(a2), "+f"(a3), "+f"(a4), "+f"(a5), "+f"(a6), "+f"(a7)
          : "r"(f));
    if (OP == 3)
      asm volatile(
          "{ .reg .pred p; setp.ne.u32 p, %8, 0;\n"
          "@p mul.f32 %0, %0, 0f4B800000; @p mul.f32 %1, %1, 0f4B800000; @p mul.f32 %2, %2, 0f4B800000;\n"
          "@p mul.f32 %3, %3, 0f4B800000; @p mul.f32 %4, %4, 0f4B800000; @p mul.f32 %5, %5, 0f4B800000;\n"
          "@p mul.f32 %6, %6, 0f4B800000; @p mul.f32 %7, %7, 0f4B800000; }"
          : "+f"(a0), "+f"(a1), "+f"(a2), "+f"(a3), "+f"(a4), "+f"(a5), "+f"(a6), "+f"(a7)
          : "r"(f));
  }
  const float s = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + (float)(u0 ^ u1 ^ u2 ^ u3 ^ u4 ^ u5 ^ u6 ^ u7);
  if (s == 1234.5f) out[imp_gtid()] = s;  // never true: keeps the chains
  imp_end(rec);
}

template <int OP>
static void run_offalu(Ctx& c, unsigned* dflag, int F, int W, const char* group = "mech_offalu") {
  const unsigned hf = (unsigned)F;
  CK(cudaMemcpy(dflag, &hf, sizeof hf, cudaMemcpyHostToDevice));
  const LaunchCfg L = cfg_W(c.sms, W);
  const Meas m = measure(c, off_alu<OP>, L, (const unsigned*)dflag, (float*)c.d_out, c.d_rec);
  static const char* const name[5] = {"imad", "ffma", "rcp", "fmuli", "ffma_ng"};
  imp_row(c, group, (const void*)off_alu<OP>, std::string(name[OP]) + (F ? "_on" : "_off"), 1, W, L.bps, L.tpb,
          OFF_T, "op=" + std::to_string(OP) + ";flag=" + std::to_string(F) + ";k=8", m);
}

void group_mech_offalu(Ctx& c) {
  unsigned* dflag = nullptr;
  CK(cudaMalloc(&dflag, sizeof(unsigned)));
  for (int F : {0, 1})
    for (int W : {1, 8, 32}) {
      run_offalu<0>(c, dflag, F, W);
      run_offalu<1>(c, dflag, F, W);
      run_offalu<2>(c, dflag, F, W);
      run_offalu<3>(c, dflag, F, W);
    }
  CK(cudaFree(dflag));
}

// mech_offg (round 45, after round 44: mech_offalu ffma_on takes a lone warp 254 cycles (a cycle a trip)
// more than ffma_off on the H200, 1279 at 8 warps and 4999 at 32 (about 2.5 cycles a warp-trip), where
// smsim gives 1, 259 and 433: its FFMAs read only a bank apiece once the reuse cache holds b and c). Is it
// the guard? off_alu<4> is off_alu<1> without the @p guards: ptxas gives it the same registers (b R12,
// c R11, the same accumulators but one, R22 for R6; the counter R6 for R4: the same banks of sm_90's two,
// instruction by instruction) and reuse flags; the loop starts at 0x1d0 (0x1e0). smsim gives the two the same cycles (within 0.4%;
// tests/data/h100/mech/offg/predictions.txt, written before the call).
void group_mech_offg(Ctx& c) {
  unsigned* dflag = nullptr;
  CK(cudaMalloc(&dflag, sizeof(unsigned)));
  for (int W : {1, 4, 8, 16, 32}) {
    run_offalu<1>(c, dflag, 0, W, "mech_offg");
    run_offalu<1>(c, dflag, 1, W, "mech_offg");
    run_offalu<4>(c, dflag, 1, W, "mech_offg");
  }
  CK(cudaFree(dflag));
}

// mech_yield (round 38): where ptxas sets the yield hint in a loop of 2-cycle instructions, and whether the
// scheduler then leaves the warp. yld_imad<K>: K independent IMAD chains a thread (the 16-lane FMA-heavy pipe,
// one IMAD every 2 cycles a scheduler), unpredicated, YLD_T trips of K IMADs and the loop's counter, compare
// and branch. ptxas spaces a warp's IMADs 2 cycles apart ([S02]) and sets the yield hint on some of them mid-
// loop (off_alu<0>: on the sixth of eight); a scheduler that stays on its warp until it stalls runs one
// warp's whole trip, then the other's (the IMAD pipe is never free for the other warp between two of them),
// one that leaves it at the hint alternates half-trips: at 2-4 warps a scheduler the two differ by up to 20%
// (tests/data/h200/mech/yield/predictions.txt).
#define YLD_T 256

template <int K>
__global__ void __launch_bounds__(1024) yld_imad(float* out, BlockRec* rec) {
  unsigned u[K];
#pragma unroll
  for (int k = 0; k < K; ++k) u[k] = threadIdx.x + 7u * k;
  const unsigned ub = 0x9e3779b1u + (threadIdx.x >> 10), uc = 12345u + (threadIdx.x >> 10);
  imp_begin(rec);
#pragma unroll 1
  for (int i = 0; i < YLD_T; ++i) {
#pragma unroll
    for (int k = 0; k < K; ++k) asm volatile("mad.lo.u32 %0, %0, %1, %2;" : "+r"(u[k]) : "r"(ub), "r"(uc));
  }
  unsigned s = 0;
#pragma unroll
  for (int k = 0; k < K; ++k) s ^= u[k];
  if (s == 12345u) out[imp_gtid()] = (float)s;  // never true: keeps the chains
  imp_end(rec);
}

template <int K>
static void run_yield(Ctx& c, int W) {
  const LaunchCfg L = cfg_W(c.sms, W);
  const Meas m = measure(c, yld_imad<K>, L, (float*)c.d_out, c.d_rec);
  imp_row(c, "mech_yield", (const void*)yld_imad<K>, "imad_k" + std::to_string(K), 1, W, L.bps, L.tpb, YLD_T,
          "k=" + std::to_string(K), m);
}

void group_mech_yield(Ctx& c) {
  for (int W : {1, 4, 8, 12, 16, 32}) {
    run_yield<4>(c, W);
    run_yield<6>(c, W);
    run_yield<8>(c, W);
    run_yield<12>(c, W);
    run_yield<16>(c, W);
  }
}
