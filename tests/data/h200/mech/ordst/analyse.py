#!/usr/bin/env python3
"""mech_ordst's stamps, GPU or smsim, summarised alike (round 37).

  analyse.py raw ORDST_RAW.csv                 the harness's stamps (blocks 0-3 of each launch)
  analyse.py smsim STAMPS.csv HEAD:TRIP0 ...   smsim run --stamps' (every warp's clock reads);
                                               HEAD:TRIP0: a loop head's clock read (hex pc) and
                                               the trip its first stamp is (0x280:0 0x370:96)
  analyse.py predict                           every variant and W under smsim (bin/smsim of this
                                               checkout), as predictions.txt holds them

Per configuration, over trips 64-127 of every warp (GPU: of blocks 0-3; smsim: its one SM):
  trip     p10/p50/p90 of a warp's trip (its stamp at trip k + 1 less at k)
  gap      p50 of the gaps between a scheduler's warps at a trip (their stamps sorted; scheduler = warp % 4)
  span     p50 of a scheduler's last warp's stamp at a trip less its first's
  same     the fraction of trips at which a scheduler's warps pass the head in the order of the trip before
  lead     p50 over trips of the block's fastest warp's stamp less its slowest's (how far the warps drift)
"""
import csv
import os
import subprocess
import sys
import tempfile

S0, N = 64, 64  # stamped trips 64..127


def q(v, ps=(0.1, 0.5, 0.9)):
    if not v:
        return "-"
    v = sorted(v)
    return "/".join(str(v[int(p * (len(v) - 1) + 0.5)]) for p in ps)


def summary(blocks):
    """blocks: list of {warp: {trip: t}}; returns the summary line's fields."""
    trip, gap, span, same, n_same, lead = [], [], [], 0, 0, []
    for warps in blocks:
        ws = sorted(warps)
        for w in ws:
            t = warps[w]
            trip += [t[k + 1] - t[k] for k in range(S0, S0 + N - 1) if k in t and k + 1 in t]
        for k in range(S0, S0 + N):
            ts = [warps[w][k] for w in ws if k in warps[w]]
            if len(ts) > 1:
                lead.append(max(ts) - min(ts))
        for sch in range(4):
            mine = [w for w in ws if w % 4 == sch]
            if len(mine) < 2:
                continue
            prev = None
            for k in range(S0, S0 + N):
                if any(k not in warps[w] for w in mine):
                    prev = None
                    continue
                order = sorted(mine, key=lambda w: (warps[w][k], w))
                st = [warps[w][k] for w in order]
                gap += [b - a for a, b in zip(st, st[1:])]
                span.append(st[-1] - st[0])
                if prev is not None:
                    n_same += 1
                    same += order == prev
                prev = order
    return "trip %s  gap %s  span %s  same %s  lead %s" % (
        q(trip), q(gap, (0.5,)), q(span, (0.5,)), "%.2f" % (same / n_same) if n_same else "-", q(lead, (0.5,)))


def read_raw(path):
    conf = {}
    with open(path) as f:
        for r in csv.DictReader(f):
            key = (r["variant"], int(r["W"]))
            conf.setdefault(key, {}).setdefault(int(r["block"]), {}).setdefault(int(r["warp"]), {})[int(r["trip"])] = int(r["t"])
    return conf


def read_smsim(path, heads):
    """heads: {pc: first trip}; a warp's n-th stamp at a head is trip first + n (block 0: one SM's first)."""
    warps, seen = {}, {}
    with open(path) as f:
        for r in csv.DictReader(f):
            pc, w = int(r["pc"], 0), int(r["warp"])
            if pc not in heads or r["block"] != "0":
                continue
            n = seen.get((w, pc), 0)
            seen[(w, pc)] = n + 1
            warps.setdefault(w, {})[heads[pc] + n] = int(r["cycle"])
    return [warps]


VARIANTS = [  # name, kernel, loop heads (pc: first trip), import options
    ("f4", "ord_stampILi0", {0x280: 0, 0x370: 96}, "--trips 0x320=96 --trips 0x410=160 --span 0x120:0x590"),
    ("f8", "ord_stampILi1", {0x280: 0, 0x3b0: 96}, "--trips 0x360=96 --trips 0x490=160 --span 0x120:0x610"),
    ("mix", "ord_stampILi2", {0x2b0: 0, 0x3e0: 96}, "--trips 0x390=96 --trips 0x4c0=160 --span 0x1a0:0x640"),
]
WS = [1, 4, 8, 12, 16, 20, 24, 32]


def smsim_cycles(listing, kernel, opts, W, policy, stamps):
    """smsim (bin/smsim of this checkout, or SMSIM) on a kernel of a listing at W warps under a policy, every
    clock read into the file stamps (--stamps); returns its cycles (also mech_ordst2's and mech_ordst3's)"""
    root = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", ".."))
    smsim = os.environ.get("SMSIM", os.path.join(root, "bin", "smsim"))
    out = subprocess.run([smsim, "run", "--sass", listing, "--kernel", kernel] + opts +
                         ["--warps", str(W), "--policy", policy, "--stamps", stamps, "--csv"],
                         capture_output=True, text=True, check=True).stdout
    rows = list(csv.reader(out.splitlines()))
    return rows[1][rows[0].index("cycles")]


def predict(policy):
    listing = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sass_local.txt")
    with tempfile.TemporaryDirectory() as tmp:
        for name, kernel, heads, opts in VARIANTS:
            for W in WS:
                st = os.path.join(tmp, "st.csv")
                cyc = smsim_cycles(listing, kernel, opts.split() + ["--mem", "LDG=pattern=uniform,footprint=8M"], W, policy, st)
                print("%-4s %-3s W=%-3d cycles %7s  %s" % (policy, name, W, cyc, summary(read_smsim(st, heads))))


def main(a):
    if len(a) >= 2 and a[0] == "raw":
        for (v, W), blocks in sorted(read_raw(a[1]).items(), key=lambda kv: ([x[0] for x in VARIANTS].index(kv[0][0]), kv[0][1])):
            print("%-3s W=%-3d %s" % (v, W, summary(list(blocks.values()))))
    elif len(a) >= 3 and a[0] == "smsim":
        heads = {int(h.split(":")[0], 0): int(h.split(":")[1]) for h in a[2:]}
        print(summary(read_smsim(a[1], heads)))
    elif a and a[0] == "predict":
        for policy in a[1:] or ["bgrr"]:
            predict(policy)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
