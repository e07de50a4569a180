# Writes tests/data/h100/philox/programs.csv from the set's SASS listing: philox_t<S, W>
# (workloads/cuda/import/course2.cu), one row a kernel. The n loop (PH_N = 256 trips, a kernel parameter)
# is the kernel's one back edge; ptxas unrolls the S streams and Philox's 10 rounds into it. The loop's
# guard (`if n >= 1`, a forward branch over it) falls through, the importer's default. --span from
# tests/span_pcs.py. Memory: only the final STG of each thread's sum (a DRAM stream, the default).
# Every row's max_mape comes out 99; tests/import_limits.py then sets the limits by the rule.
# Usage: python3 tests/data/h100/philox/gen_manifest.py tests/data/h100/philox/sass_local.txt > programs.csv
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../..'))
from span_pcs import back_edges, span  # tests/span_pcs.py

N = 256  # PH_N in course2.cu (the kernel's n parameter)

path = sys.argv[1]
rows = []
for name in re.findall(r'Function : (\S+)', open(path).read()):
    m = re.match(r'_Z8philox_tILi(\d+)ELi(\d+)E', name)
    if not m:
        continue
    S, W = int(m.group(1)), int(m.group(2))
    be = back_edges(path, name)
    if len(be) != 1:
        sys.exit('gen_manifest.py: %s: %d back edges (expected the n loop alone)' % (name, len(be)))
    f, t = span(path, name)
    opts = '--trips 0x%x=%d --span 0x%x:0x%x' % (be[0], N, f, t)
    rows.append(((S, W), 'philox.s%d_w%d,philox,s%d,%d,*,%d,%s,99,"%s","S %d Philox-4x32-10 streams a thread, %d blocks of 4 each, %d warps a block"' % (
        S, W, S, S, W, name, opts, S, N, W)))
print('# smsim import validation manifest for tests/data/h100/philox (group philox: philox_t<S, W>, S Philox-4x32-10 counter '
      'streams a thread, workloads/cuda/import/course2.cu; SASS: sass_local.txt, a local compile)')
print('# one row a kernel (W a template parameter); the n loop 256 trips (S streams x 10 rounds unrolled in it); the sums\' STG '
      'a DRAM stream (the importer\'s default)')
print('family,group,variant,ilp,param,warps,kernel,max_mape,options,note')
for _, r in sorted(rows):
    print(r)
