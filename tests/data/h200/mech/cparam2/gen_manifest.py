# Writes tests/data/h200/mech/cparam2/programs.csv from the set's SASS listing: cq_same<M, W, 0>, cq_warm<M, W>,
# cq_dist<M, W> (workloads/cuda/import/cparam.cu, group mech_cparam2), one row a kernel: M independent LDCs of a
# register address after the start stamp into one cold constant line (same), the same line read before the start
# barrier (warm), or M distinct cold lines (dist). The sel rows (cq_same<M, 16, SEL>, only some warps load: a
# predicate on the warp's index) are timed to read the mechanism and not imported (the importer has one program for
# every warp). --span from tests/span_pcs.py; `--arg 2=1` (tag, 1 on the host) reads the guard branch before the
# barrier; cq_warm's guard store is predicated, off in every lane (`--mem PC=lanes=0`). Each LDC of a register address
# gets the constant byte it reads (`--mem PC=caddr=0x...`: its register, 4 threadIdx.y + a constant, is that constant in
# a one-dimensional block, which the importer does not know), so that smsim's constant lines (round 50) see it.
# Exits naming the kernel when its loads are not where the set needs them.
# Usage: python3 gen_manifest.py sass.txt > programs.csv;  ... --runs (a runs.csv of every row, cycles 1);
#        ... --predict VAL (predictions.txt from tests/import_validate.sh VERBOSE=1 on the --runs rows)
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../..'))
from span_pcs import MANIFEST_HEADER, RUNS_HEADER, guard_store, indexed_ldcs, kernels, print_table, span  # tests/span_pcs.py


def parse(name):
    m = re.match(r'_Z7cq_sameILi(\d+)ELi(\d+)ELi(\d+)EE', name)
    if m:
        return ('same' if m.group(3) == '0' else 'sel'), int(m.group(1)), int(m.group(2)), int(m.group(3))
    m = re.match(r'_Z7cq_(warm|dist)ILi(\d+)ELi(\d+)EE', name)
    if m:
        return m.group(1), int(m.group(2)), int(m.group(3)), 0
    return None


ORDER = {'same': 0, 'warm': 1, 'dist': 2, 'sel': 3}
path = sys.argv[1]
mode = sys.argv[2] if len(sys.argv) > 2 else ''
rows, runs = [], []
for name, ins in kernels(path).items():
    p = parse(name)
    if not p:
        continue
    v, M, W, SEL = p
    f, t = span(path, name)
    bar = next(pc for pc, x in ins if x.startswith('BAR.SYNC'))
    post, pre, imm = indexed_ldcs(ins, f, t, bar)
    if len(post) != M:
        sys.exit('gen_manifest.py: %s: %d LDCs of a register address after the stamp (expected %d)' % (name, len(post), M))
    if len(pre) != (1 if v == 'warm' else 0):
        sys.exit('gen_manifest.py: %s: %d such LDCs before the barrier' % (name, len(pre)))
    prm = 'm=%d;sel=%d' % (M, SEL) if v in ('same', 'sel') else 'm=%d' % M
    runs.append(((ORDER[v], W, M, SEL), 'mech_cparam2,%s,%s,%d,%d,1,%d,%d,%s,1,1,1,0,1980,5' % (name, v, M, W, 32 * W, M, prm)))
    if v == 'sel':
        continue
    opts = '--arg 2=1 --span 0x%x:0x%x' % (f, t)
    # the byte each indexed LDC reads (--mem PC=caddr=): its register is 4 threadIdx.y + a constant (0 + that constant
    # in a one-dimensional block), the same register for every load of the chain; placed so that the lowest reads
    # 0x300 (v[54]), then checked against the words the source reads
    want = sorted(0x300 + (12 if v != 'dist' else 64) * i for i in range(M))
    delta = 0x300 - min(imm[pc] for pc in post)
    if sorted(imm[pc] + delta for pc in post) != want:
        sys.exit('gen_manifest.py: %s: the indexed LDCs read %s (expected %s)' % (name, [hex(imm[pc] + delta) for pc in post], [hex(a) for a in want]))
    addr = {pc: imm[pc] + delta for pc in post}
    if v == 'warm':
        addr[pre[0]] = 0x33c  # the one indexed LDC before the barrier: v[69 + threadIdx.y] (its own register)
    opts += ''.join(' --mem 0x%x=caddr=0x%x' % (pc, addr[pc]) for pc in sorted(addr))
    if v == 'warm':
        opts += ' --mem 0x%x=lanes=0' % guard_store(ins, bar, name)
    what = {'same': '%d independent LDCs into the one cold line 0x300 after the stamp' % M,
            'warm': '%d independent LDCs into line 0x300, read by LDC before the start barrier' % M,
            'dist': '%d independent LDCs into %d distinct cold lines 0x300 + 64 i after the stamp' % (M, M)}[v]
    rows.append(((ORDER[v], M, W), 'mech_cparam2.%s_m%d_w%d,mech_cparam2,%s,%d,%s,%d,%s,99,"%s","%s; one block of %d warps an SM"'
                 % (v, M, W, v, M, prm, W, name, opts, what, W)))

if mode == '--runs':
    print_table(['# synthetic runs.csv of mech_cparam2 (every row the device call writes, cycles 1): '
                 'for tests/import_validate.sh VERBOSE=1'], RUNS_HEADER, runs)
else:
    print_table(['# smsim import validation manifest for tests/data/h200/mech/cparam2 (group mech_cparam2: how warps and loads share a '
                 'cold constant line\'s fill; workloads/cuda/import/cparam.cu; SASS: sass_local.txt, a local compile)',
                 '# one row a kernel (one block an SM); --arg 2=1 reads the tag branch before the start barrier; the sel rows are not imported'],
                MANIFEST_HEADER, rows)
