#!/usr/bin/env python3
"""Compare `smsim occupancy --batch` output with occ_oracle output, row by row.

Usage: compare.py ARCH_NAME CONFIGS.csv SMSIM_OUT.csv ORACLE_OUT.csv

blocks_per_sm must be equal. When the oracle's blocks > 0, smsim's limiter
must be one of the factors the oracle's limitingFactors bitmask flags; when
blocks == 0 the limiter is reported but does not fail the test (the header
flags every limit equal to 0, smsim names the first). Prints one summary
line and up to 10 mismatches; exits 1 on any mismatch.
"""
import csv
import sys

# cuda_occupancy.h: cudaOccLimitingFactor
BITS = {"warps": 0x01, "registers": 0x02, "shared_memory": 0x04, "blocks": 0x08}
NAMES = [("warps", 0x01), ("registers", 0x02), ("shared_memory", 0x04),
         ("blocks", 0x08), ("barriers", 0x10), ("virtual_resources", 0x20)]


def mask_str(m):
    return "|".join(n for n, b in NAMES if m & b) or "none"


def main():
    name, cfg_path, sim_path, ora_path = sys.argv[1:5]
    with open(cfg_path) as f:
        cfgs = list(csv.DictReader(f))
    with open(sim_path) as f:
        sims = list(csv.DictReader(f))
    with open(ora_path) as f:
        oras = list(csv.DictReader(f))
    if not (len(cfgs) == len(sims) == len(oras)):
        print("oracle %s: row counts differ: %d configs, %d smsim rows, %d oracle rows"
              % (name, len(cfgs), len(sims), len(oras)))
        return 1

    n = len(cfgs)
    eq_blocks = eq_lim = zero_rows = zero_lim_eq = errors = 0
    bad = []
    for i, (c, s, o) in enumerate(zip(cfgs, sims, oras)):
        inputs = "threads=%s regs=%s smem=%s carveout=%s" % (
            c["threads"], c["regs"], c["smem"], c["carveout"] or "default")
        ob = o["blocks_per_sm"]
        if ob.startswith("ERROR"):
            errors += 1
            bad.append("  row %d: %s: oracle call failed (%s), smsim blocks=%s limiter=%s"
                       % (i + 2, inputs, ob, s["blocks_per_sm"], s["limiter"]))
            continue
        ob, om = int(ob), int(o["limiting_factors"])
        sb, sl = int(s["blocks_per_sm"]), s["limiter"]
        ok_b = sb == ob
        ok_l = bool(BITS.get(sl, 0) & om)
        eq_blocks += ok_b
        eq_lim += ok_l
        if ob == 0:
            zero_rows += 1
            zero_lim_eq += ok_l
        if not ok_b or (ob > 0 and not ok_l):
            bad.append("  row %d: %s: smsim blocks=%d limiter=%s; oracle blocks=%d limiting=%s"
                       % (i + 2, inputs, sb, sl, ob, mask_str(om)))
    print("oracle %s: %d configs, %d equal blocks, %d equal limiter"
          % (name, n, eq_blocks, eq_lim))
    if zero_rows:
        print("  (%d rows with 0 blocks: limiter agrees on %d; not counted as failures)"
              % (zero_rows, zero_lim_eq))
    if errors:
        print("  %d rows where the oracle call failed" % errors)
    if bad:
        print("  %d mismatching rows; the first %d (row = line of %s; outputs in %s, %s):"
              % (len(bad), min(10, len(bad)), cfg_path, sim_path, ora_path))
        for line in bad[:10]:
            print(line)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
