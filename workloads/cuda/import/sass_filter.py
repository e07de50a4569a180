#!/usr/bin/env python3
"""sass_filter.py SASS REGEX OUT: the Function blocks of a cuobjdump -sass listing whose kernel name
matches REGEX (re.search), each up to and with its closing ".........." line, written to OUT in
listing order. For a device call's listing, which holds every kernel of the build: a set commits
only its own (workloads/cuda/import/README.md). Exits 2 when no kernel matches."""
import re
import sys

if len(sys.argv) != 4:
    sys.exit("usage: sass_filter.py SASS REGEX OUT")
keep, out, n = False, [], 0
with open(sys.argv[1]) as f:
    for line in f:
        m = re.search(r"Function : (\S+)", line)
        if m:
            keep = re.search(sys.argv[2], m.group(1)) is not None
            n += keep
        if keep:
            out.append(line)
            if line.strip().startswith(".........."):
                keep = False
                out.append("\n")
if n == 0:
    sys.stderr.write("sass_filter.py: %s: no kernel matches %s\n" % (sys.argv[1], sys.argv[2]))
    sys.exit(2)
with open(sys.argv[3], "w") as f:
    f.writelines(out)
