# Writes tests/data/h200/mech/s2us/programs.csv from the set's SASS listing (round 28d): mech_s2us's s2u_t<V>
# at 16, 20, 24 and 32 warps and two resident blocks of 32. The PCs for --span (thread 0's c0 and c1 stamps) and
# --taken (the trap guards, lane 0's branch) come from the listing. Every row's max_mape comes out 99;
# tests/import_limits.py then sets the limits by the rule.
# Usage: python3 tests/data/h200/mech/s2us/gen_manifest.py tests/data/h200/mech/s2us/sass.txt > programs.csv
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../..'))
from stamp_manifest import kernels, span, taken  # tests/stamp_manifest.py

WHAT = {0: 'no S2UR', 1: 'one S2UR of the clock', 2: 'two S2URs of the clock'}
txt = open(sys.argv[1]).read()
rows = []
for name, ins in kernels(txt):
    m = re.match(r'_Z5s2u_tILi(\d+)E', name)
    if not m:
        continue
    V = int(m.group(1))
    opts = taken(ins)
    c0, c1 = span(ins)
    o = '--span 0x%x:0x%x %s' % (c0, c1, ' '.join(opts))
    what = 'each warp: a clock, %s, a clock, a branch on their value, a clock' % WHAT[V]
    rows.append((V, 'mech_s2us.v%d,mech_s2us,v%d,1,res=1,*,%s,99,"%s","%s; 8 blocks an SM of 16, 20, 24 or 32 warps, one resident"' % (V, V, name, o, what)))
    rows.append((10 + V, 'mech_s2us.v%dr2,mech_s2us,v%d,1,res=2,*,%s,99,"%s","%s; 8 blocks an SM of 32 warps, two resident"' % (V, V, name, o, what)))
print("# smsim import validation manifest for tests/data/h200/mech/s2us (mech_s2us, issue #18 round 28d: a block's S2URs at its start; workloads/cuda/import/mech.cu s2u_t)")
print("# family,group,variant,ilp,param,warps,kernel,max_mape,options,note (tests/import_validate.sh; blocks=B: B blocks an SM in all; --span: the harness's stamps)")
print("family,group,variant,ilp,param,warps,kernel,max_mape,options,note")
for _, r in sorted(rows):
    print(r)
