#!/usr/bin/env python3
"""stamp_manifest.py: what the stamp sets' manifest generators share (tests/data/h200/mech/*/gen_manifest.py).

kernels(text): a cuobjdump-style listing's kernels, as (name, [(pc, instruction text)]).
span(ins): the harness's --span, (c0, c1): thread 0's clock after the start barrier (the first
@!P CS2R of SR_CLOCKLO) and after the end barrier (the CS2R of SR_CLOCKLO after the last BAR that a
CS2R of SR_GLOBALTIMERLO follows), whatever barriers and clocks the kernel has of its own.
taken(ins): the --taken options of the harness's idioms: a trap guard every lane takes (@P BRA over a
BPT.TRAP) as 1, lane 0's branch (@P BRA on LOP3 P, R, 0x1f: 31 of 32 lanes take it) as 0.96875.
"""
import re


def kernels(text):
    out = []
    for f in re.split(r'Function : ', text)[1:]:
        ins = [(int(a, 16), t.strip()) for a, t in re.findall(r'/\*([0-9a-f]{4})\*/\s+([^;]*);', f)]
        out.append((f.split()[0], ins))
    return out


def taken(ins):
    opts = []
    for i, (pc, t) in enumerate(ins):
        if re.match(r'@P\d BRA', t) and i + 1 < len(ins) and ins[i + 1][1].startswith('BPT.TRAP'):
            opts.append('--taken 0x%x=1' % pc)
        mm = re.match(r'@(P\d) BRA', t)
        if mm and not ins[i + 1][1].startswith('BPT.TRAP'):
            setter = [x for _, x in ins[:i] if re.match(r'(LOP3\.LUT|ISETP\S*) ' + mm.group(1) + ',', x)]
            if setter and 'LOP3' in setter[-1] and '0x1f' in setter[-1]:
                opts.append('--taken 0x%x=0.96875' % pc)
    return opts


def span(ins):
    bars = [pc for pc, t in ins if t.startswith('BAR.SYNC')]
    c0 = [pc for pc, t in ins if re.match(r'@!P\d CS2R R\d+, SR_CLOCKLO', t)][0]
    c1 = [ins[i][0] for i in range(len(ins) - 1) if ins[i][0] > bars[-1] and re.match(r'CS2R R\d+, SR_CLOCKLO', ins[i][1])
          and 'SR_GLOBALTIMERLO' in ins[i + 1][1]][0]
    return c0, c1
