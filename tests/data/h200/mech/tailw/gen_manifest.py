# Writes tests/data/h200/mech/tailw/programs.csv from the set's SASS listing (round 28e): mech_tailw's blk_tailv<K, WD>
# (8- and 16-byte stores) and blk_tail<K, 1> (4-byte, the reference) at 8 and 32 warps. --span from
# tests/span_pcs.py (thread 0's c0 and c1); lane 0's stores after its warp's other lanes exit by the importer's idiom.
# Every row's max_mape comes out 99; tests/import_limits.py then sets the limits by the rule.
# Usage: python3 tests/data/h200/mech/tailw/gen_manifest.py tests/data/h200/mech/tailw/sass.txt > programs.csv
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../..'))
from span_pcs import span  # tests/span_pcs.py

path = sys.argv[1]
names = re.findall(r'Function : (\S+)', open(path).read())
rows = []
for name in names:
    m = re.match(r'_Z9blk_tailvILi(\d+)ELi(\d+)E', name)
    m4 = re.match(r'_Z8blk_tailILi(\d+)ELi1E', name)
    if not (m or m4):
        continue
    K = int((m or m4).group(1))
    b = 4 * int(m.group(2)) if m else 4
    if m4 and K not in (0, 1, 4, 8):
        continue
    what = 'lane 0 of every warp stores %d %d-byte word%s after the end barrier, each to its own line' % (K, b, '' if K == 1 else 's')
    if K == 0:
        what = 'nothing after the end barrier but thread 0\'s record'
    rows.append(((b, K), 'mech_tailw.k%d_w%d,mech_tailw,k%d_w%d,1,*,*,%s,99,"--span 0x%x:0x%x","%s"' % ((K, b, K, b, name) + tuple(span(path, name)) + (what,))))
print("# smsim import validation manifest for tests/data/h200/mech/tailw (mech_tailw, issue #18 round 28e: the store unit by a store's width; workloads/cuda/import/mech.cu blk_tailv, blk_tail)")
print("# family,group,variant,ilp,param,warps,kernel,max_mape,options,note (tests/import_validate.sh; blocks=B: B blocks an SM in all; --span: tests/span_pcs.py)")
print("family,group,variant,ilp,param,warps,kernel,max_mape,options,note")
for _, r in sorted(rows):
    print(r)
