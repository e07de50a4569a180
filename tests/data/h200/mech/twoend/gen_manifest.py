# Writes tests/data/h200/mech/twoend/programs.csv from the set's SASS listing (round 32): mech_twoend's
# two_end<P, K> (workloads/cuda/import/mech.cu), one row a variant (v 0: P 0 K 0, 1: P 32 K 0, 2: P 0 K 8,
# 3: P 32 K 8), run at one and two blocks resident (runs.csv's bps). --span and --taken from
# tests/stamp_manifest.py (the harness's stamps, the trap guard of the P FFMAs, lane 0's branch).
# Usage: python3 tests/data/h200/mech/twoend/gen_manifest.py tests/data/h200/mech/twoend/sass.txt > programs.csv
# Every row's max_mape comes out 99; tests/import_limits.py then sets the limits by the rule.
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../..'))
from stamp_manifest import kernels, span, taken  # tests/stamp_manifest.py

V = {(0, 0): 0, (32, 0): 1, (0, 8): 2, (32, 8): 3}
rows = []
for name, ins in kernels(open(sys.argv[1]).read()):
    m = re.match(r'_Z7two_endILi(\d+)ELi(\d+)EE', name)
    if not m:
        continue
    p, k = int(m.group(1)), int(m.group(2))
    v = V[(p, k)]
    c0, c1 = span(ins)
    opts = '--span 0x%x:0x%x %s' % (c0, c1, ' '.join(taken(ins)))
    rows.append((v, 'mech_twoend.v%d,mech_twoend,v%d,1,blocks=8,*,%s,99,"%s","%d independent FFMAs before the start '
                 'barrier, lane 0 of each warp storing %d words more before its stamps (entry, the start barrier, after '
                 'it); 8 blocks an SM of 8 or 16 warps, one or two resident"' % (v, v, name, opts.strip(), p, k)))
print('# smsim import validation manifest for tests/data/h200/mech/twoend (mech_twoend, issue #18 round 32: which part '
      'of the first block\'s end slows while the second starts; workloads/cuda/import/mech.cu two_end<P, K>)')
print('# family,group,variant,ilp,param,warps,kernel,max_mape,options,note (tests/import_validate.sh; blocks=B: B blocks an '
      'SM in all; --span: the harness\'s stamps)')
print('family,group,variant,ilp,param,warps,kernel,max_mape,options,note')
for _, r in sorted(rows):
    print(r)
