#!/usr/bin/env python3
"""The stream loads' wait scale (arch/sm_90.json dram_stream_queue_scale_cycles), from mixst.csv.gz.

Usage: python3 tests/data/h200/mech/mixst/fit_scale.py   (from anywhere; reads the file beside it)

For each loaded row (ILP 2 at 32, 48, 56, 64 warps; ILP 1 at 56) one warp's wait for its stream load
(lat: arrive - issue) is modelled as the unloaded wait (the 8-warp row at ILP 2, or ILP 1's 32-warp
row, drawn from their histograms) plus a gamma of scale theta whose mean is the measured excess of
the means (each 1% trimmed: a few stamps thousands of cycles long). For each theta, 40000 seeded
draws; the error is the mean |difference| of p10, p25, p50, p75, p90 and p95 against the row's
histogram. Prints the best four thetas of each row. Round 36 (2026-12-05): the ten fits' best 75-250,
175-250 at ILP 2 and 48-64 warps, 200 their median; the chase's 416 (mech_loaddist) is among no row's
best four.
"""
import gzip
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
Q = [10, 25, 50, 75, 90, 95]
THETAS = [25, 50, 75, 100, 125, 150, 175, 200, 250, 300, 416, 600]


def hists():
    h = {}
    with gzip.open(os.path.join(HERE, "mixst.csv.gz"), "rt") as f:
        for line in f:
            r = line.strip().split(",")
            if r[0].startswith("lat_"):
                h.setdefault(r[0], []).append((int(r[3]), int(r[4])))
    return h


def sample(h):
    return sorted(v for v, c in h for _ in range(c))


def quantiles(x):
    x = sorted(x)
    return [x[min(len(x) - 1, int(q * len(x) / 100))] for q in Q]


def trimmed_mean(x):
    n = int(0.99 * len(x))
    return sum(sorted(x)[:n]) / n


def main():
    h = hists()
    rng = random.Random(1)
    for ref in ["lat_i2_w8", "lat_i1_w32"]:
        u = sample(h[ref])
        um = trimmed_mean(u)
        for lab in ["lat_i2_w32", "lat_i2_w48", "lat_i2_w56", "lat_i2_w64", "lat_i1_w56"]:
            m = sample(h[lab])
            mq = quantiles(m)
            ex = trimmed_mean(m) - um
            fits = []
            for th in THETAS:
                k = ex / th
                s = [rng.choice(u) + (rng.gammavariate(k, th) if k > 0 else 0.0) for _ in range(40000)]
                err = sum(abs(a - b) for a, b in zip(quantiles(s), mq)) / len(Q)
                fits.append((err, th))
            fits.sort()
            best = ", ".join("%d (%.0f)" % (th, e) for e, th in fits[:4])
            print("%-11s over %-10s excess %4.0f  measured p10..p95 %s  best theta (error): %s"
                  % (lab, ref, ex, "/".join(map(str, mq)), best))


if __name__ == "__main__":
    main()
