# Writes tests/data/h200/mech/twoblk/programs.csv from the set's SASS listing (round 31): mech_twoblk's
# two_blk<V> (workloads/cuda/import/mech.cu), one row a variant, run at one and two blocks resident
# (runs.csv's bps). --span and --taken from tests/stamp_manifest.py (the harness's stamps, the trap
# guard, lane 0's branch); V3's stores from lane 0 sit behind lane 0's branch too.
# Usage: python3 tests/data/h200/mech/twoblk/gen_manifest.py tests/data/h200/mech/twoblk/sass.txt > programs.csv
# Every row's max_mape comes out 99; tests/import_limits.py then sets the limits by the rule.
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../..'))
from stamp_manifest import kernels, span, taken  # tests/stamp_manifest.py

DESC = {0: 'nothing', 1: 'four S2Rs (%tid.y, %laneid, %warpid, %tid.x)', 2: 'four LDCs of a register address (c[0x3][R])',
        3: 'four 8-byte stores from lane 0', 4: 'four chains of four dependent FFMAs'}
rows = []
for name, ins in kernels(open(sys.argv[1]).read()):
    m = re.match(r'_Z7two_blkILi(\d)EE', name)
    if not m:
        continue
    v = int(m.group(1))
    c0, c1 = span(ins)
    opts = '--span 0x%x:0x%x %s' % (c0, c1, ' '.join(taken(ins)))
    rows.append((v, 'mech_twoblk.v%d,mech_twoblk,v%d,1,blocks=8,*,%s,99,"%s","%s after the start barrier; lane 0 of each '
                 'warp stamps entry, the start barrier, after it; 8 blocks an SM of 8 or 16 warps, one or two resident"'
                 % (v, v, name, opts.strip(), DESC[v])))
print('# smsim import validation manifest for tests/data/h200/mech/twoblk (mech_twoblk, issue #18 round 31: what a block '
      'that starts first pays for the one beside it; workloads/cuda/import/mech.cu two_blk<V>)')
print('# family,group,variant,ilp,param,warps,kernel,max_mape,options,note (tests/import_validate.sh; blocks=B: B blocks an '
      'SM in all; --span: the harness\'s stamps)')
print('family,group,variant,ilp,param,warps,kernel,max_mape,options,note')
for _, r in sorted(rows):
    print(r)
