# Writes tests/data/h200/mech/seg/programs.csv from the set's SASS listing (round 27): mech_seg's
# seg_t<V> at 1, 8 and 32 warps (and 32 warps with two blocks resident), mech_place's t0_off<0, 0> at
# one warp. The PCs for --span (thread 0's c0 and c1 stamps) and --taken (the trap guards, lane 0's
# branch) come from the listing. Every row's max_mape comes out 99; tests/import_limits.py then sets
# the limits by the rule.
# Usage: python3 tests/data/h200/mech/seg/gen_manifest.py tests/data/h200/mech/seg/sass.txt > programs.csv
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../..'))
from stamp_manifest import kernels, span, taken  # tests/stamp_manifest.py

txt = open(sys.argv[1]).read()
desc = {0: "the harness's segment: the start barrier, thread 0's record, lane 0's stores of three stamps under a branch, the end barrier",
        1: "thread 0's record before the start barrier; lane 0's stores, the end barrier",
        2: "the start barrier, thread 0's record, every lane's stores of three stamps (no branch), the end barrier",
        3: "the start barrier, thread 0's record, no stores, the end barrier"}
rows = []
for name, ins in kernels(txt):
    m = re.match(r'_Z5seg_tILi(\d)E', name)
    t0 = name.startswith('_Z6t0_offILi0ELi0E')
    if not m and not t0:
        continue
    opts = taken(ins)
    c0, c1 = span(ins)
    bars = [pc for pc, t in ins if t.startswith('BAR.SYNC')]
    if m and int(m.group(1)) == 2:  # every lane stores one word: one lane's bytes (as mech_stread's L = 32 rows)
        opts += ['--mem 0x%x=lanes=1' % pc for pc, t in ins if bars[0] < pc < bars[-1] and t.startswith('STG')]
    o = '--span 0x%x:0x%x %s' % (c0, c1, ' '.join(opts))
    if t0:
        what = ['as mech_t0off v0', 'its stamps 528 blocks further', 'its records 528 further', 'both further']
        for p in range(4):
            rows.append((100 + p, 'mech_place.p%d,mech_place,p%d,1,blocks=8,1,%s,99,"%s","t0_off<0, 0>: 8 one-warp blocks an SM, one resident, %s"' % (p, p, name, o, what[p])))
        continue
    V = int(m.group(1))
    rows.append((V, 'mech_seg.v%d,mech_seg,v%d,1,res=1,*,%s,99,"%s","%s; every warp stamps inside it; 8 blocks an SM of 1, 8 or 32 warps, one resident"' % (V, V, name, o, desc[V])))
    if V in (0, 3):
        rows.append((10 + V, 'mech_seg.v%dr2,mech_seg,v%d,1,res=2,*,%s,99,"%s","%s; 8 blocks an SM of 32 warps, two resident"' % (V, V, name, o, desc[V])))
print("# smsim import validation manifest for tests/data/h200/mech/seg (mech_seg, issue #18 round 27: a 32-warp block's segment after its work, stamped inside; mech_place: one-warp blocks by place; workloads/cuda/import/mech.cu seg_t, run_place)")
print("# family,group,variant,ilp,param,warps,kernel,max_mape,options,note (tests/import_validate.sh; blocks=B: B blocks an SM in all; --span: the harness's stamps)")
print("family,group,variant,ilp,param,warps,kernel,max_mape,options,note")
for _, r in sorted(rows):
    print(r)
