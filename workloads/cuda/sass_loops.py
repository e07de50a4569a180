#!/usr/bin/env python3
"""sass_loops.py -- summarize the loops of each kernel in a SASS listing.

Reads `cuobjdump --dump-sass` output (or `nvdisasm -c` output) and prints, for every
function whose name matches --match (default: ub_ and cal_ kernels), each loop (a
backward branch) with its length and an opcode histogram. Flags register copies (MOV,
IMAD.MOV) inside the timed loops of the chase kernels, which would add latency to the
measured dependency chains.

usage: sass_loops.py sass.txt [--match REGEX]
"""
import re
import sys
from collections import Counter, OrderedDict

FUNC_RE = re.compile(r'^\s*Function\s*:\s*(\S+)')            # cuobjdump
TEXT_RE = re.compile(r'^\.text\.(\S+?):\s*$')                # nvdisasm
LABEL_RE = re.compile(r'^(\.L_x_\d+):')
HIGH_RE = re.compile(r'^\s*/\* (0x[0-9a-f]{16}) \*/\s*$')       # cuobjdump: an encoding's high 64 bits
INSN_RE = re.compile(r'^\s*/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;')
PRED_RE = re.compile(r'^@!?U?P[0-9T]\s+')
HEX_TARGET_RE = re.compile(r'\b0x([0-9a-f]+)\b')
LABEL_TARGET_RE = re.compile(r'`\((\.L_x_\d+)\)')


def parse(lines):
    """Functions by name: 'insns' [(address, text)], 'labels', and 'hi': each
    instruction's high 64 encoding bits (cuobjdump prints them on the next line;
    they hold the scheduling control bits)."""
    funcs = OrderedDict()
    cur = None
    pending_labels = []
    last = None
    for line in lines:
        m = FUNC_RE.match(line) or TEXT_RE.match(line)
        if m:
            cur = {'insns': [], 'labels': {}, 'hi': {}}
            funcs[m.group(1)] = cur
            pending_labels = []
            last = None
            continue
        if cur is None:
            continue
        m = LABEL_RE.match(line)
        if m:
            pending_labels.append(m.group(1))
            continue
        m = INSN_RE.match(line)
        if m:
            addr = int(m.group(1), 16)
            text = m.group(2)
            for lab in pending_labels:
                cur['labels'][lab] = addr
            pending_labels = []
            cur['insns'].append((addr, text))
            last = addr
            continue
        m = HIGH_RE.match(line)
        if m and last is not None:
            cur['hi'][last] = int(m.group(1), 16)
        last = None
    return funcs


def opcode(text):
    t = PRED_RE.sub('', text.strip())
    return t.split()[0] if t else ''


def loops_of(f):
    out = []
    for addr, text in f['insns']:
        op = opcode(text)
        if not op.startswith('BRA'):
            continue
        target = None
        m = LABEL_TARGET_RE.search(text)
        if m and m.group(1) in f['labels']:
            target = f['labels'][m.group(1)]
        else:
            m = HEX_TARGET_RE.search(text.split('BRA', 1)[1])
            if m:
                target = int(m.group(1), 16)
        if target is not None and target < addr:
            body = [(a, t) for a, t in f['insns'] if target <= a <= addr]
            out.append((target, addr, body))
    return out


def main():
    args = sys.argv[1:]
    if not args:
        print(__doc__)
        return 2
    pat = re.compile(r'ub_|cal_')
    if '--match' in args:
        i = args.index('--match')
        pat = re.compile(args[i + 1])
        del args[i:i + 2]
    with open(args[0], errors='replace') as fh:
        funcs = parse(fh)
    warnings = 0
    for name, f in funcs.items():
        if not pat.search(name):
            continue
        for start, end, body in loops_of(f):
            hist = Counter(opcode(t) for _, t in body)
            desc = ' '.join('%s=%d' % kv for kv in sorted(hist.items()))
            print('%s loop 0x%04x-0x%04x (%d insns): %s' % (name, start, end, len(body), desc))
            if 'chase' in name and len(body) > 8:
                copies = sum(n for op, n in hist.items() if op.startswith('MOV') or 'MOV' in op)
                if copies:
                    warnings += 1
                    print('WARNING: %s: %d register copies inside the chase loop' % (name, copies))
    print('sass_loops: %d function(s) scanned, %d warning(s)' % (len(funcs), warnings))
    return 0


if __name__ == '__main__':
    sys.exit(main())
