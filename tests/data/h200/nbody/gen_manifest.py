# Writes tests/data/h200/nbody/programs.csv from the set's SASS listing (round 29): nbody_t<U, W>
# (workloads/cuda/import/nbody.cu), one row a kernel. The inner loop (32 W source bodies a tile, 4 a trip
# where ptxas unrolls as asked, 1 where it does not: counted from the loop's MUFU.RSQ) and the tile
# loop (1024 / 32 W trips; none at W 32) are the kernel's back edges; --span from tests/span_pcs.py.
# The tiles' LDG.128 are L2 hits (16 KB of bodies, read once a block; --mem LDG=footprint=8M, as gemm),
# a body's LDS.128 one address in every lane (--mem LDS.128=pattern=uniform).
# Every row's max_mape comes out 99; tests/import_limits.py then sets the limits by the rule.
# Usage: python3 tests/data/h200/nbody/gen_manifest.py tests/data/h200/nbody/sass.txt > programs.csv
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../..'))
from span_pcs import loops, span  # tests/span_pcs.py


path = sys.argv[1]
listing = open(path).read()
rows = []
for name in re.findall(r'Function : (\S+)', listing):
    m = re.match(r'_Z7nbody_tILi(\d+)ELi(\d+)E', name)
    if not m:
        continue
    U, W = int(m.group(1)), int(m.group(2))
    lp = loops(path, name)
    be = [edge for edge, _ in lp]
    tiles = 1024 // (32 * W)  # one tile (W 32): ptxas leaves no tile loop
    if len(be) != (2 if tiles > 1 else 1):
        sys.exit('gen_manifest.py: %s: %d back edges (expected the inner loop and the tile loop)' % (name, len(be)))
    f, t = span(path, name)
    # the source bodies an inner trip takes: its MUFU.RSQ (one a body and target) / U; `#pragma unroll 4`
    # gives 4, but ptxas keeps 1 where registers are short (U 4 at 32 warps)
    text = listing.split('Function : ' + name)[1].split('Function : ')[0]
    code = [(int(a, 16), t) for a, t in re.findall(r'/\*([0-9a-f]{4})\*/\s+([^;]*);', text)]
    head = lp[0][1]
    per = sum(1 for pc, t in code if head <= pc <= be[0] and 'MUFU.RSQ' in t) // U
    if per < 1 or 32 * W % per:
        sys.exit('gen_manifest.py: %s: %d MUFU.RSQ in the inner loop (expected U a source body)' % (name, per * U))
    trips = '--trips 0x%x=%d' % (be[0], 32 * W // per) + (' --trips 0x%x=%d' % (be[1], tiles) if tiles > 1 else '')
    opts = '%s --span 0x%x:0x%x --mem LDG=footprint=8M --mem LDS.128=pattern=uniform' % (trips, f, t)
    rows.append(((U, W), 'nbody.u%d_w%d,nbody,u%d,%d,*,%d,%s,99,"%s","U %d target bodies a thread, %d warps a block"' % (
        U, W, U, U, W, name, opts, U, W)))
print('# smsim import validation manifest for tests/data/h200/nbody (group nbody, issue #18 round 29: nbody_t<U, W>, an all-pairs '
      'N-body step, workloads/cuda/import/nbody.cu; SASS: sass.txt)')
print('# one row a kernel (W a template parameter); the inner loop 8 W trips of 4 source bodies, the tile loop 32 / W trips; the '
      'tiles\' LDG.128 L2 hits (--mem LDG=footprint=8M), a body\'s LDS.128 a broadcast (--mem LDS.128=pattern=uniform)')
print('family,group,variant,ilp,param,warps,kernel,max_mape,options,note')
for _, r in sorted(rows):
    print(r)
