#!/usr/bin/env python3
"""mech_ordst2's stamps, GPU or smsim, summarised alike (round 42).

  analyse.py raw ORDST2_RAW.csv      the harness's stamps (blocks 0-3 of each launch)
  analyse.py predict [POLICY...]     every variant and W under smsim (bin/smsim of this checkout, or SMSIM)

Per configuration (variant, W), block 0 (smsim: its one SM; GPU: the median block of 0-3 by the figure), for
each scheduler (warp % 4) its warps from the oldest (lowest) up as warp:t0/t63, where t0 and t63 are the
warp's stamps at trips 0 and 63 less the block's earliest trip-0 stamp, and one line of figures:
  lag     p50 over schedulers of (the scheduler's oldest warp's t63 - its youngest's): > 0 the old lag
  young   p50 over schedulers of the youngest warp's cycles a trip (trips 0-63)
  old     p50 over schedulers of the oldest warp's cycles a trip (trips 0-63; '-' if it has no trip-63 stamp)
"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "ordst"))
import analyse as ordst  # mech_ordst's analyse.py: its stamp readers and smsim_cycles (one format)

VARIANTS = [  # name, kernel, loop heads (pc: first trip), import options
    ("f16", "_Z10ord_stamp2ILi0EEvjPfPjP8BlockRec", {0x2a0: 0, 0x440: 32}, "--trips 0x400=32 --trips 0x5a0=96 --span 0x90:0x770"),
    ("f4", "_Z10ord_stamp2ILi1EEvjPfPjP8BlockRec", {0x1d0: 0, 0x2b0: 32}, "--trips 0x270=32 --trips 0x350=96 --span 0xc0:0x5e0"),
]
WS = [1, 4, 8, 12, 16, 20, 24, 32]


def med(v):
    v = sorted(v)
    return v[len(v) // 2] if v else None


def block_summary(warps):
    """warps: {warp: {trip: t}} -> (figures dict, per-scheduler text)"""
    t0 = min(t[0] for t in warps.values() if 0 in t)
    lag, young, old, text = [], [], [], []
    for sch in range(4):
        mine = sorted(w for w in warps if w % 4 == sch)
        if not mine:
            continue
        text.append("  s%d " % sch + " ".join(
            "w%d:%s/%s" % (w, warps[w].get(0, 0) - t0, (warps[w][63] - t0) if 63 in warps[w] else "-") for w in mine))
        y, o = warps[mine[-1]], warps[mine[0]]
        if 63 in y and 0 in y:
            young.append((y[63] - y[0]) / 63)
        if 63 in o and 0 in o:
            old.append((o[63] - o[0]) / 63)
        if len(mine) > 1 and 63 in y and 63 in o:
            lag.append(o[63] - y[63])
    f = {"lag": med(lag), "young": med(young), "old": med(old)}
    return f, text


def fmt(f):
    g = lambda x, p: "-" if x is None else ("%.1f" % x if p else "%d" % x)
    return "lag %s  young %s  old %s" % (g(f["lag"], 0), g(f["young"], 1), g(f["old"], 1))


read_raw = ordst.read_raw


def read_smsim(path, heads):
    """block 0's warps {warp: {trip: t}} from smsim's --stamps (every trip; the summary reads 0 and 63)"""
    return ordst.read_smsim(path, heads)[0]


def predict(policy, verbose):
    listing = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sass_local.txt")
    with tempfile.TemporaryDirectory() as tmp:
        for name, kernel, heads, opts in VARIANTS:
            for W in WS:
                st = os.path.join(tmp, "st.csv")
                cyc = ordst.smsim_cycles(listing, kernel, opts.split(), W, policy, st)
                f, text = block_summary(read_smsim(st, heads))
                print("%-4s %-3s W=%-3d cycles %7s  %s" % (policy, name, W, cyc, fmt(f)))
                if verbose and W in (8, 12, 16, 32):
                    print("\n".join(text))


def main(a):
    if len(a) >= 2 and a[0] == "raw":
        order = [v[0] for v in VARIANTS]
        for (v, W), blocks in sorted(read_raw(a[1]).items(), key=lambda kv: (order.index(kv[0][0]), kv[0][1])):
            sums = [(block_summary(ws), b) for b, ws in sorted(blocks.items())]
            lags = sorted(sums, key=lambda s: (s[0][0]["lag"] is None, s[0][0]["lag"] or 0))
            (f, text), b = lags[len(lags) // 2]
            print("gpu  %-3s W=%-3d block %d  %s   (blocks' lag %s)" % (v, W, b, fmt(f), " ".join(str(s[0][0]["lag"]) for s in sums)))
            if W in (8, 12, 16, 32):
                print("\n".join(text))
    elif a and a[0] == "predict":
        verbose = "-v" in a
        for policy in [p for p in a[1:] if p != "-v"] or ["bgrr"]:
            predict(policy, verbose)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
