# Writes tests/data/h200/mech/cwarp/programs.csv from the set's SASS listing: cw_warp<W, KIND> (workloads/cuda/import/
# cparam.cu, group mech_cwarp), one row a kernel (one block of W warps an SM): each warp's own clock around its first
# constant load after the start stamp (the side file cwarp.csv has the per-warp stamps; the rows here are the block's
# span as every set's). KIND 0 (idx) an LDC of a register address into the cold line 0x300 (p at c[0x0][0x234]: v[54]
# at 0x30c); 1 (imm) an LDC c[0x0][0x30c]; 2, 3 the same with the line read before the start barrier (v[66], 0x33c).
# --span from tests/span_pcs.py; `--arg 2=1` (tag) reads the guard branch before the barrier (KIND 0, 1); KIND 2 and
# 3's guard store is predicated, off in every lane (--mem PC=lanes=0); each LDC of a register address gets its byte
# (--mem PC=caddr=: 0x30c after the stamp, 0x33c before the barrier; the register is 4 threadIdx.y plus a constant).
# Usage: python3 gen_manifest.py sass.txt > programs.csv; ... --runs (a runs.csv of every row, cycles 1)
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../..'))
from span_pcs import MANIFEST_HEADER, RUNS_HEADER, guard_store, indexed_ldcs, kernels, print_table, span  # tests/span_pcs.py


KINDS = ['idx', 'imm', 'idx_warm', 'imm_warm']
path = sys.argv[1]
mode = sys.argv[2] if len(sys.argv) > 2 else ''
rows, runs = [], []
for name, ins in kernels(path).items():
    m = re.match(r'_Z7cw_warpILi(\d+)ELi(\d+)EE', name)
    if not m:
        continue
    W, K = int(m.group(1)), int(m.group(2))
    f, t = span(path, name)
    bar = next(pc for pc, x in ins if x.startswith('BAR.SYNC'))
    post, pre, _ = indexed_ldcs(ins, f, t, bar)
    imm = [pc for pc, x in ins if f < pc < t and re.search(r'\bLDC\s+R\d+,\s*c\[0x0\]\[0x30c\]', x)]
    if (K in (0, 2)) != (len(post) == 1) or (K in (1, 3)) != (len(imm) == 1) or (K >= 2) != (len(pre) == 1):
        sys.exit('gen_manifest.py: %s: constant loads not where the set needs them (after the stamp: %d indexed, %d of '
                 '0x30c; before the barrier: %d indexed)' % (name, len(post), len(imm), len(pre)))
    opts = '--span 0x%x:0x%x' % (f, t)
    if K < 2:
        opts = '--arg 2=1 ' + opts
    else:
        opts += ' --mem 0x%x=lanes=0' % guard_store(ins, bar, name)
    opts += ''.join(' --mem 0x%x=caddr=0x30c' % pc for pc in post) + ''.join(' --mem 0x%x=caddr=0x33c' % pc for pc in pre)
    what = ['an LDC of a register address into the cold line 0x300', 'an LDC c[0x0][0x30c] into the cold line 0x300',
            'an LDC of a register address into line 0x300, read before the start barrier',
            'an LDC c[0x0][0x30c] into line 0x300, read before the start barrier'][K]
    rows.append(((K, W), 'mech_cwarp.%s_w%d,mech_cwarp,%s,1,kind=%d,%d,%s,99,"%s","each warp\'s first constant load after '
                 'the stamp: %s; one block of %d warps an SM"' % (KINDS[K], W, KINDS[K], K, W, name, opts, what, W)))
    runs.append(((W, K), 'mech_cwarp,%s,%s,1,%d,1,%d,1,kind=%d,1,1,1,0,1980,5' % (name, KINDS[K], W, 32 * W, K)))

if mode == '--runs':
    print_table(['# synthetic runs.csv of mech_cwarp (every row, cycles 1): '
                 'for tests/import_validate.sh VERBOSE=1'], RUNS_HEADER, runs)
else:
    print_table(['# smsim import validation manifest for tests/data/h200/mech/cwarp (group mech_cwarp: each warp\'s clock around its '
                 'first constant load; workloads/cuda/import/cparam.cu; SASS: sass_local.txt, a local compile)',
                 '# one row a kernel (one block an SM); the per-warp stamps are in the side file cwarp.csv, not here'],
                MANIFEST_HEADER, rows)
