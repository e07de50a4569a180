#!/usr/bin/env python3
"""gen_programs.py: writes programs.csv and programs_lanes.csv, the import-validation
manifests of mech_l2path/mech_l2lanes/mech_l2stride, from the SASS listings here.

Every kernel is one warp's walk: a warm walk before the start barrier (skipped: its
first branch taken), the measured walk of `iters` steps (its 16-step loop's trips
iters/16, the remainder blocks after it skipped), and in the kernels where lanes
L..31 skip the load (chase_lanes<L>, chase_stride<L, S> with L < 32) one divergent
`@P BRA` around each step's load, taken by (32 - L) / 32 of the lanes. The loads'
sectors come from the row: bytes= (chase_ld: lanes reading `bytes` distinct
contiguous bytes), lanes= and stride= (8-B words lane x stride apart)."""
import gzip
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
INSN = re.compile(r'^\s*/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;')


def kernels(path):
    out, name = {}, None
    if not os.path.exists(path) and os.path.exists(path + '.gz'):  # kept gzip -9
        path += '.gz'
    for line in (gzip.open(path, 'rt') if path.endswith('.gz') else open(path)):
        m = re.match(r'^\s*Function\s*:\s*(\S+)', line)
        if m:
            name = m.group(1)
            out[name] = []
            continue
        m = INSN.match(line)
        if m and name:
            out[name].append((int(m.group(1), 16), m.group(2)))
    return out


def options(insns, lanes):
    """The import options of one walk kernel (lanes: active lanes, 32 = straight)."""
    bra = [(pc, t) for pc, t in insns if re.search(r'\bBRA\b', t)]
    target = lambda t: int(re.search(r'BRA\s+(?:`\()?0x([0-9a-f]+)', t).group(1), 16)
    bar = [pc for pc, t in insns if t.startswith('BAR.SYNC')]
    first = bra[0][0]
    back = [(pc, t) for pc, t in bra if pc > bar[0] and target(t) < pc]
    loop_pc, loop_t = back[0]
    opts = ['--trips 1', '--taken 0x%x=1' % first, '--trips 0x%x={iters/16}' % target(loop_t)]
    for pc, t in bra:
        if loop_pc < pc < bar[1] and re.match(r'@!P\d BRA', t) and target(t) > pc:
            opts.append('--taken 0x%x=1' % pc)
    if lanes < 32:
        frac = (32 - lanes) / 32
        for pc, t in bra:
            if target(loop_t) <= pc < loop_pc and re.match(r'@P\d BRA', t) and target(t) == pc + 0x20:
                opts.append('--taken 0x%x=%g' % (pc, frac))
    return ' '.join(opts)


HEAD = ('# smsim import validation manifest for tests/data/h200/mech/l2path ({what}); '
        'written by gen_programs.py from {sass}\n'
        '# family,group,variant,ilp,param,warps,kernel,max_mape,options,note (tests/import_validate.sh)\n'
        'family,group,variant,ilp,param,warps,kernel,max_mape,options,note\n')


def main():
    ks = kernels(os.path.join(HERE, 'sass.txt'))
    rows = []
    for cg in (0, 1):
        k = '_Z8chase_ldILi%dEEvPPvPKjiiiPyPiP8BlockRec' % cg
        for lv in ('l2', 'l2warm', 'dram'):
            mem = ('--mem 0xb0=pattern=stream --mem LDG=pattern=chase,footprint={footprint},bytes={bytes}' if cg
                   else '--mem LD=pattern=chase,footprint={footprint},bytes={bytes}')
            rows.append('mech_l2path.%s_%s,mech_l2path,%s_%s,1,*,*,%s,{lim},"%s %s","one warp an SM, 2048 steps; '
                        'the warm walk before the start barrier skipped"'
                        % ('cg' if cg else 'ld', lv, 'cg' if cg else 'ld', lv, k, options(ks[k], 32), mem))
    write('programs.csv', 'mech_l2path: an L2 hit through L1 and around it', 'sass.txt', rows)
    ks = kernels(os.path.join(HERE, 'sass_lanes.txt'))
    ks.update(kernels(os.path.join(HERE, 'sass.txt')))
    rows = []
    k = '_Z8chase_ldILi0EEvPPvPKjiiiPyPiP8BlockRec'
    rows.append('mech_l2path.ld_l2_words,mech_l2path,ld_l2,1,*,*,%s,{lim},"%s --mem LD=pattern=chase,'
                'footprint={footprint},bytes={bytes}","32 lanes on bytes/8 words"' % (k, options(ks[k], 32)))
    for L in (1, 8, 16, 32):
        k = '_Z11chase_lanesILi%dEEvPPvPKjiiiPyPiP8BlockRec' % L
        for lv in ('l2', 'dram') if L != 8 else ('l2',):
            rows.append('mech_l2lanes.lanes%d_%s,mech_l2lanes,lanes%d_%s,1,*,*,%s,{lim},"%s --mem LD=pattern=chase,'
                        'footprint={footprint}","lanes 0..%d load distinct 8-B words"' % (L, lv, L, lv, k, options(ks[k], L), L - 1))
    for L, S in ((16, 1), (16, 2), (1, 1), (2, 16), (4, 4), (8, 4), (32, 1)):
        k = '_Z12chase_strideILi%dELi%dEEvPPvPKjiiiPyPiP8BlockRec' % (L, S)
        rows.append('mech_l2lanes.l%ds%d_l2,mech_l2lanes,l%ds%d_l2,1,*,*,%s,{lim},"%s --mem LD=pattern=chase,'
                    'footprint={footprint},stride=%d","lanes 0..%d load word lane x %d"' % (L, S, L, S, k, options(ks[k], L), 8 * S, L - 1, S))
    write('programs_lanes.csv', 'mech_l2lanes, mech_l2stride: which sectors of which lines', 'sass_lanes.txt (chase_ld: sass.txt)', rows)
    # mech_l2lines (round 15): nodes of 4, 8 and 32 lines, and the one-lane walk on 1-132 SMs
    ks = kernels(os.path.join(HERE, '..', 'l2lines', 'sass.txt'))
    rows = []
    for L, S, n in ((32, 2, 512), (4, 16, 512), (32, 4, 1024), (8, 16, 1024), (32, 16, 4096)):
        k = '_Z12chase_strideILi%dELi%dEEvPPvPKjiiiPyPiP8BlockRec' % (L, S)
        v = 'l%ds%d_n%d' % (L, S, n)
        rows.append('mech_l2lines.%s,mech_l2lines,%s,1,*,*,%s,{lim},"%s --mem LD=pattern=chase,'
                    'footprint={footprint},stride=%d","lanes 0..%d load word lane x %d of a %d-B node"'
                    % (v, v, k, options(ks[k], L), 8 * S, L - 1, S, n))
    k = '_Z12chase_strideILi1ELi1EEvPPvPKjiiiPyPiP8BlockRec'
    rows.append('mech_l2grid.l1s1_g132,mech_l2grid,l1s1_g132,1,*,*,%s,{lim},"%s --mem LD=pattern=chase,'
                'footprint={footprint},stride=8","lane 0 alone, one block on each of the 132 SMs (the rows of 1-66 '
                'SMs are not simulated: one SM of a lightly loaded L2, the same step within 3 cycles)"' % (k, options(ks[k], 1)))
    write(os.path.join('..', 'l2lines', 'programs.csv'), 'mech_l2lines: an L2 hit over 4 to 32 lines; mech_l2grid',
          'sass.txt', rows)


def write(name, what, sass, rows):
    # max_mape: family=limit arguments, else the manifest's own (tests/import_limits.py sets
    # them by the rule), else 10
    lim = {}
    path = os.path.join(HERE, name)
    if os.path.exists(path):
        import csv
        for r in csv.reader(l for l in open(path) if not l.startswith('#')):
            if r and r[0] != 'family':
                lim[r[0]] = r[7]
    lim.update(dict(a.split('=') for a in sys.argv[1:]))
    with open(path, 'w') as f:
        f.write(HEAD.format(what=what, sass=sass))
        for r in rows:
            fam = r.split(',', 1)[0]
            f.write(r.replace('{lim}', lim.get(fam, '10')) + '\n')


main()
