# Writes tests/data/h200/mech/wide/programs.csv from the set's SASS listing (round 40): mech_wide's
# wd_load<WD, K, SP> (workloads/cuda/import/wide.cu), one row a (kernel, lane pattern), at every W the run
# measured. Two loops: the shared table's zeroing (4096 words over the block: 128 / W trips) and the timed one
# (64 trips, the last back edge); --span from tests/span_pcs.py. Each load's lanes by their byte offsets
# (offsets=, the pattern's element times WD), global ones L1 hits (footprint=65536) from the table's base=
# (BASE below: where the run logged the table, `table: mech_wide at B past 2 MB`). Every row's max_mape
# comes out 99; tests/import_limits.py then sets the limits by the rule.
# (and mech_wide2's wd_chase<WD, SP, ALU>, below).
# Usage: python3 tests/data/h200/mech/wide/gen_manifest.py tests/data/h200/mech/wide/sass_local.txt BASE load > programs.csv
#        python3 tests/data/h200/mech/wide/gen_manifest.py tests/data/h200/mech/wide/sass_local.txt BASE chase > programs_chase.csv
#        python3 tests/data/h200/mech/wide/gen_manifest.py tests/data/h200/mech/wide/sass_local.txt BASE load3 > programs_crowd.csv
#        python3 tests/data/h200/mech/wide/gen_manifest.py tests/data/h200/mech/wide/sass_local.txt BASE load4 > programs_pair.csv
#        python3 tests/data/h200/mech/wide/gen_manifest.py tests/data/h200/mech/wide/sass_local.txt BASE trip > programs_trip.csv
#        python3 tests/data/h200/mech/wide/gen_manifest.py tests/data/h200/mech/wide/sass_local.txt BASE load5 > programs_width.csv
#        python3 tests/data/h200/mech/wide/gen_manifest.py tests/data/h200/mech/wide/sass_local.txt BASE cons > programs_cons.csv
#        python3 tests/data/h200/mech/wide/gen_manifest.py tests/data/h200/mech/wide/sass_local.txt BASE load7 > programs_chains.csv
#        python3 tests/data/h200/mech/wide/gen_manifest.py tests/data/h200/mech/wide/sass_local.txt BASE load8 > programs_regs.csv
# (load: wd_load's rows, timed on the H200, runs.csv here; chase: wd_chase's, timed on an H100,
# tests/data/h100/mech/wide/runs.csv; BASE 655872, as both runs logged)
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../..'))
from span_pcs import loops, span  # tests/span_pcs.py

PATS = [('bcast', lambda l: 0, 'every lane element 0'), ('coal', lambda l: l, 'lane l element l'),
        ('half', lambda l: l % 16, 'lane l element l % 16'), ('quarter', lambda l: l % 8, 'lane l element l % 8'),
        ('w2', lambda l: 2 * l, 'lane l element 2 l')]
path = sys.argv[1]
base = int(sys.argv[2], 0) if len(sys.argv) > 2 else 0
which = sys.argv[3] if len(sys.argv) > 3 else 'load'
if which not in ('load', 'chase', 'load3', 'load4', 'load5', 'load7', 'load8', 'trip', 'cons'):
    sys.exit('gen_manifest.py: expected load, chase, load3, load4, load5, load7, load8, trip or cons, got %s' % which)
GROUP = 'mech_wide'
if which == 'load3':  # mech_wide3: wd_load again, lanes crowding the banks (third call)
    GROUP = 'mech_wide3'
    PATS = [('w4', lambda l: 4 * l, 'lane l element 4 l'), ('w8', lambda l: 8 * l, 'lane l element 8 l'),
            ('k2', lambda l: 8 * (l % 2), 'lane l element 8 (l % 2)'), ('k4', lambda l: 8 * (l % 4), 'lane l element 8 (l % 4)'),
            ('k8', lambda l: 8 * (l % 8), 'lane l element 8 (l % 8)')]
# mech_wide4 (round 41): LDS lanes in pairs on one address, LDG quarter warps on their own lines or the same
G_ONLY = ()
if which == 'load4':
    GROUP = 'mech_wide4'
    PATS = [('p1', lambda l: l >> 1, 'lane l element l >> 1 (l, l ^ 1 alike)'),
            ('p2', lambda l: ((l >> 2) << 1) | (l & 1), 'lane l element (l >> 2) 2 + l % 2 (l, l ^ 2 alike)'),
            ('p3', lambda l: ((l >> 2) << 1) | ((l & 1) ^ ((l >> 1) & 1)), 'lanes l, l ^ 3 alike'),
            ('p4', lambda l: ((l >> 3) << 2) | (l & 3), 'lanes l, l ^ 4 alike'),
            ('q4', lambda l: l >> 2, 'lane l element l >> 2 (quads alike)'),
            ('p1x', lambda l: 16 if l == 31 else l >> 1, 'lanes l, l ^ 1 alike but lane 31'),
            ('mix', lambda l: l >> 1 if l < 16 else 8 + ((((l - 16) >> 2) << 1) | (l & 1)),
             'lanes 0-15 l, l ^ 1 alike, 16-31 l, l ^ 2'),
            ('l16', lambda l: 8 * (l % 16), 'lane l element 8 (l % 16)'),
            ('k4q', lambda l: 8 * (l % 4) + 32 * (l >> 3), 'lane l element 8 (l % 4) + 32 (l >> 3)')]
    G_ONLY = ('p1', 'p2', 'l16', 'k4q')  # the LDG rows
if which == 'load7':  # mech_wide7: 1, 2, 4, 8 chains of 4- and 8-byte global loads, lane l element l
    GROUP = 'mech_wide7'
    PATS = [('coal', lambda l: l, 'lane l element l')]
if which == 'load5':  # mech_wide5: one thread (one lane group) or 32, lane l element l, one chain
    GROUP = 'mech_wide5'
    PATS = [('coal', lambda l: l, 'lane l element l')]
text = open(path).read()
rows = []


def kernel_loops(name, n, what):
    """A kernel's back edges (n of them: what, else exit) and its stamped span (tests/span_pcs.py)."""
    lp = loops(path, name)
    if len(lp) != n:
        sys.exit('gen_manifest.py: %s: %d back edges (expected %s)' % (name, len(lp), what))
    f, t = span(path, name)
    return lp, f, t


def mem(sp, wd, elem):
    """--mem for a kernel's loads: lane l at element elem(l) of WD bytes (LDS; LDG an L1 hit from the table's base)."""
    offs = ':'.join(str(elem(l) * wd) for l in range(32))
    return 'LDS=offsets=%s' % offs if sp else 'LDG=footprint=65536,base=%d,offsets=%s' % (base, offs)


for name in re.findall(r'Function : (\S+)', text) if which not in ('chase', 'trip', 'cons', 'load8') else []:
    m = re.match(r'_Z7wd_loadILi(\d+)ELi(\d)ELi(\d)EE', name)
    if not m:
        continue
    wd, k, sp = int(m.group(1)), int(m.group(2)), int(m.group(3))
    if which == 'load3' and (wd, k) not in ((4, 1), (8, 1), (16, 1), (16, 4)):
        continue
    if which == 'load4' and (wd, k) not in ((8, 1), (16, 1), (16, 4)):
        continue
    if which == 'load5' and k != 1:
        continue
    if which == 'load7' and (sp or wd == 16):
        continue
    if which == 'load' and k not in (1, 4):  # mech_wide7's 2 and 8 chains came later
        continue
    lp, f, t = kernel_loops(name, 2, 'the zeroing loop and the timed one')
    op = 'LDS' if sp else 'LDG'
    for pn, fn, what in PATS:
        if which == 'load4' and not sp and pn not in G_ONLY:
            continue
        opts = '--trips 0x%x={128/W} --trips 0x%x=64 --span 0x%x:0x%x --mem %s' % (lp[0][0], lp[1][0], f, t, mem(sp, wd, fn))
        v = '%s_%s_b%d_k%d' % ('s' if sp else 'g', pn, wd, k)
        note = '%d chains; %d-byte %s, %s' % (k, wd, op, what)
        rows.append((sp, pn, wd, k, '%s.%s,%s,%s,%d,*,*,%s,99,"%s","%s"' % (GROUP, v, GROUP, v, k, name, opts, note)))
        if which == 'load5':  # one thread: the zeroing loop 4096 trips
            opts1 = opts.replace('={128/W}', '=4096', 1)
            rows.append((sp, pn, wd, k - 0.5, '%s.%s_t1,%s,%s_t1,%d,*,*,%s,99,"%s","%s; one thread"' % (GROUP, v, GROUP, v, k, name, opts1, note)))
# mech_wide8's wr_load<WD, K> (round 42): wd_load's global body under 32 registers a thread, one loop (64 trips)
for name in re.findall(r'Function : (\S+)', text) if which == 'load8' else []:
    m = re.match(r'_Z7wr_loadILi(\d+)ELi(\d)EE', name)
    if not m:
        continue
    wd, k = int(m.group(1)), int(m.group(2))
    lp, f, t = kernel_loops(name, 1, 'the timed loop alone')
    opts = '--trips 0x%x=64 --span 0x%x:0x%x --mem %s' % (lp[0][0], f, t, mem(0, wd, lambda l: l))
    v = 'r_coal_b%d_k%d' % (wd, k)
    note = '%d chains; %d-byte LDG, lane l element l; 32 registers a thread' % (k, wd)
    rows.append((0, 'coal', wd, k, 'mech_wide8.%s,mech_wide8,%s,%d,*,*,%s,99,"%s","%s"' % (v, v, k, name, opts, note)))
# mech_wide2's wd_chase<WD, SP, ALU> (second call): one chain a thread, p = *p, 64 trips of 16 loads (the one loop);
# 32 threads or 1 (param blocks=1: `--threads 1 --blocks 1`), every lane's slot at lane x WD of a 512-byte node
# (one node, or a ring of 8 walked a node a step: the same description, L1 hits either way).
for name in re.findall(r'Function : (\S+)', text) if which == 'chase' else []:
    m = re.match(r'_Z8wd_chaseILi(\d+)ELi(\d)ELi(\d)EE', name)
    if not m:
        continue
    wd, sp, alu = int(m.group(1)), int(m.group(2)), int(m.group(3))
    lp, f, t = kernel_loops(name, 1, 'the timed loop alone')
    op = 'LDS' if sp else 'LDG'
    opts = '--trips 0x%x=64 --span 0x%x:0x%x --mem %s' % (lp[0][0], f, t, mem(sp, wd, lambda l: l))
    for nodes in ('self', 'walk'):
        for t1 in ('', '_t1'):
            v = '%s%s_b%d_%s%s' % ('s' if sp else 'g', 'alu' if alu else 'ld', wd, nodes, t1)
            note = '%d-byte %s chase%s; %s; %s' % (wd, op, ', IADD3 of a zero between' if alu else '', 'one node' if nodes == 'self' else 'a ring of 8 nodes', 'one thread' if t1 else '32 threads')
            rows.append((2 + sp, v, wd, alu, 'mech_wide2.%s,mech_wide2,%s,1,*,*,%s,99,"%s","%s"' % (v, v, name, opts, note)))

# mech_trip's tr_load<S, SP, ALU> (round 41): wd_load<4, 1, SP>'s chain, S loads a trip, 1024 / S trips ({iters})
for name in re.findall(r'Function : (\S+)', text) if which == 'trip' else []:
    m = re.match(r'_Z7tr_loadILi(\d+)ELi(\d)ELi(\d)EE', name)
    if not m:
        continue
    st, sp, alu = int(m.group(1)), int(m.group(2)), int(m.group(3))
    lp, f, t = kernel_loops(name, 2, 'the zeroing loop and the timed one')
    op = 'LDS' if sp else 'LDG'
    opts = '--trips 0x%x={128/W} --trips 0x%x={iters} --span 0x%x:0x%x --mem %s' % (lp[0][0], lp[1][0], f, t, mem(sp, 4, lambda l: l))
    v = '%s_s%d_a%d' % ('s' if sp else 'g', st, alu)
    note = '4-byte %s chain, %d loads a trip%s' % (op, st, ', a LOP3 of each word off the chain' if alu else '')
    rows.append((sp, alu, st, 0, 'mech_trip.%s,mech_trip,%s,1,*,*,%s,99,"%s","%s"' % (v, v, name, opts, note)))

# mech_wide6's wc_load<WD, CONS> (round 41): one chain, the loaded word into the pointer by IADD3 + IMAD.X
# (CONS 0) or through an IMAD first (1); 64 trips of 16 loads (the one loop); one thread (_t1) or 32
for name in re.findall(r'Function : (\S+)', text) if which == 'cons' else []:
    m = re.match(r'_Z7wc_loadILi(\d+)ELi(\d)EE', name)
    if not m:
        continue
    wd, cons = int(m.group(1)), int(m.group(2))
    lp, f, t = kernel_loops(name, 1, 'the timed loop alone')
    opts = '--trips 0x%x=64 --span 0x%x:0x%x --mem %s' % (lp[0][0], f, t, mem(0, wd, lambda l: l))
    for t1 in ('', '_t1'):
        v = 'g_b%d_c%d%s' % (wd, cons, t1)
        note = '%d-byte LDG chain, the word into the pointer by IADD3 + IMAD.X%s; %s' % (wd, ' after an IMAD' if cons else '', 'one thread' if t1 else '32 threads')
        rows.append((cons, wd, t1, 0, 'mech_wide6.%s,mech_wide6,%s,1,*,*,%s,99,"%s","%s"' % (v, v, name, opts, note)))

if which == 'load8':
    print('# smsim import validation manifest for mech_wide8 (issue #18 round 42: 2-8 chains of 4- and 8-byte L1 loads '
          'under 32 registers a thread, where ptxas reuses a load\'s address registers; workloads/cuda/import/wide.cu wr_load<WD, K>)')
elif which == 'load7':
    print('# smsim import validation manifest for mech_wide7 (issue #18 round 41: 1-8 chains of 4- and 8-byte L1 loads; '
          'workloads/cuda/import/wide.cu wd_load<WD, K, 0>)')
elif which == 'cons':
    print('# smsim import validation manifest for mech_wide6 (issue #18 round 41: a 4- or 8-byte L1 chain into IADD3 or '
          'IMAD; workloads/cuda/import/wide.cu wc_load<WD, CONS>)')
elif which == 'load5':
    print('# smsim import validation manifest for mech_wide5 (issue #18 round 41: one thread against 32, a load\'s width alone; '
          'workloads/cuda/import/wide.cu wd_load<WD, 1, SP>)')
elif which == 'trip':
    print('# smsim import validation manifest for mech_trip (issue #18 round 41: a loop back edge inside a load chain; '
          'workloads/cuda/import/wide.cu tr_load<S, SP, ALU>)')
elif which == 'load4':
    print('# smsim import validation manifest for mech_wide4 (issue #18 round 41: wd_load with LDS lanes in pairs on one '
          'address, LDG quarter warps on their own lines or the same; workloads/cuda/import/wide.cu wd_load<WD, K, SP>)')
elif which == 'load3':
    print('# smsim import validation manifest for mech_wide3 (issue #18 round 40, third call: wd_load with lanes crowding '
          'the banks; workloads/cuda/import/wide.cu wd_load<WD, K, SP>)')
elif which == 'load':
    print('# smsim import validation manifest for tests/data/h200/mech/wide (mech_wide, issue #18 round 40: a lone '
          "warp's 8- and 16-byte loads against 4-byte ones, the loop the same; workloads/cuda/import/wide.cu wd_load<WD, K, SP>)")
else:
    print('# smsim import validation manifest for mech_wide2 (issue #18 round 40: 8- and 16-byte pointer chases, one '
          'thread or 32; workloads/cuda/import/wide.cu wd_chase<WD, SP, ALU>; runs in tests/data/h100/mech/wide)')
print('# family,group,variant,ilp,param,warps,kernel,max_mape,options,note (tests/import_validate.sh)')
print('family,group,variant,ilp,param,warps,kernel,max_mape,options,note')
if which == 'chase':
    rows.sort(key=lambda r: (-r[0], r[1]))
elif which == 'trip':
    rows.sort(key=lambda r: (r[0], -r[1], r[2]))
elif which == 'cons':
    rows.sort(key=lambda r: (r[0], r[1], r[2]))
else:
    rows.sort(key=lambda r: (-r[0], [p[0] for p in PATS].index(r[1]), r[2], r[3]))
for r in rows:
    print(r[4])
