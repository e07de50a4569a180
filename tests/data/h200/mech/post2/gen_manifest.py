# Writes tests/data/h200/mech/post2/programs.csv from the set's SASS listing (round 27c): mech_post2's
# post2_r<P, N> at 8 and 32 warps. The PCs for
# --span (thread 0's c0 and c1 stamps) and --taken (the trap guards, lane 0's branch) come from the
# listing. Every row's max_mape comes out 99; tests/import_limits.py then sets the limits by the rule.
# Usage: python3 tests/data/h200/mech/post2/gen_manifest.py tests/data/h200/mech/post2/sass.txt > programs.csv
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../..'))
from stamp_manifest import kernels, span, taken  # tests/stamp_manifest.py

txt = open(sys.argv[1]).read()
rows = []
for name, ins in kernels(txt):
    m = re.match(r'_Z7post2_rILi(\d+)ELi(\d+)E', name)
    if not m:
        continue
    M, N = int(m.group(1)), int(m.group(2))
    opts = taken(ins)
    c0, c1 = span(ins)
    o = '--span 0x%x:0x%x %s' % (c0, c1, ' '.join(opts))
    n = 100 * M + N  # M: P, the IMADs before the barrier
    bar = [pc for pc, t in ins if t.startswith('BAR.SYNC')][0]
    what = '%d IMADs before the barrier (the BAR at 0x%x), %d independent VIADDs after it (and the LOP3s folding them)' % (M, bar, N)
    rows.append((n, 'mech_post2.p%d,mech_post2,p%d,1,res=1,*,%s,99,"%s","%s, then the branch its release holds; 8 blocks an SM of 8 or 32 warps, one resident"' % (n, n, name, o, what)))
print("# smsim import validation manifest for tests/data/h200/mech/post2 (mech_post2, issue #18 round 27c: what a warp issues past a barrier before its release, by count or by fetch line; workloads/cuda/import/mech.cu post2_r)")
print("# family,group,variant,ilp,param,warps,kernel,max_mape,options,note (tests/import_validate.sh; blocks=B: B blocks an SM in all; --span: the harness's stamps)")
print("family,group,variant,ilp,param,warps,kernel,max_mape,options,note")
for _, r in sorted(rows):
    print(r)
