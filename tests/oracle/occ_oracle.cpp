// occ_oracle.cpp: NVIDIA's header-only occupancy calculator (cuda_occupancy.h,
// from the CUDA toolkit) run on a CSV of launch configurations, as the
// independent reference for `smsim occupancy`.
//
// Build: g++ -std=c++14 -O2 -I/usr/local/cuda/include occ_oracle.cpp -o occ_oracle
// (host-only; no CUDA runtime or GPU is needed).
//
// Usage: occ_oracle --major 9 --minor 0 --smem-per-sm B --smem-per-block B
//          --smem-optin B --smem-reserved B --regs-per-sm N --regs-per-block N
//          --threads-per-sm N --threads-per-block N --warp-size N  < configs.csv
//
// stdin: CSV with header threads,regs,smem[,carveout] (carveout empty = the
// default preference, else a percentage 0..100). stdout: header
// blocks_per_sm,limiting_factors then one row per input row; limiting_factors
// is the header's cudaOccResult::limitingFactors bitmask (OCC_LIMIT_WARPS=1,
// OCC_LIMIT_REGISTERS=2, OCC_LIMIT_SHARED_MEMORY=4, OCC_LIMIT_BLOCKS=8). A
// failing call prints ERROR:<cudaOccError> instead of the row.
#include <cuda_occupancy.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

static void usage(const char *msg)
{
	std::fprintf(stderr, "occ_oracle: %s\n", msg);
	std::exit(2);
}

static long to_long(const std::string &s, const char *what)
{
	char *end = nullptr;
	errno = 0;
	long v = std::strtol(s.c_str(), &end, 10);
	if (s.empty() || *end != '\0' || errno)
		usage((std::string("not an integer for ") + what + ": '" + s + "'").c_str());
	return v;
}

static std::vector<std::string> split(const std::string &line)
{
	std::vector<std::string> f;
	std::string cur;
	for (char ch : line) {
		if (ch == ',') {
			f.push_back(cur);
			cur.clear();
		} else if (ch != '\r' && ch != ' ') {
			cur += ch;
		}
	}
	f.push_back(cur);
	return f;
}

int main(int argc, char **argv)
{
	cudaOccDeviceProp prop;
	const char *names[] = {"--major", "--minor", "--smem-per-sm", "--smem-per-block", "--smem-optin",
			       "--smem-reserved", "--regs-per-sm", "--regs-per-block", "--threads-per-sm",
			       "--threads-per-block", "--warp-size"};
	const int nnames = sizeof names / sizeof names[0];
	long val[sizeof names / sizeof names[0]];
	bool seen[sizeof names / sizeof names[0]] = {};

	for (int i = 1; i < argc; i++) {
		int k;
		for (k = 0; k < nnames; k++)
			if (!std::strcmp(argv[i], names[k]))
				break;
		if (k == nnames || i + 1 >= argc)
			usage((std::string("unknown or incomplete option: ") + argv[i]).c_str());
		val[k] = to_long(argv[++i], names[k]);
		seen[k] = true;
	}
	for (int k = 0; k < nnames; k++)
		if (!seen[k])
			usage((std::string("missing ") + names[k]).c_str());

	prop.computeMajor = (int)val[0];
	prop.computeMinor = (int)val[1];
	prop.sharedMemPerMultiprocessor = (size_t)val[2];
	prop.sharedMemPerBlock = (size_t)val[3];
	prop.sharedMemPerBlockOptin = (size_t)val[4];
	prop.reservedSharedMemPerBlock = (size_t)val[5];
	prop.regsPerMultiprocessor = (int)val[6];
	prop.regsPerBlock = (int)val[7];
	prop.maxThreadsPerMultiprocessor = (int)val[8];
	prop.maxThreadsPerBlock = (int)val[9];
	prop.warpSize = (int)val[10];
	prop.numSms = 1; // must be positive; no effect on per-SM occupancy

	std::string line;
	if (!std::getline(std::cin, line))
		usage("empty input");
	std::vector<std::string> hdr = split(line);
	int ct = -1, cr = -1, cs = -1, cc = -1;
	for (size_t i = 0; i < hdr.size(); i++) {
		if (hdr[i] == "threads")
			ct = (int)i;
		else if (hdr[i] == "regs")
			cr = (int)i;
		else if (hdr[i] == "smem")
			cs = (int)i;
		else if (hdr[i] == "carveout")
			cc = (int)i;
	}
	if (ct < 0 || cr < 0 || cs < 0)
		usage("input header must name threads,regs,smem[,carveout]");

	std::printf("blocks_per_sm,limiting_factors\n");
	while (std::getline(std::cin, line)) {
		if (line.empty() || line == "\r")
			continue;
		std::vector<std::string> f = split(line);
		if ((int)f.size() <= ct || (int)f.size() <= cr || (int)f.size() <= cs)
			usage(("short row: " + line).c_str());
		int threads = (int)to_long(f[ct], "threads");
		int regs = (int)to_long(f[cr], "regs");
		long smem = to_long(f[cs], "smem");
		int carveout = SHAREDMEM_CARVEOUT_DEFAULT;
		if (cc >= 0 && (int)f.size() > cc && !f[cc].empty())
			carveout = (int)to_long(f[cc], "carveout");

		cudaOccFuncAttributes attr;
		attr.maxThreadsPerBlock = 1024;
		attr.numRegs = regs;
		attr.sharedSizeBytes = 0;
		attr.partitionedGCConfig = PARTITIONED_GC_OFF;
		attr.maxDynamicSharedSizeBytes = (size_t)smem;
		attr.shmemLimitConfig =
			(size_t)smem > prop.sharedMemPerBlock ? FUNC_SHMEM_LIMIT_OPTIN : FUNC_SHMEM_LIMIT_DEFAULT;
		attr.numBlockBarriers = 0; // keeps the Hopper+ barrier limit out
		attr.virtualResourceCount = 0;

		cudaOccDeviceState state;
		state.cacheConfig = CACHE_PREFER_NONE;
		state.carveoutConfig = carveout;

		cudaOccResult res;
		std::memset(&res, 0, sizeof res);
		cudaOccError err = cudaOccMaxActiveBlocksPerMultiprocessor(&res, &prop, &attr, &state, threads,
									   (size_t)smem);
		if (err != CUDA_OCC_SUCCESS)
			std::printf("ERROR:%d,\n", (int)err);
		else
			std::printf("%d,%u\n", res.activeBlocksPerMultiprocessor, res.limitingFactors);
	}
	return 0;
}
