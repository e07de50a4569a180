#!/usr/bin/env python3
"""walk_replay.py: replay mech_hash's tab_walk<ILP> walks on the host (the same table, hash and
starting indices as workloads/cuda/import/mech.cu) and count, for every warp load of a 32-warp
launch, its distinct lines and the L1 wavefronts: the data array's most distinct words in one of 32
banks, or the tag stage's, whichever is more; the tag stage by round 19's rule (4 lines a cycle)
and by round 20's (one line of each of 4 tag banks a cycle, the bank a hash of the address:
arch/sm_90.json l1_tag_hash; the table lay 655872 B past a 2 MB boundary, rerun5.txt). Prints the
means by ILP, and the same for 32 uniform random words of the 4 KB table (smsim's pattern=gather).
The H200 (mech/hash/runs.csv, 32 warps): 5.7, 3.5, 4.2 cycles a load at ILP 1, 2, 4.
Round 22: also the mean distinct words (table elements) a warp load reads, rounded: the lanes=N that
mech/hash/programs.csv gives each tab_walk load (N random elements, lane i reading lane i % N's), and
what that description gives by the tag-bank rule (uniform draws of N distinct elements)."""
import random

M = 2**32
TAB = [((j * 2654435761) % M) >> 7 for j in range(1024)]
MASKS = (29186688, 23784704)
BASE = 655872


def bank(addr):
    return sum((bin(addr & m).count("1") & 1) << j for j, m in enumerate(MASKS))


def waves(idx):
    lines = set((BASE + 4 * x) // 128 for x in idx)
    per = {}
    for line in lines:
        per[bank(line * 128)] = per.get(bank(line * 128), 0) + 1
    banks = {}
    for x in set(idx):
        banks[x % 32] = banks.get(x % 32, 0) + 1
    data = max(banks.values())
    return max((len(lines) + 3) // 4, data), max(max(per.values()), data), len(lines)


for ilp in (1, 2, 4):
    n, t4, th, tl, cnt, dw = 1024 // ilp, 0, 0, 0, 0, 0
    for w in range(32):
        cur = [[((w * 32 + l) * 7 + 131 * k) & 1023 for l in range(32)] for k in range(ilp)]
        for _ in range(n):
            for _ in range(4):
                for k in range(ilp):
                    idx = [(((x * 2654435761) % M) >> 22) ^ k for x in cur[k]]
                    a, b, lines = waves(idx)
                    t4, th, tl, cnt, dw = t4 + a, th + b, tl + lines, cnt + 1, dw + len(set(idx))
                    cur[k] = [TAB[j] for j in idx]
    print(f"ILP {ilp}: mean lines {tl / cnt:.1f}, wavefronts: 4 lines a cycle {t4 / cnt:.2f}, tag banks {th / cnt:.2f}, "
          f"distinct words {dw / cnt:.2f}")
    nd = round(dw / cnt)
    rn = random.Random(ilp)
    sample = []
    for _ in range(4000):
        el = [rn.randrange(1024) for _ in range(nd)]
        sample.append(waves([el[i % nd] for i in range(32)]))
    print(f"  lanes={nd} (uniform draws): mean lines {sum(d[2] for d in sample) / 4000:.1f}, "
          f"tag banks {sum(d[1] for d in sample) / 4000:.2f}")
rng = random.Random(1)
draws = [waves([rng.randrange(1024) for _ in range(32)]) for _ in range(4000)]
print(f"uniform words: mean lines {sum(d[2] for d in draws) / 4000:.1f}, wavefronts: 4 lines a cycle "
      f"{sum(d[0] for d in draws) / 4000:.2f}, tag banks {sum(d[1] for d in draws) / 4000:.2f}")
