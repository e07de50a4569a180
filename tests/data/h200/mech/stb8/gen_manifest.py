# Writes tests/data/h200/mech/stb8/programs.csv from the set's SASS listing (round 28): the PCs for
# --span (the harness's stamps), --taken (the trap guard) and --mem come from the listing, as for stb4.
# Usage: python3 tests/data/h200/mech/stb8/gen_manifest.py tests/data/h200/mech/stb8/sass.txt > programs.csv
# st_burst8<K, W> (8-byte stores, STG.E.64: lane0, all).
# Every row's max_mape comes out 99; tests/import_limits.py then sets the limits by the rule.
import re
import sys
txt = open(sys.argv[1]).read()
rows = []
notes = {1: 'lane 0 alone', 2: 'all 32 lanes'}
for f in re.split(r'Function : ', txt)[1:]:
    name = f.split()[0]
    m = re.match(r'_Z9st_burst8ILi(\d+)ELi(\d+)E', name)
    if not m:
        continue
    K, W = int(m.group(1)), int(m.group(2))
    ins = [(int(a, 16), t.strip()) for a, t in re.findall(r'/\*([0-9a-f]{4})\*/\s+([^;]*);', f)]
    bra = [(pc, t) for pc, t in ins if re.match(r'@P\d BRA 0x', t) and int(t.split()[-1], 16) < pc]
    assert len(bra) == 1, name
    bpc, bt = bra[0]
    top = int(bt.split()[-1], 16)
    stg = [pc for pc, t in ins if top <= pc < bpc and 'STG' in t]
    assert len(stg) == K and all('STG.E.64 ' in t for pc, t in ins if pc in stg), (name, stg)
    bars = [pc for pc, t in ins if t.startswith('BAR.SYNC')]
    frm = [pc for pc, t in ins if bars[0] < pc and re.match(r'@!P0 CS2R R\d+, SR_CLOCKLO', t)][0]
    ex = [pc for pc, t in ins if t == '@P0 EXIT'][0]
    to = [pc for pc, t in ins if pc > ex and re.match(r'CS2R R\d+, SR_CLOCKLO', t)][0]
    guard = [pc for pc, t in ins if pc > bpc and re.match(r'@!P\d STG', t)]
    assert len(guard) == 1, name
    for mode, var in ((1, 'lane0'), (2, 'all')):
        mem = ''.join(' --mem 0x%x=lanes=1,footprint=256K' % pc for pc in stg) if mode == 1 else ''
        opts = '--trips 0x%x=512 --span 0x%x:0x%x --mem STG=footprint=256K --mem LDG=footprint=1K --mem 0x%x=lanes=0%s' % (
            bpc, frm, to, guard[0], mem)
        rows.append('mech_stb8.%s_k%d_w%d,mech_stb8,%s_k%d,1,*,%d,%s,99,"%s","one FFMA chain and %d 8-byte stores of it a step (STG.E.64), each its own 2 lines, %s, %d warps"' % (
            var, K, W, var, K, W, name, opts, K, notes[mode], W))
print('# smsim import validation manifest for tests/data/h200/mech/stb8 (mech_stb8, issue #18 round 28: a store\'s cost by its width, predicted from mech_stb4; workloads/cuda/import/store.cu st_burst8)')
print('# family,group,variant,ilp,param,warps,kernel,max_mape,options,note (tests/import_validate.sh)')
print('family,group,variant,ilp,param,warps,kernel,max_mape,options,note')
for r in sorted(rows):
    print(r)
