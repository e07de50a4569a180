# Writes tests/data/h200/mech/post/programs.csv from the set's SASS listing (round 27b): mech_post's
# post_r<M, N> at 1, 8 and 32 warps (and 32 warps with two blocks resident for N = 0, 8). The PCs for
# --span (thread 0's c0 and c1 stamps) and --taken (the trap guards, lane 0's branch) come from the
# listing. Every row's max_mape comes out 99; tests/import_limits.py then sets the limits by the rule.
# Usage: python3 tests/data/h200/mech/post/gen_manifest.py tests/data/h200/mech/post/sass.txt > programs.csv
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../..'))
from stamp_manifest import kernels, span, taken  # tests/stamp_manifest.py

txt = open(sys.argv[1]).read()
rows = []
for name, ins in kernels(txt):
    m = re.match(r'_Z6post_rILi(\d)ELi(\d+)E', name)
    if not m:
        continue
    M, N = int(m.group(1)), int(m.group(2))
    opts = taken(ins)
    c0, c1 = span(ins)
    o = '--span 0x%x:0x%x %s' % (c0, c1, ' '.join(opts))
    n = 100 * M + N
    what = ('%d independent VIADDs of a clock read (and the LOP3s folding them)' % N if M == 0 and N else
            'nothing' if M == 0 else '%d stores thread 0 alone makes (the other warps: off or branched around)' % N)
    rows.append((n, 'mech_post.n%d,mech_post,n%d,1,res=1,*,%s,99,"%s","%s between a barrier and the branch its release holds; 8 blocks an SM of 1, 8 or 32 warps, one resident"' % (n, n, name, o, what)))
    if n in (0, 8):
        rows.append((1000 + n, 'mech_post.n%dr2,mech_post,n%d,1,res=2,*,%s,99,"%s","%s between a barrier and the branch its release holds; 8 blocks an SM of 32 warps, two resident"' % (n, n, name, o, what)))
print("# smsim import validation manifest for tests/data/h200/mech/post (mech_post, issue #18 round 27b: the code between a barrier and the branch its release holds; workloads/cuda/import/mech.cu post_r)")
print("# family,group,variant,ilp,param,warps,kernel,max_mape,options,note (tests/import_validate.sh; blocks=B: B blocks an SM in all; --span: the harness's stamps)")
print("family,group,variant,ilp,param,warps,kernel,max_mape,options,note")
for _, r in sorted(rows):
    print(r)
