#!/usr/bin/env python3
"""span_pcs.py SASS KERNEL: the harness's clock stamps of a kernel, as FROM:TO for --span.

The import harness (workloads/cuda/import/imp.h) stamps thread 0's clock after the start
barrier (imp_begin) and after the end barrier (imp_end); a row's cycles are, per SM, the latest
end less the earliest start. In the SASS: FROM is the first CS2R of SR_CLOCKLO after the
kernel's first BAR.SYNC, TO the first after its last. Prints FROM:TO (hex), or exits 2 naming
what is missing.
"""
import re
import sys

# The columns of a synthetic runs.csv and of a manifest, for the sets' gen_manifest.py scripts.
RUNS_HEADER = ('group,kernel,variant,ilp,warps_per_sm,blocks_per_sm,threads_per_block,iters,param,cycles,cycles_min,'
               'cycles_max,event_ms,sm_clock_mhz,reps')
MANIFEST_HEADER = 'family,group,variant,ilp,param,warps,kernel,max_mape,options,note'


def print_table(comments, header, keyed_rows):
    """Prints the comment lines, the header, then the rows of (sort key, line) in key order."""
    for c in comments:
        print(c)
    print(header)
    for _, r in sorted(keyed_rows):
        print(r)


def span(path, kernel):
    cur, code = None, []
    with open(path) as f:
        for line in f:
            m = re.search(r"Function : (\S+)", line)
            if m:
                if cur == kernel:
                    break
                cur, code = m.group(1), []
                continue
            m = re.search(r"/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;", line)
            if m and cur == kernel:
                code.append((int(m.group(1), 16), m.group(2)))
    if cur != kernel or not code:
        sys.exit(f"span_pcs.py: {path}: no kernel {kernel}")
    bars = [i for i, (_, t) in enumerate(code) if t.startswith("BAR.SYNC")]
    if not bars:
        sys.exit(f"span_pcs.py: {path}: kernel {kernel} has no BAR.SYNC (expected the harness's start and end barriers)")

    def clock_after(i):
        for pc, t in code[i + 1:]:
            if re.search(r"\bCS2R\b.*SR_CLOCKLO", t):
                return pc
        sys.exit(f"span_pcs.py: {path}: kernel {kernel}: no CS2R SR_CLOCKLO after the BAR at 0x{code[i][0]:x}")

    return clock_after(bars[0]), clock_after(bars[-1])


def kernels(path):
    """Every kernel of a listing as {name: [(pc, text)]}, instructions in listing order (the text
    without its ';' and encoding): what the mechanism sets' gen_manifest.py read."""
    out, cur = {}, None
    for line in open(path):
        m = re.search(r"Function : (\S+)", line)
        if m:
            cur = m.group(1)
            out[cur] = []
            continue
        m = re.search(r"/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;", line)
        if m and cur:
            out[cur].append((int(m.group(1), 16), m.group(2)))
    return out



def indexed_ldcs(ins, f, t, bar):
    """The LDCs of a register address (LDC R, c[0x0][R+OFF]) in a kernel's instructions (kernels()): those after the
    start stamp (f < pc < t, span()), those before the start barrier (pc < bar), and each one's OFF by pc (the cparam.cu
    sets give each the byte it reads with --mem PC=caddr=)."""
    off = {}
    for pc, x in ins:
        m = re.search(r'\bLDC\s+R\d+,\s*c\[0x0\]\[R\d+\+(0x[0-9a-f]+)\]', x)
        if m:
            off[pc] = int(m.group(1), 16)
    return [pc for pc in off if f < pc < t], [pc for pc in off if pc < bar], off


def guard_store(ins, bar, name):
    """The pc of the one predicated STG before the start barrier (a store that never runs, written so that ptxas reads a
    constant line before the barrier: --mem PC=lanes=0); exits naming the kernel when there is not exactly one."""
    guard = [pc for pc, x in ins if pc < bar and re.match(r'@!?P\d STG', x)]
    if len(guard) != 1:
        sys.exit('gen_manifest.py: %s: %d predicated stores before the barrier (expected 1)' % (name, len(guard)))
    return guard[0]

def back_edges(path, kernel):
    """The PCs of kernel's backward branches (its loops' back edges, for --trips), in listing order, up
    to its first unguarded EXIT (the out-of-line code after it is not the importer's)."""
    return [edge for edge, _ in loops(path, kernel)]


def loops(path, kernel):
    """kernel's loops as (back edge, head) PC pairs, the back edges as back_edges gives them."""
    cur, out, done = None, [], False
    with open(path) as f:
        for line in f:
            m = re.search(r"Function : (\S+)", line)
            if m:
                cur, done = m.group(1), False
                continue
            if cur == kernel and re.search(r"/\*[0-9a-f]{4,}\*/\s+EXIT\b", line):
                done = True
            if done:
                continue
            m = re.search(r"/\*([0-9a-f]{4,})\*/\s+(@!?P\d\s+)?BRA\s+(0x[0-9a-f]+)", line)
            if m and cur == kernel and int(m.group(3), 16) < int(m.group(1), 16):
                out.append((int(m.group(1), 16), int(m.group(3), 16)))
    return out


def one_loop(path, text, kernel):
    """kernel's one loop as (back edge, head, body): body is kernel's part of `text` (path's contents);
    exits naming the kernel when it has more or fewer back edges (the mechanism sets' gen_manifest.py)."""
    lp = loops(path, kernel)
    if len(lp) != 1:
        sys.exit("gen_manifest.py: %s: %d back edges (expected the loop alone)" % (kernel, len(lp)))
    return lp[0][0], lp[0][1], text.split("Function : " + kernel)[1].split("Function : ")[0]


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: span_pcs.py SASS KERNEL")
    a, b = span(sys.argv[1], sys.argv[2])
    print(f"0x{a:x}:0x{b:x}")
