# smsim's per-warp stamps for a KEEP directory of tests/import_validate.sh run on this set's manifest: for each row,
# every warp's t0 (after thread 0's start stamp) and the gaps t1 - t0, ..., tM - t(M-1), as cdist.csv has them.
# Usage: python3 simstamps.py KEEP [SMSIM]   (KEEP: tests/import_validate.sh's KEEP=dir)
import os
import subprocess
import sys

keep = sys.argv[1]
smsim = sys.argv[2] if len(sys.argv) > 2 else 'bin/smsim'
for line in open(os.path.join(keep, 'progs')):
    pid, _, _, fam = line.rstrip('\n').split('\t')
    kind, w = fam.split('.')[1].rsplit('_w', 1)
    W = int(w)
    prog = os.path.join(keep, 'prog', 'p%s.prog' % pid)
    pcs, c0pc = [], None
    for l in open(prog):
        if l.startswith('[') and 'CS2R' in l and 'SR_CLOCKLO' in l:
            pc = '0x%04x' % int(l.split('/*')[1].split('*/')[0], 16)
            if 'CS2R.32' in l:
                pcs.append(pc)
            elif c0pc is None:
                c0pc = pc
    trf = '/tmp/cdist_tr%s.csv' % pid
    subprocess.run([smsim, 'run', '--program', prog, '--warps', str(W), '--smem', '122880', '--trace', trf],
                   capture_output=True, check=True)
    t = {}
    for l in open(trf):
        f = l.split(',')
        if len(f) == 5 and (f[2] in pcs or f[2] == c0pc):
            t.setdefault(int(f[1]), {})[f[2]] = int(f[4])
    c0 = t[0][c0pc]
    out = []
    for w in sorted(t):
        s = [t[w][p] for p in pcs]
        out.append('%d:%s' % (s[0] - c0, '/'.join(str(b - a) for a, b in zip(s, s[1:]))))
    print(kind, W, ' '.join(out))
