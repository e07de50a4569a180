# Writes tests/data/h200/rtloop/programs.csv from the set's SASS listing: rt_fma<W>, rt_fma2<W>, rt_ld<W>
# (workloads/cuda/import/rtloop.cu), one row a kernel. Each kernel's loop `for (i = 0; i < n; i++)` has a
# runtime count n (a kernel parameter) and nvcc's default unrolling: three back edges (the 16-iteration main
# loop, the 4-iteration loop, the n % 4 remainder loop) and the forward branches around them and around the
# 8-iteration block. No --trips or --taken: `--arg N={n}` gives the importer n (N: n's place in the
# signature, 2 for rt_fma and rt_fma2, 3 for rt_ld) and it reads every loop's trips and every branch's
# direction from it. --span from tests/span_pcs.py. Memory: rt_ld's LDG reads one word for all lanes (in[i])
# of a 16 KB buffer the host wrote before launches that flush nothing: `pattern=uniform,footprint=8M` (an L2
# hit, as the other manifests' L2-resident loads; see README.md for what that leaves out); the results' STG a
# DRAM stream (the importer's default).
# Every row's max_mape comes out 99; tests/import_limits.py then sets the limits by the rule.
# Usage: python3 tests/data/h200/rtloop/gen_manifest.py tests/data/h200/rtloop/sass_local.txt > programs.csv
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../..'))
from span_pcs import back_edges, span  # tests/span_pcs.py

# variant: (mangled prefix, ilp, n's 1-based place in the signature, extra options, what a step is)
KERNELS = {
    'fma': ('_Z6rt_fmaILi', 1, 2, '', 'one dependent FFMA chain, one FFMA a step'),
    'fma2': ('_Z7rt_fma2ILi', 2, 2, '', 'two independent FFMA chains, one FFMA each a step'),
    'ld': ('_Z5rt_ldILi', 1, 3, ' --mem LDG=pattern=uniform,footprint=8M',
           'one FFMA chain of in[i], one broadcast LDG (an L2-resident 16 KB buffer) a step'),
}
ORDER = {'fma': 0, 'fma2': 1, 'ld': 2}

path = sys.argv[1]
rows = []
for name in re.findall(r'Function : (\S+)', open(path).read()):
    for v, (pre, ilp, argn, extra, what) in KERNELS.items():
        m = re.match(re.escape(pre) + r'(\d+)E', name)
        if m:
            break
    else:
        continue
    W = int(m.group(1))
    be = back_edges(path, name)
    if len(be) != 3:
        sys.exit('gen_manifest.py: %s: %d back edges (expected the main loop, the 4-loop and the remainder loop)' % (name, len(be)))
    f, t = span(path, name)
    opts = '--arg %d={n} --span 0x%x:0x%x%s' % (argn, f, t, extra)
    note = ('n a kernel argument (the row\'s param); %s; nvcc\'s unrolling: main loop 0x%x (16 steps a trip), '
            '4-loop 0x%x, n %% 4 loop 0x%x (back edges), the 8-step block and the guards read by --arg; %d warps a block'
            % (what, be[0], be[1], be[2], W))
    rows.append(((ORDER[v], W), 'rtloop.%s_w%d,rtloop,%s,%d,*,%d,%s,99,"%s","%s"' % (v, W, v, ilp, W, name, opts, note)))
print('# smsim import validation manifest for tests/data/h200/rtloop (group rtloop: rt_fma<W>, rt_fma2<W>, rt_ld<W>, '
      'loops of a runtime trip count n, workloads/cuda/import/rtloop.cu; SASS: sass_local.txt, a local compile)')
print('# one row a kernel (W a template parameter); n from the runs.csv row\'s param (n=...) through --arg, no --trips '
      'or --taken; rt_ld\'s broadcast LDG an L2 hit, the results\' STG a DRAM stream (the importer\'s default)')
print('family,group,variant,ilp,param,warps,kernel,max_mape,options,note')
for _, r in sorted(rows):
    print(r)
