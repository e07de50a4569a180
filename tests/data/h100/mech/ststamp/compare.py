#!/usr/bin/env python3
"""mech_ststamp's coalesced 4-byte stores (coal_b4): the H100's stamps (ststamp_raw.csv.gz here, blocks 0-3)
beside smsim's (smsim run --stamps of the same kernels, tests/data/h200/mech/ststamp/sass_local.txt), over
steps 64-126 of every warp: rd (the next step's FFMA over the stored register done, less the value ready: the
store has read it), step (ready to the next step's ready) and iss (the store issued, less ready), p10/p50/p90.
Run from the repository root after make (round 37): python3 tests/data/h100/mech/ststamp/compare.py [RAW]
(RAW: another run's ststamp_raw.csv[.gz], as the H200's will be; the columns still say H100)."""
import collections
import csv
import gzip
import os
import subprocess
import sys
import tempfile

SM = os.environ.get("SMSIM", "bin/smsim")
L = "tests/data/h200/mech/ststamp/sass_local.txt"
cfg = {  # W: (kernel, opts, loop1 (read, ready, done), loop2)
 1: ('st_stampILi1ELi0ELi1EE', '--trips 0x2c0=96 --trips 0x3f0=416 --span 0x150:0x450', (0x220, 0x230, 0x280), (0x350, 0x360, 0x3b0)),
 4: ('st_stampILi1ELi0ELi4EE', '--trips 0x2f0=96 --trips 0x420=416 --span 0x130:0x480', (0x250, 0x260, 0x2b0), (0x380, 0x390, 0x3e0)),
 8: ('st_stampILi1ELi0ELi8EE', '--trips 0x2f0=96 --trips 0x420=416 --span 0x130:0x480', (0x250, 0x260, 0x2b0), (0x380, 0x390, 0x3e0)),
 16: ('st_stampILi1ELi0ELi16EE', '--trips 0x2f0=96 --trips 0x420=416 --span 0x130:0x480', (0x250, 0x260, 0x2b0), (0x380, 0x390, 0x3e0)),
 32: ('st_stampILi1ELi0ELi32EE', '--trips 0x290=96 --trips 0x3c0=416 --span 0xf0:0x460', (0x1f0, 0x200, 0x250), (0x320, 0x330, 0x380)),
}
def q(v):
    v = sorted(v); return '%d/%d/%d' % tuple(v[int(p * (len(v) - 1) + .5)] for p in (.1, .5, .9)) if v else '-'
hw = collections.defaultdict(lambda: collections.defaultdict(dict))
RAW = sys.argv[1] if len(sys.argv) > 1 else 'tests/data/h100/mech/ststamp/ststamp_raw.csv.gz'
for r in csv.DictReader(gzip.open(RAW, 'rt') if RAW.endswith('.gz') else open(RAW)):
    if r['variant'] != 'coal_b4': continue
    hw[int(r['W'])][(int(r['block']), int(r['warp']))][int(r['step'])] = (int(r['t_ready']), int(r['t_done']), int(r['t_read']) if r['t_read'] else None)
for W, (k, opts, l1, l2) in cfg.items():
    stamps = os.path.join(tempfile.mkdtemp(), "st.csv")
    subprocess.run([SM, 'run', '--sass', L, '--kernel', k] + opts.split() + ['--mem', 'STG=footprint=64K', '--warps', str(W), '--stamps', stamps], check=True, capture_output=True)
    st = collections.defaultdict(lambda: collections.defaultdict(list))
    for r in csv.DictReader(open(stamps)):
        st[int(r['warp'])][int(r['pc'], 0)].append(int(r['cycle']))
    rd, step, iss = [], [], []
    for w, pcs in st.items():
        def at(kind, s):  # kind 0 read, 1 ready, 2 done; trip s
            lp, t = (l1, s) if s < 96 else (l2, s - 96)
            return pcs[lp[kind]][t]
        for s in range(64, 127):
            rd.append(at(0, s + 1) - at(1, s)); step.append(at(1, s + 1) - at(1, s)); iss.append(at(2, s) - at(1, s))
    h_rd, h_step, h_iss = [], [], []
    for key, d in hw[W].items():
        for s in range(64, 127):
            if s in d and s + 1 in d and d[s][2] is not None:
                h_rd.append(d[s][2] - d[s][0]); h_step.append(d[s + 1][0] - d[s][0]); h_iss.append(d[s][1] - d[s][0])
    print('W=%-2d  rd smsim %-12s H100 %-12s | step smsim %-12s H100 %-12s | iss smsim %-9s H100 %s' % (W, q(rd), q(h_rd), q(step), q(h_step), q(iss), q(h_iss)))
