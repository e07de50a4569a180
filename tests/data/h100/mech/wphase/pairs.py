# tests/data/h100/mech/wphase/pairs.py FILE: per launch, the warps' loop times and, at 8 warps, each scheduler pair's
# start offset (warp s + 4 less warp s, cycles) by regime (paid: the pair's mean loop time above 38500 cycles).
# FILE: wphase.csv (xz -dc wphase.csv.xz > wphase.csv).
import csv, sys, statistics, collections
f = sys.argv[1]
rows = list(csv.DictReader(open(f)))
by = collections.defaultdict(dict)
for r in rows:
    by[(int(r['W']), int(r['launch']), int(r['block']))][int(r['warp'])] = (int(r['t0']), int(r['t1']), int(r['smid']))
for W in (4, 8, 12):
    for L in range(3):
        keys = [k for k in by if k[0] == W and k[1] == L]
        if not keys: continue
        durs = []; pairs = []
        for k in keys:
            d = by[k]
            for w, (a, b, sm) in d.items(): durs.append((b - a) & 0xffffffff)
            if W == 8:
                for s in range(4):
                    a0, b0, _ = d[s]; a1, b1, _ = d[s + 4]
                    off = (a1 - a0) & 0xffffffff
                    if off > 0x7fffffff: off -= 1 << 32
                    dur = ((b0 - a0) & 0xffffffff + (b1 - a1) & 0xffffffff) / 2
                    pairs.append((off, ((b0 - a0) & 0xffffffff), ((b1 - a1) & 0xffffffff), k[2], s))
        durs.sort()
        print('W%d launch %d: warp loop times p0 %d p10 %d p50 %d p90 %d p100 %d' % (W, L, durs[0], durs[len(durs)//10], durs[len(durs)//2], durs[9*len(durs)//10], durs[-1]))
        if W == 8:
            thr = 38500
            slow = [p for p in pairs if (p[1] + p[2]) / 2 > thr]
            fast = [p for p in pairs if (p[1] + p[2]) / 2 <= thr]
            print('  pairs: %d paid (>%d), %d hidden' % (len(slow), thr, len(fast)))
            for name, grp in (('paid', slow), ('hidden', fast)):
                c = collections.Counter(p[0] for p in grp)
                cm = collections.Counter(p[0] % 4 for p in grp)
                print('   %-6s offsets (t0[s+4]-t0[s]):' % name, sorted(c.items())[:30], ' mod 4:', sorted(cm.items()))
            # per SM: are all 4 pairs alike?
            sm = collections.defaultdict(list)
            for p in pairs: sm[p[3]].append((p[1] + p[2]) / 2 > thr)
            mix = sum(1 for v in sm.values() if 0 < sum(v) < 4)
            print('  blocks with mixed pairs: %d of %d; all paid %d, all hidden %d' % (mix, len(sm), sum(1 for v in sm.values() if sum(v) == 4), sum(1 for v in sm.values() if sum(v) == 0)))
