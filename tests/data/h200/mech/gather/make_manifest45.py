#!/usr/bin/env python3
"""make_manifest45.py: writes programs4.csv and programs5.csv (mech_gather4's and mech_gather5's
rows: l1_gather<4, 4> at 32 warps, lanes at word l of line L[l % K], the access attribute lines=)
and prints the r8 rows of mech_gather3 for programs3.csv (the same LCG as the group). Run from the
repository root: python3 tests/data/h200/mech/gather/make_manifest45.py"""
import csv
import os

HERE = os.path.dirname(os.path.abspath(__file__))
K4 = "_Z9l1_gatherILi4ELi4EEvPfPKjPKiiP8BlockRec"
K1 = "_Z9l1_gatherILi4ELi1EEvPfPKjPKiiP8BlockRec"
OPT = {4: "--trips 0x1d0={iters} --span 0x110:0x5a0", 1: "--trips 0x1d0={iters} --span 0xe0:0x310"}
HEAD = "family,group,variant,ilp,param,warps,kernel,max_mape,options,note"


def rows(runs):
    with open(os.path.join(HERE, runs)) as f:
        return [r for r in csv.DictReader(l for l in f if not l.startswith("#"))]


def lines_of(param):
    return dict(kv.split("=") for kv in param.split(";"))["lines"]


def write(name, group, runs, base_of, what):
    out = [f"# smsim import validation manifest for tests/data/h200/mech/gather ({group}, issue #18 round 20: {what}; SASS: sass3.txt, the same l1_gather<4, 4>)",
           "# family,group,variant,ilp,param,warps,kernel,max_mape,options,note (tests/import_validate.sh; written by make_manifest45.py; lines=: lane l at word l of line L[l % K]; base=: where the table lay past 2 MB)",
           HEAD]
    old = {}
    path = os.path.join(HERE, name)
    if os.path.exists(path):  # keep the limits already set by the rule
        with open(path) as f:
            for r in csv.DictReader(l for l in f if not l.startswith("#")):
                old[r["family"]] = r["max_mape"]
    for r in rows(runs):
        v = r["variant"]
        fam = f"{group}.{v}"
        opts = f'{OPT[4]} --mem LDG=lines={lines_of(r["param"])},footprint=65536,base={base_of(v)}'
        out.append(f'{fam},{group},{v},4,{r["param"]},32,{K4},{old.get(fam, "100")},"{opts}","lines {lines_of(r["param"])}"')
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


write("programs4.csv", "mech_gather4", "runs4.csv", lambda v: 655872,
      "three of lines 0-3 and a fourth x, 32 warps; the table 655872 B past 2 MB")
write("programs5.csv", "mech_gather5", "runs5.csv", lambda v: 512 if v.startswith("a512_") else 0,
      "lines 0-3 and 2^k, sums, line sets at a 2 MB boundary (a0_, b) and 512 B past it (a512_)")
x = 12345
for r in range(12):
    span, L = (32 if r < 6 else 256), []
    while len(L) < 8:
        x = (x * 1664525 + 1013904223) & 0xFFFFFFFF
        v = (x >> 8) % span
        if v not in L:
            L.append(v)
    ls = ":".join(map(str, L))
    for ilp in (1, 4):
        k = K1 if ilp == 1 else K4
        print(f'mech_gather3.r8_{r}_ilp{ilp},mech_gather,r8_{r},{ilp},*,*,{k},100,"{OPT[ilp]} --mem LDG=lines={ls},footprint=65536,base=655872","8 random lines of {span * 128 // 1024} KB ({ls}), lane l at word l; ILP {ilp}"')
