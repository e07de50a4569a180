# Writes tests/data/h200/mech/uni/programs.csv from the set's SASS listing (round 28c): mech_uni's
# uni_tput<V, K> at 1-64 warps. The loop (its back edge: the last backward branch), the harness's span
# (thread 0's c0 and c1 stamps) and the never-taken store's guard (--taken =1) come from the listing.
# Every row's max_mape comes out 99; tests/import_limits.py then sets the limits by the rule.
# Usage: python3 tests/data/h200/mech/uni/gen_manifest.py tests/data/h200/mech/uni/sass.txt > programs.csv
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../..'))
from stamp_manifest import kernels, span  # tests/stamp_manifest.py

WHAT = {0: 'K adds a trip of a uniform value alone', 1: 'K adds a trip of a uniform value, each beside an FFMA of one of 8 chains', 2: 'K FFMAs a trip in 8 chains alone'}
txt = open(sys.argv[1]).read()
rows = []
for name, ins in kernels(txt):
    m = re.match(r'_Z8uni_tputILi(\d+)ELi(\d+)E', name)
    if not m:
        continue
    V, K = int(m.group(1)), int(m.group(2))
    br = [(pc, int(re.search(r'BRA (0x[0-9a-f]+)', t).group(1), 16)) for pc, t in ins if re.search(r'BRA (0x[0-9a-f]+)', t)]
    back = [pc for pc, tgt in br if tgt < pc][-1]
    guard = br[0][0]  # @P0 BRA over the never-true store, before the start barrier
    c0, c1 = span(ins)
    ops = {}
    for pc, t in ins:
        if [p for p, tg in br if p == back and tg <= pc <= back]:
            op = t.split()[0]
            ops[op] = ops.get(op, 0) + 1
    uni = sum(v for k, v in ops.items() if k.startswith('U'))
    o = '--trips 0x%x=64 --span 0x%x:0x%x --taken 0x%x=1' % (back, c0, c1, guard)
    what = '%s, K = %d (%d uniform instructions in the loop), 64 trips' % (WHAT[V], K, uni)
    rows.append((100 * V + K, 'mech_uni.v%d_k%d,mech_uni,v%d,%d,*,*,%s,99,"%s","%s"' % (V, K, V, K, name, o, what)))
print("# smsim import validation manifest for tests/data/h200/mech/uni (mech_uni, issue #18 round 28c: the uniform datapath's issue rate; workloads/cuda/import/mech.cu uni_tput)")
print("# family,group,variant,ilp,param,warps,kernel,max_mape,options,note (tests/import_validate.sh; --span: the harness's stamps)")
print("family,group,variant,ilp,param,warps,kernel,max_mape,options,note")
for _, r in sorted(rows):
    print(r)
