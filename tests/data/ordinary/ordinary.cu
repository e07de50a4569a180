// tests/data/ordinary/ordinary.cu (round 55): one-line kernels of ordinary CUDA, compiled locally without fast math
// (workloads/cuda/sass_local.sh tests/data/ordinary/ordinary.cu tests/data/ordinary/sass_local.txt), never run:
// tests/cli.sh imports each with no hand rule (k_stride: its grid-stride loop needs --trips) and runs it. What
// nvcc 13 writes for everyday code, kept so a change to the importer that refuses it again is caught.
#include <cuda_fp16.h>
__global__ void k_expf(const float* x, float* y, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) y[i] = expf(x[i]) + logf(x[i] + 2.f); }
__global__ void k_pow(const float* x, float* y, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) y[i] = powf(x[i], 2.5f); }
__global__ void k_sin(const float* x, float* y, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) y[i] = sinf(x[i]) * cosf(x[i]); }
__global__ void k_idiv(const int* x, int* y, int n, int d) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) y[i] = x[i] / d + x[i] % d; }
__global__ void k_atom(const int* x, int* h, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) atomicAdd(&h[x[i] & 255], 1); }
__global__ void k_dbl(const double* x, double* y, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) y[i] = sqrt(x[i]) / (x[i] + 1.0); }
__global__ void k_tanh(const float* x, float* y, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) y[i] = tanhf(x[i]) + erff(x[i]); }
__global__ void k_stride(const float* x, float* y, int n) { for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) y[i] = 2.f * x[i]; }
__global__ void k_wred(const float* x, float* y) { float v = x[threadIdx.x]; for (int o = 16; o; o >>= 1) v += __shfl_down_sync(0xffffffff, v, o); if ((threadIdx.x & 31) == 0) atomicAdd(y, v); }
__global__ void k_bits(const unsigned* x, unsigned* y, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) y[i] = __popc(x[i]) + __clz(x[i]) + __brev(x[i]) + __ffs(x[i]); }
__global__ void k_satom(const int* x, int* h) { __shared__ int s[256]; s[threadIdx.x & 255] = 0; __syncthreads(); atomicAdd(&s[x[threadIdx.x] & 255], 1); __syncthreads(); h[threadIdx.x] = s[threadIdx.x & 255]; }
__global__ void k_half(const __half2* x, __half2* y, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) y[i] = __hfma2(x[i], x[i], __float2half2_rn(1.f)); }
__global__ void k_f4(const float4* x, float4* y, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) { float4 a = __ldg(&x[i]); y[i] = make_float4(a.x * 2, a.y + 1, a.z, a.w); } }
__global__ void k_i64(const long long* x, long long* y, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) y[i] = x[i] * 3 + (x[i] >> 5) + x[i] / 7; }
__global__ void k_datom(const double* x, double* y) { atomicAdd(y, x[threadIdx.x]); }
__global__ void k_cvt(const float* x, int* y, double* z, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) { y[i] = __float2int_rn(x[i]) + (int)x[i]; z[i] = (double)x[i] * 1.5; } }
__global__ void k_vote(const float* x, unsigned* y) { unsigned b = __ballot_sync(0xffffffff, x[threadIdx.x] > 0); if (__any_sync(0xffffffff, b == 0)) y[threadIdx.x] = b; __syncwarp(); }
__global__ void k_fdiv(const float* x, float* y, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) y[i] = x[i] / (x[i] + 1.f) + 1.f / x[i] + sqrtf(x[i]); }
// classic kernels (round 55): a tiled SGEMM whose tile loop n / 16 needs --arg 4=n (LEA.HI: the signed division),
// a block reduction whose loop starts at blockDim.x / 2 (--const 0x0=T), a transpose, a stencil, saxpy
#define TILE 16
__global__ void mm(const float* A, const float* B, float* C, int n) {
  __shared__ float As[TILE][TILE], Bs[TILE][TILE];
  int r = blockIdx.y * TILE + threadIdx.y, c = blockIdx.x * TILE + threadIdx.x; float acc = 0;
  for (int t = 0; t < n / TILE; ++t) {
    As[threadIdx.y][threadIdx.x] = A[r * n + t * TILE + threadIdx.x];
    Bs[threadIdx.y][threadIdx.x] = B[(t * TILE + threadIdx.y) * n + c];
    __syncthreads();
    for (int k = 0; k < TILE; ++k) acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  C[r * n + c] = acc;
}
__global__ void red(const float* x, float* y) {
  extern __shared__ float s[];
  s[threadIdx.x] = x[blockIdx.x * blockDim.x + threadIdx.x]; __syncthreads();
  for (unsigned o = blockDim.x / 2; o > 0; o >>= 1) { if (threadIdx.x < o) s[threadIdx.x] += s[threadIdx.x + o]; __syncthreads(); }
  if (threadIdx.x == 0) y[blockIdx.x] = s[0];
}
__global__ void transpose(const float* in, float* out, int w) {
  __shared__ float t[32][33];
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8) t[threadIdx.y + j][threadIdx.x] = in[(y + j) * w + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x; y = blockIdx.x * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8) out[(y + j) * w + x] = t[threadIdx.x][threadIdx.y + j];
}
__global__ void stencil(const float* in, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i < n - 1) out[i] = 0.25f * in[i - 1] + 0.5f * in[i] + 0.25f * in[i + 1];
}
__global__ void saxpy(float a, const float* x, float* y, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) y[i] = a * x[i] + y[i]; }
