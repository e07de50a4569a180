#!/usr/bin/env python3
"""mech_ordst3's clocks, GPU or smsim, summarised alike (round 42, for round 43).

  analyse.py raw ORDST3_RAW.csv      the harness's record (blocks 0-3 of each launch)
  analyse.py predict [POLICY...]     every variant and W under smsim (bin/smsim of this checkout, or SMSIM)

Per configuration, one block (GPU: block 0; smsim: its one SM): for each scheduler (warp % 4) its warps from the
oldest up as warp:t0/t1/t2, each less the block's earliest t0 (t0 the clock right after the start barrier, t1
before the loop, t2 after it), and a line: t0 span (the latest warp's t0 less the earliest), warp 0's t0 rank
among the block's warps (0 first), and the latest t2 less the earliest.
"""
import csv
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "ordst"))
import analyse as ordst  # mech_ordst's analyse.py: smsim_cycles

# name, kernel, clock pcs (t0, t1, t2), import options
VARIANTS = [
    ("f16", "_Z9ord_startILi0EEvjPfPjP8BlockRec", (0x140, 0x150, 0x3a0), "--trips 0x390=64 --span 0x90:0x7e0"),
    ("alu16", "_Z9ord_startILi1EEvjPfPjP8BlockRec", (0x170, 0x370, 0x5c0), "--trips 0x5b0=64 --span 0x90:0x900"),
]
WS = [4, 8, 12, 16, 24, 32]


def summary(ws):
    """ws: {warp: (t0, t1, t2)} -> lines"""
    base = min(t[0] for t in ws.values())
    order = sorted(ws, key=lambda w: (ws[w][0], w))
    out = ["  t0 span %d  warp 0's t0 rank %d of %d  t2 span %d" % (
        max(t[0] for t in ws.values()) - base, order.index(0), len(ws),
        max(t[2] for t in ws.values()) - min(t[2] for t in ws.values()))]
    for sch in range(4):
        mine = sorted(w for w in ws if w % 4 == sch)
        if mine:
            out.append("  s%d " % sch + " ".join("w%d:%d/%d/%d" % ((w,) + tuple(x - base for x in ws[w])) for w in mine))
    return out


def predict(policy):
    listing = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sass_local.txt")
    with tempfile.TemporaryDirectory() as tmp:
        for name, kernel, pcs, opts in VARIANTS:
            for W in WS:
                st = os.path.join(tmp, "st.csv")
                cyc = ordst.smsim_cycles(listing, kernel, opts.split(), W, policy, st)
                ws = {}
                with open(st) as f:
                    for r in csv.DictReader(f):
                        pc = int(r["pc"], 0)
                        if r["block"] == "0" and pc in pcs:
                            ws.setdefault(int(r["warp"]), [0, 0, 0])[pcs.index(pc)] = int(r["cycle"])
                print("%-4s %-5s W=%-3d cycles %7s" % (policy, name, W, cyc))
                print("\n".join(summary(ws)))


def main(a):
    if len(a) >= 2 and a[0] == "raw":
        conf = {}
        with open(a[1]) as f:
            for r in csv.DictReader(f):
                if r["block"] == "0":
                    conf.setdefault((r["variant"], int(r["W"])), {})[int(r["warp"])] = (int(r["t0"]), int(r["t1"]), int(r["t2"]))
        order = [v[0] for v in VARIANTS]
        for (v, W), ws in sorted(conf.items(), key=lambda kv: (order.index(kv[0][0]), kv[0][1])):
            print("gpu  %-5s W=%-3d" % (v, W))
            print("\n".join(summary(ws)))
    elif a and a[0] == "predict":
        for policy in a[1:] or ["bgrr"]:
            predict(policy)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
