#!/usr/bin/env python3
"""Writes the import form of this folder's tight loops (round 35): each emitted kernel as the
H200 ran it, from its own listing, not from its .prog (whose registers are smsim's, not
ptxas's: tl_f4.prog's FFMA R0, R0, R40, R41 compiled to FFMA R10, R8.reuse, R10, R9.reuse).

  sass_imp.txt      sass.txt's sections (### NAME), each kernel renamed NAME
  runs_imp.csv      runs.csv in the import harness's layout (group tloop, variant NAME)
  programs_imp.csv  the manifest (tests/import_validate.sh): the main loop's back edge 4096
                    trips, the table prologue's loop 512 / threads trips, the span from the
                    first clock read to the last (every warp stamps both: the harness takes the
                    SM's first start to its last end)

Run from anywhere: python3 tests/data/h200/tloop/gen_import.py. chase_mix (a chase with
per-warp start offsets) and tl_f4x32 (one warp's loop of 32 FFMA chains) are left out.
"""
import csv
import os
import re

here = os.path.dirname(os.path.abspath(__file__))
skip = {"chase_mix", "tl_f4x32"}
secs, name = {}, None
for line in open(os.path.join(here, "sass.txt")):
    m = re.match(r"^### (\S+)", line)
    if m:
        name = m.group(1)
        secs[name] = []
        continue
    if name:
        secs[name].append(line)
keep = [n for n in secs if n not in skip]


def addr(line):
    return re.search(r"/\*([0-9a-f]{4})\*/", line).group(1)


with open(os.path.join(here, "sass_imp.txt"), "w") as f:
    f.write("# tests/data/h200/tloop/sass.txt's kernels, each renamed for its section (gen_import.py)\n")
    for n in keep:
        for line in secs[n]:
            f.write(line.replace("_Z12smsim_kernelPKyPyPjj", n))
opts = {}
for n in keep:
    code = [l for l in secs[n] if re.search(r"/\*[0-9a-f]{4}\*/", l)]
    back = [l for l in code if re.search(r"@!?P0 BRA", l)][-1]
    pro = [l for l in code if "@!P1 BRA" in l][0]
    clk = [l for l in code if "CS2R" in l and "SR_CLOCKLO" in l]
    opts[n] = "--trips 0x%s={pl} --trips 0x%s=4096 --span 0x%s:0x%s" % (addr(pro), addr(back), addr(clk[0]), addr(clk[-1]))
with open(os.path.join(here, "runs_imp.csv"), "w", newline="") as f:
    f.write("# tests/data/h200/tloop/runs.csv in the import harness's layout (gen_import.py); cycles: per SM first start to last end, median over SMs, median of 5 launches\n")
    w = csv.writer(f, lineterminator="\n")
    w.writerow("group,kernel,variant,ilp,warps_per_sm,blocks_per_sm,threads_per_block,iters,param,cycles".split(","))
    for r in csv.reader(l for l in open(os.path.join(here, "runs.csv")) if not l.startswith("#")):
        if r[0] == "program" or r[0] not in opts:
            continue
        prog, W, b, tpb, meas = r[0], int(r[1]), int(r[2]), int(r[3]), r[4]
        w.writerow(["tloop", prog, prog, 1, W, b, tpb, 4096, "pl=%d" % max(1, 512 // tpb), meas])
with open(os.path.join(here, "programs_imp.csv"), "w", newline="") as f:
    f.write("# smsim import validation manifest for tests/data/h200/tloop (round 35): the emitted tight loops as the H200 ran them, "
            "from their own listings (sass_imp.txt, runs_imp.csv: gen_import.py)\n")
    w = csv.writer(f, lineterminator="\n")
    w.writerow("family,group,variant,ilp,param,warps,kernel,max_mape,options,note".split(","))
    for n in keep:
        w.writerow(["tloop." + n, "tloop", n, 1, "*", "*", n, 100, opts[n], "emitted from %s.prog, ptxas's registers" % n])
