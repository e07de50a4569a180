// fbank.cu -- mech_fbank (issue #18, round 30, after nbody and mech_offalu): how the H200 reads the three
// register sources of FFMA from its register banks at 1-8 warps a scheduler. smsim reads them from two
// banks (register number mod 2), one read a bank a cycle, the banks shared by a scheduler's pipes, with a
// reuse cache a pipe (.reuse flags). nbody's rows are 5-14% slow in smsim at 8-32 warps (with no banks
// 7-12% fast), mech_offalu's ffma_on 3.9% slow at 2 warps a scheduler and 0.3% at 8 (8.6% and 1.9% until round
// 30 described its flag's load as the L2 hit it is).
//
// fbank<V>: each thread 8 independent accumulators a0..a7 and a loop of FB_T trips; a trip: 8 FFMAs
// (no guard), then the loop's counter, compare and branch. The sources other than a_i are loop-invariant
// registers made from threadIdx.x and the argument f (0 at run time), so ptxas folds none of them.
// V 0 shared: a_i = fma(a_i, b, c), b and c one register each (reuse possible; offalu's ffma_on, no
// guard); 1 b8: fma(a_i, b_i, c), 8 b registers; 2 bc8: fma(a_i, b_i, c_i), 24 source registers (no
// reuse possible); 3 imm: fma(a_i, b_i, 2^-10), two register reads; 4 rr: fma(b_i, b_i, a_i), one
// register in two slots (read once or twice?). Templates on V only.
#include "imp.h"

#define FB_T 256

// 4 IMADs u_i = u_i p_i + 5 and 4 FFMAs q_i = q_i r_i + 2^-10 in turn, each reading each bank once: fmix<10>'s
// trip and ord_stamp<2>'s
__device__ __forceinline__ void imad_ffma_turn(unsigned& u0, unsigned& u1, unsigned& u2, unsigned& u3, float& q0,
                                               float& q1, float& q2, float& q3, unsigned p0, unsigned p1, unsigned p2,
                                               unsigned p3, float r0, float r1, float r2, float r3) {
  asm volatile(
      "mad.lo.u32 %0, %0, %8, 5; fma.rn.f32 %4, %4, %12, 0f3A800000; mad.lo.u32 %1, %1, %9, 5;\n"
      "fma.rn.f32 %5, %5, %13, 0f3A800000; mad.lo.u32 %2, %2, %10, 5; fma.rn.f32 %6, %6, %14, 0f3A800000;\n"
      "mad.lo.u32 %3, %3, %11, 5; fma.rn.f32 %7, %7, %15, 0f3A800000;"
      : "+r"(u0), "+r"(u1), "+r"(u2), "+r"(u3), "+f"(q0), "+f"(q1), "+f"(q2), "+f"(q3)
      : "r"(p0), "r"(p1), "r"(p2), "r"(p3), "f"(r0), "f"(r1), "f"(r2), "f"(r3));
}

template <int V>
__global__ void __launch_bounds__(1024) fbank(unsigned f, float* out, BlockRec* rec) {
  float a0 = 1.f + threadIdx.x * 1e-3f, a1 = a0 + 0.1f, a2 = a0 + 0.2f, a3 = a0 + 0.3f, a4 = a0 + 0.4f, a5 = a0 + 0.5f,
        a6 = a0 + 0.6f, a7 = a0 + 0.7f;
  const unsigned t = (threadIdx.x ^ f) & 0xffu;  // b_i: 1 + a few ulps, c_i: about 2^-10; all distinct
  const float b0 = __uint_as_float(0x3f800000u + t), b1 = __uint_as_float(0x3f800100u + t),
              b2 = __uint_as_float(0x3f800200u + t), b3 = __uint_as_float(0x3f800300u + t),
              b4 = __uint_as_float(0x3f800400u + t), b5 = __uint_as_float(0x3f800500u + t),
              b6 = __uint_as_float(0x3f800600u + t), b7 = __uint_as_float(0x3f800700u + t);
  const float c0 = __uint_as_float(0x3a800000u + t), c1 = __uint_as_float(0x3a800100u + t),
              c2 = __uint_as_float(0x3a800200u + t), c3 = __uint_as_float(0x3a800300u + t),
              c4 = __uint_as_float(0x3a800400u + t), c5 = __uint_as_float(0x3a800500u + t),
              c6 = __uint_as_float(0x3a800600u + t), c7 = __uint_as_float(0x3a800700u + t);
  imp_begin(rec);
#pragma unroll 1
  for (int i = 0; i < FB_T; ++i) {
    if (V == 0)
      asm volatile(
          "fma.rn.f32 %0, %0, %8, %9; fma.rn.f32 %1, %1, %8, %9; fma.rn.f32 %2, %2, %8, %9;\n"
          "fma.rn.f32 %3, %3, %8, %9; fma.rn.f32 %4, %4, %8, %9; fma.rn.f32 %5, %5, %8, %9;\n"
          "fma.rn.f32 %6, %6, %8, %9; fma.rn.f32 %7, %7, %8, %9;"
          : "+f"(a0), "+f"(a1), "+f"(a2), "+f"(a3), "+f"(a4), "+f"(a5), "+f"(a6), "+f"(a7)
          : "f"(b0), "f"(c0));
    if (V == 1)
      asm volatile(
          "fma.rn.f32 %0, %0, %8, %16; fma.rn.f32 %1, %1, %9, %16; fma.rn.f32 %2, %2, %10, %16;\n"
          "fma.rn.f32 %3, %3, %11, %16; fma.rn.f32 %4, %4, %12, %16; fma.rn.f32 %5, %5, %13, %16;\n"
          "fma.rn.f32 %6, %6, %14, %16; fma.rn.f32 %7, %7, %15, %16;"
          : "+f"(a0), "+f"(a1), "+f"(a2), "+f"(a3), "+f"(a4), "+f"(a5), "+f"(a6), "+f"(a7)
          : "f"(b0), "f"(b1), "f"(b2), "f"(b3), "f"(b4), "f"(b5), "f"(b6), "f"(b7), "f"(c0));
    if (V == 2)
      asm volatile(
          "fma.rn.f32 %0, %0, %8, %16; fma.rn.f32 %1, %1, %9, %17; fma.rn.f32 %2, %2, %10, %18;\n"
          "fma.rn.f32 %3, %3, %11, %19; fma.rn.f32 %4, %4, %12, %20; fma.rn.f32 %5, %5, %13, %21;\n"
          "fma.rn.f32 %6, %6, %14, %22; fma.rn.f32 %7, %7, %15, %23;"
          : "+f"(a0), "+f"(a1), "+f"(a2), "+f"(a3), "+f"(a4), "+f"(a5), "+f"(a6), "+f"(a7)
          : "f"(b0), "f"(b1), "f"(b2), "f"(b3), "f"(b4), "f"(b5), "f"(b6), "f"(b7), "f"(c0), "f"(c1), "f"(c2),
            "f"(c3), "f"(c4), "f"(c5), "f"(c6), "f"(c7));
    if (V == 3)
      asm volatile(
          "fma.rn.f32 %0, %0, %8, 0f3A800000; fma.rn.f32 %1, %1, %9, 0f3A800000; fma.rn.f32 %2, %2, %10, 0f3A800000;\n"
          "fma.rn.f32 %3, %3, %11, 0f3A800000; fma.rn.f32 %4, %4, %12, 0f3A800000; fma.rn.f32 %5, %5, %13, 0f3A800000;\n"
          "fma.rn.f32 %6, %6, %14, 0f3A800000; fma.rn.f32 %7, %7, %15, 0f3A800000;"
          : "+f"(a0), "+f"(a1), "+f"(a2), "+f"(a3), "+f"(a4), "+f"(a5), "+f"(a6), "+f"(a7)
          : "f"(b0), "f"(b1), "f"(b2), "f"(b3), "f"(b4), "f"(b5), "f"(b6), "f"(b7));
    if (V == 4)
      asm volatile(
          "fma.rn.f32 %0, %8, %8, %0; fma.rn.f32 %1, %9, %9, %1; fma.rn.f32 %2, %10, %10, %2;\n"
          "fma.rn.f32 %3, %11, %11, %3; fma.rn.f32 %4, %12, %12, %4; fma.rn.f32 %5, %13, %13, %5;\n"
          "fma.rn.f32 %6, %14, %14, %6; fma.rn.f32 %7, %15, %15, %7;"
          : "+f"(a0), "+f"(a1), "+f"(a2), "+f"(a3), "+f"(a4), "+f"(a5), "+f"(a6), "+f"(a7)
          : "f"(b0), "f"(b1), "f"(b2), "f"(b3), "f"(b4), "f"(b5), "f"(b6), "f"(b7));
  }
  const float s = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7;
  if (s == 1234.5f) out[imp_gtid()] = s;  // never true: keeps the chains
  imp_end(rec);
}

// fbank_i<V> (round 30, the same call): the IMAD counterpart, on the 16-lane FMA-heavy pipe (2 cycles a warp
// instruction); a kernel of its own because integer accumulators in fbank<V> change ptxas's registers for
// V 0-4, whose banks predictions.txt reads. V 0 ishared: u_i = u_i * b + c, b and c one register each (mech_offalu's imad loop unguarded: 16%
// fast in smsim at 2 warps a scheduler, 40.9 cycles a trip measured, 34 simulated); 1 ibc8: 24 source registers.
template <int V>
__global__ void __launch_bounds__(1024) fbank_i(unsigned f, float* out, BlockRec* rec) {
  unsigned u0 = threadIdx.x, u1 = u0 + 1, u2 = u0 + 2, u3 = u0 + 3, u4 = u0 + 4, u5 = u0 + 5, u6 = u0 + 6, u7 = u0 + 7;
  const unsigned t = (threadIdx.x ^ f) & 0xffu;
  const unsigned b0 = 0x9e3779b1u + t, b1 = b0 + 0x100, b2 = b0 + 0x200, b3 = b0 + 0x300, b4 = b0 + 0x400,
                 b5 = b0 + 0x500, b6 = b0 + 0x600, b7 = b0 + 0x700;
  const unsigned c0 = 12345u + t, c1 = c0 + 0x100, c2 = c0 + 0x200, c3 = c0 + 0x300, c4 = c0 + 0x400, c5 = c0 + 0x500,
                 c6 = c0 + 0x600, c7 = c0 + 0x700;
  imp_begin(rec);
#pragma unroll 1
  for (int i = 0; i < FB_T; ++i) {
    if (V == 0)
      asm volatile(
          "mad.lo.u32 %0, %0, %8, %9; mad.lo.u32 %1, %1, %8, %9; mad.lo.u32 %2, %2, %8, %9;\n"
          "mad.lo.u32 %3, %3, %8, %9; mad.lo.u32 %4, %4, %8, %9; mad.lo.u32 %5, %5, %8, %9;\n"
          "mad.lo.u32 %6, %6, %8, %9; mad.lo.u32 %7, %7, %8, %9;"
          : "+r"(u0), "+r"(u1), "+r"(u2), "+r"(u3), "+r"(u4), "+r"(u5), "+r"(u6), "+r"(u7)
          : "r"(b0), "r"(c0));
    if (V == 1)
      asm volatile(
          "mad.lo.u32 %0, %0, %8, %16; mad.lo.u32 %1, %1, %9, %17; mad.lo.u32 %2, %2, %10, %18;\n"
          "mad.lo.u32 %3, %3, %11, %19; mad.lo.u32 %4, %4, %12, %20; mad.lo.u32 %5, %5, %13, %21;\n"
          "mad.lo.u32 %6, %6, %14, %22; mad.lo.u32 %7, %7, %15, %23;"
          : "+r"(u0), "+r"(u1), "+r"(u2), "+r"(u3), "+r"(u4), "+r"(u5), "+r"(u6), "+r"(u7)
          : "r"(b0), "r"(b1), "r"(b2), "r"(b3), "r"(b4), "r"(b5), "r"(b6), "r"(b7), "r"(c0), "r"(c1), "r"(c2), "r"(c3),
            "r"(c4), "r"(c5), "r"(c6), "r"(c7));
  }
  const unsigned x = u0 ^ u1 ^ u2 ^ u3 ^ u4 ^ u5 ^ u6 ^ u7;
  if (x == 0x12345u) out[imp_gtid()] = (float)x;  // never true: keeps the chains
  imp_end(rec);
}

template <int V>
static void run_fbank_i(Ctx& c, int W) {
  const LaunchCfg L = cfg_W(c.sms, W);
  const Meas m = measure(c, fbank_i<V>, L, 0u, (float*)c.d_out, c.d_rec);
  static const char* const name[2] = {"ishared", "ibc8"};
  imp_row(c, "mech_fbank", (const void*)fbank_i<V>, name[V], 1, W, L.bps, L.tpb, FB_T,
          "v=" + std::to_string(5 + V) + ";k=8", m);
}

template <int V>
static void run_fbank(Ctx& c, int W) {
  const LaunchCfg L = cfg_W(c.sms, W);
  const Meas m = measure(c, fbank<V>, L, 0u, (float*)c.d_out, c.d_rec);
  static const char* const name[5] = {"shared", "b8", "bc8", "imm", "rr"};
  imp_row(c, "mech_fbank", (const void*)fbank<V>, name[V], 1, W, L.bps, L.tpb, FB_T,
          "v=" + std::to_string(V) + ";k=8", m);
}

void group_mech_fbank(Ctx& c) {
  for (int W : {1, 8, 16, 32}) {
    run_fbank<0>(c, W);
    run_fbank<1>(c, W);
    run_fbank<2>(c, W);
    run_fbank<3>(c, W);
    run_fbank<4>(c, W);
    run_fbank_i<0>(c, W);
    run_fbank_i<1>(c, W);
  }
}

// fpair<V> (round 32, mech_fpair): how a scheduler collects conflicting reads, with each FFMA's register banks
// set by the code rather than left to ptxas: every source is one half of a float2 loaded with LDG.64 into an
// even/odd register pair (x even: bank 0; y odd: bank 1), the accumulators too (updated in place). mech_fbank's
// bc8 (8 FFMAs of two reads of one bank a trip) cost 2.7-2.9 cycles a trip more than imm at 1-8 warps a scheduler,
// where smsim's collection, holding the pipe until an instruction's reads are done, gives 6 at one warp and 4.6 at
// 8, and at 8 warps a scheduler sat at the busier bank's reads. Here, per FFMA (bank 0 reads, bank 1 reads), 8 a
// trip, no source in the same slot twice running (no .reuse), then the counter, compare and branch:
// V 0 imm (1,1): a even, b = p.y, c an immediate. V 1 same (2,1): a even, b = p.x, c = p.y. V 2 alt: (2,1) and
// (1,2) in turn (a odd, b = p.y, c = p.x). V 3 three (3,0): a even, b = p_k.x, c = p_k+1.x. V 4 alt3: (3,0) and
// (0,3) in turn. A collection that holds the pipe gives same = alt (2 cycles an FFMA) and three = alt3 (3); banks
// pipelined across instructions give alt 1.5 and alt3 1.5 at many warps.
#define FP_T 256

template <int V>
__global__ void __launch_bounds__(1024) fpair(unsigned f, const float2* __restrict__ src0, float* out, BlockRec* rec) {
  const float2* src = src0 + (threadIdx.x & f) * 16;  // f = 0: every thread the same 16 pairs, not provably uniform
  float2 q0 = src[0], q1 = src[1], q2 = src[2], q3 = src[3], q4 = src[4], q5 = src[5], q6 = src[6], q7 = src[7];
  const float2 p0 = src[8], p1 = src[9], p2 = src[10], p3 = src[11], p4 = src[12], p5 = src[13], p6 = src[14],
               p7 = src[15];
  imp_begin(rec);
#pragma unroll 1
  for (int i = 0; i < FP_T; ++i) {
    if (V == 0)  // a even, b odd, c immediate
      asm volatile(
          "fma.rn.f32 %0, %0, %8, 0f3A800000; fma.rn.f32 %1, %1, %9, 0f3A800000; fma.rn.f32 %2, %2, %10, 0f3A800000;\n"
          "fma.rn.f32 %3, %3, %11, 0f3A800000; fma.rn.f32 %4, %4, %12, 0f3A800000; fma.rn.f32 %5, %5, %13, 0f3A800000;\n"
          "fma.rn.f32 %6, %6, %14, 0f3A800000; fma.rn.f32 %7, %7, %15, 0f3A800000;"
          : "+f"(q0.x), "+f"(q1.x), "+f"(q2.x), "+f"(q3.x), "+f"(q4.x), "+f"(q5.x), "+f"(q6.x), "+f"(q7.x)
          : "f"(p0.y), "f"(p1.y), "f"(p2.y), "f"(p3.y), "f"(p4.y), "f"(p5.y), "f"(p6.y), "f"(p7.y));
    if (V == 1)  // (2,1): a even, b = p.x, c = p.y
      asm volatile(
          "fma.rn.f32 %0, %0, %8, %16; fma.rn.f32 %1, %1, %9, %17; fma.rn.f32 %2, %2, %10, %18;\n"
          "fma.rn.f32 %3, %3, %11, %19; fma.rn.f32 %4, %4, %12, %20; fma.rn.f32 %5, %5, %13, %21;\n"
          "fma.rn.f32 %6, %6, %14, %22; fma.rn.f32 %7, %7, %15, %23;"
          : "+f"(q0.x), "+f"(q1.x), "+f"(q2.x), "+f"(q3.x), "+f"(q4.x), "+f"(q5.x), "+f"(q6.x), "+f"(q7.x)
          : "f"(p0.x), "f"(p1.x), "f"(p2.x), "f"(p3.x), "f"(p4.x), "f"(p5.x), "f"(p6.x), "f"(p7.x), "f"(p0.y),
            "f"(p1.y), "f"(p2.y), "f"(p3.y), "f"(p4.y), "f"(p5.y), "f"(p6.y), "f"(p7.y));
    if (V == 2)  // (2,1) and (1,2) in turn
      asm volatile(
          "fma.rn.f32 %0, %0, %8, %16; fma.rn.f32 %1, %1, %17, %9; fma.rn.f32 %2, %2, %10, %18;\n"
          "fma.rn.f32 %3, %3, %19, %11; fma.rn.f32 %4, %4, %12, %20; fma.rn.f32 %5, %5, %21, %13;\n"
          "fma.rn.f32 %6, %6, %14, %22; fma.rn.f32 %7, %7, %23, %15;"
          : "+f"(q0.x), "+f"(q0.y), "+f"(q1.x), "+f"(q1.y), "+f"(q2.x), "+f"(q2.y), "+f"(q3.x), "+f"(q3.y)
          : "f"(p0.x), "f"(p1.x), "f"(p2.x), "f"(p3.x), "f"(p4.x), "f"(p5.x), "f"(p6.x), "f"(p7.x), "f"(p0.y),
            "f"(p1.y), "f"(p2.y), "f"(p3.y), "f"(p4.y), "f"(p5.y), "f"(p6.y), "f"(p7.y));
    if (V == 3)  // (3,0): a even, b = p_k.x, c = p_k+1.x
      asm volatile(
          "fma.rn.f32 %0, %0, %8, %9; fma.rn.f32 %1, %1, %9, %10; fma.rn.f32 %2, %2, %10, %11;\n"
          "fma.rn.f32 %3, %3, %11, %12; fma.rn.f32 %4, %4, %12, %13; fma.rn.f32 %5, %5, %13, %14;\n"
          "fma.rn.f32 %6, %6, %14, %15; fma.rn.f32 %7, %7, %15, %8;"
          : "+f"(q0.x), "+f"(q1.x), "+f"(q2.x), "+f"(q3.x), "+f"(q4.x), "+f"(q5.x), "+f"(q6.x), "+f"(q7.x)
          : "f"(p0.x), "f"(p1.x), "f"(p2.x), "f"(p3.x), "f"(p4.x), "f"(p5.x), "f"(p6.x), "f"(p7.x));
    if (V == 4)  // (3,0) and (0,3) in turn
      asm volatile(
          "fma.rn.f32 %0, %0, %8, %9; fma.rn.f32 %1, %1, %17, %18; fma.rn.f32 %2, %2, %10, %11;\n"
          "fma.rn.f32 %3, %3, %19, %20; fma.rn.f32 %4, %4, %12, %13; fma.rn.f32 %5, %5, %21, %22;\n"
          "fma.rn.f32 %6, %6, %14, %15; fma.rn.f32 %7, %7, %23, %16;"
          : "+f"(q0.x), "+f"(q0.y), "+f"(q1.x), "+f"(q1.y), "+f"(q2.x), "+f"(q2.y), "+f"(q3.x), "+f"(q3.y)
          : "f"(p0.x), "f"(p1.x), "f"(p2.x), "f"(p3.x), "f"(p4.x), "f"(p5.x), "f"(p6.x), "f"(p7.x), "f"(p0.y),
            "f"(p1.y), "f"(p2.y), "f"(p3.y), "f"(p4.y), "f"(p5.y), "f"(p6.y), "f"(p7.y));
  }
  const float s = q0.x + q0.y + q1.x + q1.y + q2.x + q2.y + q3.x + q3.y + q4.x + q4.y + q5.x + q5.y + q6.x + q6.y +
                  q7.x + q7.y + p0.x + p0.y + p1.x + p1.y + p2.x + p2.y + p3.x + p3.y + p4.x + p4.y + p5.x + p5.y + p6.x +
                  p6.y + p7.x + p7.y;  // every half used: each float2 stays one LDG.64 into a register pair
  if (s == 1234.5f) out[imp_gtid()] = s;  // never true: keeps the chains
  imp_end(rec);
}

// fpair_i<V> (round 32, the same call): the 16-lane FMA-heavy pipe (2 cycles a warp instruction), IMAD with the
// banks set the same way (uint2 pairs): V 5 isame (2,1), 6 ithree (3,0), 7 ialt3 (3,0) and (0,3) in turn. smsim's
// rule: the pipe's 2 cycles cover two reads of one bank, not three. Round 36 (mech_fpair2): V 8 iimm (1,1) and
// V 9 ialt (2,1) and (1,2) in turn: on the H100 and the H200 ialt3 took isame's cycles at every W (31.1, 44.3,
// 83.0, 162.4 cycles a trip at 1, 8, 16, 32 warps), where smsim's collection window gives ialt3 9-17% less at
// 8-32 warps and isame 8% less at 16-32: is (2,1) free against (1,1) (iimm), and does (2,1)/(1,2) cost what (2,1) does?
template <int V>
__global__ void __launch_bounds__(1024) fpair_i(unsigned f, const uint2* __restrict__ src0, float* out, BlockRec* rec) {
  const uint2* src = src0 + (threadIdx.x & f) * 16;  // f = 0: every thread the same 16 pairs, not provably uniform
  uint2 q0 = src[0], q1 = src[1], q2 = src[2], q3 = src[3], q4 = src[4], q5 = src[5], q6 = src[6], q7 = src[7];
  const uint2 p0 = src[8], p1 = src[9], p2 = src[10], p3 = src[11], p4 = src[12], p5 = src[13], p6 = src[14],
              p7 = src[15];
  imp_begin(rec);
#pragma unroll 1
  for (int i = 0; i < FP_T; ++i) {
    if (V == 5)  // (2,1): u even, b = p.x, c = p.y
      asm volatile(
          "mad.lo.u32 %0, %0, %8, %16; mad.lo.u32 %1, %1, %9, %17; mad.lo.u32 %2, %2, %10, %18;\n"
          "mad.lo.u32 %3, %3, %11, %19; mad.lo.u32 %4, %4, %12, %20; mad.lo.u32 %5, %5, %13, %21;\n"
          "mad.lo.u32 %6, %6, %14, %22; mad.lo.u32 %7, %7, %15, %23;"
          : "+r"(q0.x), "+r"(q1.x), "+r"(q2.x), "+r"(q3.x), "+r"(q4.x), "+r"(q5.x), "+r"(q6.x), "+r"(q7.x)
          : "r"(p0.x), "r"(p1.x), "r"(p2.x), "r"(p3.x), "r"(p4.x), "r"(p5.x), "r"(p6.x), "r"(p7.x), "r"(p0.y),
            "r"(p1.y), "r"(p2.y), "r"(p3.y), "r"(p4.y), "r"(p5.y), "r"(p6.y), "r"(p7.y));
    if (V == 6)  // (3,0)
      asm volatile(
          "mad.lo.u32 %0, %0, %8, %9; mad.lo.u32 %1, %1, %9, %10; mad.lo.u32 %2, %2, %10, %11;\n"
          "mad.lo.u32 %3, %3, %11, %12; mad.lo.u32 %4, %4, %12, %13; mad.lo.u32 %5, %5, %13, %14;\n"
          "mad.lo.u32 %6, %6, %14, %15; mad.lo.u32 %7, %7, %15, %8;"
          : "+r"(q0.x), "+r"(q1.x), "+r"(q2.x), "+r"(q3.x), "+r"(q4.x), "+r"(q5.x), "+r"(q6.x), "+r"(q7.x)
          : "r"(p0.x), "r"(p1.x), "r"(p2.x), "r"(p3.x), "r"(p4.x), "r"(p5.x), "r"(p6.x), "r"(p7.x));
    if (V == 8)  // iimm (1,1): u even, b = p.y, c an immediate (round 36, mech_fpair2)
      asm volatile(
          "mad.lo.u32 %0, %0, %8, 5; mad.lo.u32 %1, %1, %9, 5; mad.lo.u32 %2, %2, %10, 5;\n"
          "mad.lo.u32 %3, %3, %11, 5; mad.lo.u32 %4, %4, %12, 5; mad.lo.u32 %5, %5, %13, 5;\n"
          "mad.lo.u32 %6, %6, %14, 5; mad.lo.u32 %7, %7, %15, 5;"
          : "+r"(q0.x), "+r"(q1.x), "+r"(q2.x), "+r"(q3.x), "+r"(q4.x), "+r"(q5.x), "+r"(q6.x), "+r"(q7.x)
          : "r"(p0.y), "r"(p1.y), "r"(p2.y), "r"(p3.y), "r"(p4.y), "r"(p5.y), "r"(p6.y), "r"(p7.y));
    if (V == 9)  // ialt: (2,1) and (1,2) in turn (round 36, mech_fpair2)
      asm volatile(
          "mad.lo.u32 %0, %0, %8, %16; mad.lo.u32 %1, %1, %17, %9; mad.lo.u32 %2, %2, %10, %18;\n"
          "mad.lo.u32 %3, %3, %19, %11; mad.lo.u32 %4, %4, %12, %20; mad.lo.u32 %5, %5, %21, %13;\n"
          "mad.lo.u32 %6, %6, %14, %22; mad.lo.u32 %7, %7, %23, %15;"
          : "+r"(q0.x), "+r"(q0.y), "+r"(q1.x), "+r"(q1.y), "+r"(q2.x), "+r"(q2.y), "+r"(q3.x), "+r"(q3.y)
          : "r"(p0.x), "r"(p1.x), "r"(p2.x), "r"(p3.x), "r"(p4.x), "r"(p5.x), "r"(p6.x), "r"(p7.x), "r"(p0.y),
            "r"(p1.y), "r"(p2.y), "r"(p3.y), "r"(p4.y), "r"(p5.y), "r"(p6.y), "r"(p7.y));
    if (V == 7)  // (3,0) and (0,3) in turn
      asm volatile(
          "mad.lo.u32 %0, %0, %8, %9; mad.lo.u32 %1, %1, %17, %18; mad.lo.u32 %2, %2, %10, %11;\n"
          "mad.lo.u32 %3, %3, %19, %20; mad.lo.u32 %4, %4, %12, %13; mad.lo.u32 %5, %5, %21, %22;\n"
          "mad.lo.u32 %6, %6, %14, %15; mad.lo.u32 %7, %7, %23, %16;"
          : "+r"(q0.x), "+r"(q0.y), "+r"(q1.x), "+r"(q1.y), "+r"(q2.x), "+r"(q2.y), "+r"(q3.x), "+r"(q3.y)
          : "r"(p0.x), "r"(p1.x), "r"(p2.x), "r"(p3.x), "r"(p4.x), "r"(p5.x), "r"(p6.x), "r"(p7.x), "r"(p0.y),
            "r"(p1.y), "r"(p2.y), "r"(p3.y), "r"(p4.y), "r"(p5.y), "r"(p6.y), "r"(p7.y));
  }
  const unsigned x = q0.x ^ q0.y ^ q1.x ^ q1.y ^ q2.x ^ q2.y ^ q3.x ^ q3.y ^ q4.x ^ q4.y ^ q5.x ^ q5.y ^ q6.x ^ q6.y ^
                     q7.x ^ q7.y ^ p0.x ^ p0.y ^ p1.x ^ p1.y ^ p2.x ^ p2.y ^ p3.x ^ p3.y ^ p4.x ^ p4.y ^ p5.x ^ p5.y ^
                     p6.x ^ p6.y ^ p7.x ^ p7.y;
  if (x == 0x12345u) out[imp_gtid()] = (float)x;  // never true: keeps the chains
  imp_end(rec);
}

// fmix<V> (round 36, mech_fpair2): do an IMAD (the 16-lane FMA-heavy pipe) and an FFMA share a unit? ptxas
// spaces IMAD -> FADD and VIADD -> FFMA 2 cycles (S02) but FFMA -> IMAD 1. 8 instructions a trip, every one
// reading each bank once (even accumulator, odd source, an immediate), no dependence within the trip:
// V 10 IMAD and FFMA in turn (4 each), V 11 the 4 IMADs then the 4 FFMAs. If an FFMA needs the heavy half
// the IMAD holds, an IMAD and an FFMA take 3 cycles of a scheduler's FMA side, else 2 (the IMAD's).
template <int V>
__global__ void __launch_bounds__(1024) fmix(unsigned f, const uint2* __restrict__ src0, float* out, BlockRec* rec) {
  const uint2* src = src0 + (threadIdx.x & f) * 16;  // f = 0: every thread the same 16 pairs, not provably uniform
  uint2 u0 = src[0], u1 = src[1], u2 = src[2], u3 = src[3];
  const uint2 p0 = src[8], p1 = src[9], p2 = src[10], p3 = src[11];
  float2 q0 = ((const float2*)src)[4], q1 = ((const float2*)src)[5], q2 = ((const float2*)src)[6], q3 = ((const float2*)src)[7];
  const float2 r0 = ((const float2*)src)[12], r1 = ((const float2*)src)[13], r2 = ((const float2*)src)[14],
               r3 = ((const float2*)src)[15];
  imp_begin(rec);
#pragma unroll 1
  for (int i = 0; i < FP_T; ++i) {
    if (V == 10)  // IMAD, FFMA in turn
      imad_ffma_turn(u0.x, u1.x, u2.x, u3.x, q0.x, q1.x, q2.x, q3.x, p0.y, p1.y, p2.y, p3.y, r0.y, r1.y, r2.y, r3.y);
    if (V == 11)  // 4 IMADs, then 4 FFMAs
      asm volatile(
          "mad.lo.u32 %0, %0, %8, 5; mad.lo.u32 %1, %1, %9, 5; mad.lo.u32 %2, %2, %10, 5; mad.lo.u32 %3, %3, %11, 5;\n"
          "fma.rn.f32 %4, %4, %12, 0f3A800000; fma.rn.f32 %5, %5, %13, 0f3A800000; fma.rn.f32 %6, %6, %14, 0f3A800000;\n"
          "fma.rn.f32 %7, %7, %15, 0f3A800000;"
          : "+r"(u0.x), "+r"(u1.x), "+r"(u2.x), "+r"(u3.x), "+f"(q0.x), "+f"(q1.x), "+f"(q2.x), "+f"(q3.x)
          : "r"(p0.y), "r"(p1.y), "r"(p2.y), "r"(p3.y), "f"(r0.y), "f"(r1.y), "f"(r2.y), "f"(r3.y));
  }
  const unsigned x = u0.x ^ u0.y ^ u1.x ^ u1.y ^ u2.x ^ u2.y ^ u3.x ^ u3.y ^ p0.x ^ p0.y ^ p1.x ^ p1.y ^ p2.x ^ p2.y ^
                     p3.x ^ p3.y;
  const float s = q0.x + q0.y + q1.x + q1.y + q2.x + q2.y + q3.x + q3.y + r0.x + r0.y + r1.x + r1.y + r2.x + r2.y +
                  r3.x + r3.y;
  if (x == 0x12345u || s == 1234.5f) out[imp_gtid()] = s + (float)x;  // never true: keeps the chains
  imp_end(rec);
}

template <int V>
static void run_fmix(Ctx& c, int W) {
  const LaunchCfg L = cfg_W(c.sms, W);
  const Meas m = measure(c, fmix<V>, L, 0u, (const uint2*)c.d_out, (float*)c.d_out, c.d_rec);
  imp_row(c, "mech_fpair2", (const void*)fmix<V>, V == 10 ? "mix" : "mix4", 1, W, L.bps, L.tpb, FP_T,
          "v=" + std::to_string(V) + ";k=8", m);
}

template <int V>
static void run_fpair(Ctx& c, int W) {
  const LaunchCfg L = cfg_W(c.sms, W);
  // the sources: the first 16 float2 (uint2) of the output buffer, the same for every thread, whatever earlier
  // kernels left there (FFMA's and IMAD's time does not depend on the values, and ptxas cannot know them)
  Meas m;
  const void* fn;
  if constexpr (V < 5) {
    m = measure(c, fpair<V>, L, 0u, (const float2*)c.d_out, (float*)c.d_out, c.d_rec);
    fn = (const void*)fpair<V>;
  } else {
    m = measure(c, fpair_i<V>, L, 0u, (const uint2*)c.d_out, (float*)c.d_out, c.d_rec);
    fn = (const void*)fpair_i<V>;
  }
  static const char* const name[10] = {"imm", "same", "alt", "three", "alt3", "isame", "ithree", "ialt3", "iimm", "ialt"};
  imp_row(c, V >= 8 ? "mech_fpair2" : "mech_fpair", fn, name[V], 1, W, L.bps, L.tpb, FP_T, "v=" + std::to_string(V) + ";k=8", m);
}

// mech_fpair2 (round 36): fpair_i's IMADs reading each bank once (iimm) and alternating (2,1)/(1,2) (ialt), beside
// isame and ialt3 again, at 1, 4, 8, 12, 16, 32 warps (12: 3 a scheduler).
void group_mech_fpair2(Ctx& c) {
  for (int W : {1, 4, 8, 12, 16, 32}) {
    run_fpair<8>(c, W);
    run_fpair<9>(c, W);
    run_fpair<5>(c, W);
    run_fpair<7>(c, W);
    run_fmix<10>(c, W);
    run_fmix<11>(c, W);
    run_fpair<0>(c, W);
  }
}

void group_mech_fpair(Ctx& c) {
  for (int W : {1, 4, 8, 16, 32}) {
    run_fpair<0>(c, W);
    run_fpair<1>(c, W);
    run_fpair<2>(c, W);
    run_fpair<3>(c, W);
    run_fpair<4>(c, W);
    run_fpair<5>(c, W);
    run_fpair<6>(c, W);
    run_fpair<7>(c, W);
  }
}

// mech_ordst (round 37): the issue order at 1-8 warps a scheduler. Compiled FFMA loops run at the issue
// slots' rate from about 8 warps a scheduler, but between 2 and 6 they miss in smsim by up to 20% either way
// (tloop tl_f4 at 20-32 warps 17-20% fast, tl_f8 at 12-20 warps 14% fast; mech_fpair2's IMAD and FFMA in turn
// 10-19% fast at 8-16 warps), and no policy smsim has fits every one (gty fits tl_f4 within 3% at 20-64 warps
// but puts tl_f16 58% off). ord_stamp<V>: every warp stamps the start of each trip of a loop of OST_T trips,
// lane l trips OST_S0 + l and OST_S0 + 32 + l (one predicated clock read a trip, the stamps kept in a register,
// the loop split at OST_S0 + 32 to copy it, as st_stamp does: store.cu). The trip: the clock read, then V 0
// f4: 4 independent FFMA chains a_i = a_i b + c (tloop tl_f4's body, b and c one register each); 1 f8: 8 such
// chains (tl_f8's); 2 mix: 4 IMADs and 4 FFMAs in turn, each reading each bank once (mech_fpair2 fmix<10>).
// The stamps say, for each scheduler's warps (warp % 4) and trip, in which order they pass the loop's head
// and how far apart: round robin passes them in one order every trip, a greedy policy lets one run ahead.
// ordst_raw.csv: every stamp of blocks 0-3 of the last timed launch (variant, W, block, smid, warp, trip, t);
// the log: each configuration's trip time p10/p50/p90 over every SM's warps.
#define OST_T 256
#define OST_S0 64  // stamped trips 64..127
#define OST_WPB 32

template <int V>
__global__ void __launch_bounds__(1024) ord_stamp(unsigned f, const uint2* __restrict__ src0, float* out, unsigned* st, BlockRec* rec) {
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const uint2* src = src0 + (threadIdx.x & f) * 16;  // f = 0: every thread the same 16 pairs, not provably uniform
  uint2 u0 = src[0], u1 = src[1], u2 = src[2], u3 = src[3];
  const uint2 p0 = src[8], p1 = src[9], p2 = src[10], p3 = src[11];
  float a0 = 1.f + threadIdx.x * 1e-3f, a1 = a0 + 0.1f, a2 = a0 + 0.2f, a3 = a0 + 0.3f, a4 = a0 + 0.4f, a5 = a0 + 0.5f,
        a6 = a0 + 0.6f, a7 = a0 + 0.7f;
  const float b = __uint_as_float(0x3f800000u + ((threadIdx.x ^ f) & 0xffu)), c = __uint_as_float(0x3a800000u + (f & 0xffu));
  const float2 r0 = ((const float2*)src)[12], r1 = ((const float2*)src)[13], r2 = ((const float2*)src)[14],
               r3 = ((const float2*)src)[15];
  unsigned r = 0, q;
  const int j0 = OST_S0 + lane;
  // h: is the next trip the lane's? Worked out a trip ahead, so its compare's latency (13 cycles to a
  // predicated CS2R) falls in the previous trip's tail, not in front of the clock read
  bool h = ((unsigned)(0 - j0) & ~32u) == 0u;
  auto trip = [&](int s) {
    imp_clock_if(r, h);  // the trip's start, in the lane whose trip it is
    h = ((unsigned)(s + 1 - j0) & ~32u) == 0u;
    if (V == 0)
      asm volatile("fma.rn.f32 %0, %0, %4, %5; fma.rn.f32 %1, %1, %4, %5; fma.rn.f32 %2, %2, %4, %5;\n"
                   "fma.rn.f32 %3, %3, %4, %5;"
                   : "+f"(a0), "+f"(a1), "+f"(a2), "+f"(a3)
                   : "f"(b), "f"(c));
    if (V == 1)  // fbank<0>'s trip (tl_f8's body), written out as there: shared through a function, fbank<4>'s SASS changed
      asm volatile(
          "fma.rn.f32 %0, %0, %8, %9; fma.rn.f32 %1, %1, %8, %9; fma.rn.f32 %2, %2, %8, %9;\n"
          "fma.rn.f32 %3, %3, %8, %9; fma.rn.f32 %4, %4, %8, %9; fma.rn.f32 %5, %5, %8, %9;\n"
          "fma.rn.f32 %6, %6, %8, %9; fma.rn.f32 %7, %7, %8, %9;"
          : "+f"(a0), "+f"(a1), "+f"(a2), "+f"(a3), "+f"(a4), "+f"(a5), "+f"(a6), "+f"(a7)
          : "f"(b), "f"(c));
    if (V == 2)  // fmix<10>'s trip
      imad_ffma_turn(u0.x, u1.x, u2.x, u3.x, a0, a1, a2, a3, p0.y, p1.y, p2.y, p3.y, r0.y, r1.y, r2.y, r3.y);
  };
  imp_begin(rec);
  int s = 0;
#pragma unroll 1
  for (; s < OST_S0 + 32; ++s) trip(s);
  q = r;
#pragma unroll 1
  for (; s < OST_T; ++s) trip(s);
  const unsigned x = u0.x ^ u1.x ^ u2.x ^ u3.x;
  const float t = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7;
  if (x == 0x12345u || t == 1234.5f) out[imp_gtid()] = t + (float)x;  // never true: keeps the chains
  imp_end(rec);
  unsigned* dst = st + (size_t)blockIdx.x * 2 * 32 * OST_WPB;
  dst[lane * OST_WPB + warp] = q;         // trip OST_S0 + lane
  dst[(32 + lane) * OST_WPB + warp] = r;  // trip OST_S0 + 32 + lane
}

// A launch's stamps (ord_stamp's layout: a block's 2 x 32 trips by OST_WPB warps) into h and its blocks'
// records (their SMs) into rec; ost_rows writes blocks 0-3's as ordst_raw.csv rows (variant, W, block, smid,
// warp, trip, t), the first stamped trip trip0 (mech_ordst, mech_ordst2).
static void ost_fetch(const Ctx& c, const unsigned* d_st, const LaunchCfg& L, std::vector<unsigned>& h,
                      std::vector<BlockRec>& rec) {
  h.resize((size_t)L.grid * 2 * 32 * OST_WPB);
  CK(cudaMemcpy(h.data(), d_st, h.size() * sizeof(unsigned), cudaMemcpyDeviceToHost));
  rec.resize(L.grid);
  CK(cudaMemcpy(rec.data(), c.d_rec, L.grid * sizeof(BlockRec), cudaMemcpyDeviceToHost));
}

static void ost_rows(FILE* fr, const char* name, int W, const LaunchCfg& L, const std::vector<unsigned>& h,
                     const std::vector<BlockRec>& rec, int trip0) {
  for (int blk = 0; blk < std::min(L.grid, 4); ++blk)
    for (int w = 0; w < L.tpb / 32; ++w)
      for (int k = 0; k < 64; ++k)
        fprintf(fr, "%s,%d,%d,%u,%d,%d,%u\n", name, W, blk, rec[blk].smid, w, trip0 + k,
                h[(size_t)blk * 2 * 32 * OST_WPB + k * OST_WPB + w]);
  fflush(fr);
}

template <int V>
static void run_ordst(Ctx& c, FILE* fr, unsigned* d_st, int W) {
  const LaunchCfg L = cfg_W(c.sms, W);
  const Meas m = measure(c, ord_stamp<V>, L, 0u, (const uint2*)c.d_out, (float*)c.d_out, d_st, c.d_rec);
  static const char* const name[3] = {"f4", "f8", "mix"};
  imp_row(c, "mech_ordst", (const void*)ord_stamp<V>, name[V], 1, W, L.bps, L.tpb, OST_T, "v=" + std::to_string(V), m);
  std::vector<unsigned> h;
  std::vector<BlockRec> rec;  // the blocks' SMs: the harness's records hold them for every block of the last launch
  ost_fetch(c, d_st, L, h, rec);
  const int wpb = L.tpb / 32;
  std::vector<unsigned> tt;  // trip times, every SM's warps
  for (int blk = 0; blk < L.grid; ++blk)
    for (int w = 0; w < wpb; ++w)
      for (int k = 0; k + 1 < 64; ++k) {
        const unsigned* b = h.data() + (size_t)blk * 2 * 32 * OST_WPB;
        tt.push_back(b[(k + 1) * OST_WPB + w] - b[k * OST_WPB + w]);
      }
  ost_rows(fr, name[V], W, L, h, rec, OST_S0);
  fprintf(stderr, "imp: mech_ordst %s W=%d trip p10/p50/p90 %s\n", name[V], W, lat_q(tt).c_str());
}

void group_mech_ordst(Ctx& c) {
  unsigned* d_st = nullptr;
  CK(cudaMalloc(&d_st, (size_t)c.sms * 2 * 2 * 32 * OST_WPB * sizeof(unsigned)));  // up to 2 blocks an SM
  FILE* fr = imp_side_file("ordst_raw.csv");
  fprintf(fr, "variant,W,block,smid,warp,trip,t\n");
  for (int W : {1, 4, 8, 12, 16, 20, 24, 32}) {
    run_ordst<0>(c, fr, d_st, W);
    run_ordst<1>(c, fr, d_st, W);
    run_ordst<2>(c, fr, d_st, W);
  }
  fclose(fr);
  CK(cudaFree(d_st));
}

// mech_ordst2 (round 42): who issues first from the start. mech_ordst (H100, round 39) showed the young warps of
// a scheduler running ahead and the old ones lagging by thousands of cycles, gty's kind of order; but smsim's gty
// starves a scheduler's oldest warp outright where two younger ones can fill its issue slots (tloop's tl_f16 at
// 12 warps: warp 0 issues its first clock read after 164K cycles; the H200's span says warp 0 ran from the start).
// ord_stamp2<V>: ord_stamp's harness with the stamps from trip 0 (lane l stamps trips l and 32 + l of 128), the
// trip V 0: 16 independent FFMA chains (tloop tl_f16's body), V 1: 4 (tl_f4's). The raw stamps say how fast the
// oldest warp of each scheduler moves while younger ones run, from the first trip on.
#define OS2_T 128
template <int V>
__global__ void __launch_bounds__(1024) ord_stamp2(unsigned f, float* out, unsigned* st, BlockRec* rec) {
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  float a[16];
#pragma unroll
  for (int i = 0; i < 16; ++i) a[i] = 1.f + threadIdx.x * 1e-3f + 0.1f * i;
  const float b = __uint_as_float(0x3f800000u + ((threadIdx.x ^ f) & 0xffu)), c = __uint_as_float(0x3a800000u + (f & 0xffu));
  unsigned r = 0, q;
  bool h = lane == 0;  // is the next trip the lane's (trips l and 32 + l)? worked out a trip ahead, as ord_stamp's
  auto trip = [&](int s) {
    imp_clock_if(r, h);
    h = ((unsigned)(s + 1 - lane) & ~32u) == 0u;
#pragma unroll
    for (int i = 0; i < (V == 0 ? 16 : 4); ++i) asm volatile("fma.rn.f32 %0, %0, %1, %2;" : "+f"(a[i]) : "f"(b), "f"(c));
  };
  imp_begin(rec);
  int s = 0;
#pragma unroll 1
  for (; s < 32; ++s) trip(s);
  q = r;
#pragma unroll 1
  for (; s < OS2_T; ++s) trip(s);
  float t = 0.f;
#pragma unroll
  for (int i = 0; i < 16; ++i) t += a[i];
  if (t == 1234.5f) out[imp_gtid()] = t;  // never true: keeps the chains
  imp_end(rec);
  unsigned* dst = st + (size_t)blockIdx.x * 2 * 32 * OST_WPB;
  dst[lane * OST_WPB + warp] = q;         // trip lane
  dst[(32 + lane) * OST_WPB + warp] = r;  // trip 32 + lane
}

template <int V>
static void run_ordst2(Ctx& c, FILE* fr, unsigned* d_st, int W) {
  const LaunchCfg L = cfg_W(c.sms, W);
  const Meas m = measure(c, ord_stamp2<V>, L, 0u, (float*)c.d_out, d_st, c.d_rec);
  static const char* const name[2] = {"f16", "f4"};
  imp_row(c, "mech_ordst2", (const void*)ord_stamp2<V>, name[V], 1, W, L.bps, L.tpb, OS2_T, "v=" + std::to_string(V), m);
  std::vector<unsigned> h;
  std::vector<BlockRec> rec;
  ost_fetch(c, d_st, L, h, rec);
  ost_rows(fr, name[V], W, L, h, rec, 0);
}

void group_mech_ordst2(Ctx& c) {
  unsigned* d_st = nullptr;
  CK(cudaMalloc(&d_st, (size_t)c.sms * 2 * 2 * 32 * OST_WPB * sizeof(unsigned)));
  FILE* fr = imp_side_file("ordst2_raw.csv");
  fprintf(fr, "variant,W,block,smid,warp,trip,t\n");
  for (int W : {1, 4, 8, 12, 16, 20, 24, 32}) {
    run_ordst2<0>(c, fr, d_st, W);
    run_ordst2<1>(c, fr, d_st, W);
  }
  fclose(fr);
  CK(cudaFree(d_st));
}

// mech_cs2r (round 42): does a clock read (CS2R.32 R, SR_CLOCKLO) take the 16-lane ALU pipe? smsim has it there;
// on its own pipe smsim's gty would let a block's warp 0 read its clock after the start barrier at once (as the
// H100's mech_ordst2 did) and every set moves (2.404 -> 2.351% under bgrr). cs2r_tput<V>: a trip of 8 clock
// reads, each into an FFMA (the FMA pipe), V 0; the same and 8 LOP3s on other registers (the ALU), V 1; the
// FFMAs and LOP3s alone (the FFMAs read a register), V 2; 64 trips at 8-64 warps. With the clock on the ALU, V 1
// at 32 warps is bound by the ALU's 2 cycles a warp instruction (~17 reads and LOP3s a warp a trip: ~34 cycles
// a warp's trip a scheduler); off it, by issue (~28).
#define CT_T 64
template <int V>
__global__ void __launch_bounds__(1024) cs2r_tput(unsigned f, float* out, BlockRec* rec) {
  float a[8];
  unsigned u[8];
#pragma unroll
  for (int i = 0; i < 8; ++i) a[i] = 1.f + threadIdx.x * 1e-3f + 0.1f * i, u[i] = threadIdx.x * 7u + i;
  const unsigned k1 = f + 0x1234u, k2 = f ^ 0x9876u;
  imp_begin(rec);
#pragma unroll 1
  for (int t = 0; t < CT_T; ++t) {
#pragma unroll
    for (int i = 0; i < 8; ++i) {
      unsigned c;
      if (V != 2)
        asm volatile("mov.u32 %0, %%clock;" : "=r"(c));
      else
        c = u[(i + 1) & 7];
      asm volatile("fma.rn.f32 %0, %1, 0f33800000, %0;" : "+f"(a[i]) : "f"(__uint_as_float(c)));
      if (V != 0) asm volatile("lop3.b32 %0, %0, %1, %2, 0x96;" : "+r"(u[i]) : "r"(k1), "r"(k2));
    }
  }
  float t = 0.f;
  unsigned x = 0;
#pragma unroll
  for (int i = 0; i < 8; ++i) t += a[i], x ^= u[i];
  if (t == 1234.5f || x == 0x12345u) out[imp_gtid()] = t + (float)x;  // never true
  imp_end(rec);
}

template <int V>
static void run_cs2r(Ctx& c, int W) {
  const LaunchCfg L = cfg_W(c.sms, W);
  const Meas m = measure(c, cs2r_tput<V>, L, 0u, (float*)c.d_out, c.d_rec);
  static const char* const name[3] = {"clk", "clk_alu", "alu"};
  imp_row(c, "mech_cs2r", (const void*)cs2r_tput<V>, name[V], 1, W, L.bps, L.tpb, CT_T, "v=" + std::to_string(V), m);
}

void group_mech_cs2r(Ctx& c) {
  for (int W : {1, 8, 16, 32, 64}) {
    run_cs2r<0>(c, W);
    run_cs2r<1>(c, W);
    run_cs2r<2>(c, W);
  }
}

// mech_ordst3 (round 42, for the next round): a block's start under the issue order. mech_ordst2 found gty's
// order in the loop (a scheduler's oldest warp can wait for the young ones' whole loop), but the H100's warp 0
// reads its clock after the start barrier at once, where smsim's gty lets the young warps' post-barrier
// instructions (issued before the release: BAR.SYNC.DEFER_BLOCKING) and then their loops go first. ord_start<V>:
// every warp reads the clock right after the start barrier (t0), again right before its loop (t1, after V 0:
// nothing, V 1: 16 independent LOP3s) and after its 64-trip loop of 16 FFMA chains (t2); lane 0 stores them.
template <int V>
__global__ void __launch_bounds__(1024) ord_start(unsigned f, float* out, unsigned* st, BlockRec* rec) {
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  float a[16];
#pragma unroll
  for (int i = 0; i < 16; ++i) a[i] = 1.f + threadIdx.x * 1e-3f + 0.1f * i;
  unsigned u[16];
#pragma unroll
  for (int i = 0; i < 16; ++i) u[i] = threadIdx.x * 3u + i;
  const float b = __uint_as_float(0x3f800000u + ((threadIdx.x ^ f) & 0xffu)), c = __uint_as_float(0x3a800000u + (f & 0xffu));
  const unsigned k1 = f + 0x1234u, k2 = f ^ 0x9876u;
  unsigned t0, t1, t2;
  imp_begin(rec);
  asm volatile("mov.u32 %0, %%clock;" : "=r"(t0));
  if (V == 1) {
#pragma unroll
    for (int i = 0; i < 16; ++i) asm volatile("lop3.b32 %0, %0, %1, %2, 0x96;" : "+r"(u[i]) : "r"(k1), "r"(k2));
  }
  asm volatile("mov.u32 %0, %%clock;" : "=r"(t1));
#pragma unroll 1
  for (int s = 0; s < 64; ++s) {
#pragma unroll
    for (int i = 0; i < 16; ++i) asm volatile("fma.rn.f32 %0, %0, %1, %2;" : "+f"(a[i]) : "f"(b), "f"(c));
  }
  asm volatile("mov.u32 %0, %%clock;" : "=r"(t2));
  float t = 0.f;
  unsigned x = 0;
#pragma unroll
  for (int i = 0; i < 16; ++i) t += a[i], x ^= u[i];
  if (t == 1234.5f || x == 0x12345u) out[imp_gtid()] = t + (float)x;  // never true
  if (lane == 0) {
    unsigned* dst = st + ((size_t)blockIdx.x * 32 + warp) * 3;
    dst[0] = t0, dst[1] = t1, dst[2] = t2;
  }
  imp_end(rec);
}

template <int V>
static void run_ordst3(Ctx& c, FILE* fr, unsigned* d_st, int W) {
  const LaunchCfg L = cfg_W(c.sms, W);
  const Meas m = measure(c, ord_start<V>, L, 0u, (float*)c.d_out, d_st, c.d_rec);
  static const char* const name[2] = {"f16", "alu16"};
  imp_row(c, "mech_ordst3", (const void*)ord_start<V>, name[V], 1, W, L.bps, L.tpb, 64, "v=" + std::to_string(V), m);
  std::vector<unsigned> h((size_t)L.grid * 32 * 3);
  CK(cudaMemcpy(h.data(), d_st, h.size() * sizeof(unsigned), cudaMemcpyDeviceToHost));
  std::vector<BlockRec> rec(L.grid);
  CK(cudaMemcpy(rec.data(), c.d_rec, L.grid * sizeof(BlockRec), cudaMemcpyDeviceToHost));
  const int wpb = L.tpb / 32;
  for (int blk = 0; blk < std::min(L.grid, 4); ++blk)
    for (int w = 0; w < wpb; ++w) {
      const unsigned* x = h.data() + ((size_t)blk * 32 + w) * 3;
      fprintf(fr, "%s,%d,%d,%u,%d,%u,%u,%u,%u\n", name[V], W, blk, rec[blk].smid, w, (unsigned)rec[blk].c0, x[0], x[1], x[2]);
    }
  fflush(fr);
}

void group_mech_ordst3(Ctx& c) {
  unsigned* d_st = nullptr;
  CK(cudaMalloc(&d_st, (size_t)c.sms * 2 * 32 * 3 * sizeof(unsigned)));
  FILE* fr = imp_side_file("ordst3_raw.csv");
  fprintf(fr, "variant,W,block,smid,warp,c0,t0,t1,t2\n");
  for (int W : {4, 8, 12, 16, 24, 32}) {
    run_ordst3<0>(c, fr, d_st, W);
    run_ordst3<1>(c, fr, d_st, W);
  }
  fclose(fr);
  CK(cudaFree(d_st));
}

// mech_chold (round 43): does a warp waiting for its register banks hold its scheduler's issue slot? A loop
// trip's first FFMA finds the .reuse cache empty (the trip's last FFMA keeps nothing): FFMA a = b * a + c reads
// all three, two of them from one bank (smsim's banks: register number mod 2), 2 cycles; an FFMA right after
// that reads the same bank waits a cycle for it. smsim lets another warp issue in that cycle, and then go on
// (bgrr, gty: the warp that issued last goes first): with two warps a scheduler the other warp's back-edge
// branch, waiting for its ISETP, goes there, and the two warps' branch bubbles stay apart. The H200's tight
// FFMA loops at 2 warps a scheduler are 5-15% slower than that (tests/data/h200/tloop tl_f16 at 8 warps: 47
// cycles a pair of trips, smsim 40), as if the pair ran in phase; holding the slot (a what-if build) gives 48.5,
// and tl_f4's 8-warp cycles and Nsight Compute's issue-slot use within 0.3 points. chold<R, IMM>: 256 trips
// of 8 FFMA chains a_i = b * a_i + c (IMM 0) or + 2^-10 (IMM 1), the chains in the order R, R+1, ... mod 8. In
// this compile (sass_local.txt): <7, 0> wait: the first FFMA reads bank 1 twice and the second reads bank 1;
// <6, 0> conf: the first reads bank 0 twice, the second bank 1 (no wait); <0, 1> clean: no conflict. ptxas
// puts the counter's compare 5 FFMAs before the branch, so the branch waits for it. Written from a search over
// chain counts and orders (the allocation is ptxas's).
template <int R, int IMM>
__global__ void __launch_bounds__(1024) chold(unsigned f, float* out, BlockRec* rec) {
  float a[8];
#pragma unroll
  for (int i = 0; i < 8; ++i) a[i] = 1.f + threadIdx.x * 1e-3f + 0.1f * i;
  const float b = __uint_as_float(0x3f800000u + ((threadIdx.x ^ f) & 0xffu)),
              c = __uint_as_float(0x3a800000u + ((threadIdx.x + f) & 0xffu));
  imp_begin(rec);
#pragma unroll 1
  for (int s = 0; s < 256; ++s) {
#pragma unroll
    for (int k = 0; k < 8; ++k) {
      if (IMM) asm volatile("fma.rn.f32 %0, %1, %0, 0f3A800000;" : "+f"(a[(k + R) % 8]) : "f"(b));
      else asm volatile("fma.rn.f32 %0, %1, %0, %2;" : "+f"(a[(k + R) % 8]) : "f"(b), "f"(c));
    }
  }
  float t = 0.f;
#pragma unroll
  for (int i = 0; i < 8; ++i) t += a[i];
  if (t == 1234.5f) out[imp_gtid()] = t;  // never true
  imp_end(rec);
}

template <int R, int IMM>
static void run_chold(Ctx& c, const char* group, const char* name, int W) {
  const LaunchCfg L = cfg_W(c.sms, W);
  const Meas m = measure(c, chold<R, IMM>, L, 0u, (float*)c.d_out, c.d_rec);
  imp_row(c, group, (const void*)chold<R, IMM>, name, 1, W, L.bps, L.tpb, 256,
          "r=" + std::to_string(R) + ";imm=" + std::to_string(IMM), m);
}

void group_mech_chold(Ctx& c) {
  for (int W : {4, 8, 12, 16, 24, 32, 48, 64}) {
    run_chold<7, 0>(c, "mech_chold", "wait", W);
    run_chold<6, 0>(c, "mech_chold", "conf", W);
    run_chold<0, 1>(c, "mech_chold", "clean", W);
  }
}

// mech_chold2 (round 43, after mech_chold's H100 run: a bank conflict cost the scheduler about one issue slot a
// trip whatever the next FFMA read, and Nsight Compute counted dispatch stalls only with it; but there the
// conflicting FFMA -- the only one reading three registers -- was also the trip's first, after the taken back
// edge): is the cost the conflict, wherever it is, or a three-register read right after the branch? chold3<P>:
// 256 trips of 8 FFMA chains b * a_i + 2^-10 (two registers, b reused) but for the one at position P, b2 * a_i + c
// (three registers, none reused: two of them in one bank whatever ptxas allocates); P 0 first3 (right after the
// branch), P 4 mid3 (in the middle; the trip's first FFMA reads b and an a_i of the other bank), each run beside
// mech_chold's clean (no three-register read).
template <int P>
__global__ void __launch_bounds__(1024) chold3(unsigned f, float* out, BlockRec* rec) {
  float a[8];
#pragma unroll
  for (int i = 0; i < 8; ++i) a[i] = 1.f + threadIdx.x * 1e-3f + 0.1f * i;
  const float b = __uint_as_float(0x3f800000u + ((threadIdx.x ^ f) & 0xffu)),
              b2 = __uint_as_float(0x3f800100u + ((threadIdx.x ^ f) & 0xffu)),
              c = __uint_as_float(0x3a800000u + ((threadIdx.x + f) & 0xffu));
  imp_begin(rec);
#pragma unroll 1
  for (int s = 0; s < 256; ++s) {
#pragma unroll
    for (int k = 0; k < 8; ++k) {
      if (k == P) asm volatile("fma.rn.f32 %0, %1, %0, %2;" : "+f"(a[k]) : "f"(b2), "f"(c));
      else asm volatile("fma.rn.f32 %0, %1, %0, 0f3A800000;" : "+f"(a[k]) : "f"(b));
    }
  }
  float t = 0.f;
#pragma unroll
  for (int i = 0; i < 8; ++i) t += a[i];
  if (t == 1234.5f) out[imp_gtid()] = t;  // never true
  imp_end(rec);
}

template <int P>
static void run_chold3(Ctx& c, const char* name, int W) {
  const LaunchCfg L = cfg_W(c.sms, W);
  const Meas m = measure(c, chold3<P>, L, 0u, (float*)c.d_out, c.d_rec);
  imp_row(c, "mech_chold2", (const void*)chold3<P>, name, 1, W, L.bps, L.tpb, 256, "p=" + std::to_string(P), m);
}

void group_mech_chold2(Ctx& c) {
  for (int W : {4, 8, 12, 16, 24, 32, 48, 64}) {
    run_chold3<0>(c, "first3", W);
    run_chold3<4>(c, "mid3", W);
    run_chold<0, 1>(c, "mech_chold2", "clean", W);
  }
}

// mech_clag (round 44): after an FFMA reads one register bank twice, what do the next FFMAs that read that bank once
// cost a lone warp? smsim (committed, OLD): the first such FFMA collects a cycle late and holds the FMA pipe a
// cycle more, so one cycle a trip for any K >= 1 such followers; the what-if (NEW, SMSIM_LAG=1): the pipe is not
// held and an instruction reading each bank at most once may collect a cycle late unless the scheduler's previous
// instruction did, so K = 1 costs nothing and K = 2, 3 one cycle. chold3 (K = 1) and tloop tl_f4 cost the H200
// nothing, mech_offalu ffma_on (K = 2) one cycle. clag<V>: 256 trips of 8 FFMA chains a_k = b * a_k + 2^-10 in
// the order a0..a7, but a3 = b * a3 + c (b from the .reuse cache: a3 and c read, both bank 1, 2 cycles), then
// K = V of a4..a6 in bank 1 (one read each) and the rest in bank 0. The banks are pinned: each a_k (and c) is one
// half of its own 64-bit register pair (the other half a dummy carried through the loop), lo = even = bank 0, hi =
// odd = bank 1; ptxas keeps the pairs and the source order, so the four variants have the same code but for
// register numbers (sass_local.txt in tests/data/h200/mech/clag). b is ptxas's (odd): the trip's first FFMA reads
// it with a0 (bank 0), the only other read of the trip. Timed on an H100 (round 44, tests/data/h100/mech/clag):
// k0 = k1 = k2 = k3 at every W, neither rule; the model now holds the FMA pipe only its issue interval
// (timing.regfile_fma_free).
#define CLAG_LO(k) "{a" #k ", z" #k "}"
#define CLAG_HI(k) "{z" #k ", a" #k "}"
#define CLAG_F(k) "fma.rn.f32 a" #k ", %9, a" #k ", 0f3A800000;\n"
#define CLAG_ASM(P4, P5, P6)                                                                                    \
  asm volatile("{.reg .f32 a0, z0, a1, z1, a2, z2, a3, z3, a4, z4, a5, z5, a6, z6, a7, z7, c, zc;\n"          \
               "mov.b64 " CLAG_LO(0) ", %0; mov.b64 " CLAG_LO(1) ", %1; mov.b64 " CLAG_LO(2) ", %2;\n"        \
               "mov.b64 " CLAG_HI(3) ", %3; mov.b64 " P4(4) ", %4; mov.b64 " P5(5) ", %5;\n"                  \
               "mov.b64 " P6(6) ", %6; mov.b64 " CLAG_LO(7) ", %7; mov.b64 {zc, c}, %8;\n"                     \
               CLAG_F(0) CLAG_F(1) CLAG_F(2) "fma.rn.f32 a3, %9, a3, c;\n" CLAG_F(4) CLAG_F(5) CLAG_F(6) CLAG_F(7) \
               "mov.b64 %0, " CLAG_LO(0) "; mov.b64 %1, " CLAG_LO(1) "; mov.b64 %2, " CLAG_LO(2) ";\n"        \
               "mov.b64 %3, " CLAG_HI(3) "; mov.b64 %4, " P4(4) "; mov.b64 %5, " P5(5) ";\n"                  \
               "mov.b64 %6, " P6(6) "; mov.b64 %7, " CLAG_LO(7) "; mov.b64 %8, {zc, c};}"                      \
               : "+l"(q[0]), "+l"(q[1]), "+l"(q[2]), "+l"(q[3]), "+l"(q[4]), "+l"(q[5]), "+l"(q[6]), "+l"(q[7]), \
                 "+l"(q[8])                                                                                     \
               : "f"(b))
template <int V>
__global__ void __launch_bounds__(1024) clag(unsigned f, float* out, BlockRec* rec) {
  const float t0 = 1.f + threadIdx.x * 1e-3f;
  unsigned long long q[9];
#pragma unroll
  for (int i = 0; i < 8; ++i) asm("mov.b64 %0, {%1, %2};" : "=l"(q[i]) : "f"(t0 + 0.1f * i), "f"(t0 - 0.1f * i));
  asm("mov.b64 %0, {%1, %2};" : "=l"(q[8]) : "f"(t0 + 0.05f), "f"(__uint_as_float(0x3a800000u + ((threadIdx.x + f) & 0xffu))));
  const float b = __uint_as_float(0x3f800000u + ((threadIdx.x ^ f) & 0xffu));
  imp_begin(rec);
#pragma unroll 1
  for (int s = 0; s < 256; ++s) {
    if (V == 0) CLAG_ASM(CLAG_LO, CLAG_LO, CLAG_LO);
    else if (V == 1) CLAG_ASM(CLAG_HI, CLAG_LO, CLAG_LO);
    else if (V == 2) CLAG_ASM(CLAG_HI, CLAG_HI, CLAG_LO);
    else CLAG_ASM(CLAG_HI, CLAG_HI, CLAG_HI);
  }
  float t = 0.f;
#pragma unroll
  for (int i = 0; i < 9; ++i) {
    float l, h;
    asm("mov.b64 {%0, %1}, %2;" : "=f"(l), "=f"(h) : "l"(q[i]));
    t += l + h;
  }
  if (t == 1234.5f) out[imp_gtid()] = t;  // never true
  imp_end(rec);
}

template <int V>
static void run_clag(Ctx& c, int W) {
  const LaunchCfg L = cfg_W(c.sms, W);
  const Meas m = measure(c, clag<V>, L, 0u, (float*)c.d_out, c.d_rec);
  imp_row(c, "mech_clag", (const void*)clag<V>, "k" + std::to_string(V), 1, W, L.bps, L.tpb, 256,
          "k=" + std::to_string(V), m);
}

void group_mech_clag(Ctx& c) {
  for (int W : {4, 8, 16, 32}) {
    run_clag<0>(c, W);
    run_clag<1>(c, W);
    run_clag<2>(c, W);
    run_clag<3>(c, W);
  }
}

// mech_wphase (round 45, after mech_ops and fma_u on an H100: op_chain_g<0, 1> at 8 warps runs on each SM in one of
// round 9's two regimes, the bank conflict hidden or paid (tests/data/h200/mech/bank/README.md), 36490 .. 42134
// cycles within one launch, the median in either by GPU). Which regime a scheduler's two warps settle in, against
// their start offset, read from every warp's clock: ph_stamp is op_chain_g<0, 1>'s loop (one dependent FFMA chain
// acc = a * acc + b, a and b loaded, 32 FFMAs a trip, PH_T trips) with each warp's clock (32-bit %clock) read right
// before and right after its loop; lane 0 writes them, with the block's SM, to wphase.csv (W, launch, block, smid,
// warp, t0, t1) for every block. Predictions: tests/data/h100/mech/wphase/predictions.txt.
#define PH_T 256
__global__ void __launch_bounds__(1024) ph_stamp(float* out, const float* ab, int n, unsigned* st, BlockRec* rec) {
  const float a = ab[0], b = ab[1];
  if (a == b) out[imp_gtid()] = -1.f;  // never true; the loads complete before the start
  float acc = (float)(threadIdx.x * 3u + 1u);
  imp_begin(rec);
  unsigned t0, t1;
  asm volatile("mov.u32 %0, %%clock;" : "=r"(t0));
#pragma unroll 1
  for (int i = 0; i < n; ++i) {
#pragma unroll
    for (int r = 0; r < 32; ++r) acc = fmaf(a, acc, b);
  }
  asm volatile("mov.u32 %0, %%clock;" : "=r"(t1));
  out[imp_gtid()] = acc;
  if ((threadIdx.x & 31) == 0) {
    st[(size_t)blockIdx.x * 64 + (threadIdx.x >> 5) * 2] = t0;
    st[(size_t)blockIdx.x * 64 + (threadIdx.x >> 5) * 2 + 1] = t1;
  }
  imp_end(rec);
}

void group_mech_wphase(Ctx& c) {
  float* d_ab = nullptr;
  unsigned* d_st = nullptr;
  const float h_ab[2] = {0.999f, 0.001f};
  CK(cudaMalloc(&d_ab, sizeof h_ab));
  CK(cudaMemcpy(d_ab, h_ab, sizeof h_ab, cudaMemcpyHostToDevice));
  CK(cudaMalloc(&d_st, (size_t)c.sms * 64 * sizeof(unsigned)));
  FILE* fr = imp_side_file("wphase.csv");
  fprintf(fr, "W,launch,block,smid,warp,t0,t1\n");
  for (int W : {4, 8, 12})
    for (int rep = 0; rep < (W == 8 ? 3 : 1); ++rep) {
      const LaunchCfg L = cfg_W(c.sms, W);
      const Meas m = measure(c, ph_stamp, L, (float*)c.d_out, d_ab, PH_T, d_st, c.d_rec);
      imp_row(c, "mech_wphase", (const void*)ph_stamp, "chain", 1, W, L.bps, L.tpb, PH_T,
              "rep=" + std::to_string(rep) + ";ops_per_thread=" + std::to_string(32 * PH_T), m);
      std::vector<unsigned> h((size_t)L.grid * 64);
      std::vector<BlockRec> rec(L.grid);
      CK(cudaMemcpy(h.data(), d_st, h.size() * sizeof(unsigned), cudaMemcpyDeviceToHost));
      CK(cudaMemcpy(rec.data(), c.d_rec, L.grid * sizeof(BlockRec), cudaMemcpyDeviceToHost));
      for (int blk = 0; blk < L.grid; ++blk)
        for (int w = 0; w < L.tpb / 32; ++w)
          fprintf(fr, "%d,%d,%d,%u,%d,%u,%u\n", W, rep, blk, rec[blk].smid, w, h[(size_t)blk * 64 + w * 2],
                  h[(size_t)blk * 64 + w * 2 + 1]);
      fflush(fr);
    }
  fclose(fr);
  CK(cudaFree(d_st));
  CK(cudaFree(d_ab));
}
