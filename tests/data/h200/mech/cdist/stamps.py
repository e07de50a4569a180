# Reads the side file cdist.csv (group mech_cdist, workloads/cuda/import/cparam.cu cd_warp): for each kernel (kind, M,
# W, SMs launched), each warp's median over the blocks of t0 - c0 and of each gap t(k) - t(k-1), and the spread over
# the blocks of the last value's time after t0 (10th, 50th, 90th percentile). Prints smsim's stamps beside them with
# --sim FILE (simstamps.py's output).
# Usage: python3 stamps.py cdist.csv [--sim simstamps.txt] [--warps 0,1]
import csv
import gzip
import statistics
import sys

path = sys.argv[1]
sim = {}
if '--sim' in sys.argv:
    for l in open(sys.argv[sys.argv.index('--sim') + 1]):
        f = l.split()
        if len(f) >= 3 and f[0].startswith(('dist_m', 'warm_m')) and f[1].isdigit():
            sim[(f[0], int(f[1]))] = f[2:]
show = [int(x) for x in sys.argv[sys.argv.index('--warps') + 1].split(',')] if '--warps' in sys.argv else [0]


def pct(v, q):
    v = sorted(v)
    return v[min(len(v) - 1, int(q * len(v)))]


op = gzip.open if path.endswith('.gz') else open
rows = {}
with op(path, 'rt') as fh:
    for r in csv.DictReader(fh):
        key = (r['kind'], int(r['m']), int(r['warps']), int(r['sms']))
        gaps = [int(x) for x in r['gaps'].split('/')]
        rows.setdefault(key, []).append((int(r['block']), int(r['warp']), int(r['t0_after_c0']), gaps))
for key in sorted(rows, key=lambda k: (k[3] != 132, k[0], k[2], k[1])):
    kind, M, W, G = key
    rs = rows[key]
    last = [sum(g) for _, _, _, g in rs]
    print('%s m=%d W=%d sms=%d: last value after t0 p10/p50/p90 %d/%d/%d (%d warps)'
          % (kind, M, W, G, pct(last, .1), pct(last, .5), pct(last, .9), len(rs)))
    for w in show:
        if w >= W:
            continue
        sel = [(t0, g) for _, ww, t0, g in rs if ww == w]
        t0m = statistics.median(t for t, _ in sel)
        gm = [statistics.median(g[k] for _, g in sel) for k in range(M)]
        s = sim.get(('%s_m%d' % (kind, M), W))
        print('   warp %2d  t0 %5.1f  gaps %s%s' % (w, t0m, '/'.join('%g' % x for x in gm),
                                                     ('   smsim %s' % s[w]) if s and G != 1 else ''))
