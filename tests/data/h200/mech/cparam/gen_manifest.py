# Writes tests/data/h200/mech/cparam/programs.csv from the set's SASS listing: cp_one<W>, cp_warm<W>, cp_lines<K, S, W>,
# cp_ulines<K, S, W> (workloads/cuda/import/cparam.cu, group mech_cparam), one row a kernel and launch shape: a kernel
# parameter's constant line read for the first time in the launch after the harness's start stamp. No loops. --span from
# tests/span_pcs.py (the CS2R SR_CLOCKLO after the first and after the last BAR.SYNC). cp_lines and cp_ulines branch on
# their parameter tag before the start barrier (a store that runs only when tag == 0x7fffffff): `--arg 2=1` (tag's place
# in the signature; the host passes 1) lets the importer read that branch. cp_warm's store on n == 0x7fffffff is
# predicated, not branched: `--mem PC=lanes=0` (off in every lane; n is 1). cp_one branches on nothing: its n decides a
# predicate (the FFMA and the LDCs of x and y, on in every lane). The results' STG a DRAM stream (the importer's default).
# Round 50: each chain load of a register address gets the byte it reads (--mem PC=caddr=0x...), for smsim's constant
# lines.
# Exits naming the kernel when a parameter load this set times sits before the start stamp, or a chain has other than K
# loads. Every row's max_mape comes out 99; tests/import_limits.py then sets the limits by the rule after the run.
# Usage: python3 tests/data/h200/mech/cparam/gen_manifest.py tests/data/h200/mech/cparam/sass_local.txt > programs.csv
#        ... --where: where each kernel's constant loads sit (before the start barrier, or after its stamp)
#        ... --runs: a runs.csv of every row the device call writes, cycles 1 (for tests/import_validate.sh VERBOSE=1)
#        ... --predict VAL: predictions.txt from that VERBOSE=1 output VAL (README.md, Predictions)
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../..'))
from span_pcs import MANIFEST_HEADER, RUNS_HEADER, kernels, print_table, span  # tests/span_pcs.py

SMS_G = (1, 2, 8, 33, 66)  # cp_one<1> on G SMs (cparam.cu run_cp_sms); cp_warm<1> on 1


def const_loads(ins):
    """[(pc, opcode with predicate, operand)] of every LDC/ULDC of bank 0."""
    res = []
    for pc, t in ins:
        m = re.match(r'(@!?U?P\d+\s+)?(U?LDC(?:\.\w+)*)\s+[^,]+,\s*c\[0x0\]\[([^\]]+)\]', t)
        if m:
            res.append((pc, (m.group(1) or '') + m.group(2), m.group(3)))
    return res


def where(path, name, ins):
    f, to = span(path, name)
    bar = next(pc for pc, t in ins if t.startswith('BAR.SYNC'))
    # the guard branch before the barrier (cp_lines, cp_ulines: taken, as tag is never 0x7fffffff) skips its block
    skip = [(pc, int(m.group(1), 16)) for pc, t in ins if pc < bar for m in [re.match(r'@!?P\d\s+BRA\s+(0x[0-9a-f]+)', t)] if m]
    pre, post = [], []
    for pc, op, a in const_loads(ins):
        if pc < bar:
            off = any(b < pc < e for b, e in skip)
            pre.append('0x%x %s [%s]%s' % (pc, op, a, ' (skipped: the guard branch)' if off else ''))
        elif pc > f:
            post.append('0x%x %s [%s]%s' % (pc, op, a, ' (after the end stamp)' if pc > to else ''))
        else:
            sys.exit('gen_manifest.py: %s: the constant load at 0x%x lies between the start barrier and its stamp' % (name, pc))
    return bar, f, pre, post


def parse(name):
    m = re.match(r'_Z6cp_oneILi(\d+)EE', name)
    if m:
        return 'one', 0, 0, int(m.group(1))
    m = re.match(r'_Z7cp_warmILi(\d+)EE', name)
    if m:
        return 'warm', 0, 0, int(m.group(1))
    m = re.match(r'_Z(?:8cp_lines|9cp_ulines)ILi(\d+)ELi(\d+)ELi(\d+)EE', name)
    if m:
        return ('ulines' if 'ulines' in name else 'lines'), int(m.group(1)), int(m.group(2)), int(m.group(3))
    return None


path = sys.argv[1]
mode = sys.argv[2] if len(sys.argv) > 2 else ''
ks = kernels(path)
rows, runs, report = [], [], []
ORDER = {'one': 0, 'warm': 1, 'lines': 2, 'ulines': 3}
for name, ins in ks.items():
    p = parse(name)
    if not p:
        continue
    v, K, S, W = p
    bar, f, pre, post = where(path, name, ins)
    _, t = span(path, name)
    report.append(((ORDER[v], K, S, W), '%s: BAR.SYNC 0x%x, stamp (CS2R SR_CLOCKLO) 0x%x; before the barrier: %s; after the stamp: %s'
                   % (name, bar, f, ', '.join(pre), ', '.join(post))))
    loads = const_loads(ins)
    first = [pc for pc, t2 in ins if pc < bar]
    opts = '--span 0x%x:0x%x' % (f, t)
    if v in ('one', 'warm'):
        n_loads = [pc for pc, op, a in loads if a == '0x218']
        if v == 'one' and not all(pc > f for pc in n_loads):
            sys.exit('gen_manifest.py: %s: n (c[0x0][0x218]) loaded before the start stamp' % name)
        if v == 'warm' and not any(pc < bar for pc in n_loads):
            sys.exit('gen_manifest.py: %s: n (c[0x0][0x218]) not loaded before the start barrier' % name)
        if v == 'warm' and any(pc > f for pc in n_loads):
            sys.exit('gen_manifest.py: %s: n (c[0x0][0x218]) loaded again after the stamp' % name)
        guard = [pc for pc, t2 in ins if pc < bar and re.match(r'@!?P\d STG', t2)]
        if v == 'warm' and len(guard) != 1:
            sys.exit('gen_manifest.py: %s: %d predicated stores before the barrier (expected the n == 0x7fffffff store)' % (name, len(guard)))
        opts += ''.join(' --mem 0x%x=lanes=0' % pc for pc in guard)
        what = ('n (c[0x0][0x218]) read first after the stamp (LDC), `if (n > 0) acc = fmaf(acc, x, y)` predicated on it'
                if v == 'one' else
                'cp_one with n read by LDC before the start barrier (a store on n == 0x7fffffff, off in every lane): line 0x200 warm')
        shapes = [('res=1', W, 'one block of %d warps an SM' % W)]
        if W in (1, 16):
            shapes.append(('res=2', 2 * W, 'two blocks of %d warps an SM (blocks=2)' % W))
        if W == 1:
            shapes.append(('*', 1, 'one one-warp block on each of G SMs (param sms=G)'))
        for prm, Wr, sh in shapes:
            fam = '%s_w%d' % (v, W) if prm == 'res=1' else ('%s_r2_w%d' % (v, W) if prm == 'res=2' else '%s_sms' % v)
            rows.append(((ORDER[v], prm == '*', prm == 'res=2', W), 'mech_cparam.%s,mech_cparam,%s,1,%s,%d,%s,99,"%s","%s; %s"'
                         % (fam, v, prm, Wr, name, opts, what, sh)))
        for prm, Wr, bps, tpb in ([('res=1', W, 1, 32 * W)] + ([('res=2;blocks=2', 2 * W, 2, 32 * W)] if W in (1, 16) else [])
                                  + ([('sms=%d' % g, 1, 0, 32) for g in (SMS_G if v == 'one' else (1,))] if W == 1 else [])):
            runs.append(((ORDER[v], W, 0 if prm.startswith('res=1') else (1 if prm.startswith('res=2') else 1 + int(prm.split('=')[1]))), 'mech_cparam,%s,%s,1,%d,%d,%d,1,%s,1,1,1,0,1980,5' % (name, v, Wr, bps, tpb, prm)))
    else:
        if not any(pc < bar and a == '0x218' for pc, op, a in loads):
            sys.exit('gen_manifest.py: %s: tag (c[0x0][0x218]) not read before the start barrier' % name)
        if v == 'lines':
            chain = [pc for pc, op, a in loads if op == 'LDC' and re.match(r'R\d+\+', a)]
        else:
            chain = [pc for pc, op, a in loads if op == 'ULDC' and (re.match(r'UR\d+\+', a) or a == '0x300')]
        if len(chain) != K or not all(pc > f for pc in chain):
            sys.exit('gen_manifest.py: %s: %d chain loads after the stamp (expected %d)' % (name, len(chain), K))
        opts = '--arg 2=1 ' + opts
        # the byte each chain load reads (--mem PC=caddr=, round 50: smsim's constant lines): the k-th in the listing's
        # order reads 0x300 + k S (j stays 0: p is all zeros; its register is 4 (threadIdx.y + 54 + k S / 4) + 0x18 + the
        # immediate, threadIdx.y 0 in a one-dimensional block, which the importer does not know). The first ULDC reads
        # c[0x300] itself and needs none.
        opts += ''.join(' --mem 0x%x=caddr=0x%x' % (pc, 0x300 + k * S) for k, pc in enumerate(sorted(chain))
                        if not (v == 'ulines' and k == 0))
        addrs = ', '.join('0x%x' % (0x300 + k * S) for k in range(K))
        where_ = ('one new %d-byte %s each' % (S, 'line' if S == 64 else 'block')) if S > 4 else 'all in the one line 0x300'
        what = ('%d dependent %s of parameter words at %s (%s), read first after the stamp; line 0x200 (out, tag, rec) read '
                'by LDC before the start barrier' % (K, 'LDCs of a register address' if v == 'lines'
                                                     else 'ULDCs of a uniform register address', addrs, where_))
        rows.append(((ORDER[v], 0, 0, S, K, W), 'mech_cparam.%s_k%d_s%d_w%d,mech_cparam,%s,%d,k=%d;s=%d,%d,%s,99,"%s","%s; one block of %d warps an SM"'
                     % (v, K, S, W, v, K, K, S, W, name, opts, what, W)))
        runs.append(((ORDER[v], S, K, W), 'mech_cparam,%s,%s,%d,%d,1,%d,%d,k=%d;s=%d,1,1,1,0,1980,5' % (name, v, K, W, 32 * W, K, K, S)))

C = 113  # rtloop's extra at one warp (tests/data/h100/rtloop): a prediction aid from a validation set, not a calibration
RT = {1: 113, 4: 182, 16: 146, 32: 121}  # rtloop's extra by W (median measured - predicted, fma/fma2)


def predict(val):
    """predictions.txt from tests/import_validate.sh VERBOSE=1's output on the --runs rows: smsim's cycles, then what
    H1-H3 add (C a cold line): one +C at every shape, warm +0, lines/ulines +K C for S 64 and 256 (a line each), +C for
    S 4 (one line); alt: with 256-byte fills S 64 costs ceil(K / 4) C; rt: one at W (res=1) + rtloop's own extra at W."""
    out, fam = [], None
    for line in open(val):
        m = re.match(r'mech_cparam\.(\w+)\s', line)
        if m:
            fam = m.group(1)
            continue
        m = re.match(r'\s+W=(\d+)\s+(\S+)\s+meas\s+\S+\s+sim\s+(\d+)', line)
        if not m or fam is None:
            continue
        Wr, prm, sim = int(m.group(1)), m.group(2), int(m.group(3))
        v = fam.split('_')[0]
        K = S = 0
        mm = re.match(r'k=(\d+);s=(\d+)', prm)
        if mm:
            K, S = int(mm.group(1)), int(mm.group(2))
        if v == 'one':
            hyp, alt = sim + C, '-'
            rt = str(sim + RT[Wr]) if prm == 'res=1' else '-'
        elif v == 'warm':
            hyp, alt, rt = sim, '-', '-'
        else:
            lines = 1 if S == 4 else K
            hyp = sim + lines * C
            alt = str(sim + (-(-K // 4) if S == 64 else lines) * C)
            rt = '-'
        out.append((('one', 'warm', 'lines', 'ulines').index(v), S, K, Wr, prm, '%s %d %s %d %d %s %s' % (v, Wr, prm, sim, hyp, alt, rt)))
    return [r[-1] for r in sorted(out, key=lambda r: (r[0], r[1], r[2], r[4].startswith('sms') and int(r[4][4:]), r[4], r[3]))]


if mode == '--predict':
    print('# mech_cparam predictions, written before any device run (see README.md, Predictions)')
    print('# smsim: tests/import_validate.sh VERBOSE=1 on the --runs rows (sass_local.txt, programs.csv, arch/sm_90.json)')
    print('# H: H1-H3 with C = %d cycles a cold line (rtloop\'s extra at one warp: a prediction aid, not a calibration): one +C,' % C)
    print('#    warm +0, lines/ulines +K C at S 64 and 256, +C at S 4 (one line)')
    print('# alt: lines/ulines with 256-byte fills (S 64: ceil(K / 4) C); rt: one, res=1, smsim + rtloop\'s extra at that W')
    print('#    (113, 182, 146, 121 at 1, 4, 16, 32 warps)')
    print('# variant W param smsim H alt rt')
    for r in predict(sys.argv[3]):
        print(r)
elif mode == '--where':
    for _, r in sorted(report):
        print(r)
elif mode == '--runs':
    print_table(['# synthetic runs.csv of mech_cparam (every row the device call writes, cycles 1): '
                 'for tests/import_validate.sh VERBOSE=1'], RUNS_HEADER, runs)
else:
    print_table(['# smsim import validation manifest for tests/data/h200/mech/cparam (group mech_cparam: a kernel parameter\'s constant '
                 'line first read after the start stamp; workloads/cuda/import/cparam.cu; SASS: sass_local.txt, a local compile)',
                 '# one row a kernel and launch shape (res=1: one block an SM; res=2: two, blocks=2; sms=G: one block on each of G '
                 'SMs, the same program); no loops; --arg 2=1 reads the tag branch before the start barrier'],
                MANIFEST_HEADER, rows)
