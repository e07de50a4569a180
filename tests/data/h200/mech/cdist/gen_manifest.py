# Writes tests/data/h200/mech/cdist/programs.csv from the set's SASS listing: cd_warp<M, W, WARM>
# (workloads/cuda/import/cparam.cu, group mech_cdist), one row a kernel (one block of W warps an SM): M independent LDCs
# of a register address after the start stamp into M distinct cold lines 0x300 + 64 i (WARM 1: the lines read before the
# start barrier), then lane 0's clock once each value is in (the side file cdist.csv has the per-warp stamps; the rows
# here are the block's span, as every set's). --span from tests/span_pcs.py; `--arg 2=1` (tag, 1 on the host) reads the
# guard before the barrier, whose store is predicated, off in every lane (`--mem PC=lanes=0`). Each LDC of a register
# address gets the constant byte it reads (`--mem PC=caddr=0x...`, as mech_cparam2's: its register is 4 threadIdx.y + a
# constant, that constant in a one-dimensional block). The sms=1 rows (one block on one SM) are not imported.
# Exits naming the kernel when its loads are not where the set needs them.
# Usage: python3 gen_manifest.py sass.txt > programs.csv;  ... --runs (a runs.csv of every row, cycles 1)
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../..'))
from span_pcs import MANIFEST_HEADER, RUNS_HEADER, guard_store, indexed_ldcs, kernels, print_table, span  # tests/span_pcs.py

path = sys.argv[1]
mode = sys.argv[2] if len(sys.argv) > 2 else ''
rows, runs = [], []
for name, ins in kernels(path).items():
    m = re.match(r'_Z7cd_warpILi(\d+)ELi(\d+)ELi(\d)EE', name)
    if not m:
        continue
    M, W, WARM = int(m.group(1)), int(m.group(2)), int(m.group(3))
    v = 'warm' if WARM else 'dist'
    f, t = span(path, name)
    bar = next(pc for pc, x in ins if x.startswith('BAR.SYNC'))
    post, pre, imm = indexed_ldcs(ins, f, t, bar)
    if len(post) != M:
        sys.exit('gen_manifest.py: %s: %d LDCs of a register address after the stamp (expected %d)' % (name, len(post), M))
    if len(pre) != (M if WARM else 0):
        sys.exit('gen_manifest.py: %s: %d such LDCs before the barrier (expected %d)' % (name, len(pre), M if WARM else 0))
    first = next(pc for pc, x in ins if f < pc < t and re.search(r'ISETP\S* P\d, PT, R\d+, 0x7fffffff', x))
    if max(post) > first:
        sys.exit('gen_manifest.py: %s: an LDC at 0x%x after the first value\'s ISETP (0x%x)' % (name, max(post), first))
    opts = '--arg 2=1 --span 0x%x:0x%x' % (f, t)
    delta = 0x300 - min(imm[pc] for pc in post)
    want = [0x300 + 64 * i for i in range(M)]
    if sorted(imm[pc] + delta for pc in post) != want:
        sys.exit('gen_manifest.py: %s: the indexed LDCs read %s (expected %s)'
                 % (name, [hex(imm[pc] + delta) for pc in post], [hex(a) for a in want]))
    addr = {pc: imm[pc] + delta for pc in post + pre}  # before the barrier: word 60 + 16 i, 0x318 + 64 i
    if WARM and sorted(addr[pc] for pc in pre) != [0x318 + 64 * i for i in range(M)]:
        sys.exit('gen_manifest.py: %s: the LDCs before the barrier read %s' % (name, [hex(addr[pc]) for pc in pre]))
    opts += ''.join(' --mem 0x%x=caddr=0x%x' % (pc, addr[pc]) for pc in sorted(addr))
    if WARM:
        opts += ' --mem 0x%x=lanes=0' % guard_store(ins, bar, name)
    prm = 'm=%d;warm=%d' % (M, WARM)
    what = '%d independent LDCs into %d distinct %s lines 0x300 + 64 i after the stamp, lane 0\'s clock as each value comes' % (
        M, M, 'warm' if WARM else 'cold')
    runs.append(((W, WARM, M), 'mech_cdist,%s,%s,%d,%d,1,%d,%d,%s,1,1,1,0,1980,5' % (name, v, M, W, 32 * W, M, prm)))
    rows.append(((WARM, M, W), 'mech_cdist.%s_m%d_w%d,mech_cdist,%s,%d,%s,%d,%s,99,"%s","%s; one block of %d warps an SM"'
                 % (v, M, W, v, M, prm, W, name, opts, what, W)))

if mode == '--runs':
    print_table(['# synthetic runs.csv of mech_cdist (every full-GPU row the device call writes, cycles 1): '
                 'for tests/import_validate.sh VERBOSE=1'], RUNS_HEADER, runs)
else:
    print_table(['# smsim import validation manifest for tests/data/h200/mech/cdist (group mech_cdist: when each of a warp\'s '
                 'independent cold constant lines arrives; workloads/cuda/import/cparam.cu; SASS: sass_local.txt, a local compile)',
                 '# one row a kernel (one block an SM); the per-warp stamps are in the side file cdist.csv, not here; the sms=1 '
                 'rows are not imported'], MANIFEST_HEADER, rows)
