# Writes tests/data/h200/mech/iwaddr/programs.csv from the set's SASS listing (round 39): mech_iwaddr's
# iw_addr<MODE, K> (workloads/cuda/import/iwaddr.cu), one row a (MODE, K), at every W the run measured. The
# loop (64 trips) is the kernel's one back edge; --span from tests/span_pcs.py; the loads are L1 hits of one
# line (a zero table: every step the same 128 bytes). Every row's max_mape comes out 99; tests/import_limits.py
# then sets the limits by the rule.
# Usage: python3 tests/data/h200/mech/iwaddr/gen_manifest.py tests/data/h200/mech/iwaddr/sass.txt > programs.csv
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../..'))
from span_pcs import one_loop, span  # tests/span_pcs.py

NAMES = {0: 'wide', 1: 'ptr', 2: 'wide_alu'}
WHAT = {0: 'IMAD.WIDE.U32 address read by the LDG', 1: 'IADD3 + IADD3.X address (no IMAD.WIDE)',
        2: 'IMAD.WIDE.U32 address moved through IADD3 + IADD3.X before the LDG'}
path = sys.argv[1]
text = open(path).read()
rows = []
for name in re.findall(r'Function : (\S+)', text):
    m = re.match(r'_Z7iw_addrILi(\d)ELi(\d)EE', name)
    if not m:
        continue
    mode, k = int(m.group(1)), int(m.group(2))
    edge = one_loop(path, text, name)[0]  # the back edge
    f, t = span(path, name)
    opts = '--trips 0x%x=64 --span 0x%x:0x%x --mem LDG=footprint=65536' % (edge, f, t)
    v = '%s_k%d' % (NAMES[mode], k)
    rows.append((mode, k, 'mech_iwaddr.%s,mech_iwaddr,%s,%d,*,*,%s,99,"%s","%d chains; %s"' % (v, v, k, name, opts, k, WHAT[mode])))
print('# smsim import validation manifest for tests/data/h200/mech/iwaddr (mech_iwaddr, issue #18 round 39: how long '
      'an LDG waits for an IMAD.WIDE address; workloads/cuda/import/iwaddr.cu iw_addr<MODE, K>)')
print('# family,group,variant,ilp,param,warps,kernel,max_mape,options,note (tests/import_validate.sh)')
print('family,group,variant,ilp,param,warps,kernel,max_mape,options,note')
for _, _, r in sorted(rows):
    print(r)
