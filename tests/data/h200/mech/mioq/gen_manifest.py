# Writes tests/data/h200/mech/mioq/programs.csv from the set's SASS listing (round 26): the PCs for
# --span (the harness's stamps), --taken (the trap guard, lane 0's branch) and --mem come from the listing.
# Usage: python3 tests/data/h200/mech/mioq/gen_manifest.py tests/data/h200/mech/mioq/sass.txt > programs.csv
# Every row's max_mape comes out 99; tests/import_limits.py then sets the limits by the rule.
import os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../..'))
from stamp_manifest import kernels, taken  # tests/stamp_manifest.py
txt=open(sys.argv[1]).read()
rows=[]
for name, ins in kernels(txt):
    m=re.match(r'_Z5mio_qILi(\d)E',name)
    if not m: continue
    V=int(m.group(1))
    opts=taken(ins)
    bars=[pc for pc,t in ins if t.startswith('BAR.SYNC')]
    hb=bars[-2]
    frm=[pc for pc,t in ins if pc>hb and re.match(r'@!P\d CS2R R\d+, SR_CLOCKLO',t)][0]
    ex=[pc for pc,t in ins if re.match(r'@P\d EXIT',t)][0]
    to=[pc for pc,t in ins if pc>ex and re.match(r'CS2R R\d+, SR_CLOCKLO',t)][0]
    v=V
    o='--span 0x%x:0x%x %s'%(frm,to,' '.join(opts))
    what=' + '.join(n for b,n in ((1,'S2R %ctaid.x'),(2,'LDC of a register address'),(4,'the rec pointer (LDC) and a store of one word')) if V&b)
    rows.append((v,'mech_mioq.v%d,mech_mioq,v%d,1,blocks=8,*,%s,99,"%s","%s, then a branch on it; 8 blocks an SM of 1 or 32 warps, one resident"'%(v,v,name,o,what)))
print("# smsim import validation manifest for tests/data/h200/mech/mioq (mech_mioq, issue #18 round 26c: S2R, LDC and a store's read, one queue?; workloads/cuda/import/mech.cu mio_q)")
print("# family,group,variant,ilp,param,warps,kernel,max_mape,options,note (tests/import_validate.sh; blocks=B: B blocks an SM in all; --span: the harness's stamps)")
print("family,group,variant,ilp,param,warps,kernel,max_mape,options,note")
for v,r in sorted(rows): print(('# ' + r + '   <- not validated: its store to rec[w].pad, one of 32 words every block of every SM writes, meets the other SMs\' stores in L2 (README)') if v >= 4 else r)
