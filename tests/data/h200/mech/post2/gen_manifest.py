# Writes tests/data/h200/mech/post2/programs.csv from the set's SASS listing (round 27c): mech_post2's
# post2_r<P, N> at 8 and 32 warps. The PCs for
# --span (thread 0's c0 and c1 stamps) and --taken (the trap guards, lane 0's branch) come from the
# listing. Every row's max_mape comes out 99; tests/import_limits.py then sets the limits by the rule.
# Usage: python3 tests/data/h200/mech/post2/gen_manifest.py tests/data/h200/mech/post2/sass.txt > programs.csv
import re
import sys

txt = open(sys.argv[1]).read()
rows = []
for f in re.split(r'Function : ', txt)[1:]:
    name = f.split()[0]
    m = re.match(r'_Z7post2_rILi(\d+)ELi(\d+)E', name)
    if not m:
        continue
    M, N = int(m.group(1)), int(m.group(2))
    ins = [(int(a, 16), t.strip()) for a, t in re.findall(r'/\*([0-9a-f]{4})\*/\s+([^;]*);', f)]
    opts = []
    for i, (pc, t) in enumerate(ins):
        if re.match(r'@P\d BRA', t) and i + 1 < len(ins) and ins[i + 1][1].startswith('BPT.TRAP'):
            opts.append('--taken 0x%x=1' % pc)
        mm = re.match(r'@(P\d) BRA', t)
        if mm and not ins[i + 1][1].startswith('BPT.TRAP'):
            setter = [x for _, x in ins[:i] if re.match(r'(LOP3\.LUT|ISETP\S*) ' + mm.group(1) + ',', x)]
            if setter and 'LOP3' in setter[-1] and '0x1f' in setter[-1]:
                opts.append('--taken 0x%x=0.96875' % pc)
    bars = [pc for pc, t in ins if t.startswith('BAR.SYNC')]
    c0 = [pc for pc, t in ins if re.match(r'@!P\d CS2R R\d+, SR_CLOCKLO', t)][0]
    c1 = [ins[i][0] for i in range(len(ins) - 1) if ins[i][0] > bars[-1] and re.match(r'CS2R R\d+, SR_CLOCKLO', ins[i][1])
          and 'SR_GLOBALTIMERLO' in ins[i + 1][1]][0]
    o = '--span 0x%x:0x%x %s' % (c0, c1, ' '.join(opts))
    n = 100 * M + N  # M: P, the IMADs before the barrier
    bar = [pc for pc, t in ins if t.startswith('BAR.SYNC')][0]
    what = '%d IMADs before the barrier (the BAR at 0x%x), %d independent VIADDs after it (and the LOP3s folding them)' % (M, bar, N)
    rows.append((n, 'mech_post2.p%d,mech_post2,p%d,1,res=1,*,%s,99,"%s","%s, then the branch its release holds; 8 blocks an SM of 8 or 32 warps, one resident"' % (n, n, name, o, what)))
print("# smsim import validation manifest for tests/data/h200/mech/post2 (mech_post2, issue #18 round 27c: what a warp issues past a barrier before its release, by count or by fetch line; workloads/cuda/import/mech.cu post2_r)")
print("# family,group,variant,ilp,param,warps,kernel,max_mape,options,note (tests/import_validate.sh; blocks=B: B blocks an SM in all; --span: the harness's stamps)")
print("family,group,variant,ilp,param,warps,kernel,max_mape,options,note")
for _, r in sorted(rows):
    print(r)
