# Writes tests/data/h100/mech/fdiv/programs.csv from the set's SASS listing: fdiv_chain<MODE>
# (workloads/cuda/import/course3.cu, group mech_fdiv), 8 dependent divisions, reciprocals or square roots a trip,
# compiled without fast math. One loop, {iters} trips; the branches around the math library's slow path
# (a CALL) are the importer's slow-path idiom (taken by every lane), the rest read from the listing. Every row's
# max_mape comes out 99; tests/import_limits.py then sets the limits by the rule.
# Usage: python3 tests/data/h100/mech/fdiv/gen_manifest.py tests/data/h100/mech/fdiv/sass_local.txt > programs.csv
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../..'))
from span_pcs import loops, span, print_table, MANIFEST_HEADER  # tests/span_pcs.py

NAMES = ['div', 'fdividef', 'rcp', 'sqrt']
WHAT = ['x = a / (x + b): MUFU.RCP, FCHK and four FFMAs, the slow path a CALL behind @!P0 BRA',
        'x = __fdividef(a, x + b): MUFU.RCP and FMUL', 'x = 1.f / (x + b): an exponent test, the slow path a CALL, '
        'MUFU.RCP and three FFMAs behind the taken branch', 'x = sqrtf(x + b): MUFU.RSQ and its FFMAs, the slow path a CALL']
path = sys.argv[1]
rows = []
for name in re.findall(r'Function : (\S+)', open(path).read()):
    m = re.match(r'_Z10fdiv_chainILi(\d)E', name)
    if not m:
        continue
    mode = int(m.group(1))
    lp = loops(path, name)
    if len(lp) != 1:
        sys.exit('gen_manifest.py: %s: %d back edges (expected the trips loop alone)' % (name, len(lp)))
    f, t = span(path, name)
    rows.append((mode, 'mech_fdiv.%s,mech_fdiv,%s,1,*,*,%s,99,"--trips 0x%x={iters} --span 0x%x:0x%x","fdiv_chain<%d>: loop '
                 '0x%x, 8 a trip: %s"' % (NAMES[mode], NAMES[mode], name, lp[0][1], f, t, mode, lp[0][1], WHAT[mode])))
print_table(['# smsim import validation manifest for tests/data/h100/mech/fdiv (issue #18 round 55: float division, '
             'reciprocal and sqrtf without fast math; fdiv_chain in workloads/cuda/import/course3.cu; SASS: sass_local.txt, '
             'a local compile); gen_manifest.py writes it'], MANIFEST_HEADER, rows)
