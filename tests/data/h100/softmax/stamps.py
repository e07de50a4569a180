#!/usr/bin/env python3
"""softmax_st's clocks, GPU or smsim, summarised alike (round 54).

  stamps.py raw SOFTMAX_ST.csv       the harness's side file (every block's warps, rows, p0..p5 less the block's c0)
  stamps.py sim [SMSIM]              smsim's --stamps for the same kernels (programs_st.csv, sass_st_local.txt)

A row's five phases from lane 0's clocks (softmax_st<W>, workloads/cuda/import/course3.cu): load (p0 -> p1: the
row's LDG, the max chain and five SHFL rounds, up to the warp max's STS), bar1 (p1 -> p2), exp (p2 -> p3: the LDS
broadcasts, the W - 1 max chain, __expf and the sum, five SHFL rounds, the STS), bar2 (p3 -> p4), store (p4 -> p5:
the sum's LDS and chain, MUFU.RCP, the products and the STG issued), tail (p5 -> the next row's p0: the stamps'
STS, the third barrier, the back edge). Each the mean over warps and rows 1..6 (row 0 starts cold, row 7 has no
next p0); GPU: the median over the SMs (one block each) of those means; then the row (p0 -> next p0) and the span.
"""
import csv
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PH = ['load', 'bar1', 'exp', 'bar2', 'store', 'tail']


def phases(rows):
    """rows: {(warp, row): [p0..p5]} of one block -> mean phase durations and the row time"""
    acc = [[] for _ in range(7)]
    for (w, r), p in rows.items():
        if r < 1 or r > 6 or (w, r + 1) not in rows:
            continue
        nxt = rows[(w, r + 1)][0]
        d = [p[1] - p[0], p[2] - p[1], p[3] - p[2], p[4] - p[3], p[5] - p[4], nxt - p[5], nxt - p[0]]
        for i in range(7):
            acc[i].append(d[i])
    return [statistics.mean(a) for a in acc]


def show(key, ph, span):
    print('%-4s W=%-3d %s  row %6.1f  span %7.1f' % (key[0], key[1], ' '.join('%s %6.1f' % (n, v) for n, v in zip(PH, ph)),
                                                  ph[6], span))


def raw(path):
    blocks = {}
    for r in csv.DictReader(open(path)):
        k = (r['var'], int(r['warps']))
        b = blocks.setdefault(k, {}).setdefault(int(r['block']), [{}, 0])
        b[0][(int(r['warp']), int(r['row']))] = [int(r['p%d' % i]) for i in range(6)]
        b[1] = int(r['c1'])
    for k in sorted(blocks, key=lambda k: (k[0], k[1])):
        per = [phases(b[0]) for b in blocks[k].values()]
        med = [statistics.median(p[i] for p in per) for i in range(7)]
        show(k, med, statistics.median(b[1] for b in blocks[k].values()))


def sim(smsim):
    rows = list(csv.reader(l for l in open(os.path.join(HERE, 'programs_st.csv')) if not l.startswith('#')))[1:]
    sass = os.path.join(HERE, 'sass_st_local.txt')
    for r in rows:
        var, W, kern, opts = r[2], int(r[5]), r[6], r[8].split()
        with tempfile.TemporaryDirectory() as tmp:
            st = os.path.join(tmp, 'st.csv')
            out = subprocess.run([smsim, 'run', '--sass', sass, '--kernel', kern] + opts +
                                 ['--warps', str(W), '--smem', '122880', '--stamps', st, '--csv'],
                                 capture_output=True, text=True, check=True).stdout
            stamps = list(csv.DictReader(open(st)))
        pcs = sorted({int(s['pc'], 0) for s in stamps})
        c0pc, loop = pcs[0], pcs[1:7]  # the harness's c0 (thread 0), then the row's six clocks
        c0 = min(int(s['cycle']) for s in stamps if int(s['pc'], 0) == c0pc)
        seen, blk = {}, {}
        for s in stamps:
            pc = int(s['pc'], 0)
            if pc not in loop:
                continue
            w = int(s['warp'])
            i = loop.index(pc)
            n = seen.get((w, i), 0)
            seen[(w, i)] = n + 1
            blk.setdefault((w, n), [0] * 6)[i] = int(s['cycle']) - c0
        span = [int(s['cycle']) for s in stamps if int(s['pc'], 0) == pcs[-1]]
        show((var, W), phases(blk), (max(span) - c0) if span else float('nan'))


if __name__ == '__main__':
    if len(sys.argv) >= 3 and sys.argv[1] == 'raw':
        raw(sys.argv[2])
    elif len(sys.argv) >= 2 and sys.argv[1] == 'sim':
        sim(sys.argv[2] if len(sys.argv) > 2 else 'bin/smsim')
    else:
        sys.exit(__doc__)
