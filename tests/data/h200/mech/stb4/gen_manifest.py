# Writes tests/data/h200/mech/stb4/programs.csv from the set's SASS listing (round 27): the PCs for
# --span (the harness's stamps), --taken (the trap guard, lane 0's branch) and --mem come from the listing.
# Usage: python3 tests/data/h200/mech/stb4/gen_manifest.py tests/data/h200/mech/stb4/sass.txt > programs.csv
# st_burst16<K, W> (16-byte stores, STG.E.128: off, lane0, all) and the same-session reference rows
# st_burst<8, W> off (variants off4_k8, off4_k8b: mech_stb's off_k8, options as there).
# Every row's max_mape comes out 99; tests/import_limits.py then sets the limits by the rule.
import re,sys
txt=open(sys.argv[1]).read()
funcs=re.split(r'Function : ',txt)
rows=[]
notes={0:'every lane off',1:'lane 0 alone',2:'all 32 lanes'}
for f in funcs[1:]:
    name=f.split()[0]
    m=re.match(r'_Z10st_burst16ILi(\d+)ELi(\d+)E',name)
    m4=re.match(r'_Z8st_burstILi(\d+)ELi(\d+)E',name)
    if not (m or m4): continue
    K,W=(int((m or m4).group(1)),int((m or m4).group(2)))
    ins=[(int(a,16),t.strip()) for a,t in re.findall(r'/\*([0-9a-f]{4})\*/\s+([^;]*);',f)]
    bra=[(pc,t) for pc,t in ins if re.match(r'@P\d BRA 0x',t) and int(t.split()[-1],16)<pc]
    assert len(bra)==1, name
    bpc,bt=bra[0]; top=int(bt.split()[-1],16)
    stg=[pc for pc,t in ins if top<=pc<bpc and 'STG' in t]
    assert len(stg)==K,(name,stg)
    assert all(('STG.E.128 ' in t) == bool(m) for pc,t in ins if pc in stg), name
    bars=[pc for pc,t in ins if t.startswith('BAR.SYNC')]
    frm=[pc for pc,t in ins if bars[0]<pc and re.match(r'@!P0 CS2R R\d+, SR_CLOCKLO',t)][0]
    ex=[pc for pc,t in ins if t=='@P0 EXIT'][0]
    to=[pc for pc,t in ins if pc>ex and re.match(r'CS2R R\d+, SR_CLOCKLO',t)][0]
    guard=[pc for pc,t in ins if pc>bpc and re.match(r'@!P\d STG',t)]
    assert len(guard)==1,name
    if m4:  # the reference: mech_stb's off rows, its options
        assert K==8,name
        opts='--trips 0x%x=512 --span 0x%x:0x%x --mem STG=footprint=128K --mem LDG=footprint=1K --mem 0x%x=lanes=0%s'%(
            bpc,frm,to,guard[0],''.join(' --mem 0x%x=lanes=0,footprint=128K'%pc for pc in stg))
        for var in ('off4_k8','off4_k8b'):
            rows.append('mech_stb4.%s_w%d,mech_stb4,%s,1,*,%d,%s,99,"%s","st_burst<8, %d> (4-byte stores) every lane off, the same-session reference (%s the 16-byte rows), %d warps"'%(
                var,W,var,W,name,opts,W,'before' if var=='off4_k8' else 'after',W))
        continue
    for mode,var in ((0,'off'),(1,'lane0'),(2,'all')):
        mem=''.join(' --mem 0x%x=lanes=%d,footprint=512K'%(pc,[0,1][mode]) for pc in stg) if mode<2 else ''
        opts='--trips 0x%x=512 --span 0x%x:0x%x --mem STG=footprint=512K --mem LDG=footprint=1K --mem 0x%x=lanes=0%s'%(bpc,frm,to,guard[0],mem)
        rows.append('mech_stb4.%s_k%d_w%d,mech_stb4,%s_k%d,1,*,%d,%s,99,"%s","one FFMA chain and %d 16-byte stores of it a step (STG.E.128), each its own 4 lines, %s, %d warps"'%(var,K,W,var,K,W,name,opts,K,notes[mode],W))
print('# smsim import validation manifest for tests/data/h200/mech/stb4 (mech_stb4, issue #18 round 27: does a store predicated off in every lane read its registers? workloads/cuda/import/store.cu st_burst16, and st_burst<8, W> off as the reference)')
print('# family,group,variant,ilp,param,warps,kernel,max_mape,options,note (tests/import_validate.sh)')
print('family,group,variant,ilp,param,warps,kernel,max_mape,options,note')
for r in sorted(rows): print(r)
