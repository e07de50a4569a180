#!/usr/bin/env python3
"""Resets the max_mape column of an import-validation manifest by the usual rule.

Usage (from the repository root), for a manifest M with its RUNS and SASS:
  SUGGEST=1 MANIFEST=M RUNS=R SASS=S sh tests/import_validate.sh > full.txt
  QUICK=1 SUGGEST=1 MANIFEST=M RUNS=R SASS=S sh tests/import_validate.sh > quick.txt
  python3 tests/import_limits.py M full.txt quick.txt

tests/import_validate.sh with SUGGEST=1 prints "family limit" lines, limit = int(MAPE) + 1; a
family's new limit is the larger of the full run's (make test) and the QUICK run's (make check,
the sanitized build: W 1, 8, 32, 64 only). Only that column of the rows whose limit changes is
rewritten; the changes are printed.
"""
import csv
import sys


def suggestions(path):
    lim = {}
    for line in open(path):
        f = line.split()
        if len(f) == 2 and "." in f[0] and f[1].isdigit():
            lim[f[0]] = int(f[1])
    return lim


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: python3 tests/import_limits.py MANIFEST FULL.txt QUICK.txt")
    man, full, quick = sys.argv[1:4]
    lim = suggestions(full)
    for k, v in suggestions(quick).items():
        lim[k] = max(lim.get(k, 0), v)
    out, changed = [], []
    for line in open(man):
        if line.startswith("#") or line.startswith("family,") or not line.strip():
            out.append(line)
            continue
        row = next(csv.reader([line]))
        fam = row[0]
        if fam in lim and str(lim[fam]) != row[7]:
            changed.append("%s: %s -> %d" % (fam, row[7], lim[fam]))
            parts = line.split(",", 8)  # the fields before options are never quoted
            parts[7] = str(lim[fam])
            line = ",".join(parts)
        out.append(line)
    open(man, "w").write("".join(out))
    print("\n".join(changed) if changed else "no change")


if __name__ == "__main__":
    main()
