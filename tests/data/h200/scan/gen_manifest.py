# Writes tests/data/h200/scan/programs.csv from the set's SASS listing (round 29): scan_t<U, W>
# (workloads/cuda/import/nbody.cu), one row a kernel. The step loop (65536 / 32 W U trips) is the
# kernel's one back edge; --span from tests/span_pcs.py. Loads and stores DRAM streams (the
# importer's default: 256 KB an array a block, the L2 flushed before each launch); warp 0's region
# `if (warp == 0)` by the importer's warp idiom (IF warp<1).
# Every row's max_mape comes out 99; tests/import_limits.py then sets the limits by the rule.
# Usage: python3 tests/data/h200/scan/gen_manifest.py tests/data/h200/scan/sass.txt > programs.csv
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../..'))
from span_pcs import back_edges, span  # tests/span_pcs.py

path = sys.argv[1]
rows = []
for name in re.findall(r'Function : (\S+)', open(path).read()):
    m = re.match(r'_Z6scan_tILi(\d+)ELi(\d+)E', name)
    if not m:
        continue
    U, W = int(m.group(1)), int(m.group(2))
    be = back_edges(path, name)
    if len(be) != 1:
        sys.exit('gen_manifest.py: %s: %d back edges (expected the step loop alone)' % (name, len(be)))
    f, t = span(path, name)
    opts = '--trips 0x%x=%d --span 0x%x:0x%x' % (be[0], 65536 // (32 * W * U), f, t)
    rows.append(((U, W), 'scan.u%d_w%d,scan,u%d,%d,*,%d,%s,99,"%s","U %d floats a thread a step, %d warps a block"' % (
        U, W, U, U, W, name, opts, U, W)))
print('# smsim import validation manifest for tests/data/h200/scan (group scan, issue #18 round 29: scan_t<U, W>, a block-wide '
      'prefix sum, workloads/cuda/import/nbody.cu; SASS: sass.txt)')
print('# one row a kernel (W a template parameter); the step loop 65536 / (32 W U) trips; loads and stores DRAM streams (the '
      "importer's default; the L2 flushed before each launch); warp 0's region by the importer's warp idiom (IF warp<1)")
print('family,group,variant,ilp,param,warps,kernel,max_mape,options,note')
for _, r in sorted(rows):
    print(r)
