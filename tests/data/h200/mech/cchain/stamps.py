# Per-warp stamps of mech_cchain, measured or simulated, summarised alike: for each kind and W, lat1 = t1 - t0 (the
# load of n), lat2 = t2 - t1 (the loads of x and y and the FFMA) as min / median / max over the block's warps (the
# median over SMs of each, for the GPU), and the spread (max - min over the warps) of t1 and of t2 after c0.
#   python3 stamps.py --gpu cchain.csv.gz            the H100's side file (tests/data/h100/mech/cchain; a launch on
#       G < all SMs, sms/cchain.csv.gz, is kind@smsG)
#   python3 stamps.py --sim KEEPDIR [SMSIM [ARCH_SET]]  smsim's, from `run --trace` of the programs an
#       import_validate.sh KEEP=KEEPDIR run imported (the three CS2R.32 SR_CLOCKLO of each warp: t0, t1, t2)
import csv
import gzip
import os
import statistics
import subprocess
import sys


def summary(rows):  # rows: (kind, W, block, warp, t0, lat1, lat2) -> {(kind, W): stats}
    by = {}
    for k, W, b, w, t0, l1, l2 in rows:
        by.setdefault((k, W), {}).setdefault(b, []).append((t0, l1, l2))
    out = {}
    for key, blocks in by.items():
        per = []
        for ws in blocks.values():
            l1 = [x[1] for x in ws]
            l2 = [x[2] for x in ws]
            t1 = [x[0] + x[1] for x in ws]
            t2 = [x[0] + x[1] + x[2] for x in ws]
            per.append((min(l1), statistics.median(l1), max(l1), min(l2), statistics.median(l2), max(l2),
                        max(t1) - min(t1), max(t2) - min(t2)))
        out[key] = [statistics.median(p[i] for p in per) for i in range(8)]
    return out


def gpu(path):
    op = gzip.open if path.endswith('.gz') else open
    rows = []
    with op(path, 'rt') as f:
        for r in csv.DictReader(f):
            k = r['kind'] if r.get('sms') in (None, '', '132') else '%s@sms%s' % (r['kind'], r['sms'])
            rows.append((k, int(r['warps']), int(r['block']), int(r['warp']), int(r['t0_after_c0']),
                         int(r['t1_minus_t0']), int(r['t2_minus_t1'])))
    return summary(rows)


def sim(keep, smsim, arch_set):
    rows = []
    progs = {}
    for line in open(os.path.join(keep, 'progs')):
        pid, _, _, fam = line.rstrip('\n').split('\t')
        progs[fam] = pid
    for fam, pid in progs.items():
        kind, w = fam.split('.')[1].rsplit('_w', 1)
        W = int(w)
        prog = os.path.join(keep, 'prog', 'p%s.prog' % pid)
        pcs = []
        for l in open(prog):
            if l.startswith('[') and 'CS2R.32' in l and 'SR_CLOCKLO' in l:
                pcs.append(l.split('/*')[1].split('*/')[0])
        pcs = ['0x%04x' % int(p, 16) for p in pcs]
        trf = os.path.join(keep, 'trace%s.csv' % pid)
        args = [smsim, 'run', '--program', prog, '--warps', str(W), '--smem', '122880', '--trace', trf]
        if arch_set:
            args += ['--arch-set', arch_set]
        subprocess.run(args, capture_output=True, text=True, check=True)
        t = {}
        for l in open(trf):
            f = l.split(',')
            if len(f) == 5 and f[2] in pcs:
                t.setdefault(int(f[1]), {})[f[2]] = int(f[4])
        for w, d in t.items():
            t0, t1, t2 = (d[p] for p in pcs)
            rows.append((kind, W, 0, w, t0, t1 - t0, t2 - t1))
    return summary(rows)


if __name__ == '__main__':
    if sys.argv[1] == '--gpu':
        s = gpu(sys.argv[2])
    else:
        s = sim(sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else 'bin/smsim', sys.argv[4] if len(sys.argv) > 4 else '')
    print('# kind W lat1_min lat1_med lat1_max lat2_min lat2_med lat2_max t1_spread t2_spread')
    order = {'one': 0, 'warm': 1, 'line300': 2, 'split': 3, 'p200': 4, 'p300': 5}
    for (k, W), v in sorted(s.items(), key=lambda x: (order[x[0][0].split('@')[0]], x[0][0], x[0][1])):
        print(k, W, ' '.join('%g' % x for x in v))
