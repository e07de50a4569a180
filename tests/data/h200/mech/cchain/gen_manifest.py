# Writes tests/data/h200/mech/cchain/programs.csv from the set's SASS listing: cc_warp<W, KIND> (workloads/cuda/import/
# cparam.cu, group mech_cchain), one row a kernel (one block of W warps an SM): each warp's clock through cp_one's two
# constant steps (an LDC of n, then LDCs of x and y once n is in; the side file cchain.csv has the per-warp stamps, the
# rows here are the block's span as every set's). KIND 0 (one) n, x, y in line 0x200 (c[0x0][0x218..0x220]); 1 (warm)
# the same with n read before the start barrier (its guard store is predicated, off in every lane: --mem PC=lanes=0);
# 2 (line300) n, x, y in the cold line 0x300; 3 (split) n in line 0x200, x and y in line 0x300. --span from
# tests/span_pcs.py.
# The same for group mech_cfar's cf_warp<W, KIND> (a listing of those, sass_cfar_local.txt -> programs_cfar.csv): the
# parameter struct first, so the start record's line is 0xa00; KIND 0 (p200) n, x, y in line 0x200
# (c[0x0][0x210..0x218]), 1 (p300) in line 0x300; every warp loads them live.
# Usage: python3 gen_manifest.py sass.txt > programs.csv; ... --runs (a runs.csv of every row, cycles 1)
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../..'))
from span_pcs import MANIFEST_HEADER, RUNS_HEADER, guard_store, kernels, print_table, span  # tests/span_pcs.py


GROUPS = {'cc': ('mech_cchain', ['one', 'warm', 'line300', 'split'],
                 ['n, x and y in line 0x200 (cp_one\'s)', 'n read before the start barrier, x and y after it (line 0x200)',
                  'n, x and y in the cold line 0x300', 'n in line 0x200, x and y in the cold line 0x300'],
                 r'21[8c]|220|30[048]', 'cchain'),
          'cf': ('mech_cfar', ['p200', 'p300'],
                 ['the start record in line 0xa00; n, x and y in line 0x200, live in every warp',
                  'the start record in line 0xa00; n, x and y in the cold line 0x300, live in every warp'],
                 r'21[048]|30[048]', 'cchain (mech_cfar)')}
path = sys.argv[1]
mode = sys.argv[2] if len(sys.argv) > 2 else ''
rows, runs, seen = [], [], set()
for name, ins in kernels(path).items():
    m = re.match(r'_Z7c([cf])_warpILi(\d+)ELi(\d+)EE', name)
    if not m:
        continue
    G, W, K = 'c' + m.group(1), int(m.group(2)), int(m.group(3))
    seen.add(G)
    group, KINDS, WHAT, offs, side = GROUPS[G]
    f, t = span(path, name)
    bar = next(pc for pc, x in ins if x.startswith('BAR.SYNC'))
    ldc = [pc for pc, x in ins if f < pc < t and re.search(r'\bLDC\s+R\d+,\s*c\[0x0\]\[0x(%s)\]' % offs, x)]
    want = 2 if (G, K) == ('cc', 1) else 3
    if len(ldc) != want:
        sys.exit('gen_manifest.py: %s: %d constant loads of n, x, y after the stamp (expected %d)'
                 % (name, len(ldc), want))
    opts = '--span 0x%x:0x%x' % (f, t)
    if G == 'cc' and K == 1:
        opts += ' --mem 0x%x=lanes=0' % guard_store(ins, bar, name)
    rows.append(((K, W), '%s.%s_w%d,%s,%s,1,kind=%d,%d,%s,99,"%s","each warp\'s clock through cp_one\'s '
                 'two constant steps: %s; one block of %d warps an SM"'
                 % (group, KINDS[K], W, group, KINDS[K], K, W, name, opts, WHAT[K], W)))
    runs.append(((W, K), '%s,%s,%s,1,%d,1,%d,1,kind=%d,1,1,1,0,1980,5' % (group, name, KINDS[K], W, 32 * W, K)))

if len(seen) != 1:
    sys.exit('gen_manifest.py: %s: expected the kernels of one group (cc_warp or cf_warp), found %s'
             % (path, ', '.join(sorted(seen)) or 'none'))
group, side = GROUPS[seen.pop()][0::4]
sass = os.path.basename(path)

if mode == '--runs':
    print_table(['# synthetic runs.csv of %s (every row, cycles 1): ' % group +
                 'for tests/import_validate.sh VERBOSE=1'], RUNS_HEADER, runs)
else:
    print_table(['# smsim import validation manifest for tests/data/h200/mech/cchain (group %s: each warp\'s clock through '
                 'cp_one\'s two constant steps; workloads/cuda/import/cparam.cu; SASS: %s, a local compile)' % (group, sass),
                 '# one row a kernel (one block an SM); the per-warp stamps are in the side file %s.csv, not here'
                 % group.split('_')[1]],
                MANIFEST_HEADER, rows)
