# Writes tests/data/h200/mech/barw0/programs.csv from the set's SASS listing (round 30): mech_barw0's
# bar_w0<V> (workloads/cuda/import/mech.cu), one row a variant. The outer loop (iters = 512 trips, one
# barrier each) and warp 0's inner loop (skewn trips of one FFMA) are the kernel's two back edges; the
# branch over the inner loop is taken by every warp but warp 0 (n = threadIdx.x < 32 ? skewn : 0, a SEL
# the importer's idioms do not read: --taken PC=w1); the remainders have no other loop. V1 loads iters,
# a and b from global memory before the loop (an L2 hit: the host wrote them just before). --span from
# tests/span_pcs.py. Every row's max_mape comes out 99; tests/import_limits.py sets the limits by the rule.
# Usage: python3 tests/data/h200/mech/barw0/gen_manifest.py tests/data/h200/mech/barw0/sass.txt > programs.csv
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../..'))
from span_pcs import loops, span  # tests/span_pcs.py

NAME = ['ldc', 'reg']
WHAT = ['as bar_skew: every warp reloads iters (LDC) after each release, warp 0 a and b (LDC.64) too',
        'iters, a, b loaded from global memory before the loop: no LDC in it']
path = sys.argv[1]
text = open(path).read()
rows = []
for name in re.findall(r'Function : (\S+)', text):
    m = re.match(r'_Z6bar_w0ILi(\d)EE', name)
    if not m:
        continue
    v = int(m.group(1))
    lp = loops(path, name)
    be = [edge for edge, _ in lp]
    if len(be) != 2:
        sys.exit('gen_manifest.py: %s: %d back edges (expected the outer and the inner loop)' % (name, len(be)))
    body = text.split('Function : ' + name)[1].split('Function : ')[0]
    heads = [head for _, head in lp]
    inner, outer = (0, 1) if heads[0] > heads[1] else (1, 0)
    # the forward branch over the inner loop: the last conditional forward BRA above the inner loop's head
    fwd = [(int(a, 16), int(t, 16)) for a, t in re.findall(r'/\*([0-9a-f]{4})\*/\s+@!?P\d\s+BRA\s+(0x[0-9a-f]+)', body)]
    over = [a for a, t in fwd if heads[outer] <= a < heads[inner] and t > be[inner]]
    if len(over) != 1:
        sys.exit('gen_manifest.py: %s: %d branches over the inner loop (expected 1)' % (name, len(over)))
    f, t = span(path, name)
    opts = '--trips 1 --trips 0x%x={iters} --taken 0x%x=w1 --trips 0x%x={skewn} --span 0x%x:0x%x' % (
        heads[outer], over[0], heads[inner], f, t)
    if v == 1:
        opts += ' --mem LDG=footprint=8M'
    note = 'warp 0 alone runs skewn dependent FFMAs a trip, then all meet at the barrier; %s' % WHAT[v]
    rows.append((v, 'mech_barw0.%s,mech_barw0,%s,1,*,*,%s,99,"%s","%s"' % (NAME[v], NAME[v], name, opts, note)))
print('# smsim import validation manifest for tests/data/h200/mech/barw0 (mech_barw0, issue #18 round 30: the release '
      'when warp 0 arrives last in a loop; workloads/cuda/import/mech.cu bar_w0<V>)')
print('# family,group,variant,ilp,param,warps,kernel,max_mape,options,note (tests/import_validate.sh)')
print('family,group,variant,ilp,param,warps,kernel,max_mape,options,note')
for _, r in sorted(rows):
    print(r)
