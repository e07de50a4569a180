# Writes tests/data/h200/mech/yield/programs.csv from the set's SASS listing (round 38): mech_yield's
# yld_imad<K> (workloads/cuda/import/offalu.cu), one row a K, at every W the run measured. The loop (256
# trips) is the kernel's one back edge; --span from tests/span_pcs.py. Every row's max_mape comes out 99;
# tests/import_limits.py then sets the limits by the rule.
# Usage: python3 tests/data/h200/mech/yield/gen_manifest.py tests/data/h200/mech/yield/sass.txt > programs.csv
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../..'))
from span_pcs import one_loop, span  # tests/span_pcs.py

path = sys.argv[1]
text = open(path).read()
rows = []
for name in re.findall(r'Function : (\S+)', text):
    m = re.match(r'_Z8yld_imadILi(\d+)EE', name)
    if not m:
        continue
    k = int(m.group(1))
    edge = one_loop(path, text, name)[0]  # the back edge
    f, t = span(path, name)
    opts = '--trips 0x%x=256 --span 0x%x:0x%x' % (edge, f, t)
    rows.append((k, 'mech_yield.imad_k%d,mech_yield,imad_k%d,1,*,*,%s,99,"%s","%d independent IMAD chains a trip"' % (k, k, name, opts, k)))
print('# smsim import validation manifest for tests/data/h200/mech/yield (mech_yield, issue #18 round 38: the yield hint '
      'in a loop of 2-cycle IMADs; workloads/cuda/import/offalu.cu yld_imad<K>)')
print('# family,group,variant,ilp,param,warps,kernel,max_mape,options,note (tests/import_validate.sh)')
print('family,group,variant,ilp,param,warps,kernel,max_mape,options,note')
for _, r in sorted(rows):
    print(r)
