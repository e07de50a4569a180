// iwaddr.cu -- mech_iwaddr (issue #18, round 39): how long a global load waits for an address that
// IMAD.WIDE made. A lone warp's L1 loads whose address comes from IMAD.WIDE.U32 (the ordinary
// `tab + i` of an unsigned index) run slower on the H200 than smsim gives, where the same loads through
// LEA/LEA.HI.X or IADD3/IADD3.X addresses match: mech_gather's ILP 1 chains 1.5 cycles a step
// (-3.1%), its ILP 4 chains 6.8 cycles a round (-9.7%), mech_ldgaddr wide_x1 -5.2% beside ptr_x1
// +0.5%, chase_idx (LEA) -0.1%. An LSU reader of an IMAD.WIDE result waiting X cycles longer than an
// ALU reader gives the ILP 1 rows at X = 1-2 (tests/data/h200/mech/iwaddr/predictions.txt).
//
// iw_addr<MODE, K>: K dependent chains a thread through a zero table (every step loads the same line:
// lane l at word l, one wavefront), IWA_S steps a trip (IWA_S / K rounds of the K chains), IWA_T trips.
// Every load is `ld.global.u32` (LDG.E), so only the address's making differs:
//   MODE 0: p = tab + (b + off), b the loaded value: IADD3 then IMAD.WIDE.U32 (mech_gather's step);
//   MODE 1: a 64-bit pointer advanced by the loaded value with add.cc / addc (IADD3 + IADD3.X, no IMAD);
//   MODE 2: MODE 0's IMAD.WIDE, its result then moved through add.cc / addc of a zero the compiler cannot
//           know (IADD3 + IADD3.X) before the load: the same IMAD.WIDE, read by the ALU, not the LSU.
// MODE 0 against MODE 2 says what the LSU's read of an IMAD.WIDE result costs beyond an ALU's.
#include "imp.h"

#define IWA_S 16
#define IWA_T 64

__device__ __forceinline__ unsigned iwa_ld(const unsigned* p) {
  unsigned v;
  asm volatile("ld.global.u32 %0, [%1];" : "=r"(v) : "l"(p));
  return v;
}

template <int MODE, int K>
__global__ void __launch_bounds__(1024) iw_addr(float* out, const unsigned* tab, const unsigned* zs, int n,
                                                BlockRec* rec) {
  const unsigned lane = threadIdx.x & 31u;
  const unsigned z = zs[0];  // 0 at run time
  unsigned b[K], lo[K], hi[K];
#pragma unroll
  for (int k = 0; k < K; ++k) {
    b[k] = zs[1 + k];  // 0
    const unsigned long long a = (unsigned long long)(tab + lane + b[k]);
    lo[k] = (unsigned)a, hi[k] = (unsigned)(a >> 32);
  }
  const unsigned warm = tab[lane];
  if (warm == 0xFFFFFFFFu) out[imp_gtid()] = -1.f;  // never true
  imp_begin(rec);
#pragma unroll 1
  for (int t = 0; t < n; ++t) {
#pragma unroll
    for (int r = 0; r < IWA_S / K; ++r)
#pragma unroll
      for (int k = 0; k < K; ++k) {
        if (MODE == 0) {
          b[k] = iwa_ld(tab + (b[k] + lane));
        } else if (MODE == 1) {
          const unsigned* p = (const unsigned*)(((unsigned long long)hi[k] << 32) | lo[k]);
          const unsigned v = iwa_ld(p);
          asm("add.cc.u32 %0, %0, %2;\n\taddc.u32 %1, %1, 0;" : "+r"(lo[k]), "+r"(hi[k]) : "r"(v));
        } else {
          const unsigned long long a = (unsigned long long)(tab + (b[k] + lane));
          unsigned l = (unsigned)a, h = (unsigned)(a >> 32);
          asm("add.cc.u32 %0, %0, %2;\n\taddc.u32 %1, %1, %2;" : "+r"(l), "+r"(h) : "r"(z));
          b[k] = iwa_ld((const unsigned*)(((unsigned long long)h << 32) | l));
        }
      }
  }
  unsigned s = 0;
#pragma unroll
  for (int k = 0; k < K; ++k) s ^= b[k] ^ lo[k];
  out[imp_gtid()] = (float)s;
  imp_end(rec);
}

template <int MODE, int K>
static void run_iwaddr(Ctx& c, const unsigned* d_tab, const unsigned* d_zs, int W) {
  const LaunchCfg L = cfg_W(c.sms, W);
  const Meas m = measure(c, iw_addr<MODE, K>, L, (float*)c.d_out, d_tab, d_zs, IWA_T, c.d_rec);
  static const char* names[3] = {"wide", "ptr", "wide_alu"};
  imp_row(c, "mech_iwaddr", (const void*)iw_addr<MODE, K>, std::string(names[MODE]) + "_k" + std::to_string(K), K, W,
          L.bps, L.tpb, IWA_T, "mode=" + std::to_string(MODE) + ";steps_per_thread=" + std::to_string(IWA_S * IWA_T), m);
}

void group_mech_iwaddr(Ctx& c) {
  unsigned *d_tab = nullptr, *d_zs = nullptr;
  CK(cudaMalloc(&d_tab, 64 * 1024));
  CK(cudaMemset(d_tab, 0, 64 * 1024));
  CK(cudaMalloc(&d_zs, 64 * sizeof(unsigned)));
  CK(cudaMemset(d_zs, 0, 64 * sizeof(unsigned)));
  fprintf(stderr, "mech_iwaddr: table at %p (%llu B past a 2 MB boundary)\n", (void*)d_tab,
          (unsigned long long)((uintptr_t)d_tab & ((2u << 20) - 1)));
  for (int W : {1, 4, 8, 16, 32}) {
    run_iwaddr<0, 1>(c, d_tab, d_zs, W);
    run_iwaddr<0, 2>(c, d_tab, d_zs, W);
    run_iwaddr<0, 4>(c, d_tab, d_zs, W);
    run_iwaddr<1, 1>(c, d_tab, d_zs, W);
    run_iwaddr<1, 2>(c, d_tab, d_zs, W);
    run_iwaddr<1, 4>(c, d_tab, d_zs, W);
    run_iwaddr<2, 1>(c, d_tab, d_zs, W);
    run_iwaddr<2, 2>(c, d_tab, d_zs, W);
    run_iwaddr<2, 4>(c, d_tab, d_zs, W);
  }
  CK(cudaFree(d_zs));
  CK(cudaFree(d_tab));
}
