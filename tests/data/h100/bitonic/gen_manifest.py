# Writes tests/data/h100/bitonic/programs.csv from the set's SASS listing: bitonic_t<W>
# (workloads/cuda/import/course2.cu), one row a kernel. Three loops, nested: the repeat loop (BT_REPS = 8
# trips), the k loop (k = 2 .. 2048: 11 trips) and the j loop (j = k / 2 .. 1: log2 k trips, 1 to 11, 66
# over a sort: 1 + t trips at the k loop's trip t, LOOP 1 grow=1; round 47 gave it as `--trips PC=1,grow=1`;
# before, 6 a k trip, 11 x 6 = 66, the same instructions in other trips of k). Since round 48 the importer
# reads the k and j loops' counts from the listing (the counted-loop idiom: k from 2 times 2 while not GE
# 2049; j from k, shifted right by 1 through a copy, while GT 3): only the repeat loop, whose count is the
# kernel's parameter, takes a --trips rule. ptxas unrolls the compare-exchanges of a step (1024 / 32 W of
# them) fully. --span from tests/span_pcs.py.
# Memory: the keys' LDG and the final STG are DRAM streams (the importer's default: 8 KB a block, the L2
# flushed before each launch); the copy into shared memory (STS) and back (LDS) are a coalesced word a lane
# (the default). The j loop's LDS and STS are the pair (i, i + j), i = 2 p - (p & (j - 1)), p the lane's
# consecutive pair index: for j = 1 .. 16 a warp's 32 lanes cover 64 words, two a bank (2 wavefronts; j = 1
# is lane l at word 2 l: `stride=8`), for j = 32 .. 1024 32 consecutive words (1 wavefront). The importer
# takes one description an instruction and the pattern changes with j: 45 of a sort's 66 steps are the
# 2-way ones, so the manifest gives every j-loop LDS and STS `stride=8` (MEM=free: none, the other bound;
# predictions.txt gives both and the 45/66 mix). At W 1 the j loop has 128 LDS/STS: the importer took 64 --mem
# rules an option when the predictions were written (there `--mem LDS=stride=8 --mem STS=stride=8`, the copies
# into and out of shared memory 2-way too: 0-1 cycle), 256 since round 46: one rule each, as at every W.
# Every row's max_mape comes out 99; tests/import_limits.py then sets the limits by the rule.
# Usage: python3 tests/data/h100/bitonic/gen_manifest.py tests/data/h100/bitonic/sass_local.txt > programs.csv
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../..'))
from span_pcs import loops, span  # tests/span_pcs.py

REPS = 8          # BT_REPS in course2.cu (the kernel's reps parameter)

path = sys.argv[1]
free = os.environ.get('MEM') == 'free'
listing = open(path).read()
rows = []
for name in re.findall(r'Function : (\S+)', listing):
    m = re.match(r'_Z9bitonic_tILi(\d+)E', name)
    if not m:
        continue
    W = int(m.group(1))
    lp = loops(path, name)  # innermost first: (back edge, head)
    if len(lp) != 3:
        sys.exit('gen_manifest.py: %s: %d back edges (expected the j, k and repeat loops)' % (name, len(lp)))
    (je, jh), (ke, kh), (re_, rh) = lp
    if not (rh < kh < jh and je < ke < re_):
        sys.exit('gen_manifest.py: %s: loops not nested j in k in repeat: %s' % (name, lp))
    text = listing.split('Function : ' + name)[1].split('Function : ')[0]
    code = [(int(a, 16), t.strip()) for a, t in re.findall(r'/\*([0-9a-f]{4})\*/\s+([^;]*);', text)]
    mem = [pc for pc, t in code if jh <= pc <= je and re.match(r'(LDS|STS)\b', t)]
    ce = 1024 // (32 * W)  # compare-exchanges a thread a step
    if len(mem) != 4 * ce:
        sys.exit('gen_manifest.py: %s: %d LDS/STS in the j loop (expected 4 a compare-exchange, %d)' % (name, len(mem), 4 * ce))
    f, t = span(path, name)
    opts = '--trips 0x%x=%d --span 0x%x:0x%x' % (re_, REPS, f, t)
    if not free:
        opts += ''.join(' --mem 0x%x=stride=8' % pc for pc in mem)
    rows.append((W, 'bitonic.w%d,bitonic,n2048,1,*,%d,%s,99,"%s","2048 keys a block, %d compare-exchanges a thread a step, %d warps a block"' % (
        W, W, name, opts, ce, W)))
print('# smsim import validation manifest for tests/data/h100/bitonic (group bitonic: bitonic_t<W>, a shared-memory bitonic sort of '
      '2048 keys a block, 8 repeats, workloads/cuda/import/course2.cu; SASS: sass_local.txt, a local compile)')
print('# one row a kernel (W a template parameter); loops: repeat 8, k 11, j 1 + t at k\'s trip t (66 steps a sort); the j loop\'s LDS/STS '
      '2-way bank conflicts (stride=8: the steps j < 32, 45 of 66)' + (' -- MEM=free: no --mem, every step conflict-free' if free else ''))
print('family,group,variant,ilp,param,warps,kernel,max_mape,options,note')
for _, r in sorted(rows):
    print(r)
