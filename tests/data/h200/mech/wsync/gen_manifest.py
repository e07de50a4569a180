# Writes tests/data/h200/mech/wsync/programs.csv from the set's SASS listing (round 31): mech_wsync's
# w_sync<T> (workloads/cuda/import/mech.cu), one row a variant. --span and --taken from tests/stamp_manifest.py
# (the harness's stamps, the trap guard every lane takes, lane 0's branch: 31 of 32 lanes take it).
# Usage: python3 tests/data/h200/mech/wsync/gen_manifest.py tests/data/h200/mech/wsync/sass.txt > programs.csv
# Every row's max_mape comes out 99; tests/import_limits.py then sets the limits by the rule.
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../..'))
from stamp_manifest import kernels, span, taken  # tests/stamp_manifest.py

DESC = {0: 'lane 0 stores its stamps behind a branch, joined by BSSY/BSYNC',
        1: 'a trap guard, then lane 0 stores its stamps behind a branch, joined by WARPSYNC.ALL',
        2: 'a trap guard, then every lane stores the stamps (WARPSYNC.ALL, no divergence)'}
rows = []
for name, ins in kernels(open(sys.argv[1]).read()):
    m = re.match(r'_Z6w_syncILi(\d)EE', name)
    if not m:
        continue
    v = int(m.group(1))
    c0, c1 = span(ins)
    opts = ('--span 0x%x:0x%x %s' % (c0, c1, ' '.join(taken(ins)))).strip()
    if v == 2:
        opts += ' --mem STG=pattern=uniform'  # every lane stores to its warp's one address
    rows.append((v, 'mech_wsync.v%d,mech_wsync,v%d,1,blocks=8,*,%s,99,"%s","%s; 8 blocks an SM of 1-32 warps, one '
                 'resident"' % (v, v, name, opts, DESC[v])))
print('# smsim import validation manifest for tests/data/h200/mech/wsync (mech_wsync, issue #18 round 31: a divergent '
      'region joined by WARPSYNC.ALL; workloads/cuda/import/mech.cu w_sync<T>)')
print('# family,group,variant,ilp,param,warps,kernel,max_mape,options,note (tests/import_validate.sh; blocks=B: B blocks '
      'an SM in all; --span: the harness\'s stamps)')
print('family,group,variant,ilp,param,warps,kernel,max_mape,options,note')
for _, r in sorted(rows):
    print(r)
