#!/usr/bin/env python3
"""Random occupancy launch configurations for one architecture, weighted
toward the cliffs of the occupancy calculator (register counts where the
per-warp allocation crosses a 256-register unit or a whole warp is lost,
block sizes around warp multiples, shared memory around the carveout steps,
the 48 KB line and the opt-in limit).

Usage: gen_configs.py ARCH_JSON N SEED  > configs.csv

Output: CSV with header threads,regs,smem,carveout (carveout empty = the
default preference, else a percentage 0..100). Deterministic for a given
(ARCH_JSON, N, SEED). Python 3 standard library only.
"""
import json
import random
import sys

REG_CLIFFS = [32, 40, 48, 56, 64, 65, 72, 80, 96, 128, 129, 168, 255]
THREAD_SPECIALS = [1, 31, 32, 33, 64, 65, 96, 100, 128, 192, 255, 256, 257,
                   384, 512, 513, 640, 768, 1000, 1023, 1024]
CARVEOUT_SPECIALS = [0, 1, 25, 33, 50, 66, 75, 99, 100]


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: gen_configs.py ARCH_JSON N SEED")
    with open(sys.argv[1]) as f:
        arch = json.load(f)
    n = int(sys.argv[2])
    rng = random.Random(int(sys.argv[3]))

    dev = arch["device"]
    alloc = arch.get("allocation", {})
    max_threads = dev["maxThreadsPerBlock"]
    max_regs = min(alloc.get("maxRegsPerThread", 255), 255)
    per_block = dev["sharedMemPerBlock"]
    optin = dev["sharedMemPerBlockOptin"]
    reserved = dev.get("reservedSharedMemPerBlock", 0)
    per_sm = dev["sharedMemPerMultiprocessor"]
    steps_kb = alloc.get("sharedMemCarveoutKB", [])
    smem_cap = 2 * optin

    def clamp(v, lo, hi):
        return max(lo, min(hi, v))

    def threads():
        r = rng.random()
        if r < 0.30:
            t = rng.choice(THREAD_SPECIALS)
        elif r < 0.60:
            t = 32 * rng.randint(1, max_threads // 32)
        elif r < 0.75:
            t = 32 * rng.randint(1, max_threads // 32) + rng.choice([-1, 1])
        else:
            t = rng.randint(1, max_threads)
        return clamp(t, 1, max_threads)

    def regs():
        r = rng.random()
        if r < 0.55:
            v = rng.choice(REG_CLIFFS) + rng.randint(-2, 2)
        elif r < 0.60:
            v = 0
        else:
            v = rng.randint(0, max_regs)
        return clamp(v, 0, max_regs)

    # Shared-memory anchors: every carveout step as a per-block size (minus
    # the driver's reservation), fractions of steps (several blocks sharing
    # one step), the 48 KB line, the opt-in limit and the SM's capacity.
    anchors = []
    for kb in steps_kb:
        if kb > 0:
            b = kb * 1024 - reserved
            anchors += [b, b // 2 - reserved // 2, b // 3, b // 4]
    anchors += [per_block, per_block - reserved, optin, per_sm, per_sm - reserved]
    anchors = [a for a in anchors if a > 0]

    def smem():
        r = rng.random()
        if r < 0.12:
            v = 0
        elif r < 0.50:
            v = rng.choice(anchors) + rng.randint(-256, 256)
        elif r < 0.60:
            v = per_block + rng.randint(-160, 160)
        elif r < 0.70:
            v = optin + rng.randint(-160, 160)
        elif r < 0.72:
            v = rng.randint(optin, smem_cap)
        elif r < 0.85:
            v = rng.randint(0, 4096)
        else:
            v = rng.randint(0, optin + 1024)
        return clamp(v, 0, smem_cap)

    # Percentages whose share of the SM lands on either side of a step.
    pcts = list(CARVEOUT_SPECIALS)
    for kb in steps_kb:
        p = kb * 1024 * 100 // per_sm
        pcts += [clamp(p + d, 0, 100) for d in (-1, 0, 1)]

    def carveout():
        r = rng.random()
        if r < 0.5:
            return ""
        if r < 0.75:
            return str(rng.choice(pcts))
        return str(rng.randint(0, 100))

    # Most draws keep a block's registers within regsPerBlock (otherwise the
    # answer is simply 0), straddling the largest block that still fits.
    unit = alloc.get("regAllocationUnitSize", 256)
    subp = alloc.get("subPartitions", 4)
    warp = dev["warpSize"]

    def fit_threads(r):
        rpw = -(-r * warp // unit) * unit
        if rpw == 0:
            return None
        wmax = dev["regsPerBlock"] // rpw // subp * subp
        tmax = min(max_threads, wmax * warp)
        if tmax < 1:
            return None
        if rng.random() < 0.2:
            return clamp(tmax + rng.choice([-32, -1, 0, 1, 32]), 1, max_threads)
        return rng.randint(1, tmax)

    out = ["threads,regs,smem,carveout"]
    for _ in range(n):
        r = regs()
        t = threads()
        if rng.random() < 0.75:
            t = fit_threads(r) or t
        if rng.random() < 0.04:      # tiny blocks: the blocks-per-SM limit
            t, r = rng.randint(1, 64), rng.randint(0, 32)
            s = rng.choice([0, rng.randint(0, 2048)])
        else:
            s = smem()
        out.append("%d,%d,%d,%s" % (t, r, s, carveout()))
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
