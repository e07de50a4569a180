#!/usr/bin/env python3
"""walk_replay.py: replay mech_hash's tab_walk<ILP> walks on the host (the same table, hash and
starting indices as workloads/cuda/import/mech.cu) and count, for every warp load of a 32-warp
launch, its distinct lines and the L1 wavefronts round 19's rule gives (the tag stage's 4 lines a
cycle or the data array's most distinct words in one of 32 banks, whichever is more). Prints the
means by ILP: the walks converge, so a load touches fewer lines than 32 uniform random words of
the 4 KB table would (20.4)."""
M = 2**32
TAB = [((j * 2654435761) % M) >> 7 for j in range(1024)]


def waves(idx):
    lines = len(set(x // 32 for x in idx))
    banks = {}
    for x in set(idx):
        banks[x % 32] = banks.get(x % 32, 0) + 1
    return max((lines + 3) // 4, max(banks.values())), lines


for ilp in (1, 2, 4):
    n, tot, tl, cnt = 1024 // ilp, 0, 0, 0
    for w in range(32):
        cur = [[((w * 32 + l) * 7 + 131 * k) & 1023 for l in range(32)] for k in range(ilp)]
        for _ in range(n):
            for _ in range(4):
                for k in range(ilp):
                    idx = [(((x * 2654435761) % M) >> 22) ^ k for x in cur[k]]
                    f, lines = waves(idx)
                    tot, tl, cnt = tot + f, tl + lines, cnt + 1
                    cur[k] = [TAB[j] for j in idx]
    print(f"ILP {ilp}: mean lines {tl / cnt:.1f}, mean wavefronts {tot / cnt:.2f}")
