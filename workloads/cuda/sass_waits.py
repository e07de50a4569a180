#!/usr/bin/env python3
"""sass_waits.py -- the scoreboard waits ptxas gave an emitted kernel's loads.

A SASS wait mask names scoreboards, not registers, and a scoreboard counts
every load posted to it: where ptxas posts loads of several pointer chases to
one scoreboard, a load waiting on it waits for all of them. This reads the
SASS of a kernel written by `smsim emit-cuda` (cuobjdump -sass output, or the
emit_sass.txt of workloads/cuda/run_emit.sh with its "### NAME" sections),
decodes the control bits of the timed loop (the loop between the kernel's two
BAR.SYNC), and prints for each load its round, its chain and the other chains
whose pending loads it waits for. With --annotate PROG it writes PROG's text
with those waits as smsim attributes (wait=all on a trip's first load that
waits for every chain, wait=R2+R4 elsewhere), so smsim simulates the kernel
the compiler built.

Control bits (high 64 bits of each 128-bit instruction, from bit 41): stall 4,
yield 1, write scoreboard 3 (7: none), read scoreboard 3, wait mask 6, reuse 4.

usage: sass_waits.py SASS [--section NAME] [--annotate PROG.prog [--out FILE]]
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sass_loops import loops_of, parse  # noqa: E402

LOAD = re.compile(r'(?:@!?P\d\s+)?(?:LDG|LDS)\S*\s+R(\d+),\s*(?:desc\[\w+\])?\[R(\d+)')


def control(hi):
    c = hi >> 41
    return {'stall': c & 15, 'wbar': (c >> 5) & 7, 'rbar': (c >> 8) & 7, 'wait': (c >> 11) & 63}


def timed_loop(lines):
    """(address, text, high qword) of smsim_kernel's timed loop: the loop
    between the kernel's two BAR.SYNC."""
    f = next((v for k, v in parse(lines).items() if 'smsim_kernel' in k), None)
    if f is None:
        sys.exit('sass_waits: no smsim_kernel in the listing')
    bars = [a for a, t in f['insns'] if 'BAR.SYNC' in t]
    for start, end, body in loops_of(f):
        if bars and bars[0] < start and end < bars[-1]:
            return [(a, t, f['hi'][a]) for a, t in body]
    sys.exit('sass_waits: no timed loop (a backward branch between the two BAR.SYNC) in smsim_kernel')


def waits(loop):
    """Per load in issue order: (chain, set of other chains it waits for)."""
    loads = [(a, LOAD.match(t)) for a, t, _ in loop if LOAD.match(t)]
    chain, producer = {}, {}
    for a, m in loads:  # chain k starts with the first load whose address no earlier load wrote
        d, ad = int(m.group(1)), int(m.group(2))
        chain[a] = chain[producer[ad]] if ad in producer else len(set(chain.values()))
        producer[d] = a
    pend = {s: [] for s in range(6)}
    waited = {}
    for trip in range(3):  # three trips: the last one sees the loop's steady state
        for a, t, hi in loop:
            c = control(hi)
            got = []
            for s in range(6):
                if c['wait'] >> s & 1:
                    got += pend[s]
                    pend[s] = []
            if trip == 2:
                waited[a] = got
            if c['wbar'] != 7:
                pend[c['wbar']].append(a)
    order = [a for a, _ in loads]
    out = []
    for i, a in enumerate(order):
        latest = {}  # each chain's load most recently issued before this one
        for b in order[i + 1:] + order[:i]:
            latest[chain[b]] = b
        others = {chain[b] for b in waited.get(a, []) if b in chain and chain[b] != chain[a] and latest.get(chain[b]) == b}
        # a wait issued just before this load (a copy at the loop top) counts for it too
        out.append((chain[a], others))
    # waits on non-load instructions at the loop top (register copies) belong to the first load
    first_load = loop.index(next(i for i in loop if LOAD.match(i[1])))
    for a, t, hi in loop[:first_load]:
        out[0][1].update(chain[b] for b in waited.get(a, []) if b in chain and chain[b] != out[0][0])
    return out, len(set(chain.values()))


def main(argv):
    if len(argv) < 2 or argv[1].startswith('-'):
        sys.exit(__doc__)
    path, section, prog, dest = argv[1], None, None, None
    i = 2
    while i < len(argv):
        if argv[i] in ('--section', '--annotate', '--out') and i + 1 < len(argv):
            if argv[i] == '--section':
                section = argv[i + 1]
            elif argv[i] == '--annotate':
                prog = argv[i + 1]
            else:
                dest = argv[i + 1]
            i += 2
        else:
            sys.exit('sass_waits: unknown argument %r\n%s' % (argv[i], __doc__))
    lines = open(path).read().split('\n')
    if section:
        try:
            start = lines.index('### ' + section)
        except ValueError:
            sys.exit('sass_waits: %s: no section "### %s"' % (path, section))
        end = next((j for j in range(start + 1, len(lines)) if lines[j].startswith('### ')), len(lines))
        lines = lines[start + 1:end]
    res, k = waits(timed_loop(lines))
    if not prog:
        print('load,round,chain,waits_for_chains')
        for n, (c, o) in enumerate(res):
            print('%d,%d,%d,%s' % (n, n // k, c, '+'.join(str(x) for x in sorted(o))))
        return
    text = open(prog).read().split('\n')
    n, out, regs = 0, [], {}
    for line in text:
        s = line.strip()
        if s.startswith('LDG') or s.startswith('LDS'):
            if n >= len(res):
                sys.exit('sass_waits: %s has more loads in its loop than the kernel\'s timed loop (%d)' % (prog, len(res)))
            c, o = res[n]
            m = re.search(r'\[R(\d+)\]', s)
            regs[c] = int(m.group(1)) if m else c
            if o and len(o) == k - 1 and n < k:
                line += ' wait=all'
            elif o:
                line += ' wait=' + '+'.join('R%d' % regs.get(x, 2 * x) for x in sorted(o))
            n += 1
        out.append(line)
    if n != len(res):
        sys.exit('sass_waits: %s has %d loads, the kernel\'s timed loop %d' % (prog, n, len(res)))
    out.insert(0, '# waits decoded from the SASS of its emitted kernel by workloads/cuda/sass_waits.py')
    open(dest, 'w').write('\n'.join(out)) if dest else sys.stdout.write('\n'.join(out))


if __name__ == '__main__':
    main(sys.argv)
