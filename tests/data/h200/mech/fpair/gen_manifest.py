# Writes tests/data/h200/mech/fpair/programs.csv from the set's SASS listing (round 32): mech_fpair's fpair<V> and
# fpair_i<V> (workloads/cuda/import/fbank.cu), one row a variant, W 1, 4, 8, 16 and 32. The loop (256 trips) is the
# kernel's one back edge; --span from tests/span_pcs.py. Checks that the loop is 8 FFMAs (IMADs) and the counter,
# compare and branch, and that each FFMA reads the banks its variant says (register number mod 2), as the predictions
# read them. Every row's max_mape comes out 99; tests/import_limits.py then sets the limits by the rule once
# runs.csv exists.
# Usage: python3 tests/data/h200/mech/fpair/gen_manifest.py tests/data/h200/mech/fpair/sass.txt > programs.csv
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../..'))
from span_pcs import one_loop, span  # tests/span_pcs.py

NAMES = ['imm', 'same', 'alt', 'three', 'alt3', 'isame', 'ithree', 'ialt3']
# each FFMA's (bank 0, bank 1) reads, in the order of the trip
BANKS = [[(1, 1)] * 8, [(2, 1)] * 8, [(2, 1), (1, 2)] * 4, [(3, 0)] * 8, [(3, 0), (0, 3)] * 4,
         [(2, 1)] * 8, [(3, 0)] * 8, [(3, 0), (0, 3)] * 4]
WHAT = ['FFMA (1,1): a even, b odd, an immediate', 'FFMA (2,1): a and b even, c odd',
        'FFMA (2,1) and (1,2) in turn', 'FFMA (3,0): a, b, c even', 'FFMA (3,0) and (0,3) in turn',
        'IMAD (2,1)', 'IMAD (3,0)', 'IMAD (3,0) and (0,3) in turn']
path = sys.argv[1]
text = open(path).read()
rows = []
for name in re.findall(r'Function : (\S+)', text):
    m = re.match(r'_Z5fpairILi(\d)EE', name) or re.match(r'_Z7fpair_iILi(\d)EE', name)
    if not m:
        continue
    v = int(m.group(1))
    op = 'IMAD' if v >= 5 else 'FFMA'
    edge, head, body = one_loop(path, text, name)
    f, t = span(path, name)
    insns = [(op_, args) for a, op_, args in
             re.findall(r'/\*([0-9a-f]{4})\*/\s+(?:@!?P\d\s+)?([A-Z0-9_]+)(?:\.[A-Z0-9_.]+)?\s+([^;]*);', body)
             if head <= int(a, 16) <= edge]
    ops = [o for o, _ in insns]
    if sorted(o if o != 'VIADD' else 'IADD3' for o in ops) != sorted([op] * 8 + ['IADD3', 'ISETP', 'BRA']):
        sys.exit('gen_manifest.py: %s: the loop is %s (expected 8 %s, IADD3 or VIADD, ISETP, BRA)' % (name, ' '.join(ops), op))
    got = []
    for o, args in insns:
        if o != op:
            continue
        regs = [int(r) for r in re.findall(r'\bR(\d+)\b', args)[1:]]  # the sources
        got.append((sum(1 for r in regs if r % 2 == 0), sum(1 for r in regs if r % 2 == 1)))
    if got != BANKS[v]:
        sys.exit('gen_manifest.py: %s: the %ss read the banks %s (expected %s)' % (name, op, got, BANKS[v]))
    opts = '--trips 0x%x=256 --span 0x%x:0x%x --mem LDG=footprint=8M' % (edge, f, t)  # the 16 pairs: one L2-resident line
    note = '8 %s a trip, then the counter, compare and branch' % WHAT[v]
    rows.append((v, 'mech_fpair.%s,mech_fpair,%s,1,*,*,%s,99,"%s","%s"' % (NAMES[v], NAMES[v], name, opts, note)))
print('# smsim import validation manifest for tests/data/h200/mech/fpair (mech_fpair, issue #18 round 32: how a '
      'scheduler collects reads of one register bank; workloads/cuda/import/fbank.cu fpair<V>, fpair_i<V>)')
print('# family,group,variant,ilp,param,warps,kernel,max_mape,options,note (tests/import_validate.sh)')
print('family,group,variant,ilp,param,warps,kernel,max_mape,options,note')
for _, r in sorted(rows):
    print(r)
