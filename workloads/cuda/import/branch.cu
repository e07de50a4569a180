// branch.cu -- groups ifelse and branch.
//
// ifelse<BODY>: a data-dependent branch inside a loop: lanes with lane < K run BODY dependent
//   FFMAs with (a1, b1), the others BODY with (a2, b2). K in {0, 1, 16, 32}. BODY = 4 (the
//   case asked for) and 16 (a body long enough that ptxas keeps a real branch).
// branch constructs (cycles per loop iteration, one FFMA of work per iteration):
//   br_loop:     for (i < n) x = fmaf(x, a, b);             (back edge: a uniform taken branch)
//   br_uniform:  + if (i == trap) {long body}                (uniform condition, never true)
//   br_nottaken: + if (x == trapf) {long body}               (per-lane condition, never true)
//   br_bssy:     + if (lane < K) {8 dependent FFMAs}         (divergent if, reconverges;
//                K = 0: nobody enters, 16: half the warp, 32: all)
#include "imp.h"

template <int BODY>
__global__ void ifelse(float* out, int K, float a1, float b1, float a2, float b2, int iters,
                       BlockRec* rec) {
  const int lane = threadIdx.x & 31;
  float x = lane * 1e-3f;
  imp_begin(rec);
  for (int i = 0; i < iters; ++i) {
    if (lane < K) {
#pragma unroll
      for (int j = 0; j < BODY; ++j) x = fmaf(x, a1, b1);
    } else {
#pragma unroll
      for (int j = 0; j < BODY; ++j) x = fmaf(x, a2, b2);
    }
  }
  out[imp_gtid()] = x;
  imp_end(rec);
}

__global__ void br_loop(float* out, int n, float a, float b, BlockRec* rec) {
  float x = (threadIdx.x & 31) * 1e-3f;
  imp_begin(rec);
#pragma unroll 1
  for (int i = 0; i < n; ++i) x = fmaf(x, a, b);
  out[imp_gtid()] = x;
  imp_end(rec);
}

__global__ void br_uniform(float* out, int n, int trap, float a, float b, BlockRec* rec) {
  float x = (threadIdx.x & 31) * 1e-3f;
  imp_begin(rec);
#pragma unroll 1
  for (int i = 0; i < n; ++i) {
    x = fmaf(x, a, b);
    if (i == trap) {
#pragma unroll 1
      for (int j = 0; j < n; ++j) x = fmaf(x, x, b);
    }
  }
  out[imp_gtid()] = x;
  imp_end(rec);
}

__global__ void br_nottaken(float* out, int n, float trapf, float a, float b, BlockRec* rec) {
  float x = (threadIdx.x & 31) * 1e-3f;
  imp_begin(rec);
#pragma unroll 1
  for (int i = 0; i < n; ++i) {
    x = fmaf(x, a, b);
    if (x == trapf) {
#pragma unroll 1
      for (int j = 0; j < n; ++j) x = fmaf(x, x, b);
    }
  }
  out[imp_gtid()] = x;
  imp_end(rec);
}

__global__ void br_bssy(float* out, int n, int K, float a, float b, float a2, float b2,
                        BlockRec* rec) {
  const int lane = threadIdx.x & 31;
  float x = lane * 1e-3f;
  imp_begin(rec);
#pragma unroll 1
  for (int i = 0; i < n; ++i) {
    x = fmaf(x, a, b);
    if (lane < K) {
#pragma unroll
      for (int j = 0; j < 8; ++j) x = fmaf(x, a2, b2);
    }
  }
  out[imp_gtid()] = x;
  imp_end(rec);
}

static const int IFELSE_ITERS = 1024;
static const int BR_ITERS = 2048;

template <int BODY>
static void run_ifelse(Ctx& c) {
  const std::vector<int> ws = c.quick ? std::vector<int>{1, 16} : std::vector<int>{1, 4, 16, 32, 64};
  for (int K : {0, 1, 16, 32})
    for (int W : ws) {
      const LaunchCfg L = cfg_W(c.sms, W);
      const Meas m = measure(c, ifelse<BODY>, L, (float*)c.d_out, K, 0.999f, 0.001f, 0.998f,
                             0.002f, IFELSE_ITERS, c.d_rec);
      imp_row(c, "ifelse", (const void*)ifelse<BODY>, "body" + std::to_string(BODY), 1, W, L.bps,
              L.tpb, IFELSE_ITERS, "k=" + std::to_string(K) + ";body=" + std::to_string(BODY), m);
    }
}

void group_ifelse(Ctx& c) {
  run_ifelse<4>(c);
  run_ifelse<16>(c);
}

void group_branch(Ctx& c) {
  for (int W : {1, 16}) {
    const LaunchCfg L = cfg_W(c.sms, W);
    float* o = (float*)c.d_out;
    Meas m = measure(c, br_loop, L, o, BR_ITERS, 0.999f, 0.001f, c.d_rec);
    imp_row(c, "branch", (const void*)br_loop, "loop", 1, W, L.bps, L.tpb, BR_ITERS, "body=1", m);
    m = measure(c, br_uniform, L, o, BR_ITERS, -1, 0.999f, 0.001f, c.d_rec);
    imp_row(c, "branch", (const void*)br_uniform, "uniform_nottaken", 1, W, L.bps, L.tpb, BR_ITERS,
            "body=1;trap=-1", m);
    m = measure(c, br_nottaken, L, o, BR_ITERS, -7.0f, 0.999f, 0.001f, c.d_rec);
    imp_row(c, "branch", (const void*)br_nottaken, "lane_nottaken", 1, W, L.bps, L.tpb, BR_ITERS,
            "body=1;trapf=-7", m);
    for (int K : {0, 16, 32}) {
      m = measure(c, br_bssy, L, o, BR_ITERS, K, 0.999f, 0.001f, 0.998f, 0.002f, c.d_rec);
      imp_row(c, "branch", (const void*)br_bssy, "bssy", 1, W, L.bps, L.tpb, BR_ITERS,
              "body=1;k=" + std::to_string(K) + ";inner=8", m);
    }
  }
}
