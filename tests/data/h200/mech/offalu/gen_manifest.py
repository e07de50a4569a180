# Writes tests/data/h200/mech/offalu/programs.csv from the set's SASS listing (round 29): mech_offalu's
# off_alu<OP> (workloads/cuda/import/offalu.cu), one row a variant (OP x flag), W 1, 8 and 32. The loop
# (256 trips) is the kernel's one back edge; --span from tests/span_pcs.py. The flag is data: the same
# kernel runs with its 8 guarded instructions a trip off (flag 0) and on (flag 1); the off rows say so
# with --off at the guarded instructions' PCs (round 29: what an instruction off in every lane takes).
# Every row's max_mape comes out 99; tests/import_limits.py then sets the limits by the rule.
# Usage: python3 tests/data/h200/mech/offalu/gen_manifest.py tests/data/h200/mech/offalu/sass.txt > programs.csv
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../..'))
from span_pcs import one_loop, span  # tests/span_pcs.py

OPS = ['imad', 'ffma', 'rcp', 'fmuli']
WHAT = ['IMAD a, a, b, c (the 16-lane FMA-heavy pipe)', 'FFMA a, b, a, c (three registers)', 'MUFU.RCP a, a (the XU pipe)',
        'FMUL a, a, 2^24 (an immediate, as rsqrtf\'s fixup)']
off = os.environ.get('OFF', '1') == '1'  # 0: the off rows as the on rows (the model before round 29)
path = sys.argv[1]
text = open(path).read()
rows = []
for name in re.findall(r'Function : (\S+)', text):
    m = re.match(r'_Z7off_aluILi(\d)EE', name)
    if not m:
        continue
    op = int(m.group(1))
    edge, head, body = one_loop(path, text, name)
    f, t = span(path, name)
    guarded = [int(a, 16) for a in re.findall(r'/\*([0-9a-f]{4})\*/\s+@P1\s+(?:FMUL|FFMA|MUFU|IMAD)', body)
               if head <= int(a, 16) < edge]
    if len(guarded) != 8:
        sys.exit('gen_manifest.py: %s: %d guarded instructions in the loop (expected 8 under @P1)' % (name, len(guarded)))
    for flag in (0, 1):
        # the flag's LDG (before the start barrier, waited for by the loop's guard): the same 4 bytes every
        # launch, written by the host just before: an L2 hit (round 30; as DRAM smsim was 2 cycles a trip slow at W 1)
        opts = '--trips 0x%x=256 --span 0x%x:0x%x --mem LDG=footprint=8M' % (edge, f, t)
        if flag == 0 and off:
            opts += ' --off ' + ','.join('0x%x' % a for a in guarded)
        v = '%s_%s' % (OPS[op], 'on' if flag else 'off')
        note = '8 %s a trip, %s in every lane' % (WHAT[op], 'live' if flag else 'off')
        rows.append(((op, flag), 'mech_offalu.%s,mech_offalu,%s,1,*,*,%s,99,"%s","%s"' % (v, v, name, opts, note)))
print('# smsim import validation manifest for tests/data/h200/mech/offalu (mech_offalu, issue #18 round 29: an arithmetic '
      'instruction off in every lane; workloads/cuda/import/offalu.cu off_alu<OP>)')
print('# family,group,variant,ilp,param,warps,kernel,max_mape,options,note (tests/import_validate.sh; --off: the guarded '
      'instructions the flag turns off)')
print('family,group,variant,ilp,param,warps,kernel,max_mape,options,note')
for _, r in sorted(rows):
    print(r)
