# Writes tests/data/h100/mech/l2k/programs.csv from the set's SASS listing: ln_adj<K> (adjacent lines) and
# str_multi<1, K> (lines far apart; workloads/cuda/import/chase.cu, group mech_l2k), one warp's K one-line stream
# loads a step, stamped.
# Per kernel: the steps loop (the back edge whose body holds the most LDGs; ptxas unrolls it U = its LDGs / K times,
# so {iters/U} trips), the unrolled loop's skip (taken only when steps is 1: 0) and the remainder's skip (steps even: 1)
# when U > 1; the stamp's lane-0 STS is guarded by the lane's own compare (the importer reads it). The copy-out loop
# after the end stamp lies outside --span (tests/span_pcs.py). Two rows a kernel: l2 (footprint=8M, the touch put it
# in the L2) and dram (the importer's default stream, the L2 flushed). Every row's max_mape comes out 99;
# tests/import_limits.py then sets the limits by the rule.
# Usage: python3 tests/data/h100/mech/l2k/gen_manifest.py tests/data/h100/mech/l2k/sass_local.txt > programs.csv
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../..'))
from span_pcs import kernels, loops, span, print_table, MANIFEST_HEADER  # tests/span_pcs.py

path = sys.argv[1]
rows = []
for name, ins in kernels(path).items():
    m = re.match(r'_Z6ln_adjILi(\d+)E|_Z9str_multiILi1ELi(\d+)E', name)
    if not m:
        continue
    K, adj = int(m.group(1) or m.group(2)), m.group(1) is not None
    f, t = span(path, name)
    best = None
    for edge, head in loops(path, name):
        n = sum(1 for pc, x in ins if head <= pc <= edge and re.search(r'\bLDG\.E\b', x))
        if n and (best is None or n > best[2]):
            best = (edge, head, n)
    if best is None or best[2] % K:
        sys.exit('gen_manifest.py: %s: no steps loop with a multiple of %d LDGs' % (name, K))
    edge, head, n = best
    U = n // K
    opts = ['--trips 1', '--trips 0x%x={iters/%d}' % (head, U) if U > 1 else '--trips 0x%x={iters}' % head]
    if U > 1:
        # the branch over the unrolled loop (before its head, to past its back edge) and the remainder's skip (the
        # first forward branch after the back edge)
        pre = [pc for pc, x in ins if pc < head and re.search(r'@!?P\d\s+BRA\s+(0x[0-9a-f]+)', x)
               and int(re.search(r'BRA\s+(0x[0-9a-f]+)', x).group(1), 16) > edge]
        post = [pc for pc, x in ins if edge < pc < t and re.search(r'@!?P\d\s+BRA\s+(0x[0-9a-f]+)', x)
                and int(re.search(r'BRA\s+(0x[0-9a-f]+)', x).group(1), 16) > pc]
        if not pre or not post:
            sys.exit('gen_manifest.py: %s: unrolled %d times but no skip or remainder branch' % (name, U))
        opts += ['--taken 0x%x=0' % pre[-1], '--taken 0x%x=1' % post[0]]
    opts.append('--span 0x%x:0x%x' % (f, t))
    where = 'adjacent' if adj else 'nw chunks apart'
    # the far rows run at the L2 alone (group_mech_l2k; mech_strmulti has str_multi at DRAM)
    for lvl, mem in (('l2', ' --mem LDG=footprint=8M'), ('dram', ''))[:2 if adj else 1]:
        v = '%s_%s_k%d' % (lvl, 'adj' if adj else 'far', K)
        note = '%s: loop 0x%x: %d step(s) a trip (%d one-line LDGs %s, stamped), %s' % (
            'ln_adj<%d>' % K if adj else 'str_multi<1,%d>' % K, head, U, K, where,
            'the L2 (8 MiB read in first)' if lvl == 'l2' else 'DRAM (1 GiB, flushed)')
        rows.append(((lvl, adj, K), 'mech_l2k.%s,mech_l2k,%s,%d,*,*,%s,99,"%s%s","%s"' % (
            v, v, K, name, ' '.join(opts), mem, note)))
print_table(['# smsim import validation manifest for tests/data/h100/mech/l2k (issue #18 round 55: K one-line stream loads a '
             'warp a step, adjacent or far apart, at the L2 and at DRAM; ln_adj and str_multi in workloads/cuda/import/chase.cu; SASS: '
             'sass_local.txt, a local compile); gen_manifest.py writes it'], MANIFEST_HEADER, rows)
