# Writes tests/data/h100/softmax/programs.csv from the set's SASS listing: softmax_t<W>
# (workloads/cuda/import/course3.cu), two rows a kernel (the launch with the L2 flushed, `dram`, and with the
# input read into the L2 first, `l2`). One loop, the rows loop, whose count is the kernel's parameter `rows`
# (SM_ROWS = 8: --arg 3=8, the importer reads it); the element loops are unrolled by ptxas (2048 / 32 W loads,
# exps and stores a thread a row). Memory: the row's LDG and STG are streams, one coalesced word a lane (the
# importer's default: DRAM, the L2 flushed before each launch); `l2` gives the loads `footprint=8M` (the 8.6 MB
# of rows in the L2). The shared words (STS by lane 0, LDS.128 broadcasts) and the SHFL.BFLY chains are read
# from the listing. --span from tests/span_pcs.py. Every row's max_mape comes out 99; tests/import_limits.py
# then sets the limits by the rule.
# Usage: python3 tests/data/h100/softmax/gen_manifest.py tests/data/h100/softmax/sass_local.txt > programs.csv
#        python3 tests/data/h100/softmax/gen_manifest.py tests/data/h100/softmax/sass_st_local.txt st > programs_st.csv
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../..'))
from span_pcs import loops, span  # tests/span_pcs.py

ROWS = 8  # SM_ROWS in course3.cu (the kernel's rows parameter)

path = sys.argv[1]
st = len(sys.argv) > 2 and sys.argv[2] == 'st'  # softmax_st<W> (programs_st.csv): the stamped kernels
listing = open(path).read()
rows = []
for name in re.findall(r'Function : (\S+)', listing):
    m = re.match(r'_Z10softmax_stILi(\d+)E' if st else r'_Z9softmax_tILi(\d+)E', name)
    if not m:
        continue
    W = int(m.group(1))
    if len(loops(path, name)) != 1:
        sys.exit('gen_manifest.py: %s: %d back edges (expected the rows loop alone)' % (name, len(loops(path, name))))
    text = listing.split('Function : ' + name)[1].split('Function : ')[0]
    k = 2048 // (32 * W)
    ldg = len(re.findall(r'\bLDG\.E ', text))
    if ldg != k:
        sys.exit('gen_manifest.py: %s: %d LDG (expected %d, a thread\'s elements)' % (name, ldg, k))
    f, t = span(path, name)
    base = '--arg 3=%d --span 0x%x:0x%x' % (ROWS, f, t)
    for var, mem in (('dram', ''), ('l2', ' --mem LDG=footprint=8M')):
        g = 'softmax_st' if st else 'softmax'
        rows.append((var, W, '%s.%s_w%d,%s,%s,1,*,%d,%s,99,"%s%s","%d rows of 2048 floats a block, %d elements a thread, %d warps a block%s"' % (
            g, var, W, g, var, W, name, base, mem, ROWS, k, W, '; every warp\'s clock at five points a row' if st else '')))
print('# smsim import validation manifest for tests/data/h100/softmax (group %s: %s<W>, a row softmax of 2048 floats, '
      '8 rows a block, workloads/cuda/import/course3.cu; SASS: %s, a local compile); gen_manifest.py writes it'
      % (('softmax_st', 'softmax_st', 'sass_st_local.txt') if st else ('softmax', 'softmax_t', 'sass_local.txt')))
print('# two rows a kernel: dram (the L2 flushed before each launch) and l2 (the input read into the L2 first: LDG footprint=8M)')
print('family,group,variant,ilp,param,warps,kernel,max_mape,options,note')
for _, _, r in sorted(rows, key=lambda x: (x[0], x[1])):
    print(r)
