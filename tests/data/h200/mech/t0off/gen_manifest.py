# Writes tests/data/h200/mech/t0off/programs.csv from the set's SASS listing (round 26): the PCs for
# --span (the harness's stamps), --taken (the trap guard, lane 0's branch) and --mem come from the listing.
# Usage: python3 tests/data/h200/mech/t0off/gen_manifest.py tests/data/h200/mech/t0off/sass.txt > programs.csv
# Every row's max_mape comes out 99; tests/import_limits.py then sets the limits by the rule.
import os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../..'))
from stamp_manifest import kernels, taken  # tests/stamp_manifest.py
txt=open(sys.argv[1]).read()
rows=[]
desc={0:'nothing',1:"thread 0 stores e1 at rec[%ctaid.x] (the others: @!P S2R, LDC, IMAD.WIDE, STG off)",2:'thread 0 stores e1 at rec[base] (no S2R)',3:"imp_begin's record (S2R, LDC, IMAD.WIDE, two STGs off)"}
for name, ins in kernels(txt):
    m=re.match(r'_Z6t0_offILi(\d)ELi(\d)E',name)
    if not m: continue
    V,B=int(m.group(1)),int(m.group(2))
    opts=taken(ins)
    bars=[pc for pc,t in ins if t.startswith('BAR.SYNC')]
    hb=bars[-2]
    frm=[pc for pc,t in ins if pc>hb and re.match(r'@!P\d CS2R R\d+, SR_CLOCKLO',t)][0]
    ex=[pc for pc,t in ins if re.match(r'@P\d EXIT',t)][0]
    to=[pc for pc,t in ins if pc>ex and re.match(r'CS2R R\d+, SR_CLOCKLO',t)][0]
    v=10*B+V
    o='--span 0x%x:0x%x %s'%(frm,to,' '.join(opts))
    rows.append((v,'mech_t0off.v%d,mech_t0off,v%d,1,blocks=8,*,%s,99,"%s","%s%s; lane 0 of each warp stamps entry, S2R returned, after it; 8 blocks an SM of 1, 8 or 32 warps, one resident"'%(v,v,name,o,desc[V],', after a barrier' if B else '')))
print("# smsim import validation manifest for tests/data/h200/mech/t0off (mech_t0off, issue #18 round 26: thread 0's code as the other warps run it off; workloads/cuda/import/mech.cu t0_off)")
print("# family,group,variant,ilp,param,warps,kernel,max_mape,options,note (tests/import_validate.sh; blocks=B: B blocks an SM in all; --span: the harness's stamps)")
print("family,group,variant,ilp,param,warps,kernel,max_mape,options,note")
for v,r in sorted(rows): print(r)
