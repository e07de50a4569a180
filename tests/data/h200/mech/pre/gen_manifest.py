# Writes tests/data/h200/mech/pre/programs.csv from the set's SASS listing (round 28b): mech_pre's
# pre_z<N> at 8 and 32 warps and two resident blocks of 32 (pre_r's rows are not imported: their skew
# is a branch on the warp, which an imported program cannot take by warp). The PCs for --span
# (thread 0's c0 and c1 stamps) and --taken (the trap guards, lane 0's branch) come from the listing.
# Every row's max_mape comes out 99; tests/import_limits.py then sets the limits by the rule.
# Usage: python3 tests/data/h200/mech/pre/gen_manifest.py tests/data/h200/mech/pre/sass.txt > programs.csv
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../..'))
from stamp_manifest import kernels, span, taken  # tests/stamp_manifest.py

txt = open(sys.argv[1]).read()
rows = []
for name, ins in kernels(txt):
    m = re.match(r'_Z5pre_zILi(\d+)E', name)
    if not m:
        continue
    N = int(m.group(1))
    opts = taken(ins)
    c0, c1 = span(ins)
    o = '--span 0x%x:0x%x %s' % (c0, c1, ' '.join(opts))
    what = 'every warp straight to the barrier, %d independent VIADDs and a clock after it, the LOP3s folding them' % N
    rows.append((N, 'mech_pre.z%d,mech_pre,z%d,1,res=1,*,%s,99,"%s","%s, then the branch its release holds; 8 blocks an SM of 8 or 32 warps, one resident"' % (N, N, name, o, what)))
    if N in (0, 8, 24):
        rows.append((1000 + N, 'mech_pre.z%dr2,mech_pre,z%d,1,res=2,*,%s,99,"%s","%s, then the branch its release holds; 8 blocks an SM of 32 warps, two resident"' % (N, N, name, o, what)))
print("# smsim import validation manifest for tests/data/h200/mech/pre (mech_pre, issue #18 round 28b: what a warp issues past a barrier before its release with the block's warps arriving together; workloads/cuda/import/mech.cu pre_z)")
print("# family,group,variant,ilp,param,warps,kernel,max_mape,options,note (tests/import_validate.sh; blocks=B: B blocks an SM in all; --span: the harness's stamps)")
print("family,group,variant,ilp,param,warps,kernel,max_mape,options,note")
for _, r in sorted(rows):
    print(r)
