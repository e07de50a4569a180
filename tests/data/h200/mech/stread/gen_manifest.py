# Writes tests/data/h200/mech/stread/programs.csv from the set's SASS listing (round 26): the PCs for
# --span (the harness's stamps), --taken (the trap guard, lane 0's branch) and --mem come from the listing.
# Usage: python3 tests/data/h200/mech/stread/gen_manifest.py tests/data/h200/mech/stread/sass.txt > programs.csv
# Every row's max_mape comes out 99; tests/import_limits.py then sets the limits by the rule.
import os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../..'))
from stamp_manifest import kernels, taken  # tests/stamp_manifest.py
txt=open(sys.argv[1]).read()
rows=[]
for name, ins in kernels(txt):
    m=re.match(r'_Z7st_readILi(\d)ELi(\d+)E',name)
    if not m: continue
    K,L=int(m.group(1)),int(m.group(2))
    opts=taken(ins)
    bars=[pc for pc,t in ins if t.startswith('BAR.SYNC')]
    hb=bars[-2]
    frm=[pc for pc,t in ins if pc>hb and re.match(r'@!P\d CS2R R\d+, SR_CLOCKLO',t)][0]
    ex=[pc for pc,t in ins if re.match(r'@P\d EXIT',t)][0]
    to=[pc for pc,t in ins if pc>ex and re.match(r'CS2R R\d+, SR_CLOCKLO',t)][0]
    v=K if L==1 else 320+K
    if L==32:
        b0=[pc for pc,t in ins if t.startswith('BAR.SYNC')][0]
        for pc,t in ins:
            if pc<b0 and re.match(r'STG',t): opts.append('--mem 0x%x=lanes=1'%pc)
    o='--span 0x%x:0x%x %s'%(frm,to,' '.join(opts))
    rows.append((v,'mech_stread.k%d,mech_stread,k%d,1,blocks=8,*,%s,99,"%s","%s stores %d words (its stamp slots), then reads the clock into a stored register; 8 blocks an SM of 1, 8 or 32 warps, one resident"'%(v,v,name,o,'lane 0' if L==1 else 'every lane (one word)',K)))
print("# smsim import validation manifest for tests/data/h200/mech/stread (mech_stread, issue #18 round 26b: when a block's stores' registers are read; workloads/cuda/import/mech.cu st_read)")
print("# family,group,variant,ilp,param,warps,kernel,max_mape,options,note (tests/import_validate.sh; blocks=B: B blocks an SM in all; --span: the harness's stamps)")
print("family,group,variant,ilp,param,warps,kernel,max_mape,options,note")
for v,r in sorted(rows): print(r)
