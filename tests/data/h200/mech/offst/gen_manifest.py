# Writes tests/data/h200/mech/offst/programs.csv from the set's SASS listing (round 46): off_st<V, W>
# (workloads/cuda/import/store.cu), one row a kernel; the 16 memory instructions of a trip (every lane off:
# lanes=0), the trip loop's back edge (256 trips), --span from tests/span_pcs.py.
# Usage: python3 tests/data/h200/mech/offst/gen_manifest.py tests/data/h200/mech/offst/sass_local.txt > programs.csv
# Every row's max_mape comes out 99; tests/import_limits.py then sets the limits by the rule.
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../..'))
from span_pcs import loops, span  # tests/span_pcs.py

path = sys.argv[1]
txt = open(path).read()
names = {0: ('stg', 'STG.E', '16 STG.E'), 1: ('lds', 'LDS', '16 LDS'), 2: ('ldg', 'LDG.E', '16 LDG.E'),
         3: ('bar_stg', 'STG.E', 'a barrier, then 16 STG.E'), 4: ('bar', None, 'a barrier alone')}
rows = []
for f in txt.split('Function : ')[1:]:
    name = f.split()[0]
    m = re.match(r'_Z6off_stILi(\d)ELi(\d+)E', name)
    if not m:
        continue
    V, W = int(m.group(1)), int(m.group(2))
    var, op, what = names[V]
    ins = [(int(a, 16), t.strip()) for a, t in re.findall(r'/\*([0-9a-f]{4})\*/\s+([^;]*);', f)]
    lp = loops(path, name)
    if len(lp) != 1:
        sys.exit('gen_manifest.py: %s: %d back edges (expected the trip loop)' % (name, len(lp)))
    bpc, top = lp[0]
    mem = [pc for pc, t in ins if op and top <= pc < bpc and re.match(r'@P\d ' + re.escape(op) + r' ', t)]
    if len(mem) != (16 if op else 0):
        sys.exit('gen_manifest.py: %s: %d predicated %s in the loop (expected 16)' % (name, len(mem), op))
    fr, to = span(path, name)
    opts = '--trips 0x%x=256 --span 0x%x:0x%x' % (bpc, fr, to)
    if any(re.match(r'LDG\b', t) for _, t in ins):  # the flags' load (bar: none, its flag unused)
        opts += ' --mem LDG=footprint=1K'
    opts += ''.join(' --mem 0x%x=lanes=0' % pc for pc in mem)
    # the never-true guard store after an off load loop (r == 12345.f)
    guard = [pc for pc, t in ins if pc > bpc and re.match(r'@!P\d STG', t)]
    opts += ''.join(' --mem 0x%x=lanes=0' % pc for pc in guard)
    rows.append(((V, W), 'mech_offst.%s_w%d,mech_offst,%s,1,*,%d,%s,99,"%s","%s a trip under one predicate, off in every lane, %d warps"'
                 % (var, W, var, W, name, opts, what, W)))
print('# smsim import validation manifest for tests/data/h200/mech/offst (mech_offst, issue #18 round 46: memory instructions '
      'predicated off in every lane with nothing else to bind; workloads/cuda/import/store.cu off_st<V, W>; SASS: sass_local.txt)')
print('# family,group,variant,ilp,param,warps,kernel,max_mape,options,note (tests/import_validate.sh; lanes=0: off in every lane)')
print('family,group,variant,ilp,param,warps,kernel,max_mape,options,note')
for _, r in sorted(rows):
    print(r)
