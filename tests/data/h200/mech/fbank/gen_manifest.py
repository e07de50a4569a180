# Writes tests/data/h200/mech/fbank/programs.csv from the set's SASS listing (round 30): mech_fbank's fbank<V>
# and fbank_i<V> (workloads/cuda/import/fbank.cu), one row a variant, W 1, 8, 16 and 32. The loop (256 trips) is the kernel's
# one back edge; --span from tests/span_pcs.py. Checks that the loop is 8 FFMAs and the counter, compare and
# branch (IADD3, ISETP, BRA), as the predictions read it. Every row's max_mape comes out 99;
# tests/import_limits.py then sets the limits by the rule once runs.csv exists.
# Usage: python3 tests/data/h200/mech/fbank/gen_manifest.py tests/data/h200/mech/fbank/sass.txt > programs.csv
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../..'))
from span_pcs import one_loop, span  # tests/span_pcs.py

NAMES = ['shared', 'b8', 'bc8', 'imm', 'rr', 'ishared', 'ibc8']
WHAT = ['FFMA a_i, b, a_i, c (b, c one register each: reuse)', 'FFMA a_i, b_i, a_i, c (8 b registers, c shared)',
        'FFMA a_i, b_i, a_i, c_i (24 source registers)', 'FFMA a_i, b_i, a_i, imm (two register reads)',
        'FFMA a_i, b_i, b_i, a_i (one register in two slots)', 'IMAD u_i, b, u_i, c (the 16-lane pipe; b, c reused)',
        'IMAD u_i, b_i, u_i, c_i (the 16-lane pipe; 24 source registers)']
path = sys.argv[1]
text = open(path).read()
rows = []
for name in re.findall(r'Function : (\S+)', text):
    m = re.match(r'_Z5fbankILi(\d)EE', name) or re.match(r'_Z7fbank_iILi(\d)EE', name)
    if not m:
        continue
    v = int(m.group(1)) + (5 if name.startswith('_Z7fbank_i') else 0)  # fbank_i<V> (round 30): variants 5 and 6
    op = 'IMAD' if v >= 5 else 'FFMA'
    edge, head, body = one_loop(path, text, name)
    f, t = span(path, name)
    ops = [op for a, op in re.findall(r'/\*([0-9a-f]{4})\*/\s+(?:@!?P\d\s+)?([A-Z0-9_]+)', body)
           if head <= int(a, 16) <= edge]
    if sorted(ops) != sorted([op] * 8 + ['IADD3', 'ISETP', 'BRA']):
        sys.exit('gen_manifest.py: %s: the loop is %s (expected 8 %s, IADD3, ISETP, BRA)' % (name, ' '.join(ops), op))
    opts = '--trips 0x%x=256 --span 0x%x:0x%x' % (edge, f, t)
    note = '8 %s a trip, then the counter, compare and branch' % WHAT[v]
    rows.append((v, 'mech_fbank.%s,mech_fbank,%s,1,*,*,%s,99,"%s","%s"' % (NAMES[v], NAMES[v], name, opts, note)))
print('# smsim import validation manifest for tests/data/h200/mech/fbank (mech_fbank, issue #18 round 30: the register '
      'reads of FFMA at 1-8 warps a scheduler; workloads/cuda/import/fbank.cu fbank<V>)')
print('# family,group,variant,ilp,param,warps,kernel,max_mape,options,note (tests/import_validate.sh)')
print('family,group,variant,ilp,param,warps,kernel,max_mape,options,note')
for _, r in sorted(rows):
    print(r)
