// main.cu -- driver of the import kernels: context, auxiliary kernels, CSV, groups.
//
// Usage: imp [--groups g1,g2,...] [--quick] [--reps N] [--out runs.csv]
// Groups (default: all, in this order): fma_u chase chase_lat multiload mix smem_chase
// ifelse branch barrier shfl rownorm (chase_l2, chase_l2_check: only when named). --quick: W in {1,16,64} and fewer points (smoke).
#include <chrono>
#include <cstring>
#include <ctime>
#include <map>
#include <set>

#include "imp.h"

// ---- auxiliary kernels (names start with aux_) ---------------------------------------------
__global__ void aux_flush_l2(const uint4* p, size_t n, int* sink) {
  unsigned acc = 0;
  for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x) {
    const uint4 v = p[i];
    acc ^= v.x ^ v.y ^ v.z ^ v.w;
  }
  if (acc == 0x9e3779b9u) *sink = (int)acc;
}
__global__ void aux_spin(float* out, int iters, float b, float c) {
  float x0 = threadIdx.x * 1e-3f, x1 = x0 + 1.f, x2 = x0 + 2.f, x3 = x0 + 3.f;
#pragma unroll 1
  for (int i = 0; i < iters; ++i) {
#pragma unroll
    for (int u = 0; u < 16; ++u) {
      x0 = fmaf(x0, b, c);
      x1 = fmaf(x1, b, c);
      x2 = fmaf(x2, b, c);
      x3 = fmaf(x3, b, c);
    }
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = x0 + x1 + x2 + x3;
}

// ---- context ---------------------------------------------------------------------------------
void Ctx::init() {
  CK(cudaSetDevice(0));
  CK(cudaGetDeviceProperties(&prop, 0));
  sms = prop.multiProcessorCount;
  CK(cudaStreamCreate(&stream));
  CK(cudaEventCreate(&ev0));
  CK(cudaEventCreate(&ev1));
  CK(cudaMalloc(&d_sink, 16));
  CK(cudaMemset(d_sink, 0, 16));
  rec_cap = 16384;
  CK(cudaMalloc(&d_rec, rec_cap * sizeof(BlockRec)));
  out_cap = (size_t)sms * 2048 + 1024;
  CK(cudaMalloc(&d_out, out_cap * sizeof(u64)));
  const size_t fb = std::max((size_t)prop.l2CacheSize * 4, (size_t)256 << 20);
  flush_n = fb / sizeof(uint4);
  CK(cudaMalloc(&d_flush, flush_n * sizeof(uint4)));
  CK(cudaMemset(d_flush, 1, flush_n * sizeof(uint4)));
  CK(cudaDeviceSynchronize());
  fprintf(stderr, "imp: device '%s' sm_%d%d, %d SMs, L2 %d B, smem/SM %zu, optin %zu\n", prop.name,
          prop.major, prop.minor, sms, prop.l2CacheSize, prop.sharedMemPerMultiprocessor,
          prop.sharedMemPerBlockOptin);
}
void Ctx::flush_l2() {
  aux_flush_l2<<<sms * 4, 512, 0, stream>>>(d_flush, flush_n, d_sink);
  CK(cudaGetLastError());
}
void Ctx::touch(const void* p, size_t bytes) {
  aux_flush_l2<<<sms * 4, 512, 0, stream>>>((const uint4*)p, bytes / sizeof(uint4), d_sink);
  CK(cudaGetLastError());
}
void Ctx::warm_clocks(double ms) {
  const auto t0 = std::chrono::steady_clock::now();
  for (;;) {
    aux_spin<<<sms * 2, 1024, 0, stream>>>((float*)d_out, 4096, 0.999f, 0.001f);
    CK(cudaGetLastError());
    CK(cudaStreamSynchronize(stream));
    if (std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count() >= ms)
      break;
  }
}
void Ctx::destroy() {
  CK(cudaFree(d_flush));
  CK(cudaFree(d_out));
  CK(cudaFree(d_rec));
  CK(cudaFree(d_sink));
  CK(cudaEventDestroy(ev0));
  CK(cudaEventDestroy(ev1));
  CK(cudaStreamDestroy(stream));
}

// ---- reduction of block records --------------------------------------------------------------
void imp_reduce(Ctx& c, const LaunchCfg& L, const std::vector<BlockRec>& h,
                std::vector<double>& el, std::vector<double>& mhz, int rep, bool& ok, int& bmin,
                int& bmax) {
  std::map<unsigned, int> cnt;
  std::map<unsigned, u64> lo, hi;
  int invalid = 0;
  for (const BlockRec& b : h) {
    if (b.c1 == 0 || b.c1 < b.c0) {
      ++invalid;
      continue;
    }
    if (!cnt.count(b.smid)) lo[b.smid] = ~0ull, hi[b.smid] = 0;
    cnt[b.smid]++;
    lo[b.smid] = std::min(lo[b.smid], b.c0);
    hi[b.smid] = std::max(hi[b.smid], b.c1);
    if (b.g1 > b.g0) mhz.push_back((double)(b.c1 - b.c0) / (double)(b.g1 - b.g0) * 1000.0);
  }
  int bad = 0;
  for (auto& kv : cnt) {
    el.push_back((double)(hi[kv.first] - lo[kv.first]));
    if (L.bps > 0 && kv.second != L.bps) ++bad;
    bmin = std::min(bmin, kv.second);
    bmax = std::max(bmax, kv.second);
  }
  if (invalid || (L.bps > 0 && (bad || (int)cnt.size() != c.sms))) {
    ok = false;
    fprintf(stderr, "imp: WARNING placement rep=%d sms_with_blocks=%d wrong_count=%d invalid=%d\n",
            rep, (int)cnt.size(), bad, invalid);
  }
  if (el.empty()) {
    fprintf(stderr, "imp: no valid block record\n");
    exit(1);
  }
}

const char* imp_kernel_name(const void* fn) {
  const char* name = nullptr;
  if (cudaFuncGetName(&name, fn) != cudaSuccess || !name) {
    (void)cudaGetLastError();
    return "?";
  }
  return name;
}

void imp_attrs_log(const void* fn, const char* name) {
  static std::set<const void*> seen;
  if (seen.count(fn)) return;
  seen.insert(fn);
  cudaFuncAttributes a{};
  CK(cudaFuncGetAttributes(&a, fn));
  fprintf(stderr, "imp: attrs %s regs=%d local=%zu static_smem=%zu max_threads=%d\n", name,
          a.numRegs, a.localSizeBytes, a.sharedSizeBytes, a.maxThreadsPerBlock);
}

FILE* imp_side_file(const char* name) {
  const char* dir = getenv("IMP_OUT_DIR");
  const std::string path = std::string(dir ? dir : ".") + "/" + name;
  FILE* f = fopen(path.c_str(), "w");
  if (!f) {
    fprintf(stderr, "imp: cannot open %s\n", path.c_str());
    exit(1);
  }
  return f;
}

void lat_hist(FILE* f, const std::string& label, size_t fp, int W, const std::vector<unsigned>& h) {
  std::map<unsigned, size_t> hist;
  for (unsigned v : h) hist[v]++;
  for (const auto& kv : hist) fprintf(f, "%s,%zu,%d,%u,%zu\n", label.c_str(), fp, W, kv.first, kv.second);
  fflush(f);
}

std::string lat_q(std::vector<unsigned> h) {
  if (h.empty()) return "-";
  std::sort(h.begin(), h.end());
  auto q = [&](double p) { return h[(size_t)(p * (double)(h.size() - 1) + 0.5)]; };
  char s[64];
  snprintf(s, sizeof s, "%u/%u/%u", q(0.1), q(0.5), q(0.9));
  return s;
}

void imp_row(Ctx& c, const char* group, const void* fn, const std::string& variant, int ilp, int W,
             int bps, int tpb, long long iters, std::string param, const Meas& m) {
  if (!m.placement_ok) param += ";placement=bad";
  if (bps > 0 && m.occ != bps) param += ";occ_api=" + std::to_string(m.occ);
  fprintf(c.csv, "%s,%s,%s,%d,%d,%d,%d,%lld,%s,%.1f,%.0f,%.0f,%.6f,%.1f,%d\n", group,
          imp_kernel_name(fn), variant.c_str(), ilp, W, bps, tpb, iters, param.c_str(), m.cycles,
          m.cmin, m.cmax, m.ms, m.mhz, m.reps);
  fflush(c.csv);
  fprintf(stderr, "%s %s ilp=%d W=%d %s: cycles=%.0f (%.0f..%.0f) ms=%.4f mhz=%.0f%s\n", group,
          variant.c_str(), ilp, W, param.c_str(), m.cycles, m.cmin, m.cmax, m.ms, m.mhz,
          m.placement_ok ? "" : " PLACEMENT-WARNING");
}

// ---- main ------------------------------------------------------------------------------------
struct GroupEntry {
  const char* name;
  void (*fn)(Ctx&);
};
static const GroupEntry kGroups[] = {
    {"fma_u", group_fma_u},       {"chase", group_chase},   {"chase_lat", group_chase_lat},
    {"multiload", group_multiload}, {"mix", group_mix},     {"smem_chase", group_smem_chase},
    {"ifelse", group_ifelse},     {"branch", group_branch}, {"barrier", group_barrier},
    {"shfl", group_shfl},         {"rownorm", group_rownorm},
    // not in the default run (all groups): the 2026-12-01 L2 remeasurement
    {"chase_l2", group_chase_l2}, {"chase_l2_check", group_chase_l2_check},
    // not in the default run either: the mechanism microbenchmarks of issue #18 (mech.cu)
    {"mech_div", group_mech_div}, {"mech_bar", group_mech_bar}, {"mech_barw0", group_mech_barw0}, {"mech_barw0s", group_mech_barw0s}, {"mech_ldc", group_mech_ldc},
    {"mech_l2bw", group_mech_l2bw}, {"mech_order", group_mech_order}, {"mech_brt", group_mech_brt},
    {"mech_bssy", group_mech_bssy}, {"mech_ldclat", group_mech_ldclat}, {"mech_cap", group_mech_cap},
    {"mech_l1cfg", group_mech_l1cfg}, {"mech_brsep", group_mech_brsep}, {"mech_latd", group_mech_latd},
    {"mech_bank", group_mech_bank}, {"mech_latseq", group_mech_latseq},
    {"mech_latprox", group_mech_latprox}, {"mech_flen", group_mech_flen},
    {"mech_strlat", group_mech_strlat}, {"mech_latfar", group_mech_latfar},
    {"mech_strmulti", group_mech_strmulti}, {"mech_l2k", group_mech_l2k}, {"mech_loadbg", group_mech_loadbg},
    {"mech_phase", group_mech_phase},       {"mech_ldcimm", group_mech_ldcimm},
    {"mech_brreg", group_mech_brreg},       {"mech_bralign", group_mech_bralign},
    {"mech_brfar", group_mech_brfar},       {"mech_brrate", group_mech_brrate},
    {"mech_brown", group_mech_brown},       {"mech_loaddist", group_mech_loaddist},
    {"mech_burst", group_mech_burst}, {"mech_burststamp", group_mech_burststamp},
    {"mech_cta", group_mech_cta}, {"mech_rnstamp", group_mech_rnstamp},
    {"mech_fetch", group_mech_fetch},       {"mech_s2ur", group_mech_s2ur},
    {"mech_mio", group_mech_mio}, {"mech_l2path", group_mech_l2path}, {"mech_l2lanes", group_mech_l2lanes},
    {"mech_l2stride", group_mech_l2stride}, {"mech_l2lines", group_mech_l2lines}, {"mech_l2corr", group_mech_l2corr}, {"mech_barlife", group_mech_barlife}, {"mech_barrel", group_mech_barrel}, {"mech_wlaunch", group_mech_wlaunch}, {"mech_s2r", group_mech_s2r}, {"mech_prolog", group_mech_prolog}, {"mech_probe", group_mech_probe}, {"mech_probe2", group_mech_probe2}, {"mech_probe3", group_mech_probe3}, {"mech_t0off", group_mech_t0off}, {"mech_twoblk", group_mech_twoblk}, {"mech_twoend", group_mech_twoend}, {"mech_wsync", group_mech_wsync}, {"mech_stread", group_mech_stread}, {"mech_mioq", group_mech_mioq}, {"mech_stline", group_mech_stline}, {"mech_seg", group_mech_seg}, {"mech_post", group_mech_post}, {"mech_post2", group_mech_post2}, {"mech_pre", group_mech_pre}, {"mech_uni", group_mech_uni}, {"mech_s2us", group_mech_s2us}, {"mech_tailw", group_mech_tailw}, {"mech_stb8", group_mech_stb8}, {"mech_bphase", group_mech_bphase}, {"mech_tail", group_mech_tail}, {"mech_bord", group_mech_bord}, {"mech_btrain", group_mech_btrain}, {"mech_ops", group_mech_ops}, {"mech_lpair", group_mech_lpair}, {"mech_ptail", group_mech_ptail}, {"mech_otput", group_mech_otput}, {"mech_hash", group_mech_hash}, {"mech_pstore", group_mech_pstore}, {"mech_gather", group_mech_gather}, {"mech_gather2", group_mech_gather2}, {"mech_gather3", group_mech_gather3}, {"mech_gather4", group_mech_gather4}, {"mech_gather5", group_mech_gather5}, {"mech_ldgaddr", group_mech_ldgaddr}, {"mech_sstore", group_mech_sstore}, {"mech_iwmix", group_mech_iwmix}, {"mech_iwchain", group_mech_iwchain}, {"mech_iwhl", group_mech_iwhl}, {"mech_iwmode", group_mech_iwmode}, {"mech_rbank", group_mech_rbank}, {"mech_rreuse", group_mech_rreuse}, {"mech_iwword", group_mech_iwword}, {"mech_rreuse2", group_mech_rreuse2}, {"gemm", group_gemm}, {"reduce", group_reduce},
    {"transpose", group_transpose}, {"stencil", group_stencil}, {"hist", group_hist}, {"stream", group_stream},
    {"nbody", group_nbody}, {"scan", group_scan}, {"bitonic", group_bitonic}, {"philox", group_philox}, {"softmax", group_softmax}, {"softmax_st", group_softmax_st}, {"mech_fdiv", group_mech_fdiv}, {"rtloop", group_rtloop}, {"mech_cparam", group_mech_cparam}, {"mech_cparam2", group_mech_cparam2}, {"mech_cwarp", group_mech_cwarp}, {"mech_cchain", group_mech_cchain}, {"mech_cfar", group_mech_cfar}, {"mech_cdist", group_mech_cdist}, {"mech_offalu", group_mech_offalu}, {"mech_offg", group_mech_offg}, {"mech_wphase", group_mech_wphase}, {"mech_yield", group_mech_yield}, {"mech_iwaddr", group_mech_iwaddr}, {"mech_wide", group_mech_wide}, {"mech_wide2", group_mech_wide2}, {"mech_wide3", group_mech_wide3}, {"mech_wide4", group_mech_wide4}, {"mech_trip", group_mech_trip}, {"mech_wide5", group_mech_wide5}, {"mech_wide6", group_mech_wide6}, {"mech_wide7", group_mech_wide7}, {"mech_wide8", group_mech_wide8}, {"mech_fbank", group_mech_fbank}, {"mech_fpair", group_mech_fpair}, {"mech_fair", group_mech_fair},
    {"mech_pinc", group_mech_pinc}, {"mech_ldst", group_mech_ldst}, {"mech_stw", group_mech_stw}, {"mech_mixbw", group_mech_mixbw}, {"mech_stk", group_mech_stk}, {"mech_strd", group_mech_strd}, {"mech_strw", group_mech_strw}, {"mech_strwg", group_mech_strwg}, {"mech_stks", group_mech_stks}, {"mech_stb", group_mech_stb}, {"mech_offst", group_mech_offst}, {"mech_stb4", group_mech_stb4}, {"mech_wbload", group_mech_wbload}, {"mech_wbdist", group_mech_wbdist},
    {"mech_mixst", group_mech_mixst},
    {"mech_ststamp", group_mech_ststamp}, {"mech_fpair2", group_mech_fpair2},
    {"mech_ordst", group_mech_ordst}, {"mech_ordst2", group_mech_ordst2}, {"mech_cs2r", group_mech_cs2r}, {"mech_ordst3", group_mech_ordst3}, {"mech_chold", group_mech_chold}, {"mech_chold2", group_mech_chold2}, {"mech_clag", group_mech_clag},
};

void imp_blocks_dump(const void* fn, const LaunchCfg& L, const std::vector<BlockRec>& h) {
  static FILE* f = nullptr;
  const char* path = getenv("IMP_BLOCKS");
  if (!path) return;
  if (!f) {
    f = fopen(path, "w");
    if (!f) {
      fprintf(stderr, "imp: cannot open %s (IMP_BLOCKS)\n", path);
      exit(2);
    }
    fprintf(f, "kernel,grid,tpb,bps,block,smid,c0,c1\n");
  }
  for (int b = 0; b < L.grid; ++b)
    fprintf(f, "%s,%d,%d,%d,%d,%u,%llu,%llu\n", imp_kernel_name(fn), L.grid, L.tpb, L.bps, b, h[b].smid,
            (unsigned long long)h[b].c0, (unsigned long long)h[b].c1);
  fflush(f);
}

int main(int argc, char** argv) {
  std::vector<std::string> groups;
  std::string out;
  Ctx c;
  for (int i = 1; i < argc; ++i) {
    const std::string k = argv[i];
    auto val = [&]() -> std::string {
      if (i + 1 >= argc) {
        fprintf(stderr, "imp: %s needs a value\n", k.c_str());
        exit(2);
      }
      return argv[++i];
    };
    if (k == "--groups") {
      std::string s = val();
      size_t b = 0;
      for (;;) {
        const size_t e = s.find(',', b);
        const std::string t = s.substr(b, e == std::string::npos ? std::string::npos : e - b);
        if (!t.empty()) groups.push_back(t);
        if (e == std::string::npos) break;
        b = e + 1;
      }
    } else if (k == "--quick") {
      c.quick = true;
    } else if (k == "--reps") {
      c.reps = atoi(val().c_str());
    } else if (k == "--warm") {
      c.warm = atoi(val().c_str());
    } else if (k == "--out") {
      out = val();
    } else {
      fprintf(stderr, "imp: unknown option %s\n", k.c_str());
      return 2;
    }
  }
  for (const std::string& g : groups) {
    bool found = false;
    for (const GroupEntry& e : kGroups) found |= g == e.name;
    if (!found) {
      fprintf(stderr, "imp: unknown group '%s'\n", g.c_str());
      return 2;
    }
  }
  if (c.reps < 1) c.reps = 1;
  if (c.warm < 0) c.warm = 0;
  c.wlist = c.quick ? std::vector<int>{1, 16, 64}
                    : std::vector<int>{1, 2, 3, 4, 6, 8, 12, 16, 20, 24, 32, 40, 48, 64};
  c.init();
  c.csv = out.empty() ? stdout : fopen(out.c_str(), "w");
  if (!c.csv) {
    fprintf(stderr, "imp: cannot open %s\n", out.c_str());
    return 2;
  }
  int drv = 0, rt = 0;
  CK(cudaDriverGetVersion(&drv));
  CK(cudaRuntimeGetVersion(&rt));
  char date[64];
  const time_t now = time(nullptr);
  strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
  fprintf(c.csv, "# smsim import kernels (workloads/cuda/import), %s; GPU %s sm_%d%d, %d SMs, L2 %d B; "
                 "CUDA driver API %d, runtime %d; nvidia-smi: %s\n",
          date, c.prop.name, c.prop.major, c.prop.minor, c.sms, c.prop.l2CacheSize, drv, rt,
          getenv("IMP_SMI") ? getenv("IMP_SMI") : "(not given)");
  fprintf(c.csv, "# method: thread 0 of each block reads clock64 after a start barrier and after an end "
                 "barrier, and %%smid; per SM elapsed = latest end - earliest start; cycles = median over "
                 "SMs, then median over %d launches after %d warm-up (cycles_min/max: over SMs in the "
                 "median launch); event_ms = median CUDA-event time; sm_clock_mhz = median over blocks "
                 "of dclock64/dglobaltimer; clocks were not set (read only)%s\n",
          c.reps, c.warm, c.quick ? "; QUICK smoke run" : "");
  fprintf(c.csv, "group,kernel,variant,ilp,warps_per_sm,blocks_per_sm,threads_per_block,iters,param,"
                 "cycles,cycles_min,cycles_max,event_ms,sm_clock_mhz,reps\n");
  fflush(c.csv);
  c.warm_clocks(500.0);
  const auto t0 = std::chrono::steady_clock::now();
  for (const GroupEntry& e : kGroups) {
    if (!groups.empty() && std::find(groups.begin(), groups.end(), e.name) == groups.end()) continue;
    if (groups.empty() && (std::string(e.name).rfind("chase_l2", 0) == 0 ||
                           std::string(e.name).rfind("mech_", 0) == 0))
      continue;  // only by name
    const auto g0 = std::chrono::steady_clock::now();
    fprintf(stderr, "imp: group %s start\n", e.name);
    e.fn(c);
    CK(cudaDeviceSynchronize());
    fprintf(stderr, "imp: group %s done in %.1f s\n", e.name,
            std::chrono::duration<double>(std::chrono::steady_clock::now() - g0).count());
  }
  fprintf(stderr, "imp: all done in %.1f s\n",
          std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  if (c.csv != stdout) fclose(c.csv);
  c.destroy();
  return 0;
}
